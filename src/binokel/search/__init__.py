"""A perfect-information solver for the play of the Binokel family's trick games.

**It sees every hand.** Bots may only use it on worlds they sampled from their own view.

>>> from binokel.core.cards import cardset, parse_cards
>>> p = Position(hands=(cardset(parse_cards("HA EK")), cardset(parse_cards("H10 E10")),
...                     cardset(parse_cards("EA HU"))),
...              order=(0, 1, 2), maximiser=(True, False, False), leader=0, trick=(),
...              cards=CardOrder.suits(trump=2), points=CLASSIC_POINTS, last_trick_bonus=10)
>>> s = solve(p, values=True)  # EK loses a trick, but then HU draws H10 under HA (+ bonus)
>>> s.value, card_token(s.best), {card_token(c): v for c, v in s.values.items()}
(33, 'EK', {'EK': 33, 'HA': 23})
>>> value(p) == s.value
True

The search itself is one algorithm in two implementations: ``_core.c`` (compiled when the
package is installed on a machine with a C compiler) and :mod:`binokel.search.reference`
(pure Python). :data:`COMPILED` tells which one runs; the environment variable
``BINOKEL_SEARCH_PURE=1`` forces the pure-Python one. Both visit the same tree, so a node
budget (:class:`SearchLimit`) stops them at the same point on every machine.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import Protocol

from ..core.cards import card_token
from . import reference
from ._tables import Prepared
from ._tables import prepare
from .position import CLASSIC_POINTS
from .position import TOURNAMENT_POINTS
from .position import TRUMP_GROUP
from .position import CardOrder
from .position import Follow
from .position import FollowRule
from .position import Goal
from .position import Position
from .position import TrumpDuty
from .position import card_token_safe
from .reference import decided

__all__ = [
    "CLASSIC_POINTS",
    "COMPILED",
    "TOURNAMENT_POINTS",
    "TRUMP_GROUP",
    "CardOrder",
    "Follow",
    "FollowRule",
    "Goal",
    "Iteration",
    "Position",
    "SearchLimit",
    "Session",
    "Solution",
    "TrumpDuty",
    "compiled",
    "decided",
    "reaches",
    "search_bounds",
    "solve",
    "value",
    "value_and_nodes",
]


class SearchLimit(Exception):
    """The search ran past its node budget (no value is known)."""


@dataclass(frozen=True)
class Solution:
    """A position's value for the maximising side, a best card for the player to move, and
    (on request) every legal card's value."""

    value: int
    best: int
    values: dict[int, int] | None
    nodes: int
    seconds: float


class _CoreLike(Protocol):
    nodes: int

    def search(self, alpha: int, beta: int) -> int: ...
    def root_moves(self) -> list[tuple[int, tuple[int, ...]]]: ...
    def play(self, c: int) -> tuple[int, bool]: ...
    def undo(self) -> None: ...
    def is_max(self) -> bool: ...
    def to_move(self) -> int: ...
    def set_budget(self, budget: int) -> None: ...


_compiled_module: Any = None
if os.environ.get("BINOKEL_SEARCH_PURE", "") not in ("1", "yes", "true"):
    try:
        from . import _core as _compiled_module  # type: ignore[attr-defined, no-redef]
    except ImportError:  # no compiler at install time: the pure-Python path
        _compiled_module = None
    if _compiled_module is not None and getattr(_compiled_module, "ALGORITHM", None) \
            != reference.ALGORITHM:
        # A stale build (an editable install not rebuilt after _core.c changed): its tree
        # would differ from the reference's, so node budgets would too.
        warnings.warn("binokel.search: the compiled core is of another edition than the "
                      "Python reference; using the reference (rebuild: pip install -e .)",
                      RuntimeWarning, stacklevel=2)
        _compiled_module = None

COMPILED: bool = _compiled_module is not None
"""Whether the compiled core is in use."""


def compiled() -> bool:
    """Whether the compiled core is in use (see :data:`COMPILED`)."""
    return COMPILED


