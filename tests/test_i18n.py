"""Translations: gettext catalogues made and checked with Babel (every message in every
language, the same fields, the plural forms of each language's CLDR rule), numbers by
language, fallbacks, RTL and scripts."""

from __future__ import annotations

import gettext
import logging
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from tarneeb_desktop.ui import i18n, text
from tarneeb_desktop.ui.screens.howto import help_text
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tarneeb_desktop" / "locale"
CODES = ("ar", "fr", "de", "ru", "uk", "hi")


def _tool():  # type: ignore[no-untyped-def]
    return load_script("tools/i18n.py")


def _catalogue(code: str) -> dict[str, str]:
    """Every translated text of ``code``'s catalogue (each plural form as its own text)."""
    with (LOCALE / code / "LC_MESSAGES" / "tarneeb.po").open("rb") as f:
        cat = read_po(f, locale=code)
    out: dict[str, str] = {}
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            for k, form in enumerate(m.string):
                out[f"{m.id[1]}[{k}]"] = form
        else:
            out[m.id] = m.string
    return out


class _Dict(gettext.NullTranslations):
    """A catalogue from a dict (for the fallback tests)."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words

    def gettext(self, message: str) -> str:
        return self.words.get(message, message)


@pytest.fixture(autouse=True)
def _english_afterwards():
    pygame.font.init()
    yield
    i18n.set_language("en")
    text.clear_cache()


# ------------------------------------------------------------------------------ catalogues
def test_the_template_finds_every_kind_of_message() -> None:
    """Babel's extractor with the project's keywords: literals, texts marked in tables with
    N_, the help pages' paragraphs and the counts' two English forms."""
    ids = {m.id for m in _tool().template() if m.id}
    assert "New game" in ids and "You must follow hearts" in ids  # a table marked with N_
    assert "Level of East" in ids and "Syrian 41" in ids
    assert help_text.paragraphs()[0] in ids
    assert ("{n} trick", "{n} tricks") in ids and ("{n} game", "{n} games") in ids
    assert len(ids) > 600


def test_every_message_is_translated_in_every_language_with_the_same_fields() -> None:
    """``tools/i18n.py check``: the template is the sources', every message of it is in every
    catalogue with every plural form written and the English fields, and each ``.mo`` is
    compiled from its ``.po``."""
    assert _tool().problems() == []


def test_the_check_reports_a_missing_message_and_a_wrong_field(tmp_path, monkeypatch) -> None:
    tool = _tool()
    for code in CODES:
        shutil.copytree(LOCALE / code, tmp_path / code)
    shutil.copy(LOCALE / "tarneeb.pot", tmp_path)
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    monkeypatch.setattr(tool, "TEMPLATE", tmp_path / "tarneeb.pot")
    assert tool.problems() == []
    po = tmp_path / "fr" / "LC_MESSAGES" / "tarneeb.po"
    body = po.read_text(encoding="utf-8")
    body = body.replace('msgstr "Nouvelle partie"', 'msgstr ""')
    body = body.replace("{name} remporte le pli", "{nom} remporte le pli")
    po.write_text(body, encoding="utf-8")
    found = tool.problems()
    assert "fr: 'New game' is not translated (every form)" in found
    assert any(line.startswith("fr: '{name} wins the trick'") for line in found)
    assert any(line.startswith("fr: ") and "is not compiled from its .po" in line for line in found)
    assert not any(line.startswith("de: ") for line in found)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not here")
@pytest.mark.parametrize("code", CODES)
def test_msgfmt_check_is_clean(code: str) -> None:
    """GNU msgfmt's own check: the header, the plural forms and every brace field."""
    po = LOCALE / code / "LC_MESSAGES" / "tarneeb.po"
    got = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert got.returncode == 0 and got.stderr == "", got.stderr


COUNTS = (0, 1, 2, 3, 11, 100)


