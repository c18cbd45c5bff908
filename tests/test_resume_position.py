"""Issue 24, defect 4: a game killed in the middle of a trick resumes at that card, and the
computer then plays the card it would have played (every computer decision is seeded by
the position: ``seeds.position_seed``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.seeds import position_seed
from tarneeb_desktop.session.game import offline_link
from tarneeb_desktop.table.link import LocalLink
from tarneeb_desktop.table.savegame import read_save
from tarneeb_desktop.table.seats import ComputerSeat

NAMES = ["Sara", "Karim", "Layla", "Omar"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    return tmp_path


def drive(link: LocalLink, stop) -> None:  # type: ignore[no-untyped-def]
    """Play on (the person at seat 0 plays the first legal action) until ``stop(state)``."""
    table = link.table  # type: ignore[attr-defined]
    for _ in range(2000):
        if stop(table.state):
            return
        if table.state.current_player() == 0:
            table.submit(0, table.state.view(0).legal[0])
        else:
            assert table.pump(), "a computer seat did not act"
    raise AssertionError("never reached the position")


def mid_trick(state: GameState) -> bool:
    """Two cards of the third trick are down and a computer is to play."""
    return state.phase == "play" and len(state.tricks) == 2 and len(state.trick) == 2


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_game_killed_mid_trick_resumes_there_with_the_same_computer_card(
    home: Path, level: str
) -> None:
    rules = make_rules("standard")
    levels = [level] * 4
    save = home / "savegame.json"
    link = offline_link(
        GameState.new(rules, seed=11), NAMES, (0,), levels, 11, inline=True, save_path=save
    )
    drive(link, mid_trick)
    seat = link.table.state.current_player()  # type: ignore[attr-defined]
    assert seat != 0
    # the save was written after the last card, not only at the trick's end: "kill" here
    saved = read_save(save)
    assert saved is not None
    assert saved.state.plays == link.table.state.plays  # type: ignore[attr-defined]
    played = len(link.table.state.plays)  # type: ignore[attr-defined]
    drive(link, lambda s: len(s.plays) > played)
    card_before_kill = link.table.state.plays[played]  # type: ignore[attr-defined]
    # Continue: a new table from the save, with its seed
    resumed = offline_link(
        saved.state, saved.names, (0,), levels, saved.seed, inline=True, save_path=save
    )
    assert resumed.table.state.current_player() == seat  # type: ignore[attr-defined]
    drive(resumed, lambda s: len(s.plays) > played)
    assert resumed.table.state.plays[played] == card_before_kill  # type: ignore[attr-defined]


def test_the_same_position_gets_the_same_answer_whatever_came_before() -> None:
    """A seat's answer depends on the position and the seed only, not on how many
    decisions its generator made before."""
    state = GameState.new(make_rules("standard"), seed=3)
    seat = state.current_player()
    assert seat is not None
    view = state.view(seat)
    fresh = ComputerSeat("easy", 99)
    used = ComputerSeat("easy", 99)
    for _ in range(7):  # a generator that has been used
        used.player._rng.random()  # type: ignore[attr-defined]
    assert fresh.decide(view) == used.decide(view)
    assert position_seed(99, view) == position_seed(99, view)
    assert position_seed(99, view) != position_seed(100, view)
