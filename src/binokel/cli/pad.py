"""``binokel pad``: the score pad in the terminal for a table playing with real cards.

It asks per deal what happened, in the words players use, shows the running sheet (scores
computed by the engine under the table's house rules), lets a deal be corrected or taken back,
and keeps the pad in a JSON file (saved after every change). Commands at the prompt: Enter or
``n`` a new deal, ``c N`` correct deal N, ``u`` take back the last deal, ``s FILE`` save as,
``q`` quit.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from typing import TextIO

from ..games.binokel.deal import seating as binokel_seating
from ..games.doppelkopf.announcements import ABSAGEN
from ..registry import find_game
from ..tournament.pad import DealEntry
from ..tournament.pad import Pad
from ..tournament.pad import PadError
from ..tournament.pad import allowed_contracts
from ..tournament.pad import entry_form
from .common import UserError
from .common import add_rule_arguments
from .common import parse_options

MAX_FILE = 10 * 1024 * 1024   # a pad file larger than this is no pad
# Doppelkopf's special points as typed (only those the table's rules score are asked).
SPECIAL_CODES = {"d": "Doppelkopf", "f": "Fuchs gefangen", "k": "Karlchen",
                 "kg": "Karlchen gefangen", "dk": "Doppel-Karlchen",
                 "fl": "Fuchs im letzten Stich"}
LEVELS = ("-", "re", *ABSAGEN)   # announcement levels -1, 0, 1..4 as typed


def register(sub: Any) -> None:
    p = sub.add_parser("pad", help="the score pad for a table with real cards",
                       description=__doc__)
    p.add_argument("--file", help="the pad's JSON file (loaded if it exists, saved always)")
    p.add_argument("--players", help="the names in seat order, comma-separated")
    p.add_argument("--first-dealer", type=int, default=1, help="the seat who deals first (1..)")
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
    PadSession(pad, path, sys.stdin, sys.stdout).run()
    return 0


class PadSession:
    """The prompt loop on ``inp``/``out`` (the terminal, or a test's streams)."""

    def __init__(self, pad: Pad, path: Path | None, inp: TextIO, out: TextIO) -> None:
        self.pad, self.path, self.inp, self.out = pad, path, inp, out

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

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
                cmd = self.ask("(n)ew deal, (c)orrect N, (u)ndo, (s)ave FILE, (q)uit", "n")
            except EOFError:
                break
            word, _, rest = cmd.partition(" ")
            try:
                if word == "q":
                    break
                if word == "n":
                    self.pad.add(self.ask_entry(self.pad.next_dealer(), None))
                elif word == "c":
                    index = int(rest) - 1 if rest.strip().isdigit() else -1
                    if not 0 <= index < len(self.pad.deals):
                        raise PadError(f"correct which deal? 1..{len(self.pad.deals)}")
                    old = self.pad.deals[index]
                    self.pad.correct(index, self.ask_entry(old.dealer, old))
                elif word == "u":
                    self.pad.remove_last()
                elif word == "s" and rest.strip():
                    self.path = Path(rest.strip())
                else:
                    self.say("? n, c N, u, s FILE or q")
                    continue
            except PadError as e:
                self.say(f"not entered: {e}")
                continue
            except EOFError:
                break
            self.save()
            self.show()

    def save(self) -> None:
        if self.path is not None:
            save_json(self.path, self.pad.to_json())
            self.say(f"saved to {self.path}")

    # ------------------------------------------------------------------ the sheet
    def show(self) -> None:
        pad = self.pad
        width = max(8, *(len(n) for n in pad.players)) + 1
        head = f"{'#':>3} {'dealer':<{width}}" + "".join(f"{n:>{width}}" for n in pad.players)
        self.say(f"{pad.game} ({pad.rules.preset})")
        self.say(head)
        self.say("-" * len(head))
        for line, deal, bock in zip(pad.sheet(), pad.deals, pad.bock_levels(), strict=True):
            what = _describe(line.contract, line.declarer, pad.players)
            if deal.genscher is not None:
                what += f", Genscher {pad.players[deal.genscher[0]]}"
            if deal.pflicht:
                what += ", Pflichtsolo"
            if bock:
                what += f", Bock x{2 ** bock}"
            self.say(f"{line.deal:>3} {pad.players[line.dealer]:<{width}}"
                     + "".join(f"{s:>+{width}d}" for s in line.scores) + f"   {what}")
        self.say("-" * len(head))
        self.say(f"{'':>3} {'total':<{width}}"
                 + "".join(f"{t:>{width}d}" for t in pad.totals()))
        if any(pad.separate_totals()):
            self.say(f"{'':>3} {'separate':<{width}}"
                     + "".join(f"{t:>{width}d}" for t in pad.separate_totals()))
        winner = pad.winner()
        if winner is not None:
            self.say(f"The round is over: {pad.players[winner]} wins.")
        else:
            self.say(f"Next dealer: {pad.players[pad.next_dealer()]}")
        if pad.game == "doppelkopf":
            form = entry_form(pad)
            if form["bock_next"]:
                self.say(f"The next deal is Bock: it counts x{2 ** form['bock_next']}.")
            if form["pflichtsolo"]:
                owed = ", ".join(pad.players[s] for s in form["owed"]) or "nobody"
                self.say(f"Pflichtsolo still owed by: {owed}")
            if form["vorgefuehrt"] >= 0:
                self.say(f"Vorführung: {pad.players[form['vorgefuehrt']]} must play a solo "
                         "in the next deal (the Pflichtsolo).")

    # ------------------------------------------------------------------ one deal
    def seat(self, prompt: str, default: int | None, allow_none: bool = False) -> int | None:
        names = self.pad.players
        answer = self.ask(prompt, names[default] if default is not None else "")
        if allow_none and answer in ("", "-"):
            return None
        return _seat(answer, names)

    def number(self, prompt: str, default: int | None = None) -> int:
        answer = self.ask(prompt, "" if default is None else str(default))
        try:
            return int(answer)
        except ValueError:
            raise PadError(f"{prompt}: a number, not {answer!r:.20}") from None

    def per_player(self, what: str, old: Sequence[int], seats: Sequence[int],
                   total: int | None = None) -> tuple[int, ...]:
        """A number per seat in ``seats`` (others 0); with ``total`` the last one defaults to
        what is left."""
        values = [0] * len(self.pad.players)
        for i, s in enumerate(seats):
            default: int | None = old[s] if old else None
            if total is not None and i == len(seats) - 1:
                default = total - sum(values)
            values[s] = self.number(f"  {what} {self.pad.players[s]}", default)
        return tuple(values)

    def ask_entry(self, dealer: int, old: DealEntry | None) -> DealEntry:
        game = self.pad.game
        n = len(self.pad.players)
        d = self.seat("Dealer", dealer)
        assert d is not None
        if game in ("binokel", "kreuzbinokel"):
            return self._binokel(d, old, n)
        if game == "doppelkopf":
            return self._doko(d, old, n)
        seats = list(range(n))
        declarer = None
        if game == "luxusfamilie":
            declarer = self.seat("Trump maker (- if unknown)",
                                 old.declarer if old else None, allow_none=True)
        melds = self.per_player("melds", old.melds if old else (), seats)
        points = self.per_player("points" if game == "zweier" else "power points",
                                 old.points if old else (), seats)
        return DealEntry(dealer=d, declarer=declarer, melds=melds, points=points)

    def _binokel(self, dealer: int, old: DealEntry | None, n: int) -> DealEntry:
        seats = [s for s in range(n) if not (n == 4 and self.pad.game == "binokel"
                                             and s == dealer)]
        contracts = allowed_contracts(self.pad.game, self.pad.rules)
        passing = "thrown_in" in contracts
        declarer = self.seat("Declarer (Spielmacher" + ("; - if all passed)" if passing else ")"),
                             old.declarer if old else None, allow_none=passing)
        if declarer is None:
            return DealEntry(dealer=dealer, contract="thrown_in")
        bid = self.number("Bid", old.bid if old else None)
        contract = self.ask(f"Game ({', '.join(c for c in contracts if c != 'thrown_in')})",
                            old.contract if old else "normal")
        if contract in ("durch", "durch open", "untendurch"):
            made = self.ask("Made? (y/n)", "y" if old is None or old.made else "n")
            return DealEntry(dealer=dealer, declarer=declarer, bid=bid, contract=contract,
                             made=made.lower().startswith(("y", "j")))
        if contract == "abgehen":
            # The declarer's side loses its melds: only the others' are asked.
            _, party = binokel_seating(self.pad.game, n, dealer)
            others = [s for s in seats if party[s] != party[declarer]]
            melds = self.per_player("melds", old.melds if old else (), others)
            return DealEntry(dealer=dealer, declarer=declarer, bid=bid, contract=contract,
                             melds=melds)
        melds = self.per_player("melds", old.melds if old else (), seats)
        total = _trick_total(self.pad)
        points = self.per_player("trick points", old.points if old else (), seats, total)
        return DealEntry(dealer=dealer, declarer=declarer, bid=bid, contract=contract,
                         melds=melds, points=points)

    def _doko(self, dealer: int, old: DealEntry | None, n: int) -> DealEntry:
        form = entry_form(self.pad)
        contract = self.ask(f"Game ({', '.join(form['contracts'])})",
                            old.contract if old else "normal")
        if contract == "thrown in":
            return DealEntry(dealer=dealer, contract=contract)
        names = self.pad.players
        partner = True
        if contract == "hochzeit":
            partner = self.ask("Partner found? (y/n)", "y").lower().startswith(("y", "j"))
        genscher: tuple[int, int] | None = None
        if form["genscher"] and (contract in ("normal", "stille hochzeit") or (
                contract == "hochzeit" and partner and form["genscher_hochzeit"])):
            default_g = ",".join(names[s] for s in old.genscher) if old and old.genscher \
                else "-"
            answer = self.ask("Genscher (- for none; who called it, whom he named: A,B)",
                              default_g)
            if answer != "-":
                pair = [_seat(x.strip(), names) for x in answer.split(",")]
                if len(pair) != 2:
                    raise PadError("genscher: who called it and whom he named, e.g. A,B",
                                   "genscher")
                genscher = (pair[0], pair[1])
        if genscher is not None:
            re: tuple[int, ...] = genscher   # the new parties: he and the partner he named
        else:
            default_re = ",".join(names[s] for s in old.re) if old else ""
            re = tuple(_seat(x.strip(), names) for x in
                       self.ask("Re (the seats, comma-separated; the soloist alone)",
                                default_re).split(",") if x.strip())
        augen = self.number("Augen of Re", old.re_augen if old else None)
        tricks = self.number("Tricks of Re", old.re_tricks if old else None)
        levels = []
        for party in ("Re", "Kontra"):
            lv = old.announced[0 if party == "Re" else 1] if old else -1
            answer = self.ask(f"Announced by {party} ({' / '.join(LEVELS)})", LEVELS[lv + 1])
            if answer.lower() not in LEVELS:
                raise PadError(f"announced: one of {', '.join(LEVELS)}", "announced")
            levels.append(LEVELS.index(answer.lower()) - 1)
        codes = {k: v for k, v in SPECIAL_CODES.items() if v in form["specials"]}
        default_sp = " ".join(f"{k}:{p}" for w, p in (old.specials if old else ())
                              for k, v in codes.items() if v == w)
        specials = []
        listed = ", ".join(f"{k} {v}" for k, v in codes.items())
        for token in self.ask(f"Special points ({listed}; each :re or :kontra, e.g. f:re "
                              "d:kontra; - for none)", default_sp or "-").split():
            if token == "-":
                continue
            code, _, party = token.partition(":")
            if code not in codes or party not in ("re", "kontra"):
                raise PadError(f"specials: {token!r}? {', '.join(codes)}, then :re or "
                               ":kontra", "specials")
            specials.append((codes[code], party))
        return DealEntry(dealer=dealer, contract=contract, re=re, re_augen=augen,
                         re_tricks=tricks, announced=(levels[0], levels[1]),
                         specials=tuple(specials), partner_found=partner, genscher=genscher)


def _seat(answer: str, names: Sequence[str]) -> int:
    """A seat from a name (or its start, unambiguous) or a number from 1."""
    if answer.isdigit() and 1 <= int(answer) <= len(names):
        return int(answer) - 1
    hits = [i for i, n in enumerate(names) if n.lower() == answer.lower()]
    hits = hits or [i for i, n in enumerate(names) if n.lower().startswith(answer.lower())]
    if len(hits) != 1 or not answer:
        raise PadError(f"who is {answer!r:.20}? a name or a seat number 1..{len(names)}")
    return hits[0]


def _trick_total(pad: Pad) -> int:
    """The trick points a Binokel deal hands out (the cards and the last-trick bonus)."""
    rules: Any = pad.rules
    deck = find_game(pad.game).full_deck(rules, len(pad.players))
    return int(sum(rules.points[c & 7] for c in deck)) + int(rules.last_trick_bonus)


def _describe(contract: str, declarer: int | None, names: Sequence[str]) -> str:
    return contract if declarer is None else f"{contract}: {names[declarer]}"


__all__ = ["PadSession", "cmd_pad", "load_pad", "register", "save_json"]
