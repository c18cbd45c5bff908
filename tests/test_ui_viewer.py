"""The replay viewer: every step of a record shows exactly the record's position, forward
and back, for every preset (41 included); the keys and buttons move as they say; the
double-dummy marks are the analysis's own numbers and come off the UI thread; ``tarneeb
view`` refuses a bad file like ``tarneeb replay``."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.ai.analysis import analyse_plays, could_have_taken
from tarneeb_desktop.record import replay, to_record
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.cards import CARD_NAMES, cards_of
from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.session.record_steps import Position, Steps, positions
from tarneeb_desktop.ui.screens.viewer.hands import result_line
from tests.test_ui_helpers import FRAME, advance, key, make_app, mouse

pytestmark = pytest.mark.usefixtures("ui_home")
DATA = Path(__file__).parent / "data"
needs_dds = pytest.mark.skipif(not dds.available(), reason="no DDS library")


def record_of(preset: str, seed: int, hands: int = 2, **options: object) -> dict:
    """A record of ``hands`` hands of random legal play (and the next deal, unfinished)."""
    state = GameState.new(make_rules(preset, **options), seed=seed)
    advance(state, lambda s: len(s.history) >= hands or s.is_over(), seed=seed, limit=5000)
    return to_record(state, ["Sami", "Rana", "Omar", "Hala"])


def cut(doc: dict, p: Position) -> dict:
    """The record cut just after step ``p``: replaying it must give p's position."""
    hands = [dict(h) for h in doc["hands"][: p.hand + 1]]
    if p.kind == "end":
        return {**doc, "hands": hands}
    h, src = hands[-1], doc["hands"][p.hand]
    for k in ("trump", "plays", "redeal"):  # a redeal is the step that ends its hand
        h.pop(k, None)
    h["calls"] = [c for _, c in p.calls] if p.kind != "deal" else []
    if p.trump is not None and "trump" in src:
        h["trump"] = src["trump"]
    if p.kind == "card":
        h["plays"] = src["plays"][: p.play + 1]
    return {**doc, "hands": hands}


def same_as_replayed(doc: dict, p: Position) -> None:
    g = replay(cut(doc, p)).state
    if p.kind == "end":  # the hand's last position: its row says what it came to
        row = g.history[p.hand]
        assert (g.scores[0], g.scores[1]) == p.scores
        assert row.tricks == p.tricks_won and p.result == row
        if row.plays:
            assert all(not h for h in p.holdings)
            assert p.trick is not None and p.trick[1] == row.plays[-len(p.trick[1]) :]
        return
    assert tuple(tuple(cards_of(m)) for m in g.hands) == p.holdings
    assert tuple(g.calls) == p.calls
    assert (g.tricks_won[0], g.tricks_won[1]) == p.tricks_won
    assert (g.scores[0], g.scores[1]) == p.scores
    assert p.dealer == g.dealer
    if g.rules.game == "41":
        assert p.seat_scores == tuple(g.seat_scores)
        assert p.bids == tuple(None if b < 0 else b for b in g.bids)
    if p.trick_winner is None:
        on_table = tuple(CARD_NAMES[c] for c in g.trick) if g.phase == "play" else None
        assert (p.trick[1] if p.trick else None) == on_table
    else:  # a trick just completed stays on the table: the replay has it as its last trick
        lead, cards, winner = g.tricks[-1]
        assert p.trick == (lead, tuple(CARD_NAMES[c] for c in cards)) and p.trick_winner == winner


def viewer(doc: dict, inline: bool = True):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    app = make_app()
    scene = ViewerScene(app, positions(doc), title="test", inline=inline)
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene


OPTIONS = {"weak_hand_redeal": True, "no_trump_allowed": True, "auction": "once"}


@pytest.mark.parametrize("preset", [*sorted(ALL_PRESETS), "options-redeal", "options-keep"])
def test_stepping_forward_and_back_shows_the_record_position(preset: str) -> None:
    if preset.startswith("options"):  # weak-hand redeals and keeps, no trump, one call each
        doc = record_of(
            "standard", seed=30 if preset == "options-redeal" else 7, hands=4, **OPTIONS
        )
        said = [p.action[1] for p in positions(doc).positions if p.action]
        assert ("redeal" if preset == "options-redeal" else "keep") in said
    else:
        doc = record_of(preset, seed=3)
    app, scene = viewer(doc, inline=False)
    scene.pool.cancel()
    seen = []
    while True:
        same_as_replayed(doc, scene.position)
        seen.append(scene.position.index)
        if scene.index == scene.steps.last:
            break
        app.step(FRAME, [key(pygame.K_RIGHT)])
    assert seen == list(range(scene.steps.last + 1)) and len(seen) > 60
    kinds = {p.kind for p in scene.steps.positions}
    assert {"deal", "call", "card", "end"} <= kinds
    while scene.index > 0:
        app.step(FRAME, [key(pygame.K_LEFT)])
        same_as_replayed(doc, scene.position)
    app.step(FRAME, [key(pygame.K_LEFT)])
    assert scene.index == 0


