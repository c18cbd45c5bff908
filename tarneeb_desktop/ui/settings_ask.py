"""A question over a screen before something that cannot be undone (Settings' "Restore the
defaults"): a title, a sentence and two buttons, the safe one first and focused, so Enter and
Esc change nothing. Arrows or Tab move the focus; a click on a button answers."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text, clicked, fit_group

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
MOVE = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)


class Question:
    """``choices``: (label, action), the safe one first (focused; Esc answers it too)."""

    def __init__(self, title: str, body: str, choices: list[tuple[str, str]]) -> None:
        self.title = title
        self.body = body
        self.choices = choices
        self.focus = 0

    def _box(self, lay: Layout) -> tuple[pygame.Rect, list[str], int]:
        """The panel, the sentence's lines and the buttons' top."""
        box = pygame.Rect(0, 0, round(min(lay.w * 0.8, lay.unit * 110)), 0)
        lines = text.wrap(self.body, lay.text, box.w - 2 * lay.margin)
        head = text.size_of(self.title, lay.heading, True)[1]
        line_h = text.size_of("Ag", lay.text)[1]
        for line in lines:
            line_h = max(line_h, text.size_of(line, lay.text)[1])
        body_h = line_h * len(lines)
        bh = round(lay.unit * 6.6)
        foot = lay.margin * 2
        box.h = lay.margin * 3 + head + body_h + round(lay.unit * 4) + bh + foot
        box.center = (lay.w // 2, lay.h // 2)
        return box, lines, box.bottom - foot - bh

    def buttons(self, lay: Layout) -> list[Button]:
        box, _, y = self._box(lay)
        gap = round(lay.unit * 2)
        bw = round(box.w * 0.38)
        out = []
        for k, (label, action) in enumerate(self.choices):
            r = pygame.Rect(0, y, bw, round(lay.unit * 6.6))
            # the safe choice first in reading order: at the right in RTL
            if (k == 0) != i18n.is_rtl():
                r.right = box.centerx - gap // 2
            else:
                r.left = box.centerx + gap // 2
            b = Button(r, label, action, primary=k == 0, group="question")
            b.focus = k == self.focus
            out.append(b)
        fit_group(out)
        return out

    def handle_event(self, ev: pygame.event.Event, lay: Layout) -> str | None:
        """The action answered, or None (every event is the question's while it is open)."""
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                return self.choices[0][1]
            if ev.key in ENTER:
                return self.choices[self.focus][1]
            if ev.key in MOVE:
                self.focus = (self.focus + 1) % len(self.choices)
        elif (hit := clicked(ev, self.buttons(lay))) is not None:
            return hit.action
        return None

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        box, lines, _ = self._box(lay)
        blit_panel(surface, box, color=(6, 20, 14, 245), border=(*theme.GOLD, 160), radius=20)
        y = box.y + lay.margin
        r = blit_text(
            surface, self.title, lay.heading, (box.centerx, y), theme.GOLD, True, "midtop"
        )
        y = r.bottom + lay.margin
        for line in lines:
            r = blit_text(surface, line, lay.text, (box.centerx, y), theme.INK, anchor="midtop")
            y = r.bottom
        for b in self.buttons(lay):
            b.draw(surface)
