"""How often the computers double in Egyptian, and how rightly (issue 48: "two hands, no
computer ever doubled").

In the Egyptian rules a declarer whose bid went unopposed (the only bid of the auction) may
double its own contract ("double" / "no_double", ``rules/state.py``). This plays the
auctions of N deals with four players of one level, and for every deal where the choice
came, records it and the contract's double-dummy tricks (declarer leads,
``dds.dd_tricks_leading``): a double is right when the contract makes, a "no double" is
right when it fails or makes with no trick to spare. Prints one JSON line: the deals, the
auctions played, the choices offered, the doubles, and how many of each were right.

    python bench/doubles.py --deals 400 --level hard

``--fixed`` takes the clock away from a search level (its exact samples): the same counts
whatever the machine's load. Run it alone: the search levels use both cores.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop import arena  # noqa: E402
from tarneeb_desktop.ai import dds, make_player, search  # noqa: E402
from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402
from tarneeb_desktop.rules.cards import cards_of, parse_bid  # noqa: E402


def player_for(level: str, seed: int, fixed: bool):  # type: ignore[no-untyped-def]
    if level not in search.LEVEL_CONFIGS:
        return make_player(level, seed)
    cfg = search.LEVEL_CONFIGS[level]
    if fixed:
        cfg = dataclasses.replace(cfg, budget_s=None)
    return search.SearchPlayer(level, seed, cfg)


def one_deal(rules, hands, dealer, players, seed):  # type: ignore[no-untyped-def]
    """None (thrown in, or no double offered), else (doubled, level, dd tricks)."""
    state = GameState.new(rules, seed, dealer=dealer)
    state.set_deal(hands)
    offered = False
    while state.phase in ("redeal", "auction", "trump", "double"):
        seat = state.current_player()
        if seat is None:
            return None
        offered = offered or state.phase == "double"
        state.apply(players[seat].choose(state.view(seat)), seat)
    if state.phase != "play" or not offered:
        return None
    declarer = state.declarer
    view = state.view(declarer)
    level = parse_bid(view.contract, rules.suit_bidding)[0]
    tricks = dds.dd_tricks_leading([cards_of(h) for h in hands], view.trump or "NT", declarer)
    return view.doubled, level, tricks


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--level", default="hard")
    p.add_argument("--rules", default="egyptian")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--fixed", action="store_true", help="no clock: fixed samples per call")
    args = p.parse_args()
    rules = make_rules(args.rules)
    players = [player_for(args.level, args.seed * 8 + s, args.fixed) for s in range(4)]
    rng = random.Random(args.seed)
    start = time.monotonic()
    offered = doubled = doubled_made = kept_failed = kept_made_with_room = played = 0
    for n in range(args.deals):
        hands = arena.draw_deal(rng)
        got = one_deal(rules, hands, n % 4, players, args.seed * 100_003 + n)
        played += 1
        if got is None:
            continue
        offered += 1
        is_doubled, level, tricks = got
        if is_doubled:
            doubled += 1
            doubled_made += tricks >= level
        elif tricks < level:
            kept_failed += 1
        elif tricks >= level + 1:
            kept_made_with_room += 1  # a double would have paid, double dummy
        print(f"\r{n + 1}/{args.deals} offered {offered} doubled {doubled}", end="",
              file=sys.stderr, flush=True)  # fmt: skip
    print(file=sys.stderr)
    kept = offered - doubled
    print(
        json.dumps(
            {
                "rules": args.rules,
                "level": args.level,
                "deals": args.deals,
                "double_offered": offered,
                "doubled": doubled,
                "double_rate": round(doubled / offered, 3) if offered else None,
                "doubled_and_made": doubled_made,
                "not_doubled": kept,
                "not_doubled_and_failed": kept_failed,
                "not_doubled_but_made_with_a_trick_to_spare": kept_made_with_room,
                "seconds": round(time.monotonic() - start, 1),
                "fixed": args.fixed,
                "seed": args.seed,
            }
        )
    )


if __name__ == "__main__":
    main()
