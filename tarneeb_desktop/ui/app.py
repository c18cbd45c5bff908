"""The application: owns the window, the clock and the current scene; the game's main loop.

The loop draws only when the scene says something changed, and while nothing moves it
sleeps in ``pygame.event.wait`` so an idle table uses almost no CPU. ``App.step`` runs one
frame from given events and a given ``dt`` so tests can drive it with a fake clock.
"""

from __future__ import annotations

import logging
import os
import random
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from tarneeb_desktop import STARTED
from tarneeb_desktop.paths import asset, user_data_dir
from tarneeb_desktop.settings import Settings
from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.cards import CardArt
from tarneeb_desktop.ui.layout import MIN_H, MIN_W
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.sound import Sounds

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
FPS = 60
IDLE_WAIT_MS = 500
SAVEGAME = "savegame.json"
SAVE_FORMAT = "tarneeb-save/1"
STATS_FILE = "stats.json"
EXPORTS = "exports"


def savegame_path() -> Path:
    return user_data_dir() / SAVEGAME


def stats_path() -> Path:
    return user_data_dir() / STATS_FILE


@dataclass
class SavedGame:
    """A game in progress as read back from the save: the state and how to seat it."""

    state: Any
    names: list[str]
    humans: tuple[int, ...]
    levels: list[str]
    seed: int


def write_save(
    path: Path,
    state: Any,
    names: list[str],
    humans: tuple[int, ...],
    levels: list[str],
    seed: int,
) -> None:
    """The game in progress: a game record (game-record.md, so ``tarneeb replay`` reads it)
    with a ``resume`` object added: the seats, levels and seed that resuming needs (the seed
    makes the hands still to come the ones they would have been)."""
    from tarneeb_desktop.record import to_record
    from tarneeb_desktop.storage import write_json_atomic

    doc = to_record(state, names)
    doc["resume"] = {
        "format": SAVE_FORMAT,
        "seed": seed,
        "humans": list(humans),
        "levels": list(levels),
        "names": list(names),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json_atomic(path, doc)


class SaveError(Exception):
    """The save file is unusable (it has been set aside; the message says where)."""


def _valid_resume(r: Any) -> bool:
    def seat_list(v: Any) -> bool:
        return (
            isinstance(v, list)
            and 0 < len(v) <= 4
            and len(set(map(repr, v))) == len(v)
            and all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h < 4 for h in v)
        )

    def four_strings(v: Any) -> bool:
        return isinstance(v, list) and len(v) == 4 and all(isinstance(x, str) and x for x in v)

    return (
        isinstance(r, dict)
        and r.get("format") == SAVE_FORMAT
        and isinstance(r.get("seed"), int)
        and not isinstance(r.get("seed"), bool)
        and seat_list(r.get("humans"))
        and 0 in r["humans"]
        and four_strings(r.get("levels"))
        and four_strings(r.get("names"))
    )


def read_save(path: Path) -> SavedGame | None:
    """The saved game at ``path``; None when there is none (or it is finished); SaveError
    (after keeping the file aside) when it is damaged. Nothing half-read is ever returned."""
    from tarneeb_desktop.record import RecordError, replay
    from tarneeb_desktop.storage import load_json, set_aside

    data, problem = load_json(path)
    if problem:
        raise SaveError(problem)
    if data is None:
        if path.exists():  # the JSON null
            data = "null"
        else:
            return None

    def bad(why: str) -> SaveError:
        kept = set_aside(path)
        where = f"; it was kept as {kept.name}" if kept else ""
        return SaveError(f"the saved game could not be used ({why}){where}")

    if not isinstance(data, dict):
        raise bad("not a saved game")
    resume = data.get("resume")
    if resume is not None and not _valid_resume(resume):
        raise bad("its seats are damaged")
    seed = resume["seed"] if resume else None
    try:
        rep = replay(data, seed=seed if seed is not None else 0)
    except (RecordError, RecursionError, TypeError, ValueError, KeyError, AttributeError) as exc:
        why = exc.sentence() if isinstance(exc, RecordError) else type(exc).__name__
        raise bad(why) from None
    if rep.state.is_over():
        return None
    if seed is None:
        # An older save (a bare record) has no seed: the hands to come get fresh deals.
        seed = random.SystemRandom().randrange(1 << 31)
        rep.state.seed = seed
    if resume:
        names, humans, levels = resume["names"], resume["humans"], resume["levels"]
    else:
        names, humans, levels = rep.players or [], [0], ["medium"] * 4
    if len(names) != 4:
        names = Settings().names
    return SavedGame(rep.state, list(names), tuple(sorted(humans)), list(levels), seed)


