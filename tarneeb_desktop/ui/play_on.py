""" "Play on from here": from a position of the replay viewer, a new hand at the table.

The viewer asks which seat the person takes (:class:`SeatChoice`, drawn over the viewer);
``session.play_on_link`` rebuilds the game to that position (the same four hands, the
calls and the cards played so far) with computers at the other seats; :class:`PlayOnScene`
(``play_on_table.py``) is the table on it, with the trick in progress on the table. When the hand ends (after its
summary) or the person leaves, the viewer comes back at the same step. Nothing of it is
saved, kept or counted in the statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.rules.cards import mask_of
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.session.record_steps import Position

SEATS = (N_("South"), "East", "North", "West")


def moves_to(positions: Sequence[Position], index: int) -> list[tuple[Any, ...]]:
    """The deals and actions that lead to step ``index`` of a record's positions."""
    out: list[tuple[Any, ...]] = []
    for pos in positions[: index + 1]:
        if pos.kind == "deal":
            out.append(("deal", pos.dealer, [mask_of(h) for h in pos.holdings]))
        elif pos.action is not None:
            out.append(("act", pos.action[1]))
    return out


def can_play_on(pos: Position) -> bool:
    """Play on needs a hand still going: not at a hand's end or the game's."""
    return pos.kind != "end" and not pos.over


class SeatChoice:
    """The question over the viewer: which seat to take (South, East, North, West)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def box(self, lay: Layout) -> pygame.Rect:
        r = pygame.Rect(0, 0, round(lay.w * 0.56), round(lay.h * 0.34))
        r.center = (lay.w // 2, lay.h // 2)
        return r

    def buttons(self, lay: Layout) -> list[Button]:
        box = self.box(lay)
        n = 5
        gap = lay.margin
        bw = (box.w - 2 * lay.margin - (n - 1) * gap) // n
        bh = round(lay.unit * 7)
        y = box.bottom - lay.margin - bh
        out = []
        specs = [(f"{tr(SEATS[s])}", f"seat{s}") for s in range(4)] + [(tr("Cancel"), "cancel")]
        if i18n.is_rtl():
            specs.reverse()
        for k, (label, action) in enumerate(specs):
            r = pygame.Rect(box.x + lay.margin + k * (bw + gap), y, bw, bh)
            out.append(Button(r, label, action, primary=action == "seat0"))
        return out

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        veil = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        s.blit(veil, (0, 0))
        box = self.box(lay)
        blit_panel(s, box, color=(8, 26, 18, 245), border=(*theme.GOLD, 160),
                   radius=round(lay.unit * 2))  # fmt: skip
        y = box.y + lay.margin
        blit_text(s, tr("Play on from here"), lay.heading, (box.centerx, y), theme.GOLD, True,
                  "midtop")  # fmt: skip
        y += round(lay.heading * 1.7)
        theme.blit_lines(s, tr("Take a seat: the computer plays the other three. Not counted "
                               "in the statistics."), lay.text, (box.centerx, y), theme.INK,
                         box.w - 2 * lay.margin)  # fmt: skip
        for b in buttons:
            b.draw(s)
