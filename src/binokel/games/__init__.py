"""One package per game of the family; :mod:`binokel.registry` lists them.

Each package holds all of its game: rules and options, the deal state and its rule topics,
scoring, texts (German and English), bots and the presenter. Adding a game is one new package
here plus one line in the registry.
"""
