"""Issue 21 in the window: the menu's Rejoin, the Host screen's table name and password (and
its buttons at one size, mirrored in Arabic with the Join form and the Leave question), a
watcher's table that says so (a tournament's table too), an away seat's words at body size,
and closing a joined window mid-game, which asks first. All on loopback."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.session.lan import new_host
from tarneeb_desktop.ui import i18n, text, theme
from tests import test_ui_lan_local
from tests.test_ui_helpers import FRAME, blitted_texts, key, make_app, mouse, table_scene
from tests.test_ui_lan_local import button, click, lan_table, step_until

# loopback only, no beacon, any free port, computer seats move at once (autouse)
_home = test_ui_lan_local._home


def typed(s: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in s]


def started_host(open_seats: list[int], **kwargs: Any) -> Host:
    host = new_host(
        make_rules(target=5),
        seed=3,
        open_seats=open_seats,
        ai_level="random",
        ai_delay=0.05,
        exit_when_over=False,
        **kwargs,
    )
    host.start()
    return host


def in_arabic(app: Any) -> None:
    app.settings.language = "ar"
    app.apply_settings()
    i18n.set_language("ar")


# ---------------------------------------------------------------------- the menu's Rejoin


def test_the_menu_offers_rejoin_and_it_sits_at_the_kept_seat_again() -> None:
    """East closed the window mid-game (the computer plays East); the menu offers Rejoin,
    and one click sits this computer at East again, at the table."""
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app = make_app(speed="fast")
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    assert "lan_rejoin" not in [b.action for b in app.scene.buttons()]  # no seat kept
    host = started_host([1])
    try:
        assert host.address is not None
        east = ClientSession(*host.address, name="Karim", timeout=5.0)
        east.connect()
        assert east.join(1) == 1
        rejoin.remember_seat(east)
        token = east.token
        step_until(app, lambda: host.started, "the game's start")
        east.leave()  # the window closes
        east.close()
        step_until(app, lambda: host.call(lambda: host.seats[1].ai_control), "the stand-in")
        app.switch(MenuScene(app))
        app.step(FRAME, [])
        click(app, button(app.scene, "lan_rejoin").rect.center)
        step_until(app, lambda: lan_table(app.scene), "the table")
        assert list(app.scene.link.sessions) == [1]
        assert app.scene.link.sessions[1].token == token
        step_until(app, lambda: not host.call(lambda: host.seats[1].ai_control), "East back")
    finally:
        app.scene.on_hide()
        host.stop()


def test_rejoin_to_a_table_that_is_gone_says_so_on_the_join_screen() -> None:
    from tarneeb_desktop.ui.screens.lan.join import JoinScene
    from tarneeb_desktop.ui.screens.menu import MenuScene

    host = started_host([1])
    assert host.address is not None
    east = ClientSession(*host.address, name="Karim", timeout=5.0)
    east.connect()
    east.join(1)
    rejoin.remember_seat(east)
    east.close()
    host.stop()  # the host closed its table meanwhile
    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    click(app, button(app.scene, "lan_rejoin").rect.center)
    scene = app.scene
    assert isinstance(scene, JoinScene)
    assert scene.notice is not None and scene.notice.startswith("Cannot reach 127.0.0.1:")
    assert any(b.action == "rejoin:0" for b in scene.buttons()), "the way back stays offered"


# ---------------------------------------------------------------------- the Host screen


def test_the_table_name_and_password_typed_on_the_host_screen_reach_the_host() -> None:
    from tarneeb_desktop.ui.screens.lan.join import HostScene
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene

    app = make_app(speed="fast")
    scene = HostScene(app)
    app.switch(scene)
    app.step(FRAME, [])
    (name_label, name_box), (_, password_box) = scene.field_rects()
    click(app, name_box.center)
    assert scene.field == 0
    erase = [key(pygame.K_BACKSPACE)] * len(scene.fields[0].text)
    app.step(FRAME, [*erase, *typed("Friday cards")])
    app.step(FRAME, [key(pygame.K_TAB), *typed("mint"), key(pygame.K_RETURN)])
    assert scene.field is None and scene.password == "mint"
    app.step(FRAME, [*typed("x")])  # typing has ended: no field takes the letter
    click(app, button(scene, "open").rect.center)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), scene.notice
    host = lobby.host
    try:
        assert host.table_name == "Friday cards" and host.password == "mint"
        assert lobby.session is not None and lobby.session.seat == 0  # the host sat down
        step_until(app, lambda: lobby.lobby.get("table") == "Friday cards", "the lobby")
        friend = ClientSession(*host.address, name="Omar", timeout=5.0)
        friend.connect()
        with pytest.raises(JoinError) as err:
            friend.join(1)
        assert err.value.code == "wrong_password"
        assert friend.join(1, password="mint") == 1
    finally:
        lobby.on_hide()


def test_the_host_screen_is_one_text_size_and_mirrors_in_arabic() -> None:
    from tarneeb_desktop.ui.screens.lan.join import HostScene, JoinScene

    for lang in ("en", "ar"):
        app = make_app()
        if lang == "ar":
            in_arabic(app)
        scene = HostScene(app)
        scene.choice = ["here", "ai", "open", "here"]
        app.switch(scene)
        app.step(FRAME, [])
        buttons = {b.action: b.rect for b in scene.buttons()}
        assert len({b.text_size for b in scene.buttons()}) == 1, lang
        (name_label, name_box), (pw_label, pw_box) = scene.field_rects()
        join = JoinScene(app, finder=False)
        app.switch(join)
        app.step(FRAME, [])
        joined = {b.action: b.rect for b in join.buttons()}
        rtl = lang == "ar"
        # the first of each pair on the reading side: the left in English, the right in Arabic
        pairs = [
            (buttons["seat:1"], buttons["level:1"]),
            (buttons["timer"], buttons["watchers"]),
            (buttons["open"], buttons["back"]),
            (name_box, pw_box),
            (name_label, name_box),
            (joined["connect"], joined["back"]),
        ]
        for first, second in pairs:
            assert (first.centerx > second.centerx) == rtl, (lang, first, second)
        i18n.set_language("en")


def test_the_leave_and_close_questions_put_stay_on_the_reading_side() -> None:
    from tarneeb_desktop.ui.game.lan import QuitLanDialog
    from tarneeb_desktop.ui.game.pages import PAGES

    for lang in ("en", "ar"):
        app = make_app()
        if lang == "ar":
            in_arabic(app)
        scene = table_scene(app, GameState.new(make_rules("standard"), seed=3))
        app.step(FRAME, [])
        for dialog in (PAGES["leave"](scene), QuitLanDialog(scene)):
            stay, go = dialog.buttons()
            assert stay.action == "close" and stay.focus
            assert (stay.rect.centerx > go.rect.centerx) == (lang == "ar"), (lang, dialog.kind)
        i18n.set_language("en")


# ---------------------------------------------------------------------- watchers


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the LAN table's extras draw from now on (by hand, or in the kit's boxes:
    the "Watching" badge)."""
    from tarneeb_desktop.ui.game import lan
    from tarneeb_desktop.ui.kit import boxes

    seen = blitted_texts(monkeypatch, lan)
    seen_in_boxes = blitted_texts(monkeypatch, boxes)
    monkeypatch.setattr(
        lan.LanExtras, "draw_watching", _spied(lan.LanExtras.draw_watching, seen, seen_in_boxes)
    )
    return seen


