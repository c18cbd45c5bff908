"""How to play: short pages, each a few paragraphs beside a picture of the table.

Previous and Next (or the arrow keys, Page Up and Page Down) turn the pages, the dots jump to
one, Esc or Menu goes back to the main menu; the first page offers the tutorial. Right to
left the text sits on the right, Next on the left and the left arrow turns forward. A page's
text is never shrunk below the table's body size (``Layout.text``): the tests check that
every page of every language fits at 800x600 and at 1920x1080."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import help_text, howto_pictures, i18n, text, theme
from tarneeb_desktop.ui.help_text import Page
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text, clicked

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.table_scene import TableScene

LINE = 1.38  # line height / text size
KEY_CAP = 3.4  # width of a key cap on the controls page, in text sizes


def min_text(lay: Layout) -> int:
    """The smallest size a page's text may take: the table's body text."""
    return lay.text


@dataclass
class Geometry:
    """Where the parts of a page go in a window."""

    box: pygame.Rect
    title_y: int
    column: pygame.Rect  # the text
    picture: pygame.Rect
    tutorial: pygame.Rect | None
    prev: pygame.Rect
    menu: pygame.Rect
    next: pygame.Rect
    dots_y: int
    dot_r: int


PAGE_LABELS = ("Previous page", "Next page", "Play the tutorial")


def geometry(lay: Layout, first: bool) -> Geometry:
    m = lay.margin
    bw, bh = round(lay.unit * 34), round(lay.unit * 7)
    buttons_y = lay.h - m * 2 - bh
    dot_r = max(4, round(lay.unit * 0.9))
    dots_y = buttons_y - m - dot_r
    box = pygame.Rect(m * 2, m * 2, lay.w - m * 4, dots_y - dot_r - m - m * 2)
    title_y = box.y + m
    body_top = title_y + round(lay.heading * 1.6)
    body = pygame.Rect(box.x + m * 2, body_top, box.w - m * 4, box.bottom - m - body_top)
    pic_w = round(body.w * 0.42)
    gap = m * 2
    col_w = body.w - pic_w - gap
    rtl = i18n.is_rtl()
    column = pygame.Rect(body.right - col_w if rtl else body.x, body.y, col_w, body.h)
    pic = pygame.Rect(body.x if rtl else body.right - pic_w, body.y, pic_w, body.h)
    tutorial = None
    if first:
        pic.h -= bh + m
    pic.h = min(pic.h, round(pic.w * 0.95))
    if first:  # right under the picture
        tutorial = pygame.Rect(0, 0, min(pic.w, bw), bh)
        tutorial.midtop = (pic.centerx, pic.bottom + m)
    menu = pygame.Rect(0, buttons_y, round(bw * 0.6), bh)
    # Previous and Next as wide as their longest label needs at the buttons' full text size,
    # with room for the arrows (Russian's "Предыдущая страница"), up to the space beside Menu.
    size = round(bh * theme.LABEL_HEIGHT)
    arrows = (
        7 * theme.arrow_size(pygame.Rect(0, 0, bw, bh)) + 4
    )  # theme.arrow_room at each end (rounded up), and 4
    need = max(theme.label_width(tr(x), size) for x in PAGE_LABELS) + arrows
    bw = max(bw, min(need, (box.w - menu.w) // 2 - m * 2))
    prev = pygame.Rect(box.x, buttons_y, bw, bh)
    nxt = pygame.Rect(box.right - bw, buttons_y, bw, bh)
    if rtl:
        prev, nxt = nxt, prev
    menu.centerx = lay.w // 2
    return Geometry(box, title_y, column, pic, tutorial, prev, menu, nxt, dots_y, dot_r)


@dataclass
class PageText:
    """A page's text laid out in its column: the size chosen and whether it fits."""

    size: int
    blocks: list[list[str]]  # the paragraphs' lines
    keys: list[tuple[str, list[str]]]  # key cap, the lines of what it does
    height: int
    fits: bool


def _lay_out(
    page: Page, size: int, width: int
) -> tuple[list[list[str]], list[tuple[str, list[str]]], int]:
    step = round(size * LINE)
    blocks = [text.wrap(p, size, width) for p in page.paragraphs]
    height = sum(len(b) for b in blocks) * step + max(0, len(blocks) - 1) * step // 2
    cap = round(size * KEY_CAP)
    keys = [(k, text.wrap(line, size, width - cap - size)) for k, line in page.keys]
    if keys:
        height += step // 2 + sum(max(1, len(lines)) * step + step // 4 for _, lines in keys)
    return blocks, keys, height


def page_text(page: Page, lay: Layout, column: pygame.Rect) -> PageText:
    """The largest size from a little above the body size down to ``min_text`` at which the
    page fits its column (at ``min_text`` if none does: then ``fits`` is False)."""
    size = round(lay.text * 1.3)
    floor = min_text(lay)
    while True:
        blocks, keys, height = _lay_out(page, size, column.w)
        if height <= column.h or size <= floor:
            return PageText(size, blocks, keys, height, height <= column.h)
        size -= 1


