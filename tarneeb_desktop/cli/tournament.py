"""``tarneeb tournament``: computer levels and bots play a winner-stays-on tournament.

Each game is a whole game through the table flow at full speed (``arena.play_game``), with
a seed derived from ``--seed`` and the game's number (``table.tournament.game_seed``); the
computer seats take theirs from it by the one seat formula.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections import Counter
from itertools import cycle
from pathlib import Path

from tarneeb_desktop.cli.words import count
from tarneeb_desktop.rules import InvalidRulesError, RulesError
from tarneeb_desktop.rules.args import rules_from_args
from tarneeb_desktop.session.tournament import (
    GameResult,
    Tournament,
    TournamentError,
    new_tournament,
    run_tournament,
)
from tarneeb_desktop.table.names import TOURNAMENT_NAMES, numbered

ENDED = {
    "games": "after the number of games chosen",
    "streak": "a team won the games in a row asked for",
    "knockout": "one team is left",
    "by_hand": "by hand",
}


def build(args: argparse.Namespace) -> Tournament:
    """The tournament the arguments ask for; TournamentError, InvalidRulesError or
    RulesError (a sentence) when they are wrong."""
    rules = rules_from_args(args)
    specs = [s.strip() for s in args.teams.split(",")]
    if any(not s for s in specs):
        raise TournamentError("--teams is a comma-separated list like easy,medium,hard")
    if args.games is None and not args.knockout:
        raise TournamentError("--games N is needed (unless --knockout)")
    if args.games is not None and args.games < 1:
        raise TournamentError("--games must be at least 1")
    if args.streak is not None and args.streak < 1:
        raise TournamentError("--streak must be at least 1")
    # Each team its name (its level; "easy 1", "easy 2" when two have one) and its
    # players their own names (issue 48 item 16: "easy & easy vs easy & easy").
    names, counts, seen = cycle(TOURNAMENT_NAMES), Counter(specs), Counter[str]()
    teams = []
    for s in specs:
        seen[s] += 1
        team = s if counts[s] == 1 else f"{s} {seen[s]}"
        teams.append((team, [(s, next(names)), (s, next(names))]))
    return new_tournament(
        teams,
        rules,
        games=args.games,
        streak=args.streak,
        knockout=args.knockout,
        seed=args.seed,
    )


def main(args: argparse.Namespace) -> int:
    """``tarneeb tournament``: play it, print each game, the standings and the champion."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(message)s")
    try:
        tournament = build(args)
    except (TournamentError, InvalidRulesError, RulesError) as exc:
        print(f"tarneeb tournament: {exc}", file=sys.stderr)
        return 2
    if not args.bot_timeout > 0:
        print("tarneeb tournament: --bot-timeout must be positive", file=sys.stderr)
        return 2
    folder = Path(args.save_records) if args.save_records else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"tarneeb tournament: cannot use {folder}: {exc.strerror}", file=sys.stderr)
            return 2
    # the teams as the lines name them: two of one level numbered ("easy", "easy 2"), as
    # "easy vs easy ... easy wins" said nothing (the JSON keeps each team's level)
    names: list[str] = []
    for t in tournament.teams:
        names.append(numbered(t.name, {n.casefold() for n in names}))
    print(
        f"tournament of {len(names)} teams ({', '.join(names)}), rules "
        f"{tournament.rules.to_dict()}, seed {tournament.seed}"
    )

    def show(r: GameResult) -> None:
        a, b = r.teams
        print(
            f"game {len(tournament.results)}: {names[a]} vs {names[b]}  "
            f"{r.totals[0]} : {r.totals[1]}, {names[r.winner]} wins ({count(r.hands, 'hand', 'hands')})"
        )
        sys.stdout.flush()

    try:
        run_tournament(tournament, folder, args.bot_timeout, show)
    except OSError as exc:
        print(f"tarneeb tournament: cannot write a record: {exc}", file=sys.stderr)
        return 1
    print(f"ended {ENDED.get(tournament.finished or '', '')}; standings:")
    for i, s in enumerate(tournament.standings()):
        print(
            f"  {i + 1}. {names[s.team]}: played {s.played}, won {s.won}, lost {s.lost}, "
            f"points {s.points_for} : {s.points_against}" + (", out" if s.knocked_out else "")
        )
    champion = tournament.champion()
    if champion is not None:
        print(f"champion: {names[champion]}")
    if args.json:
        print(json.dumps(tournament.result_document()))
    sys.stdout.flush()
    return 0
