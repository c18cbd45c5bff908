"""The turn timer's ring, as numbers: what it shows with so many seconds left, and when that
changes (the idle window's next wake). ``panels.py`` draws it; the LAN extras ask it when
to wake."""

from __future__ import annotations

import math

#: The turn timer's ring drains in this many steps (a redraw each, at most one a second:
#: a ticking table stays quiet) and counts the seconds of the last ``RING_COUNT``.
RING_STEPS = 30
RING_COUNT = 10


def ring_shows(left: float, total: float, mine: bool = False) -> tuple[int | None, float]:
    """What the turn timer's ring shows with ``left`` of ``total`` seconds: the whole
    seconds in its middle (None before its last ``RING_COUNT``, unless it is ``mine``: the
    person to move sees every second of their own time, issue 48 item 21) and the time its
    arc stands for (``left`` rounded up to its step)."""
    if left <= RING_COUNT or mine:
        return math.ceil(left), float(math.ceil(left))
    step = max(1.0, total / RING_STEPS)
    return None, min(total, math.ceil(left / step) * step)


def ring_next_change(left: float, total: float, mine: bool = False) -> float:
    """Seconds until what the ring shows changes (the idle window's next wake)."""
    if left <= RING_COUNT or mine:
        return left % 1.0 or 1.0
    step = max(1.0, total / RING_STEPS)
    return min(left - RING_COUNT, left % step or step)
