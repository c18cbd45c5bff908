"""A monkey that walks every screen (issue 34): a seeded random walk over the real ``App``.

Each step does one random thing: a key, a click on a button the screen offers (or a card of
the hand), a window size, a language, a new game on a random rules preset, a dialog of the
table, some frames of fake time, a kill and resume (the App thrown away, a new one going on
from the save the way the menu's Continue, the tournament's resume, the daily deal's "Go on"
or the LAN's Rejoin does), another way onto a table (a tournament game, a daily deal, the
tutorial, the replay viewer and "Play on from here", a LAN table on loopback, hosted here or
joined, left and rejoined; over the internet too: hosted and joined by code through a
Mosquitto on 127.0.0.1, killed and rejoined by code). After every frame drawn:

1. no exception escapes (each is a failure: the seed and step reproduce it; a fresh App
   goes on);
2. a settled table shows its view (``ui/game/drawn.py``: ``settled`` and ``mismatches``; on
   an older commit without it, the cards on the table against the view's trick);
3. every ``--text-every`` steps, the texts on screen fit (``tests/text_spy.py``).

    python bench/monkey.py --minutes 5                # seeds 1, 2, ... for 5 minutes
    python bench/monkey.py --seed 7 --steps 180       # one walk: replays seed 7's first 180 steps
    python bench/monkey.py --seed 7 --steps 180 --no-text

The walk is deterministic from its seed (every choice from ``random.Random(seed)``, every game
seeded through ``TARNEEB_TEST_SEED``, the computer's decisions waited for before each frame),
except at LAN tables, where the host's threads move in real time. Network: 127.0.0.1 only, no
discovery beacon; a private ``TARNEEB_HOME`` per walk.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TARNEEB_LAN_BIND"] = "127.0.0.1"

import random  # noqa: E402

import pygame  # noqa: E402

FRAME = 1 / 60
PRESETS = ("standard", "shortfall", "egyptian", "syrian41", "lebanese400")
LANGUAGES = ("en", "ar", "fr", "de", "ru", "uk", "hi")
LEVELS = ("random", "easy", "medium")
SPEEDS = ("instant", "instant", "fast")
#: the table's keys (ui/game/controls.py), the menus' keys and some typing
KEYS = [
    pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
    pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_s, pygame.K_a, pygame.K_l,
    pygame.K_v, pygame.K_h, pygame.K_c, pygame.K_u, pygame.K_t, pygame.K_F1, pygame.K_BACKSPACE,
    pygame.K_1, pygame.K_7, pygame.K_p, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
]  # fmt: skip
#: buttons never pressed: the LAN beacon (the network stays on loopback), quitting (the walk
#: goes on: a quit is a kill, done on purpose below), export (files outside the home)
NEVER = {"beacon", "quit", "export", "import", "path-ok", "copy"}
WALL_PATIENCE = 10.0  # wall-clock seconds a LAN wait may take


@dataclass
class Failure:
    seed: int
    step: int
    kind: str  # "exception", "drawn", "text", "hang"
    message: str
    detail: str = ""
    count: int = 1

    def replay(self) -> str:
        return f"python bench/monkey.py --seed {self.seed} --steps {self.step + 1}"


@dataclass
class Report:
    seeds: list[int] = field(default_factory=list)
    steps: int = 0
    screens: set[str] = field(default_factory=set)
    dialogs: int = 0
    dialog_kinds: set[str] = field(default_factory=set)
    resumes: int = 0
    resume_kinds: dict[str, int] = field(default_factory=dict)
    rejoins: int = 0
    relay_tables: int = 0  # tables over the internet (by code) hosted or joined
    languages: set[str] = field(default_factory=set)
    sizes: set[tuple[int, int]] = field(default_factory=set)
    new_games: int = 0
    drawn_checks: int = 0
    text_checks: int = 0
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, f: Failure) -> bool:
        """Keep ``f`` unless the same failure was found already (counted; see ``same``)."""
        for old in self.failures:
            if same(old) == same(f):
                old.count += 1
                return False
        self.failures.append(f)
        return True

    def merge(self, other: Report) -> None:
        self.seeds += other.seeds
        self.steps += other.steps
        self.screens |= other.screens
        self.dialogs += other.dialogs
        self.dialog_kinds |= other.dialog_kinds
        self.resumes += other.resumes
        for k, n in other.resume_kinds.items():
            self.resume_kinds[k] = self.resume_kinds.get(k, 0) + n
        self.rejoins += other.rejoins
        self.relay_tables += other.relay_tables
        self.languages |= other.languages
        self.sizes |= other.sizes
        self.new_games += other.new_games
        self.drawn_checks += other.drawn_checks
        self.text_checks += other.text_checks
        self.seconds += other.seconds
        for f in other.failures:
            self.add(f)

    def figures(self) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.resume_kinds.items()))
        return "\n".join(
            [
                f"seeds: {len(self.seeds)} ({self.seeds[0] if self.seeds else '-'}.."
                f"{self.seeds[-1] if self.seeds else '-'}), {self.seconds:.0f} s",
                f"steps: {self.steps} ({self.seconds / max(1, self.steps) * 1000:.0f} ms a step)",
                f"screens visited: {len(self.screens)}: {', '.join(sorted(self.screens))}",
                f"dialogs opened: {self.dialogs} ({', '.join(sorted(self.dialog_kinds))})",
                f"new games: {self.new_games}",
                f"resumes: {self.resumes} ({kinds})",
                f"rejoins: {self.rejoins}, tables by code: {self.relay_tables}",
                f"languages: {len(self.languages)}: {', '.join(sorted(self.languages))}",
                f"sizes: {len(self.sizes)}",
                f"drawn checks: {self.drawn_checks}, text checks: {self.text_checks}",
                f"failures: {len(self.failures)} distinct, "
                f"{sum(f.count for f in self.failures)} in all",
            ]
        )


# ---------------------------------------------------------------------- the sandbox


class _Sandbox:
    """Loopback only, no beacon, any free port, computer seats at once; undone on exit."""

    def __enter__(self) -> _Sandbox:
        from tarneeb_desktop.net import discovery, host
        from tarneeb_desktop.ui.screens.lan import join as lan_scenes

        self.saved: list[tuple[Any, str, Any]] = []

        def patch(obj: Any, name: str, value: Any) -> None:
            self.saved.append((obj, name, getattr(obj, name)))
            setattr(obj, name, value)

        patch(lan_scenes.HostScene, "bind", "127.0.0.1")
        patch(lan_scenes.HostScene, "beacon", False)
        patch(lan_scenes.HostScene, "ai_delay", 0.0)
        patch(lan_scenes, "DEFAULT_PORT", 0)
        patch(host.Host, "start_beacon", lambda self, *a, **k: None)  # never a beacon

        real_finder = discovery.TableFinder

        class LoopbackFinder(real_finder):  # type: ignore[misc, valid-type]
            def __init__(self, bind: str = "127.0.0.1", port: int = 0) -> None:
                super().__init__("127.0.0.1", 0)

        patch(discovery, "TableFinder", LoopbackFinder)
        return self

    def __exit__(self, *exc: Any) -> None:
        for obj, name, value in reversed(self.saved):
            setattr(obj, name, value)


_BROKER: Any = None


def broker() -> Any:
    """The walks' MQTT broker (Mosquitto on 127.0.0.1, started once, stopped at exit), or
    None where Mosquitto is not installed (the relay is then left out of the walk)."""
    global _BROKER
    if _BROKER is None:
        import atexit

        from tests.relay_broker import Broker

        try:
            _BROKER = Broker().start()
        except RuntimeError as exc:
            print(f"monkey: no broker, the relay is left out ({exc})", flush=True)
            _BROKER = False
            return None
        atexit.register(_BROKER.stop)
    return _BROKER or None


# ---------------------------------------------------------------------- the walk


def _drawn_check() -> Any:
    """(settled, mismatches) of ``ui/game/drawn.py``, or None on a commit without it."""
    try:
        from tarneeb_desktop.ui.game.drawn import mismatches, settled
    except ImportError:
        return None
    return settled, mismatches


def _old_trick_check(scene: Any) -> list[str]:
    """Before ``drawn.py``: the cards on the table equal the view's trick when nothing moves."""
    if scene.timeline.running() or scene.dealt is not None or any(scene.inbox.values()):
        return []
    if scene.covered():
        return []
    view = scene.link.view(scene.me)
    want: tuple[tuple[int, str], ...] = ()
    if view.trick is not None:
        lead, cards = view.trick
        want = tuple(((lead + i) % 4, c) for i, c in enumerate(cards))
    got = tuple(tuple(x) for x in scene.trick_cards)
    if got != want:
        return [f"trick: drew {got!r}, the view has {want!r}"]
    return []