class HowToScene(ButtonScene):
    """The rules and the table explained, page by page."""

    def __init__(self, app: App, page: int = 0, back: TableScene | None = None) -> None:
        super().__init__(app)
        self.back = back  # the scene Menu and Esc return to (a paused table), else the menu
        self.pages = help_text.pages()
        self.page = max(0, min(page, len(self.pages) - 1))
        self._geo: tuple[tuple[int, int, bool, int, str], Geometry] | None = None
        self.focus = 2  # Next

    # ------------------------------------------------------------------ layout
    def geo(self) -> Geometry:
        key = (*self.app.size, self.page == 0, len(self.pages), tr(PAGE_LABELS[0]))
        if self._geo is None or self._geo[0] != key:
            self._geo = (key, geometry(Layout(*self.app.size), self.page == 0))
        return self._geo[1]

    def build(self, lay: Layout) -> list[Button]:
        g = self.geo()
        last = self.page == len(self.pages) - 1
        # Arrows on Previous and Next point the way the pages turn (leftward for Next in
        # Arabic); the three share one text size.
        way = -1 if i18n.is_rtl() else 1
        out = [
            Button(g.prev, tr("Previous page"), "prev", self.page > 0, group="pages", arrow=-way),
            Button(g.menu, tr("Menu"), "back", group="pages"),
            # the last page's way on is the tutorial
            Button(
                g.next,
                tr("Play the tutorial") if last else tr("Next page"),
                "next",
                primary=True,
                group="pages",
                arrow=way,
            ),
        ]
        if g.tutorial is not None:
            out.append(Button(g.tutorial, tr("Play the tutorial"), "tutorial", primary=True))
        return out

    def dot_rects(self) -> list[pygame.Rect]:
        """The page dots, in reading order (right to left in Arabic)."""
        g = self.geo()
        n = len(self.pages)
        space = g.dot_r * 4
        x0 = self.app.size[0] // 2 - space * (n - 1) // 2
        out = []
        for i in range(n):
            k = n - 1 - i if i18n.is_rtl() else i
            r = pygame.Rect(0, 0, space, space)
            r.center = (x0 + k * space, g.dots_y)
            out.append(r)
        return out

    def focus_on(self, action: str) -> None:
        buttons = self.buttons()
        self.focus = next((i for i, b in enumerate(buttons) if b.action == action), self.focus)
        self.dirty = True

    # ------------------------------------------------------------------ acting
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
            from tarneeb_desktop.ui.tutorial import TutorialScene

            # from a paused game, the game stays open behind the tutorial and comes back
            # after it (``reviewing`` keeps it so), rather than being left without a word
            self.app.switch(TutorialScene(self.app, back=self.back))
        elif self.back is not None:  # "back" to the paused table
            self.app.switch(self.back)
        else:  # "back": Menu, Esc
            self.app.show_menu()

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            forward = pygame.K_LEFT if i18n.is_rtl() else pygame.K_RIGHT
            back = pygame.K_RIGHT if i18n.is_rtl() else pygame.K_LEFT
            if ev.key in (forward, pygame.K_PAGEDOWN):
                self.go(self.page + 1)
                return True
            if ev.key in (back, pygame.K_PAGEUP, pygame.K_BACKSPACE):
                self.go(self.page - 1)
                return True
            if ev.key == pygame.K_HOME:
                self.go(0)
                return True
            if ev.key == pygame.K_END:
                self.go(len(self.pages) - 1)
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                buttons = self.buttons()
                if buttons and buttons[self.focus].enabled:
                    self.activate(buttons[self.focus].action)
                return True
            if ev.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self._move_focus(-1 if ev.key == pygame.K_UP else 1)
                return True
            if ev.key == pygame.K_ESCAPE:
                self.activate("back")
                return True
            return False
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

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        g = self.geo()
        page = self.pages[self.page]
        blit_panel(surface, g.box, color=(6, 20, 14, 220), radius=round(lay.unit * 2.5))
        m = lay.margin
        title_x = g.box.right - m * 2 if i18n.is_rtl() else g.box.x + m * 2
        blit_text(
            surface,
            page.title,
            lay.heading,
            (title_x, g.title_y),
            theme.GOLD,
            bold=True,
            anchor=i18n.anchor("topleft"),
            max_width=g.box.w // 2,
        )
        where = f"{help_text.title()}  \u00b7  {self.page + 1}/{len(self.pages)}"
        end_x = g.box.x + m * 2 if i18n.is_rtl() else g.box.right - m * 2
        blit_text(
            surface,
            where,
            round(lay.text * 0.9),
            (end_x, g.title_y + lay.heading // 3),
            theme.INK_DIM,
            anchor=i18n.anchor("topright"),
        )
        self.draw_text(surface, lay, page, g.column)
        howto_pictures.draw(surface, g.picture, page.picture, self.app.cards, lay.text)
        for i, r in enumerate(self.dot_rects()):
            lit = i == self.page
            color = theme.GOLD if lit else (*theme.INK_DIM, 255)
            radius = g.dot_r if lit else max(3, g.dot_r * 2 // 3)
            pygame.draw.circle(surface, color, r.center, radius)
        for b in self.buttons():
            b.draw(surface)

    def draw_text(self, surface: pygame.Surface, lay: Layout, page: Page, col: pygame.Rect) -> None:
        laid = page_text(page, lay, col)
        size = laid.size
        step = round(size * LINE)
        rtl = i18n.is_rtl()
        x = col.right if rtl else col.x
        anchor = i18n.anchor("topleft")
        y = col.y
        for block in laid.blocks:
            for line in block:
                blit_text(surface, line, size, (x, y), theme.INK, anchor=anchor)
                y += step
            y += step // 2
        cap_w = round(size * KEY_CAP)
        for cap, lines in laid.keys:
            r = pygame.Rect(0, y, cap_w - size // 2, step)
            if rtl:
                r.right = col.right
            else:
                r.x = col.x
            blit_panel(
                surface, r, color=(*theme.BUTTON, 235), border=(0, 0, 0, 90), radius=step // 4
            )
            blit_text(surface, cap, round(size * 0.9), r.center, theme.BUTTON_TEXT, True, "center")
            tx = col.right - cap_w if rtl else col.x + cap_w
            for line in lines:
                blit_text(surface, line, size, (tx, y), theme.INK, anchor=anchor)
                y += step
            y += step // 4
