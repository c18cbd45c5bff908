"""Engine speed: random full hands per second on one core, and replaying a 30-hand record.

A hand is an auction (random calls until someone declares; thrown-in hands are dealt again
and not counted) and 52 plays, with the legal actions generated at every step.
Prints its figures; the last line is ``hands_per_second: N``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarneeb_desktop.record import replay, to_record  # noqa: E402
from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402


def random_hands(seconds: float = 3.0) -> tuple[int, int]:
    rng = random.Random(1)
    g = GameState.new(make_rules("standard"), seed=1)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            if g.is_over() or g.hand_index > 30:
                g = GameState.new(make_rules("standard"), seed=rng.randrange(10**9))
            index = g.hand_index
            while g.hand_index == index and not g.is_over():
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
                actions += 1
            if g.history and g.history[-1].plays:
                hands += 1
    elapsed = time.perf_counter() - start
    return int(hands / elapsed), int(actions / elapsed)


def thirty_hand_record() -> dict:
    """A record of 30 played hands (and the thrown-in hands between them)."""
    rng = random.Random(5)
    g = GameState.new(make_rules("standard", target=1000), seed=5)
    while sum(1 for h in g.history if h.plays) < 30 or g.hand_actions:
        g.apply(rng.choice(g.legal_actions()))
    return to_record(g)


def main() -> None:
    doc = thirty_hand_record()
    n = len(doc["hands"])
    reps = 20
    start = time.perf_counter()
    for _ in range(reps):
        replay(doc)
    replay_ms = (time.perf_counter() - start) / reps * 1000
    hps, aps = random_hands()
    print(f"actions_per_second: {aps}")
    print(f"replay_ms ({n}-hand record, 30 played): {replay_ms:.1f}")
    print(f"hands_per_second: {hps}")


if __name__ == "__main__":
    main()
