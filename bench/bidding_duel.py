"""Duplicate duel of bidding only: auctions played out, contracts scored double-dummy.

Each deal is bid twice with the teams swapped (as in ``tarneeb arena``); the auction,
the trump choice and the double are the players' own, and the contract is then scored
from the double-dummy tricks of the declaring side (declarer leads, ``dds.dd_tricks_leading``)
instead of playing the cards. That isolates what bidding is worth and costs about a
second per deal instead of the half a minute a played expert-vs-hard deal takes.

    python bench/bidding_duel.py --deals 300 --team0 expert --team1 hard
    python bench/bidding_duel.py --team0 cfg:bid_samples=80 --team1 hard

A team is a level (``medium``, ``hard``, ``expert``), ``cfg:k=v,...`` (the expert
level's bidding with these ``SearchConfig`` or ``Experiment`` fields changed) or
``LEVEL:k=v,...`` (that search level's, e.g. ``hard:fitted_calls=False`` for the hand-set
reading of the calls).
``--fixed`` takes the clock away from the search levels (``budget_s=None``: exactly their
samples), so a run gives the same result whatever the machine's load.
``--out FILE`` writes one JSON line per deal. Prints one JSON line.

``--scores LOW`` starts every deal from a game score instead of 0-0: each side's total drawn
from LOW to the target minus one (the same for both tables of a deal, by seat, so the two
are mirror images), and adds ``equity_diff_per_deal``, team0's gain in the chance to win the
game (``ai/equity.py``'s table for the rules) a deal, in percentage points, the way to
measure ``Experiment.equity_calls`` (bidding to win the game, not the hand):

    python bench/bidding_duel.py --fixed --scores 15 --team0 hard \
        --team1 hard:equity_calls=False --deals 600

``--games N`` plays N pairs of whole games instead, from 0-0 to the target, every hand bid
and scored as above, each pair on one deal sequence with the teams swapped (as ``tarneeb
arena --games``), and prints team0's share of the games won with its 95 % interval.
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
from tarneeb_desktop.ai import dds, equity, make_player, search  # noqa: E402
from tarneeb_desktop.rules import GameState, make_rules, score_hand  # noqa: E402
from tarneeb_desktop.rules.cards import cards_of, parse_bid  # noqa: E402


def player_for(spec: str, seed: int, fixed: bool = False):  # type: ignore[no-untyped-def]
    if spec.startswith("cfg:"):
        spec = "expert:" + spec[4:]
    if spec.partition(":")[0] not in search.LEVEL_CONFIGS:
        return make_player(spec, seed)
    level, cfg, exp = search.level_config(spec)
    if fixed:
        cfg = dataclasses.replace(cfg, budget_s=None)
    return search.SearchPlayer(level, seed, cfg, experiment=exp)


def bid_hand(rules, hands, dealer, players, seed, scores=(0, 0)):  # type: ignore[no-untyped-def]
    """(declaring team, points of team 0 minus team 1, contract made, team 0's change in
    the chance to win the game from ``scores``) or None when the hand is thrown in."""
    state = GameState.new(rules, seed, dealer=dealer)
    state.set_deal(hands)
    state.scores = list(scores)
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
    change = win_change(state.view(0), declarer, tricks, (dec, dfn))
    team_points = (dec, dfn) if declarer % 2 == 0 else (dfn, dec)
    return declarer % 2, diff, tricks >= level, change, team_points, tricks


def win_change(view, declarer, tricks, points):  # type: ignore[no-untyped-def]
    """Team 0's change in the chance to win the game (``equity.value_of_points``) when
    ``declarer`` takes ``tricks`` and the hand scores ``points`` (declarers', defenders');
    ``view`` is seat 0's before the hand is scored. 0 without a table for the rules."""
    if not equity.available(view.rules):
        return 0.0
    team = declarer % 2
    ours, theirs = points if team == 0 else (points[1], points[0])
    kaboot = 0
    if tricks in (0, 13):  # a side took all 13: team 0's (1) or the other's (-1)
        kaboot = 1 if (team == 0) == (tricks == 13) else -1
    return equity.value_of_points(view, ours, theirs, kaboot)


