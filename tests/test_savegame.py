"""Saved games: saved after every trick, resumed exactly after a kill, damaged saves set aside,
finished games exported in a form ``tarneeb replay`` accepts."""

from __future__ import annotations

import json

import pygame
import pytest

from tarneeb_desktop.rules import GameOver, GameState, make_rules
from tarneeb_desktop.rules.cards import CARD_NAMES
from tests.test_ui_helpers import FRAME, advance, key, make_app, mouse

pytestmark = pytest.mark.usefixtures("ui_home")


def first_legal(state: GameState) -> str:
    """The first legal action; in the auction the first bidder bids 7 and the others pass,
    so that every hand is played and the game ends."""
    legal = state.legal_actions()
    if state.phase == "auction":
        return "7" if "7" in legal else "pass"
    return legal[0]


def play_until_tricks(app, scene, tricks: int) -> None:
    """Play seat 0's turns (first legal card) until ``tricks`` tricks of the hand are done and
    it is seat 0's turn again."""
    for _ in range(20000):
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None
        if scene.my_turn():
            if scene.pv.phase == "play" and len(scene.table.state.view(0).tricks) >= tricks:
                return
            scene.act(0, first_legal(scene.table.state))
        app.step(FRAME, [])
    raise AssertionError("the game did not get there")


def test_resume_after_a_kill_continues_the_same_game(ui_home) -> None:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="fast")
    app.settings.levels = ["random"] * 4
    app.settings.names = ["Sami", "Karim", "Layla", "Omar"]
    scene = TableScene.new_game(app, make_rules(), seed=77, inline_ai=True, level="random")
    app.switch(scene)
    play_until_tricks(app, scene, 3)
    original = scene.table.state.clone()
    assert (ui_home / "savegame.json").exists()
    # "kill": nothing is closed or saved on the way out; a fresh app reads what is on disk
    app2 = App(app.settings, sound=False)
    app2.switch(MenuScene(app2))
    app2.step(FRAME, [])
    assert app2.scene.buttons()[0].action == "continue"
    app2.step(FRAME, [key(pygame.K_RETURN)])
    resumed = app2.scene
    assert isinstance(resumed, TableScene)
    assert resumed.names == ["Sami", "Karim", "Layla", "Omar"]
    assert resumed.humans == (0,) and resumed.levels == ["random"] * 4 and resumed.seed == 77
    got = resumed.table.state
    assert got.hand_number == original.hand_number and got.calls == original.calls
    # saved after every card (issue 24): nothing of the trick in play is lost
    assert got.plays == original.plays and len(got.plays) >= 12
    # the same game goes on: the lost cards again, then both play out to identical ends
    for card in original.plays[len(got.plays) :]:
        got.apply(CARD_NAMES[card])
    for state in (original, got):
        while not state.is_over():
            state.apply(first_legal(state))
    assert got.history == original.history and got.scores == original.scores


def test_the_save_is_written_after_every_trick(ui_home) -> None:
    from tarneeb_desktop.table.savegame import read_save
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="fast")
    scene = TableScene.new_game(app, make_rules(), seed=5, inline_ai=True, level="random")
    app.switch(scene)
    seen = set()
    for _ in range(6000):
        if scene.my_turn():
            scene.act(0, first_legal(scene.table.state))
        app.step(FRAME, [])
        saved = (
            read_save(ui_home / "savegame.json") if (ui_home / "savegame.json").exists() else None
        )
        if saved is not None:
            seen.add(len(saved.state.plays))
        if len(scene.table.state.view(0).tricks) >= 4:
            break
    assert {4, 8, 12} <= seen


BAD_SAVES = {
    "not_json": "this is not json",
    "truncated": None,  # filled in from a real save, cut in half
    "illegal_record": None,  # a real save with a card nobody holds
    "wrong_format": json.dumps({"format": "somebody-else/3", "data": [1, 2]}),
    "json_null": "null",
    "array": json.dumps([1, 2, 3]),
    "damaged_seats": None,
    "damaged_old_seats": None,  # the offline save format of earlier versions
}


