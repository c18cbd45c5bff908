"""LAN games over loopback TCP: whole games, privacy, drops and reconnects, stale actions, resume."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tarneeb_desktop.net.client import ClientSession, play_seat
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.record import replay
from tarneeb_desktop.rules import CARD_NAMES, CardPlayed, cards_of, make_rules
from tarneeb_desktop.session.lan import new_host, resume_host
from tarneeb_desktop.table.seats import ComputerSeat

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 20.0


class FakeClock:
    """The host's clock for countdown tests: time passes only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def wait_until(pred: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    """Poll ``pred`` until it holds (the host and clients run in other threads)."""
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.001)


def host_state(host: Host) -> dict[str, Any]:
    """A consistent snapshot of the host's table, read on the host's loop."""

    def snap() -> dict[str, Any]:
        st = host.table.state
        return {
            "seq": host.seq,
            "phase": st.phase,
            "turn": st.turn,
            "dealer": st.dealer,
            "trick": len(st.trick),
            "tricks": len(st.tricks),
            "hand_index": st.hand_index,
            "hands": list(st.hands),
            "over": st.is_over(),
            "connected": [s.connected for s in host.seats],
            "ai_control": [s.ai_control for s in host.seats],
        }

    return host.call(snap)


def policy(view: Any, rng: random.Random) -> str:
    """Short, predictable auctions (first caller bids 7, everyone else passes), random cards:
    every seat calls once in every hand."""
    legal = list(view.legal)
    if view.phase == "auction":
        bid = any(c != "pass" for _, c in view.calls)
        if bid and "pass" in legal:
            return "pass"
        if "7" in legal:
            return "7"
    return rng.choice(legal)


def play_until(
    host: Host,
    sessions: list[ClientSession],
    stop: Callable[[dict[str, Any]], bool],
    rng: random.Random,
    timeout: float = TIMEOUT,
) -> dict[str, Any]:
    """Let the connected sessions play (one action at a time) until ``stop(host_state)``."""
    acted: dict[int, int | None] = {}
    deadline = time.monotonic() + timeout
    while True:
        st = host_state(host)
        if stop(st):
            return st
        if time.monotonic() > deadline:
            raise AssertionError(f"stop condition not reached; host at {st}")
        for s in sessions:
            if not s.connected or s.seat is None:
                continue
            s.poll()
            view, seq = s.snapshot()
            if view is None or seq != st["seq"] or view.turn != s.seat or not view.legal:
                continue
            if acted.get(s.seat) == seq:
                continue
            acted[s.seat] = seq
            s.act(policy(view, rng), seq)
            break
        else:
            time.sleep(0.0005)


def seat_sessions(host: Host, seats: list[int]) -> list[ClientSession]:
    addr = host.address
    assert addr is not None
    out = []
    for seat in seats:
        s = ClientSession(addr[0], addr[1], name=f"P{seat}", timeout=5.0)
        s.connect()
        assert s.join(seat) == seat
        out.append(s)
    return out


def play_out(host: Host, threads: list[threading.Thread]) -> dict[str, Any]:
    """Start the seats' threads, wait for the host's game to end; the host's record."""
    from tarneeb_desktop.record import to_record

    for t in threads:
        t.start()
    assert host.done.wait(TIMEOUT)
    for t in threads:
        t.join(TIMEOUT)
    assert not host.table.faults
    try:
        return host.call(lambda: to_record(host.table.state, host.table.names))
    except RuntimeError:  # a host that exits when the game is over may have closed its loop
        assert host._thread is not None
        host._thread.join(TIMEOUT)
        assert not host._thread.is_alive()
        return to_record(host.table.state, host.table.names)


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path


# ---------------------------------------------------------------------- whole games


