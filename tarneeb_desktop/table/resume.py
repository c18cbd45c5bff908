"""What the main menu's Continue resumes of the offline game saved, read below the window
(issue 47: the window reads no save file itself)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tarneeb_desktop.rules import Rules
from tarneeb_desktop.table.history import played_hands
from tarneeb_desktop.table.savegame import read_save, savegame_path


@dataclass(frozen=True)
class SavedSummary:
    """What the main menu's Continue says of the offline game saved: its rules, the score,
    the hand being played (as the table numbers it: a deal thrown in not counted) and when
    it was saved."""

    rules: Rules
    us: int
    them: int
    hand: int
    saved_at: float


def saved_summary(path: Path | None = None) -> SavedSummary | None:
    """The offline game saved (``savegame_path``) in short, or None when there is none;
    SaveError when its file is damaged (set aside by ``read_save``, so said once)."""
    path = path or savegame_path()
    saved = read_save(path)
    if saved is None:
        return None
    state = saved.state
    try:
        when = path.stat().st_mtime
    except OSError:
        when = 0.0
    hand = played_hands(state.history[: state.view(0).hand_number - 1]) + 1
    return SavedSummary(state.rules, state.scores[0], state.scores[1], hand, when)


def saved_at(path: Path | None = None) -> float | None:
    """When the offline game was saved (its file's time), None when none is."""
    try:
        return (path or savegame_path()).stat().st_mtime
    except OSError:
        return None
