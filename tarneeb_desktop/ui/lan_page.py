"""What the LAN screens (the Host, Join, seat and lobby screens) share: the player's name,
and the rules and levels in the words Settings uses (the page itself is the UI kit's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tarneeb_desktop.net.protocol import MAX_NAME_CHARS
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS, preset_label  # Settings' words

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
