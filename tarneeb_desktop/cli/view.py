"""``tarneeb view FILE``: open a game record in the window's replay viewer.

The record is checked first as ``tarneeb replay`` checks it, with the same messages and
exit statuses (1: malformed or illegal; 2: no such file or unreadable); the window opens
only for a legal record.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from tarneeb_desktop.cli.analyse import read_record

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.scene import Scene


def main(args: argparse.Namespace) -> int:
    """``tarneeb view FILE``."""
    checked = read_record(args.file, False, "view")
    if isinstance(checked, int):
        return checked
    from tarneeb_desktop.cli.window import main as window_main
    from tarneeb_desktop.session.record_steps import load_steps

    steps = load_steps(args.file)  # legal: read_record replayed it
    title = Path(args.file).name

    def first(app: App) -> Scene:
        from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

        return ViewerScene(app, steps, title=title)

    return window_main(args, first=first)
