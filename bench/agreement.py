"""Decision agreement of the quick search levels (``stop_early``) with today's full search.

The proof that stopping early costs no strength (issue 39) is not a match but this: on a
fixed set of positions of every phase and trick, from games of medium, hard and expert,
the quick level is asked for its choice and compared with the choice of the level as it
was (``Experiment.stop_early`` off) with its full samples (no clock: exactly ``max_samples`` solved
deals a card, hard 40 and expert 100). Neither run uses a clock, so the figures do not
depend on the machine or its load, and a rerun gives the same numbers. Each position's
player is seeded by the position's index, so the quick level solves the first deals of
the same draw as the full one, and a choice differs only where the quick one stopped.

It prints, per level, the share of positions where the quick level picks the full level's
card (goal: at least 97 %) and, where it does not, the value lost by the full level's own
measure (its weighted mean over its solved deals of the tricks our side takes from now,
and of its value in points): the full choice's minus the quick choice's, averaged over the
positions that differ and over all positions (goal: at most 0.02 tricks). It also prints
the deals solved, quick against full, by phase of the hand.

The positions and the full levels' choices are kept in the repository
(``bench/data/agreement/``), so the check is rerun with::

    python bench/agreement.py                      # both levels, the kept positions
    python bench/agreement.py --levels hard --limit 200

and made again (positions from seeded games, then today's choices, a long run) with::

    python bench/agreement.py --make-positions 1050 --seed 39
    python bench/agreement.py --make-reference hard --trace build/agreement-hard.jsonl
    python bench/agreement.py --make-reference expert --trace build/agreement-expert.jsonl

``--trace`` keeps every solved deal's weight and card utilities of the full run, from
which ``--tune`` replays the stopping rule for other ``stop_z`` / ``stop_min_samples``
without solving anything (the quick run solves a prefix of the same deals).
``--set LEVEL.FIELD=VALUE`` changes the quick level's config (e.g. ``expert.stop_z=3``) or
its ``Experiment`` (e.g. ``expert.alphamu_depth=1``; ``stop_early`` is the bench's own).
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import itertools
import json
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tarneeb_desktop.ai import search  # noqa: E402
from tarneeb_desktop.ai.heuristic import MediumPlayer  # noqa: E402
from tarneeb_desktop.ai.search_experiments import Experiment, experiment_of  # noqa: E402
from tarneeb_desktop.rules import GameState, View, make_rules  # noqa: E402
from tarneeb_desktop.rules.cards import CARD_INDEX  # noqa: E402

DATA = REPO / "bench" / "data" / "agreement"
POSITIONS = DATA / "positions.jsonl.gz"
LEVELS = tuple(search.LEVEL_CONFIGS)  # the search levels
# The players of the games the positions come from: the search levels with a few solved
# deals a card and no clock (the positions only need to be of the kind those levels reach).
SOURCE_SAMPLES = {"hard": 8, "expert": 12}
RULES = (
    ("standard", False),
    ("egyptian", False),
    ("standard", True),
    ("lebanese400", False),
)


def reference_path(level: str) -> Path:
    return DATA / f"reference-{level}.jsonl"


Setup = tuple[search.SearchConfig, Experiment]


def full_config(level: str) -> Setup:
    """Today's level with its full samples: no clock, exactly its cap, no stopping."""
    cfg = search.LEVEL_CONFIGS[level]
    exp = dataclasses.replace(experiment_of(level), stop_early=False)
    return dataclasses.replace(cfg, budget_s=None), exp


def quick_config(level: str) -> Setup:
    """The quick level without a clock (its cap as today's)."""
    exp = dataclasses.replace(experiment_of(level), stop_early=True)
    return dataclasses.replace(search.LEVEL_CONFIGS[level], budget_s=None), exp


def seed_of(index: int) -> int:
    return 1000 + index


# ------------------------------------------------------------------ positions


