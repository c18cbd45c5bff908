"""41/400 on the LAN: its events and view fields cross the wire, and a whole game plays."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tarneeb_desktop.net.client import ClientSession, play_seat
from tarneeb_desktop.net.link import event_from_dict
from tarneeb_desktop.net.protocol import event_to_dict
from tarneeb_desktop.record import replay, to_record
from tarneeb_desktop.rules import BidsMade, GameOver, SeatsScored, make_rules
from tarneeb_desktop.seeds import seat_seed
from tarneeb_desktop.session.lan import new_host
from tarneeb_desktop.table.seats import ComputerSeat
from tests.test_net_game import cli_game, play_out

TIMEOUT = 60.0


def test_the_41_events_go_to_the_wire_and_back_unchanged() -> None:
    events = [
        BidsMade((3, 2, 4, 5), 14, 11),
        SeatsScored((3, 2, 4, 5), (4, 1, 4, 4), (3, -2, 4, -5), (10, -2, 31, 7)),
    ]
    for e in events:
        wire = event_to_dict(e)
        assert json.loads(json.dumps(wire)) == wire
        assert event_from_dict(wire) == e
    assert event_from_dict({"event": "bids_made", "bids": [1, 2]}) is None


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path


def test_a_whole_lebanese400_game_through_a_lan_host_matches_the_arena(tmp_home: Path) -> None:
    """Four computer clients play a whole 400 game through a LAN host; the record is the
    arena's for the same seed, and every client saw the per-seat fields and the 41 events."""
    from tarneeb_desktop.arena import play_game

    rules, seed = make_rules("lebanese400"), 4141
    names = [f"P{s}" for s in range(4)]
    arena_table = play_game(rules, seed, ["easy"] * 4, names)
    assert arena_table.state.is_over() and not arena_table.faults

    host = new_host(rules, seed=seed, open_seats=[0, 1, 2, 3], names=names)
    seen: list[object] = []
    host.on_change.append(lambda seq, events: seen.extend(events))
    host.start()
    sessions: list[ClientSession] = []
    got: dict[int, list[object]] = {s: [] for s in range(4)}
    try:
        for seat in range(4):
            s = ClientSession(*host.address, name=names[seat], timeout=5.0)  # type: ignore[misc]
            s.connect()
            assert s.join(seat) == seat
            sessions.append(s)

        def run(i: int, s: ClientSession) -> None:
            def keep(msg: dict) -> None:
                if msg.get("type") == "view":
                    got[i].extend(msg.get("events", []))

            s.on_message = keep
            play_seat(s, ComputerSeat("easy", seat_seed(seed, i)), reconnect_for=0)

        threads = [threading.Thread(target=run, args=(i, s)) for i, s in enumerate(sessions)]
        lan_record = play_out(host, threads)
    finally:
        host.stop()
        for s in sessions:
            s.close()
    assert lan_record == to_record(arena_table.state, names)
    assert any(isinstance(e, SeatsScored) for e in seen)
    assert any(isinstance(e, GameOver) for e in seen)
    for seat in range(4):
        kinds = {e.get("event") for e in got[seat]}
        assert {"bids_made", "seats_scored", "game_over"} <= kinds, kinds
        view = sessions[seat].view
        assert view is not None and view.bids is not None and view.seat_scores is not None
        assert view.winner == arena_table.state.winner
    assert replay(lan_record, seed=seed).state.is_over()


def test_tarneeb_host_rules_syrian41_with_four_bot_clients(tmp_home: Path) -> None:
    """``tarneeb host --rules syrian41`` and four ``tarneeb join --bot`` processes: a whole
    game (easy bots and a target of 11, so that it ends in a few hands)."""
    record = tmp_home / "game.json"
    rules = ["--rules", "syrian41", "-o", "target=11", "--seed", "41"]
    cli_game(tmp_home, [*rules, "--save-record", str(record)], "easy")
    doc = json.loads(record.read_text())
    assert doc["rules"]["preset"] == "syrian41"
    done = replay(doc, seed=41).state
    assert done.is_over() and done.rules.game == "41"


def test_a_400_table_plays_a_hand_through_the_window(ui_home: Path) -> None:
    """The window at a LAN 400 table: its bids and cards reach the host, the 41 events come
    back, and the table scene shows the hand to its end (scored per seat)."""
    import time

    from tests.test_ui_helpers import FRAME, make_app
    from tests.test_ui_lan import join_through_the_window

    host = new_host(make_rules("lebanese400"), seed=9, open_seats=[0], ai_level="easy")
    scored: list[SeatsScored] = []
    host.on_change.append(
        lambda seq, events: scored.extend(e for e in events if isinstance(e, SeatsScored))
    )
    host.start()
    try:
        app = make_app(speed="instant")
        join_through_the_window(app, host)
        scene = app.scene
        deadline = time.monotonic() + TIMEOUT
        while not scored:
            assert time.monotonic() < deadline, "no hand was scored"
            app.step(FRAME, [])
            time.sleep(0)
            if scene.my_turn() and scene.pv.legal:
                # the highest bid, so that the hand is played; then any card
                legal = scene.pv.legal
                scene.link.submit(scene.me, legal[-1] if scene.pv.phase == "auction" else legal[0])
        for _ in range(30):
            app.step(FRAME, [])
            time.sleep(0)
        assert scene.pv.seat_scores is not None and scene.pv.bids is not None
        assert not scene.link.host_gone
    finally:
        host.stop()