def cli_game(
    tmp_home: Path, host_args: list[str], bot: str, timeout: float = 60
) -> tuple[str, list[tuple[str, str]]]:
    """``tarneeb host`` (with ``host_args``, all four seats open, on loopback) and four
    ``tarneeb join --bot BOT`` processes play a whole game; returns the host's output and each
    bot's (stdout, stderr), after checking that every process ended well."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TARNEEB_HOME": str(tmp_home / "home")}
    cmd = [sys.executable, "-m", "tarneeb_desktop"]
    host = subprocess.Popen(
        [
            *cmd,
            "host",
            *host_args,
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--open-seats",
            "0,1,2,3",
            "--no-beacon",
            "--save-table",
            str(tmp_home / "table.json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    bots: list[subprocess.Popen[str]] = []
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        assert first.startswith("listening on 127.0.0.1:"), first
        port = int(first.rsplit(":", 1)[1])
        for seat in range(4):
            join = ["join", f"127.0.0.1:{port}", "--bot", bot, "--seat", str(seat)]
            bots.append(
                subprocess.Popen(
                    [*cmd, *join, "--name", f"bot{seat}"],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                    env=env,
                    cwd=ROOT,
                )
            )
        host_out, host_err = host.communicate(timeout=timeout)
        assert host.returncode == 0, host_err
        outs = [b.communicate(timeout=30) for b in bots]
    finally:
        for p in [host, *bots]:
            if p.poll() is None:
                p.kill()
    assert "game over: team" in host_out
    for seat, (out, err) in enumerate(outs):
        assert bots[seat].returncode == 0, err
        assert f"joined seat {seat}" in out and "game over: team" in out
    return host_out, outs


def test_whole_game_cli_host_and_four_bot_clients(tmp_home: Path) -> None:
    """``tarneeb host`` and four ``tarneeb join --bot random`` processes play a whole game."""
    record = tmp_home / "game.json"
    cli_game(tmp_home, ["-o", "target=5", "--seed", "7", "--save-record", str(record)], "random")
    doc = json.loads(record.read_text())
    assert doc["players"] == ["bot0", "bot1", "bot2", "bot3"]
    result = replay(doc, seed=7)
    assert result.state.is_over()
    assert max(result.state.scores) >= 5


def test_whole_game_in_process_with_computer_seats(tmp_home: Path) -> None:
    """Two people over TCP, two computer seats at the host; the game ends and is saved."""
    host = new_host(
        make_rules(target=5),
        seed=11,
        open_seats=[1, 3],
        ai_level="random",
        save_path=tmp_home / "t.json",
        record_path=tmp_home / "r.json",
    )
    host.start()
    try:
        sessions = seat_sessions(host, [1, 3])
        results: dict[int, bool] = {}

        def run(s: ClientSession) -> None:
            p = ComputerSeat("random", s.seat)
            results[s.seat or 0] = play_seat(s, p, reconnect_for=0)

        threads = [threading.Thread(target=run, args=(s,)) for s in sessions]
        for t in threads:
            t.start()
        for t in threads:
            t.join(TIMEOUT)
        assert host.done.wait(TIMEOUT)
        assert results == {1: True, 3: True}
        state = host.table.state
        assert state.is_over() and not host.table.faults
        for s in sessions:
            assert s.view is not None and s.view.winner == state.winner
            assert s.view.scores == tuple(state.scores)
        doc = json.loads((tmp_home / "r.json").read_text())
        assert replay(doc, seed=11).state.scores == state.scores
    finally:
        host.stop()


# ---------------------------------------------------------------------- privacy

CARD_STRING = re.compile(rb'"([2-9TJQKA][CDHS])"')


class RecordingSession(ClientSession):
    """A client that keeps every byte it receives, line by line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.raw: list[bytes] = []

    def _read_line(self, sock: Any, buf: bytearray) -> dict[str, Any]:  # type: ignore[override]
        while b"\n" not in buf:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            buf += chunk
        i = buf.index(b"\n")
        line = bytes(buf[: i + 1])
        del buf[: i + 1]
        self.raw.append(line)
        return json.loads(line)


