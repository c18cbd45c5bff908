"""Issue 38, defect 1: Quit from the pause menu at a LAN table asks first (the host's ends
the table for everyone), and a host that closes its table says so: the others hear "the host
closed the table" and stop reconnecting. Loopback only."""

from __future__ import annotations

import time

import pytest

from tarneeb_desktop.net.client import ClientSession
from tests.test_lan_people_ui import started_host
from tests.test_ui_helpers import FRAME, make_app
from tests.test_ui_lan_local import _home, step_until  # noqa: F401 - _home: the fixture

pytestmark = pytest.mark.usefixtures("_home")


def seated(app, host):  # type: ignore[no-untyped-def]
    """The window at South of ``host``'s table (a session joined, the table shown)."""
    from tarneeb_desktop.ui.table_scene import TableScene

    session = ClientSession(*host.address, name="Sara", timeout=5.0)
    session.connect()
    assert session.join(0) == 0
    assert session.wait_for(lambda m: m.get("type") == "view", 10.0) is not None
    view, seq = session.snapshot()
    scene = TableScene.remote(app, session, view, seq)
    app.switch(scene)
    app.step(FRAME, [])
    return scene


def test_quit_from_the_pause_menu_at_a_lan_table_asks_first() -> None:
    host = started_host([0], auto_start=True)
    app = make_app(speed="fast")
    try:
        scene = seated(app, host)
        scene.open_overlay("menu")
        scene.overlay_action("quit")  # the pause menu's Quit
        assert app.running, "Quit closed the window without a word"
        assert scene.overlay is not None and scene.overlay.kind == "quit_lan"
        scene.overlay_action("close")  # Stay: the game goes on
        assert scene.overlay is None and app.running
        scene.open_overlay("menu")
        scene.overlay_action("quit")
        scene.overlay_action("quit")  # the question's Quit
        assert not app.running
    finally:
        app.scene.on_hide()
        host.stop()


