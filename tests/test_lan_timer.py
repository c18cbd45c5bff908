"""The LAN host's turn timer (a fake clock: no sleeping) and its computer players' names."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarneeb_desktop.net.client import ClientSession
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.net.link import RemoteLink
from tarneeb_desktop.net.seating import computer_names
from tarneeb_desktop.net.turn_timer import TurnTimer, timer_from_wire
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.session.lan import new_host
from tests.test_net_game import FakeClock, host_state, wait_until


def timed_host(clock: FakeClock, seconds: float, seed: int) -> Host:
    """A host with a turn timer on a fake clock: South open, three random computers."""
    return new_host(
        make_rules(target=5),
        seed=seed,
        open_seats=[0],
        ai_level="random",
        turn_seconds=seconds,
        clock=clock,
        exit_when_over=False,
    )


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path


def test_the_timer_counts_per_position_and_travels_as_seconds_left() -> None:
    clock = FakeClock()
    t = TurnTimer(30, clock)
    assert t.wire() is None and not t.expired(0, 0)
    t.arm(5, 2)
    clock.now += 10
    t.arm(5, 2)  # the same position: the countdown goes on
    assert t.wire() == {"seat": 2, "seconds": 30.0, "left": 20.0}
    assert not t.expired(5, 2)
    clock.now += 20
    assert t.expired(5, 2) and not t.expired(6, 2)
    t.arm(6, 3)  # a new position: a new countdown
    assert t.left() == 30
    assert not TurnTimer(0, clock).on
    assert timer_from_wire({"seat": 1, "seconds": 30, "left": 12.5}, 100.0) == (1, 30.0, 112.5)
    for bad in (
        None,
        {"seat": 9, "seconds": 30, "left": 1},
        {"seat": 1, "seconds": 30, "left": 31},
    ):
        assert timer_from_wire(bad, 0.0) is None


def test_a_person_who_runs_out_of_time_gets_one_computer_move(tmp_home: Path) -> None:
    """Turn timer 20 s; South (a person) is first to call and does nothing: nothing happens
    until the clock passes 20 s, then the host's computer calls for South, once; the views
    carry the time left, and the seat is South's again at its next turn."""
    clock = FakeClock()
    host = timed_host(clock, 20, seed=5)
    moved: dict[int, list] = {}
    host.on_change.append(lambda seq, events: moved.__setitem__(seq, events))
    host.start()
    session = ClientSession(*host.address, name="Sami", timeout=5.0)  # type: ignore[misc]
    try:
        session.connect()
        assert session.join(0) == 0
        wait_until(lambda: host_state(host)["turn"] == 0)
        start = host_state(host)["seq"]
        view_msg = session.wait_for(lambda m: m.get("type") == "view" and m["seq"] == start)
        # Issue 21, defect 3: South's screen does not show the table yet: no time runs.
        assert "timer" not in view_msg
        clock.now += 1000
        host.poke()
        assert host_state(host)["seq"] == start
        session.ready()  # the table is on South's screen: the countdown starts, and says so
        timer_msg = session.wait_for(lambda m: m.get("type") == "timer")
        assert timer_msg["timer"] == {"seat": 0, "seconds": 20.0, "left": 20.0}
        clock.now += 19
        host.poke()
        assert host_state(host)["seq"] == start  # still South's to make
        clock.now += 2
        host.poke()
        wait_until(lambda: host_state(host)["seq"] > start)
        seat = host.call(lambda: (host.seats[0].timed_out, host.seats[0].ai_control))
        assert seat == (False, False)  # one move only: South plays the next one
        assert moved[start + 1][0].seat == 0  # the move was South's
        # issue 38: everyone is told that the computer made it, and which move it was
        said = session.wait_for(lambda m: m.get("type") == "timeout")
        assert said["seat"] == 0 and said["action"] == host.call(
            lambda: host.table.state.calls[0][1]
        )
        wait_until(lambda: host_state(host)["turn"] == 0)
        now = host_state(host)["seq"]
        assert now > start
        msg = session.wait_for(lambda m: m.get("type") == "view" and m["seq"] == now)
        assert msg["timer"]["seat"] == 0 and msg["timer"]["left"] == 20.0
        # a move in time counts, and stops South's countdown
        view, seq = session.snapshot()
        assert view is not None and seq == now
        session.act(view.legal[0], seq)
        wait_until(lambda: host_state(host)["seq"] > now)
        assert host.call(lambda: host.turn_timer.key) != (now, 0)
    finally:
        session.close()
        host.stop()


def test_without_a_timer_a_person_may_think_forever(tmp_home: Path) -> None:
    clock = FakeClock()
    host = new_host(make_rules(), seed=5, open_seats=[0], ai_level="random", clock=clock)
    host.start()
    session = ClientSession(*host.address, name="Sami", timeout=5.0)  # type: ignore[misc]
    try:
        session.connect()
        session.join(0)
        wait_until(lambda: host_state(host)["turn"] == 0)
        start = host_state(host)["seq"]
        msg = session.wait_for(lambda m: m.get("type") == "view" and m["seq"] == start)
        assert "timer" not in msg
        clock.now += 10_000
        host.poke()
        assert host_state(host)["seq"] == start
    finally:
        session.close()
        host.stop()


