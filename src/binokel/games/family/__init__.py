"""What the games of the Binokel family share: Binokel and Kreuzbinokel, Zweierbinokel and
Luxusfamilie meld from the same tables and declare some options alike.

This package is a shared base, not a game: the registry does not list it, it imports no
game, and each of those games imports it instead of another game's modules (the sideways
check of ``tests/test_layers.py``). :mod:`.melds` holds the meld tables and Binokel's meld
finder, :mod:`.rules` the options the family declares once (``FamilyRules``) and what a meld
finder reads of a game's rules (``MeldRules``).
"""
