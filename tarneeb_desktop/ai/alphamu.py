"""αμ search over sampled layouts for the last tricks (issue 49).

Sampling with a double-dummy solver values each card as if, later in the hand, the player
will know where every card is: every layout is solved on its own (strategy fusion). So it
over-values a card that leaves a guess for later (in each layout the solver guesses right)
and under-values a safety play. αμ (T. Cazenave and V. Ventos, "The αμ Search Algorithm for
the Game of Bridge", 2019) treats the sampled layouts ("worlds") as one game that the player
cannot see:

- a node is a public history (the cards played since the decision); the worlds still
  possible there are those in which every card of it was held where it was played;
- at the player's own nodes (Max) one card is chosen for all worlds of the node, since the
  player cannot tell them apart; the node's value is a *Pareto front* of vectors of results
  over its worlds, the union of its children's fronts, dominated vectors removed;
- at the other seats' nodes each world gets its own card (the other seats are taken to know
  the layout, as a double-dummy solver takes them): the fronts of the children are combined
  world by world, the minimum for an opponent, the maximum for partner, for every choice of
  one vector of each child (a product), then reduced to its Pareto front;
- after the player's ``depth`` th card the position is solved double-dummy in each world.
  ``depth`` 1 is today's sampling with double dummy; 2 makes the player's next card a choice
  that must be the same in every world it cannot tell apart.

Two departures from the paper keep it affordable and keep the score the game plays for:

- the result of a world is not 0/1 for a tricks target but the value the card search already
  uses (``search._utilities``: the hand's points, or the change in the chance to win the game,
  plus 0.01 a trick), and the root's card is the one whose front holds the vector of best
  weighted mean (the samples' weights: auction and play inference as today); fronts of real
  vectors are larger than of 0/1 vectors, so each front keeps at most ``max_front`` vectors
  (those of best weighted mean);
- at the other seats' nodes, each world plays one card: the lowest (by rank, then suit) of
  the cards that are double-dummy optimal for that seat there (one solve per world and node
  tells which; none when the seat's legal cards are all equivalent). A seat that knows the
  layout and plays below its double-dummy best only gives tricks away, except to mislead
  the player; that part of the full αμ (an opponent choosing among its cards to hide the
  layout: falsecards, restricted choice) is left out, and with one card per world the
  fronts stay small;
- a card's double-dummy mean over the worlds bounds its αμ value from above (the player
  choosing later cards world by world can only do better), so the root's cards are searched
  best bound first and a card whose bound is below the best value found is not searched.

The search sees only the worlds it is given (drawn from the view), so its choice depends only
on the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tarneeb_desktop.ai import dds
from tarneeb_desktop.rules.cards import CARD_INDEX, CARD_NAMES, STRAINS, TRICK_ORDER, indices_of

Vector = tuple[float, ...]


@dataclass
class _Search:
    """One decision's αμ search: the worlds' weights, the seat, trump and the values."""

    me: int
    trump: str
    weights: list[float]
    utility: Sequence[float]  # value of our side taking k tricks from the root on
    max_front: int
    solves: int = 0

    def order(self) -> tuple[tuple[int, ...], ...]:
        return TRICK_ORDER[STRAINS.index(self.trump)]


def _legal(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``trick``."""
    if trick:
        suit = 0x1FFF << (13 * (trick[0] // 13))
        if hand & suit:
            return hand & suit
    return hand


def _winner(order: tuple[tuple[int, ...], ...], leader: int, trick: tuple[int, ...]) -> int:
    o = order[trick[0] // 13]
    place = max(o[trick[0]], o[trick[1]] + 1, o[trick[2]] + 2, o[trick[3]] + 3) & 3
    return (leader + place) % 4


def _pareto(front: list[Vector], weights: Sequence[float], cap: int) -> list[Vector]:
    """The vectors of ``front`` that no other vector dominates (at least as good in every
    world, better in one), the ``cap`` of best weighted mean."""
    unique = sorted(set(front), key=lambda v: -sum(x * w for x, w in zip(v, weights, strict=True)))
    kept: list[Vector] = []
    for v in unique:
        if any(all(a >= b for a, b in zip(k, v, strict=True)) for k in kept):
            continue
        kept.append(v)
        if len(kept) == cap:
            break
    return kept


def _lowest_of_groups(
    cards: list[int], hands: Sequence[int], mover: int, trick: tuple[int, ...]
) -> list[int]:
    """The lowest card of each group of ``cards`` (one seat's, sorted) that are equivalent in
    this world: one suit, no card between them held by another seat or in the trick."""
    blocking = 0
    for seat in range(4):
        if seat != mover:
            blocking |= hands[seat]
    for c in trick:
        blocking |= 1 << c
    out: list[int] = []
    prev = -1
    for c in cards:
        between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
        if prev < 0 or prev // 13 != c // 13 or between & blocking:
            out.append(c)
        prev = c
    return out


def _solve(
    s: _Search, hands: list[list[int]], leader: int, trick: tuple[int, ...]
) -> list[dict[int, int]]:
    """Double-dummy value, for the side to move, of each legal card in each world."""
    names = [CARD_NAMES[c] for c in trick]
    boards = [([_names(h) for h in world], s.trump, leader, names) for world in hands]
    s.solves += len(boards)
    return [{CARD_INDEX[c]: v for c, v in res.items()} for res in dds.solve_many(boards)]


def _low(card: int) -> tuple[int, int]:
    """Rank first, then suit: the order in which a seat plays its lowest card."""
    return card % 13, card // 13


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in indices_of(mask)]


def _node(
    s: _Search,
    worlds: list[int],
    hands: list[list[int]],
    leader: int,
    trick: tuple[int, ...],
    won: int,
    depth: int,
) -> list[Vector]:
    """The Pareto front (vectors over ``worlds``, aligned) of the position reached by the
    public history: ``hands[i]`` are world ``worlds[i]``'s four hands, ``won`` the tricks our
    side took since the root, ``depth`` the player's cards still searched (the player's node
    with 1 left is valued double-dummy)."""
    if len(trick) == 4:
        winner = _winner(s.order(), leader, trick)
        won += (winner & 1) == (s.me & 1)
        leader, trick = winner, ()
    mover = (leader + len(trick)) % 4
    first = hands[0]
    if not trick and not first[leader]:
        return [tuple(s.utility[won] for _ in worlds)]
    if mover == s.me and depth <= 1:
        # The last card searched: each world's double-dummy value of each of our cards, one
        # card for all worlds (depth 1), or each world's best (depth 0: double dummy).
        vectors: dict[int, list[float]] = {}
        for res in _solve(s, hands, leader, trick):
            for c, v in res.items():
                vectors.setdefault(c, []).append(s.utility[won + v])
        if depth <= 0:
            return [tuple(max(col) for col in zip(*vectors.values(), strict=True))]
        weights = [s.weights[w] for w in worlds]
        return _pareto([tuple(v) for v in vectors.values()], weights, s.max_front)
    if mover == s.me:
        legal = indices_of(_legal(first[mover], trick))
        front: list[Vector] = []
        for c in legal:
            child = [
                [h if seat != mover else h & ~(1 << c) for seat, h in enumerate(world)]
                for world in hands
            ]
            front.extend(_node(s, worlds, child, leader, (*trick, c), won, depth - 1))
        return _pareto(front, [s.weights[w] for w in worlds], s.max_front)
    return _others(s, worlds, hands, (leader, trick, won, depth))


def _others(
    s: _Search, worlds: list[int], hands: list[list[int]], at: tuple[int, tuple[int, ...], int, int]
) -> list[Vector]:
    """Another seat's node: each world plays its double-dummy best cards (partner for us,
    an opponent against us), the children's fronts combined world by world. ``at`` is the
    leader, the trick, our side's tricks since the root and the depth, as for ``_node``."""
    leader, trick, won, depth = at
    mover = (leader + len(trick)) % 4
    choices: list[int] = []
    need: list[int] = []
    groups: list[list[int]] = []
    for i, world in enumerate(hands):
        lows = _lowest_of_groups(indices_of(_legal(world[mover], trick)), world, mover, trick)
        groups.append(lows)
        choices.append(lows[0])
        if len(lows) > 1:
            need.append(i)
    if need:
        solved = _solve(s, [hands[i] for i in need], leader, trick)
        for i, res in zip(need, solved, strict=True):
            top = max(res.values())
            choices[i] = min((c for c in groups[i] if res.get(c, -1) == top), key=_low)
    by_card: dict[int, list[int]] = {}
    for i, c in enumerate(choices):
        by_card.setdefault(c, []).append(i)
    friend = (mover & 1) == (s.me & 1)
    weights = [s.weights[w] for w in worlds]
    inf = float("inf")
    start = -inf if friend else inf
    front: list[list[float]] = [[start] * len(worlds)]
    for c, idx in sorted(by_card.items()):
        child_hands = [
            [h if seat != mover else h & ~(1 << c) for seat, h in enumerate(hands[i])] for i in idx
        ]
        child = _node(s, [worlds[i] for i in idx], child_hands, leader, (*trick, c), won, depth)
        combined: list[Vector] = []
        for f in front:
            for g in child:
                h = list(f)
                for j, i in enumerate(idx):
                    h[i] = max(h[i], g[j]) if friend else min(h[i], g[j])
                combined.append(tuple(h))
        front = [list(v) for v in _pareto(combined, weights, s.max_front)]
    return [tuple(v) for v in front]


def values(
    worlds: Sequence[tuple[Sequence[int], float]],
    me: int,
    trump: str,
    leader: int,
    trick: Sequence[str],
    legal: Sequence[str],
    utility: Sequence[float],
    depth: int = 2,
    max_front: int = 8,
) -> tuple[dict[str, float], int]:
    """Each legal card's value by αμ over ``worlds`` ((four hands as card masks, without the
    cards in ``trick``; weight)): the best weighted mean of a vector in its front. ``utility[k]``
    is the value of our side taking k tricks from now. Returns the values and the number of
    boards solved."""
    total = sum(w for _, w in worlds) or 1.0
    s = _Search(me, trump, [w / total for _, w in worlds], utility, max_front)
    hands = [list(h) for h, _ in worlds]
    ids = list(range(len(worlds)))
    played = tuple(CARD_INDEX[c] for c in trick)
    # Each card's double-dummy mean (depth 1) bounds its αμ value from above: a card whose
    # bound is below the best αμ value found is not searched (its value is the bound).
    roots = _solve(s, hands, leader, played)
    out = {
        name: sum(
            w * s.utility[res[CARD_INDEX[name]]] for w, res in zip(s.weights, roots, strict=True)
        )
        for name in legal
    }
    if depth <= 1:
        return out, s.solves
    best = -float("inf")
    for name in sorted(legal, key=lambda n: -out[n]):
        if out[name] < best - 1e-9:
            break
        c = CARD_INDEX[name]
        child = [
            [h if seat != me else h & ~(1 << c) for seat, h in enumerate(world)] for world in hands
        ]
        front = _node(s, ids, child, leader, (*played, c), 0, depth - 1)
        out[name] = max(sum(x * w for x, w in zip(v, s.weights, strict=True)) for v in front)
        best = max(best, out[name])
    return out, s.solves
