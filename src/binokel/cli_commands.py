"""The subcommands of ``binokel`` (each ``add_*`` adds one subparser with its handler)."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from .cli import UserError, parse_options
from .core.cards import card_name
from .games.binokel.rules import Rules
from .games.binokel.state import random_deal
from .record import Record


def register(sub: Any) -> None:
    add_replay(sub)
    add_validate(sub)
    add_simulate(sub)
    # Further subcommands (play, serve, arena, solve, analyse, rules) register here.
    import importlib
    for mod in ("tui.command", "web.command", "server.command", "arena_command", "rules_help"):
        try:
            m = importlib.import_module(f"binokel.{mod}")
        except ModuleNotFoundError as e:
            # Only "that module does not exist (yet)" is tolerated, not a broken import in it.
            if e.name is None or not f"binokel.{mod}".startswith(e.name):
                raise
            continue
        m.register(sub)


def rules_from_args(args: argparse.Namespace) -> Rules:
    return Rules.from_preset(args.preset, **parse_options(args.option or []))


def add_rule_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--preset", default="standard", help="standard, turnier or aks")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. -o lost_factor=1 (repeatable)")


# ---------------------------------------------------------------- replay
def add_replay(sub: Any) -> None:
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
        if state.is_over:
            out.update(state.result.to_json())
        print(json.dumps(out, ensure_ascii=False))
        return 0
    from .describe import describe_deal
    print(describe_deal(state, lang=args.lang, style=args.cards))
    return 0


# ---------------------------------------------------------------- validate
def add_validate(sub: Any) -> None:
    p = sub.add_parser("validate", help="check a record: format, rules, deck and every action")
    p.add_argument("files", nargs="+")
    p.set_defaults(handler=cmd_validate)


def cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    for f in args.files:
        try:
            state = Record.load(f).validate()
        except ValueError as e:
            print(f"{f}: invalid: {e}", file=sys.stderr)
            bad += 1
            continue
        status = "complete" if state.is_over else f"unfinished ({len(state.history)} actions)"
        print(f"{f}: valid, {status}")
    return 1 if bad else 0


# ---------------------------------------------------------------- simulate
def add_simulate(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play random legal deals and print the rate")
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    add_rule_arguments(p)
    p.set_defaults(handler=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.deals <= 0:
        raise UserError("--deals must be positive")
    rules = rules_from_args(args)
    rng = random.Random(args.seed)
    contracts: dict[str, int] = {}
    actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(args.deals):
        state = random_deal(rules, i % 3, rng)
        actions += len(state.history)
        assert state.result is not None
        contracts[state.result.contract] = contracts.get(state.result.contract, 0) + 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    # CPU time is what one core delivers even when the machine is busy with other work.
    print(f"{args.deals} random deals in {dt:.2f} s ({cpu:.2f} s CPU): "
          f"{args.deals / cpu:,.0f} deals/s, {actions / cpu:,.0f} actions/s per core")
    print("contracts: " + ", ".join(f"{k} {v}" for k, v in sorted(contracts.items())))
    return 0


def card_label(c: int, style: str, lang: str) -> str:
    return card_name(c, style, lang)
