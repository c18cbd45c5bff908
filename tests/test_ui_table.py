"""Scene tests for the table under the dummy video driver, driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.rules.cards import CARD_INDEX
from tests.test_ui_helpers import (
    FRAME,
    advance,
    key,
    make_app,
    mouse,
    must_follow,
    my_play_turn,
    play_scene_for_tests,
    run,
    settle,
    standard_state,
    table_scene,
)

pytestmark = pytest.mark.usefixtures("ui_home")


def holds(state: GameState, seat: int, card: str) -> bool:
    return bool(state.hands[seat] >> CARD_INDEX[card] & 1)


def grab_point(scene, card: str) -> tuple[int, int]:
    """A point on the visible part of ``card`` in my fan (its left strip)."""
    for c, r in scene.card_rects():
        if c == card:
            return r.x + 6, r.y + r.h // 3
    raise AssertionError(f"{card} is not in the hand")


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, start)])
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for i in range(1, 6):
        p = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        app.step(FRAME, [mouse(pygame.MOUSEMOTION, p)])
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])


def play_scene(seed: int = 11):  # type: ignore[no-untyped-def]
    return play_scene_for_tests(seed)


def test_dragging_a_legal_card_plays_it() -> None:
    app, scene = play_scene()
    state = scene.table.state
    card = scene.pv.legal[0]
    drag(app, grab_point(scene, card), scene.layout.centre)
    assert not holds(state, 0, card)
    assert state.plays[-1] == CARD_INDEX[card] or card in [
        c for _, cs, _ in scene.table.view(0).tricks for c in cs
    ]
    run(app, 0.5)
    assert (0, card) in scene.trick_cards or any(card in cs for _, cs, _ in scene.pv.tricks)


def test_an_illegal_drop_slides_back_and_nothing_changes() -> None:
    for seed in range(40):
        state = standard_state(seed)
        if advance(state, must_follow, seed):
            break
    else:
        pytest.skip("no position with a card that may not be played")
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    before = state.clone()
    illegal = next(c for c in scene.hand_cards() if c not in scene.pv.legal)
    drag(app, grab_point(scene, illegal), scene.layout.centre)
    assert state == before
    assert scene.toast is not None and "must follow" in scene.toast[0]
    run(app, 0.5)
    assert illegal in scene.hand_cards() and not scene.hidden and scene.hand.drag is None
    assert scene.my_turn()


def test_dropping_outside_the_trick_area_sends_the_card_back() -> None:
    app, scene = play_scene()
    state = scene.table.state
    before = state.clone()
    card = scene.pv.legal[0]
    start = grab_point(scene, card)
    drag(app, start, (start[0], start[1] - 40))
    assert state == before
    run(app, 0.5)
    assert card in scene.hand_cards() and not scene.hidden


def test_a_click_plays_a_legal_card() -> None:
    app, scene = play_scene(seed=5)
    state = scene.table.state
    card = scene.pv.legal[-1]
    p = grab_point(scene, card)
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, p)])
    p = grab_point(scene, card)  # hovering lifts the card
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, p)])
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, p)])
    assert not holds(state, 0, card)


def test_the_keyboard_plays_a_card() -> None:
    app, scene = play_scene(seed=7)
    state = scene.table.state
    legal_in_fan = [c for c in scene.hand_cards() if c in scene.pv.legal]
    app.step(FRAME, [key(pygame.K_RIGHT)])
    app.step(FRAME, [key(pygame.K_RIGHT)])
    expected = legal_in_fan[1 % len(legal_in_fan)]
    assert scene.hand.kb_card == expected
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert not holds(state, 0, expected)


def auction_scene(rules, seed: int, bids_before: int):
    """An auction where seat 0 calls after ``bids_before`` other seats have called."""
    state = GameState.new(rules, seed=seed, dealer=(0 - bids_before - 1) % 4)
    for _ in range(bids_before):
        legal = state.legal_actions()
        state.apply(legal[2] if len(legal) > 2 else legal[0])
    assert state.current_player() == 0 and state.phase == "auction"
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    return app, scene


@pytest.mark.parametrize(
    ("preset", "bids_before"), [("standard", 0), ("standard", 2), ("egyptian", 1)]
)
def test_the_bidding_panel_offers_exactly_the_legal_calls(preset: str, bids_before: int) -> None:
    app, scene = auction_scene(make_rules(preset), 3, bids_before)
    state = scene.table.state
    offered = [b.action for b in scene.buttons()]
    assert sorted(offered) == sorted(state.legal_actions())
    assert len(set(offered)) == len(offered)
    for b in scene.buttons():  # every button lies on screen
        assert pygame.Rect(0, 0, *app.size).contains(b.rect)
    # clicking a button makes that call
    button = scene.buttons()[-1]
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button.rect.center)])
    assert state.calls[-1] == (0, button.action)


def test_p_passes_and_digits_bid() -> None:
    app, scene = auction_scene(make_rules("standard"), 4, 0)
    state = scene.table.state
    app.step(FRAME, [key(pygame.K_9)])
    assert state.calls[-1] == (0, "9")


def test_nothing_is_drawn_while_the_table_waits() -> None:
    app, scene = play_scene()
    run(app, 0.5)
    assert app.step(FRAME, []) is False
    assert not scene.busy()
    # a hover over a card changes the picture, so it draws once
    card = scene.pv.legal[0]
    assert app.step(FRAME, [mouse(pygame.MOUSEMOTION, grab_point(scene, card))]) is True
    assert app.step(FRAME, []) is False


SIZES = [
    (1280, 720),
    (1920, 1080),
    (3840, 2160),
    (1024, 768),
    (2560, 1080),
    (1280, 1024),
    (800, 600),
]


def test_resizing_keeps_every_card_on_screen() -> None:
    app, scene = play_scene()
    from tarneeb_desktop.ui.layout import BOTTOM, LEFT, RIGHT, TOP

    for w, h in SIZES:
        app.step(FRAME, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
        assert app.size == (w, h)
        screen = pygame.Rect(0, 0, w, h)
        lay = scene.layout
        # my 13 cards, each lifted, show at least their corner index
        rects = lay.hand_rects(13)
        for r in rects:
            lifted = r.move(0, -lay.lift)
            assert screen.contains(lifted.clip(screen)) and lifted.top >= 0
            assert r.left >= 0 and r.right <= w and r.top + r.h * 0.3 <= h
        step = rects[1].x - rects[0].x
        assert step >= lay.card[0] * 0.2  # the corner index stays visible
        for side in (TOP, LEFT, RIGHT):
            for r in lay.back_rects(side, 13):
                assert screen.contains(r), (w, h, side, r)
        for side in (BOTTOM, TOP, LEFT, RIGHT):
            assert screen.contains(lay.trick_rect(side))
            assert screen.contains(lay.plate_rect(side)), (w, h, side)
        for _card, r in scene.card_rects():
            assert r.left >= 0 and r.right <= w and r.top >= 0
        assert lay.card[1] <= 500  # never upscaled beyond the art
        scene.dirty = True
        assert app.step(0.0, []) is True  # a frame is drawn at this size
        from tarneeb_desktop.ui.game.drawn import mismatches, settled

        if settled(scene):  # and what it drew is the view (the resize cut nothing short)
            assert mismatches(scene) == [], (w, h)


def moves_this_hand(state: GameState) -> list[tuple[int, str]]:
    """Every call and card of the hand in progress, with its seat (from the public view)."""
    view = state.view(0)
    played = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        played.append(view.trick)
    cards = [((leader + i) % 4, c) for leader, trick in played for i, c in enumerate(trick)]
    return [*view.calls, *cards]


def test_the_computer_seats_play_on_with_a_fake_clock() -> None:
    state = standard_state(21)
    app = make_app(speed="fast")
    scene = table_scene(app, state)
    settle(app, scene, limit=30)
    # dealer 3: the human speaks first, and nobody has moved before that
    assert scene.my_turn() and state.phase == "auction" and moves_this_hand(state) == []
    # the human passes whenever asked; the computer seats carry the game on
    for _ in range(40):
        app.step(FRAME, [key(pygame.K_p)] if "pass" in scene.pv.legal else [key(pygame.K_RETURN)])
        settle(app, scene, limit=30)
        if not scene.my_turn() or scene.pv.phase == "play":
            break
    # the table waits for the human again, and in this hand each computer seat has moved
    # since (called, or played to the trick): a pass no longer counts as the others acting
    assert scene.my_turn()
    assert state.phase == "play" or state.hand_number > 1 or state.calls
    assert {seat for seat, _ in moves_this_hand(state)} >= {1, 2, 3}, moves_this_hand(state)
    assert scene.link.pool.inline  # inline AI in tests: no threads, no real time


def test_escape_opens_the_menu_and_resume_closes_it() -> None:
    app, scene = play_scene()
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert scene.overlay and scene.overlay.kind == "menu"
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.overlay is None


def test_l_opens_the_last_trick_until_the_next_press_like_a_click() -> None:
    state = standard_state(11)
    assert advance(state, lambda s: my_play_turn(s) and len(s.tricks) >= 1, 11)
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    app.step(FRAME, [key(pygame.K_l)])
    assert scene.last_trick_shown
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="", scancode=0)
    app.step(FRAME, [up])
    assert scene.last_trick_shown  # a tap shows it: letting go does not close it
    app.step(FRAME, [key(pygame.K_l)])
    assert not scene.last_trick_shown
    # the pile and the key are one switch
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, scene.layout.pile_rect.center)])
    assert scene.last_trick_shown
    app.step(FRAME, [key(pygame.K_l)])
    assert not scene.last_trick_shown


def test_a_whole_game_by_keyboard_ends_in_game_over_and_rematch() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules("standard", target=10), seed=2, dealer=3)  # a short game
    app = make_app(size=(1024, 640), speed="instant")
    scene = table_scene(app, state)
    saw_summary = False
    for _ in range(5000):
        app.step(FRAME, [])
        if scene.overlay is not None:
            kind = scene.overlay.kind
            saw_summary |= kind == "summary"
            if kind == "gameover":
                break
            app.step(FRAME, [key(pygame.K_RETURN)])
            continue
        if not scene.my_turn():
            continue
        if scene.pv.phase == "play":
            app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
        elif "pass" in scene.pv.legal:
            app.step(FRAME, [key(pygame.K_p)])
        else:
            app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert state.is_over() and saw_summary
    assert scene.overlay and scene.overlay.kind == "gameover"
    # the finished game was kept for the games list, once
    from tarneeb_desktop.table.history import list_kept

    kept = list_kept()
    assert len(kept.games) == 1 and kept.games[0].totals == tuple(state.scores)
    app.step(FRAME, [key(pygame.K_RETURN)])  # at once: the result is read first
    assert app.scene is scene and scene.overlay and scene.overlay.kind == "gameover"
    run(app, 1.6)
    app.step(FRAME, [key(pygame.K_RETURN)])  # Enter alone: still the result (issue 48 item 2)
    assert app.scene is scene and scene.overlay and scene.overlay.kind == "gameover"
    app.step(FRAME, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])  # Rematch, chosen
    assert isinstance(app.scene, TableScene) and app.scene is not scene
    assert not app.scene.table.state.is_over()


def test_h_suggests_a_legal_card() -> None:
    app, scene = play_scene(seed=9)
    app.step(FRAME, [key(pygame.K_h)])
    assert scene.hand.kb_card in scene.pv.legal
    assert scene.toast is not None and scene.toast[0].startswith("Hint")
    before = scene.table.state.clone()
    assert scene.table.state == before  # a hint never plays by itself
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.table.state != before


@pytest.mark.parametrize(
    ("preset", "options", "calls", "phase"),
    [
        ("standard", {}, ["13"], "trump"),
        ("standard", {"no_trump_allowed": True}, ["13"], "trump"),
        ("egyptian", {}, ["8S", "pass", "pass", "pass"], "double"),
    ],
)
def test_trump_and_double_panels_offer_exactly_the_legal_choices(
    preset, options, calls, phase
) -> None:
    state = GameState.new(make_rules(preset, **options), seed=3, dealer=3)
    for c in calls:
        state.apply(c)
    assert state.phase == phase and state.current_player() == 0
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    assert sorted(b.action for b in scene.buttons()) == sorted(state.legal_actions())
    button = scene.buttons()[0]
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, button.rect.center)])
    assert state.phase == "play"


def test_a_tournament_game_ends_with_continue_which_calls_back() -> None:
    from tarneeb_desktop.ui.table_scene import TableScene

    state = GameState.new(make_rules("standard", target=10), seed=2, dealer=3)
    app = make_app(size=(1024, 640), speed="instant")
    called: list[object] = []
    scene = TableScene(
        app,
        state,
        ["A", "B", "C", "D"],
        (),
        ["easy"] * 4,
        2,
        inline_ai=True,
        after_game=called.append,
    )
    app.switch(scene)
    for _ in range(20000):
        app.step(FRAME, [])
        if scene.overlay is not None:
            if scene.overlay.kind == "gameover":
                break
            app.step(FRAME, [key(pygame.K_RETURN)])
    assert scene.overlay and scene.overlay.kind == "gameover"
    assert [b.action for b in scene.overlay_buttons()][0] == "next"
    run(app, 1.6)  # Enter answers the game's end only once it can have been read
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert called == [scene]


def _foot_lines(app, scene, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The contract panel's last line(s) drawn in one frame (a spy on ``ScorePanel._foot``)."""
    lines: list[str] = []
    real = scene.score._foot

    def spy(s, r, pad, line, seat):  # type: ignore[no-untyped-def]
        lines.append(line)
        return real(s, r, pad, line, seat)

    with monkeypatch.context() as m:
        m.setattr(scene.score, "_foot", spy)
        scene.invalidate()
        app.step(FRAME, [])
    return lines


