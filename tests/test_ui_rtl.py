"""Right-to-left layout: settings rows, statistics columns and the table's name plates mirror."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.layout import Layout
from tests.test_ui_helpers import FRAME, key, make_app, mouse, table_scene

pytestmark = pytest.mark.usefixtures("ui_home")


def app_in(lang: str, size=(1280, 720)):  # type: ignore[no-untyped-def]
    app = make_app(size)
    app.settings.language = lang  # so that saving a change keeps the language
    app.apply_settings()
    i18n.set_language(lang)
    assert i18n.is_rtl() == (lang == "ar")
    return app


def settings_in(lang: str):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

    app = app_in(lang)
    app.switch(SettingsScene(app))
    app.step(FRAME, [])
    return app


def record_text(monkeypatch, *modules) -> list[tuple[str, tuple[int, int], str]]:  # type: ignore[no-untyped-def]
    """Every text the ``modules`` draw: (text, position, anchor), in drawing order."""
    calls: list[tuple[str, tuple[int, int], str]] = []
    for module in modules:
        real = module.blit_text

        def spy(target, s, size, pos, *args, real=real, **kwargs):  # type: ignore[no-untyped-def]
            calls.append((s, tuple(pos), kwargs.get("anchor", "topleft")))
            return real(target, s, size, pos, *args, **kwargs)

        monkeypatch.setattr(module, "blit_text", spy)
    return calls


def row_index(scene, key: str) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, r in enumerate(scene.rows) if r.key == key)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_settings_rows_put_the_label_at_the_start_and_the_control_at_the_end(lang: str) -> None:
    app = settings_in(lang)
    scene = app.scene
    app.step(FRAME, [])
    i = row_index(scene, "preset")
    r, vr = scene.screen_rect(i), scene.value_rect(i)
    drawn = dict(scene.texts())  # each line as the kit lays it out: where its ink is
    label, heading = drawn[scene.rows[i].label], drawn[scene.rows[0].label]
    if lang == "ar":  # the control on the left, the label and the heading from the right
        assert vr.x < r.centerx and vr.right < label.x
        assert label.right > r.centerx and r.right - label.right < r.w // 10
        assert heading.right > r.centerx and r.right - heading.right < r.w // 10
    else:
        assert vr.x > r.centerx and label.right < vr.x
        assert label.x < r.centerx and label.x - r.x < r.w // 10
        assert heading.x < r.centerx and heading.x - r.x < r.w // 10


def test_a_click_on_the_mirrored_control_changes_the_value(ui_home) -> None:
    app = settings_in("ar")
    scene = app.scene
    i = row_index(scene, "double_factor")
    scene.focus = i
    scene._reveal_focus()
    app.step(FRAME, [])
    vr = scene.value_rect(i)
    assert vr.right < scene.screen_rect(i).centerx  # the control is on the left
    start = app.settings.rules().double_factor
    # the "next" arrow is drawn on the left in RTL: a click there raises the value
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (vr.x + 4, vr.centery))])
    assert app.settings.rules().double_factor == start + 1
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (vr.right - 4, vr.centery))])
    assert app.settings.rules().double_factor == start
    # where the control is in LTR there is only the label now: a click changes nothing
    old = scene.screen_rect(i).right - 20
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (old, vr.centery))])
    assert app.settings.rules().double_factor == start
    # the keyboard follows the arrows: Left raises, Right lowers
    app.step(FRAME, [key(pygame.K_LEFT)])
    assert app.settings.rules().double_factor == start + 1
    app.step(FRAME, [key(pygame.K_RIGHT)])
    assert app.settings.rules().double_factor == start
    assert i18n.get_language() == "ar"


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_statistics_columns_run_in_reading_order(lang: str) -> None:
    from tarneeb_desktop.stats import Statistics
    from tarneeb_desktop.ui.screens.stats import stats as stats_scene
    from tarneeb_desktop.ui.screens.stats.stats import COLUMNS, StatsScene

    stats = Statistics()
    stats.record_game("standard", "hard", 0)
    app = app_in(lang)
    app.statistics = lambda: stats  # type: ignore[method-assign]
    app.switch(StatsScene(app))
    app.step(FRAME, [])
    texts = app.scene.texts()  # as laid out, in the order of the table's cells
    # the column headings, one after the other from the first
    first = next(i for i, (w, _) in enumerate(texts) if w == i18n.tr(COLUMNS[0][0]))
    heads = texts[first : first + len(COLUMNS)]
    assert [w for w, _ in heads] == [i18n.tr(h) for h, _k, _o in COLUMNS]
    hx = [r.centerx for _, r in heads]
    group = next(r for w, r in texts if w == stats_scene.group_label("standard/hard"))
    if lang == "ar":
        assert hx == sorted(hx, reverse=True)  # the first column is the rightmost
        assert group.x > hx[0]  # the group's label before them, on the right
    else:
        assert hx == sorted(hx)
        assert group.x < hx[0]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_name_plates_read_from_the_start_side_and_the_seats_stay(monkeypatch, lang: str) -> None:

    app = app_in(lang)
    state = GameState.new(make_rules("standard"), seed=3)
    scene = table_scene(app, state)
    app.step(FRAME, [])
    lay = Layout(*app.size)
    r = pygame.Rect(20, 20, 360, 80)

    def plate(name: str) -> pygame.Surface:
        surface = pygame.Surface((400, 120), pygame.SRCALPHA)
        scene.panels.render_plate(surface, lay, r, 2, False, name, "")
        return surface

    # the name's ink: what the plate with the name has that the plate without it has not
    with_name, without = plate("North"), plate("")
    ink = [
        (x, y)
        for x in range(r.left, r.right)
        for y in range(r.top, r.bottom)
        if with_name.get_at((x, y)) != without.get_at((x, y))
    ]
    assert ink
    left, right = min(x for x, _ in ink), max(x for x, _ in ink)
    if lang == "ar":  # it starts at the right edge
        assert right > r.centerx and r.right - right < left - r.left
    else:
        assert left < r.centerx and left - r.left < r.right - right
    # the seats are the physical table: the same plates in both directions
    rects = [lay.plate_rect(scene.side(seat)) for seat in range(4)]
    i18n.set_language("en" if lang == "ar" else "ar")
    assert rects == [lay.plate_rect(scene.side(seat)) for seat in range(4)]


def test_arabic_label_with_a_suit_symbol_keeps_its_word_order(monkeypatch):
    from tarneeb_desktop.ui import text, theme

    make_app((1280, 720))
    drawn: list[str] = []
    real = text.render

    def spy(s, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(s)
        return real(s, *args, **kwargs)

    monkeypatch.setattr(text, "render", spy)
    i18n.set_language("ar")
    surf = pygame.Surface((600, 60))
    theme.draw_label(surf, "الطلب 9♥ · الأكلات: 3", pygame.Rect(0, 0, 600, 60), 24, (255, 255, 255))
    # pieces are laid out left to right in display order: the line's end ("3") comes first,
    # the heart sits between the bid and its word, and the first word ends up rightmost
    assert drawn[0].startswith("3")
    assert "♥" in drawn
    assert drawn.index("♥") == len(drawn) - 2
    assert text.shape("الطلب", True) in drawn[-1]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_hand_summary_rows_read_from_the_start_edge(lang: str) -> None:
    """The summary's row label sits at the reading start, before the two teams' figures (the
    kit's table, mirrored as a whole)."""
    from tarneeb_desktop.ui.game.ends import SummaryDialog
    from tests.test_text_fit import played, scene_at

    app = app_in(lang)
    state, ev = played("standard", 4, "HandScored")
    dialog = SummaryDialog(scene_at(app, state), ev)
    texts = dialog.texts()  # in the order of the cells: heads, then each row's
    k = next(i for i, (w, _) in enumerate(texts) if w == i18n.tr("Tricks"))
    (_, label), (_, us), (_, them) = texts[k : k + 3]
    if lang == "ar":
        assert label.x > us.x > them.x  # label right, then Us, then Them
    else:
        assert label.x < us.x < them.x
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_score_panel_reads_from_the_start_side_and_its_last_line_fits(
    monkeypatch, lang: str
) -> None:
    from tarneeb_desktop.ui import text
    from tarneeb_desktop.ui.game import score
    from tarneeb_desktop.ui.kit import boxes

    app = app_in(lang)
    state = GameState.new(make_rules("standard"), seed=3)
    for _ in range(8):  # into the play: the tricks lines are shown
        state.apply(state.legal_actions()[-1] if state.phase != "auction" else "pass")
        if state.phase == "play":
            break
    scene = table_scene(app, state)
    app.step(FRAME, [])
    calls = record_text(monkeypatch, score, boxes)  # the rows are the kit's Texts
    scene.score.key = None
    scene.dirty = True
    app.step(FRAME, [])
    r = scene.score._surf.get_rect()
    us = next(c for c in calls if c[0] == i18n.tr("Us"))
    total = next(c for c in calls if c[0] == str(round(scene.score.shown[0])))
    if lang == "ar":  # mirrored, as the name plates are: the label at the right
        assert us[2].endswith("right") and us[1][0] > r.centerx > total[1][0]
    else:
        assert us[2].endswith("left") and us[1][0] < r.centerx < total[1][0]
    them_tricks = [c for c in calls if c[0] in (i18n.tr("{n} tricks", n=0), i18n.tr("1 trick"))]
    if them_tricks:
        size = round(scene.layout.text * 0.75)
        last = max(c[1][1] for c in them_tricks)
        assert last + text.size_of(them_tricks[-1][0], size)[1] <= r.bottom


def test_a_minus_sign_stays_before_its_digits_in_arabic() -> None:
    from tarneeb_desktop.ui import text

    shown = text.shape("\u0627\u0644\u0646\u0642\u0627\u0637: -7 \u0648 +3", True)
    assert "-7" in shown and "7-" not in shown and "+3" in shown
    assert "\u200e" not in shown  # the mark that ties the sign is not drawn


def test_the_hand_summary_uses_the_arabic_comma_in_arabic() -> None:
    from tarneeb_desktop.ui.game.labels import comma

    app_in("ar")
    assert comma() == "\u060c "
    i18n.set_language("en")
    assert comma() == ", "


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_settings_keys_line_is_drawn_key_by_key_in_reading_order(lang) -> None:
    app = settings_in(lang)
    app.step(FRAME, [])
    line = i18n.tr("Up/Down or Tab: choose  \u00b7  Left/Right or Enter: change  \u00b7  Esc: back")
    parts = [p.strip() for p in line.split("\u00b7")]
    drawn = [(w, r) for w, r in app.scene.texts() if w in parts]
    assert sorted(w for w, _ in drawn) == sorted(parts)  # each part a box of its own
    xs = [r.x for _, r in drawn]  # laid in reading order: in Arabic the first part rightmost
    assert xs == (sorted(xs, reverse=True) if lang == "ar" else sorted(xs))
    for (_, a), (_, b) in zip(drawn, drawn[1:], strict=False):
        assert not a.colliderect(b)
    # "Enter" is never a part of its own, next to "Esc: back"
    assert all(p.strip() != "Enter" for p in parts)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_contract_panel_reads_from_the_start_side(monkeypatch, lang: str) -> None:
    from tarneeb_desktop.ui.game import score

    app = app_in(lang)
    state = GameState.new(make_rules("standard"), seed=3, dealer=3)
    scene = table_scene(app, state)
    app.step(FRAME, [])
    calls = record_text(monkeypatch, score)
    scene.invalidate()
    app.step(FRAME, [])
    r = scene.layout.contract_rect
    title = next(c for c in calls if c[0] == i18n.tr("Auction"))
    hand = next(c for c in calls if c[0] == i18n.tr("Hand {n}", n=1))
    if lang == "ar":  # the title at the right, the hand's number at the left
        assert title[2].endswith("right") and title[1][0] > r.centerx > hand[1][0]
    else:
        assert title[2].endswith("left") and title[1][0] < r.centerx < hand[1][0]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_wrapped_blocks_start_is_the_reading_side(lang: str) -> None:
    """``theme.blit_block``'s lines at the start of their box (the right in Arabic), at its
    end with "end", in its middle with "center"."""
    from tarneeb_desktop.ui import theme

    try:
        app_in(lang)
        box = pygame.Rect(20, 20, 600, 100)
        s = pygame.Surface((640, 140))
        start = theme.blit_block(s, "12 : 8", 18, box, align="start")
        end = theme.blit_block(s, "12 : 8", 18, box, align="end")
        middle = theme.blit_block(s, "12 : 8", 18, box, align="center")
        rtl = lang == "ar"
        assert (start.right == box.right) if rtl else (start.x == box.x)
        assert (end.x == box.x) if rtl else (end.right == box.right)
        assert abs(middle.centerx - box.centerx) <= 1
    finally:
        i18n.set_language("en")
