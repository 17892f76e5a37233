"""The score pad of Doppelkopf (:class:`~binokel.core.pad.PadAdapter`): a deal as players
enter it, its checks, its form, the Pflichtsoli and Bockrunden a series carries from deal to
deal, and its facts scored by :func:`.scoring.score`.

An entry (:class:`DokoEntry`) says the ``contract``; ``re``: the Re seats at the end of the
deal (the soloist alone; after a Genscher its player and the partner he named);
``re_augen``, ``re_tricks``; ``announced``: the levels of Re and Kontra at the end (-1 none,
0 Re/Kontra, 1-4 keine 90 / 60 / 30 / schwarz); ``specials``: (what, party) of the special
points the table scores (:func:`specials_of`; gegen die Alten follows from the winner and is
not entered); ``partner_found``: a Hochzeit that found its partner; ``genscher``: (its
player, the partner he named), option ``genscher``; ``pflicht``: the solo was a
Pflichtsolo: with the option ``pflichtsolo`` a declared solo of a seat that still owes one
is, so the pad sets it; the same dealer deals again and the deal does not count towards
``deals_per_series``.

>>> pad = DokoPad()
>>> entry = pad.parse({"dealer": 0, "re": [0, 2], "re_augen": 150, "re_tricks": 7,
...                    "announced": [0, -1], "specials": [["Fuchs gefangen", "re"]]}, 4)
>>> pad.score(DokoRules(), 4, entry)[1].scores   # won 1, Re angesagt 2, Fuchs 1
(4, -4, 4, -4)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import cast

from ...core.outcome import Outcome
from ...core.pad import MAX_TALLY
from ...core.pad import CheckField
from ...core.pad import Choice
from ...core.pad import ChoiceField
from ...core.pad import Field
from ...core.pad import Note
from ...core.pad import NumberField
from ...core.pad import PadBook
from ...core.pad import PadError
from ...core.pad import PadForm
from ...core.pad import PairField
from ...core.pad import Rest
from ...core.pad import SeatsField
from ...core.pad import TallyField
from ...core.pad import When
from ...core.pad import Words
from ...core.pad import only_fields
from ...core.pad import read_bool
from ...core.pad import read_dealer
from ...core.pad import read_int
from ...core.pad import read_ints
from ...core.pad import read_text
from ...core.pad import refuse
from ...core.pad import words_of
from ...core.rules import RuleSet
from .announcements import SCHWARZ
from .deal import ARMUT
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import NORMAL
from .deal import RE
from .deal import SOLOS
from .deal import STILLE_HOCHZEIT
from .deal import THROWN_IN
from .deal import seating
from .facts import DokoFacts
from .facts import scored_as_solo
from .reservations import solos_of
from .rules import DokoRules
from .scoring import DokoResult
from .scoring import score
from .series import BockBook
from .series import PflichtsoloBook
from .specials import BY_NAME
from .specials import SPECIALS as TABLE
from .specials import scored
from .texts import TEXTS

CONTRACTS = (NORMAL, HOCHZEIT, STILLE_HOCHZEIT, ARMUT, *SOLOS, THROWN_IN)
# The special points as players report them, each worth 1, in the scoring's words
# (:mod:`.specials`); which of them a table scores: specials_of(rules).
SPECIALS = tuple(s.name for s in TABLE)
# The special points of the last trick: they go to the party that won it.
LAST_TRICK = tuple(s.name for s in TABLE if s.last_trick)
PARTIES = (RE, KONTRA)
# the parties as players say them, in either language
PARTY_WORDS = {RE: "Re", KONTRA: "Kontra"}
# The option without which a contract is not played.
CONTRACT_OPTION = {"solo koenige": "koenigssolo", "solo damenbuben": "damen_buben_solo",
                   "solo fleischlos": "fleischlos", "solo koenigebuben": "koenige_buben_solo",
                   "solo koenigedamen": "koenige_damen_solo", "solo koehler": "koehler_solo",
                   ARMUT: "armut"}
ASKED = ("dealer", "contract", "re", "re_augen", "re_tricks", "announced", "specials",
         "partner_found", "pflicht", "genscher", "herz_trick")
_WORDS = TEXTS.sections["pad"]
_ERRORS = TEXTS.sections["pad_errors"]


def _said(key: str, **values: Any) -> dict[str, str]:
    """A pad error of the ``[pad_errors]`` texts in every language."""
    return words_of(_ERRORS, key, **values)


@dataclass(frozen=True)
class DokoEntry:
    """What the players say about one deal (see the module's text)."""

    dealer: int
    contract: str = NORMAL
    re: tuple[int, ...] = ()
    re_augen: int = 0
    re_tricks: int = 0
    announced: tuple[int, int] = (-1, -1)
    specials: tuple[tuple[str, str], ...] = ()
    partner_found: bool = True
    pflicht: bool = False
    genscher: tuple[int, int] | None = None
    herz_trick: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "contract": self.contract}
        if self.re:
            out.update(re=list(self.re), re_augen=self.re_augen, re_tricks=self.re_tricks,
                       announced=list(self.announced),
                       specials=[list(x) for x in self.specials],
                       partner_found=self.partner_found)
        if self.pflicht:
            out["pflicht"] = True
        if self.genscher is not None:
            out["genscher"] = list(self.genscher)
        if self.herz_trick:
            out["herz_trick"] = True
        return out


