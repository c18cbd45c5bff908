"""The command line, the top layer: ``tarneeb`` opens the game window, and its subcommands.

The parser is here; each subcommand's ``main`` is in a module of this package.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tarneeb_desktop import __version__
from tarneeb_desktop.rules.args import add_rules_args


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tarneeb",
        description="Tarneeb Desktop: play Tarneeb against the computer, on one screen or on a LAN. "
        "Without a subcommand the game window opens.",
    )
    parser.add_argument("--version", action="version", version=f"tarneeb {__version__}")
    parser.add_argument(
        "--autoplay",
        action="store_true",
        help="four computer players play one whole game in the window, then exit",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals (autoplay)")
    parser.add_argument("--fast", action="store_true", help="autoplay without animations")
    parser.add_argument("--save-record", metavar="FILE", help="write the autoplayed game's record")
    parser.add_argument("--level", default=None, help="computer players' level for autoplay")
    parser.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1280x720")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    add_rules_args(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "replay",
        help="check a game record against the rules and summarise it",
        description="Replay a tarneeb-record/1 game record through the rules engine. "
        "Exit status 0: legal; 1: malformed or illegal; 2: wrong usage.",
    )
    p.add_argument("file", help="the record (JSON)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")

    p = sub.add_parser("bot", help="play one seat over the tarneeb-bot/1 protocol on stdin/stdout")
    p.add_argument("--level", default="medium", help="AI level (default medium)")
    p.add_argument("--seed", type=int, default=None)

    p = sub.add_parser(
        "arena", help="play AI levels and bots against each other on duplicate deals"
    )
    p.add_argument("--deals", type=int, default=100)
    p.add_argument(
        "--games",
        type=int,
        default=None,
        metavar="N",
        help="play N pairs of whole games (0-0 to the target, the same deals, the teams "
        "swapped) instead of single deals; reports games won with a 95%% interval",
    )
    p.add_argument("--seed", type=int, default=1)
    add_rules_args(p)
    p.add_argument("--team0", default="medium", help="a level or cmd:COMMAND")
    p.add_argument("--team1", default="easy", help="a level or cmd:COMMAND")
    p.add_argument("--json", action="store_true", help="end with one JSON line of results")
    p.add_argument("--bot-timeout", type=float, default=10.0, help="seconds a bot may think")

    p = sub.add_parser(
        "tournament",
        help="AI levels and bots play a winner-stays-on tournament",
        description="Teams of two (a computer level or cmd:COMMAND each) play whole games; "
        "the winner stays on, the loser goes to the back of the queue (or out with "
        "--knockout). Exit status 0; 2 for wrong usage.",
    )
    p.add_argument(
        "--teams", required=True, metavar="A,B,C", help="3 to 8 teams: levels or cmd:COMMAND"
    )
    p.add_argument("--games", type=int, default=None, metavar="N", help="games to play")
    p.add_argument(
        "--streak", type=int, default=None, metavar="K", help="end when a team wins K in a row"
    )
    p.add_argument("--knockout", action="store_true", help="the loser of a game is out")
    p.add_argument("--seed", type=int, default=None, help="seed of the games (default random)")
    add_rules_args(p)
    p.add_argument("--save-records", metavar="DIR", help="write each game's record into DIR")
    p.add_argument("--json", action="store_true", help="end with one JSON line of results")
    p.add_argument("--bot-timeout", type=float, default=10.0, help="seconds a bot may think")

    p = sub.add_parser(
        "analyse",
        help="double-dummy analysis of every card played in a game record",
        description="For every card of a tarneeb-record/1, the tricks its side could take "
        "from there with it and with the best card. Exit status 0; 1: malformed or illegal "
        "record; 2: wrong usage; 3: the double-dummy solver is not available.",
    )
    p.add_argument("file", help="the record (JSON)")
    p.add_argument("--json", action="store_true", help="print the analysis as one JSON object")

    p = sub.add_parser(
        "daily",
        help="the daily deals of a code and the computer's result on each",
        description="The 8 deals of a daily-deals code (today's, e.g. 2026-12-01/standard, "
        "unless --code names another) and the computer's result on each with the computer "
        "in South's seat; the same on every computer. Exit status 0; 2: wrong usage.",
    )
    p.add_argument("--code", default=None, help="the challenge code (default today's)")
    p.add_argument("--level", default="expert", help="the computer's level (default expert)")
    p.add_argument("--json", action="store_true", help="end with one JSON line of results")

    p = sub.add_parser(
        "view",
        help="open a game record in the replay viewer",
        description="Show a tarneeb-record/1 game record step by step in the window, all "
        "four hands face up, with the double-dummy analysis of every card. Exit status 0; "
        "1: malformed or illegal record; 2: no such file or wrong usage.",
    )
    p.add_argument("file", help="the record (JSON)")
    p.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen")

    p = sub.add_parser("host", help="run a LAN table without a window")
    p.add_argument("--port", type=int, default=0)
    add_rules_args(p)
    p.add_argument("--open-seats", default="1,2,3", help="seats open to people, e.g. 0,1,2,3")
    p.add_argument("--save-record", metavar="FILE")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument(
        "--bind",
        default="0.0.0.0",
        metavar="ADDRESS",
        help="address to listen on (default all; 127.0.0.1 for this computer only)",
    )
    p.add_argument(
        "--ai",
        default="medium",
        metavar="LEVEL",
        help="level of the computer players in seats not open to people",
    )
    p.add_argument("--resume", metavar="FILE", help="go on with a table saved by a previous host")
    p.add_argument(
        "--save-table",
        metavar="FILE",
        help="where the table is saved after every trick (default in the user data folder)",
    )
    p.add_argument(
        "--disconnect-grace",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="how long an absent player's turn waits before a computer plays it",
    )
    p.add_argument("--name", default=None, help="the table's name shown to players who join")
    p.add_argument("--no-beacon", action="store_true", help="do not announce the table on the LAN")
    p.add_argument("--password", default="", help="a short password players must give to join")
    p.add_argument(
        "--turn-seconds",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the turn timer: how long a person may think before the computer plays their "
        "move (0, the default: no timer; the window offers 15, 30, 60 or 120)",
    )
    p.add_argument(
        "--latecomers",
        action="store_true",
        help="let a player who comes once the game is under way take a computer's seat "
        "(by default this table, with no window to ask the host, refuses them)",
    )
    p.add_argument(
        "--no-watchers",
        action="store_true",
        help="refuse watchers (by default anyone may watch, never seeing a hidden card)",
    )
    p.add_argument(
        "--relay",
        nargs="?",
        const="",
        default=None,
        metavar="URL",
        help="open the table over the internet too, through an MQTT broker (mqtt://, "
        "mqtts://, ws:// or wss://; by default a public one over TLS): the first line "
        "printed is then the table code friends join by",
    )

    p = sub.add_parser("join", help="play a seat of a LAN table with an AI, without a window")
    p.add_argument("address", metavar="HOST:PORT", nargs="?", default=None)
    p.add_argument("--code", default=None, help="the table code of a table over the internet")
    p.add_argument(
        "--relay",
        default=None,
        metavar="URL",
        help="the MQTT broker the table is on (by default the public ones, in turn)",
    )
    p.add_argument("--bot", default="medium", metavar="LEVEL")
    p.add_argument("--seat", type=int, default=None)
    p.add_argument("--name", default=None)
    p.add_argument(
        "--token",
        default=None,
        help="come back to the seat this token was given for (after a host restart)",
    )
    p.add_argument("--password", default="", help="the table's password, if it has one")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from tarneeb_desktop import crashlog

    # A crash anywhere writes a readable log to the user's folder and says where it is.
    crashlog.install()
    crashlog.crash_if_asked()
    parser = build_parser()
    args = parser.parse_args(argv)
    # Each subcommand's module is imported only when it runs (the window starts faster).
    if args.command == "replay":
        from tarneeb_desktop.cli.replay import main as replay_main

        return replay_main(args)
    if args.command == "bot":
        from tarneeb_desktop.cli.bot import main as bot_main

        return bot_main(args)
    if args.command == "arena":
        from tarneeb_desktop.cli.arena import main as arena_main

        return arena_main(args)
    if args.command == "tournament":
        from tarneeb_desktop.cli.tournament import main as tournament_main

        return tournament_main(args)
    if args.command == "analyse":
        from tarneeb_desktop.cli.analyse import main as analyse_main

        return analyse_main(args)
    if args.command == "daily":
        from tarneeb_desktop.cli.daily import main as daily_main

        return daily_main(args)
    if args.command == "view":
        from tarneeb_desktop.cli.view import main as view_main

        return view_main(args)
    if args.command == "host":
        from tarneeb_desktop.cli.lan import host_main

        return host_main(args)
    if args.command == "join":
        from tarneeb_desktop.cli.lan import join_main

        return join_main(args)
    from tarneeb_desktop.cli.window import main as window_main

    return window_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