def leaks(
    lines: list[bytes], seat: int, hands_at: dict[int, list[int]], played_at: dict[int, set[str]]
) -> list[str]:
    """Cards named in ``lines`` that another seat held, unplayed, when the line was sent.

    A view is checked against the hands after its action; the events that came with it
    against the hands just before, less the card the action played (that one became public).
    """

    def hidden(seq: int, public: set[str]) -> set[str]:
        hands = hands_at.get(seq, hands_at[0])
        return {c for s in range(4) if s != seat for c in cards_of(hands[s])} - public

    def check(part: bytes, secret: set[str], ref: int) -> list[str]:
        return [
            f"{c.decode()} at seq {ref}" for c in CARD_STRING.findall(part) if c.decode() in secret
        ]

    found: list[str] = []
    ref = 0
    for line in lines:
        msg = json.loads(line)
        if isinstance(msg.get("seq"), int):
            ref = msg["seq"]
        if msg.get("type") == "view":
            found += check(json.dumps(msg["view"]).encode(), hidden(ref, set()), ref)
            before = hidden(max(ref - 1, 0), played_at.get(ref, set()))
            found += check(json.dumps(msg.get("events", [])).encode(), before, ref)
            rest = {k: v for k, v in msg.items() if k not in ("view", "events")}
            found += check(json.dumps(rest).encode(), hidden(ref, set()), ref)
        else:
            found += check(line, hidden(ref, set()), ref)
    return found


def watched_host(
    target: int, seed: int = 5
) -> tuple[Host, dict[int, list[int]], dict[int, set[str]]]:
    """A started host of four open seats, with every seat's hand and the cards played kept
    at each change (what :func:`leaks` checks a stream against)."""
    hands_at: dict[int, list[int]] = {}
    played_at: dict[int, set[str]] = {}
    host = new_host(
        make_rules(target=target), seed=seed, open_seats=[0, 1, 2, 3], ai_level="random"
    )

    def observe(seq: int, events: list[Any]) -> None:
        hands_at[seq] = list(host.table.state.hands)
        played_at[seq] = {e.card for e in events if isinstance(e, CardPlayed)}

    host.on_change.append(observe)
    host.start()
    assert host.address is not None
    return host, hands_at, played_at


def play_to_the_end(host: Host, sessions: list[ClientSession]) -> None:
    """Random computer players in every seat's session play the game out."""
    results: dict[int, bool] = {}

    def run(s: ClientSession) -> None:
        results[s.seat or 0] = play_seat(s, ComputerSeat("random", s.seat), reconnect_for=0)

    threads = [threading.Thread(target=run, args=(s,)) for s in sessions]
    for t in threads:
        t.start()
    for t in threads:
        t.join(TIMEOUT)
    assert host.done.wait(TIMEOUT) and all(results.values())


def test_a_client_never_receives_another_seats_unplayed_card(tmp_home: Path) -> None:
    spy_seat = 1
    # Seed 3: eleven hands, over 600 messages (computer decisions are seeded by the position
    # since the resume fix, and seed 5's game now ends in two hands).
    host, hands_at, played_at = watched_host(target=31, seed=3)
    try:
        assert host.address is not None
        spy = RecordingSession(*host.address, name="spy")
        spy.connect()
        spy.join(spy_seat)
        play_to_the_end(host, [spy, *seat_sessions(host, [0, 2, 3])])
    finally:
        host.stop()
    assert len(spy.raw) > 200
    assert leaks(spy.raw, spy_seat, hands_at, played_at) == []
    # The detector works: the spy's own cards do appear, and a planted card is caught.
    own = {CARD_NAMES[c] for c in range(52) if hands_at[0][spy_seat] >> c & 1}
    first_view = next(line for line in spy.raw if line.startswith(b'{"type":"view"'))
    assert own == {c.decode() for c in CARD_STRING.findall(first_view)}
    other_card = cards_of(hands_at[0][0])[0]
    planted = b'{"type":"view","seq":0,"view":{"hand":["' + other_card.encode() + b'"]}}\n'
    assert leaks([planted], spy_seat, hands_at, played_at) == [f"{other_card} at seq 0"]


# ---------------------------------------------------------------------- drops


