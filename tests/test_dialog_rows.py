"""A dialog's rows of buttons: the first button on the reading side, and a second row that
gets room of its own (it ran into the game over's "hands played" line in Arabic, French,
German and Russian)."""

from __future__ import annotations

import pytest

from tarneeb_desktop.ui import i18n
from tests.test_text_fit import played, scene_at
from tests.test_ui_helpers import make_app

pytestmark = pytest.mark.usefixtures("ui_home")


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_the_game_overs_buttons_read_from_the_reading_side_and_have_room(lang: str) -> None:
    from tarneeb_desktop.ui.game.ends import GameOverDialog

    i18n.set_language(lang)
    try:
        app = make_app(size=(1280, 720))
        state, ev = played("standard", 5, "GameOver")
        dialog = GameOverDialog(scene_at(app, state), ev)
        buttons = dialog.buttons()
        box = dialog.rect()
        assert all(box.contains(b.rect) for b in buttons)
        rows: dict[int, list] = {}
        for b in buttons:
            rows.setdefault(b.rect.y, []).append(b)
        for row in rows.values():  # in the order of the specs
            xs = [b.rect.x for b in row]
            assert xs == sorted(xs, reverse=i18n.is_rtl()), (lang, [b.label for b in row])
        first = buttons[0]
        assert first.primary and first.action == "rematch"
        # a second row of buttons has room of its own: no line of the body reaches a button
        # (laid out by the kit, the panel is as tall as what it holds)
        top = min(b.rect.top for b in buttons)
        for words, ink in dialog.texts():
            if not any(b.rect.contains(ink) for b in buttons):  # a button's own label
                assert ink.bottom <= top and box.contains(ink), (lang, words)
    finally:
        i18n.set_language("en")
