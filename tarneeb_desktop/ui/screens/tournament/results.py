"""A tournament's results and the past tournaments (issue 24).

* **Results.** Every game played so far, a row each; a row opens that game's record (kept by
  ``table.history.GameKeeper``) in the replay viewer, and Back comes back to the list. A
  game whose record is no longer kept (the last 200 games are) is shown greyed.
* **Past tournaments.** Each finished one (kept in ``tournaments/`` in the user folder): its
  name, champion and games; a row opens its standings (with its results).
* **Who plays.** Each team's players in words ("Easy", "Person", "On the LAN").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.record import RecordError
from tarneeb_desktop.session.tournament import Player, Team, Tournament, list_past
from tarneeb_desktop.table.history import list_kept
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.form import ButtonColumn, ButtonSpec
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular
from tarneeb_desktop.ui.screens.games.rows import shown_name
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS
from tarneeb_desktop.ui.text_runs import rtl_run

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.screens.tournament.play import Running


def kind_word(kind: str) -> str:
    """A seat's kind as the setup names it: "Person", "On the LAN" or a computer's level."""
    if kind == "network":
        return tr("On the LAN")
    return tr("Person") if kind == "person" else tr(CHOICE_LABELS.get(kind, kind))


def team_levels(team: Team) -> str:
    """A team's two seats in words: "Easy", or "Person / Hard" when they differ."""

    def word(p: Player) -> str:
        return (
            tr("Bot") if p.kind == "bot" else kind_word(p.level if p.kind == "computer" else p.kind)
        )

    a, b = (word(p) for p in team.players)
    return a if a == b else f"{a} / {b}"


def result_line(t: Tournament, k: int) -> str:
    """Game ``k`` (from 0) as the standings say it: who beat whom, and the score."""
    names = [team.name for team in t.teams]
    r = t.results[k]
    return tr(
        "Game {n}: {winner} beat {loser}, {a} : {b}",
        n=k + 1,
        winner=rtl_run(names[r.winner]),
        loser=rtl_run(names[r.loser]),
        a=r.totals[r.teams.index(r.winner)],
        b=r.totals[r.teams.index(r.loser)],
    )


COLUMNS = (
    (N_("Played"), "played"),
    (N_("Won"), "won"),
    (N_("Lost"), "lost"),
    (N_("Points for"), "points_for"),
    (N_("Points against"), "points_against"),
    (N_("Run"), "run"),
)


def standings_table(rows: list[tuple[str, dict[str, str], bool]], champion: int | None) -> Tabular:
    """A row per team: rank, name, who plays and figures; the champion's gold, one out dim."""
    heads = ["", "", ""] + [tr(head) for head, _ in COLUMNS]
    cells = []
    for rank, (name, values, out) in enumerate(rows):
        top = champion is not None and rank == 0
        ink = GOLD if top else DIM if out else INK
        label = name + (f"  ({tr('out')})" if out else "")
        # the rank at the reading start (the right in Arabic), then the name (issue 38)
        cells.append([Cell(f"{rank + 1}.", ink, top), Cell(label, ink, top),
                      Cell(values["levels"], DIM)]
                     + [Cell(values[key], ink, top) for _, key in COLUMNS])  # fmt: skip
    return Tabular(heads, cells)


