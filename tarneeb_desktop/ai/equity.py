"""The chance to win the game from a score: shipped tables, answered in microseconds.

Like a match equity table in backgammon or bridge: ``tools/make_equity.py`` plays many hands
of self-play, takes the distribution of one hand's result, and solves the chance to win from
every score by a dynamic programme; the tables ship as ``data/equity-<preset>.json`` (docs/ai.md,
"Playing for the game", says how they are made and what they assume). Here they are only
looked up: no solver, no DDS, no numpy.

* :func:`win_chance` ``(rules, scores, team, dealer)``: the chance that ``team`` wins the game
  from ``scores`` (Tarneeb: the two team totals, ``view.scores``; 41 / 400: the four seat
  scores, ``view.seat_scores``) when ``dealer`` deals the next hand to be played. A score at
  which the game is over gives 1.0 or 0.0.
* :func:`value_of_points` ``(view, points_us, points_them, kaboot=0)``: Tarneeb, what this
  hand scoring ``points_us`` for the viewer's team and ``points_them`` for the other changes
  the viewer's team's chance to win (after the hand, with the next dealer, minus before it).
  ``kaboot`` is 1 / -1 when our / their team took all 13 tricks (it matters only with
  ``kaboot_wins_game``).
* :func:`value_of_seat_points` ``(view, seat_points)``: the same for 41 / 400, the hand's
  points per seat 0..3.
* :func:`evaluator` ``(view)``: a callable ``(points_us, points_them) -> change`` (41: takes
  the four seat points) with a cache, for a search that values many outcomes of one hand.
* :func:`points_scale` ``(rules)``: the change of the chance per point at the start of a game,
  so that ``change / points_scale(rules)`` is in points: about ``points_us - points_them``
  early in a game, more or less near the target.

Tarneeb tables hold totals from ``low`` (-40; lower totals count as -40) to ``target - 1``;
rules whose target is not the table's use the preset's table shifted so the distance to the
target is the same. 41 tables race the two teams (each team's chance of having won within n
hands, from its two seat scores), see ``race``.
"""

from __future__ import annotations

import base64
import json
import sys
import zlib
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from operator import mul
from pathlib import Path
from typing import Any

from tarneeb_desktop.rules import Rules, View
from tarneeb_desktop.rules.game41 import winner as winner41

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
TARNEEB_TABLES = ("standard", "shortfall", "egyptian")
TABLES_41 = ("syrian41", "lebanese400")


def _unpack(data: str) -> list[float]:
    arr = array("H")
    arr.frombytes(zlib.decompress(base64.b64decode(data)))
    if sys.byteorder != "little":
        arr.byteswap()
    return list(arr)


def unpack41(data: str, states: int, horizon: int, scale: int) -> list[tuple[float, ...]]:
    """41's S(1..horizon) per team state from the file's ``data`` (tools/make_equity.py
    ``pack41``: falls per hand, all states hand by hand, low bytes then high bytes)."""
    raw = zlib.decompress(base64.b64decode(data))
    half = len(raw) // 2
    b = bytearray(len(raw))
    b[0::2], b[1::2] = raw[:half], raw[half:]
    arr = array("H")
    arr.frombytes(bytes(b))
    if sys.byteorder != "little":
        arr.byteswap()
    rows = []
    for i in range(states):
        q = scale
        row = []
        for k in range(horizon):
            q -= arr[k * states + i]
            row.append(q / scale)
        rows.append(tuple(row))
    return rows


