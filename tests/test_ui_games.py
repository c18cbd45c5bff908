"""The finished games list: one row per kept game (date, rules, players, result), open in
the viewer, export, delete after asking (Cancel focused); a corrupt file does not stop it."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.arena import play_game
from tarneeb_desktop.rules import make_rules
from tarneeb_desktop.table.history import games_dir, keep_finished, list_kept
from tarneeb_desktop.ui import i18n
from tests.test_ui_helpers import FRAME, key, make_app, mouse

pytestmark = pytest.mark.usefixtures("ui_home")
T0 = datetime(2025, 3, 1, 10, 0, tzinfo=UTC)


def keep(preset: str, seed: int, minutes: int, **kw):  # type: ignore[no-untyped-def]
    rules = make_rules(preset, target=11) if preset == "standard" else make_rules(preset)
    # Random players bid to 13 and go down hand after hand: with the default targets of 41 /
    # 400 and Egyptian they may never finish (Egyptian seed 3 did not, once each decision
    # was seeded by its position), so those games are played by the easy level.
    level = "random" if preset == "standard" else "easy"
    table = play_game(rules, seed, [level] * 4, ["Sami", "Rana", "Omar", "Hala"])
    return keep_finished(table.state, table.names, now=T0 + timedelta(minutes=minutes), **kw)


def games_app():  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.games.games import GamesScene

    app = make_app()
    scene = GamesScene(app)
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene


def press(app, action: str) -> None:  # type: ignore[no-untyped-def]
    b = next(b for b in app.scene.buttons() if b.action == action)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])


def test_rows_newest_first_with_a_corrupt_file_set_aside() -> None:
    old = keep("standard", 1, 0)
    new = keep("syrian41", 2, 10, tournament="Cup", game=3)
    folder = games_dir()
    (folder / "20200101-000000-000000-000.json").write_text("{not json")
    app, scene = games_app()
    assert [g.path for g in scene.games] == [new, old]
    assert len(scene.problems) == 1 and "20200101-000000-000000-000.json" in scene.problems[0]
    assert scene._note_lines()[0][0].startswith("Set aside: 20200101")
    assert any(p.name.startswith("20200101") and "broken" in p.name for p in folder.iterdir())
    date, rules, players, result = scene.cells(scene.games[0])
    # the local date and hour, as the language writes them (Babel's formats)
    assert date == i18n.date_text(scene.games[0].finished.astimezone(), time=True)
    assert "2025" in date
    assert rules.startswith("Syrian 41") and "Cup, game 3" in rules
    # partners together (issue 24, 10), each team unbroken (no-break spaces, issue 48 item 24)
    assert players == "Sami\u00a0&\u00a0Omar vs Rana\u00a0&\u00a0Hala"
    g = scene.games[0]
    assert result.startswith(f"{g.totals[0]} : {g.totals[1]}")
    winners = ("Sami", "Omar") if g.winner == 0 else ("Rana", "Hala")
    assert f"{winners[0]} and {winners[1]} win" in result
    assert scene.cells(scene.games[1])[1] == "Standard, to 11"  # the option in words


def test_open_shows_the_viewer_and_back_returns_to_the_same_row() -> None:
    from tarneeb_desktop.ui.screens.games.games import GamesScene
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    keep("standard", 1, 0)
    second = keep("egyptian", 3, 5)
    keep("standard", 4, 10)
    app, scene = games_app()
    app.step(FRAME, [key(pygame.K_DOWN)])
    assert scene.selected.path == second
    press(app, "open")
    viewer = app.scene
    assert isinstance(viewer, ViewerScene)
    assert viewer.steps.state.rules.preset == "egyptian" and viewer.steps.positions[-1].over
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, GamesScene) and app.scene.selected.path == second


def test_export_and_delete_after_asking_with_cancel_focused(ui_home: Path) -> None:
    from tarneeb_desktop.ui.screens.games.file_chooser import FileChooser

    first = keep("standard", 1, 0)
    second = keep("standard", 2, 5)
    app, scene = games_app()
    press(app, "export")  # Export asks where in the file chooser, a name with the date
    chooser = app.scene
    assert isinstance(chooser, FileChooser) and chooser.save
    local = T0.astimezone() + timedelta(minutes=5)
    assert chooser.field.text == f"tarneeb-{local:%Y-%m-%d-%H%M}.json"
    (ui_home / "chosen").mkdir()
    chooser.go(ui_home / "chosen")
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert app.scene is scene
    exported = list((ui_home / "chosen").glob("*.json"))
    assert [p.name for p in exported] == [chooser.field.text]
    assert scene.message and str(exported[0]) in scene.message
    assert json.loads(exported[0].read_text())["hands"] == json.loads(second.read_text())["hands"]
    assert json.loads(exported[0].read_text())["kept"]["finished"].startswith("2025-03-01")
    app.step(FRAME, [key(pygame.K_DELETE)])  # asked in the window's modal (issue 47)
    assert scene.confirming and app.modals.top.specs[0][1] == "cancel"  # focused
    app.step(FRAME, [key(pygame.K_RETURN)])  # the safe choice: nothing deleted
    assert not scene.confirming and second.exists()
    app.step(FRAME, [key(pygame.K_DELETE)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Esc answers the question, on this screen
    assert app.scene is scene and not scene.confirming and second.exists()
    press(app, "delete")
    # the question at the body size, as every question (issue 38, 13: it was smaller)
    from tarneeb_desktop.ui.layout import Layout

    modal = app.modals.top
    assert modal is not None
    panel, _rect = modal.laid(app.size)
    (asked,) = [r for line, r in panel.texts() if line.startswith("Delete this")]
    assert asked.h >= Layout(*app.size).text
    (confirm,) = [b for b in modal.buttons(app.size) if b.action == "confirm"]
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, confirm.rect.center)])
    assert not second.exists() and first.exists()
    assert [g.path for g in scene.games] == [first]
    app.step(FRAME, [])


def test_a_kept_game_broken_when_opened_is_set_aside_and_said() -> None:
    path = keep("standard", 1, 0)
    doc = json.loads(path.read_text())
    doc["hands"][0]["plays"][0] = "ZZ"  # still listed (its summary is fine), refused when opened
    path.write_text(json.dumps(doc))
    app, scene = games_app()
    assert len(scene.games) == 1
    press(app, "open")
    assert app.scene is scene and scene.games == []
    assert "plays[0]" in scene.problems[-1] and not path.exists()
    app.step(FRAME, [])
    assert [b.action for b in scene.buttons()] == ["import", "back"]


def test_empty_list_and_the_menu_entry() -> None:
    from tarneeb_desktop.ui.screens.games.games import GamesScene
    from tarneeb_desktop.ui.screens.menu import MenuScene

    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    b = next(b for b in app.scene.buttons() if b.action == "games")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, b.rect.center)])
    assert isinstance(app.scene, GamesScene) and app.scene.games == []
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)


def test_import_adds_an_exported_record_and_a_bad_file_changes_nothing(ui_home: Path) -> None:
    """Issue 24, defect 2: Import takes any legal record (an export, ``--save-records``)."""
    from tarneeb_desktop.record import write_record

    table = play_game(make_rules("standard", target=11), 7, ["random"] * 4, ["A", "B", "C", "D"])
    src = ui_home / "a-record.json"
    write_record(src, table.state, table.names)
    (ui_home / "not-a-record.json").write_text("{}")
    app, scene = games_app()
    press(app, "import")  # the file chooser, to pick a record
    app.scene.go(ui_home)
    app.scene.choose(next(k for k, e in enumerate(app.scene.rows) if e.label.startswith("not")))
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert app.scene is scene
    assert scene.games == [] and "not a game record" in (scene.message or "")
    press(app, "import")
    app.scene.go(ui_home)
    app.scene.choose(next(k for k, e in enumerate(app.scene.rows) if e.label == "a-record.json"))
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert len(scene.games) == 1 and scene.selected.players == ("A", "B", "C", "D")
    assert scene.message == "Imported a-record.json" and src.exists()
    assert scene.problems == []
    press(app, "import")  # the same game again (under another name): refused, said
    renamed = ui_home / "same-game.json"
    renamed.write_text(src.read_text())
    app.scene.go(ui_home)
    app.scene.choose(next(k for k, e in enumerate(app.scene.rows) if e.label == renamed.name))
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert len(scene.games) == 1 and len(list_kept().games) == 1
    assert scene.message == "This game is in your finished games already"
    press(app, "import")
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Esc: back, nothing done
    assert app.scene is scene and len(scene.games) == 1


def test_a_tournaments_default_name_keeps_its_date_in_order_in_arabic() -> None:
    """ "Tournament 2026-12-01 21:12" in Arabic reads the date and time in their order
    (it was shown "21:12 01-12-2026" after the Arabic word), in the games list as in the
    standings."""
    from tarneeb_desktop.ui import i18n
    from tarneeb_desktop.ui import text as text_mod
    from tarneeb_desktop.ui.screens.games.games import shown_name

    i18n.set_language("ar")
    try:
        name = shown_name("Tournament 2026-12-01 21:12")
        assert name.startswith(i18n.tr("Tournament"))
        shown = text_mod.shape(name, rtl=True).replace("\u200e", "")
        assert "2026-12-01 21:12" in shown
    finally:
        i18n.set_language("en")
    assert shown_name("Tournament 2026-12-01 21:12") == "Tournament 2026-12-01 21:12"


def test_won_and_lost_are_judged_from_the_persons_own_seat() -> None:
    """Issue 38, defect 4: "games won" held games the player did not play, and "by result"
    judged by whichever team was listed first. A person at East won when team 1 won; a game of
    computers only is in neither filter and sorts after the player's games."""
    from tarneeb_desktop.table.history import list_kept
    from tarneeb_desktop.ui.screens.games.games import shown_games, sorted_games

    for seed, people in ((1, [0]), (2, [1]), (3, []), (4, [2])):
        keep("standard", seed, seed, people=people)
    games = list_kept().games
    assert {g.people for g in games} == {(0,), (1,), (), (2,)}
    won = shown_games(games, "won")
    lost = shown_games(games, "lost")
    for g in games:
        if not g.people:
            assert g not in won and g not in lost and g.my_side is None
        elif g.winner == (g.people[0] & 1):
            assert g in won and g not in lost
        else:
            assert g in lost and g not in won
    by_result = sorted_games(games, "result")
    assert by_result[-1].people == ()  # computers only: after the player's games
    mine = [g for g in by_result if g.people]
    wins = [g.winner == g.my_side for g in mine]
    assert wins == sorted(wins, reverse=True)  # the games won first


