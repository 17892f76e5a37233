"""The club tournament model: a whole small tournament end to end (late arrival, withdrawal,
results as round totals and as score pads of deals played by bots), rankings with every tie
rule, the repeats reported, JSON round trips, the public projection and untrusted JSON."""

from __future__ import annotations

import contextlib
import itertools
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.bots import make_bot
from binokel.play import play_deal
from binokel.registry import find_game
from binokel.tournament.club import TIE_RULES
from binokel.tournament.club import ClubError
from binokel.tournament.club import Round
from binokel.tournament.club import Tournament
from binokel.tournament.pad import Pad
from test_pad import entry_from_record


def new(game: str = "binokel", **kw: Any) -> Tournament:
    args: dict[str, Any] = {"rounds": 3, "deals_per_round": 4, "preset": "standard"}
    args.update(kw)
    return Tournament.new("Vereinsmeisterschaft", "2026-11-21", "Krone", game, **args)


def repeats_of(rounds: list[Round]) -> list[int]:
    """Each round's repeat meetings, counted from the tables themselves."""
    met: dict[tuple[int, int], int] = {}
    out = []
    for r in rounds:
        n = 0
        for table in r.tables:
            for a, b in itertools.combinations(sorted(p for p in table if p is not None), 2):
                n += met.get((a, b), 0)
        for table in r.tables:
            for a, b in itertools.combinations(sorted(p for p in table if p is not None), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
        out.append(n)
    return out


def pad_for(t: Tournament, table: list[int | None], seed: int) -> Pad:
    """The table's score pad: its deals played by bots, entered as their records say."""
    spec = find_game(t.game)
    names = [t.player(p).name if p is not None else f"Bot {i}" for i, p in enumerate(table)]
    pad = Pad.new(t.game, names, t.rules.preset, t.rules.changed_options())
    for d in range(t.deals_per_round):
        state = spec.new_deal(t.rules, pad.next_dealer(), seed=seed * 100 + d,
                              players=len(table))
        play_deal(state, [make_bot("heuristic", s, game=t.game) for s in range(len(table))])
        pad.add(pad.read_entry(entry_from_record(t.game, state)))
    return pad


def test_a_whole_small_club_tournament() -> None:
    t = new(rounds=3, deals_per_round=3)
    for i in range(10):
        assert t.add_player(f"Spieler {i + 1}") == i + 1
    r1 = t.start_round()
    assert sorted(len(x) for x in r1.tables) == [3, 3, 4]
    with pytest.raises(ClubError, match="still misses results"):
        t.start_round()
    for n, table in enumerate(r1.tables, 1):
        if n == 1:
            t.enter_pad(1, n, pad_for(t, table, n))
        else:
            t.enter_totals(1, n, [100 * (k + 1) for k in range(len(table))])
    late = t.add_player("Zuspät")
    assert t.player(late).joined == 2
    r2 = t.start_round()
    assert any(late in table for table in r2.tables)
    for n, table in enumerate(r2.tables, 1):
        t.enter_totals(2, n, [50 - 10 * k for k in range(len(table))])
    t.withdraw(3)
    r3 = t.start_round()
    assert not any(3 in table for table in r3.tables)
    for n, table in enumerate(r3.tables, 1):
        t.enter_pad(3, n, pad_for(t, table, 10 + n))
    with pytest.raises(ClubError, match="all 3 rounds"):
        t.start_round()
    # The repeats each round reports are the tables' own, and no seating beats the bound.
    assert [r.repeats for r in t.played] == repeats_of(t.played)
    assert all(r.lower_bound <= r.repeats for r in t.played)
    # The ranking: totals are the rounds' sums, ordered, every player once.
    ranking = t.ranking()
    assert sorted(line.number for line in ranking) == list(range(1, 12))
    for line in ranking:
        assert line.total == sum(v for v in line.rounds if v is not None)
    assert [line.total for line in ranking] == sorted((x.total for x in ranking),
                                                      reverse=True)
    assert next(x for x in ranking if x.number == late).rounds[0] is None
    assert next(x for x in ranking if x.number == 3).withdrawn
    # The round ranking of round 1 holds the players of round 1 with their round totals.
    first = t.ranking(only=1)
    assert {x.number for x in first} == set(range(1, 11))
    assert all(x.total == t.round_scores(1)[x.number] for x in first)
    # The document gives the same tournament back, and the public view hides the secret.
    doc = json.loads(json.dumps(t.to_json()))
    again = Tournament.from_json(doc)
    assert again.to_json() == doc
    assert again.ranking() == ranking
    public = t.public_json()
    assert "seed" not in public and "note" not in public


def test_tie_rules() -> None:
    def ranked(rule: str) -> list[tuple[int, int]]:
        t = new(rounds=2, tie_rule=rule)
        for name in "ABCDEF":
            t.add_player(name)
        t.played.append(Round(1, [[1, 2, 3], [4, 5, 6]], 0, 0))
        t.enter_totals(1, 1, [100, 50, 0])
        t.enter_totals(1, 2, [20, 100, 0])
        t.played.append(Round(2, [[1, 4, 2], [3, 5, 6]], 0, 0))
        t.enter_totals(2, 1, [0, 80, 60])
        t.enter_totals(2, 2, [10, 0, 110])
        return [(x.place, x.number) for x in t.ranking()]

    # totals: 1: 100, 2: 110, 3: 10, 4: 100, 5: 100, 6: 110
    assert ranked("shared") == [(1, 2), (1, 6), (3, 1), (3, 4), (3, 5), (6, 3)]
    # best rounds: 2: 60, 6: 110 / 1: 100, 4: 80, 5: 100
    assert ranked("best_round") == [(1, 6), (2, 2), (3, 1), (3, 5), (5, 4), (6, 3)]
    # table wins: 2: 0, 6: 1 / 1: 1, 4: 1, 5: 1 (5 won table 2 of round 1)
    assert ranked("table_wins") == [(1, 6), (2, 2), (3, 1), (3, 4), (3, 5), (6, 3)]
    assert ranked("start_number") == [(1, 2), (2, 6), (3, 1), (4, 4), (5, 5), (6, 3)]
    assert set(TIE_RULES) == {"shared", "best_round", "table_wins", "start_number"}


def test_doppelkopf_tables_of_four_and_five() -> None:
    t = new("doppelkopf", preset=None, rounds=2)
    for i in range(9):
        t.add_player(f"P{i}")
    r = t.start_round()
    assert sorted(len(x) for x in r.tables) == [4, 5]


def test_kreuzbinokel_needs_tables_of_four() -> None:
    t = new("kreuzbinokel", rounds=2)
    for i in range(6):
        t.add_player(f"P{i}")
    with pytest.raises(ClubError, match="round 1"):
        t.start_round()


@pytest.mark.parametrize(("action", "message"), [
    (lambda t: t.enter_totals(1, 1, [1, 2]), "one per seat"),
    (lambda t: t.enter_totals(1, 9, [1, 2, 3]), "tables 1..2"),
    (lambda t: t.enter_totals(2, 1, [1, 2, 3]), "no round 2"),
    (lambda t: t.enter_totals(1, 1, [1, 2, 10**9]), "score"),
    (lambda t: t.add_player("P1"), "registered already"),
    (lambda t: t.add_player("Neu", 2), "taken"),
    (lambda t: t.add_player(""), "empty"),
    (lambda t: t.withdraw(77), "no player"),
    (lambda t: t.withdraw(t.played[0].tables[0][0]), "enter that table's result first"),
    (lambda t: t.enter_pad(1, 1, Pad.new("zweier", ["a", "b"])), "must be of binokel"),
    (lambda t: t.ranking(up_to=5), "no round 5"),
])
def test_actions_that_cannot_be(action: Any, message: str) -> None:
    t = new()
    for i in range(6):
        t.add_player(f"P{i + 1}")
    t.start_round()
    with pytest.raises(ClubError, match=message):
        action(t)


@pytest.mark.parametrize(("kw", "message"), [
    ({"rounds": 0}, "rounds"), ({"rounds": 31}, "rounds"), ({"deals_per_round": 0}, "deals"),
    ({"table_sizes": (5,)}, "table sizes"), ({"tie_rule": "coin"}, "tie rule"),
    ({"preset": "nope"}, "rules"), ({"options": {"min_bid": -1}}, "rules"),
])
def test_bad_settings(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ClubError, match=message):
        new(**kw)
    with pytest.raises(ClubError, match="date"):
        Tournament.new("x", "21.11.2026", "y", "binokel", rounds=1, deals_per_round=1)
    with pytest.raises(ClubError, match="unknown game"):
        Tournament.new("x", "2026-11-21", "y", "skat", rounds=1, deals_per_round=1)


def valid_doc() -> dict[str, Any]:
    t = new()
    for i in range(6):
        t.add_player(f"P{i + 1}")
    t.start_round()
    t.enter_totals(1, 1, [1, 2, 3])
    doc: dict[str, Any] = json.loads(json.dumps(t.to_json()))
    return doc


@pytest.mark.parametrize("change", [
    lambda d: d.update(version=2), lambda d: d.update(rounds="3"),
    lambda d: d.update(players=[{"number": 1, "name": "x"}] * 2),
    lambda d: d["played"][0]["tables"][0].__setitem__(0, 99),
    lambda d: d["played"][0]["tables"][1].__setitem__(0, d["played"][0]["tables"][0][1]),
    lambda d: d["played"][0]["results"][0].update(scores=[1, 2]),
    lambda d: d["played"][0]["results"][0].update(table=7),
    lambda d: d["played"][0]["results"][0].update(pad={"version": 1, "game": "zweier"}),
    lambda d: d.update(played=d["played"] * 5),
    lambda d: d.update(title="x" * 300), lambda d: d.update(table_sizes=[3, 9]),
    lambda d: d["played"][0].update(pads=[{"table": 1, "pad": "../x"}]),
    lambda d: d["played"][0].update(pads=[{"table": 3, "pad": "abc"}]),
    lambda d: d["played"][0].update(pads={"1": "abc"}),
])
def test_untrusted_documents(change: Any) -> None:
    doc = valid_doc()
    Tournament.from_json(doc)
    change(doc)
    with pytest.raises(ClubError):
        Tournament.from_json(doc)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["title", "date", "place", "game", "rounds",
                                        "deals_per_round", "players", "played", "rules",
                                        "table_sizes", "preferred_size", "tie_rule", "seed"]),
                       st.none() | st.integers() | st.text(max_size=4)
                       | st.lists(st.integers() | st.none(), max_size=3), max_size=8))
