"""The window's LAN tables, set up below the window: a table opened on this computer with
the people here sat down (:func:`host_table`, for the Host screen and a tournament's LAN
game), where it is kept (:data:`TABLE_SAVE`, as ``tarneeb host`` keeps it), and the remote
link a table scene draws a seat at a host's table through (:func:`remote_link`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tarneeb_desktop.net.addresses import bind_address, is_loopback
from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.net.link import RemoteLink
from tarneeb_desktop.net.protocol import DEFAULT_PORT, DISCOVERY_PORT, ProtocolError
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules import Rules, View

log = logging.getLogger(__name__)

#: The file name of the table hosted here, kept as it goes (the window's and the command's)
TABLE_SAVE = "lan-table.json"


def table_save() -> Path:
    """Where the table hosted on this computer is kept while it goes on."""
    return Path(user_data_dir()) / TABLE_SAVE


def remote_link(
    session: ClientSession,
    view: View,
    seq: int,
    others: Sequence[ClientSession] = (),
    host: Any = None,
    default_names: Sequence[str] | None = None,
    keep_on_leave: bool = False,
) -> RemoteLink:
    """The link a table scene shows a seat at a LAN host's table through (``others``: more
    people at this screen); ``keep_on_leave``: the host's own table goes on while its host is
    in the menu."""
    names = {} if default_names is None else {"default_names": default_names}
    link = RemoteLink(session, view, seq, tuple(others), host=host, **names)
    link.keep_on_leave = keep_on_leave
    return link


class HostError(Exception):
    """A table could not be opened (``why`` None) or its people here could not sit at it
    (``why`` says why); the window words it for the player."""

    def __init__(self, why: str | None = None) -> None:
        super().__init__(why or "could not open a table on this computer")
        self.why = why


def host_table(
    people: list[tuple[int, str]],
    *,
    announce: bool,
    bind: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    ai_delay: float = 0.7,
    rules: Rules | None = None,
    **kwargs: Any,
) -> tuple[Host, list[ClientSession]]:
    """Open a LAN table for the window (``kwargs`` go to the :class:`Host`) on ``port`` or
    any free one, listening on ``bind`` (``TARNEEB_LAN_BIND`` may override it), sit the
    ``people`` here down (a session each: the host stays the only authority), then announce
    it when ``announce``. The host and the sessions, or :class:`HostError`."""
    bind = bind_address(bind)
    host: Host | None = None
    address = None
    for attempt in dict.fromkeys((port, 0)):
        try:
            host = Host(
                rules, bind=bind, port=attempt, exit_when_over=False, ai_delay=ai_delay,
                **kwargs,
            )  # fmt: skip
            address = host.start()
            break
        except (OSError, RuntimeError) as exc:
            log.info("could not host on port %s: %s", attempt, exc)
            if host is not None:
                host.stop()
            host = None
    if host is None or address is None:
        raise HostError()
    sessions: list[ClientSession] = []
    try:
        for seat, name in people:
            session = ClientSession("127.0.0.1", address[1], name=name)
            sessions.append(session)
            session.connect()
            session.join(seat=seat, password=host.password)  # the table's own, if any
    except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
        for session in sessions:
            session.close()
        host.stop()
        raise HostError(str(exc)) from None
    try:  # announced only now: the seats of the people here are never offered to friends
        if announce:  # a table kept on this computer announces itself to this computer only
            target = ("127.0.0.1", DISCOVERY_PORT) if is_loopback(bind) else None
            host.start_beacon(**({"target": target} if target else {}))
    except OSError as exc:  # no broadcast here: friends type the address instead
        log.info("no discovery beacon: %s", exc)
    return host, sessions
