"""binokel.search: positions and their checks, hand-checked values, equivalent cards, node
budgets, the transposition table's limit and the pure-Python fallback."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel import search
from binokel.core.cards import cardset
from binokel.core.cards import parse_card
from binokel.core.cards import parse_cards
from binokel.games.binokel import search as binokel_adapter
from binokel.search import CLASSIC_POINTS
from binokel.search import TOURNAMENT_POINTS
from binokel.search import CardOrder
from binokel.search import Follow
from binokel.search import FollowRule
from binokel.search import Goal
from binokel.search import Position
from binokel.search import SearchLimit
from binokel.search import reference
from binokel.search._tables import prepare
from test_search_diff import binokel_state


def hands(*texts: str) -> tuple[int, ...]:
    return tuple(cardset(parse_cards(t)) for t in texts)


def pos(*texts: str, trump: int = 2, leader: int = 0, trick: str = "",
        **kw: Any) -> Position:
    """A 3-player Binokel position; seat 0 (the declarer) maximises."""
    args: dict[str, Any] = {"order": (0, 1, 2), "maximiser": (True, False, False),
                            "cards": CardOrder.suits(trump), "points": CLASSIC_POINTS,
                            "last_trick_bonus": 10}
    args.update(kw)
    return Position(hands=hands(*texts), leader=leader, trick=tuple(parse_cards(trick)),
                    **args)


def c(token: str) -> int:
    return parse_card(token)


# ----------------------------------------------------------------------- positions
def test_a_position_checks_itself() -> None:
    good = pos("HA EK", "H10 E10", "EA HU")
    assert good.to_move == 0 and good.tricks_left == 2
    cases = {
        "hand sizes": dict(hands=hands("HA EK", "H10", "EA HU")),
        "3 times": dict(hands=hands("HA HA", "HA E10", "EA HU")),
        "a card count of 3": dict(hands=(3 << (2 * c("HA")), *hands("H10", "EA"))),
        "not a card of this order": dict(cards=CardOrder.suits(2, ranks=(6, 5, 4))),
        "already complete": dict(trick=(c("SA"), c("SK"), c("S10"))),
        "no seat in play maximises": dict(maximiser=(False, False, False)),
        "not a seat in play": dict(leader=3),
        "distinct seats": dict(order=(0, 1, 1)),
        "2..8": dict(order=(0,)),
        "one entry per seat": dict(maximiser=(True, False)),
        "32 values": dict(points=(1,) * 31),
        "out of range": dict(last_trick_bonus=-1),
        "no card (the play is over)": dict(hands=(0, 0, 0)),
        "not in play but holds": dict(hands=(*hands("HA", "H10", "EA"), cardset([c("SA")])),
                                      maximiser=(True, False, False, False)),
    }
    for why, change in cases.items():
        with pytest.raises(ValueError, match=re.escape(why)):
            dataclasses.replace(good, **change)


def test_a_card_order_checks_itself() -> None:
    group = tuple(c >> 3 for c in range(32))
    with pytest.raises(ValueError, match="same group and power"):
        CardOrder(group, (0,) * 32)
    with pytest.raises(ValueError, match="trump group"):
        CardOrder(group, tuple(range(32)), trump=9)
    with pytest.raises(ValueError, match="32 cards"):
        CardOrder(group[:5], tuple(range(5)))
    with pytest.raises(ValueError, match="second_beats"):
        CardOrder(group, tuple(range(32)), second_beats=frozenset({40}))
    order = CardOrder(group, tuple(range(32)), trump=4 >> 2, second_beats=frozenset({c("H10")}))
    assert order.beats(c("H10"), c("H10")) and not order.beats(c("HA"), c("HA"))
    assert order.beats(c("B7"), c("HA")) and not order.beats(c("HA"), c("B7"))


def test_a_bad_node_budget_is_refused() -> None:
    p = pos("HA EK", "H10 E10", "EA HU")
    for bad in (-1, True, 1 << 70, 2.5):
        with pytest.raises(ValueError, match="node_budget"):
            search.value(p, node_budget=bad)


# ----------------------------------------------------------------------- values by hand
def test_hand_checked_values() -> None:
    # Leading HA takes 23 at once; EK first loses 24 to EA but then HU draws H10 under HA.
    s = search.solve(pos("HA EK", "H10 E10", "EA HU"), values=True)
    assert (s.value, s.values) == (33, {c("HA"): 23, c("EK"): 33}) and s.best == c("EK")
    # The last trick, mid-trick: seat 2 must beat with HA (Stichzwang) and takes 10 + bonus.
    last = pos("", "SK", "HA", leader=0, trick="H10")
    assert search.value(last) == 0
    assert search.value(dataclasses.replace(last, maximiser=(False, False, True))) == 35
    # Durch: the declarer must take both tricks; leading EK loses one.
    d = pos("HA EA", "H10 E10", "EK HU", goal=Goal.DURCH)
    assert search.solve(d, values=True).values == {c("HA"): 1, c("EA"): 1}
    assert search.value(dataclasses.replace(d, hands=hands("HA EK", "H10 E10", "EA HU"))) == 0
    u = pos("HU EK", "H10 E10", "EA HA", goal=Goal.UNTENDURCH)
    assert search.value(u) == 1


def test_equivalent_cards_get_one_search_and_the_same_value() -> None:
    """With tournament points A, 10 and K of a suit are worth the same: held together with
    nothing of another player between them they are one card to the search."""
    p = pos("EA E10 EK SU", "EO EU BA BK", "HA H10 SA S10", points=TOURNAMENT_POINTS)
    t = prepare(p)
    core = reference.Core(t)
    classes = {tuple(t.cards[m] for m in members) for _, members in core.root_moves()}
    assert (c("EK"), c("E10"), c("EA")) in classes
    sol = search.solve(p, values=True)
    assert sol.values is not None and len({sol.values[x] for x in (c("EA"), c("E10"),
                                                                    c("EK"))}) == 1
    # With classic points they differ in points: three classes.
    classic = search.solve(dataclasses.replace(p, points=CLASSIC_POINTS), values=True)
    assert classic.values is not None and len(classic.values) == 4
    # Another player's card between them splits the run.
    split = pos("EA EK SU SA", "E10 EU BA BK", "HA H10 S10 EO", points=TOURNAMENT_POINTS)
    t2 = prepare(split)
    assert all(len(m) == 1 for _, m in reference.Core(t2).root_moves())


def test_second_dulle_beats_the_first() -> None:
    """Doppelkopf's option: of two Herz-Zehnen the second wins the trick."""
    from binokel.games.doppelkopf import search as doko_search
    from binokel.games.doppelkopf.order import card_order
    from binokel.games.doppelkopf.rules import DokoRules
    order = card_order("normal")
    base = Position(hands=hands("SA", "H10", "S10", "H10"), order=(0, 1, 2, 3),
                    maximiser=(False, False, False, True), leader=0, trick=(),
                    cards=doko_search.card_order(order, DokoRules()),
                    points=doko_search.POINTS, follow=Follow(FollowRule.FOLLOW_GROUP))
    assert search.value(base) == 0
    second = dataclasses.replace(base, cards=doko_search.card_order(
        order, DokoRules(dulle_second_wins=True)))
    assert second.cards.second_beats == frozenset({c("H10")})
    assert search.value(second) == 41


