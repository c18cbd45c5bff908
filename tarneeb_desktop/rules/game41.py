"""41 and 400 (``game = "41"``): each player bids alone, once; hearts are always trump.

The pure tables of rules.md's last section (a bid's value, a seat's lowest bid, the total a
hand needs, who has won), and the phases ``GameState`` hands over to this module when it
plays 41: the auction (one bid each, ``dealer + 1`` to the dealer) and the scoring per seat.
Dealing, following suit and tricks are Tarneeb's, in ``state.py``.

>>> from tarneeb_desktop.rules.options import make_rules
>>> bid_value(make_rules("syrian41"), 7, 0), bid_value(make_rules("lebanese400"), 9, 0)
(14, 27)
>>> bid_value(make_rules("lebanese400"), 5, 12), bid_value(make_rules("lebanese400"), 5, 31)
(10, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarneeb_desktop.rules.cards import CARD_NAMES, parse_bid
from tarneeb_desktop.rules.errors import IllegalActionError
from tarneeb_desktop.rules.events import (
    BidsMade,
    CallMade,
    Event,
    GameOver,
    HandThrownIn,
    SeatsScored,
)
from tarneeb_desktop.rules.options import Rules
from tarneeb_desktop.rules.view import HandResult, Seats, teams_of

if TYPE_CHECKING:
    from tarneeb_desktop.rules.state import GameState

HEARTS = 2  # the index of hearts in STRAINS: always trump in 41
NO_BIDS: Seats = (-1, -1, -1, -1)  # a seat that has not bid yet holds -1
ZEROS: Seats = (0, 0, 0, 0)

# Lebanese values of bids 1 to 13 (5 and 6 from a score of 30 on: their number).
_LEBANESE = (0, 1, 2, 3, 4, 10, 12, 14, 16, 27, 40, 40, 40, 40)


def _step(score: int, below_30: int, at_30: int, at_40: int, at_50: int) -> int:
    """The value of a rise for a score: 30 to 39, 40 to 49, 50 or more."""
    if score >= 50:
        return at_50
    if score >= 40:
        return at_40
    if score >= 30:
        return at_30
    return below_30


def bid_value(rules: Rules, bid: int, own_score: int) -> int:
    """What a bid of ``bid`` is worth (won or lost) to a bidder whose score is ``own_score``."""
    if rules.bid_values == "lebanese":
        if bid in (5, 6) and own_score >= 30:
            return bid
        return _LEBANESE[bid]
    return bid if bid <= 6 else 2 * bid


def lowest_bid(rules: Rules, own_score: int) -> int:
    """The lowest bid a seat whose score is ``own_score`` may make."""
    if rules.min_bid_rises:
        return max(rules.min_bid, _step(own_score, 0, 3, 4, 5))
    return rules.min_bid


def needed_total(rules: Rules, scores: Sequence[int]) -> int:
    """The total the four bids must reach for the hand to be played (``scores`` per seat)."""
    if rules.min_total_rises:
        return max(rules.min_total, _step(max(scores), 0, 12, 13, 14))
    return rules.min_total


def bids_total(rules: Rules, bids: Sequence[int], scores: Sequence[int]) -> int:
    """The four bids' total as the rules count it: their values, or the bids themselves."""
    if rules.min_total_counts == "bids":
        return sum(bids)
    return sum(bid_value(rules, b, s) for b, s in zip(bids, scores, strict=True))


def seat_points(rules: Rules, bid: int, taken: int, own_score: int) -> int:
    """+ the bid's value when the seat took at least ``bid`` tricks, else - the value."""
    value = bid_value(rules, bid, own_score)
    return value if taken >= bid else -value


def winner(rules: Rules, scores: Sequence[int]) -> int | None:
    """The team that has won with these scores per seat, or None.

    A team wins when one of its players has at least ``target`` and (with
    ``partner_positive``) that player's partner has more than 0. When both teams do, the
    one whose such player has the higher score wins; when equal, nobody yet.
    """
    best: list[int | None] = [None, None]
    for seat in range(4):
        own, partner = scores[seat], scores[(seat + 2) % 4]
        if own >= rules.target and (partner > 0 or not rules.partner_positive):
            team = seat & 1
            top = best[team]
            best[team] = own if top is None else max(top, own)
    a, b = best
    if a is None:
        return None if b is None else 1
    if b is None:
        return 0
    if a == b:
        return None
    return 0 if a > b else 1


