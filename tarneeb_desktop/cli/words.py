"""The command line's words for counts: English, its output's one language (the window's
strings are in the catalogues, ``ui/i18n.py``)."""

from __future__ import annotations

from gettext import ngettext


def count(n: int, singular: str, plural: str) -> str:
    """``n`` and the noun in the form English takes for it: "1 hand", "0 hands", "3 hands"."""
    return f"{n} {ngettext(singular, plural, n)}"
