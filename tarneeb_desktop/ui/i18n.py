"""Translation of every visible string, with gettext: one catalogue per language,
``tarneeb_desktop/locale/<code>/LC_MESSAGES/tarneeb.mo`` (compiled from its ``tarneeb.po`` by
``tools/i18n.py``, which Babel's extractor and compiler drive).

Message ids are the English source text, so English needs no catalogue and any message a
catalogue lacks simply shows in English. ``tr(text, **values)`` translates a sentence;
``trn(singular, plural, n, **values)`` a count, in the form each language's CLDR plural rule
picks for ``n`` (six in Arabic, three in Russian and Ukrainian); ``N_`` marks a text for the
catalogues where it is written (a table of labels) and ``tr`` translates it where it is shown.
Numbers go through Babel's formatting for the language (``number``, ``signed``, ``percent``,
``date_text``), digits staying Western (0-9).

For screenshots and testing, the environment variable ``TARNEEB_LANG`` (e.g. ``ar``) overrides
the language the first time the game sets one (at start-up, from the settings); a language
the player picks later in the settings screen still takes effect.

Right to left: a screen does not mirror its coordinates one by one; the UI kit mirrors a
box as a whole (``kit/form.mirrored``: a row, a table, a picture), so what belongs to the
start of a line stands on the right. The helpers here serve the kit and the felt
(``anchor()`` mirrors a ``pygame.Rect`` anchor name, ``align()`` places a rect at the start
or end side of a box). Text itself is put in display order by ``text.render``.
Digits stay Western (0-9), as in most Levantine apps; bidi keeps them in reading order.
"""

from __future__ import annotations

import datetime
import gettext
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tarneeb_desktop.settings import LANGUAGES  # the languages offered: one table

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

RTL_LANGUAGES = frozenset({"ar", "fa", "he", "ur"})
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "tarneeb"
ENV_VAR = "TARNEEB_LANG"

# Loaded catalogues by language code; English is the identity (no catalogue).
_CATALOG: dict[str, gettext.NullTranslations] = {"en": gettext.NullTranslations()}
_language = "en"
_env_applied = False
_listeners: list[Callable[[], None]] = []


