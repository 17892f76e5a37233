"""Live tables: a series of the engine per table, its seats, tokens, connections and bots.

The server is authoritative: every action is checked by the engine on a copy first, stored
(one locked transaction, :meth:`binokel.web.store.Store.locked`), then applied and
broadcast, so a failed write never leaves a half-applied game. A change runs in a worker
thread under the table's lock (:meth:`LiveTable.change`, :func:`off_loop`): the event
loop serves the other tables while it waits for the database. A player only ever receives
messages built from ``view(seat)`` (the game-independent table of :mod:`binokel.present`);
spectators get ``public_view()``.

Fair deals: a table without a chosen seed shuffles every deal from the operating system's
cryptographic generator (:class:`random.SystemRandom`), independently of every other deal.
A chosen seed makes every deal known in advance, so it is shown to everybody in the table's
info before they join (practice against bots, reproducible deals for a club evening).

Every game the engine registers and the presentation layer can draw is offered; the game
brings its own rules, options, bots and series (:meth:`binokel.core.spec.GameSpec.new_series`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import secrets
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from datetime import timedelta
from typing import Any
from typing import TypeVar

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..bots import bot_names
from ..core.cards import Card
from ..core.cards import card_token
from ..core.cards import parse_card
from ..core.series import Series
from ..core.state import actor
from ..core.state import by_seat
from ..core.state import split_seat
from ..registry import GameSpec
from ..registry import find_game
from ..registry import games
from .bot_driver import BotDriver
from .chat import Chat
from .deals import Deals
from .guard import option_refusal
from .lobby_queries import LobbyQueries
from .rated import FinishedDeal
from .rated import deal_finished
from .rated import rated_bots_refusal
from .seats import Seats
from .store import LIVE
from .store import Snapshot
from .store import Store
from .store import StoredDeal
from .store import Tx
from .store import now
from .table_base import STATUS as STATUS
from .table_base import TableError as TableError
from .table_base import clean_nickname as clean_nickname
from .table_base import hash_token as hash_token
from .table_base import is_int as is_int
from .table_base import off_loop as off_loop
from .table_view import JsonView

log = logging.getLogger("binokel.web")

LANGS = ("de", "en")
CARD_STYLES = ("token", "symbol", "words", "french")
# Seconds a person may think before a stand-in bot plays (settings.turn_timeout): long
# enough to read the table, short enough that the others do not give up waiting.
TURN_TIMEOUT_RANGE = (10, 600)


class _Behind(Exception):
    """The stored table is newer than the copy a change was decided on."""


T = TypeVar("T")


class OutOfDate(TableError):
    """A change was decided on a copy of the table that another process had changed
    meanwhile: nothing was written and the copy is reloaded. A request that does not name
    the state it was chosen in (ready, back, leave, join) may simply be tried once more
    (:func:`again`); an action names its move and is checked against the new state then."""


def again(do: Callable[[], T]) -> T:
    """``do()``, once more if it was decided on an out-of-date copy (now reloaded)."""
    try:
        return do()
    except OutOfDate:
        return do()


@dataclass(frozen=True)
class Limits:
    """What one client and the whole server may hold, and when tables and tokens lapse
    (seconds)."""

    tables_per_client: int = 10      # waiting tables one client may have open at once
    max_tables: int = 5000           # tables the server keeps live at once
    create_rate: float = 0.2         # tables a client may create per second ...
    create_burst: float = 10.0       # ... with bursts up to this many
    waiting_ttl: float = 2 * 3600    # a table nobody completes is closed after this
    idle_ttl: float = 12 * 3600      # a started table without any change, likewise
    unseen_ttl: float = 3600         # ... and sooner when nobody has had it open either
    live_per_client: int = 20        # tables one client may have created and not closed
    seats_per_client: int = 20       # seats one client may hold (over all processes)
    token_ttl: float = 30 * 86400    # a seat token unused this long no longer holds it
    sweep_every: float = 60.0        # how often abandoned tables are looked for
    sockets_per_client: int = 32     # WebSockets one client may hold open at once
    lobby_page: int = 50             # tables in one page of the lobby (and its maximum)
    http_rate: float = 50.0          # HTTP requests and handshakes a client may make a second
    http_burst: float = 300.0        # ... with bursts up to this many (a page load is ~20)
    # Solver nodes one hint may search: well under a second of a core. About 20M lets the
    # strong Binokel player simulate a bid (a second or two), where a server has the cores.
    hint_budget: int = 200_000

    def per_client(self, n: int) -> Limits:
        """These limits with everything one client may hold or start raised to ``n`` (and its
        request rate with it): ``binokel serve --per-client`` for load tests, and test
        servers whose every page comes from one address."""
        return dataclasses.replace(
            self, create_burst=max(self.create_burst, float(n)),
            create_rate=max(self.create_rate, n / 10.0), tables_per_client=n,
            live_per_client=max(self.live_per_client, n),
            seats_per_client=max(self.seats_per_client, n), sockets_per_client=n,
            http_rate=max(self.http_rate, 5.0 * n), http_burst=max(self.http_burst, 30.0 * n))


def check_prefs(lang: Any, cards: Any) -> tuple[str, str]:
    """A connection's language and card style, checked (German letters by default)."""
    lang = "de" if lang is None else lang
    cards = "token" if cards is None else cards
    if lang not in LANGS:
        raise TableError("bad_lang", f"lang must be one of {', '.join(LANGS)}")
    if cards not in CARD_STYLES:
        raise TableError("bad_cards", f"cards must be one of {', '.join(CARD_STYLES)}")
    return str(lang), str(cards)


