"""Reviewing a daily deal: the person's play and the computer's play of the same cards.

Both plays open in the replay viewer, one at a time with a switch (S, or the button): the
switch keeps the place (the same step number, as near as the other play has it), so a
trick can be compared card by card. A strip at the top shows the two results side by side,
the one shown in gold. The double-dummy marks are the viewer's, worked out for each play
on the worker pool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop import daily
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.daily_labels import contract_text
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.viewer_scene import ViewerScene
from tarneeb_desktop.ui.viewer_steps import Steps, hand_rows, positions

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class DailyReview(ViewerScene):
    """The viewer on two plays of one deal; ``which`` is the one shown (0: the person's)."""

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
        self.kept: dict[int, tuple[dict[int, Any], dict[int, Any]]] = {}

    def switch_play(self) -> None:
        """Show the other play at the same step (or its last one)."""
        if len(self.plays) < 2:
            return
        self.kept[self.which] = (self.analysis, self.jobs)
        self.which = 1 - self.which
        _, steps, _ = self.plays[self.which]
        self.steps = steps
        self.rows = hand_rows(steps)
        self.analysis, self.jobs = self.kept.get(self.which, ({}, {}))
        if self.steps.players:
            self.names = list(self.steps.players)
        self.go(min(self.index, self.steps.last))
        self.on_show()  # starts this play's analysis if it is not in yet
        self.rebuild()

    def activate(self, action: str) -> None:
        if action == "switch":
            self.switch_play()
            return
        super().activate(action)

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s:
            self.switch_play()
            return True
        return super().handle_event(ev)

    def build(self, lay: Layout) -> list[Button]:
        out = super().build(lay)
        if len(self.plays) > 1 and self.choosing is None:
            panel = self.panel_rect(lay)
            h = round(lay.unit * 6)
            r = pygame.Rect(panel.x, panel.bottom + lay.margin // 2, panel.w, h)
            label = tr("Show your play") if self.which else tr("Show the computer's play")
            out.append(Button(r, label + "  (S)", "switch"))
        return out

    def panel_rect(self, lay: Layout) -> pygame.Rect:
        """The two results, one above the other, in the top corner opposite the auction."""
        top, _ = self._band(lay)
        w = round(lay.w * 0.24)
        line = round(lay.text * 0.9 * 1.55)
        box = pygame.Rect(
            0, top + round(lay.text * 1.2), w, line * (1 + len(self.plays)) + lay.margin
        )
        return i18n.align(box, pygame.Rect(0, 0, lay.w, lay.h), "end", lay.margin)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.choosing is not None:
            return
        lay = Layout(*surface.get_size())
        box = self.panel_rect(lay)
        blit_panel(surface, box, color=(6, 20, 14, 200), radius=round(lay.unit))
        size = round(lay.text * 0.9)
        line = round(size * 1.55)
        x = i18n.mirror_x(box.x + lay.margin // 2, box.x, box.w)
        anchor = i18n.anchor("topleft")
        y = box.y + lay.margin // 2
        blit_text(surface, tr("The same cards"), size, (x, y), theme.GOLD, True, anchor)
        for k, (who, _, res) in enumerate(self.plays):
            y += line
            mark = "\u25b6 " if k == self.which else ""
            text = f"{mark}{who}: {_contract(res)}  {res.net:+d}"
            colour = theme.INK if k == self.which else theme.INK_DIM
            blit_text(surface, text, size, (x, y), colour, bold=k == self.which, anchor=anchor,
                      max_width=box.w - lay.margin)  # fmt: skip


def _contract(res: daily.PlayResult) -> str:
    return contract_text(res)


def open_review(
    app: App,
    code: str,
    index: int,
    person: daily.PlayResult,
    computer: daily.PlayResult | None,
    *,
    back: Callable[[], None],
) -> DailyReview:
    plays = [(tr("You"), positions(person.record), person)]
    if computer is not None and computer.record:
        plays.append((tr("The computer"), positions(computer.record), computer))
    title = tr("Daily deal {n}", n=index + 1)
    scene = DailyReview(app, plays, title=title, back=back)
    app.switch(scene)
    return scene
