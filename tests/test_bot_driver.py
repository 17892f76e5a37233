"""The bot driver of a live table (binokel.web.bot_driver) without a database or a socket:
who moves by itself, and what the turn clock waits for, on a table made in memory (its
store is never touched). The bots' moves and the clock running out go through the row lock
and are covered through the server in test_web_table_life and test_web_drive."""

from __future__ import annotations

import asyncio
import random
from typing import cast

from binokel.web.store import Store
from binokel.web.tables import LiveTable

RULES = {"preset": "standard", "options": {}}


def started(timeout: int | None = 30) -> LiveTable:
    """Anna and Bert against a random bot, their first deal dealt."""
    t = LiveTable("t1", "binokel", 3, RULES, 5, [None, None, "random"], cast(Store, None),
                  bot_delay=0, settings={"turn_timeout": timeout})
    for seat, name in ((0, "Anna"), (1, "Bert")):
        t.seats.nicknames[seat] = name
        t.seats.token_hashes[seat] = f"hash{seat}"
    t.round, t.series_number, t.deal_number = t.deals.new_series(1), 1, 1
    return t


def test_the_bots_and_the_stand_ins_of_people_away_move_by_themselves() -> None:
    t = started()
    assert set(t.bot_driver.active_bots()) == {2}
    t.seats.away.add(1)
    bots = t.bot_driver.active_bots()
    assert set(bots) == {1, 2} and bots[1] is t.seats.stand_in(1)
    waiting = LiveTable("t2", "binokel", 3, RULES, 5, [None, None, "random"],
                        cast(Store, None))
    assert set(waiting.bot_driver.active_bots()) == {2}   # no stand-in before the start


def test_the_clock_waits_for_the_person_to_move_only() -> None:
    t = started()
    assert t.round is not None
    rng = random.Random(2)
    seen = set()
    for _ in range(200):
        st = t.round.current
        if st.is_over:
            break
        key = t.bot_driver._timer_key()
        if st.to_move in t.seats.present_seats:
            assert key == ("turn", 1, len(st.history), st.to_move)
        else:
            assert key is None       # a bot's turn: no clock
        seen.add(key is None)
        t.round.apply(st.random_action(rng))
    assert seen == {True, False}
    assert started(timeout=None).bot_driver._timer_key() is None   # no timeout: no clock


def test_after_a_deal_the_clock_waits_for_whoever_is_not_ready() -> None:
    t = started()
    assert t.round is not None
    rng = random.Random(4)
    while not t.round.current.is_over:
        t.round.apply(t.round.current.random_action(rng))
    assert t.bot_driver._timer_key() == ("next", 1)
    t.ready.update({0, 1})
    assert t.bot_driver._timer_key() is None
    t.ready.clear()
    t.deck_orders = [[]]            # a duplicate round's last deal: nothing follows
    assert t.bot_driver._timer_key() is None


def test_the_clock_is_armed_once_per_position_and_stops() -> None:
    async def run() -> None:
        t = started()
        driver = t.bot_driver
        t.driver = False
        driver.schedule()           # another process drives the table: nothing runs here
        assert driver.bot_task is None and driver.timer is None
        assert t.round is not None
        while t.round.current.to_move not in t.seats.present_seats:
            t.round.apply(t.round.current.random_action(random.Random(1)))
        driver.arm_timer()
        clock = driver.timer
        assert clock is not None and driver.timer_limit == 30
        driver.arm_timer()          # the same position: the same clock runs on
        assert driver.timer is clock
        driver.stop()
        assert driver.timer is None and driver.timer_key is None
    asyncio.run(run())
