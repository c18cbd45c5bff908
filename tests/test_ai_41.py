"""The computer players in 41 / 400: legal and sensible bids, card play that makes one's
own bid and leaves partner theirs, full games, hints, analysis and the bot protocol."""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path

import pytest

from tarneeb_desktop.ai import dds, game41, hints, make_player, search
from tarneeb_desktop.ai.analysis import (
    analyse_game,
    can_claim,
    could_have_taken,
    highest_bidder,
)
from tarneeb_desktop.ai.heuristic import medium_card41
from tarneeb_desktop.arena import play_game, run_arena
from tarneeb_desktop.record import load_record
from tarneeb_desktop.rules import GameState, View, make_rules
from tarneeb_desktop.rules import game41 as rules41
from tarneeb_desktop.rules.cards import CARD_NAMES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = Path("/work/shared/spec/examples/lebanese400-game.json")
FAST = search.SearchConfig(budget_s=None, max_samples=3, min_samples=1, bid_samples=8)
needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS not available")

RULE_MIXES = [
    make_rules("syrian41"),
    make_rules("lebanese400"),
    make_rules("syrian41", min_bid=2, min_bid_rises=True, min_total=13),
    make_rules("lebanese400", min_total_counts="values", bid_values="doubled_from_7"),
    make_rules("syrian41", bid_values="lebanese", min_total_rises=True, partner_positive=False),
]


