"""Differential tests of binokel.search: the compiled core against the pure-Python reference
(values, best cards, legal cards and node counts: the same tree), both against today's solver
(binokel.solver) on Binokel and Kreuzbinokel, and against brute-force minimax over the games'
own engines for Doppelkopf, Luxusfamilie and Zweierbinokel after the stock (legal cards, trick
winners and values).

The positions are random but seeded: every run checks the same ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import pytest

import old_solver as solver
from binokel import search
from binokel.core.cards import ASS
from binokel.core.cards import BINOKEL_RANKS
from binokel.core.cards import KOENIG
from binokel.core.cards import OBER
from binokel.core.cards import SEVEN
from binokel.core.cards import SUIT_MASKS
from binokel.core.cards import UNTER
from binokel.core.cards import ZEHN
from binokel.core.cards import cards_of
from binokel.core.cards import distinct
from binokel.core.cards import format_cards
from binokel.core.cards import size
from binokel.core.trick import PLAY_ACTIONS
from binokel.games.binokel import search as binokel_adapter
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.games.doppelkopf import search as doko_search
from binokel.games.doppelkopf.deal import NORMAL
from binokel.games.doppelkopf.deal import SOLOS
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.state import DokoState
from binokel.games.luxusfamilie import search as luxus_search
from binokel.games.luxusfamilie.deal import RANKS as LUXUS_RANKS
from binokel.games.luxusfamilie.rules import LuxusRules
from binokel.games.luxusfamilie.state import LuxusState
from binokel.games.zweier import search as zweier_search
from binokel.games.zweier.bots.heuristic import StrictSolver
from binokel.games.zweier.deal import STRICT
from binokel.games.zweier.play import legal_cards as zweier_legal
from binokel.games.zweier.rules import ZweierRules
from binokel.games.zweier.state import ZweierState
from binokel.search import CardOrder
from binokel.search import Position
from binokel.search import reference
from binokel.search._tables import prepare

COMPILED = search.COMPILED
needs_compiled = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")


# ----------------------------------------------------------------------- Binokel positions
def binokel_state(seed: int, tricks_left: int, game: str = "binokel",
                  contract: str = "trump", preset: str = "standard",
                  **options: Any) -> DealState | None:
    """A seeded deal, declared by Vorhand (cheapest cards pushed, longest suit trump), played
    at random until ``tricks_left`` tricks remain and then into the next trick by
    ``seed % players`` cards. None if the deal ended early."""
    players = 4 if game == "kreuzbinokel" else 3
    rng = random.Random(seed)
    s = DealState.new(Rules.from_preset(preset, **options), dealer=seed % players, seed=seed,
                      players=players, game=game)
    while s.phase == "bidding":
        s.apply(s.legal_actions()[0] if not s.history else "pass")
    decl = s.declarer
    assert decl is not None
    hand = s.hands[decl]
    trump = max(range(4), key=lambda t: (size(hand & SUIT_MASKS[t]), -t))
    if s.phase == "declare":
        pts = s.rules.points
        keep = sorted(cards_of(hand), key=lambda c: (c >> 3 == trump, pts[c & 7], c & 7))
        s.apply("discard " + format_cards(keep[:len(s.dapp_cards)]))
    s.apply(f"trump {'EBHS'[trump]}" if contract == "trump" else contract)
    while s.phase != PLAY:
        s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
    extra = seed % s.n_active
    while not s.is_over and (size(s.hands[s.to_move]) > tricks_left or s.trick):
        s.apply(s.random_action(rng))
    for _ in range(extra):
        if s.is_over:
            break
        s.apply(s.random_action(rng))
    return None if s.is_over else s


BINOKEL_KINDS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("binokel", "trump", "standard", {}),
    ("binokel", "trump", "turnier", {}),
    ("binokel", "durch", "standard", {}),
    ("binokel", "untendurch", "standard", {}),
    ("kreuzbinokel", "trump", "standard", {}),
    ("kreuzbinokel", "trump", "standard", {"partner_exemption": True}),
    ("kreuzbinokel", "durch", "standard", {}),
    ("binokel", "trump", "standard", {"must_overtrump": False, "sevens": True}),
    ("binokel", "trump", "standard", {"must_trump_lower": False, "last_trick_bonus": 20}),
    ("binokel", "trump", "standard", {"bonus_trick": "first", "partner_exemption": True}),
]


def binokel_positions(count: int, max_tricks: int, seed0: int) -> Iterator[tuple[str, DealState]]:
    """``count`` positions over every kind of BINOKEL_KINDS, tricks left 1..``max_tricks``
    (the small ones more often: they are cheap for the old solver)."""
    made = 0
    seed = seed0
    while made < count:
        game, contract, preset, opts = BINOKEL_KINDS[seed % len(BINOKEL_KINDS)]
        r = random.Random(seed)
        tricks = min(max_tricks, 1 + int(r.random() ** 2 * max_tricks))
        st = binokel_state(seed, tricks, game, contract, preset, **opts)
        seed += 1
        if st is not None:
            made += 1
            yield f"{game}/{contract}/{preset}/{opts}/seed {seed - 1}", st


# ----------------------------------------------------------------------- other games
def doko_state(seed: int, tricks_left: int, contract: str = "gesund",
               **options: Any) -> DokoState | None:
    rng = random.Random(seed)
    s = DokoState.new(DokoRules.from_preset("standard", **options), dealer=seed % 4,
                      seed=seed)
    if contract == "gesund":
        for _ in range(4):
            s.apply("gesund")
    else:
        s.apply("vorbehalt")
        for _ in range(3):
            s.apply("gesund")
        s.apply(contract)
    while s.phase != PLAY:
        s.apply(s.legal_actions()[0])
    if s.contract not in (NORMAL, *SOLOS):
        return None
    while not s.is_over and (size(s.hands[s.to_move]) > tricks_left or s.trick):
        _doko_play(s, rng)
    for _ in range(seed % 4):
        if s.is_over:
            break
        _doko_play(s, rng)
    return None if s.is_over else s


def _doko_play(s: DokoState, rng: random.Random) -> None:
    cards = list(distinct(s.legal_cards()))
    s.apply(PLAY_ACTIONS[cards[rng.randrange(len(cards))]])


def doko_brute(s: DokoState) -> int:
    """The Re party's card points from here on, by minimax over the engine."""
    if s.is_over or s.phase != PLAY:
        return 0
    taken = len(s.tricks)
    vals = []
    for c in distinct(s.legal_cards()):
        ch = s.child(PLAY_ACTIONS[c])
        gained = sum(t.points for t in ch.tricks[taken:] if t.winner in ch.re_seats)
        vals.append(gained + doko_brute(ch))
    return max(vals) if s.to_move in s.re_seats else min(vals)


