"""Daily deals' results kept per code in ``daily.json`` (:class:`DailyStore`: past days, the
streak) and the set the window shows (:class:`DailySet`: the deals, the computer's play of
the deal being played, what is shown and when)."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from pathlib import Path
from typing import Any

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules import (
    Rules,
)
from tarneeb_desktop.session.daily.codes import (
    DEALS,
    DEFAULT_LEVEL,
    STORE_FORMAT,
    code_date,
    code_rules,
    normalize_code,
)
from tarneeb_desktop.session.daily.runner import (
    ComputerPlay,
    PlayResult,
)
from tarneeb_desktop.storage import load_json, write_json_atomic
from tarneeb_desktop.table.savegame import SaveError, read_save

log = logging.getLogger(__name__)
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
