"""The notice of damaged files, in the player's words, until it is dismissed.

A file the program could not read is set aside (``storage.set_aside``: renamed to
``NAME.broken-…`` beside it) and the game goes on without it. The main menu then shows this
panel at body size: for each file, which one it was, what the game kept, and where the broken
copy was put; other messages for the player follow. It stays until OK (Enter, Esc or a
click)."""

from __future__ import annotations

from pathlib import Path

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

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


def file_words(path: Path) -> tuple[str, str]:
    """Which file it was and what was lost with it, for a file that could not be read."""
    kind = file_kind(path)
    if kind == "settings":
        return (
            tr("Your settings could not all be read."),
            tr("Those that could not be read are back to their defaults."),
        )
    if kind == "savegame":
        return tr("The saved game could not be read."), tr("It cannot be continued.")
    if kind == "stats":
        return tr("Your statistics could not be read."), tr("They start again from here.")
    if kind == "tournament":
        return tr("The saved tournament could not be read."), tr("It cannot be continued.")
    if kind == "games":
        return (
            tr("A finished game could not be read."),
            tr("It is left out of the finished games."),
        )
    return (
        tr("The file {name} could not be read.", name=path.name),
        tr("The game goes on without it."),
    )


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
        if len(files) == 1:
            kept_as = files[0][1]
            out.append(tr("The broken copy was put in {folder} as {name}.",
                          folder=kept_as.parent, name=kept_as.name))  # fmt: skip
        elif len(folders) == 1:
            listed = comma().join(k.name for _, k in files)
            out.append(tr("The broken copies were put in {folder}: {names}.",
                          folder=files[0][1].parent, names=listed))  # fmt: skip
        else:
            listed = comma().join(str(k) for _, k in files)
            out.append(tr("The broken copies were kept as {names}.", names=listed))
    set_aside_names = [k.name for _, k in files]
    out += [m for m in others if not any(n in m for n in set_aside_names)]
    return out


class FileNotice:
    """The panel: a title, the paragraphs wrapped at body size, and OK."""

    def __init__(self, paragraphs: list[str]) -> None:
        self.paragraphs = paragraphs

    @property
    def text(self) -> str:
        return "\n".join(self.paragraphs)

    def _lines(self, lay: Layout, width: int) -> list[str]:
        out: list[str] = []
        for k, p in enumerate(self.paragraphs):
            if k:
                out.append("")
            out += text.wrap(p, lay.text, width)
        return out

    def rect(self, lay: Layout) -> pygame.Rect:
        w = min(lay.w - 2 * lay.margin, round(lay.unit * 130))
        inner = w - 4 * lay.margin
        step = round(lay.text * 1.4)
        lines = self._lines(lay, inner)
        bh = round(lay.unit * 6.6)
        h = self.text_top(lay, 0) + step * len(lines) + lay.margin * 2 + bh + lay.margin * 2
        r = pygame.Rect(0, 0, w, min(h, lay.h - 2 * lay.margin))
        r.center = (lay.w // 2, lay.h // 2)
        return r

    @staticmethod
    def text_top(lay: Layout, top: int) -> int:
        """Where the paragraphs start in a panel whose top is ``top``."""
        return top + lay.margin * 2 + round(lay.heading * 1.9) + lay.margin

    def button(self, lay: Layout) -> Button:
        box = self.rect(lay)
        bw, bh = round(lay.unit * 24), round(lay.unit * 6.6)
        r = pygame.Rect(0, 0, bw, bh)
        r.midbottom = (box.centerx, box.bottom - lay.margin * 2)
        return Button(r, tr("OK"), "notice_ok", primary=True, group="notice")

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        box = self.rect(lay)
        blit_panel(
            surface, box, color=(10, 26, 20, 250), border=(*theme.GOLD, 170), radius=lay.margin
        )
        y = box.y + lay.margin * 2
        title = tr("Some files could not be read")
        blit_text(surface, title, lay.heading, (box.centerx, y), theme.GOLD, True, "midtop")
        y = self.text_top(lay, box.y)
        step = round(lay.text * 1.4)
        rtl = i18n.is_rtl()
        x = box.right - 2 * lay.margin if rtl else box.x + 2 * lay.margin
        anchor = i18n.anchor("topleft")
        for line in self._lines(lay, box.w - 4 * lay.margin):
            if line:
                blit_text(surface, line, lay.text, (x, y), theme.INK, anchor=anchor)
            y += step