def test_drop_during_the_auction_waits_only_on_the_seats_turn_then_resumes(tmp_home: Path) -> None:
    clock = FakeClock()
    rng = random.Random(1)
    host = new_host(
        make_rules(target=5),
        seed=3,
        open_seats=[0, 1, 2, 3],
        ai_level="random",
        disconnect_grace=30.0,
        clock=clock,
        exit_when_over=False,
    )
    host.start()
    try:
        sessions = seat_sessions(host, [0, 1, 2, 3])
        st = play_until(host, sessions, lambda s: s["phase"] == "auction", rng)
        first = st["turn"]
        victim = (first + 1) % 4
        gone = sessions[victim]
        wait_until(lambda: gone.view is not None)  # its first view may still be on its way
        hand_before = gone.view.hand if gone.view else None
        token = gone.token
        gone.close()
        wait_until(lambda: not host_state(host)["connected"][victim])
        # Time passes while it is not the absent seat's turn: no countdown runs.
        clock.now += 100.0
        host.poke()
        live = [s for s in sessions if s is not gone]
        st = play_until(host, live, lambda s: s["turn"] == victim, rng)
        seq = st["seq"]
        host.poke()
        st = host_state(host)
        assert st["seq"] == seq and not st["ai_control"][victim], "the host waits for the seat"
        assert st["phase"] == "auction"
        # Back with the same token: the same seat, the same cards, the same game.
        assert gone.reconnect() == victim and gone.token == token
        wait_until(lambda: gone.snapshot()[1] == seq)
        assert gone.view is not None and gone.view.hand == hand_before
        assert gone.view.legal and gone.view.turn == victim
        st = play_until(host, sessions, lambda s: s["over"], rng)
        assert host.done.wait(TIMEOUT)
        assert not host.table.faults
    finally:
        host.stop()


def test_drop_during_a_trick_computer_takes_over_and_hands_back_at_once(
    tmp_home: Path,
) -> None:
    clock = FakeClock()
    rng = random.Random(2)
    host = new_host(
        make_rules(target=5),
        seed=4,
        open_seats=[0, 1, 2, 3],
        ai_level="random",
        disconnect_grace=30.0,
        clock=clock,
        exit_when_over=False,
    )
    host.start()
    try:
        sessions = seat_sessions(host, [0, 1, 2, 3])
        st = play_until(host, sessions, lambda s: s["phase"] == "play" and s["trick"] == 1, rng)
        victim = st["turn"]
        gone = sessions[victim]
        gone.close()
        wait_until(lambda: not host_state(host)["connected"][victim])
        seq = host_state(host)["seq"]
        clock.now += 29.0
        host.poke()
        assert host_state(host)["seq"] == seq, "still inside the countdown"
        clock.now += 2.0
        host.poke()
        # The computer plays the absent seat's card.
        wait_until(lambda: host_state(host)["seq"] > seq)
        st = host_state(host)
        assert st["ai_control"][victim]
        if st["trick"] == 0:
            pytest.skip("the seat played last in its trick")  # never with this seed
        # Issue 21: back in the middle of the trick, the seat is the person's again at once
        # (the computer's stand-in steps aside at the seat's next decision).
        gone.reconnect()
        wait_until(lambda: host_state(host)["connected"][victim])
        assert not host_state(host)["ai_control"][victim], "the seat is given back at once"
        lobby = gone.wait_for(
            lambda m: m["type"] == "lobby" and not m["seats"][victim]["ai_playing"]
        )
        assert lobby["seats"][victim]["connected"]
        live = [s for s in sessions if s is not gone]
        # The next time the seat is to move, the host waits for the person, not the computer.
        st = play_until(host, live, lambda s: s["turn"] == victim or s["over"], rng)
        if not st["over"]:
            clock.now += 1000.0
            host.poke()
            assert host_state(host)["seq"] == st["seq"]
            wait_until(lambda: gone.snapshot()[1] == st["seq"])
            assert gone.view is not None and gone.view.legal
        play_until(host, sessions, lambda s: s["over"], rng)
        assert host.done.wait(TIMEOUT)
        assert not host.table.faults
    finally:
        host.stop()


# ---------------------------------------------------------------------- bad actions


