"""Messages about a player (issue 48 item 7): Arabic used the masculine verb for women
("Layla يأخذ الأكلة"), Russian and Ukrainian a masculine past tense ("сыграл", "отошёл"),
and Russian the third person when the player was the one choosing trump ("выбирает
козырь…"). A message about someone else is worded so that it fits a woman and a man alike;
one about the player speaks to them."""

from __future__ import annotations

import re

import pytest

from tarneeb_desktop.ui import i18n

#: (msgid, arguments) of the messages the table and the viewer say about a player
ABOUT_A_PLAYER = [
    ("{name} wins the trick", {"name": "Layla"}),
    ("{name} plays {bid}", {"name": "Layla", "bid": "8"}),
    ("{name} asks for a new deal", {"name": "Layla"}),
    ("{name} bid {bid}", {"name": "Layla", "bid": "8"}),
    ("{name} (away)", {"name": "Layla"}),
    ("{name} (watching)", {"name": "Layla"}),
    ("{name} had a weak hand and asked for a redeal: a new deal", {"name": "Layla"}),
    ("{a} and {b} win", {"a": "Layla", "b": "Rana"}),
]

#: a gendered verb form about a third person, per language
GENDERED = {
    # Arabic: a present verb of "he" (ي...) or "she" (ت...) in these messages' verbs
    "ar": re.compile(r"\b[يت](أخذ|لعب|طلب|شاهد|فوز|فوزان)\b|غائب|يشاهد|يفوزان"),
    # Russian and Ukrainian: a past tense that says "he" (or "she")
    "ru": re.compile(r"\b(сыграл|сыграла|отошёл|отошла|попросил|попросила|он|она)\b"),
    "uk": re.compile(r"\b(зіграв|зіграла|відійшов|відійшла|попросив|попросила|він|вона)\b"),
}


@pytest.mark.parametrize("lang", sorted(GENDERED))
def test_messages_about_a_player_fit_a_woman_and_a_man(lang: str) -> None:
    i18n.set_language(lang)
    try:
        for msgid, args in ABOUT_A_PLAYER:
            line = i18n.tr(msgid, **args)
            assert line != msgid, (lang, msgid)  # translated
            assert not GENDERED[lang].search(line), (lang, msgid, line)
        played = i18n.trn(
            "{name} played {card}: {tricks} trick, the best",
            "{name} played {card}: {tricks} tricks, the best",
            3,
            name="Layla",
            card="Q♠",
            tricks=3,
        )
        assert not GENDERED[lang].search(played), played
    finally:
        i18n.set_language("en")


def test_the_person_choosing_trump_is_spoken_to() -> None:
    from tarneeb_desktop.rules import GameState, make_rules
    from tests.test_ui_helpers import advance, make_app, settle, table_scene

    # a deal where the person (seat 0) wins the auction and is to name the trump
    for seed in range(60):
        state = GameState.new(make_rules("standard"), seed=seed, dealer=3)
        if advance(state, lambda s: s.phase == "trump" and s.turn == 0, seed=seed):
            break
    else:
        raise AssertionError("no seed gave the person the contract")
    app = make_app(speed="instant")
    scene = table_scene(app, state)
    settle(app, scene)
    i18n.set_language("ru")
    from tests.test_ui_helpers import rendered_lines

    try:
        with rendered_lines() as seen:
            scene.invalidate()
            app.step(0.016, [])
        joined = " | ".join(seen)
        assert "выберите козырь" in joined and "выбирает" not in joined, joined
    finally:
        i18n.set_language("en")
        scene.on_hide()
