"""Statistics kept across runs: games and hands played and won, contracts bid and made,
by rules preset and by the opponents' level."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules import HandResult
from tarneeb_desktop.storage import load_json, write_json_atomic
from tarneeb_desktop.table.flow import Change, Table

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


def _empty() -> dict[str, int]:
    return {k: 0 for k in COUNTERS}


@dataclass
class Statistics:
    """Counters per "preset / opponents' level" key, for the player's team (team 0)."""

    groups: dict[str, dict[str, int]] = field(default_factory=dict)
    problem: str | None = None  # set when the file was broken and has been reset

    @staticmethod
    def key(preset: str, level: str) -> str:
        return f"{preset}/{level}"

    def group(self, preset: str, level: str) -> dict[str, int]:
        return self.groups.setdefault(self.key(preset, level), _empty())

    def record_hand(self, preset: str, level: str, result: HandResult, team: int = 0) -> None:
        """Count one finished hand (thrown-in hands are not counted)."""
        if result.declarer is None:
            return
        g = self.group(preset, level)
        g["hands_played"] += 1
        if result.points[team] > result.points[1 - team]:
            g["hands_won"] += 1
        g["points_for"] += result.points[team]
        g["points_against"] += result.points[1 - team]
        if result.declarer % 2 == team:
            g["contracts_bid"] += 1
            assert result.contract is not None
            level = int("".join(c for c in result.contract if c.isdigit()))
            if result.tricks[team] >= level:
                g["contracts_made"] += 1

    def record_game(self, preset: str, level: str, winner: int, team: int = 0) -> None:
        g = self.group(preset, level)
        g["games_played"] += 1
        if winner == team:
            g["games_won"] += 1

    def totals(self) -> dict[str, int]:
        out = _empty()
        for g in self.groups.values():
            for k in COUNTERS:
                out[k] += g.get(k, 0)
        return out

    def reset(self) -> None:
        self.groups.clear()

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "groups": self.groups}

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


class StatsRecorder:
    """Listens to a table flow and counts its finished hands and game in the statistics
    file (games with a person only: the caller attaches it to those). A statistics file
    that cannot be written never stops a game."""

    def __init__(self, table: Table, path: Path, level: str) -> None:
        self.table, self.path, self.level = table, path, level
        self.hands = len(table.state.history)
        self.over = table.state.is_over()
        table.listen(self._changed)

    @property
    def preset(self) -> str:
        rules = self.table.state.rules
        return rules.preset if rules.matches_preset() else f"{rules.preset}+custom"

    def _changed(self, change: Change) -> None:
        state = self.table.state
        new_hands = state.history[self.hands :]
        game_over = state.is_over() and not self.over
        if not new_hands and not game_over:
            return
        self.hands, self.over = len(state.history), state.is_over()
        try:
            stats = Statistics.load(self.path)
            for result in new_hands:
                stats.record_hand(self.preset, self.level, result)
            if game_over and state.winner is not None:
                stats.record_game(self.preset, self.level, state.winner)
            stats.save(self.path)
        except (OSError, ValueError) as exc:
            log.warning("could not update the statistics: %s", exc)
