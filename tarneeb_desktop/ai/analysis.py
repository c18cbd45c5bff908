"""After-the-fact and certain-outcome questions the table asks: "could we have made it?"
and "may this seat claim the rest?".

Both answer only from what the asking seat may know: the claim from the seat's own view
(every card it holds outranks every card it cannot see), and the double-dummy question
from a hand that has been played to the end (all 52 cards were shown by then).

:func:`analyse_game` goes further, after the game (``tarneeb analyse``): for every card
played, what its side could take from there with it and with the best card. It solves each
position in turn with DDS's single-board call, which keeps its tables from one position to
the next of the same hand (faster here than the batch call).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tarneeb_desktop.rules import GameState, HandResult, View
from tarneeb_desktop.rules.cards import (
    CARD_INDEX,
    CARD_NAMES,
    FULL_DECK,
    STRAINS,
    SUITS,
    cards_of,
    mask_of,
)


def highest_bidder(bids: Sequence[int], dealer: int) -> int:
    """41: the seat with the highest bid, the first in bidding order (``dealer + 1`` on)
    on a tie."""
    order = [(dealer + i) % 4 for i in range(1, 5)]
    return max(order, key=lambda s: (bids[s], -order.index(s)))


def could_have_taken(result: HandResult) -> int | None:
    """Tricks the declaring side takes with best play by all four seats, every card seen
    (the declarer leads, as in the rules), for a hand that was played; None when the hand
    had no contract, no cards on record, or the solver is not available.

    In 41 (a row with ``bids``) there is no declarer: the tricks are those of the side of
    the highest bidder (:func:`highest_bidder`), with ``dealer + 1`` leading and hearts
    trump, as the hand was played."""
    game41 = result.bids is not None
    if (result.declarer is None and not game41) or not result.plays or not any(result.cards):
        return None
    # Imported here: the table imports this module for can_claim, which needs no solver.
    from tarneeb_desktop.ai import dds

    if not dds.available():
        return None
    trump = result.trump or "NT"
    hands = [cards_of(m) for m in result.cards]
    try:
        if result.bids is not None:
            leader = (result.dealer + 1) % 4
            side = highest_bidder(result.bids, result.dealer) & 1
            taken = dds.dd_tricks_leading(hands, "H", leader)
            return taken if leader & 1 == side else 13 - taken
        assert result.declarer is not None
        return dds.dd_tricks_leading(hands, trump, result.declarer)
    except (dds.DDSError, ValueError):
        return None


def _sure_to_lead(hand: Sequence[str], unseen: int, trump: int | None) -> bool:
    """True when ``hand``, leading every trick from now, takes them all however the others
    hold and play: each card outranks every unseen card of its suit, and nobody can ruff (no
    trump is unseen, or the hand holds nothing but trumps)."""
    for suit in range(4):
        mine = [CARD_INDEX[c] for c in hand if CARD_INDEX[c] // 13 == suit]
        others = [c for c in range(13 * suit, 13 * suit + 13) if unseen >> c & 1]
        if mine and others and min(mine) < max(others):
            return False
    if trump is None:
        return True
    trumps_out = any(unseen >> c & 1 for c in range(13 * trump, 13 * trump + 13))
    return not trumps_out or all(CARD_INDEX[c] // 13 == trump for c in hand)


def _wins_now(view: View, card: str, unseen: int, trump: int | None) -> bool:
    """True when ``card``, played now to the trick in progress, wins it whatever the seats
    still to play hold: it beats the cards on the table, and no unseen card can beat it."""
    assert view.trick is not None
    cards = view.trick[1]
    led = CARD_INDEX[cards[0]] // 13
    suit, rank = divmod(CARD_INDEX[card], 13)
    if suit != led and suit != trump:
        return False
    for c in cards:  # the cards already on the table
        s, r = divmod(CARD_INDEX[c], 13)
        if (s == suit and r > rank) or (s == trump and suit != trump):
            return False
    if any(unseen >> c & 1 for c in range(13 * suit + rank + 1, 13 * suit + 13)):
        return False  # a higher card of its suit is still out
    later = 3 - len(cards)  # the seats still to play to this trick might ruff
    return (
        suit == trump
        or trump is None
        or later == 0
        or not any(unseen >> c & 1 for c in range(13 * trump, 13 * trump + 13))
    )


def claim_card(view: View) -> str | None:
    """The card this seat plays to take every remaining trick for sure (None: no claim).

    On lead: any card, when every card it holds is a sure winner (each outranks every card
    of its suit it cannot see, partner's included, to be safe, and nobody else can ruff);
    the highest is played. In a trick under way: a legal card that wins this trick whatever
    the seats after it hold, leaving a hand that wins every trick it then leads. The last
    card counts like any other."""
    if view.phase != "play" or view.turn != view.seat or not view.hand:
        return None
    mine = mask_of(view.hand)
    played = mask_of(card for _, card in view.played_cards())
    unseen = FULL_DECK & ~mine & ~played
    trump = None if view.trump is None or view.trump == "NT" else SUITS.index(view.trump)
    if view.trick is None or not view.trick[1]:
        if not _sure_to_lead(view.hand, unseen, trump):
            return None
        return max(view.legal or view.hand, key=lambda c: CARD_INDEX[c] % 13)
    for card in sorted(view.legal, key=lambda c: -(CARD_INDEX[c] % 13)):
        rest = [c for c in view.hand if c != card]
        if _wins_now(view, card, unseen, trump) and _sure_to_lead(rest, unseen, trump):
            return card
    return None


def can_claim(view: View) -> bool:
    """True when this seat takes every remaining trick for sure (see :func:`claim_card`)."""
    return claim_card(view) is not None


# ---------------------------------------------------------------------- card by card


@dataclass(frozen=True)
class PlayAnalysis:
    """One card played, seen double dummy: ``tricks`` its side takes from that position on
    (the trick in progress included) with that card and best play by all four afterwards,
    ``best`` the same with the best legal card (``best_cards`` all of them); ``trick`` is
    the trick's number in the hand, from 0."""

    seat: int
    card: str
    tricks: int
    best: int
    best_cards: tuple[str, ...]
    trick: int

    @property
    def cost(self) -> int:
        return self.best - self.tricks

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": self.card,
            "tricks": self.tricks,
            "best": self.best,
            "cost": self.cost,
        }


