"""Binokel's computer players: :mod:`.heuristic` and :mod:`.strong` (PIMC)."""
