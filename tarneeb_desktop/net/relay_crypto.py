"""The cryptography of a relay table (``docs/protocol.md``, "Over the internet"): the table
code, what it derives (the table's key and its topics' names), and the sealed frames that
cross the broker. Everything is libsodium through PyNaCl; nothing here touches the network.

- A **table code** is 12 Crockford base32 characters (60 random bits), shown as
  ``7K4M-X92Q-HT3D``; typing ignores case, spaces and hyphens and reads O as 0, I and L as 1.
- **Argon2id** (libsodium's interactive limits, a fixed salt) turns the code into 64 bytes:
  the first 32 are the table key (XSalsa20-Poly1305, ``SecretBox``), the other 32 name the
  table's topics through BLAKE2b, so the broker sees a random name that does not lead back to
  the code without an Argon2id guess per code.
- The table key seals only the host's announcement (its X25519 public key) and each
  connection's first frame (the client's fresh X25519 public key). Everything after is a
  ``crypto_box`` between the host's key and that connection's key (:class:`Channel`): whoever
  knows the code can open a connection of their own, never read or forge another's.
- Every frame of a channel carries a counter in its nonce; a frame whose counter is not
  above the last one accepted is refused (a replay or a duplicate).
"""

from __future__ import annotations

import functools
import hashlib
import secrets
import struct
from dataclasses import dataclass

from nacl.exceptions import CryptoError
from nacl.public import Box, PrivateKey, PublicKey
from nacl.pwhash import argon2id
from nacl.secret import SecretBox

#: Crockford's base32: no I, L, O or U (letters that read like 1, 1, 0 and V).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_CHARS = 12  # 60 random bits
_READS_AS = {"O": "0", "I": "1", "L": "1"}
_SALT = b"tarneeb-relay-v1"  # 16 bytes: argon2id.SALTBYTES
TOPIC_PREFIX = "tarneeb/1"

#: Frame kinds inside a channel (the first byte of the opened plaintext).
DATA = b"D"  # bytes of the tarneeb-lan stream
KEEPALIVE = b"K"  # nothing to say; the other side knows we are here
CLOSE = b"C"  # this connection is over
HANDSHAKE = b"H"  # a connection's first frame: its public key and the host instance it meets
PRESENCE = b"P"  # the host's announcement: its public key and its instance


class Refused(Exception):
    """A frame that does not open (``forged``), is not new (``replayed``), is too large
    (``oversized``) or does not parse (``junk``); the relay drops and counts it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def new_code() -> str:
    """A fresh table code, e.g. ``7K4M-X92Q-HT3D``."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_CHARS))
    return format_code(raw)


def format_code(raw: str) -> str:
    return "-".join(raw[i : i + 4] for i in range(0, CODE_CHARS, 4))


def normalize_code(text: str) -> str:
    """``text`` as a table code in its shown form; ValueError with a sentence otherwise."""
    chars = []
    for ch in text.strip().upper():
        if ch in " -_.":
            continue
        ch = _READS_AS.get(ch, ch)
        if ch not in ALPHABET:
            raise ValueError(f"a table code has only digits and letters, not {ch!r}")
        chars.append(ch)
    if len(chars) != CODE_CHARS:
        raise ValueError(f"a table code has {CODE_CHARS} characters, like 7K4M-X92Q-HT3D")
    return format_code("".join(chars))


