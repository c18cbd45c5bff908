"""The first-game tutorial: a fixed hand, lessons that can be followed to the end, refused
moves that explain and change nothing, and Esc to skip it."""

from __future__ import annotations

import pygame
import pytest
from test_ui_helpers import FRAME, key, make_app, mouse

from tarneeb_desktop.rules.cards import mask_of
from tarneeb_desktop.ui.screens.tutorial import script
from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene


def _tutorial(size=(1280, 720)):  # type: ignore[no-untyped-def]
    app = make_app(size, speed="fast")
    scene = TutorialScene(app)
    app.switch(scene)
    return app, scene


def _wait(app, scene, limit: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Step until a dialog is open or the player is to move (a lesson, or free play)."""
    t = 0.0
    while t < limit:
        app.step(FRAME, [])
        t += FRAME
        if scene.overlay is not None or scene.my_turn():
            return
    raise AssertionError("the tutorial never came back to the player")


def _click(app, pos) -> None:  # type: ignore[no-untyped-def]
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])


def _click_target(app, scene) -> None:  # type: ignore[no-untyped-def]
    r = scene.targets()[0]
    # a card of the fan shows its left part (the next card covers the rest)
    _click(app, (r.x + 6, r.y + r.h // 4) if scene.pv.phase == "play" else r.center)


def _moves(scene) -> tuple:  # type: ignore[no-untyped-def]
    state = scene.table.state
    return (tuple(state.calls), tuple(state.plays), state.trump)


def test_the_deal_is_the_same_every_time(ui_home) -> None:
    a, b = script.new_state(), script.new_state()
    assert a == b
    assert a.hands == [mask_of(h) for h in script.HANDS]
    assert a.dealer == script.DEALER and a.current_player() == 3  # West calls first
    _, scene = _tutorial()
    assert scene.table.state == a
    assert [len(set(h)) for h in script.HANDS] == [13] * 4
    assert len(set().union(*script.HANDS)) == 52


def test_following_the_instructions_completes_the_tutorial(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app, scene = _tutorial()
    seen = []
    for n, lesson in enumerate(scene.lessons):
        _wait(app, scene)
        assert scene.step() == n and scene.lesson() is lesson
        assert scene.coach_text() == lesson.instruction
        assert scene.targets(), "the table points at what to click"
        seen.append(scene.pv.phase)
        _click_target(app, scene)
        for _ in range(600):  # the move's animation, then the lesson after it
            if scene.step() == n + 1:
                break
            app.step(FRAME, [])
        assert scene.step() == n + 1
    assert seen == ["auction", "trump", "play", "play", "play"]
    state = scene.table.state
    assert state.calls[:5] == [(3, "7"), (0, "8"), (1, "pass"), (2, "pass"), (3, "pass")]
    assert state.trump == 3  # spades
    assert [w for _, _, w in state.tricks[:3]] == [1, 1, 0]  # East, East, then your trump
    # the rest of the hand is free: play any card the table offers (the keys work too)
    for _ in range(200):
        _wait(app, scene)
        if scene.overlay is not None:
            break
        assert scene.lesson() is None
        app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert scene.overlay is not None and scene.overlay.kind == "tutorial_done"
    assert scene.table.state.history[0].tricks[0] >= 8  # the contract was made
    # the end comes in place of the hand's summary: nothing of a next hand is dealt
    assert scene.pv.hand_number == 1 and scene.dealt is None
    for _ in range(30):
        app.step(FRAME, [])
    assert scene.pv.hand_number == 1 and scene.overlay.kind == "tutorial_done"
    body = scene.overlay.words()
    assert "You learnt to:" in body and "trump" in body
    actions = [b.action for b in scene.overlay_buttons()]
    assert actions == ["play", "howto", "menu"]
    # a lesson is no game: nothing saved, nothing counted
    assert not (ui_home / "savegame.json").exists()
    assert not list(ui_home.glob("stats*"))
    app.step(FRAME, [key(pygame.K_RETURN)])  # Play a real game has the focus
    from tarneeb_desktop.ui.table_scene import TableScene

    assert isinstance(app.scene, TableScene) and not isinstance(app.scene, TutorialScene)
    assert app.scene.pv.hand_number == 1 and app.scene.pv.rules.preset == app.rules.preset
    app.show_menu()
    assert isinstance(app.scene, MenuScene)


def test_a_wrong_click_explains_and_changes_nothing(ui_home) -> None:
    app, scene = _tutorial()
    _wait(app, scene)
    assert scene.step() == 0
    before = _moves(scene)
    buttons = {b.action: b for b in scene.buttons()}
    _click(app, buttons["pass"].rect.center)
    assert _moves(scene) == before and scene.step() == 0
    assert scene.tip == (0, scene.lessons[0].wrong)
    app.step(FRAME, [key(pygame.K_9)])  # a digit bids through the keys: refused as well
    app.step(FRAME, [key(pygame.K_p)])
    assert _moves(scene) == before
    _click_target(app, scene)  # 8
    _wait(app, scene)
    _click_target(app, scene)  # spades
    _wait(app, scene)
    _click_target(app, scene)  # the king of diamonds
    _wait(app, scene)
    assert scene.step() == 3 and scene.pv.trick is not None
    before = _moves(scene)
    spade = next(r for c, r in scene.card_rects() if c == "AS")
    _click(app, (spade.x + 6, spade.y + spade.h // 4))
    assert _moves(scene) == before and scene.step() == 3
    assert scene.tip == (3, scene.lessons[3].wrong)
    assert "AS" in scene.pv.hand
    _click_target(app, scene)  # a diamond: the lesson goes on and the old tip is gone
    _wait(app, scene)
    assert scene.step() == 4 and scene.coach_text() == scene.lessons[4].instruction
    # a heart is legal on a club lead, but the lesson asks for a trump
    before = _moves(scene)
    assert scene.act(scene.me, "AH") is False
    assert _moves(scene) == before and scene.tip == (4, scene.lessons[4].wrong)
    # H chooses what the lesson asks; Enter then plays it
    app.step(FRAME, [key(pygame.K_h), key(pygame.K_RETURN)])
    assert scene.table.view(0).tricks[2][1][-1] == "4S"  # the lowest trump


def test_escape_asks_before_skipping(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app, scene = _tutorial()
    _wait(app, scene)
    before = _moves(scene)
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay is not None and scene.overlay.kind == "skip"
    app.step(FRAME, [key(pygame.K_RETURN)])  # the focused choice keeps learning
    assert app.scene is scene and scene.overlay is None
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Esc again closes the question
    assert app.scene is scene and scene.overlay is None and _moves(scene) == before
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    skip = next(b for b in scene.overlay_buttons() if b.action == "skip")
    _click(app, skip.rect.center)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("lang", ["ar", "hi"])
def test_the_coach_speaks_every_language(ui_home, lang: str) -> None:
    from tarneeb_desktop.ui import i18n

    app, scene = _tutorial((800, 600))
    i18n.set_language(lang)
    scene.lessons = script.lessons()
    _wait(app, scene)
    assert scene.coach_text() != "" and scene.coach_text() == scene.lessons[0].instruction
    scene.dirty = True
    assert app.step(FRAME, [])
    box = scene.coach_rect()
    assert not box.colliderect(scene.layout.contract_rect)
    i18n.set_language("en")


def _covered(scene) -> dict[str, pygame.Rect]:  # type: ignore[no-untyped-def]
    """What the coach must leave in sight: every seat's cards and plate, the trick, the bid
    panel and the contract."""
    from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP

    lay = scene.layout
    out = {"contract": lay.contract_rect}
    for side, name in ((BOTTOM, "South"), (RIGHT, "East"), (TOP, "North"), (LEFT, "West")):
        cards = lay.back_rects(side, 13)
        out[f"{name}'s cards"] = cards[0].unionall(cards)
        out[f"{name}'s plate"] = lay.plate_rect(side)
        out[f"{name}'s trick card"] = lay.trick_rect(side)
    lifted = lay.hand_rects(13)
    out["South's lifted cards"] = lifted[0].unionall(lifted).move(0, -lay.lift)
    panel = scene.action_panel()
    if panel is not None:
        out["bid panel"] = panel
    return out


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_coach_covers_no_seat_in_any_language(ui_home, size) -> None:
    """Issue 23: the lesson box hid North. In every language and lesson, with and without a
    refused move's explanation, it misses every seat's cards and plate, the trick and the
    bid panel, and its text fits its room at body size."""
    from tarneeb_desktop.ui import i18n

    app, scene = _tutorial(size)
    try:
        for n in range(len(scene.lessons)):
            _wait(app, scene)
            assert scene.step() == n
            for lang in ("en", "ar", "fr", "de", "ru", "uk", "hi"):
                i18n.set_language(lang)
                scene.lessons = script.lessons()
                for tip in (None, (n, scene.lessons[n].wrong)):
                    scene.tip = tip
                    box, room = scene.coach_rect(), scene.coach_bounds()
                    assert room.contains(box), (lang, n, box, room)
                    for what, r in _covered(scene).items():
                        assert not box.colliderect(r), (lang, n, what)
            i18n.set_language("en")
            scene.lessons = script.lessons()
            scene.tip = None
            _click_target(app, scene)
        # free play: the narration's box too
        _wait(app, scene)
        box = scene.coach_rect()
        assert not any(box.colliderect(r) for r in _covered(scene).values())
    finally:
        i18n.set_language("en")


def test_the_first_start_offers_the_tutorial_once(ui_home) -> None:
    from tarneeb_desktop.ui.screens.first_start import FirstStartScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tutorial import offer as tutorial_offer

    app = make_app()
    app.settings.tutorial_offered = True  # offered before: straight to the menu
    tutorial_offer.start(app)
    assert isinstance(app.scene, MenuScene)
    app.settings.tutorial_offered = False  # type: ignore[attr-defined]
    tutorial_offer.start(app)
    assert isinstance(app.scene, FirstStartScene)  # the name and language first
    app.step(FRAME, [key(pygame.K_RETURN)])  # Continue: the default name kept
    assert isinstance(app.scene, tutorial_offer.OfferScene)
    assert app.settings.tutorial_offered is True  # type: ignore[attr-defined]
    app.step(FRAME, [])
    app.step(FRAME, [key(pygame.K_RETURN)])  # Play the tutorial has the focus
    assert isinstance(app.scene, TutorialScene)
    tutorial_offer.start(app)  # asked once
    assert isinstance(app.scene, MenuScene)
    # Not now (Esc) goes to the menu; a player who has a game in progress is not new
    app.settings.tutorial_offered = False  # type: ignore[attr-defined]
    tutorial_offer.start(app)
    app.step(FRAME, [key(pygame.K_RETURN)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)
    (ui_home / "savegame.json").write_text("{}")
    app.settings.tutorial_offered = False  # type: ignore[attr-defined]
    tutorial_offer.start(app)
    assert isinstance(app.scene, MenuScene) and app.settings.tutorial_offered is True  # type: ignore[attr-defined]


def test_the_first_start_asks_the_name_and_the_language_once(ui_home) -> None:
    """Issue 23: the player was called "Sara" without being asked."""
    import json

    from tarneeb_desktop.settings import settings_path
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.i18n import tr
    from tarneeb_desktop.ui.screens.first_start import FirstStartScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tutorial import offer as tutorial_offer

    app = make_app()
    app.settings.tutorial_offered = False  # type: ignore[attr-defined]
    tutorial_offer.start(app)
    scene = app.scene
    assert isinstance(scene, FirstStartScene)
    assert scene.field.text == app.settings.names[0] != ""  # the default is filled in
    # an empty name is refused with a word and changes nothing
    for _ in range(len(scene.field.text)):
        app.step(FRAME, [key(pygame.K_BACKSPACE)])
    assert scene.field.text == ""
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert app.scene is scene and scene.error
    typed = pygame.event.Event(pygame.TEXTINPUT, text="Rana")
    app.step(FRAME, [typed])
    # the language: the page switches at once
    try:
        arabic = next(b for b in scene.buttons() if b.action == "lang:ar")
        _click(app, arabic.rect.center)
        assert i18n.get_language() == "ar"
        assert scene.buttons()[-1].label == tr("Continue") != "Continue"
        app.step(FRAME, [key(pygame.K_RETURN)])  # Continue has the focus again
        assert isinstance(app.scene, tutorial_offer.OfferScene)
        saved = json.loads(settings_path().read_text())
        assert saved["names"][0] == "Rana" and saved["language"] == "ar"
        assert app.settings.names[0] == "Rana"
    finally:
        i18n.set_language("en")
        app.settings.language = "en"
    tutorial_offer.start(app)  # asked once
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_coach_keeps_the_score_panel_in_sight(ui_home, size) -> None:
    """Issue 37, defect 4: when its text grew (English after a wrong card in lesson 3,
    Arabic from lesson 1) the lesson box sat over the score panel. It now moves beside the
    panel instead: in every language and lesson, with and without a refused move's
    explanation, the score panel is drawn and the box misses it."""
    from tarneeb_desktop.ui import i18n

    app, scene = _tutorial(size)
    try:
        for n in range(len(scene.lessons)):
            _wait(app, scene)
            for lang in ("en", "ar", "fr", "de", "ru", "uk", "hi"):
                i18n.set_language(lang)
                scene.lessons = script.lessons()
                for tip in (None, (n, scene.lessons[n].wrong)):
                    scene.tip = tip
                    box, score = scene.coach_rect(), scene.score.rect(scene.layout)
                    assert not box.colliderect(score), (lang, n, tip is not None, box, score)
                    assert not scene.hides_score()
                    assert scene.coach_bounds().contains(box)
            i18n.set_language("en")
            scene.lessons = script.lessons()
            scene.tip = None
            _click_target(app, scene)
    finally:
        i18n.set_language("en")


def test_the_tutorial_from_a_paused_games_how_to_play_comes_back_to_that_game() -> None:
    """Issue 48 item 8: "Play the tutorial" on How to play, opened from a game's pause menu,
    left the table without a question (saved and closed), and skipping the tutorial landed
    on the main menu. The game now stays open behind the tutorial; skipping, or finishing
    it, goes back to that very table, as it was, its pause menu still open."""
    from tarneeb_desktop.ui.screens.howto.howto import HowToScene
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene
    from tests.test_ui_helpers import FRAME, key, play_scene_for_tests

    app, game = play_scene_for_tests()
    hand = list(game.pv.hand)
    closed: list[bool] = []
    real_close = game.link.close
    game.link.close = lambda: (closed.append(True), real_close())[1]  # type: ignore[method-assign]
    game.open_overlay("menu")
    game.overlay.open_howto()
    howto = app.scene
    assert isinstance(howto, HowToScene) and howto.back is game
    howto.activate("tutorial")
    tutorial = app.scene
    assert isinstance(tutorial, TutorialScene) and tutorial.back is game
    assert not closed, "the paused game was closed for the tutorial"
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Skip the tutorial?
    assert tutorial.overlay is not None and tutorial.overlay.kind == "skip"
    labels = [b.label for b in tutorial.overlay.buttons()]
    assert labels == ["Keep learning", "Back to the game"]
    tutorial.tutorial_action("skip")
    assert app.scene is game and not closed
    assert game.overlay is not None and game.overlay.kind in ("menu", "paused")
    assert list(game.pv.hand) == hand
    game.on_hide()
