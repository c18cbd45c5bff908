"""The dialogs over the table: their base ``Dialog`` and the helpers they draw with (the
dialogs themselves: ``ends.py``, ``sheet.py``, ``played.py``, ``auction.py``, ``pages.py``
with the table of pages by name, most of them a ``KitDialog``, ``kit_dialog.py``).
Each is a small object the scene keeps in ``scene.overlay`` while it is open: ``buttons()``
(laid out once per window size and language), ``handle_event`` (a button's action goes to the context's
``overlay_action``) and ``draw``. A dialog reaches the table through a ``DialogContext``
(``context.py``), which the scene provides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules.cards import RANKS, SUITS
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import (
    Button,
    blit_panel,
    blit_text,
    clicked,
    fit_group,
    hover,
)

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import DialogContext

CHOOSE_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


class Dialog:
    """A box over the veiled table with a row (or a column) of buttons at its foot."""

    kind = ""
    closes_on_escape = True
    #: seconds before Enter or Space acts (a key pressed for the table must not answer it)
    keys_after = 0.0
    #: Enter works only a button the player chose (arrows, Tab or the pointer), never the
    #: primary one by itself (the game's end: a rematch is its own decision)
    enter_needs_focus = False
    close_key: int | None = None  # another key that closes it (V: the cards-played page)
    autoplay_wait = 2.0  # seconds (at normal speed) an autoplayed game leaves it open

    def __init__(self, scene: DialogContext) -> None:
        self.scene = scene
        self.per_row = 0  # buttons a row (set with the buttons: two rows when one is too long)
        self.age = 0.0  # seconds open
        self._buttons: tuple[tuple[int, int, str], list[Button]] | None = None

    @property
    def size(self) -> tuple[float, float]:
        """The box's width and height in layout units (a class attribute in most dialogs)."""
        return 80.0, 60.0

    def specs(self) -> list[tuple[str, str, bool]]:
        """The buttons as (label, action, primary)."""
        return [(tr("Close"), "close", True)]

    def rect(self) -> pygame.Rect:
        lay = self.scene.layout
        w, h = lay.unit * self.size[0], lay.unit * self.size[1]
        width = min(lay.w - 20, round(w))
        if self._per_row(lay, width, self._label_need(lay)) < len(self.shown()):
            h += lay.button[1] + round(lay.unit * 2)  # a second row of buttons: its own room
        r = pygame.Rect(0, 0, width, min(lay.h - 20, round(h)))
        r.center = (lay.w // 2, lay.h // 2)
        return r

    def _label_need(self, lay: Layout) -> int:
        """How wide a button must be for the widest label at body size (or the height's
        size, if it fits): every dialog's buttons then read at one size."""
        bh = lay.button[1]
        size = max(lay.text, round(bh * theme.LABEL_HEIGHT))
        return theme.button_width([label for label, _, _ in self.shown()], size, bh)

    def _fits(self, lay: Layout, width: int, per_row: int) -> int:
        """The widest a button may be with ``per_row`` of them across a box this wide."""
        return (width - 2 * lay.margin - (per_row - 1) * round(lay.unit * 2)) // max(1, per_row)

    def _per_row(self, lay: Layout, width: int, need: int) -> int:
        """Buttons a row: all in one, or two rows when the labels would not fit one
        (rather than smaller words)."""
        n = len(self.shown())
        if n > 2 and need > self._fits(lay, width, n):
            return (n + 1) // 2
        return n

    def buttons(self) -> list[Button]:
        lay = self.scene.layout
        size = (lay.w, lay.h, i18n.get_language())  # the labels and their side change too
        if self._buttons is not None and self._buttons[0] == size:
            return self._buttons[1]
        box = self.rect()
        need = self._label_need(lay)
        self.per_row = self._per_row(lay, box.w, need)
        # as wide as the widest label needs, as far as the row fits the box
        bw = max(round(lay.button[0] * 1.9), min(need, self._fits(lay, box.w, self.per_row)))
        out = self.layout_buttons(lay, box, bw, lay.button[1])
        self._buttons = (size, out)
        return out

    def shown(self) -> list[tuple[str, str, bool]]:
        """The buttons this table offers of ``specs`` (a LAN table has no Rematch, a daily
        deal's no Export: ``hidden_actions``), laid out as they are, a lone one centred."""
        hidden: set[str] = getattr(self.scene, "hidden_actions", set)()
        return [spec for spec in self.specs() if spec[1] not in hidden]

    def layout_buttons(self, lay: Layout, box: pygame.Rect, bw: int, bh: int) -> list[Button]:
        """Rows of buttons along the foot of ``box``, the first button of a row on the
        reading side (on the right in a right-to-left language)."""
        specs = self.shown()
        gap = round(lay.unit * 2)
        per = self.per_row or len(specs)
        rows = [specs[i : i + per] for i in range(0, len(specs), per)]
        out = []
        for k, row in enumerate(rows):  # the last row at the foot, the others above it
            total = len(row) * bw + (len(row) - 1) * gap
            x = box.centerx - total // 2
            y = box.bottom - bh - round(lay.unit * 3) - (len(rows) - 1 - k) * (bh + gap)
            for label, action, primary in row:
                bx = 2 * box.centerx - x - bw if i18n.is_rtl() else x  # first on the reading side
                out.append(Button(pygame.Rect(bx, y, bw, bh), label, action, primary=primary))
                x += bw + gap
        fit_group(out)  # one text size per row of buttons
        return out

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        """Every event goes to an open dialog (True: used); ``buttons`` are the ones shown."""
        scene = self.scene
        if ev.type == pygame.MOUSEMOTION:
            if hover(ev, buttons):
                scene.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = clicked(ev, buttons)
            if hit is not None:
                scene.overlay_action(hit.action)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.age < self.keys_after:
                    return True  # a key meant for the table (the last card) reads nothing here
                focus = next((b for b in buttons if b.focus), None)
                if focus is None and not self.enter_needs_focus:
                    focus = next((b for b in buttons if b.primary), None)
                if focus:
                    scene.overlay_action(focus.action)
            elif ev.key in CHOOSE_KEYS and buttons:
                i = next((k for k, b in enumerate(buttons) if b.focus), -1)
                step = 1 if ev.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
                for b in buttons:
                    b.focus = False
                buttons[(i + step) % len(buttons) if i >= 0 else 0].focus = True
                scene.dirty = True
            elif ev.key == pygame.K_ESCAPE and self.closes_on_escape:
                scene.overlay_action("close")
            elif ev.key == self.close_key:
                scene.overlay_action("close")
            return True
        return ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        scene = self.scene
        s.blit(scene.veil(lay, 140), (0, 0))
        box = self.rect()
        blit_panel(
            s,
            box,
            color=(10, 30, 22, 245),
            border=(*theme.GOLD, 160),
            radius=round(lay.unit * 2.5),
            glow=(0, 0, 0, 160),
        )
        self.draw_body(s, lay, box)
        for b in buttons:
            b.draw(s, scene.four_color)

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        pass


def page_title(s: pygame.Surface, lay: Layout, box: pygame.Rect, title: str) -> None:
    """The heading of a full page over the table (score sheet, cards played, pause)."""
    blit_text(
        s,
        title,
        lay.heading,
        (box.centerx, box.y + round(lay.unit * 2)),
        theme.GOLD,
        bold=True,
        anchor="midtop",
    )


def played_grid(played: set[str], mine: set[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per suit (spades first), every rank from the ace down with its state: "played",
    "mine" (in ``mine``, the hand shown) or "out" (not seen yet)."""
    out = []
    for suit in reversed(SUITS):  # spades first
        row = []
        for rank in reversed(RANKS):
            card = rank + suit
            state = "played" if card in played else "mine" if card in mine else N_("out")
            row.append((card, state))
        out.append((suit, row))
    return out
