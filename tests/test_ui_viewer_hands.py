"""Issue 24, the viewer and the finished games: one count of hands in ``tarneeb replay``, the
viewer and the game over (a thrown-in deal is not a hand; a one-hand record is one hand);
the hand's result at its end, the scrubber, the list of hands and each side's costly cards,
only my seat's cards; the games list sorted and filtered; four files set aside all counted;
Arabic lines of names and cards in reading order; and the text-fit and mirroring checks of
``tests/text_spy.py`` over these screens in all seven languages."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.ai import dds
from tarneeb_desktop.arena import play_game
from tarneeb_desktop.record import load_record, replay, to_record
from tarneeb_desktop.rules import GameOver, make_rules
from tarneeb_desktop.session.record_steps import positions
from tarneeb_desktop.table.history import keep_finished, played_hands
from tarneeb_desktop.ui import i18n
from tests.test_ui_helpers import FRAME, key, make_app, mouse
from tests.text_spy import TextSpy, Traced, problems

pytestmark = pytest.mark.usefixtures("ui_home")
DATA = Path(__file__).parent / "data"
NAMES = ["Sami", "Rana", "Omar", "Hala"]
LANGS = ["en", "ar", "fr", "de", "ru", "uk", "hi"]
SIZES = [(800, 600), (1920, 1080)]
T0 = datetime(2026, 12, 1, 21, 12, tzinfo=UTC)
needs_dds = pytest.mark.skipif(not dds.available(), reason="no DDS library")


def thrown_in_game():  # type: ignore[no-untyped-def]
    """A finished game with passed-out deals (this seed has some)."""
    state = play_game(make_rules("standard", target=11), 0, ["easy"] * 4).state
    assert any(r.contract is None for r in state.history)
    return state


def viewer(doc: dict, app=None):  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    app = app or make_app()
    scene = ViewerScene(app, positions(doc), title="test", inline=True)
    app.switch(scene)
    app.step(FRAME, [])
    return app, scene


def game_over_text(state) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts the game-over dialog draws for ``state`` (a finished game)."""
    from tarneeb_desktop.ui.game.ends import GameOverDialog
    from tests.test_ui_parts import SIZE, FakeTable

    table = FakeTable(state.view(0))
    over = GameOverDialog(table, GameOver(winner=state.winner, totals=tuple(state.scores)))
    with TextSpy():
        surface = Traced(SIZE)
        over.draw(surface, table.layout, over.buttons())
    return [i.label for i in surface.items if i.kind == "text"]


