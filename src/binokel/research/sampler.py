"""Deals that a seat cannot tell from the real one: the sampler behind OpenSpiel's
``resample_from_infostate`` and the arena's OpenSpiel bots, for every game.

In Binokel, Kreuzbinokel and Luxusfamilie, whose melds are shown from the hand, worlds are
drawn exactly by :mod:`binokel.research.constraints` (uniformly over the consistent deals,
from the view alone). Where that does not apply (Zweierbinokel, Doppelkopf, a called card,
too many slots to count) the proposals below answer, reading only the kernel's interfaces
(how a game deals, ``view``, ``legal_actions``, ``apply``); they are consistent but not
exactly uniform (see :func:`resample`).

A sampled world is a deck order and a history. It must leave the seat's
:meth:`view <binokel.core.state.State.view>` exactly as it is: own hand, cards played,
voids shown by not following suit, the Dapp or stock where the seat saw it, melds shown,
Doppelkopf parties where known. Rather than teach the sampler each game's rules, it proposes
worlds and lets the engine judge them:

1. Which deck position goes to which seat's hand is found once per rules, player count and
   dealer by dealing a deck and swapping pairs of cards (:func:`owners`); every game deals by
   position, so this is the game's deal pattern.
2. A proposal keeps the seat's own cards where they are, puts the cards each other seat has
   played openly into that seat's positions, and shuffles every other card over the free
   positions.
3. The real history is replayed on the proposal. An action the seat saw is applied as it is
   (illegal in the proposal: rejected; this is how voids and held cards are respected). An
   action hidden from the seat (an opponent's discard, an Armut exchange) is replaced by a
   random legal action that shows the seat the same masked entry.
4. The proposal is kept only if the seat's view at the end equals its real view, field by
   field, so no accepted world contradicts anything the seat knows.

When many proposals fail (cards the seat saw on the table, such as an opened Dapp or the
turned-up card of Zweierbinokel, are rarely where a uniform shuffle puts them), the
proposals also keep in place the undealt cards (Dapp, stock) whose card the seat's view
shows; see :func:`resample`.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections import OrderedDict
from typing import TYPE_CHECKING
from typing import Any

from ..core.cards import Card
from ..core.cards import card_token
from ..core.cards import parse_card
from ..core.errors import IllegalAction
from ..core.rules import RuleSet
from ..core.state import AnyState
from ..core.state import parse_action
from ..registry import find_game

if TYPE_CHECKING:
    from .constraints import Problem


class NoWorldFound(RuntimeError):
    """No deal consistent with the seat's view was found within the tries allowed."""


# How the worlds were found, over the process (for benchmarks and tests): ``exact`` worlds
# drawn by the constraint sampler, ``exact_rejected`` of its draws that the final check
# refused, ``unsupported`` views it does not model, ``proposed`` worlds found by proposals,
# ``walked`` by the walk, ``none`` views without a world.
STATS: Counter[str] = Counter()
_MODELS: OrderedDict[str, Problem | None] = OrderedDict()
_MODELS_KEPT = 4  # the counts of the last few views (IS-MCTS draws many worlds per view)
EXACT_TRIES = 50


