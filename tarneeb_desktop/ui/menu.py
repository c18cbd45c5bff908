"""The main menu (the how-to-play pages are in ``howto_scene.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.table.savegame import SaveError, read_save, savegame_path
from tarneeb_desktop.table.tournament import TournamentError
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App

NOTICE_SECONDS = 8.0
#: buttons that share a row: the first (on the reading start side) and the second
PAIRS = {"tournament": "games", "lan_host": "lan_join"}


class MenuScene(ButtonScene):
    """New game, Continue (when a game is saved), Settings, How to play, Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.can_continue = False
        self.tournament_saved: float | None = None
        self.notice: str | None = None  # what went wrong with the settings or the save
        self.notice_left = 0.0

    def on_show(self) -> None:
        from tarneeb_desktop.ui.tournament_play import in_progress

        self.tournament_saved = in_progress(self.app.notices)  # when it was saved, if any
        try:
            self.can_continue = read_save(savegame_path()) is not None
        except SaveError as exc:
            # reported once: the damaged file has been set aside, so it is not read again
            self.can_continue = False
            self.app.notices.append(tr("The saved game could not be loaded: {why}", why=str(exc)))
        except OSError:
            self.can_continue = False
        self.can_continue = self.can_continue or self.tournament_saved is not None
        if self.app.notices:
            self.notice = "  ".join(self.app.notices)
            self.app.notices.clear()
            self.notice_left = NOTICE_SECONDS
        self.focus = 0
        self.rebuild()

    def update(self, dt: float) -> None:
        if self.notice is not None:
            self.notice_left -= dt
            if self.notice_left <= 0:
                self.notice = None
            self.dirty = True

    def busy(self) -> bool:
        return self.notice is not None

    def handle_event(self, ev: pygame.event.Event) -> bool:
        if ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.notice:
            self.notice = None  # the notice has been seen; any key or click dismisses it
            self.dirty = True
        return super().handle_event(ev)

    def build(self, lay: Layout) -> list[Button]:
        items = []
        if self.can_continue:
            items.append((tr("Continue"), "continue"))
        items += [
            (tr("New game"), "new"),
            (tr("Tournament"), "tournament"),
            (tr("Finished games"), "games"),
            (tr("Settings"), "settings"),
            (tr("Statistics"), "stats"),
            (tr("Host a LAN game"), "lan_host"),
            (tr("Join a LAN game"), "lan_join"),
            (tr("How to play"), "howto"),
            (tr("Quit"), "quit"),
        ]
        bw, bh = round(lay.unit * 34), round(lay.unit * 6.6)
        gap = round(lay.unit * 1.6)
        y = round(lay.h * 0.45)
        # paired buttons share a row; the rows shrink when they would not fit the window
        rows = len(items) - len(PAIRS)
        room = lay.h - y - round(lay.text * 2.5) - lay.margin
        if rows * (bh + gap) > room:
            k = room / (rows * (bh + gap))
            bh, gap = round(bh * k), round(gap * k)
        out = []
        row = 0
        for i, (label, action) in enumerate(items):
            r = pygame.Rect(0, y + row * (bh + gap), bw, bh)
            r.centerx = lay.w // 2
            if action in PAIRS or action in PAIRS.values():  # a wider row, for longer labels
                r.w = (bw * 3 // 2 - gap) // 2
                if action in PAIRS:
                    r.right = lay.w // 2 - gap // 2
                else:
                    r.left = lay.w // 2 + gap // 2
            if action not in PAIRS:
                row += 1
            out.append(Button(r, label, action, primary=i == 0))
        return out

    def activate(self, action: str) -> None:
        from tarneeb_desktop.ui.table_scene import TableScene

        if action == "new":
            self.app.switch(TableScene.new_game(self.app, self.app.rules, humans=None))
        elif action == "continue":
            try:
                scene = self._resume_tournament() or TableScene.from_saved(self.app)
            except SaveError as exc:
                scene = None
                self.notice = tr("The saved game could not be loaded: {why}", why=str(exc))
                self.notice_left = NOTICE_SECONDS
            if scene is None:
                self.can_continue = False
                self.focus = 0
                self.rebuild()
            else:
                self.app.switch(scene)
        elif action == "tournament":
            self.app.open_tournament()
        elif action == "games":
            self.app.open_games()
        elif action == "lan_host":
            self.app.host_lan()
        elif action == "lan_join":
            self.app.join_lan()
        elif action == "settings":
            self.app.open_settings()
        elif action == "stats":
            self.app.open_stats()
        elif action == "howto":
            self.app.open_help()
        elif action == "quit":  # Esc ("back") on the main menu does nothing: no surprise exits
            self.app.quit(0)

    def _resume_tournament(self):  # type: ignore[no-untyped-def]
        """The tournament's game or standings, when it was saved after the offline game."""
        from tarneeb_desktop.ui.tournament_play import resume

        if self.tournament_saved is None:
            return None
        try:
            mine = savegame_path().stat().st_mtime
        except OSError:
            mine = None
        if mine is not None and mine > self.tournament_saved:
            return None  # the offline game is the newer one
        try:
            return resume(self.app)
        except TournamentError as exc:  # shown as a damaged save is (set aside already)
            raise SaveError(str(exc)) from None

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        # a fan of the four aces behind the title
        art = self.app.cards
        ch = min(500, round(lay.h * 0.2))
        names = ["AC", "AD", "AS", "AH"]
        cw = art.get("AS", ch).get_width()
        step = cw * 0.55
        x0 = lay.w / 2 - (cw + step * 3) / 2
        for i, n in enumerate(names):
            img = art.get(n, ch)
            r = img.get_rect(
                topleft=(round(x0 + step * i), round(lay.h * 0.06 + abs(i - 1.5) * ch * 0.05))
            )
            sh = art.shadow(img.get_size())
            surface.blit(
                sh, (r.x - (sh.get_width() - r.w) // 2 + 3, r.y - (sh.get_height() - r.h) // 2 + 6)
            )
            surface.blit(img, r)
        title_y = round(lay.h * 0.06 + ch * 1.08)
        r = blit_text(
            surface,
            tr("Tarneeb"),
            round(lay.heading * 2.0),
            (lay.w // 2, title_y),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        blit_text(
            surface,
            tr("The partnership card game of the Levant"),
            round(lay.text * 0.95),
            (lay.w // 2, r.bottom - round(lay.unit * 0.8)),
            theme.INK_DIM,
            anchor="midtop",
        )
        for b in self.buttons():
            b.draw(surface)
        if self.notice:
            self._draw_notice(surface, lay, self.notice)
        blit_text(
            surface,
            tr("Arrows and Enter, or click  \u00b7  F11 full screen"),
            round(lay.text * 0.85),
            (lay.w // 2, lay.h - lay.margin),
            theme.INK_DIM,
            anchor="midbottom",
        )

    def _draw_notice(self, surface: pygame.Surface, lay: Layout, message: str) -> None:
        """A banner at the top: what went wrong with the settings or the saved game."""
        r = pygame.Rect(0, 0, round(lay.w * 0.9), round(lay.text * 2.6))
        r.midtop = (lay.w // 2, lay.margin)
        blit_panel(
            surface, r, color=(120, 24, 24, 235), border=(255, 255, 255, 90), radius=r.h // 3
        )
        blit_text(
            surface,
            message,
            round(lay.text * 0.9),
            r.center,
            theme.INK,
            anchor="center",
            max_width=r.w - 2 * lay.margin,
        )
