"""Peak memory of a whole game played by four computer players, as a whole process.

Run from the repository root: ``python bench/memory.py [--levels medium,hard,expert]
[--seed S] [--rules PRESET]``. Each level plays one whole game in a process of its own,
the way ``tarneeb --autoplay --fast --level LEVEL --seed S`` does, without a window
(SDL's dummy video and audio drivers) and with a throwaway user folder
(``TARNEEB_HOME``), and the peak resident memory of that process is read when it ends
(``ru_maxrss`` from ``wait4``: the game, its AI worker threads and DDS included). One
line per level: ``LEVEL peak_mb=X seconds=Y hands=H moves=M`` (hands and moves read from
the game's record, ``--save-record``).

The game measured is the package the child process imports: this checkout, or the one
on ``PYTHONPATH`` when that is set (``PYTHONPATH=/other/checkout python
bench/memory.py`` measures that copy). The first line names it, and the second what
DDS set up there (threads and tables) when the binding reports it.

POSIX only (``resource``, ``os.wait4``). Compare runs with the same seed; even then the
hard and expert games can differ a little from run to run, as their time budgets let
them solve more or fewer sampled deals.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

DDS_REPORT = """
from tarneeb_desktop.ai import dds
if not dds.available():
    print("unavailable:", dds.load_error())
elif hasattr(dds, "resources"):
    print(dds.resources())
else:
    print("no dds.resources() in this version (DDS's own default: a large table per core)")
"""


def child_env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    if not env.get("PYTHONPATH"):
        env["PYTHONPATH"] = str(REPO)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TARNEEB_HOME=home,
    )
    env.pop("TARNEEB_TEST_SEED", None)
    return env


def peak_mb(rusage: resource.struct_rusage) -> float:
    rss = float(rusage.ru_maxrss)
    # Linux reports kilobytes, macOS bytes.
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def play(level: str, seed: int, rules: str, timeout: float) -> tuple[float, float, int, int]:
    """Peak MB, seconds, hands and moves (calls and cards) of one whole autoplayed game."""
    with tempfile.TemporaryDirectory(prefix="tarneeb-memory-") as home:
        cmd = [sys.executable, "-m", "tarneeb_desktop", "--autoplay", "--fast"]
        record = Path(home) / "record.json"
        cmd += ["--level", level, "--seed", str(seed), "--save-record", str(record)]
        if rules != "standard":
            cmd += ["--rules", rules]
        out_path, err_path = Path(home) / "stdout.txt", Path(home) / "stderr.txt"
        start = time.perf_counter()
        timed_out = False
        # cwd is the throwaway folder, so the current directory cannot shadow PYTHONPATH.
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            proc = subprocess.Popen(cmd, cwd=home, env=child_env(home), stdout=out, stderr=err)
            while True:
                pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    break
                if time.perf_counter() - start > timeout:
                    timed_out = True
                    proc.kill()
                    pid, status, rusage = os.wait4(proc.pid, 0)
                    break
                time.sleep(0.05)
        seconds = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if timed_out or code != 0:
            why = (
                f"did not end within {timeout:.0f} s" if timed_out else f"ended with status {code}"
            )
            tail = err_path.read_text(encoding="utf-8", errors="replace")[-3000:]
            raise SystemExit(f"{level}: the game {why}\n{tail}")
        hands = json.loads(record.read_text(encoding="utf-8"))["hands"]
        moves = sum(len(h.get("calls", [])) + len(h.get("plays", [])) for h in hands)
        return peak_mb(rusage), seconds, len(hands), moves


def describe() -> tuple[str, str]:
    """The game package the children import, and what DDS sets up in it."""
    with tempfile.TemporaryDirectory(prefix="tarneeb-memory-") as home:
        env = child_env(home)
        where = subprocess.run(
            [sys.executable, "-c", "import tarneeb_desktop; print(tarneeb_desktop.__file__)"],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dds = subprocess.run(
            [sys.executable, "-c", DDS_REPORT], cwd=home, env=env, capture_output=True, text=True
        )
        report = (dds.stdout or dds.stderr).strip().splitlines()
    return str(Path(where).parent), report[-1] if report else "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="medium,hard,expert")
    ap.add_argument("--level", dest="levels", help="one level (same as --levels LEVEL)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="standard", help="rules preset (default standard)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per game")
    args = ap.parse_args()
    where, dds = describe()
    print(f"game: {where}")
    print(f"dds: {dds}")
    for level in args.levels.split(","):
        mb, seconds, hands, moves = play(level.strip(), args.seed, args.rules, args.timeout)
        print(f"{level} peak_mb={mb:.0f} seconds={seconds:.0f} hands={hands} moves={moves}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
