"""The daily-deals screens, Review on the hand summary, and Play on from here."""

from __future__ import annotations

import time

import pygame
import pytest

from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.rules.cards import cards_of
from tarneeb_desktop.session import daily
from tests.test_ui_helpers import FRAME, make_app

pytestmark = pytest.mark.usefixtures("ui_home")

CODE = "2026-12-01/standard"


def _finish_table(app, scene_type, choose=lambda scene: scene.pv.legal[0], limit=20000):  # type: ignore[no-untyped-def]
    """Step the app while a ``scene_type`` table is shown, the person's moves by ``choose``
    and every summary closed; the scene it ended on."""
    for _ in range(limit):
        scene = app.scene
        if not isinstance(scene, scene_type):
            return scene
        if scene.overlay is not None and scene.overlay.kind in ("summary", "gameover"):
            scene.overlay_action("close")
        elif scene.my_turn():
            scene.act(scene.me, choose(scene))
        app.step(FRAME, [])
    raise AssertionError("the table did not finish")


def _wait_for_computer(app, scene, index=0, timeout=180.0):  # type: ignore[no-untyped-def]
    """Step the daily screen until the computer's play of deal ``index`` is in: it runs on
    the worker pool, whose first start may take seconds on a loaded machine (a bound on
    the time, not on the frames, which pass in microseconds)."""
    deadline = time.monotonic() + timeout
    while scene.dset.shown(index)[1] is None:
        assert time.monotonic() < deadline, "the computer's play of the deal never finished"
        app.step(FRAME, [])
        time.sleep(0.005)


def _daily_app(level="medium", size=(1280, 720)):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene

    app = make_app(size=size, speed="instant")
    scene = DailyScene(app, CODE, level)
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene


def test_a_deal_is_played_and_compared_on_the_same_cards(ui_home) -> None:
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene

    app, scene = _daily_app()
    assert [b.action for b in scene.buttons()][0] == "play"
    scene.activate("play")
    table = app.scene
    assert isinstance(table, DailyTableScene)
    assert list(table.table.state.dealt) == list(daily.deal_of(CODE, 0).hands)
    back = _finish_table(app, DailyTableScene)
    assert back is scene and isinstance(back, DailyScene)
    assert scene.compared == 0
    _wait_for_computer(app, scene)
    person, computer = scene.dset.shown(0)
    assert person is not None and computer is not None
    assert computer.to_dict() == daily.play_computer(CODE, 0, "medium").to_dict()
    assert person.record["hands"][0]["cards"] == daily.deal_of(CODE, 0).hand_texts()
    assert daily.DailyStore(ui_home / "daily.json").next_deal(CODE) == 1
    assert not (ui_home / "stats.json").exists()  # a daily deal is not a game of the statistics
    app.step(FRAME, [])
    assert [b.action for b in scene.buttons()][:2] == ["play", "review"]


def test_the_computer_is_never_shown_before_the_person_played(ui_home) -> None:
    store = daily.DailyStore(ui_home / "daily.json")
    store.put(CODE, 0, "computer", daily.play_computer(CODE, 0, "medium"), "medium")
    dset = daily.DailySet(CODE, "medium", store)
    assert dset.shown(0) == (None, None)


def _played_deal_review(size=(1280, 720)):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene
    from tarneeb_desktop.ui.screens.daily.review import DailyReview

    app, scene = _daily_app(size=size)
    for i in range(3):  # deal 3 is played out by the computer (never thrown in)
        for who in ("person", "computer"):
            scene.store.put(CODE, i, who, daily.PlayResult("7", 0, 7, (7, 0)), "medium")
    scene.activate("play")
    assert app.scene.index == 3
    # the highest call: the person declares, so the hand is played out (never thrown in)
    _finish_table(app, DailyTableScene, choose=lambda table: table.pv.legal[-1])
    _wait_for_computer(app, scene, 3)
    scene.activate("review")
    review = app.scene
    assert isinstance(review, DailyReview)
    return app, scene, review


def _place(pos):  # type: ignore[no-untyped-def]
    return (pos.kind, pos.play if pos.play is not None else len(pos.calls))


