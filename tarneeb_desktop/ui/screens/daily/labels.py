"""How the daily-deals screens word a result: a signed score, a contract and its seat."""

from __future__ import annotations

from tarneeb_desktop.session import daily
from tarneeb_desktop.ui import i18n
from tarneeb_desktop.ui.game.labels import call_label
from tarneeb_desktop.ui.i18n import N_, tr

SEATS = (N_("South"), "East", "North", "West")


def signed(n: int | None) -> str:
    """A deal's score as the language writes a signed number; "" when there is none."""
    return "" if n is None else i18n.signed(n)


def seat_word(seat: int | None) -> str:
    return "" if seat is None else tr(SEATS[seat])


def contract_text(res: daily.PlayResult | None) -> str:
    """ "North 8", "Bid 5" (41) or "Thrown in"."""
    if res is None:
        return ""
    if res.contract is None:
        return tr("Thrown in")
    call = tr("Bid {bid}", bid=res.contract) if res.bids is not None else call_label(res.contract)
    return f"{seat_word(res.declarer)} {call}"
