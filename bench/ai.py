"""Benchmark of the AI levels: milliseconds per decision, median and 90th percentile.

Run from the repository root:
``python bench/ai.py [--decisions N] [--levels a,b] [--seed S] [--games tarneeb,41]``.
The positions are collected once from games between medium players (every phase: redeal,
auction, trump, double, play) and always include first-trick decisions, the expensive ones
for the search levels; each level then decides the same positions. Levels that do not exist
yet are skipped. For the search levels it also prints the median number of deals solved
per card decision, and for every level the calls' own median and p90 (auction and trump
positions, the opening call included). The 41 / 400 positions (``--games``, both by default) come from games of
``syrian41`` and ``lebanese400`` (auction and play), timed the same way in a second table.
The last lines are ``expert_p90_ms: X`` and ``hard_p90_ms: X`` for Tarneeb, then
``expert_41_p90_ms: X`` and ``hard_41_p90_ms: X`` (``n/a`` without that level or game).

Wall-clock times depend on the machine's load: run it on an idle machine for the figures
in docs/ai.md. The CPU figures (``time.process_time``: the process's CPU, DDS's threads
included) depend on it much less. ``--calls-only`` times only the auction and trump
positions; ``--set LEVEL.FIELD=VALUE`` changes a search level's config or its ``Experiment``
(e.g. ``hard.stop_early=false`` for the card search without its stopping rule).
``--before-after`` times each search level twice, as it was (``LEVEL-before``) and as it is,
in turns position by position, so both see the same load; it adds the lines
``expert_before_p90_ms: X`` and ``hard_before_p90_ms: X``; ``--before FIELD=VALUE,...``
says what "as it was" is (by default ``stop_early=false``: without issue 39's stopping
rule; issue 39's figures also had its narrower batches, ``wide_batches=false``, a switch
removed in issue 47: docs/ai-search.md, "Wide batches"). The levels always take turns
position by position.
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

# The search levels without issue 39's stopping rule (``--before-after``).
BEFORE = "stop_early=false"


def _rules(game41: bool, game: int):
    if game41:
        return make_rules(("syrian41", "lebanese400")[game % 2])
    preset = ("standard", "standard", "egyptian")[game % 3]
    return make_rules(preset, weak_hand_redeal=game % 2 == 0)


def collect(n: int, seed: int, game41: bool = False) -> list[View]:
    """About ``n`` positions with a real choice, a quarter of them in the first trick
    (of Tarneeb, or with ``game41`` of 41 / 400)."""
    rng = random.Random(seed)
    first: list[View] = []
    other: list[View] = []
    game = 0
    while len(first) < n // 4 or len(first) + len(other) < n:
        g = GameState.new(_rules(game41, game), seed + game)
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


def contestants(
    levels: list[str], before_after: bool, before: str = BEFORE
) -> list[tuple[str, object]]:
    """(label, player) per level; with ``before_after`` each search level twice: as it was
    (the level with ``before``'s fields changed, label ``LEVEL-before``) and as it is."""
    out: list[tuple[str, object]] = []
    for level in levels:
        if not available(level):
            print(f"{level:7s} skipped (not built)")
            continue
        if before_after and level in ("hard", "expert"):
            from tarneeb_desktop.ai import search

            _, cfg, exp = search.level_config(f"{level}:{before}")
            out.append((f"{level}-before", search.SearchPlayer(level, 7, cfg, experiment=exp)))
        out.append((level, make_player(level, 7)))
    return out


def time_levels(
    views: list[View], levels: list[str], before_after: bool = False, before: str = BEFORE
) -> dict[str, float]:
    """Each level decides every position; prints its times; returns the p90 per level.
    The levels take turns position by position (all levels decide one position, then the
    next), so a change in the machine's load falls on all of them alike."""
    n_first = sum(1 for v in views if v.phase == "play" and not v.tricks)
    print(f"{len(views)} positions ({n_first} in the first trick)")
    players = contestants(levels, before_after, before)
    times: dict[str, list[float]] = {name: [] for name, _ in players}
    first_times: dict[str, list[float]] = {name: [] for name, _ in players}
    call_times: dict[str, list[float]] = {name: [] for name, _ in players}
    call_cpu: dict[str, list[float]] = {name: [] for name, _ in players}
    samples: dict[str, list[int]] = {name: [] for name, _ in players}
    cpu_times: dict[str, list[float]] = {name: [] for name, _ in players}
    for v in views:
        for name, player in players:
            c0 = time.process_time()
            t0 = time.perf_counter()
            action = player.choose(v)  # type: ignore[attr-defined]
            ms = (time.perf_counter() - t0) * 1000
            cpu_times[name].append((time.process_time() - c0) * 1000)
            assert action in v.legal, (name, action)
            times[name].append(ms)
            stats = getattr(player, "stats", None)
            if stats is not None and v.phase == "play":
                samples[name].append(stats.samples)
            if v.phase == "play" and not v.tricks:
                first_times[name].append(ms)
            if v.phase in ("auction", "trump"):
                call_times[name].append(ms)
                call_cpu[name].append(cpu_times[name][-1])
    p90s: dict[str, float] = {}
    for name, _ in players:
        t, ft, ct, cc = times[name], first_times[name], call_times[name], call_cpu[name]
        p90 = statistics.quantiles(t, n=10)[-1]
        cpu_p90 = statistics.quantiles(cpu_times[name], n=10)[-1]
        first_p90 = statistics.quantiles(ft, n=10)[-1] if len(ft) > 1 else 0.0
        sm = samples[name]
        print(
            f"{name:7s} median {statistics.median(t):8.2f} ms   p90 {p90:8.2f} ms   "
            f"max {max(t):8.2f} ms   first-trick p90 {first_p90:8.2f} ms   "
            f"CPU p90 {cpu_p90:8.2f} ms"
            + (
                f"   deals/card median {statistics.median(sm):.0f} mean {statistics.fmean(sm):.1f}"
                if sm
                else ""
            )
        )
        if len(ct) > 1:
            # Calls and trump (the opening call included).
            print(
                f"{'':7s} calls: {len(ct)} positions, median "
                f"{statistics.median(ct):8.2f} ms   p90 "
                f"{statistics.quantiles(ct, n=10)[-1]:8.2f} ms   max "
                f"{max(ct):8.2f} ms   CPU median {statistics.median(cc):8.2f} "
                f"p90 {statistics.quantiles(cc, n=10)[-1]:8.2f} ms"
            )
        p90s[name] = p90
    return p90s


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=240)
    ap.add_argument("--levels", default="random,easy,medium,hard,expert")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="tarneeb,41", help="tarneeb, 41 or both")
    ap.add_argument(
        "--calls-only",
        action="store_true",
        help="time only the auction and trump positions of the collected ones",
    )
    ap.add_argument(
        "--before-after",
        action="store_true",
        help="time each search level also as it was (see --before), position by position "
        "in turns with the level as it is",
    )
    ap.add_argument(
        "--before",
        default=BEFORE,
        metavar="FIELD=VALUE,...",
        help="what --before-after times as the level was (default: "
        f"{BEFORE}, the search without its stopping rule)",
    )
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="LEVEL.FIELD=VALUE",
        help="change one SearchConfig or Experiment field of a search level, e.g. "
        "hard.stop_early=false "
        "(the card search without its stopping rule)",
    )
    args = ap.parse_args()
    if args.set:
        from tarneeb_desktop.ai import search

        search.configure_levels(args.set)
    levels = args.levels.split(",")
    games = args.games.split(",")
    tables: dict[str, dict[str, float]] = {}
    for game in games:
        print(f"--- {'41 / 400' if game == '41' else 'Tarneeb'}")
        views = collect(args.decisions, args.seed, game41=game == "41")
        if args.calls_only:
            views = [v for v in views if v.phase in ("auction", "trump")]
        tables[game] = time_levels(views, levels, args.before_after, args.before)
    for game in ("tarneeb", "41"):
        p90s = tables.get(game, {})
        infix = "_41" if game == "41" else ""
        for level in ("expert", "hard"):
            key = f"{level}{infix}_p90_ms"
            print(f"{key}: {p90s[level]:.1f}" if level in p90s else f"{key}: n/a")
            if f"{level}-before" in p90s:
                print(f"{level}{infix}_before_p90_ms: {p90s[level + '-before']:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
