"""The LAN screens: host a table, join one (found on the network or typed), and the lobby.

The window's player always sits down through a
:class:`~tarneeb_desktop.net.client.ClientSession`, even at the table this window hosts, so
there is one way to play a LAN seat (:class:`~tarneeb_desktop.ui.table_scene.TableScene` through a remote link).
The host may seat more people at its own screen: each sits down through a session of its own,
and the table passes the screen between them behind the hot-seat privacy cover.

Over 600 lines: four screens (host, join, seat, lobby) that share their page, buttons and
notices; each is short.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.client import ClientSession, JoinError, parse_address
from tarneeb_desktop.net.protocol import DEFAULT_PORT, MAX_NAME_CHARS, ProtocolError
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.widgets import TextField, draw_field

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

SEAT_WORDS = ("South", "East", "North", "West")
#: What the host may do with each of seats 1-3, in the order a click goes through them.
SEAT_CHOICES = ("open", "ai", "here")
FINDER_REFRESH = 1.0  # seconds between looks at the tables heard on the network


def local_address() -> str:
    """This computer's address on the LAN, to tell friends (no packet is sent: connecting a
    UDP socket only picks the interface a route would use)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
            addr = s.getsockname()[0]
            if addr and not addr.startswith("0."):
                return str(addr)
    except OSError:
        pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def _computer_name() -> str:
    """This computer's name, which friends recognise in the list of tables."""
    try:
        return socket.gethostname().split(".")[0][:24] or "LAN"
    except OSError:
        return "LAN"


def _player_name(app: App) -> str:
    names = getattr(app.settings, "names", None) or []
    name = names[0] if names else ""
    return (name or tr("Player"))[:MAX_NAME_CHARS]


def _local_name(app: App, seat: int) -> str:
    """The name of a person at the host's screen: the settings' name for the seat."""
    if seat == 0:
        return _player_name(app)
    names = getattr(app.settings, "names", None) or []
    name = names[seat] if seat < len(names) and isinstance(names[seat], str) else ""
    return (name.strip() or tr("Player {n}", n=seat + 1))[:MAX_NAME_CHARS]


