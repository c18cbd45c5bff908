"""The kit's lines and short lists: boxes side by side at their own widths (``Inline``: a
code and its Copy button), a list of rows to click (``Rows``: a lobby's seats), and the last
lines of a conversation with the line being typed (``Log``: a lobby's chat). Tables and the
long lists to choose from are in ``tables.py``.

As everywhere in the kit, right to left mirrors a box as a whole (``form.mirrored``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.kit.boxes import Box, Buttons, Group, Text, ink_at, placed, start_of
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Colour, Style
from tarneeb_desktop.ui.kit.widgets import draw_field
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text, button_width

#: A row's back, a picked row's, and the log's.
ROW: Colour = (255, 255, 255, 24)
PICKED: Colour = (242, 196, 84, 70)
LOG: Colour = (0, 0, 0, 70)
#: The typed line's field.
FIELD: Colour = (6, 20, 14, 235)


class Inline(Group):
    """Boxes side by side at their ``natural`` widths, ``gap`` apart, centred together, the
    first on the reading side; one under the other when they do not fit."""

    def __init__(self, children: Sequence[Box]) -> None:
        self.children = list(children)

    def _widths(self, st: Style, width: int) -> list[int]:
        return [min(width, c.natural(st) or width) for c in self.children]

    def _fits(self, st: Style, width: int) -> bool:
        return sum(self._widths(st, width)) + st.gap * (len(self.children) - 1) <= width

    def measure(self, st: Style, width: int) -> int:
        ws = self._widths(st, width)
        hs = [c.measure(st, w) for c, w in zip(self.children, ws, strict=True)]
        if self._fits(st, width):
            return max(hs, default=0)
        return sum(hs) + st.gap * (len(hs) - 1)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        ws, fits = self._widths(st, rect.w), self._fits(st, rect.w)
        x, y = rect.centerx - (sum(ws) + st.gap * (len(ws) - 1)) // 2, rect.y
        for c, w in zip(self.children, ws, strict=True):
            h = c.measure(st, w)
            if fits:
                c.place(st, mirrored(pygame.Rect(x, rect.centery - h // 2, w, h), rect))
            else:  # one under the other, each centred
                c.place(st, pygame.Rect(rect.centerx - w // 2, y, w, h))
            x, y = x + w + st.gap, y + h + st.gap


@dataclass
class RowSpec:
    """A row of a list: its ``key`` (what a click on it picks), its ``head`` (gold, bold, in a
    column as wide as the widest head) and its ``words`` in ``color``; ``picked`` rows are
    lit and carry their ``button`` ((label, action)) at their reading end."""

    key: int
    head: str
    words: str
    color: Colour = INK
    picked: bool = False
    button: tuple[str, str] | None = None


class Rows(Buttons):
    """Rows as tall as a text field, ``wide`` units (at most the room), centred; ``rects``:
    each row's by its key."""

    def __init__(self, rows: Sequence[RowSpec], wide: float = 100) -> None:
        self.rows = list(rows)
        self.wide = wide
        self.rects: dict[int, pygame.Rect] = {}
        self.ends: dict[int, int] = {}  # where each row's words must stop (left to right)

    @staticmethod
    def row_h(st: Style) -> int:
        return round(st.body * 2.2)

    def measure(self, st: Style, width: int) -> int:
        n = len(self.rows)
        return n * self.row_h(st) + max(0, n - 1) * st.tight

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        w, rh = min(rect.w, round(st.unit * self.wide)), self.row_h(st)
        self.head_w = max((text.size_of(r.head, st.body, True)[0] for r in self.rows), default=0)
        self.rects, self._buttons, self.ends = {}, [], {}
        for k, row in enumerate(self.rows):
            r = pygame.Rect(rect.centerx - w // 2, rect.y + k * (rh + st.tight), w, rh)
            self.rects[row.key], self.ends[row.key] = r, r.right
            if row.button is not None:
                label, action = row.button
                bh = r.h - st.tight
                b = pygame.Rect(0, r.y + st.tight // 2, button_width([label], st.body, bh), bh)
                b.right = r.right - st.tight // 2
                self.ends[row.key] = b.x  # the words stop before it
                self._buttons.append(Button(mirrored(b, r), label, action, group="row"))

    def _cells(self, row: RowSpec, r: pygame.Rect) -> list[tuple[str, pygame.Rect, Colour, bool]]:
        """The head and the words, each in its room of the row (mirrored)."""
        pad = self._st.margin if self._st else 0
        head = pygame.Rect(r.x + pad, r.y, self.head_w, r.h)
        x = head.right + 2 * pad
        words = pygame.Rect(x, r.y, max(0, self.ends[row.key] - pad - x), r.h)
        return [
            (row.head, mirrored(head, r), GOLD, True),
            (row.words, mirrored(words, r), row.color, False),
        ]

    def draw(self, s: pygame.Surface) -> None:
        st = self._st
        if st is None:
            return
        for row in self.rows:
            r = self.rects[row.key]
            blit_panel(s, r, color=PICKED if row.picked else ROW,
                       border=(*GOLD, 255) if row.picked else None, radius=r.h // 4)  # fmt: skip
            for words, cell, color, bold in self._cells(row, r):
                blit_text(s, words, st.body, start_of(cell), color, bold=bold,
                          anchor=i18n.anchor("midleft"), max_width=cell.w)  # fmt: skip
        super().draw(s)  # the buttons

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        st = self._st
        if st is None:
            return []
        cells = [c for row in self.rows for c in self._cells(row, self.rects[row.key])]
        return [(w, placed(w, st.body, start_of(cell), bold)) for w, cell, _, bold in cells]

    def key_at(self, pos: tuple[int, int]) -> int | None:
        return next((k for k, r in self.rects.items() if r.collidepoint(pos)), None)


class Log(Box):
    """The last ``most`` of ``lines`` that the room holds (it ``grow``s and shrinks), on a dark
    panel ``wide`` units wide, and under them, while ``typing()`` gives a line, that line in
    a field. Nothing at all without lines or a line typed."""

    grow = True

    def __init__(
        self,
        lines: Sequence[str],
        typing: Callable[[], str | None],
        *,
        most: int = 3,
        wide: float = 100,
    ) -> None:
        self.lines = list(lines)[-most:]
        self.typing, self.wide = typing, wide
        self.shown: list[str] = []
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _field_h(self, st: Style) -> int:
        return round(st.body * 2.0) if self.typing() is not None else 0

    def _h(self, st: Style, n: int) -> int:
        fh = self._field_h(st)
        return n * st.line + fh + st.margin if n or fh else 0

    def measure(self, st: Style, width: int) -> int:
        return self._h(st, len(self.lines))

    def least(self, st: Style, width: int) -> int:
        return self._h(st, 0)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        frame = self._field_h(st) + st.margin  # round the lines: the field and the margins
        room = min(len(self.lines), max(0, (rect.h - frame) // st.line))
        self.shown = self.lines[len(self.lines) - room :] if room else []
        w = min(rect.w, round(st.unit * self.wide))
        h = self._h(st, len(self.shown))
        self.panel = pygame.Rect(rect.centerx - w // 2, rect.bottom - h, w, h)

    def _cells(self, st: Style) -> list[tuple[str, tuple[int, int], int]]:
        """Each line shown, where it starts (its middle's height) and its room's width."""
        r, out = self.panel, []
        for k, line in enumerate(self.shown):
            y = r.y + st.margin // 2 + k * st.line
            cell = mirrored(pygame.Rect(r.x + st.margin, y, r.w - 2 * st.margin, st.line), r)
            out.append((line, start_of(cell), cell.w))
        return out

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        st = self._st
        if st is None:
            return []
        return [(line, placed(line, st.body, pos)) for line, pos, _ in self._cells(st)]

    def draw(self, s: pygame.Surface) -> None:
        st = self._st
        if st is None or not self.panel.h:
            return
        r = self.panel
        blit_panel(s, r, color=LOG, radius=st.margin)
        for line, pos, w in self._cells(st):
            blit_text(s, line, st.body, pos, INK, anchor=i18n.anchor("midleft"), max_width=w)
        typed = self.typing()
        if typed is not None:
            fh = self._field_h(st)
            f = pygame.Rect(r.x + st.margin // 2, 0, r.w - st.margin, fh)
            f.bottom = r.bottom - st.margin // 4
            draw_field(s, f, typed, st.body, fill=FIELD, border=(*GOLD, 255), ink=INK,
                       margin=st.margin, from_start=True)  # fmt: skip


class Dots(Box):
    """A dot for each of ``count`` pages in reading order, the ``lit`` one gold and larger."""

    def __init__(self, count: int, lit: int) -> None:
        self.count, self.lit = count, lit
        self.spots: list[pygame.Rect] = []
        self.radius = 4

    def measure(self, st: Style, width: int) -> int:
        return max(8, round(st.unit * 0.9)) * 4

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.radius = max(4, round(st.unit * 0.9))
        space = self.radius * 4
        x0 = rect.centerx - space * self.count // 2
        row = pygame.Rect(x0, rect.y, space * self.count, rect.h)
        self.spots = [mirrored(pygame.Rect(x0 + k * space, rect.y, space, rect.h), row)
                      for k in range(self.count)]  # fmt: skip

    def at(self, pos: tuple[int, int]) -> int | None:
        return next((k for k, r in enumerate(self.spots) if r.collidepoint(pos)), None)

    def draw(self, s: pygame.Surface) -> None:
        small = max(3, self.radius * 2 // 3)
        for k, r in enumerate(self.spots):
            lit = k == self.lit
            pygame.draw.circle(
                s, GOLD if lit else (*DIM, 255), r.center, self.radius if lit else small
            )


class KeyCaps(Group):
    """Keys and what each does (``keys``: (cap, words)): the caps in a column at the reading
    start, the words wrapped beside them."""

    def __init__(self, keys: Sequence[tuple[str, str]], size: int | None = None) -> None:
        self.keys = list(keys)
        self.size = size
        self.words = [Text(w, size=size) for _, w in self.keys]
        self.children = list(self.words)
        self.caps: list[tuple[str, pygame.Rect]] = []
        self.cap_size = 0

    def _caps(self, st: Style) -> tuple[int, int, int]:
        """The caps' text size, width and height."""
        size = max(st.body, self.size or 0)
        w = max((text.size_of(c, size, True)[0] for c, _ in self.keys), default=0)
        return size, w + 2 * st.margin, round(size * 1.6)

    def measure(self, st: Style, width: int) -> int:
        _, cw, chh = self._caps(st)
        hs = [max(chh, t.measure(st, width - cw - st.gap)) for t in self.words]
        return sum(hs) + st.tight * max(0, len(hs) - 1)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.cap_size, cw, chh = self._caps(st)
        room = rect.w - cw - st.gap
        self.caps = []
        y = rect.y
        for (cap, _), words in zip(self.keys, self.words, strict=True):
            h = max(chh, words.measure(st, room))
            self.caps.append((cap, mirrored(pygame.Rect(rect.x, y, cw, chh), rect)))
            words.place(st, mirrored(pygame.Rect(rect.x + cw + st.gap, y, room, h), rect))
            y += h + st.tight

    def draw(self, s: pygame.Surface) -> None:
        for cap, r in self.caps:
            blit_panel(s, r, color=(*theme.BUTTON, 235), border=(0, 0, 0, 90), radius=r.h // 4)
            blit_text(s, cap, self.cap_size, r.center, theme.BUTTON_TEXT, True, "center")
        super().draw(s)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        caps = [(cap, ink_at(cap, self.cap_size, r.center, "center", True)) for cap, r in self.caps]
        return super().texts() + caps
