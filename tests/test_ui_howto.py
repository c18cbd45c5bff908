"""How to play: pages that fit at a readable size in every language, and their navigation."""

from __future__ import annotations

import pygame
import pytest
from test_ui_helpers import FRAME, key, make_app, mouse

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.howto import help_text
from tarneeb_desktop.ui.screens.howto import pictures as howto_pictures
from tarneeb_desktop.ui.screens.howto.howto import HowToScene

LANGS = ("en", "ar", "fr", "de", "ru", "uk", "hi")


@pytest.fixture(autouse=True)
def _fresh_fonts_and_english_afterwards():
    pygame.font.init()
    text.clear_cache()  # the fonts of an earlier test's pygame.quit are dead
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("code", LANGS)
def test_every_page_fits_at_a_readable_size(ui_home, code: str, size: tuple[int, int]) -> None:
    app = make_app(size)
    i18n.set_language(code)
    scene = HowToScene(app)
    app.switch(scene)
    body = Layout(*size).text
    assert body >= 13  # the table's body text, never tiny
    window = pygame.Rect(0, 0, *size)
    for i in range(len(scene.pages)):
        scene.go(i)
        scene.laid()
        assert scene.fits(), (code, size, scene.pages[i].key)
        assert scene.text_size() >= body, (code, size, scene.pages[i].key)
        words, picture = scene.words.rect, scene.picture.rect
        drawn = [r for line, r in scene.texts() if line in scene.laid_words()]
        assert drawn and all(words.contains(r) for r in drawn), (code, size, i)
        # the text, the picture and the buttons do not overlap, and all lie in the window
        assert not words.colliderect(picture)
        buttons = scene.buttons()
        for b in buttons:
            assert window.contains(b.rect) and not b.rect.colliderect(words)
            assert not any(b.rect.colliderect(o.rect) for o in buttons if o is not b)
        assert window.contains(picture)
        foot = min(b.rect.top for b in buttons if b.action in ("prev", "next"))
        assert words.bottom <= foot and all(d.bottom <= foot for d in scene.dot_rects())


def test_too_much_text_is_reported_not_shrunk_to_nothing(ui_home) -> None:
    app = make_app((800, 600))
    scene = HowToScene(app)
    scene.pages[1] = help_text.Page("x", "X", ["word " * 2000], "table")
    app.switch(scene)
    scene.go(1)
    assert not scene.fits() and scene.text_size() == Layout(800, 600).text


def test_every_picture_draws_something_of_its_own() -> None:
    app = make_app((1280, 720))
    surf = pygame.Surface((400, 360))
    seen = []
    for name in howto_pictures.NAMES:
        surf.fill((0, 0, 0))
        howto_pictures.draw(surf, pygame.Rect(20, 20, 360, 320), name, app.cards, 18)
        data = pygame.image.tobytes(surf, "RGB")
        assert surf.get_at((200, 180))[:3] != (0, 0, 0) or len(set(data)) > 50
        assert surf.get_at((2, 2))[:3] == (0, 0, 0)  # nothing drawn outside its box
        seen.append(data)
    assert len(set(seen)) == len(seen)
    assert {p.picture for p in help_text.pages()} <= set(howto_pictures.NAMES)


def _howto(size=(1280, 720), lang="en"):  # type: ignore[no-untyped-def]
    app = make_app(size)
    i18n.set_language(lang)
    app.switch(HowToScene(app))
    app.step(FRAME, [])
    return app, app.scene


