"""Chat at a LAN table: the line being typed (T or the Chat button opens it, never Enter; Enter
sends a line and keeps the chat open for the next, Enter on an empty line or Esc closes it)
and the speech bubbles of what was said (chat lines and quick reactions) at the seats."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.protocol import MAX_CHAT_CHARS
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.widgets import TextField, draw_field
from tarneeb_desktop.ui.layout import BOTTOM, TOP, Layout
from tarneeb_desktop.ui.theme import blit_panel, blit_text

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
        if by_t:
            self._swallow_t = True

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
        if what == "escape":
            self.open = False
        elif what == "enter":
            # A line sent leaves the chat open and empty for the next (issue 48 item 12:
            # "salam", Enter and at once "hello two" sent "two": the line had closed, and the
            # next words went to the table's keys, until their T opened it again). Enter on
            # an empty line, or Esc, closes it.
            line = self.field.text.strip()
            self.field.text = ""
            if not line:
                self.open = False
            else:
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
        """The last lines said at the table, under the chat line (oldest first)."""
        lines = [history_line(m) for m in self.history()[-HISTORY_LINES:]]
        if not lines:
            return
        size = lay.text  # never below the body size
        line_h = round(size * 1.6)
        r = pygame.Rect(0, 0, round(lay.w * 0.5), line_h * len(lines) + lay.margin)
        r.midtop = (lay.w // 2, lay.back_rects(TOP, 13)[0].bottom + round(lay.text * 5.6))
        blit_panel(s, r, color=(6, 20, 14, 215), border=(255, 255, 255, 60), radius=lay.margin)
        y = r.y + lay.margin // 2 + line_h // 2
        anchor = i18n.anchor("midleft")
        x = i18n.mirror_x(r.x + lay.margin, r.x, r.w)
        for line in lines:
            blit_text(
                s, line, size, (x, y), theme.INK, anchor=anchor, max_width=r.w - lay.margin * 2
            )
            y += line_h

    def _bubble(self, s: pygame.Surface, lay: Layout, seat: int, line: str) -> None:
        size = lay.text
        h = round(lay.text * 2.0)
        tw = min(text.size_of(line, size)[0], round(lay.w * 0.3))
        w = tw + h
        side = self.scene.side(seat)
        r = self.scene.panels.bubble_rect(lay, side, w, h)
        if side != BOTTOM:
            # below the auction's call bubble, which sits in the same place (my own call
            # bubble is covered instead: above it is the bubble of the seat on my left)
            r = r.move(0, h + round(lay.unit))
        blit_panel(s, r, color=(255, 244, 200, 245), border=(0, 0, 0, 90), radius=h // 2)
        blit_text(
            s, line, size, r.center, theme.BUTTON_TEXT, anchor="center", max_width=r.w - h // 2
        )

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
            ink=theme.INK,
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
        size = lay.text
        tw = min(text.size_of(hint, size)[0], r.w)
        back = pygame.Rect(0, 0, tw + 2 * lay.margin, round(size * 1.7))
        back.midtop = (r.centerx, r.bottom + 2)  # on a dark strip: the trick may be below
        blit_panel(s, back, color=(6, 20, 14, 225), border=None, radius=back.h // 2)
        blit_text(s, hint, size, back.center, theme.GOLD, anchor="center", max_width=r.w)


def history_line(msg: dict[str, Any]) -> str:
    """One line of the chat history: who said what (a watcher marked so)."""
    name, said = str(msg.get("name", "")), str(msg.get("text", ""))
    if msg.get("watcher"):
        name = tr("{name} (watching)", name=name)
    return tr("{name}: {said}", name=name, said=said)
