"""The host's side of a LAN table's places: a client's connection and each seat's state
(its token, its connection, the countdown while its player is away, and the seat the table
flow asks: a network seat, or a computer once nobody holds it)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from tarneeb_desktop.net.protocol import TokenBucket, encode
from tarneeb_desktop.table.savegame import SavedSeat
from tarneeb_desktop.table.seats import ComputerSeat, NetworkSeat
from tarneeb_desktop.table.seats import Seat as FlowSeat

log = logging.getLogger(__name__)

#: A client that lets this much unsent data pile up is not reading; it is cut off.
MAX_WRITE_BUFFER = 4 * 1024 * 1024
#: Seconds a new connection has to send its hello.
HELLO_TIMEOUT = 10.0


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
