"""The pause menu (issue 23): Settings that may change mid-game, and How to play, both
coming back to the same table."""

from __future__ import annotations

import json

import pygame
import pytest

from tarneeb_desktop.settings import settings_path
from tarneeb_desktop.ui import i18n
from tests.test_ui_helpers import (
    FRAME,
    key,
    make_app,
    mouse,
    run,
    settle,
    standard_state,
    table_scene,
)

pytestmark = pytest.mark.usefixtures("ui_home")


def _click(app, button) -> None:  # type: ignore[no-untyped-def]
    pos = button.rect.center
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])


def _button(scene, action: str):  # type: ignore[no-untyped-def]
    return next(b for b in scene.overlay_buttons() if b.action == action)


def _paused():  # type: ignore[no-untyped-def]
    app = make_app(speed="fast")
    scene = table_scene(app, standard_state(5))
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay is not None and scene.overlay.kind == "menu"
    return app, scene


def test_the_pause_menu_offers_settings_and_how_to_play() -> None:
    app, scene = _paused()
    actions = [b.action for b in scene.overlay_buttons()]
    assert "table_settings" in actions and "howto" in actions
    box = scene.overlay.rect()
    assert all(box.contains(b.rect) for b in scene.overlay_buttons())  # all inside the menu


def test_settings_change_mid_game_and_are_saved() -> None:
    app, scene = _paused()
    before = scene.table.state.clone()
    _click(app, _button(scene, "table_settings"))
    assert scene.overlay.kind == "table_settings"
    rows = [b.action for b in scene.overlay_buttons()]
    assert rows == [
        "set:animation_speed",
        "set:sound",
        "set:volume",
        "set:language",
        "set:card_style",
        "set:auto_play_single",
        "menu_page",
    ]
    speed = app.settings.animation_speed
    _click(app, _button(scene, "set:animation_speed"))
    assert app.settings.animation_speed != speed
    _click(app, _button(scene, "set:card_style"))
    assert app.settings.card_style == "four-color" and scene.four_color
    _click(app, _button(scene, "set:auto_play_single"))
    assert app.settings.auto_play_single
    # the volume beside the sound (issue 37), a real slider (issue 48 item 6): a click sets
    # it where the pointer is, a drag moves it, Left/Right step it by 5
    app.settings.volume = 0.5
    track = _button(scene, "set:volume").rect
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (track.x + 2, track.centery))])
    assert app.settings.volume == 0.0
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right - 2, track.centery),
                                        rel=(1, 0), buttons=(1, 0, 0))])  # fmt: skip
    assert app.settings.volume == 1.0
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, (track.right - 2, track.centery))])
    app.step(FRAME, [key(pygame.K_LEFT)] * 5)
    assert app.settings.volume == 0.75
    assert all(s.auto_single for s in scene.table.seats if s.kind == "person")
    try:
        _click(app, _button(scene, "set:language"))  # English, then Arabic
        assert i18n.get_language() == "ar" and app.settings.language == "ar"
        assert _button(scene, "menu_page").label == i18n.tr("Back") != "Back"
    finally:
        i18n.set_language("en")
    saved = json.loads(settings_path().read_text())
    assert saved["card_style"] == "four-color" and saved["auto_play_single"] is True
    assert saved["volume"] == 0.75
    # Back (or Esc) returns to the pause menu; the game did not move
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay is not None and scene.overlay.kind == "menu"
    assert scene.table.state.view(0) == before.view(0)