def test_a_record_dropped_on_the_menu_is_imported_and_opened(ui_home: Path) -> None:
    """Issue 38, item 3: a record file dropped on the window (the menu, the list) is kept
    and opened in the viewer, Back leading to the list on its row; a bad file is said on
    the menu's notice and changes nothing; a drop on a game is let be."""
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.ui.screens.games.games import GamesScene
    from tarneeb_desktop.ui.screens.menu import MenuScene
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    table = play_game(make_rules("standard", target=11), 7, ["random"] * 4, ["A", "B", "C", "D"])
    src = ui_home / "dropped.json"
    write_record(src, table.state, table.names)
    bad = ui_home / "bad.json"
    bad.write_text("{not json")
    app = make_app()
    app.switch(MenuScene(app))
    app.step(FRAME, [])
    app.step(FRAME, [pygame.event.Event(pygame.DROPFILE, file=str(bad))])
    assert isinstance(app.scene, MenuScene) and "bad.json" in (app.scene.notice or "")
    assert list_kept().games == [] and bad.exists()
    app.step(FRAME, [pygame.event.Event(pygame.DROPFILE, file=str(src))])
    assert isinstance(app.scene, ViewerScene) and app.scene.steps.state.is_over()
    kept = list_kept().games
    assert len(kept) == 1 and kept[0].players == ("A", "B", "C", "D")
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, GamesScene) and app.scene.selected.path == kept[0].path
    app.step(FRAME, [pygame.event.Event(pygame.DROPFILE, file=str(src))])  # again: not added
    assert isinstance(app.scene, ViewerScene) and len(list_kept().games) == 1
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    app.step(FRAME, [pygame.event.Event(pygame.DROPFILE, file=str(bad))])  # on the list
    assert isinstance(app.scene, GamesScene) and "bad.json" in (app.scene.message or "")


