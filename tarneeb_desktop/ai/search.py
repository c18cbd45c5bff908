"""The hard and expert computer players: sampled deals solved double-dummy.

(Over 600 lines as one module: the card search, its stopping rule and the calls share the
level's config, its sampling and its valuation; issue 35 took it from 910 lines to this.)

Card play (both levels): draw deals of the unseen cards consistent with the view
(``sampling.py``: own hand, cards played, voids shown, hand sizes, weighted by the
auction), solve each with DDS in batches (``dds.solve_many``), and play the card with
the best average *score* for this seat's team: each sample's trick count is turned
into the hand's points with ``score_hand`` (tricks already won included), so making
or breaking the contract counts, not just raw tricks; with ``equity_cards`` (on in both
levels) those points are read as the change in the chance to win the game from the score
(``equity.py``), so near the target a sure game beats more tricks that may go down.
Sampling is anytime: batches are solved until the time budget or the sample cap is reached,
so the expensive first tricks get fewer samples and endings many. Both levels also stop as
soon as the choice is clear (``stop_early``): after each batch, once a few deals are solved,
the search ends when the best card leads every other by more than the noise of the paired
difference of their weighted means (cards equal in every deal are one choice), and a choice
among cards the view shows to be equivalent solves nothing. (The benches' and tests' switches,
such as ``stop_early=False`` that solves every deal up to the budget or the cap, are
``search_experiments.Experiment``'s; every level plays its defaults.)

Expert adds: more samples and a longer budget, and candidate deals weighted also by
how likely the others' follows were under a simple model of play (follow low, or win
cheaply), so that layouts in which partner or an opponent would have played oddly
count less; and in the last 8 cards, αμ (``alphamu.py``) instead of the average of the
deals' double-dummy values: its next card chosen as one for the deals it cannot tell apart.

Calls and trump: the bidding model (``bidding_model.py``) estimates our partnership's
tricks per strain on sampled partner hands (weighted by the calls made), and each call is
valued by its expected points against the value of passing; near 13 tricks, deals solved
double-dummy decide. In Tarneeb both levels read those points as the game's
(``equity_calls``): a contract's outcomes are valued by the change in the chance to win the
game from the score (``equity.py``'s shipped tables, in points by ``equity.points_scale``),
so near the target they bid to win the game and outbid opponents who are about to win it.
The samples' weights read the others' bids and passes by how the levels themselves call
(``fitted_calls``: ``sampling.CallFit``, fitted by ``tools/fit_calls.py``) rather than by a
hand-set rule.

41 / 400 (``game = "41"``, see ``game41.py``): the same card search, each sample's side
tricks turned into both partners' score change minus the opponents' (the four bids are in
the view; the samples are weighted by them, ``sampling.Auction41Model``); bids as medium
(``game41.choose_bid``).

Valuations tried and measured no better (calls and 41's bids from sampled double-dummy
tables, a pessimistic blend of the card values, 41 played and bid for the game, 41's bids
read by a fit) are described, with their results, in docs/ai-search.md; their code is in
the project's history.

A player is given only views; it never sees the real game's state.

Over 600 lines: the card search with its stopping rule and the valuation of the calls, trump
and double side by side: they share the samples, the configuration and the player's state.
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tarneeb_desktop.ai import alphamu, dds, equity, game41
from tarneeb_desktop.ai.bidding_model import TrickModel, load_model, trick_distribution
from tarneeb_desktop.ai.knowledge import analyse
from tarneeb_desktop.ai.sampling import weighted_deals
from tarneeb_desktop.ai.search_experiments import LEVEL_EXPERIMENTS, Experiment, experiment_of
from tarneeb_desktop.rules import View, score_hand
from tarneeb_desktop.rules.cards import CARD_INDEX, NT, STRAINS, cards_of, parse_bid

# Above this many expected tricks a strain's chances of all 13 are checked double-dummy
# on this many sampled deals (a full-deal solve for one best card: about 20 ms).
HIGH_ESTIMATE = 11.0
EXACT_SAMPLES = 12

# Double-dummy counts assume perfect play. Real declarers fall short of them, and the more so
# against good defence, so the bidding estimates are lowered (tricks). The opponents'
# estimate is also the best of several strains, which biases it upward. A bid must beat
# passing by BID_MARGIN points. (Other values measured no better: docs/ai-search.md,
# "Measuring bidding alone".)
OWN_DISCOUNT = 0.25
OPP_DISCOUNT = 1.0
BID_MARGIN = 1.0


@dataclass(frozen=True)
class SearchConfig:
    """Knobs of a search level; the defaults are the hard level's. ``budget_s`` None means:
    no clock, exactly ``max_samples``."""

    budget_s: float | None = 0.35
    max_samples: int = 40
    min_samples: int = 2
    candidates_per_sample: int = 3
    use_play_inference: bool = False
    bid_samples: int = 160
    # Sequential stopping of the card search (issue 39): after each batch, once
    # ``stop_min_samples`` deals are solved, stop when the card of best weighted mean leads
    # every other card by more than ``stop_z`` standard errors of the weighted mean of the
    # paired difference over the deals solved so far (cards equal in every deal count as
    # one), less ``stop_margin`` (points, or the game's chance in points): a rival that can
    # only be better by less than that no longer holds the search. A choice among cards
    # that the view shows to be equivalent solves nothing (docs/ai-search.md, "Stopping when
    # the choice is clear"; the benches turn it off with ``Experiment.stop_early``).
    stop_z: float = 2.0
    stop_min_samples: int = 10
    stop_margin: float = 0.1
    # αμ search (issue 49, ``alphamu.py``): with at most ``alphamu_cards`` cards in the hand
    # (0: never), the card is chosen by αμ over ``alphamu_worlds`` deals drawn and weighted
    # as for the sampling search, the player's next card chosen as one for all deals it
    # cannot tell apart (``Experiment.alphamu_depth``), fronts of at most 8 vectors
    # (docs/ai-search.md, "αμ in the last tricks").
    alphamu_cards: int = 0
    alphamu_worlds: int = 24


LEVEL_CONFIGS = {
    # The stopping rule's parameters per level, chosen on bench/agreement.py's 1,050 kept
    # positions (``--tune`` over the full runs' traces, then the bench itself): hard picks
    # the full search's card in 98.38 % of them, losing 0.015 tricks where it differs;
    # expert 99.24 % and 0.008 (docs/ai-search.md, "Stopping when the choice is clear").
    "hard": SearchConfig(stop_z=2.5, stop_min_samples=12, stop_margin=0.2),
    "expert": SearchConfig(
        stop_min_samples=20,
        stop_margin=0.05,
        budget_s=1.1,
        max_samples=100,
        # Every drawn deal is solved and counted with its weight (no resampling): with
        # sharp weights, resampling from a larger pool made the choice noisier.
        candidates_per_sample=1,
        use_play_inference=True,
        # The last 8 cards by αμ over 80 weighted deals, the player's next card chosen as
        # one for the deals it cannot tell apart (issue 49; docs/ai-search.md, "αμ in the
        # last tricks").
        alphamu_cards=8,
        alphamu_worlds=80,
    ),
}


def _changed(cfg: Any, key: str, value: str) -> Any:
    """``cfg`` (a ``SearchConfig`` or an ``Experiment``) with field ``key`` read from text:
    ``none`` for no value, ``true``/``false`` for a flag."""
    import dataclasses

    old = getattr(cfg, key)
    new: Any
    if value.lower() == "none":
        new = None
    elif isinstance(old, bool):
        new = value.lower() in ("1", "true", "yes")
    elif old is None or isinstance(old, float):
        new = float(value)
    else:
        new = type(old)(value)
    return dataclasses.replace(cfg, **{key: new})


def _is_experiment(key: str) -> bool:
    return key in Experiment.__dataclass_fields__


def configure_levels(items: list[str]) -> None:
    """Apply ``LEVEL.FIELD=VALUE`` changes (the benches' and tools' ``--set``) to
    :data:`LEVEL_CONFIGS`, or for a field of ``Experiment`` to
    ``search_experiments.LEVEL_EXPERIMENTS`` (values as ``_changed`` reads them)."""
    for item in items:
        name, _, value = item.partition("=")
        level, _, key = name.partition(".")
        if _is_experiment(key):
            LEVEL_EXPERIMENTS[level] = _changed(experiment_of(level), key, value)
        else:
            LEVEL_CONFIGS[level] = _changed(LEVEL_CONFIGS[level], key, value)


def level_config(spec: str) -> tuple[str, SearchConfig, Experiment]:
    """The benches' team ``LEVEL:FIELD=VALUE,...`` (e.g. ``hard:equity_cards=false``): the
    level, its config and its ``Experiment`` with those fields changed."""
    level, _, rest = spec.partition(":")
    cfg = LEVEL_CONFIGS[level]
    exp = experiment_of(level)
    for part in rest.split(",") if rest else []:
        key, _, value = part.partition("=")
        if _is_experiment(key):
            exp = _changed(exp, key, value)
        else:
            cfg = _changed(cfg, key, value)
    return level, cfg, exp


@dataclass
class DecisionStats:
    """What the last decision did (for tests and benchmarks)."""

    phase: str = ""
    samples: int = 0
    batches: int = 0
    values: dict[str, float] = field(default_factory=dict)
    # Card play: the search stopped before its cap (a clear lead, or a near-forced card);
    # each solved deal's weight and the legal cards' utilities (in legal order); each card's
    # weighted mean of the tricks our side takes from now.
    stopped: bool = False
    rows: list[tuple[float, tuple[float, ...]]] = field(default_factory=list)
    tricks: dict[str, float] = field(default_factory=dict)
    # αμ: the boards solved double-dummy (every node of every deal).
    boards: int = 0


class SearchPlayer:
    """A sampling + double-dummy player (levels ``hard`` and ``expert``)."""

    def __init__(
        self,
        level: str = "hard",
        seed: int | None = None,
        config: SearchConfig | None = None,
        clock: Callable[[], float] = time.perf_counter,
        experiment: Experiment | None = None,
    ) -> None:
        if config is None:
            config = LEVEL_CONFIGS[level]
        self.name = level
        self.config = config
        # The benches' and tests' switches (search_experiments.py); the levels' defaults.
        self.experiment = experiment_of(level) if experiment is None else experiment
        self.rng = random.Random(seed)
        self.clock = clock
        self.model: TrickModel = load_model()
        self.stats = DecisionStats()
        self._last_deals: list[tuple[list[int], float]] = []
        self._equity_key: object = None
        self._equity_f: Callable[..., float] | None = None

    # ------------------------------------------------------------ entry point

    def choose(self, view: View) -> str:
        legal = list(view.legal)
        self.stats = DecisionStats(phase=view.phase)
        if len(legal) <= 1:
            return legal[0] if legal else ""
        if view.phase == "play":
            if not dds.available():
                return _fallback_card(view)
            return self._choose_card(view)
        if view.phase == "auction":
            if game41.is41(view):
                return game41.choose_bid(view)  # medium's bid
            return self._choose_call(view)
        if view.phase == "trump":
            return self._choose_trump(view)
        if view.phase == "double":
            return self._choose_double(view)
        if view.phase == "redeal":
            # A weak hand (no ace, no guarded honour) is worse than a fresh one.
            return "redeal" if "redeal" in legal else legal[0]
        return legal[0]

    # ------------------------------------------------------------ card play

    def _choose_card(self, view: View) -> str:
        cfg = self.config
        exp = self.experiment
        start = self.clock()
        kn = analyse(view)
        legal = list(view.legal)
        seat = view.seat
        trump = view.trump or "NT"
        remaining = 13 - len(view.tricks)
        if view.trick is not None:
            leader, trick = view.trick[0], list(view.trick[1])
        else:
            leader, trick = seat, []
        if exp.stop_early and len(_equivalence_classes(view, legal, kn.played)) == 1:
            # Near-forced: every legal card takes the same tricks in every deal (no card
            # held by another seat or on the table lies between them), so the search would
            # find them equal and play the lowest; it is played without solving anything.
            self.stats.stopped = True
            return min(legal, key=lambda c: (CARD_INDEX[c] % 13, CARD_INDEX[c] // 13))
        # Per card: the utility of our side taking k of the remaining tricks.
        utility_of = _utilities(view, legal, remaining, self._win_change(view, cards=True))
        if 0 < len(view.hand) <= cfg.alphamu_cards and not game41.is41(view):
            return self._choose_alphamu(view, kn, utility_of[legal[0]], leader, trick)
        cards_left = sum(view.hand_sizes) + len(trick)
        # Cost grows steeply with cards left: solve fewer boards per batch early on,
        # and draw only about as many deals as the budget can solve.
        batch = _batch_size(cards_left)
        want = cfg.max_samples
        if cfg.budget_s is not None:
            cost = _board_cost(cards_left)
            want = max(cfg.min_samples, min(want, int(1.5 * cfg.budget_s / cost)))
        deals = weighted_deals(
            view,
            want,
            self.rng,
            candidates=want * cfg.candidates_per_sample,
            use_play=cfg.use_play_inference,
            knowledge=kn,
            fitted_calls=exp.fitted_calls,
        )
        # Draw order is random already; weights are multiplicities.
        per_card: dict[str, list[tuple[float, float]]] = {c: [] for c in legal}
        # Per solved deal: its weight and each legal card's utility and tricks (for the
        # stopping rule, and for the benches through ``stats``).
        rows: list[tuple[float, tuple[float, ...]]] = []
        trick_rows: list[tuple[int, ...]] = []
        done = 0
        batches = 0
        per_board = 0.0  # seconds a board of this decision took in the last call
        i = 0
        while i < len(deals):
            size = _call_size(cfg, batch, done, exp.stop_early)
            if size > batch and cfg.budget_s is not None:
                # With a clock, a first call of one batch tells what a board of this
                # position costs; the rest of the minimum goes in one call as far as it
                # fits in what is left of the budget.
                room = cfg.budget_s - (self.clock() - start)
                size = batch if not done else max(batch, min(size, int(room / per_board)))
            if cfg.budget_s is not None and done >= cfg.min_samples:
                elapsed = self.clock() - start
                if elapsed + per_board * min(size, len(deals) - i) > cfg.budget_s:
                    break
            chunk = deals[i : i + size]
            i += len(chunk)
            t0 = self.clock()
            boards = [([cards_of(h) for h in hands], trump, leader, trick) for hands, _ in chunk]
            try:
                results = dds.solve_many(boards)
            except (dds.DDSError, ValueError):
                # A solver failure must not cost the game a move: keep what we have.
                break
            per_board = max(1e-6, (self.clock() - t0) / len(chunk))
            batches += 1
            for (_, w), res in zip(chunk, results, strict=True):
                done += 1
                row: list[float] = []
                for card in legal:
                    tricks = res.get(card)
                    if tricks is None:  # cannot happen for a consistent sample; be safe
                        continue
                    utility = utility_of[card]
                    row.append(utility[max(0, min(remaining, tricks))])
                    per_card[card].append((row[-1], w))
                if len(row) == len(legal):
                    rows.append((w, tuple(row)))
                    trick_rows.append(tuple(res[c] for c in legal))
            if (
                exp.stop_early
                and done >= cfg.stop_min_samples
                and i < len(deals)
                and _clear_lead(rows, cfg.stop_z, cfg.stop_margin)
            ):
                self.stats.stopped = True
                break
        self.stats.samples = done
        self.stats.batches = batches
        self.stats.rows = rows
        self.stats.tricks = _trick_means(legal, rows, trick_rows)
        values = {c: _mean(v) for c, v in per_card.items() if v}
        self.stats.values = values
        if not values:
            return _fallback_card(view)
        best = max(values.values())
        # Among equally good cards play the lowest: never waste an honour for nothing.
        good = [c for c in legal if c in values and values[c] >= best - 1e-6]
        return min(good, key=lambda c: (CARD_INDEX[c] % 13, CARD_INDEX[c] // 13))

    def _choose_alphamu(
        self, view: View, kn: Any, utility: list[float], leader: int, trick: list[str]
    ) -> str:
        """The card of best value by αμ (``alphamu.values``) over deals drawn from the view
        as for the sampling search; one card of each class the view shows equivalent."""
        cfg = self.config
        deals = weighted_deals(
            view,
            cfg.alphamu_worlds,
            self.rng,
            candidates=cfg.alphamu_worlds * cfg.candidates_per_sample,
            use_play=cfg.use_play_inference,
            knowledge=kn,
            fitted_calls=self.experiment.fitted_calls,
        )
        classes = _equivalence_classes(view, list(view.legal), kn.played)
        lowest = [min(cls, key=lambda c: CARD_INDEX[c]) for cls in classes]
        try:
            values, solved = alphamu.values(
                deals,
                view.seat,
                view.trump or "NT",
                leader,
                trick,
                lowest,
                utility,
                depth=self.experiment.alphamu_depth,
            )
        except (dds.DDSError, ValueError):
            return _fallback_card(view)
        self.stats.samples = len(deals)
        self.stats.boards = solved
        self.stats.values = values
        best = max(values.values())
        good = [c for c in lowest if values[c] >= best - 1e-6]
        return min(good, key=lambda c: (CARD_INDEX[c] % 13, CARD_INDEX[c] // 13))

    # ------------------------------------------------------------ bidding

    def _bid_samples(self, view: View) -> list[tuple[list[int], float]]:
        # Seeded by what the seat knows, not by the player's own generator: the same
        # cards and auction always get the same call (and in a duplicate match both
        # tables of a deal reach the same contract when the levels bid alike, so the
        # comparison measures the play instead of sampling noise in the auction).
        return weighted_deals(
            view,
            self.config.bid_samples,
            _view_rng(view),
            candidates=self.config.bid_samples * 2,
            fitted_calls=self.experiment.fitted_calls,
        )

    def _estimates(
        self, view: View, strains: list[int]
    ) -> tuple[list[list[float]], list[list[float]], list[float]]:
        """Per sample: our tricks per strain (we declare, this seat leads), the
        opponents' tricks per strain (their best declarer), and the sample weight."""
        seat = view.seat
        partner = (seat + 2) % 4
        deals = self._bid_samples(view)
        self._last_deals = deals
        ours: list[list[float]] = []
        theirs: list[list[float]] = []
        weights: list[float] = []
        m = self.model
        for hands, w in deals:
            ours.append([m.joint(hands[seat], hands[partner], s) - OWN_DISCOUNT for s in strains])
            o1, o2 = hands[(seat + 1) % 4], hands[(seat + 3) % 4]
            theirs.append(
                [max(m.joint(o1, o2, s), m.joint(o2, o1, s)) - OPP_DISCOUNT for s in strains]
            )
            weights.append(w)
        return ours, theirs, weights

    def _outcomes(self, view: View, level: int, ours: bool = True) -> list[float]:
        """The value for the declaring side (us when ``ours``) of it taking k = 0..13 tricks
        in a contract of ``level``: its points minus the other side's, or with
        ``equity_calls`` (Tarneeb, a table shipped for the rules) the change in its chance
        to win the game, in points (``equity.points_scale``)."""
        values: list[float] = []
        win = self._win_change(view)
        scale = 1.0 if win is None else equity.points_scale(view.rules)
        for k in range(14):
            dec, dfn = score_hand(view.rules, level, k, False)
            if win is None:
                values.append(dec - dfn)
                continue
            kaboot = 1 if k == 13 else -1 if k == 0 else 0
            if ours:
                values.append(win(dec, dfn, kaboot) / scale)
            else:
                values.append(-win(dfn, dec, -kaboot) / scale)
        return values

    def _win_change(self, view: View, cards: bool = False) -> Callable[..., float] | None:
        """``_evaluator(view)`` when Tarneeb's calls (its card play, with ``cards``) play for
        the game here, else None (always in 41 / 400)."""
        if view.rules.game == "41":
            return None
        wanted = self.experiment.equity_cards if cards else self.experiment.equity_calls
        return self._evaluator(view) if wanted else None

    def _evaluator(self, view: View) -> Callable[..., float] | None:
        """``equity.evaluator(view)``, kept while the seat, dealer and scores stay; None
        without a table for the rules."""
        key = (view.seat, view.dealer, tuple(view.scores), view.seat_scores, view.rules)
        if self._equity_key != key:
            self._equity_key = key
            self._equity_f = equity.evaluator(view) if equity.available(view.rules) else None
        return self._equity_f

    def _ev_declare(
        self,
        view: View,
        means: list[float],
        weights: list[float],
        level: int,
        strain: int,
        ours: bool = True,
    ) -> tuple[float, float]:
        """(expected value for the declaring side, us when ``ours``, by ``_outcomes``,
        chance of making) if it declares ``level``."""
        sigma = self.model.sigma(strain)
        diffs = self._outcomes(view, level, ours)
        total = ev = make = 0.0
        for mu, w in zip(means, weights, strict=True):
            dist = trick_distribution(mu, sigma)
            ev += w * sum(p * d for p, d in zip(dist, diffs, strict=True))
            make += w * sum(dist[level:])
            total += w
        if total <= 0:
            return 0.0, 0.0
        return ev / total, make / total

    def _choose_call(self, view: View) -> str:
        legal = list(view.legal)
        sb = view.rules.suit_bidding
        allow_nt = sb or view.rules.no_trump_allowed
        strains = list(range(5 if allow_nt else 4))
        ours, theirs, weights = self._estimates(view, strains)
        seat = view.seat
        high_level, high_strain, high_seat = _high_bid(view)

        def ours_in(si: int) -> list[float]:
            return [row[si] for row in ours]

        exact = self._exact_distributions(view, strains, ours, weights)

        def ev_in(level: int, i: int) -> float:
            if i in exact:
                return _ev_of_distribution(exact[i], self._outcomes(view, level))
            return self._ev_declare(view, ours_in(i), weights, level, strains[i])[0]

        def ev_we(level: int, strain_index: int | None) -> float:
            if strain_index is not None:
                return ev_in(level, strain_index)
            # Without suit bidding the declarer names trump later: take the best strain.
            return max(ev_in(level, i) for i in range(len(strains)))

        # The value of passing now.
        if high_seat < 0:
            pass_value = 0.0
        elif (high_seat & 1) == (seat & 1):
            si = None if high_strain is None else strains.index(high_strain)
            pass_value = ev_we(high_level, si)
        else:
            pass_value = -self._ev_opponents(
                view, theirs, weights, high_level, high_strain, strains
            )
        best_call, best_value = None, -1e9
        bids = [a for a in legal if a != "pass"]
        # Only the cheapest bid per strain: made contracts score the tricks taken, so
        # bidding higher only adds risk (except the 13-trick bonus, considered too).
        seen_strain: set[int | None] = set()
        for bid in bids:
            level, strain = parse_bid(bid, sb)
            if strain in seen_strain and level != 13:
                continue
            seen_strain.add(strain)
            si = None if strain is None else strains.index(strain)
            v = ev_we(level, si)
            if v > best_value:
                best_call, best_value = bid, v
        self.stats.values = {"pass": pass_value, str(best_call): best_value}
        if "pass" in legal and (best_call is None or best_value < pass_value + BID_MARGIN):
            return "pass"
        if best_call is None:
            return legal[0]
        return best_call

    def _exact_distributions(
        self,
        view: View,
        strains: list[int],
        ours: list[list[float]],
        weights: list[float],
    ) -> dict[int, list[float]]:
        """Double-dummy trick distributions for the strains where we may take (nearly)
        every trick. The linear model's normal error is too blunt there, and the jump to
        13 (26 points, or -16 when it fails) turns on exactly that last trick."""
        if "13" not in view.legal and not any(a.startswith("13") for a in view.legal):
            return {}
        total = sum(weights)
        if total <= 0 or not dds.available():
            return {}
        out: dict[int, list[float]] = {}
        for i, strain in enumerate(strains):
            mean = sum(r[i] * w for r, w in zip(ours, weights, strict=True)) / total
            if mean < HIGH_ESTIMATE:
                continue
            dist = [0.0] * 14
            mass = 0.0
            for hands, w in self._last_deals[:EXACT_SAMPLES]:
                try:
                    k = dds.dd_tricks_leading(
                        [cards_of(h) for h in hands], STRAINS[strain], view.seat
                    )
                except (dds.DDSError, ValueError):
                    return {}
                dist[k] += w
                mass += w
            if mass > 0:
                out[i] = [p / mass for p in dist]
        return out

    def _ev_opponents(
        self,
        view: View,
        theirs: list[list[float]],
        weights: list[float],
        level: int,
        strain: int | None,
        strains: list[int],
    ) -> float:
        """Expected value for the opponents (points or equity, ``_outcomes``) if they play
        ``level``."""
        if strain is not None:
            si = strains.index(strain)
            means = [r[si] for r in theirs]
            return self._ev_declare(view, means, weights, level, strain, ours=False)[0]
        # They pick their best strain knowing their cards: per sample best.
        best_means = [max(r) for r in theirs]
        return self._ev_declare(view, best_means, weights, level, 0, ours=False)[0]

    def _choose_trump(self, view: View) -> str:
        legal = list(view.legal)
        strains = [STRAINS.index(x) for x in legal]
        ours, _, weights = self._estimates(view, strains)
        level = parse_bid(view.contract, False)[0] if view.contract else 7
        values = {}
        for i, st in enumerate(strains):
            values[legal[i]] = self._ev_declare(view, [r[i] for r in ours], weights, level, st)[0]
        self.stats.values = values
        return max(legal, key=lambda a: values[a])

    def _choose_double(self, view: View) -> str:
        if "double" not in view.legal:
            return view.legal[0]
        strain = STRAINS.index(view.trump) if view.trump else NT
        level = parse_bid(view.contract, True)[0] if view.contract else 7
        ours, _, weights = self._estimates(view, [strain])
        ev, p_make = self._ev_declare(view, [r[0] for r in ours], weights, level, strain)
        self.stats.values = {"ev": ev, "p_make": p_make}
        # Doubling scales the result both ways: only with a clear favourite.
        return "double" if ev > 1.0 and p_make >= 0.65 else "no_double"