_PLAYED = {f.name: f.default for f in dataclasses.fields(DokoEntry)
           if f.name not in ("dealer", "contract", "partner_found", "pflicht")}


def allowed_contracts(rules: DokoRules) -> tuple[str, ...]:
    """The contracts a deal may have under ``rules``, in the order a form offers them: the
    solos of ``solos_of``, Armut with ``armut``, thrown in with ``armut`` (nobody takes it)
    or a ``throw_*`` option.

    >>> allowed_contracts(DokoRules(throw_nines=5))[-2:]
    ('solo S', 'thrown in')
    """
    out = [NORMAL, HOCHZEIT, STILLE_HOCHZEIT]
    if rules.armut:
        out.append(ARMUT)
    out += solos_of(rules)
    if rules.armut or rules.throws:
        out.append(THROWN_IN)
    return tuple(out)


def specials_of(rules: DokoRules) -> dict[str, int]:
    """The special points a table scores under ``rules``, each with the most one deal can
    have (:func:`.specials.scored`): Doppelkopf (one a trick), Fuchs gefangen (two foxes),
    Karlchen unless ``karlchen`` is off and with it Doppel-Karlchen (``karlchen_double``)
    and Karlchen gefangen (``karlchen_gefangen``: both Karlchen may be caught), Fuchs im
    letzten Stich (``fuchs_last_trick``).

    >>> specials_of(DokoRules(karlchen="off", fuchs_last_trick=True))
    {'Doppelkopf': 12, 'Fuchs gefangen': 2, 'Fuchs im letzten Stich': 1}
    """
    return scored(rules)


def thrown_in_reasons(rules: DokoRules) -> list[tuple[str, int]]:
    """Why a deal may be thrown in under ``rules``: ``("armut", 0)`` (nobody takes the
    Armut), ``("nines", n)``, ``("kings", n)``, ``("nines_kings", n)`` (a hand with at least
    n of them), ``("points", n)`` (at least n Augen), ``("one_trump", 0)``,
    ``("fuchs_highest", 0)``."""
    out = [("armut", 0)] if rules.armut else []
    out += [(kind, n) for kind, n in (("nines", rules.throw_nines),
                                      ("kings", rules.throw_kings),
                                      ("nines_kings", rules.throw_nines_kings),
                                      ("points", rules.throw_points)) if n]
    out += [(kind, 0) for kind, on in (("one_trump", rules.throw_one_trump),
                                       ("fuchs_highest", rules.throw_fuchs_highest)) if on]
    return out


