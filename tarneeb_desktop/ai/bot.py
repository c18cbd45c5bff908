"""``tarneeb bot --level L``: one AI seat speaking tarneeb-bot/1 on stdin and stdout.

Stateless: every ``act`` request carries the seat's whole view. A line that cannot be
understood is answered with ``{"type": "error", ...}`` and the bot keeps going.
"""

from __future__ import annotations

import json
import logging
from typing import Any, TextIO

from tarneeb_desktop.ai.base import Player, first_legal
from tarneeb_desktop.rules import View
from tarneeb_desktop.rules.errors import RulesError

PROTOCOL = "tarneeb-bot/1"
log = logging.getLogger(__name__)


def _reply(out: TextIO, msg: dict[str, Any]) -> None:
    out.write(json.dumps(msg) + "\n")
    out.flush()


def handle_line(player: Player, level: str, line: str) -> tuple[dict[str, Any] | None, bool]:
    """The reply to one input line (None for a blank line) and whether to quit."""
    line = line.strip()
    if not line:
        return None, False
    try:
        msg = json.loads(line)
    except (ValueError, RecursionError):
        return {"type": "error", "error": "not valid JSON"}, False
    if not isinstance(msg, dict):
        return {"type": "error", "error": "a message must be a JSON object"}, False
    kind = msg.get("type")
    if kind == "quit":
        return None, True
    if kind == "hello":
        return {"type": "ready", "name": f"tarneeb {level}"}, False
    if kind != "act":
        return {"type": "error", "error": f"unknown message type {kind!r}"}, False
    raw = msg.get("view")
    if not isinstance(raw, dict):
        return {"type": "error", "error": "act needs a view object"}, False
    try:
        view = View.from_dict(raw)
    except (RulesError, KeyError, TypeError, ValueError, AttributeError) as exc:
        return {"type": "error", "error": f"bad view: {exc}"}, False
    if not view.legal:
        return {"type": "error", "error": "the view has no legal action"}, False
    try:
        action = player.choose(view)
    except Exception as exc:  # the bot must answer even when its AI fails
        log.exception("the %s AI failed; answering the first legal action", level)
        action = first_legal(view)
        _ = exc
    if action not in view.legal:
        action = first_legal(view)
    return {"type": "action", "action": action}, False


def serve(player: Player, level: str, inp: TextIO, out: TextIO) -> int:
    """Answer requests from ``inp`` on ``out`` until ``quit`` or the end of input."""
    for line in inp:
        try:
            reply, stop = handle_line(player, level, line)
        except Exception as exc:  # never crash on input, whatever it is
            reply, stop = {"type": "error", "error": f"cannot handle the line: {exc}"}, False
        if reply is not None:
            _reply(out, reply)
        if stop:
            return 0
    return 0
