"""Time-driven animation steps: each runs for a duration measured in frame ``dt``s."""

from __future__ import annotations

from collections.abc import Callable

import pygame


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect([round(p + (q - p) * t) for p, q in zip(a, b, strict=True)])


class Step:
    """One queued piece of presentation: ``start`` when it begins, ``draw(p)`` while it runs
    (p goes 0 to 1), ``end`` when done. ``until`` keeps it running until it returns True
    (for a summary the player must dismiss)."""

    def __init__(
        self,
        duration: float = 0.0,
        start: Callable[[], None] | None = None,
        end: Callable[[], None] | None = None,
        draw: Callable[[pygame.Surface, float], None] | None = None,
        until: Callable[[], bool] | None = None,
        tick: Callable[[float], None] | None = None,
        name: str = "",
    ) -> None:
        self.duration, self.name = max(0.0, duration), name
        self._start, self._end, self.draw_fn, self.until, self.tick = start, end, draw, until, tick
        self.elapsed, self.started = 0.0, False

    def begin(self) -> None:
        self.started = True
        if self._start:
            self._start()

    def advance(self, dt: float) -> bool:
        """Move time on; True when the step is finished (its ``end`` has run)."""
        self.elapsed += dt
        if self.tick:
            self.tick(self.progress)
        if self.elapsed < self.duration:
            return False
        if self.until is not None and not self.until():
            return False
        if self._end:
            self._end()
        return True

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    def draw(self, surface: pygame.Surface) -> None:
        if self.draw_fn:
            self.draw_fn(surface, self.progress)


class Tween:
    """A free-running motion not in the queue (a card sliding back, a shake)."""

    def __init__(
        self,
        duration: float,
        draw: Callable[[pygame.Surface, float], None],
        end: Callable[[], None] | None = None,
    ) -> None:
        self.duration, self.elapsed, self.draw_fn, self.end = duration, 0.0, draw, end

    def advance(self, dt: float) -> bool:
        self.elapsed += dt
        if self.elapsed >= self.duration:
            if self.end:
                self.end()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        p = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        self.draw_fn(surface, p)
