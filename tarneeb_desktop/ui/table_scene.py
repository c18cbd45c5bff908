"""The table: shows the game from one seat, animates the table's events, takes the player's moves.

The scene never decides a rule. It shows ``state.view(seat)`` (kept in ``self.pv``, the view
being presented), submits what the player chose to ``Table.submit``, and turns the events it
gets back into a queue of animation steps; while the queue runs, the presented view is moved
toward the table's view one event at a time and nobody is asked to act.

This class drives the game (the table, the computer players, saving, statistics, hints and
the summary's analysis) and ties together the parts in ``ui/game/``, which draw and take
input: the timeline, the hand, the bid panel, the panels around the table, the score, the
dialogs, the hot-seat cover, the controls (where each event goes) and the frame (the drawing
in order). What they share, the scene holds: the presented view, the cards on the table
(``trick_cards``, ``trick_winner``), the deal in progress (``dealt``), the banner and the
toast, the cards drawn elsewhere (``hidden``) and the open dialog (``overlay``).

Over 600 lines because the game's flow is kept here whole, in one place, until it moves to
the table's flow package behind a link; what is left then is the parts' glue.
"""

from __future__ import annotations

import logging
import os
import random
from collections import deque
from pathlib import Path
from typing import Any

import pygame

from tarneeb_desktop.ai.analysis import can_claim, could_have_taken
from tarneeb_desktop.rules import Event, GameState, RulesError, View
from tarneeb_desktop.rules.cards import RANKS
from tarneeb_desktop.table import AIWorker, Table, safe_choose
from tarneeb_desktop.ui.anim import Step
from tarneeb_desktop.ui.app import (
    App,
    export_record,
    read_save,
    savegame_path,
    stats_path,
    test_log,
    write_save,
)
from tarneeb_desktop.ui.game.bid_panel import BidPanel
from tarneeb_desktop.ui.game.controls import Controls
from tarneeb_desktop.ui.game.cover import HotSeatCover
from tarneeb_desktop.ui.game.dialogs import PAGES, Dialog, SummaryDialog, played_grid
from tarneeb_desktop.ui.game.frame import Frame
from tarneeb_desktop.ui.game.hand import Hand
from tarneeb_desktop.ui.game.labels import action_label, card_label, display_order
from tarneeb_desktop.ui.game.panels import THINK_SIGN_AFTER, Panels
from tarneeb_desktop.ui.game.score import ScorePanel
from tarneeb_desktop.ui.game.timeline import Timeline
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout, side_of
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.theme import Button

