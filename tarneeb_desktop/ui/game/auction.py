"""The auction, kept in sight during the play (A, a click on the contract panel, or the pause
menu): who called what, in order, one column per player from the first to speak, one row per
round; the winning bid in gold. Columns read from the right in Arabic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.game.labels import call_label
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular

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
    bids = [(r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x not in not_bids]
    return bids[-1] if bids else None


class AuctionDialog(KitDialog):
    """The calls of this hand's auction, in order: a kit ``Tabular`` of a column per player
    from the first to speak (read from the right in Arabic: the table is mirrored as a
    whole), a row per round, the contract in gold; the last rounds when they are more than
    the window holds."""

    kind = "auction"
    width = 90.0
    close_key = pygame.K_a  # A toggles the page

    def title(self) -> str:
        return tr("Auction")

    def layout_key(self) -> object:
        return self.scene.pv.calls, self.scene.four_color

    def body(self, st: Style) -> list[Box]:
        scene: DialogContext = self.scene
        order, rows = auction_rows(scene.pv.calls)
        if not rows:
            return [*super().body(st), Text(tr("No call yet"), color=DIM, align="center")]
        heads = [tr("You") if scene.is_me(seat) else scene.names[seat] for seat in order]
        win = winning_call(rows)

        def cell(r: int, c: int, call: str | None) -> Cell:
            ink = GOLD if (r, c) == win else INK
            return Cell(call_label(call) if call else "", ink, suits=bool(call))

        cells = [[cell(r, c, call) for c, call in enumerate(row)] for r, row in enumerate(rows)]
        table = Tabular(heads, cells, head_colors=[theme.TEAM[seat & 1] for seat in order],
                        first=0.25, last=True, four_color=scene.four_color)  # fmt: skip
        return [*super().body(st), table]
