"""Hints in a player's words (issue 48 item 3): a bid and a trump say why from the hand; a
card says why by comparison with the next best card, never mixing the words of two suits,
never counting deals or averaging tricks; the hint's banner is not an error's red."""

from __future__ import annotations

import dataclasses

import pytest

from tarneeb_desktop.ai.hints import Hint
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.hint_words import bid_reason, card_reason, trump_reason

HAND = ("AS", "KS", "QS", "9S", "7S", "3S", "AH", "5H", "4D", "3D", "2D", "6C", "5C")


def view(preset: str = "standard", **changes):  # type: ignore[no-untyped-def]
    state = GameState.new(make_rules(preset), seed=1, dealer=3)
    v = state.view(0)
    return dataclasses.replace(v, hand=HAND, **changes)


def test_a_bid_and_a_trump_say_why_from_the_hand() -> None:
    v = view()
    assert bid_reason(v, "8") == "Bid 8: 6 cards of \u2660 with A K Q, 2 aces"
    assert bid_reason(v, "pass") == "Pass: your hand is not strong enough to bid"
    assert bid_reason(dataclasses.replace(v, calls=((3, "9"),)), "pass") == (
        "Pass: the bidding is higher than your hand can promise"
    )
    assert trump_reason(v, "S") == "\u2660 Spades: your longest and strongest suit"
    assert trump_reason(v, "H") == "\u2665 Hearts: the suit your hand takes the most tricks with"
    assert trump_reason(v, "C") == "\u2663 Clubs: the suit your hand takes the most tricks with"
    # Egyptian: the bid names its suit, which is the suit described
    e = view("egyptian")
    assert bid_reason(e, "8H").startswith("Bid 8\u2665: 2 cards of \u2665 with A")
    # 41: hearts are always trump
    assert bid_reason(view("syrian41"), "3").startswith("Bid 3: 2 cards of \u2665 with A")


def test_a_cards_reason_compares_it_with_the_next_best_card() -> None:
    v = view(phase="play")
    same = Hint("JS", 40, {"JS": 6.2, "QS": 6.2, "5C": 4.0}, 9)
    assert card_reason(v, same) == "J\u2660 wins as much as Q\u2660 and keeps Q\u2660 for later"
    mixed = Hint("KD", 40, {"KD": 6.2, "AH": 6.2}, 9)  # two suits: no "keeps the higher"
    assert card_reason(v, mixed) == "K\u2666 wins as much as A\u2665"
    better = Hint("JS", 40, {"JS": 6.24, "KC": 5.0, "2C": 4.0}, 9)
    assert card_reason(v, better) == "J\u2660 should win about 1 trick more than K\u2663"
    v_ours = dataclasses.replace(v, declarer=2)
    score = Hint("2C", 30, {"2C": 5.0, "KC": 5.5}, 9)  # fewer tricks, more of what counts
    assert card_reason(v_ours, score) == "2\u2663 gives your contract its best chance"
    v_theirs = dataclasses.replace(v, declarer=1)
    assert card_reason(v_theirs, score) == "2\u2663 gives the best chance to beat their contract"
    assert "lowest" in card_reason(v, Hint("2C", remaining=9, equal=True))
    assert card_reason(v, Hint("2C")) == ""  # no search (the medium fallback): no reason
    for hint in (same, mixed, better, score):
        line = card_reason(v_ours, hint)
        assert "deal" not in line and "average" not in line and "." not in line


@pytest.mark.parametrize("lang", ["ar", "ru", "hi"])
def test_the_reasons_are_in_the_players_language(lang: str) -> None:
    v = view()
    i18n.set_language(lang)
    try:
        for line in (
            bid_reason(v, "8"),
            trump_reason(v, "S"),
            card_reason(v, Hint("JS", 40, {"JS": 6.2, "QS": 6.2}, 9)),
        ):
            assert not any(w in line for w in ("Bid", "cards of", "longest", "wins as much"))
    finally:
        i18n.set_language("en")


def test_a_hint_banner_is_not_an_errors_red() -> None:
    """The table draws a hint's banner blue, any other message's red."""
    import pygame

    from tests.test_ui_helpers import play_scene_for_tests

    _app, scene = play_scene_for_tests()
    lay = scene.layout
    colours = []
    for hint in (True, False):
        s = pygame.Surface((lay.w, lay.h))
        s.fill((0, 0, 0))
        scene.panels.draw_toast(s, lay, "Hint: play 2\u2663", 5.0, hint=hint)
        r = scene.panels.toast_rect(lay, "Hint: play 2\u2663")
        colours.append(s.get_at((r.x + r.h, r.y + 3))[:3])
    (hr, hg, hb), (er, eg, eb) = colours
    assert hb > hr and hb > hg, colours[0]  # blue: advice
    assert er > eb and er > eg, colours[1]  # red: a refused move, a word of the game
    scene.on_hide()


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_the_table_marks_a_game_in_which_a_move_was_taken_back(lang: str) -> None:
    """Issue 48, what players expect: the table itself says a game with an undo is not
    counted (only Statistics did): "Not counted" in the place of "Score"."""
    from tests.test_ui_helpers import FRAME, play_scene_for_tests, rendered_lines

    app, scene = play_scene_for_tests()
    i18n.set_language(lang)
    try:
        with rendered_lines() as seen:
            scene.invalidate()
            app.step(FRAME, [])
            assert i18n.tr("Score") in seen and i18n.tr("Not counted") not in seen
            scene.undo.restart("restart_hand")  # marked as an undo is
            assert scene.taken_back
            seen.clear()
            scene.invalidate()
            app.step(FRAME, [])
            assert i18n.tr("Not counted") in seen
    finally:
        i18n.set_language("en")
        scene.on_hide()
