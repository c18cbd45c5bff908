"""The table: shows the game from one seat, animates the table's events, takes the player's moves.

The scene never decides a rule. It shows ``state.view(seat)`` (kept in ``self.pv``, the view
being presented), submits what the player chose to ``Table.submit``, and turns the events it
gets back into a queue of animation steps; while the queue runs, the presented view is moved
toward the table's view one event at a time and nobody is asked to act.
"""

from __future__ import annotations

import logging
import math
import os
import random
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from tarneeb_desktop.ai.analysis import can_claim, could_have_taken
from tarneeb_desktop.rules import (
    AuctionWon,
    CallMade,
    CardPlayed,
    Event,
    GameOver,
    GameState,
    HandDealt,
    HandScored,
    HandThrownIn,
    RedealDecided,
    RulesError,
    TrickWon,
    TrumpNamed,
    View,
)
from tarneeb_desktop.rules.cards import RANKS
from tarneeb_desktop.table import AIWorker, Table, safe_choose
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.anim import Step, Tween, ease_in_out, ease_out, lerp_rect
from tarneeb_desktop.ui.app import (
    App,
    export_record,
    read_save,
    savegame_path,
    stats_path,
    test_log,
    write_save,
)
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP, Layout, side_of
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, SUIT_WORD, Button, blit_panel, blit_text

log = logging.getLogger(__name__)

DRAG_THRESHOLD = 6  # px: a press that moves further is a drag, else a click
DISPLAY_SUIT_ORDER = "CDSH"  # alternate black and red along the hand
SUIT_NAME = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
THINK_SIGN_AFTER = 0.4


def make_ai(level: str, seed: int | None):  # type: ignore[no-untyped-def]
    """A computer player of ``level``; any failure (a level not built yet) gives ``random``."""
    from tarneeb_desktop.ai import make_player

    try:
        return make_player(level, seed)
    except Exception:  # another helper builds the levels; never let that stop a game
        log.warning("AI level %r unavailable; using random", level)
        return make_player("random", seed)


def _suggest(view: View) -> str:
    """The hint for ``view``: the hard level's choice when it is built, else the medium one."""
    try:
        from tarneeb_desktop.ai.hints import suggest

        action = suggest(view, budget_s=0.5)
        if action in view.legal:
            return action
    except Exception:  # the AI package is built by another issue; fall back quietly
        log.debug("hints unavailable", exc_info=True)
    action, _ = safe_choose(make_ai("medium", 0), view)
    return action


def call_label(call: str) -> str:
    """A call or bid as the player reads it: ``Pass``, ``9``, ``10♥``, ``8 NT``, ``Double``."""
    c = call.strip()
    low = c.lower()
    if low == "pass":
        return tr("Pass")
    if low == "double":
        return tr("Double")
    if low == "no_double":
        return tr("No double")
    if low == "redeal":
        return tr("Redeal")
    if low == "keep":
        return tr("Keep")
    if c.upper().endswith("NT") and c[:-2].isdigit():
        return f"{c[:-2]} {tr('NT')}"
    if c and c[-1].upper() in SUIT_SYMBOL and c[:-1].isdigit():
        return c[:-1] + SUIT_SYMBOL[c[-1].upper()]
    return c


def trump_label(t: str) -> str:
    if t == "NT":
        return tr("No trump")
    return f"{SUIT_SYMBOL.get(t, '')} {tr(SUIT_WORD.get(t, t))}"


def display_order(cards: tuple[str, ...] | list[str]) -> list[str]:
    """My cards as fanned: suits alternating in colour, ranks rising to the right."""
    ranks = "23456789TJQKA"
    return sorted(cards, key=lambda c: (DISPLAY_SUIT_ORDER.index(c[1]), ranks.index(c[0])))


