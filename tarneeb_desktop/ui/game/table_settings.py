"""The settings that may change in the middle of a game, from the pause menu: the animation
speed, the sound and its volume, the language, the four-colour deck and the forced card
playing itself.

Each row is its label and a button showing the value; a click (or Enter) on it moves to the
next value, which is saved and applied at once. The volume is a slider, 0 to 100 % as in
Settings (issue 48 item 6): a click or a drag sets it where the pointer is, Left and Right
step it. Back returns to the pause menu. The rest of
the settings (rules, seats, names) belong to the next game and stay on the Settings screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tarneeb_desktop.settings import LANGUAGES, SPEED_FACTORS
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.dialogs import Dialog, page_title
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.widgets import VOLUME_STEP, draw_slider, slider_value_at
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS, on_off
from tarneeb_desktop.ui.theme import Button, blit_text, clicked, fit_group

if TYPE_CHECKING:
    from tarneeb_desktop.settings import Settings
    from tarneeb_desktop.table.link import Link
    from tarneeb_desktop.ui.app import App
    from tarneeb_desktop.ui.game.context import DialogContext

    class SettingsContext(DialogContext, Protocol):
        """What this page uses besides a dialog's context: the window (its settings,
        applied at once) and the link (a forced card playing itself)."""

        @property
        def app(self) -> App: ...
        @property
        def link(self) -> Link: ...


#: (the setting, its label as Settings words it, its values, how a value is shown)
ROWS: tuple[tuple[str, str, tuple[Any, ...], Callable[[Any], str]], ...] = (
    (
        "animation_speed",
        N_("Animation speed"),
        tuple(SPEED_FACTORS),
        lambda v: tr(CHOICE_LABELS.get(v, v)),
    ),
    ("sound", N_("Sound"), (True, False), on_off),
    # beside sound on/off: how loud (a slider: its values are any of 0 to 100 %)
    ("volume", N_("Volume"), (), lambda v: i18n.percent(float(v))),
    ("language", "Language", tuple(LANGUAGES), lambda v: LANGUAGES.get(v, v)),
    (
        "card_style",
        N_("Four-colour deck"),
        ("classic", "four-color"),
        lambda v: on_off(v != "classic"),
    ),
    ("auto_play_single", N_("Play a forced card by itself"), (False, True), on_off),
)


def chosen(ev: pygame.event.Event, buttons: list[Button]) -> Button | None:
    """The button a click or Enter chooses, if any."""
    if ev.type == pygame.MOUSEBUTTONDOWN:
        return clicked(ev, buttons)
    if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        return next((b for b in buttons if b.focus), None) or next(
            (b for b in buttons if b.primary), None
        )
    return None


class TableSettingsDialog(Dialog):
    """The rows of :data:`ROWS` and Back (to the pause menu)."""

    kind = "table_settings"
    size = (100.0, 78.0)
    scene: SettingsContext
    sliding = False  # the pointer holds the volume's slider

    def specs(self) -> list[tuple[str, str, bool]]:
        return [(tr("Back"), "menu_page", True)]

    @property
    def settings(self) -> Settings:
        return self.scene.app.settings

    def row_y(self, lay: Layout, box: pygame.Rect, i: int) -> int:
        return box.y + round(lay.heading * 2.6) + i * round(lay.unit * 8.2)

    def layout_buttons(self, lay: Layout, box: pygame.Rect, bw: int, bh: int) -> list[Button]:
        rtl = i18n.is_rtl()
        out = []
        vw = round(box.w * 0.3)
        for i, (name, _, _, show) in enumerate(ROWS):
            r = pygame.Rect(0, self.row_y(lay, box, i), vw, bh)
            if rtl:
                r.left = box.x + round(lay.unit * 4)
            else:
                r.right = box.right - round(lay.unit * 4)
            out.append(Button(r, show(getattr(self.settings, name)), "set:" + name))
        fit_group(out)
        back = super().layout_buttons(lay, box, bw, bh)
        if not any(b.focus for b in out):
            out[0].focus = True
        return out + back

    def cycle(self, name: str) -> None:
        """The next value of setting ``name``: saved and applied now."""
        values = next(row[2] for row in ROWS if row[0] == name)
        now = getattr(self.settings, name)
        self.put(
            name, values[(values.index(now) + 1) % len(values)] if now in values else values[0]
        )

    def slider(self) -> Button | None:
        """The volume's place (a slider drawn there, not a button)."""
        return next((b for b in self.buttons() if b.action == "set:volume"), None)

    def slide(self, x: int | None = None, step: int = 0) -> None:
        """The volume where the pointer is (``x``), or a step of it (``step``: -1, +1)."""
        b = self.slider()
        now = round(self.settings.volume * 100)
        if b is None:
            return
        if x is not None:
            value = slider_value_at(b.rect, self.value_size(b), x, 0, 100, VOLUME_STEP)
        else:
            value = max(0, min(100, now + step * VOLUME_STEP))
        if value != now:
            self.put("volume", value / 100)

    def value_size(self, b: Button) -> int:
        return max(self.scene.layout.text, round(b.rect.h * theme.LABEL_HEIGHT))

    def put(self, name: str, value: Any) -> None:
        """Setting ``name`` to ``value``: saved and applied now."""
        s = self.settings
        setattr(s, name, value)
        try:
            s.save()
        except OSError:
            pass  # in force for this session all the same
        scene = self.scene
        scene.app.apply_settings()
        if name == "auto_play_single":
            scene.link.set_auto_single(bool(s.auto_play_single))
        focus = next((b.action for b in self.buttons() if b.focus), "set:" + name)
        self._buttons = None  # the labels in the new value (and language)
        for b in self.buttons():
            b.focus = b.action == focus
        scene.invalidate()

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        volume = self.slider()
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and volume is not None:
            if volume.rect.collidepoint(ev.pos):  # the slider: set where clicked, then drag
                for other in buttons:  # and its keys (Left, Right) are the slider's now
                    other.focus = other is volume
                self.sliding = True
                self.slide(x=ev.pos[0])
                return True
        if self.sliding and ev.type == pygame.MOUSEMOTION:
            if ev.buttons and ev.buttons[0]:
                self.slide(x=ev.pos[0])
            else:
                self.sliding = False
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.sliding = False
        if ev.type == pygame.KEYDOWN and volume is not None and volume.focus:
            if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):  # towards the end of the line: up
                up = pygame.K_LEFT if i18n.is_rtl() else pygame.K_RIGHT
                self.slide(step=1 if ev.key == up else -1)
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return True  # a slider has no next value to cycle to
        b = chosen(ev, buttons)
        if b is not None and b.action.startswith("set:"):
            self.cycle(b.action[4:])
            return True
        if (
            b is not None
            and b.action == "menu_page"
            or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE)
        ):
            self.scene.overlay_action("paused")
            return True
        return super().handle_event(ev, buttons)

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        volume = self.slider()
        super().draw(s, lay, [b for b in buttons if b is not volume])
        if volume is not None:  # a slider where the volume's button is laid out
            value = round(self.settings.volume * 100)
            draw_slider(s, volume.rect, value, 0, 100, i18n.percent(value / 100),
                        self.value_size(volume), focused=volume.focus)  # fmt: skip

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        page_title(s, lay, box, tr("Settings"))
        rtl = i18n.is_rtl()
        bh = lay.button[1]
        step = round(lay.text * 1.25)
        room = round(box.w * 0.7) - round(lay.unit * 10)  # beside the value, at body size
        for i, (_, label, _, _) in enumerate(ROWS):
            lines = text.wrap(tr(label), lay.text, room)
            y = self.row_y(lay, box, i) + bh // 2 - step * (len(lines) - 1) // 2
            x = box.right - round(lay.unit * 4) if rtl else box.x + round(lay.unit * 4)
            for line in lines:
                anchor = "midright" if rtl else "midleft"
                blit_text(s, line, lay.text, (x, y), theme.INK, anchor=anchor)
                y += step
