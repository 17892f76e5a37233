"""Tournament seating: draw the players of each round to tables so that they meet as few
repeat opponents as possible.

A club tournament in Binokel or Doppelkopf plays several rounds; in each round the players are
drawn anew to tables of three or four (or five in Doppelkopf, where the dealer sits out).
Players who sat at one table have *met*. A seating's **repeats** are the pairs at one table
that met before, counted per pair and per earlier meeting: a pair meeting for the third time
adds 2. Over a whole tournament a pair that meets ``m`` times thus costs ``m*(m-1)/2``, so
three meetings of one pair weigh more than two pairs meeting twice.

The problem is the *social golfer problem* (CSPLib problem 10) in its "maximum socialisation"
form, with tables of mixed sizes, players who come and go between rounds, and bots filling
seats. The search is a conflict-directed tabu search in the manner of Dotú and Van Hentenryck
("Scheduling social golfers locally", CPAIOR 2005): the only move is swapping two players at
different tables of one round, the player to move is drawn from those who sit with someone they
met before, and every swap's effect on the repeats is computed in constant time from per-table
sums of meeting counts. Its budget is counted in *work* (one unit per candidate swap
evaluated), never in seconds, so that one seed gives the same seating on every machine.

Two entry points:

- :func:`seat_round` seats one round given the tables of the rounds played so far (late
  arrivals simply appear, withdrawn players simply are absent from ``players``); with
  ``lookahead`` it plans further rounds too, so that this one does not spoil them;
- :func:`plan_tournament` seats all rounds at once when the field is known in advance, which
  avoids the dead ends of drawing round by round.

>>> plan = plan_tournament(range(1, 10), 4, TableSizes.of(3), seed=1)
>>> plan.repeats, plan.lower_bound.value, plan.lower_bound.known_optimal
(0, 0, True)
>>> r = seat_round([1, 2, 3, 4, 5, 6], [[[1, 2, 3], [4, 5, 6]]], BINOKEL, seed=3)
>>> r.number, r.repeats, r.lower_bound
(2, 2, 2)

Table sizes are a :class:`TableSizes` (``BINOKEL`` = tables of 3 or 4 preferring 3,
``DOPPELKOPF`` = 4 or 5 preferring 4, ``KREUZBINOKEL`` = 4 only). A field that no set of
allowed tables fits raises :class:`MissingSeatsError`, which says how many seats are missing;
with ``fill_with_bots=True`` bot seats (:class:`BotSeat`) fill them instead. Bots never count
as meetings; the rounds at tables with bots are spread evenly over the players.

Seat 1 (who deals first) rotates: each table seats its players where they have sat least
often, and over a plan every player's seat counts even out (within one of each other when
all tables have one size). All errors are :class:`SeatingError`, a ``ValueError``; every
count a caller controls has a limit (``MAX_PLAYERS``, ``MAX_ROUNDS``, ``MAX_BUDGET``...).
"""

from __future__ import annotations

import functools
import operator
import random
from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "BINOKEL",
    "DEFAULT_PLAN_BUDGET",
    "DEFAULT_ROUND_BUDGET",
    "DOPPELKOPF",
    "KREUZBINOKEL",
    "MAX_BUDGET",
    "MAX_HISTORY_ROUNDS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE",
    "BotSeat",
    "HistoryError",
    "HistoryRound",
    "LimitError",
    "MissingSeatsError",
    "PlayerError",
    "PlayerId",
    "PlayerRound",
    "RepeatBound",
    "RoundSeating",
    "Seat",
    "SeatingError",
    "Table",
    "TableLayout",
    "TableSizeError",
    "TableSizes",
    "TournamentPlan",
    "plan_tournament",
    "repeat_lower_bound",
    "seat_round",
    "table_layout",
]

# Limits on everything a caller (possibly a stranger on the web) controls: the search keeps
# per-round tables of size players * tables, so these bound memory and time.
MAX_PLAYERS = 500
MAX_ROUNDS = 30
MAX_HISTORY_ROUNDS = 200
MAX_HISTORY_SEATS = 4 * MAX_PLAYERS  # per earlier round (withdrawn players sat there too)
MIN_TABLE_SIZE = 2
MAX_TABLE_SIZE = 8
MAX_BUDGET = 50_000_000
MAX_ID_LENGTH = 64
# Default work budgets (about one unit per candidate swap evaluated; some 1.5 to 3 million
# units a second on one core). A round for 60 players that spends the whole round default
# takes about a quarter of a second; see benchmarks/seating.py for the figures.
DEFAULT_ROUND_BUDGET = 300_000
DEFAULT_PLAN_BUDGET = 1_000_000
# The search's tuning, chosen on hard social golfer instances; halving or doubling any of
# them changed the results there by no more than the seed does.
_STALL_BASE, _STALL_PER_PLAYER = 400, 20  # steps without a new best before a restart
_TENURE_MIN = 2  # steps a player may not return to the table he left: 2 + random(span)
_MAX_MOVERS = 16  # repeating players looked at per step
_SEAT_SWEEPS = 20  # re-seating passes over a plan's tables

PlayerId: TypeAlias = int | str
"""A player's id: a start number or a name/user id (at most 64 characters)."""


@dataclass(frozen=True, order=True)
class BotSeat:
    """A seat filled by a computer player because the field does not fill whole tables.

    Bots are numbered from 1 within a round. They never count as meetings.
    """

    number: int

    def __str__(self) -> str:
        return f"Bot {self.number}"


Seat: TypeAlias = PlayerId | BotSeat
"""What sits in a seat: a player or a bot."""


class SeatingError(ValueError):
    """Bad input to the seating engine; the message says what and why."""


class PlayerError(SeatingError):
    """A bad player id, a duplicate id, or too few players."""


class TableSizeError(SeatingError):
    """Table sizes that are unsupported or inconsistent (e.g. the preferred size not allowed)."""


class HistoryError(SeatingError):
    """Earlier rounds that cannot be right (a player twice in one round, an unknown seat)."""


class LimitError(SeatingError):
    """A count beyond the engine's limits (players, rounds, budget) or a negative one."""


class MissingSeatsError(SeatingError):
    """The present players cannot be split into tables of the allowed sizes.

    ``missing`` is the smallest number of extra seats (bots) that would make a valid split;
    ``seat_round(..., fill_with_bots=True)`` adds exactly that many bots.
    """

    def __init__(self, players: int, sizes: TableSizes, missing: int) -> None:
        self.players = players
        self.sizes = sizes
        self.missing = missing
        layout = table_layout(players + missing, sizes)
        super().__init__(
            f"{players} players cannot be split into tables of {sizes.describe()}: "
            f"{missing} seat{'s' if missing != 1 else ''} missing for "
            f"{layout.describe()}; pass fill_with_bots=True to fill them with bots")


# ---------------------------------------------------------------------------------------------
# Table sizes and the split of a field into tables