def exact(view: Any, rng: random.Random, target: str | None = None,
          tries: int = EXACT_TRIES) -> AnyState | None:
    """A world drawn exactly (:mod:`.constraints`) for ``view``: None where the view is not
    modelled or the final check refused ``tries`` replayed draws (the seat's view of the
    replayed world must be ``target``, the view's JSON) or 40 times as many draws in all.
    The counts of the last few views are kept, so further worlds of a view are cheap."""
    from . import constraints
    if str(view.game) not in constraints.SUPPORTED:
        return None
    if target is None:
        target = json.dumps(view.to_json(), sort_keys=True, default=str)
    if target in _MODELS:
        _MODELS.move_to_end(target)
        problem = _MODELS[target]
    else:
        try:
            problem = constraints.model(view)
            if problem.total() <= 0:
                raise constraints.Unsupported("no assignment meets the constraints")
        except constraints.Unsupported:
            STATS["unsupported"] += 1
            problem = None
        _MODELS[target] = problem
        while len(_MODELS) > _MODELS_KEPT:
            _MODELS.popitem(last=False)
    if problem is None:
        return None
    seat = int(view.player)
    # A draw refused by the cheap checks (melds, who names trump) costs little; a replay
    # more: up to ``tries`` replays and 40 times as many draws.
    replays = 0
    for _ in range(40 * tries):
        assignment = problem.draw(rng)
        if problem.meets_checks(assignment):
            replays += 1
            world = constraints.world(problem, view, assignment, rng)
            if world is not None and _view_json(world, seat) == target:
                STATS["exact"] += 1
                return world
            if replays >= tries:
                break
        STATS["exact_rejected"] += 1
    return None


def _hands(state: AnyState) -> list[Counter[Card]]:
    return [Counter(state.view(s).hand) for s in range(state.players)]


@functools.lru_cache(maxsize=256)
def owners(game: str, rules: RuleSet, players: int, dealer: int) -> tuple[int, ...]:
    """For each position of the dealing order, the seat whose hand it goes to (-1: to no
    hand, e.g. the Dapp or the stock)."""
    spec = find_game(game)
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


def _view_json(state: AnyState, seat: int) -> str:
    return json.dumps(state.view(seat).to_json(), sort_keys=True, default=str)


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


