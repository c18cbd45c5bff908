"""Benchmark of the AI levels: milliseconds per decision, median and 90th percentile.

Run from the repository root: ``python bench/ai.py [--decisions N] [--levels a,b] [--seed S]``.
The positions are collected once from games between medium players (every phase: redeal,
auction, trump, double, play) and always include first-trick decisions, the expensive ones
for the search levels; each level then decides the same positions. Levels that do not exist
yet are skipped. For the search levels it also prints the median number of deals solved
per card decision. The last lines are ``expert_p90_ms: X`` and ``hard_p90_ms: X`` (``n/a``
without that level).

Wall-clock times depend on the machine's load: run it on an idle machine for the figures
in docs/ai.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.ai import make_player  # noqa: E402
from tarneeb_desktop.ai.heuristic import MediumPlayer  # noqa: E402
from tarneeb_desktop.rules import GameState, View, make_rules  # noqa: E402


def collect(n: int, seed: int) -> list[View]:
    """About ``n`` positions with a real choice, a quarter of them in the first trick."""
    rng = random.Random(seed)
    first: list[View] = []
    other: list[View] = []
    game = 0
    while len(first) < n // 4 or len(first) + len(other) < n:
        preset = ("standard", "standard", "egyptian")[game % 3]
        g = GameState.new(make_rules(preset, weak_hand_redeal=game % 2 == 0), seed + game)
        game += 1
        players = [MediumPlayer(s) for s in range(4)]
        for _ in range(200):
            if g.is_over():
                break
            seat = g.current_player()
            assert seat is not None
            v = g.view(seat)
            if len(v.legal) > 1:
                if g.phase == "play" and not g.tricks:
                    first.append(v)
                elif rng.random() < 0.3:
                    other.append(v)
            g.apply(players[seat].choose(v))
    rng.shuffle(other)
    views = first[: max(1, n // 4)]
    return views + other[: n - len(views)]


def available(level: str) -> bool:
    if level in ("hard", "expert"):
        return importlib.util.find_spec("tarneeb_desktop.ai.search") is not None
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=240)
    ap.add_argument("--levels", default="random,easy,medium,hard,expert")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    views = collect(args.decisions, args.seed)
    n_first = sum(1 for v in views if v.phase == "play" and not v.tricks)
    print(f"{len(views)} positions ({n_first} in the first trick)")
    p90s: dict[str, float] = {}
    for level in args.levels.split(","):
        if not available(level):
            print(f"{level:7s} skipped (not built)")
            continue
        player = make_player(level, 7)
        times: list[float] = []
        first_times: list[float] = []
        samples: list[int] = []
        for v in views:
            t0 = time.perf_counter()
            action = player.choose(v)
            ms = (time.perf_counter() - t0) * 1000
            assert action in v.legal, (level, action)
            times.append(ms)
            stats = getattr(player, "stats", None)
            if stats is not None and v.phase == "play":
                samples.append(stats.samples)
            if v.phase == "play" and not v.tricks:
                first_times.append(ms)
        p90 = statistics.quantiles(times, n=10)[-1]
        first_p90 = statistics.quantiles(first_times, n=10)[-1] if len(first_times) > 1 else 0.0
        print(
            f"{level:7s} median {statistics.median(times):8.2f} ms   p90 {p90:8.2f} ms   "
            f"max {max(times):8.2f} ms   first-trick p90 {first_p90:8.2f} ms"
            + (f"   deals/card median {statistics.median(samples):.0f}" if samples else "")
        )
        p90s[level] = p90
    for level in ("expert", "hard"):
        print(f"{level}_p90_ms: {p90s[level]:.1f}" if level in p90s else f"{level}_p90_ms: n/a")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
