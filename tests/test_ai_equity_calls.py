"""``Experiment.equity_calls`` (``ai/search_experiments.py``): Tarneeb calls valued by the
change in the chance to win the game (ai/equity.py's tables) instead of the hand's points.

On the same cards and auction (seat 1 opened 7, seat 2 to call), a player that plays for the
game outbids where the hand's points would pass when the opponents are one trick from the
target (anything they take wins them the game), and passes where the points would bid when
it is itself near the target and the opponents are far (its failing would give the game
away for little). Early in a game the values are the hand's points, nearly.
"""

from __future__ import annotations

import dataclasses

import pytest

from tarneeb_desktop.ai import equity, search
from tarneeb_desktop.ai.search_experiments import Experiment
from tarneeb_desktop.rules import GameState, make_rules, score_hand
from tests.scripts import load_script

RULES = make_rules("standard")
DEALS = range(40)


def _players() -> tuple[search.SearchPlayer, search.SearchPlayer]:
    base = dataclasses.replace(search.LEVEL_CONFIGS["hard"], budget_s=None)
    points = search.SearchPlayer("hard", 1, base, experiment=Experiment(equity_calls=False))
    game = search.SearchPlayer("hard", 1, base, experiment=Experiment(equity_calls=True))
    return points, game


def _calls(scores: list[int]) -> list[tuple[str, str]]:
    """(points player's call, game player's call) at seat 2 after seat 1's 7, per deal."""
    points, game = _players()
    out = []
    for seed in DEALS:
        g = GameState.new(RULES, seed, dealer=0)
        g.scores = list(scores)
        g.apply("7")
        view = g.view(2)
        out.append((points.choose(view), game.choose(view)))
    return out


def test_opponents_one_trick_from_the_target_are_outbid_more_often() -> None:
    calls = _calls([0, 30])  # team 1 (seats 1 and 3) needs one point
    bids_more = sum(a == "pass" and b != "pass" for a, b in calls)
    passes_more = sum(a != "pass" and b == "pass" for a, b in calls)
    assert bids_more >= 3 and passes_more == 0, calls


def test_near_the_target_against_a_far_side_it_bids_less() -> None:
    calls = _calls([28, 0])
    bids_more = sum(a == "pass" and b != "pass" for a, b in calls)
    passes_more = sum(a != "pass" and b == "pass" for a, b in calls)
    assert passes_more >= 3 and passes_more > 2 * bids_more, calls


def test_values_are_near_the_points_at_the_start_and_not_near_the_target() -> None:
    _, game = _players()
    g = GameState.new(RULES, 3, dealer=0)
    start = game._outcomes(g.view(2), 8)
    points = [a - b for a, b in (score_hand(RULES, 8, k, False) for k in range(14))]
    # 0-0: within a few points of the hand's points, in the same order.
    assert all(abs(v - p) <= max(3.0, 0.35 * abs(p)) for v, p in zip(start, points, strict=True))
    assert start == sorted(start)
    g.scores = [0, 30]
    late = game._outcomes(g.view(2), 8)
    # One trick from their target: going down (they score the tricks) loses the game,
    # however few tricks short, so every failure is worth the same; making is worth more.
    assert late[:8] == pytest.approx([late[0]] * 8, abs=1e-9)
    assert late[0] < 0 < late[8] <= late[9]
    assert equity.points_scale(RULES) > 0


def test_both_levels_play_for_the_game_and_41s_bids_are_unchanged() -> None:
    for level in ("hard", "expert"):
        exp = search.SearchPlayer(level, 1).experiment
        assert exp.equity_calls and exp.equity_cards
    _, game = _players()
    g41 = GameState.new(make_rules("syrian41"), 5)
    assert game._win_change(g41.view(g41.turn)) is None


def test_the_duels_game_measure_scores_the_game_won_and_lost() -> None:
    duel = load_script("bench/bidding_duel.py")
    g = GameState.new(RULES, 0, dealer=1)
    g.scores = [28, 20]
    view = g.view(0)
    before = equity.win_chance(RULES, (28, 20), 0, 1)
    # Team 0 declares 8 from 28 and makes 9: 37, the game is won.
    assert duel.win_change(view, 0, 9, (9, 0)) == pytest.approx(1 - before)
    # Team 1 declares 7 and takes 3: team 0 (defending) scores 10 and wins.
    assert duel.win_change(view, 1, 3, (-7, 10)) == pytest.approx(1 - before)
    # Team 0 declares 7 and goes down with 6: team 1 reaches 27, the game goes on.
    after = equity.win_chance(RULES, (21, 27), 0, 2)
    assert duel.win_change(view, 0, 6, (-7, 7)) == pytest.approx(after - before)