def _spied(draw, seen: list[str], in_boxes: list[str]):  # type: ignore[no-untyped-def]
    """``draw`` that adds to ``seen`` what the kit's boxes drew while it ran."""

    def spy(*a, **k):  # type: ignore[no-untyped-def]
        in_boxes.clear()
        draw(*a, **k)
        seen.extend(in_boxes)

    return spy


def test_a_full_table_offers_watching_and_the_watchers_table_says_watching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every seat taken (here by computers): the seat screen says so with Watch focused,
    Enter watches, and the watcher's table reads "Watching" (a player's does not)."""
    from tarneeb_desktop.ui.screens.lan.join import JoinScene, SeatScene

    host = started_host([], auto_start=True)
    app = make_app(speed="fast")
    try:
        join = JoinScene(app, finder=False)
        app.switch(join)
        app.step(FRAME, [])
        app.step(FRAME, [*typed(f"127.0.0.1:{host.address[1]}"), key(pygame.K_RETURN)])
        seat = app.scene
        assert isinstance(seat, SeatScene), join.notice
        step_until(app, lambda: seat.seats(), "the seats")
        assert seat.full() and seat.buttons()[seat.focus].action == "watch"
        app.step(FRAME, [key(pygame.K_RETURN)])
        seen = drawn_texts(monkeypatch)
        step_until(app, lambda: lan_table(app.scene), "the watched table")
        step_until(app, lambda: "Watching" in seen, "the Watching label")
        assert app.scene.link.watching
        assert not app.scene.pv.hand, "a watcher holds no cards"
    finally:
        app.scene.on_hide()
        host.stop()


def test_a_watcher_joins_a_tournament_table_while_its_game_is_played() -> None:
    """The LAN tournament's table (a team waiting for its game may watch it): once its LAN
    seat is taken the table is full, the seat screen offers Watch, and the watcher is sent
    the public play only."""
    from tarneeb_desktop.table.tournament import Player
    from tarneeb_desktop.ui.screens.lan.join import SeatScene
    from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene
    from tarneeb_desktop.ui.screens.tournament.play import StandingsScene
    from tests.test_tournament_lan import join_lan_seat, running

    app = make_app(speed="fast")
    r = running([Player("network", "Guest"), Player("computer", "Omar", level="random")])
    app.switch(StandingsScene(app, r))
    app.step(FRAME, [])
    app.scene.activate("play")
    lobby = app.scene
    assert isinstance(lobby, LobbyScene)
    host = lobby.host
    hold = threading.Event()
    try:
        friend, _seat, thread, _done, _blocked = join_lan_seat(host, hold=hold)
        step_until(app, lambda: lobby.lobby.get("started") or app.scene is not lobby, "start")
        waiting = ClientSession("127.0.0.1", host.address[1], name="Tarek", timeout=5.0)
        waiting.connect()
        other = make_app()
        seat = SeatScene(other, waiting)
        other.switch(seat)
        other.step(FRAME, [])
        assert seat.full() and seat.buttons()[seat.focus].action == "watch"
        waiting.watch()
        first = waiting.wait_for(lambda m: m.get("type") == "view", 10.0)
        assert first["view"]["hand"] == [] and waiting.watching
        assert "Tarek" in host.lobby()["watching"]
    finally:
        hold.set()
        host.stop()


# ---------------------------------------------------------------------- away, closing


def test_an_away_seats_words_are_drawn_at_body_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "away: computer (Medium) plays" used to shrink to fit East's plate: it is now cut
    into lines at body size, and the plate grows for them."""
    app = make_app()
    scene = table_scene(app, GameState.new(make_rules("standard"), seed=3))
    app.step(FRAME, [])
    lay = scene.layout
    away = "away: computer (Medium) plays"
    panels = scene.panels
    monkeypatch.setattr(panels, "plate_lines", lambda seat: (scene.names[seat], away))
    sizes: list[int] = []
    real = theme.draw_label

    def spy(target, label, rect, size, *a, **k):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return real(target, label, rect, size, *a, **k)

    monkeypatch.setattr(theme, "draw_label", spy)
    panels.forget_plates()
    panels.draw_plate(app.surface, lay, 1)
    lines, _ = panels.plate_text(lay, scene.names[1], away)
    assert len(lines) > 2 and " ".join(lines[1:]) == away
    assert sizes and set(sizes) == {lay.text}, "never shrunk"
    assert all(text.size_of(line, lay.text, True)[0] <= lay.plate_rect(1).w for line in lines)


