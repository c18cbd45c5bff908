"""LAN tables, set up in one place for the window and ``tarneeb host``: a table and its seats
ready for a host (:func:`seated_table`, or :func:`resumed_table` from a kept one) and the host
serving it (:func:`new_host`, :func:`resume_host`); a table opened on this computer with the
people here sat down (:func:`host_table`, for the Host screen and a tournament's LAN game),
where it is kept (:data:`TABLE_SAVE`, as ``tarneeb host`` keeps it), and the remote link a
table scene draws a seat at a host's table through (:func:`remote_link`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tarneeb_desktop.net.addresses import bind_address, is_loopback
from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.net.host_lobby import table_options
from tarneeb_desktop.net.link import RemoteLink
from tarneeb_desktop.net.protocol import DEFAULT_PORT, DISCOVERY_PORT, ProtocolError
from tarneeb_desktop.net.relay import RelayError
from tarneeb_desktop.net.relay_host import RelayOptions
from tarneeb_desktop.net.seating import Seat, SeatedTable, computer_names
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules import GameState, Rules, View, make_rules
from tarneeb_desktop.seeds import new_seed, seat_seed
from tarneeb_desktop.table.flow import SEAT_NAMES, Table
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.savegame import SaveError, read_save

log = logging.getLogger(__name__)

#: The file name of the table hosted here, kept as it goes (the window's and the command's)
TABLE_SAVE = "lan-table.json"


def seated_table(
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    open_seats: Iterable[int] = (1, 2, 3),
    ai_level: str = "medium",
    levels: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
    bots: Sequence[str] | None = None,
    state: GameState | None = None,
) -> SeatedTable:
    """A LAN table ready for a host: ``state`` (else a new game of ``rules`` dealt from
    ``seed``, drawn by the one rule), the ``open_seats`` waiting for people and computer
    players at the others, each at its level (``levels`` per seat, else ``ai_level``) under
    the names given (else the computer players' ``bots`` names). ValueError for a seat
    outside 0-3."""
    seed = new_seed(seed)  # the one rule: given, else TARNEEB_TEST_SEED, else random
    if state is None:
        state = GameState.new(rules if rules is not None else make_rules(), seed=seed)
    opened = set(open_seats)
    if not opened <= {0, 1, 2, 3}:
        raise ValueError(f"open seats must be among 0-3, not {sorted(opened)}")
    given = list(names) if names else list(SEAT_NAMES)
    per_seat = list(levels) if levels else [ai_level] * 4
    computers = computer_names(bots)
    seats = [
        Seat(
            s,
            s in opened,
            given[s] if s in opened or names else computers[s],
            level=per_seat[s],
            seed=seat_seed(seed, s),
        )
        for s in range(4)
    ]
    table = Table(state, [s.flow for s in seats], given, seed=seed, pool=Pool())
    return SeatedTable(table, seats, seed, computers, ai_level)


def resumed_table(path: str | Path) -> tuple[SeatedTable, dict[str, Any]]:
    """The table kept at ``path`` (this version's saves and the older LAN table saves), its
    people's seats kept for them by their tokens, and the host's options it was kept with
    (name, password, timer...). ValueError with a sentence when the file is not a kept table
    or its game is over."""
    try:
        saved = read_save(Path(path), need_person=False)
    except SaveError as exc:
        raise ValueError(f"{path}: {exc}") from None
    if saved is None:
        raise ValueError(f"{path}: there is no game in progress to go on with")
    options = table_options(saved.extra)
    seated = seated_table(
        saved.state.rules,
        seed=saved.seed,
        open_seats=[i for i, s in enumerate(saved.seats) if s.kind == "network"],
        names=saved.names,
        levels=[s.level for s in saved.seats],
        state=saved.state,
        ai_level=options.pop("ai_level"),
    )
    for seat, kept in zip(seated.seats, saved.seats, strict=True):  # named as kept already
        seat.token = kept.token if seat.open else None
    seated.table.seq = saved.seq
    seated.resumed = True
    return seated, options


#: What :func:`seated_table` takes of :func:`new_host`'s options (the rest are the host's)
_TABLE_OPTIONS = ("seed", "open_seats", "ai_level", "levels", "names", "bots", "state")


def new_host(rules: Rules | None = None, **options: Any) -> Host:
    """A host serving a new table: :func:`seated_table`'s options set the table up, the
    rest go to :class:`~tarneeb_desktop.net.host.Host` (port, timer, saving...)."""
    table = {k: options.pop(k) for k in _TABLE_OPTIONS if k in options}
    return Host(seated_table(rules, **table), **options)


def resume_host(path: str | Path, **options: Any) -> Host:
    """A host that goes on with the table kept at ``path`` and keeps saving it there (unless
    ``save_path`` says elsewhere); its people reconnect with their tokens. ValueError with a
    sentence when the file is not a kept table."""
    seated, kept = resumed_table(path)
    if "ai_level" in options:  # the level a computer taking over a seat plays at
        seated.ai_level = options.pop("ai_level")
    return Host(seated, **{"save_path": path, **kept, **options})


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
    (``why`` says why); ``relay``: the table was to be open over the internet and no relay
    could be reached. The window words it for the player."""

    def __init__(self, why: str | None = None, relay: bool = False) -> None:
        super().__init__(why or "could not open a table on this computer")
        self.why = why
        self.relay = relay


def host_table(
    people: list[tuple[int, str]],
    *,
    announce: bool,
    bind: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    ai_delay: float = 0.7,
    rules: Rules | None = None,
    internet: bool = False,
    relay: str | None = None,
    **kwargs: Any,
) -> tuple[Host, list[ClientSession]]:
    """Open a LAN table for the window (``kwargs`` go to the :class:`Host`) on ``port`` or
    any free one, listening on ``bind`` (``TARNEEB_LAN_BIND`` may override it), and, when
    ``internet``, on the relay too, under a new table code (``relay``: the brokers, the
    settings' ``relay``; empty: the default ones); sit the ``people`` here down (a session
    each: the host stays the only authority), then announce it when ``announce``. The host
    and the sessions, or :class:`HostError`."""
    bind = bind_address(bind)
    host: Host | None = None
    address = None
    if internet:
        try:
            kwargs["relay"] = RelayOptions.new(relay or None)
        except ValueError as exc:  # the settings name no broker we can use
            raise HostError(str(exc), relay=True) from None
    for attempt in dict.fromkeys((port, 0)):
        try:
            host = new_host(
                rules, bind=bind, port=attempt, exit_when_over=False, ai_delay=ai_delay,
                **kwargs,
            )  # fmt: skip
            address = host.start()
            break
        except RelayError as exc:
            log.info("no relay: %s", exc)
            if host is not None:
                host.stop()
            raise HostError(exc.message, relay=True) from None
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
