"""The one codec of events and views (``rules/codec.py``): what goes on the wire comes back
unchanged, byte for byte as before, and anything malformed is refused with MalformedError."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarneeb_desktop.net import protocol as P
from tarneeb_desktop.rules import (
    AuctionWon,
    BidsMade,
    CallMade,
    CardPlayed,
    GameOver,
    GameState,
    HandDealt,
    HandResult,
    HandScored,
    HandThrownIn,
    MalformedError,
    RedealDecided,
    SeatsScored,
    TrickWon,
    TrumpNamed,
    View,
    codec,
    make_rules,
)
from tarneeb_desktop.rules.codec import (
    EVENT_KINDS,
    EVENT_TYPES,
    EventTable,
    decode_event,
    decode_events,
    decode_view,
    encode_event,
    encode_events,
    encode_view,
)
from tarneeb_desktop.table.savegame import SAVE_POINTS, save_due

ROOT = Path(__file__).resolve().parent.parent

#: One of each kind, and the exact line the LAN host has always sent for it.
WIRE = [
    (HandDealt(2, 1), '{"event":"hand_dealt","hand_number":2,"dealer":1}'),
    (RedealDecided(3, "keep"), '{"event":"redeal_decided","seat":3,"call":"keep"}'),
    (CallMade(0, "9H"), '{"event":"call_made","seat":0,"call":"9H"}'),
    (AuctionWon(2, "8NT"), '{"event":"auction_won","declarer":2,"contract":"8NT"}'),
    (TrumpNamed(1, "S"), '{"event":"trump_named","seat":1,"trump":"S"}'),
    (CardPlayed(3, "TH"), '{"event":"card_played","seat":3,"card":"TH"}'),
    (
        TrickWon(2, 1, ("2C", "AC", "9C", "KD")),
        '{"event":"trick_won","winner":2,"leader":1,"cards":["2C","AC","9C","KD"]}',
    ),
    (HandThrownIn("all_pass"), '{"event":"hand_thrown_in","reason":"all_pass","seat":null}'),
    (HandThrownIn("weak_hand", 2), '{"event":"hand_thrown_in","reason":"weak_hand","seat":2}'),
    (
        HandScored(1, "10", True, (3, 10), (0, -20), (14, -20), False),
        '{"event":"hand_scored","declarer":1,"contract":"10","doubled":true,'
        '"tricks":[3,10],"points":[0,-20],"totals":[14,-20],"made":false}',
    ),
    (
        BidsMade((3, 2, 4, 5), 14, 11),
        '{"event":"bids_made","bids":[3,2,4,5],"total":14,"needed":11}',
    ),
    (
        SeatsScored((3, 2, 4, 5), (4, 1, 4, 4), (3, -2, 4, -5), (10, -2, 31, 7)),
        '{"event":"seats_scored","bids":[3,2,4,5],"tricks":[4,1,4,4],'
        '"points":[3,-2,4,-5],"totals":[10,-2,31,7]}',
    ),
    (GameOver(0, (41, 12)), '{"event":"game_over","winner":0,"totals":[41,12]}'),
]

RULES = [
    ("standard", {}),
    ("standard", {"weak_hand_redeal": True, "auction": "once"}),
    ("egyptian", {}),
    ("syrian41", {"target": 11}),
    ("lebanese400", {"target": 16}),
    ("lebanese400", {"min_total_counts": "values", "clockwise": True, "target": 21}),
]


def test_every_event_kind_has_its_wire_line_and_comes_back() -> None:
    assert {type(e) for e, _ in WIRE} == set(EVENT_TYPES) == set(EVENT_KINDS)
    for event, line in WIRE:
        wire = encode_event(event)
        assert P.encode(wire) == line.encode() + b"\n"  # the bytes the host always sent
        assert P.event_to_dict(event) == wire
        assert decode_event(json.loads(line)) == event
    assert decode_events(encode_events(e for e, _ in WIRE)) == [e for e, _ in WIRE]


def test_each_kind_lists_every_field_of_its_event() -> None:
    """A field added to an event fails here until the codec lists it (and someone has
    checked that it hides nothing, as HandDealt hides the cards)."""
    for cls in EVENT_TYPES:
        kind, fields = codec._SCHEMA[cls]
        assert tuple(name for name, _ in fields) == cls._fields, kind


def test_the_protocol_document_names_each_kind_with_its_fields() -> None:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    documented = {
        m.group(1): re.findall(r'"(\w+)"', m.group(2))
        for m in re.finditer(r'\{"event": "(\w+)"([^}]*)\}', text)
    }
    for cls, kind in EVENT_KINDS.items():
        assert documented.get(kind) == list(cls._fields), kind


def _pick(state: GameState, rng: random.Random) -> str:
    legal = state.legal_actions()
    if state.rules.game == "41" and state.phase == "auction":
        return rng.choice(legal[:4])  # modest bids: the game ends
    return rng.choice(legal)


def _public(r: HandResult) -> HandResult:
    """A result row as a view's ``results`` carry it on the wire (its summary)."""
    return HandResult.from_summary(r.summary())


