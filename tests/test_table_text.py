"""The table's words as a new player met them (issue 23, defects 3 and 6 to 10): the bid row
mirrored in Arabic, the Egyptian grid that keeps its places and size, one baseline for
Arabic and Latin lines, one hand numbering on every score sheet, the chart's legend off the
plot, no turn arrow through the last trick's caption, a "new deal" banner long enough to
read, and the summary's "could take" line saying whose play it means and why."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.kit.tables import Tabular
from tests.test_text_fit import played, scene_at
from tests.test_ui_helpers import FRAME, advance, boxes_of, key, make_app, settle

pytestmark = pytest.mark.usefixtures("ui_home")


def app_in(lang: str, size=(1280, 720)):  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    app.settings.language = lang
    app.apply_settings()
    return app


def my_auction_turn(s: GameState) -> bool:
    return s.phase == "auction" and s.current_player() == 0


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_bid_row_reads_from_the_start_side(lang: str) -> None:
    """Pass then 7 to 13 in reading order: from the left, and from the right in Arabic."""
    try:
        state = GameState.new(make_rules("standard"), seed=4, dealer=3)
        assert advance(state, my_auction_turn, 4)
        scene = scene_at(app_in(lang), state)
        buttons = scene.buttons()
        assert [b.action for b in buttons][:2] == ["pass", "7"]
        xs = [b.rect.x for b in buttons]
        assert xs == (sorted(xs, reverse=True) if lang == "ar" else sorted(xs))
    finally:
        i18n.set_language("en")


def test_the_egyptian_grid_keeps_its_places_and_its_text_size_as_the_bids_rise() -> None:
    """The grid's text used to grow as rows of lower bids disappeared."""
    app = app_in("en", (1920, 1080))
    first = GameState.new(make_rules("egyptian"), seed=5, dealer=3)
    assert advance(first, my_auction_turn, 5)
    later = first.copy() if hasattr(first, "copy") else None
    if later is None:
        import copy

        later = copy.deepcopy(first)
    for bid in ("9H", "pass", "10S"):  # me, East, North: my turn again, above 10 spades
        later.apply(bid)
    later.apply("pass")  # West
    assert my_auction_turn(later)
    seen = []
    for state in (first, later):
        scene = scene_at(app, state)
        seen.append({b.action: (b.rect, b.text_size) for b in scene.buttons()})
    assert len(seen[1]) < len(seen[0])
    for action, place in seen[1].items():
        assert place == seen[0][action], action
    sizes = {size for grid in seen for _, size in grid.values()}
    assert len(sizes) == 1 and sizes.pop() >= scene.layout.text


def test_arabic_and_latin_lines_share_a_baseline_in_arabic() -> None:
    """On the auction page "أنت" sat lower than the Latin names beside it."""
    make_app()
    try:
        i18n.set_language("ar")
        latin = text.render("North", 30).get_bounding_rect()  # N sits on the baseline
        arabic = text.render("\u0627", 30).get_bounding_rect()  # so does alef
        assert abs(latin.bottom - arabic.bottom) <= 1
    finally:
        i18n.set_language("en")


def test_a_thrown_in_deal_has_no_number_on_the_41_score_sheet() -> None:
    from tarneeb_desktop.ui.game import dialogs41

    state, _ = played("syrian41", 8, "SeatsScored", ("2", "3", "2", "1"), dealer=0)
    results = state.view(0).results
    assert dialogs41.row_numbers(results)[:2] == ["", "1"]
    scene = scene_at(app_in("en"), state)
    scene.open_overlay("scores")
    scene.app.draw(pygame.Surface(scene.app.surface.get_size()))
    # the sheet's table as the kit laid it out: the "#" column of the rows shown
    (table,) = [b for b in boxes_of(scene.overlay.laid()[0]) if isinstance(b, Tabular)]
    assert [row[0].words for row in table.rows] == ["", "1"]
    drawn = [words for words, _ in scene.overlay.texts()]
    assert "1" in drawn and any(d.startswith("thrown in") for d in drawn)
    # the table's "Hand n" for the hand being played is the sheet's next number
    assert dialogs41.hand_label(scene.pv) == "Hand 2"


