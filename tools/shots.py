"""Screenshots of the screens outside the felt, and their comparison before and after a change
(issue 47: each screen moved onto the UI kit is compared and looked at).

    python tools/shots.py take DIR [--screens menu,join] [--langs en,ar,ru] [--sizes 1280x720]
    python tools/shots.py compare BEFORE AFTER [--out DIFFDIR]

``take`` draws each screen under the dummy video driver into ``DIR/<screen>-<lang>-<WxH>.png``
and prints the text problems the monkey's check finds on it (text below body size, outside
its box or covered). ``compare`` prints, for each picture in both folders, the share of its
pixels that changed, and writes a diff picture (changed pixels in magenta over the new one
dimmed) for each that changed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

if "TARNEEB_HOME" not in os.environ:  # the pictures never read nor change a player's files
    import tempfile

    os.environ["TARNEEB_HOME"] = tempfile.mkdtemp(prefix="tarneeb-shots-")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

LANGS = ("en", "ar", "ru")
SIZES = ((1280, 720), (800, 600), (1920, 1080))


def _app(size: tuple[int, int], lang: str) -> Any:
    from tarneeb_desktop.settings import Settings
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui.app import App

    app = App(Settings(animation_speed="normal", sound=False), size, sound=False)
    app.settings.language = lang
    app.apply_settings()
    i18n.set_language(lang)
    return app


def _hosted(app: Any, password: str = "") -> Any:
    """A table hosted on loopback with Sara at South and Omar at North, who said salam."""
    from tarneeb_desktop.net.client import ClientSession
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.session.lan import host_table

    host, sessions = host_table(
        [(0, "Sara")],
        announce=False,
        bind="127.0.0.1",
        port=0,
        ai_delay=0,
        rules=make_rules(),
        open_seats=[0, 1, 2, 3],
        auto_start=False,
        turn_seconds=30,
        password=password,
    )
    omar = ClientSession("127.0.0.1", host.address[1], name="Omar")
    omar.password = password
    omar.connect()
    omar.join(seat=2, password=password)
    omar.chat("salam")
    app._shots_close = lambda: (omar.close(), host.stop())
    return host, sessions


def _lobby(app: Any) -> Any:
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene

    host, sessions = _hosted(app)
    return LobbyScene(app, sessions[0], host=host)


def _seat(app: Any) -> Any:
    """The seat screen of a table with a password, as a joiner sees it."""
    from tarneeb_desktop.net.client import ClientSession
    from tarneeb_desktop.ui.screens.lan.join import SeatScene

    host, _ = _hosted(app, password="x")
    dana = ClientSession("127.0.0.1", host.address[1], name="Dana")
    dana.connect()
    close = app._shots_close
    app._shots_close = lambda: (dana.close(), close())
    return SeatScene(app, dana)


def _daily(app: Any, compared: bool = False) -> Any:
    """Today's daily deals with the first two deals played (and the second's comparison)."""
    from tarneeb_desktop.session import daily
    from tarneeb_desktop.ui.screens.daily.daily import DailyScene

    scene = DailyScene(app, "2026-12-01/standard", "medium")
    for i, (mine, theirs) in enumerate([((8, 40), (8, 20)), ((6, -20), (9, 30))]):
        for who, (tricks, points) in (("person", mine), ("computer", theirs)):
            res = daily.PlayResult("8", 1, tricks, (points, 0), could_take=9)
            scene.store.put(scene.code, i, who, res, "medium")
    scene.compared = 1 if compared else None
    return scene


def _stats(app: Any, page: str = "table") -> Any:
    """The statistics of a few games in both games, and a rating's history."""
    from tarneeb_desktop.paths import user_data_dir
    from tarneeb_desktop.stats import Statistics
    from tarneeb_desktop.ui.screens.stats.stats import StatsScene

    stats = Statistics()
    for k, (preset, level) in enumerate([("standard", "hard"), ("standard", "medium"),
                                         ("egyptian", "expert"), ("lebanese400", "medium"),
                                         ("syrian41+custom", "easy")] * 3):  # fmt: skip
        stats.record_game(preset, level, k % 2)
        stats.rate(preset, level, k % 3 != 0, when=1_700_000_000 + k * 86400)
    stats.save(user_data_dir() / "stats.json")
    scene = StatsScene(app)
    scene.page = page
    return scene


