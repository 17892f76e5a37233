"""The worlds of Binokel and Kreuzbinokel: whole deals one seat cannot tell from the real one
(the game's :class:`~binokel.core.worlds.WorldSampler`, loaded by the specs' ``worlds``).

What the play says about the hands is read here, once, for both ways of sampling:

- :func:`plays` walks the tricks as the seat saw them (who played what onto which led card,
  the best card of the led suit and the best trump so far, who was winning);
- :func:`excluded`: per seat, the cards it cannot hold now, each one that, held along with a
  card it played, would have made that card illegal (the engine's own ``legal_mask`` asked
  card by card: Farbzwang, Stichzwang, Trumpfzwang, the partner exemption).

``Sampling.UNIFORM`` draws exactly uniformly over the consistent deals (:func:`model` states
the constraints, :mod:`binokel.core.counting` counts them): voids, the melds shown (a hand
melds exactly what it showed), the Dapp, the declarer's hidden push, the push's points once
the result shows them. A called card (``rufen``) is not modelled: then the generic proposals
of :mod:`binokel.core.sampling` answer.

``Sampling.READ`` reads the cards as a player would (:mod:`.bots.inference`: the others'
bids, trump, push and free discards, weighted by the heuristic player's behaviour made
noisy), on the same hard evidence; its worlds are made whole deals by :func:`deal_of`. Where
it finds none (the bidding, before the Dapp is seen), the uniform worlds answer.

>>> import random
>>> from binokel.core.worlds import Sampling
>>> from binokel.games.binokel import SPEC
>>> state = SPEC.new_deal(SPEC.make_rules({}), 2, seed=7)
>>> for a in ["bid 150", "pass", "pass"]:
...     state.apply(a)
>>> state.apply(state.legal_actions()[0]); state.apply("trump H"); state.apply("play SK")
>>> view = state.view(1)
>>> for how in Sampling:
...     worlds = SPEC.worlds().sample(view, random.Random(1), 4, how)
...     print(how.value, all(w.state.view(1) == view for w in worlds), len(worlds))
uniform True 4
read True 4
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any
from typing import cast

from ...core.cards import ASS
from ...core.cards import BLATT
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SCHELLEN
from ...core.cards import SEVEN
from ...core.cards import SUIT_MASKS
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import count
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
from ...core.errors import IllegalAction
from ...core.sampling import owners
from ...core.spec import GameSpec
from ...core.state import parse_action
from ...core.trick import beats
from ...core.trick import legal_mask
from ...core.worlds import Sampling
from ...core.worlds import World
from ..family.melds import best_melds
from .deal import NORMAL
from .deal import full_deck
from .rules import Rules
from .state import DealState
from .view import BinokelView


# ---------------------------------------------------------------------- reading the play
@dataclass(frozen=True, slots=True)
class Played:
    """One card as it was played: by ``seat``, onto a trick whose led suit, best card of
    that suit, best trump and winning seat so far were ``led``, ``best_led``, ``best_trump``
    and ``win_seat`` (for the trick's first card: -1 each)."""

    seat: int
    card: Card
    led: int
    best_led: Card
    best_trump: Card
    win_seat: int


def plays(view: BinokelView) -> list[Played]:
    """Every card played so far, in order, with the trick as it stood (see :class:`Played`)."""
    out: list[Played] = []
    trump = view.trump
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.trick_leader, view.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = best_led = best_trump = win_card = win_seat = -1
        for seat, c in zip(view.trick_seats(leader, len(cards)), cards, strict=True):
            out.append(Played(seat, c, led, best_led, best_trump, win_seat))
            s = c >> 3
            if led < 0:
                led, best_led, win_card, win_seat = s, c, c, seat
                best_trump = c if s == trump else -1
                continue
            if s == led and c > best_led:
                best_led = c
            if s == trump and c > best_trump:
                best_trump = c
            if beats(c, win_card, trump):
                win_card, win_seat = c, seat
    return out


def excluded(view: BinokelView, skip: int | None = None) -> dict[int, CardSet]:
    """Per seat in play (but ``skip``), the cards it cannot hold now, one copy each in a card
    set: each card that, held along with a card the seat played, would have made that card
    illegal there.

    >>> from binokel.games.binokel.state import DealState
    >>> s = DealState.new(Rules(), dealer=2, seed=7)
    >>> for a in ["bid 150", "pass", "pass"]:
    ...     s.apply(a)
    >>> s.apply(s.legal_actions()[0]); s.apply("trump H")
    >>> for a in ["play SK", "play S10", "play SO"]:   # seat 2 did not beat the S10
    ...     s.apply(a)
    >>> out = excluded(s.view(0))
    >>> [card_token(c) for c in cards_of(out[2])], out[1]
    (['SA'], 0)
    """
    rules = view.rules
    party = {s: i for i, p in enumerate(view.parties) for s in p}
    deck = sorted(set(full_deck(rules)))
    out: dict[int, CardSet] = dict.fromkeys(view.order, 0)
    for p in plays(view):
        if p.led < 0 or p.seat == skip:
            continue
        exempt = rules.partner_exemption and party.get(p.win_seat) == party.get(p.seat)
        for x in deck:
            hand = bit(p.card) + bit(x)
            if exempt:
                m = hand & SUIT_MASKS[p.led] or hand
            else:
                m = legal_mask(hand, p.led, p.best_led, p.best_trump, view.trump,
                               rules.must_overtrump, rules.must_trump_lower)
            if not count(m, p.card):
                out[p.seat] |= bit(x)
    return out


# ---------------------------------------------------------------------- uniform: the model
def meld_groups(rules: Rules, trump: int) -> list[tuple[Card, ...]]:
    """The card groups whose count minima decide Binokel's melds (see
    :mod:`binokel.core.counting`): per suit the family and King with Ober, per rank the four
    suits (Vierer, Rundgang), the Binokel (Schellen-Unter and Blatt-Ober), the trump seven."""
    family = (ASS, ZEHN, KOENIG, OBER, UNTER)
    out: list[tuple[Card, ...]] = []
    for s in SUITS:
        out.append(tuple(card(s, r) for r in family))
        out.append((card(s, KOENIG), card(s, OBER)))
    ranks = [UNTER, OBER, KOENIG, ASS] + ([ZEHN] if rules.four_tens else [])
    for r in ranks:
        out.append(tuple(card(s, r) for s in SUITS))
    out.append((card(SCHELLEN, UNTER), card(BLATT, OBER)))
    if rules.dix and trump >= 0:
        out.append((card(trump, SEVEN),))
    return out


def model(spec: GameSpec, view: BinokelView) -> Problem:
    """The constraints of ``view`` as a :class:`~binokel.core.counting.Problem`
    (:class:`~binokel.core.counting.Unsupported` once a card was called)."""
    game, rules, _, v, owner, kinds, total, played = seen(spec, view)
    pushed, masked = _push_seen(view)
    declarer = view.declarer
    dapp = list(view.dapp) if view.dapp is not None else None
    seats_in, positions, undealt = _deck_positions(owner)
    mine = _viewer_dealt(view, played)
    problem, left = viewer_problem(game, kinds, total, mine, len(positions.get(v, [])))
    _dapp_hand(problem, undealt, kinds, dapp)
    if dapp is not None and (declarer == v or not (pushed and masked)):
        # The Dapp's cards are apart (the cards of a hidden push are in the declarer's
        # filler or push instead).
        left -= Counter(dapp)
    if v in positions:
        problem.hands.append(Hand(positions[v], [mine[c] for c in kinds], []))
    meld_seats = _exact_meld_seats(view, seats_in)
    voids = excluded(view, skip=v)
    trump = int(view.trump)
    groups = meld_groups(rules, trump)

    def melds_of(hand: int) -> Any:
        return best_melds(hand, trump, rules)
    for s in seats_in:
        if s == v or not positions[s]:
            continue
        shown = view.melds[s] if view.melds is not None else None
        known = _known_cards(view, s, played.get(s, Counter()))
        # The pusher melded as many cards as he was dealt (sixteen held, as many pushed as
        # the Dapp brought); a declarer who has not pushed holds the Dapp apart.
        push = dapp if s == declarer and pushed and masked else None
        f = _seat_hand(problem, s, positions[s], known, voids.get(s, 0), kinds, push)
        left -= known
        if s in meld_seats and shown is not None:
            meld_exactly(problem, f, known, shown, groups, melds_of)
    fill_pool(problem, left)
    if view.result is not None and problem.push_slot >= 0:
        _push_points(problem, view, rules, kinds)
    return problem


def _push_points(problem: Problem, view: BinokelView, rules: Rules, kinds: list[Card]) -> None:
    """The result counts the hidden push among the declarer's card points: the sum of the
    push slot's points is shown."""
    assert view.result is not None
    d = problem.push_seat
    shown_points = view.result.trick_points[d] - view.trick_points[d]
    problem.sums.append((problem.push_slot, [rules.points[c & 7] for c in kinds],
                         shown_points))


def _dapp_hand(problem: Problem, undealt: list[int], kinds: list[Card],
               dapp: list[Card] | None) -> None:
    """The Dapp's deck positions in ``problem``: a slot of its own while hidden, its cards
    fixed once shown."""
    if dapp is not None:
        problem.hands.append(Hand(undealt, [0] * len(kinds), [], fixed=list(dapp)))
    elif undealt:
        problem.slots.append(Slot("dapp", len(undealt), [2] * len(kinds)))
        problem.hands.append(Hand(undealt, [0] * len(kinds), [len(problem.slots) - 1]))


def _known_cards(view: BinokelView, s: int, played: Counter[Card]) -> Counter[Card]:
    """The cards seat ``s`` is known to have been dealt: those it ``played``, with its shown
    meld cards (a card may serve both), or its whole hand laid open (an open Durch, a
    claim)."""
    laid = dict(view.open_hands)
    if view.open_hand is not None and view.declarer is not None:
        laid[view.declarer] = view.open_hand
    if s in laid:
        return Counter(laid[s]) + played
    known = Counter(played)
    if view.melds is not None:
        known |= melded(view.melds[s])
    return known


def _deck_positions(owner: tuple[int, ...]) -> tuple[list[int], dict[int, list[int]], list[int]]:
    """From the owner of each deck position (-1: the Dapp): the seats dealt to, each one's
    deck positions, and the Dapp's."""
    seats_in = sorted({s for s in owner if s >= 0})
    positions = {s: [p for p, o in enumerate(owner) if o == s] for s in seats_in}
    return seats_in, positions, [p for p, o in enumerate(owner) if o < 0]


def _push_seen(view: BinokelView) -> tuple[bool, bool]:
    """Whether the declarer has pushed, and whether the push is hidden from the viewer
    (:class:`~binokel.core.counting.Unsupported` once a card was called: who gave which
    card is hidden)."""
    pushed = masked = False
    for _, action in view.history:
        verb, arg = parse_action(action)
        if verb == "discard":
            pushed, masked = True, "?" in arg
        if (verb == "call" and arg.lower() != "none") or verb == "give":
            raise Unsupported("a card was called (rufen): who gave which card is hidden")
    return pushed, masked


def _viewer_dealt(view: BinokelView, played: dict[int, Counter[Card]]) -> Counter[Card]:
    """The viewer's dealt hand: what he holds and played, with his push, less the Dapp."""
    v = view.player
    mine: Counter[Card] = Counter(view.hand) + played.get(v, Counter())
    if view.dapp is not None and view.declarer == v:
        if view.discard is not None:
            mine += Counter(view.discard)
        mine -= Counter(view.dapp)
    return mine


def _exact_meld_seats(view: BinokelView, seats_in: list[int]) -> set[int]:
    """The seats whose hands meld exactly what they showed: all in a normal game, the
    defenders once the declarer went off (abgehen), none where nobody melded."""
    if view.melds is None:
        return set()
    if view.contract == NORMAL:
        return set(seats_in)
    if view.contract == "abgehen":
        return set(seats_in) - {view.declarer}
    return set()


def _seat_hand(problem: Problem, s: int, positions: list[int], known: Counter[Card],
               void: CardSet, kinds: list[Card], push: list[Card] | None) -> int:
    """Another seat's hand in ``problem``: the ``known`` cards and a filler slot of the rest
    (none of its ``void`` cards, two copies at most); for the declarer whose ``push`` of
    these cards is hidden also a push slot, which holds those of the Dapp's cards he does
    not show. The filler's index."""
    cap = len(positions) - sum(known.values())
    if cap < 0:
        raise Unsupported(f"seat {s} is known to hold more than his hand")
    limit = [0 if count(void, c) else 2 - known[c] for c in kinds]
    problem.slots.append(Slot(f"filler {s}", cap, limit))
    f = len(problem.slots) - 1
    base = [known[c] for c in kinds]
    slots = [f]
    if push is not None:
        problem.slots.append(Slot("push", len(push), [2] * len(kinds)))
        problem.push_slot, problem.push_seat = len(problem.slots) - 1, s
        slots.append(problem.push_slot)
        taken = Counter(push)
        base = [known[c] - taken[c] for c in kinds]
        for k, c in enumerate(kinds):
            if taken[c] > known[c]:
                problem.least.append((k, (f, problem.push_slot), taken[c] - known[c]))
    problem.hands.append(Hand(positions, base, slots))
    return f


# ---------------------------------------------------------------------- read: whole deals
def deal_of(spec: GameSpec, view: BinokelView, hands: dict[int, CardSet],
            push: CardSet) -> DealState | None:
    """The whole deal of a world that gives each other seat in play ``hands`` now (and the
    declarer's hidden ``push``), played to the view's point: each seat's cards dealt to its
    deck positions, the Dapp to its own, the history replayed with the push as given. None
    if that deal does not show the seat exactly ``view`` (an action illegal in it, a meld
    it would not show, a card called: who gave what is hidden)."""
    me, decl = view.player, view.declarer
    played = Counter((p.seat, p.card) for p in plays(view))
    dealt: dict[int, Counter[Card]] = {}
    for s in view.order:
        now = Counter(view.hand) if s == me else Counter(cards_of(hands.get(s, 0)))
        now.update({c: k for (who, c), k in played.items() if who == s})
        if s == decl and view.dapp is not None:
            now.update((view.discard or ()) if s == me else cards_of(push))
            now.subtract(view.dapp)
        dealt[s] = now
    owner = owners(spec, view.rules, view.players, view.dealer)
    rest: dict[int, list[Card]] = {s: sorted(cs.elements()) for s, cs in dealt.items()}
    rest[-1] = list(view.dapp or ())
    deck: list[Card] = []
    for o in owner:
        if not rest.get(o):
            return None
        deck.append(rest[o].pop(0))
    if any(rest.values()):
        return None
    # The deck is the view's cards and the world's, each once: no need to check it again.
    state = DealState(view.rules, view.dealer, deck, view.players, False, view.game)
    discard = "discard " + " ".join(card_token(c) for c in cards_of(push))
    try:
        for _, action in view.history:
            if "?" in action:
                if not action.startswith("discard"):
                    return None
                action = discard
            state.apply(action)
    except IllegalAction:
        return None
    return state if state.view(me) == view else None


class BinokelWorlds:
    """The sampler of Binokel or Kreuzbinokel (``spec``), see the module's text."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.exact = ExactSampler(spec, lambda view: model(spec, view))

    def sample(self, view: Any, rng: random.Random, n: int,
               sampling: Sampling = Sampling.READ) -> list[World[DealState]]:
        if sampling is Sampling.READ:
            found = self.read(view, rng, n)
            if found:
                return found
        return cast(list[World[DealState]], self.exact.sample(view, rng, n))

    def forget(self) -> None:
        """Drop the exact sampler's counts of earlier views."""
        self.exact.forget()

    def read(self, view: BinokelView, rng: random.Random, n: int) -> list[World[DealState]]:
        """The card reading's worlds (:mod:`.bots.inference`) as whole deals: none where it
        finds none."""
        from .bots.inference import WorldSampler
        out = []
        for w, k in WorldSampler(view).sample(rng, n):
            state = deal_of(self.spec, view, w.hands, w.push)
            if state is not None:
                out.append(World(state, k))
        return out


__all__ = ["BinokelWorlds", "Played", "deal_of", "excluded", "meld_groups", "model", "plays"]
