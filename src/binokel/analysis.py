"""Analysis of recorded deals for every game with tricks: each card played, marked with the
points it gave away against the best play of its side (perfect information: the analysis
sees every hand, it is no player).

Per game, a position and who plays for what (each game's ``position`` hook,
:attr:`binokel.core.spec.GameSpec.position`, says it; a game without one is not analysed):

- Binokel and Kreuzbinokel: the declarer's party against the others, card points
  (Durch/Untendurch: made or not);
- Doppelkopf: Re against Kontra, card points (Augen), with the parties as they turned out
  (a Hochzeit's partner is taken from the end of the deal);
- Luxusfamilie: the player to move against everyone else, his power points;
- Zweierbinokel: after the stock only (before it, the stock's cards are unknown to both).

``analyse(states, actions)`` gives one :class:`CardMark` per card play it looked at. Every
position is solved within ``node_budget`` nodes; a position the budget cannot decide (a full
Doppelkopf deal, a large Luxusfamilie table) is marked ``solved=False`` and the caller can say
which tricks were looked at. The web replay's per-card marks come from here (see
docs/search.md).

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> import random
>>> s = DealState.new(Rules(), dealer=2, seed=3)
>>> for a in ["bid 150", "pass", "pass"]:
...     s.apply(a)
>>> s.apply(s.legal_actions()[0]); s.apply("trump H")
>>> states, actions = [], []
>>> rng = random.Random(1)
>>> while not s.is_over:
...     a = s.random_action(rng); states.append(s.clone()); actions.append(a); s.apply(a)
>>> marks = analyse(states, actions)
>>> len(marks), all(m.solved for m in marks), all(m.loss >= 0 for m in marks)
(36, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from .core.state import AnyState
from .core.trick import PLAY_ACTIONS
from .registry import find_game
from .search import MAX_BUDGET
from .search import Position
from .search import SearchLimit
from .search import Session

DEFAULT_BUDGET = 2_000_000
"""Nodes one position may take by default (a few tenths of a second)."""


def position_of(state: AnyState) -> Position | None:
    """The search position of ``state`` for the player to move's side, or None when the
    state is no card play the search can model (the game's ``position`` hook decides)."""
    return find_game(state.game_name).search_position(state)


@dataclass(frozen=True)
class CardMark:
    """One card play: its value and the best value for the player's side."""

    index: int                 # position in the lists given to :func:`analyse`
    seat: int
    trick: int                 # trick number, 1-based
    played: str                # the action, e.g. ``play EA``
    solved: bool               # False: the node budget did not decide this position
    best: str = ""             # a best card (when solved)
    value: int = 0             # the position's value for the player's side
    played_value: int = 0      # the value of the card played, for the player's side
    loss: int = 0              # value - played_value: what the card gave away (>= 0)
    nodes: int = 0

    def to_json(self) -> dict[str, Any]:
        """The mark as JSON data (for the web replay)."""
        return {"index": self.index, "seat": self.seat, "trick": self.trick,
                "played": self.played, "solved": self.solved, "best": self.best,
                "value": self.value, "played_value": self.played_value, "loss": self.loss,
                "nodes": self.nodes}


def analyse(states: Sequence[Any], actions: Sequence[str], *,
            node_budget: int = DEFAULT_BUDGET, total_budget: int | None = None
            ) -> list[CardMark]:
    """A mark for every card play among ``states`` (``states[i]`` is the state before
    ``actions[i]``), each position solved within ``node_budget`` nodes and all of them
    within ``total_budget`` (None: no limit); a position past either is not solved."""
    if isinstance(node_budget, bool) or not 1 <= node_budget <= MAX_BUDGET:
        raise ValueError(f"node_budget must be 1..2**62, not {node_budget!r}")
    left = MAX_BUDGET if total_budget is None else total_budget
    out: list[CardMark] = []
    # The session of the previous card, played on: the next position of the same deal
    # reuses its tables (a whole Binokel deal costs little more than its first card).
    chain: tuple[int, Session] | None = None
    for i, (st, a) in enumerate(zip(states, actions, strict=True)):
        if not a.startswith("play "):
            continue
        p = position_of(st)
        if p is None:
            continue
        seat = st.to_move
        trick = len(st.tricks) + 1
        if (chain is not None and chain[0] == i and not chain[1].over
                and chain[1].position.maximiser == p.maximiser):
            session = chain[1]
        else:
            session = Session(p)
        card = PLAY_ACTIONS.index(a)
        n0 = session.nodes
        try:
            if left < 1:
                raise SearchLimit
            sol = session.solve(min(node_budget, left), values=True)
        except SearchLimit:
            left -= session.nodes - n0
            out.append(CardMark(i, seat, trick, a, False, nodes=session.nodes - n0))
            session.play(card)
            chain = (i + 1, session)
            continue
        left -= sol.nodes
        assert sol.values is not None
        sign = 1 if session.maximising() else -1
        played = sol.values.get(card)
        if played is None:
            raise ValueError(f"action {i} ({a}) is not a legal card there")
        out.append(CardMark(i, seat, trick, a, True, PLAY_ACTIONS[sol.best], sign * sol.value,
                            sign * played, sign * (sol.value - played), sol.nodes))
        session.play(card)
        chain = (i + 1, session)
    return out


@dataclass(frozen=True)
class DealAnalysis:
    """The marks of the last tricks of a deal, as far back as a node budget reached."""

    marks: tuple[CardMark, ...]
    from_trick: int            # the first trick looked at (tricks before it are not marked)
    tricks: int                # the number of tricks of the deal
    nodes: int                 # nodes searched in all

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON data (for the web replay)."""
        return {"marks": [m.to_json() for m in self.marks], "from_trick": self.from_trick,
                "tricks": self.tricks, "nodes": self.nodes}


def analyse_back(states: Sequence[Any], actions: Sequence[str], *,
                 node_budget: int = DEFAULT_BUDGET,
                 total_budget: int = 10 * DEFAULT_BUDGET) -> DealAnalysis:
    """Mark the card plays of a whole deal (``states[i]`` before ``actions[i]``) from its last
    trick backwards, one trick more at a time, for as long as every position is solved
    within ``node_budget`` and all searches together stay within ``total_budget``.

    The end of a deal is cheap and its beginning may be out of reach (a full Doppelkopf
    deal): going backwards marks as much as the budget allows and never spends it on a
    position it cannot decide.

    >>> from binokel.games.zweier.state import ZweierState
    >>> s = ZweierState.new(seed=1); import random; rng = random.Random(2)
    >>> states, actions = [], []
    >>> while not s.is_over:
    ...     a = s.random_action(rng); states.append(s.clone()); actions.append(a); s.apply(a)
    >>> result = analyse_back(states, actions)
    >>> result.from_trick > 1, all(m.solved for m in result.marks)
    (True, True)
    """
    if isinstance(total_budget, bool) or not 1 <= total_budget <= MAX_BUDGET:
        raise ValueError(f"total_budget must be 1..2**62, not {total_budget!r}")
    plays = [i for i, (st, a) in enumerate(zip(states, actions, strict=True))
             if a.startswith("play ") and position_of(st) is not None]
    trick_of = {i: len(states[i].tricks) + 1 for i in plays}
    tricks = max(trick_of.values(), default=0)
    best = DealAnalysis((), tricks + 1, tricks, 0)
    spent = 0
    for first in range(tricks, 0, -1):
        keep = [i for i in plays if trick_of[i] >= first]
        if not keep or trick_of[keep[0]] != first:
            break      # no card play the search can model in this trick (Zweier's stock)
        if spent >= total_budget:
            break
        marks = analyse([states[i] for i in keep], [actions[i] for i in keep],
                        node_budget=node_budget, total_budget=total_budget - spent)
        spent += sum(m.nodes for m in marks)
        if not all(m.solved for m in marks):
            break
        best = DealAnalysis(tuple(replace(m, index=keep[m.index]) for m in marks), first,
                            tricks, spent)
    return best


__all__ = ["DEFAULT_BUDGET", "CardMark", "DealAnalysis", "analyse", "analyse_back",
           "position_of"]
