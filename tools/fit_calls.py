"""Fit how the search levels' bids and passes follow their hands (``sampling.CallFit``).

The samples of the unseen cards are weighted by how well each explains the other seats'
calls. This tool measures that from the levels' own calls: it plays auctions in self-play
and fits, per level needed (7, 8, 9 or more), the chance that a seat bids rather than
passes as a logistic curve in its solo estimate (``TrickModel.solo_all``, best strain)
minus the level it needs.

Usage, from the repository root::

    python tools/fit_calls.py generate --level hard --deals 1200 --seed 1 --out build/calls.jsonl
    python tools/fit_calls.py fit --data build/calls.jsonl --out tarneeb_desktop/data/call_fit.json

Tarneeb only: 41's bids are read by a hand-set rule (a fit of them per bid-value table was
measured no better and taken out in issue 35; docs/ai-search.md keeps the result).

``generate`` appends one line per call of the auction (no clock: the level's calls with
exactly its fixed samples). Calls over partner's bid are left out of the fit: they read
partner's strength as well, and the levels' rule for them stays the hand-set one. ``fit``
is plain Python (Newton's method on two parameters per level) and prints each level's
offset, tau, rows and log-loss beside the hand-set rule's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop import arena  # noqa: E402
from tarneeb_desktop.ai import search  # noqa: E402
from tarneeb_desktop.ai.bidding_model import load_model  # noqa: E402
from tarneeb_desktop.ai.sampling import (  # noqa: E402
    _sigmoid,
    fitted_bid,
    hand_set_bid,
    hand_set_pass,
)
from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402
from tarneeb_desktop.rules.cards import parse_bid  # noqa: E402

FLOOR = 0.02


def call_rows(level: str, deals: int, seed: int, rules_name: str = "standard") -> list[dict]:
    """Every auction call of ``deals`` self-play auctions by the level (``LEVEL:k=v,...``):
    the caller's solo estimates, the level it needed, whether partner held the bid, and
    the level bid (0 for a pass)."""
    rules = make_rules(rules_name)
    name, cfg, exp = search.level_config(level)
    cfg = dataclasses.replace(cfg, budget_s=None)
    players = [search.SearchPlayer(name, seed * 8 + s, cfg, experiment=exp) for s in range(4)]
    model = load_model()
    strains = range(5 if rules.suit_bidding or rules.no_trump_allowed else 4)
    rng = random.Random(seed)
    rows: list[dict] = []
    for i in range(deals):
        hands = arena.draw_deal(rng)
        state = GameState.new(rules, seed * 100003 + i, dealer=i % 4)
        state.set_deal(hands)
        while state.phase in ("redeal", "auction", "trump", "double"):
            seat = state.current_player()
            if seat is None:
                break
            view = state.view(seat)
            call = players[seat].choose(view)
            if state.phase == "auction" and call not in ("double", "no_double"):
                high, high_seat = 0, -1
                for s, c in view.calls:
                    if c in ("pass", "double", "no_double"):
                        continue
                    high, high_seat = parse_bid(c, rules.suit_bidding)[0], s
                bid, strain = (0, None) if call == "pass" else parse_bid(call, rules.suit_bidding)
                e = model.solo_all(hands[seat], strains)
                rows.append(
                    {
                        "deal": i,
                        "seat": seat,
                        "estimates": [round(x, 3) for x in e],
                        "have": round(e[strain] if strain is not None else max(e), 3),
                        "need": max(7, high + 1),
                        "partner": high_seat >= 0 and (high_seat & 1) == (seat & 1),
                        "bid": bid,
                    }
                )
            state.apply(call, seat)
    return rows


def fit_logistic(xs: list[float], ys: list[int], iterations: int = 50) -> tuple[float, float]:
    """(offset, tau) of ``P(y=1) = sigmoid((x - offset) / tau)`` by maximum likelihood
    (Newton's method on ``a x + b``, a little ridge so separable data stays finite)."""
    a, b = 1.0, 0.0
    ridge = 1e-3
    for _ in range(iterations):
        ga = gb = 0.0
        haa, hab, hbb = ridge, 0.0, ridge
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(a * x + b)
            r = y - p
            ga += r * x
            gb += r
            w = p * (1.0 - p)
            haa += w * x * x
            hab += w * x
            hbb += w
        ga -= ridge * a
        gb -= ridge * b
        det = haa * hbb - hab * hab
        if det <= 0.0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    a = max(a, 1e-3)
    return -b / a, 1.0 / a


def log_loss(xs: list[float], ys: list[int], offset: float, tau: float) -> float:
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = fitted_bid(x, offset, tau, FLOOR)
        total -= math.log(p if y else 1.0 - p)
    return total / max(1, len(xs))


def fit_rows(rows: list[dict]) -> dict:
    """The ``call_fit.json`` document for the rows (calls over partner's bid left out)."""
    offsets, taus, report = [], [], []
    for i, name in enumerate(("7", "8", "9+")):
        sel = [r for r in rows if not r["partner"] and min(2, r["need"] - 7) == i]
        xs = [r["have"] - r["need"] for r in sel]
        ys = [1 if r["bid"] > 0 else 0 for r in sel]
        if len(sel) < 30 or not 0 < sum(ys) < len(ys):
            raise SystemExit(f"too few calls needing {name} to fit ({len(sel)})")
        offset, tau = fit_logistic(xs, ys)
        tau = max(0.05, tau)
        offsets.append(round(offset, 3))
        taus.append(round(tau, 3))
        # The hand-set rule: a pass from a hand 0.3 under the level, a bid from 0.5 under.
        hand_set = sum(
            -math.log(hand_set_bid(x, 0) if y else hand_set_pass(x, 0))
            for x, y in zip(xs, ys, strict=True)
        ) / len(xs)
        report.append(
            {
                "need": name,
                "rows": len(sel),
                "bid_rate": round(sum(ys) / len(ys), 3),
                "log_loss": round(log_loss(xs, ys, offset, tau), 4),
                "hand_set_log_loss": round(hand_set, 4),
            }
        )
    return {"offsets": offsets, "taus": taus, "floor": FLOOR, "fit": report}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--level", default="hard")
    g.add_argument("--deals", type=int, default=1200)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--rules", default="standard")
    g.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("--data", type=Path, nargs="+", required=True)
    f.add_argument("--out", type=Path, default=None)
    args = p.parse_args()
    if args.cmd == "generate":
        rows = call_rows(args.level, args.deals, args.seed, args.rules)
        with args.out.open("a", encoding="utf-8") as out:
            for r in rows:
                out.write(json.dumps(r) + "\n")
        print(json.dumps({"calls": len(rows), "deals": args.deals, "level": args.level}))
        return
    rows = [json.loads(line) for path in args.data for line in path.open(encoding="utf-8")]
    doc: dict = {}
    if args.out is not None and args.out.is_file():  # keep the other game's part
        doc = json.loads(args.out.read_text(encoding="utf-8"))
    tarneeb = [r for r in rows if r.get("game") != "41"]
    if tarneeb:
        doc.update(fit_rows(tarneeb))
        doc["source"] = {"files": [p.name for p in args.data], "calls": len(tarneeb)}
    print(json.dumps(doc, indent=1))
    if args.out is not None:
        args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
