"""The replay viewer: a game record step by step (``session.record_steps.positions``), all
four hands face up (or only mine), with the double-dummy analysis of every card. Its chrome
is the kit's (``tree``); the table inside its picture keeps its own geometry: the hand list
in ``hands.py``, the scrubber in ``bar.py``, the trick in ``trick.py``, the auction in
``auction.py``. The analysis runs hand by hand on the worker pool (DDS frees the GIL): the
viewer is usable meanwhile and says "analysing..." where marks are still to come.

Over 600 lines: the tree, the keys and the analysis pool share the step shown and the felt's
geometry (``card_h``, ``hand_rects``, ``draw_felt``) that the daily review's panes override.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.session.record_steps import (
    Analysed,
    Position,
    Steps,
    analyse_row,
    analysis_pool,
    hand_rows,
)
from tarneeb_desktop.table.flow import SEAT_NAMES as COMPASS
from tarneeb_desktop.table.history import played_hands
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.cards import card_size
from tarneeb_desktop.ui.game.labels import (
    call_label,
    comma,
    display_order,
    trump_label,
)
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Picture, Space, Stack, Text
from tarneeb_desktop.ui.kit.form import Row, mirrored
from tarneeb_desktop.ui.kit.page import KitScene
from tarneeb_desktop.ui.kit.style import DIM, GOLD, Style
from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP, Layout, side_of
from tarneeb_desktop.ui.screens.viewer.auction import auction_box
from tarneeb_desktop.ui.screens.viewer.bar import Scrubber
from tarneeb_desktop.ui.screens.viewer.hands import HandsPanel, mark_line, result_line
from tarneeb_desktop.ui.screens.viewer.trick import Cross, cross, draw_mark, mark_height
from tarneeb_desktop.ui.text_runs import rtl_run
from tarneeb_desktop.ui.theme import Button, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

# (label, action): the row of controls, in order
CONTROLS = (
    ("\u25ae\u25c0\u25c0", "first"),
    ("\u25c0 {hand}", "hand-"),
    ("\u25c0 {trick}", "trick-"),
    ("\u25c0", "back1"),
    ("play", "play"),
    ("\u25b6", "fwd1"),
    ("{trick} \u25b6", "trick+"),
    ("{hand} \u25b6", "hand+"),
    ("\u25b6\u25b6\u25ae", "last"),
    ("{playon}", "playon"),
    ("speed", "speed"),
    ("{back}", "back"),
)
#: playback speeds, in steps a second (the Speed button and +/- go through them)
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
DEFAULT_SPEED = 1
KEYS = {
    pygame.K_RIGHT: "fwd1",
    pygame.K_LEFT: "back1",
    pygame.K_DOWN: "trick+",
    pygame.K_UP: "trick-",
    pygame.K_PAGEDOWN: "hand+",
    pygame.K_PAGEUP: "hand-",
    pygame.K_HOME: "first",
    pygame.K_END: "last",
    pygame.K_SPACE: "play",
    pygame.K_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_h: "hands",
    pygame.K_m: "mine",
}


__all__ = ["ViewerScene", "rtl_run"]  # rtl_run: the lists that name players use it


class ViewerScene(KitScene):
    """A record shown step by step; ``back`` is where Back and Esc go (the menu when None)."""

    def __init__(
        self,
        app: App,
        steps: Steps,
        *,
        title: str = "",
        back: Callable[[], None] | None = None,
        inline: bool = False,
    ) -> None:
        super().__init__(app)
        self.steps = steps
        self.title = title
        self.back = back
        self.index = 0
        self.playing = False
        self.clock = 0.0
        self.speed = DEFAULT_SPEED  # an index into SPEEDS
        self.game41 = steps.state.rules.game == "41"
        self.rows = hand_rows(steps)
        self.analysis: dict[int, Analysed] = {}
        self.analysis_error: str | None = None
        self.pool = analysis_pool(inline=inline)
        self.jobs: dict[int, Future[Analysed]] = {}
        self.names = list(steps.players) if steps.players else [tr(c) for c in COMPASS]
        #: the seat whose cards' cost the game line counts as "yours" (the person's)
        self.me = 0
        #: the list of hands and costly cards, while it is shown
        self.hands: HandsPanel | None = None
        #: only my seat's cards face up (the others' backs), as at the table
        self.only_mine = False
        self.bar = Scrubber(steps)

    def on_show(self) -> None:
        super().on_show()
        # a job dropped when the viewer was left (``on_hide``) is asked for again
        self.jobs = {hand: fut for hand, fut in self.jobs.items() if not fut.cancelled()}
        flt = self.steps.state.rules.first_lead_trump
        for hand, row in sorted(self.rows.items()):
            if row.plays and hand not in self.analysis and hand not in self.jobs:
                self.jobs[hand] = self.pool.submit(analyse_row, row, self.game41, flt)
        self._poll()

    def on_hide(self) -> None:
        self.pool.cancel()

    def _poll(self) -> None:
        for hand, fut in list(self.jobs.items()):
            if not fut.done() or fut.cancelled():  # (a cancelled one: again when shown)
                continue
            del self.jobs[hand]
            try:
                self.analysis[hand] = fut.result()
            except Exception as exc:  # no solver, or a position it refuses: say so once
                log.warning("the analysis of hand %d failed: %s", hand, exc)
                self.analysis_error = str(exc) or type(exc).__name__
            self.dirty = True

    def marks(self, pos: Position | None = None) -> Any:
        """The analysis of the card played at ``pos`` (the current step), or None."""
        pos = pos or self.position
        return self.mark_of(pos.hand, pos.play)

    def mark_of(self, hand: int, play: int | None) -> Any:
        """The analysis of the hand's card ``play``, or None."""
        a = self.analysis.get(hand)
        if a is None or play is None or not 0 <= play < len(a.plays):
            return None
        return a.plays[play]

    def busy(self) -> bool:
        return self.playing or bool(self.jobs)

    def update(self, dt: float) -> None:
        self._poll()
        if not self.playing:
            return
        self.clock += dt
        if self.clock >= self.beat:
            self.clock = 0.0
            if self.index >= self.steps.last:
                self.playing = False
                self.rebuild()
            else:
                self.go(self.index + 1)

    @property
    def beat(self) -> float:
        """Seconds between two steps while playing back (the chosen speed)."""
        return 1.0 / SPEEDS[self.speed]

    def speed_label(self, speed: int | None = None) -> str:
        return tr("Speed {n}/s", n=i18n.number(SPEEDS[self.speed if speed is None else speed]))

    @property
    def position(self) -> Position:
        return self.steps.positions[self.index]

    def go(self, index: int) -> None:
        self.index = max(0, min(self.steps.last, index))
        self.dirty = True

    def activate(self, action: str) -> None:
        s, i = self.steps, self.index
        moves: dict[str, Callable[[], int]] = {
            "first": lambda: 0,
            "last": lambda: s.last,
            "fwd1": lambda: i + 1,
            "back1": lambda: i - 1,
            "trick+": lambda: s.trick_end(i),
            "trick-": lambda: s.trick_start(i),
            "hand+": lambda: s.next_hand(i),
            "hand-": lambda: s.hand_start(i),
        }
        if action in moves:
            self.playing = False
            self.go(moves[action]())
        elif action == "play":
            self.playing = not self.playing and self.index < s.last
            self.clock = 0.0
        elif action == "hands":
            self.hands = None if self.hands else HandsPanel(self.steps, self.names)
        elif action == "mine":
            self.only_mine = not self.only_mine
        elif action == "back" and self.hands is not None and not self.choosing:
            self.hands = None
        elif action == "speed":  # the button goes round
            self.speed = (self.speed + 1) % len(SPEEDS)
        elif action in ("faster", "slower"):
            self.speed = max(0, min(len(SPEEDS) - 1, self.speed + (action == "faster") * 2 - 1))
        elif action in ("playon", "cancel") or action.startswith("seat") or action == "back":
            if action != "back" or self.choosing:
                self.play_on(action)
            else:
                self.pool.cancel()
                (self.back or self.app.show_menu)()
            return
        self.rebuild()

    @property
    def choosing(self) -> bool:
        """ "Play on from here": the question which seat to take is open."""
        return self.app.modals.asking("play_on") is not None

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in KEYS and not self.choosing:
            self.activate(KEYS[ev.key])
            return True
        if not self.choosing and self._pointer(ev):
            return True
        return super().handle_event(ev)

    def _pointer(self, ev: pygame.event.Event) -> bool:
        """The mouse on the scrubber (a click or a drag) and on the hand list."""
        bar = self.bar_rect()
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            to = self.hands.click(ev.pos) if self.hands is not None else None
            if to is not None:
                self.hands = None
            elif bar.inflate(0, bar.h).collidepoint(ev.pos):
                self.bar.dragging = True
                to = self.bar.index_at(bar, ev.pos[0])
            if to is not None:
                self.playing = False
                self.go(to)
                self.rebuild()
                return True
        elif ev.type == pygame.MOUSEMOTION and self.bar.dragging:
            self.go(self.bar.index_at(bar, ev.pos[0]))
            return True
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.bar.dragging:
            self.bar.dragging = False
            return True
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5) and self.hands:
            self.hands.scroll(1 if ev.button == 5 else -1)
            self.dirty = True
            return True
        return False

    def play_on(self, action: str) -> None:
        """Play on from here (``ui/screens/viewer/play_on.py``): ask for a seat, then the table."""
        from tarneeb_desktop.ui.screens.viewer import play_on

        if action == "playon" and play_on.can_play_on(self.position):
            self.playing = False
            self.app.ask(play_on.seat_question(self.play_on))  # which seat to take
        elif action.startswith("seat"):
            self.playing = False
            self.app.play_on(self, int(action[4:]))  # the table: ui/screens/viewer/play_on_table.py
        self.rebuild()

    #: the cost line's words (a daily review's computer pane says its own)
    cost_words = N_("Tricks your cards cost: {you}  \u00b7  your partner's: {partner}")

    def cost_line(self) -> str | None:
        """The game's "tricks your cards cost" beside partner's (the analysed hands)."""
        if not self.analysis:
            return None
        plays = [p for a in self.analysis.values() for p in a.plays]
        mine = sum(p.cost for p in plays if p.seat == self.me)
        partner = sum(p.cost for p in plays if p.seat == (self.me + 2) % 4)
        return tr(self.cost_words, you=mine, partner=partner)

    def layout_key(self) -> object:
        return (self.index, self.playing, self.speed, self.hands is None, self.only_mine,
                len(self.analysis), self.analysis_error, self.choosing)  # fmt: skip

    def tree(self, st: Style) -> Box:
        """The captions, the table (or hand list), the analysis, the bar, the keys, the controls."""
        pos = self.position
        head = self.hand_title(pos)
        if self.title:
            head = f"{self.title}  \u00b7  {head}"
        captions = Row(
            [Text(head, color=GOLD, bold=True), Text(self.scores_line(pos), align="end")]
        )
        mine = self.mine_labels()[1 if self.only_mine else 0]
        self.corner = ButtonRow([(tr("Hands"), "hands", False), (mine, "mine", False)],
                                group="corner", align="end", also=self.mine_labels())  # fmt: skip
        cost = self.cost_line()
        top = [Text(cost, color=DIM, align="end"), self.corner] if cost else [self.corner]
        end = Column([*top, *self.corner_boxes(st)])
        # the end third: North's row takes at most 0.3 of the width, centred, so that the
        # corner is clear of it
        corner = Row([Box(), end], weights=[2, 1])
        if self.hands is None:
            self.felt = Picture(self._paint_felt, st.h // 3, st.h)
            middle: list[Box] = [Stack([self.felt, corner])]
        else:  # the list in the table's place, under the Hands button
            self.felt = Picture(self._paint_hands, st.h // 4, st.h)
            middle = [corner, Row([self.felt], most=160, grow=True)]
        widest = self.step_label(self.steps.last)
        step = "" if self.choosing else self.step_label()  # the question covers the bar
        self.scrubber = Picture(self._paint_bar, st.line, st.line)
        # the scrubber runs left to right in every language (the record's time)
        bar = Row([Text(step, color=DIM, widest=widest), self.scrubber], most=150,
                  weights=[0, 1], left_to_right=True)  # fmt: skip
        keys = Text(self.keys_text(), color=DIM, align="center")
        return Column(
            [captions, *middle, self.analysis_box(pos), bar, keys, self.controls()], gap=st.tight
        )

    def analysis_box(self, pos: Position) -> Box:
        """The analysis's lines in the room of two at least (the table keeps its size)."""
        lines = [Text(line, color=colour, bold=True, align="center", marked=True)
                 for line, colour in self.analysis_lines(pos)]  # fmt: skip
        return Stack([Space(2), Column(lines, gap=0)])

    def controls(self) -> ButtonRow:
        """The row of controls, left to right in every language (the record's time)."""
        self.toolbar = ButtonRow(self.toolbar_specs(), group="toolbar",
                                 also=self.all_labels(), left_to_right=True)  # fmt: skip
        return self.toolbar

    def corner_boxes(self, st: Style) -> list[Box]:
        """What a screen adds under Hands and My cards only (the daily review's results)."""
        return []

    def scores_line(self, pos: Position) -> str:
        if pos.seat_scores is not None:  # 41: a score per seat
            return " \u00b7 ".join(f"{self.names[s]} {pos.seat_scores[s]}" for s in range(4))
        return f"{self._team(0)} {pos.scores[0]} : {pos.scores[1]} {self._team(1)}"

    def toolbar_specs(self) -> list[tuple[str, str, bool, bool]]:
        """The controls: (label, action, primary, enabled); Play the primary one."""
        from tarneeb_desktop.ui.screens.viewer.play_on import can_play_on

        words = self.words()
        out = []
        for label, action in CONTROLS:
            if action == "play":
                label = self.play_labels()[1 if self.playing else 0]
            elif action == "speed":
                label = self.speed_label()
            enabled = can_play_on(self.position) if action == "playon" else True
            out.append((label.format(**words), action, action == "play", enabled))
        return out

    def build(self, lay: Layout) -> list[Button]:
        """The controls (in their order), then Hands and My cards only: the kit's."""
        self.laid()
        return self.toolbar.buttons() + self.corner.buttons()

    def side_buttons(self, lay: Layout | None = None) -> list[Button]:
        """Hands and My cards only, as the kit laid them out."""
        self.laid()
        return self.corner.buttons()

    def all_labels(self) -> list[str]:
        """Every label the controls can show (Play and Pause, each speed)."""
        words = self.words()
        out = [label.format(**words) for label, _ in CONTROLS if label not in ("play", "speed")]
        out += [self.speed_label(k) for k in range(len(SPEEDS))]
        return out + list(self.play_labels())

    @staticmethod
    def words() -> dict[str, str]:
        return {"hand": tr("Hand"), "trick": tr("Trick"), "back": tr("Back"),
                "playon": tr("Play on")}  # fmt: skip

    @staticmethod
    def mine_labels() -> tuple[str, str]:
        """The "only my cards" button's two labels: to hide the others', to show them."""
        return tr("My cards only"), tr("All cards")

    @staticmethod
    def play_labels() -> tuple[str, str]:
        """The Play button's two labels: to play back, and to pause."""
        return "\u25b6 " + tr("Play back"), "\u25ae\u25ae " + tr("Pause")

    @staticmethod
    def keys_text(hands: bool = True) -> str:
        """The keys' help (wrapped by the kit: Russian's is wider than a window 1,060 pixels
        wide); ``hands``: with H and M."""
        keys = tr(
            "Left/Right a step, Up/Down a trick, Page Up/Down a hand, Home/End the game, "
            "Space play, +/- speed"
        )
        return keys + comma() + tr("H the hands, M only my cards") if hands else keys

    def bar_rect(self, lay: Layout | None = None) -> pygame.Rect:
        """The scrubber's room, as the kit laid it out (its step at its left)."""
        self.laid()
        # the knob's half at either end inside the picture: clear of the step beside it
        return self.scrubber.rect.inflate(-self.scrubber.rect.h, 0)

    def step_label(self, index: int | None = None) -> str:
        n = (self.index if index is None else index) + 1
        return tr("Step {n} of {total}", n=n, total=self.steps.last + 1)

    def _paint_bar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.choosing:
            self.bar.draw(surface, self.bar_rect(), self.index)

    def _paint_felt(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.draw_felt(surface, Layout(*self.app.size))  # the window's, as the kit's

    def draw_felt(self, surface: pygame.Surface, lay: Layout) -> None:
        """The four hands, the trick and the auction at this step, in ``lay``."""
        pos = self.position
        ch = self.card_h(lay)
        clockwise = self.steps.state.rules.clockwise
        for seat in range(4):
            self._draw_hand(surface, lay, seat, side_of(seat, 0, clockwise), pos, ch)
        self._draw_trick(surface, lay, pos, ch, clockwise)
        self._draw_auction(surface, lay, pos)

    def _paint_hands(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.hands is None:
            return
        self.hands.only = self.me if self.only_mine else None
        lay = Layout(*self.app.size)  # the window's, as the kit's
        self.hands.draw(surface, lay, rect, self.position.hand, self.analysis, bool(self.jobs))

    def hand_rects(self, lay: Layout, side: int, n: int, ch: int) -> list[pygame.Rect]:
        """Where a seat's ``n`` cards lie, face up, in a row."""
        cw, ch = card_size(ch)
        step = min(cw * 0.42, (lay.w * 0.3 - cw) / 12)
        width = round(cw + step * max(0, n - 1))
        top, bottom = self._band(lay)
        if side in (TOP, BOTTOM):
            x0, y = lay.w // 2 - width // 2, top if side == TOP else bottom - ch
        else:
            y = round(top + (bottom - top) * 0.6) - ch // 2
            full = round(cw + step * 12)
            x0 = lay.margin if side == LEFT else lay.w - lay.margin - full
            x0 += (full - width) // 2
        return [pygame.Rect(round(x0 + step * k), y, cw, ch) for k in range(n)]

    def _band(self, lay: Layout) -> tuple[int, int]:
        """The band where the table is drawn: the picture's room, as the kit laid it out."""
        self.laid()
        return self.felt.rect.top, self.felt.rect.bottom

    def card_h(self, lay: Layout) -> int:
        top, bottom = self._band(lay)
        band = bottom - top
        # the trick (its cards reach 0.9 of a hand's card height from the middle, with a
        # mark under South's) and the name plates (a line each, as tall as the language's
        # script needs) must fit between North's and South's hands
        need = max(2 * Style(lay.w, lay.h).line, self.plates_and_marks(lay) / 2)
        room = (band * 0.5 - need) / 1.9
        return min(round(min(band * 0.22, lay.w * 0.075 / 0.716)), int(room))

    def hand_title(self, pos: Position) -> str:
        """ "Hand 3 of 8" (as the game over counts), or "A deal thrown in (after hand 2)"."""
        n = self.steps.played_number(pos.hand)
        if n is None:
            done = played_hands(self.steps.state.history[: pos.hand])
            return tr("A deal thrown in (after hand {n})", n=done)
        return tr("Hand {n} of {total}", n=n, total=self.steps.hands_played())

    def thrown_in_note(self, pos: Position) -> str | None:
        """Why this deal was not played, said where the analysis would be."""
        why = self.steps.thrown_in_reason(pos.hand)
        if why is None:
            return None
        if why == "weak_hand":
            row = self.steps.state.history[pos.hand]
            name = self.names[row.redeal] if row.redeal is not None else ""
            return tr("{name} had a weak hand and asked for a redeal: a new deal", name=name)
        if why == "low_total":
            return tr("The bids were too low in total: the cards are dealt again")
        return tr("Everyone passed: the deal is thrown in and dealt again")

    def _team(self, team: int) -> str:
        return f"{self.names[team]} & {self.names[team + 2]}"

    def _draw_hand(
        self, surface: pygame.Surface, lay: Layout, seat: int, side: int, pos: Position, ch: int
    ) -> None:
        cards = display_order(pos.holdings[seat])
        rects = self.hand_rects(lay, side, max(1, len(cards)), ch)
        for card, r in zip(cards, rects, strict=False):
            surface.blit(self.app.cards.get("back" if self.hidden(seat) else card, ch), r)
        # the name plate: name, dealer, tricks (and the bid in 41), beside the cards
        bits = [self.names[seat]]
        if seat == pos.dealer:
            bits.append(tr("Dealer"))
        if pos.declarer == seat and pos.contract:
            bits.append(call_label(pos.contract) + (" x2" if pos.doubled else ""))
        if pos.bids is not None and pos.bids[seat] is not None:
            bits.append(tr("Bid {bid}", bid=pos.bids[seat]))
        if pos.seat_tricks is not None:
            bits.append(trn("{n} trick", "{n} tricks", pos.seat_tricks[seat]))
        turn_colour = theme.GOLD if pos.action and pos.action[0] == seat else theme.INK
        t = lay.text  # the body size: a plate too wide is cut short, never made smaller
        plate = text.elide("  \u00b7  ".join(bits), t, round(lay.w * 0.3), True)
        r0 = rects[0] if rects else pygame.Rect(lay.w // 2, lay.h // 2, 1, 1)
        if side == BOTTOM:
            at, anchor = (lay.w // 2, r0.top - 4), "midbottom"
        elif side == TOP:  # under the row (a pane moves it beside the auction)
            at, anchor = ((r0.left + rects[-1].right) // 2, r0.bottom + 4), "midtop"
            wide = text.size_of(plate, t, True)[0]
            if wide > rects[-1].right - r0.left:  # wider than the row: from the row's start
                # edge, the auction box's side, so that it keeps clear of the box
                anchor = i18n.anchor("topleft")
                at = (r0.left if anchor == "topleft" else rects[-1].right, at[1])
        else:
            cx = (rects[0].left + rects[-1].right) // 2 if rects else r0.centerx
            # under the row's middle, as far as the window's edge lets a wide plate be
            half = text.size_of(plate, t, True)[0] // 2
            cx = max(lay.margin // 2 + half, min(cx, lay.w - lay.margin // 2 - half))
            at, anchor = (cx, r0.bottom + 4), "midtop"
        blit_text(surface, plate, t, at, turn_colour, bold=True, anchor=anchor)

    def plates_ink(self, lay: Layout) -> tuple[int, int]:
        """How far the name plates' ink reaches: North's below its row, South's above it."""
        bits = [tr("Dealer"), tr("Bid {bid}", bid=13)]
        bits += [trn("{n} trick", "{n} tricks", n) for n in (0, 1, 2, 13)]
        words = [text.render("  \u00b7  ".join([self.names[s], *bits]), lay.text, theme.INK, True)
                 for s in (0, 2)]  # fmt: skip
        below = max(w.get_bounding_rect().bottom for w in words)
        above = max(w.get_height() - w.get_bounding_rect().top for w in words)
        return below, above

    def plates_and_marks(self, lay: Layout) -> int:
        """The height the name plates and the trick's marks take between North and South."""
        below, above = self.plates_ink(lay)
        return below + above + 14 + mark_height(lay.text) + 4

    def trick_cross(self, lay: Layout, ch: int, pos: Position | None = None) -> Cross:
        """Where the trick's cards lie: as large as the room between the hands and their
        plates allows, North's card below the auction box."""
        north, south = self.hand_rects(lay, TOP, 13, ch), self.hand_rects(lay, BOTTOM, 13, ch)
        west, east = self.hand_rects(lay, LEFT, 13, ch), self.hand_rects(lay, RIGHT, 13, ch)
        below, above = self.plates_ink(lay)
        top, bottom = north[0].bottom + 4 + below + 3, south[0].top - 4 - above - 3
        left, right = west[-1].right + lay.margin // 2, east[0].left - lay.margin // 2
        area = pygame.Rect(left, top, right - left, bottom - top)
        size, most = lay.text, round(lay.h * 0.2)  # the marks at the body size
        found = cross(area, lay.w // 2, size, most)
        box = self._draw_auction(None, lay, pos or self.position)
        if box is not None and box.colliderect(found.rects[TOP].inflate(6, 6)):
            area.h, area.top = area.bottom - box.bottom - 6, box.bottom + 6
            found = cross(area, lay.w // 2, size, most)
        return found

    def hidden(self, seat: int) -> bool:
        """Whether ``seat``'s cards are face down ("My cards only")."""
        return self.only_mine and seat != self.me

    def _draw_trick(
        self, surface: pygame.Surface, lay: Layout, pos: Position, ch: int, clockwise: bool
    ) -> None:
        if pos.trick is None:
            return
        cr = self.trick_cross(lay, ch, pos)
        lead, cards = pos.trick
        first_play = (pos.play if pos.play is not None else 0) - len(cards) + 1
        marks = []
        for k, card in enumerate(cards):
            seat = (lead + k) % 4
            side = side_of(seat, 0, clockwise)
            r = cr.rects[side]
            surface.blit(self.app.cards.get(card, r.h), r)
            if pos.trick_winner == seat:
                pygame.draw.rect(surface, theme.GOLD, r.inflate(6, 6), 3, border_radius=6)
            mark = self.mark_of(pos.hand, first_play + k if pos.play is not None else None)
            if mark is not None:
                marks.append((side, seat, mark))
        for side, seat, mark in marks:  # over every card: no card hides a mark
            draw_mark(surface, cr, side, mark, self.hidden(seat))

    #: the auction box's title (a daily review's pane has no room for it)
    auction_title = True

    def _draw_auction(
        self, surface: pygame.Surface | None, lay: Layout, pos: Position
    ) -> pygame.Rect | None:
        """The calls of this hand in the top corner on the reading side, beside North's
        cards (its room laid out left to right, mirrored as a whole); the box."""
        top, _ = self._band(lay)
        ch = self.card_h(lay)
        north = self.hand_rects(lay, TOP, 13, ch)
        bottom = self.hand_rects(lay, LEFT, 13, ch)[0].top - lay.margin // 2
        # clear of North's cards, and of North's card in the trick below them
        end = lay.w // 2 - round(card_size(ch)[0] * 0.6) - 6
        window = pygame.Rect(0, 0, lay.w, lay.h)
        start = min(mirrored(c, window).left for c in north)  # North's row's start edge
        left, right = lay.margin, min(start - lay.margin // 2, end)
        trump = None
        if pos.trump is not None and not self.game41:
            trump = tr("Trump: {suit}", suit=trump_label(pos.trump))
        room = mirrored(pygame.Rect(left, top, right - left, bottom - top), window)
        return auction_box(surface, lay, room, self.names, pos.calls, trump, self.auction_title)

    def analysis_lines(self, pos: Position) -> list[tuple[str, tuple[int, int, int]]]:
        """The hand's line and the last card's; at the hand's end, what it came to first."""
        note = self.thrown_in_note(pos)
        if note is not None:
            return [(note, theme.GOLD)]
        said = result_line(pos.result, self.names) if pos.result is not None else None
        head = [(said, theme.GOLD)] if said is not None else []
        a = self.analysis.get(pos.hand)
        row = self.rows.get(pos.hand)
        if self.analysis_error and a is None:
            return [*head, (tr("No analysis: {why}", why=self.analysis_error), theme.INK_DIM)]
        if row is None or not row.plays:
            return head
        if a is None:
            return [*head, (tr("analysing..."), theme.INK_DIM)]
        side = f"{rtl_run(self.names[a.leader])} & {rtl_run(self.names[(a.leader + 2) % 4])}"
        if self.game41:
            hand_line = trn(
                "{side} could take {n} trick from the first lead (took {took})",
                "{side} could take {n} tricks from the first lead (took {took})",
                a.could_take,
                side=side,
                took=a.taken,
            )
        else:
            hand_line = trn(
                "The declarers ({side}) could take {n} trick (took {took})",
                "The declarers ({side}) could take {n} tricks (took {took})",
                a.could_take,
                side=side,
                took=a.taken,
            )
        if head:  # the hand's end: what it came to, above what it could have
            return [*head, (hand_line, theme.INK)]
        out = [(hand_line, theme.GOLD)]
        mark = self.marks(pos)
        if mark is not None:
            out.append(mark_line(mark, self.names, self.hidden(mark.seat)))
        return out
