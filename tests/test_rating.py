"""The player's rating (issue 48, what players expect): an Elo per rules preset from the
games against one computer level, kept with its history in the statistics file, and shown
with a chart on the Statistics screen."""

from __future__ import annotations

import json

import pytest

from tarneeb_desktop.stats import HISTORY, LEVEL_RATINGS, START, K, Statistics, expected


def test_a_game_moves_the_rating_by_elo_against_the_level() -> None:
    st = Statistics()
    st.record_game("standard", "hard", winner=0, when=1.0)  # a win against 1400 from 1200
    gain = K * (1 - expected(START, LEVEL_RATINGS["hard"]))
    assert st.rating("standard") == pytest.approx(START + gain, abs=0.05)
    assert gain > K / 2  # beating a stronger level is worth more than half of K
    st.record_game("standard", "easy", winner=1, when=2.0)  # a loss against 1000
    loss = K * expected(START + gain, LEVEL_RATINGS["easy"])
    assert st.rating("standard") == pytest.approx(START + gain - loss, abs=0.1)
    assert loss > K / 2  # losing to a weaker level costs more than half of K
    assert st.rating("egyptian") == START  # each preset its own
    (first, second) = st.ratings["standard"]["history"]
    assert first[2:] == ["hard", True] and second[2:] == ["easy", False]


def test_games_against_people_or_mixed_levels_are_not_rated() -> None:
    st = Statistics()
    st.record_game("standard", "mixed", winner=0)
    st.record_game("standard", "human", winner=0)
    assert st.ratings == {} and st.groups["standard/mixed"]["games_won"] == 1


def test_the_rating_is_kept_read_back_capped_and_reset(tmp_path) -> None:  # type: ignore[no-untyped-def]
    st = Statistics()
    for i in range(HISTORY + 20):
        st.record_game("standard", "medium", winner=i % 2, when=float(i))
    path = tmp_path / "stats.json"
    st.save(path)
    back = Statistics.load(path)
    assert back.ratings == st.ratings and len(back.ratings["standard"]["history"]) == HISTORY
    doc = json.loads(path.read_text())
    doc["ratings"]["broken"] = {"rating": "high"}
    doc["ratings"]["standard"]["history"].append(["x", 1, "medium", True])
    path.write_text(json.dumps(doc))
    again = Statistics.load(path)
    assert "broken" not in again.ratings and again.problem
    assert again.ratings["standard"]["history"] == st.ratings["standard"]["history"]
    again.reset()
    assert again.ratings == {}


def test_a_finished_game_against_the_computer_moves_the_rating(ui_home) -> None:  # type: ignore[no-untyped-def]
    """Through the table: the game's end counts it (StatsRecorder), and rates it."""
    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.session.game import offline_link
    from tarneeb_desktop.stats import stats_path

    rules = make_rules("standard", target=5)
    state = GameState.new(rules, seed=4, dealer=3)
    link = offline_link(state, ["Sami", "B", "C", "D"], (0,), ["random"] * 4, seed=4,
                        inline=True, autoplay=False)  # fmt: skip
    table = link.table
    for _ in range(5000):
        if table.state.is_over():
            break
        if table.state.current_player() == 0:
            table.submit(0, table.state.view(0).legal[0])
        else:
            table.pump()
    assert table.state.is_over()
    st = Statistics.load(stats_path())
    assert len(st.ratings["standard+custom"]["history"]) == 1
    won = table.state.winner == 0
    assert (st.rating("standard+custom") > START) == won


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_rating_page_shows_each_preset_and_a_chart_that_fits(ui_home, lang, size) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.stats import stats_path
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.stats.stats import StatsScene
    from tests.test_ui_helpers import FRAME, make_app
    from tests.text_spy import screen_problems

    st = Statistics()
    for i in range(12):
        st.record_game("standard", "medium", winner=i % 3 and 0, when=100.0 + i)
    st.record_game("egyptian", "easy", winner=0, when=50.0)
    st.save(stats_path())
    app = make_app(size=size)
    i18n.set_language(lang)
    try:
        scene = StatsScene(app)
        app.switch(scene)
        assert [b.action for b in scene.buttons()] == ["back", "rating", "reset"]
        scene.activate("rating")
        app.step(FRAME, [])
        assert [b.action for b in scene.buttons()] == ["back", "table", "next_rules"]
        assert scene.preset == "standard"  # the one played last
        assert screen_problems(app, f"rating {lang} {size}") == []
        scene.activate("next_rules")
        assert scene.preset == "egyptian"
        app.step(FRAME, [])
        assert screen_problems(app, f"rating {lang} {size}") == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_rating_chart_is_mirrored_as_a_whole_in_arabic(ui_home, lang) -> None:  # type: ignore[no-untyped-def]
    """The chart is laid out left to right and mirrored as a whole: the levels' names at the
    right of the plot and the line from its left in English, at the left and from the right
    in Arabic; the names' numbers keep their digits' order."""
    import pygame

    from tarneeb_desktop.ui import i18n, theme
    from tarneeb_desktop.ui.screens.stats.rating_chart import LEVELS, draw_rating_chart, level_name
    from tests.test_ui_helpers import make_app
    from tests.text_spy import TextSpy, Traced

    make_app()
    i18n.set_language(lang)
    try:
        history = [[100.0 + k, START + 20 * (k % 3), "medium", k % 2] for k in range(6)]
        r = pygame.Rect(20, 20, 600, 300)
        with TextSpy():
            surface = Traced((640, 340))
            plot = draw_rating_chart(surface, r, history, 16)
        texts = {i.label: i.rect for i in surface.items if i.kind == "text"}
        names = [texts[level_name(lv)] for lv in LEVELS]
        rtl = lang == "ar"
        assert all((n.right <= plot.x) if rtl else (n.x >= plot.right) for n in names)
        assert r.contains(plot) and ((plot.right == r.right) if rtl else (plot.x == r.x))
        levels = [LEVEL_RATINGS[lv] for lv in LEVELS]
        lo, hi = min(START, *levels) - 50, max(START + 40, *levels) + 50
        y = plot.bottom - round(plot.h * (START - lo) / (hi - lo))
        x = plot.right - 1 if rtl else plot.x + 1  # the first game's end of the line
        assert any(surface.get_at((x, y + d))[:3] == theme.GOLD[:3] for d in range(-3, 4))
    finally:
        i18n.set_language("en")
