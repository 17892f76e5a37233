"""``binokel validate``: check records (format, rules, deck, every action, a stored result)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..record import Record


def register(sub: Any) -> None:
    p = sub.add_parser("validate", help="check a record: format, rules, deck and every action")
    p.add_argument("files", nargs="+")
    p.set_defaults(handler=cmd_validate)


def cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    for f in args.files:
        try:
            rec = Record.load(f)
            state = rec.validate()
        except ValueError as e:
            print(f"{f}: invalid: {e}", file=sys.stderr)
            bad += 1
            continue
        status = "complete" if state.is_over else f"unfinished ({len(state.history)} actions)"
        # A record of an older format or version is read as today's (docs/records.md).
        older = f", written by {rec.software}" if rec.software and not rec.migrated else ""
        if rec.migrated:
            older = ", read from " + " and ".join(
                m if m.startswith("binokel-record/") else f"a version before {m}"
                for m in rec.migrated)
        print(f"{f}: valid, {status}{older}")
    return 1 if bad else 0
