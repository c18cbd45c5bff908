"""The table's animation timeline: the queue of steps a move's events turn into.

While the queue runs, the presented view (``scene.pv``) is moved on one event at a time
(:func:`~tarneeb_desktop.ui.game.view_model.apply_event`) and nobody is asked to act; the last
step of each move sets the table's own view. Tweens (a card sliding back to the hand, a shake)
run beside the queue and never hold it up.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules import (
    AuctionWon,
    BidsMade,
    CallMade,
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HandThrownIn,
    RedealDecided,
    SeatsScored,
    TrickWon,
    TrumpNamed,
    View,
)
from tarneeb_desktop.rules.codec import EventTable
from tarneeb_desktop.ui.anim import Step, Tween, ease_in_out, ease_out, lerp_rect
from tarneeb_desktop.ui.game.ends import GameOverDialog, Summary41Dialog, SummaryDialog
from tarneeb_desktop.ui.game.game41 import bids_made_text
from tarneeb_desktop.ui.game.labels import call_label, reading_seconds, trump_label
from tarneeb_desktop.ui.game.panels import blit_card
from tarneeb_desktop.ui.game.view_model import apply_event
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import LEFT, RIGHT, TOP

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene


class Timeline:
    """The step queue of one table scene, and its tweens."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.tweens: list[Tween] = []
        #: each event kind's steps (see ``_show_*``)
        self._show: EventTable[None] = EventTable(
            {
                CallMade: self._show_call,
                RedealDecided: self._show_call,
                AuctionWon: self._show_auction_won,
                TrumpNamed: self._show_trump,
                BidsMade: self._show_bids_made,
                HandThrownIn: self._show_thrown_in,
                CardPlayed: self._queue_card,
                TrickWon: self._queue_trick,
                HandScored: self._queue_scored,
                SeatsScored: self._queue_scored,
                GameOver: self._queue_game_over,
                HandDealt: self._show_deal,
            }
        )

    def running(self) -> bool:
        """A move is being shown (a step runs or waits)."""
        return bool(self.current or self.steps)

    def run(self, dt: float) -> bool:
        """Advance the queue by ``dt``; instant steps run through in one go."""
        scene = self.scene
        ran = False
        while True:
            if self.current is None:
                if not self.steps:
                    return ran
                self.current = self.steps.popleft()
                self.current.begin()
                scene.dirty = True
                ran = True
            if self.current.advance(dt):
                self.current, dt, ran = None, 0.0, True
                scene.dirty = True
                continue
            if self.current.draw_fn is not None:
                scene.dirty = True  # it moves; a pause, a banner or a dialog does not
            return ran

    def advance_tweens(self, dt: float) -> None:
        if self.tweens:
            self.tweens = [t for t in self.tweens if not t.advance(dt)]
            self.scene.dirty = True

    def _closed(self) -> bool:
        """The dialog a step waits on (the summary, the game's end) was closed."""
        return self.scene.overlay is None

    def draw(self, surface: pygame.Surface) -> None:
        if self.current is not None:
            self.current.draw(surface)
        for t in self.tweens:
            t.draw(surface)

    # ------------------------------------------------------------------ events to steps
    def queue_events(self, events: list[Event], after: View, from_rect: pygame.Rect | None) -> None:
        """The steps that show ``events``, ending on ``after`` (the table's view)."""
        for ev in events:
            self._show(ev, events, after, from_rect)
        self.steps.append(Step(0.0, start=self._fn_set_view(after), name="view"))

    # Each shows one event: (the event, the move's events, the view after, where my card was).
    def _show_call(self, ev: CallMade | RedealDecided, *_: object) -> None:
        self.steps.append(Step(0.45 * self.scene.speed, start=self._fn_call(ev), name="call"))

    def _show_banner(self, text: str, seconds: float, name: str = "") -> None:
        start, end = self._fn_banner(text), self._fn_banner(None)
        self.steps.append(Step(seconds * self.scene.speed, start=start, end=end, name=name))

    def _show_auction_won(self, ev: AuctionWon, *_: object) -> None:
        scene = self.scene
        bid = call_label(ev.contract)
        if scene.is_me(ev.declarer):
            text = tr("You play {bid}", bid=bid)
        else:
            text = tr("{name} plays {bid}", name=scene.names[ev.declarer], bid=bid)
        self._show_banner(text, 1.0, "won")

    def _show_trump(self, ev: TrumpNamed, *_: object) -> None:
        start = self._fn_trump(ev, tr("Trump: {suit}", suit=trump_label(ev.trump)))
        end = self._fn_banner(None)
        self.steps.append(Step(0.9 * self.scene.speed, start=start, end=end, name="trump"))

    def _show_bids_made(self, ev: BidsMade, *_: object) -> None:
        if ev.total >= ev.needed:  # 41: played (a thrown-in hand says so below)
            self._show_banner(bids_made_text(ev), 1.0)

    def _show_thrown_in(self, ev: HandThrownIn, events: list[Event], *_: object) -> None:
        scene = self.scene
        made = [e for e in events if isinstance(e, BidsMade)]
        if ev.reason == "low_total" and made:  # 41: the bids fell short
            text = bids_made_text(made[0])
        elif ev.reason == "all_pass":
            text = tr("Everybody passed: new deal")
        else:
            seat = ev.seat or 0
            text = tr("{name} asks for a new deal", name=scene.names[seat])
            if scene.is_me(seat):
                text = tr("You ask for a new deal")
        # a new deal is news the player must read: as long as the words need, at least
        self._show_banner(text, max(2.4, reading_seconds(text)), "thrown")

    def _show_deal(self, _ev: HandDealt, _events: object, after: View, *_: object) -> None:
        scene = self.scene
        if scene.cover.hotseat:
            self.steps.append(Step(0.0, start=scene.conceal, name="conceal"))
        self.steps.append(Step(0.0, start=self._fn_set_view(after), name="view"))
        self.queue_deal()

    def _fn_set_view(self, view: View) -> Callable[[], None]:
        def run() -> None:
            scene = self.scene
            if scene.pv.hand_number != view.hand_number:
                scene.flying.clear()
                scene.gathering, scene.trick_winner = False, None
            before = scene.frame.static_key()
            scene.pv = view
            scene.score.count()
            if scene.frame.static_key() != before:
                scene.invalidate()
            else:
                scene.dirty = True

        return run

    def _fn_banner(self, text: str | None) -> Callable[[], None]:
        def run() -> None:
            self.scene.banner = text
            self.scene.dirty = True

        return run

    def _fn_call(self, ev: CallMade | RedealDecided) -> Callable[[], None]:
        def run() -> None:
            scene = self.scene
            if isinstance(ev, CallMade):
                scene.pv = apply_event(scene.pv, ev)
            scene.app.play_sound("deal")
            scene.invalidate()

        return run

    def _fn_trump(self, ev: TrumpNamed, text: str) -> Callable[[], None]:
        def run() -> None:
            scene = self.scene
            scene.pv = apply_event(scene.pv, ev)
            scene.banner = text
            scene.invalidate()

        return run

    def _queue_card(
        self, ev: CardPlayed, _events: object, _after: object, sent: pygame.Rect | None
    ) -> None:
        scene = self.scene
        from_rect = sent if ev.seat == scene.me else None
        lay = scene.layout
        side = scene.side(ev.seat)
        holder: dict[str, pygame.Rect] = {}

        def start() -> None:
            src = from_rect
            if src is None:
                if ev.seat == scene.me:
                    cards = scene.hand_cards()
                    # (a watched table's seat 0 may show no cards: fly from the fan's middle)
                    rects = lay.hand_rects(max(1, len(cards)))
                    src = rects[cards.index(ev.card) if ev.card in cards else len(rects) // 2]
                else:
                    n = max(1, scene.pv.hand_sizes[ev.seat])
                    src = lay.back_rects(side, n)[n // 2]
                    if side in (LEFT, RIGHT):
                        src = pygame.Rect(src.x, src.y, src.h, src.w)
            holder["src"] = src
            scene.flying.add(ev.card)  # in the view's trick, drawn by this step until it lands
            scene.pv = apply_event(scene.pv, ev)
            scene.hidden.discard(ev.card)
            scene.app.play_sound("play")
            if ev.seat == scene.me:
                scene.invalidate()  # my fan changed
            else:
                scene.dirty = True

        def draw(surface: pygame.Surface, p: float) -> None:
            dst = lay.trick_rect(side)
            # fly at the trick's card size: one cached picture, no rescaling every frame
            src = dst.copy()
            src.center = holder["src"].center
            art = scene.app.cards
            blit_card(art, surface, ev.card, lerp_rect(src, dst, ease_out(p)), shadow=True)

        def end() -> None:
            scene.flying.discard(ev.card)
            scene.dirty = True

        self.steps.append(Step(0.25 * scene.speed, start=start, end=end, draw=draw, name="card"))

    def _queue_trick(self, ev: TrickWon, *_: object) -> None:
        scene = self.scene
        f = scene.speed
        lay = scene.layout
        moving: list[tuple[int, str]] = []

        def mark() -> None:
            scene.trick_winner = ev.winner
            scene.app.play_sound("trick")
            scene.dirty = True

        def gather() -> None:
            moving[:] = [((ev.leader + i) % 4, c) for i, c in enumerate(ev.cards)]
            scene.gathering, scene.trick_winner = True, None
            scene.dirty = True

        def draw(surface: pygame.Surface, p: float) -> None:
            side = scene.side(ev.winner)
            ax, ay = lay.seat_anchor(side)
            t = ease_in_out(p)
            for seat, card in moving:
                src = lay.trick_rect(scene.side(seat))
                dst = src.copy()
                dst.center = (ax, ay)
                face = card if t < 0.5 else "back"
                blit_card(scene.app.cards, surface, face, lerp_rect(src, dst, t))

        def done() -> None:
            scene.pv = apply_event(scene.pv, ev)  # the trick leaves the view: (winner, ())
            scene.gathering = False
            scene.dirty = True  # tricks show on the plates, the pile and the score: all per frame

        self.steps.append(Step(0.7 * f, start=mark, name="rest"))
        self.steps.append(Step(0.35 * f, start=gather, draw=draw, end=done, name="gather"))

    def _queue_scored(
        self, ev: HandScored | SeatsScored, _events: object, after: View, *_: object
    ) -> None:
        scene = self.scene

        def start() -> None:
            # the totals count up once the summary is closed (the summary shows the points)
            scene.pv = apply_event(scene.pv, ev)
            if isinstance(ev, SeatsScored):
                dialog: SummaryDialog | Summary41Dialog = Summary41Dialog(scene, ev)
            else:
                dialog = SummaryDialog(scene, ev)
            scene.overlay = dialog
            scene.claiming = None
            scene.could_have.start(dialog, after)
            scene.app.play_sound("hand_end")
            scene.invalidate()

        self.steps.append(
            Step(0.0, start=start, end=scene.score.count, until=self._closed, name="summary")
        )

    def _queue_game_over(self, ev: GameOver, _events: object, after: View, *_: object) -> None:
        scene = self.scene

        def start() -> None:
            scene.pv = after
            scene.overlay = GameOverDialog(scene, ev)
            scene.invalidate()

        self.steps.append(Step(0.0, start=start, until=self._closed, name="gameover"))

    def queue_deal(self) -> None:
        scene = self.scene
        f = scene.speed
        lay = scene.layout
        gap, fly = 0.04 * f, 0.2 * f
        total = 51 * gap + fly
        landed = [0]

        def start() -> None:
            scene.dealt = [0, 0, 0, 0]
            scene.flying.clear()
            scene.gathering, scene.trick_winner = False, None
            scene.invalidate()

        def tick(p: float) -> None:
            t = p * total
            n_landed = 52 if p >= 1 else sum(1 for i in range(52) if t >= i * gap + fly)
            if n_landed != landed[0]:
                landed[0] = n_landed
                seats = [(scene.pv.dealer + 1 + i) % 4 for i in range(n_landed)]
                scene.dealt = [seats.count(seat) for seat in range(4)]
                scene.dirty = True
                if n_landed % 4 == 1:
                    scene.app.play_sound("deal")

        def draw(surface: pygame.Surface, p: float) -> None:
            t = p * total
            dealer = scene.pv.dealer
            src = lay.back_rects(TOP, 1)[0]
            src.center = lay.seat_anchor(scene.side(dealer))
            for i in range(52):
                t0 = i * gap
                if t < t0:
                    break
                q = 1.0 if fly <= 0 else (t - t0) / fly
                if q >= 1:
                    continue
                seat = (dealer + 1 + i) % 4
                dst = src.copy()
                dst.center = lay.seat_anchor(scene.side(seat))
                blit_card(scene.app.cards, surface, "back", lerp_rect(src, dst, ease_out(q)))

        def end() -> None:
            scene.dealt = None
            scene.invalidate()

        self.steps.append(Step(total, start=start, draw=draw, end=end, tick=tick, name="deal"))
