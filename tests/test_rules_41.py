"""41 and 400 (rules.md, ``game = "41"``): options and presets, the one-bid auction, the bids'
values, dead hands, play with hearts trump, scores per seat, game end, events and views."""

import json

import pytest
from rules_helpers import SUIT_HANDS, game, play_all, random_hands

from tarneeb_desktop.rules import (
    ALL_PRESETS,
    GAME_OPTIONS,
    GAME_PRESETS,
    OPTION_NAMES,
    PRESETS,
    BidsMade,
    CallMade,
    CardPlayed,
    GameOver,
    GameState,
    HandDealt,
    HandScored,
    HandThrownIn,
    IllegalActionError,
    InvalidRulesError,
    MalformedError,
    SeatsScored,
    TrickWon,
    View,
    make_rules,
    rules_from_dict,
)
from tarneeb_desktop.rules.cards import CARD_NAMES
from tarneeb_desktop.rules.game41 import (
    bid_value,
    bids_total,
    lowest_bid,
    needed_total,
    seat_points,
    winner,
)
from tarneeb_desktop.rules.options import (
    CHOICES,
    DEFAULTS,
    OPTION_NAMES_41,
    SHARED_OPTIONS,
    parse_option_value,
)
from tarneeb_desktop.rules.selfplay import from_view

PAGAT = make_rules("standard", game="41")  # min_bid 2, doubled_from_7: rules.md's examples
SYRIAN = make_rules("syrian41")
LEBANESE = make_rules("lebanese400")


def hearts_to(seat: int) -> list[str]:
    """A deal where ``seat`` holds every heart (and takes every trick) and each other seat
    one whole other suit."""
    others = iter("SDC")
    suits = ["H" if s == seat else next(others) for s in range(4)]
    return [" ".join(r + suit for r in "23456789TJQKA") for suit in suits]


def bid_all(g: GameState, *bids: int) -> list:
    events = []
    for b in bids:
        events += g.apply(str(b))
    return events


def set_scores(g: GameState, *scores: int) -> None:
    """Give each seat a score before the hand's first action (as if earlier hands had)."""
    g.seat_scores = tuple(scores)
    g.scores = [scores[0] + scores[2], scores[1] + scores[3]]


# ----------------------------------------------------------------- options and presets


def test_the_presets_are_what_rules_md_says():
    assert set(ALL_PRESETS) == {*PRESETS, "syrian41", "lebanese400"}
    assert GAME_PRESETS == {
        "tarneeb": ("standard", "shortfall", "egyptian"),
        "41": ("syrian41", "lebanese400"),
    }
    assert SYRIAN.to_dict() == {"preset": "syrian41"}
    assert (SYRIAN.game, SYRIAN.min_bid, SYRIAN.target, SYRIAN.bid_values) == (
        "41",
        1,
        41,
        "doubled_from_7",
    )
    assert not (SYRIAN.min_bid_rises or SYRIAN.min_total_rises)
    assert (SYRIAN.min_total, SYRIAN.min_total_counts, SYRIAN.partner_positive) == (
        11,
        "values",
        True,
    )
    lb = LEBANESE
    assert (lb.game, lb.min_bid, lb.min_bid_rises, lb.bid_values) == ("41", 2, True, "lebanese")
    assert (lb.min_total, lb.min_total_counts, lb.min_total_rises, lb.target) == (
        11,
        "bids",
        True,
        41,
    )
    for name in ("syrian41", "lebanese400"):
        assert make_rules(name) == ALL_PRESETS[name] and make_rules(name).matches_preset()


def test_the_options_of_41_and_their_defaults():
    assert OPTION_NAMES_41 == GAME_OPTIONS["41"] and OPTION_NAMES == GAME_OPTIONS["tarneeb"]
    assert set(OPTION_NAMES_41) == {
        "clockwise",
        "target",
        "min_bid",
        "min_bid_rises",
        "bid_values",
        "min_total",
        "min_total_counts",
        "min_total_rises",
        "partner_positive",
    }
    assert DEFAULTS.game == "tarneeb"
    d = PAGAT
    assert (d.min_bid, d.min_bid_rises, d.bid_values, d.min_total) == (
        2,
        False,
        "doubled_from_7",
        11,
    )
    assert (d.min_total_counts, d.min_total_rises, d.partner_positive) == ("values", False, True)
    assert CHOICES["game"] == ("tarneeb", "41")


