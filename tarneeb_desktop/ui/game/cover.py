"""The hot-seat privacy cover: with two or more people at one computer, their hands stay
hidden under a cover until the one whose turn it is says they are ready.

The rules: a person's move is shown, then the table is covered (``conceal``); a click or
Enter asks for the next person (``reveal``), and once no move is being shown the table turns
to them (``settle``: every queued view was made for the seat at the bottom, so it may only
change between moves). The cover comes back whenever another person's turn comes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HotSeatCover:
    """Whether the table is shared (``hotseat``) and, if so, whether the hand of the seat at
    the bottom is showing (``revealed``) or asked for (``reveal_pending``)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.hotseat = len(scene.humans) >= 2
        self.revealed = not self.hotseat
        self.reveal_pending = False

    @property
    def shown(self) -> bool:
        """True while the cover hides the table."""
        return self.hotseat and not self.revealed

    def next_human(self, turn: int | None) -> int:
        """Who the cover asks for: the person to act now (``turn``), or the first after that
        seat in play order (a guess; if someone else's turn comes, the cover comes back)."""
        scene = self.scene
        start = turn if turn is not None else scene.me
        for k in range(4):
            seat = (start + k) % 4
            if seat in scene.humans:
                return seat
        return scene.me

    def conceal(self) -> None:
        """Hide the hands until the next person at this computer says they are ready."""
        scene = self.scene
        if self.hotseat and self.revealed:
            self.revealed = False
            scene.hand.forget()
            scene.bids.kb_button = -1
            scene.invalidate()

    def reveal(self) -> None:
        """The person the cover asked for is ready (see ``settle``)."""
        if self.hotseat and not self.revealed:
            self.reveal_pending = True
            self.scene.dirty = True

    def settle(self) -> None:
        """Between moves: apply a pending reveal, turning the table to the next person (their
        view as the animation has reached it); or cover the table when it is the turn of
        another person than the one at the bottom (the turn the animation has taken in)."""
        scene = self.scene
        turn = scene.table_turn()
        if self.hotseat and self.reveal_pending and not self.revealed and not scene.current:
            seat = self.next_human(turn)
            if scene.view_seq.get(seat, -1) < scene.shown_seq and seat not in scene.lost_seats():
                return  # that seat's view of the last move is on its way: show that one

        if not self.hotseat or scene.timeline.running():
            return
        if self.reveal_pending and not self.revealed:
            self.reveal_pending = False
            seat = self.next_human(turn)
            if seat != scene.me:
                scene.me = seat
                scene.pv = scene.views.get(seat) or scene.link.view(seat)
                scene.panels.forget_plates()
            self.revealed = True
            scene.invalidate()
            return
        if self.revealed and turn in scene.humans and turn != scene.me:
            scene.conceal()

    def handle_event(self, ev: pygame.event.Event) -> bool:
        """Under the cover only Esc (the menu) and "ready" (a click, Enter, Space) work."""
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.scene.open_overlay("menu")
        elif (ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1) or (
            ev.type == pygame.KEYDOWN and ev.key in READY_KEYS
        ):
            self.scene.reveal()
        return True

    def draw(self, s: pygame.Surface, lay: Layout, name: str) -> None:
        """The whole window, with whom (``name``) to pass the computer to. The cards on the
        table stay in sight above the box: a trick finished behind the cover (the computers
        played on) is shown to everyone, with who won it, before the next person plays."""
        scene = self.scene
        panels = scene.panels
        s.blit(panels.base(lay), (0, 0))
        s.blit(panels.veil(lay, 235), (0, 0))
        panels.draw_trick(s, lay)
        current = scene.timeline.current
        if current is not None and current.name in ("card", "gather"):
            current.draw(s)  # a card on its way to the table, or the trick gathered
        box = pygame.Rect(0, 0, round(lay.w * 0.62), round(lay.h * 0.3))
        box.midtop = (lay.centre[0], min(lay.trick_area.bottom + lay.unit * 2, lay.h - box.h - 4))
        blit_panel(
            s,
            box,
            color=(10, 30, 22, 250),
            border=(*theme.GOLD, 200),
            radius=round(lay.unit * 2.5),
            glow=(242, 196, 84, 60),
        )
        blit_text(
            s,
            tr("Pass to {name} — click when ready", name=name),
            round(lay.heading * 1.1),
            (box.centerx, box.y + round(box.h * 0.3)),
            theme.GOLD,
            bold=True,
            anchor="center",
            max_width=box.w - lay.margin * 2,
        )
        blit_text(
            s,
            tr("The cards stay hidden until {name} is at the screen.", name=name),
            lay.text,
            (box.centerx, box.y + round(box.h * 0.56)),
            theme.INK,
            anchor="center",
            max_width=box.w - lay.margin * 2,
        )
        blit_text(
            s,
            tr("Click, or press Enter or Space  ·  Esc: menu"),
            lay.text,  # at body size (Arabic's was below it)
            (box.centerx, box.y + round(box.h * 0.8)),
            theme.INK_DIM,
            anchor="center",
            max_width=box.w - lay.margin * 2,
        )
