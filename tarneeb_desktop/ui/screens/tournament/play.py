"""A tournament being played in the window: its games on the normal table (hosted as a LAN
table when players on the LAN play, its lobby shown until they sit down), and the standings
screen between games (the champion at the end). The tournament and the game being played are
saved (``session.tournament``); Continue on the menu resumes them (:func:`resume`)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tarneeb_desktop.rules import GameState
from tarneeb_desktop.session.tournament import Running as TournamentRun
from tarneeb_desktop.session.tournament import (
    Tournament,
    TournamentError,
    TournamentGame,
    game_path,
)
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.i18n import N_, tr, trn
from tarneeb_desktop.ui.kit.boxes import Box, Text
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style
from tarneeb_desktop.ui.scene import Scene, test_log
from tarneeb_desktop.ui.screens.games.rows import shown_name
from tarneeb_desktop.ui.screens.settings.rows import preset_label
from tarneeb_desktop.ui.screens.tournament.results import (
    COLUMNS,
    PastScene,
    ResultsScene,
    result_line,
    standings_table,
    team_levels,
)
from tarneeb_desktop.ui.text_runs import rtl_run

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


class Running(TournamentRun):
    """A tournament in the window and the scenes of its games and standings."""

    note = staticmethod(test_log)

    def resumable(self) -> bool:
        """The next game was started and saved (the window closed during it): Play resumes it."""
        pairing = self.t.next_game()
        return pairing is not None and self.saved_state(pairing) is not None

    def game_scene(self, app: App) -> Scene:
        """The current game on the table (from its save, if any), or its LAN table's lobby."""
        from tarneeb_desktop.ui.screens.tournament.table import TournamentTable

        pairing = self.t.next_game()
        if pairing is None:
            raise TournamentError("the tournament is over")
        game = self.game(pairing)
        state = self.saved_state(pairing)
        if game.on_lan:
            return self.lan_game(app, game, state)
        link = game.local_link(state, inline=app.settings.speed_factor == 0)
        names = [team.name for team in self.t.teams]
        sides = (names[pairing.teams[game.offset % 2]], names[pairing.teams[(game.offset + 1) % 2]])

        def play_out(table: TournamentTable) -> None:  # the chip on a computer-only table
            standings = StandingsScene(app, self, table=table)
            standings.play_out()
            app.switch(standings)

        return TournamentTable(
            app,
            link=link,
            teams=sides,
            standings=lambda table: app.switch(StandingsScene(app, self, table=table)),
            play_out=play_out,
            levels=game.levels,
            seed=game.seed,
            after_game=self.after_game,
        )

    def lan_game(self, app: App, game: TournamentGame, state: GameState | None) -> Scene:
        """A game with players on the LAN: this window hosts it as a LAN table and shows its
        lobby; the game starts by itself when every LAN seat is taken (or at Start: the
        computer takes the empty ones, and stands in for a LAN player who leaves)."""
        from tarneeb_desktop.session.lan import HostError
        from tarneeb_desktop.ui.screens.lan.host import host_error_text
        from tarneeb_desktop.ui.screens.lan.join import HostScene, hosting
        from tarneeb_desktop.ui.screens.lan.lobby import LobbyScene

        n = game.pairing.number + 1
        try:
            host, sessions = game.host(
                state,
                table_name=tr("{tournament}, game {n}", tournament=shown_name(self.name), n=n),
                announce=HostScene.beacon,
                **hosting(),
            )
        except HostError as exc:
            app.notices.append(host_error_text(exc))
            return StandingsScene(app, self)
        self.host = host
        return LobbyScene(
            app,
            sessions[0] if sessions else None,
            host=host,
            others=sessions[1:],
            after_game=self.after_game,
            leave=lambda: app.switch(StandingsScene(app, self)),
            hint=tr(
                "The game starts when every player on the LAN has sat down "
                "(Join a LAN game); Start lets the computer take their seats."
            ),
        )

    def after_game(self, scene: Any) -> None:
        """The game-over dialog's Continue (or a LAN game's end): the standings or champion."""
        if self.host is not None:  # the host's loop has counted the game: wait for it
            with contextlib.suppress(RuntimeError, TimeoutError):
                self.host.call(lambda: None)
            self.host = None
        scene.app.switch(self.standings_or_trophy(scene.app))

    def standings_or_trophy(self, app: App) -> Scene:
        """The standings; once the tournament has ended with a champion, its trophy first."""
        if self.t.finished is None or self.t.champion() is None:
            return StandingsScene(app, self)
        from tarneeb_desktop.ui.screens.tournament.trophy import TrophyScene

        return TrophyScene(app, self.t, then=lambda: app.switch(StandingsScene(app, self)))


def resume(app: App) -> Scene | None:
    """Continue: the tournament's game from its save, or its standings between games."""
    running = Running.load()
    if running is None:
        return None
    return running.game_scene(app) if running.resumable() else StandingsScene(app, running)


