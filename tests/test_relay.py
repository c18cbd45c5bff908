"""Tables over the internet by a code (issue 46), against a real broker (Mosquitto on
127.0.0.1, ``tests/relay_broker.py``): whole games, a watcher, a latecomer, a client killed and
back, the broker and the host killed and back, a wrong code, an eavesdropper that knows the
code, forged, replayed and oversized frames. Loopback only."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from tarneeb_desktop.net import relay_crypto as rc
from tarneeb_desktop.net.client import ClientSession, JoinError, play_seat
from tarneeb_desktop.net.host import Host
from tarneeb_desktop.net.relay import RelayError, connect_relay
from tarneeb_desktop.net.relay_host import RelayOptions
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.session.lan import new_host
from tarneeb_desktop.table.seats import ComputerSeat
from tests.relay_broker import Broker
from tests.test_net_game import host_state, wait_until

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0


@pytest.fixture
def broker() -> Iterator[Broker]:
    b = Broker().start()
    yield b
    b.stop()


@pytest.fixture(autouse=True)
def tmp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path


def relay_host(broker: Broker, **kwargs: Any) -> Host:
    options: dict[str, Any] = {
        "seed": 5,
        "open_seats": [0, 1, 2, 3],
        "ai_level": "random",
        "bind": "127.0.0.1",
        "port": 0,
        "relay": RelayOptions.new(broker.url),
    }
    options.update(kwargs)
    host = new_host(options.pop("rules", make_rules(target=5)), **options)
    host.start()
    return host


def by_code(host_or_code: Host | str, broker: Broker, name: str) -> ClientSession:
    code = host_or_code if isinstance(host_or_code, str) else host_or_code.code
    assert code is not None
    session = ClientSession.by_code(code, broker.urls, name=name, timeout=5.0)
    session.connect()
    return session


def start_playing(
    sessions: list[ClientSession], level: str = "random", reconnect_for: float = 30
) -> tuple[dict[int, bool], list[threading.Thread]]:
    """A computer player at ``level`` plays each session's seat, in a thread of its own
    (reconnecting after a drop for ``reconnect_for`` s); each seat's result lands in the
    dict when its game ends."""
    results: dict[int, bool] = {}

    def run(s: ClientSession) -> None:
        results[s.seat or 0] = play_seat(s, ComputerSeat(level, s.seat), reconnect_for)

    threads = [threading.Thread(target=run, args=(s,), daemon=True) for s in sessions]
    for t in threads:
        t.start()
    return results, threads


def step_until(sessions: list[ClientSession], done: Any, seed: int = 3) -> None:
    """The seats move one at a time, at random, each waiting for the view that answers its
    move, until ``done()``: a game brought to a chosen point, however fast the machine."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 60
    while not done():
        assert time.monotonic() < deadline, "the point was not reached"
        for s in sessions:
            s.poll()
            view, seq = s.snapshot()
            if view is not None and view.turn == s.seat and view.legal and not done():
                s.act(rng.choice(list(view.legal)), seq)
                s.wait_for(lambda m, q=seq: m["type"] == "view" and m["seq"] > q, 10)


def play_all(host: Host, sessions: list[ClientSession], level: str = "random") -> dict[int, bool]:
    results, threads = start_playing(sessions, level)
    assert host.done.wait(240), host_state(host)
    for t in threads:
        t.join(30)
    return results


# ---------------------------------------------------------------------- the code


