"""A small ctypes binding to the DDS double-dummy solver shipped inside ``endplay``.

(Over 600 lines as one module: the library's C structures, its loading and its calls share
one set of ctypes declarations and one lock; split, each part would import the others.)

DDS (Bo Haglund and Soren Hein, Apache-2.0) is the standard bridge double-dummy
solver. The ``endplay`` wheel bundles it as a plain shared library
(``endplay/_dds/libdds.so``; ``libdds.dylib`` on macOS, ``dds.dll`` on Windows).
Importing ``endplay`` itself takes over a second (it pulls in matplotlib), so this
module never imports it: it finds the library file through
``importlib.util.find_spec("endplay")`` (which locates the package without running
its ``__init__``) or inside a PyInstaller bundle, and talks to it directly.

Conventions are the game's, not bridge's:

* cards are rank then suit: ``"AS"``, ``"TD"``, ``"2C"`` (ranks ``23456789TJQKA``,
  suits ``CDHS``);
* the strain is ``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"NT"``;
* seats 0..3 play in increasing order, partners are 0 & 2 and 1 & 3. DDS hands
  N, E, S, W also play in that order, so seat ``s`` is simply DDS hand ``s``.

Nothing is loaded at import time. The library is loaded on first use; if it
cannot be found or loaded, :func:`available` returns False and every solving
function raises :class:`DDSError`, so callers can fall back to something else.

Memory: DDS keeps a transposition table for each of its threads. Left to itself (the
library's ``SetMaxThreads(0)``) it runs one thread per core, each with a "large" table
kept at 95 MB and allowed to grow to 160 MB: a whole game of four expert players
peaked at 250-320 MB. So the binding caps it once, when it loads the library:
``SetResources(MAX_MEMORY_MB, MAX_THREADS)`` gives two threads with "small" tables (20
MB kept, 30 MB at most each), and the same game peaks at about 140 MB. DDS's answers
are exact whatever its tables (the same positions get the same scores, so the players
make the same choices from the same samples); the small tables cost about 10 % more
CPU per full-deal solve, less later in a hand (docs/ai-search.md has the figures).
:func:`resources` reports what DDS set up.

Threads: DDS keeps per-"thread slot" search memory and process-wide scheduler
state, and the single-board call here always uses slot 0 while the batch calls
use every slot. Calls are therefore serialised by one module-level lock: any
thread (e.g. an AI worker) may call these functions, concurrent calls simply
queue. ctypes releases the GIL for the duration of the native call, so the UI
thread keeps running while a solve is in progress.

The library file is looked up, in order, at: the ``TARNEEB_DDS_LIB`` environment
variable (a file, or a directory holding it); ``sys._MEIPASS`` when frozen by
PyInstaller (``endplay/_dds/``, ``_dds/`` and the bundle root), and next to the
executable; then the installed ``endplay`` package's ``_dds`` directory.

Over 600 lines: the C structures, their conversions and the resource cap belong to one
binding, kept whole so that it is checked against endplay in one place.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from tarneeb_desktop.rules.cards import RANKS, STRAINS, SUITS

__all__ = [
    "ENV_VAR",
    "MAX_BOARDS",
    "MAX_MEMORY_MB",
    "MAX_THREADS",
    "STRAINS",
    "Board",
    "DDSError",
    "available",
    "dd_table",
    "dd_tables",
    "dd_tricks_leading",
    "library_path",
    "load_error",
    "resources",
    "set_resources",
    "solve",
    "solve_many",
]

ENV_VAR = "TARNEEB_DDS_LIB"
"""Environment variable naming the DDS shared library (or its directory)."""

MAX_BOARDS = 200
"""DDS's ``MAXNOOFBOARDS``: boards per batch call. It fixes the layout of the batch
structs, so it must match the compiled library (200 in every DDS 2.x)."""

MAX_THREADS = 2
"""Threads DDS may run a batch on (``SetResources``' second argument; never more than
the cores). The search players send 2 full deals per batch early in a hand, where the
time goes; the later, larger batches are of small endings and cheap. Every thread has
a table of its own, so more threads would mean more memory."""

MAX_MEMORY_MB = 50
"""Memory for DDS's tables (``SetResources``' first argument). DDS 2.9 allows 1.3 times
this, 65 MB: room for two "small" tables (``THREADMEM_SMALL_MAX_MB``, 30 MB each) but
not for a "large" one (160 MB), so every thread gets a small table. Below 24 DDS would
fit no thread at all (and exit the process on the first solve)."""


# DDS numbering: suits/strains 0=S 1=H 2=D 3=C 4=NT; ranks 2..14 as bit (1 << rank).
_DDS_STRAIN = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
_SUIT_OF_DDS = "SHDC"
_CARD: dict[str, tuple[int, int]] = {
    r + s: (_DDS_STRAIN[s], i + 2) for s in SUITS for i, r in enumerate(RANKS)
}
_NAME: dict[tuple[int, int], str] = {v: k for k, v in _CARD.items()}

# SolveBoard arguments: target -1 = find the maximum; solutions 3 = every legal
# card with its score (1 = just one best card); mode 1 = always search, even when
# only one card can be played.
_TARGET_MAX = -1
_SOLUTIONS_ALL = 3
_SOLUTIONS_ONE = 1
_MODE_ALWAYS_SEARCH = 1
_RETURN_NO_FAULT = 1

Hands: TypeAlias = Sequence[Iterable[str]]
Board: TypeAlias = tuple[Hands, str, int, Sequence[str]]
"""One position for :func:`solve_many`: ``(hands, trump, leader, trick)``."""


class DDSError(RuntimeError):
    """The DDS library is unavailable, or it rejected a position (with its message)."""


# --------------------------------------------------------------------------
# C structs, from DDS's include/dll.h (DDS_HANDS = DDS_SUITS = 4, DDS_STRAINS = 5)


class _Deal(ctypes.Structure):
    _fields_ = [
        ("trump", ctypes.c_int),
        ("first", ctypes.c_int),
        ("currentTrickSuit", ctypes.c_int * 3),
        ("currentTrickRank", ctypes.c_int * 3),
        ("remainCards", (ctypes.c_uint * 4) * 4),
    ]


class _FutureTricks(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_int),
        ("cards", ctypes.c_int),
        ("suit", ctypes.c_int * 13),
        ("rank", ctypes.c_int * 13),
        ("equals", ctypes.c_int * 13),
        ("score", ctypes.c_int * 13),
    ]


class _Boards(ctypes.Structure):
    _fields_ = [
        ("noOfBoards", ctypes.c_int),
        ("deals", _Deal * MAX_BOARDS),
        ("target", ctypes.c_int * MAX_BOARDS),
        ("solutions", ctypes.c_int * MAX_BOARDS),
        ("mode", ctypes.c_int * MAX_BOARDS),
    ]


class _SolvedBoards(ctypes.Structure):
    _fields_ = [
        ("noOfBoards", ctypes.c_int),
        ("solvedBoard", _FutureTricks * MAX_BOARDS),
    ]


class _DDTableDeal(ctypes.Structure):
    _fields_ = [("cards", (ctypes.c_uint * 4) * 4)]


class _DDTableResults(ctypes.Structure):
    _fields_ = [("resTable", (ctypes.c_int * 4) * 5)]


MAX_TABLES = 40
"""DDS's ``MAXNOOFTABLES``: deals per ``CalcAllTables`` call with all five strains (its
structs hold ``5 * MAX_TABLES`` deals; DDS takes at most ``MAX_BOARDS`` deal-strains per
call, so fewer strains allow more deals)."""


class _DDTableDeals(ctypes.Structure):
    _fields_ = [("noOfTables", ctypes.c_int), ("deals", _DDTableDeal * (MAX_TABLES * 5))]


class _DDTablesRes(ctypes.Structure):
    _fields_ = [("noOfBoards", ctypes.c_int), ("results", _DDTableResults * (MAX_TABLES * 5))]


class _ParResults(ctypes.Structure):
    _fields_ = [
        ("parScore", (ctypes.c_char * 16) * 2),
        ("parContractsString", (ctypes.c_char * 128) * 2),
    ]


class _AllParResults(ctypes.Structure):
    _fields_ = [("presults", _ParResults * MAX_TABLES)]


class _DDSInfo(ctypes.Structure):
    """DDS 2.9's ``DDSInfo`` (``GetDDSInfo``)."""

    _fields_ = [
        ("major", ctypes.c_int),
        ("minor", ctypes.c_int),
        ("patch", ctypes.c_int),
        ("versionString", ctypes.c_char * 10),
        ("system", ctypes.c_int),
        ("numBits", ctypes.c_int),
        ("compiler", ctypes.c_int),
        ("constructor", ctypes.c_int),
        ("numCores", ctypes.c_int),
        ("threading", ctypes.c_int),
        ("noOfThreads", ctypes.c_int),
        ("threadSizes", ctypes.c_char * 128),
        ("systemString", ctypes.c_char * 1024),
    ]