class DokoBook:
    """What a Doppelkopf series keeps from deal to deal, as ``DokoSeries`` keeps it: the
    seats that still owe their Pflichtsolo (``PflichtsoloBook``) and the Bock levels of the
    coming deals (``BockBook``)."""

    def __init__(self, rules: DokoRules, players: int) -> None:
        self.pflicht = PflichtsoloBook(rules, players)
        self.bock = BockBook(rules, players)
        self.deals_per_series = rules.series_deals(players)
        self.repeat: list[bool] = []   # per deal: a Pflichtsolo, the same dealer deals again

    @property
    def deals_left(self) -> int:
        """The deals still to play towards ``deals_per_series`` (Pflichtsoli on top)."""
        return max(0, self.deals_per_series - self.repeat.count(False))

    def rules_for(self, rules: RuleSet, dealer: int) -> RuleSet:
        """The rules of the deal ``dealer`` deals next (``pflicht_owed``, ``vorgefuehrt``,
        ``bock_level``), as the series'."""
        return self.bock.rules_for(self.pflicht.rules_for(cast(DokoRules, rules), dealer,
                                                          self.deals_left))

    def book(self, outcome: Outcome, rules: RuleSet) -> bool:
        result = cast(DokoResult, outcome)
        repeat = self.pflicht.book_result(result, cast(DokoRules, rules))
        self.bock.book_result(result, cast(DokoRules, rules))
        self.repeat.append(repeat)
        return repeat


