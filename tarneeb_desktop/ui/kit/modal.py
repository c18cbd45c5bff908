"""One modal stack on the window (issue 47): a question, a notice or a chooser over any
screen, laid out by the kit's boxes, with one veil and the same keys everywhere.

``App.modals`` holds the stack; the window gives the top modal every event first and draws
the stack over the scene. A modal's first button is the safe choice (Cancel, Stay, OK) and
has the focus: Enter or Space answers the button with the focus, Esc answers the modal's
``cancel`` action (the safe one), the arrows and Tab move the focus, a click answers the
button under it. Answering closes the modal, then calls ``on_answer(action)``.

What the stack holds is a :class:`Layer`: a ``Modal`` (a screen's question) or the table's
dialog (``ui/game/table_modal.py``: the dialog the table calls its ``overlay``, on this same
stack, under this same veil, with the keys its page gives them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import pygame

from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Panel, Space, Text, centred, veil
from tarneeb_desktop.ui.kit.style import GOLD, Style
from tarneeb_desktop.ui.theme import Button, clicked, hover

#: The keys that move the focus between a modal's buttons (forward, backward).
FORWARD = (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB)
BACKWARD = (pygame.K_LEFT, pygame.K_UP)


class Layer:
    """What the stack holds: something over the screen that takes every input event first
    and is drawn over the scene (the stack draws the veil under the top one)."""

    kind = ""
    stack: ModalStack | None = None

    def handle_event(self, ev: pygame.event.Event, size: tuple[int, int]) -> bool:
        """Every input event, while it is the top one (True: it changed what shows)."""
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def buttons(self, size: tuple[int, int]) -> list[Button]:
        """Its buttons as laid out in a window of ``size`` (for a test or the monkey)."""
        raise NotImplementedError

    def text(self) -> str:
        """Its words, for a test or a screen reader."""
        raise NotImplementedError


class Modal(Layer):
    """A panel over the screen: a title, paragraphs and a row of buttons (``specs``:
    (label, action); the first is the safe choice and has the focus)."""

    def __init__(
        self,
        title: str,
        paragraphs: Sequence[str],
        specs: Sequence[tuple[str, str]],
        on_answer: Callable[[str], None],
        *,
        cancel: str | None = None,
        width: float = 120.0,
        kind: str = "question",
    ) -> None:
        self.title, self.paragraphs, self.specs = title, list(paragraphs), list(specs)
        self.on_answer, self.kind, self.focus = on_answer, kind, 0
        self.cancel = cancel if cancel is not None else self.specs[0][1]
        self.width = width  # in the style's units
        self._laid: tuple[tuple[int, int, str], Panel, pygame.Rect] | None = None

    def tree(self, st: Style) -> Panel:
        title = Text(self.title, size=st.heading, color=GOLD, bold=True, align="center")
        boxes: list[Box] = [title, *(Text(p, align="center") for p in self.paragraphs)]
        specs = [(label, action, k == 0) for k, (label, action) in enumerate(self.specs)]
        boxes += [Space(0.2), ButtonRow(specs, group="modal")]
        return Panel(Column(boxes))

    def laid(self, size: tuple[int, int]) -> tuple[Panel, pygame.Rect]:
        key = (*size, i18n.get_language())
        if self._laid is None or self._laid[0] != key:
            st = Style(*size)
            panel = self.tree(st)
            rect = centred(st, panel, round(st.unit * self.width))
            self._laid = (key, panel, rect)
        return self._laid[1], self._laid[2]

    def buttons(self, size: tuple[int, int]) -> list[Button]:
        out = self.laid(size)[0].buttons()
        for k, b in enumerate(out):
            b.focus = k == self.focus
        return out

    def text(self) -> str:
        return "\n".join([self.title, *self.paragraphs])

    def answer(self, action: str) -> None:
        if self.stack is not None:
            self.stack.remove(self)
        self.on_answer(action)

    def handle_event(self, ev: pygame.event.Event, size: tuple[int, int]) -> bool:
        buttons = self.buttons(size)
        if ev.type == pygame.MOUSEMOTION:
            return hover(ev, buttons)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = clicked(ev, buttons)
            if hit is not None:
                self.answer(hit.action)
            return True
        if ev.type != pygame.KEYDOWN:
            return False
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.answer(buttons[self.focus].action)
        elif ev.key == pygame.K_ESCAPE:
            self.answer(self.cancel)
        elif ev.key in FORWARD or ev.key in BACKWARD:
            forward = ev.key in FORWARD
            if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and i18n.is_rtl():
                forward = not forward  # the row reads from the right: Left goes on
            self.focus = (self.focus + (1 if forward else -1)) % len(self.specs)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        panel, _ = self.laid(surface.get_size())
        self.buttons(surface.get_size())  # the focus as it is now
        panel.draw(surface)


L = TypeVar("L", bound=Layer)


class ModalStack:
    """The window's modals, the newest on top; one veil under the top one."""

    def __init__(self, changed: Callable[[], None] = lambda: None) -> None:
        self.items: list[Layer] = []
        self.changed = changed  # the screen under them is to be drawn again

    def __bool__(self) -> bool:
        return bool(self.items)

    @property
    def top(self) -> Layer | None:
        return self.items[-1] if self.items else None

    def asking(self, kind: str) -> Modal | None:
        """The top modal when it is of ``kind`` (a screen's own question), else None."""
        top = self.top
        return top if isinstance(top, Modal) and top.kind == kind else None

    def push(self, modal: L) -> L:
        modal.stack = self
        self.items.append(modal)
        self.changed()
        return modal

    def replace(self, old: Layer, new: Layer) -> None:
        """``new`` where ``old`` stands (on top when ``old`` is not on the stack)."""
        if old not in self.items:
            self.push(new)
            return
        self.items[self.items.index(old)] = new
        old.stack, new.stack = None, self
        self.changed()

    def remove(self, modal: Layer) -> None:
        if modal in self.items:
            self.items.remove(modal)
            modal.stack = None
            self.changed()

    def clear(self) -> None:
        for modal in list(self.items):
            self.remove(modal)

    def handle_event(self, ev: pygame.event.Event, size: tuple[int, int]) -> bool:
        """True when a modal took the event (every input event, while one is open)."""
        top = self.top
        if top is None:
            return False
        if top.handle_event(ev, size):
            self.changed()
        return ev.type in (
            pygame.KEYDOWN,
            pygame.KEYUP,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.TEXTINPUT,
            pygame.MOUSEWHEEL,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if not self.items:
            return
        for modal in self.items[:-1]:
            modal.draw(surface)
        veil(surface)
        self.items[-1].draw(surface)
