"""A table over the internet: the relay transport (``docs/protocol.md``, "Over the internet").

The host and its clients speak the same ``tarneeb-lan`` stream as over TCP; here it travels
through an MQTT broker, sealed (``relay_crypto.py``), on topics named from the table code:

- the host (:class:`~tarneeb_desktop.net.relay_host.RelayServer`, in ``relay_host.py``, on
  the host's asyncio loop) announces itself on the
  table's presence topic (retained, sealed with the table key; cleared when it closes, and
  by the broker when it vanishes) and listens on every connection's up topic; each new
  connection becomes a ``(StreamReader, writer)`` pair handed to the host's own connection
  handler, exactly as a TCP connection is (the same hello, limits and rate limits);
- a client (:class:`RelaySocket`) behaves like a connected socket for
  :class:`~tarneeb_desktop.net.client.ClientSession`: it finds the host's announcement,
  sends its fresh public key, then carries the stream both ways in sealed frames.

The MQTT client is paho-mqtt in its own thread (no asyncio loop of its own, so nothing needs
a selector loop on Windows). Junk, oversized, replayed or forged frames are dropped and
counted (:attr:`RelayServer.dropped`); a silent connection ends after ``timeout`` seconds
(each side sends a keepalive after ``KEEPALIVE`` quiet seconds).
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import ssl
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import paho.mqtt.client as mqtt
from nacl.public import PrivateKey
from paho.mqtt.enums import CallbackAPIVersion

from tarneeb_desktop.net import relay_crypto as rc
from tarneeb_desktop.net.protocol import MAX_MESSAGE_BYTES

log = logging.getLogger(__name__)

#: The brokers tried in turn when the player has not named one: public brokers over TLS,
#: the second when the first cannot be reached. They relay sealed bytes only.
DEFAULT_RELAYS = ("mqtts://broker.hivemq.com:8883", "mqtts://broker.emqx.io:8883")
#: Seconds of quiet after which a side sends a keepalive frame.
KEEPALIVE = 10.0
#: Seconds without a frame after which a connection is taken as gone.
SILENCE = 35.0
#: Largest frame a client accepts from the host (``relay_host.py`` has the other way's).
MAX_DOWN_FRAME = 1024 * 1024 + 64
#: How long a client waits for the host's announcement once the broker answers.
PRESENCE_WAIT = 5.0


class RelayError(OSError):
    """The relay could not carry the connection. ``code``: ``unreachable`` (no broker
    answered), ``no_table`` (no table with this code is open now), ``closed`` (the host
    closed the table) or ``lost`` (the connection dropped). ``message`` is a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class RelayURL:
    """A broker: ``mqtt://host[:1883]``, ``mqtts://host[:8883]``, ``ws://host[:80]/path``
    or ``wss://host[:443]/path``."""

    scheme: str
    host: str
    port: int
    path: str = "/mqtt"

    @property
    def tls(self) -> bool:
        return self.scheme in ("mqtts", "wss")

    @property
    def websockets(self) -> bool:
        return self.scheme in ("ws", "wss")

    def __str__(self) -> str:
        tail = self.path if self.websockets else ""
        return f"{self.scheme}://{self.host}:{self.port}{tail}"


_PORTS = {"mqtt": 1883, "mqtts": 8883, "ws": 80, "wss": 443}


def parse_relay_url(text: str) -> RelayURL:
    """A broker's address; ValueError with a sentence when it is not one."""
    text = text.strip()
    if "://" not in text:
        text = f"mqtts://{text}"
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in _PORTS:
        raise ValueError(f"a relay is mqtt://, mqtts://, ws:// or wss://, not {scheme}://")
    try:
        port = parts.port or _PORTS[scheme]
    except ValueError:
        raise ValueError(f"not a relay address: {text}") from None
    if not parts.hostname:
        raise ValueError(f"not a relay address: {text}")
    return RelayURL(scheme, parts.hostname, port, parts.path or "/mqtt")


def relay_urls(given: str | Sequence[str] | None = None) -> list[RelayURL]:
    """The brokers to try in turn: ``given`` (a URL, several separated by spaces or commas,
    or a list), else :data:`DEFAULT_RELAYS`."""
    if isinstance(given, str):
        given = given.replace(",", " ").split()
    return [parse_relay_url(u) for u in (given or DEFAULT_RELAYS)]


def tls_context() -> ssl.SSLContext:
    """Certificates verified (and the broker's name checked) against certifi's authorities
    (they travel with the frozen apps) as well as the system's, and a club's own authority
    when ``TARNEEB_RELAY_CA`` names its PEM file."""
    ctx = ssl.create_default_context()
    try:
        import certifi

        ctx.load_verify_locations(cafile=certifi.where())
    except (ImportError, OSError):
        log.info("certifi's certificates are missing; using the system's only")
    own = os.environ.get("TARNEEB_RELAY_CA")
    if own:
        try:
            ctx.load_verify_locations(cafile=own)
        except (OSError, ssl.SSLError) as exc:
            log.warning("TARNEEB_RELAY_CA %s cannot be read: %s", own, exc)
    return ctx


