"""Duplicate duel of bidding only: auctions played out, contracts scored double-dummy.

Each deal is bid twice with the teams swapped (as in ``tarneeb arena``); the auction,
the trump choice and the double are the players' own, and the contract is then scored
from the double-dummy tricks of the declaring side (declarer leads, ``dds.dd_tricks_leading``)
instead of playing the cards. That isolates what bidding is worth and costs about a
second per deal instead of the half a minute a played expert-vs-hard deal takes.

    python bench/bidding_duel.py --deals 300 --team0 expert --team1 hard
    python bench/bidding_duel.py --team0 cfg:own_discount=0.5 --team1 hard

A team is a level (``medium``, ``hard``, ``expert``), ``cfg:k=v,...`` (the expert
level's bidding with these ``SearchConfig`` fields changed) or ``LEVEL:k=v,...`` (that
search level's, e.g. ``hard:dd_calls=False`` for the linear model's calls). ``--fixed``
takes the clock away from the search levels (``budget_s=None``: exactly ``dd_samples``
solved deals per call), so a run gives the same result whatever the machine's load.
``--out FILE`` writes one JSON line per deal. Prints one JSON line.
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
from tarneeb_desktop.ai import dds, make_player, search  # noqa: E402
from tarneeb_desktop.rules import GameState, make_rules, score_hand  # noqa: E402
from tarneeb_desktop.rules.cards import cards_of, parse_bid  # noqa: E402


def player_for(spec: str, seed: int, fixed: bool = False):  # type: ignore[no-untyped-def]
    level, sep, rest = spec.partition(":")
    if level == "cfg":
        level = "expert"
    if level not in search.LEVEL_CONFIGS:
        return make_player(spec, seed)
    changes: dict[str, object] = {"budget_s": None} if fixed else {}
    base = search.LEVEL_CONFIGS[level]
    for part in rest.split(",") if sep and rest else []:
        key, _, val = part.partition("=")
        current = getattr(base, key)
        if isinstance(current, bool):
            changes[key] = val in ("True", "true", "1")
        elif current is None or val.lower() == "none":
            changes[key] = None if val.lower() == "none" else float(val)
        else:
            changes[key] = type(current)(val)
    cfg = dataclasses.replace(base, **changes)
    return search.SearchPlayer(level, seed, cfg)


def bid_hand(rules, hands, dealer, players, seed):  # type: ignore[no-untyped-def]
    """(declaring team, points of team 0 minus team 1, contract made) or None when the
    hand is thrown in."""
    state = GameState.new(rules, seed, dealer=dealer)
    state.set_deal(hands)
    while state.phase in ("redeal", "auction", "trump", "double"):
        seat = state.current_player()
        if seat is None:
            return None
        state.apply(players[seat].choose(state.view(seat)), seat)
    if state.phase != "play":
        return None
    declarer = state.declarer
    level = parse_bid(state.view(declarer).contract, rules.suit_bidding)[0]
    trump = state.view(declarer).trump or "NT"
    tricks = dds.dd_tricks_leading([cards_of(h) for h in hands], trump, declarer)
    dec, dfn = score_hand(rules, level, tricks, state.view(declarer).doubled)
    diff = dec - dfn if declarer % 2 == 0 else dfn - dec
    return declarer % 2, diff, tricks >= level


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval."""
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard")
    p.add_argument("--team0", default="expert")
    p.add_argument("--team1", default="hard")
    p.add_argument("--fixed", action="store_true", help="no clock: fixed samples per call")
    p.add_argument("--out", type=Path, default=None, help="one JSON line per deal")
    args = p.parse_args()
    rules = make_rules(args.rules)
    a = [player_for(args.team0, args.seed * 8 + s, args.fixed) for s in range(4)]
    b = [player_for(args.team1, args.seed * 8 + 4 + s, args.fixed) for s in range(4)]
    out = args.out.open("w", encoding="utf-8") if args.out else None
    rng = random.Random(args.seed)
    diffs: list[float] = []
    declared = [0, 0]
    made = [0, 0]
    start = time.monotonic()
    for i in range(args.deals):
        hands = arena.draw_deal(rng)
        total = 0.0
        for a_even in (True, False):
            seats = [a[0], b[1], a[2], b[3]] if a_even else [b[0], a[1], b[2], a[3]]
            res = bid_hand(rules, hands, i % 4, seats, args.seed * 100003 + i)
            if res is None:
                continue
            team, diff, ok = res
            a_team = 0 if a_even else 1
            total += (diff if a_team == 0 else -diff) / 2
            side = 0 if team == a_team else 1
            declared[side] += 1
            made[side] += int(ok)
        diffs.append(total)
        if out is not None:
            out.write(json.dumps({"deal": i, "diff": total}) + "\n")
            out.flush()
        if (i + 1) % 10 == 0:
            m, h = mean_ci(diffs)
            print(
                f"\r{i + 1}/{args.deals} {m:+.2f} ±{h:.2f} "
                f"{(time.monotonic() - start) / (i + 1):.2f}s/deal",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    m, h = mean_ci(diffs)
    print(
        json.dumps(
            {
                "team0": args.team0,
                "team1": args.team1,
                "deals": len(diffs),
                "dd_diff_per_deal": round(m, 3),
                "ci95": [round(m - h, 3), round(m + h, 3)],
                "declared": declared,
                "made": made,
                "seconds_per_deal": round((time.monotonic() - start) / max(1, len(diffs)), 2),
                "fixed": args.fixed,
                "rules": args.rules,
                "seed": args.seed,
            }
        )
    )


if __name__ == "__main__":
    main()
