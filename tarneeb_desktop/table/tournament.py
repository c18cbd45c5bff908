"""Tournaments, winner stays on: 3 to 8 teams of two, a queue, and who plays next.

Pure logic and a serialisable state; whoever plays the games (the window, ``tarneeb
tournament``) asks :meth:`Tournament.next_game` which two teams play and in which seats,
plays the game under :attr:`Tournament.rules` with the seed :meth:`Tournament.game_seed`
gives, and reports it with :meth:`Tournament.record_game` (or :meth:`record_result`).

* **Order.** The teams wait in a queue in the order given. The first two play (the first at
  seats 0 and 2, the second at seats 1 and 3). The winner stays on in the seats it had; the
  loser goes to the back of the queue, or with ``knockout`` is out. The next game is the
  winner against the team at the front of the queue, which takes the other two seats.
* **End.** After ``games`` games, when a team has won ``streak`` games in a row, when one
  team is left (knockout), or by hand (:meth:`Tournament.finish`).
* **Champion.** Most games won; ties broken by fewer games lost, then by points for minus
  points against, and last by the order the teams were given.

A seat of a team is a :class:`Player`: a person at this screen, a computer level, a protocol
bot (``cmd:COMMAND``) or a player on the network, as data only. :meth:`Tournament.to_dict`
is what a save keeps; :meth:`Tournament.from_dict` reads it back by replaying the results
from the first game, so a save that does not add up is refused (TournamentError).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.rules import GameState, Rules, RulesError, rules_from_dict
from tarneeb_desktop.rules.codec import is_int
from tarneeb_desktop.seeds import tournament_game_seed
from tarneeb_desktop.table.history import played_hands

STATE_FORMAT = "tarneeb-tournament-state/1"
RESULT_FORMAT = "tarneeb-tournament/1"
MIN_TEAMS = 3
MAX_TEAMS = 8
PLAYER_KINDS = ("person", "computer", "bot", "network")
#: Why a tournament ended: its number of games, a winning streak, one team left
#: (knockout), or by hand from the menu.
END_REASONS = ("games", "streak", "knockout", "by_hand")


class TournamentError(ValueError):
    """A tournament that cannot be: wrong teams or options, a damaged save, a result that
    does not fit the game being played. The message is a sentence for the user."""


# ---------------------------------------------------------------------- teams


@dataclass(frozen=True)
class Player:
    """One seat of a team: ``kind`` is person (at this screen), computer (of ``level``),
    bot (``command`` speaking ``tarneeb-bot/1``) or network (a player on the LAN; a computer
    of ``level`` stands in while they are away)."""

    kind: str
    name: str
    level: str = "medium"
    command: str = ""

    def __post_init__(self) -> None:
        if self.kind not in PLAYER_KINDS:
            raise TournamentError(
                f"a player is one of {', '.join(PLAYER_KINDS)}, not {self.kind!r}"
            )
        if not isinstance(self.name, str) or not self.name.strip():
            raise TournamentError("every player needs a name")
        if self.kind in ("computer", "network") and self.level not in LEVELS:
            raise TournamentError(
                f"unknown computer level {self.level!r}: one of {', '.join(LEVELS)}"
            )
        if self.kind == "bot" and not self.command.strip():
            raise TournamentError("a bot needs a command, e.g. cmd:'tarneeb bot'")

    @classmethod
    def from_spec(cls, spec: str) -> Player:
        """A computer level (``"easy"``) or a bot (``"cmd:COMMAND"``), as on the command line."""
        if spec.startswith("cmd:"):
            return cls("bot", spec, command=spec[4:].strip())
        if spec not in LEVELS:
            raise TournamentError(
                f"unknown player {spec!r}: one of {', '.join(LEVELS)} or cmd:COMMAND"
            )
        return cls("computer", spec, level=spec)

    @property
    def automatic(self) -> bool:
        """True for a computer or a bot: a game of only these plays itself."""
        return self.kind in ("computer", "bot")

    def spec(self) -> str:
        """The seat as ``arena.play_game`` takes it (a level or ``cmd:COMMAND``); only for
        a computer or a bot."""
        if self.kind == "computer":
            return self.level
        if self.kind == "bot":
            return "cmd:" + self.command
        raise TournamentError(f"{self.name} is a {self.kind}, not a computer or a bot")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.kind in ("computer", "network"):
            d["level"] = self.level
        if self.kind == "bot":
            d["command"] = self.command
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Player:
        if not isinstance(d, Mapping):
            raise TournamentError("a player is an object")
        kind, name = d.get("kind"), d.get("name")
        level, command = d.get("level", "medium"), d.get("command", "")
        if not all(isinstance(v, str) for v in (kind, name, level, command)):
            raise TournamentError("a player's kind, name, level and command are text")
        return cls(str(kind), str(name), str(level), str(command))  # all text: checked above


def default_team_name(players: Sequence[Player]) -> str:
    """A team's name from its players' names: ``"Karim & Layla"``, or one name when both
    are called the same (``"medium"`` for two medium computers)."""
    a, b = (p.name.strip() for p in players)
    return a if a == b else f"{a} & {b}"


@dataclass(frozen=True)
class Team:
    """Two players; the first sits at seat 0 or 1 of a game, the second opposite."""

    name: str
    players: tuple[Player, Player]

    @classmethod
    def of(cls, players: Sequence[Player], name: str | None = None) -> Team:
        """A team of two, named ``name`` or by default from its players."""
        if len(players) != 2:
            raise TournamentError("a team has two players")
        pair = (players[0], players[1])
        name = default_team_name(pair) if name is None or not name.strip() else name.strip()
        return cls(name, pair)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": [p.to_dict() for p in self.players]}

    @classmethod
    def from_dict(cls, d: Any) -> Team:
        if not isinstance(d, Mapping) or not isinstance(d.get("players"), list):
            raise TournamentError("a team is an object with its players")
        name = d.get("name")
        if name is not None and not isinstance(name, str):
            raise TournamentError("a team's name is text")
        return cls.of([Player.from_dict(p) for p in d["players"]], name)


# ---------------------------------------------------------------------- games


@dataclass(frozen=True)
class Pairing:
    """The next game: ``teams[0]`` (a team number) sits at seats 0 and 2, ``teams[1]`` at
    seats 1 and 3; ``number`` counts the tournament's games from 0."""

    number: int
    teams: tuple[int, int]

    def team_at(self, seat: int) -> int:
        """The team number playing ``seat``."""
        return self.teams[seat % 2]

    @staticmethod
    def member_at(seat: int) -> int:
        """Which of its team's two players sits at ``seat`` (0 at seats 0/1, 1 opposite)."""
        return seat // 2