def test_keys_turn_the_pages_and_escape_goes_to_the_menu(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app, scene = _howto()
    n = len(scene.pages)
    assert scene.page == 0
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert scene.page == 1
    app.step(FRAME, [key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert scene.page == 0  # no page before the first
    app.step(FRAME, [key(pygame.K_PAGEDOWN), key(pygame.K_PAGEDOWN)])
    assert scene.page == 2
    app.step(FRAME, [key(pygame.K_END), key(pygame.K_RIGHT)])
    assert scene.page == n - 1
    app.step(FRAME, [key(pygame.K_HOME)])
    assert scene.page == 0
    # Enter presses the focused button: Next, which keeps the focus
    app.step(FRAME, [key(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert scene.page == 2
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)


def test_right_to_left_the_left_arrow_turns_forward(ui_home) -> None:
    app, scene = _howto(lang="ar")
    app.step(FRAME, [key(pygame.K_LEFT)])
    assert scene.page == 1
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert scene.page == 0
    turns = {b.action: b.rect for b in scene.buttons()}
    assert turns["next"].centerx < turns["prev"].centerx  # Next on the left
    assert scene.words.rect.centerx > scene.picture.rect.centerx  # the text starts on the right
    dots = scene.dot_rects()
    assert dots[0].centerx > dots[-1].centerx  # the first page's dot on the right


def test_the_mouse_turns_pages_jumps_by_dots_and_opens_the_tutorial(ui_home) -> None:
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    def click(app, pos):  # type: ignore[no-untyped-def]
        app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])

    app, scene = _howto()
    actions = {b.action: b for b in scene.buttons()}
    assert not actions["prev"].enabled
    click(app, actions["prev"].rect.center)
    assert scene.page == 0
    click(app, actions["next"].rect.center)
    assert scene.page == 1
    assert "tutorial" not in {b.action for b in scene.buttons()}  # offered on the first page
    click(app, scene.dot_rects()[6].center)
    assert scene.page == 6 and scene.pages[6].key == "game41"
    click(app, {b.action: b for b in scene.buttons()}["prev"].rect.center)
    assert scene.page == 5
    click(app, {b.action: b for b in scene.buttons()}["back"].rect.center)
    assert isinstance(app.scene, MenuScene)

    app, scene = _howto()
    click(app, {b.action: b for b in scene.buttons()}["tutorial"].rect.center)
    assert isinstance(app.scene, TutorialScene)


def test_the_last_page_leads_to_the_tutorial(ui_home) -> None:
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    app, scene = _howto()
    app.step(FRAME, [key(pygame.K_END)])
    nxt = {b.action: b for b in scene.buttons()}["next"]
    assert nxt.label == "Play the tutorial"
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, TutorialScene)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_every_page_draws_at_the_smallest_window(ui_home, lang: str) -> None:
    app, scene = _howto((800, 600), lang)
    for page in range(len(scene.pages)):
        scene.go(page)
        scene.dirty = True
        assert app.step(FRAME, [])
        assert scene.page == page


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_page_buttons_labels_keep_clear_of_their_arrows(ui_home, lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """In Russian the arrow of "Предыдущая страница" touched the word: the arrow was drawn
    over the label's own room. Now the label keeps the arrow's width and a gap free at both
    ends, at a readable size, and the arrows point the way the pages turn."""
    from tarneeb_desktop.ui import theme
    from tests.test_monkey_found import app_in
    from tests.text_spy import TextSpy, Traced

    app = app_in(lang, size)
    scene = HowToScene(app)
    app.switch(scene)
    for page in (1, len(scene.pages) - 1):
        scene.go(page)
        app.step(FRAME, [])
        turns = {b.action: b for b in scene.buttons() if b.action in ("prev", "next")}
        rtl = lang == "ar"
        assert turns["next"].arrow == (-1 if rtl else 1) == -turns["prev"].arrow
        with TextSpy():
            surface = Traced(size)
            scene.dirty = True
            scene.draw(surface)
            texts = [i for i in surface.items if i.kind == "text"]
        for b in turns.values():
            label = [t for t in texts if b.rect.collidepoint(t.rect.center)]
            assert label, (lang, page, b.action)
            ink = label[0].rect
            clear = theme.arrow_size(b.rect) * 3  # the arrow's far side and a gap
            assert ink.x - b.rect.x >= clear and b.rect.right - ink.right >= clear, (
                lang,
                size,
                page,
                b.label,
                ink,
                b.rect,
            )
            assert label[0].size >= round(Layout(*size).text * 0.8)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_pictures_read_from_the_start_side_mirrored_as_a_whole(lang: str) -> None:
    """The scores' picture names a side at the start (the right in Arabic) and its points at
    the end; the bids' panel starts its rows at the start side, the second row's first bid
    under the first row's Pass, as in English."""
    from tarneeb_desktop.ui.game.labels import call_label
    from tests.text_spy import TextSpy, Traced

    app = make_app((1280, 720))
    i18n.set_language(lang)
    rtl = lang == "ar"
    box = pygame.Rect(20, 20, 420, 340)
    with TextSpy():
        surf = Traced((460, 380))
        howto_pictures.draw(surf, box, "scores", app.cards, 18)
    at = {i.label: i.rect for i in surf.items if i.kind == "text"}
    us, points = at[i18n.tr("Us")], at["+9"]
    assert (us.centerx > points.centerx) == rtl
    assert (us.centerx > box.centerx) == rtl and (points.centerx < box.centerx) == rtl
    with TextSpy():
        surf = Traced((460, 380))
        howto_pictures.draw(surf, box, "bids", app.cards, 18)
    buttons = {i.label: i.rect for i in surf.items if i.kind == "button"}
    first, second, row2 = buttons[call_label("pass")], buttons["8"], buttons["11"]
    assert (first.centerx > second.centerx) == rtl
    assert abs(row2.centerx - first.centerx) <= 1  # the row under it starts where it does
