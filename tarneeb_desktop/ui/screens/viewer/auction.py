"""The replay viewer's auction box: the hand's auction, one column per player from the first
to speak, one row per round (as ``ui/game/auction.py``), the contract's call in gold and the
trump below. At the body size (issue 47): a name or call too wide is cut short, and an
auction longer than the room keeps its first round, a "..." row and its last rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.auction import auction_rows, winning_call
from tarneeb_desktop.ui.game.labels import call_label
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import blit_panel, blit_text

LINE = 1.55  # a line's height for its font size (as the hand list's)


def shown_rows(rows: list[list[str | None]], room: int) -> list[int | None]:
    """Which rounds fit in ``room`` rows: all, or the first, a gap (None) and the last ones."""
    if len(rows) <= room:
        return list(range(len(rows)))
    last = max(1, room - 2)
    return [0, None, *range(len(rows) - last, len(rows))]


def wanted_width(lay: Layout, names: Sequence[str], calls: Sequence[str]) -> int:
    """The box's width with every name and each of ``calls`` whole in its column."""
    size, pad = lay.text, max(3, lay.margin // 2)
    labels = [call_label(c) for c in calls] or [call_label("pass")]
    call_w = max(text.size_of(c, size)[0] for c in labels)
    name_w = max(text.size_of(n, size, True)[0] for n in names)
    return 4 * (max(call_w, name_w) + pad) + pad


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
    pad = max(3, lay.margin // 2)
    size = lay.text  # the body size: never smaller (issue 47)
    labels = [[call_label(c) if c is not None else "" for c in row] for row in rows]
    heads = [names[s] for s in order]
    call_w = max(text.size_of(c, size)[0] for row in labels for c in row if c)
    name_w = max(text.size_of(n, size, True)[0] for n in heads)
    step = round(size * LINE)
    # as wide as its calls and names need, as far as the room goes (then cut short)
    col_w = min(max(call_w, name_w) + pad, (room.w - pad) // 4)
    fit = max(1, (room.h - 2 * pad) // step - 1 - title - (trump is not None))
    picked = shown_rows(rows, fit)
    n_lines = 1 + title + len(picked) + (trump is not None)
    box = pygame.Rect(0, room.y, 4 * col_w + pad, n_lines * step + pad + pad // 2)
    if trump is not None:  # the trump line may want more than the columns
        box.w = max(box.w, min(room.w, text.size_of(trump, size)[0] + 2 * pad))
    box.x = room.x
    box = mirrored(box, room)  # at the room's start: the right in Arabic
    if surface is None:
        return box
    blit_panel(surface, box, color=(6, 20, 14, 190), radius=round(lay.unit))
    anchor = i18n.anchor("topleft")
    y = box.y + pad // 2
    if title:
        blit_text(surface, text.elide(tr("Auction"), size, box.w - 2 * pad, True), size,
                  (i18n.mirror_x(box.x + pad, box.x, box.w), y), theme.GOLD, True, anchor)  # fmt: skip
        y += step

    def col_x(c: int) -> int:  # a column's middle, the first on the reading side
        x = box.x + pad // 2 + col_w * c + col_w // 2
        return i18n.mirror_x(x, box.x, box.w)

    for c, (seat, name) in enumerate(zip(order, heads, strict=True)):
        blit_text(surface, text.elide(name, size, col_w - 2, True), size, (col_x(c), y),
                  theme.TEAM[seat & 1], True, "midtop")  # fmt: skip
    y += step
    win = winning_call(rows)
    for r in picked:
        if r is None:
            blit_text(surface, "\u2026", size, (box.centerx, y), theme.INK_DIM, anchor="midtop")
        else:
            for c, label in enumerate(labels[r]):
                if label:
                    colour = theme.GOLD if (r, c) == win else theme.INK
                    bold = (r, c) == win
                    blit_text(surface, text.elide(label, size, col_w - 2, bold), size,
                              (col_x(c), y), colour, bold, "midtop")  # fmt: skip
        y += step
    if trump is not None:
        blit_text(surface, text.elide(trump, size, box.w - 2 * pad), size,
                  (i18n.mirror_x(box.x + pad, box.x, box.w), y), theme.INK, anchor=anchor)  # fmt: skip
    return box
