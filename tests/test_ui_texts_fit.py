"""Issue 24, "done when": the texts of the replay viewer, the standings, the champion and
the finished-games list fit their boxes and do not run into each other, in all seven
languages (``tests/text_spy.py``, as the table's text-fit test), and mirror in Arabic; the
viewer's marks are never covered by another card of the trick (defect 1)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.arena import play_game
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.ui import i18n
from tests.test_ui_helpers import FRAME, make_app
from tests.text_spy import TextSpy, Traced, problems

pytestmark = pytest.mark.usefixtures("ui_home")

LANGS = ["en", "ar", "fr", "de", "ru", "uk", "hi"]
SIZES = [(800, 600), (1920, 1080)]
DATA = Path(__file__).parent / "data"
T0 = datetime(2026, 12, 1, 21, 12, tzinfo=UTC)
#: these screens' small print (rows, notes, marks) is drawn a little under the body size
SMALL = 0.8


def keep_games() -> None:
    from tarneeb_desktop.table.history import keep_finished

    names = ["Sami", "Rana", "Omar", "Hala"]
    for k, preset in enumerate(("standard", "syrian41")):
        rules = make_rules(preset, target=11) if preset == "standard" else make_rules(preset)
        t = play_game(rules, k, ["easy"] * 4, names)
        extra = {"tournament": "Cup of Beirut", "game": 2} if k else {}
        keep_finished(t.state, t.names, now=T0 + timedelta(minutes=k), **extra)


def tournament(finished: bool):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.table.tournament import Player, Team, Tournament
    from tarneeb_desktop.ui.screens.tournament.play import Running

    spec = (("easy", "Tarek & Hala"), ("medium", "Sara & Layla"), ("easy", "Karim & Omar"))
    teams = [Team.of([Player.from_spec(level)] * 2, name=n) for level, n in spec]
    t = Tournament(teams, make_rules("standard"), games=3, seed=1)
    for totals in ((31, 10), (31, 30), (12, 31))[: 3 if finished else 2]:
        t.record_result(0, totals, 6)
    return Running(t, "Cup of Beirut")


def screens(app):  # type: ignore[no-untyped-def]
    """(what, scene) for each screen of the issue, made in the current language."""
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.games.games import GamesScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    yield "games", GamesScene(app)
    doc = json.loads((DATA / "standard-game.json").read_text())
    doc["hands"] = doc["hands"][:2]
    viewer = ViewerScene(app, positions(doc), title="2026-12-01 21:12", inline=True)
    viewer.index = next(p.index for p in viewer.steps.positions if p.play == 3)
    yield "viewer", viewer
    yield "standings", StandingsScene(app, tournament(False))
    yield "champion", StandingsScene(app, tournament(True))


def check(lang: str, size: tuple[int, int]) -> list[str]:
    found: list[str] = []
    window = pygame.Rect((0, 0), size)
    keep_games()
    with TextSpy():
        app = make_app(size=size)
        app.settings.language = lang
        app.apply_settings()
        for what, scene in screens(app):
            app.switch(scene)
            app.step(FRAME, [])
            surface = Traced(size)
            scene.dirty = True
            app.draw(surface)  # the scene and its modals
            body = round(scene_text(size) * SMALL)
            where = f"{lang} {size[0]}x{size[1]} {what}"
            found += problems(surface.items, window, body, where)
    return found


def scene_text(size: tuple[int, int]) -> int:
    from tarneeb_desktop.ui.layout import Layout

    return Layout(*size).text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_of_these_screens_fit_in_every_language(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    try:
        found = check(lang, size)
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)
