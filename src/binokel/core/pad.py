"""The score pad's contract with a game: its entry, its checks and its form description.

A score pad (:mod:`binokel.tournament.pad`) keeps deals played with real cards. It knows no
game: each game's package provides a **pad adapter** (:class:`PadAdapter`, loaded lazily
through ``GameSpec.pad``) that

- reads a deal's entry from untrusted JSON into the game's own typed entry and writes it
  back (``parse``, ``to_json``), refusing what cannot be with a :class:`PadError` that names
  the entry's field;
- turns an entry into the facts of a finished deal and scores them with the game's own
  ``score(facts, rules)`` (``score``): never an engine state;
- describes the entry form (:class:`PadForm`): the fields, their kinds, ranges and
  choices in German and English, and when each is asked, so that every front end (the web
  page, the terminal) builds its form from the description alone;
- keeps what a series carries from deal to deal (a :class:`PadBook`: Doppelkopf's
  Pflichtsoli and Bockrunden; :class:`PlainBook` for the games that carry nothing).

The field kinds and the value each gives the entry:

========== =================================================== =========================
kind        what                                                 value
========== =================================================== =========================
choice      one of ``choices``                                   the choice's value
check       yes or no                                            true / false
number      a whole number ``low``..``high`` in ``step``         a number
seat        a player (``seats``: those in play, or all);         a seat, or null
            ``none``: the words for "nobody / not known"
seats       ``count`` players                                    a list of seats
pair        two different players in play (``parts`` say who     [seat, seat], or absent
            is who), or none
per_seat    a number per player in play (``total``: what they    a list, one per seat
            add up to, exactly or at most)
tally       how often each row happened, per column              a list of [row, column]
========== =================================================== =========================

A field is asked when one of its ``when`` alternatives holds (none: always); an alternative
holds when each field it names has one of the listed values (``"!name"``: none of them), a
field not asked counting with its ``default``. A field fills the entry's ``key`` (its name
unless said), at ``index`` when the entry's field is a list; a field not asked fills
nothing.

>>> form = PadForm(fields=(
...     ChoiceField("contract", {"de": "Spiel", "en": "Game"}, default="normal",
...                 choices=(Choice("normal", {"de": "Normal", "en": "Normal"}),
...                          Choice("durch", {"de": "Durch", "en": "Durch"}))),
...     CheckField("made", {"de": "gewonnen", "en": "made"},
...                when=({"contract": ("durch",)},))), in_play=((1, 2), (0, 2), (0, 1)))
>>> form.asked({"contract": "normal"}), form.asked({"contract": "durch"})
(['contract'], ['contract', 'made'])
>>> form.entry({"contract": "durch", "made": True})
{'contract': 'durch', 'made': True}
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields
from typing import Any
from typing import ClassVar
from typing import Generic
from typing import Protocol
from typing import TypeVar

from .outcome import Outcome
from .rules import RuleSet
from .texts import load_texts

# Words in every language: "de"/"en" -> text.
Words = Mapping[str, str]
# When a field is asked: any of the alternatives, each field it names having one of its values.
When = tuple[Mapping[str, tuple[Any, ...]], ...]

MAX_SEATS = 8              # players at a table
MAX_NUMBER = 100_000       # any single number a player enters
MAX_TALLY = 40             # the rows of one tally (Doppelkopf's special points of a deal)
MAX_TEXT = 40              # a choice's value


class PadError(ValueError):
    """An entry or a pad document that cannot be: the message says what and where, and
    ``field`` names the entry's field it is about (``bid``, ``specials``, ...) where there is
    one, so that a form can point at it. ``words``: the error for a person in every
    language (``{"de": ..., "en": ...}``, see :func:`pad_words`), where a form can make it;
    a page in German never shows the English message (see :meth:`said`)."""

    def __init__(self, message: str, field: str | None = None,
                 words: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.words = dict(words) if words is not None else None

    def said(self) -> dict[str, str]:
        """The error in every language: its ``words``, else a German sentence that points
        at the marked field (the English message is for English readers only).

        >>> PadError("bid: needed", "bid").said()["de"]
        'Diese Eingabe passt nicht – bitte das markierte Feld prüfen.'
        >>> refuse("tricks", "x", pad_words("tricks_sum", n=9, total=8)).said()["en"]
        'The tricks add up to 9, but the deal has 8.'
        """
        if self.words is not None:
            return dict(self.words)
        return {"de": _ERRORS["fallback_field" if self.field else "fallback"][0],
                "en": str(self)}


_ERRORS: dict[str, list[str]] = load_texts("binokel.core")["pad_errors"]


def pad_words(key: str, **values: object) -> dict[str, str]:
    """A pad error of core's ``[pad_errors]`` texts in every language, ``values`` filled in."""
    return words_of(_ERRORS, key, **values)


