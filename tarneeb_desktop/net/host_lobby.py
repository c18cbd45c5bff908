"""What the LAN host does for the people around its table, beside the game: watchers, chat
(kept, so that who comes later reads what was said), unique names, the table's password, and
the host's own hand on the lobby (moving a player to another seat, removing one, giving a
free seat to a computer and back, naming the table, allowing or refusing watchers).

A mixin of :class:`~tarneeb_desktop.net.host.Host`: every method runs on the host's loop (the
window calls them through ``Host.call``), and reads the host's seats and connections.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.net.protocol import (
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    MAX_WATCHERS,
    ProtocolError,
    clean_text,
)
from tarneeb_desktop.net.relay_host import relay_from_saved
from tarneeb_desktop.rules.codec import encode_view
from tarneeb_desktop.table.flow import SEAT_NAMES
from tarneeb_desktop.table.names import COMPUTER_NAMES, numbered
from tarneeb_desktop.table.savegame import DEFAULT_NAMES

if TYPE_CHECKING:
    from tarneeb_desktop.net.seating import Connection, Seat
    from tarneeb_desktop.net.turn_timer import TurnTimer
    from tarneeb_desktop.table.flow import Table

log = logging.getLogger(__name__)


def _numbered(name: str, taken: set[str]) -> str:
    """``name``, or ``name 2`` (3, ...) when its folded form is in ``taken``."""
    return numbered(name, taken, MAX_NAME_CHARS)


#: Chat lines the host keeps and sends to whoever joins or comes back.
CHAT_KEPT = 40


def table_options(extra: dict[str, Any]) -> dict[str, Any]:
    """The table's own settings as a saved table keeps them beside the game (its computers'
    level, name, id, turn timer, password and watchers): what resumes it as it was (the
    level for its table, ``session.lan.resumed_table``; the rest for the ``Host``). A value
    of the wrong type is left out (its default is taken)."""
    out: dict[str, Any] = {
        "ai_level": str(extra.get("ai_level", "medium")),
        "table_name": str(extra.get("table_name", "Tarneeb table")),
    }
    if isinstance(extra.get("table_id"), str):
        out["table_id"] = extra["table_id"]
    turn = extra.get("turn_seconds")
    if isinstance(turn, int | float) and not isinstance(turn, bool):
        out["turn_seconds"] = float(turn)
    if isinstance(extra.get("password"), str):
        out["password"] = extra["password"]
    if isinstance(extra.get("watchers"), bool):
        out["watchers"] = extra["watchers"]
    relay = relay_from_saved(extra)
    if relay is not None:
        out["relay"] = relay
    return out


@dataclass
class SeatRequest:
    """A latecomer asking for a computer's seat mid-game, waiting for the host's answer."""

    seat: int
    name: str
    conn: Connection


class LobbyMixin:
    """Watchers, chat, names, password and the host's lobby controls (see the module)."""

    # provided by Host
    seats: list[Seat]
    conns: set[Connection]
    table: Table
    started: bool
    table_name: str
    bots: list[str]
    password: str
    watchers_allowed: bool
    chat_log: list[dict[str, Any]]
    latecomers: str
    requests: list[SeatRequest]

    table_id: str
    turn_timer: TurnTimer
    address: tuple[str, int] | None

    if TYPE_CHECKING:

        def _broadcast(self, msg: dict[str, Any]) -> None: ...
        def _sync_seats(self) -> None: ...
        def _send_view(self, conn: Connection, seat: int, events: list[Any]) -> None: ...
        def _advance(self) -> None: ...
        @property
        def seq(self) -> int: ...

    # ------------------------------------------------------------------ what it says of itself

    def _lobby(self) -> dict[str, Any]:
        return {
            "type": "lobby",
            "table": self.table_name,
            "rules": self.table.state.rules.full_dict(),
            "started": self.started,
            "over": self.table.state.is_over(),
            "seq": self.seq,
            "turn_seconds": self.turn_timer.seconds,
            "table_id": self.table_id,
            "password": bool(self.password),
            "watchers": self.watchers_allowed,
            # the game starts once every open seat is taken (no host's hand on a Start)
            "auto_start": bool(getattr(self, "auto_start", False)),
            "watching": sorted(c.name for c in self.watching()),
            "requests": [
                {"seat": r.seat, "name": r.name} for r in self.requests if not r.conn.closed
            ],
            "seats": [
                {
                    "seat": s.number,
                    "name": s.name,
                    "kind": s.kind,
                    "connected": s.connected,
                    "ai_playing": s.ai_control,
                    "level": s.level if s.kind == "ai" else None,
                    # a person's seat the computer plays while they are away: at this level
                    "stand_in": s.level if s.kind == "human" and s.ai_control else None,
                }
                for s in self.seats
            ],
        }

    def info(self) -> dict[str, Any]:
        """What the discovery beacon says about this table."""
        return {
            "name": self.table_name,
            "port": self.address[1] if self.address else 0,
            "free_seats": self.free_seats(),
            "started": self.started,
            "watchers": self.watchers_allowed,
            "password": bool(self.password),
            "rules": self.table.state.rules.preset,
        }

    def free_seats(self) -> list[int]:
        """Open seats nobody has taken yet (the discovery beacon advertises them)."""
        return [s.number for s in self.seats if s.kind == "open"]

    # ------------------------------------------------------------------ checks

    def check_password(self, given: str) -> None:
        """A join or watch must carry the table's password (compared in constant time)."""
        if self.password and not hmac.compare_digest(
            given.encode("utf-8"), self.password.encode("utf-8")
        ):
            raise ProtocolError("wrong_password", "this table asks for its password")

    def unique_name(self, name: str, seat: int | None) -> str:
        """``name``, or ``name 2`` (3, ...) when someone else at the table has it already
        (letter case aside): two people are never both "Sara". A computer seat's name does
        not count: the computer gives way (:meth:`computers_give_way`)."""
        taken = {s.name.casefold() for s in self.seats if s.number != seat and s.kind == "human"}
        taken |= {c.name.casefold() for c in self.watching()}
        return _numbered(name, taken)

    def computers_give_way(self) -> bool:
        """A computer seat named like a person at the table (or a watcher) takes another
        name: the first default player's name nobody has, else its own numbered. True when
        a name changed."""
        people = {s.name.casefold() for s in self.seats if s.kind == "human"}
        people |= {c.name.casefold() for c in self.watching()}
        changed = False
        for s in self.seats:
            if s.kind != "ai" or s.name.casefold() not in people:
                continue
            taken = people | {o.name.casefold() for o in self.seats if o is not s}
            free = [n for n in (*COMPUTER_NAMES, *DEFAULT_NAMES) if n.casefold() not in taken]
            name = free[0] if free else _numbered(s.name, taken)
            log.info(
                "the computer at seat %d is called %s (a person is %s)", s.number, name, s.name
            )
            s.name = self.bots[s.number] = name
            if s.computer is not None:
                s.computer.name = name
            changed = True
        if changed:
            self.table.names = [s.name for s in self.seats]
        return changed

    def watching(self) -> list[Connection]:
        return [c for c in self.conns if c.watching and not c.closed]

    # ------------------------------------------------------------------ watchers

    def watch(self, conn: Connection, msg: dict[str, Any]) -> None:
        """A watcher sits down beside the table: the public play only (no seat's cards)."""
        if conn.seat is not None or conn.watching:
            raise ProtocolError("invalid", "this connection already sits at the table")
        self.check_password(msg["password"])
        if not self.watchers_allowed:
            raise ProtocolError("no_watchers", "this table does not take watchers")
        if len(self.watching()) >= MAX_WATCHERS:
            raise ProtocolError("no_watchers", f"this table has {MAX_WATCHERS} watchers already")
        conn.name = self.unique_name(msg["name"] or "Watcher", None)
        conn.watching = True
        self.computers_give_way()
        log.info("%s watches from %s", conn.name, conn.peer)
        conn.send({"type": "watching", "name": conn.name})
        self.send_chat_log(conn)
        self._broadcast(self._lobby())
        if self.started:
            self.send_watcher_view(conn, [])

    def watcher_view(self) -> dict[str, Any]:
        """The table as a watcher sees it: South's place with no cards in hand (every seat's
        hand hidden; the calls, the cards played, the scores are public)."""
        return encode_view(self.table.view(0).public())

    def send_watcher_view(self, conn: Connection, events: list[dict[str, Any]]) -> None:
        conn.send({"type": "view", "seq": self.seq, "view": self.watcher_view(), "events": events})

    def set_watchers(self, allowed: bool) -> None:
        """The host allows or refuses watchers; refusing sends the present ones away."""
        self.watchers_allowed = allowed
        if not allowed:
            for conn in self.watching():
                conn.send(
                    {"type": "bye", "code": "closed", "reason": "the host takes no watchers now"}
                )
                conn.close()
        self._broadcast(self._lobby())

    # ------------------------------------------------------------------ chat

    def chat(self, conn: Connection, kind: str, msg: dict[str, Any]) -> None:
        """A chat line or a reaction, from a seated player or a watcher, to everyone (its
        sender too: each screen keeps the table's chat history)."""
        if conn.seat is not None:
            seat = self.seats[conn.seat]
            out: dict[str, Any] = {"type": kind, "seat": seat.number, "name": seat.name}
        elif conn.watching:
            out = {"type": kind, "seat": None, "name": conn.name, "watcher": True}
        else:
            raise ProtocolError("not_joined", "take a seat or watch before chatting")
        out.update({k: v for k, v in msg.items() if k != "type"})
        log.info("%s from %s: %r", kind, out["name"], msg.get("text", msg.get("reaction")))
        if kind == "chat":
            self.chat_log.append(out)
            del self.chat_log[:-CHAT_KEPT]
        self._broadcast(out)

    def send_chat_log(self, conn: Connection) -> None:
        """What was said before this connection came (marked ``earlier``)."""
        for line in self.chat_log:
            conn.send({**line, "earlier": True})

    # ------------------------------------------------------------------ the host's controls

    def rename_table(self, name: str) -> str:
        """The host names the table (cleaned; blank keeps the old name)."""
        try:
            text = clean_text(name, MAX_NAME_CHARS * 2)
        except ProtocolError:
            text = ""
        if text:
            self.table_name = text
            self._broadcast(self._lobby())
        return self.table_name

    def set_password(self, password: str) -> None:
        """A short password every new join or watch must carry ("" for none)."""
        self.password = clean_text(password, MAX_PASSWORD_CHARS)

    def move_seat(self, src: int, dst: int) -> None:
        """Before the start: the player at ``src`` moves to ``dst`` (a free seat open to
        people, or another person's, who then takes ``src``). ValueError says why not."""
        if self.started:
            raise ValueError("players change seats only before the game starts")
        if not (0 <= src <= 3 and 0 <= dst <= 3) or src == dst:
            raise ValueError("choose two different seats")
        a, b = self.seats[src], self.seats[dst]
        if a.kind != "human":
            raise ValueError(f"nobody sits at seat {src}")
        if not b.open:
            raise ValueError(f"seat {dst} is a computer player's")
        for field in ("token", "name", "conn", "ready"):
            va, vb = getattr(a, field), getattr(b, field)
            setattr(a, field, vb)
            setattr(b, field, va)
        if a.token is None:
            a.name = SEAT_NAMES[a.number]
        for seat in (a, b):
            if seat.conn is not None:
                seat.conn.seat = seat.number
                seat.conn.send(
                    {"type": "joined", "seat": seat.number, "token": seat.token, "name": seat.name}
                )
        log.info("the host moved %s from seat %d to seat %d", b.name, src, dst)
        self._sync_seats()
        self._broadcast(self._lobby())

    def set_computer(self, number: int, computer: bool) -> None:
        """Before the start: seat ``number``, open and free, goes to a computer player (its
        name and level as the host set them), or a computer's seat opens to people again.
        ValueError says why not (a person sits there, the game has started)."""
        if self.started:
            raise ValueError("the seats change hands only before the game starts")
        seat = self.seats[number] if 0 <= number <= 3 else None
        if seat is None or seat.kind == "human":
            raise ValueError(f"seat {number} is not free")
        if computer == (seat.kind == "ai"):
            return
        seat.open = not computer
        seat.name = self.bots[number] if computer else SEAT_NAMES[number]
        if computer:
            self.computers_give_way()
        log.info("the host gave seat %d to %s", number, seat.name if computer else "people")
        self._sync_seats()
        self._broadcast(self._lobby())

    # ------------------------------------------------------------------ latecomers

    def ask_for_seat(self, conn: Connection, number: int, name: str | None) -> None:
        """A latecomer asks for seat ``number``, a computer's, mid-game: told ``asked`` while
        the host's window decides (``answer_request``), or agreed at once (latecomers
        "yes"). One request a seat: a second is refused."""
        if any(r.seat == number for r in self.requests if not r.conn.closed):
            raise ProtocolError("seat_taken", "someone is asking for that seat already")
        self.requests = [r for r in self.requests if not r.conn.closed and r.conn is not conn]
        self.requests.append(SeatRequest(number, name or f"Player {number + 1}", conn))
        log.info("%s asks for seat %d (a computer's) from %s", name, number, conn.peer)
        conn.send({"type": "asked", "seat": number})
        if self.latecomers == "yes":
            self.answer_request(number, True)
            return
        self._broadcast(self._lobby())

    def answer_request(self, number: int, yes: bool) -> None:
        """The host lets the latecomer asking for seat ``number`` take it (the computer
        steps aside; they play from its next turn) or keeps the computer there (they are
        told so). Nothing when nobody asks for it (any more)."""
        req = next((r for r in self.requests if r.seat == number), None)
        if req is None:
            return
        self.requests.remove(req)
        seat = self.seats[number]
        conn = req.conn
        if not yes or conn.closed or seat.kind != "ai" or conn.seat is not None:
            if not conn.closed:
                conn.send(
                    {"type": "error", "code": "refused",
                     "message": "the host keeps the computer at that seat"}
                )  # fmt: skip
            self._broadcast(self._lobby())
            return
        seat.open = True
        seat.token = secrets.token_urlsafe(24)
        seat.name = self.unique_name(req.name, number)
        seat.conn, seat.ready, seat.wait_started = conn, False, None
        seat.ai_control = False
        conn.seat = number
        log.info("the host let %s take seat %d", seat.name, number)
        self._sync_seats()
        self.computers_give_way()
        conn.send({"type": "joined", "seat": number, "token": seat.token, "name": seat.name})
        self.send_chat_log(conn)
        self._broadcast(self._lobby())
        self._send_view(conn, number, [])
        self._advance()

    def remove_player(self, number: int) -> None:
        """The host removes the person at seat ``number``: they are told so and their token
        stops working; before the start the seat is free again, after it a computer plays
        it. ValueError when nobody sits there."""
        seat = self.seats[number] if 0 <= number <= 3 else None
        if seat is None or seat.kind != "human":
            raise ValueError(f"nobody sits at seat {number}")
        conn = seat.conn
        log.info("the host removed %s from seat %d", seat.name, number)
        seat.token, seat.conn, seat.ready = None, None, False
        seat.ai_control = False
        if self.started:
            seat.open = False
            seat.name = self.bots[number]
        else:
            seat.name = SEAT_NAMES[number]
        if conn is not None:
            conn.seat = None
            conn.send({"type": "bye", "code": "removed", "reason": "the host removed you"})
            conn.close()
        self._sync_seats()
        self._broadcast(self._lobby())
        if self.started:
            self._advance()
