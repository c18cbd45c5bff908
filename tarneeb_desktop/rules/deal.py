"""The shuffle of a deal: ``random.Random(x).shuffle`` of the 52 cards, from one draw.

``random.Random.shuffle`` draws each swap with ``getrandbits(k)``, which is the top k bits of
the generator's next 32-bit word; one ``getrandbits(32 * _BATCH)`` holds the same words,
lowest first, so the deck is shuffled without two Python calls a card. A deck needs 76
words on average (107 at most in 20,000 seeds); one that needs more than ``_BATCH`` is
shuffled by random itself. tests/test_rules_fast_paths.py compares the two.
"""

from __future__ import annotations

import _random
import random
from typing import Literal

# random.shuffle's steps on 52 cards: (position, draw below, shift of a 32-bit word).
_SHUFFLE_STEPS = tuple((i, i + 1, 32 - (i + 1).bit_length()) for i in reversed(range(1, 52)))
_BATCH = 160
assert memoryview(b"").cast("I").itemsize == 4
_NATIVE: Literal["little", "big"] = (
    "little" if memoryview(b"\1\0\0\0").cast("I")[0] == 1 else "big"
)  # the machine's byte order, that of the words memoryview reads
_Random = _random.Random  # random.Random's C base: the same stream from an int seed


def shuffled_deck(x: int) -> list[int]:
    """The deck 0..51 as ``random.Random(x).shuffle(list(range(52)))`` leaves it."""
    deck = list(range(52))
    bits = _Random(x).getrandbits(32 * _BATCH)
    words = memoryview(bits.to_bytes(4 * _BATCH, _NATIVE)).cast("I")  # 32-bit words
    at = 0
    try:
        for i, n, shift in _SHUFFLE_STEPS:
            j = words[at] >> shift
            at += 1
            while j >= n:
                j = words[at] >> shift
                at += 1
            deck[i], deck[j] = deck[j], deck[i]
    except IndexError:
        deck = list(range(52))
        random.Random(x).shuffle(deck)
    return deck
