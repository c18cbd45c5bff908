"""The scene (view) lifecycle, after Python Arcade: on_show, on_hide, update, draw, events;
and ``ButtonScene``, a screen of buttons (the menu, the statistics, the LAN screens)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, button_at, clicked, fit_group

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


def test_log(line: str) -> None:
    """A machine-readable line on stdout for the end-to-end test (TARNEEB_TEST_LOG=1)."""
    if os.environ.get("TARNEEB_TEST_LOG"):
        print("TEST " + line, flush=True)


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


class ButtonScene(Scene):
    """A screen of buttons that work with the mouse and with arrows and Enter."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = 0
        self._buttons: list[Button] = []
        self._size = (0, 0)

    def build(self, lay: Layout) -> list[Button]:
        return []

    def buttons(self) -> list[Button]:
        if self._size != self.app.size or not self._buttons:
            self._size = self.app.size
            self._buttons = self.build(Layout(*self.app.size))
            fit_group(self._buttons)  # one text size per group of buttons (see theme)
            self.focus = min(self.focus, max(0, len(self._buttons) - 1))
            if os.environ.get("TARNEEB_TEST_LOG"):  # where the end-to-end test clicks
                at = ";".join(
                    f"{b.action}:{b.rect.centerx},{b.rect.centery}" for b in self._buttons
                )
                code = getattr(self, "code", None)
                name = type(self).__name__
                test_log(f"screen {name} at={at}" + (f" code={code}" if code else ""))
        for i, b in enumerate(self._buttons):
            b.focus = i == self.focus
        return self._buttons

    def rebuild(self) -> None:
        self._buttons = []
        self.dirty = True

    def activate(self, action: str) -> None:
        pass

    def handle_event(self, ev: pygame.event.Event) -> bool:
        buttons = self.buttons()
        if ev.type == pygame.MOUSEMOTION:
            under = button_at(buttons, ev.pos)
            if under is not None and (i := buttons.index(under)) != self.focus:
                self.focus = i
                self.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = clicked(ev, buttons)
            if hit is not None:
                self.activate(hit.action)
            return hit is not None
        if ev.type == pygame.KEYDOWN and buttons:
            back = ev.key in (pygame.K_UP, pygame.K_LEFT)
            if back or ev.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                self.focus = (self.focus + (-1 if back else 1)) % len(buttons)
                self.dirty = True
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(buttons[self.focus].action)
            elif ev.key == pygame.K_ESCAPE:
                # a question on screen ("Delete?", "End?"): Esc is its safe answer
                self.activate("cancel" if getattr(self, "confirming", False) else "back")
            return True
        return False

    def on_resize(self, size: tuple[int, int]) -> None:
        self.rebuild()
