"""Engine speed: random full hands per second on one core, and replaying a 30-hand record.

A hand is an auction (random calls until someone declares; thrown-in hands are dealt again
and not counted) and 52 plays, with the legal actions generated at every step.
Prints its figures; the last line is ``hands_per_second: N`` (the lean loop's, string API).

Four figures of random hands a second, each a loop that is the same for every engine:

- ``loop_v1``: the loop this bench had until issue 27's last change (a new ``make_rules``
  a game, ``rng.randrange`` and two state checks an action);
- ``lean``: ``legal_actions()`` then ``apply(legal[int(random() * len(legal))])``, nothing
  else an action (the bench's own cost taken out of the ratio; the same games as ``loop_v1``
  are not played, since the choice is drawn otherwise);
- ``cards``: ``lean`` with the play's cards through ``legal_cards()`` / ``play(card)``
  (ints, no events); only an engine that has them;
- ``play_out``: ``play_out(random)`` a hand, which plays the very games of ``lean``
  inside the engine (tests/test_engine_self_play.py); only an engine that has it.

``--before REV`` (a git revision, e.g. ``--before d419e34``, or a folder holding a copy of
``tarneeb_desktop/rules/``) loads that engine beside the current one in the same process and
benches them in turns, so that both figures see the same load on a shared machine; it prints
both and their ratios. Each figure is the best of ``--rounds`` turns of ``--seconds`` each
of CPU time (``time.process_time``).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tarneeb_desktop.record  # noqa: E402
import tarneeb_desktop.rules  # noqa: E402
import tarneeb_desktop.rules.selfplay  # noqa: E402

PKG = "tarneeb_desktop.rules"
# Random bids go down often enough that a game may never end: ``lean`` stops one after the
# hand under way at MAX_ACTIONS actions, ``cards`` and ``play_out`` after MAX_HANDS hands
# (about as many). Hands and actions are counted from the history (exact for "standard").
MAX_ACTIONS = 1800
MAX_HANDS = 32


def random_hands(rules_mod: Any, seconds: float = 3.0) -> tuple[int, int]:
    """``loop_v1``: random hands (and actions) a second, the loop as it was until issue 27."""
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


def _played(g: Any) -> tuple[int, int]:
    """A game's played hands (thrown-in ones left out) and its actions."""
    hands = actions = 0
    for row in g.history:
        actions += (
            len(row.calls) + len(row.plays) + (row.trump is not None) + (row.redeal is not None)
        )
        hands += bool(row.plays)
    return hands, actions


def _games(play_game: Callable[[Any, Callable[[], float]], None], rules_mod: Any, seconds: float):
    """Whole games played by ``play_game(state, random)`` for ``seconds`` of CPU time."""
    GameState = rules_mod.GameState
    rules = rules_mod.make_rules("standard")
    rng = random.Random(1)
    rnd = rng.random
    hands = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = GameState.new(rules, seed=rng.randrange(10**9))
        play_game(g, rnd)
        h, a = _played(g)
        hands += h
        actions += a
    elapsed = time.process_time() - start
    return int(hands / elapsed), int(actions / elapsed)


def _finish_hand(g: Any, rnd: Callable[[], float]) -> None:
    index = g.hand_index
    while g.hand_index == index and not g.is_over():
        legal = g.legal_actions()
        g.apply(legal[int(rnd() * len(legal))])


def _lean_game(g: Any, rnd: Callable[[], float]) -> None:
    la, ap = g.legal_actions, g.apply
    for _ in range(MAX_ACTIONS):
        legal = la()
        if not legal:
            return
        ap(legal[int(rnd() * len(legal))])
    _finish_hand(g, rnd)


#: GameState class -> its engine's rules/selfplay.py (issue 35 moved the self-play tools there
#: from GameState's methods; an older engine still has the methods)
SELFPLAY: dict[type, ModuleType] = {}


def _tools(g: Any) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    """``legal_cards()``, ``play(card)`` and ``play_out(random)`` bound to ``g``."""
    if hasattr(g, "play_out"):
        return g.legal_cards, g.play, g.play_out
    tools = SELFPLAY[type(g)]
    return (
        functools.partial(tools.legal_cards, g),
        functools.partial(tools.play, g),
        functools.partial(tools.play_out, g),
    )


