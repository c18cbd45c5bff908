"""Statistics kept across runs: games and hands played and won, contracts bid and made,
by rules preset and by the opponents' level; and the player's rating (an Elo) per rules
preset, from the games against one computer level, with its history.

Both games are counted, each under its presets (``syrian41/medium``...; 41 played from a
Tarneeb preset is ``41+custom``), so the two never mix: :func:`game_of` tells a group's
game. In 41 a hand is counted once played (a hand thrown in for a low total is not), its
points are the partners' sums, and "contracts" are the player's own bids: one per hand,
made when the player took at least as many tricks as they bid."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules import HandResult
from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.storage import load_json, write_json_atomic
from tarneeb_desktop.table.ending import GameEnd
from tarneeb_desktop.table.flow import TAKE_BACK, Change, Table

log = logging.getLogger(__name__)

STATS_FILE = "stats.json"


def stats_path() -> Path:
    """Where the statistics are kept."""
    return user_data_dir() / STATS_FILE


VERSION = 1
COUNTERS = (
    "games_played",
    "games_won",
    "hands_played",
    "hands_won",
    "contracts_bid",
    "contracts_made",
    "points_for",
    "points_against",
)


#: The rating each computer level stands for (fixed: the player's rating moves against
#: them). A new player starts at START; a game moves it by up to K.
LEVEL_RATINGS = {"random": 800, "easy": 1000, "medium": 1200, "hard": 1400, "expert": 1500}
START = 1200.0
K = 32.0
#: Games of a rating's history kept (its chart).
HISTORY = 200


def expected(rating: float, opponent: float) -> float:
    """The Elo expectation of a game won against ``opponent`` (0 to 1)."""
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400.0))


def _empty() -> dict[str, int]:
    return {k: 0 for k in COUNTERS}


def game_of(key: str) -> str:
    """The game (``"tarneeb"`` or ``"41"``) of a group ``"preset[+custom]/level"``."""
    preset = key.partition("/")[0].removesuffix("+custom")
    if preset == "41":
        return "41"
    rules = ALL_PRESETS.get(preset)
    return rules.game if rules is not None else "tarneeb"


class _Signed:
    """A group's counters, each ``+=`` multiplied by ``sign`` (-1: taking counts out)."""

    def __init__(self, g: dict[str, int], sign: int) -> None:
        self.g, self.sign = g, sign

    def __getitem__(self, k: str) -> int:
        return self.g[k]

    def __setitem__(self, k: str, v: int) -> None:
        self.g[k] += (v - self.g[k]) * self.sign


