"""The ``tarneeb-lan`` wire protocol: message shapes, checks, limits and the versions handshake.

Messages are JSON objects, one per line (UTF-8, ``\\n`` ends a message), each with a string
``type``. ``docs/protocol.md`` is the prose description; this module is the executable one,
shared by the host and the client so that both sides agree on every limit.

The first message each side sends is the *hello*, frozen for all versions: whatever later
versions change, a hello keeps exactly the keys ``type``, ``protocol``, ``version`` and ``app``,
so that two different versions can always tell each other "incompatible" in plain words.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from tarneeb_desktop import __version__
from tarneeb_desktop.rules.codec import encode_event, is_int

PROTOCOL = "tarneeb-lan"
VERSION = 1
APP_VERSION = __version__

DEFAULT_PORT = 47471
DISCOVERY_PORT = 47472

#: Longest message (one line, newline included) either side accepts; a view is about 2 KiB.
MAX_MESSAGE_BYTES = 16 * 1024
#: Longest chat text, in characters, after cleaning.
MAX_CHAT_CHARS = 200
#: Longest player name, in characters, after cleaning.
MAX_NAME_CHARS = 24
#: Longest table password, in characters (a short word said across the room).
MAX_PASSWORD_CHARS = 16
#: Watchers a table takes at most.
MAX_WATCHERS = 8
#: Longest action text (the longest real one is ``no_double``).
MAX_ACTION_CHARS = 16
#: Token bucket per connection: a burst of this many messages, refilled at this rate per second.
RATE_BURST = 40
RATE_PER_SECOND = 20.0
#: After this many messages dropped for the rate limit, the connection is closed.
RATE_MAX_DROPPED = 200

#: Quick reactions a player may send; the UI draws each as it likes.
REACTIONS = ("good_game", "well_played", "thanks", "oops", "wow", "hurry_up", "sorry", "hello")

#: What a client may send after its hello, with the fields each must carry.
CLIENT_TYPES = ("join", "watch", "action", "chat", "react", "sync", "ping", "ready", "leave")

#: Error codes the host sends (``{"type": "error", "code": ..., "message": ...}``).
ERROR_CODES = (
    "incompatible",  # the hello named another protocol or version; the host closes
    "malformed",  # not a JSON object with a string type, or bad UTF-8; the host closes
    "oversized",  # longer than MAX_MESSAGE_BYTES; the host closes
    "invalid",  # a known type with missing or wrong fields, or an unknown type
    "rate_limited",  # too many messages; dropped (closed after RATE_MAX_DROPPED)
    "not_joined",  # an action or chat before taking a seat
    "seat_taken",  # join asked for a seat someone holds, or one not open to people
    "no_seat",  # join without a seat and no open seat is free
    "wrong_seat",  # an action for a seat this connection does not hold
    "wrong_token",  # an action whose token is not the seat's
    "stale",  # an action chosen in an older view; a full view follows
    "not_your_turn",  # out of turn, or the computer still plays the seat until the trick ends
    "illegal",  # the rules refuse the action (the message says why)
    "not_started",  # the game has not started yet
    "game_over",  # the game is over
    "wrong_password",  # join or watch without the table's password, or with another one
    "no_watchers",  # watch at a table whose host refuses watchers (or has enough of them)
)

#: Why a host says ``bye`` (``{"type": "bye", "code": ..., "reason": ...}``): the client
#: words it for its player.
BYE_CODES = ("over", "closed", "removed")


class ProtocolError(Exception):
    """A message that breaks the protocol; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class IncompatibleError(ProtocolError):
    """The other side speaks another protocol or version; ``message`` says so in plain words."""

    def __init__(self, message: str) -> None:
        super().__init__("incompatible", message)


# --------------------------------------------------------------------------- framing


def encode(msg: dict[str, Any]) -> bytes:
    """One message as a line of compact UTF-8 JSON."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """Parse one received line into a message, or raise ProtocolError (malformed, oversized)."""
    if len(line) > MAX_MESSAGE_BYTES:
        raise ProtocolError("oversized", f"a message may hold at most {MAX_MESSAGE_BYTES} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("malformed", "a message must be UTF-8 text") from None
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "a message must be one JSON object per line") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    if not isinstance(obj.get("type"), str):
        raise ProtocolError("malformed", "a message must have a string 'type'")
    return obj


# --------------------------------------------------------------------------- hello


def hello(role: str, **extra: Any) -> dict[str, Any]:
    """Our first message. Its four frozen keys come first; ``extra`` may add more."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "version": VERSION,
        "app": APP_VERSION,
        "role": role,
        **extra,
    }