def seat_tricks(g: GameState) -> Seats:
    """Tricks taken so far this hand by each seat."""
    won = [0, 0, 0, 0]
    for _, _, w in g.tricks:
        won[w] += 1
    return (won[0], won[1], won[2], won[3])


# ----------------------------------------------------------------- the auction


def legal_bids(g: GameState) -> list[str]:
    """The bids the seat to act may make, lowest first (there is no pass)."""
    return [str(n) for n in range(lowest_bid(g.rules, g.seat_scores[g.turn]), 14)]


def check_bid(g: GameState, call: str) -> None:
    """Raise the error that bidding ``call`` now would raise."""
    who = f"seat {g.turn}"
    lo = lowest_bid(g.rules, g.seat_scores[g.turn])
    low = call.lower()
    if low == "pass":
        raise IllegalActionError(f"{who} must bid {lo} to 13 tricks: there is no pass in 41")
    if low in ("double", "no_double"):
        raise IllegalActionError(f"there is no {low} in 41")
    level, _ = parse_bid(call, False)
    if not lo <= level <= 13:
        why = f" (a score of {g.seat_scores[g.turn]})" if lo > g.rules.min_bid else ""
        raise IllegalActionError(f"{who} must bid {lo} to 13 tricks{why}, not {level}")


def apply_bid(g: GameState, call: str) -> list[Event]:
    """The seat to act bids ``call`` (already checked); after the dealer, play or throw in."""
    seat = g.turn
    level, _ = parse_bid(call, False)
    text = str(level)
    g.calls.append((seat, text))
    g.called[seat] = True
    bids = list(g.bids)
    bids[seat] = level
    g.bids = (bids[0], bids[1], bids[2], bids[3])
    events: list[Event] = [CallMade(seat, text)]
    if seat != g.dealer:
        g.turn = (seat + 1) % 4
        return events
    total = bids_total(g.rules, g.bids, g.seat_scores)
    needed = needed_total(g.rules, g.seat_scores)
    events.append(BidsMade(g.bids, total, needed))
    if total < needed:
        g.history.append(_row(g, trump=None, tricks=ZEROS, points=ZEROS))
        return [*events, HandThrownIn("low_total", None), *g._next_hand(same_dealer=False)]
    g.phase = "play"
    g.trick_leader = g.turn = (g.dealer + 1) % 4
    return events


# ----------------------------------------------------------------- the score


def score_hand(g: GameState) -> list[Event]:
    """Score the hand just played, per seat; then the game ends or the next hand is dealt."""
    rules, before = g.rules, g.seat_scores
    tricks = seat_tricks(g)
    p = [seat_points(rules, g.bids[s], tricks[s], before[s]) for s in range(4)]
    points: Seats = (p[0], p[1], p[2], p[3])
    g.seat_scores = (before[0] + p[0], before[1] + p[1], before[2] + p[2], before[3] + p[3])
    g.scores = list(teams_of(g.seat_scores))
    g.history.append(_row(g, trump="H", tricks=tricks, points=points))
    events: list[Event] = [SeatsScored(g.bids, tricks, points, g.seat_scores)]
    won = winner(rules, g.seat_scores)
    if won is None:
        return events + g._next_hand(same_dealer=False)
    g.winner = won
    g.phase = "over"
    g.turn = -1
    return [*events, GameOver(won, teams_of(g.seat_scores))]


def _row(g: GameState, trump: str | None, tricks: Seats, points: Seats) -> HandResult:
    """The hand's row of the history (a thrown-in hand: no trump, no tricks, no points)."""
    totals = teams_of(g.seat_scores)
    return HandResult(
        dealer=g.dealer,
        cards=(g.dealt[0], g.dealt[1], g.dealt[2], g.dealt[3]),
        redeal=None,
        calls=tuple(c for _, c in g.calls),
        trump=trump,
        plays=tuple(CARD_NAMES[c] for c in g.plays),
        declarer=None,
        contract=None,
        doubled=False,
        tricks=teams_of(tricks),
        points=teams_of(points),
        totals=totals,
        bids=g.bids,
        seat_tricks=tricks,
        seat_points=points,
        seat_totals=g.seat_scores,
    )
