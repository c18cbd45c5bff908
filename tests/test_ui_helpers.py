"""Helpers (no tests) for the scene tests: a steppable app under the dummy driver and positions to test."""

from __future__ import annotations

import concurrent.futures
import random
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.settings import Settings

FRAME = 1 / 60


def make_app(size=(1280, 720), speed="normal"):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.app import App

    return App(Settings(animation_speed=speed, sound=False), size, sound=False)


def advance(state: GameState, until, seed: int = 0, limit: int = 2000) -> bool:  # type: ignore[no-untyped-def]
    """Play random legal actions until ``until(state)`` holds; False if the game ends first."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return True
        if state.is_over():
            return False
        state.apply(rng.choice(state.legal_actions()))
    return until(state)


def my_play_turn(state: GameState) -> bool:
    return state.phase == "play" and state.current_player() == 0


def must_follow(state: GameState) -> bool:
    """Seat 0 to play, following a suit, with some cards it may not play."""
    if not my_play_turn(state) or not state.trick:
        return False
    return len(state.legal_actions()) < state.hands[0].bit_count()


def table_scene(app, state: GameState):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.table_scene import TableScene

    scene = TableScene(
        app, state, ["You", "East", "North", "West"], (0,), ["random"] * 4, seed=1, inline_ai=True
    )
    app.switch(scene)
    return scene


def run(app, seconds: float, events=None) -> None:  # type: ignore[no-untyped-def]
    """Step the app ``seconds`` of fake time, frame by frame."""
    app.step(FRAME, events or [])
    t = FRAME
    while t < seconds:
        app.step(FRAME, [])
        t += FRAME


def wait_decision(scene) -> None:  # type: ignore[no-untyped-def]
    """Wait (real time, at most 30 s) for a computer decision the table's worker thread is
    working out, if any."""
    pending = getattr(getattr(scene, "table", None), "_pending", None)
    if pending is not None:
        concurrent.futures.wait([pending[1]], timeout=30)


def settle(app, scene, limit: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Step until the table waits for the player (or ``limit`` seconds of fake time). A
    computer's decision being worked out on a worker thread is waited for (real time), so
    that a slow decision never runs the fake clock out."""
    t = 0.0
    while t < limit and not scene.my_turn():
        wait_decision(scene)
        app.step(FRAME, [])
        t += FRAME
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None


def boxes_of(box: Any) -> Iterator[Any]:
    """``box`` and every box under it in a kit tree (a group's children, a wrap's child, an
    ``Either``'s options), depth first."""
    yield box
    for child in [*getattr(box, "children", []), *[c for c in [getattr(box, "child", None)] if c]]:
        yield from boxes_of(child)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def standard_state(seed: int) -> GameState:
    return GameState.new(make_rules("standard"), seed=seed, dealer=3)


class FrameWatch:
    """What each frame of a table showed, spied from the test (the drawing code keeps no log):
    ``face_up``, per frame drawn, the hand drawn face up as (seat at the bottom, seat of the
    view, cards) or None; ``covered``, whether the privacy cover was shown. The hand at rest is
    drawn on the static layer, so a frame shows the one that layer was last drawn with."""

    watching: weakref.WeakKeyDictionary[Any, FrameWatch] = weakref.WeakKeyDictionary()

    def __init__(self, scene: Any) -> None:
        self.face_up: list[tuple[int, int, tuple[str, ...]] | None] = []
        self.covered: list[bool] = []
        self._static: tuple[int, int, tuple[str, ...]] | None = None
        frame, hand = scene.frame, scene.hand
        draw, draw_static = frame.draw, hand.draw_static

        def shown() -> tuple[int, int, tuple[str, ...]]:
            return (scene.me, scene.pv.seat, tuple(scene.hand_cards()))

        def spy_static(s: pygame.Surface) -> None:
            draw_static(s)
            self._static = shown() if scene.dealt is None and hand.card_rects() else None

        def spy_draw(surface: pygame.Surface) -> None:
            covered = scene.covered()
            draw(surface)
            self.covered.append(covered)
            if covered:
                self.face_up.append(None)
            elif scene.dealt is not None and scene.card_rects():
                self.face_up.append(shown())  # the cards dealt so far, drawn over the layer
            else:
                self.face_up.append(self._static)

        hand.draw_static, frame.draw = spy_static, spy_draw
        FrameWatch.watching[scene] = self


def step_watching(app, scene, events, passed_to, frames):  # type: ignore[no-untyped-def]
    """Step one frame of a hot-seat table (watched by a :class:`FrameWatch`) and keep its
    privacy record: who the cover last passed the computer to (returned, updated) and, for
    each frame drawn, the hand drawn face up, whether the cover was shown and ``passed_to``
    (appended to ``frames``). Returns ``(passed_to, face_up)``; ``face_up`` is False when no
    frame was drawn."""
    watch = FrameWatch.watching[scene]
    was_covered = scene.covered()
    n = len(watch.face_up)
    app.step(FRAME, events)
    if was_covered and not scene.covered():
        passed_to = scene.me
    if len(watch.face_up) == n:
        return passed_to, False
    face_up = watch.face_up[-1]
    frames.append((face_up, watch.covered[-1], passed_to))
    return passed_to, face_up


def viewer_asking_a_seat(app, record):  # type: ignore[no-untyped-def]
    """The replay viewer of ``record`` in the window, at the 22nd card of its first hand (in
    the middle of a trick), asking which seat to take for "Play on from here"."""
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    viewer = ViewerScene(app, positions(record), inline=True)
    app.switch(viewer)
    pos = next(p for p in viewer.steps.positions if p.kind == "card" and p.play == 21)
    viewer.go(pos.index)
    viewer.activate("playon")
    assert viewer.choosing  # the question is open
    return viewer


def blitted_texts(monkeypatch, module) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text ``module`` draws from now on through its ``blit_text`` (a list that fills
    as the window draws)."""
    seen: list[str] = []
    real = module.blit_text

    def spy(surface, words, *a, **k):  # type: ignore[no-untyped-def]
        seen.append(words)
        return real(surface, words, *a, **k)

    monkeypatch.setattr(module, "blit_text", spy)
    return seen


def play_scene_for_tests(seed: int = 11):  # type: ignore[no-untyped-def]
    """An offline table at the person's turn to play a card (seat 0), settled."""
    state = standard_state(seed)
    assert advance(state, my_play_turn, seed)
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    assert scene.my_turn()
    return app, scene


@contextmanager
def rendered_lines() -> Iterator[list[str]]:
    """Every line the text module renders while the block runs (a list that fills as the
    window draws)."""
    from tarneeb_desktop.ui import text

    seen: list[str] = []
    real = text.render

    def spy(line, *a, **k):  # type: ignore[no-untyped-def]
        seen.append(line)
        return real(line, *a, **k)

    text.render = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        text.render = real  # type: ignore[assignment]
