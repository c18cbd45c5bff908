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
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.boxes import Box, Column
from tarneeb_desktop.ui.kit.scroll import Control, Labelled
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.kit.widgets import (
    VOLUME_STEP,
    draw_slider,
    draw_stepper,
    draw_switch,
    slider_value_at,
    step_of,
    step_of_key,
)
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS, on_off
from tarneeb_desktop.ui.theme import Button, clicked

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


class ValueControl(Control):
    """A row's value, painted as a stepper, a switch or the volume's slider with what it is
    now; a ``Button`` of its own (``set:NAME``, not drawn) takes the clicks and the focus."""

    def __init__(self, dialog: TableSettingsDialog, name: str) -> None:
        super().__init__(self.paint_value, least=34)
        self.dialog, self.name = dialog, name
        self.show = next(row[3] for row in ROWS if row[0] == name)
        self.button = Button(pygame.Rect(0, 0, 0, 0), "", "set:" + name)

    def place(self, st: Style, rect: pygame.Rect) -> None:
        super().place(st, rect)
        self.st = st
        self.button.rect = pygame.Rect(rect)
        self.button.label = self.show(getattr(self.dialog.settings, self.name))

    def paint_value(self, s: pygame.Surface, rect: pygame.Rect) -> None:
        st, value, show = self.st, getattr(self.dialog.settings, self.name), self.show
        if self.name == "volume":
            v = round(value * 100)
            draw_slider(s, rect, v, 0, 100, i18n.percent(v / 100), st.body,
                        focused=self.button.focus)  # fmt: skip
        elif self.name in SWITCHES:
            draw_switch(s, rect, value not in OFF, show(value), st.body, st.margin)
        else:
            draw_stepper(s, rect, show(value), st.body, st.margin)

    def buttons(self) -> list[Button]:
        return [self.button]

    def focused(self) -> bool:
        return self.button.focus


#: the rows shown as a switch, and the values that are "off" (sound, the four-colour deck,
#: a forced card playing itself)
SWITCHES = ("sound", "card_style", "auto_play_single")
OFF = (False, "classic")


class TableSettingsDialog(KitDialog):
    """The rows of :data:`ROWS`, each a setting's line of the kit (its label at the reading
    start, its value at the end: a stepper, a switch or the volume's slider), and Back (to
    the pause menu). Up and Down choose a line, Left and Right change its value (towards
    the "next" arrow raises), Enter takes the next value, Esc goes back."""

    kind = "table_settings"
    width = 100.0
    scene: SettingsContext
    sliding = False  # the pointer holds the volume's slider

    def title(self) -> str:
        return tr("Settings")

    def specs(self) -> list[tuple[str, str, bool]]:
        return [(tr("Back"), "menu_page", True)]

    def body(self, st: Style) -> list[Box]:
        lines: list[Box] = []
        for name, label, _, _ in ROWS:
            control = ValueControl(self, name)
            lines.append(Labelled(tr(label), "", control, control.focused))
        return [*super().body(st), Column(lines, gap=0)]

    @property
    def settings(self) -> Settings:
        return self.scene.app.settings

    def buttons(self) -> list[Button]:
        out = super().buttons()
        if out and not any(b.focus for b in out):
            out[0].focus = True
        return out

    def step(self, name: str, direction: int) -> None:
        """The next (``direction`` 1) or the previous (-1) value of setting ``name``: saved
        and applied now; the volume a step of its slider."""
        if name == "volume":
            self.slide(step=direction)
            return
        values = next(row[2] for row in ROWS if row[0] == name)
        now = getattr(self.settings, name)
        i = values.index(now) if now in values else -direction
        self.put(name, values[(i + direction) % len(values)])

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
            size = Style(self.scene.layout.w, self.scene.layout.h).body
            value = slider_value_at(b.rect, size, x, 0, 100, VOLUME_STEP)
        else:
            value = max(0, min(100, now + step * VOLUME_STEP))
        if value != now:
            self.put("volume", value / 100)

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
        self._laid = None  # the values' words (and a new language) laid out again
        for b in self.buttons():
            b.focus = b.action == focus
        scene.invalidate()

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        volume = self.slider()
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and volume is not None:
            if volume.rect.collidepoint(ev.pos):  # the slider: set where clicked, then drag
                self._focus(volume, buttons)
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
        focus = next((b for b in buttons if b.focus), None)
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_UP, pygame.K_DOWN) and buttons:
                i = buttons.index(focus) if focus in buttons else -1
                step = 1 if ev.key == pygame.K_DOWN else -1
                self._focus(buttons[(i + step) % len(buttons)], buttons)
                return True
            if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and focus is not None:
                if focus.action.startswith("set:"):
                    self.step(focus.action[4:], step_of_key(ev.key))
                return True
            if ev.key == pygame.K_ESCAPE:
                self.scene.overlay_action("paused")
                return True
            if focus is volume and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return True  # a slider has no next value to take
        b = chosen(ev, buttons)
        if b is not None and b.action.startswith("set:"):
            self._focus(b, buttons)
            name = b.action[4:]
            click = ev.type == pygame.MOUSEBUTTONDOWN and name not in SWITCHES
            self.step(name, step_of(b.rect, ev.pos[0]) if click else 1)
            return True
        if b is not None and b.action == "menu_page":
            self.scene.overlay_action("paused")
            return True
        return super().handle_event(ev, buttons)

    def _focus(self, chosen: Button, buttons: list[Button]) -> None:
        for b in buttons:
            b.focus = b is chosen
        self.scene.dirty = True