def _make_core(t: Prepared, pure: bool) -> _CoreLike:
    if _compiled_module is not None and not pure:
        core: _CoreLike = _compiled_module.Core(t, -1)
        return core
    return reference.Core(t)


_LIMIT_ERRORS: tuple[type[Exception], ...] = (reference.BudgetExceeded,) + (
    (_compiled_module.BudgetExceeded,) if _compiled_module is not None else ())


def _mtdf(f: Callable[[int, int], int], guess: int,
          trace: Callable[[int, int], None] | None = None, lower: int = -1) -> int:
    """The exact value by zero-window searches that converge on it (MTD(f)); ``trace`` is
    told each search's ``beta`` and result; ``lower``: a known lower bound of the value (a
    search that fails low onto it ends the run without proving it)."""
    upper = reference.BIG
    g = guess
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = f(beta - 1, beta)
        if trace is not None:
            trace(beta, g)
        if g < beta:
            upper = g
        else:
            lower = g
    return g


def _stepped(f: Callable[[int, int], int], upper: int,
             trace: Callable[[int, int], None] | None = None, lower: int = 0) -> int:
    """The exact value (at least 0, at most ``upper``) by zero-window searches that come down
    from ``upper`` in steps that double while they fail low (1, 2, 4, ... points below the
    last upper bound) and halve the interval left once one fails high; ``trace`` and
    ``lower`` as for :func:`_mtdf`.

    >>> calls = []
    >>> def f(alpha, beta):   # a value of 37, found by bounds no tighter than the window
    ...     calls.append(beta)
    ...     return 37 if beta <= 37 else beta - 1
    >>> _stepped(f, 100), calls
    (37, [100, 99, 97, 93, 85, 69, 37, 53, 45, 41, 39, 38])
    """
    g = upper
    beta = upper
    step = 1
    while lower < upper:
        g = f(beta - 1, beta)
        if trace is not None:
            trace(beta, g)
        if g >= beta:
            lower = g
            step = 0
        else:
            upper = g
        if step:
            beta = max(lower + 1, upper + 1 - step)
            step *= 2
        else:
            beta = (lower + upper + 1) // 2
    return lower


@dataclass(frozen=True)
class Iteration:
    """One zero-window search of MTD(f): the window (``beta`` - 1, ``beta``), the fail-soft
    result (below ``beta``: an upper bound of the value, else a lower one) and its nodes."""

    beta: int
    result: int
    nodes: int


MAX_BUDGET = 1 << 62


def _check_budget(node_budget: int | None) -> None:
    if node_budget is not None and (isinstance(node_budget, bool) or not isinstance(
            node_budget, int) or not 0 <= node_budget <= MAX_BUDGET):
        raise ValueError(f"node_budget must be a whole number 0..2**62 or None, "
                         f"not {node_budget!r}")


