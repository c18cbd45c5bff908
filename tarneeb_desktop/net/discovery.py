"""Finding tables on the LAN: a host's UDP broadcast beacon and the listener that lists them.

Once a second a host broadcasts one small JSON datagram to UDP port
:data:`~tarneeb_desktop.net.protocol.DISCOVERY_PORT`; the "Join a LAN game" screen runs a
:class:`TableFinder` and lists what it heard in the last few seconds. The sender's address
comes from the datagram itself, so a beacon never needs to know its own IP. A datagram that
is not a beacon is ignored. Typing an address always works too, for networks that drop
broadcasts. (zeroconf ``_tarneeb._tcp`` would need a new dependency; not done.)
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tarneeb_desktop.net.protocol import APP_VERSION, DISCOVERY_PORT, PROTOCOL, VERSION

log = logging.getLogger(__name__)

BEACON_TYPE = "tarneeb-beacon"
MAX_BEACON_BYTES = 2048


def beacon_message(info: dict[str, Any]) -> bytes:
    """The datagram: the protocol's identity, then what ``info`` says about the table."""
    msg = {"type": BEACON_TYPE, "protocol": PROTOCOL, "version": VERSION, "app": APP_VERSION}
    msg.update({k: v for k, v in info.items() if k not in msg})
    data = json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return data[:MAX_BEACON_BYTES]


@dataclass(frozen=True)
class FoundTable:
    """A table heard on the LAN. ``compatible`` is False for another protocol version (list
    it greyed out, with ``app`` saying which version it runs)."""

    host: str
    port: int
    name: str
    free_seats: tuple[int, ...]
    started: bool
    rules: str
    app: str
    compatible: bool
    seen: float


def parse_beacon(data: bytes, sender: str, now: float) -> FoundTable | None:
    """A beacon datagram → FoundTable, or None for anything else."""
    if len(data) > MAX_BEACON_BYTES:
        return None
    try:
        msg = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if (
        not isinstance(msg, dict)
        or msg.get("type") != BEACON_TYPE
        or msg.get("protocol") != PROTOCOL
    ):
        return None
    port = msg.get("port")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return None
    seats = msg.get("free_seats")
    free = tuple(
        s for s in (seats if isinstance(seats, list) else []) if isinstance(s, int) and 0 <= s <= 3
    )
    name = msg.get("name")
    return FoundTable(
        host=sender,
        port=port,
        name=name[:40] if isinstance(name, str) else "Tarneeb table",
        free_seats=free,
        started=bool(msg.get("started")),
        rules=str(msg.get("rules", ""))[:20],
        app=str(msg.get("app", "?"))[:20],
        compatible=msg.get("version") == VERSION,
        seen=now,
    )


class Beacon:
    """Broadcasts ``info()`` (a dict with at least ``port``) every ``interval`` seconds."""

    def __init__(
        self,
        info: Callable[[], dict[str, Any]],
        *,
        target: tuple[str, int] = ("255.255.255.255", DISCOVERY_PORT),
        interval: float = 1.0,
    ) -> None:
        self.info = info
        self.target = target
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)

    def send_once(self) -> None:
        try:
            self._sock.sendto(beacon_message(self.info()), self.target)
        except OSError as exc:
            # No network, or broadcasts are not allowed: joining by address still works.
            log.debug("beacon not sent: %s", exc)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="tarneeb-beacon", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.send_once()
            self._stop.wait(self.interval)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
        self._sock.close()


class TableFinder:
    """Listens for beacons in a thread; :meth:`tables` lists the tables heard recently."""

    def __init__(self, bind: str = "", port: int = DISCOVERY_PORT) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            # Two game windows on one computer may both listen for beacons.
            try:
                self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            except OSError:
                pass
        self._sock.bind((bind, port))
        self._sock.settimeout(0.25)
        self.port = self._sock.getsockname()[1]
        self._found: dict[tuple[str, int], FoundTable] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> TableFinder:
        self._thread = threading.Thread(target=self._run, name="tarneeb-finder", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, (sender, _port) = self._sock.recvfrom(MAX_BEACON_BYTES + 1)
            except TimeoutError:
                continue
            except OSError:
                return
            table = parse_beacon(data, sender, time.monotonic())
            if table is not None:
                with self._lock:
                    self._found[(table.host, table.port)] = table

    def tables(self, max_age: float = 5.0) -> list[FoundTable]:
        """Tables heard within the last ``max_age`` seconds, by name."""
        now = time.monotonic()
        with self._lock:
            recent = [t for t in self._found.values() if now - t.seen <= max_age]
        return sorted(recent, key=lambda t: (t.name, t.host, t.port))

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)
        self._sock.close()
