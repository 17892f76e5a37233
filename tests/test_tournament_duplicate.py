"""Duplicate rounds: every table gets the same hands in the same seats; a whole round played
by bots at every table, compared hand by hand; bad results are refused."""

from __future__ import annotations

import pytest

from binokel.bots import make_bot
from binokel.core.state import AnyState
from binokel.play import play_deal
from binokel.registry import find_game
from binokel.tournament.duplicate import DuplicateError
from binokel.tournament.duplicate import TableScores
from binokel.tournament.duplicate import compare
from binokel.tournament.duplicate import draw_round
from binokel.tournament.duplicate import duplicate_ranking
from binokel.tournament.duplicate import table_scores


def score_of(state: AnyState, seat: int) -> int:
    assert state.result is not None
    return state.result.scores[seat]


@pytest.mark.parametrize(("game", "size"), [("binokel", 3), ("doppelkopf", 4),
                                            ("zweier", 2), ("luxusfamilie", 5)])
def test_a_duplicate_round_played_by_bots(game: str, size: int) -> None:
    r = draw_round(game, None, table_size=size, deals=3, seed=b"round 1")
    tables = [[f"T{t}S{s}" for s in range(size)] for t in range(3)]
    played: list[list[AnyState]] = []
    for t in range(len(tables)):
        states = []
        for d in range(len(r.deals)):
            state = r.new_deal(d)
            play_deal(state, [make_bot("heuristic", 100 * t + s, game=game)
                              for s in range(size)])
            states.append(state)
        played.append(states)
    # the same hands in the same seats at every table
    for d in range(len(r.deals)):
        first = played[0][d]
        for states in played[1:]:
            assert states[d].deck == first.deck and states[d].dealer == first.dealer
    results = [table_scores(p, s) for p, s in zip(tables, played, strict=True)]
    hands = compare(r, results)
    assert len(hands) == len(r.deals) * size
    for h in hands:
        assert [p for p, _ in h.results] == [t[h.seat - 1] for t in tables]
        scores = [score_of(played[t][h.deal - 1], h.seat - 1) for t in range(3)]
        assert [v for _, v in h.results] == scores
        assert h.average == pytest.approx(sum(scores) / 3)
    ranking = duplicate_ranking(hands)
    assert len(ranking) == 3 * size
    assert sum(v for _, v in ranking) == pytest.approx(0)   # differences to averages


def test_the_comparison_in_words() -> None:
    r = draw_round("binokel", None, table_size=3, deals=1, seed=b"x")
    hands = compare(r, [TableScores(("Anna", "B", "C"), ((320, 0, 0),)),
                        TableScores(("D", "E", "F"), ((-40, 0, 0),)),
                        TableScores(("G", "H", "I"), ((140, 0, 0),))])
    assert hands[0].describe("Anna") == "with this hand, Anna made 320, the field averaged 140"
    assert hands[0].describe("D", "de") == ("mit dieser Hand machte D -40, das Feld im "
                                            "Schnitt 140")
    assert duplicate_ranking(hands)[0] == ("Anna", 180.0)


def test_a_cryptographic_draw_differs_and_a_seed_replays() -> None:
    a = draw_round("doppelkopf", None, 4, 2)
    b = draw_round("doppelkopf", None, 4, 2)
    assert a.deals != b.deals
    assert draw_round("binokel", None, 3, 2, b"s").deals == draw_round(
        "binokel", None, 3, 2, b"s").deals
    # every deal is the whole deck
    assert sorted(a.deals[0]) == sorted(find_game("doppelkopf").full_deck(a.rules, 4))


@pytest.mark.parametrize(("tables", "message"), [
    ([], "tables"),
    ([TableScores(("A", "B", "C"), ((1, 2, 3),)), TableScores(("A", "E", "F"), ((1, 2, 3),))],
     "two tables"),
    ([TableScores(("A", "B"), ((1, 2),))], "table 1"),
    ([TableScores(("A", "B", "C"), ((1, 2, 3), (1, 2, 3)))], "table 1"),
])
def test_results_that_do_not_fit(tables: list[TableScores], message: str) -> None:
    r = draw_round("binokel", None, 3, 1, b"x")
    with pytest.raises(DuplicateError, match=message):
        compare(r, tables)
    with pytest.raises(DuplicateError, match="played by"):
        draw_round("binokel", None, 5, 1)
    with pytest.raises(DuplicateError, match="deals"):
        draw_round("binokel", None, 3, 0)
