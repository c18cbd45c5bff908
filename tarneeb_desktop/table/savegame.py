"""Saved tables: one format for a game in progress, offline or on the LAN.

A save is a game record (``tarneeb-record/1``, so ``tarneeb replay`` reads it) with a
``resume`` object: the game's seed (the hands still to come are the ones they would have
been), the change count, and each seat's kind, name, level and (for a network seat) the
token its player reconnects with. Saves written by earlier versions still load: the
offline ``tarneeb-save/1`` (humans and levels lists), a bare record, and the LAN host's
``tarneeb-lan-table/1``. A damaged save is set aside and reported, never half-read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.record import RecordError, replay, to_record
from tarneeb_desktop.rules import (
    Event,
    GameOver,
    GameState,
    HandScored,
    HandThrownIn,
    SeatsScored,
    TrickWon,
)
from tarneeb_desktop.rules.codec import is_int
from tarneeb_desktop.seeds import random_seed
from tarneeb_desktop.storage import load_json, set_aside, write_json_atomic

SAVE_FORMAT = "tarneeb-save/2"
OLD_OFFLINE_FORMAT = "tarneeb-save/1"
OLD_LAN_FORMAT = "tarneeb-lan-table/1"
SAVEGAME = "savegame.json"
EXPORTS = "exports"
SEAT_KINDS = ("person", "computer", "network", "bot")
# The player at seat 0 gets a real name too: "You" read as a name ("You plays 7").
DEFAULT_NAMES = ["Sara", "Karim", "Layla", "Omar"]


#: The events after which a table is saved: a trick's end, a thrown-in deal, a scored hand
#: (41's per seat too) and the game's end.
SAVE_POINTS = (TrickWon, HandThrownIn, HandScored, SeatsScored, GameOver)


def save_due(events: Iterable[Event]) -> bool:
    """A move with these events ends at a point where the table is saved (offline and LAN)."""
    return any(isinstance(e, SAVE_POINTS) for e in events)


def savegame_path() -> Path:
    """Where the offline game in progress is kept."""
    return user_data_dir() / SAVEGAME


class SaveError(Exception):
    """The save file is unusable (it has been set aside; the message says where)."""


@dataclass
class SavedSeat:
    kind: str
    name: str
    level: str = "medium"
    token: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "name": self.name, "level": self.level}
        if self.token:
            d["token"] = self.token
        return d


@dataclass
class SavedTable:
    """A table read back from a save: the state and how to seat it."""

    state: GameState
    seats: list[SavedSeat]
    seed: int
    seq: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    #: the person's take-back point when the game was saved (seat, state before the move)
    undo: tuple[int, GameState] | None = None

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats of people at this screen."""
        return tuple(i for i, s in enumerate(self.seats) if s.kind == "person")

    @property
    def levels(self) -> list[str]:
        return [s.level for s in self.seats]


# The offline scene's name for what it reads back.
SavedGame = SavedTable


def save_document(
    state: GameState, seats: list[SavedSeat], seed: int, seq: int = 0, **extra: Any
) -> dict[str, Any]:
    doc = to_record(state, [s.name for s in seats])
    doc["resume"] = {
        "format": SAVE_FORMAT,
        "seed": seed,
        "seq": seq,
        "seats": [s.to_dict() for s in seats],
        **extra,
    }
    return doc


