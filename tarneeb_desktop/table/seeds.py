"""The one source of a game's seed.

Every seed the program draws comes from here: :func:`random_seed` (the system's generator,
for a game nobody asked to fix), :func:`env_seed` (``TARNEEB_TEST_SEED``, read in this one
place) and :func:`new_seed`, which a new game in the window and a new tournament ask: the
seed given, else the test seed, else a random one. A computer seat's own seed comes from
the game's by ``seats.seat_seed``.

It sits with the table (and not in ``session.py`` above it) because a save without a seed
(``savegame.read_save``) draws one here too.
"""

from __future__ import annotations

import os
import random
from typing import Any

#: The environment variable that fixes the seed of every new game and tournament (tests).
TEST_SEED_VARIABLE = "TARNEEB_TEST_SEED"
#: Seeds are drawn from 0 to 2**31 - 1.
SEED_LIMIT = 1 << 31


def random_seed() -> int:
    """A fresh seed from the system's generator."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def env_seed() -> int | None:
    """``TARNEEB_TEST_SEED`` as a number (digits, a minus sign allowed), or None when it is
    unset or not a number."""
    text = os.environ.get(TEST_SEED_VARIABLE, "")
    if not text.lstrip("-").isdigit():
        return None
    try:
        return int(text)
    except ValueError:  # "--5": digits after more than one sign
        return None


def new_seed(given: int | None = None) -> int:
    """The seed of a new game: ``given``, else the test seed, else a random one."""
    if given is not None:
        return given
    fixed = env_seed()
    return fixed if fixed is not None else random_seed()


def position_seed(seed: int, view: object) -> int:
    """The seed of one computer decision: the seat's seed (``seats.seat_seed``) and the
    position it decides in (the deal's number, the seat's cards, every call and card so
    far, the scores). The same position always gets the same answer, so a game resumed
    from its save in the middle of a trick goes on as it would have."""
    import hashlib

    v: Any = view
    key = repr(
        (
            seed,
            v.seat,
            v.hand_number,
            v.dealer,
            v.phase,
            tuple(sorted(v.hand)),
            tuple(v.calls),
            v.contract,
            v.trump,
            tuple(v.tricks),
            v.trick,
            tuple(v.scores),
        )
    )
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") >> 1
