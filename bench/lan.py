"""Benchmark of LAN play on loopback: from a client's action to every client holding the new view.

Run from the repository root: ``python bench/lan.py [--actions N] [--seed S] [--rules PRESET]
[--in-process]`` (``--rules lebanese400`` measures a 41/400 table).
A headless host runs in its own process (``python -m tarneeb_desktop host``, saving its
table after every trick as it does for real); four :class:`ClientSession` objects in this
process hold the four seats. One action at a time: the seat to move sends its action, and the
time until the fourth client's reader thread has parsed the view that follows is one sample.
Prints the median, p90, p99 and max in milliseconds; the last line is ``lan_rtt_ms: X`` (p99).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.net.client import ClientSession  # noqa: E402


def choose(view: Any, rng: random.Random) -> str:
    """Short auctions (a 7 then passes) so hands are played out, random legal cards."""
    legal = list(view.legal)
    if view.phase == "auction":
        if any(c != "pass" for _, c in view.calls) and "pass" in legal:
            return "pass"
        if "7" in legal:
            return "7"
    return rng.choice(legal)


class Arrivals:
    """When each client received each seq (written by the clients' reader threads)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[int, list[float]] = {}
        self.done = threading.Condition(self.lock)

    def record(self, msg: dict[str, Any]) -> None:
        if msg.get("type") != "view":
            return
        now = time.perf_counter()
        with self.lock:
            self.times.setdefault(msg["seq"], []).append(now)
            self.done.notify_all()

    def wait_all(self, seq: int, n: int, timeout: float = 10.0) -> list[float]:
        with self.lock:
            if not self.done.wait_for(lambda: len(self.times.get(seq, [])) >= n, timeout):
                raise TimeoutError(f"view {seq} did not reach every client")
            return list(self.times[seq])


def start_host(args: argparse.Namespace, tmp: str) -> tuple[Any, tuple[str, int]]:
    if args.in_process:
        from tarneeb_desktop.rules import make_rules
        from tarneeb_desktop.session.lan import new_host

        host = new_host(
            make_rules(args.rules, target=args.target),
            seed=args.seed,
            open_seats=[0, 1, 2, 3],
            save_path=Path(tmp) / "table.json",
            exit_when_over=False,
        )
        return host, host.start()
    env = {**os.environ, "PYTHONPATH": str(REPO), "TARNEEB_HOME": tmp}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tarneeb_desktop",
            "host",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--open-seats",
            "0,1,2,3",
            "--no-beacon",
            "--rules",
            args.rules,
            "-o",
            f"target={args.target}",
            "--seed",
            str(args.seed),
            "--save-table",
            str(Path(tmp) / "table.json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("listening on "):
        raise SystemExit(f"the host did not start: {line!r}")
    host_part = line.split()[-1]
    addr, port = host_part.rsplit(":", 1)
    return proc, (addr, int(port))


def stop_host(host: Any) -> None:
    if isinstance(host, subprocess.Popen):
        host.terminate()
        host.wait(10)
    else:
        host.stop()


def run_game(args: argparse.Namespace, seed: int, samples: list[float], want: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        args.seed = seed
        host, address = start_host(args, tmp)
        arrivals = Arrivals()
        sessions = [
            ClientSession(*address, name=f"bench{i}", on_message=arrivals.record) for i in range(4)
        ]
        try:
            for i, s in enumerate(sessions):
                s.connect()
                s.join(i)
            rng = random.Random(seed)
            seq = 0
            arrivals.wait_all(0, 4)
            while len(samples) < want:
                views = [s.snapshot() for s in sessions]
                view = views[0][0]
                if view is None or view.phase == "over":
                    break
                mover = sessions[view.turn]
                mview, mseq = mover.snapshot()
                assert mview is not None and mseq == seq
                action = choose(mview, rng)
                t0 = time.perf_counter()
                mover.act(action, seq)
                seq += 1
                times = arrivals.wait_all(seq, 4)
                samples.append((max(times) - t0) * 1000.0)
                # The reader threads set the snapshot just before recording the arrival.
                for s in sessions:
                    while s.snapshot()[1] != seq:
                        time.sleep(0)
        finally:
            for s in sessions:
                s.close()
            stop_host(host)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000, help="samples to take")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=31)
    parser.add_argument("--rules", default="standard", help="a preset, e.g. lebanese400")
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="run the host in this process (shares the GIL with the clients)",
    )
    args = parser.parse_args()
    samples: list[float] = []
    seed = args.seed
    games = 0
    t_start = time.perf_counter()
    while len(samples) < args.actions:
        run_game(args, seed, samples, args.actions)
        seed += 1
        games += 1
    wall = time.perf_counter() - t_start
    samples.sort()

    def pct(p: float) -> float:
        return samples[min(len(samples) - 1, int(p / 100 * len(samples)))]

    print(
        f"host: {'in this process' if args.in_process else 'own process'}, {args.rules}; "
        f"{len(samples)} actions over {games} games in {wall:.1f} s"
    )
    print(
        f"median {statistics.median(samples):.2f} ms, p90 {pct(90):.2f} ms, "
        f"p99 {pct(99):.2f} ms, max {samples[-1]:.2f} ms"
    )
    print(f"lan_rtt_ms: {pct(99):.2f}")


if __name__ == "__main__":
    main()
