"""The statistics screen: games, hands and contracts by rules preset and opponents' level,
each game (Tarneeb, 41 / 400) in a section of its own with its own totals; in 41 the
contracts are the player's own bids. Rating shows the player's rating per rules preset and
the chart of its history (``rating_chart.py``)."""

from __future__ import annotations

import logging
from typing import Any

import pygame

from tarneeb_desktop.stats import game_of
from tarneeb_desktop.ui import i18n, text, theme
from tarneeb_desktop.ui.i18n import N_, tr
from tarneeb_desktop.ui.kit.modal import Modal
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.rating_chart import draw_rating_chart, level_note, rating_line
from tarneeb_desktop.ui.scene import ButtonScene, draw_page
from tarneeb_desktop.ui.settings_rows import CHOICE_LABELS
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

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
LEVEL_WORDS = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
    "human": N_("People"),
    "mixed": N_("Mixed"),
}
#: where the table's columns are: (the panel, its padding, the label column's width, a column's)
Geometry = tuple[pygame.Rect, int, int, float]
GAME_WORDS = {"tarneeb": "Tarneeb", "41": N_("41 / 400")}
#: 41's column heads: its "contracts" are the player's own bids
HEADS_41 = {N_("Contracts"): N_("Bids")}


def group_label(key: str) -> str:
    """``"standard+custom/hard"`` as the player reads it: ``Standard (custom) · Hard``."""
    preset, _, level = key.partition("/")
    custom = preset.endswith("+custom")
    preset = preset.removesuffix("+custom")
    words = tr(CHOICE_LABELS.get(preset, preset))  # the presets in Settings' words
    if custom:
        words = tr("{rules} (Custom)", rules=words)
    return f"{words} \u00b7 {tr(LEVEL_WORDS.get(level, level))}"


def column_x(box: pygame.Rect, pad: int, first: int, colw: float, i: int) -> int:
    """The centre x of column ``i``: the group label comes first, the columns follow in
    reading order (so in reverse, from the right, when the language reads RTL)."""
    return i18n.mirror_x(round(box.x + pad + first + colw * (i + 0.5)), box.x, box.w)


def cell(g: dict[str, int], key: str, of: str | None) -> str:
    n = g.get(key, 0)
    if of is None:
        return str(n)
    total = g.get(of, 0)
    return f"{i18n.number(n)} ({i18n.percent(n / total)})" if total else i18n.number(n)


