"""What the table shows of 41 / 400 (``game = "41"``): each player's bid and tricks on the
plates, the score per player with the team's sum and who is close to the target, the
trump that is always hearts, the running total of the bids against what the hand needs,
and the messages when the bids are in. The rules themselves are ``rules/game41.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.rules import BidsMade, View
from tarneeb_desktop.rules.game41 import bid_value, lowest_bid, needed_total
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit.boxes import Text
from tarneeb_desktop.ui.kit.form import Row
from tarneeb_desktop.ui.kit.style import GOLD, INK, Colour, Style
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import SUIT_SYMBOL, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import TableView

CLOSE = 10  # a player this near the target (or nearer) is shown as close to winning


def is41(view: View) -> bool:
    return view.bids is not None


def running_total(view: View) -> tuple[int, int]:
    """(the bids made so far as the rules count them, the total the hand needs)."""
    rules = view.rules
    scores = view.seat_scores or (0, 0, 0, 0)
    bids = view.bids or (None, None, None, None)
    if rules.min_total_counts == "bids":
        total = sum(b for b in bids if b is not None)
    else:
        total = sum(bid_value(rules, b, scores[s]) for s, b in enumerate(bids) if b is not None)
    return total, needed_total(rules, scores)


def lowest(view: View) -> int:
    """The lowest bid the seat of ``view`` may make now."""
    return lowest_bid(view.rules, (view.seat_scores or (0, 0, 0, 0))[view.seat])


def close_seats(view: View) -> list[int]:
    """The players close to the target (at most ``CLOSE`` points short, or past it)."""
    scores = view.seat_scores or (0, 0, 0, 0)
    return [s for s in range(4) if scores[s] >= view.rules.target - CLOSE]


def total_line(view: View) -> str:
    """The bids so far against what the hand needs (by their values, or the bids)."""
    total, needed = running_total(view)
    if view.rules.min_total_counts == "bids":
        return tr("Bids so far: {total} of {needed} needed", total=total, needed=needed)
    return tr("Bids so far worth {total} of {needed} needed", total=total, needed=needed)


def bids_made_text(ev: BidsMade) -> str:
    """The banner once the dealer has bid: played, or thrown in (the total was too low)."""
    if ev.total < ev.needed:
        return tr(
            "The bids total {total}, {needed} needed: new deal", total=ev.total, needed=ev.needed
        )
    return tr("The bids total {total}: play, hearts are trump", total=ev.total)


def plate_sub(scene: TableView, seat: int) -> str:
    """A plate's second line: the seat's bid, and its tricks during the play."""
    pv = scene.pv
    bid = (pv.bids or (None, None, None, None))[seat]
    if bid is None:
        return tr("Dealer") if seat == pv.dealer and pv.phase == "auction" else ""
    line = tr("Bid {bid}", bid=bid)
    if pv.phase == "auction":
        return line
    won = (pv.seat_tricks or (0, 0, 0, 0))[seat]
    return line + "  \u00b7  " + trn("{n} trick", "{n} tricks", won)


def draw_score(
    scene: TableView, counted: list[float], s: pygame.Surface, lay: Layout, r: pygame.Rect, pad: int
) -> None:
    """The score panel's body in 41 (under its title): per team its sum, under it each
    player's own score (gold when close to the target); ``counted``: the scores as the
    panel counts them up. Each line a row of the kit's, mirrored right to left; a long name
    is cut short at the body size, never shrunk."""
    shown = [round(v) for v in counted]
    st, t, close = Style(lay.w, lay.h), lay.text, close_seats(scene.pv)
    half, y = (r.w - 3 * pad) // 2, r.y + pad + round(t * 1.6)
    for n in range(3):  # the teams' sums, then their first and second players
        pairs = []
        for team, label in zip(scene.teams(), (tr("Us"), tr("Them")), strict=True):
            seat = team + 2 * (n - 1)
            if n == 0:
                total = shown[team] + shown[team + 2]
                pairs.append(_pair(label, total, theme.TEAM[team], True, round(t * 1.1), half))
            else:
                gold = seat in close
                ink = GOLD if gold else INK
                pairs.append(_pair(scene.names[seat], shown[seat], ink, gold, t, half))
        row = Row(pairs, equal=True)
        row.place(st, pygame.Rect(r.x + pad, y, r.w - 2 * pad, 2 * t))
        row.draw(s)
        y += round(t * (1.55 if n == 0 else 1.3))


def _pair(label: str, value: int, color: Colour, bold: bool, size: int, width: int) -> Row:
    """A label at the start of a line, cut short before its number at the end."""
    label = text.elide(label, size, width - size * 3, bold)
    words = Text(label, size=size, color=color, bold=bold)
    return Row(
        [words, Text(str(value), size=size, color=color, bold=True, align="end")], weights=[1, 0]
    )


def draw_contract(
    scene: TableView, s: pygame.Surface, lay: Layout, r: pygame.Rect, pad: int
) -> None:
    """The right-hand panel's body in 41: hearts are trump; the bids against what the hand
    needs (in the auction) or their total (in the play); who is close to the target."""
    pv = scene.pv
    t = lay.text
    rtl, a = i18n.is_rtl(), i18n.anchor
    start = i18n.mirror_x(r.x + pad, r.x, r.w)  # right to left: the panel mirrors, as Tarneeb's
    head = blit_text(s, tr("Trump"), t, (start, r.y + pad), theme.INK_DIM, True, a("topleft"))
    size = round(t * 1.35)
    chip = pygame.Rect(head.right + pad // 2, head.centery - size // 2, size, size)
    if rtl:
        chip.right = head.left - pad // 2
    pygame.draw.ellipse(s, (250, 248, 240), chip)
    hearts = theme.suit_color("H", scene.four_color, on_dark=False)
    blit_text(s, SUIT_SYMBOL["H"], round(size * 0.8), chip.center, hearts, anchor="center")
    if pv.phase == "auction":
        line = total_line(pv)
    else:
        total, needed = running_total(pv)
        line = tr("The bids total {total} ({needed} needed)", total=total, needed=needed)
    # (the heading's chip says hearts are trump; the panel's room goes to the bids' line)
    inner = pygame.Rect(r.x + pad, head.bottom + round(t * 0.4), r.w - 2 * pad, 0)
    inner.h = r.bottom - pad - inner.y
    close = [s_ for s_ in close_seats(pv) if pv.phase != "over"]
    if close:
        names = comma().join(scene.names[c] for c in close)
        near = tr("Close to {n}: {names}", n=pv.rules.target, names=names)
        foot = theme.blit_block(s, near, t, inner, theme.GOLD, bold=True, valign="bottom")
        inner.h = foot.y - inner.y
    theme.blit_block(s, line, t, inner, theme.INK_DIM, valign="top")
