"""What the others' bids, push, melds and cards say about their hands: weighted worlds for
the strong player (:mod:`.strong`).

A *world* deals the cards a player cannot see to the other hands (and, for a defender, to the
declarer's hidden push). It must agree with everything the view shows, and it should be as
likely as the other players' behaviour makes it. Two kinds of evidence:

- **Hard** (a world that breaks it is impossible): the cards played, the Dapp (with the
  declarer, in his hand or his push), the melds shown (every player melds automatically and
  always the best melding, so a hand holds its shown meld cards *and no other meld*: a player
  who showed nothing has no King with the Ober of its suit, no Binokel, ...), and every card
  played being legal (a player who did not follow suit has none of it; one who followed
  without beating the best card of the suit, with no trump in the trick, has no higher card
  of the suit (Stichzwang); one who trumped low has no higher trump; and so on, derived from
  the rules' own legality test).
- **Soft** (a likelihood), from a model of how players act, which is the heuristic player's
  own behaviour made noisy:

  - *bidding*: the heuristic bids the lowest bid while its estimate of the hand
    (:meth:`.heuristic.HeuristicBot.hand_value`) reaches it, else passes. So a seat that
    bid ``lo`` and passed at ``hi`` has an estimate in [``lo``, ``hi``). The estimate is
    read off a world's hand by a quick value (best melds plus trick estimate over the
    trumps) fitted to the heuristic's own estimate once per rule set
    (:func:`calibration`), with the fit's residual and some slack for players who are not
    the heuristic as the spread: P = Φ((μ - lo) / σ) - Φ((μ - hi) / σ).
  - *trump*: the declarer names the trump whose plan (the heuristic's push for it, melds
    and trick estimate) is best, with a softmax over the four plans.
  - *push*: the declarer keeps what the heuristic's push scores say to keep
    (:func:`.heuristic.keep_scores`): a push D of the 16 cards S has probability
    ∏ x_c / e_k(x over S) with x_c = exp(-keep_c / τ), the k-subset version of a softmax.
  - *free discards* (a plain card played by a player void in the led suit and in trumps):
    the heuristic smears the most points it may onto its own side's trick and throws the
    least valuable card onto the others'. A world in which the player then held a plain card
    it would rather have played is less likely (:data:`LOG_ODD_DISCARD`), not impossible.

Worlds are built by sequential importance sampling: the hidden cards are dealt one at a time,
most constrained first, each to a slot that may take it (room, voids, melds) with
probability proportional to the room left, as a uniform deal would; a world's weight is its
likelihood over the probability of the dealing steps taken (which corrects what the
constraints did to the uniform deal). :meth:`WorldSampler.sample` then draws worlds in
proportion to their weights (sampling importance resampling) until enough distinct ones are
drawn; a world drawn twice counts twice.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ....core.cards import SUITS
from ....core.cards import Card
from ....core.cards import CardSet
from ....core.cards import bit
from ....core.cards import cards_of
from ....core.cards import cardset
from ....core.cards import count
from ...family.melds import MeldResult
from ...family.melds import best_melds
from ..deal import KREUZBINOKEL
from ..deal import NORMAL
from ..deal import full_deck
from ..rules import Rules
from ..view import BinokelView
from ..worlds import excluded
from ..worlds import plays
from .heuristic import HeuristicBot
from .heuristic import best_discard
from .heuristic import keep_scores
from .heuristic import trick_estimate

# The spread of the bidding model beyond the fit's residual: other players (people, other
# programs) do not bid exactly as the heuristic does.
BID_SLACK = 20.0
# Softmax temperatures of the trump and push models, in the heuristic's own units (plan
# value in points; keep scores, where a trump or an ace is worth 40-50 more than a blank).
TRUMP_TEMPERATURE = 20.0
PUSH_TEMPERATURE = 8.0
# The likelihood of a free discard the heuristic would not have made (a smaller smear onto
# its side's trick than it could, a bigger card thrown onto the others'): other players do
# not play as the heuristic, so it is only less likely.
LOG_ODD_DISCARD = math.log(0.4)
# How often a defender's world lets the declarer's hand and push hold melds beyond the
# shown ones (then pushed: see WorldSampler._deal), and how many pushes are tried for one.
RELAXED = 0.25
SPLIT_TRIES = 8
# Rounds of candidates that resampling may draw on to find enough distinct worlds (weights
# can be uneven enough that one round's draws fall on a few heavy worlds).
ROUNDS = 6
# Hands of the calibration fit per rule set (fixed seeds: the fit is the same everywhere).
CALIBRATION_DEALS = 40


@dataclass(frozen=True)
class Calibration:
    """The heuristic's hand estimate as a function of :func:`quick_value`: about
    ``a + b * quick_value``, with residual standard deviation ``sigma``."""

    a: float
    b: float
    sigma: float

    def mean(self, hand: CardSet, rules: Rules) -> float:
        return self.a + self.b * quick_value(hand, rules)


def quick_value(hand: CardSet, rules: Rules) -> float:
    """Best melds plus the heuristic's trick estimate, over the four trumps, of ``hand``
    alone (no Dapp): a cheap stand-in for the heuristic's Monte Carlo hand estimate."""
    return max(best_melds(hand, t, rules).total + trick_estimate(hand, t, rules)
               for t in SUITS)


