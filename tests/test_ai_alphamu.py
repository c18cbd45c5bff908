"""αμ in the last tricks (ai/alphamu.py, expert's card play; issue 49).

Hand-made endings where sampling with a double-dummy solver goes wrong (strategy fusion: it
plays as if it will later know where every card is), each checked against an exhaustive
search of the ending as a game the player cannot see (``exact`` below: every card of every
seat, the player choosing one card for all layouts it cannot tell apart, the others playing
each layout as they like), and the new search's choices depending only on the view.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, Sequence

import pytest

from tarneeb_desktop.ai import alphamu, dds
from tarneeb_desktop.ai.sampling import Sampler
from tarneeb_desktop.ai.search import LEVEL_CONFIGS, SearchPlayer
from tarneeb_desktop.rules import View
from tarneeb_desktop.rules.cards import CARD_INDEX, STRAINS, TRICK_ORDER, cards_of, mask_of
from tarneeb_desktop.rules.selfplay import from_view
from tests.test_ai_search import to_play

needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS library not available")

Front = list[tuple[float, ...]]


def _legal(hand: int, trick: tuple[int, ...]) -> list[int]:
    if trick and hand & (0x1FFF << 13 * (trick[0] // 13)):
        hand &= 0x1FFF << 13 * (trick[0] // 13)
    return [c for c in range(52) if hand >> c & 1]


def _best_vectors(vectors: Front) -> Front:
    kept: Front = []
    for v in sorted(set(vectors), key=lambda v: -sum(v)):
        if not any(all(a >= b for a, b in zip(k, v, strict=True)) for k in kept):
            kept.append(v)
    return kept


def _game(
    worlds: list[list[int]],
    trump: str,
    leader: int,
    trick: tuple[int, ...],
    won: int,
    util: Sequence[float],
) -> Front:
    """Every outcome vector (over ``worlds``) seat 0 can secure, by brute force: seat 0 plays
    one card for all worlds, the others each world's best card for their side."""
    if len(trick) == 4:
        o = TRICK_ORDER[STRAINS.index(trump)][trick[0] // 13]
        leader = (
            leader + (max(o[trick[0]], o[trick[1]] + 1, o[trick[2]] + 2, o[trick[3]] + 3) & 3)
        ) % 4
        won += leader % 2 == 0
        trick = ()
    if not trick and not worlds[0][leader]:
        return [tuple(util[won] for _ in worlds)]
    mover = (leader + len(trick)) % 4

    def child(c: int, hands: list[list[int]]) -> Front:
        after = [[h & ~(1 << c) if s == mover else h for s, h in enumerate(w)] for w in hands]
        return _game(after, trump, leader, (*trick, c), won, util)

    if mover == 0:
        return _best_vectors([v for c in _legal(worlds[0][0], trick) for v in child(c, worlds)])
    friend = mover == 2
    front: Front = [tuple(-1e9 if friend else 1e9 for _ in worlds)]
    cards = sorted({c for w in worlds for c in _legal(w[mover], trick)})
    for c in cards:
        idx = [i for i, w in enumerate(worlds) if c in _legal(w[mover], trick)]
        combined = []
        for f in front:
            for g in child(c, [worlds[i] for i in idx]):
                h = list(f)
                for j, i in enumerate(idx):
                    h[i] = max(h[i], g[j]) if friend else min(h[i], g[j])
                combined.append(tuple(h))
        front = _best_vectors(combined)
    return front


def exact(
    worlds: list[list[int]], trump: str, leader: int, trick: list[str], util: Sequence[float]
) -> dict[str, float]:
    """Each of seat 0's legal cards' best expected value (equally likely worlds)."""
    played = tuple(CARD_INDEX[c] for c in trick)
    out = {}
    for c in _legal(worlds[0][0], played):
        after = [[h & ~(1 << c) if s == 0 else h for s, h in enumerate(w)] for w in worlds]
        front = _game(after, trump, leader, (*played, c), 0, util)
        out[cards_of(1 << c)[0]] = max(sum(v) / len(worlds) for v in front)
    return out


def sampling_choice(
    worlds: list[list[int]], trump: str, leader: int, trick: list[str], util: Sequence[float]
) -> str:
    """Today's card play on these worlds: each card's mean double-dummy value, the lowest of
    the best (SearchPlayer._choose_card)."""
    boards = [([cards_of(h) for h in w], trump, leader, trick) for w in worlds]
    results = dds.solve_many(boards)
    legal = list(results[0])
    means = {c: sum(util[r[c]] for r in results) / len(results) for c in legal}
    top = max(means.values())
    return min(
        (c for c in legal if means[c] >= top - 1e-6),
        key=lambda c: (CARD_INDEX[c] % 13, CARD_INDEX[c] // 13),
    )


def alphamu_choice(
    worlds: list[list[int]],
    trump: str,
    leader: int,
    trick: list[str],
    util: Sequence[float],
    depth: int = 2,
) -> str:
    played = tuple(CARD_INDEX[c] for c in trick)
    legal = cards_of(sum(1 << c for c in _legal(worlds[0][0], played)))
    values, _ = alphamu.values(
        [(w, 1.0) for w in worlds], 0, trump, leader, trick, legal, util, depth=depth
    )
    top = max(values.values())
    return min(
        (c for c in legal if values[c] >= top - 1e-6),
        key=lambda c: (CARD_INDEX[c] % 13, CARD_INDEX[c] // 13),
    )


def layouts(me: str, others: list[tuple[str, str, str]]) -> list[list[int]]:
    """Worlds from seat 0's hand and, per world, seats 1, 2 and 3's cards."""
    return [[mask_of(me.split()), *(mask_of(h.split()) for h in seats)] for seats in others]


def choices(seeds: Iterable[int], tricks: int) -> Iterator[tuple[int, View]]:
    """(seed, view) of random games after ``tricks`` tricks, where the seat has a choice."""
    for seed in seeds:
        g = to_play(seed, tricks=tricks, extra=seed % 4)
        view = g.view(g.turn)
        if len(view.legal) > 1:
            yield seed, view


# ------------------------------------------------------------------ hand-made endings


@needs_dds
def test_a_safety_ruff_rather_than_a_discard_that_leaves_a_guess() -> None:
    # Clubs trump, three cards each. East led the 2D, partner played the 7D (winning so far),
    # West the 6D; we have no diamond: KC, 7H, 6S, and need two of the three tricks. The
    # ace and queen of clubs are split between East and West, either way round.
    # Ruffing with the king now makes two tricks in both layouts. The solver finds that
    # discarding the 7H also makes two in each layout, the king played later at the right
    # moment; but which moment depends on where the ace of clubs is, which the player does
    # not see in time: discarding makes it half the time.
    worlds = layouts(
        "KC 7H 6S",
        [("AC 7S", "TC JH", "QC 8S"), ("QC 7S", "TC JH", "AC 8S")],
    )
    trick = ["2D", "7D", "6D"]
    util = [0.0, 0.0, 1.0, 1.0]  # two tricks of three make it
    truth = exact(worlds, "C", 1, trick, util)
    assert truth == {"6S": 0.0, "7H": 0.5, "KC": 1.0}
    assert sampling_choice(worlds, "C", 1, trick, util) == "7H"  # fused: wrong
    assert alphamu_choice(worlds, "C", 1, trick, util) == "KC"  # right
    assert alphamu_choice(worlds, "C", 1, trick, util, depth=1) == "7H"  # depth 1 = sampling


@needs_dds
def test_a_sure_trick_now_rather_than_a_guess_later() -> None:
    # Clubs trump, we lead from KC 2D 4D, our side needs one trick of three. The ace and the
    # queen of clubs are with East and West, either way round (West also holds the jack).
    # Leading the king now secures the side's trick in both layouts; a diamond first makes
    # it in each layout double dummy too, but only by a later choice that depends on where
    # the ace is: half the time for a player who cannot see it.
    worlds = layouts(
        "KC 2D 4D",
        [("AC 3H 2S", "5D JH 7S", "JC QC 6S"), ("QC 3H 2S", "5D JH 7S", "JC AC 6S")],
    )
    util = [0.0, 1.0, 1.0, 1.0]
    truth = exact(worlds, "C", 0, [], util)
    assert truth == {"2D": 0.5, "4D": 0.5, "KC": 1.0}
    assert sampling_choice(worlds, "C", 0, [], util) == "2D"
    assert alphamu_choice(worlds, "C", 0, [], util) == "KC"


# ------------------------------------------------------------------ properties


@needs_dds
def test_depth_one_is_sampling_and_deeper_never_values_a_card_higher() -> None:
    # αμ with the player's first card only (depth 1) is sampling with double dummy: each card's
    # mean over the worlds of its double-dummy value; with depth 2 the player's next card is
    # one for all worlds it cannot tell apart, which can only lower a card's value.
    checked = 0
    for seed, view in choices(range(30), tricks=8):
        rng = random.Random(seed)
        worlds = [(Sampler(view, rng).deal(), 1.0 + (i % 3)) for i in range(12)]
        leader, trick = view.trick if view.trick else (view.seat, ())
        util = [float(k * k) for k in range(6)]
        trump = view.trump or "NT"
        one, _ = alphamu.values(
            worlds, view.seat, trump, leader, list(trick), view.legal, util, depth=1
        )
        two, _ = alphamu.values(
            worlds, view.seat, trump, leader, list(trick), view.legal, util, depth=2
        )
        results = dds.solve_many(
            [([cards_of(h) for h in w], trump, leader, list(trick)) for w, _ in worlds]
        )
        total = sum(w for _, w in worlds)
        for card in view.legal:
            mean = sum(w * util[r[card]] for (_, w), r in zip(worlds, results, strict=True)) / total
            assert one[card] == pytest.approx(mean)
            assert two[card] <= one[card] + 1e-9
        checked += 1
    assert checked >= 20


@needs_dds
def test_expert_uses_alphamu_in_the_last_tricks_and_hard_does_not() -> None:
    # A position with cards of two suits to choose from (not a near-forced choice).
    view = next(v for _, v in choices(range(40), tricks=9) if len({c[1] for c in v.legal}) > 1)
    assert len(view.hand) <= LEVEL_CONFIGS["expert"].alphamu_cards
    expert = SearchPlayer("expert", 1, dataclasses.replace(LEVEL_CONFIGS["expert"], budget_s=None))
    expert.choose(view)
    assert (
        expert.stats.boards > 0 and expert.stats.samples == LEVEL_CONFIGS["expert"].alphamu_worlds
    )
    assert LEVEL_CONFIGS["hard"].alphamu_cards == 0
    hard = SearchPlayer("hard", 1, dataclasses.replace(LEVEL_CONFIGS["hard"], budget_s=None))
    hard.choose(view)
    assert hard.stats.boards == 0


@needs_dds
@pytest.mark.parametrize("seed", [5, 11, 17])
def test_alphamu_choice_depends_only_on_the_view(seed: int) -> None:
    # Two games that look the same from the seat (other hidden cards) get the same card.
    g = to_play(seed, tricks=7 + seed % 3, extra=seed % 4)
    me = g.turn
    view = g.view(me)
    other = Sampler(view, random.Random(seed + 1)).deal()
    g2 = from_view(view, other)
    assert g2.view(me) == view
    assert g2.hands != g.hands
    cfg = dataclasses.replace(LEVEL_CONFIGS["expert"], budget_s=None, alphamu_cards=13)
    a = SearchPlayer("expert", 7, cfg)
    b = SearchPlayer("expert", 7, cfg)
    assert a.choose(g.view(me)) == b.choose(g2.view(me))
    assert a.stats.values == b.stats.values
