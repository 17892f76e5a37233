"""A club's season (Jahreswertung): its members and evenings added up under the club's rule.

An evening is a finished or running club tournament (:class:`~.club.Tournament`): what a
season takes from it is, per player, his points and the deals he played
(:meth:`Evening.from_tournament`). A season has members (an account id or a guest's name as
the key, and the name the evenings list him under) and ranks them under one of
:data:`RULES` (docs/tournament.md says which clubs count how):

- ``sum``: every point of every evening;
- ``best``: the points of his best ``best`` evenings (the others are struck, Streichergebnisse);
- ``average``: his points per deal played, over every evening.

A player on an evening who is not a member is a guest: with ``guests=True`` he is ranked too
(marked), else his evenings count for nobody. A member who played fewer than
``min_evenings`` evenings is listed after the ranked ones, without a place. Equal values
share the place (1, 2, 2, 4).

>>> e1 = Evening("Januar", "2026-01-09", {"Anna": (500, 30), "Ben": (300, 30)})
>>> e2 = Evening("Februar", "2026-02-13", {"Anna": (100, 30), "Cem": (700, 30)})
>>> s = Season("Jahreswertung 2026", [Member("anna", "Anna"), Member("ben", "Ben")],
...            [e1, e2], rule="best", best=1, guests=True)
>>> [(line.place, line.name, line.value, line.guest) for line in s.ranking()]
[(1, 'Cem', 700, True), (2, 'Anna', 500, False), (3, 'Ben', 300, False)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction
from typing import Any

from .checks import DataError
from .checks import obj
from .checks import text
from .checks import whole
from .club import MAX_PLAYERS
from .club import MAX_SCORE
from .club import Tournament

RULES = ("sum", "best", "average")
MAX_EVENINGS = 100
MAX_MEMBERS = 1000
MAX_NAME = 60
MAX_DEALS = 10_000        # an evening's deals of one player


class SeasonError(DataError):
    """A season that cannot be; the message says why."""


@dataclass(frozen=True)
class Member:
    """A member of the club: his key (an account id, or the name of a guest who is a member
    without an account) and the name the evenings list him under."""

    key: str
    name: str


@dataclass(frozen=True)
class Evening:
    """One club evening as the season sees it: title, date and per player name his points and
    the deals he played."""

    title: str
    date: str
    results: dict[str, tuple[int, int]]

    @classmethod
    def from_tournament(cls, t: Tournament) -> Evening:
        """The evening of a club tournament: each player's total over the rounds entered and
        the deals of those rounds (a late arrival or one who withdrew played fewer)."""
        results: dict[str, tuple[int, int]] = {}
        for line in t.ranking():
            played = sum(v is not None for v in line.rounds)
            if played:
                results[line.name] = (line.total, played * t.deals_per_round)
        return cls(t.title, t.date, results)


@dataclass(frozen=True)
class SeasonLine:
    """A line of the season ranking. ``value`` is what the rule ranks by (points, or points
    per deal for ``average``); ``evenings`` each evening's points (None: absent) and
    ``counted`` whether it counted (``best`` strikes the others)."""

    place: int | None            # None: fewer evenings than the season asks for
    key: str
    name: str
    value: int | float
    points: int                  # every point of every evening
    deals: int
    evenings: tuple[int | None, ...]
    counted: tuple[bool, ...]
    guest: bool


@dataclass
class Season:
    """A season: members, evenings (in order) and the rule (see the module's docstring)."""

    title: str
    members: list[Member]
    evenings: list[Evening] = field(default_factory=list)
    rule: str = "sum"
    best: int | None = None      # ``best``: how many evenings count
    min_evenings: int = 1
    guests: bool = False

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise SeasonError(f"season rule: one of {', '.join(RULES)}")
        if self.rule == "best" and (self.best is None or self.best < 1):
            raise SeasonError("the rule 'best' needs how many evenings count (at least 1)")
        if self.rule != "best" and self.best is not None:
            raise SeasonError("only the rule 'best' counts a number of best evenings")
        if not 0 <= self.min_evenings <= MAX_EVENINGS:
            raise SeasonError(f"min_evenings: 0 to {MAX_EVENINGS}")
        if len(self.evenings) > MAX_EVENINGS or len(self.members) > MAX_MEMBERS:
            raise SeasonError(f"a season has at most {MAX_EVENINGS} evenings and "
                              f"{MAX_MEMBERS} members")
        if not 0 < len(self.title) <= 200:
            raise SeasonError("a season's title has 1 to 200 characters")
        names = [m.name for m in self.members]
        keys = [m.key for m in self.members]
        if len(set(names)) != len(names) or len(set(keys)) != len(keys):
            raise SeasonError("two members with the same name or key")
        if any(not 0 < len(n) <= MAX_NAME for n in names + keys):
            raise SeasonError(f"a member's key and name have 1 to {MAX_NAME} characters")

    def add_evening(self, evening: Evening) -> None:
        if len(self.evenings) >= MAX_EVENINGS:
            raise SeasonError(f"a season has at most {MAX_EVENINGS} evenings")
        self.evenings.append(evening)

    def ranking(self) -> list[SeasonLine]:
        """The season's ranking: ranked lines (best first, ties share the place, then by
        name), then the members with too few evenings, and members who played no evening
        last."""
        rows = [self._line(name, key, guest) for name, (key, guest) in self._people().items()]
        enough = [(v, ln) for v, ln in rows
                  if sum(e is not None for e in ln.evenings) >= max(1, self.min_evenings)]
        enough.sort(key=lambda row: (-row[0], row[1].name))
        out: list[SeasonLine] = []
        for i, (v, ln) in enumerate(enough):
            same = i > 0 and enough[i - 1][0] == v
            place = out[-1].place if same else i + 1
            out.append(_placed(ln, place))
        ranked = {ln.key for ln in out}
        rest = [ln for _, ln in rows if ln.key not in ranked]
        rest.sort(key=lambda ln: (all(e is None for e in ln.evenings), ln.name))
        return out + rest

    def _people(self) -> dict[str, tuple[str, bool]]:
        """Who has a line: each member (name -> key, not a guest) and, where the season
        ranks guests, everybody else on an evening."""
        people = {m.name: (m.key, False) for m in self.members}
        if self.guests:
            for e in self.evenings:
                for name in e.results:
                    people.setdefault(name, (name, True))
        return people

    def _counted(self, played: list[int], evenings: tuple[int | None, ...]) -> set[int]:
        """The evenings of ``played`` that count under the rule (``best``: the best N,
        the earlier of equal ones)."""
        if self.rule == "best" and self.best is not None:
            return set(sorted(played, key=lambda i: (-(evenings[i] or 0), i))[:self.best])
        return set(played)

    def _line(self, name: str, key: str, guest: bool) -> tuple[Fraction, SeasonLine]:
        """One person's unplaced line with its exact value (what ties are decided on)."""
        per = tuple(e.results.get(name) for e in self.evenings)
        evenings = tuple(None if r is None else r[0] for r in per)
        counted = self._counted([i for i, r in enumerate(per) if r is not None], evenings)
        points = sum(r[0] for r in per if r is not None)
        deals = sum(r[1] for r in per if r is not None)
        exact: Fraction
        if self.rule == "average":
            exact = Fraction(points, deals) if deals else Fraction(0)
            value: int | float = round(float(exact), 2)
        else:
            value = sum(evenings[i] or 0 for i in counted)
            exact = Fraction(value)
        return exact, SeasonLine(None, key, name, value, points, deals, evenings,
                                 tuple(i in counted for i in range(len(self.evenings))),
                                 guest)

    def line_of(self, key: str) -> SeasonLine | None:
        """A member's own season line (what he sees of the season); None for no member."""
        return next((ln for ln in self.ranking() if ln.key == key and not ln.guest), None)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "rule": self.rule, "best": self.best,
                "min_evenings": self.min_evenings, "guests": self.guests,
                "members": [{"key": m.key, "name": m.name} for m in self.members],
                "evenings": [{"title": e.title, "date": e.date,
                              "results": {n: list(r) for n, r in e.results.items()}}
                             for e in self.evenings]}

    @classmethod
    def from_json(cls, data: Any) -> Season:
        """A season from :meth:`to_json`, checked as untrusted input (a :class:`SeasonError`
        names the field)."""
        d = obj(data, "season", SeasonError)
        members = d.get("members")
        evenings = d.get("evenings")
        if not isinstance(members, list) or len(members) > MAX_MEMBERS:
            raise SeasonError(f"members: a list of at most {MAX_MEMBERS} expected")
        if not isinstance(evenings, list) or len(evenings) > MAX_EVENINGS:
            raise SeasonError(f"evenings: a list of at most {MAX_EVENINGS} expected")
        best = d.get("best")
        return cls(
            text(d.get("title"), "title", 200, SeasonError),
            [Member(text(m.get("key"), "member key", MAX_NAME, SeasonError),
                    text(m.get("name"), "member name", MAX_NAME, SeasonError))
             for m in (obj(m, "member", SeasonError) for m in members)],
            [_evening(e) for e in evenings],
            rule=text(d.get("rule"), "rule", 20, SeasonError),
            best=None if best is None else whole(best, "best", 1, MAX_EVENINGS, SeasonError),
            min_evenings=whole(d.get("min_evenings"), "min_evenings", 0, MAX_EVENINGS,
                               SeasonError),
            guests=_flag(d.get("guests")))


