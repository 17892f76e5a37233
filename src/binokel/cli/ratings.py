"""``binokel ratings``: the computer players' published ratings.

``binokel ratings bots`` plays the arena's duplicate deals between every bot kind of each
game and rates them on the people's scale (binokel.ratings.bots); ``--out`` writes the file
the package ships (``src/binokel/ratings/bot_ratings.json``), with the command that made it.
``binokel ratings show`` prints the published ratings.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
from typing import TYPE_CHECKING
from typing import Any

from .common import UserError

if TYPE_CHECKING:
    from ..ratings.model import Rating


def register(sub: Any) -> None:
    p = sub.add_parser("ratings", help="the computer players' published ratings",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    b = acts.add_parser("bots", help="measure the bots' ratings in the arena")
    b.add_argument("--games", default="", help="comma-separated games (default: every game)")
    b.add_argument("--kinds", default="",
                   help="comma-separated bot kinds (default: every kind of the game)")
    b.add_argument("--deals", default="100", metavar="N | GAME=N,...",
                   help="duplicate deals per game, or per game by name (default 100)")
    b.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help="stop a game's deals after this many seconds (the file records "
                        "the deals played)")
    b.add_argument("--against", default="", metavar="KINDS",
                   help="comma-separated kinds already rated: each deal seats one of --kinds "
                        "against these, whose ratings stay fixed (cheaper for the slow kinds)")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--out", default=None, help="write the ratings file here")
    b.add_argument("--update", action="store_true",
                   help="build on the --out file (the published one if it does not exist "
                        "yet): games not measured are kept, and --against adds its kinds")
    s = acts.add_parser("show", help="print the published ratings")
    s.add_argument("--game", default=None)
    p.set_defaults(handler=cmd_ratings)


def cmd_ratings(args: argparse.Namespace) -> int:
    if args.action == "show":
        return _show(args.game)
    from ..bots import bot_names
    from ..ratings.bots import data_file
    from ..ratings.bots import document
    from ..ratings.bots import measure
    from ..registry import find_game
    from ..registry import game_names

    if args.budget is not None and args.budget <= 0:
        raise UserError("--budget must be positive")
    if args.update and not args.out:
        raise UserError("--update needs --out (the file to build on)")
    games = [g.strip() for g in args.games.split(",") if g.strip()] or game_names()
    deals = _deals(args.deals, games)
    base = _base(args.out) if args.update else data_file()
    against = [k.strip() for k in args.against.split(",") if k.strip()]
    results: dict[str, tuple[dict[str, Rating], int]] = {}
    for game in games:
        try:
            find_game(game)
            kinds = ([k.strip() for k in args.kinds.split(",") if k.strip()]
                     or bot_names(game))
            field = _field(base, game, against)
            ratings, played = measure(game, kinds, deals[game], args.seed, args.budget,
                                      against=field or None)
        except ValueError as e:
            raise UserError(str(e)) from None
        results[game] = (ratings, played)
        print(f"{game}: {played} duplicate deals", flush=True)
        for kind, r in sorted(ratings.items(), key=lambda kv: -kv[1].mu):
            print(f"  {kind:<14} mu {r.mu:7.0f}  sigma {r.sigma:5.0f}  shown {r.display:6d}",
                  flush=True)
    if args.out:
        argv = [f"--games={','.join(games)}", f"--seed={args.seed}"]
        if args.kinds:
            argv.append(f"--kinds={args.kinds}")
        if against:
            argv.append(f"--against={','.join(against)}")
        # The deals actually played (a --budget may have cut them short), so that the
        # command reproduces the file exactly.
        argv.append("--deals=" + ",".join(f"{g}={p}" for g, (_, p) in results.items()))
        doc = document(results, "binokel ratings bots " + shlex.join(argv),
                       datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
                       base if args.update else None, added=bool(against))
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print(f"saved {args.out}")
    return 0


def _base(path: str) -> dict[str, Any]:
    """The ratings file to build on: ``path`` if it exists, else the published one."""
    from ..ratings.bots import data_file

    try:
        with open(path, encoding="utf-8") as f:
            doc: dict[str, Any] = json.load(f)
    except FileNotFoundError:
        return data_file()
    except (OSError, ValueError) as e:
        raise UserError(f"{path}: not a ratings file ({e})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("games"), dict):
        raise UserError(f"{path}: not a ratings file")
    return doc


def _field(base: dict[str, Any], game: str, against: list[str]) -> dict[str, Rating]:
    """The ratings of the ``--against`` kinds in ``game`` from ``base``."""
    from ..ratings.model import Rating

    rated = base.get("games", {}).get(game, {}).get("ratings", {})
    missing = [k for k in against if k not in rated]
    if missing:
        raise UserError(f"--against: {', '.join(missing)} not rated in {game} yet")
    return {k: Rating.from_json(rated[k]) for k in against}


def _deals(text: str, games: list[str]) -> dict[str, int]:
    """``--deals``: one number for every game, or ``game=N`` pairs for each game."""
    try:
        if "=" not in text:
            out = dict.fromkeys(games, int(text))
        else:
            out = {g.strip(): int(n) for g, n in (p.split("=", 1) for p in text.split(","))}
    except ValueError:
        raise UserError("--deals: a number, or GAME=N pairs separated by commas") from None
    if set(out) != set(games):
        raise UserError(f"--deals: name the deals of every game ({', '.join(games)})")
    if not all(1 <= n <= 100_000 for n in out.values()):
        raise UserError("--deals: 1 to 100000 per game")
    return out


def _show(game: str | None) -> int:
    from ..ratings.bots import published
    from ..registry import game_names

    for g in [game] if game else game_names():
        try:
            bots = published(g)
        except ValueError as e:
            raise UserError(str(e)) from None
        print(f"{g}:" if bots else f"{g}: no published ratings")
        for b in bots:
            print(f"  {b.kind:<14} mu {b.rating.mu:7.0f}  sigma {b.rating.sigma:5.0f}  "
                  f"shown {b.rating.display:6d}  ({b.rating.deals} deals)")
    sys.stdout.flush()
    return 0