# ----------------------------------------------------------------------- budgets, limits
def full_deal() -> Position:
    st_ = binokel_state(3, 12)
    assert st_ is not None
    return binokel_adapter.position(st_)


@pytest.mark.parametrize("pure", [False, True])
def test_the_node_budget_is_exact_and_deterministic(pure: bool) -> None:
    s = binokel_state(11, 4)
    assert s is not None
    p = binokel_adapter.position(s)
    v, nodes = search.value_and_nodes(p, pure=pure)
    assert search.value(p, node_budget=nodes, pure=pure) == v
    with pytest.raises(SearchLimit):
        search.value(p, node_budget=nodes - 1, pure=pure)
    with pytest.raises(SearchLimit):
        search.solve(full_deal(), node_budget=2000, pure=pure)
    with pytest.raises(SearchLimit):
        search.value(p, node_budget=0, pure=pure)


@pytest.mark.parametrize("limit", [8, 100, 2000])
def test_a_small_table_gives_the_same_values(limit: int) -> None:
    """A full transposition table is emptied (the reference) or has its entries replaced (the
    compiled core): the values stay exact. (While no table is full both cores take the same
    nodes: test_search_diff.)"""
    done = 0
    for seed in range(12, 20):
        s = binokel_state(seed, 6 + seed % 3, "kreuzbinokel" if seed % 4 == 3 else "binokel")
        if s is None:
            continue
        p = binokel_adapter.position(s)
        want = search.value(p, pure=True)
        makers: list[Any] = [reference.Core]
        if search.COMPILED:
            makers.append(search._compiled_module.Core)
        for make in makers:
            t = prepare(p, tt_limit=limit)
            core = make(t) if make is reference.Core else make(t, -1)
            assert search._mtdf(core.search, reference.BIG) == want
        done += 1
    assert done >= 6


