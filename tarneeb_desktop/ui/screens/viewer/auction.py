"""The replay viewer's auction box: the whole auction of the hand at the step shown, one
column per player from the first to speak, one row per round (as the table's auction page,
``ui/game/auction.py``), the contract's call in gold and the trump below.

The box sits in the table's top corner on the reading side, in the room the scene gives it
(between the title and the side hand, and beside North's cards, never over them): the text
is made smaller down to the small print to fit every round, and only an auction longer than
that keeps its first round, a "..." row and its last rounds. Columns read from the right in
Arabic.
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

LINE = 1.55  # a line's height for its font size (as the viewer's)


def shown_rows(rows: list[list[str | None]], room: int) -> list[int | None]:
    """Which rounds fit in ``room`` rows: all of them, or the first, a gap (None) and the
    last ones (the opening call is never dropped)."""
    if len(rows) <= room:
        return list(range(len(rows)))
    last = max(1, room - 2)
    return [0, None, *range(len(rows) - last, len(rows))]


def wanted_width(lay: Layout, names: Sequence[str], calls: Sequence[str]) -> int:
    """The box's width with every name and each of ``calls`` whole in its column (at the
    box's largest size): what a pane keeps free for it beside North's cards."""
    size, pad = round(lay.text * 0.85), max(3, lay.margin // 2)
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
    """Draw the auction in ``room`` (the box takes as much of it as it needs, from its top
    corner on the reading side), with its title "Auction" when ``title``; the box drawn (or
    only measured, without a surface), or None when there is no call yet."""
    order, rows = auction_rows(list(calls))
    if not rows:
        return None
    pad = max(3, lay.margin // 2)
    size = round(lay.text * 0.85)
    least = max(8, round(lay.text * 0.8))  # the small print: never below it
    labels = [[call_label(c) if c is not None else "" for c in row] for row in rows]
    heads = [names[s] for s in order]

    def widths(sz: int) -> tuple[int, int]:
        """The widest call and the widest name at size ``sz``."""
        call_w = max(text.size_of(c, sz)[0] for row in labels for c in row if c)
        name_w = max(text.size_of(n, sz, True)[0] for n in heads)
        return call_w, name_w

    # as large as the room takes: every round, and the calls whole in their columns
    while size > least:
        call_w, _ = widths(size)
        step = round(size * LINE)
        lines = 1 + title + len(rows) + (trump is not None)
        if 4 * (call_w + pad) + pad <= room.w and lines * step + pad * 2 <= room.h:
            break
        size -= 1
    step = round(size * LINE)
    call_w, name_w = widths(size)
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
        blit_text(surface, tr("Auction"), size, (i18n.mirror_x(box.x + pad, box.x, box.w), y),
                  theme.GOLD, True, anchor, max_width=box.w - 2 * pad, least=least)  # fmt: skip
        y += step

    def col_x(c: int) -> int:  # a column's middle, the first on the reading side
        x = box.x + pad // 2 + col_w * c + col_w // 2
        return i18n.mirror_x(x, box.x, box.w)

    for c, (seat, name) in enumerate(zip(order, heads, strict=True)):
        blit_text(surface, name, size, (col_x(c), y), theme.TEAM[seat & 1], True, "midtop",
                  max_width=col_w - 2, least=least)  # fmt: skip
    y += step
    win = winning_call(rows)
    for r in picked:
        if r is None:
            blit_text(surface, "\u2026", size, (box.centerx, y), theme.INK_DIM, anchor="midtop")
        else:
            for c, label in enumerate(labels[r]):
                if label:
                    colour = theme.GOLD if (r, c) == win else theme.INK
                    blit_text(surface, label, size, (col_x(c), y), colour, (r, c) == win,
                              "midtop", max_width=col_w - 2, least=least)  # fmt: skip
        y += step
    if trump is not None:
        blit_text(surface, trump, size, (i18n.mirror_x(box.x + pad, box.x, box.w), y),
                  theme.INK, anchor=anchor, max_width=box.w - 2 * pad, least=least)  # fmt: skip
    return box
