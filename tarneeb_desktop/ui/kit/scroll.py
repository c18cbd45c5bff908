"""The kit's scrolling page: lines of any height in a view that scrolls (``Scroll``), a
setting's line (``Labelled``: its label and explanation at the reading start, its control at
the end) and a heading between the lines (``Heading``).

Only what stands wholly in the view gives its buttons and texts (what is cut by the view's
edge is drawn clipped, never squeezed); right to left mirrors each line as a whole and puts
the bar at the view's left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate

import pygame

from tarneeb_desktop.ui.kit.boxes import Box, Column, Group, Text
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.kit.style import DIM, GOLD, Colour, Style
from tarneeb_desktop.ui.theme import Button, blit_panel

#: A focused line's back, and the scroll bar's track and thumb.
FOCUSED: Colour = (0, 0, 0, 90)
TRACK: Colour = (0, 0, 0, 80)
THUMB: Colour = (*GOLD, 200)


class Scroll(Group):
    """``children`` one under the other, each its measure at the view's width less the bar's,
    in a view as tall as the room it is given (it ``grow``s); ``offset`` pixels of them are
    above the view (``scroll_to`` moves them without measuring again)."""

    grow = True

    def __init__(self, children: Sequence[Box], offset: int = 0) -> None:
        self.children = list(children)
        self.offset = offset
        self.view = pygame.Rect(0, 0, 0, 0)
        self.tops: list[int] = []
        self.heights: list[int] = []
        self.content_h = 0
        self._inner = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def _bar_w(st: Style) -> int:
        return round(st.unit * 0.8)

    def _width(self, st: Style, width: int) -> int:
        return width - self._bar_w(st) - st.tight

    def measure(self, st: Style, width: int) -> int:
        return sum(c.measure(st, self._width(st, width)) for c in self.children)

    def least(self, st: Style, width: int) -> int:
        return st.line * 3

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.view = pygame.Rect(rect)
        w = self._width(st, rect.w)
        self._inner = mirrored(pygame.Rect(rect.x, rect.y, w, rect.h), rect)
        self.heights = [c.measure(st, w) for c in self.children]
        *self.tops, self.content_h = accumulate(self.heights, initial=0)
        self.scroll_to(self.offset)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.view.h)

    def scroll_to(self, offset: int) -> None:
        """``offset`` pixels of the lines above the view (kept within what there is)."""
        self.offset = max(0, min(self.max_offset, round(offset)))
        if self._st is None:
            return
        for i, c in enumerate(self.children):
            c.place(self._st, self.line_rect(i))

    def reveal(self, i: int, first: int | None = None) -> None:
        """Scroll the least that shows line ``i`` whole (and from line ``first`` when it can:
        a heading over its first line)."""
        top = self.tops[i if first is None else first]
        bottom = self.tops[i] + self.heights[i]
        if bottom - top > self.view.h:
            top = self.tops[i]
        self.scroll_to(top if top < self.offset else max(self.offset, bottom - self.view.h))

    def line_rect(self, i: int) -> pygame.Rect:
        """Where line ``i`` is on the screen now (it may be outside the view)."""
        return pygame.Rect(self._inner.x, self.view.y + self.tops[i] - self.offset,
                           self._inner.w, self.heights[i])  # fmt: skip

    def line_at(self, pos: tuple[int, int]) -> int | None:
        lines = range(len(self.children)) if self.view.collidepoint(pos) else range(0)
        return next((i for i in lines if self.line_rect(i).collidepoint(pos)), None)

    def _whole(self) -> list[Box]:
        whole = [self.view.contains(self.line_rect(i)) or not h for i, h in enumerate(self.heights)]
        return [c for c, w in zip(self.children, whole, strict=True) if w]

    def draw(self, s: pygame.Surface) -> None:
        clip = s.get_clip()
        s.set_clip(self.view)
        for i, c in enumerate(self.children):
            if self.line_rect(i).colliderect(self.view):
                c.draw(s)
        s.set_clip(clip)
        if self.max_offset <= 0:
            return
        bw = self._bar_w(self._st) if self._st else 8
        track = mirrored(pygame.Rect(self.view.right - bw, self.view.y, bw, self.view.h), self.view)
        blit_panel(s, track, color=TRACK, radius=bw // 2)
        th = max(bw * 2, self.view.h * self.view.h // max(1, self.content_h))
        ty = self.view.y + (self.view.h - th) * self.offset // self.max_offset
        blit_panel(s, pygame.Rect(track.x, ty, bw, th), color=THUMB, radius=bw // 2)

    def buttons(self) -> list[Button]:
        return [b for c in self._whole() for b in c.buttons()]

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return [t for c in self._whole() for t in c.texts()]


class Heading(Group):
    """A section's name in gold, bold, a little above the body size, with a gold rule under it."""

    def __init__(self, words: str) -> None:
        self.text = Text(words, color=GOLD, bold=True)
        self.children = [self.text]

    def measure(self, st: Style, width: int) -> int:
        self.text.size = st.large
        return st.gap + self.text.measure(st, width) + st.tight

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.text.size = st.large
        h = self.text.measure(st, rect.w)
        self.text.place(st, pygame.Rect(rect.x, rect.y + st.gap, rect.w, h))

    def draw(self, s: pygame.Surface) -> None:
        super().draw(s)
        r = self.rect
        pygame.draw.line(s, GOLD, (r.x, r.bottom - 2), (r.right, r.bottom - 2), 1)


