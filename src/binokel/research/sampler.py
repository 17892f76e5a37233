"""Deals that a seat cannot tell from the real one, for the research adapters: OpenSpiel's
``resample_from_infostate`` (:func:`resample`, which has the real state) and the arena's
OpenSpiel bots (which have only a view: the game's sampler, and :func:`continue_from` where
it finds none).

Every world comes from the game's own sampler (``spec.worlds``, uniformly:
``Sampling.UNIFORM``): exactly uniform in Binokel, Kreuzbinokel and Luxusfamilie, by the
game's own reading in Zweierbinokel, and by the generic proposals of
:mod:`binokel.core.sampling` in a game without a sampler (Doppelkopf for now). Two things
only the research side has are kept here:

- :func:`resample` knows the real deal, so where the game's sampler has nothing (no sampler
  of its own, or a view it does not model) its proposals may keep in place the undealt
  cards (Dapp, stock) whose card the seat's view shows (rarely where a uniform shuffle puts
  them), and where every proposal fails it walks from the real deal (:func:`_walk`), which
  cannot fail;
- :func:`continue_from` walks on from the world a bot drew for its last decision.

Consistency is the same everywhere: the seat's view of a world is exactly its real view.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from ..core.cards import Card
from ..core.cards import card_token
from ..core.errors import IllegalAction
from ..core.sampling import STATS
from ..core.sampling import owners
from ..core.sampling import propose
from ..core.sampling import replay
from ..core.sampling import shown_cards
from ..core.sampling import view_key
from ..core.sampling import worlds_of
from ..core.state import AnyState
from ..core.worlds import NoWorldFound
from ..core.worlds import Sampling
from ..registry import find_game


def _view_json(state: AnyState, seat: int) -> str:
    return view_key(state.view(seat))


def resample(state: AnyState, seat: int, rng: random.Random, tries: int = 40,
             swaps: int | None = None) -> AnyState:
    """A deal with the same view for ``seat`` as ``state``, played up to the same point.

    The game's sampler where it has one; where it has none or finds none, up to ``tries``
    proposals (see :mod:`binokel.core.sampling`; after the first eighth of them with the
    undealt cards the seat saw kept in place, which only the real deal tells: Zweierbinokel's
    stock after it is drawn); if all fail, a random walk from ``state`` itself (:func:`_walk`,
    ``swaps`` swap attempts), which cannot fail because ``state`` is consistent with its own
    view. Never raises :class:`NoWorldFound` for a real state; the walk's worlds are
    correlated with ``state``, which is why it comes last.
    """
    spec = find_game(state.game_name)
    view = state.view(seat)
    target = view_key(view)
    shown = json.loads(target)
    played = shown_cards(view.history, shown, seat)
    if spec.worlds is not None:
        try:
            world: AnyState = spec.worlds().sample(view, rng, 1, Sampling.UNIFORM)[0].state
            return world
        except NoWorldFound:
            pass
    found = _proposals(state, seat, rng, target, shown, played, tries)
    if found is not None:
        return found
    STATS["walked"] += 1
    return _walk(state, seat, rng, target, played, swaps)


def _proposals(state: AnyState, seat: int, rng: random.Random, target: str,
               shown: dict[str, Any], played: dict[int, Counter[Card]],
               tries: int) -> AnyState | None:
    spec = find_game(state.game_name)
    owner = owners(spec, state.rules, state.players, state.dealer)
    deck = list(state.deck)
    n = len(deck)
    own = [p for p in range(n) if owner[p] == seat]
    visible = dict(shown)
    visible.pop("history", None)
    visible_text = json.dumps(visible)
    # Undealt cards the seat may have seen on the table (tokens as the view spells them).
    table = [p for p in range(n) if owner[p] == -1
             and f'"{card_token(deck[p])}"' in visible_text]
    view = state.view(seat)
    for attempt in range(tries):
        pinned = set(own) | (set(table) if attempt >= tries // 8 else set())
        proposal = propose(deck, owner, pinned, played, rng)
        if proposal is None:
            continue
        world = spec.new_deal(state.rules, state.dealer, deck_order=proposal,
                              players=state.players)
        if not replay(world, list(state.history), view.history, seat, rng, played):
            continue
        if _view_json(world, seat) == target:
            STATS["proposed"] += 1
            return world
    return None


def _walk(state: AnyState, seat: int, rng: random.Random, target: str,
          shown: dict[int, Counter[Card]], swaps: int | None) -> AnyState:
    """A world reached from ``state`` by swapping two cards of the seat's hidden positions
    again and again, keeping a swap only where the swapped world replays to the same view.

    Every world on the way is consistent with the seat's view, so this never fails. The
    proposal (a swap of two positions chosen uniformly) is symmetric, so the walk's
    stationary distribution is uniform over the consistent deck orders it can reach; a
    finite walk is correlated with its start, hence only the fallback of :func:`resample`.
    The number of swap attempts (default three per hidden position) bounds the time.
    """
    spec = find_game(state.game_name)
    view = state.view(seat)
    owner = owners(spec, state.rules, state.players, state.dealer)
    deck = list(state.deck)
    free = [p for p in range(len(deck)) if owner[p] != seat]
    history = [(int(w), str(a)) for w, a in state.history]
    current = state.clone()
    if len(free) < 2:
        return current
    for _ in range(3 * len(free) if swaps is None else swaps):
        p, q = rng.sample(free, 2)
        if deck[p] == deck[q] or (owner[p] == owner[q] and owner[p] >= 0):
            continue  # the same card, or the same hand: no other world
        trial = list(deck)
        trial[p], trial[q] = trial[q], trial[p]
        world = spec.new_deal(state.rules, state.dealer, deck_order=trial,
                              players=state.players)
        prefer = [(int(w), str(a)) for w, a in current.history]
        if not replay(world, history, view.history, seat, rng, shown, prefer):
            continue
        if _view_json(world, seat) == target:
            deck, current = trial, world
    return current


def sample_from_view(view: Any, rng: random.Random, tries: int = 400) -> AnyState:
    """One world of ``view`` alone (a bot's view in the arena) from the game's sampler,
    uniformly (a game without a sampler of its own: ``tries`` proposals). Raises
    :class:`NoWorldFound` where none is found."""
    spec = find_game(str(view.game))
    world: AnyState = worlds_of(spec, tries).sample(view, rng, 1, Sampling.UNIFORM)[0].state
    return world


def continue_from(previous: AnyState, view: Any, rng: random.Random,
                  swaps: int | None = None) -> AnyState | None:
    """A world consistent with ``view``, reached from ``previous`` (a world drawn for an
    earlier view of the same seat in the same deal): its deck replayed with the view's
    history, then walked (see :func:`_walk`). None if ``previous`` does not fit the view
    (another deal, or an action since that its deck cannot explain).

    This is how a bot that has only views keeps finding worlds where the sampler fails:
    consistency is checked as everywhere (the world's view is ``view``)."""
    seat = int(view.player)
    if (previous.game_name != str(view.game) or previous.players != int(view.players)
            or previous.dealer != int(view.dealer)):
        return None
    spec = find_game(previous.game_name)
    target = view_key(view)
    required = shown_cards(view.history, json.loads(target), seat)
    world = spec.new_deal(view.rules, int(view.dealer), deck_order=list(previous.deck),
                          players=int(view.players))
    history = [(int(w), str(a)) for w, a in view.history]
    prefer = [(int(w), str(a)) for w, a in previous.history]
    try:
        if not replay(world, history, view.history, seat, rng, required, prefer):
            return None
    except IllegalAction:
        return None
    if _view_json(world, seat) != target:
        return None
    return _walk(world, seat, rng, target, required, swaps)


__all__ = ["STATS", "NoWorldFound", "continue_from", "resample", "sample_from_view"]
