"""Calls valued from sampled double-dummy tables (hard and expert, ``SearchConfig.dd_calls``
for Tarneeb and ``dd_bids41`` for 41 / 400, both off by default: not measured better).

``SearchPlayer`` draws deals of the 39 unseen cards weighted by the auction
(``sampling.weighted_deals``); here a few of them are solved for the strains that matter and
every seat leading (DDS ``CalcAllTables`` through ``dds.dd_tables``: one table per deal, in
batches on DDS's threads), the linear model's estimates on all the samples are corrected by
its error on those (:func:`blend`), and every legal call is valued by its expected points for
our side minus theirs (``score_hand`` of the rules in play), with a short look-ahead over the
same samples:

* a **bid** at level L: we declare L (this seat leads; with suit bidding in the named
  strain, else in the strain that is best on average, which is what the declarer will name),
  unless an opponent outbids us at L + 1: each opponent still in the auction does so with
  the chance the auction model gives a hand like the one the sample deals it
  (:func:`bid_chance`, the logit of the model that weights the samples); then we defend their
  contract or compete one level higher, whichever is better on average. The look-ahead can
  only lower a bid's value (a bid is not made to push the opponents higher);
* **pass**: the contract in force stands (partner's, or the opponents'), unless partner (when
  the opponents hold it) or an opponent (when partner holds it) bids over it with that same
  chance; with nobody having bid, the others open with it, else the hand is thrown in (0) or,
  with ``all_pass = dealer_7``, the dealer is forced to 7 (partner's 7 or theirs);
* the look-ahead only ever lowers a call's value below the value of the contract it leaves
  standing (for a pass with nobody having bid: the value of everyone passing): it counts
  what the others' bids can cost us, never what they might give away (the others' chances
  come from a soft likelihood, not from how they really bid);
* the declarer's tricks are lowered by ``own_discount`` (ours) or ``opp_discount`` (theirs) as
  a chance of one trick fewer: double-dummy counts assume perfect play.

Solved tables are kept in a small cache keyed by the deal, and the deals are drawn from a pool
seeded by the seat's cards only (the weights still follow the calls), so the seat's later
calls and its trump reuse the tables solved for its first call.

41 / 400 (:func:`bid41_chances`): the same sampling for a seat's own bid, hearts trump: its
side's double-dummy tricks (``dealer + 1`` leads) shared between the two partners in
proportion to their own-trick estimates give the chance of taking at least each bid, which
``game41.choose_bid`` values by the rules' ``bid_value`` for this seat's score.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tarneeb_desktop.ai import dds
from tarneeb_desktop.ai.bidding_model import TrickModel, trick_distribution
from tarneeb_desktop.rules import View, score_hand
from tarneeb_desktop.rules.cards import parse_bid

STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
# How sharply an opponent's or partner's future bid follows its hand (as sampling.CALL_TAU).
CALL_TAU = 0.9
CACHE_SIZE = 4096

Table = dict[str, list[int]]  # strain letter -> tricks of the side of the seat leading
Sample = tuple[list[int], float]  # four 13-card masks, weight
# (table, weight, the four hands, exact): exact tables are double-dummy, the others hold the
# linear model's estimates (floats) and are spread by its error.
SolvedSample = tuple[dict[str, list[float]], float, list[int], bool]

_cache: OrderedDict[tuple[int, ...], Table] = OrderedDict()
_cache_lock = threading.Lock()


def _cached(key: tuple[int, ...], strains: Sequence[str]) -> Table | None:
    with _cache_lock:
        t = _cache.get(key)
        if t is None or any(s not in t for s in strains):
            return None
        _cache.move_to_end(key)
        return t


def _store(key: tuple[int, ...], table: Table) -> None:
    with _cache_lock:
        old = _cache.get(key)
        if old is not None:
            table = {**old, **table}
        _cache[key] = table
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    """Forget every solved table (tests)."""
    with _cache_lock:
        _cache.clear()


def solve_tables(
    deals: Sequence[Sample],
    strains: Sequence[str],
    budget_s: float | None,
    clock: Callable[[], float],
    batch: int = 2,
    leader: int | None = None,
) -> list[SolvedSample]:
    """Tables of the deals (cached ones first, free), solving batches of ``batch`` deals
    until ``budget_s`` (None: all of them) would be overrun. Returns (table, weight, hands,
    True) for every deal solved or found in the cache. With ``leader``, only that seat
    leading is solved (one best card per strain, ``dds.dd_tricks_leading_many``): the
    table's other seats then hold -1."""
    start = clock()
    out: list[SolvedSample] = []
    todo: list[Sample] = []
    tag = () if leader is None else (-1 - leader,)
    for hands, w in deals:
        t = _cached((*hands, *tag), strains)
        if t is not None:
            out.append((t, w, hands, True))
        else:
            todo.append((hands, w))
    last = 0.0
    i = 0
    while i < len(todo):
        if budget_s is not None and out:
            if clock() - start + last > budget_s:
                break
        chunk = todo[i : i + batch]
        i += len(chunk)
        t0 = clock()
        try:
            if leader is None:
                tables = dds.dd_tables([h for h, _ in chunk], strains)
            else:
                tables = _leading_tables([h for h, _ in chunk], strains, leader)
        except (dds.DDSError, ValueError):
            break
        last = clock() - t0
        for (hands, w), table in zip(chunk, tables, strict=True):
            _store((*hands, *tag), table)
            out.append((table, w, hands, True))
    return out


