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

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Column, Panel, Text
from tarneeb_desktop.ui.kit.style import DIM, GOLD, Style
from tarneeb_desktop.ui.layout import Layout

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
        seats = [(start + k) % 4 for k in range(4)]
        return next((seat for seat in seats if seat in scene.humans), scene.me)

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
        moving = scene.timeline.current is not None
        if self.hotseat and self.reveal_pending and not self.revealed and not moving:
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
            self.reveal()
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
        self.laid(lay, name).draw(s)

    def laid(self, lay: Layout, name: str) -> Panel:
        """The cover's box, laid out by the kit (its words wrap, never shrink): whom to pass
        the computer to, why, and the keys; below the trick, as wide as 62 % of the window."""
        key = (lay.w, lay.h, i18n.get_language(), name)
        if self._laid is not None and self._laid[0] == key:
            return self._laid[1]
        st = Style(lay.w, lay.h)
        head = tr("Pass to {name} — click when ready", name=name)
        why = tr("The cards stay hidden until {name} is at the screen.", name=name)
        keys = tr("Click, or press Enter or Space  ·  Esc: menu")
        lines = [
            Text(head, size=st.heading, color=GOLD, bold=True, align="center"),
            Text(why, align="center"),
            Text(keys, color=DIM, align="center"),
        ]
        panel = Panel(Column(lines))
        w = min(round(lay.w * 0.62), lay.w - 2 * st.margin)
        h = min(panel.measure(st, w), lay.h - 2 * st.margin)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (lay.centre[0], min(lay.trick_area.bottom + st.gap, lay.h - h - st.margin))
        panel.place(st, box)
        self._laid = (key, panel)
        return panel

    _laid: tuple[tuple[int, int, str, str], Panel] | None = None

    def texts(self, lay: Layout, name: str) -> list[tuple[str, pygame.Rect]]:
        return self.laid(lay, name).texts()
