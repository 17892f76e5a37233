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
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.app import ComposeResult
from textual.containers import Container
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
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
from ..core.cards import parse_suit
from ..core.cards import suit_name
from ..core.series import Series
from ..core.state import AnyState
from ..core.texts import by_language
from ..core.texts import load_texts
from ..hints import MAX_HINT_BUDGET
from ..hints import Hint
from ..hints import hint
from ..play import BotTurn
from ..play import bot_turn
from ..play import decide
from ..present import Table
from ..present import TrickView
from ..present import action_words
from ..present import bot_name
from ..present import deck_of
from ..present import help_text
from ..present import present
from ..present import table_rules_text
from ..record import Record
from ..registry import find_game

TEXT = by_language(load_texts("binokel.tui")["ui"])

# Suit colours of the card tiles (on a light face, as the SVG faces of the web game):
# German-suited Eichel brown, Blatt green, Herz red, Schellen orange; French-suited clubs and
# spades black, hearts and diamonds red.
SUIT_COLOURS = {"german": ("#7a4a10", "#1d6e22", "#c8161d", "#b34700"),
                "french": ("#1a1a1a", "#1a1a1a", "#c8161d", "#c8161d")}
FACE = "#fffdf6"
CARD_STYLE = {"letters": "token", "symbols": "symbol", "words": "words"}
SIDE_WIDTH = 40          # the score sheet and the log on a wide screen (#side in the CSS)
NUMBER_WAIT = 0.7        # seconds to wait for a second digit
HINT_VALUES_SHOWN = 6    # a hint says the values of this many best choices
NOTE_SECONDS = 8.0       # how long a word on the player's own choice stays above the hand
THINK_SECONDS = 1.0      # a computer player still thinking after this is said to be


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
    hints: bool = False               # the key t asks the strong player (off unless asked for)


