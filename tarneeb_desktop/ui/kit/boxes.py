"""Boxes that measure, then place: a screen is a tree of them, laid out by rules.

Every box answers ``measure(style, width)``, the height it needs when given ``width`` (a
text wraps to it, a row of buttons stacks in it), and ``place(style, rect)``, where it goes;
then ``draw(surface)`` and ``buttons()``. Nothing is drawn below the body size and nothing
overlaps: a box is given its rectangle by its parent, from what it measured. Right to left
mirrors a box as a whole (a row's first child on the right, a text's start on the right),
never a coordinate at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from tarneeb_desktop.ui import i18n, text, text_runs, theme
from tarneeb_desktop.ui.kit.style import DIALOG, DIALOG_EDGE, INK, VEIL, Colour, Style
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text, button_width


class Box:
    """A box of the tree (the base: it measures nothing and draws nothing)."""

    rect = pygame.Rect(0, 0, 0, 0)
    _st: Style | None = None  # the style it was placed with

    def measure(self, st: Style, width: int) -> int:
        """The height this box needs at ``width``."""
        return 0

    def natural(self, st: Style) -> int | None:
        """Its own width (a line of text, a row of buttons); None: all it is given."""
        return None

    def narrowest(self, st: Style) -> int:
        """Its least width (a row stacks its boxes when one of them would have less)."""
        return 0

    def least(self, st: Style, width: int) -> int:
        """Its least height (a list shows fewer rows): its measure unless it shrinks."""
        return self.measure(st, width)

    def used(self, st: Style, width: int, height: int) -> int:
        """How much of ``height`` this box would use (a choice of layouts, the one that fits)."""
        return height

    def most(self, st: Style, width: int) -> int:
        """The most height it can use when it ``grow``s (a picture up to its largest)."""
        return self.measure(st, width)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        self.rect, self._st = pygame.Rect(rect), st

    def draw(self, s: pygame.Surface) -> None:
        pass

    def buttons(self) -> list[Button]:
        return []

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        """The lines of text it draws and where their ink is (the tests' and monkey's checks)."""
        return []


class Text(Box):
    """A text wrapped to its width at ``size`` (the body size by default, never less),
    aligned at its ``align``: "start" (the reading start: the right in Arabic), "center"
    or "end"."""

    def __init__(
        self,
        words: str,
        *,
        size: int | None = None,
        color: Colour = INK,
        bold: bool = False,
        align: str = "start",
        marked: bool = False,
        split: str = "",
        widest: str = "",
    ) -> None:
        self.words, self.size, self.color, self.bold, self.align = words, size, color, bold, align
        self.marked = marked  # the words hold direction marks (text_runs.rtl_run, card_run)
        self.split = split  # too long for a line: a line from each part between these
        #: words at least as wide as these take (a count that changes: "Step 9 of 359" keeps
        #: the room of "Step 359 of 359", so that what stands beside it does not move)
        self.widest = widest
        self.lines: list[str] = []
        self._size = 0

    def _size_of(self, st: Style) -> int:
        return max(st.body, self.size or st.body)

    def _lines(self, size: int, width: int) -> list[str]:
        wrap = text_runs.wrap if self.marked else text.wrap
        words = self.words
        if self.split and text.size_of(words, size, self.bold)[0] > width:
            words = "\n".join(p.strip() for p in words.split(self.split))
        return [ln for part in words.split("\n") for ln in wrap(part, size, width, self.bold)]

    def _surface_size(self, line: str, size: int) -> tuple[int, int]:
        if self.marked:
            return text_runs.line_surface(line, size, INK, self.bold).get_size()
        return text.size_of(line, size, self.bold)

    def _ink(self, line: str, size: int) -> pygame.Rect:
        """Where ``line``'s ink is on its drawing (a marked line's marks are no letters)."""
        if self.marked and line:
            return text_runs.line_surface(line, size, INK, self.bold).get_bounding_rect()
        return text.ink(line, size, self.bold)

    def _step(self, size: int, lines: list[str]) -> int:
        """1.4 of the size, or more for a taller script (Arabic, Hindi): lines never overlap."""
        tallest = max((self._ink(ln, size).h for ln in lines), default=size)
        return max(round(size * 1.4), tallest + round(size * 0.3))

    def natural(self, st: Style) -> int:
        size = self._size_of(st)
        parts = self.words.split("\n") + ([self.widest] if self.widest else [])
        return max(self._surface_size(part, size)[0] for part in parts)

    def measure(self, st: Style, width: int) -> int:
        """Its lines' steps, down to where the last line's ink ends."""
        size = self._size_of(st)
        lines = self._lines(size, width) or [""]
        last = self._ink(lines[-1], size)
        return self._step(size, lines) * (len(lines) - 1) + (last.bottom if last.h else size)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self._size = self._size_of(st)
        self.lines = self._lines(self._size, rect.w)
        self.step = self._step(self._size, self.lines)

    step = 0

    def _anchor(self) -> tuple[int, str]:
        r = self.rect
        if self.align == "center":
            return r.centerx, "midtop"
        if (self.align == "end") != i18n.is_rtl():  # the right: "end" in LTR, "start" in RTL
            return r.right, "topright"
        return r.x, "topleft"

    def draw(self, s: pygame.Surface) -> None:
        x, anchor = self._anchor()
        blit = text_runs.blit_line if self.marked else blit_text
        for k, line in enumerate(self.lines):
            y = self.rect.y + k * self.step
            blit(s, line, self._size, (x, y), self.color, bold=self.bold, anchor=anchor)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        out = []
        x, anchor = self._anchor()
        for k, line in enumerate(self.lines):
            r = pygame.Rect((0, 0), self._surface_size(line, self._size))
            setattr(r, anchor, (x, self.rect.y + k * self.step))
            out.append((line, self._ink(line, self._size).move(r.topleft)))
        return out


class Space(Box):
    """Room between two boxes: ``lines`` body lines high."""

    def __init__(self, lines: float = 1.0) -> None:
        self.lines_h = lines

    def measure(self, st: Style, width: int) -> int:
        return round(st.line * self.lines_h)


class Picture(Box):
    """A drawing (``paint(surface, rect)``) as tall as its room, ``least`` to ``most`` pixels
    (it ``grow``s), at least ``wide`` pixels wide (a row with less room stacks)."""

    grow = True

    def __init__(
        self,
        paint: Callable[[pygame.Surface, pygame.Rect], object],
        least: int,
        most: int,
        aspect: float | None = None,
        *,
        wide: int = 0,
    ) -> None:
        self.paint, self.low, self.high = paint, least, max(least, most)
        self.aspect = aspect  # at most this many times as tall as it is wide
        self.wide = wide

    def narrowest(self, st: Style) -> int:
        return self.wide

    def measure(self, st: Style, width: int) -> int:
        return self.low

    def most(self, st: Style, width: int) -> int:
        if self.aspect is None:
            return self.high
        return max(self.low, min(self.high, round(width * self.aspect)))

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        h = max(self.low, min(self.most(st, rect.w), rect.h))
        self.rect = pygame.Rect(rect.x, rect.y + (rect.h - h) // 2, rect.w, h)

    def draw(self, s: pygame.Surface) -> None:
        self.paint(s, self.rect)


class Group(Box):
    """A box of boxes (``children``): it draws them and gathers their buttons and texts."""

    children: list[Box] = []

    def draw(self, s: pygame.Surface) -> None:
        for c in self.children:
            c.draw(s)

    def buttons(self) -> list[Button]:
        return [b for c in self.children for b in c.buttons()]

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return [t for c in self.children for t in c.texts()]


class Column(Group):
    """Its children one under the other, ``gap`` apart; the room left goes to those that grow."""

    def __init__(
        self, children: Sequence[Box], gap: int | None = None, *, grow: bool = False
    ) -> None:
        self.children = list(children)
        self.gap = gap
        self.grow = grow  # in a column: takes the room its siblings leave (a page's body)

    def _gap(self, st: Style) -> int:
        return st.gap if self.gap is None else self.gap

    def _stacked(self, st: Style, hs: Sequence[int]) -> int:
        return sum(hs) + self._gap(st) * max(0, len(hs) - 1)

    def measure(self, st: Style, width: int) -> int:
        return self._stacked(st, [c.measure(st, width) for c in self.children])

    def least(self, st: Style, width: int) -> int:
        return self._stacked(st, [c.least(st, width) for c in self.children])

    def most(self, st: Style, width: int) -> int:
        return 1 << 20 if self.grow else self.measure(st, width)  # a page's body: all it gets

    def place(self, st: Style, rect: pygame.Rect) -> None:
        """Each child its measure, but those that ``grow``: each has its ``least``, then the
        room left is shared among them evenly, none given more than its ``most``."""
        super().place(st, rect)
        growers = [c for c in self.children if getattr(c, "grow", False)]
        hs = {id(c): (c.least if c in growers else c.measure)(st, rect.w) for c in self.children}
        most = {id(c): c.most(st, rect.w) for c in growers}
        left = rect.h - self._stacked(st, list(hs.values()))
        full: set[int] = set()  # the growers that take no more
        for _ in range(2):  # a second round shares what a box gave back (a menu's choice)
            while left > 0:
                active = [c for c in growers if id(c) not in full and hs[id(c)] < most[id(c)]]
                if not active:
                    break
                share = max(1, left // len(active))
                for c in active:
                    more = min(share, most[id(c)] - hs[id(c)], left)
                    hs[id(c)] += more
                    left -= more
            for c in growers:
                used = c.used(st, rect.w, hs[id(c)])
                if used < hs[id(c)]:
                    left += hs[id(c)] - used
                    hs[id(c)] = used
                    full.add(id(c))
        y = rect.y
        for c in self.children:
            c.place(st, pygame.Rect(rect.x, y, rect.w, hs[id(c)]))
            y += hs[id(c)] + self._gap(st)


class Wrap(Box):
    """A box round one ``child``: it draws it and gives its buttons and texts."""

    child: Box

    def draw(self, s: pygame.Surface) -> None:
        self.child.draw(s)

    def buttons(self) -> list[Button]:
        return self.child.buttons()

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return self.child.texts()


class Either(Wrap):
    """The first of ``options`` that fits the room it is given (the last when none does): a
    menu in one column, else two to a row. It ``grow``s: its least is its last option's."""

    grow = True

    def __init__(self, options: Sequence[Box]) -> None:
        self.children = list(options)
        self.chosen = self.child = self.children[0]

    def measure(self, st: Style, width: int) -> int:
        return self.children[0].measure(st, width)

    def least(self, st: Style, width: int) -> int:
        return self.children[-1].measure(st, width)

    def _fits(self, st: Style, width: int, height: int) -> Box:
        return next((c for c in self.children if c.measure(st, width) <= height), self.children[-1])

    def used(self, st: Style, width: int, height: int) -> int:
        return self._fits(st, width, height).measure(st, width)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.chosen = self.child = self._fits(st, rect.w, rect.h)
        self.chosen.place(st, pygame.Rect(rect.x, rect.y, rect.w, self.chosen.measure(st, rect.w)))


