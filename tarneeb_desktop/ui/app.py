"""The application: owns the window, the clock and the current scene; the game's main loop.

The loop draws only when the scene says something changed, and while nothing moves it
sleeps in ``pygame.event.wait`` so an idle table uses almost no CPU. ``App.step`` runs one
frame from given events and a given ``dt`` so tests can drive it with a fake clock.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
import warnings
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop import STARTED
from tarneeb_desktop.paths import asset
from tarneeb_desktop.settings import Settings
from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.cards import CardArt
from tarneeb_desktop.ui.kit.modal import Modal, ModalStack
from tarneeb_desktop.ui.layout import MIN_H, MIN_W
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.sound import Sounds

if TYPE_CHECKING:
    from tarneeb_desktop.stats import Statistics
    from tarneeb_desktop.ui.table_scene import TableScene

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
FPS = 60
IDLE_WAIT_MS = 500
#: Where SDL's own wait is not at hand: how long the idle loop sleeps between two looks at
#: the event queue (one frame at 60 fps, so a click is never seen later than that).
IDLE_POLL_MS = 16


def _sdl_library() -> Any:
    """The SDL2 library pygame runs on, already loaded in this process (ctypes), or None."""
    import ctypes
    import sys

    path = None
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                for line in maps:
                    name = line.rsplit("/", 1)[-1]
                    if name.startswith("libSDL2-2") or name.startswith("libSDL2.so"):
                        path = line.split(None, 5)[-1].strip()
                        break
        elif sys.platform == "win32":
            found = os.path.join(os.path.dirname(pygame.__file__), "SDL2.dll")
            path = found if os.path.exists(found) else "SDL2.dll"  # loaded: found by name
        elif sys.platform == "darwin":
            import glob

            libs = glob.glob(os.path.join(os.path.dirname(pygame.__file__), ".dylibs", "*SDL2*"))
            path = libs[0] if libs else None
        if path is None:
            return None
        lib = ctypes.CDLL(path)
        wait = lib.SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
    wait.restype = ctypes.c_int
    return wait


def idle_waiter() -> Any:
    """A function that blocks until an event is queued or ``ms`` have passed, leaving the event
    in the queue. pygame's ``event.wait(timeout)`` looks at the queue every millisecond (a
    thousand wake-ups a second, 3 % of a core on this machine); SDL's own
    ``SDL_WaitEventTimeout`` with no event sleeps in the video driver (X11, Windows) until
    something comes, and a thread's ``pygame.event.post`` wakes it. Under the dummy driver
    (tests, benches) SDL would poll too, so there, and where the library is not found, the
    loop sleeps ``IDLE_POLL_MS`` between looks. ``TARNEEB_IDLE_WAIT=pygame`` brings back the
    old wait, for comparing (bench/idle.py)."""
    how = os.environ.get("TARNEEB_IDLE_WAIT", "")
    if how == "pygame":
        return None
    wait = None
    if how != "poll" and pygame.display.get_driver() not in ("dummy", "offscreen"):
        wait = _sdl_library()
    if wait is not None:
        return lambda ms: bool(wait(None, int(ms)))

    def poll(ms: float) -> bool:
        end = time.monotonic() + ms / 1000
        while not pygame.event.peek():
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(left, IDLE_POLL_MS / 1000))
        return True

    return poll


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
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        self.windowed_size = (max(MIN_W, size[0]), max(MIN_H, size[1]))
        self.fullscreen = False
        self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        if fullscreen:
            self.toggle_fullscreen()
        self.cards = CardArt(self.settings.card_style, self.settings.card_back)
        self.rules = self.settings.rules()
        self.clock = pygame.time.Clock()
        self.scene: Scene | None = None
        #: Questions, notices and choosers over the screen (``kit/modal.py``): the top one
        #: takes every input first; they are drawn over the scene.
        self.modals = ModalStack(changed=self._redraw)
        self.running, self.exit_code = True, 0
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
        if s.language != i18n.get_language():
            i18n.set_language(s.language)
            text.clear_cache()
        if s.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        self.rules = s.rules()

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def statistics(self) -> Statistics:
        from tarneeb_desktop.stats import Statistics, stats_path

        return Statistics.load(stats_path())

    def save_statistics(self, stats: Statistics) -> None:
        """Write ``stats`` (from ``statistics()``) back; OSError when it cannot be."""
        from tarneeb_desktop.stats import stats_path

        stats.save(stats_path())

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    # The top scenes, made here: the scenes below (table, settings, LAN...) never import the
    # menu or each other upwards; they ask the app to go there.
    def show_menu(self) -> None:
        from tarneeb_desktop.ui.screens.menu import MenuScene

        self.switch(MenuScene(self))

    def open_join(self) -> None:
        """The Join screen (the menu's Join, the seat screen's Back from elsewhere)."""
        from tarneeb_desktop.ui.screens.lan.join import JoinScene

        self.switch(JoinScene(self))

    join_lan = open_join

    def open_settings(self) -> None:
        from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

        self.switch(SettingsScene(self))

    def open_stats(self) -> None:
        from tarneeb_desktop.ui.screens.stats.stats import StatsScene

        self.switch(StatsScene(self))

    def open_help(self, back: TableScene | None = None) -> None:
        """How to play; Menu and Esc return to ``back`` (a paused table) when given."""
        from tarneeb_desktop.ui.screens.howto.howto import HowToScene

        self.switch(HowToScene(self, back=back))

    def open_games(self) -> None:
        from tarneeb_desktop.ui.screens.games.games import GamesScene

        self.switch(GamesScene(self))

    def open_tournament(self) -> None:
        """The tournament in progress (its standings or its game), else a new one's setup."""
        from tarneeb_desktop.ui.screens.tournament.setup import open_tournament

        self.switch(open_tournament(self))

    def host_lan(self) -> None:
        from tarneeb_desktop.ui.screens.lan.join import HostScene

        self.switch(HostScene(self))

    def play_on(self, viewer: Any, seat: int) -> None:
        """Play on from here, in the replay viewer, the person at ``seat``."""
        from tarneeb_desktop.ui.screens.viewer.play_on_table import start_play_on

        start_play_on(self, viewer, seat)

    def review_hand(self, table: Any) -> bool:
        """Review, on a table's dialog: the replay viewer on that hand (False: nothing
        to review)."""
        from tarneeb_desktop.ui.screens.viewer.review import open_hand_review

        return open_hand_review(table) is not None

    def drop_file(self, file: str) -> None:
        """A file dropped on the window: on the menu or the finished games, a game record is
        imported and opened (``record_files.open_dropped``); elsewhere (a game, a form, the
        viewer) it would be in the way, and is let be."""
        from pathlib import Path

        from tarneeb_desktop.ui.screens.games.games import GamesScene
        from tarneeb_desktop.ui.screens.games.record_files import open_dropped
        from tarneeb_desktop.ui.screens.menu import MenuScene

        if isinstance(self.scene, (MenuScene, GamesScene)):
            open_dropped(self, Path(file))
        else:
            log.info("a file dropped here is let be: %s", file)

    def _redraw(self) -> None:
        if self.scene is not None:
            self.scene.dirty = True

    def ask(self, modal: Modal) -> Modal:
        """Open ``modal`` over the screen (``kit/modal.py``): the one way a screen asks."""
        return self.modals.push(modal)

    def switch(self, scene: Scene) -> None:
        self.modals.clear()  # a question belongs to the screen it was asked on
        if self.scene is not None:
            self.scene.on_hide()
        self.scene = scene
        scene.on_show()

    def quit(self, code: int = 0) -> None:
        self.running, self.exit_code = False, code

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_W, int(size[0])), max(MIN_H, int(size[1])))
        if not self.fullscreen:
            self.windowed_size = size
        if self.surface.get_size() != size:
            flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
            self.surface = pygame.display.set_mode(size, flags)
        if self.scene is not None:
            self.scene.on_resize(self.surface.get_size())

    def _window(self) -> pygame.Window | None:
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
        elif self.fullscreen:
            win.set_windowed()
            win.size = self.windowed_size
        else:
            win.set_fullscreen(True)
        self.fullscreen = not self.fullscreen
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
                ask = getattr(scene, "ask_before_quit", None)  # a LAN game in progress asks
                if ask is None or not ask():
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
            if ev.type == pygame.DROPFILE:
                self.drop_file(ev.file)
                scene = self.scene
                continue
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
                self.toggle_fullscreen()
                if self.settings.fullscreen != self.fullscreen:
                    self.settings.fullscreen = self.fullscreen  # remembered for next time
                    with contextlib.suppress(OSError):
                        self.settings.save()
                if scene is not None:
                    scene.dirty = True
                continue
            if self.modals.handle_event(ev, self.size):
                scene = self.scene  # an answer may switch scenes
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
        self.draw(self.surface)
        pygame.display.flip()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """What a frame shows: the scene, and the modals over it (the table's dialog too)."""
        if self.scene is not None:
            self.scene.draw(surface)
        self.modals.draw(surface)

    def run(self) -> int:
        """The main loop: frames at up to 60 per second while something moves, else sleep."""
        self._startup_reported = False
        self.clock.tick()
        wait = idle_waiter()
        while self.running:
            scene = self.scene
            if scene is not None and (scene.busy() or scene.dirty):
                events = pygame.event.get()
            else:
                # asleep until an event, or the scene's next deadline (a turn timer's second)
                due = getattr(scene, "next_wake", lambda: None)()
                ms = IDLE_WAIT_MS if due is None else max(1, min(IDLE_WAIT_MS, int(due * 1000)))
                if wait is None:
                    first = pygame.event.wait(ms)
                    events = [first] if first.type != pygame.NOEVENT else []
                    events += pygame.event.get()
                else:
                    wait(ms)  # the events stay queued until taken here
                    events = pygame.event.get()
            dt = self.clock.tick(FPS if scene is not None and scene.busy() else 0) / 1000
            t0 = time.perf_counter()
            animating = scene is not None and scene.busy()
            drew = self.step(dt, events)
            if drew and not self._startup_reported:
                self._startup_reported = True
                if os.environ.get("TARNEEB_REPORT_STARTUP") == "1":
                    # Read by bench/package.sh: process start to the first drawn frame.
                    took = (time.perf_counter() - STARTED) * 1000
                    print(f"first_frame_ms: {took:.0f}", flush=True)
            if self.frame_log is not None and drew:
                self.frame_log.append((time.perf_counter() - t0, animating))
        if self.scene is not None:
            self.scene.on_hide()
        from tarneeb_desktop.net import rejoin

        rejoin.stop_hosted()  # a table left going on in the menu closes with the window
        return self.exit_code
