"""``binokel replay``: a recorded deal told trick by trick, and its result (or as JSON)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..present.describe import describe_deal
from ..record import Record


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="print a recorded deal trick by trick and its result")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")
    p.add_argument("--lang", choices=["de", "en"], default="de")
    p.add_argument("--cards", choices=["token", "words", "symbol", "french"], default="token",
                   help="how cards are shown")
    p.set_defaults(handler=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    rec = Record.load(args.file)
    state = rec.replay()
    if args.json:
        out: dict[str, Any] = {"game": rec.game, "over": state.is_over}
        if state.result is not None:
            out.update(state.result.to_json())
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(describe_deal(state, lang=args.lang, style=args.cards))
    return 0
