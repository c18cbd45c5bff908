"""Daily deals: eight deals fixed by a code, played by a person and by the computer.

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

The results (the person's and the computer's per deal, and each play's record for review)
are kept per code in ``daily.json`` in the player's folder (:class:`DailyStore`, atomic
JSON), with the past days and a streak of days in a row with a finished set.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import re
from collections.abc import Callable
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
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.link import LocalLink
from tarneeb_desktop.table.seats import ComputerSeat

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
    code: str, index: int, level: str, names: list[str], *, inline: bool = False
) -> LocalLink:
    """The person's table for the deal (the person at South), behind a local link. Not
    saved, not counted in the statistics: the daily results are kept by :class:`DailyStore`."""
    return LocalLink(deal_table(code, index, level, (0,), names=names, inline=inline), (0,))


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


class ComputerPlay:
    """The computer's play of one deal, one decision at a time on the worker pool: the
    window calls :meth:`step` each frame (it never waits), ``result`` is set at the end."""

    def __init__(self, code: str, index: int, level: str, *, inline: bool = False) -> None:
        self.code, self.index, self.level = code, index, level
        self.table = computer_table(code, index, level, inline=inline)
        self.result: PlayResult | None = None
        self._dd: Any = None

    @property
    def done(self) -> bool:
        return self.result is not None

    def step(self) -> bool:
        """Move the play on (start or apply one decision); True once the result is in."""
        if self.result is not None:
            return True
        t = self.table
        if not hand_over(t.state):
            t.pump()
            if not hand_over(t.state):
                return False
        if self._dd is None:  # the double-dummy line, on the pool as well
            self._dd = t.pool.submit(result_of, t.state, t.names)
        if self._dd.done():
            self.result = self._dd.result()
            t.close()
        return self.result is not None

    def cancel(self) -> None:
        self.table.close()


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
        self.sets: dict[str, dict[str, Any]] = (
            doc["sets"] if ok and isinstance(doc.get("sets"), dict) else {}
        )

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
    computer's play of the deal the person is playing (one decision per :meth:`tick` on the
    worker pool, never waited for). The computer's result of a deal is kept as soon as it
    is in, but :meth:`shown` says it may be shown only once the person has played the deal."""

    def __init__(
        self, code: str, level: str = DEFAULT_LEVEL, store: DailyStore | None = None,
        *, inline: bool = False,
    ) -> None:  # fmt: skip
        self.store = store or DailyStore()
        self.code = normalize_code(code)
        self.level = self.store.level(self.code, level)
        self.inline = inline
        self.play: ComputerPlay | None = None

    @property
    def rules(self) -> Rules:
        return code_rules(self.code)

    def start(self, index: int) -> None:
        """The person starts deal ``index``: the computer starts its play of it too."""
        self.store.entry(self.code, self.level)
        if self.play is not None and self.play.index == index:
            return
        self.stop()
        if self.store.result(self.code, index, "computer") is None:
            self.play = ComputerPlay(self.code, index, self.level, inline=self.inline)

    def tick(self) -> None:
        """One step of the computer's play (each frame, from the window)."""
        play = self.play
        if play is not None and play.step():
            assert play.result is not None
            self.store.put(self.code, play.index, "computer", play.result, self.level)
            self.play = None

    def computing(self, index: int) -> bool:
        return self.play is not None and self.play.index == index

    def person_played(self, index: int, result: PlayResult) -> None:
        self.store.put(self.code, index, "person", result, self.level)

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
