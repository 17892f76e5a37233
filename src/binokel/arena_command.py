"""``binokel arena``: duplicate matches between bots."""

from __future__ import annotations

import argparse
from typing import Any

from .cli import UserError, parse_options


def register(sub: Any) -> None:
    add_solve(sub)
    p = sub.add_parser("arena", help="duplicate matches between bots, with ratings")
    p.add_argument("--bots", default=None, help="comma-separated bot kinds, e.g. "
                   "heuristic,random (default: the kinds of --lineup)")
    p.add_argument("--deals", type=int, default=200, help="duplicate deals (groups)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--game", default="binokel")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--preset", default="standard")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="run on a Ray cluster (optional dependency binokel[ray])")
    p.add_argument("--out", default=None, help="save results as JSON (and a .txt table)")
    p.add_argument("--lineup", default=None, metavar="KIND,KIND,...",
                   help="rotate this line-up (one bot per seat, e.g. strong,heuristic,heuristic) "
                        "through the seats instead of playing every assignment")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(handler=cmd_arena)


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import run_match, save

    lineup = [k.strip() for k in args.lineup.split(",")] if args.lineup else None
    if args.bots:
        kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    elif lineup:
        kinds = list(dict.fromkeys(lineup))
    else:
        raise UserError("say --bots KIND,KIND or --lineup KIND,KIND,...")
    if args.deals <= 0:
        raise UserError("--deals must be positive")
    rules_data = {"preset": args.preset, "options": parse_options(args.option or [])}
    try:
        result = run_match(kinds, args.deals, args.seed, args.game, rules_data, args.players,
                           args.workers, progress=not args.no_progress,
                           ray_address=args.ray, lineup=lineup)
    except ValueError as e:
        raise UserError(str(e)) from None
    print(result.table())
    if args.out:
        save(result, args.out)
        print(f"saved {args.out}")
    return 0


def add_solve(sub: Any) -> None:
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
    from .record import Record
    rec = Record.load(path)
    states = list(rec.states())
    return states[:-1], list(rec.actions)


def cmd_solve(args: argparse.Namespace) -> int:
    from .games.binokel.solver import describe_solution, solve
    states, actions = _play_positions(args.file)
    indices = [args.at] if args.at is not None else [
        i for i, s in enumerate(states) if s.phase == "play" and len(s.hands[0]) >= 0
        and len(s.tricks) >= 7]
    for i in indices:
        if not 0 <= i < len(states) or states[i].phase != "play":
            raise UserError(f"action {i} is not a card play of this record")
        sol = solve(states[i])
        print(f"action {i} (seat {states[i].to_move} played {actions[i][5:]}): "
              + describe_solution(sol))
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    from .games.binokel.solver import analyse
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
