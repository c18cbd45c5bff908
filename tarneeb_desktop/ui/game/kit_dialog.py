"""A dialog over the table laid out by the kit (issue 47): a title, paragraphs and a row of
buttons, measured and then placed (``kit/boxes.py``), so no line is shrunk or overlaps; the
first button on the reading side, the panel in the kit's dialog style. It is a ``Dialog``
(``scene.overlay``) in every other way: the table's keys and clicks. It is drawn and given
its events as one of the window's modals (``table_modal.py``), over the one veil."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.dialogs import Dialog
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Panel, Space, Text, centred
from tarneeb_desktop.ui.kit.style import DIALOG, DIALOG_EDGE, GOLD, Style
from tarneeb_desktop.ui.kit.widgets import step_of_key
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button


class KitDialog(Dialog):
    """``title()``, ``paragraphs()`` and the buttons of ``specs()``, ``width`` units wide. A
    ``question``'s first button (the choice that changes nothing) has the focus, so that
    Enter or Esc keeps things as they are; Left and Right move the focus in reading order."""

    width = 96.0
    question = False

    def title(self) -> str:
        return ""

    def paragraphs(self) -> list[str]:
        return []

    def tree(self, st: Style) -> Panel:
        boxes = [*self.body(st), Space(0.2), self.foot(st)]
        return Panel(Column(boxes), color=DIALOG, edge=DIALOG_EDGE)

    def body(self, st: Style) -> list[Box]:
        """What stands above the buttons: by default the title and the paragraphs."""
        boxes: list[Box] = []
        if self.title():
            boxes.append(Text(self.title(), size=st.heading, color=GOLD, bold=True, align="center"))
        return boxes + [Text(p, size=st.large, align="center") for p in self.paragraphs() if p]

    def layout_key(self) -> object:
        """What the dialog shows that changes its boxes (a line that comes later)."""
        return None

    def foot(self, st: Style) -> Box:
        """The buttons: a row (the first on the reading side)."""
        return ButtonRow([(lb, act, pri) for lb, act, pri in self.shown()], group="dialog")

    _laid: tuple[tuple[int, int, str, object], Panel, pygame.Rect] | None = None

    def laid(self) -> tuple[Panel, pygame.Rect]:
        lay = self.scene.layout
        key = (lay.w, lay.h, i18n.get_language(), self.layout_key())
        if self._laid is None or self._laid[0] != key:
            st = Style(lay.w, lay.h)
            panel = self.tree(st)
            rect = centred(st, panel, round(st.unit * self.width))
            self._laid = (key, panel, rect)
        return self._laid[1], self._laid[2]

    def rect(self) -> pygame.Rect:
        return self.laid()[1]

    def buttons(self) -> list[Button]:
        out = self.laid()[0].buttons()
        if self.question and out and not any(b.focus for b in out):
            out[0].focus = True
        return out

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and buttons:
            self.move_focus(buttons, step_of_key(ev.key))
            return True
        return super().handle_event(ev, buttons)

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        """The panel (the window's modal stack draws the veil under it)."""
        self.laid()[0].draw(s)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return self.laid()[0].texts()
