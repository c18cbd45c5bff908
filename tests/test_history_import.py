"""Kept games, issue 38 item 3: the same game is not imported twice (its content, not its
file's name, says so), the name an export offers (the date; a tournament's name and game),
and a table's game exported as it was kept."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tarneeb_desktop.arena import play_game
from tarneeb_desktop.record import write_record
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.table import history
from tarneeb_desktop.table.history import (
    AlreadyKeptError,
    export_finished,
    export_name,
    finished_name,
    game_key,
    keep_finished,
    list_kept,
)
from tarneeb_desktop.table.kept_import import import_record

T0 = datetime(2026, 12, 4, 21, 30, tzinfo=UTC)
NAMES = ["Sami", "Rana", "Omar", "Hala"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def game(seed: int):  # type: ignore[no-untyped-def]
    return play_game(make_rules("standard", target=11), seed, ["random"] * 4, NAMES).state


def test_a_game_kept_already_is_not_imported_again(home: Path, tmp_path: Path) -> None:
    state = game(1)
    kept = keep_finished(state, NAMES, now=T0)
    other = tmp_path / "renamed by a friend.json"
    write_record(other, state, ["W", "X", "Y", "Z"])  # other names, no summary: the same game
    doc = json.loads(other.read_text(encoding="utf-8"))
    doc["hands"][0]["cards"][0] = " ".join(reversed(doc["hands"][0]["cards"][0].split()))
    other.write_text(json.dumps(doc), encoding="utf-8")  # its cards in another order
    with pytest.raises(AlreadyKeptError, match="already kept") as err:
        import_record(other)
    assert err.value.path == kept and len(list_kept().games) == 1
    new = tmp_path / "new.json"
    write_record(new, game(2), NAMES)
    added = import_record(new)  # another game is added
    with pytest.raises(AlreadyKeptError):
        import_record(new)  # once
    assert {g.path for g in list_kept().games} == {kept, added}


def test_the_key_is_the_games_content() -> None:
    a, b = game(1), game(2)
    from tarneeb_desktop.record import to_record

    assert game_key(to_record(a, NAMES)) == game_key(to_record(a, None))
    assert game_key(to_record(a, NAMES)) != game_key(to_record(b, NAMES))
    doc = to_record(a, NAMES)
    doc["rules"] = dict(doc["rules"], target=41)
    assert game_key(doc) != game_key(to_record(a, NAMES))  # other rules: another game


def test_the_name_an_export_offers() -> None:
    local = T0.astimezone()
    assert export_name(T0) == f"tarneeb-{local:%Y-%m-%d-%H%M}.json"
    day = f"{local:%Y-%m-%d}"
    assert export_name(T0, "Cup", 2) == f"tarneeb-Cup-{day}-game2.json"
    made = f"Tournament {day} 21:12"  # as the setup names one: the date not twice
    assert export_name(T0, made, 3) == f"tarneeb-Tournament-{day}-21-12-game3.json"
    assert export_name(T0, 'a/b: "c"?', 1) == f"tarneeb-a-b-c-{day}-game1.json"


def test_a_tables_game_is_exported_as_it_was_kept(home: Path, tmp_path: Path) -> None:
    state = game(3)
    keep_finished(state, NAMES, now=T0, tournament="Cup", game=2)
    local = T0.astimezone()
    assert finished_name(state, NAMES) == f"tarneeb-Cup-{local:%Y-%m-%d}-game2.json"
    out = export_finished(state, NAMES, tmp_path / "out")
    assert out == tmp_path / "out.json"
    kept = json.loads(out.read_text(encoding="utf-8"))["kept"]
    assert kept["tournament"] == "Cup" and kept["game"] == 2
    again = export_finished(state, NAMES, tmp_path / "out.json")  # never overwrites
    assert again != out and again.exists()
    plain = game(4)  # never kept: its plain record, today's date offered
    assert finished_name(plain, NAMES).startswith("tarneeb-20")
    out = export_finished(plain, NAMES, tmp_path / "plain.json")
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert "kept" not in doc and history.replay(doc).state.scores == plain.scores