def _replay(world: AnyState, true_history: list[tuple[int, str]],
            seen: tuple[tuple[int, str], ...], seat: int, rng: random.Random,
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


def resample(state: AnyState, seat: int, rng: random.Random, tries: int = 40,
             swaps: int | None = None) -> AnyState:
    """A deal with the same view for ``seat`` as ``state``, played up to the same point.

    First the exact draw from the seat's view (:func:`exact`, where the game is modelled);
    else up to ``tries`` independent proposals (see the module's description); if all fail,
    a random walk from ``state`` itself (:func:`_walk`, ``swaps`` swap attempts), which
    cannot fail because ``state`` is consistent with its own view. Never raises
    :class:`NoWorldFound` for a real state; the walk's worlds are correlated with
    ``state``, which is why it comes last.
    """
    spec = find_game(state.game_name)
    view = state.view(seat)
    target = _view_json(state, seat)
    found = exact(view, rng, target)
    if found is not None:
        return found
    owner = owners(spec.name, state.rules, state.players, state.dealer)
    deck = list(state.deck)
    n = len(deck)
    own = [p for p in range(n) if owner[p] == seat]
    shown = json.loads(target)
    played = _shown_cards(view.history, shown, seat)
    shown.pop("history", None)
    visible_text = json.dumps(shown)
    # Undealt cards the seat may have seen on the table (tokens as the view spells them).
    table = [p for p in range(n) if owner[p] == -1
             and f'"{card_token(deck[p])}"' in visible_text]
    for attempt in range(tries):
        pinned = set(own) | (set(table) if attempt >= tries // 8 else set())
        proposal = _propose(deck, owner, pinned, played, seat, rng)
        if proposal is None:
            continue
        world = spec.new_deal(state.rules, state.dealer, deck_order=proposal,
                              players=state.players)
        if not _replay(world, list(state.history), view.history, seat, rng, played):
            continue
        if _view_json(world, seat) == target:
            STATS["proposed"] += 1
            return world
    STATS["walked"] += 1
    return _walk(state, seat, rng, target, played, swaps)


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
    owner = owners(spec.name, state.rules, state.players, state.dealer)
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
        if not _replay(world, history, view.history, seat, rng, shown, prefer):
            continue
        if _view_json(world, seat) == target:
            deck, current = trial, world
    return current


def sample_from_view(view: Any, rng: random.Random, tries: int = 400) -> AnyState:
    """A deal consistent with ``view`` alone (a bot's view in the arena), played up to the
    same point: the exact draw where the game is modelled (:func:`exact`), else proposals
    like :func:`resample`'s, but with the seat's own cards too placed by what the view shows
    of them (its hand, its plays, the cards it parted with) and no card on the table pinned.
    Raises :class:`NoWorldFound` if ``tries`` proposals all fail."""
    seat = int(view.player)
    spec = find_game(str(view.game))
    target = json.dumps(view.to_json(), sort_keys=True, default=str)
    found = exact(view, rng, target)
    if found is not None:
        return found
    shown = json.loads(target)
    owner = owners(spec.name, view.rules, int(view.players), int(view.dealer))
    required = _shown_cards(view.history, shown, seat)
    mine: Counter[Card] = Counter(view.hand)
    for who, action in view.history:
        verb, arg = parse_action(action)
        if who == seat and verb != "call" and arg:
            try:
                mine.update(parse_card(t) for t in arg.split())
            except ValueError:
                continue
    required[seat] = mine
    # Undealt cards the view lists (Binokel's Dapp once shown) lay in the undealt positions
    # (owner -1); as dealt cards of any seat they would only make proposals fail. Dropping
    # them from the seats' requirements loosens nothing the final check does not catch.
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
    deck = sorted(spec.full_deck(view.rules, int(view.players)))
    history = [(int(w), str(a)) for w, a in view.history]
    for _ in range(tries):
        proposal = _propose(deck, owner, set(), required, seat, rng)
        if proposal is None:
            continue
        world = spec.new_deal(view.rules, int(view.dealer), deck_order=proposal,
                              players=int(view.players))
        if not _replay(world, history, view.history, seat, rng, required):
            continue
        if _view_json(world, seat) == target:
            STATS["proposed"] += 1
            return world
    STATS["none"] += 1
    raise NoWorldFound(f"no deal consistent with seat {seat}'s view in {tries} tries")


def continue_from(previous: AnyState, view: Any, rng: random.Random,
                  swaps: int | None = None) -> AnyState | None:
    """A world consistent with ``view``, reached from ``previous`` (a world drawn for an
    earlier view of the same seat in the same deal): its deck replayed with the view's
    history, then walked (see :func:`_walk`). None if ``previous`` does not fit the view
    (another deal, or an action since that its deck cannot explain).

    This is how a bot that has only views keeps finding worlds where independent proposals
    fail: consistency is checked as in :func:`sample_from_view`."""
    seat = int(view.player)
    if (previous.game_name != str(view.game) or previous.players != int(view.players)
            or previous.dealer != int(view.dealer)):
        return None
    spec = find_game(previous.game_name)
    target = json.dumps(view.to_json(), sort_keys=True, default=str)
    required = _shown_cards(view.history, json.loads(target), seat)
    world = spec.new_deal(view.rules, int(view.dealer), deck_order=list(previous.deck),
                          players=int(view.players))
    history = [(int(w), str(a)) for w, a in view.history]
    prefer = [(int(w), str(a)) for w, a in previous.history]
    try:
        if not _replay(world, history, view.history, seat, rng, required, prefer):
            return None
    except IllegalAction:
        return None
    if _view_json(world, seat) != target:
        return None
    return _walk(world, seat, rng, target, required, swaps)


def _shown_cards(history: Any, shown: dict[str, Any], seat: int) -> dict[int, Counter[Card]]:
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


def _propose(deck: list[Card], owner: tuple[int, ...], pinned: set[int],
             played: dict[int, Counter[Card]], seat: int, rng: random.Random
             ) -> list[Card] | None:
    """A deck order: pinned positions as they are, each other seat's played cards in its
    positions, the rest shuffled."""
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


__all__ = ["STATS", "NoWorldFound", "continue_from", "exact", "owners", "resample",
           "sample_from_view"]