@pytest.mark.parametrize("name", ["standard-game", "egyptian-game", "lebanese400-game"])
def test_whole_example_games_match_their_replay(name: str) -> None:
    doc = json.loads((DATA / f"{name}.json").read_text())
    steps = positions(doc)
    for p in steps.positions:
        same_as_replayed(doc, p)
    assert steps.positions[-1].over and steps.positions[-1].kind == "end"


def test_the_keys_go_to_tricks_hands_and_the_ends() -> None:
    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = viewer(doc, inline=False)
    scene.pool.cancel()
    steps: Steps = scene.steps
    app.step(FRAME, [key(pygame.K_DOWN)])  # to the end of the first trick
    p = scene.position
    assert p.kind == "card" and p.trick_winner is not None and p.play == 3
    app.step(FRAME, [key(pygame.K_DOWN)])
    assert scene.position.play == 7 and scene.position.trick_winner is not None
    app.step(FRAME, [key(pygame.K_UP)])  # back to where the second trick starts
    nxt = steps.positions[scene.index + 1]
    assert nxt.play == 4 and scene.position.play == 3
    # "Hand ▶" goes to the next hand's start, as "◀ Hand" goes to this one's (issue 24, 8)
    app.step(FRAME, [key(pygame.K_PAGEDOWN)])
    assert scene.position.kind == "deal" and scene.position.hand == 1
    app.step(FRAME, [key(pygame.K_PAGEDOWN)])
    assert scene.position.kind == "deal" and scene.position.hand == 2
    app.step(FRAME, [key(pygame.K_PAGEUP)])
    assert scene.position.kind == "deal" and scene.position.hand == 1
    app.step(FRAME, [key(pygame.K_END)])
    assert scene.index == steps.last and scene.position.over
    app.step(FRAME, [key(pygame.K_HOME)])
    assert scene.index == 0 and scene.position.kind == "deal"
    # the buttons do the same: one step forward, then play and pause
    fwd = next(b for b in scene.buttons() if b.action == "fwd1")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, fwd.rect.center)])
    assert scene.index == 1
    app.step(FRAME, [key(pygame.K_SPACE)])
    assert scene.playing
    for _ in range(200):
        app.step(FRAME, [])
    assert scene.index > 2  # it moved by itself
    app.step(FRAME, [key(pygame.K_SPACE)])
    at = scene.index
    for _ in range(200):
        app.step(FRAME, [])
    assert not scene.playing and scene.index == at
    back = next(b for b in scene.buttons() if b.action == "back")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, back.rect.center)])
    from tarneeb_desktop.ui.screens.menu import MenuScene

    assert isinstance(app.scene, MenuScene)


@needs_dds
@pytest.mark.parametrize("name", ["standard-game", "lebanese400-game"])
def test_analysis_marks_are_the_solvers_numbers(name: str) -> None:
    doc = json.loads((DATA / f"{name}.json").read_text())
    doc["hands"] = doc["hands"][:2]
    app, scene = viewer(doc)
    game41 = scene.game41
    costly = 0
    for hand, row in enumerate(scene.steps.state.history[:2]):
        leader = (row.dealer + 1) % 4 if game41 else row.declarer
        trump = row.trump or ("H" if game41 else "NT")
        could, plays = analyse_plays(row.cards, trump, leader, row.plays)
        cards = [p for p in scene.steps.positions if p.hand == hand and p.play is not None]
        assert len(cards) == len(row.plays) == len(plays)
        for p in cards:
            scene.go(p.index)
            app.step(FRAME, [])
            mark = scene.marks()
            assert (mark.card, mark.tricks, mark.best) == (
                plays[p.play].card,
                plays[p.play].tricks,
                plays[p.play].best,
            )
            lines = [text for text, _ in scene.analysis_lines(p)]
            # in 41, the highest bidder's side, as `tarneeb analyse` counts it
            expected = could_have_taken(row) if game41 else could
            if p.kind == "end":  # the hand's result first, then what it could have been
                assert lines[0] == result_line(row, scene.names)
                lines = lines[1:]
            assert f" {expected} tricks" in lines[0]
            if mark.cost and p.kind != "end":
                costly += 1
                assert "would take" in lines[1]
                assert lines[1].endswith(f" {mark.best}")
    assert costly > 0  # these games have costly cards: the test sees them marked


@needs_dds
def test_analysis_runs_off_the_ui_thread_and_the_viewer_stays_usable() -> None:
    from tarneeb_desktop.table.pool import _executor

    gate = threading.Event()
    blocker = _executor().submit(gate.wait, 30)  # the worker is busy until we say
    try:
        doc = json.loads((DATA / "standard-game.json").read_text())
        app, scene = viewer(doc, inline=False)
        app.step(FRAME, [key(pygame.K_DOWN)])
        assert scene.position.play == 3  # it moved while the analysis waits
        assert [t for t, _ in scene.analysis_lines(scene.position)] == ["analysing..."]
        assert scene.marks() is None and scene.busy()
    finally:
        gate.set()
    blocker.result()
    scene.pool.wait_idle()
    app.step(FRAME, [])
    assert scene.marks() is not None and not scene.jobs


