"""How well the sampled deals guess the hidden hands, with the hand-set reading of the
calls and with the fitted one (``Experiment.fitted_calls``, ``data/call_fit.json``).

Hard bids every deal (no clock, its fixed samples); at the first lead, each seat draws its
weighted samples of the others' hands both ways (the same generator for both) and guesses
every hidden hand's high-card points (A4 K3 Q2 J1) and suit lengths as the samples'
weighted mean. Prints the mean squared errors against the real hands and the paired
difference (fitted minus hand-set) of the HCP error with its standard error: a lower error
means the calls were read closer to how the players bid. Sharper weights also leave fewer
deals that count: it prints the effective size (sum w)^2 / sum w^2 of ``--samples`` weighted
deals and the distinct deals among 10 picks from 30 candidates (hard's draw at 10 samples)::

    python bench/inference.py --deals 120 --seed 1

Tarneeb only: 41's bids are read by the hand-set rule alone (their fit was measured on
lebanese400 and syrian41 with this bench, docs/ai-search.md, and left off; its option was
removed since).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop import arena  # noqa: E402
from tarneeb_desktop.ai import sampling, search  # noqa: E402
from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402
from tarneeb_desktop.rules.cards import SUIT_MASKS  # noqa: E402

HONOURS = ((12, 4), (11, 3), (10, 2), (9, 1))


def hcp(mask: int) -> int:
    return sum(pts for suit in range(4) for rank, pts in HONOURS if mask >> (suit * 13 + rank) & 1)


def errors(view, hands, fitted: bool, samples: int, seed: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """Squared errors of the guessed HCP and suit lengths of the seats hidden from ``view``."""
    deals = sampling.weighted_deals(
        view,
        samples,
        random.Random(seed),
        candidates=4 * samples,
        fitted_calls=fitted,
    )
    total = sum(w for _, w in deals)
    hcp_err, len_err = [], []
    for other in range(4):
        if other == view.seat:
            continue
        guess = sum(w * hcp(h[other]) for h, w in deals) / total
        hcp_err.append((guess - hcp(hands[other])) ** 2)
        for suit in SUIT_MASKS:
            guess = sum(w * (h[other] & suit).bit_count() for h, w in deals) / total
            len_err.append((guess - (hands[other] & suit).bit_count()) ** 2)
    return hcp_err, len_err


def spread(view, fitted: bool, samples: int, seed: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """(effective size of ``samples`` weighted deals, distinct deals of 10 picks from 30)."""
    deals = sampling.weighted_deals(
        view,
        samples,
        random.Random(seed),
        candidates=samples,
        fitted_calls=fitted,
    )
    w = [x for _, x in deals]
    picks = sampling.weighted_deals(
        view, 10, random.Random(seed), candidates=30, fitted_calls=fitted
    )
    return sum(w) ** 2 / sum(x * x for x in w), len(picks)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=120)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard")
    p.add_argument("--samples", type=int, default=300)
    args = p.parse_args()
    rules = make_rules(args.rules)
    if rules.game == "41":
        p.error("41's bids have no fitted reading any more: Tarneeb rules only")
    name, cfg, exp = search.level_config("hard")
    cfg = dataclasses.replace(cfg, budget_s=None)
    players = [search.SearchPlayer(name, args.seed * 8 + s, cfg, experiment=exp) for s in range(4)]
    rng = random.Random(args.seed)
    result: dict[bool, tuple[list[float], list[float]]] = {False: ([], []), True: ([], [])}
    sizes: dict[bool, list[tuple[float, int]]] = {False: [], True: []}
    positions = 0
    for i in range(args.deals):
        hands = arena.draw_deal(rng)
        state = GameState.new(rules, args.seed * 100003 + i, dealer=i % 4)
        state.set_deal(hands)
        while state.phase in ("redeal", "auction", "trump", "double"):
            seat = state.current_player()
            if seat is None:
                break
            state.apply(players[seat].choose(state.view(seat)), seat)
        if state.phase != "play":
            continue
        for seat in range(4):
            positions += 1
            for fitted in (False, True):
                h, n = errors(state.view(seat), hands, fitted, args.samples, i * 4 + seat)
                result[fitted][0].extend(h)
                result[fitted][1].extend(n)
                sizes[fitted].append(spread(state.view(seat), fitted, args.samples, i * 4 + seat))
    diff = [a - b for a, b in zip(result[True][0], result[False][0], strict=True)]
    print(
        json.dumps(
            {
                "rules": args.rules,
                "seed": args.seed,
                "positions": positions,
                "samples": args.samples,
                "hcp_mse_hand_set": round(statistics.mean(result[False][0]), 3),
                "hcp_mse_fitted": round(statistics.mean(result[True][0]), 3),
                "hcp_diff": round(statistics.mean(diff), 3),
                "hcp_diff_se": round(statistics.stdev(diff) / len(diff) ** 0.5, 3),
                "length_mse_hand_set": round(statistics.mean(result[False][1]), 4),
                "length_mse_fitted": round(statistics.mean(result[True][1]), 4),
                "effective_size_hand_set": round(statistics.mean(e for e, _ in sizes[False]), 1),
                "effective_size_fitted": round(statistics.mean(e for e, _ in sizes[True]), 1),
                "distinct_of_10_hand_set": round(statistics.mean(d for _, d in sizes[False]), 2),
                "distinct_of_10_fitted": round(statistics.mean(d for _, d in sizes[True]), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
