"""Finished games: the kept records (``table/history.py``), one row each (date, rules,
players, result), to open in the replay viewer, export or delete; sorted and filtered by the
Sort and Show buttons (S and F). Delete asks first, Cancel with the focus (a stray Enter
deletes nothing); a file set aside by the history has its problem line under the list.
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
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Text
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, Style
from tarneeb_desktop.ui.kit.tables import Listing
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.games.rows import import_words as import_words
from tarneeb_desktop.ui.screens.games.rows import players_text as players_text
from tarneeb_desktop.ui.screens.games.rows import preset_word as preset_word
from tarneeb_desktop.ui.screens.games.rows import result_text as result_text
from tarneeb_desktop.ui.screens.games.rows import rules_text as rules_text
from tarneeb_desktop.ui.screens.games.rows import shown_name as shown_name
from tarneeb_desktop.ui.theme import Button

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

# the columns: heading and share of the table's width
COLUMNS = ((N_("Date"), 0.15), ("Rules", 0.31), (N_("Players"), 0.28), (N_("Result"), 0.26))
LINES = 3  # a cell's text wraps to at most this many lines (never shrunk)
#: the orders of the list (the Sort button goes round them)
SORTS = ("newest", "oldest", "rules", "result")
SORT_LABELS = {
    "newest": N_("newest first"),
    "oldest": N_("oldest first"),
    "rules": N_("by rules"),
    "result": N_("by result"),
}
SHOW_LABELS = {"all": N_("all games"), "won": N_("games won"), "lost": N_("games lost")}
SET_ASIDE = (255, 170, 150)  # the colour of a file set aside


def when_finished(g: KeptGame) -> str:
    """When a game finished, in local time, as the language writes a date and an hour."""
    return i18n.date_text(g.finished.astimezone(), time=True)


def sorted_games(games: list[KeptGame], order: str) -> list[KeptGame]:
    """``games`` in ``order``: by date, by rules (then newest first), or by result (from the
    person's side: won by the margin, then lost; the games of computers only after them)."""
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
    """What the Show button offers: all, each set of rules among them, won and lost."""
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


class GamesScene(KitScene):
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

    def foot(self) -> list[FootSpec]:
        if not self.games:
            return [(tr("Import"), "import", False), (tr("Back"), "back", False)]
        return [(tr("Open"), "open", True), (tr("Export"), "export", False),
                (tr("Delete"), "delete", False), (tr("Import"), "import", False),
                (tr("Back"), "back", False)]  # fmt: skip

    def layout_key(self) -> object:
        return (self.row, self.order, self.show, self.message, tuple(self.problems),
                tuple(g.path for g in self.games), len(self.kept))  # fmt: skip

    def tree(self, st: Style) -> Box:
        """Sort and Show, the list (or why it is empty), the notes under it, the buttons."""
        body: list[Box] = []
        if self.kept:
            body.append(ButtonRow([
                (tr("Sort: {order}", order=tr(SORT_LABELS[self.order])), "sort", False),
                (tr("Show: {what}", what=filter_label(self.show)), "show", False),
            ], group="order"))  # fmt: skip
        heads = [tr(head) for head, _ in COLUMNS]
        rows = [self.cells(g) for g in self.games]
        self.listing = Listing(heads, rows, [share for _, share in COLUMNS], picked=self.row,
                               top=self.top, lines=LINES)  # fmt: skip
        if self.games:
            body.append(self.listing)
        else:
            body.append(Text(tr("No finished game yet: the games you finish are kept here.")
                             if not self.kept else tr("No game shown: press Show for the others."),
                             color=DIM, align="center"))  # fmt: skip
        body += [Text(line, color=colour, align="center") for line, colour in self._note_lines()]
        return Page(tr("Finished games"), body, foot=self.foot())

    def laid(self) -> Box:
        tree = super().laid()
        self.top = self.listing.top  # where the list scrolled to, to keep the row in sight
        return tree

    def build(self, lay: Layout) -> list[Button]:
        """The foot's buttons first (Open has the focus), then Sort and Show."""
        return sorted(super().build(lay), key=lambda b: b.action in ("sort", "show"))

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The rows shown: (the game's index, where its row is)."""
        self.laid()
        return self.listing.shown if self.games else []

    def arrange(self, keep: Path | None = None) -> None:
        """The rows again after a change of order or filter (on the same game if shown)."""
        if self.show not in filters(self.kept):
            self.show = "all"
        self.games = shown_games(sorted_games(self.kept, self.order), self.show)
        self.row = next((i for i, g in enumerate(self.games) if g.path == keep), 0)
        self.top = 0

    def ask(self, what: str) -> None:
        """The file chooser: where to export the chosen game, or the record to import."""
        from tarneeb_desktop.ui.screens.games.file_chooser import FileChooser

        g = self.selected if what == "export" else None

        def chosen(path: Path | None) -> None:
            self.app.switch(self)
            if path is not None and g is not None:
                self.export(g, path)
            elif path is not None:
                self.import_file(path)

        name = kept_export_name(g) if g is not None else ""
        self.app.switch(FileChooser(self.app, chosen, save=g is not None, name=name))

    def export(self, g: KeptGame, to: Path) -> None:
        try:
            path = export_kept(g.path, to)
            mark = i18n.ltr_mark()  # a path reads left to right
            self.message = tr("Saved to {path}", path=mark + str(path) + mark)
        except KeptGameError as exc:
            self._gone(str(exc))
        except OSError as exc:
            self.message = tr("Could not export the game: {error}", error=exc.strerror or exc)
        self.rebuild()

    def import_file(self, source: Path) -> Path | None:
        """Add a record file to the list and choose its row (a game kept already is chosen,
        not added again); the kept file, or None (said: nothing changed)."""
        path: Path | None = None
        try:
            path = import_record(source)
            self.message = tr("Imported {name}", name=source.name)
        except AlreadyKeptError as exc:
            path = exc.path
            self.message = tr("This game is in your finished games already")
        except KeptGameError as exc:
            self.message = import_words(exc, source.name)
        except OSError as exc:
            self.message = tr("Could not import the file: {error}", error=exc.strerror or exc)
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
            asked = [tr("Delete this game? This cannot be undone.")]
            answers = [(tr("Cancel"), "cancel"), (tr("Delete"), "confirm")]
            self.app.ask(Modal(tr("Delete"), asked, answers, self.activate, kind="delete"))
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
        """Show the game in the replay viewer (Back: here, on its row); False if it cannot."""
        from tarneeb_desktop.session.record_steps import load_steps
        from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

        try:
            open_kept(g.path)  # sets a broken file aside, with a sentence saying why
            steps = load_steps(g.path)
        except (KeptGameError, OSError, RecordError) as exc:
            if isinstance(exc, KeptGameError):
                self._gone(str(exc))
            else:
                self.message = str(exc)
            self.rebuild()
            return False
        path = g.path
        back = lambda: self._back_here(path)  # noqa: E731
        self.app.switch(ViewerScene(self.app, steps, title=when_finished(g), back=back))
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
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
            if ev.key in steps:
                self.choose(self.row + steps[ev.key])
                return True
            keys = {pygame.K_s: "sort", pygame.K_f: "show", pygame.K_DELETE: "delete"}
            if ev.key in keys and (self.selected if ev.key == pygame.K_DELETE else self.kept):
                self.activate(keys[ev.key])
                return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5):
            self.choose(self.row + (1 if ev.button == 5 else -1))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k, r in self.row_rects():
                if r.collidepoint(ev.pos):
                    if k == self.row:
                        self.activate("open")  # a click on the chosen row opens it
                    else:
                        self.choose(k)
                    return True
        return super().handle_event(ev)

    def cells(self, g: KeptGame) -> list[str]:
        return [when_finished(g), rules_text(g), players_text(g), result_text(g)]

    def _note_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Under the list: a message, the files set aside."""
        lines = [(self.message, theme.INK)] if self.message else []
        n = len(self.problems)
        if n > 2:  # every file set aside is counted, the last two said
            said = trn(
                "{n} file could not be used and was set aside",
                "{n} files could not be used and were set aside",
                n,
            )
            lines.append((said, SET_ASIDE))
        lines += [(tr("Set aside: {problem}", problem=p), SET_ASIDE) for p in self.problems[-2:]]
        return lines[:4]
