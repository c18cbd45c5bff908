"""41 / 400, per player, for the dialogs over the table: the players' order, the hands'
numbers, the score sheet's table (each player's bid, tricks and points, the teams' sums, the
players' totals at the foot) and its chart (``sheet.py`` lays them out), the colours of a bid
made or missed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules import HandResult, View
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.game import chart
from tarneeb_desktop.ui.game.game41 import close_seats
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK
from tarneeb_desktop.ui.kit.tables import Cell, Tabular
from tarneeb_desktop.ui.theme import blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableView

RED = (255, 130, 120)
GREEN = (140, 220, 150)


def seat_order(scene: TableView) -> list[int]:
    """The players in rows: my team first (me, then my partner), then the others."""
    return [(scene.me + k) % 4 for k in (0, 2, 1, 3)]


def _team(totals: tuple[int, ...], team: int) -> int:
    return totals[team] + totals[team + 2]


def played_rows(results: tuple[HandResult, ...]) -> int:
    """How many hands were played (thrown-in hands are not)."""
    return sum(1 for r in results if chart.was_played(r))


def row_numbers(results: tuple[HandResult, ...] | list[HandResult]) -> list[str]:
    """The score sheet's "#" of each row: the hand's number among those played, as the
    table counts them ("Hand 3"); a deal thrown in has none."""
    out, n = [], 0
    for r in results:
        n += chart.was_played(r)
        out.append(str(n) if chart.was_played(r) else "")
    return out


def hand_label(pv: View) -> str:
    """ "Hand 3": the number of the hand among those played (a deal thrown in is not one)."""
    return tr("Hand {n}", n=played_rows(pv.results[: max(0, pv.hand_number - 1)]) + 1)


def scale_labels(s: pygame.Surface, r: pygame.Rect, series: list[tuple[int, int]], t: int) -> None:
    """41's chart has no target line, only 0: its lowest and highest totals are labelled
    too, beside the axis as the 0 is, so that its lines can be read (one clear of the 0)."""
    lo, hi = chart.value_range(series, 0)
    plot, _ = chart.chart_plot(r, t)
    rtl = i18n.is_rtl()
    x, anchor = (plot.right + t // 3, "midleft") if rtl else (plot.x - t // 3, "midright")

    def y_of(v: int) -> int:
        return plot.bottom - round(plot.h * (v - lo) / max(1, hi - lo))

    for v in sorted({lo, hi} - {0}):
        if abs(y_of(v) - y_of(0)) >= round(t * 1.4):
            blit_text(s, str(v), t, (x, y_of(v)), theme.INK_DIM, anchor=anchor)


def sheet_table(scene: TableView) -> Tabular:
    """41's score sheet: a row a hand, per player "bid/tricks  points" (green when the bid
    was made, red when not), then the teams' sums; a deal thrown in says so (and its bids)
    across the players' columns; the players' totals at the foot, gold for those close to
    winning."""
    order = seat_order(scene)
    us, them = scene.teams()
    results = scene.pv.results
    rows = []
    for number, r in zip(row_numbers(results), results, strict=True):
        totals = r.seat_totals or (0, 0, 0, 0)
        sums = [Cell(str(_team(totals, us))), Cell(str(_team(totals, them)))]
        bids, took, points = r.bids, r.seat_tricks, r.seat_points
        if not r.trump or bids is None or took is None or points is None:
            # a thrown-in hand: its bids, dimmed, across the players' columns
            said = comma().join(str(bids[p]) for p in order) if bids is not None else ""
            thrown = Cell(f"{tr('thrown in')} ({said})", DIM)
            rows.append([Cell(number, DIM), thrown, Cell(""), Cell(""), Cell(""), *sums])
            continue
        cells = [Cell(f"{bids[p]}/{took[p]}  {i18n.signed(points[p])}",
                      GREEN if took[p] >= bids[p] else RED) for p in order]  # fmt: skip
        rows.append([Cell(number, DIM), *cells, *sums])
    scores = scene.pv.seat_scores or (0, 0, 0, 0)
    close = close_seats(scene.pv)
    foot = [
        Cell(tr("Total"), GOLD, True),
        *(Cell(str(scores[p]), GOLD if p in close else INK, True) for p in order),
        Cell(str(_team(scores, us)), bold=True),
        Cell(str(_team(scores, them)), bold=True),
    ]
    heads = ["#", *(scene.names[p] for p in order), tr("Us"), tr("Them")]
    colours = [DIM, *(theme.TEAM[p & 1] for p in order), theme.TEAM[us], theme.TEAM[them]]
    return Tabular(heads, rows, foot=foot, head_colors=colours, last=True)


def draw_sheet_chart(scene: TableView, s: pygame.Surface, r: pygame.Rect, size: int) -> None:
    """41's chart in ``r``: the teams' sums hand by hand, no target line, the lowest and
    highest sums labelled."""
    series = chart.score_series(scene.pv.results)
    chart.draw_chart(s, r, series, scene.teams(), None, size)
    scale_labels(s, r, series, size)
