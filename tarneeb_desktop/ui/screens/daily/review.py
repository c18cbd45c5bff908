"""Reviewing a daily deal: the person's play and the computer's play of the same cards.

In a window wide enough (:data:`SIDE_BY_SIDE_W`, 1280x720 and up) both plays are drawn side by
side, the person's on the reading side, each a viewer's table (all four hands face up, the
trick, the auction, the double-dummy marks) in half of the window, and they step together:
the controls and keys move the person's play and the computer's shows the same point of
the deal (the same card played, or in the auction the same call, :func:`same_place`).
Narrower (800x600), one play at a time with a switch (S, or the button) that keeps the
place, and a strip with the two results. Each play's head says its result and its "tricks
your cards cost" line beside partner's. The marks are the viewer's, worked out for each
play on the worker pool.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.session import daily
from tarneeb_desktop.session.record_steps import Position, Steps, positions
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.cards import card_size
from tarneeb_desktop.ui.game.auction import NOT_CALLS
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.layout import BOTTOM, TOP, Layout
from tarneeb_desktop.ui.screens.daily.labels import SEATS, contract_text, signed
from tarneeb_desktop.ui.screens.viewer.auction import wanted_width
from tarneeb_desktop.ui.screens.viewer.viewer import LINE, ViewerScene
from tarneeb_desktop.ui.text_runs import blit_line
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

#: The narrowest window that shows the two plays side by side (else: one, and a switch).
SIDE_BY_SIDE_W = 1200
_KIND_ORDER = {"deal": 0, "call": 1, "card": 2, "end": 3}
#: Each play's line of the tricks its cards cost beside partner's: the person's, the computer's.
COST_WORDS = (
    "Tricks your cards cost: {you}  \u00b7  your partner's: {partner}",
    N_("Tricks the computer's cards cost: {you}  \u00b7  its partner's: {partner}"),
)


def _place(steps: Steps, i: int) -> tuple[int, int, int]:
    p = steps.positions[i]
    n = p.play if p.play is not None else len(p.calls)
    return (p.hand, _KIND_ORDER.get(p.kind, 1), n)


def same_place(src: Steps, index: int, dst: Steps) -> int:
    """The step of ``dst`` at the point of the deal of step ``index`` of ``src``: the same
    card played, the same call of the auction, or the last step of ``dst`` before it."""
    want = _place(src, index)
    best = 0
    for k in range(len(dst.positions)):
        if _place(dst, k) <= want:
            best = k
    return best


@dataclass(frozen=True)
class PaneLayout(Layout):
    """Half of the window, with the window's text and margins (``full_unit``)."""

    full_unit: float = 1.0

    @property
    def unit(self) -> float:
        return self.full_unit


