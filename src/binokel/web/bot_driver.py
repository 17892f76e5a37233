"""The bot driver of a live table: its computer players and the stand-ins of people away
move by themselves, and the turn clock marks away whoever does not act in time.

One part of :class:`binokel.web.tables.LiveTable` (one concern each, as lila's ``round``
module). It runs only in the process that drives the table (``table.driver``); every move
it makes goes through the table's own ``apply`` under the table's lock, like a person's,
in a worker thread (:func:`binokel.web.table_base.off_loop`); what it reads of the table
it reads under the lock too, never while a change is half done.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from typing import TYPE_CHECKING
from typing import Any

from ..bots import Bot
from ..bots import make_bot
from ..core.series import Series
from ..play import BotTurn
from ..play import bot_turn
from ..play import decide
from ..play import decide_interjection
from ..play import interjection_turns
from .table_base import TableError
from .table_base import off_loop

if TYPE_CHECKING:
    from .tables import LiveTable

log = logging.getLogger("binokel.web")


class BotDriver:
    """Moves ``table`` on where no person is to act, and runs its turn clock."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.bot_players: dict[int, Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.timer_key: tuple[Any, ...] | None = None   # what the running ``timer`` waits for
        self.timer_limit: float = 0                     # and the seconds it was given
        # what the timer started when it ran out
        self.clock_task: asyncio.Task[None] | None = None
        # The bots' own randomness (not the deals'): from the seed when one was chosen.
        base = table.seed if table.seed is not None else secrets.randbelow(2**31)
        for seat, kind in enumerate(table.bots):
            if kind:
                self.bot_players[seat] = make_bot(kind, base * 31 + seat, game=table.game)

    def stop(self) -> None:
        """The bots and the clock stop here (the table closed, or another process drives
        it now)."""
        if self.bot_task is not None:
            self.bot_task.cancel()
        self.stop_timer()

    def active_bots(self) -> dict[int, Bot]:
        """Who moves by itself: the table's bots and a stand-in at every empty or away seat
        of a started table."""
        bots = dict(self.bot_players)
        if self.table.round is not None:
            for s in self.table.seats.human_seats:
                if s not in self.table.seats.present_seats:
                    bots[s] = self.table.seats.stand_in(s)
        return bots

    def schedule(self) -> None:
        """Let the bots (and stand-ins) move, and start the turn clock of a person (only
        in the process that drives the table)."""
        if self.table.closed or not self.table.driver:
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._run_bots())
        self.arm_timer()

    def arm_timer(self) -> None:
        """With a turn timeout, the clock of the person the table waits for:

        - a person to move who does not act in time is marked away: a stand-in bot plays
          his seat until he comes back ({"type": "back"}, or any action of his);
        - after a deal, whoever is not ready for the next one in time: at an ordinary table
          he is marked away likewise and the next deal starts without waiting for him; at a
          duplicate round's table (which must be played to its end) he is taken as ready.

        The clock runs from the moment the table started waiting for the position: it is
        armed again only when the position changes (another move, the next deal), not on
        every message in between (a chat line, another person's "ready")."""
        key = self._timer_key()
        limit = self.table.settings.get("turn_timeout")
        if key is not None and (key, limit) == (self.timer_key, self.timer_limit) and \
                self.timer is not None:
            return   # this position's clock runs already
        self.stop_timer()
        if key is None or not limit:
            return
        self.timer_key, self.timer_limit = key, limit
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self.timer = self.timer_key = None
            # (kept: a task nobody references may be collected before it ends)
            self.clock_task = loop.create_task(
                self._time_out(key[3], (key[1], key[2])) if key[0] == "turn"
                else self._deal_on(key[1]))
        self.timer = loop.call_later(limit, fire)

    def _timer_key(self) -> tuple[Any, ...] | None:
        """What the turn clock waits for now: ``("turn", deal, move, seat)``, ``("next",
        deal)`` after a deal somebody present is not ready for, or None (no clock: no
        timeout, a bot's or an away person's turn, nothing to wait for)."""
        t = self.table
        rnd = t.round
        if not t.settings.get("turn_timeout") or rnd is None or t.closed:
            return None
        st = rnd.current
        if st.is_over:
            if t.deck_orders is not None and t.deal_number >= len(t.deck_orders):
                return None   # a duplicate round's last deal: nothing follows
            if all(s in t.ready for s in t.seats.present_seats):
                return None
            return ("next", t.deal_number)
        if st.to_move not in t.seats.present_seats:
            return None
        return ("turn", t.deal_number, len(st.history), st.to_move)

    def stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = self.timer_key = None

    async def _deal_on(self, number: int) -> None:
        """Deal ``number`` ended a turn timeout ago: the next one starts, ready or not.
        At an ordinary table whoever is not ready is marked away (a stand-in bot plays for
        him until he comes back); at a duplicate round's table he is taken as ready."""
        async with self.table.lock:
            rnd = self.table.round
            if rnd is None or self.table.deal_number != number or not rnd.current.is_over:
                return
            # Changed elsewhere meanwhile (the copy is reloaded): the clock starts anew.
            with contextlib.suppress(TableError):
                await off_loop(self._deal_on_now)
        await self.table.broadcast()
        self.schedule()

    def _deal_on_now(self) -> None:
        """:meth:`_deal_on`'s change (under the table's lock, in a worker thread)."""
        late = [s for s in self.table.seats.present_seats
                if s not in self.table.ready and s not in self.table.restart]
        if self.table.deck_orders is not None:
            for seat in late:
                if self.table.deals.ready_next(seat):
                    break
        elif late:
            for seat in late:
                self.table.seats.set_away(seat, True)
            self.table.deals.ready_next(None)   # the others are ready: the next deal starts

    async def _time_out(self, seat: int, at: tuple[int, int]) -> None:
        async with self.table.lock:
            rnd = self.table.round
            if rnd is None or (self.table.deal_number, len(rnd.current.history)) != at or \
                    seat not in self.table.seats.present_seats:
                return
            # Changed elsewhere meanwhile (the copy is reloaded): the clock starts anew.
            with contextlib.suppress(TableError):
                await off_loop(functools.partial(self.table.seats.set_away, seat, True))
        await self.table.broadcast()
        self.schedule()

    async def _run_bots(self) -> None:
        while True:
            async with self.table.lock:
                rnd = self.table.round
                if rnd is None:
                    return
                over = rnd.current.is_over
                # Nobody present to say ready (every person left or away): deal on alone?
                # No: a table of stand-ins only waits for a person to come back; only a
                # duplicate round's table deals on.
                if over and (self.table.deck_orders is None or not self.table.deals.alone()
                             or self.table.deal_number >= len(self.table.deck_orders)):
                    return
            if over:
                await asyncio.sleep(self.table.bot_delay)
                async with self.table.lock:
                    if self.table.round is rnd and rnd.current.is_over and self.table.deals.alone():
                        with contextlib.suppress(TableError):
                            await off_loop(functools.partial(self.table.deals.ready_next, None))
                await self.table.broadcast()
                continue
            if await self._interjections(rnd):
                continue   # a bot spoke out of turn: look at the new position
            async with self.table.lock:
                if bot_turn(rnd.current, self.active_bots()) is None:
                    return
            await asyncio.sleep(self.table.bot_delay)
            async with self.table.lock:
                bots = self.active_bots()
                turn = bot_turn(rnd.current, bots)
                if self.table.round is not rnd or turn is None:
                    continue
            bot = bots[turn.seat]
            try:
                # In a worker thread: a searching bot thinks for up to seconds, and on the
                # event loop that would stall every table of the server meanwhile.
                action = await asyncio.to_thread(decide, turn, bot)
            except Exception:  # pragma: no cover - a bot bug must not take the server down
                if not self._still_at(rnd, turn):
                    continue  # the deal moved on while it thought: think again
                # Logged without the view: it holds the bot's hidden cards.
                log.exception("table %s: the bot at seat %d failed", self.table.id, turn.seat)
                return
            async with self.table.lock:
                if not self._still_at(rnd, turn) or turn.seat not in self.active_bots():
                    continue  # the deal moved on meanwhile, or the person took over
                stale = False
                try:
                    await off_loop(functools.partial(self.table.apply, turn.seat, action,
                                                     check_move=False))
                except TableError as e:
                    if e.code != "stale":
                        log.exception("table %s: the bot at seat %d failed", self.table.id,
                                      turn.seat)
                        return
                    # Another process moved the table on (the copy is reloaded): look
                    # again at the new position, once the connections have it.
                    stale = True
                except Exception:  # pragma: no cover - as above
                    log.exception("table %s: the bot at seat %d failed", self.table.id, turn.seat)
                    return
            await self.table.broadcast()
            if not stale:
                self.arm_timer()

    async def _interjections(self, rnd: Series) -> bool:
        """Ask the bots that may speak out of turn now (Doppelkopf's announcements at any
        time, :func:`binokel.play.interject`); True when one did (its words are in)."""
        async with self.table.lock:
            bots = self.active_bots()
            turns = interjection_turns(rnd.current, bots) if self.table.round is rnd else []
        for turn in turns:
            try:
                action = await asyncio.to_thread(decide_interjection, turn, bots[turn.seat])
            except Exception:  # pragma: no cover - a bot bug must not take the server down
                log.exception("table %s: the bot at seat %d failed", self.table.id, turn.seat)
                continue
            if action is None:
                continue
            async with self.table.lock:
                if not self._still_at(rnd, turn) or turn.seat not in self.active_bots():
                    return True   # the deal moved on meanwhile: ask again
                try:
                    await off_loop(functools.partial(self.table.apply, turn.seat, action,
                                                     check_move=False))
                except TableError:
                    log.exception("table %s: the bot at seat %d failed", self.table.id, turn.seat)
                    continue
            await self.table.broadcast()
            return True
        return False

    def _still_at(self, rnd: Series, turn: BotTurn) -> bool:
        """Whether the table is still at the position a bot was asked about."""
        return self.table.round is rnd and turn.still_current(rnd.current)
