"""What leaves the engine: a hand's result row and a seat's view (the bot protocol's VIEW).

In ``game = "41"`` both carry per-seat fields beside the per-team ones: a row's ``bids``,
``seat_tricks``, ``seat_points`` and ``seat_totals``; a view's ``bids`` (None for a seat that
has not bid yet), ``seat_tricks`` and ``seat_scores``. The per-team fields then hold the
partners' sums. In Tarneeb the per-seat fields are None and the dicts do not have them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tarneeb_desktop.rules.cards import CARD_NAMES, STRAINS, cards_of
from tarneeb_desktop.rules.errors import MalformedError
from tarneeb_desktop.rules.options import Rules, rules_from_dict

Seats = tuple[int, int, int, int]


def seats_of(values: Any) -> Seats:
    """Four numbers, one per seat, from a JSON list."""
    return (int(values[0]), int(values[1]), int(values[2]), int(values[3]))


def teams_of(seats: Seats) -> tuple[int, int]:
    """The partners' sums: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return (seats[0] + seats[2], seats[1] + seats[3])


@dataclass(frozen=True)
class HandResult:
    """One hand as it was dealt and played, with its score: a row of a game record."""

    dealer: int
    cards: tuple[int, int, int, int]
    redeal: int | None
    calls: tuple[str, ...]
    trump: str | None
    plays: tuple[str, ...]
    declarer: int | None
    contract: str | None
    doubled: bool
    tricks: tuple[int, int]
    points: tuple[int, int]
    totals: tuple[int, int]
    # game = "41" only (None in Tarneeb): per seat
    bids: Seats | None = None
    seat_tricks: Seats | None = None
    seat_points: Seats | None = None
    seat_totals: Seats | None = None

    def public(self) -> HandResult:
        """The row without the cards: a thrown-in hand's cards were never shown."""
        return replace(self, cards=(0, 0, 0, 0), plays=())

    def summary(self) -> dict[str, Any]:
        """The row ``tarneeb replay --json`` prints for this hand (per seat in 41)."""
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "declarer": self.declarer,
            "contract": self.contract,
            "doubled": self.doubled,
            "trump": self.trump,
        }
        if self.bids is not None:
            assert self.seat_tricks and self.seat_points and self.seat_totals
            out["bids"] = list(self.bids)
            out["tricks"] = list(self.seat_tricks)
            out["points"] = list(self.seat_points)
            out["totals"] = list(self.seat_totals)
            return out
        out["tricks"] = list(self.tricks)
        out["points"] = list(self.points)
        out["totals"] = list(self.totals)
        return out

    @classmethod
    def from_summary(cls, r: dict[str, Any]) -> HandResult:
        """The public row (no cards, calls or plays) back from :meth:`summary`."""
        common: dict[str, Any] = {
            "dealer": int(r["dealer"]),
            "cards": (0, 0, 0, 0),
            "redeal": None,
            "calls": (),
            "trump": r.get("trump"),
            "plays": (),
            "declarer": r.get("declarer"),
            "contract": r.get("contract"),
            "doubled": bool(r.get("doubled", False)),
        }
        if r.get("bids") is not None:
            tricks, points, totals = (seats_of(r[k]) for k in ("tricks", "points", "totals"))
            return cls(
                **common,
                tricks=teams_of(tricks),
                points=teams_of(points),
                totals=teams_of(totals),
                bids=seats_of(r["bids"]),
                seat_tricks=tricks,
                seat_points=points,
                seat_totals=totals,
            )
        return cls(
            **common,
            tricks=(int(r["tricks"][0]), int(r["tricks"][1])),
            points=(int(r["points"][0]), int(r["points"][1])),
            totals=(int(r["totals"][0]), int(r["totals"][1])),
        )


_new_object = object.__new__


