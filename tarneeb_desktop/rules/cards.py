"""Cards, suits, strains and bids: small value types with paired parsers and printers.

A card is an int 0..51, ``suit * 13 + rank`` with suits C D H S = 0..3 and ranks
2..A = 0..12, so that a hand fits in a 52-bit mask (bit ``card``). Its text form is
rank then suit: ``"AS"``, ``"TD"``, ``"2C"``.

>>> card_name(parse_card("QH"))
'QH'
>>> cards_of(mask_of(["2C", "AS", "TD"]))
['2C', 'TD', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable

from tarneeb_desktop.rules.errors import MalformedError

RANKS = "23456789TJQKA"
SUITS = "CDHS"
STRAINS = ("C", "D", "H", "S", "NT")
NT = 4
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")

CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
FULL_DECK = (1 << 52) - 1
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))

# Card names of a 13-bit holding in one suit, filled on first use (8192 per suit).
_HOLDING_NAMES: list[list[tuple[str, ...] | None]] = [[None] * 8192 for _ in range(4)]


# Tables of the engine's inner loop, by card: its bit, its suit, its suit's mask.
BITS: tuple[int, ...] = tuple(1 << c for c in range(52))
SUIT_OF: tuple[int, ...] = tuple(c // 13 for c in range(52))
SUIT_MASK_OF: tuple[int, ...] = tuple(SUIT_MASKS[c // 13] for c in range(52))
SHIFT_OF: tuple[int, ...] = tuple(13 * (c // 13) for c in range(52))
# TRICK_ORDER[trump][led suit][card]: 4 times the card's strength in such a trick (0 for a
# card of another suit, then the led suit's ranks, then the trump's), so that the winner's
# place is ``max(o[a], o[b] + 1, o[c] + 2, o[d] + 3) & 3``. ``trump`` 4 is no trump.
TRICK_ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            4 * (c % 13 + 14) if c // 13 == trump else 4 * (c % 13 + 1) if c // 13 == led else 0
            for c in range(52)
        )
        for led in range(4)
    )
    for trump in range(5)
)


def card_name(card: int) -> str:
    """The text form of a card: ``"AS"``."""
    return CARD_NAMES[card]


def parse_card(text: str) -> int:
    """Parse ``"AS"`` (case-insensitive, ``10`` accepted for ``T``) into a card."""
    if not isinstance(text, str):
        raise MalformedError(f"a card must be text like 'AS', not {text!r}")
    key = text.strip().upper().replace("10", "T")
    card = CARD_INDEX.get(key)
    if card is None:
        raise MalformedError(f"{text!r} is not a card (rank 2-9 T J Q K A, then suit C D H S)")
    return card


def holding_names(suit: int, bits: int) -> tuple[str, ...]:
    """The names of the cards of a 13-bit holding in one suit (cached)."""
    names = _HOLDING_NAMES[suit][bits]
    if names is None:
        base = suit * 13
        names = tuple(CARD_NAMES[base + r] for r in range(13) if bits >> r & 1)
        _HOLDING_NAMES[suit][bits] = names
    return names


def cards_of(mask: int) -> list[str]:
    """The names of the cards in a mask, sorted by suit (C D H S) then rank."""
    out: list[str] = []
    for s in range(4):
        bits = (mask >> (13 * s)) & 0x1FFF
        if bits:
            out.extend(_HOLDING_NAMES[s][bits] or holding_names(s, bits))
    return out


def names_of(mask: int) -> list[str]:
    """``cards_of(mask)`` from the four suits' cached names (cards_of fills the cache)."""
    c = _CLUBS[mask & 0x1FFF]
    d = _DIAMONDS[mask >> 13 & 0x1FFF]
    h = _HEARTS[mask >> 26 & 0x1FFF]
    s = _SPADES[mask >> 39]
    if c is None or d is None or h is None or s is None:
        return cards_of(mask)
    return [*c, *d, *h, *s]


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _HOLDING_NAMES
# By card: the cached holdings of its suit (``HOLDINGS_OF[card][bits]``), for following it.
HOLDINGS_OF: tuple[list[tuple[str, ...] | None], ...] = tuple(
    _HOLDING_NAMES[c // 13] for c in range(52)
)

# The same as cards (ints): the cards of a 13-bit holding in one suit, filled on first use.
_HOLDING_CARDS: list[list[tuple[int, ...] | None]] = [[None] * 8192 for _ in range(4)]


def holding_cards(suit: int, bits: int) -> tuple[int, ...]:
    """The cards (ints, ascending) of a 13-bit holding in one suit (cached)."""
    cards = _HOLDING_CARDS[suit][bits]
    if cards is None:
        base = suit * 13
        cards = tuple(base + r for r in range(13) if bits >> r & 1)
        _HOLDING_CARDS[suit][bits] = cards
    return cards


def cards_in(mask: int) -> tuple[int, ...]:
    """The cards in a mask as ints, ascending, from the four suits' cached tuples."""
    return (
        holding_cards(0, mask & 0x1FFF)
        + holding_cards(1, mask >> 13 & 0x1FFF)
        + holding_cards(2, mask >> 26 & 0x1FFF)
        + holding_cards(3, mask >> 39 & 0x1FFF)
    )


_CLUB_CARDS, _DIAMOND_CARDS, _HEART_CARDS, _SPADE_CARDS = _HOLDING_CARDS
HOLDING_CARDS_OF: tuple[list[tuple[int, ...] | None], ...] = tuple(
    _HOLDING_CARDS[c // 13] for c in range(52)
)
for _suit in range(4):
    holding_cards(_suit, 0)
for _suit in range(4):
    holding_names(_suit, 0)  # a void is looked up as often as any holding


def indices_of(mask: int) -> list[int]:
    """The cards in a mask as ints, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[str | int]) -> int:
    """A mask holding the given cards (names or ints)."""
    mask = 0
    for c in cards:
        mask |= 1 << (c if isinstance(c, int) else parse_card(c))
    return mask


def bid_name(level: int, strain: int | None) -> str:
    """The text of a bid: ``"9"`` or, with suit bidding, ``"10NT"``."""
    return str(level) if strain is None else f"{level}{STRAINS[strain]}"


# The bids in rank order, and each bid's value (its tricks, or tricks * 5 + strain).
PLAIN_BIDS: tuple[str, ...] = tuple(str(n) for n in range(7, 14))
SUIT_BIDS: tuple[str, ...] = tuple(bid_name(v // 5, v % 5) for v in range(35, 70))
PLAIN_BID_VALUE: dict[str, int] = {b: n for n, b in enumerate(PLAIN_BIDS, 7)}
SUIT_BID_VALUE: dict[str, int] = {b: v for v, b in enumerate(SUIT_BIDS, 35)}


def parse_bid(text: str, suit_bidding: bool) -> tuple[int, int | None]:
    """Parse a bid into (tricks, strain); the strain is None without suit bidding."""
    if not isinstance(text, str):
        raise MalformedError(f"a call must be text, not {text!r}")
    t = text.strip().upper()
    digits = ""
    while t and t[0].isdigit():
        digits, t = digits + t[0], t[1:]
    if not digits:
        raise MalformedError(f"{text!r} is not a call")
    level = int(digits)
    if suit_bidding:
        if t not in STRAINS:
            raise MalformedError(f"{text!r} is not a bid: a number then a strain, like 8H or 10NT")
        return level, STRAINS.index(t)
    if t:
        raise MalformedError(f"{text!r} is not a bid: a number of tricks, like 8")
    return level, None


def is_weak(mask: int) -> bool:
    """A hand is weak when it holds no ace, no king in a suit of two or more cards,
    no queen in a suit of three or more and no jack in a suit of four or more."""
    for s in range(4):
        bits = (mask >> (13 * s)) & 0x1FFF
        length = bits.bit_count()
        if bits >> 12 & 1:
            return False
        if bits >> 11 & 1 and length >= 2:
            return False
        if bits >> 10 & 1 and length >= 3:
            return False
        if bits >> 9 & 1 and length >= 4:
            return False
    return True
