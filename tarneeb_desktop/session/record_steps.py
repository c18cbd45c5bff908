"""The replay viewer's positions: a game record cut into steps, one per deal, call and card.

:func:`positions` replays a record through the rules engine (the same replay as ``tarneeb
replay``, so a bad record raises RecordError) and keeps the position after every step: all
four hands, the calls of the hand, the trick on the table, the tricks and scores. A step that
completes a trick keeps the trick on the table (and says who won it); a step that ends a
hand shows the hand's last position with its result row. No pygame here: the viewer scene
draws these and the analysis (:func:`analyse_hand`) marks them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tarneeb_desktop.record import RecordError, replay, replay_hand
from tarneeb_desktop.rules import STRAINS, Event, GameState, HandResult, TrickWon
from tarneeb_desktop.rules.cards import CARD_NAMES, cards_of
from tarneeb_desktop.rules.game41 import seat_tricks
from tarneeb_desktop.table.history import played_hands, thrown_in
from tarneeb_desktop.table.pool import Pool


@dataclass(frozen=True)
class Position:
    """The table after step ``index``: ``kind`` is "deal" (a hand dealt), "call", "card" or
    "end" (the step ended the hand; ``result`` is its row) ; ``action`` the step's (seat,
    call or card), None for a deal; ``play`` the card's number in the hand's plays."""

    index: int
    kind: str
    hand: int
    dealer: int
    holdings: tuple[tuple[str, ...], ...]
    calls: tuple[tuple[int, str], ...]
    declarer: int | None
    contract: str | None
    trump: str | None
    doubled: bool
    trick: tuple[int, tuple[str, ...]] | None
    trick_winner: int | None
    tricks_won: tuple[int, int]
    seat_tricks: tuple[int, ...] | None
    bids: tuple[int | None, ...] | None
    scores: tuple[int, int]
    seat_scores: tuple[int, ...] | None
    action: tuple[int, str] | None = None
    play: int | None = None
    result: HandResult | None = None
    over: bool = False


def _holdings(masks: Sequence[int]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cards_of(m)) for m in masks)


def _of_state(g: GameState, index: int, kind: str, action: Any = None) -> Position:
    game41 = g.rules.game == "41"
    trick = None
    if g.phase == "play":
        trick = (g.trick_leader, tuple(CARD_NAMES[c] for c in g.trick))
    declarer = g.declarer if g.declarer >= 0 and g.phase in ("trump", "play", "double") else None
    return Position(
        index,
        kind,
        g.hand_index,
        g.dealer,
        _holdings(g.hands),
        tuple(g.calls),
        declarer,
        g.contract if declarer is not None else None,
        STRAINS[g.trump] if g.trump >= 0 and g.phase == "play" else None,
        g.doubled,
        trick,
        None,
        (g.tricks_won[0], g.tricks_won[1]),
        tuple(seat_tricks(g)) if game41 else None,
        tuple(None if b < 0 else b for b in g.bids) if game41 else None,
        (g.scores[0], g.scores[1]),
        tuple(g.seat_scores) if game41 else None,
        action,
        len(g.plays) - 1 if kind == "card" else None,
    )


def _after(
    before: GameState, after: GameState, seat: int, action: str, events: Sequence[Event], index: int
) -> Position:
    """The position after ``seat`` did ``action`` in ``before`` (giving ``after``)."""
    card = action if before.phase == "play" else None
    if after.hand_index == before.hand_index and not after.is_over():
        pos = _of_state(after, index, "card" if card else "call", (seat, action))
        won = next((e for e in events if isinstance(e, TrickWon)), None)
        if won is not None:  # the trick stays on the table, with its winner
            lead, won_cards, won_by = after.tricks[-1]
            pos = _replace(
                pos, trick=(lead, tuple(CARD_NAMES[c] for c in won_cards)), trick_winner=won_by
            )
        return pos
    # the step ended the hand: the hand's last position, with its result row
    g = before.clone()
    g.hands = g.hands[:]
    if card is not None:
        g.hands[seat] &= ~(1 << CARD_NAMES.index(card))
    calls = tuple(g.calls) + (((seat, action),) if card is None else ())
    pos = _of_state(g, index, "end", (seat, action))
    result = after.history[-1] if after.history else None
    trick, winner = pos.trick, None
    if card is not None and trick is not None:
        trick = (trick[0], (*trick[1], card))
        cards = [*before.trick, CARD_NAMES.index(card)]
        winner = GameState.trick_winner(before.trick_leader, cards, before.trump)
    tricks = result.tricks if result is not None else pos.tricks_won
    return _replace(
        pos,
        calls=calls,
        trick=trick,
        trick_winner=winner,
        tricks_won=tricks,
        seat_tricks=result.seat_tricks
        if result is not None and result.seat_tricks
        else pos.seat_tricks,
        scores=(after.scores[0], after.scores[1]),
        seat_scores=tuple(after.seat_scores) if pos.seat_scores is not None else None,
        play=len(before.plays) if card is not None else None,
        result=result,
        over=after.is_over(),
    )


def _replace(pos: Position, **changes: Any) -> Position:
    return replace(pos, **changes)


class _Recorder:
    """Stands in for the state while a record's hand is replayed: every deal and action is
    passed on to the real state, and the position after it kept."""

    def __init__(self, state: GameState, out: list[Position]) -> None:
        self._state = state
        self._out = out

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def set_deal(self, hands: Sequence[Any], dealer: int | None = None) -> None:
        self._state.set_deal(hands, dealer)
        self._out.append(_of_state(self._state, len(self._out), "deal"))

    def apply(self, action: str, seat: int | None = None) -> list[Event]:
        before = self._state.clone()
        mover = before.current_player()
        events = self._state.apply(action, seat)
        assert mover is not None
        self._out.append(_after(before, self._state, mover, action, events, len(self._out)))
        return events


def counted_hands(history: Sequence[Any], record_hands: int) -> int:
    """The one count of a record's hands (the viewer's "Hand 3 of 8", the game over's "8
    hands played", ``tarneeb replay``'s): the hands played (``history.played_hands``: a
    deal thrown in is not one), and the record's unfinished last hand, if it has one
    (``record_hands`` deals in the record, ``history`` the rows of those finished)."""
    return played_hands(history) + max(0, record_hands - len(history))


@dataclass
class Steps:
    """A record as the viewer steps through it: its positions, the players' names, the
    rules and the finished game's state."""

    positions: list[Position]
    players: list[str]
    state: GameState

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def played_number(self, hand: int) -> int | None:
        """The deal's number among the hands played (from 1, as the game over counts them:
        ``history.played_hands``), or None for a deal thrown in."""
        rows = self.state.history
        if hand < len(rows) and thrown_in(rows[hand]):
            return None
        return played_hands(rows[:hand]) + 1

    def hands_played(self) -> int:
        """How many hands the record holds, counted as the game over counts them (an
        unfinished last hand counts; a one-hand record, a daily deal's, is one hand)."""
        return counted_hands(self.state.history, self.record_hands)

    @property
    def record_hands(self) -> int:
        """How many deals the record holds (thrown-in ones and an unfinished one included)."""
        return self.positions[-1].hand + 1 if self.positions else 0

    def thrown_in_reason(self, hand: int) -> str | None:
        """Why deal ``hand`` was thrown in ("all_pass", "weak_hand" or "low_total"), or
        None when it was played."""
        rows = self.state.history
        if hand >= len(rows) or not thrown_in(rows[hand]):
            return None
        row = rows[hand]
        if row.redeal is not None:
            return "weak_hand"
        return "low_total" if row.bids is not None else "all_pass"

    def trick_end(self, i: int) -> int:
        """The first step after ``i`` that completes a trick or ends a hand (else the end)."""
        for p in self.positions[i + 1 :]:
            if p.kind == "end" or p.trick_winner is not None:
                return p.index
        return self.last

    def trick_start(self, i: int) -> int:
        """The last step before ``i`` from which a trick's first card is played (else 0)."""
        for p in reversed(self.positions[:i]):
            nxt = self.positions[p.index + 1] if p.index < self.last else None
            if nxt is not None and nxt.kind in ("card", "end") and nxt.play is not None:
                if nxt.play % 4 == 0:
                    return p.index
        return 0

    def hand_end(self, i: int) -> int:
        """The last step of the hand at ``i`` (its result), or of the next hand when ``i``
        is already there."""
        for p in self.positions[i + 1 :]:
            if p.kind == "end":
                return p.index
        return self.last

    def next_hand(self, i: int) -> int:
        """The first step (the deal) of the hand after ``i``'s (else the end): "Hand ▶"
        goes to the next hand's start, as "◀ Hand" goes to this hand's start."""
        for p in self.positions[i + 1 :]:
            if p.kind == "deal":
                return p.index
        return self.last

    def hand_start(self, i: int) -> int:
        for p in reversed(self.positions[:i]):
            if p.kind == "deal":
                return p.index
        return 0