class DokoPad:
    """The score pad of Doppelkopf."""

    # ------------------------------------------------------------------ reading
    def parse(self, data: Mapping[str, Any], players: int) -> DokoEntry:
        only_fields(data, ASKED, "doppelkopf")
        specials = data.get("specials", [])
        if not isinstance(specials, list) or len(specials) > MAX_TALLY:
            raise refuse("specials", f"a list of at most {MAX_TALLY} [what, party]")
        pairs: list[tuple[str, str]] = []
        for x in specials:
            if not (isinstance(x, list) and len(x) == 2 and all(isinstance(y, str) for y in x)):
                raise refuse("specials", "each is [what, party]")
            pairs.append((read_text(x[0], "specials", 30), read_text(x[1], "specials", 10)))
        announced = read_ints(data.get("announced", [-1, -1]), "announced", -1, SCHWARZ)
        if len(announced) != 2:
            raise refuse("announced", "[Re level, Kontra level]")
        genscher = None
        if data.get("genscher") is not None:
            pair = read_ints(data["genscher"], "genscher", 0, 8)
            if len(pair) != 2:
                raise refuse("genscher", "[its player, the partner he named] or absent")
            genscher = (pair[0], pair[1])
        # After a Genscher Re is its player and the partner he named: a form need not say
        # it twice.
        re = data.get("re", list(genscher) if genscher is not None else [])
        return DokoEntry(
            dealer=read_dealer(data, players),
            contract=read_text(data.get("contract", NORMAL), "contract", 20),
            re=read_ints(re, "re", 0, 8),
            re_augen=read_int(data.get("re_augen", 0), "re_augen", 0, 240),
            re_tricks=read_int(data.get("re_tricks", 0), "re_tricks", 0, 12),
            announced=(announced[0], announced[1]), specials=tuple(pairs),
            partner_found=read_bool(data.get("partner_found", True), "partner_found"),
            pflicht=read_bool(data.get("pflicht", False), "pflicht"), genscher=genscher,
            herz_trick=read_bool(data.get("herz_trick", False), "herz_trick"))

    def new_book(self, rules: RuleSet, players: int) -> PadBook:
        return DokoBook(cast(DokoRules, rules), players)

    def as_entered(self, entry: DokoEntry) -> DokoEntry:
        return dataclasses.replace(entry, pflicht=False)

    # ------------------------------------------------------------------ scoring
    def score(self, rules: RuleSet, players: int,
              entry: DokoEntry) -> tuple[DokoEntry, Outcome]:
        """Check ``entry`` against ``rules`` (the deal's own, with its Bock level and the
        Pflichtsoli still owed) and score its facts, the special points as reported. The
        entry comes back with ``pflicht`` as the rules make it: a declared solo of a seat
        that owes one."""
        r = cast(DokoRules, rules)
        facts = self.facts(r, players, entry)
        return dataclasses.replace(entry, pflicht=facts.pflicht), score(facts, r)

    def facts(self, rules: DokoRules, players: int, e: DokoEntry) -> DokoFacts:
        """The facts of the deal ``e`` says, checked against ``rules``."""
        active = seating(e.dealer, players)[0]
        check_contract(rules, e)
        if e.contract == THROWN_IN:
            for name, default in _PLAYED.items():
                if getattr(e, name) != default:
                    raise refuse(name, "a thrown-in deal is not played: no parties, Augen, "
                                 "announcements, special points or Genscher",
                                 _said("thrown_in_played"))
            return DokoFacts(players=players, active=active, contract=THROWN_IN)
        re, alone = check_parties(rules, active, e)
        soloist = re[0] if e.contract.startswith("solo") else None
        pflicht = soloist is not None and rules.owes_pflichtsolo(soloist)
        if e.pflicht and not pflicht:
            raise refuse("pflicht", f"seat {soloist} owes no Pflichtsolo (played it already)",
                         _said("pflicht_played", seat=(soloist or 0) + 1))
        tricks, augen = check_counts(rules, e)
        if alone and e.specials:
            raise refuse("specials", "a game scored as a solo has no special points",
                         _said("solo_no_specials"))
        if e.herz_trick and (alone or "herz_trick" not in rules.bock_after.split(",")):
            raise refuse("herz_trick", "a real Herz trick is entered only where it starts a "
                         "Bockrunde (bock_after herz_trick) and not in a game scored as a solo",
                         _said("herz_trick_where"))
        check_specials(rules, e.specials, tricks, augen)
        # A stille Hochzeit ended by a Genscher is two against two from then on, as in the
        # engine: a normal game.
        contract = NORMAL if e.genscher is not None and e.contract == STILLE_HOCHZEIT \
            else e.contract
        partner_found = not (contract == HOCHZEIT and not e.partner_found)
        assert scored_as_solo(contract, partner_found) == alone
        return DokoFacts(players=players, active=active, contract=contract, re_seats=re,
                         augen=(augen[RE], augen[KONTRA]), tricks=(tricks[RE], tricks[KONTRA]),
                         announced=e.announced, specials=e.specials,
                         partner_found=partner_found, genscher=e.genscher,
                         stille_genscher=e.genscher is not None and e.contract == STILLE_HOCHZEIT,
                         pflicht=pflicht, herz_trick=e.herz_trick)

    # ------------------------------------------------------------------ the form
    def form(self, rules: RuleSet, names: Sequence[str], book: PadBook) -> PadForm:
        r = cast(DokoRules, rules)
        n = len(names)
        contracts = allowed_contracts(r)
        return PadForm(fields=tuple(form_fields(r, contracts)),
                       in_play=tuple(tuple(sorted(seating(d, n)[0])) for d in range(n)),
                       notes=tuple(form_notes(r, contracts, names)),
                       status=tuple(status(r, names, book)))

    def describe(self, entry: DokoEntry, outcome: Outcome, rules: RuleSet,
                 names: Sequence[str]) -> dict[str, str]:
        """The contract and the soloist, won or lost; a Pflichtsolo, a Genscher, a Bock
        deal."""
        r = cast(DokoRules, rules)
        parts = [words_of(TEXTS.sections["pad_contracts"], entry.contract)]
        if outcome.declarer is not None:
            made = _w("made_yes" if outcome.made else "made_no")
            who = names[outcome.declarer]
            parts = [{lang: f"{w}: {who} {made[lang]}" for lang, w in parts[0].items()}]
        marks: list[Words] = []
        if entry.pflicht:
            marks.append(_w("pflicht_short"))
        if entry.genscher is not None:
            marks.append(words_of(_WORDS, "genscher_mark", name=names[entry.genscher[0]]))
        if r.bock_level:
            marks.append(words_of(_WORDS, "bock_short", n=r.bock_multiplier()))
        # Each mark stays on one line (a no-break space inside it).
        return {lang: " · ".join([parts[0][lang], *(m[lang].replace(" ", "\u00a0")
                                                    for m in marks)])
                for lang in parts[0]}