def refuse(field: str, message: str, words: Mapping[str, str] | None = None) -> PadError:
    """A :class:`PadError` about ``field``; the message starts with the field's name;
    ``words``: the error for a person (see :class:`PadError`)."""
    return PadError(f"{field}: {message}", field, words)


def words_of(pairs: Mapping[str, Sequence[str]], key: str, **values: object) -> dict[str, str]:
    """A text of a game's ``[pad]`` section (``key`` -> ``[German, English]``) in every
    language, ``values`` filled in (none given: the text as it is, placeholders and all).

    >>> words_of({"made": ["{n} gewonnen", "{n} made"]}, "made", n=2)
    {'de': '2 gewonnen', 'en': '2 made'}
    """
    de, en = pairs[key]
    if not values:
        return {"de": de, "en": en}
    return {"de": de.format(**values), "en": en.format(**values)}


# ---------------------------------------------------------------------- the form
@dataclass(frozen=True)
class Choice:
    """One value a field may take, in words; ``most``: how often it may be counted (a
    tally's row)."""

    value: str | int
    label: Words
    most: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "label": dict(self.label)}
        if self.most is not None:
            out["max"] = self.most
        return out


@dataclass(frozen=True)
class Field:
    """One field of an entry form (a kind of :class:`Field` for each kind of value)."""

    kind: ClassVar[str] = ""
    name: str
    label: Words
    when: When = ()
    key: str = ""                 # the entry's field it fills; "" its name
    index: int | None = None      # the place in the entry's field when that is a list
    hint: Words | None = None
    # Other labels where the field means something else (Re's Augen are the soloist's in a
    # solo): the first whose condition holds wins.
    labels: tuple[tuple[When, Words], ...] = ()
    default: Any = None

    @property
    def fills(self) -> str:
        return self.key or self.name

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None or v == () or (f.name == "key" and not v):
                continue
            out[f.name] = _plain(v)
        return out


def _plain(v: object) -> Any:
    """A field's attribute as plain JSON."""
    if isinstance(v, Choice):
        return v.to_json()
    if isinstance(v, Mapping):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    return v


@dataclass(frozen=True)
class ChoiceField(Field):
    kind: ClassVar[str] = "choice"
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class CheckField(Field):
    kind: ClassVar[str] = "check"
    default: bool = False


@dataclass(frozen=True)
class Rest:
    """What a number leaves of ``total`` (Kontra's Augen next to Re's), in words with
    ``{n}``."""

    total: int
    label: Words


@dataclass(frozen=True)
class NumberField(Field):
    kind: ClassVar[str] = "number"
    low: int = 0
    high: int = MAX_NUMBER
    step: int = 1
    rest: Rest | None = None

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.rest is not None:
            out["rest"] = {"total": self.rest.total, "label": dict(self.rest.label)}
        return out


@dataclass(frozen=True)
class SeatField(Field):
    kind: ClassVar[str] = "seat"
    seats: str = "in_play"        # "in_play" or "all"
    none: Words | None = None     # the choice of no seat (a trump maker not known)


@dataclass(frozen=True)
class SeatsField(Field):
    kind: ClassVar[str] = "seats"
    count: int = 1


@dataclass(frozen=True)
class PairField(Field):
    """Two different players in play, or none: ``label`` is what the pair is (the
    Genscher), ``parts`` who each of them is."""

    kind: ClassVar[str] = "pair"
    parts: tuple[Words, ...] = ()


@dataclass(frozen=True)
class PerSeatField(Field):
    """A number per player in play; ``others_of``: only the seats outside the party of the
    seat chosen in that field (the others' melds when the declarer goes out); ``total``:
    what they add up to (exactly, or at most); ``optional``: may be left empty."""

    kind: ClassVar[str] = "per_seat"
    low: int = 0
    high: int = MAX_NUMBER
    step: int = 1
    total: int | None = None
    exact: bool = True
    optional: bool = False
    others_of: str = ""


