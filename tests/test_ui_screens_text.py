"""Issue 23 ("what a new player met"): the main menu's one text size (defect 8), the settings
rows' gap between the words and the value and the seats' whole phrases (defect 6), and the
41 / 400 score sheet's chart (defect 10)."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tests.test_ui_helpers import FRAME, make_app
from tests.text_spy import TextSpy, Traced

pytestmark = pytest.mark.usefixtures("ui_home")

LANGS = ["en", "ar", "fr", "de", "ru", "uk", "hi"]
SIZES = [(800, 600), (1280, 720), (1920, 1080)]


def _in(lang: str, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    app.settings.language = lang
    app.apply_settings()
    return app


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_keeps_one_text_size_at_body_size_with_or_without_continue(
    ui_home, lang: str, size: tuple[int, int]
) -> None:
    """Defect 8: the menu's text shrank once Continue appeared, and Arabic's was about 13 px
    at 1280x720 (the body size is 20 there)."""
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app = _in(lang, size)
    body = Layout(*size).text
    found = {}
    for saved, kept in ((False, False), (True, False), (True, True)):
        if saved:
            write_record(ui_home / "savegame.json", GameState.new(make_rules(), seed=3), None)
        scene = MenuScene(app)
        app.switch(scene)
        app.step(FRAME, [])
        scene.file_notice = None  # the settings' notice aside: the menu's own buttons
        scene.lan_kept = kept  # a LAN seat to rejoin: one more item (when the menu has it)
        scene.rebuild()
        buttons = scene.buttons()
        assert (buttons[0].action == "continue") == saved
        sizes = {b.text_size for b in buttons}
        assert len(sizes) == 1, sizes
        found[saved, kept] = sizes.pop()
        window = pygame.Rect((0, 0), size)
        for i, a in enumerate(buttons):
            assert window.contains(a.rect), a.action
            assert not any(a.rect.colliderect(b.rect) for b in buttons[i + 1 :]), a.action
    assert len(set(found.values())) == 1 and min(found.values()) >= body, (found, body)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_a_settings_row_keeps_a_gap_between_its_words_and_its_value(
    lang: str, size: tuple[int, int]
) -> None:
    """Defect 6: a settings description touched its value (Russian). Every text of a row but
    the value's own ends at least half a margin before the value's box, on either side."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

    found: list[str] = []
    with TextSpy():
        app = _in(lang, size)
        scene = SettingsScene(app)
        app.switch(scene)
        scene.laid()
        gap = scene._style.margin // 2
        scene.scroller.scroll_to(0)
        while True:
            surface = Traced(app.surface.get_size())
            scene.draw(surface)
            texts = [i for i in surface.items if i.kind == "text" and i.rect.w > 0]
            for n, row in enumerate(scene.rows):
                if row.kind == "heading":
                    continue
                r, vr = scene.screen_rect(n), scene.value_rect(n)
                if not scene._view.contains(r):
                    continue
                for t in texts:
                    if not r.collidepoint(t.rect.center) or vr.collidepoint(t.rect.center):
                        continue
                    if t.rect.bottom <= vr.top:
                        continue  # a narrow row: its words over its control
                    room = t.rect.inflate(2 * gap, 0)
                    if room.colliderect(vr):
                        found.append(f"{row.key}: {t.label!r} {t.rect} within {gap} of {vr}")
                    before = t.rect.left >= vr.right if i18n.is_rtl() else t.rect.right <= vr.x
                    if not before:
                        found.append(f"{row.key}: {t.label!r} is past the value {vr}")
            if scene.scroller.offset >= scene.max_scroll:
                break
            scene.scroll_by(scene._view.h // 2)
    i18n.set_language("en")
    assert not found, "\n".join(sorted(set(found)))


def test_each_seat_has_its_whole_phrase_in_french() -> None:
    """Defect 6: "Niveau de Est", "Nom de Ouest": the seat was put in a phrase; each seat now
    has its own, so French can say "de l'Est", "du Nord"."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

    app = _in("fr", (1280, 720))
    try:
        scene = SettingsScene(app)
        app.switch(scene)
        labels = {r.key: r.label for r in scene.rows}
        assert labels["level1"] == "Niveau de l'Est" and labels["level3"] == "Niveau de l'Ouest"
        assert labels["name3"] == "Nom de l'Ouest" and labels["name2"] == "Nom du Nord"
        assert labels["seat1"] == "Qui joue à l'Est"
        assert not any(" de Est" in v or " de Ouest" in v for v in labels.values())
    finally:
        i18n.set_language("en")
    # and every language has every seat's phrases (none falls back to English)
    keys = ["Level of East", "Name of South", "North is played by", "Name of West"]
    for code in ("ar", "fr", "de", "ru", "uk", "hi"):
        cat = i18n._load(code)
        assert all(cat.gettext(k) != k for k in keys), code


def test_the_41_score_sheet_draws_the_teams_chart(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Defect 10: the 41 / 400 score sheet had no chart. It draws one, beside the hands'
    table and inside the sheet: the teams' totals from 0, a point per hand played (a deal
    thrown in is none), and the table's numbers never reach into it."""
    import random

    from tarneeb_desktop.table.history import played_hands
    from tarneeb_desktop.ui.game import chart  # 41's sheet draws through it
    from tests.test_text_fit import played, scene_at

    app = make_app()
    # the first deal thrown in, then a few hands played
    state, _ = played("syrian41", 8, "SeatsScored", ("2", "3", "2", "1"), dealer=0)
    rng = random.Random(8)
    while played_hands(state.history) < 3 and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    while not state.is_over() and state.current_player() != 0:
        state.apply(rng.choice(state.legal_actions()))
    scene = scene_at(app, state)
    charts: list[tuple[pygame.Rect, list[tuple[int, int]]]] = []
    real = chart.draw_chart

    def spy(surface, rect, series, *a, **k):  # type: ignore[no-untyped-def]
        charts.append((pygame.Rect(rect), list(series)))
        return real(surface, rect, series, *a, **k)

    monkeypatch.setattr(chart, "draw_chart", spy)
    with TextSpy():
        scene.open_overlay("scores")
        surface = Traced(app.surface.get_size())
        scene.dirty = True
        scene.frame.stale()
        app.draw(surface)  # the table and its dialog, on the window's modal stack
    assert charts, "the 41 score sheet drew no chart"
    rect, series = charts[-1]
    rows = [r for r in state.history]
    assert series[0] == (0, 0) and len(series) == played_hands(rows) + 1 >= 3
    assert series[-1] == tuple(int(v) for v in rows[-1].totals[:2])
    boxes = [i.rect for i in surface.items if i.kind == "box" and i.rect.contains(rect)]
    assert boxes, "the chart is not inside the sheet"
    numbers = [i for i in surface.items if i.kind == "text" and i.label.lstrip("+-").isdigit()]
    inside = [i for i in numbers if rect.contains(i.rect)]
    assert inside, "the chart has no value labels"
    # the hands' table (its per-player "bid/tricks  points") stays out of the chart
    table = [i for i in surface.items if i.kind == "text" and "/" in i.label]
    assert table and not any(i.rect.colliderect(rect) for i in table)


def test_continue_numbers_the_hand_as_the_table_does_after_a_deal_thrown_in(ui_home) -> None:
    """Defect 3, "one numbering everywhere": a 41 deal thrown in is not a hand, so Continue
    says "hand 1" for the hand the table calls "Hand 1" (it said "hand 2")."""
    from tarneeb_desktop.table.savegame import offline_seats, write_save
    from tarneeb_desktop.ui.game import dialogs41
    from tarneeb_desktop.ui.screens.menu import MenuScene

    state = GameState.new(make_rules("syrian41"), seed=8, dealer=0)
    for call in ("2", "3", "2", "1"):  # 8 of 11 needed: thrown in
        state.apply(call)
    assert len(state.history) == 1 and state.view(0).hand_number == 2
    names = ["Rana", "Karim", "Layla", "Omar"]
    write_save(ui_home / "savegame.json", state, offline_seats(names, (0,), ["easy"] * 4), 8)
    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    assert dialogs41.hand_label(state.view(0)) == "Hand 1"
    assert (app.scene.resumes or "").endswith(", hand 1"), app.scene.resumes


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_the_new_game_question_reads_as_the_menu_and_the_skip_question(lang: str) -> None:
    """Defect 8: "Skip the tutorial?"'s buttons were two thirds of "Start a new game?"'s.
    The menu's question reads at the menu's size (the body size, its Russian labels whole),
    and the tutorial's question within a pixel of it."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tutorial.dialogs import SkipDialog
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    try:
        for size in SIZES:
            app = _in(lang, size)
            tutorial = TutorialScene(app)
            app.switch(tutorial)
            tutorial.overlay = SkipDialog(tutorial)
            skip = {b.text_size for b in tutorial.overlay_buttons()}
            menu = MenuScene(app)
            app.switch(menu)
            app.step(FRAME, [])
            menu.file_notice = None
            menu.rebuild()
            items = {b.text_size for b in menu.buttons()}
            menu.game_saved = True
            menu.activate("new")  # the question, in the window's modal (issue 47)
            assert menu.asking
            question = {b.text_size for b in app.modals.top.buttons(app.size)}
            app.modals.clear()
            assert len(question) == len(skip) == 1 and question == items, (size, question, items)
            assert question.pop() >= Layout(*size).text
            assert abs(skip.pop() - items.pop()) <= 1, size
    finally:
        i18n.set_language("en")
