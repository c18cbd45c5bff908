"""The LAN screens: join a headless host from the window, play a card, chat; host from the window."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from tarneeb_desktop.net.protocol import event_to_dict
from tarneeb_desktop.rules import CardPlayed, GameState, make_rules
from tarneeb_desktop.session.lan import new_host
from tests.test_ui_helpers import FRAME, key, make_app, mouse

PATIENCE = 20.0  # wall-clock seconds a step may take before the test gives up


def lan_table(scene: object) -> bool:
    """The table scene at a LAN seat (the one table scene, through a remote link)."""
    from tarneeb_desktop.ui.table_scene import TableScene

    return isinstance(scene, TableScene) and scene.link.remote


pytestmark = pytest.mark.usefixtures("ui_home")


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def step_until(app, cond, what: str) -> None:  # type: ignore[no-untyped-def]
    """Step frames until ``cond()`` holds: the host answers over real sockets, so the frames
    are stepped until its messages have come, with a wall-clock limit only to fail."""
    deadline = time.monotonic() + PATIENCE
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        app.step(FRAME, [])
        time.sleep(0)  # let the host's and the sessions' threads run, as a real frame would


def click(app, rect: pygame.Rect) -> None:  # type: ignore[no-untyped-def]
    app.step(
        FRAME,
        [mouse(pygame.MOUSEBUTTONDOWN, rect.center), mouse(pygame.MOUSEBUTTONUP, rect.center)],
    )


def button(scene, action: str):  # type: ignore[no-untyped-def]
    return next(b for b in scene.buttons() if b.action == action)


@pytest.fixture
def host():  # type: ignore[no-untyped-def]
    h = new_host(
        make_rules(target=5),
        seed=3,
        open_seats=[0],
        ai_level="random",
        auto_start=True,
        exit_when_over=False,
    )
    played: list[CardPlayed] = []
    lock = threading.Lock()

    def seen(seq, events):  # type: ignore[no-untyped-def]
        with lock:
            played.extend(e for e in events if isinstance(e, CardPlayed))

    h.on_change.append(seen)
    h.played = played  # type: ignore[attr-defined]
    h.start()
    yield h
    h.stop()


def join_through_the_window(app, host) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, LobbyScene, SeatScene
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app.switch(MenuScene(app))
    app.step(FRAME, [])
    click(app, button(app.scene, "lan_join").rect)
    assert isinstance(app.scene, JoinScene)
    address = f"127.0.0.1:{host.address[1]}"
    app.step(FRAME, [text(ch) for ch in address])
    assert app.scene.address == address
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, SeatScene), app.scene.notice
    app.step(FRAME, [key(pygame.K_RETURN)])  # the first free seat has the focus
    # the host starts by itself once its only open seat is taken
    step_until(app, lambda: lan_table(app.scene) or isinstance(app.scene, LobbyScene), "the lobby")
    step_until(app, lambda: lan_table(app.scene), "the table")


def test_join_by_address_then_play_a_card_by_key(host) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="fast")
    join_through_the_window(app, host)
    scene = app.scene
    assert scene.me == 0 and scene.session.seat == 0
    # act through the window until it is our turn to play a card
    deadline = time.monotonic() + PATIENCE
    while True:
        assert time.monotonic() < deadline, "never our turn to play a card"
        app.step(FRAME, [])
        if not scene.my_turn():
            continue
        if scene.pv.phase == "play":
            break
        if "pass" in scene.pv.legal:
            app.step(FRAME, [key(pygame.K_p)])
        else:
            legal = [b for b in scene.buttons() if b.action in scene.pv.legal]
            click(app, legal[0].rect)
    hand = host.call(lambda: host.table.view(0).hand)
    assert sorted(scene.hand_cards()) == sorted(hand)
    assert len(scene.card_rects()) == len(hand)
    app.step(FRAME, [key(pygame.K_RIGHT)])
    chosen = scene.hand.kb_card
    assert chosen in scene.pv.legal
    before = len([e for e in host.played if e.seat == 0])
    app.step(FRAME, [key(pygame.K_RETURN)])
    step_until(
        app, lambda: len([e for e in host.played if e.seat == 0]) > before, "the host to see it"
    )
    assert [e for e in host.played if e.seat == 0][-1].card == chosen
    # the window shows it too, once the host's view has come back
    step_until(app, lambda: chosen not in scene.pv.hand, "the card to leave the hand")


def test_two_lines_typed_at_once_both_arrive_whole(host) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 12: "salam", Enter and at once "hello two", Enter arrived as "two" (the
    line closed on Enter; "hello " went to the table's keys, and T opened the chat again)."""
    app = make_app(speed="instant")
    join_through_the_window(app, host)
    scene = app.scene
    app.step(FRAME, [key(pygame.K_t), text("t")])
    typed = [text("salam"), key(pygame.K_RETURN)]
    for ch in "hello two":  # each letter as a key and as text, as SDL sends them
        typed += [key(getattr(pygame, f"K_{ch}", pygame.K_SPACE)), text(ch)]
    app.step(FRAME, [*typed, key(pygame.K_RETURN)])
    said = lambda: [m.get("text") for m in scene.lan.link.chat_log()]  # noqa: E731
    step_until(app, lambda: len(said()) >= 2, "both lines")
    assert said()[-2:] == ["salam", "hello two"]


