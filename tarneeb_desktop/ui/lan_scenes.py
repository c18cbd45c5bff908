"""The LAN screens: host a table, join one (found on the network, typed, or joined before),
rejoin a seat held before, choose a seat or watch; the lobby and what the screens share are in
``lan_lobby.py``.

Over 600 lines: three screens of one journey (host, join, seat) that share their helpers; a
split would scatter the words each error is given.

The window's player always sits down through a ``ClientSession``, even at the table this
window hosts (``net.host.host_table``, which a tournament's LAN game uses too, with this
screen's :func:`hosting` settings), so there is one
way to play a LAN seat (``TableScene`` through a remote link); more people at the host's
screen sit down through a session each, and take turns behind the hot-seat cover.
"""

from __future__ import annotations

import logging
import socket
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.addresses import (
    bind_address,
    listen_addresses,
    load_recent,
    remember,
)
from tarneeb_desktop.net.client import ClientSession, JoinError, parse_address
from tarneeb_desktop.net.host import HostError, host_table
from tarneeb_desktop.net.protocol import (
    DEFAULT_PORT,
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    ProtocolError,
)
from tarneeb_desktop.net.seating import computer_names
from tarneeb_desktop.net.turn_timer import TURN_CHOICES
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.lan_lobby import (
    SEAT_WORDS,
    LobbyScene,
    draw_buttons_and_notice,
    level_words,
    local_name,
    page,
    player_name,
    rules_words,
)
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_text
from tarneeb_desktop.ui.widgets import TextField, draw_field

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

#: What the host may do with each of seats 1-3, in the order a click goes through them.
SEAT_CHOICES = ("open", "ai", "here")
#: The levels a computer seat at a LAN table may play at (a click goes through them).
COMPUTER_LEVELS = ("easy", "medium", "hard", "expert", "random")
FINDER_REFRESH = 1.0  # seconds between looks at the tables heard on the network


def _computer_name() -> str:
    """This computer's name, which friends recognise in the list of tables."""
    try:
        return socket.gethostname().split(".")[0][:24] or "LAN"
    except OSError:
        return "LAN"


# ---------------------------------------------------------------------- host


