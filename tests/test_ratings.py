"""Ratings per game (binokel.ratings.model): updates checked by hand against the
Plackett-Luce formulas (Weng and Lin 2011, algorithm 4), the sides each game's outcome gives,
properties, leaderboards."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.core.outcome import Outcome
from binokel.core.outcome import Termination
from binokel.games.doppelkopf.scoring import DokoResult
from binokel.ratings import Contest
from binokel.ratings import Rating
from binokel.ratings import RatingError
from binokel.ratings import deal_contest
from binokel.ratings import leaderboard
from binokel.ratings import rate
from binokel.ratings.model import BETA
from binokel.ratings.model import MU
from binokel.ratings.model import SIGMA
from binokel.ratings.model import TAU

S2 = SIGMA**2 + TAU**2          # a newcomer's variance once the model adds its drift
B2 = BETA**2


def test_three_newcomers_ranked_by_hand() -> None:
    # Three sides of equal mu: c^2 = 3 (s^2 + b^2). The winner's sum runs over his own place
    # only (p = 1/3): 1 - 1/3. The second: -1/3 for the winner's place, 1 - 1/2 for his own.
    # The last: -1/3 - 1/2 + (1 - 1) = -5/6. delta_i = (s/c) s^2/c^2 sum p (1 - p).
    c = math.sqrt(3 * (S2 + B2))
    omega = {"anna": 2 / 3, "cem": 1 / 6, "ben": -5 / 6}
    delta = {"anna": 2 / 9, "cem": 2 / 9 + 1 / 4, "ben": 2 / 9 + 1 / 4}
    new = rate(Contest.free_for_all("binokel", ["anna", "ben", "cem"], [420, -150, 90]), {})
    for k in omega:
        assert new.ratings[k].mu == pytest.approx(MU + S2 / c * omega[k])
        sigma = math.sqrt(S2) * math.sqrt(1 - math.sqrt(S2) / c * S2 / c**2 * delta[k])
        assert new.ratings[k].sigma == pytest.approx(sigma)
        assert new.ratings[k].deals == 1
    # OpenSkill's own result at its scale (mu 27.869..., 25.717..., 21.414...), times 60
    assert new.ratings["anna"].mu == pytest.approx(27.869048680749426 * 60)
    assert new.ratings["ben"].mu == pytest.approx(21.413689149063217 * 60)
    assert [h.place for h in new.history] == [1, 3, 2]


def test_kreuz_team_win_by_hand() -> None:
    # Two teams of two newcomers: a team's variance is the sum of its players', c^2 = 2 (2 s^2
    # + b^2); the winning team's omega is 1/2 and each player gets his share s^2 / (2 s^2).
    outcome = Outcome(scores=(120, -120, 120, -120), declarer=0, bid=300, made=True)
    contest = deal_contest("kreuzbinokel", ["a", "b", "c", "d"], outcome)
    assert contest is not None
    assert contest.sides == (("a", "c"), ("b", "d")) and contest.places == (1, 2)
    new = rate(contest, {}).ratings
    c = math.sqrt(2 * (2 * S2 + B2))
    gain = S2 / c * (1 / 2)        # the team's omega times the player's share, 2 s^2 / c / 2
    assert new["a"].mu == pytest.approx(MU + gain) == new["c"].mu
    assert new["b"].mu == pytest.approx(MU - gain) == new["d"].mu


def _doko(scores: tuple[int, ...], re_seats: tuple[int, ...], solo: bool) -> DokoResult:
    return DokoResult(scores=scores, contract="damensolo" if solo else "normal",
                      declarer=re_seats[0] if solo else None, re_seats=re_seats, solo=solo,
                      re_points=150, kontra_points=90, winner="re", announced=(-1, -1),
                      lines=(), value=2)


def test_doppelkopf_solo_won_by_hand() -> None:
    # A solo is one against three: sides of unequal size are rated as single players, the
    # three partners tied. The soloist wins against four equal players: p = 1/4, omega 3/4;
    # each loser: -1/4 for the soloist's place, and his tied place counts 1/3 each of
    # (1 - 1/3) for himself and -1/3 for his two partners: 1/3 (2/3 - 2/3) = 0.
    result = _doko((6, -2, -2, -2), (0,), solo=True)
    contest = deal_contest("doppelkopf", ["solo", "x", "y", "z"], result)
    assert contest is not None and contest.sides == (("solo",), ("x", "y", "z"))
    new = rate(contest, {}).ratings
    c = math.sqrt(4 * (S2 + B2))
    assert new["solo"].mu == pytest.approx(MU + S2 / c * 3 / 4)
    for k in "xyz":
        assert new[k].mu == pytest.approx(MU - S2 / c * 1 / 4)
    # the soloist's gain is the three's loss: nothing is created by the solo
    assert sum(r.mu for r in new.values()) == pytest.approx(4 * MU)


def test_doppelkopf_normal_game_and_fifth_player() -> None:
    # Re (seats 1 and 3) against Kontra; with five, seat 4 sat out and is not rated.
    result = _doko((0, 2, -2, 2, -2), (1, 3), solo=False)
    contest = deal_contest("doppelkopf", ["a", "b", "c", "d", None], result)
    assert contest is not None
    assert contest.sides == (("b", "d"), ("a", "c")) and contest.places == (1, 2)
    assert set(rate(contest, {}).ratings) == {"a", "b", "c", "d"}


def test_thrown_in_deal_is_not_rated() -> None:
    out = Outcome(scores=(0, 0, 0), termination=Termination.THROWN_IN)
    assert deal_contest("binokel", ["a", "b", "c"], out) is None


def test_fixed_bot_does_not_move() -> None:
    bot = Rating(1800.0, 80.0, 500)
    new = rate(Contest.free_for_all("zweier", ["anna", "strong"], [300, 700]), {},
               fixed={"strong": bot}, when="2026-11-28T20:00")
    assert set(new.ratings) == {"anna"} and new.ratings["anna"].mu < MU
    assert new.history[0].when == "2026-11-28T20:00"


def test_bad_contests_are_refused() -> None:
    with pytest.raises(RatingError, match="one seat"):
        Contest.free_for_all("binokel", ["a", "a", "b"], [1, 2, 3])
    with pytest.raises(RatingError, match="2 to 8"):
        Contest.free_for_all("binokel", ["a"], [1])
    with pytest.raises(RatingError, match="finite"):
        Contest.free_for_all("binokel", ["a", "b"], [math.nan, 1])
    with pytest.raises(RatingError, match="key"):
        Contest.free_for_all("binokel", ["a", "x" * 81], [1, 2])
    with pytest.raises(ValueError, match="unknown game"):
        Contest.free_for_all("skat", ["a", "b"], [1, 2])
    with pytest.raises(RatingError):
        Rating.from_json({"mu": 1, "sigma": -1, "deals": 0})
    assert Rating.from_json(Rating(1600, 300, 4).to_json()) == Rating(1600, 300, 4)


def test_series_totals_count_their_deals() -> None:
    contest = Contest.free_for_all("binokel", ["a", "b", "c"], [2100, 1500, 900], deals=24)
    new = rate(contest, {"a": Rating(deals=10)}).ratings
    assert new["a"].deals == 34 and new["b"].deals == 24


def test_leaderboard_minimum_and_shared_places() -> None:
    ratings = {"a": Rating(1600, 100, 30), "b": Rating(1600, 100, 20), "c": Rating(1400, 50, 40),
               "new": Rating(2500, 100, 5)}
    board = leaderboard(ratings, min_deals=20)
    assert [(line.place, line.key) for line in board] == [(1, "a"), (1, "b"), (3, "c")]
    assert [line.key for line in leaderboard(ratings, min_deals=0, limit=1)] == ["new"]
    with pytest.raises(RatingError):
        leaderboard(ratings, min_deals=-1)


mus = st.floats(min_value=500, max_value=2500)
sigmas = st.floats(min_value=30, max_value=500)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(mus, sigmas), min_size=2, max_size=5),
       st.lists(st.integers(-500, 500), min_size=5, max_size=5))
def test_a_deal_moves_the_top_up_and_the_bottom_down(players: list[tuple[float, float]],
                                                     raw: list[int]) -> None:
    keys = [f"p{i}" for i in range(len(players))]
    scores = raw[:len(players)]
    if len(set(scores)) == 1:
        scores[0] += 1
    before = {k: Rating(mu, sigma) for k, (mu, sigma) in zip(keys, players, strict=True)}
    new = rate(Contest.free_for_all("luxusfamilie", keys, scores), before).ratings
    # A sole winner goes up and a sole last down, whatever the ratings. (One who ties with a
    # much stronger player may rise a little even in last place: a tie is news too.)
    best, worst = max(scores), min(scores)
    for k, s in zip(keys, scores, strict=True):
        if s == best and scores.count(s) == 1:
            assert new[k].mu > before[k].mu
        if s == worst and scores.count(s) == 1:
            assert new[k].mu < before[k].mu


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(mus, sigmas), min_size=4, max_size=4), st.integers(-300, 300),
       st.permutations(range(4)))
def test_two_sides_zero_sum_and_order_independent(players: list[tuple[float, float]],
                                                  score: int, order: list[int]) -> None:
    # A two-side deal (Kreuz): the winners go up, the losers down, and neither the order of
    # the seats nor of the partners within a side changes anything.
    keys = ["a", "b", "c", "d"]
    before = {k: Rating(mu, sigma) for k, (mu, sigma) in zip(keys, players, strict=True)}
    scores = [score, -score, score, -score]
    one = rate(Contest.of_seats("kreuzbinokel", keys, scores), before).ratings
    seats = [keys[i] for i in order]
    side = {k: i % 2 for i, k in enumerate(keys)}
    other = rate(Contest.of_seats("kreuzbinokel", seats, [scores[i] for i in order],
                                  [[s for s, k in enumerate(seats) if side[k] == t]
                                   for t in (1, 0)]), before).ratings
    for k in keys:
        assert other[k].mu == pytest.approx(one[k].mu)
        assert other[k].sigma == pytest.approx(one[k].sigma)
        if score:
            assert (one[k].mu > before[k].mu) == (scores[keys.index(k)] > 0)


def test_deals_of_different_players_commute() -> None:
    d1 = Contest.free_for_all("binokel", ["a", "b", "c"], [3, 2, 1])
    d2 = Contest.free_for_all("binokel", ["x", "y", "z"], [1, 3, 2])
    r: dict[str, Rating] = {}
    for d in (d1, d2):
        r |= rate(d, r).ratings
    s: dict[str, Rating] = {}
    for d in (d2, d1):
        s |= rate(d, s).ratings
    assert r == s
