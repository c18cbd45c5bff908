"""Text rendering: script runs, Arabic shaping, the cache; and the settings object."""

from __future__ import annotations

import pygame
import pytest

from tarneeb_desktop.settings import Settings
from tarneeb_desktop.ui import i18n, text


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    text.clear_cache()
    yield
    text.clear_cache()


def test_suits_and_arabic_get_their_own_runs() -> None:
    runs = text.split_runs("Bid 10\u2665 \u0637\u0631\u0646\u064a\u0628")
    scripts = [s for s, _ in runs]
    assert scripts == ["latin", "symbols", "arabic"]
    assert "".join(r for _, r in runs) == "Bid 10\u2665 \u0637\u0631\u0646\u064a\u0628"


def test_digits_and_spaces_stay_with_their_run() -> None:
    assert text.split_runs("12 34") == [("latin", "12 34")]


def test_arabic_is_joined_and_put_in_display_order() -> None:
    word = "\u0637\u0631\u0646\u064a\u0628"  # Tarneeb
    shaped = text.shape(word)
    assert shaped != word  # presentation forms, right to left
    assert all(0xFE70 <= ord(c) <= 0xFEFF or 0xFB50 <= ord(c) <= 0xFDFF for c in shaped)
    assert text.shape("Tarneeb") == "Tarneeb"


def test_rendering_is_cached_and_every_script_draws_something() -> None:
    for s in (
        "Tarneeb",
        "\u2660\u2665\u2666\u2663",
        "\u0637\u0631\u0646\u064a\u0628",
        "\u0924\u0930\u0928\u0940\u092c",
    ):
        surf = text.render(s, 24)
        w, h = surf.get_size()
        assert w > 20 and h > 10
        # something was drawn: not every pixel is transparent
        assert any(surf.get_at((x, h // 2)).a for x in range(w))
    assert text.render("Tarneeb", 24) is text.render("Tarneeb", 24)


def test_fit_shrinks_text_to_a_width() -> None:
    size = text.fit("A rather long line of text for a small plate", 40, 200)
    assert text.size_of("A rather long line of text for a small plate", size)[0] <= 200 or size <= 8


def test_tr_fills_fields_and_survives_a_broken_translation(monkeypatch) -> None:
    assert i18n.tr("{name} wins", name="Layla") == "Layla wins"
    import gettext

    class Broken(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return {"{name} wins": "{nom} gagne"}.get(message, message)

    monkeypatch.setitem(i18n._CATALOG, "xx", Broken())
    i18n.set_language("xx")
    try:
        assert i18n.tr("{name} wins", name="Layla") == "Layla wins"
    finally:
        i18n.set_language("en")


def test_settings_round_trip_and_bad_values_keep_defaults(tmp_path) -> None:
    s = Settings(animation_speed="fast", card_style="four-color", levels=["easy"] * 4, volume=0.3)
    assert Settings.from_dict(s.to_dict()) == s
    bad = Settings.from_dict(
        {
            "animation_speed": "warp",
            "volume": "loud",
            "levels": [1, 2],
            "sound": "yes",
            "names": ["a", "b", "c", "d"],
            "unknown": 1,
        }
    )
    assert bad.animation_speed == "normal" and bad.volume == Settings().volume
    assert (
        bad.levels == Settings().levels and bad.sound is True and bad.names == ["a", "b", "c", "d"]
    )
    assert Settings.from_dict("nonsense") == Settings()
    path = tmp_path / "settings.json"
    s.save(path)
    assert Settings.load(path) == s
    path.write_text("{not json")
    assert Settings.load(path) == Settings()


def test_settings_rules_fall_back_on_bad_options() -> None:
    assert Settings(rules_preset="egyptian").rules().suit_bidding
    assert Settings(rule_options={"target": -5}).rules().target == 31
    assert Settings(rules_preset="nope").rules().preset == "standard"
