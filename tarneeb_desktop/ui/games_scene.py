"""Finished games: the kept records (``table/history.py``), newest first, one row each
(date, rules, players, result), to open in the replay viewer, export or delete.

Up/Down choose a row, Left/Right/Tab the button, Enter does it, Delete asks to delete the
row (Cancel has the focus, so a stray Enter deletes nothing). A file that could not be
read has been set aside by the history; its problem line is shown under the list.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.record import RecordError
from tarneeb_desktop.table.history import (
    KeptGame,
    KeptGameError,
    delete_kept,
    export_kept,
    finished_at,
    list_kept,
    open_kept,
)
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene, draw_page
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

# the columns: heading and share of the table's width
COLUMNS = (("Date", 0.17), ("Rules", 0.25), ("Players", 0.33), ("Result", 0.25))


def preset_word(preset: str) -> str:
    """A preset in the words Settings uses for it (an unknown one as it is written)."""
    return tr(CHOICE_LABELS[preset]) if preset in CHOICE_LABELS else preset


def rules_text(g: KeptGame) -> str:
    """The rules as the player reads them: the preset's name, then any option changed."""
    preset = str(g.rules.get("preset", "standard"))
    changes = [p.strip() for p in g.rules_label.split(",")[1:]]
    text = ", ".join([preset_word(preset), *changes])
    if g.tournament:
        text += "  \u00b7  " + tr("{name}, game {n}", name=g.tournament, n=g.game or 1)
    if g.taken_back:
        text += "  \u00b7  " + tr("undo used")
    return text


def result_text(g: KeptGame) -> str:
    """``31 : 20, Karim and Omar win`` (team totals; in 41 the partners' sums)."""
    score = f"{g.totals[0]} : {g.totals[1]}"
    if g.winner is None or len(g.players) != 4:
        return score
    a, b = g.players[g.winner], g.players[g.winner + 2]
    return f"{score}, {tr('{a} and {b} win', a=a, b=b)}"


