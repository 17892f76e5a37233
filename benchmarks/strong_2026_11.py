"""Today's strong player of Binokel as it stood at the end of November 2026, frozen as the
bot kind ``strong-2026-11``: a yardstick for benchmarks and matches, not part of the package
(the lobby and the wheel do not have it). The benchmarks here import it; ``binokel arena``
and any other tool make it by name when this folder is on the path and the module is named
in ``BINOKEL_BOT_MODULES`` (:func:`binokel.bots.external_kind`)::

    PYTHONPATH=benchmarks BINOKEL_BOT_MODULES=strong_2026_11 \
        binokel arena --game binokel --lineup strong,strong-2026-11,strong-2026-11

It is the yardstick of :mod:`binokel.games.binokel.bots.strong`'s successor: a duplicate
match against it says what the new player gains. The code below is the player of commit
0e1d55e unchanged but for this docstring, its imports (it lived in the package until
2026-11-27) and :func:`bot_kinds`; it is not maintained beyond staying importable and correct.

What it does: PIMC on 16 sampled worlds (uniform over the hidden cards, consistent with the
voids, the Dapp and the melds shown), the solver in the last eight tricks and heuristic
rollouts before; push, trump, abgehen and Durch by simulation with heuristic rollouts;
bidding as the heuristic.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from binokel.bots import legal_actions_of
from binokel.core.cards import SUIT_LETTERS
from binokel.core.cards import SUITS
from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import size
from binokel.core.cards import sort_key
from binokel.games.binokel.bots.heuristic import HeuristicBot
from binokel.games.binokel.bots.heuristic import best_discard
from binokel.games.binokel.bots.heuristic import durch_safe
from binokel.games.binokel.deal import DURCH
from binokel.games.binokel.deal import NORMAL
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import UNTENDURCH
from binokel.games.binokel.deal import full_deck
from binokel.games.binokel.melds import best_melds
from binokel.games.binokel.scoring import set_points
from binokel.games.binokel.state import DealState
from binokel.games.binokel.view import BinokelView


class _Impossible(Exception):
    pass


def sample_world(view: BinokelView, rng: random.Random, tries: int = 50) -> DealState:
    """A complete play-phase state consistent with ``view`` (hidden cards drawn at random)."""
    me, n = view.player, view.players
    decl = view.declarer
    assert decl is not None
    unseen = Counter(full_deck(view.rules))
    unseen.subtract(Counter(view.hand))
    played: dict[int, Counter[Card]] = {s: Counter() for s in range(n)}
    void: dict[int, set[int]] = {s: set() for s in range(n)}
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.trick_leader, view.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        for i, (seat, c) in enumerate(zip(view.trick_seats(leader, len(cards)), cards,
                                          strict=True)):
            played[seat][c] += 1
            unseen[c] -= 1
            if i and c >> 3 != cards[0] >> 3:
                void[seat].add(cards[0] >> 3)
                if view.trump >= 0 and c >> 3 != view.trump:
                    void[seat].add(view.trump)
    own_discard = Counter(view.discard or ())
    unseen.subtract(own_discard)
    # Cards known to be in a hand: shown meld cards not yet played.
    fixed: dict[int, Counter[Card]] = {s: Counter() for s in range(n)}
    if view.melds is not None:
        for s in range(n):
            if s == me:
                continue
            shown: Counter[Card] = Counter()
            for m in view.melds[s].melds:
                for c, k in Counter(m.cards).items():
                    shown[c] = max(shown[c], k)
            for c, k in shown.items():
                fixed[s][c] = max(0, k - played[s][c])
    discard_size = len(view.dapp or ()) if decl != me else 0
    dapp_left: Counter[Card] = Counter()
    if view.dapp and decl != me:
        dapp_left = Counter(view.dapp)
        dapp_left.subtract(played[decl])
        dapp_left = +dapp_left
    sizes = {s: view.hand_sizes[s] for s in range(n) if s != me}
    for _ in range(tries):
        try:
            hands, discard = _deal_hidden(unseen, fixed, dapp_left, void, sizes, decl,
                                          discard_size, rng)
        except _Impossible:
            continue
        return _world(view, hands, discard)
    raise _Impossible("no consistent world found")


def _deal_hidden(unseen: Counter[Card], fixed: dict[int, Counter[Card]],
                 dapp_left: Counter[Card], void: dict[int, set[int]], sizes: dict[int, int],
                 decl: int, discard_size: int, rng: random.Random
                 ) -> tuple[dict[int, list[Card]], list[Card]]:
    pool = +unseen
    hands: dict[int, list[Card]] = {s: [] for s in sizes}
    discard: list[Card] = []
    for s, cs in fixed.items():
        if s not in hands:
            continue
        for c, k in cs.items():
            take = min(k, pool[c])
            hands[s].extend([c] * take)
            pool[c] -= take
    # Dapp cards not yet played are with the declarer: in his hand or his discard. A Dapp
    # card he also showed in a meld is the same card, already placed in his hand.
    for c, k in dapp_left.items():
        for _ in range(min(k - hands[decl].count(c), pool[c])):
            room_hand = sizes[decl] - len(hands[decl])
            room_disc = discard_size - len(discard)
            if room_hand <= 0 and room_disc <= 0:
                raise _Impossible
            if rng.random() * (room_hand + room_disc) < room_hand:
                hands[decl].append(c)
            else:
                discard.append(c)
            pool[c] -= 1
    rest = list((+pool).elements())
    rng.shuffle(rest)
    # Most constrained cards first: those that few players may hold.
    rest.sort(key=lambda c: sum(1 for s in hands if (c >> 3) not in void[s]))
    for c in rest:
        places = [s for s in hands if len(hands[s]) < sizes[s] and (c >> 3) not in void[s]]
        weights = [sizes[s] - len(hands[s]) for s in places]
        room_disc = discard_size - len(discard)
        total = sum(weights) + room_disc
        if total == 0:
            raise _Impossible
        x = rng.random() * total
        for s, w in zip(places, weights, strict=True):
            if x < w:
                hands[s].append(c)
                break
            x -= w
        else:
            discard.append(c)
    if any(len(hands[s]) != sizes[s] for s in hands) or len(discard) != discard_size:
        raise _Impossible
    return hands, discard


def _world(view: BinokelView, hands: dict[int, list[Card]], discard: list[Card]) -> DealState:
    assert view.declarer is not None and view.contract is not None
    return DealState.at_play(
        view.rules, view.dealer,
        [cardset(hands.get(s, [])) if s != view.player else cardset(view.hand)
         for s in range(view.players)],
        view.declarer, view.high_bid, view.contract, view.trump, view.trick_leader,
        players=view.players, game=view.game, dapp_cards=tuple(view.dapp or ()),
        discard=cardset(view.discard) if view.discard else cardset(discard),
        melds=list(view.melds) if view.melds is not None else None,
        tricks=view.tricks, trick=view.trick)


class StrongBot:
    """PIMC with the solver in the endgame and heuristic rollouts before."""

    def __init__(self, seed: int | None = None, samples: int = 16, solve_tricks: int = 8,
                 budget: int = 1_000_000, name: str = "strong") -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.solve_tricks = solve_tricks
        # Inside rollouts the solver takes over for the last few tricks only: it runs once
        # per candidate card and world there, not once per world.
        self.rollout_solve = min(6, solve_tricks)
        # Work per decision, in solver nodes (ROLLOUT_MOVE: a rollout move's cost in them).
        self.budget = budget
        self._work = 0
        self.name = name
        self.heuristic = HeuristicBot(seed=None if seed is None else seed + 1)
        self.rollout = HeuristicBot(seed=None if seed is None else seed + 2, samples=2)
        # (kept cards, pushed cards) -> (trump, expected score): the plan _declare simulated
        self._planned: dict[tuple[tuple[Card, ...], tuple[Card, ...]], tuple[int, float]] = {}
        # The last card decision's expected score per action, for the player (the
        # declarer's score, negated for a defender); empty after other decisions.
        self.last_values: dict[str, float] = {}

    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        self.last_values = {}
        if len(actions) == 1:
            return actions[0]
        if view.phase == PLAY:
            return self._play(view, actions)
        if view.phase == "declare":
            return self._declare(view, actions)
        if view.phase == "trump":
            return self._trump(view, actions)
        return self.heuristic.choose(view)

    # ------------------------------------------------------------------ play
    @staticmethod
    def _side_points(world: DealState) -> int:
        """Card points the declaring side (the declarer, with his partner in Kreuzbinokel)
        has taken so far."""
        assert world.declarer is not None
        side = world.party[world.declarer]
        return sum(p for s, p in enumerate(world.trick_points) if world.party[s] == side)

    def _value(self, world: DealState, before: int) -> int:
        """The declaring side's outcome from here on, played out on ``world``: in a normal
        game the card points it still takes (``before``: what it had when we chose), in
        Durch/Untendurch 1 if the contract is made, else 0."""
        if world.contract != NORMAL:
            self._play_out(world)
            return 1 if world.result is not None and world.result.made else 0
        from binokel.games.binokel.solver import solve
        while not world.is_over:
            # The heuristic plays on until few tricks are left; the solver ends it exactly.
            if not world.trick and size(world.hands[world.to_move]) <= self.rollout_solve:
                sol = solve(world)
                self._work += sol.nodes
                return self._side_points(world) - before + sol.value
            world.apply(self.rollout.choose(world.view(world.to_move)))
            self._work += ROLLOUT_MOVE
        return self._side_points(world) - before

    def _play_out(self, world: DealState) -> None:
        """Play ``world`` to its end with the rollout player, counting the work."""
        while not world.is_over:
            world.apply(self.rollout.choose(world.view(world.to_move)))
            self._work += ROLLOUT_MOVE

    @staticmethod
    def _utility(world: DealState, gained: int) -> float:
        """What the declarer writes if his side takes ``gained`` more card points in
        ``world``: melds + trick points when that reaches the bid, else the lost bid.

        Card points alone ignore the cliff at the bid: a declarer must play for the points
        he still needs, and the defenders to keep him below them.
        """
        decl = world.declarer
        assert decl is not None and world.melds is not None and world.bid is not None
        side = [s for s in range(world.players) if world.party[s] == world.party[decl]]
        total = (sum(world.melds[s].total for s in side) + StrongBot._side_points(world)
                 + set_points(world.rules, world.discard) + gained)
        if total >= world.bid:
            return float(total)
        return float(-world.bid * world.rules.lost_factor)

    def _play(self, view: BinokelView, actions: list[str]) -> str:
        self._work = 0
        assert view.declarer is not None
        maximize = view.player == view.declarer or view.player in view.partners(view.declarer)
        totals: dict[str, float] = dict.fromkeys(actions, 0.0)
        done = 0
        for _ in range(self.samples):
            try:
                world = sample_world(view, self.rng)
            except _Impossible:
                continue
            normal = world.contract == NORMAL
            if len(view.hand) <= self.solve_tricks and normal:
                # The rest of the deal solved exactly on this world, within what is left.
                from binokel.games.binokel.solver import SearchLimit
                from binokel.games.binokel.solver import solve
                try:
                    sol = solve(world, max(1, self.budget - self._work))
                except SearchLimit:
                    break
                self._work += sol.nodes
                for a in actions:
                    totals[a] += self._utility(world, sol.values.get(a, 0))
            else:
                before = self._side_points(world)
                for a in actions:
                    w = world.clone()
                    w.apply(a)
                    v = self._value(w, before)
                    totals[a] += self._utility(world, v) if normal else v
            done += 1
            if self._work >= self.budget:
                break
        if done == 0:
            return self.heuristic.choose(view)
        sign = 1.0 if maximize else -1.0
        self.last_values = {a: sign * totals[a] / done for a in actions}
        pick = max if maximize else min
        return pick(actions, key=lambda a: (totals[a], a))

    # ------------------------------------------------------------------ declarer
    def _declare(self, view: BinokelView, actions: list[str]) -> str:
        """Push and trump: the heuristic's best push for each trump, each played out on the
        same sampled deals; the plan with the best expected score is compared with abgehen."""
        rules = view.rules
        hand = cardset(view.hand)
        k = len(view.dapp or ())
        bid = view.high_bid or 0
        self._planned.clear()  # one plan per deal
        pushes = {t: best_discard(hand, t, rules, k) for t in SUITS}
        plans = {t: (hand - cardset(push), push) for t, push in pushes.items()}
        evs = self._simulate(view, plans, 3 * self.budget)
        best_t = max(evs, key=lambda t: evs[t])
        push = sorted(pushes[best_t], key=sort_key)
        self._planned[(tuple(cards_of(hand - cardset(push))), tuple(push))] = (best_t,
                                                                              evs[best_t])
        abgehen = f"abgehen {self.heuristic._abgehen_suit(view)}"
        if evs[best_t] < ABGEHEN_MARGIN * -bid and abgehen in actions:
            return abgehen
        return "discard " + " ".join(card_token(c) for c in push)

    def _trump(self, view: BinokelView, actions: list[str]) -> str:
        """The trump the push was simulated for (or, with no Dapp, the best trump by
        simulation), against Durch and Untendurch by simulation and abgehen."""
        bid = view.high_bid or 0
        rules = view.rules
        kept, discard = cardset(view.hand), list(view.discard or ())
        planned = self._planned.get((tuple(view.hand), tuple(sorted(discard, key=sort_key))))
        if planned is None:
            evs = self._simulate(view, {t: (kept, discard) for t in SUITS}, 2 * self.budget)
            best = max(evs, key=lambda t: evs[t])
            planned = (best, evs[best])
        options: dict[str, float] = {f"trump {SUIT_LETTERS[planned[0]]}": planned[1]}
        if "durch" in actions:
            p = self._contract_chance(view, DURCH)
            options["durch"] = p * rules.durch_win - (1 - p) * rules.durch_loss
            if "durch open" in actions:
                options["durch open"] = p * rules.durch_open - (1 - p) * rules.durch_loss
        if "untendurch" in actions:
            p = self._contract_chance(view, UNTENDURCH)
            options["untendurch"] = p * rules.durch_win - (1 - p) * rules.durch_loss
        abgehen = f"abgehen {self.heuristic._abgehen_suit(view)}"
        if abgehen in actions:
            options[abgehen] = ABGEHEN_MARGIN * -bid
        best_action = max(options, key=lambda a: options[a])
        return best_action if best_action in actions else self.heuristic.choose(view)

    def _worlds(self, view: BinokelView) -> tuple[list[int], list[Card], int]:
        """The other seats in play, the cards they hold between them (shuffled anew for each
        world), and how many each holds."""
        unknown = Counter(full_deck(view.rules))
        unknown.subtract(Counter(view.hand))
        unknown.subtract(Counter(view.discard or ()))
        pool = list((+unknown).elements())
        others = [s for s in view.order if s != view.player]
        return others, pool, len(pool) // len(others)

    def _simulate(self, view: BinokelView, plans: dict[int, tuple[CardSet, list[Card]]],
                  budget: int) -> dict[int, float]:
        """Expected score of a normal game for each trump's (kept cards, push), played out by
        heuristic players on the same sampled deals (the declarer writes his side's total if
        it reaches the bid, else minus the bid times ``lost_factor``)."""
        bid = view.high_bid or 0
        lost = bid * view.rules.lost_factor
        others, pool, per = self._worlds(view)
        self._work = 0
        utility: dict[int, list[float]] = {t: [] for t in plans}
        for _ in range(max(2, self.samples)):
            self.rng.shuffle(pool)
            for t, (kept, push) in plans.items():
                w = self._declared_world(view, others, pool, per, t, kept, push, NORMAL)
                self._play_out(w)
                res = w.result
                assert res is not None and res.declarer_total is not None
                total = res.declarer_total  # melds + tricks of the whole party
                utility[t].append(total if total >= bid else -lost)
            if self._work >= budget:
                break
        return {t: sum(v) / len(v) for t, v in utility.items()}

    def _contract_chance(self, view: BinokelView, contract: str) -> float:
        """How often Durch (solved exactly on each sampled deal within a node budget; a deal
        the search cannot decide counts as lost, since a lost Durch costs most) or Untendurch
        (played out by heuristic players) is made on sampled deals."""
        from binokel.games.binokel.solver import SearchLimit
        from binokel.games.binokel.solver import root_search
        if contract == DURCH and durch_safe(cardset(view.hand), view.rules):
            return 1.0  # every suit solid from the top: nothing to search
        others, pool, per = self._worlds(view)
        self._work = 0
        made = tried = 0
        for _ in range(max(2, self.samples)):
            self.rng.shuffle(pool)
            w = self._declared_world(view, others, pool, per, -1, cardset(view.hand),
                                     list(view.discard or ()), contract)
            if contract == DURCH:
                self._work += DURCH_NODES  # what an undecided search costs
                with contextlib.suppress(SearchLimit):
                    value, nodes = root_search(w, DURCH_NODES)
                    made += value
                    self._work += nodes - DURCH_NODES
            else:
                self._play_out(w)
                made += bool(w.result is not None and w.result.made)
            tried += 1
            if self._work >= self.budget:
                break
        return made / tried

    def _declared_world(self, view: BinokelView, others: list[int], pool: list[Card], per: int,
                        trump: int, kept: CardSet, push: list[Card],
                        contract: str) -> DealState:
        hands = {others[i]: pool[i * per:(i + 1) * per] for i in range(len(others))}
        cards = [kept if s == view.player else cardset(hands.get(s, []))
                 for s in range(view.players)]
        if contract == NORMAL:
            lead = view.order[0] if view.rules.first_lead == "vorhand" else view.player
            melds = [best_melds(h, trump, view.rules) for h in cards]
        else:
            lead, melds = view.player, None  # the declarer leads; no melds
        return DealState.at_play(
            view.rules, view.dealer, cards, view.player, view.high_bid, contract, trump, lead,
            players=view.players, game=view.game, dapp_cards=tuple(view.dapp or ()),
            discard=cardset(push), melds=melds)


# A heuristic rollout move (a view and the rollout player's choice, about 55 µs in pure
# Python) is counted as 80 nodes of the compiled search core (which searches several
# million nodes a second; the old pure-Python solver's 3 µs a node made it 20).
ROLLOUT_MOVE = 80

# The Durch search's budget per sampled deal: a made Durch is proved in well under this
# (a solid hand takes about 76,000 nodes), a hopeless one may search for a million.
DURCH_NODES = 150_000

# Heuristic rollouts undervalue the declarer's play a little (the strong bot plays its hand
# better than they do): go out only when playing is clearly worse than the bid abgehen costs.
ABGEHEN_MARGIN = 1.25


KIND = "strong-2026-11"
# The kinds this module makes (binokel.bots reads them).
KINDS = (KIND,)


def bot_kinds(game: str) -> dict[str, Callable[[int | None], StrongBot]]:
    """The frozen player as an external bot kind (see :func:`binokel.bots.external_kind`):
    it plays Binokel and Kreuzbinokel only."""
    if game not in ("binokel", "kreuzbinokel"):
        return {}
    return {KIND: lambda seed: StrongBot(seed, name=KIND)}
