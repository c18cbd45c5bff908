"""Events and views as JSON objects, both ways, in one place; and one dispatch on an event.

The LAN host sends each connection its view and the public events of a move in this form,
the client link reads them back, and the saves decide when to write from the same event
kinds (``table/savegame.save_due``). ``docs/protocol.md`` describes the wire form; this
module is the executable one:

- an event is ``{"event": KIND, field: value, ...}`` with its fields in their NamedTuple
  order, tuples as lists. Each kind's fields are listed by hand in ``_SCHEMA`` so that a
  field added to an event later is not sent until someone checks that it hides nothing
  (``HandDealt`` carries no cards); ``tests/test_codec.py`` fails until the list is updated.
- a view is :meth:`View.to_dict` (the bot protocol's VIEW); its ``results`` cross as their
  summaries, without each hand's calls.

Decoding checks every field's type and raises :class:`MalformedError` with a sentence for
anything else: a newer host's unknown event kind, a missing field, a wrong type.

:class:`EventTable` is the one dispatch on an event's kind (a table from event class to
handler), shared by the encoder here, the displayed view (``ui/game/view_model.py``) and the
animation timeline (``ui/game/timeline.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeGuard, TypeVar

from tarneeb_desktop.rules.errors import MalformedError, RulesError
from tarneeb_desktop.rules.events import (
    AuctionWon,
    BidsMade,
    CallMade,
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HandThrownIn,
    RedealDecided,
    SeatsScored,
    TrickWon,
    TrumpNamed,
)
from tarneeb_desktop.rules.view import View

R = TypeVar("R")

#: Every kind of event the engine emits.
EVENT_TYPES: tuple[type[Any], ...] = (
    HandDealt,
    RedealDecided,
    CallMade,
    AuctionWon,
    TrumpNamed,
    CardPlayed,
    TrickWon,
    HandThrownIn,
    HandScored,
    BidsMade,
    SeatsScored,
    GameOver,
)


class EventTable(Generic[R]):
    """A table from event class to handler: ``table(event, *args)`` returns
    ``handler(event, *args)`` for the handler of ``type(event)``. An event with no handler
    goes to ``default`` (another table, say), or raises TypeError when there is none."""

    def __init__(
        self,
        handlers: Mapping[type[Any], Callable[..., R]],
        default: Callable[..., R] | None = None,
    ) -> None:
        strangers = [t for t in handlers if t not in EVENT_TYPES]
        if strangers:
            raise TypeError(f"not event classes: {strangers!r}")
        self.handlers: dict[type[Any], Callable[..., R]] = dict(handlers)
        self.default = default

    def __call__(self, event: Event, *args: Any) -> R:
        handler = self.handlers.get(type(event), self.default)
        if handler is None:
            raise TypeError(f"no handler for event {event!r}")
        return handler(event, *args)


# --------------------------------------------------------------------------- field checks


def is_int(v: object) -> TypeGuard[int]:
    """A JSON whole number (``true`` and ``false`` are not numbers here)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _int(v: Any) -> int:
    if not is_int(v):
        raise ValueError("a whole number")
    return int(v)


def _seat(v: Any) -> int:
    if not is_int(v) or not 0 <= v <= 3:
        raise ValueError("a seat (0-3)")
    return int(v)


def _seat_or_none(v: Any) -> int | None:
    return None if v is None else _seat(v)