_KEPT: list[int] = []


def _games(app: Any) -> Any:
    """Finished games: three kept games of random players, the second chosen."""
    from datetime import UTC, datetime, timedelta

    from tarneeb_desktop.arena import play_game
    from tarneeb_desktop.rules import make_rules
    from tarneeb_desktop.table.history import keep_finished
    from tarneeb_desktop.ui.screens.games.games import GamesScene

    if not _KEPT:  # once: the games stay in the pictures' folder
        names = ["Alexandrina", "Konstantinos", "Abu Nour", "Maya"]
        for k, preset in enumerate(("standard", "standard", "egyptian")):
            table = play_game(make_rules(preset, target=11), k + 2, ["random"] * 4, names)
            when = datetime(2026, 3, 1, 10, 0, tzinfo=UTC) + timedelta(days=k)
            keep_finished(table.state, table.names, now=when)
        _KEPT.append(1)
    scene = GamesScene(app)
    scene.row = 1
    return scene


def _standings(app: Any) -> Any:
    """A tournament of computer teams, at its standings before the first game."""
    from tests.test_ui_tournament_results import computer_tournament

    return computer_tournament(app)


def _setup(app: Any) -> Any:
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene

    scene = SetupScene(app)
    scene.add_team()
    return scene


def _export(app: Any) -> Any:
    """The file chooser saving a record, in a folder of two folders and two records."""
    from tarneeb_desktop.paths import user_data_dir
    from tarneeb_desktop.ui.screens.games.file_chooser import FileChooser

    folder = user_data_dir() / "records"
    for sub in ("Tournaments", "طرنيب"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    for name in ("game-2026-03-01.json", "Omar and Nour, the long final.json"):
        (folder / name).write_text("{}", encoding="utf-8")
    return FileChooser(app, lambda _p: None, save=True, name="game.json", folder=folder)


def _viewer(app: Any, hands: bool = False) -> Any:
    """The replay viewer of the standard example game, seven cards into its third deal's play
    (the list of hands and the costly cards open when ``hands``)."""
    import json

    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    data = Path(__file__).resolve().parents[1] / "tests" / "data" / "standard-game.json"
    steps = positions(json.loads(data.read_text(encoding="utf-8")))
    scene = ViewerScene(app, steps, title="Omar and Nour", inline=True)
    scene.go(next(p.index for p in steps.positions if p.hand == 2 and p.kind == "card") + 6)
    if hands:
        scene.activate("hands")
    return scene


def _review(app: Any) -> Any:
    """The daily review of today's eighth deal, both plays the computer's: side by side in a
    wide window, else one at a time with the button that switches them."""
    from tarneeb_desktop.session import daily
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.daily.review import DailyReview

    res = daily.play_computer("2026-12-01/standard", 7, "medium")
    plays = [("You", positions(res.record), res), ("The computer", positions(res.record), res)]
    return DailyReview(app, plays, title="Daily deal 8", back=lambda: None)


def _ending(app: Any, rules: str, seed: int, event: str, limit: int = 3000) -> Any:
    """A game played at random to its first event named ``event``, its dialog over the table
    (the hand's summary with its best-play line, or the game's end)."""
    from tarneeb_desktop.ui.game.ends import GameOverDialog, Summary41Dialog, SummaryDialog
    from tests.test_text_fit import played, scene_at

    state, ev = played(rules, seed, event, limit=limit)
    scene = scene_at(app, state)
    if event == "SeatsScored":
        scene.overlay = Summary41Dialog(scene, ev)
        scene.overlay.dd = 8
    elif event == "HandScored":
        scene.overlay = SummaryDialog(scene, ev)
        scene.overlay.dd = 9
    else:
        scene.overlay = GameOverDialog(scene, ev)
    return scene


def _gameover41(app: Any) -> Any:
    """41's game-over dialog over a game two hands in (random play rarely ends a game of 41:
    the event is made from the seats' scores as they stand)."""
    from tarneeb_desktop.rules import GameOver
    from tarneeb_desktop.ui.game.ends import GameOverDialog
    from tests.test_text_fit import played, scene_at

    state, _ = played("syrian41", 5, "SeatsScored")
    scores = state.seat_scores or (0, 0, 0, 0)
    scene = scene_at(app, state)
    totals = (scores[0] + scores[2], scores[1] + scores[3])
    scene.overlay = GameOverDialog(scene, GameOver(winner=0, totals=totals))
    return scene


def _sheet(app: Any, rules: str, hands: int) -> Any:
    """The score sheet of a game played at random ``hands`` deals in, the first thrown in,
    over its table."""
    import random

    from tarneeb_desktop.rules import GameState, make_rules
    from tests.test_text_fit import scene_at

    target = 500 if rules == "standard" else None
    made = make_rules(rules, target=target) if target else make_rules(rules)
    state = GameState.new(made, seed=8, dealer=0)
    # the first deal thrown in: all passed in Tarneeb, 8 of 11 bid in 41
    for call in ("pass",) * 4 if rules == "standard" else ("2", "3", "2", "1"):
        state.apply(call)
    rng = random.Random(8)
    while len(state.history) < hands and not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    while not state.is_over() and state.current_player() != 0:
        state.apply(rng.choice(state.legal_actions()))
    scene = scene_at(app, state)
    scene.open_overlay("scores")
    return scene


def _table(app: Any, page: str | None, state: Any = None, humans: tuple[int, ...] = (0,)) -> Any:
    """A new offline game's table (instant animations; ``state``: a seeded standard deal by
    default) with one of its pages open (None: none; two ``humans``: under the cover)."""
    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.ui.table_scene import TableScene

    app.settings.animation_speed = "instant"
    app.apply_settings()
    state = state or GameState.new(make_rules("standard"), seed=3, dealer=3)
    names = (
        ["You", "East", "North", "West"] if humans == (0,) else ["Layla", "East", "Omar", "West"]
    )
    scene = TableScene(app, state, names, humans, ["random"] * 4, seed=1, inline_ai=True)
    app.switch(scene)
    for _ in range(30):
        app.step(1 / 60, [])
    if page is not None:
        scene.open_overlay(page)
    return scene


def _auction(app: Any) -> Any:
    """The auction page during the play (the calls of a seeded random auction)."""
    import random

    from tarneeb_desktop.rules import GameState, make_rules

    state = GameState.new(make_rules("standard"), seed=4, dealer=3)
    rng = random.Random(4)
    while not (state.phase == "play" and state.current_player() == 0):
        state.apply(rng.choice(state.legal_actions()))
    return _table(app, "auction", state)


def _cover(app: Any) -> Any:
    """A hot-seat table (two people at one computer) under its cover."""
    return _table(app, None, humans=(0, 2))


def _tutorial(app: Any, dialog: str = "") -> Any:
    """The tutorial at its first lesson, the deal over (instant animations); with its
    question whether to skip it, or the dialog at its end."""
    from tarneeb_desktop.ui.screens.tutorial.dialogs import DoneDialog, SkipDialog
    from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

    app.settings.animation_speed = "instant"
    app.apply_settings()
    scene = TutorialScene(app)
    app.switch(scene)
    for _ in range(240):
        app.step(1 / 60, [])
        if scene.coaching() and scene.lesson() is not None:
            break
    if dialog:
        scene.overlay = SkipDialog(scene) if dialog == "skip" else DoneDialog(scene)
        scene.done = dialog == "done"
    return scene


def _settings(app: Any, end: bool = False) -> Any:
    """The settings, at their top or scrolled to their end (the focus on Back)."""
    from tarneeb_desktop.ui.screens.settings.settings import SettingsScene

    scene = SettingsScene(app)
    if end:
        scene.focus = len(scene.rows) - 1
    return scene


def _scenes() -> dict[str, Callable[[Any], Any]]:
    from tarneeb_desktop.ui.screens.first_start import FirstStartScene
    from tarneeb_desktop.ui.screens.lan.host import HostScene
    from tarneeb_desktop.ui.screens.lan.join import JoinScene
    from tarneeb_desktop.ui.screens.menu import MenuScene

    return {
        "menu": lambda app: MenuScene(app),
        "first": lambda app: FirstStartScene(app, lambda: None),
        "join": lambda app: JoinScene(app, finder=False),
        "host": lambda app: HostScene(app),
        "lobby": _lobby,
        "seat": _seat,
        "daily": _daily,
        "stats": _stats,
        "games": _games,
        "standings": _standings,
        "tournament": _setup,
        "export": _export,
        "offer": lambda app: __import__(
            "tarneeb_desktop.ui.screens.tutorial.offer", fromlist=["x"]
        ).OfferScene(app),
        "rating": lambda app: _stats(app, "rating"),
        "daily-compared": lambda app: _daily(app, compared=True),
        "settings": _settings,
        "tutorial": _tutorial,
        "paused": lambda app: _table(app, "menu"),
        "played": lambda app: _table(app, "played"),
        "summary": lambda app: _ending(app, "standard", 4, "HandScored"),
        "gameover": lambda app: _ending(app, "standard", 5, "GameOver"),
        "gameover41": _gameover41,
        "summary41": lambda app: _ending(app, "syrian41", 3, "SeatsScored"),
        "scores": lambda app: _sheet(app, "standard", 12),
        "scores41": lambda app: _sheet(app, "syrian41", 6),
        "restart": lambda app: _table(app, "restart"),
        "leave": lambda app: _table(app, "leave"),
        "table-settings": lambda app: _table(app, "table_settings"),
        "cover": _cover,
        "auction": _auction,
        "tutorial-skip": lambda app: _tutorial(app, "skip"),
        "tutorial-done": lambda app: _tutorial(app, "done"),
        "howto": lambda app: __import__(
            "tarneeb_desktop.ui.screens.howto.howto", fromlist=["x"]
        ).HowToScene(app),
        "howto-keys": lambda app: __import__(
            "tarneeb_desktop.ui.screens.howto.howto", fromlist=["x"]
        ).HowToScene(
            app,
            page=len(
                __import__("tarneeb_desktop.ui.screens.howto.help_text", fromlist=["x"]).pages()
            )
            - 1,
        ),
        "settings-end": lambda app: _settings(app, end=True),
        "viewer": _viewer,
        "viewer-hands": lambda app: _viewer(app, hands=True),
        "review": _review,
    }


def take(out: Path, screens: list[str], langs: list[str], sizes: list[tuple[int, int]]) -> int:
    from tests.text_spy import screen_problems

    out.mkdir(parents=True, exist_ok=True)
    makers = _scenes()
    bad = 0
    for name in screens:
        for lang in langs:
            for size in sizes:
                app = _app(size, lang)
                try:
                    app.switch(makers[name](app))
                    for _ in range(3):
                        app.step(1 / 60, [])
                    app.scene.dirty = True
                    app.step(1 / 60, [])
                    path = out / f"{name}-{lang}-{size[0]}x{size[1]}.png"
                    pygame.image.save(app.surface, str(path))
                    found = screen_problems(app, path.name)
                    bad += len(found)
                    print(path.name, "ok" if not found else "; ".join(found))
                finally:
                    close = getattr(app, "_shots_close", None)
                    if close:
                        close()
    return bad


def compare(before: Path, after: Path, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(before.glob("*.png")):
        new = after / old.name
        if not new.exists():
            print(old.name, "missing after")
            continue
        a, b = pygame.image.load(str(old)), pygame.image.load(str(new))
        if a.get_size() != b.get_size():
            print(old.name, "size changed")
            continue
        import numpy as np

        w, h = a.get_size()
        # a pixel changed when its colour moved by more than a shade (a panel's alpha a few
        # steps apart is the same picture)
        moved = (
            np.abs(
                pygame.surfarray.array3d(a).astype(int) - pygame.surfarray.array3d(b).astype(int)
            ).sum(axis=2)
            > 24
        )
        changed = int(moved.sum())
        diff = b.copy()
        diff.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
        pixels = pygame.surfarray.pixels3d(diff)
        pixels[moved] = (255, 0, 255)
        del pixels
        share = changed / (w * h)
        print(f"{old.name}: {share:.1%} of the pixels changed")
        if changed:
            pygame.image.save(diff, str(out / old.name))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("take")
    t.add_argument("dir", type=Path)
    t.add_argument("--screens", default=",".join(_scenes()))
    t.add_argument("--langs", default=",".join(LANGS))
    t.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--out", type=Path, default=Path("build/shots-diff"))
    args = ap.parse_args()
    pygame.init()
    if args.cmd == "take":
        sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
        bad = take(args.dir, args.screens.split(","), args.langs.split(","), sizes)  # type: ignore[arg-type]
        print(f"{bad} text problems")
    else:
        compare(args.before, args.after, args.out)


if __name__ == "__main__":
    main()
