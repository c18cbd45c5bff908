"""The pictures of the "How to play" pages: little scenes of the table drawn by code with the
game's own card images, buttons and colours (no text is baked into an image: every word is
drawn from the translation of the moment). A picture with a reading side (the scores, a
panel of bids) is laid out left to right and mirrored as a whole right to left, each piece
through the kit's ``mirrored``; cards, seats and numbers keep their own order.

``draw(surface, rect, name, art)`` draws picture ``name`` to fill ``rect``."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect, Surface

from tarneeb_desktop.rules.cards import STRAINS
from tarneeb_desktop.ui import text, theme
from tarneeb_desktop.ui.cards import CardArt, card_size
from tarneeb_desktop.ui.game.bid_panel import grid_label, strain_head
from tarneeb_desktop.ui.game.labels import call_label, trump_label
from tarneeb_desktop.ui.game.panels import blit_card, mark_winner
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

#: A point on the screen.
Pt = tuple[int, int]
NAMES = ("table", "bids", "trump", "trick", "scores", "suited", "game41", "hand")


def _felt(s: Surface, r: Rect) -> None:
    """A small round table of felt that fills ``r``."""
    blit_panel(s, r, color=(*theme.FELT, 255), border=(0, 0, 0, 90), radius=r.h // 5)
    inner = r.inflate(-r.w // 5, -r.h // 4)
    ring = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.ellipse(ring, (0, 0, 0, 30), ring.get_rect())
    pygame.draw.ellipse(ring, (255, 255, 255, 30), ring.get_rect(), width=2)
    s.blit(ring, inner)


def _fan(
    s: Surface,
    art: CardArt,
    cards: list[str],
    centre: Pt,
    ch: int,
    lifted: set[str] | frozenset[str] = frozenset(),
    dim: set[str] | frozenset[str] = frozenset(),
    width: int | None = None,
) -> list[pygame.Rect]:
    """A row of face-up cards ``ch`` pixels high centred on ``centre`` (some lifted), no
    wider than ``width`` when given (the cards then overlap more)."""
    cw, ch = card_size(ch)
    step = cw * 0.5
    if width is not None and len(cards) > 1:
        step = min(step, (width - cw) / (len(cards) - 1))
    total = cw + step * (len(cards) - 1)
    x0 = centre[0] - total / 2
    out = []
    for i, c in enumerate(cards):
        r = pygame.Rect(round(x0 + step * i), centre[1] - ch // 2, cw, ch)
        if c in lifted:
            r = r.move(0, -ch // 6)
        blit_card(art, s, c, r, dim=c in dim, shadow=True)
        out.append(r)
    return out


def _backs(s: Surface, art: CardArt, centre: Pt, ch: int, n: int, side: bool) -> None:
    """``n`` card backs fanned around ``centre``: in a row, or in a column (``side``)."""
    cw, ch = card_size(ch)
    step = cw * 0.22
    span = cw + step * (n - 1)
    for i in range(n):
        if side:
            r = pygame.Rect(0, 0, ch, cw)
            r.midtop = (centre[0], round(centre[1] - span / 2 + step * i))
        else:
            r = pygame.Rect(0, 0, cw, ch)
            r.midleft = (round(centre[0] - span / 2 + step * i), centre[1])
        blit_card(art, s, "back", r)


def _label(
    s: Surface,
    words: str,
    size: int,
    pos: Pt,
    color: tuple[int, ...],
    anchor: str,
    *,
    pill: bool = True,
    within: Rect | None = None,
) -> None:
    """A word bold with its ``anchor`` at ``pos``, on a dark pill (so it reads on the felt
    and on cards) unless not ``pill``. With ``within``, ``pos`` is as laid out left to right
    there, and the word's box is mirrored in it as a whole right to left (a name at the
    start, a number at the end)."""
    r = _pill(words, size) if pill else pygame.Rect((0, 0), text.size_of(words, size, True))
    setattr(r, anchor, pos)
    if within is not None:
        r = mirrored(r, within)
    if pill:
        blit_panel(s, r, color=(0, 0, 0, 150), border=None, radius=r.h // 2)
    blit_text(s, words, size, r.center, color, bold=True, anchor="center")


def _pill(words: str, size: int) -> Rect:
    """The box of :func:`_label`'s pill around ``words``, at the origin."""
    w, h = text.size_of(words, size, True)
    return pygame.Rect(0, 0, w + size, h + size // 4)


def _bubble(s: Surface, words: str, size: int, centre: Pt, within: Rect | None = None) -> Rect:
    """A speech bubble as the table shows a call; its box (mirrored in ``within`` when
    given: ``centre`` is then left to right)."""
    w, _ = text.size_of(words, size, True)
    h = round(size * 1.9)
    r = pygame.Rect(0, 0, max(h * 2, w + size * 2), h)
    r.center = centre
    if within is not None:
        r = mirrored(r, within)
    blit_panel(s, r, color=(252, 250, 240, 245), border=(0, 0, 0, 70), radius=h // 2)
    theme.draw_label(s, words, r, size, theme.BUTTON_TEXT)
    return r


def _seats(r: Rect) -> dict[str, tuple[int, int]]:
    """Where the four seats sit on a picture of the table."""
    return {
        "S": (r.centerx, round(r.bottom - r.h * 0.17)),
        "N": (r.centerx, round(r.y + r.h * 0.15)),
        "W": (round(r.x + r.w * 0.12), r.centery),
        "E": (round(r.right - r.w * 0.12), r.centery),
    }


def _table(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    at = _seats(r)
    ch = round(r.h * 0.2)
    _backs(s, art, at["N"], round(ch * 0.8), 7, False)
    _backs(s, art, at["W"], round(ch * 0.8), 7, True)
    _backs(s, art, at["E"], round(ch * 0.8), 7, True)
    _fan(s, art, ["AS", "KS", "QH", "9D", "4C"], at["S"], ch)
    us, them = theme.TEAM
    size = round(text_size * 0.9)
    _label(s, tr("Partner"), size, (at["N"][0], at["N"][1] + ch // 2 + 4), us, "midtop")
    _label(s, tr("You"), size, (at["S"][0], at["S"][1] - ch // 2 - 8), us, "midbottom")
    for seat, anchor in (("W", "midtop"), ("E", "midtop")):
        x, y = at[seat]
        _label(s, tr("Opponent"), size, (x, y + round(ch * 0.72)), them, anchor)
    # the turn goes round to the right: South, East, North, West (counter-clockwise)
    rad = round(min(r.w, r.h) * 0.12)
    arc = pygame.Rect(0, 0, rad * 2, rad * 2)
    arc.center = (r.centerx, r.centery - r.h // 40)
    start, end = math.radians(-50), math.radians(215)
    pygame.draw.arc(s, theme.GOLD, arc, start, end, max(2, rad // 10))
    tip = (round(arc.centerx + rad * math.cos(end)), round(arc.centery - rad * math.sin(end)))
    _arrow_head(s, tip, (-math.sin(end), -math.cos(end)), max(6, rad // 3))


def _arrow_head(s: Surface, tip: Pt, d: tuple[float, float], size: int) -> None:
    """A filled arrow head at ``tip`` pointing along ``d``."""
    n = math.hypot(*d) or 1.0
    dx, dy = d[0] / n, d[1] / n
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    px, py = -dy * size * 0.6, dx * size * 0.6
    pygame.draw.polygon(s, theme.GOLD, [tip, (bx + px, by + py), (bx - px, by - py)])


def _buttons_panel(
    s: Surface,
    r: Rect,
    title: str,
    rows: list[list[str]],
    label: Callable[[str], str],
    chosen: str,
    text_size: int,
    heads: list[str] | None = None,
) -> Rect:
    """A sketch of the table's action panel: a title over rows of buttons (``chosen`` lit),
    each row named by its ``heads`` at the start side, as the suited grid names its strains;
    laid out left to right, mirrored as a whole right to left (the first button of a row
    under the first of the row above it)."""
    cols = max(len(row) for row in rows)
    gap = max(3, r.w // 60)
    head_w = max((text.size_of(h, text_size, True)[0] for h in heads), default=0) if heads else 0
    head_w += gap if heads else 0
    bw = (r.w - 2 * gap * 2 - head_w - (cols - 1) * gap) // cols
    bh = min(round(bw * 0.62), round(text_size * 2.4))
    title_h = round(text_size * 2.0)
    h = title_h + len(rows) * bh + (len(rows) - 1) * gap + gap * 4
    panel = pygame.Rect(r.x, r.y, r.w, h)
    blit_panel(s, panel, color=(8, 24, 18, 235), radius=max(6, bh // 3), glow=(242, 196, 84, 60))
    blit_text(s, title, text_size, (panel.centerx, panel.y + gap * 2), theme.GOLD, True, "midtop")
    for i, row in enumerate(rows):
        y = panel.y + title_h + gap * 2 + i * (bh + gap)
        if heads and i < len(heads) and len(row) > 1:
            at = (panel.x + gap * 2, y + bh // 2)
            _label(s, heads[i], text_size, at, theme.GOLD, "midleft", pill=False, within=panel)
        for k, action in enumerate(row):
            width = bw if len(row) > 1 or cols == 1 else cols * bw + (cols - 1) * gap
            start = panel.x + gap * 2 + head_w  # after the heads
            br = mirrored(pygame.Rect(start + k * (bw + gap), y, width, bh), panel)
            b = Button(br, label(action), action, primary=action != "pass")
            b.focus = action == chosen
            b.draw(s)
    return panel


def _bids(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    inner = r.inflate(-r.w // 8, -r.h // 6)
    _bubble(s, call_label("7"), text_size, (inner.centerx, inner.y + text_size))
    panel = pygame.Rect(inner.x, inner.y + text_size * 3, inner.w, inner.h // 2)
    rows = [["pass", "8", "9", "10"], ["11", "12", "13"]]
    panel = _buttons_panel(s, panel, tr("Your bid"), rows, call_label, "8", text_size)
    ch = min(round(r.h * 0.26), r.bottom - panel.bottom - r.h // 20)
    cards = ["AS", "KS", "QS", "JS", "9S", "AH", "KD"]
    _fan(s, art, cards, (r.centerx, r.bottom - ch // 2 - r.h // 30), ch, width=r.w * 8 // 10)


def _trump(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    inner = r.inflate(-r.w // 10, -r.h // 6)
    top = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
    rows = [["C", "D"], ["H", "S"]]
    panel = _buttons_panel(s, top, tr("Choose the trump suit"), rows, trump_label, "S", text_size)
    ch = min(round(r.h * 0.3), r.bottom - panel.bottom - r.h // 20)
    cards = ["4D", "3D", "AS", "KS", "QS", "JS", "9S", "AH", "7H"]
    at = (r.centerx, r.bottom - ch // 2 - r.h // 30)
    _fan(s, art, cards, at, ch, {c for c in cards if c[1] == "S"}, width=r.w * 8 // 10)


def _trick(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    ch = round(min(r.h * 0.3, r.w * 0.24 / 0.716))
    cw, ch = card_size(ch)
    cx, cy = r.centerx, r.centery + r.h // 30
    spots = {
        "W": (cx - round(cw * 1.05), cy),
        "N": (cx, cy - round(ch * 0.55)),
        "E": (cx + round(cw * 1.05), cy),
        "S": (cx, cy + round(ch * 0.55)),
    }
    # West led, then South, East and North played (seats are places: never mirrored)
    winner = pygame.Rect(0, 0, 0, 0)
    for seat, card in (("W", "9D"), ("S", "3S"), ("E", "4D"), ("N", "KD")):
        rect = pygame.Rect(0, 0, cw, ch)
        rect.center = spots[seat]
        blit_card(art, s, card, rect, shadow=True)
        if card == "3S":
            winner = rect
    mark_winner(s, winner)
    words, at = tr("Trump: {suit}", suit=trump_label("S")), (r.centerx, r.y + r.h // 30)
    _label(s, words, round(text_size * 0.85), at, theme.GOLD, "midtop")


def _scores(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    us, them = theme.TEAM
    bh = round(r.h * 0.11)
    rows = [(tr("Us"), us, "8", 9, "+9"), (tr("Them"), them, None, 4, "0")]
    # left to right: a side's name, its bid and its tricks from the start, its points at the
    # end; each piece mirrored in ``r`` right to left
    start, end = round(r.x + r.w * 0.07), round(r.x + r.w * 0.93)
    for i, (name, color, bid, tricks, points) in enumerate(rows):
        y = round(r.y + r.h * (0.28 + 0.42 * i))
        _label(s, name, text_size, (start, y), color, "midleft", pill=False, within=r)
        if bid:
            at = (round(r.x + r.w * 0.34), y)
            _bubble(s, call_label(bid), round(text_size * 0.9), at, within=r)
        # the tricks taken: one card on its side per trick, in a row
        cw, chh = card_size(bh)
        space = r.w * 0.62
        step = min(chh * 0.62, (space - chh) / max(1, tricks - 1))
        for k in range(tricks):
            pile = pygame.Rect(start + round(step * k), 0, chh, cw)
            pile.centery = y + round(bh * 1.05)
            blit_card(art, s, "back", mirrored(pile, r), shadow=True)
        size = round(text_size * 1.6)
        _label(s, points, size, (end, y + bh // 2), color, "midright", pill=False, within=r)


def _suited(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    inner = r.inflate(-r.w // 14, -r.h // 8)
    # as the table's suited grid: a row per strain named at its start, the levels in it
    rows = [[f"{n}{st}" for n in (7, 8, 9)] for st in STRAINS] + [["pass"]]
    heads = [strain_head(i) for i in range(len(STRAINS))]
    label = partial(grid_label, label=call_label)
    _buttons_panel(s, inner, tr("Your bid"), rows, label, "8H", round(text_size * 0.9), heads)


def _game41(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    at = _seats(r)
    ch = round(r.h * 0.16)
    for seat in "NWE":
        _backs(s, art, at[seat], ch, 6, seat != "N")
    _fan(s, art, ["AH", "KH", "7H", "AS", "5D"], at["S"], ch)
    bids = {"S": "3", "E": "4", "N": "2", "W": "2"}
    size = round(text_size * 0.95)
    south_top = r.bottom
    for seat, bid in bids.items():
        x, y = at[seat]
        if seat == "S":
            y -= round(ch * 0.5 + size * 1.4)
        elif seat == "N":
            y += round(ch * 0.5 + size * 1.4)
        else:
            y += round(ch * 1.1)
        bubble = _bubble(s, bid, size, (x, y))
        if seat == "S":
            south_top = bubble.top
    # hearts, always trump, in the middle, and the four bids' total above South's bid (a
    # script whose font stands taller, as Arabic's, must not push it onto the bubble)
    heart = theme.SUIT_SYMBOL["H"]
    red = theme.suit_color("H", on_dark=True)
    mid = (r.centerx, r.centery - r.h // 5)
    top = blit_text(s, heart, round(r.h * 0.15), mid, red, True, "midtop")
    total = "3 + 4 + 2 + 2 = 11"
    y = min(top.bottom + r.h // 60, south_top - r.h // 60 - _pill(total, size).h)
    _label(s, total, size, (r.centerx, y), theme.GOLD, "midtop")


def _hand(s: Surface, r: Rect, art: CardArt, text_size: int) -> None:
    _felt(s, r)
    ch = round(r.h * 0.36)
    cards = ["6C", "QD", "9D", "4D", "AS", "TH"]
    diamonds = {c for c in cards if c[1] == "D"}
    at = (r.centerx, r.bottom - ch // 2 - r.h // 20)
    rects = _fan(s, art, cards, at, ch, lifted={"QD"}, dim=set(cards) - diamonds)
    # a card led in the middle and a dotted path from the lifted card to it
    cw, chh = card_size(round(ch * 0.85))
    led = pygame.Rect(0, 0, cw, chh)
    led.midtop = (r.centerx, r.y + r.h // 14)
    blit_card(art, s, "KD", led, shadow=True)
    src = rects[cards.index("QD")]
    a, b = (src.centerx, src.top - 4), (led.centerx + cw // 3, led.bottom + 6)
    for t in (i / 9 for i in range(1, 9)):
        dot = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))
        pygame.draw.circle(s, theme.GOLD, dot, max(2, r.h // 90))
    _arrow_head(s, b, (b[0] - a[0], b[1] - a[1]), max(8, r.h // 25))
    _pointer(s, (src.centerx + src.w // 5, src.top + src.h // 3), max(14, r.h // 12))


def _pointer(s: Surface, tip: Pt, size: int) -> None:
    """A mouse pointer whose tip is at ``tip``."""
    x, y = tip
    pts = [(0, 0), (0, 1.0), (0.27, 0.75), (0.45, 1.1), (0.58, 1.04), (0.41, 0.7), (0.75, 0.7)]
    poly = [(x + px * size, y + py * size) for px, py in pts]
    pygame.draw.polygon(s, (255, 255, 255), poly)
    pygame.draw.polygon(s, (20, 20, 20), poly, width=max(1, size // 12))


#: Each picture's drawing, ``_NAME`` for each of ``NAMES``.
_DRAW: dict[str, Callable[[pygame.Surface, pygame.Rect, CardArt, int], None]] = {
    name: globals()["_" + name] for name in NAMES
}


def draw(s: Surface, rect: Rect, name: str, art: CardArt, text_size: int) -> None:
    """Draw picture ``name`` to fill ``rect`` (its words at about ``text_size`` pixels)."""
    clip = s.get_clip()
    s.set_clip(rect.inflate(24, 24).clip(s.get_rect()))
    try:
        _DRAW[name](s, rect, art, text_size)
    finally:
        s.set_clip(clip)
