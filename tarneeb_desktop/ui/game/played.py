"""The cards played over the table (V, or the pause menu), laid out by the kit: the title, the
grid of the four suits and the legend under it."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.boxes import Box, Picture, Text
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, blit_text


class CardsPlayedDialog(KitDialog):
    """Every card, struck out once played; my own in gold (never under the hot-seat cover).
    The grid is a picture of its own: the ranks in columns, the suit at the row's start."""

    kind = "played"
    width = 96.0
    close_key = pygame.K_v  # V toggles the page

    def body(self, st: Style) -> list[Box]:
        size = round(st.body * 1.35)
        row_h = round(size * 1.9)
        legend = tr("Gold: your cards  \u00b7  white: not played yet  \u00b7  struck out: played")
        if self.scene.covered():
            legend = tr("White: not played yet  \u00b7  struck out: played")
        return [
            Text(tr("Cards played"), size=st.heading, color=theme.GOLD, bold=True, align="center"),
            Picture(lambda s, r: self._grid(s, r, size), 4 * row_h, 4 * row_h),
            Text(legend, color=theme.INK_DIM, align="center"),
        ]

    def _grid(self, s: pygame.Surface, box: pygame.Rect, size: int) -> None:
        scene = self.scene
        suit_w = round(size * 2.2)
        step_x = (box.w - suit_w) // 13
        x0 = box.x + suit_w
        y, row_h = box.y, box.h // 4
        gone = (110, 120, 115)  # played cards: grey, and struck through below
        colours = {"played": gone, "mine": theme.GOLD, N_("out"): theme.INK}
        for suit, row in scene.played_grid():
            colour = theme.suit_color(suit, scene.four_color, on_dark=True)
            blit_text(s, SUIT_SYMBOL[suit], round(size * 1.2),
                      (box.x + suit_w // 2, y + row_h // 2), colour, anchor="center")  # fmt: skip
            for i, (card, state) in enumerate(row):
                label = "10" if card[0] == "T" else card[0]
                cx = x0 + i * step_x + step_x // 2
                r = blit_text(s, label, size, (cx, y + row_h // 2), colours[state], bold=True,
                              anchor="center")  # fmt: skip
                if state == "played":  # struck through: gone from the game
                    pygame.draw.line(s, gone, (r.left, r.centery), (r.right, r.centery), 2)
            y += row_h
