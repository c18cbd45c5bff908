"""Calls from sampled double-dummy tables (ai/dd_calls.py, SearchPlayer._choose_call)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tarneeb_desktop.ai import dd_calls, dds
from tarneeb_desktop.ai.sampling import Sampler
from tarneeb_desktop.ai.search import LEVEL_CONFIGS, SearchPlayer
from tarneeb_desktop.rules import GameState, View, make_rules
from tarneeb_desktop.rules.cards import CARD_NAMES, cards_of

needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS library not available")


def fixed(level: str, **changes: object) -> SearchPlayer:
    """The level with the calls from solved tables (whatever its default) and no clock:
    exactly its number of solved deals per call."""
    opts: dict[str, object] = {"dd_calls": True, "dd_bids41": True, **changes}
    cfg = dataclasses.replace(LEVEL_CONFIGS[level], budget_s=None, **opts)
    return SearchPlayer(level, 0, cfg)


def deal_with(seat_cards: dict[int, str], seed: int = 0) -> list[int]:
    """Four 13-card masks: the given seats' cards, the rest dealt at random."""
    named = {c for text in seat_cards.values() for c in text.split()}
    rest = [c for c in CARD_NAMES if c not in named]
    random.Random(seed).shuffle(rest)
    hands = [0, 0, 0, 0]
    for s in range(4):
        cards = seat_cards[s].split() if s in seat_cards else [rest.pop() for _ in range(13)]
        for c in cards:
            hands[s] |= 1 << CARD_NAMES.index(c)
    return hands


def auction_view(
    seat_cards: dict[int, str], dealer: int, calls: list[str], preset: str = "standard", **opts
) -> View:
    g = GameState.new(make_rules(preset, **opts), 0, dealer=dealer)
    g.set_deal(deal_with(seat_cards))
    for c in calls:
        g.apply(c)
    assert g.turn == 0
    return g.view(0)


LEVELS = ["hard", "expert"]


@needs_dds
def test_dd_tables_agree_with_single_solves_and_filter_strains() -> None:
    deals = [deal_with({}, seed) for seed in range(3)]
    tables = dds.dd_tables(deals)
    for hands, table in zip(deals, tables, strict=True):
        named = [cards_of(h) for h in hands]
        for strain in dds.STRAINS:
            for seat in range(4):
                assert table[strain][seat] == dds.dd_tricks_leading(named, strain, seat)
    only = dds.dd_tables(deals[:1], ["H", "NT"])
    assert set(only[0]) == {"H", "NT"} and only[0]["H"] == tables[0]["H"]
    with pytest.raises(ValueError):
        dds.dd_tables([[1, 2, 4, 8]])


@needs_dds
def test_solved_tables_are_cached_by_deal() -> None:
    dd_calls.clear_cache()
    deal = deal_with({}, 5)
    ticks = iter(range(1000))
    first = dd_calls.solve_tables([(deal, 1.0)], ("S",), None, lambda: float(next(ticks)))
    # A budget already spent still returns what the cache holds.
    again = dd_calls.solve_tables([(deal, 2.0)], ("S",), 0.0, lambda: float(next(ticks)))
    assert first[0][0]["S"] == again[0][0]["S"] and again[0][1] == 2.0


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
def test_thirteen_top_tricks_bid_13(level: str) -> None:
    for hand in (
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AS KS QS JS TS 9S AH KH AD KD AC KC QC",
    ):
        view = auction_view({0: hand}, dealer=3, calls=[])
        player = fixed(level)
        assert player.choose(view) == "13", (hand, player.stats.values)
        assert player.stats.values["13"] > 20


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
def test_a_hand_that_must_pass_passes(level: str) -> None:
    # No honours at all; and two honours against an opponent's 10.
    weak = auction_view({0: "2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C"}, dealer=3, calls=[])
    player = fixed(level)
    assert player.choose(weak) == "pass"
    assert player.stats.values["pass"] > max(
        v for a, v in player.stats.values.items() if a != "pass"
    )
    over = auction_view({0: "KS 5S 4S QH 7H 6H JD 8D 7D 3C 4C 5C 6C"}, dealer=2, calls=["10"])
    assert fixed(level).choose(over) == "pass"


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
def test_the_forced_dealer_bids_the_cheapest_contract(level: str) -> None:
    # all_pass = dealer_7: three passes, the dealer must bid; a weak hand bids 7, not more.
    view = auction_view(
        {0: "2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C"},
        dealer=0,
        calls=["pass", "pass", "pass"],
        all_pass="dealer_7",
    )
    assert "pass" not in view.legal
    player = fixed(level)
    assert player.choose(view) == "7"
    # A non-dealer whose partner would be forced: passing leaves partner 7 when all pass,
    # which the valuation counts (it differs from the plain thrown-in value of 0).
    g = GameState.new(make_rules("standard", all_pass="dealer_7"), 0, dealer=2)
    g.set_deal(deal_with({0: "2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C"}))
    g.apply("pass")
    assert g.turn == 0
    forced = fixed(level)
    forced.choose(g.view(0))
    g2 = GameState.new(make_rules("standard"), 0, dealer=2)
    g2.set_deal(deal_with({0: "2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C"}))
    g2.apply("pass")
    plain = fixed(level)
    plain.choose(g2.view(0))
    assert forced.stats.values["pass"] != plain.stats.values["pass"]


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
def test_a_strong_hand_outbids_under_shortfall_but_lets_them_go_down_in_standard(
    level: str,
) -> None:
    hand = "AS KS QS JS 9S 8S AH KH QH AD KD 2C 3C"
    std = auction_view({0: hand}, dealer=2, calls=["8"])
    assert fixed(level).choose(std) == "pass"
    short = auction_view({0: hand}, dealer=2, calls=["8"], preset="shortfall")
    action = fixed(level).choose(short)
    assert action != "pass" and 9 <= int(action) <= 12


