"""The notice of damaged files, in the player's words, until it is dismissed.

A file the program could not read is set aside (``storage.set_aside``: renamed to
``NAME.broken-…`` beside it) and the game goes on without it. The main menu then shows this
panel at body size: for each file, which one it was, what the game kept, and where the broken
copy was put; other messages for the player follow. It stays until OK (Enter, Esc or a
click)."""

from __future__ import annotations

from pathlib import Path

import pygame

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.boxes import ButtonRow, Column, Panel, Space, Text, centred, veil
from tarneeb_desktop.ui.kit.style import GOLD, Style
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.text import LRM
from tarneeb_desktop.ui.theme import Button

#: What the notice may say was kept, by kind of file (the kinds a player knows).
KEPT_WORDS = {
    "settings": N_("your settings"),
    "savegame": N_("your saved game"),
    "stats": N_("your statistics"),
    "games": N_("your finished games"),
}


def file_kind(path: Path) -> str:
    """The kind of a file set aside: settings, savegame, stats, tournament, games or other."""
    name = path.name
    if name == "settings.json":
        return "settings"
    if name == "savegame.json":
        return "savegame"
    if name.startswith("stats"):
        return "stats"
    if name.startswith("tournament"):
        return "tournament"
    if path.parent.name in ("games", "history") or name.startswith("game"):
        return "games"
    return "other"


#: Which file it was and what was lost with it, by kind of file (any other: its name).
LOST_WORDS = {
    "settings": (
        N_("Your settings could not all be read."),
        N_("Those that could not be read are back to their defaults."),
    ),
    "savegame": (N_("The saved game could not be read."), N_("It cannot be continued.")),
    "stats": (N_("Your statistics could not be read."), N_("They start again from here.")),
    "tournament": (N_("The saved tournament could not be read."), N_("It cannot be continued.")),
    "games": (
        N_("A finished game could not be read."),
        N_("It is left out of the finished games."),
    ),
}


def file_words(path: Path) -> tuple[str, str]:
    """Which file it was and what was lost with it, for a file that could not be read."""
    what, lost = LOST_WORDS.get(file_kind(path), (None, N_("The game goes on without it.")))
    return tr(what) if what else tr("The file {name} could not be read.", name=path.name), tr(lost)


def paragraphs(files: list[tuple[Path, Path]], others: list[str]) -> list[str]:
    """The notice's paragraphs (issue 48 item 4: one per file, each saying the others were
    kept, contradicted itself when several were broken): what was lost, file by file; then
    once what was kept and where the broken copies went; then the other messages that
    mention no file set aside."""
    out = []
    lost = set()
    for path, _kept in files:
        what, lost_words = file_words(path)
        out.append(f"{what} {lost_words}")
        lost.add(file_kind(path))
    if files:
        kept = [tr(words) for kind, words in KEPT_WORDS.items() if kind not in lost]
        if "games" in lost:
            kept.append(tr("your other finished games"))
        if kept:
            out.append(tr("Kept as they were: {things}.", things=comma().join(kept)))
        folders = {k.parent for _, k in files}

        def ltr(value: object) -> str:  # a path reads left to right, in Arabic too
            return LRM + str(value) + LRM

        if len(files) == 1:
            kept_as = files[0][1]
            out.append(tr("The broken copy was put in {folder} as {name}.",
                          folder=ltr(kept_as.parent), name=ltr(kept_as.name)))  # fmt: skip
        elif len(folders) == 1:
            listed = comma().join(ltr(k.name) for _, k in files)
            out.append(tr("The broken copies were put in {folder}: {names}.",
                          folder=ltr(files[0][1].parent), names=listed))  # fmt: skip
        else:
            listed = comma().join(ltr(k) for _, k in files)
            out.append(tr("The broken copies were kept as {names}.", names=listed))
    set_aside_names = [k.name for _, k in files]
    out += [m for m in others if not any(n in m for n in set_aside_names)]
    return out


class FileNotice:
    """The panel: a title, the paragraphs wrapped at body size, and OK; laid out by the UI
    kit's boxes (``ui/kit``), its veil the kit's."""

    def __init__(self, paragraphs: list[str]) -> None:
        self.paragraphs = paragraphs
        self._laid: tuple[tuple[int, int, str], Panel, pygame.Rect] | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.paragraphs)

    def tree(self, st: Style) -> Panel:
        title = Text(tr("Some files could not be read"), size=st.heading, color=GOLD,
                     bold=True, align="center")  # fmt: skip
        words = [Text(p) for p in self.paragraphs]
        ok = ButtonRow([(tr("OK"), "notice_ok", True)], group="notice")
        return Panel(Column([title, *words, Space(0.2), ok]))

    def laid(self, lay: Layout) -> tuple[Panel, pygame.Rect]:
        key = (lay.w, lay.h, i18n.get_language())
        if self._laid is None or self._laid[0] != key:
            st = Style(lay.w, lay.h)
            panel = self.tree(st)
            rect = centred(st, panel, round(st.unit * 130))
            self._laid = (key, panel, rect)
        return self._laid[1], self._laid[2]

    def rect(self, lay: Layout) -> pygame.Rect:
        return self.laid(lay)[1]

    def button(self, lay: Layout) -> Button:
        return self.laid(lay)[0].buttons()[0]

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        veil(surface)
        panel, _ = self.laid(lay)
        panel.draw(surface)
