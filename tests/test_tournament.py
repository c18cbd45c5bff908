"""Tournaments, winner stays on (table/tournament.py) and ``tarneeb tournament``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tarneeb_desktop.arena import play_game
from tarneeb_desktop.cli import main as cli_main
from tarneeb_desktop.record import load_record, to_record
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.table.history import played_hands
from tarneeb_desktop.table.tournament import (
    Pairing,
    Player,
    Team,
    Tournament,
    TournamentError,
    game_seed,
)

RULES = make_rules("standard")


def people(n: int) -> list[Team]:
    """n teams of two people: team i is "Ai & Bi"."""
    return [Team.of([Player("person", f"A{i}"), Player("person", f"B{i}")]) for i in range(n)]


def play(t: Tournament, sides: list[int], totals: tuple[int, int] = (31, 10)) -> list[Pairing]:
    """Record games won by these sides (0: the team at seats 0 and 2); the pairings played."""
    played = []
    for side in sides:
        p = t.next_game()
        assert p is not None
        played.append(p)
        t.record_result(side, totals if side == 0 else totals[::-1], 5)
    return played


# ---------------------------------------------------------------------- teams


def test_teams_are_three_to_eight_and_players_are_checked() -> None:
    for n in (0, 2, 9):
        with pytest.raises(TournamentError, match=f"3 to 8 teams, not {n}"):
            Tournament(people(n), RULES, games=3)
    for n in (3, 8):
        assert Tournament(people(n), RULES, games=3).next_game() == Pairing(0, (0, 1))
    with pytest.raises(TournamentError, match="unknown player 'grandmaster'"):
        Player.from_spec("grandmaster")
    with pytest.raises(TournamentError, match="needs a command"):
        Player.from_spec("cmd:  ")
    with pytest.raises(TournamentError, match="one of person"):
        Player("ghost", "x")
    with pytest.raises(TournamentError, match="games must be a whole number of 1 or more"):
        Tournament(people(3), RULES, games=0)
    with pytest.raises(TournamentError, match="games in a row"):
        Tournament(people(3), RULES, games=3, streak=0)


def test_team_names_default_from_the_players_and_can_be_edited() -> None:
    karim, layla = Player("person", "Karim"), Player("network", "Layla", level="easy")
    assert Team.of([karim, layla]).name == "Karim & Layla"
    assert Team.of([karim, layla], name="  Falcons ").name == "Falcons"
    assert Team.of([Player.from_spec("medium")] * 2).name == "medium"
    bot = Player.from_spec("cmd:tarneeb bot")
    assert (bot.kind, bot.command, bot.spec()) == ("bot", "tarneeb bot", "cmd:tarneeb bot")
    with pytest.raises(TournamentError, match="not a computer or a bot"):
        karim.spec()


# ---------------------------------------------------------------------- order


def test_winner_stays_in_its_seats_and_the_loser_goes_to_the_back_of_the_queue() -> None:
    t = Tournament(people(4), RULES, games=10)
    played = play(t, [1, 0, 0, 1, 1])
    # g0: 0 v 1, side 1 (team 1) wins; queue 2 3 0. g1: team 2 takes side 0 and wins;
    # queue 3 0 1. g2: 2 stays at side 0 v 3, wins; queue 0 1 3. g3: 2 v 0, 0 wins at
    # side 1; queue 1 3 2. g4: 1 takes side 0 v 0 at side 1, 0 wins; queue 3 2 1.
    assert [p.teams for p in played] == [(0, 1), (2, 1), (2, 3), (2, 0), (1, 0)]
    assert [p.number for p in played] == [0, 1, 2, 3, 4]
    assert t.next_game() == Pairing(5, (3, 0))
    assert t.queue == [2, 1]
    # The team staying on keeps its seats: team 2 sat at 0 and 2 in games 1 to 3.
    for p in played[1:4]:
        assert t.names(p)[0::2] == ["A2", "B2"]
    assert t.names(played[4]) == ["A1", "A0", "B1", "B0"]
    assert [t.player_at(played[4], s).name for s in range(4)] == ["A1", "A0", "B1", "B0"]
    assert [r.winner for r in t.results] == [1, 2, 2, 0, 0]


def test_knockout_until_one_team_is_left() -> None:
    t = Tournament(people(4), RULES, knockout=True)
    played = play(t, [0, 1, 1])
    # 0 beats 1 (out); 2 beats 0 (out); 2, staying at side 1, beats 3 (out).
    assert [p.teams for p in played] == [(0, 1), (0, 2), (3, 2)]
    assert t.finished == "knockout" and t.next_game() is None
    assert t.knocked_out == [1, 0, 3]
    assert t.champion() == 2
    out = {s.team: s.knocked_out for s in t.standings()}
    assert out == {0: True, 1: True, 2: False, 3: True}
    with pytest.raises(TournamentError, match="over"):
        t.record_result(0, (31, 0), 3)


# ---------------------------------------------------------------------- end


def test_it_ends_after_the_number_of_games() -> None:
    t = Tournament(people(3), RULES, games=4)
    play(t, [0, 1, 0])
    assert t.finished is None and t.next_game() is not None
    play(t, [1])
    assert t.finished == "games" and t.next_game() is None and len(t.results) == 4


def test_it_ends_when_a_team_wins_the_games_in_a_row_asked_for() -> None:
    t = Tournament(people(3), RULES, games=20, streak=3)
    play(t, [0, 1, 1])  # 0 wins, then 2 beats 0, then 2 beats 1: 2 has won two in a row
    assert t.current_streak() == (2, 2) and t.finished is None
    play(t, [0, 0])  # 0, back at side 0, beats 2 (its streak is over); 0 beats 1
    assert t.current_streak() == (0, 2) and t.finished is None
    play(t, [0])
    assert t.current_streak() == (0, 3)
    assert t.finished == "streak" and t.next_game() is None and len(t.results) == 6


def test_it_ends_by_hand_and_the_game_in_progress_does_not_count() -> None:
    t = Tournament(people(3), RULES, games=20)
    play(t, [0, 0])
    t.finish()
    assert t.finished == "by_hand" and t.next_game() is None and len(t.results) == 2
    with pytest.raises(TournamentError):
        t.record_result(0, (31, 0), 3)
    assert t.champion() == 0
    empty = Tournament(people(3), RULES, games=5)
    empty.finish()
    assert empty.champion() is None and empty.result_document()["champion"] is None


# ---------------------------------------------------------------------- standings


def win(t: Tournament, team: int, points_for: int, points_against: int) -> None:
    """Record the current game as won by ``team`` with these points."""
    p = t.next_game()
    assert p is not None and team in p.teams
    side = p.teams.index(team)
    totals = [0, 0]
    totals[side], totals[1 - side] = points_for, points_against
    t.record_result(side, totals, 4)


def test_standings_most_won_then_fewest_lost_then_points_difference_then_order() -> None:
    t = Tournament(people(4), RULES, games=20)
    win(t, 0, 31, 20)  # 0 beats 1; queue 2 3 1
    win(t, 2, 31, 10)  # 2 beats 0; queue 3 1 0
    win(t, 2, 35, 0)  # 2 beats 3; queue 1 0 3
    win(t, 1, 33, 20)  # 1 beats 2; queue 0 3 2
    win(t, 1, 40, 12)  # 1 beats 0; queue 3 2 0
    win(t, 3, 50, 49)  # 3 beats 1; queue 2 0 1
    t.finish()
    rows = {s.team: s for s in t.standings()}
    assert [(rows[i].played, rows[i].won, rows[i].lost) for i in range(4)] == [
        (3, 1, 2),
        (4, 2, 2),
        (3, 2, 1),
        (2, 1, 1),
    ]
    assert (rows[1].points_for, rows[1].points_against) == (20 + 33 + 40 + 49, 31 + 20 + 12 + 50)
    # 2 and 1 both won 2: 2 lost fewer. 3 and 0 both won 1: 3 lost fewer.
    assert [s.team for s in t.standings()] == [2, 1, 3, 0]
    assert t.champion() == 2

    # Same won and lost: the points difference decides; all equal: the order given.
    t = Tournament(people(3), RULES, games=20)
    win(t, 0, 31, 30)  # 0 beats 1 by 1; queue 2 1
    win(t, 2, 40, 10)  # 2 beats 0 by 30; queue 1 0
    win(t, 1, 31, 5)  # 1 beats 2 by 26; queue 0 2
    t.finish()
    # differences: 0: +1 -30 = -29; 1: -1 +26 = +25; 2: +30 -26 = +4
    assert [(s.team, s.won, s.lost) for s in t.standings()] == [(1, 1, 1), (2, 1, 1), (0, 1, 1)]
    t = Tournament(people(3), RULES, games=20)
    win(t, 0, 31, 0)
    win(t, 2, 31, 0)
    win(t, 1, 31, 0)
    t.finish()
    assert [s.team for s in t.standings()] == [0, 1, 2]
    assert t.champion() == 0


def test_a_team_that_never_played_stands_below_one_that_played_and_lost() -> None:
    """Issue 48 item 16: a team that never played (0 games, 0 points) was ranked above one
    that lost its game with 30 points (fewer games lost)."""
    t = Tournament(people(3), RULES, games=1)
    win(t, 0, 31, 30)  # 0 beats 1; team 2 never plays
    t.finish()
    assert [(s.team, s.played) for s in t.standings()] == [(0, 1), (1, 1), (2, 0)]


def test_a_tournaments_computers_never_take_a_persons_name() -> None:
    """Issue 48 item 15: "Sami & Layla against Sami & Rana": a computer had the person's
    name. Computers whose name clashes with a person's (or an earlier player's) take free
    ones; the person keeps theirs, and the teams' names follow."""
    from tarneeb_desktop.session.tournament import new_tournament

    t = new_tournament(
        [
            (None, [("person", "Sami"), ("medium", "Layla")]),
            (None, [("easy", "sami"), ("hard", "Rana")]),
            (None, [("easy", "Layla"), ("easy", "Rana")]),
        ],
        RULES,
        games=3,
    )
    names = [p.name for team in t.teams for p in team.players]
    assert names[0] == "Sami" and len({n.casefold() for n in names}) == 6, names
    assert t.teams[1].name == f"{names[2]} & Rana"