def test_closing_a_joined_window_mid_game_asks_first_and_stay_keeps_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = started_host([0], auto_start=True)
    seen = drawn_texts(monkeypatch)
    app = make_app(speed="fast")
    try:
        from tarneeb_desktop.ui.screens.lan.join import JoinScene

        app.switch(JoinScene(app, finder=False))
        app.step(FRAME, [])
        app.step(FRAME, [*typed(f"127.0.0.1:{host.address[1]}"), key(pygame.K_RETURN)])
        app.step(FRAME, [key(pygame.K_RETURN)])  # the free seat has the focus
        step_until(app, lambda: lan_table(app.scene), "the table")
        table = app.scene
        session = table.link.sessions[0]  # the table's only open seat: South
        app.step(FRAME, [pygame.event.Event(pygame.QUIT)])
        assert app.running, "nothing is thrown away before the answer"
        assert table.overlay is not None and table.overlay.kind == "quit_lan"
        stay = next(b for b in table.overlay.buttons() if b.focus)
        assert stay.action == "close"
        app.step(FRAME, [key(pygame.K_RETURN)])  # Stay
        assert app.running and app.scene is table and table.overlay is None
        assert host_has(host, 0, session.token)
        assert "Watching" not in seen, "a player's table is not a watcher's"
        app.step(FRAME, [pygame.event.Event(pygame.QUIT)])
        quit_button = next(b for b in table.overlay.buttons() if b.action == "quit")
        app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, quit_button.rect.center)])
        assert not app.running
    finally:
        app.scene.on_hide()
        host.stop()


def host_has(host: Host, seat: int, token: str | None) -> bool:
    """``seat`` is held by the connection with ``token``, and the computer does not play it."""
    return bool(
        host.call(
            lambda: (
                host.seats[seat].token == token
                and host.seats[seat].conn is not None
                and not host.seats[seat].ai_control
            )
        )
    )
