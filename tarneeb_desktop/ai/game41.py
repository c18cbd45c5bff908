"""The computer players' 41 / 400 (``game = "41"``): bids for oneself, hearts always trump.

Every level plays 41 through this module (``heuristic.py`` and ``search.py`` hand over to it
when ``view.rules.game == "41"``):

* **Bidding** (:func:`choose_bid`): the tricks this seat should take *by itself* with hearts
  as trump (:func:`own_tricks`, the Tarneeb hand evaluation scaled by a factor measured on
  41 hands: partner takes tricks for themselves, not for us), less a little when the others'
  bids show strength; then the bid from the seat's minimum to 13 with the best expected
  points ``value * (2 P(tricks >= bid) - 1)`` under a normal spread, where the value is the
  rules' ``game41.bid_value`` for this seat's score. The dealer, who bids last, raises to
  the total the hand needs when playing pays more for the side than a throw-in (0 for all).
* **Card play** (:func:`medium_card41`): the Tarneeb medium heuristic with hearts trump,
  steered by what each seat still needs (bid minus tricks taken, from the view): overtake
  a partner who has made their bid when we still need a trick, leave the trick to a partner
  who needs it when we have made ours, and lead to partner then.
* **Search** (:func:`utilities`): the hard and expert levels solve sampled deals double
  dummy, which gives the tricks of the *side*. A side's future tricks are turned into the
  change of both players' scores by giving them to the partners in the best way (both bids
  made when the tricks cover both needs, else the bid worth more; a trick that a card
  completes goes to the seat that wins it), minus the same for the opponents with the
  rest. A seat whose bid would take it to the target counts ``WIN_BONUS`` more, so the
  opponents close to 41 are the first to be set.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tarneeb_desktop.ai.knowledge import (
    estimate_tricks,
)
from tarneeb_desktop.rules import View
from tarneeb_desktop.rules import game41 as rules41
from tarneeb_desktop.rules.cards import CARD_INDEX

HEARTS = rules41.HEARTS
# Two seats of one side (a seat and its partner).
Seats2 = tuple[int, int]
# Own tricks = OWN_SCALE * the Tarneeb estimate with hearts trump + OWN_SHIFT (fitted on
# 1,548 seat-hands of lebanese400 between medium players, sd 1.07 around it: the Tarneeb
# estimate counts some tricks that partner or the opponents take in 41).
OWN_SCALE = 0.84
OWN_SHIFT = 0.48
# Spread of one seat's own tricks around the estimate.
OWN_SD = 1.1
# The others' bids beyond this many tricks each take a little from ours.
AVERAGE_BID = 3.0
OTHERS_WEIGHT = 0.08
# What a bid is worth to the side in play besides its value: a bidder makes about this
# share of their bid's value on average (used by the dealer's throw-in choice).
BIDDER_EDGE = 0.25
# Every seat bids at least the highest bid it makes with this chance, so that hands are
# played: the highest chance (by value table) that keeps the hands thrown in among four
# medium players at about a fifth, measured over 300 hands from 0-0 (lebanese400 at 0.85:
# 20 %; syrian41 at 0.7: 17 %, at 0.85 it was 41 %). Lower values gave away points against
# easy in the arena (lebanese400: 0.55 scored +1.1 a deal against easy, 0.85 +1.9).
FAIR_P = {"lebanese": 0.85, "doubled_from_7": 0.7}
# The dealer raises to the needed total unless that loses this many points more than a
# throw-in (the game has to go on: a hand thrown in is dealt again).
DEALER_SLACK = 1.0
# Easy bids its estimate less this, rounded.
EASY_SHADE = 0.4
# Points a seat's made bid counts beyond its value when it reaches the target.
WIN_BONUS = 20.0


def is41(view: View) -> bool:
    """Is this a view of 41?"""
    return view.rules.game == "41"


def hand_mask(view: View) -> int:
    m = 0
    for c in view.hand:
        m |= 1 << CARD_INDEX[c]
    return m


def own_tricks(mask: int) -> float:
    """Tricks a hand (13 cards, or fewer mid-hand) should take for itself, hearts trump."""
    return max(0.0, OWN_SCALE * estimate_tricks(mask, HEARTS) + OWN_SHIFT)


def p_at_least(bid: int, mean: float, sd: float = OWN_SD) -> float:
    """P(own tricks >= bid) under a normal spread with a continuity correction."""
    z = (bid - 0.5 - mean) / (sd * math.sqrt(2.0))
    return 0.5 * math.erfc(z)


def bid_ev(view: View, bid: int, mean: float, sd: float = OWN_SD, p: float | None = None) -> float:
    """Expected points of bidding ``bid`` for this seat when it takes ``mean`` tricks (or
    takes at least ``bid`` with chance ``p``, when given)."""
    score = _seat_scores(view)[view.seat]
    value = rules41.bid_value(view.rules, bid, score)
    if p is None:
        p = p_at_least(bid, mean, sd)
    bonus = WIN_BONUS if score + value >= view.rules.target else 0.0
    return (value + bonus) * p - value * (1.0 - p)


def _seat_scores(view: View) -> tuple[int, int, int, int]:
    return view.seat_scores or (0, 0, 0, 0)


def estimate(view: View, caution: float = 0.0) -> float:
    """This seat's expected own tricks from its hand and the bids made before it."""
    bids = view.bids or (None, None, None, None)
    others = [b for s, b in enumerate(bids) if s != view.seat and b is not None]
    return estimate_for(hand_mask(view), others, caution)