def test_the_chart_has_its_legend_above_the_plot_and_a_41_sheet_has_a_chart() -> None:
    from tarneeb_desktop.ui.game import chart

    make_app()
    r = pygame.Rect(100, 100, 400, 300)
    plot, legend_y = chart.chart_plot(r, 20)
    drawn: list[pygame.Rect] = []
    real = chart.blit_text

    def spy(*a: Any, **k: Any) -> pygame.Rect:
        got = real(*a, **k)
        drawn.append(got)
        return got

    chart.blit_text = spy  # type: ignore[assignment]
    try:
        chart.draw_chart(pygame.Surface((600, 500)), r, [(0, 0), (10, 4), (12, 20)], (0, 1), 31, 20)
    finally:
        chart.blit_text = real  # type: ignore[assignment]
    legend = drawn[-2:]
    assert all(not t.colliderect(plot) and t.top >= legend_y for t in legend)


def test_no_turn_arrow_is_drawn_over_the_last_trick() -> None:
    state = GameState.new(make_rules("standard"), seed=4, dealer=3)
    assert advance(state, lambda s: s.phase == "play" and len(s.tricks) >= 1, 4)
    scene = scene_at(app_in("en"), state)
    calls: list[bool] = []
    real = scene.panels.draw_pointer
    scene.panels.draw_pointer = lambda *a: calls.append(True) or real(*a)  # type: ignore[method-assign]
    surface = pygame.Surface(scene.app.surface.get_size())
    scene.last_trick_shown = True
    scene.draw(surface)
    assert not calls
    scene.last_trick_shown = False
    scene.draw(surface)
    assert calls


def test_the_new_deal_banner_stays_long_enough_to_read() -> None:
    from tarneeb_desktop.ui.game.labels import reading_seconds

    state = GameState.new(make_rules("syrian41"), seed=8, dealer=0)
    for call in ("2", "3", "2"):  # East, North, West: 7; my 1 makes 8 < 11
        state.apply(call)
    app = make_app(speed="normal")
    scene = scene_at(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_1)])
    shown = 0.0
    line = "The bids total 8, 11 needed: new deal"
    for _ in range(1200):
        app.step(FRAME, [])
        if scene.banner == line:
            shown += FRAME
        elif shown:
            break
    assert shown >= reading_seconds(line) - 2 * FRAME >= 3.0


def test_the_41_summary_says_whose_best_play_and_why_it_names_that_pair() -> None:
    from tarneeb_desktop.ui.game.ends import Summary41Dialog

    state, ev = played("syrian41", 3, "SeatsScored")
    scene = scene_at(app_in("en"), state)
    dialog = Summary41Dialog(scene, ev)
    dialog.dd = 8
    scene.overlay = dialog
    seen: list[str] = []
    real = text.render

    def spy(s: str, *a: Any, **k: Any) -> pygame.Surface:
        seen.append(s)
        return real(s, *a, **k)

    text.render = spy  # type: ignore[assignment]
    try:
        scene.app.draw(pygame.Surface(scene.app.surface.get_size()))
    finally:
        text.render = real  # type: ignore[assignment]
    said = " ".join(seen)
    assert "With best play by all four and every card seen" in said
    assert "(the highest bid and partner)" in said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_dialogs_buttons_read_at_one_size(lang: str) -> None:
    """ "Skip the tutorial?"'s buttons were two thirds of the others': a dialog's buttons
    are as wide as their words need at body size, so every dialog's read alike."""
    from tarneeb_desktop.ui.game.ends import GameOverDialog, SummaryDialog

    try:
        state, ev = played("standard", 5, "GameOver")
        scene = scene_at(app_in(lang), state)
        sizes = set()
        for dialog in (GameOverDialog(scene, ev), SummaryDialog(scene, ev)):
            sizes |= {b.text_size for b in dialog.buttons()}
        scene.open_overlay("menu")
        sizes |= {b.text_size for b in scene.overlay.buttons()}
        assert len(sizes) == 1 and sizes.pop() >= scene.layout.text
    finally:
        i18n.set_language("en")
