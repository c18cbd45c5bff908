"""The table's parts built alone: the hand, the bid panel and the dialogs on a small fake of
the interfaces in ``ui/game/context.py``, with no ``TableScene`` (and no app, link or flow)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tarneeb_desktop.rules import GameState, IllegalActionError, View, make_rules
from tarneeb_desktop.rules.cards import SUIT_NAMES, SUITS
from tarneeb_desktop.ui import text
from tarneeb_desktop.ui.anim import Tween
from tarneeb_desktop.ui.game.bid_panel import BidPanel
from tarneeb_desktop.ui.game.dialogs import played_grid
from tarneeb_desktop.ui.game.drawn import Drawn
from tarneeb_desktop.ui.game.ends import GameOverDialog
from tarneeb_desktop.ui.game.hand import Hand
from tarneeb_desktop.ui.game.labels import display_order
from tarneeb_desktop.ui.game.pages import LeaveTableDialog, PauseMenuDialog
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout, side_of
from tests.test_ui_helpers import advance, key, must_follow

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    text.clear_cache()  # fonts made before another test quit pygame are gone
    yield


class FakeTable:
    """The scene as the parts see it: a view, a layout, and a record of what they asked."""

    def __init__(self, view: View) -> None:
        self.pv = view
        self.me = view.seat
        self.humans = (view.seat,)
        self.names = ["You", "East", "North", "West"]
        self.layout = Layout(*SIZE)
        self.four_color = False
        self.speed = 1.0
        self.dirty = False
        self.hidden: set[str] = set()
        self.mouse = (0, 0)
        self.dealt: list[int] | None = None
        self.last_trick_shown = False
        self.trick_cards: list[tuple[int, str]] = []
        self.trick_winner: int | None = None
        self.drawn = Drawn()
        self.claiming: int | None = None
        self.chat_open = False  # no LAN chat line at this table
        self.autoplay = False
        self.time = 0.0
        self.ai_elapsed = 0.0
        self.cards: Any = None
        # dialogs
        self.after_game: Any = None
        self.exported = None
        self.taken_back = False
        self.on_lan = False
        # what the parts did
        self.acted: list[tuple[int, str]] = []
        self.said: list[str] = []
        self.sounds: list[str] = []
        self.tweens: list[Tween] = []
        self.actions: list[str] = []

    def is_me(self, seat: int | None) -> bool:
        return seat == self.me

    def teams(self) -> tuple[int, int]:
        return self.me & 1, 1 - (self.me & 1)

    def side(self, seat: int) -> int:
        return side_of(seat, self.me, self.pv.rules.clockwise)

    def my_turn(self) -> bool:
        return self.pv.turn == self.me

    def covered(self) -> bool:
        return False

    def invalidate(self) -> None:
        self.dirty = True

    def redraw_static(self) -> None:
        self.dirty = True

    def say(self, message: str, seconds: float = 2.2) -> None:
        self.said.append(message)

    def hand_cards(self) -> list[str]:
        return display_order(self.pv.hand)

    def legal_cards(self) -> set[str]:
        return set(self.pv.legal) if self.my_turn() and self.pv.phase == "play" else set()

    def turn_shown(self) -> int | None:
        return self.pv.turn

    def action_panel(self) -> pygame.Rect | None:
        return None

    def act(self, seat: int, action: str, from_rect: pygame.Rect | None = None) -> bool:
        self.acted.append((seat, action))
        return True

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def add_tween(self, tween: Tween) -> None:
        self.tweens.append(tween)

    def overlay_action(self, action: str) -> None:
        self.actions.append(action)

    def veil(self, lay: Layout, alpha: int) -> pygame.Surface:
        return pygame.Surface((lay.w, lay.h))

    def played_grid(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return played_grid({c for _, c in self.pv.played_cards()}, set(self.pv.hand))


def following_view(seed: int = 11) -> tuple[GameState, View]:
    """Seat 0 to play, following a suit, with cards it may not play."""
    state = GameState.new(make_rules("standard"), seed=seed)
    assert advance(state, must_follow, seed)
    return state, state.view(0)


def click(hand: Hand, card: str) -> None:
    """A press and release on the part of ``card`` that the next card leaves uncovered."""
    rect = dict(hand.card_rects())[card]
    pos = (rect.x + 3, rect.y + rect.h // 2)
    hit = hand.card_at(pos)
    assert hit is not None and hit[0] == card
    assert hand.press_at(pos)
    assert hand.release(pos)


# ------------------------------------------------------------------------------ the hand
def test_clicking_a_legal_card_submits_it() -> None:
    _, view = following_view()
    table = FakeTable(view)
    hand = Hand(table)
    card = view.legal[0]
    click(hand, card)
    assert table.acted == [(0, card)]
    assert table.said == [] and table.sounds == []


def test_an_illegal_card_shakes_and_says_the_rules_refusal() -> None:
    state, view = following_view()
    table = FakeTable(view)
    hand = Hand(table)
    card = next(c for c in view.hand if c not in view.legal)
    click(hand, card)
    assert table.acted == []  # nothing submitted
    led = view.trick[1][0][1] if view.trick else ""
    # the rules' own refusal, in the player's words
    assert view.refusal(card) == ("follow", led)
    assert table.said == [tr("You must follow " + SUIT_NAMES[SUITS.index(led)])]
    with pytest.raises(IllegalActionError, match="must follow"):
        state.apply(card, 0)  # and the rules refuse it indeed
    assert table.sounds == ["error"]
    assert len(table.tweens) == 1 and card in table.hidden  # it shakes in place


def test_out_of_turn_the_hand_says_wait() -> None:
    _, view = following_view()
    table = FakeTable(view)
    table.my_turn = lambda: False  # type: ignore[method-assign]  # a move still animating
    hand = Hand(table)
    assert not hand.try_play(view.legal[0])
    assert table.acted == [] and table.said == [tr("Wait for your turn")]


def test_the_first_lead_must_be_a_trump_when_the_rules_say_so() -> None:
    """With ``first_lead_trump``, the rules refuse another suit on the first lead, and the hand
    says so."""
    rules = make_rules("standard", first_lead_trump=True)
    for seed in range(200):
        state = GameState.new(rules, seed=seed)
        if not advance(state, lambda s: s.phase == "play" and not s.trick and not s.tricks, seed):
            continue
        seat = state.current_player()
        view = state.view(seat)
        refused = [c for c in view.hand if c not in view.legal]
        if refused:
            break
    else:
        pytest.skip("no first lead with a refused card in 200 deals")
    table = FakeTable(view)
    hand = Hand(table)
    assert view.refusal(refused[0]) == ("lead trump", view.trump)
    assert not hand.try_play(refused[0])
    suit = SUIT_NAMES[SUITS.index(view.trump or "")]
    assert table.said == [tr("You must lead " + suit + " (trump)")]


def test_the_keys_choose_among_the_legal_cards_and_enter_plays() -> None:
    _, view = following_view()
    table = FakeTable(view)
    hand = Hand(table)
    assert hand.key(pygame.K_RIGHT)
    legal_in_order = [c for c in table.hand_cards() if c in view.legal]
    assert hand.kb_card == legal_in_order[0]
    assert hand.key(pygame.K_RETURN)
    assert table.acted == [(0, legal_in_order[0])]


# ------------------------------------------------------------------------------ the bid panel
def auction_view(preset: str, seed: int, bids_before: int) -> View:
    state = GameState.new(make_rules(preset), seed=seed, dealer=(0 - bids_before - 1) % 4)
    for _ in range(bids_before):
        legal = state.legal_actions()
        state.apply(legal[2] if len(legal) > 2 else legal[0])
    assert state.current_player() == 0 and state.phase == "auction"
    return state.view(0)


@pytest.mark.parametrize(
    ("preset", "bids_before"), [("standard", 0), ("standard", 2), ("egyptian", 1)]
)
def test_the_bid_panel_offers_the_legal_calls_and_submits_the_one_clicked(
    preset: str, bids_before: int
) -> None:
    view = auction_view(preset, 3, bids_before)
    table = FakeTable(view)
    panel = BidPanel(table)
    offered = [b.action for b in panel.buttons()]
    assert sorted(offered) == sorted(view.legal)  # no button for an illegal bid
    for b in panel.buttons():
        assert panel.button_at(b.rect.center) == b.action
        assert pygame.Rect(0, 0, *SIZE).contains(b.rect)
    # the keys: an arrow chooses the first button, Enter submits it
    assert panel.key(pygame.K_RIGHT)
    assert panel.key(pygame.K_RETURN)
    assert table.acted == [(0, panel.buttons()[0].action)]


def test_digits_bid_and_an_illegal_bid_is_refused() -> None:
    view = auction_view("standard", 4, 2)  # two bids before: 7 may be gone
    table = FakeTable(view)
    panel = BidPanel(table)
    lowest = min(int(a) for a in view.legal if a != "pass")
    assert lowest > 7
    keys = {7: pygame.K_7, 8: pygame.K_8, 9: pygame.K_9, 10: pygame.K_0, 11: pygame.K_1}
    assert panel.key(keys[lowest - 1])  # a bid already passed: said, not submitted
    assert table.acted == [] and table.said == [tr("You cannot bid {n} now", n=lowest - 1)]
    assert panel.key(keys[lowest])
    assert table.acted == [(0, str(lowest))]
    assert panel.key(pygame.K_p)
    assert table.acted[-1] == (0, "pass")


def test_a_digit_with_suit_bidding_bids_the_lowest_legal_strain() -> None:
    view = auction_view("egyptian", 3, 0)
    table = FakeTable(view)
    panel = BidPanel(table)
    assert panel.key(pygame.K_9)
    nines = [a for a in view.legal if a.startswith("9")]
    assert table.acted == [(0, nines[0])]


def test_no_buttons_when_it_is_not_my_turn() -> None:
    view = auction_view("standard", 3, 0)
    table = FakeTable(view)
    table.my_turn = lambda: False  # type: ignore[method-assign]
    assert BidPanel(table).buttons() == []


# ------------------------------------------------------------------------------ the dialogs
def press(dialog: Any, ev: pygame.event.Event) -> None:
    assert dialog.handle_event(ev, dialog.buttons())


def test_a_dialogs_buttons_answer() -> None:
    _, view = following_view()
    table = FakeTable(view)
    menu = PauseMenuDialog(table)
    buttons = {b.action: b for b in menu.buttons()}
    assert list(buttons) == [
        "close",
        "scores",
        "played",
        "auction",
        "table_settings",
        "howto",
        "menu",
        "quit",
    ]
    press(
        menu,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=buttons["scores"].rect.center, button=1),
    )
    press(menu, key(pygame.K_ESCAPE))
    press(menu, key(pygame.K_RETURN))  # the primary button: Resume
    press(menu, key(pygame.K_DOWN))  # a choice with the arrows, then Enter
    press(menu, key(pygame.K_DOWN))
    press(menu, key(pygame.K_RETURN))
    assert table.actions == ["scores", "close", "close", "scores"]
    surface = pygame.Surface(SIZE)
    menu.draw(surface, table.layout, menu.buttons())  # draws with the context alone


def test_the_leave_question_keeps_the_seat_on_enter() -> None:
    _, view = following_view()
    table = FakeTable(view)
    table.on_lan = True
    leave = LeaveTableDialog(table)
    assert [b.action for b in leave.buttons() if b.focus] == ["close"]  # Stay
    press(leave, key(pygame.K_RETURN))
    press(leave, key(pygame.K_RIGHT))
    press(leave, key(pygame.K_RETURN))
    assert table.actions == ["close", "leave"]


def test_the_game_over_dialog_offers_the_standings_in_a_tournament() -> None:
    from tarneeb_desktop.rules import GameOver

    _, view = following_view()
    table = FakeTable(view)
    ev = GameOver(winner=0, totals=(41, 20))
    over = GameOverDialog(table, ev)
    assert [a for _, a, _ in over.specs()] == ["rematch", "review", "export", "menu"]
    over.age = over.keys_after
    press(over, key(pygame.K_RETURN))  # Enter alone starts no rematch (issue 48 item 2)
    assert table.actions == []
    press(over, key(pygame.K_RIGHT))  # Rematch, chosen
    press(over, key(pygame.K_RETURN))
    assert table.actions == ["rematch"]
    table.actions.clear()
    table.after_game = lambda scene: None
    over = GameOverDialog(table, ev)
    assert [a for _, a, _ in over.specs()] == ["next", "review", "export", "menu"]
    press(over, key(pygame.K_ESCAPE))  # the game's end does not close on Esc
    press(over, key(pygame.K_RETURN))  # at once: the result is read first
    assert table.actions == []
    over.age = over.keys_after
    press(over, key(pygame.K_RETURN))
    assert table.actions == ["next"]
    over.draw(pygame.Surface(SIZE), table.layout, over.buttons())
