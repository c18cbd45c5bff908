"""The seats of a table: who decides for each of the four places, behind one interface.

A seat is a person at this screen, a computer level, a protocol bot (a process speaking
``tarneeb-bot/1``) or a player over the network. The table flow (:mod:`.flow`) asks a seat
to decide only when it is *automatic* for the view: a computer or a bot always, a person
only after claiming the rest or with a forced card and the setting that plays it, a
network player only while a computer stands in for them. Everyone else acts by
``Table.submit``.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import ClassVar

from tarneeb_desktop.ai import make_player
from tarneeb_desktop.ai.analysis import claim_card
from tarneeb_desktop.ai.base import Player, first_legal
from tarneeb_desktop.rules import View
from tarneeb_desktop.rules.cards import RANKS
from tarneeb_desktop.seeds import position_seed

log = logging.getLogger(__name__)


def decide(seat: Seat, view: View) -> tuple[str, str | None]:
    """Ask ``seat`` for an action; on an error or an illegal answer the first legal action
    and a description of the fault, so that a failing player never stops a game. Every
    seat's answer comes through here (the flow's seats, a LAN bot, a remote person's
    claimed or forced card, the hint's last resort); the other fallbacks choose another
    player (a hint a weaker level, an absent LAN player a computer) and still end here."""
    try:
        action = seat.decide(view)
    except Exception as exc:  # any player's failure must not stop the table
        log.exception("seat %d (%s) failed; playing the first legal action", view.seat, seat.name)
        return first_legal(view), f"error: {exc!r}"
    if action not in view.legal:
        log.warning(
            "seat %d (%s) chose illegal %r; first legal played", view.seat, seat.name, action
        )
        return first_legal(view), f"illegal action {action!r}"
    return action, None


class Seat:
    """One place at the table. Subclasses say whether the flow decides for them
    (:meth:`automatic`) and how (:meth:`decide`, called off the UI thread, may block)."""

    kind: ClassVar[str] = "seat"

    def __init__(self, name: str = "") -> None:
        self.name = name

    def automatic(self, view: View) -> bool:
        return False

    def decide(self, view: View) -> str:
        raise NotImplementedError(f"a {self.kind} seat does not decide by itself")

    def close(self) -> None:
        """Release what the seat holds (a bot's process)."""

    def describe(self) -> dict[str, object]:
        """What a save keeps of the seat."""
        return {"kind": self.kind, "name": self.name}


class PersonSeat(Seat):
    """A person at this screen. Their cards play themselves after a claim of the rest
    (every card a sure winner: cashed from the top) and, when ``auto_single`` is set, when
    only one card may be played."""

    kind = "person"

    def __init__(self, name: str = "", auto_single: bool = False) -> None:
        super().__init__(name)
        self.auto_single = auto_single
        self.claiming = False

    def automatic(self, view: View) -> bool:
        if view.phase != "play" or not view.legal or view.turn != view.seat:
            return False
        return self.claiming or (self.auto_single and len(view.legal) == 1)

    def decide(self, view: View) -> str:
        if self.claiming:  # the card that takes this trick for sure, else the highest
            return claim_card(view) or max(view.legal, key=lambda c: RANKS.index(c[0]))
        return view.legal[0]


class ComputerSeat(Seat):
    """A computer player of one level, with its own seeded generator."""

    kind = "computer"

    def __init__(self, level: str, seed: int | None = None, name: str = "") -> None:
        super().__init__(name or level)
        self.level = level
        self.seed = seed
        self.player: Player = _make(level, seed)

    def automatic(self, view: View) -> bool:
        return True

    def decide(self, view: View) -> str:
        reseed(self.player, self.seed, view)
        return self.player.choose(view)

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.name, "level": self.level}


def reseed(player: Player, seed: int | None, view: View) -> None:
    """Seed the player's generator for this decision by the position
    (``seeds.position_seed``): the same position always gets the same answer, a resumed
    game's too. A seat without a seed keeps its generator as it runs."""
    if seed is None:
        return
    for name in ("_rng", "rng"):
        rng = getattr(player, name, None)
        if isinstance(rng, random.Random):
            rng.seed(position_seed(seed, view))


class FunctionSeat(Seat):
    """A computer seat whose decisions come from a function of the view (a LAN client's
    computer player, tests)."""

    kind = "computer"

    def __init__(self, choose: Callable[[View], str], name: str = "") -> None:
        super().__init__(name or getattr(choose, "__name__", "computer"))
        self.choose = choose

    def automatic(self, view: View) -> bool:
        return True

    def decide(self, view: View) -> str:
        return self.choose(view)


class NetworkSeat(Seat):
    """A player over the network. While they are away (or have not come back in time) a
    computer of ``level`` stands in: then the seat is automatic."""

    kind = "network"

    def __init__(self, name: str, level: str = "medium", seed: int | None = None) -> None:
        super().__init__(name)
        self.level = level
        self.seed = seed
        self.stand_in_active = False
        self._stand_in: Player | None = None

    def automatic(self, view: View) -> bool:
        return self.stand_in_active

    def decide(self, view: View) -> str:
        if self._stand_in is None:
            self._stand_in = _make(self.level, self.seed)
        reseed(self._stand_in, self.seed, view)
        return self._stand_in.choose(view)

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.name, "level": self.level}


def _make(level: str, seed: int | None) -> Player:
    """A computer player of ``level``; an unknown level plays ``random`` (a game never
    stops for want of a player)."""
    try:
        return make_player(level, seed)
    except Exception:
        log.warning("AI level %r unavailable; using random", level)
        return make_player("random", seed)
