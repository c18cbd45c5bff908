"""The first-game tutorial: one hand at the real table, with a coach.

``TutorialScene`` is the table (``TableScene``) with a fixed deal and scripted computer seats
(``tutorial_script``), so the lesson always goes the same way. While a lesson lasts, a panel
at the top says what to do, a gold frame and an arrow point at what to click, and any other
move is refused with a kind word and changes nothing. After the lessons the player finishes
the hand freely; then a dialog says the tutorial is done. Esc asks "Skip the tutorial?" at
any time. Nothing is saved and no statistics are kept. Started from a paused game's How to
play (``back``), that table stays as it was, and skipping or finishing goes back to it
(issue 48 item 8: the table was left without a question, and skipping led to the menu).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.session.tutorial import tutorial_link
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.labels import side_labels
from tarneeb_desktop.ui.game.score import ScorePanel
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Column, Panel, Text
from tarneeb_desktop.ui.kit.form import Row
from tarneeb_desktop.ui.kit.style import DIALOG_EDGE, DIM, GOLD, PANEL, Style
from tarneeb_desktop.ui.layout import LEFT, TOP
from tarneeb_desktop.ui.screens.tutorial import script
from tarneeb_desktop.ui.screens.tutorial.dialogs import DoneDialog, SkipDialog
from tarneeb_desktop.ui.table_scene import TableScene

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.tutorial.script import Lesson


#: The coach's panel, and the ink of why a move was refused.
COACH = (8, 24, 18, 255)
TIP = (255, 196, 140)


def _player_name(app: App) -> str:
    name = app.settings.names[0] if app.settings.names else ""
    return tr("You") if not name or name == "You" else name


class _CoachedScore(ScorePanel):
    """The score panel, made small above West's cards when the coach needs the room under it
    (and left out only when even that is not enough)."""

    scene: TutorialScene

    def compact(self, st: Style, width: int) -> Panel:
        """The small panel ``width`` wide: a line a side, its total at the end and its name
        in the rest, cut short with an ellipsis when it is longer ("Them" ran into its 0)."""
        shown = [str(round(v)) for v in self.shown]
        sides = list(zip(self.scene.teams(), side_labels(self.scene), strict=True))
        total_w = max(text.size_of(shown[side], st.body, True)[0] for side, _ in sides)
        room = max(1, width - 2 * st.margin - st.tight - total_w)
        lines: list[Box] = [
            Row([Text(text.elide(word, st.body, room, True), color=theme.TEAM[side], bold=True),
                 Text(shown[side], bold=True, align="end")], weights=[room, total_w])
            for side, word in sides
        ]  # fmt: skip
        return Panel(Column(lines, gap=0), color=PANEL, edge=None, tight=True)

    def compact_rect(self, lay: Layout) -> pygame.Rect:
        """The small panel above West's cards (as wide as they are), left of the coach."""
        left = lay.back_rects(LEFT, 13)[0]
        st = Style(lay.w, lay.h)
        return pygame.Rect(
            st.margin, st.margin, left.w, self.compact(st, left.w).measure(st, left.w)
        )

    def rect(self, lay: Layout) -> pygame.Rect:
        if self.scene.coach_place()[0] == "compact":
            return self.compact_rect(lay)
        return super().rect(lay)

    def draw(self, s: pygame.Surface, lay: Layout) -> None:
        mode = self.scene.coach_place()[0]
        if mode == "over":
            self.scene.drawn.score_shown = False
        elif mode != "compact":
            super().draw(s, lay)
        else:
            d = self.scene.drawn
            d.score_shown, d.scores = True, tuple(round(v) for v in self.shown)
            d.score_language = i18n.get_language()
            r, st = self.compact_rect(lay), Style(lay.w, lay.h)
            panel = self.compact(st, r.w)
            panel.place(st, r)
            panel.draw(s)


