"""The settings screen's tables: the words each choice shows and the presets' lines.

Kept apart from ``settings.py`` (the screen) so that both stay readable; the LAN
lobby reads the same words (``preset_label``).
"""

from __future__ import annotations

from typing import Any

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
# The line under a computer seat's level: what that level is, honestly (issue 49: expert's
# edge over hard is measured, about half a point a deal; see docs/ai-search.md).
LEVEL_HELP = {
    "random": N_("Random: any legal card and any call. For trying things out."),
    "easy": N_("Easy: knows the basics and makes a beginner's mistakes now and then."),
    "medium": N_("Medium: sound partnership play from the cards it has seen fall."),
    "hard": N_("Hard: weighs many possible deals, read from the calls and the play."),
    "expert": N_(
        "Expert: plays like Hard with a longer think, and plans its last eight cards "
        "without seeing the hidden ones: about half a point a deal stronger than Hard."
    ),
}
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


# The line under each of the other rows (a seat's name: "name"; South's, typed: "name0").
HELP = {
    "game": N_(
        "Tarneeb: partners bid together and name trump. 41 / 400: each bids alone, hearts trump."
    ),
    "preset": N_("Start from a common set of rules."),
    "seat": N_(
        "A person at this computer takes turns with the others, the screen "
        "hidden between turns; or the computer plays."
    ),
    "name0": N_("Press Enter to type a name, Enter again to keep it."),
    "name": N_("The name shown at this seat."),
    "animation_speed": N_("How fast cards move; Instant skips the animations."),
    "card_style": N_("Four colours give each suit its own colour, easier to tell apart."),
    "card_back": N_("The pattern on the back of the cards."),
    "sound": N_("Short sounds when cards are dealt and played and tricks are won."),
    "volume": N_("How loud the sounds are."),
    "language": N_("The language of the whole game."),
    "auto_play_single": N_("When only one of your cards may be played, it is played for you."),
    "allow_undo": N_(
        "Against the computer, U takes back your last card or call. "
        "Such a game is marked and not counted in the statistics."
    ),
    "fullscreen": N_("Fill the whole screen (F11 switches at any time)."),
    "defaults": N_("Every setting back to how the game comes."),
    "back": N_("Changes are saved as you make them and apply to the next game."),
}


def choice_label(value: Any) -> str:
    """How a choice row shows its value."""
    return tr(CHOICE_LABELS.get(value, value))


def on_off(value: Any) -> str:
    """How a toggle row shows its value."""
    return tr("On") if value else tr("Off")


def preset_words(key: str) -> str:
    """A preset's words as Settings names it, "(Custom)" after them for ``NAME+custom``."""
    base = key.removesuffix("+custom")
    return tr("{rules} (Custom)", rules=choice_label(base)) if key != base else choice_label(base)


def preset_label(rules: Any) -> str:
    """The rules as Settings names them: the preset's words, "(Custom)" when an option was
    changed from the preset."""
    matches = getattr(rules, "matches_preset", None)
    custom = "+custom" if callable(matches) and not matches() else ""
    return preset_words(str(getattr(rules, "preset", "") or "") + custom)


