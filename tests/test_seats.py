"""The seats of a live table (binokel.web.seats) without a database or a socket: a table
made in memory (its store is never touched), seated by hand. What needs the row lock (a
join, a leave, away marks written) is covered through the server in test_web_table_life."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import cast

import pytest

from binokel.web.store import Store
from binokel.web.store import now
from binokel.web.tables import LiveTable
from binokel.web.tables import TableError
from binokel.web.tables import hash_token

RULES = {"preset": "standard", "options": {}}


def table(bots: list[str | None] | None = None) -> LiveTable:
    """A three-player Binokel table (two people's seats and a bot unless told)."""
    return LiveTable("t1", "binokel", 3, RULES, 5, bots or [None, None, "random"],
                     cast(Store, None), bot_delay=0)


def seat(t: LiveTable, seat: int, name: str, token: str) -> None:
    t.seats.nicknames[seat] = name
    t.seats.token_hashes[seat] = hash_token(token)


def started() -> LiveTable:
    t = table()
    seat(t, 0, "Anna", "a" * 32)
    seat(t, 1, "Bert", "b" * 32)
    t.round, t.series_number, t.deal_number = t.deals.new_series(1), 1, 1
    return t


def test_people_present_away_and_their_names() -> None:
    t = started()
    assert t.seats.human_seats == [0, 1] and t.seats.present_seats == [0, 1]
    assert t.seats.names()[:2] == ["Anna", "Bert"] and t.seats.names()[2]   # a bot's name
    assert t.seats.levels() == ["", "", "random"]
    t.seats.away.add(1)
    assert t.seats.present_seats == [0]
    assert t.seats.levels() == ["", "computer", "random"]   # "Bert (computer)"
    assert t.seats.stand_in(1) is t.seats.stand_in(1)        # one stand-in per seat


def test_a_stand_in_is_the_games_default_level() -> None:
    """A person away is played by the level the game seats by default: Doppelkopf's strong
    player (level with FreeDoko's), the heuristic elsewhere."""
    assert getattr(started().seats.stand_in(1), "name", None) == "heuristic"
    doko = LiveTable("t2", "doppelkopf", 4, RULES, 5, [None, None, "random", "random"],
                     cast(Store, None), bot_delay=0)
    assert getattr(doko.seats.stand_in(0), "name", None) == "strong"


def test_a_bots_name_may_be_given_by_the_server() -> None:
    t = table()
    t.settings["bot_names"] = [None, None, "Kurt"]
    assert t.seats.name(2) == "Kurt"


def test_a_token_holds_its_seat_until_it_expires() -> None:
    t = started()
    assert t.seats.seat_of("a" * 32) == 0 and t.seats.seat_of("b" * 32) == 1
    assert t.seats.seat_of("c" * 32) is None
    t.seats.expires[1] = now() - timedelta(seconds=1)
    assert t.seats.seat_of("b" * 32) is None
    t.seats.expires[0] = now() + timedelta(days=1)
    assert t.seats.seat_of("a" * 32) == 0


def test_a_seat_changes_hands_between_tricks_only() -> None:
    t = started()
    assert t.round is not None
    assert t.seats.between_tricks()
    rng = random.Random(3)
    while not t.round.current.public_view().trick:   # bid, meld ... up to the first card
        t.round.apply(t.round.current.random_action(rng))
    assert not t.seats.between_tricks()
    t.seats.away.add(1)
    version = t.version
    t.seats.take_back(1)   # asked mid-trick: the stand-in finishes it (nothing written yet)
    assert t.seats.returning == {1} and 1 in t.seats.away and t.version == version + 1
    assert t.json_view.info()["seats"][1]["returning"]


@pytest.mark.parametrize(("seat_no", "code"), [(3, "bad_seat"), (True, "bad_seat"),
                                               (2, "seat_taken"), (0, "seat_taken")])
def test_a_join_is_refused_before_anything_is_written(seat_no: object, code: str) -> None:
    t = started()
    with pytest.raises(TableError) as e:
        t.seats.join(seat_no, "Carl")
    assert e.value.code == code


def test_a_seat_its_person_left_may_be_taken_over() -> None:
    t = started()
    t.seats.away.add(0)
    t.seats.left.add(0)
    assert t.seats._may_join(0, None) is True     # taken over, not a free seat
    t.settings["rated"] = True
    with pytest.raises(TableError) as e:
        t.seats._may_join(0, None)
    assert e.value.code == "login_required"


@pytest.mark.parametrize(("seat_no", "token", "code"), [
    (7, "x", "bad_seat"), (0, None, "forbidden"), (0, "x" * 101, "forbidden"),
    (2, "x", "bad_seat"), (0, "x", "present")])
def test_only_an_away_persons_seat_is_handed_on(seat_no: int, token: object,
                                                code: str) -> None:
    t = started()
    with pytest.raises(TableError) as e:
        t.seats.release(seat_no, token)
    assert e.value.code == code
    waiting = table()
    with pytest.raises(TableError) as e:
        waiting.seats.release(0, "x")
    assert e.value.code == "not_running"
