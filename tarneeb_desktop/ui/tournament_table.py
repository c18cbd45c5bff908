"""A tournament's game on the normal table (issue 24): the table scene with three extras.

* **Named sides.** The sides are the tournament's teams: where nobody here plays (two
  computer teams) the score, the hand's summary and the game's end name them ("Tarek &
  Hala") instead of "Us" and "Them" (``team_names``, read by ``ui/game/labels.side_labels``).
* **No click per hand.** With nobody here, each hand's summary stays up a moment and goes
  by itself, as in an autoplayed game; the game-over dialog waits for Continue.
* **The standings from the pause menu** (``show_standings``): the standings over the
  paused table, and Back to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarneeb_desktop.ui.table_scene import TableScene


class TournamentTable(TableScene):
    """The table scene of one tournament game. ``teams`` are the two teams' names by the
    table's side (side 0: table seats 0 and 2); ``standings`` opens the standings over this
    table (the pause menu's Standings)."""

    def __init__(
        self,
        app: Any,
        *,
        link: Any,
        teams: tuple[str, str],
        standings: Callable[[TournamentTable], None],
        **kw: Any,
    ) -> None:
        super().__init__(app, None, link=link, **kw)
        self.team_names = teams
        self._standings = standings

    def show_standings(self) -> None:
        self.overlay = None  # back at the table, it is paused no longer
        self.reviewing = True  # the table stays open while the standings are shown
        self._standings(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        o = self.overlay
        if (
            not self.humans
            and o is not None
            and o.kind == "summary"
            and o.age >= o.autoplay_wait * self.speed
        ):
            self.overlay_action("close")  # two computer teams: the hand's summary goes by itself
            self.invalidate()
