"""The remote link: the table scene's way to a LAN host's table (see ``table/link.py``).

One :class:`~tarneeb_desktop.net.client.ClientSession` per person at this screen (each with
its own seat and token: hot-seat works as offline). Views and events arrive from the host
and are handed to the scene as updates; the person's moves go to the host with the seq of
the view they were chosen in; a dropped connection is taken back with its token. Chat and
quick reactions are the extras this link offers.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.client import DECODED, ClientSession, JoinError
from tarneeb_desktop.net.protocol import MAX_CHAT_CHARS, ProtocolError
from tarneeb_desktop.net.turn_timer import timer_from_wire
from tarneeb_desktop.record import RecordError, to_record
from tarneeb_desktop.rules import Event, MalformedError, View
from tarneeb_desktop.rules.codec import decode_event, decode_view
from tarneeb_desktop.table.flow import SEAT_NAMES
from tarneeb_desktop.table.kept_import import keep_played
from tarneeb_desktop.table.link import Link, Notice, Update
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.seats import PersonSeat, decide

log = logging.getLogger(__name__)

RECONNECT_EVERY = 2.0  # seconds between attempts to take a seat back after a drop
NOT_CONNECTED = "Not connected to the host"


def event_from_dict(d: dict[str, Any]) -> Event | None:
    """An event as the host sends it (``rules/codec.py``) → the engine's event; None for
    anything unknown or malformed (a newer host may send events this version lacks)."""
    try:
        return decode_event(d)
    except MalformedError:
        return None


def names_from_lobby(lobby: dict[str, Any] | None, defaults: Sequence[str]) -> list[str]:
    """The four seats' names from a lobby message (``defaults[seat]`` when missing)."""
    names = list(defaults)
    seats = lobby.get("seats") if isinstance(lobby, dict) else None
    if isinstance(seats, list):
        for s in seats:
            if isinstance(s, dict):
                n, name = s.get("seat"), s.get("name")
                if isinstance(n, int) and 0 <= n <= 3 and isinstance(name, str) and name:
                    names[n] = name
    return names


