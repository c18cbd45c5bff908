"""Frame times of the table during autoplay, and CPU use while the table waits for the player.

Runs the autoplay (normal animations, random computer players) under the dummy video driver
at 1280x800, 1920x1080 and 2560x1440. Frames are stepped back to back with a fake 60 fps clock, so the
figure is the work one frame costs (update + draw + flip), not the frame rate. Then the real
main loop runs for a few seconds on a table waiting for the player and the process's CPU time
is compared with the wall time. The last line is ``frame_p99_ms: X`` (the worst size).

Besides the median and p99, each size prints the longest frame after warm-up (the table's
first second of game time, when the first cards and texts are drawn) and the count of frames
over 16 ms and over 33 ms (a frame over 33 ms is a visible stutter); the longest frame of the
first second is printed too.

Each frame is timed twice: by the wall clock, and by the CPU time of the thread that runs it
(``time.thread_time``). On a shared machine the wall clock also counts the time the process
waited for a core; the CPU time is the frame's own cost and is what ``frame_p99_ms`` reports.

    python bench/frames.py [--hands 2] [--idle-seconds 3] [--sizes 1920x1080,2560x1440]
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

from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402
from tarneeb_desktop.settings import Settings  # noqa: E402
from tarneeb_desktop.ui.app import App  # noqa: E402
from tarneeb_desktop.ui.table_scene import TableScene  # noqa: E402

FRAME = 1 / 60
WARM_UP = 60  # frames: the first second of game time
SIZES = "1280x800,1920x1080,2560x1440"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def frames(
    size: tuple[int, int], hands: int, seed: int
) -> tuple[list[float], list[float], list[bool]]:
    """Wall and CPU time of each animation frame, and whether it came after warm-up."""
    app = App(Settings(animation_speed="normal", sound=False), size, sound=False)
    scene = TableScene.new_game(
        app, make_rules(), seed, humans=(), level="random", autoplay=True, inline_ai=True
    )
    app.switch(scene)
    times: list[float] = []
    cpu: list[float] = []
    warm: list[bool] = []
    state = scene.table.state
    limit = 60 * 60 * 10  # ten minutes of game time at most
    for n in range(limit):
        if not app.running or state.hand_number > hands:
            break
        animating = scene.busy()
        t0, c0 = time.perf_counter(), time.thread_time()
        drew = app.step(FRAME, pygame.event.get())
        dt, dc = time.perf_counter() - t0, time.thread_time() - c0
        if drew and animating:
            times.append(dt)
            cpu.append(dc)
            warm.append(n >= WARM_UP)
    pygame.quit()
    return times, cpu, warm


def idle_cpu(size: tuple[int, int], seconds: float) -> float:
    app = App(Settings(animation_speed="normal", sound=False), size, sound=False)
    state = GameState.new(make_rules(), seed=3, dealer=3)
    import random

    rng = random.Random(3)
    while not (state.phase == "play" and state.current_player() == 0):
        state.apply(rng.choice(state.legal_actions()))
    scene = TableScene(
        app, state, ["You", "East", "North", "West"], (0,), ["random"] * 4, seed=3, inline_ai=True
    )
    app.switch(scene)
    for _ in range(600):
        if scene.my_turn() and not scene.busy():
            break
        app.step(FRAME, [])
    app.step(FRAME, [])
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    c0, w0 = time.process_time(), time.perf_counter()
    app.run()
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    pygame.quit()
    return 100 * cpu / wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2, help="hands of autoplay per size (default 2)")
    ap.add_argument("--idle-seconds", type=float, default=3.0)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--sizes", default=SIZES, help=f"window sizes (default {SIZES})")
    ap.add_argument("--no-idle", action="store_true", help="skip the idle measurement")
    args = ap.parse_args()
    worst = 0.0
    for size in [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]:
        times, cpu_times, warm = frames(size, args.hands, args.seed)
        ms = [t * 1000 for t in times]
        cms = [t * 1000 for t in cpu_times]
        p99 = pct(cms, 0.99)
        worst = max(worst, p99)
        first = max([c for c, w in zip(cms, warm, strict=True) if not w], default=0.0)
        after = [c for c, w in zip(cms, warm, strict=True) if w]
        after_wall = [t for t, w in zip(ms, warm, strict=True) if w]
        print(
            f"{size[0]}x{size[1]}: {len(ms)} animation frames; wall clock: median "
            f"{statistics.median(ms):.2f} ms, p99 {pct(ms, 0.99):.2f} ms; CPU time: median "
            f"{statistics.median(cms):.2f} ms, p99 {p99:.2f} ms, max {max(cms):.2f} ms"
        )
        print(
            f"{size[0]}x{size[1]}: after warm-up (first second): CPU max {max(after):.2f} ms, "
            f"{sum(c > 16 for c in after)} over 16 ms, {sum(c > 33 for c in after)} over 33 ms "
            f"(wall clock: max {max(after_wall):.2f} ms, {sum(t > 16 for t in after_wall)} over "
            f"16 ms, {sum(t > 33 for t in after_wall)} over 33 ms); first second: CPU max "
            f"{first:.2f} ms"
        )
        if args.no_idle:
            continue
        cpu = idle_cpu(size, args.idle_seconds)
        print(f"{size[0]}x{size[1]}: idle CPU {cpu:.1f} % over {args.idle_seconds:.0f} s")
    print(f"frame_p99_ms: {worst:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