def _w(key: str) -> dict[str, str]:
    return words_of(_WORDS, key)


# ---------------------------------------------------------------------- the checks
def check_contract(rules: DokoRules, e: DokoEntry) -> None:
    """A contract the rules allow (a solo when a seat is vorgeführt); a Pflichtsolo only
    with the option and only as a declared solo."""
    allowed = allowed_contracts(rules)
    contract = e.contract
    if contract not in allowed:
        if contract in CONTRACT_OPTION:
            raise refuse("contract", f"{contract} is not played under these rules "
                         f"({CONTRACT_OPTION[contract]} off)",
                         _said("contract_off", contract=contract))
        if contract == THROWN_IN:
            raise refuse("contract", "a deal is thrown in only with armut (nobody takes "
                         "it) or a throw_* option", _said("thrown_in_when"))
        raise refuse("contract", f"one of {', '.join(allowed)}, not {contract!r}")
    solo = contract.startswith("solo")
    if rules.vorgefuehrt >= 0 and not solo:
        raise refuse("contract", f"seat {rules.vorgefuehrt} is vorgeführt: this deal is a "
                     "solo (DDV Vorführen)", _said("vorgefuehrt_solo", seat=rules.vorgefuehrt + 1))
    if e.pflicht and not rules.pflichtsolo:
        raise refuse("pflicht", "a Pflichtsolo is played only under the option pflichtsolo",
                     _said("pflicht_off"))
    if e.pflicht and not solo:
        raise refuse("pflicht", f"only a declared solo is a Pflichtsolo, not a {contract}",
                     _said("pflicht_solo_only"))


def check_parties(rules: DokoRules, active: tuple[int, ...],
                  e: DokoEntry) -> tuple[tuple[int, ...], bool]:
    """The Re seats (in play, each once; two, or the soloist alone; after a Genscher its
    player and the partner he named) and whether the game is scored as a solo."""
    re = tuple(sorted(set(e.re)))
    if len(re) != len(e.re) or any(s not in active for s in re):
        raise refuse("re", f"seats in play ({', '.join(map(str, active))}), each once",
                     _said("re_seats"))
    g = e.genscher
    if g is not None:
        check_genscher(rules, active, e)
        if set(re) != set(g):
            raise refuse("re", "after a Genscher, Re is its player and the partner he named",
                         _said("re_genscher"))
    alone = g is None and scored_as_solo(e.contract, e.partner_found)
    if len(re) != (1 if alone else 2):
        lone = " without partner" if alone and not e.contract.startswith("solo") else ""
        raise refuse("re", f"{'the soloist alone' if alone else 'two seats'} in a "
                     f"{e.contract}{lone}", _said("re_alone" if alone else "re_two"))
    solo = e.contract.startswith("solo")
    if rules.vorgefuehrt >= 0 and ((re[0] if solo else None) != rules.vorgefuehrt
                                   or g is not None):
        raise refuse("re", f"seat {rules.vorgefuehrt} is vorgeführt: this deal is his "
                     "solo (DDV Vorführen), and no other game",
                     _said("vorgefuehrt_re", seat=rules.vorgefuehrt + 1))
    return re, alone


