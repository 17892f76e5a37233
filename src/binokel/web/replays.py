"""A table's finished deals as records and replays, read from the store (issue 34).

A player's page links every deal he finished to its replay and analysis. The sweeper closes
an abandoned table after an hour or so (:meth:`binokel.web.tables.Registry.sweep`), but its
rows stay: so the records are made from the stored table row (game, players, rules, bots,
settings), its seats' names and the stored deal (:meth:`binokel.web.store.Store.deal`),
for a live table and a closed one alike, not from the live copy of the table.

What stays hidden: a deal still running (its deck is every player's secret), a closed
table's last deal that never ended, and a duplicate round's deals while the round runs at
other tables (``sealed``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from ..core.cards import card_name
from ..core.cards import card_token
from ..core.cards import parse_card
from ..core.state import actor
from ..present import action_words
from ..present import bot_name
from ..present import deck_of
from ..present import present
from ..record import Record
from ..registry import GameSpec
from ..registry import find_game
from .store import LIVE
from .store import SeatRow
from .store import Store
from .store import StoredDeal
from .store import TableRow
from .table_base import TableError

MAX_DEAL = 2**31 - 1     # no table numbers a deal beyond this (nor does SQL's integer)
# a table's seal from its settings: whether its deals are shut now (None: never shut)
Seal = Callable[[Store, dict[str, Any]], Callable[[], bool] | None]


def seat_names(bots: list[str | None], settings: dict[str, Any],
               nicknames: dict[int, str]) -> list[str]:
    """Each seat's name as the table showed it: a person's nickname, a computer player's
    first name in seat order (or the name a duplicate round gave it).

    >>> seat_names([None, "heuristic", "heuristic"], {}, {0: "Anna"})[0]
    'Anna'
    """
    given = settings.get("bot_names")   # set by the server only (duplicate)
    out = []
    for seat, kind in enumerate(bots):
        if kind:
            name = given[seat] if isinstance(given, list) and seat < len(given) else None
            out.append(name if isinstance(name, str) else
                       bot_name(sum(1 for s in range(seat) if bots[s])))
        else:
            out.append(nicknames.get(seat, ""))
    return out


@dataclass(frozen=True)
class TableRecords:
    """The records of one table's finished deals, from what the store holds of it."""

    store: Store
    id: str
    game: str
    players: int
    rules_data: dict[str, Any]
    bots: list[str | None]
    names: list[str]
    closed: bool
    # a duplicate round's table: whether the round still runs (its deals stay shut)
    sealed: Callable[[], bool] | None = None

    @property
    def spec(self) -> GameSpec:
        return find_game(self.game)

    @classmethod
    def load(cls, store: Store, table_id: str, seal: Seal | None = None) -> TableRecords:
        """The table ``table_id`` as stored (live or closed); ``no_table`` if there is none.
        ``seal``: a duplicate round's seal from the table's settings
        (:func:`binokel.web.duplicate.seal_of`)."""
        with store.reading() as s:
            row = s.get(TableRow, table_id[:40]) if len(table_id) <= 32 else None
            if row is None:
                raise TableError("no_table", f"there is no table {table_id[:40]!r}")
            nicknames = {r.seat: r.nickname for r in s.scalars(
                select(SeatRow).where(SeatRow.table_id == row.id))}
            settings = dict(row.settings or {})
            table = cls(store, row.id, row.game, row.players, dict(row.rules),
                        list(row.bots), seat_names(list(row.bots), settings, nicknames),
                        row.status not in LIVE)
        if seal is None:
            return table
        return dataclasses.replace(table, sealed=seal(store, settings))

    def check_unsealed(self) -> None:
        """Refuse while a duplicate round runs: a finished deal here is a deal still being
        played at another table of the round."""
        if self.sealed is not None and self.sealed():
            raise TableError("sealed", "the deals of a duplicate round are shown when every "
                             "table of the round has finished")

    def finished_deal(self, number: int) -> StoredDeal:
        """Stored deal ``number``, refused unless it is over (and unsealed)."""
        self.check_unsealed()
        # anything out of range is no deal, asked without a query (a number beyond 64 bits
        # is no SQL integer at all)
        d = self.store.deal(self.id, number) if 1 <= number <= MAX_DEAL else None
        if d is None:
            raise TableError("no_deal", f"there is no deal {number}")
        if not d.finished:
            # The deck of a running deal is the hidden information of every player, and
            # a closed table's last deal that never ended stays as hidden.
            raise TableError("not_over", "a record is available when the deal is over")
        return d

    def record(self, number: int) -> dict[str, Any]:
        d = self.finished_deal(number)
        # The rules the deal was played with (a series may vary them per deal).
        rec = Record(game=self.game, players=self.players, rules=d.rules or self.rules_data,
                     dealer=d.dealer, deck=tuple(d.deck), actions=tuple(d.actions),
                     extra={"names": list(self.names), "deal_number": number,
                            "result": d.result})
        return rec.to_json()

    def replay(self, number: int, step: int | None, lang: str, cards: str) -> dict[str, Any]:
        """A finished deal for the browser's replay: the public table after ``step`` actions
        (default: the end) and every seat's hand then (the deal is over: no secret left).
        ``closed``: the table is closed (the page says so and offers no seat)."""
        rec = Record.from_json(self.record(number))
        total = len(rec.actions)
        at = total if step is None else step
        if not 0 <= at <= total:
            raise TableError("bad_step", f"step must be 0..{total}")
        states = list(rec.states())
        end, state = states[-1], states[at]
        # the steps that close a trick: the replay steps trick by trick between them
        levels = [b or "" for b in self.bots]   # the bots' levels (no stand-in of today)
        played = [len(s.public_view().tricks) for s in states]
        trick_ends = [k for k in range(1, total + 1) if played[k] > played[k - 1]]
        names = list(self.names)
        said = ""
        if at > 0:
            # the step's action in the words its player read (the table he saw before it)
            seat, action = actor(end.history[at - 1])   # who said it, out of turn too
            seen = present(states[at - 1].view(seat), lang, names, cards, levels)
            deck = deck_of(self.game)
            said = action_words(seen, action,
                                lambda tok: card_name(parse_card(tok), cards, lang, deck))
        return {
            "deal": number, "step": at, "steps": total, "names": names, "said": said,
            "trick_ends": trick_ends, "closed": self.closed,
            "actions": [[s, a] for s, a in end.history],
            "hands": [[card_token(c) for c in state.view(s).hand]
                      for s in range(state.players)],
            "table": present(state.public_view(), lang, names, cards,
                             levels).to_json(),
            "result": end.result.to_json() if end.result is not None else None,
        }

    def finished_deals(self) -> list[dict[str, Any]]:
        self.check_unsealed()
        return self.store.finished_deals(self.id)


__all__ = ["MAX_DEAL", "Seal", "TableRecords", "seat_names"]