# --------------------------------------------------------------------------
# Locating and loading the library

_lib: Any = None  # the loaded ctypes library (CDLL / WinDLL)
_lib_path: str | None = None
_load_error: str | None = None
_load_attempted = False
_load_lock = threading.Lock()
_call_lock = threading.Lock()


def _platform_names() -> list[str]:
    """File names the endplay build gives the library on this OS (CMake's
    ``${CMAKE_SHARED_LIBRARY_PREFIX}dds${CMAKE_SHARED_LIBRARY_SUFFIX}``)."""
    if sys.platform == "win32":
        return ["dds.dll", "libdds.dll", "libdds.so"]
    if sys.platform == "darwin":
        return ["libdds.dylib", "libdds.so"]
    return ["libdds.so"]


def _endplay_declared_name(dds_dir: Path) -> str | None:
    """The library name endplay's own loader uses (``_dll_name = "..."`` in
    ``endplay/_dds/__init__.py``), read as text so nothing of endplay runs."""
    try:
        text = (dds_dir / "__init__.py").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    match = re.search(r"""_dll_name\s*=\s*["']([^"']+)["']""", text)
    return match.group(1) if match else None


def _files_in(directory: Path) -> list[Path]:
    """Candidate library files in one directory, most likely first."""
    names = []
    declared = _endplay_declared_name(directory)
    if declared:
        names.append(declared)
    names += _platform_names()
    found: list[Path] = []
    for name in names:
        path = directory / name
        if path not in found and path.is_file():
            found.append(path)
    try:
        extra = sorted(
            p
            for p in directory.iterdir()
            if "dds" in p.name.lower()
            and (p.suffix in (".so", ".dylib", ".dll") or ".so." in p.name)
            and p.is_file()
        )
    except OSError:
        extra = []
    found += [p for p in extra if p not in found]
    return found


