"""The chat and the deals of a live table (binokel.web.chat, binokel.web.deals) without a
database or a socket: a table made in memory whose row lock is a recorder of what would be
written (the store itself is never touched). The same writes through the real store are
covered through the server in test_web_table_life, test_web_duplicate and test_web_catch_up."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any
from typing import cast

import pytest

from binokel.core.cards import card_token
from binokel.web.chat import CHAT_KEEP
from binokel.web.chat import MAX_CHAT
from binokel.web.chat import clean_line
from binokel.web.store import Store
from binokel.web.tables import LiveTable
from binokel.web.tables import TableError

RULES = {"preset": "standard", "options": {}}


class Recorder:
    """What a change wrote under the row lock, in order."""

    def __init__(self) -> None:
        self.row = SimpleNamespace(series=0)
        self.writes: list[tuple[str, Any]] = []

    def add_chat(self, seat: int, name: str, line: str, keep: int) -> int:
        self.writes.append(("chat", (seat, name, line, keep)))
        return len(self.writes)

    def add_deal(self, number: int, dealer: int, deck: list[str], series: int,
                 rules: dict[str, Any]) -> None:
        self.writes.append(("deal", (number, dealer, deck, series)))

    def set_seat(self, seat: int, **values: Any) -> None:
        self.writes.append(("seat", (seat, values)))

    def set_seats(self, **values: Any) -> None:
        self.writes.append(("seats", values))

    def bump(self, status: str | None = None) -> None:
        self.writes.append(("bump", status))


def table(bots: list[str | None] | None = None, seed: int | None = 5) -> tuple[LiveTable,
                                                                                 Recorder]:
    """A three-player Binokel table (Anna and Bert against a random bot unless told), its
    row lock a :class:`Recorder`."""
    t = LiveTable("t1", "binokel", 3, RULES, seed, bots or [None, None, "random"],
                  cast(Store, None), bot_delay=0)
    for seat, name in ((0, "Anna"), (1, "Bert")):
        if t.bots[seat] is None:
            t.seats.nicknames[seat] = name
            t.seats.token_hashes[seat] = f"hash{seat}"
    tx = Recorder()

    @contextlib.contextmanager
    def locked() -> Iterator[Recorder]:
        yield tx
    t.locked = locked   # type: ignore[method-assign,assignment]
    return t, tx


def play_out(t: LiveTable) -> None:
    """Play the current deal to its end with random legal actions."""
    assert t.round is not None
    rng = random.Random(1)
    while not t.round.current.is_over:
        t.round.apply(t.round.current.random_action(rng))


# ------------------------------------------------------------------ chat
def test_a_chat_line_is_folded_and_checked() -> None:
    assert clean_line(" gut \n gespielt  ") == "gut gespielt"
    for bad in (None, 3, "", "   ", "x" * (MAX_CHAT + 1), "a\u200bb", "a\x07b"):
        with pytest.raises(TableError) as e:
            clean_line(bad)
        assert e.value.code == "bad_chat"
    assert clean_line("x" * MAX_CHAT) == "x" * MAX_CHAT


def test_a_line_is_written_with_the_seats_name_and_kept_in_number() -> None:
    t, tx = table()
    msg = t.chat.say(1, "  Hallo   Anna ")
    assert msg["type"] == "chat" and (msg["seat"], msg["name"], msg["text"]) == (
        1, "Bert", "Hallo Anna")
    assert tx.writes == [("chat", (1, "Bert", "Hallo Anna", CHAT_KEEP))]
    assert t.chat.seen == 1    # this process sent it: another process's notice is not resent


def test_no_line_at_a_table_without_chat_and_nothing_written() -> None:
    t, tx = table()
    t.settings["chat"] = False
    with pytest.raises(TableError) as e:
        t.chat.say(0, "Hallo")
    assert e.value.code == "chat_off" and tx.writes == []


# ------------------------------------------------------------------ deals and series
def test_a_chosen_seed_deals_every_series_alike_and_each_series_anew() -> None:
    t, _ = table(seed=11)
    again, _ = table(seed=11)
    first, second = t.deals.new_series(1), t.deals.new_series(2)
    assert first.current.deck == again.deals.new_series(1).current.deck
    assert first.current.deck != second.current.deck
    assert (first.current.dealer, second.current.dealer) == (0, 1)   # the deal passes on
    unseeded, _ = table(seed=None)
    assert unseeded.deals.new_series(1).current.deck != unseeded.deals.new_series(1).current.deck


def test_a_duplicate_table_deals_the_rounds_given_order() -> None:
    t, _ = table()
    decks = [list(t.deals.new_series(k).current.deck) for k in (1, 2)]
    t.deck_orders = decks
    dealt = t.deals.dealt(t.deals.new_series(1), 2)
    assert list(dealt.current.deck) == decks[1] and dealt.current.dealer == 1
    plain, _ = table()
    rnd = plain.deals.new_series(1)
    assert plain.deals.dealt(rnd, 2) is rnd and rnd.current.dealer == 0   # left as dealt


def test_only_a_duplicate_table_of_bots_starts_itself_and_deals_alone() -> None:
    t, tx = table()
    with pytest.raises(TableError):
        t.deals.start()    # people sit here
    assert not t.deals.alone() and tx.writes == []
    bots, tx = table(bots=["random", "random", "random"])
    with pytest.raises(TableError):
        bots.deals.start()   # no duplicate round
    order = list(bots.deals.new_series(1).current.deck)
    bots.deck_orders = [order]
    assert bots.deals.alone()
    bots.deals.start()
    assert bots.round is not None and list(bots.round.current.deck) == order
    assert (bots.series_number, bots.deal_number) == (1, 1)
    assert tx.writes == [("deal", (1, 0, [card_token(c) for c in order], 1)),
                         ("bump", "playing")] and tx.row.series == 1


def test_the_next_deal_comes_when_every_person_is_ready() -> None:
    t, tx = table()
    t.round, t.series_number, t.deal_number = t.deals.new_series(1), 1, 1
    with pytest.raises(TableError) as e:
        t.deals.ready_next(0)
    assert e.value.code == "not_over" and tx.writes == []
    play_out(t)
    assert t.deals.ready_next(0) is False and t.ready == {0}
    assert tx.writes == [("seat", (0, {"ready_after": 1})), ("bump", None)]
    assert t.deals.ready_next(0) is False and len(tx.writes) == 2   # said twice: once
    first = t.round
    assert t.deals.ready_next(1) is True
    assert t.round is first and t.deal_number == 2 and t.round.current.dealer == 1
    assert t.ready == set() and t.first_deal == 1
    assert tx.writes[2:] == [("deal", (2, 1, [card_token(c) for c in t.round.current.deck],
                                       1)), ("seats", {"ready_after": 0}), ("bump", "playing")]


def test_a_new_series_when_every_person_asks_for_one() -> None:
    t, tx = table()
    t.round, t.series_number, t.deal_number = t.deals.new_series(1), 1, 1
    play_out(t)
    assert t.deals.ready_next(0, new_series=True) is False and t.restart == {0}
    assert tx.writes[0] == ("seat", (0, {"ready_after": -1}))
    assert t.deals.ready_next(1, new_series=True) is True
    assert (t.series_number, t.deal_number, t.first_deal) == (2, 2, 2)
    assert t.round is not None and t.round.current.dealer == 1 and tx.row.series == 2


def test_a_duplicate_round_ends_with_its_deals_and_has_no_rematch() -> None:
    t, tx = table()
    t.round, t.series_number, t.deal_number = t.deals.new_series(1), 1, 1
    t.deck_orders = [list(t.round.current.deck)]
    play_out(t)
    for new_series, code in ((False, "round_over"), (True, "round_over")):
        with pytest.raises(TableError) as e:
            t.deals.ready_next(0, new_series)
        assert e.value.code == code
    t.deck_orders.append(list(t.round.current.deck))
    with pytest.raises(TableError) as e:
        t.deals.ready_next(0, new_series=True)
    assert e.value.code == "bad_next" and tx.writes == []
