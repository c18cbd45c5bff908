"""Rulesets: every option of rules.md, the presets, and their validation.

Two games share one ``Rules``: ``game = "tarneeb"`` (the default) and ``game = "41"`` (41 /
400, rules.md's last section). Each game has its own options (``GAME_OPTIONS``) and presets
(``GAME_PRESETS``); the options of the other game must keep their defaults. ``OPTION_NAMES``
and ``PRESETS`` are Tarneeb's, as they always were; ``ALL_OPTION_NAMES`` and ``ALL_PRESETS``
hold both games'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from tarneeb_desktop.rules.errors import InvalidRulesError

# Allowed values per option: a tuple of choices, or (min, max) for integers, or bool.
CHOICES: dict[str, tuple[str, ...]] = {
    "game": ("tarneeb", "41"),
    "auction": ("raise", "once"),
    "all_pass": ("redeal", "dealer_7"),
    "made_points": ("tricks", "bid"),
    "failed_declarers": ("minus_bid", "zero"),
    "failed_defenders": ("tricks", "shortfall"),
    "kaboot_failed_defenders": ("double", "single"),
    "bid_values": ("doubled_from_7", "lebanese"),
    "min_total_counts": ("values", "bids"),
}
INT_RANGES: dict[str, tuple[int, int]] = {
    "target": (1, 1000),
    "kaboot_points": (-1000, 1000),
    "kaboot_bid_points": (-1000, 1000),
    "kaboot_failed_points": (-1000, 1000),
    "double_factor": (1, 16),
    "min_bid": (1, 2),
    "min_total": (11, 13),
}


@dataclass(frozen=True)
class Rules:
    """One ruleset. Build it with :func:`make_rules`, which validates."""

    preset: str = "standard"
    game: str = "tarneeb"
    clockwise: bool = False
    weak_hand_redeal: bool = False
    auction: str = "raise"
    all_pass: str = "redeal"
    no_trump_allowed: bool = False
    suit_bidding: bool = False
    first_lead_trump: bool = False
    made_points: str = "tricks"
    defenders_always_score: bool = False
    kaboot_points: int = 16
    kaboot_bid_points: int = 26
    failed_declarers: str = "minus_bid"
    failed_defenders: str = "tricks"
    kaboot_failed_points: int = -16
    kaboot_failed_defenders: str = "double"
    kaboot_wins_game: bool = False
    target: int = 31
    double_factor: int = 2
    # game = "41"
    min_bid: int = 2
    min_bid_rises: bool = False
    bid_values: str = "doubled_from_7"
    min_total: int = 11
    min_total_counts: str = "values"
    min_total_rises: bool = False
    partner_positive: bool = True

    def options(self) -> dict[str, Any]:
        """Every option value of both games, ``game`` included (the preset name excluded)."""
        d = asdict(self)
        del d["preset"]
        return d

    def to_dict(self) -> dict[str, Any]:
        """The record form: the preset name plus the options that differ from it."""
        base = ALL_PRESETS[self.preset]
        out: dict[str, Any] = {"preset": self.preset}
        for k, v in self.options().items():
            if getattr(base, k) != v:
                out[k] = v
        return out

    def full_dict(self) -> dict[str, Any]:
        """The preset name, the game and every option of that game: what a bot is told."""
        out: dict[str, Any] = {"preset": self.preset, "game": self.game}
        for k in GAME_OPTIONS[self.game]:
            out[k] = getattr(self, k)
        return out

    def matches_preset(self) -> bool:
        """True when no option differs from the named preset."""
        return len(self.to_dict()) == 1


#: Options of 41 (rules.md's last section); ``clockwise`` and ``target`` are shared.
OPTION_NAMES_41: tuple[str, ...] = (
    "clockwise",
    "min_bid",
    "min_bid_rises",
    "bid_values",
    "min_total",
    "min_total_counts",
    "min_total_rises",
    "partner_positive",
    "target",
)
#: Every option of both games, ``game`` first.
ALL_OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")
SHARED_OPTIONS = ("clockwise", "target")
#: Tarneeb's options (``game = "tarneeb"``): every option but ``game`` and 41's own.
OPTION_NAMES: tuple[str, ...] = tuple(
    k for k in ALL_OPTION_NAMES[1:] if k not in OPTION_NAMES_41 or k in SHARED_OPTIONS
)
#: The options each game shows and uses; the others must keep their defaults.
GAME_OPTIONS: dict[str, tuple[str, ...]] = {"tarneeb": OPTION_NAMES, "41": OPTION_NAMES_41}
DEFAULTS = Rules()
#: Each game's defaults (41 plays to 41).
GAME_DEFAULTS: dict[str, Rules] = {"tarneeb": DEFAULTS, "41": Rules(game="41", target=41)}

PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "shortfall": Rules(preset="shortfall", failed_declarers="zero", failed_defenders="shortfall"),
    "egyptian": Rules(
        preset="egyptian", suit_bidding=True, failed_defenders="shortfall", target=41
    ),
}
"""Tarneeb's presets."""

