"""Hints for the human's seat: what the hard computer player would do here (the table's H key)."""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field

from tarneeb_desktop.ai.base import first_legal
from tarneeb_desktop.ai.search import LEVEL_CONFIGS, SearchPlayer
from tarneeb_desktop.rules import View

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Hint:
    """The hard level's choice and why, as far as its search tells: in card play, the
    likely deals it solved (``samples``), each legal card's mean of the tricks our side
    takes from now (``tricks``) out of the ``remaining`` tricks, and whether every legal
    card came to the same (``equal``: the lowest is chosen). No reason: ``samples`` 0."""

    action: str
    samples: int = 0
    tricks: dict[str, float] = field(default_factory=dict)
    remaining: int = 0
    equal: bool = False


def advise(view: View, budget_s: float = 0.5, seed: int | None = 0) -> Hint:
    """The hard level's choice for ``view``'s seat, one of ``view.legal``, with its reason.

    Runs in about ``budget_s`` seconds at most in card play (bidding is faster); call it
    off the UI thread (on the table's worker pool, ``table/pool.py``). It sees only the view,
    like every computer player. Never raises for a view with legal actions: on any failure
    it answers the first legal action (with no reason). The action is "" when the seat has
    nothing to do.
    """
    if not view.legal:
        return Hint("")
    config = dataclasses.replace(LEVEL_CONFIGS["hard"], budget_s=budget_s)
    player = SearchPlayer("hard", seed, config)
    try:
        action = player.choose(view)
    except Exception:  # a hint must never break the game
        log.exception("hint failed; suggesting the first legal action")
        return Hint(first_legal(view))
    if action not in view.legal:
        return Hint(first_legal(view))
    st = player.stats
    if view.phase != "play" or len(view.legal) < 2:
        return Hint(action)
    remaining = 13 - len(view.tricks)
    if st.stopped and not st.tricks:  # near-forced: every card takes the same tricks
        return Hint(action, remaining=remaining, equal=True)
    return Hint(action, st.samples, dict(st.tricks), remaining)


def suggest(view: View, budget_s: float = 0.5, seed: int | None = 0) -> str:
    """The hard level's choice for ``view``'s seat (``advise`` without its reason)."""
    return advise(view, budget_s, seed).action
