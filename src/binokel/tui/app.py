"""The terminal game: one person against computer players, a whole round (or series) of any
game of the family.

Built on Textual: real widgets that work with keyboard and mouse, and a test pilot
(``App.run_test``) that drives the same UI in tests. The screen draws the presenter's
:class:`~binokel.present.Table` for the human's seat, so every game looks and works alike:
the hand sorted, the seats with what is known of them (bids, melds, parties, face-up cards),
panels (the Dapp, the turned-up trump card, ...), the current trick (the last one on request),
the choices as buttons, clickable cards or a selection to confirm, the log, the score sheet
and the explanation of each result. Only legal actions are offered; every other key or click
is answered with a hint.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from typing import ClassVar

from rich.text import Text
from textual.app import App
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.events import Key
from textual.widgets import Button
from textual.widgets import DataTable
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import Input
from textual.widgets import RichLog
from textual.widgets import Static

from ..bots import Bot
from ..bots import make_bot
from ..core.cards import card_name
from ..core.cards import parse_card
from ..core.series import Series
from ..core.state import AnyState
from ..core.texts import by_language
from ..core.texts import load_texts
from ..play import BotTurn
from ..play import bot_turn
from ..play import decide
from ..present import Table
from ..present import TrickView
from ..present import present
from ..record import Record
from ..registry import find_game

TEXT = by_language(load_texts("binokel.tui")["ui"])

SUIT_STYLE = {0: "green", 1: "bright_green", 2: "red", 3: "yellow"}
BOT_NAMES = ("Sepp", "Lina", "Gottlob", "Marie", "Hannes", "Rosa", "Frieder", "Luise")
CARD_STYLE = {"letters": "token", "symbols": "symbol", "words": "words"}


@dataclass
class GameConfig:
    """What ``binokel play`` sets up: the game, its rules and the seats."""

    rules: Any = None                 # the game's rules (default: its standard preset)
    game: str = "binokel"
    players: int | None = None        # default: the game's usual number
    seed: int | None = None
    bots: tuple[str, ...] = ()        # the bot kinds of the other seats (default: heuristic)
    lang: str = "de"
    cards: str = "letters"            # letters | symbols | words
    save_dir: Path | None = None
    human: int = 0
    bot_delay: float = 0.6
    names: tuple[str, ...] = ()
    human_name: str = ""              # default: "Spieler" / "Player"


class ActionButton(Button):
    """A button that carries the engine action it stands for (or ``next``, ``select``,
    ``bid``)."""

    def __init__(self, label: str, action: str, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.engine_action = action


class CardButton(Button):
    """One card of the player's hand (``where = "hand"``) or of his face-up cards on the
    table (``"table"``); ``card_index`` tells copies apart."""

    def __init__(self, label: Text, token: str, card_index: int, where: str = "hand",
                 **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.token = token
        self.card = parse_card(token)
        self.card_index = card_index
        self.where = where


class TableApp(App[None]):
    """A round of any game of the family against computer players."""

    CSS = """
    Screen { layout: vertical; }
    #main { height: 1fr; }
    #table { width: 2fr; padding: 0 1; }
    #side { width: 1fr; min-width: 34; }
    #status { height: auto; padding: 0 1; background: $boost; }
    #seats { height: auto; }
    #panels { height: auto; }
    #trick { height: auto; min-height: 5; border: round $accent; padding: 0 1; }
    #hand, #own-table, #actions { height: auto; padding: 0 1; }
    .row-label { width: auto; padding: 1 1 0 0; }
    #hand Button, #own-table Button { min-width: 6; margin: 0 1 0 0; }
    #hand Button.selected { background: $warning; color: $text; }
    #hand Button.playable, #own-table Button.playable { text-style: bold; }
    #actions Button { margin: 0 1 0 0; }
    #bid-input { width: 12; }
    #sheet { height: 12; }
    #log { height: 1fr; border: round $primary; }
    """

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("l", "last_trick", "last trick"),
        Binding("n", "next_deal", "next deal"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.t = TEXT["en" if config.lang == "en" else "de"]
        spec = find_game(config.game)
        self.players = config.players or spec.default_players
        rules = config.rules if config.rules is not None else spec.make_rules({})
        # The seat before the human deals first: he is Vorhand and never sits out deal one.
        first_dealer = (config.human - 1) % self.players
        self.round: Series = spec.new_series(rules, self.players, first_dealer,
                                             seed=config.seed)
        others = [s for s in range(self.players) if s != config.human]
        kinds = list(config.bots) or ["heuristic"]
        kinds += [kinds[-1]] * (len(others) - len(kinds))
        self.bots: dict[int, Bot] = {}
        self.bot_kinds: dict[int, str] = {}
        for i, seat in enumerate(others):
            seed = None if config.seed is None else config.seed * 7 + i
            self.bots[seat] = make_bot(kinds[i], seed, game=config.game)
            self.bot_kinds[seat] = kinds[i]
        # Third-person names read right in every log line ("Sepp bids 160").
        self.names = list(config.names) or [
            (config.human_name or self.t["you"]) if s == config.human
            else BOT_NAMES[i % len(BOT_NAMES)]
            for i, s in enumerate(range(self.players))]
        self.selected: set[tuple[str, int]] = set()
        self.logged = 0
        self.saved_paths: list[Path] = []
        self.showing_last = False
        self._bot_timer: Any = None
        self._booked = False

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield Static(id="status")
                yield Static(id="seats")
                yield Static(id="panels")
                yield Static(id="trick")
                yield Static(self.t["hand"], id="hand-title")
                yield Horizontal(id="hand")
                yield Horizontal(id="own-table")
                yield Horizontal(id="actions")
            with Vertical(id="side"):
                yield DataTable(id="sheet")
                yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = present(self.state.view(self.config.human), self.config.lang,
                             self.names).title
        sheet = self.query_one("#sheet", DataTable)
        sheet.add_columns("#", *[n[:10] for n in self.names])
        self.refresh_all()

    # ------------------------------------------------------------------ helpers
    @property
    def state(self) -> AnyState:
        return self.round.current

    def table(self) -> Table:
        style = CARD_STYLE[self.config.cards]
        return present(self.state.view(self.config.human), self.config.lang, self.names,
                       style)

    def card_label(self, token: str) -> Text:
        c = parse_card(token)
        return Text(card_name(c, CARD_STYLE[self.config.cards], self.config.lang),
                    style=f"bold {SUIT_STYLE[c >> 3]}")

    def cards_text(self, tokens: tuple[str, ...] | list[str]) -> Text:
        out = Text()
        for tok in tokens:
            out.append_text(self.card_label(tok))
            out.append(" ")
        return out

    def write_log(self, line: str | Text) -> None:
        self.query_one("#log", RichLog).write(line)

    # ------------------------------------------------------------------ rendering
    def refresh_all(self) -> None:
        table = self.table()
        self.render_status(table)
        self.render_seats(table)
        self.render_panels(table)
        if not self.showing_last:
            self.render_trick(table.trick)
        self.render_hand(table)
        self.render_actions(table)
        self.render_log(table)
        self.schedule_bot()

    def render_status(self, table: Table) -> None:
        status = Text(table.status)
        if table.my_turn:
            status.append("\n" + self.t["your_turn"], style="bold")
        self.query_one("#status", Static).update(status)

    def render_seats(self, table: Table) -> None:
        out = Text()
        for seat in table.seats:
            style = "bold" if seat.seat == table.to_move else ("dim" if seat.out else "")
            out.append(f"{seat.name:<10}", style=style)
            kind = self.bot_kinds.get(seat.seat)
            out.append(f" {('(' + kind + ')') if kind else '':<14}", style="dim")
            out.append(f" {seat.cards:2d} {self.t['cards']}")
            if seat.team is not None:
                out.append(f"  {self.t['team']} {seat.team + 1}")
            if seat.roles:
                out.append("  [" + ", ".join(seat.roles) + "]")
            for line in seat.lines:
                out.append("  " + line)
            if seat.melds:
                out.append("\n   " + ", ".join(f"{m.label} {m.points}" for m in seat.melds)
                           + (f" = {seat.meld_total}" if seat.meld_total is not None else ""))
            if seat.table:
                out.append("\n   ")
                out.append_text(self.cards_text(seat.table))
            out.append("\n")
        self.query_one("#seats", Static).update(out)

    def render_panels(self, table: Table) -> None:
        out = Text()
        for panel in table.panels:
            out.append(f"{panel.title}: ", style="italic")
            out.append_text(self.cards_text(panel.cards))
            if panel.text:
                out.append(panel.text)
            out.append("\n")
        self.query_one("#panels", Static).update(out)

    def render_trick(self, trick: TrickView) -> None:
        out = Text(f"{trick.title}\n", style="italic")
        for seat, tok in trick.cards:
            out.append(f"  {self.names[seat]:<18} ")
            out.append_text(self.card_label(tok))
            if trick.winner == seat:
                out.append("  ✓")
            out.append("\n")
        self.query_one("#trick", Static).update(out)

    def _card_buttons(self, tokens: tuple[str, ...], where: str, table: Table) -> list[Button]:
        ch = table.choices
        buttons: list[Button] = []
        seen: dict[str, int] = {}
        for tok in tokens:
            k = seen.get(tok, 0)
            seen[tok] = k + 1
            b = CardButton(self.card_label(tok), tok, k, where)
            if ch.cards is not None and tok in ch.cards.cards:
                b.add_class("playable")
            if where == "hand" and (tok, k) in self.selected:
                b.add_class("selected")
            buttons.append(b)
        return buttons

    def render_hand(self, table: Table) -> None:
        box = self.query_one("#hand", Horizontal)
        box.remove_children()
        box.mount(*self._card_buttons(table.hand, "hand", table))
        own = next((s.table for s in table.seats if s.seat == table.me), ())
        tbox = self.query_one("#own-table", Horizontal)
        tbox.remove_children()
        if own:
            tbox.mount(Static(self.t["table_cards"] + ":", classes="row-label"),
                       *self._card_buttons(own, "table", table))

    def render_actions(self, table: Table) -> None:
        box = self.query_one("#actions", Horizontal)
        box.remove_children()
        if self.state.is_over:
            if not self.round.is_over:
                box.mount(ActionButton(self.t["next"], "next", variant="primary"))
            return
        if not table.my_turn:
            return
        ch = table.choices
        widgets: list[Any] = []
        if ch.select is not None:
            n = len(self.selected)
            widgets.append(ActionButton(f"{ch.select.label} ({n}/{ch.select.count})", "select",
                                        variant="warning", disabled=n != ch.select.count))
        for b in ch.buttons:
            variant = {"primary": "primary", "warning": "warning"}.get(b.style, "default")
            widgets.append(ActionButton(b.label, b.action, variant=variant))
        if ch.bid is not None:
            widgets.append(Input(placeholder=self.t["bid_placeholder"], id="bid-input",
                                 type="integer"))
        if widgets:
            box.mount(*widgets)

    def render_log(self, table: Table) -> None:
        while self.logged < len(table.log):
            self.write_log(table.log[self.logged])
            self.logged += 1
        if self.state.is_over and not self._booked:
            self._booked = True
            for line in table.result:
                self.write_log(Text(line, style="bold"))
            self.after_deal()

    def after_deal(self) -> None:
        state = self.state
        if self.config.save_dir is not None:
            self.config.save_dir.mkdir(parents=True, exist_ok=True)
            path = self.config.save_dir / f"{self.config.game}-{len(self.round.sheet):03d}.json"
            Record.from_state(state, names=self.names).save(path)
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

    # ------------------------------------------------------------------ bots
    def schedule_bot(self) -> None:
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

        def think() -> None:
            try:
                action = decide(turn, self.bots[turn.seat])
            except Exception as e:  # a bot bug is shown, not a crash of the whole game
                with contextlib.suppress(RuntimeError):
                    self.call_from_thread(self.notify, f"{self.names[turn.seat]}: {e!r}",
                                          severity="error", timeout=30)
                return
            with contextlib.suppress(RuntimeError):  # the app has closed meanwhile
                self.call_from_thread(self._bot_answer, turn, action)

        self.run_worker(think, thread=True, exit_on_error=False, group="bots")

    def _bot_answer(self, turn: BotTurn, action: str) -> None:
        self._bot_timer = None
        if turn.still_current(self.state):
            self.apply(action)
        else:  # the deal moved on while the bot thought (a new round): ask again
            self.schedule_bot()

    # ------------------------------------------------------------------ input
    def apply(self, action: str) -> None:
        try:
            self.round.apply(action)
        except ValueError as e:
            self.notify(str(e), severity="warning")
            return
        self.selected.clear()
        self.refresh_all()

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
            self.notify(self.t["bad_bid"].format(low=rng.low, high=rng.high, step=rng.step),
                        severity="warning")
            return
        self.apply(f"{rng.verb} {value}")

    def card_clicked(self, b: CardButton) -> None:
        table = self.table()
        if self.state.is_over:
            self.notify(self.t["over_next"], severity="information")
            return
        if not table.my_turn:
            self.notify(self.t["not_now"], severity="information")
            return
        ch = table.choices
        if ch.select is not None and b.where == "hand":
            key = (b.token, b.card_index)
            if key in self.selected:
                self.selected.discard(key)
            elif len(self.selected) < ch.select.count:
                self.selected.add(key)
            self.render_hand(table)
            self.render_actions(table)
            return
        if ch.cards is not None and b.token in ch.cards.cards:
            self.apply(f"{ch.cards.verb} {b.token}")
            return
        hint = (ch.cards.hint if ch.cards is not None else "") or (
            ch.select.hint if ch.select is not None else self.t["your_turn"])
        if ch.cards is not None:
            hint += " " + " ".join(card_name(parse_card(x), CARD_STYLE[self.config.cards],
                                             self.config.lang) for x in ch.cards.cards)
        self.notify(hint, severity="warning")

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
            self.notify(self.t["no_last"])
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

    def on_key(self, event: Key) -> None:
        if isinstance(self.focused, Input):
            return
        if event.key in ("l", "n", "q", "tab", "shift+tab", "enter", "space", "left", "right",
                         "up", "down", "escape", "ctrl+q", "ctrl+c", "ctrl+p"):
            return
        self.notify(self.t["bad_key"].format(key=event.key), severity="information")

    # ------------------------------------------------------------------ for tests
    def press_action(self, action: str) -> None:
        """Perform ``action`` as the human would, by clicking what the table offers (used by
        the tests): a card, a button, a selection of cards, or a typed bid."""
        table = self.table()
        ch = table.choices
        verb, _, arg = action.partition(" ")
        if ch.cards is not None and verb == ch.cards.verb and arg in ch.cards.cards:
            for b in self.query(CardButton):
                if b.token == arg:
                    b.press()
                    return
        if ch.select is not None and verb == ch.select.verb:
            self.selected.clear()
            for tok in arg.split():
                k = sum(1 for s, _ in self.selected if s == tok)
                self.selected.add((tok, k))
            self.confirm_selection()
            return
        for ab in self.query(ActionButton):
            if ab.engine_action == action:
                ab.press()
                return
        if ch.bid is not None and verb == ch.bid.verb:
            box = self.query_one("#bid-input", Input)
            box.value = arg
            self.on_input_submitted(Input.Submitted(box, arg))
            return
        raise AssertionError(f"the table offers no way to do {action!r}")


def run_terminal_game(config: GameConfig) -> None:
    TableApp(config).run()
