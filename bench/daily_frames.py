"""Frame times of a daily deal at the table, with and without the computer's own play of the
deal running on the worker pool meanwhile.

Runs ``ui/screens/daily/play.py``'s table (normal animations, the person's moves made by the
script after ``--think`` seconds, the partner and opponents at ``--level``) under the dummy
video driver at 1280x720, paced like the real loop (a frame every 1/60 s). Each frame is timed by the wall
clock and by the CPU time of the UI thread. "without" is the same deal with the computer's
result already kept, so nothing else runs beside the table; "with" starts the computer's
play of the deal alongside as the window does (in its own low-priority process); "pool"
plays it instead one decision at a time on the worker pool, a thread of the window's
process (the fallback, and how it ran before). The last line is
``daily_frame_p99_ms: WITHOUT WITH POOL`` (wall clock, the frames of the first seconds of
the hand, while the computer's play ran); ``--animating`` times only the
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

from tarneeb_desktop.session import daily  # noqa: E402
from tarneeb_desktop.settings import Settings  # noqa: E402
from tarneeb_desktop.ui.app import App  # noqa: E402
from tarneeb_desktop.ui.screens.daily.play import DailyTableScene  # noqa: E402

FRAME = 1 / 60
CODE = "2026-12-01/standard"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(
    level: str, index: int, mode: str, think: float, only_animating: bool
) -> tuple[list[float], list[float], list[float], float, float | None]:
    """(wall ms, CPU ms, seconds into the hand) per drawn frame, the seconds the hand
    took, and the seconds the computer's play took (None: not done before the hand)."""
    store = daily.DailyStore(Path(tempfile.mkdtemp(prefix="tarneeb-daily-")) / "daily.json")
    with_computer = mode != "without"
    if not with_computer:  # its result kept already: nothing runs beside the table
        store.put(CODE, index, "computer", daily.play_computer(CODE, index, level), level)
    dset = daily.DailySet(CODE, level, store, process=mode == "with")
    app = App(Settings(animation_speed="normal", sound=False), (1280, 720), sound=False)
    done: list[int] = []
    scene = DailyTableScene(app, dset, index, done=done.append)
    app.switch(scene)
    wall: list[float] = []
    cpu: list[float] = []
    computer_took: float | None = None
    stamps: list[float] = []
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
            stamps.append(t0 - start)
        if with_computer and computer_took is None and dset.play is None and not done:
            computer_took = time.perf_counter() - start
        rest = FRAME - (time.perf_counter() - t0)
        if rest > 0:
            time.sleep(rest)
    seconds = time.perf_counter() - start
    dset.stop()
    scene.link.pool.wait_idle()
    pygame.quit()
    return wall, cpu, stamps, seconds, computer_took


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="expert")
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--think", type=float, default=1.0, help="seconds per move of the person")
    ap.add_argument("--animating", action="store_true", help="time only the frames of an animation")
    args = ap.parse_args()
    runs = {}
    for mode in ("without", "with", "pool"):
        runs[mode] = [
            run(args.level, i + 1, mode, args.think, args.animating) for i in range(args.deals)
        ]
    # the frames while the computer's play ran: the first seconds of each hand, as long as
    # the longer of its two ways took (the same span of the hand "without")
    spans = [
        max((runs[m][i][4] or runs[m][i][3]) for m in ("with", "pool")) for i in range(args.deals)
    ]
    p99 = {}
    for mode, results in runs.items():
        walls = [w for r in results for w in r[0]]
        cpus = [c for r in results for c in r[1]]
        during = [
            w
            for r, span in zip(results, spans, strict=True)
            for w, t in zip(r[0], r[2], strict=True)
            if t <= span
        ]
        secs = sum(r[3] for r in results) / args.deals
        took = [r[4] for r in results]
        p99[mode] = pct(during, 0.99)
        extra = (
            "; the computer's play took "
            + ", ".join("-" if t is None else f"{t:.1f} s" for t in took)
            if mode != "without"
            else ""
        )
        print(
            f"{mode:>7}: {len(walls)} frames; wall median {statistics.median(walls):.2f} ms, "
            f"p99 {pct(walls, 0.99):.2f} ms, max {max(walls):.2f} ms; while the computer plays "
            f"({len(during)} frames) p99 {p99[mode]:.2f} ms, max {max(during):.2f} ms; UI-thread "
            f"CPU p99 {pct(cpus, 0.99):.2f} ms; hand {secs:.1f} s{extra}"
        )
    print(f"daily_frame_p99_ms: {p99['without']:.2f} {p99['with']:.2f} {p99['pool']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
