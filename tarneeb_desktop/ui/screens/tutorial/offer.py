"""The tutorial offered once, on the first start: "New to Tarneeb?", with Play the tutorial
and Not now, after the player's name and language (``first_start.py``). ``start(app)``
shows them when due, else the main menu.

It is due while the settings' ``tutorial_offered`` flag is off and the player has neither
finished a hand (statistics) nor a game in progress; showing it, or finding it not due,
turns the flag on and saves the settings, so it is asked at most once. Settings without
the flag (an older settings module) never show it."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from tarneeb_desktop.table.savegame import savegame_path
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.kit.boxes import Box, ButtonRow, Centred, Column, Panel, Picture, Text
from tarneeb_desktop.ui.kit.page import KitScene
from tarneeb_desktop.ui.kit.style import GOLD, PANEL, PANEL_EDGE, Style
from tarneeb_desktop.ui.screens.howto import pictures as howto_pictures

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
        with contextlib.suppress(OSError):  # asked again next time: no harm
            app.settings.save()
    if offer:  # first the player's name and language (``first_start``), then the offer
        from tarneeb_desktop.ui.screens.first_start import FirstStartScene

        app.switch(FirstStartScene(app, lambda a: a.switch(OfferScene(a))))
    elif getattr(app.settings, "names_lost", False):
        # a damaged settings file took the name with it: asked again, not silently "Sara"
        from tarneeb_desktop.ui.screens.first_start import FirstStartScene

        app.settings.names_lost = False
        app.switch(FirstStartScene(app, lambda a: a.show_menu()))
    else:
        app.show_menu()


class OfferScene(KitScene):
    """A question over the felt, with a picture of the table."""

    def tree(self, st: Style) -> Box:
        body = tr(
            "One guided hand at the table teaches bidding, naming trump, following suit and "
            "trumping. It takes a few minutes, and How to play offers it again at any time."
        )
        picture = Picture(
            lambda s, r: howto_pictures.draw(s, r.inflate(-(r.w - min(r.w, round(r.h * 1.3))), 0),
                                             "table", self.app.cards, st.body),
            round(st.unit * 12), st.h,
        )  # fmt: skip
        return Centred(Panel(Column([
            Text(tr("New to Tarneeb?"), size=st.heading, color=GOLD, bold=True, align="center"),
            Text(body, size=st.large, align="center"),
            picture,
            ButtonRow([(tr("Play the tutorial"), "tutorial", True), (tr("Not now"), "back", False)]),
        ], grow=True), color=PANEL, edge=PANEL_EDGE), wide=120, tall=True)  # fmt: skip

    def activate(self, action: str) -> None:
        if action == "tutorial":
            from tarneeb_desktop.ui.screens.tutorial.tutorial import TutorialScene

            self.app.switch(TutorialScene(self.app))
        else:
            self.app.show_menu()
