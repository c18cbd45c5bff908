"""The dialogs of 41 / 400, per player: the bodies of the hand's summary (each player's bid,
tricks, points and total, and the teams' sums), of the score sheet and of the game's end.
``dialogs.py``'s dialogs hand their bodies over to these when the view is of 41."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ai.analysis import highest_bidder
from tarneeb_desktop.rules import HandResult, SeatsScored, View
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.game.chart import chart_plot, draw_chart, score_series, value_range
from tarneeb_desktop.ui.game.game41 import close_seats
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import tr, trn
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


def _cell(
    s: pygame.Surface,
    text: str,
    size: int,
    x: int,
    y: int,
    color: tuple[int, ...],
    bold: bool = False,
) -> None:
    # centred on the line: Arabic and Latin fonts have different heights
    blit_text(s, text, size, (x, y + round(size * 0.65)), color, bold=bold, anchor="center")


def draw_summary(
    scene: TableView,
    ev: SeatsScored,
    dd: int | None,
    s: pygame.Surface,
    lay: Layout,
    box: pygame.Rect,
) -> None:
    """The hand just played, per player: bid, tricks, points (made or missed), total;
    ``dd``: what the highest bidder's side could have taken with every card seen."""
    t = round(lay.text * 1.05)
    me = scene.me
    made = ev.tricks[me] >= ev.bids[me]
    if scene.humans and len(scene.humans) == 1:
        head = tr("You made your bid!") if made else tr("You missed your bid")
        color = theme.GOLD if made else RED
    else:
        head, color = hand_label(scene.pv), theme.GOLD
    y = box.y + round(lay.unit * 3)
    blit_text(
        s, head, round(lay.heading * 1.1), (box.centerx, y), color, bold=True, anchor="midtop"
    )
    y += round(lay.heading * 2.0)
    xs = columns(box, [0.2, 0.42, 0.56, 0.7, 0.85])
    heads = [tr("Player"), tr("Bid"), tr("Tricks"), tr("Points"), tr("Total")]
    for x, h in zip(xs, heads, strict=True):
        _cell(s, h, t, x, y, theme.INK_DIM, bold=True)
    y += round(t * 1.7)
    for seat in seat_order(scene):
        ok = ev.tricks[seat] >= ev.bids[seat]
        vals = [
            scene.names[seat],
            str(ev.bids[seat]),
            str(ev.tricks[seat]),
            i18n.signed(ev.points[seat]),
            str(ev.totals[seat]),
        ]
        colors = [theme.TEAM[seat & 1], theme.INK, theme.INK, GREEN if ok else RED, theme.INK]
        for k, (x, v, c) in enumerate(zip(xs, vals, colors, strict=True)):
            _cell(s, v, t, x, y, c, bold=k in (0, 4))
        y += round(t * 1.5)
    pygame.draw.line(s, (255, 255, 255), (box.x + box.w // 10, y), (box.right - box.w // 10, y))
    y += round(t * 0.6)
    us, them = scene.teams()
    line = tr("Us: {a}  \u00b7  Them: {b}", a=_team(ev.totals, us), b=_team(ev.totals, them))
    blit_text(s, line, t, (box.centerx, y), theme.INK, bold=True, anchor="midtop")
    if isinstance(dd, int):
        row = scene.pv.results[-1] if scene.pv.results else None
        if row is not None and row.bids is not None:
            top = highest_bidder(row.bids, row.dealer)
            y += round(t * 1.8)
            line = trn(
                "With best play by all four and every card seen, {a} and {b} "
                "(the highest bid and partner) could have taken {n} trick",
                "With best play by all four and every card seen, {a} and {b} "
                "(the highest bid and partner) could have taken {n} tricks",
                dd,
                a=scene.names[top],
                b=scene.names[(top + 2) % 4],
            )
            room = pygame.Rect(box.x + 2 * lay.margin, y, box.w - 4 * lay.margin, box.h)
            theme.blit_block(s, line, lay.text, room, theme.INK_DIM, align="center")


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
