"""The table of "Play on from here" (see ``play_on.py``): a ``TableScene`` on the link
``session.play_on_link`` rebuilds from the viewer's position, with the trick in progress on
the table; when the hand ends (after its summary) or the person leaves, ``back()``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.session.game import play_on_link
from tarneeb_desktop.ui.screens.viewer.play_on import moves_to
from tarneeb_desktop.ui.table_scene import TableScene

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene


class PlayOnScene(TableScene):
    """The table from a viewer's position; ``back()`` when the hand is over or left."""

    def __init__(
        self,
        app: App,
        rules: Any,
        moves: Sequence[tuple[Any, ...]],
        seat: int,
        names: Sequence[str],
        *,
        back: Callable[[], None],
        level: str | None = None,
        inline_ai: bool = False,
    ) -> None:
        level = level or (app.settings.levels[1] if app.settings.levels else "hard")
        inline = inline_ai or app.settings.speed_factor == 0
        link = play_on_link(rules, moves, seat, level, names, inline=inline)
        super().__init__(app, None, levels=[level] * 4, link=link, inline_ai=inline)
        self.back = back
        self.start_hand = link.table.state.hand_index

    def on_show(self) -> None:
        self.warm_up()  # no deal animation: the cards are where they were
        self.invalidate()
        self.show_dialog()

    def update(self, dt: float) -> None:
        super().update(dt)
        table = self.table
        moved = table is not None and table.state.hand_index != self.start_hand
        if self.overlay is None and moved and not self.finished:
            if self.pv.hand_number > self.start_hand + 1:
                self._leave()  # thrown in, or the summary closed: the hand is over

    def hidden_actions(self) -> set[str]:
        return super().hidden_actions() | {"rematch", "export", "review"}

    def overlay_action(self, action: str) -> None:
        kind = self.overlay.kind if self.overlay else ""
        if kind in ("summary", "gameover") or action in ("menu", "leave"):
            self.overlay = None
            self._leave()
            return
        super().overlay_action(action)

    def _leave(self) -> None:
        self.finished = True
        self.link.close()
        self.back()


def start_play_on(app: App, viewer: ViewerScene, seat: int) -> PlayOnScene:
    """From the viewer's current step, with the person at ``seat``; back to the viewer."""
    viewer.pool.cancel()
    scene = PlayOnScene(
        app, viewer.steps.state.rules, moves_to(viewer.steps.positions, viewer.index), seat,
        viewer.names, back=lambda: app.switch(viewer),
    )  # fmt: skip
    app.switch(scene)
    return scene