@pytest.mark.parametrize("n", range(len(RULES)))
def test_events_and_views_of_random_games_survive_the_wire(n: int) -> None:
    preset, changes = RULES[n]
    state = GameState.new(make_rules(preset, **changes), seed=100 + n)
    rng = random.Random(n)
    kinds: set[str] = set()
    moves = 0
    while not state.is_over() and moves < 1500:
        events = state.apply(_pick(state, rng))
        moves += 1
        line = P.encode({"type": "view", "events": encode_events(events)})
        assert decode_events(P.decode(line)["events"]) == events
        kinds |= {EVENT_KINDS[type(e)] for e in events}
        if moves % 3 and not state.is_over():
            continue
        for seat in range(4):
            view = state.view(seat)
            wire = json.loads(json.dumps(encode_view(view)))
            back = decode_view(wire)
            assert encode_view(back) == wire
            # the results cross as their summaries (a hand's calls stay in the record)
            assert back.results == tuple(_public(r) for r in view.results)
            assert back == View(**{**view.__dict__, "results": back.results})
    scored = "seats_scored" if state.rules.game == "41" else "hand_scored"
    assert {"hand_dealt", "call_made", "card_played", "trick_won", scored} <= kinds


@pytest.mark.parametrize(
    ("wire", "says"),
    [
        ([], "JSON object"),
        ({"hand_number": 1}, "naming its kind"),
        ({"event": 7}, "naming its kind"),
        ({"event": "from_the_future"}, "unknown event kind"),
        ({"event": "card_played"}, "'seat' is missing"),
        ({"event": "card_played", "seat": 1}, "'card' is missing"),
        ({"event": "card_played", "seat": "1", "card": "AS"}, "'seat' must be a seat"),
        ({"event": "card_played", "seat": True, "card": "AS"}, "'seat' must be a seat"),
        ({"event": "card_played", "seat": 4, "card": "AS"}, "'seat' must be a seat"),
        ({"event": "card_played", "seat": 1, "card": ["AS"]}, "'card' must be text"),
        ({"event": "hand_dealt", "hand_number": 1.5, "dealer": 0}, "whole number"),
        ({"event": "trick_won", "winner": 0, "leader": 0, "cards": "AS"}, "list of text"),
        ({"event": "bids_made", "bids": [1, 2], "total": 3, "needed": 11}, "4 whole numbers"),
        ({"event": "game_over", "winner": 0, "totals": [1, None]}, "2 whole numbers"),
        (
            {"event": "hand_scored", "declarer": 0, "contract": "7", "doubled": 0}
            | {"tricks": [7, 6], "points": [7, 0], "totals": [7, 0], "made": True},
            "'doubled' must be true or false",
        ),
    ],
)
def test_a_malformed_event_is_refused_saying_why(wire: Any, says: str) -> None:
    with pytest.raises(MalformedError, match=re.escape(says)):
        decode_event(wire)


def test_a_thrown_in_hand_may_leave_out_its_seat() -> None:
    assert decode_event({"event": "hand_thrown_in", "reason": "all_pass"}) == HandThrownIn(
        "all_pass"
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(sorted(EVENT_KINDS.values())), fields=st.dictionaries(
    st.sampled_from(["seat", "call", "card", "cards", "winner", "leader", "dealer",
                     "hand_number", "bids", "tricks", "points", "totals", "total",
                     "needed", "declarer", "contract", "doubled", "made", "reason", "trump"]),
    JSON,
))  # fmt: skip
def test_any_json_is_an_event_or_a_malformed_error(kind: str, fields: dict[str, Any]) -> None:
    try:
        event = decode_event({"event": kind, **fields})
    except MalformedError:
        return
    assert decode_event(encode_event(event)) == event


def _a_view_dict() -> dict[str, Any]:
    state = GameState.new(make_rules("syrian41", target=11), seed=4)
    rng = random.Random(4)
    while len(state.view(0).results) < 1 or not state.view(0).trick:
        state.apply(_pick(state, rng))
    return encode_view(state.view(0))


VIEW = _a_view_dict()


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(sorted(VIEW)), value=JSON, nested=st.booleans())
def test_any_damaged_view_is_a_view_or_a_malformed_error(
    key: str, value: Any, nested: bool
) -> None:
    damaged = json.loads(json.dumps(VIEW))
    if nested and isinstance(damaged[key], list) and damaged[key]:
        damaged[key][0] = value
    elif nested and isinstance(damaged[key], dict) and damaged[key]:
        damaged[key][sorted(damaged[key])[0]] = value
    else:
        damaged[key] = value
    try:
        got = decode_view(damaged)
    except MalformedError:
        return
    # what is accepted is a whole view, which reads back the same once written again
    assert isinstance(got, View)
    assert decode_view(encode_view(got)) == got


def test_a_view_that_is_not_an_object_is_refused() -> None:
    for wire in (None, [], "view", {"seat": 0}):
        with pytest.raises(MalformedError, match="view"):
            decode_view(wire)


def test_the_event_table_dispatches_on_the_kind() -> None:
    common = EventTable({CardPlayed: lambda ev, n: f"card {ev.card} {n}"}, default=None)
    table = EventTable({CallMade: lambda ev, n: f"call {ev.call} {n}"}, default=common)
    assert table(CallMade(0, "7"), 1) == "call 7 1"
    assert table(CardPlayed(0, "AS"), 2) == "card AS 2"
    with pytest.raises(TypeError, match="no handler"):
        table(GameOver(0, (1, 2)), 3)
    with pytest.raises(TypeError, match="not event classes"):
        EventTable({int: str})


def test_a_table_is_saved_after_the_save_points_only() -> None:
    for event, _ in WIRE:
        assert save_due([CardPlayed(0, "AS"), event]) == isinstance(event, SAVE_POINTS)
    assert not save_due([])
