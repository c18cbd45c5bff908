"""The game-winning-chance tables (``ai/equity.py``, ``tools/make_equity.py``).

Shape of every shipped table (monotone in each team's score, 1 at a won score, 0 at a lost
one, the dealer's symmetry), the DP on small distributions worked out by hand, the shipped
files against the tool's DP of their own recorded distributions, and the sign of the value
of a hand's points near the target.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tarneeb_desktop.ai import equity
from tarneeb_desktop.rules import GameState, make_rules
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
tool = load_script("tools/make_equity.py")

TARNEEB = ("standard", "shortfall", "egyptian")
GAME41 = ("syrian41", "lebanese400")


def doc(name: str) -> dict:
    return json.loads((equity.DATA_DIR / f"equity-{name}.json").read_text(encoding="utf-8"))


def view_at(preset: str, scores=None, seat_scores=None, seat: int = 0, dealer: int = 0):
    g = GameState.new(make_rules(preset), seed=5, dealer=dealer)
    v = g.view(seat)
    if scores is not None:
        v = dataclasses.replace(v, scores=tuple(scores))
    if seat_scores is not None:
        v = dataclasses.replace(v, seat_scores=tuple(seat_scores))
    return v


def test_shipped_files_are_small_and_named_for_their_presets():
    total = 0
    for name in (*TARNEEB, *GAME41):
        path = equity.DATA_DIR / f"equity-{name}.json"
        total += path.stat().st_size
        d = doc(name)
        assert d["preset"] == name
        assert d["rules"] == make_rules(name).full_dict()
        assert d["target"] == make_rules(name).target
        assert d["source"]["hands"] >= 1000
    assert total < 300_000


@pytest.mark.parametrize("name", TARNEEB)
def test_tarneeb_table_shape(name):
    rules = make_rules(name)
    t = equity.load(name)
    assert isinstance(t, equity.TarneebTable)
    target = rules.target
    scores = range(t.low, target)
    for we_deal in (True, False):
        for b in scores:
            col = [t.win(a, b, we_deal) for a in scores]
            assert all(x <= y for x, y in zip(col, col[1:], strict=False)), (b, we_deal)
        for a in scores:
            row = [t.win(a, b, we_deal) for b in scores]
            assert all(x >= y for x, y in zip(row, row[1:], strict=False)), (a, we_deal)
    for other in (t.low, 0, target - 1, target + 3):
        for we_deal in (True, False):
            if other < target:
                assert t.win(target, other, we_deal) == 1.0
                assert t.win(other, target, we_deal) == 0.0
            assert t.win(target + 5, min(other, target + 4), we_deal) == 1.0
    # equal totals at the target play on: the chance is strictly between 0 and 1
    assert 0.0 < t.win(target, target, True) < 1.0
    # the dealer's symmetry: our chance when we deal + theirs at the mirrored score = 1
    for a, b in ((0, 0), (10, -5), (target - 1, 3)):
        assert t.win(a, b, True) + t.win(b, a, False) == pytest.approx(1.0, abs=1e-12)
    # from 0-0 each team has about half
    assert 0.4 < equity.win_chance(rules, (0, 0), 0, 0) < 0.6
    # totals below the table count as its lowest
    assert t.win(t.low - 30, 0, True) == t.win(t.low, 0, True)


@pytest.mark.parametrize("name", GAME41)
def test_race41_table_shape(name):
    rules = make_rules(name)
    t = equity.load(name)
    assert isinstance(t, equity.RaceTable)
    target = rules.target

    def win(s):
        return equity.win_chance(rules, s, 0, 0)

    # a team that has won: 1; lost: 0
    assert win((target, 0, 1, 0)) == 1.0  # seat 0 at the target, partner (seat 2) at 1
    assert win((0, 5, 3, target + 2)) == 0.0
    # partner must be positive: 41 with partner at 0 has not won yet (but is close)
    assert 0.6 < win((target, 0, 0, 0)) < 1.0
    assert win((0, 0, 0, 0)) == pytest.approx(0.5, abs=1e-9)
    # our chance + theirs = 1 (the race is symmetric)
    for s in ((10, 3, 20, -4), (35, 12, 30, 30), (-15, 0, 5, 5)):
        assert win(s) + equity.win_chance(rules, s, 1, 0) == pytest.approx(1.0, abs=1e-9)
    # monotone in each team's scores (each seat's S(n) curve falls as its score rises)
    for other in (-10, 0, 15, 30):
        for partner in (-10, 1, 20):
            # 400 only: from 30 on bids of 5 and 6 are worth 5 and 6 instead of 10 and 12,
            # so 30 can be worse than 29 (a rule, not noise); every other step is monotone.
            steps = [
                s for s in range(-19, target) if not (rules.bid_values == "lebanese" and s == 30)
            ]
            for s in steps:
                assert win((s, other, partner, other)) >= win((s - 1, other, partner, other)) - 1e-4
                assert win((partner, s, other, other)) <= win((partner, s - 1, other, other)) + 1e-4
    # each team's chance of having won within n hands only grows with n
    for row in t.rows[:: max(1, len(t.rows) // 200)]:
        assert all(b <= a for a, b in zip(row, row[1:], strict=False))


def test_tarneeb_dp_on_small_distributions_worked_by_hand():
    # each hand one point to one team, even odds, target 2: from 1-0 we win 3/4
    v = tool.solve_tarneeb([(1, 0, 0, 0.5), (0, 1, 0, 0.5)], target=2, low=-1)
    at = lambda d, a, b: v[d][a + 1][b + 1]  # noqa: E731
    assert at(1, 1, 0) == pytest.approx(0.75)
    assert at(0, 1, 0) == pytest.approx(0.75)
    assert at(1, 0, 0) == pytest.approx(0.5)
    assert at(1, 1, 1) == pytest.approx(0.5)
    # the dealer's team scores 2 a quarter of the time, else the other team 1
    v = tool.solve_tarneeb([(2, 0, 0, 0.25), (0, 1, 0, 0.75)], target=2, low=-1)
    assert at(1, 1, 1) == pytest.approx(0.25)  # we deal: only our 2 wins
    assert at(0, 1, 1) == pytest.approx(0.75)  # they deal: we win with our 1
    # from 0-0 dealing: 1/4 we win at once, 3/4 -> 0-1 and they deal
    # (1,0): they deal at 0-1: 1/4 they reach 2 and lose us the game, 3/4 we reach 1-1, we deal
    w11_we = 0.25
    w01_they = 0.25 * 0 + 0.75 * w11_we
    assert at(0, 0, 1) == pytest.approx(w01_they)
    assert at(1, 0, 0) == pytest.approx(0.25 + 0.75 * w01_they)
    # mirrored states sum to 1 everywhere
    for a in range(-1, 2):
        for b in range(-1, 2):
            assert at(1, a, b) + at(0, b, a) == pytest.approx(1.0)


def test_tie_at_the_target_plays_on():
    # equal results (1, 1) half the time keep the totals equal; else the team with 2 wins
    dist = [(1, 1, 0, 0.5), (2, 0, 0, 0.3), (0, 2, 0, 0.2)]
    t1, t0 = tool.tie_values(dist, kaboot_wins=False)
    # T1 = 0.3 + 0.5 T0, T0 = 0.2 + 0.5 T1
    assert t1 == pytest.approx((0.3 + 0.5 * 0.2) / 0.75)
    assert t0 == pytest.approx(0.2 + 0.5 * t1)
    # with kaboot_wins_game a 13-trick hand wins whatever the totals
    v = tool.solve_tarneeb([(1, 0, 0, 0.5), (16, 0, 1, 0.1), (0, 1, 0, 0.4)], 50, -2, True)
    assert v[1][0][50 - 1 + 2] > 0.1  # even from -2 against 49 the kaboot still wins


def test_race41_dp_by_hand():
    # one seat gains 10 a hand, partner 1: from (30, 0) the team wins in 1 hand, for sure
    dists = {f"{a},{b}": [(10, 1, 1.0)] for a in range(3) for b in range(3)}
    table = tool.solve_race41(dists, target=41, low=-5, high=50, horizon=4)
    states = tool.race_states(-5, 50)
    s = dict(zip(states, table, strict=True))
    assert s[(31, 0)] == [0.0, 0.0, 0.0, 0.0]
    assert s[(21, 0)] == [1.0, 0.0, 0.0, 0.0]
    assert s[(41, 1)] == [0.0, 0.0, 0.0, 0.0]  # already won
    # half the time nothing: S(n) = 1/2^n from one hand away
    dists = {k: [(10, 1, 0.5), (0, 0, 0.5)] for k in dists}
    table = tool.solve_race41(dists, target=41, low=-5, high=50, horizon=3)
    s = dict(zip(states, table, strict=True))
    assert s[(31, 0)] == pytest.approx([0.5, 0.25, 0.125])
    # the race of two such teams, each one hand away: 1/2 by symmetry; pack and read back
    t = equity.RaceTable(
        {
            "target": 41,
            "low": -5,
            "high": 50,
            "horizon": 3,
            "partner_positive": True,
            "scale": tool.SCALE41,
            "data": tool.pack41(table),
        }
    )
    i = t.index(31, 0)
    assert t.race(i, i) == pytest.approx(0.5, abs=1e-4)
    # one hand away against three hands away (won within 3 hands only by 3 hits: 1/8)
    far = t.index(11, 0)
    assert t.rows[far] == pytest.approx([1.0, 1.0, 0.875], abs=1e-4)
    # we win at hand 1, 2 or 3 before them; a tie at hand 3 is half; the rest after the horizon
    expect = 0.5 + 0.25 + 0.125 * 0.875 + 0.5 * 0.125 * 0.125 + 0.5 * 0.125 * 0.875
    assert t.race(i, far) == pytest.approx(expect, abs=1e-3)


@pytest.mark.parametrize("name", TARNEEB)
def test_shipped_tarneeb_table_solves_the_tools_equations(name):
    """The shipped values are the fixed point of the tool's DP equations for the file's own
    distribution (the equations have one solution): every stored state whose successors
    are all stored (totals from -24: no hand loses more than 16) is checked."""
    d = doc(name)
    dist = [tuple(x) for x in d["distribution"]]
    target, low = d["target"], d["solved_low"]
    consts, succ_j, succ_p = tool.tarneeb_equations(dist, target, low, d["kaboot_wins_game"])
    t = equity.load(name)

    def value(i: int) -> float:
        dealt, a, b = tool.tarneeb_state(i, target, low)
        return t.win(a, b, dealt == 1)

    worst = 0.0
    checked = 0
    for i in range(len(consts)):
        dealt, a, b = tool.tarneeb_state(i, target, low)
        if min(a, b) < d["low"] + 16:
            continue
        rhs = consts[i] + sum(p * value(j) for j, p in zip(succ_j[i], succ_p[i], strict=True))
        worst = max(worst, abs(rhs - value(i)))
        checked += 1
    assert checked > 2 * 40 * 40
    assert worst <= 2.0 / d["scale"]
    assert list(d["ties"]) == pytest.approx(tool.tie_values(dist, d["kaboot_wins_game"]))


def test_shipped_race41_table_is_the_tools_dp_of_its_distribution():
    d = doc("lebanese400")
    dists = {k: [tuple(x) for x in v] for k, v in d["distribution"].items()}
    table = tool.solve_race41(
        dists, d["target"], d["low"], d["high"], d["horizon"], d["partner_positive"]
    )
    t = equity.load("lebanese400")
    worst = max(
        abs(a - b)
        for row, got in zip(table, t.rows, strict=True)
        for a, b in zip(row, got, strict=True)
    )
    assert worst <= 1.0 / d["scale"] + 1e-6


def test_value_of_points_near_the_target():
    # 28-20, we need 3: three points are worth far more than at 0-0
    near = view_at("standard", scores=(28, 20))
    start = view_at("standard", scores=(0, 0))
    assert equity.value_of_points(near, 3, 0) > 0.05
    assert equity.value_of_points(near, 3, 0) > 3 * equity.value_of_points(start, 3, 0) > 0
    # going down near the target costs, and their reaching it costs the most
    assert equity.value_of_points(near, -8, 5) < 0
    # they are at 28 (we at 20): their 3 points (the game) are much worse than their 2
    stop = view_at("standard", scores=(20, 28))
    assert equity.value_of_points(stop, 0, 3) < equity.value_of_points(stop, 0, 2) - 0.15
    # read in points, early in the game a point is about a point
    scale = equity.points_scale(start.rules)
    assert 0.5 < equity.value_of_points(start, 6, 0) / scale / 6 < 1.5
    # the evaluator caches, answers the same, and the seat's team is the one asked
    f = equity.evaluator(near)
    assert f(3, 0) == equity.value_of_points(near, 3, 0)
    them = view_at("standard", scores=(28, 20), seat=1)
    assert equity.value_of_points(them, 0, 3) < 0  # seat 1's team is at 20, "them" at 28


def test_value_of_seat_points_41():
    near = view_at("lebanese400", seat_scores=(35, 0, 10, 0))
    start = view_at("lebanese400", seat_scores=(0, 0, 0, 0))
    six = equity.value_of_seat_points(near, (6, 0, 0, 0))
    assert six > 0.05
    assert six > equity.value_of_seat_points(start, (6, 0, 0, 0)) > 0
    assert equity.value_of_seat_points(near, (-10, 0, 0, 0)) < 0
    # the opponents one bid away: their bid made is worse for us than at 0-0
    danger = view_at("lebanese400", seat_scores=(0, 36, 0, 12))
    assert equity.value_of_seat_points(danger, (0, 5, 0, 0)) < equity.value_of_seat_points(
        start, (0, 5, 0, 0)
    )


def test_other_targets_use_the_presets_table_shifted():
    rules = make_rules("standard", target=41)
    assert equity.table_name(rules) == "standard"
    # ten from a 41 target is ten from the 31 target
    assert equity.win_chance(rules, (31, 20), 0, 0) == equity.win_chance(
        make_rules("standard"), (21, 10), 0, 0
    )
    assert equity.available(make_rules("egyptian"))
