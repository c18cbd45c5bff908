"""The score sheet over the table, laid out by the kit (issue 47): a table of the hands beside
the chart; no text below the body size, outside its box or over another, in English and
Arabic, small and large; Arabic reads it from the right (the "#" column at the table's right,
the chart at the left); the newest hands shown when they are more than the room holds; a
deal thrown in, the sides' colours, 41's made and missed bids and its totals at the foot."""

from __future__ import annotations

import random

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.game import dialogs41
from tarneeb_desktop.ui.game.sheet import ScoreSheetDialog
from tarneeb_desktop.ui.kit.boxes import Picture
from tarneeb_desktop.ui.kit.tables import Tabular
from tests.test_text_fit import draw, scene_at
from tests.test_ui_helpers import FRAME, boxes_of, key, make_app
from tests.text_spy import TextSpy, problems

pytestmark = pytest.mark.usefixtures("ui_home")

SIZES = [(800, 600), (1920, 1080)]


def game(rules: str, hands: int, seed: int = 8) -> GameState:
    """A game played at random ``hands`` deals in, its first deal thrown in (all passed in
    Tarneeb, 8 of 11 bid in 41), to my turn."""
    made = make_rules(rules, target=500) if rules == "standard" else make_rules(rules)
    state = GameState.new(made, seed=seed, dealer=0)
    first = ("pass",) * 4 if rules == "standard" else ("2", "3", "2", "1")
    for call in first:
        state.apply(call)
    rng = random.Random(seed)
    while len(state.history) < hands and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    while not state.is_over() and state.current_player() != 0:
        state.apply(rng.choice(state.legal_actions()))
    return state


def sheet_of(lang: str, size: tuple[int, int], state: GameState):  # type: ignore[no-untyped-def]
    app = make_app(size=size)
    app.settings.language = lang
    app.apply_settings()
    scene = scene_at(app, state)
    scene.open_overlay("scores")
    assert isinstance(scene.overlay, ScoreSheetDialog)
    return app, scene


def parts(dialog: ScoreSheetDialog) -> tuple[Tabular, Picture]:
    """The sheet's table and chart as the kit laid them out."""
    boxes = list(boxes_of(dialog.laid()[0]))
    (table,) = [b for b in boxes if isinstance(b, Tabular)]
    (chart,) = [b for b in boxes if isinstance(b, Picture)]
    return table, chart


@pytest.fixture(autouse=True)
def english_after():  # type: ignore[no-untyped-def]
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(("rules", "hands"), [("standard", 12), ("syrian41", 6)])
def test_the_sheets_texts_keep_the_body_size_their_box_and_apart(
    rules: str, hands: int, lang: str, size: tuple[int, int]
) -> None:
    app, scene = sheet_of(lang, size, game(rules, hands))
    dialog = scene.overlay
    window = pygame.Rect((0, 0), size)
    with TextSpy():
        found = problems(draw(app, scene).items, window, scene.layout.text, f"{rules} {lang}")
    assert found == []
    box = dialog.rect()
    assert window.contains(box)
    table, chart = parts(dialog)
    assert box.contains(table.rect) and box.contains(chart.rect)
    assert not table.rect.colliderect(chart.rect)
    laid = dialog.texts()
    assert laid, "the sheet laid out no text"
    for n, (words, ink) in enumerate(laid):
        assert box.contains(ink), (words, ink)
        assert not chart.rect.colliderect(ink), (words, ink)  # the table's, clear of the chart
        for other, ink2 in laid[n + 1 :]:
            assert not ink.inflate(-2, -2).colliderect(ink2.inflate(-2, -2)), (words, other)
    assert chart.rect.w >= 150 and chart.rect.h >= 150  # readable, even at 800x600
    # every hand the room holds is shown, the thrown-in deal among them at this size
    assert len(table.rows) == len(table.all_rows) == hands


@pytest.mark.parametrize("rules", ["standard", "syrian41"])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_arabic_reads_the_sheet_from_the_right(lang: str, rules: str) -> None:
    """The table first in reading order: at the right in Arabic with its "#" column at its
    right, the chart at the left; in English the other way round."""
    _, scene = sheet_of(lang, (1280, 800), game(rules, 6))
    table, chart = parts(scene.overlay)
    lines = sum(len(h) for h in table.head_lines)  # a long head wraps
    heads = dict(table.texts()[:lines])
    number = heads["#"]
    others = [ink for words, ink in heads.items() if words != "#"]
    if lang == "ar":
        assert chart.rect.right <= table.rect.left
        assert all(number.left > ink.right for ink in others)
        assert number.right > table.rect.right - table.rect.w // 10
    else:
        assert table.rect.right <= chart.rect.left
        assert all(number.right < ink.left for ink in others)
        assert number.left < table.rect.left + table.rect.w // 10


