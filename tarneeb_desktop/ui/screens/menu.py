"""The main menu (the how-to-play pages are in ``howto_scene.py``)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.session.resume import Resumable, resumable
from tarneeb_desktop.stats import stats_path
from tarneeb_desktop.storage import load_json, take_set_aside
from tarneeb_desktop.table.resume import SavedSummary
from tarneeb_desktop.table.savegame import SaveError
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, Column, Either, Picture, Text
from tarneeb_desktop.ui.kit.form import ButtonGrid, GridSpec
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.kit.page import KitScene
from tarneeb_desktop.ui.kit.style import DIM, GOLD, Style
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.screens.file_notice import FileNotice, paragraphs
from tarneeb_desktop.ui.theme import Button

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

# The file of ``net.rejoin.SEATS_FILE`` (a test checks), looked for before its module is
# imported.
_LAN_SEATS_FILE = "lan-seats.json"


def _subtitle() -> str:
    return tr("The partnership card game of the Levant")


#: buttons that share a row: the first (on the reading start side) and the second
PAIRS = {"tournament": "games", "lan_host": "lan_join"}
#: the items that open a screen, and the window's method that opens it
OPENS = {
    "tournament": "open_tournament",
    "games": "open_games",
    "lan_host": "host_lan",
    "lan_join": "join_lan",
    "settings": "open_settings",
    "stats": "open_stats",
    "howto": "open_help",
}


def _menu_rows(actions: list[str], grid: bool) -> list[list[int]]:
    """The items' rows: a pair shares one; in a ``grid`` the other items go two by two,
    except the first (Continue, or New game), which keeps a row of its own."""
    rows: list[list[int]] = []
    for i, action in enumerate(actions):
        open_row = grid and len(rows) > 1 and len(rows[-1]) == 1
        if action in PAIRS.values() or (
            open_row and action not in PAIRS and actions[rows[-1][0]] not in PAIRS
        ):
            rows[-1].append(i)
        else:
            rows.append([i])
    return rows


def menu_grid(items: list[tuple[str, str]], grid: bool, note: str | None) -> ButtonGrid:
    """The menu's buttons in rows (``_menu_rows``), one size, the first the primary one;
    ``note``: what Continue (the first) resumes, in a line under it."""
    rows: list[list[GridSpec] | str] = []
    for k, cells in enumerate(_menu_rows([a for _, a in items], grid)):
        rows.append([(items[i][0], items[i][1], i == 0, True, 1) for i in cells])
        if k == 0 and note:
            rows.append(note)
    return ButtonGrid(rows, group="menu", wide=70)


class MenuScene(KitScene):
    """New game, Continue (when a game is saved), Settings, How to play, Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.can_continue = False
        self.game_saved = False  # an offline game in progress: New game asks before it goes
        # the files that could not be read, and other words for the player, until OK
        self.file_notice: FileNotice | None = None
        self.resumes: str | None = None  # what Continue resumes: rules, score, hand
        self.daily_first = False  # Continue goes on with it (the newest save)
        self.saves = Resumable()  # what there is to continue

    @property
    def asking(self) -> bool:
        """ "Start a new game?" is open over the menu."""
        return self.app.modals.asking("new_game") is not None

    @property
    def notice(self) -> str | None:
        """The notice's words while it is shown."""
        return self.file_notice.text if self.file_notice else None

    def tell(self, message: str | None = None) -> None:
        """Show the files set aside (and ``message``, and the app's notices) until OK."""
        others = [*self.app.notices, *([message] if message else [])]
        self.app.notices.clear()
        words = paragraphs(take_set_aside(user_data_dir()), others)
        if self.file_notice is not None:
            words = self.file_notice.paragraphs + words
        self.file_notice = FileNotice(words) if words else None
        self.focus = 0
        self.rebuild()

    def on_show(self) -> None:
        self.read_saves(self.app.notices)
        home = user_data_dir()
        # the LAN's modules (and all they import) load only when a LAN seat is kept or a
        # table is hosted: a faster start
        rejoin = sys.modules.get("tarneeb_desktop.net.rejoin")  # only it hosts in the menu
        if rejoin is None and (home / _LAN_SEATS_FILE).exists():
            from tarneeb_desktop.net import rejoin
        self.lan_hosted = rejoin is not None and rejoin.hosted() is not None  # it goes on
        # a LAN seat held here lately: Rejoin offers it
        self.lan_kept = rejoin is not None and bool(rejoin.kept_seats())
        self.can_continue = self.can_continue or self.lan_hosted
        # the statistics are read now, not first when a game ends: a broken file is set
        # aside here and named in the notice with the others (issue 37, defect 7)
        load_json(stats_path())
        self.tell()  # the focus on the first item, laid out again

    def read_saves(self, notices: list[str]) -> None:
        """What Continue goes on with (``session.resume``), and its words under it."""
        self.saves = saves = resumable(notices)
        if saves.damaged is not None:  # said once: the damaged file has been set aside
            notices.append(tr("The saved game could not be loaded: {why}", why=saves.damaged))
        self.game_saved = saves.game is not None
        first = saves.first
        self.daily_first = first == "daily"
        self.can_continue = first is not None
        self.resumes = None
        if first == "game" and saves.game is not None:
            self.resumes = resume_words(saves.game)
        elif first == "tournament":
            self.resumes = tr("The tournament in progress")
        elif first == "daily" and saves.daily is not None:
            from tarneeb_desktop.ui.screens.daily.daily import half_words

            self.resumes = half_words(saves.daily)

    def items(self) -> list[tuple[str, str]]:
        items = []
        if self.can_continue:
            items.append((tr("Continue"), "continue"))
        if getattr(self, "lan_kept", False):  # the Join screen says it if the host is gone
            items.append((tr("Rejoin the table"), "lan_rejoin"))
        return items + [
            (tr("New game"), "new"),
            (tr("Daily deals"), "daily"),
            (tr("Tournament"), "tournament"),
            (tr("Finished games"), "games"),
            (tr("Settings"), "settings"),
            (tr("Statistics"), "stats"),
            # short words for the menu's pair (a table on this network or over the internet)
            (tr("Host a table"), "lan_host"),
            (tr("Join a table"), "lan_join"),
            (tr("How to play"), "howto"),
            (tr("Quit"), "quit"),
        ]

    def layout_key(self) -> object:
        return (tuple(self.items()), self.resumes, self.file_notice is not None)

    def tree(self, st: Style) -> Box:
        """A fan of the four aces, the title and its subtitle, the items (in one column when
        the window holds them, else two to a row) and the keys' line."""
        items = self.items()
        note = self.resumes if self.can_continue and items[0][1] == "continue" else None
        self.subtitle = Text(_subtitle(), color=DIM, align="center")
        keys = tr("Arrows and Enter, or click  \u00b7  F11 full screen")
        return Column(
            [
                Picture(self._aces, round(st.h * 0.08), min(500, round(st.h * 0.2))),
                Text(tr("Tarneeb"), size=st.heading * 2, color=GOLD, bold=True, align="center"),
                self.subtitle,
                Either([menu_grid(items, False, note), menu_grid(items, True, note)]),
                Text(keys, color=DIM, align="center"),
            ]
        )

    def build(self, lay: Layout) -> list[Button]:
        if self.file_notice is not None:
            return [self.file_notice.button(lay)]
        out = super().build(lay)
        actions = [a for _, a in self.items()]
        out.sort(key=lambda b: actions.index(b.action))  # the focus goes in the items' order
        return out

    def _aces(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """A fan of the four aces, as tall as ``room``, centred in it."""
        art = self.app.cards
        ch = round(room.h / 1.08)
        cw = art.get("AS", ch).get_width()
        step = cw * 0.55
        x0 = room.centerx - (cw + step * 3) / 2
        for i, n in enumerate(["AC", "AD", "AS", "AH"]):
            img = art.get(n, ch)
            top = round(room.y + abs(i - 1.5) * ch * 0.05)
            r = img.get_rect(topleft=(round(x0 + step * i), top))
            sh = art.shadow(img.get_size())
            x, y = r.x - (sh.get_width() - r.w) // 2, r.y - (sh.get_height() - r.h) // 2
            surface.blit(sh, (x + 3, y + 6))
            surface.blit(img, r)

    def activate(self, action: str) -> None:
        from tarneeb_desktop.ui.table_scene import TableScene

        if self.file_notice is not None:  # OK, Enter or Esc: the notice has been read
            if action in ("notice_ok", "back"):
                self.file_notice = None
                self.focus = 0
                self.rebuild()
            return
        if action == "new" and self.game_saved:
            # a game is in progress: starting another throws it away, so ask first (Keep
            # my game, the safe choice, has the focus; Enter and Esc take it)
            words = [tr("The game in progress will be lost.")]
            answers = [(tr("Keep my game"), "keep"), (tr("Start a new game"), "new_confirmed")]
            title = tr("Start a new game?")
            self.app.ask(Modal(title, words, answers, self.activate, kind="new_game"))
        elif action == "keep":
            actions = [b.action for b in self.buttons()]
            self.focus = actions.index("new") if "new" in actions else 0  # back on New game
        elif action in ("new", "new_confirmed"):
            self.app.switch(TableScene.new_game(self.app, self.app.rules, humans=None))
        elif action == "continue" and getattr(self, "lan_hosted", False):
            from tarneeb_desktop.ui.screens.lan.join import return_to_hosted_table

            return_to_hosted_table(self.app)  # back to the LAN table this window hosts
        elif action == "continue":
            self._continue()
        elif action == "daily":
            from tarneeb_desktop.ui.screens.daily.daily import open_daily

            open_daily(self.app)
        elif action == "lan_rejoin":
            from tarneeb_desktop.ui.screens.lan.join import rejoin_kept_seat

            rejoin_kept_seat(self.app)
        elif action == "quit":  # Esc ("back") on the main menu does nothing: no surprise exits
            self.app.quit(0)
        elif action in OPENS:
            getattr(self.app, OPENS[action])()

    def _continue(self) -> None:
        """The newest save, read again now: a game may have been saved since the menu showed."""
        notices: list[str] = []
        self.read_saves(notices)
        first, saves = self.saves.first, self.saves
        scene: Scene | None = None
        if first == "daily" and saves.daily is not None:
            from tarneeb_desktop.ui.screens.daily.daily import go_on

            go_on(self.app, saves.daily)  # the daily deal left half way, from that card
            return
        try:
            if first == "tournament":
                scene = self._resume_tournament()
            if scene is None and saves.game is not None:
                from tarneeb_desktop.ui.table_scene import TableScene

                scene = TableScene.from_saved(self.app)
        except SaveError as exc:
            notices.append(tr("The saved game could not be loaded: {why}", why=str(exc)))
        if scene is None:
            self.read_saves(notices)  # what is left to continue, if anything
            self.tell(" ".join(notices) if notices else None)
        else:
            self.app.switch(scene)

    def _resume_tournament(self) -> Scene | None:
        """The tournament's game or standings."""
        from tarneeb_desktop.session.tournament import TournamentError
        from tarneeb_desktop.ui.screens.tournament.play import resume

        try:
            return resume(self.app)
        except TournamentError as exc:  # shown as a damaged save is (set aside already)
            raise SaveError(str(exc)) from None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.file_notice is not None:  # over the menu, its OK the screen's one button
            self.file_notice.draw(surface, Layout(*surface.get_size()))


def resume_words(saved: SavedSummary) -> str:
    """What a saved game is, in a line: its rules, the score and the hand being played."""
    from tarneeb_desktop.ui.screens.settings.rows import preset_label

    return tr(
        "{rules}: Us {us}, Them {them}, hand {n}",
        rules=preset_label(saved.rules),
        us=saved.us,
        them=saved.them,
        n=saved.hand,
    )
