"""The statistics screen: games, hands and contracts by rules preset and opponents' level,
each game (Tarneeb, 41 / 400) in a section of its own with its own totals; in 41 the
contracts are the player's own bids. Rating shows the player's rating per rules preset and
the chart of its history (``rating_chart.py`` beside it)."""

from __future__ import annotations

import logging
from typing import Any

from tarneeb_desktop.stats import game_of
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.boxes import Box, Picture, Text
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.kit.page import FootSpec, KitScene, Page
from tarneeb_desktop.ui.kit.style import DIM, GOLD, INK, Style
from tarneeb_desktop.ui.kit.tables import Cell, Tabular
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS, preset_words
from tarneeb_desktop.ui.screens.stats.rating_chart import draw_rating_chart, level_note, rating_line

log = logging.getLogger(__name__)

# (counter shown, counter it is "out of" or None)
COLUMNS = (
    (N_("Games"), "games_played", None),
    (N_("Won"), "games_won", "games_played"),
    ("Hands", "hands_played", None),
    (N_("Won"), "hands_won", "hands_played"),
    (N_("Contracts"), "contracts_bid", None),
    (N_("Made"), "contracts_made", "contracts_bid"),
)
#: The opponents' words beside the computer levels' (``CHOICE_LABELS``).
LEVEL_WORDS = {"human": N_("People"), "mixed": N_("Mixed")}
GAME_WORDS = {"tarneeb": "Tarneeb", "41": N_("41 / 400")}
#: 41's column heads: its "contracts" are the player's own bids
HEADS_41 = {N_("Contracts"): N_("Bids")}


def group_label(key: str) -> str:
    """``"standard+custom/hard"`` as the player reads it: ``Standard (custom) · Hard``."""
    preset, _, level = key.partition("/")
    level = LEVEL_WORDS.get(level) or CHOICE_LABELS.get(level, level)
    return f"{preset_words(preset)} \u00b7 {tr(level)}"


def cell(g: dict[str, int], key: str, of: str | None) -> str:
    n = g.get(key, 0)
    if of is None:
        return str(n)
    total = g.get(of, 0)
    return f"{i18n.number(n)} ({i18n.percent(n / total)})" if total else i18n.number(n)


class StatsScene(KitScene):
    """The table of statistics, with Reset (asks first) and Back."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.stats = app.statistics()
        self.page = "table"  # or "rating"
        #: the rules preset whose rating history the chart shows (the last one played)
        self.preset = self.rated()[0] if self.rated() else None

    def rated(self) -> list[str]:
        """The presets with a rating, the one played last first."""
        r = self.stats.ratings
        return sorted(
            r, key=lambda p: max((h[0] for h in r[p]["history"]), default=0), reverse=True
        )

    def foot(self) -> list[FootSpec]:
        if self.page == "rating":
            specs: list[FootSpec] = [(tr("Back"), "back", True), (tr("Statistics"), "table", False)]
            if len(self.rated()) > 1:
                specs.append((tr("Other rules"), "next_rules", False))
            return specs
        return [(tr("Back"), "back", True), (tr("Rating"), "rating", False),
                (tr("Reset statistics"), "reset", False)]  # fmt: skip

    def layout_key(self) -> object:
        return (self.page, self.preset, str(self.stats.groups), str(self.stats.ratings))

    def tree(self, st: Style) -> Box:
        if self.page == "rating":
            return Page(tr("Rating"), self.rating_body(st), foot=self.foot())
        body: list[Box] = []
        sections = self.sections()
        for game, rows in sections:
            heads = [tr(GAME_WORDS[game])] + [
                tr(HEADS_41[head]) if game == "41" and head in HEADS_41 else tr(head)
                for head, _k, _of in COLUMNS
            ]
            cells = [
                [Cell(label)] + [Cell(cell(g, key, of)) for _h, key, of in COLUMNS]
                for label, g in rows
            ]
            totals = self.stats.totals(game)
            foot = [Cell(tr("All games"), GOLD, True)] + [
                Cell(cell(totals, key, of), INK, True) for _h, key, of in COLUMNS
            ]
            body.append(Tabular(heads, cells, foot=foot if rows else (), first=0.3))
        Tabular.line_up([b for b in body if isinstance(b, Tabular)])
        if not self.stats.groups:
            body.append(Text(tr("No game finished yet: statistics count the games you play."),
                             color=DIM, align="center"))  # fmt: skip
        note = tr("Won: games and hands your team won. Made: contracts your team bid and made.")
        if any(game == "41" for game, _ in sections):
            note += " " + tr("In 41 / 400, Bids and Made count your own bids.")
        note += " " + tr("Games in which a move was taken back (undo) are not counted.")
        body.append(Text(note, color=DIM, align="center"))
        return Page(tr("Statistics"), body, foot=self.foot())

    def rating_body(self, st: Style) -> list[Box]:
        """The ratings, one line a rules preset, and the chosen one's history as a chart."""
        ratings = self.stats.ratings
        body: list[Box] = []
        if not ratings:
            body.append(Text(tr("No rated game yet: a game against one computer level gives "
                                "you a rating."), color=DIM, align="center"))  # fmt: skip
        for preset in self.rated()[:3]:
            chosen = preset == self.preset
            body.append(Text(rating_line(preset, ratings[preset]), color=GOLD if chosen else INK,
                             bold=chosen))  # fmt: skip
        if self.preset is not None:
            history = ratings[self.preset]["history"]
            body.append(Picture(lambda s, r: draw_rating_chart(s, r, history, st.body),
                                4 * st.line, st.h))  # fmt: skip
        body.append(Text(level_note(), color=DIM, align="center"))
        return body

    def activate(self, action: str) -> None:
        if action == "back":
            self.app.show_menu()
            return
        if action in ("rating", "table"):
            self.page = action
            self.focus = 0
        elif action == "next_rules" and self.preset is not None:
            rated = self.rated()
            self.preset = rated[(rated.index(self.preset) + 1) % len(rated)]
        elif action == "reset":  # asked first, Cancel the choice Enter and Esc take
            words = [tr("Reset every statistic? This cannot be undone.")]
            answers = [(tr("Cancel"), "cancel"), (tr("Yes, reset"), "confirm")]
            title = tr("Reset statistics")
            self.app.ask(Modal(title, words, answers, self.activate, kind="reset_stats"))
        elif action == "cancel":
            self.focus = 0  # the question answered: back on Back
        elif action == "confirm":
            self.stats.reset()
            self.preset = None
            try:
                self.app.save_statistics(self.stats)
            except OSError as exc:
                log.warning("could not save the statistics: %s", exc)
            self.focus = 0
        self.rebuild()

    @property
    def confirming(self) -> bool:
        """The reset's question is open over the screen."""
        return self.app.modals.asking("reset_stats") is not None

    def sections(self) -> list[tuple[str, list[tuple[str, dict[str, int]]]]]:
        """Per game that has statistics (Tarneeb first; Tarneeb alone when none has), its
        groups as (label, counters)."""
        groups = sorted(self.stats.groups.items())
        games = sorted({game_of(k) for k, _ in groups}, key=lambda g: g != "tarneeb")
        return [
            (game, [(group_label(k), g) for k, g in groups if game_of(k) == game])
            for game in games or ["tarneeb"]
        ]