def _endplay_dirs() -> list[Path]:
    """``endplay/_dds`` directories of the installed package, found without importing it."""
    try:
        spec = importlib.util.find_spec("endplay")
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.submodule_search_locations:
        return []
    return [Path(loc) / "_dds" for loc in spec.submodule_search_locations]


def _candidate_paths() -> list[Path]:
    """Every place the library might be, in the order they are tried."""
    paths: list[Path] = []
    override = os.environ.get(ENV_VAR, "").strip()
    if override:
        p = Path(override).expanduser()
        paths += _files_in(p) if p.is_dir() else [p]
    roots: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        roots.append(Path(meipass))
    if getattr(sys, "frozen", False):
        roots.append(Path(sys.executable).resolve().parent)
    for root in roots:
        for directory in (root / "endplay" / "_dds", root / "_dds", root):
            paths += _files_in(directory)
    for directory in _endplay_dirs():
        paths += _files_in(directory)
    unique: list[Path] = []
    for p in paths:
        if p not in unique:
            unique.append(p)
    return unique


def _open(path: Path) -> Any:
    """Load one file and declare the signatures we use; raise OSError/AttributeError."""
    lib: Any
    if sys.platform == "win32":  # __stdcall matters for 32-bit builds only
        lib = ctypes.WinDLL(str(path))
    else:
        lib = ctypes.CDLL(str(path))
    c_int = ctypes.c_int
    lib.SolveBoard.argtypes = [_Deal, c_int, c_int, c_int, ctypes.POINTER(_FutureTricks), c_int]
    lib.SolveBoard.restype = c_int
    lib.SolveAllBoardsBin.argtypes = [ctypes.POINTER(_Boards), ctypes.POINTER(_SolvedBoards)]
    lib.SolveAllBoardsBin.restype = c_int
    lib.CalcDDtable.argtypes = [_DDTableDeal, ctypes.POINTER(_DDTableResults)]
    lib.CalcDDtable.restype = c_int
    try:  # the batched tables (dd_tables); a library without them still solves boards
        lib.CalcAllTables.argtypes = [
            ctypes.POINTER(_DDTableDeals),
            c_int,
            ctypes.POINTER(c_int),
            ctypes.POINTER(_DDTablesRes),
            ctypes.POINTER(_AllParResults),
        ]
        lib.CalcAllTables.restype = c_int
    except AttributeError:
        pass
    lib.ErrorMessage.argtypes = [c_int, ctypes.c_char_p]
    lib.ErrorMessage.restype = None
    lib.SetMaxThreads.argtypes = [c_int]
    lib.SetMaxThreads.restype = None
    try:
        lib.SetResources.argtypes = [c_int, c_int]
        lib.SetResources.restype = None
    except AttributeError:  # DDS before 2.9 has only SetMaxThreads
        pass
    try:
        lib.GetDDSInfo.argtypes = [ctypes.c_void_p]
        lib.GetDDSInfo.restype = None
    except AttributeError:
        pass
    # Mandatory before first use on Linux/macOS (the library's own constructor asks
    # for a thread per core with large tables): sizes the threads and their memory.
    _apply_resources(lib, MAX_MEMORY_MB, MAX_THREADS)
    return lib


