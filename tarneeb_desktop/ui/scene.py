"""The scene (view) lifecycle, after Python Arcade: on_show, on_hide, update, draw, events."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class Scene:
    """One screen of the game. The app calls ``handle_event`` for each event (True means
    consumed), ``update(dt)`` once per frame, and ``draw`` only when ``dirty`` is set."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.dirty = True

    def on_show(self) -> None:
        self.dirty = True

    def on_hide(self) -> None:
        pass

    def on_resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def busy(self) -> bool:
        """True while something moves or waits on time, so frames must keep coming."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass
