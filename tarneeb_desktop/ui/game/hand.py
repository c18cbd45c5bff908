"""My hand: the fan of cards at the bottom and how it is played.

A card is played by clicking it, by dragging it onto the table, or with the arrow keys and
Enter. An illegal click shakes the card and says why; a card dropped anywhere but the table
(or an illegal one) slides back to its place.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules.cards import SUITS
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.anim import Tween, ease_out, lerp_rect
from tarneeb_desktop.ui.game.panels import blit_card
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.layout import Layout

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableContext

#: why a card is refused, by suit (in the order of ``SUITS``)
MUST_FOLLOW = (
    N_("You must follow clubs"),
    N_("You must follow diamonds"),
    N_("You must follow hearts"),
    N_("You must follow spades"),
)
MUST_LEAD_TRUMP = (
    N_("You must lead clubs (trump)"),
    N_("You must lead diamonds (trump)"),
    N_("You must lead hearts (trump)"),
    N_("You must lead spades (trump)"),
)
DRAG_THRESHOLD = 6  # px: a press that moves further is a drag, else a click
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Hand:
    """The fan's input state: the card under the mouse, the one chosen with the keys, the
    one pressed and the one being dragged (with where it was grabbed)."""

    def __init__(self, scene: TableContext) -> None:
        self.scene = scene
        self.hover: str | None = None
        self.kb_card: str | None = None
        self.press: tuple[str, tuple[int, int], pygame.Rect] | None = None
        self.drag: tuple[str, tuple[int, int]] | None = None  # card, grab offset

    def forget(self) -> None:
        """The hand goes under the cover: nothing of it stays lifted, chosen or held."""
        self.cancel_drag()
        self.hover = self.kb_card = None

    # ------------------------------------------------------------------ where the cards are
    def card_rects(self) -> list[tuple[str, pygame.Rect]]:
        """My cards and where they are drawn now (legal hovered/selected ones lifted)."""
        scene = self.scene
        cards = scene.hand_cards()
        rects = scene.layout.hand_rects(len(cards))
        lifted = scene.legal_cards() & {self.hover, self.kb_card}
        lift = scene.layout.lift
        return [
            (c, r.move(0, -lift) if c in lifted else r) for c, r in zip(cards, rects, strict=True)
        ]

    def card_at(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        """The card under ``pos``, top card first (a lifted card also counts where it was)."""
        lay = self.scene.layout
        for c, r in reversed(self.card_rects()):
            if c in self.scene.hidden:
                continue
            hit = r.union(r.move(0, lay.lift)) if r.y < lay.hand_rects(1)[0].y - 1 else r
            if hit.collidepoint(pos):
                return c, r
        return None

    def home_rect(self, card: str) -> pygame.Rect | None:
        cards = self.scene.hand_cards()
        if card not in cards:
            return None
        return self.scene.layout.hand_rects(len(cards))[cards.index(card)]

    def drag_rect(self, pos: tuple[int, int], off: tuple[int, int]) -> pygame.Rect:
        w, h = self.scene.layout.card
        return pygame.Rect(pos[0] - off[0], pos[1] - off[1], w, h)

    # ------------------------------------------------------------------ the mouse
    def motion(self, pos: tuple[int, int]) -> bool:
        """The mouse moved: start or move a drag (True), or lift the card under it."""
        scene = self.scene
        if self.press and not self.drag:
            card, start, rect = self.press
            movable = scene.legal_cards() | set(scene.hand_cards())
            if math.dist(start, pos) > DRAG_THRESHOLD and card in movable:
                self.drag = (card, (start[0] - rect.x, start[1] - rect.y))
                scene.hidden.add(card)
                scene.invalidate()
        if self.drag:
            scene.dirty = True
            return True
        hit = self.card_at(pos)
        hover = hit[0] if hit else None
        if hover != self.hover:
            self.hover = hover
            scene.invalidate()
        return False

    def press_at(self, pos: tuple[int, int]) -> bool:
        hit = self.card_at(pos)
        if hit:
            self.press = (hit[0], pos, hit[1])
            return True
        return False

    def release(self, pos: tuple[int, int]) -> bool:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if drag:
            card, off = drag
            rect = self.drag_rect(pos, off)
            if self.scene.layout.trick_area.collidepoint(pos) and self.try_play(card, rect):
                return True
            self.slide_back(card, rect)
            return True
        if press:
            self.try_play(press[0])
            return True
        return False

    def cancel_drag(self) -> None:
        if self.drag:
            card, off = self.drag
            self.slide_back(card, self.drag_rect(self.scene.mouse, off))
        self.drag = self.press = None

    # ------------------------------------------------------------------ playing
    def reason(self, card: str) -> str:
        """Why ``card`` cannot be played now, in a short line."""
        scene = self.scene
        pv = scene.pv
        if pv.phase != "play":
            return tr("Wait for the auction to finish")
        if pv.turn != scene.me or not scene.my_turn():
            return tr("Wait for your turn")
        why = pv.refusal(card)  # the rules say which of their rules refuses it
        if why is None:
            return tr("You cannot play that card now")
        rule, suit = why
        return tr((MUST_FOLLOW if rule == "follow" else MUST_LEAD_TRUMP)[SUITS.index(suit)])

    def try_play(self, card: str, from_rect: pygame.Rect | None = None) -> bool:
        """Play ``card`` if the view says it is legal; otherwise shake it and say why."""
        scene = self.scene
        if card in scene.legal_cards():
            scene.hidden.discard(card)
            self.kb_card = self.hover = None
            return scene.act(scene.me, card, from_rect)
        if from_rect is None:
            self.shake(card)
        scene.say(self.reason(card))
        scene.play_sound("error")
        return False

    def key(self, key: int) -> bool:
        """Left and Right choose among the legal cards; Enter or Space plays the chosen one,
        the only legal card when there is one, else chooses the first."""
        scene = self.scene
        legal = [c for c in scene.hand_cards() if c in scene.legal_cards()]
        if not legal:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = legal.index(self.kb_card) if self.kb_card in legal else -1
            step = 1 if key == pygame.K_RIGHT else -1
            i = (i + step) % len(legal) if i >= 0 else (0 if step > 0 else len(legal) - 1)
            self.kb_card = legal[i]
            scene.invalidate()
            return True
        if key in PLAY_KEYS and self.kb_card in legal:
            return self.try_play(self.kb_card)
        if key in PLAY_KEYS and len(legal) == 1:  # one card may be played: Enter plays it
            return self.try_play(legal[0])
        if key in PLAY_KEYS:  # nothing chosen yet: Enter chooses the first card, Enter again plays
            self.kb_card = legal[0]
            scene.invalidate()
            return True
        return False

    # ------------------------------------------------------------------ moving cards
    def _tween(
        self, card: str, seconds: float, rect_at: Callable[[float], pygame.Rect], dim: bool = False
    ) -> None:
        """``card`` drawn at ``rect_at(p)`` for ``seconds``, then back in the fan."""
        scene = self.scene
        scene.hidden.add(card)

        def draw(surface: pygame.Surface, p: float) -> None:
            blit_card(scene.cards, surface, card, rect_at(p), dim=dim, shadow=not dim)

        def end() -> None:
            scene.hidden.discard(card)
            scene.invalidate()

        scene.add_tween(Tween(seconds, draw, end))
        scene.invalidate()

    def slide_back(self, card: str, rect: pygame.Rect) -> None:
        home = self.home_rect(card)
        if home is None:
            self.scene.hidden.discard(card)
            self.scene.invalidate()
            return
        speed = self.scene.speed
        seconds = max(0.12, 0.2 * speed) if speed else 0.0
        self._tween(card, seconds, lambda p: lerp_rect(rect, home, ease_out(p)))

    def shake(self, card: str) -> None:
        home = self.home_rect(card)
        if home is None:
            return
        amp = max(3, home.w // 14)

        def at(p: float) -> pygame.Rect:
            return home.move(round(math.sin(p * math.pi * 6) * amp * (1 - p)), 0)

        self._tween(card, 0.15, at, dim=True)

    # ------------------------------------------------------------------ drawing
    def draw_static(self, s: pygame.Surface) -> None:
        """The fan at rest, on the static layer (not while dealing: see ``draw_dealing``)."""
        scene = self.scene
        pv = scene.pv
        legal = scene.legal_cards()
        art = scene.cards
        shown: list[str] = []
        scene.drawn.hand = ()
        for card, r in self.card_rects() if scene.dealt is None else []:
            if card in scene.hidden:
                continue
            shown.append(card)
            scene.drawn.hand = tuple(shown)
            dim = bool(scene.my_turn() and pv.phase == "play" and card not in legal)
            blit_card(art, s, card, r, dim=dim, shadow=True)
            if card == self.kb_card and card in legal:
                pygame.draw.rect(s, theme.GOLD, r.inflate(4, 4), width=3, border_radius=r.w // 12)

    def draw_dealing(self, s: pygame.Surface, lay: Layout) -> None:
        """While dealing, my cards landed so far (drawn per frame, not on the static layer)."""
        for card, r in self.card_rects():
            blit_card(self.scene.cards, s, card, r)

    def draw_drag(self, s: pygame.Surface) -> None:
        if self.drag:
            card, off = self.drag
            blit_card(self.scene.cards, s, card, self.drag_rect(self.scene.mouse, off), shadow=True)
