"""The dialogs of 41 / 400, per player: the bodies of the hand's summary (each player's bid,
tricks, points and total, and the teams' sums), of the score sheet and of the game's end.
``dialogs.py``'s dialogs hand their bodies over to these when the view is of 41."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules import HandResult, View
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.game.chart import chart_plot, draw_chart, score_series, value_range
from tarneeb_desktop.ui.game.game41 import close_seats
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableView

RED = (255, 130, 120)
GREEN = (140, 220, 150)


def seat_order(scene: TableView) -> list[int]:
    """The players in rows: my team first (me, then my partner), then the others."""
    me = scene.me
    return [me, (me + 2) % 4, (me + 1) % 4, (me + 3) % 4]


def columns(box: pygame.Rect, xs: list[float]) -> list[int]:
    """The x of each column (fractions of the box), read from the right in RTL."""
    if i18n.is_rtl():
        xs = [1 - x for x in xs]
    return [box.x + round(box.w * x) for x in xs]


def _team(totals: tuple[int, ...], team: int) -> int:
    return totals[team] + totals[team + 2]


def played_rows(results: tuple[HandResult, ...]) -> int:
    """How many hands were played (thrown-in hands are not)."""
    return sum(1 for r in results if r.contract or (r.bids is not None and r.trump))


def row_numbers(results: tuple[HandResult, ...] | list[HandResult]) -> list[str]:
    """The score sheet's "#" of each row: the hand's number among those played, as the
    table counts them ("Hand 3"); a deal thrown in has none."""
    out, n = [], 0
    for r in results:
        played = bool(r.contract or (r.bids is not None and r.trump))
        n += played
        out.append(str(n) if played else "")
    return out


def hand_label(pv: View) -> str:
    """ "Hand 3": the number of the hand among those played (a deal thrown in is not one)."""
    return tr("Hand {n}", n=played_rows(pv.results[: max(0, pv.hand_number - 1)]) + 1)


def scale_labels(
    s: pygame.Surface, chart: pygame.Rect, series: list[tuple[int, int]], t: int
) -> None:
    """41's chart has no target line, only 0: its lowest and highest totals are labelled
    too, beside the axis as the 0 is, so that its lines can be read (one clear of the 0)."""
    lo, hi = value_range(series, 0)
    plot, _ = chart_plot(chart, t)
    rtl = i18n.is_rtl()
    x, anchor = (plot.right + t // 3, "midleft") if rtl else (plot.x - t // 3, "midright")

    def y_of(v: int) -> int:
        return plot.bottom - round(plot.h * (v - lo) / max(1, hi - lo))

    for v in sorted({lo, hi} - {0}):
        if abs(y_of(v) - y_of(0)) >= round(t * 1.4):
            blit_text(s, str(v), t, (x, y_of(v)), theme.INK_DIM, anchor=anchor)


def draw_score_sheet(scene: TableView, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
    """Every hand of 41: per player "bid/tricks" and the points, then the teams' totals; the
    players' own totals at the foot."""
    t = lay.text
    order = seat_order(scene)
    us, them = scene.teams()
    # the numbers in the first two thirds, the chart of the teams' sums after them
    xs = columns(box, [0.05, 0.135, 0.23, 0.325, 0.42, 0.515, 0.605])
    chart = pygame.Rect(0, box.y + round(lay.heading * 2.4), round(box.w * 0.29), 0)
    chart.x = box.x + round(box.w * 0.68)
    chart.h = box.bottom - lay.button[1] - round(lay.unit * 5) - round(t * 2.6) - chart.y
    if i18n.is_rtl():
        chart.right = box.right - round(box.w * 0.68)
    series = score_series(scene.pv.results)
    draw_chart(s, chart, series, (us, them), None, t)
    scale_labels(s, chart, series, t)
    y = box.y + round(lay.heading * 2.4)
    heads = ["#", *(scene.names[p] for p in order), tr("Us"), tr("Them")]
    colors: list[tuple[int, ...] | None] = [
        None,
        *(theme.TEAM[p & 1] for p in order),
        theme.TEAM[us],
        theme.TEAM[them],
    ]
    for k, (x, h) in enumerate(zip(xs, heads, strict=True)):
        blit_text(
            s,
            h,
            t,
            (x, y),
            colors[k] or theme.INK_DIM,
            bold=True,
            anchor="midtop",
            max_width=round(box.w * 0.095),
        )
    y += round(t * 1.3)
    blit_text(
        s,
        tr("bid/tricks, points"),
        t,
        (box.centerx, y),
        theme.INK_DIM,
        anchor="midtop",
    )
    y += round(t * 1.5)
    rows = list(scene.pv.results)
    foot = lay.button[1] + round(lay.unit * 5) + round(t * 2.2)
    max_rows = max(1, (box.bottom - y - foot) // round(t * 1.5))
    start = max(0, len(rows) - max_rows)
    numbers = row_numbers(rows)
    for i, r in enumerate(rows[start:], start=start):
        totals = r.seat_totals or (0, 0, 0, 0)
        vals: list[tuple[str, tuple[int, int, int]]] = [(numbers[i], theme.INK_DIM)]
        bids, took, points = r.bids, r.seat_tricks, r.seat_points
        if not r.trump or bids is None or took is None or points is None:
            # a thrown-in hand: its bids, dimmed, across the players' columns
            said = comma().join(str(bids[p]) for p in order) if bids is not None else ""
            blit_text(
                s,
                f"{tr('thrown in')} ({said})",
                t,
                ((xs[1] + xs[4]) // 2, y),
                theme.INK_DIM,
                anchor="midtop",
            )
            vals += [("", theme.INK)] * 4
        else:
            for p in order:
                text = f"{bids[p]}/{took[p]}  {i18n.signed(points[p])}"
                vals.append((text, GREEN if took[p] >= bids[p] else RED))
        vals += [(str(_team(totals, us)), theme.INK), (str(_team(totals, them)), theme.INK)]
        for x, (v, c) in zip(xs, vals, strict=True):
            if v:
                blit_text(s, v, t, (x, y), c, anchor="midtop")
        y += round(t * 1.5)
    if not rows:
        blit_text(
            s, tr("No hand finished yet"), t, (box.centerx, y + t), theme.INK_DIM, anchor="midtop"
        )
    # the players' totals now, at the foot
    y = box.bottom - foot + round(t * 0.5)
    pygame.draw.line(s, theme.GOLD, (box.x + box.w // 20, y - 4), (box.right - box.w // 20, y - 4))
    scores = scene.pv.seat_scores or (0, 0, 0, 0)
    close = close_seats(scene.pv)
    vals2 = [
        tr("Total"),
        *(str(scores[p]) for p in order),
        str(_team(scores, us)),
        str(_team(scores, them)),
    ]
    for k, (x, v) in enumerate(zip(xs, vals2, strict=True)):
        gold = 0 < k <= 4 and order[k - 1] in close
        blit_text(
            s,
            v,
            round(t * 1.1),
            (x, y),
            theme.GOLD if gold or k == 0 else theme.INK,
            bold=True,
            anchor="midtop",
        )
