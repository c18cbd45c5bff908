"""Test setup: pygame never opens a real window or audio device unless a test asks for Xvfb."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pytest  # noqa: E402 - after the SDL settings above, which must come first


@pytest.fixture
def ui_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """A private user folder (``TARNEEB_HOME``) for a test that runs the game's screens;
    afterwards the language is English again and pygame is shut down."""
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    yield tmp_path
    import pygame

    from tarneeb_desktop.net import rejoin

    rejoin.stop_hosted()  # a LAN table a test left going on in the menu, as the window's end

    from tarneeb_desktop.ui import i18n

    i18n.set_language("en")
    pygame.quit()


def pytest_collection_finish(session):  # type: ignore[no-untyped-def]
    """Start the Windows build under Wine now, beside the rest of the suite, when its test
    was collected (tests/test_windows_app.py waits for it)."""
    wanted = "test_the_windows_app_builds_installs_plays_a_game_and_uninstalls"
    if session.config.option.collectonly:
        return
    if any(item.name == wanted for item in session.items):
        import tempfile
        from pathlib import Path

        from test_windows_app import Background

        Background.start(Path(tempfile.mkdtemp(prefix="tarneeb-windows-app-")) / "log.txt")


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    """A Windows build still running when the session ends (its test was not reached) stops."""
    import sys

    module = sys.modules.get("test_windows_app")
    proc = getattr(getattr(module, "Background", None), "proc", None)
    if proc is not None and proc.poll() is None:
        import os
        import signal

        os.killpg(proc.pid, signal.SIGTERM)