def test_sentences_about_the_player_say_you_and_about_others_their_name(monkeypatch) -> None:
    from tarneeb_desktop.rules import AuctionWon
    from tarneeb_desktop.ui.i18n import tr

    found = set()
    for seed in range(1, 40):
        state = standard_state(seed)
        assert advance(state, lambda s: s.phase == "play", seed)
        who = state.declarer
        if (who == 0) in found:
            continue
        app = make_app()
        scene = table_scene(app, state)
        lines = _foot_lines(app, scene, monkeypatch)
        if who == 0:
            assert tr("by you") in lines and not any("You" in x for x in lines if x != tr("by you"))
        else:
            assert tr("by {name}", name=scene.names[who]) in lines
        found.add(who == 0)
        if len(found) == 2:
            break
    assert found == {True, False}
    # the banner at the auction's end: "You play 8" for me, "East plays 8" for East
    for seat, text in ((0, tr("You play {bid}", bid="8")), (1, "East plays 8")):
        scene.timeline.queue_events([AuctionWon(seat, "8")], scene.pv, None)
        shown = set()
        for _ in range(200):
            app.step(FRAME, [])
            shown.add(scene.banner)
            if scene.timeline.current is None and not scene.steps:
                break
        assert text in shown, shown
    assert "You plays 8" not in shown


