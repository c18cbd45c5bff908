"""Hints for the human's seat: what the hard computer player would do here (the table's H key)."""

from __future__ import annotations

import dataclasses
import logging

from tarneeb_desktop.ai.base import first_legal
from tarneeb_desktop.ai.search import LEVEL_CONFIGS, SearchPlayer
from tarneeb_desktop.rules import View

log = logging.getLogger(__name__)


def suggest(view: View, budget_s: float = 0.5, seed: int | None = 0) -> str:
    """The hard level's choice for ``view``'s seat, one of ``view.legal``.

    Runs in about ``budget_s`` seconds at most in card play (bidding is faster); call it
    off the UI thread (on the table's worker pool, ``table/pool.py``). It sees only the view, like every
    computer player. Never raises for a view with legal actions: on any failure it
    answers the first legal action. Returns "" when the seat has nothing to do.
    """
    if not view.legal:
        return ""
    config = dataclasses.replace(LEVEL_CONFIGS["hard"], budget_s=budget_s)
    try:
        action = SearchPlayer("hard", seed, config).choose(view)
    except Exception:  # a hint must never break the game
        log.exception("hint failed; suggesting the first legal action")
        return first_legal(view)
    return action if action in view.legal else first_legal(view)
