"""The first-game tutorial's table: a fixed deal, North dealing (so West calls first), the
other seats playing a script, then as the medium computer with a fixed seed.

The deal: West opens 7, you bid 8 and win the auction, name spades, lead the king of diamonds
(East's ace takes it), follow East's queen of diamonds, then trump East's king of clubs with a
spade; the rest of the hand is yours to play. The lessons and what the coach says are the
window's (``ui/screens/tutorial/script.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tarneeb_desktop.rules import GameState, View, make_rules
from tarneeb_desktop.seeds import seat_seed
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.link import LocalLink
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.seats import ComputerSeat, FunctionSeat, PersonSeat, Seat

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


#: A scripted seat's moves: the action by (seat, calls made so far, cards played so far).
Script = Mapping[tuple[int, int, int], str]


def scripted_seat(script: Script, seed: int, seat: int, name: str) -> FunctionSeat:
    """A computer seat that plays ``script``, then (when the player has strayed from it, or
    once it runs out) as the medium computer player, seeded ``seat_seed(seed, seat)``."""
    player = ComputerSeat("medium", seat_seed(seed, seat))

    def choose(view: View) -> str:
        action = script.get((seat, len(view.calls), len(view.played_cards())))
        return action if action in view.legal else player.decide(view)

    return FunctionSeat(choose, name)


def tutorial_link(
    names: Sequence[str],
    state: GameState | None = None,
    script: Script = SCRIPT,
    seed: int = SEED,
    person: int = ME,
) -> LocalLink:
    """The first-game tutorial's table (``ui/screens/tutorial/tutorial.py``): ``state`` (its fixed deal unless
    given), a person at ``person`` and scripted seats (:func:`scripted_seat`) at the others,
    their decisions at once (no worker thread). No listeners: not saved, not counted, not
    kept."""
    state = new_state() if state is None else state
    seats: list[Seat] = [
        PersonSeat(names[s]) if s == person else scripted_seat(script, seed, s, names[s])
        for s in range(4)
    ]
    table = Table(state, seats, list(names), seed=seed, pool=Pool(inline=True))
    return LocalLink(table, (person,))
