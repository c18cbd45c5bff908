"""The easy and medium computer players: fast rule-based bidding and card play.

Both see only their view. ``MediumPlayer`` plays sound partnership Tarneeb from what
``knowledge`` infers (cards out, voids, the trick so far); ``EasyPlayer`` knows the basics and
makes human-looking mistakes at a seeded rate.
"""

from __future__ import annotations

import random

from tarneeb_desktop.ai import game41
from tarneeb_desktop.ai.knowledge import (
    Knowledge,
    analyse,
    best_strain,
    suggest_call,
    suggest_double,
    suggest_redeal,
    suggest_trump,
    suit_cards,
    suit_lengths,
)
from tarneeb_desktop.rules import View
from tarneeb_desktop.rules.cards import CARD_INDEX, CARD_NAMES, SUIT_MASKS, SUITS


def _cards(view: View) -> list[int]:
    return [CARD_INDEX[c] for c in view.legal]


def _rank(card: int) -> int:
    return card % 13


# ------------------------------------------------------------------ medium card play


def _partner_led_suits(k: Knowledge) -> list[int]:
    """Suits partner led to earlier tricks, first lead first (the suit to return)."""
    out: list[int] = []
    for leader, cards, _ in k.view.tricks:
        if leader == k.partner and cards:
            s = CARD_INDEX[cards[0]] // 13
            if s not in out:
                out.append(s)
    return out


def _opponents(k: Knowledge) -> tuple[int, int]:
    return (k.seat + 1) % 4, (k.seat + 3) % 4


def _may_ruff(k: Knowledge, seat: int, suit: int) -> bool:
    """Has ``seat`` shown out of ``suit`` while it may still hold a trump?"""
    if not 0 <= k.trump < 4 or suit == k.trump:
        return False
    return bool(k.voids[seat] >> suit & 1) and bool(k.possible[seat] & SUIT_MASKS[k.trump])


def _discard(k: Knowledge, legal: list[int]) -> int:
    """The card we miss least: not a trump, not a winner, from a short or worthless suit."""
    lengths = suit_lengths(k.hand)

    def keep_value(c: int) -> float:
        s = c // 13
        v = float(_rank(c))
        if s == k.trump:
            v += 30
        if k.is_master(c):
            v += 20
        elif k.higher_unseen(c).bit_count() == 1 and lengths[s] >= 2:
            v += 6  # a guarded second-best card may still win
        # Emptying a short suit lets us ruff it later when we hold trumps.
        if 0 <= k.trump < 4 and lengths[k.trump] and s != k.trump:
            v += lengths[s] * 0.5
        return v

    return min(legal, key=keep_value)


def _cheapest_best(k: Knowledge, cards: list[int]) -> tuple[int, float]:
    """The lowest card about as unlikely to be beaten as the best of ``cards``, and its odds."""
    odds = {c: k.p_beaten(c) for c in cards}
    best = min(odds.values())
    card = min((c for c in cards if odds[c] <= best + 0.08), key=_rank)
    return card, odds[card]


def _lowest(cards: list[int]) -> int:
    return min(cards, key=_rank)