def test_a_saved_tournament_reads_back_and_a_damaged_one_is_refused() -> None:
    teams = people(3)
    teams[2] = Team.of([Player.from_spec("easy"), Player("network", "Omar", level="hard")])
    t = Tournament(teams, make_rules("egyptian"), games=9, streak=4, seed=77)
    play(t, [1, 0, 1])
    doc = json.loads(json.dumps(t.to_dict()))
    back = Tournament.from_dict(doc)
    assert back.to_dict() == t.to_dict()
    assert back.next_game() == t.next_game() and back.queue == t.queue
    assert back.teams == t.teams and back.rules == t.rules
    assert back.result_document() == t.result_document()
    assert back.game_seed(back.next_game()) == game_seed(77, 3)  # type: ignore[arg-type]
    t.finish()
    assert Tournament.from_dict(t.to_dict()).finished == "by_hand"

    bad = json.loads(json.dumps(doc))
    bad["results"][1]["winner"] = 0  # team 0 did not play game 2
    with pytest.raises(TournamentError, match="game 2"):
        Tournament.from_dict(bad)
    bad = json.loads(json.dumps(doc))
    bad["results"][0]["teams"] = [1, 0]
    with pytest.raises(TournamentError, match="game 1"):
        Tournament.from_dict(bad)
    for broken in ({}, {"format": "tarneeb-tournament-state/1", "teams": "x"}, None):
        with pytest.raises(TournamentError):
            Tournament.from_dict(broken)
    bad = json.loads(json.dumps(doc))
    bad["teams"] = bad["teams"][:2]
    with pytest.raises(TournamentError, match="3 to 8"):
        Tournament.from_dict(bad)


