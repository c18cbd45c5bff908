"""Rulesets: every option of rules.md, the three presets, and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from tarneeb_desktop.rules.errors import InvalidRulesError

# Allowed values per option: a tuple of choices, or (min, max) for integers, or bool.
CHOICES: dict[str, tuple[str, ...]] = {
    "auction": ("raise", "once"),
    "all_pass": ("redeal", "dealer_7"),
    "made_points": ("tricks", "bid"),
    "failed_declarers": ("minus_bid", "zero"),
    "failed_defenders": ("tricks", "shortfall"),
    "kaboot_failed_defenders": ("double", "single"),
}
INT_RANGES: dict[str, tuple[int, int]] = {
    "target": (1, 1000),
    "kaboot_points": (-1000, 1000),
    "kaboot_bid_points": (-1000, 1000),
    "kaboot_failed_points": (-1000, 1000),
    "double_factor": (1, 16),
}


@dataclass(frozen=True)
class Rules:
    """One ruleset. Build it with :func:`make_rules`, which validates."""

    preset: str = "standard"
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

    def options(self) -> dict[str, Any]:
        """Every option value (the preset name excluded)."""
        d = asdict(self)
        del d["preset"]
        return d

    def to_dict(self) -> dict[str, Any]:
        """The record form: the preset name plus the options that differ from it."""
        base = PRESETS[self.preset]
        out: dict[str, Any] = {"preset": self.preset}
        for k, v in self.options().items():
            if getattr(base, k) != v:
                out[k] = v
        return out

    def full_dict(self) -> dict[str, Any]:
        """The preset name and every option: what a bot is told in its hello."""
        return {"preset": self.preset, **self.options()}

    def matches_preset(self) -> bool:
        """True when no option differs from the named preset."""
        return len(self.to_dict()) == 1


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules) if f.name != "preset")
DEFAULTS = Rules()

PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "shortfall": Rules(preset="shortfall", failed_declarers="zero", failed_defenders="shortfall"),
    "egyptian": Rules(
        preset="egyptian", suit_bidding=True, failed_defenders="shortfall", target=41
    ),
}


def check_option(key: str, value: object) -> None:
    """Raise InvalidRulesError unless ``value`` is allowed for option ``key``."""
    if key not in OPTION_NAMES:
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


def make_rules(preset: str = "standard", **changes: object) -> Rules:
    """A preset with options changed on top of it, validated.

    >>> make_rules("egyptian").target
    41
    >>> make_rules("standard", target=41).to_dict()
    {'preset': 'standard', 'target': 41}
    """
    if preset not in PRESETS:
        raise InvalidRulesError(f"unknown preset {preset!r} (one of {', '.join(PRESETS)})")
    for key, value in changes.items():
        check_option(key, value)
    return replace(PRESETS[preset], **changes)  # type: ignore[arg-type]


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
    if key not in OPTION_NAMES:
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
