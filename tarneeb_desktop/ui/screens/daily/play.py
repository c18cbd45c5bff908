"""A daily deal at the table: the normal table scene on one deal, from 0-0, the person at South.

Saved after every call and card; each frame it also moves the computer's own play of the
same deal on (``DailySet.tick``), never showing it. Once the hand is scored or thrown in,
the person's result is worked out on the pool and the daily screen shows the comparison.
Leaving keeps the deal where it was: Continue and the daily screen's Play go on from there.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from tarneeb_desktop.session import daily
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.table_scene import TableScene

if TYPE_CHECKING:
    from tarneeb_desktop.ui.app import App


def player_names(app: App) -> list[str]:
    name = app.settings.names[0] if app.settings.names else ""
    return [name if name not in ("", "You") else tr("You"), tr("East"), tr("North"), tr("West")]


class DailyTableScene(TableScene):
    """Deal ``index`` of ``dset`` at the table; ``done(index)`` when the person's result is
    kept."""

    def __init__(
        self,
        app: App,
        dset: daily.DailySet,
        index: int,
        *,
        done: Callable[[int], None],
        inline_ai: bool = False,
    ) -> None:
        inline = inline_ai or app.settings.speed_factor == 0
        link = daily.person_link(dset.code, index, dset.level, player_names(app), inline=inline,
                                 save=dset.deal_save())  # fmt: skip
        deal = daily.deal_of(dset.code, index)
        super().__init__(app, None, seed=deal.seed, link=link, inline_ai=inline)
        self.dset, self.index = dset, index
        self.done_cb = done
        self.result_job: Future[daily.PlayResult] | None = None
        self.link.set_auto_single(bool(getattr(app.settings, "auto_play_single", False)))
        dset.start(index)

    def busy(self) -> bool:
        # the computer's play moves on while the person thinks: frames must keep coming
        return super().busy() or self.dset.computing() or self.result_job is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        table = self.table
        # the computer's play uses the worker only while this table waits for the person
        # (or is over), so the partner's and opponents' decisions never queue behind it
        if table is None or table.automatic_turn() is None:
            self.dset.tick()
        if self.result_job is not None:
            if self.result_job.done():
                self._finish()
            return
        if table is None or not daily.hand_over(table.state):
            return
        # thrown in: no summary; the next deal's animation is never shown
        row = table.state.history[0]
        if row.declarer is None and row.bids is None and self.pv.hand_number > 1:
            self._work_out()

    def _work_out(self) -> None:
        if self.result_job is None:
            table = self.table
            self.result_job = self.link.pool.submit(daily.result_of, table.state, table.names)

    def _finish(self) -> None:
        job, self.result_job = self.result_job, None
        assert job is not None
        try:
            result = job.result()
        except Exception:  # the analysis line is an extra: keep the result without it
            result = daily.result_of(self.table.state, self.table.names, analyse=False)
        self.dset.person_played(self.index, result)
        self.finished = True
        self.done_cb(self.index)

    def score_heading(self) -> str:
        """The score panel's corner: which deal of the set this is (no score to reach)."""
        return tr("Deal {n} of {total}", n=self.index + 1, total=daily.DEALS)

    def hidden_actions(self) -> set[str]:
        # the summary's Review opens the viewer on this deal (Back: this table, the summary
        # still open); no rematch or export here
        return super().hidden_actions() | {"rematch", "export"}

    def overlay_action(self, action: str) -> None:
        kind = self.overlay.kind if self.overlay else ""
        if kind in ("summary", "gameover") and action in ("close", "next", "menu", "leave"):
            self.overlay = None
            self._work_out()
            self.invalidate()
            return
        if action in ("menu", "leave"):  # the pause menu's "Main menu": the deal stays saved
            self.overlay = None
            self.link.close()
            self.dset.stop()  # the computer's play of it goes on when the deal does
            self.app.show_menu()
            return
        super().overlay_action(action)

    def on_hide(self) -> None:
        # the deal stays saved (after its last card): Play goes on with it
        if not getattr(self, "reviewing", False):
            self.link.close()
