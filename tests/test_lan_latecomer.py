"""Issue 38: a latecomer takes over a computer's seat in a game under way, when the host
agrees (the host's window asks; ``tarneeb host --latecomers`` agrees at once; without it the
command's table refuses). Loopback only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.session.lan import new_host
from tests.test_net_game import host_state, wait_until


@pytest.fixture(autouse=True)
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path


def started(**kwargs: Any) -> tuple[Host, ClientSession]:
    """A game under way: South a person, three computers (the game starts when South sits)."""
    host = new_host(make_rules(target=5), seed=3, open_seats=[0], ai_level="random", **kwargs)
    host.start()
    south = connect(host, "Sara")
    assert south.join(0) == 0
    wait_until(lambda: host.call(lambda: host.started))
    return host, south


def connect(host: Host, name: str) -> ClientSession:
    assert host.address is not None
    session = ClientSession(*host.address, name=name, timeout=5.0)
    session.connect()
    return session


def answer(session: ClientSession) -> int | None:
    """Wait for the host's answer to a seat asked for."""
    got: list[int | None] = []

    def ready() -> bool:
        try:
            got.append(session.answer())
        except JoinError:
            raise
        return got[-1] is not None

    wait_until(ready)
    return got[-1]


def test_the_host_lets_a_latecomer_take_a_computers_seat() -> None:
    host, south = started()
    late = connect(host, "Karim")
    try:
        late.ask_for_seat(2)
        wait_until(lambda: host.call(lambda: bool(host.requests)))
        lobby = host.call(host._lobby)
        assert lobby["requests"] == [{"seat": 2, "name": "Karim"}]  # the host's window asks
        assert late.answer() is None  # nothing yet: the host has not answered
        host.call(host.answer_request, 2, True)
        assert answer(late) == 2
        seat = host.call(lambda: host.seats[2])
        assert seat.kind == "human" and seat.name.startswith("Karim")
        assert host.call(lambda: host.table.seats[2].kind) != "computer"
        # the latecomer sees the table and plays at North's next turn
        wait_until(lambda: late.snapshot()[0] is not None)
        view, _ = late.snapshot()
        assert view is not None and view.seat == 2 and len(view.hand) > 0
        assert host.call(lambda: host._lobby()["requests"]) == []
        # the game waits for North now, not for a computer
        wait_until(lambda: host_state(host)["turn"] in (0, 2))
    finally:
        late.close()
        south.close()
        host.stop()


def test_the_host_may_keep_the_computer() -> None:
    host, south = started()
    late = connect(host, "Karim")
    try:
        late.ask_for_seat(1)
        wait_until(lambda: host.call(lambda: bool(host.requests)))
        host.call(host.answer_request, 1, False)
        with pytest.raises(JoinError) as err:
            answer(late)
        assert err.value.code == "refused"
        assert host.call(lambda: host.seats[1].kind) == "ai"
    finally:
        late.close()
        south.close()
        host.stop()


def test_without_a_window_the_command_agrees_or_refuses_as_told() -> None:
    host, south = started(latecomers="yes")  # tarneeb host --latecomers
    late = connect(host, "Karim")
    try:
        late.ask_for_seat(3)
        assert answer(late) == 3
    finally:
        late.close()
        south.close()
        host.stop()
    host, south = started(latecomers="no")  # tarneeb host without it
    late = connect(host, "Karim")
    try:
        with pytest.raises(JoinError) as err:
            late.join(3)
        assert err.value.code == "seat_taken"
    finally:
        late.close()
        south.close()
        host.stop()


def test_one_request_a_seat_and_none_before_the_start() -> None:
    host, south = started()
    a, b = connect(host, "Karim"), connect(host, "Rana")
    try:
        a.ask_for_seat(1)
        wait_until(lambda: host.call(lambda: bool(host.requests)))
        b.ask_for_seat(1)
        with pytest.raises(JoinError) as err:
            answer(b)
        assert err.value.code == "seat_taken"
    finally:
        a.close()
        b.close()
        south.close()
        host.stop()


def _hosting_window(monkeypatch):  # type: ignore[no-untyped-def]
    """The window hosts a table from its menu (South here, three computers) and sits at it."""
    from tarneeb_desktop.ui.screens.lan.join import LobbyScene
    from tests.test_ui_lan import button, click, host_screen, lan_table, step_until

    app = host_screen(monkeypatch)
    for seat in ("seat:1", "seat:2", "seat:3"):  # each a computer
        while button(app.scene, seat).label and app.scene.choice[int(seat[-1])] != "ai":
            click(app, button(app.scene, seat).rect)
    click(app, button(app.scene, "open").rect)
    lobby = app.scene
    assert isinstance(lobby, LobbyScene), getattr(lobby, "notice", None)
    if not lan_table(app.scene):
        step_until(app, lambda: lobby.session.lobby is not None, "the lobby")
        click(app, button(lobby, "start").rect)
    step_until(app, lambda: lan_table(app.scene), "the table")
    return app, lobby.host


def test_the_hosting_window_asks_and_a_latecomers_window_sits_down(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The whole way through two windows: the latecomer's seat screen offers to ask for a
    computer's seat in the game under way; the hosting window asks its player (Enter keeps
    the computer; Let them sit lets them), and the latecomer's window goes to the table."""
    from tarneeb_desktop.ui.game.lan import SeatRequestDialog
    from tarneeb_desktop.ui.screens.lan.join import SeatScene
    from tests.test_ui_helpers import FRAME, key, make_app
    from tests.test_ui_lan import button, click, lan_table, step_until
    from tests.text_spy import screen_problems

    app, host = _hosting_window(monkeypatch)
    late = connect(host, "Karim")
    other = make_app(speed="instant")
    try:
        table = app.scene
        seat = SeatScene(other, late)
        other.switch(seat)
        step_until(other, lambda: bool(seat.seats()) and seat.under_way(), "the seats")
        ask = button(seat, "ask:2")
        assert ask.enabled and "computer" in ask.label
        assert seat.buttons()[seat.focus].action == "watch"  # Enter never asks
        click(other, ask.rect)
        assert seat.asking == 2 and seat.notice
        step_until(app, lambda: isinstance(table.overlay, SeatRequestDialog), "the question")
        assert table.overlay.seat == 2 and table.overlay.name == "Karim"
        assert screen_problems(app, "seat request") == []
        app.step(FRAME, [key(pygame.K_RETURN)])  # Enter: keep the computer
        step_until(other, lambda: seat.asking is None, "the answer")
        assert "computer" in (seat.notice or "") and host.call(lambda: host.seats[2].kind) == "ai"
        click(other, button(seat, "ask:2").rect)  # asked again
        step_until(app, lambda: isinstance(table.overlay, SeatRequestDialog), "the question")
        click(app, next(b for b in table.overlay_buttons() if b.action == "let_sit").rect)
        step_until(other, lambda: lan_table(other.scene), "the latecomer's table")
        assert other.scene.me == 2 and len(other.scene.pv.hand) > 0
        assert host.call(lambda: host.seats[2].kind) == "human"
    finally:
        late.close()
        host.stop()
