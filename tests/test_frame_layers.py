"""The table's layers (``ui/game/frame.py``) redraw only the parts that changed: what they show
must stay exactly what drawing every part from scratch shows, frame after frame."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.settings import Settings
from tarneeb_desktop.ui.app import App
from tarneeb_desktop.ui.game import frame as frame_module
from tarneeb_desktop.ui.table_scene import TableScene

FRAME = 1 / 60


def _pixels(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGB")


@pytest.mark.parametrize(("language", "humans"), [("en", ()), ("ar", ()), ("en", (0,))])
def test_partial_redraws_match_full_ones(ui_home, language, humans) -> None:  # type: ignore[no-untyped-def]
    app = App(Settings(animation_speed="normal", sound=False, language=language), (1280, 800))
    scene = TableScene.new_game(
        app, make_rules(), 5, humans=humans, level="random", autoplay=True, inline_ai=True
    )
    app.switch(scene)
    frame = scene.frame
    rebuild_static, rebuild_board = frame._rebuild_static, frame._rebuild_board
    checked = {"static": 0, "board": 0, "partial": 0}
    wrong: list[tuple[str, int]] = []
    n = 0

    def static(surface, lay):  # type: ignore[no-untyped-def]
        rebuild_static(surface, lay)
        whole = frame_module._layer(surface.get_size(), surface)
        whole.blit(scene.panels.base(lay), (0, 0))
        frame.draw_static(whole, lay)
        checked["static"] += 1
        if _pixels(whole) != _pixels(frame._buf):
            wrong.append(("static", n))

    def board(layer, lay, items):  # type: ignore[no-untyped-def]
        partial = frame._items is not None and frame._changed is not None
        rebuild_board(layer, lay, items)
        whole = frame_module._layer(layer.get_size(), layer)
        whole.blit(frame._static, (0, 0))
        for _, draw in items:
            draw(whole)
        checked["board"] += 1
        checked["partial"] += partial
        if _pixels(whole) != _pixels(layer):
            wrong.append(("board", n))

    frame._rebuild_static, frame._rebuild_board = static, board
    state = scene.table.state
    # the deal, the auction and the first tricks: every fan, plate, bubble and the pile change
    while app.running and n < 1500 and state.hand_number == 1:
        if humans and scene.my_turn():  # a person's turn: lifted, dimmed cards, the buttons
            scene.act(0, scene.pv.legal[0])
        app.step(FRAME, [])
        n += 1
    assert wrong == []
    assert checked["board"] > 20 and checked["partial"] > 10 and checked["static"] > 3
