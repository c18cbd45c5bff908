"""The game state: whose turn, the legal actions, and applying them.

Over 600 lines because ``GameState`` is one class: its slots, ``clone`` and the one
``_legal_*`` / ``_apply_*`` pair per phase are the search AI's inner loop, where a split
would add a call per action; ``apply`` plays an exact card name or call without
``_check`` (and a card that does not end a trick without ``_apply_card``) for the same
reason. What is not on that loop lives elsewhere: the self-play tools (``legal_cards`` /
``play`` with cards as ints and no events, ``play_out`` for a random hand, ``from_view``)
in ``selfplay.py``; ``View``, ``HandResult`` and a state's view in ``view.py``; 41's
auction and scoring in ``game41.py``; scoring tables in ``scoring.py``; the per-card tables
in ``cards.py`` and ``events.py``; a hand's shuffle and the first dealer in ``deal.py``.

Actions are plain strings, as in game records and the bot protocol: ``"redeal"`` /
``"keep"``, ``"pass"`` or a bid (``"9"``, ``"10H"``), a trump (``"S"``, ``"NT"``),
``"double"`` / ``"no_double"``, and cards (``"AS"``). One ``_legal_*`` / ``_apply_*``
pair per phase. The state is pure: deals come from ``seed`` and the hand's number,
never from the global ``random``.

>>> g = GameState.new(make_rules("standard"), seed=7)
>>> g.phase, g.current_player() == (g.dealer + 1) % 4
('auction', True)
>>> g.legal_actions()
['pass', '7', '8', '9', '10', '11', '12', '13']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tarneeb_desktop.rules import game41
from tarneeb_desktop.rules.cards import (
    _CLUBS,
    _DIAMONDS,
    _HEARTS,
    _SPADES,
    BITS,
    CARD_INDEX,
    CARD_NAMES,
    HOLDINGS_OF,
    NT,
    PLAIN_BID_VALUE,
    PLAIN_BIDS,
    SHIFT_OF,
    STRAINS,
    SUIT_BID_VALUE,
    SUIT_BIDS,
    SUIT_MASK_OF,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    TRICK_ORDER,
    bid_name,
    cards_of,
    holding_names,
    is_weak,
    mask_of,
    names_of,
    parse_bid,
)
from tarneeb_desktop.rules.deal import deal_hands, first_dealer
from tarneeb_desktop.rules.errors import IllegalActionError, MalformedError
from tarneeb_desktop.rules.events import (
    CARD_PLAYED,
    AuctionWon,
    CallMade,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HandThrownIn,
    RedealDecided,
    TrickWon,
    TrumpNamed,
)
from tarneeb_desktop.rules.options import Rules, make_rules
from tarneeb_desktop.rules.scoring import score_hand
from tarneeb_desktop.rules.view import HandResult, View, tarneeb_row, view_of

PHASES = ("redeal", "auction", "trump", "double", "play", "over")
# What a call did (GameState._call): the auction goes on, all passed, or it was won.
_CALLS_GO_ON, _ALL_PASSED, _AUCTION_WON = 0, 1, 2


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0; seats 1 and 3 are team 1."""
    return seat & 1


_new_tuple = tuple.__new__  # builds a NamedTuple event without its __new__'s Python frame


