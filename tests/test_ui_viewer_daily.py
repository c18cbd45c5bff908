"""Issue 38 (second round), the viewer and the daily deals: the auction box shows the whole
auction and never covers North's cards (the viewer and the daily review's panes); the
trick's marks cover no other card's index, the trick's cards are as large as the room
allows, and with "My cards only" no mark names a hidden card; a daily deal's table, pause
menu, main menu, summary and buttons; the Arabic daily header."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.session import daily
from tarneeb_desktop.session.record_steps import positions
from tarneeb_desktop.ui.layout import TOP
from tests.test_ui_helpers import FRAME, make_app
from tests.text_spy import TextSpy, Traced

pytestmark = pytest.mark.usefixtures("ui_home")
DATA = Path(__file__).parent / "data"
CODE = "2026-12-01/standard"


def _viewer(doc: dict, size=(1280, 720)):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    app = make_app(size=size)
    scene = ViewerScene(app, positions(doc), title="test", inline=True)
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene


def _texts(draw) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts ``draw(surface)`` puts on a traced window-sized surface."""
    with TextSpy():
        surface = Traced((1920, 1080))
        draw(surface)
    return [i.label for i in surface.items if i.kind == "text"]


def _review(size=(1280, 720), deal: int = 7):  # type: ignore[no-untyped-def]
    """The daily review of deal ``deal`` (its auction has five calls), both plays the
    computer's (a person's play of the same cards records the same way)."""
    from tarneeb_desktop.ui.screens.daily.review import open_review

    app = make_app(size=size, speed="instant")
    res = daily.play_computer(CODE, deal, "medium")
    review = open_review(app, CODE, deal, res, res, back=lambda: None)
    app.step(FRAME, [])
    return app, review


# ---------------------------------------------------------------------- item 7
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_viewers_auction_box_shows_every_call(size) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.game.labels import call_label

    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = _viewer(doc, size)
    end = next(p for p in scene.steps.positions if p.play == 0)  # the auction is over
    scene.go(end.index)
    calls = [c for _, c in end.calls]
    assert len(calls) >= 6  # more calls than the old box kept
    lay = scene_layout(app)
    drawn = _texts(lambda s: scene._draw_auction(s, lay, end))
    cells = [t for t in drawn if t in {call_label(c) for c in calls}]
    assert sorted(cells) == sorted(call_label(c) for c in calls)  # the opening call too
    box = scene._draw_auction(pygame.Surface(app.size), lay, end)
    north = scene.hand_rects(lay, TOP, 13, scene.card_h(lay))
    assert box is not None and not any(box.colliderect(r) for r in north)


