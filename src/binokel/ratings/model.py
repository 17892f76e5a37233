"""Ratings per game: OpenSkill's Plackett-Luce model over the sides of a finished deal.

A deal (or a whole series) is turned into a :class:`Contest`: the player key of every seat
in play (an account id or a bot's name), the sides that played against each other and each
side's score. The sides come from the game's spec (:class:`~binokel.core.spec.GameSpec`):
its fixed ``teams`` (Kreuzbinokel), or ``side_of`` for sides known only at the end of the
play (Doppelkopf: the Re party, a soloist alone, against the other seats in play); without
either every seat plays for itself (Binokel, Luxusfamilie, Zweierbinokel). The sides are
ranked by their scores (equal scores tie) and :func:`rate` updates every player with the
library's Plackett-Luce model (docs/ratings.md says why this model).

The scale is OpenSkill's multiplied by 60, so that the numbers look like the rating numbers
players know: a newcomer has ``mu`` 1500 and ``sigma`` 500, and the value shown (the
conservative estimate ``mu - 3 sigma``, :attr:`Rating.display`) starts at 0 and rises as
the deals make the rating surer.

>>> c = Contest.free_for_all("binokel", ["anna", "ben", "cem"], [420, -150, 90])
>>> new = rate(c, {})
>>> [(k, new.ratings[k].display) for k in ("anna", "cem", "ben")]
[('anna', 195), ('cem', 93), ('ben', -166)]
>>> new.history[0].before, new.history[0].after
(0, 195)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from openskill.models import PlackettLuce

from ..core.outcome import Outcome
from ..core.outcome import Termination
from ..registry import find_game

SCALE = 60.0
"""OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300) times this."""
MU = 25.0 * SCALE
SIGMA = 25.0 / 3 * SCALE
BETA = 25.0 / 6 * SCALE
TAU = 25.0 / 300 * SCALE
MAX_SEATS = 8
MAX_KEY = 80
MAX_SCORE = 10**9
MAX_PLAYERS = 1_000_000   # a leaderboard's input


class RatingError(ValueError):
    """A contest that cannot be rated; the message says why."""


@dataclass(frozen=True)
class Rating:
    """One player's rating in one game: the estimate ``mu``, its uncertainty ``sigma`` and
    the number of rated deals (a series counts its deals)."""

    mu: float = MU
    sigma: float = SIGMA
    deals: int = 0

    @property
    def display(self) -> int:
        """The value shown and ranked: ``mu - 3 sigma``, a strength the player has with
        about 99.9% certainty (0 for a newcomer)."""
        return round(self.mu - 3 * self.sigma)

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "deals": self.deals}

    @classmethod
    def from_json(cls, data: Any) -> Rating:
        """A rating from :meth:`to_json`; anything else is a :class:`RatingError`."""
        if not isinstance(data, dict) or set(data) != {"mu", "sigma", "deals"}:
            raise RatingError("a rating is an object with mu, sigma and deals")
        mu, sigma, deals = data["mu"], data["sigma"], data["deals"]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                   and math.isfinite(v) for v in (mu, sigma)) or not 0 < sigma <= 10 * SIGMA:
            raise RatingError("a rating's mu and sigma are finite numbers, sigma positive")
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 0:
            raise RatingError("a rating's deals are a whole number from 0")
        return cls(float(mu), float(sigma), deals)


@dataclass(frozen=True)
class HistoryEntry:
    """What one rated contest did to one player's rating (for his rating chart)."""

    key: str
    game: str
    when: str            # as the caller stamps it (an ISO date and time), "" if not given
    before: int          # display values
    after: int
    mu: float
    sigma: float
    deals: int           # rated deals after this one
    place: int           # his side's place in the contest, from 1 (ties share)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Contest:
    """A finished deal or series as the ratings see it: the sides (each a tuple of player
    keys), their scores and how many deals it stands for."""

    game: str
    sides: tuple[tuple[str, ...], ...]
    scores: tuple[float, ...]
    deals: int = 1

    def __post_init__(self) -> None:
        find_game(self.game)
        if not 2 <= len(self.sides) <= MAX_SEATS or len(self.scores) != len(self.sides):
            raise RatingError("a rated contest has 2 to 8 sides, each with its score")
        keys = [k for side in self.sides for k in side]
        if any(not side for side in self.sides):
            raise RatingError("every side of a rated contest has a player")
        if len(keys) > MAX_SEATS:
            raise RatingError(f"a rated contest has at most {MAX_SEATS} players")
        for k in keys:
            if not isinstance(k, str) or not 0 < len(k) <= MAX_KEY:
                raise RatingError(f"a player key is a text of 1 to {MAX_KEY} characters")
        if len(set(keys)) != len(keys):
            raise RatingError("a player holds one seat of a rated contest, not two")
        if not all(math.isfinite(s) and abs(s) <= MAX_SCORE for s in self.scores):
            raise RatingError("a rated contest's scores are finite numbers")
        if not 1 <= self.deals <= 10_000:
            raise RatingError("a rated contest stands for 1 to 10000 deals")

    @property
    def places(self) -> tuple[int, ...]:
        """Each side's place, from 1: higher scores first, equal scores share a place."""
        return tuple(1 + sum(o > s for o in self.scores) for s in self.scores)

    @classmethod
    def free_for_all(cls, game: str, keys: Sequence[str], scores: Sequence[float],
                     deals: int = 1) -> Contest:
        """Every player for himself (a series' totals, a three-player deal)."""
        if len(keys) != len(scores):
            raise RatingError("one score per player")
        return cls(game, tuple((k,) for k in keys), tuple(scores), deals)

    @classmethod
    def of_seats(cls, game: str, keys: Sequence[str | None], scores: Sequence[float],
                 side_seats: Sequence[Sequence[int]] = (), deals: int = 1) -> Contest:
        """The contest of a table: ``keys`` per seat (None: the seat sat out), ``scores`` per
        seat, and the sides as seats (default: the game's fixed teams, else every seat in
        play alone). A side scores the mean of its seats (partners score alike)."""
        if len(keys) != len(scores) or not 2 <= len(keys) <= MAX_SEATS:
            raise RatingError("one key and one score per seat, 2 to 8 seats")
        in_play = [s for s, k in enumerate(keys) if k is not None]
        groups = [tuple(g) for g in side_seats] or [tuple(t) for t in find_game(game).teams]
        groups = [tuple(s for s in g if s in in_play) for g in groups]
        groups = [g for g in groups if g]
        covered = {s for g in groups for s in g}
        if len(covered) != sum(map(len, groups)) or not covered <= set(in_play):
            raise RatingError("the sides name every seat at most once")
        groups += [(s,) for s in in_play if s not in covered]
        sides = tuple(tuple(str(keys[s]) for s in g) for g in groups)
        side_scores = tuple(sum(scores[s] for s in g) / len(g) for g in groups)
        return cls(game, sides, side_scores, deals)


