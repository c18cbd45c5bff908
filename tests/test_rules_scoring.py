"""Scoring tables row by row, the worked examples, game end, kaboot, Egyptian bids and double."""

import pytest
from rules_helpers import SUIT_HANDS, game, play_all

from tarneeb_desktop.rules import IllegalActionError, RulesError, make_rules, score_hand

STD = make_rules("standard")


# -- the table of rules.md, one row at a time (standard values and each option)
@pytest.mark.parametrize(
    "options,bid,taken,expected",
    [
        # made, T < 13
        ({}, 8, 9, (9, 0)),
        ({"made_points": "bid"}, 8, 9, (8, 0)),
        ({"defenders_always_score": True}, 8, 9, (9, 4)),
        ({"made_points": "bid", "defenders_always_score": True}, 7, 12, (7, 1)),
        ({}, 7, 7, (7, 0)),
        # B < 13, T = 13 (kaboot)
        ({}, 12, 13, (16, 0)),
        ({"kaboot_points": 20}, 7, 13, (20, 0)),
        ({"defenders_always_score": True}, 9, 13, (16, 0)),
        # B = 13, T = 13
        ({}, 13, 13, (26, 0)),
        ({"kaboot_bid_points": 30}, 13, 13, (30, 0)),
        # failed, B < 13
        ({}, 10, 7, (-10, 6)),
        ({"failed_declarers": "zero"}, 10, 7, (0, 6)),
        ({"failed_defenders": "shortfall"}, 10, 7, (-10, 3)),
        ({"failed_declarers": "zero", "failed_defenders": "shortfall"}, 12, 11, (0, 1)),
        # failed, B = 13
        ({}, 13, 11, (-16, 4)),
        ({"kaboot_failed_points": -20}, 13, 11, (-20, 4)),
        ({"kaboot_failed_defenders": "single"}, 13, 11, (-16, 2)),
        ({"failed_defenders": "shortfall"}, 13, 10, (-16, 6)),
    ],
)
def test_scoring_table_rows(options, bid, taken, expected):
    assert score_hand(make_rules("standard", **options), bid, taken) == expected


@pytest.mark.parametrize(
    "preset,bid,taken,doubled,expected",
    [
        ("standard", 8, 9, False, (9, 0)),
        ("standard", 10, 7, False, (-10, 6)),
        ("standard", 12, 13, False, (16, 0)),
        ("standard", 13, 13, False, (26, 0)),
        ("standard", 13, 11, False, (-16, 4)),
        ("shortfall", 10, 7, False, (0, 3)),
        ("shortfall", 13, 10, False, (-16, 6)),
        ("shortfall", 10, 10, False, (10, 0)),
        ("egyptian", 10, 8, False, (-10, 2)),
        ("egyptian", 10, 8, True, (-20, 4)),
        ("egyptian", 9, 13, True, (32, 0)),
        ("egyptian", 9, 11, False, (11, 0)),
    ],
)
def test_worked_examples(preset, bid, taken, doubled, expected):
    assert score_hand(make_rules(preset), bid, taken, doubled) == expected


def test_double_factor_option():
    assert score_hand(make_rules("egyptian", double_factor=4), 10, 8, True) == (-40, 8)


def test_presets_are_what_rules_md_says():
    e = make_rules("egyptian")
    assert (e.suit_bidding, e.failed_defenders, e.target) == (True, "shortfall", 41)
    s = make_rules("shortfall")
    assert (s.failed_declarers, s.failed_defenders, s.target) == ("zero", "shortfall", 31)
    assert make_rules("standard").to_dict() == {"preset": "standard"}


def _declare(g, bid, trump, declarer_first=True):
    g.apply(bid)
    while g.phase == "auction":
        g.apply("pass")
    if g.phase == "trump":
        g.apply(trump)


def test_hand_score_goes_to_the_declaring_team():
    # dealer 0: seat 1 (all hearts) bids 7 and names hearts: team 1 takes all 13
    g = game(dealer=0, hands=SUIT_HANDS)
    _declare(g, "7", "H")
    play_all(g)
    assert g.history[0].tricks == (0, 13)
    assert g.scores == [0, 16]


def test_defenders_taking_every_trick():
    # seat 0 (all spades) declares hearts; seat 1 ruffs the first lead and runs hearts
    g = game(dealer=3, hands=SUIT_HANDS)
    _declare(g, "9", "H")
    play_all(g)
    assert g.history[0].tricks == (0, 13)
    assert g.scores == [-9, 13]


def test_kaboot_wins_the_game_at_once_when_the_option_is_on():
    g = game(dealer=0, hands=SUIT_HANDS, kaboot_wins_game=True)
    _declare(g, "7", "H")
    play_all(g)
    assert g.is_over() and g.winner == 1 and g.scores == [0, 16]
    g2 = game(dealer=0, hands=SUIT_HANDS)
    _declare(g2, "7", "H")
    play_all(g2)
    assert not g2.is_over()


def test_kaboot_by_defenders_also_wins_the_game():
    g = game(dealer=3, hands=SUIT_HANDS, kaboot_wins_game=True)
    _declare(g, "9", "H")
    play_all(g)
    assert g.is_over() and g.winner == 1


