"""``binokel play``: the terminal game against two computer players."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..bots import bot_names
from ..cli import UserError
from ..cli_commands import add_rule_arguments, rules_from_args


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a round against two computer players in the terminal")
    add_rule_arguments(p)
    p.add_argument("--seed", type=int, default=None, help="seed for the cards and the bots")
    p.add_argument("--bots", default="heuristic,heuristic",
                   help="the computer players at seats 1 and 2, e.g. heuristic,random")
    p.add_argument("--target", type=int, default=None, help="points that win the round")
    p.add_argument("--lang", choices=["de", "en"], default="de")
    p.add_argument("--cards", choices=["letters", "symbols", "words"], default="letters")
    p.add_argument("--save-dir", type=Path, default=Path("records"),
                   help="where every finished deal is saved as a record (default ./records)")
    p.add_argument("--no-save", action="store_true", help="do not save records")
    p.set_defaults(handler=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    from .app import GameConfig, run_terminal_game

    rules = rules_from_args(args)
    if args.target is not None:
        rules = rules.replace(target=args.target)
    kinds = [k.strip() for k in args.bots.split(",")]
    if len(kinds) != 2:
        raise UserError("--bots needs two bot kinds, e.g. heuristic,random")
    for k in kinds:
        if k not in bot_names():
            raise UserError(f"unknown bot {k!r} (known: {', '.join(bot_names())})")
    run_terminal_game(GameConfig(rules=rules, seed=args.seed, bots=(kinds[0], kinds[1]),
                                 lang=args.lang, cards=args.cards,
                                 save_dir=None if args.no_save else args.save_dir))
    return 0
