"""The file chooser (issue 38, item 3): folders and game records of a folder, into and up
with keys and the mouse, open a file or save under a name typed, Esc gives nothing; it
starts in the folder chosen last, else Documents, else home; mirrored right to left."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.screens.games.file_chooser import FileChooser, entries, start_folder
from tests.test_ui_helpers import FRAME, key, make_app, mouse

pytestmark = pytest.mark.usefixtures("ui_home")


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder with Documents: two folders, a record, a text file, a hidden file."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    d = home / "Documents"
    (d / "b games").mkdir(parents=True)
    (d / "A folder").mkdir()
    (d / "b games" / "inner.json").write_text("{}")
    (d / "game.json").write_text("{}")
    (d / "notes.txt").write_text("x")
    (d / ".hidden.json").write_text("{}")
    return d


def chooser(save: bool = False, name: str = ""):  # type: ignore[no-untyped-def]
    app = make_app()
    got: list[Path | None] = []
    scene = FileChooser(app, got.append, save=save, name=name)
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene, got


def test_rows_are_up_then_folders_then_records(docs: Path) -> None:
    rows = entries(docs)
    assert [e.label for e in rows] == ["..", "A folder", "b games", "game.json"]
    assert [e.folder for e in rows] == [True, True, True, False]
    assert rows[0].path == docs.parent
    assert start_folder() == docs  # Documents first


def test_keys_go_into_a_folder_and_up_and_open_a_record(docs: Path) -> None:
    app, scene, got = chooser()
    assert scene.folder == docs.resolve() and scene.chosen().label == "A folder"
    app.step(FRAME, [key(pygame.K_DOWN), key(pygame.K_RETURN)])  # into "b games"
    assert scene.folder.name == "b games" and scene.chosen().label == "inner.json"
    app.step(FRAME, [key(pygame.K_BACKSPACE)])  # up again
    assert scene.folder == docs.resolve()
    app.step(FRAME, [key(pygame.K_END), key(pygame.K_RETURN)])
    assert got == [docs.resolve() / "game.json"]
    assert start_folder() == docs.resolve()  # remembered for next time


def test_a_click_chooses_a_row_a_double_click_takes_it_and_esc_gives_nothing(
    docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 48 item 14: one click on the highlighted row opened it (a folder went two
    levels deep, a file was imported at once). One click chooses; a double click (two on
    the row within DOUBLE_CLICK seconds) or Enter opens."""
    from tarneeb_desktop.ui.screens.games import file_chooser

    now = [100.0]
    monkeypatch.setattr(file_chooser.time, "monotonic", lambda: now[0])
    app, scene, got = chooser()
    rows = dict(scene.row_rects())
    chosen = scene.chosen().label
    k = next(k for k, e in enumerate(scene.rows) if e.label == chosen)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rows[k].center)])  # the highlighted row
    assert scene.folder == docs.resolve() and got == [], "one click opened the chosen row"
    now[0] += 2.0
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rows[3].center)])
    assert scene.chosen().label == "game.json" and got == []
    now[0] += 1.0  # a second click, slowly: still only chosen
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rows[3].center)])
    assert got == []
    now[0] += 0.2  # and another at once: a double click takes it
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rows[3].center)])
    assert got == [docs.resolve() / "game.json"]
    app, scene, got = chooser()  # a double click on a folder goes one level in, not two
    rows = dict(scene.row_rects())
    folder = next(k for k, e in enumerate(scene.rows) if e.folder and not e.up)
    name = scene.rows[folder].path.name
    for _ in range(2):
        now[0] += 0.1
        app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rows[folder].center)])
    assert scene.folder.name == name
    now[0] += 0.1
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, rows[folder].center)])
    assert scene.folder.name == name and got == []
    app, scene, got = chooser()
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert got == [None]
    app, scene, got = chooser()
    b = next(b for b in scene.buttons() if b.action == "cancel")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])
    assert got == [None]


def test_save_types_a_name_and_saves_in_the_folder_shown(docs: Path) -> None:
    app, scene, got = chooser(save=True, name="tarneeb-2026-12-04-2130.json")
    assert scene.row is None  # nothing chosen: Enter saves under the name offered
    app.step(FRAME, [key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN)])
    assert scene.folder.name == "A folder" and got == []  # Enter on a folder goes in
    app.step(FRAME, [key(pygame.K_BACKSPACE), key(pygame.K_SPACE)])
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="n x")])
    assert scene.field.text == "tarneeb-2026-12-04-2130.json x"  # typing, not buttons
    scene.field.text = ""
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert got == [] and scene.message  # no name: says so
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, text="mine")])
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert got == [docs.resolve() / "A folder" / "mine"]


def test_a_record_clicked_gives_its_name_when_saving(docs: Path) -> None:
    app, scene, got = chooser(save=True, name="new.json")
    app.step(FRAME, [key(pygame.K_END)])
    assert scene.field.text == "new.json"  # End belongs to the name's field
    scene.choose(3)
    assert scene.field.text == "game.json"


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_chooser_is_mirrored_right_to_left_and_its_texts_fit(docs: Path, lang: str) -> None:
    from tarneeb_desktop.ui.layout import Layout
    from tests.text_spy import screen_problems

    app, scene, got = chooser(save=True, name="tarneeb-2026-12-04-2130.json")
    app.settings.language = lang
    app.apply_settings()
    scene.rebuild()
    app.step(FRAME, [])
    ok = next(b for b in scene.buttons() if b.action == "ok")
    cancel = next(b for b in scene.buttons() if b.action == "cancel")
    assert (ok.rect.x > cancel.rect.x) == (lang == "ar")  # the first button at the reading start
    assert i18n.is_rtl() == (lang == "ar")
    assert screen_problems(app, f"file chooser {lang}") == []
    lay = Layout(*app.size)
    assert scene.row_rects()[0][1].w > lay.w // 2


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_rows_icon_and_name_are_mirrored_as_a_whole(docs: Path, lang: str) -> None:
    """A row's icon at its start and the name after it: the icon at the row's right and the
    name to its left in Arabic, the other way round in English (the name itself read left
    to right in both)."""
    from tests.text_spy import TextSpy, Traced

    app, scene, got = chooser()
    app.settings.language = lang
    app.apply_settings()
    row = next(e for e in scene.rows if e.label.isascii() and len(e.label) > 3)
    r = pygame.Rect(40, 40, 600, 30)
    with TextSpy():
        surface = Traced((680, 120))
        scene._draw_row(surface, row, r, 18, False)
    name = next(i.rect for i in surface.items if i.kind == "text" and i.label == row.label)
    ink = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    ink.invert()  # what the row drew: the icon and the name
    parts = ink.get_bounding_rects()
    drawn = parts[0].unionall(parts)
    left, right = drawn.x, drawn.right - 1
    rtl = lang == "ar"
    icon_side = right if rtl else left
    assert not name.collidepoint(icon_side, r.centery)  # the icon is at the start, not the name
    assert (name.right < right) == rtl and (name.x > left) != rtl
    assert (name.centerx > r.centerx) == rtl
