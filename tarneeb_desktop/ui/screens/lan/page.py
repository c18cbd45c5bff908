"""What the LAN screens (the Host, Join, seat and lobby screens) share: the player's name,
and the rules and levels in the words Settings uses (the page itself is the UI kit's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tarneeb_desktop.net.client import JoinError
from tarneeb_desktop.net.protocol import MAX_NAME_CHARS
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS, preset_label  # Settings' words

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


def setting_name(app: App, seat: int) -> str:
    """The settings' name for ``seat`` ("" when it has none)."""
    names = getattr(app.settings, "names", None) or []
    return names[seat] if seat < len(names) and isinstance(names[seat], str) else ""


def player_name(app: App) -> str:
    """The name of the person at this screen (the settings' first name)."""
    return (setting_name(app, 0) or tr("Player"))[:MAX_NAME_CHARS]


def local_name(app: App, seat: int) -> str:
    """The name of a person at the host's screen: the settings' name for the seat."""
    if seat == 0:
        return player_name(app)
    return (setting_name(app, seat).strip() or tr("Player {n}", n=seat + 1))[:MAX_NAME_CHARS]


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


def lobby_seats(lobby: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The seats a host's lobby message lists, by number (0-3), as it sent them."""
    seats = lobby.get("seats")
    return {
        s["seat"]: s
        for s in (seats if isinstance(seats, list) else [])
        if isinstance(s, dict) and isinstance(s.get("seat"), int) and 0 <= s["seat"] <= 3
    }


def level_words(level: str) -> str:
    return tr(CHOICE_LABELS.get(level, level))


def join_error_text(exc: JoinError, password: str = "") -> str:
    """A refused join as the player reads it (the host's words are for the log);
    ``password``: what the player typed as the table's password, if anything."""
    if exc.code == "wrong_password" and password.strip():
        return tr("That password is wrong: ask the host for the table's password")
    words = {
        "seat_taken": tr("That seat is taken; choose a free one, or watch"),
        "no_seat": tr("Every seat is taken; you may watch the game"),
        "wrong_token": tr("The host no longer keeps that seat"),
        "wrong_password": tr("This table asks for its password: type it above"),
        "no_watchers": tr("This table takes no watchers"),
        "refused": tr("The host keeps the computer at that seat"),
    }
    return words.get(exc.code, exc.message)
