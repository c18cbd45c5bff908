"""The first start's two questions, asked once (with the tutorial's offer, see
``tutorial_offer.start``): the player's name, with the default filled in, and the language.

The name is typed into the field (Backspace deletes); a language button switches the page to
that language at once; Continue (or Enter) keeps both in the settings and goes on to the
offer of the tutorial. An empty name is refused with a word and changes nothing."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.settings import LANGUAGES, NAME_MAX
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Centred, Column, Panel, Text
from tarneeb_desktop.ui.kit.form import ButtonGrid, Field, GridSpec
from tarneeb_desktop.ui.kit.page import KitScene
from tarneeb_desktop.ui.kit.style import GOLD, PANEL, PANEL_EDGE, WARN, Style
from tarneeb_desktop.ui.kit.widgets import TextField

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class FirstStartScene(KitScene):
    """Your name and your language, then ``then(app)`` (the tutorial's offer)."""

    def __init__(self, app: App, then: Callable[[App], None]) -> None:
        super().__init__(app)
        names = app.settings.names
        # the name offered is a default: selected, so that typing replaces it
        self.field = TextField(
            names[0] if names else "", max_chars=NAME_MAX, printable=True, selected=True
        )
        self.then = then
        self.error: str | None = None
        self.focus = len(LANGUAGES)  # Continue

    def on_show(self) -> None:
        TextField.start()
        self.rebuild()

    def on_hide(self) -> None:
        TextField.stop()

    def layout_key(self) -> object:
        return self.error

    def tree(self, st: Style) -> Box:
        """A panel: the welcome, the name's field, the languages (four to a row, the one
        chosen lit), a word when the name is empty, and Continue."""
        here = i18n.get_language()
        specs: list[GridSpec] = [(w, "lang:" + c, c == here, True, 1) for c, w in LANGUAGES.items()]
        langs = [specs[k : k + 4] for k in range(0, len(specs), 4)]
        self.name_box = Field(self.field, wide=60)
        boxes: list[Box] = [
            Text(tr("Welcome to Tarneeb"), size=st.heading, color=GOLD, bold=True, align="center"),
            Text(tr("Your name"), align="center"),
            self.name_box,
            Text(tr("Language"), align="center"),
            ButtonGrid(langs, group="lang", wide=110),
        ]
        if self.error:
            boxes.append(Text(self.error, color=WARN, align="center"))
        boxes.append(ButtonRow([(tr("Continue"), "continue", True)], group="go"))
        return Centred(Panel(Column(boxes), color=PANEL, edge=PANEL_EDGE), wide=130)

    def field_rect(self) -> pygame.Rect:
        self.laid()
        return self.name_box.box

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
            return True  # a space is typed into the name (it comes as text), not a press
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate(self.buttons()[self.focus].action)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1:
            if self.field_rect().collidepoint(ev.pos):
                self.field.select_all()  # a click on the name selects it, to type anew
                self.dirty = True
                return True
        if self.field.handle_event(ev) == "typed":
            self.error = None
            self.dirty = True
            return True
        return super().handle_event(ev)

    def activate(self, action: str) -> None:
        if action.startswith("lang:"):
            self.app.settings.language = action[5:]
            self.app.apply_settings()
            self.save()
            self.focus = len(LANGUAGES)  # Continue
            self.rebuild()
        elif action == "continue":
            name = self.field.text.strip()
            if not name:
                self.error = tr("Type your name first: it is shown at your seat.")
                self.dirty = True
                return
            names = list(self.app.settings.names) or [name]
            names[0] = name
            self.app.settings.names = names
            self.save()
            self.then(self.app)
        # Esc ("back"): nothing; the questions are answered with Continue

    def save(self) -> None:
        with contextlib.suppress(OSError):  # kept for this session; asked no more all the same
            self.app.settings.save()