def _leading_tables(deals: list[list[int]], strains: Sequence[str], leader: int) -> list[Table]:
    from tarneeb_desktop.rules.cards import cards_of

    boards = [([cards_of(h) for h in hands], st, leader) for hands in deals for st in strains]
    tricks = dds.dd_tricks_leading_many(boards)
    out: list[Table] = []
    i = 0
    for _ in deals:
        table: Table = {}
        for st in strains:
            row = [-1, -1, -1, -1]
            row[leader] = tricks[i]
            i += 1
            table[st] = row
        out.append(table)
    return out


# ------------------------------------------------------------------ Tarneeb calls


def bid_chance(have: float, level: int, support: float, shift: float = 0.0) -> float:
    """The chance that a seat whose own hand is worth ``have`` partnership tricks (the
    model's ``solo`` estimate, best strain) bids ``level`` (the auction model's logit, with
    ``support`` when raising partner; ``shift`` tricks more needed)."""
    x = (have + support - level + 0.5 - shift) / CALL_TAU
    return 1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0


@dataclass
class CallContext:
    """What the valuation needs about the auction so far."""

    seat: int
    high_level: int
    high_strain: int | None
    high_seat: int
    active: tuple[bool, bool, bool, bool]
    top_level: int


def auction_context(view: View) -> CallContext:
    sb = view.rules.suit_bidding
    high_level, high_strain, high_seat = 0, None, -1
    active = [True, True, True, True]
    for s, call in view.calls:
        if call in ("double", "no_double"):
            continue
        if call == "pass":
            if view.rules.auction == "raise":
                active[s] = False
            continue
        try:
            high_level, high_strain = parse_bid(call, sb)
            high_seat = s
        except Exception:
            continue
    if view.rules.auction == "once":
        called = {s for s, _ in view.calls}
        active = [s not in called for s in range(4)]
    return CallContext(view.seat, high_level, high_strain, high_seat, tuple(active), 13)


