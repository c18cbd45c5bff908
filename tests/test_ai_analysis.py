"""After-hand double-dummy analysis and safe claims (``ai/analysis.py``)."""

from __future__ import annotations

import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.ai.analysis import can_claim, claim_card, could_have_taken
from tarneeb_desktop.ai.heuristic import MediumPlayer
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.cards import cards_of


def deal_and_bid(hands: list[str], contract: str = "7", trump: str = "S") -> GameState:
    """Seat 0 declares ``contract`` with ``trump`` (dealer 3, the others pass)."""
    g = GameState.new(make_rules("standard", no_trump_allowed=True), seed=1, dealer=3)
    g.set_deal([h.split() for h in hands])
    g.apply(contract)
    for _ in range(3):
        g.apply("pass")
    g.apply(trump)
    return g


def claim_lines(g: GameState, seat: int, team_tricks: int) -> int:
    """Play the hand out from ``g`` in every way the other three seats can choose, ``seat``
    cashing its sure winners; assert that its team ends with ``team_tricks`` tricks in
    each. Returns the number of lines played."""
    if g.phase != "play" or g.history:
        assert g.history[-1].tricks[seat % 2] == team_tricks
        return 1
    s = g.current_player()
    legal = g.legal_actions()
    if s == seat:  # the claimer plays as the table plays a claim (``claim_card``)
        card = claim_card(g.view(seat))
        assert card is not None, "a claim once offered stays sure"
        choices = [card]
    else:
        choices = legal
    lines = 0
    for card in choices:
        sim = g.clone()
        sim.apply(card, s)
        lines += claim_lines(sim, seat, team_tricks)
    return lines


def test_claim_needs_every_card_to_be_a_sure_winner() -> None:
    """Every claim offered in 40 played hands holds against any play by the others: each
    ending is played out in every way the other three seats can choose (the endings are small)."""
    claims = 0
    lines = 0
    for seed in range(40):
        g = GameState.new(make_rules("standard"), seed=seed)
        players = [MediumPlayer(seed * 4 + s) for s in range(4)]
        while g.phase not in ("over",) and not g.history:
            seat = g.current_player()
            if seat is None:
                break
            v = g.view(seat)
            if v.phase == "play" and can_claim(v):
                claims += 1
                # The claimer cashes from the top (as the table plays a claim); its side
                # must win every trick left, whatever the others play.
                won_before = v.tricks_won[seat % 2]
                before = lines
                lines += claim_lines(g, seat, won_before + len(v.hand))
                assert lines > before, (seed, v.hand)
                break
            g.apply(players[seat].choose(v), seat)
    assert claims >= 5 and lines > claims


def test_no_claim_when_an_opponent_may_hold_a_higher_card_or_a_trump() -> None:
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH",
        "2S KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    g = deal_and_bid(hands)
    v = g.view(0)
    # The 2S is out (seat 1 may ruff the AH): no claim yet ...
    assert not can_claim(v)
    # ... and once the 2S has fallen, every card is a sure winner.
    for card in ("AS", "2S", "2D", "2C"):
        g.apply(card)
    assert g.current_player() == 0
    assert can_claim(g.view(0))
    # Not for a seat that is not on lead, nor in the middle of a trick.
    assert not can_claim(g.view(1))
    g.apply("KS")
    assert not can_claim(g.view(1))


def test_no_claim_with_a_losing_card_in_no_trump() -> None:
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H",
        "2S KH QH JH TH 9H 8H 7H 6H 5H 4H 3H AH",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    g = deal_and_bid(hands, trump="NT")
    assert not can_claim(g.view(0))  # the 2H loses to every heart out


@pytest.mark.skipif(not dds.available(), reason="DDS library not available")
def test_could_have_taken_matches_the_solver_on_the_played_deal() -> None:
    g = GameState.new(make_rules("standard"), seed=11)
    players = [MediumPlayer(s) for s in range(4)]
    while not g.history or g.history[-1].declarer is None:
        seat = g.current_player()
        assert seat is not None
        g.apply(players[seat].choose(g.view(seat)), seat)
    row = g.history[-1]
    best = could_have_taken(row)
    assert best is not None
    hands = [cards_of(m) for m in row.cards]
    assert best == dds.dd_tricks_leading(hands, row.trump or "NT", row.declarer)
    assert 0 <= best <= 13
    # A row without its cards (as a thrown-in hand is kept) has nothing to analyse.
    assert could_have_taken(row.public()) is None
