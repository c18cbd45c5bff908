"""Why a hint, in a player's words (issue 48 item 3: "Hint: 7" gave no reason, and a card's
reason was the search's jargon, "9.2 of the 10 tricks left on average, as with Q♠; the
lower card keeps the higher", sometimes over two suits and "4 likely deals").

A bid or a trump is explained from the hand as a player sees it: the suit it rests on (its
length and its honours), the aces. A card is explained by what the search found, said as a
comparison with the next best card: it takes more, as much and keeps a higher card for
later, or less but gives the best chance for the contract. No count of deals, no averages.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from tarneeb_desktop.rules.cards import RANKS, STRAINS, parse_bid
from tarneeb_desktop.rules.errors import MalformedError
from tarneeb_desktop.ui.game.labels import call_label, card_label, comma, trump_label
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.theme import SUIT_SYMBOL

if TYPE_CHECKING:
    from tarneeb_desktop.ai.hints import Hint
    from tarneeb_desktop.rules import View

HONOURS = "AKQJ"
WORTH = {"A": 4, "K": 3, "Q": 2, "J": 1}


def by_suit(hand: tuple[str, ...] | list[str]) -> dict[str, list[str]]:
    """The hand's ranks per suit, highest first."""
    return {s: sorted((c[0] for c in hand if c[1] == s), key=RANKS.index)[::-1] for s in "CDHS"}


def strength(ranks: list[str]) -> int:
    """High-card points of a suit (A 4, K 3, Q 2, J 1)."""
    return sum(WORTH.get(r, 0) for r in ranks)


def longest(suits: dict[str, list[str]]) -> str:
    """The longest suit (the stronger of two as long)."""
    return max(suits, key=lambda s: (len(suits[s]), strength(suits[s])))


def suit_phrase(suit: str, ranks: list[str]) -> str:
    """``6 cards of ♠ with A K Q`` (the honours, when it has some)."""
    head = trn("{n} card of {suit}", "{n} cards of {suit}", len(ranks), suit=SUIT_SYMBOL[suit])
    top = [r for r in ranks if r in HONOURS]
    return tr("{cards} with {honours}", cards=head, honours=" ".join(top)) if top else head


def bid_reason(view: View, call: str) -> str:
    """Why the hint's call: ``Bid 8: 6 cards of ♠ with A K Q, 2 aces``."""
    suits = by_suit(view.hand)
    low = call.strip().lower()
    if low == "pass":
        if any(c.strip().lower() not in ("pass", "double") for _, c in view.calls):
            return tr("Pass: the bidding is higher than your hand can promise")
        return tr("Pass: your hand is not strong enough to bid")
    if low == "double":
        return tr("Double: your hand should beat their contract")
    if low in ("redouble", "no_double", "redeal", "keep"):
        return ""
    strain = None
    with contextlib.suppress(MalformedError, AttributeError):
        _level, strain = parse_bid(call, suit_bidding=view.rules.suit_bidding)
    if view.rules.game == "41":
        suit = "H"  # hearts are always trump in 41
    elif strain is not None and STRAINS[strain] in suits:
        suit = STRAINS[strain]
    else:
        suit = longest(suits)
    parts = [suit_phrase(suit, suits[suit])]
    aces = sum(1 for ranks in suits.values() if "A" in ranks)
    if aces:
        parts.append(trn("{n} ace", "{n} aces", aces))
    return tr("Bid {bid}: {why}", bid=call_label(call), why=comma().join(parts))


def trump_reason(view: View, trump: str) -> str:
    """Why the hint's trump: ``♠ Spades: your longest and strongest suit``."""
    name = trump_label(trump)
    suits = by_suit(view.hand)
    if trump not in suits:
        return tr("{trump}: your high cards are spread over every suit", trump=name)
    long = len(suits[trump]) >= max(len(r) for r in suits.values())
    strong = strength(suits[trump]) >= max(strength(r) for r in suits.values())
    if long and strong:
        return tr("{trump}: your longest and strongest suit", trump=name)
    if long:
        return tr("{trump}: your longest suit", trump=name)
    if strong:
        return tr("{trump}: your strongest suit", trump=name)
    return tr("{trump}: the suit your hand takes the most tricks with", trump=name)


def card_reason(view: View, hint: Hint) -> str:
    """Why the hint's card, compared with the next best card ("": nothing to tell)."""
    card = hint.action
    if hint.equal:
        return tr("Every card you may play here wins as much: the lowest keeps the others")
    mine = hint.tricks.get(card)
    others = [(t, c) for c, t in hint.tricks.items() if c != card]
    if mine is None or not others:
        return ""
    best, other = max(others, key=lambda tc: (round(tc[0], 1), RANKS.index(tc[1][0])))
    diff = round(mine, 1) - round(best, 1)
    named = {"card": card_label(card), "other": card_label(other)}
    if diff >= 0.5:
        n = max(1, round(diff))
        return trn(
            "{card} should win about {n} trick more than {other}",
            "{card} should win about {n} tricks more than {other}",
            n,
            **named,
        )
    if diff > 0:
        return tr("{card} wins a little more often than {other}", **named)
    if diff == 0:
        if other[1] == card[1] and RANKS.index(other[0]) > RANKS.index(card[0]):
            return tr("{card} wins as much as {other} and keeps {other} for later", **named)
        return tr("{card} wins as much as {other}", **named)
    # fewer tricks on average, but more of what counts: the contract, the bid, the game
    if view.rules.game == "41":
        return tr("{card} gives your bid its best chance", card=named["card"])
    if view.declarer is not None and view.declarer % 2 == view.seat % 2:
        return tr("{card} gives your contract its best chance", card=named["card"])
    return tr("{card} gives the best chance to beat their contract", card=named["card"])