class TableValues:
    """Expected points (us minus them) of contracts over the samples: solved ones (exact
    tricks) and model ones (the linear model's estimate, a normal spread of ``sigma``)."""

    def __init__(
        self,
        view: View,
        samples: list[SolvedSample],
        strains: list[int],
        own_discount: float,
        opp_discount: float,
        sigma: tuple[float, float] = (1.04, 1.27),
    ) -> None:
        self.view = view
        self.rules = view.rules
        self.samples = samples
        self.strains = strains
        self.own_d = own_discount
        self.opp_d = opp_discount
        self.sigma = sigma
        self._diff: dict[tuple[int, int], float] = {}
        self._smooth: dict[tuple[int, int, int], float] = {}
        self._st: dict[tuple[int, int | None, int], int] = {}
        # The fewest tricks a declarer took in a strain over the solved samples: tricks up to
        # there are taken on every layout (no guess left for real play), so only the tricks
        # above it are discounted.
        self._kmin: dict[tuple[int, int], int] = {}
        for table, _, _, _ in samples:
            for st in strains:
                row = table.get(STRAIN_LETTERS[st])
                if row is None:
                    continue
                for dec in range(4):
                    k = row[dec]
                    if isinstance(k, int):
                        key = (st, dec)
                        self._kmin[key] = min(self._kmin.get(key, 13), k)

    def diff(self, level: int, tricks: int) -> float:
        """Declarer's points minus the defenders' at ``level`` with ``tricks`` taken."""
        key = (level, tricks)
        v = self._diff.get(key)
        if v is None:
            dec, dfn = score_hand(self.rules, level, max(0, min(13, tricks)), False)
            v = self._diff[key] = float(dec - dfn)
        return v

    def smooth(self, level: int, mean: float, nt: bool) -> float:
        """Expected ``diff`` when the tricks are normal around ``mean`` (the model's spread)."""
        key = (level, int(round(mean * 20)), int(nt))
        v = self._smooth.get(key)
        if v is None:
            dist = trick_distribution(key[1] / 20, self.sigma[1 if nt else 0])
            v = sum(p * self.diff(level, k) for k, p in enumerate(dist) if p > 1e-9)
            self._smooth[key] = v
        return v

    def sample_value(self, sample: SolvedSample, level: int, strain: int, declarer: int) -> float:
        """One sample's points for ``declarer``'s side minus the other's, declarer leading."""
        k = sample[0][STRAIN_LETTERS[strain]][declarer]
        d = self.own_d if (declarer & 1) == (self.view.seat & 1) else self.opp_d
        if isinstance(k, float):  # the model's estimate (a solved count is an int)
            return self.smooth(level, k - d, strain == 4)
        ki = int(k)
        v = self.diff(level, ki)
        if d > 0 and ki > self._kmin.get((strain, declarer), 0):
            v = (1 - d) * v + d * self.diff(level, ki - 1)
        return v

    def strain_for(self, level: int, strain: int | None, declarer: int) -> int:
        """The named strain, or without suit bidding the one best on (weighted) average."""
        if strain is not None:
            return strain
        key = (level, strain, declarer)
        if key in self._st:
            return self._st[key]
        best, best_v = self.strains[0], -1e9
        for st in self.strains:
            v = sum(s[1] * self.sample_value(s, level, st, declarer) for s in self.samples)
            if v > best_v:
                best, best_v = st, v
        self._st[key] = best
        return best

    def per_sample(self, level: int, strain: int | None, declarer: int) -> list[float]:
        """Per sample: our points minus theirs when ``declarer`` plays ``level``."""
        st = self.strain_for(level, strain, declarer)
        ours = (declarer & 1) == (self.view.seat & 1)
        vals = [self.sample_value(s, level, st, declarer) for s in self.samples]
        return vals if ours else [-v for v in vals]

    def their_declarer(self, ctx: CallContext, prefer: int | None = None) -> int:
        if prefer is not None and (prefer & 1) != (ctx.seat & 1):
            return prefer
        return (ctx.seat + 1) % 4

    def mean(self, vals: list[float], weights: list[float] | None = None) -> float:
        if weights is None:
            weights = [s[1] for s in self.samples]
        tot = sum(weights)
        if tot <= 0:
            return 0.0
        return sum(v * w for v, w in zip(vals, weights, strict=True)) / tot


