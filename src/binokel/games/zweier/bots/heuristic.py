"""A rule-based Zweierbinokel player that sees only its :class:`ZweierView`.

- Melds: exchanges the Dix when it may, then announces the most valuable meld it may make.
- While the stock lasts (no duty to follow): every card has a *cost* = its card points plus
  what it is still worth for melds (K+O of a suit, three or more of a family, SU/BO for the
  Binokel, three or more of a rank; melds already made count no more) plus a premium for
  trumps. It leads its cheapest card; following, it wins the trick with its cheapest winning
  card when the trick carries points (an Ass or a Zehn led, or 10+ points in all) or when it
  holds a meld in hand and wants the lead to announce it; otherwise it throws its cheapest
  card.
- After the stock (strict play, open information: every card not seen is the opponent's):
  it counts the cards, cashes sure winners (cards the opponent cannot beat under the trick
  rules) high first, wins led points with its cheapest winner, and with four cards or fewer
  in hand searches the rest of the deal exactly, so it takes the last trick when it can.

``make_bot("heuristic")`` plays Zweierbinokel with this bot (it is registered for the game).

>>> from binokel.games.zweier import ZweierRules, ZweierState
>>> state = ZweierState.new(ZweierRules(), dealer=0, seed=11)
>>> bots = [ZweierHeuristicBot(seed=1), ZweierHeuristicBot(seed=2)]
>>> while not state.is_over:
...     state.apply(bots[state.to_move].choose(state.view(state.to_move)))
>>> sum(state.result.trick_points), len(state.tricks)
(250, 20)
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from ....bots import legal_actions_of
from ....core.cards import KOENIG
from ....core.cards import OBER
from ....core.cards import SUIT_MASKS
from ....core.cards import SUITS
from ....core.cards import Card
from ....core.cards import CardSet
from ....core.cards import bit
from ....core.cards import card
from ....core.cards import cardset
from ....core.cards import count
from ....core.cards import distinct
from ....core.trick import PLAY_ACTIONS
from ....core.trick import beats
from ....core.trick import play_card
from ....search import decided
from ....search import search_bounds
from ...family.melds import BO
from ...family.melds import FAMILY_RANKS
from ...family.melds import FOUR_VALUES
from ...family.melds import SU
from ..deal import FREE
from ..deal import full_deck
from ..melds import RANK_KEYS
from ..melds import MeldKind
from ..melds import meld_kinds
from ..play import strict_legal
from ..rules import ZweierRules
from ..view import ZweierView


@lru_cache(maxsize=64)
def _kinds(trump: int, rules: ZweierRules) -> tuple[dict[str, int], tuple[MeldKind, ...]]:
    kinds = meld_kinds(trump, rules)
    return {k.action: k.points for k in kinds}, kinds


def _suit_meld_worth(mine: CardSet, done: set[tuple[str, int | None]], s: int,
                     is_trump: bool) -> Counter[Card]:
    """The worth of the cards in ``mine`` towards suit ``s``'s family (three of its five
    cards or more) and pair (King and Ober), where not melded yet (``done``); a trump
    family or pair is worth more."""
    out: Counter[Card] = Counter()
    fam = [card(s, r) for r in FAMILY_RANKS if count(mine, card(s, r))]
    if ("family", s) not in done and len(fam) >= 3:
        for c in fam:
            out[c] += 6 * (len(fam) - 2) * (2 if is_trump else 1)
    k, o = card(s, KOENIG), card(s, OBER)
    if count(mine, k) and count(mine, o) and ("pair", s) not in done and (
            "family", s) not in done:
        out[k] += 25 if is_trump else 15
        out[o] += 25 if is_trump else 15
    return out


def _four_worth(mine: CardSet, done: set[tuple[str, int | None]]) -> Counter[Card]:
    """The worth of the cards in ``mine`` towards the fours that are melds under any rules
    (three of a rank or more), where not melded yet (``done``)."""
    out: Counter[Card] = Counter()
    for r in FOUR_VALUES:
        held = [card(s, r) for s in SUITS if count(mine, card(s, r))]
        if len(held) >= 3 and (f"four_{RANK_KEYS[r]}", None) not in done:
            for c in held:
                out[c] += 8 * (len(held) - 2)
    return out


class ZweierHeuristicBot:
    """Plays by the game's own scoring. It draws no lots: the same view gets the same action
    whatever the seed (which it takes as every bot does)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        v: ZweierView = view
        if "exchange" in actions:
            return "exchange"
        values, _ = _kinds(v.trump, v.rules)
        melds = [a for a in actions if a.startswith("meld")]
        if melds:
            return max(melds, key=lambda a: (values[a], a))
        cards = [c for c in map(play_card, actions) if c is not None]
        pts = v.rules.points
        if v.phase == FREE:
            c = self._free(v, cards, pts)
        else:
            c = self._strict(v, cards, pts)
        return PLAY_ACTIONS[c]

    # ---------------------------------------------------------------- free phase
    def _keep(self, v: ZweierView) -> dict[Card, int]:
        """What each of our cards is still worth for melds and trick-taking: the melds not
        melded yet that it helps to, and its strength as a trump."""
        me = v.player
        mine = cardset(v.hand) + cardset(v.table[me])
        done = {(m.name, m.suit) for m in v.melds[me]}
        trump = v.trump
        keep: Counter[Card] = Counter()
        for s in SUITS:
            keep.update(_suit_meld_worth(mine, done, s, s == trump))
        keep.update(_four_worth(mine, done))
        if ("binokel", None) not in done:
            both = count(mine, SU) and count(mine, BO)
            keep.update({SU: 20 if both else 6, BO: 20 if both else 6})
        keep.update({c: 8 + 2 * (c & 7) for c in distinct(mine & SUIT_MASKS[trump])})
        return keep

    def _free(self, v: ZweierView, cards: list[Card], pts: tuple[int, ...]) -> Card:
        keep = self._keep(v)

        def cost(c: Card) -> tuple[int, int]:
            return (pts[c & 7] + keep.get(c, 0), c)

        if not v.trick:
            return min(cards, key=cost)
        led = v.trick[0]
        winners = [c for c in cards if beats(c, led, v.trump)]
        if winners:
            w = min(winners, key=cost)
            gain = pts[led & 7] + pts[w & 7]
            if keep.get(w, 0) <= gain + 2 or (gain >= 10 and keep.get(w, 0) < 25):
                return w
            if self._meld_in_hand(v) and keep.get(w, 0) <= 20:
                return w
        return min(cards, key=cost)

    def _meld_in_hand(self, v: ZweierView) -> bool:
        """Whether the hand alone holds a meld (hand cards can always be melded)."""
        hand = cardset(v.hand)
        _, kinds = _kinds(v.trump, v.rules)
        return any(all(count(hand, c) >= n for c, n in k.need) for k in kinds)

    # ---------------------------------------------------------------- after the stock
    # With this many cards in hand or fewer the rest of the deal is searched exactly.
    exact_from = 4

    def _strict(self, v: ZweierView, cards: list[Card], pts: tuple[int, ...]) -> Card:
        r = v.rules
        hand = cardset(v.hand)
        opp = opponent_hand(v)
        trump = v.trump
        if len(v.hand) <= self.exact_from:
            return self._solver(v).best(hand, opp, cards, v.trick[0] if v.trick else -1)

        def tcost(c: Card) -> tuple[int, int]:
            return (pts[c & 7] + (12 + (c & 7) if c >> 3 == trump else 0), c)

        if not v.trick:
            sure = [c for c in cards if not any(
                beats(x, c, trump) for x in distinct(strict_legal(opp, c, trump, r.must_beat)))]
            if sure:
                return max(sure, key=lambda c: (pts[c & 7], -tcost(c)[0], c))
            return min(cards, key=tcost)
        led = v.trick[0]
        winners = [c for c in cards if beats(c, led, trump)]
        if winners:
            w = min(winners, key=tcost)
            if pts[led & 7] + pts[w & 7] >= 4 or tcost(w)[0] <= 4:
                return w
        return min(cards, key=tcost)

    def _solver(self, v: ZweierView) -> StrictSolver:
        return StrictSolver.for_rules(v.trump, v.rules)


