"""The game's translations, in gettext's format, kept with Babel.

Usage:
  python tools/i18n.py extract    the template ``tarneeb_desktop/locale/tarneeb.pot`` from the
                                  sources (Babel's extractor, keywords ``tr``, ``N_``, ``trn``)
  python tools/i18n.py update     the template merged into each language's ``tarneeb.po``
                                  (new messages added empty, gone ones made obsolete)
  python tools/i18n.py compile    each ``tarneeb.po`` compiled to the ``tarneeb.mo`` the game reads
  python tools/i18n.py check      exit 1 listing what is wrong: a message of the template not
                                  translated in a language (every plural form), placeholders
                                  that differ, a ``.mo`` not compiled from its ``.po``
  python tools/i18n.py all        extract, update, compile, then check

English is the source text: a message's id is the English sentence, so English needs no
catalogue. Counts go through ``trn(singular, plural, n)``, which each language answers with the
forms of its CLDR plural rule (``Plural-Forms`` in each catalogue's header: six in Arabic, three
in Russian and Ukrainian). ``docs/translating.md`` says how a translator works with these files.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import warnings
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "tarneeb_desktop"
LOCALE = PKG / "locale"
DOMAIN = "tarneeb"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LANGS = ("ar", "fr", "de", "ru", "uk", "hi")
#: ``tr(text)``, ``N_(text)`` (marked, translated later) and ``trn(singular, plural, n)``
KEYWORDS = {"tr": None, "N_": None, "trn": (1, 2)}
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of ``text``."""
    return set(FIELD.findall(text.replace("{{", "").replace("}}", "")))


def template() -> Catalog:
    """Every translatable message of the package, found by Babel's extractor (its warnings
    about f-strings given as values, not as messages, are quiet)."""
    cat = Catalog(project="Tarneeb Desktop", fuzzy=False)
    method_map = [("**.py", "python")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = list(extract_from_dir(
            str(PKG), method_map=method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ))  # fmt: skip
    for filename, lineno, message, comments, context in found:
        path = f"tarneeb_desktop/{filename}"
        flags = ["python-brace-format"] if any(fields(m) for m in _texts(message)) else []
        cat.add(message, None, [(path, lineno)], flags=flags, auto_comments=comments,
                context=context)  # fmt: skip
    return cat


def _texts(message: str | tuple[str, ...]) -> tuple[str, ...]:
    return message if isinstance(message, tuple) else (message,)


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(path: Path, cat: Catalog) -> None:
    if cat.locale is not None:  # a language's catalogue: its header filled in
        if cat.last_translator.startswith("FULL NAME"):
            cat.last_translator = "Tarneeb Desktop translators"
        if isinstance(cat.revision_date, str):
            cat.revision_date = cat.creation_date
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=True, include_previous=False)
    path.write_bytes(buf.getvalue())


def compiled(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def extract() -> None:
    write(TEMPLATE, template())
    print(f"wrote {_rel(TEMPLATE)}")


def update() -> None:
    pot = read(TEMPLATE)
    for lang in LANGS:
        path = po_path(lang)
        cat = read(path, lang) if path.exists() else Catalog(locale=lang)
        cat.update(pot, no_fuzzy_matching=True)
        cat.obsolete.clear()  # a message gone from the game goes from the catalogue
        write(path, cat)
        print(f"updated {_rel(path)}")


def compile_all() -> None:
    for lang in LANGS:
        cat = read(po_path(lang), lang)
        mo_path(lang).write_bytes(compiled(cat))
        print(f"compiled {_rel(mo_path(lang))}")


def problems() -> list[str]:
    """What the catalogues lack or get wrong (empty: nothing)."""
    out: list[str] = []
    pot = read(TEMPLATE)
    fresh = template()
    wanted = {m.id for m in fresh if m.id}
    have = {m.id for m in pot if m.id}
    if wanted != have:
        out.append(
            f"the template is not up to date ({len(wanted - have)} new, "
            f"{len(have - wanted)} gone): run tools/i18n.py extract"
        )
    for lang in LANGS:
        path = po_path(lang)
        if not path.exists():
            out.append(f"{lang}: no catalogue {_rel(path)}")
            continue
        cat = read(path, lang)
        nplurals = cat.num_plurals
        for msg in pot:
            if not msg.id:
                continue
            got = cat.get(msg.id)
            key = msg.id if isinstance(msg.id, str) else msg.id[0]
            if got is None:
                out.append(f"{lang}: missing {key!r}")
                continue
            strings = _texts(got.string)
            if isinstance(msg.id, tuple) and len(strings) != nplurals:
                out.append(f"{lang}: {key!r} has {len(strings)} forms, not {nplurals}")
            if not all(strings):
                out.append(f"{lang}: {key!r} is not translated (every form)")
                continue
            want = fields(key) | (fields(msg.id[1]) if isinstance(msg.id, tuple) else set())
            # a plural form for a few counts may leave its count out ("one trick", Arabic's
            # "two tricks"), never add a field; the last (the general) form has them all
            for k, s in enumerate(strings):
                ok = fields(s) == want if k == len(strings) - 1 else fields(s) <= want
                if not ok:
                    out.append(f"{lang}: {key!r} -> {s!r}: fields {fields(s)} not {want}")
        mo = mo_path(lang)
        if not mo.exists() or mo.read_bytes() != compiled(cat):
            out.append(f"{lang}: {_rel(mo)} is not compiled from its .po")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("extract", "update", "compile", "check", "all"))
    args = ap.parse_args(argv)
    if args.command in ("extract", "all"):
        extract()
    if args.command in ("update", "all"):
        update()
    if args.command in ("compile", "all"):
        compile_all()
    if args.command in ("check", "all"):
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
