"""The kit's widgets: a one-line text field (the players' names in the settings, the address
and name to join a table, the chat line at a LAN table) and how it is drawn, and the volume
slider (its track, its value under a click, its drawing), each mirrored as a whole right to
left."""

from __future__ import annotations

import pygame

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.theme import blit_panel, blit_text

Colour = tuple[int, ...]
SELECTION = (52, 104, 188)  # behind a selected text
#: A field shows how many characters it holds of how many it takes from this many before.
COUNT_NEAR = 5


def draw_field(
    s: pygame.Surface,
    rect: pygame.Rect,
    line: str,
    size: int,
    *,
    fill: Colour,
    border: Colour,
    ink: Colour = theme.BUTTON_TEXT,
    margin: int,
    radius: int | None = None,
    from_start: bool = False,
    selected: bool = False,
    count: tuple[int, int] | None = None,
) -> None:
    """A text box with ``line`` in it, ``margin`` from its left edge (from its reading start
    with ``from_start``: the right edge in a right-to-left language); ``selected``: the text
    on a highlight, as a selected text is shown (what is typed replaces it); ``count``:
    (characters, the most), written at the box's other end ("18/20", gold when full)."""
    blit_panel(s, rect, color=fill, border=border, radius=rect.h // 4 if radius is None else radius)
    if count is not None:
        shown = f"{i18n.number(count[0])}/{i18n.number(count[1])}"
        room = text.size_of(shown, size)[0] + margin
        end = i18n.mirror_x(rect.right - margin, rect.x, rect.w)
        full = count[0] >= count[1]
        blit_text(s, shown, size, (end, rect.centery), (170, 110, 0) if full else (120, 120, 110),
                  bold=full, anchor=i18n.anchor("midright"))  # fmt: skip
        rect = pygame.Rect(rect.x + (room if i18n.is_rtl() else 0), rect.y, rect.w - room, rect.h)
    x, anchor = rect.x + margin, "midleft"
    if from_start:
        x, anchor = i18n.mirror_x(x, rect.x, rect.w), i18n.anchor(anchor)
    if selected and line:
        w, h = text.size_of(line, size)
        mark = pygame.Rect(0, 0, min(w, rect.w - 2 * margin) + 6, min(h + 4, rect.h - 8))
        setattr(mark, anchor, (x - 3 if anchor == "midleft" else x + 3, rect.centery))
        pygame.draw.rect(s, SELECTION, mark, border_radius=4)
        ink = (255, 255, 255)
    blit_text(s, line, size, (x, rect.centery), ink, anchor=anchor, max_width=rect.w - 2 * margin)


def draw_form_field(
    s: pygame.Surface,
    rect: pygame.Rect,
    line: str,
    size: int,
    *,
    focus: bool,
    margin: int,
    selected: bool = False,
    count: tuple[int, int] | None = None,
    from_start: bool = True,
) -> None:
    """A form's text box: light, gold-edged while it has the focus, typed from the reading
    start (from the left without ``from_start``: a file's name)."""
    draw_field(
        s,
        rect,
        line,
        size,
        fill=(250, 248, 238, 255),
        border=theme.GOLD + (255,) if focus else (0, 0, 0, 90),
        margin=margin,
        from_start=from_start,
        selected=selected,
        count=count,
    )


class TextField:
    """One line of text being typed: letters come as TEXTINPUT events at the caret,
    Backspace and Delete delete before and after it, Home and End move it, Ctrl+A selects
    the whole text (what is typed next replaces it); ``handle_event`` says what happened:
    "typed", "enter", "escape" or None (an event the field does not take). At most
    ``max_chars`` characters, never fewer than ``min_chars`` by deleting; ``printable``
    drops control characters from what is typed; ``selected``: the text given is a default,
    selected, so that typing replaces it."""

    def __init__(
        self,
        text: str = "",
        max_chars: int = 80,
        min_chars: int = 0,
        printable: bool = False,
        selected: bool = False,
    ) -> None:
        self._text, self.caret = text, len(text)
        self.max_chars, self.min_chars, self.printable = max_chars, min_chars, printable
        self.selected = selected and bool(text)
        self.refused = False  # the last typing held a character no font here draws

    def count(self) -> tuple[int, int] | None:
        """(characters, the most) for the field to show once the text nears its limit
        (issue 48 item 5: a long name was cut at 20 with no sign); None before."""
        near = self.max_chars - COUNT_NEAR
        return (len(self.text), self.max_chars) if len(self.text) >= near else None

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        """A text set from outside (a name chosen elsewhere): the caret at its end."""
        self._text, self.caret, self.selected = value, len(value), False

    def select_all(self) -> None:
        self.selected, self.caret = bool(self.text), len(self.text)

    def _drop_selection(self) -> None:
        if self.selected:
            self.text = self.text[: self.min_chars]  # the setter drops the selection

    @staticmethod
    def start() -> None:
        """Ask the system for text input (an on-screen keyboard, an input method)."""
        pygame.key.start_text_input()

    @staticmethod
    def stop() -> None:
        pygame.key.stop_text_input()

    def insert(self, typed: str) -> bool:
        """``typed`` at the caret, in place of the selection (cut at ``max_chars``); changed?"""
        if self.printable:
            typed = "".join(ch for ch in typed if ch.isprintable())
        # a character no shipped font draws (an emoji) would show as an empty box on the
        # plates and screens: it is refused as it is typed (issue 48 item 5)
        kept = "".join(ch for ch in typed if text.can_draw(ch))
        self.refused = len(kept) < len(typed)
        if not kept:
            return False
        self._drop_selection()
        room = self.max_chars - len(self.text)
        if room <= 0:
            return False
        typed = kept[:room]
        self.caret = min(self.caret, len(self.text))
        self._text = self.text[: self.caret] + typed + self.text[self.caret :]
        self.caret += len(typed)
        return True

    def _cut(self, at: int) -> bool:
        """Delete the character at ``at`` (the selection, if any); True if the text changed."""
        if self.selected:
            self._drop_selection()
            return True
        if len(self.text) <= self.min_chars or not 0 <= at < len(self.text):
            return False
        self._text, self.caret = self.text[:at] + self.text[at + 1 :], at
        return True

    def handle_event(self, ev: pygame.event.Event) -> str | None:
        if ev.type == pygame.TEXTINPUT:
            self.insert(ev.text)
            return "typed"
        if ev.type != pygame.KEYDOWN:
            return None
        if ev.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._cut(self.caret - (ev.key == pygame.K_BACKSPACE))  # before the caret, or at it
            return "typed"
        if ev.key == pygame.K_a and getattr(ev, "mod", 0) & pygame.KMOD_CTRL:
            self.select_all()
            return "typed"
        if ev.key == pygame.K_v and getattr(ev, "mod", 0) & pygame.KMOD_CTRL:
            from tarneeb_desktop.ui.clipboard import get_text

            pasted = get_text().strip().splitlines()  # the first line: a code, an address
            if pasted:
                self.insert(pasted[0])
            return "typed"
        if ev.key in (pygame.K_HOME, pygame.K_END):
            self.selected, self.caret = False, 0 if ev.key == pygame.K_HOME else len(self.text)
            return "typed"
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "enter"
        if ev.key == pygame.K_ESCAPE:
            return "escape"
        return None

    def shown(self, focused: bool) -> str:
        """The text as drawn: with a caret where it is while it has the focus (none while
        the whole text is selected: the field is drawn highlighted then)."""
        if not focused or self.selected:
            return self.text
        caret = min(self.caret, len(self.text))
        return self.text[:caret] + "|" + self.text[caret:]


#: The volume slider's step (Left/Right, and where a click or a drag lands), in percent.
VOLUME_STEP = 5
#: A control's face (a stepper's, a switch's, a slider's).
FACE: Colour = (246, 240, 224, 255)
FACE_EDGE: Colour = (0, 0, 0, 60)


def slider_track(rect: pygame.Rect, size: int) -> pygame.Rect:
    """Where a slider's track lies in its box ``rect``: its reading start, leaving room at
    its end for the value ("100 %") at ``size``."""
    room = text.size_of(i18n.percent(1.0), size, True)[0] + size
    pad = max(6, rect.h // 3)
    track = pygame.Rect(0, 0, max(10, rect.w - room - 2 * pad), max(4, rect.h // 7))
    track.centery = rect.centery
    return i18n.align(track, rect, pad=pad)  # the whole slider mirrors: it fills from the right


def slider_value_at(rect: pygame.Rect, size: int, x: int, lo: int, hi: int, step: int) -> int:
    """The value a pointer at ``x`` sets on the slider in ``rect`` (rounded to ``step``)."""
    track = slider_track(rect, size)
    share = (i18n.mirror_x(x, track.x, track.w) - track.x) / max(1, track.w)
    raw = lo + max(0.0, min(1.0, share)) * (hi - lo)
    return max(lo, min(hi, round(raw / step) * step))


def draw_slider(
    s: pygame.Surface,
    rect: pygame.Rect,
    value: int,
    lo: int,
    hi: int,
    shown: str,
    size: int,
    *,
    focused: bool = False,
) -> None:
    """A slider: its track filled up to ``value`` in gold, its knob, ``shown`` at its end."""
    blit_panel(s, rect, color=FACE, border=FACE_EDGE, radius=rect.h // 4)
    track = slider_track(rect, size)
    share = (value - lo) / max(1, hi - lo)
    pygame.draw.rect(s, (150, 150, 140), track, border_radius=track.h // 2)
    filled = i18n.align(pygame.Rect(0, track.y, round(track.w * share), track.h), track)
    pygame.draw.rect(s, (200, 150, 30), filled, border_radius=track.h // 2)
    knob_x = filled.left if i18n.is_rtl() else filled.right
    radius = max(6, rect.h // 4)
    pygame.draw.circle(s, (255, 255, 255), (knob_x, track.centery), radius)
    pygame.draw.circle(
        s, theme.GOLD if focused else (90, 90, 80), (knob_x, track.centery), radius, width=2
    )
    x = i18n.mirror_x(rect.right - max(6, rect.h // 3), rect.x, rect.w)
    blit_text(s, shown, size, (x, rect.centery), theme.BUTTON_TEXT, bold=True,
              anchor=i18n.anchor("midright"))  # fmt: skip


def step_of(rect: pygame.Rect, x: int) -> int:
    """A click at ``x`` on a stepper: -1 on the half at the reading start (its "previous"
    arrow: the right half right to left), else +1."""
    return -1 if (x < rect.centerx) != i18n.is_rtl() else 1


def step_of_key(key: int) -> int:
    """Left and Right on a stepper: the key toward the "next" arrow raises (Left right to
    left); 0 for any other key."""
    forward = pygame.K_LEFT if i18n.is_rtl() else pygame.K_RIGHT
    if key not in (pygame.K_LEFT, pygame.K_RIGHT):
        return 0
    return 1 if key == forward else -1


def draw_stepper(s: pygame.Surface, rect: pygame.Rect, shown: str, size: int, margin: int) -> None:
    """A value between its two arrows ("previous" at the reading start, "next" at the end),
    ``shown`` at ``size`` cut short with an ellipsis, never made smaller."""
    blit_panel(s, rect, color=FACE, border=FACE_EDGE, radius=rect.h // 4)
    arrow = round(size * 1.4)
    start, end = rect.x + margin, rect.right - margin
    # in RTL text.render mirrors the glyphs (bidi rule L4) so that each still points outward
    blit_text(s, "\u2039", arrow, (i18n.mirror_x(start, rect.x, rect.w), rect.centery),
              theme.BUTTON_TEXT, bold=True, anchor=i18n.anchor("midleft"))  # fmt: skip
    blit_text(s, "\u203a", arrow, (i18n.mirror_x(end, rect.x, rect.w), rect.centery),
              theme.BUTTON_TEXT, bold=True, anchor=i18n.anchor("midright"))  # fmt: skip
    room = rect.w - 2 * margin - 2 * text.size_of("\u203a", arrow, True)[0] - margin
    blit_text(s, text.elide(shown, size, max(1, room)), size, rect.center, theme.BUTTON_TEXT,
              anchor="center")  # fmt: skip


def draw_switch(
    s: pygame.Surface, rect: pygame.Rect, on: bool, shown: str, size: int, margin: int
) -> None:
    """An on/off switch at the control's end ("on": its dot toward the end of the line),
    ``shown`` (On or Off) at its start."""
    blit_panel(s, rect, color=FACE, border=FACE_EDGE, radius=rect.h // 4)
    knob = pygame.Rect(0, 0, round(rect.h * 1.6), round(rect.h * 0.6))
    knob.midright = (rect.right - margin, rect.centery)
    knob.x = i18n.mirror_x(knob.right, rect.x, rect.w) if i18n.is_rtl() else knob.x
    pygame.draw.rect(s, (60, 160, 90) if on else (150, 150, 150), knob, border_radius=knob.h // 2)
    dot = knob.h - 6
    cx = knob.right - dot // 2 - 3 if on else knob.x + dot // 2 + 3
    pygame.draw.circle(s, (255, 255, 255), (i18n.mirror_x(cx, knob.x, knob.w), knob.centery),
                       dot // 2)  # fmt: skip
    room = rect.w - knob.w - 3 * margin
    blit_text(s, text.elide(shown, size, max(1, room)), size,
              (i18n.mirror_x(rect.x + margin, rect.x, rect.w), rect.centery), theme.BUTTON_TEXT,
              anchor=i18n.anchor("midleft"))  # fmt: skip
