"""``tarneeb host`` and ``tarneeb join``: a LAN table, and one seat of it, without a window."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.client import ClientSession, JoinError, parse_address, play_seat
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.net.protocol import (
    MAX_NAME_CHARS,
    IncompatibleError,
    ProtocolError,
    clean_text,
)
from tarneeb_desktop.net.relay import RelayError, relay_urls
from tarneeb_desktop.net.relay_host import RelayOptions
from tarneeb_desktop.rules import InvalidRulesError
from tarneeb_desktop.rules.args import rules_from_args
from tarneeb_desktop.session.lan import new_host, resume_host, table_save
from tarneeb_desktop.table.seats import ComputerSeat

log = logging.getLogger(__name__)


def parse_open_seats(text: str) -> list[int]:
    """``"0,1,2,3"`` → [0, 1, 2, 3]; ``""`` or ``"none"`` → no seat open (four computers)."""
    text = text.strip().lower()
    if text in ("", "none", "-"):
        return []
    seats: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if part not in ("0", "1", "2", "3"):
            raise ValueError(f"open seats are numbers 0-3 separated by commas, not {text!r}")
        if int(part) not in seats:
            seats.append(int(part))
    return seats


def make_host(args: argparse.Namespace) -> Host:
    """The table ``tarneeb host``'s arguments ask for (not yet listening): new, or resumed
    from ``--resume``; the turn timer and watchers as the window's Host screen offers them.
    Raises InvalidRulesError or ValueError for bad arguments."""
    bind = getattr(args, "bind", None) or "0.0.0.0"
    level = getattr(args, "ai", None) or getattr(args, "level", None) or "medium"
    save_table = getattr(args, "save_table", None)
    if save_table is None:
        save_table = table_save()
    common: dict[str, Any] = {
        "bind": bind,
        "port": args.port,
        "record_path": args.save_record,
        "disconnect_grace": getattr(args, "disconnect_grace", None) or 30.0,
        "ai_level": level,
    }
    # the turn timer (seconds; 0: off) and watchers, as the window's Host screen offers them;
    # a resumed table keeps its own unless they are given
    if getattr(args, "turn_seconds", None) is not None:
        common["turn_seconds"] = turn_seconds(args.turn_seconds)
    if getattr(args, "no_watchers", False):
        common["watchers"] = False
    # no window to ask: a latecomer takes a computer's seat only when told so
    common["latecomers"] = "yes" if getattr(args, "latecomers", False) else "no"
    relay = getattr(args, "relay", None)  # None: no relay; "": the default brokers
    resume = getattr(args, "resume", None)
    if resume:
        if getattr(args, "save_table", None):
            common["save_path"] = args.save_table
        host = resume_host(resume, **common)
        if relay is not None:  # the code the table had (a new one if it had none)
            host.relay = host.relay or RelayOptions.new()
            if relay:
                host.relay.urls = relay_urls(relay)
        return host
    if relay is not None:
        common["relay"] = RelayOptions.new(relay or None)
    name = getattr(args, "name", None)
    return new_host(
        rules_from_args(args),
        seed=args.seed,
        open_seats=parse_open_seats(args.open_seats),
        save_path=save_table,
        table_name=clean_text(name, MAX_NAME_CHARS) if name else "Tarneeb table",
        password=getattr(args, "password", "") or "",
        **common,
    )


def turn_seconds(value: float | None) -> float:
    """``--turn-seconds``: 0 (no timer) or 5 to 3600 seconds; ValueError otherwise."""
    seconds = float(value or 0.0)
    if seconds != 0 and not 5 <= seconds <= 3600:
        raise ValueError(f"--turn-seconds takes 0 (no timer) or 5 to 3600 seconds, not {value}")
    return seconds


def host_main(args: argparse.Namespace) -> int:
    """``tarneeb host``: run a table without a window; exit when its game ends."""
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s"
        )
    bind = getattr(args, "bind", None) or "0.0.0.0"
    try:
        host = make_host(args)
    except (InvalidRulesError, ValueError) as exc:
        print(f"tarneeb host: {exc}", file=sys.stderr)
        return 2

    def ready(address: tuple[str, int]) -> None:
        if host.code is not None:  # first: the one thing a player passes on to friends
            print(f"table code {host.code}", flush=True)
        print(f"listening on {address[0]}:{address[1]}", flush=True)
        if not getattr(args, "no_beacon", False) and not bind.startswith("127."):
            host.start_beacon()

    try:
        host.run(on_ready=ready)
    except KeyboardInterrupt:
        return 130
    except RelayError as exc:
        print(f"tarneeb host: the relay cannot be reached: {exc.message}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"tarneeb host: cannot listen on {bind}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    finally:
        if host._beacon is not None:
            host._beacon.stop()
    state = host.table.state
    if state.is_over():
        print(
            f"game over: team {state.winner} wins {state.scores[0]} / {state.scores[1]}", flush=True
        )
    return 0


def join_main(args: argparse.Namespace) -> int:
    """``tarneeb join HOST:PORT --bot LEVEL [--seat N] [--name NAME]``."""
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s"
        )
    code = getattr(args, "code", None)
    name = args.name or f"{args.bot} bot"
    try:
        player = ComputerSeat(args.bot, getattr(args, "seed", None))
        if code is not None:
            relay = relay_urls(getattr(args, "relay", None))  # none given: the defaults
            session = ClientSession.by_code(code, relay, name=name)
        elif args.address is None:
            raise ValueError("give the host's address (HOST:PORT) or --code CODE")
        else:
            session = ClientSession(*parse_address(args.address), name=name)
    except ValueError as exc:
        print(f"tarneeb join: {exc}", file=sys.stderr)
        return 2
    if args.seat is not None and args.seat not in (0, 1, 2, 3):
        print("tarneeb join: --seat must be 0-3", file=sys.stderr)
        return 2
    token = getattr(args, "token", None)
    try:
        session.connect()
        seat = None
        if args.seat is None and token is None:
            try:  # run again with the same player folder: back to the seat kept for this table
                seat = rejoin.sit_again(session)
            except JoinError as exc:
                if exc.code != "wrong_token":
                    raise
                log.info("the host no longer knows the kept seat; taking a free one")
        if seat is None:
            seat = session.join(
                args.seat, token=token, password=getattr(args, "password", "") or ""
            )
        rejoin.remember_seat(session)
    except IncompatibleError as exc:
        print(f"tarneeb join: {exc.message}", file=sys.stderr)
        return 1
    except (ProtocolError, JoinError, RelayError) as exc:
        print(f"tarneeb join: {exc.message}", file=sys.stderr)
        return 1
    except (OSError, TimeoutError) as exc:
        print(f"tarneeb join: cannot reach {session.address}: {exc}", file=sys.stderr)
        return 1
    print(f"joined seat {seat}", flush=True)
    log.info("this seat's token, to come back with --token: %s", session.token)
    try:
        finished = play_seat(session, player)
    except KeyboardInterrupt:
        return 130
    finally:
        session.close()
    view = session.view
    if finished and view is not None and view.winner is not None:
        print(f"game over: team {view.winner} wins {view.scores[0]} / {view.scores[1]}", flush=True)
        return 0
    print("tarneeb join: the connection to the host was lost", file=sys.stderr)
    return 1
