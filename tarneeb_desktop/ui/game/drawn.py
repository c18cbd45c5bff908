"""What the table last drew, and whether it is what the view says.

Each part of the table notes what it draws as it draws it (``Drawn``): the hand face up at the
bottom, the backs of each other seat, the cards on the table and the one marked as winning,
the pile, the turn's pointer, the score panel's totals and language, the contract panel and the
banner. A part drawn on a cached layer keeps its note until it is drawn again, so the note says
what the window shows, cache and all, not what the scene meant to show.

``mismatches`` compares that with the link's current view for the seat shown: whenever no
animation runs (``settled``), everything the table shows follows from that view and the scene's
own choices (the seat at the bottom, whether cards are face up, the open dialog). The tests of
every way onto a table and the monkey (``bench/monkey.py``) read it after each settled frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.labels import display_order
from tarneeb_desktop.ui.layout import BOTTOM

if TYPE_CHECKING:
    from tarneeb_desktop.rules import View
    from tarneeb_desktop.ui.table_scene import TableScene


@dataclass
class Drawn:
    """What the table's parts drew last (each part overwrites its own note when it draws)."""

    hand: tuple[str, ...] = ()  # face up at the bottom, in fan order
    backs: dict[int, int] = field(default_factory=dict)  # seat -> backs drawn in its fan
    trick: tuple[tuple[int, str], ...] = ()  # (seat, card) on the table
    winner: int | None = None  # the seat marked as winning the trick
    pile: int = 0  # backs drawn on the pile of tricks (at most 5)
    pointer: int | None = None  # the seat the turn's arrow points to (this frame)
    score_shown: bool = True  # the score panel is drawn (the tutorial's coach may hide it)
    scores: tuple[int, ...] = ()  # the score panel's totals (per team, or per seat in 41)
    score_language: str = ""  # the language the score panel was drawn in
    contract: tuple[Any, ...] = ()  # (contract, trump, declarer, doubled) on its panel
    contract_language: str = ""
    banner: str | None = None  # this frame's banner
    turn_ring: tuple[int, int] | None = None  # this frame's turn countdown: (seat, seconds)
    ring_count: int | None = None  # the seconds written in the ring (None: the arc only)


def trick_of(view: View) -> tuple[tuple[int, str], ...]:
    """The cards on the table in ``view``, by seat."""
    if view.trick is None:
        return ()
    lead, cards = view.trick
    return tuple(((lead + i) % 4, c) for i, c in enumerate(cards))


def settled(scene: TableScene) -> bool:
    """No animation runs and nothing waits to be shown: the table must show the view."""
    return not (
        scene.timeline.running()
        or scene.timeline.tweens
        or scene.hand.drag
        or scene.dealt is not None
        or scene.score.counting
        or any(scene.inbox.values())
        or scene.covered()
    )


def mismatches(scene: TableScene) -> list[str]:
    """How what the table last drew differs from the link's view for the seat shown (empty:
    it shows the view). Read after a frame drawn while ``settled``."""
    view = scene.link.view(scene.me)
    d = scene.drawn
    out: list[str] = []

    def differ(what: str, drawn: object, wanted: object) -> None:
        if drawn != wanted:
            out.append(f"{what}: drew {drawn!r}, the view has {wanted!r}")

    face_up = bool(scene.humans or scene.autoplay)
    if scene.pv != view:
        out.append("the presented view is not the link's view")
    differ("hand", d.hand, tuple(display_order(view.hand)) if face_up else ())
    for seat in range(4):
        if scene.side(seat) == BOTTOM and face_up:
            continue
        differ(f"backs of seat {seat}", d.backs.get(seat, 0), view.hand_sizes[seat])
    differ("trick", d.trick, trick_of(view))
    differ("trick's winner", d.winner, None)
    differ("pile", d.pile, min(len(view.tricks), 5))
    if d.pointer is not None:
        differ("turn", d.pointer, None if view.phase == "over" else view.turn)
    totals = view.seat_scores if view.seat_scores is not None else view.scores
    language = i18n.get_language()
    if d.score_shown:
        differ("scores", d.scores, tuple(totals))
        differ("score panel's language", d.score_language, language)
    differ("contract", d.contract, (view.contract, view.trump, view.declarer, view.doubled))
    differ("contract panel's language", d.contract_language, language)
    differ("banner", d.banner, None)
    return out
