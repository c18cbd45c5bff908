"""Where everything sits on the table, as fractions of the window (nothing in fixed pixels)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tarneeb_desktop.ui.cards import card_size

BOTTOM, RIGHT, TOP, LEFT = 0, 1, 2, 3
MIN_W, MIN_H = 640, 400


def side_of(seat: int, me: int, clockwise: bool = False) -> int:
    """Where ``seat`` is drawn for a player at ``me``: play order runs counter-clockwise
    (South, East, North, West); the ``clockwise`` option mirrors the picture only."""
    rel = (seat - me) % 4
    if clockwise and rel in (1, 3):
        rel = 4 - rel
    return rel


@dataclass(frozen=True)
class Layout:
    """Geometry for a window of ``w`` x ``h`` pixels."""

    w: int
    h: int

    @property
    def unit(self) -> float:
        """A length that scales with the window (1 % of the smaller-ish dimension)."""
        return min(self.h, self.w * 0.5625) / 100

    # ------------------------------------------------------------------ sizes
    @property
    def margin(self) -> int:
        return max(4, round(self.unit * 2.2))

    @property
    def hand_avail(self) -> int:
        return int(self.w * 0.66)

    @property
    def card(self) -> tuple[int, int]:
        """My cards: about 22 % of the window height, small enough that 13 fit."""
        by_h = self.h * 0.22
        by_w = self.hand_avail / 4.4 / 0.716
        return card_size(min(by_h, by_w))

    @property
    def back(self) -> tuple[int, int]:
        return card_size(self.card[1] * 0.6)

    @property
    def trick_card(self) -> tuple[int, int]:
        return card_size(self.card[1] * 0.82)

    @property
    def text(self) -> int:
        """Body text: about 2.8 % of the window height."""
        return max(11, round(self.unit * 2.8))

    @property
    def heading(self) -> int:
        return max(15, round(self.unit * 4.2))

    # ------------------------------------------------------------------ my hand
    def hand_spacing(self, n: int) -> float:
        cw, _ = self.card
        if n <= 1:
            return 0.0
        return min(cw * 0.56, (self.hand_avail - cw) / (n - 1))

    def hand_rects(self, n: int) -> list[pygame.Rect]:
        """My ``n`` cards left to right, unlifted; a gentle arc (no rotation, so no blur)."""
        cw, ch = self.card
        step = self.hand_spacing(n)
        total = cw + step * (n - 1)
        x0 = (self.w - total) / 2
        base_y = self.h - self.margin - ch * 0.93
        out = []
        mid = (n - 1) / 2
        for i in range(n):
            d = (i - mid) / 6.5 if n > 1 else 0
            y = base_y + d * d * ch * 0.05
            out.append(pygame.Rect(round(x0 + step * i), round(y), cw, ch))
        return out

    @property
    def lift(self) -> int:
        return round(self.card[1] * 0.15)

    # ------------------------------------------------------------------ other seats
    def back_rects(self, side: int, n: int) -> list[pygame.Rect]:
        """The backs of a seat's ``n`` cards (left/right sides are turned 90 degrees)."""
        bw, bh = self.back
        step = bw * 0.2
        span = bw + step * max(0, n - 1)
        if side == TOP:
            x0 = (self.w - span) / 2
            return [pygame.Rect(round(x0 + step * i), self.margin, bw, bh) for i in range(n)]
        if side in (LEFT, RIGHT):
            y0 = self.h * 0.42 - span / 2
            x = self.margin if side == LEFT else self.w - self.margin - bh
            return [pygame.Rect(x, round(y0 + step * i), bh, bw) for i in range(n)]
        return self.hand_rects(n)

    def seat_anchor(self, side: int) -> tuple[int, int]:
        """The middle of a seat's cards: where its cards fly from and its tricks go to."""
        if side == BOTTOM:
            return self.w // 2, self.h - self.card[1] // 2
        return self.back_rects(side, 13)[6].center

    def plate_rect(self, side: int) -> pygame.Rect:
        """The name plate beside a seat's cards."""
        pw, ph = round(self.unit * 24), round(self.unit * 7.6)
        m = self.margin
        if side == BOTTOM:
            hand = self.hand_rects(13)
            x = max(m, hand[0].left - pw - m * 2)
            return pygame.Rect(x, self.h - m - ph - round(self.card[1] * 0.25), pw, ph)
        if side == TOP:
            # right of North's cards; in a squarish window, where it would reach the contract
            # panel ("Reizen" lost its R under it at 804x774), slid left over the last backs
            tops = self.back_rects(TOP, 13)
            x = min(tops[-1].right + m * 2, self.contract_rect.x - m - pw)
            return pygame.Rect(max(x, tops[0].left), m + round(self.unit * 2), pw, ph)
        x = m if side == LEFT else self.w - m - pw
        return pygame.Rect(x, self.back_rects(side, 13)[-1].bottom + m, pw, ph)

    # ------------------------------------------------------------------ centre
    @property
    def centre(self) -> tuple[int, int]:
        return self.w // 2, round(self.h * 0.43)

    def trick_rect(self, side: int) -> pygame.Rect:
        """Where a card played from ``side`` lies: a little toward its player."""
        tw, th = self.trick_card
        cx, cy = self.centre
        dx, dy = {BOTTOM: (0, 0.42), TOP: (0, -0.42), LEFT: (-0.72, 0), RIGHT: (0.72, 0)}[side]
        r = pygame.Rect(0, 0, tw, th)
        r.center = (round(cx + dx * tw), round(cy + dy * th))
        return r

    @property
    def trick_area(self) -> pygame.Rect:
        """Dropping a card anywhere in here plays it."""
        tw, th = self.trick_card
        r = pygame.Rect(0, 0, round(tw * 3.9), round(th * 2.25))
        r.center = self.centre
        return r

    @property
    def score_rect(self) -> pygame.Rect:
        u = self.unit
        return pygame.Rect(self.margin, self.margin, round(u * 30), round(u * 20))

    @property
    def contract_rect(self) -> pygame.Rect:
        u = self.unit
        # wide enough for its title and the hand's number side by side at body size
        r = pygame.Rect(0, self.margin, round(u * 35), round(u * 20))
        r.right = self.w - self.margin
        return r

    @property
    def pile_rect(self) -> pygame.Rect:
        """The pile of finished tricks: click it to see the last trick again."""
        bw, bh = self.back
        r = pygame.Rect(0, 0, bh, bw)
        b = self.scores_button
        r.bottom = b.top - self.margin * 2
        r.centerx = (b.left + self.menu_button.right) // 2
        return r

    @property
    def menu_button(self) -> pygame.Rect:
        u = self.unit
        r = pygame.Rect(0, 0, round(u * 13), round(u * 5.5))
        r.bottomright = (self.w - self.margin, self.h - self.margin)
        return r

    @property
    def scores_button(self) -> pygame.Rect:
        r = self.menu_button
        return r.move(-(r.w + self.margin // 2), 0)

    @property
    def button(self) -> tuple[int, int]:
        return round(self.unit * 11), round(self.unit * 6.2)
