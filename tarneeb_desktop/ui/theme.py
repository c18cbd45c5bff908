"""Colours and small drawing helpers shared by every scene (felt, panels, buttons, glows)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import pygame

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.i18n import N_

FELT = (22, 92, 58)
FELT_EDGE = (7, 38, 24)
INK = (245, 242, 232)
INK_DIM = (190, 205, 195)
GOLD = (242, 196, 84)
PANEL = (10, 28, 20, 200)
PANEL_LINE = (255, 255, 255, 40)
TEAM = ((92, 178, 255), (255, 146, 84))  # us (seats 0 and 2), them (seats 1 and 3)
RED = (214, 40, 48)
BLACK = (25, 25, 30)
BUTTON = (246, 240, 224)
BUTTON_HOVER = (255, 230, 160)
BUTTON_TEXT = (24, 30, 28)
SUIT_SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
SUIT_WORD = {
    "C": N_("Clubs"),
    "D": N_("Diamonds"),
    "H": N_("Hearts"),
    "S": N_("Spades"),
    "NT": "No trump",
}


def suit_color(suit: str, four_color: bool = False, on_dark: bool = False) -> tuple[int, int, int]:
    """The colour a suit symbol is printed in (clubs green, diamonds blue in a four-colour deck)."""
    if four_color and suit == "C":
        return (40, 170, 80) if on_dark else (26, 127, 55)
    if four_color and suit == "D":
        return (80, 140, 255) if on_dark else (31, 95, 191)
    if suit in ("H", "D"):
        return (255, 80, 86) if on_dark else RED
    return INK if on_dark else BLACK


_felt_cache: dict[tuple[int, int, str], pygame.Surface] = {}


def felt(size: tuple[int, int], theme: str = "green") -> pygame.Surface:
    """The table cloth with a soft vignette, made small and smoothly scaled (it has no detail
    that could blur), then cached per window size."""
    key = (size[0], size[1], theme)
    surf = _felt_cache.get(key)
    if surf is not None:
        return surf
    w, h = 160, 90
    small = pygame.Surface((w, h))
    small.fill(FELT_EDGE)
    steps = 48
    for i in range(steps):
        t = i / (steps - 1)
        col = [round(FELT_EDGE[k] + (FELT[k] - FELT_EDGE[k]) * (t**0.7)) for k in range(3)]
        rw, rh = w * 1.5 * (1 - t * 0.8), h * 1.6 * (1 - t * 0.8)
        r = pygame.Rect(0, 0, rw, rh)
        r.center = (w // 2, int(h * 0.45))
        pygame.draw.ellipse(small, col, r)
    small = pygame.transform.gaussian_blur(small, 3)
    surf = pygame.transform.smoothscale(small, size)
    # a faint woven grain, so the cloth does not look like flat paint
    grain = _grain()
    gw, gh = grain.get_size()
    for y in range(0, size[1], gh):
        for x in range(0, size[0], gw):
            surf.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_ADD)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    return _kept(_felt_cache, key, surf, 4)


_grain_tile: list[pygame.Surface] = []


def _grain() -> pygame.Surface:
    """A small tile of soft noise (seeded: the cloth looks the same on every run)."""
    if not _grain_tile:
        import random

        rng = random.Random(7)
        tile = pygame.Surface((128, 128))
        for y in range(128):
            for x in range(128):
                v = rng.randrange(0, 7) + (3 if (x + y) % 4 == 0 else 0)
                tile.set_at((x, y), (v, v + 1, v))
        _grain_tile.append(tile)
    return _grain_tile[0]


_panel_cache: dict[tuple[Any, ...], pygame.Surface] = {}


def panel(
    size: tuple[int, int],
    color: tuple[int, ...] = PANEL,
    radius: int | None = None,
    border: tuple[int, ...] | None = PANEL_LINE,
    glow: tuple[int, ...] | None = None,
) -> pygame.Surface:
    """A translucent rounded panel (cached), optionally with an outer glow."""
    key = (size, color, radius, border, glow)
    surf = _panel_cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    r = radius if radius is not None else max(4, min(w, h) // 6)
    pad = max(6, min(w, h) // 5) if glow else 0
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    if glow:
        # blur a small copy and scale it up: a glow has no detail, and a full-size blur of a
        # dialog-sized panel would stall a frame for most of a second
        k = max(1, pad // 6)
        gw, gh = surf.get_width() // k + 1, surf.get_height() // k + 1
        g = pygame.Surface((gw, gh), pygame.SRCALPHA)
        p = round(pad / k * 2 / 3)
        glowing = (p, p, round((w + pad / 1.5) / k), round((h + pad / 1.5) / k))
        pygame.draw.rect(g, glow, glowing, border_radius=round((r + pad // 3) / k))
        g = pygame.transform.gaussian_blur(g, max(1, round(pad / k / 2)))
        g = pygame.transform.smoothscale(g, surf.get_size())
        surf.blit(g, (0, 0))
    pygame.draw.rect(surf, color, (pad, pad, w, h), border_radius=r)
    if border:
        pygame.draw.rect(
            surf, border, (pad, pad, w, h), width=max(1, min(3, min(w, h) // 40)), border_radius=r
        )
    return _kept(_panel_cache, key, surf, 200)


_ring_cache: dict[tuple[int, int], pygame.Surface] = {}


def ring(rect: pygame.Rect) -> tuple[pygame.Surface, tuple[int, int]]:
    """A soft darker oval on the felt that marks the trick area (surface, position)."""
    key = rect.size
    surf = _ring_cache.get(key)
    if surf is None:
        pad = max(4, rect.h // 10)
        surf = pygame.Surface((rect.w + 2 * pad, rect.h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (0, 0, 0, 26), (pad, pad, rect.w, rect.h))
        pygame.draw.ellipse(
            surf, (255, 255, 255, 26), (pad, pad, rect.w, rect.h), width=max(2, rect.h // 90)
        )
        surf = _kept(_ring_cache, key, pygame.transform.gaussian_blur(surf, max(1, pad // 4)), 4)
    return surf, _centred_on(surf, rect)


V = TypeVar("V")


def _kept(cache: dict[Any, V], key: Any, value: V, most: int) -> V:
    """``value`` stored in ``cache`` under ``key``, the cache emptied first past ``most``."""
    if len(cache) > most:
        cache.clear()
    cache[key] = value
    return value


def _centred_on(surf: pygame.Surface, rect: pygame.Rect) -> tuple[int, int]:
    """Where ``surf`` (a drawing with a margin round ``rect``) goes so as to be centred on it."""
    return rect.x - (surf.get_width() - rect.w) // 2, rect.y - (surf.get_height() - rect.h) // 2


def blit_panel(target: pygame.Surface, rect: pygame.Rect, **kw: Any) -> None:
    s = panel(rect.size, **kw)
    target.blit(s, _centred_on(s, rect))


def blit_text(
    target: pygame.Surface,
    s: str,
    size: int,
    pos: tuple[float, float],
    color: tuple[int, ...] = INK,
    bold: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
    least: int | None = None,
) -> pygame.Rect:
    """Draw ``s`` with its ``anchor`` point (a pygame.Rect attribute name) at ``pos``; within
    ``max_width``, made smaller, but not below ``least`` (a long name): cut short there."""
    if max_width is not None:
        size = text.fit(s, size, max_width, bold)
        if least is not None and size < least:
            size = least
            s = text.elide(s, size, max_width, bold)
    surf = text.render(s, size, color, bold)
    r = surf.get_rect(**{anchor: pos})
    target.blit(surf, r)
    return r


def blit_block(
    target: pygame.Surface,
    s: str,
    size: int,
    rect: pygame.Rect,
    color: tuple[int, ...] = INK,
    bold: bool = False,
    align: str = "start",
    valign: str = "top",
) -> pygame.Rect:
    """``s`` at ``size``, wrapped to the width of ``rect`` rather than shrunk, its lines
    stacked at the ``valign`` ("top", "center", "bottom") of ``rect`` and each put at its
    ``align`` ("start": the left, or the right in a right-to-left language; "end"; "center").
    Returns the rectangle the lines take."""
    lines = text.wrap(s, size, rect.w, bold)
    surfs = [text.render(line, size, color, bold) for line in lines]
    step = max([round(size * 1.3)] + [round(p.get_height() * 0.8) for p in surfs])
    total = step * (len(surfs) - 1) + (surfs[-1].get_height() if surfs else 0)
    y = {"top": rect.y, "center": rect.centery - total // 2}.get(valign, rect.bottom - total)
    side = i18n.anchor({"start": "left", "end": "right"}.get(align, align))  # mirrored RTL
    used = pygame.Rect(rect.x, y, 0, 0)
    attr = side if side in ("left", "right") else "centerx"
    for p in surfs:
        r = p.get_rect(top=y, **{attr: getattr(rect, attr)})
        target.blit(p, r)
        used = r if used.size == (0, 0) else used.union(r)
        y += step
    return used


#: A button's label keeps this share of the button's height clear at each end, so text
#: never touches the edges; at most LABEL_HEIGHT of the height is text.
LABEL_PAD = 0.3
LABEL_HEIGHT = 0.46

_label_fit: dict[tuple[str, int, int, int, bool], int] = {}


def label_room(rect: pygame.Rect) -> int:
    """The width a button's label may take: the button less its padding at both ends."""
    return max(1, rect.w - 2 * max(2, round(rect.h * LABEL_PAD)))