def model_bias(
    model: TrickModel, solved: Sequence[SolvedSample], strains: Sequence[int], shrink: float
) -> dict[tuple[int, int], float]:
    """The linear model's mean error on the solved deals, per strain and side (0: the
    seat's with even number), shrunk towards 0 by ``shrink`` pseudo-deals."""
    bias: dict[tuple[int, int], float] = {}
    n = len(solved)
    for st in strains:
        letter = STRAIN_LETTERS[st]
        for side in (0, 1):
            err = tot = 0.0
            for table, w, hands, _ in solved:
                if letter not in table:
                    continue
                for lead in (side, side + 2):
                    est = model.joint(hands[lead], hands[(lead + 2) % 4], st)
                    err += w * (table[letter][lead] - est)
                    tot += w
            if tot > 0:
                bias[(st, side)] = (err / tot) * n / (n + shrink)
    return bias


def model_table(
    model: TrickModel,
    hands: Sequence[int],
    strains: Sequence[int],
    bias: dict[tuple[int, int], float],
    base: dict[str, list[float]] | None = None,
) -> dict[str, list[float]]:
    """Each seat's side's tricks when it leads, per strain, from the linear model (floats)
    corrected by ``bias``; strains already in ``base`` (solved counts) are kept."""
    table: dict[str, list[float]] = dict(base) if base else {}
    todo = [st for st in strains if STRAIN_LETTERS[st] not in table]
    if not todo:
        return table
    per_lead = [model.joint_all(hands[lead], hands[(lead + 2) % 4], todo) for lead in range(4)]
    for i, st in enumerate(todo):
        table[STRAIN_LETTERS[st]] = [
            float(per_lead[lead][i] + bias.get((st, lead & 1), 0.0)) for lead in range(4)
        ]
    return table


def strains_to_solve(
    model: TrickModel, seat: int, deals: Sequence[Sample], strains: list[int]
) -> tuple[tuple[str, ...], list[int], float]:
    """The strains worth solving (letters): our best on the linear model's average (and the
    next when it is within a trick), and the opponents' best (and the next within half a
    trick); then our chosen strains and our best average (over the first 40 deals)."""
    us = [0.0] * len(strains)
    them = [0.0] * len(strains)
    head = deals[:40]
    for hands, w in head:
        o1, o2 = hands[(seat + 1) % 4], hands[(seat + 3) % 4]
        mine = model.joint_all(hands[seat], hands[(seat + 2) % 4], strains)
        t1, t2 = model.joint_all(o1, o2, strains), model.joint_all(o2, o1, strains)
        for i in range(len(strains)):
            us[i] += w * mine[i]
            them[i] += w * max(t1[i], t2[i])
    total = sum(w for _, w in head) or 1.0
    pick: set[int] = set()
    ours: list[int] = []
    for vals, slack in ((us, 1.0), (them, 0.5)):
        order = sorted(range(len(strains)), key=lambda i: -vals[i])
        chosen = [strains[order[0]]]
        if len(order) > 1 and vals[order[0]] - vals[order[1]] <= slack * total:
            chosen.append(strains[order[1]])
        pick.update(chosen)
        if not ours:
            ours = chosen
    return tuple(STRAIN_LETTERS[st] for st in sorted(pick)), ours, max(us) / total


