"""The first start's two questions, asked once (with the tutorial's offer, see
``tutorial_offer.start``): the player's name, with the default filled in, and the language.

The name is typed into the field (Backspace deletes); a language button switches the page to
that language at once; Continue (or Enter) keeps both in the settings and goes on to the
offer of the tutorial. An empty name is refused with a word and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.settings import LANGUAGES, NAME_MAX
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.widgets import TextField, draw_field

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class FirstStartScene(ButtonScene):
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

    # ------------------------------------------------------------------ geometry
    def box(self, lay: Layout) -> pygame.Rect:
        """The panel, as tall as its content: the title, the name, the language buttons (two
        rows) and Continue."""
        m, u = lay.margin, lay.unit
        r = pygame.Rect(0, 0, min(lay.w - 4 * m, round(u * 130)), 0)
        rows = 2 * round(u * 6.6) + round(u * 1.6)
        r.h = m * 5 + round(lay.heading * 1.6) + 2 * round(lay.text * 1.6) + round(u * 7)
        r.h += m * 2 + rows + m * 3 + round(u * 7) + m * 2
        r.h = min(r.h, lay.h - 2 * m)
        r.center = (lay.w // 2, lay.h // 2)
        return r

    def rows(self, lay: Layout) -> tuple[int, int, int, int]:
        """The tops of the name's label, its field, the language's label and its buttons."""
        box = self.box(lay)
        step = round(lay.text * 1.6)
        name_y = box.y + lay.margin * 2 + round(lay.heading * 1.6) + lay.margin
        field_y = name_y + step
        lang_y = field_y + round(lay.unit * 7) + lay.margin * 2
        return name_y, field_y, lang_y, lang_y + step

    def field_rect(self, lay: Layout) -> pygame.Rect:
        box = self.box(lay)
        r = pygame.Rect(0, self.rows(lay)[1], min(box.w - 4 * lay.margin, round(lay.unit * 60)), 0)
        r.h = round(lay.unit * 7)
        r.centerx = box.centerx
        return r

    def build(self, lay: Layout) -> list[Button]:
        box = self.box(lay)
        codes = list(LANGUAGES)
        per_row = 4
        gap = round(lay.unit * 1.6)
        bw = (min(box.w - 4 * lay.margin, round(lay.unit * 110)) - gap * (per_row - 1)) // per_row
        bh = round(lay.unit * 6.6)
        y0 = self.rows(lay)[3]
        out = []
        for i, code in enumerate(codes):
            row, col = divmod(i, per_row)
            n = min(per_row, len(codes) - row * per_row)
            if i18n.is_rtl():
                col = n - 1 - col
            left = box.centerx - (n * bw + (n - 1) * gap) // 2
            r = pygame.Rect(left + col * (bw + gap), y0 + row * (bh + gap), bw, bh)
            chosen = code == i18n.get_language()
            out.append(Button(r, LANGUAGES[code], "lang:" + code, primary=chosen, group="lang"))
        go = pygame.Rect(0, 0, round(lay.unit * 34), round(lay.unit * 7))
        go.midbottom = (box.centerx, box.bottom - lay.margin * 2)
        out.append(Button(go, tr("Continue"), "continue", primary=True))
        return out

    # ------------------------------------------------------------------ acting
    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
            return True  # a space is typed into the name (it comes as text), not a press
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focus = self.buttons()[self.focus].action
            self.activate(focus)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 1) == 1:
            if self.field_rect(Layout(*self.app.size)).collidepoint(ev.pos):
                self.field.select_all()  # a click on the name selects it, to type anew
                self.dirty = True
                return True
        what = self.field.handle_event(ev)
        if what == "typed":
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
        try:
            self.app.settings.save()
        except OSError:
            pass  # kept for this session; asked no more all the same

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box = self.box(lay)
        blit_panel(surface, box, color=(6, 20, 14, 225), radius=round(lay.unit * 2.5))
        blit_text(
            surface,
            tr("Welcome to Tarneeb"),
            lay.heading,
            (box.centerx, box.y + lay.margin * 2),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        name_y, _, lang_y, _ = self.rows(lay)
        blit_text(
            surface, tr("Your name"), lay.text, (box.centerx, name_y), theme.INK, anchor="midtop"
        )
        draw_field(
            surface,
            self.field_rect(lay),
            self.field.shown(True),
            lay.text,
            fill=(250, 248, 238, 255),
            border=(*theme.GOLD, 200),
            margin=lay.margin,
            from_start=True,
            selected=self.field.selected,
            count=self.field.count(),
        )
        blit_text(
            surface, tr("Language"), lay.text, (box.centerx, lang_y), theme.INK, anchor="midtop"
        )
        buttons = self.buttons()
        for b in buttons:
            b.draw(surface)
        if self.error:
            blit_text(
                surface,
                self.error,
                lay.text,
                (box.centerx, buttons[-1].rect.top - lay.margin),
                (255, 170, 150),
                anchor="midbottom",
            )
