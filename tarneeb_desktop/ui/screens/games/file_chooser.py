"""A file chooser drawn in the window: the folders and game records of one folder, to open a
record (Import) or to choose a folder and a file name to write one (Export). It starts in the
folder chosen last time. One click only chooses a row, a double click or Enter takes it
(issue 48 item 14). Paths and file names stay left to right in every language.
"""

from __future__ import annotations

import string
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.storage import load_json, write_json_atomic
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Picture, Text
from tarneeb_desktop.ui.kit.form import Form, mirrored
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, WARN, Style
from tarneeb_desktop.ui.kit.tables import ScrollList
from tarneeb_desktop.ui.kit.widgets import TextField

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

RECORD_SUFFIX = ".json"  # a game record (``record.py``)
#: where the last folder chosen is remembered, in the player's folder
REMEMBERED = "file_chooser.json"


@dataclass(frozen=True)
class Entry:
    """A row of the list: a folder (``..`` is the one above) or a record file."""

    path: Path
    folder: bool
    up: bool = False

    @property
    def label(self) -> str:
        return ".." if self.up else (self.path.name or str(self.path))


def entries(folder: Path) -> list[Entry]:
    """``..`` (unless a root), then the folders, then the record files, each by name; hidden
    ones left out. At a Windows drive's root, the other drives are folders."""
    out = [Entry(folder.parent, True, up=True)] if folder.parent != folder else []
    try:
        found = [p for p in folder.iterdir() if not p.name.startswith(".")]
    except OSError:
        return out
    folders, files = [], []
    for p in found:
        try:
            if p.is_dir():
                folders.append(Entry(p, True))
            elif p.suffix.lower() == RECORD_SUFFIX and p.is_file():
                files.append(Entry(p, False))
        except OSError:
            continue
    if sys.platform == "win32" and folder.parent == folder:
        drives = (Path(f"{d}:\\") for d in string.ascii_uppercase)
        out += [Entry(d, True) for d in drives if d != folder and d.exists()]
    by_name = lambda e: e.path.name.casefold()  # noqa: E731
    return out + sorted(folders, key=by_name) + sorted(files, key=by_name)


def start_folder() -> Path:
    """The folder chosen last time if it is still there, else Documents, else home."""
    doc, _ = load_json(user_data_dir() / REMEMBERED)
    last = doc.get("folder") if isinstance(doc, dict) else None
    if isinstance(last, str) and Path(last).is_dir():
        return Path(last)
    docs = Path.home() / "Documents"
    return docs if docs.is_dir() else Path.home()


def remember(folder: Path) -> None:
    """Start there next time (a file that cannot be written only forgets it)."""
    with suppress(OSError):
        write_json_atomic(user_data_dir() / REMEMBERED, {"folder": str(folder)})


def blit_path(
    s: pygame.Surface,
    path: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, ...],
    anchor: str,
) -> None:
    """A path or a file name, read left to right in every language (an Arabic folder's name
    inside it joined and in its place: right to left, the folders would turn around)."""
    surf = text.render(text.shape(path, rtl=False), size, colour, shaped=True)
    s.blit(surf, surf.get_rect(**{anchor: pos}))


def tail_fit(path: str, size: int, width: int) -> str:
    """A path as it fits in ``width``: whole, or its end after an ellipsis (where it is
    matters more than where it starts)."""
    if text.size_of(path, size)[0] <= width:
        return path
    lo, hi = 0, len(path)
    while lo < hi:  # the shortest cut that fits
        mid = (lo + hi) // 2
        if text.size_of("\u2026" + path[mid:], size)[0] <= width:
            hi = mid
        else:
            lo = mid + 1
    return "\u2026" + path[lo:]


#: Seconds between the two clicks of a double click.
DOUBLE_CLICK = 0.5


