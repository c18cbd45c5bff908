"""The replay viewer's words about whole hands and the whole game: the hand's result, the
list of hands to jump to, and each side's costly cards (as ``tarneeb analyse`` lists them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tarneeb_desktop.rules import HandResult
from tarneeb_desktop.session.record_steps import Analysed, Steps
from tarneeb_desktop.table.history import thrown_in
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.labels import call_label, card_label
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.kit.style import SAMPLE, SAMPLES, Colour
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.viewer.auction import LINE
from tarneeb_desktop.ui.screens.viewer.trick import COSTLY, GOOD
from tarneeb_desktop.ui.text_runs import blit_line, card_run, rtl_run
from tarneeb_desktop.ui.theme import blit_panel

signed = i18n.signed  # +8, 0, −3: a score's change, as the language writes it


def team_name(names: Sequence[str], team: int) -> str:
    return f"{rtl_run(names[team])} & {rtl_run(names[team + 2])}"


def seat_points(points: Sequence[int], names: Sequence[str]) -> str:
    """41's points of each player."""
    return "  \u00b7  ".join(f"{rtl_run(names[s])} {signed(points[s])}" for s in range(4))


def result_line(row: HandResult, names: Sequence[str]) -> str | None:
    """What the hand came to, said at its last step; None for a deal thrown in."""
    if thrown_in(row):
        return None
    if row.seat_points is not None:  # 41: per player
        return tr("Hand over: {points}", points=seat_points(row.seat_points, names))
    decl = row.declarer if row.declarer is not None else 0
    bid = int(m.group()) if (m := re.match(r"\d+", row.contract or "")) else 0
    took = row.tricks[decl & 1]
    points = "  \u00b7  ".join(f"{team_name(names, t)} {signed(row.points[t])}" for t in (0, 1))
    contract = card_run(call_label(row.contract or ""))
    said = {"side": team_name(names, decl & 1), "contract": contract, "points": points}
    if took >= bid:
        return trn(
            "{side} made {contract} with {n} trick: {points}",
            "{side} made {contract} with {n} tricks: {points}",
            took,
            **said,
        )
    return trn(
        "{side} went down in {contract} with {n} trick: {points}",
        "{side} went down in {contract} with {n} tricks: {points}",
        took,
        **said,
    )


def mark_line(mark: Any, names: Sequence[str], hidden: bool) -> tuple[str, tuple[int, int, int]]:
    """What the analysis says of the card just played, and its colour (the better card
    not named when it is in a hidden hand)."""
    name, card = rtl_run(names[mark.seat]), card_run(card_label(mark.card))
    if not mark.cost:
        return trn("{name} played {card}: {tricks} trick, the best",
                   "{name} played {card}: {tricks} tricks, the best", mark.tricks,
                   name=name, card=card, tricks=mark.tricks), GOOD  # fmt: skip
    if hidden:  # the better card is in a hidden hand
        return trn("{name} played {card}: {tricks} trick; a better card would take {n}",
                   "{name} played {card}: {tricks} tricks; a better card would take {n}",
                   mark.tricks, name=name, card=card, tricks=mark.tricks,
                   n=mark.best), COSTLY  # fmt: skip
    best = card_run("/".join(card_label(c) for c in mark.best_cards))
    return trn("{name} played {card}: {tricks} trick; {best} would take {n}",
               "{name} played {card}: {tricks} tricks; {best} would take {n}", mark.tricks,
               name=name, card=card, tricks=mark.tricks, best=best, n=mark.best), COSTLY  # fmt: skip


@dataclass(frozen=True)
class HandEntry:
    """A row of the hand list: the record's deal ``hand``, its first step, its words."""

    hand: int
    step: int
    label: str
    detail: str