class RemoteLink:
    """A LAN host's table, for the people at this screen. ``host``: the Host this window
    runs, if any (stopped when the link closes)."""

    remote = True

    def __init__(
        self,
        session: ClientSession,
        view: View,
        seq: int,
        others: Sequence[ClientSession] = (),
        host: Any = None,
        default_names: Sequence[str] = SEAT_NAMES,
    ) -> None:
        seat = session.seat if session.seat is not None else view.seat
        self.sessions: dict[int, ClientSession] = {seat: session}
        for other in others:
            if other.seat is not None and other.seat not in self.sessions:
                self.sessions[other.seat] = other
        #: A watcher's link: nobody plays here, the table is seen from South's place.
        self.watching = bool(getattr(session, "watching", False))
        self.people = () if self.watching else tuple(self.sessions)
        self.default_names = list(default_names)
        self.names = names_from_lobby(session.lobby, self.default_names)
        self.host = host
        self.pool = Pool()
        self.latest = view  # the newest view received, of any local seat
        self.views: dict[int, View] = {seat: view}
        self.view_seq: dict[int, int] = {seat: seq}
        self._seq = seq
        for s in self.sessions.values():
            v, q = s.snapshot()
            if s is not session and v is not None and q is not None:
                self.views[v.seat], self.view_seq[v.seat] = v, q
        self.persons = {s: PersonSeat() for s in self.people}
        self.sent: dict[int, str] = {}  # per seat: the action sent and not yet answered
        self.lost: set[int] = set()
        self.reconnect_wait: dict[int, float] = {}
        self._reconnecting: dict[int, threading.Thread] = {}
        self.host_gone = False
        self.clock: Callable[[], float] = time.monotonic
        #: The host's turn timer as last heard: (seat, seconds, deadline on ``clock``).
        self.timer: tuple[int, float, float] | None = None
        kept_timer = getattr(session, "timer", None)
        if kept_timer is not None:  # the lobby read the first view: its timer counts
            raw, got = kept_timer
            self.timer = timer_from_wire(raw, self.clock() - (time.monotonic() - got))
        #: The host's lobby as last heard (who is away, who watches).
        self.lobby: dict[str, Any] = dict(session.lobby or {})
        #: The host's window goes on with its table in the background when its host leaves
        #: for the menu (set by the lobby; a tournament's table closes instead).
        self.keep_on_leave = False
        self.bye_code = ""
        #: The game kept in Finished games from the host's record (once a link), if it was.
        self.kept: Any = None
        #: The host closed the table before the game's end: the game is over for everyone.
        self.closed = False

    # ------------------------------------------------------------------ reading
    @property
    def seq(self) -> int:
        return self._seq

    @property
    def turn(self) -> int | None:
        return None if self.latest.phase == "over" else self.latest.turn

    def view(self, seat: int) -> View:
        got = self.views.get(seat)
        if got is not None:
            return got
        # No view of that seat yet: the public part only, never another seat's cards.
        return self.latest.public(seat)

    def poll(self) -> list[Update | Notice]:
        out: list[Update | Notice] = []
        for seat, session in self.sessions.items():
            for msg in session.poll():
                self._message(msg, seat, out)
        return out

    def _message(self, msg: dict[str, Any], seat: int, out: list[Update | Notice]) -> None:
        session = self.sessions[seat]
        kind = msg.get("type")
        if kind == "view":
            try:
                decoded = msg.get(DECODED)  # the session's reader decoded it already
                view = decoded if isinstance(decoded, View) else decode_view(msg["view"])
                seq = int(msg["seq"])
            except (KeyError, TypeError, ValueError, MalformedError):
                return
            raw = msg.get("events")
            raw = raw if isinstance(raw, list) else []
            events = [event_from_dict(e) for e in raw if isinstance(e, dict)]
            self.views[seat], self.view_seq[seat] = view, seq
            # Where the table is: the newest view any seat here has. (A seat's whole view
            # after a reconnect may be older than another seat's; after a host restart every
            # seat's view goes back, so the newest of them is right again.)
            newest = max(self.views, key=lambda s: self.view_seq.get(s, -1))
            self.latest, self._seq = self.views[newest], self.view_seq[newest]
            self.sent.pop(seat, None)
            if newest == seat:
                self.timer = timer_from_wire(msg.get("timer"), self.clock())
            if view.phase == "over":
                rejoin.forget_seat(self.table_id)
            out.append(Update(seq, seat, view, [e for e in events if e is not None], not raw))
        elif kind == "timer":
            if seat == next(iter(self.sessions)):
                self.timer = timer_from_wire(msg.get("timer"), self.clock())
        elif kind == "lobby":
            names = names_from_lobby(msg, self.default_names)
            away, watchers = self.away(), self.watchers()
            asked = self.lobby.get("requests")  # a latecomer asking the host for a seat
            self.lobby = msg
            changed = away != self.away() or watchers != self.watchers()
            if names != self.names or changed or asked != msg.get("requests"):
                self.names[:] = names
                out.append(Notice("names"))
        elif kind in ("chat", "react"):
            # every session at this screen hears it: one of them passes it on
            listener = next((s for s in self.sessions if s not in self.lost), seat)
            who = msg.get("seat")
            if msg.get("earlier"):
                return  # said before this screen came: in the chat history only
            if seat == listener and kind == "chat" and who is None:
                out.append(Notice("chat", None, str(msg.get("text", ""))[:MAX_CHAT_CHARS]))
            elif seat == listener and isinstance(who, int) and 0 <= who <= 3:
                text = msg.get("text") if kind == "chat" else msg.get("reaction")
                if isinstance(text, str) and text:
                    out.append(Notice(kind, who, text[:MAX_CHAT_CHARS]))
        elif kind == "timeout":  # the turn timer ran out: the host's computer moved
            who, action = msg.get("seat"), msg.get("action")
            listener = next((s for s in self.sessions if s not in self.lost), seat)
            if seat == listener and isinstance(who, int) and 0 <= who <= 3:
                if isinstance(action, str) and 0 < len(action) <= 8 and action.isprintable():
                    out.append(Notice("timeout", who, action))
        elif kind == "error":
            code = str(msg.get("code", ""))
            if code in ("illegal", "stale", "not_your_turn", "rate_limited"):
                self.sent.pop(seat, None)
            text = msg.get("message")
            out.append(Notice("error", seat, text[:160] if isinstance(text, str) else "", code))
        elif kind == "record":
            self._keep(msg.get("record"), msg.get("closed") is True)
        elif kind == "bye":
            if msg.get("connection", session.connection_id) != session.connection_id:
                return  # said on a connection since replaced (a host that came back)
            code = str(msg.get("code", ""))
            if code == "closed" and self.latest.phase != "over":
                # the host ended the game for everyone: nothing to rejoin (issue 48 item 1)
                self.closed = True
                rejoin.forget_seat(self.table_id)
            if not self.host_gone:
                out.append(Notice("bye", code=code))
            self.bye_code = code
            self.host_gone = True
            if code == "removed":
                rejoin.forget_seat(self.table_id)
        elif kind == "disconnected":
            if msg.get("connection") != session.connection_id or self.host_gone:
                return  # about a connection already replaced, or the table has closed
            if self.latest.phase == "over":
                return
            self.lost.add(seat)
            self.reconnect_wait[seat] = 0.0
            out.append(Notice("lost", seat))

    def _keep(self, doc: Any, closed: bool) -> None:
        """The host's record of the game, kept in Finished games for the people here (once;
        a watcher keeps nothing). A record that is not one is logged and dropped."""
        if self.watching or self.kept is not None or not isinstance(doc, dict):
            return
        try:
            self.kept = keep_played(doc, self.people, closed=closed) or True
        except (RecordError, RecursionError, OSError, TypeError, ValueError) as exc:
            log.warning("the host's record of the game was not kept: %s", exc)

    # ------------------------------------------------------------------ acting
    def submit(self, seat: int, action: str) -> str | None:
        """Send ``action`` to the host; it is shown when the host's view comes back."""
        session = self.sessions.get(seat)
        if session is None or seat in self.sent:
            return NOT_CONNECTED if session is None else None
        try:
            session.act(action, self.view_seq.get(seat, self._seq))
        except (OSError, JoinError):
            return NOT_CONNECTED
        self.sent[seat] = action
        return None

    def waiting(self, seat: int) -> bool:
        """A move of ``seat`` is on its way, or its connection is being taken back."""
        return seat in self.sent or seat in self.lost

    def can_take_back(self, seat: int) -> bool:
        """Never: a LAN table's moves are the host's (it offers no take-back)."""
        return False

    def take_back(self, seat: int) -> bool:
        return False

    def pump(self, may_act: Callable[[int], bool]) -> bool:
        """The host plays the computers; here only a person's claimed or forced card."""
        seat = self.turn
        if seat is None or seat not in self.persons or self.waiting(seat):
            return False
        view = self.views.get(seat)
        if view is None or self.view_seq.get(seat) != self._seq:
            return False
        person = self.persons[seat]
        if not person.automatic(view) or not may_act(seat):
            return False
        action, _ = decide(person, view)
        return self.submit(seat, action) is None

    def thinking(self) -> int | None:
        turn = self.turn
        return turn if turn is not None and turn not in self.people else None

    def claim(self, seat: int) -> None:
        if seat in self.persons:
            self.persons[seat].claiming = True

    def claiming(self, seat: int) -> bool:
        return seat in self.persons and self.persons[seat].claiming

    def end_claims(self) -> None:
        for person in self.persons.values():
            person.claiming = False

    def set_auto_single(self, on: bool) -> None:
        for person in self.persons.values():
            person.auto_single = on

    # ------------------------------------------------------------------ extras
    @property
    def table_id(self) -> str | None:
        tid = self.lobby.get("table_id")
        return tid if isinstance(tid, str) else None

    def away(self) -> dict[int, str | None]:
        """Seats whose person is away: seat → the level of the computer that plays it
        meanwhile (None while the host still waits for them)."""
        out: dict[int, str | None] = {}
        seats = self.lobby.get("seats")
        for s in seats if isinstance(seats, list) else []:
            if isinstance(s, dict) and s.get("kind") == "human" and isinstance(s.get("seat"), int):
                stand_in = s.get("stand_in")
                if not s.get("connected", True) or s.get("ai_playing"):
                    out[s["seat"]] = stand_in if isinstance(stand_in, str) else None
        return out

    def seat_request(self) -> tuple[int, str] | None:
        """A latecomer asking for a computer's seat: (seat, name), the first of them; only
        the hosting window's link (``host``) answers it."""
        if self.host is None:
            return None
        asked = self.lobby.get("requests")
        for r in asked if isinstance(asked, list) else []:
            if isinstance(r, dict) and isinstance(r.get("seat"), int) and 0 <= r["seat"] <= 3:
                return r["seat"], str(r.get("name", ""))[:MAX_CHAT_CHARS]
        return None

    def answer_request(self, seat: int, yes: bool) -> None:
        """The hosting window's answer to the latecomer asking for ``seat``."""
        if self.host is not None:
            self.host.call(self.host.answer_request, seat, yes)

    def watchers(self) -> int:
        """How many watch the table (the host's lobby names them)."""
        names = self.lobby.get("watching")
        return len([n for n in names if isinstance(n, str)]) if isinstance(names, list) else 0

    def chat_log(self) -> list[dict[str, Any]]:
        """The table's chat so far (what was said before this screen came included)."""
        session = next(iter(self.sessions.values()))
        return list(session.chat_log)

    def ready(self) -> None:
        """The table is on the screen: the host's turn timer may count for our seats."""
        if self.watching:
            return
        for s in self.sessions.values():
            try:
                s.ready()
            except OSError:
                pass

    def chat(self, seat: int, text: str) -> None:
        session = self.sessions.get(seat)
        if session is not None:
            session.chat(text)

    def react(self, seat: int, reaction: str) -> None:
        session = self.sessions.get(seat)
        if session is not None:
            session.react(reaction)

    def time_left(self) -> tuple[int, float, float] | None:
        """The turn timer: (seat, seconds left, seconds per turn), None when none runs."""
        if self.timer is None or self.latest.phase == "over":
            return None
        seat, seconds, deadline = self.timer
        if seat != self.latest.turn:
            return None
        return seat, max(0.0, deadline - self.clock()), seconds

    def save(self) -> None:
        """The host saves the table."""

    def tick(self, dt: float) -> None:
        """Take dropped seats back, one attempt every RECONNECT_EVERY seconds."""
        for seat in list(self.lost):
            if seat in self._reconnecting or self.host_gone:
                continue
            self.reconnect_wait[seat] = self.reconnect_wait.get(seat, 0.0) - dt
            if self.reconnect_wait[seat] <= 0:
                self._start_reconnect(seat)

    def _start_reconnect(self, seat: int) -> None:
        """Take ``seat`` back with its token, in a thread: connecting may take seconds."""
        session = self.sessions[seat]

        def run() -> None:
            try:
                session.reconnect()
                if not self.watching:
                    session.ready()
                self.lost.discard(seat)
            except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
                log.info("reconnect failed: %s", exc)
                if isinstance(exc, JoinError) and exc.code == "wrong_token":
                    self.host_gone = True
            finally:
                self.reconnect_wait[seat] = RECONNECT_EVERY
                self._reconnecting.pop(seat, None)

        thread = threading.Thread(target=run, name="tarneeb-reconnect", daemon=True)
        self._reconnecting[seat] = thread
        thread.start()

    def pending_messages(self) -> bool:
        return any(not s.messages.empty() for s in self.sessions.values())

    def set_on_message(self, fn: Callable[[dict[str, Any]], None] | None) -> None:
        for s in self.sessions.values():
            s.on_message = fn

    def close(self) -> None:
        """Give up the seats and, when this window hosts, close the table."""
        self.set_on_message(None)
        self.pool.cancel()
        for s in self.sessions.values():
            try:
                s.leave()
            except OSError:
                pass
            s.close()
        if self.host is not None:
            if self.keep_on_leave and self.latest.phase != "over" and not self.host_gone:
                rejoin.keep_hosted(self.host, list(self.sessions.values()))
            else:
                self.host.stop()
                if self.host.started:  # this window's own record of the game it closed
                    state = self.host.table.state
                    self._keep(to_record(state, self.names), not state.is_over())
            self.host = None


_REMOTE_IS_A_LINK: type[Link] = RemoteLink  # mypy checks RemoteLink against the protocol
