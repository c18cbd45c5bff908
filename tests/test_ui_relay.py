"""The relay's screens (issue 46): the Host screen opens a table over the internet and its
lobby shows the code with Copy; the Join screen takes that code (remembered, and Rejoin
by code); the relay's faults read in the player's words inside the panel. A real broker on
127.0.0.1 (``tests/relay_broker.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net import relay_crypto as rc
from tarneeb_desktop.net.addresses import load_recent
from tests.relay_broker import Broker
from tests.test_ui_helpers import FRAME, key, make_app
from tests.test_ui_lan import button, click, host_screen, lan_table, step_until, text
from tests.text_spy import screen_problems

pytestmark = pytest.mark.usefixtures("ui_home")


def check_screen(app) -> None:  # type: ignore[no-untyped-def]
    """No text of the screen below body size, outside its box or covered."""
    assert screen_problems(app, type(app.scene).__name__) == []


@pytest.fixture
def broker() -> Iterator[Broker]:
    b = Broker().start()
    yield b
    b.stop()


def internet_host(monkeypatch, relay: str):  # type: ignore[no-untyped-def]
    """The Host screen with its table to go over the internet through ``relay``."""
    app = host_screen(monkeypatch)
    app.settings.relay = relay
    click(app, button(app.scene, "where").rect)
    assert app.scene.internet
    assert button(app.scene, "where").label == "Over the internet"
    return app


def test_host_over_the_internet_and_a_second_window_joins_by_code(monkeypatch, broker) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, LobbyScene, SeatScene

    app = internet_host(monkeypatch, broker.url)
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), getattr(lobby, "notice", None)
    host = lobby.host
    try:
        code = host.code
        assert code is not None and rc.is_code(code) and lobby.code == code
        assert lobby.join_line() == f"Table code: {code}"
        click(app, button(lobby, "copy").rect)
        assert lobby.notice in (
            "The table code is copied",
            "No clipboard here: pass the code on as it is written above",
        )
        if lobby.notice == "The table code is copied":
            assert pygame.scrap.get_text() == code
        # a second window (another player's) types the code, lower case, with spaces
        guest = make_app(speed="instant")
        guest.settings.relay = broker.url
        guest.switch(JoinScene(guest, finder=False))
        guest.step(FRAME, [text(code.lower().replace("-", " ")), key(pygame.K_RETURN)])
        assert isinstance(guest.scene, SeatScene), guest.scene.notice
        assert guest.scene.session.code == code
        guest.step(FRAME, [key(pygame.K_RETURN)])  # the first free seat has the focus
        step_until(guest, lambda: isinstance(guest.scene, LobbyScene), "the guest's lobby")
        assert guest.scene.code == code  # the guest sees the code too, to pass it on
        assert load_recent()[0] == code  # remembered as joined
        step_until(
            app,
            lambda: any(
                s["kind"] == "human" and s["seat"] != 0
                for s in (lobby.session.lobby or {}).get("seats", [])
            ),
            "the guest in the host's lobby",
        )
        click(app, button(lobby, "start").rect)
        step_until(app, lambda: lan_table(app.scene), "the host's table")
        step_until(guest, lambda: lan_table(guest.scene), "the guest's table")
        assert len(guest.scene.pv.hand) == 13
        kept = rejoin.kept_seats()
        assert kept and kept[0].address == code  # Rejoin goes back by the code
        # the guest's window closes (a crash): Rejoin from a new window takes the seat back
        seat = guest.scene.session.seat
        guest.scene.link.sessions[seat].close()
        again = make_app(speed="instant")
        again.settings.relay = broker.url
        scene = JoinScene(again, finder=False)
        again.switch(scene)
        assert scene.kept and scene.kept[0].address == code
        scene.rejoin(scene.kept[0])
        assert isinstance(again.scene, LobbyScene), scene.notice
        step_until(again, lambda: lan_table(again.scene), "the table again")
        assert again.scene.session.seat == seat
    finally:
        host.stop()


def test_a_wrong_code_says_no_table_is_open_inside_the_panel(broker) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene

    app = make_app()
    app.settings.relay = broker.url
    app.switch(JoinScene(app, finder=False))
    app.step(FRAME, [text(rc.new_code()), key(pygame.K_RETURN)])
    assert isinstance(app.scene, JoinScene)
    assert app.scene.notice == "No table with this code is open now"
    check_screen(app)  # the notice inside the panel, at body size


def test_an_unreachable_relay_says_so_and_lan_play_goes_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import HostScene, JoinScene

    dead = f"mqtt://127.0.0.1:{Broker().port}"
    app = internet_host(monkeypatch, dead)
    click(app, button(app.scene, "open").rect)
    assert isinstance(app.scene, HostScene)
    words = "The relay cannot be reached; offline play and LAN play still work"
    assert app.scene.notice == words
    check_screen(app)
    click(app, button(app.scene, "where").rect)  # back to this network: the table opens
    click(app, button(app.scene, "open").rect)
    assert not isinstance(app.scene, HostScene), app.scene.notice
    app.scene.host.stop()
    join = make_app()
    join.settings.relay = dead
    join.switch(JoinScene(join, finder=False))
    join.step(FRAME, [text(rc.new_code()), key(pygame.K_RETURN)])
    assert join.scene.notice == words


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_the_relay_screens_fit_in_every_window(monkeypatch, broker, lang) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui import i18n

    app = internet_host(monkeypatch, broker.url)
    app.settings.language = lang
    app.apply_settings()
    assert i18n.is_rtl() == (lang == "ar")
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        app.resize(size)
        app.scene.rebuild()
        app.step(FRAME, [])
        check_screen(app)
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    try:
        step_until(app, lambda: lobby.session.lobby is not None, "the lobby")
        check_screen(app)
        copy = button(lobby, "copy").rect
        assert copy.w > 0
        if lang == "ar":  # the code reads from the right: Copy on its left
            assert copy.right < app.size[0] // 2 + copy.w
    finally:
        lobby.host.stop()


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_join_screens_notice_is_inside_its_panel(lang, size) -> None:  # type: ignore[no-untyped-def]
    """The relay's errors (and a failed Rejoin's, issue 48 item 23) are drawn inside the
    panel, above Connect and Back, not below the panel."""
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.lan.join import JoinScene
    from tests.text_spy import TextSpy, Traced

    app = make_app(size=size)
    app.settings.language = lang
    app.apply_settings()
    scene = JoinScene(app, finder=False)
    app.switch(scene)
    scene.notice = "No table with this code is open now"
    from tarneeb_desktop.ui.i18n import tr

    scene.notice = tr(scene.notice)
    app.step(FRAME, [])
    lay = Layout(*app.size)
    panel = pygame.Rect(0, 0, round(lay.w * 0.8), round(lay.h * 0.84))
    panel.midtop = (lay.w // 2, lay.margin * 2)
    with TextSpy():
        surface = Traced(app.size)
        scene.draw(surface)
        items = [i for i in surface.items if i.kind == "text" and i.label == scene.notice]
    assert items, "the notice was not drawn"
    connect = button(scene, "connect").rect
    for item in items:
        assert panel.contains(item.rect), (item.rect, panel)
        assert item.rect.bottom <= connect.top
    check_screen(app)


def test_four_windows_play_a_whole_game_by_code_through_a_drop_and_a_broker_restart(
    monkeypatch, broker
) -> None:  # type: ignore[no-untyped-def]
    """Issue 46's "done when": a window hosts over the internet, three other windows join by
    its code and the four play a whole game (each person's moves through its own table
    scene); one window's connection drops and comes back by itself, and the broker restarts
    mid-hand; every seat is kept and the game ends."""
    import random
    import time

    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, LobbyScene, SeatScene
    from tarneeb_desktop.ui.table_scene import TableScene

    app = internet_host(monkeypatch, broker.url)
    app.rules = make_rules(target=5)  # a short game: the restart comes in its first hands
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), getattr(lobby, "notice", None)
    host = lobby.host
    windows = [app]
    acted_after: set[int] = set()  # the windows that moved after the broker came back
    try:
        for name in ("Rami", "Sara", "Omar"):
            guest = make_app(speed="instant")
            guest.settings.relay = broker.url
            guest.switch(JoinScene(guest, finder=False))
            guest.step(FRAME, [text(c) for c in host.code])
            guest.scene.fields[1].text = name
            guest.step(FRAME, [key(pygame.K_RETURN)])
            assert isinstance(guest.scene, SeatScene), guest.scene.notice
            guest.step(FRAME, [key(pygame.K_RETURN)])
            step_until(guest, lambda g=guest: isinstance(g.scene, LobbyScene), "a lobby")
            windows.append(guest)
        step_until(
            app,
            lambda: all(s["kind"] == "human" for s in lobby.session.lobby["seats"]),
            "four people",
        )
        click(app, button(lobby, "start").rect)
        for w in windows:
            step_until(w, lambda w=w: lan_table(w.scene), "a table")
        tokens = [s.token for s in host.seats]
        names = [s.name for s in host.seats]
        assert names[1] == "Rami" and names[3] == "Omar"
        rng = random.Random(46)
        dropped = restarted = False
        deadline = time.monotonic() + 240
        while not host.table.state.is_over():
            assert time.monotonic() < deadline, host.table.state.phase
            for w in windows:
                if getattr(getattr(w.scene, "overlay", None), "kind", None) == "summary":
                    w.scene.overlay_action("close")  # Continue on the hand's summary
                w.step(FRAME, [])
                scene = w.scene
                if isinstance(scene, TableScene) and scene.my_turn() and scene.pv.legal:
                    if scene.act(scene.me, rng.choice(list(scene.pv.legal))) and restarted:
                        acted_after.add(windows.index(w))
            tricks = len(host.table.state.tricks)
            if not dropped and tricks >= 2:  # Sara's connection drops
                table = windows[2].scene
                table.link.sessions[table.me].close()
                dropped = True
            if not restarted and dropped and tricks >= 5:  # the broker restarts mid-hand
                broker.kill()
                broker.start()
                restarted = True
            time.sleep(0.001)
        assert dropped and restarted
        assert acted_after == {0, 1, 2, 3}  # each person played on after the restart
        assert [s.token for s in host.seats] == tokens  # every seat kept by its own player
        assert [s.name for s in host.seats] == names
        assert host.relay_server is not None and host.relay_server.up  # back on the broker
        # three connections at first, Sara's again after her drop, three after the restart
        assert len(host.relay_server.seen_keys) >= 7
        for k, w in enumerate(windows):
            try:

                def over(w=w) -> bool:  # type: ignore[no-untyped-def]
                    if getattr(w.scene.overlay, "kind", None) == "summary":
                        w.scene.overlay_action("close")  # Continue, hand after hand
                    return bool(w.scene.pv.phase == "over")

                step_until(w, over, "the game's end")
            except AssertionError:
                link = w.scene.link
                raise AssertionError(
                    f"window {k}: phase {w.scene.pv.phase}, overlay {getattr(w.scene.overlay, 'kind', None)}, lost {link.lost}, gone {link.host_gone}, link view {link.latest.phase}"
                    f", connected {[x.connected for x in link.sessions.values()]}"
                ) from None
    finally:
        host.stop()


def test_nothing_reaches_a_relay_until_the_player_chooses_the_internet(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Hosting on this network and joining by address never open a broker connection."""
    from tarneeb_desktop.net import relay
    from tarneeb_desktop.ui.screens.lan.join import HostScene, JoinScene, LobbyScene, SeatScene

    opened: list[str] = []

    class NoBroker(relay.BrokerLink):
        def open(self, timeout: float) -> None:
            opened.append(str(self.url))
            raise AssertionError("a broker was contacted")

    monkeypatch.setattr(relay, "BrokerLink", NoBroker)
    app = host_screen(monkeypatch)
    assert not app.scene.internet  # on this network by default
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene) and lobby.code is None
    try:
        guest = make_app()
        guest.switch(JoinScene(guest, finder=False))
        guest.step(FRAME, [text(f"127.0.0.1:{lobby.host.address[1]}"), key(pygame.K_RETURN)])
        assert isinstance(guest.scene, SeatScene), guest.scene.notice
        assert not isinstance(app.scene, HostScene)
    finally:
        lobby.host.stop()
    assert opened == []


