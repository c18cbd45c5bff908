"""Engine speed: random full hands per second on one core, and replaying a 30-hand record.

A hand is an auction (random calls until someone declares; thrown-in hands are dealt again
and not counted) and 52 plays, with the legal actions generated at every step.
Prints its figures; the last line is ``hands_per_second: N``.

``--before REV`` (a git revision, e.g. ``--before cdc0fc9``, or a folder holding a copy of
``tarneeb_desktop/rules/``) loads that engine beside the current one in the same process and
benches them in turns, so that both figures see the same load on a shared machine; it prints
both and their ratio. Each figure is the best of ``--rounds`` turns of ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tarneeb_desktop.record  # noqa: E402
import tarneeb_desktop.rules  # noqa: E402

PKG = "tarneeb_desktop.rules"


def random_hands(rules_mod: Any, seconds: float = 3.0) -> tuple[int, int]:
    """Random hands (and actions) per second with the engine of ``rules_mod``."""
    GameState, make_rules = rules_mod.GameState, rules_mod.make_rules
    rng = random.Random(1)
    g = GameState.new(make_rules("standard"), seed=1)
    hands = actions = 0
    # CPU time of this process: on a shared machine, time waiting for a core is not counted.
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            if g.is_over() or g.hand_index > 30:
                g = GameState.new(make_rules("standard"), seed=rng.randrange(10**9))
            index = g.hand_index
            while g.hand_index == index and not g.is_over():
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
                actions += 1
            if g.history and g.history[-1].plays:
                hands += 1
    elapsed = time.process_time() - start
    return int(hands / elapsed), int(actions / elapsed)


def thirty_hand_record(rules_mod: Any, to_record: Any) -> dict:
    """A record of 30 played hands (and the thrown-in hands between them)."""
    rng = random.Random(5)
    g = rules_mod.GameState.new(rules_mod.make_rules("standard", target=1000), seed=5)
    while sum(1 for h in g.history if h.plays) < 30 or g.hand_actions:
        g.apply(rng.choice(g.legal_actions()))
    return to_record(g)


def replay_ms(record_mod: Any, doc: dict, reps: int = 20) -> float:
    start = time.process_time()
    for _ in range(reps):
        record_mod.replay(doc)
    return (time.process_time() - start) / reps * 1000


def _rules_folder(before: str, tmp: Path) -> Path:
    """The folder of the engine to compare with: ``before`` itself, or a git revision's copy."""
    if Path(before).is_dir():
        return Path(before)
    out = tmp / "rules"
    out.mkdir()
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{before}:tarneeb_desktop/rules/"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(
                ["git", "show", f"{before}:tarneeb_desktop/rules/{name}"],
                cwd=ROOT,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            (out / name).write_text(text)
    return out


def load_before(folder: Path) -> tuple[ModuleType, ModuleType]:
    """The rules package in ``folder`` (and a record module bound to it), loaded under the
    real package name beside the current one: sys.modules is put back afterwards, and each
    module keeps its own globals, so both engines run in this process."""
    mine = [n for n in sys.modules if n == PKG or n.startswith(PKG + ".")]
    mine.append("tarneeb_desktop.record")
    saved = {n: sys.modules.pop(n) for n in mine}
    parent = sys.modules["tarneeb_desktop"]
    attrs = {a: getattr(parent, a) for a in ("rules", "record") if hasattr(parent, a)}
    try:
        spec = importlib.util.spec_from_file_location(
            PKG, folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
        assert spec is not None and spec.loader is not None
        rules = importlib.util.module_from_spec(spec)
        sys.modules[PKG] = rules
        spec.loader.exec_module(rules)
        record = importlib.import_module("tarneeb_desktop.record")
    finally:
        for n in [n for n in sys.modules if n == PKG or n.startswith(PKG + ".")]:
            del sys.modules[n]
        sys.modules.pop("tarneeb_desktop.record", None)
        sys.modules.update(saved)
        for a, m in attrs.items():
            setattr(parent, a, m)
    return rules, record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="a git revision or a folder with an older rules/")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    engines: dict[str, tuple[Any, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if args.before:
            engines["before"] = load_before(_rules_folder(args.before, Path(tmp)))
        engines["now"] = (tarneeb_desktop.rules, tarneeb_desktop.record)
        best: dict[str, list[int]] = {k: [0, 0] for k in engines}
        replays: dict[str, float] = {}
        for name, (rules, record) in engines.items():
            doc = thirty_hand_record(rules, record.to_record)
            replays[name] = min(replay_ms(record, doc) for _ in range(3))
        n = len(doc["hands"])
        for _ in range(args.rounds):
            for name, (rules, _) in engines.items():
                hps, aps = random_hands(rules, args.seconds)
                best[name] = [max(best[name][0], hps), max(best[name][1], aps)]
    if args.before:
        b, a = best["before"], best["now"]
        print(
            f"before ({args.before}): hands_per_second {b[0]}, actions_per_second {b[1]}, ", end=""
        )
        print(f"replay_ms {replays['before']:.1f}")
        print(f"now: hands_per_second {a[0]}, actions_per_second {a[1]}, ", end="")
        print(f"replay_ms {replays['now']:.1f}")
        print(
            f"speed-up: hands {a[0] / b[0]:.2f}x, replay {replays['before'] / replays['now']:.2f}x"
        )
    print(f"actions_per_second: {best['now'][1]}")
    print(f"replay_ms ({n}-hand record, 30 played): {replays['now']:.1f}")
    print(f"hands_per_second: {best['now'][0]}")


if __name__ == "__main__":
    main()
