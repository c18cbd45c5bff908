"""Settings file: round trip, and every kind of bad file handled value by value, told once."""

from __future__ import annotations

import json

import pytest

from tarneeb_desktop.settings import FORMAT_VERSION, Settings
from tarneeb_desktop.table.savegame import DEFAULT_NAMES


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    return tmp_path


def test_round_trip_keeps_every_setting(_home) -> None:
    s = Settings(
        rules_preset="egyptian",
        rule_options={"target": 61, "double_factor": 4},
        seats=["human", "human", "computer", "human"],
        levels=["medium", "easy", "hard", "expert"],
        names=["Sami", "Layla", "Nour", "Omar"],
        animation_speed="slow",
        card_style="four-color",
        card_back="red",
        sound=False,
        volume=0.4,
        language="ar",
        fullscreen=True,
    )
    s.save()
    doc = json.loads((_home / "settings.json").read_text())
    assert doc["format_version"] == FORMAT_VERSION and doc["names"][1] == "Layla"
    back = Settings.load()
    assert back == s and back.problems == []
    assert back.humans() == (0, 1, 3)
    assert back.rules().target == 61 and back.rules().suit_bidding


def test_a_missing_file_gives_the_defaults_silently(_home) -> None:
    s = Settings.load()
    assert s == Settings() and s.problems == []


def set_aside_files(home):
    return sorted(home.glob("settings.json.broken-*"))


@pytest.mark.parametrize(
    "text",
    ["", "{not json", "\xff\xfe garbage", "[1, 2, 3]", '"a string"', "null"],
    ids=["empty", "not_json", "binary", "json_array", "json_string", "json_null"],
)
def test_an_unusable_file_gives_defaults_is_reported_and_kept_aside(_home, text) -> None:
    (_home / "settings.json").write_text(text, encoding="latin-1")
    s = Settings.load()
    assert s == Settings()
    assert len(s.problems) == 1 and "settings.json" in s.problems[0]
    kept = set_aside_files(_home)
    assert len(kept) == 1 and kept[0].read_text(encoding="latin-1") == text
    assert Settings.load().problems == []  # told once: the damaged file is no longer read


@pytest.mark.parametrize("version", [2, 0, "1", None, True])
def test_a_wrong_format_version_is_reported_and_kept_aside(_home, version) -> None:
    (_home / "settings.json").write_text(
        json.dumps({"format_version": version, "card_style": "four-color"})
    )
    s = Settings.load()
    assert s == Settings() and "format version" in s.problems[0]
    assert len(set_aside_files(_home)) == 1


def write(home, **values):
    (home / "settings.json").write_text(json.dumps({"format_version": 1, **values}))


def test_wrong_types_fall_back_one_by_one(_home) -> None:
    write(
        _home,
        sound="yes",
        volume="loud",
        fullscreen=1,
        names="Sami",
        card_style="four-color",  # valid: kept
        language=7,
    )
    s = Settings.load()
    d = Settings()
    assert (s.sound, s.volume, s.fullscreen, s.names, s.language) == (
        d.sound,
        d.volume,
        d.fullscreen,
        d.names,
        d.language,
    )
    assert s.card_style == "four-color"
    for name in ("sound", "volume", "fullscreen", "names", "language"):
        assert name in s.problems[0]
    # repaired on disk, the damaged one kept aside, and not reported again
    assert len(set_aside_files(_home)) == 1
    again = Settings.load()
    assert again == s and again.problems == []


def test_unknown_keys_are_dropped_and_named(_home) -> None:
    write(_home, card_back="red", colour_scheme="pink")
    s = Settings.load()
    assert s.card_back == "red" and "colour_scheme" in s.problems[0]


def test_out_of_range_values_fall_back(_home) -> None:
    write(
        _home,
        volume=3.5,
        animation_speed="warp",
        levels=["medium", "godlike", "easy", "hard"],
        seats=["computer", "human", "robot", "computer"],
        names=["", "Layla", "x" * 200, "Omar"],
        rules_preset="martian",
    )
    s = Settings.load()
    assert s.volume == Settings().volume and s.animation_speed == "normal"
    assert s.levels == ["medium", "medium", "easy", "hard"]  # only the bad item is replaced
    assert s.seats == ["human", "human", "computer", "computer"]  # seat 0 is always a person
    assert s.names == [DEFAULT_NAMES[0], "Layla", "Layla", "Omar"]
    assert s.rules_preset == "standard"
    for name in ("volume", "animation_speed", "levels", "seats", "names", "rules_preset"):
        assert name in s.problems[0]


def test_an_invalid_rules_option_is_dropped_alone(_home) -> None:
    write(
        _home,
        rules_preset="shortfall",
        rule_options={"target": 41, "auction": "shout", "double_factor": 99, "nonsense": 1},
    )
    s = Settings.load()
    assert s.rules_preset == "shortfall" and s.rule_options == {"target": 41}
    assert s.rules().target == 41 and s.rules().failed_declarers == "zero"
    assert "rule_options.auction" in s.problems[0] and "rule_options.nonsense" in s.problems[0]


def test_an_unreadable_folder_never_stops_the_game(_home, monkeypatch) -> None:
    from tarneeb_desktop import storage

    def broken(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "load_json", broken)
    s = Settings.load()
    assert s == Settings() and s.problems


@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
def test_a_preset_of_41_is_a_valid_setting(_home, preset) -> None:
    write(_home, rules_preset=preset, rule_options={"target": 51})
    s = Settings.load()
    assert s.problems == [] and s.rules_preset == preset
    rules = s.rules()
    assert rules.game == "41" and rules.preset == preset and rules.target == 51


def test_a_broken_preset_gets_a_clear_message_and_the_default(_home) -> None:
    write(_home, rules_preset="lebanese401")
    s = Settings.load()
    assert s.rules_preset == "standard" and s.rules().game == "tarneeb"
    assert "rules_preset" in s.problems[0] and "reset" in s.problems[0]


def test_an_option_of_the_other_game_is_dropped_with_a_message(_home) -> None:
    # auction is Tarneeb's: a 41 preset cannot have it changed, so the options are reset
    write(_home, rules_preset="syrian41", rule_options={"auction": "once"})
    s = Settings.load()
    assert s.rules_preset == "syrian41" and s.rule_options == {}
    assert "rule_options" in s.problems[0] and s.rules().game == "41"


def test_the_player_has_a_real_default_name_and_an_old_you_becomes_it(_home) -> None:
    # "You" read as a name gave "You plays 7": seat 0 gets a name like the others
    assert Settings().names[0] == DEFAULT_NAMES[0] != "You"
    write(_home, names=["You", "Layla", "You", "Omar"])
    s = Settings.load()
    assert s.names == [DEFAULT_NAMES[0], "Layla", "You", "Omar"]  # only seat 0's old default
    assert s.problems == []  # not a damaged file: nothing to tell the player


def test_the_tutorial_offer_and_undo_load_and_save(_home) -> None:
    assert Settings().tutorial_offered is False and Settings().allow_undo is False
    write(_home, tutorial_offered=True, allow_undo=True)
    s = Settings.load()
    assert s.problems == [] and s.tutorial_offered and s.allow_undo
    s.save()
    doc = json.loads((_home / "settings.json").read_text())
    assert doc["tutorial_offered"] is True and doc["allow_undo"] is True