def _text(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError("text")
    return v


def _flag(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError("true or false")
    return v


def _texts(v: Any) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError("a list of text")
    return tuple(v)


def _ints(n: int) -> Callable[[Any], tuple[int, ...]]:
    def check(v: Any) -> tuple[int, ...]:
        if not isinstance(v, list) or len(v) != n or not all(map(is_int, v)):
            raise ValueError(f"a list of {n} whole numbers")
        return tuple(v)

    return check


_TEAMS = _ints(2)  # one number per team
_SEATS = _ints(4)  # one number per seat

#: Per event class: its wire kind, then each field with the check that reads it back. An
#: optional field (``HandThrownIn.seat``) may be missing on the wire.
_SCHEMA: dict[type[Any], tuple[str, tuple[tuple[str, Callable[[Any], Any]], ...]]] = {
    HandDealt: ("hand_dealt", (("hand_number", _int), ("dealer", _seat))),
    RedealDecided: ("redeal_decided", (("seat", _seat), ("call", _text))),
    CallMade: ("call_made", (("seat", _seat), ("call", _text))),
    AuctionWon: ("auction_won", (("declarer", _seat), ("contract", _text))),
    TrumpNamed: ("trump_named", (("seat", _seat), ("trump", _text))),
    CardPlayed: ("card_played", (("seat", _seat), ("card", _text))),
    TrickWon: ("trick_won", (("winner", _seat), ("leader", _seat), ("cards", _texts))),
    HandThrownIn: ("hand_thrown_in", (("reason", _text), ("seat", _seat_or_none))),
    HandScored: (
        "hand_scored",
        (
            ("declarer", _seat),
            ("contract", _text),
            ("doubled", _flag),
            ("tricks", _TEAMS),
            ("points", _TEAMS),
            ("totals", _TEAMS),
            ("made", _flag),
        ),
    ),
    BidsMade: ("bids_made", (("bids", _SEATS), ("total", _int), ("needed", _int))),
    SeatsScored: (
        "seats_scored",
        (("bids", _SEATS), ("tricks", _SEATS), ("points", _SEATS), ("totals", _SEATS)),
    ),
    GameOver: ("game_over", (("winner", _seat), ("totals", _TEAMS))),
}
_OPTIONAL = {(HandThrownIn, "seat")}
_BY_KIND = {kind: (cls, fields) for cls, (kind, fields) in _SCHEMA.items()}

#: The wire kind of each event class (``CardPlayed`` → ``"card_played"``).
EVENT_KINDS: dict[type[Any], str] = {cls: kind for cls, (kind, _) in _SCHEMA.items()}


# --------------------------------------------------------------------------- events


def _wire(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def encode_event(event: Event) -> dict[str, Any]:
    """An engine event as the host sends it: ``{"event": kind, field: value, ...}``."""
    got = _SCHEMA.get(type(event))
    if got is None:
        raise TypeError(f"no wire form for event {event!r}")
    kind, fields = got
    out: dict[str, Any] = {"event": kind}
    for name, _ in fields:
        out[name] = _wire(getattr(event, name))
    return out


def decode_event(obj: Any) -> Event:
    """The engine's event back from :func:`encode_event`'s form; MalformedError (saying
    what is wrong) for an unknown kind, a missing field or a field of the wrong type."""
    if not isinstance(obj, dict):
        raise MalformedError("an event must be a JSON object")
    kind = obj.get("event")
    if not isinstance(kind, str):
        raise MalformedError("an event must have a text 'event' naming its kind")
    got = _BY_KIND.get(kind)
    if got is None:
        raise MalformedError(f"unknown event kind {kind[:32]!r}")
    cls, fields = got
    values = []
    for name, check in fields:
        if name not in obj and (cls, name) not in _OPTIONAL:
            raise MalformedError(f"{kind}: the field {name!r} is missing")
        try:
            values.append(check(obj.get(name)))
        except ValueError as exc:
            raise MalformedError(f"{kind}: the field {name!r} must be {exc}") from None
    event: Event = cls(*values)
    return event


def encode_events(events: Iterable[Event]) -> list[dict[str, Any]]:
    return [encode_event(e) for e in events]


def decode_events(objs: Iterable[Any]) -> list[Event]:
    """Every event of a list in turn; MalformedError at the first one that is not."""
    return [decode_event(o) for o in objs]


# --------------------------------------------------------------------------- views


def encode_view(view: View) -> dict[str, Any]:
    """A seat's view as the host sends it (the bot protocol's VIEW)."""
    return view.to_dict()


def decode_view(obj: Any) -> View:
    """The view back from :func:`encode_view`'s form; MalformedError for anything else."""
    if not isinstance(obj, dict):
        raise MalformedError("a view must be a JSON object")
    try:
        return View.from_dict(obj)
    except MalformedError:
        raise
    except (RulesError, AttributeError, RecursionError) as exc:
        # rules that do not parse, or an object where a list of rows belongs
        raise MalformedError(f"not a valid view: {exc}") from None
