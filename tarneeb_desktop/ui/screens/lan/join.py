"""The Join screen: join a table (found on the network, typed, by a table code, or joined
before), rejoin a seat held before; then the seat screen (``seat.py``) chooses a seat or
watches. The window's player always sits down through a ``ClientSession``, even at the
table this window hosts, so there is one way to play a LAN seat."""

from __future__ import annotations

import logging
import socket
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.addresses import load_recent, remember
from tarneeb_desktop.net.client import ClientSession, JoinError, parse_address
from tarneeb_desktop.net.protocol import (
    DEFAULT_PORT,
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    ProtocolError,
)
from tarneeb_desktop.net.relay import RelayError, relay_urls
from tarneeb_desktop.net.relay_crypto import is_code
from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_WORDS  # the lobby's name for them
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.form import ButtonColumn, ButtonSpec, Form
from tarneeb_desktop.ui.kit.page import KitScene, Page
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.kit.widgets import TextField
from tarneeb_desktop.ui.screens.lan.host import HostScene  # the Host screen: its own module
from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
from tarneeb_desktop.ui.screens.lan.page import join_error_text, player_name
from tarneeb_desktop.ui.screens.lan.seat import SeatScene

__all__ = ["HostScene", "JoinScene", "LobbyScene", "SeatScene"]  # the LAN screens, from here

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

FINDER_REFRESH = 1.0  # seconds between looks at the tables heard on the network


def unreachable_words(address: str, exc: BaseException) -> str:
    """Why the host at ``address`` (or the table of a code) could not be reached, in the
    player's words (not the system's "[Errno 111] Connection refused")."""
    if isinstance(exc, RelayError):
        if exc.code == "no_table":
            return tr("No table with this code is open now")
        if exc.code == "unreachable":
            return tr("The relay cannot be reached; offline play and LAN play still work")
        if exc.code == "changed":
            return tr("Someone other than the host answers for this code; ask the host")
        return tr("The connection to the table was lost")
    if isinstance(exc, ConnectionRefusedError):
        why = tr("no table is open there now")
    elif isinstance(exc, TimeoutError):
        why = tr("no answer came")
    elif isinstance(exc, socket.gaierror):
        why = tr("no computer has that name")
    else:
        why = tr("the network did not let the connection through")
    return tr("Cannot reach {address}: {why}", address=address, why=why)


def hosting() -> dict[str, Any]:
    """How this window hosts a LAN table: ``bind``, ``port`` and ``ai_delay`` for
    ``session.lan.host_table`` (tests keep it on loopback and any free port)."""
    return {"bind": HostScene.bind, "port": DEFAULT_PORT, "ai_delay": HostScene.ai_delay}


HostScene.hosting = staticmethod(hosting)  # the one way


def return_to_hosted_table(app: App) -> None:
    """The menu's Continue while this window's LAN table goes on: its people sit down again."""
    from tarneeb_desktop.ui.table_scene import TableScene

    try:
        host, sessions = rejoin.return_to_hosted()
        for s in sessions:
            s.wait_for(lambda m: m.get("type") == "view", 5.0)
    except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
        log.info("could not return to the table: %s", exc)
        app.notices.append(tr("The table could not be opened again"))
        app.show_menu()
        return
    view, seq = sessions[0].snapshot()
    assert view is not None and seq is not None
    app.switch(
        TableScene.remote(
            app, sessions[0], view, seq, host=host, others=sessions[1:], keep_on_leave=True
        )
    )


def rejoin_kept_seat(app: App) -> None:
    """The menu's Rejoin: the Join screen, going back at once to the seat this computer
    held last (the screen says why when it cannot)."""
    scene = JoinScene(app)
    app.switch(scene)
    if scene.kept:
        scene.rejoin(scene.kept[0])


