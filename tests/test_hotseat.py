"""Hot-seat: two people at one computer never see each other's cards, partners or opponents."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.cards import cards_of
from tests.test_ui_helpers import FRAME, FrameWatch, key, make_app, mouse, settle, step_watching
from tests.test_ui_table import drawn_lines

pytestmark = pytest.mark.usefixtures("ui_home")


def hotseat_scene(
    humans: tuple[int, ...], seed: int = 5, preset: str = "standard", size=(1280, 720)
):
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app(size=size, speed="fast")
    state = GameState.new(make_rules(preset, target=8), seed=seed)
    scene = TableScene(
        app,
        state,
        ["Sami", "Layla", "Nour", "Omar"],
        humans,
        ["random"] * 4,
        seed=seed,
        inline_ai=True,
    )
    FrameWatch(scene)
    app.switch(scene)
    return app, scene


def play_hands(app, scene, hands: int, use_keyboard: bool = False, limit: int = 40000):
    """Drive the game: pass the cover when it shows, let the person at the bottom act, close
    summaries. Checks every frame; returns the frames' (face-up, covered, passed-to) records."""
    frames = []
    passed_to = None if scene.covered() else scene.me  # who last said they were ready
    acted = set()
    for i in range(limit):
        events = []
        if scene.overlay is not None and scene.overlay.kind == "summary":
            scene.overlay = None
            scene.invalidate()
        elif scene.covered() and i % 7 == 0:
            events = (
                [key(pygame.K_RETURN)] if use_keyboard else [mouse(pygame.MOUSEBUTTONDOWN, (5, 5))]
            )
        elif scene.my_turn():
            acted.add(scene.me)
            scene.act(scene.me, scene.pv.legal[-1 if scene.pv.phase == "auction" else 0])
        passed_to, face_up = step_watching(app, scene, events, passed_to, frames)
        if face_up is not False:  # a frame was drawn
            if face_up is not None:
                me, view_seat, cards = face_up
                # the hand drawn is the bottom seat's own view, and its cards are its own
                assert view_seat == me
                assert me == passed_to, f"{me}'s hand shown to {passed_to}"
                state = scene.table.state
                if (
                    not scene.steps
                    and not scene.timeline.current
                    and state.phase in ("auction", "play")
                ):
                    assert set(cards) <= set(cards_of(state.hands[me]))
        if len(scene.pv.results) >= hands or scene.table.state.is_over():
            break
    return frames, acted


@pytest.mark.parametrize(
    ("humans", "preset"),
    [((0, 2), "standard"), ((0, 1), "standard"), ((0, 1), "lebanese400")],
    ids=["partners", "opponents", "opponents-41"],
)
def test_no_person_ever_sees_another_persons_hand(humans, preset) -> None:
    app, scene = hotseat_scene(humans, preset=preset)
    assert scene.covered()  # even the first deal starts hidden
    frames, acted = play_hands(app, scene, hands=2)
    assert acted == set(humans)
    shown = [f[0][0] for f in frames if f[0] is not None]
    assert set(shown) == set(humans)
    # between two different people's hands there is always a covered frame
    last, covered_since = None, False
    changes = 0
    for face_up, covered, _ in frames:
        if covered:
            covered_since = True
        if face_up is None:
            continue
        if last is not None and face_up[0] != last:
            assert covered_since, "a hand followed another person's without the cover"
            changes += 1
        last, covered_since = face_up[0], False
    assert changes >= 4


