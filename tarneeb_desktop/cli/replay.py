"""``tarneeb replay FILE``: check a game record against the rules and summarise it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tarneeb_desktop.cli.words import count
from tarneeb_desktop.record import RecordError, Replay, load_record
from tarneeb_desktop.session.record_steps import counted_hands
from tarneeb_desktop.table.history import played_hands


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
    if args.json:
        print(json.dumps(result.summary()))
    else:
        print(sentence(result))
    return 0


def sentence(result: Replay) -> str:
    """The text summary: the hands counted as the viewer and the game over count them (a
    deal thrown in is not a hand, and is said apart), the totals and the winner. The JSON
    keeps a row per deal, as the record format says."""
    summary = result.summary()
    status = "complete" if summary["complete"] else "unfinished"
    totals = " / ".join(str(t) for t in summary["totals"])
    per = " by seat" if len(summary["totals"]) == 4 else ""  # 41 scores each seat
    history = result.state.history
    hands = counted_hands(history, len(summary["hands"]))
    thrown = len(history) - played_hands(history)
    said = f"{count(hands, 'hand', 'hands')} played"
    if thrown:
        said += f" ({count(thrown, 'more deal', 'more deals')} thrown in and dealt again)"
    return f"legal record, {status} game, {said}, totals{per} {totals}" + (
        f", won by team {summary['winner']}" if summary["winner"] is not None else ""
    )
