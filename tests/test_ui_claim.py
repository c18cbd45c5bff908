"""The table's conveniences: claiming the rest, playing a forced card by itself, and the
summary's "could we have made it?" line."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.ai.analysis import could_have_taken
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.cards import FULL_DECK, cards_of
from tests.test_ui_helpers import (
    FRAME,
    advance,
    key,
    make_app,
    mouse,
    my_play_turn,
    play_scene_for_tests,
    run,
    settle,
    standard_state,
    table_scene,
)

pytestmark = pytest.mark.usefixtures("ui_home")


def all_spades_state() -> GameState:
    """Seat 0 holds all thirteen spades, wins the auction and names spades."""
    g = GameState.new(make_rules("standard"), seed=3, dealer=3)
    rest = [c for c in cards_of(FULL_DECK) if not c.endswith("S")]
    g.set_deal(
        [[c for c in cards_of(FULL_DECK) if c.endswith("S")], rest[:13], rest[13:26], rest[26:]]
    )
    while g.phase == "auction":
        g.apply("7" if g.current_player() == 0 and "7" in g.legal_actions() else "pass")
    g.apply("S")
    assert g.phase == "play" and g.current_player() == 0
    return g


def run_until_summary(app, scene, limit: float = 120.0) -> None:
    t = 0.0
    while t < limit and not (scene.overlay and scene.overlay.kind == "summary"):
        app.step(FRAME, [])
        t += FRAME


@pytest.mark.parametrize("how", ["key", "click"])
def test_claiming_plays_out_the_sure_winners(how: str) -> None:
    app = make_app(speed="fast")
    scene = table_scene(app, all_spades_state())
    settle(app, scene)
    claim = [b for b in scene.buttons() if b.action == "claim"]
    assert len(claim) == 1
    if how == "key":
        app.step(FRAME, [key(pygame.K_c)])
    else:
        app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, claim[0].rect.center)])
    assert scene.claiming == 0
    run_until_summary(app, scene)
    # nobody touched a card after the claim, and every trick went to the claimer's side
    state = scene.table.state
    assert state.history and state.history[-1].tricks == (13, 0)


def test_no_claim_is_offered_while_a_card_may_lose() -> None:
    for seed in range(11, 16):
        app, scene = play_scene_for_tests(seed)
        assert not any(b.action == "claim" for b in scene.buttons())
        hand = len(scene.pv.hand)
        app.step(FRAME, [key(pygame.K_c)])  # C does nothing then
        run(app, 0.2)
        assert scene.claiming is None and len(scene.table.view(0).hand) == hand


def forced_scene(auto: bool):  # type: ignore[no-untyped-def]
    for seed in range(60):
        state = standard_state(seed)
        if advance(
            state,
            lambda s: my_play_turn(s) and len(s.legal_actions()) == 1 and len(s.view(0).hand) > 3,
            seed,
        ):
            break
    else:
        raise AssertionError("no forced card in 60 games")
    app = make_app(speed="fast")
    app.settings.auto_play_single = auto
    return app, table_scene(app, state), state.legal_actions()[0]


def test_a_forced_card_plays_itself_when_asked() -> None:
    app, scene, card = forced_scene(True)
    hand_number = scene.table.state.hand_number
    run(app, 2.0)
    assert scene.table.state.hand_number == hand_number
    assert card not in scene.table.view(0).hand


def test_a_forced_card_waits_for_the_player_by_default() -> None:
    app, scene, card = forced_scene(False)
    run(app, 2.0)
    assert scene.my_turn() and card in scene.table.view(0).hand


@pytest.mark.skipif(not dds.available(), reason="DDS library not available")
def test_the_summary_says_what_best_play_would_have_taken() -> None:
    state = standard_state(11)
    assert advance(state, lambda s: my_play_turn(s) and len(s.view(0).hand) == 1, 11)
    app = make_app(speed="fast")
    scene = table_scene(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_RIGHT)])
    app.step(FRAME, [key(pygame.K_RETURN)])
    run_until_summary(app, scene)
    row = scene.table.state.history[-1]
    assert scene.overlay is not None
    assert scene.overlay.dd == could_have_taken(row)
    assert isinstance(scene.overlay.dd, int)
    run(app, 0.1)  # and the summary draws with it


@pytest.mark.parametrize("me", [0, 1])
def test_us_is_the_team_of_the_seat_at_the_bottom(me: int, monkeypatch) -> None:
    """A person at East or West (a LAN seat, or hot-seat) sees their own team as "Us"."""
    from tarneeb_desktop.ui import table_scene as ts
    from tarneeb_desktop.ui import theme
    from tarneeb_desktop.ui.game import score
    from tarneeb_desktop.ui.kit import boxes

    state = standard_state(4)
    state.scores = [5, 20]
    app = make_app()
    scene = ts.TableScene(
        app, state, ["A", "B", "C", "D"], (me,), ["random"] * 4, seed=1, inline_ai=True
    )
    app.switch(scene)
    drawn: list[tuple[str, tuple[int, int], tuple[int, ...]]] = []
    real = score.blit_text

    def spy(surface, text, size, pos, color, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append((text, pos, tuple(color)))
        return real(surface, text, size, pos, color, *args, **kwargs)

    monkeypatch.setattr(score, "blit_text", spy)
    monkeypatch.setattr(boxes, "blit_text", spy)  # the team rows are the kit's Texts
    scene.score.key = None
    run(app, 0.2)
    us = next((pos, color) for text, pos, color in drawn if text == "Us")
    them = next((pos, color) for text, pos, color in drawn if text == "Them")
    assert us[1] == tuple(theme.TEAM[me & 1]) and them[1] == tuple(theme.TEAM[1 - me & 1])
    assert us[0][1] < them[0][1]  # "Us" is the first row
    # the first score drawn under the labels is our team's
    scores = [(pos[1], text) for text, pos, _ in drawn if text in ("5", "20")]
    assert [t for _, t in sorted(scores)] == (["5", "20"] if me == 0 else ["20", "5"])


def test_cards_played_page_shows_public_cards_and_only_the_shown_hand() -> None:
    state = standard_state(11)
    assert advance(state, lambda s: my_play_turn(s) and len(s.view(0).hand) == 7, 11)
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_v)])
    assert scene.overlay is not None and scene.overlay.kind == "played"
    grid = {card: st for _, row in scene.played_grid() for card, st in row}
    assert len(grid) == 52
    view = scene.table.view(0)
    played = {c for _, c in view.played_cards()}
    assert {c for c, st in grid.items() if st == "played"} == played
    assert {c for c, st in grid.items() if st == "mine"} == set(view.hand)
    # nobody else's cards are singled out: the rest is simply "not played yet"
    others = {c for s in (1, 2, 3) for c in scene.table.view(s).hand}
    assert all(grid[c] == "out" for c in others)
    run(app, 0.1)
    app.step(FRAME, [key(pygame.K_v)])  # V again closes it
    assert scene.overlay is None


def test_cards_played_page_under_the_hot_seat_cover_shows_no_hand() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    state = standard_state(11)
    assert advance(state, lambda s: my_play_turn(s) and len(s.view(0).hand) == 7, 11)
    app = make_app()
    scene = TableScene(app, state, ["A", "B", "C", "D"], (0, 1), ["random"] * 4, seed=1)
    app.switch(scene)
    run(app, 0.5)
    assert scene.covered()
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    scene.overlay_action("played")
    grid = [st for _, row in scene.played_grid() for _, st in row]
    assert "mine" not in grid and grid.count("played") == len(state.view(0).played_cards())


def test_the_hint_message_sits_clear_of_the_claim_button() -> None:
    app = make_app()
    scene = table_scene(app, all_spades_state())
    settle(app, scene)
    claim = next(b for b in scene.buttons() if b.action == "claim")
    app.step(FRAME, [key(pygame.K_h)])
    assert scene.toast is not None
    toast = scene.panels.toast_rect(scene.layout, scene.toast[0])
    assert not toast.colliderect(claim.rect) and not toast.colliderect(scene.bids.panel)


def test_the_best_play_line_says_whose_play_and_never_reads_as_a_contradiction() -> None:
    from tarneeb_desktop.ui.game.ends import best_play_line

    # a failed 7 in which the declarers took 5 while best play gives them 4
    better = best_play_line(4, 5)
    assert "5" in better and "4" in better and "more than" in better
    assert "best play by all four" in better
    short = best_play_line(9, 5)
    assert "could have taken 9" in short and "best play by all four" in short
    assert "as they did" in best_play_line(5, 5)
    assert len({better, short, best_play_line(5, 5)}) == 3


def _position(hand: tuple[str, ...], trick: tuple[int, tuple[str, ...]] | None, legal=None):  # type: ignore[no-untyped-def]
    """Seat 0's view with spades trump, holding ``hand``, with ``trick`` on the table."""
    from dataclasses import replace

    view = all_spades_state().view(0)
    return replace(view, hand=hand, trick=trick, legal=legal or hand, tricks=())