class PlayPane(ViewerScene):
    """One play of the deal drawn in a part of the window: the viewer's table at that
    play's step, without the viewer's controls (the review holds them)."""

    auction_title = False  # the box's title would reach down to the trick

    def __init__(
        self, app: App, who: str, steps: Steps, res: daily.PlayResult, *, inline: bool,
        computer: bool,
    ) -> None:  # fmt: skip
        super().__init__(app, steps, inline=inline)
        self.who, self.res, self.computer = who, res, computer
        if computer:  # its record names South by the level: it is the computer
            self.names[0] = tr("Computer")
        for seat in (1, 2, 3):  # the seats' words as a record keeps them, in the language
            if self.names[seat] == SEATS[seat]:
                self.names[seat] = tr(SEATS[seat])

    def head(self) -> str:
        # ``who`` is kept untranslated: a language chosen since is the one shown
        return f"{tr(self.who)}: {contract_text(self.res)}  {signed(self.res.net)}"

    def cost(self) -> str | None:
        """The play's "tricks your cards cost" beside partner's (South's and North's)."""
        if not self.analysis:
            return None
        mine = sum(p.cost for a in self.analysis.values() for p in a.plays if p.seat == 0)
        partner = sum(p.cost for a in self.analysis.values() for p in a.plays if p.seat == 2)
        return tr(COST_WORDS[1 if self.computer else 0], you=mine, partner=partner)

    def _band(self, lay: Layout) -> tuple[int, int]:
        # the head's two lines above; below, the analysis's two lines and the cost line
        top = lay.margin + round(lay.text * LINE * 2)
        bottom = lay.h - lay.margin // 2 - round(lay.text * 0.85 * LINE * 3.4)
        return top, bottom

    def card_h(self, lay: Layout) -> int:
        top, bottom = self._band(lay)
        band = bottom - top
        room = (band * 0.5 - lay.text * 2.8) / 1.9
        return round(min(band * 0.22, lay.w * 0.1 / 0.716, room))

    def hand_rects(self, lay: Layout, side: int, n: int, ch: int) -> list[pygame.Rect]:
        if side not in (TOP, BOTTOM):
            return super().hand_rects(lay, side, n, ch)
        # North's and South's rows may take the pane's width (the viewer's share of a
        # whole window is too narrow for half of one)
        cw, ch = card_size(ch)
        step = min(cw * 0.4, (lay.w * 0.62 - cw) / 12)
        width = round(cw + step * max(0, n - 1))
        top, bottom = self._band(lay)
        y = bottom - ch if side == BOTTOM else top
        x0 = lay.w // 2 - width // 2
        if side == TOP:  # beside the auction's box (the top corner on the reading side),
            # the row's middle (and its name plate) where the whole row's is: the whole
            # row's room laid out left to right, mirrored in the window as a whole
            full = round(cw + step * 12)
            free = lay.margin + self.auction_width(lay) + lay.margin // 2
            x = max(lay.w // 2 - full // 2, min(free, lay.w - lay.margin - full))
            room = mirrored(pygame.Rect(x, y, full, ch), pygame.Rect(0, 0, lay.w, lay.h))
            x0 = room.x + (full - width) // 2
        return [pygame.Rect(round(x0 + step * k), y, cw, ch) for k in range(n)]

    def auction_width(self, lay: Layout) -> int:
        """The auction box's width with every call of the record whole in it (as far as
        North's card in the trick leaves room)."""
        calls = {c for p in self.steps.positions for _, c in p.calls if c not in NOT_CALLS}
        end = lay.w // 2 - round(card_size(self.card_h(lay))[0] * 0.6) - 6  # the trick's
        return min(wanted_width(lay, self.names, sorted(calls)), end - lay.margin)

    def draw_pane(self, surface: pygame.Surface, lay: PaneLayout, lead: bool) -> None:
        pos = self.position
        ch = self.card_h(lay)
        colour = theme.GOLD if lead else theme.INK
        x = i18n.mirror_x(lay.margin, 0, lay.w)
        anchor = i18n.anchor("topleft")
        blit_text(surface, self.head(), lay.text, (x, lay.margin // 2), colour, True, anchor,
                  max_width=lay.w - 2 * lay.margin)  # fmt: skip
        step = tr("Step {n} of {total}", n=pos.index + 1, total=self.steps.last + 1)
        tricks = f"{self._team(0)} {pos.tricks_won[0]} : {pos.tricks_won[1]} {self._team(1)}"
        small = round(lay.text * 0.85)
        y2 = lay.margin // 2 + round(lay.text * LINE)
        blit_text(surface, f"{step}  \u00b7  {tricks}", small, (x, y2), theme.INK_DIM,
                  anchor=anchor, max_width=lay.w - 2 * lay.margin)  # fmt: skip
        clockwise = self.steps.state.rules.clockwise
        from tarneeb_desktop.ui.layout import side_of

        for seat in range(4):
            self._draw_hand(surface, lay, seat, side_of(seat, 0, clockwise), pos, ch)
        self._draw_trick(surface, lay, pos, ch, clockwise)
        self._draw_auction(surface, lay, pos)
        self._draw_analysis(surface, lay, pos)
        cost = self.cost()
        if cost:
            blit_text(surface, cost, small, (lay.w // 2, lay.h - lay.margin // 3),
                      theme.INK_DIM, anchor="midbottom", max_width=lay.w - 2 * lay.margin)  # fmt: skip

    def _draw_analysis(self, surface: pygame.Surface, lay: Layout, pos: Position) -> None:
        """The analysis's lines under the pane's table (the viewer lays its own out by the
        kit; a pane keeps its band's geometry)."""
        t = round(lay.text * 0.85)
        _, bottom = self._band(lay)
        y = bottom + lay.margin // 3
        for line, colour in self.analysis_lines(pos):
            blit_line(surface, line, t, (lay.w // 2, y), colour, bold=True, anchor="midtop",
                      max_width=lay.w - 2 * lay.margin)  # fmt: skip
            y += round(t * LINE)


class DailyReview(ViewerScene):
    """The viewer on two plays of one deal: side by side in a wide window, else ``which``
    is the one shown (0: the person's) with a switch."""

    def __init__(
        self,
        app: App,
        plays: list[tuple[str, Steps, daily.PlayResult]],
        *,
        title: str,
        back: Callable[[], None],
        inline: bool = False,
    ) -> None:
        super().__init__(app, plays[0][1], title=title, back=back, inline=inline)
        self.plays = plays
        self.which = 0
        self.panes = [
            PlayPane(app, who, steps, res, inline=inline, computer=k > 0)
            for k, (who, steps, res) in enumerate(plays)
        ]
        self._use(0)

    def _use(self, k: int) -> None:
        """Drive the viewer with play ``k`` (its steps, and its analysis, shared)."""
        pane = self.panes[k]
        self.steps, self.rows = pane.steps, pane.rows
        self.analysis, self.jobs = pane.analysis, pane.jobs
        if pane.steps.players:
            self.names = list(pane.steps.players)

    def side_by_side(self, size: tuple[int, int] | None = None) -> bool:
        w, _ = size or self.app.size
        return len(self.panes) > 1 and w >= SIDE_BY_SIDE_W

    # ------------------------------------------------------------------ analysis
    def on_show(self) -> None:
        for pane in self.panes:  # each play's analysis on the pool (the shown one shared)
            pane.on_show()
        super().on_show()

    def on_hide(self) -> None:
        for pane in self.panes:
            pane.on_hide()
        super().on_hide()

    def busy(self) -> bool:
        return self.playing or any(p.jobs for p in self.panes)

    def update(self, dt: float) -> None:
        for pane in self.panes:
            pane._poll()
            if pane.dirty:
                pane.dirty = False
                self.dirty = True
        super().update(dt)

    def go(self, index: int) -> None:
        super().go(index)
        lead = self.panes[self.which]
        lead.go(self.index)
        for pane in self.panes:
            if pane is not lead:
                pane.go(same_place(lead.steps, lead.index, pane.steps))

    def switch_play(self) -> None:
        """Show the other play at the same point of the deal."""
        if len(self.plays) < 2:
            return
        here = self.panes[self.which]
        self.which = 1 - self.which
        self._use(self.which)
        self.go(same_place(here.steps, here.index, self.steps))
        self.rebuild()

    def activate(self, action: str) -> None:
        if action == "switch":
            self.switch_play()
            return
        if action == "hands" and self.side_by_side():  # no room for the list beside two
            return
        super().activate(action)
        for pane in self.panes:  # "my cards only" (M) on both tables
            pane.only_mine = getattr(self, "only_mine", False)

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s and not self.choosing:
            self.switch_play()
            return True
        return super().handle_event(ev)

    def build(self, lay: Layout) -> list[Button]:
        out = super().build(lay)
        if self.side_by_side() and not self.choosing:
            # the viewer's corner buttons would cover a play's head: their keys stay
            out = [b for b in out if b.action not in ("hands", "mine")]
        if len(self.plays) > 1 and not self.choosing and not self.side_by_side():
            panel = self.panel_rect(lay)
            h = round(lay.unit * 6)
            labels = [tr("Show your play") + "  (S)", tr("Show the computer's play") + "  (S)"]
            # as wide as its longer label needs at the small print, from the panel's end side
            need = theme.button_width(labels, round(lay.text * 0.8), h, panel.w)
            r = pygame.Rect(0, panel.bottom + lay.margin // 2, min(need, lay.w // 2), h)
            r.right = panel.right
            out.append(Button(mirrored(r, panel), labels[0 if self.which else 1], "switch"))
        return out

    def panel_rect(self, lay: Layout) -> pygame.Rect:
        """The two results, one above the other, in the top corner opposite the auction."""
        top, _ = self._band(lay)
        w = round(lay.w * 0.24)
        line = round(lay.text * 0.9 * 1.55)
        top += round(lay.text * 1.2)
        corner = self.side_buttons(lay)  # the viewer's Hands and My cards only, in that corner
        top = max(top, *(b.rect.bottom + lay.margin // 2 for b in corner))
        box = pygame.Rect(0, top, w, line * (1 + len(self.plays)) + lay.margin)
        return i18n.align(box, pygame.Rect(0, 0, lay.w, lay.h), "end", lay.margin)

    def pane_rects(self, lay: Layout) -> list[pygame.Rect]:
        """Where each play is drawn side by side: the person's on the reading side."""
        top = lay.margin + round(lay.text * LINE)
        bottom = self.buttons()[0].rect.top - lay.margin // 2 - round(lay.text * 0.8 * LINE)
        gap = lay.margin
        w = (lay.w - 2 * lay.margin - gap) // 2
        rects = [pygame.Rect(lay.margin + k * (w + gap), top, w, bottom - top) for k in range(2)]
        return [mirrored(r, pygame.Rect(0, 0, lay.w, lay.h)) for r in rects]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.side_by_side(surface.get_size()):
            self.draw_switched(surface)
            return
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        head = f"{self.title}  \u00b7  {tr('The same cards')}"
        blit_text(surface, head, lay.text, (lay.w // 2, lay.margin // 2), theme.GOLD, True,
                  "midtop", max_width=lay.w - 2 * lay.margin)  # fmt: skip
        for k, (pane, r) in enumerate(zip(self.panes, self.pane_rects(lay), strict=True)):
            blit_panel(surface, r, color=(4, 16, 10, 90), border=(255, 255, 255, 40),
                       radius=round(lay.unit * 1.5))  # fmt: skip
            sub = surface.subsurface(r)
            pane.draw_pane(sub, PaneLayout(r.w, r.h, lay.unit), lead=k == self.which)
        for b in self.buttons():
            b.draw(surface)
        keys = tr(
            "Left/Right a step, Up/Down a trick, Page Up/Down a hand, Home/End the game, "
            "Space play, +/- speed"
        )
        blit_text(surface, keys, round(lay.text * 0.8),
                  (lay.w // 2, self.buttons()[0].rect.top - lay.margin // 2), theme.INK_DIM,
                  anchor="midbottom", max_width=lay.w - 2 * lay.margin)  # fmt: skip

    def cost_line(self) -> str | None:
        return self.panes[self.which].cost()

    def draw_switched(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.choosing or self.hands is not None:
            return  # the seat question, or the list of hands over the corner of the results
        lay = Layout(*surface.get_size())
        box = self.panel_rect(lay)
        blit_panel(surface, box, color=(6, 20, 14, 200), radius=round(lay.unit))
        size = round(lay.text * 0.9)
        line = round(size * 1.55)
        x = i18n.mirror_x(box.x + lay.margin // 2, box.x, box.w)
        anchor = i18n.anchor("topleft")
        y = box.y + lay.margin // 2
        blit_text(surface, tr("The same cards"), size, (x, y), theme.GOLD, True, anchor)
        for k, pane in enumerate(self.panes):
            y += line
            mark = "\u25b6 " if k == self.which else ""
            colour = theme.INK if k == self.which else theme.INK_DIM
            blit_text(surface, mark + pane.head(), size, (x, y), colour, bold=k == self.which,
                      anchor=anchor, max_width=box.w - lay.margin)  # fmt: skip


def open_review(
    app: App,
    code: str,
    index: int,
    person: daily.PlayResult,
    computer: daily.PlayResult | None,
    *,
    back: Callable[[], None],
) -> DailyReview:
    plays = [(N_("You"), positions(person.record), person)]
    if computer is not None and computer.record:
        plays.append((N_("The computer"), positions(computer.record), computer))
    title = tr("Daily deal {n}", n=index + 1)
    scene = DailyReview(app, plays, title=title, back=back)
    app.switch(scene)
    return scene
