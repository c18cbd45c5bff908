"""What a LAN table adds to the table scene: chat, quick reactions, the connection banner
and the notices the remote link passes on (the host's errors, names, a closed table).

An extra of the remote link (``net/link.py``), not a kind of scene: the table scene creates
it when its link is remote and hands it input first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.net.link import RemoteLink
from tarneeb_desktop.rules.cards import CARD_INDEX
from tarneeb_desktop.table.history import played_hands
from tarneeb_desktop.table.link import Notice
from tarneeb_desktop.ui import i18n, theme
from tarneeb_desktop.ui.game.chat import Chat
from tarneeb_desktop.ui.game.dialogs import Dialog
from tarneeb_desktop.ui.game.ends import GameOverDialog
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.game.labels import call_label, card_label
from tarneeb_desktop.ui.game.ring import ring_next_change, ring_shows
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Column, Panel, Text
from tarneeb_desktop.ui.kit.style import DIM, GOLD, Style
from tarneeb_desktop.ui.layout import LEFT, TOP, Layout
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS  # Settings' words for levels
from tarneeb_desktop.ui.theme import Button, blit_text, clicked

#: Between an away seat's phrases: the plate puts each on a line of its own.
AWAY_SEP = "  \u00b7  "

if TYPE_CHECKING:
    from tarneeb_desktop.ui.table_scene import TableScene


def timeout_line(mine: bool, name: str, action: str) -> str:
    """What the table says when a turn timer ran out and the host's computer moved: "Time
    ran out: the computer played 7♠ for Karim" (a card), "… called 8 for you" (a call)."""
    if action in CARD_INDEX:
        card = card_label(action)
        if mine:
            return tr("Time ran out: the computer played {card} for you", card=card)
        return tr("Time ran out: the computer played {card} for {name}", card=card, name=name)
    call = call_label(action)
    if mine:
        return tr("Time ran out: the computer called {call} for you", call=call)
    return tr("Time ran out: the computer called {call} for {name}", call=call, name=name)


#: The quick reactions offered at the table (protocol name, English label). Words, not emoji:
#: the shipped fonts may have no emoji.
REACTION_LABELS = {
    "well_played": N_("Well played!"),
    "oops": N_("Oops"),
    "hurry_up": N_("Hurry up"),
    "thanks": N_("Thanks"),
    "good_game": N_("Good game"),
    "wow": N_("Wow"),
    "sorry": N_("Sorry"),
    "hello": N_("Hello"),
}
REACTION_BUTTONS = ("well_played", "oops", "hurry_up", "thanks")
#: The host's refusals of a move of mine: what the table shows of it is drawn again.
REFUSED = ("illegal", "stale", "not_your_turn", "rate_limited")
#: Posted when a host message arrives, so that an idle window wakes up for it.
WAKE_EVENT = pygame.event.custom_type()


def wake(msg: dict[str, Any]) -> None:
    """On a session's reader thread: wake the window's main loop (SDL's event queue takes
    events from any thread)."""
    try:
        pygame.event.post(pygame.event.Event(WAKE_EVENT))
    except pygame.error:
        pass  # no window (any more): nothing to wake


