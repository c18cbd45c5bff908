"""The card search's stopping rule (``Experiment.stop_early``, issue 39).

No test times anything: the solver is replaced by a fake one where the figures must be
exact (how many deals a decision solves), the search has no clock (``budget_s=None``) or a
fake one, and the real solver is used only where the point is that the choice depends on
the view alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

import pytest

from tarneeb_desktop.ai import dds, search
from tarneeb_desktop.ai.knowledge import analyse
from tarneeb_desktop.ai.sampling import Sampler
from tarneeb_desktop.ai.search import (
    LEVEL_CONFIGS,
    SearchPlayer,
    _clear_lead,
    _equivalence_classes,
)
from tarneeb_desktop.rules import GameState, View, make_rules, mask_of
from tarneeb_desktop.rules.selfplay import from_view

# the fixed-sample search these positions were chosen with
from tests.test_ai_search import FAST, PLAIN

needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS library not available")

# No clock; the cap is what "today's" search would solve. The hand's points and the
# hand-set reading of the calls (the positions below were chosen with these): with STOPS the
# stopping rule, with PLAIN every deal up to the cap.
CAP = 40
QUICK = dataclasses.replace(FAST, max_samples=CAP, stop_min_samples=6)
STOPS = dataclasses.replace(PLAIN, stop_early=True)


def to_play(seed: int, tricks: int, extra: int = 0) -> GameState:
    """A random game in its play phase after ``tricks`` tricks and ``extra`` more cards."""
    rng = random.Random(seed)
    g = GameState.new(make_rules("standard"), seed=seed)
    while g.phase != "play":
        legal = g.legal_actions()
        g.apply(
            legal[1]
            if g.phase == "auction" and len(g.calls) < 2 and len(legal) > 1
            else rng.choice(legal)
        )
    for _ in range(4 * tricks + extra):
        g.apply(rng.choice(g.legal_actions()))
    return g


def find_view(want: Callable[[View], bool], tricks: int = 3) -> View:
    for seed in range(500):
        g = to_play(seed, tricks=tricks, extra=seed % 4)
        view = g.view(g.turn)
        if want(view):
            return view
    raise AssertionError("no such position")


def classes(view: View) -> list[list[str]]:
    return _equivalence_classes(view, list(view.legal), analyse(view).played)


def several_classes(view: View) -> bool:
    return len(view.legal) > 2 and len(classes(view)) > 2


class FakeSolver:
    """``dds.solve_many`` answering from ``tricks(deal number, card)``, counting the deals."""

    def __init__(self, tricks: Callable[[int, str], int]) -> None:
        self.tricks = tricks
        self.solved = 0
        self.boards: list[tuple[tuple[str, ...], ...]] = []
        self.calls: list[int] = []  # boards per call

    def __call__(self, boards: Sequence[dds.Board]) -> list[dict[str, int]]:
        self.calls.append(len(boards))
        out = []
        for hands, _trump, leader, trick in boards:
            seat = (leader + len(trick)) % 4
            n = self.solved
            self.solved += 1
            self.boards.append(tuple(tuple(h) for h in hands))
            out.append({c: self.tricks(n, c) for c in hands[seat]})
        return out


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[int, str], int]], FakeSolver]:
    def install(tricks: Callable[[int, str], int]) -> FakeSolver:
        solver = FakeSolver(tricks)
        monkeypatch.setattr(search.dds, "solve_many", solver)
        monkeypatch.setattr(search.dds, "available", lambda: True)
        return solver

    return install


# ---------------------------------------------------------------- the rule itself


def test_clear_lead_needs_more_than_the_noise() -> None:
    # The same lead in every deal: no noise at all, clear.
    assert _clear_lead([(1.0, (2.0, 1.0, 0.0))] * 4, z=3.0)
    # A lead that changes sign from deal to deal: a small mean in much noise.
    rows = [(1.0, (1.0, 0.0)), (1.0, (0.0, 1.0))] * 10 + [(1.0, (1.0, 0.0))]
    assert not _clear_lead(rows, z=0.5)
    # A mean lead of 0.5 with a spread of 0.87 per deal: 2.52 standard errors at 20 deals.
    rows = [(1.0, (1.0, 0.0))] * 15 + [(1.0, (-1.0, 0.0))] * 5
    assert _clear_lead(rows, z=2.45)
    assert not _clear_lead(rows, z=2.6)
    # Cards equal in every deal are one choice, not rivals; a tie in the mean is not clear.
    assert _clear_lead([(1.0, (1.0, 1.0, 0.0))] * 3, z=3.0)
    assert _clear_lead([(1.0, (1.0, 1.0))] * 3 + [(1.0, (0.0, 0.0))], z=3.0)
    assert not _clear_lead([(1.0, (1.0, 0.0)), (1.0, (0.0, 1.0))] * 3, z=0.0)
    # A margin lets a rival that can only be a little better go: equal means, tiny spread.
    close = [(1.0, (1.0, 0.99)), (1.0, (0.99, 1.0))] * 20
    assert not _clear_lead(close, z=2.5)
    assert _clear_lead(close, z=2.5, margin=0.1)
    assert not _clear_lead([(1.0, (1.0, 0.0)), (1.0, (0.0, 1.0))] * 20, z=2.5, margin=0.1)


def test_weights_count_as_an_effective_sample_size() -> None:
    # One heavy deal among light ones: the lead rests on that deal, so it is not clear,
    # though the same rows with equal weights would be.
    rows = [(1.0, (1.0, 0.0))] * 9 + [(1.0, (-1.0, 0.0))]
    assert _clear_lead(rows, z=2.5)
    heavy = [(0.01, (1.0, 0.0))] * 9 + [(1.0, (-1.0, 0.0))]
    assert not _clear_lead(heavy, z=1.0)
    assert not _clear_lead([(1.0, (1.0, 0.0))], z=1.0)  # a single deal proves nothing


def test_equivalent_cards_from_the_view() -> None:
    view = find_view(lambda v: len(v.legal) > 1)
    for group in classes(view):
        # a class is a run of one suit
        assert len({c[-1] for c in group}) == 1
    assert sorted(c for g in classes(view) for c in g) == sorted(view.legal)
    base = dataclasses.replace(
        view, hand=("5S", "6S", "8S", "2H"), legal=("5S", "6S", "8S"), trick=(1, ("4S",))
    )

    def cls(v: View, played: list[str]) -> list[list[str]]:
        return _equivalence_classes(v, list(v.legal), mask_of(played))

    # The 7 is out: 5-6 touch, the 8 is apart.
    assert cls(base, ["4S"]) == [["5S", "6S"], ["8S"]]
    # The 7 gone in an earlier trick: all three are one.
    assert cls(base, ["4S", "7S"]) == [["5S", "6S", "8S"]]
    # The 7 on the table in this trick: it splits them (the 8 beats it, the 6 does not).
    on_table = dataclasses.replace(base, trick=(1, ("7S",)))
    assert cls(on_table, ["7S"]) == [["5S", "6S"], ["8S"]]
    # Other suits are other classes.
    mixed = dataclasses.replace(base, trick=None, legal=("5S", "6S", "2H"))
    assert cls(mixed, []) == [["2H"], ["5S", "6S"]]


# ---------------------------------------------------------------- the search with a fake solver


def test_forced_and_near_forced_choices_solve_nothing(fake) -> None:  # type: ignore[no-untyped-def]
    solver = fake(lambda n, c: 5)
    forced = find_view(lambda v: len(v.legal) == 1, tricks=2)
    player = SearchPlayer("hard", 0, QUICK, experiment=STOPS)
    assert player.choose(forced) == forced.legal[0]
    near = find_view(lambda v: len(v.legal) > 1 and len(classes(v)) == 1, tricks=2)
    choice = player.choose(near)
    assert solver.solved == 0 and player.stats.samples == 0 and player.stats.stopped
    # the lowest of the equivalent cards, as the full search plays among equal values
    assert choice == min(near.legal, key=lambda c: "23456789TJQKA".index(c[0]))
    assert SearchPlayer("hard", 0, QUICK, experiment=PLAIN).choose(near) == choice
    assert solver.solved == CAP  # the old search solves them all to find them equal


def test_a_clear_lead_stops_early(fake) -> None:  # type: ignore[no-untyped-def]
    view = find_view(several_classes)
    best = classes(view)[-1][0]
    solver = fake(lambda n, c: 6 if c == best else 5 if n % 3 else 4)
    player = SearchPlayer("hard", 3, QUICK, experiment=STOPS)
    assert player.choose(view) == best
    batch = player.stats.batches and player.stats.samples // player.stats.batches
    assert player.stats.stopped
    assert QUICK.stop_min_samples <= player.stats.samples < QUICK.stop_min_samples + batch
    assert solver.solved == player.stats.samples < CAP
    # Without the rule the same deals are all solved, and the choice is the same.
    full = SearchPlayer("hard", 3, QUICK, experiment=PLAIN)
    assert full.choose(view) == best
    assert full.stats.samples == CAP and not full.stats.stopped


def test_a_close_choice_goes_on_to_the_cap(fake) -> None:  # type: ignore[no-untyped-def]
    view = find_view(several_classes)
    a, b = classes(view)[0][0], classes(view)[-1][0]
    # a and b take one trick more than the other in turn, every other card one fewer.
    solver = fake(
        lambda n, c: (6 if n % 2 else 5) if c == a else (5 if n % 2 else 6) if c == b else 3
    )
    player = SearchPlayer("hard", 3, QUICK, experiment=STOPS)
    player.choose(view)
    assert player.stats.samples == CAP and not player.stats.stopped
    assert solver.solved == CAP


def test_the_first_call_holds_the_minimum_then_wide_batches(fake) -> None:  # type: ignore[no-untyped-def]
    # DDS's threads wait for the slowest board of a call: the deals the stopping rule waits
    # for go in one call, then 4 boards a call in the first trick, 8 at 37 to 44 cards out,
    # 16 later.
    solver = fake(lambda n, c: 0)
    cases = [
        (find_view(lambda v: len(classes(v)) > 1, tricks=0), 4),
        (find_view(lambda v: len(classes(v)) > 1, tricks=3), 8),
        (find_view(lambda v: len(classes(v)) > 1, tricks=6), 16),
    ]
    for view, wide in cases:
        assert len(view.tricks) in (0, 3, 6)
        a, b = classes(view)[0][0], classes(view)[-1][0]
        # a and b take one trick more than the other in turn: never clear.
        solver.tricks = lambda n, c, a=a, b=b: n % 2 if c == a else 1 - n % 2 if c == b else 0
        solver.calls.clear()
        SearchPlayer("hard", 1, QUICK, experiment=STOPS).choose(view)
        first = QUICK.stop_min_samples
        rest = [min(wide, CAP - k) for k in range(max(first, wide), CAP, wide)]
        assert solver.calls == [max(first, wide), *rest]
    # Without the stopping rule there is no minimum to wait for.
    solver.calls.clear()
    SearchPlayer("hard", 1, QUICK, experiment=PLAIN).choose(cases[0][0])
    assert solver.calls == [4] * (CAP // 4)


def test_with_a_clock_a_first_batch_measures_the_cost(fake) -> None:  # type: ignore[no-untyped-def]
    # With a clock the first call is one batch; the rest of the rule's minimum follows in
    # one call only as far as the budget allows at the cost that batch measured.
    view = find_view(lambda v: len(classes(v)) > 1, tricks=0)
    a, b = classes(view)[0][0], classes(view)[-1][0]
    now = [0.0]
    solver = fake(lambda n, c: n % 2 if c == a else 1 - n % 2 if c == b else 0)
    counting = solver.__call__

    def timed(boards: Sequence[dds.Board]) -> list[dict[str, int]]:
        now[0] += cost * len(boards)
        return counting(boards)

    search.dds.solve_many = timed  # type: ignore[assignment]  # undone by the fixture
    clocked = dataclasses.replace(QUICK, budget_s=0.35, stop_min_samples=12)
    for cost, calls in (
        (0.001, [4, 8]),  # cheap boards: the minimum in the second call, then batches
        (0.02, [4, 8]),  # 0.08 s, then 0.16 s of the 0.35 fit
        (0.04, [4, 4]),  # 0.16 s: only one more batch fits
        (0.2, [4]),  # the first batch already spent the budget
    ):
        now[0] = 0.0
        solver.calls.clear()
        SearchPlayer("hard", 1, clocked, clock=lambda: now[0], experiment=STOPS).choose(view)
        assert solver.calls[: len(calls)] == calls, cost
        assert now[0] <= 0.35 or solver.calls == [4]


def test_a_close_choice_goes_on_to_the_budget(fake) -> None:  # type: ignore[no-untyped-def]
    view = find_view(several_classes)
    a, b = classes(view)[0][0], classes(view)[-1][0]
    fake(lambda n, c: (6 if n % 2 else 5) if c == a else (5 if n % 2 else 6) if c == b else 3)
    # A fake clock: 0.01 s a reading. The budget, not the rule, ends the search.
    ticks = iter(range(10**6))
    cfg = dataclasses.replace(QUICK, budget_s=0.2, max_samples=100)
    player = SearchPlayer("hard", 3, cfg, clock=lambda: next(ticks) / 100, experiment=STOPS)
    player.choose(view)
    assert not player.stats.stopped
    assert cfg.stop_min_samples < player.stats.samples < 100
    # The same clock with a clear lead stops before the budget.
    fake(lambda n, c: 6 if c == b else 4)
    ticks = iter(range(10**6))
    player = SearchPlayer("hard", 3, cfg, clock=lambda: next(ticks) / 100, experiment=STOPS)
    player.choose(view)
    assert player.stats.stopped and player.stats.samples < cfg.stop_min_samples + 16


def test_the_quick_search_solves_a_prefix_of_the_full_one(fake) -> None:  # type: ignore[no-untyped-def]
    view = find_view(several_classes)
    best = classes(view)[0][0]
    solver = fake(lambda n, c: 7 if c == best else 5)
    SearchPlayer("hard", 11, QUICK, experiment=STOPS).choose(view)
    quick = list(solver.boards)
    solver.boards.clear()
    SearchPlayer("hard", 11, QUICK, experiment=PLAIN).choose(view)
    assert len(quick) < len(solver.boards) == CAP
    assert solver.boards[: len(quick)] == quick


# ---------------------------------------------------------------- the real solver


@needs_dds
def test_quick_choices_depend_only_on_the_view() -> None:
    for tricks in (1, 4, 8):
        g = to_play(5 + tricks, tricks=tricks, extra=1)
        me = g.turn
        view = g.view(me)
        other = Sampler(view, random.Random(9)).deal()
        g2 = from_view(view, other)
        assert g2.view(me) == view and g2.hands != g.hands
        cfg = dataclasses.replace(LEVEL_CONFIGS["expert"], budget_s=None, max_samples=24)
        p1 = SearchPlayer("expert", 7, cfg)
        p2 = SearchPlayer("expert", 7, cfg, clock=lambda: 123.0)
        assert p1.choose(g.view(me)) == p2.choose(g2.view(me))
        assert p1.stats.samples == p2.stats.samples
        assert p1.stats.values == p2.stats.values


@needs_dds
def test_real_positions_stop_early_with_the_full_choice() -> None:
    stopped = 0
    for seed in range(12):
        g = to_play(seed, tricks=5, extra=seed % 4)
        view = g.view(g.turn)
        if len(classes(view)) < 2:
            continue
        quick = SearchPlayer("hard", seed, QUICK, experiment=STOPS)
        full = SearchPlayer("hard", seed, QUICK, experiment=PLAIN)
        q, f = quick.choose(view), full.choose(view)
        assert full.stats.samples == CAP
        if quick.stats.stopped:
            stopped += 1
            assert quick.stats.samples < CAP
        # on these positions the quick choice is the full one
        assert q == f, seed
    assert stopped >= 3
