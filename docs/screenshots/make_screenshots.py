"""Make the screenshots in this folder: the menu, the auction, a trick in flight, the hand
summary and the game-over screen, at 1280x720 and 1920x1080.

Runs the real scenes frame by frame with a fake clock and saves the window's surface. Under
Xvfb (DISPLAY set) it draws into a real X window; otherwise into the dummy driver.

    python docs/screenshots/make_screenshots.py [--seed 8]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "x11" if os.environ.get("DISPLAY") else "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TARNEEB_HOME"] = tempfile.mkdtemp(prefix="tarneeb-shots-")

import pygame  # noqa: E402

from tarneeb_desktop.rules import make_rules  # noqa: E402
from tarneeb_desktop.settings import Settings  # noqa: E402
from tarneeb_desktop.ui.app import App  # noqa: E402
from tarneeb_desktop.ui.screens.menu import MenuScene  # noqa: E402
from tarneeb_desktop.ui.table_scene import TableScene  # noqa: E402

FRAME = 1 / 60


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def save(app: App, name: str) -> None:
    w, h = app.size
    app.scene.dirty = True  # type: ignore[union-attr]
    app.step(0.0, [])
    path = HERE / f"{name}-{w}x{h}.png"
    pygame.image.save(app.surface, str(path))
    print(path)


def until(app: App, cond, limit: int = 200000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if cond():
            return
        app.step(FRAME, [])
    raise RuntimeError("state not reached")


def shots(size: tuple[int, int], seed: int) -> None:
    app = App(
        Settings(sound=False, animation_speed="normal", levels=["medium"] * 4), size, sound=False
    )
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    save(app, "menu")

    scene = TableScene.new_game(app, make_rules(), seed, inline_ai=True)
    app.switch(scene)
    # the auction: wait until it is my call with some calls already made
    until(app, lambda: scene.my_turn() and scene.pv.phase == "auction")
    app.step(
        FRAME,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION,
                pos=scene.buttons()[2].rect.center,
                rel=(0, 0),
                buttons=(0, 0, 0),
            )
        ],
    )
    save(app, "auction")
    # bid the lowest legal bid, then play on until my turn to play with cards on the table
    app.step(FRAME, [key(pygame.K_p)])
    while not (scene.my_turn() and scene.pv.phase == "play" and scene.trick_cards):
        app.step(FRAME, [])
        if scene.my_turn() and scene.pv.phase != "play":
            app.step(FRAME, [key(pygame.K_p) if "pass" in scene.pv.legal else key(pygame.K_RETURN)])
        if scene.my_turn() and scene.pv.phase == "play" and not scene.trick_cards:
            app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
        if scene.overlay is not None:
            app.step(FRAME, [key(pygame.K_RETURN)])
    card = scene.pv.legal[0]
    pos = next(r for c, r in scene.card_rects() if c == card)
    app.step(
        FRAME,
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(pos.x + 5, pos.y + 20), rel=(0, 0), buttons=(0, 0, 0)
            )
        ],
    )
    app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_LEFT), key(pygame.K_RETURN)])
    for _ in range(6):  # part way from my hand to the table
        app.step(FRAME, [])
    save(app, "trick")
    # fast forward to the end of the hand
    app.settings.animation_speed = "instant"
    while not (scene.overlay and scene.overlay["kind"] == "summary"):
        app.step(FRAME, [])
        if scene.my_turn():
            app.step(
                FRAME,
                [
                    key(pygame.K_p) if "pass" in scene.pv.legal else key(pygame.K_RIGHT),
                    key(pygame.K_RETURN),
                ],
            )
    app.settings.animation_speed = "normal"
    for _ in range(60):
        app.step(FRAME, [])
    save(app, "summary")
    app.settings.animation_speed = "instant"
    while not (scene.overlay and scene.overlay["kind"] == "gameover"):
        app.step(FRAME, [])
        if scene.overlay and scene.overlay["kind"] == "summary":
            app.step(FRAME, [key(pygame.K_RETURN)])
        elif scene.my_turn():
            app.step(
                FRAME,
                [
                    key(pygame.K_p) if "pass" in scene.pv.legal else key(pygame.K_RIGHT),
                    key(pygame.K_RETURN),
                ],
            )
    app.settings.animation_speed = "normal"
    for _ in range(60):
        app.step(FRAME, [])
    save(app, "gameover")
    pygame.quit()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=8)
    args = ap.parse_args()
    for size in ((1280, 720), (1920, 1080)):
        shots(size, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
