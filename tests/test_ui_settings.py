"""The settings and statistics screens, by keyboard and mouse; statistics kept by the table."""

from __future__ import annotations

import json

import pygame
import pytest

from tarneeb_desktop.rules import make_rules
from tests.test_ui_helpers import FRAME, key, make_app, mouse

pytestmark = pytest.mark.usefixtures("ui_home")


def settings_app(size=(1280, 720)):
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

    app = make_app(size)
    app.switch(SettingsScene(app))
    app.step(FRAME, [])
    return app


def focus_on(app, row_key: str) -> None:
    """Move the focus with Down only (as a keyboard user would) to the row ``row_key``."""
    scene = app.scene
    for _ in range(len(scene.rows) + 1):
        if scene.rows[scene.focus].key == row_key:
            return
        app.step(FRAME, [key(pygame.K_DOWN)])
    raise AssertionError(f"no row {row_key}")


def saved(home) -> dict:
    return json.loads((home / "settings.json").read_text())


def test_every_rules_option_has_a_row_with_an_explanation() -> None:
    from tarneeb_desktop.rules.options import OPTION_NAMES

    app = settings_app()
    rows = {r.key: r for r in app.scene.rows}
    for name in OPTION_NAMES:
        assert name in rows and rows[name].help
    headings = [r.label for r in app.scene.rows if r.kind == "heading"]
    assert headings[:5] == ["Rules", "Bidding", "Play", "Scoring", "Game end"]
    assert app.scene.rows[app.scene.focus].key == "game"  # the game comes first
    assert [r.key for r in app.scene.rows[1:3]] == ["game", "preset"]


def test_changing_an_option_makes_the_preset_custom_and_a_preset_resets_it(ui_home) -> None:
    app = settings_app()
    focus_on(app, "target")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert app.settings.rule_options == {"target": 36} and app.rules.target == 36
    assert saved(ui_home)["rule_options"] == {"target": 36}
    preset = next(r for r in app.scene.rows if r.key == "preset")
    assert "Custom" in preset.show(preset.get())
    focus_on(app, "preset")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert app.settings.rules_preset == "shortfall" and app.settings.rule_options == {}
    preset = next(r for r in app.scene.rows if r.key == "preset")
    assert "Custom" not in preset.show(preset.get())


def test_the_focused_row_is_always_on_screen_when_scrolling_by_keyboard() -> None:
    app = settings_app((1280, 720))
    scene = app.scene
    assert scene.max_scroll > 0  # it does not fit at 1280x720: it scrolls
    for _ in range(len(scene.rows) + 3):
        app.step(FRAME, [key(pygame.K_TAB)])
        r = scene.screen_rect(scene.focus)
        assert scene._view.top <= r.top and r.bottom <= scene._view.bottom


def test_seats_levels_and_names(ui_home) -> None:
    app = settings_app()
    assert any(r.key == "level2" for r in app.scene.rows)
    focus_on(app, "seat2")
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert app.settings.seats == ["human", "computer", "human", "computer"]
    assert not any(r.key == "level2" for r in app.scene.rows)  # a person has no level
    focus_on(app, "level1")
    app.step(FRAME, [key(pygame.K_LEFT)])
    assert app.settings.levels[1] == "easy"
    focus_on(app, "name2")
    typing = [key(pygame.K_RETURN)] + [key(pygame.K_BACKSPACE)] * 10
    typing += [pygame.event.Event(pygame.TEXTINPUT, text=t) for t in ("N", "our")]
    app.step(FRAME, typing + [key(pygame.K_RETURN)])
    assert app.settings.names[2] == "LNour"  # a name never becomes empty: one letter stays
    assert saved(ui_home)["names"][2] == "LNour"
    assert saved(ui_home)["seats"][2] == "human"


def test_look_sound_language_and_the_mouse(ui_home, monkeypatch) -> None:
    from tarneeb_desktop.ui import i18n

    calls = []
    monkeypatch.setattr(i18n, "set_language", lambda code: calls.append(code))
    app = settings_app()
    focus_on(app, "style")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert app.settings.card_style == "four-color" and app.cards.style == "four-color"
    focus_on(app, "language")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert app.settings.language == "ar" and calls[-1] == "ar"
    focus_on(app, "volume")
    app.step(FRAME, [key(pygame.K_LEFT)])
    assert abs(app.settings.volume - 0.65) < 1e-9  # a slider: steps of 5 (issue 48 item 6)
    scene = app.scene
    v = next(k for k, r in enumerate(scene.rows) if r.key == "volume")
    vr = scene.value_rect(v)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (vr.x + 4, vr.centery))])
    assert app.settings.volume == 0.0 and scene.sliding == v
    drag = pygame.event.Event(pygame.MOUSEMOTION, pos=(vr.right - 4, vr.centery), rel=(1, 0),
                              buttons=(1, 0, 0))  # fmt: skip
    app.step(FRAME, [drag, mouse(pygame.MOUSEBUTTONUP, (vr.right - 4, vr.centery))])
    assert app.settings.volume == 1.0 and scene.sliding is None
    assert saved(ui_home)["volume"] == 1.0
    scene = app.scene
    i = next(k for k, r in enumerate(scene.rows) if r.key == "sound")
    scene._reveal_focus()
    app.step(FRAME, [])
    vr = scene.value_rect(i)
    before = app.settings.sound
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, vr.center)])
    assert app.settings.sound is not before and scene.rows[scene.focus].key == "sound"
    assert saved(ui_home)["sound"] is not before


