"""Undo (U, Ctrl+Z or the button in the corner): take back my own last call or card against
the computer, when the setting is on (off by default; never at a LAN table, where the game
is the host's). The table flow returns to just before that move (``Table.take_back``, the
computers' answers undone too) and publishes a change with no events: the scene then draws
again from the views, every animation dropped. A game in which it was used is marked: its
save says so, the game-over dialog says so, and the statistics leave it out.

"Restart…" on the pause menu of an offline game (``restartable``) deals the hand again as it
was dealt (``Table.restart_hand``, marked as a take-back is) or starts a new game in its
place."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import text
from tarneeb_desktop.ui.game.note import chip
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene


class Undo:
    """The undo button and what pressing it does."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    @property
    def offered(self) -> bool:
        """The setting is on at this (local) table."""
        table = self.scene.table
        return bool(table is not None and table.allow_take_back and not self.scene.link.remote)

    def possible(self) -> bool:
        scene = self.scene
        return self.offered and scene.overlay is None and scene.link.can_take_back(scene.me)

    @staticmethod
    def rect(lay: Layout) -> pygame.Rect:
        """In the bottom-left corner, as tall as the corner buttons at the right and as wide
        as its label at body size needs ("Отменить (U)"), up to my hand's first card."""
        r = lay.menu_button.copy()
        need = text.size_of(tr("Undo (U)"), lay.text)[0] + 2 * round(r.h * 0.4)
        r.w = max(r.w, min(need, lay.hand_rects(13)[0].left - 2 * lay.margin))
        r.bottomleft = (lay.margin, lay.h - lay.margin)
        return r

    def draw(self, s: pygame.Surface, lay: Layout) -> None:
        if self.offered:
            chip(s, self.rect(lay), tr("Undo (U)"), lay.text, self.possible())

    def press(self) -> None:
        """Take back my last move, or say why it cannot be done."""
        scene = self.scene
        if not self.offered:
            if scene.table is not None and not scene.link.remote:
                scene.say(tr("Undo is off: turn it on in the settings"))
            return
        if not self.possible() or not scene.link.take_back(scene.me):
            scene.say(tr("Nothing to take back now"))
            return
        self.redraw_from_view()
        scene.say(tr("Your last move was taken back"))

    @property
    def restartable(self) -> bool:
        """The pause menu offers "Restart…" (``TableScene.restartable``)."""
        return bool(getattr(self.scene, "restartable", False))

    def restart(self, what: str) -> None:
        """ "restart_hand": the same cards dealt again, drawn at once from the views;
        "restart_game": a new game with the same players and rules in place of this one."""
        scene = self.scene
        if not self.restartable:
            return
        if what == "restart_game":
            scene.app.switch(scene.new_game_like())
        elif scene.table.restart_hand():
            self.redraw_from_view()
            scene.say(tr("The hand is dealt again"))

    def redraw_from_view(self) -> None:
        """Show the table as the link's views have it now: no animation, no pending update."""
        scene = self.scene
        link = scene.link
        scene.hand.forget()  # nothing held or chosen (before the tweens go: it adds one)
        tl = scene.timeline
        tl.steps.clear()
        tl.current = None
        tl.tweens.clear()
        link.poll()  # the take-back's own updates: drawn from the views below
        seq = link.seq
        for seat in scene.inbox:
            scene.inbox[seat] = []
            scene.views[seat], scene.view_seq[seat] = link.view(seat), seq
        scene.shown_seq = seq
        scene.pv = scene.last_view = link.view(scene.me)
        scene.flying.clear()  # the trick is the view's (``TableScene.trick_cards``)
        scene.gathering = scene.last_trick_shown = False
        scene.trick_winner = scene.dealt = scene.banner = scene.sent_rect = scene.pause_key = None
        scene.hidden.clear()
        scene.bids.kb_button = -1
        scene.score.reset()
        scene.panels.forget_plates()
        scene.invalidate()