# ---------------------------------------------------------------------- defect 3
def test_replay_the_viewer_and_the_game_over_count_hands_alike(tmp_path, capsys) -> None:
    """A thrown-in deal is not a hand anywhere: `tarneeb replay` says "N hands played" and
    the deals thrown in apart, the viewer's last hand is "Hand N of N", the game over
    "N hands played"; the JSON keeps a row per deal, as the record format says."""
    from tarneeb_desktop.cli import main

    state = thrown_in_game()
    doc = to_record(state, NAMES)
    thrown = sum(1 for r in state.history if r.contract is None)
    n = len(state.history) - thrown
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f", {n} hands played ({thrown} more deal" in out and "thrown in" in out
    assert main(["replay", str(path), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["hands"]) == len(state.history)
    _, scene = viewer(doc)
    assert scene.steps.hands_played() == n == played_hands(state.history)
    assert scene.hand_title(scene.steps.positions[-1]) == f"Hand {n} of {n}"
    assert f"{n} hands played" in game_over_text(load_record(path).state)


def test_a_one_hand_record_is_one_hand() -> None:
    """A daily deal's record holds one finished hand of a game that goes on: the viewer
    says "Hand 1 of 1" (it said "Hand 1 of 2"), and so does `tarneeb replay`."""
    from tarneeb_desktop.cli.replay import sentence
    from tests.test_ui_viewer import record_of

    doc = record_of("standard", seed=3, hands=1)
    doc["hands"] = doc["hands"][:1]
    doc["hands"][0].pop("unfinished", None)
    rep = replay(doc)
    assert len(rep.state.history) == 1 and not rep.state.is_over()
    _, scene = viewer(doc)
    first = scene.steps.positions[0]
    number = scene.steps.played_number(0)
    total = 1 if number == 1 else 0  # a passed-out first deal would be no hand at all
    assert scene.steps.hands_played() == total
    if number == 1:
        assert scene.hand_title(first) == "Hand 1 of 1"
        assert ", 1 hand played," in sentence(rep)


def test_an_unfinished_last_hand_counts_in_the_viewer_and_the_replay() -> None:
    from tarneeb_desktop.cli.replay import sentence

    doc = json.loads((DATA / "standard-unfinished.json").read_text())
    rep = replay(doc)
    _, scene = viewer(doc)
    n = played_hands(rep.state.history) + 1  # the hand under way
    assert scene.steps.hands_played() == n
    assert scene.hand_title(scene.steps.positions[-1]) == f"Hand {n} of {n}"
    assert f", {n} hands played" in sentence(rep)


# ---------------------------------------------------------------------- the viewer
def test_the_hand_result_is_said_at_its_end() -> None:
    from tarneeb_desktop.ui.screens.viewer.hands import result_line

    doc = json.loads((DATA / "standard-game.json").read_text())
    _, scene = viewer(doc)
    ends = [p for p in scene.steps.positions if p.kind == "end" and p.result.contract]
    assert ends
    for p in ends:
        row = p.result
        line = result_line(row, scene.names)
        assert scene.analysis_lines(p)[0][0] == line
        took = row.tricks[row.declarer & 1]
        made = took >= int(row.contract.rstrip("SHDCNT"))
        assert (" made " if made else " went down in ") in line
        assert f"with {took} tricks" in line
        for team in (0, 1):  # each side's points, signed
            pts = row.points[team]
            assert (f"{pts:+d}" if pts else " 0") in line
    # a thrown-in deal's end says so instead
    state = thrown_in_game()
    _, scene = viewer(to_record(state, NAMES))
    hand = next(i for i, r in enumerate(state.history) if r.contract is None)
    end = next(p for p in scene.steps.positions if p.hand == hand and p.kind == "end")
    assert [t for t, _ in scene.analysis_lines(end)] == [
        "Everyone passed: the deal is thrown in and dealt again"
    ]


def test_the_scrubber_goes_to_the_step_under_the_mouse_and_follows_a_drag() -> None:
    from tarneeb_desktop.ui.layout import Layout

    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = viewer(doc)
    bar = scene.bar_rect(Layout(*app.size))
    last = scene.steps.last
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (bar.x + bar.w // 2, bar.centery))])
    assert abs(scene.index - last / 2) <= 1 and scene.bar.dragging
    move = pygame.event.Event(
        pygame.MOUSEMOTION, pos=(bar.right - 1, bar.centery), rel=(0, 0), buttons=(1, 0, 0)
    )
    app.step(FRAME, [move])
    assert scene.index >= last - 1
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, (bar.right - 1, bar.centery))])
    assert not scene.bar.dragging
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (bar.x, bar.centery))])
    assert scene.index == 0
    # a tick at every deal: the bar knows where each hand starts
    assert scene.bar.deals == [p.index for p in scene.steps.positions if p.kind == "deal"]


def test_the_hand_list_jumps_to_a_hand_and_says_what_each_came_to() -> None:
    from tarneeb_desktop.ui.screens.viewer.hands import hand_entries

    state = thrown_in_game()
    app, scene = viewer(to_record(state, NAMES))
    entries = hand_entries(scene.steps, scene.names)
    assert len(entries) == len(state.history)
    thrown = [e for e in entries if not e.label]
    assert thrown and all(e.detail == "thrown in" for e in thrown)
    played = [e for e in entries if e.label]
    assert [e.label for e in played] == [f"Hand {n}" for n in range(1, len(played) + 1)]
    app.step(FRAME, [key(pygame.K_h)])
    assert scene.hands is not None
    app.step(FRAME, [])
    target = played[2]
    spot = next(r for r, step in scene.hands.spots if step == target.step)
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, spot.center)])
    assert scene.hands is None  # the list closes on the hand
    assert scene.position.kind == "deal" and scene.position.hand == target.hand
    app.step(FRAME, [key(pygame.K_h)])
    app.step(FRAME, [key(pygame.K_ESCAPE)])  # Esc closes the list, not the viewer
    assert scene.hands is None and app.scene is scene


