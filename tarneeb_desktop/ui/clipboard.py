"""The system's clipboard (SDL's, through ``pygame.scrap``): Copy on the daily deal's score
line and on a table's code."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def put_text(line: str) -> bool:
    """Put ``line`` on the clipboard; False where there is none (a headless system)."""
    try:
        import pygame.scrap as scrap

        if hasattr(scrap, "put_text"):
            scrap.put_text(line)
        else:
            if not scrap.get_init():
                scrap.init()
            scrap.put(pygame.SCRAP_TEXT, line.encode("utf-8"))
        return True
    except Exception as exc:  # noqa: BLE001 - any failure means: no clipboard here
        log.info("no clipboard (%s)", exc)
        return False


def get_text() -> str:
    """The clipboard's text ("" when there is none or no clipboard)."""
    try:
        import pygame.scrap as scrap

        if hasattr(scrap, "get_text"):
            return str(scrap.get_text() or "")
        if not scrap.get_init():
            scrap.init()
        raw = scrap.get(pygame.SCRAP_TEXT)
        return raw.decode("utf-8", "replace").rstrip("\x00") if raw else ""
    except Exception as exc:  # noqa: BLE001 - no clipboard here
        log.info("no clipboard (%s)", exc)
        return ""
