"""The settings screen's tables: the words each choice shows and the presets' lines.

Kept apart from ``settings_scene.py`` (the screen) so that both stay readable; the LAN
lobby reads the same words (``preset_label``).
"""

from __future__ import annotations

from typing import Any

from tarneeb_desktop.table.flow import SEAT_NAMES as SEAT_NAMES  # the settings' seat words
from tarneeb_desktop.ui.i18n import N_, tr

CHOICE_LABELS = {
    "raise": N_("Raise"),
    "once": N_("Once"),
    "redeal": "Redeal",
    "dealer_7": N_("Dealer bids 7"),
    "tricks": "Tricks",
    "bid": "Bid",
    "minus_bid": N_("Minus the bid"),
    "zero": N_("Nothing"),
    "shortfall": N_("Shortfall"),
    "double": "Double",
    "single": N_("Single"),
    "standard": N_("Standard"),
    "egyptian": N_("Egyptian"),
    "syrian41": N_("Syrian 41"),
    "lebanese400": N_("Lebanese 400"),
    "tarneeb": "Tarneeb",
    "41": N_("41 / 400"),
    "doubled_from_7": N_("Doubled from 7"),
    "lebanese": N_("Lebanese"),
    "values": N_("Their values"),
    "bids": N_("The bids"),
    "human": N_("Human at this computer"),
    "computer": "Computer",
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
    "classic": N_("Two colours"),
    "four-color": N_("Four colours"),
    "blue": N_("Blue"),
    "red": N_("Red"),
}
INT_STEP = {"target": 5}
# The line under the preset: what the chosen one plays (an option changed makes it custom).
PRESET_HELP = {
    "standard": N_(
        "Bids 7 to 13, the winner names trump; 31 points win. Any change below: custom."
    ),
    "shortfall": N_(
        "A failed contract costs nothing; the defenders score the tricks it fell short."
    ),
    "egyptian": N_("Bids name their suit (9\u2665), a lone bid may be doubled; 41 points win."),
    "syrian41": N_("Bids from 1, worth their number and twice from 7; the bids must total 11."),
    "lebanese400": N_(
        "Bids from 2; 5 = 10, 9 = 27; the lowest bid and the total rise with the scores."
    ),
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
        words = tr("{rules} (Custom)", rules=words)
    return words
