"""The tutorial's lessons: what the player is walked through on the fixed deal (its hand, its
dealer and the other seats' scripted moves are set up in ``session/tutorial.py``) and what the
coach says while they play.

The deal (North deals, so West calls first): West opens 7, you bid 8 and win the auction,
name spades, lead the king of diamonds (East's ace takes it), follow East's queen of diamonds,
then trump East's king of clubs with a spade; the rest of the hand is yours to play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tarneeb_desktop.rules import View
from tarneeb_desktop.session.tutorial import DEALER, HANDS, ME, SCRIPT, SEED, new_state
from tarneeb_desktop.ui.i18n import tr

__all__ = ["DEALER", "HANDS", "ME", "SCRIPT", "SEED", "Lesson", "new_state"]


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
