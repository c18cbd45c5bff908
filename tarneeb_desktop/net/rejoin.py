"""Coming back to a LAN table: the seats this computer sat at (each table's seat token, kept
in the player's folder, written atomically), the name typed last on the Join screen, and
the table this window hosts while its host is in the menu.

``lan-seats.json`` holds ``{"name": last name typed, "seats": [{"table_id", "address",
"table", "seat", "token", "name", "time"}, ...]}``, newest first; a seat is forgotten when
its game ends, when the host no longer knows its token, or after :data:`KEEP_HOURS`.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.protocol import MAX_NAME_CHARS, ProtocolError
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.storage import load_json, write_json_atomic

if TYPE_CHECKING:
    from tarneeb_desktop.net.host import Host

log = logging.getLogger(__name__)

SEATS_FILE = "lan-seats.json"
KEEP_HOURS = 24.0
MAX_KEPT = 8
_lock = threading.Lock()


@dataclass(frozen=True)
class KeptSeat:
    """A seat this computer held at a table: enough to sit down there again."""

    table_id: str
    address: str  # host:port as this computer reached it, or the table code
    table: str  # the table's name, as the host called it
    seat: int
    token: str
    name: str
    time: float

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _path() -> Path:
    return user_data_dir() / SEATS_FILE


def _load() -> dict[str, Any]:
    doc, _problem = load_json(_path())
    return doc if isinstance(doc, dict) else {}


def _parse(raw: Any) -> KeptSeat | None:
    if not isinstance(raw, dict):
        return None
    try:
        kept = KeptSeat(
            str(raw["table_id"]),
            str(raw["address"]),
            str(raw.get("table", "")),
            int(raw["seat"]),
            str(raw["token"]),
            str(raw.get("name", "")),
            float(raw.get("time", 0.0)),
        )
    except (KeyError, TypeError, ValueError):
        return None
    return kept if 0 <= kept.seat <= 3 and kept.token and kept.table_id else None


def kept_seats(now: float | None = None) -> list[KeptSeat]:
    """The seats this computer may go back to, newest first."""
    now = time.time() if now is None else now
    raw = _load().get("seats")
    out = [k for k in map(_parse, raw if isinstance(raw, list) else []) if k is not None]
    return [k for k in out if now - k.time < KEEP_HOURS * 3600][:MAX_KEPT]


def kept_for(table_id: str | None) -> KeptSeat | None:
    """The seat kept for the table ``table_id`` (from the host's hello), if any."""
    return next((k for k in kept_seats() if k.table_id == table_id), None) if table_id else None


def _write(seats: list[KeptSeat], name: str | None = None) -> None:
    doc = _load()
    doc["seats"] = [k.to_dict() for k in seats[:MAX_KEPT]]
    if name is not None:
        doc["name"] = name
    try:
        write_json_atomic(_path(), doc)
    except OSError as exc:
        log.warning("could not keep the LAN seat: %s", exc)


def remember_seat(session: ClientSession) -> None:
    """Keep the seat ``session`` holds (after a join), replacing the table's older one."""
    hello, lobby = session.host_hello or {}, session.lobby or {}
    table_id = hello.get("table_id") or lobby.get("table_id")
    if session.seat is None or session.token is None or not isinstance(table_id, str):
        return
    kept = KeptSeat(
        table_id,
        session.address,
        str(lobby.get("table") or hello.get("table") or ""),
        session.seat,
        session.token,
        session.name,
        time.time(),
    )
    with _lock:
        others = [k for k in kept_seats() if k.table_id != table_id]
        _write([kept, *others])


def forget_seat(table_id: str | None) -> None:
    """The table's game is over (or the host no longer knows the token): nothing to rejoin."""
    if not table_id:
        return
    with _lock:
        seats = kept_seats()
        if any(k.table_id == table_id for k in seats):
            _write([k for k in seats if k.table_id != table_id])


def last_name() -> str:
    """The name typed on the Join screen last time ("" when none)."""
    name = _load().get("name")
    return name[:MAX_NAME_CHARS] if isinstance(name, str) else ""


def remember_name(name: str) -> None:
    name = name.strip()[:MAX_NAME_CHARS]
    if name and name != last_name():
        with _lock:
            _write(kept_seats(), name)


def held_now(session: ClientSession, seat: int) -> bool:
    """The host's lobby says someone is at ``seat`` now (another window or process of this
    player folder took it: it is theirs, not to be taken over)."""
    seats = (session.lobby or {}).get("seats")
    for s in seats if isinstance(seats, list) else []:
        if isinstance(s, dict) and s.get("seat") == seat:
            return bool(s.get("kind") == "human" and s.get("connected"))
    return False


def sit_again(session: ClientSession, kept: KeptSeat | None = None) -> int | None:
    """After :meth:`ClientSession.connect`: take back the seat kept for this table (or
    ``kept``); the seat, or None when none is kept. A token the host no longer knows is
    forgotten (JoinError ``wrong_token`` is raised for the caller to word)."""
    table_id = (session.host_hello or {}).get("table_id")
    kept = kept or kept_for(table_id if isinstance(table_id, str) else None)
    if kept is None or held_now(session, kept.seat):
        return None
    try:
        seat = session.join(token=kept.token)
    except JoinError as exc:
        if exc.code == "wrong_token":
            forget_seat(kept.table_id)
        raise
    remember_seat(session)
    return seat


# ---------------------------------------------------------------------- the hosted table


@dataclass
class Hosted:
    """The table this window hosts, going on while its host is in the menu: the host and
    the seats of the people at this screen (seat, token, name)."""

    host: Host
    seats: list[tuple[int, str, str]]

    def alive(self) -> bool:
        host = self.host
        return host.loop is not None and not host.done.is_set() and host.error is None


_hosted: Hosted | None = None


def keep_hosted(host: Host, sessions: list[ClientSession]) -> None:
    """The host left the table for the menu: the table goes on (computers play the seats
    of the people here) until Continue brings them back or the window closes."""
    global _hosted
    stop_hosted(except_host=host)
    seats = [(s.seat, s.token, s.name) for s in sessions if s.seat is not None and s.token]
    _hosted = Hosted(host, seats)
    log.info("the table goes on while its host is away")


def hosted() -> Hosted | None:
    """The table this window hosts in the background, if it still goes on."""
    global _hosted
    if _hosted is not None and not _hosted.alive():
        _hosted.host.stop()
        _hosted = None
    return _hosted


def stop_hosted(except_host: Host | None = None) -> None:
    """Close the background table (a new table, or the window closing)."""
    global _hosted
    if _hosted is not None and _hosted.host is not except_host:
        _hosted.host.stop()
    _hosted = None


def return_to_hosted() -> tuple[Host, list[ClientSession]]:
    """Sit the people here down again at the background table (their tokens): the host
    and a session each, the first the host's own. Raises OSError, ProtocolError,
    JoinError or TimeoutError (the table then stays in the background)."""
    global _hosted
    kept = hosted()
    if kept is None:
        raise JoinError("closed", "the table is closed")
    assert kept.host.address is not None
    port = kept.host.address[1]
    sessions: list[ClientSession] = []
    try:
        for _seat, token, name in kept.seats:
            session = ClientSession("127.0.0.1", port, name=name)
            sessions.append(session)
            session.connect()
            session.join(token=token)
    except (OSError, ProtocolError, JoinError, TimeoutError):
        for session in sessions:
            session.close()
        raise
    _hosted = None
    return kept.host, sessions
