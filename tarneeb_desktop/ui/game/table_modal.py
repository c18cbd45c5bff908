"""The table's open dialog on the window's modal stack (issue 47; see ``scene.overlay``).

The table's dialogs are modals as every screen's questions are: the window gives the top one
every input event before the scene, and draws the stack over the scene with the one veil
under the top one. The adapter hands the events to the dialog's own ``handle_event``, which
keeps each dialog's keys and sends its buttons' actions to the table's ``overlay_action``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui.kit.modal import Layer
from tarneeb_desktop.ui.theme import Button

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.dialogs import Dialog
    from tarneeb_desktop.ui.table_scene import TableScene


class TableModal(Layer):
    """``dialog`` of ``scene`` as one of the window's modals."""

    def __init__(self, scene: TableScene, dialog: Dialog) -> None:
        self.scene, self.dialog = scene, dialog
        self.kind = dialog.kind

    def handle_event(self, ev: pygame.event.Event, size: tuple[int, int]) -> bool:
        scene = self.scene
        if ev.type == pygame.MOUSEMOTION:
            scene.mouse = ev.pos
        self.dialog.handle_event(ev, scene.overlay_buttons())
        return False  # the dialog asks for the frames it changes (``scene.dirty``)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self.dialog.draw(surface, scene.layout, scene.overlay_buttons())
        if scene.lan is not None and not scene.covered():
            scene.lan.draw_over_dialog(surface)  # "Connection lost" stays in sight

    def buttons(self, size: tuple[int, int]) -> list[Button]:
        return self.scene.overlay_buttons()

    def text(self) -> str:
        texts = getattr(self.dialog, "texts", None)
        return "" if texts is None else "\n".join(t for t, _ in texts())
