"""Lines of the replay viewer (and of the lists that name players) that mix a sentence with
names and cards, drawn in the right order in a right-to-left language.

A Latin name or a card inside an Arabic sentence takes the digits and punctuation around it
into its own left-to-right run ("لعب Omar 9♣: 3" came out as "لعب 9 :♣Omar 3", issue 24).
:func:`rtl_run` puts a right-to-left mark after a name, :func:`card_run` also holds a card
("9♣", "7♦/4♦") left to right as on the cards; :func:`blit_line` draws such a line with the
marks taken out once the line is in display order (the fonts have no glyph for them, and a
mark left alone between two scripts would be a run of zero width).
"""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import i18n, text

RLM = "\u200f"  # right-to-left mark
LRM = "\u200e"  # left-to-right mark


def rtl_run(value: str) -> str:
    """A name put into a right-to-left sentence: a right-to-left mark after it keeps the
    digits that follow out of its run ("لعب Omar 9♣: 3 أكلات" stays in that order);
    unchanged in a left-to-right language."""
    return value + RLM if i18n.is_rtl() else value


def card_run(value: str) -> str:
    """A card (or "7♦/4♦") in a right-to-left sentence: read left to right, as printed on
    the cards, and kept apart from what follows; unchanged in a left-to-right language."""
    return LRM + value + LRM + RLM if i18n.is_rtl() else value


def display(line: str) -> str:
    """``line`` in display order (Arabic shaped and reordered), without the marks. In a
    right-to-left language a line with no Arabic letter ("Omar: 7") reads from the right
    too, as its Arabic neighbours ("Omar: باس") do."""
    if i18n.is_rtl() and RLM in line and not any(text.script_of(c) == text.ARABIC for c in line):
        line = str(text.bidi_reorder()(line, base_dir="R"))
    return text.shape(line).replace(RLM, "").replace(LRM, "")


def line_surface(
    line: str,
    size: int,
    colour: tuple[int, ...],
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Surface:
    """``line`` drawn (shrunk to ``max_width`` when given), ready to blit."""
    shown = display(line)
    surf = text.render(shown, size, colour, bold, shaped=True)
    while max_width is not None and size > 8 and surf.get_width() > max_width:
        size = int(size * 0.9)
        surf = text.render(shown, size, colour, bold, shaped=True)
    return surf


def blit_line(
    target: pygame.Surface,
    line: str,
    size: int,
    pos: tuple[int, int],
    colour: tuple[int, ...],
    bold: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw ``line`` with its ``anchor`` point at ``pos``, as ``theme.blit_text`` does, for
    lines made with :func:`rtl_run` and :func:`card_run`."""
    surf = line_surface(line, size, colour, bold, max_width)
    r = surf.get_rect(**{anchor: pos})
    target.blit(surf, r)
    return r


def wrap(line: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``line`` broken as ``text.wrap`` breaks it, measured as :func:`blit_line` draws it (a
    line may hold the marks above)."""

    def width_of(s: str) -> int:
        return line_surface(s, size, (255, 255, 255), bold).get_width()

    return text.wrap(line, size, width, bold, width_of=width_of)
