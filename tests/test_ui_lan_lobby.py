"""Issue 38, second round: the LAN's table password and lobby, the tournament's screens."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from tarneeb_desktop.net.host import Host
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.session.lan import new_host
from tests.test_ui_helpers import FRAME, key, make_app, wait_decision
from tests.test_ui_lan import step_until, text
from tests.test_ui_tournament import press

pytestmark = pytest.mark.usefixtures("ui_home")


@pytest.fixture
def host_with():  # type: ignore[no-untyped-def]
    """A headless host on loopback (seats 1-3 open, not started) with a password or none."""
    hosts: list[Host] = []

    def open_table(password: str = "") -> Host:
        h = new_host(
            make_rules(),
            seed=3,
            open_seats=[1, 2, 3],
            auto_start=False,
            exit_when_over=False,
            password=password,
        )
        hosts.append(h)
        h.start()
        return h

    yield open_table
    for h in hosts:
        h.stop()


def to_seat_screen(app, h: Host) -> Any:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, SeatScene

    app.switch(JoinScene(app, finder=False))
    app.step(FRAME, [])
    address = f"127.0.0.1:{h.address[1]}"
    app.step(FRAME, [text(address), key(pygame.K_RETURN)])
    assert isinstance(app.scene, SeatScene), app.scene.notice
    return app.scene


# ---------------------------------------------------------------------- item 9: password


def test_a_table_with_a_password_has_its_field_on_the_seat_screen(host_with, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Nothing typed on the Join screen: the seat screen has the password's field (it used
    to say "type it above" with no field above), and the password typed there seats."""
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene

    app = make_app()
    seats = to_seat_screen(app, host_with("pw"))
    app.step(FRAME, [])
    seen = [words for words, _ in seats.texts()] + [b.label for b in seats.buttons()]
    assert "Password" in seen
    app.step(FRAME, [key(pygame.K_RETURN)])  # the first free seat, no password: refused
    assert app.scene is seats and seats.notice
    app.step(FRAME, [text("pw"), key(pygame.K_RETURN)])
    assert isinstance(app.scene, LobbyScene), seats.notice
    app.scene.keep = False


def test_a_table_without_a_password_never_mentions_one(host_with, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    seats = to_seat_screen(app, host_with())
    app.step(FRAME, [])
    seen = [words for words, _ in seats.texts()] + [b.label for b in seats.buttons()]
    assert seen and not any("password" in s.lower() for s in seen), seen


def test_back_from_the_seat_screen_keeps_the_address_typed(host_with) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene

    app = make_app()
    table = host_with()
    to_seat_screen(app, table)
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, JoinScene)
    assert app.scene.address == f"127.0.0.1:{table.address[1]}"


# ---------------------------------------------------------------------- item 10: the lobby


@pytest.fixture
def hosted():  # type: ignore[no-untyped-def]
    """The window's own table (``host_table``, loopback, a 30 s turn timer) with South
    seated here, Omar at North, and a few lines said."""
    from tarneeb_desktop.net.client import ClientSession
    from tarneeb_desktop.session.lan import host_table

    host, sessions = host_table(
        [(0, "Sara")],
        announce=False,
        bind="127.0.0.1",
        port=0,
        ai_delay=0,
        rules=make_rules(),
        open_seats=[0, 1, 2, 3],
        auto_start=False,
        turn_seconds=30,
    )
    omar = ClientSession("127.0.0.1", host.address[1], name="Omar")
    omar.connect()
    omar.join(seat=2, password="")
    for k in range(4):
        omar.chat(f"line {k}")
    yield host, sessions[0]
    omar.close()
    host.stop()


def chat_lines_shown(app, scene) -> int:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.game.chat import history_line

    step_until(app, lambda: len(scene.session.chat_log) >= 4, "the chat")
    said = {history_line(m) for m in scene.session.chat_log}
    app.step(FRAME, [])
    return sum(1 for s, _ in scene.texts() if s in said)


