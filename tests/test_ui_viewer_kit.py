"""Issue 47, the replay viewer on the UI kit: its chrome (the captions' line, the cost line,
Hands and My cards only, the analysis's lines, the scrubber's step, the keys, the controls)
is laid out by the kit, so that none of its texts is drawn below the body size, leaves its
box or is covered, in English and in Arabic, in a small window and a large one; the table
(the felt's picture) keeps its own geometry, checked as before by the viewer's other tests."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.session.record_steps import positions
from tarneeb_desktop.ui import i18n
from tests.test_monkey_found import app_in
from tests.test_ui_viewer_hands import draw_traced
from tests.text_spy import TextSpy, problems

pytestmark = pytest.mark.usefixtures("ui_home")
DATA = Path(__file__).parent / "data"


def _scene(app, what: str):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.viewer.hands import HandsPanel
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    doc = json.loads((DATA / "standard-game.json").read_text())
    doc["hands"] = doc["hands"][:3]
    steps = positions(doc)
    scene = ViewerScene(app, steps, title="2026-12-01 21:12", inline=True)
    ps = steps.positions
    if what == "end":
        scene.index = next(p.index for p in ps if p.kind == "end")
    else:
        scene.index = next(p.index for p in ps if p.play == 6)
    if what == "hands":
        scene.hands = HandsPanel(steps, scene.names)
    return scene


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("what", ["marks", "end", "hands"])
def test_the_viewers_texts_are_at_body_size_in_their_boxes_and_uncovered(
    lang: str, size: tuple[int, int], what: str
) -> None:
    from tarneeb_desktop.ui.kit.boxes import Text
    from tarneeb_desktop.ui.kit.style import Style

    window = pygame.Rect((0, 0), size)
    try:
        with TextSpy():
            app = app_in(lang, size)
            scene = _scene(app, what)
            items = draw_traced(app, scene, size)
            st = Style(*size)
            tree = scene.laid()
            chrome = scene.texts()  # the kit's texts: (words, where their ink is)
            # every line of the kit's texts at the body size at least, inside its box
            boxes: list[Text] = []
            todo = [tree]
            while todo:
                box = todo.pop()
                todo += list(getattr(box, "children", []))
                if isinstance(box, Text):
                    boxes.append(box)
            assert len(boxes) >= 6  # captions, analysis, step, keys at least
            for box in boxes:
                assert box._size >= st.body, (box.words, box._size, st.body)
                for _, ink in box.texts():
                    assert box.rect.contains(ink), (box.words, ink, box.rect)
                    assert window.contains(ink)
            # each was drawn where the kit says, and none of them is below the body size,
            # out of its box or button, covered by a panel or running into another text or a
            # button (the monkey's checks, at the whole body size)
            where = {tuple(ink) for _, ink in chrome}
            drawn = [i for i in items if i.kind != "text" or tuple(i.rect) in where]
            assert len([i for i in drawn if i.kind == "text"]) >= len(where)
            found = problems(drawn, window, st.body, f"{lang} {size} {what}")
            # the controls' labels: at the body size too
            assert all(b.text_size >= st.body for b in scene.buttons())
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("what", ["marks", "end", "hands"])
def test_all_the_viewers_texts_the_felts_too_are_at_the_body_size(
    lang: str, size: tuple[int, int], what: str
) -> None:
    """Every text the viewer draws, not only the kit's chrome: the felt's name plates, the
    trick's marks and the auction box too are at the body size (a name that does not fit
    its plate is cut short, not made smaller), and none of them leaves its box, is covered
    or runs into another text or a button."""
    from tarneeb_desktop.ui.kit.style import Style

    window = pygame.Rect((0, 0), size)
    try:
        with TextSpy():
            app = app_in(lang, size)
            scene = _scene(app, what)
            items = draw_traced(app, scene, size)
            body = Style(*size).body
            texts = [i for i in items if i.kind == "text"]
            if what != "hands":  # the felt's texts are among them (the list of hands
                # stands in the felt's place)
                felt = scene.felt.rect
                on_felt = [t for t in texts if felt.contains(t.rect)]
                assert any(any(n in t.label for n in scene.names) for t in on_felt)
                assert any(t.label == i18n.tr("Auction") for t in on_felt)
            small = [(t.label, t.size) for t in texts if t.size < body]
            assert not small, (small, body)
            found = problems(items, window, body, f"{lang} {size} {what} (all)")
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["ar", "hi", "en"])
def test_the_list_of_hands_keeps_each_row_clear_of_the_next_ones_light(lang: str) -> None:
    """The shots' check: in Arabic a deal thrown in ('ألغيت') reached down into the lit band of
    the hand under it (the band starts an eighth of a step above its row); now a row's step
    keeps the script's ink clear of it."""
    size = (1280, 800)
    window = pygame.Rect((0, 0), size)
    try:
        with TextSpy():
            app = app_in(lang, size)
            doc = json.loads((DATA / "standard-game.json").read_text())
            from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

            steps = positions(doc)
            scene = ViewerScene(app, steps, title="Omar and Nour", inline=True)
            scene.go(next(p.index for p in steps.positions if p.hand == 2 and p.kind == "card"))
            scene.activate("hands")
            items = draw_traced(app, scene, size)
            from tarneeb_desktop.ui.kit.style import Style

            found = problems(items, window, Style(*size).body, f"{lang} hands")
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)
