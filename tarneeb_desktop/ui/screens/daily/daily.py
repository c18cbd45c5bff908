"""The daily-deals screen: today's set (or a challenge code's), the per-deal table, past days.

Three states: the set's table, a deal's comparison over it after the deal, and once all
eight are played the end of the set with the score line to copy. Each deal is played at the
real table (``play.py``); the sets themselves are ``daily.DailySet``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ai.base import LEVELS as ALL_LEVELS
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.session import daily
from tarneeb_desktop.session.daily.halfway import HalfPlayed
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.clipboard import put_text
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Centred, Column, Panel, Stack, Text, Veiled
from tarneeb_desktop.ui.kit.form import Field, Row
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, PANEL_EDGE, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular
from tarneeb_desktop.ui.kit.widgets import TextField
from tarneeb_desktop.ui.scene import test_log
from tarneeb_desktop.ui.screens.daily.labels import contract_text, signed
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS, preset_label
from tarneeb_desktop.ui.text_runs import card_run, rtl_run

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

#: The levels a daily deal's computer players may play at: medium and above
LEVELS = ALL_LEVELS[ALL_LEVELS.index("medium") :]
GOOD: tuple[int, ...] = (120, 220, 140)
BAD: tuple[int, ...] = (255, 130, 120)
PAST_ROWS = 6


def copy_text(line: str) -> str:
    """Put ``line`` on the clipboard, else in ``daily-score.txt``; what was done, in words."""
    if put_text(line):
        return tr("The score line is copied")
    path = user_data_dir() / "daily-score.txt"
    try:
        path.write_text(line + "\n", encoding="utf-8")
    except OSError:
        return tr("Could not copy the score line")
    log.info("the score line is in %s", path)  # the whole path in the log; the name on screen
    return tr("No clipboard here: the score line is in {file}", file=path.name)


class DailyScene(KitScene):
    """The daily-deals screen (see the module's description)."""

    def __init__(self, app: App, code: str | None = None, level: str | None = None) -> None:
        super().__init__(app)
        self.store = daily.DailyStore()
        preset = getattr(app.settings, "rules_preset", "standard")
        preset = preset if preset in ALL_PRESETS else "standard"
        self.dset = daily.DailySet(code or daily.today_code(preset), level or daily.DEFAULT_LEVEL,
                                   self.store)  # fmt: skip
        self.field = TextField(max_chars=48, printable=True)
        self.typing = False
        self.message: tuple[str, tuple[int, ...]] | None = None
        self.compared: int | None = None  # the deal whose comparison is shown over the table
        self.selected: int | None = None  # the row a click chose (Review)

    @property
    def code(self) -> str:
        return self.dset.code

    def started(self) -> bool:
        return any(self.store.result(self.code, i, "person") for i in range(daily.DEALS))

    def open_code(self, code: str) -> None:
        """Show the set of ``code`` (a friend's challenge, or another day's)."""
        try:
            normal = daily.normalize_code(code)
        except daily.CodeError:
            self.message = (tr("That is not a challenge code (e.g. 2026-12-01/standard)"), BAD)
            self.rebuild()
            return
        self.dset.stop()
        self.dset = daily.DailySet(normal, self.dset.level, self.store)
        self.dset.catch_up()
        self.compared = self.selected = None
        self.message = None
        test_log(f"daily code {normal}")
        self.rebuild()

    def play_next(self) -> None:
        index = self.store.next_deal(self.code)
        if index is None:
            return
        from tarneeb_desktop.ui.screens.daily.play import DailyTableScene

        self.compared = None
        test_log(f"daily deal {index}")
        self.app.switch(DailyTableScene(self.app, self.dset, index, done=self.played))

    def played(self, index: int) -> None:
        """Back from the table: show the deal's comparison."""
        self.compared = self.selected = index
        self.came_back()

    def came_back(self) -> None:
        self.app.switch(self)
        self.rebuild()

    def review(self, index: int) -> None:
        person, computer = self.dset.shown(index)
        if person is None or not person.record:
            return
        from tarneeb_desktop.ui.screens.daily.review import open_review

        open_review(self.app, self.code, index, person, computer, back=self.came_back)

    def score_line(self) -> str:
        """The line to copy for friends: the code, both totals and the difference."""
        p, c, n = self.store.totals(self.code)
        return trn(
            "Tarneeb daily deals {code}: {you} against the computer's {computer} ({diff}) "
            "over {n} deal",
            "Tarneeb daily deals {code}: {you} against the computer's {computer} ({diff}) "
            "over {n} deals",
            n, code=self.code, you=signed(p), computer=signed(c), diff=signed(p - c),
        )  # fmt: skip

    def busy(self) -> bool:
        return self.dset.play is not None

    def update(self, dt: float) -> None:
        if self.dset.play is not None and self.dset.tick():
            self.rebuild()

    def on_show(self) -> None:
        super().on_show()
        self.store = self.dset.store
        self.dset.catch_up()  # a computer's result not in yet (the window was closed)
        self.rebuild()

    def on_hide(self) -> None:
        self.focus_field(False)

    def field_rect(self) -> pygame.Rect:
        """The challenge code's field."""
        self.laid()
        return self.code_box.box

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The played deal whose row is under ``pos``, if any."""
        self.laid()
        k = self.table.row_at(pos)
        return k if k is not None and self.dset.shown(k)[0] else None

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if self.field_rect().collidepoint(ev.pos) and self.compared is None:
                self.focus_field(True)
                return True
            row = self.row_at(ev.pos)
            if row is not None and self.compared is None:
                self.selected = row
                self.rebuild()
                return True
        what = self.field.handle_event(ev) if self.typing else None
        if what in ("enter", "escape", "typed"):
            self.focus_field(what == "typed")  # typed: still typing, drawn again
            if what == "enter":
                self.open_code(self.field.text)
            return True
        return super().handle_event(ev)

    def focus_field(self, on: bool) -> None:
        if on != self.typing:
            (TextField.start if on else TextField.stop)()
        self.typing = on
        self.dirty = True

    def activate(self, action: str) -> None:
        if action == "back" and self.compared is None:
            self.dset.stop()
            self.app.show_menu()
        elif action in ("back", "table"):  # Back over a comparison: the table
            self.compared = None
            self.rebuild()
        elif action == "play":
            self.play_next()
        elif action == "review":
            pick = self.compared if self.compared is not None else self.selected
            if pick is None:
                pick = max((i for i in range(daily.DEALS) if self.dset.shown(i)[0]), default=None)
            if pick is not None:
                self.review(pick)
        elif action == "copy":
            self.message = (copy_text(self.score_line()), GOOD)
            test_log(f"daily copied {self.score_line()}")
            self.rebuild()
        elif action == "level" and not self.started():
            i = LEVELS.index(self.dset.level) if self.dset.level in LEVELS else -1
            self.dset.level = LEVELS[(i + 1) % len(LEVELS)]
            self.rebuild()
        elif action == "rules":
            label, _, preset = self.code.rpartition("/")
            names = list(ALL_PRESETS)
            nxt = names[(names.index(preset) + 1) % len(names)] if preset in names else names[0]
            self.open_code(f"{label}/{nxt}")
        elif action == "today":
            self.open_code(daily.today_code(daily.code_rules(self.code).preset))
        elif action == "code":
            if self.typing:
                self.focus_field(False)
                self.open_code(self.field.text)
            else:
                self.focus_field(True)

    def foot(self) -> list[FootSpec]:
        """The buttons over a deal's comparison, or over the table (Level until started)."""
        nxt = self.store.next_deal(self.code)
        if self.compared is not None:
            specs: list[tuple[str, str]] = [
                (tr("Next deal") if nxt is not None else tr("See the results"),
                 "play" if nxt is not None else "table"),
                (tr("Review"), "review"),
                (tr("Back to the table"), "table"),
            ]  # fmt: skip
        else:
            specs = []
            if nxt is not None:
                words = N_("Go on with deal {n}") if self.dset.saved_deal() else N_("Play deal {n}")
                specs.append((tr(words, n=nxt + 1), "play"))
            specs += [(tr("Review"), "review"), (tr("Copy"), "copy")]
            specs += [(tr("Rules"), "rules"), (tr("Level"), "level")]
            specs += [(tr("Today"), "today"), (tr("Back"), "back")]
        played = any(self.dset.shown(i)[0] for i in range(daily.DEALS))
        enabled = {"review": played, "level": not self.started()}
        return [(label, a, k == 0, enabled.get(a, True)) for k, (label, a) in enumerate(specs)]

    def table_rows(self) -> list[list[Cell]]:
        """Each deal's row ("next" on the deal to play, "playing..." while the computer is)."""
        nxt = self.store.next_deal(self.code)
        out = []
        for i in range(daily.DEALS):
            person, computer = self.dset.shown(i)
            cells = [Cell(str(i + 1), DIM)]
            if person is None:
                cells.append(Cell(tr("next") if i == nxt else "", DIM))
            else:
                cells.append(Cell(contract_text(person)))
                cells.append(Cell(signed(person.net), theme.TEAM[0]))
                if computer is None:
                    cells.append(Cell(tr("playing..."), DIM))
                else:
                    cmp = daily.compare(person, computer)
                    colour = GOOD if cmp.diff > 0 else BAD if cmp.diff < 0 else INK
                    cells += [Cell(signed(computer.net)), Cell(signed(cmp.diff), colour)]
                could = "" if person.could_take is None else str(person.could_take)
                cells.append(Cell(could, DIM))
            out.append(cells)
        return out

    def total_row(self) -> list[Cell]:
        p, c, n = self.store.totals(self.code)
        out = [Cell(trn("Total ({n} deal)", "Total ({n} deals)", n), GOLD, True)]
        if n:
            colour = GOOD if p > c else BAD if p < c else INK
            out += [Cell("", INK), Cell(signed(p), theme.TEAM[0], True), Cell(signed(c), INK, True),
                    Cell(signed(p - c), colour, True)]  # fmt: skip
        return out

    def past_lines(self) -> list[Box]:
        rows = [r for r in self.store.past() if r["deals"]][:PAST_ROWS]
        if not rows:
            return [Text(tr("None yet"), color=DIM)]
        out: list[Box] = []
        for r in rows:
            mark = "\u2713 " if r["finished"] else ""
            line = f"{mark}{r['code']}  {signed(r['person'])} : {signed(r['computer'])}"
            out.append(Text(line, color=INK if r["code"] != self.code else GOLD))
        return out

    def layout_key(self) -> object:
        return (self.code, self.dset.level, self.compared, self.selected, self.message,
                str(self.table_rows()), str(self.total_row()), tuple(self.foot()),
                self.store.streak(), str(self.store.past()[:PAST_ROWS]))  # fmt: skip

    def tree(self, st: Style) -> Box:
        heads = ("#", tr("Contract"), tr("You"), tr("Computer"), tr("Difference"), tr("Could take"))
        self.table = Tabular(heads, self.table_rows(), foot=self.total_row(), picked=self.selected)
        deals: list[Box] = [self.table]
        if self.message:  # what Copy did, under the total
            words, colour = self.message
            deals.append(Text(words, color=colour, align="center"))
        streak = trn("Streak: {n} day in a row", "Streak: {n} days in a row", self.store.streak())
        past = Column([Text(streak, color=GOLD, bold=True), Text(tr("Past days"), color=DIM,
                       bold=True), *self.past_lines()], grow=True)  # fmt: skip

        def shown() -> str:
            typed = self.field.shown(self.typing) if (self.typing or self.field.text) else ""
            return typed or self.code

        self.code_box = Field(self.field, wide=200, focus=lambda: self.typing, shown=shown)
        side = Column([Panel(past, color=theme.PANEL, edge=PANEL_EDGE),
                       Text(tr("Challenge code (Enter to open)"), color=DIM), self.code_box],
                      grow=True)  # fmt: skip
        middle: list[Box] = [
            Row(
                [Panel(Column(deals, grow=True), color=theme.PANEL, edge=PANEL_EDGE), side],
                weights=[62, 36],
                grow=True,
            )  # fmt: skip
        ]
        if self.compared is not None:
            middle.append(Veiled(Centred(self.comparison(st, self.compared), wide=150)))
        return Column([
            Text(tr("Daily deals"), size=st.heading, color=GOLD, bold=True, align="center"),
            Text(self.header(), marked=True, align="center"),
            Stack(middle),
            ButtonRow(self.foot(), group="foot", each=True),
        ])  # fmt: skip

    def header(self) -> str:
        """The code, the rules and the computer's level. The code is held left to right, and
        a mark keeps the rules' number out of its run in Arabic ("السوري 41" stays whole)."""
        lv = self.dset.level
        level = tr(CHOICE_LABELS[lv]) if lv in CHOICE_LABELS else lv
        rules = preset_label(daily.code_rules(self.code))
        return tr("Code {code}  \u00b7  {rules}  \u00b7  computer level {level}",
                  code=card_run(self.code), rules=rtl_run(rules), level=level)  # fmt: skip

    def comparison(self, st: Style, index: int) -> Panel:
        """The deal just played: both scores on the same cards and the difference."""
        person, computer = self.dset.shown(index)
        boxes: list[Box] = [Text(tr("Deal {n} of {total}", n=index + 1, total=daily.DEALS),
                                 size=st.heading, color=GOLD, bold=True, align="center")]  # fmt: skip
        rows = [] if person is None else [(tr("You"), person)]
        if person is not None and computer is not None:
            rows.append((tr("The computer in your seat"), computer))
        for who, res in rows:
            could = ""
            if res.could_take is not None and res.contract is not None:
                could = tr(", could take {n}", n=res.could_take)
            tricks = (
                "" if res.contract is None else ", " + trn("{n} trick", "{n} tricks", res.tricks)
            )
            # what the score is (issue 48 item 19: "Score -15" was not explained)
            why = tr("your side's points minus the others': {us} - {them}",
                     us=res.points[0], them=res.points[1])  # fmt: skip
            score = tr("Score {n}", n=signed(res.net))
            boxes += [
                Text(f"{who}: {contract_text(res)}{tricks}{could}", align="center"),
                Text(score, size=st.large, color=theme.TEAM[0], bold=True, align="center"),
                Text(why, color=DIM, align="center"),
            ]
        if person is not None and computer is None:
            boxes.append(Text(tr("The computer is still playing this deal..."), color=DIM,
                              align="center"))  # fmt: skip
        elif person is not None and computer is not None:
            cmp = daily.compare(person, computer)
            if cmp.diff > 0:
                verdict, colour = tr("You did {n} better than the computer", n=cmp.diff), GOOD
            elif cmp.diff < 0:
                verdict, colour = tr("The computer did {n} better", n=-cmp.diff), BAD
            else:
                verdict, colour = tr("The same score as the computer"), INK
            p, c, n = self.store.totals(self.code)
            total = trn("After {n} deal: you {you}, the computer {computer}",
                        "After {n} deals: you {you}, the computer {computer}", n, you=signed(p),
                        computer=signed(c))  # fmt: skip
            boxes += [Text(verdict, size=st.large, color=colour, bold=True, align="center"),
                      Text(total, align="center")]  # fmt: skip
            if self.store.next_deal(self.code) is None:
                boxes.append(Text(self.score_line(), color=DIM, align="center"))
            note = tr(
                "Could take: the declarers' tricks with best play by all four, every card seen"
            )
            boxes.append(Text(note, color=DIM, align="center"))
        return Panel(Column(boxes))


def open_daily(app: App) -> None:
    """The menu's "Daily deals"."""
    app.switch(DailyScene(app))


def half_words(half: HalfPlayed) -> str:
    """What the main menu's Continue goes on with: a daily deal left half way."""
    deal = tr("Deal {n} of {total}", n=half.index + 1, total=daily.DEALS)
    return f"{tr('Daily deals')}: {deal}"


def go_on(app: App, half: HalfPlayed) -> None:
    """The main menu's Continue on a daily deal left half way: its table from that card."""
    DailyScene(app, half.code, half.level).play_next()
