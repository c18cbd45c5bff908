"""The auction, kept in sight during the play (A, a click on the contract panel, or the pause
menu): who called what, in order, one column per player from the first to speak, one row per
round; the winning bid in gold. Columns read from the right in Arabic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.dialogs import Dialog, page_title
from tarneeb_desktop.ui.game.labels import call_label
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import DialogContext

NOT_CALLS = ("redeal", "keep")  # a weak hand's question, not a call of the auction


def auction_rows(
    calls: tuple[tuple[int, str], ...] | list[tuple[int, str]],
) -> tuple[list[int], list[list[str | None]]]:
    """The seats from the first to speak, and the calls in rounds: one row per round, a call
    in its seat's column (None: that seat said nothing in that round, e.g. after passing)."""
    calls = [(s, c) for s, c in calls if c not in NOT_CALLS]
    if not calls:
        return [], []
    first = calls[0][0]
    order = [(first + k) % 4 for k in range(4)]
    rows: list[list[str | None]] = []
    last = -1
    for seat, call in calls:
        col = order.index(seat)
        if not rows or col <= last:  # back to an earlier seat: the next round
            rows.append([None] * 4)
        rows[-1][col] = call
        last = col
    return order, rows


def winning_call(rows: list[list[str | None]]) -> tuple[int, int] | None:
    """(row, column) of the last bid (not a pass, double or no double): the contract."""
    not_bids = (None, "pass", "double", "no_double")
    bids = [
        (r, c) for r, row in enumerate(rows) for c, call in enumerate(row) if call not in not_bids
    ]
    return bids[-1] if bids else None


def columns(box: pygame.Rect, xs: list[float]) -> list[int]:
    """The x of each column (fractions of the box), read from the right in RTL."""
    if i18n.is_rtl():
        xs = [1 - x for x in xs]
    return [box.x + round(box.w * x) for x in xs]


class AuctionDialog(Dialog):
    """The calls of this hand's auction, in order."""

    kind = "auction"
    size = (90.0, 62.0)
    close_key = pygame.K_a  # A toggles the page

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        scene: DialogContext = self.scene
        t = lay.text
        page_title(s, lay, box, tr("Auction"))
        order, rows = auction_rows(scene.pv.calls)
        y = box.y + round(lay.heading * 2.6)
        if not rows:
            blit_text(s, tr("No call yet"), t, (box.centerx, y + t), theme.INK_DIM, anchor="midtop")
            return
        xs = columns(box, [0.16, 0.39, 0.62, 0.85])
        for x, seat in zip(xs, order, strict=True):
            name = tr("You") if scene.is_me(seat) else scene.names[seat]
            blit_text(
                s,
                name,
                t,
                (x, y),
                theme.TEAM[seat & 1],
                bold=True,
                anchor="midtop",
                max_width=round(box.w * 0.22),
            )
        y += round(t * 2.0)
        win = winning_call(rows)
        step, line = round(t * 1.7), round(t * 1.25)
        cell_w = round(box.w * 0.23)  # the columns' width

        def lines_of(call: str | None) -> list[str]:
            """A call's label, on two lines where it is too wide for its column at the body
            size (German's "Nicht verdoppeln")."""
            if call is None:
                return []
            label = call_label(call)
            if theme.label_width(label, t) <= cell_w:
                return [label]
            return text.wrap(label, t, cell_w, bold=True)

        cells = [[lines_of(call) for call in row] for row in rows]
        heights = [step + line * (max(map(len, row)) - 1) for row in cells]
        room = box.bottom - y - lay.button[1] - round(lay.unit * 5)
        start = len(rows) - 1  # a long auction: its last rounds
        while start > 0 and sum(heights[start - 1 :]) <= room:
            start -= 1
        for r in range(start, len(rows)):
            for c, parts in enumerate(cells[r]):
                color = theme.GOLD if (r, c) == win else theme.INK
                for k, part in enumerate(parts):
                    cell = pygame.Rect(0, 0, cell_w, round(t * 1.5))
                    cell.midtop = (xs[c], y + k * line)
                    theme.draw_label(
                        s, part, cell, t, color, scene.four_color, on_dark=True, fitted=True
                    )
            y += heights[r]