def test_the_hosts_lobby_shows_as_many_chat_lines_as_a_joiners(hosted) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.net.client import ClientSession
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene

    host, mine = hosted
    app = make_app()
    lobby = LobbyScene(app, mine, host=host)
    lobby.keep = True  # the host goes on for the joiner's lobby below
    app.switch(lobby)
    at_host = chat_lines_shown(app, lobby)
    joiner = ClientSession("127.0.0.1", host.address[1], name="Dana")
    joiner.connect()
    joiner.join(seat=3, password="")
    theirs = LobbyScene(app, joiner)
    app.switch(theirs)
    at_joiner = chat_lines_shown(app, theirs)
    assert at_host == at_joiner >= 3
    theirs.keep = True
    joiner.close()


def test_the_host_gives_an_open_seat_to_a_computer_and_opens_it_again(hosted) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
    from tests.test_ui_lan import click

    host, mine = hosted
    app = make_app()
    lobby = LobbyScene(app, mine, host=host)
    app.switch(lobby)
    step_until(app, lambda: 1 in lobby.rows, "the seats")

    def kind(n: int) -> str:
        return str(lobby.lobby["seats"][n]["kind"])

    click(app, lobby.rows[1])
    step_until(app, lambda: kind(1) == "ai", "East to the computer")
    assert host.free_seats() == [3]
    click(app, lobby.rows[1])
    step_until(app, lambda: kind(1) == "open", "East open again")
    assert host.free_seats() == [1, 3]
    lobby.keep = True


def test_set_computer_is_refused_for_a_person_and_after_the_start() -> None:
    host = new_host(make_rules(), seed=1, open_seats=[0, 1], auto_start=False)
    host.seats[0].token = "t"  # someone sits at South
    with pytest.raises(ValueError):
        host.set_computer(0, True)
    host.set_computer(1, True)
    assert host.seats[1].kind == "ai" and host.seats[1].name == host.bots[1]
    host.set_computer(1, False)
    assert host.seats[1].kind == "open"
    host.started = True
    with pytest.raises(ValueError):
        host.set_computer(1, True)
    host.table.close()


# ---------------------------------------------------------------------- item 11: tournament


def watched_game(app):  # type: ignore[no-untyped-def]
    """A tournament of computer teams, its first game on the table, the pause menu's
    standings over it."""
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tarneeb_desktop.ui.screens.tournament.table import TournamentTable
    from tests.test_ui_tournament_results import computer_tournament

    standings = computer_tournament(app, games=3)
    press(app, "play")
    table = app.scene
    assert isinstance(table, TournamentTable) and not table.humans
    deadline = time.monotonic() + 60
    while table.link.table.seq < 2 and time.monotonic() < deadline:  # a call or two made
        wait_decision(table)
        app.step(FRAME, [])
    assert table.link.table.seq >= 2 and not table.link.table.state.is_over()
    table.show_standings()
    over = app.scene
    assert isinstance(over, StandingsScene) and over.table is table
    del standings
    return over


def test_the_pause_menus_standings_say_the_game_under_way() -> None:
    app = make_app()
    over = watched_game(app)
    lines = over.lines()
    assert not any(line.startswith("Next game") for line in lines), lines
    assert any(line.startswith("Game 1 under way:") for line in lines), lines


def test_a_watched_computer_game_is_played_out_from_the_pause_menus_standings() -> None:
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tests.test_ui_tournament_results import GAME_SECONDS

    app = make_app()
    over = watched_game(app)
    link = over.table.link
    assert link.table.seq > 0  # some calls made already
    assert "playout" in [b.action for b in over.buttons()]
    press(app, "playout")
    assert app.scene is over and over.busy() and over.table is None
    assert over.out is link  # that game goes on from where it was
    deadline = time.monotonic() + GAME_SECONDS
    while over.busy() and time.monotonic() < deadline:
        app.step(FRAME, [])
    assert not over.busy() and len(over.t.results) == 1
    assert isinstance(app.scene, StandingsScene)
    assert over.lines()[0].startswith("Game 1: ")


