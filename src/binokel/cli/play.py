"""``binokel play``: the terminal game against computer players, for every game."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from ..bots import bot_names
from ..registry import find_game
from .common import UserError
from .common import add_rule_arguments
from .common import game_rules
from .common import parse_options


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a round against computer players in the terminal")
    p.add_argument("--players", type=int, default=None,
                   help="number of players (binokel: 3, or 4 with the dealer sitting out; "
                        "luxusfamilie: 3-8; doppelkopf: 4 or 5)")
    add_rule_arguments(p)
    p.add_argument("--seed", type=int, default=None, help="seed for the cards and the bots")
    p.add_argument("--bots", default="heuristic",
                   help="the computer players at the other seats, comma-separated (the last "
                        "one fills the rest), e.g. heuristic,random; levels of every game: "
                        "strong-easy, strong, strong-hard")
    p.add_argument("--target", type=int, default=None, help="points that win the round")
    p.add_argument("--deals", type=int, default=None,
                   help="play a fixed number of deals (games played that way: Doppelkopf, "
                        "Luxusfamilie; Binokel's aks preset)")
    p.add_argument("--name", default=None,
                   help="your name at the table (default: your login name)")
    p.add_argument("--lang", choices=["de", "en"], default="de")
    p.add_argument("--cards", choices=["letters", "symbols", "words"], default="letters")
    p.add_argument("--save-dir", type=Path, default=Path("records"),
                   help="where every finished deal is saved as a record (default ./records)")
    p.add_argument("--no-save", action="store_true", help="do not save records")
    p.add_argument("--hints", action="store_true",
                   help="the key t asks the strong player what to do and what each choice "
                        "is worth (off unless given)")
    p.set_defaults(handler=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    from ..tui.app import GameConfig
    from ..tui.app import run_terminal_game

    try:
        spec = find_game(args.game)
    except ValueError as e:
        raise UserError(str(e)) from None
    players = args.players or spec.default_players
    if players not in spec.players:
        raise UserError(f"{args.game} is for {' or '.join(map(str, spec.players))} players")
    rules = game_rules(args.game, args.preset, parse_options(args.option or []), args.target,
                       args.deals)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    if not kinds or len(kinds) > players - 1:
        raise UserError(f"--bots needs 1 to {players - 1} bot kinds, e.g. heuristic,random")
    known = bot_names(args.game)
    for k in kinds:
        if k not in known:
            raise UserError(f"bot {k!r} does not play {args.game} (bots: {', '.join(known)})")
    name = args.name or os.environ.get("USER", "")
    if not name or name == "root":
        name = "Player" if args.lang == "en" else "Spieler"
    run_terminal_game(GameConfig(rules=rules, game=args.game, players=players, seed=args.seed,
                                 bots=tuple(kinds), lang=args.lang, cards=args.cards,
                                 save_dir=None if args.no_save else args.save_dir,
                                 human_name=name[:24], hints=args.hints))
    return 0
