"""Fuzzing the host: 10,000 random and mutated messages while a game is played; the host
keeps serving everyone else and the game ends normally."""

from __future__ import annotations

import json
import logging
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from tarneeb_desktop.net import protocol as P
from tarneeb_desktop.net.client import ClientSession, play_seat
from tarneeb_desktop.record import replay
from tarneeb_desktop.rules import CARD_NAMES, make_rules
from tarneeb_desktop.session.lan import new_host

N_MESSAGES = 10_000
FUZZ_SEAT = 3

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    3,
    4,
    2**63,
    10**30,
    1.5,
    float("nan"),
    float("inf"),
    "",
    "x",
    "AS",
    "pass",
    "13",
    "NT",
    "no_double",
    "\u202e",
    "\x00",
    "\ud800",
    "A\udfffS",
    "é" * 50,
    [],
    [1, 2],
    {},
    {"a": {}},
    [[[[[]]]]],
    "x" * 300,
]


def short_auction(rng: random.Random) -> Any:
    """A player whose auctions end at once (first caller bids 7, the rest pass), so every hand
    scores points and the game reaches its target in a few hands; cards are random."""

    def choose(view: Any) -> str:
        legal = list(view.legal)
        if view.phase == "auction":
            if any(c != "pass" for _, c in view.calls) and "pass" in legal:
                return "pass"
            if "7" in legal:
                return "7"
        return rng.choice(legal)

    return choose


def mutate_value(rng: random.Random, msg: dict[str, Any]) -> dict[str, Any]:
    msg = dict(msg)
    choice = rng.random()
    keys = list(msg)
    if choice < 0.25 and keys:
        del msg[rng.choice(keys)]
    elif choice < 0.6 and keys:
        msg[rng.choice(keys)] = rng.choice(ODD_VALUES)
    elif choice < 0.75:
        msg["type"] = rng.choice(
            [
                "action",
                "join",
                "chat",
                "react",
                "sync",
                "ping",
                "hello",
                "view",
                "error",
                "",
                "ACTION",
                "x" * 100,
            ]
        )
    else:
        msg[rng.choice(["seat", "seq", "token", "zz", "action", "text"])] = rng.choice(ODD_VALUES)
    return msg


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        i = rng.randrange(len(b) + 1)
        if op < 0.4 and b:
            b[min(i, len(b) - 1)] = rng.randrange(256)
        elif op < 0.7:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 5)))
        elif b:
            del b[i : i + rng.randint(1, 5)]
    return bytes(b)


def make_line(rng: random.Random, s: ClientSession) -> bytes:
    """One fuzz message: mostly mutations of real messages, some pure noise."""
    view, seq = s.snapshot()
    legal = list(view.legal) if view is not None else []
    base: dict[str, Any] = rng.choice(
        [
            {
                "type": "action",
                "seat": FUZZ_SEAT,
                "token": s.token,
                "seq": seq or 0,
                "action": rng.choice(
                    legal
                    if legal and rng.random() < 0.05
                    else [*CARD_NAMES[:5], "pass", "7", "S", "double", "redeal"]
                ),
            },
            {
                "type": "action",
                "seat": FUZZ_SEAT,
                "token": s.token,
                "seq": (seq or 0) - 1,
                "action": "pass",
            },
            {"type": "join", "seat": rng.randrange(4), "token": s.token, "name": "fz"},
            {"type": "chat", "text": "".join(chr(rng.randrange(32, 0x700)) for _ in range(20))},
            {"type": "react", "reaction": rng.choice(P.REACTIONS)},
            {"type": "sync"},
            {"type": "ping"},
            P.hello("client"),
        ]
    )
    r = rng.random()
    if r < 0.55:
        base = mutate_value(rng, base)
    # ASCII JSON, so that lone surrogates travel as \ud800 escapes and reach the host.
    data = json.dumps(base).encode("ascii")
    if 0.55 <= r < 0.67:
        data = mutate_bytes(rng, data)
    elif 0.67 <= r < 0.69:
        data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 60)))
    elif 0.69 <= r < 0.692:
        data = b'{"type":"chat","text":"' + b"z" * (P.MAX_MESSAGE_BYTES + 10) + b'"}'
    elif 0.692 <= r < 0.694:
        data = b"[" * 3000 + b"]" * 3000
    return data.replace(b"\n", b" ") + b"\n"


def closes(line: bytes) -> bool:
    """Whether the host closes the connection for this line (malformed, oversized, leave)."""
    try:
        msg = P.decode(line)
    except P.ProtocolError:
        return True
    return msg["type"] == "leave"


def test_host_survives_ten_thousand_fuzz_messages_and_finishes_its_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    rng = random.Random(12345)
    # The host waits for the fuzzer's seat (no computer takes it over), so the game moves
    # only as fast as the fuzzer's occasional real actions: the fuzz spans the game.
    host = new_host(
        make_rules(target=31),
        seed=77,
        open_seats=[0, 1, 2, 3],
        ai_level="random",
        disconnect_grace=1e9,
        rate=(10**9, 10**9.0),
        exit_when_over=False,
        record_path=tmp_path / "r.json",
    )
    host.start()
    try:
        assert host.address is not None
        fuzzer = ClientSession(*host.address, name="fuzz")
        fuzzer.connect()
        assert fuzzer.join(FUZZ_SEAT) == FUZZ_SEAT
        bots = []
        for seat in range(3):
            b = ClientSession(*host.address, name=f"bot{seat}")
            b.connect()
            b.join(seat)
            bots.append(b)
        results: dict[int, bool] = {}

        def run(s: ClientSession) -> None:
            choose = short_auction(random.Random(s.seat))
            results[s.seat or 0] = play_seat(s, choose, reconnect_for=0)

        threads = [threading.Thread(target=run, args=(b,), daemon=True) for b in bots]
        for t in threads:
            t.start()

        fuzz_choose = short_auction(random.Random(99))
        sent = closed = 0
        while sent < N_MESSAGES:
            fuzzer.poll()
            line = make_line(rng, fuzzer)
            try:
                fuzzer.send_raw(line)
            except OSError:
                pass
            sent += 1
            if closes(line):
                closed += 1
                fuzzer.close()
                fuzzer.reconnect()
            elif host.table.state.hand_index < 2:
                # its seat's moves whenever it is its turn: nobody stands in for a seat that
                # is back, and the fuzzer reconnects after every closing line; only in the
                # first two hands, so that the game is well on (however loaded the machine)
                # and cannot end before the fuzz does (however fast)
                view, seq = fuzzer.snapshot()
                if view is not None and view.legal and view.turn == FUZZ_SEAT:
                    fuzzer.act(fuzz_choose(view), seq)
            assert host.error is None and host._thread is not None and host._thread.is_alive()
        assert sent >= N_MESSAGES and closed > 100
        assert host.seq > 50 and not host.done.is_set(), "the game went on during the fuzz"

        # The fuzzer now plays properly, and everyone finishes the game.
        fuzzer.sync()
        assert play_seat(fuzzer, fuzz_choose, reconnect_for=5)
        for t in threads:
            t.join(30)
        assert host.done.wait(30)
        assert results == {0: True, 1: True, 2: True}, "the other players were never cut off"
        assert all(b.connected or b.view is not None and b.view.phase == "over" for b in bots)
        state = host.table.state
        assert state.is_over()
        doc = json.loads((tmp_path / "r.json").read_text())
        assert replay(doc, seed=77).state.scores == state.scores
    finally:
        host.stop()
    crashes = [
        r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("tarneeb")
    ]
    assert crashes == []
