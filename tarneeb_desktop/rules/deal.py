"""The shuffle of a deal: ``random.Random(x).shuffle`` of the 52 cards, from one draw.

``random.Random.shuffle`` draws each swap with ``getrandbits(k)``, which is the top k bits of
the generator's next 32-bit word; one ``getrandbits(32 * _BATCH)`` holds the same words,
lowest first, so the deck is shuffled without two Python calls a card, and only the four
hands are kept. A deck needs 76 words on average (107 at most in 20,000 seeds); one that
needs more than ``_BATCH`` is shuffled by random itself. tests/test_rules_fast_paths.py
compares the deals with random.shuffle's.

The 51 steps are written out once, at import, as one function (``_swap_all``, from
``_SHUFFLE_STEPS``): a loop over the steps spent a quarter of the shuffle on the loop itself.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Literal, cast

from tarneeb_desktop.rules.cards import BITS
from tarneeb_desktop.seeds import deal_seed

# random.shuffle's steps on 52 cards: (position, draw below, shift of a 32-bit word).
_SHUFFLE_STEPS = tuple((i, i + 1, 32 - (i + 1).bit_length()) for i in reversed(range(1, 52)))
_BATCH = 160
assert memoryview(b"").cast("I").itemsize == 4
_NATIVE: Literal["little", "big"] = (
    "little" if memoryview(b"\1\0\0\0").cast("I")[0] == 1 else "big"
)  # the machine's byte order, that of the words memoryview reads
_Random = _random.Random  # random.Random's C base: the same stream from an int seed


def _unrolled_steps() -> Callable[[Sequence[int], MutableSequence[int]], tuple[int, ...]]:
    """``for i, n, shift in _SHUFFLE_STEPS: j = next word >> shift (until j < n); swap i, j``
    written out step by step (an IndexError when the words run out), returning the sums of
    the cards (bits) left at the places i with i % 4 == 0, 1, 2 and 3: the four hands.

    Place i holds its last card once step i is done, so a step adds ``deck[j]`` to its sum
    and moves ``deck[i]`` to j, without writing place i; place 0 is last."""
    lines = ["def _swap_all(words, deck):", "    at = 0", "    m0 = m1 = m2 = m3 = 0"]
    for i, n, shift in _SHUFFLE_STEPS:
        lines += [
            f"    j = words[at] >> {shift}",
            "    at += 1",
            f"    while j >= {n}:",
            f"        j = words[at] >> {shift}",
            "        at += 1",
            f"    m{i % 4} += deck[j]",
            f"    deck[j] = deck[{i}]",
        ]
    lines.append("    return m0 + deck[0], m1, m2, m3")
    namespace: dict[str, object] = {}
    exec(compile("\n".join(lines), "<deal._swap_all>", "exec"), namespace)
    return cast(
        Callable[[Sequence[int], MutableSequence[int]], tuple[int, ...]], namespace["_swap_all"]
    )


_swap_all = _unrolled_steps()


def _words(x: int) -> memoryview:
    """The generator's first ``_BATCH`` 32-bit words from seed ``x``."""
    bits = _Random(x).getrandbits(32 * _BATCH)
    return memoryview(bits.to_bytes(4 * _BATCH, _NATIVE)).cast("I")


def shuffled_deck(x: int) -> list[int]:
    """The deck 0..51 as ``random.Random(x).shuffle(list(range(52)))`` leaves it."""
    deck = list(range(52))
    random.Random(x).shuffle(deck)
    return deck


def dealt_in_fours(x: int) -> tuple[int, ...]:
    """The four hands (masks) of ``shuffled_deck(x)`` dealt a card at a time: the cards at
    places 0, 4, 8, ..., then those at 1, 5, 9, ..., and so on."""
    try:
        return _swap_all(_words(x), list(BITS))
    except IndexError:
        deck = shuffled_deck(x)
        return tuple(sum(BITS[c] for c in deck[k::4]) for k in range(4))


def deal_hands(seed: int, hand_index: int, dealer: int) -> list[int]:
    """The four hands (masks) of the hand numbered ``hand_index`` of the game seeded ``seed``.

    Cards are dealt one at a time starting with ``dealer + 1``, from a deck shuffled by
    ``random.Random(seeds.deal_seed(seed, hand_index))``: an int seed, stable across runs
    and platforms.
    """
    # An int seed is stable across runs and platforms, and cheaper to set up than a string.
    # Card i of the deck goes to seat dealer + 1 + i: seat s gets every fourth card.
    fours = dealt_in_fours(deal_seed(seed, hand_index))
    first = (-dealer - 1) % 4  # seat 0's first card
    return [fours[first], fours[(first + 1) % 4], fours[(first + 2) % 4], fours[(first + 3) % 4]]


def first_dealer(seed: int) -> int:
    """The first dealer, drawn at random from the game's seed."""
    return random.Random(f"tarneeb:{seed}:dealer").randrange(4)