@dataclass(frozen=True)
class TableSizes:
    """The table sizes a game allows and the one it prefers.

    >>> TableSizes.of(4, 5, preferred=4) == DOPPELKOPF
    True
    >>> TableSizes.of(3, 9)
    Traceback (most recent call last):
    ...
    binokel.tournament.seating.TableSizeError: table size 9 is not supported (2 to 8 seats)
    """

    allowed: frozenset[int]
    preferred: int

    def __post_init__(self) -> None:
        allowed = self.allowed
        if isinstance(allowed, int | str) or not isinstance(allowed, Iterable):
            raise TableSizeError("allowed table sizes must be a set of numbers")
        sizes = frozenset(allowed)
        if not sizes:
            raise TableSizeError("at least one table size must be allowed")
        for s in sorted(sizes, key=repr):
            if not isinstance(s, int) or isinstance(s, bool):
                raise TableSizeError(f"table size {s!r} is not a number")
            if not MIN_TABLE_SIZE <= s <= MAX_TABLE_SIZE:
                raise TableSizeError(f"table size {s} is not supported "
                                     f"({MIN_TABLE_SIZE} to {MAX_TABLE_SIZE} seats)")
        if self.preferred not in sizes or isinstance(self.preferred, bool):
            raise TableSizeError(f"the preferred table size {self.preferred!r} is not one of "
                                 f"the allowed sizes {sorted(sizes)}")
        object.__setattr__(self, "allowed", sizes)

    @classmethod
    def of(cls, *sizes: int, preferred: int | None = None) -> TableSizes:
        """Sizes given as arguments; ``preferred`` defaults to the first one."""
        if not sizes:
            raise TableSizeError("at least one table size must be allowed")
        return cls(frozenset(sizes), sizes[0] if preferred is None else preferred)

    def describe(self) -> str:
        """``'3 or 4 (preferably 3)'``, for messages."""
        others = sorted(self.allowed)
        text = " or ".join(str(s) for s in others)
        return text if len(others) == 1 else f"{text} (preferably {self.preferred})"


BINOKEL = TableSizes(frozenset({3, 4}), 3)
"""Binokel: tables of three; of four (the dealer sits out) where three do not divide."""
DOPPELKOPF = TableSizes(frozenset({4, 5}), 4)
"""Doppelkopf: tables of four; of five (the dealer sits out) where four do not divide."""
KREUZBINOKEL = TableSizes(frozenset({4}), 4)
"""Kreuzbinokel: tables of four only."""


@dataclass(frozen=True)
class TableLayout:
    """How many tables of which size, and how many bots sit at each.

    ``sizes[i]`` is the number of seats at table ``i + 1`` (preferred size first, then the
    others smallest first); ``bots[i]`` how many of them bots fill.
    """

    sizes: tuple[int, ...]
    bots: tuple[int, ...]

    @property
    def seats(self) -> int:
        return sum(self.sizes)

    @property
    def humans(self) -> tuple[int, ...]:
        """Seats per table left for players."""
        return tuple(s - b for s, b in zip(self.sizes, self.bots, strict=True))

    def describe(self) -> str:
        counts: dict[int, int] = {}
        for s in self.sizes:
            counts[s] = counts.get(s, 0) + 1
        parts = [f"{c} table{'s' if c != 1 else ''} of {s}" for s, c in counts.items()]
        return " and ".join(parts)