def play_game(rules, deal_seed, players, seed):  # type: ignore[no-untyped-def]
    """A whole game from 0-0, each hand bid by ``players`` (seats 0-3) and scored double-dummy
    (``bid_hand``), on the deals of ``deal_seed``: the winning team and the hands played (None
    and the hands for a game still open after 80 hands)."""
    rng = random.Random(deal_seed)
    scores = [0, 0]
    dealer = deal_seed % 4
    for n in range(80):
        hands = arena.draw_deal(rng)
        res = bid_hand(rules, hands, dealer, players, seed + n, tuple(scores))
        if res is None:
            continue  # thrown in: the same dealer deals again
        team, _, _, _, points, tricks = res
        scores[0] += points[0]
        scores[1] += points[1]
        if rules.kaboot_wins_game and tricks in (0, 13):
            return (team if tricks == 13 else 1 - team), n + 1
        a, b = scores
        if (a >= rules.target or b >= rules.target) and a != b:
            return (0 if a > b else 1), n + 1
        dealer = (dealer + 1) % 4
    return None, 80


def run_games(args, rules, a, b) -> None:  # type: ignore[no-untyped-def]
    """``--games N``: N pairs of whole games on one deal sequence each, team0 in seats 0 and
    2 and then in 1 and 3; prints team0's share of the games won with a 95 % interval."""
    pairs: list[float] = []
    hands = 0
    start = time.monotonic()
    out = args.out.open("w", encoding="utf-8") if args.out else None
    for g in range(args.games):
        deal_seed = args.seed * 1_000_003 + g
        won = 0.0
        for a_even in (True, False):
            seats = [a[0], b[1], a[2], b[3]] if a_even else [b[0], a[1], b[2], a[3]]
            winner, n = play_game(rules, deal_seed, seats, args.seed * 100003 + g * 101)
            hands += n
            if winner is None:
                won += 0.5
            elif winner == (0 if a_even else 1):
                won += 1
        pairs.append(won / 2)
        if out is not None:
            out.write(json.dumps({"pair": g, "team0_share": won / 2}) + "\n")
            out.flush()
        m = statistics.fmean(pairs)
        print(f"\r{g + 1}/{args.games} {100 * m:.1f}%", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    m, h = mean_ci(pairs) if len(pairs) > 1 else (pairs[0], 0.0)
    print(
        json.dumps(
            {
                "team0": args.team0,
                "team1": args.team1,
                "game_pairs": len(pairs),
                "team0_games_won": round(100 * m, 2),
                "ci95": [round(100 * (m - h), 2), round(100 * (m + h), 2)],
                "hands": hands,
                "seconds": round(time.monotonic() - start, 1),
                "fixed": args.fixed,
                "rules": args.rules,
                "seed": args.seed,
            }
        )
    )


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
    p.add_argument("--scores", type=int, default=None, help="start deals from game scores")
    p.add_argument("--games", type=int, default=None, help="whole game pairs instead of deals")
    args = p.parse_args()
    rules = make_rules(args.rules)
    a = [player_for(args.team0, args.seed * 8 + s, args.fixed) for s in range(4)]
    b = [player_for(args.team1, args.seed * 8 + 4 + s, args.fixed) for s in range(4)]
    if args.games is not None:
        run_games(args, rules, a, b)
        return
    out = args.out.open("w", encoding="utf-8") if args.out else None
    rng = random.Random(args.seed)
    score_rng = random.Random(args.seed * 7 + 3)
    diffs: list[float] = []
    equity_diffs: list[float] = []
    declared = [0, 0]
    made = [0, 0]
    start = time.monotonic()
    for i in range(args.deals):
        hands = arena.draw_deal(rng)
        scores = (0, 0)
        if args.scores is not None:
            top = rules.target - 1
            scores = (score_rng.randint(args.scores, top), score_rng.randint(args.scores, top))
        total = 0.0
        total_equity = 0.0
        for a_even in (True, False):
            seats = [a[0], b[1], a[2], b[3]] if a_even else [b[0], a[1], b[2], a[3]]
            res = bid_hand(rules, hands, i % 4, seats, args.seed * 100003 + i, scores)
            if res is None:
                continue
            team, diff, ok, change, _, _ = res
            a_team = 0 if a_even else 1
            total += (diff if a_team == 0 else -diff) / 2
            total_equity += 100 * (change if a_team == 0 else -change) / 2
            side = 0 if team == a_team else 1
            declared[side] += 1
            made[side] += int(ok)
        diffs.append(total)
        equity_diffs.append(total_equity)
        if out is not None:
            row = {"deal": i, "diff": total, "scores": scores, "equity_diff": total_equity}
            out.write(json.dumps(row) + "\n")
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
    em, eh = mean_ci(equity_diffs)
    print(
        json.dumps(
            {
                "equity_diff_per_deal": round(em, 3),
                "equity_ci95": [round(em - eh, 3), round(em + eh, 3)],
                "scores_from": args.scores,
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
