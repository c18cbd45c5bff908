"""The kit's tables and long lists: ``Tabular`` (figures under their heads, a foot), ``Listing``
(a list to choose from, its cells wrapped) and ``ScrollList`` (rows the screen paints: the
file chooser's). Each shows what its room holds, never a text shrunk; mirrored as a whole
right to left (``form.mirrored``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate

import pygame

from tarneeb_desktop.ui import i18n, text, text_runs
from tarneeb_desktop.ui.kit.boxes import Box, placed, start_of
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.kit.lists import PICKED
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Colour, Style
from tarneeb_desktop.ui.theme import blit_panel, blit_text, draw_label


@dataclass
class Cell:
    """A table's cell: words, colour, bold; ``suits``: its suit symbols in their colours."""

    words: str
    color: Colour = INK
    bold: bool = False
    suits: bool = False


class Tabular(Box):
    """Columns of cells under their heads (gold, bold), a line under the rows and a ``foot``
    row (bold) under it. Each column starts where the one before ends (its widest cell or
    head at the body size, and a gap), the room left shared among the columns; a cell too
    long for its column is cut short with an ellipsis, never shrunk; a cell runs on over the
    empty ones after it. Rows are one line high at least ``rows`` of them shown (``least``),
    more when the room holds them (it ``grow``s): the first rows, or with ``last`` the last
    ones (a score sheet's newest hands); the ``picked`` row is lit. Mirrored as a whole right
    to left."""

    grow = True

    def __init__(
        self,
        heads: Sequence[str],
        rows: Sequence[Sequence[Cell]],
        *,
        foot: Sequence[Cell] = (),
        picked: int | None = None,
        first: float | None = None,
        head_colors: Sequence[Colour] = (),
        last: bool = False,
        four_color: bool = False,
    ) -> None:
        #: with ``first``, the first column takes that share of the width (at least what it
        #: needs) and the others share the rest evenly: tables one under another line up
        self.first = first
        self.heads, self.foot = list(heads), list(foot)
        self.head_colors = list(head_colors)  # each head's colour (gold by default)
        self.all_rows = [list(r) for r in rows]
        self.rows = self.all_rows  # those shown: the first that the room holds
        self.picked = picked
        self.last = last
        self.four_color = four_color  # the suits of ``suits`` cells in four colours
        self.starts: list[int] = []
        self.row_rects: list[pygame.Rect] = []
        self.foot_y = 0
        self.head_lines: list[list[str]] = []
        self.rh = 0

    def row_h(self, st: Style) -> int:
        return round(st.line * 1.3)

    def _head_lines(self, st: Style, widths: Sequence[int]) -> list[list[str]]:
        """Each head's lines: a head too long for its column wraps (two lines at most)."""
        return [
            cell_lines(h, st.body, w - st.margin, 2, True)
            for h, w in zip(self.heads, widths, strict=True)
        ]

    def _heads_h(self, st: Style, lines: list[list[str]]) -> int:
        return max(self.row_h(st), max(map(len, lines), default=1) * st.line)

    def _frame(self, st: Style, width: int, rows: int, row_h: int) -> int:
        """The heads, ``rows`` rows of ``row_h`` and the foot (one more row)."""
        heads = self._heads_h(st, self._head_lines(st, self._columns(st, width)))
        return heads + (rows + bool(self.foot)) * row_h + (st.tight if self.foot else 0)

    def measure(self, st: Style, width: int) -> int:
        return self._frame(st, width, len(self.all_rows), self.row_h(st))

    def least(self, st: Style, width: int) -> int:
        """The heads, one row and the foot: a short room shows the first rows only."""
        return self._frame(st, width, 1, round(st.line * 1.05))

    def most(self, st: Style, width: int) -> int:
        return self._frame(st, width, len(self.all_rows), round(st.line * 1.8))

    def _spans(self, row: Sequence[Cell]) -> list[tuple[int, int]]:
        """Each cell's columns: it runs on over the empty ones after it."""
        out = []
        for k in range(min(len(row), len(self.heads))):
            end = k + 1
            while end < len(self.heads) and (end >= len(row) or not row[end].words):
                end += 1
            out.append((k, end))
        return out

    peers: list[Tabular] = []

    @staticmethod
    def line_up(tables: Sequence[Tabular]) -> None:
        """Tables one under another (a statistics page's games) take one set of columns:
        each as wide as the widest of its cells in any of them."""
        for t in tables:
            t.peers = list(tables)

    def _widths(self, st: Style) -> list[int]:
        if self.peers:
            own = [t._own_widths(st) for t in self.peers if len(t.heads) == len(self.heads)]
            return [max(ws) for ws in zip(*own, strict=True)]
        return self._own_widths(st)

    def _own_widths(self, st: Style) -> list[int]:
        cols = len(self.heads)
        # a head needs its longest word: a longer head wraps
        out = [max((text.size_of(w, st.body, True)[0] for w in h.split()), default=0)
               for h in self.heads]  # fmt: skip
        for row in self.all_rows:  # a cell that runs on over empty ones is the spans' (below)
            for k, end in self._spans(row[:cols]):
                if end - k == 1:
                    out[k] = max(out[k], text.size_of(row[k].words, st.body, row[k].bold)[0])
        return out

    def _columns(self, st: Style, width: int) -> list[int]:
        need = [w + st.margin for w in self._widths(st)]
        if self.first is not None and len(need) > 1:
            rest = max(need[1:])
            head = max(need[0], round(width * self.first))
            if head + rest * (len(need) - 1) > width:  # the labels cut short, if need be
                head = max(round(width * self.first * 0.6), width - rest * (len(need) - 1))
            if head + rest * (len(need) - 1) <= width:
                each = (width - head) // (len(need) - 1)
                need = [width - each * (len(need) - 1)] + [each] * (len(need) - 1)
        spare = width - sum(need)
        for row in [self.foot, *self.all_rows]:  # the foot's words first, over their columns
            for k, end in self._spans(row):
                if row is not self.foot and end - k == 1:
                    continue  # a cell of one column: counted in its width
                short = text.size_of(row[k].words, st.body, row[k].bold or row is self.foot)[0]
                short += st.margin - sum(need[k:end])
                if short > 0 and spare > 0:
                    need[end - 1] += min(short, spare)
                    spare -= min(short, spare)
        if spare >= 0:  # the room left shared among the columns but the first
            share = spare // max(1, len(need) - 1)
            need = [need[0]] + [w + share for w in need[1:]]
        else:  # too narrow: the widest columns give up room first
            while spare < 0:
                k = need.index(max(need))
                take = min(-spare, max(1, need[k] // 8))
                need[k] -= take
                spare += take
        return need

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.widths = self._columns(st, rect.w)
        self.head_lines = self._head_lines(st, self.widths)
        heads_h = self._heads_h(st, self.head_lines)
        self.starts = list(accumulate(self.widths, initial=rect.x))[:-1]
        low = round(st.line * 1.05)
        room = rect.h - heads_h - (st.tight if self.foot else 0)
        fit = max(1, room // low - (1 if self.foot else 0))
        self.rows = self.all_rows[-fit:] if self.last else self.all_rows[:fit]
        n = len(self.rows) + (1 if self.foot else 0)
        self.rh = rh = min(round(st.line * 1.8), max(low, room // max(1, n)))
        top = rect.y + heads_h
        self.row_rects = [
            pygame.Rect(rect.x, top + k * rh, rect.w, rh) for k in range(len(self.rows))
        ]
        self.foot_y = top + len(self.rows) * rh + st.tight

    def _cells(self) -> list[tuple[Cell, pygame.Rect]]:
        """Every cell (heads first) with its room, mirrored."""
        out: list[tuple[Cell, pygame.Rect]] = []
        pad = self._st.margin if self._st else 0
        step = self._st.line if self._st else 0
        top = self.rect.y
        heads_h = self.row_rects[0].y - top if self.row_rects else self.rh
        for k, lines in enumerate(self.head_lines):  # each head's lines, at the heads' foot
            y = top + heads_h - len(lines) * step if len(lines) > 1 else top
            for j, line in enumerate(lines):
                h = step if len(lines) > 1 else self.rh
                r = pygame.Rect(self.starts[k], y + j * step, self.widths[k] - pad, h)
                colour = self.head_colors[k] if k < len(self.head_colors) else GOLD
                out.append((Cell(line, colour, True), mirrored(r, self.rect)))
        rows = [(row, r.y) for row, r in zip(self.rows, self.row_rects, strict=True)]
        if self.foot:
            rows.append((self.foot, self.foot_y))
        for row, y in rows:
            for k, end in self._spans(row):
                w = sum(self.widths[k:end]) - pad
                r = pygame.Rect(self.starts[k], y, w, self.rh)
                out.append((row[k], mirrored(r, self.rect)))
        return out

    def _shown(self, c: Cell, room: pygame.Rect) -> tuple[str, tuple[int, int], int]:
        size = self._st.body if self._st else 0
        return text.elide(c.words, size, room.w, c.bold), start_of(room), size

    def draw(self, s: pygame.Surface) -> None:
        st = self._st
        if st is None:
            return
        if self.picked is not None and 0 <= self.picked < len(self.row_rects):
            r = self.row_rects[self.picked]
            blit_panel(s, r, color=(255, 255, 255, 28), radius=r.h // 4)
        if self.foot:
            y = self.foot_y - st.tight // 2
            pygame.draw.line(s, (255, 255, 255, 70), (self.rect.x, y), (self.rect.right, y))
        for c, room in self._cells():
            words, pos, size = self._shown(c, room)
            if c.suits:  # drawn in pieces, as wide as the words drawn whole
                r = pygame.Rect((0, 0), text.size_of(words, size, c.bold))
                setattr(r, i18n.anchor("midleft"), pos)
                r.inflate_ip(size // 2, 0)  # the pieces' kerning, inside the column's gap
                rgb = (c.color[0], c.color[1], c.color[2])
                draw_label(s, words, r, size, rgb, self.four_color, True, fitted=True,
                           bold=c.bold)  # fmt: skip
                continue
            blit_text(s, words, size, pos, c.color, bold=c.bold, anchor=i18n.anchor("midleft"))

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        shown = [(self._shown(c, room), c.bold) for c, room in self._cells()]
        return [(w, placed(w, size, pos, bold)) for (w, pos, size), bold in shown]

    def row_at(self, pos: tuple[int, int]) -> int | None:
        return next((k for k, r in enumerate(self.row_rects) if r.collidepoint(pos)), None)


def cell_lines(words: str, size: int, width: int, most: int = 3, bold: bool = False) -> list[str]:
    """``words`` wrapped to ``width`` at ``size`` (lines that may hold direction marks): at
    most ``most`` lines, the last cut short with an ellipsis when the rest does not fit."""
    return list(_cell_lines(words, size, width, most, bold, i18n.get_language()))


@functools.lru_cache(maxsize=4096)
def _cell_lines(
    words: str, size: int, width: int, most: int, bold: bool, lang: str
) -> tuple[str, ...]:
    lines = text_runs.wrap(words, size, width, bold) or [""]
    if len(lines) > most:
        rest = " ".join(lines[most - 1 :])
        lines = [*lines[: most - 1], text.elide(rest, size, width, bold)]
    return tuple(lines)


class Shown(Box):
    """Rows from ``top`` (kept by the screen), as many as the room holds (``visible``), ``top``
    moved to keep the ``picked`` row (lit) in sight. ``shown``: (index, rect) for the clicks."""

    grow = True
    picked: int | None = None
    top = 0
    visible = 1
    shown: list[tuple[int, pygame.Rect]] = []

    def _show(self, rect: pygame.Rect, y: int, rh: int, count: int) -> None:
        """The rows ``rh`` high from ``y`` down to ``rect``'s bottom."""
        n = self.visible = max(1, (rect.bottom - y) // rh)
        if self.picked is not None:
            self.top = min(self.picked, max(self.top, self.picked - n + 1))
        self.top = max(0, min(self.top, count - n))
        self.shown = [
            (k, pygame.Rect(rect.x, y + (k - self.top) * rh, rect.w, rh))
            for k in range(self.top, min(count, self.top + n))
        ]

    def _light(self, s: pygame.Surface, k: int, r: pygame.Rect) -> None:
        if k == self.picked:
            blit_panel(s, r, color=PICKED, radius=r.h // 4)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        return next((k for k, r in self.shown if r.collidepoint(pos)), None)


class Listing(Shown):
    """A list to choose from: columns by ``shares`` of the width under their ``heads`` (dim,
    bold), a row a line of cells (each wrapped to at most ``lines`` lines at the body size,
    the last cut short), shown as ``Shown`` shows rows. Mirrored as a whole right to left."""

    def __init__(
        self,
        heads: Sequence[str],
        rows: Sequence[Sequence[str]],
        shares: Sequence[float],
        *,
        picked: int | None = None,
        top: int = 0,
        lines: int = 2,
    ) -> None:
        self.heads, self.rows, self.shares = list(heads), [list(r) for r in rows], list(shares)
        self.picked, self.top, self.lines = picked, top, lines

    def _head_h(self, st: Style) -> int:
        return st.line if self.heads else 0

    def _need(self, st: Style, width: int) -> int:
        """The lines a row takes: the most any cell needs (at most ``lines``)."""
        inner = width - 2 * st.margin
        cells = (c for row in self.rows for c in zip(row, self.shares, strict=False))
        needs = [
            len(cell_lines(t, st.body, round(inner * s) - st.margin, self.lines)) for t, s in cells
        ]
        return max([1, *needs])

    def row_h(self, st: Style, width: int = 0) -> int:
        return st.line * (self._need(st, width) if width else self.lines) + st.tight

    def measure(self, st: Style, width: int) -> int:
        return self._head_h(st) + max(1, len(self.rows)) * self.row_h(st, width)

    def least(self, st: Style, width: int) -> int:
        return self._head_h(st) + self.row_h(st, width)

    def _columns(self, rect: pygame.Rect, pad: int) -> list[pygame.Rect]:
        """Each column's room in a row's height at the top of ``rect`` (mirrored)."""
        x, out = rect.x + pad, []
        inner = rect.w - 2 * pad
        for share in self.shares:
            w = round(inner * share)
            out.append(mirrored(pygame.Rect(x, rect.y, w - pad, rect.h), rect))
            x += w
        return out

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self._show(rect, rect.y + self._head_h(st), self.row_h(st, rect.w), len(self.rows))

    def _placed(self) -> list[tuple[str, tuple[int, int], Colour, bool]]:
        """Every line of the heads and rows: (words, reading start at its top, colour, bold)."""
        st = self._st
        if st is None:
            return []
        out: list[tuple[str, tuple[int, int], Colour, bool]] = []
        if self.heads:
            head = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, st.line)
            for words, col in zip(self.heads, self._columns(head, st.margin), strict=True):
                out.append((text.elide(words, st.body, col.w, True),
                            (start_of(col)[0], col.y), DIM, True))  # fmt: skip
        for k, r in self.shown:
            for words, col in zip(self.rows[k], self._columns(r, st.margin), strict=False):
                lines = cell_lines(words, st.body, col.w, self.lines)
                ink = st.ink  # the lines' letters centred in the row, not their drawings
                y = r.centery - (st.line * (len(lines) - 1) + ink.h) // 2 - ink.y
                for j, line in enumerate(lines):
                    out.append((line, (start_of(col)[0], y + j * st.line), INK, False))
        return out

    def draw(self, s: pygame.Surface) -> None:
        for k, r in self.shown:
            self._light(s, k, r)
        size, anchor = self._st.body if self._st else 0, i18n.anchor("topleft")
        for words, pos, colour, bold in self._placed():  # none before it is placed
            text_runs.blit_line(s, words, size, pos, colour, bold, anchor)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        size, anchor = self._st.body if self._st else 0, i18n.anchor("topleft")
        out: list[tuple[str, pygame.Rect]] = []
        for words, pos, colour, bold in self._placed():
            surf = text_runs.line_surface(words, size, colour, bold)
            r = surf.get_rect(**{anchor: pos})
            out.append((words, surf.get_bounding_rect().move(r.topleft)))
        return out


class ScrollList(Shown):
    """``count`` rows of ``lines`` body lines each, as many as its room holds shown from
    ``top`` (``Shown``), each drawn by ``paint(surface, index, rect, picked)`` (a file's icon
    and name)."""

    def __init__(
        self,
        count: int,
        paint: Callable[[pygame.Surface, int, pygame.Rect, bool], None],
        *,
        picked: int | None = None,
        top: int = 0,
        lines: float = 1.4,
    ) -> None:
        self.count, self.paint = count, paint
        self.picked, self.top, self.lines = picked, top, lines

    def row_h(self, st: Style) -> int:
        return round(st.line * self.lines)

    def measure(self, st: Style, width: int) -> int:
        return max(1, self.count) * self.row_h(st)

    def least(self, st: Style, width: int) -> int:
        return self.row_h(st)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self._show(rect, rect.y, self.row_h(st), self.count)

    def draw(self, s: pygame.Surface) -> None:
        for k, r in self.shown:
            self._light(s, k, r)
            self.paint(s, k, r, k == self.picked)
