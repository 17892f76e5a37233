"""The kernel every trick-taking game of the family shares.

- :mod:`~binokel.core.cards`: cards, compact card sets, card names;
- :mod:`~binokel.core.trick`: the completed trick, ``play C`` actions, Binokel's trick duties,
  the last-trick bonus;
- :mod:`~binokel.core.state`: the base of every deal state (one action grammar, the history);
- :mod:`~binokel.core.view`: the view protocol (what a seat may know);
- :mod:`~binokel.core.outcome`: the typed result every game returns;
- :mod:`~binokel.core.rules`: options and presets, each default written once;
- :mod:`~binokel.core.series`: a series of deals and its score sheet;
- :mod:`~binokel.core.spec`: what the registry knows of a game, and the bot protocol;
- :mod:`~binokel.core.errors`: the errors every game raises.

Nothing here knows a particular game; each game lives in its own package under
:mod:`binokel.registry`.
"""