def test_choosing_41_on_a_tarneeb_preset_starts_from_41s_defaults():
    r = make_rules("egyptian", game="41", clockwise=True)
    assert r.game == "41" and r.target == 41 and not r.suit_bidding and r.clockwise
    assert r.failed_defenders == DEFAULTS.failed_defenders
    assert make_rules("standard", game="41", target=61).target == 61
    back = make_rules("lebanese400", game="tarneeb")
    assert back.game == "tarneeb" and back.target == 31 and back.min_bid == 2
    assert not back.min_bid_rises and back.bid_values == "doubled_from_7"
    for rules in (r, back, make_rules("syrian41", min_total=13, partner_positive=False)):
        assert rules_from_dict(rules.to_dict()) == rules
        assert rules_from_dict(rules.full_dict()) == rules


def _not_default(key: str) -> object:
    default = getattr(DEFAULTS, key)
    if isinstance(default, bool):
        return not default
    if isinstance(default, int):
        return default + 1
    return next(c for c in CHOICES[key] if c != default)


@pytest.mark.parametrize("key", [k for k in OPTION_NAMES if k not in SHARED_OPTIONS])
def test_tarneebs_options_must_keep_their_defaults_in_41(key):
    with pytest.raises(InvalidRulesError) as e:
        make_rules("syrian41", **{key: _not_default(key)})
    assert key in str(e.value) and "41" in str(e.value)


@pytest.mark.parametrize("key", [k for k in OPTION_NAMES_41 if k not in SHARED_OPTIONS])
def test_41s_options_must_keep_their_defaults_in_tarneeb(key):
    value = 1 if key == "min_bid" else _not_default(key)
    with pytest.raises(InvalidRulesError) as e:
        make_rules("standard", **{key: value})
    assert key in str(e.value) and "tarneeb" in str(e.value)
    with pytest.raises(InvalidRulesError):
        rules_from_dict({"preset": "lebanese400", "game": "tarneeb", key: value})


@pytest.mark.parametrize(
    "changes",
    [
        {"game": "bridge"},
        {"game": 41},
        {"min_bid": 0},
        {"min_bid": 3},
        {"min_bid": "2"},
        {"min_total": 10},
        {"min_total": 14},
        {"bid_values": "french"},
        {"min_total_counts": "points"},
        {"min_bid_rises": "yes"},
        {"min_total_rises": 1},
        {"partner_positive": None},
    ],
)
def test_invalid_values_of_41s_options_are_rejected(changes):
    with pytest.raises(InvalidRulesError) as e:
        make_rules("syrian41", **changes)
    assert list(changes)[0] in str(e.value)


def test_full_dict_is_the_preset_the_game_and_that_games_options():
    assert list(LEBANESE.full_dict()) == ["preset", "game", *OPTION_NAMES_41]
    assert list(make_rules("standard").full_dict()) == ["preset", "game", *OPTION_NAMES]
    assert make_rules("standard").full_dict()["game"] == "tarneeb"


def test_command_line_presets_and_options():
    from tarneeb_desktop.cli import build_parser
    from tarneeb_desktop.rules.args import rules_from_args

    assert parse_option_value("min_bid", "1") == 1
    assert parse_option_value("partner_positive", "off") is False
    assert parse_option_value("game", "41") == "41"
    args = build_parser().parse_args(
        ["arena", "--rules", "lebanese400", "-o", "min_total=12", "-o", "partner_positive=no"]
    )
    r = rules_from_args(args)
    assert (r.preset, r.min_total, r.partner_positive) == ("lebanese400", 12, False)
    r = rules_from_args(
        build_parser().parse_args(["arena", "--rules", "standard", "-o", "game=41"])
    )
    assert r.game == "41" and r.target == 41


