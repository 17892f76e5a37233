"""The deal samplers behind ``resample_from_infostate`` and the arena's OpenSpiel bots (every
game's own sampler, ``spec.worlds``, and the research side's fallbacks).

Over random deals and random points of play, for every game and player count: a sampled world
shows the seat exactly its real view and offers it the same legal actions, and the sampler
never reports "no world" for a real state (the real world is consistent, so one exists). In
the games whose melds are shown from the hand (:mod:`binokel.core.counting` with each game's
model): worlds are
drawn exactly from the view alone and never fail, the real deal always meets the constraints
the sampler derives (else it would never draw the real deal and deals like it), a filler that
meets the meld patterns melds exactly as shown, and on small positions whose consistent deals
can be enumerated by replaying every candidate, the drawn deals follow the uniform
distribution over deck orders (a chi-square test with a fixed seed).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import make_bot
from binokel.core import counting
from binokel.core.cards import bit
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import parse_card
from binokel.core.errors import IllegalAction
from binokel.core.sampling import STATS
from binokel.core.sampling import owners
from binokel.core.state import parse_action
from binokel.games.binokel import worlds as binokel_worlds
from binokel.games.luxusfamilie import worlds as luxus_worlds
from binokel.registry import GAMES
from binokel.registry import find_game
from binokel.research.sampler import NoWorldFound
from binokel.research.sampler import _view_json
from binokel.research.sampler import continue_from
from binokel.research.sampler import resample
from binokel.research.sampler import sample_from_view

CASES = [(spec.name, n) for spec in GAMES for n in spec.players]
# The games whose sampler counts the consistent deals exactly.
SUPPORTED = ("binokel", "kreuzbinokel", "luxusfamilie")
EXACT = [(g, n) for g, n in CASES if g in SUPPORTED]


def model(view: Any) -> counting.Problem:
    """The counted constraint model of ``view`` (its game's)."""
    spec = find_game(str(view.game))
    made = (luxus_worlds.model(spec, view) if spec.name == "luxusfamilie"
            else binokel_worlds.model(spec, view))
    return counting.prepared(made)


def forget() -> None:
    """Drop the exact samplers' counts of earlier views."""
    for game in SUPPORTED:
        spec = find_game(game)
        assert spec.worlds is not None
        spec.worlds().forget()  # type: ignore[attr-defined]


def played_to(game: str, players: int, seed: int, steps: int, preset: str | None = None,
              bots: bool = False) -> Any:
    """A deal of ``game`` after ``steps`` actions, random or by the heuristic bots."""
    spec = find_game(game)
    rules = spec.make_rules({"preset": preset}) if preset else spec.rules()
    state = spec.new_deal(rules, seed % players, seed=seed, players=players)
    rng = random.Random(seed)
    ours = [make_bot("heuristic", s, game=game) for s in range(players)] if bots else None
    for _ in range(steps):
        if state.is_over:
            break
        if ours is not None:
            state.apply(ours[state.to_move].choose(state.view(state.to_move)))
        else:
            state.apply(state.random_action(rng))
    return state


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), pick=st.integers(0, 7))
def test_sample_keeps_the_view_and_never_fails(game: str, players: int, seed: int,
                                               steps: int, pick: int) -> None:
    state = played_to(game, players, seed, steps)
    rng = random.Random(seed)
    seat = pick % players
    # Few proposals, so that the random walk (the stage that must never fail) is used too
    # where the exact sampler does not answer.
    world = resample(state, seat, rng, tries=pick % 3)
    assert _view_json(world, seat) == _view_json(state, seat)
    assert list(world.view(seat).legal_actions) == list(state.view(seat).legal_actions)
    assert sorted(world.deck) == sorted(state.deck)
    # The same actions as far as the seat can tell: its own and every public one alike.
    assert list(world.view(seat).history) == list(state.view(seat).history)


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 80), pick=st.integers(0, 7),
       heuristic=st.booleans())
