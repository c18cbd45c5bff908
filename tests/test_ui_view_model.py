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
)

RULES = [
    ("standard", {}),
    ("standard", {"weak_hand_redeal": True, "auction": "once"}),
    ("egyptian", {}),
    ("egyptian", {"kaboot_wins_game": True, "target": 31}),
]


@pytest.mark.parametrize("seed", range(6))
def test_folding_each_moves_events_gives_the_engines_new_view(seed: int) -> None:
    preset, changes = RULES[seed % len(RULES)]
    state = GameState.new(make_rules(preset, **changes), seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over() and moves < 3000:
        before = [state.view(s) for s in range(4)]
        events = state.apply(rng.choice(state.legal_actions()))
        moves += 1
        dealt = any(isinstance(e, HandDealt) for e in events)
        for seat in range(4):
            shown = apply_events(before[seat], events)
            after = state.view(seat)
            for name in FIELDS:
                assert getattr(shown, name) == getattr(after, name), (seat, name, events)
            if not dealt:  # a new deal's cards come with the table's view, not an event
                assert shown.hand == after.hand, (seat, events)
    assert state.is_over()