def test_how_to_play_comes_back_to_the_same_table() -> None:
    from tarneeb_desktop.ui.screens.howto.howto import HowToScene

    app, scene = _paused()
    before = scene.table.state.view(0)
    _click(app, _button(scene, "howto"))
    assert isinstance(app.scene, HowToScene)
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert app.scene is scene and scene.overlay is not None and scene.overlay.kind == "menu"
    assert scene.table.state.view(0) == before
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Resume
    assert scene.overlay is None
    settle(app, scene)
    assert scene.act(scene.me, scene.pv.legal[0])  # the game goes on


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_the_pause_menu_ends_a_margin_below_its_last_button(lang, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 48 item 27: about 80 px of empty panel stood below Quit."""
    from tests.text_spy import screen_problems

    app = make_app(size=size, speed="fast")
    i18n.set_language(lang)
    try:
        scene = table_scene(app, standard_state(5))
        settle(app, scene)
        scene.open_overlay("menu")
        app.step(FRAME, [])
        box, buttons = scene.overlay.rect(), scene.overlay_buttons()
        lay = scene.layout
        assert all(box.contains(b.rect) for b in buttons)
        below = box.bottom - max(b.rect.bottom for b in buttons)
        above = min(b.rect.top for b in buttons) - box.top  # the title's room
        assert round(lay.unit * 2) <= below <= round(lay.unit * 4), (lang, size, below)
        assert below < above
        assert screen_problems(app, f"pause {lang} {size}") == []
        scene.on_hide()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_table_settings_are_setting_lines_of_the_kit(lang) -> None:  # type: ignore[no-untyped-def]
    """Each setting a line of the kit: its label at the reading start, its value at the end
    (a stepper, a switch or the slider); Up/Down choose, Left/Right change towards their
    arrow; nothing shrunk, covered or out of its box."""
    from tarneeb_desktop.ui.game.table_settings import ROWS
    from tests.text_spy import screen_problems

    app, scene = _paused()
    _click(app, _button(scene, "table_settings"))
    app.settings.language = lang
    app.apply_settings()
    try:
        app.step(FRAME, [])
        assert i18n.get_language() == lang
        texts = dict(scene.overlay.texts())
        for name, label, _, _ in ROWS:
            words, value = texts[i18n.tr(label)], _button(scene, "set:" + name).rect
            assert (words.left > value.right) if lang == "ar" else (words.right < value.left)
            assert value.top <= words.centery <= value.bottom  # one line, side by side
        assert screen_problems(app, f"table settings {lang}") == []
        speeds = list(ROWS[0][2])
        speed = app.settings.animation_speed
        assert _button(scene, "set:animation_speed").focus  # the first line, chosen
        forward = pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT  # towards the "next" arrow
        back = pygame.K_RIGHT if lang == "ar" else pygame.K_LEFT
        app.step(FRAME, [key(forward)])
        after = speeds[(speeds.index(speed) + 1) % len(speeds)]
        assert app.settings.animation_speed == after
        app.step(FRAME, [key(back)])
        assert app.settings.animation_speed == speed
        app.step(FRAME, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # Sound: on and off
        sound = app.settings.sound
        app.step(FRAME, [key(pygame.K_RETURN)])
        assert app.settings.sound != sound and _button(scene, "set:sound").focus
    finally:
        i18n.set_language("en")


def test_a_dialog_over_the_table_is_veiled_as_every_modal_is() -> None:
    """One veil (issue 47): the table under its pause menu is dimmed by the kit's ``VEIL``,
    as a screen is under a question of the modal stack."""
    app = make_app(speed="fast")
    scene = table_scene(app, standard_state(5))
    settle(app, scene)
    _veiled_once_under_the_menu(app, scene)
    scene.on_hide()


def _veiled_once_under_the_menu(app, scene) -> None:  # type: ignore[no-untyped-def]
    """The window's edge under the pause menu is the edge as it was, dimmed by one ``VEIL``."""
    from tarneeb_desktop.ui.kit.style import VEIL

    scene.dirty = True
    app.step(FRAME, [])
    corner = (3, app.size[1] // 2)  # the felt at the window's edge, clear of the panels
    bare = app.surface.get_at(corner)
    scene.open_overlay("menu")
    scene.dirty = True
    app.step(FRAME, [])
    veiled = app.surface.get_at(corner)
    keep = 1 - VEIL[3] / 255
    for c in range(3):
        assert abs(veiled[c] - (bare[c] * keep + VEIL[c] * (1 - keep))) <= 2, (bare, veiled)


def test_a_table_dialog_is_the_top_of_the_windows_modal_stack() -> None:
    """Issue 47: the table's dialog lives on ``App.modals`` (the top) while it is open and
    leaves it when it closes; a dialog that takes another's place takes its place there."""
    from tarneeb_desktop.ui.game.table_modal import TableModal

    app, scene = _paused()
    top = app.modals.top
    assert isinstance(top, TableModal) and top.dialog is scene.overlay
    assert len(app.modals.items) == 1 and top.kind == "menu"
    assert [b.action for b in top.buttons(app.size)] == [b.action for b in scene.overlay_buttons()]
    assert "Paused" in top.text()
    _click(app, _button(scene, "scores"))  # the pause menu's Score sheet: in its place
    assert scene.overlay is not None and scene.overlay.kind == "scores"
    top = app.modals.top
    assert isinstance(top, TableModal) and top.dialog is scene.overlay
    assert len(app.modals.items) == 1
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # the sheet closes
    assert scene.overlay is None and not app.modals
    scene.open_overlay("played")
    assert app.modals.top is not None and app.modals.top.kind == "played"
    scene.overlay = None
    assert not app.modals
    scene.on_hide()


def test_a_dialog_left_open_for_how_to_play_is_on_the_stack_again_on_return() -> None:
    from tarneeb_desktop.ui.game.table_modal import TableModal
    from tarneeb_desktop.ui.screens.howto.howto import HowToScene

    app, scene = _paused()
    menu = scene.overlay
    _click(app, _button(scene, "howto"))
    assert isinstance(app.scene, HowToScene)
    assert not app.modals, "the table's dialog is not over How to play"
    assert scene.overlay is menu  # still open at the table, which is not shown
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert app.scene is scene and scene.overlay is menu
    top = app.modals.top
    assert isinstance(top, TableModal) and top.dialog is menu and len(app.modals.items) == 1
    scene.dirty = True
    app.step(FRAME, [])  # drawn again: the menu's buttons where they were
    app.step(FRAME, [key(pygame.K_RETURN)])  # Resume, the button with the focus
    assert scene.overlay is None and not app.modals
    scene.on_hide()


def test_a_dialog_over_the_hot_seat_cover_is_veiled_once() -> None:
    """Under the cover too, the one veil of the stack dims what is under the dialog."""
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="fast")
    names = ["Sara", "East", "Omar", "West"]
    scene = TableScene(app, standard_state(5), names, (0, 2), ["random"] * 4, inline_ai=True)
    app.switch(scene)
    run(app, 3.0)
    scene.cover.conceal()
    assert scene.covered()
    _veiled_once_under_the_menu(app, scene)
    assert scene.covered()
    scene.on_hide()
