"""The auction stays in sight during the play: A, a click on the contract, or the menu."""

from __future__ import annotations

import random

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.auction import auction_rows, winning_call
from tests.test_ui_helpers import FRAME, advance, key, make_app, mouse, settle, table_scene

pytestmark = pytest.mark.usefixtures("ui_home")


def test_the_calls_are_laid_out_in_rounds_from_the_first_to_speak() -> None:
    calls = [(1, "7"), (2, "pass"), (3, "8"), (0, "pass"), (1, "9"), (3, "pass")]
    order, rows = auction_rows(calls)
    assert order == [1, 2, 3, 0]
    assert rows == [["7", "pass", "8", "pass"], ["9", None, "pass", None]]
    assert winning_call(rows) == (1, 0)  # East's 9
    # every call kept once, in order, read row by row
    assert [c for row in rows for c in row if c is not None] == [c for _, c in calls]
    # a weak hand's question is not a call; no call at all: nothing to show
    assert auction_rows([(2, "keep"), (2, "pass")]) == ([2, 3, 0, 1], [["pass", None, None, None]])
    assert auction_rows([]) == ([], [])


def _in_play(lang: str = "en"):  # type: ignore[no-untyped-def]
    state = GameState.new(make_rules("standard"), seed=4, dealer=3)
    assert advance(state, lambda s: s.phase == "play" and s.current_player() == 0, 4)
    app = make_app()
    app.settings.language = lang
    app.apply_settings()
    scene = table_scene(app, state)
    settle(app, scene)
    return app, scene, state


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_shows_the_auction_during_play_and_a_closes_it(lang: str) -> None:
    from tests.text_spy import screen_problems

    app, scene, state = _in_play(lang)
    assert state.phase == "play"
    app.step(FRAME, [key(pygame.K_a)])
    assert scene.overlay is not None and scene.overlay.kind == "auction"
    scene.dirty = True
    app.step(FRAME, [])
    drawn = [(line, r.centerx) for line, r in scene.overlay.texts()]
    order, rows = auction_rows(scene.pv.calls)
    names = [i18n.tr("You") if s == 0 else scene.names[s] for s in order]
    heads = [(line, x) for line, x in drawn if line in names]
    assert sorted(h[0] for h in heads) == sorted(names)
    xs = [dict(heads)[n] for n in names]  # the first to speak first, in reading order
    assert xs == (sorted(xs, reverse=True) if lang == "ar" else sorted(xs))
    assert screen_problems(app, f"auction {lang}") == []
    app.step(FRAME, [key(pygame.K_a)])
    assert scene.overlay is None
    i18n.set_language("en")


def test_a_long_auction_shows_its_last_rounds_and_the_contract_in_gold() -> None:
    from tarneeb_desktop.ui.game.auction import AuctionDialog
    from tarneeb_desktop.ui.game.labels import call_label
    from tarneeb_desktop.ui.kit.style import GOLD
    from tarneeb_desktop.ui.kit.tables import Tabular
    from tests.test_ui_helpers import boxes_of

    app = make_app(size=(800, 600))
    state = GameState.new(make_rules("standard"), seed=4, dealer=3)
    scene = table_scene(app, state)
    import dataclasses

    # East opens 7, then thirty rounds (more than 800x600 holds), West's 8 the contract
    calls = [(1, "7"), (2, "pass"), (3, "8"), (0, "pass")]
    calls += [(seat, "pass") for _ in range(30) for seat in (1, 2, 3, 0)]
    scene.pv = dataclasses.replace(scene.pv, calls=tuple(calls))
    dialog = AuctionDialog(scene)
    table = next(b for b in boxes_of(dialog.laid()[0]) if isinstance(b, Tabular))
    _, rows = auction_rows(calls)
    assert len(table.all_rows) == len(rows) > len(table.rows)  # more than the room holds
    assert table.rows == table.all_rows[-len(table.rows) :]  # the last ones
    win = winning_call(rows)
    assert win is not None
    cell = table.all_rows[win[0]][win[1]]
    assert cell.color == GOLD and cell.words == call_label(rows[win[0]][win[1]] or "")


def test_a_click_on_the_contract_and_the_menu_open_it_too() -> None:
    app, scene, _ = _in_play()
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, scene.layout.contract_rect.center)])
    assert scene.overlay is not None and scene.overlay.kind == "auction"
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay is None
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    button = next(b for b in scene.overlay_buttons() if b.action == "auction")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button.rect.center)])
    assert scene.overlay.kind == "auction"


def test_the_score_chart_follows_the_totals_hand_by_hand() -> None:
    from tarneeb_desktop.ui.game.chart import score_series, value_range

    state = GameState.new(make_rules("standard", target=41), seed=8, dealer=3)
    rng = random.Random(8)
    while len(state.history) < 8 and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    rows = state.view(0).results
    series = score_series(rows)
    played = [r for r in rows if r.contract is not None]
    assert series[0] == (0, 0) and len(series) == len(played) + 1  # thrown-in deals skipped
    assert series[1:] == [tuple(r.totals) for r in played]
    lo, hi = value_range(series, 41)
    assert lo <= min(min(p) for p in series) and lo <= 0
    assert hi >= max(41, max(max(p) for p in series))


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_score_sheet_draws_its_chart_beside_the_numbers(size, monkeypatch) -> None:
    from tarneeb_desktop.ui.game import chart

    state = GameState.new(make_rules("standard", target=61), seed=8, dealer=3)
    rng = random.Random(8)
    while len([r for r in state.history if r.contract]) < 4:
        state.apply(rng.choice(state.legal_actions()))
    app = make_app(size)
    scene = table_scene(app, state)
    drawn = []
    real = chart.draw_chart

    def spy(s, r, series, teams, target, px):  # type: ignore[no-untyped-def]
        drawn.append((r.copy(), series, px))
        return real(s, r, series, teams, target, px)

    from tarneeb_desktop.ui.game import sheet

    monkeypatch.setattr(sheet, "draw_chart", spy)
    app.step(FRAME, [key(pygame.K_s)])
    scene.dirty = True
    app.step(FRAME, [])
    assert drawn
    r, series, px = drawn[-1]
    box = scene.overlay.rect()
    assert box.contains(r) and r.w >= 150 and r.h >= 150  # readable at 800x600
    assert len(series) == 5 and px >= 10