def test_past_tournaments_open_while_a_tournament_runs() -> None:
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tarneeb_desktop.ui.screens.tournament.results import PastScene
    from tests.test_ui_tournament_results import computer_tournament

    app = make_app(speed="instant")
    standings = computer_tournament(app)
    press(app, "past")
    assert isinstance(app.scene, PastScene)
    press(app, "back")
    back = app.scene
    assert isinstance(back, StandingsScene) and back.running.id == standings.running.id


def test_a_tournament_ended_before_any_game_is_not_kept() -> None:
    from tarneeb_desktop.session.tournament import list_past, past_dir
    from tests.test_ui_tournament_results import computer_tournament

    app = make_app(speed="instant")
    computer_tournament(app)
    press(app, "end")
    press(app, "confirm")
    assert app.scene.t.finished == "by_hand"
    assert list_past() == [] and not list(past_dir().glob("*.json"))


def test_the_setup_names_the_rules_naturally_with_their_target() -> None:
    from tarneeb_desktop.rules.options import ALL_PRESETS
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    app = make_app()
    scene = SetupScene(app)
    app.switch(scene)
    labels = []
    for _ in range(len(ALL_PRESETS) + 1):
        labels.append(next(b.label for b in scene.buttons() if b.action == "preset"))
        press(app, "preset")
    # Settings' rules are Standard as it is: offered once, as "Standard", with its target
    assert labels[0] == "Rules: Standard, first team to 31 points"
    assert labels[-1] == labels[0] and len(set(labels)) == len(ALL_PRESETS)
    app.settings.rule_options = {"target": 21}
    app.rules = app.settings.rules()
    scene = SetupScene(app)
    app.switch(scene)
    label = next(b.label for b in scene.buttons() if b.action == "preset")
    assert label == "Rules: Standard (Custom), first team to 21 points"


# ---------------------------------------------------------------------- item 6: Arabic


def test_the_standings_rank_sits_at_the_reading_start_in_arabic() -> None:
    from tarneeb_desktop.settings import Settings
    from tests.test_ui_tournament_results import computer_tournament

    app = make_app(speed="instant")
    standings = computer_tournament(app)
    app.settings = Settings(language="ar", sound=False)
    app.apply_settings()
    app.step(FRAME, [])
    drawn = standings.texts()  # where the laid-out table puts each text
    for rank, team in enumerate(standings.t.standings()):
        number = next(r for s, r in drawn if s == f"{rank + 1}.")
        name = next(r for s, r in drawn if s == team.name)
        assert number.left > name.right, (rank, number, name)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
def test_an_away_seat_says_so_in_whole_phrases_on_its_plate(size) -> None:  # type: ignore[no-untyped-def]
    """Item 10: "away: computer (Medium) plays" was cut a word per line on the narrow plate;
    it is now two short phrases, a line each, at body size."""
    from tarneeb_desktop.rules import GameState
    from tarneeb_desktop.ui import text
    from tarneeb_desktop.ui.game.lan import LanExtras
    from tarneeb_desktop.ui.layout import BOTTOM
    from tests.test_ui_helpers import table_scene

    app = make_app(size=size)
    scene = table_scene(app, GameState.new(make_rules("standard"), seed=3))
    app.step(FRAME, [])
    lay = scene.layout

    class Link:
        @staticmethod
        def away() -> dict[int, str | None]:
            return {1: "medium", 2: None}

    fake = type("Fake", (), {"link": Link()})()
    plate = lay.plate_rect(BOTTOM)
    for seat, words in ((1, ["away", "AI: Medium"]), (2, ["away", "waiting"])):
        sub = LanExtras.away_text(fake, seat)  # type: ignore[arg-type]
        lines = scene.panels.sub_lines(lay, plate, sub)
        assert lines == words, lines
        assert all(text.size_of(line, lay.text, True)[0] < plate.w for line in lines)


