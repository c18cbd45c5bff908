"""Statistics: counting hands and games, persistence, and broken files."""

import json
import random

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.stats import Statistics


def _finished_game(seed=4):
    g = GameState.new(make_rules("standard", target=15), seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
        if len(g.history) > 400:
            break
    return g


def test_counts_hands_and_games_and_round_trips(tmp_path):
    g = _finished_game()
    s = Statistics()
    for h in g.history:
        s.record_hand("standard", "medium", h)
    if g.is_over():
        s.record_game("standard", "medium", g.winner)
    t = s.totals()
    played = [h for h in g.history if h.declarer is not None]
    assert t["hands_played"] == len(played)
    assert t["contracts_bid"] == sum(1 for h in played if h.declarer % 2 == 0)
    assert t["points_for"] == sum(h.points[0] for h in played)
    assert t["games_played"] == (1 if g.is_over() else 0)
    path = tmp_path / "stats.json"
    s.save(path)
    again = Statistics.load(path)
    assert again.groups == s.groups and again.problem is None
    again.reset()
    assert again.totals()["hands_played"] == 0


def test_corrupt_file_is_kept_aside_and_reported(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{not json")
    s = Statistics.load(path)
    assert s.groups == {} and "kept" in s.problem
    assert not path.exists() and list(tmp_path.glob("stats.json.broken-*"))


def test_partly_invalid_values_fall_back(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "groups": {"standard/easy": {"games_played": "x", "games_won": 2}, "bad": 5},
            }
        )
    )
    s = Statistics.load(path)
    assert s.groups["standard/easy"]["games_won"] == 2
    assert s.groups["standard/easy"]["games_played"] == 0
    assert "bad" not in s.groups and s.problem