def real_save(path) -> dict:
    from tarneeb_desktop.table.savegame import offline_seats, write_save

    state = GameState.new(make_rules(), seed=12)
    for _ in range(12):
        state.apply(first_legal(state))
    write_save(path, state, offline_seats(["A", "B", "C", "D"], (0,), ["easy"] * 4), 12)
    return json.loads(path.read_text())


@pytest.mark.parametrize("kind", sorted(BAD_SAVES))
def test_a_damaged_save_is_reported_kept_aside_and_never_half_loaded(ui_home, kind) -> None:
    from tarneeb_desktop.table.savegame import SaveError, read_save
    from tarneeb_desktop.ui.screens.menu import MenuScene

    path = ui_home / "savegame.json"
    text = BAD_SAVES[kind]
    if text is None:
        doc = real_save(path)
        if kind == "truncated":
            raw = json.dumps(doc)
            text = raw[: len(raw) // 2]
        elif kind == "illegal_record":
            play = doc["hands"][-1]["plays"]
            play[-1] = play[0]  # a card played twice
            text = json.dumps(doc)
        elif kind == "damaged_seats":
            doc["resume"]["seats"][1]["kind"] = "alien"
            text = json.dumps(doc)
        else:
            doc["resume"] = {
                "format": "tarneeb-save/1",
                "seed": 12,
                "humans": [0, 7],
                "levels": ["easy"] * 4,
                "names": ["A", "B", "C", "D"],
            }
            text = json.dumps(doc)
    path.write_text(text)
    with pytest.raises(SaveError):
        read_save(path)
    assert not path.exists()
    kept = list(ui_home.glob("savegame.json.broken-*"))
    assert len(kept) == 1 and kept[0].read_text() == text
    # the menu: no Continue, and nothing to report any more (it was reported by read_save)
    app = make_app()
    app.switch(MenuScene(app))
    assert "continue" not in [b.action for b in app.scene.buttons()]


def test_the_menu_reports_a_damaged_save(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene

    (ui_home / "savegame.json").write_text("{")
    app = make_app()
    app.switch(MenuScene(app))
    assert "The saved game could not be read." in (app.scene.notice or "")


def test_an_older_bare_record_still_resumes(ui_home) -> None:
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.table.savegame import read_save

    state = GameState.new(make_rules(), seed=3)
    for _ in range(10):
        state.apply(first_legal(state))
    write_record(ui_home / "savegame.json", state, ["A", "B", "C", "D"])
    saved = read_save(ui_home / "savegame.json")
    assert saved is not None and saved.state.plays == state.plays and saved.humans == (0,)


def test_a_finished_game_is_exported_and_replays(ui_home, capsys) -> None:
    from tarneeb_desktop.cli import main
    from tarneeb_desktop.ui.game.ends import GameOverDialog
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules("standard", target=10), seed=4)
    assert advance(state, lambda s: s.is_over(), seed=4)
    app = make_app()
    scene = TableScene(app, state, ["A", "B", "C", "D"], (0,), ["random"] * 4, 4, inline_ai=True)
    app.switch(scene)
    scene.overlay = GameOverDialog(scene, GameOver(state.winner, tuple(state.scores)))
    scene.invalidate()
    app.step(FRAME, [])
    button = next(b for b in scene.overlay_buttons() if b.action == "export")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button.rect.center)])
    chooser = app.scene  # where to, in the file chooser (issue 38); then the same dialog
    assert chooser is not scene and chooser.field.text.startswith("tarneeb-20")
    (ui_home / "mine").mkdir()
    chooser.go(ui_home / "mine")
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert app.scene is scene and scene.overlay.kind == "gameover"
    path = scene.exported
    assert path is not None and path.parent == ui_home / "mine" and path.exists()
    capsys.readouterr()
    assert main(["replay", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["winner"] == state.winner