def test_the_watched_table_has_a_play_it_out_chip() -> None:
    """With nobody here, the table itself offers "Play it out": the standings show, and the
    game goes on to its end at full speed from where it was."""
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tests.test_ui_lan import click

    app = make_app()
    over = watched_game(app)
    table = over.table
    press(app, "resume")
    assert app.scene is table
    r = table.play_out_rect()
    assert r is not None
    link = table.link
    click(app, r)
    standings = app.scene
    assert isinstance(standings, StandingsScene) and standings.busy() and standings.out is link


def test_no_play_it_out_chip_where_a_person_plays() -> None:
    from tarneeb_desktop.ui.screens.tournament.table import TournamentTable
    from tests.test_ui_tournament import setup_scene

    app = make_app(speed="instant")
    setup_scene(app).start(seed=6)  # South is the person of the first team
    press(app, "play")
    assert isinstance(app.scene, TournamentTable) and app.scene.humans
    assert app.scene.play_out_rect() is None


def test_a_wrong_password_is_called_wrong(host_with) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 10: a password typed but wrong says it is wrong (it used to say "This
    table has a password: type it above"); none typed still asks for it."""
    app = make_app()
    seats = to_seat_screen(app, host_with("pw"))
    app.step(FRAME, [key(pygame.K_RETURN)])  # no password typed
    assert seats.notice == "This table asks for its password: type it above"
    app.step(FRAME, [text("px"), key(pygame.K_RETURN)])
    assert app.scene is seats
    assert seats.notice == "That password is wrong: ask the host for the table's password"


def test_a_joiner_at_a_windowless_table_reads_what_starts_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 18: at a ``tarneeb host`` table (it starts by itself once every open
    seat is taken) the joiner's lobby says so, not "Waiting for the host to start"."""
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.session.lan import new_host
    from tarneeb_desktop.ui.screens.lan import lobby as lan_lobby

    for auto, words in (
        (True, "The game starts by itself once every open seat is taken"),
        (False, "Waiting for the host to start the game..."),
    ):
        h = new_host(make_rules(target=5), open_seats=[1, 2], auto_start=auto, bind="127.0.0.1")
        h.start()
        try:
            app = make_app()
            seats = to_seat_screen(app, h)
            app.step(FRAME, [key(pygame.K_RETURN)])
            lobby = app.scene
            assert isinstance(lobby, lan_lobby.LobbyScene), seats.notice
            deadline = __import__("time").monotonic() + 10
            while lobby.lobby.get("auto_start") is None:
                assert __import__("time").monotonic() < deadline
                app.step(FRAME, [])
            app.step(FRAME, [])
            assert words in [line for line, _ in lobby.texts()]
            lobby.keep = False
        finally:
            h.stop()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_esc_in_a_joiners_lobby_asks_before_leaving(host_with, lang) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 11: Esc in the lobby of someone else's table asks first; Esc or Enter
    (Stay, focused) keeps the seat; Leave the table, chosen with the arrows, goes to the menu.
    The question and its buttons fit, and read from the right in Arabic."""
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tests.text_spy import screen_problems

    app = make_app()
    app.settings.language = lang
    app.apply_settings()
    seats = to_seat_screen(app, host_with(""))
    app.step(FRAME, [key(pygame.K_RETURN)])
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), seats.notice
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    # asked in the window's modal (issue 47): Stay, the safe choice, first and focused
    assert app.scene is lobby and lobby.confirming
    modal = app.modals.top
    assert [action for _label, action in modal.specs] == ["cancel", "leave_yes"]
    stay, leave = modal.buttons(app.size)
    assert stay.focus and (stay.rect.x > leave.rect.x) == (lang == "ar")  # reading side first
    assert screen_problems(app, f"lobby leave {lang}") == []
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Stay
    assert app.scene is lobby and not lobby.confirming and lobby.session.connected
    app.step(FRAME, [key(pygame.K_ESCAPE), key(pygame.K_RETURN)])  # asked; Enter: Stay too
    assert app.scene is lobby and not lobby.confirming
    onward = pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT
    app.step(FRAME, [key(pygame.K_ESCAPE), key(onward), key(pygame.K_RETURN)])  # Leave
    assert isinstance(app.scene, MenuScene)
