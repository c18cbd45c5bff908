"""The table's keys and clicks (an open dialog has them first: it is on the window's modal
stack, ``table_modal.py``): each event goes to the hot-seat cover, or else to the hand, the
bid panel and the table's own controls (the corner buttons, the pile, L for the last trick
(open until the next press or click, like a click on the pile), S or Tab for the score
sheet, V for the cards played, A or a click on the contract for the auction, H for a hint,
C to claim (or to hear why not), U or Ctrl+Z to undo (``game/undo.py``), Esc for the pause
menu). Also tells the end-to-end test where to click."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.ai.analysis import can_claim
from tarneeb_desktop.ui.i18n import tr

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene


#: The keys that open a page over the table.
PAGES = {pygame.K_a: "auction", pygame.K_s: "scores", pygame.K_TAB: "scores", pygame.K_v: "played"}


class Controls:
    """Where each event of the table goes; ``test_log`` writes a line for the end-to-end test."""

    def __init__(self, scene: TableScene, test_log: Callable[[str], None]) -> None:
        self.scene = scene
        self.test_log = test_log
        self._logged_turn: tuple[Any, ...] | None = None

    def handle_event(self, ev: pygame.event.Event) -> bool:
        scene = self.scene
        if ev.type == pygame.MOUSEMOTION:
            scene.mouse = ev.pos
        if scene.covered():
            return scene.cover.handle_event(ev)
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key)
        if ev.type == pygame.MOUSEMOTION:
            if scene.hand.motion(ev.pos):
                return True
            scene.bids.motion(ev.pos)
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self.press(ev.pos)
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            return scene.hand.release(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3 and scene.hand.drag:
            scene.hand.cancel_drag()
            return True
        return False

    def claim(self) -> None:
        """Claim the remaining tricks (offered only when every card I hold is a sure winner,
        see ``ai.analysis.can_claim``): my cards play themselves from the top."""
        scene = self.scene
        if scene.claiming is None and scene.my_turn() and can_claim(scene.pv):
            scene.claiming = scene.me
            scene.say(tr("The remaining tricks are yours"))
            scene.invalidate()

    def claim_or_say_why(self) -> None:
        """C: claim when the claim is offered, else say why not."""
        scene = self.scene
        if any(b.action == "claim" for b in scene.buttons()):
            self.claim()
        elif scene.claiming is not None:
            scene.say(tr("The remaining tricks are already yours"))
        elif not scene.my_turn():
            scene.say(tr("You can claim only on your turn"))
        else:
            scene.say(tr("You can claim only when every card you hold is sure to win"))

    def press(self, pos: tuple[int, int]) -> bool:
        scene = self.scene
        action = scene.bids.button_at(pos)
        if action is not None:
            if action == "claim":
                self.claim()
            else:
                scene.act(scene.me, action)
            return True
        lay = scene.layout
        if lay.pile_rect.collidepoint(pos) and scene.pv.tricks:
            return self.last_trick(not scene.last_trick_shown)
        for button, page in ((lay.menu_button, "menu"), (lay.scores_button, "scores")):
            if button.collidepoint(pos):
                scene.open_overlay(page)
                return True
        if scene.undo.offered and scene.undo.rect(lay).collidepoint(pos):
            scene.undo.press()
            return True
        if lay.contract_rect.collidepoint(pos) and scene.pv.contract:
            scene.open_overlay("auction")  # the auction that led to the contract
            return True
        if scene.last_trick_shown:
            self.last_trick(False)
        return scene.hand.press_at(pos)

    def last_trick(self, shown: bool) -> bool:
        """Show the last trick (L, or a click on the pile) or put it away."""
        self.scene.last_trick_shown = shown
        self.scene.invalidate()
        return True

    def key(self, key: int) -> bool:
        scene = self.scene
        if key == pygame.K_ESCAPE:
            if scene.hand.drag:
                scene.hand.cancel_drag()
            elif scene.last_trick_shown:
                self.last_trick(False)
            else:
                scene.open_overlay("menu")
            return True
        if key == pygame.K_l:
            if scene.pv.tricks:  # like a click on the pile: open until the next press
                self.last_trick(not scene.last_trick_shown)
            else:
                scene.say(tr("No trick played yet"))
            return True
        if key == pygame.K_u or (key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL):
            scene.undo.press()
            return True
        if key in PAGES:
            scene.open_overlay(PAGES[key])
            return True
        if key == pygame.K_h:
            scene.hint()
            return True
        if key == pygame.K_c and scene.pv.phase == "play":
            self.claim_or_say_why()
            return True
        if not scene.my_turn():
            return False
        if scene.pv.phase == "play":
            return scene.hand.key(key)
        return scene.bids.key(key)

    def log_turn(self) -> None:
        """Tell the end-to-end test (TARNEEB_TEST_LOG) where to click when it is my turn."""
        scene = self.scene
        if not os.environ.get("TARNEEB_TEST_LOG") or not scene.my_turn():
            return
        pv = scene.pv
        key = (pv.hand_number, len(pv.calls), len(pv.played_cards()), pv.phase, scene.app.size)
        if key == self._logged_turn:
            return
        self._logged_turn = key
        legal = ",".join(pv.legal)
        if pv.phase == "play":
            cards = scene.hand_cards()
            rects = scene.layout.hand_rects(len(cards))
            # the middle of the part of each card that the next card leaves uncovered
            visible = [b.x - a.x for a, b in zip(rects, rects[1:], strict=False)] + [rects[-1].w]
            at = ";".join(
                f"{c}:{r.x + min(v, r.w) // 2},{r.top + r.h // 4}"
                for c, r, v in zip(cards, rects, visible, strict=True)
            )
            cx, cy = scene.layout.centre
            self.test_log(f"your_turn phase=play legal={legal} centre={cx},{cy} at={at}")
        else:
            at = ";".join(f"{b.action}:{b.rect.centerx},{b.rect.centery}" for b in scene.buttons())
            self.test_log(f"your_turn phase={pv.phase} legal={legal} at={at}")
