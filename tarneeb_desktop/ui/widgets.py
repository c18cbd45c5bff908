"""Widgets shared by the scenes: a one-line text field (the players' names in the settings,
the address and name to join a LAN table, the chat line at a LAN table)."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.theme import blit_panel, blit_text

Colour = tuple[int, ...]


def draw_field(
    s: pygame.Surface,
    rect: pygame.Rect,
    line: str,
    size: int,
    *,
    fill: Colour,
    border: Colour,
    ink: Colour = theme.BUTTON_TEXT,
    margin: int,
    radius: int | None = None,
    from_start: bool = False,
) -> None:
    """A text box with ``line`` in it, ``margin`` from its left edge (from its reading start
    with ``from_start``: the right edge in a right-to-left language)."""
    blit_panel(s, rect, color=fill, border=border, radius=rect.h // 4 if radius is None else radius)
    x = rect.x + margin
    anchor = "midleft"
    if from_start:
        x, anchor = i18n.mirror_x(x, rect.x, rect.w), i18n.anchor(anchor)
    blit_text(s, line, size, (x, rect.centery), ink, anchor=anchor, max_width=rect.w - 2 * margin)


def draw_form_field(
    s: pygame.Surface, rect: pygame.Rect, line: str, size: int, *, focus: bool, margin: int
) -> None:
    """A form's text box (the Join and Host screens): light, gold-edged while it has the
    focus, typed from the reading start (the right in a right-to-left language)."""
    draw_field(
        s,
        rect,
        line,
        size,
        fill=(250, 248, 238, 255),
        border=theme.GOLD + (255,) if focus else (0, 0, 0, 90),
        margin=margin,
        from_start=True,
    )


class TextField:
    """One line of text being typed: letters come as TEXTINPUT events, Backspace deletes the
    last one; ``handle_event`` says what happened: "typed", "enter", "escape" or None (an
    event the field does not take). At most ``max_chars`` characters, never fewer than
    ``min_chars`` by deleting; ``printable`` drops control characters from what is typed."""

    def __init__(
        self, text: str = "", max_chars: int = 80, min_chars: int = 0, printable: bool = False
    ) -> None:
        self.text = text
        self.max_chars = max_chars
        self.min_chars = min_chars
        self.printable = printable

    @staticmethod
    def start() -> None:
        """Ask the system for text input (an on-screen keyboard, an input method)."""
        pygame.key.start_text_input()

    @staticmethod
    def stop() -> None:
        pygame.key.stop_text_input()

    def insert(self, typed: str) -> bool:
        """Add ``typed`` at the end (cut at ``max_chars``); True if the text changed."""
        if self.printable:
            typed = "".join(ch for ch in typed if ch.isprintable())
        if not typed or len(self.text) >= self.max_chars:
            return False
        self.text = (self.text + typed)[: self.max_chars]
        return True

    def backspace(self) -> bool:
        if len(self.text) <= self.min_chars:
            return False
        self.text = self.text[:-1]
        return True

    def handle_event(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame.TEXTINPUT:
            self.insert(ev.text)
            return "typed"
        if ev.type != pygame.KEYDOWN:
            return None
        if ev.key == pygame.K_BACKSPACE:
            self.backspace()
            return "typed"
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "enter"
        if ev.key == pygame.K_ESCAPE:
            return "escape"
        return None

    def shown(self, focused: bool) -> str:
        """The text as drawn: with a caret at its end while it has the focus."""
        return self.text + ("|" if focused else "")