def web_games() -> dict[str, GameSpec]:
    """The games the web game offers: every registered game (each has a presenter)."""
    return {spec.name: spec for spec in sorted(games(), key=lambda s: s.name)}


Sender = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None: a spectator), language, card style and send lock.

    Sends are serialized per connection, and a connection is only ever sent the table's
    newest state (``sent_version``): two broadcasts racing each other cannot deliver an
    older state after a newer one, and a slow client skips states instead of queueing them.
    """

    seat: int | None
    send_raw: Sender
    lang: str = "de"
    cards: str = "token"
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sent_version: int = -1
    close: Callable[[], Awaitable[None]] | None = None
    account: str | None = None     # the logged-in account of the socket (its cookie)

    async def send(self, msg: dict[str, Any]) -> None:
        async with self.lock:
            await self.send_raw(msg)


@dataclass
class LiveTable:
    id: str
    game: str
    players: int
    rules_data: dict[str, Any]
    seed: int | None
    bots: list[str | None]
    store: Store
    bot_delay: float = 0.5
    limits: Limits = field(default_factory=Limits)
    settings: dict[str, Any] = field(default_factory=dict)
    ready: set[int] = field(default_factory=set)   # seats ready for the next deal
    restart: set[int] = field(default_factory=set)  # seats asking for a new series instead
    # the creator's owner token, on the copy made by the create request only (its answer
    # hands it out once; the store keeps its hash)
    owner_token: str | None = None
    round: Series | None = None
    deal_number: int = 0           # numbers every deal of the table (across rematches)
    series_number: int = 0         # 1 for the first series, +1 for each rematch
    first_deal: int = 1            # the table's number of the series' first deal
    closed: bool = False
    on_action: Callable[[], None] | None = None    # counts applied actions (metrics)
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0               # bumped on every change a client can see
    stored_version: int = 0        # the table row's version this copy reflects
    # The copy moved on from the store (a catch-up before a request, a lobby look, the
    # driver's round) since its connections were last sent a state: the change's own
    # notification, which may come after, must still send it.
    unsent: bool = False
    driver: bool = True            # this process runs the bots and clock (see Registry)
    # A duplicate round's table (binokel.web.duplicate): its deals in order, dealt instead
    # of shuffled, and while ``sealed()`` says so its records and spectators are kept out.
    deck_orders: list[list[Card]] | None = None
    sealed: Callable[[], bool] | None = None
    # the messages built from this state (binokel.web.table_view), made by __post_init__
    json_view: JsonView = field(init=False, repr=False, compare=False)
    # the seats' people, tokens, away and left marks (binokel.web.seats), likewise
    seats: Seats = field(init=False, repr=False, compare=False)
    # the computer players and stand-ins, the turn clock (binokel.web.bot_driver), likewise
    bot_driver: BotDriver = field(init=False, repr=False, compare=False)
    # the chat's lines (binokel.web.chat), likewise
    chat: Chat = field(init=False, repr=False, compare=False)
    # how series and deals are made, stored and started (binokel.web.deals), likewise
    deals: Deals = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.spec = find_game(self.game)
        self.rules = self.spec.make_rules(self.rules_data)
        self.json_view = JsonView(self)
        self.seats = Seats(self)
        self.bot_driver = BotDriver(self)
        self.chat = Chat(self)
        self.deals = Deals(self)

    def touch(self) -> None:
        """Something visible changed: connections are due a new state."""
        self.version += 1

    # ------------------------------------------------------------------ store
    @contextlib.contextmanager
    def locked(self) -> Iterator[Tx]:
        """The table's row lock, for a change decided on this copy of the table.

        Several server processes may serve one table (PostgreSQL). Under the row lock the
        stored version must be the one this copy reflects; if another process changed the
        table meanwhile (or a write conflicts with one of its rows), nothing is written,
        this copy is reloaded from the store and the request is refused as ``stale``: the
        caller decided on an old state and must look again."""
        try:
            with self.store.locked(self.id) as tx:
                if tx.row.version != self.stored_version:
                    raise _Behind
                yield tx
        except (_Behind, IntegrityError):
            # In full: a refused change may have moved the copy on already (``Deals.ready_next``
            # deals before it stores), so no increment on top of it can be trusted.
            self.reload(full=True)
            raise OutOfDate("stale", "the table changed meanwhile (on another server "
                            "process); look at its new state and try again") from None
        except LookupError:
            raise TableError("no_table", f"there is no table {self.id[:40]!r}") from None
        self.stored_version = tx.row.version

    def reload(self, full: bool = False) -> None:
        """Bring this copy up to the stored table (changed by another process).

        Incrementally where the increment is known (:meth:`_advance`: the actions since
        this copy's move, the deals after it in the same series, the seats); in full (a
        replay of the series' deals) for a table not started here, a new series, a closed
        table, or anything that does not fit onto this copy, or when ``full``."""
        self._refresh(full, only_behind=False)

    def _refresh(self, full: bool, only_behind: bool) -> bool:
        """:meth:`reload` (``only_behind``: unless the stored version is this copy's) in
        one session: the row read first is the snapshot's, so a copy that is current costs
        one query and one that is behind no extra one. Whether anything was read."""
        with self.store.reading() as s:
            row = self.store.row(s, self.id)
            if only_behind and row is not None and row.version == self.stored_version:
                return False
            if not full and self.round is not None:
                part = self.store.snapshot(s, self.id, from_deal=self.deal_number,
                                           from_action=len(self.round.current.history))
                if part is not None and self._advance(part):
                    self.touch()
                    self.unsent = True
                    return True
            snap = self.store.snapshot(s, self.id)
        self.seats.forget()
        self.ready.clear()
        self.restart.clear()
        self.round = None
        self.deal_number = self.series_number = 0
        self.first_deal = 1
        if snap is None or snap.row.status not in LIVE:
            self.closed = True
        else:
            self.restore(snap)
        self.touch()
        self.unsent = True
        return True

    def catch_up(self) -> bool:
        """Before deciding on a request (PostgreSQL): reload the copy if another process
        changed the table, so checks such as "is the deal over" see the stored state.
        Whether it was behind."""
        return self.store.postgres and self._refresh(False, only_behind=True)

    def behind(self) -> bool:
        """Whether the store has a newer version of the table than this copy."""
        stored = self.store.version(self.id)
        return stored is None or stored != self.stored_version

    # ------------------------------------------------------------------ status, hints
    @property
    def status(self) -> str:
        if self.closed:
            return "closed"
        if self.round is None:
            return "waiting"
        return "finished" if self.round.is_over else "playing"

    def hint_view(self, seat: int) -> tuple[Any, int, int]:
        """The asking seat's own view (never more) with the deal and move it belongs to,
        for a hint; refused where the table does not allow hints or it is not his turn."""
        if self.settings.get("rated") or not self.settings.get("hints", False):
            raise TableError("hints_off", "this table does not allow hints")
        if self.round is None or self.round.current.is_over:
            raise TableError("not_your_turn", "no deal is running")
        state = self.round.current
        if state.to_move != seat:
            raise TableError("not_your_turn", "a hint is for the seat to move")
        return state.view(seat), self.deal_number, len(state.history)

    async def send_all(self, msg: dict[str, Any]) -> None:
        async def one(conn: Connection) -> None:
            with contextlib.suppress(Exception):
                await conn.send(msg)
        await asyncio.gather(*(one(c) for c in list(self.connections)))

    # ------------------------------------------------------------------ catch-up
    def restore(self, snap: Snapshot) -> None:
        """Rebuild seats and the current series from the store (after a restart)."""
        self.stored_version = snap.row.version
        self.series_number = snap.row.series
        self.seats.load(snap)
        if not snap.deals:
            return
        rnd = self.deals.new_series(self.series_number)
        for i, d in enumerate(snap.deals):
            self._play_deal(rnd, d, next_deal=i > 0)
        self.round = rnd
        self.deal_number = snap.deals[-1].number
        self.first_deal = snap.deals[0].number
        self.ready = {s.seat for s in snap.seats if s.ready_after == self.deal_number}
        self.restart = {s.seat for s in snap.seats if s.ready_after == -self.deal_number}

    def _play_deal(self, rnd: Series, d: StoredDeal, next_deal: bool) -> None:
        """Deal a stored deal in ``rnd`` (after its current one when ``next_deal``) and
        apply its stored actions."""
        if next_deal:
            rnd.next_deal()
        # The series decides the deal's rules (e.g. who still owes a Pflichtsolo); the
        # stored deck and dealer decide the cards.
        rnd.current = self.spec.new_deal(rnd.deal_rules(d.dealer), d.dealer,
                                         deck_order=[parse_card(t) for t in d.deck],
                                         players=self.players)
        for a in d.actions:
            rnd.apply(a)

    def _advance(self, part: Snapshot) -> bool:
        """Apply to this copy only what the store holds beyond it: ``part`` is the snapshot
        from this copy's deal and move on. False (nothing changed) where the increment
        cannot be known: a closed table, a new series (a rematch deals anew), a deal this
        copy does not have, or a stored deal whose end this copy would not reach."""
        rnd = self.round
        row = part.row
        if rnd is None or row.status not in LIVE or row.series != self.series_number \
                or not part.deals or part.deals[0].number != self.deal_number \
                or any(d.number != self.deal_number + i for i, d in enumerate(part.deals)):
            return False
        current, later = part.deals[0], part.deals[1:]
        if [card_token(c) for c in rnd.current.deck] != current.deck:
            return False
        try:
            for a in current.actions:
                rnd.apply(a)
            if current.finished != rnd.current.is_over:
                raise ValueError("the stored deal ends elsewhere")
            for d in later:
                self._play_deal(rnd, d, next_deal=True)
        except ValueError:
            # Partly applied: the caller replays the whole series instead.
            log.warning("table %s: the stored increment did not fit; reloading", self.id)
            return False
        self.stored_version = row.version
        self.seats.load(part)
        self.deal_number = part.deals[-1].number
        self.ready = {s.seat for s in part.seats if s.ready_after == self.deal_number}
        self.restart = {s.seat for s in part.seats if s.ready_after == -self.deal_number}
        self.closed = False
        return True

    def _admitted(self, seat: int, action: Any, move: Any, deal: Any, check_move: bool
                  ) -> tuple[Series, Any, str]:
        """The running series, its current state and ``action`` as it is applied (said out
        of turn: with its seat), or a :class:`TableError` for an action that may not come
        now."""
        if self.round is None:
            raise TableError("not_started", "the game starts when every seat is taken")
        if not isinstance(action, str) or len(action) > 128:
            raise TableError("bad_action", "action must be a short string")
        if split_seat(action)[0] is not None:   # nobody speaks for another seat
            raise TableError("bad_action", "an action names no seat: the server knows who "
                             "sends it")
        state = self.round.current
        # Said out of turn (Doppelkopf's announcements at any time): the server's order
        # decides a race with the next card, so it may come from an older state of the deal.
        interjecting = not state.is_over and state.to_move != seat and \
            bool(state.interjections(seat))
        if check_move:
            if not is_int(move) or (deal is not None and not is_int(deal)):
                raise TableError("bad_move", "an action names the state it was chosen in: "
                                 "\"move\" (and \"deal\") as the state message gave them")
            late = interjecting and 0 <= move <= len(state.history)
            if (move != len(state.history) and not late) or (
                    deal is not None and deal != self.deal_number):
                raise TableError("stale", self._stale(state, move))
        if state.is_over:
            raise TableError("not_your_turn", "the deal is over")
        if state.to_move != seat and not interjecting:
            raise TableError("not_your_turn",
                             f"it is seat {state.to_move}'s turn, not seat {seat}'s")
        if interjecting:
            action = by_seat(seat, action)
        return self.round, state, action

    def apply(self, seat: int, action: Any, move: Any = None, deal: Any = None,
              check_move: bool = True) -> None:
        """Check, store, then apply ``action`` for ``seat``. ``move`` (and ``deal``, when
        given) name the state the action was chosen in: the deal's action count the seat
        was shown. An action chosen in an older state is refused (a double click)."""
        rnd, state, action = self._admitted(seat, action, move, deal, check_move)
        probe = state.clone()
        try:
            probe.apply(action)
        except ValueError as e:
            raise TableError("illegal", str(e)) from None
        canonical = probe.history[-1][1]
        result = probe.result.to_json() if probe.result is not None else None
        with self.locked() as tx:
            tx.add_action(self.deal_number, len(state.history), seat, canonical, result)
            if probe.result is not None and self.deck_orders is None:
                # the accounts' deal lists and, at a rated table, the ratings: with the
                # deal's end or not at all (binokel.web.rated)
                deal_finished(tx.s, FinishedDeal(
                    self.id, self.game, self.deal_number, self.bots,
                    self.spec.dealt_in(self.players, state.dealer),
                    probe.result, bool(self.settings.get("rated"))), self.store.postgres)
            tx.bump()
        rnd.apply(canonical)
        self.seats.returns()
        if self.on_action is not None:
            self.on_action()
        if rnd.is_over:
            with self.locked() as tx:
                tx.bump("finished")
        self.touch()

    def _stale(self, state: Any, move: int) -> str:
        """Why an action chosen at ``move`` comes too late; when only announcements out of
        turn came in meanwhile, whose (the race was decided by the server's order)."""
        since = state.history[move:] if 0 <= move < len(state.history) else []
        said = [actor(e) for e in since]
        if since and all(who != e[0] for (who, _), e in zip(said, since, strict=True)):
            words = ", ".join(f"{self.seats.name(who)}: {what}" for who, what in said)
            return (f"an announcement came in before your action ({words}); the deal is at "
                    f"move {len(state.history)}, choose again")
        return (f"that action was chosen in an older state (move {move}); the deal is at "
                f"move {len(state.history)}")

    # ------------------------------------------------------------------ messages
    async def change(self, do: Callable[[], T]) -> T:
        """``do()``, a change of this table, under the table's lock in a worker thread
        (:func:`off_loop`), once more if it was decided on an out-of-date copy
        (:func:`again`)."""
        async with self.lock:
            return await off_loop(functools.partial(again, do))

    async def push(self, conn: Connection, force: bool = False) -> None:
        """Send ``conn`` the newest state unless it has it already (``force``: anyway).

        The message is built under the table's lock: a change runs in a worker thread
        while it holds the lock (:func:`off_loop`), and a message built meanwhile could
        show half of it. So no caller holds the lock while it pushes."""
        async with conn.lock:
            async with self.lock:
                version = self.version
                if not force and conn.sent_version >= version:
                    return
                msg = self.json_view.message_for(conn.seat, conn.lang, conn.cards)
            try:
                await conn.send_raw(msg)
            except Exception:  # a closed socket: it is removed by its own handler too
                self.connections.discard(conn)
                return
            conn.sent_version = version

    async def broadcast(self) -> None:
        self.unsent = False
        # Concurrently: a slow client delays only itself.
        await asyncio.gather(*(self.push(conn) for conn in list(self.connections)))


class Registry:
    """Every live table of this server, loaded from the store at start."""

    def __init__(self, store: Store, bot_delay: float = 0.5,
                 limits: Limits | None = None,
                 on_action: Callable[[], None] | None = None,
                 prepare: Callable[[LiveTable], None] | None = None) -> None:
        self.store = store
        self.queries = LobbyQueries(store.session)   # the lobby's, over many tables
        # Called on every table loaded from the store (a duplicate round's deals).
        self.prepare = prepare
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.on_action = on_action
        self.tables: dict[str, LiveTable] = {}
        self.driving: set[str] = set()     # the tables whose driving lock we hold
        # How a chat line written by another process goes out here (the app's hides it
        # from those who block its writer: binokel.web.social_routes.send_chat).
        self.send_chat: Callable[[LiveTable, dict[str, Any]], Awaitable[None]] = \
            LiveTable.send_all
        for tid in self.queries.live_ids():
            try:
                with store.reading() as s:
                    snap = store.snapshot(s, tid)
                if snap is None:
                    continue
                self.tables[tid] = self._load(snap)
            except Exception:  # pragma: no cover - one bad table must not stop the server
                log.exception("table %s could not be restored; it is left out", tid)

    def _load(self, snap: Snapshot) -> LiveTable:
        row = snap.row
        t = LiveTable(row.id, row.game, row.players, row.rules, row.seed, list(row.bots),
                      self.store, self.bot_delay, self.limits, dict(row.settings or {}))
        t.restore(snap)
        t.on_action = self.on_action
        t.driver = self.drives(t.id)
        if self.prepare is not None:
            self.prepare(t)
        return t

    def drives(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and turn clock: the only one on
        SQLite; on PostgreSQL the one holding the table's driving lock."""
        return not self.store.postgres or table_id in self.driving

    async def take_over(self) -> list[str]:
        """Drive the running tables nobody drives (new ones, and those of a process that
        died); their ids. Called every ~1.5 s by each process on PostgreSQL.

        First the locks this process holds are checked: where one is gone (its connection
        broke), the table's bots and clock stop here, unless the lock is taken again in this
        round, before another process took it. Tables beyond this process's fair share
        are handed on likewise (:meth:`binokel.web.driving.DriveLocks.surplus`)."""
        lost = self.store.drive_locks.lost(sorted(self.driving))
        if lost:
            log.warning("lost the driving lock of %d table(s); taking them again",
                        len(lost))
            self.driving.difference_update(lost)
        extra = self.store.drive_locks.surplus(sorted(self.driving))
        self.driving.difference_update(extra)
        got = self.store.drive_locks.drive(sorted(self.driving))
        for tid in (*lost, *extra):
            t = self.tables.get(tid)
            if t is not None and tid not in got:
                t.driver = False
                t.bot_driver.stop()
        for tid in got:
            self.driving.add(tid)
            t = self.find(tid)
            if t is None:
                continue
            async with t.lock:
                await off_loop(t.catch_up)
                t.driver = True
            t.bot_driver.schedule()
        return got

    def create(self, data: Any, creator: str | None = None,
               account: str | None = None) -> LiveTable:
        """A new table from a create request; ``creator``: the hashed client address its
        limits count by; ``account``: the creator's account if he is logged in (only he
        may make a rated table)."""
        if not isinstance(data, dict):
            raise TableError("bad_request", "expected a JSON object")
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("server_full", "the server has as many tables as it can hold; "
                             "try again later")
        # Counted before the work of a new table, and again as it is stored, under the
        # client's lock: the count holds over every server process.
        if creator is not None:
            with self.store.session() as s:
                self._check_held(s, creator)
        game = data.get("game", "binokel")
        games = web_games()
        if not isinstance(game, str) or game not in games:
            raise TableError("bad_game", f"unknown game {str(game)[:40]!r} (the web game "
                             f"offers: {', '.join(games)})")
        spec = games[game]
        players = data.get("players", spec.default_players)
        if not is_int(players) or players not in spec.players:
            raise TableError("bad_players", f"{game} is for "
                             f"{' or '.join(map(str, spec.players))} players, not "
                             f"{str(players)[:20]}")
        rules_data = self._rules_data(spec, data)
        try:
            rules = spec.make_rules(rules_data)
        except (ValueError, TypeError, OverflowError) as e:
            raise TableError("bad_options", str(e)[:300], **option_refusal(e)) from None
        bots = self._bots(spec, players, data.get("bots"))
        seed = data.get("seed")
        if seed is not None and (not is_int(seed) or not 0 <= seed < 2**31):
            raise TableError("bad_seed", "seed must be a number 0..2^31-1")
        settings = self._settings(data.get("settings"))
        if settings.get("rated"):
            # A rated table: a logged-in creator, no seed (its deals would be known before),
            # computer players with a published rating (binokel.web.rated).
            if account is None:
                raise TableError("login_required", "only a logged-in player may make a "
                                 "rated table")
            if seed is not None:
                raise TableError("bad_seed", "a rated table has no chosen seed: its deals "
                                 "would be known in advance")
            refusal = rated_bots_refusal(game, bots)
            if refusal is not None:
                raise TableError("bad_bots", refusal)
        table_id = secrets.token_urlsafe(9)
        stored_rules = rules.to_dict()
        owner = secrets.token_urlsafe(24)
        self.store.create_table(table_id, game, players, stored_rules, seed, bots, settings,
                                creator, self._check_held if creator is not None else None,
                                owner_hash=hash_token(owner))
        t = LiveTable(table_id, game, players, stored_rules, seed, bots, self.store,
                      self.bot_delay, self.limits, settings, on_action=self.on_action,
                      stored_version=1, driver=self.drives(table_id))
        t.owner_token = owner   # for the create request's answer only; never stored
        self.tables[table_id] = t
        return t

    def _check_held(self, s: Session, creator: str) -> None:
        """Refuse a client (hashed address ``creator``) who has as many waiting tables,
        or as many live ones, as one may (in the store: over every server process)."""
        limits = self.limits
        if LobbyQueries.tables_held(s, creator, ("waiting",)) >= limits.tables_per_client:
            raise TableError("too_many_tables", f"at most {limits.tables_per_client} "
                             "open tables per player; fill or wait for those first")
        if LobbyQueries.tables_held(s, creator) >= limits.live_per_client:
            raise TableError("too_many_tables", f"at most {limits.live_per_client} "
                             "tables per player at once, waiting or running; finish some "
                             "first (a table nobody has open closes after an hour)")

    @staticmethod
    def _settings(given: Any) -> dict[str, Any]:
        """The table's settings: ``chat`` (on by default), ``turn_timeout`` (seconds a
        person may think before a bot plays for the seat; null: never, for friends) and
        ``hints`` (a seated person may ask the strong player; off unless allowed), ``rated``
        (logged-in players only, no hints, the ratings move after every deal)."""
        given = {} if given is None else given
        low, high = TURN_TIMEOUT_RANGE
        if not isinstance(given, dict) or \
                set(given) - {"chat", "turn_timeout", "hints", "rated"}:
            raise TableError("bad_settings", "settings has only chat (true/false), hints "
                             f"(true/false), rated (true/false) and turn_timeout ({low} to "
                             f"{high} seconds, or null)")
        chat = given.get("chat", True)
        hints = given.get("hints", False)
        timeout = given.get("turn_timeout")
        if not isinstance(chat, bool) or not isinstance(hints, bool):
            raise TableError("bad_settings", "chat and hints must be true or false")
        if timeout is not None and (not is_int(timeout) or not low <= timeout <= high):
            raise TableError("bad_settings",
                             f"turn_timeout must be {low} to {high} seconds or null")
        rated = given.get("rated", False)
        if not isinstance(rated, bool):
            raise TableError("bad_settings", "rated must be true or false")
        if rated and hints:
            raise TableError("bad_settings", "a rated table gives no hints")
        out: dict[str, Any] = {"chat": chat, "turn_timeout": timeout, "hints": hints}
        if rated:   # (stored only when set: the settings of other tables stay as they were)
            out["rated"] = True
        return out

    @staticmethod
    def _rules_data(spec: GameSpec, data: dict[str, Any]) -> dict[str, Any]:
        """``{"preset", "options"}`` from a create request; ``target`` and ``deals`` (the
        series length) are shorthands for the game's options of those names."""
        presets = list(spec.presets) or ["standard"]
        preset = data.get("preset", presets[0])
        if not isinstance(preset, str) or preset not in presets:
            raise TableError("bad_options", f"unknown preset {str(preset)[:40]!r} for "
                             f"{spec.name} (presets: {', '.join(presets)})")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise TableError("bad_options", "options must be an object")
        if len(options) > len(spec.options):
            raise TableError("bad_options", f"{spec.name} has {len(spec.options)} options")
        options = dict(options)
        for key, option in (("target", "target"), ("deals", "deals_per_series")):
            value = data.get(key)
            if value is None:
                continue
            if option not in spec.options:
                raise TableError("bad_options", f"{spec.name} has no {key} (it has no option "
                                 f"{option!r})")
            options[option] = value
        return {"preset": preset, "options": options}

    @staticmethod
    def _bots(spec: GameSpec, players: int, given: Any) -> list[str | None]:
        bots = given if given is not None else [None] * players
        if not isinstance(bots, list) or len(bots) != players:
            raise TableError("bad_bots", f"bots must list {players} entries (null = a person)")
        known = bot_names(spec.name)
        out: list[str | None] = []
        for b in bots:
            if b is None or b == "":
                out.append(None)
            elif isinstance(b, str) and b in known:
                out.append(b)
            else:
                raise TableError("bad_bots", f"bot {str(b)[:40]!r} does not play {spec.name} "
                                 f"(bots for {spec.name}: {', '.join(known)})")
        if all(out):
            raise TableError("bad_bots", "at least one seat must be for a person")
        return out

    def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id``. On PostgreSQL another server process may have
        created or changed it: a table unknown here is loaded from the store, and one
        whose stored version is ahead of this copy is caught up first."""
        t = self.find(table_id)
        if t is None:
            raise TableError("no_table", f"there is no table {table_id[:40]!r}")
        return t

    def find(self, table_id: str, stored: int | None = None) -> LiveTable | None:
        """Like :meth:`get`, None for no live table; ``stored``: the stored version when
        the caller read it already (the lobby)."""
        t = self.tables.get(table_id)
        if not self.store.postgres or len(table_id) > 32:
            return t
        if t is not None:
            # Not while the table's lock is held: a change may run in a worker thread
            # (off_loop), and until it ends the copy is the change's (it looks at the store
            # itself, under the row lock).
            if (stored is None or stored != t.stored_version) and not t.lock.locked():
                t.catch_up()
            if t.closed:
                self.tables.pop(table_id, None)
                return None
            return t
        if len(self.tables) >= self.limits.max_tables:
            raise TableError("server_full", "the server has as many tables as it can hold; "
                             "try again later")
        with self.store.reading() as s:
            snap = self.store.snapshot(s, table_id)
        if snap is None or snap.row.status not in LIVE:
            return None
        t = self.tables[table_id] = self._load(snap)
        return t

    def by_token(self, token: str) -> list[LiveTable]:
        """The live tables where ``token`` holds a seat (looked up by its hash, indexed)."""
        rows = self.queries.by_tokens([hash_token(token)])
        return [t for t in (self.find(r.id) for _, r, _ in rows) if t is not None]

    def lobby(self, status: str, limit: int, cursor: str | None
              ) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the lobby (newest first) and the cursor of the next page."""
        try:
            rows, nxt = self.queries.page(status, limit, cursor)
        except ValueError:
            raise TableError("bad_cursor", "cursor is not one the lobby handed out") from None
        found = (self.find(r.id, r.version) for r, _ in rows)
        return [t.json_view.info() for t in found if t is not None], nxt

    async def resync(self) -> list[str]:
        """Catch up, and send to their connections here, the tables whose stored version
        this process has not seen (PostgreSQL): the safety net under the notifications,
        which a listening connection that broke and came back has missed. One query for
        all tables held; their ids."""
        stored = await asyncio.to_thread(self.store.versions, sorted(self.tables))
        behind = [tid for tid, t in list(self.tables.items())
                  if t.unsent or stored.get(tid, 0) != t.stored_version]
        for tid in behind:
            await self.heard(f"t:{tid}:0")
        return behind

    async def heard(self, payload: str) -> None:
        """A change announced on the store's channel (``t:<id>:<version>``, perhaps by
        another process): a table this process holds and whose copy is behind is caught up,
        and its connections here are sent the new state. A chat line (``c:<id>:<line>``)
        written elsewhere is sent to this process's connections."""
        kind, _, rest = payload.partition(":")
        tid, _, version = rest.rpartition(":")
        t = self.tables.get(tid)
        if t is None:
            return
        if kind == "c":     # a chat line (``c:<id>:<line id>``): lines this process has not sent
            if version.isdigit() and int(version) > t.chat.seen:
                async with t.lock:
                    lines = await off_loop(t.chat.since)
                for line in lines:
                    await self.send_chat(t, line)
            return
        # This process's own changes come back too: a version this copy has reached and sent
        # already needs no look at the store (0: the sweep closed the table, always looked
        # at). A copy caught up without sending (see ``unsent``) still sends it now.
        if kind != "t" or not version.isdigit() or \
                (0 < int(version) <= t.stored_version and not t.unsent):
            return
        async with t.lock:
            if not await off_loop(t.catch_up) and not t.unsent:
                return
        if t.closed:
            self.tables.pop(tid, None)
            await self._shut(t)
            return
        await t.broadcast()
        t.bot_driver.schedule()

    async def _shut(self, table: LiveTable) -> None:
        """A closed table: its bots stop, its connections get the last state and end."""
        if table.id in self.driving:
            self.driving.discard(table.id)
            self.store.drive_locks.undrive(table.id)
        table.closed = True
        table.bot_driver.stop()
        async with table.lock:   # a change running in its thread ends first
            table.touch()
        await table.broadcast()
        for conn in list(table.connections):
            if conn.close is not None:
                with contextlib.suppress(Exception):  # a socket already gone
                    await conn.close()

    async def sweep(self) -> list[str]:
        """Close abandoned tables (see :class:`Limits`); their ids. The tables this process
        has connections to are marked seen first."""
        # off the event loop: a sweep over every table must not hold up the moves
        await asyncio.to_thread(self.store.seen, [tid for tid, table in self.tables.items()
                                                  if table.connections])
        t = now()
        ids = await asyncio.to_thread(self.store.close_idle,
                                      t - timedelta(seconds=self.limits.waiting_ttl),
                                      t - timedelta(seconds=self.limits.idle_ttl),
                                      t - timedelta(seconds=self.limits.unseen_ttl))
        for tid in ids:
            table = self.tables.pop(tid, None)
            if table is not None:
                await self._shut(table)
        return ids

