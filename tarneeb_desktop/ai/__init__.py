"""Computer players: several levels behind one interface (see ``base.Player``)."""

from __future__ import annotations

import logging

from tarneeb_desktop.ai.base import LEVELS, Player, RandomPlayer, first_legal

log = logging.getLogger(__name__)


def make_player(level: str, seed: int | None = None) -> Player:
    """A computer player of the given level (``random``, ``easy``, ``medium``, ``hard``, ``expert``)."""
    if level == "random":
        return RandomPlayer(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    from tarneeb_desktop.ai.heuristic import EasyPlayer, MediumPlayer

    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer(seed)
    try:
        # The search levels need the DDS solver; a build without it still plays medium.
        from tarneeb_desktop.ai.search import make_search_player

        return make_search_player(level, seed)
    except Exception as exc:
        log.warning("level %s unavailable (%s); playing medium instead", level, exc)
        return MediumPlayer(seed)


__all__ = ["LEVELS", "Player", "RandomPlayer", "first_legal", "make_player"]
