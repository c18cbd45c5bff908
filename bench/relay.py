"""The relay (a table over the internet by a code) through a local broker: an action's round
trip to the next view, the bytes a hand puts on the wire, and the CPU of a relay table
waiting.

    python bench/relay.py [--actions 300] [--seconds 20] [--seed 5]

- **Round trip**: one person's seat (the three others computers at ``random``, no delay),
  joined by code; for each of the person's actions, the time from sending it to the view
  that answers it, p50 and p99 in ms; the same over TCP on loopback beside it (the LAN).
  Goal: p99 at most 50 ms on loopback.
- **Bytes a hand**: four people's seats joined by code play a whole game (random players);
  an MQTT client subscribed to ``#`` counts every payload the broker carries for the table,
  divided by the hands played (and the same game's stream over TCP, counted at the host's
  writers, for comparison).
- **Waiting**: the host and four seats joined by code, in this process, sit in the lobby for
  ``--seconds``; the process's CPU time over the wall time (100 % is one core). Goal: at most
  0.5 %, as ``bench/idle.py``'s cases.

Mosquitto runs on 127.0.0.1 and a free port (``tests/relay_broker.py``); nothing reaches
any other address. Run it alone: the figures are wall-clock times on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("TARNEEB_HOME", tempfile.mkdtemp(prefix="tarneeb-bench-relay-"))

import paho.mqtt.client as mqtt  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from tarneeb_desktop.net.client import ClientSession, play_seat  # noqa: E402
from tarneeb_desktop.net.host import Host  # noqa: E402
from tarneeb_desktop.net.relay_host import RelayOptions  # noqa: E402
from tarneeb_desktop.rules import make_rules  # noqa: E402
from tarneeb_desktop.session.lan import new_host  # noqa: E402
from tarneeb_desktop.table.seats import ComputerSeat  # noqa: E402
from tests.relay_broker import Broker  # noqa: E402


def host_of(broker: Broker | None, open_seats: list[int], seed: int, target: int = 31) -> Host:
    extra: dict[str, Any] = {"relay": RelayOptions.new(broker.url)} if broker else {}
    host = new_host(
        make_rules(target=target), seed=seed, open_seats=open_seats, ai_level="random",
        bind="127.0.0.1", port=0, **extra,
    )  # fmt: skip
    host.start()
    return host


def session_of(host: Host, broker: Broker | None, name: str) -> ClientSession:
    if broker is not None:
        assert host.code is not None
        s = ClientSession.by_code(host.code, broker.urls, name=name, timeout=10)
    else:
        assert host.address is not None
        s = ClientSession(*host.address, name=name, timeout=10)
    s.connect()
    return s


def round_trips(broker: Broker | None, actions: int, seed: int) -> list[float]:
    """Milliseconds from each action sent to the view that answers it."""
    out: list[float] = []
    player = ComputerSeat("random", 0)
    while len(out) < actions:
        host = host_of(broker, [0], seed + len(out))
        s = session_of(host, broker, "Bench")
        s.join(0)
        try:
            while len(out) < actions:
                msg = s.next_message(10)
                if msg is None:
                    break
                view, seq = s.snapshot()
                if view is None or view.phase == "over":
                    if view is not None:
                        break
                    continue
                if not s.messages.empty() or view.turn != 0 or not view.legal:
                    continue
                action = player.decide(view) if hasattr(player, "decide") else view.legal[0]
                t0 = time.perf_counter()
                s.act(action, seq)
                reply = s.wait_for(
                    lambda m, q=seq: m.get("type") == "view" and m.get("seq", -1) > q, 10
                )
                out.append((time.perf_counter() - t0) * 1000)
                del reply
        finally:
            s.close()
            host.stop()
    return out


def bytes_a_hand(broker: Broker, seed: int) -> tuple[float, float, int]:
    """(relay bytes a hand, TCP bytes a hand, hands) over a whole game of four people."""
    counted = [0]

    spy = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-spy")
    spy.on_message = lambda _c, _u, m: counted.__setitem__(0, counted[0] + len(m.payload))
    spy.connect("127.0.0.1", broker.port)
    spy.subscribe("#", qos=1)
    spy.loop_start()
    figures = []
    for over in (broker, None):
        counted[0] = 0
        host = host_of(over, [0, 1, 2, 3], seed, target=31)
        tcp = [0]
        if over is None:  # count what the host writes to its TCP connections
            from tarneeb_desktop.net import seating

            real = seating.Connection.send

            def counting(self: Any, msg: dict[str, Any], tcp=tcp, real=real) -> None:  # type: ignore[no-untyped-def]
                from tarneeb_desktop.net.protocol import encode

                tcp[0] += len(encode(msg))
                real(self, msg)

            seating.Connection.send = counting  # type: ignore[method-assign]
        sessions = [session_of(host, over, f"P{i}") for i in range(4)]
        for i, s in enumerate(sessions):
            s.join(i)
        threads = [
            threading.Thread(target=play_seat, args=(s, ComputerSeat("random", s.seat)))
            for s in sessions
        ]
        for t in threads:
            t.start()
        host.done.wait(300)
        for t in threads:
            t.join(30)
        hands = len(host.table.state.history)
        for s in sessions:
            s.close()
        host.stop()
        if over is None:
            seating.Connection.send = real  # type: ignore[method-assign]
            figures.append(tcp[0] / hands)
        else:
            time.sleep(0.5)
            figures.append(counted[0] / hands)
    spy.loop_stop()
    spy.disconnect()
    return figures[0], figures[1], hands


def waiting_cpu(broker: Broker, seconds: float, seed: int) -> float:
    host = host_of(broker, [0, 1, 2, 3], seed)
    sessions = [session_of(host, broker, f"P{i}") for i in range(4)]
    for i, s in enumerate(sessions):
        s.join(i)
    time.sleep(1.0)
    c0, w0 = time.process_time(), time.perf_counter()
    time.sleep(seconds)
    cpu = (time.process_time() - c0) / (time.perf_counter() - w0) * 100
    for s in sessions:
        s.close()
    host.stop()
    return cpu


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    broker = Broker().start()
    try:
        for name, over in (("relay", broker), ("tcp", None)):
            ms = round_trips(over, args.actions, args.seed)
            print(
                f"round trip {name:5s}: {len(ms)} actions, p50 {statistics.median(ms):.1f} ms, "
                f"p99 {pct(ms, 99):.1f} ms, max {max(ms):.1f} ms",
                flush=True,
            )
        relay_bytes, tcp_bytes, hands = bytes_a_hand(broker, args.seed)
        print(
            f"bytes a hand: relay {relay_bytes:,.0f} (all topics, 4 people), "
            f"tcp {tcp_bytes:,.0f} (host to clients), over a game of {hands} hands",
            flush=True,
        )
        cpu = waiting_cpu(broker, args.seconds, args.seed)
        print(
            f"relay table waiting (host + 4 seats by code): CPU {cpu:.2f} % of a core", flush=True
        )
    finally:
        broker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
