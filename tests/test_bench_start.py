"""``--start N`` of the duplicate match benches (``bench/ai_search_match.py``,
``bench/clairvoyant.py``): a run from deal N plays the same deals as a full run, deals thrown
in and drawn again included (issue 49: a stopped run completed without replaying its deals)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from scripts import ROOT, load_script

from tarneeb_desktop import arena
from tarneeb_desktop.rules import make_rules

# medium against easy (fast, and their calls depend on the view alone), seed 2: deals 0, 1
# and 3 are thrown in at one table, 7 and 8 at both, so later deals are drawn again.
SEED = 2


def full_run_states(deals: int) -> tuple[list[object], int]:
    """The generator's state before each deal of the benches' loop, playing every hand."""
    match = load_script("bench/ai_search_match.py")
    rules = make_rules("standard")
    a = match.make_side("medium", rules, SEED * 2 + 1)
    b = match.make_side("easy", rules, SEED * 2 + 2)
    rng = random.Random(SEED)
    states = []
    redrawn = 0
    for i in range(deals):
        states.append(rng.getstate())
        for _ in range(arena.MAX_REDRAWS):
            hands = arena.draw_deal(rng)
            tables = [
                arena.play_hand(rules, hands, i % 4, sides, SEED * 100003 + i)
                for sides in ([a, b, a, b], [b, a, b, a])
            ]
            if all(t is not None for t in tables):
                break
            redrawn += 1
    states.append(rng.getstate())
    return states, redrawn


def test_skipping_deals_leaves_the_generator_where_a_full_run_does() -> None:
    match = load_script("bench/ai_search_match.py")
    states, redrawn = full_run_states(10)
    assert redrawn >= 5  # the redraws are exercised
    rules = make_rules("standard")
    for start in (1, 4, 10):
        a = match.make_side("medium", rules, SEED * 2 + 1)
        b = match.make_side("easy", rules, SEED * 2 + 2)
        rng = random.Random(SEED)
        match.skip_deals(rules, start, rng, a, b, SEED)
        assert rng.getstate() == states[start], start


def run_rows(tmp_path: Path, script: str, name: str, *extra: str) -> list[dict]:
    out = tmp_path / f"{name}.jsonl"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    args = [sys.executable, str(ROOT / script), "--deals", "9", "--seed", str(SEED)]
    args += ["--team0", "medium", "--team1", "easy", "--out", str(out), *extra]
    subprocess.run(args, check=True, capture_output=True, env=env, cwd=ROOT, timeout=120)
    return [json.loads(line) for line in out.read_text().splitlines()]


@pytest.mark.parametrize("script", ["bench/ai_search_match.py", "bench/clairvoyant.py"])
def test_a_run_from_deal_n_gives_the_full_runs_rows(tmp_path: Path, script: str) -> None:
    full = run_rows(tmp_path, script, "full")
    part = run_rows(tmp_path, script, "part", "--start", "5")
    assert [r["deal"] for r in part] == [5, 6, 7, 8]
    drop = ("n0", "ms0")  # decisions' wall clock
    assert [{k: v for k, v in r.items() if k not in drop} for r in part] == [
        {k: v for k, v in r.items() if k not in drop} for r in full[5:]
    ]
