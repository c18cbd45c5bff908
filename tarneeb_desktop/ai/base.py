"""The one interface every computer player sits behind: a view in, a legal action out."""

from __future__ import annotations

import random
from typing import Protocol

from tarneeb_desktop.rules import View

LEVELS = ("random", "easy", "medium", "hard", "expert")


class Player(Protocol):
    """A computer player. It receives only ``view(seat)`` and returns one of ``view.legal``."""

    name: str

    def choose(self, view: View) -> str: ...


class RandomPlayer:
    """Plays a uniformly random legal action (a baseline, and a fallback that never fails)."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, view: View) -> str:
        return self._rng.choice(view.legal)


def first_legal(view: View) -> str:
    """The fallback the table plays when a player fails: the first legal action."""
    return view.legal[0]
