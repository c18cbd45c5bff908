"""A tournament seat played by a player on the LAN: the setup offers it, the window hosts
that game as a LAN table and waits in its lobby until the player has joined (by the normal
join, here a headless ``net.client`` session playing as a computer), the game is played and
its result reaches the standings; a game left in the lobby is hosted again on Continue."""

from __future__ import annotations

import json
import threading
import time

import pygame

from tarneeb_desktop.net.client import ClientSession, play_seat
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.table.tournament import Player, Team, Tournament
from tests import test_ui_lan_local
from tests.test_ui_helpers import FRAME, make_app, mouse
from tests.test_ui_lan_local import step_until

PATIENCE = 90.0  # wall-clock seconds a step may take before the test gives up
# loopback only, no beacon, any free port, computer seats move at once (autouse)
_home = test_ui_lan_local._home


def at_standings(app) -> bool:  # type: ignore[no-untyped-def]
    """The standings are shown, past the champion's trophy when the tournament ended."""
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene

    if isinstance(app.scene, TrophyScene):
        app.scene.activate("continue")
    return isinstance(app.scene, StandingsScene)


def running(first: list[Player]):  # type: ignore[no-untyped-def]
    """A one-game tournament whose first team is ``first``, against computers."""
    from tarneeb_desktop.ui.screens.tournament.play import Running

    teams = [Team.of(first, "Guests")] + [
        Team.of([Player("computer", n, level="random") for n in pair])
        for pair in (("Sami", "Rana"), ("Tarek", "Hala"))
    ]
    t = Tournament(teams, make_rules(target=31), games=1, seed=7)
    r = Running(t, "Cup")
    r.save()
    return r


def join_lan_seat(host, name: str = "Dana", hold=None):  # type: ignore[no-untyped-def]
    """A friend joins by the normal join (any free seat) and plays as a computer; with
    ``hold`` (an Event), from the first trick saved on the friend waits for it (the
    ``blocked`` Event says so) before each move."""
    from tarneeb_desktop.session.tournament import game_path

    friend = ClientSession("127.0.0.1", host.address[1], name=name)
    friend.connect()
    seat = friend.join()
    done: list[bool] = []
    blocked = threading.Event()

    def player(view):  # type: ignore[no-untyped-def]
        if hold is not None and game_path().exists():
            blocked.set()
            hold.wait(PATIENCE)
        return view.legal[0]

    thread = threading.Thread(
        target=lambda: done.append(play_seat(friend, player, 0.0)), daemon=True
    )
    thread.start()
    return friend, seat, thread, done, blocked


def test_the_setup_offers_a_player_on_the_lan() -> None:
    from tarneeb_desktop.ui.i18n import tr
    from tarneeb_desktop.ui.screens.tournament.setup import KINDS, SetupScene

    app = make_app()
    scene = SetupScene(app)
    app.switch(scene)
    app.step(FRAME, [])
    assert "network" in KINDS
    b = next(b for b in scene.buttons() if b.action == "kind:1:0")
    for _ in range(len(KINDS)):
        if scene.teams[1].seats[0].kind == "network":
            break
        app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])
    assert scene.teams[1].seats[0].kind == "network"
    assert next(b for b in scene.buttons() if b.action == "kind:1:0").label == tr("On the LAN")
    t = scene.tournament(seed=1)
    player = t.teams[1].players[0]
    assert player.kind == "network" and player.name == scene.teams[1].seats[0].name.text
    # kept as such in the tournament's save
    assert Tournament.from_dict(t.to_dict()).teams[1].players[0].kind == "network"


def test_a_lan_player_joins_the_lobby_and_the_game_counts_in_the_standings(ui_home) -> None:
    from tarneeb_desktop.session.tournament import tournament_path
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene

    app = make_app(speed="fast")
    r = running([Player("network", "Guest"), Player("computer", "Omar", level="random")])
    app.switch(StandingsScene(app, r))
    app.step(FRAME, [])
    app.scene.activate("play")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.session is None  # nobody plays here
    host = lobby.host
    assert host.bind == "127.0.0.1" and host._beacon is None  # loopback, not announced
    step_until(app, lambda: lobby.lobby.get("seats"), "the lobby")
    assert not lobby.lobby["started"]
    assert [s["kind"] == "open" for s in lobby.lobby["seats"]] == [True, False, False, False]
    friend, seat, thread, done, _ = join_lan_seat(host)
    assert seat == 0
    # the game starts by itself once the LAN seat is taken; the lobby shows the friend
    step_until(app, lambda: lobby.lobby.get("started") or app.scene is not lobby, "the start")
    if app.scene is lobby:
        assert lobby.lobby["seats"][0]["name"] == "Dana"
        assert [b.action for b in lobby.buttons()] == ["back"]  # no Start once it is on
    step_until(app, lambda: at_standings(app), "the standings")
    thread.join(PATIENCE)
    assert done == [True]  # the friend played to the end
    assert len(r.t.results) == 1
    result = r.t.results[0]
    assert result.teams == (0, 1) and max(result.totals) >= 31  # the target reached
    assert list(result.totals) == list(host.table.state.scores)
    assert r.t.finished == "games"
    saved = json.loads(tournament_path().read_text())
    assert len(saved["state"]["results"]) == 1
    # the LAN table is closed
    assert host.loop is None or host.loop.is_closed()


