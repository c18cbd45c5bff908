"""``tarneeb arena``: AI levels and protocol bots play duplicate deals against each other.

Every deal is played twice with the same cards in the same seats and the two teams swapped,
so that the luck of the cards cancels out. See the spec in docs/ai.md and the bot protocol.

In 41 (``game = "41"``) a hand ends with ``SeatsScored``: each side's points are its two
players' summed points, and each player's own bid counts as one contract of their side,
made when they took at least that many tricks (:func:`outcome`).
"""

from __future__ import annotations

import logging
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tarneeb_desktop.rules import GameState, HandScored, HandThrownIn, Rules, SeatsScored, View
from tarneeb_desktop.rules.view import teams_of
from tarneeb_desktop.seeds import match_game_seed, match_hand_seed, seat_seed, side_seed
from tarneeb_desktop.table.bots import BotSeat
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.history import thrown_in
from tarneeb_desktop.table.seats import ComputerSeat, Seat

log = logging.getLogger(__name__)

ViewHook = Callable[[int, View, GameState], None]

# Redraws of a deal that keeps being thrown in before it is scored as 0 : 0.
MAX_REDRAWS = 50


class _Timed(Seat):
    """A side's seat in the arena: counts its decisions and their time for the side, and
    shows each view to the test hook first."""

    kind = "computer"

    def __init__(self, side: Side, seat: Seat, on_view: ViewHook | None, state: GameState) -> None:
        super().__init__(seat.name)
        self.side, self.inner, self.on_view, self.state = side, seat, on_view, state

    def automatic(self, view: View) -> bool:
        return True

    def decide(self, view: View) -> str:
        if self.on_view is not None:
            self.on_view(view.seat, view, self.state)
        start = time.perf_counter()
        try:
            return self.inner.decide(view)
        finally:
            self.side.seconds += time.perf_counter() - start
            self.side.decisions += 1


@dataclass
class Side:
    """One team of the arena: an AI level or a ``cmd:`` bot, with its tallies."""

    spec: str
    rules: Rules
    timeout: float
    seed: int
    seats: dict[int, Seat] = field(default_factory=dict)
    table_faults: int = 0
    decisions: int = 0
    seconds: float = 0.0
    declared: int = 0
    made: int = 0
    points: list[int] = field(default_factory=list)

    @property
    def command(self) -> str | None:
        return self.spec[4:] if self.spec.startswith("cmd:") else None

    @property
    def faults(self) -> int:
        """Decisions that did not count: a computer's error or illegal answer, a bot's
        time-out, bad reply or failure to start."""
        bots = sum(s.faults for s in self.seats.values() if isinstance(s, BotSeat))
        return self.table_faults + bots

    def seat(self, seat: int) -> Seat:
        """This side's player at ``seat`` (the same one for every hand of the match)."""
        if seat not in self.seats:
            command = self.command
            self.seats[seat] = (
                BotSeat(command, seat, self.rules, self.timeout, seat_seed(self.seed, seat))
                if command is not None
                else ComputerSeat(self.spec, seat_seed(self.seed, seat))
            )
        return self.seats[seat]

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()


def draw_deal(rng: random.Random) -> list[int]:
    """Four 13-card hands (masks) from the arena's seeded generator."""
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4)]


Scored = HandScored | SeatsScored


@dataclass(frozen=True)
class Outcome:
    """One played hand seen from the two teams: points, contracts declared and made."""

    points: tuple[int, int]
    declared: tuple[int, int]
    made: tuple[int, int]


def outcome(res: Scored) -> Outcome:
    """Per team (0 = seats 0 and 2): the hand's points and its contracts. In Tarneeb the
    declaring team has one contract; in 41 every seat's own bid is a contract of its team."""
    if isinstance(res, SeatsScored):
        pts = [0, 0]
        declared = [0, 0]
        made = [0, 0]
        for seat in range(4):
            pts[seat & 1] += res.points[seat]
            declared[seat & 1] += 1
            made[seat & 1] += int(res.tricks[seat] >= res.bids[seat])
        return Outcome((pts[0], pts[1]), (declared[0], declared[1]), (made[0], made[1]))
    team = res.declarer & 1
    dec = (1, 0) if team == 0 else (0, 1)
    mk = (int(res.made), 0) if team == 0 else (0, int(res.made))
    return Outcome((res.points[0], res.points[1]), dec, mk)