def check_counts(rules: DokoRules, e: DokoEntry) -> tuple[dict[str, int], dict[str, int]]:
    """Re's tricks and Augen as a deal can have them: per party (tricks, Augen)."""
    n_tricks = rules.hand_size
    if not 0 <= e.re_tricks <= n_tricks:
        raise refuse("re_tricks", f"0..{n_tricks}", _said("re_tricks_range", n=n_tricks))
    if not 0 <= e.re_augen <= 240:
        raise refuse("re_augen", "0..240", _said("re_augen_range"))
    if not all(-1 <= x <= SCHWARZ for x in e.announced):
        raise refuse("announced", "levels -1 (none) to 4 (schwarz)", _said("announced_levels"))
    if (e.re_tricks == 0 and e.re_augen) or (e.re_tricks == n_tricks and e.re_augen != 240):
        raise refuse("re_augen", f"Re took {e.re_tricks} tricks and {e.re_augen} Augen: "
                     "that cannot be", _said("re_counts", tricks=e.re_tricks, augen=e.re_augen))
    return ({RE: e.re_tricks, KONTRA: n_tricks - e.re_tricks},
            {RE: e.re_augen, KONTRA: 240 - e.re_augen})


def check_genscher(rules: DokoRules, active: tuple[int, ...], e: DokoEntry) -> None:
    """A Genscher (option ``genscher``) as the engine allows it: its player names another
    seat in play, in a normal game, a stille Hochzeit, or with ``genscher_hochzeit`` a
    Hochzeit that found its partner."""
    assert e.genscher is not None
    if rules.genscher == "off":
        raise refuse("genscher", "not played under these rules (genscher off)",
                     _said("genscher_off"))
    a, b = e.genscher
    if a == b or a not in active or b not in active:
        raise refuse("genscher", "its player and the partner he named: two seats in play",
                     _said("genscher_seats"))
    c = e.contract
    if c in (NORMAL, STILLE_HOCHZEIT):
        return
    if c == HOCHZEIT and rules.genscher_hochzeit and e.partner_found:
        return
    where = "a normal game or a stille Hochzeit" if not rules.genscher_hochzeit else \
        "a normal game, a stille Hochzeit or a Hochzeit that found its partner"
    lone = " without partner" if c == HOCHZEIT else ""
    raise refuse("genscher", f"not in a {c}{lone}: only in {where}",
                 _said("genscher_where_hochzeit" if rules.genscher_hochzeit
                       else "genscher_where"))


def check_specials(rules: DokoRules, specials: Sequence[tuple[str, str]],
                   tricks: Mapping[str, int], augen: Mapping[str, int]) -> None:
    """Special points that the rules score and the deal could have given: each of
    :func:`specials_of` at most as often as a deal has it, the last trick's to one party and
    as its winning card allows, a Doppelkopf a trick of 40 Augen or more."""
    allowed = specials_of(rules)
    for what, party in set(specials):
        if party not in PARTIES:
            raise refuse("specials", f"{what}: for re or kontra, not {party!r}")
        if what not in allowed:
            if what not in BY_NAME:
                raise refuse("specials", f"one of {', '.join(allowed)}, not {what!r}")
            raise refuse("specials", f"{what} does not count under these rules "
                         f"({BY_NAME[what].off(rules)} off)", _said("special_off", what=what))
    n = Counter(w for w, _ in specials)
    for what, k in n.items():
        if k > allowed[what]:
            raise refuse("specials", f"at most {allowed[what]} {what} in a deal, not {k}",
                         _said("special_most", what=what, most=allowed[what], n=k))
    check_last_trick(rules, specials, n, allowed)
    for party in PARTIES:
        mine = [w for w, p in specials if p == party]
        dk = mine.count("Doppelkopf")
        if mine and not tricks[party]:
            raise refuse("specials", f"{party} took no trick, so no special point",
                         _said("special_no_trick", party=PARTY_WORDS[party]))
        if dk > tricks[party] or 40 * dk > augen[party]:
            raise refuse("specials", f"{party} has {dk} Doppelkopf (a trick of 40 Augen "
                         f"each) with {tricks[party]} tricks and {augen[party]} Augen",
                         _said("special_doppelkopf", party=PARTY_WORDS[party], n=dk,
                               tricks=tricks[party], augen=augen[party]))


