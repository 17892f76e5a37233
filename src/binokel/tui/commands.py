"""The terminal table's commands: what a key, a click, a typed number or a typed bid does
(only legal actions reach the game; everything else is answered with a note), the hint
(key t) and the help screen."""

from __future__ import annotations

import contextlib
from collections import Counter

from rich.text import Text
from textual.events import Key
from textual.timer import Timer
from textual.widgets import Button
from textual.widgets import Input

from ..core.cards import parse_card
from ..hints import MAX_HINT_BUDGET
from ..hints import Hint
from ..hints import hint
from ..present import help_text
from ..present import table_rules_text
from .driver import TableDriver
from .widgets import ActionButton
from .widgets import CardButton
from .widgets import HelpScreen

HINT_VALUES_SHOWN = 6    # a hint says the values of this many best choices


class TableCommands(TableDriver):
    """The part of :class:`~.app.TableApp` that answers the player (its fields are set up
    there)."""

    number_wait: float
    _digits: str
    _digit_timer: Timer | None
    _hinting: bool

    def on_button_pressed(self, event: Button.Pressed) -> None:
        b = event.button
        if isinstance(b, CardButton):
            self.card_clicked(b)
        elif isinstance(b, ActionButton):
            if b.engine_action == "next":
                self.action_next_deal()
            elif b.engine_action == "select":
                self.confirm_selection()
            else:
                self.apply(b.engine_action)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        table = self.table()
        rng = table.choices.bid
        if rng is None:
            return
        value = event.value.strip()
        if not value.isdigit() or f"{rng.verb} {value}" not in self.state.legal_actions():
            self.note(self.t["bad_bid"].format(low=rng.low, high=rng.high, step=rng.step))
            return
        self.apply(f"{rng.verb} {value}")

    def card_clicked(self, b: CardButton) -> None:
        table = self.table()
        if self.state.is_over:
            self.note(self.t["over_next"])
            return
        if not table.my_turn:
            self.note(self.t["not_now"])
            return
        ch = table.choices
        if ch.select is not None and b.where == "hand":
            key = (b.token, b.card_index)
            if key in self.required_keys(table):
                self.note(ch.select.hint)
                return
            if key in self.selected:
                self.selected.discard(key)
            elif len(self.selected) < ch.select.count:
                self.selected.add(key)
                warning = next((c.warning for c in table.cards if c.card == b.token), "")
                if warning:
                    self.note(warning)
            self.render_hand(table)
            self.render_actions(table)
            self.number_widgets(table)
            return
        if ch.cards is not None and b.token in ch.cards.cards:
            self.apply(f"{ch.cards.verb} {b.token}")
            return
        reason = next((c.reason for c in table.cards if c.card == b.token and c.reason), "")
        hint = reason or (ch.cards.hint if ch.cards is not None else "") or (
            ch.select.hint if ch.select is not None else self.t["your_turn"])
        self.note(hint)

    def confirm_selection(self) -> None:
        ch = self.table().choices
        if ch.select is None:
            return
        tokens = sorted((tok for tok, _ in self.selected),
                        key=lambda x: (parse_card(x) >> 3, -(parse_card(x) & 7)))
        self.apply(f"{ch.select.verb} " + " ".join(tokens))

    def action_last_trick(self) -> None:
        table = self.table()
        if table.last_trick is None:
            self.note(self.t["no_last"])
            return
        self.showing_last = True
        self.render_trick(table.last_trick)

        def back() -> None:
            self.showing_last = False
            self.render_trick(self.table().trick)
        self.set_timer(3.0, back)

    def action_next_deal(self) -> None:
        if not self.state.is_over or self.round.is_over:
            if self.round.is_over:
                self.notify(self.t["round_over"].format(name=self.names[self.round.winner or 0]))
            return
        self.round.next_deal()
        self.selected.clear()
        self.logged = 0
        self._booked = False
        self.write_log("—" * 20)
        self.refresh_all()

    def action_toggle_log(self) -> None:
        """Show or hide the log and the score sheet (a narrow screen has no room for both)."""
        self.screen.toggle_class("show-log")
        self.call_after_refresh(self.rewrap_log)

    def action_help(self) -> None:
        # the round's rules, as chosen: a deal's own (Bock level, ...) are the series' doing
        rules = table_rules_text(self.spec.name, self.round.rules, self.lang)
        self.push_screen(HelpScreen(self.t["help_keys"] + "\n\n" + rules + "\n\n"
                                    + help_text(self.spec.name, self.lang)))

    def on_key(self, event: Key) -> None:
        if isinstance(self.focused, Input):
            return
        if event.character is not None and event.character.isdigit():
            event.stop()
            self.digit(event.character)
            return
        if event.key in ("l", "n", "q", "g", "h", "tab", "shift+tab", "enter", "space", "left",
                         "right", "up", "down", "escape", "ctrl+q", "ctrl+c"):
            return
        if event.key == "t":
            if not self.config.hints:
                self.note(self.t["hints_off"])
            return
        self.note(self.t["bad_key"].format(key=event.key))

    def digit(self, d: str) -> None:
        """A digit typed: choose that number at once when no longer number can start with
        the digits typed so far, else wait a moment for the next digit."""
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None
        self._digits += d
        n = int(self._digits)
        if n * 10 > len(self.numbered) or len(self._digits) >= 2:
            self.choose_number()
        else:
            self._digit_timer = self.set_timer(self.number_wait, self.choose_number)

    def choose_number(self) -> None:
        self._digit_timer = None
        digits, self._digits = self._digits, ""
        n = int(digits or "0")
        if not 1 <= n <= len(self.numbered):
            self.note(self.t["bad_number"].format(n=n))
            return
        widget = self.numbered[n - 1]
        widget.focus()
        widget.press()

    def action_hint(self) -> None:
        """The strong player's choice for me now and what each choice is worth (key t,
        where the game was started with hints): searched in a worker thread, as the bots
        think, since a hint may take a second or two."""
        if self.state.is_over or not self.table().my_turn:
            self.note(self.t["not_now"])
            return
        if self._hinting:
            return
        self._hinting = True
        view, moment = self.state.view(self.config.human), self._moment()
        self.say_hint(Text(self.t["hint_thinking"], style="italic"))

        def think() -> None:
            try:
                answer = hint(view, MAX_HINT_BUDGET, seed=moment[0], lang=self.lang)
            except Exception as e:  # a bot bug is shown, not a crash of the whole game
                with contextlib.suppress(RuntimeError):
                    self.call_from_thread(self._hint_failed, e)
                return
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                self.call_from_thread(self.show_hint, answer, moment)

        self.run_worker(think, thread=True, exit_on_error=False, group="hint")

    def _hint_failed(self, e: Exception) -> None:
        self._hinting = False
        self.say_hint(None)
        self.notify(f"{self.t['key_hint']}: {e!r}", severity="error", timeout=30)

    def show_hint(self, answer: Hint, moment: tuple[int, int]) -> None:
        """Say the hint above the hand and mark the suggested card or button (unless the
        game moved on while it was searched)."""
        self._hinting = False
        if moment != self._moment():
            self.say_hint(None)
            return
        table = self.table()
        words = self.words_for(table, answer.action)
        ranked = sorted(answer.values.items(), key=lambda kv: -kv[1])[:HINT_VALUES_SHOWN]
        said = " · ".join(f"{self.words_for(table, a)} {v:.1f}" for a, v in ranked)
        text = self.t["hint_says"].format(a=words)
        if said:
            text += f" ({said}; {answer.unit})"
        # the card (its first copy where the hand holds two) or the button
        for w in [*self.hand_buttons, *self.table_buttons, *self.action_widgets]:
            if (isinstance(w, CardButton) and answer.action.partition(" ")[2] == w.token) \
                    or (isinstance(w, ActionButton) and w.engine_action == answer.action):
                w.add_class("suggested")
                break
        self.say_hint(text)

    def press_action(self, action: str) -> None:
        """Perform ``action`` as the human would, by clicking what the table offers (used by
        the tests): a card, a button, a selection of cards, or a typed bid."""
        table = self.table()
        ch = table.choices
        verb, _, arg = action.partition(" ")
        # Only the widgets of the latest render: the ones it replaced may still be in the DOM
        # until their removal has run, and a press on one of them is lost.
        if ch.cards is not None and verb == ch.cards.verb and arg in ch.cards.cards:
            for b in [*self.hand_buttons, *self.table_buttons]:
                if isinstance(b, CardButton) and b.token == arg:
                    b.press()
                    return
        if ch.select is not None and verb == ch.select.verb:
            # as a person does: the cards it must hold are selected already, the rest clicked
            need, chosen = Counter(ch.select.required), Counter(arg.split())
            if need - chosen:
                raise AssertionError(f"{action!r} leaves out a card the selection must hold")
            self.selected = self.required_keys(table)
            for tok in (chosen - need).elements():
                k = sum(1 for s, _ in self.selected if s == tok)
                self.selected.add((tok, k))
            self.confirm_selection()
            return
        for ab in self.action_widgets:
            if isinstance(ab, ActionButton) and ab.engine_action == action:
                ab.press()
                return
        if ch.bid is not None and verb == ch.bid.verb:
            box = self.query_one("#bid-input", Input)
            box.value = arg
            self.on_input_submitted(Input.Submitted(box, arg))
            return
        raise AssertionError(f"the table offers no way to do {action!r}")


__all__ = ["HINT_VALUES_SHOWN", "TableCommands"]
