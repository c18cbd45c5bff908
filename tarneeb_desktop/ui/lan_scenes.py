"""The LAN screens: join a table (found on the network, typed, or joined before), rejoin a
seat held before, choose a seat or watch; the Host screen is ``lan_host_scene.py`` (imported
here too), the lobby and what the screens share are in ``lan_lobby.py``.

The window's player always sits down through a ``ClientSession``, even at the table this
window hosts (``session.lan.host_table``, which a tournament's LAN game uses too, with this
screen's :func:`hosting` settings), so there is one
way to play a LAN seat (``TableScene`` through a remote link); more people at the host's
screen sit down through a session each, and take turns behind the hot-seat cover.

Just over 600 lines since issue 38 gave the seat screen the table's password field: the Join
and seat screens are one path (typed address, password, seat, and Back to what was typed);
the Host screen and the lobby are in modules of their own already.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
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
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.lan_host_scene import (  # the Host screen: its own module
    COMPUTER_LEVELS,
    SEAT_CHOICES,
    HostScene,
    host_error_text,
)
from tarneeb_desktop.ui.lan_lobby import LobbyScene
from tarneeb_desktop.ui.lan_page import (
    draw_buttons_and_notice,
    page,
    player_name,
)
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_text
from tarneeb_desktop.ui.widgets import TextField, draw_form_field

__all__ = [
    "COMPUTER_LEVELS",
    "SEAT_CHOICES",
    "HostScene",
    "JoinScene",
    "LobbyScene",
    "SeatScene",
    "host_error_text",
    "hosting",
    "join_error_text",
    "rejoin_kept_seat",
    "return_to_hosted_table",
]

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
    """How this window hosts a LAN table (the host screen's settings; tests keep it on
    loopback and any free port): ``bind``, ``port`` and ``ai_delay`` for
    ``session.lan.host_table``."""
    return {"bind": HostScene.bind, "port": DEFAULT_PORT, "ai_delay": HostScene.ai_delay}


HostScene.hosting = staticmethod(hosting)  # the one way


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
    scene = TableScene.remote(
        app, sessions[0], view, seq, host=host, others=sessions[1:], keep_on_leave=True
    )
    app.switch(scene)


def rejoin_kept_seat(app: App) -> None:
    """The menu's Rejoin: the Join screen, going back at once to the seat this computer
    held last (the screen says why when the host cannot be reached or no longer keeps it,
    and lists the way back to the other tables kept)."""
    scene = JoinScene(app)
    app.switch(scene)
    if scene.kept:
        scene.rejoin(scene.kept[0])


def join_error_text(exc: JoinError, password: str = "") -> str:
    """A refused join as the player reads it (the host's words are for the log);
    ``password``: what the player typed as the table's password, if anything."""
    if exc.code == "wrong_password" and password.strip():
        return tr("That password is wrong: ask the host for the table's password")
    words = {
        "seat_taken": tr("That seat is taken; choose a free one, or watch"),
        "no_seat": tr("Every seat is taken; you may watch the game"),
        "wrong_token": tr("The host no longer keeps that seat"),
        "wrong_password": tr("This table asks for its password: type it above"),
        "no_watchers": tr("This table takes no watchers"),
        "refused": tr("The host keeps the computer at that seat"),
    }
    return words.get(exc.code, exc.message)


# ---------------------------------------------------------------------- join


class JoinScene(ButtonScene):
    """Tables heard on the network, and an address field that always works. Typing goes to
    the focused field (address or name); Enter connects; Tab moves between fields."""

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

    @staticmethod
    def field_labels() -> tuple[str, str, str]:
        return (
            tr("Address or table code"),
            tr("Your name"),
            tr("Table password (if any)"),
        )

    def field_rects(self, lay: Layout) -> list[pygame.Rect]:
        # the labels' side: the widest label at body size between the page's edge and the
        # fields ("Mot de passe de la table (s'il y en a un)" reached out of the page at 800x600)
        edge = round(lay.w * 0.1) + lay.margin  # the page's panel (lan_page.page)
        widest = max(text.size_of(label, lay.text)[0] for label in self.field_labels())
        x = max(round(lay.w * 0.38), edge + widest + lay.margin)
        w, h = min(round(lay.w * 0.44), lay.w - edge - x), round(lay.text * 2.2)
        a = pygame.Rect(0, 0, w, h)
        # under the page's title, whose script may be taller (Arabic) in a short window
        title = text.size_of(tr("Join a table"), lay.heading, True)[1]
        a.topleft = (x, max(round(lay.h * 0.14), 3 * lay.margin + title + 4))
        if i18n.is_rtl():  # the labels on the right, the fields on their left
            a.right = lay.w - x
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
                address=":".join((t.host, str(t.port))),
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
        # as wide as the longest line at body size needs (a table's name and address)
        wide = min(
            theme.button_width([b.label for b in out], lay.text, bh, bw), lay.w - 2 * lay.margin
        )
        for b in out:
            b.rect.w = wide
            b.rect.centerx = lay.w // 2
        half = round(lay.unit * 26)
        r = pygame.Rect(0, 0, half, bh)
        r.bottomright = (lay.w // 2 - gap // 2, round(lay.h * 0.86) - lay.margin)
        out.append(Button(r, tr("Connect"), "connect", primary=True))
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        if i18n.is_rtl():  # Connect, the first, on the reading side
            out[-2].rect.x, out[-1].rect.x = out[-1].rect.x, out[-2].rect.x
        return out

    def handle_event(self, ev: pygame.event.Event) -> bool:
        ctrl = ev.type == pygame.KEYDOWN and getattr(ev, "mod", 0) & pygame.KMOD_CTRL
        editing = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END)
        if (
            ev.type == pygame.TEXTINPUT
            or (ev.type == pygame.KEYDOWN and ev.key in editing)
            or (ctrl and ev.key in (pygame.K_a, pygame.K_v))  # select all, paste
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
                self.connect(ClientSession(t.host, t.port, name=self.player(), timeout=5.0))

    def player(self) -> str:
        return self.name.strip() or tr("Player")

    def session_for(self, typed: str, name: str) -> ClientSession:
        """A session to ``typed``: a table code (over the internet, through the settings'
        relay) or a host's address; ValueError when it is neither."""
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
            app, typed = self.app, (self.address, self.password)
            finder = False if self.no_finder else None

            def back() -> None:  # Back from the seat screen: this screen as it was typed
                app.switch(JoinScene(app, finder, address=typed[0], password=typed[1]))

            self.app.switch(SeatScene(self.app, session, back=back))
            return True
        session.close()
        self.dirty = True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = page(surface, lay, tr("Join a table"))
        labels = self.field_labels()
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
            draw_form_field(
                surface, r, self.fields[i].shown(focus), lay.text, focus=focus,
                margin=lay.margin, selected=focus and self.fields[i].selected,
                count=self.fields[i].count() if focus else None,
            )  # fmt: skip
        head = (
            tr("Tables on this network:")
            if self.found
            else tr("Looking for tables on this network... or type an address or a table code.")
        )
        blit_text(
            surface, head, lay.text, (lay.w // 2, round(lay.h * 0.36)), theme.INK, anchor="midtop"
        )
        draw_buttons_and_notice(surface, self, lay, box, above_buttons=True)


class SeatScene(ButtonScene):
    """Connected: pick one of the free seats (or any). A table that asks for a password
    has its field here (what was typed on the Join screen in it); a table without one
    never mentions it. ``back``: Back's way to the Join screen as it was typed."""

    def __init__(
        self, app: App, session: ClientSession, back: Callable[[], None] | None = None
    ) -> None:
        super().__init__(app)
        self.session = session
        self.back = back
        self.notice: str | None = None
        self.asking: int | None = None  # a computer's seat asked for, the host not answered
        typed = getattr(session, "password", "") or ""  # as typed on the Join screen
        self.secret = TextField(typed, MAX_PASSWORD_CHARS, printable=True)

    def asks_password(self) -> bool:
        """The host's table has a password (its lobby says so, never what it is)."""
        return (self.session.lobby or {}).get("password") is True

    def on_show(self) -> None:
        super().on_show()
        if self.asks_password():
            TextField.start()

    def password_rects(self, lay: Layout) -> tuple[pygame.Rect, pygame.Rect]:
        """The password's label and field, under the table's name (mirrored right to left)."""
        h = round(lay.text * 2.2)
        label = tr("Password")
        lw = text.size_of(label, lay.text)[0]
        fw = round(lay.unit * 36)
        whole = lw + lay.margin + fw
        lab = pygame.Rect(lay.w // 2 - whole // 2, round(lay.h * 0.27), lw, h)
        box = pygame.Rect(lab.right + lay.margin, lab.y, fw, h)
        if i18n.is_rtl():
            lab.x, box.x = lay.w - lab.right, lay.w - box.right
        return lab, box

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if self.asks_password() and (
            ev.type == pygame.TEXTINPUT
            or (
                ev.type == pygame.KEYDOWN
                and ev.key in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_SPACE)
            )
        ):  # a space is typed (as text), not a press of the focused seat
            self.secret.handle_event(ev)
            self.dirty = True
            return True
        return super().handle_event(ev)

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        for msg in self.session.poll():
            if msg.get("type") == "lobby":
                self.rebuild()
            elif msg.get("type") == "disconnected":
                self.notice = tr("The host closed the connection")
                self.rebuild()
        if self.asking is not None:  # a computer's seat asked for: the host's answer
            try:
                got = self.session.answer()
            except JoinError as exc:
                self.asking = None
                self.notice = join_error_text(exc, self.session.password)
                self.rebuild()
                return
            if got is not None:
                self.asking = None
                rejoin.remember_seat(self.session)
                self.app.switch(LobbyScene(self.app, self.session))

    def seats(self) -> list[dict[str, Any]]:
        lobby = self.session.lobby or {}
        seats = lobby.get("seats")
        return [s for s in seats if isinstance(s, dict)] if isinstance(seats, list) else []

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 44), round(lay.unit * 6.6)
        gap = round(lay.unit * 1.6)
        y = round(lay.h * 0.27)
        if self.asks_password():  # its field first
            y = self.password_rects(lay)[1].bottom + round(lay.unit * 2.4)
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
            # a game under way: a computer's seat may be asked for (the host decides)
            late = s.get("kind") == "ai" and self.under_way()
            if free:
                label = tr("Sit at {seat}", seat=word)
            elif late:
                label = tr("Ask to take {seat} from {name}, computer", seat=word, name=name)
            elif s.get("kind") == "ai":  # say it is a computer, as the host screen does
                label = tr("{seat}: {name}, computer", seat=word, name=name)
            else:
                label = tr("{seat}: {name}", seat=word, name=name)
            r = pygame.Rect(0, y, bw, bh)
            r.centerx = lay.w // 2
            action = f"ask:{n}" if late else f"seat:{n}"
            out.append(Button(r, label, action, enabled=(free or late) and self.asking is None))
            y += bh + gap
        # as wide as the longest seat's label at body size needs ("Rejoin your seat (South)")
        bw = min(
            theme.button_width([b.label for b in out], lay.text, bh, bw), lay.w - 2 * lay.margin
        )
        for b in out:
            b.rect.w = bw
            b.rect.centerx = lay.w // 2
        half = (bw - gap) // 2
        r = pygame.Rect(0, y + gap, half, bh)
        r.x = lay.w // 2 - bw // 2
        # a full table (a tournament's, for the teams waiting their turn) offers watching
        out.append(Button(r, tr("Watch"), "watch", primary=self.full(), enabled=self.watchable()))
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        if i18n.is_rtl():
            out[-2].rect.x, out[-1].rect.x = out[-1].rect.x, out[-2].rect.x
        # Enter takes the first free seat; at a full table it watches (asking the host for a
        # computer's seat is a choice of its own, never Enter's)
        self.focus = next(
            (i for i, b in enumerate(out) if b.enabled and not b.action.startswith("ask:")),
            len(out) - 1,
        )
        return out

    def under_way(self) -> bool:
        """The game has started (a latecomer may ask for a computer's seat)."""
        lobby = self.session.lobby or {}
        return bool(lobby.get("started")) and not lobby.get("over")

    def watchable(self) -> bool:
        return (self.session.lobby or {}).get("watchers", True) is not False

    def full(self) -> bool:
        """No seat is open to a person (and none is kept for this computer)."""
        kept = rejoin.kept_for((self.session.host_hello or {}).get("table_id"))
        if kept is not None and not rejoin.held_now(self.session, kept.seat):
            return False
        return bool(self.seats()) and not any(s.get("kind") == "open" for s in self.seats())

    def activate(self, action: str) -> None:
        if action == "back":
            self.session.close()
            if self.back is not None:
                self.back()
            else:
                self.app.switch(JoinScene(self.app))
        elif action.startswith("ask:"):  # a latecomer: the host is asked, the answer waited for
            if self.asks_password():
                self.session.password = self.secret.text.strip()
            try:
                self.session.ask_for_seat(int(action[4:]), self.session.password)
            except OSError as exc:
                self.notice = str(exc)
            else:
                self.asking = int(action[4:])
                self.notice = tr("Asking the host for that seat…")
            self.rebuild()
        elif action in ("rejoin", "watch") or action.startswith("seat:"):
            if self.asks_password():
                self.session.password = self.secret.text.strip()
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
                self.notice = join_error_text(exc, password)
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
        if self.asks_password():
            lab, field = self.password_rects(lay)
            rtl = i18n.is_rtl()
            blit_text(
                surface,
                tr("Password"),
                lay.text,
                (lab.right, lab.centery) if rtl else (lab.x, lab.centery),
                theme.INK,
                anchor="midright" if rtl else "midleft",
            )
            draw_form_field(
                surface, field, self.secret.shown(True), lay.text, focus=True, margin=lay.margin
            )
        if self.full() and self.watchable() and not self.notice:
            blit_text(
                surface,
                tr("Every seat is taken; you may watch the game"),
                lay.text,
                (lay.w // 2, box.y + round(lay.heading * 2.4 + lay.text * 1.6)),
                theme.GOLD,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
        draw_buttons_and_notice(surface, self, lay, box)