def test_review_shows_both_plays_side_by_side_stepping_together(ui_home) -> None:
    from tarneeb_desktop.session.record_steps import positions

    app, scene, review = _played_deal_review()
    assert review.side_by_side() and len(review.panes) == 2
    person, computer = scene.dset.shown(3)
    assert review.panes[0].steps.positions == positions(person.record).positions
    assert review.panes[1].steps.positions == positions(computer.record).positions
    for pane in review.panes:  # the same cards on both tables
        hands = [tuple(sorted(h)) for h in pane.steps.positions[0].holdings]
        assert hands == [tuple(sorted(cards_of(m))) for m in daily.deal_of(CODE, 3).hands]
    assert "switch" not in [b.action for b in review.buttons()]
    # a card in the middle of the play: the computer's table shows the same card number
    mid = next(p for p in review.steps.positions if p.play == 9)
    review.go(mid.index)
    a, b = review.panes[0].position, review.panes[1].position
    assert _place(a) == _place(b) == ("card", 9)
    review.activate("trick+")  # the controls move both
    assert review.panes[0].index == review.index
    assert review.panes[1].position.play == review.panes[0].position.play
    review.activate("first")
    assert review.panes[1].index == 0
    app.step(FRAME, [])  # both draw, each with its head and its cost line
    surface = pygame.Surface(app.size)
    review.draw(surface)
    assert review.panes[0].head().startswith("You")
    review.activate("back")
    assert app.scene is scene


def test_review_in_a_small_window_switches_between_the_plays(ui_home) -> None:
    app, scene, review = _played_deal_review((800, 600))
    assert not review.side_by_side()
    assert review.which == 0 and len(review.plays) == 2
    assert "switch" in [b.action for b in review.buttons()]
    mid = next(p for p in review.steps.positions if p.play == 5)
    review.go(mid.index)
    review.activate("switch")
    assert review.which == 1 and review.steps is review.plays[1][1]
    assert _place(review.position) == ("card", 5)  # the same point of the deal
    app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")])
    assert review.which == 0 and _place(review.position) == ("card", 5)
    surface = pygame.Surface(app.size)
    review.draw(surface)
    review.activate("back")
    assert app.scene is scene


def test_the_cost_lines_count_each_plays_south_and_north(ui_home) -> None:
    from tarneeb_desktop.ui.screens.daily.review import PlayPane

    app, scene, review = _played_deal_review()
    deadline = time.monotonic() + 120
    while any(p.jobs for p in review.panes):  # the analysis, on the worker pool
        assert time.monotonic() < deadline
        app.step(FRAME, [])
        time.sleep(0.005)
    for pane in review.panes:
        assert isinstance(pane, PlayPane)
        mine = sum(p.cost for a in pane.analysis.values() for p in a.plays if p.seat == 0)
        partner = sum(p.cost for a in pane.analysis.values() for p in a.plays if p.seat == 2)
        line = pane.cost_line()
        assert line is not None and f"{mine}" in line and f"{partner}" in line
    assert "your cards" in review.panes[0].cost_line()
    assert "computer's cards" in review.panes[1].cost_line()


def test_a_daily_deal_left_half_way_is_resumed_on_play(ui_home) -> None:
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene

    app, scene = _daily_app()
    scene.activate("play")
    table = app.scene
    assert isinstance(table, DailyTableScene)
    for _ in range(20000):  # the person plays a few cards, then leaves by the pause menu
        if len(table.table.state.plays) >= 6:
            break
        if table.my_turn():  # the highest call: the hand is played out
            table.act(table.me, table.pv.legal[-1])
        app.step(FRAME, [])
    played = list(table.table.state.plays)
    assert len(played) >= 6
    table.overlay_action("menu")  # the main menu (issue 38); the deal stays saved
    assert app.scene is not scene and scene.dset.deal_save().exists()
    app.switch(scene)  # the menu's Daily deals
    assert scene.dset.saved_deal()
    app.step(FRAME, [])
    assert scene.buttons()[0].label == "Go on with deal 1"
    # the window closed and opened again: a new screen on the same player folder
    app2 = make_app(speed="instant")
    again = DailyScene(app2, CODE, "medium")
    app2.switch(again)
    again.activate("play")
    resumed = app2.scene
    assert isinstance(resumed, DailyTableScene)
    assert list(resumed.table.state.plays)[: len(played)] == played
    assert _finish_table(app2, DailyTableScene) is again
    assert not again.dset.deal_save().exists()  # kept as played: the save is gone
    assert again.store.next_deal(CODE) == 1


