"""The table: the one game flow. It owns a game, asks the seat whose turn it is, applies the
action and publishes each change to whoever listens.

Every runner drives games through it: the window (offline and hot-seat, through a local
link), the LAN host (the flow plus network seats), ``tarneeb arena``, ``tarneeb
--autoplay`` and the tests. The flow never sleeps: pacing computer moves for people to
follow is the window's business (``pump(may_act=...)``), so the arena runs at full speed.

A change is published synchronously, right after the action was applied, to every
listener: ``Change.view(seat)`` is that seat's view at that moment (valid during the call).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from tarneeb_desktop.record import write_record
from tarneeb_desktop.rules import Event, GameState, IllegalActionError, RulesError, View
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.seats import Seat, decide

log = logging.getLogger(__name__)

SEAT_NAMES = ("South", "East", "North", "West")
TAKE_BACK = "take-back"  # the action of the change that returns to before a person's move


@dataclass
class Change:
    """One step of the game: ``seq`` counts them (0: the game as it stood when the table
    opened); ``seat`` acted with ``action``."""

    seq: int
    seat: int | None
    action: str | None
    events: tuple[Event, ...]
    table: Table = field(repr=False)

    def view(self, seat: int) -> View:
        if self.table.seq != self.seq:
            raise RuntimeError("a change's views can only be read while it is published")
        return self.table.state.view(seat)


Listener = Callable[[Change], None]


class Table:
    """Owns the GameState and the four seats; the only place where actions are applied."""

    def __init__(
        self,
        state: GameState,
        seats: Sequence[Seat],
        names: Sequence[str] | None = None,
        *,
        seed: int = 0,
        pool: Pool | None = None,
        on_ready: Callable[[], None] | None = None,
    ) -> None:
        if len(seats) != 4:
            raise ValueError("a table has four seats")
        self.state = state
        self.seats = list(seats)
        self.names = (
            list(names) if names else [s.name or SEAT_NAMES[i] for i, s in enumerate(seats)]
        )
        self.seed = seed
        self.pool = pool if pool is not None else Pool(inline=True)
        #: Called from the worker thread when a decision is ready (a host wakes its loop).
        self.on_ready = on_ready
        self.seq = 0
        self.last_events: tuple[Event, ...] = ()
        self.faults: list[tuple[int, str]] = []
        self.listeners: list[Listener] = []
        self._pending: tuple[tuple[int, int], Future[tuple[str, str | None]]] | None = None
        self._lock = threading.Lock()
        #: Take-back against the computer (a setting, off by default): when True, the state
        #: before each person's call or card is kept so that :meth:`take_back` can return to
        #: it. ``taken_back`` says a take-back was used (such a game is marked and kept out
        #: of the statistics).
        self.allow_take_back = False
        self.taken_back = False
        self._before: tuple[int, int, GameState] | None = None  # (seat, hand, state before)

    # ------------------------------------------------------------------ reading
    def view(self, seat: int) -> View:
        return self.state.view(seat)

    @property
    def turn(self) -> int | None:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_over()

    def listen(self, listener: Listener) -> Listener:
        self.listeners.append(listener)
        return listener

    def unlisten(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    # ------------------------------------------------------------------ acting
    def submit(self, seat: int, action: str) -> list[Event]:
        """Apply ``action`` for ``seat``; raises RulesError (state unchanged) when illegal."""
        before = self.state.clone() if self._keeps_before(seat) else None
        events = self.state.apply(action, seat)
        if before is not None:  # (a computer's answer keeps the person's take-back point;
            # another person's move replaces it: nobody takes back past that)
            self._before = (seat, before.hand_index, before)
        self.seq += 1
        self.last_events = tuple(events)
        self._publish(Change(self.seq, seat, action, tuple(events), self))
        return events

    def _publish(self, change: Change) -> None:
        for listener in list(self.listeners):
            listener(change)

    # ------------------------------------------------------------------ take-back
    def _is_person(self, seat: int) -> bool:
        return self.seats[seat].kind == "person"

    def _keeps_before(self, seat: int) -> bool:
        return self.allow_take_back and self._is_person(seat)

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` (a person) may take back their last call or card: take-back is
        on, no other person has acted since, the hand has not ended and the game is on."""
        b = self._before
        return (
            self.allow_take_back
            and b is not None
            and b[0] == seat
            and b[1] == self.state.hand_index
            and not self.state.is_over()
        )

    def take_back_point(self) -> tuple[int, GameState] | None:
        """The person and the state a take-back would return to, while it may be used (the
        save keeps it, so that undo survives a closed window)."""
        b = self._before
        if b is None or not self.can_take_back(b[0]):
            return None
        return b[0], b[2]

    def restore_take_back(self, seat: int, before: GameState) -> bool:
        """Give back a take-back point read from a save: a person's seat, in the hand
        being played. False (and nothing kept) otherwise."""
        if not (0 <= seat < 4 and self._is_person(seat)):
            return False
        if before.hand_index != self.state.hand_index or self.state.is_over():
            return False
        self._before = (seat, before.hand_index, before)
        return True

    def take_back(self, seat: int) -> bool:
        """Return the game to just before ``seat``'s last call or card (undoing the
        computers' answers too). Publishes a change with action ``"take-back"`` and no
        events: listeners must redraw from the views. False when it cannot be done."""
        if not self.can_take_back(seat):
            return False
        assert self._before is not None
        if self._pending is not None:
            self._pending[1].cancel()
            self._pending = None
        self.state = self._before[2]
        self._before = None
        self.taken_back = True
        self.seq += 1
        self.last_events = ()
        self._publish(Change(self.seq, seat, TAKE_BACK, (), self))
        return True

    def restart_hand(self) -> bool:
        """Deal the hand under way again as it was dealt (every call and card of it undone,
        the computers' decisions dropped). Marked as a take-back is: the game is kept out of
        the statistics. Publishes a change with action ``"take-back"`` and no events, as
        :meth:`take_back` does. False when the game is over."""
        if self.state.is_over():
            return False
        if self._pending is not None:
            self._pending[1].cancel()
            self._pending = None
        state = self.state.clone()
        state.restart_hand()
        self.state = state
        self._before = None
        self.taken_back = True
        self.seq += 1
        self.last_events = ()
        self._publish(Change(self.seq, self.state.current_player() or 0, TAKE_BACK, (), self))
        return True

    def automatic_turn(self) -> int | None:
        """The seat to move when the flow decides for it (a computer, a bot, a person's
        claimed or forced card, a network seat with a stand-in); None otherwise."""
        seat = self.state.current_player()
        if seat is None:
            return None
        return seat if self.seats[seat].automatic(self.state.view(seat)) else None

    def thinking(self) -> int | None:
        """The seat whose decision is being worked out, if any."""
        pending = self._pending
        if pending is None or pending[0][0] != self.seq or pending[1].done():
            return None
        return pending[0][1]

    def pump(self, may_act: Callable[[int], bool] | None = None) -> bool:
        """Drive an automatic seat: start its decision (on the pool) when it is its turn,
        and apply the decision once it is ready and ``may_act(seat)`` agrees (the window's
        pacing). True when an action was applied."""
        seat = self.automatic_turn()
        if seat is None:
            self._pending = None
            return False
        key = (self.seq, seat)
        if self._pending is None or self._pending[0] != key:
            fut = self.pool.submit(decide, self.seats[seat], self.state.view(seat))
            self._pending = (key, fut)
            if self.on_ready is not None:
                fut.add_done_callback(lambda _f: self.on_ready and self.on_ready())
        fut = self._pending[1]
        if not fut.done() or (may_act is not None and not may_act(seat)):
            return False
        self._pending = None
        try:
            action, fault = fut.result()
        except Exception as exc:  # decide() never raises; a cancelled job starts again
            log.warning("a decision for seat %d was lost (%r); asking again", seat, exc)
            return False
        if fault:
            self.faults.append((seat, fault))
        try:
            self.submit(seat, action)
        except RulesError:
            log.exception("the action %r of seat %d was refused", action, seat)
            return False
        return True

    def run(
        self, until: Callable[[Sequence[Event]], bool] | None = None, max_actions: int = 1_000_000
    ) -> None:
        """Play at full speed until the game is over (or ``until`` says so of an action's
        events). Every seat to move must be automatic; the pool should be inline."""
        n = 0
        while not self.state.is_over():
            seat = self.automatic_turn()
            if seat is None:
                raise IllegalActionError(
                    f"seat {self.state.current_player()} waits for a person; run() cannot go on"
                )
            key = (self.seq, seat)
            seq = self.seq
            if not self.pump():
                if self._pending is not None and self._pending[0] == key:
                    self._pending[1].result()  # a threaded pool: wait for this decision
                    self.pump()
            if self.seq == seq:
                raise RulesError(f"seat {seat} could not act")
            n += 1
            if until is not None and until(self.last_events):
                return
            if n >= max_actions:
                raise RulesError("the game did not end")

    def close(self) -> None:
        """Forget any decision in progress and release the seats (bots' processes)."""
        if self._pending is not None:
            self._pending[1].cancel()
            self._pending = None
        for seat in self.seats:
            seat.close()

    # ------------------------------------------------------------------ records
    def write_record(self, path: str | Path) -> None:
        """The game as a ``tarneeb-record/1`` file (atomic); OSError when it cannot be."""
        write_record(path, self.state, self.names)
