"""The deals and series of a live table: how a series is shuffled, a deal dealt (from a
duplicate round's given order), stored, and when the next deal or a new series starts.

One part of :class:`binokel.web.tables.LiveTable` (one concern each, as lila's ``round``
module). The table holds the running series and its numbers (``round``, ``deal_number``,
``series_number``, ``first_deal``) and who is ready (``ready``, ``restart``); this part
decides what comes after a finished deal and writes it through the table's row lock
(:meth:`LiveTable.locked`). Making a series and dealing need neither a database nor a
socket.
"""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING

from ..core.cards import card_token
from ..core.series import Series
from .store import Tx
from .table_base import TableError

if TYPE_CHECKING:
    from .tables import LiveTable


class Deals:
    """The series and deals of ``table``."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table

    def new_series(self, number: int) -> Series:
        """Series ``number`` of the table: seeded only when the creator chose a seed (which
        everybody sees), else every deal shuffled by the cryptographic generator."""
        t = self.table
        first_dealer = (number - 1) % t.players
        if t.seed is not None:
            return t.spec.new_series(t.rules, players=t.players, first_dealer=first_dealer,
                                     seed=t.seed + 7919 * (number - 1))
        return t.spec.new_series(t.rules, players=t.players, first_dealer=first_dealer,
                                 shuffle=random.SystemRandom())

    def dealt(self, rnd: Series, number: int) -> Series:
        """With ``deck_orders`` (a duplicate round) the table's deal ``number`` is dealt
        from its given order by seat ``(number - 1) mod players``, as at every other table
        of the round, instead of from the series' own shuffle."""
        t = self.table
        if t.deck_orders is not None:
            dealer = (number - 1) % t.players
            rnd.current = t.spec.new_deal(rnd.deal_rules(dealer), dealer,
                                          deck_order=list(t.deck_orders[number - 1]),
                                          players=t.players)
        return rnd

    def alone(self) -> bool:
        """A duplicate table deals on without people (a table of bots, or every person
        away): its round must be played to the end; any other table waits for a person."""
        return self.table.deck_orders is not None and not self.table.seats.present_seats

    def start(self) -> None:
        """Deal the first deal of a table whose every seat is a bot (a duplicate round)."""
        t = self.table
        if t.round is not None or t.seats.human_seats or t.deck_orders is None:
            raise TableError("bad_request", "only a duplicate table of bots starts itself")
        fresh = self.dealt(self.new_series(1), 1)
        with t.locked() as tx:
            self.store(tx, fresh, 1, 1)
            tx.row.series = 1
            tx.bump("playing")
        t.round, t.series_number, t.deal_number = fresh, 1, 1
        t.touch()

    @staticmethod
    def store(tx: Tx, rnd: Series, number: int, series: int) -> None:
        """Write the current deal of ``rnd`` as the table's deal ``number`` of ``series``
        (its dealer, deck and rules: everything it is dealt again from)."""
        st = rnd.current
        tx.add_deal(number, st.dealer, [card_token(c) for c in st.deck], series,
                    st.rules.to_dict())

    def ready_next(self, seat: int | None, new_series: bool = False) -> bool:
        """``seat`` is ready for what comes after a finished deal: the next deal, or after
        a finished series a rematch with the same seats. It starts when every person at the
        table is ready (True then). ``new_series``: the seat asks for a new series with the
        same people instead of the next deal; it starts when every person present asks for
        it (a person who says plain "next" carries the others on to the next deal)."""
        t = self.table
        if t.round is None or not t.round.current.is_over:
            raise TableError("not_over", "the deal is still running")
        if t.deck_orders is not None and t.deal_number >= len(t.deck_orders):
            raise TableError("round_over", "every deal of this duplicate round is played")
        if new_series and t.deck_orders is not None:
            raise TableError("bad_next", "a duplicate round's deals are the tournament's")
        if not t.seats.present_seats and not self.alone():
            return False   # nobody plays: a table of stand-ins does not deal on alone
        if seat is not None:
            mine, other = (t.restart, t.ready) if new_series else (t.ready, t.restart)
            if seat in mine:
                return False
            mine.add(seat)
            other.discard(seat)
        present = t.seats.present_seats
        if not all(s in t.ready or s in t.restart for s in present):
            if seat is not None:
                with t.locked() as tx:
                    # stored as the deal number; negative: a new series asked for
                    tx.set_seat(seat, ready_after=-t.deal_number if new_series
                                else t.deal_number)
                    tx.bump()
                t.touch()
            return False
        if t.round.is_over or (present and all(s in t.restart for s in present)):
            number = t.series_number + 1
            fresh = self.new_series(number)
        else:
            number = t.series_number
            fresh = t.round
            fresh.next_deal()
        self.dealt(fresh, t.deal_number + 1)
        try:
            with t.locked() as tx:
                self.store(tx, fresh, t.deal_number + 1, number)
                tx.row.series = number
                tx.set_seats(ready_after=0)
                tx.bump("playing")
        except TableError:
            raise       # the copy is reloaded already
        except Exception:
            # ``next_deal`` moved the series on in memory; the store did not: back to it.
            with contextlib.suppress(Exception):
                t.reload()
            raise
        if fresh is not t.round:
            t.first_deal = t.deal_number + 1
        t.round, t.series_number = fresh, number
        t.deal_number += 1
        t.ready.clear()
        t.restart.clear()
        t.touch()
        return True
