"""What the LAN screens (the Host, Join, seat and lobby screens) share: the player's name,
the page (felt, panel and title), the buttons with the screen's notice, and the rules and
levels in the words Settings uses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tarneeb_desktop.net.protocol import MAX_NAME_CHARS
from tarneeb_desktop.ui import theme
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
    surface: pygame.Surface,
    scene: Noticed,
    lay: Layout,
    box: pygame.Rect,
    above_buttons: bool = False,
) -> None:
    """The scene's buttons, and its notice (an error or a hint): with ``above_buttons``
    (the buttons stand at the panel's foot) just above their lowest row, inside the panel,
    wrapped at body size; otherwise at the foot of the panel, a long one shrunk to the
    panel's width."""
    buttons = scene.buttons()
    for b in buttons:
        b.draw(surface)
    if not scene.notice:
        return
    width = box.w - 2 * lay.margin
    if above_buttons and buttons:
        foot = max(b.rect.bottom for b in buttons)
        row = min(b.rect.top for b in buttons if b.rect.bottom > foot - lay.margin)
        y = row - notice_room(scene.notice, lay, width)
        blit_lines(surface, scene.notice, lay.text, (lay.w // 2, y), theme.GOLD, width)
        return
    pos = (lay.w // 2, box.bottom - lay.margin)
    blit_text(surface, scene.notice, lay.text, pos, theme.GOLD, anchor="midbottom", max_width=width)


def notice_room(notice: str | None, lay: Layout, width: int) -> int:
    """The height a notice takes above a screen's lowest row of buttons (as
    ``blit_lines`` draws it, wrapped to ``width`` at body size), with its gap below; 0
    without a notice."""
    return theme.lines_height(notice, lay.text, width) + lay.margin // 2 if notice else 0


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
