"""After-the-fact and certain-outcome questions the table asks: "could we have made it?"
and "may this seat claim the rest?".

Both answer only from what the asking seat may know: the claim from the seat's own view
(every card it holds outranks every card it cannot see), and the double-dummy question
from a hand that has been played to the end (all 52 cards were shown by then).
"""

from __future__ import annotations

from tarneeb_desktop.rules import HandResult, View
from tarneeb_desktop.rules.cards import CARD_INDEX, FULL_DECK, cards_of, mask_of

SUITS = "CDHS"


def could_have_taken(result: HandResult) -> int | None:
    """Tricks the declaring side takes with best play by all four seats, every card seen
    (the declarer leads, as in the rules), for a hand that was played; None when the hand
    had no contract, no cards on record, or the solver is not available."""
    if result.declarer is None or not result.plays or not any(result.cards):
        return None
    # Imported here: the table imports this module for can_claim, which needs no solver.
    from tarneeb_desktop.ai import dds

    if not dds.available():
        return None
    trump = result.trump or "NT"
    try:
        return dds.dd_tricks_leading([cards_of(m) for m in result.cards], trump, result.declarer)
    except (dds.DDSError, ValueError):
        return None


def can_claim(view: View) -> bool:
    """True when this seat, on lead, takes every remaining trick however the others hold
    and play their cards: each card it holds outranks every card of its suit it cannot see
    (partner's included, to be safe), and nobody else can ruff (no trump is left outside
    this hand, or this hand holds nothing but trumps)."""
    if view.phase != "play" or view.turn != view.seat or not view.hand:
        return False
    if view.trick is not None and view.trick[1]:
        return False  # only at the start of a trick: the seat leads every trick from now
    mine = mask_of(view.hand)
    played = mask_of(card for _, card in view.played_cards())
    unseen = FULL_DECK & ~mine & ~played
    for suit in range(4):
        my_cards = [CARD_INDEX[c] for c in view.hand if CARD_INDEX[c] // 13 == suit]
        if not my_cards:
            continue
        others = [c for c in range(13 * suit, 13 * suit + 13) if unseen >> c & 1]
        if others and min(my_cards) < max(others):
            return False
    trump = view.trump
    if trump is None or trump == "NT":
        return True
    t = SUITS.index(trump)
    trumps_out = any(unseen >> c & 1 for c in range(13 * t, 13 * t + 13))
    only_trumps = all(CARD_INDEX[c] // 13 == t for c in view.hand)
    return not trumps_out or only_trumps
