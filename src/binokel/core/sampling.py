"""The generic world sampler: deals proposed at random and judged by the engine, for a game
whose spec has no sampler of its own (and for the views a game's own sampler does not
model).

It reads only the kernel's interfaces (how a game deals, ``view``, ``legal_actions``,
``apply``), so it serves every game, a test-only one too. A world is a deck order and a
history, and it must leave the seat's view exactly as it is: own hand, cards played, voids
shown by not following suit, the Dapp or stock where the seat saw it, melds shown,
Doppelkopf parties where known. Rather than teach the sampler each game's rules, it proposes
worlds and lets the engine judge them:

1. Which deck position goes to which seat's hand is found once per rules, player count and
   dealer by dealing a deck and swapping pairs of cards (:func:`owners`); every game deals by
   position, so this is the game's deal pattern.
2. A proposal puts the cards each seat has shown it held (played, melded, named openly in an
   action that parts with them; the viewer's own hand and plays too) into that seat's
   positions, and shuffles every other card over the free positions.
3. The history is replayed on the proposal. An action the seat saw is applied as it is
   (illegal in the proposal: rejected; this is how voids and held cards are respected). An
   action hidden from the seat (an opponent's discard, an Armut exchange) is replaced by a
   random legal action that shows the seat the same masked entry.
4. The proposal is kept only if the seat's view at the end equals its real view, field by
   field, so no accepted world contradicts anything the seat knows.

The worlds are consistent but not exactly uniform (the hidden actions are drawn uniformly
among those that look the same, not as a real player chooses them, and a proposal that the
replay refuses is not redrawn in proportion to anything); a game that can count its
consistent deals samples exactly instead (Binokel's and Luxusfamilie's ``worlds.py``).
``READ`` asks for nothing more here: the generic sampler knows no model of a player.

>>> import random
>>> from binokel.core.worlds import Sampling
>>> from binokel.games.binokel import SPEC
>>> state = SPEC.new_deal(SPEC.make_rules({}), 0, seed=3)
>>> for a in ("bid 150", "pass", "pass"):
...     state.apply(a)
>>> view = state.view(1)
>>> [w.state.view(1) == view for w in ReplaySampler(SPEC).sample(view, random.Random(1), 2)]
[True, True]
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any
from typing import TypeVar

from .cards import Card
from .cards import parse_card
from .errors import IllegalAction
from .rules import RuleSet
from .spec import GameSpec
from .state import AnyState
from .state import parse_action
from .worlds import NoWorldFound
from .worlds import Sampling
from .worlds import World
from .worlds import WorldSampler

# How the worlds were found, over the process (for benchmarks and tests): ``exact`` worlds
# drawn by a game's constraint sampler (:mod:`binokel.core.counting`), ``exact_rejected``
# of its draws that the final check refused, ``unsupported`` views it does not model,
# ``proposed`` worlds found by proposals, ``none`` views for which proposals found none
# (and ``walked``: OpenSpiel's resample walked from the real state, binokel.research).
STATS: Counter[str] = Counter()
S = TypeVar("S")

TRIES = 400
"""Proposals per world before :class:`~binokel.core.worlds.NoWorldFound`."""


def view_key(view: Any) -> str:
    """The view as canonical JSON: two views are the same exactly when their keys are."""
    return json.dumps(view.to_json(), sort_keys=True, default=str)


def world_key(state: Any) -> tuple[Any, ...]:
    """What makes two worlds the same deal: the deck order and the history."""
    return (tuple(state.deck), tuple(state.history))


def counted(states: Sequence[S]) -> list[World[S]]:
    """The drawn ``states`` as worlds, each distinct one once with how often it was drawn
    (in the order first drawn)."""
    out: dict[tuple[Any, ...], list[Any]] = {}
    for s in states:
        entry = out.setdefault(world_key(s), [s, 0])
        entry[1] += 1
    return [World(s, k) for s, k in out.values()]


def _hands(state: AnyState) -> list[Counter[Card]]:
    return [Counter(state.view(s).hand) for s in range(state.players)]


def owners(spec: GameSpec, rules: RuleSet, players: int, dealer: int) -> tuple[int, ...]:
    """For each position of the dealing order, the seat whose hand it goes to (-1: to no
    hand, e.g. the Dapp or the stock).

    >>> from binokel.games.zweier import SPEC
    >>> o = owners(SPEC, SPEC.make_rules({}), 2, 0)
    >>> o[:6], o.count(-1) > 0
    ((1, 1, 1, 0, 0, 0), True)
    """
    key = (spec.name, rules, players, dealer)
    found = _OWNERS.get(key)
    if found is None:
        if len(_OWNERS) >= 256:
            _OWNERS.clear()
        found = _OWNERS[key] = _deal_pattern(spec, rules, players, dealer)
    return found


_OWNERS: dict[tuple[str, RuleSet, int, int], tuple[int, ...]] = {}


def _deal_pattern(spec: GameSpec, rules: RuleSet, players: int,
                  dealer: int) -> tuple[int, ...]:
    deck = list(spec.new_deal(rules, dealer, seed=0, players=players).deck)
    base = _hands(spec.new_deal(rules, dealer, deck_order=deck, players=players))
    out = []
    for p, card in enumerate(deck):
        owner = None
        for q, other in enumerate(deck):
            if other == card:
                continue
            swapped = list(deck)
            swapped[p], swapped[q] = other, card
            hands = _hands(spec.new_deal(rules, dealer, deck_order=swapped, players=players))
            if hands == base:
                continue  # p and q go to the same place: try another partner
            owner = -1
            for s, (h, b) in enumerate(zip(hands, base, strict=True)):
                if h[card] == b[card] - 1 and h[other] == b[other] + 1:
                    owner = s
            break
        out.append(-1 if owner is None else owner)
    return tuple(out)


def _masked_entry(state: AnyState, seat: int) -> tuple[int, str]:
    entry = state.view(seat).history[-1]
    return int(entry[0]), str(entry[1])


def _names(action: str, cards: Counter[Card]) -> bool:
    """Whether ``action`` names one of ``cards``."""
    for token in parse_action(action)[1].split():
        try:
            if cards[parse_card(token)]:
                return True
        except ValueError:
            pass
    return False


def replay(world: AnyState, true_history: list[tuple[int, str]],
           seen: Sequence[tuple[int, str]], seat: int, rng: random.Random,
           shown: dict[int, Counter[Card]],
           prefer: list[tuple[int, str]] | None = None) -> bool:
    """Replay ``true_history`` on ``world`` as the seat saw it (``seen``); False if the world
    cannot have produced what the seat saw. A hidden action is replaced by the one at the
    same place of ``prefer`` where that is legal and looks the same to the seat (so a world
    changed by one swap keeps its hidden choices), else preferably by one that does not
    part with a card the player shows later."""
    for i, ((who, action), entry) in enumerate(zip(true_history, seen, strict=True)):
        if who == seat or ((who, action) == tuple(entry) and "?" not in action):
            try:
                world.apply(action)
            except IllegalAction:
                return False
            continue
        # Hidden from the seat: any legal action of that player that looks the same to it.
        verb = parse_action(action)[0]
        candidates = [a for a in world.legal_actions() if parse_action(a)[0] == verb]
        rng.shuffle(candidates)
        later = shown.get(who)
        if later:
            candidates.sort(key=lambda a: _names(a, later))
        if prefer is not None and i < len(prefer) and prefer[i][1] in candidates:
            candidates.remove(prefer[i][1])
            candidates.insert(0, prefer[i][1])
        for a in candidates:
            trial = world.clone()
            trial.apply(a)
            if _masked_entry(trial, seat) == (int(entry[0]), str(entry[1])):
                world.apply(a)
                break
        else:
            return False
    return True


def shown_cards(history: Any, shown: dict[str, Any], seat: int) -> dict[int, Counter[Card]]:
    """The cards each other seat has shown it held: played, named openly in an action that
    parts with them (a discard, a meld, a gift; not a ``call``, which names a card the caller
    lacks), and melded where the view lists melds per seat (as Binokel's and Luxusfamilie's
    views do); a card shown twice (melded, then played) counts once."""
    out: dict[int, Counter[Card]] = {}
    for who, action in history:
        verb, arg = parse_action(action)
        if who == seat or who < 0 or verb == "call" or not arg:
            continue
        try:
            cards = Counter(parse_card(t) for t in arg.split())
        except ValueError:
            continue  # no cards, or masked
        have = out.setdefault(int(who), Counter())
        if verb == "play":
            have.update(cards)
        else:
            have |= cards
    melds = shown.get("melds")
    if isinstance(melds, list) and len(melds) == shown.get("players"):
        for who, seat_melds in enumerate(melds):
            if who == seat or not isinstance(seat_melds, list):
                continue
            melded: Counter[Card] = Counter()
            for m in seat_melds:
                tokens = m.get("cards") if isinstance(m, dict) else None
                if isinstance(tokens, list):
                    melded |= Counter(parse_card(str(t)) for t in tokens)
            out[who] = out.get(who, Counter()) | melded
    return out


def propose(deck: list[Card], owner: tuple[int, ...], pinned: set[int],
            played: dict[int, Counter[Card]], rng: random.Random) -> list[Card] | None:
    """A deck order: pinned positions as they are, each seat's shown cards in its positions,
    the rest shuffled."""
    out: list[Card | None] = [None] * len(deck)
    pool = Counter(deck)
    for p in pinned:
        out[p] = deck[p]
        pool[deck[p]] -= 1
    for who, cards in played.items():
        free = [p for p in range(len(deck)) if owner[p] == who and out[p] is None]
        rng.shuffle(free)
        need = [c for c, k in cards.items() for _ in range(k)]
        if len(need) > len(free) or any(pool[c] < k for c, k in Counter(need).items()):
            # Played cards that came from elsewhere (a drawn stock card): no constraint here.
            need = [c for c in need if pool[c] > 0][:len(free)]
        for p, c in zip(free, need, strict=False):
            if pool[c] > 0:
                out[p] = c
                pool[c] -= 1
    rest = [c for c, k in pool.items() for _ in range(k)]
    rng.shuffle(rest)
    free_positions = [p for p in range(len(deck)) if out[p] is None]
    if len(rest) != len(free_positions):
        return None
    for p, c in zip(free_positions, rest, strict=True):
        out[p] = c
    return [c for c in out if c is not None]


def required_cards(view: Any, shown: dict[str, Any]) -> dict[int, Counter[Card]]:
    """Per seat, the cards the view says it was dealt or held (the viewer's: its hand, its
    plays, the cards it parted with; the others': :func:`shown_cards`); undealt cards the
    view lists (Binokel's Dapp once shown) under -1, the positions dealt to no hand."""
    seat = int(view.player)
    required = shown_cards(view.history, shown, seat)
    mine: Counter[Card] = Counter(view.hand)
    for who, action in view.history:
        verb, arg = parse_action(action)
        if who == seat and verb != "call" and arg:
            try:
                mine.update(parse_card(t) for t in arg.split())
            except ValueError:
                continue
    required[seat] = mine
    # As dealt cards of any seat they would only make proposals fail; dropping them from the
    # seats' requirements loosens nothing the final check does not catch.
    dapp = shown.get("dapp")
    if isinstance(dapp, list) and dapp:
        try:
            undealt = Counter(parse_card(str(t)) for t in dapp)
        except ValueError:
            undealt = Counter()
        if undealt:
            for who in required:
                required[who] -= undealt
            required[-1] = undealt
    return required


class ReplaySampler:
    """Worlds of any game by proposal and replay (see the module's text); a
    :class:`~binokel.core.worlds.WorldSampler`. ``tries``: proposals per world."""

    def __init__(self, spec: GameSpec, tries: int = TRIES) -> None:
        self.spec = spec
        self.tries = tries

    def sample(self, view: Any, rng: random.Random, n: int,
               sampling: Sampling = Sampling.READ) -> list[World[AnyState]]:
        states = [self.one(view, rng) for _ in range(n)]
        return counted(states)

    def one(self, view: Any, rng: random.Random, target: str | None = None) -> AnyState:
        """One world of ``view`` (:class:`NoWorldFound` if ``tries`` proposals fail)."""
        spec = self.spec
        seat = int(view.player)
        if target is None:
            target = view_key(view)
        shown = json.loads(target)
        owner = owners(spec, view.rules, int(view.players), int(view.dealer))
        required = required_cards(view, shown)
        deck = sorted(spec.full_deck(view.rules, int(view.players)))
        history = [(int(w), str(a)) for w, a in view.history]
        for _ in range(self.tries):
            proposal = propose(deck, owner, set(), required, rng)
            if proposal is None:
                continue
            world = spec.new_deal(view.rules, int(view.dealer), deck_order=proposal,
                                  players=int(view.players))
            if not replay(world, history, view.history, seat, rng, required):
                continue
            if view_key(world.view(seat)) == target:
                STATS["proposed"] += 1
                return world
        STATS["none"] += 1
        raise NoWorldFound(f"no deal consistent with seat {seat}'s view in {self.tries} tries")


def worlds_of(spec: GameSpec, tries: int = TRIES) -> WorldSampler[Any]:
    """The game's own world sampler (``spec.worlds``), else the generic one (``tries``
    proposals per world).

    >>> from binokel.games.doppelkopf import SPEC
    >>> type(worlds_of(SPEC)).__name__ if SPEC.worlds is None else "ReplaySampler"
    'ReplaySampler'
    """
    return spec.worlds() if spec.worlds is not None else ReplaySampler(spec, tries)


__all__ = ["STATS", "TRIES", "ReplaySampler", "counted", "owners",
           "propose", "replay", "required_cards", "shown_cards", "view_key", "world_key",
           "worlds_of"]
