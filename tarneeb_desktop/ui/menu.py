"""The main menu, the how-to-play page and the settings page."""

from __future__ import annotations

import pygame

from tarneeb_desktop.settings import CARD_BACKS, CARD_STYLES, SPEEDS
from tarneeb_desktop.ui import theme
from tarneeb_desktop.ui.app import App, savegame_path
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.layout import Layout
from tarneeb_desktop.ui.scene import Scene
from tarneeb_desktop.ui.theme import Button, blit_panel, blit_text

LEVEL_CHOICES = ("random", "easy", "medium", "hard", "expert")
PRESET_CHOICES = ("standard", "shortfall", "egyptian")


class ButtonScene(Scene):
    """A screen of buttons that work with the mouse and with arrows and Enter."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = 0
        self._buttons: list[Button] = []
        self._size = (0, 0)

    def build(self, lay: Layout) -> list[Button]:
        return []

    def buttons(self) -> list[Button]:
        if self._size != self.app.size or not self._buttons:
            self._size = self.app.size
            self._buttons = self.build(Layout(*self.app.size))
            self.focus = min(self.focus, max(0, len(self._buttons) - 1))
        for i, b in enumerate(self._buttons):
            b.focus = i == self.focus
        return self._buttons

    def rebuild(self) -> None:
        self._buttons = []
        self.dirty = True

    def activate(self, action: str) -> None:
        pass

    def handle_event(self, ev: pygame.event.Event) -> bool:
        buttons = self.buttons()
        if ev.type == pygame.MOUSEMOTION:
            for i, b in enumerate(buttons):
                if b.rect.collidepoint(ev.pos) and self.focus != i:
                    self.focus = i
                    self.dirty = True
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for b in buttons:
                if b.rect.collidepoint(ev.pos):
                    self.activate(b.action)
                    return True
            return False
        if ev.type == pygame.KEYDOWN and buttons:
            if ev.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                self.focus = (self.focus + 1) % len(buttons)
                self.dirty = True
            elif ev.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(buttons)
                self.dirty = True
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(buttons[self.focus].action)
            elif ev.key == pygame.K_ESCAPE:
                self.activate("back")
            return True
        return False

    def on_resize(self, size: tuple[int, int]) -> None:
        self.rebuild()


class MenuScene(ButtonScene):
    """New game, Continue (when a game is saved), Settings, How to play, Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.can_continue = False

    def on_show(self) -> None:
        from tarneeb_desktop.record import RecordError, load_record

        try:
            rep = load_record(savegame_path())
            self.can_continue = not rep.state.is_over()
        except (OSError, RecordError, RecursionError):
            self.can_continue = False
        self.focus = 0
        self.rebuild()

    def build(self, lay: Layout) -> list[Button]:
        items = []
        if self.can_continue:
            items.append((tr("Continue"), "continue"))
        items += [
            (tr("New game"), "new"),
            (tr("Settings"), "settings"),
            (tr("How to play"), "howto"),
            (tr("Quit"), "quit"),
        ]
        bw, bh = round(lay.unit * 34), round(lay.unit * 7.4)
        gap = round(lay.unit * 2)
        y = round(lay.h * 0.47)
        out = []
        for i, (label, action) in enumerate(items):
            r = pygame.Rect(0, y + i * (bh + gap), bw, bh)
            r.centerx = lay.w // 2
            out.append(Button(r, label, action, primary=i == 0))
        return out

    def activate(self, action: str) -> None:
        from tarneeb_desktop.ui.table_scene import TableScene

        if action == "new":
            self.app.switch(TableScene.new_game(self.app, self.app.rules))
        elif action == "continue":
            scene = TableScene.from_saved(self.app)
            if scene is None:
                self.can_continue = False
                self.rebuild()
            else:
                self.app.switch(scene)
        elif action == "settings":
            self.app.switch(SettingsScene(self.app))
        elif action == "howto":
            self.app.switch(HowToScene(self.app))
        elif action == "quit":  # Esc ("back") on the main menu does nothing: no surprise exits
            self.app.quit(0)

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
        blit_text(
            surface,
            tr("Arrows and Enter, or click  \u00b7  F11 full screen"),
            round(lay.text * 0.85),
            (lay.w // 2, lay.h - lay.margin),
            theme.INK_DIM,
            anchor="midbottom",
        )


class HowToScene(ButtonScene):
    """A short page on how Tarneeb is played and how to use the table."""

    LINES = (
        "Four players in two teams: you and your partner (opposite) against the two others.",
        "Each hand, everyone gets 13 cards. The auction starts to the dealer's right:",
        "bid how many tricks your team will take (7 to 13), or pass. The highest bid wins.",
        "The winner of the auction names the trump suit and leads the first card.",
        "Follow the suit led if you can; if not, play any card, a trump wins the trick.",
        "Make your bid and score the tricks you took; fail and lose the bid.",
        "All 13 tricks (kaboot) score extra. The first team to the target wins the game.",
        "",
        "Drag a card to the middle, click it, or choose it with the arrows and press Enter.",
        "Only the cards you may play lift. L shows the last trick, S the score sheet,",
        "H gives a hint, Esc opens the menu, F11 switches full screen.",
    )

    def build(self, lay: Layout) -> list[Button]:
        bw, bh = round(lay.unit * 26), round(lay.unit * 7)
        r = pygame.Rect(0, 0, bw, bh)
        r.midbottom = (lay.w // 2, lay.h - lay.margin * 3)
        return [Button(r, tr("Back"), "back", primary=True)]

    def activate(self, action: str) -> None:
        self.app.switch(MenuScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        box = pygame.Rect(0, 0, round(lay.w * 0.8), round(lay.h * 0.74))
        box.midtop = (lay.w // 2, lay.margin * 2)
        blit_panel(surface, box, color=(6, 20, 14, 220), radius=round(lay.unit * 2.5))
        blit_text(
            surface,
            tr("How to play"),
            lay.heading,
            (box.centerx, box.y + lay.margin),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        y = box.y + round(lay.heading * 2.6)
        for line in self.LINES:
            if line:
                blit_text(
                    surface,
                    tr(line),
                    lay.text,
                    (box.x + lay.margin * 2, y),
                    theme.INK,
                    max_width=box.w - lay.margin * 4,
                )
            y += round(lay.text * 1.65)
        for b in self.buttons():
            b.draw(surface)


class SettingsScene(ButtonScene):
    """The current settings; a click changes one (the full settings screen is a later issue)."""

    def rows(self) -> list[tuple[str, str, str]]:
        s = self.app.settings
        return [
            (tr("Rules"), s.rules_preset, "rules"),
            (tr("Computer players"), s.levels[1], "level"),
            (tr("Animation speed"), tr(s.animation_speed), "speed"),
            (tr("Cards"), tr(s.card_style), "style"),
            (tr("Card back"), tr(s.card_back), "back_color"),
            (tr("Sound"), tr("on") if s.sound else tr("off"), "sound"),
        ]

    def build(self, lay: Layout) -> list[Button]:
        out = []
        bw, bh = round(lay.unit * 30), round(lay.unit * 6.2)
        y = round(lay.h * 0.2)
        for _label, value, action in self.rows():
            r = pygame.Rect(lay.w // 2 + lay.margin, y, bw, bh)
            out.append(Button(r, value, action))
            y += bh + round(lay.unit * 1.8)
        r = pygame.Rect(0, 0, round(lay.unit * 26), round(lay.unit * 7))
        r.midbottom = (lay.w // 2, lay.h - lay.margin * 3)
        out.append(Button(r, tr("Back"), "back", primary=True))
        return out

    def activate(self, action: str) -> None:
        s = self.app.settings

        def nxt(options: tuple[str, ...], cur: str) -> str:
            return (
                options[(options.index(cur) + 1) % len(options)] if cur in options else options[0]
            )

        if action == "back":
            self.app.switch(MenuScene(self.app))
            return
        if action == "rules":
            s.rules_preset = nxt(PRESET_CHOICES, s.rules_preset)
            s.rule_options = {}
            self.app.rules = s.rules()
        elif action == "level":
            s.levels = [nxt(LEVEL_CHOICES, s.levels[1])] * 4
        elif action == "speed":
            s.animation_speed = nxt(SPEEDS, s.animation_speed)
        elif action == "style":
            s.card_style = nxt(CARD_STYLES, s.card_style)
        elif action == "back_color":
            s.card_back = nxt(CARD_BACKS, s.card_back)
        elif action == "sound":
            s.sound = not s.sound
        if action in ("style", "back_color"):
            from tarneeb_desktop.ui.cards import CardArt

            self.app.cards = CardArt(s.card_style, s.card_back)
        try:
            s.save()
        except OSError:
            pass
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        lay = Layout(*surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        blit_text(
            surface,
            tr("Settings"),
            lay.heading,
            (lay.w // 2, round(lay.h * 0.07)),
            theme.GOLD,
            bold=True,
            anchor="midtop",
        )
        buttons = self.buttons()
        for (label, _value, _a), b in zip(self.rows(), buttons, strict=False):
            blit_text(
                surface,
                label,
                lay.text,
                (lay.w // 2 - lay.margin, b.rect.centery),
                theme.INK,
                anchor="midright",
            )
        for b in buttons:
            b.draw(surface)
        blit_text(
            surface,
            tr("Click a value to change it. Changes apply to the next game."),
            round(lay.text * 0.85),
            (lay.w // 2, buttons[-1].rect.top - lay.margin),
            theme.INK_DIM,
            anchor="midbottom",
        )
