"""The strong player of Binokel and Kreuzbinokel: Perfect Information Monte Carlo on worlds
weighted by what the others did.

The bot sees only its view. Every decision is taken on *worlds*: deals of the cards it cannot
see that agree with the view and are weighted by how likely the others' bids, push, trump,
melds and cards make them (:mod:`.inference`). Then:

- **card play**: each world is solved exactly from the current card to the end of the deal
  (the compiled search core, :mod:`binokel.search`; at ``strong-easy`` only the last eight
  tricks, with heuristic rollouts before), every legal card's value in one search
  (``Session.solve(values=True)``), and the card with the best average *utility* wins;
- **push, trump and abgehen**: each trump's plan (the heuristic's push for it) is solved on
  sampled deals of the others' hands (the plans worth a look: those close to the best by the
  heuristic's estimate) and the plan with the best expected utility is compared with what
  abgehen brings; at the trump announcement Durch and Untendurch are solved on the same kind
  of deals;
- **bidding**: the expected utility of playing at the next bid, over sampled Dapps and hands
  of the others (for each Dapp the heuristic's plan, solved on a few hands of the others, and
  abgehen where that is better on average), against what passing is worth; a hand far below
  the bid by the heuristic's estimate passes without simulation.

The *utility* is the player's score relative to the others', the quantity a duplicate match
measures: the declaring side's score (its total if it reaches the bid, else the lost bid:
the cliff at the bid) minus the others' mean score, which grows with the declaring side's card
points (``share`` of them). Both sides play for it (the defenders against it), so a declarer
who cannot make the bid still takes what points he can, and defenders who cannot beat the bid
keep the declarer's points down.

Levels trade strength for time: ``strong-easy`` (16 worlds, exact in the last eight tricks),
``strong`` (64 worlds solved from the first card), ``strong-hard`` (128 worlds and more
simulation elsewhere). A decision's budget is counted in work, not read off the clock: solver
nodes, and heuristic rollout moves at what one costs in nodes. So the same seed gives the same
play on a busy machine as on an idle one, and a faster solver makes every level faster
without changing its play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....bots import legal_actions_of
from ....core.cards import SUIT_LETTERS
from ....core.cards import SUITS
from ....core.cards import Card
from ....core.cards import CardSet
from ....core.cards import card_token
from ....core.cards import cards_of
from ....core.cards import cardset
from ....core.cards import parse_card
from ....core.cards import size
from ....core.cards import sort_key
from ....core.worlds import NoWorldFound
from ....core.worlds import Sampling
from ....core.worlds import World
from ....search import Position
from ....search import SearchLimit
from ....search import Session
from ...family.melds import best_melds
from .. import KREUZ_SPEC
from .. import SPEC
from ..deal import DURCH
from ..deal import KREUZBINOKEL
from ..deal import NORMAL
from ..deal import PLAY
from ..deal import UNTENDURCH
from ..deal import full_deck
from ..scoring import set_points
from ..search import position_of
from ..state import DealState
from ..view import BinokelView
from .heuristic import HeuristicBot
from .heuristic import best_discard
from .heuristic import durch_safe
from .heuristic import trick_estimate
from .inference import bid_bounds
from .inference import bid_likelihood
from .inference import calibration
from .inference import quick_value

# A heuristic rollout move (a view and the rollout player's choice, about 55 µs in pure
# Python) is counted as 80 nodes of the compiled search core.
ROLLOUT_MOVE = 80

# The Durch search's budget per sampled deal: a made Durch is proved in well under this
# (a solid hand takes about 76,000 nodes), a hopeless one may search for a million.
DURCH_NODES = 150_000

# Plans (trumps) looked at by the declarer: those whose heuristic value is within this of
# the best one, at most MAX_PLANS of them.
PLAN_MARGIN = 50.0
MAX_PLANS = 3

# Bidding: a hand whose heuristic estimate is this far below the bid passes unsimulated.
BID_SCREEN = 40.0

# Simulations (bidding, the declarer's plans) go in rounds of ROUND deals and stop early
# once the choice is clear: a difference of more than CLEAR standard errors.
ROUND = 8
CLEAR = 2.5

# What passing is worth in the bidding, relative to the others (the utility's unit): a fit
# over the defenders of 1,500 deals of heuristic self-play per game and card points, a + b *
# the hand's mean meld total over the four trumps (standard error of a: 4 in Binokel, 7 in
# Kreuzbinokel, whose heuristic declarers lose much).
PASS_VALUE: dict[tuple[str, str], tuple[float, float]] = {
    ("binokel", "classic"): (-40.5, 1.19),
    ("binokel", "tournament"): (-64.0, 0.86),
    (KREUZBINOKEL, "classic"): (44.7, 1.08),
    (KREUZBINOKEL, "tournament"): (44.7, 1.08),
}


def _party_ids(view: BinokelView) -> tuple[int, ...]:
    """Each seat's party (its lowest seat; -1 for a seat sitting out)."""
    return tuple(next((min(p) for p in view.parties if s in p), -1)
                 for s in range(view.players))


