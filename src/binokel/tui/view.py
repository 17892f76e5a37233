"""The terminal table's view: the presenter's :class:`~binokel.present.Table` for the
human's seat drawn into the widgets (status, seats, panels, trick or result, the hand, the
buttons with their numbers, the log). It reads the game and changes nothing in it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text
from textual.app import App
from textual.containers import Container
from textual.containers import VerticalScroll
from textual.widgets import Button
from textual.widgets import Input
from textual.widgets import RichLog
from textual.widgets import Static

from ..bots import Bot
from ..core.cards import card_name
from ..core.cards import parse_card
from ..core.cards import parse_suit
from ..core.cards import suit_name
from ..core.series import Series
from ..core.spec import GameSpec
from ..core.state import AnyState
from ..present import Table
from ..present import TrickView
from ..present import action_words
from ..present import present
from .config import GameConfig
from .widgets import ActionButton
from .widgets import CardButton

# Suit colours of the card tiles (on a light face, as the SVG faces of the web game):
# German-suited Eichel brown, Blatt green, Herz red, Schellen orange; French-suited clubs and
# spades black, hearts and diamonds red.
SUIT_COLOURS = {"german": ("#7a4a10", "#1d6e22", "#c8161d", "#b34700"),
                "french": ("#1a1a1a", "#1a1a1a", "#c8161d", "#c8161d")}
FACE = "#fffdf6"
CARD_STYLE = {"letters": "token", "symbols": "symbol", "words": "words"}
SIDE_WIDTH = 40          # the score sheet and the log on a wide screen (#side in the CSS)


class TableView(App[None]):
    """The drawing part of :class:`~.app.TableApp` (its fields are set up there)."""

    config: GameConfig
    lang: str
    t: dict[str, str]
    spec: GameSpec
    deck: str
    players: int
    round: Series
    bots: dict[int, Bot]
    bot_kinds: dict[int, str]
    names: list[str]
    levels: list[str]
    selected: set[tuple[str, int]]
    logged: int
    log_lines: list[str | Text]
    saved_paths: list[Path]
    session: str
    showing_last: bool
    numbered: list[Button]
    hand_buttons: list[Button]
    table_buttons: list[Button]
    action_widgets: list[Button | Input]

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

    def _moment(self) -> tuple[int, int]:
        """The deal and the move now: a hint is for the moment it was asked in."""
        return len(self.round.sheet), len(self.state.history)

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
            out.append(f" · {seat.cards} {self.t['card' if seat.cards == 1 else 'cards']}")
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
        # What happened to the player, then what was played and the arithmetic as players
        # say it (Doppelkopf: the game value and its reason), then each seat's change.
        tone = {"won": "bold reverse green", "lost": "bold reverse red"}.get(o.tone,
                                                                           "bold reverse")
        out.append(f" {o.headline} ", style=tone)
        if o.contract:
            out.append("\n" + o.contract, style="italic")
        if o.sum:
            out.append("\n" + o.sum, style="bold")
        elif o.figures:
            out.append("\n" + "  ·  ".join(f"{f.label} {f.value}" for f in o.figures),
                       style="bold")
        out.append("\n" + "   ".join(
            f"{'★' if s in o.winners else ''}{self.names[s]} {x:+d}"
            for s, x in enumerate(o.changes) if not table.seats[s].out))
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
        widgets: list[Button | Input] = []
        if self.state.is_over:
            if not self.round.is_over:
                widgets.append(ActionButton(self.t["next"], "next", variant="primary"))
        elif table.my_turn or table.choices.buttons:   # off turn: announcements at any time
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
        rows: dict[str, Sequence[Button | Input]] = {
            "#hand": self.hand_buttons, "#own-table": self.table_buttons,
            "#actions": self.action_widgets}
        for box_id, kids in rows.items():
            box = self.query_one(box_id, Container)
            if not kids:
                continue
            cell = max(len(str(w.label)) if isinstance(w, Button) else 14 for w in kids) + 1
            cols = max(1, min(len(kids), (width + 1) // (cell + 1)))
            box.styles.grid_size_columns = cols
            box.styles.grid_columns = str(min(cell, width))
            box.refresh(layout=True)

    def words_for(self, table: Table, action: str) -> str:
        """An action as the player reads it (see ``action_words``)."""
        return action_words(table, action, lambda tok: card_name(
            parse_card(tok), self.card_style(), self.lang, self.deck))

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


__all__ = ["CARD_STYLE", "FACE", "SIDE_WIDTH", "SUIT_COLOURS", "TableView"]
