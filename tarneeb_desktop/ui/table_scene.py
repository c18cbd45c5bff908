"""The table: shows the game from one seat, animates the table's events, takes the player's moves.

The scene never decides a rule. It reaches its game through one *link* (``table/link.py``):
a local link to a table flow in this process (offline and hot-seat), or a remote link to a
LAN host (``net/link.py``), whose extras (chat, reactions) ``game/lan.py`` shows. Each frame
it polls the link for updates (a seat's new view and the events that led to it), turns the
shown seat's into animation steps that move the presented view (``self.pv``) toward the new
one event by event, and lets the link drive what plays by itself (``pump``) once nothing is
animating and a short pause has passed: pacing computer moves is the window's business.

The parts in ``ui/game/`` draw and take input: the timeline, the hand, the bid panel, the
panels around the table, the score, the dialogs, the hot-seat cover, the controls and the
frame. What they share, the scene holds: the presented view, what the animation draws
elsewhere (``flying``, ``gathering``, ``trick_winner``, the deal in progress ``dealt``), the
banner and the toast, the cards drawn elsewhere (``hidden``) and the open dialog
(``overlay``, on the window's modal stack: ``game/table_modal.py``). Whenever no animation
runs, the table is a function of the presented view and those choices: the cards on the
table are the view's trick (``trick_cards``), and ``Frame.report`` says what was drawn
(``ui/game/drawn.py`` compares it with the view).
Over 600 lines: the glue of those parts and both links' updates, which share this state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pygame

from tarneeb_desktop.net.link import NOT_CONNECTED, RemoteLink
from tarneeb_desktop.rules import CardPlayed, GameState, View
from tarneeb_desktop.session.game import new_state, offline_link, pauses
from tarneeb_desktop.session.lan import remote_link
from tarneeb_desktop.table.flow import SEAT_NAMES
from tarneeb_desktop.table.link import Link, Notice, Update
from tarneeb_desktop.table.savegame import read_save, savegame_path
from tarneeb_desktop.ui import text
from tarneeb_desktop.ui.anim import Step, Tween
from tarneeb_desktop.ui.game.bid_panel import BidPanel
from tarneeb_desktop.ui.game.controls import Controls
from tarneeb_desktop.ui.game.cover import HotSeatCover
from tarneeb_desktop.ui.game.dialogs import Dialog, played_grid
from tarneeb_desktop.ui.game.drawn import Drawn
from tarneeb_desktop.ui.game.frame import Frame
from tarneeb_desktop.ui.game.hand import Hand
from tarneeb_desktop.ui.game.hints import CouldHave, Hints
from tarneeb_desktop.ui.game.labels import display_order
from tarneeb_desktop.ui.game.pages import PAGES
from tarneeb_desktop.ui.game.panels import THINK_SIGN_AFTER, Panels
from tarneeb_desktop.ui.game.score import ScorePanel
from tarneeb_desktop.ui.game.table_modal import TableModal
from tarneeb_desktop.ui.game.timeline import Timeline
from tarneeb_desktop.ui.game.undo import Undo
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout, side_of
from tarneeb_desktop.ui.scene import Scene, test_log
from tarneeb_desktop.ui.theme import Button

if TYPE_CHECKING:
    from tarneeb_desktop.net.client import ClientSession
    from tarneeb_desktop.table.seats import Seat
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.cards import CardArt
    from tarneeb_desktop.ui.game.lan import LanExtras


class TableScene(Scene):
    """A game in progress, seen from seat ``me``, through ``link``. Offline:
    ``TableScene(app, state, names, humans, levels, seed, ...)`` asks the session module
    (``session.offline_link``) for the table and its listeners; a LAN seat: :meth:`remote`."""

    def __init__(
        self,
        app: App,
        state: GameState | None,
        names: list[str] | None = None,
        humans: tuple[int, ...] = (0,),
        levels: list[str] | None = None,
        seed: int = 0,
        autoplay: bool = False,
        save_record: str | None = None,
        inline_ai: bool = False,
        *,
        link: Link | None = None,
        after_game: Callable[[TableScene], None] | None = None,
    ) -> None:
        super().__init__(app)
        #: when set (a tournament game), the game-over dialog offers Continue, which calls it
        self.after_game = after_game
        self.autoplay = autoplay
        self.save_record = save_record
        self.seed = seed
        self.levels = list(levels or app.settings.levels)
        self.inline_ai = inline_ai or app.settings.speed_factor == 0
        if link is None:
            assert state is not None and names is not None
            link = self._local_link(state, names, tuple(humans))
        self.link: Link = link
        self.names = link.names
        self.humans = tuple(link.people)
        self.me = self.humans[0] if self.humans else 0
        self.link.set_auto_single(bool(getattr(app.settings, "auto_play_single", False)))
        self.rng = pauses(seed)
        # what the parts share: the presented view and what is on the table
        self.pv: View = link.view(self.me)
        self.shown_seq = link.seq  # the table's seq of the last update taken in for display
        # per local seat: updates received and not yet taken in (the shown seat's are
        # animated; the others' are kept in step with the animation)
        self.inbox: dict[int, list[Update]] = {s: [] for s in (self.humans or (self.me,))}
        self.view_seq: dict[int, int] = dict.fromkeys(self.inbox, link.seq)
        #: per local seat: its view at the point the animation has reached
        self.views: dict[int, View] = {s: link.view(s) for s in self.inbox}
        self.last_view = self.pv  # the shown seat's last view taken in
        self.sent_rect: pygame.Rect | None = None  # where my card was let go, to fly from
        self.hidden: set[str] = set()  # my cards drawn elsewhere (flying, dragged, shaking)
        #: the cards of the presented trick that a step draws elsewhere (flying to the table)
        self.flying: set[str] = set()
        #: the trick's cards are on their way to its winner (the gather step draws them)
        self.gathering = False
        #: the seat whose card is marked as winning the trick (the pause before it is gathered)
        self.trick_winner: int | None = None
        self.dealt: list[int] | None = None  # cards shown per seat while dealing
        self.banner: str | None = None
        self.toast: tuple[str, float] | None = None
        self.drawn = Drawn()  # what the parts last drew, for the tests and the monkey
        self.last_trick_shown = False
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
        self.lan: LanExtras | None = None
        if link.remote:
            from tarneeb_desktop.ui.game.lan import LanExtras

            self.lan = LanExtras(self, cast(RemoteLink, link))  # the one remote link
        # pacing: the pause before a computer's move, counted while nothing is animating
        self.pause_key: tuple[int, int | None] | None = None
        self.pause = 0.0
        self.ai_elapsed = 0.0
        self.finished = False
        self._layout: Layout | None = None
        self.hints = Hints(self)
        self.undo = Undo(self)
        self.exported: Path | None = None
        self.could_have = CouldHave(self)  # the summary's "could we have made it?"

    def _local_link(self, state: GameState, names: list[str], humans: tuple[int, ...]) -> Link:
        """A table flow in this process, set up by ``session.offline_link``: people at
        ``humans``, computers elsewhere; saved, counted and kept when a person plays; the
        autoplayed game's record written when it ends (``--save-record``)."""
        return offline_link(
            state, names, humans, self.levels, self.seed,
            inline=self.inline_ai,
            allow_undo=self.app.settings.allow_undo,
            autoplay=self.autoplay,
            save_record=self.save_record if self.autoplay else None,
            on_record_error=self._record_error,
            note=test_log,
        )  # fmt: skip

    def _record_error(self, exc: OSError) -> None:
        print(f"tarneeb: cannot write {self.save_record}: {exc}")
        self.app.exit_code = 1

    @classmethod
    def remote(
        cls,
        app: App,
        session: ClientSession,
        view: View,
        seq: int,
        host: Any = None,
        others: tuple[ClientSession, ...] | list[ClientSession] = (),
        after_game: Callable[[TableScene], None] | None = None,
        keep_on_leave: bool = False,
    ) -> TableScene:
        """A seat (or several, for the people at this screen) at a LAN host's table;
        ``after_game`` as for a local table (a tournament's game); ``keep_on_leave``: the
        host's own table goes on while its host is in the menu."""
        compass = [tr(SEAT_NAMES[s]) for s in range(4)]
        link = remote_link(
            session, view, seq, others, host, default_names=compass, keep_on_leave=keep_on_leave
        )
        return cls(app, None, link=link, after_game=after_game)

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
        state = new_state(rules, seed)  # TARNEEB_TEST_SEED fixes it when none is given
        # The default "You" is a word, not a name: show it in the player's language.
        names = [tr("You") if n == "You" else n for n in app.settings.names]
        if not humans:
            names = [tr(SEAT_NAMES[s]) for s in range(4)]
        levels = [level] * 4 if level else levels
        return cls(app, state, names, humans, levels, state.seed, autoplay, save_record, inline_ai)

    @classmethod
    def from_saved(cls, app: App, path: Path | None = None) -> TableScene | None:
        """The saved game, or None when there is none; SaveError when it is damaged (the
        file has then been set aside)."""
        saved = read_save(path or savegame_path())
        if saved is None:
            return None
        scene = cls(app, saved.state, saved.names, saved.humans, saved.levels, saved.seed)
        if saved.extra.get("taken_back") and scene.table is not None:
            scene.table.taken_back = True  # still marked, still out of the statistics
        if saved.undo is not None and scene.table is not None and scene.table.allow_take_back:
            scene.table.restore_take_back(*saved.undo)  # undo survives Continue
            scene.frame.stale()
        return scene

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

    @property
    def trick_cards(self) -> list[tuple[int, str]]:
        """The cards on the table, by seat: the presented view's trick (``pv.trick``), less
        the cards a step draws elsewhere (one flying in, the trick being gathered, the deal).
        Drawn from the view, so every way onto a table shows the trick it is entered in."""
        trick = self.pv.trick
        if trick is None or self.gathering or self.dealt is not None:
            return []
        lead, cards = trick
        return [((lead + i) % 4, c) for i, c in enumerate(cards) if c not in self.flying]

    @property
    def steps(self) -> deque[Step]:
        """The animation's queue (the monkey and the tests wait on it)."""
        return self.timeline.steps

    # ------------------------------------------------------------------ what the parts reach
    # (the interfaces of ``game/context.py``, besides the state and the queries below)
    @property
    def cards(self) -> CardArt:
        return self.app.cards

    def play_sound(self, name: str) -> None:
        self.app.play_sound(name)

    def add_tween(self, tween: Tween) -> None:
        self.timeline.tweens.append(tween)

    def veil(self, lay: Layout, alpha: int) -> pygame.Surface:
        return self.panels.veil(lay, alpha)

    def action_panel(self) -> pygame.Rect | None:
        """The bid panel's box while it shows buttons (a message is drawn above it)."""
        return self.bids.panel if self.buttons() else None

    @property
    def taken_back(self) -> bool:
        return bool(getattr(self.table, "taken_back", False))

    @property
    def on_lan(self) -> bool:
        return self.link.remote

    def warm_up(self) -> None:
        """Make what the first frames draw before they need it: the cards at this size, the
        felt, the dialogs' veil and the fonts of the table's texts (see ``text.warm``)."""
        lay = self.layout
        self.app.cards.preload([lay.card[1], lay.trick_card[1]], [lay.back[1]])
        self.panels.base(lay)
        self.panels.veil(lay, 0)
        t = lay.text
        text.warm([(t, False), (t, True)])
        # the other sizes of the table's texts (the scores, the contract, the dialogs) and
        # those that fitting a label to its room steps down through: drawn a few letters at a
        # time in the spare time of the frames that follow
        sizes = [round(t * k) for k in (1.05, 1.1, 1.5, 1.8, 2.2)] + [lay.heading]
        text.warm_later([(size, True) for size in sizes] + [(sizes[1], False)])
        text.warm_later([(size, True) for size in range(round(t * 0.6), round(t * 1.2) + 1)])

    def on_show(self) -> None:
        test_log(f"screen TableScene seat={self.me} remote={int(self.link.remote)} at=")
        self.warm_up()
        self.invalidate()
        self.show_dialog()
        if self.reviewing:  # back from "Review": the same table, its dialog still open
            self.reviewing = False
            return
        if self.pv.phase != "over" and not self.pv.calls and not self.pv.played_cards():
            self.timeline.queue_deal()

    #: set while "Review" (``ui/screens/viewer/review.py``) shows this table's game: the table stays open
    reviewing = False

    def on_hide(self) -> None:
        if self.reviewing:
            return
        self.autosave()
        self.link.close()

    def on_resize(self, size: tuple[int, int]) -> None:
        # no warm_up here: dragging a window's edge sends many sizes; cards scale when drawn
        self.invalidate()

    def invalidate(self) -> None:
        """Something on the static layer changed: rebuild it before the next frame."""
        self.redraw_static()
        self.bids.forget()

    def redraw_static(self) -> None:
        """Draw the static layer again (its buttons stay as they are laid out)."""
        self.frame.stale()
        self.dirty = True

    def busy(self) -> bool:
        # An idle window sleeps until an event comes; a LAN message posts one (game/lan.py).
        return bool(
            self.timeline.running()
            or self.timeline.tweens
            or self.toast
            or self.hand.drag
            or self.score.counting
            or self.ai_to_move() is not None
            or (self.autoplay and self.overlay is not None)
            or self.finished
            or self.hints.future is not None
            or self.link.pending_messages()
            or any(self.inbox.values())
            or (self.lan is not None and self.lan.busy())
        )

    def next_wake(self) -> float | None:
        """Seconds until the idle table must look again (a LAN turn timer's next second)."""
        return self.lan.next_wake() if self.lan is not None else None

    # ------------------------------------------------------------------ the link's extras
    @property
    def table(self) -> Any:
        """The table flow behind a local link (tests and the record writer read it)."""
        return getattr(self.link, "table", None)

    @property
    def players(self) -> dict[int, Seat]:
        """The computer seats of a local table."""
        seats = enumerate(self.table.seats if self.table is not None else ())
        return {s: seat for s, seat in seats if seat.kind != "person"}

    @property
    def sessions(self) -> dict[int, ClientSession]:
        return getattr(self.link, "sessions", {})

    @property
    def session(self) -> ClientSession:
        """The LAN session of the seat shown: it acts, chats and reacts."""
        return self.sessions.get(self.me) or next(iter(self.sessions.values()))

    @property
    def host(self) -> Any:
        return getattr(self.link, "host", None)

    def lost_seats(self) -> set[int]:
        return set(getattr(self.link, "lost", ()))

    @property
    def lost(self) -> bool:
        """A LAN connection of this screen dropped and is being taken back."""
        return bool(getattr(self.link, "lost", ()))

    @property
    def chat_open(self) -> bool:
        return self.lan is not None and self.lan.chat.open

    def lan_buttons(self) -> list[Button]:
        return [] if self.lan is None else self.lan.buttons()

    def new_game_like(self) -> TableScene:
        """A new game with this one's rules, people and computer levels (the rematch, the
        pause menu's "Restart the game")."""
        return TableScene.new_game(
            self.app,
            self.pv.rules,
            humans=self.humans,
            inline_ai=self.inline_ai,
            levels=self.levels,
        )

    @property
    def restartable(self) -> bool:
        """The pause menu offers "Restart…" (``ui/game/undo.py``): an offline game of the
        player's own, not a tournament's, a daily deal's, the tutorial's or one played on
        from the viewer (each has its own way to its end)."""
        local = self.table is not None and not self.link.remote
        return type(self) is TableScene and local and bool(self.humans)

    def ask_before_quit(self) -> bool:
        """Closing the window: a LAN game in progress asks first (``ui/game/lan.py``)."""
        return self.lan is not None and self.lan.ask_before_quit()

    def leave(self) -> None:
        """Give up the seats and, when this window hosts, close the table (LAN)."""
        self.link.close()

    # ------------------------------------------------------------------ saving
    def autosave(self) -> None:
        """Save the game in progress now (the flow also saves after every trick)."""
        self.link.save()

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, action: str, from_rect: pygame.Rect | None = None) -> bool:
        """Submit ``action`` for ``seat`` through the link; what happened comes back as an
        update and is animated then."""
        if self.link.waiting(seat):
            return False
        if self.link.remote and (seat != self.me or action not in self.pv.legal):
            return False  # the host would refuse it: say nothing, send nothing
        problem = self.link.submit(seat, action)  # a local table's rules say why not
        if problem:
            # the rules' own sentence, or the remote link's one known failure
            self.say(tr("Not connected to the host") if problem == NOT_CONNECTED else problem)
            return False
        test_log(f"action seat={seat} {action}")
        self.sent_rect = from_rect
        self._take_in(self.link.poll())
        self.invalidate()  # my buttons and lifted cards go away
        return True

    def _take_in(self, items: list[Update | Notice]) -> None:
        """Sort what the link said: updates into each local seat's inbox, notices to the
        LAN extras; then animate the shown seat's updates and keep the other people's views
        in step (a view the animation has passed is theirs to show; a newer one waits)."""
        for item in items:
            if isinstance(item, Notice):
                if self.lan is not None:
                    self.lan.notice(item)
            elif item.seat in self.inbox:
                self.inbox[item.seat].append(item)
        driver = self.me if self.me in self.inbox else next(iter(self.inbox))
        box, self.inbox[driver] = self.inbox[driver], []
        for update in box:
            self._show(update)
        for seat, box in self.inbox.items():
            if seat == driver:
                continue
            self.inbox[seat] = [u for u in box if u.seq > self.shown_seq]
            for u in box:
                if u.seq <= self.shown_seq:
                    self.views[seat], self.view_seq[seat] = u.view, u.seq

    def _show(self, update: Update) -> None:
        # Each move's events are animated once: when a seat starts being shown, the views
        # it received for moves already animated only bring its hand up to date.
        fresh = update.seq > self.shown_seq
        if update.whole or fresh:
            self.shown_seq = update.seq  # a whole view says where the table is
        self.views[update.seat], self.view_seq[update.seat] = update.view, update.seq
        evs = update.events if fresh and not update.whole else []
        from_rect = None
        if self.sent_rect is not None and any(
            isinstance(e, CardPlayed) and e.seat == self.me for e in evs
        ):
            from_rect, self.sent_rect = self.sent_rect, None
        last, self.last_view = self.last_view, update.view
        mover = last.turn if last.phase != "over" else None
        self.timeline.queue_events(evs, update.view, from_rect)
        if self.cover.hotseat and evs and mover in self.humans:
            # the next person must not see this hand: cover it once the move has been shown
            self.steps.append(Step(0.0, start=self.conceal, name="conceal"))
        self.invalidate()

    def conceal(self) -> None:
        if self.lan is not None and self.cover.hotseat and self.cover.revealed:
            self.lan.conceal()
        self.cover.conceal()

    def table_turn(self) -> int | None:
        """Whose turn it is at the point the animation has taken in (a LAN seat's view of a
        newer move may already be here; it is not shown yet, so the cover follows this)."""
        last = self.last_view
        return None if last.phase == "over" else last.turn

    def next_human(self) -> int:
        return self.cover.next_human(self.table_turn())

    def covered(self) -> bool:
        """True while the privacy cover hides the table (hot-seat, between people's turns)."""
        return self.cover.shown

    def say(self, message: str, seconds: float = 2.2) -> None:
        self.toast = (message, seconds)
        self.dirty = True

    def side(self, seat: int) -> int:
        return side_of(seat, self.me, self.pv.rules.clockwise)

    # ------------------------------------------------------------------ the frame
    def update(self, dt: float) -> None:
        self._frame_dt = dt
        self.time += dt
        self.link.tick(dt)
        self._take_in(self.link.poll())
        self.hints.poll()
        self.could_have.poll()
        if self.lan is not None:
            self.lan.chat.update(dt)
        step_dt = dt
        for _ in range(200):  # actions per frame at instant speed: --fast quick yet responsive
            self.timeline.run(step_dt)
            step_dt = 0.0
            if self.timeline.running():
                break
            self.cover.settle()
            self._count_pause()
            if not self.link.pump(self._may_act):
                break
            self._take_in(self.link.poll())
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

    def _idle(self) -> bool:
        return not (self.timeline.running() or self.overlay is not None or self.finished)

    def _count_pause(self) -> None:
        """Time the pause before a computer's move: it starts when nothing is animating for
        that position, and lasts a little longer in the auction."""
        turn = self.link.turn
        if not self._idle() or turn is None or turn in self.humans:
            return
        key = (self.link.seq, turn)
        if key != self.pause_key:
            self.pause_key = key
            self.ai_elapsed = 0.0
            lo, hi = (0.5, 0.9) if self.pv.phase == "play" else (0.6, 1.0)
            self.pause = self.rng.uniform(lo, hi) * self.speed
        else:
            self.ai_elapsed += self._frame_dt
            if self.ai_elapsed > THINK_SIGN_AFTER:
                self.dirty = True

    def _may_act(self, seat: int) -> bool:
        """The link may apply a move that plays by itself: a person's claimed or forced
        card at once on their turn; a computer's once its pause is over."""
        if not self._idle():
            return False
        if seat in self.humans:
            return seat == self.me and self.my_turn()
        return self.pause_key == (self.link.seq, seat) and self.ai_elapsed >= self.pause

    def ai_to_move(self) -> int | None:
        """The computer seat that must act now at a local table, if any (nothing animating,
        no dialog); at a LAN table the host plays them and the window may sleep."""
        if self.link.remote or not self._idle():
            return None
        turn = self.link.turn
        return turn if turn is not None and turn not in self.humans else None

    # ------------------------------------------------------------------ queries
    def my_turn(self) -> bool:
        """True when the table waits for me (nothing animating, no dialog open)."""
        return (
            bool(self.humans)
            and self.pv.turn == self.me
            and self.link.turn == self.me
            and not self.link.waiting(self.me)
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

    def is_me(self, seat: int | None) -> bool:
        """``seat`` is the person looking (sentences about them read "You ...")."""
        return bool(self.humans) and seat == self.me

    def teams(self) -> tuple[int, int]:
        """(our team, their team) for the seat at the bottom: "Us" is always the side of the
        person looking (a LAN player at East or West, or the acting person in hot-seat)."""
        return self.me & 1, 1 - (self.me & 1)

    def hand_cards(self) -> list[str]:
        """My cards in fan order (while dealing, only those dealt so far)."""
        if not self.humans and not self.autoplay:
            return []
        cards = display_order(self.pv.hand)
        return cards if self.dealt is None else cards[: self.dealt[self.me]]

    def legal_cards(self) -> set[str]:
        return set(self.pv.legal) if self.my_turn() and self.pv.phase == "play" else set()

    def card_rects(self) -> list[tuple[str, pygame.Rect]]:
        return self.hand.card_rects()

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
        if self.lan is not None and not self.covered():
            used = self.lan.handle_event(ev)
            if used is not None:
                return used
        return self.controls.handle_event(ev)

    @property
    def claiming(self) -> int | None:
        """The person here who claimed the rest of the tricks (their cards play themselves
        through the link's person seat), if any."""
        return next((s for s in self.humans if self.link.claiming(s)), None)

    @claiming.setter
    def claiming(self, seat: int | None) -> None:
        if seat is None:
            self.link.end_claims()
        else:
            self.link.claim(seat)

    def hint(self) -> None:
        """Ask what the strong computer player would do in my place (``game/hints.py``)."""
        self.hints.ask()

    # ------------------------------------------------------------------ dialogs
    _overlay: Dialog | None = None
    _modal: TableModal | None = None

    @property
    def overlay(self) -> Dialog | None:
        """The table's open dialog. It is on the window's modal stack (``App.modals``,
        as a ``TableModal``) while this table is the screen shown: the window gives it
        every input event first and draws it over the table under the one veil. A switch
        to another screen clears the stack; the dialog stays open here and is put back on
        it when the table is shown again (``on_show``)."""
        return self._overlay

    @overlay.setter
    def overlay(self, dialog: Dialog | None) -> None:
        if dialog is self._overlay:
            return
        self._overlay = dialog
        old, self._modal = self._modal, None if dialog is None else TableModal(self, dialog)
        modals = self.app.modals
        if old is not None and old.stack is modals:
            if self._modal is None:
                modals.remove(old)
            else:
                modals.replace(old, self._modal)  # where the old one stood
        elif self._modal is not None and self.app.scene is self:
            modals.push(self._modal)
        if dialog is not None and self.lan is not None:
            self.lan.dialog_opened()

    def show_dialog(self) -> None:
        """The table is shown (again): its open dialog onto the window's modal stack (one
        left open when the table went, for How to play, Review or the file chooser)."""
        if self._modal is not None and self._modal.stack is None and self.app.scene is self:
            self.app.modals.push(self._modal)

    def open_overlay(self, kind: str) -> None:
        if self.overlay is not None and self.overlay.kind in ("summary", "gameover", "closed"):
            return
        self.hand.cancel_drag()
        self.overlay = PAGES[kind](self)
        self.invalidate()

    def overlay_buttons(self) -> list[Button]:
        return [] if self.overlay is None else self.overlay.buttons()

    def hidden_actions(self) -> set[str]:
        """The dialogs' buttons this table leaves out (laid out without them): at a LAN
        table no rematch, export or review (the game belongs to the host)."""
        return {"rematch", "export", "review"} if self.link.remote else set()

    def overlay_action(self, action: str) -> None:
        kind = self.overlay.kind if self.overlay else ""
        if action == "close":
            self.overlay = None
        elif action == "menu" and kind == "menu" and self.link.remote:
            self.overlay = PAGES["leave"](self)  # leaving a LAN table: ask first
        elif action in ("menu", "leave"):  # "Main menu", on the pause menu or at the game's end
            self.overlay = None
            self.app.show_menu()
            return
        elif action in PAGES:
            self.overlay = PAGES[action](self)
        elif action == "quit":
            if kind != "quit_lan" and self.ask_before_quit():
                self.invalidate()  # a LAN game on: the question first (the host's ends it)
                return
            self.app.quit(0)
            return
        elif action == "review" and kind in ("summary", "gameover") and self.app.review_hand(self):
            return  # the replay viewer on this hand (ui/screens/viewer/review.py)
        elif action == "next" and kind == "gameover" and self.after_game is not None:
            self.overlay = None
            self.after_game(self)
            return
        elif action == "rematch" and kind == "gameover" and not self.link.remote:
            self.overlay = None
            self.app.switch(self.new_game_like())
            return
        elif action in ("let_sit", "keep_computer") and self.lan is not None:
            self.lan.answer_request(action == "let_sit")  # a latecomer asked for a seat
            return
        elif action in ("restart_hand", "restart_game") and kind == "restart":
            self.overlay = None
            self.undo.restart(action)  # ui/game/undo.py
        elif action == "export" and kind == "gameover" and self.table is not None:
            from tarneeb_desktop.ui.screens.games.record_files import export_from_table

            export_from_table(self)  # the file chooser, then back to this dialog
            return
        self.invalidate()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface)
        if self.lan is not None and not self.covered():
            self.lan.draw(surface)
