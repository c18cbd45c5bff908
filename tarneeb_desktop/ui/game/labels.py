"""Calls, bids, trumps and cards as the player reads them; the order of my fanned hand; words
fitted to a width at the body size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tarneeb_desktop.rules.cards import NT, RANKS, STRAINS, parse_bid
from tarneeb_desktop.rules.errors import MalformedError
from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, SUIT_WORD

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableView

#: the seats' names as the table (``table.flow.SEAT_NAMES``) and the daily deals
#: (``daily.SEAT_LABELS``) give them in English, marked here for the catalogues
COMPASS = (N_("South"), N_("East"), N_("North"), N_("West"))
DISPLAY_SUIT_ORDER = "CDSH"  # alternate black and red along the hand
#: the calls that are words, not bids
CALL_WORDS = {
    "pass": N_("Pass"),
    "double": N_("Double"),
    "no_double": N_("No double"),
    "redeal": N_("Redeal"),
    "keep": N_("Keep"),
}


def call_label(call: str) -> str:
    """A call or bid as the player reads it: ``Pass``, ``9``, ``10♥``, ``8 NT``, ``Double``."""
    c = call.strip()
    if c.lower() in CALL_WORDS:
        return tr(CALL_WORDS[c.lower()])
    try:
        level, strain = parse_bid(c, suit_bidding=True)
    except MalformedError:
        return c  # a bid of Tarneeb's or 41's auction, "9": as it is
    assert strain is not None  # parsed as a suited bid: it names its strain
    if strain == NT:
        return f"{level} {tr('NT')}"
    return f"{level}{SUIT_SYMBOL[STRAINS[strain]]}"


def comma() -> str:
    """The comma between the parts of a sentence: the Arabic comma in Arabic."""
    return "\u060c " if i18n.language() == "ar" else ", "


def trump_label(t: str) -> str:
    if t == "NT":
        return tr("No trump")
    return f"{SUIT_SYMBOL.get(t, '')} {tr(SUIT_WORD.get(t, t))}"


def action_label(phase: str, action: str) -> str:
    """A button's or a hint's word for ``action`` in ``phase``."""
    return trump_label(action) if phase == "trump" else call_label(action)


def card_label(card: str) -> str:
    """``"TH"`` → ``"10♥"``."""
    return card[0].replace("T", "10") + SUIT_SYMBOL[card[1]]


def display_order(cards: tuple[str, ...] | list[str]) -> list[str]:
    """My cards as fanned: suits alternating in colour, ranks rising to the right."""
    return sorted(cards, key=lambda c: (DISPLAY_SUIT_ORDER.index(c[1]), RANKS.index(c[0])))


def reading_seconds(line: str) -> float:
    """How long a banner with ``line`` stays up at normal speed so that it can be read:
    a second, and a third of a second a word."""
    return 1.0 + len(line.split()) / 3


def side_labels(scene: TableView) -> tuple[str, str]:
    """The two sides' words, ours first (``scene.teams()``): "Us" and "Them" for the person
    looking; at a table with nobody here (two computer teams) each side by its names, as
    the results read ("Tarek & Hala"): a tournament's table gives its teams' names
    (``team_names``, by side), any other its players' (issue 24)."""
    if scene.humans:
        return tr("Us"), tr("Them")
    named, names = getattr(scene, "team_names", None), scene.names
    us, them = (named[s] if named else f"{names[s]} & {names[s + 2]}" for s in scene.teams())
    return us, them


def fitted(words: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """``words`` wrapped to ``width`` at ``size`` in at most ``most`` lines, a line too wide
    (the last of many, a long word) cut short with an ellipsis: never drawn smaller."""
    lines = text.wrap(words, size, width, bold)
    lines = lines[: most - 1] + [" ".join(lines[most - 1 :])] if len(lines) > most else lines
    return [text.elide(line, size, width, bold) for line in lines]
