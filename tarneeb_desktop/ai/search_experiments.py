"""Switches of the search levels that only the benches and the tests turn (issue 47).

Every level plays with an :class:`Experiment`'s defaults: each is what both hard and expert
do, and ``SearchConfig`` (``search.py``) holds only what the levels set for themselves. The
other side of each switch is kept because a bench still measures a current level against it
or a test needs it (docs/ai-search.md):

- ``stop_early`` off: the card search solves every deal up to its budget or cap, the
  reference that ``bench/agreement.py`` measures the levels' stopping rule against
  ("Stopping when the choice is clear");
- ``equity_calls`` / ``equity_cards`` off: Tarneeb's calls / card play valued by the hand's
  points instead of the change in the chance to win the game ("Playing for the game"; the
  points remain the value wherever the rules have no table, and in 41 / 400);
- ``fitted_calls`` off: the others' calls read by the hand-set rule instead of the fit to
  the levels' own calls ("Reading the calls");
- ``alphamu_depth``: the player's cards chosen as one for the deals it cannot tell apart in
  αμ; 1 is the sampling search on αμ's deals, which tells a difference of αμ's own from
  one of its draw ("αμ in the last tricks", ``--set expert.alphamu_depth=1``).

The benches change them as they change a level's ``SearchConfig``: ``--set
LEVEL.FIELD=VALUE`` (``search.configure_levels``, into :data:`LEVEL_EXPERIMENTS`) or a team
``LEVEL:FIELD=VALUE,...`` (``search.level_config``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Experiment:
    """The search's switches; the defaults are both levels' play."""

    stop_early: bool = True
    equity_calls: bool = True
    equity_cards: bool = True
    fitted_calls: bool = True
    alphamu_depth: int = 2


#: A level's switches as the benches' ``--set`` changed them; a level not here plays the
#: defaults (the game never changes this).
LEVEL_EXPERIMENTS: dict[str, Experiment] = {}


def experiment_of(level: str) -> Experiment:
    """The switches that ``level``'s players use unless given others."""
    return LEVEL_EXPERIMENTS.get(level, Experiment())
