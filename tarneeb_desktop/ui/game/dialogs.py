"""The dialogs over the table: their base ``Dialog`` (the keys and the pointer) and the grid
of the cards played. The dialogs themselves are ``KitDialog``s (``kit_dialog.py``), listed
by name in ``pages.py``'s ``PAGES``, each kept in ``scene.overlay`` while it is open: its
``buttons()``, ``handle_event`` (a button's action goes to the context's ``overlay_action``)
and ``draw``. A dialog reaches the table through a ``DialogContext`` (``context.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules.cards import RANKS, SUITS
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, clicked, hover

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import DialogContext

CHOOSE_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


class Dialog:
    """What a dialog over the table does with the keys and the pointer (its buttons' actions
    go to the table's ``overlay_action``); laid out and drawn by the kit (``KitDialog``)."""

    kind = ""
    closes_on_escape = True
    #: seconds before Enter or Space acts (a key pressed for the table must not answer it)
    keys_after = 0.0
    #: Enter works only a button the player chose (arrows, Tab or the pointer), never the
    #: primary one by itself (the game's end: a rematch is its own decision)
    enter_needs_focus = False
    close_key: int | None = None  # another key that closes it (V: the cards-played page)
    autoplay_wait = 2.0  # seconds (at normal speed) an autoplayed game leaves it open

    def __init__(self, scene: DialogContext) -> None:
        self.scene = scene
        self.age = 0.0  # seconds open

    def specs(self) -> list[tuple[str, str, bool]]:
        """The buttons as (label, action, primary)."""
        return [(tr("Close"), "close", True)]

    def buttons(self) -> list[Button]:
        """The buttons shown, laid out (``KitDialog``)."""
        raise NotImplementedError

    def shown(self) -> list[tuple[str, str, bool]]:
        """The buttons this table offers of ``specs`` (a LAN table has no Rematch, a daily
        deal's no Export: ``hidden_actions``), laid out as they are, a lone one centred."""
        hidden: set[str] = getattr(self.scene, "hidden_actions", set)()
        return [spec for spec in self.specs() if spec[1] not in hidden]

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        """Every event goes to an open dialog (True: used); ``buttons`` are the ones shown."""
        scene = self.scene
        if ev.type == pygame.MOUSEMOTION:
            if hover(ev, buttons):
                scene.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = clicked(ev, buttons)
            if hit is not None:
                scene.overlay_action(hit.action)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.age < self.keys_after:
                    return True  # a key meant for the table (the last card) reads nothing here
                focus = next((b for b in buttons if b.focus), None)
                if focus is None and not self.enter_needs_focus:
                    focus = next((b for b in buttons if b.primary), None)
                if focus:
                    scene.overlay_action(focus.action)
            elif ev.key in CHOOSE_KEYS and buttons:
                self.move_focus(buttons, 1 if ev.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1)
            elif ev.key == self.close_key or (ev.key == pygame.K_ESCAPE and self.closes_on_escape):
                scene.overlay_action("close")
            return True
        return ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def move_focus(self, buttons: list[Button], step: int) -> None:
        """The focus ``step`` buttons on from the focused one (none: onto the first)."""
        i = next((k for k, b in enumerate(buttons) if b.focus), -1)
        for b in buttons:
            b.focus = False
        buttons[(i + step) % len(buttons) if i >= 0 else 0].focus = True
        self.scene.dirty = True

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        raise NotImplementedError


def played_grid(played: set[str], mine: set[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per suit (spades first), every rank from the ace down with its state: "played",
    "mine" (in ``mine``, the hand shown) or "out" (not seen yet)."""

    def state(card: str) -> str:
        return "played" if card in played else "mine" if card in mine else N_("out")

    suits = reversed(SUITS)  # spades first
    return [(suit, [(r + suit, state(r + suit)) for r in reversed(RANKS)]) for suit in suits]
