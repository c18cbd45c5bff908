"""Issue 47's counts, as a ratchet while the screens move onto the UI kit: the coordinates and
sizes placed by hand (``round(lay.X * k)``) and the right-to-left mirroring done a
coordinate at a time (``is_rtl()``) outside the kit and the felt (``ui/game/``,
``table_scene.py``). They only go down, screen by screen; the goal is 40 and 10. Each number
here is today's: lower it when a screen moves onto the kit."""

from __future__ import annotations

import re
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "tarneeb_desktop" / "ui"
BY_HAND = re.compile(r"round\(lay\.[a-z_]+ \* [0-9.]+\)")
MIRROR = re.compile(r"\bis_rtl\(\)")
#: today's counts; the issue's goal is 40 and 10
MOST_BY_HAND = 3
MOST_MIRRORS = 10


def screens() -> list[Path]:
    """The screens outside the kit and the felt."""
    out = []
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(UI).as_posix()
        if rel.startswith(("kit/", "game/")) or rel == "table_scene.py":
            continue
        out.append(path)
    return out


def count(pattern: re.Pattern[str]) -> int:
    return sum(
        len(pattern.findall(line))
        for path in screens()
        for line in path.read_text(encoding="utf-8").splitlines()
        if "def is_rtl" not in line
    )


def test_coordinates_placed_by_hand_only_go_down() -> None:
    n = count(BY_HAND)
    assert n <= MOST_BY_HAND, (
        f"{n} coordinates placed by hand (at most {MOST_BY_HAND}): use the kit"
    )


def test_mirroring_a_coordinate_at_a_time_only_goes_down() -> None:
    n = count(MIRROR)
    assert n <= MOST_MIRRORS, f"{n} is_rtl() outside the kit (at most {MOST_MIRRORS}): use the kit"


def test_the_kit_itself_places_nothing_by_hand() -> None:
    kit = UI / "kit"
    text = "\n".join(p.read_text(encoding="utf-8") for p in kit.glob("*.py"))
    assert not BY_HAND.search(text)