def check_hello(msg: dict[str, Any], we_are: str) -> None:
    """Raise IncompatibleError unless ``msg`` is a hello we can talk to. ``we_are`` is
    ``"host"`` or ``"client"``; either way the sentence is written for the person at the
    client, who is the one who sees it (the host sends it to them before closing)."""
    if msg.get("type") != "hello" or msg.get("protocol") != PROTOCOL:
        if we_are == "client":
            raise IncompatibleError(
                f"the other side does not speak the Tarneeb Desktop LAN protocol ({PROTOCOL}); "
                "is this the right address and port?"
            )
        raise IncompatibleError(
            f"this table speaks only the Tarneeb Desktop LAN protocol ({PROTOCOL})"
        )
    version = msg.get("version")
    if version == VERSION and is_int(version):
        return
    app = msg.get("app")
    theirs = (
        f"Tarneeb Desktop {app if isinstance(app, str) else '(unknown)'} (LAN protocol {version!r})"
    )
    ours = f"Tarneeb Desktop {APP_VERSION} (LAN protocol {VERSION})"
    host_runs, client_runs = (theirs, ours) if we_are == "client" else (ours, theirs)
    raise IncompatibleError(
        f"incompatible versions: the host runs {host_runs} and this copy runs {client_runs}; "
        "install the same version of Tarneeb Desktop on every computer at the table"
    )


# --------------------------------------------------------------------------- validation


def _is_token(v: Any) -> bool:
    # Tokens are URL-safe base64; anything else (a lone surrogate included) is refused here
    # rather than failing later when it is compared as bytes.
    return isinstance(v, str) and 0 < len(v) <= 128 and v.isascii() and v.isprintable()


def clean_text(value: Any, limit: int) -> str:
    """Text safe to show and log: control and format characters dropped, spaces collapsed,
    at most ``limit`` characters. Raises ProtocolError for anything that is not a string."""
    if not isinstance(value, str):
        raise ProtocolError("invalid", "text must be a string")
    if len(value) > limit * 4:
        raise ProtocolError("invalid", f"text may hold at most {limit} characters")
    # Category C* holds controls, bidi overrides and other invisible characters that could
    # disguise a name or break the log; letters of every script are kept.
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in value)
    text = " ".join(kept.split())
    if len(text) > limit:
        raise ProtocolError("invalid", f"text may hold at most {limit} characters")
    return text


def validate_client_message(msg: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded client message (after the hello); return it with cleaned fields, or
    raise ProtocolError("invalid", ...) naming what is wrong."""
    kind = msg["type"]
    seat: Any
    if kind == "join":
        seat = msg.get("seat")
        if seat is not None and (not is_int(seat) or not 0 <= seat <= 3):
            raise ProtocolError("invalid", "join: seat must be 0-3 or null")
        token = msg.get("token")
        if token is not None and not _is_token(token):
            raise ProtocolError("invalid", "join: token must be a string")
        name = clean_text(msg.get("name", ""), MAX_NAME_CHARS)
        password = clean_text(msg.get("password") or "", MAX_PASSWORD_CHARS)
        return {"type": kind, "seat": seat, "token": token, "name": name, "password": password}
    if kind == "watch":
        name = clean_text(msg.get("name", ""), MAX_NAME_CHARS)
        password = clean_text(msg.get("password") or "", MAX_PASSWORD_CHARS)
        return {"type": kind, "name": name, "password": password}
    if kind == "action":
        seat = msg.get("seat")
        seq: Any = msg.get("seq")
        token, action = msg.get("token"), msg.get("action")
        if not is_int(seat) or not 0 <= seat <= 3:
            raise ProtocolError("invalid", "action: seat must be 0-3")
        if not is_int(seq) or seq < 0:
            raise ProtocolError("invalid", "action: seq must be a whole number")
        if not _is_token(token):
            raise ProtocolError("invalid", "action: token must be a string")
        if (
            not isinstance(action, str)
            or not 0 < len(action) <= MAX_ACTION_CHARS
            or not (action.isascii() and action.isprintable())
        ):
            raise ProtocolError("invalid", "action: action must be a short string")
        return {"type": kind, "seat": seat, "seq": seq, "token": token, "action": action}
    if kind == "chat":
        text = clean_text(msg.get("text"), MAX_CHAT_CHARS)
        if not text:
            raise ProtocolError("invalid", "chat: text is empty")
        return {"type": kind, "text": text}
    if kind == "react":
        reaction = msg.get("reaction")
        if reaction not in REACTIONS:
            raise ProtocolError("invalid", f"react: reaction must be one of {', '.join(REACTIONS)}")
        return {"type": kind, "reaction": reaction}
    if kind in ("sync", "ping", "ready", "leave"):
        return {"type": kind}
    if kind == "hello":
        raise ProtocolError("invalid", "hello: only the first message is a hello")
    raise ProtocolError("invalid", f"unknown message type {kind[:32]!r}")


# --------------------------------------------------------------------------- events

#: An engine event as sent to clients: the one codec's encoder (``rules/codec.py`` lists each
#: event's fields by hand, so that a field added later hides nothing; HandDealt carries no
#: cards). Kept under this name for the protocol's readers.
event_to_dict = encode_event


# --------------------------------------------------------------------------- rate limit


class TokenBucket:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` per second."""

    def __init__(
        self,
        burst: int = RATE_BURST,
        rate: float = RATE_PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = float(burst)
        self.rate = rate
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token; False when the bucket is empty (the message should be dropped)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def refund(self) -> None:
        """Give back the token of a message that turned out to be free."""
        self.tokens = min(self.burst, self.tokens + 1.0)
