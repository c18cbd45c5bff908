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
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text


def file_words(path: Path) -> tuple[str, str]:
    """Which file it was and what the game kept, for a file that could not be read."""
    name = path.name
    if name == "settings.json":
        return (
            tr("Your settings could not all be read."),
            tr("Those that could not be read are back to their defaults; the others are kept."),
        )
    if name == "savegame.json":
        return (
            tr("The saved game could not be read."),
            tr("It cannot be continued. Your statistics and finished games are kept."),
        )
    if name.startswith("stats"):
        return (
            tr("Your statistics could not be read."),
            tr("They start again from here. Your saved game and finished games are kept."),
        )
    if name.startswith("tournament"):
        return (
            tr("The saved tournament could not be read."),
            tr("It cannot be continued. Your statistics and other games are kept."),
        )
    if path.parent.name in ("games", "history") or name.startswith("game"):
        return (
            tr("A finished game could not be read."),
            tr("It is left out of the finished games. Everything else is kept."),
        )
    return (
        tr("The file {name} could not be read.", name=name),
        tr("The game goes on without it. Everything else is kept."),
    )


def paragraphs(files: list[tuple[Path, Path]], others: list[str]) -> list[str]:
    """The notice's paragraphs: one per file set aside (which, what was kept, where the broken
    copy went), then the other messages that mention no file set aside."""
    out = []
    for path, kept in files:
        what, kept_words = file_words(path)
        where = tr(
            "The broken copy was put in {folder} as {name}.", folder=kept.parent, name=kept.name
        )
        out.append(f"{what} {kept_words} {where}")
    names = [k.name for _, k in files]
    out += [m for m in others if not any(n in m for n in names)]
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