def _side(view: BinokelView, seat: int) -> list[int]:
    """``seat`` and its partners."""
    return [seat, *view.partners(seat)]


def _total_points(view: BinokelView) -> int:
    """Every card's points and the trick bonus: what the tricks and the push hold."""
    r = view.rules
    return sum(r.points[c & 7] for c in full_deck(r)) + r.last_trick_bonus


def _share(view: BinokelView) -> float:
    """How much one card point of the declaring side lowers the others' mean score: a seat's
    relative score is its own score minus the mean score of the seats not in its party."""
    ours = len(_side(view, view.player))
    other_members = max(1, len(view.parties[0]) if view.parties else 1)
    return other_members / max(1, view.players - ours)


@dataclass(frozen=True)
class Stakes:
    """What the declaring side's utility depends on once the play is under way."""

    contract: str
    bid: int
    base: int          # its melds and card points so far (and the push when known)
    lost: int          # what a lost game costs
    share: float       # see :func:`_share`
    win: int           # Durch/Untendurch made
    loss: int          # Durch/Untendurch lost

    def utility(self, gained: int) -> float:
        """The declaring side's utility if it takes ``gained`` more card points (a Durch or
        Untendurch: ``gained`` 1 if it is made, else 0)."""
        if self.contract != NORMAL:
            return float(self.win if gained >= 1 else -self.loss)
        total = self.base + gained
        score = total if total >= self.bid else -self.lost
        return score + self.share * gained


def lost_value(view: BinokelView, side_melds: int) -> int:
    """What losing a normal game at the view's bid costs the declaring side."""
    r, bid = view.rules, view.high_bid or 0
    factor = r.lost_factor
    if r.overbid_unreachable and side_melds + _total_points(view) < bid:
        factor = 2
    return bid * factor


def normal_relative(view: BinokelView, bid: int, side_melds: int, side_points: int,
                    other_melds: int) -> float:
    """The declarer's relative score of a normal game at ``bid`` in which his side melds
    ``side_melds`` and takes ``side_points`` card points (push included), the others meld
    ``other_melds`` between them."""
    r = view.rules
    total = side_melds + side_points
    others = other_melds + _total_points(view) - side_points
    if total >= bid:
        score = total
    else:
        factor = r.lost_factor
        if r.overbid_unreachable and side_melds + _total_points(view) < bid:
            factor = 2
        score = -bid * factor
        if r.lost_bonus_others:
            others += _half_bid(bid) * max(1, len(view.parties) - 1)
    return score - _share(view) * others


def abgehen_relative(view: BinokelView, bid: int, other_melds: int) -> float:
    """The declarer's relative score if he goes abgehen at ``bid`` (the others meld
    ``other_melds`` between them under the trump he names)."""
    r = view.rules
    n_other = max(1, len(view.parties) - 1)
    if r.abgehen_bonus == "half_bid":
        bonus = _half_bid(bid)
    elif r.abgehen_bonus == "per_player":
        bonus = 10 * len(view.order)
    else:
        bonus = int(r.abgehen_bonus)
    others = (other_melds if r.abgehen_others_meld else 0) + bonus * n_other
    return -bid - _share(view) * others


