"""Live tables: a round of the engine per table, its seats, tokens, connections and bots.

The server is authoritative: every action is checked by the engine on a copy first, stored,
then applied and broadcast, so a failed write never leaves a half-applied game. A player only
ever receives messages built from ``view(seat)``; spectators get ``public_view()``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, bot_names, make_bot
from ..cards import card_token, parse_card
from ..games import get_game
from ..record import Record
from ..round import Round
from .store import Store, StoredDeal

log = logging.getLogger("binokel.web")

MAX_NICKNAME = 32


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


Sender = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    seat: int | None          # None: a spectator
    send: Sender


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
    round: Round | None = None
    deal_number: int = 0
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_players: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.spec = get_game(self.game)
        self.rules = self.spec.make_rules(self.rules_data)
        for seat, kind in enumerate(self.bots):
            if kind:
                self.bot_players[seat] = make_bot(kind, self.seed * 31 + seat)

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
        return token

    def name(self, seat: int) -> str:
        if self.bots[seat]:
            return f"{self.bots[seat]} (bot)"
        return self.nicknames.get(seat, "")

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "players": self.players,
            "rules": self.rules_data, "status": self.status,
            "seats": [{"seat": s, "nickname": self.nicknames.get(s), "bot": self.bots[s],
                       "taken": bool(self.bots[s]) or s in self.token_hashes}
                      for s in range(self.players)],
        }

    # ------------------------------------------------------------------ deals
    def start_if_full(self) -> bool:
        if self.round is not None or any(s not in self.token_hashes for s in self.human_seats):
            return False
        self.round = Round(self.rules, players=self.players, seed=self.seed, game=self.game)
        self.deal_number = 1
        self._store_deal()
        self.store.set_status(self.id, "playing")
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
        rnd = Round(self.rules, players=self.players, seed=self.seed, game=self.game)
        for i, d in enumerate(deals):
            if i:
                rnd.next_deal()
            rnd.current = self.spec.new_deal(self.rules, d.dealer,
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
        result = probe.result.to_json() if probe.is_over else None
        self.store.add_action(self.id, self.deal_number, len(state.history), seat, canonical,
                              result)
        self.round.apply(canonical)
        if self.round.is_over:
            self.store.set_status(self.id, "finished")

    # ------------------------------------------------------------------ messages
    def message_for(self, seat: int | None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "state", "table": self.info(), "you": seat,
                               "names": [self.name(s) for s in range(self.players)]}
        if self.round is None:
            msg["view"] = None
            return msg
        st = self.round.current
        view = st.public_view() if seat is None else st.view(seat)
        msg["view"] = view.to_json()
        msg["deal"] = self.deal_number
        msg["sheet"] = [{"deal": ln.deal, "dealer": ln.dealer, "scores": list(ln.scores),
                         "totals": list(ln.totals), "declarer": ln.declarer,
                         "contract": ln.contract, "bid": ln.bid, "made": ln.made}
                        for ln in self.round.sheet]
        msg["totals"] = list(self.round.totals)
        msg["winner"] = self.round.winner
        if st.is_over and st.result is not None:
            from ..present import present
            names = [self.name(s) for s in range(self.players)]
            msg["explanation"] = {lang: list(present(view, lang, names).result)
                                  for lang in ("de", "en")}
        return msg

    async def broadcast(self) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in list(self.connections):
            if conn.seat not in cache:
                cache[conn.seat] = self.message_for(conn.seat)
            try:
                await conn.send(cache[conn.seat])
            except Exception:  # a closed socket: it is removed by its own handler
                self.connections.discard(conn)

    # ------------------------------------------------------------------ bots
    def schedule_bots(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            rnd = self.round
            if rnd is None or rnd.current.is_over:
                return
            seat = rnd.current.to_move
            bot = self.bot_players.get(seat)
            if bot is None:
                return
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                if self.round is not rnd or rnd.current.is_over or \
                        rnd.current.to_move != seat:
                    continue
                try:
                    action = bot.choose(rnd.current.view(seat))
                    self.apply(seat, action)
                except Exception:  # pragma: no cover - a bot bug must not take the server down
                    # Logged without the view: it holds the bot's hidden cards.
                    log.exception("table %s: the bot at seat %d failed", self.id, seat)
                    return
            await self.broadcast()

    # ------------------------------------------------------------------ records
    def record(self, number: int) -> dict[str, Any]:
        deals = {d.number: d for d in self.store.deals(self.id)}
        d = deals.get(number)
        if d is None:
            raise TableError("no_deal", f"there is no deal {number}")
        if not d.finished:
            # The deck of a running deal is the hidden information of every player.
            raise TableError("not_over", "a record is available when the deal is over")
        rec = Record(game=self.game, players=self.players, rules=self.rules_data,
                     dealer=d.dealer, deck=tuple(d.deck), actions=tuple(d.actions),
                     extra={"names": [self.name(s) for s in range(self.players)],
                            "deal_number": number, "result": d.result})
        return rec.to_json()

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
            t = LiveTable(row.id, row.game, row.players, row.rules, row.seed, list(row.bots),
                          store, bot_delay)
            for seat_row in store.seats(row.id):
                t.token_hashes[seat_row.seat] = seat_row.token_hash
                t.nicknames[seat_row.seat] = seat_row.nickname
            t.restore(store.deals(row.id))
            self.tables[row.id] = t

    def create(self, data: Any) -> LiveTable:
        if not isinstance(data, dict):
            raise TableError("bad_request", "expected a JSON object")
        game = data.get("game", "binokel")
        if game not in ("binokel",):
            raise TableError("bad_game", f"the web game offers binokel only so far, not {game!r}")
        try:
            spec = get_game(str(game))
        except ValueError as e:
            raise TableError("bad_game", str(e)) from None
        players = data.get("players", spec.default_players)
        if not isinstance(players, int) or players not in spec.players:
            raise TableError("bad_players", f"{game} is for "
                             f"{' or '.join(map(str, spec.players))} players")
        rules_data = {"preset": data.get("preset", "standard"),
                      "options": data.get("options") or {}}
        if not isinstance(rules_data["options"], dict):
            raise TableError("bad_options", "options must be an object")
        if "target" in data and data["target"] is not None:
            rules_data["options"] = {**rules_data["options"], "target": data["target"]}
        try:
            rules = spec.make_rules(rules_data)
        except ValueError as e:
            raise TableError("bad_options", str(e)) from None
        bots = data.get("bots") or [None] * players
        if not isinstance(bots, list) or len(bots) != players:
            raise TableError("bad_bots", f"bots must list {players} entries (null = a person)")
        known = bot_names(str(game))
        for b in bots:
            if b is not None and b not in known:
                raise TableError("bad_bots",
                                 f"unknown bot {b!r} for {game} (known: {', '.join(known)})")
        if all(bots):
            raise TableError("bad_bots", "at least one seat must be for a person")
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or not 0 <= seed < 2**31:
            raise TableError("bad_seed", "seed must be a number 0..2^31-1")
        table_id = secrets.token_urlsafe(9)
        stored_rules = rules.to_dict() if hasattr(rules, "to_dict") else rules_data
        self.store.create_table(table_id, str(game), players, stored_rules, seed, bots)
        t = LiveTable(table_id, str(game), players, stored_rules, seed, bots, self.store,
                      self.bot_delay)
        self.tables[table_id] = t
        return t

    def get(self, table_id: str) -> LiveTable:
        t = self.tables.get(table_id)
        if t is None:
            raise TableError("no_table", f"there is no table {table_id!r}")
        return t
