"""Computer players: several levels behind one interface (see ``base.Player``)."""

from __future__ import annotations

from tarneeb_desktop.ai.base import LEVELS, Player, RandomPlayer, first_legal


def make_player(level: str, seed: int | None = None) -> Player:
    """A computer player of the given level (``random``, ``easy``, ``medium``, ``hard``, ``expert``)."""
    if level == "random":
        return RandomPlayer(seed)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    # Levels not built yet play legal random moves.
    return RandomPlayer(seed)


__all__ = ["LEVELS", "Player", "RandomPlayer", "first_legal", "make_player"]
