"""Game records: the spec's examples, `tarneeb replay` exit statuses, and bad records."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tarneeb_desktop.cli import main
from tarneeb_desktop.record import RecordError, load_record, replay, to_record, write_record
from tarneeb_desktop.rules import GameState, make_rules

DATA = Path(__file__).parent / "data"
EXAMPLES = ["standard-game", "egyptian-game", "standard-unfinished", "illegal-revoke"]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_replay_exactly_as_expected(name, capsys):
    expected = json.loads((DATA / f"{name}.expected.json").read_text())
    code, out, err = _run(capsys, "replay", str(DATA / f"{name}.json"), "--json")
    got = json.loads(out)
    assert out.count("\n") == 1  # exactly one JSON object
    if expected["ok"]:
        assert code == 0 and got == expected
    else:
        assert code == 1
        assert (got["ok"], got["hand"], got["at"]) == (False, expected["hand"], expected["at"])
        assert got["error"] and "Traceback" not in err


def test_replay_without_json_prints_the_sentence_to_stderr(capsys):
    code, out, err = _run(capsys, "replay", str(DATA / "illegal-revoke.json"))
    assert code == 1 and out == "" and "seat 2" in err and "plays[1]" in err
    code, out, err = _run(capsys, "replay", str(DATA / "standard-game.json"))
    assert code == 0 and "complete" in out


def test_wrong_usage_exits_2(capsys, tmp_path):
    assert _run(capsys, "replay", str(tmp_path / "missing.json"))[0] == 2
    with pytest.raises(SystemExit) as e:
        main(["replay", str(DATA / "standard-game.json"), "--bogus"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main(["replay"])
    assert e.value.code == 2


def _std():
    return json.loads((DATA / "standard-game.json").read_text())


def _mutate(fn):
    doc = _std()
    fn(doc)
    return doc


BAD = [
    ("not a dict", lambda d: d.clear() or d.update({"format": 5}), None, "format"),
    ("rules", lambda d: d.update(rules={"preset": "nope"}), None, "rules"),
    ("rules value", lambda d: d.update(rules={"target": "x"}), None, "rules"),
    ("players", lambda d: d.update(players=["a"]), None, "players"),
    ("dealer", lambda d: d["hands"][2].update(dealer=0), 2, "dealer"),
    ("dealer type", lambda d: d["hands"][0].update(dealer="1"), 0, "dealer"),
    (
        "cards dup",
        lambda d: d["hands"][0]["cards"].__setitem__(0, d["hands"][0]["cards"][1]),
        0,
        "cards",
    ),
    ("cards short", lambda d: d["hands"][1]["cards"].__setitem__(0, "AS KS"), 1, "cards"),
    ("cards junk", lambda d: d["hands"][1]["cards"].__setitem__(0, "ZZ " * 13), 1, "cards"),
    ("bid too low", lambda d: d["hands"][0]["calls"].__setitem__(1, "7"), 0, "calls[1]"),
    ("call junk", lambda d: d["hands"][0]["calls"].__setitem__(0, 7), 0, "calls[0]"),
    ("extra call", lambda d: d["hands"][0]["calls"].append("pass"), 0, "calls[6]"),
    ("trump bad", lambda d: d["hands"][0].update(trump="X"), 0, "trump"),
    ("thrown in with trump", lambda d: d["hands"][1].update(trump="S"), 1, "trump"),
    (
        "card not held",
        lambda d: d["hands"][0]["plays"].__setitem__(0, d["hands"][0]["cards"][0].split()[0]),
        0,
        "plays[0]",
    ),
    ("middle hand short", lambda d: d["hands"][0]["plays"].pop(), 0, "plays"),
    ("after game end", lambda d: d["hands"].append(copy.deepcopy(d["hands"][1])), 7, "dealer"),
    (
        "redeal not allowed",
        lambda d: d["hands"][1].update(redeal=0, calls=None) or d["hands"][1].pop("calls"),
        1,
        "redeal",
    ),
]


@pytest.mark.parametrize("label,fn,hand,at", BAD, ids=[b[0] for b in BAD])
def test_bad_records_name_the_hand_and_field(label, fn, hand, at):
    doc = _mutate(fn)
    with pytest.raises(RecordError) as e:
        replay(doc)
    assert (e.value.hand, e.value.at) == (hand, at), e.value.sentence()
    assert e.value.error


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe\x00",
        b"[]",
        b'"x"',
        b"null",
        b"[" * 100000,
        b'{"format": "tarneeb-record/1"}',
    ],
)
def test_garbage_files_exit_1_without_traceback(tmp_path, content):
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    p = subprocess.run(
        [sys.executable, "-m", "tarneeb_desktop", "replay", str(f), "--json"],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 1, p.stderr
    assert "Traceback" not in p.stderr
    assert json.loads(p.stdout)["ok"] is False


def test_write_then_load_round_trip(tmp_path):
    import random

    g = GameState.new(make_rules("egyptian", weak_hand_redeal=True), seed=3)
    rng = random.Random(3)
    for _ in range(500):
        g.apply(rng.choice(g.legal_actions()))
    path = tmp_path / "game.json"
    write_record(path, g, ["You", "Layla", "Omar", "Rami"])
    r = load_record(path)
    assert r.players == ["You", "Layla", "Omar", "Rami"]
    assert r.state.history == g.history and r.state.scores == g.scores
    assert r.state.hands == g.hands and r.state.phase == g.phase
    assert not list(tmp_path.glob("*.tmp"))
    assert to_record(r.state, r.players) == json.loads(path.read_text())
