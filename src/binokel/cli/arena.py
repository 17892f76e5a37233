"""``binokel arena``: duplicate matches between bots."""

from __future__ import annotations

import argparse
from typing import Any

from .common import UserError
from .common import parse_options


def register(sub: Any) -> None:
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
    from ..arena import run_match
    from ..arena import save

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
