"""Tournaments: seating the players of each round so that they meet as few repeat opponents
as possible (:mod:`binokel.tournament.seating`). Pure Python, no I/O: the tournament pages
and their storage build on it.
"""

from .seating import (
    BINOKEL,
    DEFAULT_PLAN_BUDGET,
    DEFAULT_ROUND_BUDGET,
    DOPPELKOPF,
    KREUZBINOKEL,
    MAX_BUDGET,
    MAX_HISTORY_ROUNDS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TABLE_SIZE,
    MIN_TABLE_SIZE,
    BotSeat,
    HistoryError,
    HistoryRound,
    LimitError,
    MissingSeatsError,
    PlayerError,
    PlayerId,
    PlayerRound,
    RepeatBound,
    RoundSeating,
    Seat,
    SeatingError,
    Table,
    TableLayout,
    TableSizeError,
    TableSizes,
    TournamentPlan,
    plan_tournament,
    repeat_lower_bound,
    seat_round,
    table_layout,
)

__all__ = [
    "BINOKEL", "DEFAULT_PLAN_BUDGET", "DEFAULT_ROUND_BUDGET", "DOPPELKOPF", "KREUZBINOKEL",
    "MAX_BUDGET", "MAX_HISTORY_ROUNDS", "MAX_PLAYERS", "MAX_ROUNDS", "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE", "BotSeat", "HistoryError", "HistoryRound", "LimitError",
    "MissingSeatsError", "PlayerError", "PlayerId", "PlayerRound", "RepeatBound",
    "RoundSeating", "Seat", "SeatingError", "Table", "TableLayout", "TableSizeError",
    "TableSizes", "TournamentPlan", "plan_tournament", "repeat_lower_bound", "seat_round",
    "table_layout",
]