def _utilities(
    view: View, legal: list[str], remaining: int, win: Callable[..., float] | None = None
) -> dict[str, list[float]]:
    """For each legal card, the utility for this seat's side of taking k (0..remaining) of
    the tricks left. Tarneeb: the hand's points for us minus them (the same for every
    card), or with ``win`` (``equity.evaluator``) the change in our chance to win the game
    that the hand's score makes, in points (``equity.points_scale``). 41: both partners'
    score change minus the opponents' (``game41.utilities``), the trick a card completes
    going to the seat that wins it."""
    if game41.is41(view):
        plain = game41.utilities(view, remaining)
        out = {}
        for card in legal:
            fixed = game41.trick_winner_with(view, card)
            out[card] = plain if fixed is None else game41.utilities(view, remaining, fixed)
        return out
    seat = view.seat
    team = seat & 1
    declarer = view.declarer if view.declarer is not None else seat
    dteam = declarer & 1
    level = parse_bid(view.contract, view.rules.suit_bidding)[0] if view.contract else 7
    won_mine = view.tricks_won[team]
    won_dec = view.tricks_won[dteam]
    scale = 1.0 if win is None else equity.points_scale(view.rules)
    # Points for our team minus theirs (or the game's chance), by tricks our side takes
    # from now on.
    utility = []
    value: float
    for k in range(remaining + 1):
        mine_final = won_mine + k
        dec_final = mine_final if team == dteam else won_dec + remaining - k
        dec_pts, def_pts = score_hand(view.rules, level, dec_final, view.doubled)
        if win is None:
            value = dec_pts - def_pts if team == dteam else def_pts - dec_pts
        else:
            # All 13 to one side: +1 when it is ours (kaboot_wins_game).
            kaboot = 0 if 0 < dec_final < 13 else (1 if dec_final == 13 else -1)
            if team == dteam:
                value = win(dec_pts, def_pts, kaboot) / scale
            else:
                value = win(def_pts, dec_pts, -kaboot) / scale
        # A hair of raw tricks breaks ties between cards worth the same points.
        utility.append(value + 0.01 * k)
    return dict.fromkeys(legal, utility)


