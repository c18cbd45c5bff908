"""The action panel above my hand: exactly the legal calls of my turn outside play (the
auction, the trump, double or not, redeal or keep), or the offer to claim the remaining
tricks. Works with the mouse, the arrow keys and Enter, P for pass and digits for bids.

In 41 the auction is one bid each, from the seat's lowest to 13 (no pass): the panel says
that lowest bid and the bids so far against the total the hand needs; 1 to 9 bid that many
and 0 bids 10."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ai.analysis import can_claim
from tarneeb_desktop.rules.cards import NT, STRAINS, parse_bid
from tarneeb_desktop.ui import text, theme
from tarneeb_desktop.ui.game import game41
from tarneeb_desktop.ui.game.hand import PLAY_KEYS
from tarneeb_desktop.ui.game.labels import action_label, fitted
from tarneeb_desktop.ui.game.score import contract_box
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit import style
from tarneeb_desktop.ui.kit.boxes import Text
from tarneeb_desktop.ui.kit.form import mirrored
from tarneeb_desktop.ui.kit.style import Style
from tarneeb_desktop.ui.layout import TOP
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, Button, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableContext

#: 7 8 9 bid that many; 0 1 2 3 stand for 10 11 12 13.
DIGITS = {getattr(pygame, f"K_{n % 10}"): n for n in (7, 8, 9, 10, 11, 12, 13)}
#: 41's bids run low: 1 to 9 bid that many, 0 bids 10 (11 to 13: the arrows or the mouse).
DIGITS_41 = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {pygame.K_0: 10}
ROW_41 = 7  # buttons a row of 41's bids
GLOW = (242, 196, 84, 70)  # the panel's gold halo: my turn
TITLES = {
    "play": N_("Every card you hold wins"),
    "auction": "Your bid",
    "trump": "Choose the trump suit",
    "double": N_("Double the contract?"),
    "redeal": N_("Your hand is weak: ask for a new deal?"),
}


def strain_head(strain: int) -> str:
    """The name of a row of the suited grid: the suit's symbol, or the words for no trump."""
    return tr("NT") if strain == NT else SUIT_SYMBOL[STRAINS[strain]]


def grid_label(action: str, label: Callable[[str], str]) -> str:
    """A button of the suited grid: a no-trump bid says its level (its row's name says no
    trump), any other its ``label``."""
    return action[:-2] if action.endswith("NT") else label(action)


