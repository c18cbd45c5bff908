"""The table: runs a game between four seat controllers and tells observers what happened.

Offline play, hot-seat, LAN and the arena are the same table with different controllers.
The table is the only place that applies actions to the game state; a controller only
ever sees ``state.view(seat)``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from tarneeb_desktop.ai.base import Player, first_legal
from tarneeb_desktop.rules import Event, GameState, IllegalActionError, RulesError, View

log = logging.getLogger(__name__)

Observer = Callable[[int, str, list[Event]], None]


def safe_choose(player: Player, view: View) -> tuple[str, str | None]:
    """Ask ``player`` for an action; on an error or an illegal answer return the first
    legal action and a description of the fault, so a broken AI never stops a game."""
    try:
        action = player.choose(view)
    except Exception as exc:  # any AI failure must not stop the table
        log.exception("AI %s failed; playing the first legal action", getattr(player, "name", "?"))
        return first_legal(view), f"error: {exc!r}"
    if action not in view.legal:
        log.warning("AI %s chose illegal %r; playing the first legal action", player, action)
        return first_legal(view), f"illegal action {action!r}"
    return action, None


class Table:
    """Owns the GameState; applies actions submitted for the seat to move."""

    def __init__(self, state: GameState, names: list[str] | None = None) -> None:
        self.state = state
        self.names = names or ["South", "East", "North", "West"]
        self.observers: list[Observer] = []
        self.faults: list[tuple[int, str]] = []

    def view(self, seat: int) -> View:
        return self.state.view(seat)

    def submit(self, seat: int, action: str) -> list[Event]:
        """Apply ``action`` for ``seat``; raises RulesError (state unchanged) when illegal."""
        events = self.state.apply(action, seat)
        for obs in self.observers:
            obs(seat, action, events)
        return events

    def play_ai_turn(self, player: Player) -> list[Event]:
        """Let ``player`` act for the seat to move (synchronously), with the legal fallback."""
        seat = self.state.current_player()
        if seat is None:
            raise IllegalActionError("the game is over")
        action, fault = safe_choose(player, self.state.view(seat))
        if fault:
            self.faults.append((seat, fault))
        return self.submit(seat, action)

    def play_out(self, players: list[Player], max_actions: int = 1_000_000) -> None:
        """Play until the game ends with a computer player in every seat."""
        n = 0
        while not self.state.is_over():
            seat = self.state.current_player()
            assert seat is not None
            self.play_ai_turn(players[seat])
            n += 1
            if n >= max_actions:
                raise RulesError("the game did not end")


class AIWorker:
    """Runs computer players off the UI thread: ``start`` a decision, poll ``result``."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tarneeb-ai")
        self._future: Future[tuple[str, str | None]] | None = None
        self._key: tuple[int, int] | None = None
        self.started_at = 0.0

    def busy_for(self, key: tuple[int, int]) -> bool:
        return self._future is not None and self._key == key

    def start(self, player: Player, view: View, key: tuple[int, int]) -> None:
        """Start deciding for the position identified by ``key`` (e.g. hand and action count)."""
        self._key = key
        self.started_at = time.monotonic()
        self._future = self._pool.submit(safe_choose, player, view)

    def result(self) -> tuple[str, str | None] | None:
        """The decision when it is ready, else None."""
        if self._future is None or not self._future.done():
            return None
        out = self._future.result()
        self._future = None
        self._key = None
        return out

    def cancel(self) -> None:
        self._future = None
        self._key = None

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