def test_a_world_from_the_view_alone_shows_that_view(game: str, players: int, seed: int,
                                                     steps: int, pick: int,
                                                     heuristic: bool) -> None:
    """Where the melds are shown from the hand, the exact sampler answers every view, from
    the view alone; elsewhere a world found shows the view."""
    state = played_to(game, players, seed, steps, bots=heuristic)
    seat = pick % players
    view = state.view(seat)
    STATS.clear()
    try:
        world = sample_from_view(view, random.Random(seed))
    except NoWorldFound:
        assert game not in SUPPORTED
        return
    assert world.view(seat).to_json() == view.to_json()
    if game in SUPPORTED:
        assert STATS["exact"] == 1 and STATS["unsupported"] == 0


def real_assignment(problem: counting.Problem, state: Any) -> list[tuple[int, ...]]:
    """The real deal as the problem's slots count it (reads every hand: a test's helper)."""
    index = {c: k for k, c in enumerate(problem.kinds)}
    per_slot = [[0] * len(problem.kinds) for _ in problem.slots]
    pushed = Counter(cards_of(state.discard)) if problem.push_slot >= 0 else Counter()
    for k, c in enumerate(problem.kinds):
        per_slot[problem.push_slot][k] += pushed[c] if problem.push_slot >= 0 else 0
    for h in problem.hands:
        if not h.slots:
            continue
        dealt = Counter(state.deck[p] for p in h.positions)
        for c in problem.kinds:
            k = index[c]
            rest = dealt[c] - h.base[k] - sum(per_slot[j][k] for j in h.slots[1:])
            per_slot[h.slots[0]][k] = rest
    return [tuple(per_slot[j][k] for j in range(len(problem.slots)))
            for k in range(len(problem.kinds))]


def meets(problem: counting.Problem, x: list[tuple[int, ...]]) -> list[str]:
    """What of the problem's constraints ``x`` breaks (empty: it meets them all)."""
    broken = []
    for j, slot in enumerate(problem.slots):
        if sum(x[k][j] for k in range(len(x))) != slot.cap:
            broken.append(f"{slot.name} holds {sum(x[k][j] for k in range(len(x)))}, "
                          f"not {slot.cap}")
        for k in range(len(x)):
            if not 0 <= x[k][j] <= slot.limit[k]:
                broken.append(f"{slot.name} takes {x[k][j]} of "
                              f"{card_token(problem.kinds[k])} (limit {slot.limit[k]})")
    for j, points, target in problem.sums:
        if sum(points[k] * x[k][j] for k in range(len(x))) != target:
            broken.append(f"the points of {problem.slots[j].name} are not {target}")
    for k, slots, least in problem.least:
        if sum(x[k][j] for j in slots) < least:
            broken.append(f"fewer than {least} of {card_token(problem.kinds[k])}")
    for p in problem.patterns + problem.dropped:
        if all(x[k][p.slot] >= need for k, need in zip(p.kinds, p.need, strict=True)):
            broken.append(f"pattern {[card_token(problem.kinds[k]) for k in p.kinds]} "
                          f"in {problem.slots[p.slot].name}")
    if not problem.meets_checks(x):
        broken.append("melds")
    return broken


@pytest.mark.parametrize(("game", "players"), EXACT)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 80), pick=st.integers(0, 7),
       preset=st.sampled_from([None, "turnier", "aks", "binokel"]))
def test_the_real_deal_meets_every_derived_constraint(game: str, players: int, seed: int,
                                                      steps: int, pick: int,
                                                      preset: str | None) -> None:
    """The constraints are necessary: the real deal (which the seat cannot tell from the
    worlds drawn) meets them, else such deals would never be drawn."""
    spec = find_game(game)
    if preset is not None and preset not in spec.rules.presets_table:
        preset = None
    state = played_to(game, players, seed, steps, preset, bots=True)
    seat = pick % players
    try:
        problem = model(state.view(seat))
    except counting.Unsupported as e:
        pytest.fail(f"not modelled: {e}")
    x = real_assignment(problem, state)
    assert meets(problem, x) == []
    assert problem.total() > 0


def meld_cases() -> Any:
    return st.tuples(st.sampled_from(["binokel", "luxusfamilie"]), st.integers(0, 2**31),
                     st.sampled_from([None, "aks", "turnier", "binokel"]))


