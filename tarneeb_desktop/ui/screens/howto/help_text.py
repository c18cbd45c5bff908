"""The "How to play" pages: a title, a few short translated paragraphs, the picture drawn
beside them (``howto_pictures``) and, on the last page, the table's keys.

Each paragraph is its own ``tr`` literal so that Babel's extractor (``tools/i18n.py``) finds it and a
translator can reflow it freely; the help screen wraps them to its width."""

from __future__ import annotations

from dataclasses import dataclass, field

from tarneeb_desktop.ui.i18n import tr


@dataclass(frozen=True)
class Page:
    """One page: ``picture`` names the drawing beside the text (see ``howto_pictures``)."""

    key: str
    title: str
    paragraphs: list[str]
    picture: str
    keys: list[tuple[str, str]] = field(default_factory=list)  # (key cap, what it does)


def title() -> str:
    return tr("How to play")


def pages() -> list[Page]:
    """Every page in the current language, in reading order."""
    return [
        Page(
            "deal",
            tr("The deal and the teams"),
            [
                tr(
                    "Tarneeb is played by four players in two teams. Your partner sits opposite "
                    "you; the players on your left and right are your opponents."
                ),
                tr(
                    "Every hand, all 52 cards are dealt, 13 to each player. The deal and the play "
                    "go round to the right, starting with the player to the dealer's right."
                ),
                tr("New to the game? The tutorial deals you one hand and guides every click."),
            ],
            "table",
        ),
        Page(
            "bidding",
            tr("Bidding"),
            [
                tr(
                    "The auction: each player in turn bids the number of tricks their team "
                    "promises to take, from 7 to 13, or passes. A bid must be higher than the one "
                    "before. A player who passes is out of the auction; the highest bid wins. If "
                    "everybody passes, the cards are dealt again."
                ),
                tr(
                    "On your turn, bid with the buttons above your hand or with the keys: 7, 8 "
                    "and 9, then 0, 1, 2 and 3 for 10 to 13, and P to pass."
                ),
            ],
            "bids",
        ),
        Page(
            "trump",
            tr("Naming trump"),
            [
                tr(
                    "The player who wins the auction names the trump suit and leads the first "
                    "card. Trumps beat every card of the other suits."
                ),
                tr(
                    "Choose a suit in which you hold many cards, with high ones among them: once "
                    "you run out of another suit, each trump you still hold can win a trick."
                ),
            ],
            "trump",
        ),
        Page(
            "trick",
            tr("Playing a trick"),
            [
                tr(
                    "The play: you must follow the suit that was led if you can. If you cannot, "
                    "play any card, a trump or a discard. The highest trump wins the trick, or, "
                    "when no trump was played, the highest card of the suit led. The winner leads "
                    "the next trick."
                ),
                tr(
                    "In the picture spades are trump. West led a diamond; you had none left and "
                    "played the 3 of spades, which beats even the king of diamonds."
                ),
            ],
            "trick",
        ),
        Page(
            "scoring",
            tr("Scoring"),
            [
                tr(
                    "Scoring: when your team makes its bid, it scores the tricks it took. When it "
                    "fails, it loses the amount it bid and the other team scores the tricks they "
                    "took."
                ),
                tr(
                    "Kaboot: taking all 13 tricks scores 16 points, or 26 when 13 was the bid. "
                    "Bidding 13 and failing costs 16 points."
                ),
                tr(
                    "The first team to reach the target (31 points in the standard game) wins. "
                    "Scores can go below zero."
                ),
            ],
            "scores",
        ),
        Page(
            "variants",
            tr("The variants"),
            [
                tr(
                    "Egyptian Tarneeb: each bid also names its trump suit or no trump, clubs "
                    "lowest and no trump highest. When only one bid was made, the declarer may "
                    "double. The game goes to 41. Every rule can be changed in the settings."
                ),
                tr(
                    "Other tables score a failed bid differently, play to another target or let "
                    "each player call only once: each of these is an option in the settings, "
                    "with a line that explains it."
                ),
            ],
            "suited",
        ),
        Page(
            "game41",
            tr("41 and 400"),
            [
                tr(
                    "41 (in Syria) and 400 (in Lebanon) keep the teams, the deal and the play, "
                    "but each player bids once, alone, the number of tricks they will take "
                    "themselves. Nobody passes, and hearts are always trump."
                ),
                tr(
                    "Take at least as many tricks as you bid and you gain the bid's value; "
                    "otherwise you lose it. A bid of 7 or more is worth double (7 is worth 14). "
                    "In 400, 5 and 6 are also worth double while your own score is below 30, 9 "
                    "is worth 27 and 10 or more is worth 40."
                ),
                tr(
                    "When the four bids add up to less than the minimum (11 at the start), the "
                    "cards are dealt again. A team wins when one of its players reaches 41 while "
                    "the partner's score is above zero."
                ),
            ],
            "game41",
        ),
        Page(
            "controls",
            tr("Using the table"),
            [
                tr(
                    "Play a card by clicking it, by dragging it to the middle, or with the arrow "
                    "keys and Enter. Only the cards you may play lift."
                ),
            ],
            "hand",
            keys=[
                ("H", tr("A hint: what a strong player would do")),
                ("C", tr("Claim the remaining tricks when every card you hold wins")),
                ("L", tr("The last trick, until you press L again (a click on the pile too)")),
                ("A", tr("The auction of this hand")),
                ("U", tr("Undo your last move (when the setting is on)")),
                ("V", tr("Every card played so far")),
                ("S", tr("The score sheet")),
                ("Esc", tr("The menu")),
                ("F11", tr("Full screen")),
            ],
        ),
    ]


def paragraphs() -> list[str]:
    """Every paragraph of every page, in order (and each key's line)."""
    out: list[str] = []
    for page in pages():
        out.extend(page.paragraphs)
        out.extend(line for _, line in page.keys)
    return out
