"""Random self-play across presets and options, checking the engine's invariants every hand."""

import itertools
import random

from tarneeb_desktop.record import replay, to_record
from tarneeb_desktop.rules import GameState, HandScored, HandThrownIn, make_rules, score_hand
from tarneeb_desktop.rules.cards import FULL_DECK

HANDS = 20_000

VARIANTS = [
    ("standard", {}),
    ("shortfall", {}),
    ("egyptian", {}),
    ("standard", {"auction": "once", "all_pass": "dealer_7", "first_lead_trump": True}),
    ("standard", {"weak_hand_redeal": True, "no_trump_allowed": True, "made_points": "bid"}),
    ("egyptian", {"auction": "once", "double_factor": 4, "defenders_always_score": True}),
    ("shortfall", {"kaboot_wins_game": True, "target": 61, "kaboot_failed_defenders": "single"}),
    ("egyptian", {"all_pass": "dealer_7", "weak_hand_redeal": True, "first_lead_trump": True}),
]


def _check_hand_end(g, events, dealer_before, hand_cards):
    """Invariants at the end of a hand."""
    last = g.history[-1]
    assert last.cards == hand_cards
    scored = [e for e in events if isinstance(e, HandScored)]
    thrown = [e for e in events if isinstance(e, HandThrownIn)]
    assert len(scored) + len(thrown) == 1
    if scored:
        e = scored[0]
        assert sum(e.tricks) == 13 and len(last.plays) == 52
        # every card of the deal was played exactly once
        from tarneeb_desktop.rules import mask_of

        assert mask_of(last.plays) == FULL_DECK
        level = int("".join(ch for ch in e.contract if ch.isdigit()))
        team = e.declarer & 1
        dec, dfn = score_hand(g.rules, level, e.tricks[team], e.doubled)
        assert e.points[team] == dec and e.points[1 - team] == dfn
        if not g.is_over():
            assert g.dealer == (dealer_before + 1) % 4
    else:
        assert not g.is_over() and g.dealer == dealer_before and last.points == (0, 0)


def test_random_self_play_keeps_every_invariant():
    hands = 0
    games = 0
    rng = random.Random(2024)
    for preset, options in itertools.cycle(VARIANTS):
        if hands >= HANDS:
            break
        g = GameState.new(make_rules(preset, **options), seed=rng.randrange(10**9))
        games += 1
        for _ in range(40):  # random play drifts: cap a game at 40 hands
            dealer = g.dealer
            index = g.hand_index
            cards = tuple(g.dealt)
            events = []
            while g.hand_index == index and not g.is_over():
                legal = g.legal_actions()
                assert legal, "no legal action before the game ended"
                events = g.apply(rng.choice(legal))
            hands += 1
            _check_hand_end(g, events, dealer, cards)
            held = g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3]
            if not g.is_over():
                assert held == FULL_DECK and g.tricks_won == [0, 0]
            if g.is_over():
                target = g.rules.target
                a, b = g.scores
                kaboot = g.rules.kaboot_wins_game and 13 in g.history[-1].tricks
                assert kaboot or (max(a, b) >= target and a != b)
                assert kaboot or g.winner == (0 if a > b else 1)
                assert g.legal_actions() == []
                break
        if games % 25 == 0:
            r = replay(to_record(g))
            assert r.state.history == g.history and r.state.scores == g.scores
    assert hands >= HANDS


def test_clockwise_only_changes_drawing_not_play():
    a = GameState.new(make_rules("standard"), seed=5)
    b = GameState.new(make_rules("standard", clockwise=True), seed=5)
    rng = random.Random(1)
    for _ in range(300):
        assert a.legal_actions() == b.legal_actions() and a.current_player() == b.current_player()
        act = rng.choice(a.legal_actions())
        a.apply(act)
        b.apply(act)
    assert a.history == b.history
