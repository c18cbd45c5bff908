"""The seat screen: connected to a table, pick one of its free seats (or watch, or rejoin the
seat held before, or ask the host for a computer's seat in a game under way)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.protocol import MAX_PASSWORD_CHARS
from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_WORDS  # the lobby's name for them
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.form import ButtonColumn, ButtonSpec, Form
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import GOLD, Style
from tarneeb_desktop.ui.kit.widgets import TextField
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
from tarneeb_desktop.ui.screens.lan.page import join_error_text, lobby_seats
from tarneeb_desktop.ui.theme import Button

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class SeatScene(KitScene):
    """Connected: pick one of the free seats (a table that asks for a password has its field
    here). ``back``: Back's way to the Join screen as it was typed."""

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

    def handle_event(self, ev: pygame.event.Event) -> bool:
        # a space is typed (as text), not a press of the focused seat
        keys = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_SPACE)
        typed = ev.type == pygame.TEXTINPUT or (ev.type == pygame.KEYDOWN and ev.key in keys)
        if self.asks_password() and typed:
            self.secret.handle_event(ev)
            self.dirty = True
            return True
        return super().handle_event(ev)

    def busy(self) -> bool:
        return True

    def update(self, dt: float) -> None:
        for msg in self.session.poll():
            if msg.get("type") == "disconnected":
                self.notice = tr("The host closed the connection")
            if msg.get("type") in ("lobby", "disconnected"):
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

    def seats(self) -> dict[int, dict[str, Any]]:
        return lobby_seats(self.session.lobby or {})

    def rows(self) -> list[ButtonSpec]:
        """A seat held before (Rejoin), then each seat (a computer's asked for once under way)."""
        out: list[ButtonSpec] = []
        kept = self.kept()
        if kept is not None:
            label = tr("Rejoin your seat ({seat})", seat=tr(SEAT_WORDS[kept.seat]))
            out.append((label, "rejoin", True, True))
        for n, s in self.seats().items():
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
            action = f"ask:{n}" if late else f"seat:{n}"
            out.append((label, action, False, (free or late) and self.asking is None))
        return out

    def layout_key(self) -> object:
        table = (self.session.lobby or {}).get("table")
        return (self.notice, tuple(self.rows()), self.asks_password(), self.full(),
                self.watchable(), table)  # fmt: skip

    def tree(self, st: Style) -> Box:
        body: list[Box] = []
        table = (self.session.lobby or {}).get("table")
        if isinstance(table, str):
            body.append(Text(table, align="center"))
        if self.asks_password():
            body.append(Form([(tr("Password"), self.secret)], lambda: 0, least=20, most=36))
        if self.full() and self.watchable() and not self.notice:
            body.append(Text(tr("Every seat is taken; you may watch the game"), color=GOLD,
                             align="center"))  # fmt: skip
        rows = self.rows()
        body.append(ButtonColumn(rows, "seats", len(rows)))
        # a full table (a tournament's, for the teams waiting their turn) offers watching
        foot: list[FootSpec] = [
            (tr("Watch"), "watch", self.full(), self.watchable()),
            (tr("Back"), "back", False),
        ]
        return Page(tr("Choose your seat"), body, foot=foot, notice=self.notice)

    def build(self, lay: Layout) -> list[Button]:
        out = super().build(lay)
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

    def kept(self) -> rejoin.KeptSeat | None:
        """The seat this computer held at this table, when nobody holds it now."""
        kept = rejoin.kept_for((self.session.host_hello or {}).get("table_id"))
        return kept if kept is not None and not rejoin.held_now(self.session, kept.seat) else None

    def full(self) -> bool:
        """No seat is open to a person (and none is kept for this computer)."""
        seats = self.seats().values()
        return self.kept() is None and bool(seats) and all(s.get("kind") != "open" for s in seats)

    def activate(self, action: str) -> None:
        if action == "back":
            self.session.close()
            (self.back or self.app.open_join)()
            return
        if self.asks_password():
            self.session.password = self.secret.text.strip()
        password = self.session.password
        if action.startswith("ask:"):  # a latecomer: the host is asked, the answer waited for
            try:
                self.session.ask_for_seat(int(action[4:]), password)
            except OSError as exc:
                self.notice = str(exc)
            else:
                self.asking = int(action[4:])
                self.notice = tr("Asking the host for that seat…")
            self.rebuild()
        elif action in ("rejoin", "watch") or action.startswith("seat:"):
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
            except (OSError, TimeoutError) as exc:
                self.notice = str(exc)
            else:
                self.app.switch(LobbyScene(self.app, self.session))
                return
            self.rebuild()
