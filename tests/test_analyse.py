"""``tarneeb analyse``: every card of a record seen double dummy (ai/analysis.py, cli/analyse.py).

The expected figures are computed here from the rules engine's own positions and the DDS
binding directly, not through the analysis code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.ai.analysis import analyse_plays
from tarneeb_desktop.arena import play_game
from tarneeb_desktop.cli import main as cli_main
from tarneeb_desktop.rules import GameState, make_rules, rules_from_dict
from tarneeb_desktop.rules.cards import CARD_NAMES, STRAINS, cards_of

if not dds.available():
    pytest.skip(f"DDS library not available: {dds.load_error()}", allow_module_level=True)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def record_file(tmp_path: Path, seed: int, level: str = "easy", **options: Any) -> Path:
    rules = make_rules("standard", target=11, **options)
    table = play_game(rules, seed, [level] * 4)
    path = tmp_path / f"game-{seed}.json"
    table.write_record(path)
    return path


def positions(doc: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    """Every card of the record in the rules engine: (hand, play) -> the seat to move, its
    legal cards, and the position as DDS takes it (hands left, trump, leader, trick)."""
    rules = rules_from_dict(doc["rules"])
    state = GameState.new(rules, dealer=doc["hands"][0]["dealer"])
    out: dict[tuple[int, int], dict[str, Any]] = {}
    for i, hand in enumerate(doc["hands"]):
        state.set_deal([c.split() for c in hand["cards"]])
        for call in hand.get("calls", []):
            state.apply(call)
        if "trump" in hand:
            state.apply(hand["trump"])
        for k, card in enumerate(hand.get("plays", [])):
            out[(i, k)] = {
                "seat": state.turn,
                "card": card,
                "legal": state.legal_actions(),
                "board": (
                    [cards_of(m) for m in state.hands],
                    STRAINS[state.trump],
                    state.trick_leader,
                    [CARD_NAMES[c] for c in state.trick],
                ),
                "dealt": [cards_of(m) for m in state.dealt],
                "declarer": state.declarer,
            }
            state.apply(card)
    return out


def check_against_dds(doc: dict[str, Any], analysis: dict[str, Any]) -> int:
    """Assert every figure of ``analysis`` (the --json object) from DDS; the plays checked."""
    expected = positions(doc)
    hands_with_plays = sorted({i for i, _ in expected})
    assert [h["hand"] for h in analysis["hands"]] == hands_with_plays
    checked = 0
    for h in analysis["hands"]:
        i = h["hand"]
        assert [p["card"] for p in h["plays"]] == doc["hands"][i]["plays"]
        first = expected[(i, 0)]
        scores = dds.solve(*first["board"])
        assert h["could_take"] == max(scores[c] for c in first["legal"])
        if not doc["rules"].get("first_lead_trump"):
            assert h["could_take"] == dds.dd_tricks_leading(
                first["dealt"], first["board"][1], first["declarer"]
            )
        for k, p in enumerate(h["plays"]):
            pos = expected[(i, k)]
            scores = dds.solve(*pos["board"])
            assert set(scores) == set(pos["legal"]) or k == 0
            best = max(scores[c] for c in pos["legal"])
            assert list(p) == ["seat", "card", "tricks", "best", "cost"]
            assert p["seat"] == pos["seat"]
            assert (p["tricks"], p["best"], p["cost"]) == (
                scores[p["card"]],
                best,
                best - scores[p["card"]],
            )
            checked += 1
    return checked


def test_analyse_json_against_dds_solved_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_file(tmp_path, 3)
    code, out, err = run(["analyse", str(path), "--json"], capsys)
    assert code == 0, err
    analysis = json.loads(out)
    assert list(analysis) == ["hands"]
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert check_against_dds(doc, analysis) >= 52
    costs = [p["cost"] for h in analysis["hands"] for p in h["plays"]]
    assert min(costs) == 0 and max(costs) > 0  # easy players do give tricks away


def test_first_lead_trump_and_an_unfinished_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_file(tmp_path, 5, first_lead_trump=True)
    doc = json.loads(path.read_text(encoding="utf-8"))
    played = [i for i, h in enumerate(doc["hands"]) if h.get("plays")]
    # Stop the last played hand in the middle of its 4th trick: a record of a game going on.
    last = played[-1]
    doc["hands"] = doc["hands"][: last + 1]
    doc["hands"][last]["plays"] = doc["hands"][last]["plays"][:14]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(["analyse", str(cut), "--json"], capsys)
    assert code == 0, err
    analysis = json.loads(out)
    assert len(analysis["hands"][-1]["plays"]) == 14
    check_against_dds(doc, analysis)


def test_the_first_lead_must_be_a_trump_when_the_rules_say_so() -> None:
    # Seat 0 declares spades: a heart, diamond or club lead takes 3 tricks, a spade lead 1.
    # The rules make it lead a spade: "best" and could_take count only the spades then.
    hands = [
        "QS JS 5S AH 9H 6H 4H 3H 2H KD 9D JC 9C",
        "AS KS 6S 4S AD 8D 7D 6D 5D 4D 2D 7C 3C",
        "8S 7S 2S KH 8H 7H 5H JD AC 8C 6C 5C 4C",
        "TS 9S 3S QH JH TH QD TD 3D KC QC TC 2C",
    ]
    masks = [sum(1 << CARD_NAMES.index(c) for c in h.split()) for h in hands]
    free = dds.solve([h.split() for h in hands], "S", 0, [])
    spades = max(v for c, v in free.items() if c[1] == "S")
    assert max(free.values()) > spades  # the deal is one where the rule matters
    could_free, rows_free = analyse_plays(masks, "S", 0, ["QS"], first_lead_trump=False)
    could_rule, rows_rule = analyse_plays(masks, "S", 0, ["QS"], first_lead_trump=True)
    assert could_free == rows_free[0].best == max(free.values())
    assert could_rule == rows_rule[0].best == spades
    assert set(rows_rule[0].best_cards) == {
        c for c, v in free.items() if c[1] == "S" and v == spades
    }
    assert rows_free[0].tricks == rows_rule[0].tricks == free["QS"]
    assert rows_free[0].cost == max(free.values()) - free["QS"] > 0 == rows_rule[0].cost


def test_human_output_a_line_per_hand_and_per_costly_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_file(tmp_path, 3)
    code, out, _ = run(["analyse", str(path)], capsys)
    assert code == 0
    _, js, _ = run(["analyse", str(path), "--json"], capsys)
    hands = json.loads(js)["hands"]
    lines = out.strip().splitlines()
    assert sum(line.startswith("Hand ") for line in lines) == len(hands)
    # numbered from 1 and seats named, as the viewer says them (issue 24, defect 9)
    assert lines[0].startswith("Hand 1: ")
    costly = [p for h in hands for p in h["plays"] if p["cost"]]
    card_lines = [line for line in lines if line.startswith("  trick ")]
    assert len(card_lines) == len(costly)
    for line, p in zip(card_lines, costly, strict=True):
        seat = ("South", "East", "North", "West")[p["seat"]]
        assert f"({seat}) played {p['card']} for {p['tricks']} trick" in line
        assert line.endswith(f"would take {p['best']} (cost {p['cost']})")
    assert lines[-1].startswith(f"{len(costly)} costly card")


def test_record_errors_and_usage_as_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_file(tmp_path, 3)
    doc = json.loads(path.read_text(encoding="utf-8"))
    hand = next(h for h in doc["hands"] if h.get("plays"))
    hand["plays"][0], hand["plays"][1] = hand["plays"][1], hand["plays"][0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    for f in (bad, broken):
        for extra in ([], ["--json"]):
            a = run(["analyse", str(f), *extra], capsys)
            r = run(["replay", str(f), *extra], capsys)
            assert a[0] == r[0] == 1
            assert a[1] == r[1] and a[2] == r[2]  # the same error object and sentence
    code, _, err = run(["analyse", str(tmp_path / "missing.json")], capsys)
    assert code == 2 and "no such file" in err
    with pytest.raises(SystemExit) as exc:
        cli_main(["analyse"])
    assert exc.value.code == 2


def test_a_41_hand_is_described_by_its_highest_bid(capsys: pytest.CaptureFixture[str]) -> None:
    """41 has no declarer: the line names the highest bidder's side and hearts (the
    two-second bound per hand is measured by bench/analyse.py, not here)."""
    example = Path(__file__).parent / "data" / "lebanese400-game.json"
    code, out, _ = run(["analyse", str(example)], capsys)
    heads = [line for line in out.splitlines() if line.startswith("Hand ")]
    assert code == 0 and heads
    assert all("bid highest" in line and "hearts trump" in line for line in heads)
    assert not any("declared" in line for line in heads)
