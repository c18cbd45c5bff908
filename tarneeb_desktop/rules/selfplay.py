"""Self-play tools of the rules engine, beside ``GameState`` but off its public face: the
checked path's twins for self-play loops and the AI's samples, each compared with it in tests.

* :func:`legal_cards` / :func:`play`: the play with cards as ints (0-51) and no events (the
  engine bench's ``cards`` loop);
* :func:`play_out`: a random hand to its end, the very actions a loop of ``apply`` over
  ``legal_actions`` would choose (tests/test_engine_self_play.py);
* :func:`from_view`: a full state consistent with a view and chosen holdings (the tests of
  hidden information and of the AI's sampled deals).

They reach into ``GameState``'s private helpers on purpose: the same code as ``apply``, one
function call less per card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tarneeb_desktop.rules import game41
from tarneeb_desktop.rules.cards import (
    _CLUB_CARDS,
    _DIAMOND_CARDS,
    _HEART_CARDS,
    _HOLDING_CARDS,
    _SPADE_CARDS,
    BITS,
    CARD_INDEX,
    CARD_NAMES,
    HOLDING_CARDS_OF,
    SHIFT_OF,
    STRAINS,
    SUIT_MASK_OF,
    SUIT_OF,
    TRICK_ORDER,
    cards_in,
    holding_cards,
    mask_of,
)
from tarneeb_desktop.rules.errors import MalformedError
from tarneeb_desktop.rules.state import _ALL_PASSED, _AUCTION_WON, GameState
from tarneeb_desktop.rules.view import View


def _any_cards(hand: int) -> tuple[int, ...]:
    """``cards_in(hand)``, from the four suits' cached tuples when all are cached."""
    c = _CLUB_CARDS[hand & 0x1FFF]
    d = _DIAMOND_CARDS[hand >> 13 & 0x1FFF]
    h = _HEART_CARDS[hand >> 26 & 0x1FFF]
    s = _SPADE_CARDS[hand >> 39]
    if c is None or d is None or h is None or s is None:
        return cards_in(hand)
    return c + d + h + s


def _follow(hand: int, suit: int, shift: int) -> tuple[int, ...]:
    """``legal_cards`` of a seat following a lead of ``suit`` (at ``shift``) whose cached
    holding in it was empty (a void: any card) or not cached yet (None)."""
    bits = hand >> shift & 0x1FFF
    cards = _HOLDING_CARDS[suit][bits]
    if cards is None:
        cards = holding_cards(suit, bits)
    return cards or _any_cards(hand)


def legal_cards(state: GameState) -> tuple[int, ...]:
    """The cards (ints 0-51) the seat to act may play, in ``legal_actions``' order; ()
    outside the play. For a state-play loop with :meth:`play`: the tuples are shared
    (cached by holding), so nothing is copied or named."""
    if state.phase != "play":
        return ()
    trick = state.trick
    hand = state.hands[state.turn]
    if trick:
        lead = trick[0]
        cards = HOLDING_CARDS_OF[lead][hand >> SHIFT_OF[lead] & 0x1FFF]
        if cards:
            return cards
        if cards is None:
            return holding_cards(SUIT_OF[lead], hand >> SHIFT_OF[lead] & 0x1FFF)
    elif not state.tricks and state.rules.first_lead_trump:
        return cards_in(state._legal_card_mask())
    return _any_cards(hand)


def play(state: GameState, card: int) -> None:
    """``apply(CARD_NAMES[card])`` for a card as an int (0-51), without making events:
    the state changes alike (the hand is scored, the next dealt, the history kept).
    A card that is no int 0-51 raises MalformedError; any other refusal is ``apply``'s,
    with its error, and changes nothing."""
    turn = state.turn
    if state.phase == "play" and type(card) is int and 0 <= card < 52:
        # apply's fast path, without the events.
        hands = state.hands
        hand = hands[turn]
        bit = BITS[card]
        trick = state.trick
        if trick:
            follow = hand & SUIT_MASK_OF[trick[0]]
            legal: object = follow & bit if follow else hand & bit
        else:
            legal = hand & bit and (
                state.tricks or not state.rules.first_lead_trump or state._legal_card_mask() & bit
            )
        if legal:
            state.hand_actions += 1
            hands[turn] = hand ^ bit
            state.plays.append(card)
            trick.append(card)
            if len(trick) < 4:
                state.turn = (turn + 1) % 4
            else:
                state._close_trick(None)
            return
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
        raise MalformedError(f"{card!r} is not a card: play takes a card 0 to 51")
    state.apply(CARD_NAMES[card])  # not the play, or an illegal card: apply's error


