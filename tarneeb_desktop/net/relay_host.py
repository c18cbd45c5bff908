"""The host's end of a table over the internet (``docs/protocol.md``, "Over the internet"):
the relay options a table keeps in its save, and :class:`RelayServer`, which announces the
table on its broker and turns each connection that comes through it into a
``(StreamReader, writer)`` pair for the host's one connection handler (the same hello, limits
and rate limits as over TCP). The broker link, the brokers' addresses and a client's end are
in ``relay.py``; the cryptography in ``relay_crypto.py``."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

from nacl.public import PrivateKey

from tarneeb_desktop.net import relay_crypto as rc
from tarneeb_desktop.net.protocol import MAX_MESSAGE_BYTES
from tarneeb_desktop.net.relay import (
    KEEPALIVE,
    SILENCE,
    BrokerLink,
    RelayError,
    RelayURL,
    relay_urls,
)

log = logging.getLogger(__name__)

#: Largest frame the host accepts from a client.
MAX_UP_FRAME = MAX_MESSAGE_BYTES + 64
#: Connections a host keeps at once (seats, watchers, people knocking): more are refused.
MAX_PEERS = 48


@dataclass
class RelayOptions:
    """A host's relay: the table code, the brokers (the first that answers) and the host's
    key (kept in the table's save, so a resumed table is the same one to its players)."""

    code: str
    urls: list[RelayURL] = field(default_factory=relay_urls)
    secret_key: bytes = field(default_factory=lambda: bytes(PrivateKey.generate()))

    @classmethod
    def new(cls, urls: str | Sequence[str] | None = None) -> RelayOptions:
        return cls(rc.new_code(), relay_urls(urls))


def relay_saved(options: RelayOptions) -> dict[str, Any]:
    """What a table's save keeps of its relay (the save stays on the host's computer)."""
    return {
        "relay_code": options.code,
        "relay_key": options.secret_key.hex(),
        "relay_urls": [str(u) for u in options.urls],
    }


def relay_from_saved(extra: dict[str, Any]) -> RelayOptions | None:
    """The relay a saved table was open on, or None (a LAN table, or a damaged entry)."""
    try:
        code = rc.normalize_code(str(extra["relay_code"]))
        key = bytes.fromhex(str(extra["relay_key"]))
        urls = relay_urls([str(u) for u in extra.get("relay_urls") or []] or None)
    except (KeyError, TypeError, ValueError):
        return None
    return RelayOptions(code, urls, key) if len(key) == 32 else None


class _Peer:
    """One client connection through the relay, as the host's loop sees it."""

    def __init__(self, server: RelayServer, cid: str, channel: rc.Channel, gone: bytes) -> None:
        self.server = server
        self.cid = cid
        self.channel = channel
        self.reader = asyncio.StreamReader(limit=MAX_MESSAGE_BYTES)
        self.writer = RelayWriter(self)
        self.heard = time.monotonic()
        self.said = time.monotonic()
        self.closed = False
        self.gone = gone  # the hash of the secret the client's will reveals

    def send(self, kind: bytes, body: bytes = b"") -> None:
        self.said = time.monotonic()
        self.server.publish(self.server.keys.down_topic(self.cid), self.channel.seal(kind, body))

    def end(self, tell: bool) -> None:
        """Close from our side (``tell``: say so to the client) and let the reader see EOF."""
        if self.closed:
            return
        self.closed = True
        if tell:
            self.send(rc.CLOSE)
        self.reader.feed_eof()
        self.server.forget(self)


class _NoBuffer:
    """What the host asks a connection's transport (how much waits unsent)."""

    @staticmethod
    def get_write_buffer_size() -> int:
        return 0


class RelayWriter:
    """The host's writer for a relay connection: the parts of ``asyncio.StreamWriter`` the
    host uses, each write sealed into one frame."""

    transport = _NoBuffer()

    def __init__(self, peer: _Peer) -> None:
        self.peer = peer

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return f"relay:{self.peer.cid}" if name == "peername" else default

    def write(self, data: bytes) -> None:
        if not self.peer.closed:
            self.peer.send(rc.DATA, bytes(data))

    def is_closing(self) -> bool:
        return self.peer.closed

    def close(self) -> None:
        self.peer.end(tell=True)

    async def wait_closed(self) -> None:
        return None

    async def drain(self) -> None:
        return None


class RelayServer:
    """The host's end of the relay: serves connections to ``accept`` (the host's handler,
    the same as for TCP) on ``loop``. :meth:`open` blocks (run it off the loop); everything
    else runs on the loop."""

    def __init__(
        self,
        options: RelayOptions,
        loop: asyncio.AbstractEventLoop,
        accept: Callable[[asyncio.StreamReader, Any], Coroutine[Any, Any, None]],
        *,
        silence: float = SILENCE,
        keepalive: float = KEEPALIVE,
    ) -> None:
        self.options = options
        self.loop = loop
        self.accept = accept
        self.silence = silence
        self.keepalive = keepalive
        self.keys = rc.table_keys(options.code)
        self.secret = PrivateKey(options.secret_key)
        self.instance = rc.new_instance()
        self.peers: dict[str, _Peer] = {}
        self.seen_keys: set[bytes] = set()
        #: Frames dropped, by why: junk, oversized, forged, replayed, stale, full.
        self.dropped: Counter[str] = Counter()
        self.url: RelayURL | None = None
        self.link: BrokerLink | None = None
        #: The broker connection is up now (False while it reconnects).
        self.up = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._ticker: asyncio.TimerHandle | None = None
        self._closing = False

    def open(self, timeout: float = 10.0) -> RelayURL:
        """Connect to the first broker that answers and announce the table there; RelayError
        ``unreachable`` when none does."""
        faults = []
        for url in self.options.urls:
            link = BrokerLink(
                url,
                self._heard,
                on_up=self._broker_up,
                on_down=self._broker_down,
                keep_trying=True,
                will=(self.keys.presence_topic, b"", True),
                keepalive=15,
            )
            self.link = link
            try:
                link.open(timeout)
            except RelayError as exc:
                faults.append(exc.message)
                continue
            self.url = url
            log.info("the table is open on the relay %s", url)
            return url
        self.link = None
        raise RelayError("unreachable", "; ".join(faults) or "no relay given")

    def start_ticking(self) -> None:
        self._ticker = self.loop.call_later(self.keepalive / 2, self._tick)

    def close(self) -> None:
        """End every connection and take the table off the relay (on the loop)."""
        self._closing = True
        if self._ticker is not None:
            self._ticker.cancel()
        for peer in list(self.peers.values()):
            peer.end(tell=True)
        link, self.link = self.link, None
        if link is not None:
            if link.connected.is_set():
                info = link.publish(self.keys.presence_topic, b"", retain=True)
                try:
                    info.wait_for_publish(1.0)
                except (RuntimeError, ValueError):
                    pass
            link.close()

    def publish(self, topic: str, payload: bytes, retain: bool = False) -> None:
        if self.link is not None:
            self.link.publish(topic, payload, retain)

    # on paho's thread
    def _broker_up(self) -> None:
        link = self.link
        if link is None:
            return
        if self.up or self.peers:
            # back after a drop: a new instance tells the clients still waiting on their
            # old connections (which this host forgot) to connect again at once
            self.instance = rc.new_instance()
        link.subscribe(self.keys.all_up)
        link.subscribe(self.keys.all_gone)
        announce = rc.presence(self.secret.public_key, self.instance)
        link.publish(self.keys.presence_topic, self.keys.seal(announce), retain=True)
        self.loop.call_soon_threadsafe(self._set_up, True)

    def _broker_down(self, why: str) -> None:
        if self._closing:
            return
        log.warning("the relay connection dropped (%s); reconnecting", why)
        try:
            self.loop.call_soon_threadsafe(self._set_up, False)
        except RuntimeError:
            pass  # the loop is closed: the host is gone

    def _heard(self, topic: str, payload: bytes) -> None:
        try:
            self.loop.call_soon_threadsafe(self._frame, topic, payload)
        except RuntimeError:
            pass

    # on the loop
    def _set_up(self, up: bool) -> None:
        self.up = up
        if not up:  # every connection is cut: its player comes back with its token
            for peer in list(self.peers.values()):
                peer.end(tell=False)

    def _frame(self, topic: str, payload: bytes) -> None:
        if self._closing:
            return
        cid = topic.rsplit("/", 1)[-1]
        if topic == self.keys.gone_topic(cid):
            self._gone(cid, payload)
            return
        if not topic.startswith(f"{self.keys.topic}/u/") or len(cid) > 32:
            self.dropped["junk"] += 1
            return
        if len(payload) > MAX_UP_FRAME:
            self.dropped["oversized"] += 1
            return
        peer = self.peers.get(cid)
        try:
            if peer is None:
                self._handshake(cid, payload)
                return
            kind, body = peer.channel.open(payload)
        except rc.Refused as exc:
            self.dropped[exc.why] += 1
            return
        peer.heard = time.monotonic()
        if peer.channel.lost:  # the broker lost a frame: the stream has a hole
            peer.end(tell=True)
        elif kind == rc.DATA:
            peer.reader.feed_data(body)
        elif kind == rc.CLOSE:
            peer.end(tell=False)
        elif kind != rc.KEEPALIVE:
            self.dropped["junk"] += 1

    def _gone(self, cid: str, secret: bytes) -> None:
        """The broker says the client of ``cid`` vanished (its will): when the secret is
        that connection's, it ends now rather than after its silence."""
        peer = self.peers.get(cid)
        if peer is None or rc.gone_hash(secret) != peer.gone:
            self.dropped["forged"] += 1
            return
        log.info("relay connection %s: its client is gone", cid)
        peer.end(tell=False)

    def _handshake(self, cid: str, payload: bytes) -> None:
        client_key, instance, gone = rc.read_handshake(self.keys.open(payload))
        if instance != self.instance:
            raise rc.Refused("stale")  # meant for an earlier run of this table
        if bytes(client_key) in self.seen_keys:
            raise rc.Refused("replayed")
        if len(self.peers) >= MAX_PEERS:
            raise rc.Refused("full")
        self.seen_keys.add(bytes(client_key))
        peer = _Peer(self, cid, rc.Channel(self.secret, client_key, host_side=True), gone)
        self.peers[cid] = peer
        task = self.loop.create_task(self.accept(peer.reader, peer.writer))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def forget(self, peer: _Peer) -> None:
        if self.peers.get(peer.cid) is peer:
            del self.peers[peer.cid]

    def _tick(self) -> None:
        now = time.monotonic()
        for peer in list(self.peers.values()):
            if now - peer.heard > self.silence:
                log.info("relay connection %s is silent; closing it", peer.cid)
                peer.end(tell=True)
            elif now - peer.said > self.keepalive:
                peer.send(rc.KEEPALIVE)
        self._ticker = self.loop.call_later(self.keepalive / 2, self._tick)