def label_width(label: str, size: int) -> int:
    """How wide ``label`` is drawn on a button at ``size`` (bold, as draw_label draws it)."""
    return text.size_of(label, size, bold=True)[0]


def button_width(labels: list[str], size: int, height: int, least: int = 0) -> int:
    """How wide a button of ``height`` must be for the longest of ``labels`` to be drawn at
    ``size`` (the body size) with the usual padding; at least ``least``."""
    pad = 2 * max(2, round(height * LABEL_PAD)) + 2
    return max(least, max((label_width(x, size) for x in labels), default=0) + pad)


def label_size(label: str, rect: pygame.Rect, room: int | None = None) -> int:
    """The largest text size (not above LABEL_HEIGHT of the height) at which ``label`` fits
    in ``rect`` less its padding, or in ``room`` pixels when given (cached per label, button
    size, room and direction)."""
    room = label_room(rect) if room is None else max(1, room)
    key = (label, rect.w, rect.h, room, i18n.is_rtl())
    got = _label_fit.get(key)
    if got is not None:
        return got
    lo, hi = 6, max(6, round(rect.h * LABEL_HEIGHT))
    while lo < hi:  # the largest size whose width fits (widths grow with the size)
        mid = (lo + hi + 1) // 2
        if label_width(label, mid) <= room:
            lo = mid
        else:
            hi = mid - 1
    return _kept(_label_fit, key, lo, 2000)


