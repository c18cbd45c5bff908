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

The computer's play of a deal runs in a process of its own at the lowest priority
(:class:`ComputerPlay`): the search levels' sampling is pure Python, which holds the GIL, so
on a thread beside the window it slowed the person's frames. Where no process can be
started it falls back to one decision at a time on the worker pool.

The person's table of a deal is saved by the one save rule (:class:`DealSaver`, an offline
game's ``Autosave``: after every call and card, in the table's own save format) until the
hand is over, so a deal left or killed half way goes on
from that card on the next Play (:func:`person_link`), not from 0-0 with the cards known.

The results (the person's and the computer's per deal, and each play's record for review)
are kept per code in ``daily.json`` in the player's folder (:class:`DailyStore`, atomic
JSON), with the past days and a streak of days in a row with a finished set.

The package: ``codes.py`` (codes and deals), ``runner.py`` (the players, the plays and
their results) and ``store.py`` (the results kept and the set in the window).
"""

from __future__ import annotations

from tarneeb_desktop.session.daily.codes import (
    CODE_RE,
    DEALS,
    DEFAULT_LEVEL,
    FIXED_SAMPLES,
    FORMAT,
    SEAT_LABELS,
    STORE_FORMAT,
    CodeError,
    Deal,
    _Stream,
    code_date,
    code_rules,
    deal_of,
    deals_of,
    normalize_code,
    today_code,
)
from tarneeb_desktop.session.daily.runner import (
    Comparison,
    ComputerPlay,
    DealSaver,
    PlayResult,
    _lower_priority,
    _names,
    _play_in_process,
    _PoolPlay,
    compare,
    computer_summary,
    computer_table,
    deal_table,
    fix_players,
    fixed_player,
    hand_ended,
    hand_over,
    person_link,
    play_computer,
    result_of,
    resumed_table,
)
from tarneeb_desktop.session.daily.store import (
    DailySet,
    DailyStore,
    daily_path,
)

__all__ = [
    "CODE_RE",
    "CodeError",
    "Comparison",
    "ComputerPlay",
    "DEALS",
    "DEFAULT_LEVEL",
    "DailySet",
    "DailyStore",
    "Deal",
    "DealSaver",
    "FIXED_SAMPLES",
    "FORMAT",
    "PlayResult",
    "SEAT_LABELS",
    "STORE_FORMAT",
    "_PoolPlay",
    "_Stream",
    "_lower_priority",
    "_names",
    "_play_in_process",
    "code_date",
    "code_rules",
    "compare",
    "computer_summary",
    "computer_table",
    "daily_path",
    "deal_of",
    "deal_table",
    "deals_of",
    "fix_players",
    "fixed_player",
    "hand_ended",
    "hand_over",
    "normalize_code",
    "person_link",
    "play_computer",
    "result_of",
    "resumed_table",
    "today_code",
]
