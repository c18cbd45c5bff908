"""Undo against the computer: a setting (off by default) that takes back my last card or
call; the scene draws again from the views; the game is marked, saved as marked and kept
out of the statistics; never at a LAN table."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.stats import Statistics, stats_path
from tarneeb_desktop.table.savegame import read_save, savegame_path
from tests.test_ui_helpers import (
    FRAME,
    advance,
    key,
    make_app,
    mouse,
    settle,
    table_scene,
    wait_decision,
)

pytestmark = pytest.mark.usefixtures("ui_home")


def undo_scene(on: bool = True, seed: int = 6):  # type: ignore[no-untyped-def]
    """My turn in the play of a standard game, with undo on or off."""
    state = GameState.new(make_rules("standard"), seed=seed, dealer=3)
    assert advance(
        state, lambda s: s.phase == "play" and s.current_player() == 0 and len(s.tricks) >= 1, seed
    )
    app = make_app(speed="fast")
    app.settings.allow_undo = on
    scene = table_scene(app, state)
    settle(app, scene)
    assert scene.my_turn()
    return app, scene


def play_and_wait(app, scene) -> tuple[str, GameState]:  # type: ignore[no-untyped-def]
    """Play my first legal card and let the computers answer until my turn comes again."""
    before = scene.table.state.clone()
    card = scene.pv.legal[0]
    assert scene.act(scene.me, card)
    settle(app, scene)
    return card, before


def test_undo_is_off_by_default_and_then_changes_nothing() -> None:
    from tarneeb_desktop.ui.i18n import tr

    app, scene = undo_scene(on=False)
    assert not scene.undo.offered
    play_and_wait(app, scene)
    after = scene.table.state.clone()
    app.step(FRAME, [key(pygame.K_u)])
    assert scene.table.state == after and not scene.table.taken_back
    assert scene.toast is not None and scene.toast[0] == tr(
        "Undo is off: turn it on in the settings"
    )


def test_u_takes_back_my_card_and_the_computers_answers_and_redraws_from_the_view() -> None:
    app, scene = undo_scene()
    card, before = play_and_wait(app, scene)
    assert card not in scene.pv.hand
    app.step(FRAME, [key(pygame.K_u)])
    state = scene.table.state
    assert state == before and scene.table.taken_back
    # drawn from the view: my card is back, nothing animates, the trick is the view's
    assert scene.pv == scene.link.view(0) and card in scene.pv.hand
    assert not scene.timeline.running() and not scene.timeline.tweens
    trick = scene.pv.trick
    expected = [((trick[0] + i) % 4, c) for i, c in enumerate(trick[1])] if trick else []
    assert scene.trick_cards == expected and scene.trick_winner is None
    for _ in range(5):
        app.step(FRAME, [])
    assert scene.my_turn() and card in scene.pv.legal  # and the game goes on from there
    # twice in a row: nothing more to take back
    app.step(FRAME, [key(pygame.K_u)])
    assert scene.table.state == before


def test_the_corner_button_undoes_too_and_the_save_is_marked_and_right() -> None:
    app, scene = undo_scene()
    play_and_wait(app, scene)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, scene.undo.rect(scene.layout).center)])
    assert scene.table.taken_back
    saved = read_save(savegame_path())
    assert saved is not None and saved.extra.get("taken_back") is True
    # the save is the table after the take-back: the same position for every seat
    for seat in range(4):
        assert saved.state.view(seat) == scene.table.state.view(seat)
    # resumed, the game is still marked
    from tarneeb_desktop.ui.table_scene import TableScene

    again = TableScene.from_saved(app)
    assert again is not None and again.table.taken_back


def finish_hand(app, scene) -> None:  # type: ignore[no-untyped-def]
    hands = len(scene.table.state.history)
    for _ in range(20000):
        if len(scene.table.state.history) > hands:
            return
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None
        if scene.my_turn():
            scene.act(scene.me, scene.pv.legal[0])
        wait_decision(scene)
        app.step(FRAME, [])
    raise AssertionError("the hand never ended")


def test_a_game_with_a_take_back_is_kept_out_of_the_statistics() -> None:
    app, scene = undo_scene()
    assert Statistics.load(stats_path()).groups == {}
    finish_hand(app, scene)  # a hand counted before any take-back
    counted = Statistics.load(stats_path()).totals()
    assert counted["hands_played"] == 1
    settle(app, scene)
    play_and_wait(app, scene)
    app.step(FRAME, [key(pygame.K_u)])
    # the game is marked: the hand it counted comes out, and no later hand goes in
    assert Statistics.load(stats_path()).totals()["hands_played"] == 0
    assert all(v == 0 for v in Statistics.load(stats_path()).totals().values())
    finish_hand(app, scene)
    assert all(v == 0 for v in Statistics.load(stats_path()).totals().values())


def test_a_resumed_marked_game_is_not_taken_out_twice() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app, scene = undo_scene()
    play_and_wait(app, scene)
    app.step(FRAME, [key(pygame.K_u)])
    finish_hand(app, scene)
    scene.autosave()
    before = Statistics.load(stats_path()).totals()
    again = TableScene.from_saved(app)
    assert again is not None and again.table.taken_back
    app.switch(again)
    settle(app, again)
    play_and_wait(app, again)
    app.step(FRAME, [key(pygame.K_u)])
    assert again.table.taken_back
    finish_hand(app, again)
    assert Statistics.load(stats_path()).totals() == before


def test_the_game_over_dialog_says_a_move_was_taken_back(monkeypatch) -> None:
    from tarneeb_desktop.rules import GameOver
    from tarneeb_desktop.ui.game.ends import GameOverDialog
    from tarneeb_desktop.ui.i18n import tr
    from tests.test_ui_table import _dialog_lines

    app, scene = undo_scene()
    play_and_wait(app, scene)
    app.step(FRAME, [key(pygame.K_u)])
    scene.overlay = GameOverDialog(scene, GameOver(0, (31, 10)))
    lines = _dialog_lines(app, scene, monkeypatch)  # laid out by the kit: wrapped as it fits
    assert tr("A move was taken back: this game is not counted in the statistics") in " ".join(
        lines
    )


def test_no_undo_at_a_lan_table() -> None:
    app, scene = undo_scene()
    scene.link.remote = True
    assert not scene.undo.offered
    before = scene.table.state.clone()
    app.step(FRAME, [key(pygame.K_u)])
    assert scene.table.state == before and not scene.table.taken_back


def test_undo_survives_a_closed_window_and_continue() -> None:
    import json

    from tarneeb_desktop.ui.table_scene import TableScene

    app, scene = undo_scene()
    _, before = play_and_wait(app, scene)
    assert scene.link.can_take_back(scene.me)
    scene.autosave()  # the last save before the window was killed
    position = scene.table.state.clone()
    # a new window: Continue, and the last card can still be taken back
    app = make_app(speed="fast")
    app.settings.allow_undo = True
    again = TableScene.from_saved(app)
    assert again is not None
    assert [again.table.state.view(s) for s in range(4)] == [position.view(s) for s in range(4)]
    app.switch(again)
    settle(app, again)
    assert again.link.can_take_back(again.me) and again.undo.possible()
    app.step(FRAME, [key(pygame.K_u)])
    assert again.table.taken_back
    assert [again.table.state.view(s) for s in range(4)] == [before.view(s) for s in range(4)]
    # a damaged take-back point costs the undo only, never the game
    scene.autosave()
    doc = json.loads(savegame_path().read_text())
    doc["resume"]["undo"]["hand"]["plays"] = ["2C", "2C"]
    savegame_path().write_text(json.dumps(doc))
    saved = read_save(savegame_path())
    assert saved is not None and saved.undo is None
    assert saved.state.view(0) == position.view(0)
