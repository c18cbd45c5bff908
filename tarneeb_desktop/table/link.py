"""How the window reaches a game: a *link*. A local link joins a table flow in this process;
a remote link (``net/link.py``) joins a LAN host's table over the protocol. The table scene
serves both the same way: it reads updates (a seat's new view and the events that led to
it), submits the person's choices, lets the link drive what plays by itself (``pump``), and
asks its worker pool for hints and analysis. What only one link offers (chat) is an extra.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tarneeb_desktop.rules import Event, RulesError, View
from tarneeb_desktop.table.flow import TAKE_BACK, Change, Table
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.savegame import SavedSeat, undo_point, write_save
from tarneeb_desktop.table.seats import PersonSeat


@dataclass
class Update:
    """A local seat's new view: ``seq`` counts the table's changes; ``events`` led to it
    (none and ``whole`` when the view only says where the table stands: on joining,
    reconnecting, after a refused move)."""

    seq: int
    seat: int
    view: View
    events: list[Event] = field(default_factory=list)
    whole: bool = False


@dataclass
class Notice:
    """Something a link tells the scene besides views: ``kind`` is ``error`` (``text`` is a
    sentence for the player, ``code`` the host's code), ``chat`` or ``react`` (``seat``
    spoke ``text``), ``names`` (the table's names changed), ``bye`` (the host closed the
    table), ``lost`` (a connection dropped and is being taken back), ``timeout`` (``seat``'s
    turn timer ran out and the host's computer made its move ``text``)."""

    kind: str
    seat: int | None = None
    text: str = ""
    code: str = ""


class Link(Protocol):
    """What the table scene (and its parts in ``ui/game/``) needs of a game, wherever the
    game runs: both :class:`LocalLink` and ``net/link.py``'s ``RemoteLink`` implement it
    (mypy checks that they do, below and there). A remote link's extras (chat, reactions,
    the turn timer) are not part of it: ``ui/game/lan.py`` takes a ``RemoteLink``."""

    remote: bool
    pool: Pool

    @property
    def names(self) -> list[str]: ...

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at this screen."""
        ...

    @property
    def seq(self) -> int: ...

    @property
    def turn(self) -> int | None: ...

    def view(self, seat: int) -> View: ...

    def poll(self) -> list[Update | Notice]: ...

    def pending_messages(self) -> bool:
        """Something has arrived that :meth:`poll` will return (the scene stays awake)."""
        ...

    def submit(self, seat: int, action: str) -> str | None:
        """Play ``action`` for ``seat``: None, or a sentence saying why it was refused."""
        ...

    def waiting(self, seat: int) -> bool: ...

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last call or card now (a local table only)."""
        ...

    def take_back(self, seat: int) -> bool: ...

    def pump(self, may_act: Callable[[int], bool]) -> bool: ...

    def thinking(self) -> int | None: ...

    def claim(self, seat: int) -> None: ...

    def claiming(self, seat: int) -> bool: ...

    def end_claims(self) -> None:
        """Every person here stops playing the rest of the hand by itself."""
        ...

    def set_auto_single(self, on: bool) -> None:
        """Whether a person's forced card (the only legal one) plays itself."""
        ...

    def tick(self, dt: float) -> None:
        """Time passes (``dt`` seconds): a remote link takes dropped seats back."""
        ...

    def save(self) -> None: ...

    def close(self) -> None: ...


class LocalLink:
    """The window's link to a table flow in this process (offline and hot-seat play)."""

    remote = False

    def __init__(self, table: Table, people: Sequence[int], watch: int = 0) -> None:
        self.table = table
        self.people = tuple(people)
        #: seats whose views the scene is given: the people's, or one seat to watch
        self.watched = self.people or (watch,)
        self.pool = table.pool
        self.autosave: Autosave | None = None
        self._out: list[Update | Notice] = []
        table.listen(self._changed)

    @property
    def names(self) -> list[str]:
        return self.table.names

    @property
    def seq(self) -> int:
        return self.table.seq

    @property
    def turn(self) -> int | None:
        return self.table.turn

    def view(self, seat: int) -> View:
        return self.table.view(seat)

    def _changed(self, change: Change) -> None:
        # a take-back says where the table is: whole views
        whole = change.action == TAKE_BACK
        for seat in self.watched:
            self._out.append(
                Update(change.seq, seat, change.view(seat), list(change.events), whole)
            )

    def poll(self) -> list[Update | Notice]:
        out, self._out = self._out, []
        return out

    def submit(self, seat: int, action: str) -> str | None:
        try:
            self.table.submit(seat, action)
        except RulesError as exc:
            return str(exc)
        return None

    def waiting(self, seat: int) -> bool:
        return False  # a local move is applied at once

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last call or card (see ``Table.take_back``)."""
        return self.table.can_take_back(seat)

    def take_back(self, seat: int) -> bool:
        """Return the table to just before ``seat``'s last move; False when it cannot be."""
        return self.table.take_back(seat)

    def pump(self, may_act: Callable[[int], bool]) -> bool:
        return self.table.pump(may_act)

    def thinking(self) -> int | None:
        return self.table.thinking()

    def automatic(self, seat: int) -> bool:
        """The flow decides for ``seat`` now (a computer, a claim, a forced card)."""
        return self.table.automatic_turn() == seat

    def _person(self, seat: int) -> PersonSeat | None:
        s = self.table.seats[seat]
        return s if isinstance(s, PersonSeat) else None

    def claim(self, seat: int) -> None:
        person = self._person(seat)
        if person is not None:
            person.claiming = True

    def claiming(self, seat: int) -> bool:
        person = self._person(seat)
        return person is not None and person.claiming

    def end_claims(self) -> None:
        for s in self.table.seats:
            if isinstance(s, PersonSeat):
                s.claiming = False

    def set_auto_single(self, on: bool) -> None:
        for s in self.table.seats:
            if isinstance(s, PersonSeat):
                s.auto_single = on

    def tick(self, dt: float) -> None:
        """Nothing to take back: a local table has no connections."""

    def pending_messages(self) -> bool:
        return False

    def save(self) -> None:
        if self.autosave is not None:
            self.autosave.save()

    def close(self) -> None:
        self.table.unlisten(self._changed)
        self.pool.cancel()
        self.table.close()


_LOCAL_IS_A_LINK: type[Link] = LocalLink  # mypy checks LocalLink against the protocol


def save_after(change: Change) -> bool:
    """The one save rule, the offline autosave's and the LAN host's: the table is saved after
    every call and card (so after every trick, thrown-in deal and hand too) and after a
    take-back, so that a game killed in the middle of a trick goes on from that card."""
    return change.action == TAKE_BACK or bool(change.events)


class Autosave:
    """Keeps a table's save up to date: after every call and card (so after every trick,
    thrown-in deal and hand too), and when asked; a finished game's save is removed (Continue then offers nothing)."""

    def __init__(
        self,
        table: Table,
        path: Path,
        seats: Callable[[], list[SavedSeat]],
        on_saved: Callable[[], None] | None = None,
        on_error: Callable[[OSError], None] | None = None,
        **extra: Any,
    ) -> None:
        self.table, self.path, self.seats = table, path, seats
        self.on_saved, self.on_error, self.extra = on_saved, on_error, extra
        table.listen(self._changed)

    def _changed(self, change: Change) -> None:
        # after every call and card (issue 24: a game killed in the middle of a trick goes
        # on from that card); the save points are the ones the LAN host keeps
        if save_after(change):
            self.save()

    def save(self) -> None:
        try:
            point = self.table.take_back_point()
            if self.table.state.is_over():
                self.path.unlink(missing_ok=True)
            else:
                write_save(
                    self.path,
                    self.table.state,
                    self.seats(),
                    self.table.seed,
                    self.table.seq,
                    **self.extra,
                    # a game in which a move was taken back is marked (and stays marked)
                    **({"taken_back": True} if self.table.taken_back else {}),
                    # and undo survives a closed window: the take-back point is kept
                    **({"undo": undo_point(*point)} if point else {}),
                )
                if self.on_saved is not None:
                    self.on_saved()
        except OSError as exc:
            if self.on_error is not None:
                self.on_error(exc)