@dataclass(frozen=True)
class GameResult:
    """One game played: ``teams`` as in its Pairing, ``winner`` a team number, ``totals``
    the game's final scores in the order of ``teams``, ``hands`` the hands it took."""

    teams: tuple[int, int]
    winner: int
    totals: tuple[int, int]
    hands: int

    @property
    def loser(self) -> int:
        return self.teams[1] if self.winner == self.teams[0] else self.teams[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "teams": list(self.teams),
            "winner": self.winner,
            "totals": list(self.totals),
            "hands": self.hands,
        }


@dataclass(frozen=True)
class Standing:
    """A team's line of the table of standings."""

    team: int
    name: str
    played: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    knocked_out: bool = False

    def sort_key(self) -> tuple[int, bool, int, int, int]:
        """Most won first, then a team that played before one that never did (issue 48
        item 16: 0 games and 0 points stood above a game lost with 30), then fewest lost,
        then best points difference, then given order."""
        diff = self.points_against - self.points_for
        return (-self.won, self.played == 0, self.lost, diff, self.team)

    def to_dict(self) -> dict[str, Any]:
        return {
            "team": self.team,
            "name": self.name,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "points_for": self.points_for,
            "points_against": self.points_against,
        }


def _limit(value: Any, what: str) -> int | None:
    if value is None:
        return None
    if not is_int(value) or value < 1:
        raise TournamentError(f"the number of {what} must be a whole number of 1 or more")
    return int(value)


# ---------------------------------------------------------------------- the tournament


