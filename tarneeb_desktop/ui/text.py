"""Text rendering across scripts: Noto fonts per script run, Arabic shaping, an LRU cache.

SDL_ttf has no font fallback, so a string is split into runs of one script each (Latin,
Arabic, Devanagari, symbols such as the suits) and every run is drawn with its own font.
Arabic is pre-shaped with arabic-reshaper and reordered with python-bidi (paragraph direction
right to left when the interface language is), then drawn left to right: combining that with
the renderer's own shaping corrupts the text. Devanagari needs real shaping (conjuncts, the
vowel sign i before its consonant): pygame-ce's SDL_ttf is built with HarfBuzz, which shapes
only when told the script, so Devanagari fonts get ``set_script("Deva")``.
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from functools import lru_cache

import pygame

from tarneeb_desktop.paths import asset
from tarneeb_desktop.ui import i18n

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
LRM = "\u200e"  # left-to-right mark
# A sign before digits, not between two numbers ("5-3" is a score): "-7", "+3"
_SIGNED = re.compile(r"(?<![\w)])([-+\u2212])(?=\d)")


def script_of(ch: str) -> str | None:
    """The script whose font draws ``ch``; None for spaces (they join the run they sit in)."""
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
    if ch.isspace():
        return None
    # Digits and punctuation go to the Latin font: the Arabic and Devanagari fonts lack most
    # ASCII punctuation (a ":" there is a missing-glyph box).
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


def shape(text: str, rtl: bool | None = None) -> str:
    """Arabic letters joined and the line put in display order; other text is unchanged.

    ``rtl`` is the paragraph direction (default: the interface language's): in an Arabic
    interface a line starting with a Latin name still reads from the right. A sign before
    digits stays before them ("-7", not "7-"): a left-to-right mark ties it to its number
    (and is taken out again: the fonts have no glyph for it)."""
    if not any(script_of(c) == ARABIC for c in text):
        return text
    if rtl is None:
        rtl = _rtl()
    try:
        import arabic_reshaper

        marked = _SIGNED.sub(LRM + r"\1", text)
        shown = bidi_reorder()(arabic_reshaper.reshape(marked), base_dir="R" if rtl else "L")
        return str(shown).replace(LRM, "")
    except Exception:  # shaping is cosmetic: never let it stop the game
        return text


def bidi_reorder() -> Callable[..., str]:
    """python-bidi's reordering. The pure-Python ``bidi.algorithm`` also mirrors brackets
    (rule L4: "(" reads as ")" in right-to-left text), which the Rust ``bidi.get_display``
    of python-bidi 0.5+ does not; fall back to it only when the other is gone."""
    try:
        from bidi.algorithm import get_display
    except ImportError:
        from bidi import get_display
    reorder: Callable[..., str] = get_display
    return reorder


def _rtl() -> bool:
    return i18n.is_rtl()


_HB_SCRIPTS = {DEVANAGARI: "Deva"}
#: The script of each interface language written in one other than Latin.
_UI_SCRIPTS = {"ar": ARABIC, "hi": DEVANAGARI}


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, script: str = LATIN) -> pygame.font.Font:
    """The Noto font for ``script`` at ``size`` pixels."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(str(asset("fonts", _FILES[(script, bold)])), max(6, int(size)))
    hb = _HB_SCRIPTS.get(script)
    if hb is not None:
        try:
            f.set_script(hb)
        except (pygame.error, AttributeError):
            # SDL_ttf without HarfBuzz: Devanagari shows unshaped but readable letters.
            pass
    return f


def _glyph(f: pygame.font.Font, ch: str) -> bytes:
    return pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA")


_drawable: dict[str, bool] = {}


def can_draw(ch: str) -> bool:
    """The shipped fonts draw ``ch`` (the font of its script has a glyph for it, not the
    empty box of a missing one): an emoji or a script we ship no font for cannot be. SDL_ttf
    says no more than the box it draws, so the two are compared. When the fonts cannot be
    asked (no font system), a character is taken."""
    if ch.isspace():
        return True
    known = _drawable.get(ch)
    if known is not None:
        return known
    try:
        f = font(16, False, script_of(ch) or LATIN)
        got = _glyph(f, ch) != _glyph(f, "\U000ffffd")  # a private character: never drawn
    except (pygame.error, ValueError, UnicodeError):
        return True
    if len(_drawable) < 4096:
        _drawable[ch] = got
    return got


def shaping_available() -> bool:
    """Whether Devanagari is really shaped (HarfBuzz): a conjunct is narrower than its parts."""
    word = "\u0915\u094d\u0937"  # k + virama + ss: the conjunct ksha
    shaped = font(32, False, DEVANAGARI).size(word)[0]
    plain = pygame.font.Font(str(asset("fonts", _FILES[(DEVANAGARI, False)])), 32).size(word)[0]
    return shaped < plain


_Key = tuple[str, int, tuple[int, ...], bool, bool | None]  # text, size, colour, bold, rtl
_cache: OrderedDict[_Key, pygame.Surface] = OrderedDict()


def render(
    text: str,
    size: int,
    color: tuple[int, ...] = (255, 255, 255),
    bold: bool = False,
    shaped: bool = False,
) -> pygame.Surface:
    """``text`` drawn on a transparent surface, one font per script run (cached).

    ``shaped=True`` means ``text`` is already in display order (a piece of a line that was
    shaped whole, as ``theme.draw_label`` does to colour suit symbols): it is not reordered."""
    size = max(6, int(size))
    rtl = _rtl()
    key = (text, size, tuple(color), bold, None if shaped else rtl)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    surf = _render(text if shaped else shape(text, rtl), size, color, bold)
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
    # Every line of the interface's script keeps that script's ascent and descent, Latin
    # lines too: "You" and its Arabic neighbours then share a baseline wherever lines are
    # placed by their tops, and centred lines centre alike.
    own = _UI_SCRIPTS.get(i18n.get_language())
    if own is not None:
        ascent = max(ascent, font(size, bold, own).get_ascent())
        height = max(height, ascent - font(size, bold, own).get_descent())
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


_inks: dict[tuple[str, int, bool, bool], pygame.Rect] = {}


def ink(text: str, size: int, bold: bool = False) -> pygame.Rect:
    """Where ``text``'s ink is on its drawing (``render``'s surface, whose height keeps the
    script's whole ascent and descent): lines are spaced by their ink, not their surfaces."""
    key = (text, size, bold, _rtl())
    got = _inks.get(key)
    if got is None:
        if len(_inks) > CACHE_SIZE:
            _inks.clear()
        got = _inks[key] = render(text, size, (255, 255, 255), bold).get_bounding_rect()
    return got


def fit(text: str, size: int, max_width: int, bold: bool = False) -> int:
    """The largest size not above ``size`` at which ``text`` fits in ``max_width`` pixels."""
    while size > 8 and size_of(text, size, bold)[0] > max_width:
        size = int(size * 0.9)
    return size


def elide(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` as it fits in ``max_width`` pixels at ``size``: whole, or cut short with an
    ellipsis (in reading order, before shaping: a long name keeps its start)."""
    if size_of(text, size, bold)[0] <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest start that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if size_of(text[:mid].rstrip() + "\u2026", size, bold)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"


_SPACES = re.compile(r"[ \t\r\f\v]+")


def _words(para: str) -> list[str]:
    """The words of ``para``, a short bracketed group ("(11 needed)") kept as one: a line
    never breaks inside it ("(нужно" / "11)")."""
    out: list[str] = []
    group: list[str] = []
    for word in _SPACES.split(para):  # a no-break space joins, as its name says
        if not word:
            continue
        if group:
            group.append(word)
            if ")" in word:
                out.append(" ".join(group))
                group = []
        elif word.startswith("(") and ")" not in word:
            group = [word]
        else:
            out.append(word)
    if group:  # no closing bracket: its words one by one again
        out += group
    # a long aside (more than four words) may break like the rest of the line
    return [w for g in out for w in ([g] if g.count(" ") < 4 else g.split(" "))]


def wrap(
    text: str,
    size: int,
    max_width: int,
    bold: bool = False,
    width_of: Callable[[str], int] | None = None,
) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``max_width`` pixels (a word longer
    than that gets a line of its own; a short bracketed group is one word). Lines are cut in
    reading order, before shaping, so each line of Arabic is then reordered on its own and
    reads from the right correctly. ``width_of``: how wide a line is drawn, when not as one
    text (the viewer's lines of mixed runs, ``viewer_text.line_surface``)."""
    if width_of is None:

        def width_of(line: str) -> int:
            return size_of(line, size, bold)[0]

    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in _words(para):
            cand = f"{cur} {word}" if cur else word
            if cur and width_of(cand) > max_width:
                lines.append(cur)
                cur = word
            else:
                cur = cand
        lines.append(cur)
    return lines


#: The letters rendered once per font by :func:`warm`: every printable ASCII character, and
#: the interface script's letters (Arabic's joined forms, as ``shape`` gives them).
_WARM = {
    LATIN: "".join(chr(c) for c in range(32, 127)),
    ARABIC: "".join(chr(c) for c in range(0xFE70, 0xFEFD) if c != 0xFE75)
    + "".join(chr(c) for c in range(0x0660, 0x066A)),
    DEVANAGARI: "".join(chr(c) for c in range(0x0900, 0x0980) if chr(c).isprintable()),
    SYMBOLS: "\u2660\u2665\u2666\u2663",
}


def warm(sizes: list[tuple[int, bool]]) -> None:
    """Load the fonts of ``sizes`` ((size, bold) pairs) and draw their letters once, so that
    the first text drawn at a size does not stall a frame: SDL_ttf keeps each font's glyphs
    once drawn, and a first glyph costs about 40 µs. Nothing drawn here is kept."""
    for size, bold, script in _fonts(sizes, (LATIN, SYMBOLS)):
        font(size, bold, script).render(_WARM[script], True, (255, 255, 255))


def _fonts(sizes: list[tuple[int, bool]], scripts: tuple[str, ...]) -> list[tuple[int, bool, str]]:
    """(size, bold, script) for each of ``sizes`` and ``scripts`` and the interface's own."""
    own = _UI_SCRIPTS.get(i18n.get_language())
    every = [*scripts, own] if own is not None else scripts
    return [(max(6, int(size)), bold, sc) for size, bold in dict.fromkeys(sizes) for sc in every]


_later: deque[tuple[int, bool, str, str]] = deque()  # (size, bold, script, letters)
WARM_PIECE = 12  # letters drawn at a time by ``warm_some``: about half a millisecond


def warm_later(sizes: list[tuple[int, bool]]) -> None:
    """As :func:`warm`, a few letters at a time, when :func:`warm_some` is given time."""
    for size, bold, script in _fonts(sizes, (LATIN,)):
        letters = _WARM[script]
        for i in range(0, len(letters), WARM_PIECE):
            _later.append((size, bold, script, letters[i : i + WARM_PIECE]))


def warm_some(seconds: float) -> None:
    """Spend about ``seconds`` on what :func:`warm_later` left to do (a frame's spare time)."""
    end = time.perf_counter() + seconds
    while _later and time.perf_counter() < end:
        size, bold, script, letters = _later.popleft()
        font(size, bold, script).render(letters, True, (255, 255, 255))


def warming() -> bool:
    """Whether :func:`warm_later` left letters to draw."""
    return bool(_later)


def clear_text_cache() -> None:
    """Forget rendered text (fonts stay): after a language change."""
    _cache.clear()


i18n.on_language_change(clear_text_cache)


def clear_cache() -> None:
    """Forget every font and rendered text (needed after ``pygame.quit``: old fonts die)."""
    _cache.clear()
    _later.clear()
    font.cache_clear()
