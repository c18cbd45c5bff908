"""``tarneeb`` without a subcommand: the game window, or one autoplayed game in it."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable

from tarneeb_desktop.rules import Rules, RulesError
from tarneeb_desktop.rules.args import rules_from_args
from tarneeb_desktop.settings import Settings
from tarneeb_desktop.ui.app import DEFAULT_SIZE, App
from tarneeb_desktop.ui.layout import MIN_H, MIN_W
from tarneeb_desktop.ui.scene import Scene


def _parse_size(text: str | None) -> tuple[int, int]:
    if not text:
        return DEFAULT_SIZE
    try:
        w, h = text.lower().split("x")
        return max(MIN_W, int(w)), max(MIN_H, int(h))
    except ValueError:
        print(f"tarneeb: ignoring --size {text!r} (want WxH, e.g. 1280x720)", file=sys.stderr)
        return DEFAULT_SIZE


def _rules(args: argparse.Namespace, settings: Settings) -> Rules:
    """The command line's rules when given, else the settings' rules."""
    if getattr(args, "rules", "standard") != "standard" or getattr(args, "option", []):
        return rules_from_args(args)
    return settings.rules()


def main(args: argparse.Namespace, first: Callable[[App], Scene] | None = None) -> int:
    """Open the window (``tarneeb``), or play one computer-only game (``--autoplay``);
    ``first`` makes the scene shown first (``tarneeb view``), else the menu."""
    import pygame  # after tarneeb_desktop.ui, which silences pygame's banner first

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    settings = Settings.load()
    try:
        rules = _rules(args, settings)
    except RulesError as exc:
        print(f"tarneeb: {exc}", file=sys.stderr)
        return 2
    size = _parse_size(getattr(args, "size", None))
    autoplay = bool(getattr(args, "autoplay", False))
    if autoplay:
        settings.animation_speed = "instant" if getattr(args, "fast", False) else "normal"
        settings.sound = False
    try:
        app = App(
            settings,
            size,
            fullscreen=bool(getattr(args, "fullscreen", False)) or settings.fullscreen,
        )
    except pygame.error as exc:
        print(f"tarneeb: cannot open the game window: {exc}", file=sys.stderr)
        return 1
    # The scenes are imported only once the window is open, and only the one shown first:
    # the table and the tutorial's offer (with what they import) wait until they are wanted.
    if autoplay:
        from tarneeb_desktop.seeds import new_seed
        from tarneeb_desktop.ui.table_scene import TableScene

        seed = new_seed(args.seed)
        level = args.level or settings.levels[1]
        app.switch(
            TableScene.new_game(
                app,
                rules,
                seed,
                humans=(),
                level=level,
                autoplay=True,
                save_record=getattr(args, "save_record", None),
            )
        )
    elif first is not None:
        app.switch(first(app))
    else:
        app.rules = rules
        # the menu, or once on a first start the offer of the tutorial (the offer's module
        # only when it may be due: ``tutorial_offer.start`` shows the menu once it was made)
        if getattr(settings, "tutorial_offered", True) is False:
            from tarneeb_desktop.ui.screens.tutorial import offer as tutorial_offer

            tutorial_offer.start(app)
        else:
            app.show_menu()
    try:
        return app.run()
    finally:
        pygame.quit()
