"""The first screen imports only what it needs (issue 27: a quick start): the menu opens
without the table, the tournament, the LAN or the tutorial's offer, which load when wanted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs the window as ``tarneeb`` does and, after its first frame, prints the modules loaded.
_PROBE = """
import json, sys
from tarneeb_desktop.ui.app import App

def run(self):
    self.step(0.0, [])
    print(json.dumps({"scene": type(self.scene).__name__, "modules": sorted(sys.modules)}))
    return 0

App.run = run
from tarneeb_desktop.cli import main
raise SystemExit(main([]))
"""

LATER = (
    "tarneeb_desktop.ui.table_scene",
    "tarneeb_desktop.ui.screens.tournament.play",
    "tarneeb_desktop.ui.screens.tutorial.offer",
    "tarneeb_desktop.ui.screens.howto.pictures",
    "tarneeb_desktop.ui.screens.viewer.viewer",
    "tarneeb_desktop.session.game",
    "tarneeb_desktop.table.tournament",
    "tarneeb_desktop.net.rejoin",
    "tarneeb_desktop.net.client",
)


def _first_screen(home: Path) -> dict:
    env = dict(os.environ, TARNEEB_HOME=str(home), SDL_VIDEODRIVER="dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    env.pop("TARNEEB_LANG", None)
    out = subprocess.run(
        [sys.executable, "-c", _PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_menu_opens_without_the_modules_of_later_screens(tmp_path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"tutorial_offered": True}))
    first = _first_screen(tmp_path)
    assert first["scene"] == "MenuScene"
    assert [m for m in LATER if m in first["modules"]] == []


def test_a_first_start_still_asks_the_name_and_language_first(tmp_path) -> None:
    assert _first_screen(tmp_path)["scene"] == "FirstStartScene"


def test_the_menu_looks_for_the_files_its_later_modules_read() -> None:
    from tarneeb_desktop.net import rejoin
    from tarneeb_desktop.session import resume, tournament
    from tarneeb_desktop.ui.screens import menu

    assert resume.TOURNAMENT_FILE == tournament.TOURNAMENT_FILE
    assert menu._LAN_SEATS_FILE == rejoin.SEATS_FILE