# ----------------------------------------------------------------- the tables


@pytest.mark.parametrize(
    "bid,value", [(1, 1), (2, 2), (5, 5), (6, 6), (7, 14), (8, 16), (9, 18), (12, 24), (13, 26)]
)
def test_doubled_from_7_values(bid, value):
    assert bid_value(PAGAT, bid, 0) == bid_value(PAGAT, bid, 45) == value


@pytest.mark.parametrize(
    "bid,below_30,from_30",
    [
        (1, 1, 1),
        (2, 2, 2),
        (3, 3, 3),
        (4, 4, 4),
        (5, 10, 5),
        (6, 12, 6),
        (7, 14, 14),
        (8, 16, 16),
        (9, 27, 27),
        (10, 40, 40),
        (11, 40, 40),
        (12, 40, 40),
        (13, 40, 40),
    ],
)
def test_lebanese_values(bid, below_30, from_30):
    assert bid_value(LEBANESE, bid, 29) == bid_value(LEBANESE, bid, -8) == below_30
    assert bid_value(LEBANESE, bid, 30) == bid_value(LEBANESE, bid, 70) == from_30


def test_worked_examples_of_the_score():
    # min_bid = 2, doubled_from_7
    assert seat_points(PAGAT, 3, 5, 0) == 3  # seat 0 bid 3 and took 5
    assert seat_points(PAGAT, 4, 3, 0) == -4  # seat 1 bid 4 and took 3
    assert seat_points(PAGAT, 7, 7, 0) == 14
    assert seat_points(PAGAT, 7, 6, 0) == -14
    # lebanese values
    assert seat_points(LEBANESE, 5, 6, 12) == 10
    assert seat_points(LEBANESE, 5, 4, 31) == -5
    assert seat_points(LEBANESE, 9, 9, 0) == 27
    # tricks beyond the bid count nothing
    assert seat_points(PAGAT, 2, 13, 0) == 2


@pytest.mark.parametrize(
    "score,rises,lowest", [(29, 2, 2), (30, 3, 2), (39, 3, 2), (40, 4, 2), (49, 4, 2)]
)
def test_the_lowest_bid_rises_with_the_seats_own_score(score, rises, lowest):
    assert lowest_bid(make_rules("syrian41", min_bid=2, min_bid_rises=True), score) == rises
    assert lowest_bid(make_rules("syrian41", min_bid=2), score) == lowest


def test_the_lowest_bid_from_50_and_never_below_min_bid():
    rises = make_rules("syrian41", min_bid_rises=True)
    assert [lowest_bid(rises, s) for s in (50, 90, -5, 0)] == [5, 5, 1, 1]
    assert lowest_bid(SYRIAN, 60) == 1
    assert lowest_bid(make_rules("lebanese400", min_bid=1, min_bid_rises=False), 60) == 1


def test_the_total_a_hand_needs():
    assert needed_total(PAGAT, [60, 0, 0, 0]) == 11
    assert needed_total(make_rules("syrian41", min_total=13), [0, 0, 0, 0]) == 13
    rises = make_rules("syrian41", min_total_rises=True)
    assert [needed_total(rises, [s, 0, -3, 1]) for s in (29, 30, 39, 40, 49, 50, 80)] == [
        11,
        12,
        12,
        13,
        13,
        14,
        14,
    ]
    # the highest score at the table, whoever holds it
    assert needed_total(rises, [-10, 2, 41, 3]) == 13
    # never below min_total
    assert needed_total(make_rules("syrian41", min_total=13, min_total_rises=True), [31] * 4) == 13