def test_chat_and_reactions_come_back_as_bubbles(host) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="instant")
    join_through_the_window(app, host)
    scene = app.scene
    # the T that opens the chat line comes as a key and as text; the text is not typed
    app.step(FRAME, [key(pygame.K_t), text("t")])
    assert scene.chat_open
    app.step(FRAME, [text("g"), text("l hf"), key(pygame.K_BACKSPACE), text("f!")])
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.chat_open and scene.lan.chat.field.text == "", "the line stays open for the next"
    step_until(app, lambda: 0 in scene.lan.chat.bubbles, "the chat bubble")
    assert scene.lan.chat.bubbles[0][0] == "gl hf!"
    app.step(FRAME, [key(pygame.K_RETURN)])  # Enter on an empty line closes it
    assert not scene.chat_open
    click(app, next(b for b in scene.lan_buttons() if b.action == "reactions").rect)
    react = next(b for b in scene.lan_buttons() if b.action == "react:oops")
    click(app, react.rect)
    assert not scene.lan.reactions_open
    step_until(
        app, lambda: scene.lan.chat.bubbles.get(0, ("",))[0] == "Oops", "the reaction bubble"
    )


def test_a_dropped_connection_takes_the_seat_back(host) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="instant")
    join_through_the_window(app, host)
    scene = app.scene
    first = scene.session.connection_id
    # an oversized message makes the host close this connection
    scene.session.send_raw(b'{"type":"chat","text":"' + b"x" * 20000 + b'"}\n')
    # the reconnect may be over within the frame that noticed the drop: the toast stays
    step_until(
        app,
        lambda: scene.lost or scene.session.connection_id > first,
        "the window to notice the drop",
    )
    assert scene.toast is not None and scene.toast[0] == "Connection lost: reconnecting..."
    step_until(
        app,
        lambda: not scene.lost and scene.session.connection_id > first,
        "the window to reconnect",
    )
    assert scene.session.seat == 0
    seats = host.call(lambda: [(s.kind, s.connected) for s in host.seats])
    assert seats[0] == ("human", True)


def test_a_bad_address_says_so_and_stays(ui_home) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene

    app = make_app()
    app.switch(JoinScene(app, finder=False))
    app.step(FRAME, [text("no:port:here"), key(pygame.K_RETURN)])
    assert isinstance(app.scene, JoinScene) and app.scene.notice


def host_screen(monkeypatch):  # type: ignore[no-untyped-def]
    """The window's Host screen, its table to be on 127.0.0.1 (no beacon, any free port),
    first to 5 points."""
    from tarneeb_desktop.ui.screens.lan import join as lan_scenes
    from tarneeb_desktop.ui.screens.lan.join import HostScene

    monkeypatch.setattr(lan_scenes.HostScene, "bind", "127.0.0.1")
    monkeypatch.setattr(lan_scenes.HostScene, "beacon", False)
    monkeypatch.setattr(lan_scenes, "DEFAULT_PORT", 0)
    app = make_app(speed="instant")
    app.rules = make_rules(target=5)
    app.switch(HostScene(app))
    app.step(FRAME, [])
    return app


def test_host_from_the_window_lobby_then_start(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import LobbyScene

    app = host_screen(monkeypatch)
    # North: the computer, a person at this screen, then open to the network again
    for _ in range(3):
        click(app, button(app.scene, "seat:2").rect)
    click(app, button(app.scene, "seat:1").rect)
    assert app.scene.choice == ["here", "ai", "open", "open"]
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), getattr(lobby, "notice", None)
    host = lobby.host
    try:
        # the lobby sent before South's join still shows it open: wait for the one after
        step_until(
            app,
            lambda: (
                lobby.session.lobby is not None
                and lobby.session.lobby["seats"][0]["kind"] != "open"
            ),
            "the lobby",
        )
        kinds = [s["kind"] for s in lobby.session.lobby["seats"]]
        assert kinds == ["human", "ai", "open", "open"]
        click(app, button(lobby, "start").rect)
        step_until(app, lambda: lan_table(app.scene), "the table")
        assert len(app.scene.pv.hand) == 13
    finally:
        host.stop()


