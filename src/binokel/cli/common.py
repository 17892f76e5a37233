"""What the commands share: the user's mistakes as one-line errors, rule options from the
command line."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from ..core.rules import RuleSet
from ..registry import find_game


class UserError(Exception):
    """A mistake in the command line or its input; printed without a traceback."""


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``["lost_factor=1", "rufen=yes"]`` -> ``{"lost_factor": 1, "rufen": "yes"}``.

    >>> parse_options(["lost_factor=1", "rufen=yes"])
    {'lost_factor': 1, 'rufen': 'yes'}
    """
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


def add_rule_arguments(p: argparse.ArgumentParser, game: bool = True) -> None:
    """``--game``, ``--preset`` and ``-o NAME=VALUE``."""
    if game:
        p.add_argument("--game", default="binokel", help="the game (binokel rules: the list)")
    p.add_argument("--preset", default=None, help="the game's preset (default: its first)")
    p.add_argument("-o", "--option", action="append", metavar="NAME=VALUE",
                   help="a rule option, e.g. -o lost_factor=1 (repeatable)")


def game_rules(game: str, preset: str | None, options: dict[str, Any],
               target: int | None = None, deals: int | None = None) -> RuleSet:
    """The rules of ``game`` from the command line's preset, options, target and deals."""
    try:
        spec = find_game(game)
    except ValueError as e:
        raise UserError(str(e)) from None
    options = dict(options)
    for name, value in (("target", target), ("deals_per_series", deals)):
        if value is None:
            continue
        if name not in spec.options:
            raise UserError(f"{game} has no {'--target' if name == 'target' else '--deals'}")
        options[name] = value
    data: dict[str, Any] = {"options": options}
    if preset is not None:
        data["preset"] = preset
    try:
        return spec.make_rules(data)
    except ValueError as e:
        raise UserError(str(e)) from None


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    return game_rules(args.game, args.preset, parse_options(args.option or []))


__all__ = ["UserError", "add_rule_arguments", "game_rules", "parse_options", "rules_from_args"]