class PagedList(KitScene):
    """A titled list of rows, a page at a time (as many rows as the window holds; Earlier /
    Later), and Back. A row's screen comes back to this one as it was (same page)."""

    title = ""
    subtitle = ""
    empty = ""

    def __init__(self, app: App, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.back = back
        self.page = 0
        self.per = 1  # rows a page: as many as the page's room holds (set when laid out)
        self.message: str | None = None

    def entries(self) -> list[tuple[str, str, bool]]:
        return []

    def layout_key(self) -> object:
        return (self.page, self.message, tuple(self.entries()))

    def _page(self, st: Style, rows: list[ButtonSpec], foot: list[FootSpec]) -> Page:
        note = self.message or (self.empty if not self.entries() else None)
        body: list[Box] = [Text(self.subtitle, color=DIM, align="center")]
        body.append(ButtonColumn(rows, "rows", least=1, wide=150))
        return Page(self.title, body, foot=foot, notice=note)

    def tree(self, st: Style) -> Box:
        """Laid out once with every row left to learn how many the page holds, then with
        that page's rows and its Earlier and Later."""
        entries = [(label, action, False, enabled) for label, action, enabled in self.entries()]
        back: list[FootSpec] = [(tr("Back"), "back", False)]
        trial = self._page(st, entries, back)
        trial.place(st, pygame.Rect(0, 0, st.w, st.h))
        self.per = max(1, len(trial.buttons()) - 1)
        pages = max(1, -(-len(entries) // self.per))
        self.page = min(self.page, pages - 1)
        foot: list[FootSpec] = []
        if self.page > 0:
            foot.append((tr("Earlier"), "earlier", False))
        if self.page < pages - 1:
            foot.append((tr("Later"), "later", False))
        rows = entries[self.page * self.per : (self.page + 1) * self.per]
        return self._page(st, rows, foot + back)

    def activate(self, action: str) -> None:
        self.message = None
        if action == "back":
            self.back()
            return
        if action in ("earlier", "later"):
            self.page += 1 if action == "later" else -1
            self.focus = 0
        else:
            self.choose(action)
        self.rebuild()

    def choose(self, action: str) -> None:
        pass

    def back_here(self) -> None:
        self.app.switch(self)


class ResultsScene(PagedList):
    """Every game of ``running``'s tournament so far; a row opens its record in the viewer."""

    def __init__(self, app: App, running: Running, back: Callable[[], None]) -> None:
        super().__init__(app, back)
        self.title = tr("Results")
        how = tr("A game opens in the replay viewer")
        self.subtitle = f"{shown_name(running.name)}  \u00b7  {how}"
        self.empty = tr("No game has been played yet.")
        self.running = running
        #: the kept record of each game of this tournament, by its number (from 1)
        self.records: dict[int, Path] = {
            g.game: g.path
            for g in list_kept().games
            if g.tournament == running.name and g.game is not None
        }

    def entries(self) -> list[tuple[str, str, bool]]:
        t, out = self.running.t, []
        for k, r in enumerate(t.results):
            hands = trn("{n} hand played", "{n} hands played", r.hands)
            line = f"{result_line(t, k)}  \u00b7  {hands}"
            out.append((line, f"game:{k + 1}", (k + 1) in self.records))
        return out

    def choose(self, action: str) -> None:
        """A game's record in the replay viewer; Back returns to this list, same page."""
        from tarneeb_desktop.session.record_steps import load_steps
        from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

        if not action.startswith("game:"):
            return
        n = int(action[5:])
        path = self.records.get(n)
        if path is None:
            self.message = tr("The record of game {n} is no longer kept", n=n)
            return
        try:
            steps = load_steps(path)
        except (OSError, RecordError) as exc:
            self.message = str(exc)
            return
        title = tr("{name}, game {n}", name=rtl_run(shown_name(self.running.name)), n=n)
        self.app.switch(ViewerScene(self.app, steps, title=title, back=self.back_here))


class PastScene(PagedList):
    """The tournaments played to their end, newest first; a row opens its standings
    (``standings(name, tournament, back)``: the standings scene, its Back to ``back``)."""

    def __init__(
        self,
        app: App,
        back: Callable[[], None],
        standings: Callable[[str, Tournament, Callable[[], None]], Any],
    ) -> None:
        super().__init__(app, back)
        self.standings = standings
        self.title = tr("Past tournaments")
        self.empty = tr("No tournament has been played to its end yet.")
        self.past = list_past()

    def entries(self) -> list[tuple[str, str, bool]]:
        out = []
        for k, (name, t, _when) in enumerate(self.past):
            champion = t.champion()
            parts = [rtl_run(shown_name(name))]
            if champion is not None:
                parts.append(tr("Champion: {team}", team=rtl_run(t.teams[champion].name)))
            parts.append(trn("{n} game", "{n} games", len(t.results)))
            out.append(("  \u00b7  ".join(parts), f"past:{k}", True))
        return out

    def choose(self, action: str) -> None:
        if action.startswith("past:"):
            name, t, _ = self.past[int(action[5:])]
            self.app.switch(self.standings(name, t, self.back_here))