@needs_dds
def test_each_sides_costly_cards_are_those_analyse_prints(capsys) -> None:
    from tarneeb_desktop.cli import main
    from tarneeb_desktop.ui.screens.viewer.hands import costly_by_side, side_summary

    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = viewer(doc)
    scene.pool.wait_idle()
    app.step(FRAME, [])
    assert not scene.jobs
    sides = costly_by_side(scene.analysis)
    assert main(["analyse", str(DATA / "standard-game.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    for team, pair in ((0, "South & North"), (1, "East & West")):
        cards = sides[team]
        assert all(c.mark.seat & 1 == team for c in cards)
        # "1 costly card, 2 tricks given away": the same counts, and each noun in its form
        cost = sum(c.mark.cost for c in cards)
        said = (
            f"{pair}: {len(cards)} costly card{'' if len(cards) == 1 else 's'}, "
            f"{cost} trick{'' if cost == 1 else 's'} given away"
        )
        assert any(line.startswith(said) for line in out)
        assert side_summary(cards, pair) == said
    # a click on a costly card in the list goes to the step it was played at
    app.step(FRAME, [key(pygame.K_h)])
    app.step(FRAME, [])
    first = sides[0][0]
    spot = next(
        r for r, step in scene.hands.spots if scene.steps.positions[step].play == first.play
    )
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, spot.center)])
    assert (scene.position.hand, scene.position.play) == (first.hand, first.play)
    assert scene.marks() == first.mark


def test_only_my_cards_shows_the_others_backs(monkeypatch) -> None:
    doc = json.loads((DATA / "standard-game.json").read_text())
    app, scene = viewer(doc)
    scene.go(5)
    drawn: list[str] = []
    real = app.cards.get

    def get(name, height, *a, **k):  # type: ignore[no-untyped-def]
        drawn.append(name)
        return real(name, height, *a, **k)

    monkeypatch.setattr(app.cards, "get", get)
    scene.draw(pygame.Surface(app.size))
    assert "back" not in drawn
    labels = {b.action: b.label for b in scene.buttons()}
    assert labels["mine"] == "My cards only"
    app.step(FRAME, [key(pygame.K_m)])
    assert scene.only_mine
    assert {b.action: b.label for b in scene.buttons()}["mine"] == "All cards"
    drawn.clear()
    scene.draw(pygame.Surface(app.size))
    mine = scene.position.holdings[scene.me]
    others = sum(len(scene.position.holdings[s]) for s in range(4) if s != scene.me)
    assert drawn.count("back") == others
    assert set(mine) <= set(drawn)


def test_arabic_lines_of_names_and_cards_read_in_order() -> None:
    """Issue 24, 11: "لعب Omar 9♣: 3 أكلات" stays in that order (it read "لعب 9 :♣Omar 3"),
    a card reads left to right as printed, and a costly card's line with Arabic names, which
    left a mark alone between two scripts, draws."""
    from tarneeb_desktop.ui.i18n import trn
    from tarneeb_desktop.ui.text_runs import card_run, display, line_surface, rtl_run

    i18n.set_language("ar")
    line = trn(
        "{name} played {card}: {tricks} trick, the best",
        "{name} played {card}: {tricks} tricks, the best",
        3,
        name=rtl_run("Omar"),
        card=card_run("9\u2663"),
        tricks=3,
    )
    shown = display(line)  # display order, left to right
    assert "3 :9\u2663 Omar" in shown  # reading from the right: Omar, 9♣, ":", 3
    assert "\u200f" not in shown and "\u200e" not in shown
    pygame.init()
    for name in ("Omar", "\u0627\u0644\u063a\u0631\u0628"):
        costly = trn(
            "{name} played {card}: {tricks} trick; {best} would take {n}",
            "{name} played {card}: {tricks} tricks; {best} would take {n}",
            3,
            name=rtl_run(name),
            card=card_run("9\u2666"),
            tricks=3,
            best=card_run("7\u2666/4\u2666/2\u2666"),
            n=4,
        )
        assert line_surface(costly, 24, (255, 255, 255)).get_width() > 100
        assert "7\u2666/4\u2666/2\u2666" in display(costly)
    # the auction's "Omar: 7" reads from the right as "Omar: باس" does
    assert display(rtl_run("Omar") + ": 7") == "7 :Omar"


# ---------------------------------------------------------------------- the games list
def keep(n: int = 4) -> None:
    presets = ("standard", "syrian41", "egyptian", "standard")
    for k in range(n):
        preset = presets[k % 4]
        rules = make_rules(preset) if preset == "syrian41" else make_rules(preset, target=11)
        t = play_game(rules, k, ["easy"] * 4, NAMES)
        extra: dict = {"tournament": "Cup of Beirut", "game": 2} if k == 1 else {"people": [0]}
        keep_finished(t.state, t.names, now=T0 + timedelta(days=k), **extra)


