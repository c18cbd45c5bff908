"""Deals of the unseen cards consistent with one seat's view, weighted by how well they
explain the auction and (for the expert level) the play.

Everything here starts from a :class:`~tarneeb_desktop.rules.View` only, so a sample can
never leak a hidden card: the seat's own cards stay where they are, the cards already
played are gone, every other seat gets exactly as many cards as its ``hand_sizes``
entry, and a seat that showed out of a suit gets none of it.

How a deal is drawn: the unseen cards are taken in random order and each goes to one of
the seats that may hold it, with probability proportional to that seat's free places,
subject to Hall's condition that the remaining cards can still be placed. Without
voids this is exactly a uniform random deal; with voids it is close to uniform, and the
constraint check means it never fails or needs a retry.

Weights (multiplied): ``auction_weight`` scores each call and the named trump against
the bidding model's estimate for the hand the sample gives that seat (its current cards
plus those it has played); ``play_weight`` (expert) scores each card followed by the
others against a simple model of play (follow low, or win cheaply). How sharply a call is
believed is either a hand-set rule (``CALL_TAU``, ``BID41_TAU``) or, with
``fitted_calls``, a fit to the search levels' own calls in self-play (``CallFit``:
``data/call_fit.json``, written by ``tools/fit_calls.py``). 41's bids are read by the
hand-set rule (a fit of them was measured no better and taken out: docs/ai-search.md).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tarneeb_desktop.ai import game41
from tarneeb_desktop.ai.bidding_model import TrickModel, load_model
from tarneeb_desktop.ai.knowledge import Knowledge, analyse
from tarneeb_desktop.rules import View
from tarneeb_desktop.rules import game41 as rules41
from tarneeb_desktop.rules.cards import CARD_INDEX, NT, STRAINS, SUIT_MASKS, parse_bid

# How sharply calls are believed: a call is this many tricks "out of character" per
# e-fold of likelihood. Soft, because the other players (humans, other bots) bid
# by their own standards.
CALL_TAU = 0.9
# 41: a bid is the bidder's own-trick estimate give or take this many tricks.
BID41_TAU = 1.2
TRUMP_BETA = 1.2
# Likelihood of following suit with a card that is neither the lowest held nor the
# cheapest card that takes the lead (signals, unblocking, mistakes), and the floor of a
# deal's play weight. Both are mild on purpose: sharper weights concentrate the solved
# samples on a few layouts, and the noise of that cost more than the inference gained.
ODD_FOLLOW = 0.6
PLAY_WEIGHT_FLOOR = ODD_FOLLOW**4


CALL_FIT_FILE = Path(__file__).resolve().parents[1] / "data" / "call_fit.json"


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def hand_set_bid(have: float, level: int, support: float = 0.0) -> float:
    """The hand-set rule's likelihood of a bid of ``level`` from a hand worth ``have``
    (``support``: partner's strength leant on when raising partner)."""
    return _sigmoid((have + support - level + 0.5) / CALL_TAU)


def hand_set_pass(have: float, need: int) -> float:
    """The hand-set rule's likelihood of a pass when the seat needed ``need`` to bid."""
    return _sigmoid((need - 0.3 - have) / CALL_TAU)


def fitted_bid(over: float, offset: float, tau: float, floor: float) -> float:
    """A fitted curve's likelihood of a bid from a hand ``over`` tricks above the level."""
    return floor + (1.0 - 2.0 * floor) * _sigmoid((over - offset) / tau)


@dataclass(frozen=True)
class CallFit:
    """A bid or pass read as the bidder's solo estimate (its best strain, or the strain
    named) against the level it needed: a bid has likelihood ``floor + (1 - 2 floor) *
    sigmoid((estimate - level - offset) / tau)`` and a pass the complement, with the
    offset and tau fitted per level needed (7, 8, 9 or more) to the search levels' own
    calls in self-play (``tools/fit_calls.py`` writes ``data/call_fit.json``). The floor
    keeps a call that the fit finds out of character possible: other players bid by their
    own standards."""

    offsets: tuple[float, float, float]
    taus: tuple[float, float, float]
    floor: float = 0.02

    def bid(self, have: float, level: int) -> float:
        i = min(2, max(0, level - 7))
        return fitted_bid(have - level, self.offsets[i], self.taus[i], self.floor)


def _fit_doc(path: Path | None) -> dict[str, Any] | None:
    """The fit file's document (None when it is missing or not a JSON object)."""
    try:
        data = json.loads((path or CALL_FIT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def load_call_fit(path: Path | None = None) -> CallFit | None:
    """The shipped fit (None when its file is missing or broken: the hand-set rule)."""
    data = _fit_doc(path)
    try:
        fit = CallFit(
            offsets=tuple(float(x) for x in data["offsets"]),  # type: ignore[index, arg-type]
            taus=tuple(max(0.05, float(x)) for x in data["taus"]),  # type: ignore[index, arg-type]
            floor=float(data.get("floor", 0.02)),  # type: ignore[union-attr]
        )
    except (ValueError, KeyError, TypeError):
        return None
    if len(fit.offsets) != 3 or len(fit.taus) != 3 or not 0.0 <= fit.floor < 0.5:
        return None
    return fit


class Sampler:
    """Draws holdings of the other seats consistent with ``view``.

    ``deal()`` returns four masks (the seats' current cards; the viewer's own hand is
    always its real hand). The sampler is cheap to build (one pass over the view).
    """

    def __init__(self, view: View, rng: random.Random, knowledge: Knowledge | None = None):
        self.view = view
        self.rng = rng
        kn = knowledge if knowledge is not None else analyse(view)
        self.kn = kn
        self.seat = view.seat
        self.others = [s for s in range(4) if s != view.seat]
        self.sizes = [view.hand_sizes[s] for s in range(4)]
        unseen = kn.unseen
        cards: list[int] = []
        m = unseen
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        self.cards = cards
        # Which of the other seats (bit i = self.others[i]) may hold each card.
        self.elig: dict[int, int] = {}
        for c in cards:
            e = 0
            for i, s in enumerate(self.others):
                if kn.possible[s] >> c & 1 and self.sizes[s] > 0:
                    e |= 1 << i
            self.elig[c] = e
        need = sum(self.sizes[s] for s in self.others)
        self.consistent = need == len(cards) and all(self.elig[c] for c in cards)
        if self.consistent:
            self.consistent = _hall_ok(
                [self.sizes[s] for s in self.others], _counts(cards, self.elig)
            )
        anywhere = sum(1 << i for i, s in enumerate(self.others) if self.sizes[s] > 0)
        self.free = [c for c in cards if self.elig[c] == anywhere]
        self.constrained = [c for c in cards if self.elig[c] != anywhere]
        self.counts = _counts(self.constrained, self.elig)
        # The free cards fill whatever room is left: Hall's condition counts them in the
        # class "any seat", which only the set of all seats contains.
        self.counts[anywhere] += len(self.free)

    def deal(self) -> list[int]:
        """One random deal (four masks of current holdings)."""
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.kn.hand
        if not self.consistent:
            # The view is inconsistent (should not happen): fill ignoring voids.
            return self._deal_ignoring_voids(hands)
        rng = self.rng
        cap = [self.sizes[s] for s in self.others]
        # Cards some seat cannot hold go first, each checked against Hall's condition;
        # the rest can go anywhere, so they simply fill the free places.
        if self.constrained:
            order = self.constrained[:]
            rng.shuffle(order)
            counts = self.counts[:]
            for c in order:
                e = self.elig[c]
                counts[e] -= 1
                choices = []
                total = 0
                for i in range(3):
                    if e >> i & 1 and cap[i] > 0:
                        cap[i] -= 1
                        if _hall_ok(cap, counts):
                            choices.append(i)
                            total += cap[i] + 1
                        cap[i] += 1
                if not choices:  # cannot happen when the start was feasible; stay safe
                    return self._deal_ignoring_voids(hands)
                r = rng.random() * total
                pick = choices[-1]
                for i in choices:
                    r -= cap[i]
                    if r < 0:
                        pick = i
                        break
                cap[pick] -= 1
                hands[self.others[pick]] |= 1 << c
        free = self.free[:]
        rng.shuffle(free)
        k = 0
        for i, s in enumerate(self.others):
            for c in free[k : k + cap[i]]:
                hands[s] |= 1 << c
            k += cap[i]
        return hands

    def _deal_ignoring_voids(self, hands: list[int]) -> list[int]:
        order = self.cards[:]
        self.rng.shuffle(order)
        i = 0
        for s in self.others:
            hands[s] = 0
            for c in order[i : i + self.sizes[s]]:
                hands[s] |= 1 << c
            i += self.sizes[s]
        return hands


def _counts(cards: Sequence[int], elig: dict[int, int]) -> list[int]:
    counts = [0] * 8
    for c in cards:
        counts[elig[c]] += 1
    return counts


# For each non-empty set S of the three other seats: the eligibility classes that lie
# inside S (cards that can only go to seats in S).
_SUBSETS = [(s, [e for e in range(1, 8) if e & ~s == 0]) for s in range(1, 8)]


def _hall_ok(cap: list[int], counts: list[int]) -> bool:
    """Can the remaining cards (counts per eligibility class) fit the free places?"""
    for s, classes in _SUBSETS:
        room = (cap[0] if s & 1 else 0) + (cap[1] if s & 2 else 0) + (cap[2] if s & 4 else 0)
        need = 0
        for e in classes:
            need += counts[e]
        if need > room:
            return False
    return True


# ------------------------------------------------------------------ weights


class AuctionModel:
    """Likelihood of the calls of the other seats, given what a sample deals them."""

    def __init__(
        self, view: View, model: TrickModel | None = None, fit: CallFit | None = None
    ) -> None:
        self.view = view
        self.model = model or load_model()
        self.fit = fit
        self.suit_bidding = view.rules.suit_bidding
        self.allow_nt = self.suit_bidding or view.rules.no_trump_allowed
        # (seat, call, high level before it, high bidder before it) for every call but ours.
        self.events: list[tuple[int, int, int | None, int, int]] = []
        high_level, high_seat = 0, -1
        for seat, call in view.calls:
            if call in ("double", "no_double"):
                continue
            if call == "pass":
                if seat != view.seat:
                    self.events.append((seat, 0, None, high_level, high_seat))
                continue
            try:
                level, strain = parse_bid(call, self.suit_bidding)
            except Exception:
                continue
            if seat != view.seat:
                self.events.append((seat, level, strain, high_level, high_seat))
            high_level, high_seat = level, seat
        self.trump_by: int | None = None
        self.trump = -1
        if (
            not self.suit_bidding
            and view.trump is not None
            and view.declarer is not None
            and view.declarer != view.seat
        ):
            self.trump_by = view.declarer
            self.trump = STRAINS.index(view.trump)

    def weight(self, original: Sequence[int]) -> float:
        """Likelihood (up to a constant) of the observed calls if seat s was dealt
        ``original[s]`` (the seat's 13 cards)."""
        if not self.events and self.trump_by is None:
            return 1.0
        strains = range(5 if self.allow_nt else 4)
        cache: dict[int, list[float]] = {}

        def est(seat: int) -> list[float]:
            if seat not in cache:
                cache[seat] = self.model.solo_all(original[seat], strains)
            return cache[seat]

        w = 1.0
        for seat, level, strain, high_level, high_seat in self.events:
            e = est(seat)
            partner_bid = high_seat >= 0 and (high_seat & 1) == (seat & 1)
            if level == 0:
                if partner_bid:
                    continue  # passing partner's bid says little
                need = max(7, high_level + 1)
                if self.fit is not None:
                    w *= 1.0 - self.fit.bid(max(e), need)
                else:
                    w *= hand_set_pass(max(e), need)
                continue
            have = e[strain] if strain is not None else max(e)
            if self.fit is not None and not partner_bid:
                w *= self.fit.bid(have, level)
            else:
                # Raising partner leans on partner's strength too.
                w *= hand_set_bid(have, level, 1.5 if partner_bid else 0.0)
        if self.trump_by is not None:
            e = est(self.trump_by)
            w *= math.exp(TRUMP_BETA * (e[self.trump] - max(e)))
        return w


class PlayModel:
    """Likelihood of the cards the other seats followed with (expert inference)."""

    def __init__(self, view: View) -> None:
        self.view = view
        trump = -1 if view.trump is None else STRAINS.index(view.trump)
        self.trump = trump if trump < NT else -1
        # (seat, card, led suit, best card so far, cards this seat played before it).
        self.events: list[tuple[int, int, int, int, int]] = []
        before = [0, 0, 0, 0]
        tricks = [(lead, cards) for lead, cards, _ in view.tricks]
        if view.trick is not None:
            tricks.append((view.trick[0], view.trick[1]))
        for lead, names in tricks:
            cards = [CARD_INDEX[n] for n in names]
            if not cards:
                continue
            led = cards[0] // 13
            best = cards[0]
            before[lead % 4] |= 1 << cards[0]
            for i in range(1, len(cards)):
                s = (lead + i) % 4
                c = cards[i]
                if s != view.seat and c // 13 == led:
                    self.events.append((s, c, led, best, before[s]))
                if self._beats(c, best):
                    best = c
                before[s] |= 1 << c

    def _beats(self, card: int, best: int) -> bool:
        if card // 13 == best // 13:
            return card > best
        return card // 13 == self.trump

    def weight(self, current: Sequence[int], played_by: Sequence[int]) -> float:
        w = 1.0
        for s, c, led, best, before in self.events:
            # The seat's cards at that moment: now held, plus played from then on.
            held = (current[s] | (played_by[s] & ~before)) & SUIT_MASKS[led]
            lower = held & ((1 << c) - 1)
            if not lower:
                continue  # it was the lowest it had
            if self._beats(c, best):
                # Taking the lead as cheaply as possible is natural too.
                cheaper_winner = lower & ~((1 << (best + 1)) - 1) if best // 13 == led else 0
                if not cheaper_winner:
                    continue
            w *= ODD_FOLLOW
        return max(w, PLAY_WEIGHT_FLOOR)


class Auction41Model:
    """41: likelihood of the others' bids given what a sample deals them. A bid is taken
    as the bidder's estimate of its own tricks (``game41.own_tricks``) give or take
    ``BID41_TAU``; a bid at the seat's minimum says only "no more than about that", and
    the dealer's bid may have been raised to reach the total the hand needs."""

    def __init__(self, view: View) -> None:
        self.view = view
        scores = view.seat_scores or (0, 0, 0, 0)
        # (seat, bid, its lowest bid, the others' bids before it)
        self.events: list[tuple[int, int, int, tuple[int, ...]]] = []
        before: list[tuple[int, int]] = []
        for seat, call in view.calls:
            try:
                bid = int(call)
            except ValueError:
                continue
            if seat != view.seat:
                others = tuple(b for s, b in before if s != seat)
                self.events.append(
                    (seat, bid, rules41.lowest_bid(view.rules, scores[seat]), others)
                )
            before.append((seat, bid))

    def weight(self, original: Sequence[int]) -> float:
        w = 1.0
        for seat, bid, lowest, _others in self.events:
            dealer = seat == self.view.dealer
            mu = game41.own_tricks(original[seat])
            tau = BID41_TAU * (2.0 if dealer else 1.0)
            low_tau = BID41_TAU
            if bid <= lowest:
                w *= _sigmoid((lowest + 0.5 - mu) / low_tau)
                continue
            w *= math.exp(-0.5 * ((bid - mu) / tau) ** 2)
        return max(w, 1e-9)


@lru_cache(maxsize=1)
def shipped_call_fit() -> CallFit | None:
    """``data/call_fit.json``'s Tarneeb fit, read once (None: the hand-set rule)."""
    return load_call_fit()


def weighted_deals(
    view: View,
    n: int,
    rng: random.Random,
    candidates: int,
    use_play: bool = False,
    knowledge: Knowledge | None = None,
    fitted_calls: bool = False,
) -> list[tuple[list[int], float]]:
    """``n`` deals drawn from ``candidates`` random consistent deals with probability
    proportional to their weight; returns (hands, multiplicity) with duplicates merged."""
    kn = knowledge if knowledge is not None else analyse(view)
    sampler = Sampler(view, rng, kn)
    auction: Auction41Model | AuctionModel
    if view.rules.game == "41":
        auction = Auction41Model(view)
    else:
        auction = AuctionModel(view, fit=shipped_call_fit() if fitted_calls else None)
    play = PlayModel(view) if use_play else None
    pool: list[list[int]] = []
    weights: list[float] = []
    for _ in range(max(n, candidates)):
        hands = sampler.deal()
        original = [hands[s] | kn.played_by[s] for s in range(4)]
        w = auction.weight(original)
        if play is not None:
            w *= play.weight(hands, kn.played_by)
        pool.append(hands)
        weights.append(w)
    total = sum(weights)
    if total <= 0.0:
        weights = [1.0] * len(pool)
    if candidates <= n:
        return [(h, w) for h, w in zip(pool, weights, strict=True)]
    picks = rng.choices(range(len(pool)), weights=weights, k=n)
    merged: dict[int, float] = {}
    for i in picks:
        merged[i] = merged.get(i, 0.0) + 1.0
    return [(pool[i], m) for i, m in merged.items()]
