"""The settings screen's tables: the words each choice shows and the presets' lines.

Kept apart from ``settings_scene.py`` (the screen) so that both stay readable; the LAN
lobby reads the same words (``preset_label``).
"""

from __future__ import annotations

from typing import Any

from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_NAMES  # the settings' seat words
from tarneeb_desktop.ui.i18n import tr

CHOICE_LABELS = {
    "raise": "Raise",
    "once": "Once",
    "redeal": "Redeal",
    "dealer_7": "Dealer bids 7",
    "tricks": "Tricks",
    "bid": "Bid",
    "minus_bid": "Minus the bid",
    "zero": "Nothing",
    "shortfall": "Shortfall",
    "double": "Double",
    "single": "Single",
    "standard": "Standard",
    "egyptian": "Egyptian",
    "syrian41": "Syrian 41",
    "lebanese400": "Lebanese 400",
    "tarneeb": "Tarneeb",
    "41": "41 / 400",
    "doubled_from_7": "Doubled from 7",
    "lebanese": "Lebanese",
    "values": "Their values",
    "bids": "The bids",
    "human": "Human at this computer",
    "computer": "Computer",
    "random": "Random",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "expert": "Expert",
    "slow": "Slow",
    "normal": "Normal",
    "fast": "Fast",
    "instant": "Instant",
    "classic": "Two colours",
    "four-color": "Four colours",
    "blue": "Blue",
    "red": "Red",
}
INT_STEP = {"target": 5}
# The line under the preset: what the chosen one plays (an option changed makes it custom).
PRESET_HELP = {
    "standard": "Bids 7 to 13, the winner names trump; 31 points win. Any change below: custom.",
    "shortfall": "A failed contract costs nothing; the defenders score the tricks it fell short.",
    "egyptian": "Bids name their suit (9\u2665), a lone bid may be doubled; 41 points win.",
    "syrian41": "Bids from 1, worth their number and twice from 7; the bids must total 11.",
    "lebanese400": "Bids from 2; 5 = 10, 9 = 27; the lowest bid and the total rise with the scores.",
}


def on_off(value: Any) -> str:
    """How a toggle row shows its value."""
    return tr("On") if value else tr("Off")


def preset_label(rules: Any) -> str:
    """The rules as Settings names them: the preset's words, "(Custom)" when an option was
    changed from the preset."""
    preset = str(getattr(rules, "preset", "") or "")
    words = tr(CHOICE_LABELS.get(preset, preset))
    matches = getattr(rules, "matches_preset", None)
    if callable(matches) and not matches():
        words += f" ({tr('Custom')})"
    return words