def _view_rng(view: View) -> random.Random:
    """A generator seeded by the seat's cards and the calls so far (stable across runs)."""
    key = f"{view.seat}|{view.dealer}|{view.phase}|{sorted(view.hand)}|{view.calls}|{view.contract}"
    return random.Random(zlib.crc32(key.encode()))


def _ev_of_distribution(dist: list[float], values: list[float]) -> float:
    """Expected value when we take k tricks with probability ``dist[k]`` and k tricks are
    worth ``values[k]`` (``SearchPlayer._outcomes``)."""
    return sum(p * v for p, v in zip(dist, values, strict=False) if p)


def _batch_size(cards_left: int) -> int:
    """Boards per call of DDS's batch solver in a card decision. DDS shares a call's boards
    among its two threads and returns when the last is solved: two boards of the first
    trick (5 to 50 ms each) leave one thread idle while it waits for the slower. These
    batches, with the stopping rule's minimum in one call (``_call_size``), solve the same
    deals in about two thirds of the time of 2, 4, 8 and 16 (docs/ai-search.md, "Wide
    batches")."""
    return 4 if cards_left > 44 else 8 if cards_left > 36 else 16


def _call_size(cfg: SearchConfig, batch: int, done: int, stop_early: bool = True) -> int:
    """Boards in the next call of a card decision without a clock, ``done`` deals solved:
    the stopping rule looks at nothing before its minimum, so the rest of it goes in one
    call (after a first batch that measures the position's cost when there is a clock, as
    far as the budget allows); then a batch."""
    if stop_early and done < cfg.stop_min_samples:
        return max(batch, cfg.stop_min_samples - done)
    return batch


