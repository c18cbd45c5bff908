"""The rules' command-line arguments (``--rules PRESET``, ``--option KEY=VALUE``)."""

from __future__ import annotations

import argparse

from tarneeb_desktop.rules.errors import InvalidRulesError
from tarneeb_desktop.rules.options import ALL_PRESETS, Rules, make_rules, parse_option_value


def add_rules_args(p: argparse.ArgumentParser) -> None:
    """Give a (sub)command the ``--rules`` and ``--option`` arguments."""
    p.add_argument(
        "--rules",
        default="standard",
        metavar="PRESET",
        help=f"rules preset: {', '.join(ALL_PRESETS)} (default standard)",
    )
    p.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="change one rules option on top of the preset, e.g. -o target=41 (repeatable)",
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The Rules named by --rules and --option, or raise InvalidRulesError."""
    changes: dict[str, object] = {}
    for item in args.option:
        if "=" not in item:
            raise InvalidRulesError(f"--option wants KEY=VALUE, not {item!r}")
        key, value = item.split("=", 1)
        key = key.strip()
        changes[key] = parse_option_value(key, value)
    return make_rules(args.rules, **changes)
