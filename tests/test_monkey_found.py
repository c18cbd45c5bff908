"""What the monkey (``bench/monkey.py``) found, each as the screen it was found on: the texts of
that screen fit (``tests/text_spy.screen_problems``) in the language and window size the walk
had. Some walks do not replay step for step (a LAN table's threads move in real time), so the
screen is set up here directly."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from tarneeb_desktop.settings import Settings
from tests.test_ui_helpers import FRAME
from tests.text_spy import screen_problems

pytestmark = pytest.mark.usefixtures("ui_home")


def app_in(lang: str, size: tuple[int, int], **settings):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.app import App

    s = Settings(animation_speed="instant", sound=False, language=lang, **settings)
    app = App(s, size, sound=False)
    app.apply_settings()
    return app


@contextmanager
def lan_table_after_a_trick(lang: str, size: tuple[int, int]) -> Iterator[tuple[Any, Any]]:
    """The window at a LAN table on loopback (South, three computers), joined through the
    Join screen, once a trick has been played: (app, its table scene)."""
    from tests.test_lan_timer import timed_host
    from tests.test_net_game import FakeClock
    from tests.test_ui_lan import join_through_the_window, step_until

    h = timed_host(FakeClock(), 0, seed=3)
    h.start()
    try:
        app = app_in(lang, size)
        join_through_the_window(app, h)
        scene = app.scene

        def a_trick_done() -> bool:
            if scene.my_turn():
                scene.link.submit(scene.me, scene.pv.legal[0])
            return bool(scene.pv.tricks)

        step_until(app, a_trick_done, "a trick played")
        yield app, scene
    finally:
        h.stop()


def test_tournament_setup_rules_button_in_ukrainian_at_800x600() -> None:
    """Seed 1045, step 75: 'Правила: як у налаштуваннях (Стандартні (власні))' was drawn at 9
    px in a third of the row; the options now take the widths their labels need."""
    from tarneeb_desktop.rules.options import ALL_PRESETS
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    app = app_in("uk", (800, 600), rule_options={"target": 51})
    scene = SetupScene(app)
    scene.preset = len(ALL_PRESETS)  # as in Settings, whose rules are custom
    app.switch(scene)
    scene.rebuild()
    app.step(FRAME, [])
    label = next(b.label for b in scene.buttons() if b.action == "preset")
    assert "власні" in label and "51" in label  # issue 38: Settings' words and the target
    assert screen_problems(app, "setup uk") == []


def egyptian_after(call: str):  # type: ignore[no-untyped-def]
    """An Egyptian game at the play, its auction won by a bid that was answered ``call``
    (``double`` or ``no_double``)."""
    import random

    from tarneeb_desktop.rules import GameState, make_rules

    for seed in range(40):
        state = GameState.new(make_rules("egyptian"), seed=seed)
        rng = random.Random(seed)
        while state.phase in ("auction", "trump"):
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == "double" and call in state.legal_actions():
            state.apply(call)
            return state
    raise AssertionError("no Egyptian deal comes to a double")


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_auction_page_with_no_double_fits_at_1024x768(lang: str) -> None:
    """Seed 1387, step 200: 'Nicht verdoppeln' was squeezed to 14 px in its column of the
    auction page; a call too wide for its column now takes two lines."""
    from tarneeb_desktop.ui.table_scene import TableScene

    app = app_in(lang, (1024, 768))
    state = egyptian_after("no_double")
    assert "no_double" in [c for _, c in state.calls]
    scene = TableScene(app, state, ["A", "B", "C", "D"], (0,), ["easy"] * 4, inline_ai=True)
    app.switch(scene)
    app.step(FRAME, [])
    scene.open_overlay("auction")
    app.step(FRAME, [])
    assert scene.overlay is not None and scene.overlay.kind == "auction"
    assert screen_problems(app, f"auction {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["de", "ru", "fr"])
def test_claim_panel_title_fits_at_body_size(lang: str, size: tuple[int, int]) -> None:
    """Seed 1134, step 150: the claim panel's title 'Jede deiner Karten gewinnt' was squeezed
    to 22 px (body size 25) over a button narrower than it; the panel now grows to its title."""
    from tests.test_ui_claim import all_spades_state
    from tests.test_ui_helpers import settle, table_scene

    app = app_in(lang, size)
    scene = table_scene(app, all_spades_state())
    settle(app, scene)
    assert [b.action for b in scene.buttons() if b.action == "claim"] == ["claim"]
    assert screen_problems(app, f"claim {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["de", "ru", "hi"])
def test_game_over_naming_the_winners_fits(lang: str, size: tuple[int, int]) -> None:
    """Seed 1229, step 225: a tournament game between two computer teams ended with
    'Omar und Nour gewinnen' at heading size, wider than its dialog; the line now fits."""
    from tarneeb_desktop.ui.game.ends import GameOverDialog
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_text_fit import played

    app = app_in(lang, size)
    state, ev = played("standard", 5, "GameOver")
    names = ["Alexandrina", "Maximiliane", "Konstantinos", "Christophorus"]  # 13 letters at most
    scene = TableScene(app, state, names, (), ["easy"] * 4, inline_ai=True)
    app.switch(scene)
    app.step(FRAME, [])
    scene.overlay = GameOverDialog(scene, ev)
    scene.invalidate()
    app.step(FRAME, [])
    assert screen_problems(app, f"game over {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (2560, 1440)])
@pytest.mark.parametrize("lang", ["fr", "de", "ru", "hi", "ar"])
def test_play_on_seat_question_fits_at_body_size(lang: str, size: tuple[int, int]) -> None:
    """Seed 1461, step 175: the viewer's "Play on from here" question was drawn at nine tenths
    of the body size ("Choisissez une place…" at 12 px, 13 the least); now at body size, on
    as many lines as it takes."""
    from tarneeb_desktop.record import to_record
    from tests.test_text_fit import played
    from tests.test_ui_helpers import viewer_asking_a_seat

    state, _ = played("standard", 4, "HandScored")
    app = app_in(lang, size)
    viewer_asking_a_seat(app, to_record(state, ["A", "B", "C", "D"]))
    app.step(FRAME, [])
    assert screen_problems(app, f"play on {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_a_tournaments_longest_team_names_fit_every_page(lang: str, size: tuple[int, int]) -> None:
    """Two computer teams with names as long as the tournament's setup takes (24 letters):
    the score panel, the hand's summary, the score sheet and the game's end name them at
    body size at least, cut short with an ellipsis where the room ends (the monkey met
    'Omar und Nour gewinnen' too wide for its dialog, seed 1229)."""
    from tarneeb_desktop.ui.game.ends import GameOverDialog, SummaryDialog
    from tarneeb_desktop.ui.screens.tournament.setup import NAME_CHARS
    from tarneeb_desktop.ui.screens.tournament.table import TournamentTable
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_text_fit import played

    teams = ("Alexandrina & Konstantin", "Maximiliane & Christoph")
    assert max(map(len, teams)) == NAME_CHARS
    app = app_in(lang, size)
    state, ev = played("standard", 5, "HandScored")
    names = ["Alexandrina", "Maximiliane", "Konstantin", "Christoph"]
    plain = TableScene(app, state, names, (), ["easy"] * 4, inline_ai=True)  # its link
    scene = TournamentTable(
        app, link=plain.link, teams=teams, standings=lambda t: None, inline_ai=True
    )
    app.switch(scene)
    app.step(FRAME, [])
    pages = {
        "table": None,
        "summary": lambda: SummaryDialog(scene, ev),
        "scores": "scores",
        "gameover": lambda: GameOverDialog(scene, played("standard", 5, "GameOver")[1]),
    }
    found = []
    for page, open_it in pages.items():
        scene.overlay = None
        if open_it == "scores":
            scene.open_overlay("scores")
        elif open_it is not None:
            scene.overlay = open_it()
        scene.invalidate()
        app.step(FRAME, [])
        found += screen_problems(app, f"{page} {lang}")
    assert found == []


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_lone_button_left_by_a_table_is_centred(lang: str) -> None:
    """Issue 38, 13: where a table leaves a dialog's other buttons out (a LAN table, the
    viewer's play on, a daily deal), the one left was laid out as if they were there,
    off-centre; the dialog is laid out with the buttons shown."""
    from tarneeb_desktop.ui.game.ends import SummaryDialog
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_text_fit import played

    app = app_in(lang, (1280, 720))
    state, ev = played("standard", 4, "HandScored")
    scene = TableScene(app, state, ["A", "B", "C", "D"], (0,), ["easy"] * 4, inline_ai=True)
    app.switch(scene)
    scene.hidden_actions = lambda: {"review"}  # type: ignore[method-assign]  # as play on's
    scene.overlay = SummaryDialog(scene, ev)
    (only,) = scene.overlay_buttons()
    assert only.action == "close"
    assert abs(only.rect.centerx - scene.overlay.rect().centerx) <= 1
    assert screen_problems(app, lang) == []


@pytest.mark.parametrize(
    ("lang", "size", "opened"),
    [
        ("fr", (1096, 983), "chat"),
        ("ru", (1024, 768), "chat"),
        ("de", (1539, 773), "reactions"),
        ("ru", (1280, 720), "reactions"),
        ("ar", (1465, 777), "reactions"),
    ],
)
def test_the_last_trick_at_a_lan_table_with_the_chat_line_open(lang: str, size, opened) -> None:  # type: ignore[no-untyped-def]
    """Seeds 1448 (step 50) and 1414 (step 150): at a LAN table with the chat line open, the
    last trick's caption ("Dernier pli : remporté par vous") was drawn under the line and
    its hint; with the line open it now sits below the trick. Seed 7246 (step 200): the
    reactions' row ("Hoppla") covered it the same way ("Letzter Stich: gewonnen von Omar";
    16 of 30 window sizes in German, Russian and Arabic): with the row open it goes below
    the trick too."""
    with lan_table_after_a_trick(lang, size) as (app, scene):
        if opened == "chat":
            scene.lan.chat.start()
        else:
            scene.lan.action("reactions")
        scene.last_trick_shown = True
        scene.invalidate()
        app.step(FRAME, [])
        assert (scene.lan.chat.open or scene.lan.reactions_open) and scene.last_trick_shown
        assert screen_problems(app, lang) == []


@pytest.mark.parametrize("size", [(1873, 722), (2560, 1080), (800, 600)])
@pytest.mark.parametrize("lang", ["ar", "hi", "en"])
def test_the_join_screens_fields_sit_under_its_title(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seeds 3203 (step 200) and 3231 (step 125): in a wide, short window the Arabic title
    "الانضمام إلى لعبة على الشبكة المحلية" reached into the address field below it."""
    from tarneeb_desktop.ui.screens.lan.join import JoinScene

    app = app_in(lang, size)
    app.switch(JoinScene(app, finder=False))
    app.step(FRAME, [])
    assert screen_problems(app, f"join {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)])
@pytest.mark.parametrize("lang", ["fr", "de", "ar"])
def test_the_tournament_setups_note_with_lan_players_fits(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 3286, step 25: with a player on the LAN, the setup's note ("5 équipes. … ils
    rejoignent avec Rejoindre une partie en réseau local.") was squeezed onto one line at
    13 px; it now takes the lines it needs at its size."""
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    app = app_in(lang, size)
    scene = SetupScene(app)
    app.switch(scene)
    while len(scene.teams) < 5:
        scene.add_team()
    scene.teams[1].seats[0].kind = "network"
    scene.rebuild()
    app.step(FRAME, [])
    assert screen_problems(app, f"setup {lang}") == []


@pytest.mark.parametrize("lang", ["ar", "hi", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_hot_seat_cover_reads_at_body_size(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 5076, step 150: the hot-seat cover's "Click, or press Enter or Space · Esc: menu"
    was drawn at nine tenths of the body size (26 px in Arabic, 29 the least)."""
    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.ui.table_scene import TableScene

    app = app_in(lang, size)
    state = GameState.new(make_rules("standard", target=8), seed=5)
    names = ["Sami", "Layla", "Nour", "Omar"]
    scene = TableScene(app, state, names, (0, 1), ["random"] * 4, seed=5, inline_ai=True)
    app.switch(scene)
    app.step(FRAME, [])
    assert scene.covered()
    assert screen_problems(app, f"cover {lang}") == []


@pytest.mark.parametrize("lang", ["uk", "ru", "de"])
def test_a_thrown_in_deals_word_fits_the_score_sheet(lang: str) -> None:
    """Seed 5082, step 150: a thrown-in deal's row on the score sheet said "перероздача" at
    28 px (32 the least) in a column sized for its words unbolded; the sheet measures them
    as it draws them, and the cell is as wide as its word."""
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_text_fit import played

    app = app_in(lang, (1920, 1080))
    state, _ = played("syrian41", 8, "SeatsScored", ("2", "3", "2", "1"), dealer=0)
    scene = TableScene(app, state, ["A", "B", "C", "D"], (0,), ["easy"] * 4, inline_ai=True)
    app.switch(scene)
    app.step(FRAME, [])
    scene.open_overlay("scores")
    app.step(FRAME, [])
    assert screen_problems(app, f"sheet {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("lang", ["ru", "uk", "de", "hi"])
def test_the_tournament_setups_seat_kinds_fit_their_column(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 5096, step 175: "Человек" (a person) was 21 px in its column of the tournament
    setup (24 the least); the kinds' columns are as wide as their longest word needs."""
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    app = app_in(lang, size)
    scene = SetupScene(app)
    app.switch(scene)
    while len(scene.teams) < 5:
        scene.add_team()
    for team in scene.teams:
        team.seats[0].kind = "person"
    scene.rebuild()
    app.step(FRAME, [])
    assert screen_problems(app, f"setup {lang}") == []


@pytest.mark.parametrize("size", [(2560, 1440), (1024, 768), (800, 600)])
@pytest.mark.parametrize("lang", ["ar", "de"])
def test_the_bid_grid_steps_aside_for_the_chat_line(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 5318, step 200: at an Arabic LAN table with the Egyptian bid grid, the chat line
    lay over the panel's title ("طلبك") and its hint "دورك: Esc يغلق الدردشة" ran into the
    button 8♣. The line takes every key and no click, so the panel steps aside while it is
    open and comes back with Esc."""
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.session.lan import new_host
    from tests.test_net_game import FakeClock
    from tests.test_ui_helpers import key
    from tests.test_ui_lan import join_through_the_window, step_until

    h = new_host(
        make_rules("egyptian"),
        seed=4,
        open_seats=[0],
        ai_level="random",
        clock=FakeClock(),
        exit_when_over=False,
    )
    h.start()
    try:
        app = app_in(lang, size)
        join_through_the_window(app, h)
        scene = app.scene
        step_until(app, lambda: scene.my_turn() and scene.pv.phase == "auction", "my call")
        app.step(FRAME, [])
        grid = scene.bids.buttons()
        assert grid and scene.action_panel() is not None
        scene.lan.chat.start()
        app.step(FRAME, [])
        assert scene.chat_open and scene.bids.buttons() == []
        assert screen_problems(app, f"chat over the grid {lang}") == []
        app.step(FRAME, [key(pygame.K_ESCAPE)])
        assert not scene.chat_open
        assert [b.action for b in scene.bids.buttons()] == [b.action for b in grid]
    finally:
        h.stop()


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1333, 640)])
@pytest.mark.parametrize("lang", ["fr", "de", "ar"])
def test_the_join_screens_labels_stay_on_its_page(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 5425, step 275: at 800x600 the French "Mot de passe de la table (s'il y en a un)"
    began 12 px left of the page it labels; the fields now start after the widest label."""
    from tarneeb_desktop.ui.screens.lan.join import JoinScene

    app = app_in(lang, size)
    scene = JoinScene(app, finder=False)
    app.switch(scene)
    app.step(FRAME, [])
    assert screen_problems(app, f"join {lang}") == []
    for r in scene.field_rects():
        assert r.w >= app.surface.get_width() * 0.3  # room left to type into


@pytest.mark.parametrize("size", [(804, 774), (800, 600), (1024, 768)])
@pytest.mark.parametrize("lang", ["de", "fr", "ru", "uk", "hi", "ar"])
def test_the_tutorial_coachs_head_reads_at_body_size(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 7125, step 75: in German at 804x774 the coach beside the score panel was so
    narrow (a refused move's explanation under the lesson) that "Lektion 1 von 5", on its own
    line, was squeezed to 11 px; each part of the head now takes the lines it needs, at body
    size, in every lesson, with and without the explanation."""
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene
    from tests.test_tutorial import _click_target, _wait

    app = app_in(lang, size)
    scene = TutorialScene(app)
    app.switch(scene)
    for n in range(len(scene.lessons)):
        _wait(app, scene)
        for tip in (None, (n, scene.lessons[n].wrong)):
            scene.tip = tip
            scene.invalidate()
            app.step(FRAME, [])
            where = f"tutorial {lang} lesson {n + 1} tip {tip is not None}"
            assert scene.coaching() and screen_problems(app, where) == []
        scene.tip = None
        _click_target(app, scene)


def test_norths_plate_never_reaches_the_contract_panel() -> None:
    """Seen on seed 7125's screen (German, 804x774): in a squarish window North's name plate
    lay over the contract panel's left edge ("Reizen" lost its R, Arabic's round number its
    digit); 1,896 of 5,830 window sizes from 800x600 to 2560x1440 did (up to 33 px). The
    plate now slides left over North's last backs instead."""
    from tarneeb_desktop.ui.layout import TOP, Layout

    for w in range(800, 2561, 16):
        for h in range(600, 1441, 16):
            lay = Layout(w, h)
            plate, contract, backs = lay.plate_rect(TOP), lay.contract_rect, lay.back_rects(TOP, 13)
            assert plate.right + lay.margin <= contract.x, (w, h)
            assert plate.x >= backs[0].left and plate.y == lay.margin + round(lay.unit * 2)


@pytest.mark.parametrize(
    ("lang", "size"), [("ru", (1024, 768)), ("de", (1315, 1220)), ("ar", (1280, 720))]
)
def test_the_trick_winners_caption_clears_the_chat_line(lang: str, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Seed 9093, step 100: at a LAN table with the chat line open, the caption of the trick's
    winner ("Взятка: Layla") lay under the line, its hint and its history; with the line or
    the reactions' row open it goes below the trick, as the last trick's caption does."""
    from tarneeb_desktop.ui.game import panels
    from tests.test_ui_helpers import blitted_texts

    with lan_table_after_a_trick(lang, size) as (app, scene):
        scene.lan.chat.start()
        scene.invalidate()
        app.step(FRAME, [])
        scene.trick_winner = 2  # the pause before the trick is gathered: its caption shows
        assert scene.lan.chat.open
        seen = blitted_texts(monkeypatch, panels)
        assert screen_problems(app, f"trick winner {lang}") == []
        assert any(scene.names[2] in t for t in seen), "the caption was drawn"


@pytest.mark.parametrize("size", [(2560, 1440), (1600, 900), (1024, 768)])
@pytest.mark.parametrize("lang", ["ru", "de", "en"])
def test_a_message_clears_the_last_tricks_caption_below_the_trick(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 13242, step 275: at a Russian LAN table (2560x1440) with the reactions' row open
    and the last trick shown, a message ("not your turn") lay over the last trick's caption:
    it kept clear of a one-line caption of body size, but with the row open the caption goes
    below the trick at heading size. The message now goes below what is drawn there."""
    with lan_table_after_a_trick(lang, size) as (app, scene):
        scene.lan.reactions_open = True
        scene.last_trick_shown = True
        scene.say("Not your turn")
        scene.invalidate()
        app.step(FRAME, [])
        assert scene.toast is not None and scene.panels.lan_line_open()
        assert screen_problems(app, f"message under the last trick {lang}") == []


@pytest.mark.parametrize("size", [(1269, 1388), (900, 1000), (1000, 700)])
@pytest.mark.parametrize("both", [False, True])
def test_the_daily_reviews_results_keep_out_of_the_list_of_hands(size, both) -> None:  # type: ignore[no-untyped-def]
    """Seed 11006, step 50: the daily review in a narrow window (one play at a time, 1269x1388)
    drew its results' corner ("▶ आप: Thrown in 0") over the list of hands' line "Sara &
    North: 0 costly cards, 0 tricks given away"; and the person's line was still in Hindi
    after the language had changed to English. With the list open the corner steps aside,
    and the lines are translated when drawn."""
    from tarneeb_desktop.session import daily
    from tarneeb_desktop.ui.screens.daily.review import open_review

    app = app_in("hi", size)
    res = daily.play_computer("2026-12-01/standard", 7, "medium")
    # the person's play alone (the computer's not done yet), or both in a narrow window
    computer = res if both else None
    review = open_review(app, "2026-12-01/standard", 7, res, computer, back=lambda: None)
    app.step(FRAME, [])
    if both and review.side_by_side(size):
        return  # side by side: no corner of results
    assert not review.side_by_side(size)
    app.settings.language = "en"
    app.apply_settings()
    assert review.panes[0].head().startswith("You:")
    review.activate("hands")
    app.step(FRAME, [])
    assert review.hands is not None
    assert screen_problems(app, "daily review with the hands") == []


@pytest.mark.parametrize("size", [(2218, 1335), (1280, 720), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "de", "uk", "ar"])
def test_the_standings_say_who_plays_at_the_small_prints_size(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 13073, step 250: a team of a random and a hard computer in Russian at 2218x1335:
    its "Случайный / Сложный" under the standings was squeezed to 25 px (the small print is
    28); it now takes up to three fifths of the name's column, at that size, cut short past
    that."""
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.session.tournament import new_tournament
    from tarneeb_desktop.ui.screens.tournament.play import Running, StandingsScene

    app = app_in(lang, size)
    teams = [
        (None, [("random", "Karim"), ("hard", "Layla")]),
        (None, [("person", "Sara"), ("expert", "Omar")]),
        (None, [("easy", "Nour"), ("medium", "Tarek")]),
    ]
    t = new_tournament(teams, make_rules("standard"), games=3, seed=5)
    app.switch(StandingsScene(app, Running(t, "Test")))
    app.step(FRAME, [])
    assert screen_problems(app, f"standings {lang}") == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("lang", ["en", "ar", "fr", "de", "ru", "uk", "hi"])
def test_every_how_to_play_picture_reads(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 15001, step 100: in Arabic at 1280x720 the variants page's picture of the
    Egyptian grid drew "7 بلا طرنيب" at 10 px (each no-trump button said its strain in
    words; Hindi's did too), and the 41 page's total "3 + 4 + 2 + 2 = 11" lay on South's
    bid (Arabic's taller line pushed it down). The grid is now the table's own (a row per
    strain, named at its start) and the total keeps above South's bid."""
    from tarneeb_desktop.ui.screens.howto.howto import HowToScene

    app = app_in(lang, size)
    scene = HowToScene(app)
    app.switch(scene)
    for page in range(len(scene.pages)):
        scene.go(page)
        app.step(FRAME, [])
        assert screen_problems(app, f"how to play {lang} page {page + 1}") == []


@pytest.mark.parametrize("size", [(1060, 1211), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["ru", "uk", "de", "fr", "ar", "hi", "en"])
def test_the_viewers_keys_wrap_rather_than_shrink(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Seed 33068, step 200: the replay viewer in Russian at 1060x1211 drew its line of keys
    ("Влево/Вправо шаг, ... M только мои карты") at 12 px, below the body size 14: the line
    was shrunk to the window's width. It now wraps onto as many lines as it needs, and the
    scrubber and the table make room above them."""
    from tarneeb_desktop.arena import play_game
    from tarneeb_desktop.record import to_record
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    state = play_game(make_rules("standard", target=11), 0, ["easy"] * 4).state
    app = app_in(lang, size)
    doc = to_record(state, ["Sami", "Rana", "Omar", "Hala"])
    app.switch(ViewerScene(app, positions(doc), title="test", inline=True))
    app.step(FRAME, [])
    assert screen_problems(app, f"viewer {lang} {size}") == []


def test_the_host_screen_reads_at_body_size_with_germans_longest_pair() -> None:
    """Monkey, seed 48016: the Host screen in German at 2438x1111 drew every label at 24 px
    (body 25): "Privat: Freunde treten über die Adresse bei" did not fit its half-width
    button, and the screen shares one text size. The buttons are as wide as the longest
    pair's words need."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.lan.host import HostScene
    from tests.test_ui_helpers import make_app

    for size in ((2438, 1111), (1280, 720), (800, 600)):
        app = make_app(size=size)
        app.settings.language = "de"
        app.apply_settings()
        i18n.set_language("de")
        try:
            scene = HostScene(app)
            app.switch(scene)
            scene.choice = ["here", "open", "open", "ai"]
            scene.announce = False  # "Privat: Freunde treten über die Adresse bei"
            scene.rebuild()
            app.step(FRAME, [])
            assert screen_problems(app, f"host de {size}") == []
        finally:
            i18n.set_language("en")


def test_a_finished_games_date_of_one_piece_may_break_before_its_hour() -> None:
    """Monkey, seed 48000: in Arabic the finished game's "06/12/2026  7:34 ص" (no space to
    break at) drew at 19 px of body 20 in a narrow column; it may break before the hour."""
    from datetime import datetime

    from tarneeb_desktop.ui import i18n

    i18n.set_language("ar")
    try:
        when = datetime(2026, 12, 6, 7, 34)
        line = i18n.date_text(when, time=True)
        date, _, hour = line.partition("  ")
        assert date and hour and "\u00a0" not in date  # a break before the hour
    finally:
        i18n.set_language("en")
    line = i18n.date_text(datetime(2026, 12, 6, 7, 34), time=True)
    assert "\u00a0\u00a0" in line  # "Dec 6, 2026  7:34 AM": the hour never alone


@pytest.mark.parametrize(("lang", "size"), [("fr", (800, 600)), ("ru", (800, 600))])
def test_the_last_tricks_caption_clears_the_lan_buttons(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Monkey hour, seed 5116, step 225: at a French LAN table at 800x600 with the last trick
    shown (nothing open), its caption "Dernier pli : remporté par Layla" above the trick ran
    into the "Réagir" button; where above the trick would reach a LAN button, the caption
    goes below the trick."""
    with lan_table_after_a_trick(lang, size) as (app, scene):
        scene.last_trick_shown = True
        scene.invalidate()
        app.step(FRAME, [])
        assert not scene.panels.lan_line_open() and scene.lan_buttons()
        assert screen_problems(app, f"last trick {lang}") == []


@pytest.mark.parametrize("size", [(2560, 1440), (800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ar", "hi"])
def test_the_tutorials_small_score_panel_keeps_each_name_clear_of_its_total(
    lang: str, size
) -> None:  # type: ignore[no-untyped-def]
    """Monkey, seed 5120, step 25: in the tutorial's small score panel at 2560x1440 "Them"
    ran into its 0; the total keeps its own width at the end, the name the rest (cut short
    with an ellipsis when it is longer)."""
    import itertools

    from tarneeb_desktop.ui.kit.style import Style
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    app = app_in(lang, size)
    scene = TutorialScene(app)
    app.switch(scene)
    app.step(FRAME, [])
    rect = scene.score.compact_rect(scene.layout)
    panel = scene.score.compact(Style(*size), rect.w)
    panel.place(Style(*size), rect)
    laid = [ink for _, ink in panel.texts()]
    assert len(laid) == 4 and all(rect.contains(r) for r in laid)
    for a, b in itertools.combinations(laid, 2):
        assert not a.colliderect(b), (lang, size)
