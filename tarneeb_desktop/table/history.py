"""Finished games kept: the records of the last :data:`KEEP` games in the user's folder.

Each game is one file in ``games/`` of the user's folder, a ``tarneeb-record/1`` (so
``tarneeb replay`` and ``tarneeb analyse`` read it) with a ``kept`` object beside the
record's own fields: when the game finished, its totals, winner and number of hands, and
for a tournament game the tournament's name and the game's number. File names are the UTC
time the game finished, so their order is the games' order.

Writes are atomic. A file that cannot be read, is not JSON or not a kept game is set aside
(``NAME.broken-...``) and said in :attr:`KeptList.problems`; the list still comes back.
The list trusts each file's ``kept`` summary (a list screen opens fast); :func:`open_kept`
replays the whole record, and sets the file aside if it breaks the rules.

The window calls :func:`keep_finished` when a game ends, :func:`list_kept` for its list,
and :func:`open_kept`, :func:`export_kept` and :func:`delete_kept` for a row;
:func:`game_key` says which game a record holds, whatever the file's name or the players'
names (adding a record from outside, a file or a LAN host's: ``kept_import.py``);
:func:`export_name` is the file name an export offers (the date, a tournament's name and
game), and :func:`export_finished` exports a table's game as it was kept.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.record import RecordError, Replay, replay, to_record
from tarneeb_desktop.rules import GameState, RulesError, rules_from_dict
from tarneeb_desktop.rules.codec import is_int
from tarneeb_desktop.storage import load_json, set_aside, write_json_atomic
from tarneeb_desktop.table.ending import when_over
from tarneeb_desktop.table.savegame import EXPORTS

log = logging.getLogger(__name__)

KEEP = 200
FOLDER = "games"
KEPT_FORMAT = "tarneeb-kept/1"
_STAMP = "%Y%m%d-%H%M%S"


class KeptGameError(Exception):
    """A kept game that cannot be opened (it has been set aside; the message says where),
    or a record that cannot be imported: ``kind`` says why in a word (``missing``,
    ``folder``, ``unreadable``, ``not_record``, ``rules``), ``record_error`` where a record
    breaks the rules (its hand and place), for the window to say in the player's words."""

    def __init__(
        self, message: str, kind: str = "", record_error: RecordError | None = None
    ) -> None:
        super().__init__(message)
        self.kind, self.record_error = kind, record_error


class AlreadyKeptError(KeptGameError):
    """A record to import is a game already kept: ``path`` is the kept one's file."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


def export_record_path() -> Path:
    """A new file in the user folder's exports/ (``tarneeb-YYYYmmdd-HHMMSS.json``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return _unused(user_data_dir() / EXPORTS / f"tarneeb-{stamp}.json")


def games_dir() -> Path:
    """The folder of the kept games (``games/`` in the user's folder)."""
    return user_data_dir() / FOLDER


@dataclass(frozen=True)
class KeptGame:
    """One row of the list: ``finished`` (UTC), the rules (their record form and a short
    label), the players' names by seat, the totals by team, the winning team (0/1), the
    number of hands, and for a tournament game its name and number (from 1)."""

    path: Path
    finished: datetime
    rules: dict[str, Any]
    rules_label: str
    players: tuple[str, ...]
    totals: tuple[int, int]
    winner: int | None
    hands: int
    tournament: str | None = None
    game: int | None = None
    #: 41 only: each seat's final score (``totals`` are the partners' sums)
    seat_totals: tuple[int, int, int, int] | None = None
    #: a move was taken back (undo) in this game
    taken_back: bool = False
    #: the seats of the people who played it at this screen (none: computers only)
    people: tuple[int, ...] = ()
    #: a LAN table's host closed it before its end: the game as far as it went
    closed: bool = False

    @property
    def my_side(self) -> int | None:
        """The team (0 or 1) of the person who played it here, or None (no person at the
        table): "won" and "lost" are judged from that side only."""
        return self.people[0] & 1 if self.people else None


@dataclass
class KeptList:
    """The kept games newest first, and a sentence per file that had to be set aside."""

    games: list[KeptGame] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def rules_label(rules: Mapping[str, Any]) -> str:
    """A short label of the rules' record form: the preset, then the options changed
    (``"standard, target=41"``)."""
    preset = str(rules.get("preset", "standard"))
    changes = [f"{k}={_option_text(v)}" for k, v in rules.items() if k != "preset"]
    return ", ".join([preset, *changes])


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# ---------------------------------------------------------------------- writing