def check_last_trick(rules: DokoRules, specials: Sequence[tuple[str, str]],
                     n: Mapping[str, int], allowed: Mapping[str, int]) -> None:
    """The special points of the last trick and the foxes as one deal can hold them."""
    if len({p for w, p in specials if w in LAST_TRICK}) > 1:
        raise refuse("specials", f"{', '.join(w for w in LAST_TRICK if w in allowed)} go to "
                     "the party that won the last trick: to one party",
                     _said("last_trick_one_party"))
    if n["Doppel-Karlchen"] and not n["Karlchen"]:
        raise refuse("specials", "Doppel-Karlchen comes with the Karlchen that won the last "
                     "trick", _said("doppel_karlchen_alone"))
    if n["Karlchen"] and n["Fuchs im letzten Stich"]:
        raise refuse("specials", "the last trick was won by one card: the Karlchen or the "
                     "Fuchs, not both", _said("karlchen_or_fuchs"))
    if n["Karlchen"] + n["Karlchen gefangen"] > 2:
        raise refuse("specials", "there are two Karlchen: won and caught at most twice",
                     _said("two_karlchen"))
    if rules.karlchen_double and n["Karlchen"] and n["Karlchen gefangen"] and \
            not n["Doppel-Karlchen"]:
        raise refuse("specials", "both Karlchen lay in the last trick: the one that won it "
                     "scores Doppel-Karlchen too", _said("doppel_karlchen_missing"))
    if n["Fuchs gefangen"] + n["Fuchs im letzten Stich"] > 2:
        raise refuse("specials", "there are two foxes: caught and winning the last trick "
                     "at most twice", _said("two_foxes"))


# ---------------------------------------------------------------------- the form
def form_fields(r: DokoRules, contracts: Sequence[str]) -> list[Field]:
    """The entry form's fields under the deal's rules ``r``."""
    solos = tuple(c for c in contracts if c.startswith("solo"))
    played: When = ({"!contract": (THROWN_IN,)},)
    # No Genscher (where the table plays it at all).
    none: dict[str, tuple[Any, ...]] = {"genscher": (None,)} if r.genscher != "off" else {}
    # Scored as a solo: a solo or a stille Hochzeit without Genscher, a Hochzeit without
    # partner.
    alone: When = ({"contract": (*solos, STILLE_HOCHZEIT), **none},
                   {"contract": (HOCHZEIT,), "partner_found": (False,)})
    two: When = ({"contract": (NORMAL, ARMUT, HOCHZEIT), "partner_found": (True,)},)
    vor = r.vorgefuehrt
    fields: list[Field] = [
        ChoiceField("contract", _w("contract"), default=solos[0] if vor >= 0 else NORMAL,
                    choices=tuple(Choice(c, words_of(TEXTS.sections["pad_contracts"], c))
                                  for c in contracts)),
        CheckField("partner_found", _w("partner_found"), default=True,
                   when=({"contract": (HOCHZEIT,)},))]
    if r.genscher != "off":
        where: When = ({"contract": (NORMAL, STILLE_HOCHZEIT)},)
        if r.genscher_hochzeit:
            where += ({"contract": (HOCHZEIT,), "partner_found": (True,)},)
        fields.append(PairField("genscher", _w("genscher"), when=where,
                                parts=(_w("genscher_by"), _w("genscher_partner")),
                                hint=_w("genscher_hint")))
    fields += [
        SeatsField("re", _w("re_party"), count=2, when=({**two[0], **none},)),
        SeatsField("soloist", _w("soloist"), key="re", when=alone[:1],
                   default=[vor] if vor >= 0 else None),
        SeatsField("hochzeit_player", _w("hochzeit_player"), key="re", when=alone[1:]),
        NumberField("re_augen", _w("re_augen"), when=played, high=240,
                    rest=Rest(240, _w("kontra_augen")), labels=((alone, _w("solo_augen")),)),
        NumberField("re_tricks", _w("re_tricks"), when=played, high=r.hand_size,
                    labels=((alone, _w("solo_tricks")),)),
        ChoiceField("announced_re", _w("announced_re"), key="announced", index=0,
                    when=played, default=-1, choices=levels(RE),
                    labels=((alone, _w("announced_solo")),)),
        ChoiceField("announced_kontra", _w("announced_kontra"), key="announced", index=1,
                    when=played, default=-1, choices=levels(KONTRA))]
    if "herz_trick" in r.bock_after.split(","):   # a Bock event the pad cannot see
        fields.append(CheckField("herz_trick", _w("herz_trick"), when=two))
    specials = specials_of(r)
    if specials:
        fields.append(TallyField(
            "specials", _w("specials"), choices=tuple(
                Choice(w, words_of(TEXTS.sections["pad_specials"], w), most)
                for w, most in specials.items()),
            columns=tuple(Choice(p, _w(f"lv_{p}")) for p in PARTIES),
            when=two + (({"contract": (STILLE_HOCHZEIT,), "!genscher": (None,)},)
                        if none else ())))
    return fields