def cover_lines(app, scene, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines of text the cover draws in one frame (its box is the kit's: its texts)."""
    from tarneeb_desktop.ui.kit import boxes

    return drawn_lines(app, scene, monkeypatch, boxes)


def test_the_cover_names_the_person_whose_turn_comes_and_the_keyboard_passes_it(
    monkeypatch,
) -> None:
    from tarneeb_desktop.ui.i18n import tr

    app, scene = hotseat_scene((0, 1))
    app.step(FRAME, [])
    assert scene.covered() and not scene.my_turn()
    # seed 5: South (Sami) speaks first, so the cover asks for Sami, not Layla
    assert scene.table.state.current_player() == 0 and scene.next_human() == 0
    drawn = cover_lines(app, scene, monkeypatch)
    assert tr("Pass to {name} \u2014 click when ready", name="Sami") in drawn
    assert not any("Layla" in line for line in drawn), drawn
    # the keyboard passes the cover to the person named (once the deal has been shown)
    app.step(FRAME, [key(pygame.K_RETURN)])
    settle(app, scene)
    assert scene.my_turn() and not scene.covered() and scene.me == 0
    frames, acted = play_hands(app, scene, hands=1, use_keyboard=True)
    assert acted == {0, 1}


def test_a_single_person_is_never_covered() -> None:
    app, scene = hotseat_scene((0,))
    frames, _ = play_hands(app, scene, hands=1)
    assert not any(covered for _, covered, _ in frames)
    assert {f[0][0] for f in frames if f[0] is not None} == {0}


def test_new_game_takes_the_seats_from_the_settings() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    app = make_app()
    app.settings.seats = ["human", "computer", "human", "computer"]
    scene = TableScene.new_game(app, make_rules(), seed=3, humans=None, inline_ai=True)
    assert scene.humans == (0, 2) and scene.cover.hotseat
    assert set(scene.players) == {1, 3}


def test_a_trick_finished_behind_the_cover_is_shown_with_its_winner(monkeypatch) -> None:
    # partners at one computer: the computers (East, West) finish tricks while the cover is up
    app, scene = hotseat_scene((0, 2))
    seen: dict[int, set[int]] = {}  # trick number -> the winner drawn with its four cards
    covered_seen: set[int] = set()  # ... of those, the ones drawn under the cover
    real = scene.panels.draw_trick

    def spy(s, lay):  # type: ignore[no-untyped-def]
        if scene.trick_winner is not None and len(scene.trick_cards) == 4:
            n = len(scene.pv.tricks)
            seen.setdefault(n, set()).add(scene.trick_winner)
            if scene.covered():
                covered_seen.add(n)
        return real(s, lay)

    monkeypatch.setattr(scene.panels, "draw_trick", spy)
    state = scene.table.state
    for _ in range(40000):
        if scene.overlay is not None and scene.overlay.kind == "summary":
            break
        events = []
        # a person takes their time: the cover is passed only once it is a person's turn
        waiting = scene.link.turn in scene.humans and not scene.timeline.running()
        if scene.covered() and waiting:
            events = [key(pygame.K_RETURN)]
        elif scene.my_turn():
            scene.act(scene.me, scene.pv.legal[-1 if scene.pv.phase == "auction" else 0])
        scene.dirty = True
        app.step(FRAME, events)
    row = state.history[0]
    assert len(row.plays) == 52
    assert covered_seen, "no trick was finished behind the cover in this game"
    assert sorted(seen) == list(range(13)), "a trick was finished unseen"
    assert all(len(w) == 1 for w in seen.values())


@pytest.mark.parametrize("lang", ["en", "ar", "hi"])
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_covers_words_are_laid_out_by_the_kit(lang, size) -> None:  # type: ignore[no-untyped-def]
    """The cover's three lines wrap inside its box at the body size or above (none squeezed
    to fit, as they were), below the trick and inside the window."""
    from tarneeb_desktop.ui import i18n
    from tests.text_spy import screen_problems

    app, scene = hotseat_scene((0, 2), size=size)
    i18n.set_language(lang)
    try:
        settle(app, scene)
        assert scene.covered()
        scene.dirty = True
        app.step(FRAME, [])
        lay = scene.layout
        panel = scene.cover.laid(lay, scene.names[scene.cover.next_human(scene.table_turn())])
        texts = panel.texts()
        assert len(texts) >= 3 and all(panel.rect.contains(r) for _, r in texts)
        assert pygame.Rect(0, 0, lay.w, lay.h).contains(panel.rect)
        assert panel.rect.top >= lay.trick_area.bottom
        assert screen_problems(app, f"cover {lang} {size}") == []
    finally:
        i18n.set_language("en")
