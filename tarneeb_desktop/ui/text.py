"""Text rendering across scripts: Noto fonts per script run, Arabic shaping, an LRU cache.

SDL_ttf has no font fallback, so a string is split into runs of one script each (Latin,
Arabic, Devanagari, symbols such as the suits) and every run is drawn with its own font.
Arabic is pre-shaped with arabic-reshaper and reordered with python-bidi, then drawn left to
right (combining that with the renderer's own shaping corrupts the text).
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from tarneeb_desktop.paths import asset

LATIN, ARABIC, DEVANAGARI, SYMBOLS = "latin", "arabic", "devanagari", "symbols"
_FILES = {
    (LATIN, False): "NotoSans-Regular.ttf",
    (LATIN, True): "NotoSans-Bold.ttf",
    (ARABIC, False): "NotoSansArabic-Regular.ttf",
    (ARABIC, True): "NotoSansArabic-Bold.ttf",
    (DEVANAGARI, False): "NotoSansDevanagari-Regular.ttf",
    (DEVANAGARI, True): "NotoSansDevanagari-Bold.ttf",
    (SYMBOLS, False): "NotoSansSymbols2-Regular.ttf",
    (SYMBOLS, True): "NotoSansSymbols2-Regular.ttf",
}
CACHE_SIZE = 512


def script_of(ch: str) -> str | None:
    """The script whose font draws ``ch``; None for neutral characters (spaces, digits)."""
    o = ord(ch)
    if (
        0x0600 <= o <= 0x06FF
        or 0x0750 <= o <= 0x077F
        or 0xFB50 <= o <= 0xFDFF
        or 0xFE70 <= o <= 0xFEFF
    ):
        return ARABIC
    if 0x0900 <= o <= 0x097F or 0xA8E0 <= o <= 0xA8FF:
        return DEVANAGARI
    if 0x2600 <= o <= 0x27BF or 0x2190 <= o <= 0x21FF or 0x25A0 <= o <= 0x25FF:
        return SYMBOLS
    if ch.isspace() or ch.isdigit() or ch in ".,:;!?-+/()%'\"":
        return None
    return LATIN


def split_runs(text: str) -> list[tuple[str, str]]:
    """``text`` as (script, run) pairs; neutral characters join the run they sit in."""
    runs: list[tuple[str, str]] = []
    cur_script: str | None = None
    cur = ""
    for ch in text:
        sc = script_of(ch)
        if sc is None or sc == cur_script or cur_script is None:
            if cur_script is None and sc is not None:
                cur_script = sc
            cur += ch
            continue
        runs.append((cur_script, cur))
        cur_script, cur = sc, ch
    if cur:
        runs.append((cur_script or LATIN, cur))
    return runs


def shape(text: str) -> str:
    """Arabic letters joined and the line put in display order; other text is unchanged."""
    if not any(script_of(c) == ARABIC for c in text):
        return text
    try:
        import arabic_reshaper
        from bidi import get_display

        return str(get_display(arabic_reshaper.reshape(text)))
    except Exception:  # shaping is cosmetic: never let it stop the game
        return text


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, script: str = LATIN) -> pygame.font.Font:
    """The Noto font for ``script`` at ``size`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset("fonts", _FILES[(script, bold)])), max(6, int(size)))


_cache: OrderedDict[tuple[str, int, tuple[int, ...], bool], pygame.Surface] = OrderedDict()


def render(
    text: str, size: int, color: tuple[int, ...] = (255, 255, 255), bold: bool = False
) -> pygame.Surface:
    """``text`` drawn on a transparent surface, one font per script run (cached)."""
    size = max(6, int(size))
    key = (text, size, tuple(color), bold)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    surf = _render(shape(text), size, color, bold)
    _cache[key] = surf
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return surf


def _render(text: str, size: int, color: tuple[int, ...], bold: bool) -> pygame.Surface:
    runs = split_runs(text) or [(LATIN, "")]
    parts = []
    base = font(size, bold, LATIN)
    ascent = base.get_ascent()
    height = base.get_height()
    for script, run in runs:
        f = font(size, bold, script)
        s = f.render(run, True, color)
        parts.append((s, f.get_ascent()))
        ascent = max(ascent, f.get_ascent())
    # Align every run on one baseline: fonts of different scripts have different ascents.
    height = max([height] + [ascent - a + s.get_height() for s, a in parts]) + round(size * 0.1)
    width = sum(s.get_width() for s, _ in parts)
    out = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    x = 0
    for (s, a), (script, _) in zip(parts, runs, strict=True):
        # the suit glyphs of Noto Sans Symbols 2 sit high on their baseline; centre them better
        nudge = round(size * 0.1) if script == SYMBOLS else 0
        out.blit(s, (x, ascent - a + nudge))
        x += s.get_width()
    return out


def size_of(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    return render(text, size, (255, 255, 255), bold).get_size()


def fit(text: str, size: int, max_width: int, bold: bool = False) -> int:
    """The largest size not above ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > 8 and size_of(text, size, bold)[0] > max_width:
        size = int(size * 0.9)
    return size


def clear_cache() -> None:
    """Forget every font and rendered text (needed after ``pygame.quit``: old fonts die)."""
    _cache.clear()
    font.cache_clear()
