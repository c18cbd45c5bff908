"""Daily deals: eight deals fixed by a code, played by a person and by the computer.

(Over 600 lines: the codes, the fixed players, the results and the set in the window all
read the one code format and the one result, and the computer's play in its process and
the deal's save belong with the set that starts and removes them.)

A *code* (the seed string, ``2026-12-01/standard``: a label, a slash, a rules preset) fixes
a set of :data:`DEALS` deals. Everything about a deal comes from SHA-256 of the code and the
deal's number (:func:`deal_of`): the shuffle, the dealer and the seed of the computer seats,
so the same code gives the same cards on every computer and every Python version (never
``hash()`` nor ``random``'s shuffle).

Each deal is played twice from 0-0: by the person at South (``person_link``, through the
session's table) and by the computer in the person's seat (:func:`computer_table`, all four
seats the same level). The computer seats play a fixed number of sampled deals per decision
(:func:`fixed_player`: the search levels' time budget is switched off), so their play, and
so the computer's result for a code, is the same on every machine. The person's partner and
opponents are the same players with the same seeds: when the person plays as the computer
did, the others answer as they did.

The computer's play of a deal runs in a process of its own at the lowest priority
(:class:`ComputerPlay`): the search levels' sampling is pure Python, which holds the GIL, so
on a thread beside the window it slowed the person's frames. Where no process can be
started it falls back to one decision at a time on the worker pool.

The person's table of a deal is saved after every call and card (:class:`DealSaver`, the
table's own save format) until the hand is over, so a deal left or killed half way goes on
from that card on the next Play (:func:`person_link`), not from 0-0 with the cards known.

The results (the person's and the computer's per deal, and each play's record for review)
are kept per code in ``daily.json`` in the player's folder (:class:`DailyStore`, atomic
JSON), with the past days and a streak of days in a row with a finished set.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import logging
import multiprocessing
import os
import re
import sys
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarneeb_desktop.ai.analysis import could_have_taken, highest_bidder
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.record import hand_text, to_record
from tarneeb_desktop.rules import (
    GameState,
    HandResult,
    HandScored,
    HandThrownIn,
    Rules,
    SeatsScored,
    make_rules,
)
from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.session import local_table
from tarneeb_desktop.storage import load_json, write_json_atomic
from tarneeb_desktop.table.flow import Change, Table
from tarneeb_desktop.table.link import LocalLink
from tarneeb_desktop.table.savegame import SaveError, offline_seats, read_save, write_save
from tarneeb_desktop.table.seats import ComputerSeat

log = logging.getLogger(__name__)

FORMAT = "tarneeb-daily/1"
STORE_FORMAT = "tarneeb-daily-results/1"
DEALS = 8
DEFAULT_LEVEL = "expert"
#: Sampled deals per card decision of the search levels in daily deals (no clock).
FIXED_SAMPLES = {"hard": 16, "expert": 32}
CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.:-]{0,47}(/[a-z0-9]+)?$")
SEAT_LABELS = ("South", "East", "North", "West")


class CodeError(ValueError):
    """A challenge code that is not one: the message says why."""


# ---------------------------------------------------------------------- codes and deals


def today_code(preset: str = "standard", day: dt.date | None = None) -> str:
    """The code of the day's set: ``YYYY-MM-DD/preset``."""
    return f"{(day or dt.date.today()).isoformat()}/{preset}"


def normalize_code(code: str) -> str:
    """The code as it is kept: trimmed, the preset lowercase, ``/standard`` when none is
    named. Raises :class:`CodeError` for anything else than a short label and a preset."""
    text = " ".join(code.strip().split())
    if "/" not in text:
        text += "/standard"
    label, _, preset = text.rpartition("/")
    label, preset = label.strip(), preset.strip().lower()
    text = f"{label}/{preset}"
    if not CODE_RE.match(text):
        raise CodeError(f"not a challenge code: {code!r} (e.g. 2026-12-01/standard)")
    if preset not in ALL_PRESETS:
        raise CodeError(f"unknown rules {preset!r} (one of {', '.join(ALL_PRESETS)})")
    return text


def code_rules(code: str) -> Rules:
    return make_rules(normalize_code(code).rpartition("/")[2])


def code_date(code: str) -> dt.date | None:
    """The day a code names (its label is a date), else None."""
    try:
        return dt.date.fromisoformat(normalize_code(code).rpartition("/")[0])
    except ValueError:
        return None