def blend(
    model: TrickModel,
    deals: Sequence[Sample],
    solved: list[SolvedSample],
    strains: list[int],
    shrink: float,
    prior: float,
    only_solved: bool = False,
) -> list[SolvedSample]:
    """The samples a call is valued on: every deal with the linear model's estimates
    corrected by its error on the solved deals (:func:`model_bias`), and the solved deals
    (their strains not solved filled in the same way), which count for ``n / (n + prior)``
    of the total weight; with ``only_solved``, the solved deals alone."""
    bias = model_bias(model, solved, strains, shrink)
    exact = [(model_table(model, h, strains, bias, base=t), w, h, True) for t, w, h, _ in solved]
    if only_solved and exact:
        return exact
    out: list[SolvedSample] = [
        (model_table(model, h, strains, bias), w, h, False) for h, w in deals
    ]
    if exact:
        n = len(exact)
        share = n / (n + prior)
        tot_model = sum(w for _, w in deals) or 1.0
        tot_dd = sum(x[1] for x in exact) or 1.0
        scale = share / (1.0 - share) * tot_model / tot_dd
        out += [(t, w * scale, h, True) for t, w, h, _ in exact]
    return out


def call_values(
    view: View,
    samples: list[SolvedSample],
    model: TrickModel,
    own_discount: float = 0.25,
    opp_discount: float = 0.5,
    shift: float = 0.0,
) -> dict[str, float]:
    """Expected points (us minus them) of every legal call: pass and the cheapest bid per
    strain (made contracts score the tricks taken, so a higher bid only adds risk), plus 13.
    ``samples`` are solved and model samples (:data:`SolvedSample`)."""
    sb = view.rules.suit_bidding
    allow_nt = sb or view.rules.no_trump_allowed
    strains = list(range(5 if allow_nt else 4))
    tv = TableValues(
        view, samples, strains, own_discount, opp_discount, (model.sigma(0), model.sigma(4))
    )
    ctx = auction_context(view)
    me = ctx.seat
    partner = (me + 2) % 4
    opps = ((me + 1) % 4, (me + 3) % 4)
    weights = [smp[1] for smp in samples]
    haves: dict[int, list[float]] = {}

    def have(seat: int) -> list[float]:
        if seat not in haves:
            haves[seat] = [max(model.solo_all(x[2][seat], strains)) for x in samples]
        return haves[seat]

    def chance_any(seats: Sequence[int], level: int, support: float) -> list[float]:
        """Per sample: the chance that at least one of ``seats`` (still active) bids."""
        q = [1.0] * len(samples)
        for s in seats:
            if ctx.active[s] and s != me:
                for i, h in enumerate(have(s)):
                    q[i] *= 1.0 - bid_chance(h, level, support, shift)
        return [1.0 - x for x in q]

    def after_outbid(level: int, p: list[float]) -> list[float]:
        """Per sample, our value once the opponents bid ``level``: defend, or compete one
        level higher when that is better on average (over the samples where they outbid)."""
        theirs = tv.per_sample(level, None, tv.their_declarer(ctx))
        if level + 1 > 13:
            return theirs
        ours = tv.per_sample(level + 1, None, me)
        w = [a * b for a, b in zip(weights, p, strict=True)]
        if tv.mean(ours, w) > tv.mean(theirs, w):
            return ours
        return theirs

    def mix(stay: list[float], p: list[float], other: list[float]) -> float:
        vals = [(1 - q) * a + q * b for a, q, b in zip(stay, p, other, strict=True)]
        return tv.mean(vals)

    values: dict[str, float] = {}
    # Pass.
    if "pass" in view.legal:
        if ctx.high_seat < 0:
            # Nobody has bid: the others may open; else thrown in or the dealer forced to 7.
            p_opp = chance_any(opps, 7, 0.0)
            p_par = chance_any((partner,), 7, 0.0)
            theirs7 = tv.per_sample(7, None, tv.their_declarer(ctx))
            ours7 = tv.per_sample(7, None, partner)
            if view.rules.all_pass == "dealer_7" and view.dealer != me:
                none = (
                    ours7 if (view.dealer & 1) == (me & 1) else tv.per_sample(7, None, view.dealer)
                )
            else:
                none = [0.0] * len(samples)
            vals = []
            for i in range(len(samples)):
                po, pp = p_opp[i], p_par[i]
                vals.append(po * theirs7[i] + (1 - po) * (pp * ours7[i] + (1 - pp) * none[i]))
            values["pass"] = min(tv.mean(none), tv.mean(vals))
        elif (ctx.high_seat & 1) == (me & 1):
            stay = tv.per_sample(ctx.high_level, ctx.high_strain, ctx.high_seat)
            values["pass"] = tv.mean(stay)
            nxt = ctx.high_level + 1
            if nxt <= 13:
                p = chance_any(opps, nxt, 0.0)
                values["pass"] = min(values["pass"], mix(stay, p, after_outbid(nxt, p)))
        else:
            decl = ctx.high_seat
            stay = tv.per_sample(ctx.high_level, ctx.high_strain, decl)
            values["pass"] = tv.mean(stay)
            nxt = ctx.high_level + 1
            if nxt <= 13 and ctx.active[partner]:
                p = chance_any((partner,), nxt, 0.0)
                mixed = mix(stay, p, tv.per_sample(nxt, None, partner))
                values["pass"] = min(values["pass"], mixed)
    # Bids: the cheapest per strain, and 13.
    seen: set[int | None] = set()
    raising = ctx.high_seat >= 0 and (ctx.high_seat & 1) == (me & 1)
    for bid in view.legal:
        if bid == "pass":
            continue
        level, strain = parse_bid(bid, sb)
        if strain in seen and level != 13:
            continue
        seen.add(strain)
        stay = tv.per_sample(level, strain, me)
        values[bid] = tv.mean(stay)
        if level < 13:
            # Being outbid can only cost a bid here: a bid is never made to push the
            # opponents higher (partner would read it as strength, and they need not bid).
            p = chance_any(opps, level + 1, 1.5 if raising else 0.0)
            values[bid] = min(values[bid], mix(stay, p, after_outbid(level + 1, p)))
    return values