def keep_finished(
    state: GameState,
    names: Sequence[str] | None = None,
    *,
    tournament: str | None = None,
    game: int | None = None,
    folder: Path | None = None,
    now: datetime | None = None,
    taken_back: bool = False,
    people: Sequence[int] = (),
) -> Path:
    """Keep a finished game's record (``names`` by seat; for a tournament game its name and
    the game's number from 1), then forget the oldest beyond :data:`KEEP`. Returns the
    file; ValueError for a game not finished, OSError when it cannot be written. The
    totals are the teams' (in 41 the partners' summed seat scores, as ``GameOver.totals``
    say); a game of 41 keeps each seat's score too (``seat_totals``)."""
    if not state.is_over():
        raise ValueError("only a finished game is kept")
    folder = games_dir() if folder is None else folder
    folder.mkdir(parents=True, exist_ok=True)
    when = (now or datetime.now(UTC)).astimezone(UTC)
    doc = to_record(state, list(names) if names else None)
    kept: dict[str, Any] = {
        "format": KEPT_FORMAT,
        "finished": when.isoformat(timespec="seconds"),
        "totals": list(state.scores),
        "winner": state.winner,
        "hands": played_hands(state.history),
    }
    if state.rules.game == "41":
        kept["seat_totals"] = list(state.seat_scores)
    if taken_back:  # an undo was used: the list and the viewer can say so
        kept["taken_back"] = True
    kept["people"] = sorted(set(people))  # whose side "won" means (none: computers only)
    if tournament is not None:
        kept["tournament"] = tournament
        if game is not None:
            kept["game"] = game
    doc["kept"] = kept
    path = free_name(folder, when)
    write_json_atomic(path, doc)
    prune(folder)
    return path


def free_name(folder: Path, when: datetime) -> Path:
    """``YYYYmmdd-HHMMSS-micro-NNN.json``: names sort as the times (NNN counts games
    finished in the same microsecond)."""
    stem = when.strftime(_STAMP) + f"-{when.microsecond:06d}"
    n = 0
    while (folder / f"{stem}-{n:03d}.json").exists():
        n += 1
    return folder / f"{stem}-{n:03d}.json"


def _files(folder: Path) -> list[Path]:
    """The kept games' files, newest first (their names are the times they finished)."""
    try:
        return sorted((p for p in folder.glob("*.json") if p.is_file()), reverse=True)
    except OSError:
        return []


def prune(folder: Path | None = None, keep: int | None = None) -> list[Path]:
    """Delete the oldest kept games beyond ``keep`` (:data:`KEEP`); returns the files
    deleted."""
    folder = games_dir() if folder is None else folder
    gone = []
    for path in _files(folder)[KEEP if keep is None else keep :]:
        try:
            path.unlink()
            gone.append(path)
        except OSError:
            log.warning("could not delete the old kept game %s", path)
    return gone


def delete_kept(path: Path) -> None:
    """Delete one kept game (already gone is fine)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


# ---------------------------------------------------------------------- reading


def played_hands(rows: Sequence[Any]) -> int:
    """How many hands were played: a deal thrown in (every player passed, or a weak hand
    redealt, or in 41 bids too low) is not a hand. The one count the game over, the viewer,
    the kept games and ``tarneeb analyse`` use."""
    return sum(1 for r in rows if not thrown_in(r))


def thrown_in(row: Any) -> bool:
    """A deal that was not played: no contract (Tarneeb), or no trump (41)."""
    if getattr(row, "bids", None) is not None:
        return not row.trump
    return not row.contract


def summary_of(doc: Any, when: datetime) -> dict[str, Any]:
    """A ``kept`` summary for a plain legal record (an export, ``--save-records``):
    RecordError when it is not one. ``when`` stands for the time it finished."""
    rep = replay(doc)
    state = rep.state
    kept: dict[str, Any] = {
        "format": KEPT_FORMAT,
        "finished": when.astimezone(UTC).isoformat(timespec="seconds"),
        "totals": list(state.scores),
        "winner": state.winner if state.is_over() else None,
        "hands": played_hands(state.history),
        # a record from elsewhere names no person of this screen: won and lost are not
        # judged for it (issue 48 item 9: an imported computers' game listed as "won")
        "people": [],
    }
    if state.rules.game == "41":
        kept["seat_totals"] = list(state.seat_scores)
    return kept


def file_time(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:
        return datetime.now(UTC)


def kept_row(path: Path, doc: Any) -> KeptGame | None:
    """The list's row for a file's contents; None when it is not a legal record. A record
    without the ``kept`` summary (an export, ``tarneeb tournament --save-records``) is
    replayed for one, its file's time standing for when it finished."""
    if not isinstance(doc, dict) or doc.get("format") != "tarneeb-record/1":
        return None
    kept, rules, players = doc.get("kept"), doc.get("rules", {}), doc.get("players")
    if not isinstance(kept, dict) or kept.get("format") != KEPT_FORMAT:
        try:
            kept = summary_of(doc, file_time(path))
        except (RecordError, RecursionError):
            return None
    try:
        rules_from_dict(rules)
        finished = datetime.fromisoformat(kept["finished"])
    except (RulesError, KeyError, TypeError, ValueError):
        return None
    totals, winner, hands = kept.get("totals"), kept.get("winner"), kept.get("hands")
    if not (isinstance(totals, list) and len(totals) == 2 and all(map(is_int, totals))):
        return None
    if winner not in (0, 1, None) or isinstance(winner, bool) or not is_int(hands):
        return None
    if players is not None and not (
        isinstance(players, list) and len(players) == 4 and all(isinstance(p, str) for p in players)
    ):
        return None
    tournament, game = kept.get("tournament"), kept.get("game")
    if tournament is not None and not isinstance(tournament, str):
        return None
    if game is not None and not is_int(game):
        return None
    seats = kept.get("seat_totals")
    if seats is not None and not (
        isinstance(seats, list) and len(seats) == 4 and all(map(is_int, seats))
    ):
        return None
    people = kept.get("people")
    if people is None:  # kept before the field: offline games seated their person at South
        people = [] if tournament is not None else [0]
    if not (isinstance(people, list) and all(is_int(p) and 0 <= p <= 3 for p in people)):
        return None
    if finished.tzinfo is None:
        finished = finished.replace(tzinfo=UTC)
    return KeptGame(
        path,
        finished,
        dict(rules),
        rules_label(rules),
        tuple(players or ()),
        (totals[0], totals[1]),
        winner,
        hands,
        tournament,
        game,
        (seats[0], seats[1], seats[2], seats[3]) if seats is not None else None,
        kept.get("taken_back") is True,
        tuple(people),
        kept.get("closed") is True,
    )


