"""The LAN client: :class:`ClientSession` sits at a host's table; ``tarneeb join`` plays a seat
with a computer player and no window.

A session owns one TCP connection and one reader thread. Everything the host sends lands,
in order, on :attr:`ClientSession.messages` (a ``queue.Queue``), so a pygame loop can drain
it once per frame without ever blocking; the latest view, seq, lobby and seat are also kept
as attributes. Sending (:meth:`~ClientSession.act`, :meth:`~ClientSession.chat`, ...) is safe
from any thread.

Typical use by the window::

    session = ClientSession("192.168.1.20", 47471, name="Layla")
    session.connect()              # raises IncompatibleError with a sentence to show
    seat = session.join(seat=2)    # or join() for any free seat; raises JoinError
    ...
    for msg in session.poll():     # every frame
        if msg["type"] == "view":  # msg["events"] to animate, session.view to draw
            ...
        elif msg["type"] == "chat": ...
        elif msg["type"] == "disconnected":  # if msg["connection"] == session.connection_id
            session.reconnect()    # same seat, same token
    session.act("AS")              # sends the seq of session.view with it
"""

from __future__ import annotations

import logging
import queue
import socket
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from tarneeb_desktop.net.protocol import (
    DEFAULT_PORT,
    IncompatibleError,
    ProtocolError,
    check_hello,
    decode,
    encode,
    hello,
)
from tarneeb_desktop.net.relay import RelaySocket, RelayURL, connect_relay
from tarneeb_desktop.net.relay_crypto import normalize_code
from tarneeb_desktop.rules import MalformedError, View
from tarneeb_desktop.rules.codec import decode_view
from tarneeb_desktop.table.seats import FunctionSeat, Seat, decide

log = logging.getLogger(__name__)

#: The key under which a view message that came in carries its view, decoded (by this
#: session's reader: the window's link does not decode it again).
DECODED = "_decoded_view"

#: Longest message a client accepts from a host (views grow with the game's finished hands).
MAX_HOST_MESSAGE = 1024 * 1024


class JoinError(Exception):
    """The host refused to seat us; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``"host:port"``, ``"[::1]:port"`` or ``"host"`` → (host, port); ValueError otherwise."""
    text = text.strip()
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep:
            raise ValueError(f"not an address: {text!r}")
        port_text = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port_text = text.split(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"not an address: {text!r}")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"the port must be a number 1-65535, not {port_text!r}")
    return host, int(port_text)