def test_restore_asks_first_with_keep_focused_then_says_it_was_done(ui_home) -> None:
    from tarneeb_desktop.settings import Settings
    from tarneeb_desktop.ui.i18n import tr
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app = settings_app()
    app.settings.card_back = "red"
    focus_on(app, "defaults")
    scene = app.scene
    app.step(FRAME, [key(pygame.K_RETURN)])
    # asked, nothing changed yet; Enter answers the focused, safe choice
    assert scene.question is not None and app.settings.card_back == "red"
    focused = [b.action for b in scene.question.buttons(app.size) if b.focus]  # the modal
    assert focused == ["keep"]
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.question is None and app.settings.card_back == "red"
    # Esc also keeps them, and does not leave the screen
    app.step(FRAME, [key(pygame.K_RETURN)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.question is None and app.scene is scene and app.settings.card_back == "red"
    # asked again, Restore (a click) restores and says so
    app.step(FRAME, [key(pygame.K_RETURN)])
    restore = next(b for b in scene.question.buttons(app.size) if b.action == "restore")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, restore.rect.center)])
    assert app.settings == Settings(sound=app.settings.sound)
    assert app.settings.card_back == "blue" and saved(ui_home)["card_back"] == "blue"
    assert scene.notice is not None and scene.notice[0] == tr("Settings restored")
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)


