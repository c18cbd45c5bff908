"""What a seat can infer from its view: cards seen, voids, the trick so far, hand strength.

Everything here reads only a :class:`~tarneeb_desktop.rules.View`, so no AI built on it can
see a hidden card. Cards are ints (``suit * 13 + rank``, see ``rules/cards.py``) and sets of
cards are 52-bit masks; strains are 0..3 (C D H S), 4 (NT), -1 (not named yet).

Public API
----------
``analyse(view) -> Knowledge``  (cheap: one pass over the played cards)

``Knowledge`` attributes:
    seat, partner, team, trump (int, -1 none), declarer (-1 none), contract_level (0 none),
    declaring (True when this seat's team declared), hand (mask), played (mask),
    hand_sizes[4], played_by[4] (masks), unseen (mask: neither in hand nor played, i.e. held by the others),
    voids[4] (4-bit masks: bit s set = seat showed out of suit s; own seat from its hand),
    possible[4] (masks: cards each seat may still hold; own seat = hand),
    known[4] (masks: cards a seat certainly holds, e.g. the only seat not void in a suit),
    trick_leader, trick (list of cards in play order), led_suit (-1 when leading),
    to_play_after (seats still to play to this trick after this seat),
    tricks_left, tricks_won (per team), need (tricks this seat's team still needs: to make
    the contract when declaring, to defeat it when defending; <= 0 when already achieved).

``Knowledge`` methods:
    winner() -> (seat, card) | None         current winner of the trick so far
    partner_winning() -> bool
    beats(card, best) -> bool               would ``card`` beat ``best`` in this trick
    wins_now(card) -> bool                  would ``card`` take the lead of this trick
    higher_unseen(card) -> mask             unseen cards of its suit that outrank it
    is_master(card) -> bool                 highest of its suit not yet played (ignoring own cards)
    is_master_trump(card) -> bool
    trumps_out() -> int                     trumps still held by the other three seats
    trumps_out_opponents() -> int           trumps the opponents may hold (0 when both are void)
    p_void(seat, suit) -> float             chance a seat holds no card of a suit
    p_holds_any(seat, mask) -> float        chance a seat holds at least one card of a mask
    p_beaten(card) -> float                 chance an opponent still to play beats ``card``
                                            (played now to this trick, or led)
    sure_winner(card) -> bool               p_beaten(card) == 0

Module functions: ``suit_cards(mask, suit) -> list[int]`` (cards of a suit, ascending).

Hand evaluation (bidding):
    suit_lengths(mask) -> list[int]
    estimate_tricks(mask, strain) -> float  tricks this hand alone should take in a strain
    best_strain(mask, allow_nt) -> (strain, tricks)
    team_estimate(view, strain=None) -> (strain, tricks)   with what partner's and the
                                            opponents' calls say about partner's hand
    trick_distribution(mean, sd) -> list    P(our side takes t tricks), t = 0..13
    expected_margin(rules, level, mean, sd, doubled=False) -> float
                                            declarers' minus defenders' expected points
    suggest_call(view, caution=0.0) -> str  a legal call (auction phase) from the estimate
    suggest_trump(view) -> str              a legal strain for the declarer
    suggest_double(view, caution=0.0) -> str
    suggest_redeal(view) -> str
"""

from __future__ import annotations

import math

from tarneeb_desktop.rules import Rules, View, score_hand
from tarneeb_desktop.rules.cards import CARD_INDEX, FULL_DECK, NT, STRAINS, SUIT_MASKS, parse_bid

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8


def suit_cards(mask: int, suit: int) -> list[int]:
    """The cards of ``suit`` in ``mask`` as ints, ascending."""
    bits = (mask >> (13 * suit)) & 0x1FFF
    base = suit * 13
    return [base + r for r in range(13) if bits >> r & 1]


def suit_lengths(mask: int) -> list[int]:
    """How many cards of each suit C D H S a mask holds."""
    return [(mask & SUIT_MASKS[s]).bit_count() for s in range(4)]