def luxus_state(seed: int, tricks_left: int, players: int, **options: Any
                ) -> LuxusState | None:
    rng = random.Random(seed)
    s = LuxusState.new(LuxusRules.from_preset("standard", **options),
                       dealer=seed % players, seed=seed, players=players)
    s.apply(f"trump {'EBHS'[seed % 4]}")
    while not s.is_over and (size(s.hands[s.to_move]) > tricks_left or s.trick):
        s.apply(s.random_action(rng))
    for _ in range(seed % players):
        if s.is_over:
            break
        s.apply(s.random_action(rng))
    return None if s.is_over else s


def luxus_brute(s: LuxusState, me: int) -> int:
    """``me``'s power points from here on, everyone else playing against him."""
    if s.is_over:
        return 0
    vals = []
    for c in distinct(s.legal_cards()):
        ch = s.child(PLAY_ACTIONS[c])
        vals.append(ch.power_points[me] - s.power_points[me] + luxus_brute(ch, me))
    return max(vals) if s.to_move == me else min(vals)


def zweier_state(seed: int, tricks_left: int, **options: Any) -> ZweierState | None:
    rng = random.Random(seed)
    s = ZweierState.new(ZweierRules.from_preset("standard", **options), dealer=seed % 2,
                        seed=seed)
    while not s.is_over and (s.phase != STRICT or size(s.hands[s.to_move]) > tricks_left
                             or s.trick):
        s.apply(s.random_action(rng))
    if not s.is_over and seed % 2:
        cards = list(distinct(zweier_legal(s)))
        s.apply(PLAY_ACTIONS[cards[rng.randrange(len(cards))]])
    return None if s.is_over else s


