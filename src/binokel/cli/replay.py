"""``binokel replay``: a recorded deal told trick by trick, and its result (or as JSON).

The players' names and the language saved in the record (``names``, ``x-lang``) are used;
``--lang`` overrides the language. Cards written as words are separated by commas.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..present.describe import describe_deal
from ..record import Record

MAX_NAME = 40  # a saved name longer than this is cut: a record is a stranger's file


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="print a recorded deal trick by trick and its result")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")
    p.add_argument("--lang", choices=["de", "en"], default=None,
                   help="the language (default: the record's, else German)")
    p.add_argument("--cards", choices=["token", "words", "symbol", "french"], default="token",
                   help="how cards are shown")
    p.set_defaults(handler=cmd_replay)


def record_names(rec: Record) -> list[str] | None:
    """The players' names saved in ``rec`` when they are one short text per seat."""
    names = rec.extra.get("names")
    if not isinstance(names, list) or len(names) != rec.players \
            or not all(isinstance(n, str) and n.strip() for n in names):
        return None
    return [" ".join(n.split())[:MAX_NAME] for n in names]


def record_lang(rec: Record) -> str:
    """The language saved in ``rec`` (``x-lang``), German when there is none."""
    return "en" if rec.extra.get("x-lang") == "en" else "de"


def cmd_replay(args: argparse.Namespace) -> int:
    rec = Record.load(args.file)
    state = rec.replay()
    if args.json:
        out: dict[str, Any] = {"game": rec.game, "over": state.is_over}
        if state.result is not None:
            out.update(state.result.to_json())
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(describe_deal(state, lang=args.lang or record_lang(rec), style=args.cards,
                        names=record_names(rec)))
    return 0
