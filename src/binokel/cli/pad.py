"""``binokel pad``: the score pad in the terminal for a table playing with real cards.

It asks per deal what happened, in the words players use, shows the running sheet (scores
computed by the engine under the table's house rules), lets a deal be corrected or taken back,
and keeps the pad in a JSON file (saved after every change). Commands at the prompt: Enter or
``n`` a new deal, ``c N`` correct deal N, ``u`` take back the last deal, ``s FILE`` save as,
``q`` quit.

It knows no game: it asks the fields of the game's entry form (:meth:`Pad.form`, the
description in :mod:`binokel.core.pad`) one by one, each as its kind reads an answer, and
only those the answers so far make necessary.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from typing import TextIO

from ..core.pad import CheckField
from ..core.pad import Choice
from ..core.pad import ChoiceField
from ..core.pad import Field
from ..core.pad import NumberField
from ..core.pad import PadEntry
from ..core.pad import PadForm
from ..core.pad import PairField
from ..core.pad import PerSeatField
from ..core.pad import SeatField
from ..core.pad import SeatsField
from ..core.pad import TallyField
from ..core.pad import holds
from ..core.pad import words_of
from ..core.texts import load_texts
from ..tournament.pad import Pad
from ..tournament.pad import PadError
from .common import UserError
from .common import add_rule_arguments
from .common import parse_options

MAX_FILE = 10 * 1024 * 1024   # a pad file larger than this is no pad
# The terminal's own words; the game's words (fields, choices, a deal's description) come
# from the pad's form in the same language.
WORDS: dict[str, list[str]] = load_texts("binokel.tournament")["terminal_pad"]
# The commands by their first letter, in either language (a German player typing "k 2"
# and an English one typing "c 2" mean the same).
COMMANDS = {"n": "new", "c": "correct", "k": "correct", "u": "undo", "z": "undo",
            "s": "save", "q": "quit", "b": "quit"}


def register(sub: Any) -> None:
    p = sub.add_parser("pad", help="the score pad for a table with real cards",
                       description=__doc__)
    p.add_argument("--file", help="the pad's JSON file (loaded if it exists, saved always)")
    p.add_argument("--players", help="the names in seat order, comma-separated")
    p.add_argument("--first-dealer", type=int, default=1, help="the seat who deals first (1..)")
    p.add_argument("--lang", choices=["de", "en"], default="de",
                   help="the language of the questions and the sheet (German by default)")
    add_rule_arguments(p)
    p.set_defaults(handler=cmd_pad)


def load_pad(path: Path) -> Pad:
    """A pad from its JSON file, with a clear error for anything wrong."""
    try:
        if path.stat().st_size > MAX_FILE:
            raise UserError(f"{path}: larger than {MAX_FILE} bytes, not a pad")
        data = json.loads(path.read_text(encoding="utf-8"))
        return Pad.from_json(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, PadError) as e:
        raise UserError(f"{path}: {e}") from None


def save_json(path: Path, data: Any) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file renamed)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def cmd_pad(args: argparse.Namespace) -> int:
    path = Path(args.file) if args.file else None
    if path is not None and path.exists():
        pad = load_pad(path)
    else:
        if not args.players:
            raise UserError("a new pad needs --players A,B,C")
        try:
            pad = Pad.new(args.game, [n.strip() for n in args.players.split(",")],
                          args.preset, parse_options(args.option or []), args.first_dealer - 1)
        except PadError as e:
            raise UserError(str(e)) from None
    PadSession(pad, path, sys.stdin, sys.stdout, args.lang).run()
    return 0


class PadSession:
    """The prompt loop on ``inp``/``out`` (the terminal, or a test's streams), in the
    language ``lang`` (``de`` or ``en``)."""

    def __init__(self, pad: Pad, path: Path | None, inp: TextIO, out: TextIO,
                 lang: str = "en") -> None:
        self.pad, self.path, self.inp, self.out = pad, path, inp, out
        self.lang = lang

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def w(self, key: str, **values: Any) -> str:
        """The terminal's text ``key`` in the session's language."""
        return words_of(WORDS, key, **values)[self.lang]

    def ask(self, prompt: str, default: str = "") -> str:
        """One answer; the default on an empty line; EOF ends the session."""
        self.out.write(f"{prompt}{f' [{default}]' if default else ''}: ")
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError
        return line.strip()[:200] or default

    def run(self) -> None:
        self.show()
        while True:
            try:
                cmd = self.ask(self.w("commands"), "n")
            except EOFError:
                break
            word, _, rest = cmd.partition(" ")
            what = COMMANDS.get(word.lower()) if len(word) == 1 else None
            try:
                if what == "quit":
                    break
                if what == "new":
                    self.pad.add(self.ask_entry(None))
                elif what == "correct":
                    index = int(rest) - 1 if rest.strip().isdigit() else -1
                    if not self.pad.deals:
                        raise _fault("no_deal")
                    if not 0 <= index < len(self.pad.deals):
                        raise _fault("which_deal", n=len(self.pad.deals))
                    self.pad.correct(index, self.ask_entry(self.pad.deals[index]))
                elif what == "undo":
                    self.pad.remove_last()
                elif what == "save" and rest.strip():
                    self.path = Path(rest.strip())
                else:
                    self.say(self.w("unknown_command"))
                    continue
            except PadError as e:
                self.say(self.w("not_entered", why=e.said()[self.lang]))
                continue
            except EOFError:
                break
            self.save()
            self.show()

    def save(self) -> None:
        if self.path is not None:
            save_json(self.path, self.pad.to_json())
            self.say(self.w("saved", path=self.path))

    # ------------------------------------------------------------------ the sheet
    def show(self) -> None:
        pad = self.pad
        width = max(8, *(len(n) for n in pad.players)) + 1
        head = f"{'#':>3} {self.w('dealer'):<{width}}" \
            + "".join(f"{n:>{width}}" for n in pad.players)
        self.say(f"{pad.game} ({pad.rules.preset})")
        self.say(head)
        self.say("-" * len(head))
        for line, words in zip(pad.sheet(), pad.descriptions(), strict=True):
            what = words.get(self.lang, "").replace("\u00a0", " ")
            self.say(f"{line.deal:>3} {pad.players[line.dealer]:<{width}}"
                     + "".join(f"{s:>+{width}d}" for s in line.scores) + f"   {what}")
        self.say("-" * len(head))
        self.say(f"{'':>3} {self.w('total'):<{width}}"
                 + "".join(f"{t:>{width}d}" for t in pad.totals()))
        if any(pad.separate_totals()):
            self.say(f"{'':>3} {self.w('separate'):<{width}}"
                     + "".join(f"{t:>{width}d}" for t in pad.separate_totals()))
        winner = pad.winner()
        if winner is not None:
            self.say(self.w("round_over", name=pad.players[winner]))
        else:
            self.say(self.w("next_dealer", name=pad.players[pad.next_dealer()]))
        for _, status in pad.form().status:
            self.say(status[self.lang])

    # ------------------------------------------------------------------ one deal
    def ask_entry(self, old: PadEntry | None) -> PadEntry:
        """One deal, field by field as the game's form asks it (a correction offers the
        old entry's answers)."""
        form = self.pad.form()
        old_values = form.given(old.to_json()) if old is not None else {}
        values: dict[str, Any] = {}
        for f in form.fields:
            if not holds(f.when, form.values(values)):
                continue
            values[f.name] = self.ask_field(form, f, values,
                                            old_values.get(f.name, f.default))
        return self.pad.read_entry(form.entry(values))

    def ask_field(self, form: PadForm, f: Field, values: dict[str, Any], default: Any) -> Any:
        """The answer to one field, as its kind reads it."""
        label = form.label(f, values)[self.lang]
        names = self.pad.players
        if isinstance(f, ChoiceField):
            return self.choice(label, f.choices, default)
        if isinstance(f, CheckField):
            return self._yes(label, bool(default))
        if isinstance(f, NumberField):
            return self.number(label, default)
        if isinstance(f, SeatField):
            return self.seat(label, default, f.none is not None)
        if isinstance(f, SeatsField):
            shown = ",".join(names[s] for s in default) if default else ""
            answer = self.ask(f"{label} {self.w('comma_separated')}", shown)
            return [_seat(x.strip(), names) for x in answer.split(",") if x.strip()]
        if isinstance(f, PairField):
            return self.pair(label, f.parts, default)
        if isinstance(f, PerSeatField):
            return self.per_seat(form, f, values, default)
        if isinstance(f, TallyField):
            return self.tally(label, f.choices, f.columns, default)
        raise _fault("field_kind", name=f.name, kind=repr(f.kind))

    def _yes(self, label: str, default: bool) -> bool:
        """A yes or no (y/j or n); the default on an empty line."""
        yes = "j" if self.lang == "de" else "y"
        return self.ask(f"{label}? {self.w('yes_no')}", yes if default else "n")[:1].lower() \
            in ("y", "j")

    def choice(self, label: str, choices: Sequence[Choice], default: Any) -> Any:
        """One of ``choices`` by its value, its words or the start of either."""
        def token(c: Choice) -> str:
            return c.value if isinstance(c.value, str) else c.label[self.lang]
        shown = next((token(c) for c in choices if c.value == default), "")
        answer = self.ask(f"{label} ({' / '.join(token(c) for c in choices)})", shown).lower()
        for exact in (True, False):
            hits = [c for c in choices if any(
                (t.lower() == answer) if exact else t.lower().startswith(answer)
                for t in (str(c.value), *c.label.values()))]
            if len(hits) == 1 and answer:
                return hits[0].value
        raise _fault("choice_wrong", label=label,
                     choices=", ".join(token(c) for c in choices), answer=f"{answer!r:.20}")

    def seat(self, prompt: str, default: int | None, allow_none: bool = False) -> int | None:
        names = self.pad.players
        if allow_none:
            prompt += self.w("if_unknown")
        answer = self.ask(prompt, names[default] if default is not None else "")
        if allow_none and answer in ("", "-"):
            return None
        return _seat(answer, names)

    def pair(self, label: str, parts: Sequence[Mapping[str, str]],
             default: list[int] | None) -> list[int] | None:
        names = self.pad.players
        shown = ",".join(names[s] for s in default) if default else "-"
        who = ", ".join(p[self.lang] for p in parts)
        answer = self.ask(f"{label} {self.w('pair', who=who)}", shown)
        if answer == "-":
            return None
        pair = [_seat(x.strip(), names) for x in answer.split(",")]
        if len(pair) != 2:
            raise _fault("pair_wrong", label=label, who=who)
        return pair

    def number(self, prompt: str, default: int | None = None) -> int:
        answer = self.ask(prompt, "" if default is None else str(default))
        try:
            return int(answer)
        except ValueError:
            raise _fault("number_wrong", label=prompt, answer=f"{answer!r:.20}") from None

    def per_seat(self, form: PadForm, f: PerSeatField, values: dict[str, Any],
                 old: list[int] | None) -> list[int] | None:
        """A number per seat that the field asks (others 0); the last one defaults to what
        is left of an exact total."""
        label = form.label(f, values)[self.lang]
        if f.optional and not self._yes(label, bool(old)):
            return None
        dealer = values.get("dealer", 0)
        seats = list(form.in_play[dealer])
        if f.others_of and values.get(f.others_of) is not None and form.parties:
            party = form.parties[dealer]
            seats = [s for s in seats if party[s] != party[values[f.others_of]]]
        out = [0] * len(self.pad.players)
        for i, s in enumerate(seats):
            default: int | None = old[s] if old and s < len(old) else None
            if f.total is not None and f.exact and i == len(seats) - 1:
                default = f.total - sum(out)
            out[s] = self.number(f"  {label} {self.pad.players[s]}", default)
        return out

    def tally(self, label: str, rows: Sequence[Choice], columns: Sequence[Choice],
              default: list[list[str]] | None) -> list[list[str | int]]:
        """Row:column tokens, each once per time it happened (rows by number or name)."""
        listed = ", ".join(f"{k} {c.label[self.lang]}" for k, c in enumerate(rows, 1))
        cols = f" {self.w('or')} ".join(f":{c.value}" for c in columns)
        shown = " ".join(f"{_row_number(rows, r)}:{c}" for r, c in default or ()) or "-"
        out: list[list[str | int]] = []
        asked = self.w("tally", listed=listed, cols=cols, first=columns[0].value)
        for token in self.ask(f"{label} {asked}", shown).split():
            if token == "-":
                continue
            row, _, col = token.partition(":")
            hits = [c for k, c in enumerate(rows, 1)
                    if row == str(k) or row.lower() == str(c.value).lower()]
            if len(hits) != 1 or col not in [str(c.value) for c in columns]:
                raise _fault("tally_wrong", label=label, token=f"{token!r:.20}",
                             n=len(rows), cols=cols)
            out.append([hits[0].value, next(c.value for c in columns if str(c.value) == col)])
        return out


def _fault(key: str, **values: Any) -> PadError:
    """A mistake in an answer, said in every language (:meth:`PadError.said`)."""
    words = words_of(WORDS, key, **values)
    return PadError(words["en"], None, words)


def _row_number(rows: Sequence[Choice], value: Any) -> int:
    return next((k for k, c in enumerate(rows, 1) if c.value == value), 0)


def _seat(answer: str, names: Sequence[str]) -> int:
    """A seat from a name (or its start, unambiguous) or a number from 1."""
    if answer.isdigit() and 1 <= int(answer) <= len(names):
        return int(answer) - 1
    hits = [i for i, n in enumerate(names) if n.lower() == answer.lower()]
    hits = hits or [i for i, n in enumerate(names) if n.lower().startswith(answer.lower())]
    if len(hits) != 1 or not answer:
        raise _fault("who", answer=f"{answer!r:.20}", n=len(names))
    return hits[0]


__all__ = ["PadSession", "cmd_pad", "load_pad", "register", "save_json"]