class BidPanel:
    """The panel's buttons (built once per look: see ``forget``), the one chosen with the
    keys, and the panel's picture, drawn above the fans and the plates."""

    def __init__(self, scene: TableContext) -> None:
        self.scene = scene
        self.kb_button = -1
        self._buttons: list[Button] | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.heads: list[tuple[int, pygame.Rect]] = []  # the suited grid's row names
        self.surf: tuple[pygame.Surface, tuple[int, int]] | None = None
        self._turn: tuple[int, int, str] | None = None  # the turn the focus was set for

    def forget(self) -> None:
        """The turn, the view or the window changed: lay the buttons out anew."""
        self._buttons = None

    def _grid(self) -> list[list[str | None]]:
        """The legal actions as rows of buttons (None: a gap in the suited grid)."""
        pv = self.scene.pv
        legal = list(pv.legal)
        grid: list[list[str | None]]
        if pv.phase == "play":
            grid = [["claim"]]  # every card I hold wins: offer to skip playing them one by one
        elif pv.phase == "auction" and pv.rules.suit_bidding:
            # a row per strain, a column per level, every bid in its place the whole auction
            # (those no longer legal are gaps): nothing moves or changes size as bids rise
            low = min([7] + [parse_bid(a, True)[0] for a in legal if a != "pass"])
            grid = [[f"{lv}{s}" for lv in range(low, 14)] for s in STRAINS]
            grid.append(["pass"])
        elif pv.phase == "auction" and game41.is41(pv):
            grid = [[*legal[i : i + ROW_41]] for i in range(0, len(legal), ROW_41)]
        elif pv.phase == "auction":
            row: list[str | None] = ["pass"] if "pass" in legal else []
            row += [a for a in legal if a != "pass"]
            grid = [row] if row else []
        else:
            grid = [[*legal]]
        return grid

    def buttons(self) -> list[Button]:
        """The panel's buttons now (none when it is not my turn to call or claim)."""
        scene = self.scene
        lay = scene.layout  # first: a new window size drops the cached buttons
        if self._buttons is not None:
            return self._buttons
        self._buttons = []
        # the chat line being typed stands where the panel would (it takes every key and no
        # click; Esc closes it and brings the panel back, as the hint under it says)
        if not scene.my_turn() or scene.chat_open:
            return self._buttons
        pv = scene.pv
        if pv.phase == "play" and (
            scene.claiming is not None or not can_claim(pv)  # the last card included
        ):
            return self._buttons
        grid = self._grid()
        suited = pv.phase == "auction" and pv.rules.suit_bidding
        cols = max((len(r) for r in grid), default=1)
        rows = len(grid)
        bw, bh = lay.button
        gap = round(lay.unit * 1.2)
        pad = round(lay.unit * 2)
        head_w = 0  # the suited grid's column of strain names, at the start side
        if pv.phase == "auction":
            bw = round(bw * 1.2)  # "Passe", "Пас" at body size
        if suited:
            head_w = max(text.size_of(strain_head(i), lay.text, True)[0] for i in range(5)) + gap
        if pv.phase == "play":
            bw = round(bw * 3.4)  # the claim button: a long label under a long title
        elif pv.phase == "double":
            bw = round(bw * 2.6)  # under a line that says what doubling does
        elif pv.phase != "auction":
            bw = round(bw * 1.75)

        def label_of(action: str) -> str:
            if action == "claim":
                return tr("Claim the remaining tricks")
            if suited:
                return grid_label(action, lambda a: action_label(pv.phase, a))
            return action_label(pv.phase, action)

        labels = [  # the suited grid's Pass row spans the grid: not one column's label
            label_of(a)
            for row in grid
            for a in row
            if a is not None and (len(row) > 1 or cols == 1)
        ]
        need = theme.button_width(labels or ["13"], lay.text, bh)
        if not suited:  # each button as wide as the longest label at body size needs
            room = (lay.w - 2 * lay.margin - 2 * pad - (cols - 1) * gap) // max(1, cols)
            bw = max(bw, min(need, room))
        # between the score and the contract panels, if the labels leave the room (the
        # suited grid of 5 rows reached under the contract panel and hid its words)
        contract = contract_box(lay, game41.is41(pv))
        half = min(contract.left - lay.w // 2, lay.w // 2 - lay.score_rect.right) - lay.margin
        fit_w = (2 * half - 2 * pad - head_w - (cols - 1) * gap) // max(1, cols)
        if head_w + cols * bw + (cols - 1) * gap + 2 * pad > 2 * half:
            bw = max(need, min(bw, fit_w))
        inner = head_w + cols * bw + (cols - 1) * gap
        # the title at body size in one line: a panel narrower than it grows (its buttons
        # in the middle), as far as the window lets it
        widest = lay.w - 2 * lay.margin - 2 * pad
        title_w = min(widest, text.size_of(self._title(), lay.text, True)[0])
        if cols == 1 and rows == 1 and title_w > inner:
            bw = inner = title_w  # the claim: one button as wide as its title
        shift = max(0, title_w - inner) // 2
        inner = max(inner, title_w)
        # a title wider than the window wraps, at the body size (never made smaller)
        title = "\n".join(fitted(self._title(), lay.text, inner, 3, bold=True))
        self.head = Text(title, color=style.GOLD, bold=True, align="center")
        self.under = Text(self._under(), align="center")  # 41's bids so far, or what doubling does
        st = Style(lay.w, lay.h)
        head = pygame.Rect(0, round(lay.unit * 2.2), inner, self.head.measure(st, inner))
        under = pygame.Rect(0, head.bottom + round(lay.unit), inner, self.under.measure(st, inner))
        title_h = (under if self.under.words else head).bottom + round(lay.unit * 0.6)
        # between the partner's cards and my lifted hand; the rows share what room there is
        top = lay.back_rects(TOP, 1)[0].bottom + lay.margin
        bottom = lay.hand_rects(13)[0].top - lay.lift - lay.margin
        if inner + 2 * pad > 2 * half:  # still reaching under a panel: below them
            top = max(top, contract.bottom + lay.margin, lay.score_rect.bottom + lay.margin)
        fit = (bottom - top - title_h - 2 * pad - (rows - 1) * gap) // max(1, rows)
        bh = max(12, min(bh, fit))
        panel = pygame.Rect(0, 0, inner + 2 * pad, rows * bh + (rows - 1) * gap + 2 * pad + title_h)
        panel.midbottom = (lay.w // 2, bottom)
        self.head.place(st, head.move(panel.x + pad, panel.y))
        self.under.place(st, under.move(panel.x + pad, panel.y))
        everything: list[Button] = []
        self.heads = []
        for r, row in enumerate(grid):
            y = panel.y + pad + title_h + r * (bh + gap)
            if suited and r < len(STRAINS):
                head = pygame.Rect(panel.x + pad, y, head_w - gap, bh)
                self.heads.append((r, mirrored(head, panel)))
            for c, action in enumerate(row):
                if action is None:
                    continue
                x0 = panel.x + pad + shift + head_w
                if len(row) == 1 and cols > 1:  # the pass row of the suited grid spans it
                    rect = pygame.Rect(x0, y, cols * bw + (cols - 1) * gap, bh)
                else:
                    rect = pygame.Rect(x0 + c * (bw + gap), y, bw, bh)
                label = label_of(action)
                primary = action not in ("pass", "keep", "no_double")
                group = "bids" if suited else None  # one size for the grid, Pass included
                everything.append(
                    Button(mirrored(rect, panel), label, action, primary=primary, group=group)
                )
        # one text size for the panel's buttons, found over the whole grid (the bids no
        # longer legal included), so that it does not change as the bids rise
        theme.fit_group(everything)
        legal = set(pv.legal) | {"claim"}
        self._buttons = [b for b in everything if b.action in legal]
        self.panel = panel
        turn = (pv.hand_number, len(pv.calls), pv.phase)
        if turn != self._turn:
            # a new turn: no button chosen, except the choice that changes nothing when
            # Enter would otherwise be a surprise (Double)
            self._turn = turn
            actions = [b.action for b in self._buttons]
            self.kb_button = actions.index("no_double") if "no_double" in actions else -1
        if self.kb_button >= len(self._buttons):
            self.kb_button = -1
        for i, b in enumerate(self._buttons):
            b.focus = i == self.kb_button
            b.hover = b.rect.collidepoint(scene.mouse)
        return self._buttons

    # ------------------------------------------------------------------ input
    def motion(self, pos: tuple[int, int]) -> None:
        for b in self.buttons():
            h = b.rect.collidepoint(pos)
            if h != b.hover:
                b.hover = h
                self.scene.redraw_static()

    def button_at(self, pos: tuple[int, int]) -> str | None:
        return next((b.action for b in self.buttons() if b.rect.collidepoint(pos)), None)

    def key(self, key: int) -> bool:
        """My turn to call: arrows choose a button, Enter presses it, P passes, digits bid."""
        scene = self.scene
        pv = scene.pv
        buttons = self.buttons()
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and buttons:
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.kb_button = (self.kb_button + step) % len(buttons) if self.kb_button >= 0 else 0
            scene.invalidate()
            return True
        if key in PLAY_KEYS and 0 <= self.kb_button < len(buttons):
            return scene.act(scene.me, buttons[self.kb_button].action)
        if key == pygame.K_p and "pass" in pv.legal:
            return scene.act(scene.me, "pass")
        digit = (DIGITS_41 if game41.is41(pv) else DIGITS).get(key)
        if digit is not None and pv.phase == "auction":
            # suited: the lowest legal strain of that many tricks
            for a in pv.legal:
                if a != "pass" and parse_bid(a, pv.rules.suit_bidding)[0] == digit:
                    return scene.act(scene.me, a)
            scene.say(tr("You cannot bid {n} now", n=digit))
            return True
        return False

    def choose(self, action: str) -> None:
        """Show ``action`` as the chosen button (a hint)."""
        for i, b in enumerate(self.buttons()):
            if b.action == action:
                self.kb_button = i

    def _title(self) -> str:
        """The panel's title: what the buttons under it are for."""
        pv = self.scene.pv
        if game41.is41(pv) and pv.phase == "auction":
            return tr("Your bid, for yourself: {lo} to 13 tricks", lo=game41.lowest(pv))
        return tr(TITLES.get(pv.phase, ""))

    def _under(self) -> str:
        """The line under the title: 41's bids so far, or what doubling does ("": none)."""
        pv = self.scene.pv
        if game41.is41(pv) and pv.phase == "auction":
            return game41.total_line(pv)
        if pv.phase == "double":
            return tr(
                "Doubling multiplies this hand's points by {n}, won or lost, for both teams",
                n=pv.rules.double_factor,
            )
        return ""

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        """The panel's picture (when it has buttons), made with the static layer."""
        self.surf = None
        buttons = self.buttons()
        if not buttons:
            return
        scene = self.scene
        lay = scene.layout
        panel = self.panel
        glow_pad = max(6, min(panel.w, panel.h) // 5)
        s = pygame.Surface((panel.w + 2 * glow_pad, panel.h + 2 * glow_pad), pygame.SRCALPHA)
        self.surf = (s, (panel.x - glow_pad, panel.y - glow_pad))
        s_off = (glow_pad - panel.x, glow_pad - panel.y)
        panel = panel.move(s_off)
        blit_panel(s, panel, color=(8, 24, 18, 235), radius=round(lay.unit * 2), glow=GLOW)
        for strain, r in self.heads:
            color = theme.suit_color(STRAINS[strain], scene.four_color, on_dark=True)
            color = theme.INK if strain == NT else color
            at = r.move(s_off).center
            blit_text(s, strain_head(strain), lay.text, at, color, bold=True, anchor="center")
        for b in buttons:
            saved = b.rect
            b.rect = b.rect.move(s_off)
            b.draw(s, scene.four_color)
            b.rect = saved

    head = under = Text("")

    def draw(self, surface: pygame.Surface, message: pygame.Rect | None = None) -> None:
        """The panel, and its title unless the ``message`` shown over the table takes its
        place (a tall panel leaves the message no room above it): no words under another."""
        if self.surf is None:
            return
        surface.blit(*self.surf)
        self.under.draw(surface)
        if message is None or not message.colliderect(self.head.rect):
            self.head.draw(surface)
