"""``tarneeb arena``: AI levels and protocol bots play duplicate deals against each other."""

from __future__ import annotations

import argparse
import json
import logging
import sys

from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.arena import run_arena, run_games
from tarneeb_desktop.rules import InvalidRulesError, Rules, RulesError
from tarneeb_desktop.rules.args import rules_from_args


def _check_spec(spec: str) -> str | None:
    if spec.startswith("cmd:"):
        return None if spec[4:].strip() else "cmd: needs a command, e.g. cmd:'tarneeb bot'"
    if spec not in LEVELS:
        return f"unknown player {spec!r}: one of {', '.join(LEVELS)} or cmd:COMMAND"
    return None


def main(args: argparse.Namespace) -> int:
    """``tarneeb arena``: play duplicate deals and print the results."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(message)s")
    try:
        rules = rules_from_args(args)
    except (InvalidRulesError, RulesError) as exc:
        print(f"tarneeb arena: {exc}", file=sys.stderr)
        return 2
    for spec in (args.team0, args.team1):
        problem = _check_spec(spec)
        if problem:
            print(f"tarneeb arena: {problem}", file=sys.stderr)
            return 2
    if not args.bot_timeout > 0:
        print("tarneeb arena: --bot-timeout must be positive", file=sys.stderr)
        return 2
    if args.games is not None:
        if args.games < 1:
            print("tarneeb arena: --games must be at least 1", file=sys.stderr)
            return 2
        return _games(args, rules)
    if args.deals < 1:
        print("tarneeb arena: --deals must be at least 1", file=sys.stderr)
        return 2
    result = run_arena(
        rules, args.deals, args.seed, args.team0, args.team1, args.bot_timeout, progress=True
    )
    lo, hi = result["ci95"]
    print(
        f"{result['team0']} vs {result['team1']}, {result['deals']} deals x 2 ({rules.to_dict()})"
    )
    print(
        f"  points per deal: {result['points_per_deal'][0]:.2f} vs "
        f"{result['points_per_deal'][1]:.2f}"
    )
    print(f"  difference: {result['diff_per_deal']:+.2f} per deal, 95% CI [{lo:+.2f}, {hi:+.2f}]")
    # In 41 every player's own bid is one of its side's contracts.
    made = "bids made" if rules.game == "41" else "contracts made"
    print(f"  {made}: {result['contracts_made'][0]:.0%} vs {result['contracts_made'][1]:.0%}")
    print(
        f"  faults: {result['faults'][0]} vs {result['faults'][1]}; ms per decision: "
        f"{result['ms_per_decision'][0]:.1f} vs {result['ms_per_decision'][1]:.1f}"
    )
    if args.json:
        print(json.dumps(result))
    sys.stdout.flush()
    return 0


def _games(args: argparse.Namespace, rules: Rules) -> int:
    """``tarneeb arena --games N``: pairs of whole games, teams swapped on the same deals."""
    result = run_games(
        rules, args.games, args.seed, args.team0, args.team1, args.bot_timeout, progress=True
    )
    lo, hi = result["share_ci95"]
    won = result["games_won"]
    print(
        f"{result['team0']} vs {result['team1']}, {result['pairs']} pairs of whole games "
        f"({rules.to_dict()})"
    )
    print(
        f"  games won: {won[0]} vs {won[1]} of {result['games']}; {result['team0']} wins "
        f"{result['share_won'][0]:.1%}, 95% interval [{lo:.1%}, {hi:.1%}]"
    )
    print(f"  pairs split one each: {result['pairs_split']}")
    print(
        f"  points per deal over {result['hands']} hands: {result['points_per_deal'][0]:.2f} "
        f"vs {result['points_per_deal'][1]:.2f} ({result['diff_per_deal']:+.2f})"
    )
    print(f"  faults: {result['faults'][0]} vs {result['faults'][1]}")
    if args.json:
        print(json.dumps(result))
    sys.stdout.flush()
    return 0