def levels(party: str) -> tuple[Choice, ...]:
    """The announcement levels of ``party``: none, Re or Kontra, keine 90 ... schwarz."""
    return tuple(Choice(v, _w("lv_none" if v < 0 else f"lv_{party}" if v == 0 else f"lv_{v}"))
                 for v in range(-1, SCHWARZ + 1))


def form_notes(r: DokoRules, contracts: Sequence[str], names: Sequence[str]) -> list[Note]:
    """Why a deal may be thrown in; whose Pflichtsolo a solo is."""
    out = []
    if THROWN_IN in contracts:
        why = [words_of(_WORDS, f"thrown_{kind}", n=k) for kind, k in thrown_in_reasons(r)]
        joined = {lang: f" {_w('or')[lang]} ".join(w[lang] for w in why) for lang in ("de", "en")}
        out.append(Note({lang: _w("thrown_hint")[lang].format(why=joined[lang])
                         for lang in joined}, ({"contract": (THROWN_IN,)},)))
    if r.pflichtsolo and r.vorgefuehrt < 0:
        solos = tuple(c for c in contracts if c.startswith("solo"))
        out += [Note(words_of(_WORDS, "pflicht_now", name=names[s]),
                     ({"contract": solos, "soloist": ([s],)},))
                for s in range(len(names)) if r.owes_pflichtsolo(s)]
    return out


def status(r: DokoRules, names: Sequence[str], book: PadBook) -> list[tuple[str, Words]]:
    """What to know about the next deal: a Bock deal, the Vorführung, the Pflichtsoli
    owed."""
    out: list[tuple[str, Words]] = []
    if r.bock_level:
        out.append(("bock", words_of(_WORDS, "bock_deal", n=r.bock_multiplier())))
    if r.vorgefuehrt >= 0:
        out.append(("vorgefuehrt", words_of(_WORDS, "vorgefuehrt",
                                             name=names[r.vorgefuehrt])))
    if r.pflichtsolo:
        owed = [names[s] for s in range(len(names)) if r.owes_pflichtsolo(s)]
        nobody = _w("nobody")
        out.append(("pflicht", {lang: _WORDS["pflicht_owed"][i].format(
            names=", ".join(owed) or nobody[lang]) for i, lang in enumerate(("de", "en"))}))
    return out


def pflicht_owed(book: PadBook) -> tuple[int, ...]:
    """The seats that still owe their Pflichtsolo after the deals of ``book``."""
    if not isinstance(book, DokoBook):
        raise PadError("not a Doppelkopf pad")
    return tuple(sorted(book.pflicht.owed))


__all__ = ["CONTRACTS", "LAST_TRICK", "SPECIALS", "DokoBook", "DokoEntry", "DokoPad",
           "allowed_contracts", "pflicht_owed", "specials_of", "thrown_in_reasons"]