_CALIBRATIONS: dict[tuple[Rules, str, int], Calibration] = {}


def calibration(rules: Rules, game: str, players: int) -> Calibration:
    """The fit of the heuristic's hand estimate on :func:`quick_value` for these rules
    (least squares over the hands of :data:`CALIBRATION_DEALS` fixed deals, cached)."""
    key = (rules, game, players)
    cal = _CALIBRATIONS.get(key)
    if cal is not None:
        return cal
    from ..state import DealState
    xs: list[float] = []
    ys: list[float] = []
    for i in range(CALIBRATION_DEALS):
        state = DealState.new(rules, i % players, seed=90_000 + i, players=players, game=game)
        for seat in state.order:
            view = state.view(seat)
            xs.append(quick_value(state.hands[seat], rules))
            ys.append(HeuristicBot(seed=i * 7 + seat).hand_value(view))
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    a = my - b * mx
    resid = math.sqrt(sum((y - a - b * x) ** 2 for x, y in zip(xs, ys, strict=True)) / n)
    cal = _CALIBRATIONS[key] = Calibration(a, b, resid)
    return cal


def bid_bounds(view: BinokelView) -> dict[int, tuple[int | None, int | None]]:
    """Per seat that spoke in the bidding, (``lo``, ``hi``): its hand is worth at least
    ``lo`` (the highest bid it made by choice) and less than ``hi`` (the lowest bid it could
    have made when it passed); None where the bidding says nothing. Vorhand's forced opening
    at the minimum says nothing.

    >>> from binokel.games.binokel.state import DealState
    >>> s = DealState.new(Rules(), dealer=2, seed=7)
    >>> for a in ["bid 150", "bid 160", "bid 170", "pass", "pass"]:
    ...     s.apply(a)
    >>> bid_bounds(s.view(0))
    {0: (170, None), 1: (160, 180), 2: (None, 180)}
    """
    rules = view.rules
    high: int | None = None
    spoke: set[int] = set()
    out: dict[int, tuple[int | None, int | None]] = {}
    for seat, action in view.history:
        verb, _, arg = action.partition(" ")
        if verb not in ("bid", "pass"):
            break
        lowest = rules.min_bid if high is None else high + rules.bid_step
        lo, hi = out.get(seat, (None, None))
        if verb == "bid":
            x = int(arg)
            forced = (high is None and seat == view.order[0] and rules.vorhand_must_open
                      and seat not in spoke)
            if not (forced and x == rules.min_bid):
                lo = x if lo is None else max(lo, x)
            high = x
        else:
            hi = lowest if hi is None else min(hi, lowest)
        spoke.add(seat)
        out[seat] = (lo, hi)
    return out


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def bid_likelihood(value: float, bounds: tuple[int | None, int | None], sigma: float) -> float:
    """P(lo <= estimate < hi) for an estimate ~ N(``value``, ``sigma``²).

    >>> round(bid_likelihood(200, (180, None), 20), 3)
    0.841
    >>> round(bid_likelihood(200, (None, 180), 20), 3)
    0.159
    """
    lo, hi = bounds
    p_lo = 1.0 if lo is None else _phi((value - lo) / sigma)
    p_hi = 0.0 if hi is None else _phi((value - hi) / sigma)
    return max(p_lo - p_hi, 1e-12)


