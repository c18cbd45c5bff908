"""Frame times of a daily deal at the table, with and without the computer's own play of the
deal running on the worker pool meanwhile.

Runs ``ui/daily_play.py``'s table (normal animations, the person's moves made by the
script after ``--think`` seconds, the partner and opponents at ``--level``) under the dummy
video driver at 1280x720, paced like the real loop (a frame every 1/60 s). Each frame is timed by the wall
clock and by the CPU time of the UI thread. "without" is the same deal with the computer's
result already kept, so nothing else runs on the pool; "with" starts the computer's play
of the deal alongside, one decision at a time, as the window does. The last line is
``daily_frame_p99_ms: WITHOUT WITH`` (wall clock); ``--animating`` times only the
frames of an animation (a card flying, a trick gathered, the deal), as ``bench/frames.py``.

    python bench/daily_frames.py [--level expert] [--deals 1] [--think 1.0] [--animating]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("TARNEEB_HOME", tempfile.mkdtemp(prefix="tarneeb-bench-"))

import pygame  # noqa: E402

from tarneeb_desktop import daily  # noqa: E402
from tarneeb_desktop.settings import Settings  # noqa: E402
from tarneeb_desktop.ui.app import App  # noqa: E402
from tarneeb_desktop.ui.daily_play import DailyTableScene  # noqa: E402

FRAME = 1 / 60
CODE = "2026-12-01/standard"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(
    level: str, index: int, with_computer: bool, think: float, only_animating: bool
) -> tuple[list[float], list[float], float, bool]:
    """(wall ms, CPU ms) per drawn frame, the seconds the hand took, and whether the
    computer's play finished before the person's hand did."""
    store = daily.DailyStore(Path(tempfile.mkdtemp(prefix="tarneeb-daily-")) / "daily.json")
    if not with_computer:  # its result kept already: nothing runs beside the table
        store.put(CODE, index, "computer", daily.play_computer(CODE, index, level), level)
    dset = daily.DailySet(CODE, level, store)
    app = App(Settings(animation_speed="normal", sound=False), (1280, 720), sound=False)
    done: list[int] = []
    scene = DailyTableScene(app, dset, index, done=done.append, left=lambda: done.append(-1))
    app.switch(scene)
    wall: list[float] = []
    cpu: list[float] = []
    computer_first = False
    start = time.perf_counter()
    turn_since: float | None = None
    for _ in range(60 * 60 * 10):
        if done:
            break
        if scene.overlay is not None and scene.overlay.kind in ("summary", "gameover"):
            scene.overlay_action("close")
        elif scene.my_turn():
            now = time.perf_counter()
            turn_since = turn_since or now
            if now - turn_since >= think:  # the person thinks a while, then plays
                scene.act(scene.me, scene.pv.legal[0])
                turn_since = None
        animating = scene.timeline.running() or bool(scene.timeline.tweens)
        t0, c0 = time.perf_counter(), time.thread_time()
        drew = app.step(FRAME, pygame.event.get())
        dt, dc = time.perf_counter() - t0, time.thread_time() - c0
        if drew and (animating or not only_animating):
            wall.append(dt * 1000)
            cpu.append(dc * 1000)
        if with_computer and not computer_first and dset.play is None:
            computer_first = not done
        rest = FRAME - (time.perf_counter() - t0)
        if rest > 0:
            time.sleep(rest)
    seconds = time.perf_counter() - start
    scene.link.pool.wait_idle()
    pygame.quit()
    return wall, cpu, seconds, computer_first


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="expert")
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--think", type=float, default=1.0, help="seconds per move of the person")
    ap.add_argument("--animating", action="store_true", help="time only the frames of an animation")
    args = ap.parse_args()
    p99 = {}
    for with_computer in (False, True):
        walls: list[float] = []
        cpus: list[float] = []
        secs = 0.0
        firsts = 0
        for i in range(args.deals):
            w, c, s, first = run(args.level, i + 1, with_computer, args.think, args.animating)
            walls += w
            cpus += c
            secs += s
            firsts += first
        name = "with" if with_computer else "without"
        p99[name] = pct(walls, 0.99)
        extra = (
            f"; the computer's play done first in {firsts}/{args.deals}" if with_computer else ""
        )
        print(
            f"{name:>7} the computer's play: {len(walls)} frames; wall median "
            f"{statistics.median(walls):.2f} ms, p99 {p99[name]:.2f} ms, max {max(walls):.2f} ms; "
            f"UI-thread CPU median {statistics.median(cpus):.2f} ms, p99 {pct(cpus, 0.99):.2f} ms; "
            f"hand {secs / args.deals:.1f} s{extra}"
        )
    print(f"daily_frame_p99_ms: {p99['without']:.2f} {p99['with']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
