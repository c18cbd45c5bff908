"""The ceiling: a clairvoyant seat pair against an AI level, duplicate, one JSON line a deal.

The clairvoyant pair sees all four hands (it is a bench: it reads the true deal from the
arena's ``GameState`` through ``arena.play_hand``'s view hook, never from a level's view).
Its calls come from the deal's double-dummy table (``dds.dd_tables``: the tricks each seat's
side takes in each strain when that seat leads, Tarneeb's rule: the bidder leads):

* a bid's value is ``score_hand`` of the rules in play (declarers' points minus the
  defenders') for this seat declaring it in its best strain (the bid's strain with suit
  bidding); the clairvoyant seat makes the legal bid of the highest value (the cheapest
  among equals: a made contract scores the tricks taken, so bidding higher only adds risk;
  13 when it takes all thirteen) when that beats passing;
* passing is worth: partner's contract when partner holds the bid (it never outbids
  partner); minus the opponents' contract (in their best strain, their bidder leading)
  when they hold it, so it defends a contract that goes down and outbids (even to go down
  less) one that makes; 0 when nobody has bid, unless partner, still to call, declares
  better, then it leaves the opening to partner;
* trump: the best strain for the contract; double (Egyptian): when the doubled score is
  better; a weak hand is kept.

Card play is double dummy on the true position (``dds.solve``: the card that takes the most
tricks for its side; the lowest of equals). The other team is a level (``--level``, expert
by default), which sees only its own view. Every deal is played twice from 0-0 with the
teams in each other's seats (``arena.draw_deal``, dealer ``deal mod 4``, a deal thrown in at
either table drawn again), like ``bench/ai_search_match.py``::

    python bench/clairvoyant.py --deals 200 --seed 41 --set expert.budget_s=none \
        --set expert.max_samples=18 --out build/clair41.jsonl
    python bench/clairvoyant.py --combine build/clair41.jsonl build/clair42.jsonl

``--start N`` plays deals N to ``--deals`` - 1 only, the same deals as a full run's (as
``bench/ai_search_match.py --start``: the earlier deals are bid, not played, to know which
were thrown in and drawn again).

``--team0`` / ``--team1`` choose other pairs on the same deals: ``ddplay`` bids as expert
(``ddplay:hard`` as hard) from its own view and plays double dummy, so the three distances
of issue 39 are, on the same seed (``--set`` as for the matches)::

    python bench/clairvoyant.py --deals 200 --seed 43 --team0 clairvoyant --team1 ddplay
    python bench/clairvoyant.py --deals 200 --seed 43 --team0 ddplay --team1 expert
    python bench/clairvoyant.py --deals 200 --seed 43 --team0 expert --team1 hard

(the auction's information; expert's card play, the auctions being the same at both tables;
expert's card play against hard's, whose calls are the same too).

Each row: ``diff`` is the team 0's points minus team 1's (by default the clairvoyant pair's
minus the level's), per deal (the mean of
the two tables), ``p0`` / ``p1`` their points, and ``tables`` each table's declarer's team
(0 = the clairvoyant pair), contract, tricks and points. The summary prints the mean with
its 95 % interval. Tarneeb only (``game = "tarneeb"`` presets).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from ai_search_match import make_side, skip_deals, tally  # noqa: E402  (bench/ is the script's folder)

from tarneeb_desktop import arena  # noqa: E402
from tarneeb_desktop.ai import dds, search  # noqa: E402
from tarneeb_desktop.rules import GameState, Rules, View, make_rules  # noqa: E402
from tarneeb_desktop.rules.cards import (  # noqa: E402
    CARD_INDEX,
    CARD_NAMES,
    STRAINS,
    cards_of,
    parse_bid,
)
from tarneeb_desktop.rules.scoring import score_hand  # noqa: E402
from tarneeb_desktop.table.seats import Seat  # noqa: E402


class Clairvoyant(Seat):
    """A seat that reads the true deal from ``holder["state"]`` (set by the view hook)."""

    kind = "computer"

    def __init__(self, holder: dict[str, Any], seat: int) -> None:
        super().__init__(f"clairvoyant {seat}")
        self.holder = holder
        self.seat = seat
        self._dd_key: tuple[int, ...] | None = None
        self._dd: dict[str, list[int]] = {}

    def automatic(self, view: View) -> bool:
        return True

    # -- the double-dummy table of the deal, cached per deal
    def dd(self, state: GameState) -> dict[str, list[int]]:
        key = tuple(state.dealt)
        if key != self._dd_key:
            self._dd = dds.dd_tables([list(state.dealt)])[0]
            self._dd_key = key
        return self._dd

    def decide(self, view: View) -> str:
        state: GameState = self.holder["state"]
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "play":
            return self._card(state, legal)
        if view.phase == "auction":
            return self._call(state, view, legal)
        if view.phase == "trump":
            level = state.contract_level
            return max(
                legal, key=lambda s: (self._value(state, self.seat, level, s), -legal.index(s))
            )
        if view.phase == "double":
            level, trump = state.contract_level, STRAINS[state.trump]
            t = self.dd(state)[trump][self.seat]
            plain = score_hand(state.rules, level, t)
            doubled = score_hand(state.rules, level, t, doubled=True)
            return "double" if doubled[0] - doubled[1] > plain[0] - plain[1] else "no_double"
        if view.phase == "redeal":
            return "keep" if "keep" in legal else legal[0]
        return legal[0]

    # -- values
    def _strains(self, rules: Rules) -> list[str]:
        return list(STRAINS) if rules.no_trump_allowed else list(STRAINS[:4])

    def _value(self, state: GameState, seat: int, level: int, strain: str) -> int:
        """Points of seat's side minus the other side's when seat declares level in strain."""
        t = self.dd(state)[strain][seat]
        dec, dfn = score_hand(state.rules, level, t)
        return dec - dfn

    def _best(self, state: GameState, seat: int, level: int, strain: str | None) -> int:
        if strain is not None:
            return self._value(state, seat, level, strain)
        return max(self._value(state, seat, level, s) for s in self._strains(state.rules))

    def _call(self, state: GameState, view: View, legal: list[str]) -> str:
        rules = state.rules
        suit = rules.suit_bidding
        me, partner = self.seat, (self.seat + 2) % 4
        bids = [b for b in legal if b != "pass"]
        high = [(s, c) for s, c in view.calls if c not in ("pass", "double", "no_double")]
        if high:
            hs, hc = high[-1]
            hl, hst = parse_bid(hc, suit)
            hstrain = STRAINS[hst] if hst is not None else None
            if hs == partner:
                pass_value = self._best(state, partner, hl, hstrain)
            else:
                pass_value = -self._best(state, hs, hl, hstrain)
        else:
            pass_value = 0
            lowest = parse_bid(bids[0], suit)[0] if bids else 7
            partner_to_call = state.active[partner] and not state.called[partner]
            if partner_to_call and "pass" in legal:
                mine = max(self._best(state, me, lowest, None), 0)
                theirs = self._best(state, partner, lowest, None)
                if theirs > mine:
                    return "pass"
        if high and high[-1][0] == partner and "pass" in legal:
            return "pass"
        best_call, best_value = "pass", pass_value
        for b in bids:
            level, st = parse_bid(b, suit)
            v = self._best(state, me, level, STRAINS[st] if st is not None else None)
            if v > best_value or best_call == "pass" and "pass" not in legal:
                best_call, best_value = b, v
        if best_call not in legal:
            return legal[0]
        return best_call

    def _card(self, state: GameState, legal: list[str]) -> str:
        hands = [cards_of(state.hands[s]) for s in range(4)]
        trick = [CARD_NAMES[c] for c in state.trick]
        got = dds.solve(hands, STRAINS[state.trump], state.trick_leader, trick)
        ok = [c for c in legal if c in got]
        if not ok:
            return legal[0]
        top = max(got[c] for c in ok)
        return min((c for c in ok if got[c] == top), key=lambda c: CARD_INDEX[c] % 13)


class DoubleDummyPlay(Clairvoyant):
    """Bids (calls, trump, double, redeal) as a search level does from its own view, and
    plays every card double dummy on the true position, like :class:`Clairvoyant`: the
    seat that measures what the auction's information is worth (against the clairvoyant
    pair) and what the level's card play costs (against the level)."""

    def __init__(self, holder: dict[str, Any], seat: int, level: str, seed: int) -> None:
        super().__init__(holder, seat)
        self.name = f"dd-play {seat}"
        self.player = search.SearchPlayer(level, seed)

    def decide(self, view: View) -> str:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "play":
            return self._card(self.holder["state"], legal)
        return self.player.choose(view)