@dataclass(frozen=True)
class HandAnalysis:
    """A played hand card by card: ``hand`` its index in the record, ``could_take`` the
    declaring side's double-dummy tricks before the opening lead (the declarer leads),
    ``taken`` the tricks that side did take (so far, in an unfinished hand).

    In 41 there is no declarer: ``declarer`` is the highest bidder (the first in bidding
    order on a tie), ``contract`` that bid (``"5"``), ``trump`` hearts, and ``could_take``
    and ``taken`` are the tricks of the highest bidder's side (``dealer + 1`` leads)."""

    hand: int
    declarer: int
    contract: str | None
    trump: str
    could_take: int
    taken: int
    plays: tuple[PlayAnalysis, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "could_take": self.could_take,
            "plays": [p.to_dict() for p in self.plays],
        }


def _high_first(card: str) -> tuple[int, int]:
    """Spades, hearts, diamonds, clubs; high to low (as a record writes a hand)."""
    i = CARD_INDEX[card]
    return (-(i // 13), -(i % 13))


def analyse_plays(
    cards: Sequence[int],
    trump: str,
    declarer: int,
    plays: Sequence[str],
    first_lead_trump: bool = False,
) -> tuple[int, list[PlayAnalysis]]:
    """``(could_take, one PlayAnalysis per card of plays)`` for a hand dealt ``cards``
    (four masks) and played ``plays`` from the declarer's lead with ``trump`` (a suit or
    "NT"); ``could_take`` is for the declarer's side. In 41 pass the opening leader
    (``dealer + 1``) as ``declarer`` and "H"; each play's ``tricks``/``best`` are, as
    always, for the side of the seat that played it. With ``first_lead_trump`` the opening lead's best card is a trump when the
    declarer holds one, as the rules then ask. Raises dds.DDSError when the solver is not
    available, ValueError for cards that are not a legal play of the deal."""
    from tarneeb_desktop.ai import dds

    hands = [set(cards_of(m)) for m in cards]
    trump_index = STRAINS.index(trump)
    leader = declarer
    trick: list[str] = []
    could_take = 0
    out: list[PlayAnalysis] = []
    for k, card in enumerate(plays):
        seat = (leader + len(trick)) % 4
        scores = dds.solve([sorted(h) for h in hands], trump, leader, trick)
        if card not in scores:
            raise ValueError(f"{card} is not a legal card for seat {seat} at play {k}")
        legal = scores
        if k == 0 and first_lead_trump and trump != "NT":
            trumps = {c: v for c, v in scores.items() if c[1] == trump}
            legal = trumps or scores
        best = max(legal.values())
        if k == 0:
            could_take = best
        out.append(
            PlayAnalysis(
                seat,
                card,
                scores[card],
                best,
                tuple(sorted((c for c, v in legal.items() if v == best), key=_high_first)),
                k // 4,
            )
        )
        hands[seat].discard(card)
        trick.append(card)
        if len(trick) == 4:
            leader = GameState.trick_winner(leader, [CARD_INDEX[c] for c in trick], trump_index)
            trick = []
    return could_take, out


def analyse_game(state: GameState) -> list[HandAnalysis]:
    """Every hand of a game that has cards played, finished or in progress (a replayed
    record's state), card by card. Raises dds.DDSError when the solver is not available.

    In 41 each hand's ``could_take``/``taken`` are the highest bidder's side's (see
    :class:`HandAnalysis`); the plays' ``tricks``/``best`` are each player's side's."""
    # (index, cards, trump, opening leader, declarer, contract, plays, tricks by team)
    hands: list[
        tuple[int, tuple[int, ...], str, int, int, str | None, tuple[str, ...], tuple[int, int]]
    ] = []
    for i, r in enumerate(state.history):
        if not r.plays:
            continue
        if r.bids is not None:
            high = highest_bidder(r.bids, r.dealer)
            lead = (r.dealer + 1) % 4
            hands.append((i, r.cards, "H", lead, high, str(r.bids[high]), r.plays, r.tricks))
        elif r.declarer is not None:
            hands.append(
                (i, r.cards, r.trump or "NT", r.declarer, r.declarer, r.contract, r.plays, r.tricks)
            )
    if not state.is_over() and state.plays:
        plays = tuple(CARD_NAMES[c] for c in state.plays)
        trump = STRAINS[state.trump]
        tricks = (state.tricks_won[0], state.tricks_won[1])
        lead, declarer, contract = state.declarer, state.declarer, state.contract
        if state.rules.game == "41":
            declarer = highest_bidder(state.bids, state.dealer)
            lead, contract = (state.dealer + 1) % 4, str(state.bids[declarer])
        hands.append(
            (state.hand_index, tuple(state.dealt), trump, lead, declarer, contract, plays, tricks)
        )
    out = []
    for index, cards, trump, lead, declarer, contract, plays, tricks in hands:
        could, rows = analyse_plays(cards, trump, lead, plays, state.rules.first_lead_trump)
        if (lead & 1) != (declarer & 1):
            could = 13 - could
        out.append(
            HandAnalysis(index, declarer, contract, trump, could, tricks[declarer & 1], tuple(rows))
        )
    return out