def _broken(path: Path, why: str) -> str:
    kept = set_aside(path)
    where = f"; it was kept as {kept.name}" if kept else ""
    return f"{path.name} could not be used ({why}){where}"


def why_not_record(doc: Any) -> str:
    """Why a file's contents are not a legal record, in a few words."""
    if not isinstance(doc, dict) or doc.get("format") != "tarneeb-record/1":
        return "not a game record"
    try:
        replay(doc)
    except RecordError as exc:
        return exc.sentence()
    except RecursionError:
        return "nested too deeply"
    return "its summary is damaged"


def list_kept(folder: Path | None = None) -> KeptList:
    """Every kept game, newest first. A broken file is set aside and said in ``problems``."""
    folder = games_dir() if folder is None else folder
    out = KeptList()
    for path in _files(folder):
        doc, problem = load_json(path)
        if problem:
            out.problems.append(problem)
            continue
        row = kept_row(path, doc)
        if row is None:
            out.problems.append(_broken(path, why_not_record(doc)))
            continue
        out.games.append(row)
    return out


def open_kept(path: Path) -> Replay:
    """Replay a kept game's record (its state, rows and players). KeptGameError, after
    setting the file aside, when it is unreadable or breaks the rules."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        return replay(doc)
    except FileNotFoundError:
        raise KeptGameError(f"{path.name} is no longer there") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise KeptGameError(_broken(path, type(exc).__name__)) from None
    except RecordError as exc:
        raise KeptGameError(_broken(path, exc.sentence())) from None


def export_kept(path: Path, to: Path | None = None) -> Path:
    """Copy a kept game's record, with its summary (the date, the tournament's name), to
    ``to`` (a file, or a folder to put it in; by default the user folder's exports/, as
    the game's own export); returns the new file, never overwriting one. KeptGameError as
    :func:`open_kept`; OSError when it cannot be written."""
    open_kept(path)  # a broken file is set aside, with its sentence
    doc = json.loads(path.read_text(encoding="utf-8"))
    if to is None:
        target = export_record_path()
    else:
        to = to.expanduser()
        target = to / f"tarneeb-{path.stem}.json" if to.is_dir() else to
        target = _unused(_json_name(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    write_json_atomic(target, doc)
    return target


def _unused(path: Path) -> Path:
    """``path``, or ``NAME-1.json``, ``NAME-2.json``... when it exists."""
    n, out = 1, path
    while out.exists():
        out = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return out


def game_key(doc: Mapping[str, Any]) -> str:
    """What makes a record's game the game it is, as one string: its rules and each hand's
    deal, calls, trump, cards played and redeal. Two files of one game (an export of a kept
    game, or the same file imported twice) have the same key whatever their names, their
    players' names or their ``kept`` summaries; the cards of a hand may be written in any
    order. For a legal record (:func:`replay` passed)."""
    rules = rules_from_dict(doc.get("rules", {})).to_dict()
    hands = []
    for hand in doc.get("hands", []):
        h = {k: hand[k] for k in ("dealer", "redeal", "calls", "trump", "plays") if k in hand}
        h["cards"] = [sorted(c.split()) for c in hand.get("cards", [])]
        hands.append(h)
    return json.dumps({"rules": rules, "hands": hands}, sort_keys=True)


def find_kept(doc: Mapping[str, Any], folder: Path | None = None) -> Path | None:
    """The kept game's file that holds the game of the record ``doc`` (:func:`game_key`),
    or None. A file that cannot be read is passed over here (the list sets it aside)."""
    key = game_key(doc)
    for path in _files(games_dir() if folder is None else folder):
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(kept, dict) and game_key(kept) == key:
                return path
        except (OSError, ValueError, TypeError, AttributeError, RulesError, RecursionError):
            continue
    return None


_UNSAFE = re.compile(r'[\\/:*?"<>|\s\x00-\x1f]+')


def export_name(finished: datetime, tournament: str | None = None, game: int | None = None) -> str:
    """The file name an export offers: the local date and time the game finished
    (``tarneeb-2026-12-04-2130.json``), and for a tournament game its name and the game's
    number (``tarneeb-Cup-2026-12-04-game2.json``; a name that holds the date already, as
    those the setup makes, is not given it twice). Characters no file name may hold are
    dashes."""
    local = finished.astimezone()
    if tournament is None:
        return f"tarneeb-{local:%Y-%m-%d-%H%M}.json"
    name = _UNSAFE.sub("-", tournament).strip("-.")[:60] or "tournament"
    day = f"{local:%Y-%m-%d}"
    parts = ["tarneeb", name] + ([] if day in name else [day])
    return "-".join(parts) + f"-game{game or 1}.json"


def kept_export_name(g: KeptGame) -> str:
    """:func:`export_name` for a kept game."""
    return export_name(g.finished, g.tournament, g.game)


def export_finished(
    state: GameState, names: Sequence[str], to: Path, folder: Path | None = None
) -> Path:
    """Export a table's game to the file ``to`` (never overwriting one): as it was kept when
    it ended (with its date and, for a tournament game, the tournament's name and game)
    when it was, else its plain record. OSError when it cannot be written."""
    doc = to_record(state, list(names))
    kept = find_kept(doc, folder)
    if kept is not None:
        with contextlib.suppress(KeptGameError):
            return export_kept(kept, to)
    target = _unused(_json_name(to.expanduser()))
    write_json_atomic(target, doc)
    return target


def finished_name(state: GameState, names: Sequence[str], folder: Path | None = None) -> str:
    """The file name an export of a table's game offers (:func:`export_name`; the kept
    game's date and tournament when it was kept, else now)."""
    kept = find_kept(to_record(state, list(names)), folder)
    if kept is not None:
        doc, _ = load_json(kept)
        row = kept_row(kept, doc) if doc is not None else None
        if row is not None:
            return kept_export_name(row)
    return export_name(datetime.now(UTC))


def _json_name(target: Path) -> Path:
    """``target`` with ``.json`` added when it has another ending."""
    return target if target.suffix.lower() == ".json" else target.with_name(target.name + ".json")


def finished_at(entry: KeptGame) -> str:
    """The local date and time a game finished, for a list (``2024-05-01 14:03``)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.finished.timestamp()))


class GameKeeper:
    """Listens to a table flow and keeps its record with :func:`keep_finished` once, when
    the game ends (``ending.when_over``; the caller chooses the games: ``session.py`` keeps
    an offline game with a person, and every tournament game). A file that cannot be
    written never stops the game: it is logged and ``on_error`` told."""

    def __init__(
        self,
        table: Any,
        names: Sequence[str],
        *,
        tournament: str | None = None,
        game: int | None = None,
        folder: Path | None = None,
        on_kept: Any = None,
        on_error: Any = None,
        people: Sequence[int] = (),
    ) -> None:
        self.table, self.names = table, list(names)
        self.people = tuple(people)
        self.tournament, self.game, self.folder = tournament, game, folder
        self.on_kept, self.on_error = on_kept, on_error
        self.kept: Path | None = None
        # a game resumed after its end is not kept again
        self.end = when_over(table, self._keep)

    def _keep(self) -> None:
        try:
            self.kept = keep_finished(
                self.table.state,
                self.names,
                tournament=self.tournament,
                game=self.game,
                folder=self.folder,
                taken_back=bool(getattr(self.table, "taken_back", False)),
                people=self.people,
            )
        except (OSError, ValueError) as exc:
            log.warning("could not keep the finished game: %s", exc)
            if self.on_error is not None:
                self.on_error(exc)
            return
        if self.on_kept is not None:
            self.on_kept(self.kept)
