"""Play rules: trump naming, the declarer's lead, first lead in trump, following suit, trick winners."""

import pytest
from rules_helpers import SUIT_HANDS, game, random_hands

from tarneeb_desktop.rules import GameState, IllegalActionError, MalformedError
from tarneeb_desktop.rules.cards import parse_card


def _to_play(trump="S", declarer_hands=None, **opts):
    g = game(dealer=3, hands=declarer_hands or random_hands(4), **opts)
    g.apply("8")  # seat 0 declares
    for _ in range(3):
        g.apply("pass")
    g.apply(trump)
    return g


def test_declarer_names_trump_and_leads():
    g = game(dealer=3)
    g.apply("pass")
    g.apply("9")  # seat 1
    g.apply("pass")
    g.apply("pass")
    assert g.phase == "trump" and g.current_player() == 1
    assert g.legal_actions() == ["C", "D", "H", "S"]
    ev = g.apply("H")
    assert type(ev[0]).__name__ == "TrumpNamed"
    assert g.phase == "play" and g.current_player() == 1


def test_no_trump_only_when_allowed():
    g = game(dealer=3)
    g.apply("8")
    for _ in range(3):
        g.apply("pass")
    before = g.clone()
    with pytest.raises(IllegalActionError, match="no trump"):
        g.apply("NT")
    assert g == before
    g2 = game(dealer=3, no_trump_allowed=True)
    g2.apply("8")
    for _ in range(3):
        g2.apply("pass")
    assert g2.legal_actions() == ["C", "D", "H", "S", "NT"]
    g2.apply("NT")
    assert g2.phase == "play"


def test_naming_trump_out_of_turn_is_rejected():
    g = game(dealer=3)
    g.apply("8")
    for _ in range(3):
        g.apply("pass")
    with pytest.raises(IllegalActionError):
        g.apply("S", seat=1)


def test_must_follow_suit_when_able_and_may_play_anything_when_void():
    hands = random_hands(9)
    g = _to_play("S", hands)
    lead = g.legal_actions()[0]
    g.apply(lead)
    led = lead[1]
    seat = g.current_player()
    holding = hands[seat].split()
    same = [c for c in holding if c[1] == led]
    legal = g.legal_actions()
    if same:
        assert sorted(legal) == sorted(same)
        other = next(c for c in holding if c[1] != led)
        before = g.clone()
        with pytest.raises(IllegalActionError, match="must follow"):
            g.apply(other)
        assert g == before
    else:
        assert sorted(legal) == sorted(holding)


def test_void_player_is_not_obliged_to_trump():
    g = _to_play("H", SUIT_HANDS)  # seat 0 all spades; seat 1 all hearts (trump)
    g.apply("AS")
    # seat 1 holds no spade: every card is legal (all trumps here), seat 2 may discard
    assert len(g.legal_actions()) == 13
    g.apply("2H")
    assert len(g.legal_actions()) == 13  # seat 2: diamonds only, no duty to trump


def test_a_card_not_held_is_rejected():
    g = _to_play("S", SUIT_HANDS)
    before = g.clone()
    with pytest.raises(IllegalActionError, match="does not hold"):
        g.apply("AH")
    with pytest.raises(MalformedError):
        g.apply("ZZ")
    assert g == before


def test_first_lead_must_be_trump_when_declarer_holds_one():
    hands = random_hands(3)
    g = _to_play("C", hands, first_lead_trump=True)
    clubs = [c for c in hands[0].split() if c[1] == "C"]
    if clubs:
        assert sorted(g.legal_actions()) == sorted(clubs)
        other = next(c for c in hands[0].split() if c[1] != "C")
        with pytest.raises(IllegalActionError, match="lead"):
            g.apply(other)
        g.apply(clubs[0])
        # only the first lead is restricted
    g_off = _to_play("C", hands)
    assert len(g_off.legal_actions()) == 13


def test_first_lead_trump_does_not_apply_without_trumps_or_in_nt():
    g = _to_play("H", SUIT_HANDS, first_lead_trump=True)  # seat 0 holds no heart
    assert len(g.legal_actions()) == 13
    g2 = _to_play("NT", SUIT_HANDS, first_lead_trump=True, no_trump_allowed=True)
    assert len(g2.legal_actions()) == 13


def test_first_lead_trump_only_restricts_the_first_trick():
    hands = ["AS KS 2S AH KH QH JH TH 9H 8H 7H 6H 5H", "", "", ""]
    from tarneeb_desktop.rules.cards import CARD_NAMES

    rest = [c for c in CARD_NAMES if c not in hands[0].split()]
    hands[1:] = [" ".join(rest[i * 13 : (i + 1) * 13]) for i in range(3)]
    g = _to_play("S", hands, first_lead_trump=True)
    assert g.legal_actions() == ["2S", "KS", "AS"]
    g.apply("AS")
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    if g.current_player() == 0:
        assert "AH" in g.legal_actions()


def _winner(cards, trump):
    return GameState.trick_winner(0, [parse_card(c) for c in cards], trump)


def test_trick_winner_highest_of_led_suit_without_trump():
    assert _winner(["5H", "KH", "AD", "2H"], 3) == 1  # spades trump, none played
    assert _winner(["5H", "KS", "AH", "2H"], 0) == 2  # clubs trump, a spade discard loses


def test_trick_winner_highest_trump():
    assert _winner(["AH", "2S", "KH", "3S"], 3) == 3
    assert _winner(["AH", "2S", "KH", "QH"], 3) == 1
    assert _winner(["4S", "AH", "2S", "3S"], 3) == 0  # trump led: highest trump


def test_trick_winner_in_no_trump():
    assert _winner(["5H", "AS", "AD", "6H"], 4) == 3
    assert _winner(["TC", "AS", "AD", "6H"], 4) == 0


def test_winner_leads_next_trick_and_thirteen_tricks_make_a_hand():
    g = _to_play("S", SUIT_HANDS)
    g.apply("AS")
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    assert g.current_player() == 0 and g.tricks_won == [1, 0]
    while g.hand_index == 0:
        g.apply(g.legal_actions()[0])
    h = g.history[0]
    assert h.tricks == (13, 0) and len(h.plays) == 52
