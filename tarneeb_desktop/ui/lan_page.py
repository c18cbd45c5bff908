"""What the LAN screens (the Host, Join, seat and lobby screens) share: the player's name,
the page (felt, panel and title), the buttons with the screen's notice, and the rules and
levels in the words Settings uses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tarneeb_desktop.net.protocol import MAX_NAME_CHARS
from tarneeb_desktop.ui import text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS, preset_label  # Settings' words
from tarneeb_desktop.ui.theme import Button, blit_lines, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


def player_name(app: App) -> str:
    """The name of the person at this screen (the settings' first name)."""
    names = getattr(app.settings, "names", None) or []
    name = names[0] if names else ""
    return (name or tr("Player"))[:MAX_NAME_CHARS]


def local_name(app: App, seat: int) -> str:
    """The name of a person at the host's screen: the settings' name for the seat."""
    if seat == 0:
        return player_name(app)
    names = getattr(app.settings, "names", None) or []
    name = names[seat] if seat < len(names) and isinstance(names[seat], str) else ""
    return (name.strip() or tr("Player {n}", n=seat + 1))[:MAX_NAME_CHARS]


def page(surface: pygame.Surface, lay: Layout, title: str) -> pygame.Rect:
    """The felt, a panel and a title; returns the panel."""
    surface.blit(theme.felt(surface.get_size()), (0, 0))
    box = pygame.Rect(0, 0, round(lay.w * 0.8), round(lay.h * 0.84))
    box.midtop = (lay.w // 2, lay.margin * 2)
    blit_panel(surface, box, color=(6, 20, 14, 220), radius=round(lay.unit * 2.5))
    blit_text(
        surface,
        title,
        lay.heading,
        (box.centerx, box.y + lay.margin),
        theme.GOLD,
        bold=True,
        anchor="midtop",
    )
    return box


class Noticed(Protocol):
    """A LAN screen with buttons and a notice (an error or a hint) to show."""

    @property
    def notice(self) -> str | None: ...

    def buttons(self) -> list[Button]: ...


def draw_buttons_and_notice(
    surface: pygame.Surface, scene: Noticed, lay: Layout, box: pygame.Rect, below: bool = False
) -> None:
    """The scene's buttons, and its notice (an error or a hint) at the foot of the panel,
    or, with ``below`` (the buttons stand at the panel's foot), just above the buttons'
    lowest row, inside the panel, wrapped at body size; a long notice at the foot shrinks
    to the panel's width."""
    buttons = scene.buttons()
    for b in buttons:
        b.draw(surface)
    if scene.notice:
        if below and buttons:
            foot = max(b.rect.bottom for b in buttons)
            row = min(b.rect.top for b in buttons if b.rect.bottom > foot - lay.margin)
            width = box.w - 2 * lay.margin
            y = row - notice_room(scene.notice, lay, width)
            blit_lines(surface, scene.notice, lay.text, (lay.w // 2, y), theme.GOLD, width)
            return
        if below:
            pos, anchor, width = (lay.w // 2, box.bottom + lay.margin // 2), "midtop", box.w
        else:
            pos, anchor, width = (
                (lay.w // 2, box.bottom - lay.margin),
                "midbottom",
                box.w - 2 * lay.margin,
            )
        blit_text(surface, scene.notice, lay.text, pos, theme.GOLD, anchor=anchor, max_width=width)


def notice_room(notice: str | None, lay: Layout, width: int) -> int:
    """The height a notice takes above a screen's lowest row of buttons (wrapped to
    ``width`` at body size, each line its own height as ``blit_lines`` steps), with its gap
    below; 0 without a notice."""
    if not notice:
        return 0
    lines = text.wrap(notice, lay.text, width)
    return sum(max(text.size_of(x, lay.text)[1], round(lay.text * 1.3)) for x in lines) + (
        lay.margin // 2
    )


#: The rules as Settings names them (the preset's words, "(Custom)" when an option changed).
rules_words = preset_label


def lobby_rules_words(d: dict[str, Any]) -> str:
    """:func:`rules_words` of the rules a host's lobby message names (its full dict)."""
    from tarneeb_desktop.rules import RulesError, make_rules

    preset = str(d.get("preset", ""))
    try:
        changes = {k: v for k, v in d.items() if k not in ("preset", "game")}
        return rules_words(make_rules(preset, **changes))
    except (RulesError, TypeError, ValueError, KeyError):
        return rules_words(type("Named", (), {"preset": preset})())


def level_words(level: str) -> str:
    return tr(CHOICE_LABELS.get(level, level))
