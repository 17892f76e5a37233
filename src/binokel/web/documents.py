"""The jobs of the worker pool (:mod:`binokel.web.work`): everything whose cost grows with a
score pad, a club tournament or a duplicate tournament that a stranger made, as plain
functions of their stored JSON documents.

Each job is a top-level function (a worker process finds it by name), takes JSON values and
returns bytes (a response body, a file) or a tuple of a new document and bytes: no live
object of the server crosses into a worker. The refusals of the pure models
(:class:`~binokel.tournament.pad.PadError`, :class:`~binokel.tournament.club.ClubError`,
:class:`~binokel.web.guard.WebError`) come back to the request as they were raised.

A view is made once per document version and then served from the cache: ``envelope``
puts the request's own fields (id, version, the result of a change) around it without
parsing it again.

>>> envelope({"id": "x", "version": 2}, "pad", b'{"players": []}')
b'{"id": "x", "version": 2, "pad": {"players": []}}'
"""

from __future__ import annotations

import json
from typing import Any

from ..analysis import DEFAULT_BUDGET
from ..analysis import DealAnalysis
from ..analysis import analyse_back
from ..record import Record
from ..registry import find_game
from ..tournament.club import Tournament
from ..tournament.pad import Pad
from ..tournament.pad import entry_form
from ..tournament.printout import pad_csv
from ..tournament.printout import ranking_csv
from ..tournament.printout import ranking_pdf
from ..tournament.printout import run_slips
from ..tournament.printout import score_sheet_pdf
from ..tournament.printout import scores_csv
from ..tournament.printout import table_cards
from .guard import WebError

ANALYSIS_BUDGET = 20_000_000
"""Nodes one deal's analysis may take in all (a few seconds at most)."""
ANALYSIS_NODE_BUDGET = DEFAULT_BUDGET
"""Nodes one position of that analysis may take (benchmarks/replay_analysis.py measures
what the two budgets cover per game)."""

CLUB_FILES = ("ranking.pdf", "slips.pdf", "cards.pdf", "ranking.csv", "scores.csv")
SEATING_BUDGET = 20_000     # a request never runs the seating search unbounded


def dumps(value: Any) -> bytes:
    """A response body (compact, UTF-8 as it is)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def envelope(fields: dict[str, Any], name: str, view: bytes) -> bytes:
    """``{**fields, name: view}`` as JSON bytes, ``view`` being JSON bytes already."""
    head = json.dumps(fields, ensure_ascii=False)[:-1]
    sep = ", " if fields else ""
    return f"{head}{sep}{json.dumps(name)}: ".encode() + view + b"}"


# ---------------------------------------------------------------------- pads
def pad_view(pad: Pad) -> dict[str, Any]:
    """What the pad page shows: the running sheet (each deal in the game's own words,
    ``what``), totals, winner and next dealer, the game's title and the description of its
    entry form (:func:`entry_form`), from which the page builds the form."""
    title = find_game(pad.game).title
    return {
        "game": pad.game, "title": {"de": title[0], "en": title[1]},
        "form": entry_form(pad),
        "players": list(pad.players), "rules": pad.rules.to_dict(),
        "deals": [d.to_json() for d in pad.deals],
        "sheet": [{"deal": ln.deal, "dealer": ln.dealer, "scores": list(ln.scores),
                   "totals": list(ln.totals), "declarer": ln.declarer,
                   "contract": ln.contract, "bid": ln.bid, "made": ln.made,
                   "separate": ln.separate, "what": what}
                  for ln, what in zip(pad.sheet(), pad.descriptions(), strict=True)],
        "totals": list(pad.totals()), "separate_totals": list(pad.separate_totals()),
        "winner": pad.winner(), "next_dealer": pad.next_dealer(),
    }


def pad_page(doc: dict[str, Any]) -> bytes:
    """The pad's view (JSON bytes)."""
    return dumps(pad_view(Pad.from_json(doc)))


def pad_change(doc: dict[str, Any], op: str, args: list[Any]) -> tuple[dict[str, Any], bytes]:
    """A change of the pad: ``add`` (a deal's entry), ``correct`` (deal number, entry),
    ``remove_last``; the new document and its view."""
    pad = Pad.from_json(doc)
    if op == "add":
        pad.add(pad.read_entry(args[0]))
    elif op == "correct":
        pad.correct(int(args[0]) - 1, pad.read_entry(args[1]))
    elif op == "remove_last":
        pad.remove_last()
    else:   # pragma: no cover - the handlers name the operations
        raise ValueError(f"no pad operation {op!r}")
    return pad.to_json(), dumps(pad_view(pad))


def pad_file(doc: dict[str, Any], fmt: str, lang: str) -> bytes:
    """The pad's sheet as ``csv`` or ``pdf``."""
    pad = Pad.from_json(doc)
    if fmt == "csv":
        return pad_csv(pad, lang).encode()
    return score_sheet_pdf(pad, lang=lang)


