"""Calls, bids, trumps and cards as the player reads them; the order of my fanned hand."""

from __future__ import annotations

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, SUIT_WORD

DISPLAY_SUIT_ORDER = "CDSH"  # alternate black and red along the hand
SUIT_NAME = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def call_label(call: str) -> str:
    """A call or bid as the player reads it: ``Pass``, ``9``, ``10♥``, ``8 NT``, ``Double``."""
    c = call.strip()
    low = c.lower()
    if low == "pass":
        return tr("Pass")
    if low == "double":
        return tr("Double")
    if low == "no_double":
        return tr("No double")
    if low == "redeal":
        return tr("Redeal")
    if low == "keep":
        return tr("Keep")
    if c.upper().endswith("NT") and c[:-2].isdigit():
        return f"{c[:-2]} {tr('NT')}"
    if c and c[-1].upper() in SUIT_SYMBOL and c[:-1].isdigit():
        return c[:-1] + SUIT_SYMBOL[c[-1].upper()]
    return c


def comma() -> str:
    """The comma between the parts of a sentence: the Arabic comma in Arabic."""
    return "\u060c " if i18n.language() == "ar" else ", "


def trump_label(t: str) -> str:
    if t == "NT":
        return tr("No trump")
    return f"{SUIT_SYMBOL.get(t, '')} {tr(SUIT_WORD.get(t, t))}"


def action_label(phase: str, action: str) -> str:
    """A button's or a hint's word for ``action`` in ``phase``."""
    return trump_label(action) if phase == "trump" else call_label(action)


def card_label(card: str) -> str:
    """``"TH"`` → ``"10♥"``."""
    return card[0].replace("T", "10") + SUIT_SYMBOL[card[1]]


def display_order(cards: tuple[str, ...] | list[str]) -> list[str]:
    """My cards as fanned: suits alternating in colour, ranks rising to the right."""
    ranks = "23456789TJQKA"
    return sorted(cards, key=lambda c: (DISPLAY_SUIT_ORDER.index(c[1]), ranks.index(c[0])))
