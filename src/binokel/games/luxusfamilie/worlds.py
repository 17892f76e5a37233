"""The worlds of Luxusfamilie: whole deals one seat cannot tell from the real one (the
game's :class:`~binokel.core.worlds.WorldSampler`, loaded by the spec's ``worlds``).

Drawn exactly uniformly over the consistent deals (:func:`model` states the constraints,
:mod:`binokel.core.counting` counts them): each other seat's dealt hand is the cards it
played and melded plus filler cards, no card of a suit the view shows it void in (the
engine's own reading of the play, ``view.voids``), and no filler that would make it meld
more than it showed; the cards set aside are a slot of their own until the result turns
them up; who named trump (the best plain meld total and the public tie-break) is checked on
each draw. ``Sampling.READ`` is the same: there is no model of the players' choices here
(everyone melds and names trump by rule; only the card play is chosen). Views the count
cannot take (more slots than :data:`~binokel.core.counting.MAX_SLOTS`), and views whose
draws the final check nearly always refuses (a trump maker decided by a tie-break at a
large table), are left to the generic proposals, with a bounded number of tries
(:data:`TRIES`): fewer worlds rather than a slow decision.

>>> import random
>>> from binokel.games.luxusfamilie import SPEC
>>> state = SPEC.new_deal(SPEC.make_rules({}), 0, seed=2, players=4)
>>> rng = random.Random(3)
>>> for _ in range(14):
...     state.apply(state.random_action(rng))
>>> view = state.view(state.to_move)
>>> worlds = SPEC.worlds().sample(view, random.Random(1), 5)
>>> all(w.state.view(view.player) == view for w in worlds), sum(w.count for w in worlds)
(True, 5)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.cards import ASS
from ...core.cards import BLATT
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SCHELLEN
from ...core.cards import SEVEN
from ...core.cards import SUIT_LETTERS
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import card
from ...core.counting import ExactSampler
from ...core.counting import Hand
from ...core.counting import Problem
from ...core.counting import Slot
from ...core.counting import Unsupported
from ...core.counting import fill_pool
from ...core.counting import meld_exactly
from ...core.counting import melded
from ...core.counting import seen
from ...core.counting import viewer_problem
from ...core.spec import GameSpec
from .melds import luxus_melds
from .rules import LuxusRules
from .trump import trump_maker
from .view import LuxusView


def meld_groups(rules: LuxusRules) -> list[tuple[Card, ...]]:
    """The card groups whose count minima decide Luxusfamilie's melds (see
    :mod:`binokel.core.counting`): per suit the family (with the seven: the Luxusfamilie)
    and King with Ober, per rank the four suits, the Binokel."""
    family = (ASS, ZEHN, KOENIG, OBER, UNTER)
    out: list[tuple[Card, ...]] = []
    for s in SUITS:
        out.append(tuple(card(s, r) for r in family))
        out.append((card(s, KOENIG), card(s, OBER)))
        if rules.luxusfamilie:
            out.append(tuple(card(s, r) for r in (*family, SEVEN)))
    ranks = [UNTER, OBER, KOENIG, ASS] + ([ZEHN] if rules.four_tens else [])
    for r in ranks:
        out.append(tuple(card(s, r) for s in SUITS))
    out.append((card(SCHELLEN, UNTER), card(BLATT, OBER)))
    return out


def model(spec: GameSpec, view: LuxusView) -> Problem:
    """The constraints of ``view`` as a :class:`~binokel.core.counting.Problem`."""
    game, rules, n, v, owner, kinds, total, played = seen(spec, view)
    positions = {s: [p for p, o in enumerate(owner) if o == s] for s in range(n)}
    aside = [p for p, o in enumerate(owner) if o < 0]
    mine: Counter[Card] = Counter(view.hand) + played.get(v, Counter())
    problem, left = viewer_problem(game, kinds, total, mine, len(positions[v]))
    problem.hands.append(Hand(positions[v], [mine[c] for c in kinds], []))
    hand_of = {v: 0}
    trump = int(view.trump)
    meld_trump = trump if rules.trump_melds and trump >= 0 else -1
    groups = meld_groups(rules)

    def melds_of(hand: int) -> Any:
        return luxus_melds(hand, meld_trump, rules)
    if aside and view.result is not None:
        # Turned up after the deal.
        shown_aside = Counter(view.result.leftover)
        problem.hands.append(Hand(aside, [shown_aside[c] for c in kinds], []))
        left -= shown_aside
    elif aside:
        problem.slots.append(Slot("aside", len(aside), [2] * len(kinds)))
        problem.hands.append(Hand(aside, [0] * len(kinds), [len(problem.slots) - 1]))
    for s in range(n):
        if s == v:
            continue
        shown = view.melds[s]
        known = Counter(played.get(s, Counter())) | melded(shown)
        cap = len(positions[s]) - sum(known.values())
        if cap < 0:
            raise Unsupported(f"seat {s} is known to hold more than his hand")
        void_suits = {SUIT_LETTERS.index(ch) for ch in view.voids[s]}
        limit = [0 if c >> 3 in void_suits else 2 - known[c] for c in kinds]
        problem.slots.append(Slot(f"filler {s}", cap, limit))
        f = len(problem.slots) - 1
        hand_of[s] = len(problem.hands)
        problem.hands.append(Hand(positions[s], [known[c] for c in kinds], [f]))
        left -= known
        meld_exactly(problem, f, known, shown, groups, melds_of)
    fill_pool(problem, left)
    # Who names trump: the best plain meld total, ties broken by the counts of sevens,
    # Unter, ... (public: the trump maker and the criterion that decided); left to this
    # check, which is cheap, rather than counted.
    maker = (int(view.trump_maker), str(view.trump_reason))
    dealer = int(view.dealer)

    def names_trump(sets: list[int]) -> bool:
        totals = [luxus_melds(h, -1, rules).total for h in sets]
        return trump_maker(totals, sets, dealer) == maker
    problem.joint.append(([hand_of[s] for s in range(n)], names_trump))
    return problem


# With many seats the trump maker is often decided by a tie-break (equal melds, then the
# sevens, Unter, ...), which the count leaves to the final check: then nearly every draw
# is refused. The sampler gives the exact draw up after this many replays (40 times as many
# draws) and the proposals after as many tries, so that a strong player's decision stays
# within a second or two (the worlds found so far serve).
TRIES = 10


def sampler(spec: GameSpec) -> ExactSampler:
    """Luxusfamilie's sampler (see the module's text)."""
    return ExactSampler(spec, lambda view: model(spec, view), tries=TRIES,
                        fallback_tries=4 * TRIES)


__all__ = ["TRIES", "meld_groups", "model", "sampler"]