# ---------------------------------------------------------------------- club tournaments
def club_view(t: Tournament) -> dict[str, Any]:
    """The public page: the tournament without the organiser's note and seed, with the
    overall ranking and one per round."""
    def lines(up_to: int | None = None, only: int | None = None) -> list[dict[str, Any]]:
        return [{"place": r.place, "number": r.number, "name": r.name, "total": r.total,
                 "rounds": list(r.rounds), "table_wins": r.table_wins,
                 "withdrawn": r.withdrawn} for r in t.ranking(up_to, only)]
    out = t.public_json()
    out["current_round"] = t.current_round
    out["ranking"] = lines()
    out["round_rankings"] = [lines(only=r.number) for r in t.played
                             if r.results]
    return out


def club_page(doc: dict[str, Any]) -> bytes:
    return dumps(club_view(Tournament.from_json(doc)))


def club_change(doc: dict[str, Any], op: str, args: list[Any]
                ) -> tuple[dict[str, Any], Any, bytes]:
    """A change of the tournament: the new document, the change's result and the view.

    ``add_player`` (name, number or None), ``withdraw`` (number), ``start_round``
    (fill with bots: the seating search within :data:`SEATING_BUDGET`), ``enter_totals``
    (round, table, scores), ``enter_pad`` (round, table, the pad's document), ``link_pad``
    (round, table, pad id, replace: False keeps a pad linked meanwhile): its result is
    the pad id the table has then."""
    t = Tournament.from_json(doc)
    result: Any = None
    if op == "add_player":
        result = t.add_player(args[0], args[1])
    elif op == "withdraw":
        t.withdraw(args[0])
    elif op == "start_round":
        r = t.start_round(fill_with_bots=bool(args[0]), budget=SEATING_BUDGET)
        result = {"round": r.number, "tables": r.tables, "repeats": r.repeats}
    elif op == "enter_totals":
        t.enter_totals(args[0], args[1], args[2])
    elif op == "enter_pad":
        t.enter_pad(args[0], args[1], Pad.from_json(args[2]))
    elif op == "link_pad":
        round_no, table, pad_id, replace = args
        if replace or table not in t.played[round_no - 1].pads:
            t.link_pad(round_no, table, pad_id)
        result = t.played[round_no - 1].pads.get(table)
    else:   # pragma: no cover - the handlers name the operations
        raise ValueError(f"no club operation {op!r}")
    return t.to_json(), result, dumps(club_view(t))


def club_table(doc: dict[str, Any], round_no: int, table: int,
               pad: dict[str, Any] | None) -> dict[str, Any]:
    """A table of a round for its organiser: the players' names in seat order (a bot by
    its seat), the pad linked to it, and what a pad made for it would be
    (``new_pad``: game, preset, changed options). ``pad``: a pad's document to link,
    checked against the table (a ``ClubError`` says why it does not fit)."""
    t = Tournament.from_json(doc)
    seats = t.table_seats(round_no, table)
    if pad is not None:
        t.check_pad(round_no, table, Pad.from_json(pad))
    names: list[str] = []
    for k, who in enumerate(seats, 1):
        name = (t.player(who).name if who is not None else f"Bot {k}")[:40]
        if name in names:
            name = f"{name[:32]} ({who if who is not None else k})"
        names.append(name)
    return {"names": names, "pad": t.played[round_no - 1].pads.get(table),
            "game": t.game, "preset": t.rules.preset,
            "options": t.rules.changed_options()}


def club_file(doc: dict[str, Any], name: str, lang: str, round_no: int | None) -> bytes:
    """One of :data:`CLUB_FILES` (``cards.pdf``: of round ``round_no``, default the
    current one)."""
    t = Tournament.from_json(doc)
    if name == "ranking.pdf":
        return ranking_pdf(t, lang=lang)
    if name == "ranking.csv":
        return ranking_csv(t, lang=lang).encode()
    if name == "scores.csv":
        return scores_csv(t, lang=lang).encode()
    if name == "slips.pdf":
        return run_slips(t, lang=lang)
    if name == "cards.pdf":
        number = t.current_round if round_no is None else round_no
        if not 1 <= number <= t.current_round:
            raise WebError("not_found", f"no round {number} (started: {t.current_round}): "
                           "table cards are made when a round is drawn", 404)
        return table_cards(t, number, lang=lang)
    raise ValueError(f"no club file {name!r}")   # pragma: no cover - checked by the handler


# ---------------------------------------------------------------------- analysis
def analyse_record(record: dict[str, Any]) -> DealAnalysis:
    """The analysis of a finished deal's record (every hand open: only finished deals)."""
    rec = Record.from_json(record)
    states = list(rec.states())
    return analyse_back(states[:-1], list(rec.actions), node_budget=ANALYSIS_NODE_BUDGET,
                        total_budget=ANALYSIS_BUDGET)


__all__ = ["ANALYSIS_BUDGET", "ANALYSIS_NODE_BUDGET", "CLUB_FILES", "analyse_record",
           "club_change", "club_file", "club_page", "club_table", "club_view", "dumps",
           "envelope", "pad_change", "pad_file", "pad_page", "pad_view"]