def _apply_resources(lib: Any, max_memory_mb: int, max_threads: int) -> None:
    if hasattr(lib, "SetResources"):
        lib.SetResources(int(max_memory_mb), int(max_threads))
    else:  # no memory cap before DDS 2.9: at least bound the threads
        lib.SetMaxThreads(int(max_threads))


def _load() -> Any:
    """Return the loaded library, loading it on the first call (None if impossible)."""
    global _lib, _lib_path, _load_error, _load_attempted
    if _load_attempted:
        return _lib
    with _load_lock:
        if _load_attempted:
            return _lib
        problems: list[str] = []
        for path in _candidate_paths():
            try:
                lib = _open(path)
            except (OSError, AttributeError) as exc:
                problems.append(f"{path}: {exc}")
                continue
            _lib, _lib_path, _load_error = lib, str(path), None
            break
        else:
            if not problems:
                problems.append(f"no DDS library found (is endplay installed? or set {ENV_VAR})")
            _load_error = "; ".join(problems)
        _load_attempted = True
        return _lib


def available() -> bool:
    """True if the DDS library can be loaded (loads it on the first call; never raises)."""
    global _load_error, _load_attempted
    try:
        return _load() is not None
    except Exception as exc:  # availability probing must never crash the game
        _load_error, _load_attempted = f"{type(exc).__name__}: {exc}", True
        return False


def library_path() -> str | None:
    """Path of the loaded library file, or None if it is not loaded (for logs)."""
    return _lib_path if available() else None


def load_error() -> str | None:
    """Why the library could not be loaded, or None if it loaded (for logs)."""
    return None if available() else _load_error


def _require() -> Any:
    if not available():
        raise DDSError(f"DDS library is not available: {_load_error}")
    return _lib


def _check(lib: Any, code: int) -> None:
    if code != _RETURN_NO_FAULT:
        buf = ctypes.create_string_buffer(80)
        lib.ErrorMessage(code, buf)
        text = buf.value.decode("ascii", "replace") or "unknown error"
        raise DDSError(f"DDS error {code}: {text}")


def set_resources(max_memory_mb: int = MAX_MEMORY_MB, max_threads: int = MAX_THREADS) -> None:
    """Set DDS's memory (MB) and threads again; the defaults are what the binding sets
    when it loads the library, and 0 means DDS's own choice (one thread per core, large
    tables). Values of memory from 1 to 23 are raised to 24 (DDS would fit no thread).
    Raises DDSError if the library is unavailable."""
    lib = _require()
    if 0 < max_memory_mb < 24:
        max_memory_mb = 24
    with _call_lock:
        _apply_resources(lib, max_memory_mb, max_threads)


def resources() -> dict[str, Any]:
    """What DDS reports it set up (``GetDDSInfo``): ``version``, ``threads``,
    ``thread_sizes`` (e.g. ``"2 S, 0 L"``: two small tables, no large one),
    ``memory_max_mb`` (its memory budget, None if not reported) and ``cores``.
    An empty dict for a library without ``GetDDSInfo`` (before 2.9); raises DDSError
    if the library is unavailable."""
    lib = _require()
    if not hasattr(lib, "GetDDSInfo"):
        return {}
    # A generous buffer: a library with a longer struct must not write past it.
    buf = ctypes.create_string_buffer(4 * ctypes.sizeof(_DDSInfo))
    with _call_lock:
        lib.GetDDSInfo(buf)
    info = _DDSInfo.from_buffer(buf)
    text = info.systemString.decode("ascii", "replace")
    memory = re.search(r"Memory max \(MB\)\s+(\d+)", text)
    return {
        "version": info.versionString.decode("ascii", "replace"),
        "threads": info.noOfThreads,
        "thread_sizes": info.threadSizes.decode("ascii", "replace"),
        "memory_max_mb": int(memory.group(1)) if memory else None,
        "cores": info.numCores,
    }