def test_the_chart_runs_from_the_reading_side(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The chart's time runs as it did before the kit: from the left in English, from the
    right in Arabic (``draw_chart`` mirrors it; the kit only places its rectangle)."""
    dots: list[tuple[int, int]] = []
    real = pygame.draw.circle

    def spy(s, colour, centre, *a, **k):  # type: ignore[no-untyped-def]
        dots.append((round(centre[0]), round(centre[1])))
        return real(s, colour, centre, *a, **k)

    for lang in ("en", "ar"):
        _, scene = sheet_of(lang, (1280, 800), game("standard", 6))
        (_, picture) = parts(scene.overlay)
        dots.clear()
        monkeypatch.setattr(pygame.draw, "circle", spy)
        picture.draw(pygame.Surface(scene.app.surface.get_size()))
        monkeypatch.undo()
        x = dots[0][0]  # the first point: before the first hand
        assert picture.rect.left <= x <= picture.rect.right
        side = x - picture.rect.centerx
        assert side < 0 if lang == "en" else side > 0, (lang, x, picture.rect)


def test_the_newest_hands_are_shown_when_they_are_more_than_the_room_holds() -> None:
    state = game("standard", 40)
    _, scene = sheet_of("en", (800, 600), state)
    table, _ = parts(scene.overlay)
    assert len(table.rows) < len(table.all_rows)
    assert table.rows == table.all_rows[-len(table.rows) :]
    numbers = dialogs41.row_numbers(list(state.view(0).results))
    assert table.rows[-1][0].words == numbers[-1] != ""
    shown = [words for words, _ in scene.overlay.texts()]
    assert numbers[-1] in shown and "1" not in shown


def test_a_tarneeb_sheet_keeps_its_thrown_in_deal_team_colours_and_suits() -> None:
    _, scene = sheet_of("en", (1280, 800), game("standard", 5))
    table, _ = parts(scene.overlay)
    us, them = scene.teams()
    thrown = table.all_rows[0]
    assert thrown[0].words == "" and thrown[1].words == "thrown in"
    assert all(not c.words for c in thrown[2:6]) and thrown[6].words  # the total stays
    assert [r[0].words for r in table.all_rows[1:]] == ["1", "2", "3", "4"]
    for row in table.all_rows[1:]:
        assert row[4].color == theme.TEAM[us] and row[5].color == theme.TEAM[them]
        assert row[1].suits and not row[2].suits
    shown = [words for words, _ in scene.overlay.texts()]
    assert "thrown in" in shown


def test_a_41_sheet_colours_its_bids_and_has_the_totals_at_its_foot() -> None:
    state = game("syrian41", 6)
    _, scene = sheet_of("en", (1280, 800), state)
    table, _ = parts(scene.overlay)
    order = dialogs41.seat_order(scene)
    results = state.view(0).results
    for row, r in zip(table.all_rows, results, strict=True):
        if r.seat_tricks is None or r.bids is None or not r.trump:
            assert row[0].words == "" and row[1].words.startswith("thrown in")
            continue
        for cell, p in zip(row[1:5], order, strict=True):
            made = r.seat_tricks[p] >= r.bids[p]
            assert cell.color == (dialogs41.GREEN if made else dialogs41.RED)
    scores = scene.pv.seat_scores
    assert scores is not None
    assert [c.words for c in table.foot[1:5]] == [str(scores[p]) for p in order]
    assert table.foot[0].words == "Total"
    shown = [words for words, _ in scene.overlay.texts()]
    assert all(str(scores[p]) in shown for p in order)


def test_the_41_foot_is_gold_for_the_close_seats(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _, scene = sheet_of("en", (1280, 800), game("syrian41", 6))
    order = dialogs41.seat_order(scene)
    monkeypatch.setattr(dialogs41, "close_seats", lambda view: [order[1], order[2]])
    table, _ = parts(ScoreSheetDialog(scene))
    golds = [cell.color == theme.GOLD for cell in table.foot[1:5]]
    assert golds == [False, True, True, False]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_an_empty_sheet_says_so_and_closes_with_its_button_or_escape(lang: str) -> None:
    app, scene = sheet_of(lang, (800, 600), GameState.new(make_rules("standard"), seed=3))
    dialog = scene.overlay
    shown = [words for words, _ in dialog.texts()]
    assert i18n.tr("No hand finished yet") in shown
    (button,) = dialog.buttons()
    assert button.action == "close" and dialog.kind == "scores"
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay is None
    scene.open_overlay("scores")
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.overlay is None
