"""Setting up a game, below the window: the one place that builds a table and what listens.

The window's scenes only show a game through a link (``table/link.py``); what stands behind
it is set up here:

* **An offline game** (:func:`offline_link`): a table flow with a person at each of the
  ``humans`` seats and a computer player at the others (its level from ``levels``, its seed
  by ``seats.seat_seed``), behind a :class:`~tarneeb_desktop.table.link.LocalLink`. With a
  person playing (not an autoplayed game) its listeners save it after every trick, count it
  in the statistics and keep its record when it ends.
* **A tournament** (``session/tournament.py``): set up, saved and resumed, its games on the
  same table and listeners with the tournament's save (or on a LAN table the window hosts),
  each counted in the tournament the moment it ends, and the past ones kept.
* **``--save-record``** (:class:`RecordWriter`): a listener writes the game's record when
  it ends, not a step of the window's animation.
* **The computer levels** of a game as the statistics file it (:func:`opponents_level`).
* **Play on from here** (:func:`play_on_link`): the viewer's position with a person at a
  seat; not saved, not counted, not kept.
* **A hint** (:func:`suggest`): the strong computer player's choice in the person's place.
* **The first-game tutorial** (``session/tutorial.py``): a fixed deal with the other seats
  playing a script; not saved, not counted, not kept.
* **LAN tables** (``session/lan.py``): a table the window hosts with its people sat down, and
  the remote link a seat at a host's table is shown through.
* **A record's steps** (``session/record_steps.py``): the viewer's positions and its
  analysis pool.

The seed of a new game comes from ``seeds.py`` (the one seed source) and everything
that acts once at a game's end from ``table/ending.py``; both sit below this module, with
the table, because the saves and the kept games use them too.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tarneeb_desktop.ai.hints import Hint
from tarneeb_desktop.rules import GameState, Rules, View
from tarneeb_desktop.seeds import new_seed, pause_seed, seat_seed
from tarneeb_desktop.stats import StatsRecorder, stats_path
from tarneeb_desktop.table.ending import RecordWriter
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.history import GameKeeper
from tarneeb_desktop.table.link import Autosave, LocalLink
from tarneeb_desktop.table.names import unique_names
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.savegame import offline_seats, savegame_path
from tarneeb_desktop.table.seats import ComputerSeat, PersonSeat, Seat, decide

log = logging.getLogger(__name__)

Note = Callable[[str], None]


def _quiet(_line: str) -> None:
    """The default ``note``: the window passes ``ui.scene.test_log``."""


# ---------------------------------------------------------------------- levels and seats


def opponents_level(levels: Sequence[str], humans: Sequence[int]) -> str:
    """The level the statistics file a game under: the opponents' (seats 1 and 3),
    ``"human"`` for a person there, ``"mixed"`` when the two differ."""
    kinds = {"human" if s in humans else levels[s] for s in (1, 3)}
    return kinds.pop() if len(kinds) == 1 else "mixed"


def table_seats(
    names: Sequence[str], humans: Sequence[int], levels: Sequence[str], seed: int
) -> list[Seat]:
    """A person at each of ``humans``, a computer player at each other seat."""
    return [
        PersonSeat(names[s])
        if s in humans
        else ComputerSeat(levels[s], seat_seed(seed, s), names[s])
        for s in range(4)
    ]


def local_table(
    state: GameState,
    names: Sequence[str],
    humans: Sequence[int],
    levels: Sequence[str],
    seed: int,
    *,
    inline: bool = False,
) -> Table:
    """The table flow of a game in this process (computer decisions on a worker thread, or
    at once with ``inline``); a computer named like a person gives way (``unique_names``)."""
    names = unique_names(names, humans)
    seats = table_seats(names, humans, levels, seed)
    return Table(state, seats, names, seed=seed, pool=Pool(inline=inline))


# ---------------------------------------------------------------------- the record writer


# ---------------------------------------------------------------------- an offline game


def new_state(rules: Rules, seed: int | None = None) -> GameState:
    """A new game in the window, dealt from ``seed``, else from ``seeds.new_seed`` (the
    ``TARNEEB_TEST_SEED``, else a random one); the seed is ``state.seed``."""
    return GameState.new(rules, seed=new_seed(seed))


def offline_link(
    state: GameState,
    names: Sequence[str],
    humans: Sequence[int],
    levels: Sequence[str],
    seed: int,
    *,
    inline: bool = False,
    allow_undo: bool = False,
    autoplay: bool = False,
    save_record: str | Path | None = None,
    on_record_error: Callable[[OSError], None] | None = None,
    save_path: Path | None = None,
    note: Note = _quiet,
) -> LocalLink:
    """An offline (or hot-seat) game behind a local link. With a person at the table and
    not autoplayed: saved after every trick (``save_path``, else the usual save), counted in
    the statistics and kept when it ends. ``allow_undo`` (the setting) lets the one person
    at the table take a move back; ``save_record`` writes the record when the game ends."""
    humans = tuple(humans)
    names = unique_names(names, humans)  # saved, kept and shown as the table has them
    table = local_table(state, names, humans, levels, seed, inline=inline)
    # Undo against the computer: a setting, for one person at the table (ui/game/undo.py)
    table.allow_take_back = allow_undo and len(humans) == 1
    link = LocalLink(table, humans)
    if humans and not autoplay:
        saved_seats = offline_seats(list(names), humans, list(levels))
        link.autosave = Autosave(
            table,
            save_path or savegame_path(),
            lambda: saved_seats,
            on_saved=lambda: note("saved"),
            on_error=lambda exc: log.warning("could not save the game: %s", exc),
        )
        StatsRecorder(table, stats_path(), opponents_level(levels, humans))
        GameKeeper(table, names, people=humans, on_kept=lambda path: note(f"kept {path.name}"))
    if save_record:
        RecordWriter(table, save_record, on_record_error)
    return link


# ---------------------------------------------------------------------- play on from here


def play_on_link(
    rules: Any,
    moves: Sequence[tuple[Any, ...]],
    seat: int,
    level: str,
    names: Sequence[str],
    *,
    inline: bool = False,
) -> LocalLink:
    """Play on from here (the replay viewer): the game rebuilt from ``moves`` (each
    ``("deal", dealer, hands)`` or ``("act", action)``, as the viewer stepped through the
    record) with a person at ``seat`` and computers of ``level`` at the others. Not saved,
    not counted in the statistics, not kept: no listeners."""
    state: GameState | None = None
    for move in moves:
        if move[0] == "deal":
            if state is None:
                state = GameState.new(rules, seed=0, dealer=move[1])
            state.set_deal(list(move[2]))
        elif state is not None:
            state.apply(move[1])
    if state is None:
        raise ValueError("play on needs a deal to start from")
    table = local_table(state, names, (seat,), [level] * 4, new_seed(), inline=inline)
    return LocalLink(table, (seat,))


def pauses(seed: int) -> random.Random:
    """The generator of the computer's thinking pauses at a table dealt from ``seed``."""
    return random.Random(pause_seed(seed))


# ---------------------------------------------------------------------- hints


def suggest(view: View) -> Hint:
    """The hint (H) for ``view``: the strong computer player's choice and its reason, else
    medium's choice (with no reason)."""
    try:
        from tarneeb_desktop.ai.hints import advise

        hint = advise(view, budget_s=0.5)
        if hint.action in view.legal:
            return hint
    except Exception:  # a hint is a courtesy: fall back quietly
        log.debug("hints unavailable", exc_info=True)
    return Hint(decide(ComputerSeat("medium", 0), view)[0])