def test_events_survive_the_wire() -> None:
    from tarneeb_desktop.net.link import event_from_dict

    state = GameState.new(make_rules(target=5), seed=5)
    seen = set()
    while not state.is_over():
        for ev in state.apply(state.legal_actions()[-1 if state.phase == "auction" else 0]):
            assert event_from_dict(event_to_dict(ev)) == ev
            seen.add(type(ev).__name__)
    assert {"CardPlayed", "TrickWon", "HandScored", "GameOver"} <= seen
    assert event_from_dict({"event": "card_played"}) is None
    assert event_from_dict({"event": "from_the_future"}) is None


def test_a_forced_card_plays_itself_at_a_lan_table(host) -> None:  # type: ignore[no-untyped-def]
    """The table's own conveniences work through the host too: with the setting on, the
    last card of the hand (always forced) goes to the host without a key press."""
    app = make_app(speed="fast")
    app.settings.auto_play_single = True
    join_through_the_window(app, host)
    scene = app.scene
    deadline = time.monotonic() + 3 * PATIENCE
    while len([e for e in host.played if e.seat == 0]) < 12:
        assert time.monotonic() < deadline, "the hand did not get to its last trick"
        app.step(FRAME, [])
        time.sleep(0)  # let the host's and the sessions' threads run, as a real frame would
        if not scene.my_turn():
            continue
        if scene.pv.phase != "play":
            if "pass" in scene.pv.legal:
                app.step(FRAME, [key(pygame.K_p)])
            else:
                click(app, [b for b in scene.buttons() if b.action in scene.pv.legal][0].rect)
        elif len(scene.pv.legal) > 1:
            app.step(FRAME, [key(pygame.K_RIGHT)])
            app.step(FRAME, [key(pygame.K_RETURN)])
    # no more keys: the thirteenth card is played for us
    step_until(app, lambda: len([e for e in host.played if e.seat == 0]) >= 13, "the last card")


def test_enter_never_opens_the_chat_line_only_t_does() -> None:
    """Issue 14, defect 1: Enter out of turn (after H, say) used to open the chat line, and
    the next game keys were typed into it. Only T (or the Chat button) opens it now. East is
    played by the test, so that the turn comes back exactly when the test says."""
    from tarneeb_desktop.net.client import ClientSession

    h = new_host(make_rules(target=5), seed=3, open_seats=[0, 1], ai_level="random")
    h.start()
    east = ClientSession(*h.address, name="East", timeout=5.0)  # type: ignore[misc]
    try:
        east.connect()
        assert east.join(1) == 1
        app = make_app(speed="instant")
        join_through_the_window(app, h)
        scene = app.scene
        step_until(app, lambda: scene.my_turn(), "my first turn")
        app.step(FRAME, [key(pygame.K_p)])  # pass: now East is to call
        step_until(app, lambda: scene.pv.turn == 1, "East's turn")
        for _ in range(3):
            app.step(FRAME, [key(pygame.K_h), text("h"), key(pygame.K_RETURN)])
            assert not scene.chat_open
        app.step(FRAME, [key(pygame.K_t), text("t"), text("hi")])
        assert scene.chat_open and scene.lan.chat.field.text == "hi"
        deadline = time.monotonic() + 10  # East's own connection hears of its turn too
        view, seq = east.snapshot()
        while (view is None or view.turn != 1) and time.monotonic() < deadline:
            time.sleep(0.01)
            view, seq = east.snapshot()
        assert view is not None and view.turn == 1
        east.act("pass", seq)
        step_until(app, lambda: scene.my_turn(), "my turn")
        # the line stays as typed (the hint under it says it is my turn); Esc closes it
        # and the game's keys work again
        assert scene.chat_open and scene.lan.chat.field.text == "hi"
        app.step(FRAME, [key(pygame.K_ESCAPE)])
        assert not scene.chat_open
        assert scene.pv.phase == "play"  # North bid; Enter plays the chosen card
        app.step(FRAME, [key(pygame.K_RIGHT)])
        app.step(FRAME, [key(pygame.K_RETURN)])
        assert not scene.chat_open
        step_until(app, lambda: not scene.my_turn(), "my card to reach the host")
    finally:
        east.close()
        h.stop()