def test_stale_duplicate_wrong_seat_wrong_token_and_out_of_turn_actions(tmp_home: Path) -> None:
    host = new_host(
        make_rules(), seed=9, open_seats=[0, 1, 2, 3], ai_level="random", exit_when_over=False
    )
    host.start()
    try:
        sessions = seat_sessions(host, [0, 1, 2, 3])
        st = host_state(host)
        mover = sessions[st["turn"]]
        other = sessions[(st["turn"] + 1) % 4]
        wait_until(lambda: mover.snapshot()[1] == 0 and mover.view is not None)
        mover.poll()
        other.poll()
        view = mover.view
        assert view is not None
        action = policy(view, random.Random(0))

        def error(s: ClientSession) -> dict[str, Any]:
            return s.wait_for(lambda m: m["type"] == "error", 5.0)

        # Out of turn.
        other.act("pass", 0)
        assert error(other)["code"] == "not_your_turn"
        # Wrong seat: the mover names another seat.
        mover._send(
            {"type": "action", "seat": other.seat, "token": mover.token, "seq": 0, "action": action}
        )
        assert error(mover)["code"] == "wrong_seat"
        # Wrong token.
        mover._send(
            {"type": "action", "seat": mover.seat, "token": "x" * 32, "seq": 0, "action": action}
        )
        assert error(mover)["code"] == "wrong_token"
        # Another seat's token is wrong too.
        mover._send(
            {"type": "action", "seat": mover.seat, "token": other.token, "seq": 0, "action": action}
        )
        assert error(mover)["code"] == "wrong_token"
        # Illegal.
        mover.act("6", 0)
        assert error(mover)["code"] == "illegal"
        assert host_state(host)["seq"] == 0
        # The same action sent twice: the first counts, the second is stale and answered
        # with a full view.
        mover.act(action, 0)
        mover.act(action, 0)
        err = error(mover)
        assert err["code"] == "stale"
        full = mover.wait_for(lambda m: m["type"] == "view", 5.0)
        assert full["seq"] == 1 and full["view"]["seat"] == mover.seat
        assert host_state(host)["seq"] == 1
        # A stale action from an older view, by the next seat to move.
        nxt = sessions[host_state(host)["turn"]]
        wait_until(lambda: nxt.snapshot()[1] == 1)
        nxt.poll()
        assert nxt.view is not None
        nxt.act(nxt.view.legal[0], 0)
        assert error(nxt)["code"] == "stale"
        view_msg = nxt.wait_for(lambda m: m["type"] == "view", 5.0)
        assert view_msg["seq"] == 1 and view_msg["view"]["legal"]
        # Every connection is still open and the game goes on.
        assert all(s.connected for s in sessions)
        nxt.act(nxt.view.legal[0], 1)
        wait_until(lambda: host_state(host)["seq"] == 2)
    finally:
        host.stop()


# ---------------------------------------------------------------------- restart


def test_a_restarted_host_resumes_its_table_and_clients_reconnect(tmp_home: Path) -> None:
    save = tmp_home / "table.json"
    rng = random.Random(3)
    host = new_host(
        make_rules(target=5), seed=21, open_seats=[0, 1, 2, 3], ai_level="random", save_path=save
    )
    host.start()
    sessions = seat_sessions(host, [0, 1, 2, 3])
    tokens = [s.token for s in sessions]
    # Two tricks and one card into the third.
    st = play_until(
        host, sessions, lambda s: s["phase"] == "play" and s["tricks"] == 2 and s["trick"] == 1, rng
    )
    saved_hands = st["hands"]
    host.stop()  # the host goes away without warning
    for s in sessions:
        wait_until(lambda s=s: not s.connected)
    doc = json.loads(save.read_text())
    # one save format for every table: a game record with the seats to resume it
    assert doc["format"] == "tarneeb-record/1" and doc["resume"]["format"] == "tarneeb-save/2"
    assert doc["resume"]["seats"][2]["token"] == tokens[2]
    plays = doc["hands"][-1]["plays"]
    # saved after every call and card, as the offline autosave (issue 35: one rule): the
    # third trick's first card is in the save
    assert len(plays) == 9, "saved after the card, mid-trick"

    host2 = resume_host(save, port=0, disconnect_grace=30.0, exit_when_over=False)
    host2.start()
    try:
        st2 = host_state(host2)
        assert st2["tricks"] == 2 and st2["trick"] == 1 and st2["hand_index"] == st["hand_index"]
        assert st2["hands"] == saved_hands  # nothing lost, nothing moved
        assert host2.address is not None
        for s in sessions:
            s.port = host2.address[1]
            s.reconnect()
        assert [s.token for s in sessions] == tokens
        for s in sessions:
            wait_until(lambda s=s: s.snapshot()[1] == st2["seq"])
            assert s.view is not None
            assert set(s.view.hand) == {
                CARD_NAMES[c] for c in range(52) if st2["hands"][s.seat or 0] >> c & 1
            }
        # A wrong token finds no seat.
        intruder = ClientSession(*host2.address, name="x")
        intruder.connect()
        with pytest.raises(Exception, match="no seat"):
            intruder.join(token="not-a-token")
        play_until(host2, sessions, lambda s: s["over"], rng)
        assert host2.done.wait(TIMEOUT)
        final = json.loads(save.read_text())
        assert replay(final, seed=21).state.is_over()
    finally:
        host2.stop()