class BrokerLink:
    """One MQTT connection (paho-mqtt, in its own thread)."""

    def __init__(
        self,
        url: RelayURL,
        on_message: Callable[[str, bytes], None],
        *,
        on_up: Callable[[], None] | None = None,
        on_down: Callable[[str], None] | None = None,
        keep_trying: bool = False,
        will: tuple[str, bytes, bool] | None = None,
        keepalive: int = 20,
    ) -> None:
        self.url = url
        self.on_up = on_up
        self.on_down = on_down
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"tarneeb-{secrets.token_hex(6)}",
            clean_session=True,
            transport="websockets" if url.websockets else "tcp",
            reconnect_on_failure=keep_trying,
        )
        if url.websockets:
            self.client.ws_set_options(path=url.path)
        if url.tls:
            self.client.tls_set_context(tls_context())
        if will is not None:
            self.client.will_set(will[0], will[1], qos=1, retain=will[2])
        self.client.reconnect_delay_set(1, 3)
        self.client.max_queued_messages_set(2000)
        self.keepalive = keepalive
        self.connected = threading.Event()
        self.refused: str | None = None
        self.client.on_message = lambda _c, _u, m: on_message(m.topic, bytes(m.payload))
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected

    def _connected(self, _c: Any, _u: Any, _flags: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            self.refused = str(reason)
            return
        sock = self.client.socket()
        if isinstance(sock, socket.socket | ssl.SSLSocket):
            try:  # small frames go at once (Nagle held each action back by ~40 ms)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        self.connected.set()
        if self.on_up is not None:
            self.on_up()

    def _disconnected(self, _c: Any, _u: Any, _flags: Any, reason: Any, _p: Any) -> None:
        was = self.connected.is_set()
        self.connected.clear()
        if was and self.on_down is not None:
            self.on_down(str(reason))

    def open(self, timeout: float) -> None:
        """Connect; RelayError ``unreachable`` when the broker does not answer in time."""
        self.client.connect_timeout = timeout
        try:
            self.client.connect(self.url.host, self.url.port, keepalive=self.keepalive)
        except (OSError, ssl.SSLError, ValueError) as exc:
            raise RelayError("unreachable", f"{self.url}: {exc}") from None
        self.client.loop_start()
        if not self.connected.wait(timeout):
            why = self.refused or "no answer"
            self.close()
            raise RelayError("unreachable", f"{self.url}: {why}")

    def subscribe(self, topic: str) -> None:
        self.client.subscribe(topic, qos=1)

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> Any:
        return self.client.publish(topic, payload, qos=1, retain=retain)

    def close(self) -> None:
        try:
            self.client.disconnect()
        except (OSError, ValueError):
            pass
        self.client.loop_stop()


# ---------------------------------------------------------------------- a client's side


class RelaySocket:
    """A connection to a relay table that :class:`~tarneeb_desktop.net.client.ClientSession`
    uses as it uses a TCP socket (``sendall``, ``recv``, ``settimeout``, ``shutdown``,
    ``close``). Open one with :func:`connect_relay`."""

    def __init__(
        self,
        keys: rc.TableKeys,
        *,
        keepalive: float = KEEPALIVE,
        silence: float = SILENCE,
    ) -> None:
        self.keys = keys
        self.cid = rc.new_client_id()
        self.secret = PrivateKey.generate()
        self.gone = secrets.token_bytes(32)  # revealed by the broker only if we vanish
        self.keepalive = keepalive
        self.silence = silence
        self.link: BrokerLink | None = None
        self.channel: rc.Channel | None = None
        self.instance: bytes | None = None
        self.dropped: Counter[str] = Counter()
        self._presence = threading.Event()
        self._host_key: Any = None
        #: The host's public key this connection met (a session pins it: see connect_relay)
        self.host_key: bytes | None = None
        self._cond = threading.Condition()
        self._buf = bytearray()
        self._closed: str | None = None  # why, once closed
        self._timeout: float | None = None
        self._heard = time.monotonic()
        self._said = time.monotonic()
        self._stop = threading.Event()

    # paho's thread
    def _message(self, topic: str, payload: bytes) -> None:
        if topic == self.keys.presence_topic:
            self._on_presence(payload)
        elif topic == self.keys.down_topic(self.cid):
            self._on_frame(payload)

    def _on_presence(self, payload: bytes) -> None:
        if not payload:
            if self.channel is not None:
                self._end("the host left the table")
            self._host_key = None
            self._presence.set()
            return
        try:
            key, instance = rc.read_presence(self.keys.open(payload))
        except rc.Refused as exc:
            self.dropped[exc.why] += 1
            return
        if self.channel is not None:
            if instance != self.instance:  # the host came back (a restart): connect again
                self._end("the host restarted the table")
            return
        self._host_key, self.instance = key, instance
        self._presence.set()

    def _on_frame(self, payload: bytes) -> None:
        if self.channel is None or len(payload) > MAX_DOWN_FRAME:
            self.dropped["oversized" if self.channel else "junk"] += 1
            return
        try:
            kind, body = self.channel.open(payload)
        except rc.Refused as exc:
            self.dropped[exc.why] += 1
            return
        self._heard = time.monotonic()
        if self.channel.lost:
            self._end("the relay lost part of the connection")
        elif kind == rc.DATA:
            with self._cond:
                self._buf += body
                self._cond.notify_all()
        elif kind == rc.CLOSE:
            self._end("the host closed the connection")

    def _broker_down(self, why: str) -> None:
        self._end(f"the connection to the relay dropped ({why})")

    def _end(self, why: str) -> None:
        with self._cond:
            if self._closed is None:
                self._closed = why
            self._cond.notify_all()
        self._stop.set()

    # the caller's thread
    def _open(
        self, url: RelayURL, timeout: float, presence_wait: float, pinned: bytes | None = None
    ) -> None:
        will = (self.keys.gone_topic(self.cid), self.gone, False)
        link = BrokerLink(url, self._message, on_down=self._broker_down, will=will)
        link.open(timeout)
        self.link = link
        link.subscribe(self.keys.down_topic(self.cid))
        link.subscribe(self.keys.presence_topic)
        if not self._presence.wait(presence_wait) or self._host_key is None:
            link.close()
            self.link = None
            raise RelayError("no_table", "no table with this code is open now")
        if pinned is not None and bytes(self._host_key) != pinned:
            link.close()
            self.link = None
            raise RelayError(
                "changed",
                "the table's host is not the one this seat was taken from; "
                "someone else may be answering for this code",
            )
        self.host_key = bytes(self._host_key)
        assert self.instance is not None
        self.channel = rc.Channel(self.secret, self._host_key, host_side=False)
        hand = rc.handshake(self.secret.public_key, self.instance, self.gone)
        link.publish(self.keys.up_topic(self.cid), self.keys.seal(hand))
        threading.Thread(target=self._keep, name="tarneeb-relay-keepalive", daemon=True).start()

    def _keep(self) -> None:
        while not self._stop.wait(self.keepalive / 2):
            now = time.monotonic()
            if now - self._heard > self.silence:
                self._end("the host stopped answering")
            elif now - self._said > self.keepalive:
                self._send(rc.KEEPALIVE)

    def _send(self, kind: bytes, body: bytes = b"") -> None:
        link, channel = self.link, self.channel
        if link is None or channel is None:
            raise ConnectionError("not connected")
        self._said = time.monotonic()
        with self._cond:  # one counter order on the wire
            link.publish(self.keys.up_topic(self.cid), channel.seal(kind, body))

    def settimeout(self, value: float | None) -> None:
        self._timeout = value

    def setsockopt(self, *args: Any) -> None:
        """Nothing to set: the socket options are the broker connection's."""

    def sendall(self, data: bytes) -> None:
        if self._closed is not None:
            raise ConnectionError(self._closed)
        step = MAX_MESSAGE_BYTES
        for i in range(0, len(data), step):
            self._send(rc.DATA, bytes(data[i : i + step]))

    def recv(self, size: int) -> bytes:
        deadline = None if self._timeout is None else time.monotonic() + self._timeout
        with self._cond:
            while not self._buf:
                if self._closed is not None:
                    raise ConnectionError(self._closed)
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise TimeoutError("the host did not answer in time")
                self._cond.wait(left)
            out = bytes(self._buf[:size])
            del self._buf[:size]
            return out

    def shutdown(self, how: int = socket.SHUT_RDWR) -> None:
        if self._closed is None and self.channel is not None:
            try:
                self._send(rc.CLOSE)
            except (ConnectionError, OSError):
                pass
        self._end("closed")

    def close(self) -> None:
        self.shutdown()
        link, self.link = self.link, None
        if link is not None:
            link.close()


def connect_relay(
    code: str,
    urls: Sequence[RelayURL] | None = None,
    timeout: float = 10.0,
    presence_wait: float = PRESENCE_WAIT,
    pinned: bytes | None = None,
    **options: Any,
) -> RelaySocket:
    """A connection to the table of ``code`` through the first of ``urls`` that has it.
    RelayError ``unreachable`` when no broker answers, ``no_table`` when those that answer
    have no open table with this code, ``changed`` when ``pinned`` (the host's key met
    before, by this session) is not the announcing host's; ValueError when ``code`` is not
    a code."""
    keys = rc.table_keys(code)
    faults: list[RelayError] = []
    for url in urls or relay_urls():
        sock = RelaySocket(keys, **options)
        try:
            sock._open(url, timeout, presence_wait, pinned)
            return sock
        except RelayError as exc:
            sock.close()
            faults.append(exc)
    changed = next((f for f in faults if f.code == "changed"), None)
    if changed is not None:
        raise changed
    if any(f.code == "no_table" for f in faults):
        raise RelayError("no_table", "no table with this code is open now")
    raise RelayError(
        "unreachable",
        "the relay cannot be reached (" + "; ".join(f.message for f in faults) + ")",
    )
