"""``Experiment.equity_cards`` (``ai/search_experiments.py``): Tarneeb card play valued by
the change in the chance to win the game (ai/equity.py's tables) instead of the hand's
points.

Near the target the two differ: a sure contract that wins the game is worth more than a
line with more tricks on average that sometimes goes down, and when the opponents' making
wins them the game, how many tricks they make no longer matters.
"""

from __future__ import annotations

import dataclasses

import pytest

from tarneeb_desktop.ai import equity, search
from tarneeb_desktop.ai.search_experiments import Experiment
from tarneeb_desktop.rules import GameState, HandScored, SeatsScored, make_rules, score_hand
from tests.scripts import load_script

RULES = make_rules("standard")


def _player(cards: bool) -> search.SearchPlayer:
    base = dataclasses.replace(
        search.LEVEL_CONFIGS["hard"], budget_s=None, max_samples=10, candidates_per_sample=1
    )
    return search.SearchPlayer("hard", 1, base, experiment=Experiment(equity_cards=cards))


def _first_lead(scores: list[int], declarer: int = 0) -> GameState:
    """Seat ``declarer`` bid 7, the others passed, spades are trump: its opening lead."""
    g = GameState.new(RULES, 3, dealer=(declarer + 3) % 4)
    g.scores = list(scores)
    for action in ["7", "pass", "pass", "pass", "S"]:
        g.apply(action)
    assert g.phase == "play"
    return g


def _utility(g: GameState, seat: int, cards: bool) -> list[float]:
    view = g.view(seat)
    win = _player(cards)._win_change(view, cards=True)
    # Tarneeb's utilities are the same for every card (the seat need not be on turn).
    return search._utilities(view, ["any"], 13, win)["any"]


def test_at_the_start_of_a_game_the_values_are_near_the_points() -> None:
    g = _first_lead([0, 0])
    points, game = _utility(g, 0, False), _utility(g, 0, True)
    hand = [a - b for a, b in (score_hand(RULES, 7, k, False) for k in range(14))]
    assert points == pytest.approx([p + 0.01 * k for k, p in enumerate(hand)])
    assert all(abs(v - p) <= max(3.0, 0.35 * abs(p)) for v, p in zip(game, hand, strict=True))
    assert game == sorted(game)


def test_when_making_wins_the_game_overtricks_are_worth_nothing() -> None:
    g = _first_lead([25, 0])  # 7 made gives 32 of 31
    game = _utility(g, 0, True)
    made = [v - 0.01 * k for k, v in enumerate(game)][7:13]
    assert made == pytest.approx([made[0]] * 6, abs=1e-9)
    before = equity.win_chance(RULES, (25, 0), 0, g.dealer)
    assert made[0] * equity.points_scale(RULES) == pytest.approx(1 - before)
    # Defending the same contract (seat 1): every making loses the game alike.
    defence = _utility(g, 1, True)
    lost = [v - 0.01 * k for k, v in enumerate(defence)][1:7]  # declarers take 12..7
    assert lost == pytest.approx([lost[0]] * 6, abs=1e-9)
    assert defence[7] > lost[0]


def test_a_sure_game_is_preferred_to_more_tricks_that_may_go_down(monkeypatch) -> None:
    """Card A takes exactly 7 in every sample; card B 12 in nine of ten and 6 in one. In
    points B is better (9.4 against 7); at 25 of 31, A wins the game for sure."""
    g = _first_lead([25, 0])
    view = g.view(0)
    sure, bold = view.legal[0], view.legal[-1]
    deal = [list(g.hands), 1.0]
    monkeypatch.setattr(search, "weighted_deals", lambda *a, **k: [tuple(deal)] * 10)
    boards = iter(range(10_000))

    def solve(batch):  # type: ignore[no-untyped-def]
        out = []
        for _ in batch:
            n = next(boards)
            res = dict.fromkeys(view.legal, 0)
            res[sure] = 7
            res[bold] = 6 if n % 10 == 9 else 12
            out.append(res)
        return out

    monkeypatch.setattr(search.dds, "solve_many", solve)
    assert _player(False).choose(view) == bold
    boards = iter(range(10_000))
    player = _player(True)
    assert player.choose(view) == sure
    assert player.stats.samples == 10
    # At 0-0 the game player agrees with the points (more tricks, a small risk).
    boards = iter(range(10_000))
    assert _player(True).choose(_first_lead([0, 0]).view(0)) == bold


def test_the_match_benchs_game_measure_and_changed_levels() -> None:
    match = load_script("bench/ai_search_match.py")
    before = equity.win_chance(RULES, (28, 20), 0, 1)
    # Team 0 declares 8 from 28 and takes 9: 37, the game is won.
    made = HandScored(0, "8", False, (9, 4), (9, 0), (37, 20), True)
    assert match.equity_change(RULES, 1, (28, 20), made) == pytest.approx(100 * (1 - before))
    # Team 1 declares 7 from 20 and goes down with 6: 28 + 7 for team 0, the game is won.
    down = HandScored(1, "7", False, (7, 6), (7, -7), (35, 13), False)
    assert match.equity_change(RULES, 1, (28, 20), down) == pytest.approx(100 * (1 - before))
    # Team 0 goes down from 28: 21 against 27, the game goes on with seat 2 dealing.
    lost = HandScored(0, "7", False, (6, 7), (-7, 7), (21, 27), False)
    after = equity.win_chance(RULES, (21, 27), 0, 2)
    assert match.equity_change(RULES, 1, (28, 20), lost) == pytest.approx(100 * (after - before))
    # 41: seat 0 at 38 makes its 3 with partner on 5 (41 and a positive partner: won).
    r41 = make_rules("lebanese400")
    won = SeatsScored((3, 2, 4, 4), (3, 2, 4, 4), (3, 2, 4, 4), (41, 2, 9, 4))
    before41 = equity.win_chance(r41, (38, 0, 5, 0), 0, 1)
    assert match.equity_change(r41, 1, (38, 0, 5, 0), won) == pytest.approx(100 * (1 - before41))
    side = match.make_side("hard:equity_cards=false,max_samples=7", RULES, 3)
    players = [side.seat(s).player for s in range(4)]
    assert all(not p.experiment.equity_cards and p.config.max_samples == 7 for p in players)
    assert all(p.experiment.equity_calls for p in players)  # the rest is hard's
    assert all(p.config.stop_z == search.LEVEL_CONFIGS["hard"].stop_z for p in players)
    assert match.make_side("medium", RULES, 3).spec == "medium"


def _41_at_play(scores: tuple[int, int, int, int]) -> GameState:
    """A lebanese400 hand bid by medium players, its play about to start, from ``scores``."""
    from tarneeb_desktop.ai import make_player

    g = GameState.new(make_rules("lebanese400"), 5)
    medium = make_player("medium", 1)
    while g.phase != "play":
        g.apply(medium.choose(g.view(g.turn)))
    g.seat_scores = scores
    return g


def test_the_levels_play_tarneebs_cards_for_the_game_and_41_as_before() -> None:
    player = search.SearchPlayer("hard", 1)
    assert player._win_change(_first_lead([25, 0]).view(0), cards=True) is not None
    assert player._win_change(_41_at_play((20, 38, 10, 5)).view(0), cards=True) is None