# --------------------------------------------------------------------------
# Converting positions


def _masks(hand: Iterable[str], seen: set[str]) -> tuple[list[int], int]:
    """DDS holdings (S, H, D, C) of a hand and its card count; records cards in ``seen``."""
    masks = [0, 0, 0, 0]
    n = 0
    for card in hand:
        try:
            suit, rank = _CARD[card]
        except (KeyError, TypeError):
            raise ValueError(f"{card!r} is not a card like 'AS', 'TD' or '2C'") from None
        if card in seen:
            raise ValueError(f"card {card} appears twice")
        seen.add(card)
        masks[suit] |= 1 << rank
        n += 1
    return masks, n


_Key: TypeAlias = tuple[int, int, tuple[int, ...], tuple[str, ...]]


class _Position:
    """A validated position in DDS terms."""

    __slots__ = ("trump", "leader", "trick", "masks", "empty")

    def __init__(self, hands: Hands, trump: str, leader: int, trick: Sequence[str]) -> None:
        if trump not in _DDS_STRAIN:
            raise ValueError(f"trump must be one of {STRAINS}, not {trump!r}")
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
            raise ValueError(f"leader must be a seat 0..3, not {leader!r}")
        if isinstance(hands, str) or len(hands) != 4:
            raise ValueError("hands must hold the four seats' cards")
        trick = tuple(trick)
        if len(trick) > 3:
            raise ValueError("a trick in progress has 0..3 cards played")
        seen: set[str] = set()
        _masks(trick, seen)
        masks: list[list[int]] = []
        counts: list[int] = []
        for hand in hands:
            if isinstance(hand, str):
                raise ValueError(f"a hand must be a collection of cards, not the string {hand!r}")
            m, n = _masks(hand, seen)
            masks.append(m)
            counts.append(n)
        # Seats that already played to the trick hold one card fewer.
        total = counts[leader] + (1 if trick else 0)
        for seat in range(4):
            expected = total - (1 if (seat - leader) % 4 < len(trick) else 0)
            if counts[seat] != expected:
                raise ValueError(
                    f"seat {seat} holds {counts[seat]} cards but should hold {expected} "
                    f"(leader {leader}, {len(trick)} card(s) in the trick)"
                )
        self.trump = _DDS_STRAIN[trump]
        self.leader = leader
        self.trick = trick
        self.masks = masks
        self.empty = total == 0

    def fill(self, dl: _Deal) -> None:
        dl.trump = self.trump
        dl.first = self.leader
        for i in range(3):
            if i < len(self.trick):
                suit, rank = _CARD[self.trick[i]]
            else:
                suit, rank = 0, 0
            dl.currentTrickSuit[i] = suit
            dl.currentTrickRank[i] = rank
        for h in range(4):
            dl.remainCards[h][:] = self.masks[h]

    def group_key(self) -> tuple[int, int, tuple[int, ...]]:
        """What DDS's batch scheduler treats as "the same board" (see solve_many)."""
        return (self.trump, self.leader, tuple(m for hand in self.masks for m in hand))

    def key(self) -> _Key:
        return (*self.group_key(), self.trick)


def _scores(fut: _FutureTricks) -> dict[str, int]:
    """Every card of a futureTricks answer, expanding DDS's groups of equal cards."""
    result: dict[str, int] = {}
    for i in range(fut.cards):
        suit = fut.suit[i]
        score = fut.score[i]
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for rank in range(14, 1, -1):
            if holding & (1 << rank):
                result[_NAME[(suit, rank)]] = score
    return result


# --------------------------------------------------------------------------
# Public solving functions


