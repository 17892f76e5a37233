"""The ``binokel`` command line: one module per command, listed in :data:`COMMANDS`.

Each command module has ``register(subparsers)``, which adds its subparser with a handler;
a handler returns an exit code. User mistakes (a bad file, an unknown option) print one line
to stderr and exit non-zero, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from collections.abc import Sequence

from .. import __version__
from ..core.errors import RulesError
from ..record import RecordError
from . import admin
from . import arena
from . import pad
from . import play
from . import ratings
from . import replay
from . import rules
from . import season
from . import serve
from . import simulate
from . import solve
from . import tournament
from . import validate
from .common import UserError

Handler = Callable[[argparse.Namespace], int]
COMMANDS = (play, serve, replay, validate, simulate, arena, solve, rules, pad, tournament,
            ratings, season, admin)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="binokel", description="Binokel: rules engine, computer players, games, records.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register(sub)
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


__all__ = ["COMMANDS", "UserError", "build_parser", "main"]
