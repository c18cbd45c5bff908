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


def _finished_41_game(preset: str, seed: int) -> GameState:
    """A whole game of 41 with modest random bids (random high bids sink the scores)."""
    g = GameState.new(make_rules(preset, target=21), seed=seed)
    rng = random.Random(seed)
    while not g.is_over() and len(g.history) < 300:
        legal = g.legal_actions()
        g.apply(rng.choice(legal[:4]) if g.phase == "auction" else rng.choice(legal))
    return g


def test_41_is_counted_under_its_preset_with_own_bids_as_contracts():
    from tarneeb_desktop.stats import game_of

    g = _finished_41_game("lebanese400", 3)
    s = Statistics()
    for h in g.history:
        s.record_hand("lebanese400", "medium", h)
    s.record_game("lebanese400", "medium", g.winner if g.winner is not None else 1)
    played = [h for h in g.history if h.trump]  # thrown-in hands are not counted
    assert played and len(played) < len(g.history)
    t = s.groups["lebanese400/medium"]
    assert t["hands_played"] == len(played)
    assert t["contracts_bid"] == len(played)  # my own bid, once a hand
    assert t["contracts_made"] == sum(1 for h in played if h.seat_tricks[0] >= h.bids[0])
    assert 0 < t["contracts_made"] < t["contracts_bid"]
    assert t["points_for"] == sum(h.seat_points[0] + h.seat_points[2] for h in played)
    assert t["points_against"] == sum(h.seat_points[1] + h.seat_points[3] for h in played)
    assert t["hands_won"] == sum(1 for h in played if h.points[0] > h.points[1])
    # the games stay apart
    s.record_game("standard", "medium", 0)
    assert game_of("lebanese400/medium") == "41" and game_of("syrian41+custom/hard") == "41"
    assert game_of("41+custom/easy") == "41" and game_of("standard/medium") == "tarneeb"
    assert s.totals("41")["games_played"] == 1 and s.totals("tarneeb")["games_played"] == 1
    assert s.totals()["games_played"] == 2


def test_the_recorder_files_41_under_its_preset_or_as_41_custom(tmp_path):
    from tarneeb_desktop.stats import StatsRecorder
    from tarneeb_desktop.table.flow import Table
    from tarneeb_desktop.table.seats import ComputerSeat

    def recorder(rules):  # type: ignore[no-untyped-def]
        state = GameState.new(rules, seed=1)
        seats = [ComputerSeat("random", s) for s in range(4)]
        table = Table(state, seats, ["a", "b", "c", "d"], seed=1)
        return StatsRecorder(table, tmp_path / "stats.json", "random")

    assert recorder(make_rules("syrian41")).preset == "syrian41"
    assert recorder(make_rules("lebanese400", target=51)).preset == "lebanese400+custom"
    assert recorder(make_rules("standard", game="41")).preset == "41+custom"