def test_the_games_list_sorts_and_filters_by_date_rules_and_result() -> None:
    from tarneeb_desktop.ui.screens.games.games import GamesScene

    keep()
    app = make_app()
    scene = GamesScene(app)
    app.switch(scene)
    app.step(FRAME, [])
    dates = [g.finished for g in scene.games]
    assert dates == sorted(dates, reverse=True)  # newest first
    chosen = scene.selected
    app.step(FRAME, [key(pygame.K_s)])  # oldest first, on the same game
    assert [g.finished for g in scene.games] == sorted(dates)
    assert scene.selected == chosen
    assert next(b for b in scene.buttons() if b.action == "sort").label == "Sort: oldest first"
    app.step(FRAME, [key(pygame.K_s)])  # by rules
    words = [scene.cells(g)[1].split(",")[0].split(" \u00b7")[0] for g in scene.games]
    assert words == sorted(words)
    app.step(FRAME, [key(pygame.K_s)])  # by result: South's side's wins first
    wins = [g.winner == 0 for g in scene.games]
    assert wins == sorted(wins, reverse=True) and True in wins and False in wins
    app.step(FRAME, [key(pygame.K_s)])
    assert scene.order == "newest"
    # Show: each set of rules, then the games won and lost
    seen = []
    for _ in range(6):
        app.step(FRAME, [key(pygame.K_f)])
        seen.append((scene.show, [g.path for g in scene.games]))
    shows = [s for s, _ in seen]
    assert shows[:5] == ["rules:egyptian", "rules:standard", "rules:syrian41", "won", "lost"]
    assert shows[5] == "all"
    by = dict(seen)
    assert len(by["rules:standard"]) == 2 and len(by["rules:syrian41"]) == 1
    # every game a person played at South is won or lost; the tournament's computers' is apart
    assert {p for p in by["won"]} | {p for p in by["lost"]} == {
        g.path for g in scene.kept if g.people
    }
    assert all(g.winner == 0 for g in scene.kept if g.path in by["won"])
    # the order and the filter are kept across the viewer and back
    app.step(FRAME, [key(pygame.K_s), key(pygame.K_f), key(pygame.K_f)])
    order, show = scene.order, scene.show
    scene.activate("open")
    app.scene.activate("back")
    assert isinstance(app.scene, GamesScene)
    assert (app.scene.order, app.scene.show) == (order, show)
    assert [g.path for g in app.scene.games] == [g.path for g in scene.games]


def test_four_files_set_aside_are_all_counted() -> None:
    """Issue 24, 2: four bad files gave two messages; the list counts them all."""
    from tarneeb_desktop.table.history import games_dir
    from tarneeb_desktop.ui.screens.games.games import GamesScene

    keep(1)
    for k in range(4):
        (games_dir() / f"2020010{k}-000000.json").write_text("{broken")
    app = make_app()
    scene = GamesScene(app)
    notes = [t for t, _ in scene._note_lines()]
    assert "4 files could not be used and were set aside" in notes
    assert len(scene.games) == 1


# ---------------------------------------------------------------------- fit and mirror
def viewer_states(app):  # type: ignore[no-untyped-def]
    """(what, scene) for the viewer's states: marks, the hand's end, the hand list, only
    my cards, a thrown-in deal; and the games list sorted and filtered."""
    from tarneeb_desktop.ui.screens.games.games import GamesScene
    from tarneeb_desktop.ui.screens.viewer.viewer import ViewerScene

    doc = json.loads((DATA / "standard-game.json").read_text())
    doc["hands"] = doc["hands"][:3]
    steps = positions(doc)
    for what in ("marks", "end", "hands", "mine", "thrown"):
        scene = ViewerScene(app, steps, title="2026-12-01 21:12", inline=True)
        ps = steps.positions
        if what == "end":
            scene.index = next(p.index for p in ps if p.kind == "end")
        elif what == "thrown":
            scene.index = next(p.index for p in ps if steps.played_number(p.hand) is None)
        else:
            scene.index = next(p.index for p in ps if p.play == 6)
        scene.hands = None
        if what == "hands":
            from tarneeb_desktop.ui.screens.viewer.hands import HandsPanel

            scene.hands = HandsPanel(steps, scene.names)
        scene.only_mine = what == "mine"
        yield f"viewer-{what}", scene
    games = GamesScene(app)
    yield "games", games
    games = GamesScene(app)
    games.order, games.show = "result", "rules:standard"
    games.arrange()
    yield "games-filtered", games


