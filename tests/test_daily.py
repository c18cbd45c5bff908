"""Daily deals (``daily.py``, ``tarneeb daily``): the same code gives the same deals and the
same computer results, everywhere and across a save; a person's result is compared on the
same cards."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import time

import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.cli.daily import main as daily_main
from tarneeb_desktop.rules.cards import mask_of
from tarneeb_desktop.seeds import seat_seed
from tarneeb_desktop.session import daily

CODE = "2026-12-01/standard"

# The first deals of the code: dealer, seed of the computer seats, the hands by seat.
# These are fixed for good: a change here means every player's daily deals changed.
GOLDEN = [
    (3, 2093652019, ["8S 5S 3S 2S QH 9H 8H 3H KD 9D 8D 7D JC",
                     "TS 6S 4S AH TH 2H QD 4D 2D KC 7C 6C 4C",
                     "AS 7S 7H 6H 5H 4H AD 5D 3D QC 9C 3C 2C",
                     "KS QS JS 9S KH JH JD TD 6D AC TC 8C 5C"]),
    (0, 1393342796, ["KS QS TS 2S QH TH JD 8D 2D QC JC 7C 3C",
                     "8S 7S 6S 4S AH KH 7H 6H 3H QD TD 7D 6C",
                     "AS JS 9S 5S 3S 9H 5H 2H 6D AC KC 9C 2C",
                     "JH 8H 4H AD KD 9D 5D 4D 3D TC 8C 5C 4C"]),
    (1, 723876183, ["KS QS 9S 8H 7H 4H AD JD TD 9D 7D 8C 7C",
                    "AS TS 8S 5S AH KH QH KD 8D 2D TC 9C 4C",
                    "JS 7S 4S 2S JH TH 6H 3H 2H QD 5D 5C 2C",
                    "6S 3S 9H 5H 6D 4D 3D AC KC QC JC 6C 3C"]),
]  # fmt: skip

needs_dds = pytest.mark.skipif(not dds.available(), reason="the DDS solver is not available")


def test_golden_deals():
    for i, (dealer, seed, hands) in enumerate(GOLDEN):
        deal = daily.deal_of(CODE, i)
        assert (deal.dealer, deal.seed, deal.hand_texts()) == (dealer, seed, hands)
    assert daily.deal_of("2026-12-01/lebanese400", 0).hand_texts()[0] == (
        "AS 7S QH JH 5H AD 6D 5D 2D AC TC 7C 4C"
    )


def test_deals_are_full_and_differ():
    deals = daily.deals_of(CODE)
    assert len(deals) == daily.DEALS
    for d in deals:
        assert sum(h.bit_count() for h in d.hands) == 52
        assert d.hands[0] | d.hands[1] | d.hands[2] | d.hands[3] == (1 << 52) - 1
    assert len({d.hands for d in deals}) == daily.DEALS
    assert daily.deal_of("2026-12-02/standard", 0).hands != deals[0].hands
    assert [d.dealer for d in deals[:4]] == [3, 0, 1, 2]


def test_codes():
    assert daily.normalize_code("  2026-12-01 ") == "2026-12-01/standard"
    assert daily.normalize_code("friends/EGYPTIAN") == "friends/egyptian"
    assert daily.code_rules("x/syrian41").game == "41"
    assert daily.code_date(CODE) == dt.date(2026, 12, 1)
    assert daily.code_date("friends/standard") is None
    for bad in ("", "2026/nosuch", "a" * 80, "<script>/standard"):
        with pytest.raises(daily.CodeError):
            daily.normalize_code(bad)
    assert daily.today_code(day=dt.date(2026, 12, 1)) == CODE


def test_computer_results_repeat_medium():
    one = [daily.play_computer(CODE, i, "medium").to_dict(record=False) for i in range(3)]
    two = [daily.play_computer(CODE, i, "medium").to_dict(record=False) for i in range(3)]
    assert one == two


@needs_dds
@pytest.mark.parametrize("code", [CODE, "2026-12-01/syrian41"])
def test_computer_result_repeats_search_level(code):
    """hard plays a fixed number of samples per decision: no clock, the same play."""
    a = daily.play_computer(code, 1, "hard")
    b = daily.play_computer(code, 1, "hard")
    assert a.to_dict() == b.to_dict()
    assert a.record["hands"][0]["plays"]  # the hand was played out


def test_stepwise_play_equals_full_speed():
    """The window's one-decision-a-frame play gives the headless result."""
    play = daily.ComputerPlay(CODE, 2, "medium", inline=True)
    steps = 0
    while not play.step():
        steps += 1
        assert steps < 2000
    assert play.result is not None
    assert play.result.to_dict() == daily.play_computer(CODE, 2, "medium").to_dict()