# ----------------------------------------------------------------------- comparisons
def both(p: Position, values: bool = True) -> search.Solution:
    """Solve with the compiled core and the reference; they must agree in everything."""
    pure = search.solve(p, values=values, pure=True)
    if COMPILED:
        fast = search.solve(p, values=values)
        assert (fast.value, fast.best, fast.values, fast.nodes) == \
            (pure.value, pure.best, pure.values, pure.nodes)
    return pure


def legal_of(p: Position) -> set[int]:
    """The legal cards the search finds at the root (every member of every class)."""
    core = reference.Core(prepare(p))
    t = prepare(p)
    return {t.cards[m] for _, members in core.root_moves() for m in members}


def test_binokel_against_the_old_solver() -> None:
    """Values (of every legal card) equal binokel.solver's on 1,200 positions of every
    Binokel kind, 1..6 tricks left (7 and 8: the next test)."""
    n = 0
    for name, st in binokel_positions(1200, 6, seed0=1):
        old = solver.solve(st)
        p = binokel_adapter.position(st)
        new = search.solve(p, values=True)
        assert new.values is not None
        got = {PLAY_ACTIONS[c]: v for c, v in new.values.items()}
        assert (new.value, got) == (old.value, old.values), name
        assert new.values[new.best] == new.value
        assert set(new.values) == set(distinct(st.legal_cards())), name
        n += 1
    assert n == 1200


def test_binokel_root_value_against_the_old_solver_deeper() -> None:
    """root_value on positions of 7 and 8 tricks (the old solver needs up to seconds)."""
    for seed in range(2):
        game = "kreuzbinokel" if seed % 2 else "binokel"
        st = binokel_state(500 + seed, 7 + seed % 2, game,
                           preset="turnier" if seed % 4 == 2 else "standard")
        if st is None:
            continue
        v, nodes = search.value_and_nodes(binokel_adapter.position(st))
        assert v == solver.root_value(st)
        assert nodes > 0


@needs_compiled
def test_compiled_equals_reference_on_many_positions() -> None:
    """800 positions of 1..5 tricks and some of 6 and 7: the same values, best card and nodes
    (the same tree)."""
    for name, st in binokel_positions(800, 5, seed0=10_000):
        p = binokel_adapter.position(st)
        fast = search.solve(p, values=True)
        pure = search.solve(p, values=True, pure=True)
        assert (fast.value, fast.best, fast.values, fast.nodes) == \
            (pure.value, pure.best, pure.values, pure.nodes), name
    for seed in range(6):
        st = binokel_state(20_000 + seed, 6 + seed % 2,
                           "kreuzbinokel" if seed % 3 == 0 else "binokel",
                           preset="turnier" if seed % 2 else "standard")
        if st is None:
            continue
        p = binokel_adapter.position(st)
        assert search.value_and_nodes(p) == search.value_and_nodes(p, pure=True)


@needs_compiled
def test_compiled_equals_reference_on_full_deals() -> None:
    """Whole deals (12 tricks of Binokel under both card-point tables, 9 of Kreuzbinokel):
    the first few that the compiled core solves in under 40,000 nodes are solved by the
    reference too, node for node."""
    done = 0
    for game, preset, seeds in (("binokel", "standard", range(3000, 3300)),
                                ("binokel", "turnier", range(3000, 3300)),
                                ("kreuzbinokel", "standard", range(3000, 3300))):
        found = 0
        for seed in seeds:
            st = binokel_state(seed, 12, game, preset=preset)
            assert st is not None
            p = binokel_adapter.position(st)
            if not p.trick and p.tricks_left < (9 if game == "kreuzbinokel" else 12):
                continue
            try:
                fast = search.value_and_nodes(p, node_budget=40_000)
            except search.SearchLimit:
                continue
            assert search.value_and_nodes(p, pure=True) == fast
            found += 1
            if found == 2:
                break
        done += found
    assert done >= 4


def _check_game(p: Position, engine_legal: set[int], brute: int) -> None:
    assert legal_of(p) == engine_legal
    sol = both(p)
    assert sol.value == brute
    assert sol.values is not None and set(sol.values) == engine_legal


