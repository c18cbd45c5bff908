"""The others' calls read by the fit to the levels' own calls (``sampling.CallFit``,
``tools/fit_calls.py``, ``data/call_fit.json``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tarneeb_desktop.ai import game41, sampling
from tarneeb_desktop.ai.sampling import (
    Auction41Model,
    AuctionModel,
    CallFit,
    load_call_fit,
    weighted_deals,
)
from tarneeb_desktop.ai.search import LEVEL_CONFIGS, SearchPlayer
from tarneeb_desktop.rules import GameState, make_rules, mask_of
from tarneeb_desktop.rules.cards import FULL_DECK, cards_of
from tests.scripts import load_script

fit_calls = load_script("tools/fit_calls.py")


def test_fit_recovers_a_known_curve() -> None:
    rng = random.Random(3)
    xs = [rng.uniform(-3.0, 3.0) for _ in range(4000)]
    ys = [1 if rng.random() < fit_calls._sigmoid((x - 0.6) / 0.35) else 0 for x in xs]
    offset, tau = fit_calls.fit_logistic(xs, ys)
    assert abs(offset - 0.6) < 0.08
    assert abs(tau - 0.35) < 0.08


def test_fit_rows_per_level_needed_and_without_calls_over_partner() -> None:
    truth = {7: (0.5, 0.25), 8: (0.0, 0.5), 9: (1.0, 0.5)}
    rng = random.Random(5)
    rows = []
    for need, (offset, tau) in truth.items():
        for _ in range(1500):
            have = need + rng.uniform(-3.0, 3.0)
            bid = rng.random() < fit_calls._sigmoid((have - need - offset) / tau)
            rows.append({"have": have, "need": need, "partner": False, "bid": need if bid else 0})
    # Calls over partner's bid (always a pass here) would pull every curve right.
    rows += [{"have": 12.0, "need": 8, "partner": True, "bid": 0}] * 500
    doc = fit_calls.fit_rows(rows)
    for i, need in enumerate((7, 8, 9)):
        assert abs(doc["offsets"][i] - truth[need][0]) < 0.12
        assert abs(doc["taus"][i] - truth[need][1]) < 0.12
    assert all(r["log_loss"] < r["hand_set_log_loss"] for r in doc["fit"])


def test_shipped_fit_loads_and_broken_files_fall_back(tmp_path: Path) -> None:
    fit = load_call_fit()
    assert fit is not None
    assert len(fit.offsets) == 3 and all(0.05 <= t <= 2.0 for t in fit.taus)
    for text in ("{", "[]", '{"offsets": [1, 2], "taus": [1, 1, 1]}', '{"taus": [1, 1, 1]}'):
        bad = tmp_path / "fit.json"
        bad.write_text(text, encoding="utf-8")
        assert load_call_fit(bad) is None
    assert load_call_fit(tmp_path / "missing.json") is None


def test_fitted_likelihood_follows_the_hand_and_keeps_a_floor() -> None:
    fit = CallFit(offsets=(0.5, 0.1, 1.1), taus=(0.2, 0.5, 0.5), floor=0.02)
    assert fit.bid(9.0, 7) > 0.95 > 0.05 > fit.bid(6.0, 7)
    assert fit.bid(2.0, 7) >= 0.02 and 1.0 - fit.bid(13.0, 9) >= 0.02
    assert fit.bid(8.0, 8) > fit.bid(8.0, 9)  # the higher level needs more


def _opened(call: str) -> tuple[AuctionModel, AuctionModel, list[int], list[int]]:
    g = GameState.new(make_rules("standard"), seed=1, dealer=0)
    strong = "AS KS QS JS TS AH KH AD KD AC KC 2C 3C".split()
    weak = "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D 4C".split()
    rest = [c for c in cards_of(FULL_DECK) if c not in strong + weak]
    g.set_deal([rest[:13], strong, rest[13:], weak])
    g.apply(call)  # seat 1
    view = g.view(2)
    fit = CallFit(offsets=(0.5, 0.1, 1.1), taus=(0.2, 0.5, 0.5))
    a, b = mask_of(rest[:13]), mask_of(rest[13:])
    return (
        AuctionModel(view, fit=fit),
        AuctionModel(view),
        [a, mask_of(strong), b, mask_of(weak)],
        [a, mask_of(weak), b, mask_of(strong)],
    )


def test_fitted_auction_weights_read_a_bid_and_a_pass() -> None:
    fitted, _, fits, swapped = _opened("7")
    assert fitted.weight(fits) > 20 * fitted.weight(swapped)
    fitted, _, fits, swapped = _opened("pass")
    assert fitted.weight(swapped) > 20 * fitted.weight(fits)


def test_a_broken_shipped_fit_means_the_hand_set_rule(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    g = GameState.new(make_rules("standard"), seed=4, dealer=0)
    g.apply("7")
    view = g.view(1)
    monkeypatch.setattr(sampling, "shipped_call_fit", lambda: None)
    plain = weighted_deals(view, 30, random.Random(1), candidates=60)
    fallback = weighted_deals(view, 30, random.Random(1), candidates=60, fitted_calls=True)
    assert plain == fallback


def test_call_rows_from_self_play() -> None:
    rows = fit_calls.call_rows("hard:bid_samples=20", 2, seed=1)
    assert rows
    for r in rows:
        assert r["need"] >= 7 and (r["bid"] == 0 or r["bid"] >= r["need"])
        assert r["have"] == max(r["estimates"])  # standard: no suit named in a bid
    json.dumps(rows)


def test_levels_read_calls_by_the_fit() -> None:
    assert all(SearchPlayer(level, 1).experiment.fitted_calls for level in LEVEL_CONFIGS)


# ---------------------------------------------------------------- 41 / 400


def test_41_bids_are_read_by_the_hand_set_rule(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A bid of 5 is read as about 5 tricks in the bidder's hand (its fit to the levels'
    own bids was taken out, issue 35): the nearer a sample's estimate, the heavier."""
    g = GameState.new(make_rules("lebanese400"), seed=2, dealer=0)
    g.apply("5")  # seat 1, the first to bid: nothing before it
    model = Auction41Model(g.view(2))

    def weight_at(own: float) -> float:
        monkeypatch.setattr(game41, "own_tricks", lambda mask: own)
        return model.weight([0, 0, 0, 0])

    assert weight_at(5.0) > weight_at(5.8) > weight_at(6.6)
    assert abs(weight_at(4.4) - weight_at(5.6)) < 1e-9
