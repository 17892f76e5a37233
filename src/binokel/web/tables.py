"""Live tables: a round of the engine per table, its seats, tokens, connections and bots.

The server is authoritative: every action is checked by the engine on a copy first, stored,
then applied and broadcast, so a failed write never leaves a half-applied game. A player only
ever receives messages built from ``view(seat)`` (the game-independent table of
:mod:`binokel.present`); spectators get ``public_view()``.

Every game the engine registers and the presentation layer can draw is offered; the game
brings its own rules, options, bots and series (:meth:`binokel.core.spec.GameSpec.new_series`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from ..bots import Bot
from ..bots import bot_names
from ..bots import make_bot
from ..core.cards import card_token
from ..core.cards import parse_card
from ..core.series import Series
from ..play import BotTurn
from ..play import bot_turn
from ..play import decide
from ..present import present
from ..record import Record
from ..registry import GAMES
from ..registry import GameSpec
from ..registry import find_game
from .store import Store
from .store import StoredDeal

log = logging.getLogger("binokel.web")

MAX_NICKNAME = 32
LANGS = ("de", "en")
CARD_STYLES = ("token", "symbol", "words", "french")


class TableError(ValueError):
    """A request that cannot be honoured; ``code`` is machine-readable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_nickname(name: Any) -> str:
    if not isinstance(name, str):
        raise TableError("bad_nickname", "nickname must be text")
    cleaned: str = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_NICKNAME:
        raise TableError("bad_nickname", f"nickname must have 1 to {MAX_NICKNAME} characters")
    if any(ord(ch) < 32 for ch in cleaned):
        raise TableError("bad_nickname", "nickname must not contain control characters")
    return cleaned


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
    return {spec.name: spec for spec in sorted(GAMES, key=lambda s: s.name)}


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

    async def send(self, msg: dict[str, Any]) -> None:
        async with self.lock:
            await self.send_raw(msg)


