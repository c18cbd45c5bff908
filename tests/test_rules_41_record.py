"""Records and ``tarneeb replay`` of 41 (game-record.md, "Records of game = 41"): the spec's
lebanese400 example replays exactly, records round-trip, and bad 41 records name the hand
and the field."""

import copy
import json
import random
from pathlib import Path

import pytest

from tarneeb_desktop.cli import main
from tarneeb_desktop.record import RecordError, load_record, replay, to_record, write_record
from tarneeb_desktop.rules import GameState, make_rules

DATA = Path(__file__).parent / "data"
EXAMPLE = DATA / "lebanese400-game.json"


def _example() -> dict:
    return json.loads(EXAMPLE.read_text())


def test_the_lebanese400_example_replays_exactly(capsys):
    code = main(["replay", str(EXAMPLE), "--json"])
    out, err = capsys.readouterr()
    expected_text = (DATA / "lebanese400-game.expected.json").read_text()
    assert code == 0 and err == ""
    assert json.loads(out) == json.loads(expected_text)
    assert out.strip() == expected_text.strip()  # the very same text


def test_the_example_without_json_prints_totals_by_seat(capsys):
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    # one hand count everywhere (the viewer's, the game over's): the thrown-in deal apart
    assert (
        "complete game, 11 hands played (1 more deal thrown in and dealt again), "
        "totals by seat 30 / 30 / 50 / 19, won by team 0"
    ) in out


def test_the_example_writes_back_the_same_record():
    doc = _example()
    r = replay(doc)
    back = to_record(r.state, r.players)
    for h in doc["hands"] + back["hands"]:  # the example's hands are not sorted
        h["cards"] = [sorted(c.split()) for c in h["cards"]]
    assert back == doc
    assert r.state.is_over() and r.state.winner == 0
    assert r.state.seat_scores == (30, 30, 50, 19) and r.state.scores == [80, 49]
    # the thrown-in hand (its bids total 11; a score of 32 needs 12) and the one after it
    assert r.state.history[8].trump is None and r.state.history[9].dealer == 2


def _random_41_game(preset: str, seed: int, steps: int, **options: object) -> GameState:
    g = GameState.new(make_rules(preset, **options), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            break
        legal = g.legal_actions()
        g.apply(
            legal[min(int(rng.expovariate(0.9)), len(legal) - 1)]
            if g.phase == "auction"
            else rng.choice(legal)
        )
    return g


@pytest.mark.parametrize("preset,seed,steps", [("syrian41", 1, 700), ("lebanese400", 2, 333)])
def test_write_then_load_round_trip(tmp_path, preset, seed, steps):
    g = _random_41_game(preset, seed, steps, clockwise=True)
    path = tmp_path / "game.json"
    write_record(path, g, ["You", "Layla", "Omar", "Rami"])
    doc = json.loads(path.read_text())
    assert doc["rules"] == {"preset": preset, "clockwise": True}
    assert all("trump" not in h and "redeal" not in h for h in doc["hands"])
    assert all(len(h["calls"]) == 4 for h in doc["hands"][:-1])
    r = load_record(path)
    assert r.state.history == g.history and r.state.seat_scores == g.seat_scores
    assert r.state.hands == g.hands and r.state.bids == g.bids and r.state.phase == g.phase
    assert to_record(r.state, r.players) == doc


def test_an_unfinished_hand_row_holds_what_is_known():
    doc = _example()
    last = doc["hands"][-1]
    last["calls"] = last["calls"][:2]
    del last["plays"]
    s = replay(doc).summary()
    assert (s["complete"], s["winner"], s["totals"]) == (False, None, [33, 34, 23, 21])
    assert s["hands"][-1] == {
        "dealer": 0,
        "declarer": None,
        "contract": None,
        "doubled": False,
        "trump": None,
        "bids": [None, 4, 9, None],
        "tricks": [0, 0, 0, 0],
        "points": [0, 0, 0, 0],
        "totals": [33, 34, 23, 21],
    }
    doc = _example()
    doc["hands"][-1]["plays"] = doc["hands"][-1]["plays"][:9]
    row = replay(doc).summary()["hands"][-1]
    assert row["trump"] == "H" and row["bids"] == [3, 4, 9, 2]
    assert sum(row["tricks"]) == 2 and row["points"] == [0, 0, 0, 0]
    assert replay(doc).state.current_player() is not None


def _bad(fn):
    doc = copy.deepcopy(_example())
    fn(doc)
    return doc


def _set(hand, key, value):
    def fn(doc):
        doc["hands"][hand][key] = value

    return fn


def _second_game_over(doc):
    doc["hands"].append(copy.deepcopy(doc["hands"][0]) | {"dealer": 1})


@pytest.mark.parametrize(
    "fn,hand,at",
    [
        (_set(0, "trump", "H"), 0, "trump"),
        (_set(2, "redeal", 0), 2, "redeal"),
        (_set(0, "calls", ["3", "pass", "3", "4"]), 0, "calls[1]"),
        (_set(0, "calls", ["1", "2", "3", "4"]), 0, "calls[0]"),  # lebanese400: min_bid 2
        (_set(0, "calls", ["3", "2", "3", "4", "5"]), 0, "calls[4]"),
        (_set(0, "calls", ["3", "2", "3H", "4"]), 0, "calls[2]"),
        (_set(0, "calls", ["3", "2", "3"]), 0, "calls"),  # plays before the dealer's bid
        (_set(8, "plays", ["AS"]), 8, "plays"),  # the thrown-in hand has no plays
        (_set(1, "dealer", 1), 1, "dealer"),  # the deal passes to the right
        (_set(9, "dealer", 1), 9, "dealer"),  # ... after a thrown-in hand too
        (_set(0, "calls", ["3", "2", "3", "2"]), 0, "plays"),  # total 10: thrown in
        (lambda d: d["hands"][0]["plays"].__setitem__(0, "2C"), 0, "plays[0]"),
        (lambda d: d["hands"][0]["plays"].__setitem__(1, "AS"), 0, "plays[1]"),
        (_second_game_over, 12, "dealer"),
        (lambda d: d["rules"].update(suit_bidding=True), None, "rules"),
        (lambda d: d["rules"].update(min_total=10), None, "rules"),
    ],
)
def test_bad_41_records_name_the_hand_and_field(fn, hand, at):
    with pytest.raises(RecordError) as e:
        replay(_bad(fn))
    assert (e.value.hand, e.value.at) == (hand, at), e.value.error
    assert e.value.error


def test_a_bad_41_record_through_the_command_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_bad(_set(0, "trump", "H"))))
    assert main(["replay", str(path), "--json"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert (got["ok"], got["hand"], got["at"]) == (False, 0, "trump")
    assert "hearts" in got["error"]
