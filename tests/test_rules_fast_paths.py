"""The engine's fast paths (bench/engine.py's inner loop) decide exactly as the slow ones.

``deal_hands`` shuffles from one draw of the generator's words instead of calling
``random.Random.shuffle``; ``apply`` plays exact card names and calls without ``_check``.
Each is compared here with the way it replaced, on many seeds and every Tarneeb preset.
"""

from __future__ import annotations

import random

import pytest

import tarneeb_desktop.rules.deal as deal
import tarneeb_desktop.rules.state as state
from tarneeb_desktop.rules import GameState, IllegalActionError, MalformedError, make_rules
from tarneeb_desktop.rules.deal import deal_hands


def _reference_deal(seed: int, hand_index: int, dealer: int) -> list[int]:
    """deal_hands as it was written before: random.Random.shuffle, one card at a time."""
    deck = list(range(52))
    random.Random(seed * 1_000_003 + hand_index).shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % 4] |= 1 << card
    return hands


def test_deals_are_the_ones_random_shuffle_makes():
    rng = random.Random(27)
    for _ in range(3000):
        seed, index, dealer = rng.randrange(-(10**12), 10**12), rng.randrange(200), rng.randrange(4)
        assert deal_hands(seed, index, dealer) == _reference_deal(seed, index, dealer)


def test_a_deck_that_needs_more_words_than_one_draw_is_shuffled_by_random(monkeypatch):
    # With 8 words no deck is shuffled from the draw alone: every deal takes the slow way.
    monkeypatch.setattr(deal, "_BATCH", 8)
    for seed in range(200):
        assert deal_hands(seed, 3, seed % 4) == _reference_deal(seed, 3, seed % 4)


def _slow_spelling(g: GameState, action: str) -> str:
    """The same action in a spelling the fast paths do not take (checked by ``_check``)."""
    return action.lower() if g.phase == "play" else f" {action.lower()} "


@pytest.mark.parametrize("preset", ["standard", "shortfall", "egyptian"])
@pytest.mark.parametrize("first_lead_trump", [False, True])
def test_the_fast_paths_give_the_events_and_states_of_the_checked_path(preset, first_lead_trump):
    rules = make_rules(preset, first_lead_trump=first_lead_trump)
    for seed in range(12):
        fast = GameState.new(rules, seed=seed)
        slow = GameState.new(rules, seed=seed)
        picker = random.Random(seed)
        while not fast.is_over() and fast.hand_index < 4:
            legal = fast.legal_actions()
            assert legal == slow.legal_actions()
            action = picker.choice(legal)
            seat = fast.turn if picker.random() < 0.5 else None
            assert fast.apply(action, seat) == slow.apply(_slow_spelling(slow, action))
            assert fast == slow
            for leader, cards, winner in fast.tricks:  # the written-out trick winner
                assert winner == GameState.trick_winner(leader, cards, fast.trump)


def _to_play(rules_name: str = "standard", **options) -> GameState:
    g = GameState.new(make_rules(rules_name, **options), seed=4)
    while g.phase != "play":
        g.apply(g.legal_actions()[-1])
    return g


def test_a_card_that_does_not_follow_suit_is_refused_and_changes_nothing():
    g = _to_play()
    g.apply(g.legal_actions()[0])
    legal = set(g.legal_actions())
    held = set(state.cards_of(g.hands[g.turn]))
    refused = sorted(held - legal)
    assert refused, "seed 4's second seat must hold another suit than the one led"
    before = g.clone()
    with pytest.raises(IllegalActionError, match="must follow"):
        g.apply(refused[0])
    assert g == before


def test_the_first_lead_must_be_a_trump_when_the_rules_say_so():
    g = _to_play(first_lead_trump=True)
    hand = set(state.cards_of(g.hands[g.turn]))
    trump = "CDHS"[g.trump]
    assert set(g.legal_actions()) == {c for c in hand if c[1] == trump}
    other = sorted(c for c in hand if c[1] != trump)
    if other:
        with pytest.raises(IllegalActionError, match="must lead"):
            g.apply(other[0])


def test_cards_and_calls_out_of_turn_or_not_held_are_refused():
    g = _to_play()
    not_held = sorted(set(state.CARD_NAMES) - set(state.cards_of(g.hands[g.turn])))[0]
    with pytest.raises(IllegalActionError, match="does not hold"):
        g.apply(not_held)
    with pytest.raises(IllegalActionError, match="turn"):
        g.apply(g.legal_actions()[0], seat=(g.turn + 1) % 4)
    with pytest.raises(MalformedError):
        g.apply("ZZ")
    a = GameState.new(make_rules("standard"), seed=2)
    a.apply("9")
    with pytest.raises(IllegalActionError, match="does not outrank"):
        a.apply("9")
    with pytest.raises(IllegalActionError, match="does not outrank"):
        a.apply("8")
