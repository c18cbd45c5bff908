"""Issue 34: the table drawn from the view. Every way onto a table, entered in the middle of a
trick, shows what the view says once no animation runs: the cards already played to the trick
lie on the table (they vanished on a tournament resume, a daily deal's "Go on" and a LAN
rejoin), each hand and its count, the pile, the scores, the contract and no banner; and the
score sheet opens after a thrown-in deal (it crashed in ``theme.draw_label``).

``ui/game/drawn.py`` reads what the table's parts last drew (``scene.drawn``) against the link's
view (``mismatches``); each test enters mid-trick and checks it after a settled frame."""

from __future__ import annotations

import time

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.drawn import mismatches, settled, trick_of
from tests.test_ui_helpers import FRAME, key, make_app, mouse, wait_decision

pytestmark = pytest.mark.usefixtures("ui_home")

NAMES = ["Sara", "Karim", "Layla", "Omar"]


def mid_trick_my_turn(state: GameState, me: int = 0) -> bool:
    return state.phase == "play" and bool(state.trick) and state.current_player() == me


def play_until(app, scene, stop, limit: int = 20000) -> None:  # type: ignore[no-untyped-def]
    """Step the table, the person playing the first legal action, until ``stop()`` holds."""
    for _ in range(limit):
        if stop():
            return
        if scene.overlay is not None and scene.overlay.kind in ("summary",):
            scene.overlay_action("close")
        if scene.my_turn():
            pv = scene.pv
            scene.act(scene.me, pv.legal[-1] if pv.phase != "play" else pv.legal[0])
        wait_decision(scene)
        app.step(FRAME, [])
    raise AssertionError("never reached the position")


def shows_the_view(app, scene, *, mid_trick: bool = True, limit: int = 3000) -> None:  # type: ignore[no-untyped-def]
    """Step without acting until the table is settled, draw a frame, and check that what was
    drawn is the view (and, mid-trick, that the trick's cards are on the table)."""
    for _ in range(limit):
        if settled(scene) and (scene.my_turn() or scene.link.remote):
            break
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay_action("close")
        wait_decision(scene)
        app.step(FRAME, [])
    assert settled(scene)
    scene.dirty = True
    app.step(0.0, [])
    view = scene.link.view(scene.me)
    if mid_trick:
        assert view.trick and view.trick[1], "not entered mid-trick"
        assert scene.drawn.trick == trick_of(view) != ()
    assert mismatches(scene) == []


def test_a_new_game_played_to_the_middle_of_a_trick() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    scene = TableScene.new_game(app, make_rules("standard"), seed=5, inline_ai=True)
    app.switch(scene)
    play_until(app, scene, lambda: mid_trick_my_turn(scene.table.state) and scene.my_turn())
    shows_the_view(app, scene)


def test_continue_after_a_kill_mid_trick() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    scene = TableScene.new_game(app, make_rules("standard"), seed=7, inline_ai=True)
    app.switch(scene)
    play_until(app, scene, lambda: mid_trick_my_turn(scene.table.state) and scene.my_turn())
    scene.autosave()
    app2 = make_app(speed="instant")  # the window was killed: a new one continues
    resumed = TableScene.from_saved(app2)
    assert resumed is not None
    app2.switch(resumed)
    shows_the_view(app2, resumed)


def test_a_tournament_game_resumed_mid_trick() -> None:
    from tarneeb_desktop.session.tournament import game_path
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_ui_tournament import computers_only, press, setup_scene

    app = make_app(speed="instant")
    setup = setup_scene(app)
    computers_only(setup)
    setup.teams[0].seats[0].kind = "person"
    setup.start(seed=4)
    app.step(FRAME, [key(pygame.K_RETURN)])
    table = app.scene
    assert isinstance(table, TableScene)
    flow = table.table
    play_until(
        app,
        table,
        lambda: mid_trick_my_turn(flow.state) and table.my_turn() and game_path().exists(),
    )
    app2 = make_app(speed="instant")  # killed; the menu's Continue on a new window
    app2.switch(MenuScene(app2))
    app2.step(FRAME, [])
    press(app2, "continue")
    resumed = app2.scene
    assert isinstance(resumed, TableScene) and resumed.after_game is not None
    shows_the_view(app2, resumed)