@settings(max_examples=300, deadline=None)
@given(case=meld_cases(), played=st.integers(0, 12), trump=st.integers(-1, 3))
def test_a_filler_without_the_patterns_melds_exactly_as_shown(case: tuple[str, int, Any],
                                                               played: int,
                                                               trump: int) -> None:
    """The meld patterns are exactly the meld constraint: the real rest of a hand avoids
    them (necessary), and any filler that avoids them melds as shown (sufficient) unless a
    group was left to the final check."""
    from binokel.games.binokel.melds import best_melds
    from binokel.games.luxusfamilie.melds import luxus_melds
    game, seed, preset = case
    spec = find_game(game)
    if preset is not None and preset not in spec.rules.presets_table:
        preset = None
    rules = spec.make_rules({"preset": preset}) if preset else spec.rules()
    rng = random.Random(seed)
    deck = sorted(spec.full_deck(rules, 4))
    hand = rng.sample(deck, 16 if game == "luxusfamilie" else 12)

    def melds_of(h: int) -> Any:
        return (luxus_melds(h, trump, rules) if game == "luxusfamilie"
                else best_melds(h, trump, rules))
    shown = melds_of(cardset(hand))
    melded = shown.cards()
    known = Counter({c: (melded >> (c << 1)) & 3 for c in set(deck) if (melded >> (c << 1)) & 3})
    rest = Counter(hand) - known
    known |= Counter(rng.sample(sorted(rest.elements()), min(played, sum(rest.values()))))
    kinds = sorted(set(deck))
    groups = (luxus_worlds.meld_groups(rules) if game == "luxusfamilie"
              else binokel_worlds.meld_groups(rules, trump))
    found, complete = counting.patterns(kinds, 0, known, shown, groups, melds_of)
    filler = Counter(hand) - known
    for p in found:
        assert not all(filler[kinds[k]] >= need for k, need in zip(p.kinds, p.need,
                                                                    strict=True))
    # Other fillers from the cards left, of the same size: those that avoid every pattern
    # meld as shown.
    pool = sorted((Counter(deck) - known).elements())
    size = sum(filler.values())
    base = cardset(known.elements())
    for _ in range(20):
        other = Counter(rng.sample(pool, size))
        if any(all(other[kinds[k]] >= need for k, need in zip(p.kinds, p.need, strict=True))
               for p in found):
            continue
        if complete:
            assert melds_of(base + sum(m * bit(c) for c, m in other.items())) == shown


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), later=st.integers(0, 12),
       pick=st.integers(0, 7))
def test_continue_from_keeps_the_view(game: str, players: int, seed: int, steps: int,
                                      later: int, pick: int) -> None:
    """A bot's world walked on from an earlier world of the deal fits the new view; from a
    world that already explains the view (here the real one) it never fails."""
    spec = find_game(game)
    state = spec.new_deal(spec.rules(), seed % players, seed=seed, players=players)
    rng = random.Random(seed)
    seat = pick % players
    earlier = state.clone()
    for i in range(steps + later):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(legal[rng.randrange(len(legal))])
        if i < steps:
            earlier = state.clone()
    view = state.view(seat)
    here = continue_from(state, view, rng, swaps=10)
    assert here is not None
    assert _view_json(here, seat) == _view_json(state, seat)
    walked = continue_from(earlier, view, rng, swaps=10)
    if walked is not None:
        assert _view_json(walked, seat) == _view_json(state, seat)