def trump_values(
    view: View, samples: list[SolvedSample], level: int, strains: list[int]
) -> dict[int, float]:
    """Expected points of naming each strain as declarer of ``level`` (this seat leads)."""
    tv = TableValues(view, samples, strains, 0.0, 0.0)
    return {st: tv.mean(tv.per_sample(level, st, view.seat)) for st in strains}


# ------------------------------------------------------------------ 41 / 400


def share_tricks(side_tricks: int, mine: float, partner: float) -> list[float]:
    """P(this seat takes k of its side's ``side_tricks``), k = 0..side_tricks: binomial with
    this seat's share of the two partners' own-trick estimates."""
    tot = mine + partner
    p = 0.5 if tot <= 0 else min(0.97, max(0.03, mine / tot))
    n = side_tricks
    out = [0.0] * (n + 1)
    # Binomial coefficients by recurrence.
    c = 1.0
    for k in range(n + 1):
        out[k] = c * p**k * (1 - p) ** (n - k)
        c = c * (n - k) / (k + 1)
    return out


def bid41_chances(view: View, samples: list[SolvedSample]) -> dict[int, float]:
    """41: P(this seat takes at least b tricks itself) for b = 0..13 over solved samples
    (hearts trump, ``dealer + 1`` leading the first trick)."""
    from tarneeb_desktop.ai import game41

    me = view.seat
    partner = (me + 2) % 4
    leader = (view.dealer + 1) % 4
    dist = [0.0] * 14
    total = 0.0
    for table, w, hands, _ in samples:
        k = int(table["H"][leader])
        side = k if (leader & 1) == (me & 1) else 13 - k
        share = share_tricks(side, game41.own_tricks(hands[me]), game41.own_tricks(hands[partner]))
        for t, p in enumerate(share):
            dist[t] += w * p
        total += w
    if total <= 0:
        return {}
    at_least = [0.0] * 15
    for t in range(13, -1, -1):
        at_least[t] = at_least[t + 1] + dist[t] / total
    return {b: min(1.0, at_least[b]) for b in range(14)}