def test_the_pure_python_path_by_environment() -> None:
    env = dict(os.environ, BINOKEL_SEARCH_PURE="1")
    code = ("import binokel.search as s; from binokel.games.binokel import search as a; "
            "import sys; sys.path.insert(0, 'tests'); from test_search_diff import binokel_state; "
            "p = a.position(binokel_state(5, 3)); "
            "print(s.COMPILED, s.compiled(), s.value_and_nodes(p))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True, cwd=os.path.dirname(os.path.dirname(__file__)))
    s = binokel_state(5, 3)
    assert s is not None
    want = search.value_and_nodes(binokel_adapter.position(s))
    assert out.stdout.split() == ["False", "False", *str(want).split()]


@pytest.mark.skipif(not search.COMPILED, reason="the compiled core is not built")
def test_the_structure_without_bit_extract_is_the_same() -> None:
    """The compiled core packs a position's structure with BMI2's bit extract where the
    processor has a fast one; BINOKEL_SEARCH_NO_PEXT=1 makes it use its plain loop, which
    must find the same structures (the same nodes)."""
    code = ("import sys; sys.path.insert(0, 'tests'); import binokel.search as s; "
            "from binokel.games.binokel import search as a; "
            "from test_search_diff import binokel_state; "
            "print([s.value_and_nodes(a.position(binokel_state(seed, 8))) "
            "for seed in (31, 32, 34)])")
    runs = []
    for extra in ({}, {"BINOKEL_SEARCH_NO_PEXT": "1"}):
        env = dict(os.environ, **extra)
        env.pop("BINOKEL_SEARCH_PURE", None)
        runs.append(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                   text=True, check=True,
                                   cwd=os.path.dirname(os.path.dirname(__file__))).stdout)
    assert runs[0] == runs[1] and runs[0].startswith("[(")


def test_the_compiled_core_is_used_where_it_is_built() -> None:
    """An install compiles the core next to the package (also an editable one); a checkout
    without it runs the reference."""
    assert search.compiled() == search.COMPILED
    if search.COMPILED:
        assert search._compiled_module.__file__.startswith(os.path.dirname(search.__file__))


# ----------------------------------------------------------------------- properties
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), tricks=st.integers(1, 4),
       game=st.sampled_from(["binokel", "kreuzbinokel"]),
       preset=st.sampled_from(["standard", "turnier"]))