def source_player(level: str, seed: int):  # type: ignore[no-untyped-def]
    if level == "medium":
        return MediumPlayer(seed)
    cfg = dataclasses.replace(
        search.LEVEL_CONFIGS[level],
        budget_s=None,
        max_samples=SOURCE_SAMPLES[level],
    )
    exp = dataclasses.replace(experiment_of(level), stop_early=False)
    return search.SearchPlayer(level, seed, cfg, experiment=exp)


def make_positions(n: int, seed: int) -> list[dict]:
    """About ``n`` positions with a real choice, a third from games of each of medium,
    hard and expert (four players of that level), taken with chance 0.25 from every
    decision so that every phase and trick is represented."""
    rng = random.Random(seed)
    out: list[dict] = []
    per_level = -(-n // 3)
    game = 0
    for level in ("medium", *LEVELS):
        got = 0
        while got < per_level:
            preset, weak = RULES[game % len(RULES)]
            rules = make_rules(preset, weak_hand_redeal=weak) if weak else make_rules(preset)
            g = GameState.new(rules, seed * 1000 + game)
            players = [source_player(level, seed * 1000 + game * 4 + s) for s in range(4)]
            game += 1
            for _ in range(160):  # about three hands of a game
                if g.is_over() or got >= per_level:
                    break
                turn = g.current_player()
                assert turn is not None
                view = g.view(turn)
                if len(view.legal) > 1 and rng.random() < 0.25:
                    out.append({"source": level, "preset": preset, "view": view.to_dict()})
                    got += 1
                g.apply(players[turn].choose(view))
            print(f"\r{level}: {got}/{per_level} positions, {game} games", end="", file=sys.stderr)
        print(file=sys.stderr)
    return out


def load_positions() -> list[dict]:
    with gzip.open(POSITIONS, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def phase_of(view: View) -> str:
    if view.phase != "play":
        return view.phase
    return f"trick {len(view.tricks) + 1}"


# ------------------------------------------------------------------ deciding


def decide(level: str, setup: Setup, index: int, view: View) -> dict:
    """The choice of a fresh player of ``setup`` (its config and switches) seeded by the
    position's index, with what its search saw."""
    cfg, exp = setup
    player = search.SearchPlayer(level, seed_of(index), cfg, experiment=exp)
    t0 = time.process_time()
    choice = player.choose(view)
    st = player.stats
    return {
        "i": index,
        "choice": choice,
        "samples": st.samples,
        "stopped": st.stopped,
        "values": {c: round(v, 6) for c, v in st.values.items()} if view.phase == "play" else {},
        "tricks": {c: round(v, 6) for c, v in st.tricks.items()},
        "cpu_ms": round((time.process_time() - t0) * 1000, 1),
        "rows": st.rows,
    }


def make_reference(level: str, positions: list[dict], trace: Path | None) -> None:
    setup = full_config(level)
    path = reference_path(level)
    done = 0
    tf = trace.open("w", encoding="utf-8") if trace else None
    with path.open("w", encoding="utf-8") as f:
        for i, pos in enumerate(positions):
            view = View.from_dict(pos["view"])
            got = decide(level, setup, i, view)
            rows = got.pop("rows")
            del got["stopped"]
            f.write(json.dumps(got) + "\n")
            if tf is not None and view.phase == "play":
                tf.write(
                    json.dumps(
                        {
                            "i": i,
                            "legal": list(view.legal),
                            "cards_left": sum(view.hand_sizes)
                            + (len(view.trick[1]) if view.trick else 0),
                            "rows": [[w, list(u)] for w, u in rows],
                        }
                    )
                    + "\n"
                )
            done += 1
            print(f"\r{level}: {done}/{len(positions)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    if tf is not None:
        tf.close()


def compare(level: str, positions: list[dict], limit: int | None, hand_max: int = 13) -> dict:
    """The quick level on the kept positions against the kept full choices (with
    ``hand_max`` below 13, only the card decisions with at most that many cards in hand)."""
    refs = [json.loads(x) for x in reference_path(level).read_text().splitlines() if x.strip()]
    if hand_max < 13:
        refs = [r for r in refs if _in_hand(positions[r["i"]]) <= hand_max]
    setup = quick_config(level)
    n = agree = 0
    lost_tricks: list[float] = []
    lost_points: list[float] = []
    by_phase: dict[str, list[tuple[int, int]]] = {}
    differ: list[str] = []
    cpu_quick: list[float] = []
    cpu_full: list[float] = []
    for ref in refs[:limit]:
        i = ref["i"]
        view = View.from_dict(positions[i]["view"])
        got = decide(level, setup, i, view)
        n += 1
        same = got["choice"] == ref["choice"]
        agree += same
        if view.phase == "play":
            by_phase.setdefault(phase_of(view), []).append((got["samples"], ref["samples"]))
            cpu_quick.append(got["cpu_ms"])
            cpu_full.append(ref["cpu_ms"])
        if not same:
            t = ref["tricks"]
            v = ref["values"]
            lt = t.get(ref["choice"], 0.0) - t.get(got["choice"], 0.0) if t else 0.0
            lp = v.get(ref["choice"], 0.0) - v.get(got["choice"], 0.0) if v else 0.0
            lost_tricks.append(lt)
            lost_points.append(lp)
            differ.append(
                f"  #{i} {phase_of(view)}: full {ref['choice']} quick {got['choice']} "
                f"(lost {lt:+.3f} tricks, {lp:+.3f} points; "
                f"{got['samples']}/{ref['samples']} deals)"
            )
        print(f"\r{level}: {n}/{len(refs[:limit])}", end="", file=sys.stderr)
    print(file=sys.stderr)
    k = len(lost_tricks)
    result = {
        "level": level,
        "positions": n,
        "agree": agree,
        "agreement_pct": round(100 * agree / n, 2) if n else 0.0,
        "differ": k,
        "lost_tricks_where_differ": round(statistics.fmean(lost_tricks), 4) if k else 0.0,
        "lost_points_where_differ": round(statistics.fmean(lost_points), 4) if k else 0.0,
        "lost_tricks_per_position": round(sum(lost_tricks) / n, 5) if n else 0.0,
        "lost_points_per_position": round(sum(lost_points) / n, 5) if n else 0.0,
        "deals_solved_quick": sum(q for v in by_phase.values() for q, _ in v),
        "deals_solved_full": sum(f for v in by_phase.values() for _, f in v),
        "cpu_ms_median_quick_full": [
            round(statistics.median(cpu_quick), 1) if cpu_quick else 0.0,
            round(statistics.median(cpu_full), 1) if cpu_full else 0.0,
        ],
    }
    print("\n".join(differ))
    print(f"{level}: deals solved a card decision, mean quick / full, by phase")
    for phase in sorted(by_phase, key=lambda p: (len(p), p)):
        rows = by_phase[phase]
        q = statistics.fmean(r[0] for r in rows)
        f = statistics.fmean(r[1] for r in rows)
        print(f"  {phase:9s} {len(rows):4d} positions  {q:6.1f} / {f:6.1f}")
    return result


def _in_hand(position: dict) -> int:
    """Cards in the deciding seat's hand at a card decision (99 for a call)."""
    view = position["view"]
    return len(view["hand"]) if view["phase"] == "play" else 99


# ------------------------------------------------------------------ tuning


def replay(
    trace: dict, z: float, min_samples: int, margin: float, level: str = "hard"
) -> tuple[int, int]:
    """(index of the card the quick rule picks, deals it solves) from a full run's rows,
    in the level's batches."""
    legal = trace["legal"]
    rows = [(w, tuple(u)) for w, u in trace["rows"]]
    cfg = dataclasses.replace(search.LEVEL_CONFIGS[level], stop_min_samples=min_samples)
    batch = search._batch_size(trace["cards_left"])
    n = 0
    while n < len(rows):
        n = min(len(rows), n + search._call_size(cfg, batch, n, stop_early=True))
        if n >= min_samples and n < len(rows) and search._clear_lead(rows[:n], z, margin):
            break
    return _pick(legal, rows[:n]), n


def _pick(legal: list[str], rows: list[tuple[float, tuple[float, ...]]]) -> int:
    total = sum(w for w, _ in rows)
    means = [sum(w * u[j] for w, u in rows) / total for j in range(len(legal))]
    best = max(means)
    good = [j for j in range(len(legal)) if means[j] >= best - 1e-6]
    return min(good, key=lambda j: (CARD_INDEX[legal[j]] % 13, CARD_INDEX[legal[j]] // 13))


def tune(level: str, trace_path: Path, positions: int) -> None:
    traces = [json.loads(x) for x in trace_path.read_text().splitlines() if x.strip()]
    refs = {
        r["i"]: r
        for r in map(json.loads, reference_path(level).read_text().splitlines())
        if r["tricks"]
    }
    print(f"{level}: {len(traces)} card positions of {positions}")
    for z, m, margin in itertools.product((1.5, 2.0, 2.5, 3.0), (2, 6, 12), (0.0, 0.05, 0.1, 0.2)):
        differ = 0
        lost = 0.0
        solved = full = 0
        for t in traces:
            if not t["rows"]:
                continue
            j, n = replay(t, z, m, margin, level)
            full_j = _pick(t["legal"], [(w, tuple(u)) for w, u in t["rows"]])
            solved += n
            full += len(t["rows"])
            if j != full_j:
                differ += 1
                tr = refs[t["i"]]["tricks"]
                lost += tr[t["legal"][full_j]] - tr[t["legal"][j]]
        print(
            f"  z {z:3.1f} min {m:2d} margin {margin:4.2f}: agree {100 * (1 - differ / positions):6.2f} %  "
            f"differ {differ:3d}  lost {lost / max(1, differ):+.3f} tricks where differ  "
            f"deals {solved}/{full} = {solved / max(1, full):.2f}"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="hard,expert")
    ap.add_argument("--limit", type=int, default=None, help="only the first N positions")
    ap.add_argument("--make-positions", type=int, default=None, metavar="N")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--make-reference", default=None, metavar="LEVEL")
    ap.add_argument("--trace", type=Path, default=None)
    ap.add_argument("--tune", default=None, metavar="LEVEL")
    ap.add_argument("--set", action="append", default=[], metavar="LEVEL.FIELD=VALUE")
    ap.add_argument(
        "--hand-max",
        type=int,
        default=13,
        metavar="N",
        help="only card decisions with at most N cards in hand (e.g. where αμ plays)",
    )
    args = ap.parse_args()
    search.configure_levels(args.set)
    if args.make_positions:
        DATA.mkdir(parents=True, exist_ok=True)
        pos = make_positions(args.make_positions, args.seed)
        with gzip.open(POSITIONS, "wt", encoding="utf-8") as f:
            for p in pos:
                f.write(json.dumps(p, separators=(",", ":")) + "\n")
        print(f"{len(pos)} positions -> {POSITIONS.relative_to(REPO)}")
        return 0
    positions = load_positions()
    if args.make_reference:
        make_reference(args.make_reference, positions, args.trace)
        return 0
    if args.tune:
        assert args.trace, "--tune needs the --trace of the full run"
        tune(args.tune, args.trace, len(positions))
        return 0
    results = [
        compare(level, positions, args.limit, args.hand_max) for level in args.levels.split(",")
    ]
    for r in results:
        print(json.dumps(r))
    for r in results:
        lv = r["level"]
        print(f"{lv}_agreement_pct: {r['agreement_pct']:.2f}")
        print(f"{lv}_lost_tricks_where_differ: {r['lost_tricks_where_differ']:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