def _medium_lead(k: Knowledge, legal: list[int]) -> int:
    trump = k.trump if 0 <= k.trump < 4 else -1
    my_trumps = suit_cards(k.hand, trump) if trump >= 0 else []
    opp_trumps = k.trumps_out_opponents()
    legal_set = set(legal)
    # Declarer's side draws trumps when it pays, so the defenders' small trumps cannot ruff
    # our winners: with the master trump, or with long trumps (four or more, or three when
    # that is at least half of those still out).
    if k.declaring and my_trumps and opp_trumps:
        top = max(my_trumps)
        if k.is_master(top) and top in legal_set:
            return top
        if len(my_trumps) >= 4 or (len(my_trumps) >= 3 and 2 * len(my_trumps) >= k.trumps_out()):
            # Long trumps: draw with the top of a touching sequence, else a low one.
            card = top if top - 1 in my_trumps else min(my_trumps)
            if card in legal_set:
                return card
    partner_suits = _partner_led_suits(k)
    opps = _opponents(k)
    best_card = legal[0]
    best_score = -1e9
    lengths = suit_lengths(k.hand)
    for s in range(4):
        cards = [c for c in legal if c // 13 == s]
        if not cards:
            continue
        top = max(cards)
        p_top = k.p_beaten(top)
        score = 0.0
        if p_top < 0.25:
            card = top
            # Cash a winner: better now than after someone shows out.
            score += 3.0 * (1.0 - p_top)
            if s in partner_suits:
                score += 0.3
            if s == trump and not opp_trumps:
                score -= 2.5  # drawing partner's trumps wastes ours
        else:
            # The top of a touching honour sequence (it tells partner where the honours
            # are and loses only to a higher one), else low.
            card = top if top - 1 in cards and _rank(top) >= 9 else _lowest(cards)
            if any(_may_ruff(k, o, s) for o in opps):
                score -= 3.0  # leading into a known void hands them a ruff
            partner_ruffs = _may_ruff(k, k.partner, s)
            if partner_ruffs and not any(_may_ruff(k, o, s) for o in opps):
                score += 2.5
            if s in partner_suits:
                score += 1.2 if s == partner_suits[0] else 0.6
            # Leading away from a king or queen gives it up to the ace behind.
            bits = (k.hand >> (13 * s)) & 0x1FFF
            if card != top and (bits >> 11 & 1 or bits >> 10 & 1) and not bits >> 12 & 1:
                score -= 0.8
            if s == trump:
                score -= 1.0 if not k.declaring else 0.0
            elif trump >= 0 and my_trumps and lengths[s] <= 2 and not k.declaring:
                # A short side suit: leading it builds a ruff for us later.
                score += 0.5
            score += lengths[s] * 0.1
        if score > best_score:
            best_score, best_card = score, card
    return best_card


def _medium_follow(k: Knowledge, legal: list[int]) -> int:
    win = k.winner()
    assert win is not None
    w_seat, w_card = win
    led = k.led_suit
    following = legal[0] // 13 == led
    partner_wins = w_seat == k.partner
    p_partner_beaten = k.p_beaten(w_card) if partner_wins else 1.0
    last = not k.to_play_after
    winners = [c for c in legal if k.beats(c, w_card)]
    if partner_wins and (p_partner_beaten < 0.3 or last):
        # Partner has it: never overtake or trump a winning partner.
        return _lowest(legal) if following else _discard(k, legal)
    if following:
        if partner_wins:
            # Third hand high when partner's card may be beaten: the cheapest card that
            # clearly improves our chance of taking the trick.
            higher = [c for c in legal if c > w_card]
            if higher:
                card, p = _cheapest_best(k, higher)
                if p < p_partner_beaten - 0.15:
                    return card
            return _lowest(legal)
        if not winners:
            return _lowest(legal)
        if last:
            return min(winners)
        safe = [c for c in winners if k.p_beaten(c) < 0.3]
        second_hand = len(k.trick) == 1
        if second_hand:
            # Second hand low, unless we can win for sure or the lead was an honour.
            led_honour = _rank(k.trick[0]) >= 9
            if safe and (led_honour or k.is_master(min(safe))):
                return min(safe)
            if led_honour and winners:
                cover = [c for c in winners if _rank(c) >= 9]
                if cover:
                    return min(cover)
            return _lowest(legal)
        # Third hand high: the cheapest of the cards most likely to hold; even a card that
        # will probably be beaten forces out a higher one.
        card, p = _cheapest_best(k, winners)
        return card if p < 0.95 else _lowest(legal)
    # Void in the suit led.
    trump = k.trump if 0 <= k.trump < 4 else -1
    ruffs = [c for c in winners if c // 13 == trump]
    if ruffs:
        if last:
            return min(ruffs)
        safe = [c for c in ruffs if k.p_beaten(c) < 0.3]
        if safe:
            return min(safe)
        if partner_wins:
            return _discard(k, [c for c in legal if c // 13 != trump] or legal)
        return min(ruffs)
    non_trumps = [c for c in legal if c // 13 != trump]
    return _discard(k, non_trumps or legal)


def medium_card(view: View) -> str:
    """Medium's card for the seat to play."""
    k = analyse(view)
    legal = _cards(view)
    if len(legal) == 1:
        return view.legal[0]
    card = _medium_follow(k, legal) if k.trick else _medium_lead(k, legal)
    return CARD_NAMES[card]


# ------------------------------------------------------------------ medium card play in 41


def _lead_to_partner(k: Knowledge, legal: list[int]) -> int | None:
    """A low card in a suit partner is likely to win (partner led it, or can ruff it while
    the opponents cannot), else None."""
    partner = k.partner
    opps = ((k.seat + 1) % 4, (k.seat + 3) % 4)
    hearts_mask = SUIT_MASKS[game41.HEARTS]
    for suit in range(4):
        cards = [c for c in legal if c // 13 == suit]
        if not cards or suit == game41.HEARTS:
            continue
        partner_void = bool(k.voids[partner] >> suit & 1)
        partner_trumps = bool(k.possible[partner] & hearts_mask)
        opp_ruff = any(k.voids[o] >> suit & 1 and k.possible[o] & hearts_mask for o in opps)
        if partner_void and partner_trumps and not opp_ruff:
            return _lowest(cards)
    for leader, played, _ in k.view.tricks:
        if leader == partner and played:
            suit = CARD_INDEX[played[0]] // 13
            mine = [c for c in legal if c // 13 == suit]
            if mine:
                return _lowest(mine)
    return None


def medium_card41(view: View) -> str:
    """Medium's card in 41: Tarneeb's with hearts trump, steered by what each seat still
    needs (see ``ai/game41.py``)."""
    k = analyse(view)
    legal = [CARD_INDEX[c] for c in view.legal]
    if len(legal) == 1:
        return view.legal[0]
    need = game41.needs(view)
    me, partner = view.seat, k.partner
    # Our trumps are drawn when we still need tricks (the Tarneeb lead's "declaring").
    k.declaring = need[me] > 0 and len(suit_cards(k.hand, game41.HEARTS)) >= 3
    win = k.winner()
    if win is None:
        if need[me] <= 0 < need[partner]:
            card = _lead_to_partner(k, legal)
            if card is not None:
                return CARD_NAMES[card]
        return CARD_NAMES[_medium_lead(k, legal)]
    w_seat, w_card = win
    last = not k.to_play_after
    if w_seat == partner:
        if need[partner] <= 0 < need[me]:
            winners = [c for c in legal if k.beats(c, w_card)]
            sure = [c for c in winners if last or k.p_beaten(c) < 0.3]
            if sure:
                return CARD_NAMES[min(sure, key=lambda c: (c // 13 == game41.HEARTS, c % 13))]
        return CARD_NAMES[_medium_follow(k, legal)]
    if need[me] <= 0 < need[partner] and partner in k.to_play_after:
        # Leave the trick to partner, who still needs it.
        following = legal[0] // 13 == k.led_suit
        return CARD_NAMES[_lowest(legal) if following else _discard(k, legal)]
    return CARD_NAMES[_medium_follow(k, legal)]


class MediumPlayer:
    """Sound heuristic play: hand evaluation, card counting, voids, partnership play."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "medium"
        self._rng = random.Random(seed)

    def choose(self, view: View) -> str:
        if not view.legal:
            raise ValueError("no legal action: it is not this seat's turn")
        phase = view.phase
        if game41.is41(view):
            if phase == "play":
                return medium_card41(view)
            return game41.choose_bid(view) if phase == "auction" else view.legal[0]
        if phase == "play":
            return medium_card(view)
        if phase == "auction":
            return suggest_call(view)
        if phase == "trump":
            return suggest_trump(view)
        if phase == "double":
            return suggest_double(view)
        if phase == "redeal":
            return suggest_redeal(view)
        return view.legal[0]


# ------------------------------------------------------------------ easy


def easy_card(view: View) -> str:
    """Beginner's play: win cheaply when possible, do not overtake a winning partner,
    otherwise play low. No counting, no inference."""
    k = analyse(view)
    legal = _cards(view)
    trump = k.trump if 0 <= k.trump < 4 else -1
    win = k.winner()
    if win is None:
        aces = [c for c in legal if _rank(c) == 12 and c // 13 != trump]
        if aces:
            return CARD_NAMES[aces[0]]
        lengths = suit_lengths(k.hand)
        side = [c for c in legal if c // 13 != trump] or legal
        longest = max(side, key=lambda c: (lengths[c // 13], -_rank(c)))
        suit = longest // 13
        return CARD_NAMES[min(c for c in side if c // 13 == suit)]
    w_seat, w_card = win
    if w_seat == k.partner:
        non_trumps = [c for c in legal if c // 13 != trump] or legal
        return CARD_NAMES[_lowest(non_trumps)]
    winners = [c for c in legal if k.beats(c, w_card)]
    if winners:
        return CARD_NAMES[min(winners, key=lambda c: (c // 13 == trump, _rank(c)))]
    non_trumps = [c for c in legal if c // 13 != trump] or legal
    return CARD_NAMES[_lowest(non_trumps)]


class EasyPlayer:
    """Knows the rules and the basics, bids cautiously, and slips now and then."""

    def __init__(self, seed: int | None = None, mistake_rate: float = 0.12) -> None:
        self.name = "easy"
        self._rng = random.Random(seed)
        self.mistake_rate = mistake_rate

    def choose(self, view: View) -> str:
        if not view.legal:
            raise ValueError("no legal action: it is not this seat's turn")
        phase = view.phase
        if game41.is41(view) and phase == "auction":
            return game41.easy_bid(view)
        if phase == "play":
            if len(view.legal) > 1 and self._rng.random() < self.mistake_rate:
                # A slip a person makes: a card that was legal but not thought through.
                return self._rng.choice(view.legal)
            return easy_card(view)
        if phase == "auction":
            return suggest_call(view, caution=0.5)
        if phase == "trump":
            # The longest suit, honours breaking ties: no finer evaluation.
            hand = 0
            for c in view.hand:
                hand |= 1 << CARD_INDEX[c]
            strain, _ = best_strain(hand, allow_nt=False)
            lengths = suit_lengths(hand)
            longest = max(range(4), key=lambda s: (lengths[s], s == strain))
            letter = SUITS[longest]
            return letter if letter in view.legal else view.legal[0]
        if phase == "double":
            return suggest_double(view, caution=1.5)
        if phase == "redeal":
            return "keep" if self._rng.random() < 0.5 and "keep" in view.legal else view.legal[-1]
        return view.legal[0]
