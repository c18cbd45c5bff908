"""The lobby of a table (who sits where until the game starts, and how friends join: its
addresses or its code); what the LAN screens share is in ``page.py``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.addresses import listen_addresses
from tarneeb_desktop.net.client import ClientSession
from tarneeb_desktop.net.protocol import MAX_CHAT_CHARS
from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_WORDS  # the lobby's name for them
from tarneeb_desktop.ui.clipboard import put_text
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Text
from tarneeb_desktop.ui.kit.lists import Inline, Log, Rows, RowSpec
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style
from tarneeb_desktop.ui.kit.widgets import TextField
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.lan.page import level_words, lobby_rules_words, lobby_seats
from tarneeb_desktop.ui.theme import Button

#: Lines of the lobby's chat shown under the seats: as many on the host's lobby (with its
#: address and Start) as on a joiner's; the seats' rows give up height for them.
CHAT_LINES = 3

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class LobbyScene(KitScene):
    """Who sits where, until the game starts; the host's window has the Start button. A
    tournament's LAN game passes ``after_game`` (the game-over Continue, this lobby's when
    nobody plays here), ``leave`` (what Leave does) and ``hint`` (its own line)."""

    def __init__(
        self,
        app: App,
        session: ClientSession | None,
        host: Any = None,
        others: Sequence[ClientSession] = (),
        after_game: Callable[[Any], None] | None = None,
        leave: Callable[[], None] | None = None,
        hint: str | None = None,
    ) -> None:
        """``others``: the sessions of more people at this screen (the host's window);
        ``session`` None: nobody plays at this screen (only with ``host``)."""
        super().__init__(app)
        self.session = session
        self.others = list(others)
        self.host = host
        self.after_game, self.leave, self.hint = after_game, leave, hint
        self.notice: str | None = None
        self.keep = False  # the session and host go on to the table: do not close them
        self.seen: dict[str, Any] = {}  # the host's lobby, when nobody here has a session
        self.chat = TextField(max_chars=MAX_CHAT_CHARS)
        self.typing = False  # the chat line is open (T or the Chat button; Enter sends)
        self._swallow = False  # the T that opened the chat line also arrives as text
        self.picked: int | None = None  # the host picked this seat's player: move or remove
        #: A table over the internet: the code friends join by (shown, with Copy, instead of
        #: the addresses; a player who joined by code sees it too, to pass it on).
        self.code: str | None = getattr(host, "code", None) or getattr(session, "code", None)
        self.address = ""
        if host is not None and host.address is not None and not self.code:
            port = host.address[1]
            self.address = ", ".join(f"{a}:{port}" for a in listen_addresses(host.bind))

    def join_line(self) -> str:
        """How friends reach the table: its code, or the host's addresses ("" at a joiner's
        LAN table)."""
        if self.code:
            return tr("Table code: {code}", code=self.code)
        return tr("Friends join at {address}", address=self.address) if self.address else ""

    def busy(self) -> bool:
        return True

    @property
    def lobby(self) -> dict[str, Any]:
        return (self.session.lobby if self.session is not None else self.seen) or {}

    def update(self, dt: float) -> None:
        if self.session is None:
            self._watch()
            return
        for session in (self.session, *self.others):
            for msg in session.poll():
                kind = msg.get("type")
                if kind in ("lobby", "chat", "joined", "bye", "disconnected"):
                    self.dirty = True
                if kind == "lobby" and self.picked is not None:
                    self.rebuild()  # Remove beside the picked row, wherever it is now
                elif kind == "bye" and msg.get("code") == "removed":
                    self.notice = tr("The host removed you from the table")
                elif kind in ("disconnected", "bye") and not self.notice:
                    self.notice = tr("The host closed the table")
        self._to_table()

    def _watch(self) -> None:
        """Nobody here plays: the host's lobby as it is, and at the game's end what follows."""
        try:
            seen = self.host.lobby()
        except (RuntimeError, TimeoutError):
            return
        if seen != self.seen:
            started = seen.get("started") != self.seen.get("started")
            self.seen = seen
            self.dirty = True
            if started:
                self.rebuild()  # no Start once the game is on
        if self.host.done.is_set() and self.after_game is not None:
            self.after_game(self)

    def _to_table(self) -> None:
        """The table, once the game has started for every seat at this screen."""
        from tarneeb_desktop.ui.table_scene import TableScene

        assert self.session is not None
        view, seq = self.session.snapshot()
        if view is None or seq is None:
            return
        if any(s.snapshot()[0] is None for s in self.others):
            return  # their first views are on their way
        self.keep = True
        self.app.switch(
            TableScene.remote(
                self.app,
                self.session,
                view,
                seq,
                host=self.host,
                others=self.others,
                after_game=self.after_game,
                # the host's own table goes on while its host is in the menu (a tournament's closes)
                keep_on_leave=self.host is not None and self.after_game is None,
            )
        )

    def on_hide(self) -> None:
        if not self.keep:
            for session in [s for s in (self.session, *self.others) if s is not None]:
                with contextlib.suppress(OSError):
                    session.leave()
                session.close()
            if self.host is not None:
                self.host.stop()

    def asks_before_leaving(self) -> bool:
        """Leaving asks first where something is given up: a seat taken at someone's table
        (issue 48 item 11), or this window's own table (closing it for everyone)."""
        if self.leave is not None:
            return False  # a tournament's lobby says what Leave does itself
        seated = self.session is not None and self.session.seat is not None
        return self.host is not None or seated

    @property
    def confirming(self) -> bool:
        """ "Leave this table?" is open over the lobby."""
        return self.app.modals.asking("leave_lobby") is not None

    def foot(self) -> list[FootSpec]:
        """Start (the host's, before the game), Chat and Leave."""
        start = self._host_lobby()
        foot: list[FootSpec] = [(tr("Start"), "start", True)] if start else []
        if start or self.session is not None:
            foot.append((tr("Chat (T)"), "chat", False))
        return [*foot, (tr("Leave"), "back", False)]

    def info_line(self) -> str:
        """The rules and the turn timer, on one line."""
        info, rules = [], self.lobby.get("rules")
        if isinstance(rules, dict):
            preset, target = lobby_rules_words(rules), str(rules.get("target", ""))
            info.append(
                tr("Rules: {preset}, first team to {target} points", preset=preset, target=target)
            )
        turn = self.lobby.get("turn_seconds")
        if isinstance(turn, int | float) and turn > 0:
            info.append(tr("Turn timer: {n} s", n=round(turn)))
        return "  \u00b7  ".join(info)

    def watching_line(self) -> str:
        watching = self.lobby.get("watching")
        if isinstance(watching, list) and watching:
            return tr("Watching: {names}", names=", ".join(str(w) for w in watching[:6]))
        return ""

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if self.typing:
            swallow, self._swallow = self._swallow, False
            if ev.type == pygame.TEXTINPUT and not (swallow and ev.text in ("t", "T")):
                self.chat.insert(ev.text)
            elif ev.type == pygame.KEYDOWN:
                what = self.chat.handle_event(ev)
                if what == "enter":
                    self._say(self.chat.text.strip())
                if what in ("enter", "escape"):
                    self.typing = False
            self.dirty = True
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_t and self.session is not None:
            self.activate("chat")
            self._swallow = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self._host_lobby():
            on_button = any(b.rect.collidepoint(ev.pos) for b in self.buttons())
            for n, r in self.rows.items():
                if r.collidepoint(ev.pos) and not on_button:
                    self._pick(n)
                    return True
        return super().handle_event(ev)

    def _host_lobby(self) -> bool:
        return self.host is not None and not self.lobby.get("started")

    def _pick(self, n: int) -> None:
        """The host clicks a seat's row: a player to move (or remove), then where to."""
        kind = lobby_seats(self.lobby).get(n, {}).get("kind")
        if self.picked is None and kind in ("open", "ai") and self.after_game is None:
            try:  # a free seat to a computer, a computer's seat open to people again
                self.host.call(self.host.set_computer, n, kind == "open")
            except (ValueError, RuntimeError, TimeoutError):
                self.notice = tr("The seats change hands only before the game starts")
        elif self.picked is None or self.picked == n:
            self.picked = n if self.picked is None and kind == "human" else None
        else:
            try:
                self.host.call(self.host.move_seat, self.picked, n)
            except (ValueError, RuntimeError, TimeoutError):
                self.notice = tr("A player moves only to a seat open to people")
            self.picked = None
        self.rebuild()

    def _say(self, line: str) -> None:
        if line and self.session is not None:
            try:
                self.session.chat(line)
            except OSError:
                self.notice = tr("Not connected to the host")

    def activate(self, action: str) -> None:
        if action == "start" and self.host is not None:
            self.host.start_game()
        elif action == "copy" and self.code:
            self.notice = tr("The table code is copied")
            if not put_text(self.code):
                self.notice = tr("No clipboard here: pass the code on as it is written above")
            self.dirty = True
        elif action == "chat":
            self.typing = True
            self.chat.text = ""
            TextField.start()
            self.dirty = True
        elif action == "remove" and self.host is not None and self.picked is not None:
            with contextlib.suppress(ValueError, RuntimeError, TimeoutError):
                self.host.call(self.host.remove_player, self.picked)
            self.picked = None
            self.rebuild()
        elif action == "back" and self.asks_before_leaving():
            # asked first, in the window's modal: Stay (the safe choice) has the focus, and
            # Enter and Esc take it; Leave or Close is chosen with the arrows or a click
            hosting = self.host is not None
            title = tr("Close the table") if hosting else tr("Leave the table")
            question = (
                tr("Close this table? Everyone at it leaves")
                if hosting
                else tr("Leave this table? Your seat stays yours: Rejoin takes you back")
            )
            answers = [(tr("Stay"), "cancel"), (title, "leave_yes")]
            self.app.ask(Modal(title, [question], answers, self.activate, kind="leave_lobby"))
        elif action == "cancel":
            self.rebuild()
        elif action == "back" and self.leave is not None:
            self.leave()
        elif action in ("back", "leave_yes"):
            self.app.show_menu()

    def seat_rows(self) -> list[RowSpec]:
        """Each seat: who sits there, or that it waits; the host's picked player has Remove."""
        out = []
        for n, s in lobby_seats(self.lobby).items():
            kind = s.get("kind")
            color = DIM
            if kind == "open":
                who = tr("waiting for a player...")
            elif kind == "ai":
                name, level = s.get("name"), s.get("level")
                if isinstance(name, str) and name and isinstance(level, str):
                    who = tr("{name}, computer ({level})", name=name, level=level_words(level))
                else:
                    who = tr("computer player")
            else:
                who = str(s.get("name", ""))
                if self.session and n == self.session.seat and who != tr("You"):
                    who = tr("{name} (you)", name=who)
                elif any(n == s.seat for s in self.others):
                    who = tr("{name} (at this screen)", name=who)
                if not s.get("connected", True):
                    who = tr("{name} (away)", name=who)
                color = INK
            picked = n == self.picked and self._host_lobby()
            button = (tr("Remove"), "remove") if picked else None
            out.append(RowSpec(n, tr(SEAT_WORDS[n]), who, color, picked, button))
        return out

    def hint_line(self) -> str:
        lobby = self.lobby
        if self.session is None and lobby.get("started"):
            return tr("The game is on; the standings follow when it ends.")
        if self.session is not None and self.session.watching:
            return tr("You watch this table: the game shows when the host starts it.")
        if self.hint:
            return self.hint
        if self._host_lobby():
            if self.picked is not None:
                return tr("Click another seat to move this player there, or Remove them.")
            return tr(
                "Click a player to move or remove them, an open seat to give it to a computer."
            )
        if self.host is not None:
            return tr("Start when everyone is seated; computer players take the empty seats.")
        if lobby.get("auto_start"):  # a table without a window (tarneeb host)
            return tr("The game starts by itself once every open seat is taken")
        return tr("Waiting for the host to start the game...")

    def chat_lines(self) -> list[str]:
        from tarneeb_desktop.ui.game.chat import history_line

        if self.session is None:
            return []
        return [history_line(m) for m in self.session.chat_log[-CHAT_LINES:]]

    def typed(self) -> str | None:
        """The chat's line being typed, as shown ("Say: ..."), or None."""
        return tr("Say: {line}", line=self.chat.shown(True)) if self.typing else None

    def layout_key(self) -> object:
        return (self.notice, self.picked, self.typing, str(self.seat_rows()), self.join_line(),
                self.info_line(), self.watching_line(), self.hint_line(), tuple(self.chat_lines()),
                tuple(self.foot()), self.lobby.get("table"))  # fmt: skip

    def tree(self, st: Style) -> Box:
        body: list[Box] = []
        if self.join_line():
            line = Text(self.join_line(), size=st.large, color=GOLD, bold=True, align="center")
            copy = ButtonRow([(tr("Copy"), "copy", False)], group="copy")
            body.append(Inline([line, copy]) if self.code else line)
        if self.info_line():
            body.append(Text(self.info_line(), color=DIM, align="center"))
        self.seats = Rows(self.seat_rows(), wide=72)
        body.append(self.seats)
        if self.watching_line():
            body.append(Text(self.watching_line(), color=DIM, align="center"))
        body.append(Text(self.hint_line(), align="center"))
        body.append(Log(self.chat_lines(), self.typed, most=CHAT_LINES, wide=72))
        title = str(self.lobby.get("table") or tr("Lobby"))
        return Page(title, body, foot=self.foot(), notice=self.notice)

    def build(self, lay: Layout) -> list[Button]:
        """The foot's buttons first (Start has the focus, Enter starts), then Remove and Copy."""
        late = {"remove": 1, "copy": 2}  # after the others, in this order (a sort keeps theirs)
        return sorted(super().build(lay), key=lambda b: late.get(b.action, 0))

    @property
    def rows(self) -> dict[int, pygame.Rect]:
        """Where each seat's row is (the host clicks them)."""
        self.laid()
        return self.seats.rects
