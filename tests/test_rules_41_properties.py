"""41's properties (hypothesis) and random self-play over both presets and option mixes: cards
conserved, every illegal action rejected, private views, views rebuilt by ``from_view``,
records that replay, and every rule of a hand's end checked on thousands of hands."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_properties import _redeal_unseen, assert_view_private

from tarneeb_desktop.record import replay, to_record
from tarneeb_desktop.rules import (
    BidsMade,
    GameState,
    HandThrownIn,
    IllegalActionError,
    MalformedError,
    SeatsScored,
    View,
    make_rules,
    mask_of,
)
from tarneeb_desktop.rules.cards import CARD_INDEX, CARD_NAMES, FULL_DECK
from tarneeb_desktop.rules.game41 import (
    bids_total,
    lowest_bid,
    needed_total,
    seat_points,
    winner,
)
from tarneeb_desktop.rules.options import CHOICES
from tarneeb_desktop.rules.selfplay import from_view

HANDS = 10_000

PRESET = st.sampled_from(["syrian41", "lebanese400"])
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "clockwise": st.booleans(),
        "min_bid": st.integers(1, 2),
        "min_bid_rises": st.booleans(),
        "bid_values": st.sampled_from(CHOICES["bid_values"]),
        "min_total": st.integers(11, 13),
        "min_total_counts": st.sampled_from(CHOICES["min_total_counts"]),
        "min_total_rises": st.booleans(),
        "partner_positive": st.booleans(),
        "target": st.integers(1, 61),
    },
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VARIANTS = [
    ("syrian41", {}),
    ("lebanese400", {}),
    ("syrian41", {"min_bid": 2, "min_total": 13, "bid_values": "lebanese"}),
    ("lebanese400", {"min_total_counts": "values", "partner_positive": False, "target": 61}),
    ("standard", {"game": "41", "min_total_rises": True, "clockwise": True}),
    ("egyptian", {"game": "41", "min_bid_rises": True, "min_total": 12, "min_bid": 1}),
]


def _strength(hand: int) -> float:
    """A rough count of the tricks a hand takes with hearts trump."""
    est = 0.0
    for s in range(4):
        bits = (hand >> (13 * s)) & 0x1FFF
        n = bits.bit_count()
        est += (bits >> 12 & 1) + 0.6 * (bits >> 11 & 1 and n >= 2)
        if s == 2:
            est += max(0, n - 3) * 0.8 + 0.4 * (bits >> 10 & 1)
    return est


def choose(g: GameState, rng: random.Random, explore: float = 0.05) -> str:
    """A random but not hopeless player (so that games end): bids about what its hand is
    worth, the dealer bids up to save the hand, cards win cheaply or go low; and now and
    then any legal action at all."""
    legal = g.legal_actions()
    if rng.random() < explore:
        return rng.choice(legal)
    if g.phase == "auction":
        want = round(_strength(g.hands[g.turn]) + 0.5)
        bid = min(legal, key=lambda b: abs(int(b) - want))
        if g.turn == g.dealer:
            need = needed_total(g.rules, g.seat_scores)
            for b in legal:
                bids = [*g.bids[: g.turn], int(b), *g.bids[g.turn + 1 :]]
                if bids_total(g.rules, bids, g.seat_scores) >= need:
                    return b if int(bid) < int(b) <= want + 2 else bid
        return bid
    cards = [CARD_INDEX[c] for c in legal]
    if not g.trick:
        return max(legal, key=lambda c: CARD_INDEX[c] % 13)
    winning = [
        c for c in cards if GameState.trick_winner(g.trick_leader, [*g.trick, c], g.trump) == g.turn
    ]
    if winning:
        return CARD_NAMES[min(winning)]
    return min(legal, key=lambda c: CARD_INDEX[c] % 13)


def _random_game(preset, options, seed, steps, explore=0.05):
    g = GameState.new(make_rules(preset, **options), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(choose(g, rng, explore))
    return g, rng


# ----------------------------------------------------------------- self-play


def _check_hand_end(g, events, before, dealer, cards):
    """Every rule of a hand's end, from the events of its last action."""
    last = g.history[-1]
    assert last.cards == cards and last.dealer == dealer and last.bids is not None
    made = [e for e in events if isinstance(e, BidsMade)]
    scored = [e for e in events if isinstance(e, SeatsScored)]
    thrown = [e for e in events if isinstance(e, HandThrownIn)]
    assert len(scored) + len(thrown) == 1
    if thrown:
        (e,) = made
        assert thrown[0].reason == "low_total" and e.total < e.needed
        assert e.bids == last.bids and e.needed == needed_total(g.rules, before)
        assert e.total == bids_total(g.rules, e.bids, before)
        assert last.seat_points == (0, 0, 0, 0) and last.plays == () and last.trump is None
        assert g.seat_scores == before
    else:
        (e,) = scored
        assert bids_total(g.rules, e.bids, before) >= needed_total(g.rules, before)
        assert sum(e.tricks) == 13 and mask_of(last.plays) == FULL_DECK
        for s in range(4):
            assert lowest_bid(g.rules, before[s]) <= e.bids[s] <= 13
            assert e.points[s] == seat_points(g.rules, e.bids[s], e.tricks[s], before[s])
            assert e.totals[s] == before[s] + e.points[s] == g.seat_scores[s]
        assert last.seat_tricks == e.tricks and last.seat_points == e.points
        assert last.tricks == (e.tricks[0] + e.tricks[2], e.tricks[1] + e.tricks[3])
        assert winner(g.rules, g.seat_scores) == g.winner
    assert g.scores == [g.seat_scores[0] + g.seat_scores[2], g.seat_scores[1] + g.seat_scores[3]]
    assert list(last.totals) == g.scores
    if not g.is_over():
        assert g.dealer == (dealer + 1) % 4 and g.phase == "auction" and g.bids == (-1,) * 4
        assert g.current_player() == (g.dealer + 1) % 4


