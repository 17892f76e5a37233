"""``binokel rules [GAME]``: each game's rules in brief and all its options, German or English.

>>> print(rules_text("kreuzbinokel", "en").splitlines()[0])
Kreuzbinokel (four, partners opposite) — game "kreuzbinokel", 4 players
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from ..core.rules import Option
from ..registry import find_game
from ..registry import games
from .common import UserError

HEAD = {
    "de": {"game": "Spiel", "players": "Spieler", "presets": "Voreinstellungen (--preset)",
           "options": "Optionen (-o NAME=WERT)", "default": "Vorgabe", "allowed": "erlaubt",
           "games": "Spiele (binokel rules SPIEL):", "no_help": "(noch kein Regeltext)"},
    "en": {"game": "game", "players": "players", "presets": "Presets (--preset)",
           "options": "Options (-o NAME=VALUE)", "default": "default", "allowed": "allowed",
           "games": "Games (binokel rules GAME):", "no_help": "(no rules text yet)"},
}
GROUPS = {
    "deal": ("Geben", "Deck and deal"), "points": ("Augen", "Card points"),
    "bidding": ("Reizen", "Bidding"), "play": ("Spiel", "Play"), "melds": ("Meldungen", "Melds"),
    "abgehen": ("Abgehen", "Going out"), "scoring": ("Abrechnung", "Scoring"),
    "special": ("Sonderspiele", "Special games"), "round": ("Runde", "End of a round"),
    "reservations": ("Vorbehalte", "Reservations"),
}


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _option_line(o: Option, lang: str, h: dict[str, str]) -> list[str]:
    text = o.de if lang == "de" else o.en
    allowed = (", ".join(_value(a) for a in o.allowed) if o.allowed is not None
               else ("yes, no" if isinstance(o.default, bool) else o.check_label(lang)))
    lines = [f"  {o.name} ({h['default']} {_value(o.default)}; {h['allowed']}: {allowed})"]
    lines += textwrap.wrap(text, 92, initial_indent="      ", subsequent_indent="      ")
    # what the named values mean, one a line: the description no longer spells them out
    for a in o.allowed or ():
        label = o.value_label(a, lang)
        if label != str(a):
            lines += textwrap.wrap(label, 92, initial_indent=f"        {a}: ",
                                   subsequent_indent="          ")
    return lines


def rules_text(game: str, lang: str = "de") -> str:
    """The help of ``game``: title, the rules in brief, the presets and every option."""
    spec = find_game(game)
    h = HEAD["en" if lang == "en" else "de"]
    title = spec.title[1] if lang == "en" else spec.title[0]
    out = [f"{title} — {h['game']} \"{spec.name}\", "
           f"{' / '.join(map(str, spec.players))} {h['players']}", ""]
    out.append(spec.help.get(lang) or spec.help.get("de") or h["no_help"])
    if spec.presets:
        out += ["", h["presets"]]
        for name, (en, de) in spec.presets.items():
            out.append(f"  {name}: {en if lang == 'en' else de}")
    if spec.options:
        out += ["", h["options"]]
        groups: dict[str, list[Option]] = {}
        for o in spec.options.values():
            groups.setdefault(o.group, []).append(o)
        for group, opts in groups.items():
            names = GROUPS.get(group, (group, group))
            out.append(f" {names[1] if lang == 'en' else names[0]}:")
            for o in opts:
                out += _option_line(o, lang, h)
    return "\n".join(out)


def games_text(lang: str = "de") -> str:
    h = HEAD["en" if lang == "en" else "de"]
    lines = [h["games"]]
    for spec in sorted(games(), key=lambda s: s.name):
        name = spec.name
        title = spec.title[1] if lang == "en" else spec.title[0]
        lines.append(f"  {name:<14} {title} — {'/'.join(map(str, spec.players))} "
                     f"{h['players']}")
    return "\n".join(lines)


def register(sub: Any) -> None:
    p = sub.add_parser("rules", help="explain a game and all its options (German or English)")
    p.add_argument("game", nargs="?", help="the game; without it, the list of games")
    p.add_argument("--lang", choices=["de", "en"], default="de")
    p.set_defaults(handler=cmd_rules)


def cmd_rules(args: argparse.Namespace) -> int:
    if args.game is None:
        print(games_text(args.lang))
        return 0
    try:
        print(rules_text(args.game, args.lang))
    except ValueError as e:
        raise UserError(str(e)) from None
    return 0