@pytest.mark.parametrize(
    ("code", "tricks", "games"),
    [
        (
            "en",
            ["0 tricks", "1 trick", "2 tricks", "3 tricks", "11 tricks", "100 tricks"],
            ["0 games", "1 game", "2 games", "3 games", "11 games", "100 games"],
        ),
        (
            "fr",
            ["0 pli", "1 pli", "2 plis", "3 plis", "11 plis", "100 plis"],
            ["0 partie", "1 partie", "2 parties", "3 parties", "11 parties", "100 parties"],
        ),
        (
            "ru",
            ["0 взяток", "1 взятка", "2 взятки", "3 взятки", "11 взяток", "100 взяток"],
            ["0 игр", "1 игра", "2 игры", "3 игры", "11 игр", "100 игр"],
        ),
        (
            "ar",
            ["لا أكلات", "أكلة واحدة", "أكلتان", "3 أكلات", "11 أكلة", "100 أكلة"],
            ["لا ألعاب", "لعبة واحدة", "لعبتان", "3 ألعاب", "11 لعبة", "100 لعبة"],
        ),
    ],
)
def test_counts_take_each_languages_plural_form(code: str, tricks, games) -> None:  # type: ignore[no-untyped-def]
    i18n.set_language(code)
    assert [i18n.trn("{n} trick", "{n} tricks", n) for n in COUNTS] == tricks
    assert [i18n.trn("{n} game", "{n} games", n) for n in COUNTS] == games
    if code == "ru":  # 21 is "one", 12 "many", 22 "few"
        assert i18n.trn("{n} trick", "{n} tricks", 21) == "21 взятка"
        assert i18n.trn("{n} trick", "{n} tricks", 12) == "12 взяток"
        assert i18n.trn("{n} hand played", "{n} hands played", 22) == "сыграно 22 раздачи"
    if code == "ar":  # 102 is "two"'s cousin "other"; 103 is "few" again (n mod 100)
        assert i18n.trn("{n} trick", "{n} tricks", 103) == "103 أكلات"


def test_a_count_in_a_sentence_keeps_its_other_fields() -> None:
    i18n.set_language("ru")
    line = i18n.trn(
        "After {n} deal: you {you}, the computer {computer}",
        "After {n} deals: you {you}, the computer {computer}",
        3,
        you=i18n.signed(5),
        computer=i18n.signed(-2),
    )
    assert line == "После 3 раздач: вы +5, компьютер -2"


@pytest.mark.parametrize("code", ["en", "ar", "fr", "de", "ru", "uk", "hi"])
def test_numbers_signs_and_percentages_by_language_in_western_digits(code: str) -> None:
    i18n.set_language(code)
    assert i18n.signed(3) == "+3" and i18n.signed(-10) == "-10" and i18n.signed(0) == "0"
    big = i18n.number(12345)
    assert big.replace(",", "").replace(".", "").replace("\u00a0", "") == "12345"
    assert {"en": ",", "de": ".", "fr": "\u00a0", "ru": "\u00a0"}.get(code, big[2]) in big
    pct = i18n.percent(0.546)
    assert pct.startswith("55") and pct.endswith("%")
    for s in (big, pct, i18n.signed(-10)):  # no invisible marks the fonts cannot draw
        assert not set(s) & {"\u200e", "\u200f", "\u061c", "\u202f"}
        assert all(not c.isdigit() or c in "0123456789" for c in s)


def test_a_signed_number_reads_sign_first_in_an_arabic_line() -> None:
    i18n.set_language("ar")
    shaped = text.shape(i18n.tr("Score {n}", n=i18n.signed(-9)))
    assert "-9" in shaped and "9-" not in shaped


# ------------------------------------------------------------------------------ tr and set_language
def test_tr_uses_the_catalogue_then_falls_back_to_english() -> None:
    i18n.set_language("fr")
    assert i18n.get_language() == "fr" and not i18n.is_rtl()
    assert i18n.tr("New game") == "Nouvelle partie"
    assert i18n.tr("{name} wins the trick", name="Layla") == "Layla remporte le pli"
    assert i18n.tr("A string nobody translated") == "A string nobody translated"
    assert i18n.tr("{x} untranslated", x=3) == "3 untranslated"
    i18n.set_language("ar")
    assert i18n.is_rtl() and i18n.tr("Hand {n}", n=12) == "الجولة 12"


