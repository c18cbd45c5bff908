"""What the main menu's Continue goes on with: the newest of the offline game saved, the
tournament in progress and a daily deal left half way (issue 47: the window reads no save
file and decides nothing of them; it asks here and words the answer).

The tournament's and the daily deal's modules (and all they import) load only when their
files are there: a faster start for a player who has neither."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from tarneeb_desktop.paths import user_data_dir
from tarneeb_desktop.table.resume import SavedSummary, saved_summary
from tarneeb_desktop.table.savegame import SaveError

if TYPE_CHECKING:
    from tarneeb_desktop.session.daily.halfway import HalfPlayed

#: ``session.tournament.TOURNAMENT_FILE``, looked for before that module is imported (a test
#: checks they agree)
TOURNAMENT_FILE = "tournament.json"

Kind = Literal["game", "tournament", "daily"]


@dataclass(frozen=True)
class Resumable:
    """The saves Continue could go on with. ``game``: the offline game in short;
    ``tournament``: when the tournament in progress was saved; ``daily``: the daily deal
    left half way; ``damaged``: why the offline game's save could not be read (it has been
    set aside, so this is said once)."""

    game: SavedSummary | None = None
    tournament: float | None = None
    daily: HalfPlayed | None = None
    damaged: str | None = None

    @property
    def first(self) -> Kind | None:
        """The newest save, the one Continue goes on with; on a tie the daily deal, then the
        tournament; None when there is nothing to continue."""
        saves: list[tuple[float, int, Kind]] = []
        if self.daily is not None:
            saves.append((self.daily.saved_at, 2, "daily"))
        if self.tournament is not None:
            saves.append((self.tournament, 1, "tournament"))
        if self.game is not None:
            saves.append((self.game.saved_at, 0, "game"))
        return max(saves)[2] if saves else None


def resumable(notices: list[str] | None = None, home: Path | None = None) -> Resumable:
    """What there is to continue, read now. A damaged tournament save is set aside and said
    in ``notices``; a damaged offline game's in ``Resumable.damaged``."""
    home = home or user_data_dir()
    tournament = None
    if (home / TOURNAMENT_FILE).exists():
        from tarneeb_desktop.session.tournament import in_progress

        tournament = in_progress(notices)
    game, damaged = None, None
    try:
        game = saved_summary()
    except SaveError as exc:
        damaged = str(exc)
    except OSError:
        pass
    daily = None
    if any((home / "daily").glob("deal-*.json")):
        from tarneeb_desktop.session.daily.halfway import half_played

        daily = half_played()
    return Resumable(game, tournament, daily, damaged)
