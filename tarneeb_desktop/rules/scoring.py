"""The scoring tables of rules.md as one pure function."""

from __future__ import annotations

from tarneeb_desktop.rules.options import Rules


def score_hand(rules: Rules, bid: int, taken: int, doubled: bool = False) -> tuple[int, int]:
    """Points for (declarers, defenders) when a contract of ``bid`` tricks took ``taken``.

    >>> from tarneeb_desktop.rules.options import make_rules
    >>> score_hand(make_rules("standard"), 10, 7)
    (-10, 6)
    >>> score_hand(make_rules("egyptian"), 10, 8, doubled=True)
    (-20, 4)
    """
    d = 13 - taken
    if taken == 13:
        pts = (rules.kaboot_bid_points if bid == 13 else rules.kaboot_points, 0)
    elif taken >= bid:
        made = taken if rules.made_points == "tricks" else bid
        pts = (made, d if rules.defenders_always_score else 0)
    elif bid == 13:
        pts = (
            rules.kaboot_failed_points,
            2 * d if rules.kaboot_failed_defenders == "double" else d,
        )
    else:
        declarers = -bid if rules.failed_declarers == "minus_bid" else 0
        defenders = d if rules.failed_defenders == "tricks" else bid - taken
        pts = (declarers, defenders)
    if doubled:
        f = rules.double_factor
        return pts[0] * f, pts[1] * f
    return pts
