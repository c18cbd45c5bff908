"""``tarneeb analyse FILE``: every card of a game record seen double dummy.

For each card played, the tricks the player's side takes from that position on (the trick
in progress included) with that card and best play by all four afterwards, and the same
with the best card; per hand, the declaring side's tricks before the opening lead. The
record is checked as ``tarneeb replay`` checks it, with the same errors and exit statuses.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tarneeb_desktop.ai import dds
from tarneeb_desktop.ai.analysis import HandAnalysis, analyse_game
from tarneeb_desktop.cli.words import count
from tarneeb_desktop.record import RecordError, Replay, load_record
from tarneeb_desktop.table.flow import SEAT_NAMES
from tarneeb_desktop.table.history import played_hands


def seat_names(players: Sequence[str] | None) -> list[str]:
    """How the text names the seats, as the viewer does: the players' names with their
    place ("Karim (East)"), or the places alone."""
    if players and len(players) == 4:
        return [f"{players[s]} ({SEAT_NAMES[s]})" for s in range(4)]
    return list(SEAT_NAMES)


def describe(
    h: HandAnalysis,
    game41: bool = False,
    number: int | None = None,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The human-readable lines of one hand: a line for the hand, one per costly card.
    ``number`` is the hand's number among the hands played (from 1, as the viewer and the
    game over count them; the JSON keeps the record's index), ``names`` the seats' names."""
    who = list(names) if names else seat_names(None)
    n = h.hand + 1 if number is None else number
    if game41:  # 41 / 400: no declarer, the highest bid's side
        head = (
            f"Hand {n}: {who[h.declarer]} bid highest ({h.contract}), hearts trump; "
            f"their side could take {h.could_take}, took {h.taken}"
        )
    else:
        head = (
            f"Hand {n}: {who[h.declarer]} declared {h.contract}, trump {h.trump}; "
            f"could take {h.could_take}, took {h.taken}"
        )
    lines = [head]
    for p in h.plays:
        if p.cost:
            lines.append(
                f"  trick {p.trick + 1}: {who[p.seat]} played {p.card} for "
                f"{count(p.tricks, 'trick', 'tricks')}; {'/'.join(p.best_cards)} "
                f"would take {p.best} (cost {p.cost})"
            )
    return lines


def read_record(file: str, as_json: bool, command: str) -> Replay | int:
    """The record at ``file`` replayed, or the exit status after saying what is wrong as
    ``tarneeb replay`` does: 2 (no such file, unreadable), 1 (malformed or illegal; with
    ``as_json`` the error object on standard output)."""
    path = Path(file)
    if not path.is_file():
        print(f"tarneeb {command}: no such file: {file}", file=sys.stderr)
        return 2
    try:
        return load_record(path)
    except OSError as exc:
        print(f"tarneeb {command}: cannot read {file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (RecordError, RecursionError) as exc:
        err = (
            exc
            if isinstance(exc, RecordError)
            else RecordError("the file is nested too deeply to be a record", None, "format")
        )
        if as_json:
            print(json.dumps(err.to_dict()))
        print(err.sentence(), file=sys.stderr)
        return 1


def main(args: argparse.Namespace) -> int:
    """``tarneeb analyse FILE [--json]``."""
    result = read_record(args.file, args.json, "analyse")
    if isinstance(result, int):
        return result
    if not dds.available():
        print(
            f"tarneeb analyse: the double-dummy solver is not available ({dds.load_error()})",
            file=sys.stderr,
        )
        return 3
    try:
        hands = analyse_game(result.state)
    except dds.DDSError as exc:
        print(f"tarneeb analyse: the double-dummy solver failed: {exc}", file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps({"hands": [h.to_dict() for h in hands]}))
        return 0
    if not hands:
        print("no cards were played in this record")
    names = seat_names(result.players)
    rows = result.state.history
    for h in hands:
        number = played_hands(rows[: h.hand]) + 1
        print("\n".join(describe(h, result.state.rules.game == "41", number, names)))
    costly = [p for h in hands for p in h.plays if p.cost]
    for team in (0, 1):  # each side's, as the viewer's list of costly cards sums them
        side = [p for p in costly if p.seat & 1 == team]
        pair = f"{names[team]} & {names[team + 2]}"
        print(
            f"{pair}: {count(len(side), 'costly card', 'costly cards')}, "
            f"{count(sum(p.cost for p in side), 'trick', 'tricks')} given away"
        )
    print(
        f"{count(len(costly), 'costly card', 'costly cards')}, "
        f"{count(sum(p.cost for p in costly), 'trick', 'tricks')} given away in "
        f"{count(len(hands), 'hand', 'hands')}"
    )
    return 0