@dataclass(frozen=True)
class TallyField(Field):
    """How often each of ``choices`` (at most its ``most``) happened for each of
    ``columns``."""

    kind: ClassVar[str] = "tally"
    choices: tuple[Choice, ...] = ()
    columns: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Note:
    """A hint shown with the form while ``when`` holds (why a deal may be thrown in, ...)."""

    text: Words
    when: When = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": dict(self.text), "when": _plain(self.when)}


@dataclass(frozen=True)
class PadForm:
    """What an entry form asks for a deal: its ``fields`` in order; per dealer the seats
    ``in_play`` and each seat's ``parties`` (-1: sits out; only where it matters); the
    ``notes`` shown while their condition holds; ``status``: what to know about the next
    deal (a Bock deal, the Pflichtsoli owed), each as (name, words)."""

    fields: tuple[Field, ...]
    in_play: tuple[tuple[int, ...], ...]
    parties: tuple[tuple[int, ...], ...] = ()
    notes: tuple[Note, ...] = ()
    status: tuple[tuple[str, Words], ...] = ()

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def values(self, given: Mapping[str, object]) -> dict[str, Any]:
        """Every field's value: as ``given`` where it is asked, else its default."""
        out: dict[str, Any] = {}
        for f in self.fields:
            out[f.name] = given.get(f.name, f.default) if holds(f.when, out) else f.default
        return out

    def asked(self, given: Mapping[str, object]) -> list[str]:
        """The fields asked when the fields hold ``given`` (in order)."""
        out: dict[str, Any] = {}
        names = []
        for f in self.fields:
            if holds(f.when, out):
                names.append(f.name)
                out[f.name] = given.get(f.name, f.default)
            else:
                out[f.name] = f.default
        return names

    def label(self, f: Field, given: Mapping[str, object]) -> Words:
        """What ``f`` is called while the fields hold ``given``."""
        values = self.values(given)
        return next((words for when, words in f.labels if holds(when, values)), f.label)

    def entry(self, given: Mapping[str, object]) -> dict[str, Any]:
        """The entry (plain JSON) that the asked fields' values ``given`` make."""
        out: dict[str, Any] = {}
        for name in self.asked(given):
            f = self.field(name)
            v = given.get(name, f.default)
            if v is None:
                continue
            if f.index is None:
                out[f.fills] = v
            else:
                part = out.setdefault(f.fills, [])
                part.extend([None] * (f.index + 1 - len(part)))
                part[f.index] = v
        return out

    def given(self, entry: Mapping[str, object]) -> dict[str, Any]:
        """Each field's value in ``entry`` (a correction's form filled in)."""
        out: dict[str, Any] = {}
        for f in self.fields:
            v = entry.get(f.fills)
            if f.index is not None:
                v = v[f.index] if isinstance(v, list) and len(v) > f.index else None
            if v is not None:
                out[f.name] = v
        return out

    def to_json(self) -> dict[str, Any]:
        return {"fields": [f.to_json() for f in self.fields],
                "in_play": [list(s) for s in self.in_play],
                "parties": [list(p) for p in self.parties],
                "notes": [n.to_json() for n in self.notes],
                "status": [{"name": name, "text": dict(words)} for name, words in self.status]}


def holds(when: When, values: Mapping[str, object]) -> bool:
    """Whether one of the alternatives ``when`` holds for the fields' ``values`` (no
    alternative: always).

    >>> holds(({"contract": ("durch", "untendurch")},), {"contract": "durch"})
    True
    >>> holds(({"contract": ("hochzeit",), "partner": (False,)},),
    ...       {"contract": "hochzeit", "partner": True})
    False
    >>> holds(({"!genscher": (None,)},), {"genscher": [0, 2]})
    True
    """
    return not when or any(all(_matches(values, k, v) for k, v in alt.items())
                           for alt in when)


def _matches(values: Mapping[str, object], key: str, allowed: tuple[object, ...]) -> bool:
    # "!name": the field's value is none of those listed.
    if key.startswith("!"):
        return not _same(values.get(key[1:]), allowed)
    return _same(values.get(key), allowed)