class JoinScene(KitScene):
    """Tables heard on the network, and an address field that always works."""

    def __init__(self, app: App, finder: Any = None, address: str = "", password: str = "") -> None:
        """``finder``: a TableFinder, None to start one, False for none (tests);
        ``address`` and ``password``: as typed before (Back from the seat screen)."""
        super().__init__(app)
        name = rejoin.last_name() or player_name(app)  # the name typed here last time
        self.fields = (
            TextField(address, 80),
            TextField(name, MAX_NAME_CHARS),
            TextField(password, MAX_PASSWORD_CHARS),
        )
        self.no_finder = finder is False  # tests: none again when the screen comes back
        self.field = 0  # the one typed into; 0: address, 1: name, 2: the table's password
        self.kept = rejoin.kept_seats()  # tables this computer sat at: Rejoin
        self.notice: str | None = None
        self.finder = finder
        self.found: list[Any] = []
        self.recent = load_recent()  # hosts joined by address before, newest first
        self.refresh = 0.0

    @property
    def address(self) -> str:
        return self.fields[0].text

    @address.setter
    def address(self, value: str) -> None:
        self.fields[0].text = value

    @property
    def name(self) -> str:
        return self.fields[1].text

    @property
    def password(self) -> str:
        return self.fields[2].text

    def on_show(self) -> None:
        super().on_show()
        TextField.start()
        if self.finder is None:
            try:
                from tarneeb_desktop.net.discovery import TableFinder

                self.finder = TableFinder().start()
            except OSError as exc:  # the discovery port is taken: typing the address works
                log.info("cannot listen for tables: %s", exc)

    def on_hide(self) -> None:
        if self.finder:
            self.finder.stop()
        self.finder = False if self.no_finder else None  # a new one when the screen is back

    def busy(self) -> bool:
        return True  # the list of tables refreshes by itself

    def update(self, dt: float) -> None:
        self.refresh -= dt
        if self.refresh <= 0 and self.finder:
            self.refresh = FINDER_REFRESH
            found = self.finder.tables()
            if [(t.host, t.port, t.free_seats, t.started) for t in found] != [
                (t.host, t.port, t.free_seats, t.started) for t in self.found
            ]:
                self.found = found
                self.rebuild()

    def rows(self) -> list[ButtonSpec]:
        """The ways to a table in one click (at most four): Rejoin, tables heard, hosts typed."""
        out: list[ButtonSpec] = []
        for i, k in enumerate(self.kept[:2]):
            label = tr(
                "Rejoin {table} at {address} ({seat})",
                table=k.table or tr("the table"),
                address=k.address,
                seat=tr(SEAT_WORDS[k.seat]),
            )
            out.append((label, f"rejoin:{i}", True, True))
        for i, t in enumerate(self.found[:4]):
            where, n = f"{t.host}:{t.port}", len(t.free_seats)
            label = tr("{name} at {address} - free seats: {n}", name=t.name, address=where, n=n)
            out.append((label, f"table:{i}", False, t.compatible))
        heard = {f"{t.host}:{t.port}" for t in self.found[:4]}
        for i, address in enumerate(self.recent):
            if len(out) >= 4:
                break
            if address not in heard:
                label = tr("Joined before: {address}", address=address)
                out.append((label, f"recent:{i}", False, True))
        return out

    def layout_key(self) -> object:
        return (self.notice, tuple(self.rows()))

    def tree(self, st: Style) -> Box:
        head = (
            tr("Tables on this network:")
            if self.found
            else tr("Looking for tables on this network... or type an address or a table code.")
        )
        labels = tr("Address or table code"), tr("Your name"), tr("Table password (if any)")
        self.form = Form(list(zip(labels, self.fields, strict=True)), lambda: self.field)
        body = [
            self.form,
            Text(head, align="center"),
            ButtonColumn(self.rows(), "tables", 0, wide=60),
        ]
        foot = [(tr("Connect"), "connect", True), (tr("Back"), "back", False)]
        return Page(tr("Join a table"), body, foot=foot, notice=self.notice)

    def field_rects(self) -> list[pygame.Rect]:
        """Where the address, name and password fields are."""
        self.laid()
        return self.form.fields

    def handle_event(self, ev: pygame.event.Event) -> bool:
        key = ev.key if ev.type == pygame.KEYDOWN else None
        ctrl = key is not None and getattr(ev, "mod", 0) & pygame.KMOD_CTRL
        editing = key in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END)
        # Ctrl+A selects all, Ctrl+V pastes
        if ev.type == pygame.TEXTINPUT or editing or (ctrl and key in (pygame.K_a, pygame.K_v)):
            self.fields[self.field].handle_event(ev)
            self.dirty = True
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_TAB:
                self.field = (self.field + 1) % len(self.fields)
                self.dirty = True
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                buttons = self.buttons()
                focused = buttons[self.focus].action if buttons else ""
                typed = self.field == 0 and self.address.strip()
                pick = not typed and focused.startswith(("table:", "recent:"))
                self.activate(focused if pick else "connect")  # a table picked, else the typed
                return True
            if ev.key == pygame.K_ESCAPE:
                self.activate("back")
                return True
            if ev.key in (pygame.K_UP, pygame.K_DOWN):
                return super().handle_event(ev)
            return True  # letters arrive as TEXTINPUT; nothing else to do with them
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.laid()
            hit = self.form.field_at(ev.pos)
            if hit is not None:
                self.field = hit
                self.dirty = True
                return True
        return super().handle_event(ev)

    def activate(self, action: str) -> None:
        kind, _, n = action.partition(":")  # a row's: rejoin:i, recent:i or table:i
        i = int(n or 0)
        if action == "back":
            self.app.show_menu()
        elif action == "connect":
            typed = self.address.strip()
            try:
                session = self.session_for(typed, self.player())
            except ValueError:
                self.notice = tr(
                    "Type the address the host shows, such as 192.168.1.20:47471, "
                    "or a table code, such as 7K4M-X92Q-HT3D"
                )
                self.dirty = True
                return
            if self.connect(session):
                self.recent = remember(session.code or typed)  # a code in its shown form
        elif kind == "rejoin" and i < len(self.kept):
            self.rejoin(self.kept[i])
        elif kind == "recent" and i < len(self.recent):
            self.address = self.recent[i]
            self.activate("connect")
        elif kind == "table" and i < len(self.found):
            t = self.found[i]
            self.address = f"{t.host}:{t.port}"
            self.connect(ClientSession(t.host, t.port, name=self.player(), timeout=5.0))

    def player(self) -> str:
        return self.name.strip() or tr("Player")

    def session_for(self, typed: str, name: str) -> ClientSession:
        """A session to a table code (through the settings' relay) or an address, or ValueError."""
        if is_code(typed):
            relay = relay_urls(self.app.settings.relay)
            return ClientSession.by_code(typed, relay, name=name, timeout=8.0)
        return ClientSession(*parse_address(typed), name=name, timeout=5.0)

    def rejoin(self, kept: rejoin.KeptSeat) -> None:
        """Back to a seat this computer held: the host gives it back at once."""
        try:
            session = self.session_for(kept.address, kept.name or self.name.strip())
        except ValueError:
            return
        self.show_connecting(kept.address)
        try:
            session.connect()
            if rejoin.sit_again(session, kept) is None:
                raise JoinError("seat_taken", "someone sits there now")
        except JoinError as exc:
            self.notice = join_error_text(exc)
            self.kept = rejoin.kept_seats()
        except ProtocolError as exc:
            self.notice = exc.message
        except (OSError, TimeoutError) as exc:
            self.notice = unreachable_words(kept.address, exc)
        else:
            self.app.switch(LobbyScene(self.app, session))
            return
        session.close()
        self.rebuild()

    def show_connecting(self, address: str) -> None:
        """Say "Connecting to …" on screen before the wait: a computer that does not answer
        keeps the join waiting up to the session's time-out (5 s)."""
        self.notice = tr("Connecting to {address}…", address=address)
        surface = pygame.display.get_surface()
        if surface is not None:
            self.draw(surface)
            pygame.display.flip()
        self.dirty = True

    def connect(self, session: ClientSession) -> bool:
        rejoin.remember_name(self.name)
        session.password = self.password.strip()
        self.show_connecting(session.address)
        try:
            session.connect()
        except ProtocolError as exc:  # IncompatibleError's message is a sentence to show
            self.notice = exc.message
        except OSError as exc:
            self.notice = unreachable_words(session.address, exc)
        else:
            self.notice = None  # Back from the seat screen: this screen as it was typed
            self.app.switch(SeatScene(self.app, session, back=lambda: self.app.switch(self)))
            return True
        session.close()
        self.dirty = True
        return False