def opponent_hand(v: ZweierView) -> CardSet:
    """After the stock every card not seen is the opponent's: the full deck less our hand
    and every card played."""
    played = cardset(v.trick)
    for t in v.tricks:
        played += cardset(t.cards)
    return cardset(full_deck(v.rules)) - cardset(v.hand) - played


class StrictSolver:
    """Exact play after the stock (both hands known): the most points we can still take,
    both sides playing perfectly. Alpha-beta search; every position's bounds are remembered:
    they depend only on the two hands and who leads (for the same trump and rules), so one
    solver serves a whole deal and later deals alike.

    >>> from binokel.core.cards import parse_cards
    >>> from binokel.core.cards import CARD_POINTS
    >>> s = StrictSolver(trump=2, must_beat=True, pts=CARD_POINTS["classic"], bonus=10)
    >>> mine, opp = cardset(parse_cards("HA EK")), cardset(parse_cards("H10 EA"))
    >>> s.value(mine, opp, we_lead=True)  # EK to his EA, then his H10 into our HA: 21 + 10
    31
    >>> s.after(mine - bit(parse_cards("HA")[0]), opp, parse_cards("HA")[0], -1)  # HA first
    21
    """

    __slots__ = ("bonus", "memo", "must_beat", "pts", "trump")

    def __init__(self, trump: int, must_beat: bool, pts: tuple[int, ...], bonus: int) -> None:
        self.trump, self.must_beat, self.pts, self.bonus = trump, must_beat, pts, bonus
        # (our hand, his hand, we lead) -> (lower, upper) bound of our points from there
        self.memo: dict[tuple[CardSet, CardSet, bool], tuple[int, int]] = {}

    @classmethod
    def for_rules(cls, trump: int, rules: ZweierRules) -> StrictSolver:
        bonus = rules.last_trick_bonus if rules.bonus_trick == "last" else 0
        return cls(trump, rules.must_beat, rules.points, bonus)

    def best(self, mine: CardSet, opp: CardSet, cards: list[Card], led: Card) -> Card:
        """The first of ``cards`` (legal cards from ``mine``) with the best value."""
        choice, best = cards[0], -1
        for c in cards:
            # A narrow window: only whether c beats the best so far matters.
            v = self.after(mine - bit(c), opp, c, led, best, _INF)
            if v > best:
                choice, best = c, v
        return choice

    def after(self, mine: CardSet, opp: CardSet, c: Card, led: Card, alpha: int = -1,
              beta: int = 10**6) -> int:
        """Our best total of the remaining points after we play ``c`` (``led``: the
        opponent's card we answer, -1 if we lead); exact when it lies inside
        (``alpha``, ``beta``), else a bound on that side."""
        trump = self.trump
        if led >= 0:
            return self._trick(mine, opp, led, c, beats(c, led, trump), alpha, beta)
        worst = _INF
        for x in distinct(strict_legal(opp, c, trump, self.must_beat)):
            v = self._trick(mine, opp - bit(x), c, x, not beats(x, c, trump), alpha,
                            min(beta, worst))
            if v < worst:
                worst = v
                if worst <= alpha:
                    break
        return worst

    def _trick(self, mine: CardSet, opp: CardSet, a: Card, b: Card, we_win: bool,
               alpha: int, beta: int) -> int:
        points = self.pts[a & 7] + self.pts[b & 7]
        last = not mine
        gained = (points + (self.bonus if last else 0)) if we_win else 0
        if last:
            return gained
        return gained + self.value(mine, opp, we_win, alpha - gained, beta - gained)

    def value(self, mine: CardSet, opp: CardSet, we_lead: bool, alpha: int = -1,
              beta: int = 10**6) -> int:
        """Our best points from the position on (hands of equal size, no card led): exact
        when inside (``alpha``, ``beta``), else a bound on that side."""
        key = (mine, opp, we_lead)
        lo, hi = self.memo.get(key, (0, _INF))
        known = decided(lo, hi, alpha, beta)
        if known is not None:
            return known
        a, b = max(alpha, lo), min(beta, hi)
        trump, must_beat = self.trump, self.must_beat
        if we_lead:
            best = -1
            for c in distinct(mine):
                v = self.after(mine - bit(c), opp, c, -1, max(a, best), b)
                if v > best:
                    best = v
                    if best >= b:
                        break
        else:
            best = _INF
            for x in distinct(opp):
                rest = opp - bit(x)
                reply = -1
                for c in distinct(strict_legal(mine, x, trump, must_beat)):
                    v = self._trick(mine - bit(c), rest, x, c, beats(c, x, trump),
                                    max(a, reply), min(b, best))
                    if v > reply:
                        reply = v
                        if reply >= min(b, best):
                            break
                if reply < best:
                    best = reply
                    if best <= a:
                        break
        self.memo[key] = search_bounds(lo, hi, best, a, b)
        return best


_INF = 10**6
