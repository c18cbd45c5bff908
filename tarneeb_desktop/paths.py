"""Where the game finds its bundled assets and keeps the user's files."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

APP_NAME = "Tarneeb"


@cache
def assets_dir() -> Path:
    """The ``assets`` folder: in a PyInstaller bundle, beside the package in a source
    checkout, or inside the installed package (``pip install .`` copies it there)."""
    here = Path(__file__).resolve().parent
    candidates = []
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        candidates.append(Path(sys._MEIPASS) / "assets")
    candidates += [here.parent / "assets", here / "assets"]
    for c in candidates:
        if (c / "cards").is_dir():
            return c
    raise FileNotFoundError("the game's assets folder is missing: reinstall Tarneeb Desktop")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def user_data_dir() -> Path:
    """Settings, saved games, statistics and logs (TARNEEB_HOME overrides, for tests)."""
    override = os.environ.get("TARNEEB_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir as _udd

        path = Path(_udd(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
