"""How to play: the rules and the table explained."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import help_text, i18n, text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text


class HowToScene(ButtonScene):
    """A short page on how Tarneeb is played and how to use the table."""

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 26), round(lay.unit * 7)
        r = pygame.Rect(0, 0, bw, bh)
        r.midbottom = (lay.w // 2, lay.h - lay.margin * 3)
        return [Button(r, tr("Back"), "back", primary=True)]

    def activate(self, action: str) -> None:
        self.app.show_menu()

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box = pygame.Rect(0, 0, round(lay.w * 0.8), round(lay.h * 0.74))
        box.midtop = (lay.w // 2, lay.margin * 2)
        blit_panel(surface, box, color=(6, 20, 14, 220), radius=round(lay.unit * 2.5))
        blit_text(
            surface,
            help_text.title(),
            lay.heading,
            (box.centerx, box.y + lay.margin),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        top = box.y + round(lay.heading * 2.4)
        width = box.w - lay.margin * 4
        # The whole rules summary on one page: shrink the text until it fits the panel.
        size = lay.text
        while True:
            blocks = [text.wrap(p, size, width) for p in help_text.paragraphs()]
            step = round(size * 1.35)
            height = sum(len(b) for b in blocks) * step + (len(blocks) - 1) * step // 2
            if height <= box.bottom - lay.margin - top or size <= 9:
                break
            size -= 1
        y = top
        x = box.right - lay.margin * 2 if i18n.is_rtl() else box.x + lay.margin * 2
        for block in blocks:
            for line in block:
                blit_text(surface, line, size, (x, y), theme.INK, anchor=i18n.anchor("topleft"))
                y += step
            y += step // 2
        for b in self.buttons():
            b.draw(surface)
