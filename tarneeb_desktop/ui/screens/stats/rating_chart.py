"""The rating's page of Statistics: the player's rating (an Elo against the computer levels,
``stats.py``) per rules preset, and a chart of its history for one of them, with the
levels' own ratings as dashed lines across it. Right to left, the chart is mirrored as a
whole: it runs from the right (the first game at the right, as the score sheet's chart)."""

from __future__ import annotations

from typing import Any

import pygame

from tarneeb_desktop.stats import LEVEL_RATINGS, START
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit.form import mirrored, mirrored_points
from tarneeb_desktop.ui.screens.settings.rows import choice_label, preset_words
from tarneeb_desktop.ui.theme import blit_text

#: The levels' words on the chart's dashed lines.
LEVELS = ("easy", "medium", "hard", "expert")


def rating_line(preset: str, entry: dict[str, Any]) -> str:
    """``Standard: 1287 after 12 games``."""
    n = len(entry.get("history", []))
    return trn(
        "{rules}: {rating} after {n} game",
        "{rules}: {rating} after {n} games",
        n,
        rules=preset_words(preset),
        rating=i18n.number(round(float(entry["rating"]))),
    )


def level_name(level: str) -> str:
    """``Hard 1400``: a level and the rating it stands for."""
    return f"{choice_label(level)} {i18n.number(LEVEL_RATINGS[level])}"


def level_note() -> str:
    words = comma().join(level_name(lv) for lv in LEVELS)
    return tr(
        "Each game against one computer level moves your rating; they stand for: {levels}.",
        levels=words,
    )


def draw_rating_chart(
    s: pygame.Surface, r: pygame.Rect, history: list[list[Any]], size: int
) -> pygame.Rect:
    """The history's ratings as a line in ``r``, from START at game 0; the levels' ratings
    dashed across it, named at the chart's end. Laid out left to right, mirrored in ``r`` as
    a whole right to left (the line from the right, the names at the left). Returns the
    plot's rectangle."""
    values = [START] + [float(h[1]) for h in history]
    levels = [LEVEL_RATINGS[lv] for lv in LEVELS]
    lo = min(min(values), min(levels)) - 50
    hi = max(max(values), max(levels)) + 50
    label_w = max(text.size_of(level_name(lv), size)[0] for lv in LEVELS)
    plot = pygame.Rect(r.x, r.y + size // 2, r.w - label_w - size, r.h - size)
    n = max(1, len(values) - 1)

    def at(i: int, v: float) -> tuple[int, int]:
        return plot.x + round(plot.w * i / n), plot.bottom - round(plot.h * (v - lo) / (hi - lo))

    shown = mirrored(plot, r)
    pygame.draw.rect(s, (70, 100, 85), shown, width=1)
    for lv in LEVELS:
        y = at(0, LEVEL_RATINGS[lv])[1]
        for x in range(shown.x, shown.right, 10):  # dashed
            pygame.draw.line(s, (90, 120, 105), (x, y), (min(x + 5, shown.right), y), 1)
        name = level_name(lv)
        box = pygame.Rect((0, 0), text.size_of(name, size))
        box.midleft = (plot.right + size // 2, y)
        blit_text(s, name, size, mirrored(box, r).center, theme.INK_DIM, anchor="center")
    points = mirrored_points([at(i, v) for i, v in enumerate(values)], r)
    if len(points) > 1:
        pygame.draw.lines(s, theme.GOLD, False, points, max(2, size // 8))
    for p, h in zip(points[1:], history, strict=True):
        pygame.draw.circle(s, (120, 220, 140) if h[3] else (255, 150, 130), p, max(3, size // 6))
    return shown
