"""A dialog over the table laid out by the kit (issue 47): a title, paragraphs and a row of
buttons, measured and then placed (``kit/boxes.py``), so no line is shrunk or overlaps; the
first button on the reading side, the panel in the kit's dialog style over the table's veil.
It is a ``Dialog`` (``scene.overlay``) in every other way: the table's keys and clicks."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.dialogs import Dialog
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Panel, Space, Text, centred
from tarneeb_desktop.ui.kit.style import DIALOG, DIALOG_EDGE, GOLD, Style
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button


class KitDialog(Dialog):
    """``title()``, ``paragraphs()`` and the buttons of ``specs()``, ``width`` units wide."""

    width = 96.0

    def title(self) -> str:
        return ""

    def paragraphs(self) -> list[str]:
        return []

    def tree(self, st: Style) -> Panel:
        boxes: list[Box] = [
            Text(self.title(), size=st.heading, color=GOLD, bold=True, align="center")
        ]
        boxes += [Text(p, align="center") for p in self.paragraphs() if p]
        boxes += [Space(0.2), ButtonRow([(lb, act, pri) for lb, act, pri in self.shown()],
                                        group="dialog")]  # fmt: skip
        return Panel(Column(boxes), color=DIALOG, edge=DIALOG_EDGE)

    _laid: tuple[tuple[int, int, str], Panel, pygame.Rect] | None = None

    def laid(self) -> tuple[Panel, pygame.Rect]:
        lay = self.scene.layout
        key = (lay.w, lay.h, i18n.get_language())
        if self._laid is None or self._laid[0] != key:
            st = Style(lay.w, lay.h)
            panel = self.tree(st)
            rect = centred(st, panel, round(st.unit * self.width))
            self._laid = (key, panel, rect)
        return self._laid[1], self._laid[2]

    def rect(self) -> pygame.Rect:
        return self.laid()[1]

    def buttons(self) -> list[Button]:
        return self.laid()[0].buttons()

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        s.blit(self.scene.veil(lay, 140), (0, 0))
        self.laid()[0].draw(s)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return self.laid()[0].texts()
