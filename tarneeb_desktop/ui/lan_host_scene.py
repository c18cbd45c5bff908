"""The Host screen of a LAN table: who plays seats 1-3 (and at which level), the turn timer,
watchers, the announcement, the table's name and password; Open the table sits the people
here down (``session.lan.host_table``) and shows the lobby (``lan_lobby.py``).

Every button is in one group (one text size), and the screen mirrors right to left: in
Arabic the level button, the second of each pair and each field's label change sides."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.addresses import bind_address, listen_addresses
from tarneeb_desktop.net.protocol import DEFAULT_PORT, MAX_NAME_CHARS, MAX_PASSWORD_CHARS
from tarneeb_desktop.net.seating import computer_names
from tarneeb_desktop.net.turn_timer import TURN_CHOICES
from tarneeb_desktop.session.lan import HostError, host_table, table_save
from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_WORDS  # the lobby's name for them
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.lan_lobby import LobbyScene
from tarneeb_desktop.ui.lan_page import (
    draw_buttons_and_notice,
    level_words,
    local_name,
    page,
    rules_words,
)
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_text
from tarneeb_desktop.ui.widgets import TextField, draw_form_field

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

#: What the host may do with each of seats 1-3, in the order a click goes through them.
SEAT_CHOICES = ("open", "ai", "here")
#: The levels a computer seat at a LAN table may play at (a click goes through them).
COMPUTER_LEVELS = (*LEVELS[1:], LEVELS[0])  # random, the weakest, last
#: A table's name is at most this long (as the host keeps it, ``host_lobby.rename_table``).
MAX_TABLE_CHARS = MAX_NAME_CHARS * 2


def _computer_name() -> str:
    """This computer's name, which friends recognise in the list of tables."""
    try:
        return socket.gethostname().split(".")[0][:24] or "LAN"
    except OSError:
        return "LAN"


def host_error_text(exc: HostError) -> str:
    """A hosting failure as the player reads it."""
    if exc.relay:
        return tr("The relay cannot be reached; offline play and LAN play still work")
    if exc.why is None:
        return tr("Could not open a table on this computer")
    return tr("Could not sit at the table: {why}", why=exc.why)


def _hosting() -> dict[str, Any]:
    """``HostScene.hosting`` until ``lan_scenes`` sets it (the same, with its port)."""
    return {"bind": HostScene.bind, "port": DEFAULT_PORT, "ai_delay": HostScene.ai_delay}