def _compose(seats: int, sizes: TableSizes) -> tuple[int, ...] | None:
    """The tables for exactly ``seats`` seats, or None if the allowed sizes cannot make it.

    As many tables as possible have the preferred size; the rest are as close to it as
    possible (so that a table of five stays the exception in Doppelkopf).
    """
    pref = sizes.preferred
    others = sorted(sizes.allowed - {pref}, key=lambda s: (abs(s - pref), s))
    for n_pref in range(seats // pref, -1, -1):
        rest = seats - n_pref * pref
        split = _compose_rest(rest, tuple(others), pref)
        if split is not None:
            return (pref,) * n_pref + tuple(sorted(split))
    return None


@functools.lru_cache(maxsize=4096)
def _compose_rest(rest: int, others: tuple[int, ...], pref: int) -> tuple[int, ...] | None:
    """``rest`` seats in tables of ``others``, least total distance from ``pref``, or None."""
    # best[m]: (distance, tables) of the best split of m seats; small (rest < MAX seats).
    best: list[tuple[int, tuple[int, ...]] | None] = [None] * (rest + 1)
    best[0] = (0, ())
    for m in range(1, rest + 1):
        for s in others:
            if s <= m and (prev := best[m - s]) is not None:
                cand = (prev[0] + abs(s - pref), (*prev[1], s))
                cur = best[m]
                if cur is None or cand[0] < cur[0]:
                    best[m] = cand
    found = best[rest]
    return None if found is None else found[1]


def table_layout(players: int, sizes: TableSizes, *, fill_with_bots: bool = False
                 ) -> TableLayout:
    """The tables for ``players`` players: as many of the preferred size as possible.

    >>> table_layout(10, BINOKEL)
    TableLayout(sizes=(3, 3, 4), bots=(0, 0, 0))
    >>> table_layout(11, DOPPELKOPF, fill_with_bots=True)
    TableLayout(sizes=(4, 4, 4), bots=(0, 0, 1))
    >>> table_layout(11, DOPPELKOPF)
    Traceback (most recent call last):
    ...
    binokel.tournament.seating.MissingSeatsError: 11 players cannot be split into tables of \
4 or 5 (preferably 4): 1 seat missing for 3 tables of 4; pass fill_with_bots=True to fill \
them with bots

    Bots are spread one per table (from the last table on), so that no player sits with
    more bots than needed.
    """
    _check_count("players", players, MAX_PLAYERS)
    if players < 2:
        raise PlayerError(f"a round needs at least 2 players, not {players}")
    tables = _compose(players, sizes)
    if tables is not None:
        return TableLayout(tables, (0,) * len(tables))
    missing = 1
    while (tables := _compose(players + missing, sizes)) is None:
        missing += 1  # ends before min(sizes): a multiple of the smallest size always fits
    if not fill_with_bots:
        raise MissingSeatsError(players, sizes, missing)
    bots = [0] * len(tables)
    for i in range(missing):
        bots[len(tables) - 1 - i % len(tables)] += 1
    return TableLayout(tables, tuple(bots))


# ---------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Table:
    """One table of a round: ``seats[0]`` is seat 1, who deals first; play goes in seat order."""

    number: int
    seats: tuple[Seat, ...]
    repeats: int
    """Repeat meetings at this table (pairs that met before, per earlier meeting)."""

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """The players (not the bots) in seat order."""
        return tuple(s for s in self.seats if not isinstance(s, BotSeat))

    @property
    def bots(self) -> int:
        return sum(isinstance(s, BotSeat) for s in self.seats)


@dataclass(frozen=True)
class PlayerRound:
    """One player's figures for a round."""

    player: PlayerId
    table: int
    """Table number (1-based)."""
    seat: int
    """Seat number at the table (1 deals first)."""
    repeats: int
    """Earlier meetings with this round's table mates (a mate met twice before counts 2)."""
    met_again: tuple[PlayerId, ...]
    """Table mates this player met before."""
    opponents: int
    """Distinct players met so far, this round included."""
    bot_rounds: int
    """Rounds so far (this one included) at a table with bots."""
    seat_counts: tuple[int, ...]
    """How often this player has had seat 1, 2, ... so far, this round included."""


@dataclass(frozen=True)
class RoundSeating:
    """The seating of one round.

    ``repeats`` counts pairs at one table that met in earlier rounds, per earlier meeting;
    ``lower_bound`` is a number of repeats no seating of this round can avoid, given the
    earlier rounds (when the two are equal the seating is optimal). ``work`` is the work of
    the search that produced the round (for a round of a plan: of the whole plan's search).
    """

    number: int
    tables: tuple[Table, ...]
    repeats: int
    lower_bound: int
    players: tuple[PlayerRound, ...]
    work: int

    @functools.cached_property
    def _by_player(self) -> dict[PlayerId, PlayerRound]:
        return {p.player: p for p in self.players}

    def player(self, player: PlayerId) -> PlayerRound:
        """The figures of ``player`` (KeyError if not seated in this round)."""
        return self._by_player[player]

    def table_of(self, player: PlayerId) -> Table:
        """The table where ``player`` sits (KeyError if not seated in this round)."""
        return self.tables[self._by_player[player].table - 1]

    @property
    def bots(self) -> int:
        return sum(t.bots for t in self.tables)

    def as_lists(self) -> list[list[Seat]]:
        """The tables as plain lists in seat order (what :func:`seat_round` takes as history)."""
        return [list(t.seats) for t in self.tables]


HistoryRound: TypeAlias = RoundSeating | Sequence[Sequence[Seat | None]]
"""An earlier round as :func:`seat_round` takes it: a :class:`RoundSeating`, or its tables in
seat order as lists of ids, with :class:`BotSeat` or None for bots."""


@dataclass(frozen=True)
class RepeatBound:
    """A lower bound on the repeats of a whole tournament.

    ``value``: no seating of ``rounds`` rounds has fewer repeats; ``reason`` names the argument;
    ``known_optimal``: a seating with exactly ``value`` repeats is known to exist (a
    resolvable design from the literature, or trivially), so the bound is the optimum.
    """

    value: int
    reason: str
    known_optimal: bool


@dataclass(frozen=True)
class TournamentPlan:
    """All rounds of a tournament, seated at once."""

    rounds: tuple[RoundSeating, ...]
    repeats: int
    lower_bound: RepeatBound
    work: int

    @property
    def optimal(self) -> bool:
        """True when the repeats equal the lower bound (no plan can do better)."""
        return self.repeats == self.lower_bound.value


# ---------------------------------------------------------------------------------------------
# Input checks


def _check_count(name: str, value: object, limit: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise LimitError(f"{name} must be a whole number, not {value!r}")
    if value < 0:
        raise LimitError(f"{name} must not be negative ({value})")
    if value > limit:
        raise LimitError(f"{name} = {value} is beyond the limit of {limit}")
    return value


def _check_id(player: object) -> PlayerId:
    if isinstance(player, bool) or not isinstance(player, int | str):
        raise PlayerError(f"a player id is a number or a text, not {player!r}")
    if isinstance(player, str) and not 0 < len(player) <= MAX_ID_LENGTH:
        raise PlayerError(f"a player id text has 1 to {MAX_ID_LENGTH} characters, "
                          f"not {len(player)}")
    if isinstance(player, int) and abs(player) >= 2**63:
        raise PlayerError(f"player id {player} is out of range")
    return player


def _id_key(player: PlayerId) -> tuple[int, int | str]:
    # Numbers before texts, so that mixed ids still sort (deterministically, unlike hashing).
    return (1, player) if isinstance(player, str) else (0, player)


def _check_players(players: Iterable[PlayerId]) -> list[PlayerId]:
    """The ids sorted, so that the seating does not depend on the order they were given in."""
    if isinstance(players, str | bytes):
        raise PlayerError("players must be a collection of ids, not one text")
    out: list[PlayerId] = []
    seen: set[PlayerId] = set()
    for p in players:
        pid = _check_id(p)
        if pid in seen:
            raise PlayerError(f"player {pid!r} is listed twice")
        seen.add(pid)
        out.append(pid)
        if len(out) > MAX_PLAYERS:
            raise LimitError(f"more than {MAX_PLAYERS} players")
    if len(out) < 2:
        raise PlayerError(f"a round needs at least 2 players, not {len(out)}")
    out.sort(key=_id_key)
    return out


class _History:
    """What the earlier rounds say about the present players (indices 0..n-1)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.rounds = 0
        self.meet = [0] * (n * n)  # meeting counts, [p*n + q]
        self.bot_rounds = [0] * n  # rounds at a table with bots
        self.seat_counts = [[0] * MAX_TABLE_SIZE for _ in range(n)]  # [player][seat index]
        self.groups: list[list[int]] = []  # per round: present players per table
        self.gone_met = [0] * n  # distinct players met who are absent now

    def copy(self) -> _History:
        out = _History(self.n)
        out.rounds = self.rounds
        out.meet = list(self.meet)
        out.bot_rounds = list(self.bot_rounds)
        out.seat_counts = [list(c) for c in self.seat_counts]
        out.groups = [list(g) for g in self.groups]
        out.gone_met = list(self.gone_met)
        return out

    def add_round(self, tables: list[list[int | None]]) -> None:
        """One round: per table the present players' indices (None: bot or absent)."""
        n = self.n
        meet = self.meet
        sizes: list[int] = []
        for table in tables:
            present = [p for p in table if p is not None]
            for i, p in enumerate(table):
                if p is not None:
                    self.seat_counts[p][i] += 1
            for i, p in enumerate(present):
                for q in present[i + 1:]:
                    meet[p * n + q] += 1
                    meet[q * n + p] += 1
            sizes.append(len(present))
        self.groups.append(sizes)
        self.rounds += 1


def _read_history(history: Iterable[HistoryRound], index: dict[PlayerId, int]) -> _History:
    """Check the earlier rounds and collect meetings, bot rounds and seats of present players."""
    if isinstance(history, str | bytes):
        raise HistoryError("history must be a list of rounds")
    out = _History(len(index))
    gone_met: list[set[PlayerId]] = [set() for _ in index]
    for r, rnd in enumerate(history, start=1):
        if r > MAX_HISTORY_ROUNDS:
            raise LimitError(f"more than {MAX_HISTORY_ROUNDS} earlier rounds")
        tables: Iterable[Sequence[Seat | None]] = (
            [t.seats for t in rnd.tables] if isinstance(rnd, RoundSeating) else rnd)
        if isinstance(tables, str | bytes) or not isinstance(tables, Iterable):
            raise HistoryError(f"round {r}: expected a list of tables")
        seen: set[PlayerId] = set()
        rows: list[list[int | None]] = []
        bots_at: list[bool] = []
        seats = 0
        for t, table in enumerate(tables, start=1):
            row, gone, has_bot, seats = _read_table(r, t, table, index, seen, seats)
            rows.append(row)
            bots_at.append(has_bot)
            if gone:
                for p in row:
                    if p is not None:
                        gone_met[p].update(gone)
        for row, has_bot in zip(rows, bots_at, strict=True):
            if has_bot:
                for p in row:
                    if p is not None:
                        out.bot_rounds[p] += 1
        out.add_round(rows)
    out.gone_met = [len(s) for s in gone_met]
    return out


def _read_table(r: int, t: int, table: Sequence[Seat | None], index: dict[PlayerId, int],
                seen: set[PlayerId],
                seats: int) -> tuple[list[int | None], list[PlayerId], bool, int]:
    """Table ``t`` of earlier round ``r``: each seat's player index (None: a bot or an empty
    seat, or a player gone since), the players gone since, whether a bot sat there, and the
    round's count of ``seats`` so far with this table's. ``seen``: the round's players so
    far (this table's are added)."""
    if isinstance(table, str | bytes) or not isinstance(table, Iterable):
        raise HistoryError(f"round {r}, table {t}: expected a list of seats")
    row: list[int | None] = []
    gone: list[PlayerId] = []
    has_bot = False
    for seat in table:
        if len(row) == MAX_TABLE_SIZE:
            raise HistoryError(f"round {r}, table {t}: more than {MAX_TABLE_SIZE} "
                               f"seats")
        seats += 1
        if seats > MAX_HISTORY_SEATS:
            raise LimitError(f"round {r}: more than {MAX_HISTORY_SEATS} seats")
        if seat is None or isinstance(seat, BotSeat):
            has_bot = True
            row.append(None)
            continue
        try:
            pid = _check_id(seat)
        except PlayerError as e:
            raise HistoryError(f"round {r}, table {t}: {e}") from None
        if pid in seen:
            raise HistoryError(f"round {r}: player {pid!r} sits twice")
        seen.add(pid)
        row.append(index.get(pid))
        if pid not in index:
            gone.append(pid)
    if not row:
        raise HistoryError(f"round {r}, table {t}: an empty table")
    return row, gone, has_bot, seats


# ---------------------------------------------------------------------------------------------
# Lower bounds


def _pairs(m: int) -> int:
    return m * (m - 1) // 2


def _spread(items: int, bins: int) -> int:
    """Fewest pairs sharing a bin when ``items`` go into ``bins`` bins (as even as possible)."""
    if bins <= 0:
        return _pairs(items)
    q, r = divmod(items, bins)
    return r * _pairs(q + 1) + (bins - r) * _pairs(q)


def _player_marginals(row: list[int], rounds: int, count: int) -> list[int]:
    """The ``count`` cheapest extra repeats a player can incur by new meetings.

    ``row``: how often he met each other player. Meeting someone already met ``h`` times
    adds ``h`` repeats, the next time ``h + 1``...; in ``rounds`` rounds a pair meets at most
    ``rounds`` times.
    """
    hist = Counter(row)
    out: list[int] = []
    v = 0
    top = max(hist) + rounds if hist else 0
    while len(out) < count and v < top:
        avail = sum(c for h, c in hist.items() if h <= v < h + rounds)
        out.extend([v] * min(avail, count - len(out)))
        v += 1
    return out


def _counting_bound(hist: _History, rounds: int, humans: Sequence[int]) -> int:
    """Repeats forced because players meet more (or more often met) opponents than exist.

    A player at a table of ``k`` players meets ``k - 1`` of them; the cheapest ways to do so
    (by convexity, meeting the least-met players first) summed over players, halved because
    every repeat belongs to two players.
    """
    n = hist.n
    if rounds == 0 or not humans:
        return 0
    lo = rounds * (min(humans) - 1)
    hi = rounds * (max(humans) - 1)
    total = rounds * sum(k * (k - 1) for k in humans)  # meetings summed over players
    cost = 0
    extras: list[int] = []
    meet = hist.meet
    for p in range(n):
        marg = _player_marginals(meet[p * n:p * n + p] + meet[p * n + p + 1:(p + 1) * n],
                                 rounds, hi)
        cost += sum(marg[:lo])
        extras.extend(marg[lo:])
    extra_needed = total - n * lo
    if extra_needed > 0:
        extras.sort()
        cost += sum(extras[:extra_needed])
    return (cost + 1) // 2


def _pigeonhole_bound(hist: _History, rounds: int, humans: Sequence[int]) -> int:
    """Repeats forced between two rounds because there are fewer tables than seats.

    The players of one table are spread over the tables of any other round; with ``T``
    tables there, a table of ``k > T`` puts at least two of them together again. Each pair of
    rounds is counted separately (a repeat is a pair meeting in two rounds), from both sides.
    """
    tables = len(humans)
    # Planned rounds all have the same tables, so both sides give the same count.
    bound = _pairs(rounds) * sum(_spread(k, tables) for k in humans)
    for groups in hist.groups:
        present = sum(groups)
        old_tables = len([g for g in groups if g]) + (hist.n - present)  # absent: alone
        bound += rounds * max(sum(_spread(g, tables) for g in groups),
                              sum(_spread(k, old_tables) for k in humans))
    return bound


def _lower_bound(hist: _History, rounds: int, humans: Sequence[int]) -> tuple[int, str]:
    counting = _counting_bound(hist, rounds, humans)
    pigeon = _pigeonhole_bound(hist, rounds, humans)
    if pigeon > counting:
        return pigeon, "fewer tables than seats: two rounds must put some table mates together"
    if counting > 0:
        return counting, "players meet more opponents than there are (counting argument)"
    return 0, "no argument forces a repeat"


def _is_prime_power(q: int) -> bool:
    if q < 2:
        return False
    p = next(d for d in range(2, q + 1) if q % d == 0)
    while q % p == 0:
        q //= p
    return q == 1


def _known_zero(n: int, k: int, rounds: int) -> str | None:
    """A published construction of ``rounds`` rounds of ``n`` players at tables of ``k``
    without a repeat, or None. Dropping rounds keeps a schedule repeat-free, so each family
    covers every smaller number of rounds.
    """
    if n % k:
        return None
    if rounds <= 1:
        return "one round has no repeats"
    if rounds == 2 and n // k >= k:
        return "two rounds: the second takes one player from each of k first-round tables"
    if k == 2 and n % 2 == 0 and rounds <= n - 1:
        return "round-robin (circle method): n - 1 rounds of pairs"
    if n == k * k and _is_prime_power(k) and rounds <= k + 1:
        return f"affine plane of order {k}: {k + 1} rounds"
    if k == 3 and n % 6 == 3 and rounds <= (n - 1) // 2:
        return f"Kirkman triple system (Ray-Chaudhuri and Wilson 1971): {(n - 1) // 2} rounds"
    if k == 3 and n % 6 == 0 and n >= 18 and rounds <= (n - 2) // 2:
        return f"nearly Kirkman triple system (Baker and Wilson 1977): {(n - 2) // 2} rounds"
    if k == 4 and n % 12 == 4 and rounds <= (n - 1) // 3:
        return (f"resolvable design with blocks of 4 (Hanani, Ray-Chaudhuri and Wilson 1972): "
                f"{(n - 1) // 3} rounds")
    return None


def repeat_lower_bound(players: int, rounds: int, sizes: TableSizes, *,
                       fill_with_bots: bool = False) -> RepeatBound:
    """A number of repeats that no seating of ``rounds`` rounds for ``players`` players avoids.

    The bound is the larger of two counting arguments: a player meets ``k - 1`` opponents a
    round, and once they exceed the ``players - 1`` there are, meetings repeat (the cheapest
    way spreads them evenly); and with fewer tables than seats, any two rounds put some table
    mates together again (pigeonhole). ``known_optimal`` is set where a repeat-free schedule
    is known from design theory (affine planes, Kirkman triple systems, resolvable designs
    with blocks of four, round-robins for tables of two), i.e. where 0 is the optimum.

    >>> repeat_lower_bound(9, 4, TableSizes.of(3))
    RepeatBound(value=0, reason='affine plane of order 3: 4 rounds', known_optimal=True)
    >>> repeat_lower_bound(9, 5, TableSizes.of(3)).value  # 10 opponents, 8 exist
    9
    >>> repeat_lower_bound(8, 2, KREUZBINOKEL).value  # two tables of four, twice
    4
    """
    _check_count("rounds", rounds, MAX_ROUNDS)
    layout = table_layout(players, sizes, fill_with_bots=fill_with_bots)
    hist = _History(players)
    value, reason = _lower_bound(hist, rounds, layout.humans)
    known = False
    if value == 0:
        uniform = len(set(layout.sizes)) == 1 and not any(layout.bots)
        construction = _known_zero(players, layout.sizes[0], rounds) if uniform else None
        if rounds <= 1:
            construction = "one round has no repeats"
        if construction is not None:
            reason, known = construction, True
    return RepeatBound(value, reason, known)


# ---------------------------------------------------------------------------------------------
# The search


class _Search:
    """Tabu search over the seating of ``rounds`` rounds of players ``0..n-1``.

    State: per round, the players at each table (``tables[r][t]``) and each player's table
    (``where[r][p]``); ``meet[p*n+q]`` counts the meetings of p and q in the history and all
    planned rounds; ``sums[r][p*T+t]`` is the sum of ``meet[p*n+x]`` over the players x at
    table t of round r. With these sums a swap's change of the repeats is a constant-time
    formula, and applying a swap updates O(n + rounds * table size**2) numbers.

    Bot seats stay where the layout puts them; who sits at the tables with bots is first a
    fair rotation, and the search keeps it fair (see ``_bot_rotation``).
    """

    def __init__(self, n: int, rounds: int, humans: Sequence[int], bots: Sequence[int],
                 hist: _History, rng: random.Random, target: int, even_bots: bool) -> None:
        self.n = n
        self.R = rounds
        self.T = len(humans)
        self.caps = list(humans)
        self.has_bot = [b > 0 for b in bots]
        self.rng = rng
        self.hist = hist
        self.base_meet = hist.meet
        self.base_bot = hist.bot_rounds
        self.target = target
        self.even_bots = even_bots
        self.work = 0
        # What a swap costs in work units, so that work tracks time (measured: evaluating
        # one candidate is about as costly as one of these units).
        self.swap_work = n + 12 * max(humans) * rounds
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.meet: list[int] = []
        self.botr: list[int] = []
        self.sums: list[list[int]] = []
        self.repeats = 0
        self.conf: list[int] = []  # conflicted (round, player) as r*n+p
        self.conf_pos: list[int] = []
        self._greedy()

    # -- state -----------------------------------------------------------------------------

    def _greedy(self) -> None:
        """A first seating: who sits at bot tables in which round (a fair rotation), then
        round by round each player (in random order) to the open table costing least."""
        n, T, rng = self.n, self.T, self.rng
        meet = list(self.base_meet)
        at_bots = self._bot_rotation()
        self.tables, self.where = [], []
        for r in range(self.R):
            tables: list[list[int]] = [[] for _ in range(T)]
            where = [0] * n
            order = list(range(n))
            rng.shuffle(order)
            # cost[p*T + t]: earlier meetings of p with the players at table t so far;
            # closed[c][t]: a large number where table t is full or of the other kind than
            # c (c: with bots or not), so that it is never the cheapest.
            cost = [0] * (n * T)
            big = n * (self.hist.rounds + self.R + 1) ** 2
            closed = [[0 if self.has_bot[t] == c else big for t in range(T)]
                      for c in (False, True)]
            for p in order:
                row = p * n
                vals = list(map(operator.add, cost[p * T:(p + 1) * T], closed[at_bots[r][p]]))
                low = min(vals)
                cands = [t for t, v in enumerate(vals) if v == low]
                best_t = cands[rng.randrange(len(cands))] if len(cands) > 1 else cands[0]
                if len(tables[best_t]) + 1 == self.caps[best_t]:
                    for c in closed:
                        c[best_t] = big
                cost[best_t::T] = map(operator.add, cost[best_t::T], meet[row:row + n])
                for x in tables[best_t]:
                    meet[row + x] += 1
                    meet[x * n + p] += 1
                tables[best_t].append(p)
                where[p] = best_t
            self.tables.append(tables)
            self.where.append(where)
        self._rebuild()

    def _bot_rotation(self) -> list[list[bool]]:
        """Per round, which players sit at tables with bots.

        Each round the seats at bot tables go to the players who have sat with bots least
        often so far (earlier rounds included; random among equals). That spreads the bot
        rounds as evenly as possible, which the search then keeps: it only swaps a player
        into a bot table for one who has sat there more often (unless ``even_bots`` is off).
        """
        n, rng = self.n, self.rng
        seats = sum(c for c, b in zip(self.caps, self.has_bot, strict=True) if b)
        out = []
        count = list(self.base_bot)
        for _ in range(self.R):
            order = list(range(n))
            rng.shuffle(order)
            order.sort(key=lambda p: count[p])
            chosen = [False] * n
            for p in order[:seats]:
                chosen[p] = True
                count[p] += 1
            out.append(chosen)
        return out

    def _rebuild(self) -> None:
        """Meeting counts, table sums, costs and conflicts from ``tables`` alone."""
        n, T = self.n, self.T
        meet = list(self.base_meet)
        botr = list(self.base_bot)
        for tables in self.tables:
            for t, table in enumerate(tables):
                for i, p in enumerate(table):
                    for q in table[i + 1:]:
                        meet[p * n + q] += 1
                        meet[q * n + p] += 1
                    if self.has_bot[t]:
                        botr[p] += 1
        self.meet, self.botr = meet, botr
        rows = [meet[x * n:(x + 1) * n] for x in range(n)]
        self.sums = []
        for tables in self.tables:
            sums = [0] * (n * T)
            for t, table in enumerate(tables):
                if table:  # sums[p*T + t] for all p: a strided slice, summed column-wise
                    sums[t::T] = map(sum, zip(*(rows[x] for x in table), strict=True))
            self.sums.append(sums)
        # Each pair appears twice in the matrix; m*(m-1) is twice the pair's repeats.
        self.repeats = (sum(m * (m - 1) for m in meet)
                        - sum(h * (h - 1) for h in self.base_meet)) // 4
        self.conf = []
        self.conf_pos = [-1] * (self.R * n)
        for key in range(self.R * n):
            self._update_conflict(key)

    def _swap(self, r: int, a: int, b: int) -> None:
        """Swap players a and b (at different tables) in round r, updating all sums."""
        n, T = self.n, self.T
        meet, where, all_sums = self.meet, self.where, self.sums
        wr = where[r]
        t1, t2 = wr[a], wr[b]
        sums_r = all_sums[r]
        # The sums of round r for the new tables, with the old meeting counts...
        ra, rb = a * n, b * n
        for p in range(n):
            d = meet[rb + p] - meet[ra + p]
            if d:
                pT = p * T
                sums_r[pT + t1] += d
                sums_r[pT + t2] -= d
        tab1, tab2 = self.tables[r][t1], self.tables[r][t2]
        tab1[tab1.index(a)] = b
        tab2[tab2.index(b)] = a
        wr[a], wr[b] = t2, t1
        # ...then each changed meeting count in every round's sums. Pairs (a, old mates) and
        # (b, old mates) meet once less, (a, new mates) and (b, new mates) once more.
        touched: list[int] = []
        repeats = self.repeats
        rounds = list(zip(where, all_sums, strict=True))
        for mates, leaver, joiner in ((tab1, a, b), (tab2, b, a)):
            for x in mates:
                if x == joiner:
                    continue
                for u, d in ((leaver, -1), (joiner, 1)):
                    old = meet[u * n + x]
                    repeats += old if d > 0 else 1 - old
                    meet[u * n + x] = meet[x * n + u] = old + d
                    uT, xT = u * T, x * T
                    for s, (ws, sums) in enumerate(rounds):
                        tu, tx = ws[u], ws[x]
                        sums[uT + tx] += d
                        sums[xT + tu] += d
                        if tu == tx and s != r:
                            touched.append(s * n + u)
                            touched.append(s * n + x)
        self.repeats = repeats
        if self.has_bot[t1] != self.has_bot[t2]:
            into, out = (b, a) if self.has_bot[t1] else (a, b)
            self.botr[into] += 1
            self.botr[out] -= 1
        update = self._update_conflict
        rn = r * n
        for x in tab1:
            update(rn + x)
        for x in tab2:
            update(rn + x)
        for key in touched:
            update(key)
        self.work += self.swap_work

    def _update_conflict(self, key: int) -> None:
        """Keep (r, p) = divmod(key, n) in ``conf`` iff p sits in round r with someone he
        met before."""
        r, p = divmod(key, self.n)
        t = self.where[r][p]
        conflicted = self.sums[r][p * self.T + t] > len(self.tables[r][t]) - 1
        pos = self.conf_pos[key]
        if conflicted:
            if pos < 0:
                self.conf_pos[key] = len(self.conf)
                self.conf.append(key)
        elif pos >= 0:
            last = self.conf.pop()
            if last != key:
                self.conf[pos] = last
                self.conf_pos[last] = pos
            self.conf_pos[key] = -1

    # -- the search ------------------------------------------------------------------------

    def run(self, budget: int) -> None:
        """Tabu search until the target (the lower bound) or the work budget is reached.

        Each step looks at a few players who repeat a meeting and makes the best swap of
        one of them with a player at another table of the same round that is not tabu: a
        player may not return to a table he just left for a few steps, unless that gives a
        new best seating. Long stretches without a new best restart from the best seating
        shaken by a few random swaps. Swaps between a table with bots and one without are
        made only if they keep the bot rounds spread (see ``_bot_rotation``), unless
        ``even_bots`` is off.
        """
        n, T, R, rng = self.n, self.T, self.R, self.rng
        if T < 2 or R == 0:
            return
        best = self.repeats
        best_tables = [[list(t) for t in tables] for tables in self.tables]
        tabu = [0] * (R * n * T)
        step = 0
        last_best = 0
        stall = _STALL_BASE + _STALL_PER_PLAYER * n
        tenure_lo, tenure_span = _TENURE_MIN, max(3, min(T, 10) + n // 8)
        # Players looked at per step: as many as make one step's evaluation cost about as
        # much as the swap it leads to.
        movers = max(1, min(_MAX_MOVERS, self.swap_work // n))
        while self.work < budget and best > self.target:
            step += 1
            conf = self.conf
            if not conf:
                break  # nobody repeats a meeting (cannot happen above a target >= 0)
            best_a, best_b, best_r, evaluated = self._best_swap(conf, movers, tabu, step, best)
            self.work += evaluated + 1
            if best_b < 0:
                continue  # every swap is tabu: draw other players
            wr = self.where[best_r]
            t1, t2 = wr[best_a], wr[best_b]
            self._swap(best_r, best_a, best_b)
            tabu_base = best_r * n * T
            tabu[tabu_base + best_a * T + t1] = step + tenure_lo + rng.randrange(tenure_span)
            tabu[tabu_base + best_b * T + t2] = step + tenure_lo + rng.randrange(tenure_span)
            if self.repeats < best:
                best = self.repeats
                best_tables = [[list(t) for t in tables] for tables in self.tables]
                last_best = step
            elif step - last_best > stall:
                self._restart(best_tables)
                last_best = step
        if self.repeats > best:
            self._restore(best_tables)

    def _best_swap(self, conf: list[int], movers: int, tabu: list[int], step: int,
                   best: int) -> tuple[int, int, int, int]:
        """The step's swap: for ``movers`` players drawn from those repeating a meeting
        (``conf``), every swap with a player at another table of the same round, the one
        that lowers the repeats most (ties drawn at random), skipping swaps that are
        ``tabu`` at ``step`` unless they beat the ``best`` seating so far, and bot moves
        that would bunch the bot rounds. The players, the round (-1 each: none) and how
        many swaps were looked at."""
        n, T, rng = self.n, self.T, self.rng
        has_bot, even_bots = self.has_bot, self.even_bots
        meet, botr = self.meet, self.botr
        cur = self.repeats
        best_d = 0
        best_a = best_b = best_r = -1
        ties = 0
        evaluated = 0
        for _ in range(min(movers, len(conf))):
            r, a = divmod(conf[rng.randrange(len(conf))], n)
            wr = self.where[r]
            t1 = wr[a]
            sums = self.sums[r]
            rowa = a * n
            aT = a * T
            sa1 = sums[aT + t1]
            tables_r = self.tables[r]
            n1 = len(tables_r[t1])
            tabu_base = r * n * T
            for t2 in range(T):
                members = tables_r[t2]
                if t2 == t1 or not members:
                    continue
                evaluated += len(members)
                base = sums[aT + t2] - sa1 + n1 + len(members) - 2
                a_tabu = tabu[tabu_base + aT + t2] > step
                # Between a bot table and another: only if the one who joins the bots
                # has sat with them less often than the one who leaves.
                bot_move = even_bots and has_bot[t1] != has_bot[t2]
                joins_bots = has_bot[t2]
                for b in members:
                    if bot_move and (botr[a] >= botr[b] if joins_bots else
                                     botr[b] >= botr[a]):
                        continue
                    bT = b * T
                    d = base + sums[bT + t1] - sums[bT + t2] - 2 * meet[rowa + b]
                    if (a_tabu or tabu[tabu_base + bT + t1] > step) and cur + d >= best:
                        continue
                    if best_b < 0 or d < best_d:
                        best_d, best_a, best_b, best_r, ties = d, a, b, r, 1
                    elif d == best_d:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            best_a, best_b, best_r = a, b, r
        return best_a, best_b, best_r, evaluated

    def _restore(self, tables: list[list[list[int]]]) -> None:
        self.tables = [[list(t) for t in rnd] for rnd in tables]
        self.where = []
        for rnd in self.tables:
            where = [0] * self.n
            for t, table in enumerate(rnd):
                for p in table:
                    where[p] = t
            self.where.append(where)
        self._rebuild()

    def _restart(self, best: list[list[list[int]]]) -> None:
        """Back to the best seating, shaken by a few random swaps."""
        self._restore(best)
        self.work += self.R * self.n * self.n  # what rebuilding the sums takes
        rng = self.rng
        for _ in range(2 + self.n // 12):
            r = rng.randrange(self.R)
            a = rng.randrange(self.n)
            b = rng.randrange(self.n)
            ta, tb = self.where[r][a], self.where[r][b]
            if self.even_bots and self.has_bot[ta] != self.has_bot[tb]:
                continue  # keep the bot rounds as they are
            if ta != tb:
                self._swap(r, a, b)


# ---------------------------------------------------------------------------------------------
# Seat order


def _seat_order(seats: list[int | None], counts: list[list[int]], rng: random.Random
                ) -> list[int | None]:
    """The table's players in seat order, each where he has sat least often.

    An exact assignment (bitmask dynamic programming over at most 8 seats) minimising the
    summed counts of the seats given, which is the increase of the sum of squared seat
    counts, so that every player's seats even out. Random tie-breaks (from the seeded
    generator) keep equal cases from always favouring the same seat.
    """
    k = len(seats)
    cost = [[(counts[p][pos] if p is not None else 0) * 1000 + rng.randrange(100)
             for pos in range(k)] for p in seats]
    full = (1 << k) - 1
    unset = -1
    best = [unset] * (1 << k)
    choice = [0] * (1 << k)
    best[0] = 0
    for mask in range(full):
        if best[mask] == unset:
            continue
        i = mask.bit_count()  # the i-th seat-holder is placed next
        for pos in range(k):
            bit = 1 << pos
            if not mask & bit:
                c = best[mask] + cost[i][pos]
                if best[mask | bit] == unset or c < best[mask | bit]:
                    best[mask | bit] = c
                    choice[mask | bit] = pos
    order: list[int | None] = [None] * k
    mask = full
    for i in range(k - 1, -1, -1):
        pos = choice[mask]
        order[pos] = seats[i]
        mask ^= 1 << pos
    return order


def _seat_orders(rounds: list[list[list[int]]], bots: Sequence[int], counts: list[list[int]],
                 rng: random.Random) -> list[list[list[int | None]]]:
    """Seat order for every table of the rounds (None: a bot), after the earlier ``counts``.

    Round by round each table gets its best order given the seats so far; with several
    rounds, sweeps then re-seat each table given all other rounds until nothing improves
    (each change lowers the sum of squared seat counts, so this ends). ``counts`` is
    updated to include the rounds.
    """
    def seat(order: list[int | None], d: int) -> None:
        for pos, p in enumerate(order):
            if p is not None:
                counts[p][pos] += d

    def load(order: list[int | None]) -> int:
        return sum(counts[p][pos] for pos, p in enumerate(order) if p is not None)

    out: list[list[list[int | None]]] = []
    for tables in rounds:
        orders = [_seat_order([*members, *([None] * bots[t])], counts, rng)
                  for t, members in enumerate(tables)]
        for order in orders:
            seat(order, 1)
        out.append(orders)
    for _ in range(_SEAT_SWEEPS if len(rounds) > 1 else 0):
        improved = False
        for orders in out:
            for t, order in enumerate(orders):
                seat(order, -1)
                better = _seat_order(order, counts, rng)
                if load(better) < load(order):
                    orders[t] = order = better
                    improved = True
                seat(order, 1)
        if not improved:
            break
    _rebalance_seats(out, counts)
    return out


def _rebalance_seats(out: list[list[list[int | None]]], counts: list[list[int]]) -> None:
    """Even out seat counts with alternating chains of seat swaps (after de Werra).

    A player who had seat ``a`` at least twice more than seat ``b`` takes seat ``b`` at a
    table where he has ``a``; whoever had ``b`` there takes ``a`` and, if that unbalances
    him, hands it on the same way at another of his tables, until the chain reaches a player
    (or a bot) for whom having ``a`` instead of ``b`` is no worse. Every table keeps one
    player per seat and everyone in between keeps his counts; the sum of squared counts
    drops, so this ends. For tables of one size the counts end up differing by at most one
    (de Werra: bipartite graphs have equitable edge colourings; the players and tables form
    one, the seats are the colours).
    """
    where: list[dict[int, tuple[int, int]]] = [
        {p: (t, pos) for t, order in enumerate(orders) for pos, p in enumerate(order)
         if p is not None} for orders in out]
    seat_kinds = max((len(o) for orders in out for o in orders), default=0)
    players = sorted({p for w in where for p in w})

    def chain(v: int, a: int, b: int) -> bool:
        used: set[tuple[int, int]] = set()
        path: list[tuple[int, int]] = []
        u = v
        while True:
            step = next(((r, t) for r, w in enumerate(where)
                         if (tp := w.get(u)) is not None and tp[1] == a
                         and len(out[r][(t := tp[0])]) > b and (r, t) not in used), None)
            if step is None:
                return False
            used.add(step)
            path.append(step)
            w = out[step[0]][step[1]][b]
            if w is None or (w != v and counts[w][b] - counts[w][a] >= 1):
                break
            u = w
        for r, t in path:
            order = out[r][t]
            x, y = order[a], order[b]
            order[a], order[b] = y, x
            for p, old, new in ((x, a, b), (y, b, a)):
                if p is not None:
                    counts[p][old] -= 1
                    counts[p][new] += 1
                    where[r][p] = (t, new)
        return True

    for _ in range(len(players) * seat_kinds * seat_kinds):  # a generous cap; ends sooner
        if not any(chain(v, a, b) for v in players for a in range(seat_kinds)
                   for b in range(seat_kinds) if counts[v][a] - counts[v][b] >= 2):
            break


# ---------------------------------------------------------------------------------------------
# Entry points


def _check_budget(budget: int | None, default: int) -> int:
    return default if budget is None else _check_count("budget", budget, MAX_BUDGET)


def _check_seed(seed: int) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 2**64:
        raise SeatingError(f"the seed must be a whole number below 2**64, not {seed!r}")
    return seed


@dataclass
class _Plan:
    rounds: list[RoundSeating]
    work: int
    bound: int
    reason: str


def _plan(ids: list[PlayerId], rounds: int, layout: TableLayout, hist: _History, seed: int,
          budget: int, even_bots: bool, keep: int) -> _Plan:
    """Search the seating of ``rounds`` rounds and describe the first ``keep`` of them (the
    others are only looked ahead to: they get no seat order and no description)."""
    n = len(ids)
    rng = random.Random(seed)
    bound, reason = _lower_bound(hist, rounds, layout.humans)
    search = _Search(n, rounds, layout.humans, layout.bots, hist, rng, bound, even_bots)
    search.run(budget)
    seat_orders = _seat_orders(search.tables[:keep], layout.bots,
                               [list(c) for c in hist.seat_counts], rng)
    # Describe the rounds one after the other, the earlier ones becoming history.
    run = hist.copy()
    out: list[RoundSeating] = []
    total = 0
    for r, seated in enumerate(seat_orders):
        round_lb = _lower_bound(run, 1, layout.humans)[0]
        meet = run.meet
        bot_no = 0
        tables: list[Table] = []
        figures: dict[int, tuple[int, int, int, list[int]]] = {}  # table, seat, repeats, again
        round_repeats = 0
        for t, order in enumerate(seated):
            row: list[Seat] = []
            for p in order:
                if p is None:
                    bot_no += 1
                    row.append(BotSeat(bot_no))
                else:
                    row.append(ids[p])
            present = [p for p in order if p is not None]
            rep = sum(meet[p * n + q] for i, p in enumerate(present) for q in present[i + 1:])
            round_repeats += rep
            tables.append(Table(t + 1, tuple(row), rep))
            for s, p in enumerate(order):
                if p is not None:
                    again = [q for q in present if q != p and meet[p * n + q]]
                    figures[p] = (t + 1, s + 1, sum(meet[p * n + q] for q in again), again)
            if layout.bots[t]:
                for p in present:
                    run.bot_rounds[p] += 1
        run.add_round(seated)
        total += round_repeats
        players = []
        for p in range(n):
            table, seat, rep, again = figures[p]
            players.append(PlayerRound(
                player=ids[p], table=table, seat=seat, repeats=rep,
                met_again=tuple(ids[q] for q in sorted(again)),
                opponents=run.gone_met[p] + n - run.meet[p * n:(p + 1) * n].count(0),
                bot_rounds=run.bot_rounds[p],
                seat_counts=tuple(run.seat_counts[p][:max(layout.sizes)])))
        out.append(RoundSeating(hist.rounds + r + 1, tuple(tables), round_repeats, round_lb,
                                tuple(players), search.work))
    # The search keeps its own running count; the description recounts from the tables.
    assert keep < rounds or total == search.repeats, "the search's count disagrees"
    return _Plan(out, search.work, bound, reason)


def seat_round(players: Iterable[PlayerId], history: Iterable[HistoryRound],
               sizes: TableSizes, *, seed: int = 0, budget: int | None = None,
               fill_with_bots: bool = False, even_bots: bool = True, lookahead: int = 0
               ) -> RoundSeating:
    """Seat one round: the players present now, given the tables of the earlier rounds.

    ``players``: the ids present in this round (order does not matter; late arrivals are
    simply there, withdrawn players simply absent). ``history``: the earlier rounds, each a
    list of tables in seat order (lists of ids, with :class:`BotSeat` or None for bots) or a
    :class:`RoundSeating`; players in it who are no longer present are ignored.
    ``sizes``: the allowed and preferred table sizes. ``seed``: the same inputs and seed give
    the same seating on every machine. ``budget``: search work (candidate swaps evaluated;
    default :data:`DEFAULT_ROUND_BUDGET`); the search stops early when it reaches the
    round's lower bound.

    ``fill_with_bots``: add the fewest bot seats that make valid tables, instead of raising
    :class:`MissingSeatsError`. ``even_bots`` (default): the rounds at tables with bots are
    spread as evenly as possible over the players (earlier rounds included) before repeats
    are minimised; off, only repeats count (in the tightest fields a few fewer).

    ``lookahead``: also plan that many further rounds with the same players and keep only
    this one, so that this round does not spoil the next ones (a round drawn for itself alone
    can leave no repeat-free next round). The figures then may show a repeat now that saves
    more later; the default budget grows with the rounds planned.

    >>> r = seat_round([1, 2, 3, 4, 5, 6, 7], [], BINOKEL, seed=1)
    >>> [len(t.seats) for t in r.tables], r.repeats
    ([3, 4], 0)
    >>> r = seat_round([1, 2, 3, 4, 5], [], BINOKEL, fill_with_bots=True)
    >>> [t.bots for t in r.tables], r.bots
    ([0, 1], 1)
    """
    ids = _check_players(players)
    _check_seed(seed)
    _check_count("lookahead", lookahead, MAX_ROUNDS - 1)
    work = _check_budget(budget, DEFAULT_ROUND_BUDGET * (1 + lookahead))
    layout = table_layout(len(ids), sizes, fill_with_bots=fill_with_bots)
    hist = _read_history(history, {pid: i for i, pid in enumerate(ids)})
    return _plan(ids, 1 + lookahead, layout, hist, seed, work, even_bots, 1).rounds[0]


def plan_tournament(players: Iterable[PlayerId], rounds: int, sizes: TableSizes, *,
                    history: Iterable[HistoryRound] = (), seed: int = 0,
                    budget: int | None = None, fill_with_bots: bool = False,
                    even_bots: bool = True) -> TournamentPlan:
    """Seat ``rounds`` rounds at once for a field known in advance.

    Searching all rounds together finds seatings that drawing round by round misses (a
    greedy early round can leave no repeat-free later one). ``history`` (earlier rounds, as
    in :func:`seat_round`) lets the remaining rounds be re-planned after a change of the
    field. ``budget`` defaults to :data:`DEFAULT_PLAN_BUDGET`; the search stops early once
    the plan reaches the lower bound. The plan's ``lower_bound`` tells how good it is. The
    other arguments are those of :func:`seat_round`.

    >>> plan = plan_tournament(range(1, 13), 3, KREUZBINOKEL, seed=2)
    >>> plan.repeats, plan.lower_bound.value, plan.optimal
    (9, 9, True)
    """
    ids = _check_players(players)
    _check_count("rounds", rounds, MAX_ROUNDS)
    _check_seed(seed)
    work = _check_budget(budget, DEFAULT_PLAN_BUDGET)
    layout = table_layout(len(ids), sizes, fill_with_bots=fill_with_bots)
    hist = _read_history(history, {pid: i for i, pid in enumerate(ids)})
    plan = _plan(ids, rounds, layout, hist, seed, work, even_bots, rounds)
    repeats = sum(r.repeats for r in plan.rounds)
    value, reason, known = plan.bound, plan.reason, repeats == plan.bound
    if hist.rounds == 0:
        general = repeat_lower_bound(len(ids), rounds, sizes, fill_with_bots=fill_with_bots)
        if general.value == value:
            reason, known = general.reason, known or general.known_optimal
    return TournamentPlan(tuple(plan.rounds), repeats, RepeatBound(value, reason, known),
                          plan.work)
