"""Finished games kept in the user's folder (table/history.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tarneeb_desktop.arena import play_game
from tarneeb_desktop.record import load_record, to_record
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.table import history, kept_import
from tarneeb_desktop.table.history import (
    KeptGameError,
    delete_kept,
    export_kept,
    keep_finished,
    list_kept,
    open_kept,
)

NAMES = ["You", "Karim", "Layla", "Omar"]
T0 = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    return tmp_path


def finished(seed: int, **options: object) -> GameState:
    state = play_game(make_rules("standard", target=11, **options), seed, ["random"] * 4).state
    assert state.is_over()
    return state


def test_a_finished_game_is_kept_listed_opened_and_replayable(home: Path) -> None:
    state = finished(1, double_factor=4)
    path = keep_finished(state, NAMES, now=T0)
    assert path.parent == home / "games"
    # a plain tarneeb-record/1 (with the kept summary beside): replay reads it
    assert to_record(load_record(path).state, NAMES) == to_record(state, NAMES)
    kept = list_kept()
    assert kept.problems == [] and len(kept.games) == 1
    row = kept.games[0]
    assert row.path == path and row.finished == T0
    assert row.players == tuple(NAMES)
    assert row.totals == tuple(state.scores) and row.winner == state.winner
    assert row.hands == len(state.history)
    assert row.rules == {"preset": "standard", "target": 11, "double_factor": 4}
    assert row.rules_label == "standard, target=11, double_factor=4"
    assert row.tournament is None and row.game is None
    opened = open_kept(path)
    assert opened.state.scores == state.scores and opened.players == NAMES
    assert opened.state.history == state.history
    with pytest.raises(ValueError, match="finished"):
        keep_finished(GameState.new(make_rules(), 3), NAMES)


def test_newest_first_tournament_games_marked_and_delete(home: Path) -> None:
    paths = [
        keep_finished(finished(seed), NAMES, now=T0 + timedelta(minutes=seed)) for seed in range(3)
    ]
    late = keep_finished(
        finished(7), NAMES, tournament="Friday cup", game=4, now=T0 + timedelta(hours=1)
    )
    # The same second twice: both kept, still in order.
    same = keep_finished(finished(8), NAMES, now=T0 + timedelta(hours=1))
    rows = list_kept().games
    assert [r.path for r in rows] == [same, late, paths[2], paths[1], paths[0]]
    assert (rows[1].tournament, rows[1].game) == ("Friday cup", 4)
    delete_kept(paths[1])
    delete_kept(paths[1])  # already gone: fine
    assert [r.path for r in list_kept().games] == [same, late, paths[2], paths[0]]


def test_only_the_last_ones_are_kept(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert history.KEEP == 200
    monkeypatch.setattr(history, "KEEP", 3)
    state = finished(2)
    paths = [keep_finished(state, NAMES, now=T0 + timedelta(seconds=i)) for i in range(5)]
    left = sorted((home / "games").iterdir())
    assert left == paths[2:]
    assert [r.path for r in list_kept().games] == paths[:1:-1]


def test_a_corrupt_file_is_set_aside_and_the_list_still_opens(home: Path) -> None:
    good = [keep_finished(finished(s), NAMES, now=T0 + timedelta(days=s)) for s in (1, 2)]
    folder = home / "games"
    truncated = folder / "20240502-000000-000000.json"
    truncated.write_text(good[0].read_text(encoding="utf-8")[:300], encoding="utf-8")
    not_a_game = folder / "20240503-000000-000000.json"
    not_a_game.write_text(json.dumps({"format": "tarneeb-record/1", "hands": "none"}))
    binary = folder / "20240504-000000-000000.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    kept = list_kept()
    assert [r.path for r in kept.games] == good[::-1]
    assert len(kept.problems) == 3
    assert all("it was kept as" in p for p in kept.problems)
    names = sorted(p.name for p in folder.iterdir())
    for bad in (truncated, not_a_game, binary):
        assert not bad.exists()
        assert any(n.startswith(bad.name + ".broken-") for n in names)
    again = list_kept()
    assert again.problems == [] and [r.path for r in again.games] == good[::-1]


def test_a_kept_game_that_breaks_the_rules_is_set_aside_when_opened(home: Path) -> None:
    path = keep_finished(finished(4), NAMES, now=T0)
    doc = json.loads(path.read_text(encoding="utf-8"))
    plays = doc["hands"][0]["plays"]
    plays[0], plays[1] = plays[1], plays[0]  # the second seat's card led by the first
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert len(list_kept().games) == 1  # the list trusts the summary
    with pytest.raises(KeptGameError, match=r"hand 0, plays\[0\].*it was kept as"):
        open_kept(path)
    assert not path.exists() and list_kept().games == []
    with pytest.raises(KeptGameError, match="no longer there"):
        open_kept(path)


def test_export_writes_the_record_into_exports(home: Path) -> None:
    state = finished(5)
    path = keep_finished(state, NAMES, now=T0)
    out = export_kept(path)
    assert out.parent == home / "exports" and out.exists()
    doc = json.loads(out.read_text(encoding="utf-8"))
    kept = doc.pop("kept")  # the export keeps the date (and a tournament's name)
    assert doc == to_record(state, NAMES) and kept["finished"].startswith("2024-05-01")
    assert path.exists()


def test_export_goes_where_the_player_says_and_keeps_the_tournament(
    home: Path, tmp_path: Path
) -> None:
    path = keep_finished(finished(5), NAMES, now=T0, tournament="Cup", game=2)
    where = tmp_path / "elsewhere"
    where.mkdir()
    out = export_kept(path, where)
    assert out.parent == where
    again = export_kept(path, where)  # never overwrites
    assert again != out and again.exists() and out.exists()
    named = export_kept(path, where / "final")
    assert named == where / "final.json"
    kept = json.loads(named.read_text(encoding="utf-8"))["kept"]
    assert kept["tournament"] == "Cup" and kept["game"] == 2


def test_an_export_or_a_plain_record_in_the_folder_is_listed_not_set_aside(home: Path) -> None:
    """Issue 24, defect 2: any legal record opens, one without the kept summary too."""
    from tarneeb_desktop.record import write_record

    kept = keep_finished(finished(1), NAMES, now=T0)
    exported = export_kept(kept, home / "games")  # the Export put into the games folder
    plain = home / "games" / "20240601-000000-000000-000.json"
    state = finished(3)
    write_record(plain, state, NAMES)  # as `tarneeb tournament --save-records` writes one
    rows = list_kept()
    assert rows.problems == []
    assert {r.path for r in rows.games} == {kept, exported, plain}
    row = next(r for r in rows.games if r.path == plain)
    assert row.totals == tuple(state.scores) and row.winner == state.winner
    assert row.hands == history.played_hands(state.history)
    assert open_kept(plain).state.scores == state.scores
    assert plain.exists() and exported.exists()


def test_import_adds_a_legal_record_and_refuses_anything_else(home: Path, tmp_path: Path) -> None:
    from tarneeb_desktop.record import write_record

    src = tmp_path / "from-a-friend.json"
    state = finished(4)
    write_record(src, state, NAMES)
    added = kept_import.import_record(src)
    assert added.parent == home / "games" and src.exists()
    assert [r.path for r in list_kept().games] == [added]
    bad = tmp_path / "bad.json"
    doc = json.loads(src.read_text(encoding="utf-8"))
    doc["hands"][0]["plays"][0] = "ZZ"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    for wrong, words in (
        (bad, "bad.json: hand"),
        (tmp_path / "missing.json", "there is no file"),
        (tmp_path, "is a folder"),
    ):
        with pytest.raises(KeptGameError, match=words):
            kept_import.import_record(wrong)
    assert bad.exists() and len(list_kept().games) == 1


def test_passed_out_deals_are_not_counted_as_hands(home: Path) -> None:
    """Issue 24, defect 3: a thrown-in deal is not a hand, in the kept summary too."""
    state = play_game(make_rules("standard", target=11), 0, ["easy"] * 4).state
    thrown = [r for r in state.history if r.contract is None]
    assert thrown  # this seed's deals include passed-out ones
    row = list_kept(keep_finished(state, NAMES, now=T0).parent).games[0]
    assert row.hands == len(state.history) - len(thrown)


def test_the_keeper_keeps_a_game_once_when_it_ends_and_survives_a_write_error(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tarneeb_desktop.table.flow import Table
    from tarneeb_desktop.table.history import GameKeeper
    from tarneeb_desktop.table.pool import Pool
    from tarneeb_desktop.table.seats import ComputerSeat

    def table(seed: int) -> Table:
        seats = [ComputerSeat("random", seed * 8 + s, NAMES[s]) for s in range(4)]
        state = GameState.new(make_rules("standard", target=11), seed)
        return Table(state, seats, NAMES, seed=seed, pool=Pool(inline=True))

    t = table(4)
    kept: list[Path] = []
    GameKeeper(t, NAMES, tournament="Friday", game=2, on_kept=kept.append)
    t.run()
    assert t.state.is_over() and len(kept) == 1
    rows = list_kept().games
    assert len(rows) == 1 and rows[0].tournament == "Friday" and rows[0].game == 2
    assert rows[0].totals == tuple(t.state.scores)

    t = table(5)
    errors: list[Exception] = []

    def refuse(*_a: object, **_k: object) -> Path:
        raise OSError("disk full")

    monkeypatch.setattr(history, "keep_finished", refuse)
    GameKeeper(t, NAMES, on_error=errors.append)
    t.run()  # the game still ends
    assert t.state.is_over() and len(errors) == 1


@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
def test_a_game_of_41_keeps_team_totals_and_each_seats_score(home: Path, preset: str) -> None:
    from tarneeb_desktop.rules import GameOver
    from tarneeb_desktop.rules.view import teams_of

    table = play_game(make_rules(preset), 3, ["easy"] * 4)  # random players of 41 may never win
    state = table.state
    over = next(e for e in table.last_events if isinstance(e, GameOver))
    path = keep_finished(state, NAMES, tournament="Cup", game=2, now=T0)
    (row,) = list_kept().games
    assert row.path == path
    assert row.totals == over.totals == teams_of(state.seat_scores)
    assert row.seat_totals == tuple(state.seat_scores)
    assert row.winner == state.winner == over.winner
    assert row.rules_label.startswith(preset) and (row.tournament, row.game) == ("Cup", 2)
    back = open_kept(path).state
    assert (back.history, back.seat_scores, back.winner) == (
        state.history,
        state.seat_scores,
        state.winner,
    )
    doc = json.loads(path.read_text())
    doc["kept"]["seat_totals"] = [1, 2, 3]  # damaged: the row is set aside, the list opens
    path.write_text(json.dumps(doc))
    kept = list_kept()
    assert kept.games == [] and len(kept.problems) == 1


def test_a_game_with_a_take_back_is_kept_marked(home: Path) -> None:
    from tarneeb_desktop.table.flow import Table
    from tarneeb_desktop.table.history import GameKeeper
    from tarneeb_desktop.table.pool import Pool
    from tarneeb_desktop.table.seats import ComputerSeat
    from tarneeb_desktop.ui.screens.games.games import rules_text

    seats = [ComputerSeat("random", 40 + s, NAMES[s]) for s in range(4)]
    t = Table(GameState.new(make_rules("standard", target=11), 6), seats, NAMES, pool=Pool())
    GameKeeper(t, NAMES)
    t.taken_back = True  # as Table.take_back leaves it
    t.run()
    row = list_kept().games[0]
    assert row.taken_back and "undo used" in rules_text(row)
    plain = keep_finished(finished(2), NAMES)
    assert not next(g for g in list_kept().games if g.path == plain).taken_back
