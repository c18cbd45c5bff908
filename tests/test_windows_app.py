"""The Windows app, built on Linux under Wine and played there as installed.

``packaging/windows/build-wine.sh`` builds ``dist/Tarneeb/`` with the official Windows CPython
3.11, PyInstaller's Windows bootloaders and the Windows wheels (all pinned by SHA-256 and
cached under ``build/``), then the real setup ``.exe`` around it; ``test-app.sh`` installs
that setup in a fresh Wine prefix, plays a whole hard-level game with the installed
``tarneeb-cli.exe``, checks the record and its double-dummy analysis against Linux's, opens
the windowed ``Tarneeb.exe``, hosts a relay table by its code that Linux bots play and joins
one a Linux host opened (through a Mosquitto the script starts on 127.0.0.1), and upgrades
and uninstalls it (see both scripts' headers).

A fresh machine takes about 2.5 min to build (downloads included) and 2 to 3 min to test
(the relay games about 20 s of it); a second build is offline and takes about 35 s. Skipped
without Wine or Mosquitto (``.ci/run`` installs them), or with TARNEEB_WINE_TESTS=0.
"""

from __future__ import annotations

import os
import shutil
import signal
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
    if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
        missing.append("mosquitto")  # test-app.sh's relay games need a broker on 127.0.0.1
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


class Background:
    """The build and the app test, started when the session's tests are collected (see
    conftest.py) so that Wine works on the second core while the rest of the suite runs on
    the first; the test below waits for it. Without the early start it runs in the test."""

    proc: subprocess.Popen[str] | None = None
    log: Path | None = None

    @classmethod
    def start(cls, log: Path) -> None:
        if cls.proc is not None or _why_not() is not None:
            return
        cls.log = log
        chain = f"bash {BUILD} && echo '=== built' && bash {TEST}"
        env = {
            **os.environ,
            # zip: the same installer, quicker to compile and unpack than lzma2/max.
            "TARNEEB_ISS_COMPRESSION": "zip",
            "LINUX_TARNEEB": f"{sys.executable} -m tarneeb_desktop",
        }
        with open(log, "w", encoding="utf-8") as out:
            cls.proc = subprocess.Popen(
                ["bash", "-c", chain],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,  # its own process group: conftest can stop it all
            )

    @classmethod
    def result(cls, timeout: int) -> tuple[int, str]:
        assert cls.proc is not None and cls.log is not None
        try:
            rc = cls.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(cls.proc.pid, signal.SIGTERM)
            rc = -1
        return rc, cls.log.read_text(encoding="utf-8", errors="replace")


@pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")
def test_the_windows_app_builds_installs_plays_a_game_and_uninstalls(tmp_path):
    if Background.proc is None:  # run alone, or the early start was not made
        Background.start(tmp_path / "windows-app.log")
    rc, out = Background.result(timeout=2400)
    assert rc == 0, out[-6000:]
    setup = ROOT / "dist" / f"Tarneeb-{__version__}-windows-x64-setup.exe"
    assert f"built {setup}" in out, out[-6000:]
    for name in ("Tarneeb.exe", "tarneeb-cli.exe", "_internal/endplay/_dds/dds.dll"):
        assert (ROOT / "dist" / "Tarneeb" / name).is_file(), name
    for step in (
        "installed in C:\\Program Files\\Tarneeb: files, Start-menu shortcut, uninstall entry",
        f"installed tarneeb-cli.exe: tarneeb {__version__}; self-check passed",
        "legal record, complete game",
        "analyse --json: Windows and Linux agree",
        "Tarneeb.exe opened its window 'Tarneeb'",
        "relay: the installed tarneeb-cli.exe hosted table",
        "relay: the installed tarneeb-cli.exe joined table",
        "old _internal/ cleared, the game starts",
        "uninstalled; the player's %LOCALAPPDATA%\\Tarneeb is kept",
    ):
        assert step in out, out[-6000:]
    assert out.rstrip().endswith("test-app: PASS"), out[-6000:]


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
