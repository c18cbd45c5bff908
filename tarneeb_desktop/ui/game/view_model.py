"""The displayed view moved on by one engine event: what the table shows between two moves.

The scene shows a :class:`~tarneeb_desktop.rules.View` (``scene.pv``) and, while a move's
events are animated, moves it on one event at a time with :func:`apply_event`; at the end of
each move it sets the table's own (authoritative) view. ``apply_event`` is pure: folding a
move's events into the view before the move gives the view after it for these fields:

``hand_number``, ``dealer``, ``calls``, ``declarer``, ``contract``, ``doubled``, ``trump``,
``hand`` (the cards played leave it), ``hand_sizes``, ``trick`` (the trick in progress),
``tricks``, ``tricks_won``, ``scores``, ``results`` (the public rows) and ``winner``; in 41
(``game = "41"``) also ``bids``, ``seat_tricks`` and ``seat_scores``, per seat.

Left to the authoritative view, as no event tells them: ``phase``, ``turn`` and ``legal``
(whose turn, and what it may do: the weak-hand redeal phase depends on the cards), and the
cards of a new deal (after :class:`HandDealt` the hand is empty until that view comes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from tarneeb_desktop.rules import (
    STRAINS,
    AuctionWon,
    BidsMade,
    CallMade,
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandResult,
    HandScored,
    HandThrownIn,
    MalformedError,
    RedealDecided,
    SeatsScored,
    TrickWon,
    TrumpNamed,
    View,
)
from tarneeb_desktop.rules.cards import parse_bid
from tarneeb_desktop.rules.codec import EventTable
from tarneeb_desktop.rules.view import teams_of

NO_BIDS = (None, None, None, None)


def _strain(contract: str) -> str | None:
    """The trump a suited bid names (``"9H"`` → ``"H"``, ``"8NT"`` → ``"NT"``)."""
    try:
        _, strain = parse_bid(contract, suit_bidding=True)
    except MalformedError:
        return None
    return None if strain is None else STRAINS[strain]


def _row(view: View, **scored: Any) -> HandResult:
    """The public row (no cards) of the hand ``view`` shows, as the history would keep it."""
    fields: dict[str, Any] = {
        "dealer": view.dealer,
        "cards": (0, 0, 0, 0),
        "redeal": None,
        "calls": tuple(c for _, c in view.calls),
        "trump": None,
        "plays": (),
        "declarer": None,
        "contract": None,
        "doubled": False,
        "tricks": (0, 0),
        "points": (0, 0),
        "totals": view.scores,
    }
    if view.bids is not None:  # 41: the per-seat fields (a thrown-in hand: none scored)
        fields.update(
            bids=tuple(-1 if b is None else b for b in view.bids),
            seat_tricks=(0, 0, 0, 0),
            seat_points=(0, 0, 0, 0),
            seat_totals=view.seat_scores,
        )
    fields.update(scored)
    return HandResult(**fields)


# ------------------------------------------------------------------ both games


def _call(ev: CallMade, view: View) -> View:
    calls = (*view.calls, (ev.seat, ev.call))
    if ev.call in ("double", "no_double"):  # the declarer's answer: the play starts
        return replace(view, calls=calls, doubled=ev.call == "double", trick=(ev.seat, ()))
    return replace(view, calls=calls)


def _auction_won(ev: AuctionWon, view: View) -> View:
    trump = view.trump
    trick = view.trick
    if view.rules.suit_bidding:
        trump = _strain(ev.contract)
        bids = sum(1 for _, c in view.calls if c != "pass")
        if bids > 1:  # a contested suited contract is played at once (else: double?)
            trick = (ev.declarer, ())
    return replace(view, declarer=ev.declarer, contract=ev.contract, trump=trump, trick=trick)


def _trump_named(ev: TrumpNamed, view: View) -> View:
    return replace(view, trump=ev.trump, trick=(ev.seat, ()))


def _card_played(ev: CardPlayed, view: View) -> View:
    sizes = list(view.hand_sizes)
    sizes[ev.seat] = max(0, sizes[ev.seat] - 1)
    leader, cards = view.trick if view.trick is not None else (ev.seat, ())
    hand = view.hand
    if ev.seat == view.seat:
        hand = tuple(c for c in hand if c != ev.card)
    return replace(
        view,
        hand=hand,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        trick=(leader, (*cards, ev.card)),
    )


def _trick_won(ev: TrickWon, view: View) -> View:
    won = list(view.tricks_won)
    won[ev.winner & 1] += 1
    return replace(
        view,
        tricks_won=(won[0], won[1]),
        tricks=(*view.tricks, (ev.leader, ev.cards, ev.winner)),
        trick=(ev.winner, ()),
    )


def _hand_scored(ev: HandScored, view: View) -> View:
    row = _row(
        view,
        trump=view.trump,
        declarer=ev.declarer,
        contract=ev.contract,
        doubled=ev.doubled,
        tricks=ev.tricks,
        points=ev.points,
        totals=ev.totals,
    )
    return replace(view, scores=ev.totals, results=(*view.results, row))


def _thrown_in(ev: HandThrownIn, view: View) -> View:
    return replace(view, results=(*view.results, _row(view, redeal=ev.seat)))


def _deal(ev: HandDealt, view: View) -> View:
    return replace(
        view,
        hand_number=ev.hand_number,
        dealer=ev.dealer,
        hand=(),
        calls=(),
        declarer=None,
        contract=None,
        doubled=False,
        trump=None,
        tricks=(),
        trick=None,
        tricks_won=(0, 0),
        hand_sizes=(13, 13, 13, 13),
    )


def _game_over(ev: GameOver, view: View) -> View:
    return replace(view, winner=ev.winner, hand=(), trick=None)


def _unchanged(ev: Event, view: View) -> View:
    return view


#: ``view`` after an event, as both games show it (Tarneeb's own events included). A weak
#: hand kept (``RedealDecided``) and, outside 41, its events change nothing shown.
_COMMON: EventTable[View] = EventTable(
    {
        CallMade: _call,
        AuctionWon: _auction_won,
        TrumpNamed: _trump_named,
        CardPlayed: _card_played,
        TrickWon: _trick_won,
        HandScored: _hand_scored,
        HandThrownIn: _thrown_in,
        HandDealt: _deal,
        GameOver: _game_over,
        RedealDecided: _unchanged,
        BidsMade: _unchanged,
        SeatsScored: _unchanged,
    }
)


# ------------------------------------------------------------------ 41's own


def _bid41(ev: CallMade, view: View) -> View:
    bids = list(view.bids or NO_BIDS)
    bids[ev.seat], _ = parse_bid(ev.call, suit_bidding=False)
    calls = (*view.calls, (ev.seat, ev.call))
    return replace(view, calls=calls, bids=(bids[0], bids[1], bids[2], bids[3]))


def _bids_made41(ev: BidsMade, view: View) -> View:
    if ev.total < ev.needed:
        return view
    return replace(view, trick=((view.dealer + 1) % 4, ()))  # the dealer's right leads


def _trick_won41(ev: TrickWon, view: View) -> View:
    seat = list(view.seat_tricks or (0, 0, 0, 0))
    seat[ev.winner] += 1
    return _trick_won(ev, replace(view, seat_tricks=(seat[0], seat[1], seat[2], seat[3])))


def _seats_scored41(ev: SeatsScored, view: View) -> View:
    row = _row(
        view,
        trump=view.trump,
        tricks=teams_of(ev.tricks),
        points=teams_of(ev.points),
        totals=teams_of(ev.totals),
        bids=ev.bids,
        seat_tricks=ev.tricks,
        seat_points=ev.points,
        seat_totals=ev.totals,
    )
    return replace(
        view,
        scores=teams_of(ev.totals),
        seat_scores=ev.totals,
        results=(*view.results, row),
    )


def _deal41(ev: HandDealt, view: View) -> View:
    # hearts are trump from the deal on; nobody has bid
    return replace(_deal(ev, view), trump="H", bids=NO_BIDS, seat_tricks=(0, 0, 0, 0))


#: ``view`` after an event in 41 (a view with per-seat ``bids``): its own events, then the
#: common ones.
_FORTY_ONE: EventTable[View] = EventTable(
    {
        CallMade: _bid41,
        BidsMade: _bids_made41,
        TrickWon: _trick_won41,
        SeatsScored: _seats_scored41,
        HandDealt: _deal41,
    },
    default=_COMMON,
)


def apply_event(view: View, ev: Event) -> View:
    """``view`` after ``ev`` (see the module's docstring for the fields it moves on)."""
    return (_FORTY_ONE if view.bids is not None else _COMMON)(ev, view)


def apply_events(view: View, events: Iterable[Event]) -> View:
    """``view`` after each of ``events`` in turn."""
    for ev in events:
        view = apply_event(view, ev)
    return view