def draw_traced(app, scene, size):  # type: ignore[no-untyped-def]
    app.switch(scene)
    app.step(FRAME, [])
    if hasattr(scene, "pool"):
        scene.pool.wait_idle()
        app.step(FRAME, [])
    surface = Traced(size)
    scene.dirty = True
    scene.draw(surface)
    return surface.items


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_viewer_and_games_list_texts_fit(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    from tarneeb_desktop.ui.layout import Layout

    keep()
    found: list[str] = []
    window = pygame.Rect((0, 0), size)
    try:
        with TextSpy():
            app = make_app(size=size)
            app.settings.language = lang
            app.apply_settings()
            for what, scene in viewer_states(app):
                items = draw_traced(app, scene, size)
                body = round(Layout(*size).text * 0.8)
                found += problems(items, window, body, f"{lang} {size[0]}x{size[1]} {what}")
    finally:
        i18n.set_language("en")
    assert not found, "\n".join(found)


def test_the_viewer_games_list_and_game_over_mirror_in_arabic() -> None:
    """In Arabic the auction panel is at the right, the hand list's hands at the right of
    its costly cards, Hands / My cards only at the left; the games list's Date column and
    Sort button at the right; the game over's own total at the right."""
    from tarneeb_desktop.ui.screens.games.games import GamesScene

    keep()
    size = (1280, 720)
    placed: dict[str, dict[str, pygame.Rect]] = {}
    for lang in ("en", "ar"):
        try:
            with TextSpy():
                app = make_app(size=size)
                app.settings.language = lang
                app.apply_settings()
                from tarneeb_desktop.ui.i18n import tr
                from tarneeb_desktop.ui.text_runs import display

                got: dict[str, pygame.Rect] = {}
                for what, scene in viewer_states(app):
                    if what not in ("viewer-hands", "games"):
                        continue
                    items = draw_traced(app, scene, size)
                    texts = {i.label: i.rect for i in items if i.kind == "text"}
                    # lines drawn in display order (viewer_text) are found by that form
                    shown = (tr("Hands"), tr("Costly cards"), tr("Date"), tr("Rules"))
                    texts |= {k: texts[display(k)] for k in shown if display(k) in texts}
                    got[f"{what}:auction"] = texts.get(tr("Auction"), pygame.Rect(0, 0, 0, 0))
                    if what == "viewer-hands":
                        got["hands"] = texts[tr("Hands")] if tr("Hands") in texts else None
                        got["costly"] = texts[tr("Costly cards")]
                        buttons = {i.label: i.rect for i in items if i.kind == "button"}
                        got["mine"] = buttons[tr("My cards only")]
                    else:
                        got["date"] = texts[tr("Date")]
                        got["rules"] = texts[tr("Rules")]
                        assert isinstance(scene, GamesScene)
                        got["sort"] = next(b.rect for b in scene.buttons() if b.action == "sort")
                placed[lang] = got
        finally:
            i18n.set_language("en")
    en, ar = placed["en"], placed["ar"]
    mid = size[0] // 2
    assert en["costly"].x > mid > ar["costly"].right
    assert en["mine"].x > mid > ar["mine"].right
    assert en["date"].x < en["rules"].x and ar["date"].x > ar["rules"].x
    assert en["sort"].x < mid < ar["sort"].x
    # the game over: our total at the reading side's end... the start: right in Arabic
    state = thrown_in_game()
    xs = {}
    for lang in ("en", "ar"):
        i18n.set_language(lang)
        try:
            from tarneeb_desktop.ui.game.ends import GameOverDialog
            from tests.test_ui_parts import SIZE, FakeTable

            table = FakeTable(state.view(0))
            ev = GameOver(winner=state.winner, totals=tuple(state.scores))
            over = GameOverDialog(table, ev)
            with TextSpy():
                surface = Traced(SIZE)
                over.draw(surface, table.layout, over.buttons())
            texts = [i for i in surface.items if i.kind == "text"]
            ours = next(i for i in texts if i.label == str(state.scores[0]))
            theirs = next(i for i in texts if i.label == str(state.scores[1]))
            xs[lang] = (ours.rect.centerx, theirs.rect.centerx)
        finally:
            i18n.set_language("en")
    assert xs["en"][0] < xs["en"][1] and xs["ar"][0] > xs["ar"][1]


def test_the_hand_list_is_mirrored_as_a_whole_in_arabic() -> None:
    """The hand list laid out left to right and mirrored as a whole: in Arabic a hand's name
    at the right of what it came to, the hands (and the rows to click) in the right half, the
    costly cards' head and rows in the left; in English the other way round."""
    from tarneeb_desktop.ui import text
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.viewer.hands import HandsPanel, hand_entries
    from tarneeb_desktop.ui.text_runs import display

    make_app()  # the fonts (an earlier test's pygame.quit closed them)
    text.clear_cache()
    doc = to_record(thrown_in_game(), NAMES)
    steps = positions(doc)
    for lang in ("en", "ar"):
        i18n.set_language(lang)
        try:
            panel = HandsPanel(steps, NAMES)
            lay = Layout(1280, 720)
            box = pygame.Rect(64, 100, 1152, 500)  # the room the viewer's kit gives the list
            with TextSpy():
                surface = Traced((1280, 720))
                panel.draw(surface, lay, box, 0, {}, busy=False)
            drawn = {i.label: i.rect for i in surface.items if i.kind == "text"}
            first = next(e for e in hand_entries(steps, NAMES) if e.label)
            # lines drawn in display order are found by that form
            name, detail = (drawn.get(k) or drawn[display(k)] for k in (first.label, first.detail))
            costly = drawn.get(i18n.tr("Costly cards")) or drawn[display(i18n.tr("Costly cards"))]
            rtl = lang == "ar"
            assert (name.x > detail.right) == rtl and (name.right < detail.x) != rtl
            assert (name.x > box.centerx) == rtl and (costly.right < box.centerx) == rtl
            hand_rows = [
                r
                for r, step in panel.spots
                if any(e.step == step for e in hand_entries(steps, NAMES))
            ]
            assert hand_rows and all((r.x > box.centerx) == rtl for r in hand_rows)
            assert all(r.right <= box.right and r.x >= box.x for r, _ in panel.spots)
        finally:
            i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_viewers_corner_buttons_and_auction_are_mirrored_as_a_whole(lang: str) -> None:
    """Hands and My cards only at the end side's corner, Hands first in reading order; the
    auction's box at the start side's corner, clear of North's cards: at the right in
    Arabic, at the left in English."""
    from tarneeb_desktop.ui.layout import TOP, Layout

    app, scene = viewer(to_record(thrown_in_game(), NAMES))
    app.settings.language = lang
    app.apply_settings()
    try:
        scene.go(next(p.index for p in scene.steps.positions if p.kind == "card"))
        lay = Layout(*app.size)
        hands, mine = scene.side_buttons(lay)
        rtl = lang == "ar"
        assert (hands.rect.x > mine.rect.x) == rtl
        assert (mine.rect.right < lay.w // 2) == rtl and (hands.rect.x > lay.w // 2) != rtl
        box = scene._draw_auction(None, lay, scene.position)
        north = scene.hand_rects(lay, TOP, 13, scene.card_h(lay))
        assert box is not None and not any(box.colliderect(c) for c in north)
        assert (box.right == lay.w - lay.margin) if rtl else (box.x == lay.margin)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_auction_box_sits_at_its_rooms_start_and_reads_from_it(lang: str) -> None:
    """The auction's box at the start of the room it is given (the right in Arabic), its
    first speaker's column on that side too; a call's digits keep their order."""
    from tarneeb_desktop.ui import text
    from tarneeb_desktop.ui.layout import Layout
    from tarneeb_desktop.ui.screens.viewer.auction import auction_box

    make_app()
    text.clear_cache()
    i18n.set_language(lang)
    try:
        lay = Layout(1280, 720)
        room = pygame.Rect(40, 60, 900, 400)
        calls = [(1, "12"), (2, "pass"), (3, "pass"), (0, "pass")]
        with TextSpy():
            surface = Traced((1280, 720))
            box = auction_box(surface, lay, room, NAMES, calls, None)
        assert box is not None and room.contains(box) and box.w < room.w
        rtl = lang == "ar"
        assert (box.right == room.right) if rtl else (box.x == room.x)
        texts = {i.label: i.rect for i in surface.items if i.kind == "text"}
        first, last = texts[NAMES[1]], texts[NAMES[0]]  # Rana spoke first, Sami last
        assert (first.x > last.x) == rtl
        assert texts["12"].w > 0
    finally:
        i18n.set_language("en")
