"""What ``binokel play`` sets up for the terminal game (:class:`GameConfig`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.rules import RuleSet


@dataclass
class GameConfig:
    """What ``binokel play`` sets up: the game, its rules and the seats."""

    rules: RuleSet | None = None      # the game's rules (default: its standard preset)
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



__all__ = ["GameConfig"]
