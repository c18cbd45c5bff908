""" "Play on from here": from a position of the replay viewer, a new hand at the table.

The viewer asks which seat the person takes (:func:`seat_question`); ``PlayOnScene``
(``play_on_table.py``) is the table rebuilt to that position, computers at the other seats.
Nothing of it is saved, kept or counted in the statistics.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.rules.cards import mask_of
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.modal import Modal

if TYPE_CHECKING:
    from tarneeb_desktop.session.record_steps import Position

SEATS = (N_("South"), "East", "North", "West")


def moves_to(positions: Sequence[Position], index: int) -> list[tuple[Any, ...]]:
    """The deals and actions that lead to step ``index`` of a record's positions."""
    out: list[tuple[Any, ...]] = []
    for pos in positions[: index + 1]:
        if pos.kind == "deal":
            out.append(("deal", pos.dealer, [mask_of(h) for h in pos.holdings]))
        elif pos.action is not None:
            out.append(("act", pos.action[1]))
    return out


def can_play_on(pos: Position) -> bool:
    """Play on needs a hand still going: not at a hand's end or the game's."""
    return pos.kind != "end" and not pos.over


def seat_question(answer: Callable[[str], None]) -> Modal:
    """Which seat to take (``seat0`` ... ``seat3``), or Cancel (the safe choice, first)."""
    seats = [(tr("Cancel"), "cancel"), *((tr(SEATS[s]), f"seat{s}") for s in range(4))]
    said = tr("Take a seat: the computer plays the other three. Not counted in the statistics.")
    return Modal(tr("Play on from here"), [said], seats, answer, kind="play_on")
