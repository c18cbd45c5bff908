"""Sound: played on the table's events, silent (never an error) without an audio device."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.settings import Settings
from tarneeb_desktop.ui.sound import SOUNDS, Sounds


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TARNEEB_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.mixer.quit()
    pygame.quit()


def test_the_dummy_driver_loads_every_sound_and_plays() -> None:
    snd = Sounds(True, 0.5)
    assert snd.available and set(snd.sounds) == set(SOUNDS)
    assert abs(snd.sounds["deal"].get_volume() - 0.5) < 0.01
    for name in SOUNDS:
        snd.play(name)
    assert snd.played == list(SOUNDS)
    snd.configure(True, 0.2)
    assert abs(snd.sounds["trick"].get_volume() - 0.2) < 0.01


def test_a_failing_mixer_means_silence_not_an_error(monkeypatch) -> None:
    pygame.mixer.quit()

    def fail(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", fail)
    snd = Sounds(True, 0.7)
    assert not snd.available and snd.sounds == {}
    snd.play("deal")  # nothing happens, nothing raises
    snd.configure(True, 1.0)


def test_a_missing_sound_file_silences_only_that_sound(monkeypatch, tmp_path) -> None:
    from tarneeb_desktop.ui import sound

    real = sound.asset

    def asset(*parts):
        return tmp_path / "nowhere.wav" if parts[-1] == "trick.wav" else real(*parts)

    monkeypatch.setattr(sound, "asset", asset)
    snd = Sounds(True, 0.7)
    assert "trick" not in snd.sounds and "deal" in snd.sounds
    snd.play("trick")


def test_sound_off_plays_nothing() -> None:
    snd = Sounds(False, 0.7)
    snd.play("deal")
    assert snd.played == []


def test_the_table_plays_deal_card_trick_and_illegal_sounds() -> None:
    from tarneeb_desktop.ui.app import App
    from tests.test_ui_helpers import FRAME, advance, must_follow, standard_state, table_scene

    app = App(Settings(animation_speed="fast", sound=True), sound=True)
    state = standard_state(21)
    assert advance(state, must_follow, seed=21)
    scene = table_scene(app, state)
    for _ in range(120):
        app.step(FRAME, [])
    illegal = next(c for c in scene.hand_cards() if c not in scene.pv.legal)
    scene.hand.try_play(illegal)
    assert "error" in app.sound.played
    scene.act(0, scene.pv.legal[0])
    for _ in range(400):
        app.step(FRAME, [])
    assert {"play", "trick"} <= set(app.sound.played)
    app.settings.sound = False
    app.apply_settings()
    n = len(app.sound.played)
    app.play_sound("deal")
    assert len(app.sound.played) == n
