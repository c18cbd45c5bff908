"""One frame of the table, drawn from the parts in their order.

Everything at rest (the felt, the contract, my hand, the corner buttons, the bid panel's
picture) is drawn on a static layer that is rebuilt only when it changes (``stale``); what
moves or changes at every card is drawn over it each frame. Under the hot-seat cover only the
cards on the table are drawn (no hand, no bid panel).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.ui.layout import Layout

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene


class Frame:
    """Draws the table; keeps the static layer."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._static: pygame.Surface | None = None  # the layer of things at rest; None: stale
        self._buf: pygame.Surface | None = None

    def stale(self) -> None:
        """Something on the static layer changed: rebuild it before the next frame."""
        self._static = None

    def static_key(self) -> tuple[Any, ...]:
        """What the static layer shows of the presented view (see ``draw_static``)."""
        scene = self.scene
        pv = scene.pv
        mine = (pv.legal, pv.turn == scene.me) if scene.humans else ()
        return (
            pv.hand,
            mine,
            pv.phase,
            pv.contract,
            pv.trump,
            pv.declarer,
            pv.doubled,
            pv.hand_number,
            pv.calls if pv.contract is None else (),
        )

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        overlay = scene.overlay
        if scene.covered():
            # nothing of the table is drawn under the cover: no hand can show through it
            scene.cover.draw(surface, lay, scene.names[scene.next_human()])
            if overlay is not None:
                overlay.draw(surface, lay, scene.overlay_buttons())
            return
        if self._static is None or self._static.get_size() != surface.get_size():
            buf = self._buf
            if buf is None or buf.get_size() != surface.get_size():
                buf = self._buf = pygame.Surface(surface.get_size()).convert()
            self.draw_static(buf, lay)
            self._static = buf
        surface.blit(self._static, (0, 0))
        # The fans and the plates change at every card; each is one cached picture, so they
        # are drawn every frame rather than rebuilding the static layer.
        panels = scene.panels
        panels.draw_backs(surface, lay, scene.pv.hand_sizes if scene.dealt is None else scene.dealt)
        for seat in range(4):
            panels.draw_plate(surface, lay, seat)
            panels.draw_bubbles(surface, lay, seat)
        panels.draw_pile(surface, lay)
        scene.bids.draw(surface)
        if not scene.last_trick_shown:  # the arrow would cross the last trick's caption
            panels.draw_pointer(surface, lay)
        if scene.dealt is not None:
            scene.hand.draw_dealing(surface, lay)
        panels.draw_trick(surface, lay)
        scene.score.draw(surface, lay)
        scene.timeline.draw(surface)
        scene.hand.draw_drag(surface)
        panels.draw_thinking(surface, lay, scene.ai_to_move())
        if scene.last_trick_shown:
            panels.draw_last_trick(surface, lay)
        if scene.banner:
            panels.draw_banner(surface, lay, scene.banner)
        if scene.toast:
            panels.draw_toast(surface, lay, *scene.toast)
        if overlay is not None:
            overlay.draw(surface, lay, scene.overlay_buttons())

    def draw_static(self, s: pygame.Surface, lay: Layout) -> None:
        """Everything at rest: rebuilt only when it changes (see ``stale``)."""
        scene = self.scene
        s.blit(scene.panels.base(lay), (0, 0))
        scene.score.draw_contract(s, lay)
        scene.hand.draw_static(s)
        scene.panels.draw_corner_buttons(s, lay)
        scene.undo.draw(s, lay)
        # the action panel: drawn here, shown above the fans and plates (see ``draw``)
        scene.bids.render()