def _board_cost(cards_left: int) -> float:
    """Rough seconds per board of DDS's batch call on two cores, by cards still out
    (bench/dds.py: a full deal 40-60 ms, an 8-card ending about 1 ms)."""
    if cards_left > 44:
        return 0.03
    if cards_left > 36:
        return 0.012
    if cards_left > 28:
        return 0.004
    return 0.001


def _mean(samples: list[tuple[float, float]]) -> float:
    """Weighted mean of (utility, weight) pairs."""
    total = sum(w for _, w in samples)
    if total <= 0:
        return 0.0
    return sum(u * w for u, w in samples) / total


def _high_bid(view: View) -> tuple[int, int | None, int]:
    """The highest bid of the auction so far: (level, strain, seat), (0, None, -1) without
    one."""
    high: tuple[int, int | None, int] = (0, None, -1)
    for seat, call in view.calls:
        if call in ("pass", "double", "no_double"):
            continue
        try:
            level, strain = parse_bid(call, view.rules.suit_bidding)
        except Exception:
            continue
        high = (level, strain, seat)
    return high


def _equivalence_classes(view: View, legal: list[str], played: int) -> list[list[str]]:
    """The legal cards in classes of cards that take the same tricks in every deal: cards of
    one suit with no card between them held by another seat or lying in the trick in
    progress (the cards between are ours or gone in earlier tricks)."""
    in_trick = 0
    if view.trick is not None:
        for c in view.trick[1]:
            in_trick |= 1 << CARD_INDEX[c]
    gone = played & ~in_trick
    for c in view.hand:
        gone |= 1 << CARD_INDEX[c]
    classes: list[list[str]] = []
    for card in sorted(legal, key=lambda c: CARD_INDEX[c]):
        idx = CARD_INDEX[card]
        if classes:
            prev = CARD_INDEX[classes[-1][-1]]
            between = ((1 << idx) - 1) & ~((1 << (prev + 1)) - 1)
            if prev // 13 == idx // 13 and between & ~gone == 0:
                classes[-1].append(card)
                continue
        classes.append([card])
    return classes