class FileChooser(KitScene):
    """Choose a record to open, or a file to write (``save``, ``name`` offered); ``done`` is
    called once with the file chosen, or None (Cancel), and shows the next screen."""

    def __init__(
        self,
        app: App,
        done: Callable[[Path | None], None],
        *,
        save: bool = False,
        name: str = "",
        title: str | None = None,
        folder: Path | None = None,
    ) -> None:
        super().__init__(app)
        self.done, self.save = done, save
        self.title = title or (tr("Export the game") if save else tr("Import a game record"))
        self.field = TextField(name, max_chars=200, printable=True)
        self.folder = Path()
        self.rows: list[Entry] = []
        self.row: int | None = None  # the chosen row; none yet when saving
        self.top = 0  # the first row shown
        self.message: str | None = None
        #: The last click on a row (row, when): a second on it within DOUBLE_CLICK opens it.
        self.last_click: tuple[int, float] | None = None
        self.go((folder or start_folder()).expanduser())

    def go(self, folder: Path) -> None:
        """Show ``folder``'s rows (the chosen row: the first folder or file when opening)."""
        with suppress(OSError):
            folder = folder.resolve()
        self.folder, self.rows, self.top = folder, entries(folder), 0
        self.row = self.last_click = None  # a double click's second half opens nothing here
        if not self.save and self.rows:  # opening: on the first folder or file
            self.row = min(1 if self.rows[0].up else 0, len(self.rows) - 1)
        files = any(not e.folder for e in self.rows)
        self.message = None if files or self.save else tr("No game record in this folder")
        self.rebuild()

    def chosen(self) -> Entry | None:
        return self.rows[self.row] if self.row is not None and self.rows else None

    def finish(self, path: Path | None) -> None:
        if self.save:
            self.field.stop()
        if path is not None:
            remember(self.folder)
        self.done(path)

    def take(self) -> None:
        """Into the chosen folder; else open the chosen file, or save under the name typed."""
        e = self.chosen()
        if e is not None and e.folder:
            self.go(e.path)
        elif e is not None and not self.save:
            self.finish(e.path)
        elif self.save:
            name = self.field.text.strip()
            if not name or name in (".", "..") or any(c in name for c in "/\\"):
                self.message = tr("Type the file's name first")
                self.dirty = True
                return
            self.finish(self.folder / name)

    def choose(self, row: int) -> None:
        if self.rows:
            self.row = max(0, min(len(self.rows) - 1, row))
            e = self.rows[self.row]
            if self.save and not e.folder:  # its name, to be changed or written over
                self.field.text = e.path.name
            self.dirty = True

    def activate(self, action: str) -> None:
        if action == "ok":
            self.take()
        elif action == "up" and self.folder.parent != self.folder:
            self.go(self.folder.parent)
        elif action in ("cancel", "back"):
            self.finish(None)
            return
        self.rebuild()

    def on_show(self) -> None:
        super().on_show()
        if self.save:
            self.field.start()

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN:
            alt = getattr(ev, "mod", 0) & pygame.KMOD_ALT
            if (ev.key == pygame.K_UP and alt) or (ev.key == pygame.K_BACKSPACE and not self.save):
                self.activate("up")
                return True
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
            if not self.save:
                steps.update({pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)})
            if ev.key in steps:
                here = self.row if self.row is not None else -1
                self.choose(max(0, here + steps[ev.key]))
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus == 0:
                self.take()
                return True
        if self.save:
            said = self.field.handle_event(ev)
            if said == "typed":
                e = self.chosen()
                if e is not None and e.folder:  # Enter now saves here, not goes in there
                    self.row = None
                self.message = None
                self.dirty = True
                return True
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
                return True  # a space typed in the name (TEXTINPUT), not a button pressed
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5):
            self.scroll(1 if ev.button == 5 else -1)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for k, r in self.row_rects():
                if r.collidepoint(ev.pos):
                    now, last = time.monotonic(), self.last_click
                    self.choose(k)
                    self.last_click = (k, now)
                    if last is not None and last[0] == k and now - last[1] <= DOUBLE_CLICK:
                        self.take()  # a double click: into the folder, or take the file
                    return True
        return super().handle_event(ev)

    def scroll(self, by: int) -> None:
        self.laid()
        self.top = max(0, min(len(self.rows) - self.list_box.visible, self.top + by))
        self.dirty = True

    def layout_key(self) -> object:
        return (self.folder, len(self.rows), self.row, self.top, self.message)

    def tree(self, st: Style) -> Box:
        """The folder's path, its rows, the file's name when saving, a warning, the buttons."""
        where = Picture(lambda s, r: blit_path(s, tail_fit(str(self.folder), st.body, r.w), st.body,
                                               r.center, DIM, "center"), st.line, st.line)  # fmt: skip
        where.grow = False
        self.list_box = ScrollList(len(self.rows), self._paint_row, picked=self.row, top=self.top)
        body: list[Box] = [where, self.list_box]
        if self.save:
            body.append(Form([(tr("File name:"), self.field)], lambda: 0, least=20, most=120,
                             left_to_right=True))  # fmt: skip
        if self.message:
            body.append(Text(self.message, color=WARN, align="center"))
        foot: list[FootSpec] = [(tr("Save") if self.save else tr("Open"), "ok", True),
                                (tr("Up a folder"), "up", False), (tr("Cancel"), "cancel", False)]  # fmt: skip
        return Page(self.title, body, foot=foot)

    def laid(self) -> Box:
        tree = super().laid()
        self.top = self.list_box.top  # where the list scrolled to, to keep the row in sight
        return tree

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The rows shown: (the row's index, where it is)."""
        self.laid()
        return self.list_box.shown

    def _paint_row(self, s: pygame.Surface, k: int, r: pygame.Rect, on: bool) -> None:
        self._draw_row(s, self.rows[k], r, Style(*s.get_size()).body, on)

    def _draw_row(self, s: pygame.Surface, e: Entry, r: pygame.Rect, t: int, on: bool) -> None:
        pad = round(t * 0.6)
        icon = pygame.Rect(0, 0, round(t * 1.1), round(t * 0.9))
        icon.midleft = (r.x + pad, r.centery)
        # the icon and the name laid out left to right, mirrored in the row as a whole
        name = mirrored(pygame.Rect(icon.right + pad, r.y, r.w - icon.w - 3 * pad, r.h), r)
        icon = mirrored(icon, r)
        if e.folder:  # a folder: a tab and its body
            tab = pygame.Rect(icon.x, icon.y - round(t * 0.15), icon.w // 2, round(t * 0.3))
            pygame.draw.rect(s, theme.GOLD, tab, border_radius=2)
            pygame.draw.rect(s, theme.GOLD, icon, border_radius=3)
        else:  # a record: a sheet with lines
            sheet = pygame.Rect(0, 0, round(t * 0.75), round(t * 1.0))
            sheet.center = icon.center
            pygame.draw.rect(s, theme.INK, sheet, border_radius=2)
            for k in (1, 2, 3):
                y = sheet.y + sheet.h * k // 4
                pygame.draw.line(s, (90, 90, 90), (sheet.x + 3, y), (sheet.right - 4, y))
        label = text.elide(e.label, t, name.w)
        anchor = i18n.anchor("midleft")
        blit_path(s, label, t, getattr(name, anchor), theme.INK, anchor)
