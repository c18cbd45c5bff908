"""Chat at a LAN table: the line being typed (T or the Chat button opens it, never Enter; Enter
sends a line and keeps the chat open for the next, Enter on an empty line or Esc closes it)
and the speech bubbles of what was said (chat lines and quick reactions) at the seats."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.protocol import MAX_CHAT_CHARS
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.game.labels import fitted
from tarneeb_desktop.ui.game.note import Note
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit import style
from tarneeb_desktop.ui.kit.widgets import TextField, draw_field
from tarneeb_desktop.ui.layout import BOTTOM, TOP, Layout

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene

BUBBLE_SECONDS = 5.0
HISTORY_LINES = 7  # the chat history shown while the chat line is open


class Chat:
    """The chat line (``open`` while typed into) and the bubbles: per seat, (line, seconds
    left). ``send`` gives a line to the host (OSError: not connected)."""

    def __init__(self, scene: TableScene, send: Callable[[str], None]) -> None:
        self.scene = scene
        self.send = send
        self._open = False
        self.field = TextField(max_chars=MAX_CHAT_CHARS)
        self.bubbles: dict[int, tuple[str, float]] = {}
        #: The table's chat so far (the link's, its sender's own lines included).
        self.history: Callable[[], list[dict[str, Any]]] = list
        self._swallow_t = False  # the T that opened the chat line also arrives as text

    @property
    def open(self) -> bool:
        """The chat line is being typed into."""
        return self._open

    @open.setter
    def open(self, value: bool) -> None:
        if value != self._open:
            self._open = value
            self.scene.invalidate()  # the bid panel steps aside for the line, and comes back

    def start(self, by_t: bool = False) -> None:
        """Open the chat line (``by_t``: the T key did, and its letter is still to come)."""
        self.open = True
        self.field.text = ""
        TextField.start()
        self.scene.dirty = True
        self._swallow_t = by_t

    def hear(self, seat: int, line: str) -> None:
        """Show ``line`` in a bubble at ``seat``."""
        self.bubbles[seat] = (line, BUBBLE_SECONDS)
        self.scene.dirty = True

    def update(self, dt: float) -> None:
        if self.bubbles:
            self.bubbles = {
                s: (t, left - dt) for s, (t, left) in self.bubbles.items() if left - dt > 0
            }
            self.scene.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> bool:
        """While the line is open every key goes to it (and clicks do nothing)."""
        scene = self.scene
        if ev.type == pygame.TEXTINPUT:
            swallow, self._swallow_t = self._swallow_t, False
            if swallow and ev.text in ("t", "T") and not self.field.text:
                return True
            if self.field.insert(ev.text):
                scene.dirty = True
            return True
        if ev.type != pygame.KEYDOWN:
            return ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if ev.key != pygame.K_t:
            self._swallow_t = False
        what = self.field.handle_event(ev)
        if what == "escape" or (what == "enter" and not self.field.text.strip()):
            self.open = False  # Esc, or Enter on an empty line (opening empties it again)
        elif what == "enter":
            # A line sent leaves the chat open and empty for the next (issue 48 item 12:
            # "salam", Enter and at once "hello two" sent "two": the line had closed, and the
            # next words went to the table's keys, until their T opened it again).
            line = self.field.text.strip()
            self.field.text = ""
            try:
                self.send(line)
            except OSError:
                scene.say(tr("Not connected to the host"))
        scene.dirty = True
        return True

    def draw(self, s: pygame.Surface, lay: Layout) -> None:
        for seat, (line, _left) in self.bubbles.items():
            self._bubble(s, lay, seat, line)
        if self.open:
            self._draw_line(s, lay)
            self._draw_history(s, lay)

    def _draw_history(self, s: pygame.Surface, lay: Layout) -> None:
        """The last lines said at the table, under the chat line (oldest first), each
        wrapped to two lines at the body size."""
        said = self.history()[-HISTORY_LINES:]
        room = round(lay.w * 0.5) - 2 * lay.margin
        lines = [(ln, False) for msg in said for ln in fitted(history_line(msg), lay.text, room, 2)]
        if not lines:
            return
        note = Note(lay, lines, (style.PANEL, (255, 255, 255, 60), style.INK), align="start")
        r = pygame.Rect(0, 0, round(lay.w * 0.5), note.h)
        r.midtop = (lay.w // 2, lay.back_rects(TOP, 13)[0].bottom + round(lay.text * 5.6))
        note.show(s, r)

    def _bubble(self, s: pygame.Surface, lay: Layout, seat: int, line: str) -> None:
        """What ``seat`` said, in a bubble at its plate: two lines at most at the body size
        (the rest cut short: the history has it whole)."""
        lines = [(ln, False) for ln in fitted(line, lay.text, round(lay.w * 0.3), 2)]
        ink = (255, 244, 200, 245), (0, 0, 0, 90), theme.BUTTON_TEXT
        note = Note(lay, lines, ink, radius=round(lay.text * 1.0))
        side = self.scene.side(seat)
        r = self.scene.panels.bubble_rect(lay, side, note.w, note.h)
        if side != BOTTOM:
            # below the auction's call bubble, which sits in the same place (my own call
            # bubble is covered instead: above it is the bubble of the seat on my left)
            r = r.move(0, round(lay.text * 2.0) + round(lay.unit))
        note.show(s, r)

    def _draw_line(self, s: pygame.Surface, lay: Layout) -> None:
        r = pygame.Rect(0, 0, round(lay.w * 0.5), round(lay.text * 2.4))
        # under North's cards, clear of the action panel above my hand
        r.midtop = (lay.w // 2, lay.back_rects(TOP, 13)[0].bottom + lay.margin)
        draw_field(
            s,
            r,
            tr("Say: {line}", line=self.field.shown(True)),
            lay.text,
            fill=(6, 20, 14, 235),
            border=(255, 255, 255, 120),
            ink=style.INK,
            margin=lay.margin,
            radius=r.h // 3,
            from_start=True,  # a right-to-left language types from the right
        )
        # Whoever types sees that the keys go to the chat, and when their turn has come
        # (the game's keys work again once Esc closes the line).
        hint = (
            tr("Your turn: Esc closes the chat")
            if self.scene.my_turn()
            else tr("Typing to the table: Enter sends, Esc closes")
        )
        lines = [(ln, False) for ln in fitted(hint, lay.text, r.w, 2)]
        note = Note(lay, lines, ((6, 20, 14, 225), None, style.GOLD), round(lay.text * 0.85))
        back = pygame.Rect(0, 0, note.w, note.h)
        back.midtop = (r.centerx, r.bottom + 2)  # on a dark strip: the trick may be below
        note.show(s, back)


def history_line(msg: dict[str, Any]) -> str:
    """One line of the chat history: who said what (a watcher marked so)."""
    name, said = str(msg.get("name", "")), str(msg.get("text", ""))
    if msg.get("watcher"):
        name = tr("{name} (watching)", name=name)
    return tr("{name}: {said}", name=name, said=said)
