"""Translation of every visible string: catalogues in ``tarneeb_desktop/locale/<code>.json``.

Keys are the English source text, so English needs no catalogue and any string a catalogue
lacks simply shows in English. ``tools/extract_strings.py`` lists every ``tr("...")`` literal
in the UI and ``--check`` reports what each catalogue is missing.

For screenshots and testing, the environment variable ``TARNEEB_LANG`` (e.g. ``ar``) overrides
the language the first time the game sets one (at start-up, from the settings); a language
the player picks later in the settings screen still takes effect.

Right to left: when ``is_rtl()``, scenes should put text that belongs to the start of a line
on the right (``anchor()`` mirrors a ``pygame.Rect`` anchor name, ``align()`` places a rect
at the start or end side of a box). Text itself is put in display order by ``text.render``.
Digits stay Western (0-9), as in most Levantine apps; bidi keeps them in reading order.
"""

from __future__ import annotations

import json
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
ENV_VAR = "TARNEEB_LANG"

# Loaded catalogues by language code; English is the identity.
_CATALOG: dict[str, dict[str, str]] = {"en": {}}
_language = "en"
_env_applied = False
_listeners: list[Callable[[], None]] = []


def catalogue_files(code: str, folder: Path | None = None) -> list[Path]:
    """The files of language ``code``: ``<code>.json`` and then each area's
    ``<area>/<code>.json`` (areas in name order), so parts of the game can keep their
    strings in a file of their own."""
    folder = LOCALE_DIR if folder is None else folder
    return [folder / f"{code}.json", *sorted(folder.glob(f"*/{code}.json"))]


def _read_one(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        log.warning("no translation file %s; using English there", path)
        return {}
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        log.warning("cannot read %s (%s); using English", path, exc)
        return {}
    if not isinstance(data, dict):
        log.warning("translation file %s is not a JSON object; using English", path)
        return {}
    # Only string-to-non-empty-string pairs: a bad entry falls back to English.
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str) and v}


def _load(code: str) -> dict[str, str]:
    """The catalogue of ``code`` (cached); a missing or broken file gives an empty one."""
    cat = _CATALOG.get(code)
    if cat is not None:
        return cat
    cat = {}
    for path in catalogue_files(code):
        for key, value in _read_one(path).items():
            cat.setdefault(key, value)  # the main file, then areas in order, wins
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
    code = code if isinstance(code, str) else "en"
    if not available(code):
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


def tr(text: str, **values: object) -> str:
    """``text`` in the current language, with ``{name}`` fields filled from ``values``."""
    out = _load(_language).get(text, text) if _language != "en" else text
    if values:
        try:
            out = out.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            # A broken translation must never crash the game: show the English text.
            try:
                out = text.format(**values)
            except (KeyError, IndexError, ValueError, AttributeError):
                out = text
    return out


def N_(text: str) -> str:  # noqa: N802 - the gettext convention, known to every translator
    """Mark ``text`` for translation without translating it (for tables of labels that are
    passed through ``tr`` later); ``tools/extract_strings.py`` collects these too."""
    return text


# --------------------------------------------------------------------- right to left layout
_MIRROR = {"left": "right", "right": "left"}


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
    at_left = (side == "start") != is_rtl()
    if at_left:
        out.x = box.x + pad
    else:
        out.right = box.right - pad
    return out


def mirror_x(x: int, left: int, width: int) -> int:
    """The x coordinate ``x`` mirrored inside the span ``left .. left+width`` when RTL."""
    return left + width - (x - left) if is_rtl() else x
