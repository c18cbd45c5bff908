"""The one style of the screens outside the felt: every metric (text sizes, the button's
height, gaps, margins, paddings, radii) and every panel colour, named once.

A metric is a function of the window's size only (``Layout.unit``, 1 % of the smaller-ish
side), so a screen laid out by the kit's boxes (``boxes.py``) needs no number of its own.
Nothing is drawn below ``body``: the kit's text never shrinks, it wraps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.layout import Layout

Colour = tuple[int, ...]

#: A page's panel over the felt (a list, a table of figures).
PANEL: Colour = (6, 20, 14, 215)
#: A page panel's edge.
PANEL_EDGE: Colour = theme.PANEL_LINE
#: A question's or a notice's panel, over the veil.
DIALOG: Colour = (10, 26, 20, 250)
#: The gold edge of a dialog.
DIALOG_EDGE: Colour = (*theme.GOLD, 170)
#: The veil behind a modal: the screen under it dimmed.
VEIL: Colour = (0, 0, 0, 150)
#: Texts: the body's ink, a dim one for notes, gold for titles and what is chosen.
INK: Colour = theme.INK
DIM: Colour = theme.INK_DIM
GOLD: Colour = theme.GOLD
#: A warning's ink (a question before something is thrown away).
WARN: Colour = (255, 170, 150)


#: Letters that reach as high and as low as a line of text goes: Latin's, and the scripts'.
SAMPLE = "ÁÉgjy"
SAMPLES = {"ar": "لإجيئ", "hi": "क्षिप्रा", "ru": "Йуд", "uk": "Їйд"}


@dataclass(frozen=True)
class Style:
    """The metrics of a window of ``w`` x ``h`` pixels."""

    w: int
    h: int

    @cached_property
    def lay(self) -> Layout:
        return Layout(self.w, self.h)

    @property
    def unit(self) -> float:
        return self.lay.unit

    @property
    def body(self) -> int:
        """The body text's size: the least any text is drawn at."""
        return self.lay.text

    @property
    def large(self) -> int:
        """A line that stands out in a page (a table's code): a little above the body."""
        return round(self.body * 1.15)

    @property
    def heading(self) -> int:
        return self.lay.heading

    @property
    def line(self) -> int:
        """A line of body text's step (its height and the space under it): 1.4 of the body
        size, more in a script whose letters stand taller (Arabic's, Hindi's)."""
        return max(round(self.body * 1.4), self.ink.h + round(self.body * 0.3))

    @property
    def ink(self) -> pygame.Rect:
        """Where the ink of a line of body text is on its drawing (the tallest letters of
        the language's script and of Latin): its top is how far below a line's top the
        letters start."""
        return text.ink(SAMPLES.get(i18n.get_language(), "") + SAMPLE, self.body)

    @property
    def margin(self) -> int:
        """Between a box and the window's edge, or between two boxes."""
        return self.lay.margin

    @property
    def gap(self) -> int:
        """Between two buttons of a row, or two lines of a column."""
        return round(self.unit * 2)

    @property
    def tight(self) -> int:
        """Between the rows of a grid of buttons or of a form's fields."""
        return round(self.unit * 1.2)

    @property
    def pad(self) -> int:
        """Inside a panel, between its edge and what it holds."""
        return round(self.unit * 3)

    @property
    def button_h(self) -> int:
        """Every button's height: the lowest whose label reads at the body size (a label
        is drawn at ``theme.LABEL_HEIGHT`` of its button's height), so that every button's
        words are the body's size."""
        bh = math.floor(self.body / theme.LABEL_HEIGHT)
        while round(bh * theme.LABEL_HEIGHT) < self.body:
            bh += 1
        return bh

    @property
    def button_w(self) -> int:
        """The least width of a button (a short label gets a button of this width)."""
        return round(self.unit * 24)

    @property
    def radius(self) -> int:
        return self.lay.margin

    @property
    def page(self) -> pygame.Rect:
        """A page's panel: four fifths of the window's width, centred, under a double margin."""
        r = pygame.Rect(0, 0, round(self.w * 0.8), round(self.h * 0.84))
        r.midtop = (self.w // 2, self.margin * 2)
        return r
