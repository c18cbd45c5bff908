"""Setting up a game below the window (session.py), the one seed source (seeds.py)
and the one "once, when the game ends" helper (table/ending.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarneeb_desktop import seeds
from tarneeb_desktop.record import load_record
from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.seeds import seat_seed
from tarneeb_desktop.session import game as session
from tarneeb_desktop.session import tournament
from tarneeb_desktop.stats import Statistics, StatsRecorder
from tarneeb_desktop.table.ending import GameEnd, when_over
from tarneeb_desktop.table.history import GameKeeper, list_kept
from tarneeb_desktop.table.seats import ComputerSeat
from tarneeb_desktop.table.tournament import Player, Team, Tournament

NAMES = ["You", "Karim", "Layla", "Omar"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    monkeypatch.delenv(seeds.TEST_SEED_VARIABLE, raising=False)
    return tmp_path


def computer_table(seed: int = 5, target: int = 11):  # type: ignore[no-untyped-def]
    state = GameState.new(make_rules("standard", target=target), seed=seed)
    return session.local_table(state, NAMES, (), ["random"] * 4, seed, inline=True)


# ---------------------------------------------------------------------- the seed


def test_the_one_seed_source(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(seeds.TEST_SEED_VARIABLE, raising=False)
    assert seeds.env_seed() is None
    assert seeds.new_seed(12) == 12 and seeds.new_seed(0) == 0
    drawn = {seeds.new_seed() for _ in range(20)}
    assert len(drawn) > 1 and all(0 <= s < 1 << 31 for s in drawn)
    assert all(0 <= seeds.random_seed() < 1 << 31 for _ in range(20))
    for text, value in (("5", 5), ("-3", -3), ("0042", 42), ("", None), ("x", None),
                        ("5x", None), ("--5", None), ("+5", None)):  # fmt: skip
        monkeypatch.setenv(seeds.TEST_SEED_VARIABLE, text)
        assert seeds.env_seed() == value, text
    monkeypatch.setenv(seeds.TEST_SEED_VARIABLE, "7")
    assert seeds.new_seed() == 7 and seeds.new_seed(3) == 3  # a given seed wins


def test_the_window_and_a_tournament_take_the_test_seed(
    monkeypatch: pytest.MonkeyPatch, ui_home: Path
) -> None:
    from tarneeb_desktop.ui.screens.tournament.setup import SetupScene
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_ui_helpers import make_app

    monkeypatch.setenv(seeds.TEST_SEED_VARIABLE, "1234")
    app = make_app(speed="instant")
    scene = TableScene.new_game(app, make_rules(), inline_ai=True, level="random")
    assert scene.seed == 1234 and scene.table.state.seed == 1234
    # its computer seats' generators are seeded by the one formula
    assert {s: p.seed for s, p in scene.players.items()} == {
        s: seat_seed(1234, s) for s in (1, 2, 3)
    }
    assert SetupScene(app).tournament().seed == 1234


def test_the_tutorial_seeds_its_computers_by_the_one_formula() -> None:
    from tarneeb_desktop.session import tutorial

    seat = tutorial.scripted_seat(tutorial.SCRIPT, tutorial.SEED, 1, "East")
    # the medium player behind the script is seeded seat_seed(SEED, 1)
    cells = [c.cell_contents for c in seat.choose.__closure__ or ()]  # type: ignore[attr-defined]
    player = next(c for c in cells if isinstance(c, ComputerSeat))
    assert player.level == "medium" and player.seed == seat_seed(tutorial.SEED, 1)


# ---------------------------------------------------------------------- once, at the end


def test_game_end_is_true_exactly_once_and_never_for_a_game_already_over() -> None:
    table = computer_table()
    end = GameEnd(table)
    fired: list[int] = []
    looks: list[bool] = []
    when_over(table, lambda: fired.append(table.seq))
    table.listen(lambda _change: looks.append(end.now()))
    table.run()
    assert fired == [table.seq]  # once, at the change that ended the game
    assert looks.count(True) == 1 and looks[-1] is True
    assert end.now() is False and end.done
    # a table watched after its end has had its moment already
    late: list[int] = []
    when_over(table, lambda: late.append(1))
    assert not GameEnd(table).now() and late == []


def test_keeper_statistics_and_tournament_count_once_each(home: Path) -> None:
    """The three users of the helper, on one game: one kept file, one game counted, one
    result in the tournament, however many changes follow the end."""
    teams = [
        Team.of([Player("computer", f"{n}{i}", level="random") for i in (1, 2)]) for n in "ABC"
    ]
    t = Tournament(teams, make_rules("standard", target=11), games=2, seed=9)
    game = tournament.TournamentGame(
        t, t.next_game(), name="Cup", tournament_id="Cup/9", save_path=home / "t.json",
        counted=lambda: counted.append(1),
    )  # fmt: skip
    counted: list[int] = []
    link = game.local_link(inline=True)
    table = link.table
    stats_path = home / "stats.json"
    StatsRecorder(table, stats_path, "random")  # the tournament adds it only with people
    changes: list[object] = []
    table.listen(changes.append)
    table.run()
    for _ in range(3):  # the last change heard again counts nothing more
        for listener in list(table.listeners):
            listener(changes[-1])
    assert counted == [1] and len(t.results) == 1
    kept = list_kept()
    assert len(kept.games) == 1 and kept.games[0].tournament == "Cup" and kept.games[0].game == 1
    assert Statistics.load(stats_path).totals()["games_played"] == 1
    # a keeper and a recorder attached to the finished table count nothing again
    GameKeeper(table, NAMES)
    StatsRecorder(table, stats_path, "random")
    assert len(list_kept().games) == 1 and Statistics.load(stats_path).totals()["games_played"] == 1


# ---------------------------------------------------------------------- levels and links


def test_opponents_level_is_seats_1_and_3() -> None:
    assert session.opponents_level(["x", "easy", "y", "easy"], (0,)) == "easy"
    assert session.opponents_level(["x", "easy", "y", "hard"], (0,)) == "mixed"
    assert session.opponents_level(["x", "easy", "y", "easy"], (0, 1)) == "mixed"
    assert session.opponents_level(["x", "easy", "y", "easy"], (0, 1, 3)) == "human"


def test_an_offline_link_has_its_listeners_only_with_a_person(home: Path) -> None:
    state = GameState.new(make_rules(), seed=3)
    link = session.offline_link(state, NAMES, (0,), ["random"] * 4, 3, inline=True)
    assert link.autosave is not None and link.people == (0,)
    assert [type(s).__name__ for s in link.table.seats] == ["PersonSeat"] + ["ComputerSeat"] * 3
    assert not link.table.allow_take_back
    assert session.offline_link(
        GameState.new(make_rules(), seed=3), NAMES, (0,), ["random"] * 4, 3, allow_undo=True
    ).table.allow_take_back
    quiet = session.offline_link(
        GameState.new(make_rules(), seed=3), NAMES, (), ["random"] * 4, 3, autoplay=True
    )
    assert quiet.autosave is None and len(quiet.table.listeners) == len(
        session.LocalLink(
            session.local_table(state, NAMES, (), ["random"] * 4, 3), ()
        ).table.listeners
    )


def test_a_tournament_table_is_turned_for_a_person_at_seat_1() -> None:
    p = [Player("computer", "A", level="easy"), Player("person", "Me"),
         Player("computer", "B", level="hard"), Player("computer", "C", level="easy")]  # fmt: skip
    off, players = tournament.turned_seats(p)
    assert off == 1 and [x.name for x in players] == ["Me", "B", "C", "A"]
    assert tournament.turned_seats(list(reversed(p)))[0] == 0  # a person at seat 2 sits there


# ---------------------------------------------------------------------- the record


def test_the_record_writer_writes_a_legal_record_once_at_the_end(home: Path) -> None:
    path = home / "game.json"
    state = GameState.new(make_rules("standard", target=11), seed=21)
    link = session.offline_link(
        state, NAMES, (), ["random"] * 4, 21, inline=True, autoplay=True, save_record=path
    )
    table = link.table
    table.run()
    assert path.exists()
    # what the window wrote at the game-over step before: the table's record at its end
    table.write_record(home / "old.json")
    assert json.loads(path.read_text()) == json.loads((home / "old.json").read_text())
    rep = load_record(path)
    assert rep.state.is_over() and rep.state.scores == table.state.scores


def test_a_record_that_cannot_be_written_is_said_and_the_game_goes_on(home: Path) -> None:
    errors: list[OSError] = []
    table = computer_table()
    writer = session.RecordWriter(table, home / "missing" / "x" / "game.json", errors.append)
    (home / "missing").write_text("a file, not a folder")
    table.run()
    assert table.state.is_over() and len(errors) == 1 and not writer.written


def test_an_autoplayed_window_game_writes_the_same_record_as_before(ui_home: Path) -> None:
    """``tarneeb --autoplay --save-record``: the listener's file is the table's record at
    the game's end, which the animation step used to write; the app exits with 0."""
    from tarneeb_desktop.ui.table_scene import TableScene
    from tests.test_ui_helpers import FRAME, make_app

    record = ui_home / "auto.json"
    app = make_app(speed="instant")
    scene = TableScene.new_game(
        app, make_rules("standard", target=11), 3, humans=(), level="random",
        autoplay=True, save_record=str(record), inline_ai=True,
    )  # fmt: skip
    app.switch(scene)
    for _ in range(20000):
        app.step(FRAME, [])
        if scene.finished:
            break
    assert scene.finished and app.exit_code == 0 and record.exists()
    scene.table.write_record(ui_home / "old.json")  # the old path, at the game-over step
    assert record.read_text() == (ui_home / "old.json").read_text()
    assert load_record(record).state.is_over()


