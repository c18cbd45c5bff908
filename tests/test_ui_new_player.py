"""Issue 37, what a new player met (second round): the table's keys, names, the welcome
screen's field, the statistics file's notice, and the score panel in the language chosen."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tests.test_ui_helpers import FRAME, advance, key, make_app, settle, table_scene

pytestmark = pytest.mark.usefixtures("ui_home")
needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS library not available")


def _my_play_with(n_legal) -> tuple:  # type: ignore[no-untyped-def]
    """A table at seat 0's card with ``n_legal(len(legal))`` true."""
    for seed in range(1, 200):
        state = GameState.new(make_rules("standard"), seed=seed, dealer=3)
        ok = advance(
            state,
            lambda s: (
                s.phase == "play" and s.current_player() == 0 and n_legal(len(s.legal_actions()))
            ),
            seed=seed,
        )
        if ok:
            app = make_app(speed="instant")
            scene = table_scene(app, state)
            settle(app, scene)
            if scene.my_turn():
                return app, scene
    raise AssertionError("no such position")


def test_enter_plays_the_only_legal_card_with_nothing_chosen() -> None:
    app, scene = _my_play_with(lambda n: n == 1)
    (only,) = scene.pv.legal
    assert scene.hand.kb_card is None
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert only not in scene.table.state.view(0).hand


def test_enter_with_nothing_chosen_chooses_the_first_card_then_plays_it() -> None:
    app, scene = _my_play_with(lambda n: n > 1)
    first = next(c for c in scene.hand_cards() if c in scene.pv.legal)
    hand = scene.table.state.view(0).hand
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.hand.kb_card == first and scene.table.state.view(0).hand == hand
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert first not in scene.table.state.view(0).hand


def test_the_score_panel_changes_language_with_the_game() -> None:
    """Defect 5: a language chosen mid-game (the pause menu's settings) showed in every panel
    but the score, which waited for the next trick."""
    from tarneeb_desktop.ui.game.drawn import mismatches

    app, scene = _my_play_with(lambda n: n > 1)
    scene.dirty = True
    app.step(FRAME, [])
    assert scene.drawn.score_language == "en"
    app.settings.language = "ru"
    app.apply_settings()
    scene.invalidate()
    app.step(FRAME, [])
    assert i18n.get_language() == "ru"
    assert scene.drawn.score_language == "ru" and scene.drawn.contract_language == "ru"
    assert mismatches(scene) == []


def test_a_person_named_like_a_computer_keeps_the_name_and_the_computer_gives_way() -> None:
    """Defect 1: "Karim" typed at the welcome screen gave two Karims at the table ("Karim
    wins the trick" when East won). The computer takes another name, everywhere the table's
    names go: the plates, the save, the kept game."""
    from tarneeb_desktop.table.savegame import read_save, savegame_path
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(speed="instant")
    app.settings.names = ["karim", "Karim", "Layla", "Omar"]
    scene = TableScene.new_game(app, make_rules("standard"), seed=3, inline_ai=True)
    app.switch(scene)
    names = scene.names
    assert names[0] == "karim" and len({n.casefold() for n in names}) == 4
    assert names[1] == "Nadia"  # the first computer's name nobody has
    assert scene.table.names == names
    settle(app, scene)
    scene.autosave()
    saved = read_save(savegame_path())
    assert saved is not None and saved.names == names


def test_unique_names_keep_people_and_number_when_every_name_is_taken() -> None:
    from tarneeb_desktop.table.names import COMPUTER_NAMES, unique_names

    assert unique_names(["Sara", "Karim", "Layla", "Omar"], [0]) == [
        "Sara",
        "Karim",
        "Layla",
        "Omar",
    ]
    assert unique_names(["Omar", "Karim", "Layla", "omar"], [0]) == [
        "Omar",
        "Karim",
        "Layla",
        "Nadia",
    ]
    # two people, and computers named like both
    assert unique_names(["Layla", "Layla", "Karim", "Karim"], [0, 2]) == [
        "Layla",
        "Nadia",
        "Karim",
        "Omar",
    ]
    everyone = [*COMPUTER_NAMES, "Sara"]
    got = unique_names(["Nadia", "Nadia", "Nadia", "Nadia"], [0])
    assert got[0] == "Nadia" and len({n.casefold() for n in got}) == 4
    assert all(n in everyone for n in got)


