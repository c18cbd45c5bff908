"""A page and a scene laid out by the kit: ``Page`` (a panel with a title, a body that takes
the room left, a notice and a row of buttons at its foot) and ``KitScene``, a screen whose
``tree`` the kit lays out, draws and takes clicks and keys from (a screen says what it shows,
not where: docs/architecture.md, "Writing a screen", has an example). The tree is laid out
again when the window's size, the language or ``layout_key()`` (what the screen shows that
changes its boxes: a notice, a list's rows) changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Panel, Text, Wrap
from tarneeb_desktop.ui.kit.style import GOLD, PANEL, PANEL_EDGE, Style
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

#: A button at a page's foot: (label, action, primary[, enabled]).
FootSpec = tuple[str, str, bool] | tuple[str, str, bool, bool]


class Page(Wrap):
    """The page's panel (``Style.page``) holding its title, its ``body`` (a column that takes
    the room the rest leaves), a ``notice`` (an error or a hint, in gold) and the ``foot``'s
    buttons ((label, action, primary); the first on the reading side)."""

    def __init__(
        self,
        title: str,
        body: Sequence[Box],
        *,
        foot: Sequence[FootSpec] = (),
        notice: str | None = None,
        group: str = "foot",
        each: bool = False,
        full: bool = False,
    ) -> None:
        self.full = full  # the window's whole width (a wide table), not four fifths of it
        self.title = Text(title, size=0, color=GOLD, bold=True, align="center")
        self.body = Column(body, grow=True)
        boxes: list[Box] = [self.title, self.body]
        if notice:
            boxes.append(Text(notice, color=GOLD, align="center"))
        if foot:
            boxes.append(ButtonRow(foot, group=group, each=each))  # each: as wide as its label
        self.panel = self.child = Panel(Column(boxes), color=PANEL, edge=PANEL_EDGE)

    def room(self, st: Style) -> pygame.Rect:
        """``Style.page``, taller when what it holds needs it, down to the window's margin."""
        self.title.size = st.heading
        page = st.page
        if self.full:
            page.x, page.w = st.margin, st.w - 2 * st.margin
        page.h = max(page.h, min(self.panel.measure(st, page.w), st.h - page.y - st.margin))
        return page

    def measure(self, st: Style, width: int) -> int:
        return self.room(st).h

    def place(self, st: Style, rect: pygame.Rect) -> None:
        page = self.room(st)
        super().place(st, page)
        self.panel.place(st, page)


class KitScene(ButtonScene):
    """A screen laid out by the kit: its ``tree`` over the felt, its buttons the tree's."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._tree: Box | None = None
        self._tree_key: object = None

    def tree(self, st: Style) -> Box:
        raise NotImplementedError

    def layout_key(self) -> object:
        """What the screen shows that changes its boxes (a notice, a list's rows)."""
        return None

    def laid(self) -> Box:
        key = (self.app.size, i18n.get_language(), self.layout_key())
        if self._tree is None or self._tree_key != key:
            st = Style(*self.app.size)
            tree = self.tree(st)
            room = pygame.Rect((0, 0), self.app.size).inflate(-2 * st.margin, -2 * st.margin)
            tree.place(st, room)
            self._tree, self._tree_key = tree, key
            self._buttons = []  # the scene's buttons are the new tree's
        return self._tree

    def build(self, lay: Layout) -> list[Button]:
        return self.laid().buttons()

    def buttons(self) -> list[Button]:
        self.laid()
        return super().buttons()

    def rebuild(self) -> None:
        self._tree = None
        super().rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        self.buttons()  # laid out and focused as the scene keeps them
        self.laid().draw(surface)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return self.laid().texts()
