"""The "How to play" text: a friendly summary of the rules, one translated paragraph each."""

from __future__ import annotations

from tarneeb_desktop.ui.i18n import tr


def title() -> str:
    return tr("How to play")


def paragraphs() -> list[str]:
    """The rules and the controls, in the current language, one paragraph per item.

    Each paragraph is its own ``tr`` literal so that ``tools/extract_strings.py`` finds it and
    a translator can reflow it freely; the help screen wraps them to its width."""
    return [
        tr(
            "Tarneeb is played by four players in two teams. Your partner sits opposite you; "
            "the players on your left and right are your opponents."
        ),
        tr(
            "Every hand, all 52 cards are dealt, 13 to each player. The deal and the play go "
            "round to the right, starting with the player to the dealer's right."
        ),
        tr(
            "The auction: each player in turn bids the number of tricks their team promises to "
            "take, from 7 to 13, or passes. A bid must be higher than the one before. A player "
            "who passes is out of the auction; the highest bid wins. If everybody passes, the "
            "cards are dealt again."
        ),
        tr(
            "The player who wins the auction names the trump suit and leads the first card. "
            "Trumps beat every card of the other suits."
        ),
        tr(
            "The play: you must follow the suit that was led if you can. If you cannot, play "
            "any card, a trump or a discard. The highest trump wins the trick, or, when no "
            "trump was played, the highest card of the suit led. The winner leads the next "
            "trick."
        ),
        tr(
            "Scoring: when your team makes its bid, it scores the tricks it took. When it fails, "
            "it loses the amount it bid and the other team scores the tricks they took."
        ),
        tr(
            "Kaboot: taking all 13 tricks scores 16 points, or 26 when 13 was the bid. Bidding "
            "13 and failing costs 16 points."
        ),
        tr(
            "The first team to reach the target (31 points in the standard game) wins. Scores "
            "can go below zero."
        ),
        tr(
            "Egyptian Tarneeb: each bid also names its trump suit or no trump, clubs lowest and "
            "no trump highest. When only one bid was made, the declarer may double. The game "
            "goes to 41. Every rule can be changed in the settings."
        ),
        tr(
            "Controls: drag a card to the middle, click it, or choose it with the arrow keys and "
            "press Enter. Only the cards you may play lift. Bid with the buttons, the digit keys "
            "and P to pass. H gives a hint, L shows the last trick, S the score sheet, Esc opens "
            "the menu and F11 switches full screen."
        ),
        tr(
            "When every card you hold is sure to win, you may claim the remaining tricks with "
            "the button or C. After each hand, the summary says how many tricks the declarers "
            "could have taken with every card in view."
        ),
        tr("V shows every card played so far; the menu (Esc) has it too."),
    ]
