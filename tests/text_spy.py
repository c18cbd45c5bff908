"""Helpers (no tests) for the text-fit test: every text drawn, with the box it sits in.

While a ``TextSpy`` is active, every surface the program makes is a ``Traced`` surface that
remembers what was blitted on it: the texts (``text.render``'s surfaces, with their string and
size), the panels (``theme.panel``'s, as the rectangle the panel stands for) and the buttons
(``theme.Button.draw``, with the label's room: ``Button.label_box``, clear of an arrow). A
surface blitted on another hands its items on, moved by the blit's offset, so the window's
surface ends up knowing where every text and box is, however many cached pictures stood
between. A full-window blit of a plain surface (the felt, the veil under a dialog) covers
what was there: its items are forgotten. What a surface's clip rectangle cuts away is not on
it (a scrolled list's rows past its edge): an item is kept cut to the clip, or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tarneeb_desktop.ui import text, theme


@dataclass
class Item:
    kind: str  # "text", "box" or "button"
    rect: pygame.Rect  # text: its ink; box: the panel; button: the button
    label: str = ""
    size: int = 0
    room: pygame.Rect | None = None  # a button's label room


_tags: dict[int, tuple[Any, Item]] = {}  # id(surface) -> (the surface, what it is)
_Base = pygame.Surface


class Traced(_Base):  # type: ignore[misc, valid-type]
    """A surface that keeps the texts, boxes and buttons blitted on it."""

    def __init__(self, *a: Any, **k: Any) -> None:
        super().__init__(*a, **k)
        self.items: list[Item] = []

    def _carry(self, other: Traced) -> Traced:
        other.items = [Item(i.kind, i.rect.copy(), i.label, i.size, i.room) for i in self.items]
        return other

    def copy(self) -> Traced:  # type: ignore[override]
        return self._carry(super().copy())

    def convert(self, *a: Any) -> Traced:  # type: ignore[override]
        return self._carry(super().convert(*a))

    def convert_alpha(self, *a: Any) -> Traced:  # type: ignore[override]
        return self._carry(super().convert_alpha(*a))

    def add(self, item: Item) -> None:
        """Keep ``item`` as far as the clip rectangle lets it be seen (an empty, zero-sized
        item, such as an empty text's ink, is kept as it is); on a subsurface, its parent
        keeps it too, where it shows there."""
        clip = self.get_clip()
        if clip != self.get_rect() and item.rect.w and item.rect.h:
            seen = item.rect.clip(clip)
            if not seen.w or not seen.h:
                return
            item.rect = seen
        self.items.append(item)
        parent = getattr(self, "parent_at", None)
        if parent is not None:
            surface, (dx, dy) = parent
            room = item.room.move(dx, dy) if item.room is not None else None
            surface.add(Item(item.kind, item.rect.move(dx, dy), item.label, item.size, room))

    def subsurface(self, *a: Any) -> Traced:  # type: ignore[override]
        sub = super().subsurface(*a)
        sub.items = []
        sub.parent_at = (self, sub.get_offset())
        return sub  # type: ignore[no-any-return]

    def fill(self, *a: Any, **k: Any) -> pygame.Rect:
        if not a[1:] and not k.get("rect"):
            self.items = []  # the whole surface painted over
        return super().fill(*a, **k)

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> Any:
        got = super().blit(source, dest, area, special_flags)
        if isinstance(dest, pygame.Rect):
            x, y = dest.topleft
        else:
            x, y = round(dest[0]), round(dest[1])
        ax, ay = (area[0], area[1]) if area is not None else (0, 0)
        dx, dy = x - ax, y - ay
        w, h = source.get_size()
        tag = _tags.get(id(source))
        if area is not None and isinstance(source, Traced):
            # a part of a layer put back (``frame._redraw``): what was there is covered, and
            # the layer's items in that part come back
            part = pygame.Rect(x, y, area[2], area[3])
            self.items = [i for i in self.items if not part.contains(i.rect)]
            for i in source.items:
                moved = i.rect.move(dx, dy)
                if part.contains(moved):
                    room = i.room.move(dx, dy) if i.room is not None else None
                    self.add(Item(i.kind, moved, i.label, i.size, room))
        elif tag is not None and tag[0] is source:
            item = tag[1]
            self.add(Item(item.kind, item.rect.move(dx, dy), item.label, item.size, item.room))
        elif isinstance(source, Traced) and source.items:
            if (w, h) == self.get_size() and (dx, dy) == (0, 0):
                self.items = []  # a whole layer drawn over the window
            for i in source.items:
                room = i.room.move(dx, dy) if i.room is not None else None
                self.add(Item(i.kind, i.rect.move(dx, dy), i.label, i.size, room))
        elif (w, h) == self.get_size() and (dx, dy) == (0, 0):
            self.items = []  # a plain full-size sheet (the felt, a veil) covers what was there
        return got


class TextSpy:
    """Install with ``with TextSpy():``; draw onto a ``Traced`` surface; read its ``items``."""

    def __enter__(self) -> TextSpy:
        from tarneeb_desktop.ui.game import frame

        # the table's cached layers (the static one, the board) keep their texts too
        self._frame, self._layer_class = frame, frame._Layer

        class TracedLayer(Traced, frame._Layer):  # type: ignore[misc, valid-type, name-defined]
            pass

        frame._Layer = TracedLayer  # type: ignore[misc]
        self._render = text.render
        self._panel = theme.panel
        self._draw = theme.Button.draw
        real_render, real_panel, real_draw = self._render, self._panel, self._draw

        def render(s: str, size: int, *a: Any, **k: Any) -> pygame.Surface:
            surf = real_render(s, size, *a, **k)
            ink = surf.get_bounding_rect()
            _tags[id(surf)] = (surf, Item("text", ink, s, max(6, int(size))))
            return surf

        def panel(size: tuple[int, int], *a: Any, **k: Any) -> pygame.Surface:
            surf = real_panel(size, *a, **k)
            pad = ((surf.get_width() - size[0]) // 2, (surf.get_height() - size[1]) // 2)
            _tags[id(surf)] = (surf, Item("box", pygame.Rect(pad, size)))
            return surf

        def draw(b: theme.Button, target: pygame.Surface, *a: Any, **k: Any) -> None:
            real_draw(b, target, *a, **k)
            if isinstance(target, Traced):
                target.add(Item("button", b.rect.copy(), b.label, 0, b.label_box()))

        text.render = render  # type: ignore[assignment]
        theme.panel = panel  # type: ignore[assignment]
        theme.Button.draw = draw  # type: ignore[method-assign]
        pygame.Surface = Traced  # type: ignore[misc]
        text.clear_text_cache()  # cached texts were made before: make them again, tagged
        theme._panel_cache.clear()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._frame._Layer = self._layer_class  # type: ignore[misc]
        pygame.Surface = _Base  # type: ignore[misc]
        text.render = self._render  # type: ignore[assignment]
        theme.panel = self._panel  # type: ignore[assignment]
        theme.Button.draw = self._draw  # type: ignore[method-assign]
        text.clear_text_cache()
        theme._panel_cache.clear()
        _tags.clear()


def problems(items: list[Item], window: pygame.Rect, body: int, where: str) -> list[str]:
    """What is wrong with the texts among ``items`` (in the order drawn; empty: nothing): a
    text below the body size; a text that is not inside the innermost box or button its middle
    lies in (a button's label inside the button less its padding), or outside the window; a
    text that runs into a button it is not on; a text that a panel drawn after it covers (a
    name plate over the contract panel); two texts that run into each other."""
    out: list[str] = []
    texts = [i for i in items if i.kind == "text" and i.rect.w > 0 and i.rect.h > 0]
    boxes = [i for i in items if i.kind in ("box", "button")]
    order = {id(i): k for k, i in enumerate(items)}
    for t in texts:  # a panel drawn later over a text it does not hold hides it
        for b in boxes:
            if (
                order[id(b)] > order[id(t)]
                and not b.rect.collidepoint(t.rect.center)
                and b.rect.colliderect(t.rect.inflate(-2, -2))
            ):
                out.append(f"{where}: {t.label!r} {t.rect} is covered by a {b.kind} {b.rect}")
    for t in texts:
        if t.size < body:
            out.append(f"{where}: {t.label!r} at {t.size} px, below the body size {body}")
        holders = [b for b in boxes if b.rect.collidepoint(t.rect.center)]
        for b in boxes:  # a text outside a button must not run into it
            if (
                b.kind == "button"
                and b not in holders
                and b.rect.colliderect(t.rect.inflate(-2, -2))
            ):
                out.append(f"{where}: {t.label!r} {t.rect} runs into the button {b.label!r}")
        if not holders:
            if not window.contains(t.rect):
                out.append(f"{where}: {t.label!r} {t.rect} leaves the window")
            continue
        box = min(holders, key=lambda b: b.rect.w * b.rect.h)
        room = box.room if box.kind == "button" and box.room is not None else box.rect
        if not room.contains(t.rect):
            out.append(f"{where}: {t.label!r} {t.rect} overflows its {box.kind} {room}")
    for n, a in enumerate(texts):
        for b in texts[n + 1 :]:
            if a.label == b.label and abs(a.rect.x - b.rect.x) + abs(a.rect.y - b.rect.y) < 6:
                continue  # the same text drawn twice (a shadow): not two texts
            if a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                out.append(f"{where}: {a.label!r} {a.rect} runs into {b.label!r} {b.rect}")
    return out


def screen_problems(app: Any, where: str = "") -> list[str]:
    """What is wrong with the texts of ``app``'s screen as it stands (``problems``): the scene
    drawn anew on a traced surface of the window's size, at the body size of its layout (the
    table's, or four fifths of the layout's text size elsewhere). The monkey's text check."""
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.table_scene import TableScene

    scene = app.scene
    if scene is None:
        return []
    size = app.size
    table = scene if isinstance(scene, TableScene) else None
    with TextSpy():
        surface = Traced(size)
        scene.dirty = True
        if table is not None:
            table.frame.stale()
        app.draw(surface)  # the scene and the modals over it (the table's dialog)
        body = table.layout.text if table is not None else round(Layout(*size).text * 0.8)
        if table is not None and table.overlay is not None:
            where += f" {table.overlay.kind}"
        found = problems(surface.items, pygame.Rect((0, 0), size), body, where)
    if table is not None:
        table.frame.stale()
    scene.dirty = True
    return found
