"""The hand's summary and the game's end over the table, laid out by the kit (issue 47): a
head, the hand's contract, a table of the two sides' tricks, points and totals (ours first in
reading order), what best play would have taken, and the buttons; the game's end: who won,
the final score big, and how many hands were played; 41's summary per player
(``Summary41Dialog``)."""

from __future__ import annotations

from typing import Any

import pygame

from tarneeb_desktop.ai.analysis import highest_bidder
from tarneeb_desktop.rules import GameOver, HandScored, SeatsScored
from tarneeb_desktop.table.history import played_hands
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.game import dialogs41
from tarneeb_desktop.ui.game.context import DialogContext
from tarneeb_desktop.ui.game.game41 import close_seats
from tarneeb_desktop.ui.game.kit_dialog import KitDialog
from tarneeb_desktop.ui.game.labels import call_label, comma, side_labels, trump_label
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, Column, Text
from tarneeb_desktop.ui.kit.form import Row
from tarneeb_desktop.ui.kit.scroll import Control
from tarneeb_desktop.ui.kit.style import DIM, GOLD, WARN, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular


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


class SummaryDialog(KitDialog):
    """The hand just played: made or failed, the tricks, the points and the totals; and,
    once worked out, what the declarers could have taken with every card seen (``dd``)."""

    kind = "summary"
    width = 84.0
    closes_on_escape = False
    autoplay_wait = 2.5

    def __init__(self, scene: DialogContext, event: HandScored) -> None:
        super().__init__(scene)
        self.event: HandScored | SeatsScored = event
        self.dd: int | None = None

    def specs(self) -> list[tuple[str, str, bool]]:
        # Review: the replay viewer on this hand, with its double-dummy marks
        return [(tr("Continue"), "close", True), (tr("Review"), "review", False)]

    def layout_key(self) -> object:
        return self.dd  # the best-play line comes when it is worked out

    def describe(self) -> str:
        """The contract: "You bid 9, trump ♠, doubled"."""
        scene, ev = self.scene, self.event
        if not isinstance(ev, HandScored):
            return ""
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
        return desc

    def body(self, st: Style) -> list[Box]:
        scene, ev = self.scene, self.event
        if not isinstance(ev, HandScored):  # 41's summary is Summary41Dialog
            return []
        mine = (ev.declarer & 1) == (scene.me & 1)
        head = tr("Contract made!") if ev.made else tr("Contract failed")
        if ev.tricks[ev.declarer & 1] == 13:
            head = tr("Kaboot! All thirteen tricks")
        desc = self.describe()

        def contract(s: pygame.Surface, r: pygame.Rect) -> None:  # suits in their colours
            theme.draw_label(s, desc, r, st.large, theme.INK, scene.four_color, on_dark=True)

        us, them = scene.teams()
        words = side_labels(scene)
        points = (i18n.signed(ev.points[us]), i18n.signed(ev.points[them]))
        sheet = Tabular(
            ["", words[0], words[1]],
            [
                [Cell(tr("Tricks"), DIM), Cell(str(ev.tricks[us])), Cell(str(ev.tricks[them]))],
                [Cell(tr("Points"), DIM), Cell(points[0]), Cell(points[1])],
            ],
            foot=[Cell(tr("Total"), bold=True), Cell(str(ev.totals[us]), bold=True),
                  Cell(str(ev.totals[them]), bold=True)],
            head_colors=[DIM, theme.TEAM[us], theme.TEAM[them]],
        )  # fmt: skip
        out: list[Box] = [
            Text(head, size=round(st.heading * 1.2), color=GOLD if ev.made == mine else WARN,
                 bold=True, align="center"),
            Control(contract),
            sheet,
        ]  # fmt: skip
        if isinstance(self.dd, int):
            line = best_play_line(self.dd, ev.tricks[ev.declarer & 1])
            out.append(Text(line, color=DIM, align="center"))
        return out


class Summary41Dialog(SummaryDialog):
    """41: the hand just played, per player (my side first): bid, tricks, points (made in
    green, missed in red), total; the sides' sums; and what the highest bid's pair could have
    taken with every card seen (``dd``)."""

    width = 96.0

    def __init__(self, scene: DialogContext, event: SeatsScored) -> None:
        KitDialog.__init__(self, scene)
        self.event41 = self.event = event
        self.dd = None

    def body(self, st: Style) -> list[Box]:
        scene, ev = self.scene, self.event41
        me = scene.me
        made = ev.tricks[me] >= ev.bids[me]
        if scene.humans and len(scene.humans) == 1:
            head = tr("You made your bid!") if made else tr("You missed your bid")
            colour = GOLD if made else dialogs41.RED
        else:
            head, colour = dialogs41.hand_label(scene.pv), GOLD
        rows = []
        for seat in dialogs41.seat_order(scene):
            ok = ev.tricks[seat] >= ev.bids[seat]
            rows.append([
                Cell(scene.names[seat], theme.TEAM[seat & 1], bold=True),
                Cell(str(ev.bids[seat])),
                Cell(str(ev.tricks[seat])),
                Cell(i18n.signed(ev.points[seat]), dialogs41.GREEN if ok else dialogs41.RED),
                Cell(str(ev.totals[seat]), bold=True),
            ])  # fmt: skip
        us, them = scene.teams()
        sums = tr("Us: {a}  \u00b7  Them: {b}", a=ev.totals[us] + ev.totals[us + 2],
                  b=ev.totals[them] + ev.totals[them + 2])  # fmt: skip
        heads = [tr("Player"), tr("Bid"), tr("Tricks"), tr("Points"), tr("Total")]
        out: list[Box] = [
            Text(head, size=round(st.heading * 1.1), color=colour, bold=True, align="center"),
            Tabular(heads, rows, foot=[Cell(sums, bold=True)], head_colors=[DIM] * 5),
        ]
        row = scene.pv.results[-1] if scene.pv.results else None
        if isinstance(self.dd, int) and row is not None and row.bids is not None:
            top = highest_bidder(row.bids, row.dealer)
            line = trn(
                "With best play by all four and every card seen, {a} and {b} "
                "(the highest bid and partner) could have taken {n} trick",
                "With best play by all four and every card seen, {a} and {b} "
                "(the highest bid and partner) could have taken {n} tricks",
                self.dd,
                a=scene.names[top],
                b=scene.names[(top + 2) % 4],
            )
            out.append(Text(line, color=DIM, align="center"))
        return out


