"""Setting up a game, below the window: the one place that builds a table and what listens.

The window's scenes only show a game through a link (``table/link.py``); what stands behind
it is set up here:

* **An offline game** (:func:`offline_link`): a table flow with a person at each of the
  ``humans`` seats and a computer player at the others (its level from ``levels``, its seed
  by ``seats.seat_seed``), behind a :class:`~tarneeb_desktop.table.link.LocalLink`. With a
  person playing (not an autoplayed game) its listeners save it after every trick, count it
  in the statistics and keep its record when it ends.
* **A tournament game** (:func:`tournament_link`, or :func:`host_tournament_game` with
  players on the LAN): the same table and listeners with the tournament's save, and the
  game counted in the tournament the moment it ends.
* **``--save-record``** (:class:`RecordWriter`): a listener writes the game's record when
  it ends, not a step of the window's animation.
* **The computer levels** of a game as the statistics file it (:func:`opponents_level`).
* **The first-game tutorial** (:func:`tutorial_link`): a fixed deal with the other seats
  playing a script (:func:`scripted_seat`); not saved, not counted, not kept.

The seed of a new game comes from ``table/seeds.py`` (the one seed source) and everything
that acts once at a game's end from ``table/ending.py``; both sit below this module, with
the table, because the saves and the kept games use them too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tarneeb_desktop.rules import GameState, Rules, View
from tarneeb_desktop.stats import StatsRecorder, stats_path
from tarneeb_desktop.table.ending import when_over
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.history import GameKeeper
from tarneeb_desktop.table.link import Autosave, LocalLink
from tarneeb_desktop.table.names import unique_names
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.savegame import offline_seats, savegame_path
from tarneeb_desktop.table.seats import ComputerSeat, FunctionSeat, PersonSeat, Seat, seat_seed
from tarneeb_desktop.table.seeds import new_seed
from tarneeb_desktop.table.tournament import Pairing, Player, Tournament, TournamentError

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


class RecordWriter:
    """``--save-record``: writes the table's game as a ``tarneeb-record/1`` file once, when
    it ends. A file that cannot be written is logged and ``on_error`` told (the window
    says so and exits with 1); the game goes on."""

    def __init__(
        self,
        table: Table,
        path: str | Path,
        on_error: Callable[[OSError], None] | None = None,
    ) -> None:
        self.table, self.path, self.on_error = table, path, on_error
        self.written = False
        self.end = when_over(table, self._write)

    def _write(self) -> None:
        try:
            self.table.write_record(self.path)
        except OSError as exc:
            log.warning("could not write the record %s: %s", self.path, exc)
            if self.on_error is not None:
                self.on_error(exc)
            return
        self.written = True


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


# ---------------------------------------------------------------------- a tournament game


def turned_seats(players: Sequence[Player]) -> tuple[int, list[Player]]:
    """The turn of a tournament game's table and its players by table seat: 0, or the
    seat of the first person when only seats 1 and 3 have people (the table is then turned
    so that this person sits at seat 0, the seat the statistics count for)."""
    people = [s for s, p in enumerate(players) if p.kind == "person"]
    off = people[0] if people and not {0, 2} & set(people) else 0
    return off, [players[(s + off) % 4] for s in range(4)]


class TournamentGame:
    """One game of a tournament as this window plays it: the pairing, the table turned
    (:func:`turned_seats`), and where it is saved. ``tournament_id`` marks its save (a
    save of another tournament is never taken for this one's); ``counted`` runs once the
    game's result is in the tournament (the window saves the tournament then)."""

    def __init__(
        self,
        tournament: Tournament,
        pairing: Pairing,
        *,
        name: str,
        tournament_id: str,
        save_path: Path,
        counted: Callable[[], None] = lambda: None,
        note: Note = _quiet,
    ) -> None:
        self.t, self.pairing, self.name = tournament, pairing, name
        self.tournament_id, self.save_path = tournament_id, save_path
        self.counted, self.note = counted, note
        self.offset, self.players = turned_seats(tournament.seats(pairing))
        self.seed = tournament.game_seed(pairing)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def humans(self) -> tuple[int, ...]:
        """The table seats of the people at this screen."""
        return tuple(s for s, p in enumerate(self.players) if p.kind == "person")

    @property
    def levels(self) -> list[str]:
        return [p.level for p in self.players]

    @property
    def on_lan(self) -> bool:
        return any(p.kind == "network" for p in self.players)

    def new_state(self) -> GameState:
        return GameState.new(self.t.rules, seed=self.seed)

    def listen(self, table: Table) -> Autosave:
        """What a tournament game's table keeps: its save after every trick, the
        statistics (with people at this screen), its record, and its result in the
        tournament the moment it ends (before anyone presses Continue, so quitting at the
        game-over dialog loses nothing)."""
        names, humans = self.names, self.humans
        saved_seats = offline_seats(names, humans, self.levels)
        autosave = Autosave(
            table,
            self.save_path,
            lambda: saved_seats,
            on_saved=lambda: self.note("saved"),
            on_error=lambda exc: log.warning("could not save the tournament game: %s", exc),
            tournament=self.tournament_id,
            tournament_game=self.pairing.number,
        )
        if humans:
            StatsRecorder(table, stats_path(), opponents_level(self.levels, humans))
        GameKeeper(table, names, tournament=self.name, game=self.pairing.number + 1, people=humans)
        when_over(table, lambda: self._count(table.state))
        return autosave

    def _count(self, state: GameState) -> None:
        try:
            self.t.record_game(state, self.offset)
        except TournamentError as exc:
            log.warning("the game could not be counted: %s", exc)
            return
        self.counted()

    def local_link(self, state: GameState | None = None, *, inline: bool = False) -> LocalLink:
        """The game at this screen (``state``: its resumed state, else a new deal)."""
        table = local_table(
            state if state is not None else self.new_state(),
            self.names, self.humans, self.levels, self.seed,
            inline=inline,
        )  # fmt: skip
        link = LocalLink(table, self.humans)
        link.autosave = self.listen(table)
        return link

    def host(
        self, state: GameState | None = None, *, table_name: str, **hosting: Any
    ) -> tuple[Any, list[Any]]:
        """The game with players on the LAN, hosted by this window as a LAN table that
        starts by itself once every LAN seat is taken (``hosting``: ``announce``,
        ``bind``, ``port``, ``ai_delay``, see ``net.host.host_table``); the people here
        sit down through a session each. The host and the sessions, or
        ``net.host.HostError``."""
        from tarneeb_desktop.net.host import host_table

        players = self.players
        host, sessions = host_table(
            [(s, p.name) for s, p in enumerate(players) if p.kind == "person"],
            rules=self.t.rules,
            seed=self.seed,
            state=state if state is not None else self.new_state(),
            open_seats=[s for s, p in enumerate(players) if p.kind in ("person", "network")],
            levels=self.levels,
            names=self.names,
            bots=self.names,
            auto_start=True,
            table_name=table_name,
            latecomers="no",  # a computer's seat in a tournament's game is its team's
            **hosting,
        )
        self.listen(host.table)
        return host, sessions


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


# ---------------------------------------------------------------------- the tutorial

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
    state: GameState, names: Sequence[str], script: Script, seed: int, person: int = 0
) -> LocalLink:
    """The first-game tutorial's table (``ui/tutorial.py``): ``state`` (its fixed deal), a
    person at ``person`` and scripted seats (:func:`scripted_seat`) at the others, their
    decisions at once (no worker thread). No listeners: not saved, not counted, not kept."""
    seats: list[Seat] = [
        PersonSeat(names[s]) if s == person else scripted_seat(script, seed, s, names[s])
        for s in range(4)
    ]
    table = Table(state, seats, list(names), seed=seed, pool=Pool(inline=True))
    return LocalLink(table, (person,))
