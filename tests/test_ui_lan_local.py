"""People at the host's own screen: each sits through a session of its own, and the table
plays hot-seat between them (privacy cover) while LAN and computer players take their turns."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from tarneeb_desktop.net.client import ClientSession, play_seat
from tarneeb_desktop.rules import CallMade, CardPlayed, HandDealt, TrickWon, TrumpNamed, make_rules
from tarneeb_desktop.rules.cards import cards_of
from tests.test_ui_helpers import FRAME, FrameWatch, make_app, mouse, step_watching

PATIENCE = 60.0  # wall-clock seconds a game step may take before the test gives up
NAMES = ["Sami", "Layla", "Nour", "Omar"]


def lan_table(scene: object) -> bool:
    """The table scene at a LAN seat (the one table scene, through a remote link)."""
    from tarneeb_desktop.ui.table_scene import TableScene

    return isinstance(scene, TableScene) and scene.link.remote


@pytest.fixture(autouse=True)
def _home(ui_home, monkeypatch):
    from tarneeb_desktop.ui.screens.lan import join as lan_scenes

    # loopback only, no beacon, any free port, computer seats move at once
    monkeypatch.setattr(lan_scenes.HostScene, "bind", "127.0.0.1")
    monkeypatch.setattr(lan_scenes.HostScene, "beacon", False)
    monkeypatch.setattr(lan_scenes.HostScene, "ai_delay", 0.0)
    monkeypatch.setattr(lan_scenes, "DEFAULT_PORT", 0)
    return ui_home


def click(app, pos) -> None:  # type: ignore[no-untyped-def]
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])


def button(scene, action: str):  # type: ignore[no-untyped-def]
    return next(b for b in scene.buttons() if b.action == action)


def step_until(app, cond, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + PATIENCE
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        app.step(FRAME, [])
        time.sleep(0)  # let the host's and the sessions' threads run, as a real frame would


def lowest_bid(view) -> str:  # type: ignore[no-untyped-def]
    """The LAN bot bids the least it may, so that a contract is played (not all passes)."""
    bids = [a for a in view.legal if a.isdigit()]
    if view.phase == "auction" and bids:
        return min(bids, key=int)
    return view.legal[0]


class Watch:
    """What the host did: every move with its seat, and each hand's deal (on the host's loop)."""

    def __init__(self, host) -> None:  # type: ignore[no-untyped-def]
        self.host = host
        self.lock = threading.Lock()
        self.moves: list[tuple[int, str]] = []
        self.tricks = 0
        self.deals: dict[int, list[set[str]]] = {}
        host.on_change.append(self.seen)

    def seen(self, seq, events) -> None:  # type: ignore[no-untyped-def]
        state = self.host.table.state
        with self.lock:
            if not events or any(isinstance(e, HandDealt) for e in events):
                self.deals[state.hand_number] = [set(cards_of(h)) for h in state.hands]
            for e in events:
                if isinstance(e, CardPlayed):
                    self.moves.append((e.seat, e.card))
                elif isinstance(e, CallMade | TrumpNamed):
                    self.moves.append((e.seat, getattr(e, "call", getattr(e, "trump", ""))))
                elif isinstance(e, TrickWon):
                    self.tricks += 1


def open_table(choices: dict[int, int], bot_seat: int | None):  # type: ignore[no-untyped-def]
    """Host from the window: click each seat's button ``choices[seat]`` times (open → computer
    → at this screen), open the table, seat a headless LAN bot, press Start."""
    from tarneeb_desktop.ui.screens.lan.join import HostScene, LobbyScene

    app = make_app(speed="fast")
    app.rules = make_rules(target=41)
    app.settings.names = list(NAMES)
    app.settings.levels = ["random"] * 4
    app.switch(HostScene(app))
    app.step(FRAME, [])
    for seat, n in choices.items():
        for _ in range(n):
            click(app, button(app.scene, f"seat:{seat}").rect.center)
    click(app, button(app.scene, "open").rect.center)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), getattr(lobby, "notice", None)
    host = lobby.host
    watch = Watch(host)
    bot = None
    if bot_seat is not None:
        bot = ClientSession("127.0.0.1", host.address[1], name="Bot")
        bot.connect()
        assert bot.join(seat=bot_seat) == bot_seat
        threading.Thread(target=play_seat, args=(bot, lowest_bid, 0.0), daemon=True).start()
    step_until(
        app,
        lambda: (
            lobby.session.lobby is not None
            and all(s["kind"] != "open" for s in lobby.session.lobby["seats"])
        ),
        "everyone seated",
    )
    click(app, button(lobby, "start").rect.center)
    step_until(app, lambda: lan_table(app.scene), "the table")
    scene = app.scene
    FrameWatch(scene)
    return app, scene, host, watch, bot


def spy_actions(scene) -> list[tuple[int, int, str, str]]:  # type: ignore[no-untyped-def]
    """Every action message each local session sends: (session's seat, message's seat,
    token, action), checked against the session's own token below."""
    sent: list[tuple[int, int, str, str]] = []
    for session in scene.sessions.values():
        real = session._send

        def spy(msg, session=session, real=real):  # type: ignore[no-untyped-def]
            if msg.get("type") == "action":
                assert msg["token"] == session.token
                sent.append((session.seat, msg["seat"], msg["token"], msg["action"]))
            real(msg)

        session._send = spy
    return sent