class LanExtras:
    """Chat, reactions and the connection banner of a LAN table."""

    def __init__(self, scene: TableScene, link: RemoteLink) -> None:
        self.scene = scene
        self.link = link
        self.chat = Chat(scene, lambda line: link.chat(scene.me, line))
        self.reactions_open = False
        self._buttons: tuple[Any, list[Button]] | None = None
        self._shown_ring: tuple[int, int | None, float] | None = None  # what the ring showed
        self.chat.history = link.chat_log
        link.set_on_message(wake)
        link.ready()  # the table shows: the host's turn timer may count for our seats now

    def away_text(self, seat: int) -> str | None:
        """A seat whose person is away, and who plays it meanwhile (on its name plate): two
        short phrases, each a line of its own on the narrow plate ("away", "AI: Medium"),
        never a word per line (issue 38)."""
        away = self.link.away()
        if seat not in away:
            return None
        level = away[seat]
        if level is None:
            who = tr("waiting")
        else:
            who = tr("AI: {level}", level=tr(CHOICE_LABELS.get(level, level)))
        return AWAY_SEP.join((tr("away"), who))

    def ask_before_quit(self) -> bool:
        """Closing the window with a game in progress asks first (a second close quits)."""
        scene = self.scene
        if scene.pv.phase == "over" or self.link.host_gone or self.link.watching:
            return False
        if scene.overlay is not None and scene.overlay.kind == "quit_lan":
            return False
        scene.overlay = QuitLanDialog(scene)
        scene.dirty = True
        return True

    def notice(self, n: Notice) -> None:
        scene = self.scene
        if n.kind == "chat" and n.seat is not None:
            self.chat.hear(n.seat, n.text)
        elif n.kind == "chat":
            scene.dirty = True  # a watcher spoke: the chat history shows it
        elif n.kind == "react" and n.seat is not None and n.text in REACTION_LABELS:
            self.chat.hear(n.seat, tr(REACTION_LABELS[n.text]))
        elif n.kind == "names":
            scene.panels.forget_plates()
            scene.invalidate()
            self.offer_request()
        elif n.kind == "error":
            if n.seat == scene.me and n.code in REFUSED:
                scene.invalidate()
            if n.text:
                scene.say(n.text)
        elif n.kind == "bye":
            if n.code == "removed":
                scene.say(tr("The host removed you from the table"), 8.0)
            elif self.link.closed:  # the game is over for everyone: its own screen
                scene.hand.cancel_drag()
                self.conceal()
                scene.overlay = TableClosedDialog(scene, kept=bool(self.link.kept))
                scene.invalidate()
            elif scene.pv.phase != "over":
                scene.say(tr("The host closed the table"), 6.0)
        elif n.kind == "lost":
            scene.say(tr("Connection lost: reconnecting..."), 3.0)
        elif n.kind == "timeout" and n.seat is not None:
            scene.say(timeout_line(n.seat == scene.me, self.link.names[n.seat], n.text), 5.0)

    def offer_request(self) -> None:
        """This window hosts and a latecomer asks for a computer's seat: the host is asked
        (``SeatRequestDialog``), once nothing else is open over the table."""
        scene = self.scene
        asked = self.link.seat_request()
        if scene.overlay is None and asked is not None:
            scene.overlay = SeatRequestDialog(scene, *asked)
            scene.invalidate()
        elif asked is None and scene.overlay is not None and scene.overlay.kind == "seat_request":
            scene.overlay = None  # the latecomer left: nothing to answer any more
            scene.invalidate()

    def answer_request(self, yes: bool) -> None:
        """The host's answer to the question open over the table."""
        o = self.scene.overlay
        if isinstance(o, SeatRequestDialog):
            self.scene.overlay = None
            self.link.answer_request(o.seat, yes)
            self.scene.invalidate()

    def busy(self) -> bool:
        """Frames must come while something shows or waits; a running turn timer redraws
        the table each time what its ring shows changes (``ring.ring_shows``), and needs no
        frames between: ``next_wake`` tells the idle loop when the next is due."""
        if self.scene.overlay is None and self.link.seat_request() is not None:
            self.offer_request()  # a latecomer's question kept while a dialog was open
        shows = self.ring_shows()
        if shows != self._shown_ring:
            self._shown_ring = shows
            self.scene.dirty = True
        return bool(self.chat.bubbles) or bool(self.link.lost) or self.reactions_open

    def next_wake(self) -> float | None:
        """Seconds until the turn timer's ring changes; None when no timer runs."""
        got = self.link.time_left()
        if got is None:
            return None
        return ring_next_change(got[1], got[2], got[0] in self.scene.humans) + 0.005

    def ring_shows(self) -> tuple[int, int | None, float] | None:
        """The turn timer's ring now: (seat, its seconds, its arc), None when none runs."""
        got = self.link.time_left()
        if got is None:
            return None
        return (got[0], *ring_shows(got[1], got[2], got[0] in self.scene.humans))

    def conceal(self) -> None:
        """The chat line (typed by the one leaving) and the reactions' row close."""
        self.chat.open = self.reactions_open = False

    def buttons(self) -> list[Button]:
        """ "Chat (T)" and "React", a row of the kit's, between the score panel and North's
        cards; while the reactions are open, a row of them below."""
        scene = self.scene
        panel = scene.action_panel()  # the bid panel, while it shows buttons
        key = (scene.app.size, self.reactions_open, i18n.get_language(), scene.pv.rules.game,
               None if panel is None else tuple(panel))  # fmt: skip
        if self._buttons is not None and self._buttons[0] == key:
            return self._buttons[1]
        lay = scene.layout
        st = Style(lay.w, lay.h)
        score = scene.score.rect(lay)  # 41's panel is wider than the layout's
        labels = [tr("Chat (T)"), tr("React")]
        pair = ButtonRow(
            [(labels[0], "chat", False), (labels[1], "reactions", self.reactions_open)], each=True
        )
        r = pygame.Rect(score.right + lay.margin, lay.margin, pair.natural(st), st.button_h)
        if r.right > lay.back_rects(TOP, 13)[0].left - lay.margin:
            # no room beside the score panel: below it, clear of West's cards (issue 48
            # item 26: they stood on them), between them and the trick
            r.topleft = (lay.back_rects(LEFT, 13)[0].right + lay.margin, score.bottom + lay.margin)
        if panel is not None and r.colliderect(panel):
            # a tall bid panel (Egyptian's) reaches them: one under the other, as narrow as
            # their labels at the body size let them be
            r.w = theme.button_width(labels, st.body, st.button_h)
        r.h = pair.measure(st, r.w)
        pair.place(st, r)
        out = pair.buttons()
        if self.reactions_open:
            row = ButtonRow(
                [(tr(REACTION_LABELS[n]), "react:" + n, False) for n in REACTION_BUTTONS]
            )
            row.place(st, pygame.Rect(r.x, r.bottom + st.gap, r.w, row.measure(st, r.w)))
            out = out + row.buttons()
        self._buttons = (key, out)
        return out

    def handle_event(self, ev: pygame.event.Event) -> bool | None:
        """Input the LAN extras take before the table (True: used); None: the table's turn.
        Enter never opens the chat line (a player who pressed Enter out of turn would type
        their next game keys into it); only T or the Chat button do."""
        scene = self.scene
        if self.chat.open:
            return self.chat.handle_event(ev)
        hit = clicked(ev, self.buttons()) if scene.overlay is None else None
        if hit is not None:
            self.action(hit.action)
            return True
        if scene.overlay is None and ev.type == pygame.KEYDOWN and ev.key == pygame.K_t:
            self.chat.start(by_t=True)
            return True
        if self.reactions_open and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.reactions_open = False  # a click or key elsewhere closes the reactions
            scene.dirty = True
        return None

    def dialog_opened(self) -> None:
        """A dialog came up: the keys are the dialog's now (the chat line closes) and the
        reactions' row folds away."""
        self.conceal()

    def action(self, action: str) -> None:
        scene = self.scene
        if action == "chat":
            self.chat.start()
        elif action == "reactions":
            self.reactions_open = not self.reactions_open
            scene.dirty = True
        elif action.startswith("react:"):
            self.reactions_open = False
            scene.dirty = True
            try:
                self.link.react(scene.me, action[6:])
            except OSError:
                scene.say(tr("Not connected to the host"))

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        lay = scene.layout
        if scene.overlay is None:
            if not self.chat.open:  # the line being typed stands where they may be
                for b in self.buttons():
                    b.draw(surface)
            self.chat.draw(surface, lay)  # not over a dialog (its keys close the line)
        got = self.link.time_left()
        if got is not None and scene.overlay is None:  # a ring on the plate of the seat to move
            scene.panels.draw_turn_ring(surface, lay, got[0], got[1], got[2])
        watchers = self.link.watchers()
        if watchers and not self.reactions_open and scene.overlay is None:
            chat = self.buttons()[0].rect  # under the Chat button: how many watch the table
            blit_text(surface, trn("{n} watching", "{n} watching", watchers), lay.text,
                      (chat.right if i18n.is_rtl() else chat.x, chat.bottom + lay.margin // 2),
                      theme.INK_DIM,
                      anchor=i18n.anchor("topleft"))  # fmt: skip
        if self.link.watching:
            self.draw_watching(surface, lay)
        if scene.overlay is None:
            self.draw_over_dialog(surface)

    def draw_over_dialog(self, surface: pygame.Surface) -> None:
        """What stays in sight over the table's dialog too: that the connection is lost."""
        if self.link.lost:
            lay, lost = self.scene.layout, tr("Connection lost: reconnecting...")
            blit_text(
                surface, lost, lay.text, (lay.w // 2, lay.margin), theme.GOLD, anchor="midtop"
            )

    def draw_watching(self, surface: pygame.Surface, lay: Layout) -> None:
        """A watcher's table says so: a badge on South's hidden cards (a watcher plays none),
        clear of the trick in the middle, where South's card lands; its words wrap."""
        st = Style(lay.w, lay.h)
        head = Text(tr("Watching"), size=st.heading, color=GOLD, bold=True, align="center")
        sub = Text(tr("Only what is played shows; every hand stays hidden."), align="center")
        panel = Panel(Column([head, sub], gap=0), color=(6, 20, 14, 225), edge=GOLD, tight=True)
        w = min(max(head.natural(st), sub.natural(st)) + 4 * st.margin, lay.w - 2 * st.margin)
        r = pygame.Rect(0, 0, w, panel.measure(st, w))
        r.midtop = (lay.w // 2, lay.hand_rects(13)[0].top + st.margin)
        panel.place(st, r)
        panel.draw(surface)


class SeatRequestDialog(KitDialog):
    """At the hosting window: a latecomer asks for a computer's seat in the game under way.
    Let them sit (the computer steps aside; they play from its next turn) or keep the
    computer (they are told so); Enter keeps the computer, the choice that changes
    nothing."""

    kind = "seat_request"
    width = 72.0
    question = True

    def __init__(self, scene: Any, seat: int, name: str) -> None:
        super().__init__(scene)
        self.seat, self.name = seat, name

    def specs(self) -> list[tuple[str, str, bool]]:
        return [
            (tr("Keep the computer"), "keep_computer", True),
            (tr("Let them sit"), "let_sit", False),
        ]

    def paragraphs(self) -> list[str]:
        seat = self.scene.names[self.seat] if 0 <= self.seat < len(self.scene.names) else ""
        return [tr("{name} asks to take {seat}'s seat; a computer plays it now.",
                   name=self.name, seat=seat)]  # fmt: skip


class QuitLanDialog(KitDialog):
    """Closing the window at a LAN table with a game on: Stay, or Quit (the host's table
    closes for everyone; a joined player's seat is played by the computer until they
    rejoin)."""

    kind = "quit_lan"
    width = 70.0
    question = True

    def specs(self) -> list[tuple[str, str, bool]]:
        return [(tr("Stay"), "close", True), (tr("Quit"), "quit", False)]  # Stay: Enter's

    def paragraphs(self) -> list[str]:
        if getattr(self.scene, "host", None) is not None:
            return [tr("Close the window? The table closes for everyone at it.")]
        return [tr("Close the window? The computer plays your seat until you rejoin.")]


class TableClosedDialog(GameOverDialog):
    """The host closed the table before the game's end (issue 48 item 1): the game is over
    for everyone. The score so far, the hands played, where the game is kept; the one way
    on is the main menu (Enter and Esc alike), and no Rejoin is offered there."""

    kind = "closed"
    keys_after = 1.0

    def __init__(self, scene: TableScene, kept: bool) -> None:
        Dialog.__init__(self, scene)  # no game-over event: the host ended the game
        self.kept = kept  # the host's record of the game so far is in Finished games

    def specs(self) -> list[tuple[str, str, bool]]:
        return [(tr("Main menu"), "menu", True)]

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.scene.overlay_action("menu")
            return True
        return super().handle_event(ev, buttons)

    def body(self, st: Style) -> list[Box]:
        scene = self.scene
        out: list[Box] = [
            Text(tr("The host closed the table"), size=round(st.heading * 1.3), color=GOLD,
                 bold=True, align="center"),
            Text(tr("The game is over for everyone. The score when it closed:"),
                 align="center"),
            self.totals(st, scene.pv.scores),
            Text(trn("{n} hand played", "{n} hands played", played_hands(scene.pv.results)),
                 color=DIM, align="center"),
        ]  # fmt: skip
        if self.kept:
            out.append(Text(tr("The game so far is kept in Finished games."), color=DIM,
                            align="center"))  # fmt: skip
        return out
