"""``binokel season EVENING.json...``: a club's season ranking (Jahreswertung) from its
evenings, the tournament files of ``binokel tournament``.

The members are named with ``--member NAME`` (or ``KEY=NAME``, the key being an account id);
players of an evening who are no members are guests (ranked only with ``--guests``). The rule
is ``--rule sum`` (every point), ``--rule best --best N`` (the best N evenings) or ``--rule
average`` (points per deal); ``--min-evenings N`` lists members with fewer evenings without a
place. Prints the ranking; ``--pdf`` and ``--csv`` write it as the evenings' printouts do.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..tournament.season import RULES
from ..tournament.season import Member
from ..tournament.season import season_of
from .common import UserError
from .tournament import load

MAX_EVENING_FILES = 100


def register(sub: Any) -> None:
    p = sub.add_parser("season", help="a club's season ranking from its evenings' files",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("evenings", nargs="+", help="the evenings' tournament JSON files")
    p.add_argument("--title", required=True)
    p.add_argument("--member", action="append", default=[], metavar="[KEY=]NAME")
    p.add_argument("--rule", choices=RULES, default="sum")
    p.add_argument("--best", type=int, default=None, help="rule best: evenings that count")
    p.add_argument("--min-evenings", type=int, default=1)
    p.add_argument("--guests", action="store_true", help="rank the guests too")
    p.add_argument("--pdf", default=None, metavar="OUT")
    p.add_argument("--csv", default=None, metavar="OUT")
    p.add_argument("--lang", choices=("de", "en"), default="de")
    p.set_defaults(handler=cmd_season)


def cmd_season(args: argparse.Namespace) -> int:
    from ..tournament.printout import season_csv
    from ..tournament.printout import season_pdf

    if len(args.evenings) > MAX_EVENING_FILES:
        raise UserError(f"at most {MAX_EVENING_FILES} evenings")
    members = []
    for m in args.member:
        key, _, name = m.rpartition("=")
        members.append(Member(key.strip() or name.strip(), name.strip()))
    tournaments = [load(Path(f)) for f in args.evenings]
    try:
        season = season_of(args.title, members, tournaments, rule=args.rule, best=args.best,
                           min_evenings=args.min_evenings, guests=args.guests)
        lines = season.ranking()
    except ValueError as e:
        raise UserError(str(e)) from None
    for line in lines:
        place = "" if line.place is None else f"{line.place}."
        marks = " ".join("-" if v is None else str(v) if c else f"({v})"
                         for v, c in zip(line.evenings, line.counted, strict=True))
        guest = " (guest)" if line.guest else ""
        print(f"{place:>4} {line.name + guest:<28} {marks}  = {line.value}")
    if args.pdf:
        Path(args.pdf).write_bytes(season_pdf(season, args.lang))
        print(f"saved {args.pdf}")
    if args.csv:
        Path(args.csv).write_text(season_csv(season, args.lang), encoding="utf-8")
        print(f"saved {args.csv}")
    return 0
