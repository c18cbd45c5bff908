"""The idle window: while nothing changes the main loop sleeps in its idle wait and draws
nothing (the menu, a table waiting for the player, the replay viewer paused)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import app as app_module
from tests.test_ui_helpers import FRAME, advance, make_app, my_play_turn

pytestmark = pytest.mark.usefixtures("ui_home")

DATA = Path(__file__).parent / "data"
WAKES = 30  # simulated idle wake-ups (each one a timed-out wait with no event)


def menu(app):  # type: ignore[no-untyped-def]
    app.show_menu()
    return lambda: True


def table(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules(), seed=3, dealer=3)
    assert advance(state, my_play_turn, seed=3)
    scene = TableScene(
        app, state, ["You", "East", "North", "West"], (0,), ["random"] * 4, seed=3, inline_ai=True
    )
    app.switch(scene)
    return lambda: scene.my_turn()


def viewer(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    doc = json.loads((DATA / "standard-game.json").read_text())
    scene = ViewerScene(app, positions(doc), title="test", inline=True)
    app.switch(scene)
    scene.go(12)
    return lambda: not scene.playing


@pytest.mark.parametrize("screen", [menu, table, viewer])
def test_the_idle_loop_sleeps_and_draws_nothing_while_nothing_changes(screen, monkeypatch):  # type: ignore[no-untyped-def]
    app = make_app()
    ready = screen(app)
    for _ in range(2000):  # settle: the first draw, the table's deal coming to rest
        app.step(FRAME, pygame.event.get())
        if ready() and not app.scene.busy() and not app.scene.dirty:
            break
    assert ready() and not app.scene.busy() and not app.scene.dirty

    waits: list[int] = []

    def fake_wait(ms: int) -> bool:
        waits.append(ms)
        if len(waits) >= WAKES:
            app.quit(0)
        return False  # timed out: no event came

    monkeypatch.setattr(app_module, "idle_waiter", lambda: fake_wait)
    draws: list[int] = []
    real_draw = app.scene.draw
    monkeypatch.setattr(app.scene, "draw", lambda surface: draws.append(1) or real_draw(surface))
    steps: list[int] = []
    real_step = app.step

    def step(dt, events=None):  # type: ignore[no-untyped-def]
        steps.append(1)
        if len(steps) > 2 * WAKES:
            app.quit(0)  # a loop that never sleeps must not hang the test
        return real_step(dt, events)

    monkeypatch.setattr(app, "step", step)
    pygame.event.clear()
    app.run()
    # every pass of the loop slept in the idle wait (none spun through frames), with the
    # long timeout (nothing had a deadline), and not one drew
    assert len(waits) == WAKES
    assert set(waits) == {app_module.IDLE_WAIT_MS}
    assert draws == []


def test_an_event_wakes_the_idle_loop_and_draws_once(monkeypatch):  # type: ignore[no-untyped-def]
    app = make_app()
    app.show_menu()
    app.step(FRAME, [])
    woke: list[int] = []

    def fake_wait(ms: int) -> bool:
        woke.append(ms)
        if len(woke) == 1:  # the window was uncovered: the screen is drawn again, once
            pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
        if len(woke) == 5:
            app.quit(0)
        return True

    monkeypatch.setattr(app_module, "idle_waiter", lambda: fake_wait)
    draws: list[int] = []
    real_draw = app.scene.draw
    monkeypatch.setattr(app.scene, "draw", lambda surface: draws.append(1) or real_draw(surface))
    pygame.event.clear()
    app.run()
    assert draws == [1]


def test_the_fallback_wait_returns_on_an_event_and_leaves_it_queued(monkeypatch):  # type: ignore[no-untyped-def]
    make_app()
    monkeypatch.setenv("TARNEEB_IDLE_WAIT", "poll")
    wait = app_module.idle_waiter()
    assert wait is not None
    pygame.event.clear()
    assert wait(20) is False  # nothing came within 20 ms
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, what="wake"))
    assert wait(10_000) is True  # returns at once, not after ten seconds
    assert [e.type for e in pygame.event.get()] == [pygame.USEREVENT]


def test_a_lan_turn_timer_wakes_the_idle_table_at_its_next_second() -> None:
    from tarneeb_desktop.ui.game import lan as game_lan

    class Link:
        left = 7.25
        total = 30.0

        def time_left(self):  # type: ignore[no-untyped-def]
            return (0, self.left, self.total)

    class Scene:
        humans: tuple[int, ...] = ()  # seat 0, the one to move, is someone else's

    part = object.__new__(game_lan.LanExtras)
    part.link = Link()  # type: ignore[attr-defined]
    part.scene = Scene()  # type: ignore[assignment]
    assert part.next_wake() == pytest.approx(0.255)  # 7.25 s shows "8 s" until 7.0
    part.link.left, part.link.total = 17.25, 60.0  # type: ignore[attr-defined]
    assert part.next_wake() == pytest.approx(1.255)  # another's ring: its 2 s step
    part.scene.humans = (0,)  # type: ignore[misc]
    assert part.next_wake() == pytest.approx(0.255)  # one's own: every second (issue 48)
    part.link.left = 3.0  # type: ignore[attr-defined]
    assert part.next_wake() == pytest.approx(1.005)
    part.link.time_left = lambda: None  # type: ignore[attr-defined]
    assert part.next_wake() is None