def test_every_explanation_has_one_size_and_stays_inside_its_row(ui_home) -> None:
    """Laid out by the kit: each row's label and explanation are drawn at the body size (never
    shrunk to fit), inside the row's focus frame and clear of its control, in three scripts."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.kit.boxes import Text
    from tarneeb_desktop.ui.kit.scroll import Labelled
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

    for lang in ("en", "ar", "hi"):
        app = make_app((800, 600))
        app.settings.language = lang
        app.apply_settings()
        assert i18n.get_language() == lang
        app.switch(SettingsScene(app))
        scene = app.scene
        scene.laid()
        body = scene._style.body
        for i, row in enumerate(scene.rows):
            if not row.focusable:
                continue
            scene.focus = i
            scene._reveal_focus()
            app.step(FRAME, [])
            line = scene.scroller.children[i]
            assert isinstance(line, Labelled)
            words = [t for t in line.words_box.children if isinstance(t, Text)]
            assert row.help and [t.words for t in words] == [row.label, row.help]
            assert {t._size for t in words} == {body}, (lang, row.key)  # one size: the body's
            shown = [w for w, _ in scene.texts()]
            frame = scene.screen_rect(i).inflate(-4, -4)
            control = scene.value_rect(i)
            for words_line, ink in line.texts():
                assert words_line in shown  # wholly in the view: drawn, not cut off
                assert frame.contains(ink), (lang, row.key, words_line)
                assert not ink.colliderect(control), (lang, row.key, words_line)
    i18n.set_language("en")


def test_statistics_screen_shows_groups_and_resets_only_when_confirmed(ui_home) -> None:
    from tarneeb_desktop.stats import Statistics
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.stats.stats import StatsScene

    stats = Statistics()
    stats.record_game("standard", "hard", 0)
    stats.save(ui_home / "stats.json")
    app = make_app()
    app.switch(StatsScene(app))
    app.step(FRAME, [])
    assert app.scene.stats.totals()["games_won"] == 1
    # Reset, past Rating: asks first, in the window's one modal (issue 47)
    app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert app.scene.confirming and app.modals.top is not None
    app.step(FRAME, [key(pygame.K_RETURN)])  # the focus is on Cancel
    assert not app.scene.confirming and not app.modals
    assert Statistics.load(ui_home / "stats.json").totals()["games_played"] == 1
    app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Esc: Cancel too, and the screen stays
    assert not app.modals and isinstance(app.scene, StatsScene)
    assert Statistics.load(ui_home / "stats.json").totals()["games_played"] == 1
    app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])  # Yes, reset
    assert Statistics.load(ui_home / "stats.json").totals()["games_played"] == 0
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)


def test_the_table_counts_hands_and_games_in_the_statistics(ui_home) -> None:
    from tarneeb_desktop.stats import Statistics
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    scene = TableScene.new_game(
        app, make_rules("standard", target=5), seed=8, level="random", inline_ai=True
    )
    app.switch(scene)
    for _ in range(20000):
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None
        if scene.my_turn():
            legal = scene.pv.legal
            scene.act(
                0, ("7" if "7" in legal else "pass") if scene.pv.phase == "auction" else legal[0]
            )
        app.step(FRAME, [])
        if scene.table.state.is_over():
            break
    state = scene.table.state
    assert state.is_over()
    g = Statistics.load(ui_home / "stats.json").groups["standard+custom/random"]
    played = sum(1 for h in state.history if h.declarer is not None)
    assert g["games_played"] == 1 and g["games_won"] == (1 if state.winner == 0 else 0)
    assert g["hands_played"] == played


def rule_keys(app) -> set[str]:
    from tarneeb_desktop.rules.options import ALL_OPTION_NAMES

    return {r.key for r in app.scene.rows if r.key in ALL_OPTION_NAMES and r.key != "game"}


def test_the_game_choice_shows_that_games_presets_and_options_only(ui_home) -> None:
    from tarneeb_desktop.rules.options import GAME_OPTIONS

    app = settings_app()
    assert rule_keys(app) == set(GAME_OPTIONS["tarneeb"])
    focus_on(app, "game")
    app.step(FRAME, [key(pygame.K_RIGHT)])  # Tarneeb -> 41 / 400
    assert app.settings.rules_preset == "syrian41" and app.settings.rule_options == {}
    assert app.rules.game == "41" and saved(ui_home)["rules_preset"] == "syrian41"
    rows = {r.key: r for r in app.scene.rows}
    assert rule_keys(app) == set(GAME_OPTIONS["41"])  # no auction, trump or kaboot rows
    for name in GAME_OPTIONS["41"]:
        assert rows[name].help, name
    assert rows["game"].show(rows["game"].get()) == "41 / 400"
    preset = rows["preset"]
    assert preset.choices == ("syrian41", "lebanese400") and preset.help
    focus_on(app, "preset")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert app.settings.rules_preset == "lebanese400" and app.rules.bid_values == "lebanese"
    app.step(FRAME, [key(pygame.K_RIGHT)])  # the presets of 41 only, round again
    assert app.settings.rules_preset == "syrian41"
    focus_on(app, "min_bid")
    app.step(FRAME, [key(pygame.K_RIGHT)])  # 1 -> 2: an option of 41, custom now
    assert app.settings.rule_options == {"min_bid": 2} and app.rules.min_bid == 2
    focus_on(app, "game")
    app.step(FRAME, [key(pygame.K_LEFT)])  # back to Tarneeb: its first preset, as it comes
    assert app.settings.rules_preset == "standard" and app.settings.rule_options == {}
    assert rule_keys(app) == set(GAME_OPTIONS["tarneeb"])


def test_a_new_game_after_choosing_41_plays_41(ui_home) -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app = settings_app()
    focus_on(app, "game")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    focus_on(app, "preset")
    app.step(FRAME, [key(pygame.K_RIGHT)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # back to the menu
    app.scene.activate("new")
    scene = app.scene
    assert isinstance(scene, TableScene)
    rules = scene.table.state.rules
    assert rules.game == "41" and rules.preset == "lebanese400"
    assert scene.pv.bids == (None, None, None, None)


def test_the_volume_slider_fills_from_the_reading_start_in_arabic() -> None:
    """Right to left the slider mirrors as a whole: 0 at the right, 100 at the left, its
    value written at the left end."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.kit.widgets import slider_track, slider_value_at

    box = pygame.Rect(100, 50, 300, 40)
    try:
        for lang, start, end in (("en", "x", "right"), ("ar", "right", "x")):
            i18n.set_language(lang)
            track = slider_track(box, 18)
            assert box.contains(track)
            at_start = getattr(track, start) + (1 if start == "x" else -1)
            at_end = getattr(track, end) + (-1 if end == "right" else 1)
            assert slider_value_at(box, 18, at_start, 0, 100, 5) == 0
            assert slider_value_at(box, 18, at_end, 0, 100, 5) == 100
        assert slider_track(box, 18).right > box.centerx + 100  # the value's room on the left
    finally:
        i18n.set_language("en")


def test_a_level_row_says_what_the_chosen_level_is() -> None:
    """Issue 49: the settings describe each computer level by what it is; the words follow
    the level chosen."""
    from tarneeb_desktop.settings import LEVELS
    from tarneeb_desktop.ui.screens.settings.rows import LEVEL_HELP

    app = settings_app()
    assert set(LEVEL_HELP) == set(LEVELS)
    focus_on(app, "level1")
    seen = set()
    for _ in LEVELS:
        row = app.scene.rows[app.scene.focus]
        assert row.key == "level1"
        level = app.settings.levels[1]
        assert row.help == LEVEL_HELP[level]
        seen.add(row.help)
        app.step(FRAME, [key(pygame.K_RIGHT)])
    assert len(seen) == len(LEVELS)
    assert "half a point" in LEVEL_HELP["expert"]