def bottom_buttons(
    lay: Layout, specs: list[tuple[str, str]], width: float, primary: bool = True
) -> list[Button]:
    """A centred row of buttons at the bottom (``width`` in layout units, shrunk to fit);
    the first is the primary one when ``primary``; mirrored right to left."""
    gap = round(lay.unit * 2)
    n = len(specs)
    bw = min(round(lay.unit * width), (lay.w - 2 * lay.margin - (n - 1) * gap) // n)
    bh = round(lay.unit * 6.6)
    x = lay.w // 2 - (n * bw + (n - 1) * gap) // 2
    out = []
    for k, (label, action) in enumerate(specs):
        r = pygame.Rect(x, lay.h - lay.margin - bh, bw, bh)
        out.append(Button(r, label, action, primary=primary and k == 0))
        x += bw + gap
    if i18n.is_rtl():
        for b in out:
            b.rect.x = lay.w - b.rect.right
    return out


class GamesScene(ButtonScene):
    """The list of finished games."""

    def __init__(self, app: App, selected: Path | None = None) -> None:
        super().__init__(app)
        kept = list_kept()
        self.games = kept.games
        self.problems = list(kept.problems)
        self.row = 0
        if selected is not None:
            self.row = next((i for i, g in enumerate(self.games) if g.path == selected), 0)
        self.top = 0  # the first row shown
        self.confirming = False
        self.message: str | None = None

    @property
    def selected(self) -> KeptGame | None:
        return self.games[self.row] if self.games else None

    # ------------------------------------------------------------------ buttons
    def build(self, lay: Layout) -> list[Button]:
        if self.confirming:
            specs = [(tr("Delete"), "confirm"), (tr("Cancel"), "cancel")]
        else:
            specs = [(tr("Back"), "back")]
            if self.games:
                specs = [(tr("Open"), "open"), (tr("Export"), "export"), (tr("Delete"), "delete")]
                specs.append((tr("Back"), "back"))
        return bottom_buttons(lay, specs, 28, primary=not self.confirming)

    def activate(self, action: str) -> None:
        g = self.selected
        self.message = None
        if action == "back":
            self.app.show_menu()
            return
        if action == "open" and g is not None:
            self.open(g)
            return
        if action == "export" and g is not None:
            try:
                path = export_kept(g.path)
                self.message = tr("Saved to {path}", path=str(path))
            except KeptGameError as exc:
                self._gone(str(exc))
            except OSError as exc:
                self.message = tr("Could not export the game: {error}", error=exc.strerror or exc)
        elif action == "delete" and g is not None:
            self.confirming = True
            self.focus = 1  # Cancel
        elif action == "cancel":
            self.confirming = False
            self.focus = 2
        elif action == "confirm" and g is not None:
            try:
                delete_kept(g.path)
            except OSError as exc:
                log.warning("could not delete %s: %s", g.path, exc)
            self.games.pop(self.row)
            self.row = min(self.row, max(0, len(self.games) - 1))
            self.confirming = False
            self.focus = 0
        self.rebuild()

    def open(self, g: KeptGame) -> None:
        """Show the game in the replay viewer (Back comes back here, on the same row)."""
        from tarneeb_desktop.ui.viewer_scene import ViewerScene
        from tarneeb_desktop.ui.viewer_steps import load_steps

        try:
            open_kept(g.path)  # sets a broken file aside, with a sentence saying why
            steps = load_steps(g.path)
        except KeptGameError as exc:
            self._gone(str(exc))
            self.rebuild()
            return
        except (OSError, RecordError) as exc:
            self.message = str(exc)
            self.rebuild()
            return
        path = g.path
        title = finished_at(g)
        self.app.switch(
            ViewerScene(self.app, steps, title=title, back=lambda: self._back_here(path))
        )

    def _back_here(self, path: Path) -> None:
        self.app.switch(GamesScene(self.app, selected=path))

    def _gone(self, problem: str) -> None:
        """The row's file could not be used (and has been set aside): drop the row."""
        self.problems.append(problem)
        if self.games:
            self.games.pop(self.row)
            self.row = min(self.row, max(0, len(self.games) - 1))

    def choose(self, row: int) -> None:
        if self.games and not self.confirming:
            self.row = max(0, min(len(self.games) - 1, row))
            self.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_UP, pygame.K_DOWN) and not self.confirming:
                self.choose(self.row + (1 if ev.key == pygame.K_DOWN else -1))
                return True
            if ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.choose(self.row + (10 if ev.key == pygame.K_PAGEDOWN else -10))
                return True
            if ev.key == pygame.K_DELETE and self.selected is not None and not self.confirming:
                self.activate("delete")
                return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5):
            self.choose(self.row + (1 if ev.button == 5 else -1))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k, r in self.row_rects(Layout(*self.app.size)):
                if r.collidepoint(ev.pos):
                    if k == self.row and not self.confirming:
                        self.activate("open")  # a click on the chosen row opens it
                    else:
                        self.choose(k)
                    return True
        return super().handle_event(ev)

    # ------------------------------------------------------------------ drawing
    def box(self, lay: Layout) -> pygame.Rect:
        box = pygame.Rect(0, 0, min(lay.w - 2 * lay.margin, round(lay.unit * 170)), 0)
        box.top = round(lay.heading * 2.2)
        bottom = lay.h - lay.margin * 2 - round(lay.unit * 6.6) - round(lay.text * 3.2)
        box.height = bottom - box.top
        box.centerx = lay.w // 2
        return box

    def row_h(self, lay: Layout) -> int:
        return round(lay.text * 1.7)

    def visible_rows(self, lay: Layout) -> int:
        box = self.box(lay)
        return max(1, (box.h - lay.margin - round(lay.text * 2)) // self.row_h(lay))

    def row_rects(self, lay: Layout) -> list[tuple[int, pygame.Rect]]:
        box = self.box(lay)
        n = self.visible_rows(lay)
        if self.row < self.top:
            self.top = self.row
        elif self.row >= self.top + n:
            self.top = self.row - n + 1
        y = box.y + lay.margin // 2 + round(lay.text * 2)
        out = []
        for k in range(self.top, min(len(self.games), self.top + n)):
            out.append((k, pygame.Rect(box.x + 4, y, box.w - 8, self.row_h(lay))))
            y += self.row_h(lay)
        return out

    def cells(self, g: KeptGame) -> list[str]:
        return [finished_at(g), rules_text(g), ", ".join(g.players), result_text(g)]

    def _columns(self, box: pygame.Rect, pad: int) -> list[tuple[int, int]]:
        """(start x in reading order, width) of each column."""
        x, out = box.x + pad, []
        for _, share in COLUMNS:
            w = round((box.w - 2 * pad) * share)
            start = i18n.mirror_x(x, box.x, box.w)
            out.append((start, w))
            x += w
        return out

    def draw(self, surface: pygame.Surface) -> None:
        lay = draw_page(surface, tr("Finished games"))
        box = self.box(lay)
        blit_panel(surface, box, color=(6, 20, 14, 210), radius=round(lay.unit * 2))
        pad, t = lay.margin, lay.text
        cols = self._columns(box, pad)
        anchor = i18n.anchor("topleft")
        for i, (head, _) in enumerate(COLUMNS):
            x, w = cols[i]
            blit_text(
                surface,
                tr(head),
                t,
                (x, box.y + pad // 2),
                theme.INK_DIM,
                bold=True,
                anchor=anchor,
                max_width=w - pad,
            )
        for k, r in self.row_rects(lay):
            g = self.games[k]
            if k == self.row:
                blit_panel(surface, r, color=(242, 196, 84, 70), radius=r.h // 4)
            for text, (x, w) in zip(self.cells(g), cols, strict=True):
                blit_text(
                    surface,
                    text,
                    round(t * 0.9),
                    (x, r.y + round(t * 0.25)),
                    theme.INK,
                    anchor=anchor,
                    max_width=w - pad,
                )
        if not self.games:
            blit_text(
                surface,
                tr("No finished game yet: the games you finish are kept here."),
                t,
                (box.centerx, box.y + round(t * 4)),
                theme.INK_DIM,
                anchor="midtop",
                max_width=box.w - 2 * pad,
            )
        self._draw_notes(surface, lay, box)
        for b in self.buttons():
            b.draw(surface)

    def _note_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Under the list: the question before a delete, a message, the files set aside."""
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.confirming:
            lines.append((tr("Delete this game? This cannot be undone."), (255, 170, 150)))
        elif self.message:
            lines.append((self.message, theme.INK))
        lines += [
            (tr("Set aside: {problem}", problem=p), (255, 170, 150)) for p in self.problems[-2:]
        ]
        return lines[:3]

    def _draw_notes(self, surface: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        t = round(lay.text * 0.85)
        y = box.bottom + lay.margin // 3
        for text, colour in self._note_lines():
            blit_text(
                surface,
                text,
                t,
                (lay.w // 2, y),
                colour,
                anchor="midtop",
                max_width=lay.w - 2 * lay.margin,
            )
            y += round(t * 1.3)
