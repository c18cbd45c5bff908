"""Two duplicate runs on the same deals, compared deal by deal (issue 49).

Rows of ``bench/ai_search_match.py`` or ``bench/clairvoyant.py`` (one JSON line a deal, keyed
by seed and deal): a change to one team (say expert, against hard) played on the seeds of an
earlier run of the same pairing gives, besides each run's mean, the mean of the per-deal
difference of their ``diff`` with its 95 % interval. Hard and the deals are the same in both
runs, so much of a deal's luck cancels; what is left is the change and the noise of play
(the real budgets are wall clock, so even an unchanged level does not play a deal the same
way twice)::

    python bench/paired.py --new build/i49/m1-s46.jsonl build/i49/m1-eh-s43.jsonl \\
        --old bench/data/issue39/final-expert-vs-hard-full-seed46.jsonl \\
        bench/data/issue39/final-expert-vs-hard-seed43.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path


def load(paths: list[Path]) -> dict[tuple[int, int], dict]:
    rows: dict[tuple[int, int], dict] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows[(row["seed"], row["deal"])] = row
    return rows


def mean_ci(values: list[float]) -> dict:
    n = len(values)
    mean = statistics.fmean(values) if n else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--new", nargs="+", type=Path, required=True)
    ap.add_argument("--old", nargs="+", type=Path, required=True)
    args = ap.parse_args()
    new, old = load(args.new), load(args.old)
    keys = sorted(set(new) & set(old))
    changed = [new[k]["diff"] - old[k]["diff"] for k in keys]
    print(
        json.dumps(
            {
                "deals": len(keys),
                "new": mean_ci([new[k]["diff"] for k in keys]),
                "old": mean_ci([old[k]["diff"] for k in keys]),
                "new_minus_old": mean_ci(changed),
                "deals_scored_differently": sum(1 for d in changed if abs(d) > 1e-9),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
