"""``tarneeb arena --games N``: pairs of whole games on the same deals, the teams swapped."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tarneeb_desktop.arena import run_games, wilson
from tarneeb_desktop.rules import make_rules


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(58, 100)
    assert lo < 0.58 < hi and hi - lo < 0.2


def test_every_game_of_every_pair_is_played_to_its_end_and_counted() -> None:
    res = run_games(make_rules(target=21), 4, 7, "medium", "random", progress=False)
    assert res["games"] == 8 and sum(res["games_won"]) == 8
    assert res["games_won"][0] > res["games_won"][1]  # medium beats random players
    lo, hi = res["share_ci95"]
    assert lo <= res["share_won"][0] <= hi
    assert res["hands"] >= 8 and res["diff_per_deal"] > 0
    assert res["faults"] == [0, 0]


def test_the_command_reports_games_won_and_refuses_no_games() -> None:
    cmd = [sys.executable, "-m", "tarneeb_desktop", "arena", "--team0", "medium", "--team1"]
    out = subprocess.run(
        [*cmd, "random", "--games", "1", "-o", "target=11", "--json"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "games won:" in out.stdout
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert doc["games"] == 2 and sum(doc["games_won"]) == 2
    bad = subprocess.run([*cmd, "random", "--games", "0"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--games" in bad.stderr