def is_code(text: str) -> bool:
    """``text`` reads as a table code (and not as an address: no dots, no port)."""
    if "." in text or ":" in text:
        return False
    try:
        normalize_code(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class TableKeys:
    """What a code derives: the table key and the root of the table's topics."""

    key: bytes
    topic: str

    @property
    def presence_topic(self) -> str:
        """The host's announcement (retained; empty when the table is closed)."""
        return f"{self.topic}/h"

    def up_topic(self, cid: str) -> str:
        """A connection's frames to the host."""
        return f"{self.topic}/u/{cid}"

    def down_topic(self, cid: str) -> str:
        """The host's frames to a connection."""
        return f"{self.topic}/d/{cid}"

    def gone_topic(self, cid: str) -> str:
        """Where the broker says a connection's client vanished (its MQTT will)."""
        return f"{self.topic}/g/{cid}"

    @property
    def all_up(self) -> str:
        return f"{self.topic}/u/+"

    @property
    def all_gone(self) -> str:
        return f"{self.topic}/g/+"

    def seal(self, plaintext: bytes) -> bytes:
        return bytes(SecretBox(self.key).encrypt(plaintext))

    def open(self, payload: bytes) -> bytes:
        try:
            return bytes(SecretBox(self.key).decrypt(payload))
        except (CryptoError, ValueError, TypeError):
            raise Refused("forged") from None


@functools.lru_cache(maxsize=16)
def table_keys(code: str) -> TableKeys:
    """The keys of ``code`` (in any typed form); about 70 ms the first time (Argon2id)."""
    raw = normalize_code(code).replace("-", "").encode("ascii")
    out = argon2id.kdf(
        64,
        raw,
        _SALT,
        opslimit=argon2id.OPSLIMIT_INTERACTIVE,
        memlimit=argon2id.MEMLIMIT_INTERACTIVE,
    )
    name = hashlib.blake2b(out[32:], digest_size=16).hexdigest()
    return TableKeys(bytes(out[:32]), f"{TOPIC_PREFIX}/{name}")


def new_client_id() -> str:
    """A connection's random topic name (its up and down topics end with it)."""
    return secrets.token_hex(8)


def presence(host_key: PublicKey, instance: bytes) -> bytes:
    return PRESENCE + bytes(host_key) + instance


def read_presence(plain: bytes) -> tuple[PublicKey, bytes]:
    if len(plain) != 1 + 32 + 16 or plain[:1] != PRESENCE:
        raise Refused("junk")
    return PublicKey(plain[1:33]), plain[33:]


def handshake(client_key: PublicKey, instance: bytes, gone: bytes) -> bytes:
    """A connection's first frame: its key, the host run it meets, and the hash of the
    secret its MQTT will reveals when the client vanishes (so only its own death, told by
    the broker, ends it early: whoever knows the code learns the hash, not the secret)."""
    return HANDSHAKE + bytes(client_key) + instance + gone_hash(gone)


def read_handshake(plain: bytes) -> tuple[PublicKey, bytes, bytes]:
    if len(plain) != 1 + 32 + 16 + 32 or plain[:1] != HANDSHAKE:
        raise Refused("junk")
    return PublicKey(plain[1:33]), plain[33:49], plain[49:]


def gone_hash(secret: bytes) -> bytes:
    return hashlib.blake2b(secret, digest_size=32, person=b"tarneeb-gone").digest()


def new_instance() -> bytes:
    """A host run's random id: a handshake meant for an earlier run is refused."""
    return secrets.token_bytes(16)


class Channel:
    """One connection's sealed frames, from one side: ``crypto_box`` between our secret key
    and the other side's public key, a counter per direction in the nonce (so the two
    directions never share a nonce), and the replay rule: a frame opens once, in order."""

    def __init__(self, ours: PrivateKey, theirs: PublicKey, *, host_side: bool) -> None:
        self.box = Box(ours, theirs)
        self._out_dir = b"\x01" if host_side else b"\x02"
        self._in_dir = b"\x02" if host_side else b"\x01"
        self.sent = 0
        self.received = 0
        #: A frame was missed (a counter skipped): the byte stream has a hole, so the
        #: connection must end and be opened again (the broker dropped something).
        self.lost = False

    def seal(self, kind: bytes, body: bytes = b"") -> bytes:
        self.sent += 1
        counter = struct.pack(">Q", self.sent)
        nonce = self._out_dir + counter + bytes(15)
        return counter + self.box.encrypt(kind + body, nonce).ciphertext

    def open(self, payload: bytes) -> tuple[bytes, bytes]:
        """(kind, body) of a frame; :class:`Refused` when it is forged or not new."""
        if len(payload) < 8 + 16 + 1:
            raise Refused("junk")
        (counter,) = struct.unpack(">Q", payload[:8])
        nonce = self._in_dir + payload[:8] + bytes(15)
        try:
            plain = self.box.decrypt(payload[8:], nonce)
        except (CryptoError, ValueError, TypeError):
            raise Refused("forged") from None
        if counter <= self.received:
            raise Refused("replayed")
        self.lost = self.lost or counter != self.received + 1
        self.received = counter
        return plain[:1], plain[1:]
