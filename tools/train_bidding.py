"""Fit the bidding trick estimator (tarneeb_desktop/ai/bidding_model.py) on double-dummy deals.

Usage, from the repository root::

    python tools/train_bidding.py generate --deals 3000 --seed 1 --out build/dd_deals.jsonl
    python tools/train_bidding.py fit --data build/dd_deals.jsonl \
        --out tarneeb_desktop/data/bidding_model.json

``generate`` deals random hands and solves each with DDS's ``dd_table`` (all five
strains, every seat declaring); it appends to ``--out`` so it can be stopped and
resumed. Each line is ``{"hands": [4 masks], "tricks": {strain: [seat 0..3]}}``
where ``tricks[strain][s]`` is what seat ``s``'s side takes when ``s`` leads the
first trick (Tarneeb: the bidder leads). ``fit`` needs numpy (a development
dependency only): ridge regression per model, 20% of the deals held out to report
the error; it prints R^2 and sigma and writes the coefficients as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.ai import dds  # noqa: E402
from tarneeb_desktop.ai.bidding_model import (  # noqa: E402
    NT_JOINT_NAMES,
    NT_SOLO_NAMES,
    TRUMP_JOINT_NAMES,
    TRUMP_SOLO_NAMES,
    joint_features,
    solo_features,
)
from tarneeb_desktop.rules.cards import cards_of  # noqa: E402

STRAINS = ("C", "D", "H", "S", "NT")


def generate(n: int, seed: int, out: Path) -> None:
    rng = random.Random(seed)
    out.parent.mkdir(parents=True, exist_ok=True)
    done = 0
    if out.exists():
        done = sum(1 for _ in out.open(encoding="utf-8"))
    # Skip the deals already written, so a resumed run continues the same sequence.
    deck = list(range(52))
    start = time.perf_counter()
    with out.open("a", encoding="utf-8") as f:
        for i in range(n):
            rng.shuffle(deck)
            if i < done:
                continue
            hands = [0, 0, 0, 0]
            for j, c in enumerate(deck):
                hands[j % 4] |= 1 << c
            table = dds.dd_table([cards_of(h) for h in hands])
            tricks = {t: [13 - table[t][(s + 3) % 4] for s in range(4)] for t in STRAINS}
            f.write(json.dumps({"hands": hands, "tricks": tricks}) + "\n")
            f.flush()
            if (i + 1) % 100 == 0:
                rate = (time.perf_counter() - start) / (i + 1 - done)
                print(f"{i + 1}/{n} deals, {rate * 1000:.0f} ms each", file=sys.stderr)


def _rows(deals: list[dict]) -> dict[str, tuple[list[list[float]], list[float]]]:
    data: dict[str, tuple[list[list[float]], list[float]]] = {
        k: ([], []) for k in ("solo_trump", "solo_nt", "joint_trump", "joint_nt")
    }
    for d in deals:
        hands = d["hands"]
        for si, strain in enumerate(STRAINS):
            kind = "nt" if si == 4 else "trump"
            for s in range(4):
                y = float(d["tricks"][strain][s])
                xs, ys = data[f"solo_{kind}"]
                xs.append(solo_features(hands[s], si))
                ys.append(y)
                xs, ys = data[f"joint_{kind}"]
                xs.append(joint_features(hands[s], hands[(s + 2) % 4], si))
                ys.append(y)
    return data


def fit(data_path: Path, out: Path, ridge: float) -> None:
    import numpy as np

    deals = [json.loads(line) for line in data_path.open(encoding="utf-8") if line.strip()]
    rng = random.Random(0)
    rng.shuffle(deals)
    n_test = max(1, len(deals) // 5)
    test, train = deals[:n_test], deals[n_test:]
    tr, te = _rows(train), _rows(test)
    names = {
        "solo_trump": TRUMP_SOLO_NAMES,
        "solo_nt": NT_SOLO_NAMES,
        "joint_trump": TRUMP_JOINT_NAMES,
        "joint_nt": NT_JOINT_NAMES,
    }
    model: dict[str, object] = {
        "about": "ridge fits of double-dummy tricks (bidder leads); tools/train_bidding.py",
        "deals": len(deals),
        "train_deals": len(train),
    }
    for key in names:
        x = np.array(tr[key][0])
        y = np.array(tr[key][1])
        reg = ridge * np.eye(x.shape[1])
        reg[0, 0] = 0.0  # never shrink the intercept
        coef = np.linalg.solve(x.T @ x + reg, x.T @ y)
        xt = np.array(te[key][0])
        yt = np.array(te[key][1])
        pred = np.clip(xt @ coef, 0, 13)
        resid = yt - pred
        sigma = float(np.sqrt(np.mean(resid**2)))
        r2 = 1.0 - float(np.var(resid) / np.var(yt))
        print(f"{key:12s} rows {len(y):6d}  test sigma {sigma:.3f}  R^2 {r2:.3f}")
        model[key] = {
            "names": list(names[key]),
            "coef": [round(float(c), 5) for c in coef],
            "sigma": round(sigma, 4),
            "test_r2": round(r2, 4),
        }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--deals", type=int, default=3000)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--out", type=Path, default=REPO / "build" / "dd_deals.jsonl")
    f = sub.add_parser("fit")
    f.add_argument("--data", type=Path, default=REPO / "build" / "dd_deals.jsonl")
    f.add_argument(
        "--out", type=Path, default=REPO / "tarneeb_desktop" / "data" / "bidding_model.json"
    )
    f.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    if args.cmd == "generate":
        generate(args.deals, args.seed, args.out)
    else:
        fit(args.data, args.out, args.ridge)


if __name__ == "__main__":
    main()
