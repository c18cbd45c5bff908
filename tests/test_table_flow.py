"""The one game flow: seats, the fallback, publishing changes, pacing, the pool, saves."""

from __future__ import annotations

import json

import pytest

from tarneeb_desktop.rules import GameState, HandScored, TrickWon, make_rules
from tarneeb_desktop.seeds import seat_seed
from tarneeb_desktop.table.flow import Change, Table
from tarneeb_desktop.table.pool import Pool
from tarneeb_desktop.table.savegame import (
    SavedSeat,
    SaveError,
    read_save,
    write_save,
)
from tarneeb_desktop.table.seats import ComputerSeat, NetworkSeat, PersonSeat, Seat


def computers(level: str = "random", seed: int = 1) -> list[Seat]:
    return [ComputerSeat(level, seat_seed(seed, s)) for s in range(4)]


class Broken(Seat):
    kind = "computer"

    def __init__(self, how: str) -> None:
        super().__init__("broken")
        self.how = how

    def automatic(self, view) -> bool:  # type: ignore[no-untyped-def]
        return True

    def decide(self, view) -> str:  # type: ignore[no-untyped-def]
        if self.how == "raise":
            raise RuntimeError("boom")
        return "not-an-action"


def test_a_computer_game_runs_to_the_end_and_every_change_is_published() -> None:
    state = GameState.new(make_rules(), seed=5)
    table = Table(state, computers("medium", 5), seed=5)
    seen: list[Change] = []
    views_ok: list[bool] = []

    def listener(change: Change) -> None:
        seen.append(change)
        # the views a change carries are the engine's views right after the action
        views_ok.append(all(change.view(s) == state.view(s) for s in range(4)))

    table.listen(listener)
    table.run()
    assert state.is_over()
    assert [c.seq for c in seen] == list(range(1, table.seq + 1))
    assert all(views_ok)
    assert sum(isinstance(e, HandScored) for c in seen for e in c.events) == len(state.history)
    assert table.faults == []
    with pytest.raises(RuntimeError):
        seen[0].view(0)  # a change's views are read while it is published, not later


@pytest.mark.parametrize("how", ["raise", "illegal"])
def test_a_failing_seat_gets_the_first_legal_action_and_a_fault(how: str) -> None:
    state = GameState.new(make_rules(), seed=3)
    seats = computers()
    turn = state.current_player()
    assert turn is not None
    seats[turn] = Broken(how)
    table = Table(state, seats)
    first = state.legal_actions()[0]
    assert table.pump()
    assert state.view(turn).calls[-1] == (turn, first)  # the first legal call was made
    assert table.faults and table.faults[0][0] == turn
    assert ("error" in table.faults[0][1]) == (how == "raise")


def test_pacing_is_the_callers_business_the_flow_never_waits() -> None:
    state = GameState.new(make_rules(), seed=4)
    table = Table(state, computers())
    asked: list[int] = []

    def not_yet(seat: int) -> bool:
        asked.append(seat)
        return False

    assert not table.pump(may_act=not_yet)
    assert table.seq == 0 and asked == [state.current_player()]
    assert table.thinking() is None  # the decision is ready, only held back
    assert table.pump(may_act=lambda s: True)
    assert table.seq == 1


def test_a_threaded_pool_decides_off_the_callers_thread() -> None:
    state = GameState.new(make_rules(), seed=6)
    pool = Pool()
    woken: list[int] = []
    table = Table(state, computers("medium"), pool=pool, on_ready=lambda: woken.append(1))
    applied = 0
    for _ in range(400):
        if table.pump():
            applied += 1
        else:
            pool.wait_idle()
        if applied == 8:
            break
    assert applied == 8 and table.seq == 8
    assert len(woken) >= 8