def _typed(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_the_welcome_name_field_replaces_its_default_and_edits_with_the_keys() -> None:
    """Defect 2: typing "Karim" over the offered "Sara" gave "SaraKarim"; a click on the
    field and Ctrl+A did not select the old name."""
    from tarneeb_desktop.ui.screens.first_start import FirstStartScene
    from tarneeb_desktop.ui.screens.tutorial import offer as tutorial_offer
    from tests.test_ui_helpers import mouse

    app = make_app()
    app.settings.tutorial_offered = False  # type: ignore[attr-defined]
    tutorial_offer.start(app)
    scene = app.scene
    assert isinstance(scene, FirstStartScene) and scene.field.text == "Sara"
    assert scene.field.selected
    app.step(FRAME, [_typed("K"), _typed("arim")])
    assert scene.field.text == "Karim"
    app.step(FRAME, [_key(pygame.K_HOME), _typed("A")])  # Home: typed at the start
    assert scene.field.text == "AKarim"
    app.step(FRAME, [_key(pygame.K_DELETE), _key(pygame.K_END), _typed("a")])
    assert scene.field.text == "Aarima"  # Delete took the letter after the caret
    app.step(FRAME, [_key(pygame.K_a, pygame.KMOD_LCTRL), _typed("Rana")])  # Ctrl+A
    assert scene.field.text == "Rana"
    rect = scene.field_rect()
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rect.center)])  # a click selects it
    assert scene.field.selected
    app.step(FRAME, [_key(pygame.K_BACKSPACE)])
    assert scene.field.text == "" and not scene.field.selected
    app.step(FRAME, [_typed("Nour"), _key(pygame.K_RETURN)])
    assert app.settings.names[0] == "Nour"


def test_a_broken_statistics_file_is_named_in_the_start_notice(ui_home) -> None:  # type: ignore[no-untyped-def]
    """Defect 7: a broken statistics file was set aside without a word (the notice named
    the settings and the save only) and the player's wins were gone."""
    from tarneeb_desktop.stats import stats_path
    from tarneeb_desktop.ui.screens.menu import MenuScene

    stats_path().write_text("{ not json", encoding="utf-8")
    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    notice = app.scene.notice
    assert notice is not None and "Your statistics could not be read." in notice
    assert not stats_path().exists()  # set aside, the broken copy named
    assert any(p.name.startswith("stats.json.broken") for p in ui_home.iterdir())


def test_every_dialog_puts_its_first_button_on_the_reading_side() -> None:
    """Defect 10: Arabic "Skip the tutorial?" kept its main button on the left while the
    hand's summary put it on the right. One rule (the kit's ``ButtonRow``): the first
    button of a row on the reading side, the right in Arabic, the left in English."""
    from tarneeb_desktop.ui.game.pages import PAGES
    from tarneeb_desktop.ui.screens.tutorial.dialogs import DoneDialog, SkipDialog
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    for lang in ("en", "ar"):
        i18n.set_language(lang)
        app = make_app()
        app.settings.language = lang
        app.apply_settings()
        tutorial = TutorialScene(app)
        app.switch(tutorial)
        app.step(FRAME, [])
        dialogs = [SkipDialog(tutorial), DoneDialog(tutorial)]
        dialogs += [PAGES[kind](tutorial) for kind in ("menu", "leave", "scores")]
        for dialog in dialogs:
            tutorial.overlay = dialog
            buttons = tutorial.overlay_buttons()
            first = buttons[0]
            row = [b for b in buttons if b.rect.y == first.rect.y]
            if len(row) < 2:
                continue
            xs = [b.rect.centerx for b in row]
            if lang == "ar":
                assert first.rect.centerx == max(xs), (lang, dialog.kind)
            else:
                assert first.rect.centerx == min(xs), (lang, dialog.kind)
        tutorial.overlay = None


