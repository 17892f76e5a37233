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

:class:`TableApp` is built in layers, one concern a module, each a class the next one
extends: :mod:`.view` draws the table, :mod:`.driver` moves the game on (a move applied,
the computer players' turns, the deal saved, the note line), :mod:`.commands` answers keys,
clicks, numbers and the hint; this module lays out the screen and sets the fields up.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Container
from textual.containers import Horizontal
from textual.containers import Vertical
from textual.containers import VerticalScroll
from textual.widgets import DataTable
from textual.widgets import Footer
from textual.widgets import Header
from textual.widgets import RichLog
from textual.widgets import Static

from ..bots import make_bot
from ..core.texts import by_language
from ..core.texts import load_texts
from ..play import decide
from ..present import bot_name
from ..present import deck_of
from ..registry import find_game
from .commands import TableCommands
from .config import GameConfig
from .widgets import ActionButton
from .widgets import CardButton

TEXT = by_language(load_texts("binokel.tui")["ui"])

NUMBER_WAIT = 0.7        # seconds to wait for a second digit
NOTE_SECONDS = 8.0       # how long a word on the player's own choice stays above the hand
THINK_SECONDS = 1.0      # a computer player still thinking after this is said to be


class TableApp(TableCommands):
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
        self.round = spec.new_series(rules, self.players, first_dealer, seed=config.seed)
        others = [s for s in range(self.players) if s != config.human]
        kinds = list(config.bots) or ["heuristic"]
        kinds += [kinds[-1]] * (len(others) - len(kinds))
        self.bots = {}
        self.bot_kinds = {}
        for i, seat in enumerate(others):
            seed = None if config.seed is None else config.seed * 7 + i
            self.bots[seat] = make_bot(kinds[i], seed, game=config.game)
            self.bot_kinds[seat] = kinds[i]
        # Third-person names read right in every log line ("Sepp bids 160").
        self.names = list(config.names) or [
            (config.human_name or self.t["you"]) if s == config.human else bot_name(i)
            for i, s in enumerate(range(self.players))]
        self.levels = [self.bot_kinds.get(s, "") for s in range(self.players)]
        self.selected = set()
        self.logged = 0
        self.log_lines = []   # everything the log says, to wrap it again
        self.saved_paths = []
        self.session = time.strftime("%Y%m%d-%H%M%S")
        self.showing_last = False
        self._bot_timer = None
        self._booked = False
        self.numbered = []
        self.hand_buttons = []
        self.table_buttons = []
        self.action_widgets = []
        self._digits = ""
        self._digit_timer = None
        self.number_wait = NUMBER_WAIT
        # read here, at the start, so that a test may set them on this module
        self.note_seconds = NOTE_SECONDS
        self.think_seconds = THINK_SECONDS
        self.decide_turn = decide
        self._hinting = False
        self._hint_moment = None   # what the hint line is about
        self._note_timer = None                        # clears a note (not a hint)
        self._think_timer = None                       # says a slow bot is thinking
        keys = [("l", "last_trick", "key_last"), ("n", "next_deal", "key_next"),
                ("g", "toggle_log", "key_log"), ("h", "help", "key_help"),
                ("q", "quit", "key_quit")]
        if config.hints:
            keys.insert(3, ("t", "hint", "key_hint"))
        for key, action, word in keys:
            self.bind(key, action, description=self.t[word])

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


def run_terminal_game(config: GameConfig) -> None:
    TableApp(config).run()


__all__ = ["NOTE_SECONDS", "NUMBER_WAIT", "THINK_SECONDS", "ActionButton", "CardButton",
           "GameConfig", "TableApp", "run_terminal_game"]