def test_random_documents_never_crash(patch: dict[str, Any]) -> None:
    doc = valid_doc()
    doc.update(patch)
    with contextlib.suppress(ClubError):
        Tournament.from_json(doc)


def test_rounds_are_planned_ahead_so_no_round_is_a_dead_end() -> None:
    """Nine players, four rounds of three: a plan without any repeat exists (Kirkman); the
    rounds, drawn one at a time as the club plays them, find it."""
    t = new(rounds=4, table_sizes=(3,))
    for i in range(9):
        t.add_player(f"P{i}")
    for n in range(1, 5):
        r = t.start_round()
        assert r.repeats == 0
        for k, table in enumerate(r.tables, 1):
            t.enter_totals(n, k, [0] * len(table))


def test_a_tables_score_pad_is_linked_and_its_totals_taken() -> None:
    """The organiser links a pad to each table; the link is public (the table's sheet is
    the players' to follow), kept in the document, and the pad's totals become the result."""
    t = new()
    for i in range(6):
        t.add_player(f"P{i + 1}")
    r = t.start_round()
    seats = t.table_seats(1, 2)
    assert seats == r.tables[1] and seats is not r.tables[1]
    t.link_pad(1, 2, "pad-Id_2")
    t.link_pad(1, 1, "first")
    t.link_pad(1, 1, "again")               # a new link replaces the old
    assert t.played[0].pads == {1: "again", 2: "pad-Id_2"}
    assert t.public_json()["played"][0]["pads"] == [{"table": 1, "pad": "again"},
                                                    {"table": 2, "pad": "pad-Id_2"}]
    back = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert back.played[0].pads == t.played[0].pads
    for bad, message in (("", "pad: an id"), ("a/b", "pad: an id"), ("x" * 33, "pad: an id")):
        with pytest.raises(ClubError, match=message):
            t.link_pad(1, 1, bad)
    with pytest.raises(ClubError, match="no round 2"):
        t.link_pad(2, 1, "abc")
    pad = pad_for(t, seats, 3)
    t.check_pad(1, 2, pad)
    t.enter_pad(1, 2, pad)
    assert t.played[0].results[2].scores == tuple(
        a + b for a, b in zip(pad.totals(), pad.separate_totals(), strict=True))
    with pytest.raises(ClubError, match="needs 3 players"):
        t.check_pad(1, 1, Pad.new("binokel", ["a", "b", "c", "d"], "standard"))