def test_signed_scores_read_sign_first_in_arabic(ui_home) -> None:
    """Every signed number the daily screens draw in Arabic shows as "+8", not "8+":
    the line as displayed (shaped and reordered) keeps each sign before its digits."""
    import re
    from collections import Counter

    from tarneeb_desktop.ui import i18n, text
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene

    store = daily.DailyStore(ui_home / "daily.json")
    for i, (p, c) in enumerate([((9, 0), (8, 0)), ((0, 11), (7, 0))]):
        store.put(CODE, i, "person", daily.PlayResult("8", 0, 9, p), "medium")
        store.put(CODE, i, "computer", daily.PlayResult("7", 2, 8, c), "medium")
    app = make_app(speed="instant")
    i18n.set_language("ar")
    try:
        seen: list[str] = []
        real = text.render

        def spy(s, *a, **k):  # type: ignore[no-untyped-def]
            seen.append(s)
            return real(s, *a, **k)

        text.render = spy  # type: ignore[assignment]
        try:
            scene = DailyScene(app, CODE, "medium")
            app.switch(scene)
            surface = pygame.Surface(app.size)
            scene.draw(surface)
            scene.compared = 1
            scene.draw(surface)
        finally:
            text.render = real  # type: ignore[assignment]
        signed = re.compile(r"(?<![\w)])[+-]\d+")
        lines = [s for s in seen if signed.search(s)]
        assert any(re.search(r"[\u0600-\u06ff]", s) for s in lines)  # Arabic lines too
        sign_first = re.compile(r"[+-]\d+")  # "+8" as shown: a "8+" would not count
        for line in lines:
            shown = text.shape(line)
            assert Counter(sign_first.findall(shown)) == Counter(sign_first.findall(line)), (
                line,
                shown,
            )
    finally:
        i18n.set_language("en")


def test_review_on_the_hand_summary_opens_that_hand(ui_home) -> None:
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    table = TableScene.new_game(app, make_rules(), 5, humans=(0,), level="random", inline_ai=True)
    app.switch(table)
    for _ in range(20000):
        if (
            table.overlay is not None
            and table.overlay.kind == "summary"
            and table.table.state.history[-1].plays
        ):
            break
        if table.overlay is not None:
            table.overlay_action("close")
        elif table.my_turn():
            table.act(0, table.pv.legal[0])
        app.step(FRAME, [])
    assert "review" in [b.action for b in table.overlay_buttons()]
    hand = len(table.table.state.history) - 1
    row = table.table.state.history[hand]
    table.overlay_action("review")
    viewer = app.scene
    assert isinstance(viewer, ViewerScene)
    pos = viewer.position
    assert pos.hand == hand and pos.kind == "deal"
    assert [tuple(sorted(h)) for h in pos.holdings] == [
        tuple(sorted(cards_of(m))) for m in row.cards
    ]
    viewer.activate("back")
    assert app.scene is table and table.overlay is not None and table.overlay.kind == "summary"
    table.overlay_action("close")  # the table goes on
    for _ in range(50):
        app.step(FRAME, [])
    assert table.table.state.hand_index >= hand + 1


def test_play_on_keeps_every_card_where_it_was(ui_home) -> None:
    from tarneeb_desktop.ui.screens.viewer.play_on_table import PlayOnScene
    from tests.test_ui_helpers import viewer_asking_a_seat

    record = daily.play_computer(CODE, 3, "medium").record
    app = make_app(speed="instant")
    viewer = viewer_asking_a_seat(app, record)
    pos = viewer.position  # in the middle of a trick
    question = app.modals.top.buttons(app.size)  # Cancel (the safe choice) first
    assert [b.action for b in question] == ["cancel", "seat0", "seat1", "seat2", "seat3"]
    app.modals.top.answer("seat1")
    scene = app.scene
    assert isinstance(scene, PlayOnScene) and scene.me == 1 and scene.humans == (1,)
    state = scene.table.state
    assert [tuple(sorted(cards_of(m))) for m in state.hands] == [
        tuple(sorted(h)) for h in pos.holdings
    ]
    assert state.contract == pos.contract and state.declarer == pos.declarer
    assert len(state.plays) == pos.play + 1
    assert pos.trick is not None
    assert [c for _, c in scene.trick_cards] == list(pos.trick[1])
    assert state.tricks_won == list(pos.tricks_won)
    back = _finish_table(app, PlayOnScene)
    assert back is viewer and viewer.index == pos.index
    assert not (ui_home / "stats.json").exists()
    assert not (ui_home / "savegame.json").exists()


def test_no_play_on_at_the_end_of_a_hand(ui_home) -> None:
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    record = daily.play_computer(CODE, 3, "medium").record
    app = make_app(speed="instant")
    viewer = ViewerScene(app, positions(record), inline=True)
    app.switch(viewer)
    viewer.go(viewer.steps.last)
    viewer.activate("playon")
    assert not viewer.choosing
    assert not next(b for b in viewer.buttons() if b.action == "playon").enabled


