"""The tutorial's hand: a fixed deal, the lessons the player is walked through, the other
seats' scripted moves and what the coach says while they play.

The deal (North deals, so West calls first): West opens 7, you bid 8 and win the auction,
name spades, lead the king of diamonds (East's ace takes it), follow East's queen of diamonds,
then trump East's king of clubs with a spade; the rest of the hand is yours to play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tarneeb_desktop import session
from tarneeb_desktop.rules import GameState, View, make_rules
from tarneeb_desktop.table.seats import FunctionSeat
from tarneeb_desktop.ui.i18n import tr

SEED = 4111  # the deals after the first (never reached: the tutorial ends with its hand)
DEALER = 2  # North: West, on the dealer's right, calls first; you call second
ME = 0
HANDS: tuple[tuple[str, ...], ...] = (
    ("AS", "KS", "QS", "JS", "9S", "4S", "AH", "KH", "7H", "5H", "KD", "4D", "3D"),  # you
    ("AD", "QD", "7D", "KC", "QC", "JC", "5C", "2C", "8S", "3S", "QH", "9H", "8H"),  # East
    ("JD", "6D", "5D", "2D", "9C", "8C", "4C", "TS", "7S", "JH", "TH", "6H", "4H"),  # North
    ("TD", "9D", "8D", "AC", "TC", "7C", "6C", "3C", "6S", "5S", "2S", "3H", "2H"),  # West
)

#: the other seats' moves while the lessons last: (seat, calls so far, cards played so far)
SCRIPT: dict[tuple[int, int, int], str] = {
    (3, 0, 0): "7",  # West opens
    (1, 2, 0): "pass",
    (2, 3, 0): "pass",
    (3, 4, 0): "pass",
    (1, 5, 1): "AD",  # trick 1: you led the king of diamonds
    (2, 5, 2): "2D",
    (3, 5, 3): "8D",
    (1, 5, 4): "QD",  # trick 2: East leads
    (2, 5, 5): "5D",
    (3, 5, 6): "9D",
    (1, 5, 8): "KC",  # trick 3: East leads a club, which you trump
    (2, 5, 9): "4C",
    (3, 5, 10): "3C",
}


def new_state() -> GameState:
    """The tutorial's game: standard rules, this deal, North dealing."""
    state = GameState.new(make_rules("standard"), seed=SEED, dealer=DEALER)
    state.set_deal([list(h) for h in HANDS], dealer=DEALER)
    return state


def scripted_seat(seat: int, name: str) -> FunctionSeat:
    """The computer at ``seat``: it plays the script, then (when the player has strayed from
    it, or once the lessons are over) as the medium computer player with a fixed seed; the
    one ``session.tutorial_link`` seats there."""
    return session.scripted_seat(SCRIPT, SEED, seat, name)


@dataclass(frozen=True)
class Lesson:
    """One thing the player is asked to do: the actions that count, what to do, and what to
    say to a click on anything else."""

    phase: str
    allowed: Callable[[View], set[str]]
    instruction: str
    wrong: str


def lessons() -> list[Lesson]:
    """The lessons in order, in the current language (the n-th is the player's n-th move)."""
    return [
        Lesson(
            "auction",
            lambda v: {"8"},
            tr(
                "West bid 7. Your hand is strong: six spades with the ace, king and queen. "
                "Bid 8 to take the auction from West."
            ),
            tr(
                "For this lesson, click 8. A bid must be higher than the one before, and 8 "
                "beats West's 7; a player who passes is out of the auction."
            ),
        ),
        Lesson(
            "trump",
            lambda v: {"S"},
            tr(
                "Your 8 won the auction, so you name the trump suit. Choose spades, your "
                "longest suit."
            ),
            tr("Choose spades: with six of them, your trumps will win you many tricks."),
        ),
        Lesson(
            "play",
            lambda v: {"KD"},
            tr(
                "The winner of the auction leads the first card, and any card may be led. "
                "Play the king of diamonds."
            ),
            tr("For this lesson, lead the king of diamonds, the card the arrow points at."),
        ),
        Lesson(
            "play",
            lambda v: {c for c in v.hand if c[1] == "D"},
            tr(
                "East led the queen of diamonds. You still hold diamonds, so you must follow "
                "suit: play one of them."
            ),
            tr(
                "You hold diamonds, so you must play one: following the suit that was led "
                "always comes first."
            ),
        ),
        Lesson(
            "play",
            lambda v: {c for c in v.hand if c[1] == "S"},
            tr(
                "East led a club and you have none, so you may play any card. Play a spade: "
                "a trump beats every club."
            ),
            tr("A heart or a diamond cannot win a club trick. Play a spade, the trump suit."),
        ),
    ]


def moves_made(view: View, seat: int = ME) -> int:
    """How many moves ``seat`` has made this hand: its calls, its trump, its cards."""
    calls = sum(1 for s, _ in view.calls if s == seat)
    trump = 1 if view.trump is not None and view.declarer == seat else 0
    cards = sum(1 for s, _ in view.played_cards() if s == seat)
    return calls + trump + cards


def narration(view: View, step: int) -> str:
    """What the coach says while the others play, before the player's ``step``-th move."""
    tricks = len(view.tricks)
    if view.phase == "auction":
        if step == 0:
            return tr(
                "West, on the dealer's right, calls first. Each call appears beside the player "
                "who made it."
            )
        return tr("The others answer in turn: each may bid higher or pass.")
    if step == 3:
        if tricks == 0:
            return tr("Everyone must follow diamonds, the suit you led.")
        return tr(
            "East's ace beat your king, so East won the trick. The winner of a trick leads the "
            "next one."
        )
    if step == 4:
        if tricks < 2:
            return tr("The highest diamond wins this trick.")
        return tr("East's queen won, and East leads again.")
    if step == 5 and tricks < 3:
        return tr("Your spade is a trump: it beats the clubs.")
    return tr(
        "Well done! Play the rest of the hand your way: only the cards you may play lift, and "
        "H shows a hint."
    )