# ---------------------------------------------------------------------- uniformity
def consistent_deals(state: Any, seat: int) -> dict[tuple[Any, ...], float]:
    """Every deal the seat cannot tell from ``state``, by brute force and without the
    sampler's reasoning: each split of the cards whose place the seat does not know (not its
    own, not played) into the other hands and the declarer's push, replayed on the view's
    history; a deal with its weight, the number of deck orders it stands for."""
    view = state.view(seat)
    spec = find_game(state.game_name)
    n = state.players
    owner = owners(spec, state.rules, n, state.dealer)
    history = list(view.history)
    plays: dict[int, Counter[int]] = {s: Counter() for s in range(n)}
    pusher = -1
    for who, action in history:
        verb, arg = parse_action(action)
        if verb == "play":
            plays[who][parse_card(arg)] += 1
        if verb == "discard" and "?" in arg:
            pusher = who
    mine = Counter(state.deck[p] for p, o in enumerate(owner) if o == seat)
    dapp = list(getattr(view, "dapp", None) or ())
    # Not the seat's, not played: in another hand, or (the open Dapp's too) pushed.
    assert pusher >= 0 or not dapp
    unknown = Counter(spec.full_deck(state.rules, n)) - mine
    for s in range(n):
        if s != seat:
            unknown -= plays[s]
    others = [s for s in range(n) if s != seat and view.hand_sizes[s] > 0]
    sizes = [view.hand_sizes[s] for s in others] + ([len(dapp)] if pusher >= 0 else [])
    assert sum(sizes) == sum(unknown.values())
    target = _view_json(state, seat)
    out: dict[tuple[Any, ...], float] = {}
    for split in splits(unknown, sizes):
        held = dict(zip(others, split, strict=False))
        push = split[-1] if pusher >= 0 else Counter()
        dealt: dict[int, Counter[int]] = {seat: mine}
        ok = True
        for s in others:
            dealt[s] = held[s] + plays[s]
            if s == pusher:
                dealt[s] = dealt[s] + push - Counter(dapp)
                ok = ok and all(m >= 0 for m in (held[s] + plays[s] + push
                                                 - Counter(dapp)).values()) and \
                    sum(dealt[s].values()) == sum(1 for o in owner if o == s)
        if not ok:
            continue
        deck: list[int] = []
        left = {s: sorted(dealt[s].elements()) for s in dealt}
        undealt = iter(dapp) if dapp else iter(sorted((Counter(spec.full_deck(
            state.rules, n)) - sum(dealt.values(), Counter())).elements()))
        try:
            for o in owner:
                deck.append(left[o].pop() if o >= 0 else next(undealt))
        except (IndexError, StopIteration):
            continue
        world = spec.new_deal(state.rules, state.dealer, deck_order=deck, players=n)
        try:
            for who, action in history:
                if who == pusher and action.startswith("discard"):
                    world.apply("discard " + " ".join(card_token(c)
                                                      for c in sorted(push.elements())))
                else:
                    world.apply(action)
        except IllegalAction:
            continue
        if _view_json(world, seat) != target:
            continue
        weight = 1.0
        for s in others:
            for m in dealt[s].values():
                weight /= math.factorial(m)
        out[key(world, seat, others, pusher)] = weight
    return out


def splits(cards: Counter[int], sizes: list[int]) -> Any:
    """Every way to split the multiset ``cards`` into parts of ``sizes``."""
    if not sizes:
        yield []
        return
    kinds = sorted(cards)
    first = sizes[0]

    def parts(i: int, left: int) -> Any:
        if left == 0:
            yield Counter()
            return
        if i == len(kinds):
            return
        for m in range(min(cards[kinds[i]], left), -1, -1):
            for rest in parts(i + 1, left - m):
                part = Counter(rest)
                if m:
                    part[kinds[i]] = m
                yield part
    for part in parts(0, first):
        for rest in splits(cards - part, sizes[1:]):
            yield [part, *rest]


def key(world: Any, seat: int, others: list[int], pusher: int) -> tuple[Any, ...]:
    hands = tuple(tuple(sorted(world.view(s).hand)) for s in others)
    push = tuple(sorted(cards_of(world.discard))) if pusher >= 0 else ()
    return (hands, push)