def scene_layout(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.layout import Layout

    return Layout(*app.size)


def test_a_longer_auction_than_the_room_keeps_its_opening_round() -> None:
    from tarneeb_desktop.ui.screens.viewer.auction import shown_rows

    rows: list[list[str | None]] = [["7", "8", "9", "10"]] * 6
    assert shown_rows(rows, 6) == [0, 1, 2, 3, 4, 5]
    assert shown_rows(rows, 4) == [0, None, 4, 5]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_daily_reviews_auction_box_keeps_the_opening_call_off_norths_cards(lang) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.game.labels import call_label
    from tarneeb_desktop.ui.screens.daily.review import PaneLayout

    app, review = _review()
    if lang == "ar":
        app.settings.language = "ar"
        app.apply_settings()
    try:
        assert review.side_by_side()
        end = next(p for p in review.steps.positions if p.play == 0)
        review.go(end.index)
        calls = [call_label(c) for _, c in end.calls]
        assert len(calls) == 5
        rects = review.pane_rects(scene_layout(app))
        for pane, r in zip(review.panes, rects, strict=True):
            lay = PaneLayout(r.w, r.h, scene_layout(app).unit)
            pos = pane.position
            drawn = _texts(lambda s, p=pane, lay=lay, pos=pos: p._draw_auction(s, lay, pos))
            assert sorted(t for t in drawn if t in calls) == sorted(calls)
            box = pane._draw_auction(pygame.Surface(r.size), lay, pos)
            north = pane.hand_rects(lay, TOP, 13, pane.card_h(lay))
            assert box is not None and not any(box.colliderect(c) for c in north)
            assert box.left >= 0 and box.right <= r.w
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- item 8
def _wide_mark(seat: int):  # type: ignore[no-untyped-def]
    """The widest mark a card can have: a costly ten-card with a better card."""
    from types import SimpleNamespace

    return SimpleNamespace(seat=seat, cost=1, tricks=13, best=13, best_cards=("TD",))


def _check_cross(scene, lay, pos) -> None:  # type: ignore[no-untyped-def]
    """Every mark, the widest there is, clear of the other cards' indices; the trick's
    cards inside their room and about as tall as the hands' cards (they were 0.82)."""
    from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT
    from tarneeb_desktop.ui.screens.viewer.trick import index_rects, placed

    ch = scene.card_h(lay)
    cr = scene.trick_cross(lay, ch, pos)
    for side, card in cr.rects.items():
        assert card.h >= 0.9 * ch, (side, card.h, ch)  # readable: about a hand card
        assert cr.area.contains(card)
        for hidden in (False, True):
            _, box, _ = placed(cr, side, _wide_mark(side), hidden)
            for other, r in cr.rects.items():
                if other != side:
                    assert not any(box.colliderect(i) for i in index_rects(r)), (side, other)
    # the hands' rows and the trick never meet
    for side in (TOP, BOTTOM, LEFT, RIGHT):
        row = scene.hand_rects(lay, side, 13, ch)
        assert not any(c.colliderect(r) for c in cr.rects.values() for r in row)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_viewers_trick_is_large_and_its_marks_cover_no_index(size, lang) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui import i18n

    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = _viewer(doc, size)
    i18n.set_language(lang)
    pos = next(p for p in scene.steps.positions if p.trick and len(p.trick[1]) == 4)
    scene.go(pos.index)
    _check_cross(scene, scene_layout(app), pos)


def test_the_daily_reviews_trick_is_large_and_its_marks_cover_no_index() -> None:
    from tarneeb_desktop.ui.screens.daily.review import PaneLayout

    app, review = _review()
    pos = next(p for p in review.steps.positions if p.trick and len(p.trick[1]) == 4)
    review.go(pos.index)
    for pane, r in zip(review.panes, review.pane_rects(scene_layout(app)), strict=True):
        _check_cross(pane, PaneLayout(r.w, r.h, scene_layout(app).unit), pane.position)


def test_with_my_cards_only_no_mark_names_a_hidden_card() -> None:
    from tarneeb_desktop.ai import dds
    from tarneeb_desktop.ui.game.labels import card_label

    if not dds.available():
        pytest.skip("no DDS library")
    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = _viewer(doc)
    while scene.jobs:  # the analysis (inline)
        app.step(FRAME, [])
    # a trick whose cards were costly: their marks name the better cards
    pos = next(
        p
        for p in scene.steps.positions
        if p.trick
        and len(p.trick[1]) == 4
        and any(scene.marks(q).cost for q in scene.steps.positions[p.index - 3 : p.index + 1])
    )
    scene.go(pos.index)
    plays = [scene.marks(q) for q in scene.steps.positions[pos.index - 3 : pos.index + 1]]
    others = {card_label(m.best_cards[0]) for m in plays if m.cost and m.seat != scene.me}
    assert others
    lay = scene_layout(app)

    def shown() -> str:
        drawn = _texts(lambda s: scene.draw(s))
        return " ".join(drawn)

    assert any(c in shown() for c in others)  # all cards face up: the marks name them
    scene.activate("mine")
    texts = shown()
    assert not any(c in texts for c in others)
    assert lay.w == app.size[0]
    scene.activate("hands")  # the list of costly cards does not name them either
    costly = [m for a in scene.analysis.values() for m in a.plays if m.cost]
    hidden = {card_label(m.best_cards[0]) for m in costly if m.seat != scene.me}
    mine = {card_label(m.best_cards[0]) for m in costly if m.seat == scene.me}
    texts = shown()
    assert "would take" in texts
    assert not any(f"{c} would take" in texts for c in hidden - mine)
    scene.activate("mine")
    assert any(f"{c} would take" in shown() for c in hidden)


# ---------------------------------------------------------------------- item 12
def _daily(size=(1280, 720)):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene

    app = make_app(size=size, speed="instant")
    scene = DailyScene(app, CODE, "medium")
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene


def _to_table(app, scene):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene

    scene.activate("play")
    table = app.scene
    assert isinstance(table, DailyTableScene)
    return table


def test_a_daily_deals_score_panel_says_which_deal_of_the_set() -> None:
    from tarneeb_desktop.ui.layout import Layout

    app, scene = _daily()
    for who in ("person", "computer"):  # deal 1 played: the table is deal 2's
        scene.store.put(CODE, 0, who, daily.PlayResult("7", 0, 7, (7, 0)), "medium")
    table = _to_table(app, scene)
    assert table.index == 1
    app.step(FRAME, [])
    lay = Layout(*app.size)
    drawn = _texts(lambda s: (table.score._render(s, lay, table.score.rect(lay)),
                              table.score.draw_contract(s, lay)))  # fmt: skip
    assert "Deal 2 of 8" in drawn
    assert not any(t.startswith("to ") or t.startswith("Hand ") for t in drawn)
    assert "Score" not in drawn
    table.dset.stop()


def test_main_menu_leaves_a_daily_deal_for_the_menu_whose_continue_goes_on() -> None:
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app, scene = _daily()
    table = _to_table(app, scene)
    for _ in range(20000):  # a few cards, the person declaring (the highest call)
        if len(table.table.state.plays) >= 5:
            break
        if table.my_turn():
            table.act(table.me, table.pv.legal[-1])
        app.step(FRAME, [])
    played = list(table.table.state.plays)
    table.overlay_action("menu")  # the pause menu's "Main menu"
    menu = app.scene
    assert isinstance(menu, MenuScene)  # the main menu, not the daily screen
    app.step(FRAME, [])
    assert menu.buttons()[0].action == "continue"
    assert menu.resumes is not None and "Deal 1 of 8" in menu.resumes
    menu.activate("continue")
    resumed = app.scene
    assert isinstance(resumed, DailyTableScene) and resumed.index == 0
    assert list(resumed.table.state.plays)[: len(played)] == played
    assert "Deal 1 of 8" == resumed.score.heading()
    resumed.overlay_action("menu")
    app.step(FRAME, [])
    assert isinstance(app.scene, MenuScene)
    assert not isinstance(app.scene, DailyScene)


def test_an_older_daily_deal_does_not_take_continue_from_a_newer_game(ui_home) -> None:  # type: ignore[no-untyped-def]
    import os

    from tarneeb_desktop.table.savegame import savegame_path
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app, scene = _daily()
    table = _to_table(app, scene)
    for _ in range(20000):
        if len(table.table.state.plays) >= 2:
            break
        if table.my_turn():
            table.act(table.me, table.pv.legal[-1])
        app.step(FRAME, [])
    table.overlay_action("menu")
    save = scene.dset.deal_save()
    os.utime(save, (1_000_000, 1_000_000))  # long ago
    game = TableScene.new_game(app, app.rules, humans=None)
    app.switch(game)
    app.step(FRAME, [])
    game.autosave()
    assert savegame_path().exists()
    app.show_menu()
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.can_continue and not menu.daily_first


def test_the_daily_deals_summary_offers_review_and_comes_back() -> None:
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    app, scene = _daily()
    table = _to_table(app, scene)
    for _ in range(40000):
        if table.overlay is not None and table.overlay.kind == "summary":
            break
        if table.my_turn():  # the highest call: the hand is played out, a summary follows
            table.act(table.me, table.pv.legal[-1])
        app.step(FRAME, [])
    assert table.overlay is not None and table.overlay.kind == "summary"
    assert "review" in [b.action for b in table.overlay_buttons()]
    table.overlay_action("review")
    viewer = app.scene
    assert isinstance(viewer, ViewerScene)
    assert viewer.position.hand == 0 and viewer.position.kind == "deal"
    viewer.activate("back")
    assert app.scene is table and table.overlay is not None and table.overlay.kind == "summary"
    table.overlay_action("close")  # the result is worked out: the daily screen compares
    for _ in range(2000):
        if app.scene is scene:
            break
        app.step(FRAME, [])
    assert app.scene is scene and scene.compared == 0
    scene.dset.stop()


def test_go_on_with_a_deal_leaves_the_other_buttons_words_their_size() -> None:
    app, scene = _daily((800, 600))

    def sizes() -> dict[str, int | None]:
        scene.rebuild()
        return {b.action: b.text_size for b in scene.buttons() if b.action != "play"}

    plain = sizes()
    assert scene.buttons()[0].label.startswith("Play deal")
    scene.dset.saved_deal = lambda: True  # type: ignore[method-assign]
    going = sizes()
    assert scene.buttons()[0].label == "Go on with deal 1"
    assert going == plain


# ---------------------------------------------------------------------- item 6
def test_the_arabic_daily_header_keeps_the_rules_name_whole() -> None:
    from tarneeb_desktop.ui import i18n, text
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tarneeb_desktop.ui.screens.settings.rows import preset_label
    from tarneeb_desktop.ui.text_runs import display

    app = make_app()
    app.settings.language = "ar"
    app.apply_settings()
    scene = DailyScene(app, "2026-12-01/syrian41", "medium")
    label = preset_label(daily.code_rules(scene.code))
    assert any(c.isdigit() for c in label) and i18n.is_rtl()
    shown = display(scene.header())
    assert text.shape(label) in shown  # the number beside its word
    assert scene.code in shown  # the code whole, left to right
    # in reading order (from the right): the code, then the rules, then the level
    assert shown.index(text.shape(label)) < shown.index(scene.code)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_daily_review_is_mirrored_as_a_whole_in_arabic(lang) -> None:  # type: ignore[no-untyped-def]
    """Side by side, the person's play on the reading side (the right in Arabic), the two
    panes each other's mirror; one play at a time, the results and the button that switches
    the plays at the end side, the button under the results' end; North's row away from
    the auction's box, on the other side of it in Arabic."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.daily.review import PaneLayout

    def review_in(size):  # type: ignore[no-untyped-def]
        app, review = _review(size)
        app.settings.language = lang
        app.apply_settings()
        review.rebuild()  # the buttons made again in the language
        return app, review

    rtl = lang == "ar"
    try:
        app, review = review_in((1280, 720))
        lay = scene_layout(app)
        assert review.side_by_side()
        yours, computers = review.pane_rects(lay)
        assert (yours.x > computers.x) == rtl
        assert yours.x == lay.w - computers.right and yours.w == computers.w
        app, review = review_in((800, 600))
        lay = scene_layout(app)
        assert not review.side_by_side()
        panel = review.panel_rect(lay)
        switch = next(b.rect for b in review.buttons() if b.action == "switch")
        assert (panel.centerx < lay.w // 2) == rtl
        assert switch.top >= panel.bottom
        assert (switch.x == panel.x) if rtl else (switch.right == panel.right)
        end = next(p for p in review.steps.positions if p.play == 0)
        review.go(end.index)
        box = review._draw_auction(None, PaneLayout(lay.w, lay.h, lay.unit), review.position)
        north = review.hand_rects(lay, TOP, 13, review.card_h(lay))
        assert box is not None
        assert (north[-1].right <= box.x) if rtl else (north[0].x >= box.right)
    finally:
        i18n.set_language("en")
