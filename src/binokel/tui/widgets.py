"""The terminal game's own widgets: the buttons that carry an action or a card, and the
help screen."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button
from textual.widgets import Static

from ..core.cards import parse_card


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


__all__ = ["ActionButton", "CardButton", "HelpScreen"]
