"""The UI kit (issue 47, its first slice): one style, boxes that measure then place. A text
wraps at the body size and is never drawn smaller; a column's children never overlap; a row
of buttons stacks when it does not fit, shares one text size, and mirrors as a whole right
to left. The broken-files notice is the first screen laid out by it."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.kit.boxes import ButtonRow, Column, Panel, Space, Text, centred
from tarneeb_desktop.ui.kit.style import Style

LONG = "The saved game could not be read. It cannot be continued. " * 4


@pytest.fixture(autouse=True)
def _fonts():  # type: ignore[no-untyped-def]
    pygame.font.init()
    text.clear_cache()
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_text_wraps_at_the_body_size_and_never_shrinks(size) -> None:  # type: ignore[no-untyped-def]
    st = Style(*size)
    t = Text(LONG, size=st.body - 5)  # asked smaller than the body: drawn at the body size
    width = 300
    h = t.measure(st, width)
    t.place(st, pygame.Rect(10, 10, width, h))
    assert len(t.lines) > 1 and h == t.step * len(t.lines) and t.step >= round(st.body * 1.4)
    for line, r in t.texts():
        assert r.w <= width and text.size_of(line, st.body)[0] == r.w


def test_a_columns_children_never_overlap_and_fill_its_width() -> None:
    st = Style(1280, 720)
    boxes = [Text(LONG), Space(1), Text("short"), ButtonRow([("OK", "ok", True)])]
    col = Column(boxes)
    rect = pygame.Rect(0, 0, 500, col.measure(st, 500))
    col.place(st, rect)
    for a, b in itertools.pairwise(boxes):
        assert a.rect.bottom <= b.rect.top
    assert all(rect.contains(b.rect) for b in boxes)
    laid = [r for _, r in col.texts()] + [b.rect for b in col.buttons()]
    for a, b in itertools.combinations(laid, 2):
        assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_row_of_buttons_stacks_when_narrow_and_mirrors_as_a_whole(lang: str) -> None:
    i18n.set_language(lang)
    st = Style(1280, 720)
    specs = [("Play deal 2", "play", True), ("Review", "review", False), ("Back", "back", False)]
    row = ButtonRow(specs)
    wide, narrow = row.measure(st, 1200), row.measure(st, 2 * st.button_w)
    assert wide == st.button_h and narrow > wide  # one row, then stacked
    row.place(st, pygame.Rect(40, 40, 1200, wide))
    first, second, _ = row.buttons()
    assert (first.rect.x > second.rect.x) == (lang == "ar")  # the first on the reading side
    assert len({b.text_size for b in row.buttons()}) == 1
    assert len({b.rect.w for b in row.buttons()}) == 1


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_broken_files_notice_is_laid_out_by_the_kit(lang, size) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from tarneeb_desktop.ui.file_notice import FileNotice, paragraphs
    from tarneeb_desktop.ui.layout import Layout

    i18n.set_language(lang)
    folder = Path("/home/player/.local/share/tarneeb")
    files = [(folder / n, folder / f"{n}.broken-20261206") for n in ("savegame.json", "stats.json")]
    notice = FileNotice(paragraphs(files, []))
    lay = Layout(*size)
    panel, rect = notice.laid(lay)
    assert pygame.Rect(0, 0, *size).contains(rect)
    button = notice.button(lay)
    lines = panel.texts()
    assert len(lines) >= 5
    for _line, r in lines:
        assert rect.contains(r) and not r.colliderect(button.rect)
    for (_, a), (_, b) in itertools.combinations(lines, 2):
        assert not a.colliderect(b)
    if lang == "ar":  # the text from the right
        assert all(r.right == lines[1][1].right for _, r in lines[1:])


def test_a_panel_centred_in_the_window_is_as_tall_as_it_measures() -> None:
    st = Style(1024, 768)
    panel = Panel(Column([Text("A title"), ButtonRow([("OK", "ok", True)])]))
    r = centred(st, panel, 600)
    assert r.center == (512, 384) and r.h == panel.measure(st, 600)


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_modal_takes_the_keys_first_and_means_the_same_everywhere(lang: str) -> None:
    """The window's one modal stack: Enter answers the focused button (the first, the safe
    one, to start with), Esc the modal's cancel, the arrows move the focus (Left goes on in
    Arabic, where the row reads from the right); the scene under it gets no key."""
    from tarneeb_desktop.ui.kit.modal import Modal
    from tarneeb_desktop.ui.scene import Scene
    from tests.test_ui_helpers import FRAME, make_app

    app = make_app()
    i18n.set_language(lang)  # after the window: it takes its language from the settings
    got: list[str] = []
    seen: list[int] = []

    class Under(Scene):
        def handle_event(self, ev: pygame.event.Event) -> bool:
            seen.append(ev.type)
            return False

    app.switch(Under(app))

    def ask() -> Modal:
        return app.ask(Modal("Sure?", ["It cannot be undone."], [("Cancel", "no"), ("Yes", "yes")],
                             got.append))  # fmt: skip

    ask()
    app.step(FRAME, [_key(pygame.K_RETURN)])
    assert got == ["no"] and not app.modals and pygame.KEYDOWN not in seen
    ask()
    app.step(FRAME, [_key(pygame.K_ESCAPE)])
    assert got[-1] == "no"
    ask()
    on = pygame.K_LEFT if lang == "ar" else pygame.K_RIGHT
    app.step(FRAME, [_key(on), _key(pygame.K_RETURN)])
    assert got[-1] == "yes"
    modal = ask()
    (_cancel, yes) = modal.buttons(app.size)
    assert (yes.rect.x < _cancel.rect.x) == (lang == "ar")
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=yes.rect.center)])
    assert got[-1] == "yes" and not app.modals
    ask()
    app.switch(Under(app))  # a question belongs to the screen it was asked on
    assert not app.modals


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1920, 1080)])
def test_the_trophy_screen_is_laid_out_by_the_kit(lang, size) -> None:  # type: ignore[no-untyped-def]
    """The champion's screen on the kit: the title, the trophy in the room the words leave
    it, the winners, the standings and Continue, one under the other inside the window,
    nothing overlapping and no text below body size."""
    from tarneeb_desktop.table.tournament import Tournament
    from tarneeb_desktop.ui.trophy_scene import TrophyScene
    from tests.test_tournament import RULES, people, win
    from tests.test_ui_helpers import FRAME, make_app
    from tests.text_spy import screen_problems

    t = Tournament(people(3), RULES, games=2)
    win(t, 0, 31, 30)
    win(t, 0, 31, 12)
    t.finish()
    app = make_app(size=size)
    i18n.set_language(lang)
    scene = TrophyScene(app, t, lambda: None)
    app.switch(scene)
    app.step(FRAME, [])
    tree = scene.laid(app.size)
    window = pygame.Rect(0, 0, *size)
    boxes = tree.children
    for a, b in itertools.pairwise(boxes):
        assert a.rect.bottom <= b.rect.top, (a, b)
    assert all(window.contains(b.rect) for b in boxes)
    (cont,) = scene.buttons()
    assert cont.action == "continue" and cont.rect.bottom <= size[1]
    assert screen_problems(app, f"trophy {lang} {size}") == []
