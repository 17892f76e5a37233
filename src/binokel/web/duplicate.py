"""Online duplicate tournaments: every table of a round plays the same deals, each hand held
by the players in the same seat at every table, and a player is compared with those who
held his cards (the pure part is :mod:`binokel.tournament.duplicate`).

An organiser creates a tournament (game, preset and options, rounds, deals per round, table
size, the level of the bots that fill tables) and gets a secret owner token; players enter
as he lets them (:mod:`binokel.web.entry`: a personal entry link each, or a request from the
public link that he admits; one entry per account or browser) and get a player token (both
tokens shown once, stored only as their SHA-256; a logged-in account finds its entry from
any device without it). The organiser may also enter computer players (a bot kind per
entrant).
Each round the organiser starts, the server

1. seats the entrants (:func:`binokel.tournament.seating.seat_round`: as few repeat
   meetings as possible, bots of the chosen level filling tables that do not divide),
2. draws the round's deals from the cryptographic source (:func:`draw_round`),
3. opens one live table per table of the round (:mod:`binokel.web.tables`) that deals those
   orders instead of shuffling, seats every entrant there and keeps each person's seat
   token for him (``POST .../me`` with his player token hands it out: "your table").

The deals are the secret of the round: they live only in the tournament's document, which is
never sent as it is, and while the round runs its tables refuse records, deal lists and
spectators (``LiveTable.sealed``). When every table has played every deal the round is
settled (on the next read): each table's scores, the per-deal comparison ("with this hand,
Anna made 320, the field averaged 140"), the round's duplicate ranking and the deals become
public, and the rankings over all settled rounds follow: the duplicate ranking (the sum of a
player's differences to the field) and the overall one as clubs count it (points scored).

Limits a stranger controls: entrants (:data:`MAX_PLAYERS`, of them :data:`MAX_BOT_ENTRANTS`
computer players), entry links and requests (:mod:`binokel.web.entry`), rounds, deals per
round, one organiser's running tables (:data:`MAX_LIVE_TABLES`), the request body and
tournaments per client (:class:`binokel.web.pads.DocStore`), names.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy import func
from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.routing import Route

from ..bots import bot_names
from ..core.cards import card_token
from ..core.cards import parse_card
from ..registry import find_game
from ..tournament.duplicate import DuplicateRound
from ..tournament.duplicate import HandComparison
from ..tournament.duplicate import TableScores
from ..tournament.duplicate import compare
from ..tournament.duplicate import draw_round
from ..tournament.duplicate import duplicate_ranking
from ..tournament.seating import BotSeat
from ..tournament.seating import SeatingError
from ..tournament.seating import TableSizes
from ..tournament.seating import seat_round
from . import entry
from .documents import dumps
from .documents import envelope
from .entry import EntryKey
from .guard import WebError
from .guard import rules_refused
from .names import clean_name
from .pads import DocRow
from .pads import DocStore
from .pads import Documents
from .pads import Stored
from .pads import _body
from .pads import _guarded
from .pads import _int_arg
from .pads import _since
from .pads import _token
from .pads import json_bytes
from .pages import doc_page
from .server import client_of
from .store import DealRow
from .store import Store
from .tables import LiveTable
from .tables import Registry
from .tables import TableError
from .tables import clean_nickname
from .tables import web_games
from .work import Work

MAX_PLAYERS = 60            # entrants of one tournament (20 tables of three)
MAX_ROUNDS = 10
MAX_TITLE = 80
MAX_DEALS = 24              # deals per round: a round is one evening's sitting
MAX_BOT_ENTRANTS = 12       # computer entrants: tables of bots alone cost the server's CPU
MAX_LIVE_TABLES = 40        # running tables of one organiser's tournaments at once
DEFAULT_TURN_TIMEOUT = 60   # seconds before a stand-in bot plays for an absent person
SEATING_BUDGET = 20_000     # a request never runs the seating search unbounded
PLAYER_TOKEN_BYTES = 24
MAX_DOC_BYTES = 1024 * 1024   # the stored document (60 entrants, 10 rounds fit easily)


class DuplicateRow(DocRow):
    __tablename__ = "duplicates"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _fail(message: str, code: str = "invalid", status: int = 422, *,
          cause: WebError | None = None) -> WebError:
    """A refusal; ``cause`` lends its ``reason`` (what a person typed wrong, said in the
    player's language by the client)."""
    if cause is None:
        return WebError(code, message, status)
    return WebError(code, message, status, reason=cause.reason, params=cause.params)


# ---------------------------------------------------------------------- the document
def new_document(body: dict[str, Any]) -> dict[str, Any]:
    """A new tournament from the organiser's request, checked (a :class:`WebError` names
    what is wrong)."""
    title = body.get("title") or ""
    if title:
        title = clean_name(title, MAX_TITLE, reserved=False, code="bad_request", what="title",
                           field="title")
    game = body.get("game", "binokel")
    games = web_games()
    if not isinstance(game, str) or game not in games:
        raise _fail(f"game: one of {', '.join(games)}", "bad_request", 400)
    spec = games[game]
    size = _int_arg(body.get("table_size", spec.default_players), "table_size", 2, 8)
    if size not in spec.players:
        raise _fail(f"table_size: {game} is played by "
                    f"{' or '.join(map(str, spec.players))}")
    rounds = _int_arg(body.get("rounds", 2), "rounds", 1, MAX_ROUNDS)
    deals = _int_arg(body.get("deals", 6), "deals", 1, MAX_DEALS)
    timeout = _int_arg(body.get("turn_timeout", DEFAULT_TURN_TIMEOUT), "turn_timeout",
                       10, 600)
    preset = body.get("preset")
    presets = list(spec.presets) or ["standard"]
    if preset is None:
        preset = presets[0]
    if not isinstance(preset, str) or preset not in presets:
        raise _fail(f"preset: one of {', '.join(presets)}")
    options = body.get("options", {})
    if not isinstance(options, dict) or len(options) > len(spec.options):
        raise _fail("options: an object of the game's options", "bad_request", 400)
    # Every table plays exactly the round's deals: the series is that long.
    options = {**options, "deals_per_series": deals}
    try:
        rules = spec.make_rules({"preset": preset, "options": options})
    except (ValueError, TypeError, OverflowError) as e:
        raise rules_refused("invalid", f"options: {str(e)[:300]}", 422, e) from None
    kinds = bot_names(game)
    bot = body.get("bot", spec.default_bot)
    if not isinstance(bot, str) or bot not in kinds:
        raise _fail(f"bot: one of {', '.join(kinds)}")
    open_entry = body.get("open_entry", False)
    if not isinstance(open_entry, bool):
        raise _fail("open_entry: true or false", "bad_request", 400)
    return {"version": 1, "title": title, "game": game,
            "rules": rules.to_dict(), "table_size": size, "rounds": rounds, "deals": deals,
            "bot": bot, "turn_timeout": timeout, "players": [], "played": [],
            "open_entry": open_entry, "links": [], "requests": []}


def _entrant_name(doc: dict[str, Any], nickname: Any) -> str:
    """``nickname`` checked as a name at the tables, and free in this tournament (among
    the entrants and the requests waiting for the organiser)."""
    try:
        name = clean_nickname(nickname)
    except TableError as e:
        raise _fail(f"nickname: {e}", cause=e) from None
    taken = [p["name"] for p in doc["players"]] + \
        [r["name"] for r in entry.requests(doc) if r["state"] == "waiting"]
    if any(n.casefold() == name.casefold() for n in taken):
        raise _fail("nickname: taken in this tournament", "name_taken", 409)
    return name


def _check_open(doc: dict[str, Any]) -> None:
    if len(doc["players"]) >= MAX_PLAYERS:
        raise _fail(f"players: at most {MAX_PLAYERS}", "full", 409)
    if len(doc["played"]) >= doc["rounds"]:
        raise _fail("the tournament is over", "over", 409)


def _add_player(doc: dict[str, Any], nickname: Any, bot: str | None,
                key: EntryKey | None = None, client: str | None = None,
                token_hash: str | None = None) -> tuple[int, str | None]:
    """Enter a person (his player token, shown once; ``token_hash``: the one he got when
    he asked to enter) bound to his entry ``key`` from the address ``client`` (hashed),
    or a computer player of kind ``bot``."""
    _check_open(doc)
    name = _entrant_name(doc, nickname)
    if bot is not None and bot not in bot_names(doc["game"]):
        raise _fail(f"bot: one of {', '.join(bot_names(doc['game']))}")
    if bot is not None and sum(p["bot"] is not None for p in doc["players"]) >= \
            MAX_BOT_ENTRANTS:
        raise _fail(f"bot: at most {MAX_BOT_ENTRANTS} computer players", "full", 409)
    token = None
    if bot is None and token_hash is None:
        token = secrets.token_urlsafe(PLAYER_TOKEN_BYTES)
        token_hash = _hash(token)
    number = len(doc["players"]) + 1
    doc["players"].append({"id": number, "name": name, "bot": bot,
                           "token_hash": token_hash,
                           "key": None if key is None else key.stored, "from": client})
    return number, token


def enter_by_link(doc: dict[str, Any], code: Any, nickname: Any, key: EntryKey,
                  client: str) -> tuple[int, str]:
    """A person enters with the entry link whose code is ``code`` (used up by it)."""
    link = entry.link_by_code(doc, code)
    entry.check_key_free(doc, key)
    number, token = _add_player(doc, nickname, None, key, client)
    assert token is not None
    link["player"] = number
    return number, token


def ask_to_enter(doc: dict[str, Any], nickname: Any, key: EntryKey,
                 client: str) -> str:
    """A person asks to enter from the public link (entry with approval): his player
    token, which holds the entry once the organiser admits him."""
    entry.check_may_ask(doc)
    _check_open(doc)
    entry.check_key_free(doc, key)
    name = _entrant_name(doc, nickname)
    token = secrets.token_urlsafe(PLAYER_TOKEN_BYTES)
    entry.add_request(doc, name, key, client, _hash(token))
    return token


def decide_request(doc: dict[str, Any], number: Any, admit: Any) -> None:
    """The organiser admits (an entrant from now on) or refuses a waiting request."""
    if not isinstance(admit, bool):
        raise _fail("admit: true or false", "bad_request", 400)
    r = entry.waiting_request(doc, number)
    if not admit:
        r["state"] = "refused"
        return
    r["state"] = "admitted"      # its name is free for the entrant it becomes
    try:
        _add_player(doc, r["name"], None, EntryKey.parse(r["key"]), r["from"],
                    r["token_hash"])
    except WebError:
        r["state"] = "waiting"
        raise
    entry.requests(doc).remove(r)


def _player_by_token(doc: dict[str, Any], token: Any) -> dict[str, Any]:
    """The entrant whose player token is ``token``; for a request still waiting for the
    organiser (or refused) a stand-in entry ``{"id": None, "name", "state"}``."""
    if not isinstance(token, str) or len(token) > 128:
        raise _fail("player_token: the token you got when you joined", "bad_request", 400)
    h = _hash(token)
    players: list[dict[str, Any]] = doc["players"]
    for p in players:
        if p["token_hash"] is not None and secrets.compare_digest(p["token_hash"], h):
            return p
    asked = entry.request_by_token(doc, h)
    if asked is not None:
        return _as_entry(asked)
    raise _fail("this player token is not one of this tournament", "forbidden", 403)


def _an_accounts(player: dict[str, Any]) -> bool:
    """Whether ``player`` (an entrant or a request) was entered by a logged-in account:
    then it is played only logged in to that account, never by its token alone."""
    key = EntryKey.of(player)
    return key is not None and key.kind == "account"


def _as_entry(request: dict[str, Any]) -> dict[str, Any]:
    """A request (waiting for the organiser, or refused) as ``.../me`` looks at an entry:
    ``{"id": None, "name", "state", "key"}``."""
    return {"id": None, "name": request["name"], "state": request["state"],
            "key": request["key"]}


def _player_by_key(doc: dict[str, Any], key: EntryKey) -> dict[str, Any] | None:
    """The entrant (or the request, as :func:`_player_by_token` has it) bound to ``key``:
    an account's entry, found from any device it logs in on."""
    for p in doc["players"]:
        if p.get("key") == key.stored:
            return dict(p)
    for r in entry.requests(doc):
        if r["key"] == key.stored:
            return _as_entry(r)
    return None


# ``.../me`` for a browser with no entry (of its account, or by a token).
_NO_ENTRY: dict[str, Any] = {"player": None, "name": None, "table": None, "status": "none"}


def _rules_data(doc: dict[str, Any]) -> dict[str, Any]:
    return dict(doc["rules"])


def _seat_names(doc: dict[str, Any], seats: list[int | None], table: int) -> list[str]:
    """The names the comparison uses: entrants by name, filling bots by table (unique)."""
    names = {p["id"]: p["name"] for p in doc["players"]}
    return [names[s] if s is not None else f"Bot {table}.{k + 1}"
            for k, s in enumerate(seats)]


# ---------------------------------------------------------------------- rounds
def check_can_start(doc: dict[str, Any]) -> None:
    """Whether the next round may start (a :class:`WebError` says why not)."""
    played = doc["played"]
    if played and not played[-1]["finished"]:
        raise _fail("the running round has not finished at every table", "not_over", 409)
    if len(played) >= doc["rounds"]:
        raise _fail(f"the tournament has {doc['rounds']} rounds", "over", 409)
    if len(doc["players"]) < 2:
        raise _fail("players: at least 2 to start a round", "too_few", 409)


def plan_round(doc: dict[str, Any]) -> dict[str, Any]:
    """The next round's seating (as few repeat meetings as possible, bots of the chosen
    level filling tables that do not divide) and its deals, drawn from the cryptographic
    source: a job of the worker pool (the seating search costs up to a second)."""
    check_can_start(doc)
    size = doc["table_size"]
    history = [[list(t["seats"]) for t in r["tables"]] for r in doc["played"]]
    try:
        seating = seat_round([p["id"] for p in doc["players"]], history,
                             TableSizes(frozenset({size}), size),
                             seed=secrets.randbelow(2**31), budget=SEATING_BUDGET,
                             fill_with_bots=True)
    except SeatingError as e:
        raise _fail(str(e)) from None
    rules = find_game(doc["game"]).make_rules(_rules_data(doc))
    drawn = draw_round(doc["game"], rules, size, doc["deals"])
    return {"round": len(doc["played"]) + 1, "players": len(doc["players"]),
            "tables": [[None if isinstance(s, BotSeat) else int(s) for s in table.seats]
                       for table in seating.tables],
            "repeats": seating.repeats,
            "orders": [[card_token(c) for c in deck] for deck in drawn.deals]}


def start_round(doc: dict[str, Any], registry: Registry, creator: str | None = None,
                plan: dict[str, Any] | None = None) -> dict[str, Any]:
    """Seat the entrants, draw the deals and open the round's tables (see the module);
    ``creator``: the organiser's hashed address, whose running tables are limited;
    ``plan``: the round as :func:`plan_round` made it (for this document as it is now),
    else it is made here."""
    check_can_start(doc)
    if plan is None:
        plan = plan_round(doc)
    played = doc["played"]
    number = len(played) + 1
    if plan["round"] != number or plan["players"] != len(doc["players"]):
        raise _fail("the tournament changed meanwhile; try again", "stale", 409)
    if len(registry.tables) + len(plan["tables"]) > registry.limits.max_tables:
        raise _fail("the server has as many tables as it can hold; try again later",
                    "server_full", 503)
    if creator is not None and registry.queries.count_live(creator, ("playing",)) + \
            len(plan["tables"]) > MAX_LIVE_TABLES:
        raise _fail(f"at most {MAX_LIVE_TABLES} running tables per organiser; let the "
                    "others finish first", "too_many_tables", 429)
    decks = [[parse_card(c) for c in deck] for deck in plan["orders"]]
    bots = {p["id"]: p["bot"] for p in doc["players"]}
    names = {p["id"]: p["name"] for p in doc["players"]}
    tables = []
    for k_table, seats in enumerate(plan["tables"], 1):
        kinds = [doc["bot"] if s is None else bots[s] for s in seats]
        t = _open_table(registry, doc, number, kinds, decks, creator,
                        _seat_names(doc, seats, k_table))
        tokens: dict[str, str] = {}
        for k, s in enumerate(seats):
            if s is not None and kinds[k] is None:
                tokens[str(s)] = t.seats.join(k, names[s])
        if t.round is None:
            t.deals.start()   # a table of bots only: nobody joins to start it
        t.bot_driver.schedule()
        tables.append({"id": t.id, "seats": seats, "tokens": tokens})
    played.append({"number": number, "orders": plan["orders"], "tables": tables,
                   "repeats": plan["repeats"], "finished": False})
    return {"round": number, "tables": len(tables), "repeats": plan["repeats"]}


def _open_table(registry: Registry, doc: dict[str, Any], number: int,
                bots: list[str | None], decks: Any, creator: str | None,
                names: list[str]) -> LiveTable:
    """A live table of round ``number`` that deals ``decks`` in order. Its computer
    players bear their names in the tournament (``names``), so that the table, the
    ranking and the comparison name a seat alike."""
    spec = find_game(doc["game"])
    rules = spec.make_rules(_rules_data(doc)).to_dict()
    settings = {"chat": True, "turn_timeout": doc["turn_timeout"], "hints": False,
                "duplicate": doc["id"], "duplicate_round": number,
                "bot_names": [n if b else None for n, b in zip(names, bots, strict=True)]}
    table_id = secrets.token_urlsafe(9)
    registry.store.create_table(table_id, spec.name, doc["table_size"], rules, None, bots,
                                settings, creator)
    t = LiveTable(table_id, spec.name, doc["table_size"], rules, None, bots,
                  registry.store, registry.bot_delay, registry.limits, settings,
                  on_action=registry.on_action, stored_version=1,
                  driver=registry.drives(table_id))
    t.deck_orders = [list(d) for d in decks]
    t.sealed = _sealed(registry.store, doc["id"], number)
    registry.tables[table_id] = t
    return t


def _sealed(store: Store, dup_id: str, number: int) -> Callable[[], bool]:
    """Whether round ``number`` of tournament ``dup_id`` still runs (as stored now)."""
    def sealed() -> bool:
        got = DocStore(store, DuplicateRow).read(dup_id)
        rounds = got.doc["played"]
        return number > len(rounds) or not rounds[number - 1]["finished"]
    return sealed


def seal_of(store: Store, settings: dict[str, Any]) -> Callable[[], bool] | None:
    """A stored table's seal (:class:`binokel.web.replays.TableRecords`, live or closed):
    a duplicate round's table is shut while its round runs, and for good once its
    tournament is gone; any other table never."""
    dup_id = settings.get("duplicate")
    number = settings.get("duplicate_round")
    if not isinstance(dup_id, str) or not isinstance(number, int):
        return None
    try:
        DocStore(store, DuplicateRow).read(dup_id)
    except WebError:
        return lambda: True
    return _sealed(store, dup_id, number)


def prepare(store: Store, t: LiveTable) -> None:
    """A table loaded from the store (a restart, or another process's table): a duplicate
    round's table gets back its deals and its seal."""
    dup_id = t.settings.get("duplicate")
    number = t.settings.get("duplicate_round")
    if not isinstance(dup_id, str) or not isinstance(number, int):
        return
    try:
        doc = DocStore(store, DuplicateRow).read(dup_id).doc
        orders = doc["played"][number - 1]["orders"]
    except (WebError, IndexError, KeyError):
        t.sealed = lambda: True   # its tournament is gone: keep its deals shut
        return
    t.deck_orders = [[parse_card(c) for c in deck] for deck in orders]
    t.sealed = _sealed(store, dup_id, number)


def progress(store: Store, r: dict[str, Any]) -> dict[str, int]:
    """How many deals each table of round ``r`` has finished (one query for the round:
    every reader of the page asks every few seconds)."""
    ids = [t["id"] for t in r["tables"]]
    with store.reading() as s:
        rows = s.execute(select(DealRow.table_id, func.count()).where(
            DealRow.table_id.in_(ids), DealRow.finished).group_by(DealRow.table_id))
        done = {tid: int(n) for tid, n in rows}
    return {tid: done.get(tid, 0) for tid in ids}


def table_scores(store: Store, doc: dict[str, Any], r: dict[str, Any]
                 ) -> list[list[list[int]]] | None:
    """Each table's scores per deal (deal order, seat order), None while a table plays."""
    if min(progress(store, r).values(), default=0) < doc["deals"]:
        return None
    out = []
    for t in r["tables"]:
        done = [d for d in store.finished_deals(t["id"]) if d["result"] is not None]
        if len(done) < doc["deals"]:
            return None
        out.append([list(d["result"]["scores"]) for d in done[:doc["deals"]]])
    return out


def comparison(doc: dict[str, Any], scores: list[list[list[int]]]) -> list[dict[str, Any]]:
    """The running round's per-deal comparison from every table's scores (a job of the
    worker pool: each deal is dealt again to know who held which hand)."""
    r = doc["played"][-1]
    return [{"deal": h.deal, "seat": h.seat, "average": h.average,
             "results": [list(x) for x in h.results]} for h in _compare(doc, r, scores)]


def book(doc: dict[str, Any], number: int, scores: list[list[list[int]]],
         compared: list[dict[str, Any]]) -> bool:
    """Book round ``number`` as settled with its ``scores`` and ``compared`` hands, if it
    is still the running round; whether it was."""
    if len(doc["played"]) != number or doc["played"][-1]["finished"]:
        return False
    r = doc["played"][-1]
    r["scores"] = scores
    r["comparison"] = compared
    r["finished"] = True
    return True


def settle(doc: dict[str, Any], store: Store) -> bool:
    """Book the running round if every table has played every deal; True if it did."""
    if not doc["played"] or doc["played"][-1]["finished"]:
        return False
    r = doc["played"][-1]
    scores = table_scores(store, doc, r)
    if scores is None:
        return False
    return book(doc, len(doc["played"]), scores, comparison(doc, scores))


def _compare(doc: dict[str, Any], r: dict[str, Any], scores: list[list[list[int]]]
             ) -> list[HandComparison]:
    rules = find_game(doc["game"]).make_rules(_rules_data(doc))
    decks = tuple(tuple(parse_card(c) for c in deck) for deck in r["orders"])
    rnd = DuplicateRound(doc["game"], rules, doc["table_size"], decks)
    tables = [TableScores(tuple(_seat_names(doc, t["seats"], k)),
                          tuple(tuple(s) for s in scores[k - 1]))
              for k, t in enumerate(r["tables"], 1)]
    return compare(rnd, tables)


def _comparisons(r: dict[str, Any]) -> list[HandComparison]:
    return [HandComparison(h["deal"], h["seat"],
                           tuple((str(n), int(v)) for n, v in h["results"]),
                           float(h["average"])) for h in r["comparison"]]


def rankings(doc: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Over the settled rounds: the duplicate ranking (sum of each entrant's differences
    to the field, per round by :func:`duplicate_ranking`) and the overall ranking as clubs
    count it (points scored); bots that filled tables are in the field, not the ranking."""
    entrants = {p["name"] for p in doc["players"]}
    diff = dict.fromkeys(entrants, 0.0)
    points = dict.fromkeys(entrants, 0)
    for r in doc["played"]:
        if not r["finished"]:
            continue
        for name, value in duplicate_ranking(_comparisons(r)):
            if name in diff:
                diff[name] += value
        for k, t in enumerate(r["tables"], 1):
            for seat, name in enumerate(_seat_names(doc, t["seats"], k)):
                if name in points:
                    points[name] += sum(deal[seat] for deal in r["scores"][k - 1])

    def placed(values: dict[str, Any], key: str) -> list[dict[str, Any]]:
        order = sorted(values, key=lambda n: (-values[n], n))
        out: list[dict[str, Any]] = []
        for i, n in enumerate(order):
            same = out and out[-1][key] == values[n]
            out.append({"place": out[-1]["place"] if same else i + 1, "name": n,
                        key: values[n]})
        return out
    rounded = {n: round(v, 1) for n, v in diff.items()}
    return placed(rounded, "score"), placed(points, "points")


# ---------------------------------------------------------------------- views
def running_progress(store: Store, doc: dict[str, Any]) -> dict[str, int]:
    """The deals finished at each table of the rounds not settled yet."""
    out: dict[str, int] = {}
    for r in doc["played"]:
        if not r["finished"]:
            out.update(progress(store, r))
    return out


def public_view(doc: dict[str, Any], running: dict[str, int]) -> dict[str, Any]:
    """What everybody may see: never the deals of a running round, the seat tokens or the
    player tokens. ``running``: the deals finished at each table of a running round
    (:func:`running_progress`)."""
    spec = find_game(doc["game"])
    rounds = []
    for r in doc["played"]:
        done = {t["id"]: doc["deals"] if r["finished"] else running.get(t["id"], 0)
                for t in r["tables"]}
        tables = []
        for k, t in enumerate(r["tables"], 1):
            names = _seat_names(doc, t["seats"], k)
            bots = {p["id"]: p["bot"] for p in doc["players"]}
            tables.append({
                "number": k, "id": t["id"],
                "seats": [{"name": n, "player": s,
                           "bot": doc["bot"] if s is None else bots.get(s)}
                          for n, s in zip(names, t["seats"], strict=True)],
                "played": min(doc["deals"], done[t["id"]]),
            })
        out: dict[str, Any] = {"number": r["number"], "finished": r["finished"],
                               "repeats": r["repeats"], "tables": tables}
        if r["finished"]:
            hands = _comparisons(r)
            out["scores"] = r["scores"]
            out["comparison"] = [
                {"deal": h.deal, "seat": h.seat, "average": round(h.average, 1),
                 "results": [{"name": n, "score": v,
                              "text": {lang: h.describe(n, lang) for lang in ("de", "en")}}
                             for n, v in h.results]} for h in hands]
            out["ranking"] = [{"name": n, "score": round(v, 1)}
                              for n, v in duplicate_ranking(hands)]
            out["deals"] = r["orders"]
        rounds.append(out)
    dup, overall = rankings(doc)
    return {
        "title": doc["title"], "game": doc["game"], "game_title": list(spec.title),
        "rules": doc["rules"], "table_size": doc["table_size"], "rounds": doc["rounds"],
        "deals": doc["deals"], "bot": doc["bot"], "turn_timeout": doc["turn_timeout"],
        "players": [{"id": p["id"], "name": p["name"], "bot": p["bot"]}
                    for p in doc["players"]],
        "open_entry": bool(doc.get("open_entry")),
        "played": rounds, "ranking": dup, "overall": overall,
        "status": "over" if len(doc["played"]) >= doc["rounds"] and
        all(r["finished"] for r in doc["played"]) else
        "playing" if doc["played"] and not doc["played"][-1]["finished"] else "waiting",
    }


def public_page(doc: dict[str, Any], running: dict[str, int]) -> bytes:
    """:func:`public_view` as JSON bytes (a job of the worker pool: the comparisons of every
    settled round are worded in both languages)."""
    return dumps(public_view(doc, running))


def player_view(doc: dict[str, Any], player: dict[str, Any]) -> dict[str, Any]:
    """A player's own: his id, name and ``status`` (``entered``; ``waiting`` for the
    organiser, or ``refused``) and, while a round runs, his table and seat token."""
    out: dict[str, Any] = {"player": player["id"], "name": player["name"], "table": None,
                           "status": player.get("state", "entered")}
    if doc["played"] and player["id"] is not None:
        r = doc["played"][-1]
        for k, t in enumerate(r["tables"], 1):
            token = t["tokens"].get(str(player["id"]))
            if token is not None:
                out["table"] = {"round": r["number"], "number": k, "id": t["id"],
                                "seat": t["seats"].index(player["id"]), "token": token,
                                "finished": r["finished"]}
    return out


# ---------------------------------------------------------------------- requests
def routes(store_of: Callable[[Request], Store],
           registry_of: Callable[[Request], Registry], work: Work) -> list[BaseRoute]:
    """The duplicate tournament's pages and JSON routes; ``work`` runs the seating, the
    comparisons and the page off the event loop."""

    def docs(request: Request) -> DocStore:
        return DocStore(store_of(request), DuplicateRow, max_bytes=MAX_DOC_BYTES)

    def documents(request: Request) -> Documents:
        """:func:`docs` with each database call in a worker thread (for the handlers)."""
        return Documents(docs(request))

    def change_here(request: Request, token: str | None,
                    step: Callable[[dict[str, Any]], Any], trusted: bool = False) -> Stored:
        """``step`` on a copy of the stored document (a new object, so that the database
        sees the change), under the owner's ``token`` unless ``trusted``. Steps are quick:
        what takes time was made before, in a worker. On the calling thread: the event
        loop's only for a step that opens live tables (a round's start)."""
        def changed(doc: dict[str, Any]) -> dict[str, Any]:
            doc = copy.deepcopy(doc)
            step(doc)
            return doc
        return docs(request).update(request.path_params.get("dup_id", ""), token, changed,
                                    trusted)

    async def change(request: Request, token: str | None,
                     step: Callable[[dict[str, Any]], Any], trusted: bool = False) -> Stored:
        """:func:`change_here` in a worker thread (``step`` touches the document only),
        so that a write waiting for the row lock holds up no socket."""
        return await asyncio.to_thread(change_here, request, token, step, trusted)

    async def settled(request: Request) -> Stored:
        """The tournament, its running round booked first if every table is done (the
        comparison made in a worker)."""
        dup_id = request.path_params["dup_id"]
        got = await documents(request).read(dup_id)
        r = got.doc["played"][-1] if got.doc["played"] else None
        if r is None or r["finished"]:
            return got
        scores = await asyncio.to_thread(table_scores, store_of(request), got.doc, r)
        if scores is None:
            return got
        number = len(got.doc["played"])
        compared = await work.run(("dup-compare", got.id, number), client_of(request),
                                  comparison, got.doc, scores)
        return await change(request, None, lambda d: book(d, number, scores, compared),
                            trusted=True)

    async def answer(request: Request, got: Stored, result: Any = None,
                     status: int = 200) -> Response:
        running = await asyncio.to_thread(running_progress, store_of(request), got.doc)
        # The deals played at the running round's tables change the page too: counted
        # into the version that readers poll with (a round has at most 480 deals).
        version = got.version * 1000 + sum(running.values())
        if result is None and _since(request, version):
            return Response(status_code=304)
        view = await work.run(("duplicate", got.id, version), client_of(request),
                              public_page, got.doc, running)
        out: dict[str, Any] = {"id": got.id, "version": version}
        if result is not None:
            out.update(result)
        return json_bytes(envelope(out, "duplicate", view), status)

    async def create(request: Request) -> Response:
        body = await _body(request)
        doc = new_document(body)
        dup_id, token = await documents(request).create(doc, client_of(request))
        request.path_params["dup_id"] = dup_id
        # Its tables name their tournament.
        got = await change(request, token, lambda d: d.update(id=dup_id))
        return await answer(request, got, {"token": token}, 201)

    async def show(request: Request) -> Response:
        return await answer(request, await settled(request))

    async def join(request: Request) -> Response:
        """Enter (see :mod:`binokel.web.entry`): a computer player (the organiser), the
        organiser himself, a person with an entry link, or a request from the public
        link. The answer is the entrant's own (no page: a field entering within a minute
        from one club's address must not make a page each)."""
        body = await _body(request)
        bot = body.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise _fail("bot: a bot kind", "bad_request", 400)
        browser, fresh = entry.browser_key(request)
        account = await asyncio.to_thread(entry.account_key, request, store_of(request))
        key = account or browser    # a logged-in player enters as his account
        client = store_of(request).client_hash(client_of(request))
        owner = _token(request, body)
        code = body.get("entry")
        nickname = body.get("nickname")
        out: dict[str, Any] = {"player": None, "token": None, "status": "entered"}

        def step(d: dict[str, Any]) -> None:
            if bot is None and account is not None:
                entry.check_key_free(d, browser)   # no second entry by logging in
            if bot is not None:
                out["player"], out["token"] = _add_player(d, nickname, bot)
            elif code is not None:
                out["player"], out["token"] = enter_by_link(d, code, nickname, key, client)
            elif owner is not None:
                entry.check_key_free(d, key)
                out["player"], out["token"] = _add_player(d, nickname, None, key, client)
            else:
                out["token"] = ask_to_enter(d, nickname, key, client)
                out["status"] = "waiting"
        # A computer entrant and the organiser's own entry need his token; a link or a
        # request needs none (the link is the organiser's word, a request waits for it).
        got = await change(request, owner, step, trusted=bot is None and owner is None)
        reply: dict[str, Any] = {"id": got.id, "version": await _version(request, got),
                                 "player": out["player"], "status": out["status"]}
        if out["token"] is not None:
            reply["player_token"] = out["token"]
            # An account's entry follows the account (``.../me`` finds it): the page
            # keeps no token of it, which would outlive a logout on a shared computer.
            reply["by_account"] = key.kind == "account"
        response = JSONResponse(reply, 202 if out["status"] == "waiting" else 201)
        entry.set_key_cookie(request, response, fresh)
        return response

    async def _version(request: Request, got: Stored) -> int:
        """The version a reader polls with (see :func:`answer`)."""
        running = await asyncio.to_thread(running_progress, store_of(request), got.doc)
        return got.version * 1000 + sum(running.values())

    def organiser(request: Request, body: dict[str, Any] | None = None) -> str:
        token = _token(request, body)
        if token is None:
            raise WebError("forbidden", "the owner's link is needed for this", 403)
        return token

    def entries_answer(got: Stored, token: str) -> Response:
        return JSONResponse({"id": got.id, "version": got.version,
                             **entry.entries_view(got.doc, token)})

    async def entries(request: Request) -> Response:
        """The organiser's view of the entry: links, requests (owner token: header)."""
        token = organiser(request)
        got = await documents(request).read(request.path_params["dup_id"])
        if not docs(request).owns(got, token):
            raise WebError("forbidden", "the owner's link is needed for this", 403)
        return entries_answer(got, token)

    async def set_entry(request: Request) -> Response:
        """``{"open": bool}``: whether the public link may ask to enter."""
        body = await _body(request)
        token = organiser(request, body)
        open_entry = body.get("open")
        if not isinstance(open_entry, bool):
            raise _fail("open: true or false", "bad_request", 400)
        got = await change(request, token, lambda d: d.update(open_entry=open_entry))
        return entries_answer(got, token)

    async def new_links(request: Request) -> Response:
        """``{"count", "note"}``: that many new entry links."""
        body = await _body(request)
        token = organiser(request, body)

        def step(d: dict[str, Any]) -> None:
            entry.seal_links(d, token, entry.make_links(d, body.get("count", 1),
                                                        body.get("note")))
        return entries_answer(await change(request, token, step), token)

    async def revoke(request: Request) -> Response:
        """Withdraw an unused entry link."""
        body = await _body(request)
        token = organiser(request, body)
        number = _int_arg(request.path_params["n"], "link", 1, entry.MAX_LINKS)
        got = await change(request, token, lambda d: entry.revoke_link(d, number))
        return entries_answer(got, token)

    async def decide(request: Request) -> Response:
        """``{"admit": bool}``: admit or refuse a waiting request."""
        body = await _body(request)
        token = organiser(request, body)
        number = _int_arg(request.path_params["n"], "request", 1, 10**6)
        got = await change(request, token,
                           lambda d: decide_request(d, number, body.get("admit")))
        return entries_answer(got, token)

    async def me(request: Request) -> Response:
        """The entrant's own (:func:`player_view`). Whose: the logged-in account's, when
        a browser is logged in (its entry, found from any device; a player token the
        browser kept counts only if it names that entry, else the answer says
        ``other_entry``: it is played logged out); a guest's by his player token, unless
        the token names an account's entry (403 ``login_required``: kept from before a
        logout, it must not let the next person at a shared computer play it).
        ``status: none`` for a browser with neither (docs/tournament.md, "Whose entry
        a page shows")."""
        body = await _body(request)
        got = await settled(request)
        token = body.get("player_token")
        held = None if token is None else _player_by_token(got.doc, token)
        account = await asyncio.to_thread(entry.account_key, request, store_of(request))
        if account is None:
            if held is None:
                return JSONResponse(_NO_ENTRY)
            if _an_accounts(held):
                raise _fail("this entry is an account's: log in to that account to play "
                            "it", "login_required", 403)
            return JSONResponse(player_view(got.doc, held))
        own = _player_by_key(got.doc, account)
        out = dict(_NO_ENTRY) if own is None else player_view(got.doc, own)
        out["other_entry"] = held is not None and held.get("key") != account.stored
        return JSONResponse(out)

    async def new_round(request: Request) -> Response:
        body = await _body(request)
        token = _token(request, body)
        registry = registry_of(request)
        got = await settled(request)
        if not docs(request).owns(got, token):
            raise WebError("forbidden", "the owner's link is needed for this", 403)
        plan = await work.run(None, client_of(request), plan_round, got.doc)
        out: dict[str, Any] = {}

        def step(d: dict[str, Any]) -> None:
            out["result"] = start_round(d, registry,
                                        registry.store.client_hash(client_of(request)), plan)
        # On the loop: the step opens the round's live tables in the registry.
        got = change_here(request, token, step)
        return await answer(request, got, {"result": out["result"]})

    g = _guarded
    return [
        Route("/duplicate", doc_page),
        Route("/duplicate/{dup_id}", doc_page),
        Route("/api/duplicates", g(create), methods=["POST"]),
        Route("/api/duplicates/{dup_id}", g(show), methods=["GET"]),
        Route("/api/duplicates/{dup_id}/players", g(join), methods=["POST"]),
        Route("/api/duplicates/{dup_id}/entries", g(entries), methods=["GET"]),
        Route("/api/duplicates/{dup_id}/entry", g(set_entry), methods=["POST"]),
        Route("/api/duplicates/{dup_id}/links", g(new_links), methods=["POST"]),
        Route("/api/duplicates/{dup_id}/links/{n:int}/revoke", g(revoke), methods=["POST"]),
        Route("/api/duplicates/{dup_id}/requests/{n:int}", g(decide), methods=["POST"]),
        Route("/api/duplicates/{dup_id}/me", g(me), methods=["POST"]),
        Route("/api/duplicates/{dup_id}/rounds", g(new_round), methods=["POST"]),
    ]


__all__ = ["MAX_BOT_ENTRANTS", "MAX_DEALS", "MAX_LIVE_TABLES", "MAX_PLAYERS", "MAX_ROUNDS",
           "DuplicateRow", "book", "comparison", "new_document", "plan_round", "player_view",
           "prepare", "public_page", "public_view", "rankings", "routes", "seal_of", "settle",
           "start_round"]