@pytest.mark.parametrize("code", ["xx", "", "EN", "../../etc/passwd", None, 7])
def test_an_unknown_language_gives_english(code) -> None:
    i18n.set_language("de")
    i18n.set_language(code)  # type: ignore[arg-type]
    assert i18n.get_language() == "en"
    assert i18n.tr("New game") == "New game"


def test_a_broken_or_missing_catalogue_falls_back_to_english(tmp_path, monkeypatch, caplog) -> None:
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "fr" / "LC_MESSAGES" / "tarneeb.mo").write_bytes(b"not a catalogue at all")
    shutil.copytree(LOCALE / "ru", tmp_path / "ru")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_CATALOG", {"en": gettext.NullTranslations()})
    with caplog.at_level(logging.WARNING, logger="tarneeb_desktop.ui.i18n"):
        for code in ("fr", "uk"):  # fr: a damaged file; uk: no file at all
            i18n.set_language(code)
            assert i18n.get_language() == code
            assert i18n.tr("New game") == "New game"
            assert i18n.trn("{n} trick", "{n} tricks", 2) == "2 tricks"
    logged = caplog.text
    assert "cannot read" in logged and "fr" in logged and "no translation file" in logged
    i18n.set_language("ru")
    assert i18n.tr("Back") == "Назад"


def test_a_translation_with_wrong_fields_shows_english(monkeypatch) -> None:
    words = {"{name} wins": "{nom} gagne", "Hi {a}": "Salut {a"}
    monkeypatch.setattr(i18n, "_CATALOG", {"en": gettext.NullTranslations(), "fr": _Dict(words)})
    i18n.set_language("fr")
    assert i18n.tr("{name} wins", name="Layla") == "Layla wins"
    assert i18n.tr("Hi {a}", a="x") == "Hi x"


def test_the_environment_overrides_the_first_language_only(monkeypatch) -> None:
    monkeypatch.setenv("TARNEEB_LANG", "hi")
    monkeypatch.setattr(i18n, "_env_applied", False)
    i18n.set_language("en")  # the settings' language at start-up
    assert i18n.get_language() == "hi" and i18n.tr("New game") == "नया खेल"
    i18n.set_language("de")  # the player picks another one later
    assert i18n.get_language() == "de"
    monkeypatch.setenv("TARNEEB_LANG", "klingon")
    monkeypatch.setattr(i18n, "_env_applied", False)
    i18n.set_language("fr")
    assert i18n.get_language() == "fr"


def test_every_language_is_listed_with_its_own_name() -> None:
    assert set(i18n.LANGUAGES) == {"en", *CODES}
    assert i18n.LANGUAGES["ar"] == "العربية" and i18n.LANGUAGES["hi"] == "हिन्दी"
    for code in CODES:
        assert i18n.catalogue_path(code).is_file()


def test_the_help_pages_are_translated() -> None:
    en = help_text.pages()
    assert len(en) >= 7 and all(p.paragraphs and all(t.strip() for t in p.paragraphs) for p in en)
    assert "game41" in [p.key for p in en]  # 41 and 400 have their own page
    for code in CODES:
        i18n.set_language(code)
        assert help_text.title() != "How to play"
        pages = help_text.pages()
        assert [p.key for p in pages] == [p.key for p in en]
        for page, english in zip(pages, en, strict=True):
            assert page.title != english.title, (code, english.title)
            assert len(page.paragraphs) == len(english.paragraphs)
            pairs = list(zip(page.paragraphs, english.paragraphs, strict=True))
            pairs += [(a[1], b[1]) for a, b in zip(page.keys, english.keys, strict=True)]
            assert all(t != e for t, e in pairs), (code, page.key)
            # the key caps are keys, the same in every language
            assert [k for k, _ in page.keys] == [k for k, _ in english.keys]


# ------------------------------------------------------------------------------ right to left
def test_rtl_mirrors_anchors_and_alignment() -> None:
    box = pygame.Rect(100, 0, 400, 50)
    r = pygame.Rect(0, 0, 40, 10)
    i18n.set_language("en")
    assert i18n.anchor("midleft") == "midleft"
    assert i18n.align(r, box, pad=5).x == 105
    assert i18n.mirror_x(120, 100, 400) == 120
    i18n.set_language("ar")
    assert i18n.anchor("midleft") == "midright" and i18n.anchor("topright") == "topleft"
    assert i18n.anchor("center") == "center" and i18n.anchor("midtop") == "midtop"
    assert i18n.align(r, box, pad=5).right == 495
    assert i18n.align(r, box, side="end", pad=5).x == 105
    assert i18n.align(r, box, side="center").centerx == box.centerx
    assert i18n.mirror_x(120, 100, 400) == 480


