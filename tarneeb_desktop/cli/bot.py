"""``tarneeb bot --level L``: one AI seat speaking tarneeb-bot/1 on stdin and stdout."""

from __future__ import annotations

import argparse
import logging
import sys

from tarneeb_desktop.ai import make_player
from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.ai.bot import serve


def main(args: argparse.Namespace) -> int:
    """``tarneeb bot --level L``: serve tarneeb-bot/1 on stdin and stdout."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(message)s")
    level = args.level
    if level not in LEVELS:
        print(f"tarneeb bot: unknown level {level!r} (one of {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    player = make_player(level, args.seed)
    # Protocol text only on stdout, UTF-8 whatever the platform's default.
    inp = sys.stdin
    out = sys.stdout
    for stream in (inp, out):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(encoding="utf-8", errors="replace")
            except (ValueError, OSError):
                pass
    try:
        return serve(player, level, inp, out)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
