"""Benchmark of ``tarneeb analyse``: the double-dummy analysis of a whole hand, card by card.

Run from the repository root: ``python bench/analyse.py [--games N] [--seed S] [--level L]``.
Plays N whole games (computer players of level L, at full speed through the table flow),
then times ``ai.analysis.analyse_plays`` on every hand that was played: 52 solves, each
card of the position scored. Prints the mean, median and slowest hand in wall-clock
milliseconds (and CPU time, which helps on a busy machine). The last line is
``analyse_ms_per_hand: X`` (the mean) for scripts; the issue asks for under 2000.
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

from tarneeb_desktop.ai import dds  # noqa: E402
from tarneeb_desktop.ai.analysis import analyse_plays  # noqa: E402
from tarneeb_desktop.arena import play_game  # noqa: E402
from tarneeb_desktop.rules import make_rules  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="whole games to analyse")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="medium", help="the players' level")
    parser.add_argument("--rules", default="standard", help="preset, e.g. lebanese400")
    args = parser.parse_args()
    if not dds.available():
        print(f"DDS not available: {dds.load_error()}")
        print("analyse_ms_per_hand: nan")
        return
    rules = make_rules(args.rules)
    game41 = rules.game == "41"
    hands = []
    for g in range(args.games):
        table = play_game(rules, args.seed * 1000 + g, [args.level] * 4)
        hands += [h for h in table.state.history if h.plays and (game41 or h.declarer is not None)]
    dds.dd_tricks_leading(
        [["AS"], ["KS"], ["QS"], ["JS"]], "NT", 0
    )  # load the library before timing
    times, cpu = [], []
    for h in hands:
        t, c = time.perf_counter(), time.process_time()
        if game41:  # hearts trump, the dealer's right leads
            analyse_plays(h.cards, "H", (h.dealer + 1) % 4, h.plays)
        else:
            analyse_plays(h.cards, h.trump or "NT", h.declarer, h.plays)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    mean = 1000 * statistics.mean(times)
    print(
        f"analyse, whole hand (52 positions, every card scored): mean {mean:.1f} ms, "
        f"median {1000 * statistics.median(times):.1f} ms, slowest {1000 * max(times):.1f} ms, "
        f"CPU {1000 * statistics.mean(cpu):.1f} ms ({len(times)} hands of {args.games} "
        f"{args.rules} games)"
    )
    print(f"analyse_ms_per_hand: {mean:.1f}")


if __name__ == "__main__":
    main()