def test_tarneeb_view_refuses_a_bad_file(tmp_path, capsys) -> None:
    from tarneeb_desktop.cli import main

    bad = tmp_path / "bad.json"
    doc = json.loads((DATA / "standard-game.json").read_text())
    doc["hands"][0]["plays"][0] = "ZZ"
    bad.write_text(json.dumps(doc))
    assert main(["view", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "hand 0, plays[0]" in err
    (tmp_path / "junk.json").write_text("{not json")
    assert main(["view", str(tmp_path / "junk.json")]) == 1
    assert "not JSON" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_playback_speed_is_chosen_and_the_labels_keep_their_size() -> None:
    """Issue 24, defect 8: a speed control (button and +/-) that sets the beat, and the
    toolbar's text size does not change when Play and Pause swap or the speed changes."""
    from tarneeb_desktop.ui.screens.viewer.viewer import SPEEDS

    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = viewer(doc, inline=False)
    scene.pool.cancel()
    from tarneeb_desktop.ui.screens.viewer.viewer import CONTROLS

    def toolbar():  # type: ignore[no-untyped-def]
        return scene.buttons()[: len(CONTROLS)]

    sizes = {b.text_size for b in toolbar()}
    assert len(sizes) == 1
    assert scene.beat == 1 / SPEEDS[scene.speed]
    app.step(FRAME, [key(pygame.K_SPACE)])
    assert scene.playing and {b.text_size for b in toolbar()} == sizes
    steps_per_frame = []
    for speed in range(len(SPEEDS)):
        scene.speed, scene.index, scene.playing, scene.clock = speed, 0, True, 0.0
        for _ in range(60):  # 60 frames of FRAME seconds
            scene.update(FRAME)
        steps_per_frame.append(scene.index)
    assert steps_per_frame == sorted(steps_per_frame) and steps_per_frame[0] < steps_per_frame[-1]
    assert abs(steps_per_frame[1] - 60 * FRAME * SPEEDS[1]) <= 1
    scene.speed = 0
    app.step(FRAME, [key(pygame.K_EQUALS)])
    app.step(FRAME, [key(pygame.K_PLUS)])
    assert scene.speed == 2
    app.step(FRAME, [key(pygame.K_MINUS)])
    assert scene.speed == 1
    speed = next(b for b in scene.buttons() if b.action == "speed")
    label = speed.label
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, speed.rect.center)])
    assert scene.speed == 2
    assert next(b for b in scene.buttons() if b.action == "speed").label != label
    assert {b.text_size for b in toolbar()} == sizes


def test_a_passed_out_deal_is_said_and_not_counted_as_a_hand() -> None:
    """Issue 24, defect 3: the viewer counts hands as the game over does (a deal thrown in is
    not one) and says what happened to a thrown-in deal."""
    from tarneeb_desktop.arena import play_game
    from tarneeb_desktop.table.history import played_hands

    state = play_game(make_rules("standard", target=11), 0, ["easy"] * 4).state
    thrown = [i for i, r in enumerate(state.history) if r.contract is None]
    assert thrown  # this seed's game has passed-out deals
    app, scene = viewer(to_record(state, ["Sami", "Rana", "Omar", "Hala"]))
    scene.pool.cancel()
    total = played_hands(state.history)
    assert total == len(state.history) - len(thrown)
    deal = next(p for p in scene.steps.positions if p.hand == thrown[0])
    title = scene.hand_title(deal)
    assert title.startswith("A deal thrown in (after hand")
    lines = [t for t, _ in scene.analysis_lines(deal)]
    assert lines == ["Everyone passed: the deal is thrown in and dealt again"]
    played = next(p for p in scene.steps.positions if p.hand not in thrown)
    assert scene.hand_title(played) == f"Hand 1 of {total}"
    last = scene.steps.positions[-1]
    assert scene.hand_title(last) == f"Hand {total} of {total}"


def test_a_viewer_left_before_its_analysis_ran_analyses_again_when_shown() -> None:
    """The monkey's hour (seed 9400 on): a viewer left while its hands waited for the solver
    (Play on from here, How to play) had them cancelled; shown again it read each cancelled
    job as a failure ("the analysis of hand 4 failed: ") and said so instead of analysing."""
    from tarneeb_desktop.table.pool import _executor

    gate = threading.Event()
    blocker = _executor().submit(gate.wait, 30)  # the worker is busy: the jobs wait
    try:
        doc = json.loads((DATA / "standard-game.json").read_text())
        app, scene = viewer(doc, inline=False)
        assert scene.jobs
        scene.on_hide()  # left: the jobs that had not started are dropped
    finally:
        gate.set()
    blocker.result()
    scene.on_show()  # back: they are asked for again
    scene.pool.wait_idle()
    app.step(FRAME, [key(pygame.K_DOWN)])  # to a card played
    assert scene.analysis_error is None, scene.analysis_error
    assert scene.analysis and not scene.jobs and scene.marks() is not None
