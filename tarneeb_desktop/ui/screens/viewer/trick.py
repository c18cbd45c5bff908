"""The replay viewer's trick: its cards in a cross as large as the room between the four
hands allows, each with its mark (the tricks its side takes from there with best play; a
costly card's also names the better card). A mark hangs from its card's bottom edge, clear
of the other cards' corner indices; one too wide for its room is shortened ("5 (6)"), and so
is every mark of a hidden hand's card (the better card is in that hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tarneeb_desktop.ui import text
from tarneeb_desktop.ui.cards import card_size
from tarneeb_desktop.ui.game.labels import card_label
from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP
from tarneeb_desktop.ui.theme import blit_panel

GOOD = (120, 220, 140)
COSTLY = (255, 120, 110)
PAD = 10  # a mark's width beyond its text
#: the widest marks, whole and shortened: the room the cross keeps for them
WIDEST, WIDEST_SHORT = "13 (10\u2666: 13)", "13 (13)"


def mark_texts(mark: Any, hidden: bool) -> tuple[str, str, tuple[int, int, int]]:
    """A mark's whole text, its short one and its colour: "5 (K♠: 6)", "5 (6)" for a costly
    card (the short one alone when the better card is in a hidden hand), "6" for the best."""
    if not mark.cost:
        return str(mark.tricks), str(mark.tricks), GOOD
    short = f"{mark.tricks} ({mark.best})"
    whole = short if hidden else f"{mark.tricks} ({card_label(mark.best_cards[0])}: {mark.best})"
    return whole, short, COSTLY


@dataclass(frozen=True)
class Cross:
    """Where the trick's cards lie (by side), and its marks' size and height."""

    rects: dict[int, pygame.Rect]
    size: int
    mark_h: int
    area: pygame.Rect

    def mark_room(self, side: int) -> int:
        """How wide the mark of the card at ``side`` may be (clear of the other indices)."""
        r = self.rects
        if side == TOP:  # between West's and East's cards
            return 2 * (r[RIGHT].left - r[TOP].centerx) - 6
        if side == BOTTOM:
            return self.area.w
        if side == LEFT:  # from the room's edge to South's card
            return r[BOTTOM].left - 3 - self.area.left
        return self.area.right - (r[BOTTOM].right + 3)

    def mark_box(self, side: int, w: int) -> pygame.Rect:
        """The mark's box on the card's bottom edge; West's and East's clear of South's."""
        card = self.rects[side]
        box = pygame.Rect(0, 0, w, self.mark_h)
        box.midtop = (card.centerx, card.bottom - self.mark_h // 2)
        if side == LEFT:
            box.right = min(box.right, self.rects[BOTTOM].left - 3)
        elif side == RIGHT:
            box.left = max(box.left, self.rects[BOTTOM].right + 3)
        return box


def mark_height(size: int) -> int:
    """A mark's height for its text size ``size``."""
    return round(size * 1.5)


def cross(area: pygame.Rect, cx: int, size: int, most: int) -> Cross:
    """The trick's cards in ``area`` (between the hands and their name plates), centred on
    ``cx``, as tall as the room allows up to ``most``; ``size`` the marks' text size."""
    h = mark_height(size)
    short = text.size_of(WIDEST_SHORT, size, True)[0] + PAD
    whole = text.size_of(WIDEST, size, True)[0] + PAD
    gap = h // 2 + 4  # between North's card and South's: North's mark hangs in it
    half = min(cx - area.left, area.right - cx)

    def reach(tcw: int, sep: float) -> float:
        """How far West's card (or its mark) reaches from the middle."""
        return max(sep + tcw, sep + tcw / 2 + short / 2)

    tch = max(8, int(min((area.h - gap - h / 2) / 2, most)))
    while tch > 8 and reach(card_size(tch)[0], max(card_size(tch)[0], short) / 2 + 3) > half:
        tch -= 1
    tcw, tch = card_size(tch)
    # West's and East's cards apart enough for a whole mark of North's between them, as far
    # as the room goes
    sep = max(tcw, short) / 2 + 3
    while sep < max(tcw, whole) / 2 + 3 and reach(tcw, sep + 1) <= half:
        sep += 1
    cy = area.centery - h // 4
    rects = {side: pygame.Rect(0, 0, tcw, tch) for side in (TOP, BOTTOM, LEFT, RIGHT)}
    rects[TOP].midbottom = (cx, cy - gap // 2)
    rects[BOTTOM].midtop = (cx, cy + gap - gap // 2)
    rects[LEFT].midright = (round(cx - sep), cy)
    rects[RIGHT].midleft = (round(cx + sep), cy)
    return Cross(rects, size, h, area)


def placed(
    cr: Cross, side: int, mark: Any, hidden: bool
) -> tuple[pygame.Surface, pygame.Rect, tuple[int, int, int]]:
    """The mark of the card at ``side`` (shortened where too wide): its image, box, colour."""
    whole, short, colour = mark_texts(mark, hidden)
    line = whole if text.size_of(whole, cr.size, True)[0] + PAD <= cr.mark_room(side) else short
    img = text.render(line, cr.size, colour, True, shaped=True)  # digits and a card: LTR
    return img, cr.mark_box(side, max(cr.rects[side].w, img.get_width() + PAD)), colour


def draw_mark(surface: pygame.Surface, cr: Cross, side: int, mark: Any, hidden: bool) -> None:
    img, box, colour = placed(cr, side, mark, hidden)
    blit_panel(surface, box, color=(8, 20, 14, 230), border=(*colour, 255), radius=box.h // 3)
    surface.blit(img, img.get_rect(center=box.center))


def index_rects(card: pygame.Rect) -> list[pygame.Rect]:
    """Where a card's two corner indices are printed (top left and bottom right)."""
    w, h = round(card.w * 0.24), round(card.h * 0.3)
    return [pygame.Rect(card.x, card.y, w, h), pygame.Rect(card.right - w, card.bottom - h, w, h)]