def positions(doc: Any) -> Steps:
    """Every step of a parsed record; RecordError when it is malformed or illegal."""
    rep = replay(doc)  # checks everything first: what follows cannot fail
    out: list[Position] = []
    state: GameState | None = None
    hands = doc["hands"]
    for i, hand in enumerate(hands):
        if state is None:
            state = GameState.new(rep.state.rules, seed=0, dealer=hand["dealer"])
        replay_hand(_Recorder(state, out), hand, i, i == len(hands) - 1)
    assert state is not None
    names = list(rep.players) if rep.players else []
    return Steps(out, names, rep.state)


def hand_rows(steps: Steps) -> dict[int, HandResult]:
    """The rows of the hands played (the unfinished last hand too), by hand index: what the
    analysis needs (the deal, who led, the trump and the cards)."""
    state = steps.state
    rows = {i: r for i, r in enumerate(state.history)}
    if not state.is_over() and state.plays:
        rows[state.hand_index] = HandResult(
            state.dealer,
            (state.dealt[0], state.dealt[1], state.dealt[2], state.dealt[3]),
            None,
            tuple(c for _, c in state.calls),
            STRAINS[state.trump] if state.trump >= 0 else None,
            tuple(CARD_NAMES[c] for c in state.plays),
            state.declarer if state.declarer >= 0 else None,
            state.contract,
            state.doubled,
            (state.tricks_won[0], state.tricks_won[1]),
            (0, 0),
            (state.scores[0], state.scores[1]),
        )
    return rows