def test_the_value_is_the_best_card_and_within_the_points(seed: int, tricks: int, game: str,
                                                          preset: str) -> None:
    s = binokel_state(seed, tricks, game, preset=preset)
    if s is None:
        return
    p = binokel_adapter.position(s)
    sol = search.solve(p, values=True)
    assert sol.values is not None
    pick = max if p.maximiser[p.to_move] else min
    assert sol.value == pick(sol.values.values()) == sol.values[sol.best]
    total = sum(p.points[x] * ((h >> (2 * x)) & 3) for h in p.hands for x in range(32))
    total += sum(p.points[x] for x in p.trick) + p.last_trick_bonus
    assert 0 <= sol.value <= total
    assert search.value(p) == sol.value
    quick = search.solve(p)  # without every card's value: a best card all the same
    assert quick.values is None and sol.values[quick.best] == quick.value == sol.value


def test_searches_in_threads() -> None:
    """The compiled core searches without the GIL: two threads search two positions at
    once and get what one thread gets."""
    from concurrent.futures import ThreadPoolExecutor

    positions = []
    for seed in (21, 22, 23, 24):
        s = binokel_state(seed, 7)
        if s is not None:
            positions.append(binokel_adapter.position(s))
    alone = [search.value_and_nodes(p) for p in positions]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(search.value_and_nodes, positions))
    assert together == alone


@pytest.mark.parametrize("pure", [False, True])
def test_value_trace_lists_the_mtdf_searches(pure: bool) -> None:
    """value_trace gives value()'s value and its zero-window searches: their nodes add up to
    the session's, each result lies on the side of its window that the next one follows, and
    the last one proves the value (it reaches the value from below or stops above it)."""
    s = binokel_state(21, 6)
    assert s is not None
    p = binokel_adapter.position(s)
    session = search.Session(p, pure=pure)
    v, its = session.value_trace()
    assert v == search.value(p, pure=pure)
    assert its and sum(it.nodes for it in its) == session.nodes
    assert all(it.nodes > 0 for it in its)
    # descending from the top: every search but the last fails low, each below the one before
    assert all(it.result < it.beta for it in its[:-1])
    assert [it.beta for it in its[1:]] == [it.result for it in its[:-1]]
    assert its[-1].result == v and its[-1].beta == v
    with pytest.raises(SearchLimit):
        search.Session(p, pure=pure).value_trace(node_budget=session.nodes - 1)


@pytest.mark.parametrize("pure", [False, True])
def test_even_sides_step_down_and_halve(pure: bool) -> None:
    """Where the maximising side has as many seats as the other (Doppelkopf, Kreuzbinokel,
    Zweierbinokel), MTD(f) takes growing steps down from the top and halves the interval
    after its first lower bound: each search narrows the bounds, the last two meet at the
    value, which plain top-down MTD(f) over the same core confirms."""
    from binokel.games.doppelkopf import search as doko_search
    from test_search_diff import doko_state
    checked = 0
    for seed in range(40, 60):
        st_ = doko_state(seed, 5)
        if st_ is None:
            continue
        p = doko_search.position(st_)
        session = search.Session(p, pure=pure)
        v, its = session.value_trace()
        lower, upper = 0, reference.BIG
        for it in its:
            assert lower < it.beta <= upper
            if it.result >= it.beta:
                lower = it.result
            else:
                upper = it.result
        assert lower == upper == v
        plain = reference.Core(prepare(p))
        assert search._mtdf(plain.search, reference.BIG) == v
        checked += 1
    assert checked >= 10


@pytest.mark.skipif(not search.COMPILED, reason="the compiled core is not built")
def test_a_table_of_megabytes_gives_the_value_of_a_small_one() -> None:
    """A table that grows past 2 MB lives in huge pages (where the system has them); its
    value is the one a table kept small (emptied when full, or replacing) gives."""
    st_ = binokel_state(3015, 12, preset="turnier")   # 442k nodes, 40k positions
    assert st_ is not None
    p = binokel_adapter.position(st_)
    big = search.Session(p)
    v = big.value()
    # the table is at most half full, an entry n + 2 words
    slots = 2 * big._core.tt_size  # type: ignore[attr-defined]
    assert slots * (len(p.order) + 2) * 8 > 2 << 20
    assert search.Session(p, tt_limit=5_000).value() == v
