"""``binokel solve`` and ``binokel analyse``: the perfect-information value of recorded
positions and each player's mistakes. They read every hand: analysis tools, not players."""

from __future__ import annotations

import argparse
from typing import Any

from ..record import Record
from .common import UserError


def register(sub: Any) -> None:
    p = sub.add_parser("solve", help="perfect-information value of a recorded position "
                       "(reads every hand: an analysis tool)")
    p.add_argument("file")
    p.add_argument("--at", type=int, default=None,
                   help="action index of the position (default: every play of the deal)")
    p.set_defaults(handler=cmd_solve)
    a = sub.add_parser("analyse", help="mark each player's mistakes in a recorded deal "
                       "(points lost against best play)")
    a.add_argument("file")
    a.add_argument("--from-trick", type=int, default=7,
                   help="analyse from this trick on (earlier tricks take long to solve)")
    a.set_defaults(handler=cmd_analyse)


def _play_positions(path: str) -> tuple[list[Any], list[str]]:
    rec = Record.load(path)
    states = list(rec.states())
    return states[:-1], list(rec.actions)


def cmd_solve(args: argparse.Namespace) -> int:
    from ..games.binokel.solver import describe_solution
    from ..games.binokel.solver import solve
    states, actions = _play_positions(args.file)
    indices = [args.at] if args.at is not None else [
        i for i, s in enumerate(states) if s.phase == "play" and len(s.tricks) >= 7]
    for i in indices:
        if not 0 <= i < len(states) or states[i].phase != "play":
            raise UserError(f"action {i} is not a card play of this record")
        sol = solve(states[i])
        print(f"action {i} (seat {states[i].to_move} played {actions[i][5:]}): "
              + describe_solution(sol))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from ..games.binokel.solver import analyse
    states, actions = _play_positions(args.file)
    keep = [i for i, s in enumerate(states) if s.phase == "play"
            and len(s.tricks) + 1 >= args.from_trick]
    marks = analyse([states[i] for i in keep], [actions[i] for i in keep])
    if not marks:
        print("no mistakes found")
    for m in marks:
        print(f"action {keep[m.index]}: seat {m.seat} played {m.played[5:]}, best was "
              f"{m.best[5:]}: {m.loss} points given away")
    return 0