# ---------------------------------------------------------------------- hosting


def test_host_table_opens_a_loopback_table_and_seats_the_people_here() -> None:
    from tarneeb_desktop.session.lan import HostError, host_table

    host, sessions = host_table(
        [(0, "Sami")], announce=False, bind="127.0.0.1", port=0, ai_delay=0.0,
        rules=make_rules(), seed=4, open_seats=[0, 1], auto_start=False,
    )  # fmt: skip
    try:
        assert host.seed == 4 and host.address[0] == "127.0.0.1"
        assert len(sessions) == 1 and sessions[0].seat == 0 and host.seats[0].name == "Sami"
        assert host.free_seats() == [1]
    finally:
        for s in sessions:
            s.close()
        host.stop()
    with pytest.raises(HostError) as caught:  # a seat that is not open cannot be taken
        host_table(
            [(2, "Rana")], announce=False, bind="127.0.0.1", port=0, rules=make_rules(),
            open_seats=[0], auto_start=False,
        )  # fmt: skip
    assert caught.value.why is not None


def test_continue_goes_on_with_the_newest_save_the_daily_deal_first_on_a_tie() -> None:
    from tarneeb_desktop.session.daily.halfway import HalfPlayed
    from tarneeb_desktop.session.resume import Resumable
    from tarneeb_desktop.table.resume import SavedSummary

    game = SavedSummary(make_rules(), 3, 5, 2, saved_at=100.0)
    half = HalfPlayed("ABCD", "hard", 1, saved_at=100.0)
    assert Resumable().first is None
    assert Resumable(game=game).first == "game"
    assert Resumable(game=game, tournament=99.0).first == "game"
    assert Resumable(game=game, tournament=100.0).first == "tournament"
    assert Resumable(game=game, tournament=101.0, daily=half).first == "tournament"
    assert Resumable(game=game, tournament=100.0, daily=half).first == "daily"


def test_what_continue_resumes_is_read_below_the_window(home: Path) -> None:
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.session.resume import resumable
    from tarneeb_desktop.table.savegame import savegame_path

    notices: list[str] = []
    assert resumable(notices).first is None and notices == []
    write_record(savegame_path(), GameState.new(make_rules(), seed=2), ["You", "A", "B", "C"])
    saves = resumable(notices)
    assert saves.first == "game" and saves.game is not None and saves.game.hand == 1
    savegame_path().write_text("{ not json")
    saves = resumable(notices)
    assert saves.first is None and saves.damaged  # said once: the file has been set aside
    assert not savegame_path().exists() and resumable(notices).damaged is None
    (home / "tournament.json").write_text('{"format": "tarneeb-tournament-save/1"}')
    assert resumable(notices).tournament is None and notices  # damaged: set aside and said
