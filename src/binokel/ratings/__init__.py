"""Ratings per game for people and computer players (issue 34): :mod:`.model` rates finished
deals and series with OpenSkill and makes leaderboards, :mod:`.bots` holds the computer
players' published ratings and the arena run that measures them. docs/ratings.md explains
the design and what it cannot prevent."""

from __future__ import annotations

from .model import BoardLine
from .model import Contest
from .model import HistoryEntry
from .model import Rating
from .model import RatingError
from .model import Update
from .model import deal_contest
from .model import leaderboard
from .model import rate

__all__ = ["BoardLine", "Contest", "HistoryEntry", "Rating", "RatingError", "Update",
           "deal_contest", "leaderboard", "rate"]
