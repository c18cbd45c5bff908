"""The tutorial offered once, on the first start: "New to Tarneeb?", with Play the tutorial
and Not now, after the player's name and language (``first_start.py``). ``start(app)``
shows them when due, else the main menu.

It is due while the settings' ``tutorial_offered`` flag is off and the player has neither
finished a hand (statistics) nor a game in progress; showing it, or finding it not due,
turns the flag on and saves the settings, so it is asked at most once. Settings without
the flag (an older settings module) never show it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tarneeb_desktop.table.savegame import savegame_path
from tarneeb_desktop.ui import howto_pictures, i18n, text, theme
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import ButtonScene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


def _has_played(app: App) -> bool:
    if savegame_path().exists():
        return True
    try:
        groups = app.statistics().groups.values()
    except Exception:  # unreadable statistics: nothing says this player is new or not
        return False
    return any(g.get("hands_played", 0) for g in groups)


def should_offer(app: App) -> bool:
    return getattr(app.settings, "tutorial_offered", True) is False and not _has_played(app)


def start(app: App) -> None:
    """The first scene of a window: the offer when due (once), else the main menu."""
    offer = should_offer(app)
    if getattr(app.settings, "tutorial_offered", True) is False:
        app.settings.tutorial_offered = True
        try:
            app.settings.save()
        except OSError:
            pass  # asked again next time: no harm
    if offer:  # first the player's name and language (``first_start``), then the offer
        from tarneeb_desktop.ui.first_start import FirstStartScene

        app.switch(FirstStartScene(app, lambda a: a.switch(OfferScene(a))))
    elif getattr(app.settings, "names_lost", False):
        # a damaged settings file took the name with it: asked again, not silently "Sara"
        from tarneeb_desktop.ui.first_start import FirstStartScene

        app.settings.names_lost = False
        app.switch(FirstStartScene(app, lambda a: a.show_menu()))
    else:
        app.show_menu()


class OfferScene(ButtonScene):
    """A question over the felt, with a picture of the table."""

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 34), round(lay.unit * 7)
        gap = lay.margin * 2
        y = lay.h - lay.margin * 4 - bh
        play = pygame.Rect(lay.w // 2 - gap // 2 - bw, y, bw, bh)
        later = pygame.Rect(lay.w // 2 + gap // 2, y, bw, bh)
        if i18n.is_rtl():  # the first choice where reading starts
            play.x, later.x = later.x, play.x
        return [
            Button(play, tr("Play the tutorial"), "tutorial", primary=True),
            Button(later, tr("Not now"), "back"),
        ]

    def activate(self, action: str) -> None:
        if action == "tutorial":
            from tarneeb_desktop.ui.tutorial import TutorialScene

            self.app.switch(TutorialScene(self.app))
        else:
            self.app.show_menu()

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        m = lay.margin
        top, bottom = m * 2, self.buttons()[0].rect.top - m * 2
        box = pygame.Rect(0, top, min(lay.w - 4 * m, round(lay.unit * 120)), bottom - top)
        box.centerx = lay.w // 2
        blit_panel(surface, box, color=(6, 20, 14, 220), radius=round(lay.unit * 2.5))
        r = blit_text(
            surface,
            tr("New to Tarneeb?"),
            lay.heading,
            (box.centerx, box.y + m * 2),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        y = r.bottom + m
        size = round(lay.text * 1.1)
        line_h = round(size * 1.35)
        body = tr(
            "One guided hand at the table teaches bidding, naming trump, following suit and "
            "trumping. It takes a few minutes, and How to play offers it again at any time."
        )
        for line in text.wrap(body, size, box.w - 4 * m):
            blit_text(surface, line, size, (box.centerx, y), theme.INK, anchor="midtop")
            y += line_h
        pic = pygame.Rect(0, 0, 0, box.bottom - m * 2 - y - m)
        pic.w = min(box.w - 4 * m, round(pic.h * 1.3))
        pic.midtop = (box.centerx, y + m)
        if pic.h > lay.unit * 12:
            howto_pictures.draw(surface, pic, "table", self.app.cards, lay.text)
        for b in self.buttons():
            b.draw(surface)