def _mask(cards: tuple[str, ...] | list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << CARD_INDEX[c]
    return m


class Knowledge:
    """Inference of one seat from its view (see the module docstring for the API)."""

    def __init__(self, view: View) -> None:
        seat = view.seat
        self.view = view
        self.seat = seat
        self.partner = (seat + 2) % 4
        self.team = seat & 1
        self.trump = -1 if view.trump is None else STRAINS.index(view.trump)
        self.declarer = -1 if view.declarer is None else view.declarer
        self.contract_level = 0
        if view.contract is not None:
            self.contract_level = parse_bid(view.contract, view.rules.suit_bidding)[0]
        self.declaring = self.declarer >= 0 and (self.declarer & 1) == self.team
        self.hand = _mask(view.hand)
        self.hand_sizes = list(view.hand_sizes)
        played_by = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        for leader, cards, _ in view.tricks:
            self._note_trick(leader, cards, played_by, voids)
        self.trick_leader = -1
        self.trick: list[int] = []
        self.led_suit = -1
        if view.trick is not None:
            self.trick_leader = view.trick[0]
            self._note_trick(view.trick[0], view.trick[1], played_by, voids)
            self.trick = [CARD_INDEX[c] for c in view.trick[1]]
            if self.trick:
                self.led_suit = self.trick[0] // 13
        first = view.tricks[0][:2] if view.tricks else view.trick
        if view.rules.first_lead_trump and 0 <= self.trump < 4 and first and first[1]:
            # The opening lead must be a trump when the leader holds one: a lead of another
            # suit shows that the leader had none.
            if CARD_INDEX[first[1][0]] // 13 != self.trump:
                voids[first[0]] |= 1 << self.trump
        self.played_by = played_by
        self.played = played_by[0] | played_by[1] | played_by[2] | played_by[3]
        self.unseen = FULL_DECK & ~self.played & ~self.hand
        # Our own voids are facts of our hand, not inference.
        voids[seat] = sum(1 << s for s in range(4) if not self.hand & SUIT_MASKS[s])
        self.voids = voids
        possible = [0, 0, 0, 0]
        for s in range(4):
            if s == seat:
                possible[s] = self.hand
                continue
            m = self.unseen
            for suit in range(4):
                if voids[s] >> suit & 1:
                    m &= ~SUIT_MASKS[suit]
            possible[s] = m if self.hand_sizes[s] else 0
        known = [0, 0, 0, 0]
        known[seat] = self.hand
        others = [s for s in range(4) if s != seat]
        for s in others:
            rest = 0
            for o in others:
                if o != s:
                    rest |= possible[o]
            known[s] = possible[s] & ~rest
        self.possible = possible
        self.known = known
        n_tricks = len(view.tricks)
        self.tricks_left = 13 - n_tricks
        self.tricks_won = list(view.tricks_won)
        self.need = 0
        if self.contract_level:
            dteam = self.declarer & 1
            if self.declaring:
                self.need = self.contract_level - self.tricks_won[dteam]
            else:
                self.need = 14 - self.contract_level - self.tricks_won[1 - dteam]
        if self.trick_leader >= 0:
            n = len(self.trick)
            self.to_play_after = [(self.trick_leader + i) % 4 for i in range(n + 1, 4)]
        else:
            self.to_play_after = []

    @staticmethod
    def _note_trick(
        leader: int, cards: tuple[str, ...], played_by: list[int], voids: list[int]
    ) -> None:
        if not cards:
            return
        led = CARD_INDEX[cards[0]] // 13
        for i, name in enumerate(cards):
            c = CARD_INDEX[name]
            s = (leader + i) % 4
            played_by[s] |= 1 << c
            if c // 13 != led:
                voids[s] |= 1 << led

    # ------------------------------------------------------------ the trick so far

    def beats(self, card: int, best: int) -> bool:
        """Would ``card`` beat ``best`` (the trick's winning card so far)?"""
        if card // 13 == best // 13:
            return card > best
        return card // 13 == self.trump

    def winner(self) -> tuple[int, int] | None:
        """(seat, card) winning the trick so far, or None when nobody has played to it."""
        if not self.trick:
            return None
        best = self.trick[0]
        best_i = 0
        for i in range(1, len(self.trick)):
            if self.beats(self.trick[i], best):
                best, best_i = self.trick[i], i
        return (self.trick_leader + best_i) % 4, best

    def partner_winning(self) -> bool:
        w = self.winner()
        return w is not None and w[0] == self.partner

    def wins_now(self, card: int) -> bool:
        """Would ``card`` be the trick's best card once played (leading counts as yes)?"""
        w = self.winner()
        return w is None or self.beats(card, w[1])

    # ------------------------------------------------------------ cards out

    def higher_unseen(self, card: int) -> int:
        """Unseen cards of the same suit ranked above ``card``."""
        suit_mask = SUIT_MASKS[card // 13]
        above = suit_mask & ~((1 << (card + 1)) - 1)
        return self.unseen & above

    def is_master(self, card: int) -> bool:
        """No other seat can hold a higher card of its suit."""
        return not self.higher_unseen(card)

    def is_master_trump(self, card: int) -> bool:
        return 0 <= self.trump < 4 and card // 13 == self.trump and self.is_master(card)

    def trumps_out(self) -> int:
        if not 0 <= self.trump < 4:
            return 0
        return (self.unseen & SUIT_MASKS[self.trump]).bit_count()

    def trumps_out_opponents(self) -> int:
        """Trumps the opponents may still hold (partner's count is unknown, so this is the
        unseen trumps unless both opponents have shown out)."""
        if not 0 <= self.trump < 4:
            return 0
        opp = (self.seat + 1) % 4, (self.seat + 3) % 4
        m = (self.possible[opp[0]] | self.possible[opp[1]]) & SUIT_MASKS[self.trump]
        return m.bit_count()

    # ------------------------------------------------------------ probabilities

    def p_holds_any(self, seat: int, mask: int) -> float:
        """Chance that ``seat`` holds at least one card of ``mask`` (uniform over the
        holdings consistent with its known voids; a good first approximation)."""
        if seat == self.seat:
            return 1.0 if self.hand & mask else 0.0
        if self.known[seat] & mask:
            return 1.0
        pool = self.possible[seat]
        n = (pool & mask).bit_count()
        if n == 0:
            return 0.0
        u = pool.bit_count()
        h = min(self.hand_sizes[seat], u)
        if h >= u - n + 1:
            return 1.0
        p_none = 1.0
        for i in range(h):
            p_none *= (u - n - i) / (u - i)
        return 1.0 - p_none

    def p_void(self, seat: int, suit: int) -> float:
        return 1.0 - self.p_holds_any(seat, SUIT_MASKS[suit])

    def _opponents_after(self) -> list[int]:
        if self.trick_leader < 0 or not self.trick:
            # Leading: every other seat plays after us.
            seats = [(self.seat + i) % 4 for i in (1, 2, 3)]
        else:
            seats = self.to_play_after
        return [s for s in seats if (s & 1) != self.team]

    def p_beaten(self, card: int) -> float:
        """Chance that an opponent still to play to this trick beats ``card`` (when played
        now, or led). Approximate: seats treated independently."""
        led = self.led_suit if self.led_suit >= 0 else card // 13
        p_ok = 1.0
        trump = self.trump if 0 <= self.trump < 4 else -1
        for s in self._opponents_after():
            if card // 13 == led:
                higher = self.possible[s] & SUIT_MASKS[led] & ~((1 << (card + 1)) - 1)
                p_higher = self.p_holds_any(s, higher) if higher else 0.0
                p_ruff = 0.0
                if trump >= 0 and led != trump:
                    trumps = self.possible[s] & SUIT_MASKS[trump]
                    if trumps:
                        p_ruff = self.p_void(s, led) * self.p_holds_any(s, trumps)
                p = min(1.0, p_higher + p_ruff)
            else:
                # ``card`` is a trump played on another suit: beaten only by an overruff.
                higher = self.possible[s] & SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)
                p = self.p_void(s, led) * self.p_holds_any(s, higher) if higher else 0.0
            p_ok *= 1.0 - p
        return 1.0 - p_ok

    def sure_winner(self, card: int) -> bool:
        return self.p_beaten(card) == 0.0


def analyse(view: View) -> Knowledge:
    """Everything a seat can infer from its view."""
    return Knowledge(view)


# ---------------------------------------------------------------- hand evaluation


def _suit_tricks(bits: int, length: int, is_trump: bool, nt: bool) -> float:
    """Tricks from one suit's honours and length (13-bit holding)."""
    if length == 0:
        return 0.0
    a = bits >> ACE & 1
    k = bits >> KING & 1
    q = bits >> QUEEN & 1
    j = bits >> JACK & 1
    t = 0.0
    if a:
        t += 1.0
    if k:
        t += 0.9 if a else (0.6 if length >= 2 else 0.15)
    if q:
        if length >= 3:
            t += 0.75 if (a or k) else 0.35
        elif length == 2 and (a or k):
            t += 0.3
    if j and length >= 4 and (a + k + q) >= 1:
        t += 0.25
    if is_trump:
        # Long trumps take tricks by themselves.
        t += max(0, length - 3) * 0.95
        if length >= 3 and not (a or k or q):
            t += 0.3
    elif nt:
        if a + k + q >= 2 or (a + k + q == 1 and length >= 5):
            t += max(0, length - 4) * 0.8
    else:
        t += max(0, length - 4) * 0.45
    # No more tricks than cards.
    return min(t, float(length))


def estimate_tricks(mask: int, strain: int) -> float:
    """Tricks this hand should take by itself with ``strain`` as trump (4 = NT)."""
    nt = strain == NT
    total = 0.0
    trumps = 0 if nt else (mask & SUIT_MASKS[strain]).bit_count()
    shortness = 0.0
    for s in range(4):
        bits = (mask >> (13 * s)) & 0x1FFF
        length = bits.bit_count()
        total += _suit_tricks(bits, length, s == strain, nt)
        if not nt and s != strain and trumps >= 3:
            shortness += (1.0, 0.6, 0.25)[length] if length < 3 else 0.0
    if not nt:
        # Ruffs in the short hand: limited by the spare trumps.
        total += min(shortness, max(0.0, trumps - 2.5))
        if trumps <= 2:
            total -= 0.7
    return total


def best_strain(mask: int, allow_nt: bool = False) -> tuple[int, float]:
    """The strain in which this hand takes the most tricks, and how many."""
    best = (0, -1.0)
    for strain in range(5 if allow_nt else 4):
        est = estimate_tricks(mask, strain)
        # Ties go to the longer suit (a fit is likelier).
        if strain < 4:
            est += (mask & SUIT_MASKS[strain]).bit_count() * 0.01
        if est > best[1]:
            best = (strain, est)
    return best


# What partner's unknown 13 cards add, on average, to our side's tricks: calibrated by
# double-dummy on random deals (see docs/ai.md); lower when partner passed.
PARTNER_AVG = 2.9
PARTNER_PASSED = 2.1
PARTNER_WITH_OPP_BID = 2.3
# Our side's tricks vary by about 2.1 around the estimate while partner's hand is unknown
# (1.3 once partner has bid), and going down costs the bid plus the defenders' tricks, so a
# bid needs this much to spare (tuned in the arena, see docs/ai.md).
OPEN_MARGIN = 0.3
RAISE_MARGIN = 0.0
# Spread of our side's tricks around the estimate, partner unknown / partner has bid.
TRICKS_SD = 2.0
TRICKS_SD_KNOWN = 1.6
# On defence the opponents choose trump: we take fewer tricks than in our best strain.
DEFENCE_LOSS = 1.5
# Points by which defending must look better before we let an outbid stand.
PASS_MARGIN = 5.0


def trick_distribution(mean: float, sd: float) -> list[float]:
    """P(side takes t tricks), t = 0..13: a discretised normal around ``mean``."""
    w = [math.exp(-0.5 * ((t - mean) / sd) ** 2) for t in range(14)]
    total = sum(w)
    return [x / total for x in w]


def expected_margin(
    rules: Rules, level: int, mean: float, sd: float, doubled: bool = False
) -> float:
    """Expected declarers' points minus defenders' points for a contract of ``level`` when
    the declarers take ``mean`` tricks on average (any rules: uses ``score_hand``)."""
    out = 0.0
    for t, p in enumerate(trick_distribution(mean, sd)):
        dec, dfn = score_hand(rules, level, t, doubled)
        out += p * (dec - dfn)
    return out


def _bid_value(call: str, suit_bidding: bool) -> tuple[int, int | None] | None:
    if call in ("pass", "double", "no_double"):
        return None
    try:
        return parse_bid(call, suit_bidding)
    except Exception:
        return None


def team_estimate(view: View, strain: int | None = None) -> tuple[int, float]:
    """(strain, tricks our side should take) from our hand and what the calls said.

    Partner's bid says they counted on about ``PARTNER_AVG`` from us, so their own hand is
    worth their bid minus that; a pass says they are weak; an opponent's bid makes partner's
    honours less likely."""
    suit_bidding = view.rules.suit_bidding
    allow_nt = suit_bidding or view.rules.no_trump_allowed
    mask = _mask(view.hand)
    partner = (view.seat + 2) % 4
    partner_best: tuple[int, int | None] | None = None
    partner_passed = False
    opp_bid = False
    my_first: int | None = None
    partner_own = 0.0
    for s, call in view.calls:
        bid = _bid_value(call, suit_bidding)
        if s == view.seat and bid is not None and my_first is None:
            my_first = bid[0]
        if s == partner:
            if bid is None:
                partner_passed = partner_passed or call == "pass"
                continue
            if partner_best is None or bid[0] >= partner_best[0]:
                partner_best = bid
            if my_first is None:
                # An opening bid: partner counted on an average hand from us.
                own = bid[0] + OPEN_MARGIN - PARTNER_AVG
            else:
                # A bid over our bid: partner counted on what our bid showed.
                own = bid[0] + RAISE_MARGIN - (my_first + OPEN_MARGIN - PARTNER_AVG)
            partner_own = max(partner_own, own)
        elif (s & 1) != (view.seat & 1) and bid is not None:
            opp_bid = True
    if partner_best is not None:
        partner_tricks = min(8.0, max(PARTNER_AVG, partner_own))
    elif partner_passed:
        partner_tricks = PARTNER_PASSED
    elif opp_bid:
        partner_tricks = PARTNER_WITH_OPP_BID
    else:
        partner_tricks = PARTNER_AVG
    candidates = [strain] if strain is not None else list(range(5 if allow_nt else 4))
    best = (candidates[0], -1.0)
    for st in candidates:
        mine = estimate_tricks(mask, st)
        if partner_best is not None and partner_best[1] is not None:
            # Partner named a strain: support it, doubt the others.
            if partner_best[1] == st:
                mine += 0.6
            else:
                mine -= 0.4
        est = mine + partner_tricks
        if st < 4:
            est += (mask & SUIT_MASKS[st]).bit_count() * 0.01
        if est > best[1]:
            best = (st, est)
    return best[0], min(13.0, best[1])


def suggest_call(view: View, caution: float = 0.0) -> str:
    """A sensible legal call in the auction: the cheapest bid our estimate supports, else pass.

    ``caution`` (tricks) is subtracted from the estimate: easy players bid more timidly."""
    legal = list(view.legal)
    if not legal:
        return "pass"
    strain, est = team_estimate(view)
    est -= caution
    bids = [a for a in legal if a != "pass"]
    if not bids:
        return "pass"
    suit_bidding = view.rules.suit_bidding
    # Each extra trick past the contract scores anyway (made = tricks), so bidding the
    # cheapest level we can make is right; going down costs the bid, so demand a margin.
    own_strain, own = best_strain(_mask(view.hand), suit_bidding or view.rules.no_trump_allowed)
    if own - caution >= 12.4:
        # Thirteen sure tricks in our own hand: bidding 13 scores the kaboot bid (26), not 16.
        top = f"13{STRAINS[own_strain]}" if suit_bidding else "13"
        if top in legal:
            return top
    partner = (view.seat + 2) % 4
    partner_bid = any(s == partner and _bid_value(c, suit_bidding) for s, c in view.calls)
    margin = RAISE_MARGIN if partner_bid else OPEN_MARGIN
    last_bidder = next(
        (s for s, c in reversed(view.calls) if _bid_value(c, suit_bidding) is not None), None
    )
    if last_bidder == partner and "pass" in legal:
        # Partner holds the contract: made contracts score the tricks taken, not the bid,
        # so raising partner only adds risk.
        return "pass"
    choice: tuple[str, float] | None = None
    if suit_bidding:
        ests = {st: team_estimate(view, st)[1] - caution for st in range(5)}
        by_level: dict[int, list[str]] = {}
        for bid in bids:
            by_level.setdefault(parse_bid(bid, True)[0], []).append(bid)
        for level in sorted(by_level):
            ok = [b for b in by_level[level] if ests[parse_bid(b, True)[1] or 0] >= level + margin]
            if ok:
                best_bid = max(ok, key=lambda b: ests[parse_bid(b, True)[1] or 0])
                choice = (best_bid, ests[parse_bid(best_bid, True)[1] or 0])
                break
    elif est >= parse_bid(bids[0], False)[0] + margin:
        choice = (bids[0], est)
    if choice is not None:
        if last_bidder is None or "pass" not in legal or (last_bidder & 1) == (view.seat & 1):
            return choice[0]
        # The opponents hold the contract. Outbidding them only pays when it scores more
        # than letting them play it: under the standard table a contract we could beat
        # usually scores us more on defence (their -B and our tricks) than declaring.
        high = next(c for s, c in reversed(view.calls) if _bid_value(c, suit_bidding))
        their_level = parse_bid(high, suit_bidding)[0]
        sd = TRICKS_SD_KNOWN if partner_bid else TRICKS_SD
        ev_bid = expected_margin(view.rules, parse_bid(choice[0], suit_bidding)[0], choice[1], sd)
        our_defence = est - DEFENCE_LOSS
        ev_pass = -expected_margin(view.rules, their_level, 13.0 - our_defence, sd)
        if ev_bid > ev_pass - PASS_MARGIN:
            return choice[0]
    if "pass" in legal:
        return "pass"
    # A forced dealer must bid: the cheapest bid, in our best strain when it's a choice.
    if suit_bidding:
        for bid in bids:
            if parse_bid(bid, True)[1] == strain:
                return bid
    return bids[0]


def suggest_trump(view: View) -> str:
    """The declarer's strain: the best of our hand, leaning to partner's named strain."""
    allow_nt = "NT" in view.legal
    strain, _ = (
        team_estimate(view) if view.rules.suit_bidding else best_strain(_mask(view.hand), allow_nt)
    )
    letter = STRAINS[strain]
    return letter if letter in view.legal else view.legal[0]


def suggest_double(view: View, caution: float = 0.0) -> str:
    """Double an uncontested contract when we expect to make it with tricks to spare."""
    if "double" not in view.legal:
        return view.legal[0]
    level = parse_bid(view.contract or "7C", True)[0] if view.contract else 7
    strain = STRAINS.index(view.trump) if view.trump else None
    _, est = team_estimate(view, strain)
    return "double" if est - caution >= level + 1.6 else "no_double"


def suggest_redeal(view: View) -> str:
    """A weak hand (no ace, no guarded king ...) rarely helps: ask for new cards."""
    return "redeal" if "redeal" in view.legal else view.legal[0]
