"""The player's settings: rules, seats, computer levels, names, look and sound, with defaults.

The file is readable JSON with a ``format_version``. Loading never fails: each bad value
falls back to its default on its own, and a damaged file is kept aside for inspection
(``settings.json.broken-TIMESTAMP``) while a repaired copy replaces it, so the player is told
about it once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.ai.base import LEVELS as LEVELS  # re-exported for the settings screen

if TYPE_CHECKING:
    from tarneeb_desktop.rules import Rules

log = logging.getLogger(__name__)

FORMAT_VERSION = 1
SPEEDS = ("slow", "normal", "fast", "instant")
# How long an animation lasts relative to normal speed (UI.md: slow x1.5, fast x0.5).
SPEED_FACTORS = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
CARD_STYLES = ("classic", "four-color")
CARD_BACKS = ("blue", "red")
SEAT_KINDS = ("human", "computer")
# Language codes with their names as their speakers write them.
LANGUAGES = {
    "en": "English",
    "ar": "العربية",
    "fr": "Français",
    "de": "Deutsch",
    "ru": "Русский",
    "uk": "Українська",
    "hi": "हिन्दी",
}
NAME_MAX = 20
OLD_DEFAULT_NAME = "You"  # seat 0's default name in older settings files
SETTINGS_FILE = "settings.json"


def _default_names() -> list[str]:
    from tarneeb_desktop.table.savegame import DEFAULT_NAMES  # one list for saves and settings

    return list(DEFAULT_NAMES)


def _default_levels() -> list[str]:
    return ["medium", "medium", "medium", "medium"]


def _default_seats() -> list[str]:
    return ["human", "computer", "computer", "computer"]


def settings_path() -> Path:
    from tarneeb_desktop.paths import user_data_dir

    return user_data_dir() / SETTINGS_FILE


#: What the settings carry but never save: what was wrong with the file, and its consequence.
_NOT_SAVED = frozenset({"problems", "names_lost"})


@dataclass
class Settings:
    """Everything the player can choose; ``from_dict`` accepts partial or damaged data."""

    rules_preset: str = "standard"  # any preset of either game (its game: Tarneeb or 41)
    rule_options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=_default_seats)  # "human" or "computer"; 0 human
    levels: list[str] = field(default_factory=_default_levels)  # per seat (computer seats)
    names: list[str] = field(default_factory=_default_names)
    animation_speed: str = "normal"
    card_style: str = "classic"
    card_back: str = "blue"
    sound: bool = True
    volume: float = 0.7
    language: str = "en"
    fullscreen: bool = False
    # Play my only legal card by itself (players disagree, so it is a choice; off by default).
    auto_play_single: bool = False
    # Take back my last card or call against the computer (marks the game; off by default).
    allow_undo: bool = False
    # The first-start offer of the tutorial was made (``ui/screens/tutorial/offer.py``).
    tutorial_offered: bool = False
    # The MQTT broker(s) a table over the internet goes through (``net/relay.py``): "" for
    # the default public ones, else URLs separated by spaces (a club's or a family's own).
    relay: str = ""
    # What was wrong with the file these settings came from (not saved, not compared).
    problems: list[str] = field(default_factory=list, compare=False, repr=False)
    # The player's name was lost with a damaged file: the window asks it again.
    names_lost: bool = field(default=False, compare=False, repr=False)

    def rules(self) -> Rules:
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

    def humans(self) -> tuple[int, ...]:
        """The seats played by people at this computer (seat 0 always is)."""
        return tuple(s for s in range(4) if s == 0 or self.seats[s] == "human")

    @property
    def speed_factor(self) -> float:
        return SPEED_FACTORS.get(self.animation_speed, 1.0)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format_version": FORMAT_VERSION}
        for f in fields(self):
            if f.name in _NOT_SAVED:
                continue
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from a dict; each bad value keeps its default, and ``problems`` names it.
        Unknown keys are ignored (and named)."""
        s = cls()
        if not isinstance(data, dict):
            s.problems.append("the settings file does not hold settings")
            return s
        bad: list[str] = []
        known = {f.name for f in fields(cls)} - _NOT_SAVED
        for key in data:
            if key not in known and key != "format_version":
                bad.append(str(key)[:40])
        for name in sorted(known & set(data)):
            checked = _check(name, data[name], getattr(s, name))
            if checked is _BAD:
                bad.append(name)
                continue
            if name == "rule_options":
                checked, wrong = checked
                bad += [f"rule_options.{k}" for k in wrong]
            elif name in ("seats", "levels", "names"):
                checked, some_bad = checked
                if some_bad:
                    bad.append(name)
            setattr(s, name, checked)
        if s.rule_options:
            from tarneeb_desktop.rules import RulesError, make_rules

            try:
                make_rules(s.rules_preset, **s.rule_options)
            except RulesError:  # every option was checked alone; this is only a safety net
                s.rule_options = {}
                bad.append("rule_options")
        if bad:
            s.problems.append("some settings were invalid and were reset: " + ", ".join(bad))
            s.names_lost = "names" in bad
        return s

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The saved settings, or the defaults when there are none or they are unreadable.
        A damaged file is kept aside and ``problems`` says what happened."""
        from tarneeb_desktop.storage import load_json, set_aside

        path = Path(path) if path is not None else settings_path()
        try:
            data, problem = load_json(path)
        except OSError as exc:  # e.g. the folder cannot be read at all
            s = cls()
            s.problems.append(f"the settings could not be read ({exc.strerror})")
            return s
        if data is None and (problem or not path.exists()):
            s = cls()
            if problem:
                s.problems.append(problem)
                s.names_lost = True  # the whole file: the name with it
            return s
        version = data.get("format_version", FORMAT_VERSION) if isinstance(data, dict) else None
        if not isinstance(data, dict) or version != FORMAT_VERSION or isinstance(version, bool):
            kept = set_aside(path)
            s = cls()
            what = (
                "holds no settings"
                if not isinstance(data, dict)
                else f"has an unknown format version {version!r}"
            )
            where = f"; it was kept as {kept.name}" if kept else ""
            s.problems.append(f"{path.name} {what} and was not used{where}")
            s.names_lost = True
            return s
        s = cls.from_dict(data)
        if s.problems:
            # Keep the damaged file for inspection and write the repaired one, so the player
            # hears about it once, not at every start.
            kept = set_aside(path)
            if kept:
                s.problems[-1] += f" (the old file was kept as {kept.name})"
            try:
                s.save(path)
            except OSError:
                log.warning("could not write repaired settings to %s", path)
        return s

    def save(self, path: Path | None = None) -> None:
        from tarneeb_desktop.storage import write_json_atomic

        path = Path(path) if path is not None else settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(path, self.to_dict())


class _Bad:
    pass


_BAD: Any = _Bad()


def _check(name: str, value: Any, default: Any) -> Any:
    """``value`` made valid for setting ``name``, or _BAD. Lists are repaired item by item and
    come back as (list, whether an item was bad); rule options as (options, bad keys)."""
    if name == "rules_preset":
        from tarneeb_desktop.rules.options import ALL_PRESETS  # Tarneeb's and 41's

        return value if isinstance(value, str) and value in ALL_PRESETS else _BAD
    if name == "rule_options":
        if not isinstance(value, dict):
            return _BAD
        from tarneeb_desktop.rules import RulesError
        from tarneeb_desktop.rules.options import check_option

        good, wrong = {}, []
        for k, v in value.items():
            try:
                check_option(str(k), v)
                good[str(k)] = v
            except RulesError:
                wrong.append(str(k)[:40])
        return good, wrong
    if name in ("seats", "levels", "names"):
        allowed = {"seats": SEAT_KINDS, "levels": LEVELS}.get(name, ())
        if not isinstance(value, list) or len(value) != 4:
            return _BAD
        out, any_bad = [], False
        for v, d in zip(value, default, strict=True):
            if name == "names":
                ok = isinstance(v, str) and 0 < len(v.strip()) <= NAME_MAX
            else:
                ok = isinstance(v, str) and v in allowed
            any_bad |= not ok
            out.append((v.strip() if name == "names" else v) if ok else d)
        if name == "names" and out[0] == OLD_DEFAULT_NAME:
            out[0] = default[0]  # the old default "You" read as a name: "You plays 7"
        if name == "seats" and out[0] != "human":
            out[0], any_bad = "human", True  # seat 0 is the person who started the game
        return out, any_bad
    if isinstance(default, bool):
        return value if isinstance(value, bool) else _BAD
    if name == "relay":
        from tarneeb_desktop.net.relay import relay_urls

        if not isinstance(value, str) or len(value) > 400:
            return _BAD
        try:
            relay_urls(value)
        except ValueError:
            return _BAD
        return value.strip()
    if name == "volume":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _BAD
        return float(value) if 0.0 <= value <= 1.0 else _BAD
    choices = {
        "animation_speed": SPEEDS,
        "card_style": CARD_STYLES,
        "card_back": CARD_BACKS,
        "language": tuple(LANGUAGES),
    }.get(name)
    if choices is not None:
        return value if isinstance(value, str) and value in choices else _BAD
    return _BAD