@pytest.fixture
def fast_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search levels with a fixed, tiny number of sampled deals (fast, deterministic)."""
    for level in ("hard", "expert"):
        monkeypatch.setitem(search.LEVEL_CONFIGS, level, FAST)


def _auction_views(rules, seed: int, scores: tuple[int, int, int, int]) -> list[View]:
    """The four auction views of a fresh hand whose seats have ``scores``; the others bid
    at random (legal) bids."""
    rng = random.Random(seed)
    g = GameState.new(rules, seed)
    g.seat_scores = scores
    views = []
    while g.phase == "auction":
        v = g.view(g.turn)
        views.append(v)
        g.apply(rng.choice(v.legal))
    return views


@pytest.mark.parametrize("rules", RULE_MIXES, ids=lambda r: r.preset or "mix")
def test_every_level_bids_legally_in_random_positions(rules, fast_search) -> None:
    players = {lv: make_player(lv, 1) for lv in ("easy", "medium", "hard", "expert")}
    rng = random.Random(3)
    for seed in range(12):
        scores = tuple(rng.choice([-20, 0, 12, 31, 38, 44, 52]) for _ in range(4))
        for v in _auction_views(rules, seed, scores):
            lowest = rules41.lowest_bid(rules, scores[v.seat])
            for level, p in players.items():
                bid = p.choose(v)
                assert bid in v.legal, (level, bid, v.legal)
                assert lowest <= int(bid) <= 13


def _view_with_hand(rules, cards: list[str], seat: int = 1, dealer: int = 0) -> View:
    """An auction view for ``seat`` holding ``cards``, the seats before it bid 3."""
    rest = [c for c in CARD_NAMES if c not in cards]
    hands = [0, 0, 0, 0]
    for c in cards:
        hands[seat] |= 1 << CARD_NAMES.index(c)
    others = [s for s in range(4) if s != seat]
    for i, c in enumerate(rest):
        hands[others[i // 13]] |= 1 << CARD_NAMES.index(c)
    g = GameState.new(rules, 0, dealer=dealer)
    g.set_deal(hands)
    while g.turn != seat:
        g.apply("3")
    return g.view(seat)


STRONG = "AH KH QH JH TH 9H AS KS AD KD AC 2C 3C".split()
WEAK = "2H 3S 4S 5S 7S 2D 4D 6D 8D 3C 5C 7C 9C".split()


@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_strong_hearts_bid_high_and_a_weak_hand_bids_its_minimum(preset, level, fast_search):
    rules = make_rules(preset)
    player = make_player(level, 0)
    strong = _view_with_hand(rules, STRONG)
    assert int(player.choose(strong)) >= 8
    weak = _view_with_hand(rules, WEAK)
    assert int(player.choose(weak)) == rules41.lowest_bid(rules, 0)


def _dealer_after_three_twos(cards: list[str]) -> View:
    rest = [c for c in CARD_NAMES if c not in cards]
    hands = [0, 0, 0, 0]
    for c in cards:
        hands[0] |= 1 << CARD_NAMES.index(c)
    for i, c in enumerate(rest):
        hands[1 + i // 13] |= 1 << CARD_NAMES.index(c)
    g = GameState.new(make_rules("lebanese400"), 0, dealer=0)
    g.set_deal(hands)
    for _ in range(3):
        g.apply("2")
    return g.view(0)


def test_the_dealer_raises_to_the_needed_total_only_with_the_hand_for_it() -> None:
    # Three bids of 2 in lebanese400 (the total counts bids, 11 needed): the dealer with
    # a fair hand bids at least 5 rather than throw the hand in; a weak one throws it in.
    fair = _dealer_after_three_twos("AH KH 9H 5H 4H AS 3S 2D 3D 4C 5C 6C 7C".split())
    assert 5 <= int(game41.choose_bid(fair)) <= 6
    assert game41.choose_bid(_dealer_after_three_twos(WEAK)) == "2"


def _ending(bids, seat_tricks, trick_cards, my_cards) -> View:
    """Trick 12 of a 41 hand: seats 1, 2, 3 have played ``trick_cards`` (spades) and seat 0
    holds ``my_cards`` (two spades); the others' last cards are hearts, so seat 0 cannot
    take the last trick. The 44 cards of the first 11 tricks are the rest of the deck."""
    last = {"AH", "KH", "QH"}
    used = set(trick_cards) | set(my_cards) | last
    rest = [c for c in CARD_NAMES if c not in used]
    tricks = []
    winners = [s for s in range(4) for _ in range(seat_tricks[s])]
    for i in range(11):
        leader = winners[i - 1] if i else 1
        tricks.append((leader, tuple(rest[4 * i : 4 * i + 4]), winners[i]))
    rules = make_rules("lebanese400")
    return View(
        seat=0,
        rules=rules,
        scores=(0, 0),
        hand_number=1,
        dealer=3,
        phase="play",
        turn=0,
        hand=tuple(my_cards),
        calls=tuple((s, str(bids[s])) for s in range(4)),
        declarer=None,
        contract=None,
        doubled=False,
        trump="H",
        tricks=tuple(tricks),
        trick=(1, tuple(trick_cards)),
        tricks_won=(seat_tricks[0] + seat_tricks[2], seat_tricks[1] + seat_tricks[3]),
        legal=tuple(my_cards),
        hand_sizes=(2, 1, 1, 1),
        bids=tuple(bids),
        seat_tricks=tuple(seat_tricks),
        seat_scores=(0, 0, 0, 0),
    )


@needs_dds
def test_a_search_level_takes_the_trick_it_needs_for_its_bid() -> None:
    # Seat 0 bid 4 and has 3: its 6S takes this trick, the 2S loses it and the last.
    v = _ending((4, 3, 2, 2), (3, 3, 2, 3), ("3S", "4S", "5S"), ("6S", "2S"))
    player = search.SearchPlayer("hard", 0, FAST)
    assert player.choose(v) == "6S"
    assert medium_card41(v) == "6S"


@needs_dds
def test_a_search_level_leaves_the_trick_to_partner_who_needs_it() -> None:
    # Seat 0 has made its bid; partner (seat 2) is winning with the 5S and needs one more.
    v = _ending((3, 3, 3, 2), (3, 3, 2, 3), ("3S", "5S", "4S"), ("6S", "2S"))
    player = search.SearchPlayer("hard", 0, FAST)
    assert player.choose(v) == "2S"
    assert medium_card41(v) == "2S"


def test_side_value_gives_the_tricks_to_the_partners_in_the_best_way() -> None:
    assert game41.side_value([2, 3], [2.0, 3.0], 5) == 5.0
    assert game41.side_value([2, 3], [2.0, 3.0], 3) == 1.0  # make the 3, lose the 2
    assert game41.side_value([2, 3], [2.0, 3.0], 1) == -5.0
    assert game41.side_value([0, 3], [2.0, 3.0], 0) == -1.0  # seat a has made its bid


@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
def test_full_games_of_easy_and_medium_end_without_faults(preset) -> None:
    table = play_game(make_rules(preset), 4, ["easy", "medium", "easy", "medium"])
    assert table.state.is_over()
    assert table.faults == []
    assert table.state.winner in (0, 1)


@needs_dds
@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
def test_a_game_with_every_level_ends_without_faults(preset, fast_search) -> None:
    rules = dataclasses.replace(make_rules(preset), target=12)
    table = play_game(rules, 2, ["easy", "hard", "medium", "expert"])
    assert table.state.is_over()
    assert table.faults == []


def _views_of_a_game(rules, seed: int, limit: int = 40) -> list[View]:
    g = GameState.new(rules, seed)
    players = [make_player("medium", s) for s in range(4)]
    out = []
    while not g.is_over() and len(out) < limit:
        seat = g.current_player()
        v = g.view(seat)
        out.append(v)
        g.apply(players[seat].choose(v))
    return out


@needs_dds
def test_hints_are_legal_in_41() -> None:
    for preset in ("syrian41", "lebanese400"):
        for v in _views_of_a_game(make_rules(preset), 3, 30)[::3]:
            assert hints.suggest(v, budget_s=0.02) in v.legal


def _lead_ending(mine: list[str], out: list[str]) -> View:
    """Seat 0 leads to trick 12 holding ``mine``; ``out`` are the six cards the others
    still hold; the first 11 tricks took the rest of the deck."""
    rest = [c for c in CARD_NAMES if c not in set(mine) | set(out)]
    tricks = tuple((0, tuple(rest[4 * i : 4 * i + 4]), 0) for i in range(11))
    base = _ending((2, 2, 2, 2), (11, 0, 0, 0), ("3S", "4S", "5S"), ("6S", "2S"))
    return dataclasses.replace(
        base, hand=tuple(mine), legal=tuple(mine), trick=None, tricks=tricks, hand_sizes=(2,) * 4
    )


def test_a_claim_in_41_needs_every_card_a_sure_winner() -> None:
    assert can_claim(_lead_ending(["AS", "KS"], ["2S", "3S", "4S", "5S", "2D", "3D"]))
    # A heart (always trump in 41) left outside the hand could ruff the king.
    assert not can_claim(_lead_ending(["AS", "KS"], ["2S", "3S", "4S", "5S", "2H", "3D"]))
    assert can_claim(_lead_ending(["AH", "KH"], ["2S", "3S", "4S", "5S", "2H", "3D"]))


@needs_dds
def test_analyse_game_reads_a_41_record() -> None:
    state = load_record(EXAMPLE).state
    hands = analyse_game(state)
    played = [i for i, r in enumerate(state.history) if r.plays]
    assert [h.hand for h in hands] == played
    for h in hands:
        row = state.history[h.hand]
        assert row.bids is not None
        assert h.declarer == highest_bidder(row.bids, row.dealer)
        assert h.contract == str(row.bids[h.declarer])
        assert h.trump == "H"
        assert h.could_take == could_have_taken(row)
        assert h.taken == row.tricks[h.declarer & 1]
        assert len(h.plays) == 52
        assert all(p.best >= p.tricks for p in h.plays)


def test_highest_bidder_takes_the_first_in_bidding_order_on_a_tie() -> None:
    assert highest_bidder((4, 5, 3, 5), dealer=0) == 1
    assert highest_bidder((4, 5, 3, 5), dealer=1) == 3
    assert highest_bidder((2, 2, 2, 2), dealer=3) == 0


def test_a_bot_process_plays_41_through_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the bot processes import this checkout
    bot = f"cmd:{sys.executable} -m tarneeb_desktop bot --level medium"
    for preset in ("lebanese400", "syrian41"):
        res = run_arena(make_rules(preset), 2, 3, bot, "medium", progress=False)
        assert res["faults"] == [0, 0]
        # Medium is deterministic: the bot mirrors the in-process level exactly.
        assert res["diff_per_deal"] == 0.0
        assert res["points_per_deal"][0] == res["points_per_deal"][1] != 0.0


def test_a_41_view_reaches_the_bot_whole() -> None:
    from tarneeb_desktop.ai.bot import handle_line

    v = _views_of_a_game(make_rules("lebanese400"), 2, 6)[-1]
    player = make_player("medium", 0)
    reply, stop = handle_line(player, "medium", json.dumps({"type": "act", "view": v.to_dict()}))
    assert not stop and reply is not None
    assert reply["action"] in v.legal
    assert View.from_dict(v.to_dict()) == v


def test_samples_are_weighted_by_the_bids() -> None:
    # Seat 1 bid 8, seat 3 its minimum: in the weighted deals seat 1 holds far more of the
    # hearts seat 0 cannot see than seat 3 does.
    from tarneeb_desktop.ai.sampling import weighted_deals
    from tarneeb_desktop.rules.cards import SUIT_MASKS

    g = GameState.new(make_rules("lebanese400"), 5, dealer=3)
    g.apply("3")
    g.apply("8")
    g.apply("3")
    g.apply("2")
    v = g.view(0)
    deals = weighted_deals(v, 200, random.Random(1), candidates=800)
    hearts = SUIT_MASKS[game41.HEARTS]

    def mean_hearts(seat: int) -> float:
        total = sum(w for _, w in deals)
        return sum((h[seat] & hearts).bit_count() * w for h, w in deals) / total

    assert mean_hearts(1) > mean_hearts(3) + 1.0


@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_four_players_of_a_level_play_most_hands(preset, level) -> None:
    # A thrown-in hand scores nothing and is dealt again: bids must reach the needed total
    # most of the time, or a game of computer players stalls.
    played = 0
    for seed in range(60):
        g = GameState.new(make_rules(preset), seed)
        players = [make_player(level, s) for s in range(4)]
        while g.phase == "auction" and g.hand_number == 1:
            g.apply(players[g.turn].choose(g.view(g.turn)))
        played += g.phase == "play"
    assert played >= 40  # two thirds (the first easy played about one hand in five)
