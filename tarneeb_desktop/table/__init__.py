"""The table layer: the one game flow (:mod:`.flow`), its seats (:mod:`.seats`), the worker
pool (:mod:`.pool`), links for the window (:mod:`.link`), saves (:mod:`.savegame`),
protocol bots (:mod:`.bots`), tournaments (:mod:`.tournament`) and kept games
(:mod:`.history`). See docs/architecture.md."""

from tarneeb_desktop.table.flow import Change, Table
from tarneeb_desktop.table.seats import (
    ComputerSeat,
    FunctionSeat,
    NetworkSeat,
    PersonSeat,
    Seat,
    decide,
)

__all__ = [
    "Change",
    "ComputerSeat",
    "FunctionSeat",
    "NetworkSeat",
    "PersonSeat",
    "Seat",
    "Table",
    "decide",
]
