"""Tests of the ctypes DDS binding (tarneeb_desktop.ai.dds).

Cross-checked against endplay's own DDS API (imported only here, never by the
game) and against a tiny brute-force minimax for small endings; and that DDS runs
with the binding's cap on memory and threads.
"""

from __future__ import annotations

import ctypes
import json
import os
import random
import re
import shutil
import subprocess
import sys
import textwrap
import threading
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tarneeb_desktop.ai import dds

if not dds.available():
    pytest.skip(f"DDS library not available: {dds.load_error()}", allow_module_level=True)

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = [r + s for s in SUITS for r in RANKS]
STRAINS = ["C", "D", "H", "S", "NT"]
REPO = Path(__file__).resolve().parents[1]

Hands = list[list[str]]
Position = tuple[Hands, str, int, list[str]]


# --------------------------------------------------------------------------
# Random positions


def legal(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    if trick:
        follow = [c for c in hand if c[1] == trick[0][1]]
        if follow:
            return list(follow)
    return list(hand)


def random_position(
    rng: random.Random, n_cards: int, trick_len: int, trump: str | None = None
) -> Position:
    """``n_cards`` tricks left (the current one included), ``trick_len`` cards of
    it already played with random legal cards from a random leader."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [sorted(deck[i * n_cards : (i + 1) * n_cards]) for i in range(4)]
    leader = rng.randrange(4)
    trick: list[str] = []
    for k in range(trick_len):
        seat = (leader + k) % 4
        card = rng.choice(legal(hands[seat], trick))
        hands[seat].remove(card)
        trick.append(card)
    return hands, trump or rng.choice(STRAINS), leader, trick


# --------------------------------------------------------------------------
# endplay reference (imported lazily: it is slow)


@cache
def import_endplay() -> None:
    """Import endplay's DDS API, then put the binding's cap back: endplay's import calls
    ``SetMaxThreads(0)`` on the very library the binding loaded (one per process),
    which gives DDS its own default (a large table per core). So the cross-checks
    below solve with the same memory and threads as the game."""
    pytest.importorskip("endplay")
    import endplay.dds  # noqa: F401

    dds.set_resources()


def endplay_solve(hands: Hands, trump: str, leader: int, trick: Sequence[str]) -> dict[str, int]:
    import_endplay()
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Player

    full = [list(h) for h in hands]
    for k, card in enumerate(trick):
        full[(leader + k) % 4].append(card)
    deal = Deal(to_pbn(full), first=Player(leader), trump=denom(trump))
    for card in trick:
        deal.play(Card(card[1] + card[0]))
    assert len(deal.curtrick) == len(trick)
    assert deal.first == Player(leader)
    out: dict[str, int] = {}
    for solved_card, score in solve_board(deal):
        out[card_name(solved_card.suit, solved_card.rank)] = score
    return out


def endplay_table(hands: Hands) -> dict[str, list[int]]:
    import_endplay()
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Player

    table = calc_dd_table(Deal(to_pbn(hands)))
    return {s: [table[denom(s), Player(p)] for p in range(4)] for s in STRAINS}


def to_pbn(hands: Hands) -> str:
    parts = []
    for hand in hands:
        suits = []
        for suit in "SHDC":
            ranks = sorted((c[0] for c in hand if c[1] == suit), key=RANKS.index, reverse=True)
            suits.append("".join(ranks))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def denom(strain: str) -> Any:
    from endplay.types import Denom

    return Denom({"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}[strain])


def card_name(suit: int, rank: int) -> str:
    return RANKS[int(rank).bit_length() - 3] + "SHDC"[int(suit)]


# --------------------------------------------------------------------------
# Brute force


def brute_force(hands: Hands, trump: str, leader: int, trick: Sequence[str]) -> dict[str, int]:
    """Tricks for the mover's side (current trick included) after each legal card."""

    def beats(a: str, b: str) -> bool:  # does a beat b, b being the card winning so far
        if a[1] == b[1]:
            return RANKS.index(a[0]) > RANKS.index(b[0])
        return a[1] == trump

    def winner(cards: tuple[str, ...], first: int) -> int:
        best = 0
        for i in range(1, 4):
            if beats(cards[i], cards[best]):
                best = i
        return (first + best) % 4

    @cache
    def best(state: tuple[frozenset[str], ...], first: int, cur: tuple[str, ...]) -> int:
        mover = (first + len(cur)) % 4
        return max(after(state, first, cur, c) for c in legal(sorted(state[mover]), cur))

    def after(
        state: tuple[frozenset[str], ...], first: int, cur: tuple[str, ...], card: str
    ) -> int:
        mover = (first + len(cur)) % 4
        total = len(state[first]) + (1 if cur else 0)
        nxt = tuple(h - {card} if i == mover else h for i, h in enumerate(state))
        cur2 = cur + (card,)
        if len(cur2) < 4:
            return total - best(nxt, first, cur2)
        win = winner(cur2, first)
        ours = win % 2 == mover % 2
        rest = best(nxt, win, ()) if total > 1 else 0
        rest_ours = rest if ours else (total - 1) - rest
        return (1 if ours else 0) + rest_ours

    state = tuple(frozenset(h) for h in hands)
    mover = (leader + len(trick)) % 4
    return {c: after(state, leader, tuple(trick), c) for c in legal(sorted(hands[mover]), trick)}


# --------------------------------------------------------------------------
# Correctness against endplay


def check_position(pos: Position) -> dict[str, int]:
    hands, trump, leader, trick = pos
    ours = dds.solve(hands, trump, leader, trick)
    mover = (leader + len(trick)) % 4
    assert sorted(ours) == sorted(legal(hands[mover], trick)), pos
    assert ours == endplay_solve(hands, trump, leader, trick), pos
    return ours


def test_cross_checks_run_with_the_cap() -> None:
    import_endplay()
    info = dds.resources()
    assert capped(info), info


def test_full_deals_first_trick_match_endplay() -> None:
    rng = random.Random(20240601)
    for i in range(12):
        check_position(random_position(rng, 13, 0, STRAINS[i % 5]))


def test_full_deals_mid_trick_match_endplay() -> None:
    rng = random.Random(777)
    for i in range(12):
        check_position(random_position(rng, 13, 1 + i % 3, STRAINS[i % 5]))


def test_mid_play_positions_match_endplay() -> None:
    rng = random.Random(99)
    for i in range(10):
        check_position(random_position(rng, rng.randint(6, 10), i % 4, STRAINS[i % 5]))


def test_short_endings_match_endplay() -> None:
    rng = random.Random(4242)
    for i in range(20):
        check_position(random_position(rng, rng.randint(3, 5), i % 4, STRAINS[i % 5]))


def test_dd_table_matches_endplay() -> None:
    rng = random.Random(5)
    for _ in range(4):
        hands, _t, _l, _tr = random_position(rng, 13, 0)
        assert dds.dd_table(hands) == endplay_table(hands)


def test_dd_tricks_leading_consistent_with_table_and_solve() -> None:
    rng = random.Random(11)
    for _ in range(2):
        hands, _t, _l, _tr = random_position(rng, 13, 0)
        table = dds.dd_table(hands)
        for strain in STRAINS:
            for leader in range(4):
                got = dds.dd_tricks_leading(hands, strain, leader)
                # DDS declarer (leader - 1) has the leader on lead against him.
                assert got == 13 - table[strain][(leader + 3) % 4]
        assert dds.dd_tricks_leading(hands, "H", 2) == max(dds.solve(hands, "H", 2, []).values())


def test_dd_tables_agree_with_single_solves_and_filter_strains() -> None:
    """The batch tables (``CalcAllTables``; bench/clairvoyant.py) on 52-bit masks."""
    rng = random.Random(4)
    deals = []
    for _ in range(3):
        hands, _t, _l, _tr = random_position(rng, 13, 0)
        deals.append([sum(1 << DECK.index(c) for c in hand) for hand in hands])
        tables = dds.dd_tables(deals[-1:])
        for strain in STRAINS:
            for seat in range(4):
                assert tables[0][strain][seat] == dds.dd_tricks_leading(hands, strain, seat)
    tables = dds.dd_tables(deals)
    only = dds.dd_tables(deals[:1], ["H", "NT"])
    assert set(only[0]) == {"H", "NT"} and only[0]["H"] == tables[0]["H"]
    with pytest.raises(ValueError):
        dds.dd_tables([[1, 2, 4, 8]])


# --------------------------------------------------------------------------
# Brute force (no endplay needed)


def test_four_card_endings_match_brute_force() -> None:
    rng = random.Random(31337)
    for i in range(40):
        pos = random_position(rng, 4, i % 4, STRAINS[i % 5])
        assert dds.solve(*pos) == brute_force(*pos), pos


def test_small_endings_match_brute_force() -> None:
    rng = random.Random(8)
    for i in range(30):
        pos = random_position(rng, 1 + i % 3, i % 4, STRAINS[i % 5])
        assert dds.solve(*pos) == brute_force(*pos), pos


def test_every_card_scored_even_when_void_or_forced() -> None:
    # Seat 1 is void in the led suit: every card is legal.
    hands = [["2S", "3S"], ["AH", "KD"], ["4S", "QC"], ["5S", "6S"]]
    got = dds.solve([hands[0][1:], hands[1], hands[2], hands[3]], "H", 0, ["2S"])
    assert set(got) == {"AH", "KD"}
    assert got == brute_force([hands[0][1:], hands[1], hands[2], hands[3]], "H", 0, ["2S"])
    # A single legal card is still searched and scored.
    forced = dds.solve([["3S"], ["4S"], ["5S"], ["AS"]], "NT", 0, [])
    assert forced == {"3S": 0}


def test_equal_cards_are_expanded() -> None:
    # Seat 0's AKQJ of spades are all equivalent to DDS (one group); each gets a score.
    hands = [["AS", "KS", "QS", "JS"], ["2H", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
             ["2C", "3C", "4C", "5C"]]  # fmt: skip
    assert dds.solve(hands, "NT", 0, []) == {"AS": 4, "KS": 4, "QS": 4, "JS": 4}


def test_exhausted_position_and_bad_input() -> None:
    assert dds.solve([[], [], [], []], "NT", 0, []) == {}
    assert dds.dd_tricks_leading([[], [], [], []], "S", 1) == 0
    good = [["AS"], ["KS"], ["QS"], ["JS"]]
    with pytest.raises(ValueError):
        dds.solve(good, "X", 0, [])
    with pytest.raises(ValueError):
        dds.solve(good, "S", 4, [])
    with pytest.raises(ValueError):
        dds.solve([["AS"], ["AS"], ["QS"], ["JS"]], "S", 0, [])
    with pytest.raises(ValueError):
        dds.solve([["As"], ["KS"], ["QS"], ["JS"]], "S", 0, [])
    with pytest.raises(ValueError):
        dds.solve([["AS", "2S"], ["KS"], ["QS"], ["JS"]], "S", 0, [])
    with pytest.raises(ValueError):
        dds.solve(good, "S", 0, ["AS"])  # the played card is still in a hand
    with pytest.raises(ValueError):
        dds.solve([["AS"], ["KS"], ["QS"]], "S", 0, [])


# --------------------------------------------------------------------------
# Batches


def test_solve_many_matches_single_solves() -> None:
    rng = random.Random(2)
    boards = [random_position(rng, 13, i % 4, STRAINS[i % 5]) for i in range(12)]
    boards += [random_position(rng, rng.randint(2, 8), i % 4) for i in range(30)]
    assert dds.solve_many(boards) == [dds.solve(*b) for b in boards]


def test_solve_many_more_than_max_boards() -> None:
    rng = random.Random(3)
    n = dds.MAX_BOARDS * 2 + 37
    boards = [random_position(rng, rng.randint(1, 4), i % 4, STRAINS[i % 5]) for i in range(n)]
    boards.append(boards[5])  # an exact duplicate
    boards.append(([[], [], [], []], "NT", 0, []))  # an exhausted one
    got = dds.solve_many(boards)
    assert len(got) == len(boards)
    for board, result in zip(boards[:60], got[:60], strict=True):
        assert result == brute_force(*board)
    assert got[-2] == got[5]
    assert got[-1] == {}
    assert got == [dds.solve(*b) for b in boards]
    assert dds.solve_many([]) == []


def test_solve_many_boards_differing_only_in_trick() -> None:
    # DDS's batch scheduler would copy the first board's answer to the second
    # (same strain, leader and remaining cards); the binding must keep them apart.
    hands = [["3S", "2H", "3H"], ["KS", "4H", "5H", "TH"], ["QS", "6H", "7H", "JH"],
             ["JS", "8H", "9H", "QH"]]  # fmt: skip
    a = (hands, "NT", 0, ["AS"])
    b = (hands, "NT", 0, ["2S"])
    want = [brute_force(*a), brute_force(*b)]
    assert want[0] != want[1]
    assert dds.solve_many([a, b]) == want
    assert dds.solve_many([b, a, b]) == [want[1], want[0], want[1]]


def test_concurrent_calls_from_threads() -> None:
    rng = random.Random(6)
    boards = [random_position(rng, 7, i % 4, STRAINS[i % 5]) for i in range(8)]
    expected = [dds.solve(*b) for b in boards]
    results: dict[int, object] = {}

    def work(k: int) -> None:
        try:
            if k % 2:
                results[k] = dds.solve_many(boards)
            else:
                results[k] = [dds.solve(*b) for b in boards]
        except Exception as exc:  # pragma: no cover - reported below
            results[k] = exc

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[k] == expected for k in range(4)), results


# --------------------------------------------------------------------------
# Memory and threads


def capped(info: dict[str, Any]) -> bool:
    """DDS runs with the binding's cap: small tables only, at most MAX_THREADS threads,
    a memory budget of at most 1.3 times MAX_MEMORY_MB (less if memory is short)."""
    sizes = re.fullmatch(r"(\d+) S, (\d+) L", info["thread_sizes"])
    assert sizes, info
    small, large = int(sizes[1]), int(sizes[2])
    return (
        large == 0
        and 1 <= small == info["threads"] <= dds.MAX_THREADS
        and info["memory_max_mb"] <= int(1.3 * dds.MAX_MEMORY_MB)
    )


def test_library_is_loaded_with_the_cap() -> None:
    # A fresh process: nothing but the binding has touched the library.
    out = run_python(
        """
        import json
        import tarneeb_desktop.ai.dds as d
        hands = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]
        d.solve_many([(hands, t, 1, []) for t in ("S", "NT")])
        print(json.dumps(d.resources()))
        """
    )
    info = json.loads(out)
    assert info["version"].startswith("2.")
    assert capped(info), info
    # DDS fits a 30 MB small table per thread in its budget, up to one per core.
    want = min(dds.MAX_THREADS, info["cores"], info["memory_max_mb"] // 30)
    assert info["threads"] == want, info


class FakeFunction:
    def __init__(self, name: str, calls: list[tuple[str, tuple[Any, ...]]]) -> None:
        self.name, self.calls = name, calls

    def __call__(self, *args: Any) -> None:
        self.calls.append((self.name, args))


class FakeLibrary:
    def __init__(self, names: Sequence[str]) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        for name in names:
            setattr(self, name, FakeFunction(name, self.calls))


@pytest.mark.parametrize("has_set_resources", [True, False])
def test_opening_the_library_sets_the_cap_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, has_set_resources: bool
) -> None:
    names = ["SolveBoard", "SolveAllBoardsBin", "CalcDDtable", "ErrorMessage", "SetMaxThreads"]
    if has_set_resources:  # DDS 2.9 and later; before, no memory cap exists
        names.append("SetResources")
    fake = FakeLibrary(names)
    loader = "WinDLL" if sys.platform == "win32" else "CDLL"
    monkeypatch.setattr(ctypes, loader, lambda path: fake)
    assert dds._open(tmp_path / "libdds.so") is fake
    if has_set_resources:
        assert fake.calls == [("SetResources", (dds.MAX_MEMORY_MB, dds.MAX_THREADS))]
    else:
        assert fake.calls == [("SetMaxThreads", (dds.MAX_THREADS,))]


def test_answers_do_not_depend_on_the_cap() -> None:
    # DDS's answers are exact: its own default (large tables, a thread per core) and
    # the cap give the same scores, through both calls.
    rng = random.Random(31)
    boards = [random_position(rng, 13, i % 4, STRAINS[i % 5]) for i in range(6)]
    boards += [random_position(rng, rng.randint(5, 10), i % 4) for i in range(10)]
    try:
        dds.set_resources(0, 0)
        assert not capped(dds.resources())
        default = (dds.solve_many(boards), [dds.solve(*b) for b in boards[:4]])
    finally:
        dds.set_resources()
    assert capped(dds.resources())
    assert (dds.solve_many(boards), [dds.solve(*b) for b in boards[:4]]) == default


def test_set_resources_keeps_at_least_one_thread() -> None:
    # Below 24 MB DDS would budget no thread at all (and exit on the first solve).
    try:
        dds.set_resources(1, 1)
        info = dds.resources()
        assert info["threads"] == 1 and info["thread_sizes"] == "1 S, 0 L", info
        assert dds.solve([["AS"], ["KS"], ["QS"], ["JS"]], "NT", 0, []) == {"AS": 1}
    finally:
        dds.set_resources()
    assert capped(dds.resources())


# --------------------------------------------------------------------------
# Loading


def run_python(code: str, env: dict[str, str] | None = None) -> str:
    full_env = {k: v for k, v in os.environ.items() if k != dds.ENV_VAR}
    full_env["PYTHONPATH"] = str(REPO) + os.pathsep + full_env.get("PYTHONPATH", "")
    full_env.update(env or {})
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=120,
        cwd=str(REPO),
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


HIDE_ENDPLAY = """
import importlib.util as u
_orig = u.find_spec
u.find_spec = lambda name, *a, **k: None if name == "endplay" else _orig(name, *a, **k)
"""


def test_import_does_not_import_endplay() -> None:
    out = run_python(
        """
        import sys
        import tarneeb_desktop.ai.dds as d
        assert "endplay" not in sys.modules, "import"
        assert d.available()
        d.solve([["AS"], ["KS"], ["QS"], ["JS"]], "NT", 0, [])
        d.dd_table([[r + s for r in "23456789TJQKA"] for s in "CDHS"])
        assert "endplay" not in sys.modules, "use"
        assert "matplotlib" not in sys.modules
        print("ok")
        """
    )
    assert out.strip() == "ok"


def test_unavailable_library_does_not_crash() -> None:
    out = run_python(
        HIDE_ENDPLAY
        + """
import tarneeb_desktop.ai.dds as d
assert not d.available()
assert d.load_error() and d.library_path() is None
try:
    d.solve([["AS"], ["KS"], ["QS"], ["JS"]], "NT", 0, [])
except d.DDSError as exc:
    print("raised", exc)
""",
        env={dds.ENV_VAR: "/nonexistent/libdds.so"},
    )
    assert out.startswith("raised DDS library is not available")


def test_env_var_override(tmp_path: Path) -> None:
    lib = dds.library_path()
    assert lib is not None
    copy = tmp_path / "custom_dds_lib.so"
    shutil.copy(lib, copy)
    for target in (copy, tmp_path):
        out = run_python(
            HIDE_ENDPLAY
            + """
import tarneeb_desktop.ai.dds as d
assert d.available(), d.load_error()
print(d.library_path())
print(d.solve([["AS", "2C"], ["KS", "3C"], ["QS", "4C"], ["JS", "5C"]], "NT", 0, []))
""",
            env={dds.ENV_VAR: str(target)},
        )
        lines = out.splitlines()
        assert lines[0] == str(copy)
        assert lines[1] == "{'AS': 1, '2C': 1}"


def test_pyinstaller_bundle_layout(tmp_path: Path) -> None:
    lib = dds.library_path()
    assert lib is not None
    target = tmp_path / "endplay" / "_dds"
    target.mkdir(parents=True)
    shutil.copy(lib, target / Path(lib).name)
    out = run_python(
        HIDE_ENDPLAY
        + f"""
import sys
sys._MEIPASS = {str(tmp_path)!r}
import tarneeb_desktop.ai.dds as d
assert d.available(), d.load_error()
print(d.library_path())
"""
    )
    assert out.strip() == str(target / Path(lib).name)