class TutorialScene(TableScene):
    """The tutorial's table: see the module's description."""

    def __init__(self, app: App, back: TableScene | None = None) -> None:
        #: The paused game this tutorial came from (kept open behind it), if any.
        self.back = back
        names = [_player_name(app), tr("East"), tr("North"), tr("West")]
        link = tutorial_link(names)
        super().__init__(app, None, seed=script.SEED, link=link)
        self.score: _CoachedScore = _CoachedScore(self)
        self.link.set_auto_single(False)  # every card of the lessons is the player's to play
        self.lessons = script.lessons()
        self.tip: tuple[int, str] | None = None  # (step, the explanation of a refused move)
        self.done = False

    def step(self) -> int:
        """The player's moves so far this hand: the lesson under way (past the last: free)."""
        return script.moves_made(self.pv, self.me)

    def lesson(self) -> Lesson | None:
        """The lesson waiting for the player now (None: not their turn, or free play)."""
        n = self.step()
        if n >= len(self.lessons) or not self.my_turn() or self.pv.hand_number != 1:
            return None
        lesson = self.lessons[n]
        return lesson if lesson.phase == self.pv.phase else None

    def allowed(self) -> set[str] | None:
        """The moves the lesson accepts now (None: any legal move)."""
        lesson = self.lesson()
        return None if lesson is None else lesson.allowed(self.pv) & set(self.pv.legal)

    def coach_text(self) -> str:
        lesson = self.lesson()
        if lesson is not None:
            return lesson.instruction
        return script.narration(self.pv, self.step())

    def targets(self) -> list[pygame.Rect]:
        """Where the player should click now (the lesson's buttons or cards)."""
        allowed = self.allowed()
        if not allowed:
            return []
        if self.pv.phase == "play":  # the part of each card that the next one leaves bare
            cards = self.card_rects()
            out = []
            for i, (c, r) in enumerate(cards):
                if c in allowed:
                    bare = cards[i + 1][1].x - r.x if i + 1 < len(cards) else r.w
                    out.append(pygame.Rect(r.x, r.y, max(1, min(r.w, bare)), r.h))
            return out
        return [b.rect for b in self.buttons() if b.action in allowed]

    def explain(self) -> None:
        """The player tried something else than the lesson asks: say why, change nothing."""
        lesson = self.lesson()
        if lesson is not None:
            self.tip = (self.step(), lesson.wrong)
            self.invalidate()

    def act(self, seat: int, action: str, from_rect: pygame.Rect | None = None) -> bool:
        allowed = self.allowed()
        if seat == self.me and allowed is not None and action not in allowed:
            self.explain()
            return False
        return super().act(seat, action, from_rect)

    def handle_event(self, ev: pygame.event.Event) -> bool:
        allowed = self.allowed()
        click = ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1
        if click and allowed is not None and self.overlay is None and self.pv.phase == "play":
            hit = self.hand.card_at(ev.pos)
            if hit is not None and hit[0] not in allowed:
                self.hand.shake(hit[0])
                self.explain()
                return True
        return super().handle_event(ev)

    def hint(self) -> None:
        """H during a lesson chooses what the lesson asks (Enter then plays it)."""
        allowed = self.allowed()
        if allowed is None:
            super().hint()
            return
        choice = min(allowed)
        if self.pv.phase == "play":
            self.hand.kb_card = choice
        else:
            self.bids.choose(choice)
        self.invalidate()

    def open_overlay(self, kind: str) -> None:
        if kind == "menu":  # Esc: not the pause menu but the question whether to skip
            self.hand.cancel_drag()
            self.overlay = SkipDialog(self)
            self.invalidate()
            return
        super().open_overlay(kind)

    def tutorial_action(self, action: str) -> None:
        """A button of the tutorial's own dialogs."""
        self.overlay = None
        if action in ("skip", "menu", "back") and self.back is not None:
            self.app.switch(self.back)  # the paused game, as it was left
        elif action in ("skip", "menu", "play"):
            self.app.show_menu()
            menu = self.app.scene
            if action == "play" and menu is not None and hasattr(menu, "activate"):
                menu.activate("new")  # a real first game (one in progress is asked about first)
        elif action == "howto":
            self.app.open_help(back=self.back)
        else:  # "close": keep learning
            self.invalidate()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done:
            return
        # the end in place of the hand's summary: the next deal (waiting for the summary to
        # close) is never shown
        summary = self.overlay is not None and self.overlay.kind == "summary"
        over = self.pv.results or self.pv.hand_number > 1 or self.pv.phase == "over"
        if summary or (self.overlay is None and over):
            self.done = True
            self.overlay = DoneDialog(self)
            self.invalidate()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.coaching():
            super().draw(surface)
            return
        toast, self.toast = self.toast, None  # drawn once, after the coach, clear of it
        try:
            super().draw(surface)
        finally:
            self.toast = toast
        self.draw_coach(surface)
        if toast:  # why a move was refused: beside the coach, never over or under it
            lay = self.layout
            r = self.panels.toast_rect(lay, toast[0])
            coach = self.coach_rect()
            if r.colliderect(coach):
                r.left = coach.right + lay.margin
            self.panels.draw_toast(surface, lay, *toast, rect=r)

    def coaching(self) -> bool:
        """The coach is shown (not under a dialog, over the last trick's page or the deal)."""
        shown = self.overlay is None and not self.done and not self.last_trick_shown
        return shown and self.dealt is None

    def coach_bounds(self) -> pygame.Rect:
        """Where the coach may sit, covering no seat's cards or plate, nor the trick or the
        bid panel: right of West's cards, left of North's and of the trick's cards, from the
        top down to West's plate (or the bid panel when it reaches that far)."""
        lay = self.layout
        m = lay.margin
        left = lay.back_rects(LEFT, 13)[0].right + m
        right = min(lay.back_rects(TOP, 13)[0].left, lay.trick_rect(LEFT).left) - m
        bottom = lay.plate_rect(LEFT).top - m
        panel = self.action_panel()
        if panel is not None and panel.left < right:
            bottom = min(bottom, panel.top - m)
        return pygame.Rect(left, m, right - left, bottom - m)

    def coach_box(self) -> Panel:
        """The coach's panel as the kit lays it out: its head ("Tutorial · Lesson 2 of 5", each
        part on a line of its own when one line is too narrow), the lesson, why a move was
        refused, and the Esc line at its end; every line at the body size."""
        n = self.step()
        head = tr("Tutorial")
        if n < len(self.lessons) and self.pv.hand_number == 1:
            head += "  \u00b7  " + tr("Lesson {n} of {total}", n=n + 1, total=len(self.lessons))
        parts: list[Box] = [
            Text(head, color=GOLD, bold=True, split="\u00b7"),
            Text(self.coach_text()),
        ]
        tip = self.tip[1] if self.tip and self.tip[0] == self.step() else None
        if tip:
            parts.append(Text(tip, color=TIP))
        parts.append(Text(tr("Esc: skip the tutorial"), color=DIM, align="end"))
        gap = Style(*self.app.size).tight
        return Panel(Column(parts, gap=gap), color=COACH, edge=DIALOG_EDGE, tight=True)

    def coach_place(self) -> tuple[str, pygame.Rect]:
        """Where the coach's panel goes, and what that leaves of the score panel: "below" it
        when it fits there; else "beside" it, from the top (narrower, so on more lines); else
        "compact": from the top, the score panel made small above West's cards (a line a side);
        only when none of these fits, "over" it from the top (the score panel, 0 to 0 all
        through the tutorial's hand, is left out meanwhile). Not coaching: "none"."""
        lay = self.layout
        bounds = self.coach_bounds()
        if not self.coaching():
            return "none", pygame.Rect(bounds.x, bounds.y, bounds.w, 0)
        full = ScorePanel.rect(self.score, lay)  # the panel as drawn, not the layout's
        coach, st = self.coach_box(), Style(*self.app.size)
        h = coach.measure(st, bounds.w)
        if full.bottom + lay.margin + h <= bounds.bottom:
            return "below", pygame.Rect(bounds.x, full.bottom + lay.margin, bounds.w, h)
        beside = pygame.Rect(full.right + lay.margin, bounds.y, 0, 0)
        beside.w = bounds.right - beside.x
        if beside.w >= bounds.w // 2:
            beside.h = coach.measure(st, beside.w)
            if beside.bottom <= bounds.bottom:
                return "beside", beside
        box = pygame.Rect(bounds.x, bounds.y, bounds.w, h)
        if box.bottom <= bounds.bottom and not box.colliderect(self.score.compact_rect(lay)):
            return "compact", box
        return "over", box

    def coach_rect(self) -> pygame.Rect:
        """The coach's panel (see ``coach_place``)."""
        return self.coach_place()[1]

    def hides_score(self) -> bool:
        """Whether the coach sits over the score panel now (left out meanwhile)."""
        return self.coach_place()[0] == "over"

    def draw_coach(self, surface: pygame.Surface) -> None:
        """The coach's panel beside the trick, and the pointer at what to click."""
        box = self.coach_box()
        box.place(Style(*self.app.size), self.coach_rect())
        box.draw(surface)
        targets = self.targets()
        if targets:  # one frame round them all (the lesson's cards lie side by side)
            r = targets[0].unionall(targets)
            pygame.draw.rect(
                surface, theme.GOLD, r.inflate(8, 8), width=3, border_radius=min(r.w, r.h) // 10
            )
            self._arrow(surface, r)

    def _arrow(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """An arrow pointing at ``r``: from above cards, from below a button (whose panel
        has its title above)."""
        lay = self.layout
        size = max(10, round(lay.unit * 2.6))
        cx = r.centerx
        d = -1 if self.pv.phase == "play" else 1  # the way from the tip to the tail
        tip = (cx, r.top - 8 if d < 0 else r.bottom + 8)
        base = tip[1] + d * size
        tail = base + d * size
        shaft = size // 3
        poly = [tip, (cx - size, base), (cx - shaft, base), (cx - shaft, tail)]
        poly += [(cx + shaft, tail), (cx + shaft, base), (cx + size, base)]
        pygame.draw.polygon(surface, theme.GOLD, poly)
        pygame.draw.polygon(surface, (60, 40, 0), poly, width=2)
