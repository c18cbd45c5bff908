"""The displayed view, moved on event by event, agrees with the engine after every move."""

import random

import pytest

from tarneeb_desktop.rules import GameState, HandDealt, make_rules
from tarneeb_desktop.ui.game.view_model import apply_events

#: The fields ``apply_event`` keeps (its docstring names the ones it leaves to the table).
FIELDS = (
    "hand_number",
    "dealer",
    "calls",
    "declarer",
    "contract",
    "doubled",
    "trump",
    "hand_sizes",
    "trick",
    "tricks",
    "tricks_won",
    "scores",
    "results",
    "winner",
    "bids",
    "seat_tricks",
    "seat_scores",
)

RULES = [
    ("standard", {}),
    ("standard", {"weak_hand_redeal": True, "auction": "once"}),
    ("egyptian", {}),
    ("egyptian", {"kaboot_wins_game": True, "target": 31}),
    ("syrian41", {"target": 11}),
    ("lebanese400", {"target": 16}),
    ("syrian41", {"min_total": 12, "partner_positive": False, "target": 11}),
    ("lebanese400", {"min_total_counts": "values", "clockwise": True, "target": 21}),
]


def pick(state: GameState, rng: random.Random) -> str:
    """A random legal action; in 41 a modest bid (random high bids fail so often that the
    scores sink and the game never ends)."""
    legal = state.legal_actions()
    if state.rules.game == "41" and state.phase == "auction":
        return rng.choice(legal[:4])
    return rng.choice(legal)


@pytest.mark.parametrize("seed", range(len(RULES) + 1))
def test_folding_each_moves_events_gives_the_engines_new_view(seed: int) -> None:
    preset, changes = RULES[seed % len(RULES)]
    state = GameState.new(make_rules(preset, **changes), seed=seed)
    rng = random.Random(seed)
    moves = 0
    limit = 3000 if state.rules.game == "tarneeb" else 1200
    while not state.is_over() and moves < limit:
        before = [state.view(s) for s in range(4)]
        events = state.apply(pick(state, rng))
        moves += 1
        dealt = any(isinstance(e, HandDealt) for e in events)
        for seat in range(4):
            shown = apply_events(before[seat], events)
            after = state.view(seat)
            for name in FIELDS:
                assert getattr(shown, name) == getattr(after, name), (seat, name, events)
            if not dealt:  # a new deal's cards come with the table's view, not an event
                assert shown.hand == after.hand, (seat, events)
    # random play sinks 41's scores: a long game is cut short once it has shown enough
    assert state.is_over() or (state.rules.game == "41" and state.hand_number > 10)


def test_41_events_show_bids_thrown_in_hands_and_per_seat_scores() -> None:
    """A 41 game long enough to hold a thrown-in hand and a scored one: both are rows of the
    shown view, with their bids, and the plates' fields move as the engine's do."""
    from tarneeb_desktop.rules import BidsMade, HandThrownIn, SeatsScored

    state = GameState.new(make_rules("lebanese400"), seed=5)
    shown = state.view(0)
    rng = random.Random(5)
    seen: set[type] = set()
    while not {BidsMade, HandThrownIn, SeatsScored} <= seen:
        events = state.apply(pick(state, rng))
        shown = apply_events(shown, events)
        seen |= {type(e) for e in events}
        if any(isinstance(e, HandDealt) for e in events):
            shown = state.view(0)  # the new cards come with the table's view
    assert {BidsMade, HandThrownIn, SeatsScored} <= seen
    assert shown.results == state.view(0).results
    thrown = [r for r in shown.results if r.trump is None]
    assert thrown and all(r.bids is not None and r.seat_points == (0, 0, 0, 0) for r in thrown)
