"""Issue 21: a LAN table that keeps its people (rejoin, the host's return, watchers, the lobby's
chat, seat moves, removal, the password, unique names, away marks), all on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tarneeb_desktop.net import rejoin
from tarneeb_desktop.net.client import ClientSession, JoinError
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.net.link import RemoteLink
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.session.lan import new_host
from tests.test_net_game import (
    ROOT,
    TIMEOUT,
    RecordingSession,
    host_state,
    leaks,
    play_to_the_end,
    seat_sessions,
    wait_until,
    watched_host,
)


@pytest.fixture
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path


def lobby_host(**kwargs: Any) -> Host:
    kwargs.setdefault("open_seats", [0, 1, 2, 3])
    host = new_host(make_rules(target=5), seed=3, ai_level="random", auto_start=False, **kwargs)
    host.start()
    return host


def connect(host: Host, name: str) -> ClientSession:
    assert host.address is not None
    session = ClientSession(*host.address, name=name, timeout=5.0)
    session.connect()
    return session


# ---------------------------------------------------------------------- defect 1: rejoin


def test_tarneeb_join_run_again_with_the_same_player_folder_sits_at_its_old_seat(
    tmp_home: Path,
) -> None:
    """``tarneeb join HOST:PORT --bot L``, killed and run again with the same player folder
    and no --seat or --token, says ``joined seat N`` for its old seat (not the next free)."""
    host = lobby_host(open_seats=[1, 2])
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TARNEEB_HOME": str(tmp_home / "bot-home")}
    assert host.address is not None
    cmd = [sys.executable, "-m", "tarneeb_desktop", "join", f"127.0.0.1:{host.address[1]}"]
    cmd += ["--bot", "random", "--name", "Robo"]
    procs: list[subprocess.Popen[str]] = []
    try:
        for _ in range(2):
            proc = subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
            )
            procs.append(proc)
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "joined seat 1"
            token = host.call(lambda: host.seats[1].token)
            kept = json.loads((tmp_home / "bot-home" / rejoin.SEATS_FILE).read_text())
            assert kept["seats"][0]["token"] == token and kept["seats"][0]["seat"] == 1
            proc.kill()
            proc.wait(TIMEOUT)
            wait_until(lambda: not host_state(host)["connected"][1])
        assert host.call(lambda: host.seats[2].kind) == "open", "seat 2 was never taken"
    finally:
        for proc in procs:
            proc.kill()
        host.stop()


def test_a_window_that_closed_rejoins_its_seat_and_the_computer_steps_aside(
    tmp_home: Path,
) -> None:
    """Join as East, close mid-game (the computer plays East), come back with the kept
    token: East again at once, with the same token."""
    host = new_host(make_rules(target=5), seed=3, open_seats=[1], ai_level="random", ai_delay=0.05)
    host.start()
    try:
        east = connect(host, "Karim")
        assert east.join(1) == 1
        rejoin.remember_seat(east)
        wait_until(lambda: host.started)
        east.leave()  # the window closes: "the computer plays your seat until you come back"
        east.close()
        wait_until(lambda: host.call(lambda: host.seats[1].ai_control))
        again = connect(host, "Karim")
        kept = rejoin.kept_for(again.host_hello["table_id"])  # type: ignore[index]
        assert kept is not None and kept.seat == 1
        assert rejoin.sit_again(again) == 1
        assert not host.call(lambda: host.seats[1].ai_control)
        assert again.token == kept.token
    finally:
        host.stop()


def test_a_kept_seat_someone_holds_now_is_not_taken_over(tmp_home: Path) -> None:
    host = lobby_host()
    try:
        first = connect(host, "Sara")
        first.join(2)
        rejoin.remember_seat(first)
        second = connect(host, "Sara")  # the same player folder, a second window
        assert rejoin.sit_again(second) is None
        assert host.call(lambda: host.seats[2].conn is not None and host.seats[2].name) == "Sara"
    finally:
        host.stop()


# ---------------------------------------------------------------------- defect 2: the host


def test_the_hosts_table_goes_on_in_the_menu_and_continue_returns_to_it(
    tmp_home: Path,
) -> None:
    """The host leaves the table for the menu: the port stays open, the joined player stays,
    the computer plays the host's seat; Continue sits the host down again at seat 0 with
    the same timer and settings."""
    host = new_host(
        make_rules(target=5),
        seed=3,
        open_seats=[0, 1],
        ai_level="random",
        ai_delay=0.05,
        turn_seconds=60,
        exit_when_over=False,
        auto_start=False,
    )
    host.start()
    try:
        me = connect(host, "Layla")
        me.join(0)
        friend = connect(host, "Omar")
        friend.join(1)
        host.start_game()
        wait_until(lambda: me.snapshot()[0] is not None)
        view, seq = me.snapshot()
        assert view is not None and seq is not None
        link = RemoteLink(me, view, seq, host=host)
        link.keep_on_leave = True
        link.close()  # the table scene's Leave
        kept = rejoin.hosted()
        assert kept is not None and kept.host is host
        wait_until(lambda: host.call(lambda: host.seats[0].ai_control))
        assert host_state(host)["connected"][1], "the friend is still at the table"
        back, sessions = rejoin.return_to_hosted()
        assert back is host and sessions[0].seat == 0
        assert not host.call(lambda: host.seats[0].ai_control)
        assert host.turn_timer.seconds == 60
        assert rejoin.hosted() is None
    finally:
        rejoin.stop_hosted()
        host.stop()


# ---------------------------------------------------------------------- defects 4 and 5


def test_a_dropped_seat_is_marked_away_with_its_stand_in(tmp_home: Path) -> None:
    host = new_host(
        make_rules(target=5), seed=3, open_seats=[0, 1], ai_level="random", ai_delay=0.05
    )
    host.start()
    try:
        me, friend = connect(host, "Layla"), connect(host, "Omar")
        me.join(0)
        friend.join(1)
        wait_until(lambda: me.snapshot()[0] is not None)
        view, seq = me.snapshot()
        link = RemoteLink(me, view, seq)  # type: ignore[arg-type]
        friend.leave()
        friend.close()
        wait_until(lambda: any(
            m.get("type") == "lobby" and m["seats"][1]["ai_playing"] for m in [me.lobby or {}]
        ))  # fmt: skip
        out: list[Any] = []
        link._message(me.lobby or {}, 0, out)
        assert link.away() == {1: "random"}, "Omar is away; a computer at his level plays"
    finally:
        host.stop()


def test_two_players_never_share_a_name(tmp_home: Path) -> None:
    host = lobby_host()
    try:
        a, b, c = connect(host, "Sara"), connect(host, "sara"), connect(host, "Nadia")
        a.join()
        b.join()
        c.join()
        assert (a.name, b.name, c.name) == ("Sara", "sara 2", "Nadia")
        names = [s["name"] for s in host.lobby()["seats"][:3]]
        assert names == ["Sara", "sara 2", "Nadia"]
    finally:
        host.stop()


def test_the_join_screen_remembers_the_name_typed_last(tmp_home: Path) -> None:
    assert rejoin.last_name() == ""
    rejoin.remember_name("  Layla ")
    assert rejoin.last_name() == "Layla"


# ---------------------------------------------------------------------- watchers


def test_a_watchers_stream_never_carries_a_hidden_card(tmp_home: Path) -> None:
    """A whole game watched: the same byte-level check as the players' views, with every
    seat's cards hidden from the watcher."""
    host, hands_at, played_at = watched_host(target=11)
    try:
        assert host.address is not None
        watcher = RecordingSession(*host.address, name="Friend")
        watcher.connect()
        watcher.watch()
        play_to_the_end(host, seat_sessions(host, [0, 1, 2, 3]))
        wait_until(lambda: watcher.view is not None and watcher.view.phase == "over")
    finally:
        host.stop()
    views = [json.loads(line) for line in watcher.raw if b'"type":"view"' in line]
    assert len(views) > 50 and all(not v["view"]["hand"] for v in views)
    # the watcher is nobody's seat: every seat's hand is hidden from it (seat -1)
    assert leaks(watcher.raw, -1, hands_at, played_at) == []
    assert watcher.view is not None and watcher.view.winner is not None