def hand_state(
    rules: Rules,
    hands: list[int],
    dealer: int,
    seed: int = 0,
    scores: tuple[int, ...] | None = None,
) -> GameState:
    """A new game with these cards dealt, from 0-0 or from ``scores`` (Tarneeb's two team
    totals, 41's four seat scores)."""
    state = GameState.new(rules, seed, dealer=dealer)
    state.set_deal(hands)
    if scores is not None and rules.game == "41":
        s0, s1, s2, s3 = scores
        state.seat_scores = (s0, s1, s2, s3)
        state.scores = list(teams_of(state.seat_scores))
    elif scores is not None:
        state.scores = list(scores)
    return state


def play_hand(
    rules: Rules,
    hands: list[int],
    dealer: int,
    seat_sides: list[Side],
    seed: int = 0,
    on_view: ViewHook | None = None,
    scores: tuple[int, ...] | None = None,
) -> Scored | None:
    """Play one hand from 0-0 (or from ``scores``: Tarneeb's two team totals, 41's four seat
    scores) with these cards through the table flow, at full speed; None when it was thrown
    in. The result is ``HandScored``, or ``SeatsScored`` in 41."""
    state = hand_state(rules, hands, dealer, seed, scores)
    seats: list[Seat] = [
        _Timed(side, side.seat(s), on_view, state) for s, side in enumerate(seat_sides)
    ]
    table = Table(state, seats)
    table.run(
        until=lambda events: any(
            isinstance(e, HandScored | SeatsScored | HandThrownIn) for e in events
        ),
        max_actions=1000,
    )
    for seat, _fault in table.faults:
        seat_sides[seat].table_faults += 1
    return next((e for e in table.last_events if isinstance(e, HandScored | SeatsScored)), None)


def play_game(
    rules: Rules,
    seed: int,
    specs: list[str],
    names: list[str] | None = None,
    bot_timeout: float = 10.0,
) -> Table:
    """One whole game at full speed through the table flow, seat ``s`` played by
    ``specs[s]`` (a computer level or ``cmd:COMMAND``), each seeded by the one seat formula
    from ``seed``; returns the finished table (its state, names and faults)."""
    seats: list[Seat] = []
    for s, spec in enumerate(specs):
        side = Side(spec, rules, bot_timeout, seed)
        seats.append(side.seat(s))
    table = Table(GameState.new(rules, seed), seats, names, seed=seed)
    try:
        table.run()
    finally:
        table.close()
    return table


def _avg(xs: list[int]) -> float:
    return round(statistics.fmean(xs), 3) if xs else 0.0


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % (Wilson score) interval of a share of ``wins`` out of ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_games(
    rules: Rules,
    games: int,
    seed: int,
    team0: str,
    team1: str,
    bot_timeout: float = 10.0,
    progress: bool = True,
    sides: tuple[Side, Side] | None = None,
) -> dict[str, Any]:
    """Play ``games`` pairs of whole games from 0-0 to the target: each pair on one deal
    sequence (one game seed), once with ``team0`` in seats 0 and 2 and once in seats 1 and 3.
    Returns the result object of ``arena --games --json``: games won by each side with a
    95 % interval, and the points a deal over every hand played. ``sides`` (the benches)
    gives the two teams' players ready made, ``team0`` and ``team1`` then only name them."""
    if sides is None:
        sides = (
            Side(team0, rules, bot_timeout, side_seed(seed, 0)),
            Side(team1, rules, bot_timeout, side_seed(seed, 1)),
        )
    a, b = sides
    wins = [0, 0]
    hands = 0
    pair_diffs: list[int] = []  # per pair: team0's games won minus team1's (-2..2)
    start = time.monotonic()
    try:
        for g in range(games):
            game_seed = match_game_seed(seed, g)
            pair = 0
            for a_even in (True, False):
                by_seat = [a, b, a, b] if a_even else [b, a, b, a]
                seats: list[Seat] = [by_seat[s].seat(s) for s in range(4)]
                table = Table(GameState.new(rules, game_seed), seats, seed=game_seed)
                table.run(max_actions=200_000)
                state = table.state
                for seat, _fault in table.faults:
                    by_seat[seat].table_faults += 1
                a_team = 0 if a_even else 1
                for row in state.history:
                    if thrown_in(row):  # the one rule of the game over and the viewer
                        continue
                    hands += 1
                    if row.seat_points is not None:
                        pts = (
                            row.seat_points[0] + row.seat_points[2],
                            row.seat_points[1] + row.seat_points[3],
                        )
                    else:
                        pts = (row.points[0], row.points[1])
                    a.points.append(pts[a_team])
                    b.points.append(pts[1 - a_team])
                won = state.winner if state.is_over() else None
                if won is not None:
                    if won == a_team:
                        wins[0] += 1
                        pair += 1
                    else:
                        wins[1] += 1
                        pair -= 1
            pair_diffs.append(pair)
            if progress:
                _progress(g + 1, games, start, "game pairs")
    finally:
        a.close()
        b.close()
    n = 2 * games
    lo, hi = wilson(wins[0], n)

    diffs = [x - y for x, y in zip(a.points, b.points, strict=True)]
    return {
        "games": n,
        "pairs": games,
        "team0": team0,
        "team1": team1,
        "rules": rules.to_dict(),
        "games_won": wins,
        "share_won": [round(wins[0] / n, 3), round(wins[1] / n, 3)] if n else [0.0, 0.0],
        "share_ci95": [round(lo, 3), round(hi, 3)],
        "pairs_split": sum(1 for d in pair_diffs if d == 0),
        "hands": hands,
        "points_per_deal": [_avg(a.points), _avg(b.points)],
        "diff_per_deal": round(statistics.fmean(diffs), 3) if diffs else 0.0,
        "faults": [a.faults, b.faults],
    }