def test_a_claim_is_offered_for_the_last_card_and_in_a_trick_under_way() -> None:
    from tarneeb_desktop.ai.analysis import can_claim, claim_card

    # the top trump alone, on lead
    assert can_claim(_position(("AS",), None))
    # the ace and king of trumps, West having led a heart: the ace ruffs, the king leads
    assert claim_card(_position(("AS", "KS"), (3, ("5H",)))) == "AS"
    # following a spade lead with both top trumps
    assert claim_card(_position(("KS", "AS"), (2, ("3S", "QS")))) == "AS"
    # not sure: a higher card on the table, a later seat that may ruff, a low card kept
    assert not can_claim(_position(("KS",), (3, ("AS",))))  # the ace is on the table
    assert not can_claim(_position(("AH", "AS"), (3, ("5H",)), legal=("AH",)))  # East may ruff
    assert claim_card(_position(("AH", "AS"), (1, ("5H", "6H", "7H")), legal=("AH",))) == "AH"
    assert not can_claim(_position(("AH", "2D"), None))  # the two of diamonds may lose


def test_c_claims_the_last_card_and_plays_it() -> None:
    app = make_app(speed="fast")
    scene = table_scene(app, all_spades_state())
    settle(app, scene)
    for _ in range(12):  # lead the lowest spade, one trick after another, by hand
        settle(app, scene)
        low = min(scene.pv.legal, key=lambda c: "23456789TJQKA".index(c[0]))
        assert scene.act(scene.me, low)
    settle(app, scene)
    assert scene.pv.hand == ("AS",)
    assert [b.action for b in scene.buttons()] == ["claim"]
    app.step(FRAME, [key(pygame.K_c)])
    assert scene.claiming == scene.me
    run_until_summary(app, scene)
    assert scene.table.state.history[-1].tricks[0] == 13
