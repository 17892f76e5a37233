"""``binokel solve`` and ``binokel analyse``: the perfect-information value of recorded
positions and each player's mistakes, for every game with tricks (:mod:`binokel.analysis`).
They read every hand: analysis tools, not players."""

from __future__ import annotations

import argparse
from typing import Any

from ..record import Record
from ..record import RecordError
from .common import UserError


def register(sub: Any) -> None:
    p = sub.add_parser("solve", help="perfect-information value of recorded positions "
                       "(reads every hand: an analysis tool)")
    p.add_argument("file")
    p.add_argument("--at", type=int, default=None,
                   help="action index of the position (default: every card play of the deal)")
    p.add_argument("--node-budget", type=int, default=None,
                   help="nodes per position (default: the analysis default)")
    p.set_defaults(handler=cmd_solve)
    a = sub.add_parser("analyse", help="mark each player's mistakes in a recorded deal "
                       "(points given away against best play)")
    a.add_argument("file")
    a.add_argument("--from-trick", type=int, default=1,
                   help="analyse from this trick on (default: the whole deal)")
    a.add_argument("--node-budget", type=int, default=None,
                   help="nodes per position (default: the analysis default); a position "
                        "past it is reported as not solved")
    a.set_defaults(handler=cmd_analyse)


def _play_positions(path: str) -> tuple[list[Any], list[str]]:
    try:
        rec = Record.load(path)
        states = list(rec.states())
    except (RecordError, ValueError) as e:
        raise UserError(str(e)) from None
    return states[:-1], list(rec.actions)


def _budget(args: argparse.Namespace) -> int:
    from ..analysis import DEFAULT_BUDGET
    budget: int = DEFAULT_BUDGET if args.node_budget is None else args.node_budget
    if not 1 <= budget <= 10**12:
        raise UserError("--node-budget must be 1..10**12")
    return budget


def cmd_solve(args: argparse.Namespace) -> int:
    from ..analysis import analyse
    from ..analysis import position_of
    states, actions = _play_positions(args.file)
    if args.at is not None:
        i = args.at
        if not 0 <= i < len(states) or not actions[i].startswith("play ") \
                or position_of(states[i]) is None:
            raise UserError(f"action {i} is not a card play of this record that the search "
                            f"can solve")
        indices = [i]
    else:
        indices = list(range(len(states)))
    marks = analyse([states[i] for i in indices], [actions[i] for i in indices],
                    node_budget=_budget(args))
    if not marks:
        print("no card play of this record can be solved")
    for m in marks:
        i = indices[m.index]
        if not m.solved:
            print(f"action {i} (trick {m.trick}, seat {m.seat} played {m.played[5:]}): "
                  f"not solved within {m.nodes} nodes")
            continue
        print(f"action {i} (trick {m.trick}, seat {m.seat} played {m.played[5:]}): value "
              f"{m.value} for the player's side, best {m.best[5:]}, played "
              f"{m.played_value}; {m.nodes} nodes")
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from ..analysis import analyse
    states, actions = _play_positions(args.file)
    keep = [i for i, s in enumerate(states) if len(s.tricks) + 1 >= args.from_trick]
    marks = analyse([states[i] for i in keep], [actions[i] for i in keep],
                    node_budget=_budget(args))
    solved = sorted({m.trick for m in marks if m.solved})
    unsolved = sorted({m.trick for m in marks if not m.solved} - set(solved))
    if not marks:
        print("no card play of this record can be analysed")
        return 0
    print(f"looked at tricks {_ranges(solved) or 'none'}"
          + (f"; not solved within the budget: tricks {_ranges(unsolved)}" if unsolved else ""))
    mistakes = [m for m in marks if m.solved and m.loss > 0]
    if not mistakes:
        print("no mistakes found")
    for m in mistakes:
        print(f"action {keep[m.index]} (trick {m.trick}): seat {m.seat} played "
              f"{m.played[5:]}, best was {m.best[5:]}: {m.loss} points given away")
    return 0


def _ranges(tricks: list[int]) -> str:
    """``1-4, 7`` for [1, 2, 3, 4, 7]."""
    out: list[str] = []
    for t in tricks:
        if out and int(out[-1].split("-")[-1]) == t - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{t}"
        else:
            out.append(str(t))
    return ", ".join(out)
