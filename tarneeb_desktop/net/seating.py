"""The host's side of a LAN table's places: a client's connection (and reading its messages
under the size and rate limits), each seat's state (its token, its connection, the countdown
while its player is away, and the seat the table flow asks: a network seat, or a computer once
nobody holds it) and the computer players' names."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tarneeb_desktop.net.protocol import (
    MAX_MESSAGE_BYTES,
    RATE_MAX_DROPPED,
    ProtocolError,
    TokenBucket,
    decode,
    encode,
)
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.names import COMPUTER_NAMES
from tarneeb_desktop.table.savegame import SavedSeat
from tarneeb_desktop.table.seats import ComputerSeat, NetworkSeat
from tarneeb_desktop.table.seats import Seat as FlowSeat

log = logging.getLogger(__name__)

#: A client that lets this much unsent data pile up is not reading; it is cut off.
MAX_WRITE_BUFFER = 4 * 1024 * 1024
#: Seconds a new connection has to send its hello.
HELLO_TIMEOUT = 10.0


def computer_names(given: Sequence[str] | None = None) -> list[str]:
    """Four distinct computer players' names: ``given`` (per seat; blank ones take the
    defaults), a repeated name numbered ("Karim 2")."""
    out: list[str] = []
    for seat in range(4):
        name = given[seat].strip() if given and seat < len(given) else ""
        name = name or COMPUTER_NAMES[seat]
        base, n = name, 2
        while name in out:
            name, n = f"{base} {n}", n + 1
        out.append(name)
    return out


class Connection:
    """One client connection, as the host sees it."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        bucket: TokenBucket,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.bucket = bucket
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.seat: int | None = None
        #: A watcher: no seat, the public play only (``host_lobby.py``), under ``name``.
        self.watching = False
        self.name = ""
        self.dropped = 0
        self.closed = False

    def send(self, msg: dict[str, Any]) -> None:
        if self.closed or self.writer.is_closing():
            return
        transport = self.writer.transport
        if transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            log.warning("client %s is not reading; closing its connection", self.peer)
            self.close()
            return
        self.writer.write(encode(msg))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


@dataclass
class Seat:
    """One of the four seats: a computer player's, or one open to a person."""

    number: int
    open: bool
    name: str
    token: str | None = None  # issued to the person who took the seat; None while it is free
    conn: Connection | None = None
    wait_started: float | None = None  # when the countdown for the absent player began
    level: str = "medium"
    seed: int = 0
    #: The turn timer ran out: the computer makes this one move, then the person plays again.
    timed_out: bool = False
    #: The connection holding the seat said its screen shows the table (``ready``): only
    #: then does the turn timer count for the seat.
    ready: bool = False
    #: The seat the table flow asks: a network seat (with a computer standing in while its
    #: player is away) or, once the seat is not open, a computer player.
    network: NetworkSeat = field(init=False, repr=False)
    computer: ComputerSeat | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.network = NetworkSeat(self.name, self.level, self.seed)

    @property
    def ai_control(self) -> bool:
        """A computer plays this person's seat while they are away."""
        return self.network.stand_in_active

    @ai_control.setter
    def ai_control(self, value: bool) -> None:
        self.network.stand_in_active = value

    @property
    def flow(self) -> FlowSeat:
        if self.open:
            self.network.name = self.name
            return self.network
        if self.computer is None:
            self.computer = ComputerSeat(self.level, self.seed, self.name)
        return self.computer

    def saved(self) -> SavedSeat:
        kind = "network" if self.open and self.token else "computer"
        return SavedSeat(kind, self.name, self.level, self.token if self.open else None)

    @property
    def kind(self) -> str:
        if not self.open:
            return "ai"
        return "open" if self.token is None else "human"

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closed


async def read_message(conn: Connection) -> dict[str, Any] | None:
    """The connection's next message, or None when the connection is over (closed for cause
    or EOF). Messages beyond the rate limit are dropped (the client is told, and cut off
    after RATE_MAX_DROPPED); an oversized or malformed one closes the connection."""
    while True:
        try:
            line = await conn.reader.readuntil(b"\n")
        except asyncio.LimitOverrunError:
            msg = f"messages are limited to {MAX_MESSAGE_BYTES} bytes"
            _reject_and_close(conn, ProtocolError("oversized", msg))
            return None
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            return None
        if conn.closed:
            return None
        if not conn.bucket.take():
            conn.dropped += 1
            if conn.dropped == 1 or conn.dropped % 50 == 0:
                conn.send(
                    {
                        "type": "error",
                        "code": "rate_limited",
                        "message": "too many messages; some were ignored",
                    }
                )
            if conn.dropped >= RATE_MAX_DROPPED:
                log.warning("client %s floods the host; closing its connection", conn.peer)
                conn.close()
                return None
            continue
        try:
            return decode(line)
        except ProtocolError as exc:
            _reject_and_close(conn, exc)
            return None


def _reject_and_close(conn: Connection, exc: ProtocolError) -> None:
    log.warning("client %s: %s; closing its connection", conn.peer, exc.message)
    conn.send({"type": "error", "code": exc.code, "message": exc.message})
    conn.close()


@dataclass
class SeatedTable:
    """A LAN table ready for its host: the table flow, its four seats (whose flows the table
    asks), the seed it was dealt from, the computer players' names (an open seat nobody takes
    gets its own) and their default level. Set up by ``session.lan.seated_table`` (a new
    table) or ``session.lan.resumed_table`` (a kept one, ``resumed``: its game has begun)."""

    table: Table
    seats: list[Seat]
    seed: int
    bots: list[str]
    ai_level: str = "medium"
    resumed: bool = False