def test_the_total_counts_the_values_or_the_bids():
    assert bids_total(PAGAT, [7, 2, 2, 2], [0] * 4) == 20
    assert bids_total(make_rules("syrian41", min_total_counts="bids"), [7, 2, 2, 2], [0] * 4) == 13
    # the value counted is the one the bid would score for its bidder
    values = make_rules("lebanese400", min_total_counts="values")
    assert bids_total(values, [5, 5, 2, 2], [10, 35, 0, 0]) == 10 + 5 + 2 + 2
    assert bids_total(LEBANESE, [5, 5, 2, 2], [10, 35, 0, 0]) == 14


def test_game_end_worked_examples():
    assert winner(PAGAT, [43, 0, 0, 0]) is None  # partner at 0: no win yet
    assert winner(PAGAT, [43, 0, 1, 0]) == 0  # partner at 1: team 0 wins
    assert winner(PAGAT, [43, -4, -3, 0]) is None
    assert winner(make_rules("syrian41", partner_positive=False), [43, 0, -3, 0]) == 0
    assert winner(PAGAT, [40, 45, 1, 2]) == 1
    assert winner(PAGAT, [12, 5, 41, 60]) == 1  # team 1: seat 3 at 60, partner at 5
    # both teams qualify: the higher qualifying player's team; equal: play goes on
    assert winner(PAGAT, [44, 1, 1, 43]) == 0
    assert winner(PAGAT, [1, 50, 42, 1]) == 1
    assert winner(PAGAT, [43, 1, 1, 43]) is None
    # a player at the target whose partner is not above zero does not count for the team
    assert winner(PAGAT, [50, 1, 0, 43]) == 1
    assert winner(make_rules("syrian41", target=61), [60, 1, 1, 1]) is None


# ----------------------------------------------------------------- the auction


def test_one_bid_each_from_dealer_plus_one_to_the_dealer_and_no_pass():
    g = game(dealer=2, preset="syrian41")
    assert g.phase == "auction" and g.current_player() == 3
    assert g.legal_actions() == [str(n) for n in range(1, 14)]
    for seat, bid in zip((3, 0, 1, 2), (4, 1, 13, 2), strict=True):
        assert g.current_player() == seat
        g.apply(str(bid))
    assert g.calls == [(3, "4"), (0, "1"), (1, "13"), (2, "2")]
    assert g.bids == (1, 13, 2, 4)
    assert g.phase == "play" and g.current_player() == 3  # dealer + 1 leads
    assert g.declarer == -1 and g.contract is None and g.trump == 2  # hearts


def test_a_bid_of_13_does_not_end_the_auction():
    g = game(dealer=0, preset="syrian41")
    g.apply("13")
    assert g.phase == "auction" and g.current_player() == 2


@pytest.mark.parametrize(
    "action,error",
    [
        ("pass", IllegalActionError),
        ("1", IllegalActionError),
        ("0", IllegalActionError),
        ("14", IllegalActionError),
        ("double", IllegalActionError),
        ("no_double", IllegalActionError),
        ("7H", MalformedError),
        ("H", MalformedError),
        ("AS", MalformedError),
        ("keep", MalformedError),
    ],
)
def test_illegal_bids_are_rejected_and_change_nothing(action, error):
    g = game(dealer=0, preset="lebanese400")
    g.apply("3")
    before = g.clone()
    with pytest.raises(error) as e:
        g.apply(action)
    assert str(e.value)
    assert g == before


def test_a_bid_out_of_turn_is_rejected():
    g = game(dealer=0, preset="syrian41")
    with pytest.raises(IllegalActionError, match="seat 1"):
        g.apply("3", seat=2)


def test_bids_are_written_as_numbers():
    g = game(dealer=0, preset="syrian41")
    g.apply(" 03 ")
    assert g.calls == [(1, "3")] and g.bids == (-1, 3, -1, -1)


def test_the_lowest_bid_rises_with_the_seats_score_in_the_auction():
    g = game(dealer=3, preset="lebanese400")
    set_scores(g, 29, 30, 45, 55)
    assert g.legal_actions()[0] == "2"
    g.apply("2")
    assert g.legal_actions()[0] == "3"
    with pytest.raises(IllegalActionError, match="3 to 13"):
        g.apply("2")
    g.apply("3")
    assert g.legal_actions()[0] == "4"
    g.apply("4")
    assert g.legal_actions() == ["5", "6", "7", "8", "9", "10", "11", "12", "13"]