# ---------------------------------------------------------------------- chat and lobby


def test_chat_and_reactions_reach_everyone_and_bad_chat_is_refused(tmp_home: Path) -> None:
    host = new_host(make_rules(), seed=1, open_seats=[0, 2], ai_level="random", auto_start=False)
    host.start()
    try:
        a, b = seat_sessions(host, [0, 2])
        a.chat("  salam\u202e  all\x00 ")
        msg = b.wait_for(lambda m: m["type"] == "chat", 5.0)
        assert msg == {"type": "chat", "seat": 0, "name": "P0", "text": "salam all"}
        b.react("well_played")
        msg = a.wait_for(lambda m: m["type"] == "react", 5.0)
        assert msg["seat"] == 2 and msg["reaction"] == "well_played"
        a.chat("x" * 500)
        assert a.wait_for(lambda m: m["type"] == "error", 5.0)["code"] == "invalid"
        b.react("🔥")
        assert b.wait_for(lambda m: m["type"] == "error", 5.0)["code"] == "invalid"
        assert a.connected and b.connected
        # The window's Start button: free seats go to the computer.
        lobby = a.lobby
        assert lobby is not None and not lobby["started"]
        host.start_game()
        started = a.wait_for(lambda m: m["type"] == "lobby" and m["started"], 5.0)
        assert [s["kind"] for s in started["seats"]] == ["human", "ai", "human", "ai"]
        a.wait_for(lambda m: m["type"] == "view", 5.0)
    finally:
        host.stop()


def test_seat_taken_and_no_free_seat(tmp_home: Path) -> None:
    host = new_host(make_rules(), seed=1, open_seats=[0], ai_level="random", auto_start=False)
    host.start()
    try:
        (a,) = seat_sessions(host, [0])
        assert host.address is not None
        b = ClientSession(*host.address, name="late")
        b.connect()
        with pytest.raises(Exception, match="not free"):
            b.join(0)
        with pytest.raises(Exception, match="not free"):
            b.join(1)  # a computer's seat
        with pytest.raises(Exception, match="no seat"):
            b.join()
        assert b.connected and a.connected
    finally:
        host.stop()


