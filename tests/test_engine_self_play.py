"""The engine's self-play paths decide exactly as its checked ones, over thousands of hands.

``legal_cards`` / ``play`` (cards as ints, no events) and ``play_out`` (a random hand inside
the engine) are compared with ``legal_actions`` / ``apply``; ``apply``'s fast path with
``_check``'s path (an action spelled so that only ``_check`` takes it); the trick-winner
table with ``trick_winner``; the hand's row built without its ``__init__`` with the row.
bench/engine.py's figures come from these paths.
"""

from __future__ import annotations

import pickle
import random

import pytest

from tarneeb_desktop.rules import (
    CARD_NAMES,
    GameState,
    HandResult,
    IllegalActionError,
    MalformedError,
    RulesError,
    make_rules,
)
from tarneeb_desktop.rules.cards import CARD_INDEX, TRICK_ORDER
from tarneeb_desktop.rules.selfplay import legal_cards, play, play_out
from tarneeb_desktop.rules.view import tarneeb_row

# Every preset of both games, and the options that change the play's legality or the calls.
RULES = [
    make_rules("standard"),
    make_rules("shortfall", first_lead_trump=True),
    make_rules("egyptian"),
    make_rules("egyptian", first_lead_trump=True, no_trump_allowed=True),
    make_rules("standard", weak_hand_redeal=True, auction="once", all_pass="dealer_7"),
    make_rules("syrian41"),
    make_rules("lebanese400"),
]
IDS = ["standard", "shortfall-flt", "egyptian", "egyptian-flt-nt", "weak-once-d7", "41", "400"]


def _pick(legal, rnd):
    return legal[int(rnd() * len(legal))]


def _refusal(g: GameState, action) -> tuple[type, str] | None:
    """The error ``apply(action)`` raises (its type and text), after checking it changed
    nothing; None if ``action`` is legal."""
    before = g.clone()
    probe = g.clone()
    try:
        probe.apply(action)
    except RulesError as e:
        assert g == before
        return type(e), str(e)
    return None


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_legal_cards_and_play_are_legal_actions_and_apply(rules):
    """400 hands a ruleset (2,800 in all): at every card the same legal cards, the same
    state after the card, and every card not legal refused with apply's very error."""
    rnd = random.Random(11).random
    hands = 0
    seed = 0
    while hands < 400:
        seed += 1
        a = GameState.new(rules, seed=seed)  # legal_cards / play
        b = GameState.new(rules, seed=seed)  # legal_actions / apply
        while not a.is_over() and a.hand_index < 12:
            legal = b.legal_actions()
            if b.phase != "play":
                assert legal_cards(a) == ()
                action = _pick(legal, rnd)
                assert a.apply(action) == b.apply(action)
                assert a == b
                continue
            cards = legal_cards(a)
            assert cards == tuple(CARD_INDEX[c] for c in legal)
            if rnd() < 0.1:  # now and then, a card not legal: refused alike by both
                others = [c for c in range(52) if c not in cards]
                wrong = others[int(rnd() * len(others))]
                refusal = _refusal(b, CARD_NAMES[wrong])
                assert refusal is not None
                kind, text = refusal
                before = a.clone()
                with pytest.raises(kind) as err:
                    play(a, wrong)
                assert str(err.value) == text
                assert a == before
            card = _pick(cards, rnd)
            before_hand = a.hand_index
            play(a, card)
            b.apply(CARD_NAMES[card])
            assert a == b
            if a.hand_index != before_hand or a.is_over():
                hands += 1


