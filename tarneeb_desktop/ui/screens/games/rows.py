"""What a row of Finished games says, in the player's words (the rules, the players, the
result), and why a file could not be imported."""

from __future__ import annotations

import re

from tarneeb_desktop.settings import LANGUAGES
from tarneeb_desktop.table.history import KeptGame, KeptGameError
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.labels import comma
from tarneeb_desktop.ui.i18n import tr
from tarneeb_desktop.ui.screens.settings.rows import CHOICE_LABELS
from tarneeb_desktop.ui.text_runs import rtl_run


def shown_name(name: str) -> str:
    """A name the setup made ("Tournament 2026-12-01 21:12", in any language) in this
    language's word; one the player typed as it is. A left-to-right mark keeps the date and
    time in order after an Arabic word (else "21:12 01-12-2026")."""
    m = re.fullmatch(r"(.+) (\d{4}-\d{2}-\d{2} \d{2}:\d{2})", name)
    if m is None or m.group(1) not in tournament_words():
        return name
    return f"{tr('Tournament')} {i18n.ltr_mark()}{m.group(2)}"


def tournament_words() -> set[str]:
    """ "Tournament" in every language of the game."""
    return {"Tournament", *(i18n._load(code).gettext("Tournament") for code in LANGUAGES)}


def preset_word(preset: str) -> str:
    """A preset in the words Settings uses for it (an unknown one as it is written)."""
    return tr(CHOICE_LABELS[preset]) if preset in CHOICE_LABELS else preset


def rules_text(g: KeptGame) -> str:
    """The rules as the player reads them: the preset's name, then any option changed."""
    preset = str(g.rules.get("preset", "standard"))
    changes = [option_text(p.strip()) for p in g.rules_label.split(",")[1:]]
    text = comma().join([rtl_run(preset_word(preset)), *changes])
    if g.tournament:
        name = rtl_run(shown_name(g.tournament))
        text += "  \u00b7  " + tr("{name}, game {n}", name=name, n=g.game or 1)
    if g.taken_back:
        text += "  \u00b7  " + tr("undo used")
    return text


def option_text(change: str) -> str:
    """An option changed from the preset ("to 11" for ``target=11``; else as written)."""
    key, _, value = change.partition("=")
    if key == "target" and value.isdigit():
        return tr("to {n}", n=int(value))
    return rtl_run(change)


def players_text(g: KeptGame) -> str:
    """``Sami & Omar vs Rana & Hala``: partners together (seats 0 and 2 against 1 and 3).
    Right to left, each team is one run (``Nadia & Layla`` reads as on every other
    screen, not ``Layla & Nadia``: a mark after each name would turn the pair around)."""
    if len(g.players) != 4:
        return ", ".join(g.players)
    # no-break spaces inside a team: a long cell wraps between the teams, never in the
    # middle of one (issue 48 item 24: "Layla &" / "Nadia vs Hala & Tarek" in Arabic)
    p = [name.replace(" ", NBSP) for name in g.players]
    a = rtl_run(f"{p[0]}{NBSP}&{NBSP}{p[2]}")
    b = rtl_run(f"{p[1]}{NBSP}&{NBSP}{p[3]}")
    return tr("{a} vs {b}", a=a, b=b)


def result_text(g: KeptGame) -> str:
    """``31 : 20, Karim and Omar win``. Right to left, a mark ends the score's run: a
    negative total's sign would otherwise draw the name into it ("-16، Sami : 14")."""
    score = rtl_run(f"{g.totals[0]} : {g.totals[1]}")
    sep = comma()  # the Arabic comma in Arabic
    if g.closed:  # a LAN table its host closed before the end
        return f"{score}{sep}{tr('the host closed the table')}"
    if g.winner is None or len(g.players) != 4:
        return score
    a, b = rtl_run(g.players[g.winner]), rtl_run(g.players[g.winner + 2])
    return f"{score}{sep}{tr('{a} and {b} win', a=a, b=b)}"


def import_words(exc: KeptGameError, name: str) -> str:
    """Why a file could not be imported, in the player's words (issue 48 item 13): hands
    and moves counted from 1, no names of the program's own."""
    name = rtl_run(name)
    err = exc.record_error
    if exc.kind == "missing":
        return tr("There is no file {name} any more", name=name)
    if exc.kind == "folder":
        return tr("{name} is a folder, not a game record", name=name)
    if exc.kind == "unreadable":
        return tr("{name} cannot be read: it may be open in another program", name=name)
    if err is None or err.hand is None:
        return tr("{name} is not a game record, or it is damaged", name=name)
    at, n = err.at or "", err.hand + 1
    k = at.partition("[")[2].rstrip("]")
    move = int(k) + 1 if k.isdigit() else None
    if at.startswith("plays") and move is not None:
        where = tr("in hand {n}, card {k} played breaks the rules", n=n, k=move)
    elif at.startswith("calls") and move is not None:
        where = tr("in hand {n}, call {k} breaks the rules", n=n, k=move)
    elif at == "cards":
        where = tr("in hand {n}, the cards dealt are not a deal", n=n)
    else:
        where = tr("hand {n} breaks the rules", n=n)
    return tr("{name} cannot be imported: {where}", name=name, where=where)


NBSP = "\u00a0"