def test_a_host_that_closes_its_table_ends_the_game_for_everyone() -> None:
    """Issue 48 item 1: the joiner was left at a dead table (the host's plate "away", the
    ring at 0) and the menu offered a Rejoin that failed. Now the game is over for everyone:
    a screen with the score so far, the game kept in Finished games from this seat's side
    (marked closed), nothing to rejoin, and Enter or Esc goes to the menu."""
    import pygame

    from tarneeb_desktop.net import rejoin
    from tarneeb_desktop.table.history import list_kept
    from tarneeb_desktop.ui.screens.menu import MenuScene

    host = started_host([0], auto_start=True)
    app = make_app(speed="fast")
    scene = seated(app, host)
    session = scene.link.sessions[0]
    rejoin.remember_seat(session)
    assert rejoin.kept_seats(), "the seat was not kept to start with"
    step_until(app, lambda: scene.pv.turn == 0, "our turn")
    scores = tuple(scene.pv.scores)
    host.stop()
    step_until(app, lambda: scene.link.host_gone, "the host's word")
    assert scene.link.bye_code == "closed" and scene.link.closed
    assert scene.overlay is not None and scene.overlay.kind == "closed"
    assert rejoin.kept_seats() == [], "the menu would offer a Rejoin that fails"
    games = list_kept().games
    assert len(games) == 1, games
    g = games[0]
    assert g.closed and g.winner is None and g.people == (0,) and g.totals == scores
    assert g.players[0] == "Sara"
    from tarneeb_desktop.ui.screens.games.games import result_text

    assert result_text(g).endswith("the host closed the table")
    for _ in range(30):  # no "reconnecting" afterwards
        app.step(FRAME, [])
        time.sleep(0.01)
    assert not scene.link.lost
    scene.overlay.age = 5.0  # the result has been readable
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step(FRAME, [key])
    assert isinstance(app.scene, MenuScene), "Esc did not lead to the menu"
    assert not app.scene.lan_kept, "the menu offers Rejoin"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_closed_table_screen_reads_in_english_arabic_and_russian(size) -> None:  # type: ignore[no-untyped-def]
    """The closed table's screen: its heading, the score so far, where the game is kept and
    its button fit the box and read in the player's language, at body size or above."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.game.lan import TableClosedDialog
    from tests.text_spy import screen_problems

    host = started_host([0], auto_start=True)
    app = make_app(size=size, speed="fast")
    try:
        scene = seated(app, host)
        for lang in ("en", "ar", "ru"):
            i18n.set_language(lang)
            scene.overlay = TableClosedDialog(scene, kept=True)
            scene.invalidate()
            app.step(FRAME, [])
            box = scene.overlay.rect()
            (button,) = scene.overlay.buttons()
            assert box.contains(button.rect) and button.label == i18n.tr("Main menu")
            assert screen_problems(app, f"closed {lang} {size}") == []
    finally:
        i18n.set_language("en")
        app.scene.on_hide()
        host.stop()


def test_a_host_that_cannot_be_reached_is_said_in_the_players_words() -> None:
    """Issue 38, defect 5: a failed Rejoin showed "[Errno 111] Connection refused"."""
    import socket

    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.lan.join import unreachable_words

    line = unreachable_words("127.0.0.1:9", ConnectionRefusedError(111, "Connection refused"))
    assert line == "Cannot reach 127.0.0.1:9: no table is open there now"
    assert "no answer came" in unreachable_words("x:1", TimeoutError())
    assert "no computer has that name" in unreachable_words("x:1", socket.gaierror(-2, "x"))
    i18n.set_language("ar")
    try:
        said = unreachable_words("127.0.0.1:9", ConnectionRefusedError(111, "refused"))
        assert "Errno" not in said and "[" not in said and "لا توجد طاولة" in said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_lan_buttons_never_cover_the_41_score_panel(size) -> None:  # type: ignore[no-untyped-def]
    """Issue 38, defect 14: in syrian41 over LAN, Chat and React covered the score panel's
    top row (41's panel is wider than the layout's)."""
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.session.lan import new_host

    host = new_host(make_rules("syrian41"), seed=3, open_seats=[0], ai_level="random",
                auto_start=True, exit_when_over=False)  # fmt: skip
    host.start()
    app = make_app(size=size, speed="fast")
    try:
        scene = seated(app, host)
        score = scene.score.rect(scene.layout)
        for b in scene.lan_buttons():
            assert not b.rect.colliderect(score), (size, b.label, b.rect, score)
            assert app.surface.get_rect().contains(b.rect)
        scene.on_hide()
    finally:
        host.stop()


def test_the_hosts_window_keeps_the_game_it_closes_once() -> None:
    """The host's own window keeps the game it closed (closed, from its seat's side); a
    joiner at the same computer finds it kept already (one file for one game); a finished
    game is kept the same way when it ends."""
    from tarneeb_desktop.net.link import RemoteLink
    from tarneeb_desktop.table.history import list_kept

    host = started_host([0, 1])
    links = []
    for seat, name in ((0, "Layla"), (1, "Omar")):
        session = ClientSession(*host.address, name=name, timeout=5.0)
        session.connect()
        assert session.join(seat) == seat
        links.append(session)
    host.start_game()
    views = []
    for session in links:
        session.wait_for(lambda m: m.get("type") == "view", 10.0)
        views.append(session.snapshot())
    mine = RemoteLink(links[0], *views[0], host=host)
    theirs = RemoteLink(links[1], *views[1])
    mine.close()  # the host's window leaves: its table closes
    deadline = time.monotonic() + 10
    while not theirs.host_gone and time.monotonic() < deadline:
        theirs.poll()
        time.sleep(0.01)
    assert theirs.closed and theirs.kept is True, "the joiner kept a second copy, or nothing"
    (g,) = list_kept().games
    assert g.closed and g.people == (0,) and g.players[:2] == ("Layla", "Omar")
    assert mine.kept == g.path
    theirs.close()
