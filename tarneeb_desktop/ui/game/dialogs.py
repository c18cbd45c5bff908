"""The dialogs over the table: the hand's summary, the game's end, the score sheet and the cards
played (the pause menu, the leave question and the table of pages by name: ``pages.py``).
Each is a small object the scene keeps in ``scene.overlay`` while it is open: ``buttons()``
(laid out once per window size and language), ``handle_event`` (a button's action goes to the context's
``overlay_action``) and ``draw``. A dialog reaches the table through a ``DialogContext``
(``context.py``), which the scene provides.
Over 600 lines: the dialogs share one base (layout, keys, drawing) and the helpers they
draw with; splitting them would put that base in one file and each short dialog in another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.rules import GameOver, HandResult, HandScored, SeatsScored
from tarneeb_desktop.rules.cards import RANKS, SUITS
from tarneeb_desktop.table.history import played_hands
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game import dialogs41
from tarneeb_desktop.ui.game.chart import draw_chart, score_series, sheet_columns
from tarneeb_desktop.ui.game.labels import call_label, comma, side_labels, trump_label
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.theme import (
    SUIT_SYMBOL,
    Button,
    blit_panel,
    blit_text,
    clicked,
    fit_group,
    hover,
)

if TYPE_CHECKING:
    from tarneeb_desktop.ui.game.context import DialogContext

CHOOSE_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)


class Dialog:
    """A box over the veiled table with a row (or a column) of buttons at its foot."""

    kind = ""
    closes_on_escape = True
    #: seconds before Enter or Space acts (a key pressed for the table must not answer it)
    keys_after = 0.0
    #: Enter works only a button the player chose (arrows, Tab or the pointer), never the
    #: primary one by itself (the game's end: a rematch is its own decision)
    enter_needs_focus = False
    close_key: int | None = None  # another key that closes it (V: the cards-played page)
    autoplay_wait = 2.0  # seconds (at normal speed) an autoplayed game leaves it open

    def __init__(self, scene: DialogContext) -> None:
        self.scene = scene
        self.per_row = 0  # buttons a row (set with the buttons: two rows when one is too long)
        self.age = 0.0  # seconds open
        self._buttons: tuple[tuple[int, int, str], list[Button]] | None = None

    @property
    def size(self) -> tuple[float, float]:
        """The box's width and height in layout units (a class attribute in most dialogs)."""
        return 80.0, 60.0

    def specs(self) -> list[tuple[str, str, bool]]:
        """The buttons as (label, action, primary)."""
        return [(tr("Close"), "close", True)]

    def rect(self) -> pygame.Rect:
        lay = self.scene.layout
        w, h = lay.unit * self.size[0], lay.unit * self.size[1]
        width = min(lay.w - 20, round(w))
        if self._per_row(lay, width, self._label_need(lay)) < len(self.shown()):
            h += lay.button[1] + round(lay.unit * 2)  # a second row of buttons: its own room
        r = pygame.Rect(0, 0, width, min(lay.h - 20, round(h)))
        r.center = (lay.w // 2, lay.h // 2)
        return r

    def _label_need(self, lay: Layout) -> int:
        """How wide a button must be for the widest label at body size (or the height's
        size, if it fits): every dialog's buttons then read at one size."""
        bh = lay.button[1]
        size = max(lay.text, round(bh * theme.LABEL_HEIGHT))
        return theme.button_width([label for label, _, _ in self.shown()], size, bh)

    def _fits(self, lay: Layout, width: int, per_row: int) -> int:
        """The widest a button may be with ``per_row`` of them across a box this wide."""
        return (width - 2 * lay.margin - (per_row - 1) * round(lay.unit * 2)) // max(1, per_row)

    def _per_row(self, lay: Layout, width: int, need: int) -> int:
        """Buttons a row: all in one, or two rows when the labels would not fit one
        (rather than smaller words)."""
        n = len(self.shown())
        if n > 2 and need > self._fits(lay, width, n):
            return (n + 1) // 2
        return n

    def buttons(self) -> list[Button]:
        lay = self.scene.layout
        size = (lay.w, lay.h, i18n.get_language())  # the labels and their side change too
        if self._buttons is not None and self._buttons[0] == size:
            return self._buttons[1]
        box = self.rect()
        need = self._label_need(lay)
        self.per_row = self._per_row(lay, box.w, need)
        # as wide as the widest label needs, as far as the row fits the box
        bw = max(round(lay.button[0] * 1.9), min(need, self._fits(lay, box.w, self.per_row)))
        out = self.layout_buttons(lay, box, bw, lay.button[1])
        self._buttons = (size, out)
        return out

    def shown(self) -> list[tuple[str, str, bool]]:
        """The buttons this table offers of ``specs`` (a LAN table has no Rematch, a daily
        deal's no Export: ``hidden_actions``), laid out as they are, a lone one centred."""
        hidden: set[str] = getattr(self.scene, "hidden_actions", set)()
        return [spec for spec in self.specs() if spec[1] not in hidden]

    def layout_buttons(self, lay: Layout, box: pygame.Rect, bw: int, bh: int) -> list[Button]:
        """Rows of buttons along the foot of ``box``, the first button of a row on the
        reading side (on the right in a right-to-left language)."""
        specs = self.shown()
        gap = round(lay.unit * 2)
        per = self.per_row or len(specs)
        rows = [specs[i : i + per] for i in range(0, len(specs), per)]
        out = []
        for k, row in enumerate(rows):  # the last row at the foot, the others above it
            total = len(row) * bw + (len(row) - 1) * gap
            x = box.centerx - total // 2
            y = box.bottom - bh - round(lay.unit * 3) - (len(rows) - 1 - k) * (bh + gap)
            for label, action, primary in row:
                bx = 2 * box.centerx - x - bw if i18n.is_rtl() else x  # first on the reading side
                out.append(Button(pygame.Rect(bx, y, bw, bh), label, action, primary=primary))
                x += bw + gap
        fit_group(out)  # one text size per row of buttons
        return out

    def handle_event(self, ev: pygame.event.Event, buttons: list[Button]) -> bool:
        """Every event goes to an open dialog (True: used); ``buttons`` are the ones shown."""
        scene = self.scene
        if ev.type == pygame.MOUSEMOTION:
            if hover(ev, buttons):
                scene.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = clicked(ev, buttons)
            if hit is not None:
                scene.overlay_action(hit.action)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.age < self.keys_after:
                    return True  # a key meant for the table (the last card) reads nothing here
                focus = next((b for b in buttons if b.focus), None)
                if focus is None and not self.enter_needs_focus:
                    focus = next((b for b in buttons if b.primary), None)
                if focus:
                    scene.overlay_action(focus.action)
            elif ev.key in CHOOSE_KEYS and buttons:
                i = next((k for k, b in enumerate(buttons) if b.focus), -1)
                step = 1 if ev.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
                for b in buttons:
                    b.focus = False
                buttons[(i + step) % len(buttons) if i >= 0 else 0].focus = True
                scene.dirty = True
            elif ev.key == pygame.K_ESCAPE and self.closes_on_escape:
                scene.overlay_action("close")
            elif ev.key == self.close_key:
                scene.overlay_action("close")
            return True
        return ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def draw(self, s: pygame.Surface, lay: Layout, buttons: list[Button]) -> None:
        scene = self.scene
        s.blit(scene.veil(lay, 140), (0, 0))
        box = self.rect()
        blit_panel(
            s,
            box,
            color=(10, 30, 22, 245),
            border=(*theme.GOLD, 160),
            radius=round(lay.unit * 2.5),
            glow=(0, 0, 0, 160),
        )
        self.draw_body(s, lay, box)
        for b in buttons:
            b.draw(s, scene.four_color)

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        pass


class Question(Dialog):
    """A question whose first button (the choice that changes nothing) has the focus, so
    that Enter or Esc keeps things as they are."""

    def buttons(self) -> list[Button]:
        out = super().buttons()
        if not any(b.focus for b in out):
            out[0].focus = True
        return out


def page_title(s: pygame.Surface, lay: Layout, box: pygame.Rect, title: str) -> None:
    """The heading of a full page over the table (score sheet, cards played, pause)."""
    blit_text(
        s,
        title,
        lay.heading,
        (box.centerx, box.y + round(lay.unit * 2)),
        theme.GOLD,
        bold=True,
        anchor="midtop",
    )


def team_row(
    s: pygame.Surface,
    lay: Layout,
    box: pygame.Rect,
    y: int,
    label: str,
    a: str,
    b: str,
    teams: tuple[int, int],
    bold: bool = False,
) -> None:
    """A row of the summary: its label, then our figure and theirs (``teams``: us, them)."""
    t = round(lay.text * 1.1)
    us, them = teams
    # right to left: the label at the right edge, then "Us" and "Them" towards the left
    rtl = i18n.is_rtl()
    label_x = box.right - round(box.w * 0.1) if rtl else box.x + round(box.w * 0.1)
    # centred on one line: Arabic and Latin fonts have different heights
    cy = y + round(t * 0.65)
    blit_text(s, label, t, (label_x, cy), theme.INK_DIM, anchor="midright" if rtl else "midleft")
    xa, xb = (0.44, 0.19) if rtl else (0.56, 0.81)
    # a side's names (two computer teams) shrink to their column, then are cut short
    room = round(box.w * 0.24)
    for x, side, word in ((xa, us, a), (xb, them, b)):
        at = (box.x + round(box.w * x), cy)
        blit_text(
            s, word, t, at, theme.TEAM[side], bold=bold, anchor="center", max_width=room,
            least=lay.text,
        )  # fmt: skip


class SummaryDialog(Dialog):
    """The hand just played: made or failed, the tricks, the points and the totals; and,
    once worked out, what the declarers could have taken with every card seen (``dd``)."""

    kind = "summary"
    size = (84.0, 68.0)  # room for the best-play line on two lines
    closes_on_escape = False
    autoplay_wait = 2.5

    def __init__(self, scene: DialogContext, event: HandScored) -> None:
        super().__init__(scene)
        self.event: HandScored | SeatsScored = event  # 41's summary: the seats' scores
        self.dd: int | None = None

    def specs(self) -> list[tuple[str, str, bool]]:
        # Review: the replay viewer on this hand, with its double-dummy marks
        return [(tr("Continue"), "close", True), (tr("Review"), "review", False)]

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        scene = self.scene
        ev = self.event
        assert isinstance(ev, HandScored)  # 41's summary draws its own (Summary41Dialog)
        mine = (ev.declarer & 1) == (scene.me & 1)
        head = tr("Contract made!") if ev.made else tr("Contract failed")
        if ev.tricks[ev.declarer & 1] == 13:
            head = tr("Kaboot! All thirteen tricks")
        color = theme.GOLD if ev.made == mine else (255, 130, 120)
        y = box.y + round(lay.unit * 3)
        blit_text(
            s, head, round(lay.heading * 1.2), (box.centerx, y), color, bold=True, anchor="midtop"
        )
        y += round(lay.heading * 2.0)
        bid = call_label(ev.contract)
        if scene.is_me(ev.declarer):
            desc = tr("You bid {bid}", bid=bid)
        else:
            desc = tr("{name} bid {bid}", name=scene.names[ev.declarer], bid=bid)
        trump = scene.pv.results[-1].trump if scene.pv.results else None
        if trump and not scene.pv.rules.suit_bidding:
            desc += comma() + tr("trump {suit}", suit=trump_label(trump))
        if ev.doubled:
            desc += comma() + tr("doubled")
        theme.draw_label(
            s,
            desc,
            pygame.Rect(box.x, y, box.w, round(lay.text * 1.8)),
            round(lay.text * 1.15),
            theme.INK,
            scene.four_color,
            on_dark=True,
        )
        y += round(lay.text * 3)
        teams = scene.teams()
        us, them = teams
        team_row(s, lay, box, y, "", *side_labels(scene), teams, bold=True)
        y += round(lay.text * 1.9)
        team_row(s, lay, box, y, tr("Tricks"), str(ev.tricks[us]), str(ev.tricks[them]), teams)
        y += round(lay.text * 1.7)
        points = (i18n.signed(ev.points[us]), i18n.signed(ev.points[them]))
        team_row(s, lay, box, y, tr("Points"), *points, teams)
        y += round(lay.text * 1.7)
        pygame.draw.line(
            s, (255, 255, 255, 60), (box.x + box.w // 10, y), (box.right - box.w // 10, y)
        )
        y += round(lay.text * 0.6)
        totals = (str(ev.totals[us]), str(ev.totals[them]))
        team_row(s, lay, box, y, tr("Total"), *totals, teams, bold=True)
        if isinstance(self.dd, int):
            y += round(lay.text * 2.0)
            line = best_play_line(self.dd, ev.tricks[ev.declarer & 1])
            theme.blit_lines(s, line, lay.text, (box.centerx, y), theme.INK_DIM, box.w - 40)


def best_play_line(dd: int, taken: int) -> str:
    """What the declarers could take with best play by all four (every card seen), said so
    that it cannot read as a contradiction of what they did take (``taken``)."""
    if taken > dd:
        return trn(
            "The declarers took {taken} trick, more than the {n} that best play by all four, "
            "with every card seen, would give them",
            "The declarers took {taken} tricks, more than the {n} that best play by all four, "
            "with every card seen, would give them",
            taken,
            taken=taken,
            n=dd,
        )
    if taken == dd:
        return trn(
            "With best play by all four and every card seen, the declarers take {n} trick, "
            "as they did",
            "With best play by all four and every card seen, the declarers take {n} tricks, "
            "as they did",
            dd,
        )
    return trn(
        "With best play by all four and every card seen, the declarers could have taken {n} trick",
        "With best play by all four and every card seen, the declarers could have taken {n} tricks",
        dd,
    )


class Summary41Dialog(SummaryDialog):
    """41: the hand just played, per player (``dialogs41.draw_summary``)."""

    size = (96.0, 66.0)

    def __init__(self, scene: DialogContext, event: SeatsScored) -> None:
        Dialog.__init__(self, scene)
        self.event41 = event
        self.event = event
        self.dd = None

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        dialogs41.draw_summary(self.scene, self.event41, self.dd, s, lay, box)


class GameOverDialog(Dialog):
    """Who won, the final score; a rematch, the game's record exported, or the menu."""

    kind = "gameover"
    size = (80.0, 58.0)
    closes_on_escape = False
    keys_after = 1.5  # the result is read before a key can choose anything

    def __init__(self, scene: DialogContext, event: GameOver) -> None:
        super().__init__(scene)
        self.event = event
        # an Enter meant for the last card, or pressed twice, starts no rematch (issue 48
        # item 2): Rematch is chosen with the arrows or a click; a tournament's Continue (on
        # to the standings, where the result stays) is Enter's as before
        self.enter_needs_focus = scene.after_game is None

    def specs(self) -> list[tuple[str, str, bool]]:
        if self.scene.after_game is not None:  # a tournament game: on to the standings
            return [
                (tr("Continue"), "next", True),
                (tr("Review"), "review", False),
                (tr("Export"), "export", False),
                (tr("Main menu"), "menu", False),
            ]
        return [
            (tr("Rematch"), "rematch", True),
            (tr("Review"), "review", False),
            (tr("Export"), "export", False),
            (tr("Main menu"), "menu", False),
        ]

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        scene = self.scene
        ev = self.event
        won = (ev.winner & 1) == (scene.me & 1)
        named = getattr(scene, "team_names", None)  # a tournament's teams: never "They"
        if not scene.humans or {h & 1 for h in scene.humans} == {0, 1} or (named and not won):
            # nobody, people on both sides, or a named team beat you: name the winners
            won = won or not scene.humans or {h & 1 for h in scene.humans} == {0, 1}
            head = tr("{a} and {b} win", a=scene.names[ev.winner], b=scene.names[ev.winner + 2])
        else:
            head = tr("You win the game!") if won else tr("They win the game")
        y = box.y + round(lay.unit * 4)
        blit_text(
            s,
            head,
            round(lay.heading * 1.5),
            (box.centerx, y),
            theme.GOLD if won else (255, 150, 130),
            bold=True,
            anchor="midtop",
            max_width=box.w - 2 * lay.margin,  # two long names ("Omar und Nour gewinnen")
        )
        y += round(lay.heading * 2.6)
        blit_text(s, tr("Final score"), lay.text, (box.centerx, y), theme.INK_DIM, anchor="midtop")
        y += round(lay.text * 1.8)
        if scene.pv.seat_scores is not None:  # 41: per player, and the teams' sums
            dialogs41.draw_game_over(scene, ev, s, lay, box, y)
            y += round(lay.heading * 1.4 * 1.4) + round(lay.text * 3.4)
            self._foot(s, lay, box, y, played_hands(scene.pv.results))
            return
        y = self.draw_totals(s, lay, box, y, ev.totals)
        self._foot(s, lay, box, y, played_hands(scene.pv.results))

    def draw_totals(
        self, s: pygame.Surface, lay: Layout, box: pygame.Rect, y: int, totals: Any
    ) -> int:
        """The two teams' totals, big, ours first in reading order, each side's words under
        it; returns the y below them."""
        scene = self.scene
        us, them = scene.teams()
        big = round(lay.heading * 1.8)
        left, right = box.centerx - box.w // 4, box.centerx + box.w // 4
        if i18n.is_rtl():  # ours first in reading order, as 41's and the score sheet
            left, right = right, left
        blit_text(s, str(totals[us]), big, (left, y), theme.TEAM[us], bold=True, anchor="midtop")
        blit_text(s, "\u2013", big, (box.centerx, y), theme.INK_DIM, bold=True, anchor="midtop")
        blit_text(
            s, str(totals[them]), big, (right, y), theme.TEAM[them], bold=True, anchor="midtop"
        )
        y += round(big * 1.5)
        words, room = side_labels(scene), box.w // 2 - 2 * lay.margin
        most = 1  # a tournament's long team names ("Alexandrina & Konstantinos") on two lines
        for x, side, word in ((left, us, words[0]), (right, them, words[1])):
            lines = text.wrap(word, lay.text, room)[:2]
            for k, line in enumerate(lines):
                at = (x, y + round(k * lay.text * 1.3))
                blit_text(
                    s, line, lay.text, at, theme.TEAM[side], anchor="midtop", max_width=room,
                    least=lay.text,
                )  # fmt: skip
            most = max(most, len(lines))
        y += round(lay.text * (2 + 1.3 * (most - 1)))
        return y

    def _foot(self, s: pygame.Surface, lay: Layout, box: pygame.Rect, y: int, hands: int) -> None:
        """How many hands were played, and where the game was exported."""
        scene = self.scene
        blit_text(
            s,
            trn("{n} hand played", "{n} hands played", hands),
            lay.text,
            (box.centerx, y),
            theme.INK_DIM,
            anchor="midtop",
        )
        if scene.taken_back:
            y += round(lay.text * 1.8)
            blit_text(
                s,
                tr("A move was taken back: this game is not counted in the statistics"),
                round(lay.text * 0.9),
                (box.centerx, y),
                theme.GOLD,
                anchor="midtop",
                max_width=box.w - lay.margin * 2,
            )
        if scene.exported is not None:
            y += round(lay.text * 1.8)
            blit_text(
                s,
                # a path reads left to right, its leading "/" kept at its start in Arabic
                tr("Saved to {path}", path=text.LRM + str(scene.exported) + text.LRM),
                round(lay.text * 0.85),
                (box.centerx, y),
                theme.GOLD,
                anchor="midtop",
                max_width=box.w - lay.margin * 2,
            )


class ScoreSheetDialog(Dialog):
    """Every hand of the game so far: contract, declarer, tricks, points and totals."""

    kind = "scores"
    size = (150.0, 84.0)

    def _row(self, number: str, r: HandResult) -> list[str]:
        """The sheet's line for ``r``, the hand ``number`` ("": thrown in): ours first in reading order, as the
        columns (at the right in RTL)."""
        scene = self.scene
        us, them = scene.teams()
        first, second = (them, us) if i18n.is_rtl() else (us, them)
        total = f"{r.totals[first]} / {r.totals[second]}"
        if r.contract is None:
            return [number, tr("thrown in"), "", "", "", "", total]
        con = call_label(r.contract)
        if r.trump and not scene.pv.rules.suit_bidding:
            con += " " + (SUIT_SYMBOL.get(r.trump, tr("NT")))
        if r.doubled:
            con += " x2"
        return [
            number,
            con,
            scene.names[r.declarer or 0],
            f"{r.tricks[first]}-{r.tricks[second]}",
            i18n.signed(r.points[us]),
            i18n.signed(r.points[them]),
            total,
        ]

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        scene = self.scene
        page_title(s, lay, box, tr("Score sheet"))
        if scene.pv.seat_scores is not None:  # 41: per player
            dialogs41.draw_score_sheet(scene, s, lay, box)
            return
        t = lay.text
        us, them = scene.teams()
        # the numbers, then beside them (after them in reading order) the chart
        chart = pygame.Rect(0, 0, round(box.w * 0.3), 0)
        chart.x = box.x + round(box.w * 0.67)
        chart.y = box.y + round(lay.heading * 2.4)
        chart.h = box.bottom - lay.button[1] - round(lay.unit * 5) - chart.y
        if i18n.is_rtl():
            chart.right = box.right - round(box.w * 0.67)
        draw_chart(s, chart, score_series(scene.pv.results), (us, them), scene.pv.rules.target, t)
        heads = [
            "#",
            tr("Contract"),
            tr("Declarer"),
            tr("Tricks"),
            # a tournament's long team names, cut short: the columns stay clear of the chart
            *(text.elide(w, t, round(box.w * 0.12), True) for w in side_labels(scene)),
            tr("Total"),
        ]
        rows = list(scene.pv.results)
        numbers = dialogs41.row_numbers(rows)  # as the table counts hands: thrown-in not
        lines = [self._row(n, r) for n, r in zip(numbers, rows, strict=True)]
        cols = sheet_columns(lay, box, heads, lines)
        y = box.y + round(lay.heading * 2.4)
        for c, h in zip(cols, heads, strict=True):
            blit_text(
                s, h, t, (box.x + round(box.w * c), y), theme.INK_DIM, bold=True, anchor="midtop"
            )
        y += round(t * 1.8)
        max_rows = max(1, (box.bottom - y - lay.button[1] - round(lay.unit * 5)) // round(t * 1.55))
        start = max(0, len(rows) - max_rows)
        for i, r in enumerate(rows[start:], start=start):
            for k, (c, v) in enumerate(zip(cols, self._row(numbers[i], r), strict=True)):
                col = theme.TEAM[us if k == 4 else them] if k in (4, 5) else theme.INK
                # as wide as its column's value needs ("перероздача", a thrown-in deal)
                w = max(round(box.w * 0.12), theme.label_width(v, t) + 2)
                rect = pygame.Rect(0, 0, w, round(t * 1.5))
                rect.midtop = (box.x + round(box.w * c), y)
                theme.draw_label(s, v, rect, t, col, scene.four_color, on_dark=True, fitted=True)
            y += round(t * 1.55)
        if not rows:
            blit_text(
                s,
                tr("No hand finished yet"),
                t,
                (i18n.mirror_x(box.x + round(box.w * 0.33), box.x, box.w), y + t),
                theme.INK_DIM,
                anchor="midtop",
            )


def played_grid(played: set[str], mine: set[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """Per suit (spades first), every rank from the ace down with its state: "played",
    "mine" (in ``mine``, the hand shown) or "out" (not seen yet)."""
    out = []
    for suit in reversed(SUITS):  # spades first
        row = []
        for rank in reversed(RANKS):
            card = rank + suit
            state = "played" if card in played else "mine" if card in mine else N_("out")
            row.append((card, state))
        out.append((suit, row))
    return out


class CardsPlayedDialog(Dialog):
    """Every card, struck out once played; my own in gold (never under the hot-seat cover)."""

    kind = "played"
    size = (96.0, 60.0)
    close_key = pygame.K_v  # V toggles the page

    def draw_body(self, s: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        scene = self.scene
        t = lay.text
        page_title(s, lay, box, tr("Cards played"))
        y = box.y + round(lay.heading * 2.6)
        size = round(t * 1.35)
        step_x = (box.w - round(lay.unit * 16)) // 13
        x0 = box.x + round(lay.unit * 12)
        gone = (110, 120, 115)  # played cards: grey, and struck through below
        colours = {"played": gone, "mine": theme.GOLD, N_("out"): theme.INK}
        for suit, row in scene.played_grid():
            blit_text(
                s,
                SUIT_SYMBOL[suit],
                round(size * 1.2),
                (box.x + round(lay.unit * 6), y + size // 2),
                theme.suit_color(suit, scene.four_color, on_dark=True),
                anchor="center",
            )
            for i, (card, state) in enumerate(row):
                label = "10" if card[0] == "T" else card[0]
                cx = x0 + i * step_x + step_x // 2
                r = blit_text(
                    s, label, size, (cx, y + size // 2), colours[state], bold=True, anchor="center"
                )
                if state == "played":  # struck through: gone from the game
                    pygame.draw.line(s, gone, (r.left, r.centery), (r.right, r.centery), 2)
            y += round(size * 1.9)
        legend = tr("Gold: your cards  ·  white: not played yet  ·  struck out: played")
        if scene.covered():
            legend = tr("White: not played yet  ·  struck out: played")
        theme.blit_lines(
            s, legend, t, (box.centerx, y + round(t * 0.4)), theme.INK_DIM, box.w - 2 * lay.margin
        )