class HostScene(ButtonScene):
    """Rules from the settings; each of seats 1-3 goes, click by click, through: open to a
    person on the network, a computer player (named as offline, at the level its own button
    chooses), a person at this screen (hot-seat). Below: the turn timer, watchers, whether
    the table is announced on the network (a private table: friends join by address), and
    the table's name and password (typed: a click or Tab opens the name, Tab goes on to the
    password, Enter or Esc ends the typing)."""

    #: Where the table listens (``TARNEEB_LAN_BIND`` may keep it on this computer), and
    #: whether it announces itself by default (tests keep to loopback).
    bind = "0.0.0.0"
    beacon = True
    #: Seconds a computer seat waits before it moves, so people can follow (tests: none).
    ai_delay = 0.7

    #: ``bind``, ``port`` and ``ai_delay`` for ``host_table``: ``lan_scenes.hosting`` (set
    #: there, so the Host screen and a tournament's table host alike)
    hosting: Callable[[], dict[str, Any]] = staticmethod(_hosting)

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
        #: Over the internet too (a table code through the relay), not only this network.
        self.internet = False
        self.notice: str | None = None
        default = tr("Tarneeb at {computer}", computer=_computer_name())
        self.fields = (
            TextField(default[:MAX_TABLE_CHARS], MAX_TABLE_CHARS, printable=True),
            TextField("", MAX_PASSWORD_CHARS, printable=True),
        )
        self.field: int | None = None  # the field typed into, if any: 0 name, 1 password

    @property
    def table_name(self) -> str:
        return self.fields[0].text.strip() or tr("Tarneeb at {computer}", computer=_computer_name())

    @property
    def password(self) -> str:
        return self.fields[1].text.strip()

    def listen_on(self) -> str:
        return bind_address(self.bind)

    def width(self, lay: Layout) -> int:
        """The buttons' width: wide enough for "North: open to a player on the network" and
        for a pair's "Private: friends join by address" at the body size in every language
        (German's "Privat: Freunde treten über die Adresse bei" drew the whole screen at 24
        px of 25), within the window."""
        bh, gap = self.step(lay)
        longest = [
            tr("{seat}: open to a player on the network", seat=tr(SEAT_WORDS[s])) for s in (1, 2, 3)
        ]
        need = theme.button_width(longest, lay.text, bh)
        pairs = [  # the half-width buttons' words, each of their values
            tr("Announced on this network"),
            tr("Private: friends join by address"),
            tr("Over the internet"),
            tr("On this network"),
            tr("Watchers: allowed"),
            tr("Watchers: refused"),
            tr("Turn timer: {n} s", n=60),
            tr("Turn timer: off"),
        ]
        need = max(need, 2 * theme.button_width(pairs, lay.text, bh) + gap)
        base = min(round(lay.unit * 104), round(lay.w * 0.66))
        return min(lay.w - 2 * lay.margin, max(base, need))

    @staticmethod
    def step(lay: Layout) -> tuple[int, int]:
        """A row's height and the gap below it."""
        return round(lay.unit * 5.6), round(lay.unit * 1.2)

    def top(self, lay: Layout) -> int:
        """Where the seats' rows start: below the title and the two lines under it."""
        return round(lay.margin * 2 + lay.heading * 1.9 + lay.text * 3.2 + lay.unit * 1.5)

    def build(self, lay: Layout) -> list[Button]:
        bw = self.width(lay)
        bh, gap = self.step(lay)
        left = lay.w // 2 - bw // 2
        lw = bw // 3  # a computer seat's level button
        y = self.top(lay)
        out = []
        for seat in (1, 2, 3):
            word = tr(SEAT_WORDS[seat])
            choice = self.choice[seat]
            r = pygame.Rect(left, y, bw, bh)
            level = None
            if choice == "open":
                label = tr("{seat}: open to a player on the network", seat=word)
            elif choice == "ai":
                label = tr("{seat}: {name}, computer", seat=word, name=self.bot_name(seat))
                r.w = bw - lw - gap
                words = tr("Level: {level}", level=level_words(self.levels[seat]))
                level = Button(pygame.Rect(r.right + gap, y, lw, bh), words, f"level:{seat}")
            else:
                label = tr(
                    "{seat}: {name}, at this screen",
                    seat=word,
                    name=local_name(self.app, seat),
                )
            out.append(Button(r, label, f"seat:{seat}"))
            if level is not None:
                out.append(level)
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
        watch = tr("Watchers: allowed") if self.watchers else tr("Watchers: refused")
        out.append(Button(r.move(half + gap, 0), watch, "watchers"))
        announce = (
            tr("Announced on this network")
            if self.announce
            else tr("Private: friends join by address")
        )
        where = tr("Over the internet") if self.internet else tr("On this network")
        r = pygame.Rect(left, y + bh + gap, half, bh)
        out.append(Button(r, where, "where"))
        out.append(Button(r.move(half + gap, 0), announce, "beacon"))
        r = pygame.Rect(left, self.notes_top(lay) + self.notes_height(lay), half, bh)
        out.append(Button(r, tr("Open the table"), "open", primary=True))
        out.append(Button(r.move(half + gap, 0), tr("Back"), "back"))
        for b in out:
            b.group = "host"  # one text size on the whole screen
            if i18n.is_rtl():  # mirrored about the window's centre: the first on the right
                b.rect.x = lay.w - b.rect.right
        return out

    def fields_top(self, lay: Layout) -> int:
        bh, gap = self.step(lay)
        return self.top(lay) + 5 * (bh + gap) + 2 * gap

    def field_rects(self, lay: Layout) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Each field's label and box: the name on the first half (its label at the
        reading start), the password on the second; mirrored right to left."""
        bw = self.width(lay)
        bh, gap = self.step(lay)
        half = (bw - gap) // 2
        y = self.fields_top(lay)
        out = []
        for k, label in enumerate(self.field_labels()):
            x = lay.w // 2 - bw // 2 + k * (half + gap)
            lw = text.size_of(label, lay.text)[0] + lay.margin
            lab = pygame.Rect(x, y, lw, bh)
            box = pygame.Rect(x + lw, y, half - lw, bh)
            if i18n.is_rtl():
                lab.x, box.x = lay.w - lab.right, lay.w - box.right
            out.append((lab, box))
        return out

    @staticmethod
    def field_labels() -> tuple[str, str]:
        return tr("Table name"), tr("Password")

    def notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        port = DEFAULT_PORT or 47471
        where = ", ".join(f"{a}:{port}" for a in listen_addresses(self.listen_on()))
        joining = (
            tr("Friends anywhere join with the table code shown once the table is open")
            if self.internet
            else tr("Friends join at {address}", address=where)
        )
        notes = [
            (joining, theme.GOLD),
            (tr("Click a seat to change who plays it."), theme.INK_DIM),
        ]
        if "here" in self.choice[1:]:
            words = tr("People at this screen take turns; their cards stay hidden between turns.")
            notes.append((words, theme.INK_DIM))
        return notes

    def notes_top(self, lay: Layout) -> int:
        bh, gap = self.step(lay)
        return self.fields_top(lay) + bh + gap + lay.margin // 3

    @staticmethod
    def notes_height(lay: Layout) -> int:
        return 3 * round(lay.text * 1.5) + lay.margin // 2

    def bot_name(self, seat: int) -> str:
        """A computer seat's name: the settings' name for that seat, as offline."""
        names = getattr(self.app.settings, "names", None) or []
        name = names[seat] if seat < len(names) and isinstance(names[seat], str) else ""
        return computer_names([*([""] * seat), name.strip()[:MAX_NAME_CHARS]])[seat]

    def type_into(self, field: int | None) -> None:
        self.field = field
        if field is not None:
            TextField.start()
        self.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if self.field is not None and ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB:
                self.type_into(self.field + 1 if self.field + 1 < len(self.fields) else None)
                return True
            if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_UP, pygame.K_DOWN):
                self.type_into(None)  # back to the buttons
                return super().handle_event(ev)
            what = self.fields[self.field].handle_event(ev)
            if what in ("enter", "escape"):
                self.type_into(None)
            self.dirty = True
            return True  # letters arrive as TEXTINPUT: no key works a button meanwhile
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_TAB:
            self.type_into(0)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k, (lab, box) in enumerate(self.field_rects(Layout(*self.app.size))):
                if box.collidepoint(ev.pos) or lab.collidepoint(ev.pos):
                    self.type_into(k)
                    return True
            if self.field is not None:
                self.type_into(None)
        return super().handle_event(ev)

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
        elif action == "where":
            self.internet = not self.internet
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
                save_path=table_save(),
                table_name=self.table_name,
                password=self.password,
                internet=self.internet,
                relay=self.app.settings.relay,
                **self.hosting(),
            )
        except HostError as exc:
            self.notice = host_error_text(exc)
            self.dirty = True
            return
        self.app.switch(LobbyScene(self.app, sessions[0], host=host, others=sessions[1:]))

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        box = page(surface, lay, tr("Host a table"))
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
        rtl = i18n.is_rtl()
        for k, (lab, field) in enumerate(self.field_rects(lay)):
            blit_text(
                surface,
                self.field_labels()[k],
                lay.text,
                (lab.right, lab.centery) if rtl else (lab.x, lab.centery),
                theme.INK,
                anchor="midright" if rtl else "midleft",
            )
            focus = k == self.field
            # the password shows: the host tells it to the friends invited
            draw_form_field(
                surface,
                field,
                self.fields[k].shown(focus),
                lay.text,
                focus=focus,
                margin=lay.margin,
                count=self.fields[k].count() if focus else None,
            )
        y = self.notes_top(lay)
        for line, color in self.notes():
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
        draw_buttons_and_notice(surface, self, lay, box, above_buttons=True)
