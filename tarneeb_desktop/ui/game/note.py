"""Small pieces over the table: a message's panel laid out by the kit (the toast, the chat's
bubble, hint and history) and the quiet corner buttons."""

from __future__ import annotations

from itertools import groupby

import pygame

from tarneeb_desktop.ui import text
from tarneeb_desktop.ui.kit import style
from tarneeb_desktop.ui.kit.boxes import Column, Panel, Text
from tarneeb_desktop.ui.kit.style import Colour, Style
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import blit_panel, blit_text


def chip(s: pygame.Surface, r: pygame.Rect, label: str, size: int, can: bool = True) -> None:
    """A quiet corner button (Menu, Scores, Undo): its label cut short at the body size, in
    a narrow margin; dimmed when it ``can`` do nothing now."""
    blit_panel(s, r, color=(0, 0, 0, 110 if can else 50), radius=r.h // 3)
    label = text.elide(label, size, r.w - 2 * max(2, round(r.h * 0.2)))
    blit_text(s, label, size, r.center, style.INK if can else style.DIM, anchor="center")


#: A hint's banner: advice, not an error's red.
HINT_BANNER = (22, 64, 110)


class Note(Panel):
    """A message's panel over the table, laid out by the kit: its lines (each fitted
    beforehand, bold or not) at the body size, a margin round them; ``radius``: how round."""

    def __init__(
        self,
        lay: Layout,
        lines: list[tuple[str, bool]],
        colours: tuple[Colour, Colour | None, Colour],
        radius: int | None = None,
        align: str = "center",
    ) -> None:
        fill, edge, ink = colours
        self.st, self.round = Style(lay.w, lay.h), radius
        runs = groupby(lines, key=lambda line: line[1])  # a Text for each run of bold or not
        texts = [
            Text("\n".join(ln for ln, _ in run), color=ink, bold=b, align=align) for b, run in runs
        ]
        super().__init__(Column(texts, self.st.line - self.st.ink.bottom), fill, edge)
        self.w = max(t.natural(self.st) for t in texts) + 2 * self.st.margin
        self.h = self.measure(self.st, self.w)

    def _pad(self, st: Style) -> int:
        return st.tight  # over the table, where room is short: the margin at the sides only

    def place(self, st: Style, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.radius = st.radius if self.round is None else self.round
        self.child.place(st, rect.inflate(-2 * st.margin, -2 * st.tight))

    def show(self, s: pygame.Surface, at: pygame.Rect) -> None:
        """Drawn in ``at`` (its size or more)."""
        self.place(self.st, at)
        self.draw(s)
