"""The LAN host's turn timer: how long a person may think before the host's computer plays
their move (off unless the host sets it), and how the time left travels to the players.

The host arms the timer when a connected person is to move; each view sent while it runs
carries ``{"seat", "seconds", "left"}`` (seconds left when the view was sent: clocks of two
computers never agree, so the client counts down from its own receipt). When it runs out the
host's computer of the seat's level makes that one move; the person plays the next one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

#: The choices the host's window offers (seconds; 0 is off).
TURN_CHOICES = (0, 15, 30, 60, 120)


class TurnTimer:
    """One countdown at a time, for (``seq``, ``seat``): the table's position and who moves."""

    def __init__(self, seconds: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = max(0.0, float(seconds))
        self.clock = clock
        self.key: tuple[int, int] | None = None
        self.deadline = 0.0

    @property
    def on(self) -> bool:
        return self.seconds > 0

    def arm(self, seq: int, seat: int) -> None:
        """Start counting for ``seat`` at ``seq`` (again only if the position changed)."""
        if not self.on:
            return
        if self.key != (seq, seat):
            self.key = (seq, seat)
            self.deadline = self.clock() + self.seconds

    def stop(self) -> None:
        self.key = None

    def left(self) -> float:
        """Seconds left (0 when it ran out; the full time when it is not running)."""
        if self.key is None:
            return self.seconds
        return max(0.0, self.deadline - self.clock())

    def expired(self, seq: int, seat: int) -> bool:
        return self.key == (seq, seat) and self.clock() >= self.deadline

    def wire(self) -> dict[str, Any] | None:
        """What a view carries about the countdown, or None when none runs."""
        if self.key is None:
            return None
        return {"seat": self.key[1], "seconds": self.seconds, "left": round(self.left(), 2)}


def timer_from_wire(raw: Any, now: float) -> tuple[int, float, float] | None:
    """A view's ``timer`` → (seat, seconds, local deadline), or None (absent or malformed)."""
    if not isinstance(raw, dict):
        return None
    seat, seconds, left = raw.get("seat"), raw.get("seconds"), raw.get("left")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        return None
    if not isinstance(seconds, int | float) or not isinstance(left, int | float):
        return None
    if not 0 < seconds <= 3600 or not 0 <= left <= seconds:
        return None
    return seat, float(seconds), now + float(left)
