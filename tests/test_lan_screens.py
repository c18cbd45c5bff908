"""The LAN screens of issue 14: the host chooses each computer seat's level, a turn timer and
a private table; TARNEEB_LAN_BIND keeps a table on this computer; the join screen remembers
the hosts typed; the rules read as in Settings; the turn timer shows at the table."""

from __future__ import annotations

import json

import pygame
import pytest

from tarneeb_desktop.net.addresses import bind_address, listen_addresses, load_recent, remember
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.session.lan import new_host
from tests.test_lan_timer import timed_host
from tests.test_net_game import FakeClock
from tests.test_ui_helpers import FRAME, key, make_app
from tests.test_ui_lan import button, click, join_through_the_window, lan_table, step_until, text

pytestmark = pytest.mark.usefixtures("ui_home")


@pytest.fixture
def loopback(monkeypatch):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan import join as lan_scenes

    monkeypatch.setenv("TARNEEB_LAN_BIND", "127.0.0.1")
    monkeypatch.setattr(lan_scenes, "DEFAULT_PORT", 0)
    monkeypatch.setattr(lan_scenes.HostScene, "ai_delay", 0.0)
    beacons: list[dict] = []

    def fake_beacon(self, **kwargs):  # type: ignore[no-untyped-def]
        beacons.append(kwargs)

    monkeypatch.setattr(Host, "start_beacon", fake_beacon)
    return beacons


def host_scene(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import HostScene

    app.switch(HostScene(app))
    app.step(FRAME, [])
    return app.scene


def test_the_bind_variable_and_the_addresses_shown() -> None:
    assert bind_address() == "0.0.0.0"
    import os

    os.environ["TARNEEB_LAN_BIND"] = "127.0.0.1"
    try:
        assert bind_address() == "127.0.0.1"
        os.environ["TARNEEB_LAN_BIND"] = "not an address"
        assert bind_address() == "0.0.0.0"
    finally:
        del os.environ["TARNEEB_LAN_BIND"]
    assert listen_addresses("127.0.0.1") == ["127.0.0.1"]
    every = listen_addresses("0.0.0.0")
    assert every and len(set(every)) == len(every)


def test_the_host_chooses_levels_timer_and_a_private_table(loopback) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="instant")
    app.rules = make_rules("egyptian", target=31)
    app.settings.levels = ["medium", "easy", "medium", "hard"]
    scene = host_scene(app)
    for _ in range(1):  # East: open -> computer
        click(app, button(scene, "seat:1").rect)
    click(app, button(scene, "seat:3").rect)  # West: a computer too
    assert scene.choice == ["here", "ai", "open", "ai"]
    labels = {b.action: b.label for b in scene.buttons()}
    assert labels["seat:1"] == "East: Karim, computer"
    assert labels["level:1"] == "Level: Easy" and labels["level:3"] == "Level: Hard"
    assert "level:2" not in labels  # an open seat has no level
    click(app, button(scene, "level:1").rect)  # easy -> medium
    click(app, button(scene, "timer").rect)  # off -> 15 s
    click(app, button(scene, "timer").rect)  # 15 -> 30 s
    assert button(scene, "timer").label == "Turn timer: 30 s"
    assert button(scene, "beacon").label == "Announced on this network"
    click(app, button(scene, "beacon").rect)  # a private table
    assert button(scene, "beacon").label == "Private: friends join by address"
    assert scene.listen_on() == "127.0.0.1"
    click(app, button(scene, "open").rect)
    lobby = app.scene
    host = lobby.host
    try:
        assert host.bind == "127.0.0.1" and loopback == []  # no announcement at all
        assert host.turn_timer.seconds == 30
        assert [s.level for s in host.seats] == ["medium", "medium", "medium", "hard"]
        assert [s.name for s in host.seats if s.kind == "ai"] == ["Karim", "Omar"]
        assert lobby.address.startswith("127.0.0.1:")
    finally:
        host.stop()


def test_a_table_kept_on_this_computer_announces_itself_to_this_computer(loopback) -> None:  # type: ignore[no-untyped-def]
    app = make_app(speed="instant")
    scene = host_scene(app)
    click(app, button(scene, "open").rect)
    host = app.scene.host
    try:
        assert loopback == [{"target": ("127.0.0.1", 47472)}]
    finally:
        host.stop()


def test_the_host_screen_shows_the_rules_as_settings_names_them() -> None:
    """Issue 14, defect 10: "Rules: egyptian" was the internal name."""
    from tarneeb_desktop.ui.screens.lan.page import lobby_rules_words, rules_words

    assert rules_words(make_rules("egyptian")) == "Egyptian"
    assert rules_words(make_rules("egyptian", target=31)) == "Egyptian (Custom)"
    assert lobby_rules_words(make_rules("lebanese400").full_dict()) == "Lebanese 400"
    from tarneeb_desktop.ui import i18n

    i18n.set_language("ar")
    assert rules_words(make_rules("egyptian", target=31)) == "مصرية (مخصّصة)"