class _Stream:
    """Numbers from SHA-256 in counter mode: the one source of a deal's randomness."""

    def __init__(self, key: str) -> None:
        self.key, self.counter, self.buf = key.encode(), 0, b""

    def u32(self) -> int:
        if len(self.buf) < 4:
            block = self.key + b"|" + self.counter.to_bytes(8, "big")
            self.buf += hashlib.sha256(block).digest()
            self.counter += 1
        n, self.buf = int.from_bytes(self.buf[:4], "big"), self.buf[4:]
        return n

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 (rejection sampling: no modulo bias)."""
        limit = (1 << 32) - (1 << 32) % n
        while True:
            x = self.u32()
            if x < limit:
                return x % n


@dataclass(frozen=True)
class Deal:
    """One deal of a set: its number, dealer, the four hands (card masks by seat) and the
    seed of its computer seats."""

    index: int
    dealer: int
    hands: tuple[int, int, int, int]
    seed: int

    def hand_texts(self) -> list[str]:
        return [hand_text(m) for m in self.hands]

    def new_state(self, rules: Rules) -> GameState:
        """The game at 0-0 with these cards about to be bid."""
        state = GameState.new(rules, self.seed, dealer=self.dealer)
        state.set_deal(list(self.hands))
        return state


def deal_of(code: str, index: int) -> Deal:
    """Deal ``index`` of the set ``code``: a Fisher-Yates shuffle driven by SHA-256, dealt
    one card at a time from the dealer's left; the dealer turns from West (deal 0) on, so
    South calls first on the first deal."""
    code = normalize_code(code)
    stream = _Stream(f"{FORMAT}|{code}|{index}")
    seed = stream.u32() & 0x7FFFFFFF
    deck = list(range(52))
    for j in range(51, 0, -1):
        k = stream.below(j + 1)
        deck[j], deck[k] = deck[k], deck[j]
    dealer = (index + 3) % 4
    hands = [0, 0, 0, 0]
    for n, card in enumerate(deck):
        hands[(dealer + 1 + n) % 4] |= 1 << card
    return Deal(index, dealer, (hands[0], hands[1], hands[2], hands[3]), seed)


def deals_of(code: str) -> list[Deal]:
    return [deal_of(code, i) for i in range(DEALS)]


# ---------------------------------------------------------------------- the players


def fixed_player(level: str, seed: int) -> Any:
    """A computer player of ``level`` whose play depends only on its seed and what it sees:
    the search levels with :data:`FIXED_SAMPLES` sampled deals per decision and no clock."""
    from tarneeb_desktop.ai import make_player

    if level in FIXED_SAMPLES:
        try:
            from tarneeb_desktop.ai import search

            cfg = dataclasses.replace(
                search.LEVEL_CONFIGS[level], budget_s=None, max_samples=FIXED_SAMPLES[level]
            )
            return search.make_search_player(level, seed, cfg)
        except Exception:  # no solver: the level plays medium, as make_player does
            pass
    return make_player(level, seed)


def fix_players(table: Table) -> Table:
    """Give every computer seat of ``table`` its :func:`fixed_player`."""
    for seat in table.seats:
        if isinstance(seat, ComputerSeat):
            seat.player = fixed_player(seat.level, seat.seed if seat.seed is not None else 0)
    return table


def _names(name: str) -> list[str]:
    return [name, *SEAT_LABELS[1:]]


def deal_table(
    code: str, index: int, level: str, humans: tuple[int, ...], *, name: str = "South",
    names: list[str] | None = None, inline: bool = False,
) -> Table:  # fmt: skip
    """The table of deal ``index`` from 0-0, set up by the session (``local_table``) with
    the fixed players."""
    deal = deal_of(code, index)
    table = local_table(
        deal.new_state(code_rules(code)), names or _names(name), humans, [level] * 4,
        deal.seed, inline=inline,
    )  # fmt: skip
    return fix_players(table)


def person_link(
    code: str, index: int, level: str, names: list[str], *, inline: bool = False,
    save: Path | None = None,
) -> LocalLink:  # fmt: skip
    """The person's table for the deal (the person at South), behind a local link; not
    counted in the statistics (the daily results are kept by :class:`DailyStore`). With
    ``save``, the table is kept there after every call and card (:class:`DealSaver`), and
    a save of this very deal found there is resumed: the deal goes on from that card."""
    table = resumed_table(save, code, index, level, names, inline=inline) if save else None
    if table is None:
        table = deal_table(code, index, level, (0,), names=names, inline=inline)
    if save is not None:
        DealSaver(table, save, code, index, level)
    return LocalLink(table, (0,))


class DealSaver:
    """Saves the person's table of a daily deal after every call and card, in the table's
    save format (``table/savegame.py``) with the code, the deal and the level in its
    ``resume`` object; nothing once the deal's hand is over (the result is then kept by
    :class:`DailyStore`, and :meth:`DailySet.person_played` removes the save)."""

    def __init__(self, table: Table, path: Path, code: str, index: int, level: str) -> None:
        self.table, self.path = table, path
        self.daily: dict[str, Any] = {"code": normalize_code(code), "deal": index, "level": level}
        table.listen(self._changed)

    def _changed(self, change: Change) -> None:
        if change.events and not hand_over(self.table.state):
            self.save()

    def save(self) -> None:
        t = self.table
        seats = offline_seats(list(t.names), (0,), [self.daily["level"]] * 4)
        try:
            write_save(self.path, t.state, seats, t.seed, t.seq, daily=self.daily)
        except OSError as exc:  # the deal goes on; only its resumption is lost
            log.warning("could not save the daily deal to %s: %s", self.path, exc)


def resumed_table(
    path: Path, code: str, index: int, level: str, names: list[str], *, inline: bool = False
) -> Table | None:
    """The table of deal ``index`` as saved at ``path`` (the fixed players, the saved seed:
    each decision is seeded by its position, so it goes on as it would have), or None when
    there is no save of that deal of that code at that level still being played."""
    try:
        saved = read_save(path)
    except SaveError as exc:  # set aside by read_save: the deal starts again
        log.warning("the daily deal's save could not be used: %s", exc)
        return None
    want = {"code": normalize_code(code), "deal": index, "level": level}
    if saved is None or saved.extra.get("daily") != want or hand_over(saved.state):
        return None
    table = local_table(saved.state, names, (0,), [level] * 4, saved.seed, inline=inline)
    return fix_players(table)


def computer_table(code: str, index: int, level: str, *, inline: bool = True) -> Table:
    """The same deal with the computer in the person's seat (all four seats ``level``)."""
    return deal_table(code, index, level, (), name=f"{level}", inline=inline)


