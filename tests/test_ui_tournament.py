"""The tournament's screens: setup, a game on the normal table, the standings between games,
the champion; saved after every trick and resumed from the menu's Continue."""

from __future__ import annotations

import json

import pygame
import pytest

from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.table.history import list_kept
from tests.test_ui_helpers import FRAME, key, make_app, mouse

pytestmark = pytest.mark.usefixtures("ui_home")


def setup_scene(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    scene = SetupScene(app)
    app.switch(scene)
    app.step(FRAME, [])
    return scene


def press(app, action: str) -> None:  # type: ignore[no-untyped-def]
    """Click the button for ``action``: the open question's (the window's modal), else the
    current scene's."""
    modal = app.modals.top
    buttons = modal.buttons(app.size) if modal is not None else app.scene.buttons()
    b = next(b for b in buttons if b.action == action)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])


def computers_only(scene, level: str = "random") -> None:  # type: ignore[no-untyped-def]
    for team in scene.teams:
        for s in team.seats:
            s.kind = level
    scene.rebuild()


def play_to_game_over(app, limit: int = 40000):  # type: ignore[no-untyped-def]
    """Step the table until its game-over dialog is open; returns the table scene."""
    scene = app.scene
    for _ in range(limit):
        app.step(FRAME, [])
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None  # the hand's summary: go on
        if scene.overlay is not None and scene.overlay.kind == "gameover":
            return scene
    raise AssertionError("the game did not end")


def test_setup_edits_teams_names_rules_and_the_end() -> None:
    app = make_app()
    scene = setup_scene(app)
    assert len(scene.teams) == 3 and scene.teams[0].seats[0].kind == "person"
    assert scene.teams[0].name.text == f"{scene.teams[0].seats[0].name.text} & Layla"
    # a player's new name renames the team, until the team's name is typed
    first = [b.action for b in scene.buttons()].index("pname:1:0")
    scene.focus = first
    for _ in range(len(scene.teams[1].seats[0].name.text)):
        app.step(FRAME, [key(pygame.K_BACKSPACE)])
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="Zed")])
    assert scene.teams[1].name.text == "Zed & Nour"
    scene.focus = [b.action for b in scene.buttons()].index("name:1")
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="!")])
    assert scene.teams[1].named and scene.teams[1].name.text == "Zed & Nour!"
    scene.focus = first
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert scene.teams[1].name.text == "Zed & Nour!"  # typed names stay
    # teams come and go between 3 and 8
    for _ in range(10):
        if not any(b.action == "add" for b in scene.buttons()):
            break
        press(app, "add")
    assert len(scene.teams) == 8
    press(app, "remove:7")
    assert len(scene.teams) == 7
    # a seat's kind, the rules (every preset, 41 included) and the end go round
    press(app, "kind:2:1")
    assert scene.teams[2].seats[1].kind != "medium"
    seen = set()
    for _ in range(len(ALL_PRESETS)):
        seen.add(list(ALL_PRESETS)[scene.preset])
        press(app, "preset")
    assert seen == set(ALL_PRESETS)
    assert scene.end == "games" and scene.counts["games"] == 6
    b = next(b for b in scene.buttons() if b.action == "count")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (b.rect.right - 3, b.rect.centery))])
    assert scene.counts["games"] == 7
    press(app, "end")
    assert scene.end == "streak"
    press(app, "end")
    t = scene.tournament(seed=1)
    assert t.knockout and t.games is None and len(t.teams) == 7
    assert t.teams[1].name == "Zed & Nour!"


def test_the_mouse_focuses_a_button_and_a_click_in_a_name_puts_the_caret_there() -> None:
    """A move over a button focuses it (every button screen's hover, ``theme.button_at``);
    a click in a player's name focuses that field and types there; a click elsewhere
    moves nothing."""
    app = make_app()
    scene = setup_scene(app)
    actions = [b.action for b in scene.buttons()]
    target = actions.index("pname:2:0")
    rect = scene.buttons()[target].rect
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, rect.center)])
    assert scene.focus == target
    scene.focus = 0
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rect.center)])
    assert scene.focus == target
    before = scene.teams[2].seats[0].name.text
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="Q")])
    assert scene.teams[2].seats[0].name.text == before + "Q"
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, (1, 1))])  # over no button
    assert scene.focus == target