def estimate_for(mask: int, others: Sequence[int], caution: float = 0.0) -> float:
    """The expected own tricks of the hand ``mask`` after the others' bids ``others``:
    a little less for every trick they bid above the average."""
    excess = sum(b - AVERAGE_BID for b in others)
    return max(0.0, own_tricks(mask) - caution - OTHERS_WEIGHT * excess)


def choose_bid(view: View, caution: float = 0.0, sd: float = OWN_SD) -> str:
    """The legal bid with the best expected points (see the module docstring)."""
    legal = [int(a) for a in view.legal]
    mean = estimate(view, caution)

    def p_of(b: int) -> float:
        return p_at_least(b, mean, sd)

    evs = {b: bid_ev(view, b, mean, sd, p_of(b)) for b in legal}
    best = max(legal, key=lambda b: (evs[b], -b))
    # A hand is thrown in unless the bids reach the total it needs, and a thrown-in hand
    # scores nothing for anyone: bid at least what we are fairly sure to take, so that
    # hands are played, unless the bid's value table says a higher bid pays more.
    fair_p = FAIR_P.get(view.rules.bid_values, 0.7)
    fair = [b for b in legal if p_of(b) >= fair_p]
    if fair and max(fair) > best:
        best = max(fair)
    if view.seat != view.dealer:
        return str(best)
    # The dealer bids last: below the total the hand needs, it is thrown in.
    rules = view.rules
    bids = [b if b is not None else 0 for b in (view.bids or (0, 0, 0, 0))]
    scores = _seat_scores(view)
    needed = rules41.needed_total(rules, scores)

    def total_with(b: int) -> int:
        trial = list(bids)
        trial[view.seat] = b
        return rules41.bids_total(rules, trial, scores)

    if total_with(best) >= needed:
        return str(best)
    reaching = [b for b in legal if total_with(b) >= needed]
    if not reaching:
        return str(best)
    low = min(reaching)
    partner = (view.seat + 2) % 4
    others = 0.0
    for s in range(4):
        if s == view.seat:
            continue
        edge = BIDDER_EDGE * rules41.bid_value(rules, bids[s], scores[s])
        others += edge if s == partner else -edge
    # Raising costs ``evs[best] - evs[low]``; a throw-in costs the hand's chances (for
    # the side: ours minus theirs) and the dealer's own best bid.
    if evs[low] + others > min(0.0, evs[best]) - DEALER_SLACK:
        return str(low)
    return str(best)


def easy_bid(view: View) -> str:
    """A beginner's bid: about the tricks it expects, rounded down a little, blind to the
    value table's jumps; as dealer it makes up the needed total when that is within a trick
    of what it expects (so that four easy players still play most hands)."""
    legal = [int(a) for a in view.legal]
    mean = estimate(view)
    bid = min(max(legal[0], int(mean - EASY_SHADE + 0.5)), legal[-1])
    if view.seat == view.dealer:
        rules = view.rules
        bids = [b if b is not None else 0 for b in (view.bids or (0, 0, 0, 0))]
        scores = _seat_scores(view)
        needed = rules41.needed_total(rules, scores)
        for b in legal:
            if b < bid:
                continue
            trial = list(bids)
            trial[view.seat] = b
            if rules41.bids_total(rules, trial, scores) >= needed:
                if b <= mean + 1.0:
                    bid = b
                break
    return str(bid)