def leader_of(row: HandResult, game41: bool) -> int:
    """Who led the hand's first trick: the declarer, or in 41 the dealer's right."""
    if game41 or row.declarer is None:
        return (row.dealer + 1) % 4
    return row.declarer


def analysis_pool(inline: bool = False) -> Pool:
    """Where the viewer's analysis runs: off the window's thread (``inline`` in tests), one
    :func:`analyse_row` job a hand, cancelled when the viewer closes."""
    return Pool(inline=inline)


def analyse_row(row: HandResult, game41: bool, first_lead_trump: bool) -> Analysed:
    """One hand card by card, double dummy (run off the UI thread: DDS frees the GIL).
    Raises dds.DDSError when the solver is missing."""
    from tarneeb_desktop.ai.analysis import analyse_plays, highest_bidder

    trump = row.trump or ("H" if game41 else "NT")
    leader = leader_of(row, game41)
    could, plays = analyse_plays(row.cards, trump, leader, row.plays, first_lead_trump)
    side = leader
    if game41 and row.bids is not None:
        # as `tarneeb analyse` says it: the side of the highest bidder
        side = highest_bidder(row.bids, row.dealer)
        if side & 1 != leader & 1:
            could = 13 - could
    taken = row.tricks[side & 1]
    return Analysed(side, could, taken, tuple(plays))


@dataclass(frozen=True)
class Analysed:
    """A hand's analysis: ``leader`` (the declarer, or in 41 the highest bidder, as
    ``ai.analysis`` counts it), the tricks that side could take before the opening lead, the tricks it took, and each card's marks."""

    leader: int
    could_take: int
    taken: int
    plays: tuple[Any, ...]


def load_steps(path: str | os.PathLike[str]) -> Steps:
    """A record file's steps; RecordError (as ``record.load_record`` says it) when the
    file is not a legal record, OSError when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not UTF-8 text", None, "format") from None
    try:
        return positions(json.loads(text))
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}", None, "format") from None
    except RecursionError:
        raise RecordError("the file is nested too deeply to be a record", None, "format") from None
