"""A perfect-information solver for the play of the Binokel family's trick games.

**It sees every hand.** Bots may only use it on worlds they sampled from their own view.

>>> from binokel.cards import cardset, parse_cards
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
from typing import Any, Protocol

from ..cards import card_token
from . import reference
from ._tables import Prepared, prepare
from .position import (
    CLASSIC_POINTS,
    TOURNAMENT_POINTS,
    TRUMP_GROUP,
    CardOrder,
    Follow,
    FollowRule,
    Goal,
    Position,
    TrumpDuty,
)

__all__ = [
    "CLASSIC_POINTS",
    "COMPILED",
    "TOURNAMENT_POINTS",
    "TRUMP_GROUP",
    "CardOrder",
    "Follow",
    "FollowRule",
    "Goal",
    "Position",
    "SearchLimit",
    "Solution",
    "TrumpDuty",
    "compiled",
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


def _make_core(t: Prepared, node_budget: int | None, pure: bool) -> _CoreLike:
    if _compiled_module is not None and not pure:
        core: _CoreLike = _compiled_module.Core(t, -1 if node_budget is None else node_budget)
        return core
    return reference.Core(t, node_budget)


_LIMIT_ERRORS: tuple[type[Exception], ...] = (reference.BudgetExceeded,) + (
    (_compiled_module.BudgetExceeded,) if _compiled_module is not None else ())


def _mtdf(f: Callable[[int, int], int], guess: int) -> int:
    """The exact value by zero-window searches that converge on it (MTD(f))."""
    lower, upper = -1, reference.BIG
    g = guess
    while lower < upper:
        beta = g + 1 if g == lower else g
        g = f(beta - 1, beta)
        if g < beta:
            upper = g
        else:
            lower = g
    return g


def _shifted(core: _CoreLike, offset: int) -> Callable[[int, int], int]:
    def f(alpha: int, beta: int) -> int:
        return offset + core.search(alpha - offset, beta - offset)
    return f


MAX_BUDGET = 1 << 62


def _check_budget(node_budget: int | None) -> None:
    if node_budget is not None and (isinstance(node_budget, bool) or not isinstance(
            node_budget, int) or not 0 <= node_budget <= MAX_BUDGET):
        raise ValueError(f"node_budget must be a whole number 0..2**62 or None, "
                         f"not {node_budget!r}")


def value(position: Position, node_budget: int | None = None, *, pure: bool = False) -> int:
    """The value of ``position`` for the maximising side; raises :class:`SearchLimit` past
    ``node_budget`` nodes. ``pure``: use the pure-Python core even if the compiled one is
    there."""
    return _value(position, node_budget, pure)[0]


def _value(position: Position, node_budget: int | None, pure: bool) -> tuple[int, int]:
    _check_budget(node_budget)
    core = _make_core(prepare(position), node_budget, pure)
    try:
        return _mtdf(core.search, _guess(position)), core.nodes
    except _LIMIT_ERRORS:
        raise SearchLimit(f"node budget {node_budget} exceeded") from None


def value_and_nodes(position: Position, node_budget: int | None = None, *,
                    pure: bool = False) -> tuple[int, int]:
    """:func:`value` and the nodes searched (for callers that count their work)."""
    return _value(position, node_budget, pure)


def _guess(position: Position) -> int:
    """MTD(f)'s first guess: above every value, so that the search comes down from the top.
    Zero-window searches that fail low (the maximiser cannot reach the bound) are cheap and
    their fail-soft results fall fast; the one search that succeeds is the last one."""
    return reference.BIG


def solve(position: Position, node_budget: int | None = None, *, values: bool = False,
          pure: bool = False) -> Solution:
    """Solve ``position``: its value, a best card and, with ``values``, the value of every
    legal card. Raises :class:`SearchLimit` past ``node_budget`` nodes (None: no limit)."""
    _check_budget(node_budget)
    t0 = time.perf_counter()
    t = prepare(position)
    core = _make_core(t, node_budget, pure)
    try:
        v = _mtdf(core.search, _guess(position))
        maximizing = core.is_max()
        best = -1
        out: dict[int, int] | None = {} if values else None
        for rep, members in core.root_moves():
            gained, final = core.play(rep)
            if out is not None:
                # A child of a maximising root is worth at most v: come down from v. One of a
                # minimising root is worth at least v: come down from the top.
                cv = gained if final else _mtdf(_shifted(core, gained),
                                                v if maximizing else reference.BIG)
                for m in members:
                    out[t.cards[m]] = cv
                if best < 0 and cv == v:
                    best = rep
            elif final:
                if (gained >= v) if maximizing else (gained <= v):
                    best = rep
            elif maximizing:
                best = rep if gained + core.search(v - 1 - gained, v - gained) >= v else -1
            else:
                best = rep if gained + core.search(v - gained, v + 1 - gained) <= v else -1
            core.undo()
            if best >= 0 and out is None:
                break
    except _LIMIT_ERRORS:
        raise SearchLimit(f"node budget {node_budget} exceeded") from None
    if best < 0:
        raise AssertionError("no card reaches the position's value")  # a bug, not bad input
    return Solution(v, t.cards[best], out, core.nodes, time.perf_counter() - t0)


def describe(sol: Solution) -> str:
    """A solution in one line, for logs."""
    vals = ""
    if sol.values:
        vals = " (" + ", ".join(f"{card_token(c)} {v}" for c, v in
                                sorted(sol.values.items(), key=lambda kv: -kv[1])) + ")"
    return (f"value {sol.value}, best {card_token(sol.best)}{vals}; {sol.nodes} nodes in "
            f"{sol.seconds:.3f} s")