# ------------------------------------------------------------------------------ rendering
def _visual_ascii(s: str) -> str:
    return "".join(c if ord(c) < 128 else "A" for c in s)


def test_arabic_is_joined_reordered_and_digits_keep_their_order() -> None:
    i18n.set_language("ar")
    shaped = text.shape("الجولة 12")
    # right to left: the number, read left to right as "12", comes first on screen
    assert _visual_ascii(shaped) == "12 AAAAAA"
    assert all(0xFB50 <= ord(c) <= 0xFEFF for c in shaped[3:])  # joined presentation forms
    assert _visual_ascii(text.shape("الجولة 12 من 31")) == "31 AA 12 AAAAAA"
    # a line that starts with a Latin name still reads from the right in Arabic
    assert _visual_ascii(text.shape("Layla يربح الحيلة")).endswith("Layla")
    assert _visual_ascii(text.shape("ليلى: 8 ♠")) == "A 8 :AAAA"
    # brackets are mirrored, so "(word)" still encloses the word
    assert _visual_ascii(text.shape("الطرنيب (كبة)")) == "(AAA) AAAAAAA"
    i18n.set_language("en")  # an English interface keeps a Latin start on the left
    assert _visual_ascii(text.shape("Layla يربح الحيلة")).startswith("Layla")


def test_joined_arabic_is_narrower_than_its_isolated_letters() -> None:
    word = "طرنيب"
    joined = text.render(word, 32).get_width()
    isolated = sum(text.render(c, 32).get_width() for c in word)
    assert joined < isolated


def test_hindi_is_shaped_with_the_devanagari_font() -> None:
    for word in ("क्षत्रिय", "हिन्दी"):
        assert [s for s, _ in text.split_runs(word)] == ["devanagari"]
        surf = text.render(word, 32)
        assert surf.get_width() > 20
        assert any(surf.get_at((x, surf.get_height() // 2)).a for x in range(surf.get_width()))
    # HarfBuzz makes a conjunct: k + virama + ss is one glyph, narrower than the three letters
    assert text.shaping_available()
    plain = pygame.font.Font(str(text.asset("fonts", "NotoSansDevanagari-Regular.ttf")), 32)
    assert text.font(32, False, text.DEVANAGARI).size("क्षत्रिय")[0] < plain.size("क्षत्रिय")[0]


def _missing_glyph_chars(code: str) -> set[str]:
    """Characters of ``code``'s catalogue that its fonts draw as the missing-glyph box."""
    bad: set[str] = set()
    seen: set[tuple[str, str]] = set()
    for value in _catalogue(code).values():
        for script, run in text.split_runs(text.shape(value, rtl=code == "ar")):
            f = text.font(24, False, script)
            box = pygame.image.tobytes(f.render("\ue000", True, (255, 255, 255)), "RGBA")
            for ch in set(run) - {" ", "\u00a0"}:
                if (script, ch) in seen:
                    continue
                seen.add((script, ch))
                if pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA") == box:
                    bad.add(ch)
    return bad


@pytest.mark.parametrize("code", CODES)
def test_every_translated_character_has_a_glyph(code: str) -> None:
    assert _missing_glyph_chars(code) == set()


def test_wrap_breaks_long_paragraphs_in_reading_order() -> None:
    i18n.set_language("ar")
    para = help_text.pages()[1].paragraphs[0]  # the auction, a long paragraph
    lines = text.wrap(para, 20, 400)
    assert len(lines) > 2
    assert " ".join(lines) == " ".join(para.split())  # nothing lost, order kept
    assert all(text.size_of(line, 20)[0] <= 400 for line in lines if " " in line)
    assert text.wrap("", 20, 100) == [""]
    assert text.wrap("one\ntwo", 20, 1000) == ["one", "two"]
