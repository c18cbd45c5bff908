"""The table layer: the one game flow (:mod:`.flow`), its seats (:mod:`.seats`), the worker
pool (:mod:`.pool`), saves (:mod:`.savegame`) and protocol bots (:mod:`.bots`)."""

from tarneeb_desktop.table.legacy import AIWorker, Table, safe_choose

__all__ = ["AIWorker", "Table", "safe_choose"]
