"""Reviewing a daily deal: the person's play and the computer's play of the same cards.

In a window wide enough (:data:`SIDE_BY_SIDE_W`) both plays are side by side, the person's on
the reading side, each a viewer's table in half of the window, stepping together (the other
at :func:`same_place`). Narrower, one play at a time with a switch (S, or the button) that
keeps the place, and the two results under the corner's buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.session import daily
from tarneeb_desktop.session.record_steps import Steps, positions
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.cards import card_size
from tarneeb_desktop.ui.game.auction import NOT_CALLS
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Panel, Picture, Space, Stack, Text
from tarneeb_desktop.ui.kit.form import Row, mirrored
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, PANEL_EDGE, Colour, Style
from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP, Layout
from tarneeb_desktop.ui.screens.daily.labels import SEATS, contract_text, signed
from tarneeb_desktop.ui.screens.viewer.auction import wanted_width
from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene
from tarneeb_desktop.ui.theme import Button, blit_panel

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

#: The narrowest window that shows the two plays side by side (else: one, and a switch).
SIDE_BY_SIDE_W = 1200
#: A play's pane side by side, and its edge; the two results' panel, one play at a time.
PANE: Colour = (4, 16, 10, 90)
PANE_EDGE: Colour = (255, 255, 255, 40)
RESULTS: Colour = (6, 20, 14, 200)
_KIND_ORDER = {"deal": 0, "call": 1, "card": 2, "end": 3}
COMPUTER_COST = N_("Tricks the computer's cards cost: {you}  \u00b7  its partner's: {partner}")


def _place(steps: Steps, i: int) -> tuple[int, int, int]:
    p = steps.positions[i]
    n = p.play if p.play is not None else len(p.calls)
    return (p.hand, _KIND_ORDER.get(p.kind, 1), n)


def same_place(src: Steps, index: int, dst: Steps) -> int:
    """The step of ``dst`` at the point of the deal of step ``index`` of ``src``."""
    want = _place(src, index)
    return max((k for k in range(len(dst.positions)) if _place(dst, k) <= want), default=0)


@dataclass(frozen=True)
class PaneLayout(Layout):
    """Half of the window, with the window's text and margins (``full_unit``)."""

    full_unit: float = 1.0

    @property
    def unit(self) -> float:
        return self.full_unit


@dataclass(frozen=True)
class PaneStyle(Style):
    """The kit's metrics in a pane: its own width and height, the window's text and margins."""

    full_unit: float = 1.0

    @cached_property
    def lay(self) -> Layout:
        return PaneLayout(self.w, self.h, self.full_unit)


