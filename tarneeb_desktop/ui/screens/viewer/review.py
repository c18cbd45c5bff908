""" "Review" on the hand summary and the game-over dialog: the replay viewer on that hand.

The game's finished hands open at the start of the hand asked for; Back returns to the very
same table, dialog still open.
"""

from __future__ import annotations

from typing import Any

from tarneeb_desktop.record import to_record
from tarneeb_desktop.session.record_steps import positions
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene


def open_hand_review(scene: Any, hand: int | None = None) -> ViewerScene | None:
    """The viewer on hand ``hand`` of the scene's game (None: nothing to review)."""
    table = scene.table
    if table is None or not table.state.history:
        return None
    state = table.state
    doc = to_record(state, list(scene.names))
    doc["hands"] = doc["hands"][: len(state.history)]  # the finished hands only
    steps = positions(doc)
    hand = len(state.history) - 1 if hand is None else hand
    app = scene.app
    viewer = ViewerScene(app, steps, title=tr("Review"), back=lambda: app.switch(scene))

    viewer.me = scene.me
    start = next((p.index for p in steps.positions if p.hand == hand and p.kind == "deal"), 0)
    viewer.go(start)
    scene.reviewing = True
    app.switch(viewer)
    return viewer