def _esp(xs: list[float], k: int) -> float:
    """The elementary symmetric polynomial e_k of ``xs`` (e_0 = 1)."""
    e = [1.0] + [0.0] * k
    for x in xs:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * x
    return e[k]


def push_log_likelihood(kept_and_pushed: CardSet, push: list[Card], trump: int,
                        rules: Rules) -> float:
    """log P(``push`` | the declarer's 16 cards, ``trump``) under the push model (see the
    module docstring): pushes of what the heuristic would push are the likely ones."""
    scores = keep_scores(kept_and_pushed, trump, rules)
    xs = [-s / PUSH_TEMPERATURE for s, _ in scores]
    top = max(xs)
    norm = _esp([math.exp(x - top) for x in xs], len(push))
    if norm <= 0.0:
        return -math.inf
    # Each pushed card takes the score of one of its copies (a twin's copies score alike
    # unless only one is in a meld: then the push takes the one outside the meld).
    by_card: dict[Card, list[float]] = {}
    for x, (_, c) in zip(xs, scores, strict=True):
        by_card.setdefault(c, []).append(x)
    total = 0.0
    for c, k in Counter(push).items():
        got = sorted(by_card.get(c, []), reverse=True)
        if len(got) < k:
            return -math.inf
        total += sum(got[:k]) - k * top
    return total - math.log(norm)


def trump_log_likelihood(kept_and_pushed: CardSet, trump: int, rules: Rules, k: int) -> float:
    """log P(``trump`` | the declarer's cards at the push): a softmax over the four trumps of
    the heuristic's plan value (its push for that trump, melds and trick estimate)."""
    values = []
    for t in SUITS:
        push = best_discard(kept_and_pushed, t, rules, k) if k else []
        kept = kept_and_pushed - cardset(push)
        values.append((best_melds(kept, t, rules).total + trick_estimate(kept, t, rules)
                       + sum(rules.points[c & 7] for c in push)) / TRUMP_TEMPERATURE)
    top = max(values)
    return values[trump] - top - math.log(sum(math.exp(v - top) for v in values))


@dataclass
class World:
    """One world: the hidden hands (seat -> cards), the declarer's push where it is hidden,
    and the world's log weight (unnormalised)."""

    hands: dict[int, CardSet]
    push: CardSet
    log_weight: float

    def key(self) -> tuple[Any, ...]:
        """What the world is (its cards), whatever its weight."""
        return (*sorted(self.hands.items()), self.push)


@dataclass
class _Dealing:
    """One world being dealt: the hidden hands so far, each with what its seat played (for
    the meld test), the room left in each, the unseen cards not dealt yet, and how many
    cards of the declarer's slot he cannot hold now (pushed for sure)."""

    hands: dict[int, CardSet]
    kept: dict[int, CardSet]
    room: dict[int, int]
    pool: Counter[Card]
    forced: int = 0

    def give(self, s: int, c: Card, n: int) -> None:
        """Deal ``n`` copies of ``c`` to seat ``s``."""
        self.hands[s] += n * bit(c)
        self.kept[s] += n * bit(c)
        self.room[s] -= n
        self.pool[c] -= n