def _play_hands(g, plan):
    """Play hands from ``plan`` [(declarer bid, trump)], each on SUIT_HANDS."""
    for bid, trump in plan:
        g.set_deal([h.split() for h in SUIT_HANDS])
        _declare(g, bid, trump)
        play_all(g)


def test_game_ends_when_a_team_reaches_the_target():
    g = game(dealer=0, hands=SUIT_HANDS, target=16)
    _declare(g, "7", "H")  # seat 1 takes all: 16 points
    play_all(g)
    assert g.is_over() and g.winner == 1
    assert g.phase == "over" and g.current_player() is None and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("pass")


def test_game_goes_on_below_the_target():
    g = game(dealer=0, hands=SUIT_HANDS, target=17)
    _declare(g, "7", "H")
    play_all(g)
    assert not g.is_over() and g.scores == [0, 16]


def test_tie_at_the_target_plays_on_and_higher_total_wins():
    # defenders_always_score with made 7 of 7 ... build: team 0 declares and fails so that both
    # sides reach the target in the same hand with equal totals.
    # standard, target 6: seat 0 (spades) declares 13 in hearts and takes 0: -16 / +26 no tie.
    # Use made_points=bid and defenders_always_score: declarer takes 13 → 16 / 0.
    # A tie: failed 13 with kaboot_failed_points = +X is impossible by range? -1000..1000 allows it.
    g = game(
        dealer=3,
        hands=SUIT_HANDS,
        target=10,
        kaboot_failed_points=26,
        kaboot_failed_defenders="double",
    )
    # seat 0 bids 13, names hearts: seat 1 takes all 13 → declarers +26 (house rule), defenders +26
    _declare(g, "13", "H")
    play_all(g)
    assert g.scores == [26, 26]
    assert not g.is_over()  # equal totals at the target: play continues
    # next hand: dealer 0, seat 1 (hearts) declares hearts and takes all 13: team 1 +16
    g.set_deal([h.split() for h in SUIT_HANDS])
    _declare(g, "7", "H")
    play_all(g)
    assert g.is_over() and g.winner == 1 and g.scores == [26, 42]


def test_both_over_the_target_higher_total_wins():
    g = game(dealer=3, hands=SUIT_HANDS, target=10, kaboot_failed_points=20)
    _declare(g, "13", "H")  # team 0: +20, team 1: +26
    play_all(g)
    assert g.is_over() and g.winner == 1 and g.scores == [20, 26]


def test_totals_may_go_negative():
    g = game(dealer=3, hands=SUIT_HANDS)
    _declare(g, "9", "H")
    play_all(g)
    assert g.scores[0] == -9


# -- Egyptian
def test_egyptian_bid_ranking():
    g = game("egyptian", dealer=0)
    legal = g.legal_actions()
    assert legal[:7] == ["pass", "7C", "7D", "7H", "7S", "7NT", "8C"]
    assert legal[-1] == "13NT" and len(legal) == 1 + 7 * 5
    g.apply("8H")
    assert g.legal_actions()[:4] == ["pass", "8S", "8NT", "9C"]
    before = g.clone()
    for bad in ["8H", "8D", "7NT"]:
        with pytest.raises(IllegalActionError, match="outrank"):
            g.apply(bad)
    assert g == before
    g.apply("8NT")
    g.apply("9C")
    assert g.high_call == "9C"


def test_egyptian_13nt_ends_raise_auction_but_13s_does_not():
    g = game("egyptian", dealer=0)
    g.apply("13S")
    assert g.phase == "auction"
    g.apply("13NT")
    assert g.phase == "play" and g.declarer == 2 and g.trump == 4


def test_egyptian_contract_strain_is_trump_and_no_trump_phase():
    g = game("egyptian", dealer=0)
    g.apply("7H")
    g.apply("8D")
    g.apply("pass")
    g.apply("pass")
    g.apply("pass")  # seat 1 passes after 8D: seat 2 declares
    assert g.phase == "play" and g.declarer == 2 and g.contract == "8D" and g.trump == 1


def test_double_only_when_the_winning_bid_was_the_only_bid():
    g = game("egyptian", dealer=0, hands=SUIT_HANDS)
    g.apply("7H")
    for _ in range(3):
        g.apply("pass")
    assert g.phase == "double" and g.current_player() == 1
    assert g.legal_actions() == ["double", "no_double"]
    g.apply("double")
    assert g.doubled and g.phase == "play"
    play_all(g)
    assert g.scores == [0, 32]  # kaboot 16 doubled
    assert g.history[0].calls[-1] == "double"


def test_double_not_allowed_after_two_bids_or_during_the_auction():
    g = game("egyptian", dealer=0)
    with pytest.raises(IllegalActionError):
        g.apply("double")
    g.apply("7H")
    g.apply("7S")
    g.apply("pass")
    g.apply("pass")
    g.apply("pass")
    assert g.phase == "play"
    with pytest.raises(RulesError):
        g.apply("double")


def test_doubled_points_for_both_sides():
    g = game("egyptian", dealer=3, hands=SUIT_HANDS)
    g.apply("10H")  # seat 0 (all spades) in hearts: seat 1 takes all 13
    for _ in range(3):
        g.apply("pass")
    g.apply("double")
    play_all(g)
    assert g.scores == [-20, 20]  # -B x2 / shortfall (10 - 0) x2
