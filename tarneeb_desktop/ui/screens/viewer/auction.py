"""The replay viewer's auction box: the hand's auction, one column per player from the first
to speak, one row per round (as ``ui/game/auction.py``), the contract's call in gold and the
trump below; the kit's ``Tabular`` on a panel, mirrored as a whole right to left. At the
body size (issue 47): a name or call too wide is cut short, and an auction longer than the
room keeps its first round, a "..." row and its last rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tarneeb_desktop.ui import text, theme
from tarneeb_desktop.ui.game.auction import auction_rows, winning_call
from tarneeb_desktop.ui.game.labels import call_label
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Column, Text
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, PANEL, PANEL_EDGE, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import blit_panel

LINE = 1.55  # a line's height for its font size (the hand list's)


def shown_rows(rows: list[list[str | None]], room: int) -> list[int | None]:
    """Which rounds fit in ``room`` rows: all, or the first, a gap (None) and the last ones."""
    if len(rows) <= room:
        return list(range(len(rows)))
    last = max(1, room - 2)
    return [0, None, *range(len(rows) - last, len(rows))]


class Calls(Tabular):
    """The rounds as close as a ``Tabular``'s rows go: the room over the table is short."""

    def row_h(self, st: Style) -> int:
        return round(st.line * 1.05)


def wanted_width(lay: Layout, names: Sequence[str], calls: Sequence[str]) -> int:
    """The box's width with every name and each of ``calls`` whole in its column."""
    size = lay.text
    labels = [call_label(c) for c in calls] or [call_label("pass")]
    call_w = max(text.size_of(c, size)[0] for c in labels)
    name_w = max(text.size_of(n, size, True)[0] for n in names)
    return 4 * (max(call_w, name_w) + lay.margin) + lay.margin


def auction_box(
    surface: pygame.Surface | None,
    lay: Layout,
    room: pygame.Rect,
    names: Sequence[str],
    calls: Sequence[tuple[int, str]],
    trump: str | None,
    title: bool = True,
) -> pygame.Rect | None:
    """Draw the auction in ``room`` (from its top corner on the reading side); the box (only
    measured without a surface), or None when there is no call yet."""
    order, rows = auction_rows(list(calls))
    if not rows:
        return None
    st, win = Style(lay.w, lay.h), winning_call(rows)
    cells = [
        [
            Cell(call_label(c) if c else "", GOLD if (r, k) == win else INK, (r, k) == win)
            for k, c in enumerate(row)
        ]
        for r, row in enumerate(rows)
    ]
    # its columns as wide as every call whole needs (as far as the room goes)
    table = Calls([names[s] for s in order], cells, head_colors=[theme.TEAM[s & 1] for s in order])
    w = min(room.w, sum(table._widths(st)) + 5 * st.margin)
    if trump is not None:  # the trump line may want more than the columns
        w = max(w, min(room.w, text.size_of(trump, st.body)[0] + st.margin))
    words = [Text(tr("Auction"), color=GOLD, bold=True)] if title else []
    foot = [Text(trump)] if trump is not None else []
    pad = st.margin // 2  # a tight panel: the room over the table is short
    box = Column([*words, table, *foot], 0)
    fit = len(rows)
    while True:  # as many rounds as the room holds
        picked = shown_rows(rows, fit)
        table.all_rows = [cells[r] if r is not None else [Cell("\u2026", DIM)] for r in picked]
        if fit == 1 or box.measure(st, w - 2 * pad) + 2 * pad <= room.h:
            break
        fit -= 1
    rect = pygame.Rect(room.x, room.y, w, box.measure(st, w - 2 * pad) + 2 * pad)
    rect = mirrored(rect, room)
    box.place(st, rect.inflate(-2 * pad, -2 * pad))
    if surface is not None:
        blit_panel(surface, rect, color=PANEL, border=PANEL_EDGE, radius=st.radius)
        box.draw(surface)
    return rect