class HostScene(ButtonScene):
    """Rules from the settings; each of seats 1-3 goes, click by click, through: open to a
    person on the network, a computer player (named as offline, at the level its own button
    chooses), a person at this screen (hot-seat). Below: the turn timer, and whether the
    table is announced on the network (a private table: friends join by address)."""

    #: Where the table listens (``TARNEEB_LAN_BIND`` may keep it on this computer), and
    #: whether it announces itself by default (tests keep to loopback).
    bind = "0.0.0.0"
    beacon = True
    #: Seconds a computer seat waits before it moves, so people can follow (tests: none).
    ai_delay = 0.7

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.choice = ["here", "open", "open", "open"]  # seat 0 is always the host's person
        levels = list(getattr(app.settings, "levels", []) or [])
        self.levels = [
            lv if lv in COMPUTER_LEVELS else "medium" for lv in (levels + ["medium"] * 4)[:4]
        ]
        self.turn_seconds = 0
        self.watchers = True
        self.announce = type(self).beacon
        self.notice: str | None = None

    def listen_on(self) -> str:
        return bind_address(self.bind)

    def build(self, lay: Layout) -> list[Button]:
        # wide enough for "North: open to a player on the network" in every language
        bw, bh = min(round(lay.unit * 80), round(lay.w * 0.7)), round(lay.unit * 6)
        gap = round(lay.unit * 1.4)
        left = lay.w // 2 - bw // 2
        lw = bw // 3  # a computer seat's level button
        y = round(lay.h * 0.27)
        out = []
        for seat in (1, 2, 3):
            word = tr(SEAT_WORDS[seat])
            choice = self.choice[seat]
            r = pygame.Rect(left, y, bw, bh)
            if choice == "open":
                label = tr("{seat}: open to a player on the network", seat=word)
            elif choice == "ai":
                label = tr("{seat}: {name}, computer", seat=word, name=self.bot_name(seat))
                r.w = bw - lw - gap
                level = tr("Level: {level}", level=level_words(self.levels[seat]))
                out.append(Button(pygame.Rect(r.right + gap, y, lw, bh), level, f"level:{seat}"))
            else:
                label = tr(
                    "{seat}: {name}, at this screen",
                    seat=word,
                    name=local_name(self.app, seat),
                )
            # the three seats' labels share one size, narrowed by a level button or not
            seat_button = Button(r, label, f"seat:{seat}", group="seats")
            out.insert(len(out) - (choice == "ai"), seat_button)
            y += bh + gap
        y += gap
        half = (bw - gap) // 2
        r = pygame.Rect(left, y, half, bh)
        timer = (
            tr("Turn timer: {n} s", n=self.turn_seconds)
            if self.turn_seconds
            else tr("Turn timer: off")
        )
        out.append(Button(r, timer, "timer"))
        announce = (
            tr("Announced on this network")
            if self.announce
            else tr("Private: friends join by address")
        )
        out.append(Button(r.move(half + gap, 0), announce, "beacon"))
        y += bh + gap
        watch = tr("Watchers: allowed") if self.watchers else tr("Watchers: refused")
        out.append(Button(pygame.Rect(left, y, half, bh), watch, "watchers"))
        y += bh + lay.margin // 2 + 3 * round(lay.text * 1.5) + gap  # the notes: see draw
        r = pygame.Rect(left, y, half, bh)
        out.append(Button(r, tr("Open the table"), "open", primary=True))
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        return out

    def bot_name(self, seat: int) -> str:
        """A computer seat's name: the settings' name for that seat, as offline."""
        names = getattr(self.app.settings, "names", None) or []
        name = names[seat] if seat < len(names) and isinstance(names[seat], str) else ""
        return computer_names([*([""] * seat), name.strip()[:MAX_NAME_CHARS]])[seat]

    def activate(self, action: str) -> None:
        if action.startswith("seat:"):
            seat = int(action[5:])
            if seat in (1, 2, 3):
                i = SEAT_CHOICES.index(self.choice[seat])
                self.choice[seat] = SEAT_CHOICES[(i + 1) % len(SEAT_CHOICES)]
                self.rebuild()
        elif action.startswith("level:"):
            seat = int(action[6:])
            i = COMPUTER_LEVELS.index(self.levels[seat])
            self.levels[seat] = COMPUTER_LEVELS[(i + 1) % len(COMPUTER_LEVELS)]
            self.rebuild()
        elif action == "timer":
            i = TURN_CHOICES.index(self.turn_seconds) if self.turn_seconds in TURN_CHOICES else 0
            self.turn_seconds = TURN_CHOICES[(i + 1) % len(TURN_CHOICES)]
            self.rebuild()
        elif action == "beacon":
            self.announce = not self.announce
            self.rebuild()
        elif action == "watchers":
            self.watchers = not self.watchers
            self.rebuild()
        elif action == "back":
            self.app.show_menu()
        elif action == "open":
            self.open_table()

    def open_table(self) -> None:
        """Start the host (the usual port, or any free one), announce it, and sit down."""
        from tarneeb_desktop.paths import user_data_dir

        rejoin.stop_hosted()  # a new table: the one going on in the background closes
        local = [s for s in range(4) if s == 0 or self.choice[s] == "here"]
        seats = [s for s in range(4) if s in local or self.choice[s] == "open"]
        try:
            host, sessions = host_table(
                [(s, local_name(self.app, s)) for s in local],
                announce=self.announce,
                rules=self.app.rules,
                open_seats=seats,
                ai_level=self.levels[1],
                levels=self.levels,
                bots=[self.bot_name(s) for s in range(4)],
                turn_seconds=self.turn_seconds,
                watchers=self.watchers,
                auto_start=False,
                save_path=user_data_dir() / "lan-table.json",
                table_name=tr("Tarneeb at {computer}", computer=_computer_name()),
                **hosting(),
            )
        except HostError as exc:
            self.notice = host_error_text(exc)
            self.dirty = True
            return
        self.app.switch(LobbyScene(self.app, sessions[0], host=host, others=sessions[1:]))

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = page(surface, lay, tr("Host a LAN game"))
        lines = [
            tr("Rules: {preset} (change them in Settings)", preset=rules_words(self.app.rules)),
            tr("You sit at South. Choose who plays each of the other seats:"),
        ]
        y = box.y + round(lay.heading * 1.9)
        for line in lines:
            blit_text(
                surface,
                line,
                lay.text,
                (lay.w // 2, y),
                theme.INK,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
            y += round(lay.text * 1.6)
        buttons = self.buttons()
        opts = next(b for b in buttons if b.action == "timer").rect
        port = DEFAULT_PORT or 47471
        where = ", ".join(f"{a}:{port}" for a in listen_addresses(self.listen_on()))
        notes = [
            (tr("Friends join at {address}", address=where), theme.GOLD),
            (tr("Click a seat to change who plays it."), theme.INK_DIM),
        ]
        if "here" in self.choice[1:]:
            notes.append(
                (
                    tr("People at this screen take turns; their cards stay hidden between turns."),
                    theme.INK_DIM,
                )
            )
        y = opts.bottom + lay.margin // 2
        for line, color in notes:
            blit_text(
                surface,
                line,
                lay.text,
                (lay.w // 2, y),
                color,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
            y += round(lay.text * 1.5)
        draw_buttons_and_notice(surface, self, lay, box)


def hosting() -> dict[str, Any]:
    """How this window hosts a LAN table (the host screen's settings; tests keep it on
    loopback and any free port): ``bind``, ``port`` and ``ai_delay`` for
    ``net.host.host_table``."""
    return {"bind": HostScene.bind, "port": DEFAULT_PORT, "ai_delay": HostScene.ai_delay}


def return_to_hosted_table(app: App) -> None:
    """The menu's Continue while this window's LAN table goes on: sit the people here down
    again (their seats' tokens) and show the table."""
    from tarneeb_desktop.ui.table_scene import TableScene

    try:
        host, sessions = rejoin.return_to_hosted()
        wait = [s.wait_for(lambda m: m.get("type") == "view", 5.0) for s in sessions]
    except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
        log.info("could not return to the table: %s", exc)
        app.notices.append(tr("The table could not be opened again"))
        app.show_menu()
        return
    del wait
    view, seq = sessions[0].snapshot()
    assert view is not None and seq is not None
    scene = TableScene.remote(app, sessions[0], view, seq, host=host, others=sessions[1:])
    scene.link.keep_on_leave = True  # type: ignore[attr-defined]
    app.switch(scene)


def join_error_text(exc: JoinError) -> str:
    """A refused join as the player reads it (the host's words are for the log)."""
    words = {
        "seat_taken": tr("That seat is taken; choose a free one, or watch"),
        "no_seat": tr("Every seat is taken; you may watch the game"),
        "wrong_token": tr("The host no longer keeps that seat"),
        "wrong_password": tr("This table asks for its password: type it above"),
        "no_watchers": tr("This table takes no watchers"),
    }
    return words.get(exc.code, exc.message)


def host_error_text(exc: HostError) -> str:
    """A hosting failure as the player reads it."""
    if exc.why is None:
        return tr("Could not open a table on this computer")
    return tr("Could not sit at the table: {why}", why=exc.why)


# ---------------------------------------------------------------------- join


class JoinScene(ButtonScene):
    """Tables heard on the network, and an address field that always works. Typing goes to
    the focused field (address or name); Enter connects; Tab moves between fields."""

    def __init__(self, app: App, finder: Any = None) -> None:
        """``finder``: a TableFinder, None to start one, False for none (tests)."""
        super().__init__(app)
        name = rejoin.last_name() or player_name(app)  # the name typed here last time
        self.fields = (
            TextField("", 80),
            TextField(name, MAX_NAME_CHARS),
            TextField("", MAX_PASSWORD_CHARS),
        )
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
        w, h = round(lay.w * 0.44), round(lay.text * 2.2)
        a = pygame.Rect(0, 0, w, h)
        a.topleft = (round(lay.w * 0.38), round(lay.h * 0.14))
        if i18n.is_rtl():  # the labels on the right, the fields on their left
            a.right = lay.w - round(lay.w * 0.38)
        step = h + round(lay.unit * 1.2)
        return [a, a.move(0, step), a.move(0, 2 * step)]

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 60), round(lay.unit * 6)
        gap = round(lay.unit * 1.4)
        y = round(lay.h * 0.42)
        out = []
        for i, k in enumerate(self.kept[:2]):  # the way back to a table sat at before
            label = tr(
                "Rejoin {table} at {address} ({seat})",
                table=k.table or tr("the table"),
                address=k.address,
                seat=tr(SEAT_WORDS[k.seat]),
            )
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, label, f"rejoin:{i}", primary=True))
            y += bh + gap
        for i, t in enumerate(self.found[:4]):
            label = tr(
                "{name} at {address} - free seats: {n}",
                name=t.name,
                address=f"{t.host}:{t.port}",
                n=len(t.free_seats),
            )
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            # a full table may still be watched
            out.append(Button(r, label, f"table:{i}", enabled=t.compatible))
            y += bh + gap
        heard = {f"{t.host}:{t.port}" for t in self.found[:4]}
        for i, address in enumerate(self.recent):
            if len(out) >= 4:
                break
            if address in heard:
                continue
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, tr("Joined before: {address}", address=address), f"recent:{i}"))
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
                self.field = (self.field + 1) % len(self.fields)
                self.dirty = True
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                buttons = self.buttons()
                focused = buttons[self.focus] if buttons else None
                typed = self.field == 0 and self.address.strip()
                if (
                    not typed
                    and focused is not None
                    and focused.action.startswith(("table:", "recent:"))
                ):
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
            if self.connect(host, port):
                self.recent = remember(self.address.strip())
        elif action.startswith("rejoin:"):
            i = int(action[7:])
            if i < len(self.kept):
                self.rejoin(self.kept[i])
        elif action.startswith("recent:"):
            i = int(action[7:])
            if i < len(self.recent):
                self.address = self.recent[i]
                self.activate("connect")
        elif action.startswith("table:"):
            i = int(action[6:])
            if i < len(self.found):
                t = self.found[i]
                self.address = f"{t.host}:{t.port}"
                self.connect(t.host, t.port)

    def rejoin(self, kept: rejoin.KeptSeat) -> None:
        """Back to a seat this computer held: the host gives it back at once."""
        try:
            host, port = parse_address(kept.address)
        except ValueError:
            return
        session = ClientSession(host, port, name=kept.name or self.name.strip(), timeout=5.0)
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
            self.notice = tr("Cannot reach {address}: {why}", address=kept.address, why=exc)
        else:
            self.app.switch(LobbyScene(self.app, session))
            return
        session.close()
        self.rebuild()

    def connect(self, host: str, port: int) -> bool:
        rejoin.remember_name(self.name)
        session = ClientSession(host, port, name=self.name.strip() or tr("Player"), timeout=5.0)
        session.password = self.password.strip()
        try:
            session.connect()
        except ProtocolError as exc:  # IncompatibleError's message is a sentence to show
            self.notice = exc.message
        except OSError as exc:
            self.notice = tr("Cannot reach {address}: {why}", address=f"{host}:{port}", why=exc)
        else:
            self.app.switch(SeatScene(self.app, session))
            return True
        session.close()
        self.dirty = True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = page(surface, lay, tr("Join a LAN game"))
        labels = (
            tr("Host (name or address:port)"),
            tr("Your name"),
            tr("Table password (if any)"),
        )
        for i, r in enumerate(self.field_rects(lay)):
            rtl = i18n.is_rtl()
            blit_text(
                surface,
                labels[i],
                lay.text,
                (r.right + lay.margin, r.centery) if rtl else (r.x - lay.margin, r.centery),
                theme.INK,
                anchor="midleft" if rtl else "midright",
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
        draw_buttons_and_notice(surface, self, lay, box, below=True)


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
        y = round(lay.h * 0.27)
        out = []
        kept = rejoin.kept_for((self.session.host_hello or {}).get("table_id"))
        if kept is not None and not rejoin.held_now(self.session, kept.seat):
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            label = tr("Rejoin your seat ({seat})", seat=tr(SEAT_WORDS[kept.seat]))
            out.append(Button(r, label, "rejoin", primary=True))
            y += bh + gap
        for s in self.seats():
            n = s.get("seat")
            if not isinstance(n, int) or not 0 <= n <= 3:
                continue
            free = s.get("kind") == "open"
            word = tr(SEAT_WORDS[n])
            name = str(s.get("name", ""))
            if free:
                label = tr("Sit at {seat}", seat=word)
            elif s.get("kind") == "ai":  # say it is a computer, as the host screen does
                label = tr("{seat}: {name}, computer", seat=word, name=name)
            else:
                label = tr("{seat}: {name}", seat=word, name=name)
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, label, f"seat:{n}", enabled=free))
            y += bh + gap
        half = (bw - gap) // 2
        r = pygame.Rect(0, y + gap, half, bh)
        r.x = lay.w // 2 - bw // 2
        lobby = self.session.lobby or {}
        out.append(
            Button(r, tr("Watch"), "watch", enabled=lobby.get("watchers", True) is not False)
        )
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        if i18n.is_rtl():
            out[-2].rect.x, out[-1].rect.x = out[-1].rect.x, out[-2].rect.x
        # Enter takes the first free seat
        self.focus = next((i for i, b in enumerate(out) if b.enabled), len(out) - 1)
        return out

    def activate(self, action: str) -> None:
        if action == "back":
            self.session.close()
            self.app.switch(JoinScene(self.app))
        elif action in ("rejoin", "watch") or action.startswith("seat:"):
            password = self.session.password
            try:
                if action == "rejoin":
                    if rejoin.sit_again(self.session) is None:
                        raise JoinError("seat_taken", "someone sits there now")
                elif action == "watch":
                    self.session.watch(password)
                else:
                    self.session.join(seat=int(action[5:]), password=password)
                    rejoin.remember_seat(self.session)
            except JoinError as exc:
                self.notice = join_error_text(exc)
                self.rebuild()
                return
            except (OSError, TimeoutError) as exc:
                self.notice = str(exc)
                self.rebuild()
                return
            self.app.switch(LobbyScene(self.app, self.session))

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = page(surface, lay, tr("Choose your seat"))
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
        draw_buttons_and_notice(surface, self, lay, box)