def quiet_link(view):  # type: ignore[no-untyped-def]
    """A window's link fed by hand (``_message``): its session never hears anything."""

    class Quiet:
        seat = view.seat
        lobby = None

        def snapshot(self):  # type: ignore[no-untyped-def]
            return None, None

    return RemoteLink(Quiet(), view, 0)  # type: ignore[arg-type]


def test_the_link_counts_down_from_its_own_clock() -> None:
    from tarneeb_desktop.rules import GameState

    state = GameState.new(make_rules(), seed=1)
    view = state.view(state.turn)
    link = quiet_link(view)
    clock = FakeClock()
    link.clock = clock
    out: list[object] = []
    msg = {"type": "view", "seq": 1, "view": view.to_dict(), "events": []}
    link._message({**msg, "timer": {"seat": state.turn, "seconds": 30, "left": 25}}, view.seat, out)
    clock.now += 5
    assert link.time_left() == (state.turn, 20.0, 30.0)
    clock.now += 100
    assert link.time_left() == (state.turn, 0.0, 30.0)
    link._message(msg, view.seat, out)  # the next view has no timer: none shown
    assert link.time_left() is None


def test_computer_players_have_distinct_names_and_their_own_levels(tmp_home: Path) -> None:
    """Issue 14, defect 5: not "Computer (medium)" three times, but three names, as offline;
    each computer seat plays at the level the host chose for it."""
    assert computer_names() == ["Nadia", "Karim", "Layla", "Omar"]
    assert computer_names(["", "Omar", "Omar", " "]) == ["Nadia", "Omar", "Omar 2", "Omar 3"]
    host = new_host(
        make_rules(),
        seed=5,
        open_seats=[0, 2],
        levels=["medium", "easy", "hard", "random"],
        bots=["", "Karim", "Zaid", "Layla"],
        auto_start=False,
    )
    host.start()
    try:
        lobby = host.call(host._lobby)
        seats = lobby["seats"]
        assert [s["name"] for s in seats if s["kind"] == "ai"] == ["Karim", "Layla"]
        assert [s["level"] for s in seats] == [None, "easy", None, "random"]
        host.start_game()  # North was not taken: a computer of North's level, named
        wait_until(lambda: host_state(host)["connected"] is not None and host.started)
        names = host.call(lambda: [s.name for s in host.seats])
        assert names == ["Nadia", "Karim", "Zaid", "Layla"]
        assert len(set(names)) == 4
        assert host.call(lambda: [s.flow.level for s in host.seats[1:]]) == [
            "easy",
            "hard",
            "random",
        ]
    finally:
        host.stop()


def test_the_table_says_when_a_turn_timer_ran_out_and_what_the_computer_did() -> None:
    """Issue 38: "time ran out: the computer bid 7 for Karim" — the link passes the host's
    message on (a malformed one is dropped) and the table says it in the player's words."""
    from tarneeb_desktop.rules import GameState
    from tarneeb_desktop.table.link import Notice
    from tarneeb_desktop.ui.game.lan import timeout_line

    state = GameState.new(make_rules(), seed=1)
    view = state.view(state.turn)
    link = quiet_link(view)
    out: list[object] = []
    link._message({"type": "timeout", "seat": 2, "action": "7"}, view.seat, out)
    assert out == [Notice("timeout", 2, "7")]
    for bad in ({"seat": 7, "action": "7"}, {"seat": 2, "action": 7}, {"seat": 2, "action": ""}):
        out.clear()
        link._message({"type": "timeout", **bad}, view.seat, out)
        assert out == []
    assert timeout_line(False, "Karim", "7") == "Time ran out: the computer called 7 for Karim"
    assert timeout_line(True, "Karim", "pass") == "Time ran out: the computer called Pass for you"
    assert timeout_line(False, "Layla", "QS") == (
        "Time ran out: the computer played Q\u2660 for Layla"
    )


def test_an_absent_players_time_runs_out_and_the_computer_moves_for_them(tmp_home: Path) -> None:
    """Issue 48 item 20: with a 15 s timer, a player who dropped is not waited for the 30 s
    of the disconnect grace with the ring at 0: their ring counts down as anyone's, and when
    it is out the computer makes the move (each turn again while they are away)."""
    clock = FakeClock()
    host = timed_host(clock, 15, seed=5)
    host.start()
    session = ClientSession(*host.address, name="Rami", timeout=5.0)  # type: ignore[misc]
    watcher = ClientSession(*host.address, name="Hadi", timeout=5.0)  # type: ignore[misc]
    try:
        session.connect()
        assert session.join(0) == 0
        session.ready()
        watcher.connect()
        watcher.watch()
        wait_until(lambda: host_state(host)["turn"] == 0)
        start = host_state(host)["seq"]
        session.close()  # Rami's connection drops on his turn
        wait_until(lambda: not host_state(host)["connected"][0])
        assert host.call(lambda: host.turn_timer.wire())["seat"] == 0  # the ring counts
        clock.now += 14
        host.poke()
        assert host_state(host)["seq"] == start
        clock.now += 2  # 16 s: his time is out, long before the 30 s grace
        host.poke()
        wait_until(lambda: host_state(host)["seq"] > start)
        said = watcher.wait_for(lambda m: m.get("type") == "timeout")
        assert said["seat"] == 0
        assert host.call(lambda: host.seats[0].ai_control) is False  # his seat, still his
    finally:
        session.close()
        watcher.close()
        host.stop()
