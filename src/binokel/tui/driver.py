"""The terminal table's driver: a move applied to the round and the table drawn again, the
computer players' turns (searched in a worker thread), the deal booked and saved, and the
line above the hand that holds a note or a hint."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.timer import Timer
from textual.widgets import DataTable
from textual.widgets import Static

from ..bots import Bot
from ..core.state import by_seat
from ..play import BotTurn
from ..play import bot_turn
from ..play import interject
from ..present import Table
from ..record import Record
from .view import TableView


class TableDriver(TableView):
    """The part of :class:`~.app.TableApp` that moves the game on (its fields are set up
    there; the timings and ``decide_turn`` come from :mod:`.app`, where tests set them)."""

    note_seconds: float
    think_seconds: float
    decide_turn: Callable[[BotTurn, Bot], str]
    _bot_timer: Timer | str | None         # "thinking" while a worker searches
    _booked: bool
    _hint_moment: tuple[int, int] | None   # what the hint line is about
    _note_timer: Timer | None              # clears a note (not a hint)
    _think_timer: Timer | None             # says a slow bot is thinking

    def refresh_all(self) -> None:
        table = self.table()
        self.selected |= self.required_keys(table)
        if self._hint_moment is not None and self._hint_moment != self._moment():
            self.say_hint(None)
        self.render_status(table)
        self.render_seats(table)
        self.render_panels(table)
        if table.outcome is not None:
            self.render_result(table)
        elif not self.showing_last:
            # Before the first card of a trick the last one stays in view, so that a trick
            # that a bot's lead follows at once is still seen.
            shown = table.trick if table.trick.cards or table.last_trick is None \
                else table.last_trick
            self.render_trick(shown)
        self.render_hand(table)
        self.render_actions(table)
        self.number_widgets(table)
        self.render_log(table)
        self.schedule_bot()

    def render_log(self, table: Table) -> None:
        while self.logged < len(table.log):
            self.write_log(table.log[self.logged])
            self.logged += 1
        if self.state.is_over and not self._booked:
            self._booked = True
            for line in table.result:
                self.write_log(Text(line, style="bold"))
            self.after_deal()

    def record_path(self) -> Path:
        """A new file for the deal's record: the game, the session's start time and the
        deal number, with a counter when such a file exists (never overwritten)."""
        assert self.config.save_dir is not None
        base = f"{self.config.game}-{self.session}-{len(self.round.sheet):03d}"
        k = 1
        while True:
            path = self.config.save_dir / (base + (f"-{k}" if k > 1 else "") + ".json")
            try:
                with path.open("x", encoding="utf-8"):
                    return path
            except FileExistsError:
                k += 1

    def after_deal(self) -> None:
        state = self.state
        if self.config.save_dir is not None:
            self.config.save_dir.mkdir(parents=True, exist_ok=True)
            path = self.record_path()
            # The result too: it tells a later version how this one scored the deal.
            result = state.result.to_json() if state.result is not None else None
            Record.from_state(state, names=self.names, result=result,
                              **{"x-lang": self.lang}).save(path)
            self.saved_paths.append(path)
            self.write_log(self.t["saved"].format(path=path))
        sheet = self.query_one("#sheet", DataTable)
        line = self.round.sheet[-1]
        sheet.add_row(str(line.deal), *[f"{s:+d} = {tot}" for s, tot in
                                        zip(line.scores, line.totals, strict=True)])
        if self.round.is_over and self.round.winner is not None:
            msg = self.t["round_over"].format(name=self.names[self.round.winner])
            self.write_log(msg)
            self.notify(msg, timeout=10)

    def schedule_bot(self) -> None:
        # The bots that speak out of turn (announcements at any time) answer at once: they
        # only weigh their hands, which takes no time, and an announcement never ends a deal
        # (so the series has nothing to book).
        if self._bot_timer is None and not self.state.is_over \
                and interject(self.state, self.bots):
            self.refresh_all()
            return
        if self._bot_timer is not None or bot_turn(self.state, self.bots) is None:
            return
        self._bot_timer = self.set_timer(self.config.bot_delay, self.bot_move)

    def bot_move(self) -> None:
        self._bot_timer = None
        if not self.query("#status"):  # the app is closing: its screen is already gone
            return
        turn = bot_turn(self.state, self.bots)
        if turn is None:
            return
        # A searching bot thinks for up to seconds: in a worker thread, so that the table
        # keeps answering keys (the last trick, help, quit) meanwhile.
        self._bot_timer = "thinking"  # no second bot move is scheduled until this one is in
        # The strong players search for seconds at a deal's first card or a bid: say so, so
        # that the wait does not look like a hung game.
        moment = self._moment()
        self._think_timer = self.set_timer(
            self.think_seconds, lambda: self._show_thinking(moment))

        def think() -> None:
            try:
                action = self.decide_turn(turn, self.bots[turn.seat])
            except Exception as e:  # a bot bug is shown, not a crash of the whole game
                with contextlib.suppress(RuntimeError):
                    self.call_from_thread(self.notify, f"{self.names[turn.seat]}: {e!r}",
                                          severity="error", timeout=30)
                return
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                self.call_from_thread(self._bot_answer, turn, action)

        self.run_worker(think, thread=True, exit_on_error=False, group="bots")

    def _show_thinking(self, moment: tuple[int, int]) -> None:
        if self._bot_timer != "thinking" or moment != self._moment() \
                or not self.query("#status"):   # not while the app is closing
            return
        self.render_status(self.table(), thinking=True)

    def _bot_answer(self, turn: BotTurn, action: str) -> None:
        self._bot_timer = None
        if self._think_timer is not None:
            self._think_timer.stop()
            self._think_timer = None
        if turn.still_current(self.state):
            self.apply(action)
        else:  # the deal moved on while the bot thought (a new round): ask again
            self.schedule_bot()

    def apply(self, action: str) -> None:
        state, me = self.state, self.config.human
        mine = not state.is_over and state.to_move == me
        if not state.is_over and not mine and me in range(state.players) \
                and action in state.interjections(me):
            action = by_seat(me, action)   # said out of turn (an announcement at any time)
        try:
            self.round.apply(action)
        except ValueError as e:
            self.note(str(e))
            return
        if mine and self._note_timer is not None:
            self.say_hint(None)
        self.selected.clear()
        self.refresh_all()

    def say_hint(self, text: Text | str | None) -> None:
        """The line above the hand that holds the hint for the moment it was asked in (a
        toast would cover the hand on a small screen); None clears it."""
        self._say(text, refusal=False)
        self._hint_moment = self._moment() if text is not None else None

    def note(self, text: str) -> None:
        """A word on the player's own choice (the card he may not play and why, a key that
        does nothing) in the line above the hand, where he is looking: a toast covers the
        hand on a small screen, the very cards the word is about. It stays
        :data:`~.app.NOTE_SECONDS`, until his next move or until a hint replaces it."""
        self._say(text, refusal=True)
        self._hint_moment = None
        self._note_timer = self.set_timer(self.note_seconds, lambda: self.say_hint(None))

    def _say(self, text: Text | str | None, refusal: bool) -> None:
        if self._note_timer is not None:
            self._note_timer.stop()
            self._note_timer = None
        line = self.query_one("#note-line", Static)
        line.update(text or "")
        line.set_class(text is not None, "shown")
        line.set_class(refusal and text is not None, "refusal")


__all__ = ["TableDriver"]
