"""The lobby of a table (who sits where until the game starts, and how friends join: its
addresses or its code); what the LAN screens share is in ``lan_page.py``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.addresses import listen_addresses
from tarneeb_desktop.net.client import ClientSession
from tarneeb_desktop.net.protocol import MAX_CHAT_CHARS
from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_WORDS  # the lobby's name for them
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.clipboard import put_text
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.lan_page import (
    draw_buttons_and_notice,
    level_words,
    lobby_rules_words,
    notice_room,
    page,
)
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.widgets import TextField, draw_field

#: Lines of the lobby's chat shown under the seats: as many on the host's lobby (with its
#: address and Start) as on a joiner's; the seats' rows give up height for them.
CHAT_LINES = 3

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class LobbyScene(ButtonScene):
    """Who sits where, until the game starts; the host's window has the Start button.

    A tournament's LAN game (``tournament_play.py``) passes ``after_game`` (the table's
    game-over Continue, or this lobby's when nobody plays at this screen: it then shows the
    table until the game ends), ``leave`` (what Leave does) and ``hint`` (its own line)."""

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
        #: Leave was asked: the question is on screen (Esc answers Stay)
        self.seen: dict[str, Any] = {}  # the host's lobby, when nobody here has a session
        self.sessions = [self.session] if self.session is not None else []
        self.chat = TextField(max_chars=MAX_CHAT_CHARS)
        self.typing = False  # the chat line is open (T or the Chat button; Enter sends)
        self._swallow = False  # the T that opened the chat line also arrives as text
        self.picked: int | None = None  # the host picked this seat's player: move or remove
        self.rows: dict[int, pygame.Rect] = {}  # where each seat's row was drawn
        self.address = ""
        if host is not None and host.address is not None:
            port = host.address[1]
            self.address = ", ".join(f"{a}:{port}" for a in listen_addresses(host.bind))
        #: A table over the internet: the code friends join by (shown, with Copy, instead of
        #: the addresses; a player who joined by code sees it too, to pass it on).
        self.code: str | None = getattr(host, "code", None) or getattr(session, "code", None)
        if self.code:
            self.address = ""

    def join_line(self) -> str:
        """How friends reach the table: its code, or the host's addresses ("" at a joiner's
        LAN table)."""
        if self.code:
            return tr("Table code: {code}", code=self.code)
        return tr("Friends join at {address}", address=self.address) if self.address else ""

    def copy_rect(self, lay: Layout) -> pygame.Rect:
        """Copy, at the reading end of the code's line (the two centred together)."""
        size = round(lay.text * 1.15)
        line_w, line_h = text.size_of(self.join_line(), size, bold=True)
        h = round(lay.text * 2.0)
        w = theme.button_width([tr("Copy")], lay.text, h)
        x0 = lay.w // 2 - (line_w + lay.margin + w) // 2
        r = pygame.Rect(x0 + line_w + lay.margin, 0, w, h)
        if i18n.is_rtl():
            r.x = lay.w - r.right
        r.centery = lay.margin * 2 + round(lay.heading * 2.3) + line_h // 2  # the line's middle
        return r

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
                if kind in ("lobby", "chat", "joined"):
                    self.dirty = True
                    if kind == "lobby" and self.picked is not None:
                        self.rebuild()  # Remove beside the picked row, wherever it is now
                elif kind == "bye" and msg.get("code") == "removed":
                    self.notice = tr("The host removed you from the table")
                    self.dirty = True
                elif kind in ("disconnected", "bye"):
                    if not self.notice:
                        self.notice = tr("The host closed the table")
                    self.dirty = True
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
        """Once the game has started for every seat at this screen (the table starts from
        each session's latest view)."""
        from tarneeb_desktop.ui.table_scene import TableScene

        assert self.session is not None
        view, seq = self.session.snapshot()
        if view is None or seq is None:
            return
        if any(s.snapshot()[0] is None for s in self.others):
            return  # their first views are on their way
        self.keep = True
        scene = TableScene.remote(
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
        self.app.switch(scene)

    def on_hide(self) -> None:
        if not self.keep:
            for session in (*self.sessions, *self.others):
                try:
                    session.leave()
                except OSError:
                    pass
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

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 26), round(lay.unit * 6.6)
        gap = round(lay.unit * 1.6)
        r = pygame.Rect(0, 0, bw, bh)
        r.bottom = round(lay.h * 0.86) - lay.margin
        out = []
        if self.host is not None and not self.lobby.get("started"):
            r.right = lay.w // 2 - gap // 2 - (bw + gap) // 2
            out.append(Button(r, tr("Start"), "start", primary=True))
            out.append(Button(r.move(bw + gap, 0), tr("Chat (T)"), "chat"))
            out.append(Button(r.move(2 * (bw + gap), 0), tr("Leave"), "back"))
            if self.picked is not None:  # the host's hand on a player: remove them
                out.append(Button(self.remove_rect(lay), tr("Remove"), "remove"))
        elif self.session is not None:
            r.right = lay.w // 2 - gap // 2
            out.append(Button(r, tr("Chat (T)"), "chat"))
            out.append(Button(r.move(bw + gap, 0), tr("Leave"), "back"))
        else:
            r.centerx = lay.w // 2
            out.append(Button(r, tr("Leave"), "back"))
        if i18n.is_rtl():  # the first on the reading side
            xs = [b.rect.x for b in out[:3] if b.rect.y == r.y]
            for b, x in zip([b for b in out if b.rect.y == r.y], reversed(xs), strict=False):
                b.rect.x = x
        if self.code:  # mirrored already by copy_rect
            out.append(Button(self.copy_rect(lay), tr("Copy"), "copy"))
        return out

    # ------------------------------------------------------------------ the layout
    def info_line(self) -> str:
        """The rules and the turn timer, on one line."""
        lobby = self.lobby
        info = []
        rules = lobby.get("rules")
        if isinstance(rules, dict):
            info.append(
                tr(
                    "Rules: {preset}, first team to {target} points",
                    preset=lobby_rules_words(rules),
                    target=str(rules.get("target", "")),
                )
            )
        turn = lobby.get("turn_seconds")
        if isinstance(turn, int | float) and turn > 0:
            info.append(tr("Turn timer: {n} s", n=round(turn)))
        return "  \u00b7  ".join(info)

    def watching_line(self) -> str | None:
        watching = self.lobby.get("watching")
        if isinstance(watching, list) and watching:
            return tr("Watching: {names}", names=", ".join(str(w) for w in watching[:6]))
        return None

    @staticmethod
    def buttons_top(lay: Layout) -> int:
        """The top of the row of Start, Chat and Leave."""
        return round(lay.h * 0.86) - lay.margin - round(lay.unit * 6.6)

    def plan(self, lay: Layout) -> tuple[int, int]:
        """Where the seats' rows start, and their height: up to 2.6 lines of text, less
        (down to 2) so that the chat under them keeps room for :data:`CHAT_LINES` lines
        on the host's lobby (its address above) as on a joiner's."""
        y = lay.margin * 2 + round(lay.heading * 2.3)  # under the page's title
        if self.join_line():
            y += round(lay.text * 2.2)
        if self.info_line():
            y += round(lay.text * 1.6)
        y += round(lay.text * 0.4)  # room for the taller scripts' lines above the seats
        below = lay.margin + round(lay.text * 1.8)  # the hint, down to the chat
        if self.watching_line():
            below += round(lay.text * 1.8)
        chat = CHAT_LINES * round(lay.text * 1.45) + lay.margin
        room = (self.buttons_top(lay) - lay.margin - chat - below - y) // 4
        return y, max(round(lay.text * 2.0), min(round(lay.text * 2.6), room))

    def row_rect(self, lay: Layout, n: int) -> pygame.Rect:
        """Seat ``n``'s row."""
        top, row_h = self.plan(lay)
        r = pygame.Rect(0, top + n * row_h, round(lay.w * 0.56), row_h - round(lay.unit))
        r.centerx = lay.w // 2
        return r

    def remove_rect(self, lay: Layout) -> pygame.Rect:
        """Remove, just past the reading end of the picked player's row (where it does not
        take the chat's room)."""
        row = self.row_rect(lay, self.picked or 0)
        h = max(row.h, round(lay.text * 2.0))
        w = theme.button_width([tr("Remove")], lay.text, h)
        r = pygame.Rect(row.right + lay.margin // 2, 0, w, h)
        if i18n.is_rtl():
            r.right = row.x - lay.margin // 2
        r.centery = row.centery
        return r

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
            for n, r in self.rows.items():
                if r.collidepoint(ev.pos):
                    self._pick(n)
                    return True
        return super().handle_event(ev)

    def _host_lobby(self) -> bool:
        return self.host is not None and not self.lobby.get("started")

    def _pick(self, n: int) -> None:
        """The host clicks a seat's row: a player to move (or remove), then where to."""
        seats = self.lobby.get("seats") or []
        kind = next(
            (s.get("kind") for s in seats if isinstance(s, dict) and s.get("seat") == n), None
        )
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
            copied = put_text(self.code)
            self.notice = (
                tr("The table code is copied")
                if copied
                else tr("No clipboard here: pass the code on as it is written above")
            )
            self.dirty = True
        elif action == "chat":
            self.typing = True
            self.chat.text = ""
            TextField.start()
            self.dirty = True
        elif action == "remove" and self.host is not None and self.picked is not None:
            try:
                self.host.call(self.host.remove_player, self.picked)
            except (ValueError, RuntimeError, TimeoutError):
                pass
            self.picked = None
            self.rebuild()
        elif action == "back" and self.asks_before_leaving():
            # asked first, in the window's modal: Stay (the safe choice) has the focus, and
            # Enter and Esc take it; Leave or Close is chosen with the arrows or a click
            hosting = self.host is not None
            self.app.ask(
                Modal(
                    tr("Close the table") if hosting else tr("Leave the table"),
                    [
                        tr("Close this table? Everyone at it leaves")
                        if hosting
                        else tr("Leave this table? Your seat stays yours: Rejoin takes you back")
                    ],
                    [
                        (tr("Stay"), "cancel"),
                        (tr("Close the table") if hosting else tr("Leave the table"), "leave_yes"),
                    ],
                    self.activate,
                    kind="leave_lobby",
                )
            )
        elif action == "cancel":
            self.rebuild()
        elif action == "back" and self.leave is not None:
            self.leave()
        elif action in ("back", "leave_yes"):
            self.app.show_menu()

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        lobby = self.lobby
        box = page(surface, lay, str(lobby.get("table") or tr("Lobby")))
        y = box.y + round(lay.heading * 2.3)
        if self.code:  # the code, then Copy, centred together (mirrored right to left)
            copy = self.copy_rect(lay)
            size = round(lay.text * 1.15)
            if i18n.is_rtl():
                pos, anchor = (copy.right + lay.margin, y), "topleft"
            else:
                pos, anchor = (copy.x - lay.margin, y), "topright"
            blit_text(surface, self.join_line(), size, pos, theme.GOLD, bold=True, anchor=anchor)
        elif self.address:
            blit_text(
                surface,
                self.join_line(),
                round(lay.text * 1.15),
                (lay.w // 2, y),
                theme.GOLD,
                bold=True,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
        info = self.info_line()
        if info:
            y = self.plan(lay)[0] - round(lay.text * 2.0)
            blit_text(
                surface,
                info,
                lay.text,
                (lay.w // 2, y),
                theme.INK_DIM,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
        raw = lobby.get("seats")
        seats: list[Any] = raw if isinstance(raw, list) else []
        col = round(lay.w * 0.3)
        y = self.plan(lay)[0]
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
                name, level = s.get("name"), s.get("level")
                if isinstance(name, str) and name and isinstance(level, str):
                    who = tr("{name}, computer ({level})", name=name, level=level_words(level))
                else:
                    who = tr("computer player")
                color = theme.INK_DIM
            else:
                who = str(s.get("name", ""))
                if self.session and n == self.session.seat and who != tr("You"):
                    who = tr("{name} (you)", name=who)
                elif any(n == s.seat for s in self.others):
                    who = tr("{name} (at this screen)", name=who)
                if not s.get("connected", True):
                    who = tr("{name} (away)", name=who)
                color = theme.INK
            r = self.row_rect(lay, n)
            self.rows[n] = r
            picked = n == self.picked
            blit_panel(
                surface,
                r,
                color=(242, 196, 84, 70) if picked else (255, 255, 255, 24),
                border=theme.GOLD + (255,) if picked else None,
                radius=r.h // 4,
            )
            blit_text(
                surface,
                tr(SEAT_WORDS[n]),
                lay.text,
                (i18n.mirror_x(r.x + lay.margin, r.x, r.w), r.centery),
                theme.GOLD,
                bold=True,
                anchor=i18n.anchor("midleft"),
            )
            blit_text(
                surface,
                who,
                lay.text,
                (i18n.mirror_x(r.x + col // 2, r.x, r.w), r.centery),
                color,
                anchor=i18n.anchor("midleft"),
                max_width=r.right - r.x - col // 2 - lay.margin,
            )
            y = r.y + self.plan(lay)[1]
        hint = self.hint or (
            tr("Start when everyone is seated; computer players take the empty seats.")
            if self.host is not None
            else tr("The game starts by itself once every open seat is taken")
            if lobby.get("auto_start")  # a table without a window (tarneeb host)
            else tr("Waiting for the host to start the game...")
        )
        if self.session is None and lobby.get("started"):
            hint = tr("The game is on; the standings follow when it ends.")
        elif self.session is not None and self.session.watching:
            hint = tr("You watch this table: the game shows when the host starts it.")
        elif self._host_lobby() and not self.hint:
            hint = (
                tr("Click another seat to move this player there, or Remove them.")
                if self.picked is not None
                else tr(
                    "Click a player to move or remove them, an open seat to give it to a computer."
                )
            )
        line = self.watching_line()
        if line:
            y += round(lay.text * 0.3)
            blit_text(
                surface,
                line,
                lay.text,
                (lay.w // 2, y),
                theme.INK_DIM,
                anchor="midtop",
                max_width=box.w - 2 * lay.margin,
            )
            y += round(lay.text * 1.5)
        blit_text(
            surface,
            hint,
            lay.text,
            (lay.w // 2, y + lay.margin),
            theme.INK,
            anchor="midtop",
            max_width=box.w - 2 * lay.margin,
        )
        self._draw_chat(surface, lay, y + lay.margin + round(lay.text * 1.8))
        draw_buttons_and_notice(surface, self, lay, box, above_buttons=True)

    def _draw_chat(self, surface: pygame.Surface, lay: Layout, top: int) -> None:
        """The lobby's chat: what was said (its sender's lines too), and the line typed."""
        from tarneeb_desktop.ui.game.chat import history_line

        if self.session is None:
            return
        lines = [history_line(m) for m in self.session.chat_log[-CHAT_LINES:]]
        if not lines and not self.typing:
            return
        width = round(lay.w * 0.8) - 2 * lay.margin  # the page's panel, as the notice's
        bottom = self.buttons_top(lay) - lay.margin - notice_room(self.notice, lay, width)
        line_h = round(lay.text * 1.45)
        field_h = round(lay.text * 2.0) if self.typing else 0
        room = max(0, (bottom - top - field_h - lay.margin) // line_h)
        lines = lines[-room:] if room else []
        r = pygame.Rect(0, 0, round(lay.w * 0.56), len(lines) * line_h + field_h + lay.margin)
        r.midbottom = (lay.w // 2, bottom)
        blit_panel(surface, r, color=(0, 0, 0, 70), radius=lay.margin)
        x = i18n.mirror_x(r.x + lay.margin, r.x, r.w)
        y = r.y + lay.margin // 2 + line_h // 2
        for line in lines:
            blit_text(
                surface,
                line,
                round(lay.text * 0.9),
                (x, y),
                theme.INK,
                anchor=i18n.anchor("midleft"),
                max_width=r.w - 2 * lay.margin,
            )
            y += line_h
        if self.typing:
            f = pygame.Rect(
                r.x + lay.margin // 2,
                r.bottom - field_h - lay.margin // 4,
                r.w - lay.margin,
                field_h,
            )
            draw_field(
                surface,
                f,
                tr("Say: {line}", line=self.chat.shown(True)),
                lay.text,
                fill=(6, 20, 14, 235),
                border=theme.GOLD + (255,),
                ink=theme.INK,
                margin=lay.margin,
                from_start=True,
            )