def test_a_drop_on_a_game_is_let_be(ui_home: Path) -> None:
    from tarneeb_desktop.record import write_record
    from tarneeb_desktop.rules import GameState
    from tests.test_ui_helpers import table_scene

    table = play_game(make_rules("standard", target=11), 7, ["random"] * 4, ["A", "B", "C", "D"])
    src = ui_home / "dropped.json"
    write_record(src, table.state, table.names)
    app = make_app()
    scene = table_scene(app, GameState.new(make_rules(), seed=1))
    app.step(FRAME, [pygame.event.Event(pygame.DROPFILE, file=str(src))])
    assert app.scene is scene and list_kept().games == []


def test_teams_read_as_on_every_other_screen_in_arabic() -> None:
    """Issue 38, item 6: in Arabic the list showed "Layla & Nadia ضد Hala & Tarek" (a mark
    after each name turned each pair around); each team is one run, as elsewhere, and the
    result's score keeps the winners' names out of it."""
    from tarneeb_desktop.table.history import list_kept
    from tarneeb_desktop.ui.screens.games.games import players_text, result_text
    from tarneeb_desktop.ui.text_runs import display

    table = play_game(make_rules("standard", target=11), 1, ["random"] * 4,
                      ["Nadia", "Hala", "Layla", "Tarek"])  # fmt: skip
    keep_finished(table.state, table.names, now=T0)
    g = list_kept().games[0]
    i18n.set_language("ar")
    try:
        shown = display(players_text(g)).replace("\u00a0", " ")
        assert "Nadia & Layla" in shown and "Hala & Tarek" in shown
        # right to left, team 0 (seats 0 and 2) is read first: at the right
        assert shown.index("Nadia") > shown.index("Hala")
        assert min(g.totals) < 0  # a sign before digits: it drew the name in ("-16، Sami : 14")
        result = display(result_text(g))
        assert f"{g.totals[1]} : {g.totals[0]}" in result  # team 0's total read first
    finally:
        i18n.set_language("en")