def _view_41(cards: str, seat_scores: tuple[int, int, int, int], preset: str = "syrian41") -> View:
    g = GameState.new(make_rules(preset), 0, dealer=3)
    g.set_deal(deal_with({0: cards}))
    g.seat_scores = seat_scores
    assert g.turn == 0
    return g.view(0)


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
def test_41_a_score_one_bid_from_the_target_bids_what_it_surely_makes(level: str) -> None:
    # At 39 of 41 a made 2 wins: a hand sure of two tricks (two top hearts and a side ace)
    # but not of much more bids 2 rather than risk the game on a higher bid.
    hand = "AH KH 4H 3S 5S 7S 2D 4D 6D AC 5C 7C 9C"
    player = fixed(level)
    assert player.choose(_view_41(hand, (39, 0, 0, 0))) == "2"
    chances = player.stats.values
    assert chances["2"] > 0.8
    # From 0, the same hand bids by the values alone (never below the minimum).
    assert int(fixed(level).choose(_view_41(hand, (0, 0, 0, 0)))) >= 2


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
def test_41_bids_follow_the_solved_tricks(level: str) -> None:
    strong = "AH KH QH JH TH 9H AS KS AD KD AC 2C 3C"
    weak = "2H 3S 4S 5S 7S 2D 4D 6D 8D 3C 5C 7C 9C"
    p = fixed(level)
    assert int(p.choose(_view_41(strong, (0, 0, 0, 0)))) >= 8
    assert p.stats.samples >= 1
    assert fixed(level).choose(_view_41(weak, (0, 0, 0, 0))) == "1"


@needs_dds
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["standard", "egyptian", "syrian41"])
def test_a_call_depends_only_on_the_view(level: str, preset: str) -> None:
    # Two deals that look the same from seat 0 (other hidden cards) get the same call.
    g = GameState.new(make_rules(preset), 11, dealer=3)
    view = g.view(0)
    assert g.phase == "auction" and g.turn == 0
    other = Sampler(view, random.Random(4)).deal()
    g2 = GameState.from_view(view, other)
    assert g2.view(0) == view and g2.hands != g.hands
    dd_calls.clear_cache()
    a = fixed(level).choose(g.view(0))
    dd_calls.clear_cache()
    b = fixed(level).choose(g2.view(0))
    assert a == b


def test_share_tricks_is_a_distribution_leaning_to_the_stronger_partner() -> None:
    dist = dd_calls.share_tricks(8, 5.0, 1.0)
    assert len(dist) == 9 and abs(sum(dist) - 1.0) < 1e-9
    assert max(range(9), key=lambda k: dist[k]) >= 5
    assert dd_calls.share_tricks(0, 1.0, 1.0) == [1.0]
