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
    assert len(t.lines) > 1 and t.step >= round(st.body * 1.4)
    # its height: a step a line, down to where the last line's ink ends
    last = text.ink(t.lines[-1], st.body)
    assert h == t.step * (len(t.lines) - 1) + last.bottom
    for line, r in t.texts():
        assert r.w <= width and text.ink(line, st.body).size == r.size
        assert t.rect.contains(r)  # no ink outside the box


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

    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.file_notice import FileNotice, paragraphs

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
    if lang == "ar":  # the text from the right (its ink within a glyph's side bearing)
        assert all(abs(r.right - lines[1][1].right) <= 3 for _, r in lines[1:])


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
    from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene
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
    tree = scene.laid()
    window = pygame.Rect(0, 0, *size)
    boxes = tree.children
    for a, b in itertools.pairwise(boxes):
        assert a.rect.bottom <= b.rect.top, (a, b)
    assert all(window.contains(b.rect) for b in boxes)
    (cont,) = scene.buttons()
    assert cont.action == "continue" and cont.rect.bottom <= size[1]
    assert screen_problems(app, f"trophy {lang} {size}") == []


# ---------------------------------------------------------------------- forms, grids, pages


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_form_puts_labels_beside_fields_or_over_them_and_mirrors_as_a_whole(lang) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.kit.form import Form
    from tarneeb_desktop.ui.kit.widgets import TextField

    i18n.set_language(lang)
    st = Style(1280, 720)
    rows = [("Address or table code", TextField("", 40)), ("Your name", TextField("Sara", 20))]
    wide, narrow = Form(rows, lambda: 0), Form(rows, lambda: 0)
    wide.place(st, pygame.Rect(0, 0, 900, wide.measure(st, 900)))
    for lab, box in zip(wide.labels, wide.fields, strict=True):
        assert lab.centery == box.centery and not lab.colliderect(box)
        assert (lab.x > box.x) == (lang == "ar")  # the label at the reading start
    # too narrow for a label beside a field: each label over its field, the form taller
    w = round(st.unit * 30) + 10
    h = narrow.measure(st, w)
    narrow.place(st, pygame.Rect(0, 0, w, h))
    assert h > wide.measure(st, 900)
    for lab, box in zip(narrow.labels, narrow.fields, strict=True):
        assert lab.bottom <= box.top
    laid = [r for _, r in narrow.texts()] + narrow.fields
    for a, b in itertools.combinations(laid, 2):
        assert not a.colliderect(b)
    assert narrow.field_at(narrow.fields[1].center) == 1


def test_a_grid_row_that_does_not_fit_stacks_and_a_column_shows_what_fits() -> None:
    from tarneeb_desktop.ui.kit.form import ButtonColumn, ButtonGrid

    st = Style(800, 600)
    long = "Privat: Freunde treten über die Adresse bei, und noch mehr Worte"
    grid = ButtonGrid([[("A", "a", False, True, 1), (long, "b", False, True, 1)]], wide=20)
    h = grid.measure(st, 400)
    grid.place(st, pygame.Rect(0, 0, 400, h))
    a, b = grid.buttons()
    assert a.rect.bottom < b.rect.top and a.rect.w == b.rect.w  # stacked, one width
    col = ButtonColumn([(f"Table {k}", f"t:{k}", False, True) for k in range(6)], least=1)
    room = 3 * st.button_h + 2 * st.gap
    col.place(st, pygame.Rect(0, 0, 400, room))
    assert [b.action for b in col.buttons()] == ["t:0", "t:1", "t:2"]
    assert all(pygame.Rect(0, 0, 400, room).contains(b.rect) for b in col.buttons())


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_a_page_keeps_its_foot_in_the_window_and_grows_to_what_it_holds(size) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.kit.page import Page

    st = Style(*size)
    short = Page("Title", [Text("one line")], foot=[("OK", "ok", True)])
    short.place(st, pygame.Rect((0, 0), size))
    assert short.rect == st.page  # no taller than the page
    body = [Text(LONG)]
    while Page("Title", body, foot=[("OK", "ok", True)]).measure(st, st.w) <= st.page.h:
        body.append(Text("One more paragraph of words"))
    tall = Page("Title", body, foot=[("OK", "ok", True)], notice="A notice")
    tall.place(st, pygame.Rect((0, 0), size))
    assert tall.rect.h > st.page.h and tall.rect.bottom <= size[1] - st.margin
    (ok,) = tall.buttons()
    assert tall.rect.contains(ok.rect)
    for _, r in tall.texts():
        assert tall.rect.contains(r) and not r.colliderect(ok.rect)


