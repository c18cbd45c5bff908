"""Trick estimator for bidding: a linear model fitted offline on double-dummy deals.

``tools/train_bidding.py`` deals a few thousand random hands, solves each with DDS
(the bidder leads, as in Tarneeb) and fits ridge regressions; the coefficients ship
in ``tarneeb_desktop/data/bidding_model.json``. Evaluation here is plain Python (no
numpy), so the frozen game stays small.

Two models, each with a trump version (features taken relative to the trump suit,
so one model serves all four suits) and a no-trump version:

* ``joint``: tricks of a partnership, declarer's hand ``a`` leading, partner ``b``.
  The search players sample partner's hand and average this.
* ``solo``: expected tricks of the partnership from one hand alone (partner's cards
  random). Used to judge how likely another seat's calls were for a sampled hand.

Both also record the residual standard deviation ``sigma`` so callers can turn a
point estimate into a distribution of tricks.

Hands are 52-bit masks (bit = ``suit * 13 + rank``, see ``rules/cards.py``); a
strain is 0..3 (C D H S) or 4 (NT).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from tarneeb_desktop.rules.cards import NT

ACE, KING, QUEEN, JACK = 12, 11, 10, 9
_HCP = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "bidding_model.json"

# Per suit holding (13 bits): (length, hcp, aces, kings, top3 honours count).
_SUIT_INFO: list[tuple[int, int, int, int, int]] = []
for _bits in range(8192):
    _SUIT_INFO.append(
        (
            _bits.bit_count(),
            sum(v for r, v in _HCP.items() if _bits >> r & 1),
            _bits >> ACE & 1,
            _bits >> KING & 1,
            (_bits >> ACE & 1) + (_bits >> KING & 1) + (_bits >> QUEEN & 1),
        )
    )
del _bits


def _suits(mask: int) -> list[tuple[int, int, int, int, int]]:
    return [_SUIT_INFO[(mask >> (13 * s)) & 0x1FFF] for s in range(4)]


def _stopper(bits: int) -> int:
    """A suit is stopped by A, Kx, Qxx or Jxxx (one hand's holding)."""
    length = bits.bit_count()
    return int(
        bool(bits >> ACE & 1)
        or (bits >> KING & 1 and length >= 2)
        or (bits >> QUEEN & 1 and length >= 3)
        or (bits >> JACK & 1 and length >= 4)
    )


def _shortness(length: int) -> int:
    return 3 if length == 0 else 2 if length == 1 else 1 if length == 2 else 0


# ------------------------------------------------------------------ features

TRUMP_SOLO_NAMES = (
    "bias",
    "hcp",
    "tlen",
    "tlen2",
    "thon",
    "side_aces",
    "side_kings",
    "short",
    "short_x_tlen",
    "long_side",
    "hcp2",
)
NT_SOLO_NAMES = ("bias", "hcp", "aces", "stoppers", "long", "long_x_hon", "hcp2", "short")
TRUMP_JOINT_NAMES = (
    "bias",
    "hcp",
    "tlen",
    "tlen2",
    "thon",
    "side_aces",
    "side_kings",
    "short_short",
    "short_long",
    "long_side",
    "hcp2",
    "hcp_a",
    "tlen_diff",
)
NT_JOINT_NAMES = (
    "bias",
    "hcp",
    "aces",
    "stoppers",
    "long",
    "long_x_hon",
    "hcp2",
    "hcp_a",
    "short",
)


def solo_features(mask: int, strain: int) -> list[float]:
    """Features of one hand for a strain (see ``TRUMP_SOLO_NAMES`` / ``NT_SOLO_NAMES``)."""
    return _solo_features(_suits(mask), mask, strain)


def _solo_features(
    info: list[tuple[int, int, int, int, int]], mask: int, strain: int
) -> list[float]:
    hcp = info[0][1] + info[1][1] + info[2][1] + info[3][1]
    if strain == NT:
        aces = sum(i[2] for i in info)
        stoppers = sum(_stopper((mask >> (13 * s)) & 0x1FFF) for s in range(4))
        long_i = max(range(4), key=lambda s: info[s][0])
        long = info[long_i][0]
        short = sum(_shortness(i[0]) for i in info)
        return [
            1.0,
            hcp,
            aces,
            stoppers,
            max(0, long - 4),
            max(0, long - 4) * info[long_i][4],
            hcp * hcp / 40.0,
            short,
        ]
    t = info[strain]
    side = [info[s] for s in range(4) if s != strain]
    short = sum(_shortness(i[0]) for i in side)
    return [
        1.0,
        hcp,
        t[0],
        t[0] * t[0] / 13.0,
        t[4],
        sum(i[2] for i in side),
        sum(i[3] for i in side),
        short,
        short * max(0, t[0] - 2) / 5.0,
        max(i[0] for i in side),
        hcp * hcp / 40.0,
    ]


def joint_features(a: int, b: int, strain: int) -> list[float]:
    """Features of a partnership, ``a`` the declarer (who leads), ``b`` the partner."""
    return _joint_features(_suits(a), _suits(b), _suits(a | b), a, b, strain)


def _joint_features(
    ia: list[tuple[int, int, int, int, int]],
    ib: list[tuple[int, int, int, int, int]],
    ic: list[tuple[int, int, int, int, int]],
    a: int,
    b: int,
    strain: int,
) -> list[float]:
    hcp_a = sum(i[1] for i in ia)
    hcp = hcp_a + sum(i[1] for i in ib)
    if strain == NT:
        aces = sum(i[2] for i in ic)
        stoppers = sum(
            _stopper((a >> (13 * s)) & 0x1FFF) | _stopper((b >> (13 * s)) & 0x1FFF)
            for s in range(4)
        )
        long_i = max(range(4), key=lambda s: ic[s][0])
        long = ic[long_i][0]
        short = sum(_shortness(min(ia[s][0], ib[s][0])) for s in range(4))
        return [
            1.0,
            hcp,
            aces,
            stoppers,
            max(0, long - 7),
            max(0, long - 7) * ic[long_i][4],
            hcp * hcp / 40.0,
            hcp_a,
            short,
        ]
    ta, tb = ia[strain][0], ib[strain][0]
    tlen = ta + tb
    # Ruffs count in the hand with fewer trumps (the long hand's trumps take tricks anyway).
    short_hand, long_hand = (ia, ib) if ta < tb else (ib, ia)
    t_short = min(ta, tb)
    sides = [s for s in range(4) if s != strain]
    short_short = min(sum(_shortness(short_hand[s][0]) for s in sides), t_short)
    short_long = sum(_shortness(long_hand[s][0]) for s in sides)
    return [
        1.0,
        hcp,
        tlen,
        tlen * tlen / 13.0,
        ic[strain][4],
        sum(ic[s][2] for s in sides),
        sum(ic[s][3] for s in sides),
        short_short,
        short_long,
        max(ic[s][0] for s in sides),
        hcp * hcp / 40.0,
        hcp_a,
        abs(ta - tb),
    ]


# ------------------------------------------------------------------ the model


class TrickModel:
    """The fitted coefficients; ``solo`` / ``joint`` give expected tricks (0..13)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self._solo_t = [float(x) for x in data["solo_trump"]["coef"]]
        self._solo_nt = [float(x) for x in data["solo_nt"]["coef"]]
        self._joint_t = [float(x) for x in data["joint_trump"]["coef"]]
        self._joint_nt = [float(x) for x in data["joint_nt"]["coef"]]
        self.solo_sigma = (
            float(data["solo_trump"]["sigma"]),
            float(data["solo_nt"]["sigma"]),
        )
        self.joint_sigma = (
            float(data["joint_trump"]["sigma"]),
            float(data["joint_nt"]["sigma"]),
        )

    def solo(self, mask: int, strain: int) -> float:
        coef = self._solo_nt if strain == NT else self._solo_t
        x = solo_features(mask, strain)
        return min(13.0, max(0.0, sum(c * v for c, v in zip(coef, x, strict=True))))

    def solo_all(self, mask: int, strains: range | list[int]) -> list[float]:
        """``solo`` for several strains of one hand (shares the per-suit work)."""
        info = _suits(mask)
        out = []
        for strain in strains:
            coef = self._solo_nt if strain == NT else self._solo_t
            x = _solo_features(info, mask, strain)
            v = sum(c * f for c, f in zip(coef, x, strict=True))
            out.append(13.0 if v > 13.0 else 0.0 if v < 0.0 else v)
        return out

    def joint(self, a: int, b: int, strain: int) -> float:
        coef = self._joint_nt if strain == NT else self._joint_t
        x = joint_features(a, b, strain)
        return min(13.0, max(0.0, sum(c * v for c, v in zip(coef, x, strict=True))))

    def joint_all(self, a: int, b: int, strains: range | list[int]) -> list[float]:
        """``joint`` for several strains of one partnership (shares the per-suit work)."""
        ia, ib, ic = _suits(a), _suits(b), _suits(a | b)
        out = []
        for strain in strains:
            coef = self._joint_nt if strain == NT else self._joint_t
            x = _joint_features(ia, ib, ic, a, b, strain)
            v = sum(c * f for c, f in zip(coef, x, strict=True))
            out.append(13.0 if v > 13.0 else 0.0 if v < 0.0 else v)
        return out

    def sigma(self, strain: int, joint: bool = True) -> float:
        pair = self.joint_sigma if joint else self.solo_sigma
        return pair[1] if strain == NT else pair[0]


# A tiny model used only when the data file is missing (e.g. a broken install), so
# the AI still bids sensibly: roughly 1 trick per 3 HCP plus the trump length.
_FALLBACK: dict[str, Any] = {
    "solo_trump": {"coef": [1.5, 0.22, 0.55, 0, 0.2, 0, 0, 0.2, 0, 0, 0], "sigma": 1.5},
    "solo_nt": {"coef": [2.0, 0.25, 0, 0, 0.5, 0, 0, 0], "sigma": 1.6},
    "joint_trump": {"coef": [-1.0, 0.25, 0.5, 0, 0.1, 0, 0, 0.3, 0, 0, 0, 0, 0], "sigma": 1.2},
    "joint_nt": {"coef": [-2.5, 0.33, 0, 0, 0.6, 0, 0, 0, 0], "sigma": 1.3},
}


@lru_cache(maxsize=1)
def load_model() -> TrickModel:
    """The shipped model (loaded once); the built-in fallback if the file is unusable."""
    try:
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
        return TrickModel(data)
    except (OSError, ValueError, KeyError, TypeError):
        return TrickModel(_FALLBACK)


# ------------------------------------------------------------------ trick distributions

_SQRT2 = math.sqrt(2.0)


def trick_distribution(mean: float, sigma: float) -> list[float]:
    """P(tricks = k) for k = 0..13 of a normal(mean, sigma) rounded and clipped to 0..13."""

    def cdf(x: float) -> float:
        return 0.5 * (1.0 + math.erf((x - mean) / (sigma * _SQRT2)))

    out = []
    prev = 0.0
    for k in range(14):
        c = 1.0 if k == 13 else cdf(k + 0.5)
        out.append(c - prev)
        prev = c
    return out