class Tournament:
    """Winner stays on. Build it, then loop: ``next_game()``, play it, ``record_game()``,
    until ``next_game()`` is None (``finished`` says why)."""

    def __init__(
        self,
        teams: Sequence[Team],
        rules: Rules,
        *,
        games: int | None = None,
        streak: int | None = None,
        knockout: bool = False,
        seed: int = 0,
    ) -> None:
        if not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
            raise TournamentError(
                f"a tournament has {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(teams)}"
            )
        if not all(isinstance(t, Team) for t in teams):
            raise TournamentError("every team is a Team")
        if not is_int(seed):
            raise TournamentError("the seed is a whole number")
        self.teams: tuple[Team, ...] = tuple(teams)
        self.rules = rules
        self.games = _limit(games, "games")
        self.streak = _limit(streak, "games in a row")
        self.knockout = bool(knockout)
        self.seed = int(seed)
        self.results: list[GameResult] = []
        self.queue: list[int] = list(range(len(self.teams)))
        self.knocked_out: list[int] = []
        #: The pairing of the game to play (or being played); None once finished.
        self.current: Pairing | None = Pairing(0, (self.queue.pop(0), self.queue.pop(0)))
        #: Why the tournament ended (one of END_REASONS), or None while it goes on.
        self.finished: str | None = None

    # ------------------------------------------------------------------ playing
    def next_game(self) -> Pairing | None:
        """The game to play now: its two teams and their seats; None when it is over."""
        return self.current

    def player_at(self, pairing: Pairing, seat: int) -> Player:
        """Who plays ``seat`` in that game."""
        return self.teams[pairing.team_at(seat)].players[pairing.member_at(seat)]

    def seats(self, pairing: Pairing) -> list[Player]:
        """The game's four players, seat 0 to 3."""
        return [self.player_at(pairing, s) for s in range(4)]

    def names(self, pairing: Pairing) -> list[str]:
        """The game's four players' names, seat 0 to 3."""
        return [p.name for p in self.seats(pairing)]

    def game_seed(self, pairing: Pairing) -> int:
        """The seed of that game, derived from the tournament's seed and the game's number
        (computer seats then take theirs by ``table.seats.seat_seed``)."""
        return game_seed(self.seed, pairing.number)

    def record_game(self, state: GameState, offset: int = 0) -> GameResult:
        """Count the finished game ``state``. Its seats are :meth:`next_game`'s turned by
        ``offset`` (table seat ``s`` is the pairing's seat ``(s + offset) % 4``: the window
        turns the table so that a person sits at seat 0). In 41 the team totals are the
        partners' summed seat scores (``state.scores``, as ``GameOver.totals`` say)."""
        if not state.is_over() or state.winner is None:
            raise TournamentError("only a finished game counts in the tournament")
        if offset not in (0, 1, 2, 3) or isinstance(offset, bool):
            raise TournamentError(f"the seats are turned by 0 to 3, not {offset!r}")
        totals = (state.scores[offset % 2], state.scores[(offset + 1) % 2])
        # the hands played (a deal thrown in is none), as the viewer and `replay` count them
        hands = played_hands(state.history)
        return self.record_result((state.winner + offset) % 2, totals, hands)

    def record_result(self, winner_side: int, totals: Sequence[int], hands: int) -> GameResult:
        """Count the current game: ``winner_side`` 0 (the team at seats 0 and 2) or 1,
        ``totals`` its final scores by side, ``hands`` how many hands it took. Moves the
        loser to the back of the queue (or out) and says who plays next."""
        pairing = self.current
        if pairing is None:
            raise TournamentError("the tournament is over: no game is being played")
        if winner_side not in (0, 1) or isinstance(winner_side, bool):
            raise TournamentError(f"the winner is side 0 or 1, not {winner_side!r}")
        if len(totals) != 2 or not all(is_int(t) for t in totals):
            raise TournamentError("a game's totals are two whole numbers")
        if not is_int(hands) or hands < 0:
            raise TournamentError("a game's number of hands is a whole number")
        result = GameResult(
            pairing.teams, pairing.teams[winner_side], (int(totals[0]), int(totals[1])), hands
        )
        self.results.append(result)
        if self.knockout:
            self.knocked_out.append(result.loser)
        else:
            self.queue.append(result.loser)
        self.current = None
        streak_team, run = self.current_streak()
        if self.streak is not None and run >= self.streak:
            self.finished = "streak"
        elif self.games is not None and len(self.results) >= self.games:
            self.finished = "games"
        elif not self.queue:
            self.finished = "knockout"
        else:
            # The winner keeps its side and seats; the next team takes the other side.
            teams = [0, 0]
            teams[winner_side] = result.winner
            teams[1 - winner_side] = self.queue.pop(0)
            self.current = Pairing(len(self.results), (teams[0], teams[1]))
        return result

    def rematch(self, seed: int) -> Tournament:
        """The same tournament again (its teams, rules and end) from no game played, dealt
        from ``seed``: the champion screen's Rematch."""
        return Tournament(
            self.teams,
            self.rules,
            games=self.games,
            streak=self.streak,
            knockout=self.knockout,
            seed=seed,
        )

    def finish(self) -> None:
        """End the tournament by hand (from the menu); a game in progress does not count."""
        if self.finished is None:
            self.finished = "by_hand"
            self.current = None

    # ------------------------------------------------------------------ reading
    def current_streak(self) -> tuple[int | None, int]:
        """The team that won the last game and how many games in a row it has won."""
        if not self.results:
            return None, 0
        team = self.results[-1].winner
        run = 0
        for r in reversed(self.results):
            if r.winner != team:
                break
            run += 1
        return team, run

    def standings(self) -> list[Standing]:
        """Every team's line, the champion first."""
        rows = {
            i: {"played": 0, "won": 0, "lost": 0, "pf": 0, "pa": 0} for i in range(len(self.teams))
        }
        for r in self.results:
            for side, team in enumerate(r.teams):
                row = rows[team]
                row["played"] += 1
                row["won" if r.winner == team else "lost"] += 1
                row["pf"] += r.totals[side]
                row["pa"] += r.totals[1 - side]
        out = [
            Standing(
                i,
                self.teams[i].name,
                row["played"],
                row["won"],
                row["lost"],
                row["pf"],
                row["pa"],
                i in self.knocked_out,
            )
            for i, row in rows.items()
        ]
        return sorted(out, key=Standing.sort_key)

    def champion(self) -> int | None:
        """The team at the top of the standings; None before any game was played."""
        return self.standings()[0].team if self.results else None

    def tie_break(self) -> str | None:
        """What put the first team above the second when they won as many games: "lost"
        (fewer games lost), "points" (a better points difference) or "order" (the order the
        teams were entered, all else equal); None when the first won more games (or there
        are no two teams to compare, or a knockout: the last team left wins)."""
        rows = self.standings()
        if self.knockout or len(rows) < 2 or not self.results:
            return None
        a, b = rows[0], rows[1]
        if a.won != b.won:
            return None
        if a.lost != b.lost:
            return "lost"
        if a.points_for - a.points_against != b.points_for - b.points_against:
            return "points"
        return "order"

    def result_document(self) -> dict[str, Any]:
        """The ``tarneeb-tournament/1`` object ``tarneeb tournament --json`` prints."""
        return {
            "format": RESULT_FORMAT,
            "rules": self.rules.to_dict(),
            "teams": [t.name for t in self.teams],
            "games": [r.to_dict() for r in self.results],
            "standings": [s.to_dict() for s in self.standings()],
            "champion": self.champion(),
        }

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """What a save keeps: the teams, the options and the results so far."""
        return {
            "format": STATE_FORMAT,
            "rules": self.rules.to_dict(),
            "teams": [t.to_dict() for t in self.teams],
            "games": self.games,
            "streak": self.streak,
            "knockout": self.knockout,
            "seed": self.seed,
            "results": [r.to_dict() for r in self.results],
            "finished_by_hand": self.finished == "by_hand",
        }

    @classmethod
    def from_dict(cls, d: Any) -> Tournament:
        """Read back :meth:`to_dict`; TournamentError when it is damaged or does not add
        up (every result must be the game the tournament had to play then)."""
        if not isinstance(d, Mapping) or d.get("format") != STATE_FORMAT:
            raise TournamentError(f"not a saved tournament ({STATE_FORMAT})")
        try:
            rules = rules_from_dict(d.get("rules", {}))
        except RulesError as exc:
            raise TournamentError(f"the tournament's rules are damaged: {exc}") from None
        teams = d.get("teams")
        if not isinstance(teams, list):
            raise TournamentError("the tournament's teams are missing")
        knockout = d.get("knockout", False)
        if not isinstance(knockout, bool):
            raise TournamentError("knockout is true or false")
        t = cls(
            [Team.from_dict(team) for team in teams],
            rules,
            games=d.get("games"),
            streak=d.get("streak"),
            knockout=knockout,
            seed=d.get("seed", 0),
        )
        results = d.get("results", [])
        if not isinstance(results, list):
            raise TournamentError("the tournament's results are damaged")
        for i, r in enumerate(results):
            pairing = t.current
            if not isinstance(r, Mapping):
                raise TournamentError(f"game {i + 1}'s result is damaged")
            if pairing is None:
                raise TournamentError(f"game {i + 1} was played after the tournament ended")
            if r.get("teams") != list(pairing.teams) or r.get("winner") not in pairing.teams:
                raise TournamentError(f"game {i + 1} was not between the teams whose turn it was")
            totals, hands = r.get("totals"), r.get("hands")
            if not isinstance(totals, list):
                raise TournamentError(f"game {i + 1}'s totals are damaged")
            t.record_result(pairing.teams.index(r["winner"]), totals, hands)  # type: ignore[arg-type]
        if d.get("finished_by_hand") is True:
            t.finish()
        return t


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 0) of the tournament seeded ``seed``."""
    return tournament_game_seed(seed, number)