def test_tarneeb_host_resume_goes_on_with_a_saved_table(tmp_home: Path) -> None:
    """``tarneeb host --resume FILE``: a new host process takes the saved table over."""
    save = tmp_home / "table.json"
    rng = random.Random(5)
    host = new_host(
        make_rules(target=5),
        seed=8,
        open_seats=[0, 1, 2, 3],
        ai_level="random",
        save_path=save,
        exit_when_over=False,
    )
    host.start()
    sessions = seat_sessions(host, [0, 1, 2, 3])
    st = play_until(host, sessions, lambda s: s["phase"] == "play" and s["tricks"] == 1, rng)
    host.stop()
    for s in sessions:
        wait_until(lambda s=s: not s.connected)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TARNEEB_HOME": str(tmp_home / "home")}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tarneeb_desktop",
            "host",
            "--resume",
            str(save),
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--no-beacon",
            "--save-record",
            str(tmp_home / "r.json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("listening on 127.0.0.1:"), first + (
            proc.stderr.read() if proc.stderr else ""
        )
        port = int(first.rsplit(":", 1)[1])
        for s in sessions:
            s.port = port
            s.reconnect()
        for s in sessions:
            wait_until(lambda s=s: s.view is not None and len(s.view.tricks) == 1)
        assert sessions[0].view is not None and sessions[0].view.hand_number == st["hand_index"] + 1
        results: dict[int, bool] = {}

        def run(s: ClientSession) -> None:
            p = ComputerSeat("random", s.seat)
            results[s.seat or 0] = play_seat(s, p, reconnect_for=0)

        threads = [threading.Thread(target=run, args=(s,), daemon=True) for s in sessions]
        for t in threads:
            t.start()
        out, err = proc.communicate(timeout=60)
        for t in threads:
            t.join(TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "game over" in out and results == {0: True, 1: True, 2: True, 3: True}
    assert replay(json.loads((tmp_home / "r.json").read_text()), seed=8).state.is_over()


def test_the_same_seeded_game_through_the_arena_and_a_lan_host_gives_the_same_record(
    tmp_home: Path,
) -> None:
    """One flow under every runner: the arena's full-speed game and a LAN host with four
    computer clients (each seeded by the one seat formula) produce the same record. Easy's
    choices depend on its seed, so a client seeded otherwise gives another record."""
    from tarneeb_desktop.arena import play_game
    from tarneeb_desktop.record import to_record
    from tarneeb_desktop.seeds import seat_seed

    rules, seed = make_rules(target=21), 2024
    arena_table = play_game(rules, seed, ["easy"] * 4, [f"P{s}" for s in range(4)])
    assert arena_table.state.is_over() and not arena_table.faults

    host = new_host(rules, seed=seed, open_seats=[0, 1, 2, 3])
    host.start()
    sessions: list[ClientSession] = []
    try:
        sessions = seat_sessions(host, [0, 1, 2, 3])
        threads = [
            threading.Thread(
                target=play_seat,
                args=(s, ComputerSeat("easy", seat_seed(seed, i))),
                kwargs={"reconnect_for": 0},
            )
            for i, s in enumerate(sessions)
        ]
        lan_record = play_out(host, threads)
    finally:
        host.stop()
        for s in sessions:
            s.close()
    assert lan_record == to_record(arena_table.state, [f"P{s}" for s in range(4)])
    assert len(lan_record["hands"]) >= 2


def test_a_seat_played_by_the_computer_chooses_again_after_a_stale_refusal() -> None:
    """A host resumed from its save numbers its views from the save's: a seat that acted on
    the killed host's view 10 is refused as stale, and the resumed table's own view 10 may
    be its turn again; it must be played (the relay test hung there, 1 run in 30)."""
    import dataclasses
    import queue as queue_mod

    from tarneeb_desktop.net.client import play_seat
    from tarneeb_desktop.rules import GameState, make_rules

    state = GameState.new(make_rules("standard"), seed=3, dealer=3)
    me = state.current_player()
    mine = state.view(me)
    script = [
        (None, (mine, 10)),  # the killed host's view 10, still shown after the reconnect
        (
            {"type": "error", "code": "stale", "message": "stale"},
            (dataclasses.replace(mine, turn=(me + 1) % 4), 9),
        ),  # the resumed host's view 9
        ({"type": "view"}, (mine, 10)),  # its view 10: our turn
        ({"type": "bye"}, (mine, 10)),
    ]

    class Session:
        seat, connection_id = me, 1
        messages: queue_mod.Queue = queue_mod.Queue()
        acts: list[tuple[str, int | None]] = []
        shown = (mine, 10)

        def ready(self) -> None:
            pass

        def next_message(self, timeout: float) -> dict | None:
            msg, self.shown = script.pop(0)
            return msg

        def snapshot(self):  # type: ignore[no-untyped-def]
            return self.shown

        def act(self, action: str, seq: int | None = None) -> None:
            self.acts.append((action, seq))

    session = Session()
    play_seat(session, lambda view: sorted(view.legal)[0])  # type: ignore[arg-type]
    assert [seq for _, seq in session.acts] == [10, 10]