def play(app, scene, watch, tricks: int):  # type: ignore[no-untyped-def]
    """Drive the table until the host has seen ``tricks`` tricks: pass the cover when it shows
    (a click, as a person would), let the person shown act, close summaries. Checks every
    frame drawn; returns the frames' (face-up, covered, passed-to) records."""
    frames = []
    passed_to = None if scene.covered() else scene.me  # who last said they were ready
    deadline = time.monotonic() + PATIENCE
    i = 0
    while True:
        i += 1
        assert time.monotonic() < deadline, f"stuck: {watch.tricks} tricks, {watch.moves[-3:]}"
        events = []
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None
            scene.invalidate()
        elif scene.covered() and i % 5 == 0:
            events = [mouse(pygame.MOUSEBUTTONDOWN, (5, 5))]
        elif scene.my_turn():
            legal = scene.pv.legal
            scene.act(scene.me, legal[-1] if scene.pv.phase == "auction" else legal[0])
        passed_to, face_up = step_watching(app, scene, events, passed_to, frames)
        time.sleep(0)  # let the host's and the sessions' threads run, as a real frame would
        if face_up is not False:  # a frame was drawn
            if face_up is not None:
                me, view_seat, cards = face_up
                # the hand drawn is the bottom seat's own, shown to the one who asked for it
                assert view_seat == me and me in scene.humans
                assert me == passed_to, f"{me}'s hand shown to {passed_to}"
                with watch.lock:
                    dealt = watch.deals.get(scene.pv.hand_number)
                assert dealt is not None and set(cards) <= dealt[me]
                # never face up while another person at this screen is to act
                turn = scene.turn_shown()
                assert turn not in scene.humans or turn == me, (turn, me)
        with watch.lock:
            if watch.tricks >= tricks:
                return frames


def test_two_people_at_the_host_screen_with_a_lan_bot_and_a_computer() -> None:
    # East at this screen (two clicks), North open to the LAN bot, West a computer (one click)
    app, scene, host, watch, bot = open_table({1: 2, 3: 1}, bot_seat=2)
    try:
        assert scene.humans == (0, 1) and scene.cover.hotseat
        assert set(scene.sessions) == {0, 1}
        s0, s1 = scene.sessions[0], scene.sessions[1]
        assert s0 is not s1 and s0.token and s1.token and s0.token != s1.token
        kinds = host.call(lambda: [(s.kind, s.name) for s in host.seats])
        assert kinds[:3] == [("human", "Sami"), ("human", "Layla"), ("human", "Bot")]
        assert kinds[3][0] == "ai"
        assert scene.covered()  # the first deal starts hidden, as in hot-seat
        scene.dirty = True
        app.step(FRAME, [])
        seen = FrameWatch.watching[scene]
        assert seen.covered[-1] is True and seen.face_up[-1] is None
        sent = spy_actions(scene)
        frames = play(app, scene, watch, tricks=6)
        # each person's moves went through their own session, with their own seat and token
        assert {s for s, _, _, _ in sent} == {0, 1}
        assert all(session == seat for session, seat, _, _ in sent)
        assert {tok for s, _, tok, _ in sent if s == 0} == {s0.token}
        assert {tok for s, _, tok, _ in sent if s == 1} == {s1.token}
        with watch.lock:
            moves = list(watch.moves)
        for seat in (0, 1):
            by_host = [a for s, a in moves if s == seat]
            by_window = [a for s, _, _, a in sent if s == seat]
            assert by_host == by_window[: len(by_host)] and len(by_host) >= 6
        assert {s for s, _ in moves} == {0, 1, 2, 3}
        # between two different people's hands there is always a covered frame
        shown = [f[0][0] for f in frames if f[0] is not None]
        assert set(shown) == {0, 1}
        last, covered_since, changes = None, False, 0
        for face_up, covered, _ in frames:
            covered_since = covered_since or covered
            if face_up is None:
                continue
            if last is not None and face_up[0] != last:
                assert covered_since, "a hand followed another person's without the cover"
                changes += 1
            last, covered_since = face_up[0], False
        assert changes >= 6
    finally:
        scene.leave()
        if bot is not None:
            bot.close()
    assert all(not s.connected for s in scene.sessions.values())
    assert host.address is not None and scene.host is None  # leaving stopped the host


