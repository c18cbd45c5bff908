"""Issue 47, the daily deal's review on the UI kit: side by side (a wide window) the window's
head, each play's head, step, analysis's lines and cost line, the keys and the controls; one
play at a time (a narrow one) the viewer's chrome with the two results and the switch in its
corner. None of their texts is drawn below the body size, leaves its box, is covered or runs
into another text or a button, in English, Arabic and Russian; the tables (the panes'
pictures) keep their own geometry, checked by the review's other tests."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.ui import i18n
from tests.test_monkey_found import app_in
from tests.test_ui_viewer_hands import draw_traced
from tests.text_spy import TextSpy, problems

pytestmark = pytest.mark.usefixtures("ui_home")
CODE = "2026-12-01/standard"


def _review(app, what: str):  # type: ignore[no-untyped-def]
    """Deal 8's review (its auction has five calls), both plays the computer's: at the
    trick's third card, or at the hand's end."""
    from tarneeb_desktop.session import daily
    from tarneeb_desktop.session.record_steps import positions
    from tarneeb_desktop.ui.screens.daily.review import DailyReview

    res = daily.play_computer(CODE, 7, "medium")
    plays = [("You", positions(res.record), res), ("The computer", positions(res.record), res)]
    review = DailyReview(app, plays, title="Daily deal 8", back=lambda: None, inline=True)
    ps = review.steps.positions
    if what == "end":
        review.go(next(p.index for p in ps if p.kind == "end"))
    else:
        review.go(next(p.index for p in ps if p.play == 6))
    return review


def _text_boxes(tree):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.kit.boxes import Text

    out: list[Text] = []
    todo = [tree]
    while todo:
        box = todo.pop()
        todo += list(getattr(box, "children", []))
        child = getattr(box, "child", None)
        if child is not None:
            todo.append(child)
        if isinstance(box, Text):
            out.append(box)
    return out


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
@pytest.mark.parametrize("what", ["trick", "end"])
def test_the_reviews_texts_are_at_body_size_in_their_boxes_and_uncovered(
    lang: str, size: tuple[int, int], what: str
) -> None:
    from tarneeb_desktop.ui.kit.style import Style

    window = pygame.Rect((0, 0), size)
    try:
        with TextSpy():
            app = app_in(lang, size)
            review = _review(app, what)
            items = draw_traced(app, review, size)
            st = Style(*size)
            wide = size[0] >= 1200
            assert review.side_by_side() == wide
            # the window's boxes, then each pane's (in the pane's room) moved where it is
            boxes = [(box, (0, 0)) for box in _text_boxes(review.laid())]
            if wide:
                rects = review.pane_rects(None)  # type: ignore[arg-type]
                assert len(rects) == 2 and not rects[0].colliderect(rects[1])
                for pane, r in zip(review.panes, rects, strict=True):
                    assert pane._pane is not None
                    boxes += [(box, r.topleft) for box in _text_boxes(pane._pane)]
            else:
                assert review.results is not None and review.switch is not None
            # the heads, the step, the analysis, the keys at least (the results one at a time)
            assert len(boxes) >= (9 if wide else 8)
            for box, at in boxes:
                assert box._size >= st.body, (box.words, box._size, st.body)
                for _, ink in box.texts():
                    assert box.rect.contains(ink), (box.words, ink, box.rect)
                    assert window.contains(ink.move(at))
            # each was drawn where the kit says, and none of them is below the body size,
            # out of its box or button, covered by a panel or running into another text or a
            # button (the monkey's checks, at the whole body size)
            chrome = review.texts()
            where = {tuple(ink) for _, ink in chrome}
            drawn = [i for i in items if i.kind != "text" or tuple(i.rect) in where]
            assert len([i for i in drawn if i.kind == "text"]) >= len(where)
            found = problems(drawn, window, st.body, f"{lang} {size} {what}")
            # the controls' labels (and the switch's): at the body size too
            assert all(b.text_size >= st.body for b in review.buttons())
            assert ("switch" in [b.action for b in review.buttons()]) != wide
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_one_play_at_a_time_the_results_keep_clear_of_the_side_hands(lang: str) -> None:
    """In a narrow window the results and the switch over the table's end corner: the side
    hands' rows go down under them (in Russian at 800x600 they lay over East's cards)."""
    from tarneeb_desktop.ui.layout import LEFT, RIGHT, Layout

    size = (800, 600)
    try:
        app = app_in(lang, size)
        review = _review(app, "trick")
        app.switch(review)
        lay = Layout(*size)
        ch = review.card_h(lay)
        corner = [b.rect for b in (review.results, review.switch) if b is not None]
        assert len(corner) == 2
        for side in (LEFT, RIGHT):
            row = review.hand_rects(lay, side, 13, ch)
            assert not any(c.colliderect(r) for c in corner for r in row), (side, corner)
        top, bottom = review._band(lay)
        assert all(top <= r.top and r.bottom <= bottom for r in row)
    finally:
        i18n.set_language("en")