def test_people_act_by_submit_unless_they_claimed_or_the_card_is_forced() -> None:
    state = GameState.new(make_rules(), seed=8)
    seats: list[Seat] = [PersonSeat("Sami"), *computers()[1:]]
    table = Table(state, seats)
    for _ in range(200):
        if state.current_player() == 0:
            break
        table.pump()
    assert table.automatic_turn() is None  # the person's turn: nobody decides for them
    assert not table.pump()
    person = seats[0]
    assert isinstance(person, PersonSeat)
    # get to the play with the person to lead or follow
    for _ in range(400):
        if state.phase == "play" and state.current_player() == 0:
            break
        if state.current_player() == 0:
            table.submit(0, "pass" if "pass" in state.legal_actions() else state.legal_actions()[0])
        else:
            table.pump()
    if state.phase != "play":
        pytest.skip("the deal was thrown in before the play")
    person.claiming = True
    legal = state.legal_actions()
    assert table.automatic_turn() == 0
    assert table.pump()
    played = state.view(0).played_cards()[-1][1]
    assert played == max(legal, key=lambda c: "23456789TJQKA".index(c[0]))


def test_a_network_seat_is_automatic_only_while_a_stand_in_plays() -> None:
    seat = NetworkSeat("Rami", "easy", 1)
    state = GameState.new(make_rules(), seed=1)
    view = state.view(state.current_player() or 0)
    assert not seat.automatic(view)
    seat.stand_in_active = True
    assert seat.automatic(view)
    assert seat.decide(view) in view.legal


def test_run_stops_at_a_person_and_when_asked() -> None:
    state = GameState.new(make_rules(), seed=9)
    table = Table(state, computers("random", 9))
    table.run(until=lambda events: any(isinstance(e, TrickWon) for e in events))
    assert state.phase == "play" and len(state.view(0).tricks) == 1
    person = Table(GameState.new(make_rules(), seed=9), [PersonSeat(), *computers()[1:]])
    with pytest.raises(Exception, match="waits for a person"):
        for _ in range(20):
            person.run()


def test_seat_seed_is_one_formula() -> None:
    assert len({seat_seed(s, seat) for s in range(50) for seat in range(4)}) == 200


# ---------------------------------------------------------------------- saves


def seats_of(kinds: list[str]) -> list[SavedSeat]:
    return [
        SavedSeat(k, f"P{i}", "easy", "tok" if k == "network" else None)
        for i, k in enumerate(kinds)
    ]


def test_a_save_round_trips_for_offline_and_lan_tables(tmp_path) -> None:
    state = GameState.new(make_rules(), seed=11)
    table = Table(state, computers("random", 11))
    table.run(until=lambda ev: any(isinstance(e, TrickWon) for e in ev))
    for kinds in (
        ["person", "computer", "computer", "computer"],
        ["person", "network", "computer", "network"],
    ):
        path = tmp_path / "save.json"
        write_save(path, state, seats_of(kinds), 11, table.seq, table_name="T")
        saved = read_save(path)
        assert saved is not None
        assert saved.state == state
        assert [s.kind for s in saved.seats] == kinds
        assert saved.seq == table.seq and saved.seed == 11 and saved.extra == {"table_name": "T"}
        assert [s.token for s in saved.seats] == [
            ("tok" if k == "network" else None) for k in kinds
        ]