def test_random_self_play_keeps_every_invariant():
    hands = games = ended = thrown = 0
    rng = random.Random(41)
    for preset, options in itertools.cycle(VARIANTS):
        if hands >= HANDS:
            break
        g = GameState.new(make_rules(preset, **options), seed=rng.randrange(10**9))
        games += 1
        for _ in range(60):  # cap a game at 60 hands
            before, dealer, index, cards = g.seat_scores, g.dealer, g.hand_index, tuple(g.dealt)
            events = []
            while g.hand_index == index and not g.is_over():
                legal = g.legal_actions()
                assert legal and g.phase in ("auction", "play")
                events = g.apply(choose(g, rng))
            hands += 1
            _check_hand_end(g, events, before, dealer, cards)
            thrown += g.history[-1].trump is None
            if g.is_over():
                ended += 1
                assert g.winner is not None and g.legal_actions() == []
                break
        if games % 20 == 0:
            r = replay(to_record(g))
            assert r.state.history == g.history and r.state.seat_scores == g.seat_scores
    assert hands >= HANDS and ended > games // 2 and thrown > 0


def test_clockwise_only_changes_drawing_not_play():
    a = GameState.new(make_rules("lebanese400"), seed=5)
    b = GameState.new(make_rules("lebanese400", clockwise=True), seed=5)
    rng = random.Random(1)
    for _ in range(300):
        assert a.legal_actions() == b.legal_actions() and a.current_player() == b.current_player()
        act = choose(a, rng)
        a.apply(act)
        b.apply(act)
    assert a.history == b.history


# ----------------------------------------------------------------- properties


