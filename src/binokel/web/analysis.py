"""The replay's analysis of a finished deal: each card play marked with the points it gave
away against the best play of its side, as lichess marks mistakes (issue 15).

The analysis reads every hand, which is no secret once the deal is over: only finished deals
are analysed (:meth:`binokel.web.replays.TableRecords.record` refuses a running one, live
or closed table alike). A search costs seconds of CPU,
so a server computes each deal's analysis at most once (cached with the documents), in the
worker pool (:mod:`binokel.web.work`: another process, so the event loop keeps its core),
within a node budget (:data:`~binokel.web.documents.ANALYSIS_BUDGET`), and each client may
ask only so often.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..analysis import DealAnalysis
from ..present import Context
from ..present import deck_of
from ..present import figure_texts
from .documents import ANALYSIS_BUDGET as TOTAL_BUDGET
from .documents import analyse_record
from .guard import Limiter
from .guard import WebError
from .rated import note_analysis
from .replays import TableRecords
from .store import Store
from .work import Work


def note_given_away(store: Store, table_id: str, deal: int, result: DealAnalysis,
                    players: int) -> None:
    """For the players' statistics: the card points each seat gave away in a deal's
    analysis (:func:`binokel.web.rated.note_analysis`). A seat without a mark played no
    card in the analysed tricks (a deal without card play: nobody did) and gave nothing
    away in play: 0."""
    lost = dict.fromkeys(range(players), 0)
    for m in result.marks:
        lost[m.seat] += m.loss
    with store.session.begin() as s:
        note_analysis(s, table_id, deal, lost)


def worded(table: TableRecords, number: int, result: DealAnalysis, lang: str,
           cards: str) -> dict[str, Any]:
    """The analysis for the replay panel, in the reader's language and card words: a title,
    a line of the points each player gave away, and each marked step's line (a replay step ``k``
    shows the table after ``k`` actions, so action ``i`` belongs to step ``i + 1``)."""
    texts = figure_texts(lang)
    names = table.names
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
    """The server's analyses: computed once per deal in the worker pool, rate limited per
    client (more tightly than documents: each may take seconds)."""

    def __init__(self, work: Work, rate: float = 0.2, burst: float = 3) -> None:
        self.work = work
        self.asks = Limiter(rate, burst)

    async def get(self, table: TableRecords, number: int, client: str) -> DealAnalysis:
        # The seal first: a cached analysis must not outlive a seal put on afterwards.
        await asyncio.to_thread(table.check_unsealed)
        # the same key for a live table and, after the sweeper, the closed one
        key = ("analysis", table.id, number)
        hit = self.work.cache.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
        # refused while the deal runs or never ended
        record = await asyncio.to_thread(table.record, number)
        if key not in self.work.running and not self.asks.allow(client):
            raise WebError("rate_limited", "too many analyses; wait a little", 429)
        return await self.work.run(key, client, analyse_record, record)


__all__ = ["TOTAL_BUDGET", "Analyses", "note_given_away", "worded"]