class WorldSampler:
    """The worlds of one view: the evidence is read once, worlds are drawn many times.

    ``inference`` False: hard evidence only but for the melds' "no other meld" (today's
    uniform sampling, for comparison and for the cheap levels).
    """

    def __init__(self, view: BinokelView, inference: bool = True) -> None:
        self.view = view
        rules = self.rules = view.rules
        me, decl = view.player, view.declarer
        self.me, self.decl, self.trump = me, decl, view.trump
        deck = full_deck(rules)
        self.distinct = sorted(set(deck))
        unseen = Counter(deck)
        unseen.subtract(Counter(view.hand))
        unseen.subtract(Counter(view.discard or ()))
        self.played: dict[int, Counter[Card]] = {s: Counter() for s in range(view.players)}
        # The cards a seat cannot hold now (voids, Stichzwang), read once for every sampler.
        self.excluded: dict[int, CardSet] = dict.fromkeys(range(view.players), 0)
        self.excluded.update(excluded(view, skip=me))
        # Free discards of the others: (seat, card, the cards whose holding then makes the
        # discard unlikely), see :meth:`_discard_mask`.
        self.discards: list[tuple[int, CardSet, CardSet]] = []   # seat, mask, played since
        self._read_plays(view, unseen)
        self.pool = +unseen
        self.sizes = {s: view.hand_sizes[s] for s in view.order if s != me}
        called = any(a.startswith("call ") and a != "call none" for _, a in view.history)
        # Cards known to be in a hand: shown meld cards not yet played. And with melds shown,
        # each hand (with what it played) melds exactly what it showed.
        self.fixed: dict[int, Counter[Card]] = {s: Counter() for s in self.sizes}
        self.melds: dict[int, MeldResult] = {}
        self._read_shown(view, called)
        # The declarer's hidden push (a defender's view of a deal with a Dapp).
        pushed = any(s == decl and a.startswith("discard") for s, a in view.history)
        self.k = len(view.dapp or ()) if decl is not None and decl != me and pushed else 0
        self.dapp_left: Counter[Card] = Counter()
        if view.dapp and decl is not None and decl != me:
            self.dapp_left = +(Counter(view.dapp) - self.played[decl])
        self.inference = inference and not called
        self.bounds = bid_bounds(view) if self.inference else {}
        self.bounds.pop(me, None)
        self.cal = (calibration(rules, view.game, view.players)
                    if self.inference and self.bounds else None)
        self.sigma = math.hypot(self.cal.sigma, BID_SLACK) if self.cal else 1.0
        self.team = view.game == KREUZBINOKEL
        self.played_sets = {s: cardset(list(c.elements())) for s, c in self.played.items()}
        self.worlds_drawn = 0
        self.worlds_failed = 0

    def _read_plays(self, view: BinokelView, unseen: Counter[Card]) -> None:
        """The cards played (each seat's, in order; less the unseen ones) and the others'
        free discards."""
        me = view.player
        events: list[tuple[int, Card, CardSet, int]] = []
        sequence: dict[int, list[Card]] = {s: [] for s in range(view.players)}
        partner_of = {s: set(view.partners(s)) | {s} for s in view.order}
        declaring = partner_of[view.declarer] if view.declarer is not None else set()
        for p in plays(view):
            seat, c = p.seat, p.card
            self.played[seat][c] += 1
            sequence[seat].append(c)
            unseen[c] -= 1
            if p.led < 0 or seat == me:
                continue
            if c >> 3 not in (p.led, view.trump) and view.contract == NORMAL:
                # A free discard: onto his side's trick the heuristic gives the most points
                # it may, onto the others' the fewest.
                # (the two defenders of 3-player Binokel play as one side)
                friendly = p.win_seat != seat and (
                    (p.win_seat in declaring) == (seat in declaring))
                events.append((seat, c, self._discard_mask(c, friendly),
                               len(sequence[seat])))
        for seat, _c, mask, at in events:
            self.discards.append((seat, mask, cardset(sequence[seat][at:])))

    def _read_shown(self, view: BinokelView, called: bool) -> None:
        """The cards shown and not played yet (melds, an open hand), and the melds that
        each hidden hand must make exactly (only in a normal game without a called card:
        otherwise a hand may hold more than it showed)."""
        decl = view.declarer
        if view.melds is not None:
            exact = view.contract == NORMAL and not called
            for s in self.sizes:
                shown = Counter(cards_of(view.melds[s].cards()))
                self.fixed[s] = +(shown - self.played[s])
                if exact:
                    self.melds[s] = view.melds[s]
        if view.open_hand is not None and decl is not None and decl != view.player:
            self.fixed[decl] = Counter(view.open_hand)   # an open Durch shows his hand

    def _discard_mask(self, c: Card, friendly: bool) -> CardSet:
        """The plain cards (not trumps) that the heuristic would have discarded rather than
        ``c``: onto a trick of his own side one of more points (it smears the most it may),
        onto the others' one of fewer (it throws the least valuable card)."""
        pts = self.rules.points
        out = 0
        for x in self.distinct:
            if x >> 3 == self.trump or x == c:
                continue
            if (pts[x & 7] > pts[c & 7]) if friendly else (pts[x & 7] < pts[c & 7]):
                out |= 3 << (2 * x)
        return out

    # ------------------------------------------------------------------ one world
    def draw(self, rng: random.Random) -> World | None:
        """One world with its log weight, or None if the dealing got stuck (a world the
        constraints left no slot for)."""
        self.worlds_drawn += 1
        w = self._deal(rng)
        if w is None:
            self.worlds_failed += 1
        return w

    def _deal(self, rng: random.Random) -> World | None:
        deal = self._deal_known()
        if deal is None:
            return None
        # A defender's worlds deal the declarer's hand and push without melds beyond the
        # shown ones (the push model keeps meld cards). But a declarer may push a meld
        # (a pair, to make a void): a relaxed rule, drawn now and then, lets the slot take
        # extra melds as long as the push breaks them. A world's proposal probability is
        # the mixture of both rules along its dealing steps.
        relaxable = bool(self.k) and self.decl in self.melds
        relaxed = relaxable and rng.random() < RELAXED
        log_q = self._deal_rest(deal, rng, relaxable, relaxed)
        if log_q is None or any(deal.room.values()):
            return None
        hands = deal.hands
        push = 0
        log_push = 0.0
        if self.k:
            assert self.decl is not None
            split = self._split(hands[self.decl], rng)
            if split is None:
                return None
            push, log_push = split
            hands[self.decl] -= push
        for s, target in self.melds.items():
            held = hands[s] + self.played_sets[s]
            if best_melds(held, self.trump, self.rules) != target:
                return None
        return World(hands, push, self._log_likelihood(hands, push) + log_push - log_q)

    def _deal_known(self) -> _Dealing | None:
        """A dealing that starts with the cards known to be in a hand: the shown meld cards
        and, for the declarer, the shown Dapp's cards he has not played. None if a hand has
        no room for them."""
        sizes, decl = self.sizes, self.decl
        # A defender deals the declarer's hand and push as one slot (what he held at the
        # push, less what he played since) and splits it afterwards by the push model.
        deal = _Dealing(hands=dict.fromkeys(sizes, 0),
                        kept={s: self.played_sets[s] for s in sizes},
                        room={s: sizes[s] + (self.k if s == decl else 0) for s in sizes},
                        pool=Counter(self.pool))
        for s, cs in self.fixed.items():
            for c, n in cs.items():
                take = min(n, deal.pool[c])
                if take > deal.room[s]:
                    return None
                deal.give(s, c, take)
        if self.dapp_left:
            assert decl is not None
            for c, n in self.dapp_left.items():
                extra = min(max(0, n - count(deal.hands[decl], c)), deal.pool[c])
                if extra > deal.room[decl]:
                    return None
                deal.give(decl, c, extra)
                if (self.excluded[decl] >> (2 * c)) & 3:
                    deal.forced += extra
        return deal

    def _deal_rest(self, deal: _Dealing, rng: random.Random, relaxable: bool,
                   relaxed: bool) -> float | None:
        """Deal the other unseen cards one at a time, the most constrained first, each to a
        seat in proportion to its room among the seats that may take it (by the ``relaxed``
        rule or the strict one); the log probability of these steps (the mixture of both
        rules where ``relaxable``), or None where a card fits no seat."""
        decl = self.decl
        log_qs = log_qr = 0.0   # log probability of the steps under the strict, relaxed rule
        rest = list((+deal.pool).elements())
        rng.shuffle(rest)
        rest.sort(key=lambda c: sum(1 for s in self.sizes
                                    if not (self.excluded[s] >> (2 * c)) & 3))
        seats = list(self.sizes)
        for c in rest:
            strict, loose = self._seat_weights(deal, c, seats, relaxable)
            weights = loose if relaxed else strict
            total = sum(weights)
            if total == 0:
                return None
            x = rng.random() * total
            for j, wt in enumerate(weights):
                if x < wt:
                    s = seats[j]
                    deal.give(s, c, 1)
                    log_qs += math.log(strict[j] / sum(strict)) if strict[j] else -math.inf
                    log_qr += math.log(loose[j] / sum(loose))
                    if s == decl and (self.excluded[s] >> (2 * c)) & 3:
                        deal.forced += 1
                    break
                x -= wt
        return _log_mix(log_qs, log_qr) if relaxable else log_qs

    def _seat_weights(self, deal: _Dealing, c: Card, seats: list[int],
                      relaxable: bool) -> tuple[list[int], list[int]]:
        """Each seat's weight for card ``c`` (its room, 0 where it may not take it) under
        the strict rule and the relaxed one. A seat may not take a card it cannot hold now
        (the declarer may, as long as his push can still take it), nor one that gives it a
        meld beyond the shown ones (the declarer may under the relaxed rule: his push can
        break it)."""
        decl, k = self.decl, self.k
        strict: list[int] = []
        loose: list[int] = []
        for s in seats:
            wt = deal.room[s]
            if wt and (self.excluded[s] >> (2 * c)) & 3 and (s != decl or deal.forced >= k):
                wt = 0
            lw = wt
            if wt:
                target = self.melds.get(s)
                if target is not None and best_melds(deal.kept[s] + bit(c), self.trump,
                                                     self.rules).total > target.total:
                    wt = 0
                    if s != decl or not relaxable:
                        lw = 0
            strict.append(wt)
            loose.append(lw)
        return strict, loose

    def _split(self, slot: CardSet, rng: random.Random) -> tuple[CardSet, float] | None:
        """The declarer's push out of ``slot`` (his hand and push as dealt): the cards he
        cannot hold now are pushed, the rest of the push is drawn from the push model
        restricted to the cards he may have pushed (not the ones he played since, nor shown
        meld cards); with it the log probability that the model's push fits at all."""
        decl, k = self.decl, self.k
        assert decl is not None
        at_push = slot + self.played_sets[decl]
        if self.inference and self.view.contract == NORMAL and self.trump >= 0:
            scores = keep_scores(at_push, self.trump, self.rules)
            items = [(-sc / PUSH_TEMPERATURE, c) for sc, c in scores]
        else:
            items = [(0.0, c) for c in cards_of(at_push)]
        items.sort(key=lambda it: -it[0])
        pushed, free, log_in = self._bound_copies(slot, items)
        r = k - len(pushed)
        if r < 0 or r > len(free):
            return None
        top = max(x for x, _ in items)
        all_x = [math.exp(x - top) for x, _ in items]
        free_x = [math.exp(x - top) for x, _ in free]
        norm = _esp(all_x, k)
        fits = _esp(free_x, r)
        if norm <= 0.0 or fits <= 0.0:
            return None
        log_fit = log_in - len(pushed) * top + math.log(fits) - math.log(norm)
        # A slot with melds beyond the shown ones needs a push that breaks them: a few
        # draws, and the share of them that do estimates the probability (unbiased).
        target = self.melds.get(decl)
        check = target is not None and best_melds(at_push, self.trump,
                                                  self.rules).total > target.total
        tries = SPLIT_TRIES if check else 1
        found: CardSet | None = None
        good = 0
        for _ in range(tries):
            drawn = _conditional_poisson([c for _, c in free], free_x, r, rng)
            if drawn is None:
                continue
            cs = cardset(pushed + drawn)
            if check and best_melds(at_push - cs, self.trump, self.rules) != target:
                continue
            good += 1
            if found is None:
                found = cs
        if found is None:
            return None
        return found, log_fit + math.log(good / tries)

    def _bound_copies(self, slot: CardSet, items: list[tuple[float, Card]]
                      ) -> tuple[list[Card], list[tuple[float, Card]], float]:
        """Which copies of the declarer's cards at the push (``items``: log weight and card,
        the copies he most wants to keep first) are bound to stay (played or shown), bound
        to go (he cannot hold them now, ``slot`` holds them) or free: the ones that go, the
        free ones, and the sum of the log weights of the ones that go."""
        decl = self.decl
        assert decl is not None
        stay = Counter(self.played[decl]) + self.fixed[decl]
        go = Counter({c: n for c, n in Counter(cards_of(slot)).items()
                      if (self.excluded[decl] >> (2 * c)) & 3})
        free: list[tuple[float, Card]] = []
        pushed: list[Card] = []
        log_in = 0.0
        for x, c in items:
            if stay[c] > 0:
                stay[c] -= 1
            elif go[c] > 0:
                go[c] -= 1
                pushed.append(c)
                log_in += x
            else:
                free.append((x, c))
        return pushed, free, log_in

    def _log_likelihood(self, hands: dict[int, CardSet], push: CardSet) -> float:
        if not self.inference:
            return 0.0
        rules, view = self.rules, self.view
        decl = self.decl
        out = 0.0
        at_push: CardSet = 0
        if decl is not None and decl != self.me:
            at_push = hands[decl] + self.played_sets[decl] + push
        if self.cal is not None:
            for s, bounds in self.bounds.items():
                if s not in hands:
                    continue
                if s == decl:
                    original = at_push - cardset(view.dapp or ()) if view.dapp else at_push
                else:
                    original = hands[s] + self.played_sets[s]
                out += math.log(bid_likelihood(self.cal.mean(original, rules), bounds,
                                               self.sigma))
        if decl is not None and decl != self.me and view.contract == NORMAL and self.trump >= 0:
            out += trump_log_likelihood(at_push, self.trump, rules, self.k)
        return out + self.discard_log_likelihood(hands)

    def discard_log_likelihood(self, hands: dict[int, CardSet]) -> float:
        """The free discards' part of a world's log likelihood (see the module docstring)."""
        out = 0.0
        for seat, mask, since in self.discards:
            if (hands[seat] + since) & mask:
                out += LOG_ODD_DISCARD
        return out

    # ------------------------------------------------------------------ many worlds
    def candidates(self, rng: random.Random, n: int) -> list[World]:
        """Up to ``n`` worlds drawn (``4 n`` tries at most)."""
        out: list[World] = []
        for _ in range(4 * n):
            if len(out) >= n:
                break
            w = self.draw(rng)
            if w is not None:
                out.append(w)
        return out

    def sample(self, rng: random.Random, n: int, pool: int | None = None
               ) -> list[tuple[World, int]]:
        """``n`` distinct worlds (fewer if the candidates run out) with how often each was
        drawn, by sampling importance resampling from ``pool`` candidates (default 3 n):
        worlds are drawn in proportion to their weights until ``n`` distinct ones are in
        (at most ``8 n`` draws; then more candidates, :data:`ROUNDS` - 1 times at most,
        while they still bring new worlds)."""
        # Candidates come in batches of n; a batch that brings hardly any world not drawn
        # before says the evidence allows few worlds (late in a deal): enough of them.
        cands: list[World] = []
        known: set[tuple[Any, ...]] = set()
        exhausted = False
        while len(cands) < (pool or 3 * n):
            batch = self.candidates(rng, min(n, (pool or 3 * n) - len(cands)))
            new = {w.key() for w in batch} - known
            cands += batch
            known |= new
            if len(new) < max(1, len(batch) // 32):
                exhausted = True
                break
        # Worlds of the same cards are one world (late in a deal few deals are left).
        picked: dict[tuple[Any, ...], int] = {}
        first: dict[tuple[Any, ...], World] = {}
        for _round in range(ROUNDS):
            if not cands:
                break
            top = max(w.log_weight for w in cands)
            cum: list[float] = []
            acc = 0.0
            for w in cands:
                acc += math.exp(w.log_weight - top)
                cum.append(acc)
            draws = 0
            while len(picked) < n and draws < 8 * n:
                world = cands[_bisect(cum, rng.random() * acc)]
                key = world.key()
                picked[key] = picked.get(key, 0) + 1
                first.setdefault(key, world)
                draws += 1
            if len(picked) >= n or exhausted:
                break
            more = self.candidates(rng, pool or 3 * n)
            new = {w.key() for w in more} - known
            if len(new) < max(1, len(more) // 32):
                break   # the worlds the evidence allows are nearly all drawn already
            cands += more
            known |= new
        return [(first[key], k) for key, k in picked.items()]


def _conditional_poisson(cards: list[Card], weights: list[float], r: int,
                         rng: random.Random) -> list[Card] | None:
    """``r`` of ``cards`` by conditional Poisson sampling: each subset with probability
    proportional to the product of its ``weights``, one card after the other (None where
    fewer than ``r`` came out: a weight of zero)."""
    out: list[Card] = []
    left = r
    for i, c in enumerate(cards):
        if left == 0:
            break
        rest = weights[i + 1:]
        here = weights[i] * _esp(rest, left - 1)
        if rng.random() * (here + _esp(rest, left)) < here:
            out.append(c)
            left -= 1
    return None if left else out


def _log_mix(log_a: float, log_b: float) -> float:
    """log((1 - RELAXED) e^log_a + RELAXED e^log_b), either may be -inf."""
    a = math.log(1 - RELAXED) + log_a
    b = math.log(RELAXED) + log_b
    top = max(a, b)
    return top + math.log(math.exp(a - top) + math.exp(b - top))


def _bisect(cum: list[float], x: float) -> int:
    lo, hi = 0, len(cum) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cum[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def effective_size(worlds: list[World]) -> float:
    """The effective sample size of weighted worlds: (sum w)² / sum w²."""
    if not worlds:
        return 0.0
    top = max(w.log_weight for w in worlds)
    ws = [math.exp(w.log_weight - top) for w in worlds]
    return sum(ws) ** 2 / sum(x * x for x in ws)


def describe(view: BinokelView, world: World) -> dict[str, Any]:
    """A world in card tokens (for tests and debugging)."""
    from ....core.cards import format_cards
    return {"hands": {s: format_cards(cards_of(h)) for s, h in world.hands.items()},
            "push": format_cards(cards_of(world.push)), "log_weight": world.log_weight}


__all__ = ["Calibration", "World", "WorldSampler", "bid_bounds", "bid_likelihood",
           "calibration", "effective_size", "push_log_likelihood", "quick_value",
           "trump_log_likelihood"]