def test_setup_to_game_to_standings_to_the_next_game(ui_home, monkeypatch) -> None:
    from tarneeb_desktop.ui.screens.tournament.play import Running, StandingsScene
    from tarneeb_desktop.ui.table_scene import TableScene

    # the Start button's seed, fixed: a random one made some games very long
    monkeypatch.setenv("TARNEEB_TEST_SEED", "5")
    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    press(app, "start")
    standings = app.scene
    assert isinstance(standings, StandingsScene)
    running = standings.running
    assert running.t.seed == 5
    assert "Next game (1)" in " ".join(standings.lines())
    assert (ui_home / "tournament.json").exists()
    app.step(FRAME, [key(pygame.K_RETURN)])  # Play the next game
    table = app.scene
    assert isinstance(table, TableScene) and table.after_game is not None
    assert table.names == running.t.names(running.t.next_game())
    play_to_game_over(app)
    # counted the moment it ended, and saved: quitting now would lose nothing
    assert len(running.t.results) == 1
    saved = Running.load()
    assert saved is not None and len(saved.t.results) == 1
    result = running.t.results[0]
    assert result.winner in (0, 1) and result.totals == tuple(table.table.state.scores)
    kept = list_kept().games
    assert len(kept) == 1 and kept[0].tournament == running.name and kept[0].game == 1
    next_button = next(b for b in table.overlay_buttons() if b.action == "next")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, next_button.rect.center)])
    standings = app.scene
    assert isinstance(standings, StandingsScene) and standings.running is running
    pairing = running.t.next_game()
    # the winner stays on in its seats; the team that waited comes on
    assert result.winner in pairing.teams and 2 in pairing.teams
    assert pairing.teams.index(result.winner) == result.teams.index(result.winner)
    rows = standings.rows()
    assert rows[0][1]["won"] == "1" and rows[0][1]["run"] == "1"
    assert sum(int(r[1]["played"]) for r in rows) == 2
    lines = " ".join(standings.lines())
    assert "Game 1:" in lines and "Next game (2)" in lines and "Waiting:" in lines
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, TableScene)
    assert app.scene.names == running.t.names(pairing)


def test_a_person_plays_at_the_bottom_and_is_counted(ui_home) -> None:
    from tarneeb_desktop.stats import StatsRecorder
    from tarneeb_desktop.table.tournament import Pairing
    from tarneeb_desktop.ui.screens.tournament.play import Running

    app = make_app()
    scene = setup_scene(app)
    computers_only(scene)
    scene.teams[1].seats[1].kind = "person"  # a person in the second team only
    t = scene.tournament(seed=2)
    running = Running(t, "T")
    off, players = running.table_seats(t.next_game())
    assert off == 3 and players[0].kind == "person"  # the table is turned: they sit at South
    assert [p.name for p in players] == [t.names(Pairing(0, (0, 1)))[(s + 3) % 4] for s in range(4)]
    table = running.game_scene(app)
    app.switch(table)
    assert table.humans == (0,) and table.names[0] == scene.teams[1].seats[1].name.text
    assert any(
        isinstance(getattr(f, "__self__", None), StatsRecorder) for f in table.table.listeners
    )


def test_save_and_resume_in_the_middle_of_a_tournament_game(ui_home) -> None:
    from tarneeb_desktop.session.tournament import game_path
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.teams[0].seats[0].kind = "person"
    scene.start(seed=4)
    running = app.scene.running
    app.step(FRAME, [key(pygame.K_RETURN)])
    table = app.scene
    assert isinstance(table, TableScene) and table.humans == (0,)
    flow = table.table
    for _ in range(20000):  # the person plays their first legal action until a trick is won
        app.step(FRAME, [])
        if table.overlay is not None:
            table.overlay = None
        if flow.state.tricks and game_path().exists():
            break
        if table.my_turn():
            table.act(0, table.pv.legal[-1] if table.pv.phase != "play" else table.pv.legal[0])
    assert flow.state.tricks and game_path().exists()
    saved_doc = json.loads(game_path().read_text())
    assert saved_doc["resume"]["tournament"] == running.id
    state = flow.state.clone()
    app.show_menu()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert menu.buttons()[0].action == "continue"
    press(app, "continue")
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed.after_game is not None
    assert resumed.table.state.plays == state.plays and resumed.table.state.calls == state.calls
    assert resumed.table.state.history == state.history
    assert resumed.names == table.names


def test_continue_between_games_shows_the_standings(ui_home) -> None:
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.start(seed=6)
    running = app.scene.running
    app.step(FRAME, [key(pygame.K_RETURN)])
    play_to_game_over(app)
    app.show_menu()  # quit at the game-over dialog: the game already counts
    press(app, "continue")
    standings = app.scene
    assert isinstance(standings, StandingsScene)
    assert standings.running.t.to_dict() == running.t.to_dict()
    assert len(standings.running.t.results) == 1


def test_ending_by_hand_asks_first_then_crowns_the_champion(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.start(seed=7)
    standings = app.scene
    standings.running.t.record_result(1, (12, 31), 5)  # the second team won the first game
    press(app, "end")  # asked in the window's modal (issue 47), Cancel focused
    assert standings.confirming and app.modals.top.specs[0][1] == "cancel"
    app.step(FRAME, [key(pygame.K_RETURN)])  # Enter on the focused Cancel: nothing ends
    assert standings.t.finished is None and not standings.confirming
    press(app, "end")
    confirm = next(b for b in app.modals.top.buttons(app.size) if b.action == "confirm")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, confirm.rect.center)])
    assert standings.t.finished == "by_hand" and standings.t.champion() == 1
    # the champion's moment first (issue 38), then the standings
    from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene

    assert isinstance(app.scene, TrophyScene)
    app.step(FRAME, [])
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, StandingsScene) and app.scene.t is standings.t
    standings = app.scene
    assert [b.action for b in standings.buttons()] == ["rematch", "results", "new", "menu"]
    app.step(FRAME, [])
    press(app, "menu")
    assert isinstance(app.scene, MenuScene)
    assert "continue" not in [b.action for b in app.scene.buttons()]
    press(app, "tournament")  # a finished tournament: the setup of a new one
    assert not isinstance(app.scene, StandingsScene)


