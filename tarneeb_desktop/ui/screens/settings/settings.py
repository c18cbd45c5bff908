"""The settings screen: the game (Tarneeb or 41 / 400) with its presets and options, the
seats, names, look, sound and language.

One scrolling list of rows, each with a one-sentence explanation. Up/Down (or Tab and
Shift+Tab) move the focus, Left/Right change the focused value, Enter toggles or starts typing
a name, Esc goes back. The mouse works too: a click on a value's left half lowers it, on its
right half raises it; the wheel scrolls. Every change is applied and saved at once. The page
is laid out by the kit (``kit/scroll.py``: a ``Scroll`` of ``Labelled`` lines and headings, the
controls drawn by ``kit/widgets.py``); right to left each line is mirrored as a whole: the
value sits on the left, its left half and the Left key raise it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from tarneeb_desktop.rules import RulesError, make_rules
from tarneeb_desktop.rules.options import CHOICES, GAME_PRESETS, INT_RANGES
from tarneeb_desktop.settings import (
    CARD_BACKS,
    CARD_STYLES,
    LANGUAGES,
    LEVELS,
    NAME_MAX,
    SEAT_KINDS,
    SPEEDS,
    Settings,
)
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.lists import Inline
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.kit.page import Page
from tarneeb_desktop.ui.kit.scroll import Control, Heading, Labelled, Scroll
from tarneeb_desktop.ui.kit.style import DIM, GOLD, Style
from tarneeb_desktop.ui.kit.widgets import (
    FACE,
    FACE_EDGE,
    VOLUME_STEP,
    TextField,
    draw_field,
    draw_slider,
    draw_stepper,
    draw_switch,
    slider_value_at,
    step_of,
    step_of_key,
)
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.screens.settings.rows import (
    HELP,
    INT_STEP,
    LEVEL_HELP,
    LEVEL_OF,
    NAME_OF,
    PLAYED_BY,
    PRESET_HELP,
    RULE_ROWS,
    choice_label,
    on_off,
)
from tarneeb_desktop.ui.theme import Button

log = logging.getLogger(__name__)


Choices = tuple[Any, ...]


@dataclass
class Row:
    """One line of the screen. ``kind``: heading, choice, toggle, number, slider, text or
    action."""

    key: str
    label: str
    kind: str
    help: str = ""
    choices: Choices = ()
    get: Callable[[], Any] = lambda: None
    put: Callable[[Any], None] = lambda v: None
    show: Callable[[Any], str] = str  # by default a choice's words, a switch's On or Off
    lo: int = 0
    hi: int = 0
    step: int = 1

    def __post_init__(self) -> None:
        if self.show is str:
            self.show = {"choice": choice_label, "toggle": on_off}.get(self.kind, str)

    @property
    def focusable(self) -> bool:
        return self.kind != "heading"


class SettingsScene(Scene):
    """All the settings on one scrolling page."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.focus = 1  # the first row after the first heading
        self.scroll = 0
        self.editing: int | None = None  # index of the name row being typed into
        self.field: TextField | None = None  # the name being typed
        self.rows: list[Row] = []
        self._page: Page | None = None  # the page laid out by the kit, for _page_key
        self._page_key: object = None
        self._style = Style(*app.size)
        self.scroller = Scroll([])
        self.notice: tuple[str, float] | None = None  # a word after a change, and its time
        self.sliding: int | None = None  # the slider row the pointer holds
        self.rebuild()

    @property
    def s(self) -> Settings:
        return self.app.settings

    def rebuild(self) -> None:
        key = self.rows[self.focus].key if self.rows and self.focus < len(self.rows) else None
        self.rows = self._make_rows()
        if key is not None:
            for i, r in enumerate(self.rows):
                if r.key == key:
                    self.focus = i
        self.focus = min(self.focus, len(self.rows) - 1)
        if not self.rows[self.focus].focusable:
            self.move_focus(1)
        self._page = None
        self.dirty = True

    def _make_rows(self) -> list[Row]:
        s = self.s
        rules = s.rules()

        def own(key: str, label: str, kind: str, attr: str, choices: Choices = ()) -> Row:
            """A row for one of the settings' own values, explained by ``HELP[attr]``."""
            get, put = partial(getattr, s, attr), partial(self._set, attr)
            return Row(key, label, kind, HELP[attr], choices, get, put)

        def item(
            key: str, labels: dict[int, str], name: str, i: int, help_: str, choices: Choices = ()
        ) -> Row:
            """A row for seat ``i``'s item of the list ``name`` (a name when it has no choices)."""
            kind, put = "choice" if choices else "text", partial(self._set, name, i=i)
            return Row(
                f"{key}{i}", labels[i], kind, help_, choices, lambda: getattr(s, name)[i], put
            )

        def rule(key: str, label: str, help_: str) -> Row:
            """A rules option's row: a switch, a number or a choice, as its value is."""
            v = getattr(rules, key)
            kind = "toggle" if isinstance(v, bool) else "number" if isinstance(v, int) else "choice"
            row = Row(
                key, label, kind, help_, CHOICES.get(key, ()), put=partial(self._set_option, key)
            )
            row.get = lambda: getattr(s.rules(), key)
            row.lo, row.hi = INT_RANGES.get(key, (0, 0))
            row.step = INT_STEP.get(key, 1)
            return row

        def action(key: str, label: str, word: str, then: Callable[[], None]) -> Row:
            return Row(key, label, "action", HELP[key], put=lambda v: then(), show=lambda v: word)

        game = Row("game", N_("Game"), "choice", HELP["game"], tuple(GAME_PRESETS))
        game.get, game.put = (lambda: s.rules().game), self._set_game
        help_ = PRESET_HELP.get(rules.preset, HELP["preset"])
        preset = Row("preset", N_("Rules preset"), "choice", help_, GAME_PRESETS[rules.game])
        preset.get, preset.put = (lambda: s.rules_preset), self._set_preset
        preset.show = lambda v: (
            tr("{rules} (Custom)", rules=choice_label(v)) if s.rule_options else choice_label(v)
        )
        rows = [Row("h_game", "Rules", "heading"), game, preset]
        section = ""
        for game_of, sec, key, label, about in RULE_ROWS:
            if game_of == rules.game:
                if sec != section:
                    section = sec
                    rows.append(Row("h_" + sec, sec, "heading"))
                rows.append(rule(key, label, about))
        rows.append(Row("h_seats", N_("Players"), "heading"))
        for seat in range(4):
            if seat > 0:
                rows.append(item("seat", PLAYED_BY, "seats", seat, HELP["seat"], SEAT_KINDS))
                if s.seats[seat] == "computer":
                    level = LEVEL_HELP.get(s.levels[seat], "")
                    rows.append(item("level", LEVEL_OF, "levels", seat, level, LEVELS))
            rows.append(item("name", NAME_OF, "names", seat, HELP["name" if seat else "name0"]))
        # issue 48 item 6: a real slider, 0 to 100, as at the table
        volume = Row(
            "volume", N_("Volume"), "slider", HELP["volume"], lo=0, hi=100, step=VOLUME_STEP
        )
        volume.get = lambda: round(s.volume * 100)
        volume.put = lambda v: self._set("volume", v / 100)
        volume.show = lambda v: i18n.percent(v / 100)
        language = own("language", "Language", "choice", "language", tuple(LANGUAGES))
        language.show = lambda v: LANGUAGES.get(v, v)
        rows += [
            Row("h_look", N_("Look and sound"), "heading"),
            own("speed", N_("Animation speed"), "choice", "animation_speed", SPEEDS),
            own("style", N_("Card colours"), "choice", "card_style", CARD_STYLES),
            own("back", N_("Card back"), "choice", "card_back", CARD_BACKS),
            own("sound", N_("Sound"), "toggle", "sound"),
            volume,
            language,
            own("auto_single", N_("Play a forced card by itself"), "toggle", "auto_play_single"),
            own("allow_undo", N_("Undo my last move"), "toggle", "allow_undo"),
            own("fullscreen", "Full screen", "toggle", "fullscreen"),
            action("defaults", N_("Restore the defaults"), tr("Restore"), self._restore),
            action("back", N_("Back to the menu"), tr("Back"), self.back),
        ]
        for r in rows:  # labels are English keys; a formatted one is already translated
            r.label, r.help = tr(r.label), tr(r.help) if r.help else ""
        return rows

    def _save(self) -> None:
        self.app.apply_settings()
        try:
            self.s.save()
        except OSError as exc:
            log.warning("could not save the settings: %s", exc)

    def _set(self, name: str, value: Any, i: int | None = None) -> None:
        """The setting ``name`` (item ``i`` of it, a seat's, when given) set and saved."""
        if i is not None:
            value = [value if k == i else v for k, v in enumerate(getattr(self.s, name))]
        setattr(self.s, name, value)
        self._save()
        # the labels in the new language; a computer seat shows its level row, a level its words
        if name in ("language", "seats", "levels"):
            self.rebuild()

    def _set_preset(self, preset: str) -> None:
        self.s.rules_preset = preset
        self.s.rule_options = {}
        self._save()
        self.rebuild()  # the preset's own line

    def _set_game(self, game: str) -> None:
        """Tarneeb or 41: that game's first preset, and only its options below."""
        if game != self.s.rules().game:
            self._set_preset(GAME_PRESETS[game][0])

    def _set_option(self, key: str, value: Any) -> None:
        s = self.s
        try:
            rules = make_rules(s.rules_preset, **{**s.rule_options, key: value})
        except RulesError:
            return
        d = rules.to_dict()
        d.pop("preset")
        s.rule_options = d  # only what differs from the preset: "Custom" when not empty
        self._save()

    def _restore(self) -> None:
        """Ask first, in the window's modal: every setting is lost (Keep my settings, the
        safe choice, has the focus; Enter and Esc take it)."""
        words = [tr("Every setting goes back to how the game comes; the language stays.")]
        answers = [(tr("Keep my settings"), "keep"), (tr("Restore"), "restore")]
        title = tr("Restore the defaults?")
        self.app.ask(Modal(title, words, answers, self._restore_now, kind="restore"))

    @property
    def question(self) -> Modal | None:
        """ "Restore the defaults?" while it is asked."""
        return self.app.modals.asking("restore")

    def _restore_now(self, answer: str) -> None:
        if answer != "restore":
            return
        lang = self.s.language
        fresh = Settings()
        for name in fresh.to_dict():
            if name != "format_version":
                setattr(self.s, name, getattr(fresh, name))
        self.s.language = lang  # keep the language the player can read
        self._save()
        self.rebuild()
        self.notice = (tr("Settings restored"), 2.5)

    def update(self, dt: float) -> None:
        if self.notice is not None:
            left = self.notice[1] - dt
            self.notice = (self.notice[0], left) if left > 0 else None
            self.dirty = True

    def busy(self) -> bool:
        return self.notice is not None

    def back(self) -> None:
        self.editing = None
        self.app.show_menu()

    def change(self, row: Row, direction: int) -> None:
        """Move ``row``'s value one step (``direction`` +1 or -1); toggles flip."""
        value = row.get()
        if row.kind == "toggle":
            row.put(not value)
        elif row.kind == "choice":
            opts = row.choices
            i = opts.index(value) if value in opts else 0
            row.put(opts[(i + direction) % len(opts)])
        elif row.kind in ("number", "slider"):
            row.put(max(row.lo, min(row.hi, int(value) + direction * row.step)))
        self.dirty = True

    def slide(self, i: int, x: int) -> None:
        """A slider row's value where the pointer is (a click or a drag on it)."""
        row, vr = self.rows[i], self.value_rect(i)
        value = slider_value_at(vr, self._style.body, x, row.lo, row.hi, row.step)
        if value != row.get():
            row.put(value)
            self.dirty = True

    def activate(self, i: int) -> None:
        row = self.rows[i]
        if row.kind == "text":
            self.editing = None if self.editing == i else i
            if self.editing is not None:
                self.field = TextField(str(row.get()), NAME_MAX, min_chars=1, printable=True)
                TextField.start()
            else:
                TextField.stop()
        elif row.kind == "action":
            row.put(None)
        else:
            self.change(row, 1)
        self.dirty = True

    def move_focus(self, step: int) -> None:
        n = len(self.rows)
        i = self.focus
        for _ in range(n):
            i = (i + step) % n
            if self.rows[i].focusable:
                break
        self.focus = i
        self._reveal_focus()
        self.dirty = True

    def handle_event(self, ev: pygame.event.Event) -> bool:
        self.laid()
        if self.editing is not None:
            return self._edit_event(ev)
        if ev.type == pygame.KEYDOWN:
            k = ev.key
            shift = bool(getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)
            if k == pygame.K_ESCAPE:
                self.back()
            elif k in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
                self.move_focus(-1 if k == pygame.K_UP or (k == pygame.K_TAB and shift) else 1)
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                row = self.rows[self.focus]
                if row.kind in ("choice", "toggle", "number", "slider"):
                    self.change(row, step_of_key(k))  # toward the "next" arrow raises
            elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll_by(self._view.h * (1 if k == pygame.K_PAGEDOWN else -1) * 0.8)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(self.focus)
            return True
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll_by(-ev.y * self._style.button_h)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (4, 5):
            return True  # old-style wheel clicks: MOUSEWHEEL handles scrolling
        if ev.type == pygame.MOUSEMOTION and self.sliding is not None:
            if ev.buttons and ev.buttons[0]:
                self.slide(self.sliding, ev.pos[0])
            else:
                self.sliding = None
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.sliding is not None:
            self.sliding = None
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = self.row_at(ev.pos)
            if hit is None:
                return False
            self.focus = hit
            row = self.rows[hit]
            value_rect = self.value_rect(hit)
            if value_rect.collidepoint(ev.pos):
                if row.kind == "slider":  # where the pointer is, and after it while held
                    self.sliding = hit
                    self.slide(hit, ev.pos[0])
                elif row.kind in ("choice", "number"):
                    self.change(row, step_of(value_rect, ev.pos[0]))
                else:
                    self.activate(hit)
            self.dirty = True
            return True
        return False

    def _edit_event(self, ev: pygame.event.Event) -> bool:
        """Typing a name (a name is never empty); Enter, Esc or Tab ends it, as does a click."""
        row = self.rows[self.editing or 0]
        field = self.field
        if field is None or field.text != str(row.get()):
            field = self.field = TextField(str(row.get()), NAME_MAX, min_chars=1, printable=True)
        what = field.handle_event(ev)
        if what == "typed":
            row.put(field.text)
            self.dirty = True
            return True
        if ev.type == pygame.KEYDOWN:
            if what is not None or ev.key == pygame.K_TAB:
                self.editing = None
                TextField.stop()
                if ev.key == pygame.K_TAB:
                    self.move_focus(1)
                self.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.editing = None
            TextField.stop()
            return self.handle_event(ev)
        return False

    def laid(self) -> Page:
        """The page laid out by the kit (again when the size, the language, the rows or the
        line at the foot change; a value shown changes without a new layout)."""
        keys = self.editing is not None, self.notice is not None
        key = (self.app.size, i18n.get_language(), id(self.rows), keys)
        if self._page is None or self._page_key != key:
            st = self._style = Style(*self.app.size)
            self.scroller = Scroll([self._line(i, row) for i, row in enumerate(self.rows)],
                                   offset=self.scroll)  # fmt: skip
            self._page = Page(tr("Settings"), [self.scroller, self._foot()], full=st.w < 900)
            self._page.place(st, pygame.Rect((0, 0), self.app.size))
            self._page_key = key
            self._reveal_focus()
        return self._page

    def _line(self, i: int, row: Row) -> Box:
        if row.kind == "heading":
            return Heading(row.label)
        control = Control(partial(self._paint_value, i), 24 if row.kind == "action" else 34)
        return Labelled(row.label, row.help, control, lambda: i == self.focus)

    def _foot(self) -> Box:
        """The keys' line, each "key: what it does" a box of its own in reading order (no
        key's word runs into its neighbour's right to left); a notice in its place after a
        change, for a moment."""
        if self.notice is not None:
            return Text(self.notice[0], color=GOLD, bold=True, align="center")
        if self.editing is not None:
            return Text(tr("Type the name, then Enter"), color=DIM, align="center")
        hint = tr("Up/Down or Tab: choose  \u00b7  Left/Right or Enter: change  \u00b7  Esc: back")
        parts: list[Box] = []
        for part in (p.strip() for p in hint.split("\u00b7")):
            if part:
                parts += [Text("\u00b7", color=DIM)] if parts else []
                parts.append(Text(part, color=DIM))
        return Inline(parts)

    def _paint_value(self, i: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A row's control with its value now: a button, a name field, a switch, a slider or a
        value between its arrows."""
        row, st = self.rows[i], self._style
        value, focused = row.get(), i == self.focus
        if row.kind == "action":
            b = Button(rect, row.show(value), row.key, primary=row.key == "back")
            b.focus = focused
            b.draw(surface)
        elif row.kind == "text":
            editing = self.editing == i and self.field is not None
            draw_field(surface, rect, str(value) + ("|" if editing else ""), st.body,
                       fill=(255, 255, 255, 235) if editing else FACE,
                       border=(*GOLD, 255) if editing else FACE_EDGE, margin=st.margin,
                       from_start=True, count=self.field.count() if editing and self.field else None)  # fmt: skip
        elif row.kind == "slider":
            draw_slider(surface, rect, int(value), row.lo, row.hi, row.show(value), st.body,
                        focused=focused)  # fmt: skip
        elif row.kind == "toggle":
            draw_switch(surface, rect, bool(value), row.show(value), st.body, st.margin)
        else:
            draw_stepper(surface, rect, row.show(value), st.body, st.margin)

    @property
    def _view(self) -> pygame.Rect:
        self.laid()
        return self.scroller.view

    @property
    def max_scroll(self) -> int:
        self.laid()
        return self.scroller.max_offset

    def scroll_by(self, dy: float) -> None:
        self.laid()
        self.scroller.scroll_to(self.scroller.offset + round(dy))
        self.scroll = self.scroller.offset
        self.dirty = True

    def _reveal_focus(self) -> None:
        if self._page is None or self.focus >= len(self.rows):
            return
        above = self.focus - 1 if self.rows[self.focus - 1].kind == "heading" else None
        self.scroller.reveal(self.focus, above)  # its section's heading too, when it can
        self.scroll = self.scroller.offset

    def screen_rect(self, i: int) -> pygame.Rect:
        self.laid()
        return self.scroller.line_rect(i)

    def value_rect(self, i: int) -> pygame.Rect:
        self.laid()
        line = self.scroller.children[i]
        return pygame.Rect(line.control.rect if isinstance(line, Labelled) else line.rect)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        self.laid()
        hit = self.scroller.line_at(pos)
        return hit if hit is not None and self.rows[hit].focusable else None

    def on_show(self) -> None:
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        self.laid().draw(surface)

    def texts(self) -> list[tuple[str, pygame.Rect]]:
        return self.laid().texts()