def hand_entries(steps: Steps, names: Sequence[str]) -> list[HandEntry]:
    """Every deal of the record, in order: "Hand 3" and what it came to, "thrown in"."""
    firsts: dict[int, int] = {}
    for p in steps.positions:
        firsts.setdefault(p.hand, p.index)
    rows = steps.state.history
    out = []
    for hand, step in sorted(firsts.items()):
        number = steps.played_number(hand)
        if number is None:
            out.append(HandEntry(hand, step, "", tr("thrown in")))
            continue
        label = tr("Hand {n}", n=number)
        if hand >= len(rows):
            out.append(HandEntry(hand, step, label, tr("not finished")))
            continue
        row = rows[hand]
        if row.seat_points is not None:
            detail = seat_points(row.seat_points, names)
        else:
            decl = row.declarer if row.declarer is not None else 0
            detail = (
                f"{rtl_run(names[decl])} {card_run(call_label(row.contract or ''))}  \u00b7  "
                + trn("{n} trick", "{n} tricks", row.tricks[decl & 1])
                + f"  \u00b7  {signed(row.points[decl & 1])}"
            )
        out.append(HandEntry(hand, step, label, detail))
    return out


@dataclass(frozen=True)
class Costly:
    """A costly card: the deal, the card's number in the hand's plays, its analysis."""

    hand: int
    play: int
    mark: Any


def costly_by_side(analysis: Mapping[int, Analysed]) -> tuple[list[Costly], list[Costly]]:
    """Each side's costly cards of the analysed hands, in the order played."""
    sides: tuple[list[Costly], list[Costly]] = ([], [])
    for hand in sorted(analysis):
        for k, p in enumerate(analysis[hand].plays):
            if p.cost:
                sides[p.seat & 1].append(Costly(hand, k, p))
    return sides


def side_summary(cards: Sequence[Costly], side: str) -> str:
    """ "Sami & Omar: 3 costly cards, 4 tricks given away"."""
    given = sum(c.mark.cost for c in cards)
    return tr(
        "{side}: {cards}, {tricks}",
        side=side,
        cards=trn("{n} costly card", "{n} costly cards", len(cards)),
        tricks=trn("{n} trick given away", "{n} tricks given away", given),
    )


def costly_text(c: Costly, steps: Steps, names: Sequence[str], hidden: bool = False) -> str:
    """ "Hand 2, trick 5: Omar 9♦, 7♦ would take 4 (-1)": the first of the better cards,
    as the card's mark shows it; not named when ``hidden`` ("My cards only")."""
    m = c.mark
    number = steps.played_number(c.hand) or c.hand + 1
    where = tr("Hand {hand}, trick {trick}", hand=number, trick=m.trick + 1)
    name, card = rtl_run(names[m.seat]), card_run(card_label(m.card))
    said = {"name": name, "card": card, "n": m.best, "cost": signed(-m.cost)}
    if hidden:
        return f"{where}: " + tr("{name} {card}, a better card would take {n} ({cost})", **said)
    best = card_run(card_label(m.best_cards[0]))
    return f"{where}: " + tr("{name} {card}, {best} would take {n} ({cost})", best=best, **said)