def _progress(done: int, total: int, start: float, what: str = "deals") -> None:
    width = 30
    filled = width * done // max(1, total)
    rate = (time.monotonic() - start) / max(1, done)
    eta = rate * (total - done)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {what}  eta {eta:5.0f}s"
    )
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_arena(
    rules: Rules,
    deals: int,
    seed: int,
    team0: str,
    team1: str,
    bot_timeout: float = 10.0,
    progress: bool = True,
    on_view: ViewHook | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and return the result object of ``--json``."""
    a = Side(team0, rules, bot_timeout, side_seed(seed, 0))
    b = Side(team1, rules, bot_timeout, side_seed(seed, 1))
    rng = random.Random(seed)
    deal_diffs: list[float] = []
    start = time.monotonic()
    try:
        for i in range(deals):
            dealer = i % 4
            diffs: list[int] = []
            for _ in range(MAX_REDRAWS):
                hands = draw_deal(rng)
                results = []
                for a_seats_even in (True, False):
                    sides = [a, b, a, b] if a_seats_even else [b, a, b, a]
                    res = play_hand(rules, hands, dealer, sides, match_hand_seed(seed, i), on_view)
                    results.append((res, a_seats_even))
                if all(r is not None for r, _ in results):
                    break
            else:
                results = []
            for res, a_even in results:
                assert res is not None
                a_team = 0 if a_even else 1
                out = outcome(res)
                pa, pb = out.points[a_team], out.points[1 - a_team]
                a.points.append(pa)
                b.points.append(pb)
                a.declared += out.declared[a_team]
                a.made += out.made[a_team]
                b.declared += out.declared[1 - a_team]
                b.made += out.made[1 - a_team]
                diffs.append(pa - pb)
            if not results:
                # Thrown in MAX_REDRAWS times running: both plays score 0 : 0.
                a.points.extend((0, 0))
                b.points.extend((0, 0))
                diffs = [0, 0]
            deal_diffs.append(sum(diffs) / len(diffs))
            if progress:
                _progress(i + 1, deals, start)
    finally:
        a.close()
        b.close()
    n = len(deal_diffs)
    mean = statistics.fmean(deal_diffs) if n else 0.0
    half = 1.96 * statistics.stdev(deal_diffs) / math.sqrt(n) if n > 1 else 0.0

    return {
        "deals": deals,
        "team0": team0,
        "team1": team1,
        "rules": rules.to_dict(),
        "points_per_deal": [_avg(a.points), _avg(b.points)],
        "diff_per_deal": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "contracts_made": [
            round(a.made / a.declared, 3) if a.declared else 0.0,
            round(b.made / b.declared, 3) if b.declared else 0.0,
        ],
        "faults": [a.faults, b.faults],
        "ms_per_decision": [
            round(1000 * a.seconds / a.decisions, 3) if a.decisions else 0.0,
            round(1000 * b.seconds / b.decisions, 3) if b.decisions else 0.0,
        ],
    }