# ----------------------------------------------------------------- dead hands


def test_worked_example_bids_too_low_throw_the_hand_in_and_the_deal_passes():
    g = game(dealer=3, preset="standard", game="41")
    events = bid_all(g, 2, 3, 2, 3)
    assert events[-3:-1] == [BidsMade((2, 3, 2, 3), 10, 11), HandThrownIn("low_total", None)]
    assert events[-1] == HandDealt(2, 0)
    assert g.dealer == 0 and g.hand_number == 2 and g.phase == "auction"
    row = g.history[0]
    assert row.trump is None and row.calls == ("2", "3", "2", "3") and row.plays == ()
    assert row.bids == (2, 3, 2, 3) and row.seat_points == (0, 0, 0, 0)
    assert row.seat_tricks == (0, 0, 0, 0) and row.seat_totals == (0, 0, 0, 0)
    assert g.seat_scores == (0, 0, 0, 0) and g.scores == [0, 0]


def test_worked_example_bids_of_11_are_played():
    g = game(dealer=3, preset="standard", game="41")
    events = bid_all(g, 3, 4, 2, 2)
    assert events[-1] == BidsMade((3, 4, 2, 2), 11, 11)
    assert g.phase == "play" and g.current_player() == 0


@pytest.mark.parametrize(
    "options,bids,played",
    [
        ({"min_total_counts": "bids"}, (2, 3, 2, 3), False),
        ({"min_total_counts": "bids"}, (2, 3, 2, 4), True),
        ({"min_total_counts": "values"}, (2, 2, 2, 5), True),  # 5 is worth 10
        ({"min_total_counts": "values"}, (2, 2, 2, 4), False),
        ({"min_total": 13, "min_total_counts": "bids"}, (3, 3, 3, 3), False),
        ({"min_total": 13, "min_total_counts": "bids"}, (3, 3, 3, 4), True),
    ],
)
def test_dead_hand_counts(options, bids, played):
    g = game(dealer=3, preset="lebanese400", **options)
    bid_all(g, *bids)
    assert (g.phase == "play") == played and g.hand_number == (1 if played else 2)


def test_the_needed_total_rises_with_the_highest_score_at_the_table():
    g = game(dealer=0, preset="lebanese400")
    set_scores(g, 2, 1, 35, 0)
    events = bid_all(g, 2, 4, 3, 2)  # seats 1 2 3 0: total 11, needed 12
    assert BidsMade((2, 2, 4, 3), 11, 12) in events and g.hand_number == 2
    assert g.dealer == 1 and g.seat_scores == (2, 1, 35, 0)


# ----------------------------------------------------------------- play and score


def test_hearts_are_always_trump_and_dealer_plus_one_leads():
    g = game(dealer=3, preset="syrian41", hands=SUIT_HANDS)  # seat 1 holds every heart
    bid_all(g, 3, 3, 3, 3)
    assert g.current_player() == 0
    g.apply("AS")
    events = g.apply("2H") + g.apply("AD") + g.apply("AC")
    assert events[-1] == TrickWon(1, 0, ("AS", "2H", "AD", "AC"))
    assert g.current_player() == 1