@dataclass
class LiveTable:
    id: str
    game: str
    players: int
    rules_data: dict[str, Any]
    seed: int
    bots: list[str | None]
    store: Store
    bot_delay: float = 0.5
    nicknames: dict[int, str] = field(default_factory=dict)
    token_hashes: dict[int, str] = field(default_factory=dict)
    round: Series | None = None
    deal_number: int = 0
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_players: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    version: int = 0               # bumped on every change a client can see
    _cache: dict[tuple[int | None, str, str], dict[str, Any]] = field(default_factory=dict)
    _cache_version: int = -1

    def __post_init__(self) -> None:
        self.spec = find_game(self.game)
        self.rules = self.spec.make_rules(self.rules_data)
        for seat, kind in enumerate(self.bots):
            if kind:
                self.bot_players[seat] = make_bot(kind, self.seed * 31 + seat, game=self.game)

    def touch(self) -> None:
        """Something visible changed: connections are due a new state."""
        self.version += 1

    # ------------------------------------------------------------------ seats
    @property
    def human_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.bots[s]]

    @property
    def started(self) -> bool:
        return self.round is not None

    @property
    def status(self) -> str:
        if self.round is None:
            return "waiting"
        return "finished" if self.round.is_over else "playing"

    def seat_of(self, token: str) -> int | None:
        h = hash_token(token)
        for seat, th in self.token_hashes.items():
            if secrets.compare_digest(th, h):
                return seat
        return None

    def join(self, seat: Any, nickname: Any) -> str:
        if not isinstance(seat, int) or isinstance(seat, bool) or \
                not 0 <= seat < self.players:
            raise TableError("bad_seat", f"seat must be 0..{self.players - 1}")
        if self.bots[seat]:
            raise TableError("seat_taken", f"seat {seat} is played by a bot")
        if seat in self.token_hashes:
            raise TableError("seat_taken", f"seat {seat} is taken")
        name = clean_nickname(nickname)
        token = secrets.token_urlsafe(24)
        self.store.add_seat(self.id, seat, name, hash_token(token))
        self.token_hashes[seat] = hash_token(token)
        self.nicknames[seat] = name
        self.touch()
        return token

    def name(self, seat: int) -> str:
        if self.bots[seat]:
            # numbered: several bots of one kind must be told apart in the log
            return f"Bot {seat} ({self.bots[seat]})"
        return self.nicknames.get(seat, "")

    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.players)]

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "title": list(self.spec.title),
            "players": self.players, "rules": self.rules_data, "status": self.status,
            "seats": [{"seat": s, "nickname": self.nicknames.get(s), "bot": self.bots[s],
                       "taken": bool(self.bots[s]) or s in self.token_hashes}
                      for s in range(self.players)],
        }

    # ------------------------------------------------------------------ deals
    def _new_round(self) -> Series:
        return self.spec.new_series(self.rules, players=self.players, seed=self.seed)

    def start_if_full(self) -> bool:
        if self.round is not None or any(s not in self.token_hashes for s in self.human_seats):
            return False
        self.round = self._new_round()
        self.deal_number = 1
        self._store_deal()
        self.store.set_status(self.id, "playing")
        self.touch()
        return True

    def _store_deal(self) -> None:
        assert self.round is not None
        st = self.round.current
        self.store.add_deal(self.id, self.deal_number, st.dealer,
                            [card_token(c) for c in st.deck])

    def restore(self, deals: list[StoredDeal]) -> None:
        """Rebuild the round from the stored deals (after a restart)."""
        if not deals:
            return
        rnd = self._new_round()
        for i, d in enumerate(deals):
            if i:
                rnd.next_deal()
            # The series decides the deal's rules (e.g. who still owes a Pflichtsolo); the
            # stored deck and dealer decide the cards.
            rnd.current = self.spec.new_deal(rnd.deal_rules(), d.dealer,
                                             deck_order=[parse_card(t) for t in d.deck],
                                             players=self.players)
            for a in d.actions:
                rnd.apply(a)
        self.round = rnd
        self.deal_number = len(deals)

    def next_deal(self) -> None:
        if self.round is None or not self.round.current.is_over:
            raise TableError("not_over", "the deal is still running")
        if self.round.is_over:
            raise TableError("round_over", "the round is over")
        self.round.next_deal()
        self.deal_number += 1
        self._store_deal()
        self.touch()

    def apply(self, seat: int, action: Any) -> None:
        """Check, store, then apply ``action`` for ``seat``."""
        if self.round is None:
            raise TableError("not_started", "the game starts when every seat is taken")
        if not isinstance(action, str) or len(action) > 128:
            raise TableError("bad_action", "action must be a short string")
        state = self.round.current
        if state.is_over:
            raise TableError("not_your_turn", "the deal is over")
        if state.to_move != seat:
            raise TableError("not_your_turn",
                             f"it is seat {state.to_move}'s turn, not seat {seat}'s")
        probe = state.clone()
        try:
            probe.apply(action)
        except ValueError as e:
            raise TableError("illegal", str(e)) from None
        canonical = probe.history[-1][1]
        result = probe.result.to_json() if probe.result is not None else None
        self.store.add_action(self.id, self.deal_number, len(state.history), seat, canonical,
                              result)
        self.round.apply(canonical)
        if self.round.is_over:
            self.store.set_status(self.id, "finished")
        self.touch()

    # ------------------------------------------------------------------ messages
    def message_for(self, seat: int | None, lang: str = "de",
                    cards: str = "token") -> dict[str, Any]:
        """The state message for one seat (None: a spectator), built from its view only."""
        if self._cache_version != self.version:
            self._cache.clear()
            self._cache_version = self.version
        key = (seat, lang, cards)
        msg = self._cache.get(key)
        if msg is None:
            msg = self._cache[key] = self._build_message(seat, lang, cards)
        return msg

    def _build_message(self, seat: int | None, lang: str, cards: str) -> dict[str, Any]:
        names = self.names()
        msg: dict[str, Any] = {"type": "state", "info": self.info(), "you": seat,
                               "lang": lang, "cards": cards, "names": names,
                               "status": self.status, "table": None}
        if self.round is None:
            return msg
        st = self.round.current
        view = st.public_view() if seat is None else st.view(seat)
        msg["table"] = present(view, lang, names, cards).to_json()
        msg["deal"] = self.deal_number
        msg["moves"] = len(st.history)   # public: how many actions the deal has had
        msg["sheet"] = self.sheet()
        msg["winner"] = self.round.winner
        msg["winners"] = self.winners()
        return msg

    def winners(self) -> list[int]:
        """The round's winner with his partners (Kreuzbinokel), empty while it runs."""
        if self.round is None or self.round.winner is None:
            return []
        w = self.round.winner
        return list(next((p for p in self.spec.teams if w in p), (w,)))

    def sheet(self) -> dict[str, Any]:
        """The score sheet of the series: a column per seat, a line per finished deal."""
        assert self.round is not None
        rnd = self.round
        end = self.rules.series_end()
        target, deals = end.target, end.deals or None
        return {
            "parties": [list(p) for p in self.spec.teams],
            "lines": [{"deal": ln.deal, "dealer": ln.dealer, "scores": list(ln.scores),
                       "totals": list(ln.totals), "declarer": ln.declarer,
                       "contract": ln.contract, "bid": ln.bid, "made": ln.made,
                       "separate": ln.separate}
                      for ln in rnd.sheet],
            "totals": list(rnd.totals),
            "durch_totals": list(rnd.separate_totals) if any(rnd.separate_totals) else None,
            "target": target if not deals else None,
            "deals": deals,
        }

    async def push(self, conn: Connection, force: bool = False) -> None:
        """Send ``conn`` the newest state unless it has it already (``force``: anyway)."""
        async with conn.lock:
            version = self.version
            if not force and conn.sent_version >= version:
                return
            msg = self.message_for(conn.seat, conn.lang, conn.cards)
            try:
                await conn.send_raw(msg)
            except Exception:  # a closed socket: it is removed by its own handler too
                self.connections.discard(conn)
                return
            conn.sent_version = version

    async def broadcast(self) -> None:
        # Concurrently: a slow client delays only itself.
        await asyncio.gather(*(self.push(conn) for conn in list(self.connections)))

    # ------------------------------------------------------------------ bots
    def schedule_bots(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            rnd = self.round
            if rnd is None or bot_turn(rnd.current, self.bot_players) is None:
                return
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                turn = bot_turn(rnd.current, self.bot_players)
                if self.round is not rnd or turn is None:
                    continue
            bot = self.bot_players[turn.seat]
            try:
                # In a worker thread: a searching bot thinks for up to seconds, and on the
                # event loop that would stall every table of the server meanwhile.
                action = await asyncio.to_thread(decide, turn, bot)
            except Exception:  # pragma: no cover - a bot bug must not take the server down
                if not self._still_at(rnd, turn):
                    continue  # the deal moved on while it thought: think again
                # Logged without the view: it holds the bot's hidden cards.
                log.exception("table %s: the bot at seat %d failed", self.id, turn.seat)
                return
            async with self.lock:
                if not self._still_at(rnd, turn):
                    continue  # the deal moved on meanwhile (a restart, a new deal)
                try:
                    self.apply(turn.seat, action)
                except Exception:  # pragma: no cover - as above
                    log.exception("table %s: the bot at seat %d failed", self.id, turn.seat)
                    return
            await self.broadcast()

    def _still_at(self, rnd: Series, turn: BotTurn) -> bool:
        """Whether the table is still at the position a bot was asked about."""
        return self.round is rnd and turn.still_current(rnd.current)

    # ------------------------------------------------------------------ records
    def _finished_deal(self, number: int) -> StoredDeal:
        deals = {d.number: d for d in self.store.deals(self.id)}
        d = deals.get(number)
        if d is None:
            raise TableError("no_deal", f"there is no deal {number}")
        if not d.finished:
            # The deck of a running deal is the hidden information of every player.
            raise TableError("not_over", "a record is available when the deal is over")
        return d

    def _deal_rules(self, number: int) -> dict[str, Any]:
        """The rules deal ``number`` was played with (a series may vary them per deal)."""
        finished = self.round.finished if self.round is not None else []
        if 0 < number <= len(finished):
            return finished[number - 1].rules.to_dict()
        return self.rules_data

    def record(self, number: int) -> dict[str, Any]:
        d = self._finished_deal(number)
        rec = Record(game=self.game, players=self.players, rules=self._deal_rules(number),
                     dealer=d.dealer, deck=tuple(d.deck), actions=tuple(d.actions),
                     extra={"names": self.names(), "deal_number": number, "result": d.result})
        return rec.to_json()

    def replay(self, number: int, step: int | None, lang: str, cards: str) -> dict[str, Any]:
        """A finished deal for the browser's replay: the public table after ``step`` actions
        (default: the end) and every seat's hand then (the deal is over: no secret left)."""
        rec = Record.from_json(self.record(number))
        end = rec.replay()
        total = len(rec.actions)
        at = total if step is None else step
        if not 0 <= at <= total:
            raise TableError("bad_step", f"step must be 0..{total}")
        state = end if at == total else rec.replay(at)
        names = self.names()
        return {
            "deal": number, "step": at, "steps": total, "names": names,
            "actions": [[s, a] for s, a in end.history],
            "hands": [[card_token(c) for c in state.view(s).hand]
                      for s in range(state.players)],
            "table": present(state.public_view(), lang, names, cards).to_json(),
            "result": end.result.to_json() if end.result is not None else None,
        }

    def finished_deals(self) -> list[dict[str, Any]]:
        return [{"number": d.number, "dealer": d.dealer, "result": d.result}
                for d in self.store.deals(self.id) if d.finished]


class Registry:
    """Every live table of this server, loaded from the store at start."""

    def __init__(self, store: Store, bot_delay: float = 0.5) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        for row in store.tables():
            try:
                t = LiveTable(row.id, row.game, row.players, row.rules, row.seed,
                              list(row.bots), store, bot_delay)
                for seat_row in store.seats(row.id):
                    t.token_hashes[seat_row.seat] = seat_row.token_hash
                    t.nicknames[seat_row.seat] = seat_row.nickname
                t.restore(store.deals(row.id))
            except Exception:  # pragma: no cover - one bad table must not stop the server
                log.exception("table %s could not be restored; it is left out", row.id)
                continue
            self.tables[row.id] = t

    def create(self, data: Any) -> LiveTable:
        if not isinstance(data, dict):
            raise TableError("bad_request", "expected a JSON object")
        game = data.get("game", "binokel")
        games = web_games()
        if not isinstance(game, str) or game not in games:
            raise TableError("bad_game", f"unknown game {game!r} (the web game offers: "
                             f"{', '.join(games)})")
        spec = games[game]
        players = data.get("players", spec.default_players)
        if not isinstance(players, int) or isinstance(players, bool) or \
                players not in spec.players:
            raise TableError("bad_players", f"{game} is for "
                             f"{' or '.join(map(str, spec.players))} players, not {players!r}")
        rules_data = self._rules_data(spec, data)
        try:
            rules = spec.make_rules(rules_data)
        except ValueError as e:
            raise TableError("bad_options", str(e)) from None
        bots = self._bots(spec, players, data.get("bots"))
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
            raise TableError("bad_seed", "seed must be a number 0..2^31-1")
        table_id = secrets.token_urlsafe(9)
        stored_rules = rules.to_dict() if hasattr(rules, "to_dict") else rules_data
        self.store.create_table(table_id, game, players, stored_rules, seed, bots)
        t = LiveTable(table_id, game, players, stored_rules, seed, bots, self.store,
                      self.bot_delay)
        self.tables[table_id] = t
        return t

    @staticmethod
    def _rules_data(spec: GameSpec, data: dict[str, Any]) -> dict[str, Any]:
        """``{"preset", "options"}`` from a create request; ``target`` and ``deals`` (the
        series length) are shorthands for the game's options of those names."""
        presets = list(spec.presets) or ["standard"]
        preset = data.get("preset", presets[0])
        if preset not in presets:
            raise TableError("bad_options", f"unknown preset {preset!r} for {spec.name} "
                             f"(presets: {', '.join(presets)})")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise TableError("bad_options", "options must be an object")
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
                raise TableError("bad_bots", f"bot {b!r} does not play {spec.name} "
                                 f"(bots for {spec.name}: {', '.join(known)})")
        if all(out):
            raise TableError("bad_bots", "at least one seat must be for a person")
        return out

    def get(self, table_id: str) -> LiveTable:
        t = self.tables.get(table_id)
        if t is None:
            raise TableError("no_table", f"there is no table {table_id!r}")
        return t
