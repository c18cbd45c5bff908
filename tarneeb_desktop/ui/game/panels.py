"""What sits around the table: the felt, the other seats' cards, the name plates, the calls'
bubbles, the thinking sign, the turn pointer, the cards on the table, the pile and the last
trick, the corner buttons, the banner and the toast. The score and contract panels are in
``score``; the hand and the bid panel have parts of their own.

Pictures that change only now and then (a plate, a fan of backs, the felt) are cached here:
the fans and the plates change at every card, so they are drawn every frame from the cache
rather than rebuilding the table's static layer.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.cards import CardArt
from tarneeb_desktop.ui.game import game41
from tarneeb_desktop.ui.game.labels import call_label, fitted
from tarneeb_desktop.ui.game.note import HINT_BANNER, Note, chip
from tarneeb_desktop.ui.game.ring import ring_shows
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit import style
from tarneeb_desktop.ui.kit.boxes import Text
from tarneeb_desktop.ui.kit.style import Colour, Style
from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP, Layout
from tarneeb_desktop.ui.theme import blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableContext

SEP = "  \u00b7  "  # between the parts of a plate's second line
THINK_SIGN_AFTER = 0.4  # seconds a computer player thinks before its sign shows


def blit_card(
    art: CardArt,
    surface: pygame.Surface,
    name: str,
    rect: pygame.Rect,
    dim: bool = False,
    shadow: bool = False,
) -> None:
    """Draw card ``name`` (or "back") to fill ``rect``; a wide rect means a card on its side."""
    rotate = 90 if rect.w > rect.h else 0
    h = rect.w if rotate else rect.h
    img = art.get(name, h, dim=dim, rotate=rotate)
    if shadow:
        sh = art.shadow(img.get_size())
        off = max(2, img.get_width() // 30)
        dx, dy = (sh.get_width() - img.get_width()) // 2, (sh.get_height() - img.get_height()) // 2
        surface.blit(sh, (rect.x - dx + off, rect.y - dy + off * 2))
    surface.blit(img, rect.topleft)


def mark_winner(s: pygame.Surface, r: pygame.Rect) -> None:
    """The gold frame round the card that takes the trick."""
    pygame.draw.rect(
        s, theme.GOLD, r.inflate(6, 6), width=max(3, r.w // 30), border_radius=r.w // 10
    )


class Panels:
    """The drawing of everything around the table, with its cached pictures."""

    def __init__(self, scene: TableContext) -> None:
        self.scene = scene
        self._veil: pygame.Surface | None = None
        self._base_surf: pygame.Surface | None = None
        self._plates: dict[tuple[Any, ...], pygame.Surface] = {}
        self._fans: dict[tuple[Any, ...], pygame.Surface] = {}
        self._boxes: dict[tuple[Any, ...], pygame.Rect] = {}  # plate_box, per look

    def forget_plates(self) -> None:
        """The names or the seat at the bottom changed: draw the plates anew."""
        self._plates.clear()
        self._boxes.clear()

    def card(self, s: pygame.Surface, name: str, r: pygame.Rect, **kw: bool) -> None:
        blit_card(self.scene.cards, s, name, r, **kw)

    def veil(self, lay: Layout, alpha: int) -> pygame.Surface:
        """A translucent black sheet over the whole table (cached per size)."""
        v = self._veil
        if v is None or v.get_size() != (lay.w, lay.h):
            v = self._veil = pygame.Surface((lay.w, lay.h)).convert()
            v.fill((0, 0, 0))
        v.set_alpha(alpha)
        return v

    def base(self, lay: Layout) -> pygame.Surface:
        """The felt and the trick area's oval, which change only with the window size."""
        b = self._base_surf
        if b is None or b.get_size() != (lay.w, lay.h):
            b = self._base_surf = theme.felt((lay.w, lay.h)).copy()
            b.blit(*theme.ring(lay.trick_area))
        return b

    def draw_corner_buttons(self, s: pygame.Surface, lay: Layout) -> None:
        chip(s, lay.menu_button, tr("Menu"), lay.text)
        chip(s, lay.scores_button, tr("Scores"), lay.text)

    def draw_backs(
        self, s: pygame.Surface, lay: Layout, counts: list[int] | tuple[int, ...]
    ) -> None:
        scene = self.scene
        for seat in range(4):
            side = scene.side(seat)
            if side == BOTTOM and (scene.humans or scene.autoplay):
                continue
            n = counts[seat]
            if n <= 0:
                continue
            scene.drawn.backs[seat] = n
            rects = lay.back_rects(side, n)
            box = rects[0].unionall(rects)
            key = (side, n, lay.w, lay.h, scene.cards.back_name)
            fan = self._fans.get(key)
            if fan is None:
                # one picture per fan: three blits instead of thirty-nine per rebuild
                fan = pygame.Surface(box.size, pygame.SRCALPHA)
                for r in rects:
                    self.card(fan, "back", r.move(-box.x, -box.y))
                if len(self._fans) > 90:
                    self._fans.clear()
                self._fans[key] = fan
            s.blit(fan, box.topleft)

    def draw_trick(self, s: pygame.Surface, lay: Layout) -> None:
        """The cards on the table (drawn every frame: they change at every card and cost little)."""
        scene = self.scene
        scene.drawn.trick = tuple(scene.trick_cards)
        scene.drawn.winner = scene.trick_winner
        if not scene.trick_cards and scene.pv.phase == "play" and scene.my_turn():
            words = tr("Drop a card here")
            blit_text(s, words, lay.text, lay.centre, (255, 255, 255), anchor="center")
        for seat, card in scene.trick_cards:
            r = lay.trick_rect(scene.side(seat))
            self.card(s, card, r, shadow=True)
            if scene.trick_winner == seat:
                mark_winner(s, r)
        if scene.trick_winner is not None:
            name = scene.names[scene.trick_winner]
            mine = scene.is_me(scene.trick_winner)
            caption = tr("You win the trick") if mine else tr("{name} wins the trick", name=name)
            at, anchor = (lay.centre[0], lay.trick_area.top - lay.unit), "midbottom"
            if self.caption_below(lay, caption, lay.text):  # something is above the trick
                at, anchor = (lay.centre[0], lay.trick_area.bottom + lay.unit), "midtop"
            blit_text(s, caption, lay.text, at, theme.GOLD, bold=True, anchor=anchor)

    def caption_below(self, lay: Layout, words: str, size: int) -> bool:
        """A trick's caption goes below it while a LAN line is open above it, or where above it
        would reach a LAN button (French "Dernier pli" at 800x600 ran into "Réagir")."""
        w, h = text.size_of(words, size, True)
        above = pygame.Rect(0, 0, w, h)
        above.midbottom = (lay.centre[0], lay.trick_area.top - lay.unit)
        buttons: list[Any] = getattr(self.scene, "lan_buttons", list)()
        return self.lan_line_open() or any(above.colliderect(b.rect) for b in buttons)

    def lan_line_open(self) -> bool:
        """A LAN table's chat line or reactions' row is open, over the space above the trick:
        the trick's captions go below it then."""
        lan = getattr(self.scene, "lan", None)
        return lan is not None and bool(lan.chat.open or lan.reactions_open)

    def draw_pointer(self, s: pygame.Surface, lay: Layout) -> None:
        scene = self.scene
        turn = scene.turn_shown()
        if (
            turn is None
            or scene.pv.phase == "over"
            or scene.dealt is not None
            or scene.action_panel() is not None
        ):
            return
        scene.drawn.pointer = turn
        side = scene.side(turn)
        cx, cy = lay.centre
        area = lay.trick_area
        ax, ay = lay.seat_anchor(side)
        dx, dy = ax - cx, ay - cy
        d = math.hypot(dx, dy) or 1
        ux, uy = dx / d, dy / d
        reach = (area.h / 2 if side in (TOP, BOTTOM) else area.w / 2) + lay.unit * 1.5
        tip = (cx + ux * (reach + lay.unit * 3), cy + uy * (reach + lay.unit * 3))
        base = (cx + ux * reach, cy + uy * reach)
        px, py = -uy, ux
        wdt = lay.unit * 3
        pts = [
            tip,
            (base[0] + px * wdt, base[1] + py * wdt),
            (base[0] - px * wdt, base[1] - py * wdt),
        ]
        x0, y0 = min(p[0] for p in pts) - 2, min(p[1] for p in pts) - 2
        w = round(max(p[0] for p in pts) - x0) + 4
        h = round(max(p[1] for p in pts) - y0) + 4
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(layer, (242, 196, 84, 170), [(p[0] - x0, p[1] - y0) for p in pts])
        s.blit(layer, (round(x0), round(y0)))

    # ------------------------------------------------------------------ name plates
    def plate_lines(self, seat: int) -> tuple[str, str]:
        scene = self.scene
        pv = scene.pv
        name = scene.names[seat]
        lan = getattr(scene, "lan", None)  # a LAN seat whose person is away says who plays it
        away = lan.away_text(seat) if lan is not None else None
        if away:
            return name, away
        if game41.is41(pv):  # each player's own bid, and tricks
            return name, game41.plate_sub(scene, seat)
        if pv.phase in ("auction", "redeal") or (pv.declarer is None and pv.phase != "over"):
            # the calls show as speech bubbles meanwhile
            return name, tr("Dealer") if seat == pv.dealer else ""
        won = sum(1 for _, _, w in pv.tricks if w == seat)
        sub = trn("{n} trick", "{n} tricks", won)
        if seat == pv.declarer and pv.contract:
            sub = tr("Bid {bid}", bid=call_label(pv.contract)) + SEP + sub
        return name, sub

    @staticmethod
    def sub_lines(lay: Layout, r: pygame.Rect, sub: str) -> list[str]:
        """A plate's second line, cut in two at its " · " when it is wider than the plate at
        body size ("Заявка 13  ·  Взяток: 0"), else wrapped at its spaces (an away seat's "away:
        computer (Medium) plays"): the text is never shrunk."""
        room = r.w - r.h // 8 - max(3, r.h // 12) - r.h // 6 - r.h // 6 - 2
        if sub and text.size_of(sub, lay.text, True)[0] > room:
            if " \u00b7 " in sub:
                lines = [part.strip() for part in sub.split(" \u00b7 ")]
            else:
                lines = text.wrap(sub, lay.text, room, bold=True)  # "away: computer plays"
            return [text.elide(line, lay.text, room, True) for line in lines]
        return [sub] if sub else []

    def plate_text(self, lay: Layout, name: str, sub: str) -> tuple[list[str], int]:
        """A plate's lines (the name, then its second line, cut in two when too wide) and the
        step from one to the next: as tall as the tallest line's letters, and a little."""
        lines = [name, *self.sub_lines(lay, lay.plate_rect(BOTTOM), sub)]
        inks = [text.render(line, lay.text, theme.INK, k == 0) for k, line in enumerate(lines)]
        tallest = max(ink.get_bounding_rect().h for ink in inks)
        return lines, max(round(lay.text * 1.25), tallest + max(2, lay.text // 5))

    def plate_box(self, lay: Layout, side: int, sub: str, name: str = "Ag") -> pygame.Rect:
        """The plate of ``side``: taller when its lines need it (a second line cut in two, a
        script's tall letters), grown away from the table's edge: upward at the bottom,
        downward elsewhere."""
        key = (lay.w, lay.h, side, sub, name, i18n.get_language())
        box = self._boxes.get(key)
        if box is None:
            box = self._plate_box(lay, side, sub, name)
            if len(self._boxes) > 64:
                self._boxes.clear()
            self._boxes[key] = box
        return box.copy()

    def _plate_box(self, lay: Layout, side: int, sub: str, name: str) -> pygame.Rect:
        r = lay.plate_rect(side)
        lines, step = self.plate_text(lay, name, sub)
        extra = len(lines) * step + 2 * max(3, r.h // 10) - r.h
        if extra > 0:
            r.h += extra
            if side == BOTTOM:
                r.y -= extra
        return r

    def draw_plate(self, s: pygame.Surface, lay: Layout, seat: int) -> None:
        scene = self.scene
        side = scene.side(seat)
        turn = scene.turn_shown() == seat
        name, sub = self.plate_lines(seat)
        r = self.plate_box(lay, side, sub, name)
        key: tuple[Any, ...]
        key = (seat, side, lay.w, lay.h, turn, name, sub, seat == scene.pv.dealer, scene.four_color)
        key += (i18n.is_rtl(),)  # the plate's text sits on the other side in RTL
        surf = self._plates.get(key)
        pad = max(6, min(r.w, r.h) // 5)
        if surf is None:
            # drawn once per look and reused: the static layer is rebuilt at every card
            surf = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
            self.render_plate(surf, lay, pygame.Rect(pad, pad, r.w, r.h), seat, turn, name, sub)
            if len(self._plates) > 64:
                self._plates.clear()
            self._plates[key] = surf
        s.blit(surf, (r.x - pad, r.y - pad))

    def render_plate(
        self,
        s: pygame.Surface,
        lay: Layout,
        r: pygame.Rect,
        seat: int,
        turn: bool,
        name: str,
        sub: str,
    ) -> None:
        team = theme.TEAM[seat & 1]
        edge, glow = ((*theme.GOLD, 255), (255, 210, 90, 170)) if turn else ((*team, 120), None)
        blit_panel(s, r, color=style.PANEL, radius=r.h // 4, border=edge, glow=glow)
        h0 = lay.plate_rect(BOTTOM).h  # the plate's height before it grew for its lines
        stripe = pygame.Rect(r.x + h0 // 8, r.y + h0 // 5, max(3, h0 // 12), r.h - 2 * (h0 // 5))
        # In RTL the plate reads from its right edge: the stripe, the name and the info line
        # start there and the dealer badge moves to the left (the seat itself never moves).
        tx = stripe.right + h0 // 6  # where the text starts, laid out left to right
        stripe = i18n.align(stripe, r, "start", h0 // 8)
        pygame.draw.rect(s, team, stripe, border_radius=stripe.w // 2)
        # the lines at body size, one step apart (a step as tall as the script's letters),
        # the block centred in the plate; each line placed by its ink, so an Arabic or a
        # Hindi name sits inside the plate as a Latin one does
        rad = max(8, round(lay.text * 0.85))  # the dealer's chip, at the end of the name
        room = r.right - tx - (2 * rad + 6 if seat == self.scene.pv.dealer else h0 // 6)
        lines, step = self.plate_text(lay, name, sub)
        y = r.centery - len(lines) * step // 2
        # a name too long for the plate is cut short at the body size, never made smaller
        name_ink = text.render(text.elide(name, lay.text, room, True), lay.text, style.INK, True)
        used = name_ink.get_bounding_rect()
        at = (tx - used.x, y + step // 2 - used.centery)
        if i18n.is_rtl():
            at = (i18n.mirror_x(tx, r.x, r.w) - used.right, at[1])
        s.blit(name_ink, at)
        for line in lines[1:]:
            y += step
            ink = pygame.Surface((r.right - tx - h0 // 6, step), pygame.SRCALPHA)
            four = self.scene.four_color
            theme.draw_label(
                ink, line, ink.get_rect(), lay.text, theme.INK_DIM, four, True, "left", True
            )
            used = ink.get_bounding_rect()
            x = i18n.mirror_x(tx, r.x, r.w) - used.right if i18n.is_rtl() else tx - used.x
            s.blit(ink, (x, y + step // 2 - used.centery))
        # the dealer's chip: a round badge with "D" at body size
        if seat == self.scene.pv.dealer:
            c = (i18n.mirror_x(r.right - rad - 3, r.x, r.w), r.y + rad + 3)
            pygame.draw.circle(s, (250, 250, 245), c, rad)
            pygame.draw.circle(s, (180, 40, 40), c, rad, width=max(2, rad // 4))
            blit_text(s, "D", lay.text, c, (30, 30, 30), bold=True, anchor="center")

    def ring_rect(self, lay: Layout, seat: int) -> pygame.Rect:
        """Where a seat's turn countdown ring sits: inside its plate at the plate's end (the
        reading end: left in RTL), beside the dealer's chip, vertically centred."""
        side = self.scene.side(seat)
        name, sub = self.plate_lines(seat)
        r = self.plate_box(lay, side, sub, name)
        h0 = lay.plate_rect(BOTTOM).h
        rad = max(round(lay.text * 1.15), round(h0 * 0.34))
        chip = 2 * max(8, round(lay.text * 0.85)) + 6 if seat == self.scene.pv.dealer else 0
        ring = pygame.Rect(0, 0, 2 * rad, 2 * rad)
        ring.center = (r.right - h0 // 8 - chip - rad, r.centery)
        if i18n.is_rtl():
            ring.right = i18n.mirror_x(ring.x, r.x, r.w)
        return ring

    def draw_turn_ring(
        self, s: pygame.Surface, lay: Layout, seat: int, left: float, total: float
    ) -> pygame.Rect:
        """The turn timer as a ring on the plate of the seat to move: the share of its time
        left in gold, draining in steps (``ring_shows``); in the last ten seconds red from
        five, with the whole seconds in the middle (on a person's own plate, every second).
        """
        shown = ring_shows(left, total, seat in self.scene.humans)
        ring = self.ring_rect(lay, seat)
        rad = ring.w // 2
        c = ring.center
        urgent = left <= 5
        pygame.draw.circle(s, (6, 20, 14), c, rad)
        width = max(3, rad // 5)
        pygame.draw.circle(s, (70, 80, 74), c, rad - 1, width=width)
        share = max(0.0, min(1.0, shown[1] / total)) if total > 0 else 0.0
        if share > 0:
            start = math.pi / 2  # from the top, running down clockwise as time goes
            arc = pygame.Rect(0, 0, 2 * rad - 2, 2 * rad - 2)
            arc.center = c
            color = (255, 110, 100) if urgent else theme.GOLD
            pygame.draw.arc(s, color, arc, start, start + 2 * math.pi * share, width)
        if shown[0] is not None:  # the last seconds, counted
            blit_text(s, i18n.number(shown[0]), lay.text, c, theme.INK, bold=True, anchor="center")
        self.scene.drawn.turn_ring = (seat, math.ceil(left))
        self.scene.drawn.ring_count = shown[0]
        return ring

    # ------------------------------------------------------------------ bubbles
    def draw_bubbles(self, s: pygame.Surface, lay: Layout, seat: int) -> None:
        pv = self.scene.pv
        side = self.scene.side(seat)
        # the latest call, as a speech bubble, while the auction runs
        if pv.phase in ("auction", "trump", "double") and pv.contract is None:
            calls = [c for st, c in pv.calls if st == seat]
            if calls:
                self.bubble(s, lay, side, call_label(calls[-1]))

    def bubble_rect(self, lay: Layout, side: int, w: int, h: int) -> pygame.Rect:
        seat = next((st for st in range(4) if self.scene.side(st) == side), None)
        name, sub = self.plate_lines(seat) if seat is not None else ("Ag", "")
        plate = self.plate_box(lay, side, sub, name)  # beside the plate as drawn, grown or not
        r = pygame.Rect(0, 0, w, h)
        if side == BOTTOM:
            r.midbottom = (plate.centerx, plate.top - lay.unit)
        elif side == TOP:
            r.midtop = (plate.centerx, plate.bottom + lay.unit)
        elif side == LEFT:
            r.topleft = (plate.x, plate.bottom + lay.unit)
        else:
            r.topright = (plate.right, plate.bottom + lay.unit)
        return r

    def bubble(self, s: pygame.Surface, lay: Layout, side: int, label: str) -> None:
        h = round(lay.text * 2.0)
        size = round(lay.text * 1.05)
        w = max(h * 2, theme.label_width(label, size) + h)  # the label as drawn, and its ends
        r = self.bubble_rect(lay, side, w, h)
        blit_panel(s, r, color=(252, 250, 240, 245), border=(0, 0, 0, 70), radius=h // 2)
        theme.draw_label(s, label, r, size, theme.BUTTON_TEXT, self.scene.four_color)

    def draw_thinking(self, s: pygame.Surface, lay: Layout, seat: int | None) -> None:
        """The three dots of ``seat``, a computer player thinking (None: nobody)."""
        scene = self.scene
        mine = seat == scene.me and scene.humans
        if seat is None or scene.ai_elapsed <= THINK_SIGN_AFTER or mine:
            return
        h = round(lay.text * 2.0)
        side = scene.side(seat)
        if side in (LEFT, RIGHT):  # beside the plate, on the table's side: clear of the
            # call's bubble below it and of the last trick's caption (East's covered it)
            name, sub = self.plate_lines(seat)
            plate = self.plate_box(lay, side, sub, name)
            r = pygame.Rect(0, 0, h * 2, h)
            if side == LEFT:
                r.midleft = (plate.right + lay.unit, plate.centery)
            else:
                r.midright = (plate.left - lay.unit, plate.centery)
        else:
            r = self.bubble_rect(lay, side, h * 2, h)
            if scene.pv.phase in ("auction", "trump", "double") and scene.pv.contract is None:
                r = r.move(0, h + lay.unit if side != BOTTOM else -(h + lay.unit))
        blit_panel(s, r, color=(252, 250, 240, 235), border=(0, 0, 0, 70), radius=h // 2)
        for i in range(3):
            phase = (scene.time * 2.2 - i * 0.25) % 1.0
            a = 0.35 + 0.65 * max(0.0, math.sin(phase * math.pi))
            col = (round(60 * a), round(70 * a), round(65 * a))
            pygame.draw.circle(s, col, (r.x + r.w // 4 * (i + 1), r.centery), max(2, h // 9))

    # ------------------------------------------------------------------ pile and last trick
    def draw_pile(self, s: pygame.Surface, lay: Layout) -> None:
        n = len(self.scene.pv.tricks)
        self.scene.drawn.pile = min(n, 5)
        if not n:
            return
        r = lay.pile_rect
        for i in range(min(n, 5)):
            self.card(s, "back", r.move(-i * 2, -i * 2))
        # over the pile, as wide as the corner buttons under it, wrapped rather than shrunk
        room = lay.scores_button.union(lay.menu_button)
        room = pygame.Rect(room.x, 0, room.w, r.top - round(lay.unit * 1.5))
        theme.blit_block(
            s, tr("Last trick (L)"), lay.text, room, theme.INK_DIM, align="center", valign="bottom"
        )

    def draw_last_trick(self, s: pygame.Surface, lay: Layout) -> None:
        scene = self.scene
        if not scene.pv.tricks:
            return
        leader, cards, winner = scene.pv.tricks[-1]
        s.blit(self.veil(lay, 120), (0, 0))
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            r = lay.trick_rect(scene.side(seat))
            self.card(s, card, r, shadow=True)
            if seat == winner:
                mark_winner(s, r)
        for box in self.last_trick_texts(lay):
            box.draw(s)

    def last_trick_texts(self, lay: Layout) -> list[Text]:
        """The last trick's caption and its hint, placed by the kit: the caption above the
        trick or below it (``caption_below``); the hint below, where it clears my cards (a
        tall script's caption leaves no room: the pile's own label says L too)."""
        scene = self.scene
        if not scene.pv.tricks:
            return []
        winner = scene.pv.tricks[-1][2]
        caption = (
            tr("Last trick: won by you")
            if scene.is_me(winner)
            else tr("Last trick: won by {name}", name=scene.names[winner])
        )
        st, w = Style(lay.w, lay.h), lay.w - 2 * lay.margin
        head = Text(caption, size=lay.heading, color=theme.GOLD, bold=True, align="center")
        hint = Text(tr("L or a click closes it"), align="center")
        below = lay.trick_area.bottom + lay.unit
        if not self.caption_below(lay, caption, lay.heading):
            h = head.measure(st, w)
            head.place(st, pygame.Rect(lay.margin, lay.trick_area.top - lay.unit - h, w, h))
        else:
            head.place(st, pygame.Rect(lay.margin, below, w, head.measure(st, w)))
            below = head.rect.bottom + lay.unit
        hint.place(st, pygame.Rect(lay.margin, below, w, hint.measure(st, w)))
        hand_top = min(c.top for c in lay.hand_rects(13)) - lay.lift
        return [head, hint] if hint.rect.bottom <= hand_top else [head]

    def last_trick_bottom(self, lay: Layout) -> int:
        """Where the last trick's texts below the trick end (its hint, or its caption)."""
        rects = [box.rect for box in self.last_trick_texts(lay)]
        return max([lay.trick_area.bottom] + [r.bottom for r in rects if r.y > lay.centre[1]])

    # ------------------------------------------------------------------ messages
    def draw_banner(self, s: pygame.Surface, lay: Layout, textline: str) -> None:
        """A word of the game over the trick, at the heading size: wrapped (up to three
        lines) where it is wider than the window, never made smaller."""
        self.scene.drawn.banner = textline
        size, step, h = lay.heading, round(lay.heading * 1.3), round(lay.heading * 2.2)
        lines = fitted(textline, size, lay.w - round(lay.unit * 8) - 2 * lay.margin, 3, True)
        widest = max(text.size_of(line, size, True)[0] for line in lines)
        r = pygame.Rect(0, 0, widest + lay.unit * 8, h + step * (len(lines) - 1))
        r.center = lay.centre
        blit_panel(s, r, color=(8, 24, 18, 230), border=(*theme.GOLD, 200), radius=h // 2)
        for k, line in enumerate(lines):
            row = pygame.Rect(r.x, r.y + k * step, r.w, h)
            theme.draw_label(
                s, line, row, size, theme.GOLD, self.scene.four_color, True, fitted=True
            )

    @staticmethod
    def toast_lines(lay: Layout, msg: str) -> list[tuple[str, bool]]:
        """The message's lines and whether each is bold: its first line (bold), then the rest
        (a hint's reason), each wrapped to most of the window's width at the body size."""
        room = round(lay.w * 0.7)
        parts = enumerate(msg.split("\n"))
        return [(ln, k == 0) for k, part in parts for ln in fitted(part, lay.text, room, 4, k == 0)]

    def toast_rect(self, lay: Layout, msg: str) -> pygame.Rect:
        """Above my lifted hand, or above the action panel when one is shown (a message
        never sits on a button's label)."""
        note = self.toast_note(lay, msg)
        r = pygame.Rect(0, 0, note.w, note.h)
        bottom = lay.hand_rects(13)[0].top - lay.lift - lay.unit
        panel = self.scene.action_panel()
        if panel is not None:
            bottom = min(bottom, panel.top - lay.unit)
        r.midbottom = (lay.w // 2, bottom)
        if self.scene.last_trick_shown:  # below the last trick's texts under the trick
            r.top = max(r.top, self.last_trick_bottom(lay) + lay.unit)
        # never on North's cards (issue 48 item 22: Egyptian's tall bid panel left no room
        # above it): down over the panel's title instead, as far as its first row of buttons
        north = lay.back_rects(TOP, 13)[0].bottom + round(lay.unit)
        if r.top < north and panel is not None:
            bids = getattr(self.scene, "bids", None)
            rows = [b.rect.top for b in bids.buttons()] if bids is not None else []
            limit = (min(rows) if rows else panel.bottom) - round(lay.unit)
            r.top = min(north, limit - r.h)
        return r

    def toast_note(self, lay: Layout, msg: str, fill: Colour = (0, 0, 0, 0)) -> Note:
        return Note(lay, self.toast_lines(lay, msg), (fill, (255, 255, 255, 80), style.INK))

    def draw_toast(
        self,
        s: pygame.Surface,
        lay: Layout,
        msg: str,
        left: float,
        rect: pygame.Rect | None = None,
        hint: bool = False,
    ) -> None:
        """A message over the table: dark red (a move refused, a word of the game), or, for a
        hint, the calm blue of advice (issue 48 item 3: a hint looked like an error)."""
        alpha = 250 if left > 0.3 else round(250 * left / 0.3)  # opaque: it may cover a title
        note = self.toast_note(lay, msg, (*(HINT_BANNER if hint else (120, 24, 24)), alpha))
        note.edge = (255, 255, 255, min(alpha, 80))
        note.show(s, self.toast_rect(lay, msg) if rect is None else rect)
