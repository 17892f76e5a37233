"""The replay's analysis of a finished deal: each card play marked with the points it gave
away against the best play of its side, as lichess marks mistakes (issue 15).

The analysis reads every hand, which is no secret once the deal is over: only finished deals
are analysed (:meth:`LiveTable.record` refuses a running one). A search costs seconds of CPU,
so a server computes each deal's analysis at most once (a small cache), one at a time, off
the event loop, within a node budget, and each client may ask only so often.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from ..analysis import DealAnalysis
from ..analysis import analyse_back
from ..present import Context
from ..present import deck_of
from ..present import figure_texts
from ..record import Record
from .guard import Limiter
from .guard import WebError
from .tables import LiveTable

TOTAL_BUDGET = 20_000_000
"""Nodes one deal's analysis may take in all (a few seconds at most)."""

CACHED = 64          # analysed deals kept
WAITING = 4          # analyses that may wait for their turn before the server says "busy"


def analyse_table_deal(table: LiveTable, number: int) -> DealAnalysis:
    """The analysis of ``table``'s finished deal ``number`` (blocking: run it off the loop)."""
    rec = Record.from_json(table.record(number))
    states = list(rec.states())
    return analyse_back(states[:-1], list(rec.actions), total_budget=TOTAL_BUDGET)


def worded(table: LiveTable, number: int, result: DealAnalysis, lang: str,
           cards: str) -> dict[str, Any]:
    """The analysis for the replay panel, in the reader's language and card words: a title,
    a line of the points each player gave away, and each marked step's line (a replay step ``k``
    shows the table after ``k`` actions, so action ``i`` belongs to step ``i + 1``)."""
    texts = figure_texts(lang)
    names = table.names()
    ctx = Context(lang, tuple(names), cards, deck_of(table.game))

    def card(action: str) -> str:
        return ctx.card(action.removeprefix("play "))

    if not result.marks:
        return {"deal": number, "title": texts["analysis_none"], "seats": "", "marks": {}}
    first, last = result.from_trick, result.tricks
    span = str(first) if first == last else f"{first}–{last}"
    title = texts["analysis_title"].format(tricks=span)
    lost = [0] * table.players
    marks: dict[str, dict[str, Any]] = {}
    for m in result.marks:
        lost[m.seat] += m.loss
        where = {"trick": m.trick, "name": names[m.seat], "card": card(m.played)}
        text = (texts["analysis_mark"].format(points=m.loss, best=card(m.best), **where)
                if m.loss > 0 else texts["analysis_best"].format(**where))
        marks[str(m.index + 1)] = {"seat": m.seat, "loss": m.loss, "text": text}
    seats = ", ".join(f"{names[s]} −{lost[s]}" if lost[s] else f"{names[s]} 0"
                      for s in range(table.players) if any(m.seat == s for m in result.marks))
    unit = table.spec.points_word["en" if lang == "en" else "de"]
    return {"deal": number, "title": title,
            "seats": texts["analysis_seats"].format(unit=unit, seats=seats), "marks": marks}


class Analyses:
    """The server's analyses: computed once per deal, one at a time, rate limited per
    client."""

    def __init__(self, rate: float = 0.2, burst: float = 3) -> None:
        self.done: OrderedDict[tuple[str, int], DealAnalysis] = OrderedDict()
        self.gate = asyncio.Lock()
        self.waiting = 0
        self.asks = Limiter(rate, burst)

    async def get(self, table: LiveTable, number: int, client: str) -> DealAnalysis:
        key = (table.id, number)
        hit = self.done.get(key)
        if hit is not None:
            self.done.move_to_end(key)
            return hit
        if not self.asks.allow(client):
            raise WebError("rate_limited", "too many analyses; wait a little", 429)
        if self.waiting >= WAITING:
            raise WebError("busy", "the server is analysing other deals; try again soon", 503)
        self.waiting += 1
        try:
            async with self.gate:
                hit = self.done.get(key)
                if hit is None:
                    hit = await asyncio.to_thread(analyse_table_deal, table, number)
                    self.done[key] = hit
                    while len(self.done) > CACHED:
                        self.done.popitem(last=False)
        finally:
            self.waiting -= 1
        return hit


__all__ = ["TOTAL_BUDGET", "Analyses", "analyse_table_deal", "worded"]
