"""The table for a LAN seat: the usual table scene, fed by a host over the network.

:class:`RemoteTableScene` is a :class:`~tarneeb_desktop.ui.table_scene.TableScene` whose
``table`` is a :class:`RemoteTable`: the scene reads the turn and the view from the session's
latest view instead of a local game, and its moves go to the host with ``session.act``. The
views and events the host sends are animated exactly as a local game's; chat lines and quick
reactions show as bubbles at the seats.

The window hosting a table may seat several people at its own screen: each has a session of
its own (its own seat and token), and the scene plays hot-seat between them, with the privacy
cover of :class:`~tarneeb_desktop.ui.table_scene.TableScene`. The shown seat's session (the
"driver") feeds the animation; the others' views are kept, per seat, in step with it.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.protocol import MAX_CHAT_CHARS, ProtocolError
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
    MalformedError,
    RedealDecided,
    RulesError,
    TrickWon,
    TrumpNamed,
    View,
)
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.anim import Step
from tarneeb_desktop.ui.game.chat import Chat
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import TOP
from tarneeb_desktop.ui.table_scene import TableScene, test_log
from tarneeb_desktop.ui.theme import Button, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

#: The quick reactions offered at the table (protocol name, English label). Words, not emoji:
#: the shipped fonts may have no emoji.
REACTION_LABELS = {
    "well_played": "Well played!",
    "oops": "Oops",
    "hurry_up": "Hurry up",
    "thanks": "Thanks",
    "good_game": "Good game",
    "wow": "Wow",
    "sorry": "Sorry",
    "hello": "Hello",
}
REACTION_BUTTONS = ("well_played", "oops", "hurry_up", "thanks")
#: Posted when a host message arrives, so that an idle window wakes up for it.
WAKE_EVENT = pygame.event.custom_type()
RECONNECT_EVERY = 2.0  # seconds between attempts to take the seat back after a drop


def event_from_dict(d: dict[str, Any]) -> Event | None:
    """An event as the host sends it (``protocol.event_to_dict``) → the engine's event; None
    for anything unknown or malformed (a newer host may send events this version lacks)."""
    try:
        kind = d["event"]
        if kind == "hand_dealt":
            return HandDealt(int(d["hand_number"]), int(d["dealer"]))
        if kind == "redeal_decided":
            return RedealDecided(int(d["seat"]), str(d["call"]))
        if kind == "call_made":
            return CallMade(int(d["seat"]), str(d["call"]))
        if kind == "auction_won":
            return AuctionWon(int(d["declarer"]), str(d["contract"]))
        if kind == "trump_named":
            return TrumpNamed(int(d["seat"]), str(d["trump"]))
        if kind == "card_played":
            return CardPlayed(int(d["seat"]), str(d["card"]))
        if kind == "trick_won":
            return TrickWon(int(d["winner"]), int(d["leader"]), tuple(str(c) for c in d["cards"]))
        if kind == "hand_thrown_in":
            seat = d.get("seat")
            return HandThrownIn(str(d["reason"]), None if seat is None else int(seat))
        if kind == "hand_scored":
            t, p, tot = d["tricks"], d["points"], d["totals"]
            return HandScored(
                int(d["declarer"]),
                str(d["contract"]),
                bool(d["doubled"]),
                (int(t[0]), int(t[1])),
                (int(p[0]), int(p[1])),
                (int(tot[0]), int(tot[1])),
                bool(d["made"]),
            )
        if kind == "game_over":
            tot = d["totals"]
            return GameOver(int(d["winner"]), (int(tot[0]), int(tot[1])))
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return None


class _RemoteState:
    """The little of ``GameState`` the table scene reads, answered from the latest view."""

    def __init__(self, table: RemoteTable) -> None:
        self._table = table

    def _view(self) -> View:
        return self._table.latest

    def current_player(self) -> int | None:
        v = self._view()
        return None if v.phase == "over" else v.turn

    def is_over(self) -> bool:
        return self._view().phase == "over"

    @property
    def rules(self) -> Any:
        return self._view().rules

    @property
    def phase(self) -> str:
        return self._view().phase

    @property
    def hand_number(self) -> int:
        return self._view().hand_number

    @property
    def history(self) -> tuple[Any, ...]:
        return self._view().results

    @property
    def winner(self) -> int | None:
        return self._view().winner


class RemoteTable:
    """Stands in for :class:`~tarneeb_desktop.table.Table` at a LAN seat. ``latest`` is the
    newest view the scene has taken in (the scene presents older ones while it animates);
    ``views`` holds, per local seat, that seat's view at the same point of the game."""

    def __init__(self, session: ClientSession, view: View, names: list[str]) -> None:
        self.session = session
        self.latest = view
        self.views: dict[int, View] = {view.seat: view}
        self.names = names
        self.state = _RemoteState(self)

    def view(self, seat: int) -> View:
        got = self.views.get(seat)
        if got is not None:
            return got
        # No view of that seat yet: the public part only, never another seat's cards.
        return dataclasses.replace(self.latest, seat=seat, hand=(), legal=())

    def submit(self, seat: int, action: str) -> list[Event]:
        raise RulesError("a LAN table takes moves through the host")