def drawn_lines(app, scene, monkeypatch, *modules) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines of text the ``modules`` draw in one frame (a spy on their ``blit_text``)."""
    drawn: list[str] = []

    def spy_on(real):  # type: ignore[no-untyped-def]
        def spy(surface, line, *a, **k):  # type: ignore[no-untyped-def]
            drawn.append(line)
            return real(surface, line, *a, **k)

        return spy

    with monkeypatch.context() as m:
        for module in modules:
            m.setattr(module, "blit_text", spy_on(module.blit_text))
        scene.invalidate()  # the static layer too
        app.step(FRAME, [])
    return drawn


def _dialog_lines(app, scene, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines the open dialog shows (every dialog is laid out by the kit)."""
    scene.invalidate()
    app.step(FRAME, [])
    return [words for words, _ in scene.overlay.texts()] if scene.overlay is not None else []


def test_at_a_lan_table_the_menu_is_not_paused_and_leaving_asks_first(monkeypatch) -> None:
    from tarneeb_desktop.ui.i18n import tr
    from tarneeb_desktop.ui.table_scene import TableScene

    app, scene = play_scene()
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    assert tr("Paused") in _dialog_lines(app, scene, monkeypatch)  # offline: it does pause
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    scene.link.remote = True  # a LAN table: the others play on
    app.step(FRAME, [key(pygame.K_ESCAPE)])
    lines = _dialog_lines(app, scene, monkeypatch)
    assert tr("Menu") in lines and tr("Paused") not in lines
    main_menu = [b.action for b in scene.overlay_buttons()].index("menu")
    for _ in range(main_menu + 1):  # the first press focuses the first button
        app.step(FRAME, [key(pygame.K_DOWN)])
    app.step(FRAME, [key(pygame.K_RETURN)])
    # not gone yet: a question, with Stay focused, so Enter keeps the seat
    assert app.scene is scene and scene.overlay.kind == "leave"
    focused = [b for b in scene.overlay_buttons() if b.focus]
    assert [b.label for b in focused] == [tr("Stay")]
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert app.scene is scene and scene.overlay is None
    # asked again, Leave goes to the main menu
    scene.open_overlay("leave")
    leave = next(b for b in scene.overlay_buttons() if b.action == "leave")
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, leave.rect.center)])
    assert not isinstance(app.scene, TableScene)