PRESETS_41: dict[str, Rules] = {
    "syrian41": Rules(preset="syrian41", game="41", min_bid=1, target=41),
    "lebanese400": Rules(
        preset="lebanese400",
        game="41",
        min_bid=2,
        min_bid_rises=True,
        bid_values="lebanese",
        min_total_counts="bids",
        min_total_rises=True,
        target=41,
    ),
}
"""The presets of 41 (``game = "41"``)."""

ALL_PRESETS: dict[str, Rules] = {**PRESETS, **PRESETS_41}
GAME_PRESETS: dict[str, tuple[str, ...]] = {"tarneeb": tuple(PRESETS), "41": tuple(PRESETS_41)}


def check_option(key: str, value: object) -> None:
    """Raise InvalidRulesError unless ``value`` is allowed for option ``key``."""
    if key not in ALL_OPTION_NAMES:
        raise InvalidRulesError(f"unknown rules option {key!r}")
    default = getattr(DEFAULTS, key)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise InvalidRulesError(f"option {key!r} must be true or false, not {value!r}")
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRulesError(f"option {key!r} must be a whole number, not {value!r}")
        lo, hi = INT_RANGES[key]
        if not lo <= value <= hi:
            raise InvalidRulesError(f"option {key!r} must be between {lo} and {hi}, not {value}")
    else:
        choices = CHOICES[key]
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise InvalidRulesError(f"option {key!r} must be one of {allowed}, not {value!r}")


def check_game(rules: Rules) -> None:
    """Raise InvalidRulesError when an option of the game not chosen left its default."""
    mine = GAME_OPTIONS[rules.game]
    for key in ALL_OPTION_NAMES:
        if key == "game" or key in mine:
            continue
        value, default = getattr(rules, key), getattr(DEFAULTS, key)
        if value != default:
            raise InvalidRulesError(
                f"option {key!r} is not an option of game {rules.game!r}: "
                f"it must keep its default {default!r}, not {value!r}"
            )


def make_rules(preset: str = "standard", **changes: object) -> Rules:
    """A preset with options changed on top of it, validated.

    Changing ``game`` away from the preset's starts from that game's defaults (the
    preset's ``clockwise`` kept): ``make_rules("standard", game="41")`` plays 41 to 41.

    >>> make_rules("egyptian").target
    41
    >>> make_rules("standard", target=41).to_dict()
    {'preset': 'standard', 'target': 41}
    >>> make_rules("lebanese400").bid_values
    'lebanese'
    """
    if preset not in ALL_PRESETS:
        raise InvalidRulesError(f"unknown preset {preset!r} (one of {', '.join(ALL_PRESETS)})")
    for key, value in changes.items():
        check_option(key, value)
    base = ALL_PRESETS[preset]
    game = changes.get("game", base.game)
    if game != base.game:
        base = replace(GAME_DEFAULTS[str(game)], preset=preset, clockwise=base.clockwise)
    rules = replace(base, **changes)  # type: ignore[arg-type]
    check_game(rules)
    return rules


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Rules from their record form ``{"preset": ..., option: value, ...}``."""
    if not isinstance(data, Mapping):
        raise InvalidRulesError("rules must be an object of option names and values")
    d = dict(data)
    preset = d.pop("preset", "standard")
    if not isinstance(preset, str):
        raise InvalidRulesError(f"preset must be a name, not {preset!r}")
    return make_rules(preset, **d)


def parse_option_value(key: str, text: str) -> object:
    """Turn command-line text (``target=41``, ``clockwise=true``) into a typed value."""
    if key not in ALL_OPTION_NAMES:
        raise InvalidRulesError(f"unknown rules option {key!r}")
    default = getattr(DEFAULTS, key)
    if isinstance(default, bool):
        low = text.strip().lower()
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        raise InvalidRulesError(f"option {key!r} must be true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise InvalidRulesError(
                f"option {key!r} must be a whole number, not {text!r}"
            ) from None
    return text.strip()
