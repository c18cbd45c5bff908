"""Benchmark of the DDS binding (tarneeb_desktop.ai.dds).

Run from the repository root: ``python bench/dds.py [--deals N] [--seed S]``.
Prints wall-clock milliseconds (plus CPU time, which helps on a busy machine) per
full-deal solve (first trick, every card scored), per 8-card ending, per batch of
20 full deals through ``solve_many``, per full deal in batches of 2, 4, 8 and 16 boards, per ``dd_table`` and per
``dd_tricks_leading``, and the import time of the module. The last line is
``dds_full_deal_ms: X`` for scripts to pick up.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.ai import dds  # noqa: E402
from tarneeb_desktop.rules.cards import CARD_NAMES, STRAINS  # noqa: E402

DECK = list(CARD_NAMES)
BATCH_SIZES = (2, 4, 8, 16)


def deal(rng: random.Random, n: int) -> list[list[str]]:
    cards = DECK[:]
    rng.shuffle(cards)
    return [cards[i * n : (i + 1) * n] for i in range(4)]


def ms(seconds: float) -> float:
    return seconds * 1000.0


def import_ms(runs: int = 5) -> tuple[float, float]:
    """Median time to import the module, and to import it and load the library,
    each in a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter(); import tarneeb_desktop.ai.dds as d; "
        "t1 = time.perf_counter(); d.available(); t2 = time.perf_counter(); "
        "print((t1 - t) * 1000, (t2 - t) * 1000)"
    )
    imp, load = [], []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
        ).stdout.split()
        imp.append(float(out[0]))
        load.append(float(out[1]))
    return statistics.median(imp), statistics.median(load)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="positions per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--batch-deals", type=int, default=48, help="full deals for the batch sizes' line"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)

    imp, load = import_ms()
    print(f"import tarneeb_desktop.ai.dds: {imp:.1f} ms (with library load: {load:.1f} ms)")
    if not dds.available():
        print(f"DDS not available: {dds.load_error()}")
        print("dds_full_deal_ms: nan")
        return
    print(f"library: {dds.library_path()}")

    full: list[dds.Board] = [
        (deal(rng, 13), STRAINS[i % 5], rng.randrange(4), []) for i in range(args.deals)
    ]
    times = []
    cpu = time.process_time()
    for board in full:
        t = time.perf_counter()
        dds.solve(*board)
        times.append(time.perf_counter() - t)
    cpu_ms = ms((time.process_time() - cpu) / len(full))
    full_ms = ms(statistics.mean(times))
    print(
        f"solve, full deal, first trick, all cards: mean {full_ms:.1f} ms, "
        f"median {ms(statistics.median(times)):.1f} ms, max {ms(max(times)):.1f} ms, "
        f"CPU {cpu_ms:.1f} ms ({len(times)} deals)"
    )

    endings: list[dds.Board] = [
        (deal(rng, 8), STRAINS[i % 5], rng.randrange(4), []) for i in range(args.deals * 5)
    ]
    t = time.perf_counter()
    for board in endings:
        dds.solve(*board)
    print(f"solve, 8-card ending, all cards: {ms((time.perf_counter() - t) / len(endings)):.2f} ms")

    batch: list[dds.Board] = [
        (deal(rng, 13), STRAINS[i % 5], rng.randrange(4), []) for i in range(20)
    ]
    t, cpu = time.perf_counter(), time.process_time()
    dds.solve_many(batch)
    batch_ms = ms(time.perf_counter() - t)
    batch_cpu = ms(time.process_time() - cpu)
    print(
        f"solve_many, batch of 20 full deals: {batch_ms:.1f} ms ({batch_ms / 20:.1f} ms/deal; "
        f"CPU {batch_cpu:.0f} ms over all DDS threads)"
    )

    # The same full deals in batches of 2, 4, 8 and 16 boards (the card search's first-trick
    # batches): DDS's two threads wait for the slowest board of a call, so small batches
    # leave a thread idle. Twice over, alternating, so both see the same load.
    sized = [(deal(rng, 13), STRAINS[i % 5], rng.randrange(4), []) for i in range(args.batch_deals)]
    per_size: dict[int, list[float]] = {k: [] for k in BATCH_SIZES}
    for _ in range(2):
        for k in BATCH_SIZES:
            t = time.perf_counter()
            for start in range(0, len(sized), k):
                dds.solve_many(sized[start : start + k])
            per_size[k].append(ms(time.perf_counter() - t) / len(sized))
    print(
        f"solve_many, {len(sized)} full deals in batches of "
        + ", ".join(f"{k}: {statistics.mean(v):.1f}" for k, v in per_size.items())
        + " ms/deal"
    )

    n = max(3, args.deals // 4)
    t = time.perf_counter()
    for hands, _trump, _leader, _trick in full[:n]:
        dds.dd_table(hands)
    print(
        f"dd_table, full deal (20 declarer/strain pairs): {ms((time.perf_counter() - t) / n):.1f} ms"
    )

    t = time.perf_counter()
    for hands, trump, leader, _trick in full:
        dds.dd_tricks_leading(hands, trump, leader)
    print(f"dd_tricks_leading, full deal: {ms((time.perf_counter() - t) / len(full)):.1f} ms")

    print(f"dds_full_deal_ms: {full_ms:.1f}")


if __name__ == "__main__":
    main()