def write_save(
    path: Path, state: GameState, seats: list[SavedSeat], seed: int, seq: int = 0, **extra: Any
) -> None:
    """Write the table atomically (an interrupted write leaves the previous save)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json_atomic(path, save_document(state, seats, seed, seq, **extra))


def undo_point(seat: int, before: GameState) -> dict[str, Any]:
    """A take-back point as the save keeps it: the seat and the hand being played as it
    stood before the person's move (the record's last hand, cut there)."""
    return {"seat": seat, "hand": to_record(before)["hands"][-1]}


def _read_undo(
    data: dict[str, Any], undo: Any, state: GameState, seed: int
) -> tuple[int, GameState] | None:
    """The take-back point of a save, replayed from its record with the last hand cut
    short; None when there is none or it does not lead to the saved position (a damaged
    point loses only the undo, never the game)."""
    if not isinstance(undo, dict) or not is_int(undo.get("seat")) or not 0 <= undo["seat"] < 4:
        return None
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands or not isinstance(undo.get("hand"), dict):
        return None
    try:
        before = replay({**data, "hands": [*hands[:-1], undo["hand"]]}, seed=seed).state
    except (RecordError, RecursionError, TypeError, ValueError, KeyError, AttributeError):
        return None
    same_hand = before.hand_index == state.hand_index and not before.is_over()
    prefix = (
        state.calls[: len(before.calls)] == before.calls
        and state.plays[: len(before.plays)] == before.plays
    )
    return (undo["seat"], before) if same_hand and prefix else None


def offline_seats(names: list[str], humans: tuple[int, ...], levels: list[str]) -> list[SavedSeat]:
    """The seats of an offline table: people at ``humans``, computers elsewhere."""
    return [
        SavedSeat("person" if i in humans else "computer", names[i], levels[i]) for i in range(4)
    ]


def _seats_v2(r: dict[str, Any]) -> list[SavedSeat] | None:
    seats = r.get("seats")
    if not isinstance(seats, list) or len(seats) != 4:
        return None
    out = []
    for s in seats:
        if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS:
            return None
        name, level, token = s.get("name"), s.get("level", "medium"), s.get("token")
        if not (isinstance(name, str) and name and isinstance(level, str) and level):
            return None
        if token is not None and not isinstance(token, str):
            return None
        out.append(SavedSeat(s["kind"], name, level, token or None))
    return out


def _seats_v1(r: dict[str, Any]) -> list[SavedSeat] | None:
    humans, levels, names = r.get("humans"), r.get("levels"), r.get("names")
    if not (
        isinstance(humans, list)
        and 0 < len(humans) <= 4
        and len(set(map(repr, humans))) == len(humans)
        and all(is_int(h) and 0 <= h < 4 for h in humans)
    ):
        return None
    for v in (levels, names):
        if not (isinstance(v, list) and len(v) == 4 and all(isinstance(x, str) and x for x in v)):
            return None
    assert isinstance(levels, list) and isinstance(names, list)
    return offline_seats(names, tuple(humans), levels)


def _from_lan_v1(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The LAN host's old save as (record, resume of the new format)."""
    seats, seed, seq = data.get("seats"), data.get("seed"), data.get("seq", 0)
    if not (is_int(seed) and is_int(seq) and isinstance(seats, list) and len(seats) == 4):
        return None
    if not all(isinstance(s, dict) for s in seats):
        return None
    level = str(data.get("ai_level", "medium"))
    new_seats = []
    for i, s in enumerate(seats):
        token = s.get("token")
        name = s.get("name") if isinstance(s.get("name"), str) and s.get("name") else f"Seat {i}"
        # an open seat nobody had taken when the table was saved: a computer plays it now
        is_net = bool(s.get("open")) and isinstance(token, str) and bool(token)
        new_seats.append(
            {"kind": "network" if is_net else "computer", "name": name, "level": level}
            | ({"token": token} if is_net else {})
        )
    record = data.get("record")
    if not isinstance(record, dict):
        return None
    resume = {
        "format": SAVE_FORMAT,
        "seed": seed,
        "seq": seq,
        "seats": new_seats,
        "ai_level": level,
        "table_name": str(data.get("table_name", "Tarneeb table")),
    }
    return record, resume


def read_save(path: Path, *, need_person: bool = True) -> SavedTable | None:
    """The table saved at ``path``; None when there is none (or its game is finished);
    SaveError (after keeping the file aside) when it is damaged. ``need_person``: an
    offline save must seat a person at South."""
    data, problem = load_json(path)
    if problem:
        raise SaveError(problem)
    if data is None:
        if not path.exists():
            return None
        data = "null"

    def bad(why: str) -> SaveError:
        kept = set_aside(path)
        where = f"; it was kept as {kept.name}" if kept else ""
        return SaveError(f"the saved game could not be used ({why}){where}")

    if not isinstance(data, dict):
        raise bad("not a saved game")
    if data.get("format") == OLD_LAN_FORMAT:
        converted = _from_lan_v1(data)
        if converted is None:
            raise bad("its seats are damaged")
        data = {**converted[0], "resume": converted[1]}
    resume = data.get("resume")
    seats: list[SavedSeat] | None = None
    if resume is not None:
        if not isinstance(resume, dict) or not is_int(resume.get("seed")):
            raise bad("its seats are damaged")
        if resume.get("format") == SAVE_FORMAT:
            seats = _seats_v2(resume)
        elif resume.get("format") == OLD_OFFLINE_FORMAT:
            seats = _seats_v1(resume)
        if seats is None or (need_person and seats[0].kind != "person"):
            raise bad("its seats are damaged")
        if not is_int(resume.get("seq", 0)):
            raise bad("its seats are damaged")
    seed = resume["seed"] if resume else None
    try:
        rep = replay(data, seed=seed if seed is not None else 0)
    except (RecordError, RecursionError, TypeError, ValueError, KeyError, AttributeError) as exc:
        why = exc.sentence() if isinstance(exc, RecordError) else type(exc).__name__
        raise bad(why) from None
    if rep.state.is_over():
        return None
    if seed is None:
        # An older save (a bare record) has no seed: the hands to come get fresh deals.
        seed = random_seed()
        rep.state.seed = seed
    if seats is None:
        names = list(rep.players or [])
        if len(names) != 4:
            names = list(DEFAULT_NAMES)
        seats = offline_seats(names, (0,), ["medium"] * 4)
    skip = ("format", "seed", "seq", "seats", "undo")
    extra = {k: v for k, v in (resume or {}).items() if k not in skip}
    seq = resume.get("seq", 0) if resume else 0
    undo = _read_undo(data, resume.get("undo"), rep.state, seed) if resume else None
    return SavedTable(rep.state, seats, seed, seq, extra, undo)
