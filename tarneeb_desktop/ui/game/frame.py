"""One frame of the table, drawn from the parts in their order.

Everything at rest (the felt, the contract, my hand, the corner buttons, the bid panel's
picture) is drawn on a static layer that is rebuilt only when it changes (``stale``); what
moves or changes at every card is drawn over it each frame. Under the hot-seat cover only the
cards on the table are drawn (no hand, no bid panel).

A second layer, the *board*, is the static layer with the other seats' fans, the name plates,
the calls' bubbles and the pile drawn on it, in the order a frame draws them: they change at
every card, not at every frame, so only the parts whose look changed are drawn again on it
(``board_items``) and a frame starts with one opaque blit of it.

Both layers note where they were drawn on (``_Layer``): a rebuild puts back only those places
(from the felt, or from the static layer) before drawing again, instead of copying the whole
window. Besides blits, the static layer's parts draw only inside what they blit or a few
pixels beyond it (the keyboard's frame round a card, the trump's chip in the contract panel),
so each noted place is widened by ``MARGIN``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.layout import Layout

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene


MARGIN = 8  # pixels round each blit of a layer that a rebuild puts back
WARM_BUDGET = 0.0015  # seconds: a frame lighter than this warms fonts (``text.warm_later``)


class _Layer(pygame.Surface):
    """An opaque layer that notes the places blitted on it while ``drawn`` is a list."""

    drawn: list[pygame.Rect] | None = None

    def blit(
        self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0
    ) -> pygame.Rect:
        r = super().blit(source, dest, area, special_flags)
        if self.drawn is not None:
            self.drawn.append(r)
        return r


def _layer(size: tuple[int, int], surface: pygame.Surface) -> _Layer:
    """A layer in the window's pixel format (as ``convert()`` gives), else ``surface``'s."""
    return _Layer(size, 0, pygame.display.get_surface() or surface)


def _places(
    drawn: list[pygame.Rect], bounds: pygame.Rect, margin: int = MARGIN
) -> list[pygame.Rect]:
    """``drawn`` widened by ``margin``, cut to ``bounds``, overlapping places joined."""
    out: list[pygame.Rect] = []
    for r in drawn:
        if not r.w or not r.h:
            continue
        r = r.inflate(2 * margin, 2 * margin).clip(bounds)
        i = r.collidelist(out)
        while i >= 0:
            r = r.union(out.pop(i))
            i = r.collidelist(out)
        out.append(r)
    return out


#: a part of the board: what it shows (its key) and how to draw it
_Item = tuple[Any, "Callable[[pygame.Surface], None]"]


def _unique(places: list[pygame.Rect]) -> list[pygame.Rect]:
    """``places`` without repeats (a part drawn where it was before is put back once)."""
    return [pygame.Rect(r) for r in dict.fromkeys(tuple(r) for r in places)]


_Parts = list[tuple[Any, list[pygame.Rect]]]  # each part's key and where it was drawn


def _redraw(
    layer: _Layer,
    below: pygame.Surface,
    old: _Parts | None,
    items: list[_Item],
    changed: list[pygame.Rect] | None,
    margin: int,
) -> tuple[_Parts, list[pygame.Rect] | None]:
    """Draw on ``layer`` again the ``items`` whose key changed since ``old``: ``below`` put
    back where they were, and at the places ``changed`` below, and under any other part
    those places touch (drawn again too, whole), then the parts drawn in their order. Returns
    the parts and the places that changed (None: the whole layer). A part that grew under one
    drawn after it and kept, or no ``old``/``changed``: the whole layer is drawn again."""
    if old is None or changed is None or len(old) != len(items):
        return _draw_all(layer, below, items, margin), None
    redo = [key != okey for (key, _), (okey, _) in zip(items, old, strict=True)]
    region = _unique(changed + [r for i, (_, rs) in enumerate(old) if redo[i] for r in rs])
    grown = True
    while grown:  # every part under a place put back is drawn again, whole
        grown = False
        for i, (_, rects) in enumerate(old):
            if not redo[i] and any(r.collidelist(region) >= 0 for r in rects):
                redo[i] = grown = True
                region = _unique(region + rects)
    for r in region:
        layer.blit(below, r, r)
    out: _Parts = []
    done = list(region)
    for i, (key, draw) in enumerate(items):
        if not redo[i]:
            out.append(old[i])
            continue
        rects = _draw_part(layer, draw, margin)
        later = [r for j in range(i + 1, len(old)) if not redo[j] for r in old[j][1]]
        if any(r.collidelist(later) >= 0 for r in rects):
            return _draw_all(layer, below, items, margin), None
        out.append((key, rects))
        done += rects
    return out, _unique(done)


def _draw_all(layer: _Layer, below: pygame.Surface, items: list[_Item], margin: int) -> _Parts:
    layer.blit(below, (0, 0))
    return [(key, _draw_part(layer, draw, margin)) for key, draw in items]


def _draw_part(
    layer: _Layer, draw: Callable[[pygame.Surface], None], margin: int
) -> list[pygame.Rect]:
    """Draw one part on ``layer``; the places it drew on (see ``_places``)."""
    layer.drawn = []
    try:
        draw(layer)
        return _places(layer.drawn, layer.get_rect(), margin)
    finally:
        layer.drawn = None


class Frame:
    """Draws the table; keeps the static layer and the board."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._static: pygame.Surface | None = None  # the layer of things at rest; None: stale
        self._buf: _Layer | None = None
        self._gen = 0  # counts the static layer's rebuilds (the board's key holds it)
        self._board: _Layer | None = None
        self._board_key: tuple[Any, ...] | None = None
        self._base: pygame.Surface | None = None  # the felt the static layer was drawn on
        self._parts: _Parts | None = None  # the static layer's parts
        self._items: _Parts | None = None  # the board's parts
        self._changed: list[pygame.Rect] | None = None  # of the static layer's last rebuild
        self._inputs: tuple[Any, ...] | None = None  # what the static layer was drawn from
        self._language = i18n.get_language()  # the language the static layer was drawn in

    def stale(self) -> None:
        """Something on the static layer changed: rebuild it before the next frame."""
        self._static = None

    def static_key(self) -> tuple[Any, ...]:
        """What the static layer shows of the presented view (see ``draw_static``)."""
        scene = self.scene
        pv = scene.pv
        mine = (pv.legal, pv.turn == scene.me) if scene.humans else ()
        calls = pv.calls if pv.contract is None else ()
        contract = (pv.contract, pv.trump, pv.declarer, pv.doubled, pv.hand_number)
        return (pv.hand, mine, pv.phase, *contract, calls)

    def static_inputs(self, lay: Layout) -> tuple[Any, ...] | None:
        """Everything the static layer is drawn from at a table with no person at this
        screen (computers playing, watched or autoplayed): no turn of mine, no buttons, no
        card lifted or dimmed. A rebuild asked for while these stay the same is skipped (the
        table asks at every move). None with people here: their turn, the hovered button,
        the lifted card also show on it, so it is always drawn again when asked."""
        scene = self.scene
        if scene.humans:
            return None
        pv = scene.pv
        return (
            lay.w,
            lay.h,
            self.static_key(),
            pv.seat_scores,
            tuple(scene.hand_cards()),
            frozenset(scene.hidden),
            scene.dealt is None,
            scene.undo.offered and scene.undo.possible(),
            tuple(scene.names),
            i18n.get_language(),
            scene.four_color,
            scene.cards,
        )

    def draw(self, surface: pygame.Surface) -> None:
        began = time.perf_counter()
        self._draw(surface)
        if text.warming():  # fonts not drawn yet: a little of them in a light frame's time
            spare = WARM_BUDGET - (time.perf_counter() - began)
            if spare > 0:
                text.warm_some(spare)

    def _draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        if scene.covered():
            # nothing of the table is drawn under the cover: no hand can show through it
            scene.cover.draw(surface, lay, scene.names[scene.next_human()])
            return
        size = surface.get_size()
        if self._language != i18n.get_language():  # every text on the layer is another now
            self._language = i18n.get_language()
            self._static = None
            scene.bids.forget()
        if self._static is None or self._static.get_size() != size:
            inputs = self.static_inputs(lay)
            buf = self._buf
            kept = (
                buf is not None and buf.get_size() == size and self._base is scene.panels.base(lay)
            )
            if inputs is not None and inputs == self._inputs and kept:
                self._static = buf  # asked for, but nothing on it changed
            else:
                self._rebuild_static(surface, lay)
                self._inputs = inputs
        # The fans and the plates change at every card, not at every frame: they are drawn on
        # the board (a copy of the static layer) when they change, rather than rebuilding the
        # static layer or drawing them every frame.
        items = self.board_items(lay)
        key = (self._gen, tuple(k for k, _ in items))
        board = self._board
        # drawn anew every frame, if at all
        scene.drawn.pointer = scene.drawn.banner = scene.drawn.turn_ring = None
        if board is None or board.get_size() != size:
            board = self._board = _layer(size, surface)
            self._board_key = self._items = None
        if key != self._board_key:
            self._board_key = key
            self._rebuild_board(board, lay, items)
        surface.blit(board, (0, 0))
        panels = scene.panels
        toast = scene.panels.toast_rect(lay, scene.toast[0]) if scene.toast else None
        scene.bids.draw(surface, toast)  # its title gives way to a message over it
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
            shown = scene.hints.shown  # a hint's banner in its own colour
            hint = shown is not None and shown[0] == scene.toast[0]
            panels.draw_toast(surface, lay, *scene.toast, rect=toast, hint=hint)
        # the open dialog is on the window's modal stack, drawn over this by the window

    def _rebuild_static(self, surface: pygame.Surface, lay: Layout) -> None:
        """Draw the static layer's parts that changed again, on the felt (``_redraw``);
        note the places that changed for the board (``_changed``)."""
        size = surface.get_size()
        buf = self._buf
        if buf is None or buf.get_size() != size:
            buf = self._buf = _layer(size, surface)
            self._parts = None
        base = self.scene.panels.base(lay)
        old = self._parts if base is self._base else None
        self._parts, self._changed = _redraw(buf, base, old, self.static_parts(lay), [], MARGIN)
        self._base = base
        # the action panel: made with the static layer, shown above the fans and plates
        self.scene.bids.render()
        self._static = buf
        self._gen += 1

    def _rebuild_board(self, board: _Layer, lay: Layout, items: list[_Item]) -> None:
        """Draw the board's parts that changed again, on the static layer (``_redraw``)."""
        static = self._static
        assert static is not None
        self._items, _ = _redraw(board, static, self._items, items, self._changed, 0)
        self._changed = []  # the board has taken the static layer's changes in

    def static_parts(self, lay: Layout) -> list[_Item]:
        """The static layer's parts in their order, each with what it shows: the contract
        panel, my hand at rest, the corner buttons, Undo. With people at this screen their
        turn, the hovered button or the lifted card also show: every part is drawn again
        whenever the layer is (see ``static_inputs``)."""
        scene = self.scene
        pv = scene.pv
        inputs = self.static_inputs(lay)
        look: tuple[Any, ...] = (object(),) if inputs is None else inputs[-4:] + (lay.w, lay.h)
        contract = self.static_key()[2:] + (pv.seat_scores,)
        hand = (tuple(scene.hand_cards()), frozenset(scene.hidden), scene.dealt is None)
        undo = scene.undo.offered and scene.undo.possible()
        return [
            (("contract", contract, look), lambda s: scene.score.draw_contract(s, lay)),
            (("hand", hand, look), lambda s: scene.hand.draw_static(s)),
            (("corners", look), lambda s: scene.panels.draw_corner_buttons(s, lay)),
            (("undo", undo, look), lambda s: scene.undo.draw(s, lay)),
        ]

    def board_items(self, lay: Layout) -> list[_Item]:
        """The board's parts in the order they are drawn, each with what it shows: the
        other seats' fans, each seat's plate and its call's bubble, the pile (see
        ``Panels.draw_backs``, ``draw_plate``, ``draw_bubbles``, ``draw_pile``)."""
        scene = self.scene
        pv = scene.pv
        panels = scene.panels
        counts = pv.hand_sizes if scene.dealt is None else scene.dealt
        bidding = pv.phase in ("auction", "trump", "double") and pv.contract is None
        cards = scene.cards
        look: tuple[Any, ...]
        look = (lay.w, lay.h, scene.four_color, i18n.get_language(), i18n.is_rtl(), cards)
        look += (cards.back_name,)
        turn = scene.turn_shown()

        def fan(seat: int) -> Callable[[pygame.Surface], None]:
            one = [counts[k] if k == seat else 0 for k in range(4)]

            def draw(s: pygame.Surface) -> None:
                scene.drawn.backs[seat] = 0  # none, unless draw_backs draws some
                panels.draw_backs(s, lay, one)

            return draw

        sides = [scene.side(seat) for seat in range(4)]
        items: list[_Item] = [(("fan", s, sides[s], counts[s], look), fan(s)) for s in range(4)]
        for seat in range(4):
            lines = panels.plate_lines(seat)
            key: tuple[Any, ...]
            key = ("plate", seat, sides[seat], lines, turn == seat, pv.dealer == seat, look)
            items.append((key, partial(panels.draw_plate, lay=lay, seat=seat)))
            calls = [c for st, c in pv.calls if st == seat] if bidding else []
            key = ("bubble", seat, sides[seat], lines, calls[-1] if calls else None, look)
            items.append((key, partial(panels.draw_bubbles, lay=lay, seat=seat)))
        pile = ("pile", min(len(pv.tricks), 5), look)
        items.append((pile, lambda s: panels.draw_pile(s, lay)))
        return items

    def draw_static(self, s: pygame.Surface, lay: Layout) -> None:
        """Everything at rest, on the felt (``_rebuild_static`` draws only what changed)."""
        for _, draw in self.static_parts(lay):
            draw(s)
        # the action panel: drawn here, shown above the fans and plates (see ``draw``)
        self.scene.bids.render()
