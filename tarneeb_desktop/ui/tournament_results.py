"""A tournament's results and the past tournaments (issue 24).

* **Results.** Every game played so far, one row each ("Game 2: Tarek & Hala beat Sara &
  Layla, 31 : 12 · 7 hands"); a row opens that game in the replay viewer (its record, kept
  with the tournament's name and the game's number by ``table.history.GameKeeper``), and
  Back comes back to the list. A game whose record is no longer kept (the list keeps the
  last 200 games) is shown, greyed.
* **Past tournaments.** A finished tournament is kept in ``tournaments/`` in the user
  folder (the same document as ``tournament.json``); the list shows each one's name, its
  champion and its games, and opens its standings (with its results).
* **Who plays.** Each team's players as words ("Easy", "Person", "On the LAN"), for the
  standings.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.record import RecordError
from tarneeb_desktop.session.tournament import Player, Team, Tournament, list_past
from tarneeb_desktop.table.history import list_kept
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.games_scene import bottom_buttons, shown_name
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.viewer_scene import rtl_run

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.tournament_play import Running

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------- who plays


def player_word(p: Player) -> str:
    """A seat as the setup names its kind: a computer's level, "Person", "On the LAN"."""
    if p.kind == "person":
        return tr("Person")
    if p.kind == "network":
        return tr("On the LAN")
    if p.kind == "bot":
        return tr("Bot")
    if p.level in CHOICE_LABELS:
        return tr(CHOICE_LABELS[p.level])
    return p.level


def team_levels(team: Team) -> str:
    """A team's two seats in words: "Easy", or "Person / Hard" when they differ."""
    a, b = (player_word(p) for p in team.players)
    return a if a == b else f"{a} / {b}"


def tournament_title(name: str) -> str:
    """A tournament's name as this language shows it (``games_scene.shown_name``: the
    setup's "Tournament 2026-12-01 21:12" in this language's word, its date in order
    right to left too)."""
    return shown_name(name)


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


# ---------------------------------------------------------------------- the standings

COLUMNS = (
    (N_("Played"), "played"),
    (N_("Won"), "won"),
    (N_("Lost"), "lost"),
    (N_("Points for"), "points_for"),
    (N_("Points against"), "points_against"),
    (N_("Run"), "run"),
)


def tie_line(t: Tournament) -> str | None:
    """Why the champion is first when another team won as many games (issue 24)."""
    how = t.tie_break()
    if how is None:
        return None
    rows = t.standings()
    a, b = rows[0], rows[1]
    if how == "lost":
        return tr(
            "{a} and {b} are level on wins ({n} each): {a} lost fewer games",
            a=a.name,
            b=b.name,
            n=a.won,
        )
    if how == "points":
        return tr(
            "{a} and {b} are level on wins ({n} each): {a} has the better points difference "
            "({x} against {y})",
            a=a.name, b=b.name, n=a.won,
            x=i18n.signed(a.points_for - a.points_against),
            y=i18n.signed(b.points_for - b.points_against),
        )  # fmt: skip
    return tr(
        "{a} and {b} are level on games and points: {a} is first as the team entered first",
        a=a.name,
        b=b.name,
    )