class Session:
    """One search core kept over the positions of a deal: its tables serve every later
    position, so solving the positions of a deal one after the other (an analysis, a bot's
    next card on the same world) costs far less than solving each afresh.

    Values are always the maximising side's points (or Durch/Untendurch outcome) from the
    session's current position on. Each call takes an optional ``node_budget`` (nodes this
    call may search); past it, :class:`SearchLimit` is raised and the session stays usable.

    >>> from binokel.core.cards import cardset, parse_cards, parse_card
    >>> p = Position(hands=(cardset(parse_cards("HA EK")), cardset(parse_cards("H10 E10")),
    ...                     cardset(parse_cards("EA HU"))),
    ...              order=(0, 1, 2), maximiser=(True, False, False), leader=0, trick=(),
    ...              cards=CardOrder.suits(trump=2), points=CLASSIC_POINTS, last_trick_bonus=10)
    >>> s = Session(p)
    >>> s.value(), s.reaches(33), s.reaches(34)
    (33, True, False)
    >>> s.play(parse_card("EK")); s.to_move, s.value()
    (1, 33)
    """

    def __init__(self, position: Position, *, pure: bool = False,
                 tt_limit: int | None = None) -> None:
        self.position = position
        self._t = prepare(position, tt_limit)
        self._core = _make_core(self._t, pure)
        self._index = {c: i for i, c in enumerate(self._t.cards)}
        self._gained: list[int] = []   # per card played: the points its trick brought
        self._final: list[bool] = []   # per card played: whether the value is then final
        self._seats = list(self._t.seats)
        # Where the maximising side is the smaller one (the Binokel declarer against two,
        # one Luxusfamilie player against the rest), proving a lower bound takes far more
        # nodes than proving an upper one: MTD(f) comes down from the top by upper bounds.
        # Elsewhere (two against two, one against one) steps that grow and then halve the
        # interval take fewer nodes (benchmarks: Doppelkopf and Kreuzbinokel a fifth to a
        # half fewer, Binokel 3 a third more).
        self._stepped = 2 * bin(self._t.max_seats).count("1") >= self._t.n
        self._to_move = [self._t.seats[(self._t.leader + len(self._t.trick)) % self._t.n]]

    @property
    def nodes(self) -> int:
        """Nodes searched by this session so far."""
        return self._core.nodes

    @property
    def to_move(self) -> int:
        """The seat (of the position) to move."""
        return self._to_move[-1]

    @property
    def over(self) -> bool:
        """Whether the value is final (the play is over, or a Durch decided)."""
        return bool(self._final) and self._final[-1]

    def maximising(self) -> bool:
        """Whether the player to move plays for the value."""
        return self._core.is_max()

    def legal(self) -> list[int]:
        """The cards the player to move may play (each once), weakest first."""
        if self.over:
            return []
        return sorted(self._t.cards[m] for _, members in self._core.root_moves()
                      for m in members)

    def _run(self, node_budget: int | None, guess: int, alpha: int | None = None,
             trace: Callable[[int, int], None] | None = None,
             lower: int | None = None) -> int:
        """The value by zero-window searches from ``guess``, an upper bound of it
        (:func:`_mtdf` or :func:`_stepped`, see ``_stepped`` in ``__init__``), or, with
        ``alpha``, one search of the zero window (``alpha``, ``alpha`` + 1), within
        ``node_budget`` nodes; ``trace``, ``lower``: see :func:`_mtdf`."""
        _check_budget(node_budget)
        self._core.set_budget(-1 if node_budget is None else node_budget)
        try:
            if alpha is not None:
                return self._core.search(alpha, alpha + 1)
            if self._stepped:
                return _stepped(self._core.search, guess, trace, 0 if lower is None else lower)
            return _mtdf(self._core.search, guess, trace, -1 if lower is None else lower)
        except _LIMIT_ERRORS:
            raise SearchLimit(f"node budget {node_budget} exceeded") from None

    def value(self, node_budget: int | None = None) -> int:
        """The current position's value."""
        if self.over:
            return 0
        return self._run(node_budget, reference.BIG)

    def value_trace(self, node_budget: int | None = None) -> tuple[int, list[Iteration]]:
        """:meth:`value` and its MTD(f) searches one by one (for profiling: which of them
        cost the nodes)."""
        if self.over:
            return 0, []
        its: list[Iteration] = []
        last = [self.nodes]

        def note(beta: int, result: int) -> None:
            its.append(Iteration(beta, result, self.nodes - last[0]))
            last[0] = self.nodes

        return self._run(node_budget, reference.BIG, trace=note), its

    def reaches(self, target: int, node_budget: int | None = None) -> bool:
        """Whether the value is at least ``target`` (one zero-window search: far cheaper
        than the exact value)."""
        if self.over:
            return target <= 0
        return self._run(node_budget, 0, target - 1) >= target

    def play(self, card: int) -> None:
        """Play ``card`` (a legal card of the player to move) and go on from there."""
        i = self._index.get(card, -1)
        if self.over or i < 0 or card not in self.legal():
            raise ValueError(f"{card_token_safe(card)} is not a legal card here")
        gained, final = self._core.play(i)
        self._gained.append(gained)
        self._final.append(final)
        self._to_move.append(self._t.seats[self._core.to_move()])

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        if not self._gained:
            raise ValueError("nothing to undo")
        self._core.undo()
        self._gained.pop()
        self._final.pop()
        self._to_move.pop()

    def solve(self, node_budget: int | None = None, *, values: bool = False) -> Solution:
        """The current position's value, a best card and, with ``values``, the value of
        every legal card."""
        t0 = time.perf_counter()
        n0 = self.nodes
        if self.over:
            raise ValueError("the play is over")
        out: dict[int, int] | None = {} if values else None
        best = -1
        v = self._run(node_budget, reference.BIG)
        core = self._core
        maximizing = core.is_max()
        for rep, members in core.root_moves():
            spent = self.nodes - n0
            left = None if node_budget is None else max(0, node_budget - spent)
            gained, final = core.play(rep)
            try:
                if out is not None:
                    # A child of a maximising root is worth at most v: come down from v.
                    # One of a minimising root is worth at least v: come down from the top
                    # until a search fails low onto v (no proof needed then).
                    cv = gained if final else gained + (self._run(
                        left, v - gained) if maximizing else self._run(
                        left, reference.BIG, lower=max(0, v - gained)))
                    for m in members:
                        out[self._t.cards[m]] = cv
                    if best < 0 and cv == v:
                        best = rep
                elif final:
                    if (gained >= v) if maximizing else (gained <= v):
                        best = rep
                else:
                    w = v - gained
                    got = self._run(left, 0, w - 1 if maximizing else w)
                    if (got >= w) if maximizing else (got <= w):
                        best = rep
            finally:
                core.undo()
            if best >= 0 and out is None:
                break
        if best < 0:
            raise AssertionError("no card reaches the position's value")  # a bug
        return Solution(v, self._t.cards[best], out, self.nodes - n0, time.perf_counter() - t0)