def test_the_join_fields_take_ctrl_a_and_paste_a_code(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 17: Ctrl+A selects the whole address (what is typed replaces it, not
    appended); Ctrl+V pastes a table code copied from a message; Delete, Home and End edit."""
    from tarneeb_desktop.ui import clipboard
    from tarneeb_desktop.ui.screens.lan.join import JoinScene

    app = make_app()
    scene = JoinScene(app, finder=False, address="192.168.1.20:47471")
    app.switch(scene)
    ctrl_a = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="")
    app.step(FRAME, [ctrl_a, text("7K4M")])
    assert scene.address == "7K4M"
    monkeypatch.setattr(clipboard, "get_text", lambda: "-x92q-ht3d\nsee you at the table")
    ctrl_v = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="")
    app.step(FRAME, [ctrl_v])
    assert scene.address == "7K4M-x92q-ht3d" and rc.is_code(scene.address)
    app.step(FRAME, [key(pygame.K_HOME), key(pygame.K_DELETE)])
    assert scene.address == "K4M-x92q-ht3d"
    app.step(FRAME, [key(pygame.K_END), text("!")])
    assert scene.address.endswith("ht3d!")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_lobby_notice_and_the_chat_do_not_cover_each_other(monkeypatch, lang) -> None:  # type: ignore[no-untyped-def]
    """The lobby's notice stands above the buttons, inside the panel; the chat's lines give
    it room (they sit just above the buttons otherwise)."""
    from tarneeb_desktop.ui.screens.lan.join import LobbyScene

    app = host_screen(monkeypatch)
    app.settings.language = lang
    app.apply_settings()
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    try:
        for k in range(6):
            lobby.session.chat(f"line {k} of a long chat")
        step_until(app, lambda: len(lobby.session.chat_log) >= 6, "the chat")
        lobby.notice = "The table code is copied"
        app.step(FRAME, [])
        check_screen(app)  # nothing covered, nothing outside its box
    finally:
        lobby.host.stop()
