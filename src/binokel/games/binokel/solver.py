"""The perfect-information solver of Binokel's play, on the search core :mod:`binokel.search`.

**This is an analysis tool that sees every hand.** Bots may only use it on worlds they
sampled from their own view (see :mod:`binokel.games.binokel.bots.strong`).

The declarer's party (the declarer alone, or with his partner in Kreuzbinokel) plays against
the others as one side. In a normal game the value of a position is the card points (the
last-trick bonus included) that the declarer's party still takes from the remaining tricks; it
maximizes them, the defenders minimize them. In Durch the value is 1 if the declarer's party
takes every remaining trick, in Untendurch 1 if it takes none. The position is built by
:mod:`.search`; the values equal those of the pure-Python solver this module replaced
(tests/old_solver.py, compared in tests/test_search_diff.py).

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> s = DealState.new(Rules(), dealer=2, seed=3)
>>> for a in ["bid 150", "pass", "pass"]:
...     s.apply(a)
>>> s.apply(s.legal_actions()[0])  # the first possible push
>>> s.apply("trump H")
>>> for _ in range(27):
...     s.apply(s.legal_actions()[0])
>>> solution = solve(s)
>>> 0 <= solution.value <= 250 and solution.best in s.legal_actions()
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ... import search
from ...core.trick import PLAY_ACTIONS
from ...search import SearchLimit
from ...search import search_bounds
from .deal import PLAY
from .search import position
from .state import DealState


@dataclass(frozen=True)
class Solution:
    """The value of a position for the declarer, the best card, and search figures."""

    value: int
    best: str
    values: dict[str, int]    # every legal card's value (exact)
    nodes: int
    seconds: float


def _check(state: DealState) -> None:
    if state.phase != PLAY:
        raise ValueError(f"the solver needs a position in the play phase, not {state.phase}")


def _solution(sol: search.Solution, seconds: float) -> Solution:
    assert sol.values is not None
    return Solution(sol.value, PLAY_ACTIONS[sol.best],
                    {PLAY_ACTIONS[c]: v for c, v in sol.values.items()}, sol.nodes, seconds)


def root_value(state: DealState, node_budget: int | None = None) -> int:
    """The exact value of the play-phase position ``state`` for the declarer's side, without
    the value of every card; raises :class:`SearchLimit` past ``node_budget`` nodes (a node
    budget gives the same answer on every machine)."""
    return root_search(state, node_budget)[0]


def root_search(state: DealState, node_budget: int | None = None) -> tuple[int, int]:
    """:func:`root_value` and the number of nodes the search visited (for callers that
    count their work in nodes)."""
    _check(state)
    return search.value_and_nodes(position(state), node_budget)


def solve(state: DealState, node_budget: int | None = None) -> Solution:
    """Solve the play-phase position ``state`` exactly (it reads every hand): its value for
    the declarer's side and the value of every legal card. Raises :class:`SearchLimit`
    past ``node_budget`` nodes (None: no limit)."""
    _check(state)
    t0 = time.perf_counter()
    sol = search.solve(position(state), node_budget, values=True)
    return _solution(sol, time.perf_counter() - t0)


@dataclass(frozen=True)
class Mistake:
    """A card that gave points away against the best play of its side."""

    index: int          # position in the lists given to :func:`analyse`
    seat: int
    played: str
    best: str
    loss: int           # points (or Durch outcome) given away against best play


def solutions(states: Sequence[DealState], actions: Sequence[str]) -> list[Solution | None]:
    """The solution of every play-phase position in ``states`` (None for the others).

    ``states[i]`` is the state before ``actions[i]``. Consecutive positions of one deal are
    solved in one :class:`binokel.search.Session`, whose tables carry over from card to card:
    a whole deal costs little more than its first position.
    """
    out: list[Solution | None] = []
    session: search.Session | None = None
    prev: DealState | None = None
    for i, st in enumerate(states):
        if st.phase != PLAY:
            out.append(None)
            session = prev = None
            continue
        follows = (session is not None and prev is not None and not session.over
                   and st.history[:-1] == prev.history
                   and len(st.history) == len(prev.history) + 1)
        if follows:
            assert session is not None and prev is not None
            session.play(PLAY_ACTIONS.index(actions[i - 1]))
        else:
            session = search.Session(position(st))
        t0 = time.perf_counter()
        if session.over:
            out.append(None)
        else:
            out.append(_solution(session.solve(values=True), time.perf_counter() - t0))
        prev = st
    return out


def analyse(states: Sequence[DealState], actions: Sequence[str]) -> list[Mistake]:
    """Mark each play whose value is worse for the player's side than the best card.

    ``states[i]`` is the state before ``actions[i]``.
    """
    out: list[Mistake] = []
    for i, (st, a, sol) in enumerate(zip(states, actions, solutions(states, actions),
                                         strict=False)):
        if sol is None:
            continue
        assert st.declarer is not None
        declarer_side = st.party[st.to_move] == st.party[st.declarer]
        played = sol.values.get(a)
        if played is None:
            continue
        loss = (sol.value - played) if declarer_side else (played - sol.value)
        if loss > 0:
            out.append(Mistake(i, st.to_move, a, sol.best, loss))
    return out


def describe_solution(sol: Solution) -> str:
    """A solution in one line: the value, the best card, every card's value, the work."""
    parts = ", ".join(f"{a[5:]} {v}" for a, v in sorted(sol.values.items(),
                                                          key=lambda kv: -kv[1]))
    return (f"value {sol.value} for the declarer; best {sol.best[5:]} "
            f"({parts}); {sol.nodes} nodes in {sol.seconds:.2f} s")


__all__ = ["Mistake", "SearchLimit", "Solution", "analyse", "describe_solution",
           "root_search", "root_value", "search_bounds", "solutions", "solve"]