class RemoteTableScene(TableScene):
    """A game at a host's table, seen from this session's seat. ``host`` is the
    :class:`~tarneeb_desktop.net.host.Host` this window runs, if any (stopped on leaving).
    ``others``: the sessions of more people at this screen (hot-seat), each already seated;
    ``view`` and ``seq`` are ``session``'s."""

    def __init__(
        self,
        app: App,
        session: ClientSession,
        view: View,
        seq: int,
        host: Any = None,
        others: Sequence[ClientSession] = (),
    ) -> None:
        seat = session.seat if session.seat is not None else view.seat
        sessions = {seat: session}
        for other in others:
            if other.seat is not None and other.seat not in sessions:
                sessions[other.seat] = other
        names = names_from_lobby(session.lobby)
        # The base scene wants a local game to build itself; it is replaced at once by the
        # remote table and never played. Its hot-seat cover works on ``humans``: the seats
        # of the people at this screen, ``seat`` first (the one shown at the start).
        super().__init__(
            app,
            GameState.new(view.rules, seed=0),
            names,
            humans=tuple(sessions),
            levels=["random"] * 4,
            inline_ai=True,
        )
        self.sessions = sessions
        for s in sessions.values():
            s.on_message = self._wake
        self.host = host
        self.players = {}
        self.inline_ai = False  # hints (H) are worked out off the UI thread
        self.table = RemoteTable(session, view, names)  # type: ignore[assignment]
        self._view_seq = {seat: seq}  # per seat: the seq of its view in ``table.views``
        for s in sessions.values():
            other_view, other_seq = s.snapshot()
            if s is not session and other_view is not None and other_seq is not None:
                self.table.views[other_view.seat] = other_view  # type: ignore[attr-defined]
                self._view_seq[other_view.seat] = other_seq
        self.pv = view
        self.score.reset(view.scores)
        self.remote_seq = seq  # the host's seq of the last view taken in
        # Per seat: views received and not yet taken in, as (seq, view, events, whole);
        # ``whole`` marks a view sent without events (on joining, reconnecting, a stale move)
        self._inbox: dict[int, list[tuple[int, View, list[Event], bool]]] = {
            s: [] for s in sessions
        }
        self.sent: str | None = None  # the action sent and not yet answered
        self.sent_rect: pygame.Rect | None = None
        self.chat = Chat(self, lambda line: self.session.chat(line))
        self._lost: set[int] = set()  # seats whose connection dropped; reconnects are tried
        self.reconnect_wait: dict[int, float] = {}
        self._reconnecting: dict[int, threading.Thread] = {}
        self.host_gone = False
        self._lan_buttons: tuple[Any, list[Button]] | None = None
        self.reactions_open = False

    @property
    def session(self) -> ClientSession:
        """The session of the seat shown: it acts, chats and reacts."""
        return self.sessions.get(self.me) or next(iter(self.sessions.values()))

    @property
    def chat_open(self) -> bool:
        return self.chat.open

    @property
    def bubbles(self) -> dict[int, tuple[str, float]]:
        return self.chat.bubbles

    @property
    def lost(self) -> bool:
        """A connection of this screen dropped and is being taken back."""
        return bool(self._lost)

    # ------------------------------------------------------------------ the network
    def update(self, dt: float) -> None:
        for seat, session in self.sessions.items():
            for msg in session.poll():
                self._message(msg, seat)
        self._take_in()
        for seat in list(self._lost):
            if seat in self._reconnecting or self.host_gone:
                continue
            self.reconnect_wait[seat] = self.reconnect_wait.get(seat, 0.0) - dt
            if self.reconnect_wait[seat] <= 0:
                self._start_reconnect(seat)
        self.chat.update(dt)
        super().update(dt)

    def _take_in(self) -> None:
        """Animate the shown seat's views; keep the other local seats' views in step (a view
        the animation has passed is theirs to show; a newer one waits for its turn)."""
        driver = self.me if self.me in self._inbox else next(iter(self._inbox))
        box, self._inbox[driver] = self._inbox[driver], []
        for seq, view, events, whole in box:
            self._take_view(seq, view, events, whole)
        for seat, box in self._inbox.items():
            if seat == driver:
                continue
            waiting = []
            for item in box:
                if item[0] <= self.remote_seq:
                    self.table.views[seat] = item[1]  # type: ignore[attr-defined]
                    self._view_seq[seat] = item[0]
                else:
                    waiting.append(item)
            self._inbox[seat] = waiting

    def _take_view(self, seq: int, view: View, events: list[Event], whole: bool) -> None:
        # Each move's events are animated once: when a seat starts being shown, the views
        # it received for moves already animated only bring its hand up to date.
        fresh = seq > self.remote_seq
        if whole:
            self.remote_seq = seq  # a whole view says where the table is (even after a restart)
        elif fresh:
            self.remote_seq = seq
        evs = events if fresh and not whole else []
        from_rect = None
        if self.sent_rect is not None and any(
            isinstance(e, CardPlayed) and e.seat == self.me for e in evs
        ):
            from_rect, self.sent_rect = self.sent_rect, None
        mover = self.table.state.current_player()
        self.table.latest = view  # type: ignore[attr-defined]
        self.table.views[view.seat] = view  # type: ignore[attr-defined]
        self._view_seq[view.seat] = seq
        self.sent = None
        self.ai_key = None
        self._queue_events(evs, view, from_rect)
        if self.hotseat and evs and mover in self.humans:
            # as in hot-seat: the next person must not see this hand once the move is shown
            self.steps.append(Step(0.0, start=self.conceal, name="conceal"))
        self.invalidate()

    def _message(self, msg: dict[str, Any], seat: int | None = None) -> None:
        """One message from the host to the session of ``seat`` (default: the shown one)."""
        if seat is None:
            seat = self.me
        session = self.sessions.get(seat, self.session)
        kind = msg.get("type")
        if kind == "view":
            try:
                view = View.from_dict(msg["view"])
                seq = int(msg["seq"])
            except (KeyError, TypeError, ValueError, MalformedError):
                return
            raw = msg.get("events")
            raw = raw if isinstance(raw, list) else []
            events = [event_from_dict(e) for e in raw if isinstance(e, dict)]
            evs = [e for e in events if e is not None]
            self._inbox.setdefault(seat, []).append((seq, view, evs, not raw))
        elif kind == "lobby":
            names = names_from_lobby(msg)
            if names != self.names:
                self.names[:] = names
                self.panels.forget_plates()
                self.invalidate()
        elif kind in ("chat", "react"):
            # every session at this screen hears it: one of them shows it
            listener = next((s for s in self.sessions if s not in self._lost), self.me)
            who = msg.get("seat")
            if seat == listener and isinstance(who, int) and 0 <= who <= 3:
                if kind == "chat":
                    line = str(msg.get("text", ""))[:MAX_CHAT_CHARS]
                else:
                    label = REACTION_LABELS.get(str(msg.get("reaction")))
                    line = tr(label) if label else ""
                if line:
                    self.chat.hear(who, line)
        elif kind == "error":
            if seat == self.me and msg.get("code") in (
                "illegal",
                "stale",
                "not_your_turn",
                "rate_limited",
            ):
                self.sent = None
                self.invalidate()
            text = msg.get("message")
            if isinstance(text, str) and text:
                self.say(text[:160])
        elif kind == "bye":
            if not self.host_gone and self.pv.phase != "over":
                self.say(tr("The host closed the table"), 6.0)
            self.host_gone = True
        elif kind == "disconnected":
            if msg.get("connection") != session.connection_id or self.host_gone:
                return  # about a connection already replaced, or the table has closed
            if self.table.latest.phase == "over":  # type: ignore[attr-defined]
                return
            self._lost.add(seat)
            self.reconnect_wait[seat] = 0.0
            self.say(tr("Connection lost: reconnecting..."), 3.0)

    def _start_reconnect(self, seat: int) -> None:
        """Take ``seat`` back with its token, in a thread: connecting may take seconds."""
        session = self.sessions[seat]

        def run() -> None:
            try:
                session.reconnect()
                self._lost.discard(seat)
            except (OSError, ProtocolError, JoinError, TimeoutError) as exc:
                log.info("reconnect failed: %s", exc)
                if isinstance(exc, JoinError) and exc.code == "wrong_token":
                    self.host_gone = True
            finally:
                self.reconnect_wait[seat] = RECONNECT_EVERY
                self._reconnecting.pop(seat, None)

        thread = threading.Thread(target=run, name="tarneeb-reconnect", daemon=True)
        self._reconnecting[seat] = thread
        thread.start()

    # ------------------------------------------------------------------ the local game's parts, off
    def autosave(self) -> None:
        pass  # the host saves the table

    def write_final_record(self) -> None:
        pass

    def _record_stats(self) -> None:
        pass

    def _ai_to_move(self) -> int | None:
        return None  # the host plays the computer seats

    def _drive_ai(self) -> bool:
        return False

    def busy(self) -> bool:
        # An idle window sleeps until an event comes; a message from the host posts one
        # (see ``_wake``), so nothing needs frames while waiting for the others.
        return (
            super().busy()
            or bool(self.bubbles)
            or self.lost
            or self.reactions_open
            or any(not s.messages.empty() for s in self.sessions.values())
            or bool(self._inbox.get(self.me))
        )

    @staticmethod
    def _wake(msg: dict[str, Any]) -> None:
        """On the session's reader thread: wake the window's main loop (SDL's event queue
        takes events from any thread)."""
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
        except pygame.error:
            pass  # no window (any more): nothing to wake

    def _settle_cover(self) -> None:
        cover = self.cover
        if self.hotseat and cover.reveal_pending and not cover.revealed and not self.current:
            seat = self.next_human()
            if self._view_seq.get(seat, -1) < self.remote_seq and seat not in self._lost:
                return  # that seat's view of the last move is on its way: show that one
        super()._settle_cover()

    def my_turn(self) -> bool:
        return super().my_turn() and self.sent is None and self.me not in self._lost

    def conceal(self) -> None:
        if self.hotseat and self.cover.revealed:
            self.chat.open = self.reactions_open = False  # typed by the one leaving
        super().conceal()

    def act(self, seat: int, action: str, from_rect: pygame.Rect | None = None) -> bool:
        """Send ``action`` to the host; it is shown when the host's view comes back."""
        if seat != self.me or self.sent is not None or action not in self.pv.legal:
            return False
        try:
            self.session.act(action, self.remote_seq)
        except (OSError, JoinError):
            self.say(tr("Not connected to the host"))
            return False
        test_log(f"action seat={seat} {action}")
        self.sent = action
        self.sent_rect = from_rect
        self.invalidate()
        return True

    def on_hide(self) -> None:
        super().on_hide()
        for s in self.sessions.values():
            s.on_message = None
        self.leave()

    def leave(self) -> None:
        """Give up the seats and, when this window hosts, close the table."""
        for s in self.sessions.values():
            try:
                s.leave()
            except OSError:
                pass
            s.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    def overlay_buttons(self) -> list[Button]:
        # no rematch or export: the game belongs to the host
        return [b for b in super().overlay_buttons() if b.action not in ("rematch", "export")]

    # ------------------------------------------------------------------ chat and reactions
    def lan_buttons(self) -> list[Button]:
        """ "Chat (T)" and "React" between the score panel and North's cards; while the
        reactions are open, one button per reaction below them."""
        key = (self.app.size, self.reactions_open)
        if self._lan_buttons is not None and self._lan_buttons[0] == key:
            return self._lan_buttons[1]
        lay = self.layout
        gap = round(lay.unit * 0.8)
        left = lay.score_rect.right + lay.margin
        right = lay.back_rects(TOP, 13)[0].left - lay.margin
        h = round(lay.text * 1.9)
        w = max(round(lay.text * 4), min(round(lay.text * 6.5), (right - left - gap) // 2))
        chat = pygame.Rect(left, lay.margin, w, h)
        out = [
            Button(chat, tr("Chat (T)"), "chat"),
            Button(chat.move(w + gap, 0), tr("React"), "reactions", primary=self.reactions_open),
        ]
        if self.reactions_open:
            r = pygame.Rect(chat.x, chat.bottom + gap, 2 * w + gap, h)
            for name in REACTION_BUTTONS:
                out.append(Button(r.copy(), tr(REACTION_LABELS[name]), "react:" + name))
                r.move_ip(0, h + gap)
        self._lan_buttons = (key, out)
        return out

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if self.covered():
            return super().handle_event(ev)  # only the cover (or the menu) takes input
        if self.chat.open:
            return self.chat.handle_event(ev)
        if self.overlay is None and ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in self.lan_buttons():
                if b.rect.collidepoint(ev.pos):
                    self._lan_action(b.action)
                    return True
        if self.overlay is None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_t:
            self.chat.start(by_t=True)
            return True
        if self.reactions_open and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.reactions_open = False  # a click or key elsewhere closes the reactions
            self.dirty = True
        used = super().handle_event(ev)
        if (
            not used
            and self.overlay is None
            and ev.type == pygame.KEYDOWN
            and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.chat.start()
            return True
        return used

    def _lan_action(self, action: str) -> None:
        if action == "chat":
            self.chat.start()
        elif action == "reactions":
            self.reactions_open = not self.reactions_open
            self.dirty = True
        elif action.startswith("react:"):
            self.reactions_open = False
            self.dirty = True
            try:
                self.session.react(action[6:])
            except OSError:
                self.say(tr("Not connected to the host"))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.covered():
            return
        lay = self.layout
        if self.overlay is None:
            for b in self.lan_buttons():
                b.draw(surface)
        self.chat.draw(surface, lay)
        if self.lost:
            blit_text(
                surface,
                tr("Connection lost: reconnecting..."),
                lay.text,
                (lay.w // 2, lay.margin),
                theme.GOLD,
                anchor="midtop",
            )


def names_from_lobby(lobby: dict[str, Any] | None) -> list[str]:
    """The four seats' names from a lobby message (the seat's compass name when missing)."""
    names = [tr("South"), tr("East"), tr("North"), tr("West")]
    seats = lobby.get("seats") if isinstance(lobby, dict) else None
    if isinstance(seats, list):
        for s in seats:
            if isinstance(s, dict):
                n, name = s.get("seat"), s.get("name")
                if isinstance(n, int) and 0 <= n <= 3 and isinstance(name, str) and name:
                    names[n] = name
    return names
