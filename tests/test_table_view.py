"""The JSON view of a live table (binokel.web.table_view) without a database or a socket:
a table is made in memory (its store is never touched), seated and dealt by hand, and its
messages are checked against the engine's views."""

from __future__ import annotations

import random
from typing import cast

from binokel.present import present
from binokel.web.store import Store
from binokel.web.tables import LiveTable

RULES = {"preset": "standard", "options": {}}


def table(seed: int | None = 5) -> LiveTable:
    """A three-player Binokel table: two people's seats and a bot, nobody seated yet."""
    return LiveTable("t1", "binokel", 3, RULES, seed, [None, None, "random"],
                     cast(Store, None), bot_delay=0)


def seated(seed: int | None = 5) -> LiveTable:
    """The table with Anna and Bert seated and its first deal dealt."""
    t = table(seed)
    for seat, name in ((0, "Anna"), (1, "Bert")):
        t.seats.nicknames[seat] = name
        t.seats.token_hashes[seat] = f"hash{seat}"
    t.round, t.series_number, t.deal_number = t.deals.new_series(1), 1, 1
    t.touch()
    return t


def test_the_info_of_a_waiting_table_shows_its_seats_and_its_seed() -> None:
    t = table()
    t.seats.nicknames[0], t.seats.token_hashes[0] = "Anna", "hash0"
    info = t.json_view.info()
    assert info["status"] == "waiting" and info["players"] == 3 and info["seed"] == 5
    assert [(s["nickname"], s["taken"], s["bot"]) for s in info["seats"]] == \
        [("Anna", True, None), (None, False, None), (None, True, "random")]
    assert not any(s["stand_in"] or s["away"] for s in info["seats"])
    assert "seed" not in table(seed=None).json_view.info()   # shuffled: nothing to show


def test_a_seat_is_sent_its_own_view_and_a_spectator_the_public_one() -> None:
    t = seated()
    assert t.round is not None
    st = t.round.current
    names, levels = t.seats.names(), t.seats.levels()
    mine = t.json_view.message_for(0, "en", "words")
    assert mine["you"] == 0 and mine["deal"] == 1 and mine["moves"] == 0
    assert mine["table"] == present(st.view(0), "en", names, "words", levels).to_json()
    watched = t.json_view.message_for(None, "en", "words")
    assert watched["table"] == present(st.public_view(), "en", names, "words",
                                       levels).to_json()
    assert watched["table"] != mine["table"]   # the spectator does not see Anna's hand
    assert mine["sheet"]["lines"] == [] and mine["winners"] == [] and mine["more"]


def test_messages_are_cached_per_version_of_the_table() -> None:
    t = seated()
    first = t.json_view.message_for(1)
    assert t.json_view.message_for(1) is first               # built once per change
    assert t.json_view.message_for(1, "en") is not first     # per language
    assert t.round is not None
    t.round.apply(t.round.current.legal_actions()[0])
    t.touch()
    again = t.json_view.message_for(1)
    assert again is not first and again["moves"] == 1


def test_a_sealed_table_shows_spectators_no_deal_and_is_not_cached() -> None:
    t = seated()
    seal = [True]
    t.sealed = lambda: seal[0]
    assert t.json_view.message_for(None)["table"] is None
    assert t.json_view.message_for(0)["table"] is not None   # the players play on
    seal[0] = False   # the round is settled: no change of this table, still shown now
    assert t.json_view.message_for(None)["table"] is not None


def test_the_sheet_numbers_a_finished_deal_by_the_tables_count() -> None:
    t = seated()
    t.first_deal = t.deal_number = 4   # a rematch: the series' first deal is the table's 4th
    assert t.round is not None
    rng = random.Random(1)
    while not t.round.current.is_over:
        st = t.round.current
        t.round.apply(st.random_action(rng))
    t.touch()
    sheet = t.json_view.message_for(0)["sheet"]
    assert [line["number"] for line in sheet["lines"]] == [4]
    assert sheet["totals"] == sheet["lines"][0]["totals"] == list(t.round.totals)
    assert t.json_view.winners() == ([] if t.round.winner is None else [t.round.winner])