class ClientSession:
    """One seat's connection to a host. See the module docstring for the flow.

    Attributes (read them from any thread; they are replaced whole, never mutated):
    ``host_hello`` (the host's hello), ``lobby`` (the latest lobby message: table name, rules,
    seats with name/kind/connected/ai_playing, started), ``seat`` and ``token`` (after
    :meth:`join`), ``view`` (a :class:`~tarneeb_desktop.rules.View`) and ``seq`` (the latest
    view's sequence number), ``connected``.
    """

    def __init__(
        self,
        host: str,
        port: int,
        *,
        name: str = "",
        timeout: float = 10.0,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        code: str | None = None,
        relay: Sequence[RelayURL] | None = None,
    ) -> None:
        self.host = host
        self.port = port
        #: A table over the internet: its code (then ``host`` is the code and ``port`` 0)
        #: and the brokers to look for it on (None: the defaults).
        self.code = code
        self.relay = list(relay) if relay else None
        #: The relay host's public key met on this session's first connection.
        self.pinned: bytes | None = None
        self.name = name
        self.timeout = timeout
        #: Called on the reader thread for every message, before it is queued (optional).
        self.on_message = on_message
        #: Every message from the host, in order, then
        #: ``{"type": "disconnected", "reason": str, "connection": connection_id}``.
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.host_hello: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.view: View | None = None
        #: The computer's seat asked for as a latecomer, while the host has not answered.
        self.asking: int | None = None
        self.seq: int | None = None
        #: A watcher's session: the public play, no seat (see :meth:`watch`).
        self.watching = False
        self.password = ""  # the table's, as typed: a watcher comes back with it
        #: The table's chat as this session heard it (the host sends what was said before
        #: on joining): ``{"seat", "name", "text", "watcher"?}`` messages, oldest first.
        self.chat_log: list[dict[str, Any]] = []
        #: The latest ``timer`` the host sent (in a view or alone) and when it arrived.
        self.timer: tuple[dict[str, Any], float] | None = None
        self.connected = False
        #: Counts connections; a ``disconnected`` message names the one it is about, so that
        #: the note of a connection already replaced by :meth:`reconnect` can be ignored.
        self.connection_id = 0
        self._sock: socket.socket | RelaySocket | None = None
        self._send_lock = threading.Lock()
        self._state_lock = threading.Lock()
        self._reader: threading.Thread | None = None
        self._join_reply: queue.Queue[dict[str, Any]] = queue.Queue()
        self._joining = False

    # ------------------------------------------------------------------ connection

    def connect(self) -> dict[str, Any]:
        """Connect and exchange hellos; returns the lobby. Raises IncompatibleError (its
        ``message`` is a sentence for the player), ProtocolError or OSError."""
        self.close()
        sock = self._open()
        buf = bytearray()
        try:
            sock.sendall(encode(hello("client", name=self.name)))
            first = self._read_line(sock, buf)
            check_hello(first, "client")
            second = self._read_line(sock, buf)
            if second.get("type") == "error":
                if second.get("code") == "incompatible":
                    raise IncompatibleError(str(second.get("message", "incompatible versions")))
                raise ProtocolError(str(second.get("code")), str(second.get("message")))
            if second.get("type") != "lobby":
                raise ProtocolError("malformed", "the host did not send its lobby")
        except BaseException:
            sock.close()
            raise
        sock.settimeout(None)
        self.host_hello = first
        self.lobby = second
        self._sock = sock
        self.connected = True
        self.connection_id += 1
        self._reader = threading.Thread(
            target=self._read_loop,
            args=(sock, buf, self.connection_id),
            name="tarneeb-client",
            daemon=True,
        )
        self._reader.start()
        return second

    @classmethod
    def by_code(
        cls, code: str, relay: Sequence[RelayURL] | None = None, **kwargs: Any
    ) -> ClientSession:
        """A session to the table of ``code`` over the internet (ValueError: not a code)."""
        code = normalize_code(code)
        return cls(code, 0, code=code, relay=relay, **kwargs)

    @property
    def address(self) -> str:
        """How the player reached the table: ``host:port``, or the table code."""
        return self.code if self.code is not None else f"{self.host}:{self.port}"

    def _open(self) -> socket.socket | RelaySocket:
        if self.code is not None:
            # the host's key met first is pinned: coming back, a different "host" answering
            # for the code (someone who knows it, posing as the host) is refused
            relay = connect_relay(self.code, self.relay, timeout=self.timeout, pinned=self.pinned)
            self.pinned = self.pinned or relay.host_key
            relay.settimeout(self.timeout)
            return relay
        sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    @staticmethod
    def _read_line(sock: socket.socket | RelaySocket, buf: bytearray) -> dict[str, Any]:
        while b"\n" not in buf:
            if len(buf) > MAX_HOST_MESSAGE:
                raise ProtocolError("oversized", "the host sent an oversized message")
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("the host closed the connection")
            buf += chunk
        i = buf.index(b"\n")
        line = bytes(buf[: i + 1])
        del buf[: i + 1]
        return decode(line) if len(line) <= 16 * 1024 else _decode_large(line)

    def join(self, seat: int | None = None, token: str | None = None, password: str = "") -> int:
        """Take ``seat`` (or any free seat), or come back to ours with ``token``; returns the
        seat. Raises JoinError when refused, TimeoutError when the host does not answer."""
        msg = {"type": "join", "seat": seat, "token": token, "name": self.name}
        self.password = password or self.password
        if password:
            msg["password"] = password
        return self._ask(msg)

    def ask_for_seat(self, seat: int, password: str = "") -> None:
        """Ask the host for ``seat``, a computer's, in a game under way (a latecomer): sent
        at once; ``answer`` says, when it comes, whether the host agreed."""
        while not self._join_reply.empty():
            self._join_reply.get_nowait()
        self.asking = seat
        self.password = password or self.password
        msg: dict[str, Any] = {"type": "join", "seat": seat, "token": None, "name": self.name}
        if password:
            msg["password"] = password
        self._send(msg)

    def answer(self) -> int | None:
        """The host's answer to ``ask_for_seat``: the seat once agreed, None while it has not
        answered; JoinError when it refused (or the connection dropped)."""
        try:
            reply = self._join_reply.get_nowait()
        except queue.Empty:
            return None
        self.asking = None
        if reply["type"] == "joined":
            return int(reply["seat"])
        if reply["type"] == "disconnected":
            raise JoinError("disconnected", str(reply.get("reason")))
        raise JoinError(str(reply.get("code")), str(reply.get("message")))

    def watch(self, password: str = "") -> None:
        """Watch the table (the public play only); raises JoinError when refused."""
        msg: dict[str, Any] = {"type": "watch", "name": self.name}
        self.password = password or self.password
        if password:
            msg["password"] = password
        self._ask(msg)

    def _ask(self, msg: dict[str, Any]) -> int:
        while not self._join_reply.empty():
            self._join_reply.get_nowait()
        self._joining = True
        try:
            self._send(msg)
            try:
                reply = self._join_reply.get(timeout=self.timeout)
            except queue.Empty:
                raise TimeoutError("the host did not answer the join") from None
        finally:
            self._joining = False
        if reply["type"] == "joined":
            return int(reply["seat"])
        if reply["type"] == "watching":
            return -1
        if reply["type"] == "disconnected":
            raise JoinError("disconnected", str(reply.get("reason")))
        raise JoinError(str(reply.get("code")), str(reply.get("message")))

    def reconnect(self) -> int:
        """Connect again and take our seat back with our token (after a drop or a host
        restart). The computer's stand-in steps aside at once; a watcher watches again."""
        if self.watching and self.token is None:
            self.connect()
            self.watch(self.password)
            return -1
        if self.token is None:
            raise JoinError("not_joined", "this session never held a seat")
        self.connect()
        return self.join(token=self.token)

    def close(self) -> None:
        """Close the connection (the seat stays ours; :meth:`reconnect` takes it back)."""
        sock, self._sock = self._sock, None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(2.0)
        self._reader = None
        self.connected = False

    # ------------------------------------------------------------------ sending

    def act(self, action: str, seq: int | None = None) -> None:
        """Play ``action`` for our seat, chosen in the view numbered ``seq`` (default: the
        latest view). A stale seq is answered with an error and a full view."""
        if self.seat is None or self.token is None:
            raise JoinError("not_joined", "take a seat first")
        with self._state_lock:
            use = self.seq if seq is None else seq
        self._send(
            {
                "type": "action",
                "seat": self.seat,
                "token": self.token,
                "seq": use if use is not None else 0,
                "action": action,
            }
        )

    def chat(self, text: str) -> None:
        self._send({"type": "chat", "text": text})

    def react(self, reaction: str) -> None:
        """One of :data:`~tarneeb_desktop.net.protocol.REACTIONS`."""
        self._send({"type": "react", "reaction": reaction})

    def ready(self) -> None:
        """Our screen shows the table: the host's turn timer may count for our seat."""
        self._send({"type": "ready"})

    def sync(self) -> None:
        """Ask for the lobby and a full view again."""
        self._send({"type": "sync"})

    def leave(self) -> None:
        self._send({"type": "leave"})

    def send_raw(self, data: bytes) -> None:
        """Send bytes as they are (tests and fuzzing only)."""
        with self._send_lock:
            if self._sock is None:
                raise ConnectionError("not connected")
            self._sock.sendall(data)

    def _send(self, msg: dict[str, Any]) -> None:
        self.send_raw(encode(msg))

    # ------------------------------------------------------------------ receiving

    def snapshot(self) -> tuple[View | None, int | None]:
        """The latest view and its seq, read together."""
        with self._state_lock:
            return self.view, self.seq

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last poll (never blocks)."""
        out = []
        while True:
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                return out

    def next_message(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, waiting up to ``timeout`` seconds; None if none came."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def wait_for(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0
    ) -> dict[str, Any]:
        """Read messages until one satisfies ``predicate`` (the others are dropped); raises
        TimeoutError. Meant for tests and the headless bot, not the window."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the expected message did not come")
            msg = self.next_message(left)
            if msg is not None and predicate(msg):
                return msg

    def _read_loop(
        self, sock: socket.socket | RelaySocket, buf: bytearray, connection: int
    ) -> None:
        reason = "closed"
        try:
            while True:
                msg = self._read_line(sock, buf)
                if msg.get("type") == "bye":  # which connection the host said it on
                    msg["connection"] = connection
                self._handle(msg)
        except (ConnectionError, OSError) as exc:
            reason = str(exc) or "connection lost"
        except ProtocolError as exc:
            reason = exc.message
        if self._sock is sock or self._sock is None:
            self.connected = False
        note = {"type": "disconnected", "reason": reason, "connection": connection}
        if self._joining or self.asking is not None:
            self._join_reply.put(note)
        self.messages.put(note)

    def _handle(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "view":
            try:
                view = decode_view(msg["view"])
                seq = int(msg["seq"])
            except (KeyError, TypeError, ValueError, MalformedError):
                log.warning("the host sent a view that does not parse")
                return
            with self._state_lock:
                self.view, self.seq = view, seq
            msg[DECODED] = view  # the window's link takes it as it is: decoded once
            if "timer" in msg:
                self.timer = (msg["timer"], time.monotonic())
        elif kind == "timer":
            self.timer = (msg.get("timer"), time.monotonic())  # type: ignore[assignment]
        elif kind == "lobby":
            self.lobby = msg
        elif kind == "joined":
            first = self.seat is None or self._joining
            self.seat = int(msg["seat"])
            self.token = str(msg["token"])
            if isinstance(msg.get("name"), str):
                self.name = msg["name"]  # the host's: a second "Sara" is "Sara 2"
            if first:
                self.chat_log = []  # the host sends what was said before again
            self._join_reply.put(msg)
        elif kind == "watching":
            self.watching = True
            self.chat_log = []
            self._join_reply.put(msg)
        elif kind == "chat":
            self.chat_log = [*self.chat_log[-99:], msg]
        elif kind == "asked":  # a computer's seat asked for: the host's answer comes later
            self.asking = msg.get("seat") if isinstance(msg.get("seat"), int) else None
        elif (
            kind == "error"
            and (self._joining or self.asking is not None)
            and msg.get("code")
            in (
                *("seat_taken", "no_seat", "wrong_token", "invalid", "wrong_password"),
                *("no_watchers", "refused"),
            )
        ):
            self._join_reply.put(msg)
        if self.on_message is not None:
            self.on_message(msg)
        self.messages.put(msg)


def _decode_large(line: bytes) -> dict[str, Any]:
    """Decode a host message above the client-to-host size limit (long games' views)."""
    import json

    try:
        obj = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("malformed", "the host sent a message that is not JSON") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ProtocolError("malformed", "the host sent a message without a type")
    return obj


# ---------------------------------------------------------------------- headless bot


def play_seat(
    session: ClientSession, player: Seat | Callable[[View], str], reconnect_for: float = 30.0
) -> bool:
    """Play our seat with a computer player (a seat, or a function of the view) until the
    game ends; True when it ended normally. Acts once per view, on the latest one only, with
    the table's one fallback for a failing player; after a drop, reconnects with our token
    for ``reconnect_for`` s."""
    seat = player if isinstance(player, Seat) else FunctionSeat(player)
    acted: int | None = None
    try:
        session.ready()  # no screen to wait for: the turn timer may count at once
    except OSError:
        pass
    while True:
        msg = session.next_message(timeout=1.0)
        if msg is not None:
            kind = msg["type"]
            if kind == "bye":
                if msg.get("connection", session.connection_id) != session.connection_id:
                    continue  # said on a connection since replaced (a host that came back)
                view = session.snapshot()[0]
                return view is not None and view.phase == "over"
            if kind == "error":
                log.info("host to seat %s: %s", session.seat, msg.get("message"))
                if msg.get("code") in ("illegal", "rate_limited", "stale"):
                    # the action did not count: choose again. A stale one was chosen in a view
                    # the table has left (a host resumed from its save numbers its views from
                    # the save's, so the next view may carry the same number as the refused one)
                    acted = None
            elif kind == "disconnected":
                if msg.get("connection") != session.connection_id:
                    continue  # about a connection that was already replaced
                view = session.snapshot()[0]
                if view is not None and view.phase == "over":
                    return True
                if not _reconnect(session, reconnect_for):
                    return False
                log.debug("seat %s back on connection %s", session.seat, session.connection_id)
                acted = None
        if not session.messages.empty():
            continue  # act on the latest view only
        view, seq = session.snapshot()
        if view is None:
            continue
        if view.phase == "over":
            return True
        if seq != acted and view.turn == session.seat and view.legal:
            action, _fault = decide(seat, view)
            acted = seq
            log.debug("seat %s plays %s in view %s", session.seat, action, seq)
            try:
                session.act(action, seq)
            except OSError:
                pass  # the reader thread reports the drop


def _reconnect(session: ClientSession, patience: float) -> bool:
    deadline = time.monotonic() + patience
    while True:
        try:
            session.reconnect()
            session.ready()
            return True
        except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
            if time.monotonic() > deadline or isinstance(exc, IncompatibleError | JoinError):
                log.error("could not reconnect: %s", exc)
                return False
            time.sleep(0.5)  # a restarting host needs a moment; retry politely
