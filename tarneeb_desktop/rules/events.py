"""Events the engine emits as it applies actions, for the table to animate and log.

NamedTuples: cheap to build on the hot path of self-play and search.

In ``game = "41"`` each bid is a ``CallMade`` (``"3"``); after the dealer's bid comes
``BidsMade``, then either the play (no event: ``dealer + 1`` leads) or
``HandThrownIn("low_total")`` and the next ``HandDealt``; the last trick is followed by
``SeatsScored`` (never ``HandScored``), and ``GameOver`` carries the teams' summed totals.
A consumer that does not know ``BidsMade`` or ``SeatsScored`` may ignore them.
"""

from __future__ import annotations

from typing import NamedTuple

from tarneeb_desktop.rules.cards import CARD_NAMES


class HandDealt(NamedTuple):
    """A new hand was dealt (``hand_number`` counts from 1, thrown-in hands included)."""

    hand_number: int
    dealer: int


class RedealDecided(NamedTuple):
    """A seat with a weak hand said ``redeal`` or ``keep``."""

    seat: int
    call: str


class CallMade(NamedTuple):
    """A call in the auction (``pass`` or a bid), or the declarer's ``double`` / ``no_double``."""

    seat: int
    call: str


class AuctionWon(NamedTuple):
    """The auction ended: ``declarer`` plays ``contract``."""

    declarer: int
    contract: str


class TrumpNamed(NamedTuple):
    """The declarer named trump (``C D H S`` or ``NT``)."""

    seat: int
    trump: str


class CardPlayed(NamedTuple):
    seat: int
    card: str


# Per seat and card, the event of playing it: events are immutable, so one serves every game.
CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(s, name) for name in CARD_NAMES) for s in range(4)
)


class TrickWon(NamedTuple):
    winner: int
    leader: int
    cards: tuple[str, ...]


class HandThrownIn(NamedTuple):
    """Nobody bid (``all_pass``), a weak hand claimed a redeal (``weak_hand``), or in 41 the
    four bids fell short of the total the table needs (``low_total``)."""

    reason: str
    seat: int | None = None


class HandScored(NamedTuple):
    declarer: int
    contract: str
    doubled: bool
    tricks: tuple[int, int]
    points: tuple[int, int]
    totals: tuple[int, int]
    made: bool


class BidsMade(NamedTuple):
    """41: the four bids are in (per seat). The hand is played when ``total`` (of the bids'
    values, or of the bids, as the rules count) reaches ``needed``; else it is thrown in."""

    bids: tuple[int, int, int, int]
    total: int
    needed: int


class SeatsScored(NamedTuple):
    """41: a hand was scored, per seat: each bid, tricks taken, points (+ or - the bid's
    value) and the running totals."""

    bids: tuple[int, int, int, int]
    tricks: tuple[int, int, int, int]
    points: tuple[int, int, int, int]
    totals: tuple[int, int, int, int]


class GameOver(NamedTuple):
    """The game ended; ``totals`` per team (in 41 the partners' summed scores)."""

    winner: int
    totals: tuple[int, int]


Event = (
    HandDealt
    | RedealDecided
    | CallMade
    | AuctionWon
    | TrumpNamed
    | CardPlayed
    | TrickWon
    | HandThrownIn
    | HandScored
    | BidsMade
    | SeatsScored
    | GameOver
)
