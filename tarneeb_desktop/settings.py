"""The player's settings: rules, computer levels, names, look and sound, with defaults."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

SPEEDS = ("slow", "normal", "fast", "instant")
# How long an animation lasts relative to normal speed (UI.md: slow x1.5, fast x0.5).
SPEED_FACTORS = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
CARD_STYLES = ("classic", "four-color")
CARD_BACKS = ("blue", "red")
SETTINGS_FILE = "settings.json"


def _default_names() -> list[str]:
    return ["You", "Karim", "Layla", "Omar"]


def _default_levels() -> list[str]:
    return ["medium", "medium", "medium", "medium"]


@dataclass
class Settings:
    """Everything the player can choose; ``from_dict`` accepts partial or damaged data."""

    rules_preset: str = "standard"
    rule_options: dict[str, Any] = field(default_factory=dict)
    levels: list[str] = field(default_factory=_default_levels)  # per seat; seat 0 is used
    names: list[str] = field(default_factory=_default_names)  # only by hot-seat or autoplay
    animation_speed: str = "normal"
    card_style: str = "classic"
    card_back: str = "blue"
    sound: bool = True
    volume: float = 0.7
    language: str = "en"
    fullscreen: bool = False

    def rules(self):  # type: ignore[no-untyped-def]
        """The Rules these settings name; falls back to the preset alone if an option is bad."""
        from tarneeb_desktop.rules import RulesError, make_rules

        try:
            return make_rules(self.rules_preset, **self.rule_options)
        except RulesError:
            log.warning("bad rules options in settings %r; using the preset", self.rule_options)
            try:
                return make_rules(self.rules_preset)
            except RulesError:
                return make_rules()

    @property
    def speed_factor(self) -> float:
        return SPEED_FACTORS.get(self.animation_speed, 1.0)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from a dict; unknown keys are ignored and bad values keep their default."""
        s = cls()
        if not isinstance(data, dict):
            return s
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(s, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, int | float) and not isinstance(value, bool)
                value = float(value) if ok else value
            elif isinstance(default, list):
                ok = (
                    isinstance(value, list)
                    and len(value) == 4
                    and all(isinstance(v, str) and v for v in value)
                )
            elif isinstance(default, dict):
                ok = isinstance(value, dict)
            else:
                ok = isinstance(value, str)
            if ok:
                setattr(s, f.name, value)
        if s.animation_speed not in SPEEDS:
            s.animation_speed = "normal"
        if s.card_style not in CARD_STYLES:
            s.card_style = "classic"
        if s.card_back not in CARD_BACKS:
            s.card_back = "blue"
        s.volume = min(1.0, max(0.0, s.volume))
        return s

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The saved settings, or the defaults when there are none or they are unreadable."""
        if path is None:
            from tarneeb_desktop.paths import user_data_dir

            path = user_data_dir() / SETTINGS_FILE
        try:
            return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return cls()

    def save(self, path: Path | None = None) -> None:
        from tarneeb_desktop.record import write_json_atomic

        if path is None:
            from tarneeb_desktop.paths import user_data_dir

            path = user_data_dir() / SETTINGS_FILE
        write_json_atomic(path, self.to_dict())
