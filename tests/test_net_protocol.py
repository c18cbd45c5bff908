"""The LAN protocol's checks and limits, the versions handshake, rate limits and discovery."""

from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any

import pytest

from tarneeb_desktop.cli.lan import parse_open_seats
from tarneeb_desktop.net import protocol as P
from tarneeb_desktop.net.client import ClientSession, parse_address
from tarneeb_desktop.net.discovery import Beacon, TableFinder, beacon_message, parse_beacon
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.rules import GameState, HandDealt, make_rules
from tarneeb_desktop.session.lan import new_host


def raw_connect(address: tuple[str, int]) -> tuple[socket.socket, Any]:
    sock = socket.create_connection(address, timeout=5.0)
    return sock, sock.makefile("rb")


def read_msg(f: Any) -> dict[str, Any] | None:
    line = f.readline()
    return json.loads(line) if line else None


@pytest.fixture
def host():
    h = new_host(make_rules(), seed=1, open_seats=[0, 1, 2, 3], ai_level="random", auto_start=False)
    h.start()
    yield h
    h.stop()


# ---------------------------------------------------------------------- framing and checks


def test_decode_accepts_objects_with_a_string_type_only() -> None:
    assert P.decode(b'{"type":"ping"}\n') == {"type": "ping"}
    for bad in (
        b"[1]\n",
        b'{"kind":"x"}\n',
        b'{"type":3}\n',
        b"not json\n",
        b"\xff\xfe\n",
        b"[" * 5000 + b"\n",
        b'"type"\n',
    ):
        with pytest.raises(P.ProtocolError) as err:
            P.decode(bad)
        assert err.value.code == "malformed"
    with pytest.raises(P.ProtocolError) as err:
        P.decode(b'{"type":"chat","text":"' + b"a" * P.MAX_MESSAGE_BYTES + b'"}\n')
    assert err.value.code == "oversized"


def test_encode_round_trips_through_decode() -> None:
    msg = {"type": "chat", "text": "مرحبا", "n": 3}
    line = P.encode(msg)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert P.decode(line) == msg


def test_validate_client_messages() -> None:
    ok = P.validate_client_message(
        {"type": "action", "seat": 2, "seq": 5, "token": "t", "action": "AS", "extra": 1}
    )
    assert ok == {"type": "action", "seat": 2, "seq": 5, "token": "t", "action": "AS"}
    for bad in (
        {"type": "action", "seat": 4, "seq": 0, "token": "t", "action": "AS"},
        {"type": "action", "seat": True, "seq": 0, "token": "t", "action": "AS"},
        {"type": "action", "seat": 1, "seq": -1, "token": "t", "action": "AS"},
        {"type": "action", "seat": 1, "seq": 1.5, "token": "t", "action": "AS"},
        {"type": "action", "seat": 1, "seq": 0, "token": 5, "action": "AS"},
        {"type": "action", "seat": 1, "seq": 0, "token": "t", "action": "x" * 100},
        {"type": "action", "seat": 1, "seq": 0, "token": "t\ud800", "action": "AS"},
        {"type": "action", "seat": 1, "seq": 0, "token": "t", "action": "A\ud800"},
        {"type": "join", "seat": "1"},
        {"type": "join", "name": ["x"]},
        {"type": "chat", "text": ""},
        {"type": "chat", "text": "\x00\x01"},
        {"type": "chat", "text": "y" * (P.MAX_CHAT_CHARS + 1)},
        {"type": "react", "reaction": "rude"},
        {"type": "hello"},
        {"type": "teleport"},
    ):
        with pytest.raises(P.ProtocolError) as err:
            P.validate_client_message(bad)
        assert err.value.code == "invalid", bad
    assert P.validate_client_message({"type": "chat", "text": "a\ud800b"})["text"] == "a b"
    join = P.validate_client_message({"type": "join", "name": " Omar\u202e\n "})
    assert join == {"type": "join", "seat": None, "token": None, "name": "Omar", "password": ""}


def test_hello_keeps_its_frozen_keys_and_mismatches_read_as_sentences() -> None:
    h = P.hello("client", name="x")
    assert list(h)[:4] == ["type", "protocol", "version", "app"]
    assert h["type"] == "hello" and h["protocol"] == "tarneeb-lan" and h["version"] == P.VERSION
    P.check_hello(h, "host")
    with pytest.raises(P.IncompatibleError) as err:
        P.check_hello({**h, "version": 2, "app": "2.0.0"}, "client")
    text = err.value.message
    assert "incompatible versions" in text and "2.0.0" in text and P.APP_VERSION in text
    assert "same version" in text
    with pytest.raises(P.IncompatibleError, match="does not speak"):
        P.check_hello({"type": "hello", "protocol": "http"}, "client")