def test_old_saves_still_load(tmp_path) -> None:
    state = GameState.new(make_rules(), seed=12)
    Table(state, computers("random", 12)).run(
        until=lambda ev: any(isinstance(e, TrickWon) for e in ev)
    )
    from tarneeb_desktop.record import to_record

    old = to_record(state, ["A", "B", "C", "D"])
    old["resume"] = {
        "format": "tarneeb-save/1",
        "seed": 12,
        "humans": [0, 2],
        "levels": ["easy", "hard", "easy", "hard"],
        "names": ["A", "B", "C", "D"],
    }
    (tmp_path / "v1.json").write_text(json.dumps(old))
    saved = read_save(tmp_path / "v1.json")
    assert saved is not None and saved.state == state
    assert saved.humans == (0, 2) and saved.levels == ["easy", "hard", "easy", "hard"]
    lan = {
        "format": "tarneeb-lan-table/1",
        "record": to_record(state, ["A", "B", "C", "D"]),
        "seed": 12,
        "seq": 40,
        "ai_level": "hard",
        "table_name": "Home",
        "seats": [
            {"open": True, "name": "A", "token": "t0"},
            {"open": False, "name": "B", "token": None},
            {"open": True, "name": "C", "token": None},
            {"open": True, "name": "D", "token": "t3"},
        ],
    }
    (tmp_path / "lan.json").write_text(json.dumps(lan))
    saved = read_save(tmp_path / "lan.json", need_person=False)
    assert saved is not None and saved.state == state and saved.seq == 40
    assert [s.kind for s in saved.seats] == ["network", "computer", "computer", "network"]
    assert saved.seats[3].token == "t3" and saved.extra["table_name"] == "Home"


@pytest.mark.parametrize(
    "text", ["{", "[]", '{"resume": {"format": "tarneeb-save/2", "seed": 1, "seats": 3}}']
)
def test_a_damaged_save_is_set_aside_with_a_sentence(tmp_path, text: str) -> None:
    path = tmp_path / "save.json"
    path.write_text(text)
    with pytest.raises(SaveError, match="could not"):
        read_save(path)
    assert not path.exists()
    assert len(list(tmp_path.iterdir())) == 1  # kept aside, not deleted


def _to_person(table: Table, seat: int = 0, limit: int = 400) -> None:
    for _ in range(limit):
        if table.state.current_player() == seat:
            return
        assert table.pump()
    raise AssertionError("the person never got a turn")


def test_take_back_returns_to_before_the_persons_move_and_the_computers_answers() -> None:
    state = GameState.new(make_rules(), seed=8)
    table = Table(state, [PersonSeat("Sami"), *computers()[1:]])
    changes: list[Change] = []
    table.listen(changes.append)
    _to_person(table)
    assert not table.can_take_back(0)  # off by default
    table.allow_take_back = True
    assert not table.can_take_back(0)  # nothing to take back yet
    before = table.state.clone()
    table.submit(0, table.state.legal_actions()[-1])
    for _ in range(3):  # the computers answer
        if table.state.current_player() == 0 or table.state.hand_index != before.hand_index:
            break
        table.pump()
    assert table.can_take_back(0) and not table.can_take_back(1)
    seq = table.seq
    assert table.take_back(0)
    assert table.state == before and table.state is not before
    assert table.state.current_player() == 0 and table.taken_back
    assert table.seq == seq + 1 and changes[-1].action == "take-back" and changes[-1].events == ()
    assert not table.take_back(0)  # once: the point is used
    # the game goes on from there, to the end
    table.seats[0] = ComputerSeat("random", 3)
    table.run()
    assert table.state.is_over()


def test_no_take_back_across_a_hand_or_past_another_persons_move() -> None:
    state = GameState.new(make_rules(), seed=5)
    table = Table(
        state,
        [PersonSeat("A"), ComputerSeat("random", 1), PersonSeat("B"), ComputerSeat("random", 2)],
    )
    table.allow_take_back = True
    for _ in range(600):
        seat = table.state.current_player()
        if seat is None or table.state.is_over():
            break
        if table.seats[seat].kind == "person":
            hand = table.state.hand_index
            table.submit(seat, table.state.legal_actions()[0])
            other = 2 - seat
            assert not table.can_take_back(other)  # B's move replaced A's point
            assert table.can_take_back(seat) == (table.state.hand_index == hand)
            if table.state.hand_index != hand:
                break  # the hand ended on this move: nothing to take back
        else:
            table.pump()
    else:
        raise AssertionError("no hand ended")
    assert not table.take_back(0) and not table.take_back(2)