def _same(value: object, allowed: tuple[object, ...]) -> bool:
    # Lists (a seat chosen as [seat]) compare with the tuples a condition lists.
    v = tuple(value) if isinstance(value, list) else value
    return any(v == (tuple(a) if isinstance(a, list) else a) for a in allowed)


# ---------------------------------------------------------------------- the adapter
class PadEntry(Protocol):
    """A game's entry of one deal: at least who dealt it, and its JSON."""

    @property
    def dealer(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


class PadBook(Protocol):
    """What a series carries from deal to deal: the rules each deal is scored under (``bock_level``,
    the Pflichtsoli owed), and whether the same dealer deals again after a deal."""

    def rules_for(self, rules: RuleSet, dealer: int) -> RuleSet:
        """The rules of the deal ``dealer`` deals next, after the deals booked."""
        ...

    def book(self, outcome: Outcome, rules: RuleSet) -> bool:
        """Book a deal scored under ``rules``; True: the same dealer deals again (and the
        deal does not count towards a number of deals)."""
        ...


class PlainBook:
    """The book of a game that carries nothing from deal to deal."""

    def rules_for(self, rules: RuleSet, dealer: int) -> RuleSet:
        return rules

    def book(self, outcome: Outcome, rules: RuleSet) -> bool:
        return False


E = TypeVar("E", bound=PadEntry)


class PlainPad(Generic[E]):
    """What the pad adapters of the games without a book share: nothing is carried from
    deal to deal (:class:`PlainBook`) and a deal is recorded as it was entered."""

    def new_book(self, rules: RuleSet, players: int) -> PadBook:
        return PlainBook()

    def as_entered(self, entry: E) -> E:
        return entry


class PadAdapter(Protocol[E]):
    """What the score pad needs of a game (see the module's text)."""

    def parse(self, data: Mapping[str, object], players: int) -> E:
        """The entry of untrusted JSON (an object): types, sizes and the fields this game
        asks checked (the rules' checks follow in :meth:`score`)."""
        ...

    def new_book(self, rules: RuleSet, players: int) -> PadBook:
        """An empty book for a pad under ``rules``."""
        ...

    def score(self, rules: RuleSet, players: int, entry: E) -> tuple[E, Outcome]:
        """Check ``entry`` against the deal's ``rules`` and score its facts with the game's
        ``score``: the entry back with what the pad works out (Doppelkopf's Pflichtsolo),
        and the outcome."""
        ...

    def as_entered(self, entry: E) -> E:
        """``entry`` without what the pad worked out, to work it out again after a
        correction of an earlier deal."""
        ...

    def form(self, rules: RuleSet, names: Sequence[str], book: PadBook) -> PadForm:
        """The entry form of the next deal under the deal's ``rules``, for the players
        ``names`` with the series so far in ``book``."""
        ...

    def describe(self, entry: E, outcome: Outcome, rules: RuleSet,
                 names: Sequence[str]) -> dict[str, str]:
        """A deal on the sheet in a few words (the contract and who played it, ...), in
        every language, as scored under the deal's ``rules``; empty where there is nothing
        to say."""
        ...


# ---------------------------------------------------------------------- reading JSON
def read_int(v: object, where: str, lo: int, hi: int) -> int:
    """``v`` as a whole number from ``lo`` to ``hi`` (a bool is no number)."""
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise refuse(where, f"a whole number {lo}..{hi} expected, got {v!r:.40}",
                     pad_words("whole_number", lo=lo, hi=hi))
    return v


def read_opt_int(v: object, where: str, lo: int, hi: int) -> int | None:
    return None if v is None else read_int(v, where, lo, hi)


def read_ints(v: object, where: str, lo: int, hi: int, most: int = MAX_SEATS) -> tuple[int, ...]:
    """``v`` as a list of at most ``most`` whole numbers from ``lo`` to ``hi``."""
    if not isinstance(v, list) or len(v) > most:
        raise refuse(where, f"a list of at most {most} numbers expected")
    return tuple(read_int(x, where, lo, hi) for x in v)


def read_text(v: object, where: str, limit: int) -> str:
    """``v`` as a text of at most ``limit`` characters."""
    if not isinstance(v, str) or len(v) > limit:
        raise refuse(where, f"a text of at most {limit} characters expected")
    return v


def read_bool(v: object, where: str) -> bool:
    if not isinstance(v, bool):
        raise refuse(where, "true or false")
    return v


def read_dealer(data: Mapping[str, object], players: int) -> int:
    """The entry's dealer: a seat of the table."""
    dealer = read_int(data.get("dealer"), "dealer", 0, MAX_SEATS)
    if dealer >= players:
        raise refuse("dealer", f"a seat 0..{players - 1}", pad_words("fallback_field"))
    return dealer


def per_seat(values: tuple[int, ...], name: str, players: int) -> list[int]:
    """``values`` entered as the field ``name``: one number per player."""
    if len(values) != players:
        raise refuse(name, f"one number per player ({players}), got {len(values)}")
    return list(values)


def check_multiples(values: Sequence[int], name: str, step: int, most: int) -> None:
    """Melds (or the like) are multiples of ``step``, at most ``most`` each."""
    for s, m in enumerate(values):
        if m % step or m > most:
            raise refuse(name, f"seat {s}: {name} of {m} — no hand holds that ({name} are "
                         f"multiples of {step}, at most {most})",
                         pad_words("multiples", seat=s + 1, n=m, step=step, most=most))


def tricks_from(tricks: tuple[int, ...] | None, points: Sequence[int], total: int,
                pusher: int | None = None) -> list[int]:
    """Tricks won per seat: as entered (``total`` in all, one at least for a player with
    points), else one for a player with points and none without. ``pusher`` (Binokel's
    declarer) may have points without a trick: the pushed cards."""
    if tricks is None:
        return [1 if p else 0 for p in points]
    won = per_seat(tricks, "tricks", len(points))
    if sum(won) != total:
        raise refuse("tricks", f"{sum(won)} entered, the deal has {total}",
                     pad_words("tricks_sum", n=sum(won), total=total))
    for s, (t, p) in enumerate(zip(won, points, strict=True)):
        if p and not t and s != pusher:
            raise refuse("tricks", f"seat {s}: {p} trick points but no trick",
                         pad_words("points_no_trick", seat=s + 1, n=p))
    return won


def entry_json(entry: object, out: dict[str, Any], given: Sequence[str] = (),
               lists: Sequence[str] = ()) -> dict[str, Any]:
    """``out`` with what a pad entry holds, in this order: each field of ``given`` that is
    not None, each of ``lists`` that is not None (as a list), and the per-seat ``melds``
    and ``points`` where entered (as lists). The entries' JSON leaves out what was not
    entered, so that a pad file says only what the scorer wrote.

    >>> from types import SimpleNamespace as E
    >>> entry_json(E(bid=None, tricks=(), melds=(20, 0), points=()), {"dealer": 0},
    ...            ["bid"], ["tricks"])
    {'dealer': 0, 'tricks': [], 'melds': [20, 0]}
    """
    for name in given:
        if getattr(entry, name) is not None:
            out[name] = getattr(entry, name)
    for name in lists:
        if getattr(entry, name) is not None:
            out[name] = list(getattr(entry, name))
    for name in ("melds", "points"):
        if getattr(entry, name):
            out[name] = list(getattr(entry, name))
    return out


def only_fields(data: Mapping[str, object], asked: Sequence[str], game: str) -> None:
    """Refuse a field this game does not ask (another game's: it would be lost)."""
    for name in data:
        if name not in asked:
            where = str(name)[:MAX_TEXT]
            raise refuse(where, f"{game} does not ask for it")


__all__ = [
    "MAX_NUMBER",
    "MAX_SEATS",
    "MAX_TALLY",
    "CheckField",
    "Choice",
    "ChoiceField",
    "Field",
    "Note",
    "NumberField",
    "PadAdapter",
    "PadBook",
    "PadEntry",
    "PadError",
    "PadForm",
    "PairField",
    "PerSeatField",
    "PlainBook",
    "Rest",
    "SeatField",
    "SeatsField",
    "TallyField",
    "When",
    "Words",
    "check_multiples",
    "entry_json",
    "holds",
    "only_fields",
    "per_seat",
    "read_bool",
    "read_dealer",
    "read_int",
    "read_ints",
    "read_opt_int",
    "read_text",
    "refuse",
    "tricks_from",
    "words_of",
]
