"""Games added to the kept games from outside the window's own tables: a record file the
player imports (:func:`import_record`) and the record a LAN host sends when its game ends
or it closes the table (:func:`keep_played`). Neither adds a game kept already
(``history.find_kept``: the same rules, deals, calls and cards, whatever the file's or the
players' names)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tarneeb_desktop.record import RecordError, replay
from tarneeb_desktop.storage import write_json_atomic
from tarneeb_desktop.table.history import (
    KEPT_FORMAT,
    AlreadyKeptError,
    KeptGameError,
    file_time,
    find_kept,
    free_name,
    games_dir,
    kept_row,
    prune,
    summary_of,
    why_not_record,
)


def import_record(source: Path, folder: Path | None = None) -> Path:
    """Add a record file (an export, a ``--save-records`` file, a bug report's) to the kept
    games; returns the kept file. KeptGameError with a sentence when it cannot be read or
    is not a legal record (the source is left as it is); AlreadyKeptError, adding nothing,
    when the same game is kept already (:func:`find_kept`)."""
    source = source.expanduser()
    try:
        doc = json.loads(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KeptGameError(f"there is no file {source}", "missing") from None
    except IsADirectoryError:
        raise KeptGameError(f"{source} is a folder, not a game record", "folder") from None
    except OSError as exc:
        raise KeptGameError(f"{source.name} cannot be read ({exc})", "unreadable") from None
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        why = f"{source.name} is not a game record ({type(exc).__name__})"
        raise KeptGameError(why, "not_record") from None
    if not isinstance(doc, dict) or doc.get("format") != "tarneeb-record/1":
        raise KeptGameError(f"{source.name} is not a game record", "not_record")
    kept = doc.get("kept")
    try:
        if not (isinstance(kept, dict) and kept.get("format") == KEPT_FORMAT):
            doc["kept"] = summary_of(doc, file_time(source))
        elif kept_row(source, doc) is None:
            replay(doc)  # the rules' sentence, if the record breaks them
            raise KeptGameError(f"{source.name}: {why_not_record(doc)}", "not_record")
        else:
            replay(doc)
    except RecordError as exc:
        raise KeptGameError(f"{source.name}: {exc.sentence()}", "rules", exc) from None
    except RecursionError:
        why = f"{source.name} is nested too deeply to be a record"
        raise KeptGameError(why, "not_record") from None
    folder = games_dir() if folder is None else folder
    same = find_kept(doc, folder)
    if same is not None:
        raise AlreadyKeptError(f"{source.name} is a game already kept", same)
    folder.mkdir(parents=True, exist_ok=True)
    when = datetime.fromisoformat(doc["kept"]["finished"])
    when = when if when.tzinfo else when.replace(tzinfo=UTC)
    target = free_name(folder, when)
    write_json_atomic(target, doc)
    return target


def keep_played(
    doc: dict[str, Any],
    people: Sequence[int],
    *,
    closed: bool = False,
    folder: Path | None = None,
    now: datetime | None = None,
) -> Path | None:
    """Keep a game played at a LAN table from its record as the host sent it (at its end, or
    when the host closed the table before it: ``closed``), judged from the seats ``people``
    of this screen. Returns the kept file, or None when the same game is kept already (the
    host's window and a player's at one computer). RecordError when ``doc`` is not a legal
    record; OSError when it cannot be written."""
    if not isinstance(doc, dict) or doc.get("format") != "tarneeb-record/1":
        raise RecordError("not a game record")
    doc = {k: v for k, v in doc.items() if k != "kept"}
    kept = summary_of(doc, now or datetime.now(UTC))
    folder = games_dir() if folder is None else folder
    if find_kept(doc, folder) is not None:
        return None
    kept["people"] = sorted({p for p in people if 0 <= p <= 3})
    if closed:
        kept["closed"] = True
    doc["kept"] = kept
    folder.mkdir(parents=True, exist_ok=True)
    path = free_name(folder, datetime.fromisoformat(kept["finished"]))
    write_json_atomic(path, doc)
    prune(folder)
    return path