class GameOverDialog(KitDialog):
    """Who won, the final score; a rematch, the game's record exported, or the menu."""

    kind = "gameover"
    width = 80.0
    closes_on_escape = False
    keys_after = 1.5  # the result is read before a key can choose anything

    def __init__(self, scene: DialogContext, event: GameOver | None) -> None:
        super().__init__(scene)
        self.event = event
        # an Enter meant for the last card, or pressed twice, starts no rematch (issue 48
        # item 2): Rematch is chosen with the arrows or a click; a tournament's Continue (on
        # to the standings, where the result stays) is Enter's as before
        self.enter_needs_focus = scene.after_game is None

    def specs(self) -> list[tuple[str, str, bool]]:
        first = (tr("Rematch"), "rematch", True)
        if self.scene.after_game is not None:  # a tournament game: on to the standings
            first = (tr("Continue"), "next", True)
        return [first, (tr("Review"), "review", False), (tr("Export"), "export", False),
                (tr("Main menu"), "menu", False)]  # fmt: skip

    def layout_key(self) -> object:
        return self.scene.exported  # "Saved to ..." once exported

    def body(self, st: Style) -> list[Box]:
        scene, ev = self.scene, self.event
        assert ev is not None
        won = (ev.winner & 1) == (scene.me & 1)
        named = getattr(scene, "team_names", None)  # a tournament's teams: never "They"
        if not scene.humans or {h & 1 for h in scene.humans} == {0, 1} or (named and not won):
            # nobody, people on both sides, or a named team beat you: name the winners
            won = won or not scene.humans or {h & 1 for h in scene.humans} == {0, 1}
            head = tr("{a} and {b} win", a=scene.names[ev.winner], b=scene.names[ev.winner + 2])
        else:
            head = tr("You win the game!") if won else tr("They win the game")
        out: list[Box] = [
            Text(head, size=round(st.heading * 1.3), color=GOLD if won else WARN, bold=True,
                 align="center"),
            Text(tr("Final score"), color=DIM, align="center"),
        ]  # fmt: skip
        # 41: per player, and the teams' sums
        score = self.seats41(st) if scene.pv.seat_scores is not None else self.totals(st, ev.totals)
        return [*out, score, *self.notes(played_hands(scene.pv.results))]

    def totals(self, st: Style, totals: Any) -> Box:
        """The two sides' totals, big, ours first in reading order, each side's words (on
        two lines at most: a tournament's long team names) under it."""
        us, them = self.scene.teams()
        words = side_labels(self.scene)
        big = round(st.heading * 1.6)

        def side(team: int, word: str) -> Box:
            return Column([Text(str(totals[team]), size=big, color=theme.TEAM[team], bold=True,
                                align="center"),
                           Text(word, color=theme.TEAM[team], align="center")], gap=0)  # fmt: skip

        dash = Text("\u2013", size=big, color=DIM, bold=True, align="center")
        return Row([side(us, words[0]), dash, side(them, words[1])], weights=[5, 1, 5])

    def seats41(self, st: Style) -> Box:
        """41: each side's sum, big, its two players' totals under it (gold: one who reached
        the target, near the end)."""
        scene = self.scene
        scores = scene.pv.seat_scores or (0, 0, 0, 0)
        us, them = scene.teams()
        big = round(st.heading * 1.3)
        sides = []
        for team, label in ((us, tr("Us")), (them, tr("Them"))):
            lines: list[Box] = [Text(f"{label}  {scores[team] + scores[team + 2]}", size=big,
                                     color=theme.TEAM[team], bold=True, align="center")]  # fmt: skip
            for seat in (team, team + 2):
                gold = seat in close_seats(scene.pv) and scores[seat] >= scene.pv.rules.target
                lines.append(Text(f"{scene.names[seat]}: {scores[seat]}", color=GOLD if gold
                                  else theme.INK, bold=gold, align="center"))  # fmt: skip
            sides.append(Column(lines, gap=0))
        return Row(sides)

    def notes(self, hands: int) -> list[Box]:
        """How many hands were played, a move taken back, and where the game was exported."""
        scene = self.scene
        out: list[Box] = [Text(trn("{n} hand played", "{n} hands played", hands), color=DIM,
                               align="center")]  # fmt: skip
        if scene.taken_back:
            out.append(Text(tr("A move was taken back: this game is not counted in the "
                               "statistics"), color=GOLD, align="center"))  # fmt: skip
        if scene.exported is not None:
            # a path reads left to right, its leading "/" kept at its start in Arabic
            path = text.LRM + str(scene.exported) + text.LRM
            out.append(Text(tr("Saved to {path}", path=path), color=GOLD, align="center"))
        return out
