"""Game records (``tarneeb-record/1``): write them from a game, read and replay them.

A record is the save-game, the export format and what a bug report attaches. Replaying
checks every deal, call and card against the rules; a bad record raises RecordError
naming the hand and the field at fault, never anything else.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tarneeb_desktop.rules import (
    STRAINS,
    Event,
    GameState,
    Rules,
    RulesError,
    mask_of,
    rules_from_dict,
)
from tarneeb_desktop.rules.cards import CARD_NAMES, indices_of
from tarneeb_desktop.rules.game41 import seat_tricks
from tarneeb_desktop.storage import write_json_atomic

FORMAT = "tarneeb-record/1"


class RecordError(Exception):
    """A record that is malformed or breaks the rules."""

    def __init__(self, error: str, hand: int | None = None, at: str | None = None) -> None:
        super().__init__(error)
        self.error = error
        self.hand = hand
        self.at = at

    def to_dict(self) -> dict[str, Any]:
        return {"ok": False, "hand": self.hand, "at": self.at, "error": self.error}

    def sentence(self) -> str:
        where = []
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.at:
            where.append(self.at)
        return (", ".join(where) + ": " if where else "") + self.error


def hand_text(mask: int) -> str:
    """A hand as the record writes it: spades, hearts, diamonds, clubs, high to low."""
    cards = indices_of(mask)
    cards.sort(key=lambda c: (-(c // 13), -(c % 13)))
    return " ".join(CARD_NAMES[c] for c in cards)


def to_record(state: GameState, players: list[str] | None = None) -> dict[str, Any]:
    """The record of a game so far (an unfinished game ends with its current hand)."""
    # the trump is named in a record only when the declarer named it
    named_trump = state.rules.game == "tarneeb" and not state.rules.suit_bidding
    hands: list[dict[str, Any]] = []
    for r in state.history:
        h: dict[str, Any] = {"dealer": r.dealer, "cards": [hand_text(m) for m in r.cards]}
        if r.redeal is not None:
            h["redeal"] = r.redeal
        else:
            h["calls"] = list(r.calls)
            if r.trump is not None and named_trump:
                h["trump"] = r.trump
            if r.plays:
                h["plays"] = list(r.plays)
        hands.append(h)
    if not state.is_over():
        h = {"dealer": state.dealer, "cards": [hand_text(m) for m in state.dealt]}
        h["calls"] = [c for _, c in state.calls]
        if named_trump and state.trump >= 0:
            h["trump"] = STRAINS[state.trump]
        if state.plays:
            h["plays"] = [CARD_NAMES[c] for c in state.plays]
        hands.append(h)
    doc: dict[str, Any] = {"format": FORMAT, "rules": state.rules.to_dict()}
    if players:
        doc["players"] = list(players)
    doc["hands"] = hands
    return doc


def write_record(
    path: str | os.PathLike[str], state: GameState, players: list[str] | None = None
) -> None:
    write_json_atomic(path, to_record(state, players))


@dataclass
class Replay:
    """The result of replaying a record: the state it ends in and the summary rows."""

    state: GameState
    rows: list[dict[str, Any]]
    players: list[str] | None

    def summary(self) -> dict[str, Any]:
        s = self.state
        return {
            "ok": True,
            "complete": s.is_over(),
            "winner": s.winner,
            "totals": list(s.seat_scores if s.rules.game == "41" else s.scores),
            "hands": self.rows,
        }


def _current_row(state: GameState) -> dict[str, Any]:
    if state.rules.game == "41":
        return {
            "dealer": state.dealer,
            "declarer": None,
            "contract": None,
            "doubled": False,
            "trump": "H" if state.phase == "play" else None,
            "bids": [None if b < 0 else b for b in state.bids],
            "tricks": list(seat_tricks(state)),
            "points": [0, 0, 0, 0],
            "totals": list(state.seat_scores),
        }
    auction_over = state.phase in ("trump", "play")
    return {
        "dealer": state.dealer,
        "declarer": state.declarer if auction_over else None,
        "contract": state.contract if auction_over else None,
        "doubled": state.doubled if auction_over else False,
        "trump": STRAINS[state.trump] if state.phase == "play" else None,
        "tricks": list(state.tricks_won),
        "points": [0, 0],
        "totals": list(state.scores),
    }


def replay(doc: Any, seed: int = 0) -> Replay:
    """Replay a parsed record through the rules engine; raises RecordError."""
    if not isinstance(doc, dict):
        raise RecordError("a record is a JSON object", None, "format")
    if doc.get("format") != FORMAT:
        raise RecordError(
            f"the format must be {FORMAT!r}, not {doc.get('format')!r}", None, "format"
        )
    try:
        rules: Rules = rules_from_dict(doc.get("rules", {}))
    except RulesError as exc:
        raise RecordError(str(exc), None, "rules") from None
    players = doc.get("players")
    if players is not None and (
        not isinstance(players, list)
        or len(players) != 4
        or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError("players must be a list of four names", None, "players")
    hands = doc.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("a record holds a list of one or more hands", None, "hands")
    state: GameState | None = None
    rows: list[dict[str, Any]] = []
    for i, hand in enumerate(hands):
        last = i == len(hands) - 1
        if not isinstance(hand, dict):
            raise RecordError("a hand is a JSON object", i, "hands")
        if state is not None and state.is_over():
            raise RecordError("the game was already over before this hand", i, "dealer")
        dealer = hand.get("dealer")
        if isinstance(dealer, bool) or dealer not in (0, 1, 2, 3):
            raise RecordError(f"the dealer must be a seat 0-3, not {dealer!r}", i, "dealer")
        if state is None:
            state = GameState.new(rules, seed=seed, dealer=dealer)
        elif dealer != state.dealer:
            raise RecordError(
                f"seat {state.dealer} deals this hand, not seat {dealer}", i, "dealer"
            )
        replay_hand(state, hand, i, last)
        if state.hand_index > i or state.is_over():
            rows.append(state.history[i].summary())
        else:
            rows.append(_current_row(state))
    assert state is not None
    return Replay(state, rows, players)


class Replaying(Protocol):
    """What :func:`replay_hand` uses of a game: a ``GameState``, or the replay viewer's
    stand-in that notes every position on the way."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hand_index(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...

    def set_deal(self, hands: Sequence[Sequence[str] | int], dealer: int | None = None) -> None: ...
    def is_over(self) -> bool: ...
    def apply(self, action: str, seat: int | None = None) -> list[Event]: ...


