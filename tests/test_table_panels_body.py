"""Issue 47, the table's panels at the body size: the score panel, the contract panel, the
bid panel's title, the name plates, the corner buttons, Undo and a LAN table's chat are drawn
at the body size, never smaller; a name or a word too long for its room is cut short with an
ellipsis (or a line wrapped), in English, Arabic and Russian, in a small window and a large
one, with names long enough to have been shrunk before."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tests.test_text_fit import app_in, draw, my_turn_in
from tests.test_ui_helpers import advance, settle
from tests.text_spy import TextSpy, problems

pytestmark = pytest.mark.usefixtures("ui_home")

LONG = [
    "You",
    "Konstantinopolskaya Aleksandrovna",
    "Bartholomew-Featherstonehaugh",
    "Maximiliano de la Santísima Trinidad",
]
SAID = "salam to everyone at this table, and good luck with the cards tonight " * 2


def tables():  # type: ignore[no-untyped-def]
    """(what, rules, seed, the position): bids in the contract panel, the suited grid's
    title, a contract and the play."""
    yield (
        "auction, bids made",
        "standard",
        5,
        lambda s: my_turn_in("auction")(s) and any(c != "pass" for _, c in s.calls),
    )
    yield "egyptian auction", "egyptian", 5, my_turn_in("auction")
    yield "play", "standard", 4, lambda s: my_turn_in("play")(s) and len(s.tricks) >= 2


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_the_table_panels_texts_are_at_the_body_size(lang: str, size: tuple[int, int]) -> None:
    from tarneeb_desktop.ui.game.chat import Chat
    from tarneeb_desktop.ui.table_scene import TableScene

    window = pygame.Rect((0, 0), size)
    small: list[tuple[str, str, int]] = []
    found: list[str] = []
    try:
        with TextSpy():
            app = app_in(lang, size)
            for what, rules, seed, until in tables():
                state = GameState.new(make_rules(rules), seed=seed, dealer=3)
                assert advance(state, until, seed), what
                scene = TableScene(app, state, LONG, (0,), ["easy"] * 4, seed=seed, inline_ai=True)
                app.switch(scene)
                settle(app, scene)
                scene.table.taken_back = True  # "Not counted" in the score panel's head
                chat = Chat(scene, lambda line: None)  # a LAN table's chat, open
                chat.history = lambda: [{"name": LONG[2], "text": SAID}] * 3
                chat.hear(2, SAID)
                chat.open = True
                surface = draw(app, scene)
                body = scene.layout.text
                found += problems(surface.items, window, body, f"{lang} {size} {what}")
                chat.draw(surface, scene.layout)  # its line and bubbles: at the body size
                texts = [i for i in surface.items if i.kind == "text"]
                assert any(i.label.startswith(i18n.tr("Not counted")[:3]) for i in texts)
                assert any(i.label.endswith("\u2026") for i in texts)  # a long name, cut
                small += [(what, i.label, i.size) for i in texts if i.size < body]
                if what == "auction, bids made":  # a long banner, then a long message:
                    for banner, toast in ((SAID, None), (None, (f"{SAID}\n{SAID}", 5.0))):
                        scene.banner, scene.toast = banner, toast  # wrapped, never shrunk
                        surface = draw(app, scene)
                        texts = [i for i in surface.items if i.kind == "text"]
                        assert any(SAID.startswith(i.label) for i in texts)
                        small += [(what, i.label, i.size) for i in texts if i.size < body]
                        found += problems(surface.items, window, body, f"{lang} {size} {toast}")
    finally:
        i18n.set_language("en")
    assert not small, small
    assert not found, "\n".join(found)