class ClairvoyantSide(arena.Side):
    """An arena side whose seats are clairvoyant (sharing the state holder); with
    ``bid_level`` they bid as that level and only play double dummy."""

    def __init__(
        self, rules: Rules, holder: dict[str, Any], bid_level: str | None = None, seed: int = 0
    ) -> None:
        super().__init__("clairvoyant", rules, 10.0, 0)
        self.holder = holder
        self.bid_level = bid_level
        self.seed = seed

    def seat(self, seat: int) -> Seat:
        if seat not in self.seats:
            if self.bid_level is None:
                self.seats[seat] = Clairvoyant(self.holder, seat)
            else:
                self.seats[seat] = DoubleDummyPlay(
                    self.holder, seat, self.bid_level, self.seed * 4 + seat
                )
        return self.seats[seat]


def make_team(spec: str, rules: Rules, holder: dict[str, Any], seed: int) -> arena.Side:
    """``clairvoyant``, ``ddplay`` / ``ddplay:LEVEL`` (bids as LEVEL, expert by default,
    plays double dummy) or a level (as ``bench/ai_search_match.py``'s teams)."""
    if spec == "clairvoyant":
        return ClairvoyantSide(rules, holder)
    if spec.startswith("ddplay"):
        level = spec.partition(":")[2] or "expert"
        return ClairvoyantSide(rules, holder, bid_level=level, seed=seed)
    return make_side(spec, rules, seed)


