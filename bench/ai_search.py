"""Time per decision of the search levels (hard, expert) across full games.

Run from the repository root: ``python bench/ai_search.py [--decisions 100] [--seed 1]``.
The level sits in seats 0 and 2 against medium in seats 1 and 3, playing games of the
``standard`` preset; every decision of the level that had a real choice (two or more
legal actions) is timed, bids and trump included. Prints the median, 90th percentile and
maximum in milliseconds, the same for the first trick alone (the expensive one), and
the samples solved per card decision. The last line is ``hard_p90_ms: X``.

Wall-clock times depend on the machine's load: run it on an idle machine for the
figures in docs/ai-search.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.ai import dds, make_player  # noqa: E402
from tarneeb_desktop.ai.search import make_search_player  # noqa: E402
from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402


def p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


def measure(level: str, decisions: int, seed: int) -> dict[str, float]:
    players = [
        make_search_player(level, seed * 10 + s) if s % 2 == 0 else make_player("medium", s)
        for s in range(4)
    ]
    times: list[float] = []
    first_trick: list[float] = []
    samples: list[int] = []
    game_seed = seed
    while len(times) < decisions:
        g = GameState.new(make_rules("standard"), seed=game_seed)
        game_seed += 1
        while not g.is_over() and len(times) < decisions:
            seat = g.current_player()
            assert seat is not None
            view = g.view(seat)
            player = players[seat]
            t0 = time.perf_counter()
            action = player.choose(view)
            dt = time.perf_counter() - t0
            if seat % 2 == 0 and len(view.legal) > 1:
                times.append(dt)
                if view.phase == "play":
                    samples.append(player.stats.samples)  # type: ignore[attr-defined]
                    if not view.tricks:
                        first_trick.append(dt)
            g.apply(action, seat)
    ms = [1000 * t for t in times]
    ft = [1000 * t for t in first_trick] or [0.0]
    return {
        "median": statistics.median(ms),
        "p90": p90(ms),
        "max": max(ms),
        "first_median": statistics.median(ft),
        "first_p90": p90(ft),
        "samples_median": statistics.median(samples) if samples else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="expert,hard")
    args = parser.parse_args()
    if not dds.available():
        print(f"DDS not available: {dds.load_error()}")
        sys.exit(1)
    results = {}
    for level in args.levels.split(","):
        r = measure(level, args.decisions, args.seed)
        results[level] = r
        print(
            f"{level:7s} ms/decision  median {r['median']:7.1f}  p90 {r['p90']:7.1f}  "
            f"max {r['max']:7.1f} | first trick median {r['first_median']:7.1f}  "
            f"p90 {r['first_p90']:7.1f} | samples/card median {r['samples_median']:.0f}"
        )
    if "expert" in results:
        print(f"expert_p90_ms: {results['expert']['p90']:.1f}")
    if "hard" in results:
        print(f"hard_p90_ms: {results['hard']['p90']:.1f}")


if __name__ == "__main__":
    main()