def tarneeb_row(
    dealer: int,
    cards: tuple[int, int, int, int],
    redeal: int | None,
    calls: tuple[str, ...],
    trump: str | None,
    plays: tuple[str, ...],
    declarer: int | None,
    contract: str | None,
    doubled: bool,
    tricks: tuple[int, int],
    points: tuple[int, int],
    totals: tuple[int, int],
) -> HandResult:
    """``HandResult(...)`` of a Tarneeb hand (41's fields None), built without the frozen
    dataclass's ``__init__``, which sets its 16 fields one ``object.__setattr__`` at a time
    (the engine makes one a hand). The same object: equal, printed and pickled alike."""
    row = _new_object(HandResult)
    row.__dict__.update(
        {
            "dealer": dealer,
            "cards": cards,
            "redeal": redeal,
            "calls": calls,
            "trump": trump,
            "plays": plays,
            "declarer": declarer,
            "contract": contract,
            "doubled": doubled,
            "tricks": tricks,
            "points": points,
            "totals": totals,
            "bids": None,
            "seat_tricks": None,
            "seat_points": None,
            "seat_totals": None,
        }
    )
    return row


@dataclass(frozen=True)
class View:
    """What one seat may know: the only thing a player, AI, bot or client receives."""

    seat: int
    rules: Rules
    scores: tuple[int, int]
    hand_number: int
    dealer: int
    phase: str
    turn: int | None
    hand: tuple[str, ...]
    calls: tuple[tuple[int, str], ...]
    declarer: int | None
    contract: str | None
    doubled: bool
    trump: str | None
    tricks: tuple[tuple[int, tuple[str, ...], int], ...]
    trick: tuple[int, tuple[str, ...]] | None
    tricks_won: tuple[int, int]
    legal: tuple[str, ...]
    hand_sizes: tuple[int, int, int, int]
    results: tuple[HandResult, ...] = field(default=(), compare=True)
    winner: int | None = None
    # game = "41" only (None in Tarneeb): per seat
    bids: tuple[int | None, int | None, int | None, int | None] | None = None
    seat_tricks: Seats | None = None
    seat_scores: Seats | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the bot protocol's VIEW."""
        d: dict[str, Any] = {
            "seat": self.seat,
            "rules": self.rules.full_dict(),
            "scores": list(self.scores),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "hand": list(self.hand),
            "calls": [{"seat": s, "call": c} for s, c in self.calls],
            "declarer": self.declarer,
            "contract": self.contract,
            "doubled": self.doubled,
            "trump": self.trump,
            "tricks": [
                {"leader": lead, "cards": list(cards), "winner": win}
                for lead, cards, win in self.tricks
            ],
            "trick": None
            if self.trick is None
            else {"leader": self.trick[0], "cards": list(self.trick[1])},
            "tricks_won": list(self.tricks_won),
            "legal": list(self.legal),
            "hand_sizes": list(self.hand_sizes),
            "results": [r.summary() for r in self.results],
            "winner": self.winner,
        }
        if self.bids is not None:
            d["bids"] = list(self.bids)
            d["seat_tricks"] = list(self.seat_tricks or (0, 0, 0, 0))
            d["seat_scores"] = list(self.seat_scores or (0, 0, 0, 0))
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> View:
        """Parse the protocol's VIEW (as sent by :meth:`to_dict`)."""
        try:
            trick = d.get("trick")
            hand = tuple(str(c) for c in d["hand"])
            sizes = d.get("hand_sizes") or [len(hand)] * 4
            results = tuple(HandResult.from_summary(r) for r in d.get("results", []))
            turn = d.get("turn")
            bids = d.get("bids")
            return cls(
                seat=int(d["seat"]),
                rules=rules_from_dict(d["rules"]),
                scores=(int(d["scores"][0]), int(d["scores"][1])),
                hand_number=int(d["hand_number"]),
                dealer=int(d["dealer"]),
                phase=str(d["phase"]),
                turn=None if turn is None else int(turn),
                hand=hand,
                calls=tuple((int(c["seat"]), str(c["call"])) for c in d["calls"]),
                declarer=d.get("declarer"),
                contract=d.get("contract"),
                doubled=bool(d.get("doubled", False)),
                trump=d.get("trump"),
                tricks=tuple(
                    (int(t["leader"]), tuple(str(c) for c in t["cards"]), int(t["winner"]))
                    for t in d.get("tricks", [])
                ),
                trick=None
                if trick is None
                else (int(trick["leader"]), tuple(str(c) for c in trick["cards"])),
                tricks_won=(int(d["tricks_won"][0]), int(d["tricks_won"][1])),
                legal=tuple(str(a) for a in d["legal"]),
                hand_sizes=(int(sizes[0]), int(sizes[1]), int(sizes[2]), int(sizes[3])),
                results=results,
                winner=d.get("winner"),
                bids=None
                if bids is None
                else (
                    None if bids[0] is None else int(bids[0]),
                    None if bids[1] is None else int(bids[1]),
                    None if bids[2] is None else int(bids[2]),
                    None if bids[3] is None else int(bids[3]),
                ),
                seat_tricks=None if bids is None else seats_of(d["seat_tricks"]),
                seat_scores=None if bids is None else seats_of(d["seat_scores"]),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise MalformedError(f"not a valid view: {exc}") from None

    def refusal(self, card: str) -> tuple[str, str] | None:
        """Which rule of the play refuses ``card`` from this seat's hand now, as the state
        refuses it: ``("follow", suit)`` while a trick is led (the suit led must be followed
        when held) or ``("lead trump", suit)`` on the first lead with ``first_lead_trump``;
        None when the card is legal or this is not the seat's turn to play."""
        if card in self.legal or self.phase != "play" or self.turn != self.seat:
            return None
        if self.trick and self.trick[1]:
            return "follow", self.trick[1][0][1]
        if self.trump is not None and self.trump != "NT":
            return "lead trump", self.trump
        return None

    def public(self, seat: int | None = None) -> View:
        """What anyone may know (a watcher, a seat whose own view has not come yet): this
        view with no cards in hand and nothing to do, seen from ``seat``'s place (this
        view's by default). The calls, the cards played and the scores are public."""
        return replace(self, seat=self.seat if seat is None else seat, hand=(), legal=())

    def played_cards(self) -> list[tuple[int, str]]:
        """Every card played this hand as (seat, card), in order."""
        out: list[tuple[int, str]] = []
        for leader, cards, _ in self.tricks:
            out.extend(((leader + i) % 4, c) for i, c in enumerate(cards))
        if self.trick is not None:
            leader, cards = self.trick
            out.extend(((leader + i) % 4, c) for i, c in enumerate(cards))
        return out


def view_of(state: Any, seat: int, extra: dict[str, Any]) -> View:
    """What ``seat`` may know now of a ``GameState``: its own cards, every public call and
    play (``extra``: the fields only a view of 41 has)."""
    over = state.phase == "over"
    mine = state.turn == seat and not over
    trick = None
    if state.phase == "play":
        trick = (state.trick_leader, tuple(CARD_NAMES[c] for c in state.trick))
    return View(
        seat=seat,
        rules=state.rules,
        scores=(state.scores[0], state.scores[1]),
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        turn=None if over else state.turn,
        hand=tuple(cards_of(state.hands[seat])) if not over else (),
        calls=tuple(state.calls),
        declarer=None if state.declarer < 0 else state.declarer,
        contract=state.contract,
        doubled=state.doubled,
        trump=None if state.trump < 0 else STRAINS[state.trump],
        tricks=tuple(
            (lead, tuple(CARD_NAMES[c] for c in cards), win) for lead, cards, win in state.tricks
        ),
        trick=trick,
        tricks_won=(state.tricks_won[0], state.tricks_won[1]),
        legal=tuple(state.legal_actions()) if mine else (),
        hand_sizes=(
            state.hands[0].bit_count(),
            state.hands[1].bit_count(),
            state.hands[2].bit_count(),
            state.hands[3].bit_count(),
        ),
        results=tuple(r.public() for r in state.history),
        winner=state.winner,
        **extra,
    )
