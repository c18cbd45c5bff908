"""The main menu: New game, Continue from a saved game, and the other pages."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tests.test_ui_helpers import FRAME, key, make_app, mouse, run

pytestmark = pytest.mark.usefixtures("ui_home")


def menu_app():
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    return app


def test_enter_starts_a_new_game_at_the_table() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app = menu_app()
    assert [b.action for b in app.scene.buttons()] == [
        "new",
        "daily",
        "tournament",
        "games",
        "settings",
        "stats",
        "lan_host",
        "lan_join",
        "howto",
        "quit",
    ]
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, TableScene)
    assert app.scene.humans == (0,)
    run(app, 0.2)


def test_continue_appears_for_a_saved_game_and_resumes_it(ui_home) -> None:
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules(), seed=9)
    for _ in range(12):
        state.apply(state.legal_actions()[0 if state.phase != "auction" else -1])
    write_record(ui_home / "savegame.json", state, ["You", "A", "B", "C"])
    app = menu_app()
    buttons = app.scene.buttons()
    assert buttons[0].action == "continue"
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, buttons[0].rect.center)])
    scene = app.scene
    assert isinstance(scene, TableScene)
    assert scene.table.state.calls == state.calls and scene.table.state.plays == state.plays
    assert scene.names == ["You", "A", "B", "C"]


def test_a_damaged_save_offers_no_continue(ui_home) -> None:
    (ui_home / "savegame.json").write_text('{"format": "tarneeb-record/1", "hands": 3}')
    app = menu_app()
    assert "continue" not in [b.action for b in app.scene.buttons()]


def test_the_pages_open_and_escape_comes_back() -> None:
    from tarneeb_desktop.ui.screens.games.games import GamesScene
    from tarneeb_desktop.ui.screens.howto.howto import HowToScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene
    from tarneeb_desktop.ui.screens.stats.stats import StatsScene
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    app = menu_app()
    down = key(pygame.K_DOWN)
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene

    pages = ((1, DailyScene), (2, SetupScene), (3, GamesScene), (4, SettingsScene), (5, StatsScene))
    for n, page in pages:
        app.step(FRAME, [down] * n + [key(pygame.K_RETURN)])
        assert isinstance(app.scene, page)
        app.step(FRAME, [key(pygame.K_ESCAPE)])
        assert isinstance(app.scene, MenuScene)
    app.step(FRAME, [key(pygame.K_UP), key(pygame.K_UP), key(pygame.K_RETURN)])
    assert isinstance(app.scene, HowToScene)
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)
    app.step(FRAME, [key(pygame.K_UP), key(pygame.K_RETURN)])
    assert not app.running


def test_several_broken_files_make_one_notice_that_does_not_contradict_itself(ui_home) -> None:
    """Issue 48 item 4: with the save and the statistics broken, each paragraph said the
    other file was kept. Now: what was lost, file by file; once, what was kept (neither of
    them); where both broken copies went."""
    (ui_home / "savegame.json").write_text("{broken")
    (ui_home / "stats.json").write_text("[nope")
    app = menu_app()
    notice = app.scene.notice or ""
    assert "The saved game could not be read. It cannot be continued." in notice
    assert "Your statistics could not be read. They start again from here." in notice
    assert "Kept as they were: your settings, your finished games." in notice
    assert notice.count("kept") == 0 and notice.count("Kept") == 1, notice
    broken = sorted(p.name for p in ui_home.glob("*.broken-*"))
    assert len(broken) == 2 and all(name in notice for name in broken)
    assert "The broken copies were put in" in notice


def test_a_damaged_save_is_reported_once_and_kept_aside(ui_home) -> None:
    (ui_home / "savegame.json").write_text('{"format": "tarneeb-record/1", "hands": [')
    app = menu_app()
    kept = list(ui_home.glob("savegame.json.broken-*"))
    assert not (ui_home / "savegame.json").exists() and len(kept) == 1
    # in the player's words: which file, what was kept, where the broken copy was put
    notice = app.scene.notice or ""
    assert "The saved game could not be read." in notice and "Error" not in notice
    assert "Kept as they were: your settings, your statistics, your finished games." in notice
    assert kept[0].name in notice and str(ui_home) in notice
    assert [b.action for b in app.scene.buttons()] == ["notice_ok"]
    app.step(FRAME, [key(pygame.K_DOWN)])  # it stays until dismissed
    assert app.scene.notice == notice
    app.step(FRAME, [key(pygame.K_RETURN)])  # OK
    assert app.scene.notice is None and "new" in [b.action for b in app.scene.buttons()]
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app.switch(MenuScene(app))
    assert app.scene.notice is None  # told once


def test_bad_settings_are_reported_on_the_menu(ui_home) -> None:
    from tarneeb_desktop.settings import Settings
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.screens.menu import MenuScene

    (ui_home / "settings.json").write_text('{"format_version": 1, "volume": "loud"}')
    settings = Settings.load()
    app = App(settings, sound=False)
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    assert app.scene.notice and "Your settings could not all be read." in app.scene.notice


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (640, 400)])
def test_every_button_fits_the_window_and_none_overlap(ui_home, size) -> None:
    """Continue, New game, Daily deals, Tournament and Finished games (one row), Settings, Statistics, the
    two LAN buttons (one row), How to play and Quit fit even a small window."""
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.ui.screens.menu import MenuScene

    write_record(ui_home / "savegame.json", GameState.new(make_rules(), seed=3), None)
    app = make_app(size=size)
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    buttons = app.scene.buttons()
    assert buttons[0].action == "continue" and len(buttons) == 11
    screen = pygame.Rect(0, 0, *size)
    for i, a in enumerate(buttons):
        assert screen.contains(a.rect), a.action
        for b in buttons[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a.action, b.action)
    rows = {b.rect.y for b in buttons}
    assert len(rows) <= 9  # the pairs share their rows (and the rest go two to a row)
    by = {b.action: b.rect for b in buttons}
    assert by["tournament"].y == by["games"].y and by["lan_host"].y == by["lan_join"].y


def _saved_game(ui_home) -> GameState:
    from tarneeb_desktop.record import write_record

    state = GameState.new(make_rules(), seed=9)
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    write_record(ui_home / "savegame.json", state, ["You", "A", "B", "C"])
    return state


def test_new_game_over_a_game_in_progress_asks_first_and_enter_keeps_it(ui_home) -> None:
    """Defect: New game threw the game in progress away at once."""
    from tarneeb_desktop.table.savegame import read_save
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.table_scene import TableScene

    state = _saved_game(ui_home)
    app = menu_app()
    new = next(b for b in app.scene.buttons() if b.action == "new")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, new.rect.center)])
    assert isinstance(app.scene, MenuScene) and app.scene.asking  # the window's modal
    assert [action for _label, action in app.modals.top.specs] == ["keep", "new_confirmed"]
    app.step(FRAME, [key(pygame.K_RETURN)])  # the focused, safe choice
    assert isinstance(app.scene, MenuScene) and not app.scene.asking
    saved = read_save(ui_home / "savegame.json")
    assert saved is not None and saved.state.calls == state.calls  # nothing lost
    # Esc also keeps it; then the deliberate choice starts a new game
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, new.rect.center)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert not app.scene.asking
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, new.rect.center)])
    confirm = app.modals.top.buttons(app.size)[1]
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, confirm.rect.center)])
    assert isinstance(app.scene, TableScene)
    assert app.scene.table.state.calls != state.calls


def test_without_a_game_in_progress_new_game_starts_at_once() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app = menu_app()
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, TableScene)


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_the_menu_draws_all_labels_at_one_size_below_the_subtitle(lang: str) -> None:
    """Defects: the LAN pair shrank to tiny text; the subtitle was hidden in Arabic."""
    from tarneeb_desktop.ui import i18n

    i18n.set_language(lang)
    try:
        app = menu_app()
        buttons = app.scene.buttons()
        sizes = {b.text_size for b in buttons}
        assert len(sizes) == 1 and min(sizes) >= 14
        assert min(b.rect.top for b in buttons) >= app.scene.subtitle.rect.bottom
    finally:
        i18n.set_language("en")


def test_continue_says_what_it_resumes(ui_home) -> None:
    """Issue 23: Continue says the rules, the score and the hand it resumes."""
    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.table.savegame import offline_seats, write_save
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tests.test_ui_helpers import advance

    state = GameState.new(make_rules("egyptian"), seed=4)
    assert advance(state, lambda s: len(s.history) >= 2, 4)
    names = ["Rana", "Karim", "Layla", "Omar"]
    write_save(ui_home / "savegame.json", state, offline_seats(names, (0,), ["easy"] * 4), 4)
    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    words = app.scene.resumes or ""
    us, them = state.scores
    hand = state.view(0).hand_number
    assert words == f"Egyptian: Us {us}, Them {them}, hand {hand}" and hand >= 3


def test_what_continue_resumes_is_read_below_the_window(ui_home) -> None:
    """Issue 47: the menu asks the table layer what the saved game is (it reads no save
    file itself): none, a damaged one (set aside, said once), or its rules, score and hand."""
    import pytest as _pytest

    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.table.resume import saved_summary
    from tarneeb_desktop.table.savegame import SaveError, offline_seats, write_save
    from tests.test_ui_helpers import advance

    assert saved_summary() is None
    state = GameState.new(make_rules("egyptian"), seed=4)
    assert advance(state, lambda s: len(s.history) >= 2, 4)
    write_save(ui_home / "savegame.json", state, offline_seats(["A", "B", "C", "D"], (0,),
               ["easy"] * 4), 4)  # fmt: skip
    got = saved_summary()
    assert got is not None and (got.us, got.them) == tuple(state.scores)
    assert got.hand == state.view(0).hand_number and got.rules.preset == "egyptian"
    (ui_home / "savegame.json").write_text("{not json", encoding="utf-8")
    with _pytest.raises(SaveError):
        saved_summary()
    assert saved_summary() is None  # set aside: not read again