class Monkey:
    def __init__(self, seed: int, text_every: int = 25, deadline: float | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.text_every = text_every
        self.deadline = deadline
        self.report = Report(seeds=[seed])
        self.step_no = 0
        self.app: Any = None
        self.hosts: list[Any] = []  # headless hosts started here (stopped at the end)
        self.daily_sets: list[Any] = []
        self.check = _drawn_check()
        self.language = "en"
        self.size = (1280, 720)
        self.speed = "instant"

    # ------------------------------------------------------------------ the app
    def new_app(self) -> Any:
        from tarneeb_desktop.settings import Settings
        from tarneeb_desktop.ui.app import App

        self.close_app()
        try:
            settings = Settings.load()
        except Exception:  # noqa: BLE001 - a damaged file: the defaults (the app says so)
            settings = Settings()
        settings.animation_speed = self.speed
        settings.sound = False
        settings.language = self.language
        settings.fullscreen = False
        mqtt = broker()
        settings.relay = mqtt.url if mqtt is not None else ""
        self.app = App(settings, self.size, sound=False)
        self.app.show_menu()
        return self.app

    def close_app(self) -> None:
        app, self.app = self.app, None
        if app is None:
            return
        for dset in self.daily_sets:
            try:
                dset.stop()
            except Exception:  # noqa: BLE001
                pass
        self.daily_sets.clear()
        try:
            finder = getattr(app.scene, "finder", None)
            if finder:
                finder.stop()
                app.scene.finder = None
        except Exception:  # noqa: BLE001
            pass

    def shutdown(self) -> None:
        from tarneeb_desktop.net import rejoin

        scene = getattr(self.app, "scene", None)
        self.close_app()
        link = getattr(scene, "link", None)
        if link is not None and getattr(link, "remote", False):
            try:
                link.close()
            except Exception:  # noqa: BLE001
                pass
        try:
            rejoin.stop_hosted()
        except Exception:  # noqa: BLE001
            pass
        for h in self.hosts:
            try:
                h.stop()
            except Exception:  # noqa: BLE001
                pass
        self.hosts.clear()
        import multiprocessing

        for child in multiprocessing.active_children():  # the daily deals' computer plays
            child.join(1)
            if child.is_alive():
                child.terminate()
                child.join(2)

    # ------------------------------------------------------------------ frames and checks
    @property
    def scene(self) -> Any:
        return self.app.scene

    def table(self) -> Any:
        from tarneeb_desktop.ui.table_scene import TableScene

        s = self.app.scene
        return s if isinstance(s, TableScene) else None

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = FRAME) -> bool:
        from tests.test_ui_helpers import wait_decision

        scene = self.app.scene
        wait_decision(scene)
        fut = getattr(getattr(scene, "link", None), "pool", None)
        del fut
        drew = self.app.step(dt, events or [])
        if self.app.scene is not None:
            self.report.screens.add(type(self.app.scene).__name__)
        if drew:
            self.after_draw()
        if not self.app.running:  # Quit: the window closed; open it again at the menu
            self.app.running = True
            self.kill_and_resume(reason="quit")
        return drew

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.frame()

    def after_draw(self) -> None:
        scene = self.table()
        if scene is None:
            return
        overlay = getattr(scene, "overlay", None)
        if overlay is not None:
            kind = getattr(overlay, "kind", "?")
            if getattr(self, "_last_overlay", None) is not overlay:
                self._last_overlay = overlay
                self.report.dialogs += 1
                self.report.dialog_kinds.add(kind)
        if self.check is not None:
            settled, mismatches = self.check
            if not settled(scene):
                return
            found = mismatches(scene)
        else:
            found = _old_trick_check(scene)
        self.report.drawn_checks += 1
        name = type(scene).__name__ + (" (LAN)" if scene.link.remote else "")
        for m in found:
            self.fail("drawn", f"{name}: {m}", self.where(scene))

    def where(self, scene: Any) -> str:
        pv = getattr(scene, "pv", None)
        extra = ""
        if pv is not None:
            trick = pv.trick[1] if pv.trick else ()
            extra = (
                f" phase={pv.phase} hand={pv.hand_number} tricks={len(pv.tricks)} "
                f"trick={list(trick)}"
            )
        link = getattr(scene, "link", None)
        if link is not None:
            extra += " link=" + ("remote" if link.remote else "local")
        return (
            f"scene={type(scene).__name__} action={self.action} size={self.app.size} "
            f"lang={self.language}{extra}"
        )

    action = "start"

    def fail(self, kind: str, message: str, detail: str = "") -> None:
        f = Failure(self.seed, self.step_no, kind, message, detail)
        if self.report.add(f) and self.verbose:
            print(f"FAIL [{kind}] seed {self.seed} step {self.step_no}: {message}", flush=True)
            print(f"  replay: {f.replay()}", flush=True)

    verbose = False

    def text_check(self) -> None:
        from tests.text_spy import screen_problems

        if self.app.scene is None:
            return
        size = self.app.size
        where = f"{type(self.app.scene).__name__} {self.language} {size[0]}x{size[1]}"
        found = screen_problems(self.app, where)
        self.report.text_checks += 1
        for p in found:
            # the rectangles and the size move with the window: the message goes without them
            import re

            self.fail("text", _strip_size(re.sub(r" ?Rect\([^)]*\)", "", p)), p)

    # ------------------------------------------------------------------ the walk
    def run(self, steps: int) -> Report:
        t0 = time.monotonic()
        home = tempfile.mkdtemp(prefix=f"tarneeb-monkey-{self.seed}-")
        old_home = os.environ.get("TARNEEB_HOME")
        old_seed = os.environ.get("TARNEEB_TEST_SEED")
        os.environ["TARNEEB_HOME"] = home
        try:
            with _Sandbox():
                self.speed = self.rng.choice(SPEEDS)
                self.new_app()
                for self.step_no in range(steps):
                    if self.deadline is not None and time.monotonic() > self.deadline:
                        break
                    os.environ["TARNEEB_TEST_SEED"] = str(self.rng.randrange(1, 1 << 30))
                    try:
                        self.one_step()
                        if self.text_every and self.step_no % self.text_every == 0:
                            self.text_check()
                    except Exception as exc:  # noqa: BLE001 - the point: record and go on
                        self.fail(
                            "exception",
                            f"{type(exc).__name__}: {exc}"[:300],
                            self.where_safe() + "\n" + traceback.format_exc(),
                        )
                        self.restart()
                    self.report.steps += 1
        finally:
            self.shutdown()
            from tarneeb_desktop.ui import i18n

            i18n.set_language("en")
            for name, old in (("TARNEEB_HOME", old_home), ("TARNEEB_TEST_SEED", old_seed)):
                if old is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = old
            shutil.rmtree(home, ignore_errors=True)
        self.report.seconds = time.monotonic() - t0
        return self.report

    def where_safe(self) -> str:
        try:
            return self.where(self.app.scene)
        except Exception:  # noqa: BLE001
            return ""

    def restart(self) -> None:
        """After an exception: a fresh App (at the menu), the home kept."""
        from tarneeb_desktop.net import rejoin

        scene = getattr(self.app, "scene", None)
        link = getattr(scene, "link", None)
        if link is not None and getattr(link, "remote", False):
            try:
                link.close()
            except Exception:  # noqa: BLE001
                pass
        try:
            rejoin.stop_hosted()
        except Exception:  # noqa: BLE001
            pass
        try:
            self.new_app()
        except Exception as exc:  # noqa: BLE001
            self.fail(
                "exception", f"a new App: {type(exc).__name__}: {exc}", traceback.format_exc()
            )
            pygame.quit()
            self.new_app()

    def one_step(self) -> None:
        rng = self.rng
        table = self.table()
        choices: list[tuple[float, Any]] = [
            (14, self.do_key),
            (22, self.do_click),
            (14, self.do_wait),
            (2, self.do_resize),
            (2, self.do_language),
            (3, self.do_new_game),
            (4, self.do_goto),
        ]
        if table is not None:
            mid_trick = table.pv.phase == "play" and bool(table.pv.trick and table.pv.trick[1])
            choices += [
                (20, self.do_play),
                (5, self.do_dialog),
                (8 if mid_trick else 2, self.do_kill),
            ]
            if table.link.remote:
                choices.append((4 if mid_trick else 1, self.do_leave_rejoin))
        weights = [w for w, _ in choices]
        action = rng.choices([a for _, a in choices], weights)[0]
        self.action = action.__name__.removeprefix("do_")
        action()
        # then a few frames of fake time, so that what was done is drawn and moves on
        self.frames(rng.randint(1, 4))

    # ------------------------------------------------------------------ the actions
    def do_key(self) -> None:
        k = self.rng.choice(KEYS)
        ev = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        self.frame([ev])

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Everything the screen offers to click: (what, rect)."""
        scene = self.app.scene
        out: list[tuple[str, pygame.Rect]] = []
        modal = self.app.modals.top  # a question over the screen takes the clicks first
        if modal is not None:
            out += [(b.action, b.rect) for b in modal.buttons(self.app.size)]
            return [(a, r) for a, r in out if a not in NEVER]
        table = self.table()
        if table is not None:
            if table.overlay is not None:
                out += [(b.action, b.rect) for b in table.overlay_buttons()]
                return [(a, r) for a, r in out if a not in NEVER]
            if table.covered():
                return [("cover", pygame.Rect((0, 0), self.app.size))]
            out += [(b.action, b.rect) for b in table.buttons()]
            lan = getattr(table, "lan_buttons", None)
            if lan is not None:
                out += [(b.action, b.rect) for b in lan()]
            out += [(f"card {c}", r) for c, r in table.card_rects()]
            lay = table.layout
            out += [
                ("menu button", lay.menu_button),
                ("scores button", lay.scores_button),
                ("pile", lay.pile_rect),
                ("contract", lay.contract_rect),
            ]
        else:
            buttons = getattr(scene, "buttons", None)
            if callable(buttons):
                out += [(b.action, b.rect) for b in buttons()]
        return [(a, r) for a, r in out if a not in NEVER and r.w > 0 and r.h > 0]

    def click_at(self, pos: tuple[int, int]) -> None:
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frame([motion, down, up])

    def do_click(self) -> None:
        rng = self.rng
        targets = self.targets()
        if not targets or rng.random() < 0.05:  # now and then anywhere
            w, h = self.app.size
            self.click_at((rng.randrange(w), rng.randrange(h)))
            return
        action, rect = rng.choice(targets)
        self.click_at((rect.x + rng.randrange(max(1, rect.w)) // 4 + rect.w // 3,
                       rect.y + rect.h // 2))  # fmt: skip
        self.after_click(action)

    def after_click(self, action: str) -> None:
        """Some screens need a little help to lead on: the JoinScene to a host on loopback."""
        from tarneeb_desktop.ui.screens.lan.join import JoinScene

        if isinstance(self.app.scene, JoinScene) and self.rng.random() < 0.3:
            self.join_headless(self.app.scene)

    def do_wait(self) -> None:
        rng = self.rng
        n = rng.choice((5, 15, 30, 60, 120, 240))
        table = self.table()
        for _ in range(n):
            self.frame()
            t = self.table()
            if t is not None and t.my_turn() and rng.random() < 0.5:
                break
            if t is not table:
                break
        self.wait_lan()

    def wait_lan(self) -> None:
        """At a LAN table: a little real time for the host's threads to answer."""
        table = self.table()
        if table is not None and table.link.remote:
            end = time.monotonic() + 0.05
            while time.monotonic() < end:
                self.frame()
                time.sleep(0.002)

    def do_resize(self) -> None:
        rng = self.rng
        self.size = (rng.randint(800, 2560), rng.randint(600, 1440))
        if rng.random() < 0.3:
            self.size = rng.choice([(800, 600), (2560, 1440), (1920, 1080), (1024, 768)])
        self.app.resize(self.size)
        self.report.sizes.add(self.app.size)
        self.frame()

    def do_language(self) -> None:
        self.language = self.rng.choice(LANGUAGES)
        self.app.settings.language = self.language
        self.app.apply_settings()
        self.report.languages.add(self.language)
        scene = self.app.scene
        if hasattr(scene, "rebuild"):
            scene.rebuild()
        scene.dirty = True
        self.frame()

    def rules(self) -> Any:
        from tarneeb_desktop.rules import make_rules

        preset = self.rng.choice(PRESETS)
        if preset in ("standard", "shortfall") and self.rng.random() < 0.4:
            return make_rules(preset, target=self.rng.choice((5, 11)))  # games that end
        return make_rules(preset)

    def do_new_game(self) -> None:
        from tarneeb_desktop.ui.table_scene import TableScene

        rules = self.rules()
        level = self.rng.choice(LEVELS)
        scene = TableScene.new_game(
            self.app, rules, humans=(0,), level=level, inline_ai=True
        )  # fmt: skip
        self.app.switch(scene)
        self.report.new_games += 1
        self.frame()

    def do_play(self) -> None:
        """My move by real input: a bid panel's button (pass one time in two, so that deals
        are thrown in) or a card of the hand; else a frame."""
        rng = self.rng
        table = self.table()
        if not table.my_turn():
            self.frames(rng.randint(1, 10))
            return
        if table.pv.phase == "play":
            legal = set(table.legal_cards())
            rects = [(c, r) for c, r in table.card_rects() if c in legal]
            if rects:
                card, rect = rng.choice(rects)
                self.click_at((rect.x + min(rect.w, 12) // 2 + 2, rect.y + rect.h // 3))
                return
        buttons = [b for b in table.buttons() if b.action not in NEVER]
        if not buttons:
            self.frame()
            return
        passes = [b for b in buttons if b.action == "pass"]
        b = passes[0] if passes and rng.random() < 0.5 else rng.choice(buttons)
        self.click_at(b.rect.center)

    def do_dialog(self) -> None:
        from tarneeb_desktop.ui.game.pages import PAGES

        kind = self.rng.choice(sorted(PAGES))
        table = self.table()
        if kind == "leave" and not table.link.remote:
            kind = "scores"
        table.open_overlay(kind)
        self.frame()

    # ------------------------------------------------------------------ ways onto screens
    def do_goto(self) -> None:
        rng = self.rng
        where = rng.choice(
            [
                "menu", "settings", "stats", "howto", "games", "tournament", "tournament",
                "daily", "daily", "tutorial", "viewer", "lan_host", "lan_join", "continue",
            ]
        )  # fmt: skip
        self.goto(where)

    def leave_table(self) -> None:
        """Leave the table shown (a LAN seat is given up, as Leave does)."""
        table = self.table()
        if table is not None and table.link.remote and not getattr(table.link, "keep_on_leave", 0):
            pass  # the scene's own on_hide gives the seat up
        self.app.show_menu()
        self.frame()

    def goto(self, where: str) -> None:
        app = self.app
        if where == "menu":
            self.leave_table()
        elif where == "settings":
            app.open_settings()
        elif where == "stats":
            app.open_stats()
        elif where == "howto":
            app.open_help()
        elif where == "games":
            app.open_games()
        elif where == "tournament":
            self.start_tournament()
        elif where == "daily":
            self.start_daily()
        elif where == "tutorial":
            from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

            app.switch(TutorialScene(app))
        elif where == "viewer":
            self.open_viewer()
        elif where == "lan_host":
            self.host_here()
        elif where == "lan_join":
            from tarneeb_desktop.ui.screens.lan.join import JoinScene

            scene = JoinScene(app)
            app.switch(scene)
            self.frame()
            self.join_headless(scene)
        elif where == "continue":
            self.leave_table()
            menu = self.app.scene
            if any(b.action == "continue" for b in menu.buttons()):
                menu.activate("continue")
        self.frame()

    def start_tournament(self) -> None:
        from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
        from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

        self.leave_table()
        self.app.open_tournament()
        self.frame()
        scene = self.app.scene
        if isinstance(scene, SetupScene) and self.rng.random() < 0.8:
            scene.activate("start")
            self.frame()
            scene = self.app.scene
        if isinstance(scene, StandingsScene):
            play = [b.action for b in scene.buttons() if b.action in ("play", "watch")]
            if play:
                scene.activate(play[0])
        self.frame()

    def start_daily(self) -> None:
        from tarneeb_desktop.ui.screens.daily.daily import DailyScene

        self.leave_table()
        level = self.rng.choice(("easy", "medium"))
        scene = DailyScene(self.app, f"2026-12-0{self.rng.randint(1, 9)}/standard", level)
        self.daily_sets.append(scene.dset)
        self.app.switch(scene)
        self.frame()
        if self.rng.random() < 0.8:
            scene.activate("play")  # the next deal, or "Go on with deal n"
        self.frame()

    def open_viewer(self) -> None:
        """The replay viewer on a kept game (the finished games' Open), or on the hand just
        summed up at the table (Review); then, now and then, Play on from here."""
        from tarneeb_desktop.ui.screens.games.games import GamesScene

        table = self.table()
        if table is not None and table.pv.results and self.rng.random() < 0.5:
            if not self.app.review_hand(table):
                return
        else:
            self.app.open_games()
            self.frame()
            scene = self.app.scene
            if isinstance(scene, GamesScene) and any(b.action == "open" for b in scene.buttons()):
                scene.activate("open")  # the game selected (the newest kept)
        self.frame()
        viewer = self.app.scene
        if type(viewer).__name__ == "ViewerScene" and self.rng.random() < 0.6:
            positions = viewer.steps.positions
            cards = [p.index for p in positions if p.kind == "card"]
            if cards:
                viewer.go(self.rng.choice(cards))
                self.frame()
                viewer.activate("playon")
                self.frame()
                seats = [b.action for b in viewer.buttons() if b.action.startswith("seat")]
                if seats:
                    viewer.activate(self.rng.choice(seats))
        self.frame()

    # ------------------------------------------------------------------ the LAN
    def headless_host(self) -> Any:
        from tarneeb_desktop.net.relay_host import RelayOptions
        from tarneeb_desktop.rules import make_rules
        from tarneeb_desktop.session.lan import new_host

        preset = self.rng.choice(PRESETS)
        mqtt = broker() if self.rng.random() < 0.4 else None
        extra = {"relay": RelayOptions.new(mqtt.url)} if mqtt is not None else {}
        h = new_host(
            make_rules(preset),
            seed=self.rng.randrange(1, 1 << 30),
            open_seats=[0],
            ai_level="random",
            ai_delay=0.0,
            auto_start=True,
            exit_when_over=False,
            bind="127.0.0.1",
            **extra,
        )
        h.start()
        self.hosts.append(h)
        return h

    def join_headless(self, scene: Any) -> None:
        """Type a loopback host's address on the Join screen, take the seat, reach the table."""
        from tarneeb_desktop.ui.screens.lan.join import SeatScene

        host = self.hosts[-1] if self.hosts and self.rng.random() < 0.3 else self.headless_host()
        address = host.code or f"127.0.0.1:{host.address[1]}"  # by code: over the internet
        if host.code:
            self.report.relay_tables += 1
        scene.address = ""
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in address])
        self.frame([_key(pygame.K_RETURN)])
        if isinstance(self.app.scene, SeatScene):
            self.frame([_key(pygame.K_RETURN)])
            self.wait_until(lambda: self.table() is not None, "the LAN table")

    def host_here(self) -> None:
        """The Host screen, opened with the other seats computers: the window hosts on
        loopback; started from the lobby."""
        from tarneeb_desktop.ui.screens.lan.join import HostScene

        self.leave_table()
        app = self.app
        scene = HostScene(app)
        app.switch(scene)
        self.frame()
        if broker() is not None and self.rng.random() < 0.4:
            scene.activate("where")  # over the internet: a table code
            self.report.relay_tables += 1
        if self.rng.random() < 0.3:
            return  # the walk goes on on the Host screen
        for seat in (1, 2, 3):  # open -> the computer
            b = next((b for b in scene.buttons() if b.action == f"seat:{seat}"), None)
            if b is not None and scene.choice[seat] == "open":
                scene.activate(b.action)
        scene.activate("open")
        self.frame()
        lobby = self.app.scene
        if any(b.action == "start" for b in getattr(lobby, "buttons", list)()):
            self.wait_until(
                lambda: lobby.session is not None and lobby.session.lobby is not None, "lobby"
            )
            lobby.activate("start")
        self.wait_until(lambda: self.table() is not None, "the hosted table")

    def wait_until(self, cond: Any, what: str) -> bool:
        end = time.monotonic() + WALL_PATIENCE
        while not cond():
            if time.monotonic() > end:
                self.fail("hang", f"timed out waiting for {what}", self.where_safe())
                return False
            self.frame()
            time.sleep(0.001)
        return True

    def do_leave_rejoin(self) -> None:
        """At a LAN seat: Main menu, Leave, then the menu's Rejoin (or Continue, at the
        table this window hosts)."""
        table = self.table()
        table.overlay = None
        table.open_overlay("menu")
        table.overlay_action("menu")
        if table.overlay is not None and table.overlay.kind == "leave":
            table.overlay_action("leave")
        self.frame()
        menu = self.app.scene
        actions = [b.action for b in menu.buttons()] if hasattr(menu, "buttons") else []
        if "lan_rejoin" in actions:
            menu.activate("lan_rejoin")
        elif "continue" in actions:
            menu.activate("continue")
        else:
            return
        if self.wait_until(lambda: self.table() is not None, "the rejoined LAN table"):
            self.report.rejoins += 1

    # ------------------------------------------------------------------ kill and resume
    def do_kill(self) -> None:
        self.kill_and_resume()

    def kill_and_resume(self, reason: str = "kill") -> None:
        """Throw the App away as a killed process would (no on_hide, nothing saved but what
        was saved already), open a new one and go on the way that kind of table goes on."""
        from tarneeb_desktop.ui.screens.daily.play import DailyTableScene
        from tarneeb_desktop.ui.screens.tournament.table import TournamentTable

        scene = self.app.scene
        kind = "menu"
        daily_code = None
        if isinstance(scene, DailyTableScene):
            kind, daily_code, level = "daily", scene.dset.code, scene.dset.level
        elif isinstance(scene, TournamentTable):
            kind = "tournament"
        elif type(scene).__name__ in ("TutorialScene", "PlayOnScene"):
            kind = "menu"  # not saved: back at the menu
        elif getattr(scene, "link", None) is not None:
            if scene.link.remote:
                kind = "lan-host" if getattr(scene.link, "keep_on_leave", False) else "lan"
                self.drop_connection(scene)
            else:
                kind = "offline"
        self.action = f"{reason}, resumed {kind}"
        self.new_app()
        app = self.app
        if kind == "daily":
            from tarneeb_desktop.ui.screens.daily.daily import DailyScene

            again = DailyScene(app, daily_code, level)
            self.daily_sets.append(again.dset)
            app.switch(again)
            self.frame()
            again.activate("play")  # "Go on with deal n"
        elif kind == "tournament":
            from tarneeb_desktop.ui.screens.tournament.play import resume

            got = resume(app)
            if got is not None:
                app.switch(got)
        elif kind == "offline":
            from tarneeb_desktop.ui.table_scene import TableScene

            if self.rng.random() < 0.5:
                self.frame()
                app.scene.activate("continue")  # the menu's Continue
            else:
                got = TableScene.from_saved(app)
                if got is not None:
                    app.switch(got)
        elif kind == "lan-host":
            self.frame()
            if any(b.action == "continue" for b in app.scene.buttons()):
                app.scene.activate("continue")  # back to the table this window hosts
                # the table, or the menu saying it could not be opened again (its game over),
                # or a tournament saved meanwhile, which Continue resumes first
                self.wait_until(
                    lambda: (
                        self.table() is not None
                        or bool(getattr(app, "notices", None))
                        or type(app.scene).__name__ != "MenuScene"
                    ),
                    "the hosted table again",
                )
        elif kind == "lan":
            self.frame()
            if any(b.action == "lan_rejoin" for b in app.scene.buttons()):
                app.scene.activate("lan_rejoin")
                if self.wait_until(lambda: self.table() is not None, "the LAN table again"):
                    self.report.rejoins += 1
        self.report.resumes += 1
        key = f"{reason}:{kind}"
        self.report.resume_kinds[key] = self.report.resume_kinds.get(key, 0) + 1
        self.frame()

    def drop_connection(self, scene: Any) -> None:
        """A killed process's sockets close: the host sees the connection drop (no Leave)."""
        for s in getattr(scene.link, "sessions", {}).values():
            try:
                s.close()
            except Exception:  # noqa: BLE001
                pass


