"""Checks on the bundled assets made by tools/make_assets.sh (no display needed)."""

from __future__ import annotations

import fnmatch
import os
import re
import struct
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent / "assets"
RANKS = "23456789TJQKA"
SUITS = "CDHS"
FACES = [r + s for s in SUITS for r in RANKS]
BACKS = ["back-red", "back-blue"]
STYLES = ["classic", "four-color"]
CARD_HEIGHT = 500

FONTS = {
    "NotoSans-Regular.ttf": "Tarneeb Ωμέγα Таранеб 0123456789",
    "NotoSans-Bold.ttf": "Tarneeb Ωμέγα Таранеб 0123456789",
    "NotoSansArabic-Regular.ttf": "طرنيب ٠١٢٣٤٥٦٧٨٩",
    "NotoSansArabic-Bold.ttf": "طرنيب ٠١٢٣٤٥٦٧٨٩",
    "NotoSansDevanagari-Regular.ttf": "तरनीब नमस्ते",
    "NotoSansDevanagari-Bold.ttf": "तरनीब नमस्ते",
    "NotoSansSymbols2-Regular.ttf": "♠♥♦♣♤♡♢♧",
}

# name -> (duration in seconds)
SOUNDS = {
    "deal.wav": 0.06,
    "play.wav": 0.09,
    "trick.wav": 0.25,
    "hand_end.wav": 0.6,
    "error.wav": 0.12,
}


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.font.init()
    yield
    pygame.font.quit()


# ----------------------------------------------------------------------------- cards


@pytest.mark.parametrize("style", STYLES)
def test_all_cards_present_and_same_size(style: str) -> None:
    folder = ASSETS / "cards" / style
    sizes = set()
    for name in FACES + BACKS:
        path = folder / f"{name}.png"
        assert path.is_file(), f"missing {path}"
        surf = pygame.image.load(str(path))
        sizes.add(surf.get_size())
    assert len(sizes) == 1, f"{style}: cards differ in size: {sizes}"
    width, height = sizes.pop()
    assert height == CARD_HEIGHT
    # 2.5in x 3.5in poker card
    assert abs(width / height - 2.5 / 3.5) < 0.01


def test_no_unexpected_card_files() -> None:
    expected = {f"{n}.png" for n in FACES + BACKS}
    for style in STYLES:
        present = {p.name for p in (ASSETS / "cards" / style).iterdir()}
        assert present == expected, f"{style}: {sorted(present ^ expected)}"