log = logging.getLogger(__name__)


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
        # what the parts share: the presented view and what is on the table
        self.pv: View = self.table.view(self.me)
        self.hidden: set[str] = set()  # my cards drawn elsewhere (flying, dragged, shaking)
        self.trick_cards: list[tuple[int, str]] = []
        self.trick_winner: int | None = None
        self.dealt: list[int] | None = None  # cards shown per seat while dealing
        self.banner: str | None = None
        self.toast: tuple[str, float] | None = None
        self.overlay: Dialog | None = None
        self.last_trick_shown = False
        self.last_trick_key = False
        self.mouse = (0, 0)
        self.time = 0.0
        # the parts
        self.timeline = Timeline(self)
        self.hand = Hand(self)
        self.bids = BidPanel(self)
        self.panels = Panels(self)
        self.score = ScorePanel(self)
        # Hot-seat: with two or more people at this computer, see ``game/cover.py``.
        self.cover = HotSeatCover(self)
        self.controls = Controls(self, test_log)
        self.frame = Frame(self)
        # the game's flow
        self.ai_key: tuple[Any, ...] | None = None
        self.ai_elapsed = 0.0
        self.ai_pause = 0.0
        self.ai_action: str | None = None
        self.finished = False
        self._layout: Layout | None = None
        self.hint_future: tuple[tuple[int, int, int], Any] | None = None
        self._hint_pool: Any = None
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
            self.bids.forget()
            self.frame.stale()
        return self._layout

    @property
    def speed(self) -> float:
        return self.app.settings.speed_factor

    @property
    def four_color(self) -> bool:
        return self.app.settings.card_style == "four-color"

    # the names of the parts' state that the tests and RemoteTableScene read
    @property
    def steps(self) -> deque[Step]:
        return self.timeline.steps

    @property
    def current(self) -> Step | None:
        return self.timeline.current

    @property
    def kb_card(self) -> str | None:
        return self.hand.kb_card

    @property
    def drag(self) -> tuple[str, tuple[int, int]] | None:
        return self.hand.drag

    @property
    def hotseat(self) -> bool:
        return self.cover.hotseat

    def warm_up(self) -> None:
        lay = self.layout
        self.app.cards.preload([lay.card[1], lay.trick_card[1]], [lay.back[1]])

    def on_show(self) -> None:
        self.warm_up()
        self.invalidate()
        if self.pv.phase != "over" and not self.pv.calls and not self.pv.played_cards():
            self.timeline.queue_deal()

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
        self.frame.stale()
        self.bids.forget()
        self.dirty = True

    def redraw_static(self) -> None:
        """Draw the static layer again (its buttons stay as they are laid out)."""
        self.frame.stale()
        self.dirty = True

    def busy(self) -> bool:
        return bool(
            self.timeline.running()
            or self.timeline.tweens
            or self.toast
            or self.hand.drag
            or self.score.counting
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

    def _queue_events(
        self, events: list[Event], after: View, from_rect: pygame.Rect | None
    ) -> None:
        self.timeline.queue_events(events, after, from_rect)

    # the hot-seat cover (RemoteTableScene adds to ``conceal`` and ``_settle_cover``)
    def conceal(self) -> None:
        self.cover.conceal()

    def reveal(self) -> None:
        self.cover.reveal()

    def next_human(self) -> int:
        return self.cover.next_human(self.table.state.current_player())

    def covered(self) -> bool:
        """True while the privacy cover hides the table (hot-seat, between people's turns)."""
        return self.cover.shown

    def _settle_cover(self) -> None:
        self.cover.settle(self.table.state.current_player(), self.table.view)

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

    def _analyse_hand(self, overlay: SummaryDialog, after: View) -> None:
        """Ask "could we have made it?" for the hand just played: the double-dummy tricks of
        the declaring side (every card has been shown by now, so this reveals nothing)."""
        if not after.results or self.autoplay:
            return
        row = after.results[-1]
        history = getattr(self.table.state, "history", ())
        if not any(row.cards) and history and history[-1].plays:
            row = history[-1]  # views carry rows without the cards; the table has them
        if self.inline_ai:
            overlay.dd = could_have_taken(row)
            return
        self.dd_future = (overlay, self._pool().submit(could_have_taken, row))

    def _poll_analysis(self) -> None:
        if self.dd_future is None or not self.dd_future[1].done():
            return
        overlay, fut = self.dd_future
        self.dd_future = None
        try:
            overlay.dd = fut.result()
        except Exception:  # an extra line on the summary: never worth stopping the game for
            return
        if self.overlay is overlay:
            self.invalidate()

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
            self.timeline.run(step_dt)
            step_dt = 0.0
            if self.timeline.running():
                break
            self._settle_cover()
            if not (self._drive_self() or self._drive_ai()):
                break
        self.timeline.advance_tweens(dt)
        if self.toast:
            left = self.toast[1] - dt
            self.toast = (self.toast[0], left) if left > 0 else None
            self.dirty = True
        self.score.advance(dt)
        if self.overlay is not None:
            self.overlay.age += dt
            if self.autoplay and self.overlay.age >= self.overlay.autoplay_wait * self.speed:
                if self.overlay.kind == "gameover":
                    self.finished = True
                    self.app.quit(self.app.exit_code)
                self.overlay = None
                self.invalidate()
        self.controls.log_turn()

    _frame_dt = 0.0

    def _ai_to_move(self) -> int | None:
        """The computer seat that must act now, if any (nothing is animating, no dialog)."""
        if self.timeline.running() or self.overlay is not None or self.finished:
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

    # ------------------------------------------------------------------ queries
    def my_turn(self) -> bool:
        """True when the table waits for me (nothing animating, no dialog open)."""
        return (
            bool(self.humans)
            and self.pv.turn == self.me
            and self.table.state.current_player() == self.me
            and not self.timeline.running()
            and self.overlay is None
            and self.cover.revealed
        )

    def turn_shown(self) -> int | None:
        """Whose turn the table shows: nobody's while a trick is gathered, a hand is summed
        up or the cards are dealt (the presented view's turn is stale then)."""
        if self.pv.phase == "over" or self.dealt is not None or self.trick_winner is not None:
            return None
        current = self.timeline.current
        if current is not None and current.name in ("rest", "gather", "summary", "gameover"):
            return None
        return self.pv.turn

    def teams(self) -> tuple[int, int]:
        """(our team, their team) for the seat at the bottom: "Us" is always the side of the
        person looking (a LAN player at East or West, or the acting person in hot-seat)."""
        us = self.me & 1
        return us, 1 - us

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
        return self.hand.card_rects()

    def try_play(self, card: str, from_rect: pygame.Rect | None = None) -> bool:
        return self.hand.try_play(card, from_rect)

    def buttons(self) -> list[Button]:
        """The action panel for my turn outside play: exactly the legal calls, as buttons."""
        return self.bids.buttons()

    def played_grid(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """For the "Cards played" page: each card "played", "mine" (in the hand shown; never
        under the hot-seat cover, which must not show whose cards are whose) or "out"."""
        mine = set() if self.covered() else set(self.pv.hand)
        return played_grid({c for _, c in self.pv.played_cards()}, mine)

    # ------------------------------------------------------------------ input
    def handle_event(self, ev: pygame.event.Event) -> bool:
        return self.controls.handle_event(ev)

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
            self.hand.kb_card = action
            self.say(tr("Hint: play {card}", card=card_label(action)))
        else:
            self.bids.choose(action)
            self.say(tr("Hint: {call}", call=action_label(self.pv.phase, action)))
        self.invalidate()

    # ------------------------------------------------------------------ dialogs
    def open_overlay(self, kind: str) -> None:
        if self.overlay is not None and self.overlay.kind in ("summary", "gameover"):
            return
        self.hand.cancel_drag()
        self.overlay = PAGES[kind](self)
        self.invalidate()

    def overlay_buttons(self) -> list[Button]:
        return [] if self.overlay is None else self.overlay.buttons()

    def _overlay_action(self, action: str) -> None:
        kind = self.overlay.kind if self.overlay else ""
        if action == "close":
            self.overlay = None
        elif action == "menu":  # "Main menu", on the pause menu or at the game's end
            self.overlay = None
            self.app.show_menu()
            return
        elif action in PAGES:
            self.overlay = PAGES[action](self)
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
    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface)