class PlayPane(ViewerScene):
    """One play of the deal in a part of the window: the viewer's table, no controls."""

    auction_title = False  # the box's title would reach down to the trick

    def __init__(
        self, app: App, who: str, steps: Steps, res: daily.PlayResult, *, inline: bool,
        computer: bool,
    ) -> None:  # fmt: skip
        super().__init__(app, steps, inline=inline)
        self.who, self.res, self.computer = who, res, computer
        if computer:  # its record names South by the level: it is the computer
            self.names[0] = tr("Computer")
            self.cost_words = COMPUTER_COST
        for seat in (1, 2, 3):  # the seats' words as a record keeps them, in the language
            if self.names[seat] == SEATS[seat]:
                self.names[seat] = tr(SEATS[seat])
        self._pane: Box | None = None
        self._pane_key: object = None
        self.title_text = Text("")
        self.table = Picture(self._paint_table, 0, 0)
        self.pane_lay: Layout = PaneLayout(1, 1)

    def head(self) -> str:
        # ``who`` is kept untranslated: a language chosen since is the one shown
        return f"{tr(self.who)}: {contract_text(self.res)}  {signed(self.res.net)}"

    def pane_tree(self, lay: Layout) -> Box:
        """The pane laid out by the kit in its room (again when it or what it shows changes)."""
        key = (lay.w, lay.h, lay.unit, i18n.get_language(), self.layout_key())
        if self._pane is None or self._pane_key != key:
            st = PaneStyle(lay.w, lay.h, lay.unit)
            tree = self.pane_boxes(st)
            room = pygame.Rect(0, 0, lay.w, lay.h).inflate(-2 * st.margin, -st.margin)
            tree.place(st, room)
            self._pane, self._pane_key, self.pane_lay = tree, key, st.lay
        return self._pane

    def pane_boxes(self, st: Style) -> Box:
        """The head and the step above the table; the analysis and the cost line under it."""
        pos = self.position
        self.title_text = Text(self.head(), bold=True)
        step = self.step_label(pos.index)
        tricks = f"{self._team(0)} {pos.tricks_won[0]} : {pos.tricks_won[1]} {self._team(1)}"
        # each line a line's room at least (a descender or none): the two panes' tables
        # stand level
        step_line = Text(f"{step}  \u00b7  {tricks}", color=DIM)
        heads = Column([Stack([Space(1), self.title_text]), Stack([Space(1), step_line])], gap=0)
        self.table = Picture(self._paint_table, st.h // 3, st.h)
        cost = self.cost_line()
        costs = Stack([Space(1), Column([Text(cost, color=DIM, align="center")] if cost else [])])
        return Column([heads, self.table, self.analysis_box(pos), costs], gap=st.tight)

    def _band(self, lay: Layout) -> tuple[int, int]:
        """The table's band: the picture's room, as the kit laid the pane out."""
        self.pane_tree(lay)
        return self.table.rect.top, self.table.rect.bottom

    def card_h(self, lay: Layout) -> int:
        top, bottom = self._band(lay)
        band = bottom - top
        room = (band * 0.5 - max(lay.text * 2.8, self.plates_and_marks(lay) / 2)) / 1.9
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
        """The auction box's width with every call of the record whole in it."""
        calls = {c for p in self.steps.positions for _, c in p.calls if c not in NOT_CALLS}
        end = lay.w // 2 - round(card_size(self.card_h(lay))[0] * 0.6) - 6  # the trick's
        return min(wanted_width(lay, self.names, sorted(calls)), end - lay.margin)

    def draw_pane(self, surface: pygame.Surface, lay: PaneLayout, lead: bool) -> None:
        """The pane on ``surface`` (its room); the play the controls lead has a gold head."""
        tree = self.pane_tree(lay)
        self.title_text.color = GOLD if lead else INK
        tree.draw(surface)

    def _paint_table(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.draw_felt(surface, self.pane_lay)

    def pane_texts(self) -> list[tuple[str, pygame.Rect]]:
        return self._pane.texts() if self._pane is not None else []


class DailyReview(ViewerScene):
    """The viewer on two plays of one deal: side by side, or ``which`` with a switch."""

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
        self.pictures: list[Picture] = []
        self.results: Box | None = None
        self.switch: ButtonRow | None = None
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
        elif action != "hands" or not self.side_by_side():  # no room for the list beside two
            super().activate(action)
            for pane in self.panes:  # "my cards only" (M) on both tables
                pane.only_mine = self.only_mine

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s and not self.choosing:
            self.switch_play()
            return True
        return super().handle_event(ev)

    def layout_key(self) -> object:
        return (super().layout_key(), self.which, self.side_by_side())

    def tree(self, st: Style) -> Box:
        """Side by side: the head, the two panes, the keys, the controls; else the viewer's."""
        self.pictures, self.results, self.switch = [], None, None
        if not self.side_by_side((st.w, st.h)):
            return super().tree(st)
        head = Text(f"{self.title}  \u00b7  {tr('The same cards')}", color=GOLD, bold=True,
                    align="center")  # fmt: skip
        self.pictures = [
            Picture(partial(self._paint_pane, k), st.h // 3, st.h) for k in range(len(self.panes))
        ]
        panes = Row(self.pictures, grow=True, equal=True)
        keys = Text(self.keys_text(hands=False), color=DIM, align="center")
        # the viewer's corner's keys stay (M on both tables); its buttons would cover a
        # play's head, and the scrubber is not shown beside two plays
        self.corner = ButtonRow([])
        self.scrubber = Picture(lambda s, r: None, 0, 0)
        return Column([head, panes, keys, self.controls()], gap=st.tight)

    def corner_boxes(self, st: Style) -> list[Box]:
        """One play at a time: the two results (unless the hand list is open), the switch."""
        if len(self.plays) < 2 or self.choosing:
            return []
        out: list[Box] = []
        if self.hands is None:
            lines: list[Box] = [Text(tr("The same cards"), color=GOLD, bold=True)]
            for k, pane in enumerate(self.panes):
                mark = "\u25b6 " if k == self.which else ""
                lines.append(Text(mark + pane.head(), color=INK if k == self.which else DIM,
                                  bold=k == self.which))  # fmt: skip
            self.results = Panel(Column(lines, gap=0), color=RESULTS, edge=PANEL_EDGE, tight=True)
            out.append(self.results)
        labels = [tr("Show your play") + "  (S)", tr("Show the computer's play") + "  (S)"]
        self.switch = ButtonRow([(labels[0 if self.which else 1], "switch", False)],
                                group="switch", align="end", also=labels)  # fmt: skip
        return [*out, self.switch]

    def build(self, lay: Layout) -> list[Button]:
        self.laid()
        if self.side_by_side():
            return self.toolbar.buttons()
        return super().build(lay) + (self.switch.buttons() if self.switch else [])

    def bar_rect(self, lay: Layout | None = None) -> pygame.Rect:
        self.laid()
        if self.side_by_side():
            return pygame.Rect(0, 0, 0, 0)
        return super().bar_rect(lay)

    def panel_rect(self, lay: Layout) -> pygame.Rect:
        """The two results, as the kit laid them out."""
        self.laid()
        return self.results.rect.copy() if self.results is not None else pygame.Rect(0, 0, 0, 0)

    def pane_rects(self, lay: Layout) -> list[pygame.Rect]:
        """Where each play is drawn side by side, as the kit laid them out."""
        self.laid()
        return [p.rect.copy() for p in self.pictures]

    def hand_rects(self, lay: Layout, side: int, n: int, ch: int) -> list[pygame.Rect]:
        dy = self._side_drop(lay, ch) if side in (LEFT, RIGHT) else 0
        return [r.move(0, dy) for r in super().hand_rects(lay, side, n, ch)]

    def _side_drop(self, lay: Layout, ch: int) -> int:
        """One play at a time: how far the side hands' rows go down to clear the results
        and the switch (no lower than leaves room for the name plate under them)."""
        self.laid()
        corner = [b.rect for b in (self.results, self.switch) if b is not None]
        if self.side_by_side() or not corner:
            return 0
        rows = [r for s in (LEFT, RIGHT) for r in ViewerScene.hand_rects(self, lay, s, 13, ch)]
        clear = max(c.bottom for c in corner) + lay.margin // 2
        if not any(r.right > c.left and r.left < c.right for r in rows for c in corner):
            return 0
        _, bottom = self._band(lay)
        lowest = bottom - ch - Style(lay.w, lay.h).line  # the name plate under the row
        return max(0, min(clear, lowest) - rows[0].top)

    def _paint_pane(self, k: int, surface: pygame.Surface, r: pygame.Rect) -> None:
        st = Style(*surface.get_size())
        blit_panel(surface, r, color=PANE, border=PANE_EDGE, radius=st.radius)
        pane = self.panes[k]
        pane.draw_pane(surface.subsurface(r), PaneLayout(r.w, r.h, st.unit), lead=k == self.which)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        """The window's texts and the panes' (their ink in the window)."""
        out = super().texts()
        for pane, pic in zip(self.panes, self.pictures, strict=False):
            out += [(words, ink.move(pic.rect.topleft)) for words, ink in pane.pane_texts()]
        return out

    def cost_line(self) -> str | None:
        return self.panes[self.which].cost_line()


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
