"""The score panel (its totals count up after a hand) and the contract panel; in 41 the
totals are per player and both panels are drawn by ``game41``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.rules.cards import parse_bid
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.anim import ease_out
from tarneeb_desktop.ui.game import dialogs41, game41
from tarneeb_desktop.ui.game.labels import call_label, fitted, side_labels
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit import style
from tarneeb_desktop.ui.kit.boxes import Column, Text
from tarneeb_desktop.ui.kit.form import Row
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.layout import LEFT, TOP, Layout
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableView


def contract_box(lay: Layout, is41: bool) -> pygame.Rect:
    """The contract panel as drawn: the layout's, wider in 41 (the bids' line and who is
    close), but never under North's name plate: where they would meet (41 in a narrow
    window), it starts right of the plate and grows downward for its wrapped lines."""
    r = lay.contract_rect
    if not is41:
        return r
    wide = pygame.Rect(0, r.y, round(lay.unit * 40), r.h)
    wide.right = r.right
    left = lay.plate_rect(TOP).right + lay.margin
    if wide.x < left:
        narrow = max(r.w // 2, wide.right - left)
        wide.h = min(round(wide.h * wide.w / narrow), round(lay.unit * 34))
        wide.x, wide.w = wide.right - narrow, narrow
    return wide


class ScorePanel:
    """The totals as shown (``shown``, counting up to the presented view's scores: per team,
    or per player in 41) and the panels that show them and the contract."""

    def __init__(self, scene: TableView) -> None:
        self.scene = scene
        self.reset()
        self.key: tuple[Any, ...] | None = None  # the look of the cached picture
        self._surf: pygame.Surface | None = None

    def targets(self) -> tuple[int, ...]:
        """The totals the panel counts up to: per player in 41, else per team."""
        pv = self.scene.pv
        return pv.seat_scores if pv.seat_scores is not None else pv.scores

    def reset(self) -> None:
        """Show the presented view's totals at once."""
        self.shown = [float(v) for v in self.targets()]
        self.start = list(self.shown)
        self.t = 1.0

    @property
    def counting(self) -> bool:
        return self.t < 1

    def count(self) -> None:
        """Count up to the presented view's scores (at once at instant speed)."""
        target = [float(s) for s in self.targets()]
        if len(target) != len(self.shown):  # another game on the same table: no counting
            self.reset()
        elif target != self.shown:
            self.start = list(self.shown)
            self.t = 0.0 if self.scene.speed > 0 else 1.0
            if self.t >= 1:
                self.shown = target

    def advance(self, dt: float) -> None:
        if self.t >= 1:
            return
        self.t = min(1.0, self.t + dt / max(0.05, 0.6 * self.scene.speed))
        target = self.targets()
        self.shown = [
            a + (b - a) * ease_out(self.t) for a, b in zip(self.start, target, strict=True)
        ]
        self.scene.dirty = True

    def rect(self, lay: Layout) -> pygame.Rect:
        """Where the panel is drawn (the tutorial's coach keeps clear of it): the layout's
        score rectangle, wider for 41's two players a team, and for Tarneeb tall enough for
        the last tricks line in every script (Arabic's is taller)."""
        r = lay.score_rect
        if game41.is41(self.scene.pv):
            return pygame.Rect(r.x, r.y, round(lay.unit * 44), r.h)
        need = self._tarneeb_height(lay)
        # its bottom padding gives way before the panel reaches West's cards (Arabic)
        west = lay.back_rects(LEFT, 13)[0].top - max(2, lay.margin // 3)
        least = need - round(lay.unit * 1.6) * 6 // 10
        r.h = max(r.h, min(need, max(least, west - r.y)))
        return r

    def draw(self, s: pygame.Surface, lay: Layout) -> None:
        """The score panel: one cached picture per look (it is drawn every frame, as it counts up)."""
        pv = self.scene.pv
        r = self.rect(lay)
        shown = tuple(round(v) for v in self.shown)
        self.scene.drawn.score_shown = True
        key = (
            lay.w,
            lay.h,
            shown,
            pv.tricks_won,
            pv.phase == "play" or bool(pv.tricks),
            pv.rules.target,
            self.scene.teams(),
            tuple(self.scene.names),
            pv.seat_scores,
            i18n.get_language(),  # a language changed mid-game shows at once
            self.not_counted(),
        )
        if self.key != key or self._surf is None:
            self.key = key
            self.scene.drawn.scores = shown
            self.scene.drawn.score_language = i18n.get_language()
            surf = pygame.Surface(r.size, pygame.SRCALPHA)
            self._render(surf, lay, pygame.Rect(0, 0, r.w, r.h))
            self._surf = surf
        s.blit(self._surf, r.topleft)

    def not_counted(self) -> bool:
        """A move was taken back in this game (undo, or the hand restarted): it is kept out
        of the statistics, and the panel's head says so in the place of "Score" (issue 48:
        only Statistics told)."""
        return bool(getattr(self.scene, "taken_back", False))

    def heading(self) -> str | None:
        """The table's own words for the panel's head line in the place of "Score" and the
        score to reach (a daily deal's "Deal 2 of 8": one hand from 0-0, no target, and no
        hand number on the contract panel either); None for a game."""
        own = getattr(self.scene, "score_heading", None)
        return str(own()) if callable(own) else None

    def _rows(self, lay: Layout) -> tuple[int, int, int, int]:
        """Tarneeb's panel: (pad, first row's offset, a row's height, tricks line's offset)."""
        t = lay.text
        return round(lay.unit * 1.6), round(t * 1.7), round(t * 2.8), round(t * 1.4)

    def _tarneeb_height(self, lay: Layout) -> int:
        """Tall enough for the last tricks line's ink (not its font's line height: Arabic's
        is half as tall again, and the panel reached into West's cards) and the padding."""
        pad, first, row, tricks = self._rows(lay)
        lines = (trn("{n} trick", "{n} tricks", n) for n in (0, 1, 2, 5, 13))
        ink = max(text.ink(x, lay.text).bottom for x in lines)
        return 2 * pad + first + row + tricks + ink

    def _render(self, s: pygame.Surface, lay: Layout, r: pygame.Rect) -> None:
        pv = self.scene.pv
        blit_panel(s, r, color=style.PANEL, radius=round(lay.unit * 1.6))
        pad = round(lay.unit * (1.4 if game41.is41(pv) else 1.6))
        t = lay.text
        st, rtl = Style(lay.w, lay.h), i18n.is_rtl()
        own = self.heading()  # a daily deal's "Deal 2 of 8" in the place of both words
        to = Text("" if own else tr("to {n}", n=pv.rules.target), color=style.DIM, align="end")
        room = r.w - 2 * pad - to.natural(st) - st.tight  # cut short before "to 31"
        head, colour = own or tr("Score"), style.DIM
        if own is None and self.not_counted():  # undo was used: the table says so too
            head, colour = tr("Not counted"), style.GOLD
        head_row = Row([Text(text.elide(head, t, room, True), color=colour, bold=True), to])
        head_row.weights = [1, 0]
        head_row.place(st, pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, t))
        head_row.draw(s)
        if game41.is41(pv):
            game41.draw_score(self.scene, self.shown, s, lay, r, pad)
            return
        show_tricks = pv.phase == "play" or bool(pv.tricks)
        _, first, row_h, tricks = self._rows(lay)
        words = side_labels(self.scene)  # "Us", "Them"; two computer teams: their names
        for row, (i, label) in enumerate(zip(self.scene.teams(), words, strict=True)):
            # mirrored as a whole right to left, as the name plates are: the team's dot, its
            # name (a long name cut short, never shrunk), its tricks, the total at the far side
            total = Text(str(round(self.shown[i])), size=round(t * 1.5), bold=True, align="end")
            room = r.w - 2 * pad - t - total.natural(st) - st.tight
            name = Text(text.elide(label, t, room, True), color=theme.TEAM[i], bold=True)
            won = trn("{n} trick", "{n} tricks", pv.tricks_won[i])
            lines = [name, Text(won, color=style.DIM)] if show_tricks else [name]
            box = Row([Column(lines, tricks - name.measure(st, r.w)), total], weights=[1, 0])
            y = r.y + pad + first + row * row_h
            box.place(st, pygame.Rect(r.x + pad + (0 if rtl else t), y, r.w - 2 * pad - t, row_h))
            box.draw(s)
            dot = (i18n.mirror_x(r.x + pad + t // 3, r.x, r.w), y + round(t * 0.72))
            pygame.draw.circle(s, theme.TEAM[i], dot, max(3, t // 3))

    def draw_contract(self, s: pygame.Surface, lay: Layout) -> None:
        """The contract panel (on the static layer): the contract, or the auction so far."""
        scene = self.scene
        pv = scene.pv
        scene.drawn.contract = (pv.contract, pv.trump, pv.declarer, pv.doubled)
        scene.drawn.contract_language = i18n.get_language()
        r = contract_box(lay, game41.is41(pv))
        blit_panel(s, r, color=style.PANEL, radius=round(lay.unit * 1.6))
        pad = round(lay.unit * 1.6)
        t = lay.text
        rtl, a = i18n.is_rtl(), i18n.anchor
        start, end = i18n.mirror_x(r.x + pad, r.x, r.w), i18n.mirror_x(r.right - pad, r.x, r.w)
        own = callable(getattr(scene, "score_heading", None))  # a daily deal: no hand number
        number = "" if own else dialogs41.hand_label(pv)
        hand = blit_text(s, number, t, (end, r.y + pad), style.DIM, anchor=a("topright"))
        if game41.is41(pv):  # hearts, the bids' total and who is close to winning
            game41.draw_contract(scene, s, lay, r, pad)
            return
        # the title at the body size, cut short before it reaches the hand's number
        words = tr("Contract") if pv.contract and pv.declarer is not None else tr("Auction")
        words = text.elide(words, t, r.w - 3 * pad - hand.w, True)
        title = blit_text(s, words, t, (start, r.y + pad), style.DIM, True, anchor=a("topleft"))
        if pv.contract and pv.declarer is not None:
            top = max(hand.bottom, r.y + pad + round(t * 1.3))
            self._contract(s, r, pad, top, pv.contract, pv.declarer)
            return
        bids = [(st, c) for st, c in pv.calls if c not in ("pass", "double", "no_double")]
        if bids:
            seat, bid = bids[-1]
            high = (
                tr("high bid: you")
                if scene.is_me(seat)
                else tr("high bid: {name}", name=scene.names[seat])
            )
            foot = self._foot(s, r, pad, high, seat, 2)
            # the bid between the title and the foot, by its ink: a foot on two lines
            # ("meilleure enchère : …") leaves less room, and the bid never runs into it
            label, top = call_label(bid), max(title.bottom, hand.bottom)
            size = round(t * 2.2)
            while size > t and text.ink(label, size, True).h > foot.top - top - 2:
                size -= 1
            surf = text.render(label, size, style.INK, True)
            ink = surf.get_bounding_rect()
            box = pygame.Rect(
                start - (round(t * 5) if rtl else 0), 0, round(t * 5), surf.get_height()
            )
            box.centery = (top + foot.top) // 2 - (ink.centery - surf.get_height() // 2)
            theme.draw_label(s, label, box, size, theme.INK, scene.four_color, on_dark=True)
        else:
            # the bids' range at the foot, the words above it: each wrapped, never shrunk
            inner = pygame.Rect(r.x + pad, max(title.bottom, hand.bottom), r.w - 2 * pad, 0)
            inner.h = r.bottom - pad - inner.y
            foot = theme.blit_block(
                s, tr("Bids: 7 to 13 tricks"), t, inner, style.DIM, valign="bottom"
            )
            inner.h = foot.y - inner.y
            theme.blit_block(s, tr("No bid yet"), t, inner, style.INK, valign="center")

    def _contract(
        self, s: pygame.Surface, r: pygame.Rect, pad: int, top: int, contract: str, declarer: int
    ) -> None:
        """The ``contract`` under the title (its lower edge at ``top``): its level and trump,
        the words beside them and the ``declarer`` at the foot."""
        scene = self.scene
        pv = scene.pv
        t, rtl, a = scene.layout.text, i18n.is_rtl(), i18n.anchor
        start = i18n.mirror_x(r.x + pad, r.x, r.w)
        level = str(parse_bid(contract, pv.rules.suit_bidding)[0])
        big = round(t * 2.2)
        by = tr("by you") if scene.is_me(declarer) else tr("by {name}", name=scene.names[declarer])
        if pv.doubled:
            by += "  \u00b7  " + tr("doubled")
        foot = self._foot(s, r, pad, by, declarer)
        # the level between the title and the foot, by its ink (Arabic's lines are tall)
        level_surf = text.render(level, big, style.INK, True)
        used = level_surf.get_bounding_rect()
        lr = used.move(start - used.x, (top + foot.top) // 2 - used.centery)
        if rtl:
            lr.right = start
        s.blit(level_surf, (lr.x - used.x, lr.y - used.y))
        after = (lr.left - pad if rtl else lr.right + pad, lr.centery)  # beside the level
        if pv.trump == "NT":
            blit_text(s, tr("NT"), round(big * 0.8), after, style.GOLD, True, anchor=a("midleft"))
        elif pv.trump:
            chip = pygame.Rect(lr.right + pad // 2, 0, round(big * 1.05), round(big * 1.05))
            if rtl:
                chip.right = lr.left - pad // 2
            chip.centery = lr.centery
            pygame.draw.ellipse(s, (250, 248, 240), chip)
            colour = theme.suit_color(pv.trump, scene.four_color, on_dark=False)
            blit_text(
                s, SUIT_SYMBOL[pv.trump], round(big * 0.85), chip.center, colour, anchor="center"
            )
        # beside the contract, wrapped to the room left: the trump being chosen, else
        # where to see the whole auction (the two shared one place and ran into each other)
        room = pygame.Rect(0, lr.y, r.w - 2 * pad - lr.w - round(big * 1.05) - 2 * pad, lr.h)
        room.right = r.right - pad
        if rtl:
            room.left = r.x + pad
        if pv.trump:
            side = tr("Auction (A)")
        elif scene.is_me(declarer):  # the person chooses: words to them (issue 48
            side = tr("choose the trump")  # item 7: not "выбирает козырь…")
        else:
            side = tr("choosing trump\u2026")
        theme.blit_block(s, side, t, room, style.DIM, align="end", valign="center")

    def _foot(
        self, s: pygame.Surface, r: pygame.Rect, pad: int, line: str, seat: int, most: int = 1
    ) -> pygame.Rect:
        """The panel's last line, in the colours of ``seat``'s team: on ``most`` lines at
        most (a long name cut short), clear of the title and the contract."""
        inner = pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, r.h - 2 * pad)
        t = self.scene.layout.text
        words = "\n".join(fitted(line, t, inner.w, most, bold=True))
        return theme.blit_block(s, words, t, inner, theme.TEAM[seat & 1], True, valign="bottom")
