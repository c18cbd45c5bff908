"""The Windows app, built on Linux under Wine and played there as installed.

``packaging/windows/build-wine.sh`` builds ``dist/Tarneeb/`` with the official Windows CPython
3.11, PyInstaller's Windows bootloaders and the Windows wheels (all pinned by SHA-256 and
cached under ``build/``), then the real setup ``.exe`` around it; ``test-app.sh`` installs
that setup in a fresh Wine prefix, plays a whole hard-level game with the installed
``tarneeb-cli.exe``, checks the record and its double-dummy analysis against Linux's, opens
the windowed ``Tarneeb.exe`` and upgrades and uninstalls it (see both scripts' headers).

A fresh machine takes about 2.5 min to build (downloads included) and 2 to 3 min to test;
a second build is offline and takes about 35 s. Skipped without Wine (``.ci/run`` installs
it), or with TARNEEB_WINE_TESTS=0.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tarneeb_desktop import __version__

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "packaging" / "windows" / "build-wine.sh"
TEST = ROOT / "packaging" / "windows" / "test-app.sh"
TOOLS = ("wine", "wineserver", "xvfb-run", "xdotool", "import")


def _why_not() -> str | None:
    if os.environ.get("TARNEEB_WINE_TESTS") == "0":
        return "TARNEEB_WINE_TESTS=0"
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        return f"not installed: {', '.join(missing)} (.ci/run installs them)"
    if shutil.which("npm") is None and not os.environ.get("ISCC"):
        return "npm is not installed: it fetches Inno Setup (or set ISCC=/path/to/ISCC.exe)"
    return None


def _run(script: Path, timeout: int, **env: str) -> str:
    result = subprocess.run(
        ["bash", str(script)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-6000:]
    return out


@pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")
def test_the_windows_app_builds_installs_plays_a_game_and_uninstalls():
    # zip: the same installer, quicker to compile and unpack under Wine than lzma2/max.
    out = _run(BUILD, 1800, TARNEEB_ISS_COMPRESSION="zip")
    setup = ROOT / "dist" / f"Tarneeb-{__version__}-windows-x64-setup.exe"
    assert setup.is_file(), out
    assert f"built {setup}" in out
    for name in ("Tarneeb.exe", "tarneeb-cli.exe", "_internal/endplay/_dds/dds.dll"):
        assert (ROOT / "dist" / "Tarneeb" / name).is_file(), name

    out = _run(TEST, 1800, LINUX_TARNEEB=f"{sys.executable} -m tarneeb_desktop")
    for step in (
        "installed in C:\\Program Files\\Tarneeb: files, Start-menu shortcut, uninstall entry",
        f"installed tarneeb-cli.exe: tarneeb {__version__}; self-check passed",
        "legal record, complete game",
        "analyse --json: Windows and Linux agree",
        "Tarneeb.exe opened its window 'Tarneeb'",
        "old _internal/ cleared, the game starts",
        "uninstalled; the player's %LOCALAPPDATA%\\Tarneeb is kept",
    ):
        assert step in out, out
    assert out.rstrip().endswith("test-app: PASS"), out


def test_the_build_says_which_tool_is_missing(tmp_path):
    # A PATH with bash and coreutils but no wine: exit 2, naming it, before anything is fetched.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("bash", "dirname", "sed", "cat", "timeout", "grep", "sha256sum", "tar"):
        found = shutil.which(tool)
        if found:
            (bin_dir / tool).symlink_to(found)
    result = subprocess.run(
        ["bash", str(BUILD)],
        env={"PATH": str(bin_dir), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "missing: wine" in result.stderr
    assert not (tmp_path / "build").exists()


@pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")
def test_the_app_test_says_when_there_is_no_setup(tmp_path):
    result = subprocess.run(
        ["bash", str(TEST)],
        env={**os.environ, "SETUP": str(tmp_path / "no-such-setup.exe")},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "run packaging/windows/build-wine.sh first" in result.stderr