class TarneebTable:
    """Win chances over (our total, theirs), our team dealing next; theirs dealing by
    symmetry (``1 - win(theirs, ours)``)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.target: int = doc["target"]
        self.low: int = doc["low"]
        self.n: int = self.target - self.low
        scale: int = doc["scale"]
        self.grid: list[float] = [v / scale for v in _unpack(doc["data"])]
        if len(self.grid) != self.n * self.n:
            raise ValueError("equity table of the wrong size")
        self.ties: tuple[float, float] = (doc["ties"][0], doc["ties"][1])

    def win(self, ours: int, theirs: int, we_deal: bool, kaboot: int = 0) -> float:
        """Our chance from totals ``ours`` / ``theirs`` (in this table's target), ``we_deal``
        the next hand; ``kaboot`` 1 / -1: a team has just won by taking all 13 tricks."""
        if kaboot:
            return 1.0 if kaboot > 0 else 0.0
        t = self.target
        if ours >= t or theirs >= t:
            if ours != theirs:
                return 1.0 if ours > theirs else 0.0
            return self.ties[0] if we_deal else self.ties[1]
        low = self.low
        if we_deal:
            a = ours - low if ours > low else 0
            b = theirs - low if theirs > low else 0
            return self.grid[a * self.n + b]
        a = theirs - low if theirs > low else 0
        b = ours - low if ours > low else 0
        return 1.0 - self.grid[a * self.n + b]


class RaceTable:
    """41: per team state (two seat scores), S(n) = the chance of not having won within n
    more hands; two teams' chances combine as a race (:meth:`race`)."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.target: int = doc["target"]
        self.low: int = doc["low"]
        self.high: int = doc["high"]
        self.horizon: int = doc["horizon"]
        self.partner_positive: bool = doc["partner_positive"]
        width = self.high - self.low + 1
        states = width * (width + 1) // 2
        self.rows = unpack41(doc["data"], states, self.horizon, doc["scale"])
        # Per state: P(won at hand n) = S(n - 1) - S(n), and S(horizon).
        self.falls = [
            tuple(p - q for p, q in zip((1.0, *row[:-1]), row, strict=True)) for row in self.rows
        ]
        self._races: dict[tuple[int, int], float] = {}

    def index(self, s1: int, s2: int) -> int:
        """The row of a team whose seats have ``s1`` and ``s2`` (clamped to the table)."""
        lo, hi = self.low, self.high
        a = lo if s1 < lo else hi if s1 > hi else s1
        b = lo if s2 < lo else hi if s2 > hi else s2
        if a < b:
            a, b = b, a
        i = a - lo
        return i * (i + 1) // 2 + (b - lo)

    def survival(self, s1: int, s2: int) -> tuple[float, ...]:
        """S(1..horizon) of a team whose seats have ``s1`` and ``s2``."""
        return self.rows[self.index(s1, s2)]

    def race(self, i: int, j: int) -> float:
        """The chance that team state ``i`` wins before ``j``: the sum over n of P(i wins at
        hand n) x (P(j has not won by n) + half of P(j wins at n too)), plus half of what is
        left after the horizon."""
        key = (i, j)
        got = self._races.get(key)
        if got is None:
            fu, su = self.falls[i], self.rows[i]
            ft, st = self.falls[j], self.rows[j]
            got = sum(map(mul, fu, st)) + 0.5 * sum(map(mul, fu, ft)) + 0.5 * su[-1] * st[-1]
            if len(self._races) > 500_000:
                self._races.clear()
            self._races[key] = got
        return got

    def win(self, rules: Rules, seat_scores: Sequence[int], team: int) -> float:
        over = winner41(rules, seat_scores)
        if over is not None:
            return 1.0 if over == team else 0.0
        s = seat_scores
        shift = self.target - rules.target
        ours = self.index(s[team] + shift, s[team + 2] + shift)
        theirs = self.index(s[1 - team] + shift, s[3 - team] + shift)
        return self.race(ours, theirs)


def table_name(rules: Rules) -> str:
    """The shipped table that serves these rules (its preset's, or the nearest game's)."""
    if rules.game == "41":
        if rules.preset in TABLES_41:
            return rules.preset
        return "lebanese400" if rules.bid_values == "lebanese" else "syrian41"
    if rules.preset in TARNEEB_TABLES:
        return rules.preset
    return "standard"


@cache
def load(name: str) -> TarneebTable | RaceTable:
    """The table ``data/equity-<name>.json`` (read once)."""
    doc = json.loads((DATA_DIR / f"equity-{name}.json").read_text(encoding="utf-8"))
    return RaceTable(doc) if doc["kind"] == "race41" else TarneebTable(doc)


def table_for(rules: Rules) -> TarneebTable | RaceTable:
    return load(table_name(rules))


def available(rules: Rules) -> bool:
    """True when a table for these rules ships (and reads)."""
    try:
        table_for(rules)
    except (OSError, ValueError, KeyError):
        return False
    return True


def win_chance(rules: Rules, scores: Sequence[int], team: int, dealer: int) -> float:
    """The chance that ``team`` (0 = seats 0 and 2) wins the game from ``scores`` (Tarneeb:
    the two team totals; 41: the four seat scores), ``dealer`` dealing the next hand."""
    table = table_for(rules)
    if isinstance(table, RaceTable):
        return table.win(rules, scores, team)
    shift = table.target - rules.target
    return table.win(scores[team] + shift, scores[1 - team] + shift, (dealer & 1) == team)


def value_of_points(view: View, points_us: int, points_them: int, kaboot: int = 0) -> float:
    """Tarneeb: the change in the viewer's team's chance to win if this hand scores
    ``points_us`` for its team and ``points_them`` for the other (``kaboot`` 1 / -1: our /
    their team took all 13 tricks; counted only with ``kaboot_wins_game``)."""
    return evaluator(view)(points_us, points_them, kaboot)


def value_of_seat_points(view: View, seat_points: Sequence[int]) -> float:
    """41 / 400: the change in the viewer's team's chance to win if this hand scores
    ``seat_points`` (seats 0..3)."""
    return evaluator(view)(*seat_points)


def evaluator(view: View) -> Callable[..., float]:
    """A cached function of one hand's outcome for this view, giving the change in the
    viewer's team's chance to win the game (after the hand minus now). Tarneeb:
    ``f(points_us, points_them, kaboot=0)``; 41: ``f(p0, p1, p2, p3)``, each seat's points.
    Build it once per decision: the score and dealer are read from ``view`` here."""
    rules = view.rules
    team = view.seat & 1
    table = table_for(rules)
    if isinstance(table, RaceTable):
        seats = tuple(view.seat_scores or (0, 0, 0, 0))
        now41 = table.win(rules, seats, team)
        cache41: dict[tuple[int, ...], float] = {}

        def f41(*points: int) -> float:
            got = cache41.get(points)
            if got is None:
                after = [s + p for s, p in zip(seats, points, strict=True)]
                got = cache41[points] = table.win(rules, after, team) - now41
            return got

        return f41
    shift = table.target - rules.target
    ours, theirs = view.scores[team] + shift, view.scores[1 - team] + shift
    now = table.win(ours, theirs, (view.dealer & 1) == team)
    next_we_deal = ((view.dealer + 1) & 1) == team
    kaboot_wins = rules.kaboot_wins_game
    cache: dict[tuple[int, int, int], float] = {}

    def f(points_us: int, points_them: int, kaboot: int = 0) -> float:
        key = (points_us, points_them, kaboot if kaboot_wins else 0)
        got = cache.get(key)
        if got is None:
            after = table.win(ours + points_us, theirs + points_them, next_we_deal, key[2])
            got = cache[key] = after - now
        return got

    return f


@cache
def _scale(name: str, target: int) -> float:
    table = load(name)
    step = 5
    if isinstance(table, RaceTable):
        zero, ahead = table.index(0, 0), table.index(step, 0)
        up, down = table.race(ahead, zero), table.race(zero, ahead)
        return (up - down) / (2 * step)
    up = (table.win(step, 0, True) + table.win(step, 0, False)) / 2
    down = (table.win(0, step, True) + table.win(0, step, False)) / 2
    return (up - down) / (2 * step)


def points_scale(rules: Rules) -> float:
    """The change in the chance to win per point near the start of a game (0-0, the dealer
    averaged out; 41: one seat's points): divide a change of chance by it to read it in
    points."""
    return _scale(table_name(rules), rules.target)