def test_computer_play_in_its_own_process_gives_the_same_result():
    """The window's computer's play runs in a process of its own (not on the window's
    threads): its result is the headless one (waited for by time, never by a count)."""
    play = daily.ComputerPlay(CODE, 2, "medium", process=True)
    assert play.in_process
    deadline = time.monotonic() + 120
    while not play.step():
        assert time.monotonic() < deadline, "the computer's play never came in"
        time.sleep(0.02)
    assert not play.in_process  # the process is done with
    assert play.result is not None
    assert play.result.to_dict() == daily.play_computer(CODE, 2, "medium").to_dict()


def test_a_cancelled_computer_play_stops_its_process():
    play = daily.ComputerPlay(CODE, 0, "medium", process=True)
    proc = play._proc
    assert proc is not None and proc.is_alive()
    play.cancel()  # the person left the set: nothing is left running
    assert not proc.is_alive() and not play.in_process
    assert not play.step()


def test_computer_play_that_cannot_start_a_process_plays_on_the_pool(monkeypatch):
    def refuse(self):  # type: ignore[no-untyped-def]
        raise OSError("no processes here")

    monkeypatch.setattr(daily.ComputerPlay, "_start_process", refuse)
    play = daily.ComputerPlay(CODE, 2, "medium", process=True)
    assert not play.in_process
    deadline = time.monotonic() + 120
    while not play.step():
        assert time.monotonic() < deadline
        time.sleep(0.001)
    assert play.result.to_dict() == daily.play_computer(CODE, 2, "medium").to_dict()


def test_a_deal_left_half_way_goes_on_from_that_card(tmp_path):
    """The person's table is saved after every call and card: a new table of the same
    deal (the window closed, the game killed) goes on from there, with the same answers."""
    save = tmp_path / "deal.json"
    names = ["Me", "East", "North", "West"]
    link = daily.person_link(CODE, 1, "medium", names, inline=True, save=save)
    table = link.table
    moves = 0
    while moves < 8 or table.state.phase != "play" or len(table.state.plays) < 5:
        if table.state.current_player() == 0:
            link.submit(0, table.state.legal_actions()[0])
            moves += 1
        else:
            table.pump()
    played = list(table.state.plays)
    link.close()
    again = daily.person_link(CODE, 1, "medium", names, inline=True, save=save)
    assert list(again.table.state.plays) == played
    assert list(again.table.state.dealt) == list(daily.deal_of(CODE, 1).hands)
    # another deal or another code does not take this save
    other = daily.person_link(CODE, 2, "medium", names, inline=True, save=tmp_path / "x.json")
    assert not other.table.state.plays
    assert daily.resumed_table(save, CODE, 2, "medium", names, inline=True) is None
    assert daily.resumed_table(save, "2026-12-02/standard", 1, "medium", names) is None

    # played out the same way as without the break: the others answered as they would have
    def finish(lk):  # type: ignore[no-untyped-def]
        t = lk.table
        while not daily.hand_over(t.state):
            if t.state.current_player() == 0:
                lk.submit(0, t.state.legal_actions()[0])
            else:
                t.pump()
        return daily.result_of(t.state, t.names, analyse=False).to_dict(record=False)

    whole = daily.person_link(CODE, 1, "medium", names, inline=True)
    assert finish(again) == finish(whole)


def test_a_set_catches_up_with_a_computer_result_not_in(tmp_path):
    """The person played a deal and the window closed before the computer's play of it
    was in: the set plays it first when it is opened again."""
    store = daily.DailyStore(tmp_path / "daily.json")
    store.put(CODE, 0, "person", daily.PlayResult("7", 0, 8, (8, 0)), "medium")
    dset = daily.DailySet(CODE, "medium", store, inline=True)
    dset.start(1)
    assert dset.computing(0)
    deadline = time.monotonic() + 120
    while store.result(CODE, 1, "computer") is None:
        assert time.monotonic() < deadline
        dset.tick()
    assert store.result(CODE, 0, "computer") is not None
    assert not dset.computing()


def test_person_compared_on_the_same_cards(tmp_path):
    """A person at South who plays every card as the computer would gets the computer's
    result on the same cards: the others answer as they did for the computer."""
    link = daily.person_link(CODE, 3, "medium", ["Me", "East", "North", "West"], inline=True)
    table = link.table
    assert [table.state.dealt[s] for s in range(4)] == list(daily.deal_of(CODE, 3).hands)
    assert [s.kind for s in table.seats] == ["person", "computer", "computer", "computer"]
    mirror = daily.fixed_player("medium", seat_seed(daily.deal_of(CODE, 3).seed, 0))
    guard = 0
    while not daily.hand_over(table.state):
        guard += 1
        assert guard < 500
        if table.state.current_player() == 0:
            link.submit(0, mirror.choose(table.view(0)))
        else:
            table.pump()
    mine = daily.result_of(table.state, table.names)
    theirs = daily.play_computer(CODE, 3, "medium")
    assert mine.to_dict(record=False) == theirs.to_dict(record=False)
    cmp = daily.compare(mine, theirs)
    assert cmp.diff == 0 and cmp.verdict == "same"
    assert mine.contract is not None and mine.declarer == 0
    assert mine.record["hands"][0]["cards"] == daily.deal_of(CODE, 3).hand_texts()


