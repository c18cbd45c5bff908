"""The score sheet over the table (S, Tab, or the Scores button), laid out by the kit: the
hands in a table (the newest at its foot when they are more than its room holds) beside a
chart of the two sides' totals (``chart.py``), side by side, one under the other when the
window is too narrow; right to left the table stands at the right and the chart at the left,
its time running from the right. 41's table is per player (``dialogs41.sheet_table``)."""

from __future__ import annotations

import pygame

from tarneeb_desktop.rules import HandResult
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.game import dialogs41
from tarneeb_desktop.ui.game.chart import draw_chart, score_series
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.game.labels import call_label, side_labels
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Column, Picture, Text
from tarneeb_desktop.ui.kit.form import Row
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular
from tarneeb_desktop.ui.theme import SUIT_SYMBOL


class ScoreSheetDialog(KitDialog):
    """Every hand of the game so far: contract, declarer, tricks, points and totals, and the
    chart of the totals hand by hand."""

    kind = "scores"
    width = 150.0

    def layout_key(self) -> object:
        scene = self.scene
        pv = scene.pv
        return len(pv.results), pv.seat_scores, tuple(scene.names), scene.four_color

    def _row(self, number: str, r: HandResult) -> list[str]:
        """The sheet's line for ``r``, the hand ``number`` ("": thrown in): in "tricks" and
        "total", ours first in reading order (at the right in RTL)."""
        scene = self.scene
        us, them = scene.teams()
        first, second = (them, us) if i18n.is_rtl() else (us, them)
        total = f"{r.totals[first]} / {r.totals[second]}"
        if r.contract is None:
            return [number, tr("thrown in"), "", "", "", "", total]
        con = call_label(r.contract)
        if r.trump and not scene.pv.rules.suit_bidding:
            con += " " + (SUIT_SYMBOL.get(r.trump, tr("NT")))
        if r.doubled:
            con += " x2"
        tricks = f"{r.tricks[first]}-{r.tricks[second]}"
        points = (i18n.signed(r.points[us]), i18n.signed(r.points[them]))
        return [number, con, scene.names[r.declarer or 0], tricks, *points, total]

    def table(self) -> Tabular:
        """Tarneeb's hands: a thrown-in deal's words run on over its empty cells, the sides'
        points in their colours; a long team name is cut short (``Tabular``)."""
        scene = self.scene
        us, them = scene.teams()
        heads = ["#", tr("Contract"), tr("Declarer"), tr("Tricks"), *side_labels(scene),
                 tr("Total")]  # fmt: skip
        team = (theme.TEAM[us], theme.TEAM[them])
        colours = [INK, INK, INK, INK, *team, INK]
        results = list(scene.pv.results)
        numbers = dialogs41.row_numbers(results)  # as the table counts hands: thrown-in not
        rows = []
        for number, r in zip(numbers, results, strict=True):
            played = r.contract is not None  # a contract's suit in its colour
            cells = [Cell(v, c, suits=k == 1 and played)
                     for k, (v, c) in enumerate(zip(self._row(number, r), colours, strict=True))]  # fmt: skip
            if not played:
                cells[1].color = DIM
            rows.append(cells)
        return Tabular(heads, rows, head_colors=[DIM] * 4 + [*team, DIM], last=True,
                       four_color=scene.four_color)  # fmt: skip

    def body(self, st: Style) -> list[Box]:
        scene = self.scene
        pv = scene.pv
        if pv.seat_scores is not None:  # 41: per player
            head = Text(tr("bid/tricks, points"), color=DIM, align="center")
            side: list[Box] = [head, dialogs41.sheet_table(scene)]

            def paint(s: pygame.Surface, r: pygame.Rect) -> None:
                dialogs41.draw_sheet_chart(scene, s, r, st.body)

        else:
            side = [self.table()]

            def paint(s: pygame.Surface, r: pygame.Rect) -> None:
                series = score_series(scene.pv.results)
                draw_chart(s, r, series, scene.teams(), scene.pv.rules.target, st.body)

        if not pv.results:
            side.append(Text(tr("No hand finished yet"), color=DIM, align="center"))
        # the chart: as tall as the table, at least half the unit's hundred
        chart = Picture(paint, round(st.unit * 50), 1 << 20, wide=st.body * 12)
        return [
            Text(tr("Score sheet"), size=st.heading, color=GOLD, bold=True, align="center"),
            Row([Column(side, gap=st.tight), chart], weights=[2, 1], grow=True),
        ]
