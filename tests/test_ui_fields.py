"""Text fields (issue 48 item 5): a name with an emoji showed an empty box on the plate and
the welcome screen, and a long name was cut at 20 characters with no sign. A character no
shipped font draws is refused as it is typed; a field near its limit shows its count."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.kit.widgets import COUNT_NEAR, TextField
from tests.test_ui_helpers import FRAME, make_app

pytestmark = pytest.mark.usefixtures("ui_home")


def typed(field: TextField, line: str) -> None:
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=line))


def test_what_no_font_draws_is_refused_and_every_shipped_script_is_taken() -> None:
    assert not text.can_draw("\U0001f600") and not text.can_draw("\u4e2d")  # emoji, Chinese
    for ch in "aZ\u00e9\u0416\u0456\u0644\u0939\u2660 ":
        assert text.can_draw(ch), ch
    field = TextField(max_chars=20, printable=True)
    typed(field, "Sami \U0001f600")
    assert field.text == "Sami " and field.refused
    typed(field, "\u0633\u0627\u0645\u064a")  # Arabic letters: drawn, kept
    assert field.text == "Sami \u0633\u0627\u0645\u064a" and not field.refused


def test_a_field_shows_its_count_near_its_limit() -> None:
    field = TextField(max_chars=20)
    typed(field, "x" * (20 - COUNT_NEAR - 1))
    assert field.count() is None
    typed(field, "y")
    assert field.count() == (20 - COUNT_NEAR, 20)
    typed(field, "z" * 30)
    assert field.count() == (20, 20) and len(field.text) == 20


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_welcome_screen_draws_the_count_inside_its_field(lang, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.kit import widgets
    from tarneeb_desktop.ui.screens.first_start import FirstStartScene
    from tests.test_ui_helpers import blitted_texts

    app = make_app(size=(800, 600))
    i18n.set_language(lang)
    try:
        scene = FirstStartScene(app, lambda a: None)
        app.switch(scene)
        scene.field.text = ""
        typed(scene.field, "Alexandrina Konstanti")
        seen = blitted_texts(monkeypatch, widgets)
        scene.dirty = True
        app.step(FRAME, [])
        count = f"{i18n.number(20)}/{i18n.number(20)}"
        assert count in seen
        from tests.text_spy import screen_problems

        assert screen_problems(app, f"welcome {lang}") == []
        assert scene.field_rect().w > 0
    finally:
        i18n.set_language("en")
