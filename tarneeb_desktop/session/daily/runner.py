"""Daily deals' plays: the fixed players (a fixed number of sampled deals a decision), the
person's table and its save after every card, the computer's play in a process of its own at
the lowest priority (on the worker pool where no process can start), and the results and
their comparison."""

from __future__ import annotations

import dataclasses
import logging
import multiprocessing
import os
import sys
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tarneeb_desktop.ai.analysis import could_have_taken, highest_bidder
from tarneeb_desktop.record import to_record
from tarneeb_desktop.rules import (
    GameState,
    HandResult,
    HandScored,
    HandThrownIn,
    SeatsScored,
)
from tarneeb_desktop.session.daily.codes import (
    FIXED_SAMPLES,
    FORMAT,
    SEAT_LABELS,
    code_rules,
    deal_of,
    deals_of,
    normalize_code,
)
from tarneeb_desktop.session.game import local_table
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.link import Autosave, LocalLink
from tarneeb_desktop.table.savegame import SaveError, offline_seats, read_save
from tarneeb_desktop.table.seats import ComputerSeat

log = logging.getLogger(__name__)
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


class DealSaver(Autosave):
    """Saves the person's table of a daily deal by the one save rule (``table/link.py``'s
    ``save_after``: after every call and card, and after a take-back), in the table's save
    format (``table/savegame.py``) with the code, the deal and the level in its ``resume``
    object; nothing once the deal's hand is over (the result is then kept by
    :class:`DailyStore`, and :meth:`DailySet.person_played` removes the save)."""

    def __init__(self, table: Table, path: Path, code: str, index: int, level: str) -> None:
        self.daily: dict[str, Any] = {"code": normalize_code(code), "deal": index, "level": level}
        super().__init__(
            table,
            path,
            lambda: offline_seats(list(table.names), (0,), [level] * 4),
            on_error=self._failed,
            daily=self.daily,
        )

    def save(self) -> None:
        if not hand_over(self.table.state):
            super().save()

    def _failed(self, exc: OSError) -> None:  # the deal goes on; only its resumption is lost
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