# ---------------------------------------------------------------------- headless


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_whole_headless_tournament_its_json_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    argv = ["tournament", "--teams", "random,easy,random,easy", "--games", "5", "--seed", "9"]
    argv += ["-o", "target=11", "--save-records", str(folder), "--json"]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    doc = json.loads(out.strip().splitlines()[-1])
    assert list(doc) == ["format", "rules", "teams", "games", "standings", "champion"]
    assert doc["format"] == "tarneeb-tournament/1"
    assert doc["rules"] == {"preset": "standard", "target": 11}
    # each team its name: its level, numbered where two share one (issue 48 item 16)
    assert doc["teams"] == ["random 1", "easy 1", "random 2", "easy 2"]
    assert len(doc["games"]) == 5
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"game-{i:03d}.json" for i in range(1, 6)]
    rules = make_rules("standard", target=11)
    for i, (game, path) in enumerate(zip(doc["games"], files, strict=True)):
        assert list(game) == ["teams", "winner", "totals", "hands"]
        assert run(["replay", str(path)], capsys)[0] == 0
        rep = load_record(path)
        assert rep.state.is_over()
        assert rep.state.scores == game["totals"]
        assert game["teams"][rep.state.winner] == game["winner"]
        assert played_hands(rep.state.history) == game["hands"]  # thrown-in deals aside
        # four players' own names, never their levels ("easy & easy vs easy & easy")
        assert len(set(rep.players)) == 4 and not {"random", "easy"} & set(rep.players)
        levels = [doc["teams"][game["teams"][s % 2]].split()[0] for s in range(4)]
        # The game is the one the seed formula gives: played again, the same record.
        again = play_game(rules, game_seed(9, i), levels)
        assert to_record(again.state, rep.players) == json.loads(path.read_text())
    # Winner stays on: each game after the first keeps the last winner, at the same side.
    for before, game in zip(doc["games"], doc["games"][1:], strict=False):
        side = before["teams"].index(before["winner"])
        assert game["teams"][side] == before["winner"]
    standings = doc["standings"]
    assert [s["team"] for s in standings].count(doc["champion"]) == 1
    assert standings[0]["team"] == doc["champion"]
    assert sum(s["won"] for s in standings) == 5 == sum(s["lost"] for s in standings)
    for s in standings:
        assert list(s) == ["team", "name", "played", "won", "lost", "points_for", "points_against"]
        assert s["name"] == doc["teams"][s["team"]]
        mine = [g for g in doc["games"] if s["team"] in g["teams"]]
        assert s["played"] == len(mine)
        assert s["points_for"] == sum(g["totals"][g["teams"].index(s["team"])] for g in mine)
    # The same seed, the same tournament.
    code, out2, _ = run(argv[:-3] + ["--json"], capsys)
    assert code == 0 and out2.strip().splitlines()[-1] == out.strip().splitlines()[-1]


