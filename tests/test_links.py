"""Links: the window's one way to a game, local (a flow in this process) or remote (a LAN
host); autosave and statistics hooked into the flow."""

from __future__ import annotations

import time

from tarneeb_desktop.net.client import ClientSession
from tarneeb_desktop.net.link import RemoteLink
from tarneeb_desktop.rules import CardPlayed, GameState, TrickWon, make_rules
from tarneeb_desktop.seeds import seat_seed
from tarneeb_desktop.session.lan import new_host
from tarneeb_desktop.stats import Statistics, StatsRecorder
from tarneeb_desktop.table.flow import Table
from tarneeb_desktop.table.link import Autosave, LocalLink, Notice, Update
from tarneeb_desktop.table.savegame import SavedSeat, read_save
from tarneeb_desktop.table.seats import ComputerSeat, PersonSeat, Seat


def hotseat_table(seed: int = 3) -> Table:
    seats: list[Seat] = [
        PersonSeat("A"),
        ComputerSeat("random", seat_seed(seed, 1)),
        PersonSeat("C"),
        ComputerSeat("random", seat_seed(seed, 3)),
    ]
    return Table(GameState.new(make_rules(), seed), seats, seed=seed)


def lowest(view) -> str:  # type: ignore[no-untyped-def]
    return "pass" if "pass" in view.legal else view.legal[0]


def test_a_local_link_gives_each_person_their_own_view_of_every_change() -> None:
    table = hotseat_table()
    link = LocalLink(table, (0, 2))
    for _ in range(300):
        turn = link.turn
        if turn in (0, 2):
            assert link.submit(turn, lowest(link.view(turn))) is None
        else:
            link.pump(lambda s: True)
        if table.state.phase == "play" and len(table.state.view(0).tricks) >= 1:
            break
    updates = link.poll()
    assert updates and all(isinstance(u, Update) for u in updates)
    # two updates per change, one per person, each with only that person's cards
    assert [u.seq for u in updates] == [q for q in range(1, table.seq + 1) for _ in (0, 2)]
    for u in updates:
        assert isinstance(u, Update) and u.view.seat == u.seat
    assert link.poll() == []
    assert link.submit(1, "pass") is not None  # not seat 1's turn: a sentence, nothing moves


def test_autosave_after_every_call_and_card_and_gone_when_the_game_is_over(tmp_path) -> None:
    state = GameState.new(make_rules(target=5), 4)
    table = Table(state, [ComputerSeat("random", s) for s in range(4)], seed=4)
    path = tmp_path / "save.json"
    saved_at: list[int] = []
    seats = [SavedSeat("person", "A"), *(SavedSeat("computer", n) for n in "BCD")]
    Autosave(table, path, lambda: seats, on_saved=lambda: saved_at.append(table.seq))
    table.run(until=lambda ev: any(isinstance(e, TrickWon) for e in ev))
    # after every call and card (issue 24: a kill mid-trick loses nothing)
    assert saved_at == list(range(1, table.seq + 1))
    got = read_save(path)
    assert got is not None and got.state == state and got.seq == table.seq
    table.run()
    assert state.is_over() and not path.exists()


def test_statistics_count_each_hand_and_the_game_once(tmp_path) -> None:
    state = GameState.new(make_rules(target=5), 6)
    table = Table(state, [ComputerSeat("random", s) for s in range(4)], seed=6)
    StatsRecorder(table, tmp_path / "stats.json", "random")
    table.run()
    totals = Statistics.load(tmp_path / "stats.json").totals()
    scored = [r for r in state.history if r.declarer is not None]
    assert totals["hands_played"] == len(scored) > 0
    assert totals["games_played"] == 1


def test_a_remote_link_plays_a_seat_and_a_claim_plays_itself() -> None:
    host = new_host(make_rules(), seed=9, open_seats=[0], ai_level="random")
    host.start()
    try:
        assert host.address is not None
        session = ClientSession(*host.address, name="Sami", timeout=5.0)
        session.connect()
        session.join(0)
        for _ in range(500):
            view, seq = session.snapshot()
            if view is not None and seq is not None:
                break
            time.sleep(0.01)
        assert view is not None and seq is not None
        link = RemoteLink(session, view, seq)
        assert link.people == (0,) and link.names[0] == "Sami"
        link.claim(0)  # from now on seat 0's cards play themselves (highest first)
        played: list[str] = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(played) < 3:
            for item in link.poll():
                if isinstance(item, Update):
                    played += [
                        e.card for e in item.events if isinstance(e, CardPlayed) and e.seat == 0
                    ]
                else:
                    assert isinstance(item, Notice) and item.kind != "error", item
            if link.turn == 0 and link.view(0).phase != "play" and not link.waiting(0):
                assert link.submit(0, lowest(link.view(0))) is None
            link.pump(lambda s: True)
            time.sleep(0.005)
        assert len(played) >= 3
        link.close()
    finally:
        host.stop()
