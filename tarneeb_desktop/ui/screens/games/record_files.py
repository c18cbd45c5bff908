"""Record files in and out of the window: a file dropped on it, and Export on the game-over
dialog."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.table.history import export_finished, finished_name
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.scene import test_log
from tarneeb_desktop.ui.screens.games.file_chooser import FileChooser
from tarneeb_desktop.ui.screens.games.games import GamesScene

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


def open_dropped(app: App, source: Path) -> None:
    """A record dropped on the window: imported (or found) and opened in the viewer."""
    here = app.scene
    games = here if isinstance(here, GamesScene) else GamesScene(app)
    path = games.import_file(source)
    if path is not None:
        g = next((g for g in games.kept if g.path == path), None)
        if g is not None and games.open(g):
            return
    if games is here:
        return
    tell: Any = getattr(here, "tell", None)
    if path is None and tell is not None:
        tell(games.message)  # the menu's notice: the screen stays as it was
    else:
        app.switch(games)


def export_from_table(scene: Any) -> None:
    """Export on the game-over dialog: the chooser over the table, then the file."""
    app, state, names = scene.app, scene.table.state, list(scene.names)

    def done(to: Path | None) -> None:
        app.switch(scene)
        if to is None:
            return
        try:
            scene.exported = export_finished(state, names, to)
            test_log(f"exported {scene.exported}")
        except OSError as exc:
            scene.say(tr("Could not export the game: {error}", error=exc.strerror or exc))
        scene.invalidate()

    scene.reviewing = True  # the table stays open meanwhile (``TableScene.on_hide``)
    app.switch(FileChooser(app, done, save=True, name=finished_name(state, names)))