def catalogue_path(code: str, folder: Path | None = None) -> Path:
    """The compiled catalogue of language ``code``."""
    folder = LOCALE_DIR if folder is None else folder
    return folder / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _load(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code`` (cached); a missing or broken file gives English, with a
    line in the log."""
    cat = _CATALOG.get(code)
    if cat is not None:
        return cat
    path = catalogue_path(code)
    try:
        with path.open("rb") as f:
            cat = gettext.GNUTranslations(f)
    except FileNotFoundError:
        log.warning("no translation file %s; using English there", path)
        cat = gettext.NullTranslations()
    except Exception as exc:  # a damaged file: any error of the reader means English
        log.warning("cannot read %s (%s); using English", path, exc)
        cat = gettext.NullTranslations()
    _CATALOG[code] = cat
    return cat


def available(code: str) -> bool:
    """Whether ``code`` is a language the game can show (English or a known catalogue)."""
    return code in LANGUAGES or code in _CATALOG


def set_language(code: str) -> None:
    """Choose the language of ``tr``; an unknown code falls back to English.

    The first call honours ``TARNEEB_LANG`` over ``code`` (a start-up override)."""
    global _language, _env_applied
    if not _env_applied:
        _env_applied = True
        env = os.environ.get(ENV_VAR, "").strip()
        if env and available(env):
            code = env
        elif env:
            log.warning("%s=%r is not a known language; ignoring it", ENV_VAR, env)
    if not isinstance(code, str) or not available(code):
        code = "en"
    _load(code)
    _language = code
    for listener in _listeners:  # e.g. the text cache: drawn text depends on the direction
        listener()


def on_language_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` after every ``set_language`` (modules above this one register
    here rather than being imported by it)."""
    if listener not in _listeners:
        _listeners.append(listener)


def get_language() -> str:
    """The code of the current language (``"en"``, ``"ar"``...)."""
    return _language


language = get_language  # older name, still used by some callers


def is_rtl() -> bool:
    """Whether the current language is written right to left."""
    return _language in RTL_LANGUAGES


def _fill(out: str, text: str, values: dict[str, object]) -> str:
    if not values:
        return out
    try:
        return out.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        # A broken translation must never crash the game: show the English text.
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            return text


def tr(text: str, **values: object) -> str:
    """``text`` in the current language, with ``{name}`` fields filled from ``values``."""
    out = _load(_language).gettext(text) if _language != "en" else text
    return _fill(out, text, values)


def trn(singular: str, plural: str, count: int, /, **values: object) -> str:
    """``count`` in the form the current language's plural rule picks for it
    (``trn("{n} trick", "{n} tricks", n)``); ``{n}`` is filled with ``count`` as the language
    writes numbers unless ``values`` gives it (a sentence whose count is another field,
    ``{taken}``), the other fields from ``values``."""
    out = _load(_language).ngettext(singular, plural, count)
    values.setdefault("n", number(count))
    return _fill(out, singular if count == 1 else plural, values)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention, known to every translator
    """Mark ``text`` for translation without translating it (for tables of labels that are
    passed through ``tr`` later); Babel's extractor (``tools/i18n.py``) collects these too."""
    return text


# --------------------------------------------------------------------- numbers and dates
def _babel_locale() -> str:
    return _language if _language in LANGUAGES else "en"


#: Babel's invisible direction marks (the fonts have no glyph for them: ``text.shape`` puts
#: a sign before its digits itself) and its narrow no-break space (not in every font)
_MARKS = str.maketrans({"\u200e": None, "\u200f": None, "\u061c": None, "\u202f": "\u00a0"})


def _clean(text: object) -> str:
    return str(text).translate(_MARKS)


def number(n: float) -> str:
    """``n`` as the language writes it (its group separator), in Western digits."""
    if type(n) is int and -1000 < n < 1000:
        return str(n)  # no separator to place: Babel's answer, without loading its data
    from babel.numbers import format_decimal

    try:
        return _clean(format_decimal(n, locale=_babel_locale(), numbering_system="latn"))
    except Exception:  # formatting is cosmetic: never let it stop the game
        return str(n)


def signed(n: int) -> str:
    """A gain or a loss, its sign always shown ("+3", "-2", "0"), the same way everywhere
    in a language (in a right-to-left line ``text.shape`` keeps the sign before its digits)."""
    if n == 0:
        return number(0)
    if type(n) is int and -1000 < n < 1000:
        return f"{n:+d}"  # Babel's answer in every language here (its marks taken out)
    from babel.numbers import format_decimal

    try:
        loc = _babel_locale()
        shown = format_decimal(n, format="+#,##0;-#,##0", locale=loc, numbering_system="latn")
        return _clean(shown)
    except Exception:
        return f"{n:+d}"


def percent(x: float, decimals: int = 0) -> str:
    """The fraction ``x`` (0.55) as a percentage ("55 %" where the language spaces it)."""
    from babel.numbers import format_percent

    fmt = "#,##0%" if decimals == 0 else "#,##0." + "0" * decimals + "%"
    try:
        loc = _babel_locale()
        return _clean(format_percent(x, format=fmt, locale=loc, numbering_system="latn"))
    except Exception:
        return f"{x * 100:.{decimals}f}%"


def date_text(when: datetime.date | datetime.datetime, time: bool = False) -> str:
    """A date (and, with ``time``, the hour) in the language's short form, Western digits."""
    from babel.dates import format_date, format_time

    try:
        text = format_date(when, format="medium", locale=_babel_locale())
        if time and isinstance(when, datetime.datetime):  # the year whole, the hour short
            hour = format_time(when, format="short", locale=_babel_locale())
            # the hour never alone on a line after a date of words ("Dec 6," / "2026  7:01
            # AM"); after a date of one piece ("06/12/2026", Arabic) the line may break
            # before the hour rather than the whole be drawn smaller
            join = "\u00a0\u00a0" if " " in text.strip() else "  "
            text += join + hour.replace(" ", "\u00a0")
        return _clean(text)
    except Exception:
        return when.strftime("%Y-%m-%d %H:%M" if time else "%Y-%m-%d")


# --------------------------------------------------------------------- right to left layout
def anchor(name: str) -> str:
    """``name`` (a pygame.Rect anchor such as ``"topleft"`` or ``"midright"``) mirrored left
    to right when the language is RTL, unchanged otherwise."""
    if not is_rtl():
        return name
    for a, b in (("left", "right"), ("right", "left")):
        if name.endswith(a):
            return name[: -len(a)] + b
    return name


def align(rect: pygame.Rect, box: pygame.Rect, side: str = "start", pad: int = 0) -> pygame.Rect:
    """A copy of ``rect`` moved horizontally inside ``box`` to its ``side``: ``"start"`` is
    the left in LTR and the right in RTL, ``"end"`` the opposite, ``"center"`` the middle;
    ``pad`` pixels from the edge."""
    out = rect.copy()
    if side == "center":
        out.centerx = box.centerx
        return out
    if (side == "start") != is_rtl():  # the left
        out.x = box.x + pad
    else:
        out.right = box.right - pad
    return out


def ltr_mark() -> str:
    """A left-to-right mark in a right-to-left language, else nothing: put before (and after)
    a run that reads left to right inside a line (a path, a date and its hour)."""
    return "\u200e" if is_rtl() else ""


def mirror_x(x: int, left: int, width: int) -> int:
    """The x coordinate ``x`` mirrored inside the span ``left .. left+width`` when RTL."""
    return left + width - (x - left) if is_rtl() else x
