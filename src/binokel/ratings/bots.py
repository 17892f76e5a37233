"""The computer players' published ratings: measured in the arena on the people's scale.

:func:`measure` plays duplicate deals between the bot kinds of a game: each deal's cards are
played once for every rotation of a line-up of different kinds through the seats (a kind
takes a whole team in Kreuzbinokel), and every deal played is rated with the same model and
the same update as people's deals (:func:`binokel.ratings.model.rate`), the kind's name
being the player key. All kinds start as newcomers, so the scale is anchored where people
start: a person who keeps beating ``random`` climbs above it, as he would at a table.

The results ship as package data (``bot_ratings.json``: the command that made them, the
date, the deals per game); :func:`published` reads them, :func:`nearest_bot` names the kind
a rating is closest to ("about as strong as strong-easy"). ``binokel ratings bots``
reproduces the file (docs/ratings.md).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..arena import seatings
from ..bots import make_bot
from ..play import play_deal
from ..registry import find_game
from .model import Contest
from .model import Rating
from .model import RatingError
from .model import rate

DATA = "bot_ratings.json"
DATA_VERSION = 2


@dataclass(frozen=True)
class BotRating:
    """A bot kind's published rating in one game."""

    game: str
    kind: str
    rating: Rating


def measure(game: str, kinds: Sequence[str], deals: int, seed: int = 0,
            budget: float | None = None,
            progress: Callable[[int], None] | None = None,
            against: Mapping[str, Rating] | None = None) -> tuple[dict[str, Rating], int]:
    """Rate ``kinds`` against each other over ``deals`` duplicate deals of ``game`` (its
    default player count and first preset); stops early, after a whole deal, once ``budget``
    seconds have passed. Returns the ratings and the number of duplicate deals played.

    With ``against`` (kinds already rated, with their published ratings) each duplicate deal
    seats one of ``kinds`` (in turn) against the field of those kinds, whose ratings stay
    fixed, as a person's at a rated table: one ``strong`` seat among ``heuristic`` ones costs
    a third of a line-up of strong players, and needs no new rating of the field.

    >>> ratings, played = measure("zweier", ["random", "heuristic"], deals=2, seed=1)
    >>> played, sorted(ratings), ratings["heuristic"].deals
    (2, ['heuristic', 'random'], 4)
    >>> field = {"heuristic": ratings["heuristic"]}
    >>> new, _ = measure("zweier", ["strong-easy"], deals=1, seed=1, against=field)
    >>> sorted(new), new["strong-easy"].deals
    (['strong-easy'], 2)
    """
    spec = find_game(game)
    kinds = list(dict.fromkeys(kinds))
    players = spec.default_players
    units = len(spec.teams) or players
    fixed = dict(against or {})
    if fixed and set(kinds) & set(fixed):
        raise RatingError("a kind cannot be measured against itself")
    if len(kinds) + min(len(fixed), 1) < 2:
        raise RatingError("rating bots needs at least two kinds")
    for k in [*kinds, *fixed]:
        make_bot(k, 0, game=game)
    rules = spec.make_rules({})
    ratings = {k: Rating() for k in kinds}
    started = time.monotonic()
    played = 0
    for index in range(deals):
        if budget is not None and played and time.monotonic() - started > budget:
            break
        rng = random.Random(f"ratings/{seed}/{game}/{index}")
        deal_seed = rng.getrandbits(63)
        dealer = rng.randrange(players)
        if fixed:
            field = sorted(fixed)
            lineup = [kinds[index % len(kinds)],
                      *(field[(index + u) % len(field)] for u in range(units - 1))]
        else:
            lineup = rng.sample(kinds, min(units, len(kinds)))
            while len(lineup) < units:   # fewer kinds than seats: some kind plays twice
                lineup.append(rng.choice(kinds))
        for s_i, seating in enumerate(seatings(sorted(set(lineup)), players, spec.teams,
                                               lineup)):
            bots = [make_bot(kind, (seed * 1_000_003 + index * 1009 + s_i * 31 + seat)
                             % 2**32) for seat, kind in enumerate(seating)]
            state = spec.new_deal(rules, dealer, seed=deal_seed, players=players)
            play_deal(state, bots)
            assert state.result is not None
            _rate_bots(game, seating, state.result.scores, spec.teams, ratings, fixed)
        played += 1
        if progress is not None:
            progress(played)
    return ratings, played


