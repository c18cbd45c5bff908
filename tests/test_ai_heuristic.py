"""The easy and medium players and the inference they share (``ai/knowledge.py``)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tarneeb_desktop.ai import make_player
from tarneeb_desktop.ai.heuristic import EasyPlayer, MediumPlayer, easy_card
from tarneeb_desktop.ai.knowledge import (
    analyse,
    best_strain,
    estimate_tricks,
    suggest_call,
    team_estimate,
)
from tarneeb_desktop.ai.sampling import Sampler
from tarneeb_desktop.rules import GameState, View, make_rules
from tarneeb_desktop.rules.cards import CARD_INDEX, mask_of
from tarneeb_desktop.rules.selfplay import from_view


def play_to(state: GameState, actions: list[str]) -> GameState:
    for a in actions:
        state.apply(a)
    return state


def spades_deal() -> GameState:
    """Seat 0 declares 7 in spades after dealer 3; each seat holds one suit."""
    g = GameState.new(make_rules("standard"), 0, dealer=3)
    g.set_deal(
        [
            [r + "S" for r in "23456789TJQKA"],
            [r + "H" for r in "23456789TJQKA"],
            [r + "D" for r in "23456789TJQKA"],
            [r + "C" for r in "23456789TJQKA"],
        ]
    )
    return play_to(g, ["7", "pass", "pass", "pass", "S"])


def test_voids_known_cards_and_the_trick_so_far() -> None:
    g = spades_deal()
    play_to(g, ["2S", "2H", "2D"])  # seats 1 and 2 show out of spades
    k = analyse(g.view(3))
    assert k.voids[1] == 0b1000 and k.voids[2] == 0b1000
    assert k.voids[3] == 0b1110  # own voids (D H S) come from the hand
    assert k.trump == 3 and k.declarer == 0 and k.declaring is False
    # Only seat 0 can hold the other spades now: they are known.
    spades = mask_of([r + "S" for r in "3456789TJQKA"])
    assert k.known[0] & spades == spades
    assert k.trumps_out() == 12 and k.trumps_out_opponents() == 12
    assert k.winner() == (0, CARD_INDEX["2S"])
    assert not k.partner_winning()
    assert k.led_suit == 3 and k.to_play_after == []
    assert k.need == 14 - 7  # defenders need 7 tricks to defeat a 7


def test_masters_and_probabilities() -> None:
    g = spades_deal()
    view = g.view(0)
    k = analyse(view)
    assert k.is_master(CARD_INDEX["AS"]) and k.is_master_trump(CARD_INDEX["AS"])
    assert not k.is_master(CARD_INDEX["KH"])
    # Nobody else can be known to hold a heart yet, but somebody surely does.
    hearts = mask_of([r + "H" for r in "23456789TJQKA"])
    assert 0.0 < k.p_holds_any(1, hearts) < 1.0
    assert k.p_holds_any(1, 0) == 0.0
    assert k.p_holds_any(0, mask_of(["AS"])) == 1.0
    # We hold every trump: even the two of trumps cannot be beaten.
    assert k.sure_winner(CARD_INDEX["AS"]) and k.sure_winner(CARD_INDEX["2S"])
    # West (seat 3, all clubs) leading the two of clubs: all clubs are West's.
    assert (
        analyse(
            dataclasses.replace(view, seat=3, hand=tuple(r + "C" for r in "23456789TJQKA"))
        ).sure_winner(CARD_INDEX["2C"])
        is False
    )  # seat 0 may ruff as far as West knows


def test_partner_winning_and_beats() -> None:
    g = spades_deal()
    play_to(g, ["AS", "2H"])
    k = analyse(g.view(2))
    assert k.partner_winning()
    assert not k.wins_now(CARD_INDEX["AD"])  # a diamond on a spade lead never wins
    assert k.beats(CARD_INDEX["3S"], CARD_INDEX["2S"])
    assert not k.beats(CARD_INDEX["AH"], CARD_INDEX["2S"])


def test_hand_evaluation_orders_hands_sensibly() -> None:
    solid = mask_of("AS KS QS JS TS 9S AH KH AD KD AC KC QC".split())
    weak = mask_of("2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C".split())
    assert estimate_tricks(solid, 3) >= 12
    assert estimate_tricks(weak, 3) < 2
    assert best_strain(mask_of("KH QH JH 9H 8H 4H AD 3D 2S 3S 4C 5C 6C".split()))[0] == 2
    # An extra ace never lowers the estimate.
    base = "KS 5S 4S QH 7H 6H JD 8D 7D 3C 4C 5C".split()
    assert estimate_tricks(mask_of([*base, "AC"]), 3) > estimate_tricks(mask_of([*base, "6C"]), 3)


def test_partners_bid_raises_our_estimate_and_a_pass_lowers_it() -> None:
    g = GameState.new(make_rules("standard"), 0, dealer=1)
    v = g.view(g.current_player())  # seat 2 opens
    alone = team_estimate(dataclasses.replace(v, seat=0, calls=()))[1]
    after_bid = team_estimate(dataclasses.replace(v, seat=0, calls=((2, "9"),)))[1]
    after_pass = team_estimate(dataclasses.replace(v, seat=0, calls=((2, "pass"),)))[1]
    assert after_pass < alone < after_bid


def test_suggest_call_is_always_legal() -> None:
    rng = random.Random(3)
    for seed in range(30):
        for preset in ("standard", "egyptian"):
            g = GameState.new(make_rules(preset), seed)
            while g.phase == "auction":
                v = g.view(g.current_player())
                call = suggest_call(v, caution=rng.choice([0.0, 0.5, -1.0]))
                assert call in v.legal
                g.apply(call)


@pytest.mark.parametrize("preset", ["standard", "shortfall", "egyptian"])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_levels_play_whole_games_legally(level: str, preset: str) -> None:
    rules = make_rules(preset, weak_hand_redeal=True, no_trump_allowed=preset != "egyptian")
    for seed in range(3):
        g = GameState.new(rules, seed)
        players = [make_player(level, seed * 4 + s) for s in range(4)]
        n = 0
        while not g.is_over() and n < 3000:
            seat = g.current_player()
            assert seat is not None
            v = g.view(seat)
            action = players[seat].choose(v)
            assert action in v.legal, (level, v.phase, action)
            g.apply(action)
            n += 1
        assert g.is_over()


def test_players_are_deterministic_for_a_seed() -> None:
    def run(seed: int) -> list[str]:
        g = GameState.new(make_rules("standard"), 11)
        players = [EasyPlayer(seed), MediumPlayer(seed), EasyPlayer(seed + 1), MediumPlayer(seed)]
        out = []
        for _ in range(60):
            seat = g.current_player()
            assert seat is not None
            a = players[seat].choose(g.view(seat))
            out.append(a)
            g.apply(a)
        return out

    assert run(5) == run(5)


def test_easy_slips_at_its_rate_and_otherwise_plays_the_basics() -> None:
    g = spades_deal()
    play_to(g, ["AS", "2H"])
    v = g.view(2)
    # Partner's ace of trumps wins: the basic play is the lowest diamond.
    assert easy_card(v) == "2D"
    careful = EasyPlayer(1, mistake_rate=0.0)
    assert all(careful.choose(v) == "2D" for _ in range(50))
    sloppy = EasyPlayer(1, mistake_rate=0.5)
    picks = [sloppy.choose(v) for _ in range(200)]
    slips = sum(p != "2D" for p in picks)
    # About half slip, and a slip picks among 13 legal cards: ~46% differ from 2D.
    assert 60 < slips < 130
    assert all(p in v.legal for p in picks)


def test_medium_never_needs_more_than_the_view() -> None:
    g = spades_deal()
    v = g.view(0)
    assert MediumPlayer(0).choose(v) in v.legal
    with pytest.raises(ValueError):
        MediumPlayer(0).choose(dataclasses.replace(v, legal=()))
    # The same view gets the same decision whether it comes from the real game, from a game
    # with the other seats' unseen cards dealt differently, or rebuilt from its protocol
    # JSON (tied to no game at all): in the auction and in play.
    phases = set()
    for seed in range(8):
        g = GameState.new(make_rules("standard"), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            g.apply(rng.choice(g.legal_actions()))
        me = g.current_player()
        assert me is not None
        view = g.view(me)
        other = from_view(view, Sampler(view, random.Random(seed)).deal())
        assert other.view(me) == view and other.hands != g.hands
        rebuilt = View.from_dict(json.loads(json.dumps(view.to_dict())))
        decision = MediumPlayer(0).choose(view)
        assert MediumPlayer(0).choose(other.view(me)) == decision, (seed, view.phase)
        assert MediumPlayer(0).choose(rebuilt) == decision, (seed, view.phase)
        phases.add(view.phase)
    assert {"auction", "play"} <= phases


def test_make_player_levels() -> None:
    for level in ("random", "easy", "medium"):
        assert make_player(level, 1).name == level
    with pytest.raises(ValueError):
        make_player("grandmaster", 1)


def test_a_non_trump_opening_lead_under_first_lead_trump_shows_the_leader_has_no_trump() -> None:
    # With first_lead_trump the opening leader must lead a trump when holding one, so a lead
    # of another suit tells every other seat that the leader holds none: sampled deals must
    # not give it one (GameState.from_view would then find the lead illegal).
    import random

    from tarneeb_desktop.ai.knowledge import Knowledge
    from tarneeb_desktop.rules.cards import SUIT_MASKS

    checked = 0
    for seed in range(400):
        g = GameState.new(make_rules("standard", first_lead_trump=True), seed=seed)
        rng = random.Random(seed)
        while g.phase != "play" and not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
        if g.is_over() or g.trump == 4:
            continue
        leader = g.turn
        card = rng.choice(g.legal_actions())
        g.apply(card)
        if "CDHS".index(card[1]) == g.trump:
            continue
        watcher = (leader + 1) % 4
        k = Knowledge(g.view(watcher))
        assert k.voids[leader] >> g.trump & 1, (seed, card)
        assert k.possible[leader] & SUIT_MASKS[g.trump] == 0
        checked += 1
    assert checked >= 5