def test_play_refuses_what_is_no_card_and_cards_outside_the_play():
    g = GameState.new(make_rules("standard"), seed=3)
    before = g.clone()
    for bad in (-1, 52, 3.0, True, "AS", None):
        with pytest.raises(MalformedError):
            play(g, bad)  # type: ignore[arg-type]
        assert g == before
    with pytest.raises(MalformedError, match="is not a call"):
        play(g, CARD_INDEX["AS"])  # the auction: apply's own error
    assert g == before
    while g.phase != "play":
        g.apply(g.legal_actions()[-1])
    turn = g.turn
    with pytest.raises(IllegalActionError, match="turn"):
        g.apply(g.legal_actions()[0], seat=(turn + 1) % 4)
    held = legal_cards(g)
    not_held = next(c for c in range(52) if c not in held)
    with pytest.raises(IllegalActionError, match="does not hold"):
        play(g, not_held)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_play_out_plays_the_hands_a_loop_of_apply_plays(rules):
    """play_out(random) leaves the state a loop of apply with the same draws leaves, hand
    after hand (300 hands a ruleset), thrown-in hands and the game's end included."""
    hands = 0
    seed = 100
    while hands < 300:
        seed += 1
        a = GameState.new(rules, seed=seed)
        b = GameState.new(rules, seed=seed)
        ra, rb = random.Random(seed).random, random.Random(seed).random
        while not a.is_over() and a.hand_index < 15:
            play_out(a, ra)
            index = b.hand_index
            while b.hand_index == index and not b.is_over():
                b.apply(_pick(b.legal_actions(), rb))
            assert a == b
            assert ra() == rb()  # as many draws
            hands += 1
        assert a.history == b.history


def test_play_out_ends_the_hand_under_way_and_does_nothing_once_over():
    g = GameState.new(make_rules("standard"), seed=8)
    rnd = random.Random(8).random
    g.apply("pass")
    play_out(g, rnd)
    assert g.hand_index == 1 and g.hand_actions == 0
    while g.phase != "play":
        g.apply(g.legal_actions()[-1])  # 13: the auction ends
    for _ in range(5):
        play(g, legal_cards(g)[0])
    play_out(g, rnd)
    assert g.hand_index == 2 and len(g.history) == 2 and len(g.history[-1].plays) == 52
    g.rules = make_rules("standard", target=1)  # the next made contract ends the game
    for _ in range(100):
        play_out(g, rnd)
    assert g.is_over()
    over = g.clone()
    play_out(g, rnd)
    assert g == over


@pytest.mark.parametrize("rules", RULES[:5], ids=IDS[:5])
def test_apply_fast_path_gives_the_events_and_states_of_the_checked_path(rules):
    """500 hands a ruleset: every action applied as legal_actions spells it (apply's fast
    path) and spelled otherwise (lower case and spaces: only _check's path takes that)."""
    rnd = random.Random(5).random
    hands = 0
    seed = 1000
    while hands < 500:
        seed += 1
        fast = GameState.new(rules, seed=seed)
        slow = GameState.new(rules, seed=seed)
        while not fast.is_over() and fast.hand_index < 10:
            legal = fast.legal_actions()
            assert legal == slow.legal_actions()
            action = _pick(legal, rnd)
            other = action.lower() if fast.phase == "play" else f" {action.lower()} "
            index = fast.hand_index
            assert fast.apply(action) == slow.apply(other)
            assert fast == slow
            hands += fast.hand_index != index or fast.is_over()


def test_the_trick_order_table_finds_trick_winners_winner():
    rng = random.Random(3)
    for _ in range(20000):
        cards = rng.sample(range(52), 4)
        trump, leader = rng.randrange(5), rng.randrange(4)
        order = TRICK_ORDER[trump][cards[0] // 13]
        at = max(order[cards[0]], order[cards[1]] + 1, order[cards[2]] + 2, order[cards[3]] + 3)
        assert (leader + at) & 3 == GameState.trick_winner(leader, cards, trump)


def test_the_hand_row_built_without_init_is_the_row():
    fields = (2, (1, 2, 4, 8), None, ("pass", "7"), "S", ("AS", "KS"), 1, "7", True, (6, 7))
    fields += ((-14, 14), (-14, 14))
    fast, slow = tarneeb_row(*fields), HandResult(*fields)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert vars(fast) == vars(slow) and list(vars(fast)) == list(vars(slow))
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert fast.public() == slow.public() and fast.summary() == slow.summary()
    with pytest.raises(AttributeError):
        fast.dealer = 3  # type: ignore[misc]


def test_an_action_that_is_no_text_is_malformed_in_every_phase_even_unhashable():
    g = GameState.new(make_rules("standard"), seed=4)
    while True:
        before = g.clone()
        for bad in (["AS"], {"pass": 1}, None, 7):
            with pytest.raises(MalformedError, match="must be text"):
                g.apply(bad)  # type: ignore[arg-type]
            assert g == before
        if g.phase == "play":
            break
        g.apply(g.legal_actions()[-1])