def test_a_code_is_sixty_random_bits_in_crockford_base32_and_reads_forgivingly() -> None:
    codes = {rc.new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == 14 and code[4] == code[9] == "-"
        assert set(code.replace("-", "")) <= set(rc.ALPHABET)
        assert not set(code) & set("ILOU")
    assert len(rc.ALPHABET) ** rc.CODE_CHARS >= 2**60
    assert rc.normalize_code(" 7k4m x92q-ht3d ") == "7K4M-X92Q-HT3D"
    assert rc.normalize_code("OIL0-1111-AAAA") == "0110-1111-AAAA"  # O reads 0, I and L 1
    for bad in ("7K4M-X92Q", "7K4M-X92Q-HT3D-1", "7K4M-X92Q-HT3U", "192.168.1.2:47471"):
        assert not rc.is_code(bad)
    assert rc.is_code("7k4mx92qht3d")
    keys = rc.table_keys("7K4M-X92Q-HT3D")
    assert keys == rc.table_keys("7k4m x92q ht3d")  # typed any way: the same table
    assert keys.topic != rc.table_keys("7K4M-X92Q-HT3E").topic
    assert "7K4M" not in keys.topic and len(keys.key) == 32


def test_a_channel_opens_each_frame_once_in_order_and_only_its_own() -> None:
    from nacl.public import PrivateKey

    host_key, client_key, other = (
        PrivateKey.generate(),
        PrivateKey.generate(),
        PrivateKey.generate(),
    )
    host = rc.Channel(host_key, client_key.public_key, host_side=True)
    client = rc.Channel(client_key, host_key.public_key, host_side=False)
    spy = rc.Channel(other, host_key.public_key, host_side=False)
    first = host.seal(rc.DATA, b"hello")
    second = host.seal(rc.DATA, b"world")
    assert client.open(first) == (rc.DATA, b"hello")
    with pytest.raises(rc.Refused) as exc:
        client.open(first)  # the same frame again
    assert exc.value.why == "replayed"
    with pytest.raises(rc.Refused) as exc:
        spy.open(second)  # someone else's key
    assert exc.value.why == "forged"
    tampered = bytearray(second)
    tampered[-1] ^= 1
    with pytest.raises(rc.Refused):
        client.open(bytes(tampered))
    with pytest.raises(rc.Refused):  # the client's own frame echoed back at it
        client.open(client.seal(rc.DATA, b"x"))
    assert client.open(second) == (rc.DATA, b"world") and not client.lost
    host.seal(rc.DATA, b"lost on the way")
    client.open(host.seal(rc.DATA, b"after a hole"))
    assert client.lost  # a missed frame ends the connection (it is opened again)


# ---------------------------------------------------------------------- whole games


def test_four_relay_clients_play_a_whole_game_at_hard(broker: Broker) -> None:
    host = relay_host(broker, rules=make_rules(target=11), seed=11)
    assert host.code is not None and rc.is_code(host.code)
    sessions = [by_code(host, broker, f"P{i}") for i in range(4)]
    for i, s in enumerate(sessions):
        assert s.join(i) == i
    results = play_all(host, sessions, level="hard")
    assert all(results.values()) and len(results) == 4
    state = host.table.state
    assert state.is_over() and max(state.scores) >= 11
    assert not host.table.faults
    assert sum(host.relay_server.dropped.values()) == 0 if host.relay_server else True
    for s in sessions:
        assert s.view is not None and s.view.winner == state.winner
        s.close()
    host.stop()


def test_a_watcher_and_a_latecomer_reach_the_table_by_code(broker: Broker) -> None:
    host = relay_host(broker, open_seats=[0], latecomers="yes")
    south = by_code(host, broker, "Sara")
    assert south.join(0) == 0
    wait_until(lambda: host.call(lambda: host.started))
    watcher = by_code(host, broker, "Hadi")
    watcher.watch()
    assert "Hadi" in host.lobby()["watching"]
    late = by_code(host, broker, "Karim")
    late.ask_for_seat(2)
    got: list[int | None] = []
    wait_until(lambda: got.append(late.answer()) or got[-1] is not None)
    assert got[-1] == 2
    seats = host.lobby()["seats"]
    assert seats[2]["name"] == "Karim" and seats[2]["kind"] == "human"
    results = play_all(host, [south, late])
    assert all(results.values())
    watcher.wait_for(lambda m: m.get("type") == "view" and m["view"]["phase"] == "over", 20)
    view = watcher.view
    assert view is not None and view.hand == () and view.phase == "over"
    for s in (south, late, watcher):
        s.close()
    host.stop()


def test_a_wrong_code_and_an_unreachable_relay_say_so(broker: Broker) -> None:
    host = relay_host(broker)
    assert host.code is not None
    wrong = rc.new_code()
    with pytest.raises(RelayError) as exc:
        connect_relay(wrong, broker.urls, timeout=3, presence_wait=1.0)
    assert exc.value.code == "no_table" and "no table with this code" in exc.value.message
    dead = f"mqtt://127.0.0.1:{Broker().port}"
    session = ClientSession.by_code(host.code, [*Broker().urls[:0], *_urls(dead)], timeout=2)
    with pytest.raises(RelayError) as exc:
        session.connect()
    assert exc.value.code == "unreachable"
    # a first broker that cannot be reached: the next one in the list has the table
    session = ClientSession.by_code(host.code, [*_urls(dead), *broker.urls], name="Ola")
    session.connect()
    assert session.join() in range(4)
    session.close()
    host.stop()
    with pytest.raises(RelayError) as exc:  # the host closed: its announcement is gone
        connect_relay(host.code, broker.urls, timeout=3, presence_wait=1.0)
    assert exc.value.code == "no_table"


def _urls(url: str) -> list[Any]:
    from tarneeb_desktop.net.relay import relay_urls

    return relay_urls(url)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_host_that_cannot_reach_its_relay_does_not_open() -> None:
    dead = f"mqtt://127.0.0.1:{Broker().port}"
    host = new_host(
        make_rules(target=5), open_seats=[0], bind="127.0.0.1", port=0,
        relay=RelayOptions.new(dead),
    )  # fmt: skip
    with pytest.raises(RelayError) as exc:
        host.start()
    assert exc.value.code == "unreachable"


def test_the_host_closing_the_table_says_so_to_its_relay_players(broker: Broker) -> None:
    host = relay_host(broker, open_seats=[0, 1])
    s = by_code(host, broker, "Sara")
    s.join(0)
    host.stop()
    bye = s.wait_for(lambda m: m.get("type") in ("bye", "disconnected"), 10)
    assert bye["type"] == "bye" and bye["reason"] == "the host closed the table"
    s.close()


# ---------------------------------------------------------------------- faults


def test_the_broker_restarting_mid_hand_the_game_goes_on_with_every_seat_kept(
    broker: Broker,
) -> None:
    host = relay_host(broker)
    sessions = [by_code(host, broker, f"P{i}") for i in range(4)]
    tokens = []
    for i, s in enumerate(sessions):
        s.join(i)
        tokens.append(s.token)
    step_until(sessions, lambda: host_state(host)["tricks"] >= 3)  # mid-hand
    before = host_state(host)
    broker.kill()
    time.sleep(1.0)
    broker.start()
    results, threads = start_playing(sessions, reconnect_for=40)
    assert host.done.wait(240), host_state(host)
    for t in threads:
        t.join(30)
    assert all(results.values()) and len(results) == 4
    assert host.table.state.is_over() and host.seq > before["seq"]
    assert [s.token for s in host.seats] == tokens  # every seat kept, by its own player
    assert host.relay_server is not None and len(host.relay_server.seen_keys) >= 8  # back
    assert [s.seat for s in sessions] == [0, 1, 2, 3]
    for s in sessions:
        s.close()
    host.stop()


def cli(home: Path, *args: str) -> subprocess.Popen[str]:
    """``tarneeb ARGS`` with its own player folder; its log goes to ``home``/log.txt (a
    pipe nobody reads would fill up and stall the program)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TARNEEB_HOME": str(home)}
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "tarneeb_desktop", *args],
        stdout=subprocess.PIPE,
        stderr=open(home / "log.txt", "a"),  # noqa: SIM115 - the child's own
        text=True,
        env=env,
        cwd=ROOT,
    )


def host_args(broker: Broker, save: Path, target: int = 5) -> list[str]:
    return [
        "host", "--relay", broker.url, "--port", "0", "--bind", "127.0.0.1", "--no-beacon",
        "--save-table", str(save), "--open-seats", "0,1,2,3", "-o", f"target={target}",
        "--seed", "3",
    ]  # fmt: skip


def test_tarneeb_host_prints_the_code_first_and_a_killed_client_rejoins(
    broker: Broker, tmp_home: Path
) -> None:
    """``tarneeb host --relay URL``: the code is the first line; four ``tarneeb join --code``
    bots play, one is killed (kill -9) mid-game and, run again with the same player folder,
    sits down at its seat again; the game ends."""
    host = cli(tmp_home / "host", *host_args(broker, tmp_home / "table.json"))
    procs = [host]
    try:
        assert host.stdout is not None
        first = host.stdout.readline().strip()
        assert first.startswith("table code "), first
        code = first.removeprefix("table code ")
        assert rc.is_code(code) and rc.normalize_code(code) == code

        def join(seat: int | None, home: Path, bot: str = "random") -> subprocess.Popen[str]:
            extra = ["--seat", str(seat)] if seat is not None else []
            args = ["join", "--code", code, "--relay", broker.url, "--bot", bot, *extra]
            proc = cli(home, *args, "--name", f"bot{seat}")
            procs.append(proc)
            return proc

        bots = {seat: join(seat, tmp_home / f"p{seat}") for seat in (0, 1, 3)}
        for seat, bot in bots.items():
            assert bot.stdout is not None
            assert bot.stdout.readline().strip() == f"joined seat {seat}"
        # the last seat taken starts the game; a slow player (hard thinks for each move)
        # killed at once: its seat waits for its player (up to the disconnect grace), so the
        # game, first to 5, cannot end meanwhile
        killed = join(2, tmp_home / "p2", bot="hard")
        assert killed.stdout is not None
        assert killed.stdout.readline().strip() == "joined seat 2"
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        again = join(None, tmp_home / "p2")
        out, _ = again.communicate(timeout=TIMEOUT * 2)
        err = (tmp_home / "p2" / "log.txt").read_text()
        assert "joined seat 2" in out, err + (tmp_home / "host" / "log.txt").read_text()
        assert again.returncode == 0 and "game over: team" in out, err
        host_out, _ = host.communicate(timeout=TIMEOUT)
        assert host.returncode == 0, (tmp_home / "host" / "log.txt").read_text()
        assert "game over: team" in host_out
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()


def test_the_host_killed_and_resumed_keeps_its_code_and_its_players(
    broker: Broker, tmp_home: Path
) -> None:
    save = tmp_home / "table.json"
    host = cli(tmp_home / "host", *host_args(broker, save))
    procs = [host]
    sessions: list[ClientSession] = []
    try:
        assert host.stdout is not None
        code = host.stdout.readline().strip().removeprefix("table code ")
        sessions = [by_code(code, broker, f"P{i}") for i in range(4)]
        for i, s in enumerate(sessions):
            s.join(i)

        def cards_saved() -> int:
            try:
                return len(json.loads(save.read_text())["hands"][-1].get("plays", []))
            except (OSError, ValueError, KeyError, IndexError):
                return 0

        step_until(sessions, lambda: cards_saved() >= 6)  # the host is killed mid-hand
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        kept = json.loads(save.read_text())["resume"]
        assert kept["relay_code"] == code
        assert not json.loads(save.read_text()).get("over")
        resumed = cli(
            tmp_home / "host", "host", "--resume", str(save), "--relay", broker.url,
            "--port", "0", "--bind", "127.0.0.1", "--no-beacon",
        )  # fmt: skip
        procs.append(resumed)
        assert resumed.stdout is not None
        assert resumed.stdout.readline().strip() == f"table code {code}"
        results, threads = start_playing(sessions, reconnect_for=60)  # back by their tokens
        try:
            out, _ = resumed.communicate(timeout=TIMEOUT * 2)
        except subprocess.TimeoutExpired:
            seen = [(s.seat, s.snapshot()[1], s.connection_id, s.connected) for s in sessions]
            raise AssertionError(f"the resumed game did not end; the seats saw {seen}") from None
        assert resumed.returncode == 0 and "game over: team" in out, (
            tmp_home / "host" / "log.txt"
        ).read_text()
        for t in threads:
            t.join(30)
        assert all(results.values()) and len(results) == 4
        assert [s.seat for s in sessions] == [0, 1, 2, 3]
    finally:
        for s in sessions:
            s.close()
        for p in procs:
            if p.poll() is None:
                p.kill()


# ---------------------------------------------------------------------- what the broker sees


class Eavesdropper:
    """Someone who knows the code and listens to every topic of the broker (``#``)."""

    def __init__(self, broker: Broker) -> None:
        self.got: list[tuple[str, bytes]] = []
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="spy")
        self.client.on_message = lambda _c, _u, m: self.got.append((m.topic, bytes(m.payload)))
        self.client.connect("127.0.0.1", broker.port)
        self.client.subscribe("#", qos=1)
        self.client.loop_start()

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def test_an_eavesdropper_with_the_code_reads_no_card_name_token_or_key(broker: Broker) -> None:
    spy = Eavesdropper(broker)
    host = relay_host(broker, rules=make_rules(target=5), seed=9)
    assert host.code is not None
    keys = rc.table_keys(host.code)
    names = ["Layla", "Karim", "Rania", "Omar"]
    sessions = [by_code(host, broker, n) for n in names]
    hands: set[str] = set()  # each seat's cards as its views name them (three at a time)

    def heard(msg: dict[str, Any]) -> None:
        hand = msg.get("view", {}).get("hand") if msg.get("type") == "view" else None
        if isinstance(hand, list) and len(hand) >= 3:
            hands.add(json.dumps(hand[:3])[1:-1])

    for i, s in enumerate(sessions):
        s.on_message = heard
        s.join(i)
    results = play_all(host, sessions)
    assert all(results.values())
    for s in sessions:
        s.close()
    host.stop()
    spy.close()
    assert len(hands) > 20
    secrets = [*names, *(s.token or "" for s in sessions), host.table_id]
    words = ['"type"', '"view"', '"hand"', '"legal"', '"seq"', '"token"', '"name"', "tarneeb-lan"]
    assert len(spy.got) > 100
    opened = 0
    for topic, payload in spy.got:
        assert topic.startswith(keys.topic)  # the code's topics only; none names the code
        assert host.code.replace("-", "") not in topic
        for needle in [*secrets, *words, *hands]:
            assert needle.encode() not in payload, (topic, needle)
        if not payload:
            continue  # the announcement cleared when the table closed
        try:
            plain = keys.open(payload)
        except rc.Refused:
            continue  # a connection's frame: sealed to the host's and that client's keys
        opened += 1  # the announcement and each connection's first frame: keys only
        assert len(plain) in (49, 81) and plain[:1] in (rc.PRESENCE, rc.HANDSHAKE)
    assert opened >= 5  # the host's announcement and four handshakes


def test_forged_replayed_oversized_and_junk_frames_are_dropped_and_counted(
    broker: Broker,
) -> None:
    spy = Eavesdropper(broker)
    host = relay_host(broker, open_seats=[0, 1])
    assert host.code is not None and host.relay_server is not None
    keys = rc.table_keys(host.code)
    sara = by_code(host, broker, "Sara")
    sara.join(0)
    karim = by_code(host, broker, "Karim")
    karim.join(1)
    wait_until(lambda: host.call(lambda: host.started))
    sock = sara._sock
    assert sock is not None and hasattr(sock, "cid")
    up = keys.up_topic(sock.cid)
    wait_until(lambda: any(t == up for t, _ in spy.got))
    captured = [p for t, p in spy.got if t == up]
    seq = host_state(host)["seq"]
    pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="forger")
    pub.connect("127.0.0.1", broker.port)
    pub.loop_start()
    dropped = host.relay_server.dropped
    pub.publish(up, captured[-1], qos=1).wait_for_publish(5)  # an old frame again
    pub.publish(up, os.urandom(200), qos=1).wait_for_publish(5)  # not sealed to the key
    pub.publish(up, b"x" * (70 * 1024), qos=1).wait_for_publish(5)  # too large to open
    pub.publish(keys.up_topic("intruder"), b"{}", qos=1).wait_for_publish(5)
    pub.publish(keys.gone_topic(sock.cid), os.urandom(32), qos=1).wait_for_publish(5)
    stale = keys.seal(rc.handshake(rc.PrivateKey.generate().public_key, bytes(16), b"g"))
    pub.publish(keys.up_topic("latecomer"), stale, qos=1).wait_for_publish(5)
    wait_until(lambda: sum(dropped.values()) >= 6)
    assert dropped["replayed"] == 1 and dropped["oversized"] == 1 and dropped["stale"] == 1
    assert dropped["forged"] == 3  # random bytes, "{}" on a new topic, a false "gone"
    pub.loop_stop()
    assert host_state(host)["seq"] == seq  # nothing changed at the table
    assert sara.connected and karim.connected  # and nobody was cut off
    results = play_all(host, [sara, karim])
    assert all(results.values())
    spy.close()
    for s in (sara, karim):
        s.close()
    host.stop()