def test_an_imported_record_is_judged_for_nobody(tmp_path: Path) -> None:
    """Issue 48 item 9: a computer-only game imported from a record was listed under "games
    won" (a record with no ``kept`` summary was taken as played from South). An imported
    record names no person of this screen: it is in neither filter; an export of a game the
    player kept keeps its person."""
    from tarneeb_desktop.record import to_record
    from tarneeb_desktop.table.history import list_kept
    from tarneeb_desktop.table.kept_import import import_record
    from tarneeb_desktop.ui.screens.games.games import shown_games

    rules = make_rules("standard", target=11)
    table = play_game(rules, 5, ["random"] * 4, ["Sami", "Rana", "Omar", "Hala"])
    plain = tmp_path / "computers.json"
    plain.write_text(json.dumps(to_record(table.state, table.names)), encoding="utf-8")
    import_record(plain)
    (g,) = list_kept().games
    assert g.people == () and g.my_side is None
    assert shown_games([g], "won") == [] and shown_games([g], "lost") == []
    mine = keep("standard", 6, 6, people=[1])
    other = tmp_path / "export"
    other.mkdir()
    from tarneeb_desktop.table.history import delete_kept, export_kept

    exported = export_kept(mine, other)
    delete_kept(mine)
    import_record(exported)
    assert {k.people for k in list_kept().games} == {(), (1,)}


def test_import_errors_are_said_in_the_players_words(tmp_path: Path) -> None:
    """Issue 48 item 13: "not a game record (JSONDecodeError)" and "hand 0, plays[2]: seat 1
    does not hold 3D" became sentences with hands and cards counted from 1 and none of the
    program's own words; in Arabic too."""
    from tarneeb_desktop.record import to_record
    from tarneeb_desktop.table.history import KeptGameError
    from tarneeb_desktop.table.kept_import import import_record
    from tarneeb_desktop.ui.screens.games.games import import_words

    def said(path: Path) -> str:
        with pytest.raises(KeptGameError) as got:
            import_record(path)
        return import_words(got.value, path.name)

    junk = tmp_path / "notes.json"
    junk.write_text("{not json", encoding="utf-8")
    assert said(junk) == "notes.json is not a game record, or it is damaged"
    table = play_game(make_rules("standard", target=11), 7, ["random"] * 4, list("ABCD"))
    doc = to_record(table.state, table.names)
    plays = doc["hands"][0]["plays"]
    plays[2] = plays[6]  # the third card of the first hand: one its player does not hold
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    line = said(bad)
    assert line == "bad.json cannot be imported: in hand 1, card 3 played breaks the rules"
    assert said(tmp_path / "gone.json") == "There is no file gone.json any more"
    assert said(tmp_path) == f"{tmp_path.name} is a folder, not a game record"
    i18n.set_language("ar")
    try:
        line = said(bad)
        for word in ("plays", "hand 0", "JSON", "seat"):
            assert word not in line
        assert (
            "bad.json" in line
            and line != "bad.json cannot be imported: in hand 1, card 3 played breaks the rules"
        )
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["ar", "en", "ru"])
def test_a_players_cell_wraps_between_the_teams_never_inside_one(lang: str) -> None:
    """Issue 48 item 24: in Arabic the players' cell wrapped in the middle of a team."""
    from tarneeb_desktop.ui import text
    from tarneeb_desktop.ui.kit.tables import cell_lines
    from tarneeb_desktop.ui.screens.games.games import LINES, players_text

    pygame.font.init()
    text.clear_cache()  # an earlier test's pygame.quit left dead fonts
    names = ["Alexandrina", "Konstantinos", "Abu Nour", "Maya"]
    table = play_game(make_rules("standard", target=11), 2, ["random"] * 4, names)
    keep_finished(table.state, table.names, now=T0)
    (g,) = list_kept().games
    i18n.set_language(lang)
    try:
        for width in (180, 240, 320):
            # the text is never shrunk (issue 47): a narrow cell takes a third line
            lines = cell_lines(players_text(g), 18, width, LINES)
            assert 2 <= len(lines) <= LINES and not lines[-1].endswith("\u2026"), (width, lines)
            for line in lines:  # a team is on one line, whole: both its names or neither
                for a, b in (("Alexandrina", "Abu\u00a0Nour"), ("Konstantinos", "Maya")):
                    assert (a in line) == (b in line), (width, line)
    finally:
        i18n.set_language("en")