def chi_square_bound(df: int, z: float = 3.09) -> float:
    """The chi-square quantile at 1 - 0.001 (Wilson and Hilferty's approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def small_position(game: str, players: int, lo: int, hi: int) -> tuple[Any, int]:
    """The first deal (by seed) of the heuristic bots, a normal game, stopped two tricks and
    a card before its end, where a seat (not the declarer: his push is hidden from it) has
    lo..hi consistent deals of unequal weight."""
    spec = find_game(game)
    for seed in range(400):
        full = played_to(game, players, seed, 400, bots=True)
        if getattr(full, "contract", "normal") != "normal":
            continue
        history = [a for _, a in full.history]
        state = spec.new_deal(full.rules, full.dealer, deck_order=list(full.deck),
                              players=players)
        for action in history[:len(history) - 2 * players - 1]:
            state.apply(action)
        for seat in range(players):
            if seat == getattr(state, "declarer", -1) or not state.view(seat).hand:
                continue
            deals = consistent_deals(state, seat)
            if lo <= len(deals) <= hi and len(set(deals.values())) > 1:
                return state, seat
    raise AssertionError("no small position found")


@pytest.mark.parametrize(("game", "players"), [("binokel", 3), ("luxusfamilie", 3)])
def test_the_drawn_deals_are_uniform_over_the_consistent_ones(game: str, players: int) -> None:
    state, seat = small_position(game, players, 6, 80)
    deals = consistent_deals(state, seat)
    others = [s for s in range(players) if s != seat and state.view(seat).hand_sizes[s] > 0]
    pusher = getattr(state, "declarer", -1) if getattr(state, "discard", 0) else -1
    view = state.view(seat)
    rng = random.Random(2024)
    draws = 4000
    seen: Counter[tuple[Any, ...]] = Counter()
    for _ in range(draws):
        world = sample_from_view(view, rng)
        seen[key(world, seat, others, pusher)] += 1
    assert set(seen) <= set(deals)  # every drawn deal is consistent
    total = sum(deals.values())
    expected = {k: draws * w / total for k, w in deals.items()}
    chi2 = sum((seen[k] - e) ** 2 / e for k, e in expected.items())
    assert chi2 < chi_square_bound(len(deals) - 1), (chi2, len(deals))
    tv = sum(abs(seen[k] / draws - w / total) for k, w in deals.items()) / 2
    assert tv < 0.08


def test_the_uniformity_test_tells_a_biased_sampler() -> None:
    """The chi-square check is not toothless: deals drawn uniformly over the classes
    (ignoring their weights) fail it on the same position."""
    state, seat = small_position("binokel", 3, 6, 80)
    deals = consistent_deals(state, seat)
    rng = random.Random(7)
    keys = sorted(deals)
    draws = 4000
    seen = Counter(keys[rng.randrange(len(keys))] for _ in range(draws))
    total = sum(deals.values())
    chi2 = sum((seen[k] - draws * w / total) ** 2 / (draws * w / total)
               for k, w in deals.items())
    assert chi2 > chi_square_bound(len(deals) - 1)


def test_the_worlds_depend_on_the_view_only() -> None:
    """Two deals that the seat cannot tell apart (a hidden card swapped between the other
    hands) give the same worlds from the same seed: the sampler reads no hidden card."""
    state = played_to("binokel", 3, 5, 30, bots=True)
    seat = next(s for s in range(3) if s != state.declarer)
    spec = find_game("binokel")
    owner = owners(spec, state.rules, 3, state.dealer)
    target = _view_json(state, seat)
    other = None
    hidden = [p for p, o in enumerate(owner) if o >= 0 and o != seat]
    for p, q in itertools.combinations(hidden, 2):
        deck = list(state.deck)
        if deck[p] == deck[q] or owner[p] == owner[q]:
            continue
        deck[p], deck[q] = deck[q], deck[p]
        world = spec.new_deal(state.rules, state.dealer, deck_order=deck, players=3)
        try:
            for _, action in state.history:
                world.apply(action)
        except IllegalAction:
            continue
        if _view_json(world, seat) == target:
            other = world
            break
    assert other is not None and list(other.deck) != list(state.deck)
    forget()
    one = resample(state, seat, random.Random(1))
    forget()
    two = resample(other, seat, random.Random(1))
    assert list(one.deck) == list(two.deck)
    forget()
    assert list(sample_from_view(state.view(seat), random.Random(1)).deck) == list(one.deck)