def draw_table(
    surface: pygame.Surface,
    lay: Layout,
    box: pygame.Rect,
    rows: list[tuple[str, dict[str, str], bool]],
    champion: int | None,
) -> None:
    """The table of standings in ``box``: the headings, then a row per team (``rows`` as
    ``StandingsScene.rows``), the champion's in gold."""
    blit_panel(surface, box, color=(6, 20, 14, 210), radius=round(lay.unit * 2))
    t, pad = lay.text, lay.margin
    first = round(box.w * 0.34)
    colw = (box.w - first - 2 * pad) / len(COLUMNS)

    def col_x(i: int) -> int:
        return i18n.mirror_x(round(box.x + pad + first + colw * (i + 0.5)), box.x, box.w)

    y = box.y + pad // 2
    # every heading at one size, a long one on two lines rather than smaller
    size = round(t * 0.85)
    heads = [text.wrap(tr(head), size, round(colw) - 4, True) for head, _ in COLUMNS]
    size = min(text.fit(line, size, round(colw) - 4, True) for h in heads for line in h)
    for i, lines in enumerate(heads):
        for k, line in enumerate(lines):
            blit_text(
                surface,
                line,
                size,
                (col_x(i), y + k * round(size * 1.3)),
                theme.INK_DIM,
                True,
                "midtop",
            )
    y += round(size * 1.3) * max(len(h) for h in heads) + round(t * 0.45)
    row_h = max(
        round(t * 1.2), min(round(t * 1.7), (box.bottom - y - pad // 2) // max(1, len(rows)))
    )
    for rank, (name, cells, out) in enumerate(rows):
        colour = theme.INK_DIM if out else theme.INK
        top = champion is not None and rank == 0
        label = name + (f"  ({tr('out')})" if out else "")
        # who plays (issue 24), dim after the name: "Easy", "Person / Hard"
        small = round(t * 0.8)  # the small print of these screens
        room = first - pad
        # the levels at the small print's size, never smaller ("Случайный / Сложный" was
        # squeezed to 25 px): as much of the row as the name leaves, then cut short
        lw = min(text.size_of(cells["levels"], small)[0], round(room * 0.6))
        # the rank at the reading start (the right in Arabic), then the name (issue 38)
        ink = theme.GOLD if top else colour
        row_size = round(t * 0.95)
        rank_r = blit_text(
            surface,
            f"{rank + 1}.",
            row_size,
            (i18n.mirror_x(box.x + pad, box.x, box.w), y),
            ink,
            bold=top,
            anchor=i18n.anchor("topleft"),
        )
        gap = round(row_size * 0.35)
        r = blit_text(
            surface,
            label,
            row_size,
            ((rank_r.left - gap) if i18n.is_rtl() else (rank_r.right + gap), y),
            ink,
            bold=top,
            anchor=i18n.anchor("topleft"),
            max_width=room - lw - pad // 2 - rank_r.w - gap,
        )
        at = r.left - pad // 2 if i18n.is_rtl() else r.right + pad // 2
        blit_text(
            surface,
            cells["levels"],
            small,
            (at, r.bottom),
            theme.INK_DIM,
            anchor=i18n.anchor("bottomleft"),
            max_width=lw,
            least=small,
        )
        for i, (_, key) in enumerate(COLUMNS):
            blit_text(
                surface,
                cells[key],
                round(t * 0.95),
                (col_x(i), y),
                theme.GOLD if top else colour,
                bold=top,
                anchor="midtop",
            )
        y += row_h


# ---------------------------------------------------------------------- past tournaments


# ---------------------------------------------------------------------- the scenes


def list_rows(lay: Layout, labels: list[tuple[str, str, bool]], top: int) -> list[Button]:
    """A column of full-width rows from ``top`` down (label, action, enabled)."""
    w = min(lay.w - 2 * lay.margin, round(lay.unit * 150))
    h, gap = round(lay.unit * 5.4), round(lay.unit * 1.0)
    out = []
    for k, (label, action, enabled) in enumerate(labels):
        r = pygame.Rect(lay.w // 2 - w // 2, top + k * (h + gap), w, h)
        out.append(Button(r, label, action, enabled=enabled, group="rows"))
    return out


def rows_room(lay: Layout, top: int) -> int:
    """How many rows fit between ``top`` and the bottom buttons."""
    h, gap = round(lay.unit * 5.4), round(lay.unit * 1.0)
    bottom = lay.h - lay.margin - round(lay.unit * 6.6) - lay.margin
    return max(1, (bottom - top) // (h + gap))


class PagedList(ButtonScene):
    """A titled list of rows, a page at a time (Earlier / Later), and Back."""

    title = ""

    def __init__(self, app: App, back: Callable[[], None]) -> None:
        super().__init__(app)
        self.back = back
        self.page = 0
        self.message: str | None = None

    def entries(self) -> list[tuple[str, str, bool]]:
        return []

    def top(self, lay: Layout) -> int:
        """The first row's top: under the title and the subtitle (their heights differ
        between scripts: Arabic's are taller)."""
        title = text.size_of(self.title, lay.heading, True)[1]
        sub = text.size_of(self.subtitle() or "x", round(lay.text * 0.9))[1]
        return round(lay.heading * 0.5) + title + 4 + sub + lay.margin // 2

    def build(self, lay: Layout) -> list[Button]:
        entries = self.entries()
        per = rows_room(lay, self.top(lay))
        pages = max(1, -(-len(entries) // per))
        self.page = min(self.page, pages - 1)
        out = list_rows(lay, entries[self.page * per : (self.page + 1) * per], self.top(lay))
        specs = []
        if self.page > 0:
            specs.append((tr("Earlier"), "earlier"))
        if self.page < pages - 1:
            specs.append((tr("Later"), "later"))
        specs.append((tr("Back"), "back"))
        return out + bottom_buttons(lay, specs, 30, primary=False)

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

    def subtitle(self) -> str:
        return ""

    def empty(self) -> str:
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        r = blit_text(
            surface,
            self.title,
            lay.heading,
            (lay.w // 2, round(lay.heading * 0.5)),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        y = r.bottom + 4  # under the title's ink, whatever the script's height
        blit_text(
            surface,
            self.subtitle(),
            round(lay.text * 0.9),
            (lay.w // 2, y),
            theme.INK_DIM,
            anchor="midtop",
            max_width=lay.w - 2 * lay.margin,
        )
        buttons = self.buttons()
        for b in buttons:
            b.draw(surface)
        note = self.message or (self.empty() if not self.entries() else "")
        if note:
            bottom = buttons[-1].rect.top - lay.margin // 2
            blit_text(
                surface,
                note,
                round(lay.text * 0.9),
                (lay.w // 2, bottom),
                (255, 170, 150) if self.message else theme.INK_DIM,
                anchor="midbottom",
                max_width=lay.w - 2 * lay.margin,
            )


class ResultsScene(PagedList):
    """Every game of ``running``'s tournament so far; a row opens its record in the viewer."""

    def __init__(self, app: App, running: Running, back: Callable[[], None]) -> None:
        super().__init__(app, back)
        self.title = tr("Results")
        self.running = running
        kept = list_kept().games
        #: the kept record of each game of this tournament, by its number (from 1)
        self.records: dict[int, Path] = {
            g.game: g.path for g in kept if g.tournament == running.name and g.game is not None
        }

    @property
    def t(self) -> Tournament:
        return self.running.t

    def entries(self) -> list[tuple[str, str, bool]]:
        out = []
        for k, r in enumerate(self.t.results):
            line = (
                result_line(self.t, k)
                + "  \u00b7  "
                + trn("{n} hand played", "{n} hands played", r.hands)
            )
            out.append((line, f"game:{k + 1}", (k + 1) in self.records))
        return out

    def subtitle(self) -> str:
        return f"{tournament_title(self.running.name)}  \u00b7  " + tr(
            "A game opens in the replay viewer"
        )

    def empty(self) -> str:
        return tr("No game has been played yet.")

    def choose(self, action: str) -> None:
        if not action.startswith("game:"):
            return
        n = int(action[5:])
        path = self.records.get(n)
        if path is None:
            self.message = tr("The record of game {n} is no longer kept", n=n)
            return
        self.open_game(n, path)

    def open_game(self, n: int, path: Path) -> None:
        """The game's record in the replay viewer; Back returns to this list, same page."""
        from tarneeb_desktop.session.record_steps import load_steps
        from tarneeb_desktop.ui.viewer_scene import ViewerScene

        try:
            steps = load_steps(path)
        except (OSError, RecordError) as exc:
            self.message = str(exc)
            return
        title = tr("{name}, game {n}", name=rtl_run(tournament_title(self.running.name)), n=n)
        page, app = self.page, self.app

        def back_here() -> None:
            again = ResultsScene(app, self.running, self.back)
            again.page = page
            app.switch(again)

        app.switch(ViewerScene(app, steps, title=title, back=back_here))


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
        self.past = list_past()

    def entries(self) -> list[tuple[str, str, bool]]:
        out = []
        for k, (name, t, _when) in enumerate(self.past):
            champion = t.champion()
            parts = [rtl_run(tournament_title(name))]
            if champion is not None:
                parts.append(tr("Champion: {team}", team=rtl_run(t.teams[champion].name)))
            parts.append(trn("{n} game", "{n} games", len(t.results)))
            out.append(("  \u00b7  ".join(parts), f"past:{k}", True))
        return out

    def empty(self) -> str:
        return tr("No tournament has been played to its end yet.")

    def choose(self, action: str) -> None:
        if not action.startswith("past:"):
            return
        name, t, _ = self.past[int(action[5:])]
        app, page = self.app, self.page

        def back_here() -> None:
            again = PastScene(app, self.back, self.standings)
            again.page = page
            app.switch(again)

        app.switch(self.standings(name, t, back_here))
