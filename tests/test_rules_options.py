"""Rulesets: presets, options on top of a preset, validation, and the record form."""

import pytest

from tarneeb_desktop.rules import (
    OPTION_NAMES,
    PRESETS,
    InvalidRulesError,
    make_rules,
    rules_from_dict,
)
from tarneeb_desktop.rules.options import parse_option_value

ALL_OPTIONS = {
    "clockwise",
    "weak_hand_redeal",
    "auction",
    "all_pass",
    "no_trump_allowed",
    "suit_bidding",
    "first_lead_trump",
    "made_points",
    "defenders_always_score",
    "kaboot_points",
    "kaboot_bid_points",
    "failed_declarers",
    "failed_defenders",
    "kaboot_failed_points",
    "kaboot_failed_defenders",
    "kaboot_wins_game",
    "target",
    "double_factor",
}


def test_every_option_of_rules_md_exists_with_its_default():
    assert set(OPTION_NAMES) == ALL_OPTIONS
    d = make_rules("standard")
    assert (d.target, d.auction, d.all_pass, d.made_points) == (31, "raise", "redeal", "tricks")
    assert (d.kaboot_points, d.kaboot_bid_points, d.kaboot_failed_points) == (16, 26, -16)
    assert (d.failed_declarers, d.failed_defenders, d.kaboot_failed_defenders) == (
        "minus_bid",
        "tricks",
        "double",
    )
    assert d.double_factor == 2
    assert not any(
        [
            d.clockwise,
            d.weak_hand_redeal,
            d.no_trump_allowed,
            d.suit_bidding,
            d.first_lead_trump,
            d.defenders_always_score,
            d.kaboot_wins_game,
        ]
    )


def test_three_presets():
    assert set(PRESETS) == {"standard", "shortfall", "egyptian"}


def test_options_on_top_of_a_preset_and_round_trip():
    r = make_rules("egyptian", double_factor=4, target=61)
    assert r.suit_bidding and r.double_factor == 4 and r.target == 61
    assert r.to_dict() == {"preset": "egyptian", "double_factor": 4, "target": 61}
    assert rules_from_dict(r.to_dict()) == r
    assert rules_from_dict({"target": 41}) == make_rules("standard", target=41)


@pytest.mark.parametrize(
    "changes",
    [
        {"target": 0},
        {"target": "31"},
        {"target": True},
        {"auction": "twice"},
        {"clockwise": 1},
        {"double_factor": 0},
        {"no_such_option": 1},
        {"made_points": None},
    ],
)
def test_invalid_values_are_rejected_with_a_clear_error(changes):
    with pytest.raises(InvalidRulesError) as e:
        make_rules("standard", **changes)
    assert list(changes)[0] in str(e.value)


def test_unknown_preset():
    with pytest.raises(InvalidRulesError, match="preset"):
        make_rules("klondike")
    with pytest.raises(InvalidRulesError):
        rules_from_dict([1, 2])


def test_command_line_values():
    assert parse_option_value("target", "41") == 41
    assert parse_option_value("clockwise", "yes") is True
    assert parse_option_value("auction", "once") == "once"
    with pytest.raises(InvalidRulesError):
        parse_option_value("target", "many")


def test_cli_option_flags():
    from tarneeb_desktop.cli import build_parser
    from tarneeb_desktop.rules.args import rules_from_args

    args = build_parser().parse_args(
        ["--rules", "egyptian", "-o", "target=61", "-o", "auction=once"]
    )
    r = rules_from_args(args)
    assert (r.preset, r.target, r.auction) == ("egyptian", 61, "once")