def hand_ended(events: Any) -> bool:
    return any(isinstance(e, HandScored | SeatsScored | HandThrownIn) for e in events)


def hand_over(state: GameState) -> bool:
    """The first hand has been scored or thrown in."""
    return bool(state.history)


# ---------------------------------------------------------------------- results


@dataclass
class PlayResult:
    """One play of a deal: the contract, the declarers' tricks, the points by team (South's
    team first), what the declarers could take double dummy, and the hand's record."""

    contract: str | None
    declarer: int | None
    tricks: int
    points: tuple[int, int]
    could_take: int | None = None
    bids: list[int] | None = None
    record: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def net(self) -> int:
        """South's team's points minus the others': the score of the deal."""
        return self.points[0] - self.points[1]

    def to_dict(self, record: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "points": list(self.points),
            "could_take": self.could_take,
        }
        if self.bids is not None:
            out["bids"] = list(self.bids)
        if record:
            out["record"] = self.record
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlayResult:
        pts = d.get("points") or [0, 0]
        return cls(
            d.get("contract"),
            d.get("declarer"),
            int(d.get("tricks", 0)),
            (int(pts[0]), int(pts[1])),
            d.get("could_take"),
            d.get("bids"),
            d.get("record") or {},
        )


def result_of(
    state: GameState, names: list[str] | None = None, *, analyse: bool = True
) -> PlayResult:
    """The result of the first hand of ``state`` (a deal's table after the hand)."""
    row: HandResult = state.history[0]
    doc = to_record(state, names)
    doc["hands"] = doc["hands"][:1]
    could = could_have_taken(row) if analyse else None
    if row.bids is not None:  # 41: the highest bidder's side, as the analysis counts it
        high = highest_bidder(row.bids, row.dealer)
        sp = row.seat_points or (0, 0, 0, 0)
        st = row.seat_tricks or (0, 0, 0, 0)
        return PlayResult(
            str(row.bids[high]), high, st[high] + st[(high + 2) % 4],
            (sp[0] + sp[2], sp[1] + sp[3]), could, list(row.bids), doc,
        )  # fmt: skip
    if row.declarer is None:  # thrown in: 0 : 0
        return PlayResult(None, None, 0, (0, 0), None, None, doc)
    return PlayResult(
        row.contract, row.declarer, row.tricks[row.declarer & 1],
        (row.points[0], row.points[1]), could, None, doc,
    )  # fmt: skip


