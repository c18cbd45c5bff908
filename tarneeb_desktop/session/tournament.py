"""A tournament below the window: set up (:func:`new_tournament`, :meth:`Running.rematch`),
saved and resumed (:class:`Running`: ``tournament.json`` with its name, the game being played
in ``tournament-game.json``), its games' tables (:class:`TournamentGame`: the same table and
listeners as an offline game, the game counted in the tournament the moment it ends, or a LAN
table hosted by the window with players on the LAN), and the past tournaments kept when they
end (:func:`archive`, :func:`list_past`). The window's scenes (``ui/tournament_*.py``) draw
them and take input; they build none of this.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Self

from tarneeb_desktop.arena import play_game
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules import GameState, Rules
from tarneeb_desktop.seeds import new_seed
from tarneeb_desktop.session.game import Note, _quiet, local_table, opponents_level
from tarneeb_desktop.stats import StatsRecorder, stats_path
from tarneeb_desktop.storage import load_json, set_aside, write_json_atomic
from tarneeb_desktop.table.ending import when_over
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.history import GameKeeper
from tarneeb_desktop.table.link import Autosave, LocalLink
from tarneeb_desktop.table.names import TOURNAMENT_NAMES, numbered
from tarneeb_desktop.table.savegame import SaveError, offline_seats, read_save
from tarneeb_desktop.table.tournament import (
    MAX_TEAMS,
    MIN_TEAMS,
    GameResult,
    Pairing,
    Player,
    Team,
    Tournament,
    TournamentError,
    default_team_name,
)

__all__ = [
    "MAX_TEAMS",
    "GameResult",
    "MIN_TEAMS",
    "Pairing",
    "Player",
    "Running",
    "Team",
    "Tournament",
    "TournamentError",
    "TournamentGame",
    "default_team_name",
    "new_tournament",
]

log = logging.getLogger(__name__)

SAVE_FORMAT = "tarneeb-tournament-save/1"
TOURNAMENT_FILE = "tournament.json"
GAME_FILE = "tournament-game.json"
PAST_FOLDER = "tournaments"
PAST_FORMAT = SAVE_FORMAT  # a kept tournament is what tournament.json held


def tournament_path() -> Path:
    return user_data_dir() / TOURNAMENT_FILE


def game_path() -> Path:
    return user_data_dir() / GAME_FILE


#: A seat as the setup form or the command line gives it: (kind, name), kind "person",
#: "network", a computer's level or a bot ("cmd:COMMAND")
SeatChoice = tuple[str, str]


def player_of(spec: str, name: str) -> Player:
    """A computer of level ``spec`` or a bot (``cmd:COMMAND``) called ``name``; TournamentError
    for anything else."""
    player = Player.from_spec(spec)
    return dataclasses.replace(player, name=name)


def team_name(names: Sequence[str]) -> str:
    """A team's name from its two players' names (``"Karim & Layla"``)."""
    return default_team_name([Player("person", n) for n in names])


#: The kinds of seat a person takes (here, or on the LAN): their names are theirs.
PEOPLE = ("person", "network")


def new_tournament(
    teams: Sequence[tuple[str | None, Sequence[SeatChoice]]],
    rules: Rules,
    *,
    games: int | None = None,
    streak: int | None = None,
    knockout: bool = False,
    seed: int | None = None,
) -> Tournament:
    """The tournament the setup asks for: each team (its name, None to take its players'
    names) with its two seats (a person here, a player on the LAN or a computer's level);
    the seed drawn by the one rule (``seeds.new_seed``). TournamentError when it
    cannot be."""
    built = []
    people = {who.casefold() for _, seats in teams for kind, who in seats if kind in PEOPLE}
    taken = set(people)
    for name, seats in teams:
        players = []
        for kind, who in seats:
            if kind in PEOPLE:
                players.append(Player(kind, who))
                continue
            if who.casefold() in taken:  # a person's name, or an earlier computer's
                free = [n for n in TOURNAMENT_NAMES if n.casefold() not in taken]
                who = free[0] if free else numbered(who, taken)
            taken.add(who.casefold())
            players.append(player_of(kind, who))
        built.append(Team.of(players, name))
    return Tournament(
        built, rules, games=games, streak=streak, knockout=knockout, seed=new_seed(seed)
    )


class Running:
    """A tournament in the window: the tournament, its name and its id (the seed's text,
    so a game save of another tournament is never taken for this one's)."""

    #: where a line for the tests goes ("tournament saved"; the window's ``test_log``)
    note: Callable[[str], None] = staticmethod(_quiet)

    def __init__(self, tournament: Tournament, name: str) -> None:
        self.t = tournament
        self.name = name
        self.host: Any = None  # the LAN table of the game being played, if it has one

    @property
    def id(self) -> str:
        return f"{self.name}/{self.t.seed}"

    # ------------------------------------------------------------------ saving
    def save(self) -> None:
        """Write ``tournament.json`` atomically (OSError when it cannot be); a finished
        tournament is also kept with the past ones (:func:`archive`)."""
        path = tournament_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        doc = {"format": SAVE_FORMAT, "name": self.name, "state": self.t.to_dict()}
        write_json_atomic(path, doc)
        if self.t.finished is not None and self.t.results:  # ended before a game: not kept
            archive(self.name, doc, self.id)

    def save_quietly(self) -> None:
        try:
            self.save()
            self.note("tournament saved")
        except OSError as exc:
            log.warning("could not save the tournament: %s", exc)

    @classmethod
    def load(cls) -> Self | None:
        """The saved tournament, or None; TournamentError (after setting the file aside)
        when it is damaged."""
        path = tournament_path()
        doc, problem = load_json(path)
        if problem:
            raise TournamentError(problem)
        if doc is None:
            return None
        try:
            if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
                raise TournamentError("not a saved tournament")
            name = doc.get("name")
            if not isinstance(name, str) or not name:
                raise TournamentError("the tournament has no name")
            return cls(Tournament.from_dict(doc.get("state")), name)
        except TournamentError as exc:
            kept = set_aside(path)
            where = f"; it was kept as {kept.name}" if kept else ""
            raise TournamentError(
                f"the saved tournament could not be used ({exc}){where}"
            ) from None

    # ------------------------------------------------------------------ a game
    def table_seats(self, pairing: Pairing) -> tuple[int, list[Player]]:
        """The turn of the table and the players by table seat (``session.turned_seats``)."""
        return turned_seats(self.t.seats(pairing))

    def game(self, pairing: Pairing) -> TournamentGame:
        """The pairing's game as the session module sets it up: counted in the tournament
        the moment it ends, which saves the tournament."""
        return TournamentGame(
            self.t,
            pairing,
            name=self.name,
            tournament_id=self.id,
            save_path=game_path(),
            counted=self.save_quietly,
            note=self.note,
        )

    def saved_state(self, pairing: Pairing) -> GameState | None:
        """The saved state of this game, if the save is this tournament's game."""
        try:
            saved = read_save(game_path(), need_person=False)
        except (SaveError, OSError) as exc:
            log.warning("the tournament game could not be resumed: %s", exc)
            return None
        if saved is None:
            return None
        if (
            saved.extra.get("tournament") != self.id
            or saved.extra.get("tournament_game") != pairing.number
        ):
            return None
        return saved.state

    @classmethod
    def begin(cls, tournament: Tournament, name: str) -> Self:
        """A new tournament under way: saved, and no older tournament's game left to resume."""
        running = cls(tournament, name)
        running.save_quietly()
        game_path().unlink(missing_ok=True)
        return running

    def rematch(self, name: str) -> Self:
        """The champion's Rematch: the same teams, rules and end, a new deal (the seed by the
        one rule) and ``name``."""
        return self.begin(self.t.rematch(new_seed()), name)


def in_progress(notices: list[str] | None = None) -> float | None:
    """When the tournament in progress was last saved (its file's time), or None; a
    damaged save (set aside) is said in ``notices``."""
    try:
        running = Running.load()
    except TournamentError as exc:
        if notices is not None:
            notices.append(str(exc))
        return None
    if running is None or running.t.finished is not None:
        return None
    times = []
    for p in (tournament_path(), game_path()):
        try:
            times.append(os.path.getmtime(p))
        except OSError:
            pass
    return max(times) if times else None


# ---------------------------------------------------------------------- played headless


def record_path(folder: Path, number: int) -> Path:
    """Where ``--save-records`` writes game ``number`` (from 0): game-001.json, ..."""
    return folder / f"game-{number + 1:03d}.json"


def run_tournament(
    tournament: Tournament,
    save_records: Path | None = None,
    bot_timeout: float = 10.0,
    on_game: Callable[[GameResult], None] | None = None,
) -> None:
    """Play every game of a tournament of computers and bots at full speed, each a
    ``arena.play_game`` (``tarneeb tournament``; the window plays its games on tables, each
    counted by :class:`TournamentGame`); with ``save_records`` each game's record is written
    there (OSError when it cannot be)."""
    while (pairing := tournament.next_game()) is not None:
        specs = [p.spec() for p in tournament.seats(pairing)]
        table = play_game(
            tournament.rules,
            tournament.game_seed(pairing),
            specs,
            tournament.names(pairing),
            bot_timeout,
        )
        if save_records is not None:
            table.write_record(record_path(save_records, pairing.number))
        result = tournament.record_game(table.state)
        if on_game is not None:
            on_game(result)


# ---------------------------------------------------------------------- the past ones


def past_dir() -> Path:
    return user_data_dir() / PAST_FOLDER


def archive(name: str, doc: dict[str, Any], key: str) -> Path:
    """Keep a finished tournament (``doc``: what ``tournament.json`` holds) in the past
    tournaments; one file per tournament (``key``: its id), written atomically."""
    folder = past_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (hashlib.sha1(key.encode("utf-8")).hexdigest()[:16] + ".json")
    write_json_atomic(path, doc)
    return path


def list_past() -> list[tuple[str, Tournament, float]]:
    """The past tournaments, newest first: (name, tournament, when it was kept). A file
    that cannot be read is left out (and logged)."""
    out = []
    try:
        files = sorted(past_dir().glob("*.json"))
    except OSError:
        return []
    for path in files:
        doc, problem = load_json(path)
        try:
            if problem or not isinstance(doc, dict) or doc.get("format") != PAST_FORMAT:
                raise TournamentError(problem or "not a kept tournament")
            name = doc.get("name")
            if not isinstance(name, str) or not name:
                raise TournamentError("no name")
            t = Tournament.from_dict(doc.get("state"))
            if not t.results:  # ended before a game (kept by older versions): nothing to see
                continue
            out.append((name, t, os.path.getmtime(path)))
        except (TournamentError, OSError) as exc:
            log.warning("past tournament %s left out: %s", path.name, exc)
    return sorted(out, key=lambda row: -row[2])


# ---------------------------------------------------------------------- a game


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
        ``bind``, ``port``, ``ai_delay``, see ``session.lan.host_table``); the people here
        sit down through a session each. The host and the sessions, or
        ``session.lan.HostError``."""
        from tarneeb_desktop.session.lan import host_table

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