def _half_bid(bid: int) -> int:
    return (bid // 2 + 9) // 10 * 10


class StrongBot:
    """PIMC on weighted worlds (see the module docstring)."""

    def __init__(self, seed: int | None = None, samples: int = 64, solve_tricks: int = 12,
                 budget: int = 400_000_000, world_budget: int = 40_000_000,
                 plan_worlds: int = 24, bid_dapps: int = 16,
                 bid_hands: int = 2, inference: bool = True, name: str = "strong") -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.solve_tricks = solve_tricks
        # Inside rollouts the solver takes over for the last few tricks only.
        self.rollout_solve = min(6, solve_tricks)
        self.budget = budget              # work per decision, in solver nodes
        self.world_budget = world_budget  # one world's solve at most
        self.plan_worlds = plan_worlds    # deals per plan of the declarer
        self.bid_dapps = bid_dapps        # Dapps of the bidding simulation ...
        self.bid_hands = bid_hands        # ... and hands of the others per Dapp
        self.inference = inference
        self.name = name
        self._work = 0
        self.heuristic = HeuristicBot(seed=None if seed is None else seed + 1)
        self.rollout = HeuristicBot(seed=None if seed is None else seed + 2, samples=2)
        # (kept cards, pushed cards) -> (trump, expected utility): the plan _declare chose
        self._planned: dict[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[int, float]] = {}
        self._bid_sims: dict[tuple[Any, ...], list[_DappSim]] = {}
        # The last decision's expected utility per action, for the player (higher is
        # better): card plays, and a simulated bid against passing; else empty.
        self.last_values: dict[str, float] = {}
        # Figures of the last decision (for benchmarks): worlds solved, nodes, ...
        self.last_stats: dict[str, float] = {}

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        self.last_values = {}
        self.last_stats = {}
        if len(actions) == 1:
            return actions[0]
        self._work = 0
        if view.phase == PLAY:
            return self._play(view, actions)
        if view.phase == "bidding":
            return self._bid(view, actions)
        if view.phase == "declare":
            return self._declare(view, actions)
        if view.phase == "trump":
            return self._trump(view, actions)
        return self.heuristic.choose(view)

    # ------------------------------------------------------------------ play
    def _stakes(self, view: BinokelView) -> Stakes:
        decl = view.declarer
        assert decl is not None
        side = _side(view, decl)
        melds = sum(view.melds[s].total for s in side) if view.melds is not None else 0
        points = sum(t.points for t in view.tricks if t.winner in side)
        if view.discard:   # the declarer's own push
            points += set_points(view.rules, cardset(view.discard))
        r = view.rules
        win = r.durch_open if view.open_hand is not None and r.durch_open else r.durch_win
        return Stakes(view.contract or NORMAL, view.high_bid or 0, melds + points,
                      lost_value(view, melds), _share(view), win, r.durch_loss)

    def _position_hands(self, view: BinokelView, world: World[DealState]
                        ) -> tuple[CardSet, ...]:
        return tuple(cardset(view.hand) if s == view.player else world.state.hands[s]
                     for s in range(view.players))

    def _worlds(self, view: BinokelView, n: int) -> list[World[DealState]]:
        """``n`` distinct worlds of ``view`` from the game's sampler (read from the others'
        play; uniform without :attr:`inference`); none where the sampler finds none."""
        spec = KREUZ_SPEC if view.game == KREUZBINOKEL else SPEC
        assert spec.worlds is not None
        how = Sampling.READ if self.inference else Sampling.UNIFORM
        try:
            return list(spec.worlds().sample(view, self.rng, n, how))
        except NoWorldFound:
            return []

    def _play(self, view: BinokelView, actions: list[str]) -> str:
        decl = view.declarer
        assert decl is not None
        maximize = view.player in _side(view, decl)
        worlds = self._worlds(view, self.samples)
        stakes = self._stakes(view)
        party = _party_ids(view)
        cards = {a: parse_card(a[5:]) for a in actions}
        totals = dict.fromkeys(actions, 0.0)
        weight = solved = 0
        exact = len(view.hand) <= self.solve_tricks
        for world in worlds:
            if self._work >= self.budget:
                break
            mult = world.count
            # The push's points go to the declaring side (a defender's world says which).
            push_points = (set_points(view.rules, _hidden_push(view, world))
                           if stakes.contract == NORMAL else 0)
            if exact:
                pos = position_of(view.rules, self._position_hands(view, world), view.order,
                                  party, decl, view.contract, view.trump, view.trick_leader,
                                  view.trick)
                session = Session(pos)
                try:
                    sol = session.solve(min(self.world_budget, self.budget - self._work),
                                        values=True)
                except SearchLimit:
                    self._work += session.nodes
                    continue
                self._work += session.nodes
                assert sol.values is not None
                for a, c in cards.items():
                    totals[a] += mult * stakes.utility(sol.values[c] + push_points)
            else:
                state = self._world_state(view, world)
                before = self._side_points(state)
                for a in actions:
                    w = state.clone()
                    w.apply(a)
                    totals[a] += mult * stakes.utility(push_points + self._value(w, before))
            weight += mult
            solved += 1
        self.last_stats = {"worlds": solved, "draws": weight, "nodes": self._work}
        if weight == 0:
            return self.heuristic.choose(view)
        sign = 1.0 if maximize else -1.0
        self.last_values = {a: sign * totals[a] / weight for a in actions}
        favourite = self.heuristic.choose(view)
        return max(actions, key=lambda a: (round(self.last_values[a], 6), a == favourite, a))

    def _solve(self, pos: Position, budget: int) -> int | None:
        """The position's value, or None past ``budget`` nodes; the work is counted."""
        session = Session(pos)
        try:
            return session.value(budget)
        except SearchLimit:
            return None
        finally:
            self._work += session.nodes

    def _world_state(self, view: BinokelView, world: World[DealState]) -> DealState:
        """The world as a deal state at the view's point with no history (for heuristic
        rollouts)."""
        assert view.declarer is not None and view.contract is not None
        push = cardset(view.discard) if view.discard else _hidden_push(view, world)
        return DealState.at_play(
            view.rules, view.dealer, list(self._position_hands(view, world)),
            view.declarer, view.high_bid, view.contract, view.trump, view.trick_leader,
            players=view.players, game=view.game, dapp_cards=tuple(view.dapp or ()),
            discard=push, melds=list(view.melds) if view.melds is not None else None,
            tricks=view.tricks, trick=view.trick)

    @staticmethod
    def _side_points(world: DealState) -> int:
        assert world.declarer is not None
        side = world.party[world.declarer]
        return sum(p for s, p in enumerate(world.trick_points) if world.party[s] == side)

    def _value(self, world: DealState, before: int) -> int:
        """The declaring side's card points from here on, played out on ``world`` by the
        heuristic and solved exactly in the last tricks (Durch/Untendurch: 1 if made)."""
        if world.contract != NORMAL:
            self._play_out(world)
            return 1 if world.result is not None and world.result.made else 0
        from ..solver import solve
        while not world.is_over:
            if not world.trick and size(world.hands[world.to_move]) <= self.rollout_solve:
                sol = solve(world)
                self._work += sol.nodes
                return self._side_points(world) - before + sol.value
            world.apply(self.rollout.choose(world.view(world.to_move)))
            self._work += ROLLOUT_MOVE
        return self._side_points(world) - before

    def _play_out(self, world: DealState) -> None:
        while not world.is_over:
            world.apply(self.rollout.choose(world.view(world.to_move)))
            self._work += ROLLOUT_MOVE

    # ------------------------------------------------------------------ declarer
    def _plans(self, hand: CardSet, view: BinokelView, k: int,
               push: list[Card] | None = None) -> dict[int, tuple[CardSet, list[Card]]]:
        """The trumps worth simulating, each with (kept cards, push): the heuristic's push
        for it (or the push made), among the best by the heuristic's plan value."""
        rules = view.rules
        value: dict[int, float] = {}
        plans: dict[int, tuple[CardSet, list[Card]]] = {}
        for t in SUITS:
            p = push if push is not None else (best_discard(hand, t, rules, k) if k else [])
            kept = hand - cardset(p) if push is None else hand
            plans[t] = (kept, p)
            value[t] = (best_melds(kept, t, rules).total + trick_estimate(kept, t, rules)
                        + sum(rules.points[c & 7] for c in p))
        best = max(value.values())
        keep = sorted((t for t in SUITS if value[t] >= best - PLAN_MARGIN),
                      key=lambda t: -value[t])[:MAX_PLANS]
        return {t: plans[t] for t in keep}

    def _simulate(self, view: BinokelView, plans: dict[int, tuple[CardSet, list[Card]]],
                  deals: list[World[DealState]]) -> tuple[dict[int, float], float]:
        """Each plan's expected relative score over ``deals`` (each solved exactly from the
        first card), and abgehen's (naming the heuristic's abgehen suit).

        Deals are taken in rounds of :data:`ROUND` and a plan clearly worse than the best on
        the deals so far (by more than :data:`CLEAR` standard errors of the paired
        difference) is dropped; the simulation stops once one plan is left and it is clearly
        better or worse than abgehen."""
        rules, me = view.rules, view.player
        party = _party_ids(view)
        side = _side(view, me)
        lead = view.order[0] if rules.first_lead == "vorhand" else me
        bid = view.high_bid or 0
        ab_suit = "EBHS".index(self.heuristic._abgehen_suit(view))
        live = dict(plans)
        rows: list[tuple[int, dict[int, float], float]] = []   # weight, per plan, abgehen
        per_solve = max(1, self.budget // max(1, len(deals) * len(plans)))
        for i, world in enumerate(deals):
            if self._work >= self.budget:
                break
            mult = world.count
            values = self._plan_values(view, live, world.state.hands, party, lead, per_solve)
            if len(values) < len(live):
                continue
            other_melds = sum(best_melds(world.state.hands[s], ab_suit, rules).total
                              for s in view.order if s not in side)
            rows.append((mult, values, abgehen_relative(view, bid, other_melds)))
            if (i + 1) % ROUND == 0 and i + 1 < len(deals) and _settled(live, rows):
                break
        if not rows:
            return {}, 0.0
        evs = {t: _mean_se([(m, v[t]) for m, v, _ in rows if t in v])[0] for t in live}
        return evs, _mean_se([(m, ab) for m, _, ab in rows])[0]

    def _plan_values(self, view: BinokelView, live: dict[int, tuple[CardSet, list[Card]]],
                     world_hands: list[CardSet], party: tuple[int, ...], lead: int,
                     per_solve: int) -> dict[int, float]:
        """Each plan's relative score in one world (the others' hands ``world_hands``),
        its play solved exactly from the first card; the plans solved before the work
        budget ran out."""
        rules, me = view.rules, view.player
        side = _side(view, me)
        bid = view.high_bid or 0
        values: dict[int, float] = {}
        for t, (kept, push) in live.items():
            hands = tuple(kept if s == me else world_hands[s] for s in range(view.players))
            pos = position_of(rules, hands, view.order, party, me, NORMAL, t, lead, ())
            v = self._solve(pos, min(self.world_budget, per_solve))
            if v is None:
                break
            side_melds = sum(best_melds(hands[s], t, rules).total for s in side)
            other_melds = sum(best_melds(hands[s], t, rules).total
                              for s in view.order if s not in side)
            values[t] = normal_relative(view, bid, side_melds,
                                        v + set_points(rules, cardset(push)), other_melds)
        return values

    def _declare(self, view: BinokelView, actions: list[str]) -> str:
        """Push and trump: each promising trump's push solved on the same sampled deals; the
        best plan is compared with abgehen."""
        hand = cardset(view.hand)
        k = len(view.dapp or ())
        self._planned.clear()
        plans = self._plans(hand, view, k)
        evs, ab = self._simulate(view, plans, self._worlds(view, self.plan_worlds))
        if not evs:
            return self.heuristic.choose(view)
        best_t = max(evs, key=lambda t: evs[t])
        kept, push = plans[best_t]
        push = sorted(push, key=sort_key)
        self._planned[(tuple(cards_of(kept)), tuple(push))] = (best_t, evs[best_t])
        self.last_stats = {"plans": len(plans), "nodes": self._work, "best": evs[best_t],
                           "abgehen": ab}
        abgehen = f"abgehen {self.heuristic._abgehen_suit(view)}"
        if ab > evs[best_t] and abgehen in actions:
            return abgehen
        return "discard " + " ".join(card_token(c) for c in push)

    def _trump(self, view: BinokelView, actions: list[str]) -> str:
        """The trump the push was simulated for (or, with no Dapp, the best trump by
        simulation), against Durch, Untendurch and abgehen."""
        rules = view.rules
        kept, discard = cardset(view.hand), list(view.discard or ())
        planned = self._planned.get((tuple(view.hand), tuple(sorted(discard, key=sort_key))))
        deals = self._worlds(view, self.plan_worlds)
        options: dict[str, float] = {}
        ab: float | None = None
        if planned is None:
            plans = self._plans(kept, view, 0, push=discard)
            evs, ab = self._simulate(view, plans, deals)
            if evs:
                best = max(evs, key=lambda t: evs[t])
                planned = (best, evs[best])
        if planned is not None:
            options[f"trump {SUIT_LETTERS[planned[0]]}"] = planned[1]
        if "durch" in actions:
            p = self._contract_chance(view, DURCH, deals)
            options["durch"] = p * rules.durch_win - (1 - p) * rules.durch_loss
            if "durch open" in actions:
                options["durch open"] = p * rules.durch_open - (1 - p) * rules.durch_loss
        if "untendurch" in actions:
            p = self._contract_chance(view, UNTENDURCH, deals)
            options["untendurch"] = p * rules.durch_win - (1 - p) * rules.durch_loss
        abgehen = f"abgehen {self.heuristic._abgehen_suit(view)}"
        if abgehen in actions:
            if ab is None:
                ab_suit = "EBHS".index(abgehen[-1])
                side = _side(view, view.player)
                vals = [(abgehen_relative(view, view.high_bid or 0, sum(
                    best_melds(w.state.hands[s], ab_suit, rules).total
                    for s in view.order if s not in side)), w.count) for w in deals]
                ab = sum(v * m for v, m in vals) / max(1, sum(m for _, m in vals))
            options[abgehen] = ab
        options = {a: v for a, v in options.items() if a in actions}
        if not options:
            return self.heuristic.choose(view)
        return max(options, key=lambda a: options[a])

    def _contract_chance(self, view: BinokelView, contract: str,
                         deals: list[World[DealState]]) -> float:
        """How often Durch or Untendurch is made on ``deals`` (each solved exactly within
        :data:`DURCH_NODES`; a deal the search cannot decide counts as lost)."""
        if contract == DURCH and durch_safe(cardset(view.hand), view.rules):
            return 1.0   # every suit solid from the top: nothing to search
        party = _party_ids(view)
        me = view.player
        made = tried = 0
        for world in deals:
            if self._work >= self.budget:
                break
            mult = world.count
            hands = tuple(cardset(view.hand) if s == me else world.state.hands[s]
                          for s in range(view.players))
            pos = position_of(view.rules, hands, view.order, party, me, contract, -1, me, ())
            made += mult * (self._solve(pos, DURCH_NODES) or 0)
            tried += mult
        return made / tried if tried else 0.0

    # ------------------------------------------------------------------ bidding
    def _bid(self, view: BinokelView, actions: list[str]) -> str:
        """Bid the lowest bid if playing at it is worth more than passing (by simulation),
        else pass. Vorhand's forced opening is no decision."""
        bids = [a for a in actions if a.startswith("bid ")]
        if not bids:
            return "pass"
        if "pass" not in actions:
            return bids[0]
        lowest = int(bids[0].split()[1])
        estimate = self.heuristic.hand_value(view)
        if lowest > estimate + BID_SCREEN:
            return "pass"
        pass_value = self.pass_value(view)
        play = self.bid_value(view, lowest, pass_value)
        if play is None:
            return self.heuristic.choose(view)
        self.last_stats = {"play": play, "pass": pass_value, "nodes": self._work}
        # both in the utility's unit, the unit of the card values (the hint shows them)
        self.last_values = {bids[0]: play, "pass": pass_value}
        return bids[0] if play > pass_value else "pass"

    def pass_value(self, view: BinokelView) -> float:
        """What passing is worth relative to the others (see :data:`PASS_VALUE`)."""
        a, b = PASS_VALUE.get((view.game, view.rules.card_points),
                              PASS_VALUE[("binokel", "classic")])
        hand = cardset(view.hand)
        melds = sum(best_melds(hand, t, view.rules).total for t in SUITS) / 4
        return a + b * melds

    def bid_value(self, view: BinokelView, bid: int, against: float | None = None
                  ) -> float | None:
        """The expected relative score of declaring at ``bid`` (None: no deal could be
        solved within the budget). Dapps are simulated in rounds of :data:`ROUND` // 2
        until the estimate is clearly above or below ``against`` (by :data:`CLEAR`
        standard errors) or :attr:`bid_dapps` are in; they are kept for the next bid."""
        key = (view.hand, view.dealer, view.order, view.rules, view.game)
        sims = self._bid_sims.get(key)
        if sims is None:
            if len(self._bid_sims) > 8:
                self._bid_sims.clear()
            sims = self._bid_sims[key] = []
        while True:
            est = self._bid_estimate(view, bid, sims)
            if est is not None and against is not None and len(sims) >= ROUND // 2 \
                    and abs(est[0] - against) > CLEAR * est[1]:
                break
            if len(sims) >= self.bid_dapps or self._work >= self.budget:
                break
            more = self._bid_simulation(view, min(ROUND // 2, self.bid_dapps - len(sims)))
            if not more:
                break
            sims.extend(more)
        return est[0] if est is not None else None

    def _bid_estimate(self, view: BinokelView, bid: int, sims: list[_DappSim]
                      ) -> tuple[float, float] | None:
        """The expected relative score of declaring at ``bid`` over ``sims`` and its
        standard error."""
        if not sims:
            return None
        bounds = bid_bounds(view)
        bounds.pop(view.player, None)
        cal = calibration(view.rules, view.game, view.players) if self.inference else None
        sigma = math.hypot(cal.sigma, 20.0) if cal is not None else 1.0
        values: list[tuple[float, float]] = []   # per Dapp: log weight, value
        for sim in sims:
            # The others' hands are weighted by how well they fit the others' bids.
            ws: list[float] = []
            for hand in sim.hands:
                lw = 0.0
                if cal is not None:
                    for s, bd in bounds.items():
                        if s in hand.values:
                            lw += math.log(bid_likelihood(cal.a + cal.b * hand.values[s], bd,
                                                          sigma))
                ws.append(lw)
            top = max(ws)
            ws = [math.exp(x - top) for x in ws]
            w_sum = sum(ws)
            play = sum(w * normal_relative(view, bid, h.side_melds, h.side_points,
                                           h.other_melds)
                       for w, h in zip(ws, sim.hands, strict=True)) / w_sum
            ab = sum(w * abgehen_relative(view, bid, h.abgehen_melds)
                     for w, h in zip(ws, sim.hands, strict=True)) / w_sum
            # The declarer sees the Dapp, not the others' hands: he plays if that is worth
            # more on average over them. The Dapp weighs as its hands fit the bids.
            values.append((top + math.log(w_sum / len(ws)), max(play, ab)))
        top = max(lw for lw, _ in values)
        weights = [math.exp(lw - top) for lw, _ in values]
        total = sum(weights)
        mean = sum(w * v for w, (_, v) in zip(weights, values, strict=True)) / total
        var = sum((w / total) ** 2 * (v - mean) ** 2
                  for w, (_, v) in zip(weights, values, strict=True))
        return mean, math.sqrt(var)

    def _bid_simulation(self, view: BinokelView, n: int) -> list[_DappSim]:
        """``n`` sampled Dapps, for each the heuristic's plan and :attr:`bid_hands` hands of
        the others, each solved from the first card."""
        rules, me = view.rules, view.player
        party = _party_ids(view)
        side = _side(view, me)
        hand = cardset(view.hand)
        unseen = _unseen(view)
        others = [s for s in view.order if s != me]
        n_hand = len(view.hand)
        k = len(unseen) - n_hand * len(others) if rules.dapp else 0
        lead = view.order[0] if rules.first_lead == "vorhand" else me
        per_solve = max(1, self.budget // max(1, self.bid_dapps * self.bid_hands))
        ab_suit = "EBHS".index(self.heuristic._abgehen_suit(view))
        sims: list[_DappSim] = []
        pool = list(unseen)
        for _ in range(n):
            self.rng.shuffle(pool)
            dapp, rest = pool[:k], pool[k:]
            full = hand + cardset(dapp)
            trump, kept, push = self._heuristic_plan(full, view, k)
            hands_out: list[_HandSim] = []
            for _ in range(self.bid_hands):
                if self._work >= self.budget:
                    break
                self.rng.shuffle(rest)
                others_hands = {s: cardset(rest[i * n_hand:(i + 1) * n_hand])
                                for i, s in enumerate(others)}
                hands = tuple(kept if s == me else others_hands.get(s, 0)
                              for s in range(view.players))
                pos = position_of(rules, hands, view.order, party, me, NORMAL, trump, lead, ())
                v = self._solve(pos, min(self.world_budget, per_solve))
                if v is None:
                    continue
                hands_out.append(_HandSim(
                    values={s: quick_value(h, rules) for s, h in others_hands.items()},
                    side_melds=sum(best_melds(hands[s], trump, rules).total for s in side),
                    side_points=v + set_points(rules, cardset(push)),
                    other_melds=sum(best_melds(hands[s], trump, rules).total
                                    for s in view.order if s not in side),
                    abgehen_melds=sum(best_melds(hands[s], ab_suit, rules).total
                                      for s in view.order if s not in side)))
            if hands_out:
                sims.append(_DappSim(tuple(dapp), tuple(hands_out)))
        return sims

    @staticmethod
    def _heuristic_plan(full: CardSet, view: BinokelView, k: int
                        ) -> tuple[int, CardSet, list[Card]]:
        """The heuristic's trump and push for the cards ``full`` (hand and Dapp)."""
        rules = view.rules
        best: tuple[float, int, CardSet, list[Card]] | None = None
        for t in SUITS:
            push = best_discard(full, t, rules, k) if k else []
            kept = full - cardset(push)
            value = (best_melds(kept, t, rules).total + trick_estimate(kept, t, rules)
                     + sum(rules.points[c & 7] for c in push))
            if best is None or value > best[0]:
                best = (value, t, kept, push)
        assert best is not None
        return best[1], best[2], best[3]


@dataclass(frozen=True)
class _HandSim:
    """One deal of the others' hands in the bidding simulation, solved."""

    values: dict[int, float]    # each other seat's quick value (for the bid likelihood)
    side_melds: int
    side_points: int            # card points of the declaring side (push included)
    other_melds: int
    abgehen_melds: int          # the others' melds under the abgehen trump


@dataclass(frozen=True)
class _DappSim:
    dapp: tuple[Card, ...]
    hands: tuple[_HandSim, ...]


def _settled(live: dict[int, tuple[CardSet, list[Card]]],
             rows: list[tuple[int, dict[int, float], float]]) -> bool:
    """After a round of deals (``rows``: weight, each plan's score, abgehen's): drop the
    plans clearly worse than the best so far (by more than :data:`CLEAR` standard errors of
    the paired difference) from ``live``; whether the simulation may stop (one plan left,
    clearly better or worse than abgehen)."""
    means = {t: _mean_se([(m, v[t]) for m, v, _ in rows])[0] for t in live}
    best = max(means, key=lambda t: means[t])
    for t in list(live):
        diff, se = _mean_se([(m, v[best] - v[t]) for m, v, _ in rows])
        if t != best and diff > CLEAR * se:
            del live[t]
    if len(live) > 1:
        return False
    gap, se = _mean_se([(m, v[best] - ab) for m, v, ab in rows])
    return abs(gap) > CLEAR * se


def _mean_se(rows: list[tuple[int, float]]) -> tuple[float, float]:
    """The weighted mean of (weight, value) rows and its standard error (weights count
    draws)."""
    n = sum(m for m, _ in rows)
    if n == 0:
        return 0.0, math.inf
    mean = sum(m * v for m, v in rows) / n
    var = sum(m * (v - mean) ** 2 for m, v in rows) / n
    return mean, math.sqrt(var / n) if n > 1 else math.inf


def _hidden_push(view: BinokelView, world: World[DealState]) -> CardSet:
    """The declarer's push where the view hides it (a defender's, or a partner's), from the
    world; 0 where the player sees it (his own) or there is none."""
    return 0 if view.player == view.declarer else world.state.discard


def _unseen(view: BinokelView) -> list[Card]:
    from collections import Counter
    unseen = Counter(full_deck(view.rules))
    unseen.subtract(Counter(view.hand))
    return sorted((+unseen).elements())


LEVELS: dict[str, dict[str, Any]] = {
    "strong-easy": {"samples": 16, "solve_tricks": 8, "budget": 4_000_000,
                    "world_budget": 1_000_000, "plan_worlds": 8, "bid_dapps": 8,
                    "bid_hands": 2},
    "strong": {},
    "strong-hard": {"samples": 128, "plan_worlds": 48, "bid_dapps": 32, "bid_hands": 3,
                    "budget": 1_000_000_000},
}


def level_factory(level: str) -> Callable[[int | None], StrongBot]:
    """The factory of the strong bot at ``level`` (a key of :data:`LEVELS`)."""
    return lambda seed: StrongBot(seed, name=level, **LEVELS[level])
