"""The one source of a game's seed, and every seed made from it.

Every seed the program draws comes from here: :func:`new_seed`, the one rule (the seed given,
else ``TARNEEB_TEST_SEED``, read in this one place by :func:`env_seed`, else a random one from
:func:`random_seed`), which a new game in the window, a new tournament, ``tarneeb play`` and
``tarneeb tournament`` and a LAN host all ask.

The seeds made from a game's seed are named here too, one formula each: the shuffle of each
hand (:func:`deal_seed`), a computer seat's generator (:func:`seat_seed`) and each of its
decisions (:func:`position_seed`), a tournament's games (:func:`tournament_game_seed`), the
arena's sides and games (:func:`side_seed`, :func:`match_game_seed`, :func:`match_hand_seed`),
and the computer's thinking pauses at the window's table (:func:`pause_seed`).

It sits at the bottom, beside the rules (it imports nothing of the package), so that the rules'
shuffle, the table, the saves and the arena use the same formulas.
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


def deal_seed(seed: int, hand_index: int) -> int:
    """The shuffle of hand ``hand_index`` (from 0) of the game seeded ``seed``: an int, stable
    across runs and platforms."""
    return seed * 1_000_003 + hand_index


def seat_seed(seed: int, seat: int) -> int:
    """A computer seat's own generator, from the game's seed."""
    return seed * 8 + seat


def tournament_game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 0) of the tournament seeded ``seed``: stable on
    every platform (a string seed is hashed with SHA-512)."""
    return random.Random(f"tarneeb:tournament:{seed}:{number}").randrange(SEED_LIMIT)


def side_seed(seed: int, side: int) -> int:
    """The arena's side ``side`` (0 or 1) of a match seeded ``seed``."""
    return seed * 2 + 1 + side


def match_game_seed(seed: int, game: int) -> int:
    """The arena's game ``game`` (from 0) of a match seeded ``seed``."""
    return seed * 1_000_003 + game


def match_hand_seed(seed: int, hand: int) -> int:
    """The arena's duplicate hand ``hand`` (from 0) of a match seeded ``seed``."""
    return seed * 100003 + hand


def pause_seed(seed: int) -> int:
    """The computer's thinking pauses at the window's table dealt from ``seed`` (a look, not
    a decision: the pauses never change what is played)."""
    return seed ^ 0x5EED


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