def replay_hand(state: Replaying, hand: dict[str, Any], i: int, last: bool) -> None:
    """Apply hand ``i`` of a record (``last``: the record's final hand, which may be
    unfinished) to ``state``; RecordError when it breaks the rules. The replay viewer
    calls it with a stand-in state that notes every position on the way."""
    cards = hand.get("cards")
    if not isinstance(cards, list) or len(cards) != 4 or not all(isinstance(c, str) for c in cards):
        raise RecordError("cards must be four strings of 13 cards", i, "cards")
    try:
        split = [c.split() for c in cards]
        if any(len(h) != 13 for h in split):
            raise RecordError("each hand must hold 13 cards", i, "cards")
        masks = [mask_of(h) for h in split]
        state.set_deal(masks)
    except RulesError as exc:
        raise RecordError(str(exc), i, "cards") from None

    def ended() -> bool:
        return state.hand_index != i or state.is_over()

    if state.rules.game == "41":
        for key, why in (("redeal", "no redeal"), ("trump", "hearts are always trump")):
            if key in hand:
                raise RecordError(f"a hand of 41 has no {key}: {why}", i, key)
    redeal = hand.get("redeal")
    if redeal is not None:
        if isinstance(redeal, bool) or redeal not in (0, 1, 2, 3):
            raise RecordError(f"redeal must be a seat 0-3, not {redeal!r}", i, "redeal")
        for key in ("calls", "trump", "plays"):
            if key in hand:
                raise RecordError("a hand thrown in for a weak hand has no " + key, i, key)
        while not ended() and state.phase == "redeal" and state.turn != redeal:
            state.apply("keep")
        if ended() or state.phase != "redeal":
            raise RecordError(f"seat {redeal} may not claim a redeal in this hand", i, "redeal")
        state.apply("redeal")
        return
    calls = hand.get("calls", [])
    if not isinstance(calls, list):
        raise RecordError("calls must be a list", i, "calls")
    if calls or not last:
        while state.phase == "redeal":
            state.apply("keep")
    for k, call in enumerate(calls):
        at = f"calls[{k}]"
        if ended() or state.phase not in ("auction", "double"):
            raise RecordError("the auction is already over", i, at)
        if not isinstance(call, str):
            raise RecordError(f"a call is text, not {call!r}", i, at)
        try:
            state.apply(call)
        except RulesError as exc:
            raise RecordError(str(exc), i, at) from None
    if ended():
        for key in ("trump", "plays"):
            if key in hand:
                raise RecordError(f"a hand thrown in has no {key}", i, key)
        return
    trump = hand.get("trump")
    if state.rules.suit_bidding and "trump" in hand:
        raise RecordError(
            "with suit bidding the contract names the trump; no trump field", i, "trump"
        )
    if trump is not None:
        if state.phase != "trump":
            raise RecordError("trump is named only after the auction", i, "trump")
        if not isinstance(trump, str):
            raise RecordError(f"trump is C, D, H, S or NT, not {trump!r}", i, "trump")
        try:
            state.apply(trump)
        except RulesError as exc:
            raise RecordError(str(exc), i, "trump") from None
    plays = hand.get("plays", [])
    if not isinstance(plays, list):
        raise RecordError("plays must be a list", i, "plays")
    for k, card in enumerate(plays):
        at = f"plays[{k}]"
        if ended():
            raise RecordError("the hand is already over", i, at)
        if state.phase != "play":
            where = "trump" if state.phase == "trump" else "calls"
            raise RecordError("cards are played only after the auction and trump", i, where)
        if not isinstance(card, str):
            raise RecordError(f"a card is text, not {card!r}", i, at)
        try:
            state.apply(card)
        except RulesError as exc:
            raise RecordError(str(exc), i, at) from None
    if not ended() and not last:
        where = {"auction": "calls", "double": "calls", "trump": "trump"}.get(state.phase, "plays")
        raise RecordError("only the last hand of a record may stop early", i, where)


def load_record(path: str | os.PathLike[str]) -> Replay:
    """Read and replay a record file; raises RecordError (also for unreadable JSON)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError("the file is not UTF-8 text", None, "format") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}", None, "format") from None
    return replay(doc)
