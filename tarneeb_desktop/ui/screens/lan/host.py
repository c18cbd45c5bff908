"""The Host screen of a LAN table: who plays seats 1-3 (and at which level), the turn timer,
watchers, the announcement, the table's name and password; Open the table sits the people
here down (``session.lan.host_table``) and shows the lobby (``lobby.py``)."""

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
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.form import ButtonGrid, Form, GridSpec, Row
from tarneeb_desktop.ui.kit.page import KitScene, Page
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.kit.widgets import TextField
from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
from tarneeb_desktop.ui.screens.lan.page import level_words, local_name, rules_words, setting_name

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
    """``HostScene.hosting`` until ``join.hosting`` (its port patched by tests) replaces it."""
    return {"bind": HostScene.bind, "port": DEFAULT_PORT, "ai_delay": HostScene.ai_delay}


def _after(choices: tuple[Any, ...], value: Any) -> Any:
    """The choice after ``value``, round the ``choices`` (a click goes through them)."""
    return choices[(choices.index(value) + 1 if value in choices else 1) % len(choices)]


class HostScene(KitScene):
    """Each of seats 1-3 goes, click by click, through: open to a person on the network, a
    computer player (named as offline), a person at this screen (hot-seat). The table's name
    and password are typed (a click or Tab opens the name; Enter or Esc ends the typing)."""

    #: Where the table listens (``TARNEEB_LAN_BIND`` may keep it on this computer), and
    #: whether it announces itself by default (tests keep to loopback).
    bind = "0.0.0.0"
    beacon = True
    #: Seconds a computer seat waits before it moves, so people can follow (tests: none).
    ai_delay = 0.7

    #: ``bind``, ``port`` and ``ai_delay`` for ``host_table``: ``join.hosting``, so the Host
    #: screen and a tournament's table host alike
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
        self.default = tr("Tarneeb at {computer}", computer=_computer_name())
        self.fields = (
            TextField(self.default[:MAX_TABLE_CHARS], MAX_TABLE_CHARS, printable=True),
            TextField("", MAX_PASSWORD_CHARS, printable=True),
        )
        self.field: int | None = None  # the field typed into, if any: 0 name, 1 password

    @property
    def table_name(self) -> str:
        return self.fields[0].text.strip() or self.default

    @property
    def password(self) -> str:
        return self.fields[1].text.strip()

    def listen_on(self) -> str:
        return bind_address(self.bind)

    def grid(self) -> list[list[GridSpec]]:
        """The seats (a computer's with its level beside it), then the switches in pairs."""
        rows: list[list[GridSpec]] = []
        for seat in (1, 2, 3):
            word = tr(SEAT_WORDS[seat])
            choice = self.choice[seat]
            if choice == "open":
                label = tr("{seat}: open to a player on the network", seat=word)
            elif choice == "ai":
                label = tr("{seat}: {name}, computer", seat=word, name=self.bot_name(seat))
            else:
                name = local_name(self.app, seat)
                label = tr("{seat}: {name}, at this screen", seat=word, name=name)
            row: list[GridSpec] = [(label, f"seat:{seat}", False, True, 2)]
            if choice == "ai":
                words = tr("Level: {level}", level=level_words(self.levels[seat]))
                row.append((words, f"level:{seat}", False, True, 1))
            rows.append(row)
        timer = tr("Turn timer: off")
        if self.turn_seconds:
            timer = tr("Turn timer: {n} s", n=self.turn_seconds)
        watch = tr("Watchers: allowed") if self.watchers else tr("Watchers: refused")
        announce = tr("Private: friends join by address")
        if self.announce:
            announce = tr("Announced on this network")
        where = tr("Over the internet") if self.internet else tr("On this network")
        rows.append([(timer, "timer", False, True, 1), (watch, "watchers", False, True, 1)])
        rows.append([(where, "where", False, True, 1), (announce, "beacon", False, True, 1)])
        return rows

    def layout_key(self) -> object:
        return (self.notice, tuple(map(tuple, self.grid())), tuple(self.notes()))

    def tree(self, st: Style) -> Box:
        def typed(k: int) -> Callable[[], int | None]:
            return lambda: 0 if self.field == k else None

        labels = tr("Table name"), tr("Password")
        self.forms = [
            Form([(labels[k], self.fields[k])], typed(k), least=16, most=60) for k in (0, 1)
        ]
        rules = tr("Rules: {preset} (change them in Settings)", preset=rules_words(self.app.rules))
        body: list[Box] = [
            Text(rules, align="center"),
            Text(tr("You sit at South. Choose who plays each of the other seats:"), align="center"),
            ButtonGrid(self.grid(), group="host"),
            Row(self.forms, most=104),
        ]
        body += [Text(line, color=color, align="center") for line, color in self.notes()]
        foot = [(tr("Open the table"), "open", True), (tr("Back"), "back", False)]
        return Page(tr("Host a table"), body, foot=foot, notice=self.notice)

    def field_rects(self) -> list[tuple[pygame.Rect, pygame.Rect]]:
        """Each field's label and box: the name first (on the reading side), the password."""
        self.laid()
        return [(f.labels[0], f.fields[0]) for f in self.forms]

    def notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        port = DEFAULT_PORT or 47471
        where = ", ".join(f"{a}:{port}" for a in listen_addresses(self.listen_on()))
        joining = (
            tr("Friends anywhere join with the table code shown once the table is open")
            if self.internet
            else tr("Friends join at {address}", address=where)
        )
        notes = [(joining, theme.GOLD), (tr("Click a seat to change who plays it."), theme.INK_DIM)]
        if "here" in self.choice[1:]:
            words = tr("People at this screen take turns; their cards stay hidden between turns.")
            notes.append((words, theme.INK_DIM))
        return notes

    def bot_name(self, seat: int) -> str:
        """A computer seat's name: the settings' name for that seat, as offline."""
        return computer_names(
            [*([""] * seat), setting_name(self.app, seat).strip()[:MAX_NAME_CHARS]]
        )[seat]

    def type_into(self, field: int | None) -> None:
        self.field = field
        if field is not None:
            TextField.start()
        self.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> bool:
        key = ev.key if ev.type == pygame.KEYDOWN else None
        if key == pygame.K_TAB:  # the name, the password, then the buttons again
            k = 0 if self.field is None else self.field + 1
            self.type_into(k if k < len(self.fields) else None)
            return True
        if self.field is not None and ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if key in (pygame.K_UP, pygame.K_DOWN):
                self.type_into(None)  # back to the buttons
                return super().handle_event(ev)
            if self.fields[self.field].handle_event(ev) in ("enter", "escape"):
                self.type_into(None)
            self.dirty = True
            return True  # letters arrive as TEXTINPUT: no key works a button meanwhile
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k, (lab, box) in enumerate(self.field_rects()):
                if box.collidepoint(ev.pos) or lab.collidepoint(ev.pos):
                    self.type_into(k)
                    return True
            if self.field is not None:
                self.type_into(None)
        return super().handle_event(ev)

    def activate(self, action: str) -> None:
        kind, _, n = action.partition(":")
        if action == "back":
            self.app.show_menu()
        elif action == "open":
            self.open_table()
        else:
            if kind == "seat" and int(n) in (1, 2, 3):
                self.choice[int(n)] = _after(SEAT_CHOICES, self.choice[int(n)])
            elif kind == "level":
                self.levels[int(n)] = _after(COMPUTER_LEVELS, self.levels[int(n)])
            elif action == "timer":
                self.turn_seconds = _after(TURN_CHOICES, self.turn_seconds)
            elif action in ("beacon", "where", "watchers"):  # a switch: on or off
                attr = {"beacon": "announce", "where": "internet"}.get(action, action)
                setattr(self, attr, not getattr(self, attr))
            else:
                return
            self.rebuild()

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
            self.dirty = True  # laid out again with the notice
            return
        self.app.switch(LobbyScene(self.app, sessions[0], host=host, others=sessions[1:]))