class ActionButton(Button):
    """A button that carries the engine action it stands for (or ``next``, ``select``,
    ``bid``)."""

    def __init__(self, label: str | Text, action: str, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.engine_action = action
        self.styles.line_pad = 0  # one-line buttons in rows (CSS refuses a line-pad of 0)


class CardButton(Button):
    """One card of the player's hand (``where = "hand"``) or of his face-up cards on the
    table (``"table"``); ``card_index`` tells copies apart."""

    def __init__(self, label: Text, token: str, card_index: int, where: str = "hand",
                 **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.styles.line_pad = 0
        self.token = token
        self.card = parse_card(token)
        self.card_index = card_index
        self.where = where


class HelpScreen(ModalScreen[None]):
    """The keys and the rules in brief, in the game's language; any key closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; max-width: 100; height: 90%;
                                  border: round $accent; background: $surface; padding: 0 1; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text)

    def on_key(self, event: Key) -> None:
        if event.key not in ("up", "down", "pageup", "pagedown"):
            event.stop()
            self.dismiss()


class TableApp(App[None]):
    """A round of any game of the family against computer players.

    Every size from 80x24 up is playable: the hand and the buttons wrap into rows (one line
    high), the seats, the trick and the result scroll above them, and below 110 columns the
    score sheet and the log are behind the key ``g``. Every card and button has a number;
    typing it chooses it."""

    ENABLE_COMMAND_PALETTE = False
    # (Textual declares it without ClassVar, so it cannot be annotated as one here)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012

    CSS = """
    Screen { layout: vertical; }
    #main { height: 1fr; }
    #table { width: 1fr; }
    #info { height: 1fr; padding: 0 1; }
    #side { width: 40; }
    Screen.-narrow #side { display: none; }
    Screen.-narrow Header { display: none; }
    Screen.-narrow.show-log #side { display: block; width: 1fr; }
    Screen.-narrow.show-log #table { display: none; }
    #status { height: auto; background: $boost; }
    #seats, #panels { height: auto; }
    #trick { height: auto; min-height: 4; border: round $accent; padding: 0 1; }
    #trick.result { border: double $success; }
    #hand, #own-table, #actions { layout: grid; grid-size: 8; grid-gutter: 0 1;
                                  grid-rows: 1; height: auto; padding: 0 1; }
    #hand-title { height: 1; padding: 0 1; color: $text-muted; }
    #note-line { height: auto; padding: 0 1; color: $success; display: none; }
    #note-line.shown { display: block; }
    #note-line.refusal { color: $warning; }
    #hand Button, #own-table Button, #actions Button {
        height: 1; min-width: 4; width: 100%; border: none; padding: 0; margin: 0;
        content-align: left middle; text-style: none; }
    #hand Button.selected { background: $warning; }
    #hand Button.unplayable { opacity: 60%; }
    #hand Button.suggested, #own-table Button.suggested, #actions Button.suggested {
        background: $success; }
    #hand Button:focus, #own-table Button:focus, #actions Button:focus {
        text-style: bold reverse; }
    #bid-input { width: 14; height: 1; border: none; padding: 0 1; }
    #sheet { height: 12; }
    #log { height: 1fr; border: round $primary; }
    """

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.lang = "en" if config.lang == "en" else "de"
        self.t = TEXT[self.lang]
        spec = find_game(config.game)
        self.spec = spec
        self.deck = deck_of(config.game)
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
            (config.human_name or self.t["you"]) if s == config.human else bot_name(i)
            for i, s in enumerate(range(self.players))]
        self.levels = [self.bot_kinds.get(s, "") for s in range(self.players)]
        self.selected: set[tuple[str, int]] = set()
        self.logged = 0
        self.log_lines: list[str | Text] = []   # everything the log says, to wrap it again
        self.saved_paths: list[Path] = []
        self.session = time.strftime("%Y%m%d-%H%M%S")
        self.showing_last = False
        self._bot_timer: Any = None
        self._booked = False
        self.numbered: list[Button] = []
        self.hand_buttons: list[Button] = []
        self.table_buttons: list[Button] = []
        self.action_widgets: list[Any] = []
        self._digits = ""
        self._digit_timer: Any = None
        self.number_wait = NUMBER_WAIT
        self._hinting = False
        self._hint_moment: tuple[int, int] | None = None   # what the hint line is about
        self._note_timer: Any = None                        # clears a note (not a hint)
        self._think_timer: Any = None                       # says a slow bot is thinking
        keys = [("l", "last_trick", "key_last"), ("n", "next_deal", "key_next"),
                ("g", "toggle_log", "key_log"), ("h", "help", "key_help"),
                ("q", "quit", "key_quit")]
        if config.hints:
            keys.insert(3, ("t", "hint", "key_hint"))
        for key, action, word in keys:
            self.bind(key, action, description=self.t[word])

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="♣")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                with VerticalScroll(id="info"):
                    yield Static(id="status")
                    yield Static(id="seats")
                    yield Static(id="panels")
                    yield Static(id="trick")
                yield Static(id="note-line")
                yield Static(self.t["hand"], id="hand-title")
                yield Container(id="hand")
                yield Container(id="own-table")
                yield Container(id="actions")
            with Vertical(id="side"):
                yield DataTable(id="sheet")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.table().title
        sheet = self.query_one("#sheet", DataTable)
        sheet.add_columns("#", *[n[:8] for n in self.names])
        self.refresh_all()

    def on_resize(self) -> None:
        self.fit_rows()
        self.call_after_refresh(self.rewrap_log)

    # ------------------------------------------------------------------ helpers
    @property
    def state(self) -> AnyState:
        return self.round.current

    def card_style(self) -> str:
        """How the table's texts write cards: French-suited cards never as the German
        letters (E, B, S), but as their signs (♣Q)."""
        style = CARD_STYLE[self.config.cards]
        return "symbol" if style == "token" and self.deck == "french" else style

    def table(self) -> Table:
        return present(self.state.view(self.config.human), self.lang, self.names,
                       self.card_style(), levels=self.levels)

    def card_label(self, token: str, number: int | None = None, dim: bool = False) -> Text:
        """A card tile: its name in the suit's colour on a light face, after its number."""
        c = parse_card(token)
        out = Text()
        if number is not None:
            out.append(f"{number:>2} ", style="bold")
        colour = SUIT_COLOURS[self.deck][c >> 3]
        face = "#c9c5bb" if dim else FACE
        out.append(f" {card_name(c, self.card_style(), self.lang, self.deck)} ",
                   style=f"bold {colour} on {face}")
        return out

    def cards_text(self, tokens: tuple[str, ...] | list[str]) -> Text:
        out = Text()
        for tok in tokens:
            out.append_text(self.card_label(tok))
            out.append(" ")
        return out

    def write_log(self, line: str | Text) -> None:
        self.log_lines.append(line)
        self.query_one("#log", RichLog).write(line)

    def rewrap_log(self) -> None:
        """Write the log again at the width it has now: a RichLog wraps a line once, when it
        is written, and a narrow screen hides the log (it would keep the lines wrapped for
        no width at all when shown)."""
        log = self.query_one("#log", RichLog)
        if not log.display or log.size.width <= 0:
            return
        log.clear()
        for line in self.log_lines:
            log.write(line)

    # ------------------------------------------------------------------ rendering
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

    def render_status(self, table: Table, thinking: bool = False) -> None:
        """The status line; ``thinking``: the computer player to move is still searching
        ("... · Lina ist dran · überlegt …")."""
        status = Text()
        if table.my_turn:
            # first, so that a long status line does not break the word in two
            status.append("▶ " + self.t["your_turn"], style="bold reverse")
            status.append("  ")
        if table.trump_name:  # the web shows it in a chip; the status leaves it out
            status.append(f"{self.t['trump']}: {table.trump_name}", style="bold")
            status.append(" · ")
        status.append(table.status)
        if not table.my_turn and table.turn:
            status.append(" · " + table.turn)
            if thinking:
                status.append(" · " + self.t["thinking"], style="italic")
        self.query_one("#status", Static).update(status)

    def render_seats(self, table: Table) -> None:
        out = Text()
        for seat in table.seats:
            style = "bold" if seat.seat == table.to_move else ("dim" if seat.out else "")
            out.append("▶ " if seat.seat == table.to_move else "  ", style="bold")
            out.append(seat.label, style=style)
            out.append(f" · {seat.cards} {self.t['cards']}")
            if seat.team is not None:
                out.append(f" · {self.t['team']} {seat.team + 1}")
            if seat.roles:
                out.append(" · " + ", ".join(seat.roles))
            for line in seat.lines:
                out.append(" · " + line)
            if seat.melds:
                out.append("\n    " + ", ".join(f"{m.label} {m.points}" for m in seat.melds)
                           + (f" = {seat.meld_total}" if seat.meld_total is not None else ""))
            if seat.table:
                out.append(f"\n    {self.t['on_table']} ", style="italic")
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
        if table.trump_melds and table.my_turn:
            out.append(self.t["melds_by_trump"] + ": ", style="italic")
            out.append("  ".join(f"{self.suit_word(m.suit)} {m.value}"
                                 for m in table.trump_melds))
            out.append("\n")
        self.query_one("#panels", Static).update(out)

    def suit_word(self, letter: str) -> str:
        return suit_name(parse_suit(letter), self.lang, self.deck)

    def render_trick(self, trick: TrickView) -> None:
        box = self.query_one("#trick", Static)
        box.remove_class("result")
        out = Text()
        out.append(f"{trick.title}\n", style="italic")
        for seat, tok in trick.cards:
            out.append(f"  {self.names[seat]:<12} ")
            out.append_text(self.card_label(tok))
            if trick.winner == seat:
                out.append("  ✓")
            out.append("\n")
        box.update(out)

    def render_result(self, table: Table) -> None:
        """The deal's result in the table: the headline and figures, each seat's change and
        the explanation."""
        o = table.outcome
        assert o is not None
        box = self.query_one("#trick", Static)
        box.add_class("result")
        out = Text()
        out.append(f" {o.headline} ", style="bold reverse")
        if o.figures:
            out.append("\n" + "  ·  ".join(f"{f.label} {f.value}" for f in o.figures),
                       style="bold")
        out.append("\n" + "   ".join(f"{self.names[s]} {x:+d}" for s, x in enumerate(o.changes)
                                     if not table.seats[s].out))
        for line in table.result:
            out.append("\n" + line)
        box.update(out)
        # on a small screen the result is below the seats: bring it into view
        self.call_after_refresh(self.query_one("#info", VerticalScroll).scroll_to_widget, box)

    def _card_buttons(self, tokens: tuple[str, ...], where: str, table: Table) -> list[Button]:
        ch = table.choices
        playing = ch.cards is not None and ch.cards.verb == "play" and where == "hand"
        reasons = {c.card: c for c in table.cards}
        buttons: list[Button] = []
        seen: dict[str, int] = {}
        for tok in tokens:
            k = seen.get(tok, 0)
            seen[tok] = k + 1
            dim = playing and not reasons[tok].playable
            b = CardButton(self.card_label(tok, dim=dim), tok, k, where)
            if ch.cards is not None and tok in ch.cards.cards:
                b.add_class("playable")
            if dim:
                b.add_class("unplayable")
            if where == "hand" and (tok, k) in self.selected:
                b.add_class("selected")
            buttons.append(b)
        return buttons

    def render_hand(self, table: Table) -> None:
        box = self.query_one("#hand", Container)
        box.remove_children()
        self.hand_buttons = self._card_buttons(table.hand, "hand", table)
        box.mount(*self.hand_buttons)
        # no "Your cards" over an empty hand once the deal is played out
        self.query_one("#hand-title", Static).display = bool(table.hand)
        own = next((s.table for s in table.seats if s.seat == table.me), ())
        tbox = self.query_one("#own-table", Container)
        tbox.remove_children()
        self.table_buttons = self._card_buttons(own, "table", table)
        if own:
            tbox.mount(*self.table_buttons)
        tbox.display = bool(own)

    def render_actions(self, table: Table) -> None:
        box = self.query_one("#actions", Container)
        box.remove_children()
        widgets: list[Any] = []
        if self.state.is_over:
            if not self.round.is_over:
                widgets.append(ActionButton(self.t["next"], "next", variant="primary"))
        elif table.my_turn:
            ch = table.choices
            if ch.select is not None:
                n = len(self.selected)
                widgets.append(ActionButton(f"{ch.select.label} ({n}/{ch.select.count})",
                                            "select", variant="warning",
                                            disabled=n != ch.select.count))
            for b in ch.buttons:
                variant = {"primary": "primary", "warning": "warning"}.get(b.style, "default")
                widgets.append(ActionButton(b.label, b.action, variant=variant))
            if ch.bid is not None:
                widgets.append(Input(placeholder=self.t["bid_placeholder"], id="bid-input",
                                     type="integer"))
        if widgets:
            box.mount(*widgets)
        box.display = bool(widgets)
        self.action_widgets = widgets

    def number_widgets(self, table: Table) -> None:
        """Number what may be chosen now: the hand (when cards are played or selected) and
        the face-up cards, then the buttons; the labels show the numbers."""
        ch = table.choices
        cards_live = table.my_turn and (ch.cards is not None or ch.select is not None)
        self.numbered = []
        if cards_live:
            self.numbered += self.hand_buttons
            if ch.cards is not None:
                self.numbered += self.table_buttons
        self.numbered += [b for b in self.action_widgets
                          if isinstance(b, ActionButton) and not b.disabled]
        for i, b in enumerate(self.numbered, 1):
            if isinstance(b, CardButton):
                b.label = self.card_label(b.token, i, dim=b.has_class("unplayable"))
            else:
                b.label = Text(f"{i:>2} ", style="bold") + Text(str(b.label))
        self.fit_rows()

    def fit_rows(self) -> None:
        """Wrap the hand and the buttons into as many rows as the width needs: the columns
        are as wide as the widest label."""
        width = self.size.width - 2
        if self.screen.has_class("-wide"):
            width -= SIDE_WIDTH
        for box_id in ("#hand", "#own-table", "#actions"):
            box = self.query_one(box_id, Container)
            kids = {"#hand": self.hand_buttons, "#own-table": self.table_buttons,
                    "#actions": self.action_widgets}[box_id]
            if not kids:
                continue
            cell = max(len(str(w.label)) if isinstance(w, Button) else 14 for w in kids) + 1
            cols = max(1, min(len(kids), (width + 1) // (cell + 1)))
            box.styles.grid_size_columns = cols
            box.styles.grid_columns = str(min(cell, width))
            box.refresh(layout=True)

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
        # The strong players search for seconds at a deal's first card or a bid: say so, so
        # that the wait does not look like a hung game.
        moment = self._moment()
        self._think_timer = self.set_timer(
            THINK_SECONDS, lambda: self._show_thinking(moment))

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

    # ------------------------------------------------------------------ input
    def apply(self, action: str) -> None:
        mine = not self.state.is_over and self.state.to_move == self.config.human
        try:
            self.round.apply(action)
        except ValueError as e:
            self.note(str(e))
            return
        if mine and self._note_timer is not None:
            self.say_hint(None)
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

    @staticmethod
    def required_keys(table: Table) -> set[tuple[str, int]]:
        """The hand cards the selection must hold (the Armut's trumps), selected from the
        start and kept."""
        ch = table.choices
        if ch.select is None or not table.my_turn:
            return set()
        out: set[tuple[str, int]] = set()
        for tok in ch.select.required:
            out.add((tok, sum(1 for t, _ in out if t == tok)))
        return out

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

    def _moment(self) -> tuple[int, int]:
        """The deal and the move now: a hint is for the moment it was asked in."""
        return len(self.round.sheet), len(self.state.history)

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

    def say_hint(self, text: Text | str | None) -> None:
        """The line above the hand that holds the hint for the moment it was asked in (a
        toast would cover the hand on a small screen); None clears it."""
        self._say(text, refusal=False)
        self._hint_moment = self._moment() if text is not None else None

    def note(self, text: str) -> None:
        """A word on the player's own choice (the card he may not play and why, a key that
        does nothing) in the line above the hand, where he is looking: a toast covers the
        hand on a small screen, the very cards the word is about. It stays
        :data:`NOTE_SECONDS`, until his next move or until a hint replaces it."""
        self._say(text, refusal=True)
        self._hint_moment = None
        self._note_timer = self.set_timer(NOTE_SECONDS, lambda: self.say_hint(None))

    def _say(self, text: Text | str | None, refusal: bool) -> None:
        if self._note_timer is not None:
            self._note_timer.stop()
            self._note_timer = None
        line = self.query_one("#note-line", Static)
        line.update(text or "")
        line.set_class(text is not None, "shown")
        line.set_class(refusal and text is not None, "refusal")

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

    def words_for(self, table: Table, action: str) -> str:
        """An action as the player reads it (see ``action_words``)."""
        return action_words(table, action, lambda tok: card_name(
            parse_card(tok), self.card_style(), self.lang, self.deck))

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

    # ------------------------------------------------------------------ for tests
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


def run_terminal_game(config: GameConfig) -> None:
    TableApp(config).run()