def play_computer(code: str, index: int, level: str) -> PlayResult:
    """The computer's result on deal ``index``: played at full speed, in this thread."""
    table = computer_table(code, index, level, inline=True)
    try:
        table.run(until=hand_ended, max_actions=1000)
    finally:
        table.close()
    return result_of(table.state, table.names)


def _lower_priority() -> None:
    """Let this process have the processor only when the window's does not want it: nice
    19, or "below normal" on Windows (the computer's play in the background)."""
    try:
        os.nice(19)
        return
    except (AttributeError, OSError):
        pass
    if sys.platform != "win32":
        return
    try:
        import ctypes

        kernel = ctypes.windll.kernel32
        kernel.SetPriorityClass(kernel.GetCurrentProcess(), 0x4000)  # BELOW_NORMAL
    except Exception:  # only a courtesy to the window
        pass


def _play_in_process(code: str, index: int, level: str, conn: Any) -> None:
    """The computer's play process: the deal at full speed, its result sent as a dict."""
    _lower_priority()
    try:
        conn.send(("result", play_computer(code, index, level).to_dict()))
    except (BrokenPipeError, EOFError, ConnectionError):
        pass  # the window stopped waiting (it closed, or the set was left): nobody to tell
    except BaseException as exc:  # said to the window, which then plays it on the pool
        try:
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
        except (OSError, EOFError):
            pass  # nobody to tell
    finally:
        conn.close()


class _PoolPlay:
    """The computer's play one decision at a time on the worker pool (the fallback where
    no process can be started, and ``inline`` in tests): :meth:`step` each frame."""

    def __init__(self, code: str, index: int, level: str, *, inline: bool = False) -> None:
        self.table = computer_table(code, index, level, inline=inline)
        self._dd: Future[PlayResult] | None = None

    def step(self) -> PlayResult | None:
        t = self.table
        if not hand_over(t.state):
            t.pump()
            if not hand_over(t.state):
                return None
        if self._dd is None:  # the double-dummy line, on the pool as well
            self._dd = t.pool.submit(result_of, t.state, t.names)
        if not self._dd.done():
            return None
        t.close()
        return self._dd.result()

    def cancel(self) -> None:
        self.table.close()


class ComputerPlay:
    """The computer's play of one deal, never waited for: :meth:`step` (each frame, from
    the window) looks whether it is in; ``result`` is set at the end.

    It runs in a process of its own (``spawn``: no fork of a window with threads) at the
    lowest priority, so neither its searches nor its double-dummy solves take the window's
    GIL or its share of the processor; where a process cannot be started, or dies, the
    play is done again one decision at a time on the worker pool (:class:`_PoolPlay`).
    ``inline`` (tests) plays on an inline pool, step by step."""

    def __init__(
        self, code: str, index: int, level: str, *, inline: bool = False,
        process: bool | None = None,
    ) -> None:  # fmt: skip
        self.code, self.index, self.level = code, index, level
        self.inline = inline
        self.result: PlayResult | None = None
        self._proc: Any = None
        self._conn: Any = None
        self._pool: _PoolPlay | None = None
        if not inline if process is None else process:
            try:
                self._start_process()
            except Exception as exc:  # no processes here (a sandbox): the pool then
                log.warning("the computer's play cannot run in a process: %s", exc)
                self._proc = None
        if self._proc is None:
            self._pool = _PoolPlay(code, index, level, inline=inline)

    @property
    def in_process(self) -> bool:
        return self._proc is not None

    def _start_process(self) -> None:
        multiprocessing.active_children()  # reaps the plays that are over
        ctx = multiprocessing.get_context("spawn")
        receive, send = ctx.Pipe(duplex=False)
        proc = ctx.Process(
            target=_play_in_process, args=(self.code, self.index, self.level, send),
            name=f"tarneeb-daily-{self.index}", daemon=True,
        )  # fmt: skip
        proc.start()
        send.close()  # the child's end: a child that dies is then an EOF here
        self._proc, self._conn = proc, receive

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self) -> bool:
        """Look whether the play is in (or move it on a decision); True once it is."""
        if self.result is not None:
            return True
        if self._proc is not None:
            self._poll_process()
        elif self._pool is not None:
            self.result = self._pool.step()
        return self.result is not None

    def _poll_process(self) -> None:
        try:
            if not self._conn.poll():
                return
            kind, value = self._conn.recv()
        except (EOFError, OSError):
            kind, value = "error", "the process ended without a result"
        self._end_process(stop=kind != "result")
        if kind == "result":
            self.result = PlayResult.from_dict(value)
        else:
            log.warning("the computer's play of deal %d failed in its process (%s); "
                        "playing it on the worker pool", self.index, value)  # fmt: skip
            self._pool = _PoolPlay(self.code, self.index, self.level, inline=self.inline)

    def _end_process(self, stop: bool = False) -> None:
        """Done with the process: stopped (``stop``), or left to exit by itself after
        its answer (never waited for here: :func:`multiprocessing.active_children`, which
        the next start calls, reaps it)."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None and stop and proc.is_alive():
            proc.terminate()
            proc.join(timeout=1)

    def cancel(self) -> None:
        self._end_process(stop=True)
        if self._pool is not None:
            self._pool.cancel()


@dataclass(frozen=True)
class Comparison:
    """A deal's person's and computer's scores on the same cards."""

    person: int
    computer: int

    @property
    def diff(self) -> int:
        return self.person - self.computer

    @property
    def verdict(self) -> str:
        return "better" if self.diff > 0 else "worse" if self.diff < 0 else "same"