def test_the_champion_after_the_games_chosen(ui_home) -> None:
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.counts["games"] = 1
    scene.start(seed=8)
    running = app.scene.running
    app.step(FRAME, [key(pygame.K_RETURN)])
    table = play_to_game_over(app)
    table.overlay_action("next")
    from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene

    trophy = app.scene  # the champion's moment (issue 38): a trophy, then the standings
    assert isinstance(trophy, TrophyScene)
    app.step(FRAME, [])
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    standings = app.scene
    assert isinstance(standings, StandingsScene)
    assert running.t.finished == "games"
    winner = running.t.results[0].winner
    assert running.t.champion() == winner
    assert standings.lines()[-1] == "All the games chosen have been played"
    assert [b.action for b in standings.buttons()] == ["rematch", "results", "new", "menu"]
    app.step(FRAME, [])


def test_two_people_share_the_screen_with_the_privacy_cover(ui_home) -> None:
    from tarneeb_desktop.ui.screens.tournament.play import Running

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.teams[0].seats[0].kind = "person"
    scene.teams[1].seats[0].kind = "person"  # opponents at the same screen
    running = Running(scene.tournament(seed=3), "T")
    table = running.game_scene(app)
    app.switch(table)
    assert table.humans == (0, 1) and table.cover.hotseat


def test_continue_takes_the_newer_of_the_offline_game_and_the_tournament(ui_home) -> None:
    import os

    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.session.tournament import tournament_path
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app()
    scene = setup_scene(app)
    computers_only(scene)
    scene.start(seed=9)
    offline = ui_home / "savegame.json"
    write_record(offline, GameState.new(make_rules(), seed=2), ["You", "A", "B", "C"])
    t = tournament_path().stat().st_mtime
    os.utime(offline, (t + 10, t + 10))  # the offline game was saved last
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    # the words under Continue name what it takes (they said the tournament here)
    assert (app.scene.resumes or "").endswith(", hand 1"), app.scene.resumes
    press(app, "continue")
    assert isinstance(app.scene, TableScene) and app.scene.after_game is None
    app.switch(MenuScene(app))  # (leaving the table saved the offline game again)
    app.step(FRAME, [])
    os.utime(offline, (t - 10, t - 10))  # now the tournament is the newer
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    assert app.scene.resumes == "The tournament in progress"
    os.utime(offline, (t + 20, t + 20))  # saved again while the menu shows: Continue
    press(app, "continue")  # reads the saves again and takes the newer
    assert isinstance(app.scene, TableScene)
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    os.utime(offline, (t - 10, t - 10))
    press(app, "continue")
    assert isinstance(app.scene, StandingsScene)


def test_a_damaged_tournament_save_is_said_and_set_aside(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    (ui_home / "tournament.json").write_text('{"format": "tarneeb-tournament-save/1"}')
    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    assert "continue" not in [b.action for b in app.scene.buttons()]
    assert "The saved tournament could not be read." in (app.scene.notice or "")
    app.step(FRAME, [key(pygame.K_RETURN)])  # OK: the notice has been read
    press(app, "tournament")
    assert isinstance(app.scene, SetupScene)
    assert not (ui_home / "tournament.json").exists()


@pytest.mark.parametrize("lang", ["en", "ar", "de"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_champions_trophy_names_the_team_and_the_final_standings(ui_home, lang, size) -> None:
    """Issue 38: the champion gets a moment: a trophy screen with the winning team, its
    players and the final standings; every text fits; a click on Continue goes on."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene
    from tests.test_ui_helpers import mouse
    from tests.text_spy import TextSpy, Traced, problems

    app = make_app(size, speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.start(seed=7)
    standings = app.scene
    t = standings.running.t
    t.record_result(1, (12, 31), 5)
    t.finish()
    gone: list[bool] = []
    i18n.set_language(lang)
    try:
        trophy = TrophyScene(app, t, then=lambda: gone.append(True))
        app.switch(trophy)
        app.step(FRAME, [])
        champion = t.teams[t.champion()]
        with TextSpy():
            surface = Traced(app.surface.get_size())
            trophy.draw(surface)
        texts = [i.label for i in surface.items if i.kind == "text"]
        assert champion.name in texts
        assert any(champion.players[0].name in x and champion.players[1].name in x for x in texts)
        assert sum(1 for x in texts if x.startswith(("1.", "2.", "3."))) == len(t.teams)
        body = round(trophy_layout(app).text * 0.8)
        window = pygame.Rect((0, 0), app.surface.get_size())
        assert problems(surface.items, window, body, f"trophy {lang}") == []
        (b,) = trophy.buttons()
        app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])
        assert gone == [True]
    finally:
        i18n.set_language("en")


def trophy_layout(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.layout import Layout

    return Layout(*app.surface.get_size())
