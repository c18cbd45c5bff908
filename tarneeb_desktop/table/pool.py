"""The one worker pool: computer players' decisions, hints and the post-hand analysis.

One thread serves them all, in order. That keeps the solver's per-thread tables to one set
(see ``ai/dds.py``: they are most of the memory a game uses) and never lets two searches
fight over the two cores a player's computer may have. ``Pool(inline=True)`` runs every job
at once in the caller's thread: tests, the arena and headless runs use it.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

_shared: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _shared
    with _lock:
        if _shared is None:
            _shared = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tarneeb-worker")
            atexit.register(_shared.shutdown, wait=False, cancel_futures=True)
        return _shared


class Pool:
    """Submit jobs to the process's one worker thread (or run them inline)."""

    def __init__(self, inline: bool = False) -> None:
        self.inline = inline
        self._futures: set[Future[Any]] = set()
        self._guard = threading.Lock()

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        if self.inline:
            fut: Future[T] = Future()
            try:
                fut.set_result(fn(*args))
            except BaseException as exc:  # the caller reads it from the future, as threaded
                fut.set_exception(exc)
            return fut
        fut = _executor().submit(fn, *args)
        with self._guard:
            self._futures.add(fut)
        fut.add_done_callback(self._forget)
        return fut

    def _forget(self, fut: Future[Any]) -> None:
        with self._guard:
            self._futures.discard(fut)

    def wait_idle(self, timeout: float | None = 60.0) -> None:
        """Wait until every job submitted through this pool has finished (tests use it to
        step a threaded table frame by frame without sleeping)."""
        with self._guard:
            pending = list(self._futures)
        for fut in pending:
            try:
                fut.result(timeout)
            except Exception:  # its owner reads the error; here we only wait
                pass

    def cancel(self) -> None:
        """Drop every job of this pool that has not started (a scene that closes)."""
        with self._guard:
            pending = list(self._futures)
        for fut in pending:
            fut.cancel()
