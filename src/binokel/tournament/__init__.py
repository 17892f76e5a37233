"""Tournaments: seating the players of each round so that they meet as few repeat opponents
as possible (:mod:`binokel.tournament.seating`), the score pad of a table with real cards
(:mod:`binokel.tournament.pad`) and the club tournament (:mod:`binokel.tournament.club`).
Pure Python, no I/O: the tournament pages and their storage build on it. (This package
exports the seating; import the pad and the club from their modules.)
"""

from .seating import BINOKEL
from .seating import DEFAULT_PLAN_BUDGET
from .seating import DEFAULT_ROUND_BUDGET
from .seating import DOPPELKOPF
from .seating import KREUZBINOKEL
from .seating import MAX_BUDGET
from .seating import MAX_HISTORY_ROUNDS
from .seating import MAX_PLAYERS
from .seating import MAX_ROUNDS
from .seating import MAX_TABLE_SIZE
from .seating import MIN_TABLE_SIZE
from .seating import BotSeat
from .seating import HistoryError
from .seating import HistoryRound
from .seating import LimitError
from .seating import MissingSeatsError
from .seating import PlayerError
from .seating import PlayerId
from .seating import PlayerRound
from .seating import RepeatBound
from .seating import RoundSeating
from .seating import Seat
from .seating import SeatingError
from .seating import Table
from .seating import TableLayout
from .seating import TableSizeError
from .seating import TableSizes
from .seating import TournamentPlan
from .seating import plan_tournament
from .seating import repeat_lower_bound
from .seating import seat_round
from .seating import table_layout

__all__ = [
    "BINOKEL", "DEFAULT_PLAN_BUDGET", "DEFAULT_ROUND_BUDGET", "DOPPELKOPF", "KREUZBINOKEL",
    "MAX_BUDGET", "MAX_HISTORY_ROUNDS", "MAX_PLAYERS", "MAX_ROUNDS", "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE", "BotSeat", "HistoryError", "HistoryRound", "LimitError",
    "MissingSeatsError", "PlayerError", "PlayerId", "PlayerRound", "RepeatBound",
    "RoundSeating", "Seat", "SeatingError", "Table", "TableLayout", "TableSizeError",
    "TableSizes", "TournamentPlan", "plan_tournament", "repeat_lower_bound", "seat_round",
    "table_layout",
]