def _clear_lead(rows: list[tuple[float, tuple[float, ...]]], z: float, margin: float = 0.0) -> bool:
    """Whether the card of best weighted mean over ``rows`` (weight, each card's utility)
    leads every other card by more than ``z`` standard errors of the weighted mean of the
    paired difference (effective sample size ``(sum w)^2 / sum w^2``), less ``margin``: with
    a margin, a rival that may still be better but by less than it no longer counts. Cards
    equal to the best in every row are its equals, not rivals; without a margin a tie in
    the means is never clear."""
    total = sum(w for w, _ in rows)
    squares = sum(w * w for w, _ in rows)
    if total <= 0 or squares <= 0:
        return False
    n_eff = total * total / squares
    if n_eff <= 1.0:
        return False
    k = len(rows[0][1])
    means = [sum(w * u[j] for w, u in rows) / total for j in range(k)]
    best = max(range(k), key=lambda j: means[j])
    for j in range(k):
        if j == best:
            continue
        diffs = [u[best] - u[j] for _, u in rows]
        if all(abs(d) < 1e-12 for d in diffs):
            continue
        lead = means[best] - means[j]
        if lead <= 1e-12 and margin <= 0:
            return False
        var = sum(w * (d - lead) ** 2 for (w, _), d in zip(rows, diffs, strict=True)) / total
        # The unbiased variance of the weighted mean: var * n_eff / (n_eff - 1) / n_eff.
        if lead + margin <= z * math.sqrt(var / (n_eff - 1.0)):
            return False
    return True


def _trick_means(
    legal: list[str], rows: list[tuple[float, tuple[float, ...]]], tricks: list[tuple[int, ...]]
) -> dict[str, float]:
    """Each legal card's weighted mean of the tricks our side takes from now."""
    total = sum(w for w, _ in rows)
    if total <= 0:
        return {}
    return {
        c: sum(w * t[j] for (w, _), t in zip(rows, tricks, strict=True)) / total
        for j, c in enumerate(legal)
    }


def _fallback_card(view: View) -> str:
    """Without DDS: the medium level's card if it exists, else the lowest legal card."""
    try:
        from tarneeb_desktop.ai.heuristic import medium_card

        return medium_card(view)
    except Exception:  # the fallback itself must never fail
        return min(view.legal, key=lambda c: CARD_INDEX.get(c, 0) % 13)


def make_search_player(
    level: str, seed: int | None = None, config: SearchConfig | None = None
) -> SearchPlayer:
    """A ``hard`` or ``expert`` player; ``config`` overrides the level's budget and samples."""
    if level not in LEVEL_CONFIGS:
        raise ValueError(f"search levels are hard and expert, not {level!r}")
    return SearchPlayer(level, seed, config)
