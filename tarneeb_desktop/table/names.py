"""The players' names at one table: never two alike.

A person keeps the name they chose; a computer named like a person (or like another seat)
gives way and takes the first of the usual players' names nobody has, else its own name
numbered ("Karim 2"). Letter case does not make two names different. Every table set up in
this process (``session.local_table``) and the LAN host (``net/host_lobby.py``) use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarneeb_desktop.table.savegame import DEFAULT_NAMES

#: Names of computer players a table gives its seats (seats 1-3 take the default players'
#: names; seat 0, the person's seat offline, a name of its own).
COMPUTER_NAMES = ("Nadia", *DEFAULT_NAMES[1:4])
#: Names a tournament's computer players take in turn (more than one table's four: a
#: tournament has up to eight teams).
TOURNAMENT_NAMES = (
    *DEFAULT_NAMES[1:4], "Nour", "Sami", "Rana", "Tarek", "Hala",
    "Fadi", "Maya", "Ziad", "Yara", "Rami", "Dana", "Hadi", "Salma",
)  # fmt: skip


def numbered(name: str, taken: set[str], limit: int | None = None) -> str:
    """``name``, or ``name 2`` (3, ...) when ``taken`` (casefolded) has it already; cut so
    that the whole is at most ``limit`` characters."""
    out, n = name, 2
    while out.casefold() in taken:
        suffix = f" {n}"
        base = name if limit is None else name[: limit - len(suffix)]
        out, n = base + suffix, n + 1
    return out


def unique_names(names: Sequence[str], people: Sequence[int]) -> list[str]:
    """``names`` per seat with the computers' changed where they clash: with a person's
    (the person keeps theirs) or with a seat before them."""
    out = list(names)
    persons = {out[s].casefold() for s in people if 0 <= s < len(out)}
    for seat, name in enumerate(out):
        if seat in people:
            continue
        others = {
            n.casefold() for k, n in enumerate(out) if k != seat and (k in people or k < seat)
        }
        if name.casefold() not in others:
            continue
        taken = persons | {n.casefold() for k, n in enumerate(out) if k != seat}
        free = [n for n in (*COMPUTER_NAMES, *DEFAULT_NAMES) if n.casefold() not in taken]
        out[seat] = free[0] if free else numbered(name, taken)
    return out