def test_the_host_allows_or_refuses_watchers(tmp_home: Path) -> None:
    host = lobby_host(watchers=False)
    try:
        with pytest.raises(JoinError) as err:
            connect(host, "Friend").watch()
        assert err.value.code == "no_watchers"
        host.call(host.set_watchers, True)
        w = connect(host, "Friend")
        w.watch()
        wait_until(lambda: host.lobby()["watching"] == ["Friend"])
    finally:
        host.stop()


# ---------------------------------------------------------------------- the lobby


def test_lobby_chat_reaches_everyone_its_sender_too_and_later_comers_read_it(
    tmp_home: Path,
) -> None:
    host = lobby_host()
    try:
        a, w = connect(host, "Sara"), connect(host, "Friend")
        a.join(0)
        w.watch()
        a.chat("hello all")
        w.chat("hi, I am watching")
        for s in (a, w):
            wait_until(lambda s=s: len(s.chat_log) == 2)
            assert [m["text"] for m in s.chat_log] == ["hello all", "hi, I am watching"]
        assert w.chat_log[1]["watcher"] and w.chat_log[1]["name"] == "Friend"
        late = connect(host, "Omar")
        late.join()
        wait_until(lambda: len(late.chat_log) == 2)
        assert all(m.get("earlier") for m in late.chat_log)
    finally:
        host.stop()


