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
from tests.test_ui_helpers import FRAME, advance, key, make_app, settle
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
    yield "egyptian auction", "egyptian", 5, my_turn_in("auction")
    yield "41 auction", "syrian41", 4, my_turn_in("auction")
    yield "tarneeb play", "standard", 4, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2
    yield "41 play", "syrian41", 4, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2
    yield "400 play", "lebanese400", 6, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2


def draw(app, scene) -> Traced:  # type: ignore[no-untyped-def]
    surface = Traced(app.surface.get_size())
    scene.dirty = True
    scene.frame.stale()
    scene.draw(surface)
    return surface


def check(lang: str, size: tuple[int, int]) -> list[str]:
    found: list[str] = []
    window = pygame.Rect((0, 0), size)
    with TextSpy():
        app = make_app(size=size)
        app.settings.language = lang
        app.settings.allow_take_back = True
        app.apply_settings()
        for what, rules, seed, until in tables():
            state = GameState.new(make_rules(rules), seed=seed, dealer=3)
            assert advance(state, until, seed), what
            scene = scene_at(app, state)
            if state.phase == "play":
                scene.last_trick_shown = True
            body = scene.layout.text
            where = f"{lang} {size[0]}x{size[1]} {what}"
            found += problems(draw(app, scene).items, window, body, where)
            scene.last_trick_shown = False
            if "auction" in what:
                continue
            for page in ("menu", "scores", "played", "auction"):
                scene.open_overlay(page)
                found += problems(draw(app, scene).items, window, body, f"{where} {page}")
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