def same(f: Failure) -> tuple[str, str]:
    """What makes two failures one: an exception's type and the line it was raised at; a
    drawn table's scene and the thing that differs (not the values); a text's screen, dialog
    and the kind of problem (not the language, the size or the words)."""
    if f.kind == "exception":
        lines = [ln for ln in f.detail.splitlines() if ln.startswith('  File "')]
        return f.kind, f.message.split(":")[0] + (lines[-1] if lines else "")
    if f.kind == "drawn":
        return f.kind, f.message.split(": drew")[0]
    if f.kind == "text":
        scene = f.message.split(":")[0]
        scene = " ".join(w for w in scene.split() if w not in LANGUAGES)
        for what in ("below the body size", "overflows", "runs into", "leaves the window"):
            if what in f.message:
                return f.kind, f"{scene}: {what}"
    return f.kind, f.message


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _strip_size(message: str) -> str:
    """``where`` without the window size (one message per text and screen and language)."""
    import re

    return re.sub(r" \d+x\d+", "", message)


def walk(
    seed: int,
    steps: int,
    text_every: int = 25,
    deadline: float | None = None,
    verbose: bool = False,
) -> Report:
    """One walk of ``steps`` steps from ``seed`` (``text_every`` 0: no text checks)."""
    monkey = Monkey(seed, text_every, deadline)
    monkey.verbose = verbose
    return monkey.run(steps)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minutes", type=float, default=None, help="walk seeds S, S+1, ... this long")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--steps", type=int, default=300, help="steps of each walk")
    p.add_argument("--text-every", type=int, default=25, help="steps between text checks")
    p.add_argument("--no-text", action="store_true", help="no text checks")
    p.add_argument("--quiet", action="store_true", help="no failures as they are found")
    a = p.parse_args(argv)
    text_every = 0 if a.no_text else a.text_every
    total = Report()
    start = time.monotonic()
    deadline = start + a.minutes * 60 if a.minutes else None
    seed = a.seed
    while True:
        r = walk(seed, a.steps, text_every, deadline, verbose=not a.quiet)
        total.merge(r)
        print(
            f"seed {seed}: {r.steps} steps, {r.seconds:.1f} s, {len(r.failures)} failures",
            flush=True,
        )
        seed += 1
        if deadline is None or time.monotonic() > deadline:
            break
    print()
    for f in total.failures:
        print(f"[{f.kind}] seed {f.seed} step {f.step} (x{f.count}): {f.message}")
        print(f"  replay: {f.replay()}{' --no-text' if f.kind != 'text' else ''}")
        if f.kind == "exception":
            print("  " + f.detail.strip().replace("\n", "\n  "))
        elif f.detail:
            print(f"  {f.detail}")
    print()
    print(total.figures())
    return 1 if total.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
