"""``binokel tournament FILE ACTION``: a club tournament kept in one JSON file.

Actions: ``create`` (date, place, game, preset and options, rounds, deals per round, table
sizes, tie rule), ``add NAME...`` (late arrivals once play has begun), ``withdraw NUMBER``,
``start`` (seat the next round; prints the tables and the repeat meetings left), ``enter
ROUND TABLE SCORE...`` or ``enter ROUND TABLE --pad PAD.json``, ``ranking`` (overall or
``--round N``), ``show`` (the players and every round's tables), ``pdf KIND OUT`` (slips,
cards, ranking) and ``csv KIND OUT`` (ranking, scores). The file is rewritten whole after
every change.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..tournament.club import TIE_RULES
from ..tournament.club import Tournament
from ..tournament.printout import ranking_csv
from ..tournament.printout import ranking_pdf
from ..tournament.printout import run_slips
from ..tournament.printout import scores_csv
from ..tournament.printout import table_cards
from .common import UserError
from .common import parse_options
from .pad import load_pad
from .pad import save_json

MAX_FILE = 50 * 1024 * 1024   # a tournament file larger than this is no tournament


def register(sub: Any) -> None:
    p = sub.add_parser("tournament", help="a club tournament in a JSON file",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="the tournament's JSON file")
    acts = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = acts.add_parser("create", help="a new tournament")
    c.add_argument("--title", required=True)
    c.add_argument("--date", required=True, help="YYYY-MM-DD")
    c.add_argument("--place", default="")
    c.add_argument("--game", default="binokel")
    c.add_argument("--preset", default=None)
    c.add_argument("-o", "--option", action="append", metavar="NAME=VALUE")
    c.add_argument("--rounds", type=int, default=3)
    c.add_argument("--deals", type=int, default=15, help="deals per round")
    c.add_argument("--tables", default="", help="table sizes, e.g. 3,4 (default: the game's)")
    c.add_argument("--preferred", type=int, default=None, help="the preferred table size")
    c.add_argument("--tie-rule", choices=TIE_RULES, default="shared")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--force", action="store_true", help="overwrite an existing file")
    a = acts.add_parser("add", help="register players")
    a.add_argument("names", nargs="+")
    w = acts.add_parser("withdraw", help="a player leaves")
    w.add_argument("number", type=int)
    s = acts.add_parser("start", help="seat the next round")
    s.add_argument("--bots", action="store_true", help="fill missing seats with bots")
    e = acts.add_parser("enter", help="a table's round totals, or its score pad")
    e.add_argument("round", type=int)
    e.add_argument("table", type=int)
    e.add_argument("scores", nargs="*", type=int)
    e.add_argument("--pad", help="the table's score pad (binokel pad --file)")
    r = acts.add_parser("ranking", help="the ranking")
    r.add_argument("--round", type=int, default=None, help="of this round alone")
    r.add_argument("--after", type=int, default=None, help="after this round")
    acts.add_parser("show", help="players and tables")
    pdf = acts.add_parser("pdf", help="run slips, table cards or the ranking as PDF")
    pdf.add_argument("kind", choices=("slips", "cards", "ranking"))
    pdf.add_argument("out")
    pdf.add_argument("--round", type=int, default=None, help="cards: the round (default last)")
    pdf.add_argument("--lang", choices=("de", "en"), default="de")
    csv = acts.add_parser("csv", help="the ranking or every entered score as CSV")
    csv.add_argument("kind", choices=("ranking", "scores"))
    csv.add_argument("out")
    csv.add_argument("--lang", choices=("de", "en"), default="de")
    p.set_defaults(handler=cmd_tournament)


def load(path: Path) -> Tournament:
    try:
        if path.stat().st_size > MAX_FILE:
            raise UserError(f"{path}: larger than {MAX_FILE} bytes, not a tournament")
        return Tournament.from_json(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise UserError(f"{path}: no such tournament (create it first)") from None
    except (OSError, ValueError) as e:   # JSON, text and ClubError are ValueErrors
        raise UserError(f"{path}: {e}") from None


def cmd_tournament(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        if args.action == "create":
            if path.exists() and not args.force:
                raise UserError(f"{path} exists (--force to overwrite)")
            try:
                sizes = [int(x) for x in args.tables.split(",") if x.strip()]
            except ValueError:
                raise UserError("--tables: sizes like 3,4") from None
            t = Tournament.new(args.title, args.date, args.place, args.game,
                               rounds=args.rounds, deals_per_round=args.deals,
                               preset=args.preset, options=parse_options(args.option or []),
                               table_sizes=sizes, preferred_size=args.preferred,
                               tie_rule=args.tie_rule, seed=args.seed)
            save_json(path, t.to_json())
            print(f"created {path}: {t.title}, {t.game}, {t.rounds} rounds")
            return 0
        t = load(path)
        changed = ACTIONS[args.action](t, args)
    except ValueError as e:   # ClubError, or no such round for the table cards
        raise UserError(str(e)) from None
    if changed:
        save_json(path, t.to_json())
    return 0


def _add(t: Tournament, args: argparse.Namespace) -> bool:
    for name in args.names:
        number = t.add_player(name)
        late = f" (from round {t.player(number).joined})" if t.current_round else ""
        print(f"{number:>4}  {name}{late}")
    return True


def _withdraw(t: Tournament, args: argparse.Namespace) -> bool:
    t.withdraw(args.number)
    print(f"{t.player(args.number).name} withdrawn after round {t.current_round}")
    return True


def _start(t: Tournament, args: argparse.Namespace) -> bool:
    r = t.start_round(fill_with_bots=args.bots)
    print(f"Round {r.number}: {len(r.tables)} tables, repeat meetings {r.repeats} "
          f"(no seating could have fewer than {r.lower_bound})")
    _print_tables(t, r.number)
    return True


def _print_tables(t: Tournament, round_no: int) -> None:
    r = t.played[round_no - 1]
    for n, seats in enumerate(r.tables, 1):
        who = ", ".join("Bot" if s is None else f"{s} {t.player(s).name}" for s in seats)
        done = "  " + " ".join(map(str, r.results[n].scores)) if n in r.results else ""
        print(f"  table {n}: {who}{done}")


def _enter(t: Tournament, args: argparse.Namespace) -> bool:
    if args.pad:
        if args.scores:
            raise UserError("enter either scores or --pad")
        t.enter_pad(args.round, args.table, load_pad(Path(args.pad)))
    else:
        t.enter_totals(args.round, args.table, args.scores)
    missing = len(t.played[args.round - 1].tables) - len(t.played[args.round - 1].results)
    print(f"round {args.round}, table {args.table}: "
          f"{' '.join(map(str, t.played[args.round - 1].results[args.table].scores))}"
          f"{f' ({missing} to go)' if missing else ' (round complete)'}")
    return True


def _ranking(t: Tournament, args: argparse.Namespace) -> bool:
    lines = t.ranking(up_to=args.after, only=args.round)
    print(f"{'place':>5} {'no':>4}  {'name':<24}{'':>1}" + "".join(
        f"{'R' + str(i + 1):>7}" for i in range(len(lines[0].rounds) if lines else 0))
        + f"{'total':>8}")
    for x in lines:
        print(f"{x.place:>5} {x.number:>4}  {x.name[:24]:<24} "
              + "".join(f"{'-' if v is None else v:>7}" for v in x.rounds)
              + f"{x.total:>8}" + ("  withdrawn" if x.withdrawn else ""))
    return False


def _show(t: Tournament, args: argparse.Namespace) -> bool:
    print(f"{t.heading()}: {t.game} ({t.rules.preset}), {t.rounds} rounds "
          f"of {t.deals_per_round} deals, tables of {t.table_sizes.describe()}, "
          f"tie rule {t.tie_rule}")
    for p in t.players:
        late = f", from round {p.joined}" if p.joined > 1 else ""
        gone = f", withdrawn after round {p.withdrawn_after}" if p.withdrawn_after is not None \
            else ""
        print(f"{p.number:>4}  {p.name}{late}{gone}")
    for r in t.played:
        print(f"Round {r.number} (repeats {r.repeats}, bound {r.lower_bound}):")
        _print_tables(t, r.number)
    return False


def _pdf(t: Tournament, args: argparse.Namespace) -> bool:
    if args.kind == "slips":
        data = run_slips(t, args.lang)
    elif args.kind == "cards":
        data = table_cards(t, args.round or t.current_round, args.lang)
    else:
        data = ranking_pdf(t, lang=args.lang)
    Path(args.out).write_bytes(data)
    print(f"wrote {args.out}")
    return False


def _csv(t: Tournament, args: argparse.Namespace) -> bool:
    text = ranking_csv(t, lang=args.lang) if args.kind == "ranking" else scores_csv(t, args.lang)
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return False


ACTIONS = {"add": _add, "withdraw": _withdraw, "start": _start, "enter": _enter,
           "ranking": _ranking, "show": _show, "pdf": _pdf, "csv": _csv}

__all__ = ["cmd_tournament", "load", "register"]