def value(position: Position, node_budget: int | None = None, *, pure: bool = False) -> int:
    """The value of ``position`` for the maximising side; raises :class:`SearchLimit` past
    ``node_budget`` nodes. ``pure``: use the pure-Python core even if the compiled one is
    there."""
    return Session(position, pure=pure).value(node_budget)


def value_and_nodes(position: Position, node_budget: int | None = None, *,
                    pure: bool = False) -> tuple[int, int]:
    """:func:`value` and the nodes searched (for callers that count their work)."""
    s = Session(position, pure=pure)
    return s.value(node_budget), s.nodes


def reaches(position: Position, target: int, node_budget: int | None = None, *,
            pure: bool = False) -> bool:
    """Whether the value of ``position`` is at least ``target`` (see
    :meth:`Session.reaches`)."""
    return Session(position, pure=pure).reaches(target, node_budget)


def solve(position: Position, node_budget: int | None = None, *, values: bool = False,
          pure: bool = False) -> Solution:
    """Solve ``position``: its value, a best card and, with ``values``, the value of every
    legal card. Raises :class:`SearchLimit` past ``node_budget`` nodes (None: no limit)."""
    return Session(position, pure=pure).solve(node_budget, values=values)


def search_bounds(lo: int, hi: int, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """A transposition table's new (lower, upper) bounds of a position known to lie in
    [``lo``, ``hi``] after a fail-soft alpha-beta search of the window (``alpha``, ``beta``)
    returned ``value``: at most ``alpha`` is an upper bound, at least ``beta`` a lower one,
    anything between is exact.

    >>> search_bounds(0, 100, 30, 40, 60), search_bounds(0, 100, 70, 40, 60)
    ((0, 30), (70, 100))
    >>> search_bounds(0, 100, 50, 40, 60)
    (50, 50)
    """
    if value <= alpha:
        return lo, value
    if value >= beta:
        return value, hi
    return value, value


def describe(sol: Solution) -> str:
    """A solution in one line, for logs."""
    vals = ""
    if sol.values:
        vals = " (" + ", ".join(f"{card_token(c)} {v}" for c, v in
                                sorted(sol.values.items(), key=lambda kv: -kv[1])) + ")"
    return (f"value {sol.value}, best {card_token(sol.best)}{vals}; {sol.nodes} nodes in "
            f"{sol.seconds:.3f} s")