def test_a_daily_deal_gone_on_with_mid_trick() -> None:
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene
    from tarneeb_desktop.ui.screens.daily.play import DailyTableScene
    from tests.test_ui_daily import CODE, _daily_app

    app, scene = _daily_app()
    scene.activate("play")
    table = app.scene
    assert isinstance(table, DailyTableScene)
    play_until(app, table, lambda: mid_trick_my_turn(table.table.state) and table.my_turn())
    table.overlay_action("menu")
    assert scene.dset.saved_deal()
    app2 = make_app(speed="instant")  # the window closed and opened again
    again = DailyScene(app2, CODE, "medium")
    app2.switch(again)
    app2.step(FRAME, [])
    again.activate("play")  # "Go on with deal 1"
    resumed = app2.scene
    assert isinstance(resumed, DailyTableScene)
    shows_the_view(app2, resumed)


def test_play_on_from_the_viewer_mid_trick() -> None:
    from tarneeb_desktop.session import daily
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.play_on_table import PlayOnScene
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene
    from tests.test_ui_daily import CODE

    record = daily.play_computer(CODE, 3, "medium").record
    app = make_app(speed="instant")
    viewer = ViewerScene(app, positions(record), inline=True)
    app.switch(viewer)
    pos = next(p for p in viewer.steps.positions if p.kind == "card" and p.play == 21)
    viewer.go(pos.index)
    viewer.activate("playon")
    turn = (pos.trick[0] + len(pos.trick[1])) % 4 if pos.trick else 0
    viewer.activate(f"seat{turn}")
    scene = app.scene
    assert isinstance(scene, PlayOnScene)
    shows_the_view(app, scene)


def test_the_tutorial_table_mid_trick() -> None:
    from tests.test_tutorial import _click_target, _tutorial, _wait

    app, scene = _tutorial()
    for _ in range(len(scene.lessons)):  # follow the coach until a card is asked mid-trick
        _wait(app, scene)
        if mid_trick_my_turn(scene.table.state):
            break
        _click_target(app, scene)
    shows_the_view(app, scene)


def test_the_score_sheet_after_a_thrown_in_deal() -> None:
    """All four pass in standard (the deal is thrown in): the score sheet opens, with S, and
    its thrown-in row's empty cells draw nothing (they crashed the window)."""
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_text_fit import draw

    state = GameState.new(make_rules("standard"), seed=3, dealer=3)
    for _ in range(4):
        state.apply("pass")
    assert state.history and state.history[-1].contract is None
    for lang in ("en", "ar"):
        i18n.set_language(lang)
        app = make_app(speed="instant")
        scene = TableScene(app, state.clone(), NAMES, (0,), ["random"] * 4, seed=3, inline_ai=True)
        app.switch(scene)
        app.step(FRAME, [key(pygame.K_s)])
        assert scene.overlay is not None and scene.overlay.kind == "scores"
        draw(app, scene)  # the whole sheet, the thrown-in row among its rows
        scene.overlay = None
        b = scene.layout.scores_button
        app.step(
            FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.center), mouse(pygame.MOUSEBUTTONUP, b.center)]
        )
        app.step(FRAME, [])


# ---------------------------------------------------------------------- LAN (loopback only)


@pytest.fixture
def lan(monkeypatch):  # type: ignore[no-untyped-def]
    """Loopback only, no beacon, any free port, computer seats move at once."""
    from tarneeb_desktop.ui.screens.lan import join as lan_scenes

    monkeypatch.setattr(lan_scenes.HostScene, "bind", "127.0.0.1")
    monkeypatch.setattr(lan_scenes.HostScene, "beacon", False)
    monkeypatch.setattr(lan_scenes.HostScene, "ai_delay", 0.0)
    monkeypatch.setattr(lan_scenes, "DEFAULT_PORT", 0)
    hosts = []
    yield hosts
    for h in hosts:
        h.stop()