SELFPLAY[tarneeb_desktop.rules.GameState] = tarneeb_desktop.rules.selfplay


def _has(rules_mod: Any, name: str) -> bool:
    return hasattr(rules_mod.GameState, name) or hasattr(SELFPLAY.get(rules_mod.GameState), name)


def _cards_game(g: Any, rnd: Callable[[], float]) -> None:
    la, ap = g.legal_actions, g.apply
    lc, pl, _ = _tools(g)
    while len(g.history) < MAX_HANDS:
        while g.phase != "play":
            legal = la()
            if not legal:
                return
            ap(legal[int(rnd() * len(legal))])
        for _ in range(52):
            cards = lc()
            pl(cards[int(rnd() * len(cards))])
    _finish_hand(g, rnd)


def _play_out_game(g: Any, rnd: Callable[[], float]) -> None:
    play_out = _tools(g)[2]
    while g.phase != "over" and len(g.history) < MAX_HANDS:
        play_out(rnd)


def lean_hands(rules_mod: Any, seconds: float = 3.0) -> tuple[int, int]:
    """``lean``: random hands (and actions) a second through ``legal_actions`` / ``apply``."""
    return _games(_lean_game, rules_mod, seconds)


def card_hands(rules_mod: Any, seconds: float = 3.0) -> tuple[int, int]:
    """``cards``: the same through ``legal_cards`` / ``play`` in the play."""
    return _games(_cards_game, rules_mod, seconds)


def play_out_hands(rules_mod: Any, seconds: float = 3.0) -> tuple[int, int]:
    """``play_out``: the same with ``play_out(random)`` a hand."""
    return _games(_play_out_game, rules_mod, seconds)


FIGURES: dict[str, Callable[[Any, float], tuple[int, int]]] = {
    "loop_v1": random_hands,
    "lean": lean_hands,
    "cards": card_hands,
    "play_out": play_out_hands,
}
NEEDS = {"cards": ("legal_cards", "play"), "play_out": ("play_out",)}


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
        if (folder / "selfplay.py").exists():
            SELFPLAY[rules.GameState] = importlib.import_module(PKG + ".selfplay")
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
        figures = {
            name: [f for f in FIGURES if all(_has(rules, m) for m in NEEDS.get(f, ()))]
            for name, (rules, _) in engines.items()
        }
        best: dict[tuple[str, str], list[int]] = {
            (name, f): [0, 0] for name in engines for f in figures[name]
        }
        replays: dict[str, float] = {}
        for name, (rules, record) in engines.items():
            doc = thirty_hand_record(rules, record.to_record)
            replays[name] = min(replay_ms(record, doc) for _ in range(3))
        n = len(doc["hands"])
        for _ in range(args.rounds):  # every figure of every engine in turn, each round
            for f in FIGURES:
                for name, (rules, _) in engines.items():
                    if f in figures[name]:
                        hps, aps = FIGURES[f](rules, args.seconds)
                        b = best[name, f]
                        best[name, f] = [max(b[0], hps), max(b[1], aps)]
    for (name, f), (hps, aps) in best.items():
        label = f"before ({args.before})" if name == "before" else name
        print(f"{label} {f}: hands_per_second {hps}, actions_per_second {aps}")
    for name in engines:
        print(f"{name} replay_ms ({n}-hand record, 30 played): {replays[name]:.1f}")
    if args.before:
        old = best["before", "loop_v1"][0], best["before", "lean"][0]
        for f in figures["now"]:
            hps = best["now", f][0]
            line = f"speed-up {f} (now) over loop_v1 (before): {hps / old[0]:.2f}x"
            print(f"{line}, over lean (before): {hps / old[1]:.2f}x")
        print(f"speed-up replay: {replays['before'] / replays['now']:.2f}x")
    print(f"actions_per_second: {best['now', 'lean'][1]}")
    print(f"hands_per_second: {best['now', 'lean'][0]}")


if __name__ == "__main__":
    main()
