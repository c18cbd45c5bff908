"""The pages opened by name (a key, a corner button, the pause menu's buttons): the pause
menu and the question before leaving a LAN table are here, and :data:`PAGES` names every
page the table opens, the score sheet, the cards played and the auction included."""

from __future__ import annotations

from typing import Any

import pygame

from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.game.auction import AuctionDialog
from tarneeb_desktop.ui.game.dialogs import (
    CardsPlayedDialog,
    Dialog,
    Question,
    ScoreSheetDialog,
    page_title,
)
from tarneeb_desktop.ui.game.table_settings import TableSettingsDialog, chosen
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_text, fit_group


class PauseMenuDialog(Dialog):
    """Esc at the table: resume, the score sheet, the cards played, the menu, quit. At a LAN
    table nothing pauses (the others play on): it is titled "Menu" there."""

    kind = "menu"

    @property
    def size(self) -> tuple[float, float]:
        """Its width in layout units (its height: :meth:`rect`, from the column itself)."""
        return 48.0, 4.2 * 2.4 + len(self.specs()) * (6.2 + 1.6) + 3.0

    def rect(self) -> pygame.Rect:
        """As tall as its title and column of buttons, in the pixels they are laid out in,
        with a margin under the last one like the one over the first (issue 48 item 27:
        about 80 px of empty panel stood below Quit)."""
        lay = self.scene.layout
        r = super().rect()
        n = len(self.specs())
        column = n * lay.button[1] + (n - 1) * round(lay.unit * 1.6)
        h = min(lay.h - 20, round(lay.heading * 2.4) + column + round(lay.unit * 3))
        r.h = h
        r.center = (lay.w // 2, lay.h // 2)
        return r

    def specs(self) -> list[tuple[str, str, bool]]:
        out = [
            (tr("Resume"), "close", True),
            (tr("Score sheet"), "scores", False),
            (tr("Cards played"), "played", False),
            (tr("Auction"), "auction", False),
            # a tournament's game: its standings (``scene.show_standings``, issue 24)
            *([(tr("Standings"), "standings", False)] if self.standings else []),
            (tr("Settings"), "table_settings", False),  # those that may change mid-game
        ]
        if not self.scene.on_lan:  # a LAN game goes on meanwhile: no pages away from it
            out.append((tr("How to play"), "howto", False))
        undo = getattr(self.scene, "undo", None)
        if undo is not None and undo.restartable:  # an offline game of its own
            out.append((tr("Restart\u2026"), "restart", False))
        return out + [(tr("Main menu"), "menu", False), (tr("Quit"), "quit", False)]

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        b = chosen(ev, buttons)
        if b is not None and b.action == "howto":
            self.open_howto()
            return True
        if b is not None and b.action == "standings" and self.standings:
            self.standings()
            return True
        return super().handle_event(ev, buttons)

    @property
    def standings(self) -> Any:
        """The table's way to its tournament's standings, if it is a tournament's game."""
        return getattr(self.scene, "show_standings", None)

    def open_howto(self) -> None:
        """How to play, coming back to this table (kept open, its pause menu still shown)."""
        scene: Any = self.scene
        scene.reviewing = True  # the table stays open while the pages are shown
        scene.app.open_help(back=scene)

    def layout_buttons(self, lay: Layout, box: pygame.Rect, bw: int, bh: int) -> list[Button]:
        """A column under the title."""
        out = []
        y = box.y + round(lay.heading * 2.4)
        for label, action, primary in self.specs():
            r = pygame.Rect(0, y, max(bw, box.w - round(lay.unit * 8)), bh)  # body-size labels
            r.centerx = box.centerx
            out.append(Button(r, label, action, primary=primary))
            y += bh + round(lay.unit * 1.6)
        fit_group(out)
        return out

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        blit_text(
            s,
            tr("Menu") if self.scene.on_lan else tr("Paused"),
            lay.heading,
            (box.centerx, box.y + lay.heading // 2),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )


class LeaveTableDialog(Question):
    """ "Main menu" at a LAN table: leaving hands the seat to the computer, so it asks first;
    Stay (the choice that changes nothing) has the focus, and Enter or Esc keeps the seat."""

    kind = "leave"
    size = (70.0, 34.0)

    def specs(self) -> list[tuple[str, str, bool]]:
        return [(tr("Stay"), "close", True), (tr("Leave"), "leave", False)]

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        theme.blit_lines(
            s,
            tr("Leave this table? The computer plays your seat until you come back."),
            round(lay.text * 1.15),
            (box.centerx, box.y + round(lay.unit * 5)),
            theme.INK,
            box.w - 2 * lay.margin,
        )


class RestartDialog(Question):
    """ "Restart…" on the pause menu of an offline game: the hand dealt again from its start
    (marked as an undo is: the game is then kept out of the statistics), or a new game with
    the same players and rules in place of this one. Cancel (the choice that changes
    nothing) has the focus."""

    kind = "restart"
    size = (84.0, 60.0)  # two paragraphs above a row (or two) of three buttons

    def specs(self) -> list[tuple[str, str, bool]]:
        return [
            (tr("Cancel"), "paused", True),
            (tr("Restart the hand"), "restart_hand", False),
            (tr("Restart the game"), "restart_game", False),
        ]

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        page_title(s, lay, box, tr("Restart"))
        y = box.y + round(lay.heading * 2.4)
        for line in (
            tr("The hand: the same cards are dealt again. This game then does not count in the "
               "statistics, as after an undo."),
            tr("The game: a new game with the same players and rules; this one is thrown away."),
        ):  # fmt: skip
            y = theme.blit_lines(
                s, line, lay.text, (box.centerx, y), theme.INK, box.w - 4 * lay.margin
            )
            y += round(lay.text * 0.6)


PAGES: dict[str, type[Dialog]] = {
    "restart": RestartDialog,
    "menu": PauseMenuDialog,
    "scores": ScoreSheetDialog,
    "played": CardsPlayedDialog,
    "auction": AuctionDialog,
    "leave": LeaveTableDialog,
    "table_settings": TableSettingsDialog,
    "paused": PauseMenuDialog,  # back from the settings
}
