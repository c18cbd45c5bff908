"""Once, when the game ends: the one helper of every listener that acts at a game's end.

The kept games (``history.GameKeeper``), the statistics (``stats.StatsRecorder``), a
tournament's count of its game and the ``--save-record`` writer (``session.py``) each act
once, the moment a table's game is over. :class:`GameEnd` says when that moment has come
(and never again after it); a game resumed after its end has had its moment already.
:func:`when_over` listens to a table and calls an action then.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class GameEnd:
    """Watches one table's game: :meth:`now` is True exactly once, at the first look after
    the game ended (False for a game that was over when watching started)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.done: bool = table.state.is_over()

    def now(self) -> bool:
        if self.done or not self.table.state.is_over():
            return False
        self.done = True
        return True


def when_over(table: Any, action: Callable[[], None]) -> GameEnd:
    """Call ``action`` once, from the table's listener, when its game ends."""
    end = GameEnd(table)

    def changed(_change: Any) -> None:
        if end.now():
            action()

    table.listen(changed)
    return end


class RecordWriter:
    """``--save-record`` (the window's and ``tarneeb host``'s): writes the table's game as a
    ``tarneeb-record/1`` file once, when it ends. A file that cannot be written is logged
    and ``on_error`` told (the window says so and exits with 1); the game goes on."""

    def __init__(
        self,
        table: Any,
        path: str | Path,
        on_error: Callable[[OSError], None] | None = None,
    ) -> None:
        self.table, self.path, self.on_error = table, path, on_error
        self.written = False
        self.end = when_over(table, self._write)

    def _write(self) -> None:
        try:
            self.table.write_record(self.path)
        except OSError as exc:
            log.warning("could not write the record %s: %s", self.path, exc)
            if self.on_error is not None:
                self.on_error(exc)
            return
        self.written = True
