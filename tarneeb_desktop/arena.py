"""``tarneeb arena``: AI levels and protocol bots play duplicate deals against each other.

Every deal is played twice with the same cards in the same seats and the two teams swapped,
so that the luck of the cards cancels out. See the spec in docs/ai.md and the bot protocol.
"""

from __future__ import annotations

import json
import logging
import math
import os
import queue
import random
import shlex
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tarneeb_desktop.ai import make_player
from tarneeb_desktop.ai.base import Player, first_legal
from tarneeb_desktop.rules import GameState, HandScored, HandThrownIn, Rules, View
from tarneeb_desktop.rules.errors import RulesError

log = logging.getLogger(__name__)

# A bot that misses this many replies in a row has stopped answering: medium takes over.
MAX_SILENT = 3
# Redraws of a deal that keeps being thrown in before it is scored as 0 : 0.
MAX_REDRAWS = 50


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
            return _safe(self._fallback, view), False
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


def _safe(player: Player, view: View) -> str:
    try:
        action = player.choose(view)
    except Exception:  # an AI failure must not stop the arena
        log.exception("AI %s failed; first legal action played", getattr(player, "name", "?"))
        return first_legal(view)
    return action if action in view.legal else first_legal(view)


@dataclass
class Side:
    """One team of the arena: an AI level or a ``cmd:`` bot, with its tallies."""

    spec: str
    rules: Rules
    timeout: float
    seed: int
    players: dict[int, Player] = field(default_factory=dict)
    bots: dict[int, BotProcess] = field(default_factory=dict)
    faults: int = 0
    decisions: int = 0
    seconds: float = 0.0
    declared: int = 0
    made: int = 0
    points: list[int] = field(default_factory=list)

    @property
    def command(self) -> str | None:
        return self.spec[4:] if self.spec.startswith("cmd:") else None

    def act(self, view: View) -> str:
        seat = view.seat
        start = time.perf_counter()
        command = self.command
        if command is not None:
            bot = self.bots.get(seat)
            if bot is None:
                bot = self.bots[seat] = BotProcess(
                    command, seat, self.rules, self.timeout, self.seed * 8 + seat
                )
                self.faults += bot.faults
            before = bot.faults
            action, _ = bot.choose(view)
            self.faults += bot.faults - before
        else:
            player = self.players.get(seat)
            if player is None:
                player = self.players[seat] = make_player(self.spec, self.seed * 8 + seat)
            try:
                action = player.choose(view)
            except Exception:  # a failing AI is a fault, never the end of the arena
                log.exception("AI %s failed at seat %d", self.spec, seat)
                action = ""
            if action not in view.legal:
                self.faults += 1
                action = first_legal(view)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action

    def close(self) -> None:
        for bot in self.bots.values():
            bot.close()


def draw_deal(rng: random.Random) -> list[int]:
    """Four 13-card hands (masks) from the arena's seeded generator."""
    deck = list(range(52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[13 * s : 13 * s + 13]) for s in range(4)]


ViewHook = Callable[[int, View, GameState], None]


def play_hand(
    rules: Rules,
    hands: list[int],
    dealer: int,
    seat_sides: list[Side],
    seed: int = 0,
    on_view: ViewHook | None = None,
) -> HandScored | None:
    """Play one hand from 0-0 with these cards; None when it was thrown in."""
    state = GameState.new(rules, seed, dealer=dealer)
    state.set_deal(hands)
    for _ in range(1000):
        seat = state.current_player()
        if seat is None:
            return None
        view = state.view(seat)
        if on_view is not None:
            on_view(seat, view, state)
        action = seat_sides[seat].act(view)
        try:
            events = state.apply(action, seat)
        except RulesError:
            seat_sides[seat].faults += 1
            events = state.apply(first_legal(view), seat)
        for ev in events:
            if isinstance(ev, HandScored):
                return ev
            if isinstance(ev, HandThrownIn):
                return None
    raise RulesError("the hand did not end")


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // max(1, total)
    rate = (time.monotonic() - start) / max(1, done)
    eta = rate * (total - done)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals  eta {eta:5.0f}s"
    )
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_arena(
    rules: Rules,
    deals: int,
    seed: int,
    team0: str,
    team1: str,
    bot_timeout: float = 10.0,
    progress: bool = True,
    on_view: ViewHook | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and return the result object of ``--json``."""
    a = Side(team0, rules, bot_timeout, seed * 2 + 1)
    b = Side(team1, rules, bot_timeout, seed * 2 + 2)
    rng = random.Random(seed)
    deal_diffs: list[float] = []
    start = time.monotonic()
    try:
        for i in range(deals):
            dealer = i % 4
            diffs: list[int] = []
            for _ in range(MAX_REDRAWS):
                hands = draw_deal(rng)
                results = []
                for a_seats_even in (True, False):
                    sides = [a, b, a, b] if a_seats_even else [b, a, b, a]
                    res = play_hand(rules, hands, dealer, sides, seed * 100003 + i, on_view)
                    results.append((res, a_seats_even))
                if all(r is not None for r, _ in results):
                    break
            else:
                results = []
            for res, a_even in results:
                assert res is not None
                a_team = 0 if a_even else 1
                pa, pb = res.points[a_team], res.points[1 - a_team]
                a.points.append(pa)
                b.points.append(pb)
                declarer_side = a if (res.declarer & 1) == a_team else b
                declarer_side.declared += 1
                declarer_side.made += int(res.made)
                diffs.append(pa - pb)
            if not results:
                # Thrown in MAX_REDRAWS times running: both plays score 0 : 0.
                a.points.extend((0, 0))
                b.points.extend((0, 0))
                diffs = [0, 0]
            deal_diffs.append(sum(diffs) / len(diffs))
            if progress:
                _progress(i + 1, deals, start)
    finally:
        a.close()
        b.close()
    n = len(deal_diffs)
    mean = statistics.fmean(deal_diffs) if n else 0.0
    half = 1.96 * statistics.stdev(deal_diffs) / math.sqrt(n) if n > 1 else 0.0

    def avg(xs: list[int]) -> float:
        return round(statistics.fmean(xs), 3) if xs else 0.0

    return {
        "deals": deals,
        "team0": team0,
        "team1": team1,
        "rules": rules.to_dict(),
        "points_per_deal": [avg(a.points), avg(b.points)],
        "diff_per_deal": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "contracts_made": [
            round(a.made / a.declared, 3) if a.declared else 0.0,
            round(b.made / b.declared, 3) if b.declared else 0.0,
        ],
        "faults": [a.faults, b.faults],
        "ms_per_decision": [
            round(1000 * a.seconds / a.decisions, 3) if a.decisions else 0.0,
            round(1000 * b.seconds / b.decisions, 3) if b.decisions else 0.0,
        ],
    }