def test_a_join_error_by_code_is_a_join_error(broker: Broker) -> None:
    host = relay_host(broker, open_seats=[0])
    a = by_code(host, broker, "Sara")
    a.join(0)
    b = by_code(host, broker, "Rami")
    with pytest.raises(JoinError) as exc:
        b.join(0)
    assert exc.value.code in ("seat_taken", "no_seat")
    for s in (a, b):
        s.close()
    host.stop()


def test_the_relay_sends_small_frames_at_once(broker: Broker) -> None:
    """TCP_NODELAY on the broker connection: with Nagle's algorithm each action waited for
    the broker's delayed ack (bench/relay.py: p50 87 ms before, 2 ms after with the broker's
    own set_tcp_nodelay)."""
    import socket

    from tarneeb_desktop.net.relay import BrokerLink

    link = BrokerLink(broker.urls[0], lambda _t, _p: None)
    link.open(5)
    try:
        sock = link.client.socket()
        assert isinstance(sock, socket.socket)
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        link.close()


def test_tls_certificates_are_verified(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An mqtts:// broker whose certificate no known authority signed is refused (the relay
    cannot be reached); with its authority named (``TARNEEB_RELAY_CA``, a club's own broker)
    the same broker is reached, and a certificate for another name is refused even so."""
    import shutil as sh

    from tarneeb_desktop.net.relay import BrokerLink, relay_urls

    if not sh.which("openssl"):
        pytest.skip("needs openssl")
    ca_key, ca, key, csr, cert = (
        tmp_path / n for n in ("ca.key", "ca.pem", "b.key", "b.csr", "b.pem")
    )

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(ca_key), "-out", str(ca),
        "-days", "2", "-subj", "/CN=Tarneeb test club CA")  # fmt: skip
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(csr),
        "-subj", "/CN=127.0.0.1")  # fmt: skip
    ext = tmp_path / "ext.cnf"
    ext.write_text("subjectAltName=IP:127.0.0.1\n")
    run("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial",
        "-out", str(cert), "-days", "2", "-extfile", str(ext))  # fmt: skip
    broker = Broker()
    broker.folder.chmod(0o755)  # Mosquitto run as root reads its files as "mosquitto"
    for f in (cert, key):
        sh.copy(f, broker.folder / f.name)
        (broker.folder / f.name).chmod(0o644)
    broker.conf.write_text(
        f"listener {broker.port} 127.0.0.1\nallow_anonymous true\n"
        f"certfile {broker.folder / cert.name}\nkeyfile {broker.folder / key.name}\n"
    )
    broker.start()
    try:
        url = relay_urls(f"mqtts://127.0.0.1:{broker.port}")[0]
        link = BrokerLink(url, lambda _t, _p: None)
        with pytest.raises(RelayError) as exc:  # nobody the system or certifi trusts
            link.open(5)
        assert exc.value.code == "unreachable" and "CERTIFICATE_VERIFY_FAILED" in exc.value.message
        monkeypatch.setenv("TARNEEB_RELAY_CA", str(ca))
        link = BrokerLink(url, lambda _t, _p: None)
        link.open(5)
        assert link.connected.is_set()
        link.close()
        wrong = relay_urls(f"mqtts://localhost:{broker.port}")[0]  # signed for 127.0.0.1 only
        with pytest.raises(RelayError):
            BrokerLink(wrong, lambda _t, _p: None).open(5)
    finally:
        broker.stop()


def test_the_lan_rate_limits_hold_over_the_relay(broker: Broker) -> None:
    """A connection by code that floods the host is told, then cut off (the same token
    bucket as over TCP); the table goes on for the others."""
    host = relay_host(broker, open_seats=[0, 1])
    good = by_code(host, broker, "Sara")
    good.join(0)
    flood = by_code(host, broker, "Rami")
    flood.join(1)
    flood.send_raw(b'{"type": "ping"}\n' * 400)
    limited = flood.wait_for(
        lambda m: m.get("code") == "rate_limited" or m["type"] == "disconnected", 20
    )
    assert limited.get("code") == "rate_limited"
    gone = flood.wait_for(lambda m: m["type"] == "disconnected", 40)
    assert gone["type"] == "disconnected"
    good.sync()
    assert good.wait_for(lambda m: m["type"] == "lobby", 10)["type"] == "lobby"
    assert good.connected
    for s in (good, flood):
        s.close()
    host.stop()


def test_a_session_refuses_another_host_posing_for_its_code(broker: Broker) -> None:
    """Someone who knows the code replaces the host's retained announcement with their own
    key: a session that met the real host refuses to reconnect to the poser (its key was
    pinned), while the real host's own announcement, back, lets it in again."""
    from nacl.public import PrivateKey

    host = relay_host(broker, open_seats=[0, 1])
    assert host.code is not None and host.relay_server is not None
    keys = rc.table_keys(host.code)
    s = by_code(host, broker, "Sara")
    s.join(0)
    real = s.pinned
    assert real is not None and real == bytes(host.relay_server.secret.public_key)
    pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="poser")
    pub.connect("127.0.0.1", broker.port)
    pub.loop_start()
    poser = rc.presence(PrivateKey.generate().public_key, rc.new_instance())
    pub.publish(keys.presence_topic, keys.seal(poser), qos=1, retain=True).wait_for_publish(5)
    s.wait_for(lambda m: m["type"] == "disconnected", 10)  # "the host restarted the table"
    with pytest.raises(RelayError) as exc:
        s.reconnect()
    assert exc.value.code == "changed"
    real_announcement = rc.presence(host.relay_server.secret.public_key, host.relay_server.instance)
    pub.publish(
        keys.presence_topic, keys.seal(real_announcement), qos=1, retain=True
    ).wait_for_publish(5)
    pub.loop_stop()
    assert s.reconnect() == 0  # the real host: the seat is taken back
    s.close()
    host.stop()
