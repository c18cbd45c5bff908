"""Short sounds for the table; with no audio device (or no sound files) the game stays silent."""

from __future__ import annotations

import logging
from typing import Any

import pygame

from tarneeb_desktop.paths import asset

log = logging.getLogger(__name__)

SOUNDS = ("deal", "play", "trick", "hand_end", "error")


class Sounds:
    """The game's sounds; ``play`` does nothing when sound is off or unavailable."""

    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = volume
        self.available = False
        self.sounds: dict[str, Any] = {}
        self.played: list[str] = []  # names asked for while enabled (read by tests)
        if enabled:
            self._load()

    def _load(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except Exception as exc:  # no device, no driver, a broken mixer: play silently
            log.info("no audio (%s); the game is silent", exc)
            return
        for name in SOUNDS:
            try:
                snd = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            except Exception as exc:  # a missing or damaged file silences only that sound
                log.warning("sound %s unavailable: %s", name, exc)
                continue
            snd.set_volume(self.volume)
            self.sounds[name] = snd
        self.available = bool(self.sounds)

    def configure(self, enabled: bool, volume: float) -> None:
        """Apply the settings' sound switch and volume (loads the sounds on first use)."""
        self.volume = min(1.0, max(0.0, float(volume)))
        self.enabled = enabled
        if enabled and not self.sounds:
            self._load()
        for snd in self.sounds.values():
            try:
                snd.set_volume(self.volume)
            except Exception:
                pass

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played.append(name)
        del self.played[:-50]
        snd = self.sounds.get(name)
        if snd is None:
            return
        try:
            snd.play()
        except Exception:  # the device went away: sound is a courtesy, never an error
            log.debug("could not play %s", name, exc_info=True)