def test_a_person_here_and_a_lan_partner_play_on_the_lan_table(ui_home) -> None:
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="fast")
    r = running([Player("person", "Karim"), Player("network", "Guest")])
    app.switch(StandingsScene(app, r))
    app.step(FRAME, [])
    app.scene.activate("play")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.session is not None
    assert lobby.session.seat == 0
    _friend, seat, thread, done, _ = join_lan_seat(lobby.host)
    assert seat == 2  # the partner's seat, opposite
    step_until(app, lambda: isinstance(app.scene, TableScene), "the table")
    table = app.scene
    assert table.link.remote and table.after_game is not None
    assert table.link.names[2] == "Dana"  # the LAN player's own name
    deadline = time.monotonic() + PATIENCE
    while table.overlay is None or table.overlay.kind != "gameover":
        assert time.monotonic() < deadline, "the game did not end"
        if table.overlay is not None and table.overlay.kind == "summary":
            table.overlay = None
            table.invalidate()
        elif table.my_turn():
            table.act(table.me, table.pv.legal[0])
        app.step(FRAME, [])
        time.sleep(0)
    app.step(FRAME, [])
    go_on = next(b for b in table.overlay_buttons() if b.action == "next")  # Continue
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, go_on.rect.center)])
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, go_on.rect.center)])
    assert at_standings(app)  # past the champion's trophy
    thread.join(PATIENCE)
    assert done == [True]
    assert len(r.t.results) == 1 and r.t.results[0].teams == (0, 1)


def lan_game_started(app, hold):  # type: ignore[no-untyped-def]
    """The one-game tournament of a LAN player and a computer against computers, hosted
    here; the friend joins and plays until the first trick is saved, then waits on ``hold``."""
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene

    r = running([Player("network", "Guest"), Player("computer", "Omar", level="random")])
    app.switch(StandingsScene(app, r))
    app.step(FRAME, [])
    app.scene.activate("play")
    lobby = app.scene
    friend, _seat, thread, done, blocked = join_lan_seat(lobby.host, hold=hold)
    step_until(app, blocked.is_set, "the friend's move after the first trick")
    return r, lobby, friend, thread, done


def test_a_lan_player_who_leaves_is_played_by_the_computer(ui_home) -> None:

    app = make_app(speed="fast")
    hold = threading.Event()
    try:
        r, lobby, friend, _thread, _done = lan_game_started(app, hold)
        host = lobby.host
        host.call(lambda: setattr(host, "disconnect_grace", 0.0))  # no waiting for them
        friend.leave()
        friend.close()
        step_until(app, lambda: at_standings(app), "the standings")
        assert len(r.t.results) == 1 and r.t.finished == "games"
    finally:
        hold.set()


def test_a_lan_game_left_in_the_middle_is_hosted_again_on_continue(ui_home) -> None:
    from tarneeb_desktop.session.tournament import game_path
    from tarneeb_desktop.table.savegame import read_save
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene, resume

    app = make_app(speed="fast")
    hold = threading.Event()
    try:
        r, lobby, _friend, _thread, _done = lan_game_started(app, hold)
        lobby.activate("back")  # Leave: the standings, the table closed, the game kept
        assert isinstance(app.scene, StandingsScene)
        assert lobby.host.loop is None or lobby.host.loop.is_closed()
    finally:
        hold.set()
    saved = read_save(game_path(), need_person=False)
    assert saved is not None and saved.extra["tournament"] == r.id
    again = resume(app)  # Continue: the same game, hosted again, waiting for its player
    assert isinstance(again, LobbyScene) and again.session is None
    app.switch(again)
    state = again.host.table.state
    assert state == saved.state and not again.host.started
    _, seat, thread, done, _ = join_lan_seat(again.host, name="Yara")
    assert seat == 0
    step_until(app, lambda: at_standings(app), "the standings")
    thread.join(PATIENCE)
    assert done == [True]
    assert len(again.after_game.__self__.t.results) == 1  # the Running resumed
