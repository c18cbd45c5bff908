"""Daily deals' codes and deals: a code (``2026-12-01/standard``) and a deal's number fix
the shuffle, the dealer and the computer seats' seed, from SHA-256 alone (the same cards on
every computer and Python version)."""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
from dataclasses import dataclass

from tarneeb_desktop.record import hand_text
from tarneeb_desktop.rules import (
    GameState,
    Rules,
    make_rules,
)
from tarneeb_desktop.rules.options import ALL_PRESETS

log = logging.getLogger(__name__)

FORMAT = "tarneeb-daily/1"
STORE_FORMAT = "tarneeb-daily-results/1"
DEALS = 8
DEFAULT_LEVEL = "expert"
#: Sampled deals per card decision of the search levels in daily deals (no clock).
FIXED_SAMPLES = {"hard": 16, "expert": 32}
CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.:-]{0,47}(/[a-z0-9]+)?$")
SEAT_LABELS = ("South", "East", "North", "West")


class CodeError(ValueError):
    """A challenge code that is not one: the message says why."""


# ---------------------------------------------------------------------- codes and deals


def today_code(preset: str = "standard", day: dt.date | None = None) -> str:
    """The code of the day's set: ``YYYY-MM-DD/preset``."""
    return f"{(day or dt.date.today()).isoformat()}/{preset}"


def normalize_code(code: str) -> str:
    """The code as it is kept: trimmed, the preset lowercase, ``/standard`` when none is
    named. Raises :class:`CodeError` for anything else than a short label and a preset."""
    text = " ".join(code.strip().split())
    if "/" not in text:
        text += "/standard"
    label, _, preset = text.rpartition("/")
    label, preset = label.strip(), preset.strip().lower()
    text = f"{label}/{preset}"
    if not CODE_RE.match(text):
        raise CodeError(f"not a challenge code: {code!r} (e.g. 2026-12-01/standard)")
    if preset not in ALL_PRESETS:
        raise CodeError(f"unknown rules {preset!r} (one of {', '.join(ALL_PRESETS)})")
    return text


def code_rules(code: str) -> Rules:
    return make_rules(normalize_code(code).rpartition("/")[2])


def code_date(code: str) -> dt.date | None:
    """The day a code names (its label is a date), else None."""
    try:
        return dt.date.fromisoformat(normalize_code(code).rpartition("/")[0])
    except ValueError:
        return None


class _Stream:
    """Numbers from SHA-256 in counter mode: the one source of a deal's randomness."""

    def __init__(self, key: str) -> None:
        self.key, self.counter, self.buf = key.encode(), 0, b""

    def u32(self) -> int:
        if len(self.buf) < 4:
            block = self.key + b"|" + self.counter.to_bytes(8, "big")
            self.buf += hashlib.sha256(block).digest()
            self.counter += 1
        n, self.buf = int.from_bytes(self.buf[:4], "big"), self.buf[4:]
        return n

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 (rejection sampling: no modulo bias)."""
        limit = (1 << 32) - (1 << 32) % n
        while True:
            x = self.u32()
            if x < limit:
                return x % n


@dataclass(frozen=True)
class Deal:
    """One deal of a set: its number, dealer, the four hands (card masks by seat) and the
    seed of its computer seats."""

    index: int
    dealer: int
    hands: tuple[int, int, int, int]
    seed: int

    def hand_texts(self) -> list[str]:
        return [hand_text(m) for m in self.hands]

    def new_state(self, rules: Rules) -> GameState:
        """The game at 0-0 with these cards about to be bid."""
        state = GameState.new(rules, self.seed, dealer=self.dealer)
        state.set_deal(list(self.hands))
        return state


def deal_of(code: str, index: int) -> Deal:
    """Deal ``index`` of the set ``code``: a Fisher-Yates shuffle driven by SHA-256, dealt
    one card at a time from the dealer's left; the dealer turns from West (deal 0) on, so
    South calls first on the first deal."""
    code = normalize_code(code)
    stream = _Stream(f"{FORMAT}|{code}|{index}")
    seed = stream.u32() & 0x7FFFFFFF
    deck = list(range(52))
    for j in range(51, 0, -1):
        k = stream.below(j + 1)
        deck[j], deck[k] = deck[k], deck[j]
    dealer = (index + 3) % 4
    hands = [0, 0, 0, 0]
    for n, card in enumerate(deck):
        hands[(dealer + 1 + n) % 4] |= 1 << card
    return Deal(index, dealer, (hands[0], hands[1], hands[2], hands[3]), seed)


def deals_of(code: str) -> list[Deal]:
    return [deal_of(code, i) for i in range(DEALS)]
