"""The seats of a live table and their people: names, seat tokens and their expiry, who is
away (a stand-in bot plays his seat), who returns after the trick, who left.

One part of :class:`binokel.web.tables.LiveTable` (one concern each, as lila's ``round``
module). A change of a seat is decided here and written through the table's row lock
(:meth:`LiveTable.locked`); the questions about seats (who is present, whose token is
this, what is a seat called) need neither a database nor a socket.
"""

from __future__ import annotations

import hmac
import secrets
from datetime import datetime
from datetime import timedelta
from typing import TYPE_CHECKING
from typing import Any

from ..bots import Bot
from ..bots import make_bot
from ..present import bot_name
from ..registry import find_game
from .rated import seat_account
from .rated import seats_of
from .store import Snapshot
from .store import aware
from .store import now
from .table_base import TableError
from .table_base import clean_nickname
from .table_base import hash_token
from .table_base import is_int

if TYPE_CHECKING:
    from .tables import LiveTable


class Seats:
    """The people at ``table``'s seats (a computer player's seat is the table's ``bots``)."""

    def __init__(self, table: LiveTable) -> None:
        self.table = table
        self.nicknames: dict[int, str] = {}
        self.token_hashes: dict[int, str] = {}
        self.expires: dict[int, datetime] = {}
        self.away: set[int] = set()    # people's seats a stand-in bot plays
        self.stand_ins: dict[int, Bot] = {}
        # away seats whose person asked to play again (or who were taken over) in the
        # middle of a trick: the stand-in finishes the trick, then they play (see
        # :meth:`take_back`)
        self.returning: set[int] = set()
        # seats their person left at a running table (stored as ``left``): the only seats
        # of a person that somebody else may take over
        self.left: set[int] = set()

    def forget(self) -> None:
        """Before the table is read anew from the store: no person known."""
        self.token_hashes.clear()
        self.nicknames.clear()
        self.expires.clear()
        self.away.clear()

    @property
    def human_seats(self) -> list[int]:
        return [s for s in range(self.table.players) if not self.table.bots[s]]

    @property
    def present_seats(self) -> list[int]:
        """The people's seats whose person plays (not away, not left)."""
        return [s for s in self.human_seats if s in self.token_hashes and s not in self.away]

    def stand_in(self, seat: int) -> Bot:
        bot = self.stand_ins.get(seat)
        if bot is None:
            kind = find_game(self.table.game).default_bot
            bot = self.stand_ins[seat] = make_bot(kind, secrets.randbelow(2**31),
                                                  game=self.table.game)
        return bot

    def set_away(self, seat: int, away: bool) -> None:
        """A person stops playing (a turn timeout: a stand-in bot plays his seat) or comes
        back and takes his seat over again."""
        if (seat in self.away) == away:
            return
        with self.table.locked() as tx:
            if away:
                tx.set_seat(seat, away=True)
            else:   # back at his seat: it is no longer one he left
                tx.set_seat(seat, away=False, left=False)
            tx.bump()
        if away:
            self.away.add(seat)
            self.returning.discard(seat)
        else:
            self.away.discard(seat)
            self.left.discard(seat)
        self.table.touch()

    def between_tricks(self) -> bool:
        """Whether a seat may change hands now: before the first deal, after a deal, or
        between two tricks (no card of the current trick played yet)."""
        if self.table.round is None:
            return True
        state = self.table.round.current
        return state.is_over or not state.public_view().trick

    def take_back(self, seat: int) -> None:
        """The person of an away seat plays it again (his "back", or his own action),
        between tricks only: asked in the middle of a trick, the stand-in plays the trick
        to its end and the person takes over before the next one begins."""
        if seat in self.away and not self.between_tricks():
            if seat not in self.returning:
                self.returning.add(seat)
                self.table.touch()
            return
        self.returning.discard(seat)
        self.set_away(seat, False)

    def returns(self) -> None:
        """After an action: the people waiting for the end of a trick take their seats."""
        if self.returning and self.between_tricks():
            for seat in sorted(self.returning):
                self.returning.discard(seat)
                self.set_away(seat, False)

    def release(self, seat: Any, owner_token: Any) -> None:
        """The table's creator (his ``owner_token``, from the create request's answer)
        hands on the seat of a person who is away (timed out, or gone without a word):
        from now on it is a seat its person left (:meth:`leave`), and anybody with the
        table's link may take it over between tricks; its person's token still takes it
        back until then. Refused for a present person's seat, a computer player's, a seat
        already free, a waiting table and a duplicate round's table."""
        if not is_int(seat) or not 0 <= seat < self.table.players:
            raise TableError("bad_seat", f"seat must be 0..{self.table.players - 1}")
        if not isinstance(owner_token, str) or len(owner_token) > 100:
            raise TableError("forbidden", "only the table's creator may hand a seat on "
                             "(his owner token)")
        if self.table.round is None or self.table.deck_orders is not None:
            raise TableError("not_running", "seats are handed on at a running table that "
                             "is not a duplicate round's")
        if self.table.bots[seat] or seat not in self.token_hashes:
            raise TableError("bad_seat", f"seat {seat} is no person's seat")
        if seat not in self.away:
            raise TableError("present", f"seat {seat}'s person is at the table; only a "
                             "seat whose person is away is handed on")
        with self.table.locked() as tx:
            stored = tx.row.owner_hash
        if stored is None or not hmac.compare_digest(stored, hash_token(owner_token)):
            raise TableError("forbidden", "only the table's creator may hand a seat on "
                             "(his owner token)")
        if seat not in self.left:   # handed on already: nothing to write
            self.leave(seat)        # as if its person had left it

    def leave(self, seat: int) -> None:
        """The person at ``seat`` gives it up. In a started table (not a duplicate round's)
        the seat keeps his name and a stand-in bot plays it ("Anna (computer)"): his token
        still holds it, so the same browser or his seat link takes it back between tricks,
        and anyone with the table's link may take it over (:meth:`join`); it no longer
        counts against his address. Elsewhere the seat is free at once."""
        self.returning.discard(seat)
        if self.table.round is not None and self.table.deck_orders is None:
            with self.table.locked() as tx:
                tx.set_seat(seat, away=True, holder=None, left=True)
                tx.bump()
            self.away.add(seat)
            self.left.add(seat)
            self.table.ready.discard(seat)
            self.table.restart.discard(seat)
            self.table.touch()
            return
        with self.table.locked() as tx:
            tx.remove_seat(seat)
            tx.bump()
        self.token_hashes.pop(seat, None)
        self.nicknames.pop(seat, None)
        self.expires.pop(seat, None)
        self.away.discard(seat)
        self.table.ready.discard(seat)
        self.table.restart.discard(seat)
        self.table.touch()

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` holds, unless it has expired."""
        h = hash_token(token)
        t = now()
        for seat, th in self.token_hashes.items():
            if secrets.compare_digest(th, h):
                exp = self.expires.get(seat)
                return seat if exp is None or exp > t else None
        return None

    def renew(self, seat: int) -> None:
        """The token of ``seat`` was used: it holds the seat for another ``token_ttl``
        (stored at most once an hour)."""
        new = now() + timedelta(seconds=self.table.limits.token_ttl)
        old = self.expires.get(seat)
        if old is not None and new - old < timedelta(hours=1):
            return
        with self.table.locked() as tx:
            tx.set_seat(seat, expires_at=new)
        self.expires[seat] = new

    def _may_join(self, seat: Any, account: str | None) -> bool:
        """Refuse a join that may not be (:class:`TableError`); whether it takes over a
        seat its person left."""
        if not is_int(seat) or not 0 <= seat < self.table.players:
            raise TableError("bad_seat", f"seat must be 0..{self.table.players - 1}")
        rated = bool(self.table.settings.get("rated"))
        if rated and account is None:
            raise TableError("login_required", "a rated table seats logged-in players "
                             "only; log in, or watch as a guest")
        if self.table.bots[seat]:
            raise TableError("seat_taken", f"seat {seat} is played by a bot")
        if self.table.deck_orders is not None and self.table.round is not None:
            # The tournament seats its players; a seat given up is played by a stand-in.
            raise TableError("seat_taken", "the seats of a duplicate round are the "
                             "tournament's")
        if seat not in self.token_hashes:
            return False
        # A seat its person left (a stand-in plays it) may be taken over by anyone with the
        # table's link, between tricks; his token then holds it no more. A seat whose person
        # only timed out stays his.
        if self.table.round is None or seat not in self.left:
            raise TableError("seat_taken", f"seat {seat} is taken")
        if rated and not self.table.round.current.is_over:
            # Whoever holds the seat when a rated deal ends is rated for it: taken over in
            # the middle, a player about to lose could hand his loss to a friend.
            raise TableError("seat_taken", f"seat {seat} of a rated deal changes hands "
                             "when the deal is over")
        return True

    def join(self, seat: Any, nickname: Any, holder: str | None = None,
             account: str | None = None) -> str:
        """Take ``seat`` (starting the table when it was the last free one); the new
        seat token, shown only to the one who joined. ``holder``: the joining client's
        hashed address, who may hold at most ``limits.seats_per_client`` seats at once,
        counted over every server process (429 ``too_many_seats``). ``account``: the
        logged-in joiner's account id (a rated table seats nobody else)."""
        over = self._may_join(seat, account)
        # In the middle of a trick the stand-in plays it to its end first (``returning``).
        later = over and not self.between_tricks()
        name = clean_nickname(nickname)
        token = secrets.token_urlsafe(24)
        h = hash_token(token)
        expires = now() + timedelta(seconds=self.table.limits.token_ttl)
        full = all(s in self.token_hashes or s == seat for s in self.human_seats)
        fresh = self.table.deals.dealt(self.table.deals.new_series(1), self.table.deal_number + 1) \
            if full and self.table.round is None else None
        with self.table.locked() as tx:
            limit = self.table.limits.seats_per_client
            if holder is not None and tx.seats_held(holder) >= limit:
                raise TableError("too_many_seats", f"at most {limit} seats at once from "
                                 "one address; leave one first")
            if over:
                tx.remove_seat(seat)
            if self.table.settings.get("rated") and account is not None and any(
                    s != seat and s in self.token_hashes
                    for s in seats_of(tx.s, self.table.id, account)):
                # one key holds one seat of a rated deal: two would rate him against himself
                raise TableError("already_seated", "an account takes one seat of a rated "
                                 "table; you sit here already")
            tx.add_seat(seat, name, h, expires, holder)
            seat_account(tx.s, self.table.id, seat, account)
            if later:
                tx.set_seat(seat, away=True)
            if fresh is not None:
                self.table.deals.store(tx, fresh, self.table.deal_number + 1, 1)
                tx.row.series = 1
            tx.bump("playing" if fresh is not None else None)
        self.left.discard(seat)
        if later:
            self.returning.add(seat)
        else:
            self.stand_ins.pop(seat, None)
            self.away.discard(seat)
        self.token_hashes[seat] = h
        self.nicknames[seat] = name
        self.expires[seat] = expires
        if fresh is not None:
            self.table.round, self.table.series_number = fresh, 1
            self.table.deal_number += 1
        self.table.touch()
        return token

    def name(self, seat: int) -> str:
        if self.table.bots[seat]:
            given = self.table.settings.get("bot_names")   # set by the server only (duplicate)
            name = given[seat] if isinstance(given, list) and seat < len(given) else None
            if isinstance(name, str):
                return name
            # A first name per bot in seat order, as the lobby names them; the level is
            # the table's to show (``levels``), so records keep a plain name.
            return bot_name(sum(1 for s in range(seat) if self.table.bots[s]))
        return self.nicknames.get(seat, "")

    def levels(self) -> list[str]:
        """Each seat's bot kind ("" for a person), for the table's "Lina (strong)"; a
        person's seat a stand-in plays reads "Anna (computer)"."""
        return [b or ("computer" if self.table.round is not None and s not in self.present_seats
                      else "") for s, b in enumerate(self.table.bots)]

    def names(self) -> list[str]:
        return [self.name(s) for s in range(self.table.players)]

    def load(self, snap: Snapshot) -> None:
        """The seats' people, tokens and away marks as stored."""
        self.token_hashes.clear()
        self.nicknames.clear()
        self.expires.clear()
        self.away.clear()
        self.left.clear()
        for seat_row in snap.seats:
            self.token_hashes[seat_row.seat] = seat_row.token_hash
            self.nicknames[seat_row.seat] = seat_row.nickname
            if seat_row.expires_at is not None:
                self.expires[seat_row.seat] = aware(seat_row.expires_at)
            if seat_row.away:
                self.away.add(seat_row.seat)
            if seat_row.left:
                self.left.add(seat_row.seat)   # left (:meth:`leave`), not timed out