class GameState:
    """A whole game of Tarneeb or of 41, from the first deal to the game's end.

    41 (``rules.game == "41"``) hands its auction and its scoring to ``game41``; it keeps
    each seat's bid in ``bids`` (-1 before it bids) and score in ``seat_scores``, and
    ``scores`` holds the partners' sums, as in Tarneeb.
    """

    __slots__ = (
        "rules",
        "seed",
        "hand_index",
        "dealer",
        "phase",
        "turn",
        "dealt",
        "hands",
        "weak_queue",
        "calls",
        "active",
        "called",
        "high_value",
        "high_seat",
        "high_call",
        "n_bids",
        "declarer",
        "contract",
        "contract_level",
        "trump",
        "doubled",
        "plays",
        "trick_leader",
        "trick",
        "tricks",
        "tricks_won",
        "scores",
        "history",
        "winner",
        "hand_actions",
        "bids",
        "seat_scores",
        "_suit_bidding",
        "_game41",
    )

    rules: Rules
    seed: int
    hand_index: int
    dealer: int
    phase: str
    turn: int
    dealt: list[int]
    hands: list[int]
    weak_queue: list[int]
    calls: list[tuple[int, str]]
    active: list[bool]
    called: list[bool]
    high_value: int
    high_seat: int
    high_call: str | None
    n_bids: int
    declarer: int
    contract: str | None
    contract_level: int
    trump: int
    doubled: bool
    plays: list[int]
    trick_leader: int
    trick: list[int]
    tricks: list[tuple[int, tuple[int, ...], int]]
    tricks_won: list[int]
    scores: list[int]
    history: list[HandResult]
    winner: int | None
    hand_actions: int
    bids: tuple[int, int, int, int]
    seat_scores: tuple[int, int, int, int]
    _suit_bidding: bool
    _game41: bool

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0, dealer: int | None = None) -> GameState:
        """A new game; its deals come from ``seed``, its first dealer too unless given."""
        g = cls.__new__(cls)
        g.rules = rules if rules is not None else make_rules()
        g._suit_bidding = g.rules.suit_bidding
        g._game41 = g.rules.game == "41"
        g.seed = seed
        g.scores = [0, 0]
        g.seat_scores = game41.ZEROS
        g.history = []
        g.winner = None
        g.hand_index = 0
        first = first_dealer(seed) if dealer is None else dealer
        if first not in (0, 1, 2, 3):
            raise IllegalActionError(f"the dealer must be a seat 0-3, not {first!r}")
        g._start_hand(first, deal_hands(seed, 0, first))
        return g

    def clone(self) -> GameState:
        """An independent copy (written out by hand: the AI clones in its inner loop)."""
        g = GameState.__new__(GameState)
        g.rules = self.rules
        g.seed = self.seed
        g.hand_index = self.hand_index
        g.dealer = self.dealer
        g.phase = self.phase
        g.turn = self.turn
        g.dealt = self.dealt[:]
        g.hands = self.hands[:]
        g.weak_queue = self.weak_queue[:]
        g.calls = self.calls[:]
        g.active = self.active[:]
        g.called = self.called[:]
        g.high_value = self.high_value
        g.high_seat = self.high_seat
        g.high_call = self.high_call
        g.n_bids = self.n_bids
        g.declarer = self.declarer
        g.contract = self.contract
        g.contract_level = self.contract_level
        g.trump = self.trump
        g.doubled = self.doubled
        g.plays = self.plays[:]
        g.trick_leader = self.trick_leader
        g.trick = self.trick[:]
        g.tricks = self.tricks[:]
        g.tricks_won = self.tricks_won[:]
        g.scores = self.scores[:]
        g.history = self.history[:]
        g.winner = self.winner
        g.hand_actions = self.hand_actions
        g.bids = self.bids
        g.seat_scores = self.seat_scores
        g._suit_bidding = self._suit_bidding
        g._game41 = self._game41
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in GameState.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def _start_hand(self, dealer: int, hands: Sequence[int]) -> None:
        self.dealer = dealer
        self.dealt = list(hands)
        self.hands = list(hands)
        self.calls = []
        self.active = [True, True, True, True]
        self.called = [False, False, False, False]
        self.high_value = -1
        self.high_seat = -1
        self.high_call = None
        self.n_bids = 0
        self.declarer = -1
        self.contract = None
        self.contract_level = 0
        self.trump = game41.HEARTS if self._game41 else -1
        self.doubled = False
        self.bids = game41.NO_BIDS
        self.plays = []
        self.trick_leader = -1
        self.trick = []
        self.tricks = []
        self.tricks_won = [0, 0]
        self.weak_queue = []
        self.hand_actions = 0
        if self.rules.weak_hand_redeal:
            self.weak_queue = [
                s for s in ((dealer + i) % 4 for i in range(1, 5)) if is_weak(self.hands[s])
            ]
        if self.weak_queue:
            self.phase = "redeal"
            self.turn = self.weak_queue[0]
        else:
            self.phase = "auction"
            self.turn = (dealer + 1) % 4

    def set_deal(self, hands: Sequence[Sequence[str] | int], dealer: int | None = None) -> None:
        """Replace the cards of the hand about to start (records and fixed deals use this).

        Allowed only before the hand's first action; ``dealer`` only on the game's first hand.
        """
        if self.phase == "over":
            raise IllegalActionError("the game is over")
        if self.hand_actions:
            raise IllegalActionError("the cards can only be set before the hand's first action")
        if len(hands) != 4:
            raise MalformedError("a deal has four hands")
        masks: list[int] = []
        seen = 0
        for h in hands:
            m = h if isinstance(h, int) else mask_of(h)
            if isinstance(h, int):
                n = m.bit_count()
            else:
                n = len(h)
            if n != 13 or m.bit_count() != 13:
                raise MalformedError("each hand must hold 13 different cards")
            if m & seen:
                raise MalformedError("a card is dealt twice")
            seen |= m
            masks.append(m)
        if dealer is not None and dealer != self.dealer:
            if self.hand_index != 0:
                raise IllegalActionError(f"seat {self.dealer} deals this hand, not seat {dealer}")
            if dealer not in (0, 1, 2, 3):
                raise MalformedError(f"the dealer must be a seat 0-3, not {dealer!r}")
        self._start_hand(self.dealer if dealer is None else dealer, masks)

    def restart_hand(self) -> None:
        """The hand under way dealt again as it was dealt: its calls and cards undone, the
        scores as they were before it (the table's "Restart the hand")."""
        if self.phase == "over":
            raise IllegalActionError("the game is over")
        self._start_hand(self.dealer, self.dealt)

    # ----------------------------------------------------------------- queries

    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        return None if self.phase == "over" else self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def hand_number(self) -> int:
        """The current hand counted from 1, thrown-in hands included."""
        return self.hand_index + 1

    def legal_actions(self) -> list[str]:
        """The legal actions of the seat to act, in a fixed order (pass first, bids
        ascending, trumps C D H S NT, cards by suit then rank)."""
        phase = self.phase
        if phase == "play":
            trick = self.trick
            hand = self.hands[self.turn]
            if trick:
                # Following: the cached names of the seat's holding in the suit led, if any.
                lead = trick[0]
                names = HOLDINGS_OF[lead][hand >> SHIFT_OF[lead] & 0x1FFF]
                if names:
                    return [*names]
                if names is None:  # not cached yet (a void's empty tuple is)
                    return list(holding_names(SUIT_OF[lead], hand >> SHIFT_OF[lead] & 0x1FFF))
            elif not self.tricks and self.rules.first_lead_trump:
                return names_of(self._legal_card_mask())
            # Any card: names_of(hand), written out.
            c = _CLUBS[hand & 0x1FFF]
            d = _DIAMONDS[hand >> 13 & 0x1FFF]
            h = _HEARTS[hand >> 26 & 0x1FFF]
            s = _SPADES[hand >> 39]
            if c is None or d is None or h is None or s is None:
                return cards_of(hand)
            return [*c, *d, *h, *s]
        if phase == "auction":
            return game41.legal_bids(self) if self._game41 else self._legal_calls()
        if phase == "trump":
            return list(STRAINS) if self.rules.no_trump_allowed else list(STRAINS[:NT])
        if phase == "double":
            return ["double", "no_double"]
        if phase == "redeal":
            return ["keep", "redeal"]
        return []

    def _legal_card_mask(self) -> int:
        hand = self.hands[self.turn]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]
            return follow if follow else hand
        if (
            not self.tricks
            and self.rules.first_lead_trump
            and self.trump != NT
            and hand & SUIT_MASKS[self.trump]
        ):
            return hand & SUIT_MASKS[self.trump]
        return hand

    def _forced_dealer(self) -> bool:
        return self.rules.all_pass == "dealer_7" and self.turn == self.dealer and self.n_bids == 0

    def _bids_above(self) -> tuple[tuple[str, ...], int, int]:
        """Every bid of the auction (ascending), the value of its first, and the place of
        the first above the high bid: ``_legal_calls``' bids are ``bids[first:]``."""
        bids, base = (SUIT_BIDS, 35) if self._suit_bidding else (PLAIN_BIDS, 7)
        return bids, base, max(self.high_value + 1, base) - base

    def _legal_calls(self) -> list[str]:
        bids, _, first = self._bids_above()
        above = bids[first:]
        return list(above) if self._forced_dealer() else ["pass", *above]

    # ----------------------------------------------------------------- applying

    def apply(self, action: str, seat: int | None = None) -> list[Event]:
        """Apply the current player's action and return the events it caused.

        Raises IllegalActionError (or MalformedError for text that is no action at all)
        saying what was wrong, and leaves the state unchanged.
        """
        phase = self.phase
        turn = self.turn
        if seat is None or seat == turn:
            # Fast paths: an exact card name or call that is legal (the common case).
            if phase == "play":
                try:
                    card = CARD_INDEX[action]
                except (KeyError, TypeError):  # another spelling, or not text: _check decides
                    card = -1
                if card >= 0:
                    # _apply_card, with the legality test of _legal_card_mask on one bit.
                    hands = self.hands
                    hand = hands[turn]
                    bit = BITS[card]
                    trick = self.trick
                    if trick:
                        follow = hand & SUIT_MASK_OF[trick[0]]
                        legal: object = follow & bit if follow else hand & bit
                    else:
                        legal = hand & bit and (
                            self.tricks
                            or not self.rules.first_lead_trump
                            or self._legal_card_mask() & bit
                        )
                    if legal:
                        self.hand_actions += 1
                        hands[turn] = hand ^ bit
                        self.plays.append(card)
                        trick.append(card)
                        if len(trick) < 4:
                            self.turn = (turn + 1) % 4
                            return [CARD_PLAYED[turn][card]]
                        return self._close_trick([CARD_PLAYED[turn][card]])
            elif phase == "auction" and not self._game41:
                if action == "pass":
                    if not self._forced_dealer():
                        self.hand_actions += 1
                        return self._apply_call("pass", -1)
                else:
                    try:
                        value = (SUIT_BID_VALUE if self._suit_bidding else PLAIN_BID_VALUE).get(
                            action
                        )
                    except TypeError:
                        value = None
                    if value is not None and value > self.high_value:
                        self.hand_actions += 1
                        return self._apply_call(action, value)
        self._check(action, seat)
        self.hand_actions += 1
        if phase == "play":
            return self._apply_card(CARD_INDEX[action.upper()])
        if phase == "auction":
            call = action.strip()
            if self._game41:
                return game41.apply_bid(self, call)
            if call.lower() == "pass":
                return self._apply_call("pass", -1)
            level, strain = parse_bid(call, self._suit_bidding)
            return self._apply_call(
                bid_name(level, strain), level if strain is None else level * 5 + strain
            )
        if phase == "trump":
            return self._apply_trump(action.strip().upper())
        if phase == "double":
            return self._apply_double(action.strip().lower())
        return self._apply_redeal(action.strip().lower())

    def _check(self, action: str, seat: int | None = None) -> None:
        """Raise the error that ``apply`` would raise, or nothing for a legal action."""
        if self.phase == "over":
            raise IllegalActionError("the game is over: no more actions")
        if seat is not None and seat != self.turn:
            raise IllegalActionError(f"it is seat {self.turn}'s turn, not seat {seat}'s")
        if not isinstance(action, str):
            raise MalformedError(f"an action must be text, not {action!r}")
        phase = self.phase
        who = f"seat {self.turn}"
        if phase == "play":
            card = CARD_INDEX.get(action.upper())
            if card is None:
                raise MalformedError(f"{action!r} is not a card; {who} must play a card")
            bit = 1 << card
            if not self.hands[self.turn] & bit:
                raise IllegalActionError(f"{who} does not hold {CARD_NAMES[card]}")
            if not self._legal_card_mask() & bit:
                if self.trick:
                    led = self.trick[0] // 13
                    raise IllegalActionError(
                        f"{who} holds {SUIT_NAMES[led]} and must follow {SUITS[led]}"
                    )
                raise IllegalActionError(
                    f"{who} holds a trump and must lead {SUIT_NAMES[self.trump]} to the first trick"
                )
            return
        if phase == "auction":
            call = action.strip()
            if self._game41:
                return game41.check_bid(self, call)
            if call.lower() == "pass":
                if self._forced_dealer():
                    raise IllegalActionError(
                        f"{who} is the dealer after three passes and must bid at least 7"
                    )
                return
            if call.lower() in ("double", "no_double"):
                raise IllegalActionError(f"{call} is only called by the declarer after the auction")
            level, strain = parse_bid(call, self._suit_bidding)
            if not 7 <= level <= 13:
                raise IllegalActionError(f"a bid names 7 to 13 tricks, not {level}")
            value = level if strain is None else level * 5 + strain
            if value <= self.high_value:
                raise IllegalActionError(
                    f"{bid_name(level, strain)} does not outrank the bid of {self.high_call}"
                )
            return
        if phase == "trump":
            t = action.strip().upper()
            if t not in STRAINS:
                raise MalformedError(f"{action!r} is not a trump; name C, D, H, S or NT")
            if t == "NT" and not self.rules.no_trump_allowed:
                raise IllegalActionError("no trump is not allowed by these rules")
            return
        if phase == "double":
            if action.strip().lower() not in ("double", "no_double"):
                raise IllegalActionError(f"{who} must call double or no_double, not {action!r}")
            return
        if action.strip().lower() not in ("redeal", "keep"):
            raise IllegalActionError(
                f"{who} has a weak hand and must say redeal or keep, not {action!r}"
            )

    def _next_hand(self, same_dealer: bool) -> list[Event]:
        self.hand_index += 1
        dealer = self.dealer if same_dealer else (self.dealer + 1) % 4
        self._start_hand(dealer, deal_hands(self.seed, self.hand_index, dealer))
        return [_new_tuple(HandDealt, (self.hand_index + 1, dealer))]

    def _throw_in(self, reason: str, seat: int | None) -> list[Event]:
        totals = (self.scores[0], self.scores[1])
        self.history.append(
            HandResult(
                dealer=self.dealer,
                cards=(self.dealt[0], self.dealt[1], self.dealt[2], self.dealt[3]),
                redeal=seat,
                calls=tuple(c for _, c in self.calls),
                trump=None,
                plays=(),
                declarer=None,
                contract=None,
                doubled=False,
                tricks=(0, 0),
                points=(0, 0),
                totals=totals,
            )
        )
        return [HandThrownIn(reason, seat), *self._next_hand(same_dealer=True)]

    def _apply_redeal(self, call: str) -> list[Event]:
        seat = self.turn
        events: list[Event] = [RedealDecided(seat, call)]
        if call == "redeal":
            return events + self._throw_in("weak_hand", seat)
        self.weak_queue.pop(0)
        if self.weak_queue:
            self.turn = self.weak_queue[0]
        else:
            self.phase = "auction"
            self.turn = (self.dealer + 1) % 4
        return events

    def _apply_call(self, call: str, value: int) -> list[Event]:
        """``call`` (checked, in its canonical form) of ``value`` (its rank; -1 for pass)."""
        events: list[Event] = [CallMade(self.turn, call)]
        ended = self._call(call, value)
        if ended == _CALLS_GO_ON:
            return events
        if ended == _ALL_PASSED:
            return events + self._throw_in("all_pass", None)
        return events + self._end_auction()

    def _call(self, call: str, value: int) -> int:
        """``_apply_call``'s change of state, without its events: the call is made and the
        next seat is to call (_CALLS_GO_ON), or the auction is over, all passed
        (_ALL_PASSED, the hand to be thrown in) or won (_AUCTION_WON, to be ended)."""
        seat = self.turn
        self.calls.append((seat, call))
        self.called[seat] = True
        raise_auction = self.rules.auction == "raise"
        top = False
        if call == "pass":
            if raise_auction:
                self.active[seat] = False
        else:
            self.high_value = value
            self.high_seat = seat
            self.high_call = call
            self.n_bids += 1
            top = self.high_value == (69 if self._suit_bidding else 13)
        if raise_auction:
            if self.n_bids == 0:
                if not any(self.active):
                    return _ALL_PASSED
            elif top or sum(self.active) - self.active[self.high_seat] == 0:
                return _AUCTION_WON
            nxt = (seat + 1) % 4
            while not self.active[nxt]:
                nxt = (nxt + 1) % 4
            self.turn = nxt
            return _CALLS_GO_ON
        if all(self.called):
            return _AUCTION_WON if self.n_bids else _ALL_PASSED
        self.turn = (seat + 1) % 4
        return _CALLS_GO_ON

    def _end_auction(self) -> list[Event]:
        self.declarer = self.high_seat
        self.contract = self.high_call
        assert self.high_call is not None
        value = self.high_value
        level, strain = (value // 5, value % 5) if self._suit_bidding else (value, None)
        self.contract_level = level
        self.turn = self.declarer
        events: list[Event] = [AuctionWon(self.declarer, self.high_call)]
        if strain is None:
            self.phase = "trump"
        else:
            self.trump = strain
            if self.n_bids == 1:
                self.phase = "double"
            else:
                self._start_play()
        return events

    def _start_play(self) -> None:
        self.phase = "play"
        self.trick_leader = self.declarer
        self.turn = self.declarer

    def _apply_trump(self, strain: str) -> list[Event]:
        self.trump = STRAINS.index(strain)
        self._start_play()
        return [TrumpNamed(self.declarer, strain)]

    def _apply_double(self, call: str) -> list[Event]:
        self.calls.append((self.declarer, call))
        self.doubled = call == "double"
        self._start_play()
        return [CallMade(self.declarer, call)]

    def _apply_card(self, card: int) -> list[Event]:
        seat = self.turn
        self.hands[seat] ^= BITS[card]
        self.plays.append(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < 4:
            self.turn = (seat + 1) % 4
            return [CARD_PLAYED[seat][card]]
        return self._close_trick([CARD_PLAYED[seat][card]])

    def _close_trick(self, events: list[Event] | None) -> list[Event]:
        """The trick's fourth card is in: its winner takes it and leads, and the 13th trick
        scores the hand. Returns ``events`` with the trick's (and hand's) added; with None
        (``play``) none are made but the hand's end, and [] is returned."""
        trick = self.trick
        a, b, c, d = trick
        # The winner, as trick_winner finds it, from the cards' strengths in this trick.
        order = TRICK_ORDER[self.trump][SUIT_OF[a]]
        leader = self.trick_leader
        winner = (leader + max(order[a], order[b] + 1, order[c] + 2, order[d] + 3)) & 3
        tricks = self.tricks
        tricks.append((leader, (a, b, c, d), winner))
        self.tricks_won[winner & 1] += 1
        self.trick = []
        self.trick_leader = winner
        self.turn = winner
        if events is None:
            if len(tricks) == 13:
                self._score_hand()
            return []
        n = CARD_NAMES
        events.append(_new_tuple(TrickWon, (winner, leader, (n[a], n[b], n[c], n[d]))))
        if len(tricks) == 13:
            events.extend(self._score_hand())
        return events

    @staticmethod
    def trick_winner(leader: int, cards: Sequence[int], trump: int) -> int:
        """The seat that wins a trick led by ``leader`` (highest trump, else highest of the led suit)."""
        best = cards[0]
        best_i = 0
        for i in range(1, len(cards)):
            c = cards[i]
            if c // 13 == best // 13:
                if c > best:
                    best, best_i = c, i
            elif c // 13 == trump:
                best, best_i = c, i
        return (leader + best_i) % 4

    def _score_hand(self) -> list[Event]:
        if self._game41:
            return game41.score_hand(self)
        declarer = self.declarer
        contract = self.contract
        doubled = self.doubled
        won = self.tricks_won
        taken = won[declarer & 1]
        dec, dfn = score_hand(self.rules, self.contract_level, taken, doubled)
        points = (dec, dfn) if declarer & 1 == 0 else (dfn, dec)
        scores = self.scores
        scores[0] += points[0]
        scores[1] += points[1]
        totals = (scores[0], scores[1])
        tricks = (won[0], won[1])
        assert contract is not None
        dealt = self.dealt
        self.history.append(
            tarneeb_row(
                self.dealer,
                (dealt[0], dealt[1], dealt[2], dealt[3]),
                None,
                tuple([c for _, c in self.calls]),
                STRAINS[self.trump],
                tuple(map(CARD_NAMES.__getitem__, self.plays)),
                declarer,
                contract,
                doubled,
                tricks,
                points,
                totals,
            )
        )
        # HandScored(declarer, contract, doubled, tricks, points, totals, made)
        events: list[Event] = [
            _new_tuple(
                HandScored,
                (declarer, contract, doubled, tricks, points, totals, taken >= self.contract_level),
            )
        ]
        winner = self._game_winner()
        if winner is not None:
            self.winner = winner
            self.phase = "over"
            self.turn = -1
            events.append(GameOver(winner, totals))
            return events
        return events + self._next_hand(same_dealer=False)

    def _game_winner(self) -> int | None:
        if self.rules.kaboot_wins_game:
            for team in (0, 1):
                if self.tricks_won[team] == 13:
                    return team
        target = self.rules.target
        a, b = self.scores
        if a >= target or b >= target:
            if a == b:
                return None
            return 0 if a > b else 1
        return None

    # ----------------------------------------------------------------- views

    def view(self, seat: int) -> View:
        """What ``seat`` may know now: its own cards, every public call and play
        (``view.view_of``)."""
        return view_of(self, seat, self._view41() if self._game41 else {})

    def _view41(self) -> dict[str, Any]:
        """The fields only a view of 41 has: per seat, the bids, tricks and scores."""
        b = [None if n < 0 else n for n in self.bids]
        return {
            "bids": (b[0], b[1], b[2], b[3]),
            "seat_tricks": game41.seat_tricks(self),
            "seat_scores": self.seat_scores,
        }
