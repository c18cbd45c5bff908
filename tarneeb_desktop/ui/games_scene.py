"""Finished games: the kept records (``table/history.py``), newest first, one row each
(date, rules, players, result), to open in the replay viewer, export or delete; sorted by
date, rules or result and filtered by rules or result (the Sort and Show buttons, S and F).

Up/Down choose a row, Left/Right/Tab the button, Enter does it, Delete asks to delete the
row (Cancel has the focus, so a stray Enter deletes nothing). A file that could not be
read has been set aside by the history; its problem line is shown under the list.
Export and Import choose the file in the file chooser (``file_chooser.py``); a game
already kept is not imported twice (``kept_import.import_record`` says so). A record file
dropped on the window is imported and opened in the viewer (``record_files.py``).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.record import RecordError
from tarneeb_desktop.table.history import (
    AlreadyKeptError,
    KeptGame,
    KeptGameError,
    delete_kept,
    export_kept,
    kept_export_name,
    list_kept,
    open_kept,
)
from tarneeb_desktop.table.kept_import import import_record
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.games_rows import import_words as import_words
from tarneeb_desktop.ui.games_rows import players_text as players_text
from tarneeb_desktop.ui.games_rows import preset_word as preset_word
from tarneeb_desktop.ui.games_rows import result_text as result_text
from tarneeb_desktop.ui.games_rows import rules_text as rules_text
from tarneeb_desktop.ui.games_rows import shown_name as shown_name
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene, draw_page
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.viewer_text import blit_line, line_surface, wrap
from tarneeb_desktop.ui.widgets import bottom_buttons as bottom_buttons  # the tournament screens

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

# the columns: heading and share of the table's width
COLUMNS = ((N_("Date"), 0.15), ("Rules", 0.31), (N_("Players"), 0.28), (N_("Result"), 0.26))
LINES = 2  # a cell's text wraps to at most this many lines
#: the orders of the list (the Sort button goes round them)
SORTS = ("newest", "oldest", "rules", "result")
SORT_LABELS = {
    "newest": N_("newest first"),
    "oldest": N_("oldest first"),
    "rules": N_("by rules"),
    "result": N_("by result"),
}
SHOW_LABELS = {"all": N_("all games"), "won": N_("games won"), "lost": N_("games lost")}


def when_finished(g: KeptGame) -> str:
    """When a game finished, in local time, as the language writes a date and an hour."""
    return i18n.date_text(g.finished.astimezone(), time=True)


def sorted_games(games: list[KeptGame], order: str) -> list[KeptGame]:
    """``games`` in ``order``: by date (newest or oldest first), by rules (then newest
    first), or by result (judged from the person's own side: the games won first, by the
    margin, then those lost; the games of computers only after them)."""
    newest = sorted(games, key=lambda g: g.finished, reverse=True)
    if order == "oldest":
        return newest[::-1]
    if order == "rules":
        return sorted(newest, key=lambda g: preset_word(str(g.rules.get("preset", "standard"))))
    if order == "result":

        def result(g: KeptGame) -> tuple[int, int, int]:
            side = g.my_side
            if side is None:
                return (2, 0, 0)
            return (0 if g.winner == side else 1, g.totals[1 - side] - g.totals[side], 0)

        return sorted(newest, key=result)
    return newest


def filters(games: list[KeptGame]) -> list[str]:
    """What the Show button offers: every game, each set of rules among them, the games
    won and the games lost (by the person's own side; games of computers only are in
    neither)."""
    presets = sorted({str(g.rules.get("preset", "standard")) for g in games}, key=preset_word)
    return ["all", *(f"rules:{p}" for p in presets), "won", "lost"]


def shown_games(games: list[KeptGame], what: str) -> list[KeptGame]:
    if what == "won":
        return [g for g in games if g.my_side is not None and g.winner == g.my_side]
    if what == "lost":
        return [g for g in games if g.my_side is not None and g.winner not in (None, g.my_side)]
    if what.startswith("rules:"):
        return [g for g in games if str(g.rules.get("preset", "standard")) == what[6:]]
    return list(games)


def filter_label(what: str) -> str:
    if what.startswith("rules:"):
        return preset_word(what[6:])
    return tr(SHOW_LABELS[what])


def cell_lines(cell: str, size: int, width: int) -> list[str]:
    """A cell's text wrapped to ``width``: at most :data:`LINES` lines (the last one then
    shrunk to fit when drawn)."""
    lines = wrap(cell, size, width) or [""]
    if len(lines) > LINES:
        lines = [*lines[: LINES - 1], " ".join(lines[LINES - 1 :])]
    return lines


class GamesScene(ButtonScene):
    """The list of finished games."""

    def __init__(self, app: App, selected: Path | None = None) -> None:
        super().__init__(app)
        kept = list_kept()
        #: every kept game, and those shown (sorted by ``order``, filtered by ``show``)
        self.kept = kept.games
        self.order = "newest"
        self.show = "all"
        self.games = list(self.kept)
        self.problems = list(kept.problems)
        self.row = 0
        if selected is not None:
            self.row = next((i for i, g in enumerate(self.games) if g.path == selected), 0)
        self.top = 0  # the first row shown
        self.message: str | None = None

    @property
    def selected(self) -> KeptGame | None:
        return self.games[self.row] if self.games else None

    @property
    def confirming(self) -> bool:
        """The question before a delete is open over the list."""
        return self.app.modals.asking("delete") is not None

    # ------------------------------------------------------------------ buttons
    def build(self, lay: Layout) -> list[Button]:
        specs = [(tr("Import"), "import"), (tr("Back"), "back")]
        if self.games:
            specs = [(tr("Open"), "open"), (tr("Export"), "export"), (tr("Delete"), "delete")]
            specs += [(tr("Import"), "import"), (tr("Back"), "back")]
        out = bottom_buttons(lay, specs, 28, primary=bool(self.games))
        if self.kept:
            out += self.order_buttons(lay)
        return out

    def order_buttons(self, lay: Layout) -> list[Button]:
        """Sort (at the reading side) and Show (at the other), beside the page's title."""
        title = text.size_of(tr("Finished games"), lay.heading, True)[0]
        box = self.box(lay)
        w = min(round(lay.unit * 46), (lay.w - title) // 2 - box.x - lay.margin)
        h = round(lay.heading * 1.45)
        y = round(lay.heading * 0.4)
        sort = pygame.Rect(box.x, y, w, h)
        show = pygame.Rect(box.right - w, y, w, h)
        if i18n.is_rtl():
            sort, show = show, sort
        return [
            Button(sort, tr("Sort: {order}", order=tr(SORT_LABELS[self.order])), "sort"),
            Button(show, tr("Show: {what}", what=filter_label(self.show)), "show"),
        ]

    def arrange(self, keep: Path | None = None) -> None:
        """The rows again after a change of order or filter (on the same game if shown)."""
        if self.show not in filters(self.kept):
            self.show = "all"
        self.games = shown_games(sorted_games(self.kept, self.order), self.show)
        self.row = next((i for i, g in enumerate(self.games) if g.path == keep), 0)
        self.top = 0

    def ask(self, what: str) -> None:
        """The file chooser: where to export the chosen game (its name offered: the date,
        a tournament's name and game), or the record to import; back here after."""
        from tarneeb_desktop.ui.file_chooser import FileChooser

        g = self.selected
        if what == "export" and g is not None:

            def exported(to: Path | None) -> None:
                self.app.switch(self)
                if to is not None:
                    self.export(g, to)

            chooser = FileChooser(self.app, exported, save=True, name=kept_export_name(g))
        else:

            def chosen(source: Path | None) -> None:
                self.app.switch(self)
                if source is not None:
                    self.import_file(source)

            chooser = FileChooser(self.app, chosen)
        self.app.switch(chooser)

    def export(self, g: KeptGame, to: Path) -> None:
        try:
            path = export_kept(g.path, to)
            mark = "\u200e" if i18n.is_rtl() else ""  # a path reads left to right
            self.message = tr("Saved to {path}", path=mark + str(path) + mark)
        except KeptGameError as exc:
            self._gone(str(exc))
        except OSError as exc:
            self.message = tr("Could not export the game: {error}", error=exc.strerror or exc)
        self.rebuild()

    def import_file(self, source: Path) -> Path | None:
        """Add a record file to the list and choose its row; a game kept already is chosen
        and said, not added again. The kept file, or None (a clear message: nothing
        changed)."""
        try:
            path = import_record(source)
            self.message = tr("Imported {name}", name=source.name)
        except AlreadyKeptError as exc:
            path = exc.path
            self.message = tr("This game is in your finished games already")
        except KeptGameError as exc:
            self.message = import_words(exc, source.name)
            path = None
        except OSError as exc:
            self.message = tr("Could not import the file: {error}", error=exc.strerror or exc)
            path = None
        if path is not None:
            self.kept = list_kept().games
            if all(g.path != path for g in shown_games(self.kept, self.show)):
                self.show = "all"
            self.arrange(path)
        self.rebuild()
        return path

    def activate(self, action: str) -> None:
        g = self.selected
        self.message = None
        if action == "back":
            self.app.show_menu()
            return
        if action == "open" and g is not None:
            self.open(g)
            return
        if action in ("sort", "show"):
            keep = g.path if g is not None else None
            if action == "sort":
                self.order = SORTS[(SORTS.index(self.order) + 1) % len(SORTS)]
            else:
                offered = filters(self.kept)
                self.show = offered[(offered.index(self.show) + 1) % len(offered)]
            self.arrange(keep)
        elif action in ("export", "import"):
            self.ask(action)
            return
        elif action == "delete" and g is not None:  # asked first, Cancel the safe choice
            self.app.ask(
                Modal(
                    tr("Delete"),
                    [tr("Delete this game? This cannot be undone.")],
                    [(tr("Cancel"), "cancel"), (tr("Delete"), "confirm")],
                    self.activate,
                    kind="delete",
                )
            )
        elif action == "cancel":
            self.focus = 2  # back on Delete
        elif action == "confirm" and g is not None:
            try:
                delete_kept(g.path)
            except OSError as exc:
                log.warning("could not delete %s: %s", g.path, exc)
            self._drop(g)
            self.focus = 0
        self.rebuild()

    def open(self, g: KeptGame) -> bool:
        """Show the game in the replay viewer (Back comes back here, on the same row);
        False when it could not be (said under the list)."""
        from tarneeb_desktop.session.record_steps import load_steps
        from tarneeb_desktop.ui.viewer_scene import ViewerScene

        try:
            open_kept(g.path)  # sets a broken file aside, with a sentence saying why
            steps = load_steps(g.path)
        except KeptGameError as exc:
            self._gone(str(exc))
            self.rebuild()
            return False
        except (OSError, RecordError) as exc:
            self.message = str(exc)
            self.rebuild()
            return False
        path = g.path
        title = when_finished(g)
        self.app.switch(
            ViewerScene(self.app, steps, title=title, back=lambda: self._back_here(path))
        )
        return True

    def _back_here(self, path: Path) -> None:
        """Back from the viewer: the list as it was (its order and filter), on the row."""
        back = GamesScene(self.app, selected=path)
        back.order, back.show = self.order, self.show
        back.arrange(path)
        self.app.switch(back)

    def _gone(self, problem: str) -> None:
        """The row's file could not be used (and has been set aside): drop the row."""
        self.problems.append(problem)
        if self.games:
            self._drop(self.games[self.row])

    def _drop(self, g: KeptGame) -> None:
        """Take ``g`` out of the list (deleted, or set aside)."""
        self.kept = [k for k in self.kept if k.path != g.path]
        self.games = [k for k in self.games if k.path != g.path]
        self.row = min(self.row, max(0, len(self.games) - 1))

    def choose(self, row: int) -> None:
        if self.games:
            self.row = max(0, min(len(self.games) - 1, row))
            self.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_UP, pygame.K_DOWN):
                self.choose(self.row + (1 if ev.key == pygame.K_DOWN else -1))
                return True
            if ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.choose(self.row + (10 if ev.key == pygame.K_PAGEDOWN else -10))
                return True
            if ev.key == pygame.K_DELETE and self.selected is not None:
                self.activate("delete")
                return True
            keys = {pygame.K_s: "sort", pygame.K_f: "show"}
            if ev.key in keys and self.kept:
                self.activate(keys[ev.key])
                return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5):
            self.choose(self.row + (1 if ev.button == 5 else -1))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k, r in self.row_rects(Layout(*self.app.size)):
                if r.collidepoint(ev.pos):
                    if k == self.row:
                        self.activate("open")  # a click on the chosen row opens it
                    else:
                        self.choose(k)
                    return True
        return super().handle_event(ev)

    # ------------------------------------------------------------------ drawing
    def box(self, lay: Layout) -> pygame.Rect:
        box = pygame.Rect(0, 0, min(lay.w - 2 * lay.margin, round(lay.unit * 170)), 0)
        title_h = text.size_of(tr("Finished games"), lay.heading, True)[1]  # Arabic's is taller
        box.top = max(round(lay.heading * 2.2), round(lay.heading * 0.6) + title_h + 4)
        notes = max(2, len(self._note_lines())) * 1.3 + 0.4  # under the list: the notes
        bottom = lay.h - lay.margin * 2 - round(lay.unit * 6.6) - round(lay.text * notes)
        box.height = bottom - box.top
        box.centerx = lay.w // 2
        return box

    def row_h(self, lay: Layout) -> int:
        return round(lay.text * LINES * 1.45 + lay.text * 0.4)

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
        return [when_finished(g), rules_text(g), players_text(g), result_text(g)]

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
        # one size for every heading: the largest at which all of them fit
        head_size = min(
            text.fit(tr(head), t, cols[i][1] - pad, True) for i, (head, _) in enumerate(COLUMNS)
        )
        for i, (head, _) in enumerate(COLUMNS):
            x, w = cols[i]
            blit_text(
                surface, tr(head), head_size, (x, box.y + pad // 2), theme.INK_DIM, True, anchor
            )
        for k, r in self.row_rects(lay):
            g = self.games[k]
            if k == self.row:
                blit_panel(surface, r, color=(242, 196, 84, 70), radius=r.h // 4)
            for cell, (x, w) in zip(self.cells(g), cols, strict=True):
                self._draw_cell(surface, cell, t, x, w - pad, r)
        if not self.games:
            blit_text(
                surface,
                tr("No finished game yet: the games you finish are kept here.")
                if not self.kept
                else tr("No game shown: press Show for the others."),
                t,
                (box.centerx, box.y + round(t * 4)),
                theme.INK_DIM,
                anchor="midtop",
                max_width=box.w - 2 * pad,
            )
        self._draw_notes(surface, lay, box)
        for b in self.buttons():
            b.draw(surface)

    def _draw_cell(
        self, surface: pygame.Surface, cell: str, size: int, x: int, w: int, r: pygame.Rect
    ) -> None:
        """A cell's text in up to :data:`LINES` lines of one size, centred in the row's
        height (a long one wraps rather than shrinking to a speck)."""
        lines = cell_lines(cell, size, w)
        step = round(size * 1.45)
        tall = max(step, line_surface(lines[-1], size, theme.INK).get_height())  # tall scripts
        y = r.centery - (step * (len(lines) - 1) + tall) // 2
        anchor = i18n.anchor("topleft")
        for line in lines:
            blit_line(surface, line, size, (x, y), theme.INK, anchor=anchor, max_width=w)
            y += step

    def _note_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Under the list: the question before a delete, a message, the files set aside."""
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.message:
            lines.append((self.message, theme.INK))
        if len(self.problems) > 2:  # every file set aside is counted, the last two said
            lines.append(
                (
                    trn(
                        "{n} file could not be used and was set aside",
                        "{n} files could not be used and were set aside",
                        len(self.problems),
                    ),
                    (255, 170, 150),
                )
            )
        lines += [
            (tr("Set aside: {problem}", problem=p), (255, 170, 150)) for p in self.problems[-2:]
        ]
        return lines[:4]

    def _draw_notes(self, surface: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        t = lay.text  # the Delete question at the size of every other question (issue 38)
        y = box.bottom + lay.margin // 3
        lines = self._note_lines()
        for line, colour in lines:
            blit_text(
                surface,
                line,
                t,
                (lay.w // 2, y),
                colour,
                anchor="midtop",
                max_width=lay.w - 2 * lay.margin,
            )
            y += round(t * 1.3)
