"""Auction rules: both shapes, all passes, the forced dealer, who deals next, weak hands."""

import pytest
from rules_helpers import SUIT_HANDS, game, play_all

from tarneeb_desktop.rules import IllegalActionError, MalformedError, is_weak, mask_of


def test_auction_starts_with_the_seat_after_the_dealer():
    for dealer in range(4):
        g = game(dealer=dealer)
        assert g.phase == "auction"
        assert g.current_player() == (dealer + 1) % 4


def test_raise_auction_bidder_may_bid_again_and_passers_are_out():
    g = game(dealer=3)  # seat 0 calls first, as in the record example
    for call in ["8", "9", "pass", "pass"]:
        g.apply(call)
    # seats 2 and 3 are out: the turn goes back to seat 0, who may raise
    assert g.current_player() == 0
    assert g.legal_actions() == ["pass", "10", "11", "12", "13"]
    g.apply("10")
    assert g.current_player() == 1
    g.apply("pass")
    assert g.phase == "trump" and g.declarer == 0 and g.contract == "10"


def test_raise_auction_skips_seats_that_passed():
    g = game(dealer=0)
    g.apply("7")  # seat 1
    g.apply("pass")  # seat 2 out
    g.apply("8")  # seat 3
    g.apply("9")  # seat 0
    assert g.current_player() == 1
    g.apply("10")
    assert g.current_player() == 3  # seat 2 passed earlier and is skipped


def test_raise_auction_ends_at_once_on_13():
    g = game(dealer=0)
    g.apply("13")
    assert g.phase == "trump" and g.declarer == 1


def test_raise_auction_a_passed_seat_cannot_call_again():
    g = game(dealer=0)
    g.apply("pass")  # seat 1 out
    g.apply("7")
    g.apply("8")
    g.apply("9")
    # seat 1 is skipped: the turn is seat 2's
    assert g.current_player() == 2
    with pytest.raises(IllegalActionError):
        g.apply("10", seat=1)


def test_bid_must_outrank_and_be_7_to_13():
    g = game(dealer=0)
    g.apply("9")
    before = g.clone()
    for bad in ["9", "8", "7"]:
        with pytest.raises(IllegalActionError, match="outrank"):
            g.apply(bad)
        assert g == before
    for bad in ["6", "14"]:
        with pytest.raises(IllegalActionError, match="7 to 13"):
            g.apply(bad)
    with pytest.raises(MalformedError):
        g.apply("nine")
    with pytest.raises(MalformedError):
        g.apply("9H")  # no suit bids without suit_bidding
    assert g == before


def test_once_auction_each_seat_calls_exactly_once_even_after_13():
    g = game(dealer=0, auction="once")
    g.apply("8")  # seat 1
    g.apply("13")  # seat 2: the auction goes on in this shape
    assert g.phase == "auction" and g.current_player() == 3
    assert g.legal_actions() == ["pass"]
    g.apply("pass")
    g.apply("pass")  # seat 0
    assert g.phase == "trump" and g.declarer == 2 and g.contract == "13"


def test_once_auction_the_highest_bid_wins_and_nobody_bids_twice():
    g = game(dealer=1, auction="once")
    for call in ["7", "pass", "9", "10"]:  # seats 2, 3, 0, 1
        g.apply(call)
    assert g.phase == "trump" and g.declarer == 1 and g.contract == "10"


@pytest.mark.parametrize("auction", ["raise", "once"])
def test_all_pass_redeal_throws_the_hand_in_and_the_same_dealer_deals(auction):
    g = game(dealer=2, auction=auction)
    first_cards = list(g.dealt)
    events = []
    for _ in range(4):
        events += g.apply("pass")
    kinds = [type(e).__name__ for e in events]
    assert "HandThrownIn" in kinds and kinds[-1] == "HandDealt"
    assert g.dealer == 2 and g.hand_index == 1 and g.phase == "auction"
    assert g.dealt != first_cards
    assert g.scores == [0, 0]
    assert g.history[0].declarer is None


@pytest.mark.parametrize("auction", ["raise", "once"])
def test_forced_dealer_must_bid_after_three_passes(auction):
    g = game(dealer=3, all_pass="dealer_7", auction=auction)
    for _ in range(3):
        g.apply("pass")
    assert g.current_player() == 3
    assert "pass" not in g.legal_actions()
    assert g.legal_actions()[0] == "7"
    before = g.clone()
    with pytest.raises(IllegalActionError, match="dealer"):
        g.apply("pass")
    assert g == before
    g.apply("7")
    assert g.phase == "trump" and g.declarer == 3