def test_a_line_never_breaks_inside_a_short_bracketed_group() -> None:
    """Defect 11: "(11 / needed)", "(нужно / 11)" in the 41 panel."""
    from tarneeb_desktop.ui import text

    pygame.font.init()
    text.clear_cache()  # fonts made before another test quit pygame are gone
    line = "Сумма заявок 29 (нужно 11)"
    width = text.size_of("Сумма заявок 29 (нужно", 20)[0]
    lines = text.wrap(line, 20, width)
    assert "(нужно 11)" in lines and " ".join(lines) == line
    # an aside of more than four words may still break
    long = "one (two three four five six) seven"
    assert " ".join(text.wrap(long, 20, text.size_of("one (two three", 20)[0])) == long
    assert any("(" in x and ")" not in x for x in text.wrap(long, 20, 60))


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_a_computers_thinking_dots_cover_no_text(size) -> None:  # type: ignore[no-untyped-def]
    """Defect 9: East's "…" thinking bubble was drawn over the "Last trick (L)" caption."""
    from tarneeb_desktop.ui.game.panels import THINK_SIGN_AFTER
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.text_spy import TextSpy, Traced, problems

    for lang in ("en", "ar"):
        with TextSpy():
            i18n.set_language(lang)
            app = make_app(size=size, speed="instant")
            app.settings.language = lang
            app.apply_settings()
            for seat in (1, 2, 3):
                state = GameState.new(make_rules("standard"), seed=4, dealer=3)
                assert advance(
                    state,
                    lambda s, seat=seat: (
                        s.phase == "play" and s.current_player() == seat and len(s.tricks) >= 1
                    ),
                    seed=4,
                )
                names = ["Sara", "Karim", "Layla", "Omar"]
                scene = TableScene(app, state, names, (0,), ["medium"] * 4, seed=1)
                app.switch(scene)
                scene.ai_to_move = lambda seat=seat: seat  # type: ignore[method-assign]
                scene.ai_elapsed = THINK_SIGN_AFTER + 1
                surface = Traced(size)
                scene.frame.stale()
                scene.draw(surface)
                window = pygame.Rect((0, 0), size)
                assert problems(surface.items, window, scene.layout.text, f"{lang} {seat}") == []
                scene.link.close()


def test_the_statistics_say_that_games_with_undo_are_not_counted() -> None:
    """Issue 37: the statistics screen says that a game with a move taken back is left out
    (the statistics leave it out: ``StatsRecorder``)."""
    from tarneeb_desktop.ui.screens.stats.stats import StatsScene
    from tests.text_spy import TextSpy, Traced

    for lang in ("en", "ru"):
        with TextSpy():
            i18n.set_language(lang)
            app = make_app()
            app.settings.language = lang
            app.apply_settings()
            scene = StatsScene(app)
            app.switch(scene)
            surface = Traced(app.size)
            scene.draw(surface)
            said = " ".join(i.label for i in surface.items if i.kind == "text")
            words = i18n.tr("Games in which a move was taken back (undo) are not counted.")
            assert words.split()[0] in said and words.split()[-1] in said, said


def test_a_broken_settings_file_asks_the_name_again(ui_home) -> None:  # type: ignore[no-untyped-def]
    """Issue 37: after a broken settings file the player was silently "Sara"; the name (and
    the language) is asked again, then the menu says what happened to the file."""
    from tarneeb_desktop.settings import Settings, settings_path
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.screens.first_start import FirstStartScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tutorial import offer as tutorial_offer
    from tarneeb_desktop.ui.table_scene import TableScene

    played = make_app()  # this player has played: a game is saved
    game = TableScene.new_game(played, make_rules("standard"), seed=3, inline_ai=True)
    played.switch(game)
    game.autosave()
    settings_path().write_text('{"names": ["Rana", "Karim"', encoding="utf-8")  # cut short
    settings = Settings.load()
    assert settings.names_lost and settings.problems
    app = App(settings, (1280, 720), sound=False)
    tutorial_offer.start(app)
    scene = app.scene
    assert isinstance(scene, FirstStartScene)
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="Rana")])
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, MenuScene) and app.settings.names[0] == "Rana"
    assert app.scene.notice is not None and "settings" in app.scene.notice
    # a sound file asks nothing
    good = Settings.load()
    assert not good.names_lost
    assert "names_lost" not in good.to_dict() and "problems" not in good.to_dict()


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("lang", ["en", "ar", "hi", "ru"])
def test_the_score_panel_keeps_clear_of_wests_cards(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Defect 6: the Arabic score panel (its font's lines half as tall again) reached into
    the top of West's cards; it is now as tall as its texts' ink needs, in every script."""
    from tarneeb_desktop.settings import Settings
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.layout import LEFT

    app = App(Settings(animation_speed="instant", sound=False, language=lang), size, sound=False)
    app.apply_settings()
    state = GameState.new(make_rules("standard"), seed=4, dealer=3)
    assert advance(state, lambda s: s.phase == "play" and len(s.tricks) >= 1, seed=4)
    scene = table_scene(app, state)
    settle(app, scene)
    lay = scene.layout
    panel = scene.score.rect(lay)
    west = min(r.top for r in lay.back_rects(LEFT, 13))
    assert panel.bottom < west, (panel, west)
    from tests.text_spy import screen_problems

    assert [p for p in screen_problems(app, lang) if "Score" in p or "trick" in p] == []


@needs_dds
@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_h_shows_the_hint_and_its_reason_on_two_lines_that_fit(lang: str) -> None:
    from tarneeb_desktop.ui.game.hint_words import card_reason
    from tarneeb_desktop.ui.game.hints import suggest
    from tests.text_spy import screen_problems

    app, scene = _my_play_with(lambda n: n >= 3)
    i18n.set_language(lang)
    hint = suggest(scene.link.view(scene.me))
    assert hint.action in scene.pv.legal and hint.samples > 0 and hint.tricks
    scene.hints.show(scene.hints._position(), hint)
    assert scene.hand.kb_card == hint.action
    assert scene.toast is not None
    head, why = scene.toast[0].split("\n")
    assert why == card_reason(scene.pv, hint) != ""
    app.step(FRAME, [])
    assert screen_problems(app, lang) == []
    i18n.set_language("en")


def _press(app, scene, action: str) -> None:  # type: ignore[no-untyped-def]
    """Click the open dialog's button for ``action``."""
    from tests.test_ui_helpers import mouse

    b = next(b for b in scene.overlay_buttons() if b.action == action)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])


