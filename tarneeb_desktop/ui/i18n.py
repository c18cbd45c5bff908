"""Translation of every visible string (English only for now; keys are the English text)."""

from __future__ import annotations

_CATALOG: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def set_language(code: str) -> None:
    """Choose the language of ``tr``; unknown codes fall back to English."""
    global _language
    _language = code if code in _CATALOG else "en"


def language() -> str:
    return _language


def is_rtl() -> bool:
    return _language in ("ar", "fa", "he", "ur")


def tr(text: str, **values: object) -> str:
    """``text`` in the current language, with ``{name}`` fields filled from ``values``."""
    out = _CATALOG.get(_language, {}).get(text, text)
    if values:
        try:
            out = out.format(**values)
        except (KeyError, IndexError, ValueError):
            # A broken translation must never crash the game: show the English text.
            out = text.format(**values)
    return out