def summarize(rows: list[dict]) -> dict:
    diffs = [r["diff"] for r in rows]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    return {
        "deals": n,
        "diff_per_deal": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "points_per_deal": [
            round(statistics.fmean(r["p0"] for r in rows), 3) if n else 0.0,
            round(statistics.fmean(r["p1"] for r in rows), 3) if n else 0.0,
        ],
        "contracts": {
            "team0_declared": sum(r["decl0"] for r in rows),
            "team0_made": sum(r["made0"] for r in rows),
            "team1_declared": sum(r["decl1"] for r in rows),
            "team1_made": sum(r["made1"] for r in rows),
        },
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="standard")
    p.add_argument("--level", default="expert", help="the level the clairvoyant pair plays")
    p.add_argument(
        "--team0",
        default="clairvoyant",
        help="clairvoyant, ddplay[:LEVEL] (bids as LEVEL, plays double dummy) or a level",
    )
    p.add_argument("--team1", default=None, help="as --team0; --level by default")
    p.add_argument("--set", action="append", default=[], metavar="LEVEL.FIELD=VALUE")
    p.add_argument("--start", type=int, default=0, help="play from this deal (the same deals)")
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--combine", nargs="+", type=Path, default=None)
    args = p.parse_args()
    if args.combine:
        rows = []
        for path in args.combine:
            rows += [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        print(json.dumps(summarize(rows)))
        return
    search.configure_levels(args.set)
    rules = make_rules(args.rules)
    if rules.game != "tarneeb":
        raise SystemExit("bench/clairvoyant.py plays Tarneeb presets only")
    holder: dict[str, Any] = {}

    def hook(seat: int, view: View, state: GameState) -> None:
        holder["state"] = state

    a = make_team(args.team0, rules, holder, args.seed * 2 + 1)
    b = make_team(args.team1 or args.level, rules, holder, args.seed * 2 + 2)
    rng = random.Random(args.seed)
    if args.start:
        redrawn = skip_deals(rules, args.start, rng, a, b, args.seed, hook)
        print(f"deals 0-{args.start - 1} skipped, {redrawn} drawn again", file=sys.stderr)
    rows: list[dict] = []
    out = args.out.open("a", encoding="utf-8") if args.out else None
    start = time.monotonic()
    for i in range(args.start, args.deals):
        dealer = i % 4
        results: list[tuple[Any, bool]] = []
        for _ in range(arena.MAX_REDRAWS):
            hands = arena.draw_deal(rng)
            results = []
            for a_even in (True, False):
                sides = [a, b, a, b] if a_even else [b, a, b, a]
                res = arena.play_hand(rules, hands, dealer, sides, args.seed * 100003 + i, hook)
                results.append((res, a_even))
            if all(r is not None for r, _ in results):
                break
        row: dict[str, Any] = {"deal": i, "seed": args.seed, "dealer": dealer, "p0": 0.0}
        row.update({"p1": 0.0, "diff": 0.0, "decl0": 0, "made0": 0, "decl1": 0, "made1": 0})
        tables = []
        for res, a_even in results:
            if res is None:
                continue
            team_a = 0 if a_even else 1
            got = arena.outcome(res)
            tally(row, got, team_a)
            pa, pb = got.points[team_a], got.points[1 - team_a]
            tables.append(
                {
                    "declarer_team": 0 if (res.declarer & 1) == team_a else 1,
                    "contract": res.contract,
                    "doubled": res.doubled,
                    "tricks": [res.tricks[team_a], res.tricks[1 - team_a]],
                    "points": [pa, pb],
                }
            )
        row["tables"] = tables
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        s = summarize(rows)
        el = time.monotonic() - start
        print(
            f"\r{i + 1}/{args.deals} diff {s['diff_per_deal']:+.2f} ci {s['ci95']} "
            f"{el / len(rows):.1f}s/deal",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    b.close()
    summary = summarize(rows)
    summary.update({"level": args.level, "rules": args.rules, "set": args.set})
    summary.update({"team0": args.team0, "team1": args.team1 or args.level})
    summary["seconds"] = round(time.monotonic() - start, 1)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
