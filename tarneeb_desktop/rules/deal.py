"""The shuffle of a deal: ``random.Random(x).shuffle`` of the 52 cards, from one draw.

``random.Random.shuffle`` draws each swap with ``getrandbits(k)``, which is the top k bits of
the generator's next 32-bit word; one ``getrandbits(32 * _BATCH)`` holds the same words,
lowest first, so the deck is shuffled without two Python calls a card. A deck needs 76
words on average (107 at most in 20,000 seeds); one that needs more than ``_BATCH`` is
shuffled by random itself. tests/test_rules_fast_paths.py compares the two.

The 51 steps are written out once, at import, as one function (``_swap_all``, from
``_SHUFFLE_STEPS``): a loop over the steps spent a quarter of the shuffle on the loop itself.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Literal, cast

from tarneeb_desktop.rules.cards import BITS

# random.shuffle's steps on 52 cards: (position, draw below, shift of a 32-bit word).
_SHUFFLE_STEPS = tuple((i, i + 1, 32 - (i + 1).bit_length()) for i in reversed(range(1, 52)))
_BATCH = 160
assert memoryview(b"").cast("I").itemsize == 4
_NATIVE: Literal["little", "big"] = (
    "little" if memoryview(b"\1\0\0\0").cast("I")[0] == 1 else "big"
)  # the machine's byte order, that of the words memoryview reads
_Random = _random.Random  # random.Random's C base: the same stream from an int seed


def _unrolled_steps() -> Callable[[Sequence[int], MutableSequence[int]], None]:
    """``for i, n, shift in _SHUFFLE_STEPS: j = next word >> shift (until j < n); swap i, j``
    written out step by step (an IndexError when the words run out)."""
    lines = ["def _swap_all(words, deck):", "    at = 0"]
    for i, n, shift in _SHUFFLE_STEPS:
        lines += [
            f"    j = words[at] >> {shift}",
            "    at += 1",
            f"    while j >= {n}:",
            f"        j = words[at] >> {shift}",
            "        at += 1",
            f"    deck[{i}], deck[j] = deck[j], deck[{i}]",
        ]
    namespace: dict[str, object] = {}
    exec(compile("\n".join(lines), "<deal._swap_all>", "exec"), namespace)
    return cast(Callable[[Sequence[int], MutableSequence[int]], None], namespace["_swap_all"])


_swap_all = _unrolled_steps()


def _words(x: int) -> memoryview:
    """The generator's first ``_BATCH`` 32-bit words from seed ``x``."""
    bits = _Random(x).getrandbits(32 * _BATCH)
    return memoryview(bits.to_bytes(4 * _BATCH, _NATIVE)).cast("I")


def shuffled_deck(x: int) -> list[int]:
    """The deck 0..51 as ``random.Random(x).shuffle(list(range(52)))`` leaves it."""
    deck = list(range(52))
    try:
        _swap_all(_words(x), deck)
    except IndexError:
        deck = list(range(52))
        random.Random(x).shuffle(deck)
    return deck


def shuffled_bits(x: int) -> list[int]:
    """``shuffled_deck(x)`` with each card as its bit (``1 << card``): a hand is a sum."""
    deck = list(BITS)
    try:
        _swap_all(_words(x), deck)
    except IndexError:
        deck = list(map(BITS.__getitem__, shuffled_deck(x)))
    return deck