def test_a_log_shows_the_last_lines_its_room_holds_and_rows_mirror_with_their_button() -> None:
    from tarneeb_desktop.ui.kit.lists import Log, Rows, RowSpec

    st = Style(1280, 720)
    lines = [f"Omar: line {k}" for k in range(5)]
    log = Log(lines, lambda: None, most=3)
    log.place(st, pygame.Rect(0, 0, 600, log.measure(st, 600)))
    assert [w for w, _ in log.texts()] == lines[-3:]  # the last three, in order
    short = Log(lines, lambda: "Say: hi", most=3)
    room = short.least(st, 600) + st.line + 2  # the typed line and one line said
    short.place(st, pygame.Rect(0, 0, 600, room))
    assert [w for w, _ in short.texts()] == lines[-1:]
    assert pygame.Rect(0, 0, 600, room).contains(short.panel)
    for lang in ("en", "ar"):
        i18n.set_language(lang)
        rows = Rows([RowSpec(0, "South", "Sara"), RowSpec(2, "North", "Omar", picked=True,
                                                          button=("Remove", "remove"))])  # fmt: skip
        rows.place(st, pygame.Rect(0, 0, 800, rows.measure(st, 800)))
        (remove,) = rows.buttons()
        north = rows.rects[2]
        assert north.contains(remove.rect) and rows.key_at(north.center) == 2
        head, words = [r for w, r in rows.texts() if w in ("North", "Omar")]
        # the seat's name at the reading start, Remove at the other end, clear of the words
        assert (head.x > words.x) == (lang == "ar")
        assert not words.colliderect(remove.rect)
        assert (remove.rect.centerx < north.centerx) == (lang == "ar")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_table_elides_what_does_not_fit_mirrors_and_lets_its_foot_run_on(lang) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.kit.tables import Cell, Tabular

    i18n.set_language(lang)
    st = Style(800, 600)
    heads = ["#", "Contract", "You", "Computer"]
    rows = [[Cell("1"), Cell("East 8 doubled and redoubled " * 3), Cell("+40"), Cell("+20")]]
    foot = [Cell("Total (8 deals)", bold=True), Cell(""), Cell("+40"), Cell("+20")]
    table = Tabular(heads, rows, foot=foot, picked=0)
    width = 360
    table.place(st, pygame.Rect(0, 0, width, table.measure(st, width)))
    texts = table.texts()
    for words, r in texts:
        assert table.rect.contains(r), words
        bold = words in heads or words.startswith("Total")
        assert text.ink(words, st.body, bold).size == r.size  # at the body size
    long = next(w for w, _ in texts if w.startswith("East"))
    assert long.endswith("\u2026")  # cut short, not shrunk
    assert any(w == "Total (8 deals)" for w, _ in texts)  # whole: it runs on over Contract
    one = next(r for w, r in texts if w == "1")
    you = next(r for w, r in texts if w == "+40")
    assert (one.x > you.x) == (lang == "ar")  # the first column at the reading start
    for (_, a), (_, b) in itertools.combinations(texts, 2):
        assert not a.colliderect(b)
    assert table.row_at(table.row_rects[0].center) == 0


def test_a_tables_row_runs_on_over_empty_cells_and_the_last_rows_can_be_the_ones_shown() -> None:
    """A row's cell with empty ones after it (a deal thrown in) takes its room from the
    columns it runs on over, not from its own column's width; ``last`` shows the newest rows
    when the room holds fewer than there are."""
    from tarneeb_desktop.ui.kit.tables import Cell, Tabular

    i18n.set_language("en")
    st = Style(800, 600)
    long = "thrown in (1, 3, 2, 2) by everybody"
    rows = [[Cell(""), Cell(long), Cell(""), Cell(""), Cell("0")]]
    rows += [
        [Cell(str(k)), Cell("7/2"), Cell("4/5"), Cell("3/2"), Cell("-10")] for k in range(1, 30)
    ]
    table = Tabular(["#", "You", "North", "East", "Us"], rows, last=True)
    table.place(st, pygame.Rect(0, 0, 420, 200))
    assert table.widths[1] < text.size_of(long, st.body)[0]  # its own column stays narrow
    assert len(table.rows) < len(rows) and table.rows == rows[-len(table.rows) :]
    short = Tabular(["#", "You", "North", "East", "Us"], rows[:3], last=True)
    short.place(st, pygame.Rect(0, 0, 420, short.measure(st, 420)))
    drawn = [w for w, _ in short.texts()]
    assert long in drawn  # whole: it runs on over the players' columns


def test_a_listing_keeps_the_picked_row_in_sight_and_wraps_rather_than_shrinks() -> None:
    from tarneeb_desktop.ui.kit.tables import Listing

    i18n.set_language("en")
    st = Style(800, 600)
    rows = [[f"Game {k}", "Alexandrina & Abu Nour vs Konstantinos & Maya"] for k in range(30)]
    room = pygame.Rect(0, 0, 400, 300)
    listing = Listing(["Date", "Players"], rows, [0.3, 0.7], picked=25)
    listing.place(st, room)
    shown = [k for k, _ in listing.shown]
    assert 25 in shown and len(shown) < 30 and listing.top > 0  # scrolled to the picked row
    assert all(room.contains(r) for _, r in listing.shown)
    texts = listing.texts()
    players = [w for w, _ in texts if "&" in w]
    assert players and all("\u2026" not in w for w in players)  # wrapped whole, not cut
    for _, r in texts:
        assert room.contains(r)
    assert listing.row_at(listing.shown[0][1].center) == shown[0]


def test_either_takes_the_first_layout_that_fits_and_a_column_gives_the_rest_back() -> None:
    from tarneeb_desktop.ui.kit.boxes import Either, Picture

    st = Style(1280, 720)
    tall = Column([ButtonRow([(f"Item {k}", f"i{k}", False)]) for k in range(12)])
    short = ButtonRow([(f"Item {k}", f"i{k}", False) for k in range(12)])
    either = Either([tall, short])
    pic = Picture(lambda s, r: None, 40, 2000)
    col = Column([pic, either])
    col.place(st, pygame.Rect(0, 0, 1000, 500))
    assert either.chosen is short  # the column of twelve does not fit in 500 px
    # the picture has what the menu did not use: the column is filled, not overfilled
    assert pic.rect.h > 40 and either.rect.bottom <= 500
    col.place(st, pygame.Rect(0, 0, 1000, 2000))
    assert either.chosen is tall
