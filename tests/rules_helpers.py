"""Helpers for rules tests: fixed deals, and playing a hand to a chosen number of tricks."""

from __future__ import annotations

import random

from tarneeb_desktop.rules import GameState, make_rules, mask_of
from tarneeb_desktop.rules.cards import SUITS, cards_of

# A deal where seat 0 holds every spade, seat 1 every heart, seat 2 every diamond and
# seat 3 every club: whoever leads wins every trick of their own suit when it is trump.
SUIT_HANDS = [" ".join(r + s for r in "23456789TJQKA") for s in "SHDC"]


def game(
    preset: str = "standard", dealer: int = 0, hands: list[str] | None = None, **options: object
) -> GameState:
    """A new game with the given dealer and (optionally) fixed cards for the first hand."""
    g = GameState.new(make_rules(preset, **options), seed=11, dealer=dealer)
    if hands is not None:
        g.set_deal([h.split() for h in hands])
    return g


def play_all(g: GameState, choose=None) -> None:
    """Play the current hand's cards until the hand ends (choose picks from legal cards)."""
    n = g.hand_index
    while g.hand_index == n and not g.is_over() and g.phase == "play":
        legal = g.legal_actions()
        g.apply(choose(g, legal) if choose else legal[0])


def hands_text(masks: list[int]) -> list[str]:
    return [" ".join(cards_of(m)) for m in masks]


def random_hands(seed: int) -> list[str]:
    deck = [r + s for s in SUITS for r in "23456789TJQKA"]
    random.Random(seed).shuffle(deck)
    return [" ".join(deck[i * 13 : (i + 1) * 13]) for i in range(4)]


def masks(hands: list[str]) -> list[int]:
    return [mask_of(h.split()) for h in hands]