def compare(person: PlayResult, computer: PlayResult) -> Comparison:
    return Comparison(person.net, computer.net)


def computer_summary(
    code: str, level: str, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """The ``tarneeb daily --json`` object: the set's deals and the computer's results."""
    code = normalize_code(code)
    rules = code_rules(code)
    deals = []
    for deal in deals_of(code):
        res = play_computer(code, deal.index, level)
        deals.append(
            {
                "deal": deal.index,
                "dealer": deal.dealer,
                "hands": deal.hand_texts(),
                "computer": res.to_dict(record=False),
            }
        )
        if progress is not None:
            progress(deal.index)
    return {
        "format": FORMAT,
        "code": code,
        "level": level,
        "rules": rules.to_dict(),
        "deals": deals,
    }


# ---------------------------------------------------------------------- keeping results


def daily_path() -> Path:
    return user_data_dir() / "daily.json"


class DailyStore:
    """``daily.json``: per code, the level and per deal the person's and the computer's
    results; the set is *finished* when all :data:`DEALS` deals have a person's result."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or daily_path()
        doc, self.problem = load_json(self.path)
        ok = isinstance(doc, dict) and doc.get("format") == STORE_FORMAT
        sets = doc.get("sets") if ok and isinstance(doc, dict) else None
        self.sets: dict[str, dict[str, Any]] = sets if isinstance(sets, dict) else {}

    def save(self) -> None:
        write_json_atomic(self.path, {"format": STORE_FORMAT, "sets": self.sets})

    def entry(self, code: str, level: str = DEFAULT_LEVEL) -> dict[str, Any]:
        """The set's entry (made when new, with ``level``; a started set keeps its level)."""
        code = normalize_code(code)
        if code not in self.sets:
            day = code_date(code)
            self.sets[code] = {
                "code": code,
                "date": day.isoformat() if day else None,
                "level": level,
                "deals": {},
            }
        return self.sets[code]

    def level(self, code: str, default: str = DEFAULT_LEVEL) -> str:
        e = self.sets.get(normalize_code(code))
        return str(e["level"]) if e else default

    def result(self, code: str, index: int, who: str) -> PlayResult | None:
        e = self.sets.get(normalize_code(code))
        d = (e or {}).get("deals", {}).get(str(index), {}).get(who)
        return PlayResult.from_dict(d) if isinstance(d, dict) else None

    def put(
        self, code: str, index: int, who: str, res: PlayResult, level: str = DEFAULT_LEVEL
    ) -> None:
        """Keep ``who``'s (``"person"`` or ``"computer"``) result of a deal, and save."""
        e = self.entry(code, level)
        e["deals"].setdefault(str(index), {})[who] = res.to_dict()
        self.save()

    def next_deal(self, code: str) -> int | None:
        """The first deal the person has not played, None when the set is finished."""
        for i in range(DEALS):
            if self.result(code, i, "person") is None:
                return i
        return None

    def finished(self, code: str) -> bool:
        return normalize_code(code) in self.sets and self.next_deal(code) is None

    def totals(self, code: str) -> tuple[int, int, int]:
        """(person, computer, deals) over the deals both have played."""
        p = c = n = 0
        for i in range(DEALS):
            a, b = self.result(code, i, "person"), self.result(code, i, "computer")
            if a is not None and b is not None:
                p, c, n = p + a.net, c + b.net, n + 1
        return p, c, n

    def past(self) -> list[dict[str, Any]]:
        """Every set played, newest first: code, date, level, totals and finished."""
        rows = []
        for code, e in self.sets.items():
            p, c, n = self.totals(code)
            rows.append(
                {"code": code, "date": e.get("date"), "level": e.get("level"),
                 "person": p, "computer": c, "deals": n, "finished": self.finished(code)}
            )  # fmt: skip
        rows.sort(key=lambda r: (r["date"] or "", r["code"]), reverse=True)
        return rows

    def streak(self, today: dt.date | None = None) -> int:
        """Days in a row, up to today (or yesterday, while today's is not finished yet),
        with a finished dated set."""
        days = {code_date(c) for c in self.sets if self.finished(c)} - {None}
        day = today or dt.date.today()
        if day not in days:
            day -= dt.timedelta(days=1)
        n = 0
        while day in days:
            n += 1
            day -= dt.timedelta(days=1)
        return n


class DailySet:
    """A set being played in the window: its code and level, the kept results, and the
    computer's play of a deal (:class:`ComputerPlay`, one at a time, never waited for):
    first of any deal the person has played whose computer's result is not in (a window
    closed meanwhile), then of the deal the person is playing. The computer's result of a
    deal is kept as soon as it is in, but :meth:`shown` says it may be shown only once the
    person has played the deal."""

    def __init__(
        self, code: str, level: str = DEFAULT_LEVEL, store: DailyStore | None = None,
        *, inline: bool = False, process: bool | None = None,
    ) -> None:  # fmt: skip
        self.store = store or DailyStore()
        self.code = normalize_code(code)
        self.level = self.store.level(self.code, level)
        self.inline = inline
        self.process = process  # None: in a process unless inline (ComputerPlay)
        self.play: ComputerPlay | None = None
        self.current: int | None = None  # the deal the person is playing

    @property
    def rules(self) -> Rules:
        return code_rules(self.code)

    def deal_save(self) -> Path:
        """Where the person's table of this set's deal in progress is kept (beside the
        results, one file per code)."""
        key = hashlib.sha256(self.code.encode()).hexdigest()[:16]
        return self.store.path.parent / "daily" / f"deal-{key}.json"

    def start(self, index: int) -> None:
        """The person starts (or goes on with) deal ``index``: the computer plays it too."""
        self.store.entry(self.code, self.level)
        self.current = index
        play = self.play
        if play is not None and play.index != index and not self._waited_for(play.index):
            self.stop()
        self.catch_up()

    def _waited_for(self, index: int) -> bool:
        """The person has played the deal and its computer's result is not in."""
        return (
            self.store.result(self.code, index, "person") is not None
            and self.store.result(self.code, index, "computer") is None
        )

    def catch_up(self) -> None:
        """Start the computer's play that is due, if none is running."""
        if self.play is not None:
            return
        due = [i for i in range(DEALS) if self._waited_for(i)]
        i = self.current
        if i is not None and self.store.result(self.code, i, "computer") is None:
            due.append(i)
        if due:
            self.play = ComputerPlay(
                self.code, due[0], self.level, inline=self.inline, process=self.process
            )

    def tick(self) -> bool:
        """Look at the computer's play (each frame, from the window); True when a result
        came in."""
        play = self.play
        if play is None or not play.step():
            return False
        assert play.result is not None
        self.store.put(self.code, play.index, "computer", play.result, self.level)
        self.play = None
        self.catch_up()
        return True

    def computing(self, index: int | None = None) -> bool:
        """The computer's play (of deal ``index``) is running."""
        return self.play is not None and index in (None, self.play.index)

    def person_played(self, index: int, result: PlayResult) -> None:
        self.store.put(self.code, index, "person", result, self.level)
        self.deal_save().unlink(missing_ok=True)
        if self.current == index:
            self.current = None

    def saved_deal(self) -> bool:
        """The next deal was left half way and is saved: Play goes on with it."""
        nxt = self.store.next_deal(self.code)
        if nxt is None:
            return False
        try:
            saved = read_save(self.deal_save())
        except SaveError:
            return False
        return saved is not None and saved.extra.get("daily", {}).get("deal") == nxt

    def shown(self, index: int) -> tuple[PlayResult | None, PlayResult | None]:
        """(person's, computer's) results of a deal as the window may show them: the
        computer's only after the person's."""
        person = self.store.result(self.code, index, "person")
        if person is None:
            return None, None
        return person, self.store.result(self.code, index, "computer")

    def stop(self) -> None:
        if self.play is not None:
            self.play.cancel()
            self.play = None
