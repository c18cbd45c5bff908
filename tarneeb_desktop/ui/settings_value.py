"""The value at the end of a settings row, drawn: an action's button, a name being typed, a
switch, or a choice or number between its two arrows (mirrored in a right-to-left language)."""

from __future__ import annotations

from typing import Any

import pygame

from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.kit.widgets import draw_field, draw_slider
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text


def draw_value(
    s: pygame.Surface,
    lay: Layout,
    row: Any,
    vr: pygame.Rect,
    focused: bool,
    editing: bool,
    count: tuple[int, int] | None = None,
) -> None:
    """The value part of a settings row: a button, a name field, a switch or a choice."""
    value = row.get()
    if row.kind == "action":
        b = Button(vr, row.show(value), row.key, primary=row.key == "back")
        b.focus = focused
        b.draw(s)
        return
    if row.kind == "text":
        draw_field(
            s,
            vr,
            str(value) + ("|" if editing else ""),
            round(vr.h * 0.46),
            fill=(255, 255, 255, 235) if editing else (246, 240, 224, 255),
            border=(*theme.GOLD, 255) if editing else (0, 0, 0, 60),
            margin=lay.margin,
            from_start=True,
            count=count,  # how near the name is to its limit, while typed
        )
        return
    size = round(vr.h * 0.46)
    if row.kind == "slider":
        draw_slider(s, vr, int(value), row.lo, row.hi, row.show(value), size, focused=focused)
        return
    blit_panel(s, vr, color=(246, 240, 224, 255), border=(0, 0, 0, 60), radius=vr.h // 4)
    if row.kind == "toggle":
        on = bool(value)
        knob = pygame.Rect(0, 0, round(vr.h * 1.6), round(vr.h * 0.6))
        knob.midright = (vr.right - lay.margin, vr.centery)
        knob = i18n.align(knob, vr, "end", lay.margin)  # the switch mirrors in RTL
        pygame.draw.rect(
            s, (60, 160, 90) if on else (150, 150, 150), knob, border_radius=knob.h // 2
        )
        dot = knob.h - 6
        cx = knob.right - dot // 2 - 3 if on else knob.x + dot // 2 + 3
        cx = i18n.mirror_x(cx, knob.x, knob.w)  # "on" is toward the end of the line
        pygame.draw.circle(s, (255, 255, 255), (cx, knob.centery), dot // 2)
        blit_text(
            s,
            row.show(value),
            size,
            (i18n.mirror_x(vr.x + lay.margin, vr.x, vr.w), vr.centery),
            theme.BUTTON_TEXT,
            anchor=i18n.anchor("midleft"),
        )
        return
    arrow = theme.BUTTON_TEXT
    # "previous" at the start of the line, "next" at its end; in RTL text.render mirrors
    # the glyphs (bidi rule L4) so that each still points outward
    blit_text(
        s,
        "\u2039",
        round(size * 1.4),
        (i18n.mirror_x(vr.x + lay.margin, vr.x, vr.w), vr.centery),
        arrow,
        bold=True,
        anchor=i18n.anchor("midleft"),
    )
    blit_text(
        s,
        "\u203a",
        round(size * 1.4),
        (i18n.mirror_x(vr.right - lay.margin, vr.x, vr.w), vr.centery),
        arrow,
        bold=True,
        anchor=i18n.anchor("midright"),
    )
    blit_text(
        s,
        row.show(value),
        size,
        vr.center,
        theme.BUTTON_TEXT,
        anchor="center",
        max_width=vr.w - 4 * lay.margin,
    )