@pytest.mark.parametrize("options", [{}, {"dulle_second_wins": True}, {"nines": False}])
def test_doppelkopf_against_brute_force(options: dict[str, Any]) -> None:
    n = 0
    for seed in range(60):
        contract = ("gesund", "solo damen", "solo H", "solo fleischlos")[seed % 4]
        s = doko_state(seed, 1 + seed % 3, contract, **options)
        if s is None:
            continue
        _check_game(doko_search.position(s), set(distinct(s.legal_cards())), doko_brute(s))
        n += 1
    assert n >= 40


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_luxus_against_brute_force(players: int) -> None:
    n = 0
    for seed in range(40):
        duty = ("always", "untrumped", "none")[seed % 3]
        s = luxus_state(seed, 1 + seed % (3 if players < 5 else 2), players, trump_duty=duty,
                        leftover="last_trick" if seed % 2 else "nobody",
                        last_trick_bonus=10 * (seed % 3))
        if s is None:
            continue
        _check_game(luxus_search.position(s), set(distinct(s.legal_cards())),
                    luxus_brute(s, s.to_move))
        n += 1
    assert n >= 30


@pytest.mark.parametrize("must_beat", [True, False])
def test_zweier_against_its_strict_solver(must_beat: bool) -> None:
    n = 0
    for seed in range(80):
        s = zweier_state(seed, 1 + seed % 7, must_beat=must_beat,
                         bonus_trick="first" if seed % 5 == 0 else "last")
        if s is None:
            continue
        p = zweier_search.position(s, 0)
        assert legal_of(p) == set(distinct(zweier_legal(s)))
        sol = both(p)
        assert sol.values is not None
        ss = StrictSolver.for_rules(s.trump, s.rules)
        h0, h1 = s.hands
        if not s.trick:
            assert sol.value == ss.value(h0, h1, we_lead=s.to_move == 0)
        elif s.to_move == 0:
            for c, v in sol.values.items():
                assert v == ss.after(h0 - (1 << (2 * c)), h1, c, s.trick[0])
        else:
            assert sol.value == ss.after(h0, h1, s.trick[0], -1)
        n += 1
    assert n >= 60


# ----------------------------------------------------------------------- trick winners
def _engine_winner(order: CardOrder, cards: list[int]) -> int:
    win, wi = cards[0], 0
    for i in range(1, len(cards)):
        if order.beats(cards[i], win):
            win, wi = cards[i], i
    return wi


@pytest.mark.parametrize("make", ["binokel", "doko", "luxus"])
def test_trick_winners_match_the_engines(make: str) -> None:
    """Play out random deals in each engine; at every completed trick the search core's
    winner (from Core.play) is the engine's."""
    rng = random.Random(7)
    checked = 0
    for seed in range(25):
        pos_of: Callable[[Any], Position]
        if make == "binokel":
            st: Any = binokel_state(seed, 12, "kreuzbinokel" if seed % 2 else "binokel",
                                    sevens=bool(seed % 3 == 0))
            pos_of = binokel_adapter.position
        elif make == "doko":
            st = doko_state(seed, 12, ("gesund", "solo buben", "solo B")[seed % 3],
                            dulle_second_wins=bool(seed % 2))
            pos_of = doko_search.position
        else:
            st = luxus_state(seed, 12, 3 + seed % 4)
            pos_of = luxus_search.position
        if st is None:
            continue
        while not st.is_over:
            p = pos_of(st)
            t = prepare(p)
            core = reference.Core(t)
            legal = list(distinct(st.legal_cards()))
            c = legal[rng.randrange(len(legal))]
            n_before = len(st.tricks)
            core.play(t.cards.index(c))
            st.apply("play " + format_cards([c]))
            if len(st.tricks) > n_before:
                w = st.tricks[-1].winner
                assert t.seats[core.leader] == w
                checked += 1
    assert checked > 100


def test_rank_sets_cover_the_games() -> None:
    """The search's card universe holds every card a game deals (a guard for the adapters)."""
    assert {c & 7 for c in range(32) if CardOrder.suits(0).group[c] >= 0} >= set(BINOKEL_RANKS)
    lux = CardOrder.suits(0, LUXUS_RANKS)
    assert {c & 7 for c in range(32) if lux.group[c] >= 0} == {ASS, ZEHN, KOENIG, OBER, UNTER,
                                                               SEVEN}