class Control(Box):
    """A control a button high, drawn by ``paint(surface, rect)``, ``least`` units wide or more."""

    def __init__(self, paint: Callable[[pygame.Surface, pygame.Rect], None], least: float = 30):
        self.paint, self.least_units = paint, least

    def measure(self, st: Style, width: int) -> int:
        return st.button_h

    def narrowest(self, st: Style) -> int:
        return round(st.unit * self.least_units)

    def draw(self, s: pygame.Surface) -> None:
        self.paint(s, self.rect)


class Labelled(Group):
    """A setting's line: its ``label`` (bold) and its ``help`` (dim, wrapped, never smaller
    than the body) at the reading start, its ``control`` at the end, ``share`` of the line
    wide (at least the control's narrowest); when the words would have less than ``words``
    units, the control goes under them. ``focused()``: the line is lit and framed in gold."""

    def __init__(
        self,
        label: str,
        help: str,
        control: Box,
        focused: Callable[[], bool] = lambda: False,
        share: float = 0.36,
        words: float = 40,
    ) -> None:
        parts = [Text(label, bold=True)] + ([Text(help, color=DIM)] if help else [])
        self.words_box = Column(parts, gap=0)
        self.control = control
        self.children = [self.words_box, control]
        self.focused, self.share, self.words_least = focused, share, words

    def _split(self, st: Style, width: int) -> tuple[int, int, bool]:
        """The words' width, the control's, and whether they stand side by side."""
        inner = width - 2 * st.margin
        cw = max(self.control.narrowest(st), round(inner * self.share))
        ww = inner - cw - st.gap
        beside = ww >= round(st.unit * self.words_least)
        return (ww if beside else inner), cw, beside

    def measure(self, st: Style, width: int) -> int:
        ww, _, beside = self._split(st, width)
        words, ch = self.words_box.measure(st, ww), self.control.measure(st, width)
        return 2 * st.tight + (max(words, ch) if beside else words + st.tight + ch)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        inner = rect.inflate(-2 * st.margin, -2 * st.tight)
        ch = self.control.measure(st, rect.w)
        ww, cw, beside = self._split(st, rect.w)
        wh = self.words_box.measure(st, ww)
        wy = inner.y  # beside a taller control, the words are centred
        cy = inner.y + (inner.h - ch) // 2 if beside else inner.y + wh + st.tight
        if beside:
            wy += max(0, (inner.h - wh) // 2)
        self.words_box.place(st, mirrored(pygame.Rect(inner.x, wy, ww, wh), inner))
        self.control.place(st, mirrored(pygame.Rect(inner.right - cw, cy, cw, ch), inner))

    def draw(self, s: pygame.Surface) -> None:
        on = self.focused()
        radius = self._st.radius if self._st else 0
        frame = self.rect.inflate(-2, -2)
        if on:
            blit_panel(s, frame, color=FOCUSED, radius=radius)
        super().draw(s)
        if on:  # the focus ring: thick and gold, seen on the felt and on the controls
            pygame.draw.rect(s, GOLD, frame, width=3, border_radius=radius)