def test_the_host_moves_a_player_removes_one_and_names_the_table(tmp_home: Path) -> None:
    host = lobby_host()
    try:
        a, b = connect(host, "Sara"), connect(host, "Omar")
        a.join(1)
        b.join(2)
        token = a.token
        host.call(host.move_seat, 1, 3)
        wait_until(lambda: a.seat == 3)
        assert a.token == token and host.lobby()["seats"][3]["name"] == "Sara"
        assert host.lobby()["seats"][1]["kind"] == "open"
        host.call(host.move_seat, 3, 2)  # onto Omar's seat: they change places
        wait_until(lambda: a.seat == 2 and b.seat == 3)
        with pytest.raises(ValueError):
            host.call(host.move_seat, 0, 1)  # nobody sits at South
        host.call(host.remove_player, 3)
        bye = b.wait_for(lambda m: m.get("type") == "bye")
        assert bye["code"] == "removed"
        assert host.lobby()["seats"][3]["kind"] == "open"
        again = connect(host, "Omar")
        with pytest.raises(JoinError) as err:
            again.join(token=b.token)  # a removed player's token no longer works
        assert err.value.code == "wrong_token"
        assert host.call(host.rename_table, "Friday cards") == "Friday cards"
        assert host.lobby()["table"] == "Friday cards"
    finally:
        host.stop()


def test_a_table_password_is_checked_by_the_host(tmp_home: Path) -> None:
    host = lobby_host(password="mint")
    try:
        s = connect(host, "Sara")
        assert s.host_hello is not None and s.host_hello["password"] is True
        for wrong in ("", "Mint", "mint2"):
            with pytest.raises(JoinError) as err:
                s.join(1, password=wrong)
            assert err.value.code == "wrong_password"
        with pytest.raises(JoinError):
            s.watch("nope")
        assert host.call(lambda: host.seats[1].kind) == "open", "a refusal changes nothing"
        assert s.join(1, password="mint") == 1
        # a token proves the seat: coming back needs no password
        s.close()
        assert s.reconnect() == 1
    finally:
        host.stop()


def test_a_computer_seat_gives_its_name_way_to_a_person(tmp_home: Path) -> None:
    """A host named "Layla" stays "Layla" although a computer seat is called Layla: the
    computer takes another name (also when the seat it got at the start was open)."""
    host = lobby_host(open_seats=[0, 1], bots=["", "", "Layla", "Omar"])
    try:
        assert host.call(lambda: host.seats[2].name) == "Layla"
        me = connect(host, "Layla")
        me.join(0)
        assert me.name == "Layla"
        names = [s["name"] for s in host.lobby()["seats"]]
        assert names[0] == "Layla" and names[2] != "Layla" and len(set(names[1:])) == 3
        omar = connect(host, "omar")
        omar.join(1)
        host.start_game()
        names = [s["name"] for s in host.lobby()["seats"]]
        assert names[:2] == ["Layla", "omar"]
        assert len({n.casefold() for n in names}) == 4, names
        assert host.call(lambda: host.table.names) == names
        assert host.call(lambda: host.seats[3].flow.name) == names[3]
    finally:
        host.stop()


def test_closing_the_window_closes_the_table_going_on_in_the_menu(tmp_home: Path) -> None:
    from tests.test_ui_helpers import make_app

    stopped: list[bool] = []

    class StubHost:
        loop = object()
        done = threading.Event()
        error = None
        address = ("127.0.0.1", 1)

        def stop(self) -> None:
            stopped.append(True)

    rejoin.keep_hosted(StubHost(), [])  # type: ignore[arg-type]
    assert rejoin.hosted() is not None
    app = make_app()
    app.running = False  # the window closed
    app.run()
    assert stopped == [True] and rejoin.hosted() is None
