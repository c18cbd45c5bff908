"""``tarneeb replay FILE``: check a game record against the rules and summarise it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tarneeb_desktop.record import RecordError, load_record


def main(args: argparse.Namespace) -> int:
    """``tarneeb replay FILE [--json]``."""
    path = Path(args.file)
    if not path.is_file():
        print(f"tarneeb replay: no such file: {args.file}", file=sys.stderr)
        return 2
    try:
        result = load_record(path)
    except OSError as exc:
        print(f"tarneeb replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except RecordError as exc:
        if args.json:
            print(json.dumps(exc.to_dict()))
        print(exc.sentence(), file=sys.stderr)
        return 1
    except RecursionError:
        err = RecordError("the file is nested too deeply to be a record", None, "format")
        if args.json:
            print(json.dumps(err.to_dict()))
        print(err.sentence(), file=sys.stderr)
        return 1
    summary = result.summary()
    if args.json:
        print(json.dumps(summary))
    else:
        status = "complete" if summary["complete"] else "unfinished"
        totals = " / ".join(str(t) for t in summary["totals"])
        per = " by seat" if len(summary["totals"]) == 4 else ""  # 41 scores each seat
        print(
            f"legal record, {status} game, {len(summary['hands'])} hands, totals{per} {totals}"
            + (f", won by team {summary['winner']}" if summary["winner"] is not None else "")
        )
    return 0
