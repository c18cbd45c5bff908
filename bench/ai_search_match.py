"""Duplicate match between AI levels, with adjustable search budgets and per-deal output.

The same deals and seating as ``tarneeb arena`` (it reuses ``arena.draw_deal`` and
``arena.play_hand``), but it writes one JSON line per deal as it goes, so a long run
can be stopped at any time and several shards (different ``--seed``) combined::

    python bench/ai_search_match.py --deals 200 --seed 1 --team0 hard --team1 medium \
        --out build/match1.jsonl
    python bench/ai_search_match.py --combine build/match1.jsonl build/match2.jsonl

``--budget`` / ``--max-samples`` override the search levels' time budget (seconds per
decision) and sample cap, for runs that must fit in less time than the real levels
take; the summary says which settings were used. ``--rules lebanese400`` (or ``syrian41``)
plays 41: points are the sides' summed player points, every bid a contract of its side.

A team is a level or ``LEVEL:FIELD=VALUE,...`` (that search level with those
``SearchConfig`` or ``Experiment`` fields changed, ``search.level_config``), so one level can
meet itself with one thing changed. ``--scores LOW`` starts every deal from a game score,
each team's total (41: each seat's score) drawn from LOW to the target minus one (the same
scores, by seat, at both tables of a deal), and adds ``equity_diff_per_deal``: team0's gain
in the chance to win the game (``ai/equity.py``) a deal, in percentage points::

    python bench/ai_search_match.py --deals 200 --scores 15 --set hard.budget_s=none \
        --set hard.max_samples=12 --team0 hard --team1 hard:equity_cards=false

``--games N`` plays N pairs of whole games instead (``arena.run_games``: from 0-0 to the
target, each pair on one deal sequence with the teams swapped) and prints its result with
the settings; ``--combine`` adds up such results' games won (``--out`` holds the one line).

``--start N`` plays deals N to ``--deals`` - 1 only, the same deals as a full run's: the deals
before N are drawn and each is bid at both tables (a deal thrown in there, all passing, is
drawn again, which moves every later deal), without playing their cards; a level's calls
depend on its view alone, so the same deals are thrown in as in the full run. Appended to
the ``--out`` of a run that stopped at deal N, the rows are those of one run::

    python bench/ai_search_match.py --deals 200 --seed 46 --team0 expert --team1 hard \
        --start 56 --out build/match46.jsonl
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop import arena  # noqa: E402
from tarneeb_desktop.ai import equity, search  # noqa: E402
from tarneeb_desktop.rules import (  # noqa: E402
    GameState,
    HandScored,
    HandThrownIn,
    SeatsScored,
    make_rules,
)
from tarneeb_desktop.table.flow import Table  # noqa: E402


def summarize(rows: list[dict]) -> dict:
    diffs = [r["diff"] for r in rows]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    ms = [r["ms0"] for r in rows if r.get("n0")]
    extra = {}
    if n and all("equity_diff" in r for r in rows):
        eq = [r["equity_diff"] for r in rows]
        em = statistics.fmean(eq)
        eh = 1.96 * statistics.stdev(eq) / math.sqrt(n) if n > 1 else 0.0
        extra = {
            "equity_diff_per_deal": round(em, 3),
            "equity_ci95": [round(em - eh, 3), round(em + eh, 3)],
        }
    return {
        **extra,
        "deals": n,
        "diff_per_deal": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "points_per_deal": [
            round(statistics.fmean(r["p0"] for r in rows), 3) if n else 0.0,
            round(statistics.fmean(r["p1"] for r in rows), 3) if n else 0.0,
        ],
        "team0_ms_per_decision": round(statistics.fmean(ms), 1) if ms else 0.0,
        "contracts": {
            "team0_declared": sum(r["decl0"] for r in rows),
            "team0_made": sum(r["made0"] for r in rows),
            "team1_declared": sum(r["decl1"] for r in rows),
            "team1_made": sum(r["made1"] for r in rows),
        },
    }


def tally(row: dict, got: arena.Outcome, team_a: int) -> None:
    """Add one table of a duplicate deal to ``row``, from the side of ``team_a`` (half each)."""
    pa, pb = got.points[team_a], got.points[1 - team_a]
    row["p0"] += pa / 2
    row["p1"] += pb / 2
    row["diff"] += (pa - pb) / 2
    row["decl0"] += got.declared[team_a]
    row["made0"] += got.made[team_a]
    row["decl1"] += got.declared[1 - team_a]
    row["made1"] += got.made[1 - team_a]


def combine_games(results: list[dict]) -> dict:
    """``--games`` results of several seeds added up: games won and the 95 % interval."""
    wins = [sum(r["games_won"][0] for r in results), sum(r["games_won"][1] for r in results)]
    n = sum(r["games"] for r in results)
    lo, hi = arena.wilson(wins[0], n)
    return {
        "games": n,
        "games_won": wins,
        "share_won": round(wins[0] / n, 3) if n else 0.0,
        "share_ci95": [round(lo, 3), round(hi, 3)],
        "pairs_split": sum(r["pairs_split"] for r in results),
        "seeds": [r.get("seed") for r in results],
    }


def make_side(spec: str, rules, seed: int) -> arena.Side:  # type: ignore[no-untyped-def]
    """``arena.Side`` for a level, a ``cmd:`` bot, or ``LEVEL:FIELD=VALUE,...`` (its four
    seats given search players of that config)."""
    level = spec.partition(":")[0]
    if level not in search.LEVEL_CONFIGS or ":" not in spec:
        return arena.Side(spec, rules, 10.0, seed)
    level, cfg, exp = search.level_config(spec)
    side = arena.Side(level, rules, 10.0, seed)
    for s in range(4):
        seat = side.seat(s)
        player = search.SearchPlayer(level, seed, cfg, experiment=exp)
        seat.player = player  # type: ignore[attr-defined]
    return side


def thrown_in_at_auction(  # type: ignore[no-untyped-def]
    rules, hands: list[int], dealer: int, seat_sides, seed: int, on_view=None, scores=None
) -> bool:
    """Whether ``arena.play_hand`` with these arguments would give None (the hand thrown
    in), found by playing the hand only to the end of its auction: a hand is thrown in
    there or not at all (all passing; a weak hand redealt; 41's low total)."""
    state = arena.hand_state(rules, hands, dealer, seed, scores)
    seats = [arena._Timed(side, side.seat(s), on_view, state) for s, side in enumerate(seat_sides)]
    table = Table(state, seats)

    def done(events) -> bool:  # type: ignore[no-untyped-def]
        thrown = any(isinstance(e, HandThrownIn) for e in events)
        return thrown or state.phase not in ("auction", "redeal")

    table.run(until=done, max_actions=1000)
    return any(isinstance(e, HandThrownIn) for e in table.last_events)


def skip_deals(  # type: ignore[no-untyped-def]
    rules, start: int, rng, a, b, seed: int, on_view=None, score_rng=None, scores_low=None
) -> int:
    """Move ``rng`` (and ``score_rng``) past deals 0 to ``start`` - 1 exactly as a full run
    of the match loop does, bidding each deal at both tables without playing it; returns
    how many deals were drawn again because a table threw one in."""
    redrawn = 0
    for i in range(start):
        dealer = i % 4
        scores = None
        if scores_low is not None:
            top = rules.target - 1
            count = 4 if rules.game == "41" else 2
            scores = tuple(score_rng.randint(scores_low, top) for _ in range(count))
        for _ in range(arena.MAX_REDRAWS):
            hands = arena.draw_deal(rng)
            thrown = False
            for a_even in (True, False):
                sides = [a, b, a, b] if a_even else [b, a, b, a]
                # Both tables, as the loop plays both before it looks at the results.
                hand_seed = seed * 100003 + i
                if thrown_in_at_auction(rules, hands, dealer, sides, hand_seed, on_view, scores):
                    thrown = True
            if not thrown:
                break
            redrawn += 1
    return redrawn


def equity_change(rules, dealer: int, scores: tuple[int, ...], got) -> float:  # type: ignore[no-untyped-def]
    """Team 0's change in the chance to win the game, in percentage points, when the hand
    ``got`` (``HandScored``; 41: ``SeatsScored``) is scored from ``scores`` (41: per seat)
    with ``dealer`` dealing."""
    g = GameState.new(rules, 0, dealer=dealer)
    if isinstance(got, SeatsScored):
        g.seat_scores = (scores[0], scores[1], scores[2], scores[3])
        return 100 * equity.value_of_seat_points(g.view(0), got.points)
    g.scores = list(scores)
    kaboot = 1 if got.tricks[0] == 13 else -1 if got.tricks[1] == 13 else 0
    return 100 * equity.value_of_points(g.view(0), got.points[0], got.points[1], kaboot)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard")
    p.add_argument("--team0", default="hard")
    p.add_argument("--team1", default="medium")
    p.add_argument("--budget", type=float, default=None, help="seconds per decision")
    p.add_argument("--max-samples", type=int, default=None)
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="LEVEL.FIELD=VALUE",
        help="change one SearchConfig or Experiment field of one level, e.g. "
        "expert.max_samples=24 "
        "(budget_s=none: no clock, exactly max_samples per decision)",
    )
    p.add_argument("--scores", type=int, default=None, help="start deals from game scores")
    p.add_argument("--games", type=int, default=None, help="whole game pairs instead of deals")
    p.add_argument("--start", type=int, default=0, help="play from this deal (the same deals)")
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--combine", nargs="+", type=Path, default=None)
    args = p.parse_args()
    if args.combine:
        rows = []
        for path in args.combine:
            rows += [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        print(json.dumps(combine_games(rows) if "games_won" in rows[0] else summarize(rows)))
        return
    for level in tuple(search.LEVEL_CONFIGS):
        cfg = search.LEVEL_CONFIGS[level]
        changes: dict[str, object] = {}
        if args.budget is not None:
            changes["budget_s"] = args.budget * (cfg.budget_s or 1.0) / 0.35
        if args.max_samples is not None:
            changes["max_samples"] = args.max_samples
        search.LEVEL_CONFIGS[level] = dataclasses.replace(cfg, **changes)
    search.configure_levels(args.set)
    rules = make_rules(args.rules)
    if args.scores is not None and not equity.available(rules):
        p.error("--scores needs rules with a table in ai/equity.py")
    a = make_side(args.team0, rules, args.seed * 2 + 1)
    b = make_side(args.team1, rules, args.seed * 2 + 2)
    rng = random.Random(args.seed)
    score_rng = random.Random(args.seed * 7 + 3)
    if args.games is not None:
        got = arena.run_games(rules, args.games, args.seed, args.team0, args.team1, sides=(a, b))
        got.update({"seed": args.seed, "set": args.set, "budget": args.budget})
        got["max_samples"] = args.max_samples
        line = json.dumps(got)
        print(file=sys.stderr)
        print(line)
        if args.out:
            args.out.write_text(line + "\n", encoding="utf-8")
        return
    if args.start:
        redrawn = skip_deals(rules, args.start, rng, a, b, args.seed, None, score_rng, args.scores)
        print(f"deals 0-{args.start - 1} skipped, {redrawn} drawn again", file=sys.stderr)
    rows: list[dict] = []
    out = args.out.open("a", encoding="utf-8") if args.out else None
    start = time.monotonic()
    for i in range(args.start, args.deals):
        dealer = i % 4
        scores = None
        if args.scores is not None:
            top = rules.target - 1
            count = 4 if rules.game == "41" else 2
            scores = tuple(score_rng.randint(args.scores, top) for _ in range(count))
        results = []
        for _ in range(arena.MAX_REDRAWS):
            hands = arena.draw_deal(rng)
            results = []
            for a_even in (True, False):
                sides = [a, b, a, b] if a_even else [b, a, b, a]
                d0, s0 = a.decisions, a.seconds
                res = arena.play_hand(
                    rules, hands, dealer, sides, args.seed * 100003 + i, scores=scores
                )
                results.append((res, a_even, a.decisions - d0, a.seconds - s0))
            if all(r is not None for r, *_ in results):
                break
        row = {
            "deal": i,
            "seed": args.seed,
            "p0": 0.0,
            "p1": 0.0,
            "diff": 0.0,
            "decl0": 0,
            "made0": 0,
            "decl1": 0,
            "made1": 0,
            "n0": 0,
            "ms0": 0.0,
        }
        if scores is not None:
            row["scores"] = list(scores)
            row["equity_diff"] = 0.0
        n0 = 0
        secs = 0.0
        for res, a_even, nd, sec in results:
            if res is None:
                continue
            team_a = 0 if a_even else 1
            got = arena.outcome(res)
            tally(row, got, team_a)  # in 41 every bid is a contract of its side
            if scores is not None and isinstance(res, HandScored | SeatsScored):
                change = equity_change(rules, dealer, scores, res)
                row["equity_diff"] += (change if team_a == 0 else -change) / 2
            n0 += nd
            secs += sec
        row["n0"] = n0
        row["ms0"] = round(1000 * secs / n0, 1) if n0 else 0.0
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        s = summarize(rows)
        el = time.monotonic() - start
        print(
            f"\r{i + 1}/{args.deals} diff {s['diff_per_deal']:+.2f} ci {s['ci95']} "
            f"{el / len(rows):.1f}s/deal",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    a.close()
    b.close()
    summary = summarize(rows)
    summary.update(
        {
            "team0": args.team0,
            "team1": args.team1,
            "rules": args.rules,
            "budget": args.budget,
            "max_samples": args.max_samples,
            "set": args.set,
        }
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
