"""CPU use of the window while nothing happens: the menu, a table waiting for the player, the
replay viewer paused, a LAN table waiting for the player, and a table over the internet
(by code, through a local broker) waiting for the player.

Each case sets its screen up, lets it settle, then runs the real main loop (``App.run``) for
``--seconds`` and compares the process's CPU time with the wall time (100 % is one core). It
also counts the loop's wake-ups and draws while it idles. The LAN case hosts a table on
127.0.0.1 (no beacon) in this process and sits at it through a ``ClientSession``, as a window
that hosts from its menu does, so the host's threads are counted too.

    python bench/idle.py [--seconds 5] [--size 1280x800] [--cases menu,table,viewer,lan]

``--waits default,pygame`` runs every case with today's idle wait and with the old one
(``pygame.event.wait``). ``--root DIR`` runs the cases on another checkout's code (e.g.
``git worktree add /tmp/idle-before <commit>``). Run it under a real display (Xvfb,
``SDL_VIDEODRIVER=x11``): under the dummy driver SDL cannot sleep in the driver and the loop
falls back to looking at the queue every 16 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--seconds", type=float, default=5.0)
ap.add_argument("--size", default="1280x800")
ap.add_argument("--cases", default="menu,table,viewer,lan,lan_timer,relay")
ap.add_argument(
    "--waits",
    default="default",
    help="comma-separated idle waits to run each case with: default, pygame (the old "
    "pygame.event.wait, TARNEEB_IDLE_WAIT=pygame), poll (the fallback's sleeps)",
)
ap.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
ARGS = ap.parse_args()

sys.path.insert(0, ARGS.root)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("TARNEEB_HOME", tempfile.mkdtemp(prefix="tarneeb-bench-"))

import pygame  # noqa: E402

from tarneeb_desktop.rules import GameState, make_rules  # noqa: E402
from tarneeb_desktop.settings import Settings  # noqa: E402
from tarneeb_desktop.ui.app import App  # noqa: E402

FRAME = 1 / 60
STOP = pygame.event.custom_type()
MARK = pygame.event.custom_type()
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def settle(app: App, until, what: str, patience: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + patience
    while not until():
        if time.monotonic() > deadline:
            raise SystemExit(f"{what}: never settled")
        app.step(FRAME, pygame.event.get())
        time.sleep(0.001)
    for _ in range(3):
        app.step(FRAME, pygame.event.get())


def measure(app: App, seconds: float) -> tuple[float, int, int]:
    """Run the real loop for one second (work the first screen left on a thread ends), then
    ``seconds`` more: CPU %, wake-ups and draws in those."""
    wakes = draws = 0
    start: list[float] = []
    end: list[float] = []  # taken at the stop, not after run() (its closing work is not idling)
    real_step = app.step

    def counting(dt, events=None):  # type: ignore[no-untyped-def]
        nonlocal wakes, draws
        types = {e.type for e in events or []}
        if MARK in types:
            wakes = draws = 0
            start[:] = [time.process_time(), time.perf_counter()]
        if STOP in types:
            end[:] = [time.process_time(), time.perf_counter()]
            app.quit(0)  # not QUIT: a LAN table asks before it closes
            return False
        wakes += 1
        drew = real_step(dt, events)
        draws += bool(drew)
        return drew

    app.step = counting  # type: ignore[method-assign]
    pygame.event.clear()
    pygame.time.set_timer(MARK, 1000, loops=1)
    pygame.time.set_timer(STOP, 1000 + int(seconds * 1000), loops=1)
    app.run()
    cpu, wall = end[0] - start[0], end[1] - start[1]
    return 100 * cpu / wall, wakes, draws


def new_app(size: tuple[int, int]) -> App:
    return App(Settings(animation_speed="normal", sound=False), size, sound=False)


def case_menu(app: App) -> None:
    app.show_menu()
    settle(app, lambda: not app.scene.busy(), "menu")  # type: ignore[union-attr]


def case_table(app: App) -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules(), seed=3, dealer=3)
    rng = random.Random(3)
    while not (state.phase == "play" and state.current_player() == 0):
        state.apply(rng.choice(state.legal_actions()))
    scene = TableScene(
        app, state, ["You", "East", "North", "West"], (0,), ["random"] * 4, seed=3, inline_ai=True
    )
    app.switch(scene)
    settle(app, lambda: scene.my_turn() and not scene.busy(), "table")


def case_viewer(app: App) -> None:
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    doc = json.loads((DATA / "standard-game.json").read_text())
    scene = ViewerScene(app, positions(doc), title="bench", inline=True)
    app.switch(scene)
    scene.go(12)  # a position in the first hand's play, paused
    settle(app, lambda: not scene.playing and not scene.busy(), "viewer")


_BROKER = None


def case_relay(app: App):  # type: ignore[no-untyped-def]
    """A table over the internet waiting for the player: hosted in this process through a
    Mosquitto on 127.0.0.1 (``tests/relay_broker.py``), the player's seat joined by code, so
    the host's and the session's MQTT threads are counted too (the broker is another
    process, not counted)."""
    global _BROKER
    from tarneeb_desktop.net.relay_host import RelayOptions
    from tests.relay_broker import Broker

    if _BROKER is None:
        _BROKER = Broker().start()
    return case_lan(app, relay=RelayOptions.new(_BROKER.url), broker=_BROKER)


def case_lan(app: App, turn_seconds: float = 0.0, relay=None, broker=None):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.net.client import ClientSession
    from tarneeb_desktop.session.lan import new_host
    from tarneeb_desktop.ui.table_scene import TableScene

    extra = {"relay": relay} if relay is not None else {}
    host = new_host(
        make_rules(),
        seed=3,
        open_seats=[0],
        ai_level="random",
        auto_start=True,
        exit_when_over=False,
        turn_seconds=turn_seconds,
        bind="127.0.0.1",
        port=0,  # no beacon: a Host announces nothing by itself
        **extra,
    )
    host.start()
    if relay is not None:
        session = ClientSession.by_code(host.code, broker.urls, name="Bench", timeout=5.0)
    else:
        session = ClientSession("127.0.0.1", host.address[1], name="Bench", timeout=5.0)
    session.connect()
    session.join(0)
    deadline = time.monotonic() + 30
    while session.snapshot()[0] is None and time.monotonic() < deadline:
        time.sleep(0.01)
    view, seq = session.snapshot()
    scene = TableScene.remote(app, session, view, seq, host=host)
    app.switch(scene)
    # (a running turn timer kept the table busy before next_wake: then only wait for the turn)
    settle(app, lambda: scene.my_turn() and (turn_seconds or not scene.busy()), "LAN", patience=60)
    return host, session


def case_lan_timer(app: App):  # type: ignore[no-untyped-def]
    """A LAN table with a 60 s turn timer running down for the player (it redraws once a
    second)."""
    return case_lan(app, turn_seconds=60.0)


def main() -> int:
    w, h = (int(x) for x in ARGS.size.split("x"))
    results = {}
    for how in ARGS.waits.split(","):
        os.environ["TARNEEB_IDLE_WAIT"] = "" if how == "default" else how
        for name in ARGS.cases.split(","):
            app = new_app((w, h))
            extra = globals()[f"case_{name}"](app)
            cpu, wakes, draws = measure(app, ARGS.seconds)
            if extra:
                host, session = extra
                session.close()
                host.stop()
            pygame.quit()
            results[how, name] = cpu
            print(
                f"wait={how:7s} {name:9s} idle CPU {cpu:5.2f} % of a core over "
                f"{ARGS.seconds:.0f} s ({wakes} loop wake-ups, {draws} draws)",
                flush=True,
            )
    if _BROKER is not None:
        _BROKER.stop()
    print(f"idle_cpu_max_pct: {max(results.values()):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