def solve(hands: Hands, trump: str, leader: int, trick: Sequence[str]) -> dict[str, int]:
    """Double-dummy value of every card the seat to move may play.

    ``hands`` are the four seats' remaining cards (seat 0..3), not including the
    cards already in ``trick``. ``leader`` is the seat that led the current trick (or
    is to lead, when ``trick`` is empty); ``trick`` holds the cards played to it so
    far, in order from the leader (0..3 cards). The seat to move is
    ``(leader + len(trick)) % 4``.

    Returns, for every card that seat may legally play (every card it holds if it
    is void in the led suit), the number of tricks its side takes from now to the
    end of the hand, the current trick included, with best double-dummy play by
    all. The dict is ordered best card first. An exhausted position (no cards
    anywhere, empty trick) gives ``{}``.

    Raises ValueError for a malformed position (bad card, duplicate card, wrong
    card counts) and DDSError if DDS is unavailable or rejects the position.
    """
    pos = _Position(hands, trump, leader, trick)
    if pos.empty:
        return {}
    return _solve_one(pos, _SOLUTIONS_ALL)


def _solve_one(pos: _Position, solutions: int) -> dict[str, int]:
    lib = _require()
    dl = _Deal()
    pos.fill(dl)
    fut = _FutureTricks()
    with _call_lock:
        code = lib.SolveBoard(dl, _TARGET_MAX, solutions, _MODE_ALWAYS_SEARCH, ctypes.byref(fut), 0)
    _check(lib, code)
    return _scores(fut)


def solve_many(boards: Sequence[Board]) -> list[dict[str, int]]:
    """:func:`solve` for many positions at once, in DDS's multi-threaded batch call.

    Each board is ``(hands, trump, leader, trick)`` as for :func:`solve`; results
    come back in the same order. Any number of boards is accepted: they are sent
    in chunks of at most :data:`MAX_BOARDS`. Identical boards are solved once.

    DDS's batch scheduler reuses the answer of an earlier board with the same
    strain, leader and remaining cards without looking at the cards already in the
    current trick; boards that differ only there are put in separate calls so
    that this shortcut cannot give a wrong answer.
    """
    positions = [_Position(*board) for board in boards]
    results: list[dict[str, int] | None] = [None] * len(positions)
    # Deduplicate, then split into rounds in which no two boards share a group key.
    first_index: dict[_Key, int] = {}
    copies: list[tuple[int, int]] = []
    rounds: list[list[int]] = []
    round_of_group: dict[tuple[int, int, tuple[int, ...]], int] = {}
    for i, pos in enumerate(positions):
        if pos.empty:
            results[i] = {}
            continue
        key = pos.key()
        if key in first_index:
            copies.append((i, first_index[key]))
            continue
        first_index[key] = i
        r = round_of_group.get(pos.group_key(), -1) + 1
        round_of_group[pos.group_key()] = r
        if r == len(rounds):
            rounds.append([])
        rounds[r].append(i)
    if rounds:
        lib = _require()
        for indices in rounds:
            for start in range(0, len(indices), MAX_BOARDS):
                chunk = indices[start : start + MAX_BOARDS]
                for i, scores in zip(
                    chunk, _solve_chunk(lib, [positions[i] for i in chunk]), strict=True
                ):
                    results[i] = scores
    for i, j in copies:
        results[i] = dict(results[j] or {})
    return [r if r is not None else {} for r in results]


def _solve_boards(lib: Any, positions: Sequence[_Position], solutions: int) -> _SolvedBoards:
    """One batch call (at most MAX_BOARDS positions): every card scored, or one best card."""
    bo = _Boards()
    bo.noOfBoards = len(positions)
    for k, pos in enumerate(positions):
        pos.fill(bo.deals[k])
        bo.target[k] = _TARGET_MAX
        bo.solutions[k] = solutions
        bo.mode[k] = _MODE_ALWAYS_SEARCH
    solved = _SolvedBoards()
    with _call_lock:
        code = lib.SolveAllBoardsBin(ctypes.byref(bo), ctypes.byref(solved))
    _check(lib, code)
    return solved


def _solve_chunk(lib: Any, positions: list[_Position]) -> list[dict[str, int]]:
    solved = _solve_boards(lib, positions, _SOLUTIONS_ALL)
    return [_scores(solved.solvedBoard[k]) for k in range(len(positions))]


