"""41 / 400 at the table: a whole game by keyboard, the bid panel, the thrown-in message,
the plates, the score panel and the dialogs per player, saving and resuming."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tests.test_ui_helpers import FRAME, advance, key, make_app, mouse, settle

pytestmark = pytest.mark.usefixtures("ui_home")

NAMES = ["You", "East", "North", "West"]


def table(app, state: GameState, levels=("easy",) * 4):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.table_scene import TableScene

    seed = state.seed  # as a new game has it: the hands to come follow from it
    scene = TableScene(app, state, list(NAMES), (0,), list(levels), seed=seed, inline_ai=True)
    app.switch(scene)
    return scene


def my_bid_turn(state: GameState) -> bool:
    return state.phase == "auction" and state.current_player() == 0


def test_a_whole_41_game_by_keyboard_ends_in_game_over_per_player() -> None:
    from tarneeb_desktop.ui.game.ends import Summary41Dialog

    state = GameState.new(make_rules("syrian41", target=21), seed=4, dealer=3)
    app = make_app(size=(1024, 640), speed="instant")
    scene = table(app, state)
    summaries = 0
    bids = 0
    for _ in range(40000):
        app.step(FRAME, [])
        over = scene.overlay
        if over is not None and over.kind == "gameover":
            break
        if over is not None:  # a hand's summary is 41's own, per player; Enter closes it
            assert over.kind != "summary" or isinstance(over, Summary41Dialog)
            summaries += over.kind == "summary"
            app.step(FRAME, [key(pygame.K_RETURN)])
            continue
        if not scene.my_turn():
            continue
        if scene.pv.phase == "play":
            app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
        else:
            assert "pass" not in scene.pv.legal
            hands = len(state.history)
            app.step(FRAME, [key(pygame.K_3)])  # 3 tricks for myself
            # (the dealer's bid may end the hand: then it is in the hand's row)
            mine = state.bids[0] if len(state.history) == hands else state.history[-1].bids[0]
            assert mine == 3
            bids += 1
    assert state.is_over(), "the game did not end"
    assert summaries >= 1 and bids >= 1
    over = scene.overlay
    assert over is not None and over.kind == "gameover"
    assert scene.pv.seat_scores == state.seat_scores
    assert over.event.totals == (
        state.seat_scores[0] + state.seat_scores[2],
        state.seat_scores[1] + state.seat_scores[3],
    )
    # counted in the statistics under its preset (custom: the target was changed)
    from tarneeb_desktop.stats import Statistics, stats_path

    g = Statistics.load(stats_path()).groups["syrian41+custom/easy"]
    played = [h for h in state.history if h.trump]
    assert g["games_played"] == 1 and g["games_won"] == (1 if state.winner == 0 else 0)
    assert g["hands_played"] == g["contracts_bid"] == len(played)
    assert g["contracts_made"] == sum(1 for h in played if h.seat_tricks[0] >= h.bids[0])
    # the dialogs draw per player
    surface = pygame.Surface(app.size)
    over.draw(surface, scene.layout, scene.overlay_buttons())
    scene.open_overlay("scores")  # refused: the game-over dialog stays
    assert scene.overlay is over


def test_the_bid_panel_offers_exactly_the_legal_bids_and_says_what_is_needed() -> None:
    state = GameState.new(make_rules("lebanese400"), seed=6, dealer=0)
    state.apply("4")  # East
    state.apply("2")  # North
    assert my_bid_turn(state) is False
    state.apply("3")  # West; South (the dealer) bids last
    assert my_bid_turn(state)
    app = make_app()
    scene = table(app, state)
    settle(app, scene)
    assert scene.my_turn()
    actions = [b.action for b in scene.buttons()]
    assert actions == [str(n) for n in range(2, 14)] == state.legal_actions()
    from tarneeb_desktop.ui.game.game41 import running_total, total_line

    assert running_total(scene.pv) == (9, 11)  # lebanese400 counts the bids themselves
    assert total_line(scene.pv) == "Bids so far: 9 of 11 needed"
    assert [scene.panels.plate_lines(s)[1] for s in (1, 2, 3)] == ["Bid 4", "Bid 2", "Bid 3"]
    # a click on a button bids it; the hand is played (9 + 2 = 11)
    button = next(b for b in scene.buttons() if b.action == "2")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button.rect.center)])
    assert state.phase == "play" and state.bids == (2, 4, 2, 3)


def test_the_lowest_bid_rises_with_the_score_on_the_panel() -> None:
    state = GameState.new(make_rules("lebanese400"), seed=6, dealer=3)
    state.seat_scores = (42, 0, 0, 0)  # 40 to 49: at least 4
    assert my_bid_turn(state)
    app = make_app()
    scene = table(app, state)
    settle(app, scene)
    assert [b.action for b in scene.buttons()] == [str(n) for n in range(4, 14)]
    app.step(FRAME, [key(pygame.K_3)])  # too low now: refused with a message
    assert state.calls == [] and scene.toast is not None and "3" in scene.toast[0]
    app.step(FRAME, [key(pygame.K_0)])  # 0 bids 10
    assert state.calls == [(0, "10")]


def test_a_hand_thrown_in_for_a_low_total_says_so() -> None:
    state = GameState.new(make_rules("syrian41"), seed=8, dealer=0)
    for call in ("2", "3", "2"):  # East, North, West: 7; South's 1 makes 8 < 11
        state.apply(call)
    app = make_app(speed="normal")
    scene = table(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_1)])
    banners = set()
    for _ in range(600):
        app.step(FRAME, [])
        if scene.banner:
            banners.add(scene.banner)
        if scene.pv.hand_number == 2 and not scene.banner and banners:
            break
    assert "The bids total 8, 11 needed: new deal" in banners
    assert state.hand_number == 2 and state.dealer == 1  # the next dealer deals
    row = scene.pv.results[-1]
    assert row.trump is None and row.bids == (1, 2, 3, 2)


def test_plates_and_score_panel_during_the_play() -> None:
    state = GameState.new(make_rules("syrian41"), seed=9, dealer=3)
    for call in ("4", "3", "3", "2"):
        state.apply(call)
    assert state.phase == "play"
    assert advance(state, lambda g: len(g.tricks) == 3, seed=2)
    app = make_app()
    scene = table(app, state)
    settle(app, scene, limit=2)
    tricks = [sum(1 for _, _, w in state.tricks if w == s) for s in range(4)]
    for seat in range(4):
        n = tricks[seat]
        word = "1 trick" if n == 1 else f"{n} tricks"
        assert scene.panels.plate_lines(seat) == (
            NAMES[seat],
            f"Bid {state.bids[seat]}  \u00b7  {word}",
        )
    assert scene.pv.trump == "H"
    # the score panel counts per player; a player near the target is marked
    from tarneeb_desktop.ui.game.game41 import close_seats

    assert len(scene.score.shown) == 4
    assert close_seats(scene.pv) == []


def test_a_41_game_is_saved_and_resumed_exactly() -> None:
    from tarneeb_desktop.table.savegame import read_save, savegame_path
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules("lebanese400", target=51), seed=12, dealer=3)
    # two hands in (one may be thrown in), then into the play of the next
    assert advance(state, lambda g: g.hand_number >= 3 and len(g.tricks) >= 2, seed=3)
    app = make_app()
    scene = table(app, state)
    settle(app, scene)
    scene.autosave()
    saved = read_save(savegame_path())
    assert saved is not None
    back = saved.state
    assert back.rules == state.rules and back.rules.game == "41"
    assert back.seat_scores == state.seat_scores and back.bids == state.bids
    assert back.view(0) == state.view(0) and back.history == state.history
    resumed = TableScene.from_saved(app)
    assert resumed is not None
    app.switch(resumed)
    settle(app, resumed)
    assert resumed.pv.seat_scores == state.seat_scores and resumed.pv.bids == state.view(0).bids
    # the game goes on from there as it would have: the same hands to come
    here, there = state.clone(), resumed.table.state.clone()
    assert advance(here, lambda g: g.hand_number == state.hand_number + 1, seed=4)
    assert advance(there, lambda g: g.hand_number == state.hand_number + 1, seed=4)
    assert here.hands == there.hands and here.seat_scores == there.seat_scores


def test_a_claim_in_41_plays_my_winners_by_themselves() -> None:
    from tarneeb_desktop.ai.analysis import can_claim

    def claimable(g: GameState) -> bool:
        return (
            g.phase == "play"
            and g.current_player() == 0
            and g.hands[0].bit_count() >= 2
            and can_claim(g.view(0))
        )

    for seed in range(60):
        state = GameState.new(make_rules("syrian41"), seed=seed, dealer=3)
        if advance(state, claimable, seed=seed):
            break
    else:
        pytest.skip("no claimable position found")
    app = make_app(speed="instant")
    scene = table(app, state)
    settle(app, scene)
    assert any(b.action == "claim" for b in scene.buttons())
    hand = state.hand_number
    app.step(FRAME, [key(pygame.K_c)])
    # at instant speed the claimed cards may all be played in this very frame
    assert scene.claiming == 0 or state.hand_number != hand or state.is_over()
    for _ in range(3000):
        app.step(FRAME, [])
        if state.hand_number != hand or state.is_over():
            break
    assert state.hand_number != hand or state.is_over()  # my cards played themselves


def test_hints_and_the_cards_played_page_work_in_41() -> None:
    state = GameState.new(make_rules("syrian41"), seed=3, dealer=3)
    app = make_app()
    scene = table(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_h)])  # a hint for my bid
    for _ in range(200):
        app.step(FRAME, [])
        if scene.hints.future is None:
            break
    assert scene.toast is not None and scene.toast[0].startswith("Hint")
    assert 0 <= scene.bids.kb_button < len(scene.buttons())
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert state.calls and state.calls[-1][0] == 0
    app.step(FRAME, [key(pygame.K_v)])
    assert scene.overlay is not None and scene.overlay.kind == "played"
    app.step(FRAME, [key(pygame.K_v)])
    app.step(FRAME, [key(pygame.K_s)])
    assert scene.overlay is not None and scene.overlay.kind == "scores"
    surface = pygame.Surface(app.size)
    scene.overlay.draw(surface, scene.layout, scene.overlay_buttons())


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_statistics_screen_shows_each_game_apart(ui_home, lang) -> None:
    from tarneeb_desktop.stats import Statistics
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.screens.stats.stats import StatsScene

    stats = Statistics()
    stats.record_game("standard", "hard", 0)
    stats.record_game("lebanese400", "medium", 1)
    stats.record_game("syrian41+custom", "easy", 0)
    stats.group("lebanese400", "medium")["contracts_bid"] = 4
    stats.save(ui_home / "stats.json")
    app = make_app()
    i18n.set_language(lang)
    app.switch(StatsScene(app))
    app.step(FRAME, [])
    sections = app.scene.sections()
    assert [game for game, _ in sections] == ["tarneeb", "41"]
    tarneeb, g41 = (rows for _, rows in sections)
    assert len(tarneeb) == 1 and len(g41) == 2
    if lang == "en":
        assert [label for label, _ in g41] == [
            "Lebanese 400 \u00b7 Medium",
            "Syrian 41 (Custom) \u00b7 Easy",
        ]
    assert app.scene.stats.totals("41")["games_played"] == 2
