"""The kit's forms and lists: labelled text fields (``Form``) and a column of buttons, one a
line, that shows as many as its room holds (``ButtonColumn``).

A form puts its labels in one column at the reading side and the fields beside them; when
the widest label and the least field do not fit side by side, each label stands over its
field. Right to left mirrors the whole form (``mirrored``), never a coordinate at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.kit.boxes import Box, Buttons, Group, Text, ink_at, start_of
from tarneeb_desktop.ui.kit.style import DIM, INK, Style
from tarneeb_desktop.ui.kit.widgets import TextField, draw_form_field
from tarneeb_desktop.ui.theme import Button, blit_text, button_width, fit_group


def mirrored(r: pygame.Rect, within: pygame.Rect) -> pygame.Rect:
    """``r`` as it stands in ``within`` read from the right (right to left), else as it is."""
    return r.move(within.x + within.right - r.right - r.x, 0) if i18n.is_rtl() else r


def mirrored_points(
    points: Sequence[tuple[int, int]], within: pygame.Rect
) -> list[tuple[int, int]]:
    """``points`` (a drawing's line, left to right) each moved as ``mirrored`` moves a rect."""
    return [(mirrored(pygame.Rect(x, y, 0, 0), within).x, y) for x, y in points]


class Form(Box):
    """Text fields with their labels (``rows``: (label, field)); ``focus()`` is the index of
    the field typed into (read at each drawing). A field is at least ``least`` units wide and
    at most ``most``; the form is centred in its room."""

    def __init__(
        self,
        rows: Sequence[tuple[str, TextField]],
        focus: Callable[[], int | None],
        *,
        least: float = 30.0,
        most: float = 70.0,
        left_to_right: bool = False,
    ) -> None:
        self.rows = list(rows)
        self.ltr = left_to_right  # typed from the left in every language (a file's name)
        self.focus = focus
        self.narrow, self.wide = least, most
        self.labels: list[pygame.Rect] = []
        self.fields: list[pygame.Rect] = []
        self.size = self.margin = 0

    @staticmethod
    def field_h(st: Style) -> int:
        return round(st.body * 2.2)

    def _label_w(self, st: Style) -> int:
        return max((text.size_of(label, st.body)[0] for label, _ in self.rows), default=0)

    def _beside(self, st: Style, width: int) -> bool:
        return self._label_w(st) + st.gap + round(st.unit * self.narrow) <= width

    def narrowest(self, st: Style) -> int:
        return max(self._label_w(st), round(st.unit * self.narrow))

    def _over(self, st: Style) -> tuple[int, int]:
        """A label over its field: the height of the labels' ink and its top on their drawing."""
        inks = [text.ink(label, st.body) for label, _ in self.rows]
        top = min((r.top for r in inks), default=0)
        return max((r.bottom for r in inks), default=st.body) - top + st.tight, top

    def measure(self, st: Style, width: int) -> int:
        over = 0 if self._beside(st, width) else self._over(st)[0]
        return len(self.rows) * (over + self.field_h(st)) + (len(self.rows) - 1) * st.tight

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.size, self.margin = st.body, st.margin
        fh, lw = self.field_h(st), self._label_w(st)
        if self._beside(st, rect.w):  # the label as tall as its field, the field after it
            fw = min(round(st.unit * self.wide), rect.w - lw - st.gap)
            x, lh, dx, dy = rect.centerx - (lw + st.gap + fw) // 2, fh, lw + st.gap, 0
        else:  # the label as wide as its field, the field under it
            fw = min(round(st.unit * self.wide), rect.w)
            (lh, self.ink_top), lw = self._over(st), fw
            x, dx, dy = rect.centerx - fw // 2, 0, lh
        self.labels, self.fields = [], []
        for k in range(len(self.rows)):
            y = rect.y + k * (dy + fh + st.tight)
            self.labels.append(mirrored(pygame.Rect(x, y, lw, lh), rect))
            self.fields.append(mirrored(pygame.Rect(x + dx, y + dy, fw, fh), rect))

    ink_top = 0

    def _label_anchor(self, r: pygame.Rect) -> tuple[tuple[int, int], str]:
        """A label beside its field stands against it (its end toward the field); a label over
        its field starts where the field does, its ink from the top of its room."""
        if not self.fields or r.h == self.fields[0].h:  # beside its field
            return (r.x if i18n.is_rtl() else r.right, r.centery), i18n.anchor("midright")
        return (start_of(r)[0], r.y - self.ink_top), i18n.anchor("topleft")

    def draw(self, s: pygame.Surface) -> None:
        focus = self.focus()
        for k, ((label, field), lab, box) in enumerate(
            zip(self.rows, self.labels, self.fields, strict=True)
        ):
            pos, anchor = self._label_anchor(lab)
            blit_text(s, label, self.size, pos, INK, anchor=anchor)
            on = k == focus
            draw_form_field(
                s, box, field.shown(on), self.size, focus=on, margin=self.margin,
                selected=on and field.selected, count=field.count() if on else None,
                from_start=not self.ltr,
            )  # fmt: skip

    def field_at(self, pos: tuple[int, int]) -> int | None:
        """The field under ``pos`` (a click on its label counts), if any."""
        for k, (lab, box) in enumerate(zip(self.labels, self.fields, strict=True)):
            if box.collidepoint(pos) or lab.collidepoint(pos):
                return k
        return None

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return [
            (label, ink_at(label, self.size, *self._label_anchor(lab)))
            for (label, _), lab in zip(self.rows, self.labels, strict=True)
        ]


class Field(Box):
    """A text field on its own, ``wide`` units wide (at most the room), centred."""

    def __init__(
        self,
        field: TextField,
        wide: float = 60,
        *,
        focus: Callable[[], bool] = lambda: True,
        shown: Callable[[], str] | None = None,
    ) -> None:
        self.field, self.wide = field, wide
        self.focus, self.shown = focus, shown  # typed into now; what it shows (else its text)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.size = self.margin = 0

    def measure(self, st: Style, width: int) -> int:
        return Form.field_h(st)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.size, self.margin = st.body, st.margin
        self.box = pygame.Rect(0, rect.y, min(rect.w, round(st.unit * self.wide)), rect.h)
        self.box.centerx = rect.centerx

    def draw(self, s: pygame.Surface) -> None:
        f, on = self.field, self.focus()
        line = self.shown() if self.shown is not None else f.shown(on)
        draw_form_field(s, self.box, line, self.size, focus=on, margin=self.margin,
                        selected=on and f.selected, count=f.count() if on else None)  # fmt: skip


#: A button of a column: (label, action, primary, enabled).
ButtonSpec = tuple[str, str, bool, bool]


class ButtonColumn(Buttons):
    """Buttons one under the other, centred, as wide as the widest label at the body size (at
    least ``wide`` units, at most the room); as many as the room holds, ``least`` always."""

    grow = True

    def __init__(
        self, specs: Sequence[ButtonSpec], group: str = "column", least: int = 1, wide: float = 44
    ) -> None:
        self.specs = list(specs)
        self.wide = wide  # the least width, in units
        self.group = group
        self.least_n = min(least, len(self.specs))

    def _h(self, st: Style, n: int) -> int:
        return n * st.button_h + max(0, n - 1) * st.gap

    def measure(self, st: Style, width: int) -> int:
        return self._h(st, len(self.specs))

    def least(self, st: Style, width: int) -> int:
        return self._h(st, self.least_n)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        labels = [s[0] for s in self.specs]
        bw = min(rect.w, button_width(labels, st.body, st.button_h, round(st.unit * self.wide)))
        room = max(self.least_n, (rect.h + st.gap) // (st.button_h + st.gap))
        self._buttons = []
        for k, (label, action, primary, enabled) in enumerate(self.specs[:room]):
            y = rect.y + k * (st.button_h + st.gap)
            r = pygame.Rect(rect.centerx - bw // 2, y, bw, st.button_h)
            self._buttons.append(Button(r, label, action, enabled, primary, self.group))
        fit_group(self._buttons)


#: A button of a grid's row: (label, action, primary, enabled, weight).
GridSpec = tuple[str, str, bool, bool, int]


class ButtonGrid(Buttons):
    """Rows of buttons, one height, one text size (``group``): each row shares the grid's
    width among its buttons by their weights; the grid is as wide as its widest need at the
    body size (at least ``wide`` units, at most the room), centred; a row that does not fit
    stacks its buttons, each the grid's width. The first of a row on the reading side. A row
    given as words is a note between the rows of buttons (dim, centred)."""

    def __init__(
        self,
        rows: Sequence[Sequence[GridSpec] | str],
        group: str = "grid",
        wide: float = 104,
        heads: Sequence[tuple[str, int]] = (),
    ) -> None:
        self.rows = [r if isinstance(r, str) else list(r) for r in rows if r]
        self.group, self.wide = group, wide
        #: the columns' heads over the first row, by the same weights (dim, bold)
        self.heads = list(heads)
        self.notes: list[Text] = []
        self.head_cells: list[tuple[str, pygame.Rect]] = []
        self.size = 0

    def _need(self, st: Style, row: list[GridSpec]) -> int:
        """The width ``row`` needs for every label at the body size."""
        total = sum(sp[4] for sp in row)
        each = [button_width([sp[0]], st.body, st.button_h) * total / sp[4] for sp in row]
        return round(max(each)) + st.tight * (len(row) - 1)

    def _width(self, st: Style, width: int) -> int:
        need = max((self._need(st, r) for r in self.rows if not isinstance(r, str)), default=0)
        return min(width, max(round(st.unit * self.wide), need))

    def _lines(self, st: Style, width: int) -> list[list[GridSpec] | str]:
        """The rows as drawn: a row that does not fit, a button a line."""
        gw = self._width(st, width)
        out: list[list[GridSpec] | str] = []
        for r in self.rows:
            if isinstance(r, str) or self._need(st, r) <= gw or len(r) == 1:
                out.append(r)
            else:
                out += [[sp] for sp in r]
        return out

    def measure(self, st: Style, width: int) -> int:
        lines = self._lines(st, width)
        hs = [Text(ln).measure(st, width) if isinstance(ln, str) else st.button_h for ln in lines]
        return (st.line if self.heads else 0) + sum(hs) + max(0, len(hs) - 1) * st.tight

    def _cells(self, box: pygame.Rect, st: Style, weights: Sequence[int]) -> list[pygame.Rect]:
        """The rooms of a row of ``weights`` across ``box`` (left to right)."""
        total = sum(weights)
        room = box.w - st.tight * (len(weights) - 1)
        out, x = [], box.x
        for k, weight in enumerate(weights):
            last = k == len(weights) - 1  # the last takes what the division leaves
            w = room - (x - box.x - k * st.tight) if last else room * weight // total
            out.append(pygame.Rect(x, box.y, w, box.h))
            x += w + st.tight
        return out

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        gw = self._width(st, rect.w)
        box = pygame.Rect(rect.centerx - gw // 2, rect.y, gw, 0)
        self._buttons, self.notes = [], []
        self.size = st.body
        y = rect.y
        if self.heads:
            cells = self._cells(pygame.Rect(box.x, y, gw, st.line), st, [w for _, w in self.heads])
            self.head_cells = [
                (w, mirrored(c, box)) for (w, _), c in zip(self.heads, cells, strict=True)
            ]
            y += st.line
        for line in self._lines(st, rect.w):
            if isinstance(line, str):
                note = Text(line, color=DIM, align="center")
                h = note.measure(st, rect.w)
                note.place(st, pygame.Rect(rect.x, y, rect.w, h))
                self.notes.append(note)
                y += h + st.tight
                continue
            row = pygame.Rect(box.x, y, gw, st.button_h)
            for (label, action, primary, enabled, _), c in zip(
                line, self._cells(row, st, [sp[4] for sp in line]), strict=True
            ):
                r = mirrored(c, box)
                self._buttons.append(Button(r, label, action, enabled, primary, self.group))
            y += st.button_h + st.tight
        fit_group(self._buttons)

    def _head_texts(self) -> list[tuple[str, tuple[int, int], str]]:
        return [
            (text.elide(words, self.size, c.w, True), start_of(c), i18n.anchor("midleft"))
            for words, c in self.head_cells
            if words
        ]

    def draw(self, s: pygame.Surface) -> None:
        super().draw(s)
        for note in self.notes:
            note.draw(s)
        for words, pos, anchor in self._head_texts():
            blit_text(s, words, self.size, pos, DIM, bold=True, anchor=anchor)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        heads = [
            (w, ink_at(w, self.size, pos, anchor, True)) for w, pos, anchor in self._head_texts()
        ]
        return [t for note in self.notes for t in note.texts()] + heads


class Row(Group):
    """Boxes side by side, the room shared by their ``weights`` (evenly by default; a weight
    of 0: the box's own width, its ``natural``), ``gap`` apart, the first on the reading side
    (on the left in every language when ``left_to_right``: a bar that runs with the record's
    time); when one of them cannot have its ``narrowest`` in its share, one under the
    other."""

    def __init__(
        self,
        children: Sequence[Box],
        most: float | None = None,
        weights: Sequence[int] | None = None,
        grow: bool = False,
        left_to_right: bool = False,
        equal: bool = False,
    ) -> None:
        self.children = list(children)
        self.widest = most  # at most this many units wide, centred
        self.weights = list(weights) if weights else [1] * len(self.children)
        self.grow = grow  # in a column: as tall as the room left (a table and its side)
        self.ltr = left_to_right
        #: every box of one width, the pixels the division leaves in the gaps: the first
        #: and the last each other's mirror (two plays side by side)
        self.equal = equal

    def most(self, st: Style, width: int) -> int:
        return 1 << 20 if self.grow else self.measure(st, width)

    def _shares(self, st: Style, width: int) -> list[int]:
        room = width - st.tight * (len(self.children) - 1)
        if self.equal:
            return [room // len(self.children)] * len(self.children)
        out = [0 if w else min(room, c.natural(st) or 0)
               for c, w in zip(self.children, self.weights, strict=True)]  # fmt: skip
        room = max(0, room - sum(out))
        shared = [k for k, w in enumerate(self.weights) if w]
        total = sum(self.weights)
        for k in shared:
            out[k] = room * self.weights[k] // total
        if shared:  # what the division leaves, to the last that shares
            out[shared[-1]] += room - sum(out[k] for k in shared)
        return out

    def _room(self, st: Style, rect: pygame.Rect) -> pygame.Rect:
        if self.widest is None or rect.w <= round(st.unit * self.widest):
            return rect
        r = pygame.Rect(0, rect.y, round(st.unit * self.widest), rect.h)
        r.centerx = rect.centerx
        return r

    def _side_by_side(self, st: Style, width: int) -> bool:
        return all(
            c.narrowest(st) <= w
            for c, w in zip(self.children, self._shares(st, width), strict=True)
        )

    def _height(self, st: Style, width: int, least: bool = False) -> int:
        """Its measure (its least with ``least``: side by side, each box's least)."""
        width = self._room(st, pygame.Rect(0, 0, width, 0)).w
        if self._side_by_side(st, width):
            shares = zip(self.children, self._shares(st, width), strict=True)
            return max(((c.least if least else c.measure)(st, w) for c, w in shares), default=0)
        hs = [c.measure(st, width) for c in self.children]
        return sum(hs) + st.tight * (len(hs) - 1)

    def measure(self, st: Style, width: int) -> int:
        return self._height(st, width)

    def least(self, st: Style, width: int) -> int:
        return self._height(st, width, least=True)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        rect = self._room(st, rect)
        super().place(st, rect)
        if not self._side_by_side(st, rect.w):
            y = rect.y
            for c in self.children:
                h = c.measure(st, rect.w)
                c.place(st, pygame.Rect(rect.x, y, rect.w, h))
                y += h + st.tight
            return
        x = rect.x
        shares = self._shares(st, rect.w)
        n = len(shares) - 1
        gaps = [st.tight] * n
        if self.equal and n:  # the pixels an equal division leaves, in the gaps
            left = rect.w - sum(shares) - st.tight * n
            gaps = [st.tight + left // n + (k < left % n) for k in range(n)]
        for c, w, gap in zip(self.children, shares, [*gaps, 0], strict=True):
            r = pygame.Rect(x, rect.y, w, rect.h)
            c.place(st, r if self.ltr else mirrored(r, rect))
            x += w + gap
