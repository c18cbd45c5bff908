"""The tournament's setup screen: 3 to 8 teams of two, who plays each seat (a person at this
screen, a computer level or a player on the LAN), the players' and teams' names, the rules
and how it ends.

Team names follow the players' names (``Karim & Layla``) until one is typed; a name left
empty takes its default again. Tab, the arrows and Enter move and press, as on every
screen; letters go into the name that has the focus. Start saves the tournament and shows
who plays first (``tournament_play.StandingsScene``). A game with a LAN seat is hosted on
the LAN by this window: the seat's name stands for it until the player sits down.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from tarneeb_desktop.ai.base import LEVELS
from tarneeb_desktop.rules import Rules, make_rules
from tarneeb_desktop.rules.options import ALL_PRESETS
from tarneeb_desktop.session.tournament import (
    MAX_TEAMS,
    MIN_TEAMS,
    Tournament,
    TournamentError,
    new_tournament,
    team_name,
)
from tarneeb_desktop.table.names import TOURNAMENT_NAMES
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene, draw_page
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS, preset_label
from tarneeb_desktop.ui.theme import Button, blit_text, button_at, clicked
from tarneeb_desktop.ui.tournament_play import Running, StandingsScene
from tarneeb_desktop.ui.widgets import TextField, draw_field

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

KINDS = ("person", *LEVELS, "network")
ENDS = ("games", "streak", "knockout")
END_WORDS = {
    "games": N_("Number of games"),
    "streak": N_("Wins in a row"),
    "knockout": N_("Knockout"),
}
NAME_CHARS = 24


@dataclass
class SeatRow:
    kind: str
    name: TextField


@dataclass
class TeamRow:
    seats: list[SeatRow]
    name: TextField = field(default_factory=lambda: TextField(max_chars=NAME_CHARS, printable=True))
    named: bool = False  # the player typed this team's name

    def default_name(self) -> str:
        return team_name([s.name.text.strip() or "?" for s in self.seats])


def open_tournament(app: App) -> Any:
    """The menu's Tournament: the one in progress (its standings), else a new one's setup."""
    try:
        running = Running.load()
    except TournamentError as exc:
        app.notices.append(str(exc))
        running = None
    if running is not None and running.t.finished is None:
        return StandingsScene(app, running)
    return SetupScene(app)


class SetupScene(ButtonScene):
    """Teams, seats, names, rules and the end; Start."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.names = itertools.cycle(TOURNAMENT_NAMES)
        me = app.settings.names[0] if app.settings.names else "You"
        self.teams: list[TeamRow] = []
        for _ in range(MIN_TEAMS):
            self.add_team()
        first = self.teams[0].seats[0]
        first.kind = "person"
        first.name.text = tr("You") if me == "You" else me
        self.refresh_names()
        presets = list(ALL_PRESETS)
        #: an index into ALL_PRESETS, or len(ALL_PRESETS): the rules as Settings has them,
        #: every option included (the rules a new game is played by; issue 24), offered
        #: only when they are not a preset as it is (that preset is offered already)
        self.preset = presets.index(app.rules.preset) if app.rules.preset in presets else 0
        if self.rules_choices() > len(presets):  # options changed in Settings: those
            self.preset = len(presets)
        self.end = "games"
        self.counts = {"games": 6, "streak": 3}
        self.problem: str | None = None

    # ------------------------------------------------------------------ the model
    def add_team(self) -> None:
        if len(self.teams) >= MAX_TEAMS:
            return
        seats = [
            SeatRow("medium", TextField(next(self.names), NAME_CHARS, printable=True))
            for _ in range(2)
        ]
        self.teams.append(TeamRow(seats))
        self.refresh_names()

    def refresh_names(self) -> None:
        """Teams not named by hand take their players' names."""
        for team in self.teams:
            if not team.named or not team.name.text.strip():
                team.named = False
                team.name.text = team.default_name()

    def tournament(self, seed: int | None = None) -> Tournament:
        """The tournament as set up; TournamentError when it cannot be."""
        teams = [
            (
                row.name.text if row.named else None,
                [
                    (s.kind, s.name.text.strip() or tr("Player {n}", n=2 * k + j + 1))
                    for j, s in enumerate(row.seats)
                ],
            )
            for k, row in enumerate(self.teams)
        ]
        # the seed by the one rule: TARNEEB_TEST_SEED fixes it, as it fixes a new game's deals
        return new_tournament(
            teams,
            self.rules(),
            games=self.counts["games"] if self.end == "games" else None,
            streak=self.counts["streak"] if self.end == "streak" else None,
            knockout=self.end == "knockout",
            seed=seed,
        )

    def rules_choices(self) -> int:
        """How many rules the Rules button goes through: the presets, and Settings' own
        rules when an option there differs from its preset."""
        settings = self.app.rules
        custom = not settings.matches_preset() or settings.preset not in ALL_PRESETS
        return len(ALL_PRESETS) + (1 if custom else 0)

    def rules(self) -> Rules:
        """The rules chosen: a preset as it is, or Settings' rules with their options."""
        if self.preset >= len(ALL_PRESETS):
            return self.app.rules
        return make_rules(list(ALL_PRESETS)[self.preset])

    def start(self, seed: int | None = None) -> None:
        try:
            t = self.tournament(seed)
        except TournamentError as exc:
            self.problem = str(exc)
            self.dirty = True
            return
        name = f"{tr('Tournament')} {time.strftime('%Y-%m-%d %H:%M')}"
        running = Running.begin(t, name)
        self.app.switch(StandingsScene(self.app, running))

    # ------------------------------------------------------------------ the controls
    def rules_word(self) -> str:
        """The rules chosen, as the Rules button says them: a preset's name, or Settings'
        rules as Settings names them ("Standard (Custom)")."""
        if self.preset >= len(ALL_PRESETS):
            return preset_label(self.app.rules)
        return preset_name_of(self.preset)

    def rules_label(self) -> str:
        """The Rules button: the rules chosen and the score a game is played to."""
        return tr(
            "Rules: {preset}, first team to {target} points",
            preset=self.rules_word(),
            target=str(self.rules().target),
        )

    def field_of(self, action: str) -> TextField | None:
        """The text field a button stands for (``name:i``, ``pname:i:j``)."""
        parts = action.split(":")
        if parts[0] == "name":
            return self.teams[int(parts[1])].name
        if parts[0] == "pname":
            return self.teams[int(parts[1])].seats[int(parts[2])].name
        return None

    def focused_field(self) -> tuple[str, TextField] | None:
        buttons = self.buttons()
        if not buttons:
            return None
        action = buttons[self.focus].action
        f = self.field_of(action)
        return (action, f) if f is not None else None

    def grid(self, lay: Layout) -> tuple[pygame.Rect, int, int, list[tuple[float, float]]]:
        """The teams' area, the row height and gap, and the columns (start, width) as
        shares of its width: team name, seat 1 kind and name, seat 2 kind and name, remove."""
        top = round(lay.heading * 2.5) + round(lay.text * 1.5)  # the title clear of the headings
        w = min(lay.w - 2 * lay.margin, round(lay.unit * 175))
        rh = round(lay.unit * 5)
        gap = max(2, round(lay.unit * 0.9))
        area = pygame.Rect(lay.w // 2 - w // 2, top, w, (rh + gap) * MAX_TEAMS)
        # the seat kinds' columns as wide as their longest word needs at body size ("Человек"),
        # taken from the names' columns
        need = theme.button_width([kind_word(k) for k in KINDS], lay.text, rh) / max(1, w)
        kind = min(0.2, max(0.13, need))
        name, pname = 0.25 - (kind - 0.13), 0.17 - (kind - 0.13) / 2
        shares, x = [], 0.0
        for width in (name, kind, pname, kind, pname, 0.09):
            shares.append((x, width))
            x += width + 0.01
        return area, rh, gap, shares

    def build(self, lay: Layout) -> list[Button]:
        area, rh, gap, cols = self.grid(lay)
        out: list[Button] = []

        def cell(row_y: int, col: int) -> pygame.Rect:
            start, share = cols[col]
            r = pygame.Rect(area.x + round(area.w * start), row_y, round(area.w * share), rh)
            if i18n.is_rtl():
                r.x = area.x + area.right - r.right
            return r

        for i, team in enumerate(self.teams):
            y = area.y + i * (rh + gap)
            out.append(Button(cell(y, 0), team.name.text, f"name:{i}"))
            for j, s in enumerate(team.seats):
                out.append(Button(cell(y, 1 + 2 * j), kind_word(s.kind), f"kind:{i}:{j}"))
                out.append(Button(cell(y, 2 + 2 * j), s.name.text, f"pname:{i}:{j}"))
            if len(self.teams) > MIN_TEAMS:
                out.append(Button(cell(y, 5), "\u2715", f"remove:{i}"))
        y = area.y + len(self.teams) * (rh + gap)
        if len(self.teams) < MAX_TEAMS:
            out.append(Button(cell(y, 0), tr("Add a team"), "add"))
        # the options: rules, end, count
        rows = len(self.teams) + (1 if len(self.teams) < MAX_TEAMS else 0)
        oy = area.y + rows * (rh + gap) + 3 * gap  # right under the teams
        bh = round(lay.unit * 6)
        ow = area.w // 3 - gap
        opts = [
            (self.rules_label(), "preset"),
            (tr("End: {how}", how=tr(END_WORDS[self.end])), "end"),
        ]
        if self.end != "knockout":
            n = self.counts[self.end]
            word = (
                trn("{n} game", "{n} games", n) if self.end == "games" else tr("{n} in a row", n=n)
            )
            opts.append((f"\u2039   {word}   \u203a", "count"))
        # each option as wide as its label needs at the body size, the room left shared out
        needs = [theme.button_width([label], lay.text, bh, least=0) for label, _ in opts]
        room = area.w - gap * (len(opts) - 1)
        spare = room - sum(needs)
        if max(needs) <= ow:
            widths = [ow] * len(opts)
        elif spare >= 0:
            widths = [n + spare // len(opts) for n in needs]
        else:
            widths = [room * n // sum(needs) for n in needs]
        x = area.x
        for (label, action), w in zip(opts, widths, strict=True):
            r = pygame.Rect(x, oy, w, bh)
            x += w + gap
            if i18n.is_rtl():
                r.x = area.x + area.right - r.right
            out.append(Button(r, label, action))
        from tarneeb_desktop.ui.games_scene import bottom_buttons

        specs = [(tr("Start"), "start"), (tr("Past tournaments"), "past"), (tr("Back"), "back")]
        return out + bottom_buttons(lay, specs, 32)

    def activate(self, action: str, step: int = 1) -> None:
        parts = action.split(":")
        self.problem = None
        if action == "back":
            TextField.stop()
            self.app.show_menu()
            return
        if action == "start":
            TextField.stop()
            self.start()
            return
        if action == "past":
            from tarneeb_desktop.ui.tournament_results import PastScene

            TextField.stop()
            app = self.app
            app.switch(
                PastScene(
                    app,
                    back=lambda: app.switch(SetupScene(app)),
                    standings=lambda name, t, back: StandingsScene(
                        app, Running(t, name), back=back
                    ),
                )
            )
            return
        if parts[0] == "kind":
            s = self.teams[int(parts[1])].seats[int(parts[2])]
            s.kind = KINDS[(KINDS.index(s.kind) + step) % len(KINDS)]
        elif parts[0] == "remove":
            del self.teams[int(parts[1])]
            self.focus = 0
        elif action == "add":
            self.add_team()
        elif action == "preset":
            self.preset = (self.preset + step) % self.rules_choices()
        elif action == "end":
            self.end = ENDS[(ENDS.index(self.end) + step) % len(ENDS)]
        elif action == "count":
            lo, hi = (1, 50) if self.end == "games" else (2, 10)
            self.counts[self.end] = max(lo, min(hi, self.counts[self.end] + step))
        elif self.field_of(action) is not None:
            self.focus = (self.focus + 1) % len(self.buttons())  # Enter in a name: next
        self.rebuild()

    def handle_event(self, ev: pygame.event.Event) -> bool:
        focused = self.focused_field()
        if focused is not None and ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            action, f = focused
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
                return True  # the space comes as text
            what = f.handle_event(ev)
            if what == "typed":
                if action.startswith("name:"):
                    self.teams[int(action.split(":")[1])].named = bool(f.text.strip())
                self.refresh_names()
                self.rebuild()
                return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            b = button_at(self.buttons(), ev.pos)  # a right click goes the other way round
            if b is not None and (b.action in ("preset", "end") or b.action.startswith("kind:")):
                self.activate(b.action, -1)
                return True
        buttons = self.buttons()
        hit = clicked(ev, buttons)
        if hit is not None:
            if self.field_of(hit.action) is not None:
                self.focus = buttons.index(hit)  # a click in a name puts the caret there
                self.dirty = True
                return True
            if hit.action == "count":
                self.activate("count", 1 if ev.pos[0] > hit.rect.centerx else -1)
                return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            b = self.buttons()[self.focus]
            if b.action == "count":  # Left and Right change the number
                self.activate("count", 1 if ev.key == pygame.K_RIGHT else -1)
                return True
        return super().handle_event(ev)

    def on_show(self) -> None:
        super().on_show()
        TextField.start()

    def on_hide(self) -> None:
        TextField.stop()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        lay = draw_page(surface, tr("New tournament"), top=0.5)
        area, rh, gap, cols = self.grid(lay)
        t = round(lay.text * 0.85)
        heads = [tr("Team"), tr("Player {n}", n=1), "", tr("Player {n}", n=2), ""]
        for (start, _share), head in zip(cols, heads, strict=False):
            if head:
                x = area.x + round(area.w * start)
                blit_text(
                    surface,
                    head,
                    t,
                    (i18n.mirror_x(x, area.x, area.w), area.y - 4),
                    theme.INK_DIM,
                    bold=True,
                    anchor=i18n.anchor("bottomleft"),
                )
        buttons = self.buttons()
        for k, b in enumerate(buttons):
            f = self.field_of(b.action)
            if f is None:
                b.draw(surface)
                continue
            team_auto = (
                b.action.startswith("name:") and not self.teams[int(b.action.split(":")[1])].named
            )
            draw_field(
                surface,
                b.rect,
                f.shown(k == self.focus),
                round(b.rect.h * 0.5),
                fill=(255, 250, 236, 255) if k == self.focus else (230, 226, 212, 235),
                border=(242, 196, 84, 255) if k == self.focus else (0, 0, 0, 60),
                ink=(110, 110, 100) if team_auto and k != self.focus else theme.BUTTON_TEXT,
                margin=round(lay.unit),
                from_start=True,
                count=f.count() if k == self.focus else None,
            )
        note = self.problem or tr(
            "{teams} teams. The winner stays on; the loser goes to the back of the queue.",
            teams=len(self.teams),
        )
        if self.end == "knockout":
            note = self.problem or tr(
                "{teams} teams. The loser of each game is out.", teams=len(self.teams)
            )
        if not self.problem and any(s.kind == "network" for r in self.teams for s in r.seats):
            note += " " + tr(
                "This computer hosts the games with players on the LAN; they join with Join a LAN game."
            )
        # at body size, on as many lines as it takes (the LAN sentence made it too long for
        # one), the last line just above the buttons
        lines = text.wrap(note, t, lay.w - 2 * lay.margin)
        step = round(t * 1.35)
        y = buttons[-1].rect.top - lay.margin // 2 - step * (len(lines) - 1)
        for line in lines:
            blit_text(surface, line, t, (lay.w // 2, y),
                      (255, 170, 150) if self.problem else theme.INK_DIM, anchor="midbottom")  # fmt: skip
            y += step


def kind_word(kind: str) -> str:
    if kind == "network":
        return tr("On the LAN")
    return tr("Person") if kind == "person" else tr(CHOICE_LABELS.get(kind, kind))


def preset_name_of(index: int) -> str:
    from tarneeb_desktop.ui.games_scene import preset_word

    return preset_word(list(ALL_PRESETS)[index])
