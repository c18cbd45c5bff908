"""Make the game-winning-chance tables shipped as ``tarneeb_desktop/data/equity-*.json``.

A table gives the chance that a team wins the game from a score (a match equity table, as in
backgammon or bridge). It is made in two steps:

1. **Self-play** gives the distribution of one hand's result. Tarneeb: each hand is dealt at
   random (``arena.draw_deal``), the dealer rotating, and played from 0-0 by four players of
   one level (``--level``, medium by default: about 30 ms a hand); a row keeps the dealer's
   team's points, the other team's and which team (if any) took all 13 tricks. Tarneeb's
   scoring does not depend on the score and the levels do not look at it, so one
   distribution serves every score. 41 / 400: whole games (``arena.play_game``) are played,
   because there a bid's value, the lowest bid and medium's bids depend on the bidder's score;
   a row keeps each team's two seat scores before the hand and their points. Thrown-in hands
   are left out in both games (nobody scores; the next hand decides as if they had not been).
   Rows go to a JSONL file (``--samples``, appended: a run that stops can go on, and a
   second run with as many or fewer ``--hands`` reuses the rows without playing).
2. **A dynamic programme** over the score states gives each state's chance to win:

   * Tarneeb (``kind = "tarneeb"``): the state is (our total, theirs, whether our team deals
     the next hand), each total from ``--low`` (lower totals count as ``--low``) to
     ``target - 1``. After a hand the game is over when either total reaches the target (the
     higher wins; equal totals play on, which is a state of its own: only the next hand's
     difference matters), and with ``kaboot_wins_game`` when a team takes all 13 tricks.
     The dealer's team takes the dealer's side of the distribution and the deal passes to
     the other team. The values are solved by Gauss-Seidel sweeps, highest totals first,
     until no value moves by more than 1e-10. The file keeps the states where our team deals
     (``they deal`` is ``1 - win(theirs, ours, we deal)``), totals from ``--store-low`` up.
   * 41 / 400 (``kind = "race41"``): the four seat scores are too many states for one table,
     so each team is treated as racing alone: a team state is its two seat scores (in either
     order, from ``--low`` to ``target + 9``), a team has won when one seat has at least the
     target and, with ``partner_positive``, the other more than 0; a hand moves the two seats
     by a joint result drawn from the rows of teams whose seats were in the same score bands
     (below 30, 30 to 39, 40 and up: where 400's values and lowest bids change). For each
     team state the file keeps ``S(n)``, the chance the team has not won after ``n`` more
     hands, n = 1 .. ``--horizon``; the chance that we win is the chance that our team wins
     at an earlier hand than theirs, half of the chance of the same hand (the higher seat
     would win it), and half of what is left after the horizon
     (``ai/equity.py`` ``race``). This assumes the two teams' results of a hand are
     independent (the tricks are shared, so they are not quite) and ignores who deals.

Run (each prints what it did; ``--all`` makes every preset's file)::

    python tools/make_equity.py --preset standard --hands 10000 --seed 1 \
        --samples build/equity-standard.jsonl --out tarneeb_desktop/data/equity-standard.json
    python tools/make_equity.py --preset lebanese400 --hands 12000 --seed 1 \
        --samples build/equity-lebanese400.jsonl --out tarneeb_desktop/data/equity-lebanese400.json
    python tools/make_equity.py --all --hands 10000 --seed 1

The DP functions (:func:`solve_tarneeb`, :func:`solve_race41`) are pure Python and are what
``tests/test_equity.py`` checks the shipped files against. Levels above medium can be used
with fixed samples: ``--level hard --set hard.budget_s=none --set hard.max_samples=6``.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
import zlib
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import mul
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.rules import Rules, make_rules  # noqa: E402

DATA = REPO / "tarneeb_desktop" / "data"
PRESETS = ("standard", "shortfall", "egyptian", "syrian41", "lebanese400")
TOL = 1e-10
SCALE = 65535  # values are stored as round(value * SCALE) in 16 bits
# 41's score bands: a seat's bid values and lowest bid change at 30 and 40 (400).
BANDS41 = (30, 40)

# --------------------------------------------------------------------------- the DPs


def tarneeb_distribution(rows: Iterable[dict]) -> list[tuple[int, int, int, float]]:
    """(dealer's team's points, the other team's, kaboot, probability) from self-play rows;
    kaboot is 1 when the dealer's team took all 13 tricks, -1 the other team, else 0."""
    counts = Counter((int(r["dealer"]), int(r["other"]), int(r.get("kaboot", 0))) for r in rows)
    n = sum(counts.values())
    return [(x, y, k, c / n) for (x, y, k), c in sorted(counts.items())]


def tie_values(
    dist: Sequence[tuple[int, int, int, float]], kaboot_wins: bool
) -> tuple[float, float]:
    """Our chance from equal totals at or over the target: (we deal next, they deal next)."""
    w_deal = w_other = e = 0.0
    for x, y, k, p in dist:
        if kaboot_wins and k:
            w_deal += p if k == 1 else 0.0
            w_other += p if k == -1 else 0.0
        elif x > y:
            w_deal += p
        elif y > x:
            w_other += p
        else:
            e += p
    # T1 = w_deal + e * T0 (we deal: we win with the dealer's side); T0 = w_other + e * T1.
    t1 = (w_deal + e * w_other) / (1 - e * e)
    t0 = w_other + e * t1
    return t1, t0


Equations = tuple[list[float], list[list[int]], list[list[float]]]


def tarneeb_state(index: int, target: int, low: int) -> tuple[int, int, int]:
    """(d, our total, theirs) of a state number of :func:`tarneeb_equations`."""
    n = target - low
    d, rest = divmod(index, n * n)
    a, b = divmod(rest, n)
    return d, a + low, b + low


def tarneeb_equations(
    dist: Sequence[tuple[int, int, int, float]], target: int, low: int, kaboot_wins: bool
) -> Equations:
    """The DP's equations ``v[i] = consts[i] + sum(p * v[j])`` over the states numbered
    ``(d * n + a - low) * n + b - low`` (``n = target - low``, ``d`` = 1: we deal next):
    ``consts`` is the chance of winning at once (the game over after this hand, equal totals
    over the target at their tie value), ``succ_j`` / ``succ_p`` the states the game goes on
    in and their chances (totals below ``low`` count as ``low``)."""
    n = target - low
    ties = tie_values(dist, kaboot_wins)
    size = 2 * n * n
    consts = [0.0] * size
    succ_j: list[list[int]] = [[] for _ in range(size)]
    succ_p: list[list[float]] = [[] for _ in range(size)]

    def index(d: int, a: int, b: int) -> int:
        return (d * n + (a - low)) * n + (b - low)

    for d in (0, 1):
        nd = 1 - d
        moves = [((x, y) if d else (y, x), k, p) for x, y, k, p in dist]
        for a in range(low, target):
            for b in range(low, target):
                i = index(d, a, b)
                links: dict[int, float] = {}
                c = 0.0
                for (ours, theirs), k, p in moves:
                    if kaboot_wins and k:
                        c += p if (k == 1) == bool(d) else 0.0
                        continue
                    na, nb = a + ours, b + theirs
                    if na >= target or nb >= target:
                        if na > nb:
                            c += p
                        elif na == nb:
                            c += p * ties[nd]
                        continue
                    j = index(nd, max(na, low), max(nb, low))
                    links[j] = links.get(j, 0.0) + p
                consts[i] = c
                succ_j[i] = list(links)
                succ_p[i] = list(links.values())
    return consts, succ_j, succ_p


def solve_tarneeb(
    dist: Sequence[tuple[int, int, int, float]],
    target: int,
    low: int,
    kaboot_wins: bool = False,
    tol: float = TOL,
) -> dict[int, list[list[float]]]:
    """Win chance ``v[d][a - low][b - low]`` of the team with total ``a`` against ``b``,
    ``d`` = 1 when that team deals the next hand; totals ``low .. target - 1``."""
    n = target - low
    size = 2 * n * n
    consts, succ_j, succ_p = tarneeb_equations(dist, target, low, kaboot_wins)

    def index(d: int, a: int, b: int) -> int:
        return (d * n + (a - low)) * n + (b - low)

    # Highest totals first: most results move totals up, so most successors are fresh.
    order = sorted(range(size), key=lambda i: -((i // n) % n + i % n))
    v = [0.5] * size
    get = v.__getitem__
    while True:
        delta = 0.0
        for i in order:
            new = consts[i] + sum(map(mul, succ_p[i], map(get, succ_j[i])))
            change = abs(new - v[i])
            if change > delta:
                delta = change
            v[i] = new
        if delta < tol:
            break
    return {
        d: [[v[index(d, a, b)] for b in range(low, target)] for a in range(low, target)]
        for d in (0, 1)
    }


def band41(score: int) -> int:
    """41's score band of a seat: 0 below 30, 1 from 30 to 39, 2 from 40."""
    return sum(score >= edge for edge in BANDS41)


def race41_distributions(rows: Iterable[dict]) -> dict[str, list[tuple[int, int, float]]]:
    """Joint results (first seat's points, second's, probability) of a team's hand, per band
    pair ``"b1,b2"`` of its seats' scores before the hand; each row counts in both orders."""
    counts: dict[tuple[int, int], Counter[tuple[int, int]]] = {}
    for r in rows:
        (s1, s2), (p1, p2) = r["before"], r["points"]
        for (a, pa), (b, pb) in (((s1, p1), (s2, p2)), ((s2, p2), (s1, p1))):
            counts.setdefault((band41(a), band41(b)), Counter())[(pa, pb)] += 1
    out: dict[str, list[tuple[int, int, float]]] = {}
    for (b1, b2), c in sorted(counts.items()):
        n = sum(c.values())
        out[f"{b1},{b2}"] = [(x, y, k / n) for (x, y), k in sorted(c.items())]
    return out


def pooled41(
    dists: dict[str, list[tuple[int, int, float]]], rows: dict[str, int], need: int
) -> dict[str, list[tuple[int, int, float]]]:
    """Every band pair's distribution; a pair with fewer than ``need`` rows borrows the
    nearest pair (in bands) that has enough."""
    enough = [k for k in dists if rows.get(k, 0) >= need] or list(dists)
    out = {}
    for b1 in range(len(BANDS41) + 1):
        for b2 in range(len(BANDS41) + 1):
            key = f"{b1},{b2}"
            if key in enough:
                out[key] = dists[key]
                continue
            near = min(enough, key=lambda k: (abs(int(k[0]) - b1) + abs(int(k[2]) - b2), k))
            out[key] = dists[near]
    return out


def borrowed(
    used: dict[str, list[tuple[int, int, float]]], dists: dict[str, list[tuple[int, int, float]]]
) -> dict[str, str]:
    """Which band pair each pair's distribution was taken from, where not its own."""
    out = {}
    for key, dist in used.items():
        if dists.get(key) is not dist:
            out[key] = next(k for k, d in dists.items() if d is dist)
    return out


def team_won(s1: int, s2: int, target: int, partner_positive: bool) -> bool:
    """41: a team has won when a seat has the target and (if required) its partner > 0."""
    return (s1 >= target and (s2 > 0 or not partner_positive)) or (
        s2 >= target and (s1 > 0 or not partner_positive)
    )


def race_states(low: int, high: int) -> list[tuple[int, int]]:
    """The team states (higher seat, lower seat) of the 41 table, in storage order."""
    return [(a, b) for a in range(low, high + 1) for b in range(low, a + 1)]


def solve_race41(
    dists: dict[str, list[tuple[int, int, float]]],
    target: int,
    low: int,
    high: int,
    horizon: int,
    partner_positive: bool = True,
) -> list[list[float]]:
    """For each team state of :func:`race_states`: S(1..horizon), the chance that the team
    has not won after that many more hands (0 for a state that has already won)."""
    states = race_states(low, high)
    pos = {s: i for i, s in enumerate(states)}

    def key(a: int, b: int) -> int:
        a, b = min(max(a, low), high), min(max(b, low), high)
        return pos[(a, b) if a >= b else (b, a)]

    won = [team_won(a, b, target, partner_positive) for a, b in states]
    trans: list[list[tuple[int, float]]] = []
    for (a, b), w in zip(states, won, strict=True):
        links: dict[int, float] = {}
        if not w:
            dist = dists[f"{band41(a)},{band41(b)}"]
            for x, y, p in dist:
                na, nb = a + x, b + y
                if team_won(na, nb, target, partner_positive):
                    continue
                j = key(na, nb)
                links[j] = links.get(j, 0.0) + p
        trans.append(list(links.items()))
    prev = [0.0 if w else 1.0 for w in won]
    out: list[list[float]] = [[] for _ in states]
    for _ in range(horizon):
        cur = [sum(p * prev[j] for j, p in t) for t in trans]
        for i, s in enumerate(cur):
            out[i].append(s)
        prev = cur
    return out


# --------------------------------------------------------------------------- packing


def pack(values: Iterable[float]) -> str:
    """Values in [0, 1] as 16-bit integers, zlib-compressed, base64 (the file's ``data``)."""
    arr = array("H", (round(min(max(v, 0.0), 1.0) * SCALE) for v in values))
    if sys.byteorder != "little":
        arr.byteswap()
    return base64.b64encode(zlib.compress(arr.tobytes(), 9)).decode("ascii")


SCALE41 = 16383  # 41's S(n) are stored in 14 bits


def pack41(table: Sequence[Sequence[float]]) -> str:
    """41's S(n) rows, compact: each row's falls ``q(n - 1) - q(n)`` (``q`` = round(S *
    SCALE41), ``q(0)`` = SCALE41), hand by hand for all states, low bytes then high bytes,
    zlib, base64. ``ai/equity.py`` ``unpack41`` reverses it."""
    horizon = len(table[0]) if table else 0
    falls = []
    for row in table:
        prev = SCALE41
        out = []
        for v in row:
            q = round(min(max(v, 0.0), 1.0) * SCALE41)
            out.append(prev - q)
            prev = q
        falls.append(out)
    arr = array("H", (falls[i][k] for k in range(horizon) for i in range(len(table))))
    if sys.byteorder != "little":
        arr.byteswap()
    raw = arr.tobytes()
    return base64.b64encode(zlib.compress(raw[0::2] + raw[1::2], 9)).decode("ascii")


# --------------------------------------------------------------------------- self-play


def read_rows(path: Path | None) -> list[dict]:
    if path is None or not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def play_tarneeb(rules: Rules, level: str, seed: int, start: int, count: int, out) -> list[dict]:
    """``count`` played hands (thrown-in deals skipped), hand numbers from ``start``."""
    from tarneeb_desktop import arena

    a = arena.Side(level, rules, 10.0, seed * 2 + 1)
    b = arena.Side(level, rules, 10.0, seed * 2 + 2)
    rng = random.Random(f"{seed}/{start}")
    rows: list[dict] = []
    i = start
    t0 = time.monotonic()
    while len(rows) < count:
        dealer = i % 4
        res = arena.play_hand(rules, arena.draw_deal(rng), dealer, [a, b, a, b], seed * 100003 + i)
        i += 1
        if res is None:
            continue
        mine = dealer & 1
        k = 0
        if 13 in res.tricks:
            k = 1 if res.tricks[mine] == 13 else -1
        row = {"dealer": res.points[mine], "other": res.points[1 - mine], "kaboot": k}
        rows.append(row)
        out.write(json.dumps(row) + "\n")
        if len(rows) % 200 == 0:
            out.flush()
            el = time.monotonic() - t0
            print(
                f"\r  {len(rows)}/{count} hands, {el / len(rows):.3f} s a hand",
                end="",
                file=sys.stderr,
            )
    print(file=sys.stderr)
    a.close()
    b.close()
    return rows


def play_41(rules: Rules, level: str, seed: int, start: int, count: int, out) -> list[dict]:
    """Team rows of whole games until ``count`` played hands; games seeded from ``start``."""
    from tarneeb_desktop import arena

    rows: list[dict] = []
    hands = 0
    g = start
    t0 = time.monotonic()
    while hands < count:
        table = arena.play_game(rules, seed * 100003 + g, [level] * 4)
        g += 1
        for h in table.state.history:
            if h.trump is None or h.seat_points is None or h.seat_totals is None:
                continue
            hands += 1
            before = [t - p for t, p in zip(h.seat_totals, h.seat_points, strict=True)]
            for team in (0, 1):
                row = {
                    "game": g - 1,
                    "before": [before[team], before[team + 2]],
                    "points": [h.seat_points[team], h.seat_points[team + 2]],
                }
                rows.append(row)
                out.write(json.dumps(row) + "\n")
        out.flush()
        el = time.monotonic() - t0
        print(f"\r  {hands}/{count} hands, {g - start} games, {el:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    return rows


# --------------------------------------------------------------------------- making a file


def make(preset: str, args: argparse.Namespace) -> dict:
    rules = make_rules(preset)
    samples: Path = args.samples or (REPO / "build" / f"equity-{preset}.jsonl")
    samples.parent.mkdir(parents=True, exist_ok=True)
    rows = read_rows(samples)
    game41 = rules.game == "41"
    have = len(rows) // 2 if game41 else len(rows)
    t0 = time.monotonic()
    print(f"{preset}: {have} hands in {samples}", file=sys.stderr)
    if have < args.hands:
        with samples.open("a", encoding="utf-8") as out:
            if game41:
                start = 1 + max((r["game"] for r in rows), default=-1)
                rows += play_41(rules, args.level, args.seed, start, args.hands - have, out)
            else:
                rows += play_tarneeb(rules, args.level, args.seed, have, args.hands - have, out)
    played = time.monotonic() - t0
    source = {
        "level": args.level,
        "set": args.set,
        "seed": args.seed,
        "hands": len(rows) // 2 if game41 else len(rows),
        "command": " ".join(["python", "tools/make_equity.py", *sys.argv[1:]]),
    }
    t1 = time.monotonic()
    if game41:
        low, high = args.low41, rules.target + 9
        dists = race41_distributions(rows)
        counts: Counter[str] = Counter()
        for r in rows:
            (s1, s2) = r["before"]
            counts[f"{band41(s1)},{band41(s2)}"] += 1
            counts[f"{band41(s2)},{band41(s1)}"] += 1
        used = pooled41(dists, dict(counts), args.min_rows41)
        table = solve_race41(used, rules.target, low, high, args.horizon, rules.partner_positive)
        doc = {
            "format": 1,
            "kind": "race41",
            "preset": preset,
            "rules": rules.full_dict(),
            "target": rules.target,
            "low": low,
            "high": high,
            "horizon": args.horizon,
            "partner_positive": rules.partner_positive,
            "bands": list(BANDS41),
            "band_rows": dict(sorted(counts.items())),
            "borrowed": {k: n for k, n in borrowed(used, dists).items()},
            "source": source,
            "distribution": {k: [[x, y, round(p, 8)] for x, y, p in v] for k, v in used.items()},
            "scale": SCALE41,
            "data": pack41(table),
        }
        what = f"{len(table)} team states x {args.horizon} hands"
    else:
        dist = tarneeb_distribution(rows)
        v = solve_tarneeb(dist, rules.target, args.low, rules.kaboot_wins_game)
        cut = args.store_low - args.low
        grid = [row[cut:] for row in v[1][cut:]]
        flat = [x for row in grid for x in row]
        doc = {
            "format": 1,
            "kind": "tarneeb",
            "preset": preset,
            "rules": rules.full_dict(),
            "target": rules.target,
            "low": args.store_low,
            "solved_low": args.low,
            "kaboot_wins_game": rules.kaboot_wins_game,
            "ties": [round(t, 8) for t in tie_values(dist, rules.kaboot_wins_game)],
            "source": source,
            "distribution": [[x, y, k, round(p, 8)] for x, y, k, p in dist],
            "scale": SCALE,
            "data": pack(flat),
        }
        mean = sum(p * (x - y) for x, y, _, p in dist)
        what = (
            f"{len(grid)}x{len(grid)} totals (we deal), {len(dist)} distinct results, "
            f"dealer's side's mean {mean:+.2f} a hand, win from 0-0 dealing {v[1][-args.low][-args.low]:.4f}"
        )
    solved = time.monotonic() - t1
    out = args.out if args.out and not args.all else DATA / f"equity-{preset}.json"
    out.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(
        f"{preset}: {source['hands']} hands ({args.level}, {played:.0f} s of play), {what}; "
        f"solved in {solved:.1f} s -> {out} ({out.stat().st_size // 1024} KB)"
    )
    return doc


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preset", default="standard", choices=PRESETS)
    p.add_argument("--all", action="store_true", help="every preset, into tarneeb_desktop/data")
    p.add_argument("--hands", type=int, default=10000, help="played hands of self-play")
    p.add_argument("--level", default="medium")
    p.add_argument("--set", action="append", default=[], metavar="LEVEL.FIELD=VALUE")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--samples", type=Path, default=None, help="JSONL of self-play rows")
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--low", type=int, default=-80, help="Tarneeb: lowest total the DP keeps")
    p.add_argument("--store-low", type=int, default=-40, help="Tarneeb: lowest total stored")
    p.add_argument("--low41", type=int, default=-20, help="41: lowest seat score stored")
    p.add_argument("--horizon", type=int, default=36, help="41: hands of S(n) stored")
    p.add_argument("--min-rows41", type=int, default=300)
    args = p.parse_args()
    if args.set:
        from tarneeb_desktop.ai import search

        search.configure_levels(args.set)
    for preset in PRESETS if args.all else (args.preset,):
        if args.all:
            args.samples = None
        make(preset, args)


if __name__ == "__main__":
    main()