def test_dealer_is_not_forced_when_someone_bid():
    g = game(dealer=3, all_pass="dealer_7", auction="once")
    g.apply("7")
    g.apply("pass")
    g.apply("pass")
    assert "pass" in g.legal_actions()


def test_deal_passes_to_the_right_after_a_played_hand():
    g = game(dealer=1, hands=SUIT_HANDS)
    g.apply("7")  # seat 2
    for _ in range(3):
        g.apply("pass")
    g.apply("D")
    play_all(g)
    assert g.hand_index == 1 and g.dealer == 2


def test_cards_are_dealt_one_at_a_time_from_the_seat_after_the_dealer():
    from tarneeb_desktop.rules.deal import deal_hands

    hands = deal_hands(5, 0, 2)
    assert sorted(h.bit_count() for h in hands) == [13, 13, 13, 13]
    assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 52) - 1
    # the same seed, hand and dealer always give the same cards; another dealer rotates them
    assert deal_hands(5, 0, 2) == hands
    assert deal_hands(5, 0, 3) == hands[-1:] + hands[:-1]


def test_weak_hand_definition():
    assert (
        is_weak(mask_of("JS 9S 8S QH 9H 4H JD 8D 7D 5D 6C 5C 2C".split())) is False
    )  # Q with 3 hearts
    assert (
        is_weak(mask_of("JS 9S 8S QH 9H JD 8D 7D 6C 5C 4C 3C 2C".split())) is True
    )  # Q in 2, J in 3
    assert is_weak(mask_of("JS 9S 8S QH 9H JD 8D 7D 5D 6C 5C 4C 2C".split())) is False  # J in 4
    assert is_weak(mask_of("AS 9S 8S 7H 9H 4H 3D 8D 7D 5D 6C 5C 2C".split())) is False  # an ace
    assert is_weak(mask_of("KS 9S 8S 7H 9H 4H 3D 8D 7D 5D 6C 5C 2C".split())) is False  # K in 3
    assert is_weak(mask_of("KS 9S 8H 7H 9H 4H 3D 8D 7D 5D 6C 5C 2C".split())) is False  # K in 2
    assert is_weak(mask_of("KS 9H 8H 7H 4H 3D 8D 7D 5D 6C 5C 4C 2C".split())) is True  # bare K
    assert is_weak(mask_of("JS 9S 8S 2S 9H 4H 3H 8D 7D 5D 6C 5C 2C".split())) is False  # J in 4
    assert is_weak(mask_of("JS 9S 8S 9H 4H 3H 2H 8D 7D 5D 6C 5C 2C".split())) is True  # J in 3


def _weak_deal():
    # seat 1 and seat 3 hold weak hands; seats 0 and 2 hold all the honours
    weak1 = "JS 9S 8S 9H 4H 3H 2H 8D 7D 5D 6C 5C 2C"
    weak3 = "TS 7S 6S TH 8H 7H 6H 9D 6D 4D 9C 8C 7C"
    from tarneeb_desktop.rules.cards import CARD_NAMES

    used = set((weak1 + " " + weak3).split())
    rest = [c for c in CARD_NAMES if c not in used]
    return [" ".join(rest[:13]), weak1, " ".join(rest[13:]), weak3]


def test_weak_hands_are_asked_in_order_and_keep_goes_on():
    hands = _weak_deal()
    g = game(dealer=2, hands=hands, weak_hand_redeal=True)
    # dealer 2: play order from seat 3, then 0, 1: seat 3 is asked before seat 1
    assert g.phase == "redeal" and g.current_player() == 3
    assert g.legal_actions() == ["keep", "redeal"]
    g.apply("keep")
    assert g.current_player() == 1
    g.apply("keep")
    assert g.phase == "auction" and g.current_player() == 3


def test_weak_hand_redeal_throws_in_and_same_dealer_deals():
    g = game(dealer=0, hands=_weak_deal(), weak_hand_redeal=True)
    assert g.current_player() == 1
    g.apply("redeal")
    assert g.hand_index == 1 and g.dealer == 0
    assert g.history[0].redeal == 1


def test_no_redeal_question_without_the_option_or_without_a_weak_hand():
    assert game(dealer=0, hands=_weak_deal()).phase == "auction"
    assert game(dealer=0, hands=SUIT_HANDS, weak_hand_redeal=True).phase == "auction"


def test_actions_out_of_turn_are_rejected_and_change_nothing():
    g = game(dealer=0)
    before = g.clone()
    with pytest.raises(IllegalActionError, match="turn"):
        g.apply("8", seat=3)
    assert g == before
