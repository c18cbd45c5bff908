"""The Windows installer, compiled by the real Inno Setup and run under Wine.

``packaging/windows/test-installer.sh`` does the work (see its header: a stand-in
``dist/Tarneeb/``, an all-users install, an upgrade, an uninstall that keeps the player's
``%LOCALAPPDATA%\\Tarneeb``); each run takes about 30 s. The tests skip when ``wine``,
``xvfb-run`` or ``npm`` is missing (.ci/run installs them on Debian), or with
TARNEEB_WINE_TESTS=0.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "packaging" / "windows" / "test-installer.sh"
ISS = ROOT / "packaging" / "windows" / "tarneeb.iss"


def _why_not() -> str | None:
    if os.environ.get("TARNEEB_WINE_TESTS") == "0":
        return "TARNEEB_WINE_TESTS=0"
    if shutil.which("wine") is None:
        return (
            "wine is not installed (Debian: dpkg --add-architecture i386; apt-get update; "
            "apt-get install wine wine64 wine32:i386 -- .ci/run does this)"
        )
    if shutil.which("xvfb-run") is None:
        return "xvfb-run is not installed (apt-get install xvfb)"
    if shutil.which("npm") is None and not os.environ.get("ISCC"):
        return "npm is not installed: it fetches Inno Setup (or set ISCC=/path/to/ISCC.exe)"
    return None


pytestmark = pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")


def _run(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(SCRIPT)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_installer_installs_upgrades_and_uninstalls_keeping_the_players_folder():
    result = _run()
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    for step in (
        "compiled tarneeb.iss as 1.0.0",
        "all users: 1.0.0 installed: files, uninstaller, Start-menu shortcut, uninstall entry",
        "all users: upgrade from 1.0.0 cleared the old _internal/",
        "all users: uninstalled; the player's %LOCALAPPDATA%\\Tarneeb is kept",
    ):
        assert step in out, out
    assert out.rstrip().endswith("test-installer: PASS"), out


def test_the_script_fails_an_uninstaller_that_deletes_the_players_folder(tmp_path):
    # The same installer with one line more: the uninstaller also removes the player's
    # settings, saved game and crash logs. The script must stop on it.
    broken = tmp_path / "tarneeb.iss"
    broken.write_text(
        ISS.read_text(encoding="utf-8")
        + '\n[UninstallDelete]\nType: filesandordirs; Name: "{localappdata}\\Tarneeb"\n',
        encoding="utf-8",
    )
    result = _run(TARNEEB_ISS=str(broken))
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "FAIL: all users: the uninstaller removed the player's %LOCALAPPDATA%\\Tarneeb" in out
    assert "PASS" not in out