def play_out(state: GameState, random: Callable[[], float]) -> None:
    """Play the current hand to its end (the next hand dealt, or the game over) as a
    loop of ``apply(legal[int(random() * len(legal))])`` over ``legal_actions()``
    would, the same actions in the same states (``random`` as ``random.Random.random``):
    a state-play tool's random hand without a call, a list or an event per card.

    Tarneeb's calls are drawn without their list (``_legal_calls``' count, then the
    call it would hold at that place); the play goes a whole trick at a time, its
    winner found as ``_close_trick`` finds it, and the hand is scored as ``play``'s
    last card scores it. tests/test_engine_self_play.py compares it with ``apply``."""
    index = state.hand_index
    while state.phase != "play":
        if state.phase == "auction" and not state._game41:
            # _legal_calls and apply's fast path: pass first (unless the dealer is
            # forced), then the bids above the high one, ascending.
            bids, base, first = state._bids_above()
            if state._forced_dealer():
                at = first + int(random() * (len(bids) - first))
            else:
                at = first - 1 + int(random() * (len(bids) - first + 1))
            state.hand_actions += 1
            ended = state._call("pass", -1) if at < first else state._call(bids[at], base + at)
            if ended == _ALL_PASSED:
                state._throw_in("all_pass", None)
                return
            if ended == _AUCTION_WON:
                state._end_auction()
        elif state.phase == "trump":  # C D H S (NT), as legal_actions lists them
            strains = 5 if state.rules.no_trump_allowed else 4
            state.hand_actions += 1
            state._apply_trump(STRAINS[int(random() * strains)])
        else:
            legal = state.legal_actions()
            if not legal:
                return  # the game is over
            state.apply(legal[int(random() * len(legal))])
        if state.hand_index != index:
            return  # thrown in
    while state.trick:  # a trick under way: card by card
        cards = legal_cards(state)
        play(state, cards[int(random() * len(cards))])
        if state.hand_index != index or state.phase != "play":
            return
    hands = state.hands
    plays = state.plays
    tricks = state.tricks
    won = state.tricks_won
    order_of = TRICK_ORDER[state.trump]
    leader = state.trick_leader
    state.hand_actions += 52 - len(plays)
    first_lead = not tricks and state.rules.first_lead_trump
    for _ in range(13 - len(tricks)):
        # The lead: any card (legal_cards, written out).
        hand = hands[leader]
        c = _CLUB_CARDS[hand & 0x1FFF]
        d = _DIAMOND_CARDS[hand >> 13 & 0x1FFF]
        h = _HEART_CARDS[hand >> 26 & 0x1FFF]
        s = _SPADE_CARDS[hand >> 39]
        if first_lead or c is None or d is None or h is None or s is None:
            first_lead = False
            state.turn = leader
            cards = legal_cards(state)
            a = cards[int(random() * len(cards))]
        else:
            # (c + d + h + s)[k], without the tuple
            k = int(random() * hand.bit_count())
            n = len(c)
            if k < n:
                a = c[k]
            else:
                k -= n
                n = len(d)
                if k < n:
                    a = d[k]
                else:
                    k -= n
                    n = len(h)
                    a = h[k] if k < n else s[k - n]
        hands[leader] = hand ^ BITS[a]
        # Three follows: the holding in the suit led, else any card. Written out: a loop
        # over the three seats plays 1 to 2 % fewer hands a second (bench/engine.py).
        suit = SUIT_OF[a]
        shift = SHIFT_OF[a]
        held = HOLDING_CARDS_OF[a]
        seat = (leader + 1) & 3
        hand = hands[seat]
        cards = held[hand >> shift & 0x1FFF] or _follow(hand, suit, shift)
        b = cards[int(random() * len(cards))]
        hands[seat] = hand ^ BITS[b]
        seat = (leader + 2) & 3
        hand = hands[seat]
        cards = held[hand >> shift & 0x1FFF] or _follow(hand, suit, shift)
        c_ = cards[int(random() * len(cards))]
        hands[seat] = hand ^ BITS[c_]
        seat = (leader + 3) & 3
        hand = hands[seat]
        cards = held[hand >> shift & 0x1FFF] or _follow(hand, suit, shift)
        d_ = cards[int(random() * len(cards))]
        hands[seat] = hand ^ BITS[d_]
        # The winner's place as _close_trick finds it.
        order = order_of[suit]
        winner = (leader + max(order[a], order[b] + 1, order[c_] + 2, order[d_] + 3)) & 3
        played = (a, b, c_, d_)
        plays.extend(played)
        tricks.append((leader, played, winner))
        won[winner & 1] += 1
        leader = winner
    state.trick = []
    state.trick_leader = leader
    state.turn = leader
    state._score_hand()


def from_view(view: View, holdings: Sequence[int | Sequence[str]]) -> GameState:
    """A full state consistent with ``view`` where seat s now holds ``holdings[s]``.

    The current hand is replayed from its deal, so every call and play of the view is
    checked against the rules; AI sampling and tests of hidden information use this.
    """
    masks = [h if isinstance(h, int) else mask_of(h) for h in holdings]
    played = [0, 0, 0, 0]
    for s, c in view.played_cards():
        played[s] |= 1 << CARD_INDEX[c]
    dealt = [masks[s] | played[s] for s in range(4)]
    g = GameState.__new__(GameState)
    g.rules = view.rules
    g._suit_bidding = view.rules.suit_bidding
    g._game41 = view.rules.game == "41"
    g.seed = 0
    g.scores = [view.scores[0], view.scores[1]]
    g.seat_scores = view.seat_scores or game41.ZEROS
    g.history = list(view.results)
    g.winner = None
    g.hand_index = view.hand_number - 1
    g._start_hand(view.dealer, dealt)
    while g.phase == "redeal" and not (view.phase == "redeal" and g.turn == view.turn):
        g.apply("keep")
    for _, call in view.calls:
        g.apply(call)
    if view.trump is not None and g.phase == "trump":
        g.apply(view.trump)
    for _, card in view.played_cards():
        g.apply(card)
    return g