# Each rules option: (its game, section, key, label, explanation); a game shows only its own.
RULE_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    ("tarneeb", "Bidding", "auction", N_("How the auction runs"), N_("Raise: bid again until the others pass. Once: everyone makes exactly one call.")),
    ("tarneeb", "Bidding", "all_pass", N_("When everybody passes"), N_("Redeal: the same dealer deals again. Dealer 7: the dealer must then bid at least 7.")),
    ("tarneeb", "Bidding", "weak_hand_redeal", N_("Weak-hand redeal"), N_("A player with no ace and no strong honours may ask for a new deal.")),
    ("tarneeb", "Bidding", "suit_bidding", N_("Bid a suit with the number (Egyptian)"), N_("Bids name a trump suit too, like 9\u2665, and a lone bid may be doubled.")),
    ("tarneeb", "Bidding", "no_trump_allowed", N_("No trump may be chosen"), N_("Without suit bidding, the winner of the auction may play without trumps.")),
    ("tarneeb", "Bidding", "double_factor", N_("Doubled points multiply by"), N_("With suit bidding, a doubled hand's points are multiplied by this.")),
    ("tarneeb", N_("Play"), "first_lead_trump", N_("First lead must be a trump"), N_("The declarer must lead a trump to the first trick when holding one.")),
    ("tarneeb", N_("Play"), "clockwise", N_("Draw the table clockwise"), N_("Only the picture changes: the order of play stays the same.")),
    ("tarneeb", "Scoring", "made_points", N_("A made contract scores"), N_("Tricks: the tricks taken. Bid: the number bid.")),
    ("tarneeb", "Scoring", "defenders_always_score", N_("Defenders always score"), N_("The defenders score their tricks even when the contract is made.")),
    ("tarneeb", "Scoring", "failed_declarers", N_("A failed contract costs the declarers"), N_("Minus the bid, or nothing.")),
    ("tarneeb", "Scoring", "failed_defenders", N_("A failed contract gives the defenders"), N_("Tricks: the tricks they took. Shortfall: the tricks the declarers were short.")),
    ("tarneeb", "Scoring", "kaboot_points", N_("All 13 tricks (kaboot) score"), N_("What the declarers score for all thirteen tricks on a bid below 13.")),
    ("tarneeb", "Scoring", "kaboot_bid_points", N_("A bid of 13, made, scores"), N_("What the declarers score for bidding and taking all thirteen tricks.")),
    ("tarneeb", "Scoring", "kaboot_failed_points", N_("A bid of 13, failed, scores"), N_("What the declarers score when a bid of 13 fails.")),
    ("tarneeb", "Scoring", "kaboot_failed_defenders", N_("Defenders against a failed 13 get"), N_("Double: twice their tricks. Single: their tricks.")),
    ("tarneeb", N_("Game end"), "target", N_("Points to win the game"), N_("The first team to reach this total wins (31, 41, 51 and 61 are common).")),
    ("tarneeb", N_("Game end"), "kaboot_wins_game", N_("Kaboot wins the game"), N_("A team that takes all thirteen tricks wins the game at once.")),
    ("41", "Bidding", "min_bid", N_("Lowest bid"), N_("Each player bids alone, once, from this many tricks to 13; there is no pass.")),
    ("41", "Bidding", "min_bid_rises", N_("The lowest bid rises with the score"), N_("A player at 30 or more must bid at least 3, at 40 at least 4, at 50 at least 5.")),
    ("41", "Bidding", "min_total", N_("Total the four bids must reach"), N_("When the bids add up to less, the hand is thrown in and the next dealer deals.")),
    ("41", "Bidding", "min_total_counts", N_("The total counts"), N_("Their values: what each bid would score. The bids: the numbers of tricks bid.")),
    ("41", "Bidding", "min_total_rises", N_("The total needed rises with the scores"), N_("When the best score at the table is 30 or more the bids must total 12, at 40 13, at 50 14.")),
    ("41", "Scoring", "bid_values", N_("What a bid is worth"), N_("Doubled from 7: 1 to 6 their number, 7 or more twice it. Lebanese: 5 = 10, 6 = 12, 9 = 27, 10 or more = 40.")),
    ("41", N_("Play"), "clockwise", N_("Draw the table clockwise"), N_("Only the picture changes: the order of play stays the same.")),
    ("41", N_("Game end"), "target", N_("Points to win the game"), N_("A team wins when one of its players reaches this score (41 is usual).")),
    ("41", N_("Game end"), "partner_positive", N_("The partner must be above zero"), N_("A player reaching the target wins only while the partner's score is above 0.")),
)  # fmt: skip


# Each seat's rows, whole phrases (French says "de l'Est" but "du Nord"; issue 23, defect 6).
PLAYED_BY = {1: N_("East is played by"), 2: N_("North is played by"), 3: N_("West is played by")}
LEVEL_OF = {1: N_("Level of East"), 2: N_("Level of North"), 3: N_("Level of West")}
NAME_OF = {
    0: N_("Name of South"),
    1: N_("Name of East"),
    2: N_("Name of North"),
    3: N_("Name of West"),
}