def test_events_never_carry_a_deal() -> None:
    state = GameState.new(make_rules(), seed=3)
    events: list[Any] = [HandDealt(2, 1)]
    while not state.is_over() and len(events) < 400:
        legal = state.legal_actions()
        events += state.apply("7" if "7" in legal else "pass" if "pass" in legal else legal[0])
    wire = [P.event_to_dict(e) for e in events]
    assert wire[0] == {"event": "hand_dealt", "hand_number": 2, "dealer": 1}
    assert {w["event"] for w in wire} >= {
        "call_made",
        "trump_named",
        "card_played",
        "trick_won",
        "hand_scored",
        "auction_won",
    }
    # No event names more than the four cards of one trick.
    assert (
        max(
            sum(1 for v in json.dumps(w).split('"') if len(v) == 2 and v[1] in "CDHS") for w in wire
        )
        <= 4
    )


def test_token_bucket_refills_with_its_clock() -> None:
    now = [0.0]
    bucket = P.TokenBucket(burst=3, rate=2.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5
    assert bucket.take() and not bucket.take()
    bucket.refund()
    assert bucket.take()
    now[0] += 100.0
    assert sum(bucket.take() for _ in range(10)) == 3


def test_parse_address_and_open_seats() -> None:
    assert parse_address("10.0.0.2:5000") == ("10.0.0.2", 5000)
    assert parse_address("[::1]:7") == ("::1", 7)
    assert parse_address("table.local") == ("table.local", P.DEFAULT_PORT)
    for bad in ("h:0", "h:x", ":5", "h:99999"):
        with pytest.raises(ValueError):
            parse_address(bad)
    assert parse_open_seats("0, 2,2") == [0, 2]
    assert parse_open_seats("none") == []
    with pytest.raises(ValueError):
        parse_open_seats("4")


# ---------------------------------------------------------------------- host behaviour


def test_version_mismatch_gets_a_readable_error_and_the_host_goes_on(host: Host) -> None:
    assert host.address is not None
    sock, f = raw_connect(host.address)
    with sock:
        assert read_msg(f)["type"] == "hello"
        sock.sendall(
            P.encode({"type": "hello", "protocol": "tarneeb-lan", "version": 2, "app": "2.0.0"})
        )
        err = read_msg(f)
        assert err is not None and err["type"] == "error" and err["code"] == "incompatible"
        assert "incompatible versions" in err["message"] and "2.0.0" in err["message"]
        assert read_msg(f) is None  # closed
    # A client of another version reads the host's hello and says so itself.
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def old_host() -> None:
        conn, _ = server.accept()
        with conn:
            conn.sendall(
                P.encode({"type": "hello", "protocol": "tarneeb-lan", "version": 0, "app": "0.0.1"})
            )
            conn.recv(1000)

    t = threading.Thread(target=old_host)
    t.start()
    with pytest.raises(P.IncompatibleError) as exc:
        ClientSession("127.0.0.1", port).connect()
    t.join(5)
    server.close()
    assert exc.value.message.startswith(
        "incompatible versions: the host runs Tarneeb Desktop 0.0.1"
    )
    # The host still seats a good client.
    ok = ClientSession(*host.address, name="ok")
    ok.connect()
    assert ok.join() == 0


def test_malformed_and_oversized_messages_close_only_that_connection(host: Host) -> None:
    assert host.address is not None
    keeper = ClientSession(*host.address, name="keeper")
    keeper.connect()
    keeper.join(0)
    for payload, code in (
        (b"{oops\n", "malformed"),
        (b'{"type":"chat","text":"' + b"x" * 20000 + b'"}\n', "oversized"),
    ):
        sock, f = raw_connect(host.address)
        with sock:
            read_msg(f)
            sock.sendall(P.encode(P.hello("client")))
            assert read_msg(f)["type"] == "lobby"
            sock.sendall(payload)
            err = read_msg(f)
            assert err is not None and err["code"] == code
            assert read_msg(f) is None
    keeper.sync()
    assert keeper.wait_for(lambda m: m["type"] == "lobby", 5.0)
    assert keeper.connected


def test_rate_limit_drops_a_flood_then_closes_it() -> None:
    h = new_host(
        make_rules(), seed=1, open_seats=[0], ai_level="random", auto_start=False, rate=(5, 0.0)
    )
    h.start()
    try:
        assert h.address is not None
        s = ClientSession(*h.address)
        s.connect()
        for _ in range(10):
            s._send({"type": "ping"})
        pongs, errors = 0, []
        while pongs + len(errors) < 5:
            m = s.wait_for(lambda m: m["type"] in ("pong", "error"), 5.0)
            if m["type"] == "pong":
                pongs += 1
            else:
                errors.append(m["code"])
        assert pongs == 4  # the hello took the fifth token
        assert errors == ["rate_limited"]
        try:
            for _ in range(P.RATE_MAX_DROPPED):
                s._send({"type": "ping"})
        except OSError:
            pass
        s.wait_for(lambda m: m["type"] == "disconnected", 5.0)
    finally:
        h.stop()


# ---------------------------------------------------------------------- discovery


def test_beacon_is_heard_on_loopback() -> None:
    finder = TableFinder(bind="127.0.0.1", port=0).start()
    beacon = Beacon(
        lambda: {
            "port": 4242,
            "name": "Kitchen",
            "free_seats": [1, 3],
            "started": False,
            "rules": "standard",
        },
        target=("127.0.0.1", finder.port),
    )
    try:
        deadline = time.monotonic() + 5.0
        while not finder.tables() and time.monotonic() < deadline:
            beacon.send_once()
            time.sleep(0.01)
        (table,) = finder.tables()
        assert (table.host, table.port, table.name) == ("127.0.0.1", 4242, "Kitchen")
        assert table.free_seats == (1, 3) and table.compatible
        assert finder.tables(max_age=-1.0) == []
    finally:
        beacon.stop()
        finder.stop()


def test_parse_beacon_ignores_other_datagrams() -> None:
    good = beacon_message({"port": 5000, "name": "T"})
    assert parse_beacon(good, "10.0.0.9", 0.0) is not None
    for bad in (
        b"",
        b"\xff",
        b"[]",
        b'{"type":"tarneeb-beacon"}',
        good.replace(b"5000", b"0"),
        b"x" * 3000,
    ):
        assert parse_beacon(bad, "10.0.0.9", 0.0) is None
    other = json.loads(good)
    other["version"] = 99
    found = parse_beacon(json.dumps(other).encode(), "h", 0.0)
    assert found is not None and not found.compatible


def test_a_host_announces_its_table_and_free_seats(host: Host) -> None:
    finder = TableFinder(bind="127.0.0.1", port=0).start()
    try:
        host.start_beacon(target=("127.0.0.1", finder.port), interval=0.02)
        deadline = time.monotonic() + 5.0
        while not finder.tables() and time.monotonic() < deadline:
            time.sleep(0.01)
        (table,) = finder.tables()
        assert host.address is not None and table.port == host.address[1]
        assert table.free_seats == (0, 1, 2, 3) and not table.started and table.rules == "standard"
    finally:
        finder.stop()


def test_tarneeb_host_offers_the_turn_timer_and_watchers_as_the_window_does(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Issue 38: ``tarneeb host`` takes the turn timer and the watchers' setting as the
    window's Host screen does; a resumed table keeps its own unless they are given."""
    from tarneeb_desktop.cli import build_parser
    from tarneeb_desktop.cli.lan import make_host

    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    parser = build_parser()
    base = ["host", "--bind", "127.0.0.1", "--no-beacon", "--seed", "3"]
    plain = make_host(parser.parse_args(base))
    assert not plain.turn_timer.on and plain.watchers_allowed
    assert plain.latecomers == "no"  # no window to ask the host: refused unless told
    assert make_host(parser.parse_args([*base, "--latecomers"])).latecomers == "yes"
    save = tmp_path / "table.json"
    host = make_host(
        parser.parse_args(
            [*base, "--turn-seconds", "30", "--no-watchers", "--save-table", str(save)]
        )
    )
    assert host.turn_timer.seconds == 30 and not host.watchers_allowed
    with pytest.raises(ValueError, match="turn-seconds"):
        make_host(parser.parse_args([*base, "--turn-seconds", "2"]))
    host.save()
    again = make_host(parser.parse_args([*base, "--resume", str(save)]))
    assert again.turn_timer.seconds == 30 and not again.watchers_allowed
    changed = make_host(parser.parse_args([*base, "--resume", str(save), "--turn-seconds", "0"]))
    assert not changed.turn_timer.on