def export_record(state: Any, names: list[str]) -> Path:
    """Write a finished game's record into the user folder's exports/; returns its path."""
    from tarneeb_desktop.record import write_record

    folder = user_data_dir() / EXPORTS
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"tarneeb-{stamp}.json"
    n = 1
    while path.exists():
        path = folder / f"tarneeb-{stamp}-{n}.json"
        n += 1
    write_record(path, state, names)
    return path


def test_log(line: str) -> None:
    """A machine-readable line on stdout for the end-to-end test (TARNEEB_TEST_LOG=1)."""
    if os.environ.get("TARNEEB_TEST_LOG"):
        print("TEST " + line, flush=True)


class App:
    """The window, the clock, the settings, the card art and the scene being shown."""

    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple[int, int] = DEFAULT_SIZE,
        fullscreen: bool = False,
        sound: bool = True,
    ) -> None:
        self.settings = settings or Settings()
        i18n.set_language(self.settings.language)
        pygame.display.init()
        pygame.font.init()
        text.clear_cache()  # fonts from an earlier pygame.init are dead
        pygame.display.set_caption("Tarneeb")
        try:
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        except (pygame.error, FileNotFoundError):
            pass
        self.windowed_size = (max(MIN_W, size[0]), max(MIN_H, size[1]))
        self.fullscreen = False
        self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        if fullscreen:
            self.toggle_fullscreen()
        self.cards = CardArt(self.settings.card_style, self.settings.card_back)
        self.rules = self.settings.rules()
        self.clock = pygame.time.Clock()
        self.scene: Scene | None = None
        self.running = True
        self.exit_code = 0
        self.frame_log: list[tuple[float, bool]] | None = None  # (seconds of work, animating)
        self.sound = Sounds(sound and self.settings.sound, self.settings.volume)
        self._sound_allowed = sound
        # What was wrong with the settings file, told once on the main menu.
        self.notices: list[str] = list(self.settings.problems)

    # ------------------------------------------------------------------ services
    def apply_settings(self) -> None:
        """Make the look, sound and language follow ``self.settings`` after a change."""
        s = self.settings
        self.sound.configure(self._sound_allowed and s.sound, s.volume)
        if (s.card_style, s.card_back) != (self.cards.style, self.cards.back_name):
            self.cards = CardArt(s.card_style, s.card_back)
        set_language = getattr(i18n, "set_language", None)
        if set_language is not None and s.language != getattr(i18n, "language", lambda: "")():
            set_language(s.language)
            text.clear_cache()
        if s.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        self.rules = s.rules()

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def statistics(self):  # type: ignore[no-untyped-def]
        from tarneeb_desktop.stats import Statistics

        return Statistics.load(stats_path())

    def save_statistics(self, stats: Any) -> None:
        """Write ``stats`` (from ``statistics()``) back; OSError when it cannot be."""
        stats.save(stats_path())

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    # The top scenes, made here: the scenes below (table, settings, LAN...) never import the
    # menu or each other upwards; they ask the app to go there.
    def show_menu(self) -> None:
        from tarneeb_desktop.ui.menu import MenuScene

        self.switch(MenuScene(self))

    def open_settings(self) -> None:
        from tarneeb_desktop.ui.settings_scene import SettingsScene

        self.switch(SettingsScene(self))

    def open_stats(self) -> None:
        from tarneeb_desktop.ui.stats_scene import StatsScene

        self.switch(StatsScene(self))

    def open_help(self) -> None:
        from tarneeb_desktop.ui.menu import HowToScene

        self.switch(HowToScene(self))

    def host_lan(self) -> None:
        from tarneeb_desktop.ui.lan_scenes import HostScene

        self.switch(HostScene(self))

    def join_lan(self) -> None:
        from tarneeb_desktop.ui.lan_scenes import JoinScene

        self.switch(JoinScene(self))

    def switch(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.on_hide()
        self.scene = scene
        scene.on_show()

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_W, int(size[0])), max(MIN_H, int(size[1])))
        if not self.fullscreen:
            self.windowed_size = size
        if self.surface.get_size() != size:
            flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
            self.surface = pygame.display.set_mode(size, flags)
        if self.scene is not None:
            self.scene.on_resize(self.surface.get_size())

    def _window(self):  # type: ignore[no-untyped-def]
        """The SDL window behind the display module (pygame-ce's Window), if available."""
        try:
            with warnings.catch_warnings():
                # pygame-ce 2.5 prefers Window-first programs; the display module is what we use
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def toggle_fullscreen(self) -> None:
        """F11: desktop full screen (no video mode change, the window covers the screen)."""
        win = self._window()
        if win is None:
            if self.fullscreen:
                self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:
                sizes = pygame.display.get_desktop_sizes()
                full = sizes[0] if sizes else self.windowed_size
                self.surface = pygame.display.set_mode(full, pygame.FULLSCREEN)
            self.fullscreen = not self.fullscreen
        elif self.fullscreen:
            win.set_windowed()
            win.size = self.windowed_size
            self.fullscreen = False
        else:
            win.set_fullscreen(True)
            self.fullscreen = True
        self.surface = pygame.display.get_surface() or self.surface
        if self.scene is not None:
            self.scene.on_resize(self.surface.get_size())

    # ------------------------------------------------------------------ the loop
    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """Run one frame: handle ``events``, advance by ``dt`` seconds, draw if needed.
        Returns whether it drew."""
        scene = self.scene
        for ev in events or []:
            if ev.type == pygame.QUIT:
                self.quit(0)
                continue
            if ev.type == pygame.VIDEORESIZE:
                if self.fullscreen:
                    self.surface = pygame.display.get_surface() or self.surface
                    if scene is not None:
                        scene.on_resize(self.surface.get_size())
                else:
                    self.resize((ev.w, ev.h))
                continue
            if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
                if scene is not None:
                    scene.dirty = True
                continue
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
                self.toggle_fullscreen()
                if self.settings.fullscreen != self.fullscreen:
                    self.settings.fullscreen = self.fullscreen  # remembered for next time
                    try:
                        self.settings.save()
                    except OSError:
                        pass
                if scene is not None:
                    scene.dirty = True
                continue
            if scene is not None:
                scene.handle_event(ev)
                scene = self.scene  # an event may switch scenes
        if scene is None:
            return False
        scene.update(min(dt, 0.1))
        scene = self.scene
        if scene is None or not scene.dirty:
            return False
        scene.dirty = False
        scene.draw(self.surface)
        pygame.display.flip()
        return True

    def run(self) -> int:
        """The main loop: frames at up to 60 per second while something moves, else sleep."""
        self._startup_reported = False
        self.clock.tick()
        while self.running:
            scene = self.scene
            if scene is not None and (scene.busy() or scene.dirty):
                events = pygame.event.get()
            else:
                first = pygame.event.wait(IDLE_WAIT_MS)
                events = [first] if first.type != pygame.NOEVENT else []
                events += pygame.event.get()
            dt = self.clock.tick(FPS if scene is not None and scene.busy() else 0) / 1000
            t0 = time.perf_counter()
            animating = scene is not None and scene.busy()
            drew = self.step(dt, events)
            if drew and not self._startup_reported:
                self._startup_reported = True
                if os.environ.get("TARNEEB_REPORT_STARTUP") == "1":
                    # Read by bench/package.sh: process start to the first drawn frame.
                    print(
                        f"first_frame_ms: {(time.perf_counter() - STARTED) * 1000:.0f}", flush=True
                    )
            if self.frame_log is not None and drew:
                self.frame_log.append((time.perf_counter() - t0, animating))
        if self.scene is not None:
            self.scene.on_hide()
        return self.exit_code