def _flag(v: Any) -> bool:
    if not isinstance(v, bool):
        raise SeasonError("guests: true or false expected")
    return v


def _evening(data: Any) -> Evening:
    e = obj(data, "evening", SeasonError)
    results = obj(e.get("results"), "evening results", SeasonError)
    if len(results) > MAX_PLAYERS:
        raise SeasonError(f"an evening has at most {MAX_PLAYERS} players")
    out: dict[str, tuple[int, int]] = {}
    for name, r in results.items():
        text(name, "player name", MAX_NAME, SeasonError)
        if not isinstance(r, list) or len(r) != 2:
            raise SeasonError(f"{name}: [points, deals] expected")
        out[name] = (whole(r[0], f"{name}'s points", -MAX_SCORE * 30, MAX_SCORE * 30,
                           SeasonError),
                     whole(r[1], f"{name}'s deals", 0, MAX_DEALS, SeasonError))
    return Evening(text(e.get("title"), "evening title", 200, SeasonError),
                   text(e.get("date"), "evening date", 10, SeasonError), out)


def _placed(line: SeasonLine, place: int | None) -> SeasonLine:
    return SeasonLine(place, line.key, line.name, line.value, line.points, line.deals,
                      line.evenings, line.counted, line.guest)


def season_of(title: str, members: Sequence[Member], tournaments: Sequence[Tournament],
              **rule: Any) -> Season:
    """A season of ``tournaments`` (the club's evenings, in date order)."""
    evenings = sorted((Evening.from_tournament(t) for t in tournaments), key=lambda e: e.date)
    return Season(title, list(members), evenings, **rule)


__all__ = ["RULES", "Evening", "Member", "Season", "SeasonError", "SeasonLine", "season_of"]