class StatsScene(ButtonScene):
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

    def build(self, lay: Layout) -> list[Button]:
        bh = round(lay.unit * 6.6)
        gap = round(lay.unit * 2)
        if self.page == "rating":
            specs = [(tr("Back"), "back", True), (tr("Statistics"), "table", False)]
            if len(self.rated()) > 1:
                specs.append((tr("Other rules"), "next_rules", False))
        else:
            specs = [(tr("Back"), "back", True), (tr("Rating"), "rating", False)]
            specs.append((tr("Reset statistics"), "reset", False))
        # as wide as the longer label at body size needs, the row within the window
        need = theme.button_width([s[0] for s in specs], round(lay.text * 0.8), bh)
        bw = min(max(round(lay.unit * 30), need), (lay.w - 2 * lay.margin - gap) // len(specs))
        total = len(specs) * bw + (len(specs) - 1) * gap
        x = lay.w // 2 - total // 2
        out = []
        for label, action, primary in specs:
            r = pygame.Rect(x, lay.h - lay.margin * 2 - bh, bw, bh)
            out.append(Button(r, label, action, primary=primary))
            x += bw + gap
        if i18n.is_rtl():  # the first on the right: the row read from the right
            for b in out:
                b.rect.x = i18n.mirror_x(b.rect.x, 0, lay.w) - b.rect.w
        return out

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
            self.app.ask(
                Modal(
                    tr("Reset statistics"),
                    [tr("Reset every statistic? This cannot be undone.")],
                    [(tr("Cancel"), "cancel"), (tr("Yes, reset"), "confirm")],
                    self.activate,
                    kind="reset_stats",
                )
            )
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

    def draw(self, surface: pygame.Surface) -> None:
        title = tr("Rating") if self.page == "rating" else tr("Statistics")
        lay = draw_page(surface, title)
        buttons = self.buttons()
        box = pygame.Rect(0, 0, min(lay.w - 2 * lay.margin, round(lay.unit * 160)), 0)
        title_h = text.size_of(title, lay.heading, True)[1]  # Arabic's is taller
        box.top = max(round(lay.heading * 2.2), round(lay.heading * 0.6) + title_h + 4)
        box.height = buttons[0].rect.top - lay.margin - box.top
        box.centerx = lay.w // 2
        blit_panel(surface, box, color=(6, 20, 14, 210), radius=round(lay.unit * 2))
        if self.page == "rating":
            self.draw_rating(surface, lay, box)
            for b in buttons:
                b.draw(surface)
            return
        t = lay.text
        pad = lay.margin
        first = round(box.w * 0.3)
        colw = (box.w - first - 2 * pad) / len(COLUMNS)
        y = box.y + pad
        sections = self.sections()
        games = [game for game, _ in sections]
        # rows that fit: a section takes its heading, its groups and its totals
        room = (box.bottom - y - round(t * 4)) // round(t * 1.7) - 2 * len(sections)
        for game, rows in sections:
            geometry = (box, pad, first, colw)
            y = self._heads(surface, geometry, y, game)
            shown = rows[: max(1, room // len(sections))]  # the totals still count them all
            totals = [(tr("All games"), self.stats.totals(game), True)] if rows else []
            for label, g, bold in [*((lb, g, False) for lb, g in shown), *totals]:
                y = self._row(surface, geometry, y, label, g, bold)
            y += round(t * 0.6)
        if not self.stats.groups:
            blit_text(
                surface,
                tr("No game finished yet: statistics count the games you play."),
                t,
                (box.centerx, y + t),
                theme.INK_DIM,
                anchor="midtop",
            )
        note = tr("Won: games and hands your team won. Made: contracts your team bid and made.")
        if "41" in games:
            note += " " + tr("In 41 / 400, Bids and Made count your own bids.")
        note += " " + tr("Games in which a move was taken back (undo) are not counted.")
        below = pygame.Rect(box.x + pad, box.y, box.w - 2 * pad, box.h - pad)
        theme.blit_block(  # wrapped at its size rather than shrunk to a speck
            surface,
            note,
            round(t * 0.9),
            below,
            theme.INK_DIM,
            align="center",
            valign="bottom",
        )
        for b in buttons:
            b.draw(surface)

    def draw_rating(self, surface: pygame.Surface, lay: Layout, box: pygame.Rect) -> None:
        """The ratings, one line a rules preset, and the chosen one's history as a chart."""
        t, pad = lay.text, lay.margin
        start = i18n.mirror_x(box.x + pad, box.x, box.w)
        y = box.y + pad
        ratings = self.stats.ratings
        if not ratings:
            y = theme.blit_lines(surface, tr("No rated game yet: a game against one computer "
                                             "level gives you a rating."), t,
                                 (box.centerx, y + t), theme.INK_DIM, box.w - 2 * pad)  # fmt: skip
        for preset in self.rated()[:3]:
            chosen = preset == self.preset
            blit_text(surface, rating_line(preset, ratings[preset]), t, (start, y),
                      theme.GOLD if chosen else theme.INK, bold=chosen,
                      anchor=i18n.anchor("topleft"), max_width=box.w - 2 * pad, least=t)  # fmt: skip
            y += round(t * 1.6)
        note = pygame.Rect(box.x + pad, box.y, box.w - 2 * pad, box.h - pad)
        foot = theme.blit_block(surface, level_note(), round(t * 0.9), note, theme.INK_DIM,
                                align="center", valign="bottom")  # fmt: skip
        if self.preset is None:
            return
        chart = pygame.Rect(box.x + pad, y + t // 2, box.w - 2 * pad, 0)
        chart.h = max(0, min(foot.top, box.bottom - pad) - t - chart.y)
        if chart.h > 4 * t:
            draw_rating_chart(surface, chart, ratings[self.preset]["history"], t)

    def sections(self) -> list[tuple[str, list[tuple[str, dict[str, int]]]]]:
        """Per game that has statistics (Tarneeb first; Tarneeb alone when none has), its
        groups as (label, counters)."""
        groups = sorted(self.stats.groups.items())
        games = sorted({game_of(k) for k, _ in groups}, key=lambda g: g != "tarneeb")
        return [
            (game, [(group_label(k), g) for k, g in groups if game_of(k) == game])
            for game in games or ["tarneeb"]
        ]

    def _heads(self, surface: pygame.Surface, geometry: Geometry, y: int, game: str) -> int:
        """A section's heading: the game's name, then the columns' (41's say Bids)."""
        heads = [
            tr(HEADS_41[head]) if game == "41" and head in HEADS_41 else tr(head)
            for head, _k, _of in COLUMNS
        ]
        self._line(surface, geometry, y, tr(GAME_WORDS[game]), heads, theme.INK_DIM, True)
        return y + round(Layout(*surface.get_size()).text * 1.9)

    def _row(
        self,
        surface: pygame.Surface,
        geometry: Geometry,
        y: int,
        label: str,
        g: dict[str, int],
        bold: bool,
    ) -> int:
        """One group's counters (``bold``: the section's totals, under a line)."""
        box, pad = geometry[0], geometry[1]
        t = Layout(*surface.get_size()).text
        if bold:
            pygame.draw.line(surface, theme.GOLD, (box.x + pad, y), (box.right - pad, y), 1)
            y += round(t * 0.5)
        cells = [cell(g, key, of) for _h, key, of in COLUMNS]
        self._line(surface, geometry, y, label, cells, theme.INK, bold, gold=bold)
        return y + round(t * 1.7)

    def _line(
        self,
        surface: pygame.Surface,
        geometry: Geometry,
        y: int,
        label: str,
        cells: list[str],
        color: tuple[int, int, int],
        bold: bool,
        gold: bool = True,
    ) -> None:
        """A line of the table: one text a column, and its label before them in reading order
        (drawn last: the columns' heads are the first texts drawn after the page's title)."""
        box, pad, first, colw = geometry
        t = Layout(*surface.get_size()).text
        for i, cell in enumerate(cells):
            blit_text(
                surface,
                cell,
                t,
                (column_x(box, pad, first, colw, i), y),
                color,
                bold=bold,
                anchor="midtop",
                max_width=round(colw) - 4,
            )
        blit_text(
            surface,
            label,
            t,
            (i18n.mirror_x(box.x + pad, box.x, box.w), y),
            theme.GOLD if gold else theme.INK,
            bold=bold or gold,
            anchor=i18n.anchor("topleft"),
            max_width=first - pad,
        )
