"""``tarneeb arena``: AI levels and protocol bots play duplicate deals against each other."""

from __future__ import annotations

import argparse
import json
import logging
import sys

from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.arena import run_arena
from tarneeb_desktop.rules import InvalidRulesError, RulesError
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
    if args.deals < 1:
        print("tarneeb arena: --deals must be at least 1", file=sys.stderr)
        return 2
    if not args.bot_timeout > 0:
        print("tarneeb arena: --bot-timeout must be positive", file=sys.stderr)
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