def deal_contest(game: str, keys: Sequence[str | None], outcome: Outcome) -> Contest | None:
    """The contest of a finished deal of ``game`` as the engine reported it; None for a deal
    that is not rated (thrown in: nobody played). ``keys`` per seat, None for a seat that
    sat out (Doppelkopf with five)."""
    if outcome.termination is Termination.THROWN_IN:
        return None
    spec = find_game(game)
    sides: list[tuple[int, ...]] = [tuple(t) for t in spec.teams]
    if not sides and spec.side_of is not None:
        one = tuple(spec.side_of(outcome))
        in_play = [s for s, k in enumerate(keys) if k is not None]
        sides = [one, tuple(s for s in in_play if s not in one)]
    return Contest.of_seats(game, keys, outcome.scores, sides)


@dataclass
class Update:
    """The result of :func:`rate`: the new ratings of the players who moved and a history
    entry for each."""

    ratings: dict[str, Rating] = field(default_factory=dict)
    history: list[HistoryEntry] = field(default_factory=list)


def model() -> PlackettLuce:
    """The rating model: OpenSkill's Plackett-Luce on the scale of :data:`SCALE`."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def rate(contest: Contest, ratings: Mapping[str, Rating], fixed: Mapping[str, Rating] = {},
         when: str = "") -> Update:
    """Rate ``contest``: every player starts from his rating in ``ratings`` (a newcomer
    from :class:`Rating`'s defaults). A player in ``fixed`` (a computer player with its
    published rating, :mod:`.bots`) plays with that rating and does not move; every other
    one gets a new rating and a history entry. The result depends on the sides and scores
    only, not on the order the sides or the partners are listed in."""
    m = model()
    start = {k: fixed.get(k) or ratings.get(k) or Rating() for side in contest.sides
             for k in side}
    sides, places = contest.sides, contest.places
    if len({len(side) for side in sides}) > 1:
        # The team model adds up the strengths of a side, so it would expect three to beat
        # one: a soloist (who chose his solo for his cards) would gain much by a win and lose
        # little by a loss. Uneven sides are rated as single players instead, each placed by
        # his side's score (the partners tie).
        places = tuple(p for side, p in zip(sides, places, strict=True) for _ in side)
        sides = tuple((k,) for side in sides for k in side)
    teams = [[m.rating(mu=start[k].mu, sigma=start[k].sigma, name=k) for k in side]
             for side in sides]
    new = m.rate(teams, ranks=[float(p) for p in places])
    out = Update()
    for side, members, place in zip(sides, new, places, strict=True):
        for k, r in zip(side, members, strict=True):
            if k in fixed:
                continue
            after = Rating(r.mu, r.sigma, start[k].deals + contest.deals)
            out.ratings[k] = after
            out.history.append(HistoryEntry(k, contest.game, when, start[k].display,
                                             after.display, after.mu, after.sigma,
                                             after.deals, place))
    return out


@dataclass(frozen=True)
class BoardLine:
    """A line of a leaderboard."""

    place: int
    key: str
    rating: Rating


def leaderboard(ratings: Mapping[str, Rating], min_deals: int = 20,
                limit: int = 100) -> list[BoardLine]:
    """The players with at least ``min_deals`` rated deals, best display value first (equal
    values share the place; then by key), at most ``limit`` lines.

    >>> board = leaderboard({"a": Rating(1600, 100, 30), "b": Rating(1700, 140, 25),
    ...                      "c": Rating(2000, 100, 3)}, min_deals=20)
    >>> [(line.place, line.key, line.rating.display) for line in board]
    [(1, 'a', 1300), (2, 'b', 1280)]
    """
    if min_deals < 0 or limit < 0:
        raise RatingError("min_deals and limit are at least 0")
    if len(ratings) > MAX_PLAYERS:
        raise RatingError(f"a leaderboard ranks at most {MAX_PLAYERS} players")
    rows = sorted(((r.display, k, r) for k, r in ratings.items() if r.deals >= min_deals),
                  key=lambda row: (-row[0], row[1]))
    out: list[BoardLine] = []
    for i, (value, k, r) in enumerate(rows[:limit]):
        place = out[-1].place if out and out[-1].rating.display == value else i + 1
        out.append(BoardLine(place, k, r))
    return out


__all__ = ["BETA", "MU", "SCALE", "SIGMA", "TAU", "BoardLine", "Contest", "HistoryEntry",
           "Rating", "RatingError", "Update", "deal_contest", "leaderboard", "model", "rate"]
