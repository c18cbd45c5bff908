"""The daily-deals screen: today's set (or a challenge code's), the per-deal table, past days.

One screen, three states: the set's table (each deal's contract, the person's score, the
computer's on the same cards, the difference and what the declarers could take double
dummy; the total at the foot, the code above, the past days and the streak beside it, and a
challenge-code field), the comparison after a deal (shown over the table; "The computer is
still playing this deal..." until its play is in) and, once all eight are played, the end
of the set with the score line to copy. Each deal is played at the real table
(``daily_play.py``); the sets themselves are ``daily.DailySet``. Nothing here deals cards or
sets up a game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.ai.base import LEVELS as ALL_LEVELS
from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.session import daily
from tarneeb_desktop.table.savegame import SaveError, read_save
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.clipboard import put_text
from tarneeb_desktop.ui.daily_labels import contract_text, signed
from tarneeb_desktop.ui.i18n import tr, trn
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene, draw_page, test_log
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS, preset_label
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text
from tarneeb_desktop.ui.viewer_text import blit_line, card_run, rtl_run
from tarneeb_desktop.ui.widgets import TextField, draw_field

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

log = logging.getLogger(__name__)

#: The levels a daily deal's computer players may play at: medium and above
LEVELS = ALL_LEVELS[ALL_LEVELS.index("medium") :]
GOOD, BAD = (120, 220, 140), (255, 130, 120)
PAST_ROWS = 6


def copy_text(line: str) -> str:
    """Put ``line`` on the system's clipboard (``pygame.scrap``, SDL's clipboard); where
    there is none, write it to ``daily-score.txt`` in the player's folder. What was done,
    for the player."""
    if put_text(line):
        return tr("The score line is copied")
    path = user_data_dir() / "daily-score.txt"
    try:
        path.write_text(line + "\n", encoding="utf-8")
    except OSError:
        return tr("Could not copy the score line")
    log.info("the score line is in %s", path)  # the whole path in the log; the name on screen
    return tr("No clipboard here: the score line is in {file}", file=path.name)


class DailyScene(ButtonScene):
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
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.compared: int | None = None  # the deal whose comparison is shown over the table
        self.selected: int | None = None  # the row a click chose (Review)

    # ------------------------------------------------------------------ the set
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
        from tarneeb_desktop.ui.daily_play import DailyTableScene

        self.compared = None
        test_log(f"daily deal {index}")
        self.app.switch(
            DailyTableScene(self.app, self.dset, index, done=self.played, left=self.came_back)
        )

    def played(self, index: int) -> None:
        """Back from the table: show the deal's comparison."""
        self.compared = self.selected = index
        self.app.switch(self)
        self.rebuild()

    def came_back(self) -> None:
        self.app.switch(self)
        self.rebuild()

    def review(self, index: int) -> None:
        person, computer = self.dset.shown(index)
        if person is None or not person.record:
            return
        from tarneeb_desktop.ui.daily_review import open_review

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

    # ------------------------------------------------------------------ the frame
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
        if self.typing:
            TextField.stop()
            self.typing = False

    # ------------------------------------------------------------------ input
    def field_rect(self, lay: Layout) -> pygame.Rect:
        side = self.side_rect(lay)
        h = round(lay.unit * 6)
        return pygame.Rect(side.x, side.bottom - h, side.w, h)

    def handle_event(self, ev: pygame.event.Event) -> bool:
        lay = Layout(*self.app.size)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if self.field_rect(lay).collidepoint(ev.pos) and self.compared is None:
                self.focus_field(True)
                return True
            row = self.row_at(lay, ev.pos)
            if row is not None and self.compared is None:
                self.selected = row
                self.rebuild()
                return True
        if self.typing:
            what = self.field.handle_event(ev)
            if what == "enter":
                self.focus_field(False)
                self.open_code(self.field.text)
                return True
            if what == "escape":
                self.focus_field(False)
                return True
            if what == "typed":
                self.dirty = True
                return True
        return super().handle_event(ev)

    def focus_field(self, on: bool) -> None:
        if on and not self.typing:
            TextField.start()
        elif not on and self.typing:
            TextField.stop()
        self.typing = on
        self.dirty = True

    def activate(self, action: str) -> None:
        if action == "back":
            if self.compared is not None:
                self.compared = None
                self.rebuild()
                return
            self.dset.stop()
            self.app.show_menu()
        elif action == "play":
            self.play_next()
        elif action == "table":
            self.compared = None
            self.rebuild()
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

    # ------------------------------------------------------------------ geometry
    def table_rect(self, lay: Layout) -> pygame.Rect:
        top = lay.margin + round(lay.heading * 3.3)
        bottom = lay.h - lay.margin * 2 - round(lay.unit * 7)
        if (lay.w, lay.h) == self.app.size:  # above the buttons (one row or two)
            bottom = min([bottom, *(b.rect.top - lay.margin for b in self.buttons())])
        w = round(lay.w * 0.62)
        r = pygame.Rect(0, top, w, bottom - top)
        return i18n.align(r, pygame.Rect(0, 0, lay.w, lay.h), "start", lay.margin)

    def side_rect(self, lay: Layout) -> pygame.Rect:
        t = self.table_rect(lay)
        w = lay.w - t.w - 3 * lay.margin
        r = pygame.Rect(0, t.y, w, t.h)
        return i18n.align(r, pygame.Rect(0, 0, lay.w, lay.h), "end", lay.margin)

    def row_h(self, lay: Layout) -> int:
        return (self.table_rect(lay).h - lay.margin * 2) // (daily.DEALS + 3)

    def row_at(self, lay: Layout, pos: tuple[int, int]) -> int | None:
        box = self.table_rect(lay)
        if not box.collidepoint(pos):
            return None
        k = (pos[1] - box.y - lay.margin) // self.row_h(lay) - 1
        return k if 0 <= k < daily.DEALS and self.dset.shown(k)[0] else None

    def build(self, lay: Layout) -> list[Button]:
        bh = round(lay.unit * 7)
        y = lay.h - lay.margin - bh
        if self.compared is not None:
            nxt = self.store.next_deal(self.code)
            specs = [(tr("Next deal") if nxt is not None else tr("See the results"),
                      "play" if nxt is not None else "table")]  # fmt: skip
            specs += [(tr("Review"), "review"), (tr("Back to the table"), "table")]
        else:
            nxt = self.store.next_deal(self.code)
            specs = []
            if nxt is not None:
                go_on = self.dset.saved_deal()
                label = (
                    tr("Go on with deal {n}", n=nxt + 1)
                    if go_on
                    else tr("Play deal {n}", n=nxt + 1)
                )
                specs.append((label, "play"))
            specs += [(tr("Review"), "review"), (tr("Copy"), "copy")]
            specs += [(tr("Rules"), "rules"), (tr("Level"), "level")]
            specs += [(tr("Today"), "today"), (tr("Back"), "back")]
        gap = lay.margin
        # each button as wide as its label at body size needs ("Go on with deal 1" no longer
        # shrinks the others' words); two rows when one is too narrow for them all
        widths = [
            theme.button_width([label], lay.text, bh, round(lay.unit * 14)) for label, _ in specs
        ]
        room = lay.w - 2 * lay.margin
        rows = [list(range(len(specs)))]
        if sum(widths) + gap * (len(specs) - 1) > room:
            half = (len(specs) + 1) // 2
            rows = [list(range(half)), list(range(half, len(specs)))]
        out: list[Button] = []
        for r, row in enumerate(rows):
            row_w = [widths[k] for k in row]
            scale = min(1.0, (room - gap * (len(row) - 1)) / max(1, sum(row_w)))
            row_w = [round(w * scale) for w in row_w]
            total = sum(row_w) + gap * (len(row) - 1)
            x = lay.w // 2 - total // 2
            yy = y - (len(rows) - 1 - r) * (bh + gap)
            placed = []
            for k, w in zip(row, row_w, strict=True):
                label, action = specs[k]
                enabled = not (action == "level" and self.started())
                if action == "review":
                    enabled = any(self.dset.shown(i)[0] for i in range(daily.DEALS))
                rect = pygame.Rect(x, yy, w, bh)
                # one group: one text size for the row (issue 48 item 25: "Play deal 2" and
                # "Review", sized to their words, read smaller than "Copy" in a wider button)
                placed.append(Button(rect, label, action, enabled, primary=k == 0, group="foot"))
                x += w + gap
            if i18n.is_rtl():  # the first button on the right
                right = placed[-1].rect.right
                for b in placed:
                    b.rect.right = right
                    right -= b.rect.w + gap
            out += placed
        return out

    # ------------------------------------------------------------------ drawing
    def header(self) -> str:
        """The line under the title: the code, the rules and the computer's level. The code
        is held left to right, and a right-to-left mark after it keeps the rules' number
        out of its run in Arabic ("السوري 41" stays whole, not "41" beside the code)."""
        lv = self.dset.level
        level = tr(CHOICE_LABELS[lv]) if lv in CHOICE_LABELS else lv
        rules = preset_label(daily.code_rules(self.code))
        return tr("Code {code}  \u00b7  {rules}  \u00b7  computer level {level}",
                  code=card_run(self.code), rules=rtl_run(rules), level=level)  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        lay = draw_page(surface, tr("Daily deals"), top=0.5)
        blit_line(surface, self.header(), lay.text, (lay.w // 2, round(lay.heading * 1.75)),
                  theme.INK, anchor="midtop", max_width=lay.w - 2 * lay.margin)  # fmt: skip
        self.draw_table(surface, lay)
        self.draw_side(surface, lay)
        if self.compared is not None:
            self.draw_comparison(surface, lay, self.compared)
        if self.message:  # on a plate of its own over whatever is behind (issue 38, 13)
            words, color = self.message
            table = self.table_rect(lay)  # at the foot of the deals' panel, under the total
            w, h = text.size_of(words, lay.text)
            plate = pygame.Rect(0, 0, min(w + 2 * lay.margin, table.w - lay.margin), h + 8)
            plate.midbottom = (table.centerx, table.bottom - lay.margin // 2)
            theme.blit_panel(surface, plate, color=(6, 20, 14, 240), radius=min(plate.h // 2, 16))
            blit_text(surface, words, lay.text, plate.center, color, anchor="center",
                      max_width=plate.w - lay.margin)  # fmt: skip
        for b in self.buttons():
            b.draw(surface)

    def _columns(
        self, box: pygame.Rect, pad: int, heads: tuple[str, ...] = (), size: int = 0
    ) -> list[int]:
        """The x of each column's start (mirrored right to left): the usual shares, moved on
        where a column's head (bold, at ``size``) would run into the next column or out of
        the table."""
        shares = (0.0, 0.1, 0.36, 0.52, 0.7, 0.85)
        inner = box.w - 2 * pad
        starts = [round(inner * s) for s in shares]
        if heads and size:
            need = [text.size_of(h, size, True)[0] + pad for h in heads]
            for k in range(1, len(starts)):  # push a column right of the head before it
                starts[k] = max(starts[k], starts[k - 1] + need[k - 1])
            over = starts[-1] + need[-1] - pad - inner
            if over > 0:  # then pull the last ones back, as far as the heads allow
                for k in range(len(starts) - 1, 0, -1):
                    limit = (starts[k + 1] if k + 1 < len(starts) else inner + pad) - need[k]
                    starts[k] = max(starts[k - 1] + need[k - 1], min(starts[k], limit))
        return [i18n.mirror_x(box.x + pad + s, box.x, box.w) for s in starts]

    def draw_table(self, s: pygame.Surface, lay: Layout) -> None:
        box = self.table_rect(lay)
        blit_panel(s, box, color=theme.PANEL, border=theme.PANEL_LINE, radius=round(lay.unit * 2))
        pad = lay.margin
        rh = self.row_h(lay)
        size = round(lay.text * 0.95)
        anchor = i18n.anchor("midleft")
        heads = ("#", tr("Contract"), tr("You"), tr("Computer"), tr("Difference"), tr("Could take"))
        cols = self._columns(box, pad, heads, size)
        y = box.y + pad + rh // 2
        for x, head in zip(cols, heads, strict=True):
            blit_text(s, head, size, (x, y), theme.GOLD, True, anchor)
        nxt = self.store.next_deal(self.code)
        for i in range(daily.DEALS):
            y += rh
            person, computer = self.dset.shown(i)
            if i == self.selected:
                hl = pygame.Rect(box.x + pad // 2, y - rh // 2, box.w - pad, rh)
                blit_panel(s, hl, color=(255, 255, 255, 28), radius=rh // 4)
            cells: list[tuple[str, tuple[int, ...]]] = [(str(i + 1), theme.INK_DIM)]
            if person is None:
                note = tr("next") if i == nxt else ""
                cells += [(note, theme.INK_DIM)]
            else:
                cells.append((contract_text(person), theme.INK))
                cells.append((signed(person.net), theme.TEAM[0]))
                if computer is None:
                    cells.append((tr("playing..."), theme.INK_DIM))
                else:
                    cmp = daily.compare(person, computer)
                    colour = GOOD if cmp.diff > 0 else BAD if cmp.diff < 0 else theme.INK
                    cells.append((signed(computer.net), theme.INK))
                    cells.append((signed(cmp.diff), colour))
                could = "" if person.could_take is None else str(person.could_take)
                cells.append((could, theme.INK_DIM))
            for x, (cell, cell_colour) in zip(cols, cells, strict=False):
                blit_text(s, cell, size, (x, y), cell_colour, anchor=anchor,
                          max_width=round(box.w * 0.25))  # fmt: skip
        y += rh
        pygame.draw.line(s, (255, 255, 255, 70), (box.x + pad, y - rh // 2),
                         (box.right - pad, y - rh // 2))  # fmt: skip
        p, c, n = self.store.totals(self.code)
        y += rh // 3
        bold = round(lay.text * 1.05)
        blit_text(
            s,
            trn("Total ({n} deal)", "Total ({n} deals)", n),
            bold,
            (cols[0], y),
            theme.GOLD,
            True,
            anchor,
        )
        if n:
            blit_text(s, signed(p), bold, (cols[2], y), theme.TEAM[0], True, anchor)
            blit_text(s, signed(c), bold, (cols[3], y), theme.INK, True, anchor)
            colour = GOOD if p > c else BAD if p < c else theme.INK
            blit_text(s, signed(p - c), bold, (cols[4], y), colour, True, anchor)

    def draw_side(self, s: pygame.Surface, lay: Layout) -> None:
        side = self.side_rect(lay)
        field = self.field_rect(lay)
        box = pygame.Rect(side.x, side.y, side.w, field.y - side.y - lay.margin * 3)
        blit_panel(s, box, color=theme.PANEL, border=theme.PANEL_LINE, radius=round(lay.unit * 2))
        pad = lay.margin
        x = i18n.mirror_x(box.x + pad, box.x, box.w)
        anchor = i18n.anchor("topleft")
        y = box.y + pad
        streak = self.store.streak()
        blit_text(s, trn("Streak: {n} day in a row", "Streak: {n} days in a row", streak), lay.text, (x, y), theme.GOLD,
                  True, anchor, max_width=box.w - 2 * pad)  # fmt: skip
        y += round(lay.text * 1.9)
        blit_text(s, tr("Past days"), round(lay.text * 0.9), (x, y), theme.INK_DIM, True, anchor)
        y += round(lay.text * 1.5)
        small = round(lay.text * 0.85)
        rows = [r for r in self.store.past() if r["deals"]][:PAST_ROWS]
        if not rows:
            blit_text(s, tr("None yet"), small, (x, y), theme.INK_DIM, anchor=anchor)
        for r in rows:
            mark = "\u2713 " if r["finished"] else ""
            line = f"{mark}{r['code']}  {signed(r['person'])} : {signed(r['computer'])}"
            colour = theme.INK if r["code"] != self.code else theme.GOLD
            blit_text(s, line, small, (x, y), colour, anchor=anchor, max_width=box.w - 2 * pad)
            y += round(small * 1.45)
        label_y = field.y - round(lay.text * 1.6)
        blit_text(s, tr("Challenge code (Enter to open)"), round(lay.text * 0.85),
                  (i18n.mirror_x(field.x, field.x, field.w), label_y), theme.INK_DIM,
                  anchor=i18n.anchor("topleft"), max_width=field.w)  # fmt: skip
        shown = self.field.shown(self.typing) if (self.typing or self.field.text) else ""
        if not shown:
            shown = self.code
        draw_field(s, field, shown, lay.text, fill=theme.BUTTON if self.typing else (200, 206, 198),
                   border=theme.GOLD if self.typing else theme.PANEL_LINE, margin=pad,
                   from_start=False)  # fmt: skip

    def draw_comparison(self, s: pygame.Surface, lay: Layout, index: int) -> None:
        """The deal just played: both scores on the same cards, the difference, and what
        the declarers could have taken."""
        s.blit(_veil(s.get_size()), (0, 0))
        w, h = round(lay.w * 0.62), round(lay.h * 0.58)
        box = pygame.Rect(0, 0, w, h)
        box.center = (lay.w // 2, round(lay.h * 0.47))
        blit_panel(s, box, color=(8, 26, 18, 245), border=(*theme.GOLD, 160),
                   radius=round(lay.unit * 2))  # fmt: skip
        person, computer = self.dset.shown(index)
        cx = box.centerx
        y = box.y + lay.margin
        blit_text(s, tr("Deal {n} of {total}", n=index + 1, total=daily.DEALS), lay.heading,
                  (cx, y), theme.GOLD, True, "midtop")  # fmt: skip
        y += round(lay.heading * 1.8)
        if person is None:
            return
        rows = [(tr("You"), person)]
        if computer is not None:
            rows.append((tr("The computer in your seat"), computer))
        for who, res in rows:
            could = ""
            if res.could_take is not None and res.contract is not None:
                could = tr(", could take {n}", n=res.could_take)
            tricks = (
                "" if res.contract is None else ", " + trn("{n} trick", "{n} tricks", res.tricks)
            )
            line = f"{who}: {contract_text(res)}{tricks}{could}"
            blit_text(s, line, lay.text, (cx, y), theme.INK, anchor="midtop", max_width=w - 40)
            y += round(lay.text * 1.5)
            score = tr("Score {n}", n=signed(res.net))
            blit_text(s, score, round(lay.text * 1.2), (cx, y), theme.TEAM[0], True, "midtop")
            y += round(lay.text * 1.6)
            # what the score is (issue 48 item 19: "Score −15" was not explained)
            why = tr("your side's points minus the others': {us} - {them}",
                     us=res.points[0], them=res.points[1])  # fmt: skip
            blit_text(s, why, lay.text, (cx, y), theme.INK_DIM, anchor="midtop",
                      max_width=w - 40)  # fmt: skip
            y += round(lay.text * 1.9)
        if computer is None:
            blit_text(s, tr("The computer is still playing this deal..."), lay.text, (cx, y),
                      theme.INK_DIM, anchor="midtop")  # fmt: skip
            return
        cmp = daily.compare(person, computer)
        if cmp.diff > 0:
            verdict, colour = tr("You did {n} better than the computer", n=cmp.diff), GOOD
        elif cmp.diff < 0:
            verdict, colour = tr("The computer did {n} better", n=-cmp.diff), BAD
        else:
            verdict, colour = tr("The same score as the computer"), theme.INK
        blit_text(s, verdict, round(lay.heading * 0.9), (cx, y), colour, True, "midtop",
                  max_width=w - 40)  # fmt: skip
        y += round(lay.heading * 1.6)
        p, c, n = self.store.totals(self.code)
        total = trn("After {n} deal: you {you}, the computer {computer}",
                    "After {n} deals: you {you}, the computer {computer}", n, you=signed(p),
                    computer=signed(c))  # fmt: skip
        blit_text(s, total, lay.text, (cx, y), theme.INK, anchor="midtop", max_width=w - 40)
        note = tr("Could take: the declarers' tricks with best play by all four, every card seen")
        blit_text(s, note, round(lay.text * 0.8), (cx, box.bottom - lay.margin), theme.INK_DIM,
                  anchor="midbottom", max_width=w - 40)  # fmt: skip
        if self.store.next_deal(self.code) is None:
            y += round(lay.text * 1.8)
            blit_text(s, self.score_line(), round(lay.text * 0.85), (cx, y), theme.INK_DIM,
                      anchor="midtop", max_width=w - 40)  # fmt: skip


def _veil(size: tuple[int, int]) -> pygame.Surface:
    v = pygame.Surface(size, pygame.SRCALPHA)
    v.fill((0, 0, 0, 150))
    return v


def open_daily(app: App) -> None:
    """The menu's "Daily deals"."""
    app.switch(DailyScene(app))


@dataclass(frozen=True)
class HalfPlayed:
    """A daily deal left half way: its set's code and level, the deal, when it was saved."""

    code: str
    level: str
    index: int
    saved_at: float

    def words(self) -> str:
        """What the main menu's Continue goes on with."""
        deal = tr("Deal {n} of {total}", n=self.index + 1, total=daily.DEALS)
        return f"{tr('Daily deals')}: {deal}"


def half_played(store: daily.DailyStore | None = None) -> HalfPlayed | None:
    """The daily deal left half way most lately (the main menu's Continue goes on with it),
    or None: a deal's save (``daily/`` beside the results) of its set's next deal, not over.
    Only read: a damaged save is set aside as ``read_save`` does, and the deal starts again."""
    store = store or daily.DailyStore()
    best: HalfPlayed | None = None
    for path in sorted((store.path.parent / "daily").glob("deal-*.json")):
        try:
            saved = read_save(path)
            when = path.stat().st_mtime
        except (SaveError, OSError):
            continue
        info = saved.extra.get("daily") if saved is not None else None
        if saved is None or not isinstance(info, dict) or daily.hand_over(saved.state):
            continue
        code, index, level = info.get("code"), info.get("deal"), info.get("level")
        if not (isinstance(code, str) and isinstance(index, int) and isinstance(level, str)):
            continue
        try:
            if store.next_deal(code) != index:
                continue
        except daily.CodeError:
            continue
        if best is None or when > best.saved_at:
            best = HalfPlayed(code, level, index, when)
    return best


def go_on(app: App, half: HalfPlayed) -> None:
    """The main menu's Continue on a daily deal left half way: its table from that card;
    once it is played (or left), the daily-deals screen of its set."""
    DailyScene(app, half.code, half.level).play_next()