def group_of(b: Button) -> object:
    """A button's group: the one its screen names (``group``), else its shape (buttons of
    one size, such as a column of choices or a row of pairs, go together)."""
    return b.group if b.group is not None else b.rect.size


def fit_group(buttons: list[Button]) -> None:
    """One rule for fitting labels: the buttons of one group share one text size, the largest
    at which every label of the group fits its own button less the padding (see
    :func:`group_of`). Sets each button's ``text_size``."""
    sizes: dict[object, int] = {}
    for b in buttons:
        fit, key = label_size(b.label, b.rect, b.label_box().w), group_of(b)
        sizes[key] = min(sizes.get(key, fit), fit)
    for b in buttons:
        b.text_size = sizes[group_of(b)]


def arrow_size(rect: pygame.Rect) -> int:
    """Half the height of the arrow a button of ``rect`` may carry (``Button.arrow``)."""
    return max(4, rect.h // 6)


def arrow_room(rect: pygame.Rect) -> int:
    """What a button of ``rect`` with an arrow keeps free at each end for it: the arrow's
    width from the edge and a gap before the label."""
    return arrow_size(rect) * 7 // 2


class Button:
    """A labelled button; ``action`` is what it stands for (e.g. a call such as ``"9"``).
    ``group``: buttons of one group share a text size (:func:`fit_group`; by default those of
    one size); ``text_size``: that size, once fitted (None: the label is fitted alone).
    ``arrow``: -1 or 1 for an arrow at the button's left or right end pointing that way
    (Previous and Next, mirrored by the caller right to left), drawn while it is enabled;
    the label keeps clear of it at both ends, so it stays centred."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        action: str,
        enabled: bool = True,
        primary: bool = False,
        group: str | None = None,
        arrow: int = 0,
    ) -> None:
        self.rect, self.label, self.action = rect, label, action
        self.arrow, self.group = arrow, group
        self.enabled, self.primary = enabled, primary
        self.hover = self.focus = False
        self.text_size: int | None = None

    def draw(self, target: pygame.Surface, four_color: bool = False) -> None:
        lit = self.enabled and (self.hover or self.focus)
        color = BUTTON_HOVER if lit else (GOLD if self.primary else BUTTON)
        if not self.enabled:
            color = (120, 128, 124)
        r = self.rect
        shadow = r.move(0, max(2, r.h // 14))
        blit_panel(target, shadow, color=(0, 0, 0, 90), border=None, radius=r.h // 4)
        blit_panel(
            target,
            r.move(0, -2 if lit else 0),
            color=(*color, 255),
            border=(0, 0, 0, 60),
            radius=r.h // 4,
            glow=(255, 220, 120, 150) if self.focus else None,
        )
        box = self.label_box()
        size = self.text_size or label_size(self.label, r, box.w)
        lift = box.move(0, -2 if lit else 0)
        draw_label(target, self.label, lift, size, BUTTON_TEXT, four_color, fitted=True)
        if self.arrow and self.enabled:
            a = arrow_size(r)
            x = r.right - a * 2 if self.arrow > 0 else r.x + a * 2
            y = r.centery - (2 if lit else 0)
            back = x - self.arrow * a // 2
            pygame.draw.polygon(
                target, BUTTON_TEXT, [(x + self.arrow * a, y), (back, y - a), (back, y + a)]
            )

    def label_box(self) -> pygame.Rect:
        """Where the label may go: the button less its padding at both ends, and less the
        arrow's room (its width and a gap) at both ends when it has one."""
        r = self.rect
        pad = (r.w - label_room(r)) // 2
        if self.arrow:
            pad = max(pad, arrow_room(r))
        return r.inflate(-2 * pad, 0)


def button_at(buttons: Iterable[Button], pos: tuple[int, int]) -> Button | None:
    """The button under ``pos``, if any: every screen's and dialog's hit test."""
    return next((b for b in buttons if b.rect.collidepoint(pos)), None)


def clicked(ev: pygame.event.Event, buttons: Iterable[Button]) -> Button | None:
    """The button a left click in ``ev`` lands on, if any."""
    if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        return button_at(buttons, ev.pos)
    return None


def hover(ev: pygame.event.Event, buttons: Iterable[Button]) -> bool:
    """Mark the buttons under a mouse move in ``ev`` as hovered; True when one changed."""
    changed = False
    if ev.type == pygame.MOUSEMOTION:
        for b in buttons:
            h = b.rect.collidepoint(ev.pos)
            if h != b.hover:
                b.hover, changed = h, True
    return changed


def draw_label(
    target: pygame.Surface,
    label: str,
    rect: pygame.Rect,
    size: int,
    color: tuple[int, int, int],
    four_color: bool = False,
    on_dark: bool = False,
    align: str = "center",
    fitted: bool = False,
    bold: bool = True,
) -> None:
    """Centre (or left-align) ``label`` in ``rect``; suit symbols get their suit colours.
    A label wider than 94 % of ``rect`` is drawn smaller, unless ``fitted`` (a button's
    label, already sized by :func:`label_size` to fit ``rect``, which is then its room).
    An empty label (a thrown-in hand's empty cells) draws nothing. Bold unless ``bold`` is
    False (a kit table's cell)."""
    if not label:
        return
    pieces: list[tuple[str, tuple[int, int, int]]] = []
    cur = ""
    # Right to left, the whole line is put in display order first, then cut at the suit
    # symbols; shaping each piece alone would scramble the order of the words.
    rtl = i18n.is_rtl()
    for ch in text.shape(label, True) if rtl else label:
        suit = next((k for k, v in SUIT_SYMBOL.items() if v == ch), None)
        if suit:
            if cur:
                pieces.append((cur, color))
                cur = ""
            pieces.append((ch, suit_color(suit, four_color, on_dark)))
        else:
            cur += ch
    if cur:
        pieces.append((cur, color))
    surfs = [text.render(p, size, c, bold=bold, shaped=rtl) for p, c in pieces]
    total = sum(s.get_width() for s in surfs)
    if total > (rect.w if fitted else rect.w * 0.94) and size > 8:
        smaller = int(size * 0.88)
        draw_label(target, label, rect, smaller, color, four_color, on_dark, align, fitted, bold)
        return
    x = rect.x if align == "left" else rect.centerx - total // 2
    hmax = max(s.get_height() for s in surfs)
    for s in surfs:
        target.blit(s, (x, rect.centery - hmax // 2 + (hmax - s.get_height()) // 2))
        x += s.get_width()