def test_copy_and_a_challenge_code(ui_home) -> None:
    app, scene = _daily_app()
    scene.activate("copy")
    assert scene.message is not None
    scene.focus_field(True)
    for ch in "friends/egyptian":
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert scene.code == "friends/egyptian"
    scene.focus_field(True)
    scene.field.text = "not a code/nosuch"
    scene.activate("code")
    assert scene.code == "friends/egyptian" and scene.message is not None


def test_a_deal_of_400_is_played_and_compared(ui_home) -> None:
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene

    app = make_app(speed="instant")
    scene = DailyScene(app, "2026-12-01/lebanese400", "medium")
    app.switch(scene)
    scene.activate("play")
    assert isinstance(app.scene, DailyTableScene)
    assert app.scene.pv.rules.game == "41"
    assert _finish_table(app, DailyTableScene) is scene
    _wait_for_computer(app, scene)
    person, computer = scene.dset.shown(0)
    assert person is not None and computer is not None and computer.bids is not None
    surface = pygame.Surface(app.size)
    scene.draw(surface)  # the comparison of a 41 deal draws


def copy_text_without_a_clipboard(home):  # type: ignore[no-untyped-def]
    """What Copy says where there is no clipboard: the line is written to a file."""
    import pygame.scrap

    from tarneeb_desktop.ui.screens.daily.daily import copy_text

    real = getattr(pygame.scrap, "put_text", None)
    pygame.scrap.put_text = None  # type: ignore[assignment]
    try:
        said = copy_text("Tarneeb 2026-12-01 +12")
    finally:
        pygame.scrap.put_text = real  # type: ignore[assignment]
    return said


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_score_lines_message_sits_on_its_own_plate(ui_home, lang, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 38, 13: "The score line is copied" ran over the deals panel's border; it is now
    at body size on a plate of its own, and every text of the screen fits."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.daily.daily import GOOD
    from tests.text_spy import screen_problems

    app, scene = _daily_app(size=size)
    i18n.set_language(lang)
    try:
        scene.rebuild()
        scene.message = (copy_text_without_a_clipboard(ui_home), GOOD)
        app.step(FRAME, [])
        assert screen_problems(app, f"daily {lang}") == []
        scene.message = (i18n.tr("The score line is copied"), GOOD)
        assert screen_problems(app, f"daily {lang}") == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_deals_score_says_it_is_the_sides_difference(ui_home, lang, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 19: "Score −15" was not explained. Under each play's score, the two
    sides' points it is the difference of; every text fits the screen."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tests.test_ui_helpers import rendered_lines
    from tests.text_spy import screen_problems

    store = daily.DailyStore(ui_home / "daily.json")
    store.put(CODE, 0, "person", daily.PlayResult("8", 1, 7, (0, 15)), "medium")
    store.put(CODE, 0, "computer", daily.PlayResult("8", 1, 9, (9, 0)), "medium")
    app = make_app(size=size, speed="instant")
    i18n.set_language(lang)
    try:
        scene = DailyScene(app, CODE, "medium")
        app.switch(scene)
        scene.compared = 0
        with rendered_lines() as seen:
            app.step(FRAME, [])
            scene.draw(app.surface)
        want = i18n.tr("your side's points minus the others': {us} - {them}", us=0, them=15)
        assert want in seen, seen
        assert i18n.tr("your side's points minus the others': {us} - {them}", us=9, them=0) in seen
        assert screen_problems(app, f"daily {lang} {size}") == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_daily_buttons_share_one_text_size(ui_home, lang, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 25: "Play deal 2" and "Review" were drawn smaller than the others."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene

    store = daily.DailyStore(ui_home / "daily.json")
    store.put(CODE, 0, "person", daily.PlayResult("8", 1, 7, (0, 15)), "medium")
    app = make_app(size=size, speed="instant")
    i18n.set_language(lang)
    try:
        scene = DailyScene(app, CODE, "medium")
        app.switch(scene)
        app.step(FRAME, [])
        sizes = {b.label: b.text_size for b in scene.buttons()}
        assert len(sizes) >= 5 and len(set(sizes.values())) == 1, sizes
        assert min(sizes.values()) >= scene_body_size(app)
    finally:
        i18n.set_language("en")


def scene_body_size(app) -> int:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.layout import Layout

    return Layout(*app.size).text