@dataclass
class Statistics:
    """Counters per "preset / opponents' level" key, for the player's team (team 0)."""

    groups: dict[str, dict[str, int]] = field(default_factory=dict)
    problem: str | None = None  # set when the file was broken and has been reset
    #: per rules preset: the rating now and its history, [[time, rating after, level, won]]
    ratings: dict[str, dict[str, Any]] = field(default_factory=dict)

    @staticmethod
    def key(preset: str, level: str) -> str:
        return f"{preset}/{level}"

    def group(self, preset: str, level: str) -> dict[str, int]:
        return self.groups.setdefault(self.key(preset, level), _empty())

    def record_hand(
        self, preset: str, level: str, result: HandResult, team: int = 0, sign: int = 1
    ) -> None:
        """Count one finished hand (thrown-in hands are not counted). In 41 the bid counted
        is the player's own: seat ``team`` (seat 0, the person who started the game).
        ``sign`` -1 takes a counted hand out again (a game marked after it was counted)."""
        if result.bids is not None:
            g41 = _Signed(self.group(preset, level), sign)
            self._record_hand41(g41, result, team)
            return
        if result.declarer is None:
            return
        g = _Signed(self.group(preset, level), sign)
        g["hands_played"] += 1
        if result.points[team] > result.points[1 - team]:
            g["hands_won"] += 1
        g["points_for"] += result.points[team]
        g["points_against"] += result.points[1 - team]
        if result.declarer % 2 == team:
            g["contracts_bid"] += 1
            assert result.contract is not None
            bid = int("".join(c for c in result.contract if c.isdigit()))
            if result.tricks[team] >= bid:
                g["contracts_made"] += 1

    @staticmethod
    def _record_hand41(g: _Signed, result: HandResult, seat: int) -> None:
        bids, took = result.bids, result.seat_tricks
        if not result.trump or bids is None or took is None:
            return  # thrown in: the bids fell short, nothing was played
        team = seat & 1
        g["hands_played"] += 1
        if result.points[team] > result.points[1 - team]:
            g["hands_won"] += 1
        g["points_for"] += result.points[team]
        g["points_against"] += result.points[1 - team]
        g["contracts_bid"] += 1
        if took[seat] >= bids[seat]:
            g["contracts_made"] += 1

    def record_game(
        self, preset: str, level: str, winner: int, team: int = 0, when: float | None = None
    ) -> None:
        g = self.group(preset, level)
        g["games_played"] += 1
        if winner == team:
            g["games_won"] += 1
        self.rate(preset, level, winner == team, when)

    def rating(self, preset: str) -> float:
        """The player's rating in ``preset`` (START before any rated game)."""
        got = self.ratings.get(preset)
        return float(got["rating"]) if got else START

    def rate(self, preset: str, level: str, won: bool, when: float | None = None) -> None:
        """A game against computers of ``level`` moves the rating of ``preset`` (Elo, K);
        games against people or mixed levels are not rated."""
        opponent = LEVEL_RATINGS.get(level)
        if opponent is None:
            return
        now = self.rating(preset)
        after = now + K * ((1.0 if won else 0.0) - expected(now, opponent))
        entry = self.ratings.setdefault(preset, {"rating": START, "history": []})
        entry["rating"] = round(after, 1)
        when = time.time() if when is None else when
        entry["history"] = [*entry["history"], [round(when), round(after, 1), level, won]]
        del entry["history"][:-HISTORY]

    def totals(self, game: str | None = None) -> dict[str, int]:
        """Every group's counters summed (only ``game``'s groups when given)."""
        out = _empty()
        for key, g in self.groups.items():
            if game is not None and game_of(key) != game:
                continue
            for k in COUNTERS:
                out[k] += g.get(k, 0)
        return out

    def reset(self) -> None:
        self.groups.clear()
        self.ratings.clear()

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "groups": self.groups, "ratings": self.ratings}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Parse, keeping every valid counter and dropping the rest."""
        stats = cls()
        if not isinstance(data, dict) or not isinstance(data.get("groups"), dict):
            stats.problem = "the statistics file had an unknown layout and was reset"
            return stats
        for key, counters in data["groups"].items():
            if not isinstance(key, str) or not isinstance(counters, dict):
                stats.problem = "some statistics were invalid and were dropped"
                continue
            g = _empty()
            for k in COUNTERS:
                v = counters.get(k, 0)
                if isinstance(v, int) and not isinstance(v, bool) and v >= -(10**9):
                    g[k] = v
                else:
                    stats.problem = "some statistics were invalid and were dropped"
            stats.groups[key] = g
        raw = data.get("ratings", {})
        for preset, entry in (raw if isinstance(raw, dict) else {}).items():
            parsed = _rating_of(entry)
            if isinstance(preset, str) and parsed is not None:
                stats.ratings[preset] = parsed
            else:
                stats.problem = "some statistics were invalid and were dropped"
        return stats

    @classmethod
    def load(cls, path: Path) -> Statistics:
        data, problem = load_json(path)
        if data is None:
            stats = cls()
            stats.problem = problem
            return stats
        return cls.from_dict(data)

    def save(self, path: Path) -> None:
        write_json_atomic(path, self.to_dict())


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e12


def _rating_of(entry: Any) -> dict[str, Any] | None:
    """A rating as the file has it, its history's valid games kept; None when broken."""
    if not isinstance(entry, dict) or not _number(entry.get("rating")):
        return None
    history = entry.get("history")
    kept = [
        [h[0], h[1], h[2], h[3]]
        for h in (history if isinstance(history, list) else [])
        if isinstance(h, list) and len(h) == 4 and _number(h[0]) and _number(h[1])
        and h[2] in LEVEL_RATINGS and isinstance(h[3], bool)
    ]  # fmt: skip
    return {"rating": float(entry["rating"]), "history": kept[-HISTORY:]}


class StatsRecorder:
    """Listens to a table flow and counts its finished hands and, once when it ends
    (``ending.GameEnd``), its game in the statistics file (games with a person only: the
    caller, ``session.py``, attaches it to those). A statistics file that cannot be written
    never stops a game."""

    def __init__(self, table: Table, path: Path, level: str) -> None:
        self.table, self.path, self.level = table, path, level
        self.hands = len(table.state.history)
        #: the game's end, counted once (a game resumed after its end is not counted again)
        self.end = GameEnd(table)
        #: no take-back so far in this game (a resumed marked game is not: see _changed)
        self.clean = True
        table.listen(self._changed)

    def _take_out(self) -> None:
        """The game's first take-back: the hands it counted so far come out again (a take-back
        stays within a hand, so they are the finished hands of the game)."""
        self.clean = False
        try:
            stats = Statistics.load(self.path)
            for result in self.table.state.history:
                stats.record_hand(self.preset, self.level, result, sign=-1)
            stats.save(self.path)
        except (OSError, ValueError) as exc:
            log.warning("could not update the statistics: %s", exc)

    @property
    def preset(self) -> str:
        """The group's preset: the rules' own, ``+custom`` when an option differs; 41
        played from a Tarneeb preset (or the reverse) is custom of its own game."""
        rules = self.table.state.rules
        if ALL_PRESETS[rules.preset].game != rules.game:
            return f"{'41' if rules.game == '41' else 'standard'}+custom"
        return rules.preset if rules.matches_preset() else f"{rules.preset}+custom"

    def _changed(self, change: Change) -> None:
        if change.action == TAKE_BACK and self.clean:
            self._take_out()
        if change.action != TAKE_BACK:
            self.clean = not self.table.taken_back
        if self.table.taken_back:
            return  # a move was taken back: the game is kept out of the statistics
        state = self.table.state
        new_hands = state.history[self.hands :]
        game_over = self.end.now()
        if not new_hands and not game_over:
            return
        self.hands = len(state.history)
        try:
            stats = Statistics.load(self.path)
            for result in new_hands:
                stats.record_hand(self.preset, self.level, result)
            if game_over and state.winner is not None:
                stats.record_game(self.preset, self.level, state.winner)
            stats.save(self.path)
        except (OSError, ValueError) as exc:
            log.warning("could not update the statistics: %s", exc)