def dd_table(hands: Hands) -> dict[str, list[int]]:
    """DDS's double-dummy table of a deal (normally 13 cards each).

    For each strain ``"C"``, ``"D"``, ``"H"``, ``"S"``, ``"NT"``: a list indexed by
    seat 0..3 of the tricks that seat's side takes with that seat as *declarer* in
    DDS's (bridge) sense, i.e. with the opponent on declarer's left - the next
    seat in play order, ``(declarer + 1) % 4`` - leading to the first trick.

    Careful: in Tarneeb the bidder leads the first trick himself. For that, use
    :func:`dd_tricks_leading`; the two agree as
    ``dd_tricks_leading(hands, t, s) == 13 - dd_table(hands)[t][(s + 3) % 4]``.
    """
    pos = _Position(hands, "NT", 0, ())
    if pos.empty:
        raise ValueError("dd_table needs cards in the hands")
    lib = _require()
    table_deal = _DDTableDeal()
    for h in range(4):
        table_deal.cards[h][:] = pos.masks[h]
    res = _DDTableResults()
    with _call_lock:
        code = lib.CalcDDtable(table_deal, ctypes.byref(res))
    _check(lib, code)
    return {strain: list(res.resTable[_DDS_STRAIN[strain]]) for strain in STRAINS}


def dd_tables(
    deals: Sequence[Sequence[int]], strains: Iterable[str] = STRAINS
) -> list[dict[str, list[int]]]:
    """Tarneeb's double-dummy tables of many deals in DDS's batch call (``CalcAllTables``,
    on DDS's threads, the GIL released).

    Each deal is four 52-bit masks of 13 cards (bit ``suit * 13 + rank``, seat 0..3, as in
    ``rules/cards.py``). For each deal: per strain asked for, a list indexed by seat 0..3 of
    the tricks that seat's side takes when that seat *leads to the first trick* (Tarneeb's
    rule: the bidder leads), i.e. ``dd_tricks_leading(hands, strain, seat)`` for every seat.
    Strains not asked for are left out (they cost nothing). Deals are sent in chunks of at
    most ``MAX_BOARDS // len(strains)`` (40 with all five strains).
    """
    wanted = [st for st in STRAINS if st in set(strains)]
    if not wanted:
        return [{} for _ in deals]
    lib = _require()
    if not hasattr(lib, "CalcAllTables"):
        raise DDSError("this DDS library has no CalcAllTables")
    per_call = max(1, min(MAX_TABLES * 5, MAX_BOARDS // len(wanted)))
    filt = (ctypes.c_int * 5)()
    for st in STRAINS:
        filt[_DDS_STRAIN[st]] = 0 if st in wanted else 1
    out: list[dict[str, list[int]]] = []
    for start in range(0, len(deals), per_call):
        chunk = deals[start : start + per_call]
        td = _DDTableDeals()
        td.noOfTables = len(chunk)
        for k, hands in enumerate(chunk):
            if len(hands) != 4:
                raise ValueError("a deal must hold the four seats' cards")
            union = 0
            for h in range(4):
                mask = hands[h]
                if mask.bit_count() != 13 or union & mask:
                    raise ValueError("dd_tables needs four hands of 13 different cards")
                union |= mask
                # Our bit suit*13+rank (C D H S, ranks 2..A as 0..12) -> DDS S H D C, bit rank.
                for suit in range(4):
                    bits = (mask >> (13 * suit)) & 0x1FFF
                    td.deals[k].cards[h][_DDS_STRAIN[SUITS[suit]]] = bits << 2
        res = _DDTablesRes()
        par = _AllParResults()
        with _call_lock:
            code = lib.CalcAllTables(
                ctypes.byref(td), -1, filt, ctypes.byref(res), ctypes.byref(par)
            )
        _check(lib, code)
        for k in range(len(chunk)):
            table = res.results[k].resTable
            row: dict[str, list[int]] = {}
            for st in wanted:
                col = table[_DDS_STRAIN[st]]
                # DDS's declarer is the seat before the leader: leader s <- declarer s - 1.
                row[st] = [13 - col[(seat + 3) % 4] for seat in range(4)]
            out.append(row)
    return out


def dd_tricks_leading(hands: Hands, trump: str, leader: int) -> int:
    """Tricks taken by ``leader``'s side when ``leader`` leads to the first trick
    (Tarneeb's rule: the bidder leads), with best double-dummy play by all.

    Equal to ``max(solve(hands, trump, leader, []).values())``, computed with a
    single-best-card search, which is cheaper than scoring every card.
    """
    pos = _Position(hands, trump, leader, ())
    if pos.empty:
        return 0
    return max(_solve_one(pos, _SOLUTIONS_ONE).values())