@SETTINGS
@given(PRESET, OPTIONS, st.integers(0, 10**6), st.integers(0, 1500))
def test_cards_conserved_legal_never_empty_and_scores_add_up(preset, options, seed, steps):
    g, _ = _random_game(preset, options, seed, steps)
    if g.is_over():
        assert g.legal_actions() == [] and g.winner == winner(g.rules, g.seat_scores)
        return
    assert g.legal_actions()
    held = g.hands[0] | g.hands[1] | g.hands[2] | g.hands[3]
    assert sum(h.bit_count() for h in g.hands) == held.bit_count()  # no card held twice
    played = mask_of(g.plays)
    assert len(g.plays) == played.bit_count()
    assert held & played == 0 and held | played == FULL_DECK
    assert sum(g.tricks_won) == len(g.tricks) == len(g.plays) // 4
    assert [sum(r.seat_points[s] for r in g.history) for s in range(4)] == list(g.seat_scores)
    assert [sum(r.points[t] for r in g.history) for t in (0, 1)] == g.scores


def _every_action_text():
    return (
        list(CARD_NAMES)
        + ["pass", "double", "no_double", "redeal", "keep", "C", "D", "H", "S", "NT", ""]
        + [f"{n}{s}" for n in range(0, 15) for s in ("", "H", "NT")]
    )


@SETTINGS
@given(PRESET, OPTIONS, st.integers(0, 10**6), st.integers(0, 900))
def test_every_action_outside_the_legal_ones_is_rejected_and_changes_nothing(
    preset, options, seed, steps
):
    g, _ = _random_game(preset, options, seed, steps)
    legal = g.legal_actions()
    before = g.clone()
    for a in set(_every_action_text()) - set(legal):
        with pytest.raises((IllegalActionError, MalformedError)):
            g.apply(a)
        assert g == before, a
    if not g.is_over():
        for other in set(range(4)) - {g.current_player()}:
            with pytest.raises(IllegalActionError, match="turn"):
                g.apply(legal[0], seat=other)
            assert g == before


@SETTINGS
@given(PRESET, OPTIONS, st.integers(0, 10**6), st.integers(0, 900), st.integers(0, 3))
def test_views_are_private_and_survive_the_protocol(preset, options, seed, steps, seat):
    g, _ = _random_game(preset, options, seed, steps)
    view = g.view(seat)
    assert_view_private(g, seat, view)
    assert view.bids == tuple(None if b < 0 else b for b in g.bids)
    assert view.seat_scores == g.seat_scores and view.trump == "H"
    assert sum(view.seat_tricks) == len(g.tricks)
    d = view.to_dict()
    assert View.from_dict(d).to_dict() == d


@SETTINGS
@given(PRESET, OPTIONS, st.integers(0, 10**6), st.integers(0, 900), st.integers(0, 3))
def test_redealing_unseen_cards_leaves_the_view_unchanged(preset, options, seed, steps, seat):
    g, rng = _random_game(preset, options, seed, steps)
    if g.is_over():
        return
    view = g.view(seat)
    g2 = from_view(view, _redeal_unseen(g, seat, rng))
    assert g2.view(seat) == view
    assert g2.hands[seat] == g.hands[seat] and g2.seat_scores == g.seat_scores
    if g.current_player() == seat:
        assert g2.legal_actions() == g.legal_actions()


@SETTINGS
@given(PRESET, OPTIONS, st.integers(0, 10**6), st.integers(0, 1500))
def test_record_replays_to_the_same_game_and_writes_back_equal(preset, options, seed, steps):
    g, _ = _random_game(preset, options, seed, steps, explore=0.3)
    doc = to_record(g, ["A", "B", "C", "D"])
    r = replay(doc)
    s = r.state
    assert s.seat_scores == g.seat_scores and s.scores == g.scores
    assert s.is_over() == g.is_over() and s.winner == g.winner and s.history == g.history
    if not g.is_over():
        assert s.phase == g.phase and s.current_player() == g.current_player()
        assert s.hands == g.hands and s.plays == g.plays and s.bids == g.bids
    assert to_record(s, r.players) == doc
    summary = r.summary()
    assert summary["totals"] == list(g.seat_scores)
    assert all(len(row["tricks"]) == len(row["bids"]) == 4 for row in summary["hands"])
