"""Scenario tests: a position and the decision a good player makes there, for each AI level.

Positions are built with ``position`` (a late play position from each seat's current cards;
the unnamed cards are played in earlier one-suit tricks) or ``auction``. Every play scenario
was checked double-dummy: the expected cards take strictly more tricks than the others
(``test_play_scenarios_are_double_dummy_sound``), so a search level can be held to them too.
The levels: medium, hard and expert (the search levels' module must import: a broken
import fails the collection, it does not drop their scenarios).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

import pytest

import tarneeb_desktop.ai.search  # noqa: F401  (hard and expert: a broken import fails loudly)
from tarneeb_desktop.ai import dds, make_player
from tarneeb_desktop.ai.knowledge import analyse
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.cards import CARD_INDEX, CARD_NAMES, STRAINS
from tarneeb_desktop.rules.selfplay import from_view


def cards(text: str) -> list[str]:
    return text.split()


def position(
    holdings: Sequence[str],
    *,
    trump: str = "S",
    declarer: int = 0,
    contract: str = "7",
    explicit: Sequence[str] = (),
    explicit_leader: int | None = None,
    won: tuple[int, int] | None = None,
    leader: int | None = None,
    current: str = "",
    rules: str = "standard",
) -> GameState:
    """A play-phase state.

    ``holdings``: each seat's cards now (without those it played to ``current``).
    ``explicit``: the last finished tricks, each "C1 C2 C3 C4" in play order, the first led
    by ``explicit_leader``. The remaining cards form filler tricks;
    ``won`` says how many of all finished tricks each team took (filler winners are chosen to
    match), ``leader`` who leads the current trick (the last finished trick's winner).
    ``current``: cards already played to the current trick.
    """
    r = make_rules(rules)
    trump_i = STRAINS.index(trump)
    hold = [cards(h) for h in holdings]
    cur = cards(current)
    exp = [cards(t) for t in explicit]
    named = [c for h in hold for c in h] + cur + [c for t in exp for c in t]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    rest = [c for c in CARD_NAMES if c not in set(named)]
    by_suit: dict[str, list[str]] = {s: [] for s in "CDHS"}
    for c in rest:
        by_suit[c[1]].append(c)
    filler: list[list[str]] = []
    for s in "CDHS":
        if len(by_suit[s]) % 4:
            raise ValueError(f"{len(by_suit[s])} unnamed {s} cards: not a multiple of 4")
        for i in range(0, len(by_suit[s]), 4):
            filler.append(by_suit[s][i : i + 4])
    # Filler first, explicit tricks last: a void an explicit trick shows stays true.
    lead = declarer
    exp_tricks: list[tuple[int, tuple[str, ...], int]] = []
    exp_lead = explicit_leader if exp else leader
    if exp_lead is None:
        exp_lead = declarer
    lead_e = exp_lead
    for t in exp:
        win = GameState.trick_winner(lead_e, [CARD_INDEX[c] for c in t], trump_i)
        exp_tricks.append((lead_e, tuple(t), win))
        lead_e = win
    if leader is not None and exp and leader != lead_e:
        raise ValueError(f"the explicit tricks end with seat {lead_e} to lead, not {leader}")
    n_fill = len(filler)
    total = len(exp) + n_fill
    if won is None:
        won = (total // 2, total - total // 2)
    have = [0, 0]
    for _, _, w in exp_tricks:
        have[w & 1] += 1
    need = [won[0] - have[0], won[1] - have[1]]
    winners: list[int] = []
    if n_fill:
        # The last filler trick's winner leads next (the first explicit trick, or now).
        need[exp_lead & 1] -= 1
        if min(need) < 0 or sum(need) != n_fill - 1:
            raise ValueError("cannot reach the tricks won with the filler tricks")
        for _ in range(n_fill - 1):
            team = 0 if need[0] > 0 else 1
            need[team] -= 1
            winners.append(team)
        winners.append(exp_lead)
    elif exp_lead != declarer:
        raise ValueError("without filler tricks the declarer leads the first trick")
    tricks: list[tuple[int, tuple[str, ...], int]] = []
    for chunk, want in zip(filler, winners, strict=True):
        ordered = sorted(chunk, key=lambda c: CARD_INDEX[c])
        top = ordered.pop()
        ordered.insert((want - lead) % 4, top)
        win = GameState.trick_winner(lead, [CARD_INDEX[c] for c in ordered], trump_i)
        tricks.append((lead, tuple(ordered), win))
        lead = win
    tricks.extend(exp_tricks)
    if exp_tricks:
        lead = exp_tricks[-1][2]
    base = GameState.new(r, 0, dealer=(declarer + 3) % 4).view(0)
    calls = [contract, "pass", "pass", "pass"]
    view = dataclasses.replace(
        base,
        phase="play",
        calls=tuple(((declarer + i) % 4, c) for i, c in enumerate(calls)),
        trump=trump,
        tricks=tuple(tricks),
        trick=(lead, tuple(cur)),
    )
    return from_view(view, hold)


def auction(
    hands: Sequence[str],
    dealer: int,
    calls: Sequence[str] = (),
    rules: str = "standard",
    **options: object,
) -> GameState:
    """A state in the auction (or trump/double phase) after ``calls`` on this deal."""
    g = GameState.new(make_rules(rules, **options), 0, dealer=dealer)
    g.set_deal([cards(h) for h in hands])
    for c in calls:
        g.apply(c)
    return g


def dd_values(state: GameState) -> dict[str, int]:
    """Double-dummy tricks (for the side to move) of each legal card, for checking scenarios."""
    from tarneeb_desktop.rules.cards import cards_of

    trick = [CARD_NAMES[c] for c in state.trick]
    return dds.solve(
        [cards_of(h) for h in state.hands], STRAINS[state.trump], state.trick_leader, trick
    )


def sampled_values(state: GameState, n: int = 100, seed: int = 1) -> dict[str, float]:
    """Average double-dummy tricks of each legal card over ``n`` layouts of the unseen cards
    consistent with what the seat to move knows (its cards, the play, the voids shown)."""
    from tarneeb_desktop.rules.cards import cards_of, indices_of

    rng = random.Random(seed)
    seat = state.current_player()
    assert seat is not None
    k = analyse(state.view(seat))
    others = [s for s in range(4) if s != seat]
    unseen = indices_of(k.unseen)
    total: dict[str, float] = {}
    done = 0
    while done < n:
        rng.shuffle(unseen)
        hands = [0, 0, 0, 0]
        hands[seat] = k.hand
        i = 0
        ok = True
        for s in others:
            size = state.hands[s].bit_count()
            for c in unseen[i : i + size]:
                ok = ok and not k.voids[s] >> (c // 13) & 1
                hands[s] |= 1 << c
            i += size
        if not ok:
            continue
        done += 1
        trick = [CARD_NAMES[c] for c in state.trick]
        values = dds.solve(
            [cards_of(h) for h in hands], STRAINS[state.trump], state.trick_leader, trick
        )
        for card, tricks in values.items():
            total[card] = total.get(card, 0.0) + tricks / n
    return total


def fill_deal(known: dict[int, str]) -> list[str]:
    """Four hands: the given ones, the other seats dealt the remaining cards in order."""
    named = {c for h in known.values() for c in cards(h)}
    rest = [c for c in CARD_NAMES if c not in named]
    out = []
    for s in range(4):
        if s in known:
            out.append(known[s])
        else:
            out.append(" ".join(rest[:13]))
            rest = rest[13:]
    return out


LEVELS = ["medium", "hard", "expert"]

# ---------------------------------------------------------------- play scenarios
# name: (builder, acceptable actions). Seats: 0 South (declarer unless said), 1 East,
# 2 North, 3 West; spades are trump unless said.

PLAY: dict[str, tuple[Callable[[], GameState], set[str]]] = {
    # Partner led the ace; our king is now the master: don't throw it under the ace.
    "no_overtake_partner_ace": (
        lambda: position(
            ["4H 3H 2C 9C", "7H 8D 9D TC", "KH 5H 4D 5D AS", "8H 9H 6D QC JC"],
            current="AH 2H",
            won=(4, 4),
            leader=0,
        ),
        {"5H"},
    ),
    # Last to play, partner's ace wins: discard, don't trump partner's trick.
    "no_trumping_partner_winner": (
        lambda: position(
            ["5S KH QH 7C 6C", "9S 2H 4D 8C", "JS 7H 9C TC", "TS AH 5D 2S"],
            current="2D AD 3D",
            leader=1,
            won=(4, 4),
        ),
        {"7C", "6C", "KH", "QH"},
    ),
    # Last to play, void, the opponents' ace wins: ruff (with the small trump).
    "ruff_when_it_wins": (
        lambda: position(
            ["2S KH QH 7C 6C", "9S 2H 3D 8C", "JS 7H 9C TC", "TS AH 2D 3S"],
            current="AD 4D 5D",
            leader=1,
            won=(4, 4),
        ),
        {"2S"},
    ),
    # An opponent ruffed low; overruff as cheaply as possible and keep the ace.
    "overruff_cheaply": (
        lambda: position(
            ["8S AS QH 7C 6C", "9S 2H 3D 8C", "5D 2D 9C TC", "KH AH 3S 7H"],
            current="KD 4D 6S",
            leader=1,
            won=(4, 4),
        ),
        {"8S"},
    ),
    # Partner already ruffed with the ace of trumps: don't overruff partner.
    "no_overruff_partner": (
        lambda: position(
            ["KS QH 7C 6C JH", "9S 2H 4D 8C", "7H 9C TC 5S", "TS AH 5D 6D"],
            current="2D AS 3D",
            leader=1,
            won=(4, 4),
        ),
        {"QH", "7C", "6C", "JH"},
    ),
    # Declarer with the top trumps draws them before cashing side winners.
    "declarer_draws_trumps": (
        lambda: position(
            ["AS KS QS AH KH", "2H 3H 4H 7H 2C", "5H 6H 8H 3C 4C", "7S 6S 2D 5C 6C"],
            leader=0,
            won=(4, 4),
        ),
        {"AS", "KS", "QS"},
    ),
    # Both opponents showed out of clubs: a club lets them ruff; lead a heart.
    "no_lead_into_known_void": (
        lambda: position(
            ["QD 4D 4S 3D", "5H 3S TC 4H", "KS 5S 6D 8H", "TD QC 2S 8C"],
            explicit=["5C 2H 4C 3H"],
            explicit_leader=1,
            won=(4, 5),
        ),
        {"5H", "4H"},
    ),
    # Partner (West) showed out of diamonds: lead one for partner to ruff.
    "lead_for_partners_ruff": (
        lambda: position(
            ["KH QH JC 8H", "4D 2C 3C 6H", "KD AS 7S 6S", "3S 2S 4C 5C"],
            explicit=["2D AD 3D 9H"],
            explicit_leader=0,
            won=(4, 5),
        ),
        {"4D"},
    ),
    # Partner led hearts; return partner's suit.
    "return_partners_suit": (
        lambda: position(
            ["AS 2C QC JD", "6D JH TC 7D", "8H 6H 7C 4D", "4H KC 5D QH"],
            explicit=["3H 5H AH 2H"],
            explicit_leader=3,
            won=(4, 5),
        ),
        {"JH"},
    ),
    # Last to play: win with the queen and keep the ace over the outstanding king.
    "win_cheaply_when_last": (
        lambda: position(
            ["AH QH 2C 3C 4C", "KH 5C 6C 7C", "4H 5H 8C 9C", "6H 2D TC 2S"],
            current="9H 2H 3H",
            leader=1,
            won=(4, 4),
        ),
        {"QH"},
    ),
    # Third hand high: the king sits behind us, so only the ace wins the trick.
    "third_hand_high": (
        lambda: position(
            ["6D 9H KS 2H", "AC 8C 8D 4S 9S", "KC 3H 2D AS TS", "JD 4H 7D 8H"],
            current="3C 5C",
            leader=3,
            won=(4, 4),
        ),
        {"AC"},
    ),
    # Second hand, void in the suit led: ruff low (the ace of diamonds would win).
    "second_hand_ruffs_low": (
        lambda: position(
            ["JH 2S KH 5C 3D", "5H 6S 8C 7C", "6H 5S 9S 9C 2H", "KD 4S TD 3C QD"],
            current="AD",
            leader=1,
            won=(4, 4),
        ),
        {"5S"},
    ),
    # Void, no trump: discard a small card, never the master ace.
    "keep_the_master": (
        lambda: position(
            ["AH 2C 3C 4C 8H", "KC 7S JH 6H", "KS 2H 3S AS", "TD 9C 4S 7D"],
            current="4D 5D 6D",
            leader=1,
            won=(4, 4),
        ),
        {"2C", "3C", "4C", "8H"},
    ),
    # The contract is already made: every overtrick still scores, so take the trick.
    "contract_made_still_take_tricks": (
        lambda: position(
            ["6H 8D 2C KH 4H", "9D TS 4C 7D", "AC QH TH 5C", "3D 5D 5H QC"],
            current="9H 2H 3H",
            leader=1,
            won=(7, 1),
            contract="7",
        ),
        {"KH"},
    ),
    # The contract is already lost: each trick still denies the defenders a point.
    "contract_lost_still_take_tricks": (
        lambda: position(
            ["QH 2C JC 8D 7H", "JD 9C AC 3C", "5C 2D 7D TC", "9S TD 6C 8C"],
            current="9H 2H 3H",
            leader=1,
            won=(2, 6),
            contract="10",
        ),
        {"QH"},
    ),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", sorted(PLAY))
def test_play_scenario(level: str, name: str, request: pytest.FixtureRequest) -> None:
    if level != "medium" and name in NEEDS_INFERENCE and dds.available():
        # Strict: the day a search level finds the card, the XPASS fails and asks for the
        # scenario to leave NEEDS_INFERENCE. (Without DDS they play medium's card.)
        reason = f"{level} samples the unseen cards: {NEEDS_INFERENCE[name]}"
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True, raises=AssertionError))
    build, good = PLAY[name]
    state = build()
    seat = state.current_player()
    assert seat is not None
    action = make_player(level, 0).choose(state.view(seat))
    assert action in good, f"{level} played {action} in {name}; a good player plays {sorted(good)}"


@pytest.mark.parametrize("name", sorted(PLAY))
def test_play_scenarios_are_double_dummy_sound(name: str) -> None:
    if not dds.available():
        pytest.skip("DDS is not available")
    build, good = PLAY[name]
    values = dd_values(build())
    worse = [v for c, v in values.items() if c not in good]
    assert good <= set(values)
    assert worse and min(values[c] for c in good) > max(worse)


# Scenarios whose expected card is best only with inference a uniform sample of the unseen
# cards lacks (so a sampling level may fairly disagree), with the reason.
NEEDS_INFERENCE = {
    "return_partners_suit": "the return is best because of where partner's lead says the "
    "hearts are; over uniform layouts the diamonds rate as high",
}


@pytest.mark.parametrize("name", sorted(PLAY))
def test_play_scenarios_hold_over_consistent_layouts(
    name: str, request: pytest.FixtureRequest
) -> None:
    """The expected cards are also best on average over every layout the seat cannot rule
    out, so a level that plays from the view alone can find them (not those that need
    inference: strictly expected to fail, so a change that makes them hold is seen)."""
    if not dds.available():
        pytest.skip("DDS is not available")
    if name in NEEDS_INFERENCE:
        request.applymarker(
            pytest.mark.xfail(reason=NEEDS_INFERENCE[name], strict=True, raises=AssertionError)
        )
    build, good = PLAY[name]
    values = sampled_values(build(), 100)
    worse = [v for c, v in values.items() if c not in good]
    assert min(values[c] for c in good) > max(worse)


def test_position_builder_shows_voids_and_counts() -> None:
    state = PLAY["no_lead_into_known_void"][0]()
    k = analyse(state.view(1))
    # Seats 2 and 0 discarded hearts on the club lead: both are known void in clubs.
    assert k.voids[2] & 1 and k.voids[0] & 1
    assert not k.voids[3] & 1
    assert state.tricks_won == [4, 5]
    assert [h.bit_count() for h in state.hands] == [4, 4, 4, 4]


# ---------------------------------------------------------------- bidding scenarios

BID: dict[str, tuple[Callable[[], GameState], Callable[[str], bool], str]] = {
    "kaboot_hand_bids_13": (
        lambda: auction(fill_deal({0: "AS KS QS JS TS 9S AH KH AD KD AC KC QC"}), dealer=3),
        lambda a: a == "13",
        "thirteen top tricks: bid 13 for the 26 points",
    ),
    "worthless_hand_passes": (
        lambda: auction(fill_deal({0: "2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C"}), dealer=3),
        lambda a: a == "pass",
        "no honours: pass",
    ),
    "good_hand_opens": (
        lambda: auction(fill_deal({0: "AS KS 9S 7S 3S AH 8H 4H KD 7D 2D 6C 5C"}), dealer=3),
        lambda a: a in ("7", "8"),
        "a good five-card trump suit and two aces: open low",
    ),
    "no_raising_partners_contract": (
        lambda: auction(
            fill_deal({0: "AS 5S 4S KH 7H 6H QD 8D 7D 3C 4C 5C 6C"}),
            dealer=1,
            calls=["7", "pass"],
        ),
        lambda a: a == "pass",
        "partner holds the contract and made tricks score anyway: pass",
    ),
    # Standard scoring: an opponents' contract we can crush scores us more on defence
    # (their -8 and our tricks) than declaring it ourselves (our tricks only).
    "crushing_defence_lets_them_play": (
        lambda: auction(
            fill_deal({0: "AS KS QS JS 9S 8S AH KH QH AD KD 2C 3C"}), dealer=2, calls=["8"]
        ),
        lambda a: a == "pass",
        "eleven tricks in hand over an opponent's 8 (standard): let them go down",
    ),
    # Shortfall scoring: a failed contract costs them nothing and pays us only the
    # shortfall, so the same hand bids (but not 13).
    "shortfall_strong_hand_competes": (
        lambda: auction(
            fill_deal({0: "AS KS QS JS 9S 8S AH KH QH AD KD 2C 3C"}),
            dealer=2,
            calls=["8"],
            rules="shortfall",
        ),
        lambda a: a != "pass" and 9 <= int(a) <= 12,
        "eleven tricks in hand over an opponent's 8 (shortfall): outbid them",
    ),
    "weak_hand_lets_high_bid_go": (
        lambda: auction(
            fill_deal({0: "KS 5S 4S QH 7H 6H JD 8D 7D 3C 4C 5C 6C"}), dealer=2, calls=["10"]
        ),
        lambda a: a == "pass",
        "two honours against an opponent's 10: pass",
    ),
    "trump_is_the_long_strong_suit": (
        lambda: auction(
            fill_deal({0: "KH QH JH 9H 8H 4H AD 3D 2S 3S 4C 5C 6C"}),
            dealer=3,
            calls=["7", "pass", "pass", "pass"],
        ),
        lambda a: a == "H",
        "six hearts to the king-queen-jack: hearts",
    ),
    "weak_hand_asks_for_redeal": (
        lambda: auction(
            fill_deal({0: "2S 3S 4S 5H 6H 7H 8H 2D 3D 4D 5C 6C 7C"}),
            dealer=3,
            weak_hand_redeal=True,
        ),
        lambda a: a == "redeal",
        "a weak hand may ask for new cards: it should",
    ),
    "egyptian_bids_its_long_suit": (
        lambda: auction(
            fill_deal({0: "AS KS QS JS 8S 7S AH KH 4D 3D 2C 3C 4C"}), dealer=3, rules="egyptian"
        ),
        lambda a: a.endswith("S") and a != "pass",
        "six top spades: bid spades",
    ),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", sorted(BID))
def test_bidding_scenario(level: str, name: str) -> None:
    build, ok, why = BID[name]
    state = build()
    seat = state.current_player()
    assert seat == 0
    action = make_player(level, 0).choose(state.view(0))
    assert action in state.legal_actions()
    assert ok(action), f"{level} chose {action!r} in {name}: {why}"


def test_there_are_at_least_twenty_scenarios() -> None:
    assert len(PLAY) + len(BID) >= 20
