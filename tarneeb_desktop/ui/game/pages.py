"""The pages opened by name (a key, a corner button, the pause menu's buttons): the pause
menu and the question before leaving a LAN table are here, and :data:`PAGES` names every
page the table opens, the score sheet, the cards played and the auction included."""

from __future__ import annotations

from typing import Any

import pygame

from tarneeb_desktop.ui.game.auction import AuctionDialog
from tarneeb_desktop.ui.game.dialogs import Dialog
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.game.played import CardsPlayedDialog
from tarneeb_desktop.ui.game.sheet import ScoreSheetDialog
from tarneeb_desktop.ui.game.table_settings import TableSettingsDialog, chosen
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box
from tarneeb_desktop.ui.kit.form import ButtonColumn
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.theme import Button


class PauseMenuDialog(KitDialog):
    """Esc at the table: resume, the score sheet, the cards played, the menu, quit. At a LAN
    table nothing pauses (the others play on): it is titled "Menu" there. Its buttons are a
    column under the title, the panel as tall as they are."""

    kind = "menu"
    width = 48.0

    def title(self) -> str:
        return tr("Menu") if self.scene.on_lan else tr("Paused")

    def foot(self, st: Style) -> Box:
        specs = [(label, action, primary, True) for label, action, primary in self.shown()]
        return ButtonColumn(specs, "menu", least=len(specs), wide=40)

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
        go = {"howto": self.open_howto, "standings": self.standings}.get(b.action) if b else None
        if go is not None:  # pages of their own, away from the table
            go()
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


class LeaveTableDialog(KitDialog):
    """ "Main menu" at a LAN table: leaving hands the seat to the computer, so it asks first;
    Stay (the choice that changes nothing) has the focus, and Enter or Esc keeps the seat."""

    kind = "leave"
    width = 70.0
    question = True

    def specs(self) -> list[tuple[str, str, bool]]:
        return [(tr("Stay"), "close", True), (tr("Leave"), "leave", False)]

    def paragraphs(self) -> list[str]:
        return [tr("Leave this table? The computer plays your seat until you come back.")]


class RestartDialog(KitDialog):
    """ "Restart…" on the pause menu of an offline game: the hand dealt again from its start
    (marked as an undo is: the game is then kept out of the statistics), or a new game with
    the same players and rules in place of this one. Cancel (the choice that changes
    nothing) has the focus."""

    kind = "restart"
    width = 84.0
    question = True

    def specs(self) -> list[tuple[str, str, bool]]:
        return [
            (tr("Cancel"), "paused", True),
            (tr("Restart the hand"), "restart_hand", False),
            (tr("Restart the game"), "restart_game", False),
        ]

    def title(self) -> str:
        return tr("Restart")

    def paragraphs(self) -> list[str]:
        return [
            tr("The hand: the same cards are dealt again. This game then does not count in the "
               "statistics, as after an undo."),
            tr("The game: a new game with the same players and rules; this one is thrown away."),
        ]  # fmt: skip


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
