"""The score sheet's chart: both teams' totals over the game, hand by hand, in the teams'
colours, with the target as a line; time runs in reading order (from the right in Arabic)."""

from __future__ import annotations

import pygame

from tarneeb_desktop.rules import HandResult
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.theme import blit_text


def score_series(results: tuple[HandResult, ...] | list[HandResult]) -> list[tuple[int, int]]:
    """The teams' totals (team 0, team 1) before the first hand and after each hand played
    (a deal thrown in changes nothing and is not a point of the chart)."""
    return [(0, 0)] + [(int(r.totals[0]), int(r.totals[1])) for r in results if was_played(r)]


def was_played(r: HandResult) -> bool:
    """A hand played (a contract, or 41's bids and trump), not a deal thrown in."""
    return bool(r.contract or (r.bids is not None and r.trump))


def value_range(series: list[tuple[int, int]], target: int) -> tuple[int, int]:
    """The y axis: from the lowest total (or 0) to the target (or the highest total)."""
    return min(0, *map(min, series)), max(target, *map(max, series))


def draw_chart(
    s: pygame.Surface,
    r: pygame.Rect,
    series: list[tuple[int, int]],
    teams: tuple[int, int],
    target: int | None,
    size: int,
) -> None:
    """The chart in ``r``: a line per team (``teams``: us, them), labels at ``size`` px;
    the legend above the plot, where it covers no point and no axis."""
    lo, hi = value_range(series, target or 0)  # None: no target line (41's team sums)
    plot, legend_y = chart_plot(r, size)
    span = max(1, hi - lo)
    n = max(1, len(series) - 1)

    def at(i: int, v: int) -> tuple[int, int]:
        x = plot.x + round(plot.w * i / n)
        if i18n.is_rtl():
            x = plot.right - (x - plot.x)
        return x, plot.bottom - round(plot.h * (v - lo) / span)

    pygame.draw.rect(s, (70, 100, 85), plot, width=1)
    marks = [(0, theme.INK_DIM)] + ([(target, theme.GOLD)] if target is not None else [])
    for v, color in marks:
        y = at(0, v)[1]
        for x in range(plot.x, plot.right, 8):  # dashed
            pygame.draw.line(s, color, (x, y), (min(x + 4, plot.right), y), 1)
        label_x = plot.x - size // 3 if not i18n.is_rtl() else plot.right + size // 3
        anchor = "midright" if not i18n.is_rtl() else "midleft"
        blit_text(s, str(v), size, (label_x, y), color, anchor=anchor)
    for team in teams:
        points = [at(i, p[team]) for i, p in enumerate(series)]
        color = theme.TEAM[team]
        if len(points) > 1:
            pygame.draw.lines(s, color, False, points, 3)
        for p in points:
            pygame.draw.circle(s, color, p, 4)
    us, them = teams
    first, second = plot.centerx - size * 2, plot.centerx + size * 2
    if i18n.is_rtl():  # "Us" first in reading order: at the right
        first, second = second, first
    blit_text(s, tr("Us"), size, (first, legend_y), theme.TEAM[us], True, "midtop")
    blit_text(s, tr("Them"), size, (second, legend_y), theme.TEAM[them], True, "midtop")


def chart_plot(r: pygame.Rect, size: int) -> tuple[pygame.Rect, int]:
    """Where the chart in ``r`` draws: the plot (the value labels beside it, at the start
    side) and the top of the legend's line above it."""
    pad_l = round(size * 2.4)
    legend_h = round(size * 1.9)  # a line of the legend, in the tallest script
    plot = pygame.Rect(r.x + pad_l, r.y + legend_h, r.w - pad_l - size, 0)
    plot.h = r.bottom - round(size * 0.7) - plot.y  # half a value label below the lowest
    if i18n.is_rtl():  # the value labels at the right, time from the right
        plot.x = r.x + size
    return plot, r.y
