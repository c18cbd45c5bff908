"""The replay viewer's scrubber: a bar of every step, a tick at each hand's deal, left to
right in every language (the record's time)."""

from __future__ import annotations

import pygame

from tarneeb_desktop.session.record_steps import Steps
from tarneeb_desktop.ui import theme


class Scrubber:
    def __init__(self, steps: Steps) -> None:
        self.steps = steps
        self.dragging = False
        self.deals = [p.index for p in steps.positions if p.kind == "deal"]

    def index_at(self, r: pygame.Rect, x: int) -> int:
        """The step under ``x`` on the bar ``r``."""
        last = self.steps.last  # 0 or less (one step or none): step 0, by the max()
        return max(0, min(last, round((x - r.x) / max(1, r.w) * last)))

    def x_of(self, r: pygame.Rect, index: int) -> int:
        return r.x + round(r.w * index / max(1, self.steps.last))

    def draw(self, surface: pygame.Surface, r: pygame.Rect, index: int) -> None:
        track = pygame.Rect(r.x, r.centery - max(2, r.h // 8), r.w, max(4, r.h // 4))
        pygame.draw.rect(surface, (10, 30, 20), track, border_radius=track.h // 2)
        done = track.copy()
        done.w = max(0, self.x_of(r, index) - r.x)
        pygame.draw.rect(surface, theme.GOLD, done, border_radius=track.h // 2)
        for d in self.deals:  # a tick at each hand's deal
            x = self.x_of(r, d)
            pygame.draw.line(
                surface, theme.INK_DIM, (x, r.y + r.h // 5), (x, r.bottom - r.h // 5), 2
            )
        knob = (self.x_of(r, index), r.centery)
        pygame.draw.circle(surface, theme.GOLD, knob, max(4, r.h // 3))
        pygame.draw.circle(surface, (40, 30, 10), knob, max(4, r.h // 3), 2)
