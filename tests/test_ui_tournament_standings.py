"""Issue 24 in the tournament's screens: the standings say whether a game is in progress
(defect 7), and games between two computer teams can be played out (defect 5)."""

from __future__ import annotations

import pytest

from tests.test_ui_helpers import FRAME, make_app
from tests.test_ui_tournament import computers_only, press, setup_scene

pytestmark = pytest.mark.usefixtures("ui_home")


def test_the_standings_say_whether_a_game_is_in_progress(ui_home) -> None:
    """Defect 7: between games "Play the next game" and an end question that does not speak
    of a game in progress; with a game started and saved, "Resume game 1" and the question
    that says the game will not count."""
    from tarneeb_desktop.session.tournament import game_path
    from tarneeb_desktop.ui.screens.tournament.play import Running, StandingsScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.teams[0].seats[0].kind = "person"
    scene.start(seed=4)
    standings = app.scene
    assert isinstance(standings, StandingsScene) and not standings.in_progress
    play = next(b for b in standings.buttons() if b.action == "play")
    assert play.label == "Play the next game"
    press(app, "end")
    assert "in progress" not in standings.end_question()
    press(app, "cancel")
    press(app, "play")
    table = app.scene
    assert isinstance(table, TableScene)
    for _ in range(2000):
        app.step(FRAME, [])
        if game_path().exists():
            break
        if table.my_turn():
            table.act(0, table.pv.legal[-1] if table.pv.phase != "play" else table.pv.legal[0])
    assert game_path().exists()
    running = Running.load()
    assert running is not None
    during = StandingsScene(app, running)
    app.switch(during)
    app.step(FRAME, [])
    assert during.in_progress
    play = next(b for b in during.buttons() if b.action == "play")
    assert play.label == "Resume game 1"
    press(app, "end")
    assert during.end_question() == ("End the tournament now? The game in progress does not count.")
    press(app, "cancel")
    press(app, "play")
    assert isinstance(app.scene, TableScene)
    assert app.scene.table.state.calls or app.scene.table.state.plays  # the same game, resumed


def test_a_game_of_two_computer_teams_is_played_out_behind_the_standings(ui_home) -> None:
    """Defect 5: "Play it out" plays a computer-only game at full speed to its end (no
    hand summaries to click); the result is counted, saved and said on the standings."""
    from tarneeb_desktop.table.history import list_kept
    from tarneeb_desktop.ui.screens.tournament.play import Running, StandingsScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene, "easy")
    scene.start(seed=6)
    standings = app.scene
    assert isinstance(standings, StandingsScene) and standings.can_play_out()
    press(app, "playout")
    assert standings.busy()
    assert [b.action for b in standings.buttons()] == ["watch", "menu"]
    assert standings.lines()[0].startswith("Playing game 1 out:")
    for _ in range(5000):
        app.step(FRAME, [])
        if not standings.busy():
            break
    assert app.scene is standings and not standings.busy()
    assert len(standings.t.results) == 1
    r = standings.t.results[0]
    names = [team.name for team in standings.t.teams]
    assert standings.lines()[0].startswith(f"Game 1: {names[r.winner]} beat {names[r.loser]}")
    saved = Running.load()
    assert saved is not None and len(saved.t.results) == 1
    assert len(list_kept().games) == 1
    assert "playout" in [b.action for b in standings.buttons()]  # the next game too


def test_play_it_out_is_offered_only_without_people(ui_home) -> None:
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene

    app = make_app(speed="instant")
    scene = setup_scene(app)
    computers_only(scene)
    scene.teams[0].seats[0].kind = "person"
    scene.start(seed=4)
    standings = app.scene
    assert isinstance(standings, StandingsScene)
    pairing = standings.t.next_game()
    people_play = any(p.kind == "person" for p in standings.t.seats(pairing))
    assert standings.can_play_out() == (not people_play)
    assert ("playout" in [b.action for b in standings.buttons()]) == (not people_play)


def test_the_champion_on_a_tie_of_wins_is_explained() -> None:
    """Defect 6: three teams with a game won each: the line says the points decided."""
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.table.tournament import Player, Team, Tournament
    from tarneeb_desktop.ui.screens.tournament.play import Running, StandingsScene

    names = ("Cedar", "Olive", "Palm")
    teams = [Team.of([Player.from_spec("easy")] * 2, name=n) for n in names]
    t = Tournament(teams, make_rules("standard"), games=3, seed=1)
    stays = None
    for k, (win, lose) in enumerate(((31, 10), (31, 30), (31, 10))):
        pairing = t.next_game()
        assert pairing is not None
        # the first game's first team wins; then the team that stayed on loses each time
        side = 0 if k == 0 else 1 - pairing.teams.index(stays)
        t.record_result(side, (win, lose) if side == 0 else (lose, win), 5)
        stays = pairing.teams[side]
    rows = t.standings()
    assert t.finished == "games" and [r.won for r in rows] == [1, 1, 1]
    assert t.tie_break() == "points"
    app = make_app(speed="instant")
    scene = StandingsScene(app, Running(t, "Cup"))
    line = scene.tie_line()
    assert line == (
        f"{rows[0].name} and {rows[1].name} are level on wins (1 each): {rows[0].name} has the better "
        "points difference (+20 against 0)"
    )
    assert scene.lines()[-1] == line
    assert scene.lines()[-2] == "All the games chosen have been played"