def test_a_hint_goes_once_its_card_is_played() -> None:
    app, scene = play_scene(seed=9)
    app.step(FRAME, [key(pygame.K_h)])
    assert scene.toast is not None and scene.toast[0].startswith("Hint")
    app.step(FRAME, [key(pygame.K_RETURN)])  # plays the hinted card
    app.step(FRAME, [])
    assert scene.toast is None or not scene.toast[0].startswith("Hint")


def test_c_says_why_no_claim_is_possible() -> None:
    from tarneeb_desktop.ui.i18n import tr

    app, scene = play_scene()
    assert not any(b.action == "claim" for b in scene.buttons())
    before = scene.table.state.clone()
    app.step(FRAME, [key(pygame.K_c)])
    assert scene.toast is not None
    assert scene.toast[0] == tr("You can claim only when every card you hold is sure to win")
    assert scene.table.state == before and scene.claiming is None


def test_the_double_question_says_what_doubling_does_and_enter_keeps_it_single(
    monkeypatch,
) -> None:
    from tarneeb_desktop.ui.game import bid_panel
    from tarneeb_desktop.ui.i18n import tr
    from tarneeb_desktop.ui.kit import boxes

    state = GameState.new(make_rules("egyptian"), seed=3, dealer=3)
    for c in ["8S", "pass", "pass", "pass"]:
        state.apply(c)
    assert state.phase == "double" and state.current_player() == 0
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    drawn = drawn_lines(app, scene, monkeypatch, bid_panel, boxes)
    why = "Doubling multiplies this hand's points by {n}, won or lost, for both teams"
    assert tr(why, n=state.rules.double_factor) in " ".join(drawn)  # wrapped, not shrunk
    focused = [b.action for b in scene.buttons() if b.focus]
    assert focused == ["no_double"]
    app.step(FRAME, [key(pygame.K_RETURN)])
    assert state.phase == "play" and not state.doubled


def test_a_deal_everyone_passed_is_not_counted_as_a_hand(monkeypatch) -> None:
    from tarneeb_desktop.ui.game import score
    from tarneeb_desktop.ui.i18n import tr

    state = GameState.new(make_rules("standard"), seed=3, dealer=3)
    for _ in range(4):
        state.apply("pass")  # thrown in: the same hand is dealt again
    assert state.view(0).hand_number == 2
    app = make_app()
    scene = table_scene(app, state)
    settle(app, scene)
    drawn = drawn_lines(app, scene, monkeypatch, score)
    assert tr("Hand {n}", n=1) in drawn and tr("Hand {n}", n=2) not in drawn
