"""The tutorial's two dialogs over the table: "Skip the tutorial?" (Esc) and the end.

Laid out by the kit as the table's ``KitDialog``, but their buttons go to the tutorial scene's
``tutorial_action``; the choice that changes nothing has the focus."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui.game.dialogs import CHOOSE_KEYS
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit.widgets import step_of_key
from tarneeb_desktop.ui.theme import Button, clicked

if TYPE_CHECKING:
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene


class TutorialDialog(KitDialog):
    """A title, a few lines and a row of buttons; Esc and Enter as the focus says, the arrows
    move it in reading order."""

    width = 96.0
    escape_action = "close"

    def __init__(self, scene: TutorialScene) -> None:
        super().__init__(scene)
        self.tutorial = scene

    def words(self) -> str:
        return ""

    def paragraphs(self) -> list[str]:
        return self.words().split("\n\n")

    def buttons(self) -> list[Button]:
        out = super().buttons()
        if out and not any(b.focus for b in out):
            out[0].focus = True  # the first button is the safe one
        return out

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = clicked(ev, buttons)
            if hit is not None:
                self.tutorial.tutorial_action(hit.action)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                focus = next((b for b in buttons if b.focus), None)
                if focus is not None:
                    self.tutorial.tutorial_action(focus.action)
            elif ev.key == pygame.K_ESCAPE:
                self.tutorial.tutorial_action(self.escape_action)
            elif ev.key in CHOOSE_KEYS and buttons:
                i = next((k for k, b in enumerate(buttons) if b.focus), 0)
                turn = step_of_key(ev.key) or (1 if ev.key == pygame.K_DOWN else -1)
                for b in buttons:
                    b.focus = False
                buttons[(i + turn) % len(buttons)].focus = True
                self.scene.dirty = True
            return True
        if ev.type == pygame.MOUSEMOTION:
            return super().handle_event(ev, buttons)
        return ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)


class SkipDialog(TutorialDialog):
    kind = "skip"

    def title(self) -> str:
        return tr("Skip the tutorial?")

    def words(self) -> str:
        return tr("You can play it again at any time from How to play.")

    def specs(self) -> list[tuple[str, str, bool]]:
        if self.tutorial.back is not None:  # skipping goes back to the paused game
            return [(tr("Keep learning"), "close", True), (tr("Back to the game"), "skip", False)]
        return [(tr("Keep learning"), "close", True), (tr("Skip the tutorial"), "skip", False)]


class DoneDialog(TutorialDialog):
    """The end: shown in place of the hand's summary, so nothing is dealt behind it."""

    kind = "tutorial_done"
    escape_action = "menu"
    width = 110.0

    def title(self) -> str:
        return tr("You finished the tutorial!")

    def words(self) -> str:
        history = self.tutorial.table.state.history if self.tutorial.table else []
        took = history[0].tricks[0] if history and history[0].tricks else None
        learnt = "\n".join(
            [
                tr("You learnt to:"),
                "\u2022 " + tr("bid higher than the bid before, or pass;"),
                "\u2022 " + tr("name the trump suit when your bid wins the auction;"),
                "\u2022 " + tr("follow the suit that was led whenever you can;"),
                "\u2022 " + tr("win a trick with a trump when you hold none of the suit led."),
                "",
                tr("Play a real game against the computer now; How to play explains the scoring."),
            ]
        )
        if took is None:
            return learnt
        return (
            trn("Your team bid 8 and took {n} trick.", "Your team bid 8 and took {n} tricks.", took)
            + "\n\n"
            + learnt
        )

    def specs(self) -> list[tuple[str, str, bool]]:
        if self.tutorial.back is not None:  # started from a paused game: back to it
            return [(tr("Back to the game"), "back", True), (tr("How to play"), "howto", False)]
        return [
            (tr("Play a real game"), "play", True),
            (tr("How to play"), "howto", False),
            (tr("Main menu"), "menu", False),
        ]
