"""Protocol bots: a ``tarneeb-bot/1`` process playing one seat, with time-outs and faults.

The table side of the bot protocol (see docs and ``shared/spec/bot-protocol.md``): the
process gets ``hello`` once and ``act`` with its seat's view each time it must move. A bot
that fails an answer (time-out, bad JSON, an illegal action) is a fault and the first legal
action is played; one that exits or stops answering is replaced by the medium level.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import shlex
import subprocess
import threading
import time
from typing import Any

from tarneeb_desktop.ai import make_player
from tarneeb_desktop.ai.base import first_legal
from tarneeb_desktop.rules import Rules, View
from tarneeb_desktop.table.seats import Seat

log = logging.getLogger(__name__)

# A bot that misses this many replies in a row has stopped answering: medium takes over.
MAX_SILENT = 3


class BotProcess:
    """One ``cmd:`` bot process playing one seat, with time-outs and fault handling."""

    def __init__(
        self, command: str, seat: int, rules: Rules, timeout: float, seed: int | None = None
    ) -> None:
        self.command = command
        self.seat = seat
        self.timeout = timeout
        self.faults = 0
        self.dead = False
        self.name = command
        self._silent = 0
        self._stale = 0  # replies still owed for requests that timed out
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._fallback = make_player("medium", seed)
        try:
            self.proc: subprocess.Popen[str] | None = subprocess.Popen(
                # Windows paths keep their backslashes only without POSIX quoting rules.
                shlex.split(command, posix=os.name != "nt"),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except (OSError, ValueError) as exc:
            log.warning("cannot start bot %r: %s; medium plays seat %d", command, exc, seat)
            self.proc = None
            self.dead = True
            self.faults += 1
            return
        threading.Thread(target=self._read, daemon=True).start()
        reply = self._request(
            {"type": "hello", "protocol": "tarneeb-bot/1", "seat": seat, "rules": rules.full_dict()}
        )
        if reply is None or reply.get("type") != "ready":
            self.faults += 1
        elif isinstance(reply.get("name"), str):
            self.name = reply["name"][:60]

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        try:
            for line in self.proc.stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)  # end of output: the bot has exited

    def _send(self, msg: dict[str, Any]) -> bool:
        if self.proc is None or self.proc.stdin is None:
            return False
        try:
            self.proc.stdin.write(json.dumps(msg) + "\n")
            self.proc.stdin.flush()
            return True
        except (OSError, ValueError):
            return False

    def _die(self, why: str) -> None:
        if not self.dead:
            log.warning("bot %r (seat %d) %s; medium plays for it", self.command, self.seat, why)
        self.dead = True
        self.close()

    def _request(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        """Send ``msg`` and wait for one reply; None on a time-out, exit or bad JSON."""
        if self.dead or not self._send(msg):
            self._die("cannot be written to")
            return None
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=left) if left > 0 else self._lines.get_nowait()
            except queue.Empty:
                self._stale += 1
                self._silent += 1
                if self._silent >= MAX_SILENT:
                    self._die("stopped answering")
                return None
            if line is None:
                self._die("exited")
                return None
            if self._stale:
                # The late answer to an earlier request: it was already replaced.
                self._stale -= 1
                continue
            self._silent = 0
            try:
                reply = json.loads(line)
            except ValueError:
                return None
            return reply if isinstance(reply, dict) else None

    def choose(self, view: View) -> tuple[str, bool]:
        """(action, fault): the bot's action, or the fallback with ``fault`` set."""
        if self.dead:
            return _fallback_choice(self._fallback, view), False
        reply = self._request({"type": "act", "view": view.to_dict()})
        if self.dead:
            # Exited or went silent now: this decision is a fault, later ones are medium's.
            self.faults += 1
            return first_legal(view), True
        action = reply.get("action") if reply is not None else None
        if reply is None or reply.get("type") != "action" or action not in view.legal:
            self.faults += 1
            return first_legal(view), True
        return str(action), False

    def close(self) -> None:
        proc = self.proc
        if proc is None:
            return
        self.proc = None
        try:
            if proc.poll() is None and proc.stdin is not None:
                proc.stdin.write(json.dumps({"type": "quit"}) + "\n")
                proc.stdin.flush()
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def _fallback_choice(player: Any, view: View) -> str:
    try:
        action = player.choose(view)
    except Exception:  # the stand-in must not stop the game either
        log.exception("the stand-in for a bot failed; first legal action played")
        return first_legal(view)
    return action if action in view.legal else first_legal(view)


class BotSeat(Seat):
    """A seat played by a protocol bot; started on the first decision."""

    kind = "bot"

    def __init__(
        self, command: str, seat: int, rules: Rules, timeout: float, seed: int | None
    ) -> None:
        super().__init__(command)
        self.command = command
        self.seat = seat
        self.rules = rules
        self.timeout = timeout
        self.seed = seed
        self.process: BotProcess | None = None

    @property
    def faults(self) -> int:
        return self.process.faults if self.process is not None else 0

    def start(self) -> BotProcess:
        if self.process is None:
            self.process = BotProcess(self.command, self.seat, self.rules, self.timeout, self.seed)
            self.name = self.process.name
        return self.process

    def automatic(self, view: View) -> bool:
        return True

    def decide(self, view: View) -> str:
        # A bot's faults (time-outs, bad replies, illegal actions) are counted by its process,
        # which has already put the first legal action in place of the answer.
        action, _fault = self.start().choose(view)
        return action

    def close(self) -> None:
        if self.process is not None:
            self.process.close()

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.name, "command": self.command}
