"""Events the engine emits as it applies actions, for the table to animate and log.

NamedTuples: cheap to build on the hot path of self-play and search.
"""

from __future__ import annotations

from typing import NamedTuple


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


class TrickWon(NamedTuple):
    winner: int
    leader: int
    cards: tuple[str, ...]


class HandThrownIn(NamedTuple):
    """Nobody bid (``all_pass``) or a weak hand claimed a redeal (``weak_hand``)."""

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


class GameOver(NamedTuple):
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
    | GameOver
)