def test_a_headless_knockout_and_a_streak(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--teams", "random,easy,random", "--knockout", "--seed", "2"]
    code, out, _ = run(argv + ["-o", "target=11", "--json"], capsys)
    doc = json.loads(out.strip().splitlines()[-1])
    assert code == 0 and len(doc["games"]) == 2
    assert doc["champion"] == doc["games"][-1]["winner"]
    argv = ["tournament", "--teams", "random,medium,random", "--games", "30", "--streak", "2"]
    code, out, _ = run(argv + ["--seed", "1", "-o", "target=11", "--json"], capsys)
    doc = json.loads(out.strip().splitlines()[-1])
    games = doc["games"]
    assert code == 0 and len(games) < 30
    assert games[-1]["winner"] == games[-2]["winner"]
    assert all(a["winner"] != b["winner"] for a, b in zip(games[:-2], games[1:-1], strict=True))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--teams", "easy,medium", "--games", "3"], "3 to 8 teams, not 2"),
        (["--teams", ",".join(["easy"] * 9), "--games", "3"], "3 to 8 teams, not 9"),
        (["--teams", "easy,medium,wizard", "--games", "3"], "unknown player 'wizard'"),
        (["--teams", "easy,medium,hard"], "--games N is needed"),
        (["--teams", "easy,medium,hard", "--games", "0"], "--games must be at least 1"),
        (["--teams", "easy,,hard", "--games", "2"], "comma-separated"),
        (["--teams", "easy,medium,hard", "--games", "2", "--rules", "x"], "unknown preset"),
        (["--teams", "easy,medium,hard", "--games", "2", "-o", "target"], "KEY=VALUE"),
    ],
)
def test_wrong_usage_exits_2_with_a_sentence(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["tournament", *args], capsys)
    assert code == 2
    assert says in err and err.startswith("tarneeb tournament: ")
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("offset", [0, 1, 2, 3])
def test_a_turned_table_counts_for_the_right_teams(offset: int) -> None:
    """The window turns the table so a person sits at seat 0: table seat s is the pairing's
    seat (s + offset) % 4; the result must still go to the pairing's teams."""
    t = Tournament(people(3), RULES, games=3, seed=1)
    pairing = t.next_game()
    assert pairing is not None
    table = play_game(RULES, 5, ["random"] * 4)
    state = table.state
    result = t.record_game(state, offset)
    winner_seat_pairing = (state.winner + offset) % 2  # a seat of the winning table team
    assert result.winner == pairing.teams[winner_seat_pairing]
    by_team = {pairing.teams[(s + offset) % 2]: state.scores[s] for s in (0, 1)}
    assert result.totals == (by_team[pairing.teams[0]], by_team[pairing.teams[1]])
    with pytest.raises(TournamentError):
        t.record_game(state, 4)


