"""The ``binokel`` command line.

Subcommands are registered in :func:`build_parser`; each handler returns an exit code. User
mistakes (a bad file, an unknown option) print one line to stderr and exit non-zero, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .core.errors import RulesError
from .record import RecordError

Handler = Callable[[argparse.Namespace], int]


class UserError(Exception):
    """A mistake in the command line or its input; printed without a traceback."""


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``["lost_factor=1", "rufen=yes"]`` -> ``{"lost_factor": 1, "rufen": "yes"}``."""
    out: dict[str, Any] = {}
    for p in pairs:
        name, eq, value = p.partition("=")
        if not eq or not name:
            raise UserError(f"option {p!r}: expected NAME=VALUE")
        try:
            out[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[name.strip()] = value
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="binokel", description="Binokel: rules engine, computer players, games, records.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from . import cli_commands
    cli_commands.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except (UserError, RecordError, RulesError) as e:
        print(f"binokel: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
