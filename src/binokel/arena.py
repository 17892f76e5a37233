"""The arena: bots against bots over duplicate deals, so that the luck of the cards cancels.

Every deal (deck and dealer from the match seed) is played once for every seating of the
match: with two bot kinds A and B at three seats that is AAB, ABA, BAA, ABB, BAB, BBA; with as
many kinds as seats, every permutation. A *group* is one deal with all its seatings; a bot's
score in a group is its mean score per seat it held there, and bots are compared by the paired
difference of those means over the groups (mean with a 95% confidence interval).

Results depend only on the seed, never on the number of workers: each group's bots and cards
are seeded from (seed, group index).

>>> r = run_match(["heuristic", "random"], deals=2, seed=1, workers=1, progress=False)
>>> sorted(r.bots), r.groups
(['heuristic', 'random'], 2)
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import random
import signal
import statistics
import threading
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from .bots import make_bot
from .core.outcome import Termination
from .play import play_deal
from .registry import extra_modules
from .registry import find_game
from .registry import load_games


def seatings(kinds: Sequence[str], seats: int, teams: Sequence[Sequence[int]] = (),
             lineup: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """The seatings in which every deal is played.

    By default every assignment of the kinds to the seats in which each kind plays at least
    once. With a ``lineup`` (one kind per seat, or per team) that line-up rotated through
    every seat: ``strong, heuristic, heuristic`` measures one strong bot against the field.
    With fixed ``teams`` a kind takes a whole team, so that partners are of one kind:

    >>> seatings(["a", "b"], 4, teams=[(0, 2), (1, 3)])
    [('a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a')]
    >>> seatings(["a", "b"], 3, lineup=["a", "b", "b"])
    [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
    """
    units = [tuple(t) for t in teams] or [(s,) for s in range(seats)]
    where = "teams" if teams else "seats"
    if len(kinds) > len(units):
        raise ValueError(f"{len(kinds)} bots do not fit {len(units)} {where}")
    if lineup is not None:
        if len(lineup) != len(units) or set(lineup) != set(kinds):
            raise ValueError(f"the line-up needs one bot per {where[:-1]} ({len(units)}), "
                             f"each of {', '.join(kinds)} at least once")
        n = len(units)
        assigns = list(dict.fromkeys(tuple(lineup[(i - r) % n] for i in range(n))
                                     for r in range(n)))
    else:
        assigns = [a for a in itertools.product(kinds, repeat=len(units))
                   if set(a) == set(kinds)]
    out = []
    for assign in assigns:
        seating = [""] * seats
        for unit, kind in zip(units, assign, strict=True):
            for s in unit:
                seating[s] = kind
        out.append(tuple(seating))
    return out


@dataclass
class GroupResult:
    """One deal played in every seating."""

    index: int
    mean_score: dict[str, float]
    ranks: dict[str, int]
    declared: dict[str, int] = field(default_factory=dict)
    made: dict[str, int] = field(default_factory=dict)
    abgehen: dict[str, int] = field(default_factory=dict)
    durch: dict[str, int] = field(default_factory=dict)
    seat_games: dict[str, int] = field(default_factory=dict)


def play_group(index: int, kinds: Sequence[str], seed: int, game: str,
               rules_data: dict[str, Any], players: int,
               lineup: Sequence[str] | None = None) -> GroupResult:
    """Play deal ``index`` of the match in every seating."""
    spec = find_game(game)
    rules = spec.make_rules(rules_data)
    rng = random.Random(f"{seed}/{index}")
    deal_seed = rng.getrandbits(63)
    dealer = rng.randrange(players)
    totals: dict[str, list[int]] = {k: [] for k in kinds}
    counters: dict[str, dict[str, int]] = {n: dict.fromkeys(kinds, 0)
                                           for n in ("declared", "made", "abgehen", "durch",
                                                     "seat_games")}
    for s_i, seating in enumerate(seatings(kinds, players, spec.teams, lineup)):
        bots = [make_bot(kind, (seed * 1_000_003 + index * 1009 + s_i * 31 + seat) % 2**32)
                for seat, kind in enumerate(seating)]
        state = spec.new_deal(rules, dealer, seed=deal_seed, players=players)
        play_deal(state, bots)
        res = state.result
        assert res is not None
        for seat, kind in enumerate(seating):
            totals[kind].append(res.scores[seat])
            counters["seat_games"][kind] += 1
        if res.declarer is not None:
            kind = seating[res.declarer]
            counters["declared"][kind] += 1
            counters["made"][kind] += bool(res.made) and res.contract == "normal"
            counters["abgehen"][kind] += res.termination is Termination.CONCEDED
            counters["durch"][kind] += res.contract in ("durch", "untendurch")
    means = {k: statistics.fmean(v) for k, v in totals.items()}
    order = sorted(kinds, key=lambda k: -means[k])
    ranks = {k: order.index(k) for k in kinds}
    return GroupResult(index, means, ranks, **counters)


def _play_chunk(args: tuple[list[int], list[str], int, str, dict[str, Any], int,
                            list[str] | None]) -> list[GroupResult]:
    indices, kinds, seed, game, rules_data, players, lineup = args
    return [play_group(i, kinds, seed, game, rules_data, players, lineup) for i in indices]


@dataclass
class MatchResult:
    bots: list[str]
    game: str
    rules: dict[str, Any]
    seed: int
    groups: int
    games: int
    per_bot: dict[str, dict[str, float]]
    pairs: list[dict[str, Any]]
    ratings: dict[str, dict[str, float]]
    per_deal: list[dict[str, Any]] = field(default_factory=list)  # each deal's mean per bot
    lineup: list[str] | None = None   # the line-up rotated through the seats (else all)

    def to_json(self) -> dict[str, Any]:
        return self.__dict__.copy()

    def table(self) -> str:
        rotated = f", line-up {'-'.join(self.lineup)} rotated" if self.lineup else ""
        # A game without a declarer (Zweierbinokel) has no such columns.
        declarers = any(s["declarer_games"] for s in self.per_bot.values())
        contract_head = (f"{'declarer':>10}{'made':>8}{'abgehen':>9}{'durch':>7}"
                         if declarers else "")
        lines = [f"{self.game}, {self.rules.get('preset', '')}: {self.groups} duplicate deals, "
                 f"{self.games} games{rotated}, seed {self.seed}",
                 f"{'bot':<16}{'mean/deal':>10}{contract_head}{'TrueSkill':>11}"]
        for b in sorted(self.bots, key=lambda k: -self.ratings[k]["conservative"]):
            s = self.per_bot[b]
            contract = (f"{s['declarer_games']:>10.0f}{s['made_rate']:>8.1%}"
                        f"{s['abgehen_rate']:>9.1%}{s['durch_rate']:>7.1%}" if declarers else "")
            lines.append(f"{b:<16}{s['mean_score']:>10.1f}{contract}"
                         f"{self.ratings[b]['conservative']:>11.1f}")
        for p in self.pairs:
            lines.append(f"{p['a']} - {p['b']}: {p['mean_diff']:+.1f} per deal, 95% CI "
                         f"[{p['ci_low']:+.1f}, {p['ci_high']:+.1f}] over {p['n']} deals")
        return "\n".join(lines)


def confidence_interval(diffs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval of paired differences."""
    n = len(diffs)
    mean = statistics.fmean(diffs)
    if n < 2:
        return mean, -math.inf, math.inf
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
    return mean, mean - half, mean + half


def summarize(kinds: Sequence[str], groups: Sequence[GroupResult], game: str,
              rules_data: dict[str, Any], seed: int, players: int,
              lineup: Sequence[str] | None = None) -> MatchResult:
    import trueskill

    env = trueskill.TrueSkill(draw_probability=0.02)
    ratings = {k: env.create_rating() for k in kinds}
    for g in groups:
        teams = [(ratings[k],) for k in kinds]
        new = env.rate(teams, ranks=[g.ranks[k] for k in kinds])
        for k, (r,) in zip(kinds, new, strict=True):
            ratings[k] = r
    per_bot: dict[str, dict[str, float]] = {}
    for k in kinds:
        declared = sum(g.declared[k] for g in groups)
        per_bot[k] = {
            "mean_score": statistics.fmean(g.mean_score[k] for g in groups),
            "declarer_games": declared,
            "made_rate": sum(g.made[k] for g in groups) / declared if declared else 0.0,
            "abgehen_rate": sum(g.abgehen[k] for g in groups) / declared if declared else 0.0,
            "durch_rate": sum(g.durch[k] for g in groups) / declared if declared else 0.0,
            "seat_games": sum(g.seat_games[k] for g in groups),
        }
    pairs = []
    for a, b in itertools.combinations(kinds, 2):
        diffs = [g.mean_score[a] - g.mean_score[b] for g in groups]
        mean, lo, hi = confidence_interval(diffs)
        pairs.append({"a": a, "b": b, "mean_diff": mean, "ci_low": lo, "ci_high": hi,
                      "n": len(diffs)})
    games = len(groups) * len(seatings(kinds, players, find_game(game).teams, lineup))
    per_deal = [{"deal": g.index, "mean_score": g.mean_score} for g in groups]
    return MatchResult(list(kinds), game, rules_data, seed, len(groups), games, per_bot, pairs,
                       {k: {"mu": r.mu, "sigma": r.sigma, "conservative": r.mu - 3 * r.sigma}
                        for k, r in ratings.items()}, per_deal,
                       list(lineup) if lineup is not None else None)


def run_match(kinds: Sequence[str], deals: int, seed: int = 0, game: str = "binokel",
              rules_data: dict[str, Any] | None = None, players: int | None = None,
              workers: int | None = None, progress: bool = True,
              ray_address: str | None = None,
              lineup: Sequence[str] | None = None) -> MatchResult:
    """Play ``deals`` duplicate deals between ``kinds`` and summarize (``lineup``: see
    :func:`seatings`)."""
    kinds = list(dict.fromkeys(kinds))
    if len(kinds) < 2:
        raise ValueError("an arena match needs at least two different bots")
    spec = find_game(game)
    rules_data = rules_data or {"preset": "standard", "options": {}}
    spec.make_rules(rules_data)  # validate before starting workers
    players = players or spec.default_players
    lineup = list(lineup) if lineup is not None else None
    seatings(kinds, players, spec.teams, lineup)
    for k in kinds:
        make_bot(k, 0, game=game)
    chunk = max(1, min(25, deals // 16 or 1))
    jobs = [(list(range(i, min(deals, i + chunk))), kinds, seed, game, rules_data, players,
             lineup) for i in range(0, deals, chunk)]
    results: list[GroupResult] = []
    bar = _progress(deals, progress)
    if ray_address is not None:
        results = _run_ray(jobs, ray_address, bar)
    elif workers == 1:
        for job in jobs:
            part = _play_chunk(job)
            results.extend(part)
            bar.update(len(part))
    else:
        import multiprocessing as mp
        # A spawned worker knows only the project's games: it loads the registered ones
        # again (a test's game, a game named by BINOKEL_GAMES).
        with _sigterm_interrupts(), mp.get_context("spawn").Pool(
                workers, initializer=load_games, initargs=(extra_modules(),)) as pool:
            for part in pool.imap_unordered(_play_chunk, jobs):
                results.extend(part)
                bar.update(len(part))
    bar.close()
    results.sort(key=lambda g: g.index)
    return summarize(kinds, results, game, rules_data, seed, players, lineup)


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """Turn SIGTERM into KeyboardInterrupt while worker processes run: the default action
    ends this process at once and leaves the pool's workers running with nobody to collect
    their results; an exception lets the pool terminate them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run_ray(jobs: Iterable[Any], address: str, bar: Any) -> list[GroupResult]:
    if address.split(":")[0] in ("127.0.0.1", "localhost"):
        # A cluster on this machine's loopback (binokel.arena_ray.local_cluster): keep the
        # driver on it too (Ray would connect through the machine's outward address).
        from .arena_ray import LOOPBACK_ENV
        for k, v in LOOPBACK_ENV.items():
            os.environ.setdefault(k, v)
    try:
        import ray
    except ImportError:
        raise ValueError("--ray needs the optional dependency: pip install 'binokel[ray]'"
                         ) from None
    ray.init(address=address, ignore_reinit_error=True)
    remote = ray.remote(_play_chunk)
    pending = [remote.remote(job) for job in jobs]
    out: list[GroupResult] = []
    while pending:
        done, pending = ray.wait(pending)
        for ref in done:
            part = ray.get(ref)
            out.extend(part)
            bar.update(len(part))
    return out


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, enabled: bool) -> Any:
    if not enabled:
        return _NoBar()
    from tqdm import tqdm
    return tqdm(total=total, unit="deal", desc="arena")


def save(result: MatchResult, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(result.to_json(), f, indent=2)
    with open(path.rsplit(".", 1)[0] + ".txt", "w", encoding="utf-8") as f:
        f.write(result.table() + "\n")
