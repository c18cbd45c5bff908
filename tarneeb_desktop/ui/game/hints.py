"""Hints (H): what the strong computer player would do in my place, worked out off the UI
thread and shown as the chosen card or button with a short message, on a banner of its own
colour (not an error's red); a second line says why in a player's words
(``hint_words.py``: "Bid 8: 6 cards of ♠ with A K Q, 2 aces", "J♠ wins as much as Q♠ and
keeps Q♠ for later"). Tarneeb's and 41's hints both come from ``ai.hints``; a hint that
comes after the game moved on is dropped. The hand summary's "could we have made it?"
(:class:`CouldHave`) is asked of the link's pool the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tarneeb_desktop.ai.analysis import could_have_taken
from tarneeb_desktop.ai.hints import Hint
from tarneeb_desktop.session.game import suggest
from tarneeb_desktop.ui.game.hint_words import bid_reason, card_reason, trump_reason
from tarneeb_desktop.ui.game.labels import action_label, card_label
from tarneeb_desktop.ui.i18n import tr

if TYPE_CHECKING:
    from concurrent.futures import Future

    from tarneeb_desktop.rules import View
    from tarneeb_desktop.ui.game.ends import Summary41Dialog, SummaryDialog
    from tarneeb_desktop.ui.table_scene import TableScene


class Hints:
    """The hint being worked out (``future``: the position it was asked in, and its answer)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.future: tuple[tuple[int, int, int], Any] | None = None
        #: the hint on screen and the position it is for: it goes once that position is past
        self.shown: tuple[str, tuple[int, int, int]] | None = None

    def _position(self) -> tuple[int, int, int]:
        pv = self.scene.pv
        return (pv.hand_number, len(pv.calls), len(pv.played_cards()))

    def ask(self) -> None:
        scene = self.scene
        if not scene.my_turn() or self.future is not None:
            return
        view = scene.link.view(scene.me)
        self.future = (self._position(), scene.link.pool.submit(suggest, view))
        if not self.future[1].done():
            scene.say(tr("Thinking\u2026"), 1.0)
        self.poll()

    def poll(self) -> None:
        scene = self.scene
        if self.shown is not None and self.shown[1] != self._position():
            if scene.toast and scene.toast[0] == self.shown[0]:
                scene.toast = None  # the hinted card was played: its hint is stale
                scene.dirty = True
            self.shown = None
        if self.future is None or not self.future[1].done():
            return
        (key, fut), self.future = self.future, None
        try:
            hint = fut.result()
        except Exception:  # a hint is a courtesy: never let it stop the game
            return
        self.show(key, hint if isinstance(hint, Hint) else Hint(hint))

    def show(self, key: tuple[int, int, int], hint: Hint) -> None:
        scene = self.scene
        pv = scene.pv
        action = hint.action
        if key != self._position() or not scene.my_turn() or action not in pv.legal:
            return  # the game moved on while the hint was being worked out
        if pv.phase == "play":
            scene.hand.kb_card = action
            msg = tr("Hint: play {card}", card=card_label(action))
            why = card_reason(pv, hint)
        else:
            scene.bids.choose(action)
            msg = tr("Hint: {call}", call=action_label(pv.phase, action))
            why = trump_reason(pv, action) if pv.phase == "trump" else bid_reason(pv, action)
        if why:
            msg += "\n" + why  # the toast's second line
        scene.say(msg, 6.0 if "\n" in msg else 4.0)
        self.shown = (msg, key)
        scene.invalidate()


class CouldHave:
    """The hand summary's "could we have made it?": the double-dummy tricks of the declaring
    side, worked out on the link's pool once the hand is over (every card has been shown by
    then, so this reveals nothing) and written on the summary when it comes."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.future: tuple[SummaryDialog | Summary41Dialog, Future[Any]] | None = None

    def start(self, overlay: SummaryDialog | Summary41Dialog, after: View) -> None:
        scene = self.scene
        if not after.results or scene.autoplay:
            return
        row = after.results[-1]
        history = scene.table.state.history if scene.table is not None else ()
        if not any(row.cards) and history and history[-1].plays:
            row = history[-1]  # views carry rows without the cards; the table has them
        if not any(row.cards):
            return  # a LAN view carries no cards: nothing to analyse
        self.future = (overlay, scene.link.pool.submit(could_have_taken, row))
        self.poll()

    def poll(self) -> None:
        if self.future is None or not self.future[1].done():
            return
        (overlay, fut), self.future = self.future, None
        try:
            overlay.dd = fut.result()
        except Exception:  # an extra line on the summary: never worth stopping the game for
            return
        if self.scene.overlay is overlay:
            self.scene.invalidate()