class TableScene(Scene):
    """A game in progress, seen from seat ``me``."""

    def __init__(
        self,
        app: App,
        state: GameState,
        names: list[str],
        humans: tuple[int, ...] = (0,),
        levels: list[str] | None = None,
        seed: int = 0,
        autoplay: bool = False,
        save_record: str | None = None,
        inline_ai: bool = False,
    ) -> None:
        super().__init__(app)
        self.table = Table(state, names)
        self.names = names
        self.humans = tuple(humans)
        self.me = self.humans[0] if self.humans else 0
        self.autoplay = autoplay
        self.save_record = save_record
        self.seed = seed
        levels = list(levels or app.settings.levels)
        self.levels = levels
        self.players = {
            s: make_ai(levels[s], seed * 7 + s + 1) for s in range(4) if s not in self.humans
        }
        self.inline_ai = inline_ai or app.settings.speed_factor == 0
        self.worker: AIWorker | None = None if self.inline_ai else AIWorker()
        self.rng = random.Random(seed ^ 0x5EED)
        self.pv: View = self.table.view(self.me)
        self.steps: deque[Step] = deque()
        self.current: Step | None = None
        self.tweens: list[Tween] = []
        self.hidden: set[str] = set()  # my cards drawn elsewhere (flying, dragged, shaking)
        self.trick_cards: list[tuple[int, str]] = []
        self.trick_winner: int | None = None
        self.dealt: list[int] | None = None  # cards shown per seat while dealing
        self.banner: str | None = None
        self.toast: tuple[str, float] | None = None
        self.overlay: dict[str, Any] | None = None
        self.overlay_age = 0.0
        self.last_trick_shown = False
        self.last_trick_key = False
        self.hover: str | None = None
        self.kb_card: str | None = None
        self.kb_button = -1
        self.press: tuple[str, tuple[int, int], pygame.Rect] | None = None
        self.drag: tuple[str, tuple[int, int]] | None = None  # card, grab offset
        self.mouse = (0, 0)
        self.ai_key: tuple[Any, ...] | None = None
        self.ai_elapsed = 0.0
        self.ai_pause = 0.0
        self.ai_action: str | None = None
        self.score_shown = [float(self.pv.scores[0]), float(self.pv.scores[1])]
        self.score_from = list(self.score_shown)
        self.score_t = 1.0
        self.time = 0.0
        self.finished = False
        self._static: pygame.Surface | None = None  # the layer of things at rest; None: stale
        self._static_buf: pygame.Surface | None = None
        self._veil: pygame.Surface | None = None
        self._base_surf: pygame.Surface | None = None
        self._plates: dict[tuple[Any, ...], pygame.Surface] = {}
        self._fans: dict[tuple[Any, ...], pygame.Surface] = {}
        self._score_key: tuple[Any, ...] | None = None
        self._panel_surf: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._score_surf: pygame.Surface | None = None
        self._layout: Layout | None = None
        self._buttons: list[Button] | None = None
        self._logged_turn: tuple[Any, ...] | None = None
        self.hint_future: tuple[tuple[int, int, int], Any] | None = None
        self._hint_pool: Any = None
        # Hot-seat: with two or more people at this computer, their hands stay hidden under a
        # cover until the one whose turn it is says they are ready (``revealed``).
        self.hotseat = len(self.humans) >= 2
        self.revealed = not self.hotseat
        self.reveal_pending = False
        # per frame: (seat at the bottom, seat of the view, cards) of the hand drawn face up
        self.face_up_log: list[tuple[int, int, tuple[str, ...]] | None] | None = None
        self.cover_log: list[bool] | None = None  # per frame: was the privacy cover shown
        self._stats_hands = len(state.history)
        self._stats_game = state.is_over()
        self.exported: Path | None = None
        # A person who claimed the rest of the tricks: their cards play themselves.
        self.claiming: int | None = None
        # The summary's "could have taken" answer, worked out off the UI thread.
        self.dd_future: Any = None

    # ------------------------------------------------------------------ creation
    @classmethod
    def new_game(
        cls,
        app: App,
        rules: Any,
        seed: int | None = None,
        humans: tuple[int, ...] | None = (0,),
        level: str | None = None,
        autoplay: bool = False,
        save_record: str | None = None,
        inline_ai: bool = False,
        levels: list[str] | None = None,
    ) -> TableScene:
        """A new game; ``humans`` None means the seats chosen in the settings."""
        if humans is None:
            humans = app.settings.humans()
        if seed is None:
            env = os.environ.get("TARNEEB_TEST_SEED")
            seed = (
                int(env)
                if env and env.lstrip("-").isdigit()
                else random.SystemRandom().randrange(1 << 31)
            )
        state = GameState.new(rules, seed=seed)
        # The default "You" is a word, not a name: show it in the player's language.
        names = [tr("You") if n == "You" else n for n in app.settings.names]
        if not humans:
            names = [tr("South"), tr("East"), tr("North"), tr("West")]
        if level:
            levels = [level] * 4
        return cls(app, state, names, humans, levels, seed, autoplay, save_record, inline_ai)

    @classmethod
    def from_saved(cls, app: App, path: Path | None = None) -> TableScene | None:
        """The saved game, or None when there is none; SaveError when it is damaged (the
        file has then been set aside)."""
        saved = read_save(path or savegame_path())
        if saved is None:
            return None
        return cls(app, saved.state, saved.names, saved.humans, saved.levels, saved.seed)

    # ------------------------------------------------------------------ lifecycle
    @property
    def layout(self) -> Layout:
        size = self.app.size
        if self._layout is None or (self._layout.w, self._layout.h) != size:
            self._layout = Layout(*size)
            self._buttons = None
            self._static = None
        return self._layout

    @property
    def speed(self) -> float:
        return self.app.settings.speed_factor

    @property
    def four_color(self) -> bool:
        return self.app.settings.card_style == "four-color"

    def warm_up(self) -> None:
        lay = self.layout
        self.app.cards.preload([lay.card[1], lay.trick_card[1]], [lay.back[1]])

    def on_show(self) -> None:
        self.warm_up()
        self.invalidate()
        if self.pv.phase != "over" and not self.pv.calls and not self.pv.played_cards():
            self._queue_deal()

    def on_hide(self) -> None:
        self.autosave()
        if self.worker is not None:
            self.worker.shutdown()
        if self._hint_pool is not None:
            self._hint_pool.shutdown(wait=False, cancel_futures=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        # no warm_up here: dragging a window's edge sends many sizes; cards scale when drawn
        self.invalidate()

    def invalidate(self) -> None:
        """Something on the static layer changed: rebuild it before the next frame."""
        self._static = None
        self._buttons = None
        self.dirty = True

    def busy(self) -> bool:
        return bool(
            self.current
            or self.steps
            or self.tweens
            or self.toast
            or self.drag
            or self.score_t < 1
            or self._ai_to_move() is not None
            or (self.autoplay and self.overlay is not None)
            or self.finished
            or self.hint_future is not None
        )

    # ------------------------------------------------------------------ saving
    def autosave(self) -> None:
        """Keep the game in progress in savegame.json (only games a person plays)."""
        if self.autoplay or not self.humans:
            return
        try:
            path = savegame_path()
            if self.table.state.is_over():
                path.unlink(missing_ok=True)
            else:
                write_save(path, self.table.state, self.names, self.humans, self.levels, self.seed)
                test_log("saved")
        except OSError as exc:
            log.warning("could not save the game: %s", exc)

    def write_final_record(self) -> None:
        if self.save_record:
            from tarneeb_desktop.record import write_record

            try:
                write_record(self.save_record, self.table.state, self.names)
            except OSError as exc:
                print(f"tarneeb: cannot write {self.save_record}: {exc}")
                self.app.exit_code = 1

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: str, from_rect: pygame.Rect | None = None) -> bool:
        """Submit ``action`` for ``seat`` to the table; animate what happened."""
        try:
            events = self.table.submit(seat, action)
        except RulesError as exc:
            self.say(str(exc))
            return False
        test_log(f"action seat={seat} {action}")
        self.ai_key = None
        self._record_stats()
        self._queue_events(events, self.table.view(self.me), from_rect)
        if self.hotseat and seat in self.humans:
            # the next person must not see this hand: cover it once the move has been shown
            self.steps.append(Step(0.0, start=self.conceal, name="conceal"))
        if seat == self.me:
            self.invalidate()  # my buttons and lifted cards go away
        else:
            self.dirty = True
        return True

    def conceal(self) -> None:
        """Hide the hands until the next person at this computer says they are ready."""
        if self.hotseat and self.revealed:
            self.revealed = False
            self._cancel_drag()
            self.hover = self.kb_card = None
            self.kb_button = -1
            self.invalidate()

    def next_human(self) -> int:
        """Who the privacy cover asks for: the person to act now, or the first after the seat
        to act in play order (a guess; if someone else's turn comes, the cover comes back)."""
        state = self.table.state
        turn = state.current_player()
        start = turn if turn is not None else self.me
        for k in range(4):
            seat = (start + k) % 4
            if seat in self.humans:
                return seat
        return self.me

    def reveal(self) -> None:
        """The person the cover asked for is ready: once the moves being shown are done, turn
        the table to them and show their hand (see ``_settle_cover``)."""
        if self.hotseat and not self.revealed:
            self.reveal_pending = True
            self.dirty = True

    def _settle_cover(self) -> None:
        """Apply a pending reveal when no move is being shown (every queued view was made for
        the seat at the bottom, so it may only change between moves); and cover the table when
        another person's turn has come."""
        if not self.hotseat or self.current or self.steps:
            return
        if self.reveal_pending and not self.revealed:
            self.reveal_pending = False
            seat = self.next_human()
            if seat != self.me:
                self.me = seat
                self.pv = self.table.view(seat)
                self._plates.clear()
            self.revealed = True
            self.invalidate()
            return
        turn = self.table.state.current_player()
        if self.revealed and turn in self.humans and turn != self.me:
            self.conceal()

    def _record_stats(self) -> None:
        """Count finished hands and games in the statistics (games with a person only)."""
        if self.autoplay or not self.humans:
            return
        state = self.table.state
        new_hands = state.history[self._stats_hands :]
        game_over = state.is_over() and not self._stats_game
        if not new_hands and not game_over:
            return
        self._stats_hands = len(state.history)
        self._stats_game = state.is_over()
        from tarneeb_desktop.stats import Statistics

        try:
            path = stats_path()
            stats = Statistics.load(path)
            rules = self.table.state.rules
            preset = rules.preset if rules.matches_preset() else f"{rules.preset}+custom"
            level = self.opponents_level()
            for result in new_hands:
                stats.record_hand(preset, level, result)
            if game_over and state.winner is not None:
                stats.record_game(preset, level, state.winner)
            stats.save(path)
        except (OSError, ValueError) as exc:  # statistics must never stop a game
            log.warning("could not update the statistics: %s", exc)

    def opponents_level(self) -> str:
        """The level the statistics file this game under: the opponents' (seats 1 and 3)."""
        kinds = {("human" if s in self.humans else self.levels[s]) for s in (1, 3)}
        return kinds.pop() if len(kinds) == 1 else "mixed"

    def say(self, message: str, seconds: float = 2.2) -> None:
        self.toast = (message, seconds)
        self.dirty = True

    def side(self, seat: int) -> int:
        return side_of(seat, self.me, self.pv.rules.clockwise)

    # ------------------------------------------------------------------ events to steps
    def _queue_events(
        self, events: list[Event], after: View, from_rect: pygame.Rect | None
    ) -> None:
        f = self.speed
        add = self.steps.append
        for ev in events:
            if isinstance(ev, CallMade | RedealDecided):
                add(Step(0.45 * f, start=self._fn_call(ev.seat, ev.call), name="call"))
            elif isinstance(ev, AuctionWon):
                text = tr(
                    "{name} plays {bid}", name=self.names[ev.declarer], bid=call_label(ev.contract)
                )
                add(
                    Step(
                        1.0 * f, start=self._fn_banner(text), end=self._fn_banner(None), name="won"
                    )
                )
            elif isinstance(ev, TrumpNamed):
                text = tr("Trump: {suit}", suit=trump_label(ev.trump))
                add(
                    Step(
                        0.9 * f,
                        start=self._fn_trump(ev.trump, text),
                        end=self._fn_banner(None),
                        name="trump",
                    )
                )
            elif isinstance(ev, HandThrownIn):
                text = (
                    tr("Everybody passed: new deal")
                    if ev.reason == "all_pass"
                    else tr("{name} asks for a new deal", name=self.names[ev.seat or 0])
                )
                add(
                    Step(
                        1.4 * f,
                        start=self._fn_banner(text),
                        end=self._fn_banner(None),
                        name="thrown",
                    )
                )
            elif isinstance(ev, CardPlayed):
                self._queue_card(ev, from_rect if ev.seat == self.me else None)
            elif isinstance(ev, TrickWon):
                self._queue_trick(ev)
            elif isinstance(ev, HandScored):
                self._queue_scored(ev, after)
            elif isinstance(ev, GameOver):
                self._queue_game_over(ev, after)
            elif isinstance(ev, HandDealt):
                if self.hotseat:
                    add(Step(0.0, start=self.conceal, name="conceal"))
                add(Step(0.0, start=self._fn_set_view(after), name="view"))
                self._queue_deal()
        add(Step(0.0, start=self._fn_set_view(after), name="view"))

    def _fn_set_view(self, view: View):  # type: ignore[no-untyped-def]
        def run() -> None:
            if self.pv.hand_number != view.hand_number:
                self.trick_cards = []
                self.trick_winner = None
            before = self._static_key()
            self.pv = view
            self._count_scores()
            if self._static_key() != before:
                self.invalidate()
            else:
                self.dirty = True

        return run

    def _static_key(self) -> tuple[Any, ...]:
        """What the static layer shows of the presented view (see ``_draw_static``)."""
        pv = self.pv
        mine = (pv.legal, pv.turn == self.me) if self.humans else ()
        return (
            pv.hand,
            mine,
            pv.phase,
            pv.contract,
            pv.trump,
            pv.declarer,
            pv.doubled,
            pv.hand_number,
            pv.calls if pv.contract is None else (),
        )

    def _fn_banner(self, text: str | None):  # type: ignore[no-untyped-def]
        def run() -> None:
            self.banner = text
            self.dirty = True

        return run

    def _fn_call(self, seat: int, call: str):  # type: ignore[no-untyped-def]
        def run() -> None:
            if call not in ("redeal", "keep"):
                self.pv = replace(self.pv, calls=(*self.pv.calls, (seat, call)))
            self.app.play_sound("deal")
            self.invalidate()

        return run

    def _fn_trump(self, trump: str, text: str):  # type: ignore[no-untyped-def]
        def run() -> None:
            self.pv = replace(self.pv, trump=trump)
            self.banner = text
            self.invalidate()

        return run

    def _queue_card(self, ev: CardPlayed, from_rect: pygame.Rect | None) -> None:
        lay = self.layout
        side = self.side(ev.seat)
        holder: dict[str, pygame.Rect] = {}

        def start() -> None:
            src = from_rect
            if src is None:
                if ev.seat == self.me:
                    cards = self.hand_cards()
                    rects = lay.hand_rects(len(cards))
                    src = (
                        rects[cards.index(ev.card)] if ev.card in cards else rects[len(rects) // 2]
                    )
                else:
                    n = max(1, self.pv.hand_sizes[ev.seat])
                    src = lay.back_rects(side, n)[n // 2]
                    if side in (LEFT, RIGHT):
                        src = pygame.Rect(src.x, src.y, src.h, src.w)
            holder["src"] = src
            if ev.seat == self.me:
                self.pv = replace(self.pv, hand=tuple(c for c in self.pv.hand if c != ev.card))
            sizes = list(self.pv.hand_sizes)
            sizes[ev.seat] = max(0, sizes[ev.seat] - 1)
            self.pv = replace(self.pv, hand_sizes=tuple(sizes))  # type: ignore[arg-type]
            self.hidden.discard(ev.card)
            self.app.play_sound("play")
            if ev.seat == self.me:
                self.invalidate()  # my fan changed
            else:
                self.dirty = True

        def draw(surface: pygame.Surface, p: float) -> None:
            dst = lay.trick_rect(side)
            # fly at the trick's card size: one cached picture, no rescaling every frame
            src = dst.copy()
            src.center = holder["src"].center
            self._blit_card(surface, ev.card, lerp_rect(src, dst, ease_out(p)), shadow=True)

        def end() -> None:
            self.trick_cards.append((ev.seat, ev.card))
            self.dirty = True

        self.steps.append(Step(0.25 * self.speed, start=start, end=end, draw=draw, name="card"))

    def _queue_trick(self, ev: TrickWon) -> None:
        f = self.speed
        lay = self.layout
        moving: list[tuple[int, str]] = []

        def mark() -> None:
            self.trick_winner = ev.winner
            self.app.play_sound("trick")
            self.dirty = True

        def gather() -> None:
            moving[:] = self.trick_cards
            self.trick_cards = []
            self.trick_winner = None
            self.dirty = True

        def draw(surface: pygame.Surface, p: float) -> None:
            side = self.side(ev.winner)
            ax, ay = lay.seat_anchor(side)
            t = ease_in_out(p)
            for seat, card in moving:
                src = lay.trick_rect(self.side(seat))
                dst = src.copy()
                dst.center = (ax, ay)
                self._blit_card(surface, card if t < 0.5 else "back", lerp_rect(src, dst, t))

        def done() -> None:
            won = list(self.pv.tricks_won)
            won[ev.winner & 1] += 1
            trick = (ev.leader, ev.cards, ev.winner)
            self.pv = replace(self.pv, tricks_won=(won[0], won[1]), tricks=(*self.pv.tricks, trick))
            self.dirty = True  # tricks show on the plates, the pile and the score: all per frame
            self.autosave()

        self.steps.append(Step(0.7 * f, start=mark, name="rest"))
        self.steps.append(Step(0.35 * f, start=gather, draw=draw, end=done, name="gather"))

    def _queue_scored(self, ev: HandScored, after: View) -> None:
        def start() -> None:
            # the totals count up once the summary is closed (the summary shows the points)
            self.pv = replace(self.pv, scores=ev.totals, results=after.results)
            self.overlay = {"kind": "summary", "event": ev}
            self.overlay_age = 0.0
            self.claiming = None
            self._analyse_hand(self.overlay, after)
            self.app.play_sound("hand_end")
            self.invalidate()

        self.steps.append(
            Step(
                0.0,
                start=start,
                end=self._count_scores,
                until=lambda: self.overlay is None,
                name="summary",
            )
        )

    def _analyse_hand(self, overlay: dict[str, Any], after: View) -> None:
        """Ask "could we have made it?" for the hand just played: the double-dummy tricks of
        the declaring side (every card has been shown by now, so this reveals nothing)."""
        if not after.results or self.autoplay:
            return
        row = after.results[-1]
        history = getattr(self.table.state, "history", ())
        if not any(row.cards) and history and history[-1].plays:
            row = history[-1]  # views carry rows without the cards; the table has them
        if self.inline_ai:
            overlay["dd"] = could_have_taken(row)
            return
        self.dd_future = (overlay, self._pool().submit(could_have_taken, row))

    def _poll_analysis(self) -> None:
        if self.dd_future is None or not self.dd_future[1].done():
            return
        overlay, fut = self.dd_future
        self.dd_future = None
        try:
            overlay["dd"] = fut.result()
        except Exception:  # an extra line on the summary: never worth stopping the game for
            return
        if self.overlay is overlay:
            self.invalidate()

    def _queue_game_over(self, ev: GameOver, after: View) -> None:
        def start() -> None:
            self.pv = after
            self.overlay = {"kind": "gameover", "event": ev}
            self.overlay_age = 0.0
            self.autosave()
            if self.autoplay:
                self.write_final_record()
            self.invalidate()

        self.steps.append(
            Step(0.0, start=start, until=lambda: self.overlay is None, name="gameover")
        )

    def _queue_deal(self) -> None:
        f = self.speed
        lay = self.layout
        gap, fly = 0.04 * f, 0.2 * f
        total = 51 * gap + fly
        landed = [0]

        def start() -> None:
            self.dealt = [0, 0, 0, 0]
            self.trick_cards = []
            self.trick_winner = None
            self.invalidate()

        def tick(p: float) -> None:
            t = p * total
            n_landed = 52 if p >= 1 else sum(1 for i in range(52) if t >= i * gap + fly)
            if n_landed != landed[0]:
                landed[0] = n_landed
                counts = [0, 0, 0, 0]
                for i in range(n_landed):
                    counts[(self.pv.dealer + 1 + i) % 4] += 1
                self.dealt = counts
                self.dirty = True
                if n_landed % 4 == 1:
                    self.app.play_sound("deal")

        def draw(surface: pygame.Surface, p: float) -> None:
            t = p * total
            dealer = self.pv.dealer
            src = lay.back_rects(TOP, 1)[0]
            src.center = lay.seat_anchor(self.side(dealer))
            for i in range(52):
                t0 = i * gap
                if t < t0:
                    break
                q = 1.0 if fly <= 0 else (t - t0) / fly
                if q >= 1:
                    continue
                seat = (dealer + 1 + i) % 4
                dst = src.copy()
                dst.center = lay.seat_anchor(self.side(seat))
                self._blit_card(surface, "back", lerp_rect(src, dst, ease_out(q)))

        def end() -> None:
            self.dealt = None
            self.invalidate()

        self.steps.append(Step(total, start=start, draw=draw, end=end, tick=tick, name="deal"))

    def _count_scores(self) -> None:
        target = [float(s) for s in self.pv.scores]
        if target != self.score_shown:
            self.score_from = list(self.score_shown)
            self.score_t = 0.0 if self.speed > 0 else 1.0
            if self.score_t >= 1:
                self.score_shown = target

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        self._frame_dt = dt
        self.time += dt
        self._poll_hint()
        self._poll_analysis()
        step_dt = dt
        budget = 200  # actions per frame at instant speed (keeps --fast quick but responsive)
        while budget > 0:
            budget -= 1
            self._run_steps(step_dt)
            step_dt = 0.0
            if self.current or self.steps:
                break
            self._settle_cover()
            if not (self._drive_self() or self._drive_ai()):
                break
        if self.tweens:
            self.tweens = [t for t in self.tweens if not t.advance(dt)]
            self.dirty = True
        if self.toast:
            left = self.toast[1] - dt
            self.toast = (self.toast[0], left) if left > 0 else None
            self.dirty = True
        if self.score_t < 1:
            self.score_t = min(1.0, self.score_t + dt / max(0.05, 0.6 * self.speed))
            target = self.pv.scores
            self.score_shown = [
                a + (b - a) * ease_out(self.score_t)
                for a, b in zip(self.score_from, target, strict=True)
            ]
            self.dirty = True
        if self.overlay is not None:
            self.overlay_age += dt
            if self.autoplay:
                wait = 2.5 * self.speed if self.overlay["kind"] == "summary" else 2.0 * self.speed
                if self.overlay_age >= wait:
                    if self.overlay["kind"] == "gameover":
                        self.finished = True
                        self.app.quit(self.app.exit_code)
                    self.overlay = None
                    self.invalidate()
        self._log_turn()

    _frame_dt = 0.0

    def _run_steps(self, dt: float) -> bool:
        """Advance the queue by ``dt``; instant steps run through in one go."""
        ran = False
        while True:
            if self.current is None:
                if not self.steps:
                    return ran
                self.current = self.steps.popleft()
                self.current.begin()
                self.dirty = True
                ran = True
            if self.current.advance(dt):
                self.current = None
                dt = 0.0
                ran = True
                self.dirty = True
                continue
            if self.current.draw_fn is not None:
                self.dirty = True  # it moves; a pause, a banner or a dialog does not
            return ran

    def _ai_to_move(self) -> int | None:
        """The computer seat that must act now, if any (nothing is animating, no dialog)."""
        if self.current or self.steps or self.overlay is not None or self.finished:
            return None
        turn = self.table.state.current_player()
        if turn is None:
            return None
        return turn if turn in self.players else None

    def _drive_self(self) -> bool:
        """Play my card for me when I claimed the rest, or when it is forced and the
        settings say so (also at a LAN table: the move goes to the host); True if played."""
        if not (self.my_turn() and self.pv.phase == "play" and self.pv.legal):
            return False
        legal = self.pv.legal
        if self.claiming == self.me:
            # every card is a sure winner: cash them from the top
            return self.act(self.me, max(legal, key=lambda c: RANKS.index(c[0])))
        if len(legal) == 1 and getattr(self.app.settings, "auto_play_single", False):
            return self.act(self.me, legal[0])
        return False

    def _drive_ai(self) -> bool:
        """Let a computer seat move when its pause is over; True if it acted."""
        seat = self._ai_to_move()
        if seat is None:
            return False
        state = self.table.state
        key = (state.hand_number, state.hand_actions, seat)
        if self.ai_key != key:
            self.ai_key = key
            self.ai_elapsed = 0.0
            self.ai_action = None
            lo, hi = (0.5, 0.9) if state.phase == "play" else (0.6, 1.0)
            self.ai_pause = self.rng.uniform(lo, hi) * self.speed
            player = self.players.get(seat) or make_ai("random", self.seed)
            view = state.view(seat)
            if self.worker is None:
                self.ai_action, fault = safe_choose(player, view)
            else:
                self.worker.start(player, view, key[:2])
        else:
            self.ai_elapsed += self._frame_dt
            if self.ai_elapsed > THINK_SIGN_AFTER:
                self.dirty = True
        if self.ai_action is None and self.worker is not None:
            res = self.worker.result()
            if res is not None:
                self.ai_action = res[0]
        if self.ai_action is not None and self.ai_elapsed >= self.ai_pause:
            action, self.ai_action = self.ai_action, None
            return self.act(seat, action)
        return False

    def _log_turn(self) -> None:
        """Tell the end-to-end test (TARNEEB_TEST_LOG) where to click when it is my turn."""
        if not os.environ.get("TARNEEB_TEST_LOG") or not self.my_turn():
            return
        key = (
            self.pv.hand_number,
            len(self.pv.calls),
            len(self.pv.played_cards()),
            self.pv.phase,
            self.app.size,
        )
        if key == self._logged_turn:
            return
        self._logged_turn = key
        if self.pv.phase == "play":
            cards = self.hand_cards()
            rects = self.layout.hand_rects(len(cards))
            # the middle of the part of each card that the next card leaves uncovered
            visible = [b.x - a.x for a, b in zip(rects, rects[1:], strict=False)] + [rects[-1].w]
            at = ";".join(
                f"{c}:{r.x + min(v, r.w) // 2},{r.top + r.h // 4}"
                for c, r, v in zip(cards, rects, visible, strict=True)
            )
            cx, cy = self.layout.centre
            test_log(
                f"your_turn phase=play legal={','.join(self.pv.legal)} centre={cx},{cy} at={at}"
            )
        else:
            at = ";".join(f"{b.action}:{b.rect.centerx},{b.rect.centery}" for b in self.buttons())
            test_log(f"your_turn phase={self.pv.phase} legal={','.join(self.pv.legal)} at={at}")

    # ------------------------------------------------------------------ queries for drawing/input
    def my_turn(self) -> bool:
        """True when the table waits for me (nothing animating, no dialog open)."""
        return (
            bool(self.humans)
            and self.pv.turn == self.me
            and self.table.state.current_player() == self.me
            and not self.current
            and not self.steps
            and self.overlay is None
            and self.revealed
        )

    def covered(self) -> bool:
        """True while the privacy cover hides the table (hot-seat, between people's turns)."""
        return self.hotseat and not self.revealed

    def turn_shown(self) -> int | None:
        """Whose turn the table shows: nobody's while a trick is gathered, a hand is summed
        up or the cards are dealt (the presented view's turn is stale then)."""
        if self.pv.phase == "over" or self.dealt is not None or self.trick_winner is not None:
            return None
        if self.current is not None and self.current.name in (
            "rest",
            "gather",
            "summary",
            "gameover",
        ):
            return None
        return self.pv.turn

    def hand_cards(self) -> list[str]:
        """My cards in fan order (while dealing, only those dealt so far)."""
        if not self.humans and not self.autoplay:
            return []
        cards = display_order(self.pv.hand)
        if self.dealt is not None:
            return cards[: self.dealt[self.me]]
        return cards

    def legal_cards(self) -> set[str]:
        if self.my_turn() and self.pv.phase == "play":
            return set(self.pv.legal)
        return set()

    def card_rects(self) -> list[tuple[str, pygame.Rect]]:
        """My cards and where they are drawn now (legal hovered/selected ones lifted)."""
        cards = self.hand_cards()
        rects = self.layout.hand_rects(len(cards))
        legal = self.legal_cards()
        out = []
        for c, r in zip(cards, rects, strict=True):
            if c in legal and (c == self.hover or c == self.kb_card):
                r = r.move(0, -self.layout.lift)
            out.append((c, r))
        return out

    def card_at(self, pos: tuple[int, int]) -> tuple[str, pygame.Rect] | None:
        """The card under ``pos``, top card first (a lifted card also counts where it was)."""
        lay = self.layout
        for c, r in reversed(self.card_rects()):
            if c in self.hidden:
                continue
            hit = r.union(r.move(0, lay.lift)) if r.y < lay.hand_rects(1)[0].y - 1 else r
            if hit.collidepoint(pos):
                return c, r
        return None

    def buttons(self) -> list[Button]:
        """The action panel for my turn outside play: exactly the legal calls, as buttons."""
        lay = self.layout  # first: a new window size drops the cached buttons
        if self._buttons is not None:
            return self._buttons
        self._buttons = []
        if not self.my_turn():
            return self._buttons
        if self.pv.phase == "play" and (
            self.claiming is not None or len(self.pv.hand) < 2 or not can_claim(self.pv)
        ):
            return self._buttons
        legal = list(self.pv.legal)
        grid: list[list[str | None]]
        if self.pv.phase == "play":
            grid = [["claim"]]  # every card I hold wins: offer to skip playing them one by one
        elif self.pv.phase == "auction" and self.pv.rules.suit_bidding:
            strains = ["C", "D", "H", "S", "NT"]
            levels = sorted(
                {int(a[:-2] if a.endswith("NT") else a[:-1]) for a in legal if a != "pass"}
            )
            grid = [[f"{lv}{s}" if f"{lv}{s}" in legal else None for s in strains] for lv in levels]
            if "pass" in legal:
                grid.append(["pass"])
        elif self.pv.phase == "auction":
            bids = [a for a in legal if a != "pass"]
            grid = [bids] if bids else []
            if "pass" in legal:
                if grid:
                    grid[0] = ["pass", *grid[0]]
                else:
                    grid = [["pass"]]
        else:
            grid = [legal]
        cols = max((len(r) for r in grid), default=1)
        rows = len(grid)
        bw, bh = lay.button
        gap = round(lay.unit * 1.2)
        pad = round(lay.unit * 2)
        title_h = round(lay.text * 2.2)
        if self.pv.phase == "play":
            bw = round(bw * 3.4)  # the claim button: a long label under a long title
        elif self.pv.phase != "auction":
            bw = round(bw * 1.75)
        # between the partner's cards and my lifted hand; a tall suited grid gets smaller buttons
        top = lay.back_rects(TOP, 1)[0].bottom + lay.margin
        bottom = lay.hand_rects(13)[0].top - lay.lift - lay.margin
        fit = (bottom - top - title_h - 2 * pad - (rows - 1) * gap) // max(1, rows)
        bh = max(12, min(bh, fit))
        panel = pygame.Rect(
            0,
            0,
            cols * bw + (cols - 1) * gap + 2 * pad,
            rows * bh + (rows - 1) * gap + 2 * pad + title_h,
        )
        panel.midbottom = (lay.w // 2, bottom)
        for r, row in enumerate(grid):
            for c, action in enumerate(row):
                if action is None:
                    continue
                if len(row) == 1 and cols > 1:  # the pass row of the suited grid spans it
                    rect = pygame.Rect(
                        panel.x + pad,
                        panel.y + pad + title_h + r * (bh + gap),
                        cols * bw + (cols - 1) * gap,
                        bh,
                    )
                else:
                    rect = pygame.Rect(
                        panel.x + pad + c * (bw + gap),
                        panel.y + pad + title_h + r * (bh + gap),
                        bw,
                        bh,
                    )
                if action == "claim":
                    label = tr("Claim the remaining tricks")
                elif self.pv.phase == "trump":
                    label = trump_label(action)
                else:
                    label = call_label(action)
                self._buttons.append(
                    Button(rect, label, action, primary=action not in ("pass", "keep", "no_double"))
                )
        self._panel = panel
        if self.kb_button >= len(self._buttons):
            self.kb_button = -1
        for i, b in enumerate(self._buttons):
            b.focus = i == self.kb_button
            b.hover = b.rect.collidepoint(self.mouse)
        return self._buttons

    # ------------------------------------------------------------------ input
    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if self.overlay is not None:
            return self._overlay_event(ev)
        if self.covered():
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self.open_overlay("menu")
            elif (ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1) or (
                ev.type == pygame.KEYDOWN
                and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            ):
                self.reveal()
            return True
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        if ev.type == pygame.KEYUP and ev.key == pygame.K_l:
            self.last_trick_key = False
            self.invalidate()
            return True
        if ev.type == pygame.MOUSEMOTION:
            return self._motion(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self._press(ev.pos)
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            return self._release(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3 and self.drag:
            self._cancel_drag()
            return True
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        if self.press and not self.drag:
            card, start, rect = self.press
            if math.dist(start, pos) > DRAG_THRESHOLD and card in self.legal_cards() | set(
                self.hand_cards()
            ):
                self.drag = (card, (start[0] - rect.x, start[1] - rect.y))
                self.hidden.add(card)
                self.invalidate()
        if self.drag:
            self.dirty = True
            return True
        hit = self.card_at(pos)
        hover = hit[0] if hit else None
        if hover != self.hover:
            self.hover = hover
            self.invalidate()
        for b in self.buttons():
            h = b.rect.collidepoint(pos)
            if h != b.hover:
                b.hover = h
                self._static = None
                self.dirty = True
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons():
            if b.rect.collidepoint(pos):
                if b.action == "claim":
                    self.claim()
                else:
                    self.act(self.me, b.action)
                return True
        lay = self.layout
        if lay.pile_rect.collidepoint(pos) and self.pv.tricks:
            self.last_trick_shown = not self.last_trick_shown
            self.invalidate()
            return True
        if lay.menu_button.collidepoint(pos):
            self.open_overlay("menu")
            return True
        if lay.scores_button.collidepoint(pos):
            self.open_overlay("scores")
            return True
        if self.last_trick_shown:
            self.last_trick_shown = False
            self.invalidate()
        hit = self.card_at(pos)
        if hit:
            self.press = (hit[0], pos, hit[1])
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        press, drag = self.press, self.drag
        self.press = None
        self.drag = None
        if drag:
            card, (ox, oy) = drag
            rect = self._drag_rect(card, pos, (ox, oy))
            if self.layout.trick_area.collidepoint(pos) and self.try_play(card, rect):
                return True
            self._slide_back(card, rect)
            return True
        if press:
            self.try_play(press[0])
            return True
        return False

    def _drag_rect(self, card: str, pos: tuple[int, int], off: tuple[int, int]) -> pygame.Rect:
        w, h = self.layout.card
        return pygame.Rect(pos[0] - off[0], pos[1] - off[1], w, h)

    def _cancel_drag(self) -> None:
        if self.drag:
            card, off = self.drag
            self._slide_back(card, self._drag_rect(card, self.mouse, off))
        self.drag = None
        self.press = None

    def reason(self, card: str) -> str:
        """Why ``card`` cannot be played now, in a short line."""
        pv = self.pv
        if pv.phase != "play":
            return tr("Wait for the auction to finish")
        if pv.turn != self.me or not self.my_turn():
            return tr("Wait for your turn")
        if pv.trick and pv.trick[1]:
            led = pv.trick[1][0][1]
            return tr("You must follow " + SUIT_NAME[led])
        if pv.trump and pv.trump in SUIT_NAME:
            return tr("You must lead " + SUIT_NAME[pv.trump] + " (trump)")
        return tr("You cannot play that card now")

    def try_play(self, card: str, from_rect: pygame.Rect | None = None) -> bool:
        """Play ``card`` if the view says it is legal; otherwise shake it and say why."""
        if card in self.legal_cards():
            self.hidden.discard(card)
            self.kb_card = None
            self.hover = None
            return self.act(self.me, card, from_rect)
        if from_rect is None:
            self._shake(card)
        self.say(self.reason(card))
        self.app.play_sound("error")
        return False

    def _home_rect(self, card: str) -> pygame.Rect | None:
        cards = self.hand_cards()
        if card not in cards:
            return None
        return self.layout.hand_rects(len(cards))[cards.index(card)]

    def _slide_back(self, card: str, rect: pygame.Rect) -> None:
        home = self._home_rect(card)
        self.hidden.add(card)
        if home is None:
            self.hidden.discard(card)
            self.invalidate()
            return

        def draw(surface: pygame.Surface, p: float) -> None:
            self._blit_card(surface, card, lerp_rect(rect, home, ease_out(p)), shadow=True)

        def end() -> None:
            self.hidden.discard(card)
            self.invalidate()

        self.tweens.append(Tween(max(0.12, 0.2 * self.speed) if self.speed else 0.0, draw, end))
        self.invalidate()

    def _shake(self, card: str) -> None:
        home = self._home_rect(card)
        if home is None:
            return
        self.hidden.add(card)
        amp = max(3, home.w // 14)

        def draw(surface: pygame.Surface, p: float) -> None:
            dx = round(math.sin(p * math.pi * 6) * amp * (1 - p))
            self._blit_card(surface, card, home.move(dx, 0), dim=True)

        def end() -> None:
            self.hidden.discard(card)
            self.invalidate()

        self.tweens.append(Tween(0.15, draw, end))
        self.invalidate()

    def _key(self, ev: pygame.event.Event) -> bool:
        key = ev.key
        if key == pygame.K_ESCAPE:
            if self.drag:
                self._cancel_drag()
            elif self.last_trick_shown:
                self.last_trick_shown = False
                self.invalidate()
            else:
                self.open_overlay("menu")
            return True
        if key == pygame.K_l:
            if self.pv.tricks:
                self.last_trick_key = True
                self.invalidate()
            return True
        if key == pygame.K_s or key == pygame.K_TAB:
            self.open_overlay("scores")
            return True
        if key == pygame.K_v:
            self.open_overlay("played")
            return True
        if key == pygame.K_h:
            self.hint()
            return True
        if not self.my_turn():
            return False
        if key == pygame.K_c and any(b.action == "claim" for b in self.buttons()):
            self.claim()
            return True
        if self.pv.phase == "play":
            legal = [c for c in self.hand_cards() if c in self.legal_cards()]
            if not legal:
                return False
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                i = legal.index(self.kb_card) if self.kb_card in legal else -1
                i = (
                    (i + (1 if key == pygame.K_RIGHT else -1)) % len(legal)
                    if i >= 0
                    else (0 if key == pygame.K_RIGHT else len(legal) - 1)
                )
                self.kb_card = legal[i]
                self.invalidate()
                return True
            if (
                key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.kb_card in legal
            ):
                return self.try_play(self.kb_card)
            return False
        buttons = self.buttons()
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and buttons:
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.kb_button = (self.kb_button + step) % len(buttons) if self.kb_button >= 0 else 0
            self.invalidate()
            return True
        if key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ) and 0 <= self.kb_button < len(buttons):
            return self.act(self.me, buttons[self.kb_button].action)
        if key == pygame.K_p and "pass" in self.pv.legal:
            return self.act(self.me, "pass")
        digit = {
            pygame.K_0: 10,
            pygame.K_1: 11,
            pygame.K_2: 12,
            pygame.K_3: 13,
            pygame.K_7: 7,
            pygame.K_8: 8,
            pygame.K_9: 9,
        }.get(key)
        if digit is not None and self.pv.phase == "auction":
            # 7 8 9 bid that many; 0 1 2 3 stand for 10 11 12 13 (suited: the lowest legal strain).
            for a in self.pv.legal:
                if a != "pass" and (
                    a == str(digit)
                    or (a[:-1] == str(digit) and not a.endswith("NT"))
                    or (a.endswith("NT") and a[:-2] == str(digit))
                ):
                    return self.act(self.me, a)
            self.say(tr("You cannot bid {n} now", n=digit))
            return True
        return False

    def claim(self) -> None:
        """Claim the remaining tricks (offered only when every card I hold is a sure winner,
        see ``ai.analysis.can_claim``): my cards play themselves from the top."""
        if self.claiming is None and self.my_turn() and can_claim(self.pv):
            self.claiming = self.me
            self.say(tr("The remaining tricks are yours"))
            self.invalidate()

    def _pool(self) -> Any:
        if self._hint_pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._hint_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tarneeb-hint")
        return self._hint_pool

    def hint(self) -> None:
        """Ask what the strong computer player would do in my place (answered off the UI
        thread; ``_poll_hint`` shows it)."""
        if not self.my_turn() or self.hint_future is not None:
            return
        view = self.table.view(self.me)
        key = (self.pv.hand_number, len(self.pv.calls), len(self.pv.played_cards()))
        if self.inline_ai:
            self._show_hint(key, _suggest(view))
            return
        self.hint_future = (key, self._pool().submit(_suggest, view))
        self.say(tr("Thinking\u2026"), 1.0)

    def _poll_hint(self) -> None:
        if self.hint_future is None or not self.hint_future[1].done():
            return
        key, fut = self.hint_future
        self.hint_future = None
        try:
            action = fut.result()
        except Exception:  # a hint is a courtesy: never let it stop the game
            return
        self._show_hint(key, action)

    def _show_hint(self, key: tuple[int, int, int], action: str) -> None:
        now = (self.pv.hand_number, len(self.pv.calls), len(self.pv.played_cards()))
        if key != now or not self.my_turn() or action not in self.pv.legal:
            return  # the game moved on while the hint was being worked out
        if self.pv.phase == "play":
            self.kb_card = action
            name = action[0].replace("T", "10") + SUIT_SYMBOL[action[1]]
            self.say(tr("Hint: play {card}", card=name))
        else:
            for i, b in enumerate(self.buttons()):
                if b.action == action:
                    self.kb_button = i
            label = call_label(action) if self.pv.phase != "trump" else trump_label(action)
            self.say(tr("Hint: {call}", call=label))
        self.invalidate()

    # ------------------------------------------------------------------ dialogs
    def open_overlay(self, kind: str) -> None:
        if self.overlay is not None and self.overlay.get("kind") in ("summary", "gameover"):
            return
        self._cancel_drag()
        self.overlay = {"kind": kind}
        self.overlay_age = 0.0
        self.invalidate()

    def overlay_buttons(self) -> list[Button]:
        ov = self.overlay
        if ov is None:
            return []
        cached = ov.get("_buttons")
        if cached is not None and ov.get("_size") == self.app.size:
            return cached  # type: ignore[no-any-return]
        lay = self.layout
        box = self.overlay_rect()
        bw, bh = round(lay.button[0] * 1.9), lay.button[1]
        kind = ov["kind"]
        if kind == "summary":
            specs = [(tr("Continue"), "close", True)]
        elif kind == "gameover":
            specs = [
                (tr("Rematch"), "rematch", True),
                (tr("Export"), "export", False),
                (tr("Main menu"), "menu", False),
            ]
        elif kind in ("scores", "played"):
            specs = [(tr("Close"), "close", True)]
        else:
            specs = [
                (tr("Resume"), "close", True),
                (tr("Score sheet"), "scores", False),
                (tr("Cards played"), "played", False),
                (tr("Main menu"), "menu", False),
                (tr("Quit"), "quit", False),
            ]
        out = []
        if kind == "menu":
            y = box.y + round(lay.heading * 2.4)
            for label, action, primary in specs:
                r = pygame.Rect(0, y, bw, bh)
                r.centerx = box.centerx
                out.append(Button(r, label, action, primary=primary))
                y += bh + round(lay.unit * 1.6)
        else:
            gap = round(lay.unit * 2)
            total = len(specs) * bw + (len(specs) - 1) * gap
            x = box.centerx - total // 2
            for label, action, primary in specs:
                out.append(
                    Button(
                        pygame.Rect(x, box.bottom - bh - round(lay.unit * 3), bw, bh),
                        label,
                        action,
                        primary=primary,
                    )
                )
                x += bw + gap
        ov["_buttons"] = out
        ov["_size"] = self.app.size
        return out

    def overlay_rect(self) -> pygame.Rect:
        lay = self.layout
        kind = self.overlay["kind"] if self.overlay else ""
        u = lay.unit
        if kind == "scores":
            w, h = u * 120, u * 80
        elif kind == "menu":
            w, h = u * 44, u * 56
        elif kind == "played":
            w, h = u * 96, u * 60
        elif kind == "gameover":
            w, h = u * 80, u * 58
        else:  # the hand's summary (room for the "could take" line under the totals)
            w, h = u * 80, u * 60
        r = pygame.Rect(0, 0, min(lay.w - 20, round(w)), min(lay.h - 20, round(h)))
        r.center = (lay.w // 2, lay.h // 2)
        return r

    def _overlay_event(self, ev: pygame.event.Event) -> bool:
        buttons = self.overlay_buttons()
        if ev.type == pygame.MOUSEMOTION:
            for b in buttons:
                h = b.rect.collidepoint(ev.pos)
                if h != b.hover:
                    b.hover = h
                    self.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in buttons:
                if b.rect.collidepoint(ev.pos):
                    self._overlay_action(b.action)
                    return True
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                focus = next((b for b in buttons if b.focus), None) or next(
                    (b for b in buttons if b.primary), None
                )
                if focus:
                    self._overlay_action(focus.action)
            elif ev.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT) and buttons:
                i = next((k for k, b in enumerate(buttons) if b.focus), -1)
                step = 1 if ev.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
                for b in buttons:
                    b.focus = False
                buttons[(i + step) % len(buttons) if i >= 0 else 0].focus = True
                self.dirty = True
            elif (
                ev.key == pygame.K_ESCAPE
                and self.overlay
                and self.overlay["kind"] in ("menu", "scores", "played")
            ):
                self._overlay_action("close")
            elif ev.key == pygame.K_v and self.overlay and self.overlay["kind"] == "played":
                self._overlay_action("close")  # V toggles the page
            return True
        return ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def _overlay_action(self, action: str) -> None:
        kind = self.overlay["kind"] if self.overlay else ""
        if action == "close":
            self.overlay = None
        elif action in ("scores", "played"):
            self.overlay = {"kind": action}
        elif action == "menu":
            from tarneeb_desktop.ui.menu import MenuScene

            self.overlay = None
            self.app.switch(MenuScene(self.app))
            return
        elif action == "quit":
            self.app.quit(0)
            return
        elif action == "rematch" and kind == "gameover":
            self.overlay = None
            self.app.switch(
                TableScene.new_game(
                    self.app,
                    self.pv.rules,
                    humans=self.humans,
                    inline_ai=self.inline_ai,
                    levels=self.levels,
                )
            )
            return
        elif action == "export" and kind == "gameover":
            try:
                self.exported = export_record(self.table.state, self.names)
                test_log(f"exported {self.exported}")
            except OSError as exc:
                self.say(tr("Could not export the game: {error}", error=exc.strerror or exc))
        self.invalidate()

    # ------------------------------------------------------------------ drawing
    def _blit_card(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        dim: bool = False,
        shadow: bool = False,
    ) -> None:
        """Draw card ``name`` (or "back") to fill ``rect``; a wide rect means a card on its side."""
        art = self.app.cards
        rotate = 90 if rect.w > rect.h else 0
        h = rect.w if rotate else rect.h
        img = art.get(name, h, dim=dim, rotate=rotate)
        if shadow:
            sh = art.shadow(img.get_size())
            off = max(2, img.get_width() // 30)
            surface.blit(
                sh,
                (
                    rect.x - (sh.get_width() - img.get_width()) // 2 + off,
                    rect.y - (sh.get_height() - img.get_height()) // 2 + off * 2,
                ),
            )
        surface.blit(img, rect.topleft)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if self.covered():
            # nothing of the table is drawn under the cover: no hand can show through it
            self._draw_cover(surface, lay)
            if self.face_up_log is not None:
                self.face_up_log.append(None)
            if self.cover_log is not None:
                self.cover_log.append(True)
            if self.overlay is not None:
                self._draw_overlay(surface, lay)
            return
        if self.cover_log is not None:
            self.cover_log.append(False)
        if self._static is None or self._static.get_size() != surface.get_size():
            buf = self._static_buf
            if buf is None or buf.get_size() != surface.get_size():
                buf = self._static_buf = pygame.Surface(surface.get_size()).convert()
            self._draw_static(buf, lay)
            self._static = buf
        surface.blit(self._static, (0, 0))
        if self.face_up_log is not None:
            face_up = self._static_face_up
            if self.dealt is not None and self.card_rects():
                face_up = (self.me, self.pv.seat, tuple(self.hand_cards()))
            self.face_up_log.append(face_up)
        # The fans and the plates change at every card; each is one cached picture, so they
        # are drawn every frame rather than rebuilding the static layer.
        self._draw_backs(surface, lay, self.pv.hand_sizes if self.dealt is None else self.dealt)
        for seat in range(4):
            self._draw_plate(surface, lay, seat)
            self._draw_bubbles(surface, lay, seat)
        self._draw_pile(surface, lay)
        if self._panel_surf is not None:
            surface.blit(*self._panel_surf)
        self._draw_pointer(surface, lay)
        if self.dealt is not None:
            self._draw_dealing(surface, lay)
        self._draw_trick(surface, lay)
        self._draw_score(surface, lay)
        if self.current is not None:
            self.current.draw(surface)
        for t in self.tweens:
            t.draw(surface)
        if self.drag:
            card, off = self.drag
            self._blit_card(surface, card, self._drag_rect(card, self.mouse, off), shadow=True)
        self._draw_thinking(surface, lay)
        if self.last_trick_shown or self.last_trick_key:
            self._draw_last_trick(surface, lay)
        if self.banner:
            self._draw_banner(surface, lay, self.banner)
        if self.toast:
            self._draw_toast(surface, lay)
        if self.overlay is not None:
            self._draw_overlay(surface, lay)

    _static_face_up: tuple[int, int, tuple[str, ...]] | None = None

    def _draw_cover(self, s: pygame.Surface, lay: Layout) -> None:
        """The hot-seat privacy cover: the whole window, with whom to pass the computer to."""
        s.blit(self._base(lay), (0, 0))
        s.blit(self.veil(lay, 235), (0, 0))
        name = self.names[self.next_human()]
        box = pygame.Rect(0, 0, round(lay.w * 0.62), round(lay.h * 0.34))
        box.center = lay.centre
        blit_panel(
            s,
            box,
            color=(10, 30, 22, 250),
            border=(*theme.GOLD, 200),
            radius=round(lay.unit * 2.5),
            glow=(242, 196, 84, 60),
        )
        blit_text(
            s,
            tr("Pass to {name} — click when ready", name=name),
            round(lay.heading * 1.1),
            (box.centerx, box.y + round(box.h * 0.3)),
            theme.GOLD,
            bold=True,
            anchor="center",
            max_width=box.w - lay.margin * 2,
        )
        blit_text(
            s,
            tr("The cards stay hidden until {name} is at the screen.", name=name),
            lay.text,
            (box.centerx, box.y + round(box.h * 0.56)),
            theme.INK,
            anchor="center",
            max_width=box.w - lay.margin * 2,
        )
        blit_text(
            s,
            tr("Click, or press Enter or Space  ·  Esc: menu"),
            round(lay.text * 0.9),
            (box.centerx, box.y + round(box.h * 0.8)),
            theme.INK_DIM,
            anchor="center",
        )

    def veil(self, lay: Layout, alpha: int) -> pygame.Surface:
        """A translucent black sheet over the whole table (cached per size)."""
        v = self._veil
        if v is None or v.get_size() != (lay.w, lay.h):
            v = self._veil = pygame.Surface((lay.w, lay.h)).convert()
            v.fill((0, 0, 0))
        v.set_alpha(alpha)
        return v

    def _base(self, lay: Layout) -> pygame.Surface:
        """The felt and the trick area's oval, which change only with the window size."""
        b = self._base_surf
        if b is None or b.get_size() != (lay.w, lay.h):
            b = self._base_surf = theme.felt((lay.w, lay.h)).copy()
            b.blit(*theme.ring(lay.trick_area))
        return b

    def _draw_backs(
        self, s: pygame.Surface, lay: Layout, counts: list[int] | tuple[int, ...]
    ) -> None:
        for seat in range(4):
            side = self.side(seat)
            if side == BOTTOM and (self.humans or self.autoplay):
                continue
            n = counts[seat]
            if n <= 0:
                continue
            rects = lay.back_rects(side, n)
            box = rects[0].unionall(rects)
            key = (side, n, lay.w, lay.h, self.app.cards.back_name)
            fan = self._fans.get(key)
            if fan is None:
                # one picture per fan: three blits instead of thirty-nine per rebuild
                fan = pygame.Surface(box.size, pygame.SRCALPHA)
                for r in rects:
                    self._blit_card(fan, "back", r.move(-box.x, -box.y))
                if len(self._fans) > 90:
                    self._fans.clear()
                self._fans[key] = fan
            s.blit(fan, box.topleft)

    def _draw_trick(self, s: pygame.Surface, lay: Layout) -> None:
        """The cards on the table (drawn every frame: they change at every card and cost little)."""
        if not self.trick_cards and self.pv.phase == "play" and self.my_turn():
            blit_text(
                s, tr("Drop a card here"), lay.text, lay.centre, (255, 255, 255), anchor="center"
            )
        for seat, card in self.trick_cards:
            r = lay.trick_rect(self.side(seat))
            self._blit_card(s, card, r, shadow=True)
            if self.trick_winner == seat:
                pygame.draw.rect(
                    s, theme.GOLD, r.inflate(6, 6), width=max(3, r.w // 30), border_radius=r.w // 10
                )
        if self.trick_winner is not None:
            blit_text(
                s,
                tr("{name} wins the trick", name=self.names[self.trick_winner]),
                lay.text,
                (lay.centre[0], lay.trick_area.top - lay.unit),
                theme.GOLD,
                bold=True,
                anchor="midbottom",
            )

    def _draw_dealing(self, s: pygame.Surface, lay: Layout) -> None:
        """While dealing, my cards landed so far (drawn per frame, not on the static layer)."""
        for card, r in self.card_rects():
            self._blit_card(s, card, r)

    def _draw_static(self, s: pygame.Surface, lay: Layout) -> None:
        """Everything at rest: rebuilt only when it changes (see ``invalidate``)."""
        s.blit(self._base(lay), (0, 0))
        pv = self.pv
        self._draw_contract(s, lay)
        # my hand
        legal = self.legal_cards()
        self._static_face_up = None
        for card, r in self.card_rects() if self.dealt is None else []:
            self._static_face_up = (self.me, self.pv.seat, tuple(self.hand_cards()))
            if card in self.hidden:
                continue
            dim = bool(self.my_turn() and pv.phase == "play" and card not in legal)
            self._blit_card(s, card, r, dim=dim, shadow=True)
            if card == self.kb_card and card in legal:
                pygame.draw.rect(s, theme.GOLD, r.inflate(4, 4), width=3, border_radius=r.w // 12)
        # corner buttons
        for rect, label in ((lay.menu_button, tr("Menu")), (lay.scores_button, tr("Scores"))):
            blit_panel(s, rect, color=(0, 0, 0, 110), radius=rect.h // 3)
            blit_text(s, label, round(lay.text * 0.9), rect.center, theme.INK, anchor="center")
        # the action panel: drawn here, shown above the fans and plates (see ``draw``)
        self._panel_surf = None
        buttons = self.buttons()
        if buttons:
            panel = self._panel
            glow_pad = max(6, min(panel.w, panel.h) // 5)
            surf = pygame.Surface((panel.w + 2 * glow_pad, panel.h + 2 * glow_pad), pygame.SRCALPHA)
            self._panel_surf = (surf, (panel.x - glow_pad, panel.y - glow_pad))
            s = surf
            s_off = (glow_pad - panel.x, glow_pad - panel.y)
            panel = panel.move(s_off)
            blit_panel(
                s,
                panel,
                color=(8, 24, 18, 235),
                radius=round(lay.unit * 2),
                glow=(242, 196, 84, 70),
            )
            title = {
                "play": tr("Every card you hold wins"),
                "auction": tr("Your bid"),
                "trump": tr("Choose the trump suit"),
                "double": tr("Double the contract?"),
                "redeal": tr("Your hand is weak: ask for a new deal?"),
            }.get(pv.phase, "")
            blit_text(
                s,
                title,
                lay.text,
                (panel.centerx, panel.y + round(lay.unit * 2.2)),
                theme.GOLD,
                bold=True,
                anchor="midtop",
            )
            for b in buttons:
                saved = b.rect
                b.rect = b.rect.move(s_off)
                b.draw(s, self.four_color)
                b.rect = saved

    def _draw_pointer(self, s: pygame.Surface, lay: Layout) -> None:
        turn = self.turn_shown()
        if turn is None or self.pv.phase == "over" or self.dealt is not None or self.buttons():
            return
        side = self.side(turn)
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

    def _plate_lines(self, seat: int) -> tuple[str, str]:
        pv = self.pv
        name = self.names[seat]
        if pv.phase in ("auction", "redeal") or (pv.declarer is None and pv.phase != "over"):
            # the calls show as speech bubbles meanwhile
            return name, tr("Dealer") if seat == pv.dealer else ""
        won = sum(1 for _, _, w in pv.tricks if w == seat)
        sub = tr("{n} tricks", n=won) if won != 1 else tr("1 trick")
        if seat == pv.declarer and pv.contract:
            sub = tr("Bid {bid}", bid=call_label(pv.contract)) + "  \u00b7  " + sub
        return name, sub

    def _draw_plate(self, s: pygame.Surface, lay: Layout, seat: int) -> None:
        pv = self.pv
        side = self.side(seat)
        r = lay.plate_rect(side)
        turn = self.turn_shown() == seat
        name, sub = self._plate_lines(seat)
        key = (seat, side, lay.w, lay.h, turn, name, sub, seat == pv.dealer, self.four_color)
        key += (i18n.is_rtl(),)  # the plate's text sits on the other side in RTL
        surf = self._plates.get(key)
        pad = max(6, min(r.w, r.h) // 5)
        if surf is None:
            # drawn once per look and reused: the static layer is rebuilt at every card
            surf = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
            self._render_plate(surf, lay, pygame.Rect(pad, pad, r.w, r.h), seat, turn, name, sub)
            if len(self._plates) > 64:
                self._plates.clear()
            self._plates[key] = surf
        s.blit(surf, (r.x - pad, r.y - pad))

    def _render_plate(
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
        blit_panel(
            s,
            r,
            color=(6, 20, 14, 215),
            radius=r.h // 4,
            border=(*theme.GOLD, 255) if turn else (*team, 120),
            glow=(255, 210, 90, 170) if turn else None,
        )
        stripe = pygame.Rect(
            r.x + r.h // 8, r.y + r.h // 5, max(3, r.h // 12), r.h - 2 * (r.h // 5)
        )
        # In RTL the plate reads from its right edge: the stripe, the name and the info line
        # start there and the dealer badge moves to the left (the seat itself never moves).
        tx = stripe.right + r.h // 6  # where the text starts, laid out left to right
        stripe = i18n.align(stripe, r, "start", r.h // 8)
        pygame.draw.rect(s, team, stripe, border_radius=stripe.w // 2)
        blit_text(
            s,
            name,
            lay.text,
            (i18n.mirror_x(tx, r.x, r.w), r.y + r.h // 2 + 1),
            theme.INK,
            bold=True,
            anchor=i18n.anchor("bottomleft"),
            max_width=r.right - tx - r.h // 2,
        )
        if sub:
            box = pygame.Rect(tx, r.y + r.h // 2, r.right - tx - r.h // 6, r.h // 2 - 2)
            if not i18n.is_rtl():
                theme.draw_label(
                    s,
                    sub,
                    box,
                    round(lay.text * 0.85),
                    theme.INK_DIM,
                    self.four_color,
                    on_dark=True,
                    align="left",
                )
            else:
                # draw_label only aligns left: draw it aside, then put its ink at the right
                box.right = i18n.mirror_x(box.x, r.x, r.w)
                ink = pygame.Surface(box.size, pygame.SRCALPHA)
                theme.draw_label(
                    ink,
                    sub,
                    ink.get_rect(),
                    round(lay.text * 0.85),
                    theme.INK_DIM,
                    self.four_color,
                    on_dark=True,
                    align="left",
                )
                used = ink.get_bounding_rect()
                s.blit(ink, (box.right - used.right, box.y))
        if seat == self.pv.dealer:
            rad = max(8, round(r.h * 0.22))
            c = (i18n.mirror_x(r.right - rad - 3, r.x, r.w), r.y + rad + 3)
            pygame.draw.circle(s, (250, 250, 245), c, rad)
            pygame.draw.circle(s, (180, 40, 40), c, rad, width=max(2, rad // 4))
            blit_text(s, "D", round(rad * 1.2), c, (30, 30, 30), bold=True, anchor="center")

    def _draw_bubbles(self, s: pygame.Surface, lay: Layout, seat: int) -> None:
        pv = self.pv
        side = self.side(seat)
        # the latest call, as a speech bubble, while the auction runs
        if pv.phase in ("auction", "trump", "double") and pv.contract is None:
            calls = [c for st, c in pv.calls if st == seat]
            if calls:
                self._bubble(s, lay, side, call_label(calls[-1]))

    def _bubble_rect(self, lay: Layout, side: int, w: int, h: int) -> pygame.Rect:
        plate = lay.plate_rect(side)
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

    def _bubble(self, s: pygame.Surface, lay: Layout, side: int, label: str) -> None:
        h = round(lay.text * 2.0)
        w = max(h * 2, round(lay.text * (1.2 + 0.75 * len(label))))
        r = self._bubble_rect(lay, side, w, h)
        blit_panel(s, r, color=(252, 250, 240, 245), border=(0, 0, 0, 70), radius=h // 2)
        theme.draw_label(s, label, r, round(lay.text * 1.05), theme.BUTTON_TEXT, self.four_color)

    def _draw_thinking(self, s: pygame.Surface, lay: Layout) -> None:
        seat = self._ai_to_move()
        if seat is None or self.ai_elapsed <= THINK_SIGN_AFTER or seat == self.me and self.humans:
            return
        h = round(lay.text * 2.0)
        r = self._bubble_rect(lay, self.side(seat), h * 2, h)
        if self.pv.phase in ("auction", "trump", "double") and self.pv.contract is None:
            r = r.move(0, h + lay.unit if self.side(seat) != BOTTOM else -(h + lay.unit))
        blit_panel(s, r, color=(252, 250, 240, 235), border=(0, 0, 0, 70), radius=h // 2)
        for i in range(3):
            phase = (self.time * 2.2 - i * 0.25) % 1.0
            a = 0.35 + 0.65 * max(0.0, math.sin(phase * math.pi))
            col = (round(60 * a), round(70 * a), round(65 * a))
            pygame.draw.circle(s, col, (r.x + r.w // 4 * (i + 1), r.centery), max(2, h // 9))

    def _draw_pile(self, s: pygame.Surface, lay: Layout) -> None:
        n = len(self.pv.tricks)
        if not n:
            return
        r = lay.pile_rect
        for i in range(min(n, 5)):
            self._blit_card(s, "back", r.move(-i * 2, -i * 2))
        blit_text(
            s,
            tr("Last trick (L)"),
            round(lay.text * 0.8),
            (r.centerx, r.top - lay.unit * 1.5),
            theme.INK_DIM,
            anchor="midbottom",
        )

    def _draw_last_trick(self, s: pygame.Surface, lay: Layout) -> None:
        if not self.pv.tricks:
            return
        leader, cards, winner = self.pv.tricks[-1]
        s.blit(self.veil(lay, 120), (0, 0))
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            r = lay.trick_rect(self.side(seat))
            self._blit_card(s, card, r, shadow=True)
            if seat == winner:
                pygame.draw.rect(
                    s, theme.GOLD, r.inflate(6, 6), width=max(3, r.w // 30), border_radius=r.w // 10
                )
        blit_text(
            s,
            tr("Last trick: won by {name}", name=self.names[winner]),
            lay.heading,
            (lay.centre[0], lay.trick_area.top - lay.unit),
            theme.GOLD,
            bold=True,
            anchor="midbottom",
        )

    def teams(self) -> tuple[int, int]:
        """(our team, their team) for the seat at the bottom: "Us" is always the side of the
        person looking (a LAN player at East or West, or the acting person in hot-seat)."""
        us = self.me & 1
        return us, 1 - us

    def _draw_score(self, s: pygame.Surface, lay: Layout) -> None:
        """The score panel: one cached picture per look (it is drawn every frame, as it counts up)."""
        r = lay.score_rect
        shown = (round(self.score_shown[0]), round(self.score_shown[1]))
        key = (
            lay.w,
            lay.h,
            shown,
            self.pv.tricks_won,
            self.pv.phase == "play" or bool(self.pv.tricks),
            self.pv.rules.target,
            self.teams(),
        )
        if self._score_key != key:
            self._score_key = key
            surf = pygame.Surface(r.size, pygame.SRCALPHA)
            self._render_score(surf, lay, pygame.Rect(0, 0, r.w, r.h))
            self._score_surf = surf
        assert self._score_surf is not None
        s.blit(self._score_surf, r.topleft)

    def _render_score(self, s: pygame.Surface, lay: Layout, r: pygame.Rect) -> None:
        blit_panel(s, r, color=(6, 20, 14, 215), radius=round(lay.unit * 1.6))
        pad = round(lay.unit * 1.6)
        t = lay.text
        blit_text(s, tr("Score"), t, (r.x + pad, r.y + pad), theme.INK_DIM, bold=True)
        blit_text(
            s,
            tr("to {n}", n=self.pv.rules.target),
            t,
            (r.right - pad, r.y + pad),
            theme.INK_DIM,
            anchor="topright",
        )
        tw = self.pv.tricks_won
        show_tricks = self.pv.phase == "play" or bool(self.pv.tricks)
        for row, (i, label) in enumerate(zip(self.teams(), (tr("Us"), tr("Them")), strict=True)):
            y = r.y + pad + round(t * 1.7) + row * round(t * 2.35)
            pygame.draw.circle(
                s, theme.TEAM[i], (r.x + pad + t // 3, y + round(t * 0.72)), max(3, t // 3)
            )
            blit_text(s, label, round(t * 1.05), (r.x + pad + t, y), theme.TEAM[i], bold=True)
            if show_tricks:
                blit_text(
                    s,
                    tr("{n} tricks", n=tw[i]) if tw[i] != 1 else tr("1 trick"),
                    round(t * 0.75),
                    (r.x + pad + t, y + round(t * 1.35)),
                    theme.INK_DIM,
                )
            blit_text(
                s,
                str(round(self.score_shown[i])),
                round(t * 1.5),
                (r.right - pad, y + round(t * 0.95)),
                theme.INK,
                bold=True,
                anchor="midright",
            )

    def _draw_contract(self, s: pygame.Surface, lay: Layout) -> None:
        pv = self.pv
        r = lay.contract_rect
        blit_panel(s, r, color=(6, 20, 14, 215), radius=round(lay.unit * 1.6))
        pad = round(lay.unit * 1.6)
        t = lay.text
        blit_text(
            s,
            tr("Hand {n}", n=pv.hand_number),
            t,
            (r.right - pad, r.y + pad),
            theme.INK_DIM,
            anchor="topright",
        )
        if pv.contract and pv.declarer is not None:
            blit_text(s, tr("Contract"), t, (r.x + pad, r.y + pad), theme.INK_DIM, bold=True)
            level = pv.contract[:-2] if pv.contract.endswith("NT") else pv.contract.rstrip("CDHS")
            big = round(t * 2.2)
            y = r.y + pad + round(t * 1.5)
            lr = blit_text(s, level, big, (r.x + pad, y), theme.INK, bold=True)
            if pv.trump:
                if pv.trump == "NT":
                    blit_text(
                        s,
                        tr("NT"),
                        round(big * 0.8),
                        (lr.right + pad, lr.centery),
                        theme.GOLD,
                        bold=True,
                        anchor="midleft",
                    )
                else:
                    sym = SUIT_SYMBOL[pv.trump]
                    chip = pygame.Rect(
                        lr.right + pad // 2, lr.y + lr.h // 10, round(big * 1.05), round(big * 1.05)
                    )
                    pygame.draw.ellipse(s, (250, 248, 240), chip)
                    blit_text(
                        s,
                        sym,
                        round(big * 0.85),
                        chip.center,
                        theme.suit_color(pv.trump, self.four_color, on_dark=False),
                        anchor="center",
                    )
            else:
                blit_text(
                    s,
                    tr("choosing trump\u2026"),
                    round(t * 0.85),
                    (lr.right + pad, lr.centery),
                    theme.INK_DIM,
                    anchor="midleft",
                )
            by = tr("by {name}", name=self.names[pv.declarer])
            if pv.doubled:
                by += "  \u00b7  " + tr("doubled")
            blit_text(
                s,
                by,
                round(t * 0.95),
                (r.x + pad, r.bottom - pad),
                theme.TEAM[pv.declarer & 1],
                bold=True,
                anchor="bottomleft",
                max_width=r.w - 2 * pad,
            )
        else:
            blit_text(s, tr("Auction"), t, (r.x + pad, r.y + pad), theme.INK_DIM, bold=True)
            bids = [(st, c) for st, c in pv.calls if c not in ("pass", "double", "no_double")]
            if bids:
                seat, bid = bids[-1]
                theme.draw_label(
                    s,
                    call_label(bid),
                    pygame.Rect(
                        r.x + pad, r.y + pad + round(t * 1.4), round(t * 5), round(t * 2.8)
                    ),
                    round(t * 2.2),
                    theme.INK,
                    self.four_color,
                    on_dark=True,
                )
                blit_text(
                    s,
                    tr("high bid: {name}", name=self.names[seat]),
                    round(t * 0.95),
                    (r.x + pad, r.bottom - pad),
                    theme.TEAM[seat & 1],
                    bold=True,
                    anchor="bottomleft",
                    max_width=r.w - 2 * pad,
                )
            else:
                blit_text(
                    s,
                    tr("No bid yet"),
                    round(t * 1.1),
                    (r.x + pad, r.centery + t // 2),
                    theme.INK,
                    anchor="midleft",
                )
                blit_text(
                    s,
                    tr("Bids: 7 to 13 tricks"),
                    round(t * 0.85),
                    (r.x + pad, r.bottom - pad),
                    theme.INK_DIM,
                    anchor="bottomleft",
                )

    def _draw_banner(self, s: pygame.Surface, lay: Layout, textline: str) -> None:
        size = lay.heading
        surf_w = text.size_of(textline, size, True)[0]
        r = pygame.Rect(0, 0, surf_w + lay.unit * 8, round(size * 2.2))
        r.center = lay.centre
        blit_panel(s, r, color=(8, 24, 18, 230), border=(*theme.GOLD, 200), radius=r.h // 2)
        theme.draw_label(s, textline, r, size, theme.GOLD, self.four_color, on_dark=True)

    def _draw_toast(self, s: pygame.Surface, lay: Layout) -> None:
        assert self.toast is not None
        msg, left = self.toast
        size = lay.text
        w = text.size_of(msg, size, True)[0] + round(lay.unit * 6)
        r = pygame.Rect(0, 0, w, round(size * 2.1))
        hand = lay.hand_rects(13)[0]
        r.midbottom = (lay.w // 2, hand.top - lay.lift - lay.unit)
        alpha = 235 if left > 0.3 else round(235 * left / 0.3)
        blit_panel(
            s,
            r,
            color=(120, 24, 24, alpha),
            border=(255, 255, 255, min(alpha, 80)),
            radius=r.h // 2,
        )
        blit_text(s, msg, size, r.center, theme.INK, bold=True, anchor="center")

    def _draw_overlay(self, s: pygame.Surface, lay: Layout) -> None:
        ov = self.overlay
        assert ov is not None
        s.blit(self.veil(lay, 140), (0, 0))
        box = self.overlay_rect()
        blit_panel(
            s,
            box,
            color=(10, 30, 22, 245),
            border=(*theme.GOLD, 160),
            radius=round(lay.unit * 2.5),
            glow=(0, 0, 0, 160),
        )
        kind = ov["kind"]
        if kind == "summary":
            self._draw_summary(s, lay, box, ov["event"])
        elif kind == "gameover":
            self._draw_game_over(s, lay, box, ov["event"])
        elif kind == "scores":
            self._draw_sheet(s, lay, box)
        elif kind == "played":
            self._draw_played(s, lay, box)
        else:
            blit_text(
                s,
                tr("Paused"),
                lay.heading,
                (box.centerx, box.y + lay.heading // 2),
                theme.GOLD,
                bold=True,
                anchor="midtop",
            )
        for b in self.overlay_buttons():
            b.draw(s, self.four_color)

    def _row(
        self,
        s: pygame.Surface,
        lay: Layout,
        box: pygame.Rect,
        y: int,
        label: str,
        a: str,
        b: str,
        bold: bool = False,
    ) -> None:
        t = round(lay.text * 1.1)
        us, them = self.teams()
        # right to left: the label at the right edge, then "Us" and "Them" towards the left
        rtl = i18n.is_rtl()
        label_x = box.right - round(box.w * 0.1) if rtl else box.x + round(box.w * 0.1)
        # centred on one line: Arabic and Latin fonts have different heights
        cy = y + round(t * 0.65)
        blit_text(
            s, label, t, (label_x, cy), theme.INK_DIM, anchor="midright" if rtl else "midleft"
        )
        xa, xb = (0.38, 0.16) if rtl else (0.62, 0.84)
        blit_text(
            s, a, t, (box.x + round(box.w * xa), cy), theme.TEAM[us], bold=bold, anchor="center"
        )
        blit_text(
            s, b, t, (box.x + round(box.w * xb), cy), theme.TEAM[them], bold=bold, anchor="center"
        )

    def _draw_summary(
        self, s: pygame.Surface, lay: Layout, box: pygame.Rect, ev: HandScored
    ) -> None:
        mine = (ev.declarer & 1) == (self.me & 1)
        head = tr("Contract made!") if ev.made else tr("Contract failed")
        if ev.tricks[ev.declarer & 1] == 13:
            head = tr("Kaboot! All thirteen tricks")
        color = theme.GOLD if ev.made == mine else (255, 130, 120)
        y = box.y + round(lay.unit * 3)
        blit_text(
            s, head, round(lay.heading * 1.2), (box.centerx, y), color, bold=True, anchor="midtop"
        )
        y += round(lay.heading * 2.0)
        desc = tr("{name} bid {bid}", name=self.names[ev.declarer], bid=call_label(ev.contract))
        trump = self.pv.results[-1].trump if self.pv.results else None
        if trump and not self.pv.rules.suit_bidding:
            desc += ", " + tr("trump {suit}", suit=trump_label(trump))
        if ev.doubled:
            desc += ", " + tr("doubled")
        theme.draw_label(
            s,
            desc,
            pygame.Rect(box.x, y, box.w, round(lay.text * 1.8)),
            round(lay.text * 1.15),
            theme.INK,
            self.four_color,
            on_dark=True,
        )
        y += round(lay.text * 3)
        us, them = self.teams()
        self._row(s, lay, box, y, "", tr("Us"), tr("Them"), bold=True)
        y += round(lay.text * 1.9)
        self._row(s, lay, box, y, tr("Tricks"), str(ev.tricks[us]), str(ev.tricks[them]))
        y += round(lay.text * 1.7)
        self._row(s, lay, box, y, tr("Points"), f"{ev.points[us]:+d}", f"{ev.points[them]:+d}")
        y += round(lay.text * 1.7)
        pygame.draw.line(
            s, (255, 255, 255, 60), (box.x + box.w // 10, y), (box.right - box.w // 10, y)
        )
        y += round(lay.text * 0.6)
        self._row(s, lay, box, y, tr("Total"), str(ev.totals[us]), str(ev.totals[them]), bold=True)
        dd = self.overlay.get("dd") if self.overlay is not None else None
        if isinstance(dd, int):
            y += round(lay.text * 2.0)
            blit_text(
                s,
                tr("With every card seen, the declarers could take {n} tricks", n=dd),
                round(lay.text * 0.95),
                (box.centerx, y),
                theme.INK_DIM,
                anchor="midtop",
            )

    def _draw_game_over(
        self, s: pygame.Surface, lay: Layout, box: pygame.Rect, ev: GameOver
    ) -> None:
        won = (ev.winner & 1) == (self.me & 1)
        if not self.humans or {h & 1 for h in self.humans} == {0, 1}:
            # nobody, or people on both sides: name the winners rather than say "you"
            won = True
            head = tr("{a} and {b} win", a=self.names[ev.winner], b=self.names[ev.winner + 2])
        else:
            head = tr("You win the game!") if won else tr("They win the game")
        y = box.y + round(lay.unit * 4)
        blit_text(
            s,
            head,
            round(lay.heading * 1.5),
            (box.centerx, y),
            theme.GOLD if won else (255, 150, 130),
            bold=True,
            anchor="midtop",
        )
        y += round(lay.heading * 2.6)
        us, them = self.teams()
        blit_text(s, tr("Final score"), lay.text, (box.centerx, y), theme.INK_DIM, anchor="midtop")
        y += round(lay.text * 1.8)
        big = round(lay.heading * 1.8)
        blit_text(
            s,
            str(ev.totals[us]),
            big,
            (box.centerx - box.w // 6, y),
            theme.TEAM[us],
            bold=True,
            anchor="midtop",
        )
        blit_text(s, "\u2013", big, (box.centerx, y), theme.INK_DIM, bold=True, anchor="midtop")
        blit_text(
            s,
            str(ev.totals[them]),
            big,
            (box.centerx + box.w // 6, y),
            theme.TEAM[them],
            bold=True,
            anchor="midtop",
        )
        y += round(big * 1.5)
        blit_text(
            s, tr("Us"), lay.text, (box.centerx - box.w // 6, y), theme.TEAM[us], anchor="midtop"
        )
        blit_text(
            s,
            tr("Them"),
            lay.text,
            (box.centerx + box.w // 6, y),
            theme.TEAM[them],
            anchor="midtop",
        )
        y += round(lay.text * 2)
        hands = sum(1 for r in self.pv.results if r.contract)
        blit_text(
            s,
            tr("{n} hands played", n=hands),
            lay.text,
            (box.centerx, y),
            theme.INK_DIM,
            anchor="midtop",
        )
        if self.exported is not None:
            y += round(lay.text * 1.8)
            blit_text(
                s,
                tr("Saved to {path}", path=str(self.exported)),
                round(lay.text * 0.85),
                (box.centerx, y),
                theme.GOLD,
                anchor="midtop",
                max_width=box.w - lay.margin * 2,
            )

    def played_grid(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """For the "Cards played" page: per suit (spades first), every rank from the ace
        down with its state: "played", "mine" (in the hand shown; never under the hot-seat
        cover, which must not show whose cards are whose) or "out" (not seen yet)."""
        played = {c for _, c in self.pv.played_cards()}
        mine = set() if self.covered() else set(self.pv.hand)
        out = []
        for suit in "SHDC":
            row = []
            for rank in reversed(RANKS):
                card = rank + suit
                state = "played" if card in played else "mine" if card in mine else "out"
                row.append((card, state))
            out.append((suit, row))
        return out

    def _page_title(self, s: pygame.Surface, lay: Layout, box: pygame.Rect, title: str) -> None:
        """The heading of a full page over the table (score sheet, cards played)."""
        blit_text(
            s,
            title,
            lay.heading,
            (box.centerx, box.y + round(lay.unit * 2)),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )

    def _draw_played(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        t = lay.text
        self._page_title(s, lay, box, tr("Cards played"))
        y = box.y + round(lay.heading * 2.6)
        size = round(t * 1.35)
        step_x = (box.w - round(lay.unit * 16)) // 13
        x0 = box.x + round(lay.unit * 12)
        gone = (110, 120, 115)  # played cards: grey, and struck through below
        colours = {"played": gone, "mine": theme.GOLD, "out": theme.INK}
        for suit, row in self.played_grid():
            blit_text(
                s,
                SUIT_SYMBOL[suit],
                round(size * 1.2),
                (box.x + round(lay.unit * 6), y + size // 2),
                theme.suit_color(suit, self.four_color, on_dark=True),
                anchor="center",
            )
            for i, (card, state) in enumerate(row):
                label = "10" if card[0] == "T" else card[0]
                cx = x0 + i * step_x + step_x // 2
                r = blit_text(
                    s, label, size, (cx, y + size // 2), colours[state], bold=True, anchor="center"
                )
                if state == "played":  # struck through: gone from the game
                    pygame.draw.line(s, gone, (r.left, r.centery), (r.right, r.centery), 2)
            y += round(size * 1.9)
        legend = tr("Gold: your cards  ·  white: not played yet  ·  struck out: played")
        if self.covered():
            legend = tr("White: not played yet  ·  struck out: played")
        blit_text(
            s,
            legend,
            round(t * 0.9),
            (box.centerx, y + round(t * 0.4)),
            theme.INK_DIM,
            anchor="midtop",
            max_width=box.w - 2 * lay.margin,
        )

    def _draw_sheet(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        t = lay.text
        self._page_title(s, lay, box, tr("Score sheet"))
        us, them = self.teams()
        cols = [0.06, 0.16, 0.40, 0.56, 0.68, 0.80, 0.92]
        if i18n.is_rtl():  # the columns read from the right
            cols = [1 - c for c in cols]
        heads = [
            "#",
            tr("Contract"),
            tr("Declarer"),
            tr("Tricks"),
            tr("Us"),
            tr("Them"),
            tr("Total"),
        ]
        y = box.y + round(lay.heading * 2.4)
        for c, h in zip(cols, heads, strict=True):
            blit_text(
                s, h, t, (box.x + round(box.w * c), y), theme.INK_DIM, bold=True, anchor="midtop"
            )
        y += round(t * 1.8)
        rows = list(self.pv.results)
        max_rows = max(1, (box.bottom - y - lay.button[1] - round(lay.unit * 5)) // round(t * 1.55))
        start = max(0, len(rows) - max_rows)
        for i, r in enumerate(rows[start:], start=start + 1):
            if r.contract is None:
                vals = [
                    str(i),
                    tr("thrown in"),
                    "",
                    "",
                    "",
                    "",
                    f"{r.totals[us]} / {r.totals[them]}",
                ]
            else:
                con = call_label(r.contract)
                if r.trump and not self.pv.rules.suit_bidding:
                    con += " " + (SUIT_SYMBOL.get(r.trump, tr("NT")))
                if r.doubled:
                    con += " x2"
                vals = [
                    str(i),
                    con,
                    self.names[r.declarer or 0],
                    f"{r.tricks[us]}-{r.tricks[them]}",
                    f"{r.points[us]:+d}",
                    f"{r.points[them]:+d}",
                    f"{r.totals[us]} / {r.totals[them]}",
                ]
            for k, (c, v) in enumerate(zip(cols, vals, strict=True)):
                col = theme.TEAM[us if k == 4 else them] if k in (4, 5) else theme.INK
                rect = pygame.Rect(0, 0, round(box.w * 0.2), round(t * 1.5))
                rect.midtop = (box.x + round(box.w * c), y)
                theme.draw_label(s, v, rect, t, col, self.four_color, on_dark=True)
            y += round(t * 1.55)
        if not rows:
            blit_text(
                s,
                tr("No hand finished yet"),
                t,
                (box.centerx, y + t),
                theme.INK_DIM,
                anchor="midtop",
            )