def test_the_join_screen_remembers_hosts_typed(ui_home) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, SeatScene

    host = new_host(make_rules(), seed=3, open_seats=[0], auto_start=False, exit_when_over=False)
    host.start()
    try:
        address = f"localhost:{host.address[1]}"  # a host name works as well as an address
        for old in ("10.0.0.9:47471", "192.0.2.7:5000"):
            remember(old)
        app = make_app()
        app.switch(JoinScene(app, finder=False))
        app.step(FRAME, [text(address), key(pygame.K_RETURN)])
        assert isinstance(app.scene, SeatScene), app.scene.notice
        assert load_recent() == [address, "192.0.2.7:5000", "10.0.0.9:47471"]
        saved = json.loads((ui_home / "lan-recent.json").read_text())
        assert saved == {"recent": load_recent()}
        app.scene.activate("back")
        # the next time, the join screen offers the hosts joined before, newest first
        app.switch(JoinScene(app, finder=False))
        app.step(FRAME, [])
        recent = [b for b in app.scene.buttons() if b.action.startswith("recent:")]
        assert [b.label for b in recent][:2] == [
            f"Joined before: {address}",
            "Joined before: 192.0.2.7:5000",
        ]
        click(app, recent[0].rect)
        assert isinstance(app.scene, SeatScene)
        app.scene.activate("back")
    finally:
        host.stop()
    for i in range(8):
        remember(f"h{i}:1")
    assert len(load_recent()) == 5 and load_recent()[0] == "h7:1"


def test_the_turn_timer_shows_at_the_table() -> None:
    """The time left of the person to move, counted down on the window's own clock, as a
    ring on that seat's plate (issue 38), drawn again at each new second."""
    from tests.text_spy import screen_problems

    h = timed_host(FakeClock(), 30, seed=3)
    h.start()
    try:
        app = make_app(speed="instant")
        join_through_the_window(app, h)
        scene = app.scene
        assert lan_table(scene)
        mine = FakeClock()
        scene.link.clock = mine
        step_until(app, lambda: scene.my_turn(), "my turn")
        assert scene.link.submit(scene.me, scene.pv.legal[0]) is None  # any move of mine
        step_until(app, lambda: not scene.my_turn(), "my call to go")
        step_until(app, lambda: scene.my_turn(), "my next turn")
        scene.dirty = True
        app.step(FRAME, [])
        assert scene.drawn.turn_ring == (scene.me, 30)
        ring = scene.panels.ring_rect(scene.layout, scene.me)
        plate = scene.layout.plate_rect(0)  # South's plate, mine
        assert plate.inflate(8, 8).contains(ring)
        assert screen_problems(app, "timer") == []
        app.step(FRAME, [])  # (the check leaves the window to be drawn again)
        assert scene.busy() is False  # the main loop asks: 30 s, shown
        app.step(FRAME, [])
        assert not scene.dirty
        mine.now += 12.2
        assert scene.busy() is False and scene.dirty  # no frames between seconds; one at each
        app.step(FRAME, [])
        assert scene.drawn.turn_ring == (scene.me, 18)
        # my own ring says my seconds from the start (issue 48 item 21: others' plates showed
        # theirs in their last ten, mine an arc only)
        assert scene.drawn.ring_count == 18
        # while it counts, the window wakes at each new second (not 60 frames a second)
        wake = scene.lan.next_wake()
        assert wake is not None and 0 < wake <= 0.81  # at 17.8 s: the next second is due
        assert scene.next_wake() == wake
        mine.now += 100
        scene.busy()
        app.step(FRAME, [])
        assert scene.drawn.turn_ring == (scene.me, 0)
    finally:
        h.stop()


def test_the_players_see_how_many_watch_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: the players see how many are watching ("2 watching" under Chat); a watcher
    who leaves is counted out."""
    from tarneeb_desktop.net.client import ClientSession
    from tests.text_spy import screen_problems

    h = timed_host(FakeClock(), 0, seed=3)
    h.start()
    watchers: list[ClientSession] = []
    try:
        app = make_app(speed="instant")
        join_through_the_window(app, h)
        scene = app.scene
        assert lan_table(scene) and scene.link.watchers() == 0
        for name in ("Rana", "Sami"):
            w = ClientSession(*h.address, name=name, timeout=5.0)  # type: ignore[misc]
            w.connect()
            w.watch()
            watchers.append(w)
        step_until(app, lambda: scene.link.watchers() == 2, "two watchers counted")
        from tarneeb_desktop.ui.game import lan
        from tests.test_ui_helpers import blitted_texts

        seen = blitted_texts(monkeypatch, lan)
        scene.dirty = True
        app.step(FRAME, [])
        assert "2 watching" in seen
        assert screen_problems(app, "watchers") == []
        watchers.pop().close()
        step_until(app, lambda: scene.link.watchers() == 1, "one watcher left")
    finally:
        for w in watchers:
            w.close()
        h.stop()


def test_the_turn_ring_drains_in_steps_and_counts_the_last_seconds() -> None:
    """A ticking table stays quiet (issue 38): the ring drains in 30 steps (one redraw a
    step, at most one a second) and counts only its last ten seconds: a 60 s turn is drawn
    35 times, not 60; each change is woken for when it is due."""
    from tarneeb_desktop.ui.game.ring import ring_next_change, ring_shows

    assert ring_shows(59.5, 60) == (None, 60.0)
    assert ring_shows(57.9, 60) == (None, 58.0)
    assert ring_shows(9.2, 60) == (10, 10.0) and ring_shows(0.4, 60) == (1, 1.0)
    assert ring_shows(57.9, 60, mine=True) == (58, 58.0)  # one's own: every second
    assert ring_next_change(57.9, 60, mine=True) == pytest.approx(0.9)
    assert ring_next_change(59.5, 60) == pytest.approx(1.5)
    assert ring_next_change(10.5, 60) == pytest.approx(0.5)  # the count starts at 10
    assert ring_next_change(4.25, 60) == pytest.approx(0.25)
    for total, draws in ((60, 35), (120, 38), (30, 30), (15, 15)):
        left, seen = float(total), []
        while left > 0:  # wake as the window does, at each change
            seen.append(ring_shows(left, total))
            left -= ring_next_change(left, total) + 0.001
        assert len(set(seen)) == len(seen) == draws, (total, len(seen))
