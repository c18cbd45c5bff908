"""Card pictures: the asset PNGs scaled (never up) to the size the layout asks for, cached."""

from __future__ import annotations

import pygame

from tarneeb_desktop.paths import asset

SOURCE_W, SOURCE_H = 358, 500
ASPECT = SOURCE_W / SOURCE_H
DIM = (140, 140, 140)  # multiply: illegal cards show at about 55 % brightness
SIZES_KEPT = 6  # sizes held in the cache; older ones are dropped while a window is resized


def card_size(height: float) -> tuple[int, int]:
    """Width and height of a card drawn ``height`` pixels high (never above the source)."""
    h = max(8, min(SOURCE_H, int(height)))
    return max(6, round(h * ASPECT)), h


class CardArt:
    """Faces and backs of one deck style, scaled per size with smoothscale and cached."""

    def __init__(self, style: str = "classic", back: str = "blue") -> None:
        self.style = style if style in ("classic", "four-color") else "classic"
        self.back_name = back if back in ("blue", "red") else "blue"
        self._source: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self._sizes: list[int] = []

    def _load(self, name: str) -> pygame.Surface:
        surf = self._source.get(name)
        if surf is None:
            file = f"back-{self.back_name}.png" if name == "back" else f"{name}.png"
            img = pygame.image.load(str(asset("cards", self.style, file)))
            surf = img.convert_alpha() if pygame.display.get_surface() else img
            self._source[name] = surf
        return surf

    def _note_size(self, h: int) -> None:
        if h in self._sizes:
            return
        self._sizes.append(h)
        if len(self._sizes) > SIZES_KEPT:
            old = self._sizes.pop(0)
            self._scaled = {k: v for k, v in self._scaled.items() if k[1] != old}

    def get(self, name: str, height: float, dim: bool = False, rotate: int = 0) -> pygame.Surface:
        """Card ``name`` ("AS", or "back") ``height`` pixels high; ``dim`` darkens it;
        ``rotate`` is 0 or 90 (a right-angle turn moves pixels exactly, so it stays sharp)."""
        w, h = card_size(height)
        key = (name, h, (1 if dim else 0) + (2 if rotate else 0))
        surf = self._scaled.get(key)
        if surf is not None:
            return surf
        self._note_size(h)
        if rotate:
            surf = pygame.transform.rotate(self.get(name, h, dim), 90)
        elif dim:
            surf = self.get(name, h).copy()
            surf.fill((*DIM, 255), special_flags=pygame.BLEND_RGBA_MULT)
        else:
            src = self._load(name)
            surf = src if (w, h) == src.get_size() else pygame.transform.smoothscale(src, (w, h))
        self._scaled[key] = surf
        return surf

    def preload(self, heights: list[int], back_heights: list[int]) -> None:
        """Load and scale every face now, so that no frame stalls on a card seen first."""
        from tarneeb_desktop.rules.cards import CARD_NAMES

        for h in heights:
            for name in CARD_NAMES:
                self.get(name, h)
            self.shadow(card_size(h))
        for h in back_heights:
            self.get("back", h)
            self.get("back", h, rotate=90)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow for a card of ``size`` (drawn a little below and right of it)."""
        surf = self._shadow.get(size)
        if surf is None:
            w, h = size
            pad = max(2, w // 14)
            surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 90), (pad, pad, w, h), border_radius=max(2, w // 12))
            surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2))
            if len(self._shadow) > 16:
                self._shadow.clear()
            self._shadow[size] = surf
        return surf