def mid_trick_host(lan, me: int, open_seats: list[int], **kw):  # type: ignore[no-untyped-def]
    """A host on loopback whose game is in the middle of a trick with ``me`` to play."""
    from tarneeb_desktop.session.lan import new_host
    from tests.test_ui_helpers import advance

    state = GameState.new(make_rules("standard"), seed=9, dealer=3)
    assert advance(state, lambda s: mid_trick_my_turn(s, me), seed=9)
    host = new_host(
        make_rules("standard"),
        seed=9,
        state=state,
        open_seats=open_seats,
        ai_level="random",
        auto_start=True,
        exit_when_over=False,
        **kw,
    )
    host.start()
    lan.append(host)
    return host


def test_a_lan_player_joins_and_rejoins_mid_trick(lan) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tests.test_ui_lan import join_through_the_window
    from tests.test_ui_lan_local import button, click, lan_table, step_until

    host = mid_trick_host(lan, 0, [0])
    app = make_app(speed="fast")
    join_through_the_window(app, host)
    scene = app.scene
    shows_the_view(app, scene)
    scene.session.close()  # the window is killed: no goodbye, the seat is kept
    app2 = make_app(speed="fast")
    app2.switch(MenuScene(app2))
    app2.step(FRAME, [])
    click(app2, button(app2.scene, "lan_rejoin").rect.center)
    step_until(app2, lambda: lan_table(app2.scene), "the table again")
    shows_the_view(app2, app2.scene)
    app2.scene.on_hide()


def test_a_watcher_arrives_mid_trick(lan) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, SeatScene
    from tests.test_lan_people_ui import typed
    from tests.test_ui_lan_local import lan_table, step_until

    host = mid_trick_host(lan, 2, [], ai_delay=600.0)  # nobody moves while we look
    app = make_app(speed="fast")
    join = JoinScene(app, finder=False)
    app.switch(join)
    app.step(FRAME, [])
    app.step(FRAME, [*typed(f"127.0.0.1:{host.address[1]}"), key(pygame.K_RETURN)])
    seat = app.scene
    assert isinstance(seat, SeatScene), join.notice
    step_until(app, lambda: seat.seats(), "the seats")
    app.step(FRAME, [key(pygame.K_RETURN)])  # Watch has the focus at a full table
    step_until(app, lambda: lan_table(app.scene), "the watched table")
    assert app.scene.link.watching
    shows_the_view(app, app.scene)
    app.scene.on_hide()


def test_the_host_leaves_for_the_menu_mid_trick_and_comes_back(lan) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import HostScene, LobbyScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tests.test_ui_lan_local import button, click, lan_table, step_until

    app = make_app(speed="instant")
    app.switch(HostScene(app))
    app.step(FRAME, [])
    for seat in (1, 2, 3):  # the other seats: computers
        while button(app.scene, f"seat:{seat}") and app.scene.choice[seat] != "ai":
            click(app, button(app.scene, f"seat:{seat}").rect.center)
    click(app, button(app.scene, "open").rect.center)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), getattr(lobby, "notice", None)
    lan.append(lobby.host)
    step_until(app, lambda: lan_table(app.scene) or lobby.session.lobby is not None, "lobby")
    if not lan_table(app.scene):
        click(app, button(lobby, "start").rect.center)
    step_until(app, lambda: lan_table(app.scene), "the table")
    table = app.scene
    for _ in range(20000):  # the person plays on until their card is asked mid-trick
        if table.my_turn() and table.pv.phase == "play" and table.pv.trick and table.pv.trick[1]:
            break
        if table.overlay is not None and table.overlay.kind == "summary":
            table.overlay_action("close")
        elif table.my_turn():
            pv = table.pv
            table.act(table.me, pv.legal[-1] if pv.phase != "play" else pv.legal[0])
        app.step(FRAME, [])
        time.sleep(0)  # the host's threads run
    lan[-1].ai_delay = 600.0  # the stand-in and the computers wait while we look
    app.show_menu()  # the host in the menu: the table goes on (here it waits for me)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.lan_hosted
    click(app, button(menu, "continue").rect.center)
    step_until(app, lambda: lan_table(app.scene), "the hosted table again")
    shows_the_view(app, app.scene)
