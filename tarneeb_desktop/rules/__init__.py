"""The rules engine: pure, deterministic, and the only place where a rule is decided."""

from tarneeb_desktop.rules.cards import (
    CARD_NAMES,
    RANKS,
    STRAINS,
    SUITS,
    card_name,
    cards_of,
    is_weak,
    mask_of,
    parse_card,
)
from tarneeb_desktop.rules.errors import (
    IllegalActionError,
    InvalidRulesError,
    MalformedError,
    RulesError,
)
from tarneeb_desktop.rules.events import (
    AuctionWon,
    CallMade,
    CardPlayed,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HandThrownIn,
    RedealDecided,
    TrickWon,
    TrumpNamed,
)
from tarneeb_desktop.rules.options import (
    OPTION_NAMES,
    PRESETS,
    Rules,
    make_rules,
    rules_from_dict,
)
from tarneeb_desktop.rules.scoring import score_hand
from tarneeb_desktop.rules.state import GameState, HandResult, View, deal_hands, team_of

__all__ = [
    "CARD_NAMES",
    "OPTION_NAMES",
    "PRESETS",
    "RANKS",
    "STRAINS",
    "SUITS",
    "AuctionWon",
    "CallMade",
    "CardPlayed",
    "Event",
    "GameOver",
    "GameState",
    "HandDealt",
    "HandResult",
    "HandScored",
    "HandThrownIn",
    "IllegalActionError",
    "InvalidRulesError",
    "MalformedError",
    "RedealDecided",
    "Rules",
    "RulesError",
    "TrickWon",
    "TrumpNamed",
    "View",
    "card_name",
    "cards_of",
    "deal_hands",
    "is_weak",
    "make_rules",
    "mask_of",
    "parse_card",
    "rules_from_dict",
    "score_hand",
    "team_of",
]
