"""Every text of the table, its dialogs and the bid panel fits its box and is at least the body
size, in all seven languages at 800x600 and 1920x1080 (issue 23, "done when"; defects 6 to 9).

Each screen is drawn under ``tests/text_spy.TextSpy``, which records every text with the
rectangle of its ink and the panel or button it sits in; ``text_spy.problems`` lists the
texts below the body size, outside their box (a button's label outside the button less its
padding), outside the window, or running into another text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tests.test_ui_helpers import FRAME, advance, make_app, settle
from tests.text_spy import TextSpy, Traced, problems

pytestmark = pytest.mark.usefixtures("ui_home")

LANGS = ["en", "ar", "fr", "de", "ru", "uk", "hi"]
SIZES = [(800, 600), (1920, 1080)]
NAMES = ["You", "East", "North", "West"]


def scene_at(app, state: GameState):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.table_scene import TableScene

    names = [i18n.tr(n) for n in NAMES]  # as a new game names the seats, in the language
    scene = TableScene(app, state, names, (0,), ["easy"] * 4, seed=state.seed, inline_ai=True)
    app.switch(scene)
    settle(app, scene)
    return scene


def my_turn_in(phase: str) -> Callable[[GameState], bool]:
    return lambda s: s.phase == phase and s.current_player() == 0


def tables() -> Iterator[tuple[str, str, int, Callable[[GameState], bool]]]:
    """(what, rules, seed, the position): the auction and the play of each kind of game."""
    yield "tarneeb auction", "standard", 4, my_turn_in("auction")
    # the high bid in the contract panel above its foot ("meilleure enchère : Ouest")
    yield (
        "tarneeb auction, bids made",
        "standard",
        5,
        lambda s: my_turn_in("auction")(s) and any(c != "pass" for _, c in s.calls),
    )
    # the contract panel while the person chooses trump ("choosing trump…" ran into
    # "Auction (A)": issue 37, defect 3), and the trump's four buttons
    yield "tarneeb trump", "standard", 4, my_turn_in("trump")
    yield "egyptian auction", "egyptian", 5, my_turn_in("auction")
    yield "41 auction", "syrian41", 4, my_turn_in("auction")
    yield "tarneeb play", "standard", 4, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2
    yield "41 play", "syrian41", 4, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2
    yield "400 play", "lebanese400", 6, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2


def played(rules: str, seed: int, until_event: str, first=(), dealer=3, limit=3000):  # type: ignore[no-untyped-def]
    """A game of ``rules`` played at random (after the actions ``first``) until an event
    named ``until_event`` (and then to my next turn): the state and that event."""
    import random

    state = GameState.new(make_rules(rules), seed=seed, dealer=dealer)
    for action in first:
        state.apply(action)
    rng = random.Random(seed)
    got = None
    for _ in range(limit):
        if got is not None and (state.is_over() or state.current_player() == 0):
            break
        for ev in state.apply(rng.choice(state.legal_actions())) or []:
            if type(ev).__name__ == until_event and got is None:
                got = ev
    assert got is not None, (rules, until_event)
    return state, got


def dialogs(app):  # type: ignore[no-untyped-def]
    """(what, scene, dialog): the hand's summary, 41's, the game's end, and the score sheets
    of games some hands in (a deal thrown in among them in 41)."""
    from tarneeb_desktop.ui.game.ends import GameOverDialog, Summary41Dialog, SummaryDialog

    state, ev = played("standard", 4, "HandScored")
    scene = scene_at(app, state)
    summary = SummaryDialog(scene, ev)
    summary.dd = 9
    yield "tarneeb summary", scene, summary
    state, ev = played("syrian41", 3, "SeatsScored")
    scene = scene_at(app, state)
    summary41 = Summary41Dialog(scene, ev)
    summary41.dd = 9
    yield "41 summary", scene, summary41
    state, ev = played("standard", 5, "GameOver")
    scene = scene_at(app, state)
    yield "tarneeb game over", scene, GameOverDialog(scene, ev)
    scene.open_overlay("scores")
    yield "tarneeb score sheet, game over", scene, scene.overlay
    # the first deal thrown in (8 of 11 bid), the next played: rows "", "1"
    state, _ = played("syrian41", 8, "SeatsScored", ("2", "3", "2", "1"), dealer=0)
    scene = scene_at(app, state)
    scene.open_overlay("scores")
    yield "41 score sheet", scene, scene.overlay


def tutorial(app):  # type: ignore[no-untyped-def]
    """(what, scene): the tutorial at its first lesson (the coach over the table), then with
    its "Skip the tutorial?" question and its end over it."""
    from tarneeb_desktop.ui.screens.tutorial.dialogs import DoneDialog, SkipDialog
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    scene = TutorialScene(app)
    app.switch(scene)
    t = 0.0
    while t < 60 and scene.overlay is None and not scene.my_turn():
        app.step(FRAME, [])
        t += FRAME
    yield "tutorial lesson", scene
    scene.overlay = SkipDialog(scene)
    yield "tutorial skip question", scene
    scene.overlay = DoneDialog(scene)
    yield "tutorial end", scene
    scene.overlay = None


def draw(app, scene) -> Traced:  # type: ignore[no-untyped-def]
    surface = Traced(app.surface.get_size())
    scene.dirty = True
    scene.frame.stale()
    assert app.scene is scene
    app.draw(surface)  # the table and its dialog, on the window's modal stack
    return surface


def app_in(lang: str, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    """A window of ``size`` in ``lang`` with take-backs allowed (so Undo shows)."""
    app = make_app(size=size)
    app.settings.language = lang
    app.settings.allow_undo = True
    app.apply_settings()
    return app


def check(lang: str, size: tuple[int, int]) -> list[str]:
    found: list[str] = []
    window = pygame.Rect((0, 0), size)
    with TextSpy():
        app = app_in(lang, size)
        for what, rules, seed, until in tables():
            state = GameState.new(make_rules(rules), seed=seed, dealer=3)
            assert advance(state, until, seed), what
            scene = scene_at(app, state)
            body = scene.layout.text
            where = f"{lang} {size[0]}x{size[1]} {what}"
            found += problems(draw(app, scene).items, window, body, where)
            if "auction" in what:
                continue
            scene.last_trick_shown = True  # L: the last trick over the veiled table
            found += problems(draw(app, scene).items, window, body, f"{where} last trick")
            scene.last_trick_shown = False
            for page in ("menu", "scores", "played", "auction", "table_settings", "leave"):
                scene.open_overlay(page)
                found += problems(draw(app, scene).items, window, body, f"{where} {page}")
                scene.overlay = None
        for what, scene in tutorial(app):
            where = f"{lang} {size[0]}x{size[1]} {what}"
            found += problems(draw(app, scene).items, window, scene.layout.text, where)
        for what, scene, dialog in dialogs(app):
            scene.overlay = dialog
            body = scene.layout.text
            where = f"{lang} {size[0]}x{size[1]} {what}"
            found += problems(draw(app, scene).items, window, body, where)
            scene.overlay = None
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_text_of_the_table_fits_its_box_at_body_size(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    try:
        found = check(lang, size)
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)
