"""The champion's moment (issue 38): when a tournament ends, before its standings, a trophy,
the winning team and its players, and the final standings in short; Continue goes on."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Picture, Text
from tarneeb_desktop.ui.kit.page import KitScene
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style

if TYPE_CHECKING:
    from tarneeb_desktop.session.tournament import Tournament
    from tarneeb_desktop.ui.app import App

#: Where the sparks beside the trophy sit, as (angle in turns, distance in trophy heights):
#: at its sides, clear of the words above and below it.
SPARKS = ((0.0, 0.66), (0.08, 0.78), (0.92, 0.78), (0.5, 0.66), (0.42, 0.78), (0.58, 0.78))  # fmt: skip


def draw_trophy(surface: pygame.Surface, centre: tuple[int, int], height: int) -> pygame.Rect:
    """A gold cup ``height`` tall around ``centre``: its bowl, handles, stem and base."""
    cx, cy = centre
    h = height
    gold, deep, light = theme.GOLD, (190, 140, 40), (255, 232, 150)
    top = cy - h // 2
    bowl_w = round(h * 0.62)
    rim = [(bowl_w // 2, top), (round(bowl_w * 0.38), top + round(h * 0.34))]
    rim.append((round(bowl_w * 0.12), top + round(h * 0.5)))  # the right side, rim down
    bowl = [(cx - rim[0][0], top)] + [(cx + dx, y) for dx, y in rim]  # right: down
    bowl += [(cx - dx, y) for dx, y in rim[:0:-1]]  # left: up
    width = max(3, h // 18)
    for side in (-1, 1):  # the handles
        ring = pygame.Rect(0, 0, round(h * 0.3), round(h * 0.3))
        ring.center = (cx + side * round(bowl_w * 0.5), top + round(h * 0.14))
        pygame.draw.ellipse(surface, deep, ring, width)
    pygame.draw.polygon(surface, gold, bowl)
    pygame.draw.polygon(surface, deep, bowl, max(2, width // 2))
    shine = pygame.Rect(cx - round(bowl_w * 0.3), top + round(h * 0.05), max(2, h // 16), h // 4)
    pygame.draw.rect(surface, light, shine, border_radius=shine.w // 2)
    stem = pygame.Rect(0, 0, max(4, round(h * 0.09)), round(h * 0.22))
    stem.midtop = (cx, top + round(h * 0.49))
    pygame.draw.rect(surface, deep, stem)
    base = pygame.Rect(0, 0, round(h * 0.46), round(h * 0.13))
    base.midtop = (cx, stem.bottom - 1)
    pygame.draw.rect(surface, gold, base, border_radius=max(2, base.h // 4))
    pygame.draw.rect(surface, deep, base, max(2, width // 2), border_radius=max(2, base.h // 4))
    for turn, far in SPARKS:  # four-pointed sparks round it
        a = 2 * math.pi * turn
        x, y = cx + math.cos(a) * far * h, cy + math.sin(a) * far * h * 0.8
        r = max(3, h // 22)
        for k, (a, b) in enumerate(((r / 2, 2 * r), (2 * r, r / 2))):  # tall, then wide
            points = [(x, y - b), (x + a, y), (x, y + b), (x - a, y)]
            pygame.draw.polygon(surface, light, points[-k:] + points[:-k])
    return pygame.Rect(cx - bowl_w, top, 2 * bowl_w, h)


class TrophyScene(KitScene):
    """The champion of ``tournament``; ``then`` shows the standings (Continue, Enter, Esc)."""

    def __init__(self, app: App, tournament: Tournament, then: Callable[[], None]) -> None:
        super().__init__(app)
        self.t = tournament
        self.then = then

    def activate(self, action: str) -> None:
        self.then()

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.then()
            return True
        return super().handle_event(ev)

    def lines(self) -> list[tuple[str, bool]]:
        """The final standings in short: (line, the champion's)."""
        out = []
        for place, s in enumerate(self.t.standings(), start=1):
            won = trn("{n} game won", "{n} games won", s.won)
            points = trn("{n} point", "{n} points", s.points_for)
            place_text = i18n.number(place)
            if s.played == 0:  # its turn never came
                out.append((tr("{place}. {team}: no game played", place=place_text,
                               team=s.name), False))  # fmt: skip
                continue
            out.append((tr("{place}. {team}: {won}, {points}", place=place_text, team=s.name,
                           won=won, points=points), place == 1))  # fmt: skip
        return out

    def tree(self, st: Style) -> Box:
        boxes: list[Box] = [
            Text(tr("Champion"), size=st.heading, color=DIM, bold=True, align="center"),
            Picture(lambda s, r: draw_trophy(s, r.center, r.h), 40, round(st.h * 0.3)),
        ]
        champion = self.t.champion()
        if champion is not None:
            team = self.t.teams[champion]
            who = tr("{a} and {b}", a=team.players[0].name, b=team.players[1].name)
            big = round(st.heading * 1.4)
            boxes.append(Text(team.name, size=big, color=GOLD, bold=True, align="center"))
            boxes.append(Text(who, align="center"))
        boxes += [
            Text(line, color=GOLD if first else INK, bold=first, align="center")
            for line, first in self.lines()
        ]
        boxes.append(ButtonRow([(tr("Continue"), "continue", True)], group="trophy"))
        return Column(boxes)