def test_the_pause_menu_restarts_the_hand_marked_as_an_undo(ui_home) -> None:  # type: ignore[no-untyped-def]
    """Expectation: the pause menu can restart the hand against the computer, marked like
    undo: the same cards dealt again from the first call, the scores as before the hand,
    the table drawn from the view at once, and the game kept out of the statistics."""
    from tarneeb_desktop.ui.game.drawn import mismatches, settled
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules("standard"), seed=8, dealer=3)
    assert advance(state, lambda s: s.hand_index == 1 and len(s.plays) >= 6, seed=8)
    scores, dealt, hand = list(state.scores), list(state.dealt), state.hand_index
    before = state.clone()
    app = make_app(speed="instant")
    scene = table_scene(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay is not None and scene.overlay.kind == "menu"
    _press(app, scene, "restart")
    assert scene.overlay is not None and scene.overlay.kind == "restart"
    app.step(FRAME, [key(pygame.K_RETURN)])  # Enter: Cancel, the choice that changes nothing
    assert scene.overlay is not None and scene.overlay.kind == "menu"
    assert scene.table.state.plays and not scene.table.taken_back
    _press(app, scene, "restart")
    _press(app, scene, "restart_hand")
    table = scene.table
    assert app.scene is scene and scene.overlay is None
    # the same cards again, every call and card undone (the computers have called, and
    # played, anew up to my turn: my thirteen cards are all back in my hand)
    assert table.state.hand_index == hand and table.state.dealt == dealt
    assert table.state.hands[0] == dealt[0] and len(table.state.plays) < 4
    assert table.state.scores == scores and table.state.history == before.history
    assert table.taken_back  # kept out of the statistics, as after an undo
    app.step(FRAME, [])
    assert settled(scene) and mismatches(scene) == []
    assert isinstance(app.scene, TableScene)


def test_the_pause_menu_restarts_the_game_and_is_offered_only_where_it_belongs(
    ui_home,  # type: ignore[no-untyped-def]
) -> None:
    from tarneeb_desktop.ui.game.pages import PauseMenuDialog
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    state = GameState.new(make_rules("egyptian"), seed=8, dealer=3)
    assert advance(state, lambda s: s.hand_index == 1, seed=8)
    app = make_app(speed="instant")
    scene = table_scene(app, state)
    settle(app, scene)
    scene.open_overlay("menu")
    _press(app, scene, "restart")
    _press(app, scene, "restart_game")
    fresh = app.scene
    assert fresh is not scene and fresh.table.state.hand_index == 0
    assert fresh.table.state.scores == [0, 0] and fresh.pv.rules.preset == "egyptian"
    assert fresh.humans == scene.humans and not fresh.table.taken_back
    # the tutorial (and the tournament's, the daily deal's, the viewer's tables) have their
    # own ends: no Restart there
    tutorial = TutorialScene(app)
    assert "restart" not in [a for _, a, _ in PauseMenuDialog(tutorial).specs()]
    assert "restart" in [a for _, a, _ in PauseMenuDialog(fresh).specs()]
