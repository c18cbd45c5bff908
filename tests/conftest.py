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

    from tarneeb_desktop.ui import i18n

    i18n.set_language("en")
    pygame.quit()
