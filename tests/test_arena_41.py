"""The arena scores 41 / 400: each side's summed player points, every bid a contract."""

from __future__ import annotations

import random

from tarneeb_desktop import arena
from tarneeb_desktop.rules import SeatsScored, make_rules


def _replay(rules, deals: int, seed: int, team0: str, team1: str):
    """The arena's loop redone by hand from its parts: per-side points and bids made."""
    a = arena.Side(team0, rules, 10.0, seed * 2 + 1)
    b = arena.Side(team1, rules, 10.0, seed * 2 + 2)
    rng = random.Random(seed)
    pts = [0, 0]
    made = [0, 0]
    bids = [0, 0]
    for i in range(deals):
        for _ in range(arena.MAX_REDRAWS):
            hands = arena.draw_deal(rng)
            results = []
            for a_even in (True, False):
                sides = [a, b, a, b] if a_even else [b, a, b, a]
                res = arena.play_hand(rules, hands, i % 4, sides, seed * 100003 + i)
                results.append((res, a_even))
            if all(r is not None for r, _ in results):
                break
        for res, a_even in results:
            assert isinstance(res, SeatsScored)
            for seat in range(4):
                side = 0 if (seat % 2 == 0) == a_even else 1
                pts[side] += res.points[seat]
                bids[side] += 1
                made[side] += int(res.tricks[seat] >= res.bids[seat])
    return pts, made, bids


def test_arena_41_points_are_the_seats_summed_points():
    rules = make_rules("lebanese400")
    result = arena.run_arena(rules, 6, 5, "medium", "easy", progress=False)
    pts, made, bids = _replay(rules, 6, 5, "medium", "easy")
    assert any(pts), "a 41 arena run must score points"
    assert result["points_per_deal"] == [round(pts[0] / 12, 3), round(pts[1] / 12, 3)]
    assert result["contracts_made"] == [round(made[0] / bids[0], 3), round(made[1] / bids[1], 3)]
    assert result["faults"] == [0, 0]


def test_outcome_of_a_41_hand():
    res = SeatsScored((3, 4, 2, 2), (5, 3, 2, 3), (3, -4, 2, 2), (3, -4, 2, 2))
    out = arena.outcome(res)
    assert out.points == (5, -2)
    assert out.declared == (2, 2)
    assert out.made == (2, 1)


def test_syrian41_arena_runs_without_faults():
    result = arena.run_arena(make_rules("syrian41"), 3, 2, "easy", "medium", progress=False)
    assert result["faults"] == [0, 0]
    assert result["points_per_deal"] != [0.0, 0.0]


def test_arena_cli_json_for_400() -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    args = ["arena", "--rules", "lebanese400", "--deals", "2", "--team0", "medium"]
    res = subprocess.run(
        [sys.executable, "-m", "tarneeb_desktop", *args, "--team1", "easy", "--json"],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert "bids made" in res.stdout
    last = json.loads(res.stdout.strip().splitlines()[-1])
    assert last["rules"] == {"preset": "lebanese400"}
    assert last["deals"] == 2
    assert last["points_per_deal"] != [0.0, 0.0]
