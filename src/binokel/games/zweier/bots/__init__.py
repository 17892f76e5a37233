"""Zweierbinokel's computer players: :mod:`.heuristic` and :mod:`.strong`."""