def _rate_bots(game: str, seating: Sequence[str], scores: Sequence[int],
               teams: Sequence[Sequence[int]], ratings: dict[str, Rating],
               fixed: Mapping[str, Rating]) -> None:
    """Rate one deal between bots. A kind may hold several seats (both seats of a team, or
    two seats when there are fewer kinds than seats): each seat plays under an alias with
    the kind's rating, and the kind takes the mean of its aliases' new ratings (partners of
    one kind and rating move alike, so for a team this is exact). The kinds in ``fixed``
    play with their rating there and do not move."""
    aliases = [f"{kind}#{seat}" for seat, kind in enumerate(seating)]
    start = {a: ratings[kind] for a, kind in zip(aliases, seating, strict=True)
             if kind not in fixed}
    held = {a: fixed[kind] for a, kind in zip(aliases, seating, strict=True) if kind in fixed}
    contest = Contest.of_seats(game, aliases, scores, teams)
    new = rate(contest, start, fixed=held).ratings
    for kind in set(seating) - set(fixed):
        mine = [new[a] for a, k in zip(aliases, seating, strict=True) if k == kind]
        ratings[kind] = Rating(sum(r.mu for r in mine) / len(mine),
                               sum(r.sigma for r in mine) / len(mine),
                               ratings[kind].deals + 1)


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__ or "binokel.ratings").joinpath(DATA).read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def published(game: str) -> list[BotRating]:
    """The published ratings of ``game``'s bot kinds, strongest first (empty for a game
    without published ratings, such as a game registered at run time)."""
    find_game(game)
    entry = _data()["games"].get(game, {})
    out = [BotRating(game, kind, Rating.from_json(r)) for kind, r in entry.get(
        "ratings", {}).items()]
    return sorted(out, key=lambda b: -b.rating.mu)


def nearest_bot(game: str, rating: Rating) -> BotRating | None:
    """The bot kind whose published strength (``mu``) is closest to ``rating``'s; None
    where the game has none. A new player's ``mu`` is the start value, so the comparison
    means more after some deals (the ``display`` value, which also counts the uncertainty,
    is for ranking).

    >>> bot = nearest_bot("binokel", Rating(mu=-1e6, sigma=100))
    >>> bot is not None and bot.rating.mu == min(b.rating.mu for b in published("binokel"))
    True
    """
    bots = published(game)
    if not bots:
        return None
    return min(bots, key=lambda b: (abs(b.rating.mu - rating.mu), b.kind))


def document(results: dict[str, tuple[dict[str, Rating], int]], command: str, date: str,
             base: dict[str, Any] | None = None, added: bool = False) -> dict[str, Any]:
    """The package data file's content for ``results`` (game -> ratings, duplicate deals
    played), made by ``command`` on ``date``. Games not in ``results`` are kept from
    ``base`` (an earlier file). A game in ``results`` replaces its entry there, or, with
    ``added`` (kinds measured against the game's rated field), adds its kinds to it; each
    game lists the runs that made its entry, so that every rating can be reproduced.

    >>> one = {"binokel": ({"heuristic": Rating(1800.0, 120.0, 300)}, 100)}
    >>> doc = document(one, "binokel ratings bots --games=binokel", "2026-11-28")
    >>> more = {"binokel": ({"strong": Rating(1900.0, 150.0, 60)}, 20)}
    >>> doc = document(more, "... --against=heuristic", "2026-11-29", doc, added=True)
    >>> sorted(doc["games"]["binokel"]["ratings"]), len(doc["games"]["binokel"]["runs"])
    (['heuristic', 'strong'], 2)
    """
    games: dict[str, Any] = dict((base or {}).get("games", {})) if (
        base or {}).get("version") == DATA_VERSION else {}
    for game, (ratings, played) in results.items():
        run = {"command": command, "date": date, "deals": played}
        entry = games.get(game) if added else None
        kept = dict(entry["ratings"]) if entry else {}
        kept.update({k: r.to_json() for k, r in ratings.items()})
        games[game] = {"runs": [*(entry["runs"] if entry else []), run],
                       "ratings": dict(sorted(kept.items(), key=lambda kv: -kv[1]["mu"]))}
    return {"version": DATA_VERSION,
            "scale": "binokel.ratings.model (OpenSkill Plackett-Luce x60)",
            "games": dict(sorted(games.items()))}


def data_file() -> dict[str, Any]:
    """The published ratings file as shipped (a copy: :func:`document` may build on it)."""
    return json.loads(json.dumps(_data()))  # type: ignore[no-any-return]


__all__ = ["DATA", "BotRating", "data_file", "document", "measure", "nearest_bot", "published"]
