"""The kit's boxes added for Settings, How to play and the table's dialogs: a setting's line
(its words at the start, its control at the end, stacked when narrow), a view that scrolls
(only whole lines give their texts and buttons), a row of buttons spread to the edges with
arrows that point the way one reads, a head split at its dot, page dots and key caps in
reading order."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.kit.boxes import ButtonRow, Text
from tarneeb_desktop.ui.kit.lists import Dots, KeyCaps
from tarneeb_desktop.ui.kit.scroll import Control, Heading, Labelled, Scroll
from tarneeb_desktop.ui.kit.style import Style

HELP = "How fast cards move; Instant skips the animations, and nothing else changes at all."


@pytest.fixture(autouse=True)
def _fonts():  # type: ignore[no-untyped-def]
    pygame.font.init()
    text.clear_cache()
    yield
    i18n.set_language("en")


def line() -> Labelled:
    return Labelled("Animation speed", HELP, Control(lambda s, r: None, least=30))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_settings_line_puts_its_words_at_the_start_and_its_control_at_the_end(lang) -> None:  # type: ignore[no-untyped-def]
    i18n.set_language(lang)
    st = Style(1280, 720)
    box = line()
    rect = pygame.Rect(100, 50, 900, box.measure(st, 900))
    box.place(st, rect)
    words, control = box.words_box.rect, box.control.rect
    assert not words.colliderect(control) and rect.contains(control)
    if lang == "ar":
        assert control.right < words.x and words.right > rect.centerx
    else:
        assert words.right < control.x and words.x < rect.centerx
    for _, ink in box.texts():  # every line at the body size, inside the line, clear of it
        assert rect.contains(ink) and not ink.colliderect(control)
    assert {t._size for t in box.words_box.children if isinstance(t, Text)} == {st.body}


def test_a_narrow_settings_line_stacks_its_control_under_its_words() -> None:
    st = Style(800, 600)
    box = line()
    width = round(st.unit * 60)  # too narrow for the words beside the control
    rect = pygame.Rect(0, 0, width, box.measure(st, width))
    box.place(st, rect)
    assert box.control.rect.top >= box.words_box.rect.bottom
    assert rect.contains(box.control.rect) and rect.contains(box.words_box.rect)


def test_a_scroll_shows_whole_lines_and_reveals_the_one_asked() -> None:
    st = Style(1280, 720)
    lines = [Heading("Rules")] + [line() for _ in range(12)]
    view = Scroll(lines)
    rect = pygame.Rect(0, 0, 900, 300)
    view.place(st, rect)
    assert view.max_offset > 0 and view.offset == 0
    shown = [r for _, r in view.texts()]
    assert shown and all(rect.contains(r) for r in shown)  # a line cut by the edge says nothing
    view.reveal(9, first=8)
    r9 = view.line_rect(9)
    assert view.view.contains(r9) and view.line_at(r9.center) == 9
    for a, b in itertools.pairwise(range(len(lines))):
        assert view.line_rect(a).bottom <= view.line_rect(b).top
    view.scroll_to(10**6)  # kept within what there is
    assert view.offset == view.max_offset
    assert view.line_rect(len(lines) - 1).bottom == rect.bottom


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_spread_row_puts_its_first_button_at_the_start_and_arrows_point_the_reading_way(
    lang: str,
) -> None:
    i18n.set_language(lang)
    st = Style(1280, 720)
    row = ButtonRow([("Previous page", "prev", False), ("Menu", "back", False),
                     ("Next page", "next", True)], arrows={"prev": -1, "next": 1},
                    spread=True)  # fmt: skip
    rect = pygame.Rect(40, 600, 1200, row.measure(st, 1200))
    row.place(st, rect)
    b = {x.action: x for x in row.buttons()}
    start, end = ("right", "left") if lang == "ar" else ("left", "right")
    assert getattr(b["prev"].rect, start) == getattr(rect, start)
    assert getattr(b["next"].rect, end) == getattr(rect, end)
    assert abs(b["back"].rect.centerx - rect.centerx) <= 1
    way = -1 if lang == "ar" else 1
    assert b["next"].arrow == way and b["prev"].arrow == -way
    # an arrow keeps its room: the label is drawn at the body size, clear of it
    assert {x.text_size for x in row.buttons()} == {st.body}


def test_a_head_too_long_for_one_line_splits_at_its_dot() -> None:
    st = Style(800, 600)
    head = Text("Tutorial  \u00b7  Lesson 2 of 5", bold=True, split="\u00b7")
    wide = text.size_of(head.words, st.body, True)[0] + 10
    head.place(st, pygame.Rect(0, 0, wide, head.measure(st, wide)))
    assert len(head.lines) == 1  # on one line when it fits
    narrow = text.size_of("Lesson 2 of 5", st.body, True)[0] + 10
    head.place(st, pygame.Rect(0, 0, narrow, head.measure(st, narrow)))
    assert head.lines == ["Tutorial", "Lesson 2 of 5"]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_page_dots_and_key_caps_read_from_the_start(lang: str) -> None:
    i18n.set_language(lang)
    st = Style(1280, 720)
    dots = Dots(5, 0)
    dots.place(st, pygame.Rect(0, 0, 1280, dots.measure(st, 1280)))
    xs = [r.centerx for r in dots.spots]
    assert xs == (sorted(xs, reverse=True) if lang == "ar" else sorted(xs))
    assert dots.at(dots.spots[3].center) == 3
    caps = KeyCaps([("H", "A hint: what a strong player would do"), ("Esc", "the menu")])
    rect = pygame.Rect(0, 0, 600, caps.measure(st, 600))
    caps.place(st, rect)
    for (_, cap), words in zip(caps.caps, caps.words, strict=True):
        assert not cap.colliderect(words.rect)
        assert (cap.x > words.rect.x) == (lang == "ar")  # the cap at the reading start