def test_both_styles_same_size() -> None:
    a = pygame.image.load(str(ASSETS / "cards" / "classic" / "AS.png")).get_size()
    b = pygame.image.load(str(ASSETS / "cards" / "four-color" / "AS.png")).get_size()
    assert a == b


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("name", ["AS", "KH", "back-red"])
def test_cards_have_transparent_rounded_corners(style: str, name: str) -> None:
    surf = pygame.image.load(str(ASSETS / "cards" / style / f"{name}.png"))
    w, h = surf.get_size()
    for x, y in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]:
        assert surf.get_at((x, y)).a == 0, f"{style}/{name}: corner {(x, y)} not transparent"
    assert surf.get_at((w // 2, h // 2)).a == 255


def _count_near(surf: pygame.Surface, colour: tuple[int, int, int]) -> int:
    mask = pygame.mask.from_threshold(surf, (*colour, 255), (24, 24, 24, 255))
    return mask.count()


def test_four_colour_suits() -> None:
    green, blue = (0x1A, 0x7F, 0x37), (0x1F, 0x5F, 0xBF)
    for rank in RANKS:
        four_c = pygame.image.load(str(ASSETS / "cards" / "four-color" / f"{rank}C.png"))
        four_d = pygame.image.load(str(ASSETS / "cards" / "four-color" / f"{rank}D.png"))
        classic_c = pygame.image.load(str(ASSETS / "cards" / "classic" / f"{rank}C.png"))
        assert _count_near(four_c, green) > 500, f"{rank}C not green"
        assert _count_near(four_d, blue) > 500, f"{rank}D not blue"
        assert _count_near(classic_c, green) == 0
    # Hearts and spades are the same in both decks.
    for card in [r + s for s in "HS" for r in RANKS]:
        a = (ASSETS / "cards" / "classic" / f"{card}.png").read_bytes()
        b = (ASSETS / "cards" / "four-color" / f"{card}.png").read_bytes()
        assert a == b, card


# ----------------------------------------------------------------------------- fonts


@pytest.mark.parametrize("filename", sorted(FONTS))
@pytest.mark.parametrize("size", [16, 32])
def test_fonts_load_and_render(filename: str, size: int) -> None:
    path = ASSETS / "fonts" / filename
    assert path.is_file()
    font = pygame.font.Font(str(path), size)
    text = FONTS[filename]
    surf = font.render(text, True, (0, 0, 0))
    assert surf.get_width() > 0 and surf.get_height() > 0
    assert font.size(text)[0] > 0
    # Every (non-space) character is in the font's character map (no tofu).
    cmap = _cmap(path)
    for ch in text:
        if not ch.isspace():
            assert ord(ch) in cmap, f"{filename}: no glyph for {ch!r}"
            assert font.size(ch)[0] > 0


def _tables(data: bytes) -> dict[bytes, bytes]:
    num_tables = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for i in range(num_tables):
        tag, _checksum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag] = data[offset : offset + length]
    return tables


def _cmap(path: Path) -> set[int]:
    """Code points mapped to a glyph by the font's Unicode cmap (formats 4 and 12)."""
    cmap = _tables(path.read_bytes())[b"cmap"]
    num = struct.unpack(">H", cmap[2:4])[0]
    subtables = {}
    for i in range(num):
        platform, encoding, offset = struct.unpack(">HHI", cmap[4 + 8 * i : 12 + 8 * i])
        subtables[(platform, encoding)] = offset
    points: set[int] = set()
    for key in [(3, 10), (0, 4), (3, 1), (0, 3)]:
        if key not in subtables:
            continue
        off = subtables[key]
        fmt = struct.unpack(">H", cmap[off : off + 2])[0]
        if fmt == 12:
            groups = struct.unpack(">I", cmap[off + 12 : off + 16])[0]
            for g in range(groups):
                start, end, _glyph = struct.unpack(
                    ">III", cmap[off + 16 + 12 * g : off + 28 + 12 * g]
                )
                points.update(range(start, end + 1))
            return points
        if fmt == 4:
            seg2 = struct.unpack(">H", cmap[off + 6 : off + 8])[0]
            ends = struct.unpack(f">{seg2 // 2}H", cmap[off + 14 : off + 14 + seg2])
            starts = struct.unpack(f">{seg2 // 2}H", cmap[off + 16 + seg2 : off + 16 + 2 * seg2])
            for start, end in zip(starts, ends, strict=True):
                if start != 0xFFFF:
                    points.update(range(start, end + 1))
            return points
    raise AssertionError(f"{path.name}: no Unicode cmap")


def test_fonts_are_static_ttf() -> None:
    for filename in FONTS:
        data = (ASSETS / "fonts" / filename).read_bytes()
        assert data[:4] == b"\x00\x01\x00\x00", f"{filename} is not a TrueType font"
        assert b"fvar" not in _tables(data), f"{filename} is a variable font"


def test_ofl_licence_present() -> None:
    text = (ASSETS / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Google" in text


# ----------------------------------------------------------------------------- sounds


@pytest.mark.parametrize("name", sorted(SOUNDS))
def test_sounds_are_valid_wav(name: str) -> None:
    path = ASSETS / "sounds" / name
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() == 44100
        frames = w.getnframes()
        data = w.readframes(frames)
    duration = frames / 44100
    assert abs(duration - SOUNDS[name]) < 0.01, f"{name}: {duration:.3f}s"
    samples = struct.unpack(f"<{frames}h", data)
    peak = max(abs(s) for s in samples)
    assert 1000 < peak < 32767, f"{name}: peak {peak} (silent or clipping)"
    assert path.stat().st_size < 100_000


# ----------------------------------------------------------------------------- icon


def test_icon_png() -> None:
    surf = pygame.image.load(str(ASSETS / "icon.png"))
    assert surf.get_size() == (256, 256)
    assert surf.get_at((0, 0)).a == 0  # rounded square on transparency
    assert surf.get_at((128, 128)).a == 255


def test_icon_ico_has_several_sizes() -> None:
    data = (ASSETS / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert reserved == 0 and kind == 1 and count >= 3
    sizes = set()
    for i in range(count):
        width, height = data[6 + 16 * i], data[7 + 16 * i]
        sizes.add((width or 256, height or 256))
    assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= sizes


# ----------------------------------------------------------------------------- credits


def test_every_asset_is_credited() -> None:
    credits = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    patterns = re.findall(r"`([^`]+)`", credits)
    missing = []
    for path in sorted(ASSETS.rglob("*")):
        if not path.is_file() or path.name in {"CREDITS.md", "OFL.txt"}:
            continue
        rel = path.relative_to(ASSETS).as_posix()
        candidates = {rel, f"assets/{rel}"}
        named = path.name in credits
        by_folder = any(
            f"{parent.relative_to(ASSETS).as_posix()}/" in credits
            for parent in path.parents
            if parent != ASSETS and ASSETS in parent.parents
        )
        by_glob = any(fnmatch.fnmatch(c, pat) for pat in patterns for c in candidates)
        if not (named or by_folder or by_glob):
            missing.append(rel)
    assert not missing, f"not in assets/CREDITS.md: {missing}"
