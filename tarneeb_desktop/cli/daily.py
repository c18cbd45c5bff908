"""``tarneeb daily``: the deals of a daily-deals code and the computer's result on each."""

from __future__ import annotations

import argparse
import json
import logging
import sys

from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.session.daily import (
    SEAT_LABELS,
    CodeError,
    computer_summary,
    normalize_code,
    today_code,
)


def main(args: argparse.Namespace) -> int:
    """Print each deal and the computer's result; with ``--json`` end with one JSON line."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(message)s")
    try:
        code = normalize_code(args.code) if args.code else today_code()
    except CodeError as exc:
        print(f"tarneeb daily: {exc}", file=sys.stderr)
        return 2
    if args.level not in LEVELS:
        print(f"tarneeb daily: unknown level {args.level!r} (one of {', '.join(LEVELS)})",
              file=sys.stderr)  # fmt: skip
        return 2
    print(f"daily deals {code}, the computer at {args.level} in South's seat")
    sys.stdout.flush()
    doc = computer_summary(code, args.level)
    for d in doc["deals"]:
        c = d["computer"]
        if c["contract"] is None:
            got = "thrown in, 0 : 0"
        else:
            who = SEAT_LABELS[c["declarer"]]
            could = "" if c["could_take"] is None else f", could take {c['could_take']}"
            got = (f"{who} {c['contract']}, {c['tricks']} tricks{could}; "
                   f"points {c['points'][0]} : {c['points'][1]}")  # fmt: skip
        print(f"deal {d['deal'] + 1}  dealer {SEAT_LABELS[d['dealer']]}  {got}")
        for seat, hand in enumerate(d["hands"]):
            print(f"    {SEAT_LABELS[seat]:<6} {hand}")
    total = sum(d["computer"]["points"][0] - d["computer"]["points"][1] for d in doc["deals"])
    print(f"the computer's total (South's side, points for minus against): {total:+d}")
    if args.json:
        print(json.dumps(doc))
    sys.stdout.flush()
    return 0
