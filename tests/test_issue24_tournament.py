"""Issue 24 in the tournament's screens: the standings say whether a game is in progress
(defect 7), and games between two computer teams can be played out (defect 5)."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_helpers import FRAME, key, make_app, mouse
from tests.test_ui_tournament import computers_only, press, setup_scene

pytestmark = pytest.mark.usefixtures("ui_home")


def test_the_standings_say_whether_a_game_is_in_progress(ui_home) -> None:
    """Defect 7: between games "Play the next game" and an end question that does not speak
    of a game in progress; with a game started and saved, "Resume game 1" and the question
    that says the game will not count."""
    from tarneeb_desktop.ui.table_scene import TableScene
    from tarneeb_desktop.ui.tournament_play import Running, StandingsScene, game_path

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
    assert during.end_question() == (
        "End the tournament now? The game in progress does not count."
    )
    press(app, "cancel")
    press(app, "play")
    assert isinstance(app.scene, TableScene)
    assert app.scene.table.state.calls or app.scene.table.state.plays  # the same game, resumed