def test_compare_scores():
    p = daily.PlayResult("8", 0, 9, (9, 0))
    c = daily.PlayResult("7", 1, 6, (7, 0))
    cmp = daily.compare(p, c)
    assert (cmp.person, cmp.computer, cmp.diff, cmp.verdict) == (9, 7, 2, "better")
    assert daily.compare(daily.PlayResult(None, None, 0, (0, 0)), p).verdict == "worse"


def test_store_save_and_resume(tmp_path):
    path = tmp_path / "daily.json"
    store = daily.DailyStore(path)
    first = daily.play_computer(CODE, 0, "medium")
    store.put(CODE, 0, "computer", first, "medium")
    store.put(CODE, 0, "person", daily.PlayResult("7", 0, 8, (8, 0)), "medium")
    again = daily.DailyStore(path)  # resumed: another start of the program
    assert again.level(CODE) == "medium"
    assert again.result(CODE, 0, "computer").to_dict() == first.to_dict()
    assert again.result(CODE, 0, "computer").to_dict() == (
        daily.play_computer(CODE, 0, "medium").to_dict()
    )
    assert again.next_deal(CODE) == 1
    assert not again.finished(CODE)
    p, c, n = again.totals(CODE)
    assert (p, c, n) == (8, first.net, 1)
    assert json.loads(path.read_text())["format"] == daily.STORE_FORMAT


def test_streak_and_past(tmp_path):
    store = daily.DailyStore(tmp_path / "daily.json")
    res = daily.PlayResult("7", 0, 7, (7, 0))
    for day in ("2026-12-01", "2026-12-02", "2026-12-04"):
        for i in range(daily.DEALS):
            store.sets.setdefault(f"{day}/standard", {"code": f"{day}/standard", "date": day,
                                  "level": "expert", "deals": {}})  # fmt: skip
            store.sets[f"{day}/standard"]["deals"][str(i)] = {
                "person": res.to_dict(),
                "computer": res.to_dict(),
            }
    store.put("2026-12-05/standard", 0, "person", res)  # started, not finished
    assert store.streak(dt.date(2026, 12, 2)) == 2
    assert store.streak(dt.date(2026, 12, 3)) == 2  # today's not finished yet
    assert store.streak(dt.date(2026, 12, 5)) == 1
    assert store.streak(dt.date(2026, 12, 7)) == 0
    past = store.past()
    assert [r["code"] for r in past][:2] == ["2026-12-05/standard", "2026-12-04/standard"]
    assert past[1]["finished"] and not past[0]["finished"]


def test_broken_store_is_set_aside(tmp_path):
    path = tmp_path / "daily.json"
    path.write_text("{not json")
    store = daily.DailyStore(path)
    assert store.sets == {} and store.problem


def test_cli_json(capsys):
    args = argparse.Namespace(code="2026-12-01", level="medium", json=True)
    assert daily_main(args) == 0
    out = capsys.readouterr().out.strip().splitlines()
    doc = json.loads(out[-1])
    assert doc["format"] == "tarneeb-daily/1"
    assert doc["code"] == CODE
    assert doc["rules"] == {"preset": "standard"}
    assert [d["deal"] for d in doc["deals"]] == list(range(daily.DEALS))
    first = doc["deals"][0]
    assert first["dealer"] == 3 and first["hands"] == GOLDEN[0][2]
    assert set(first["computer"]) >= {"contract", "tricks", "points"}
    assert len(first["computer"]["points"]) == 2
    for d in doc["deals"]:
        assert sorted(mask_of(h.split()) for h in d["hands"]) == sorted(
            daily.deal_of(CODE, d["deal"]).hands
        )
    # the same on a second run
    assert daily_main(args) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == doc


def test_cli_refuses_bad_code(capsys):
    args = argparse.Namespace(code="x/nosuch", level="medium", json=True)
    assert daily_main(args) == 2
    assert "unknown rules" in capsys.readouterr().err


def test_a_daily_deal_is_saved_by_the_one_save_rule_a_take_back_too(tmp_path):
    """The daily deal's saver is the offline autosave's rule (``table/link.save_after``),
    not one of its own: were take-back on (a daily deal has it off: it is a contest), a
    take-back would be saved at once, as in an offline game."""
    save = tmp_path / "deal.json"
    names = ["Me", "East", "North", "West"]
    link = daily.person_link(CODE, 1, "medium", names, inline=True, save=save)
    table = link.table
    assert not table.allow_take_back
    table.allow_take_back = True
    while table.state.phase != "play" or len(table.state.plays) < 6:
        if table.state.current_player() == 0:
            link.submit(0, table.state.legal_actions()[0])
        else:
            table.pump()
    while table.state.current_player() != 0:  # the computers have answered the card
        table.pump()
    assert table.take_back(0)
    before = list(table.state.plays)
    link.close()
    again = daily.person_link(CODE, 1, "medium", names, inline=True, save=save)
    assert list(again.table.state.plays) == before
    again.close()
