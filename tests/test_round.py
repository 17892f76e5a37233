"""A round (Runde, RULES §5 end, §10 end of a round): target, winner rule, fixed series,
out_only_by_declarer, the separate Durch tally, dealer rotation."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from binokel.core.series import Series
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import DealResult
from binokel.registry import new_series
from helpers import finished


@dataclass
class Done:
    """A deal whose result is fixed; the one action it takes ends it."""

    dealer: int
    result: DealResult
    is_over: bool = False

    def apply(self, action: str) -> None:
        self.is_over = True


def book(rnd: Series, result: DealResult) -> None:
    """Book ``result`` as the current deal of ``rnd``."""
    rnd.current = Done(rnd.current.dealer, result)
    rnd.apply("end")


def normal(rules: Rules, declarer: int, made: bool, scores_others: tuple[int, int] = (0, 0),
           bid: int = 150) -> DealResult:
    """A normal game of ``declarer`` that is made for 250 (or lost)."""
    melds = [0, 0, 0]
    points = [0, 0, 0]
    others = [s for s in range(3) if s != declarer]
    for s, v in zip(others, scores_others, strict=True):
        points[s] = v
    points[declarer] = 250 if made else 0
    return finished(rules, declarer=declarer, bid=bid, melds=(melds[0], melds[1], melds[2]),
                    points=(points[0], points[1], points[2]), tricks=(4, 4, 4))


def test_nobody_at_the_target_plays_on() -> None:
    rnd = new_series("binokel", Rules(), seed=1)
    book(rnd, normal(rnd.rules, 0, True))
    assert rnd.totals == [250, 0, 0] and not rnd.is_over and rnd.winner is None
    nxt = rnd.next_deal()
    assert nxt.dealer == 1 and rnd.current is nxt


def test_the_one_who_reaches_the_target_wins() -> None:
    rnd = new_series("binokel", Rules(target=500), seed=1)
    rnd.totals = [300, 100, 0]
    book(rnd, normal(rnd.rules, 0, True))
    assert rnd.winner == 0 and rnd.is_over
    with pytest.raises(ValueError, match="the round is over"):
        rnd.next_deal()


def test_declarer_wins_if_several_reach_the_target() -> None:
    rnd = new_series("binokel", Rules(target=1000), seed=1)
    rnd.totals = [800, 990, 990]
    book(rnd, normal(rnd.rules, 0, True, (100, 70)))
    assert rnd.totals == [1050, 1090, 1060]
    assert rnd.winner == 0, "the declarer, although seat 1 has more"


def test_else_the_highest_total_wins() -> None:
    rnd = new_series("binokel", Rules(target=1000), seed=1)
    rnd.totals = [950, 990, 900]
    book(rnd, normal(rnd.rules, 0, False, (20, 150)))   # the declarer lost: -300
    assert rnd.totals == [650, 1010, 1050] and rnd.winner == 2
    # the declarer is not among those who reached the target
    rnd = new_series("binokel", Rules(target=1000), seed=1)
    rnd.totals = [0, 990, 950]
    book(rnd, normal(rnd.rules, 0, True, (20, 70)))
    assert rnd.totals == [250, 1010, 1020] and rnd.winner == 2


def test_equal_totals_the_earlier_seat_in_playing_order_wins() -> None:
    rnd = new_series("binokel", Rules(target=1000), first_dealer=0, seed=1)  # order 1, 2, 0
    rnd.totals = [0, 980, 980]
    book(rnd, normal(rnd.rules, 0, True, (20, 20)))
    assert rnd.totals[1] == rnd.totals[2] and rnd.winner == 1


def test_out_only_by_declarer() -> None:
    rules = Rules(target=1000, out_only_by_declarer=True)
    rnd = new_series("binokel", rules, seed=1)
    rnd.totals = [0, 990, 0]
    book(rnd, normal(rules, 0, True, (20, 0)))
    assert rnd.totals[1] >= 1000 and rnd.winner is None, "only the declarer may go out"
    rnd.next_deal()
    book(rnd, normal(rules, 1, True))
    assert rnd.winner == 1
    lost = new_series("binokel", rules, seed=1)
    lost.totals = [990, 0, 0]
    book(lost, finished(rules, declarer=0, bid=150, contract="abgehen", melds=(0, 0, 0)))
    assert lost.winner is None


def test_deals_per_series() -> None:
    rules = Rules(deals_per_series=3, target=100)
    rnd = new_series("binokel", rules, seed=1)
    book(rnd, normal(rules, 0, True))
    assert rnd.winner is None, "a fixed series ignores the target"
    rnd.next_deal()
    book(rnd, normal(rules, 1, True, (0, 0)))
    rnd.next_deal()
    assert not rnd.is_over
    book(rnd, normal(rules, 2, False, (30, 0)))
    assert len(rnd.sheet) == 3 and rnd.totals == [280, 250, -300]
    assert rnd.winner == 0
    assert Rules.from_preset("aks").deals_per_series == 15


def test_durch_separate_tally() -> None:
    rules = Rules(durch_separate=True)
    rnd = new_series("binokel", rules, seed=1)
    book(rnd, finished(rules, declarer=0, contract="durch", tricks=(1, 1, 0)))
    assert rnd.totals == [0, 0, 0] and rnd.separate_totals == [-2000, 0, 0]
    assert rnd.sheet[-1].separate and rnd.sheet[-1].contract == "durch"
    rnd.next_deal()
    book(rnd, normal(rules, 1, True))
    assert rnd.totals == [0, 250, 0] and not rnd.sheet[-1].separate
    together = new_series("binokel", Rules(), seed=1)
    book(together, finished(together.rules, declarer=0, contract="durch", tricks=(12, 0, 0)))
    assert together.totals == [1000, 0, 0] and together.winner == 0


def test_the_sheet_keeps_running_totals() -> None:
    rnd = new_series("binokel", Rules(), first_dealer=2, seed=1)
    book(rnd, normal(rnd.rules, 0, True, (40, 50)))
    rnd.next_deal()
    book(rnd, normal(rnd.rules, 1, False, (10, 20)))
    first, second = rnd.sheet
    assert (first.deal, first.dealer, first.scores, first.totals) == (1, 2, (250, 40, 50),
                                                                      (250, 40, 50))
    assert (second.deal, second.dealer, second.declarer, second.made) == (2, 0, 1, False)
    assert second.totals == (260, 40 - 300, 70)


def test_next_deal_needs_a_finished_deal() -> None:
    rnd = new_series("binokel", Rules(), seed=1)
    with pytest.raises(ValueError, match="not over"):
        rnd.next_deal()


@pytest.mark.parametrize("preset, options", [("standard", {"target": 500}),
                                             ("turnier", {"target": 500}),
                                             ("aks", {"deals_per_series": 4})])
def test_a_whole_round_of_random_play(preset: str, options: dict[str, Any]) -> None:
    rules = Rules.from_preset(preset, **options)
    rnd = new_series("binokel", rules, seed=7)
    rng = random.Random(7)
    while True:
        while not rnd.current.is_over:
            rnd.apply(rnd.current.random_action(rng))
        if rnd.is_over:
            break
        rnd.next_deal()
    assert [line.dealer for line in rnd.sheet] == [i % 3 for i in range(len(rnd.sheet))]
    for s in range(3):
        assert rnd.totals[s] == sum(line.scores[s] for line in rnd.sheet if not line.separate)
    assert rnd.winner is not None
    if rules.deals_per_series:
        assert len(rnd.sheet) == rules.deals_per_series
        assert rnd.totals[rnd.winner] == max(rnd.totals)
    else:
        assert rnd.totals[rnd.winner] >= rules.target
