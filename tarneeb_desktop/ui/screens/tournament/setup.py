"""The tournament's setup screen: 3 to 8 teams of two, who plays each seat (a person at this
screen, a computer level or a player on the LAN), the players' and teams' names, the rules
and how it ends.

Team names follow the players' names (``Karim & Layla``) until one is typed; a name left
empty takes its default again. Letters go into the name that has the focus. Start saves the
tournament and shows who plays first (``play.StandingsScene``).
"""

from __future__ import annotations

import itertools
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
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.form import ButtonGrid, GridSpec
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, WARN, Style
from tarneeb_desktop.ui.kit.widgets import TextField, draw_field
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.screens.settings.rows import preset_label
from tarneeb_desktop.ui.screens.tournament.play import Running, StandingsScene, new_name, past_scene
from tarneeb_desktop.ui.screens.tournament.results import kind_word
from tarneeb_desktop.ui.theme import Button, button_at, clicked

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


class SetupScene(KitScene):
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
                team.name.text = team_name([s.name.text.strip() or "?" for s in team.seats])

    def tournament(self, seed: int | None = None) -> Tournament:
        """The tournament as set up; TournamentError when it cannot be."""
        teams = []
        for k, row in enumerate(self.teams):
            seats = enumerate(row.seats, start=2 * k + 1)  # a name left empty: "Player 3"
            players = [(s.kind, s.name.text.strip() or tr("Player {n}", n=n)) for n, s in seats]
            teams.append((row.name.text if row.named else None, players))
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
        """How many rules the Rules button goes through: the presets (and Settings' own)."""
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
        self.app.switch(StandingsScene(self.app, Running.begin(t, new_name())))

    def rules_label(self) -> str:
        """The Rules button: the rules chosen as Settings names them, and the target."""
        rules = self.rules()
        return tr(
            "Rules: {preset}, first team to {target} points",
            preset=preset_label(rules),
            target=str(rules.target),
        )

    def field_of(self, action: str) -> TextField | None:
        """The text field a button stands for (``name:i``, ``pname:i:j``)."""
        parts = action.split(":")
        if parts[0] == "name":
            return self.teams[int(parts[1])].name
        if parts[0] == "pname":
            return self.teams[int(parts[1])].seats[int(parts[2])].name
        return None

    #: the teams' columns' weights: team name, seat 1 kind and name, seat 2 kind and name,
    #: remove
    WEIGHTS = (25, 13, 17, 13, 17, 9)

    def weights(self, st: Style) -> tuple[int, ...]:
        """:data:`WEIGHTS`, the seat kinds' columns as wide as their longest word needs at
        the body size ("En réseau local"), taken from the names' columns."""
        room = st.w - 2 * st.margin - 2 * st.pad
        need = theme.button_width([kind_word(k) for k in KINDS], st.body, st.button_h)
        kind = min(20, max(13, -(-100 * need // max(1, room)) + 1))
        more = kind - 13
        return (25 - more, kind, 17 - more // 2, kind, 17 - more // 2, 9)

    def rows(self, st: Style | None = None) -> list[list[GridSpec] | str]:
        """A row a team, Add a team, then the options: the rules, how it ends and its count."""
        w = self.weights(st) if st is not None else self.WEIGHTS
        rows: list[list[GridSpec] | str] = []
        for i, team in enumerate(self.teams):
            # a name is a field drawn where its button is (the button's own label empty)
            row: list[GridSpec] = [("", f"name:{i}", False, True, w[0])]
            for j, s in enumerate(team.seats):
                row.append((kind_word(s.kind), f"kind:{i}:{j}", False, True, w[1 + 2 * j]))
                row.append(("", f"pname:{i}:{j}", False, True, w[2 + 2 * j]))
            if len(self.teams) > MIN_TEAMS:
                row.append(("\u2715", f"remove:{i}", False, True, w[5]))
            else:
                row[-1] = (*row[-1][:4], w[4] + w[5])
            rows.append(row)
        if len(self.teams) < MAX_TEAMS:
            rows.append([(tr("Add a team"), "add", False, True, 1)])
        opts: list[GridSpec] = [
            (self.rules_label(), "preset", False, True, 1),
            (tr("End: {how}", how=tr(END_WORDS[self.end])), "end", False, True, 1),
        ]
        if self.end != "knockout":
            n = self.counts[self.end]
            word = (
                trn("{n} game", "{n} games", n) if self.end == "games" else tr("{n} in a row", n=n)
            )
            opts.append((f"\u2039   {word}   \u203a", "count", False, True, 1))
        rows.append(opts)
        return rows

    def note(self) -> str:
        if self.problem:
            return self.problem
        note = tr(
            "{teams} teams. The winner stays on; the loser goes to the back of the queue.",
            teams=len(self.teams),
        )
        if self.end == "knockout":
            note = tr("{teams} teams. The loser of each game is out.", teams=len(self.teams))
        if any(s.kind == "network" for r in self.teams for s in r.seats):
            note += " " + tr(
                "This computer hosts the games with players on the LAN; they join with Join a LAN game."
            )
        return note

    def layout_key(self) -> object:
        return (str(self.rows()), self.note())

    def tree(self, st: Style) -> Box:
        w = self.weights(st)
        heads = [(tr("Team"), w[0]), (tr("Player {n}", n=1), w[1] + w[2]),
                 (tr("Player {n}", n=2), w[3] + w[4] + w[5])]  # fmt: skip
        self.grid_box = ButtonGrid(self.rows(st), group="setup", wide=175, heads=heads)
        foot: list[FootSpec] = [(tr("Start"), "start", True),
                                (tr("Past tournaments"), "past", False), (tr("Back"), "back", False)]  # fmt: skip
        body: list[Box] = [self.grid_box,
                           Text(self.note(), color=WARN if self.problem else DIM, align="center")]  # fmt: skip
        return Page(tr("New tournament"), body, foot=foot, full=True)

    def build(self, lay: Layout) -> list[Button]:
        """The foot's buttons last (the teams' first, as they read)."""
        return sorted(super().build(lay), key=lambda b: b.action in ("start", "past", "back"))

    def activate(self, action: str, step: int = 1) -> None:
        parts = action.split(":")
        self.problem = None
        if action == "back":
            self.app.show_menu()
        elif action == "start":
            self.start()
        elif action == "past":
            app = self.app
            app.switch(past_scene(app, back=lambda: app.switch(SetupScene(app))))
        elif parts[0] == "kind":
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
        action = self.buttons()[self.focus].action if self.buttons() else ""
        f = self.field_of(action)
        if f is not None and ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
                return True  # the space comes as text
            if f.handle_event(ev) == "typed":
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
        key = ev.key if ev.type == pygame.KEYDOWN else None
        if action == "count" and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.activate("count", 1 if key == pygame.K_RIGHT else -1)  # the number changes
            return True
        return super().handle_event(ev)

    def on_show(self) -> None:
        super().on_show()
        TextField.start()

    def on_hide(self) -> None:
        TextField.stop()

    def draw(self, surface: pygame.Surface) -> None:
        """The page, then each name's field where its button is (typed into in place)."""
        super().draw(surface)
        st = Style(*surface.get_size())
        for k, b in enumerate(self.buttons()):
            f = self.field_of(b.action)
            if f is None:
                continue
            team_auto = any(f is t.name and not t.named for t in self.teams)
            on = k == self.focus
            draw_field(
                surface,
                b.rect,
                f.shown(on),
                st.body,
                fill=(255, 250, 236, 255) if on else (230, 226, 212, 235),
                border=(242, 196, 84, 255) if on else (0, 0, 0, 60),
                ink=(110, 110, 100) if team_auto and not on else theme.BUTTON_TEXT,
                margin=st.tight,
                from_start=True,
                count=f.count() if on else None,
            )
