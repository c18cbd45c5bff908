"""A daily deal left half way: what the main menu's Continue goes on with (issue 47: the
window no longer reads save files; it asks here)."""

from __future__ import annotations

from dataclasses import dataclass

from tarneeb_desktop.session.daily.codes import CodeError
from tarneeb_desktop.session.daily.runner import hand_over
from tarneeb_desktop.session.daily.store import DailyStore
from tarneeb_desktop.table.savegame import SaveError, read_save


@dataclass(frozen=True)
class HalfPlayed:
    """A daily deal left half way: its set's code and level, the deal, when it was saved."""

    code: str
    level: str
    index: int
    saved_at: float


def half_played(store: DailyStore | None = None) -> HalfPlayed | None:
    """The daily deal left half way most lately (the main menu's Continue goes on with it),
    or None: a deal's save (``daily/`` beside the results) of its set's next deal, not over.
    Only read: a damaged save is set aside as ``read_save`` does, and the deal starts again."""
    store = store or DailyStore()
    best: HalfPlayed | None = None
    for path in sorted((store.path.parent / "daily").glob("deal-*.json")):
        try:
            saved = read_save(path)
            when = path.stat().st_mtime
        except (SaveError, OSError):
            continue
        info = saved.extra.get("daily") if saved is not None else None
        if saved is None or not isinstance(info, dict) or hand_over(saved.state):
            continue
        code, index, level = info.get("code"), info.get("deal"), info.get("level")
        if not (isinstance(code, str) and isinstance(index, int) and isinstance(level, str)):
            continue
        try:
            if store.next_deal(code) != index:
                continue
        except CodeError:
            continue
        if best is None or when > best.saved_at:
            best = HalfPlayed(code, level, index, when)
    return best
