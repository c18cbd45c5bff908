"""A tournament's game on the normal table (issue 24): the table scene with the sides named
by their teams (``team_names``, read by ``ui/game/labels.side_labels``), the standings from the
pause menu (``show_standings``) and, with nobody here (two computer teams), each hand's
summary going by itself and a "Play it out" chip (issue 38) that plays the rest of the game
at full speed behind the standings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tarneeb_desktop.ui import text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import BOTTOM
from tarneeb_desktop.ui.table_scene import TableScene
from tarneeb_desktop.ui.theme import blit_panel, blit_text


class TournamentTable(TableScene):
    """The table scene of one tournament game. ``teams``: the two teams' names by the table's
    side (side 0: table seats 0 and 2)."""

    def __init__(
        self,
        app: Any,
        *,
        link: Any,
        teams: tuple[str, str],
        standings: Callable[[TournamentTable], None],
        play_out: Callable[[TournamentTable], None] | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(app, None, link=link, **kw)
        self.team_names = teams
        self._standings = standings
        self._play_out = play_out

    def play_out_rect(self) -> pygame.Rect | None:
        """The "Play it out" chip over South's cards, with nobody here and no dialog open."""
        if self.humans or self._play_out is None or self.overlay is not None:
            return None
        lay = self.layout
        chip = lay.scores_button  # as tall as the corner chips
        pad = max(2, round(chip.h * 0.2))
        w = max(chip.w, text.size_of(tr("Play it out"), lay.text)[0] + 2 * pad + 4)
        r = pygame.Rect(0, 0, w, chip.h)
        r.midbottom = (lay.w // 2, lay.back_rects(BOTTOM, 13)[0].top - lay.margin)
        return r

    def play_out(self) -> None:
        """The rest of this game at full speed, behind the standings (its link goes on)."""
        if self._play_out is not None:
            self.reviewing = True  # the link is not closed as the table goes
            self._play_out(self)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        r = self.play_out_rect()
        if r is not None:  # a quiet chip, as Menu and Scores
            blit_panel(surface, r, color=(0, 0, 0, 110), radius=r.h // 3)
            blit_text(
                surface, tr("Play it out"), self.layout.text, r.center, theme.INK, anchor="center"
            )

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            r = self.play_out_rect()
            if r is not None and r.collidepoint(ev.pos):
                self.play_out()
                return True
        return super().handle_event(ev)

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
