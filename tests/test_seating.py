"""Tournament seating: every present player seated once at allowed, balanced tables; repeats
and lower bounds checked against independent brute force; determinism; zero repeats in the
known repeat-free cases; clear errors for bad input."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.tournament import BINOKEL
from binokel.tournament import DOPPELKOPF
from binokel.tournament import KREUZBINOKEL
from binokel.tournament import BotSeat
from binokel.tournament import HistoryError
from binokel.tournament import LimitError
from binokel.tournament import MissingSeatsError
from binokel.tournament import PlayerError
from binokel.tournament import PlayerId
from binokel.tournament import RoundSeating
from binokel.tournament import Seat
from binokel.tournament import SeatingError
from binokel.tournament import TableSizeError
from binokel.tournament import TableSizes
from binokel.tournament import plan_tournament
from binokel.tournament import repeat_lower_bound
from binokel.tournament import seat_round
from binokel.tournament import table_layout

Round = Sequence[Sequence[Seat | None]]

# ---------------------------------------------------------------------------------------------
# Independent reference computations (no use of the module's internals)


def humans(table: Sequence[Seat | None]) -> list[PlayerId]:
    return [s for s in table if s is not None and not isinstance(s, BotSeat)]


def meetings(rounds: Sequence[Round]) -> Counter[frozenset[PlayerId]]:
    met: Counter[frozenset[PlayerId]] = Counter()
    for rnd in rounds:
        for table in rnd:
            for a, b in itertools.combinations(humans(table), 2):
                met[frozenset((a, b))] += 1
    return met


def round_repeats(history: Sequence[Round], tables: Round) -> int:
    """Pairs at one table that met before, per earlier meeting."""
    met = meetings(history)
    return sum(met[frozenset((a, b))] for t in tables for a, b in
               itertools.combinations(humans(t), 2))


def compositions(seats: int, allowed: frozenset[int]) -> Iterator[Counter[int]]:
    """Every multiset of allowed table sizes summing to ``seats``."""
    sizes = sorted(allowed)

    def rec(i: int, left: int) -> Iterator[Counter[int]]:
        if left == 0:
            yield Counter()
            return
        if i == len(sizes):
            return
        for c in range(left // sizes[i] + 1):
            for rest in rec(i + 1, left - c * sizes[i]):
                out = Counter(rest)
                if c:
                    out[sizes[i]] = c
                yield out
    yield from rec(0, seats)


def fewest_bots(n: int, sizes: TableSizes) -> int:
    extra = 0
    while not any(True for _ in compositions(n + extra, sizes.allowed)):
        extra += 1
    return extra


def partitions(players: list[int], caps: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every split of ``players`` into tables with the (multiset of) sizes ``caps``."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(caps)):
        left = list(caps)
        left.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for tail in partitions(others, left):
                yield [(first, *mates), *tail]


def check_round(rs: RoundSeating, players: Sequence[PlayerId], history: Sequence[Round],
                sizes: TableSizes, bots_allowed: bool) -> None:
    """Everything a seated round promises, checked from scratch."""
    seated = [p for t in rs.tables for p in t.players]
    assert sorted(seated, key=repr) == sorted(players, key=repr)  # everyone exactly once
    assert len(seated) == len(set(seated))
    # Allowed sizes, the fewest bots, as many preferred tables as any split has.
    table_sizes = [len(t.seats) for t in rs.tables]
    assert all(s in sizes.allowed for s in table_sizes)
    bots = sum(t.bots for t in rs.tables)
    assert bots == (fewest_bots(len(players), sizes) if bots_allowed else 0)
    best_pref = max(c[sizes.preferred] for c in compositions(len(players) + bots, sizes.allowed))
    assert table_sizes.count(sizes.preferred) == best_pref
    assert all(t.bots < len(t.seats) for t in rs.tables)  # nobody plays with bots only
    assert max(t.bots for t in rs.tables) - min(t.bots for t in rs.tables) <= 1
    bot_numbers = [s.number for t in rs.tables for s in t.seats if isinstance(s, BotSeat)]
    assert sorted(bot_numbers) == list(range(1, bots + 1))
    # Repeats per table, per round and per player.
    tables = [t.seats for t in rs.tables]
    assert rs.repeats == round_repeats(history, tables)
    assert [t.repeats for t in rs.tables] == [round_repeats(history, [t]) for t in tables]
    assert [t.number for t in rs.tables] == list(range(1, len(rs.tables) + 1))
    assert rs.lower_bound <= rs.repeats
    met = meetings(history)
    after = meetings([*history, tables])
    assert sorted((p.player for p in rs.players), key=repr) == sorted(players, key=repr)
    for pr in rs.players:
        table = rs.tables[pr.table - 1]
        assert table.seats[pr.seat - 1] == pr.player
        assert rs.table_of(pr.player) is table and rs.player(pr.player) is pr
        mates = [q for q in table.players if q != pr.player]
        assert pr.repeats == sum(met[frozenset((pr.player, q))] for q in mates)
        assert set(pr.met_again) == {q for q in mates if met[frozenset((pr.player, q))]}
        assert pr.opponents == sum(1 for pair in after if pr.player in pair)
    assert sum(p.repeats for p in rs.players) == 2 * rs.repeats


# ---------------------------------------------------------------------------------------------
# Strategies

SIZES = st.one_of(
    st.sampled_from([BINOKEL, DOPPELKOPF, KREUZBINOKEL, TableSizes.of(3), TableSizes.of(2)]),
    st.sets(st.integers(2, 8), min_size=1, max_size=3).flatmap(
        lambda s: st.sampled_from(sorted(s)).map(lambda p: TableSizes(frozenset(s), p))),
)


@st.composite
def histories(draw: st.DrawFn, pool: int = 40) -> list[list[list[Seat]]]:
    """Earlier rounds of ids 1..pool (some no longer present), tables of 2..6 with bots."""
    rounds: list[list[list[Seat]]] = []
    for _ in range(draw(st.integers(0, 4))):
        members = draw(st.permutations(range(1, pool + 1)))[:draw(st.integers(0, pool))]
        tables: list[list[Seat]] = []
        i = bot = 0
        while i < len(members):
            k = draw(st.integers(2, 5))
            table: list[Seat] = list(members[i:i + k])
            i += k
            if draw(st.integers(0, 4)) == 0:
                bot += 1
                table.insert(draw(st.integers(0, len(table))), BotSeat(bot))
            tables.append(table)
        rounds.append(tables)
    return rounds


PLAYERS = st.sets(st.integers(1, 45), min_size=2, max_size=30).map(sorted)
FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ---------------------------------------------------------------------------------------------
# Properties


@FAST
@given(players=PLAYERS, history=histories(), sizes=SIZES, seed=st.integers(0, 2**32))
def test_round_seats_everyone_once_and_reports_truthfully(
        players: list[int], history: list[list[list[Seat]]], sizes: TableSizes,
        seed: int) -> None:
    rs = seat_round(players, history, sizes, seed=seed, budget=3000, fill_with_bots=True)
    check_round(rs, players, history, sizes, bots_allowed=True)
    assert rs.number == len(history) + 1
    # Withdrawn players (in the history, not present) are never seated.
    gone = {p for rnd in history for t in rnd for p in humans(t)} - set(players)
    assert not gone & {p for t in rs.tables for p in t.players}


@FAST
@given(players=PLAYERS, history=histories(), sizes=SIZES, seed=st.integers(0, 2**32))
def test_without_bots_a_round_fits_or_says_how_many_seats_are_missing(
        players: list[int], history: list[list[list[Seat]]], sizes: TableSizes,
        seed: int) -> None:
    missing = fewest_bots(len(players), sizes)
    if missing:
        with pytest.raises(MissingSeatsError) as info:
            seat_round(players, history, sizes, seed=seed, budget=1000)
        assert info.value.missing == missing
        assert f"{missing} seat" in str(info.value) and "fill_with_bots" in str(info.value)
    else:
        rs = seat_round(players, history, sizes, seed=seed, budget=1000)
        check_round(rs, players, history, sizes, bots_allowed=False)


@FAST
@given(players=PLAYERS, history=histories(), sizes=SIZES, seed=st.integers(0, 2**32),
       shuffle=st.randoms(use_true_random=False))
def test_same_input_and_seed_give_the_same_round(
        players: list[int], history: list[list[list[Seat]]], sizes: TableSizes, seed: int,
        shuffle: random.Random) -> None:
    first = seat_round(players, history, sizes, seed=seed, budget=2000, fill_with_bots=True)
    again = list(players)
    shuffle.shuffle(again)  # the order the players are given in does not matter
    second = seat_round(again, history, sizes, seed=seed, budget=2000, fill_with_bots=True)
    assert first == second


@FAST
@given(n=st.integers(2, 24), rounds=st.integers(0, 5), sizes=SIZES,
       seed=st.integers(0, 2**32))
def test_plan_rounds_are_valid_and_repeats_add_up(n: int, rounds: int, sizes: TableSizes,
                                                  seed: int) -> None:
    players = list(range(100, 100 + n))
    plan = plan_tournament(players, rounds, sizes, seed=seed, budget=5000,
                           fill_with_bots=True)
    assert len(plan.rounds) == rounds
    played: list[Round] = []
    for i, rs in enumerate(plan.rounds):
        assert rs.number == i + 1
        check_round(rs, players, played, sizes, bots_allowed=True)
        played.append([t.seats for t in rs.tables])
    met = meetings(played)
    assert plan.repeats == sum(m * (m - 1) // 2 for m in met.values())
    assert plan.lower_bound.value <= plan.repeats
    assert plan == plan_tournament(players, rounds, sizes, seed=seed, budget=5000,
                                   fill_with_bots=True)


@FAST
@given(n=st.integers(2, 20), rounds=st.integers(1, 6), sizes=SIZES)
def test_bot_rounds_are_spread_evenly(n: int, rounds: int, sizes: TableSizes) -> None:
    plan = plan_tournament(range(n), rounds, sizes, budget=3000, fill_with_bots=True)
    counts = [p.bot_rounds for p in plan.rounds[-1].players]
    assert max(counts) - min(counts) <= 1
    with_bots = sum(len(t.players) for rs in plan.rounds for t in rs.tables if t.bots)
    assert sum(counts) == with_bots


def test_late_arrivals_and_withdrawals() -> None:
    first = seat_round(range(1, 13), [], BINOKEL, seed=5)
    # 11 and 12 withdraw, 13 and 14 arrive late.
    second = seat_round([*range(1, 11), 13, 14], [first], BINOKEL, seed=5)
    seated = {p for t in second.tables for p in t.players}
    assert seated == {*range(1, 11), 13, 14}
    check_round(second, [*range(1, 11), 13, 14], [first.as_lists()], BINOKEL, False)
    late = second.player(13)
    assert late.opponents == len(second.table_of(13).players) - 1 and late.repeats == 0
    assert second.repeats == 0  # 12 players, tables of 3: a second round without repeats
    # A RoundSeating and its plain lists are the same history.
    assert second == seat_round([*range(1, 11), 13, 14], [first.as_lists()], BINOKEL, seed=5)


def test_names_and_numbers_as_ids_seat_the_same_on_every_run() -> None:
    players: list[PlayerId] = ["Anna", "Bert", "Carla", 7, 8, 9, 10, "Dora", 12, "Emil"]
    history: list[Round] = [[["Anna", "Bert", 7], ["Carla", 8, 9, 10], ["Dora", 12, "Emil"]]]
    rs = seat_round(players, history, BINOKEL, seed=11)
    check_round(rs, players, history, BINOKEL, bots_allowed=False)
    # Ids of both kinds are ordered without hashing, so another hash seed (a new process)
    # gives the same seating.
    code = ("from binokel.tournament import seat_round, BINOKEL; "
            f"print(seat_round({players!r}, {history!r}, BINOKEL, seed=11).as_lists())")
    for hash_seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert out.stdout.strip() == repr(rs.as_lists())


def test_bots_never_count_as_meetings() -> None:
    history: list[Round] = [[[1, 2, BotSeat(1)], [3, 4, None]], [[1, BotSeat(1), 3]]]
    rs = seat_round([1, 2, 3, 4], history, TableSizes.of(2), seed=1)
    assert rs.repeats == 0  # {1,4} and {2,3} never met, bots or not
    assert {frozenset(t.players) for t in rs.tables} == {frozenset({1, 4}), frozenset({2, 3})}
    assert rs.player(1).bot_rounds == 2 and rs.player(4).bot_rounds == 1


def test_seat_order_gives_each_player_the_seat_he_had_least() -> None:
    plan = plan_tournament(range(16), 4, KREUZBINOKEL, seed=3)
    played: list[Round] = []
    for rs in plan.rounds:
        before: Counter[tuple[Seat | None, int]] = Counter(
            (p, i) for rnd in played for t in rnd for i, p in enumerate(t))
        for t in rs.tables:
            chosen = sum(before[p, i] for i, p in enumerate(t.seats))
            best = min(sum(before[p, i] for i, p in enumerate(perm))
                       for perm in itertools.permutations(t.seats))
            assert chosen == best
        played.append([t.seats for t in rs.tables])
    # Four rounds at tables of four: every player had every seat once.
    assert all(p.seat_counts == (1, 1, 1, 1) for p in plan.rounds[-1].players)


# ---------------------------------------------------------------------------------------------
# Lower bounds and optimality against brute force


def brute_force_optimum(n: int, rounds: int, caps: list[int]) -> int:
    """The fewest repeats of any seating, fixing round 1 (all players are alike)."""
    players = list(range(n))
    splits = list(partitions(players, caps))
    best = [10**9]

    def rec(met: Counter[frozenset[int]], cost: int, left: int) -> None:
        if cost >= best[0]:
            return
        if left == 0:
            best[0] = cost
            return
        for split in splits:
            extra = sum(met[frozenset(pair)] for t in split
                        for pair in itertools.combinations(t, 2))
            nxt = Counter(met)
            for t in split:
                for pair in itertools.combinations(t, 2):
                    nxt[frozenset(pair)] += 1
            rec(nxt, cost + extra, left - 1)

    if rounds == 0:
        return 0
    start: Counter[frozenset[int]] = Counter()
    for t in splits[0]:
        for pair in itertools.combinations(t, 2):
            start[frozenset(pair)] += 1
    rec(start, 0, rounds - 1)
    return best[0]


@pytest.mark.parametrize(("n", "sizes", "rounds"), [
    (6, TableSizes.of(3), 2), (6, TableSizes.of(3), 3), (6, TableSizes.of(3), 4),
    (7, BINOKEL, 2), (7, BINOKEL, 3), (8, KREUZBINOKEL, 2), (8, KREUZBINOKEL, 3),
    (6, TableSizes.of(2), 5), (6, TableSizes.of(2), 6), (8, TableSizes.of(2), 3),
    (9, DOPPELKOPF, 2), (10, BINOKEL, 2), (5, TableSizes.of(2, 3), 3),
])
def test_bound_is_valid_and_small_plans_are_optimal(n: int, sizes: TableSizes,
                                                    rounds: int) -> None:
    caps = list(table_layout(n, sizes).sizes)
    optimum = brute_force_optimum(n, rounds, caps)
    bound = repeat_lower_bound(n, rounds, sizes)
    assert bound.value <= optimum
    if bound.known_optimal:
        assert bound.value == optimum
    plan = plan_tournament(range(n), rounds, sizes, seed=1)
    assert plan.repeats == optimum


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=histories(pool=12), n=st.sampled_from([4, 6, 7, 8, 9, 10]),
       seed=st.integers(0, 1000))
def test_round_bound_is_valid_and_small_rounds_are_optimal(
        history: list[list[list[Seat]]], n: int, seed: int) -> None:
    players = list(range(1, n + 1))
    rs = seat_round(players, history, BINOKEL, seed=seed)
    caps = list(table_layout(n, BINOKEL).sizes)
    optimum = min(round_repeats(history, split) for split in partitions(players, caps))
    assert rs.lower_bound <= optimum == rs.repeats


def test_counting_and_pigeonhole_bounds() -> None:
    # 9 players in triples meet 2 a round: round 5 makes 10 > 8 opponents; evenly that is
    # two opponents met twice per player, 9 repeats.
    assert repeat_lower_bound(9, 5, TableSizes.of(3)).value == 9
    # Three tables of four: each table of round 2 has two players from one round-1 table.
    assert repeat_lower_bound(12, 2, KREUZBINOKEL).value == 3
    assert repeat_lower_bound(12, 3, KREUZBINOKEL).value == 9
    b = repeat_lower_bound(16, 5, KREUZBINOKEL)
    assert (b.value, b.known_optimal) == (0, True) and "affine plane" in b.reason
    assert repeat_lower_bound(15, 7, TableSizes.of(3)).known_optimal
    assert not repeat_lower_bound(12, 5, TableSizes.of(3)).known_optimal
    assert repeat_lower_bound(40, 13, KREUZBINOKEL).known_optimal  # 40 = 4 mod 12
    assert repeat_lower_bound(20, 0, DOPPELKOPF) .value == 0


# ---------------------------------------------------------------------------------------------
# Known repeat-free cases. With the default budget the search finds these for every seed we
# tried (20 seeds each); Kirkman's 15 schoolgirls in 7 rounds for 19 of 20 seeds at the
# default budget, all with three times that. Not solved: schedules in which every pair meets
# exactly once with more tables, e.g. 21 players in triples for 10 rounds.


@pytest.mark.parametrize(("n", "k", "rounds"), [
    (9, 3, 4),    # affine plane of order 3
    (12, 3, 3), (12, 3, 4),
    (16, 4, 5),   # affine plane of order 4
    (20, 4, 5),
    (25, 5, 6),   # affine plane of order 5
    (60, 4, 6), (60, 3, 6),
])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_known_repeat_free_cases(n: int, k: int, rounds: int, seed: int) -> None:
    plan = plan_tournament(range(1, n + 1), rounds, TableSizes.of(k), seed=seed)
    assert plan.repeats == 0 and plan.optimal
    assert max(meetings([[t.seats for t in rs.tables] for rs in plan.rounds]).values()) == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kirkman_schoolgirls(seed: int) -> None:
    plan = plan_tournament(range(1, 16), 7, TableSizes.of(3), seed=seed, budget=3_000_000)
    met = meetings([[t.seats for t in rs.tables] for rs in plan.rounds])
    assert plan.repeats == 0 and len(met) == 105  # every pair exactly once


# ---------------------------------------------------------------------------------------------
# The benchmark's grid (benchmarks/seating.py): 9 to 60 players, 3 to 6 rounds, at Binokel and
# Doppelkopf tables, planned with a fixed work budget. Every plan must be valid, no better than
# the lower bound (else the bound would be wrong) and no worse than the repeats recorded here
# for this budget and seed (cells not listed reached the bound); the search must stop at the
# bound or spend its budget, and never run on beyond the step that crosses it. All of it is
# counted in work, not seconds: the same on every machine (about one second on one core).

GRID_PLAYERS = (9, 12, 15, 16, 18, 20, 21, 24, 27, 30, 36, 40, 45, 48, 50, 60)
GRID_ROUNDS = (3, 4, 5, 6)
GRID_BUDGET = 300_000
# (tables, players, rounds) -> repeats found with GRID_BUDGET and seed 1 (lower bound).
GRID_REFERENCE = {
    ("binokel", 12, 5): 3,      # bound 0
    ("binokel", 12, 6): 7,      # bound 6
    ("binokel", 16, 6): 2,      # bound 0
    ("doppelkopf", 18, 6): 42,  # bound 39
    ("doppelkopf", 20, 6): 6,   # bound 0
    ("doppelkopf", 21, 5): 2,   # bound 0
    ("doppelkopf", 21, 6): 6,   # bound 0
    ("doppelkopf", 24, 6): 2,   # bound 0
    ("doppelkopf", 27, 5): 1,   # bound 0
    ("doppelkopf", 27, 6): 9,   # bound 0
}


def step_work(n: int, rounds: int, largest_table: int) -> int:
    """The most work one step of the search can add (from seating.py's accounting): the
    candidate swaps of up to 16 players, the swap itself, and a restart's rebuild."""
    return 16 * n + 1 + (n + 12 * largest_table * rounds) + rounds * n * n


@pytest.mark.parametrize("n", GRID_PLAYERS)
@pytest.mark.parametrize(("kind", "sizes"), [("binokel", BINOKEL), ("doppelkopf", DOPPELKOPF)])
def test_the_benchmark_grid_stays_within_its_reference_and_budget(
        kind: str, sizes: TableSizes, n: int) -> None:
    players = list(range(1, n + 1))
    for rounds in GRID_ROUNDS:
        plan = plan_tournament(players, rounds, sizes, seed=1, budget=GRID_BUDGET)
        history: list[Round] = []
        for rs in plan.rounds:
            check_round(rs, players, history, sizes, bots_allowed=False)
            history.append([t.seats for t in rs.tables])
        met = meetings(history)
        assert plan.repeats == sum(m * (m - 1) // 2 for m in met.values())
        bound = repeat_lower_bound(n, rounds, sizes)
        assert plan.lower_bound.value == bound.value <= plan.repeats
        reference = GRID_REFERENCE.get((kind, n, rounds), bound.value)
        assert plan.repeats <= reference, (kind, n, rounds, plan.repeats, reference)
        # The budget: stopped at the bound, or spent it, and never ran past one step beyond.
        assert plan.work <= GRID_BUDGET + step_work(n, rounds, max(sizes.allowed))
        if plan.repeats > bound.value:
            assert plan.work >= GRID_BUDGET
    # The cells recorded as above the bound still are (else the reference is stale).
    for (k, m, rounds), value in GRID_REFERENCE.items():
        if (k, m) == (kind, n):
            assert value > repeat_lower_bound(n, rounds, sizes).value


def test_a_bigger_budget_is_never_worse_on_the_grids_hard_cells() -> None:
    """Where the grid's budget stops above the bound, three times the work finds no more
    repeats (the search keeps its best seating)."""
    for (kind, n, rounds), value in list(GRID_REFERENCE.items())[::3]:
        sizes = BINOKEL if kind == "binokel" else DOPPELKOPF
        plan = plan_tournament(range(1, n + 1), rounds, sizes, seed=1,
                               budget=3 * GRID_BUDGET)
        assert plan.lower_bound.value <= plan.repeats <= value
        assert plan.work <= 3 * GRID_BUDGET + step_work(n, rounds, max(sizes.allowed))


def test_plan_beats_round_by_round_where_greedy_gets_stuck() -> None:
    plan = plan_tournament(range(16), 6, BINOKEL, seed=1)
    history: list[RoundSeating] = []
    for r in range(6):
        history.append(seat_round(range(16), history, BINOKEL, seed=r))
    assert plan.repeats < sum(rs.repeats for rs in history)


def test_lookahead_plans_further_rounds_but_returns_one() -> None:
    rs = seat_round(range(1, 17), [], BINOKEL, seed=4, lookahead=3)
    check_round(rs, list(range(1, 17)), [], BINOKEL, bots_allowed=False)
    assert rs == seat_round(range(1, 17), [], BINOKEL, seed=4, lookahead=3)


# ---------------------------------------------------------------------------------------------
# Layouts


def test_table_layouts() -> None:
    assert table_layout(10, BINOKEL).sizes == (3, 3, 4)
    assert table_layout(12, BINOKEL).sizes == (3, 3, 3, 3)
    assert table_layout(9, DOPPELKOPF).sizes == (4, 5)
    assert table_layout(15, DOPPELKOPF).sizes == (5, 5, 5)
    assert table_layout(11, DOPPELKOPF, fill_with_bots=True).bots == (0, 0, 1)
    layout = table_layout(13, KREUZBINOKEL, fill_with_bots=True)
    assert (layout.sizes, layout.bots, layout.humans) == ((4,) * 4, (0, 1, 1, 1), (4, 3, 3, 3))
    assert table_layout(2, TableSizes.of(4), fill_with_bots=True).bots == (2,)


@given(n=st.integers(2, 200), sizes=SIZES)
def test_layout_maximises_preferred_tables(n: int, sizes: TableSizes) -> None:
    missing = fewest_bots(n, sizes)
    layout = table_layout(n, sizes, fill_with_bots=True)
    assert sum(layout.bots) == missing and layout.seats == n + missing
    assert all(s in sizes.allowed for s in layout.sizes)
    best = max(c[sizes.preferred] for c in compositions(n + missing, sizes.allowed))
    assert layout.sizes.count(sizes.preferred) == best


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: seat_round([1, 2, 2, 3], [], BINOKEL), PlayerError, "listed twice"),
    (lambda: seat_round([1], [], BINOKEL), PlayerError, "at least 2 players"),
    (lambda: seat_round([], [], BINOKEL), PlayerError, "at least 2 players"),
    (lambda: seat_round([1, 2, 3.5], [], BINOKEL),  # type: ignore[list-item]
     PlayerError, "number or a text"),
    (lambda: seat_round([1, True, 3], [], BINOKEL), PlayerError, "number or a text"),
    (lambda: seat_round("abc", [], BINOKEL), PlayerError, "not one text"),
    (lambda: seat_round(["x" * 65, "y", "z"], [], BINOKEL), PlayerError, "characters"),
    (lambda: seat_round(range(1000), [], BINOKEL), LimitError, "more than 500 players"),
    (lambda: seat_round([1, 2, 3, 4, 5], [], TableSizes.of(3)), MissingSeatsError,
     "1 seat missing"),
    (lambda: seat_round([1, 2], [], KREUZBINOKEL), MissingSeatsError, "2 seats missing"),
    (lambda: TableSizes.of(3, 9), TableSizeError, "not supported"),
    (lambda: TableSizes.of(1), TableSizeError, "not supported"),
    (lambda: TableSizes.of(), TableSizeError, "at least one"),
    (lambda: TableSizes.of(3, 4, preferred=5), TableSizeError, "preferred"),
    (lambda: TableSizes(frozenset({"3"}), 3), TableSizeError, "not a number"),  # type: ignore[arg-type]
    (lambda: plan_tournament(range(9), -1, BINOKEL), LimitError, "negative"),
    (lambda: plan_tournament(range(9), 31, BINOKEL), LimitError, "limit"),
    (lambda: plan_tournament(range(9), 2.0, BINOKEL), LimitError, "whole number"),  # type: ignore[arg-type]
    (lambda: seat_round(range(9), [], BINOKEL, budget=-5), LimitError, "negative"),
    (lambda: seat_round(range(9), [], BINOKEL, budget=10**12), LimitError, "limit"),
    (lambda: seat_round(range(9), [], BINOKEL, seed="x"), SeatingError, "seed"),  # type: ignore[arg-type]
    (lambda: seat_round(range(9), [], BINOKEL, lookahead=-1), LimitError, "negative"),
    (lambda: seat_round(range(9), [[[1, 2, 3], [3, 4, 5]]], BINOKEL), HistoryError,
     "sits twice"),
    (lambda: seat_round(range(9), [[[1, 2, [3]]]], BINOKEL),  # type: ignore[list-item]
     HistoryError, "round 1"),
    (lambda: seat_round(range(9), [[5]], BINOKEL),  # type: ignore[list-item]
     HistoryError, "list of seats"),
    (lambda: seat_round(range(9), [7], BINOKEL),  # type: ignore[list-item]
     HistoryError, "list of tables"),
    (lambda: seat_round(range(9), "abc", BINOKEL), HistoryError, "list of rounds"),
    (lambda: seat_round(range(9), [[list(range(9))]], BINOKEL), HistoryError, "more than 8"),
    (lambda: seat_round(range(9), [[[1, 2]]] * 201, BINOKEL), LimitError, "earlier rounds"),
    (lambda: repeat_lower_bound(5, 2, TableSizes.of(3)), MissingSeatsError, "missing"),
])
def test_bad_input_is_a_clear_value_error(call: object, error: type[Exception],
                                          words: str) -> None:
    assert issubclass(error, ValueError)
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]