class Buttons(Box):
    """A box of buttons (a row, a column, a grid): ``place`` makes them, ``draw`` draws them."""

    _buttons: list[Button] = []

    def buttons(self) -> list[Button]:
        return self._buttons

    def draw(self, s: pygame.Surface) -> None:
        for b in self._buttons:
            b.draw(s)


class ButtonRow(Buttons):
    """Buttons of one height, one width (the widest label's at the body size, at least the
    style's least width) or with ``each`` as wide as its own label needs, in one row when
    they fit, else in as many rows as they need (the rows balanced); centred (or at the
    room's ``align``: "start" or "end"); the first on the reading side (the right in Arabic;
    on the left in every language when ``left_to_right``: a player's controls, which follow
    the record's time). ``specs``: (label, action, primary[, enabled]); ``also``: labels the
    buttons take in turn (Play and Pause), which their width holds too, so that a label's
    change moves nothing. Their labels share one text size (one group)."""

    def __init__(
        self,
        specs: Sequence[tuple[str, str, bool] | tuple[str, str, bool, bool]],
        group: str = "row",
        each: bool = False,
        *,
        arrows: dict[str, int] | None = None,
        spread: bool = False,
        also: Sequence[str] = (),
        align: str = "center",
        left_to_right: bool = False,
    ) -> None:
        self.specs = [(*sp, True)[:4] for sp in specs]
        self.group, self.each = group, each
        #: action -> 1 (an arrow pointing the way one reads: Next) or -1 (Previous)
        self.arrows = arrows or {}
        self.spread = spread  # one row: the first at the start, the last at the end
        self.also, self.align, self.ltr = list(also), align, left_to_right

    def _widths(self, st: Style, width: int) -> list[int]:
        # an arrow keeps its room at both ends of its button, so that the label stays centred
        extra = 2 * theme.arrow_room(pygame.Rect(0, 0, 1, st.button_h)) if self.arrows else 0
        if self.each:
            return [min(width, button_width([sp[0]], st.body, st.button_h, st.button_w // 2) + extra)
                    for sp in self.specs]  # fmt: skip
        need = button_width([sp[0] for sp in self.specs] + self.also, st.body, st.button_h) + extra
        return [min(width, max(st.button_w, need))] * len(self.specs)

    def natural(self, st: Style) -> int:
        return sum(self._widths(st, 10**6)) + (len(self.specs) - 1) * st.gap

    def _rows(self, st: Style, width: int) -> list[list[int]]:
        """The buttons' indices by row: as few rows as hold them, about as full as each other."""
        ws = self._widths(st, width)
        for n in range(1, len(ws) + 1):
            per = -(-len(ws) // n)
            rows = [list(range(k, min(k + per, len(ws)))) for k in range(0, len(ws), per)]
            if all(sum(ws[i] for i in r) + st.gap * (len(r) - 1) <= width for r in rows):
                return rows
        return [[i] for i in range(len(ws))]

    def measure(self, st: Style, width: int) -> int:
        rows = len(self._rows(st, width))
        return rows * st.button_h + (rows - 1) * st.gap

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        ws = self._widths(st, rect.w)
        self._buttons = []
        rows = self._rows(st, rect.w)
        rtl = i18n.is_rtl() and not self.ltr
        way = -1 if rtl else 1  # an arrow that points the way one reads
        for n, row in enumerate(rows):
            total = sum(ws[i] for i in row) + (len(row) - 1) * st.gap
            gap = st.gap
            if self.spread and len(rows) == 1 and len(row) > 1:
                gap = (rect.w - total) // (len(row) - 1) + st.gap
                total = rect.w
            x = {"start": rect.x, "end": rect.right - total}.get(
                self.align, rect.centerx - total // 2
            )
            y = rect.y + n * (st.button_h + st.gap)
            for i in row:
                label, action, primary, enabled = self.specs[i]
                bx = x
                if rtl:  # the row mirrored as a whole (as ``form.mirrored`` does)
                    bx = rect.x + rect.right - bx - ws[i]
                r = pygame.Rect(bx, y, ws[i], st.button_h)
                arrow = self.arrows.get(action, 0) * way
                self._buttons.append(
                    Button(r, label, action, enabled, primary, self.group, arrow=arrow)
                )
                x += ws[i] + gap
        theme.fit_group(self._buttons)


class Panel(Wrap):
    """A panel round its child, ``st.pad`` inside (``st.margin`` when ``tight``: on the table)."""

    def __init__(
        self,
        child: Box,
        color: Colour = DIALOG,
        edge: Colour | None = DIALOG_EDGE,
        tight: bool = False,
    ):
        self.child, self.color, self.edge, self.tight = child, color, edge, tight

    def _pad(self, st: Style) -> int:
        return st.margin if self.tight else st.pad

    @property
    def grow(self) -> bool:
        return bool(getattr(self.child, "grow", False))

    def measure(self, st: Style, width: int) -> int:
        pad = self._pad(st)
        return self.child.measure(st, width - 2 * pad) + 2 * pad

    def least(self, st: Style, width: int) -> int:
        pad = self._pad(st)
        return self.child.least(st, width - 2 * pad) + 2 * pad

    def most(self, st: Style, width: int) -> int:
        pad = self._pad(st)
        return self.child.most(st, width - 2 * pad) + 2 * pad

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        pad = self._pad(st)
        self.child.place(st, rect.inflate(-2 * pad, -2 * pad))

    def draw(self, s: pygame.Surface) -> None:
        radius = self._st.radius if self._st else 0
        blit_panel(s, self.rect, color=self.color, border=self.edge, radius=radius)
        self.child.draw(s)


class Centred(Wrap):
    """Its child ``wide`` units wide, as tall as it measures (both at most the room), centred."""

    def __init__(self, child: Box, wide: float, tall: bool = False) -> None:
        self.child, self.wide = child, wide
        self.tall = tall  # as tall as the room (a picture in it takes what is left)

    def measure(self, st: Style, width: int) -> int:
        return self.child.measure(st, min(width, round(st.unit * self.wide)))

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        w = min(rect.w, round(st.unit * self.wide))
        h = rect.h if self.tall else self.child.measure(st, w)
        r = pygame.Rect(0, 0, w, min(rect.h, h))
        r.center = rect.center
        self.child.place(st, r)


class Stack(Group):
    """Its boxes one over the other, each in the whole room, the last on top (``Veiled``)."""

    def __init__(self, children: Sequence[Box]) -> None:
        self.children = list(children)

    grow = True

    def measure(self, st: Style, width: int) -> int:
        return max((c.measure(st, width) for c in self.children), default=0)

    def least(self, st: Style, width: int) -> int:
        return max((c.least(st, width) for c in self.children), default=0)

    def most(self, st: Style, width: int) -> int:
        return max((c.most(st, width) for c in self.children), default=0)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        for c in self.children:
            c.place(st, rect)

    def buttons(self) -> list[Button]:
        return [b for c in self.children[-1:] for b in c.buttons()]  # the top one's

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return [t for c in self.children[-1:] for t in c.texts()]


class Veiled(Wrap):
    """Its child over the veil: the whole window under it dimmed (a panel over a page)."""

    def __init__(self, child: Box) -> None:
        self.child = child

    def measure(self, st: Style, width: int) -> int:
        return self.child.measure(st, width)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.child.place(st, rect)

    def draw(self, s: pygame.Surface) -> None:
        veil(s)
        self.child.draw(s)


_veils: dict[tuple[int, int], pygame.Surface] = {}


def veil(surface: pygame.Surface) -> None:
    """The one veil, ``VEIL``, dimming the screen under a modal (made once per window size)."""
    size = surface.get_size()
    dim = _veils.get(size)
    if dim is None:
        _veils.clear()  # the window's one size at a time
        dim = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            dim = dim.convert()
        dim.fill(VEIL[:3])
        dim.set_alpha(VEIL[3])
        _veils[size] = dim
    surface.blit(dim, (0, 0))


def centred(st: Style, box: Box, width: int) -> pygame.Rect:
    """Lay ``box`` out ``width`` wide (at most the window's less its margins), as tall as it
    measures (at most the window's), centred in the window; its rectangle."""
    width = min(width, st.w - 2 * st.margin)
    h = min(box.measure(st, width), st.h - 2 * st.margin)
    r = pygame.Rect(0, 0, width, h)
    r.center = (st.w // 2, st.h // 2)
    box.place(st, r)
    return r


def ink_at(
    words: str, size: int, pos: tuple[int, int], anchor: str, bold: bool = False
) -> pygame.Rect:
    """Where the ink of ``words`` is when ``blit_text`` draws them with ``anchor`` at ``pos``."""
    r = pygame.Rect((0, 0), text.size_of(words, size, bold))
    setattr(r, anchor, pos)
    return text.ink(words, size, bold).move(r.topleft)


def placed(words: str, size: int, pos: tuple[int, int], bold: bool = False) -> pygame.Rect:
    """``ink_at`` for ``words`` drawn from the reading start ``pos`` (its middle's height)."""
    return ink_at(words, size, pos, i18n.anchor("midleft"), bold)


def start_of(r: pygame.Rect) -> tuple[int, int]:
    """The reading start of ``r`` at its middle's height (its right edge right to left)."""
    return (r.right, r.centery) if i18n.is_rtl() else (r.x, r.centery)