class HandsPanel:
    """The list of hands beside each side's costly cards (a click on either goes there)."""

    def __init__(self, steps: Steps, names: Sequence[str]) -> None:
        self.steps = steps
        self.names = list(names)
        self.top = 0  # the first hand row shown
        self.spots: list[tuple[pygame.Rect, int]] = []  # (row, the step it goes to)
        #: the seat whose cards alone are face up ("My cards only"), else None: the better
        #: cards of the others' costly cards are then not named
        self.only: int | None = None

    def scroll(self, by: int) -> None:
        self.top = max(0, self.top + by)

    def click(self, pos: tuple[int, int]) -> int | None:
        """The step a click at ``pos`` goes to, or None."""
        return next((step for r, step in self.spots if r.collidepoint(pos)), None)

    def draw(
        self,
        surface: pygame.Surface,
        lay: Layout,
        box: pygame.Rect,
        hand: int,
        analysis: Mapping[int, Analysed],
        busy: bool,
    ) -> None:
        blit_panel(surface, box, color=(6, 20, 14, 250), radius=lay.margin)
        t, pad = lay.text, lay.margin

        def put(words: str, cell: pygame.Rect, colour: Colour, bold: bool = False) -> pygame.Rect:
            """``words`` at the start of ``cell``, a cell laid out left to right in ``box``
            and mirrored there as a whole; the ink's rectangle."""
            room = mirrored(cell, box)
            anchor = i18n.anchor("topleft")
            return blit_line(surface, words, t, getattr(room, anchor), colour, bold, anchor, room.w)

        # a row's step: its ink clear of the next row's lit band, which starts an eighth of a
        # step above that row (Arabic's letters reach lower than Latin's)
        ink = text.ink(SAMPLES.get(i18n.get_language(), "") + SAMPLE, t)
        step = max(round(t * LINE), ink.bottom * 8 // 7 + 2)
        half = (box.w - 3 * pad) // 2
        # laid out left to right, mirrored in ``box`` as a whole right to left: the reading
        # side holds the hands, the other the costly cards
        first = box.x + pad
        self.spots = []
        y0 = box.y + pad // 2
        head = put(tr("Hands"), pygame.Rect(first, y0, half, step), theme.GOLD, True)
        # the rows below the head's ink (Arabic's reaches lower than a line's step)
        head_step = max(step, head.bottom - y0 + step // 8 + 2)
        entries = hand_entries(self.steps, self.names)
        rows = max(1, (box.bottom - pad // 2 - y0 - head_step) // step)
        at = next((k for k, e in enumerate(entries) if e.hand == hand), 0)
        self.top = max(0, min(self.top, len(entries) - rows))
        if not self.top <= at < self.top + rows:  # the current hand stays in view
            self.top = max(0, min(at - rows // 2, len(entries) - rows))
        y = y0 + head_step
        label_w = round(half * 0.3)
        for e in entries[self.top : self.top + rows]:
            row = pygame.Rect(first - pad // 4, y - step // 8, half + pad // 2, step + step // 4)
            row = mirrored(row, box)
            if e.hand == hand:
                blit_panel(surface, row, color=(242, 196, 84, 70), radius=row.h // 4)
            self.spots.append((row, e.step))
            put(e.label, pygame.Rect(first, y, label_w, step), theme.GOLD, True)
            detail = pygame.Rect(first + label_w + pad // 2, y, half - label_w - pad, step)
            put(e.detail, detail, theme.INK_DIM if not e.label else theme.INK)
            y += step
        # the costly cards: each side its half of the lines left (its summary, its cards,
        # "and 3 more")
        x, y, step = box.x + 2 * pad + half, y0, round(t * LINE)

        def say(words: str, colour: Colour, bold: bool = False) -> None:
            nonlocal y
            put(words, pygame.Rect(x, y, half, step), colour, bold)
            y += step

        say(tr("Costly cards"), theme.GOLD, True)
        if busy:
            say(tr("analysing..."), theme.INK_DIM)
        sides = costly_by_side(analysis)
        per = ((box.bottom - pad // 2 - y) // step) // 2 - 1
        for team in (0, 1):
            cards = sides[team]
            say(side_summary(cards, team_name(self.names, team)), theme.TEAM[team], True)
            shown = cards[: max(0, per - 1)] if len(cards) > per else cards
            for c in shown:
                row = mirrored(pygame.Rect(x, y - step // 8, half, step), box)
                self.spots.append((row, self._step_of(c)))
                hide = self.only is not None and c.mark.seat != self.only
                say(costly_text(c, self.steps, self.names, hide), theme.INK)
            if len(shown) < len(cards):
                say(tr("and {n} more", n=len(cards) - len(shown)), theme.INK_DIM)

    def _step_of(self, c: Costly) -> int:
        """The step at which the costly card is played."""
        at = (p.index for p in self.steps.positions if p.hand == c.hand and p.play == c.play)
        return next(at, 0)
