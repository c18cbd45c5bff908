"""One rule for fitting button labels (issue 14, defect 9): the buttons of one group (by
default those of one size on a screen; a screen may name a group) share one text size, the
largest at which all of them fit, and no label is wider than its button less the padding, in
English, Arabic and Hindi."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.theme import (
    Button,
    fit_group,
    group_of,
    label_room,
    label_size,
    label_width,
)
from tests.test_ui_helpers import FRAME, make_app

pytestmark = pytest.mark.usefixtures("ui_home")


class FakeSession:
    """A connected session as the seat chooser sees it (no network)."""

    seat = None
    host_hello = None  # the host's hello (its table_id names the kept seat to rejoin)

    def __init__(self) -> None:
        self.lobby = {
            "table": "Tarneeb at test",
            "seats": [
                {"seat": 0, "name": "Nadia", "kind": "ai"},
                {"seat": 1, "name": "Karim", "kind": "human"},
                {"seat": 2, "name": "North", "kind": "open"},
                {"seat": 3, "name": "Omar", "kind": "ai"},
            ],
        }

    def poll(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def screens(app):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.lan.join import HostScene, JoinScene, SeatScene
    from tarneeb_desktop.ui.screens.menu import MenuScene

    host = HostScene(app)
    host.choice = ["here", "ai", "open", "here"]
    return {
        "menu": MenuScene(app),
        "host": host,
        "join": JoinScene(app, finder=False),
        "seat": SeatScene(app, FakeSession()),  # type: ignore[arg-type]
    }


def drawn_sizes(buttons: list[Button], surface: pygame.Surface) -> dict[str, set[int]]:
    """The text sizes each button's label was really drawn at."""
    seen: dict[str, set[int]] = {}
    real = text.render
    current: list[str] = []

    def spy(s: str, size: int, *a: Any, **k: Any) -> pygame.Surface:
        if current:
            seen.setdefault(current[0], set()).add(int(size))
        return real(s, size, *a, **k)

    text.render = spy  # type: ignore[assignment]
    try:
        for b in buttons:
            current[:] = [b.action]
            b.draw(surface)
    finally:
        text.render = real  # type: ignore[assignment]
    return seen


@pytest.mark.parametrize("lang", ["en", "ar", "hi"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_each_screens_buttons_share_one_size_and_fit_inside_their_padding(
    lang: str, size: tuple[int, int]
) -> None:
    i18n.set_language(lang)
    app = make_app(size=size)
    surface = pygame.Surface(size)
    for name, scene in screens(app).items():
        app.switch(scene)
        app.step(FRAME, [])
        buttons = scene.buttons()
        groups: dict[object, set[int]] = {}
        for b in buttons:
            assert b.text_size is not None, (name, b.label)
            groups.setdefault(group_of(b), set()).add(b.text_size)
            width = label_width(b.label, b.text_size)
            assert width <= label_room(b.rect) < b.rect.w, (lang, name, b.label)
        assert all(len(g) == 1 for g in groups.values()), (lang, name, groups)
        drawn = drawn_sizes(buttons, surface)
        for b in buttons:
            assert drawn[b.action] == {b.text_size}, (lang, name, b.label, drawn[b.action])


def test_the_menus_lan_pair_is_drawn_at_one_size() -> None:
    """ "Join a LAN game" used to be larger than "Host a LAN game", also in Hindi."""
    for lang in ("en", "hi"):
        i18n.set_language(lang)
        app = make_app()
        from tarneeb_desktop.ui.screens.menu import MenuScene

        app.switch(MenuScene(app))
        app.step(FRAME, [])
        pair = {b.action: b.text_size for b in app.scene.buttons()}
        assert pair["lan_host"] == pair["lan_join"]
        assert pair["settings"] == pair["stats"] == pair["quit"]


def test_the_seat_chooser_says_which_seats_computers_play() -> None:
    app = make_app()
    scene = screens(app)["seat"]
    app.switch(scene)
    app.step(FRAME, [])
    labels = [b.label for b in scene.buttons()]
    assert labels[:4] == [
        "South: Nadia, computer",
        "East: Karim",
        "Sit at North",
        "West: Omar, computer",
    ]


def test_the_host_screens_seat_buttons_are_one_group() -> None:
    """ "South: Computer (medium)" used to be small while East and West filled theirs: the
    seat rows share a size even where a level button narrows one of them."""
    app = make_app()
    scene = screens(app)["host"]
    app.switch(scene)
    app.step(FRAME, [])
    seats = [b for b in scene.buttons() if b.action.startswith("seat:")]
    assert len({b.rect.w for b in seats}) == 2  # East is narrowed by its level button
    assert len({b.text_size for b in seats}) == 1


def test_a_group_takes_the_size_of_its_longest_label_and_a_lone_button_fits_alone() -> None:
    make_app()  # fonts ready (a test before may have shut pygame down)
    r = pygame.Rect(0, 0, 160, 40)
    short = Button(r.copy(), "Back", "a")
    long = Button(r.move(0, 50), "Diamonds and more words", "b")
    other = Button(pygame.Rect(0, 0, 160, 60), "OK", "c")  # another size: another group
    named = Button(pygame.Rect(0, 0, 300, 60), "Much longer, but in one named group", "n")
    named2 = Button(pygame.Rect(0, 0, 100, 40), "Hi", "n2")
    named.group = named2.group = "g"
    fit_group([short, long, other, named, named2])
    assert named.text_size == named2.text_size
    assert short.text_size == long.text_size == label_size(long.label, long.rect)
    assert short.text_size < label_size("Back", r)
    assert other.text_size == label_size("OK", other.rect) == round(60 * theme.LABEL_HEIGHT)
    lone = Button(pygame.Rect(0, 0, 90, 40), "Diamonds", "D")
    surface = pygame.Surface((200, 100))
    fitted = label_size(lone.label, lone.rect)  # found first: the spy sees only the drawing
    drawn = drawn_sizes([lone], surface)
    (size,) = drawn["D"]
    assert size == fitted
    assert label_width("Diamonds", size) <= label_room(lone.rect) <= 90 - 2 * 12