# ------------------------------------------------------------------ what each seat needs


def needs(view: View) -> list[int]:
    """Tricks each seat still needs to make its bid (<= 0: made; 0 for a seat without one)."""
    bids = view.bids or (None, None, None, None)
    taken = view.seat_tricks or (0, 0, 0, 0)
    return [0 if b is None else b - t for b, t in zip(bids, taken, strict=True)]


def _values(view: View) -> list[float]:
    """What making its bid is worth to each seat (its bid's value, plus the win bonus)."""
    bids = view.bids or (None, None, None, None)
    scores = _seat_scores(view)
    out = []
    for s in range(4):
        b = bids[s]
        if b is None:
            out.append(0.0)
            continue
        v = float(rules41.bid_value(view.rules, b, scores[s]))
        if scores[s] + v >= view.rules.target:
            v += WIN_BONUS / 2  # counted on both sides of the outcome below
        out.append(v)
    return out


def side_value(need: Sequence[int], value: Sequence[float], tricks: int) -> float:
    """Best summed score change of two partners (``need``/``value`` per partner) who take
    ``tricks`` more tricks between them, given to them in the best way."""
    na, nb = max(0, need[0]), max(0, need[1])
    va, vb = value[0], value[1]
    if tricks >= na + nb:
        return va + vb
    best = -va - vb
    if tricks >= na:
        best = max(best, va - vb)
    if tricks >= nb:
        best = max(best, vb - va)
    return best


def utilities(view: View, remaining: int, fixed: int | None = None) -> list[float]:
    """Utility for this seat's side of taking ``k`` of the ``remaining`` tricks (the one
    in progress included), k = 0..remaining: our partners' best score change minus the
    opponents'. ``fixed`` is the seat that wins the current trick when the card to be
    judged completes it (that trick then goes to that seat, not to the best partner)."""
    value = _values(view)

    def judge(n: list[int], mine_k: int, opp_k: int, ours: Seats2, theirs: Seats2) -> float:
        us = side_value([n[ours[0]], n[ours[1]]], [value[ours[0]], value[ours[1]]], mine_k)
        them = side_value([n[theirs[0]], n[theirs[1]]], [value[theirs[0]], value[theirs[1]]], opp_k)
        return us - them

    return _by_tricks(view, remaining, fixed, judge)


def _by_tricks(
    view: View,
    remaining: int,
    fixed: int | None,
    judge: Callable[[list[int], int, int, Seats2, Seats2], float],
) -> list[float]:
    """``judge(needs, our tricks, their tricks, our seats, their seats)`` for k = 0..remaining
    tricks to our side from now (the trick in progress to ``fixed`` when the card decides
    it), plus a hair of raw tricks; -1e6 where the card makes k impossible."""
    need = needs(view)
    me = view.seat
    ours = (me, (me + 2) % 4)
    theirs = ((me + 1) % 4, (me + 3) % 4)
    out = []
    for k in range(remaining + 1):
        split = _split(need, ours, fixed, k, remaining)
        if split is None:
            out.append(-1e6)  # impossible with this card: never chosen
            continue
        n, mine_k, opp_k = split
        out.append(judge(n, mine_k, opp_k, ours, theirs) + 0.01 * k)
    return out


def _split(
    need: list[int], ours: tuple[int, int], fixed: int | None, k: int, remaining: int
) -> tuple[list[int], int, int] | None:
    """What each seat still needs, and the tricks left for our side (k of ``remaining``) and
    theirs once the trick in progress has gone to ``fixed`` (None: not decided by the card);
    None when our side cannot take k with that."""
    n = list(need)
    mine_k, opp_k = k, remaining - k
    if fixed is not None:
        n[fixed] -= 1
        if fixed in ours:
            mine_k -= 1
        else:
            opp_k -= 1
        if mine_k < 0 or opp_k < 0:
            return None
    return n, mine_k, opp_k


def trick_winner_with(view: View, card: str) -> int | None:
    """The seat that wins the trick in progress if this seat plays ``card`` as its last
    card, else None (the trick is not completed by it)."""
    if view.trick is None or len(view.trick[1]) != 3:
        return None
    leader, cards = view.trick
    played = [CARD_INDEX[c] for c in cards] + [CARD_INDEX[card]]
    best = 0
    for i in range(1, 4):
        c, b = played[i], played[best]
        if c // 13 == b // 13:
            if c > b:
                best = i
        elif c // 13 == HEARTS:
            best = i
    return (leader + best) % 4
