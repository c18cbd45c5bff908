"""What stands where on the table (issue 48 items 22 and 26): a message above the bid panel
sat on North's cards in Egyptian (five rows of bids left no room above them), and Chat and
React stood on West's cards where there was no room beside the score panel (Arabic, LAN)."""

from __future__ import annotations

import pytest

from tarneeb_desktop.rules import GameState, make_rules
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.layout import LEFT, RIGHT, TOP
from tests.test_ui_helpers import FRAME, advance, make_app, settle, table_scene

SIZES = [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)]
TWO_LINES = "Hint: 7\u2660\nBid 7\u2660: 6 cards of \u2660 with A K Q, 2 aces"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", ["egyptian", "standard", "syrian41"])
def test_a_message_above_the_bid_panel_never_sits_on_norths_cards(preset, size) -> None:  # type: ignore[no-untyped-def]
    state = GameState.new(make_rules(preset), seed=3, dealer=3)
    assert advance(state, lambda s: s.phase == "auction" and s.turn == 0, seed=3)
    app = make_app(size=size, speed="instant")
    scene = table_scene(app, state)
    settle(app, scene)
    lay = scene.layout
    panel = scene.action_panel()
    assert panel is not None
    north = lay.back_rects(TOP, 13)
    buttons = scene.bids.buttons()
    for msg in (TWO_LINES, "Your last move was taken back"):
        r = scene.panels.toast_rect(lay, msg)
        assert not any(r.colliderect(b) for b in north), (preset, size, msg, r)
        # above the panel, or over its title where there is no room: never on a button
        assert not any(r.colliderect(b.rect) for b in buttons), (preset, size, msg, r)
    scene.on_hide()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "ar", "ru"])
def test_chat_and_react_stand_clear_of_every_hand_and_panel(lang, size) -> None:  # type: ignore[no-untyped-def]
    from tests.test_lan_people_ui import started_host
    from tests.test_lan_quit import seated

    host = started_host([0], auto_start=True)
    app = make_app(size=size, speed="instant")
    i18n.set_language(lang)
    try:
        scene = seated(app, host)
        app.step(FRAME, [])
        lay = scene.layout
        taken = [*lay.back_rects(LEFT, 13), *lay.back_rects(RIGHT, 13), *lay.back_rects(TOP, 13)]
        taken.append(scene.score.rect(lay))
        chat, react = scene.lan.buttons()[:2]
        for b in (chat, react):
            assert app.surface.get_rect().contains(b.rect)
            hit = [r for r in taken if b.rect.colliderect(r)]
            assert not hit, (lang, size, b.label, b.rect, hit)
        # Chat first in reading order: on the right in Arabic
        assert (chat.rect.x > react.rect.x) == (lang == "ar")
        scene.on_hide()
    finally:
        i18n.set_language("en")
        host.stop()


@pytest.mark.parametrize("lang", ["en", "ar", "hi"])
@pytest.mark.parametrize("size", [(2560, 1440), (2393, 1165), (1280, 720)])
def test_a_message_over_the_bid_panels_title_takes_its_place(lang, size) -> None:  # type: ignore[no-untyped-def]
    """The monkey's hours (seeds 4844, 4940, 9480): Egyptian's tall bid panel leaves a hint no
    room above it, so the hint stands over the panel's title ('Your bid' ran into 'Bid 7♦:
    ...'); the title now gives way while the message is shown: no words under another."""
    from tests.text_spy import screen_problems

    app = make_app(size=size, speed="instant")
    app.settings.language = lang
    app.apply_settings()
    try:
        state = GameState.new(make_rules("egyptian"), seed=3, dealer=3)
        assert advance(state, lambda s: s.phase == "auction" and s.turn == 0, seed=3)
        scene = table_scene(app, state)
        settle(app, scene)
        panel = scene.action_panel()
        assert panel is not None
        scene.say(TWO_LINES, 6.0)
        scene.invalidate()
        app.step(FRAME, [])
        assert screen_problems(app, f"bid panel and message {lang} {size}") == []
        r = scene.panels.toast_rect(scene.layout, TWO_LINES)
        assert not any(r.colliderect(b.rect) for b in scene.bids.buttons())
        from tarneeb_desktop.ui.game import bid_panel
        from tarneeb_desktop.ui.kit import boxes
        from tests.test_ui_table import drawn_lines

        with pytest.MonkeyPatch.context() as mp:
            lines = scene.bids.head.lines  # the title's lines (wrapped when wider than the window)
            drawn = drawn_lines(app, scene, mp, bid_panel, boxes)
            assert lines and not any(line in drawn for line in lines)  # given way
            scene.toast = None  # the message gone, the title is back
            drawn = drawn_lines(app, scene, mp, bid_panel, boxes)
            assert all(line in drawn for line in lines)
        assert screen_problems(app, f"bid panel {lang} {size}") == []
        scene.on_hide()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["de", "ar", "en"])
def test_chat_and_react_stand_clear_of_a_tall_bid_panel(lang, size) -> None:  # type: ignore[no-untyped-def]
    """The monkey's hours (seeds 5043, 9648): at a LAN table in German at 1280x720, Chat and
    'Reagieren' stood below the score panel, over Egyptian's tall bid panel and its ♣ row;
    they now go one under the other beside the panel when a row would reach it."""
    import time

    from tarneeb_desktop.session.lan import new_host
    from tests.test_lan_quit import seated
    from tests.text_spy import screen_problems

    host = new_host(make_rules("egyptian", target=5), seed=3, open_seats=[0],
                    ai_level="random", ai_delay=0.02, exit_when_over=False)  # fmt: skip
    host.start()
    app = make_app(size=size, speed="instant")
    app.settings.language = lang
    app.apply_settings()
    try:
        scene = seated(app, host)
        deadline = time.monotonic() + 20
        while scene.action_panel() is None or scene.pv.phase != "auction":
            assert time.monotonic() < deadline, "the auction never came to South"
            app.step(FRAME, [])
            time.sleep(0.01)
        panel = scene.action_panel()
        assert panel is not None
        chat, react = scene.lan.buttons()[:2]
        lay = scene.layout
        taken = [panel, *lay.back_rects(LEFT, 13), *lay.back_rects(TOP, 13), scene.score.rect(lay)]
        for b in (chat, react):
            assert not [t for t in taken if b.rect.colliderect(t)], (lang, size, b.label, b.rect)
        scene.invalidate()
        app.step(FRAME, [])
        assert screen_problems(app, f"lan bid panel {lang} {size}") == []
        scene.on_hide()
    finally:
        i18n.set_language("en")
        host.stop()