#: how many computer moves "Play it out" applies in one frame
PLAY_OUT_ACTIONS = 24
FRAME_SECONDS = 1 / 60  # a play-out waits for its worker up to a frame each frame
ENDED = {
    "games": N_("All the games chosen have been played"),
    "streak": N_("A team won the games in a row asked for"),
    "knockout": N_("One team is left"),
    "by_hand": N_("Ended by hand"),
}


def end_text(t: Tournament) -> str:
    """How the tournament ends, as the player reads it."""
    if t.knockout:
        return tr("Knockout: the loser is out")
    if t.streak is not None:
        return trn(
            "Until a team wins {n} game in a row", "Until a team wins {n} games in a row", t.streak
        )
    return trn("{n} game", "{n} games", t.games or 0)


class StandingsScene(KitScene):
    """Between games: the standings, the last game, who plays next and the queue; at the end,
    the champion. Also over a paused game (``table``) and for a past tournament (``back``)."""

    def __init__(
        self,
        app: App,
        running: Running,
        *,
        table: Any = None,
        back: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.running = running
        self.table = table
        self.back = back
        self.in_progress = self.running.resumable()
        #: "Play it out": the link of the game between two computer teams being played
        #: at full speed behind the standings (None otherwise)
        self.out: Any = None

    @property
    def t(self) -> Tournament:
        return self.running.t

    def can_play_out(self) -> bool:
        """The next game has no person in it (here or on the LAN): it can be played out."""
        pairing = self.t.next_game()
        if pairing is None:
            return False
        return all(p.kind not in ("person", "network") for p in self.t.seats(pairing))

    def play_out(self) -> None:
        """Play the next game (two computer teams) to its end at full speed, behind the
        standings (issue 24); over its table (the pause menu's Standings), from where it is."""
        pairing = self.t.next_game()
        if pairing is None or self.out is not None:
            return
        if self.table is not None:
            self.out, self.table = self.table.link, None
            self.focus = 0
            return
        game = self.running.game(pairing)
        state = self.running.saved_state(pairing)
        self.out = game.local_link(state, inline=self.app.settings.speed_factor == 0)

    def update(self, dt: float) -> None:
        if self.out is None:
            return
        table = self.out.table
        for _ in range(PLAY_OUT_ACTIONS):  # a frame's share; the window stays responsive
            if table.state.is_over() or not table.pump():
                break
        # let the worker finish the decision it was given (a frame's time at most) instead
        # of drawing frame after frame while it waits for the interpreter
        self.out.pool.wait_idle(FRAME_SECONDS)
        self.dirty = True
        if table.state.is_over():
            self.out.close()
            self.out = None
            self.in_progress = False
            self.rebuild()

    def busy(self) -> bool:
        return self.out is not None

    @property
    def confirming(self) -> bool:
        """ "End the tournament now?" is open over the standings."""
        return self.app.modals.asking("end_tournament") is not None

    def end_question(self) -> str:
        if self.in_progress:
            return tr("End the tournament now? The game in progress does not count.")
        return tr("End the tournament now? The standings as they are decide the champion.")

    def foot(self) -> list[FootSpec]:
        results = [(tr("Results"), "results")] if self.t.results else []
        if self.table is not None:  # over the paused game
            specs = [(tr("Back to the game"), "resume")]
            if self.can_play_out():  # two computer teams: on to its end at once
                specs.append((tr("Play it out"), "playout"))
            specs += results
        elif self.back is not None:  # a past tournament
            specs = [*results, (tr("Back"), "back")]
        elif self.out is not None:
            specs = [(tr("Watch the rest"), "watch"), (tr("Main menu"), "menu")]
        elif self.t.finished is not None:
            specs = [(tr("Rematch"), "rematch"), *results]
            specs += [(tr("New tournament"), "new"), (tr("Main menu"), "menu")]
        else:
            pairing = self.t.next_game()
            play = tr("Resume game {n}", n=pairing.number + 1 if pairing else 1)
            specs = [(play if self.in_progress else tr("Play the next game"), "play")]
            if self.can_play_out():
                specs.append((tr("Play it out"), "playout"))
            specs += [*results, (tr("End the tournament"), "end")]
            specs += [(tr("Past tournaments"), "past"), (tr("Main menu"), "menu")]
        # the first is the primary one (a past tournament's Results is not)
        return [
            (label, action, k == 0 and self.back is None) for k, (label, action) in enumerate(specs)
        ]

    def layout_key(self) -> object:
        return (tuple(self.foot()), str(self.rows()), tuple(self.lines()), self.t.finished)

    def tree(self, st: Style) -> Box:
        """The champion (or "Standings"), the tournament in a line, the table and the lines."""
        champion = self.t.champion() if self.t.finished is not None else None
        title = tr("Standings")
        if champion is not None:
            title = tr("Champion: {team}", team=self.t.teams[champion].name)
        lines = self.lines()
        about = [shown_name(self.running.name), preset_label(self.t.rules), end_text(self.t)]
        body: list[Box] = [
            Text("  \u00b7  ".join(about), color=DIM, align="center"),
            standings_table(self.rows(), champion),
        ]
        for k, line in enumerate(lines):
            gold = k == len(lines) - 2 and self.t.next_game()
            body.append(Text(line, color=GOLD if gold else INK, bold=k == 0, align="center"))
        return Page(title, body, foot=self.foot(), each=True)

    def activate(self, action: str) -> None:
        if action in ("resume", "back") and self.table is not None:
            self.app.switch(self.table)  # the same table, as it was paused
        elif action == "back" and self.back is not None:
            self.back()
        elif action in ("results", "past"):  # Back returns here
            self.stop_playing_out()
            if action == "results":
                self.app.switch(ResultsScene(self.app, self.running, self.back_here))
            else:
                self.app.switch(past_scene(self.app, self.back_here))
        elif action == "rematch" and self.t.finished is not None:
            # the same teams, rules and end, a new deal and name
            self.app.switch(StandingsScene(self.app, self.running.rematch(new_name())))
        elif action in ("play", "watch") and self.t.next_game() is not None:
            self.stop_playing_out()
            self.app.switch(self.running.game_scene(self.app))
        elif action in ("menu", "back"):
            self.stop_playing_out()
            self.app.show_menu()
        elif action == "new":  # the tournament is over: the menu's Tournament sets up a new one
            self.app.open_tournament()
        elif action == "confirm":
            self.t.finish()
            game_path().unlink(missing_ok=True)
            self.running.save_quietly()
            self.focus = 0
            if self.t.champion() is not None:  # its champion's moment, then back here
                self.app.switch(self.running.standings_or_trophy(self.app))
            else:
                self.rebuild()
        else:
            if action == "playout":
                self.play_out()
            elif action == "end":  # asked first in the window's modal, Cancel the safe choice
                answers = [(tr("Cancel"), "cancel"), (tr("End the tournament"), "confirm")]
                title, words = tr("End the tournament"), [self.end_question()]
                self.app.ask(Modal(title, words, answers, self.activate, kind="end_tournament"))
            elif action == "cancel":
                self.focus = 0
            self.rebuild()

    def back_here(self) -> None:
        self.app.switch(self)

    def stop_playing_out(self) -> None:
        """Leave the game being played out where it is (saved, it goes on from there)."""
        if self.out is not None:
            self.out.close()
            self.out = None
            self.in_progress = self.running.resumable()

    def on_hide(self) -> None:
        self.stop_playing_out()

    def rows(self) -> list[tuple[str, dict[str, str], bool]]:
        """(team name, cells by column key (``levels``: who plays, in words), knocked out)
        in the standings' order."""
        streak_team, run = self.t.current_streak()
        out = []
        for s in self.t.standings():
            cells = {key: str(getattr(s, key)) for _, key in COLUMNS if key != "run"}
            cells["run"] = str(run) if s.team == streak_team else "0"
            cells["levels"] = team_levels(self.t.teams[s.team])
            out.append((s.name, cells, s.knocked_out))
        return out

    def lines(self) -> list[str]:
        """The last game, who plays next and the queue (or why it ended)."""
        t, names = self.t, [team.name for team in self.t.teams]
        out = [result_line(t, len(t.results) - 1)] if t.results else []
        pairing = t.next_game()
        if pairing is not None:
            n = pairing.number + 1
            a, b = (rtl_run(names[i]) for i in pairing.teams)
            if self.out is not None:
                x, y = self.out.table.state.scores[:2]
                out.append(
                    tr("Playing game {n} out: {a} against {b}, {x} : {y}", n=n, a=a, b=b, x=x, y=y)
                )
                return out
            if self.table is not None:  # over the table of that game: it is under way
                out.append(tr("Game {n} under way: {a} against {b}", n=n, a=a, b=b))
            else:
                out.append(tr("Next game ({n}): {a} against {b}", n=n, a=a, b=b))
            queue = ", ".join(names[i] for i in t.queue)
            out.append(tr("Waiting: {teams}", teams=queue) if queue else tr("Nobody is waiting"))
        elif t.finished is not None:
            out += [line for line in (tr(ENDED[t.finished]), self.tie_line()) if line]
        return out

    def tie_line(self) -> str | None:
        """Why the champion is first when another team won as many games (issue 24)."""
        how = self.t.tie_break()
        if how is None:
            return None
        a, b = self.t.standings()[:2]
        names = {"a": a.name, "b": b.name, "n": a.won}
        if how == "lost":
            return tr("{a} and {b} are level on wins ({n} each): {a} lost fewer games", **names)
        if how == "points":
            return tr(
                "{a} and {b} are level on wins ({n} each): {a} has the better points difference "
                "({x} against {y})",
                x=i18n.signed(a.points_for - a.points_against),
                y=i18n.signed(b.points_for - b.points_against),
                **names,
            )
        return tr(
            "{a} and {b} are level on games and points: {a} is first as the team entered first",
            **names,
        )


def new_name() -> str:
    """A new tournament's name: "Tournament" and the date and time it starts."""
    return f"{tr('Tournament')} {time.strftime('%Y-%m-%d %H:%M')}"


def past_scene(app: App, back: Callable[[], None]) -> Scene:
    """The past tournaments, a row opening its standings; Back: ``back``."""
    return PastScene(
        app, back=back, standings=lambda name, t, b: StandingsScene(app, Running(t, name), back=b)
    )