def _page(surface: pygame.Surface, lay: Layout, title: str) -> pygame.Rect:
    """The felt, a panel and a title; returns the panel."""
    surface.blit(theme.felt(surface.get_size()), (0, 0))
    box = pygame.Rect(0, 0, round(lay.w * 0.8), round(lay.h * 0.84))
    box.midtop = (lay.w // 2, lay.margin * 2)
    blit_panel(surface, box, color=(6, 20, 14, 220), radius=round(lay.unit * 2.5))
    blit_text(
        surface,
        title,
        lay.heading,
        (box.centerx, box.y + lay.margin),
        theme.GOLD,
        bold=True,
        anchor="midtop",
    )
    return box


# ---------------------------------------------------------------------- host


def _draw_buttons_and_notice(  # type: ignore[no-untyped-def]
    surface: pygame.Surface, scene, lay: Layout, box: pygame.Rect, below: bool = False
) -> None:
    """The scene's buttons, and its notice (an error or a hint) at the foot of the panel,
    or just below it with ``below``; a long notice shrinks to the panel's width."""
    for b in scene.buttons():
        b.draw(surface)
    if scene.notice:
        if below:
            pos, anchor, width = (lay.w // 2, box.bottom + lay.margin // 2), "midtop", box.w
        else:
            pos, anchor, width = (
                (lay.w // 2, box.bottom - lay.margin),
                "midbottom",
                box.w - 2 * lay.margin,
            )
        blit_text(surface, scene.notice, lay.text, pos, theme.GOLD, anchor=anchor, max_width=width)


class HostScene(ButtonScene):
    """Rules from the settings; each of seats 1-3 goes, click by click, through: open to a
    person on the network, a computer player, a person at this screen (hot-seat)."""

    #: Where the table listens, and whether it announces itself (tests keep to loopback).
    bind = "0.0.0.0"
    beacon = True
    #: Seconds a computer seat waits before it moves, so people can follow (tests: none).
    ai_delay = 0.7

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.choice = ["here", "open", "open", "open"]  # seat 0 is always the host's person
        self.notice: str | None = None

    def build(self, lay: Layout) -> list[Button]:
        # wide enough for "North: open to a player on the network" in every language
        bw, bh = min(round(lay.unit * 80), round(lay.w * 0.7)), round(lay.unit * 6.6)
        gap = round(lay.unit * 1.6)
        y = round(lay.h * 0.3)
        out = []
        for seat in (1, 2, 3):
            word = tr(SEAT_WORDS[seat])
            choice = self.choice[seat]
            if choice == "open":
                label = tr("{seat}: open to a player on the network", seat=word)
            elif choice == "ai":
                label = tr("{seat}: computer player", seat=word)
            else:
                label = tr(
                    "{seat}: {name}, at this screen",
                    seat=word,
                    name=_local_name(self.app, seat),
                )
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, label, f"seat:{seat}"))
            y += bh + gap
        y += gap
        half = (bw - gap) // 2
        r = pygame.Rect(lay.w // 2 - bw // 2, y, half, bh)
        out.append(Button(r, tr("Open the table"), "open", primary=True))
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        return out

    def activate(self, action: str) -> None:
        if action.startswith("seat:"):
            seat = int(action[5:])
            if seat in (1, 2, 3):
                i = SEAT_CHOICES.index(self.choice[seat])
                self.choice[seat] = SEAT_CHOICES[(i + 1) % len(SEAT_CHOICES)]
                self.rebuild()
        elif action == "back":
            self.app.show_menu()
        elif action == "open":
            self.open_table()

    def open_table(self) -> None:
        """Start the host (the usual port, or any free one), announce it, and sit down."""
        from tarneeb_desktop.net.host import Host
        from tarneeb_desktop.paths import user_data_dir

        local = [s for s in range(4) if s == 0 or self.choice[s] == "here"]
        seats = [s for s in range(4) if s in local or self.choice[s] == "open"]
        levels = list(getattr(self.app.settings, "levels", []) or [])
        level = next((lv for lv in levels if lv and lv != "human"), "medium")
        host = None
        address = None
        for port in (DEFAULT_PORT, 0):
            try:
                host = Host(
                    self.app.rules,
                    open_seats=seats,
                    ai_level=level,
                    bind=self.bind,
                    port=port,
                    auto_start=False,
                    exit_when_over=False,
                    ai_delay=self.ai_delay,
                    save_path=user_data_dir() / "lan-table.json",
                    table_name=tr("Tarneeb at {computer}", computer=_computer_name()),
                )
                address = host.start()
                break
            except (OSError, RuntimeError) as exc:
                log.info("could not host on port %s: %s", port, exc)
                if host is not None:
                    host.stop()
                host = None
        if host is None or address is None:
            self.notice = tr("Could not open a table on this computer")
            self.dirty = True
            return
        # Everyone at this screen sits down like a friend would: a session (and a token) each,
        # so the host stays the only authority.
        sessions: list[ClientSession] = []
        try:
            for seat in local:
                session = ClientSession("127.0.0.1", address[1], name=_local_name(self.app, seat))
                sessions.append(session)
                session.connect()
                session.join(seat=seat)
        except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
            for session in sessions:
                session.close()
            host.stop()
            self.notice = tr("Could not sit at the table: {why}", why=str(exc))
            self.dirty = True
            return
        # announced only now: the seats of the people here are never offered to friends
        try:
            if self.beacon:
                host.start_beacon()
        except OSError as exc:  # no broadcast here: friends type the address instead
            log.info("no discovery beacon: %s", exc)
        self.app.switch(LobbyScene(self.app, sessions[0], host=host, others=sessions[1:]))

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = _page(surface, lay, tr("Host a LAN game"))
        rules = self.app.rules
        preset = getattr(rules, "preset", "")
        lines = [
            tr("Rules: {preset} (change them in Settings)", preset=preset),
            tr("You sit at South. Choose who plays each of the other seats:"),
        ]
        y = box.y + round(lay.heading * 2.4)
        for line in lines:
            blit_text(surface, line, lay.text, (lay.w // 2, y), theme.INK, anchor="midtop")
            y += round(lay.text * 1.7)
        below = max((b.rect.bottom for b in self.buttons()), default=y)
        blit_text(
            surface,
            tr("Click a seat to change who plays it."),
            lay.text,
            (lay.w // 2, below + lay.margin * 2),
            theme.INK_DIM,
            anchor="midtop",
            max_width=box.w - 2 * lay.margin,
        )
        if "here" in self.choice[1:]:
            blit_text(
                surface,
                tr("People at this screen take turns; their cards stay hidden between turns."),
                lay.text,
                (lay.w // 2, below + lay.margin * 2 + round(lay.text * 1.7)),
                theme.INK_DIM,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
        _draw_buttons_and_notice(surface, self, lay, box)


# ---------------------------------------------------------------------- join


class JoinScene(ButtonScene):
    """Tables heard on the network, and an address field that always works. Typing goes to
    the focused field (address or name); Enter connects; Tab moves between fields."""

    def __init__(self, app: App, finder: Any = None) -> None:
        """``finder``: a TableFinder, None to start one, False for none (tests)."""
        super().__init__(app)
        self.fields = (TextField("", 80), TextField(_player_name(app), MAX_NAME_CHARS))
        self.field = 0  # the one typed into; 0: address, 1: name
        self.notice: str | None = None
        self.finder = finder
        self.found: list[Any] = []
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
        self.finder = None

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

    def field_rects(self, lay: Layout) -> list[pygame.Rect]:
        w, h = round(lay.w * 0.44), round(lay.text * 2.4)
        a = pygame.Rect(0, 0, w, h)
        a.topleft = (round(lay.w * 0.38), round(lay.h * 0.17))
        return [a, a.move(0, h + round(lay.unit * 2))]

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 60), round(lay.unit * 6)
        gap = round(lay.unit * 1.4)
        y = round(lay.h * 0.42)
        out = []
        for i, t in enumerate(self.found[:4]):
            label = tr(
                "{name} at {address} - free seats: {n}",
                name=t.name,
                address=f"{t.host}:{t.port}",
                n=len(t.free_seats),
            )
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, label, f"table:{i}", enabled=t.compatible and bool(t.free_seats)))
            y += bh + gap
        half = round(lay.unit * 26)
        r = pygame.Rect(0, 0, half, bh)
        r.bottomright = (lay.w // 2 - gap // 2, round(lay.h * 0.86) - lay.margin)
        out.append(Button(r, tr("Connect"), "connect", primary=True))
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        return out

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.TEXTINPUT or (
            ev.type == pygame.KEYDOWN and ev.key == pygame.K_BACKSPACE
        ):
            self.fields[self.field].handle_event(ev)
            self.dirty = True
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_TAB:
                self.field = 1 - self.field
                self.dirty = True
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                buttons = self.buttons()
                focused = buttons[self.focus] if buttons else None
                if focused is not None and focused.action.startswith("table:"):
                    self.activate(focused.action)
                else:
                    self.activate("connect")
                return True
            if ev.key == pygame.K_ESCAPE:
                self.activate("back")
                return True
            if ev.key in (pygame.K_UP, pygame.K_DOWN):
                return super().handle_event(ev)
            return True  # letters arrive as TEXTINPUT; nothing else to do with them
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, r in enumerate(self.field_rects(Layout(*self.app.size))):
                if r.collidepoint(ev.pos):
                    self.field = i
                    self.dirty = True
                    return True
        return super().handle_event(ev)

    def activate(self, action: str) -> None:
        if action == "back":
            self.app.show_menu()
        elif action == "connect":
            try:
                host, port = parse_address(self.address)
            except ValueError:
                self.notice = tr("Type the address the host shows, such as 192.168.1.20:47471")
                self.dirty = True
                return
            self.connect(host, port)
        elif action.startswith("table:"):
            i = int(action[6:])
            if i < len(self.found):
                t = self.found[i]
                self.address = f"{t.host}:{t.port}"
                self.connect(t.host, t.port)

    def connect(self, host: str, port: int) -> None:
        session = ClientSession(host, port, name=self.name.strip() or tr("Player"), timeout=5.0)
        try:
            session.connect()
        except ProtocolError as exc:  # IncompatibleError's message is a sentence to show
            self.notice = exc.message
        except OSError as exc:
            self.notice = tr("Cannot reach {address}: {why}", address=f"{host}:{port}", why=exc)
        else:
            self.app.switch(SeatScene(self.app, session))
            return
        session.close()
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = _page(surface, lay, tr("Join a LAN game"))
        labels = (tr("Address (host:port)"), tr("Your name"))
        for i, r in enumerate(self.field_rects(lay)):
            blit_text(
                surface,
                labels[i],
                lay.text,
                (r.x - lay.margin, r.centery),
                theme.INK,
                anchor="midright",
            )
            focus = i == self.field
            draw_field(
                surface,
                r,
                self.fields[i].shown(focus),
                lay.text,
                fill=(250, 248, 238, 255),
                border=theme.GOLD + (255,) if focus else (0, 0, 0, 90),
                margin=lay.margin,
            )
        head = (
            tr("Tables on this network:")
            if self.found
            else tr("Looking for tables on this network... or type an address.")
        )
        blit_text(
            surface, head, lay.text, (lay.w // 2, round(lay.h * 0.36)), theme.INK, anchor="midtop"
        )
        _draw_buttons_and_notice(surface, self, lay, box, below=True)


class SeatScene(ButtonScene):
    """Connected: pick one of the free seats (or any)."""

    def __init__(self, app: App, session: ClientSession) -> None:
        super().__init__(app)
        self.session = session
        self.notice: str | None = None

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        for msg in self.session.poll():
            if msg.get("type") == "lobby":
                self.rebuild()
            elif msg.get("type") == "disconnected":
                self.notice = tr("The host closed the connection")
                self.rebuild()

    def seats(self) -> list[dict[str, Any]]:
        lobby = self.session.lobby or {}
        seats = lobby.get("seats")
        return [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 44), round(lay.unit * 6.6)
        gap = round(lay.unit * 1.6)
        y = round(lay.h * 0.3)
        out = []
        for s in self.seats():
            n = s.get("seat")
            if not isinstance(n, int) or not 0 <= n <= 3:
                continue
            free = s.get("kind") == "open"
            word = tr(SEAT_WORDS[n])
            label = (
                tr("Sit at {seat}", seat=word)
                if free
                else tr("{seat}: {name}", seat=word, name=str(s.get("name", "")))
            )
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, label, f"seat:{n}", enabled=free))
            y += bh + gap
        r = pygame.Rect(0, y + gap, bw, bh)
        r.centerx = lay.w // 2
        out.append(Button(r, tr("Back"), "back"))
        # Enter takes the first free seat
        self.focus = next((i for i, b in enumerate(out) if b.enabled), len(out) - 1)
        return out

    def activate(self, action: str) -> None:
        if action == "back":
            self.session.close()
            self.app.switch(JoinScene(self.app))
        elif action.startswith("seat:"):
            try:
                self.session.join(seat=int(action[5:]))
            except JoinError as exc:
                self.notice = exc.message
                self.rebuild()
                return
            except (OSError, TimeoutError) as exc:
                self.notice = str(exc)
                self.rebuild()
                return
            self.app.switch(LobbyScene(self.app, self.session))

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = _page(surface, lay, tr("Choose your seat"))
        table = (self.session.lobby or {}).get("table")
        if isinstance(table, str):
            blit_text(
                surface,
                table,
                lay.text,
                (lay.w // 2, box.y + round(lay.heading * 2.4)),
                theme.INK,
                anchor="midtop",
            )
        _draw_buttons_and_notice(surface, self, lay, box)


# ---------------------------------------------------------------------- lobby


class LobbyScene(ButtonScene):
    """Who sits where, until the game starts; the host's window has the Start button."""

    def __init__(
        self,
        app: App,
        session: ClientSession,
        host: Any = None,
        others: Sequence[ClientSession] = (),
    ) -> None:
        """``others``: the sessions of more people at this screen (the host's window)."""
        super().__init__(app)
        self.session = session
        self.others = list(others)
        self.host = host
        self.notice: str | None = None
        self.keep = False  # the session and host go on to the table: do not close them
        self.address = ""
        if host is not None and host.address is not None:
            self.address = f"{local_address()}:{host.address[1]}"

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        for session in (self.session, *self.others):
            for msg in session.poll():
                kind = msg.get("type")
                if kind == "lobby":
                    self.dirty = True
                elif kind in ("disconnected", "bye"):
                    self.notice = tr("The host closed the table")
                    self.dirty = True
        self._to_table()

    def _to_table(self) -> None:
        """Once the game has started for every seat at this screen (the table starts from
        each session's latest view)."""
        from tarneeb_desktop.ui.table_scene import TableScene

        view, seq = self.session.snapshot()
        if view is None or seq is None:
            return
        if any(s.snapshot()[0] is None for s in self.others):
            return  # their first views are on their way
        self.keep = True
        self.app.switch(
            TableScene.remote(self.app, self.session, view, seq, host=self.host, others=self.others)
        )

    def on_hide(self) -> None:
        if not self.keep:
            for session in (self.session, *self.others):
                try:
                    session.leave()
                except OSError:
                    pass
                session.close()
            if self.host is not None:
                self.host.stop()

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 26), round(lay.unit * 6.6)
        gap = round(lay.unit * 1.6)
        r = pygame.Rect(0, 0, bw, bh)
        r.bottom = round(lay.h * 0.86) - lay.margin
        out = []
        if self.host is not None:
            r.right = lay.w // 2 - gap // 2
            out.append(Button(r, tr("Start"), "start", primary=True))
            out.append(Button(r.move(bw + gap, 0), tr("Leave"), "back"))
        else:
            r.centerx = lay.w // 2
            out.append(Button(r, tr("Leave"), "back"))
        return out

    def activate(self, action: str) -> None:
        if action == "start" and self.host is not None:
            self.host.start_game()
        elif action == "back":
            self.app.show_menu()

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        lobby = self.session.lobby or {}
        box = _page(surface, lay, str(lobby.get("table") or tr("Lobby")))
        y = box.y + round(lay.heading * 2.3)
        if self.address:
            blit_text(
                surface,
                tr("Friends join at {address}", address=self.address),
                round(lay.text * 1.15),
                (lay.w // 2, y),
                theme.GOLD,
                bold=True,
                anchor="midtop",
            )
            y += round(lay.text * 2.2)
        rules = lobby.get("rules")
        if isinstance(rules, dict):
            blit_text(
                surface,
                tr(
                    "Rules: {preset}, first team to {target} points",
                    preset=str(rules.get("preset", "")),
                    target=str(rules.get("target", "")),
                ),
                lay.text,
                (lay.w // 2, y),
                theme.INK_DIM,
                anchor="midtop",
            )
            y += round(lay.text * 1.9)
        raw = lobby.get("seats")
        seats: list[Any] = raw if isinstance(raw, list) else []
        row_h = round(lay.text * 2.6)
        col = round(lay.w * 0.3)
        for s in seats:
            if not isinstance(s, dict) or not isinstance(s.get("seat"), int):
                continue
            n = s["seat"]
            if not 0 <= n <= 3:
                continue
            kind = s.get("kind")
            if kind == "open":
                who, color = tr("waiting for a player..."), theme.INK_DIM
            elif kind == "ai":
                who, color = tr("computer player"), theme.INK_DIM
            else:
                who = str(s.get("name", ""))
                if n == self.session.seat and who != tr("You"):
                    who = tr("{name} (you)", name=who)
                elif any(n == s.seat for s in self.others):
                    who = tr("{name} (at this screen)", name=who)
                if not s.get("connected", True):
                    who = tr("{name} (away)", name=who)
                color = theme.INK
            r = pygame.Rect(0, y, round(lay.w * 0.56), row_h - round(lay.unit))
            r.centerx = lay.w // 2
            blit_panel(surface, r, color=(255, 255, 255, 24), radius=r.h // 4)
            blit_text(
                surface,
                tr(SEAT_WORDS[n]),
                lay.text,
                (r.x + lay.margin, r.centery),
                theme.GOLD,
                bold=True,
                anchor="midleft",
            )
            blit_text(
                surface,
                who,
                lay.text,
                (r.x + col // 2, r.centery),
                color,
                anchor="midleft",
                max_width=r.right - r.x - col // 2 - lay.margin,
            )
            y += row_h
        hint = (
            tr("Start when everyone is seated; computer players take the empty seats.")
            if self.host is not None
            else tr("Waiting for the host to start the game...")
        )
        blit_text(surface, hint, lay.text, (lay.w // 2, y + lay.margin), theme.INK, anchor="midtop")
        _draw_buttons_and_notice(surface, self, lay, box, below=True)
