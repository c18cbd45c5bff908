"""How to play: short pages, each a few paragraphs beside a picture of the table.

Previous and Next (or the arrow keys, Page Up and Page Down) turn the pages, the dots jump to
one, Esc or Menu goes back to the main menu; the first page offers the tutorial. Right to
left the text sits on the right, Next on the left and the left arrow turns forward. Laid out
by the kit: a page's words are drawn a little above the body size when they fit, else at the
body size, never below (``fits`` says whether they do: the tests check every page of every
language at 800x600 and at 1920x1080)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Either, Panel, Picture, Text
from tarneeb_desktop.ui.kit.form import Row
from tarneeb_desktop.ui.kit.lists import Dots, KeyCaps
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene
from tarneeb_desktop.ui.kit.style import DIM, GOLD, PANEL, PANEL_EDGE, Style
from tarneeb_desktop.ui.kit.widgets import step_of_key
from tarneeb_desktop.ui.screens.howto import help_text
from tarneeb_desktop.ui.screens.howto import pictures as howto_pictures
from tarneeb_desktop.ui.screens.howto.help_text import Page
from tarneeb_desktop.ui.theme import clicked

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.table_scene import TableScene

#: A page's text at a little above the body size when it fits, else at the body size.
SIZES = (1.3, 1.15, 1.0)


def words(page: Page, size: int) -> Column:
    """A page's paragraphs and its keys, at ``size``."""
    boxes: list[Box] = [Text(p, size=size) for p in page.paragraphs]
    if page.keys:
        boxes.append(KeyCaps(page.keys, size=size))
    return Column(boxes)


class HowToScene(KitScene):
    """The rules and the table explained, page by page: the page's words at the reading
    start beside its picture, the dots, and Previous, Menu and Next at the foot."""

    def __init__(self, app: App, page: int = 0, back: TableScene | None = None) -> None:
        super().__init__(app)
        self.back = back  # the scene Menu and Esc return to (a paused table), else the menu
        self.pages = help_text.pages()
        self.page = max(0, min(page, len(self.pages) - 1))
        self.words = Either([Column([])])
        self.picture = Picture(lambda s, r: None, 0, 0)
        self.dots = Dots(len(self.pages), self.page)
        self.foot = ButtonRow([])
        self.focus_on("next")

    def layout_key(self) -> object:
        return self.page, len(self.pages)

    def tree(self, st: Style) -> Box:
        page = self.pages[self.page]
        last = self.page == len(self.pages) - 1
        where = f"{help_text.title()}  \u00b7  {self.page + 1}/{len(self.pages)}"
        head = Row([Text(page.title, size=st.heading, color=GOLD, bold=True),
                    Text(where, color=DIM, align="end")], weights=[3, 2])  # fmt: skip
        self.words = Either([words(page, round(st.body * k)) for k in SIZES])

        def paint(s: pygame.Surface, r: pygame.Rect, name: str = page.picture) -> None:
            howto_pictures.draw(s, r, name, self.app.cards, st.body)

        self.picture = Picture(paint, round(st.unit * 16), st.h, aspect=0.95)
        side: list[Box] = [self.picture]
        if self.page == 0:  # the tutorial, right under the picture
            side.append(ButtonRow([(tr("Play the tutorial"), "tutorial", True)]))
        body = Row([self.words, Column(side)], weights=[58, 42], grow=True)
        self.dots = Dots(len(self.pages), self.page)
        turns: list[FootSpec] = [
            (tr("Previous page"), "prev", False, self.page > 0),
            (tr("Menu"), "back", False, True),
            # the last page's way on is the tutorial
            (tr("Play the tutorial") if last else tr("Next page"), "next", True, True),
        ]
        foot = self.foot = ButtonRow(turns, group="pages", arrows={"prev": -1, "next": 1},
                                     spread=True)  # fmt: skip
        return Panel(Column([head, body, self.dots, foot]), color=PANEL, edge=PANEL_EDGE)

    def fits(self) -> bool:
        """The page's words fit beside the picture at the body size or above, and the page
        in the window."""
        panel = self.laid()
        st = Style(*self.app.size)
        words = self.words.chosen.measure(st, self.words.rect.w) <= self.words.rect.h
        return words and self.foot.rect.bottom <= panel.rect.bottom

    def text_size(self) -> int:
        """The size the page's words are drawn at."""
        self.laid()
        k = SIZES[self.words.children.index(self.words.chosen)]
        return round(Style(*self.app.size).body * k)

    def laid_words(self) -> set[str]:
        """The lines of the page's words as laid out (its paragraphs and its keys)."""
        self.laid()
        return {line for line, _ in self.words.texts()}

    def dot_rects(self) -> list[pygame.Rect]:
        """The page dots, in reading order (right to left in Arabic)."""
        self.laid()
        return list(self.dots.spots)

    def focus_on(self, action: str) -> None:
        buttons = self.buttons()
        self.focus = next((i for i, b in enumerate(buttons) if b.action == action), self.focus)
        self.dirty = True

    def go(self, page: int) -> None:
        page = max(0, min(page, len(self.pages) - 1))
        if page == self.page:
            return
        action = self.buttons()[self.focus].action if self.buttons() else "next"
        self.page = page
        self.rebuild()
        if action == "prev" and page == 0 or action == "tutorial":
            action = "next"
        self.focus_on(action)

    def activate(self, action: str) -> None:
        if action == "prev":
            self.go(self.page - 1)
        elif action == "next" and self.page < len(self.pages) - 1:
            self.go(self.page + 1)
        elif action in ("next", "tutorial"):
            from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

            # from a paused game, the game stays open behind the tutorial and comes back
            # after it (``reviewing`` keeps it so), rather than being left without a word
            self.app.switch(TutorialScene(self.app, back=self.back))
        elif self.back is not None:  # "back" to the paused table
            self.app.switch(self.back)
        else:  # "back": Menu, Esc
            self.app.show_menu()

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            last = len(self.pages) - 1
            back, on = self.page - 1, self.page + 1
            turns = {pygame.K_PAGEDOWN: on, pygame.K_PAGEUP: back, pygame.K_BACKSPACE: back}
            turns |= {pygame.K_HOME: 0, pygame.K_END: last}
            turn = step_of_key(ev.key)  # the left arrow turns forward right to left
            if turn or ev.key in turns:
                self.go(self.page + turn if turn else turns[ev.key])
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                buttons = self.buttons()
                if buttons and buttons[self.focus].enabled:
                    self.activate(buttons[self.focus].action)
            elif ev.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self._move_focus(-1 if ev.key == pygame.K_UP else 1)
            elif ev.key == pygame.K_ESCAPE:
                self.activate("back")
            else:
                return False
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, r in enumerate(self.dot_rects()):
                if r.collidepoint(ev.pos):
                    self.go(i)
                    return True
            hit = clicked(ev, self.buttons())
            if hit is not None and hit.enabled:
                self.activate(hit.action)
                return True
            return False
        return super().handle_event(ev)

    def _move_focus(self, step: int) -> None:
        buttons = self.buttons()
        for _ in buttons:
            self.focus = (self.focus + step) % len(buttons)
            if buttons[self.focus].enabled:
                break
        self.dirty = True
