"""Translations: every visible string in every catalogue, fields, fallbacks, RTL and scripts."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pygame
import pytest

from tarneeb_desktop.ui import help_text, i18n, text
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tarneeb_desktop" / "locale"
CODES = ("ar", "fr", "de", "ru", "uk", "hi")


def _extractor():  # type: ignore[no-untyped-def]
    return load_script("tools/extract_strings.py")


@pytest.fixture(scope="module")
def extracted() -> tuple[dict[str, list[str]], list[str]]:
    return _extractor().extract()  # type: ignore[no-any-return]


def _catalogue(code: str) -> dict[str, str]:
    """The main file merged with every area file (``locale/<area>/<code>.json``)."""
    out: dict[str, str] = {}
    for path in i18n.catalogue_files(code, LOCALE):
        if path.is_file():
            for k, v in json.loads(path.read_text(encoding="utf-8")).items():
                out.setdefault(k, v)
    return out


def test_area_files_add_strings_and_never_disagree(tmp_path, monkeypatch) -> None:
    """Parts of the game may keep strings in ``locale/<area>/<code>.json``; the game merges
    them, and one key must not be translated two ways in two files."""
    for code in CODES:
        seen: dict[str, tuple[str, str]] = {}
        for path in i18n.catalogue_files(code, LOCALE):
            if not path.is_file():
                continue
            for k, v in json.loads(path.read_text(encoding="utf-8")).items():
                if k in seen:
                    assert seen[k][0] == v, f"{k!r} differs in {seen[k][1]} and {path}"
                seen[k] = (v, str(path))
    (tmp_path / "ar.json").write_text('{"New game": "main"}', encoding="utf-8")
    (tmp_path / "zone").mkdir()
    (tmp_path / "zone" / "ar.json").write_text(
        '{"New game": "other", "Only here": "area"}', encoding="utf-8"
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_CATALOG", {"en": {}})
    i18n.set_language("ar")
    assert i18n.tr("New game") == "main" and i18n.tr("Only here") == "area"


def _fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f is not None}


@pytest.fixture(autouse=True)
def _english_afterwards():
    pygame.font.init()
    yield
    i18n.set_language("en")
    text.clear_cache()


# ------------------------------------------------------------------------------ catalogues
def test_the_extractor_finds_the_ui_strings(extracted) -> None:
    keys, _ = extracted
    # literals, a table followed through a subscript, and the help page
    assert "New game" in keys and "You must follow hearts" in keys
    assert help_text.paragraphs()[0] in keys
    assert len(keys) > 100


def test_every_tr_call_can_be_checked(extracted) -> None:
    """A tr() of a computed value hides its text from the check below: mark it with N_()."""
    _, warnings = extracted
    assert warnings == []


@pytest.mark.parametrize("code", CODES)
def test_every_visible_string_is_translated(extracted, code: str) -> None:
    keys, _ = extracted
    cat = _catalogue(code)
    missing = sorted(k for k in keys if not cat.get(k))
    assert missing == [], f"{code}: run `python tools/extract_strings.py --check`"


@pytest.mark.parametrize("code", CODES)
def test_translations_keep_the_english_fields(code: str) -> None:
    cat = _catalogue(code)
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in cat.items())
    wrong = [k for k, v in cat.items() if _fields(v) != _fields(k)]
    assert wrong == []
    # and the filled-in text really carries the values
    for k, v in cat.items():
        if _fields(k):
            filled = v.format(**{f: "\u2603" for f in _fields(k)})
            assert "\u2603" in filled


def test_the_extractor_check_reports_missing_keys(tmp_path, monkeypatch, capsys) -> None:
    ex = _extractor()
    monkeypatch.setattr(ex, "LOCALE", tmp_path)
    for code in ex.LANGS:
        (tmp_path / f"{code}.json").write_text("{}", encoding="utf-8")
    assert ex.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert "missing in ar fr de ru uk hi: 'New game'" in out
    monkeypatch.setattr(ex, "LOCALE", LOCALE)
    assert ex.main(["--check"]) == 0


def test_the_extractor_follows_tables_loops_and_fields(tmp_path) -> None:
    src = tmp_path / "scene.py"
    src.write_text(
        "from dataclasses import dataclass\n"
        "from tarneeb_desktop.ui.i18n import tr, N_\n"
        "SUITS = {'C': 'clubs', 'D': 'diamonds'}\n"
        "ROWS = (('Bidding', 'auction', 'How it runs'),)\n"
        "@dataclass\nclass Row:\n    key: str\n    label: str\n"
        "def f(x, y):\n"
        "    a = tr('Follow ' + SUITS[x])\n"
        "    b = [Row(k, label) for sec, k, label in ROWS]\n"
        "    c = [tr(r.label) for r in b]\n"
        "    d = N_('Marked')\n"
        "    e = tr(y)\n"
        "    return tr('{n} left', n=1)\n",
        encoding="utf-8",
    )
    keys, warnings = _extractor().extract([src])
    assert set(keys) == {
        "Follow clubs",
        "Follow diamonds",
        "How it runs",
        "Marked",
        "{n} left",
    }
    assert len(warnings) == 1 and "tr(y)" not in warnings[0] and "(y)" in warnings[0]


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


def test_a_broken_catalogue_falls_back_to_english(tmp_path, monkeypatch) -> None:
    (tmp_path / "fr.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "de.json").write_text('["a list"]', encoding="utf-8")
    (tmp_path / "ru.json").write_text(
        json.dumps({"New game": 5, "Quit": "", "Back": "Назад"}), encoding="utf-8"
    )
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_CATALOG", {"en": {}})  # nothing loaded from the real files
    for code in ("fr", "de", "ru", "uk"):  # uk: no file at all
        i18n.set_language(code)
        assert i18n.tr("New game") == "New game"
        assert i18n.tr("Quit") == "Quit"
    assert i18n.tr("Back") == "Back"  # uk has nothing
    i18n.set_language("ru")
    assert i18n.tr("Back") == "Назад"


def test_a_translation_with_wrong_fields_shows_english(monkeypatch) -> None:
    monkeypatch.setattr(i18n, "_CATALOG", {"en": {}})
    monkeypatch.setitem(i18n._CATALOG, "fr", {"{name} wins": "{nom} gagne", "Hi {a}": "Salut {a"})
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
        assert (LOCALE / f"{code}.json").is_file()


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
