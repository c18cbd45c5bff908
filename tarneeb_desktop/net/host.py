"""The LAN host: owns the table, seats people and computer players, and serves each its view.

The host is the table flow (:class:`~tarneeb_desktop.table.flow.Table`) plus network seats;
the flow is the only authority. Each connection gets
nothing but its own seat's ``view(seat)`` and public events; an action counts only when it
names the connection's seat, carries that seat's secret token and the ``seq`` of the latest
view. Everything runs on one asyncio loop (in its own thread when the game window hosts), so
the table is never touched from two threads; computer players think on the flow's worker
pool, and the host paces their moves (``ai_delay``) so that people can follow them.

``tarneeb host`` runs a :class:`Host` without a window and exits when its game ends.

Over 600 lines: the host is one asyncio state machine (connections, messages, seats and the
game on one loop) whose handlers share its state; its seats and connections live in
``seating.py``.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tarneeb_desktop.net.host_lobby import LobbyMixin, SeatRequest
from tarneeb_desktop.net.protocol import (
    MAX_MESSAGE_BYTES,
    RATE_BURST,
    RATE_PER_SECOND,
    IncompatibleError,
    ProtocolError,
    TokenBucket,
    check_hello,
    hello,
    validate_client_message,
)
from tarneeb_desktop.net.relay_host import RelayOptions, RelayServer, relay_saved
from tarneeb_desktop.net.seating import (
    HELLO_TIMEOUT,
    Connection,
    Seat,
    SeatedTable,
    read_message,
)
from tarneeb_desktop.net.turn_timer import TurnTimer
from tarneeb_desktop.record import to_record
from tarneeb_desktop.rules import Event, RulesError
from tarneeb_desktop.rules.codec import encode_events, encode_view
from tarneeb_desktop.storage import write_json_atomic
from tarneeb_desktop.table.ending import RecordWriter
from tarneeb_desktop.table.flow import Change
from tarneeb_desktop.table.link import save_after
from tarneeb_desktop.table.savegame import save_document, save_due

log = logging.getLogger(__name__)


class Host(LobbyMixin):
    """A LAN table. Construct it, then :meth:`start` (a background thread, for the window)
    or :meth:`run` (blocking, for ``tarneeb host``).

    It serves a table set up by ``session.lan`` (a :class:`SeatedTable`). The window hosts
    like this: ``session.lan.new_host(rules, open_seats=..., levels=[per seat],
    bots=[computer players' names], turn_seconds=0 or more, bind="0.0.0.0",
    port=DEFAULT_PORT, auto_start=False, exit_when_over=False, ai_delay=0.7, save_path=...)``,
    ``start()``, ``start_beacon()`` (unless the table is private); the people at the host's
    own screen sit down like everyone else, each through a
    :class:`~tarneeb_desktop.net.client.ClientSession` to ``127.0.0.1`` (so hot-seat privacy
    screens work as offline); the lobby's Start button calls :meth:`start_game`; leaving
    calls :meth:`stop`.

    Thread safety: everything that touches the game runs on the host's loop; from another
    thread use :meth:`call` (run a function there and get its result), :meth:`start_game`,
    :meth:`poke`, :meth:`start_beacon` and :meth:`stop`. ``on_change`` callbacks run on the loop.
    """

    def __init__(
        self,
        seated: SeatedTable,
        *,
        turn_seconds: float = 0.0,
        bind: str = "127.0.0.1",
        port: int = 0,
        save_path: str | Path | None = None,
        record_path: str | Path | None = None,
        disconnect_grace: float = 30.0,
        auto_start: bool = True,
        exit_when_over: bool = True,
        ai_delay: float = 0.0,
        rate: tuple[int, float] = (RATE_BURST, RATE_PER_SECOND),
        clock: Callable[[], float] = time.monotonic,
        table_name: str = "Tarneeb table",
        password: str = "",
        watchers: bool = True,
        table_id: str | None = None,
        latecomers: str = "ask",
        relay: RelayOptions | None = None,
    ) -> None:
        """Serve ``seated``, a table set up by ``session.lan`` (``new_host`` and
        ``resume_host`` set one up and hand it here)."""
        self.seed = seated.seed
        #: The computer players' names per seat (distinct; open seats nobody takes get theirs).
        self.bots = seated.bots
        self.seats = seated.seats
        self.table = seated.table
        self.table.on_ready = self._wake
        self.record_path = Path(record_path) if record_path else None
        if self.record_path is not None:  # written as the game ends, before the host's end
            self.record_writer = RecordWriter(self.table, self.record_path)
        self.table.listen(self._applied)
        self.ai_level = seated.ai_level
        self.bind = bind
        self.port = port
        self.save_path = Path(save_path) if save_path else None
        self.disconnect_grace = disconnect_grace
        self.auto_start = auto_start
        self.exit_when_over = exit_when_over
        self.ai_delay = ai_delay
        self.rate = rate
        self.clock = clock
        self.turn_timer = TurnTimer(turn_seconds, clock)
        self.table_name = table_name
        #: Says which table a kept seat token belongs to (saved with the table, so a resumed
        #: table is the same one for its players' Rejoin).
        self.table_id = table_id or secrets.token_hex(8)
        self.password = ""
        self.set_password(password)
        self.watchers_allowed = watchers
        #: A latecomer asking for a computer's seat mid-game: "ask" (the host's window
        #: decides), "yes" (agreed at once) or "no" (refused); see ``LobbyMixin.ask_for_seat``.
        self.latecomers = latecomers
        self.requests: list[SeatRequest] = []
        self.chat_log: list[dict[str, Any]] = []
        self.started = seated.resumed
        #: Called on the loop after the game starts and after every applied action, with the
        #: new seq and the action's events (tests and the window's own observers use this).
        self.on_change: list[Callable[[int, list[Event]], None]] = []
        self.address: tuple[str, int] | None = None
        self.done = threading.Event()  # set when the game is over and saved
        self.error: BaseException | None = None
        self.conns: set[Connection] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop_event: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tarneeb-host-save")
        self._timer: asyncio.TimerHandle | None = None
        self._turn_handle: asyncio.TimerHandle | None = None
        self._stopping = False
        self._beacon: Any = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._opened = False  # listening (and on its relay): what fails later is logged
        #: Over the internet too: the table's code and brokers (``net/relay.py``); the
        #: relay's end once the host runs.
        self.relay = relay
        self.relay_server: RelayServer | None = None

    @property
    def code(self) -> str | None:
        """The table code players join by over the internet (None: a LAN table only)."""
        return self.relay.code if self.relay is not None else None

    # ------------------------------------------------------------------ saving and resuming

    @property
    def seq(self) -> int:
        """The table's change count: every view carries it, every action must name it."""
        return self.table.seq

    def save(self, wait: bool = True) -> None:
        """Write the table (record, seed, seats and their tokens) to ``save_path`` in the one
        save format (``table/savegame.py``); with ``wait=False`` the writing (an fsync, often
        10 ms) happens on a writer thread, in order, so that it never delays the game."""
        if self.save_path is None:
            return
        doc = save_document(
            self.table.state,
            [s.saved() for s in self.seats],
            self.seed,
            self.seq,
            ai_level=self.ai_level,
            table_name=self.table_name,
            table_id=self.table_id,
            turn_seconds=self.turn_timer.seconds,
            password=self.password,
            watchers=self.watchers_allowed,
            **(relay_saved(self.relay) if self.relay is not None else {}),
        )
        if wait:
            self._write_save(self.save_path, doc)
        else:
            self._writer.submit(self._write_save, self.save_path, doc)

    @staticmethod
    def _write_save(path: Path, doc: dict[str, Any]) -> None:
        try:
            write_json_atomic(path, doc)
        except OSError:
            log.exception("could not save the table to %s", path)

    def _sync_seats(self) -> None:
        """The table asks each seat's current player (after seats were opened or closed)."""
        self.table.seats = [s.flow for s in self.seats]
        self.table.names = [s.name for s in self.seats]

    # ------------------------------------------------------------------ running

    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Run the host in a background thread; returns the address it listens on."""
        self._thread = threading.Thread(target=self._run_here, name="tarneeb-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the host did not start")
        if self.error is not None:
            raise self.error
        assert self.address is not None
        return self.address

    def _run_here(self) -> None:
        """The background thread: what fails is kept in ``error`` (``start`` raises it when
        the host could not open; later, the log says it)."""
        try:
            self.run()
        except BaseException as exc:  # noqa: BLE001 - kept in self.error
            if self._opened:
                log.error("the host stopped: %s", exc, exc_info=exc)

    def run(self, on_ready: Callable[[tuple[str, int]], None] | None = None) -> None:
        """Serve until :meth:`stop`, or until the game ends when ``exit_when_over``."""
        try:
            asyncio.run(self._main(on_ready))
        except BaseException as exc:
            self.error = exc
            self._ready.set()
            raise
        finally:
            self.table.close()
            self._writer.shutdown(wait=True)  # the last save reaches the disk

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and stop serving (callable from any thread)."""
        if self._beacon is not None:
            self._beacon.stop()
            self._beacon = None
        loop, ev = self.loop, self._stop_event
        if loop is not None and ev is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(ev.set)
            except RuntimeError:
                pass  # the loop has just finished
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def lobby(self) -> dict[str, Any]:
        """The lobby message as the players get it (seats, names, started), read safely from
        another thread (a window watching its own table)."""
        return self.call(self._lobby)  # type: ignore[no-any-return]

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float = 10.0) -> Any:
        """Run ``fn(*args)`` on the host's loop and return its result (from another thread)."""
        loop = self.loop
        if loop is None or loop.is_closed() or self._stopping:
            raise RuntimeError("the host is not running")

        async def run() -> Any:
            return fn(*args)

        coro = run()
        try:
            future = asyncio.run_coroutine_threadsafe(coro, loop)
        except RuntimeError:
            coro.close()
            raise
        return future.result(timeout)

    def start_game(self) -> None:
        """Start now: open seats nobody has taken go to computer players (the window's
        "Start" button; a headless host starts by itself when every open seat is taken)."""
        if self.loop is None:
            self._begin()
        else:
            self.loop.call_soon_threadsafe(self._begin)

    def start_beacon(self, **kwargs: Any) -> Any:
        """Announce this table on the LAN (see :mod:`~tarneeb_desktop.net.discovery`) until
        :meth:`stop`; ``kwargs`` go to :class:`~tarneeb_desktop.net.discovery.Beacon`."""
        from tarneeb_desktop.net.discovery import Beacon

        self._beacon = Beacon(lambda: self.info(), **kwargs)
        self._beacon.start()
        return self._beacon

    def poke(self) -> None:
        """Re-check the disconnect countdown now (tests drive a fake ``clock`` and poke)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._check_timeouts)

    async def _main(self, on_ready: Callable[[tuple[str, int]], None] | None) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop_event = asyncio.Event()
        server = await asyncio.start_server(
            self._handle, self.bind, self.port, limit=MAX_MESSAGE_BYTES
        )
        sock = server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        log.info("listening on %s:%d", *self.address)
        if self.relay is not None:
            relay = RelayServer(self.relay, self.loop, self._handle)
            try:
                await self.loop.run_in_executor(None, relay.open)
            except BaseException:
                server.close()
                raise
            self.relay_server = relay
            relay.start_ticking()
        if on_ready is not None:
            on_ready(self.address)
        self._opened = True
        self._ready.set()
        if self.started:
            self._advance()  # a resumed game: computer seats may be to move
        elif self.auto_start and all(s.kind != "open" for s in self.seats):
            self._begin()  # four computer players: nobody to wait for
        try:
            await self._stop_event.wait()
        finally:
            self._stopping = True
            server.close()
            if self.started and not self.table.state.is_over():
                self._send_record(closed=True)  # the game as far as it went, to keep
            for conn in list(self.conns):
                # said plainly, so that nobody waits for a table that is gone (a host that is
                # killed says nothing: its players reconnect when it comes back)
                conn.send({"type": "bye", "code": "closed", "reason": "the host closed the table"})
                conn.close()
            if self.relay_server is not None:
                self.relay_server.close()
            # Let each connection's handler see its EOF and finish, rather than be cancelled.
            if self._handlers:
                await asyncio.wait(self._handlers, timeout=2.0)
            await server.wait_closed()

    # ------------------------------------------------------------------ connections

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, TokenBucket(self.rate[0], self.rate[1]))
        self.conns.add(conn)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        try:
            conn.send(
                hello(
                    "host",
                    table=self.table_name,
                    table_id=self.table_id,
                    password=bool(self.password),
                )
            )
            try:
                first = await asyncio.wait_for(read_message(conn), HELLO_TIMEOUT)
            except TimeoutError:
                first = None
            if first is None:
                return
            try:
                check_hello(first, "host")
            except IncompatibleError as exc:
                log.warning("client %s: %s", conn.peer, exc.message)
                conn.send({"type": "error", "code": exc.code, "message": exc.message})
                return
            conn.send(self._lobby())
            while not conn.closed:
                msg = await read_message(conn)
                if msg is None:
                    return
                try:
                    self._dispatch(conn, validate_client_message(msg))
                except ProtocolError as exc:
                    log.info("client %s: %s", conn.peer, exc.message)
                    conn.send({"type": "error", "code": exc.code, "message": exc.message})
        except (ConnectionError, OSError):
            pass
        except Exception:  # the host must outlive any bug a client can trigger
            log.exception("client %s: unexpected error; closing its connection", conn.peer)
        finally:
            await self._drop(conn)

    async def _drop(self, conn: Connection) -> None:
        self.conns.discard(conn)
        conn.close()
        try:
            await asyncio.wait_for(conn.writer.wait_closed(), 1.0)
        except (TimeoutError, ConnectionError, OSError):
            pass
        if conn.watching:
            conn.watching = False
            self._broadcast(self._lobby())
        if conn.seat is not None and self.seats[conn.seat].conn is conn:
            seat = self.seats[conn.seat]
            seat.conn = None
            seat.ready = False
            log.info("seat %d (%s) disconnected", seat.number, seat.name)
            self._broadcast(self._lobby())
            self._advance()

    # ------------------------------------------------------------------ messages

    def _dispatch(self, conn: Connection, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "join":
            self._join(conn, msg)
        elif kind == "watch":
            self.watch(conn, msg)
        elif kind == "action":
            if self._action(conn, msg):
                # An action that moves the game is paced by the game itself, so it costs no
                # token: a fast bot never hits the limit, a flood of rejected ones does.
                conn.bucket.refund()
        elif kind in ("chat", "react"):
            self.chat(conn, kind, msg)
        elif kind == "sync":
            conn.send(self._lobby())
            if conn.seat is not None and self.started:
                self._send_view(conn, conn.seat, [])
            elif conn.watching and self.started:
                self.send_watcher_view(conn, [])
        elif kind == "ready":
            self._screen_ready(conn)
        elif kind == "ping":
            conn.send({"type": "pong", "seq": self.seq})
        elif kind == "leave":
            seat = self.seats[conn.seat] if conn.seat is not None else None
            if seat is not None and seat.conn is conn and self.started:
                seat.ai_control = True  # "the computer plays your seat until you come back"
                log.info("seat %d (%s) left; the computer plays it", seat.number, seat.name)
            conn.close()

    def _screen_ready(self, conn: Connection) -> None:
        """The connection's screen shows the table: its seat's turn timer may count now
        (nobody's time starts while their screen still shows the lobby)."""
        if conn.seat is None or self.seats[conn.seat].conn is not conn:
            return
        seat = self.seats[conn.seat]
        if seat.ready:
            return
        seat.ready = True
        before = self.turn_timer.key
        self._arm_turn_timer()
        wire = self.turn_timer.wire()
        if wire is not None and self.turn_timer.key != before:
            self._broadcast({"type": "timer", "timer": wire})

    def _join(self, conn: Connection, msg: dict[str, Any]) -> None:
        if conn.seat is not None or conn.watching:
            raise ProtocolError("invalid", f"this connection already holds seat {conn.seat}")
        token, wanted = msg["token"], msg["seat"]
        name = msg["name"]
        if token is None:
            self.check_password(msg.get("password", ""))  # a token proves a seat already
        if token is not None:
            seat = self._seat_of_token(token)
            if seat is None:
                raise ProtocolError("wrong_token", "no seat at this table has that token")
            if seat.connected and seat.conn is not None:
                # The token proves it is the same person (e.g. a new connection after a
                # network change); the old connection is stale.
                old = seat.conn
                old.seat = None
                old.send(
                    {
                        "type": "error",
                        "code": "seat_taken",
                        "message": "this seat was taken over by a new connection with its token",
                    }
                )
                old.close()
            log.info("seat %d (%s) reconnected from %s", seat.number, seat.name, conn.peer)
        else:
            if wanted is not None:
                seat = self.seats[wanted]
                if seat.kind == "ai" and self.started and self.latecomers != "no":
                    self.ask_for_seat(conn, seat.number, name)  # the host decides
                    return
                if seat.kind != "open":
                    raise ProtocolError("seat_taken", f"seat {wanted} is not free")
            else:
                free = [s for s in self.seats if s.kind == "open"]
                if not free:
                    raise ProtocolError("no_seat", "no seat at this table is free")
                seat = free[0]
            seat.token = secrets.token_urlsafe(24)
            seat.name = self.unique_name(name or f"Player {seat.number + 1}", seat.number)
            log.info("seat %d taken by %s from %s", seat.number, seat.name, conn.peer)
        if name and token is not None:
            seat.name = self.unique_name(name, seat.number)
        self.computers_give_way()  # a computer named like this person takes another name
        seat.conn = conn
        seat.ready = False
        seat.wait_started = None
        if seat.ai_control and not seat.timed_out:
            # Back at once: the computer's stand-in steps aside at the seat's next decision.
            seat.ai_control = False
            log.info("seat %d (%s) plays again", seat.number, seat.name)
        conn.seat = seat.number
        conn.send({"type": "joined", "seat": seat.number, "token": seat.token, "name": seat.name})
        self.send_chat_log(conn)
        self._maybe_return_control()
        self._broadcast(self._lobby())
        if self.started:
            self._send_view(conn, seat.number, [])
            self._advance()
        elif self.auto_start and all(s.kind != "open" for s in self.seats):
            self._begin()

    def _seat_of_token(self, token: str) -> Seat | None:
        found = None
        for seat in self.seats:
            # Compare with every seat, in constant time, so timing tells nothing.
            if seat.token is not None and hmac.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        return found

    def _action(self, conn: Connection, msg: dict[str, Any]) -> bool:
        """Apply a person's action; True when it counted. Refusals raise ProtocolError."""
        if conn.seat is None:
            raise ProtocolError("not_joined", "take a seat before playing")
        if msg["seat"] != conn.seat:
            raise ProtocolError(
                "wrong_seat", f"this connection plays seat {conn.seat}, not {msg['seat']}"
            )
        seat = self.seats[conn.seat]
        if seat.token is None or not hmac.compare_digest(
            seat.token.encode(), msg["token"].encode()
        ):
            raise ProtocolError("wrong_token", "that is not this seat's token")
        if not self.started:
            raise ProtocolError("not_started", "the game has not started yet")
        state = self.table.state
        if state.is_over():
            raise ProtocolError("game_over", "the game is over")
        if msg["seq"] != self.seq:
            conn.send(
                {
                    "type": "error",
                    "code": "stale",
                    "message": f"that action was chosen in view {msg['seq']}; the table is at {self.seq}",
                }
            )
            self._send_view(conn, seat.number, [])
            return False
        if state.turn != seat.number:
            raise ProtocolError("not_your_turn", f"it is seat {state.turn}'s turn")
        if seat.timed_out:
            raise ProtocolError("not_your_turn", "time is up: the computer plays this move for you")
        if seat.ai_control:
            raise ProtocolError("not_your_turn", "the computer plays for you until this trick ends")
        try:
            self.table.submit(seat.number, msg["action"])  # _applied tells everyone
        except RulesError as exc:
            raise ProtocolError("illegal", str(exc)) from None
        return True

    # ------------------------------------------------------------------ the game

    def _begin(self) -> None:
        if self.started:
            return
        for seat in self.seats:
            if seat.kind == "open":
                seat.open = False
                seat.name = self.bots[seat.number]
        self.computers_give_way()
        self._sync_seats()
        self.started = True
        log.info("the game starts: %s", ", ".join(f"{s.number}={s.name}" for s in self.seats))
        self._arm_turn_timer()
        self.save()
        for cb in self.on_change:
            cb(self.seq, [])
        self._broadcast(self._lobby())
        for conn in list(self.conns):
            if conn.seat is not None:
                self._send_view(conn, conn.seat, [])
            elif conn.watching:
                self.send_watcher_view(conn, [])
        self._advance()

    def _applied(self, change: Change) -> None:
        """The flow applied an action (a person's or a computer's): tell everyone, save (after
        every call and card), move on."""
        events = list(change.events)
        if change.seat is not None and self.seats[change.seat].timed_out:
            seat = self.seats[change.seat]  # the computer made the timed-out move
            seat.timed_out = seat.ai_control = False
            self._broadcast(self._lobby())
            # everyone is told, so that nobody wonders who played it
            self._broadcast({"type": "timeout", "seat": seat.number, "action": change.action})
        self._arm_turn_timer()
        for cb in self.on_change:
            cb(self.seq, events)
        wire = encode_events(events)
        watched: dict[str, Any] | None = None
        for conn in list(self.conns):
            if conn.seat is not None:
                self._send_view(conn, conn.seat, wire)
            elif conn.watching:
                if watched is None:
                    watched = self.watcher_view()
                conn.send({"type": "view", "seq": self.seq, "view": watched, "events": wire})
        if save_after(change):  # the offline autosave's rule: after every call and card
            self.table.names = [s.name for s in self.seats]
            self.save(wait=False)
        if save_due(events):  # a trick's end: a person back in time takes their seat again
            self._maybe_return_control()
        if self.table.state.is_over():
            self._finish()
            return
        self._advance()

    def _maybe_return_control(self) -> None:
        """A player who came back takes their seat over from the computer between tricks."""
        state = self.table.state
        if state.phase == "play" and state.trick:
            return
        changed = False
        for seat in self.seats:
            if seat.ai_control and seat.connected:
                seat.ai_control = False
                changed = True
                log.info("seat %d (%s) plays again", seat.number, seat.name)
        if changed:
            self._broadcast(self._lobby())

    def _advance(self) -> None:
        """Ask whoever is to move: start a computer's decision, or wait for the person
        (running the disconnect countdown if they are away)."""
        state = self.table.state
        if not self.started or state.is_over() or self._stopping:
            return
        seat = self.seats[state.turn]
        self._arm_turn_timer()
        for other in self.seats:
            if other is not seat:
                other.wait_started = None  # the countdown runs only on the seat's own turn
        if not seat.open or seat.ai_control:
            seat.wait_started = None
            self.table.pump()  # starts the computer's decision; _wake applies it
            return
        if seat.connected:
            seat.wait_started = None
            return
        if seat.wait_started is None:
            seat.wait_started = self.clock()
            log.info(
                "waiting up to %.0f s for seat %d (%s)",
                self.disconnect_grace,
                seat.number,
                seat.name,
            )
        self._check_timeouts()

    def _arm_turn_timer(self) -> None:
        """Start the turn timer when a person is to move: one whose screen shows the table,
        or one who is away (their time runs as anyone's, and when it is out the computer
        makes the move; issue 48 item 20); stop it otherwise (see ``turn_timer.py``). Its
        end is checked on the loop (and by :meth:`poke`)."""
        timer, state = self.turn_timer, self.table.state
        if not timer.on:
            return
        if not self.started or state.is_over() or self._stopping:
            timer.stop()
            return
        seat = self.seats[state.turn]
        here = seat.connected and seat.ready  # their screen shows the table
        away = not seat.connected and seat.token is not None  # a person who dropped or left
        if not (seat.open and (here or away) and not seat.ai_control):
            timer.stop()
            return
        if timer.key == (self.seq, seat.number):
            return
        timer.arm(self.seq, seat.number)
        if self.loop is not None:
            if self._turn_handle is not None:
                self._turn_handle.cancel()
            self._turn_handle = self.loop.call_later(timer.seconds + 0.01, self._check_timeouts)

    def _check_turn_timer(self) -> None:
        """The person to move ran out of time: the computer makes this one move."""
        state = self.table.state
        seat = self.seats[state.turn]
        if not self.turn_timer.expired(self.seq, seat.number) or seat.ai_control:
            return
        log.info("seat %d (%s) ran out of time; the computer moves for it", seat.number, seat.name)
        self.turn_timer.stop()
        seat.timed_out = seat.ai_control = True
        self._broadcast(self._lobby())
        self.table.pump()

    def _check_timeouts(self) -> None:
        state = self.table.state
        if not self.started or state.is_over() or self._stopping:
            return
        self._check_turn_timer()
        seat = self.seats[state.turn]
        if seat.wait_started is None or seat.connected or seat.ai_control:
            return
        left = self.disconnect_grace - (self.clock() - seat.wait_started)
        if left <= 0:
            log.info("seat %d (%s) did not come back; a computer plays it", seat.number, seat.name)
            seat.ai_control = True
            seat.wait_started = None
            self._broadcast(self._lobby())
            self._advance()
            return
        assert self.loop is not None
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.loop.call_later(left + 0.01, self._check_timeouts)

    def _wake(self) -> None:
        """A computer's decision is ready (called from the worker thread): apply it on the
        loop, after ``ai_delay`` so that people can follow the computer's moves."""
        loop = self.loop
        if loop is None or loop.is_closed() or self._stopping:
            return
        try:
            if self.ai_delay > 0:
                loop.call_soon_threadsafe(loop.call_later, self.ai_delay, self._pump)
            else:
                loop.call_soon_threadsafe(self._pump)
        except RuntimeError:
            pass  # the loop has just closed

    def _pump(self) -> None:
        if self.started and not self._stopping and not self.table.state.is_over():
            self.table.pump()

    def _finish(self) -> None:
        state = self.table.state
        log.info("the game is over: team %s wins %s", state.winner, state.scores)
        self._writer.submit(lambda: None).result()  # the trick's save is written first
        self.save()
        self._send_record(closed=False)
        self.done.set()
        if self.exit_when_over:
            assert self.loop is not None
            self.loop.create_task(self._close_all("the game is over"))

    async def _close_all(self, reason: str) -> None:
        for conn in list(self.conns):
            conn.send({"type": "bye", "code": "over", "reason": reason})
        for conn in list(self.conns):
            try:
                await asyncio.wait_for(conn.writer.drain(), 2.0)
            except (TimeoutError, ConnectionError, OSError):
                pass
        if self._stop_event is not None:
            self._stop_event.set()

    # ------------------------------------------------------------------ outgoing

    def _send_view(self, conn: Connection, seat: int, events: list[dict[str, Any]]) -> None:
        msg = {"type": "view", "seq": self.seq, "view": encode_view(self.table.view(seat))}
        msg["events"] = events
        timer = self.turn_timer.wire()
        if timer is not None:
            msg["timer"] = timer
        conn.send(msg)

    def _send_record(self, closed: bool) -> None:
        """The game's record to each seated person, for their Finished games: when it ends,
        or as far as it went when the host closes the table (``closed``). Every hand is
        in it, so it goes only when no card is left to hide."""
        names = [s.name for s in self.seats]
        msg = {"type": "record", "closed": closed, "record": to_record(self.table.state, names)}
        for conn in list(self.conns):
            if conn.seat is not None and self.seats[conn.seat].kind == "human":
                conn.send(msg)

    def _broadcast(self, msg: dict[str, Any]) -> None:
        for conn in list(self.conns):
            conn.send(msg)