def test_a_seat_must_follow_suit_when_able_and_may_play_anything_when_void():
    g = game(dealer=0, preset="syrian41", hands=random_hands(5))
    bid_all(g, 3, 3, 3, 3)
    checked = set()
    while g.phase == "play" and g.hand_number == 1:
        if g.trick:
            led = g.trick[0] // 13
            held = g.hands[g.turn]
            follow = [c for c in range(52) if held >> c & 1 and c // 13 == led]
            other = [c for c in range(52) if held >> c & 1 and c // 13 != led]
            if follow and other:
                before = g.clone()
                with pytest.raises(IllegalActionError, match="must follow"):
                    g.apply(CARD_NAMES[other[0]])
                assert g == before
                assert g.legal_actions() == [CARD_NAMES[c] for c in follow]
                checked.add("follow")
            elif not follow:
                assert len(g.legal_actions()) == held.bit_count()
                checked.add("void")
        g.apply(g.legal_actions()[-1])
    assert checked == {"follow", "void"}


def test_each_seat_scores_its_own_bid_from_its_own_tricks():
    # dealer 0: seats 1 2 3 0 bid; seat 2 holds every heart and takes all 13 tricks
    g = game(dealer=0, preset="standard", game="41", hands=hearts_to(2))
    bid_all(g, 3, 7, 2, 4)
    events = []
    while g.phase == "play" and g.hand_number == 1:
        events += g.apply(g.legal_actions()[0])
    scored = [e for e in events if isinstance(e, SeatsScored)]
    assert scored == [SeatsScored((4, 3, 7, 2), (0, 0, 13, 0), (-4, -3, 14, -2), (-4, -3, 14, -2))]
    assert not any(isinstance(e, HandScored) for e in events)
    assert events[-1] == HandDealt(2, 1)
    assert g.seat_scores == (-4, -3, 14, -2) and g.scores == [10, -5]
    row = g.history[0]
    assert (row.tricks, row.points, row.totals) == ((13, 0), (10, -5), (10, -5))
    assert row.seat_tricks == (0, 0, 13, 0) and row.trump == "H" and len(row.plays) == 52
    assert row.summary() == {
        "dealer": 0,
        "declarer": None,
        "contract": None,
        "doubled": False,
        "trump": "H",
        "bids": [4, 3, 7, 2],
        "tricks": [0, 0, 13, 0],
        "points": [-4, -3, 14, -2],
        "totals": [-4, -3, 14, -2],
    }


def test_the_deal_passes_after_every_hand():
    g = game(dealer=1, preset="syrian41")
    dealers = []
    for _ in range(6):
        dealers.append(g.dealer)
        bid_all(g, 1, 1, 1, 1) if g.hand_number % 2 else bid_all(g, 3, 3, 3, 3)
        play_all(g)
    assert dealers == [1, 2, 3, 0, 1, 2]


def test_a_player_at_the_target_wins_for_the_team_when_the_partner_is_above_zero():
    # seat 0 holds every heart: 13 tricks; dealer 3 so seat 0 bids first
    g = game(dealer=3, preset="standard", game="41", hands=hearts_to(0))
    set_scores(g, 39, 5, 4, 5)
    bid_all(g, 2, 3, 3, 3)
    events = []
    while not g.is_over() and g.hand_number == 1:
        events += g.apply(g.legal_actions()[0])
    assert g.is_over() and g.winner == 0 and g.seat_scores == (41, 2, 1, 2)
    assert events[-2:] == [
        SeatsScored((2, 3, 3, 3), (13, 0, 0, 0), (2, -3, -3, -3), (41, 2, 1, 2)),
        GameOver(0, (42, 4)),
    ]
    assert g.legal_actions() == [] and g.current_player() is None
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("2")


def test_no_win_while_the_partner_is_not_above_zero():
    g = game(dealer=3, preset="standard", game="41", hands=hearts_to(0))
    set_scores(g, 39, 5, 3, 5)
    bid_all(g, 2, 3, 3, 3)
    play_all(g)
    assert not g.is_over() and g.seat_scores == (41, 2, 0, 2) and g.hand_number == 2
    g2 = game(dealer=3, preset="standard", game="41", hands=hearts_to(0), partner_positive=False)
    set_scores(g2, 39, 5, 3, 5)
    bid_all(g2, 2, 3, 3, 3)
    play_all(g2)
    assert g2.is_over() and g2.winner == 0


# ----------------------------------------------------------------- views


def test_a_view_of_41():
    g = game(dealer=3, preset="lebanese400", hands=hearts_to(1))
    g.apply("3")
    v = g.view(1)
    assert v.phase == "auction" and v.turn == 1 and v.legal == tuple(str(n) for n in range(2, 14))
    assert v.bids == (3, None, None, None) and v.seat_tricks == (0, 0, 0, 0)
    assert v.seat_scores == (0, 0, 0, 0) and v.trump == "H"
    assert (v.declarer, v.contract, v.doubled) == (None, None, False)
    bid_all(g, 4, 2, 2)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    v = g.view(2)
    assert v.phase == "play" and v.bids == (3, 4, 2, 2) and v.seat_tricks == (0, 1, 0, 0)
    assert v.tricks_won == (0, 1) and v.legal == ()
    d = v.to_dict()
    assert d["bids"] == [3, 4, 2, 2] and d["seat_tricks"] == [0, 1, 0, 0]
    assert d["seat_scores"] == [0, 0, 0, 0] and d["trump"] == "H"
    assert d["rules"]["game"] == "41" and d["rules"]["preset"] == "lebanese400"
    back = View.from_dict(json.loads(json.dumps(d)))
    assert back == v and back.to_dict() == d


def test_a_view_after_hands_carries_per_seat_rows_and_scores():
    g = game(dealer=0, preset="standard", game="41", hands=hearts_to(2))
    bid_all(g, 3, 7, 2, 4)
    play_all(g)
    bid_all(g, 2, 2, 3, 3)  # the next hand: thrown in (10 < 11)
    v = g.view(0)
    assert v.seat_scores == (-4, -3, 14, -2) and v.scores == (10, -5)
    assert [r.seat_points for r in v.results] == [(-4, -3, 14, -2), (0, 0, 0, 0)]
    assert all(r.cards == (0, 0, 0, 0) and r.plays == () for r in v.results)
    d = json.loads(json.dumps(v.to_dict()))
    assert d["results"][0]["points"] == [-4, -3, 14, -2] and d["results"][1]["trump"] is None
    back = View.from_dict(d)
    assert back.to_dict() == d
    assert [r.points for r in back.results] == [(10, -5), (0, 0)]
    assert [r.seat_totals for r in back.results] == [(-4, -3, 14, -2)] * 2


def test_a_tarneeb_view_has_none_of_41s_fields():
    v = GameState.new(make_rules("standard"), seed=4).view(0)
    assert v.bids is None and v.seat_tricks is None and v.seat_scores is None
    d = v.to_dict()
    assert not {"bids", "seat_tricks", "seat_scores"} & set(d)
    assert View.from_dict(d) == v


def test_from_view_rebuilds_a_41_state():
    g = game(dealer=2, preset="lebanese400")
    set_scores(g, 31, -4, 12, 3)
    bid_all(g, 3, 3, 4, 2)
    for _ in range(9):
        g.apply(g.legal_actions()[-1])
    for seat in range(4):
        v = g.view(seat)
        g2 = from_view(v, g.hands)
        assert g2.view(seat) == v
        assert g2.legal_actions() == g.legal_actions() and g2.bids == g.bids
        assert g2.seat_scores == g.seat_scores and g2.scores == g.scores


def test_a_41_game_emits_tarneebs_events_and_two_of_its_own():
    """Bids are CallMade; besides, only BidsMade and SeatsScored are new (no AuctionWon,
    TrumpNamed or HandScored); a dead hand is a HandThrownIn("low_total")."""
    g = game(dealer=0, preset="syrian41")
    kinds = set()
    while g.hand_number < 5 and not g.is_over():
        bid = "1" if g.hand_number == 2 else "3"
        act = bid if g.phase == "auction" else g.legal_actions()[0]
        events = g.apply(act)
        kinds |= {type(e) for e in events}
        assert all(e.reason == "low_total" for e in events if isinstance(e, HandThrownIn))
    assert kinds == {
        CallMade,
        BidsMade,
        CardPlayed,
        TrickWon,
        SeatsScored,
        HandDealt,
        HandThrownIn,
    }