@pytest.mark.parametrize("preset", ["syrian41", "lebanese400"])
def test_41_tournaments_count_the_partners_summed_seat_scores(preset: str, tmp_path: Path) -> None:
    from tarneeb_desktop.rules import GameOver
    from tarneeb_desktop.rules.view import teams_of
    from tarneeb_desktop.session.tournament import record_path, run_tournament

    rules = make_rules(preset)
    # easy players: random ones of 41 may never reach the target with a partner above zero
    teams = [Team.of([Player.from_spec("easy")] * 2, name=f"E{i}") for i in range(3)]
    t = Tournament(teams, rules, games=3, seed=11)
    run_tournament(t, tmp_path)
    assert len(t.results) == 3 and t.finished == "games"
    for n, r in enumerate(t.results):
        rep = load_record(record_path(tmp_path, n))
        state = rep.state
        assert state.is_over() and rep.state.rules.game == "41"
        assert r.totals == teams_of(state.seat_scores) == tuple(state.scores)
        assert r.winner == r.teams[state.winner] and r.hands == played_hands(state.history)
    # and the game over event says the same totals as the flow publishes them
    table = play_game(rules, game_seed(11, 0), ["easy"] * 4)
    over = [e for e in table.last_events if isinstance(e, GameOver)]
    assert over and over[0].totals == tuple(table.state.scores)
    std = t.standings()
    assert sum(s.points_for for s in std) == sum(sum(r.totals) for r in t.results)


def test_a_games_hands_are_counted_as_the_viewer_counts_them() -> None:
    """Issue 38, defect 2: the results said "4 hands played" for a game the viewer and
    `tarneeb replay` count as 3 (a deal thrown in is not a hand)."""
    import random as _random

    from tarneeb_desktop.rules import GameState, make_rules
    from tarneeb_desktop.table.history import played_hands, thrown_in
    from tarneeb_desktop.table.tournament import Player, Team, Tournament

    teams = [Team.of([Player("computer", n, level="random")] * 2, name=n) for n in "ABC"]
    t = Tournament(teams, make_rules("standard", target=5), games=3)
    assert t.next_game() is not None
    state = GameState.new(make_rules("standard", target=5), seed=2, dealer=3)
    for _ in range(4):
        state.apply("pass")  # the first deal thrown in
    rng = _random.Random(2)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert any(thrown_in(r) for r in state.history)
    result = t.record_game(state)
    assert result.hands == played_hands(state.history) < len(state.history)


def test_two_teams_of_the_same_level_are_told_apart(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38, defect 13: `--teams easy,easy` printed "easy vs easy ... easy wins"."""
    code, out, _ = run(
        ["tournament", "--teams", "easy,easy,random", "--games", "2", "--seed", "3",
         "-o", "target=11"],
        capsys,
    )  # fmt: skip
    assert code == 0
    games = [line for line in out.splitlines() if line.startswith("game ")]
    assert games and all(" vs " in g for g in games)
    for g in games:
        left, right = g.split("  ")[0].split(": ", 1)[1].split(" vs ")
        assert left != right
    assert "easy 2" in out


def test_the_trophy_says_a_team_did_not_play_rather_than_rank_it_on_nothing() -> None:
    """Issue 48 item 16, the trophy's short standings: a team whose turn never came reads
    "no game played", last, not "0 games won, 0 points" above a team that lost."""
    from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene
    from tests.test_ui_helpers import make_app

    t = Tournament(people(3), RULES, games=1)
    win(t, 0, 31, 30)
    t.finish()
    scene = TrophyScene(make_app(), t, lambda: None)
    lines = [line for line, _ in scene.lines()]
    assert lines[1].startswith("2. ") and "30 points" in lines[1]
    assert lines[2] == f"3. {t.teams[2].name}: no game played"
