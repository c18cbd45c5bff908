"""Small JSON files in the user's folder: atomic writes, and broken files kept aside."""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

__all__ = ["load_json", "set_aside", "take_set_aside", "write_json_atomic"]

#: every file set aside and not yet reported, as (the file, where its broken copy went): the
#: window tells the player in words (``ui/screens/file_notice.py``) and empties it
_SET_ASIDE: list[tuple[Path, Path]] = []


def take_set_aside(folder: Path) -> list[tuple[Path, Path]]:
    """The files of ``folder`` (the player's folder) set aside since the last call, oldest
    first, each reported once (those of another folder are dropped)."""
    out = list(_SET_ASIDE)
    del _SET_ASIDE[: len(out)]
    return [(p, k) for p, k in out if k.is_relative_to(folder)]


def write_json_atomic(path: str | os.PathLike[str], doc: Any) -> None:
    """Write JSON to ``path`` through a temporary file and a rename, so a crash never
    leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path | None:
    """Rename a broken file to ``NAME.broken-YYYYmmdd-HHMMSS`` for inspection."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        log.exception("could not set aside %s", path)
        return None
    _SET_ASIDE.append((path, target))
    return target


def load_json(path: Path) -> tuple[Any | None, str | None]:
    """Read a JSON file. Returns (data, None); (None, None) when the file does not exist;
    or (None, problem) when it is unreadable or not JSON, after setting it aside."""
    if not path.exists():
        return None, None
    try:
        text = path.read_text(encoding="utf-8")
        return json.loads(text), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        kept = set_aside(path)
        where = f"; it was kept as {kept.name}" if kept else ""
        return None, f"{path.name} could not be read ({type(exc).__name__}){where}"