def test_the_cover_names_the_next_person_and_chat_goes_from_the_seat_shown() -> None:
    from tarneeb_desktop.ui.i18n import tr

    # North at this screen (partners), East and West computers
    app, scene, host, watch, _ = open_table({1: 1, 2: 2, 3: 1}, bot_seat=None)
    try:
        assert scene.humans == (0, 2) and scene.covered()
        seat = scene.next_human()
        assert seat in (0, 2)
        drawn: list[str] = []
        from tarneeb_desktop.ui.kit import boxes as table_scene  # the cover's box is the kit's

        real = table_scene.blit_text

        def spy(surface, line, *a, **k):  # type: ignore[no-untyped-def]
            drawn.append(line)
            return real(surface, line, *a, **k)

        table_scene.blit_text = spy
        try:
            scene.dirty = True
            app.step(FRAME, [])
        finally:
            table_scene.blit_text = real
        assert tr("Pass to {name} \u2014 click when ready", name=NAMES[seat]) in drawn
        # while covered, the chat key and the LAN buttons do nothing; a click passes the cover
        app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t")])
        assert not scene.chat_open and scene.covered()
        click(app, (5, 5))
        step_until(app, lambda: not scene.covered(), "the cover to go")
        assert scene.me == seat and scene.session is scene.sessions[seat]
        # play on (passing the cover when it comes) until the table waits for North, not
        # the host's own seat: a reaction then goes from North's session
        deadline = time.monotonic() + PATIENCE
        i = 0
        while not (scene.my_turn() and scene.me == 2):
            assert time.monotonic() < deadline, "North never shown"
            i += 1
            if scene.overlay is not None and scene.overlay.kind == "summary":
                scene.overlay = None
            if scene.covered() and i % 5 == 0:
                click(app, (5, 5))
                continue
            if scene.my_turn():  # South's turn
                legal = scene.pv.legal
                scene.act(scene.me, legal[-1] if scene.pv.phase == "auction" else legal[0])
            app.step(FRAME, [])
        scene.lan.chat.bubbles.clear()
        react = next(b for b in scene.lan_buttons() if b.action == "reactions")
        click(app, react.rect.center)
        click(app, next(b for b in scene.lan_buttons() if b.action == "react:thanks").rect.center)
        step_until(app, lambda: bool(scene.lan.chat.bubbles), "the reaction")
        assert list(scene.lan.chat.bubbles) == [2] and scene.lan.chat.bubbles[2][0] == tr("Thanks")
    finally:
        scene.leave()


def test_one_person_at_the_host_screen_is_never_covered() -> None:
    # East open to the LAN bot, North and West computers: only the host's person here
    app, scene, host, watch, bot = open_table({2: 1, 3: 1}, bot_seat=1)
    try:
        assert scene.humans == (0,) and not scene.cover.hotseat and not scene.covered()
        sent = spy_actions(scene)
        frames = play(app, scene, watch, tricks=4)
        assert frames and not any(covered for _, covered, _ in frames)
        assert {f[0][0] for f in frames if f[0] is not None} == {0}
        assert {s for s, _, _, _ in sent} == {0}
    finally:
        scene.leave()
        if bot is not None:
            bot.close()


def test_each_session_at_the_screen_reconnects_by_itself() -> None:
    # East at this screen, North and West computers
    app, scene, host, watch, _ = open_table({1: 2, 2: 1, 3: 1}, bot_seat=None)
    try:
        s0, s1 = scene.sessions[0], scene.sessions[1]
        first0, first1 = s0.connection_id, s1.connection_id
        # an oversized message makes the host close East's connection (not South's)
        s1.send_raw(b'{"type":"chat","text":"' + b"x" * 20000 + b'"}\n')
        step_until(
            app,
            lambda: 1 in scene.link.lost or s1.connection_id > first1,
            "the window to notice East's drop",
        )
        step_until(
            app,
            lambda: not scene.lost and s1.connection_id > first1 and s1.connected,
            "East to reconnect",
        )
        assert s0.connection_id == first0 and s0.connected
        assert s1.seat == 1 and scene.sessions[1] is s1
        seats = host.call(lambda: [(s.kind, s.connected) for s in host.seats])
        assert seats[0] == ("human", True) and seats[1] == ("human", True)
        # the game goes on with both: each person's moves still count
        frames = play(app, scene, watch, tricks=2)
        assert {f[0][0] for f in frames if f[0] is not None} == {0, 1}
    finally:
        scene.leave()
