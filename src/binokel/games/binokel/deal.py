"""The deal of Binokel: its phases and contracts, the deck, how the cards are dealt, and
who sits in play (three of four with the dealer sitting out; Kreuzbinokel's teams).

>>> from binokel.games.binokel.rules import Rules
>>> len(full_deck(Rules())), len(full_deck(Rules(sevens=True)))
(40, 48)
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from ...core.cards import BINOKEL_RANKS
from ...core.cards import SEVEN
from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import deck
from ...core.errors import IllegalAction
from .rules import Rules

# Phases of a deal, in order (the call and give phases only with the option rufen).
BIDDING: Final = "bidding"
DECLARE: Final = "declare"
TRUMP: Final = "trump"
CALL: Final = "call"
GIVE: Final = "give"
PLAY: Final = "play"
OVER: Final = "over"
# Contracts: what the declarer plays, or thrown in when everybody passed.
NORMAL: Final = "normal"
ABGEHEN: Final = "abgehen"
DURCH: Final = "durch"
UNTENDURCH: Final = "untendurch"
THROWN_IN: Final = "thrown_in"
BINOKEL: Final = "binokel"
KREUZBINOKEL: Final = "kreuzbinokel"

TRUMP_ACTIONS = tuple(f"trump {s}" for s in SUIT_LETTERS)
ABGEHEN_ACTIONS = tuple(f"abgehen {s}" for s in SUIT_LETTERS)


def full_deck(rules: Rules) -> list[Card]:
    """Every card of the game's deck (both copies), in a fixed order."""
    return list(_DECKS[rules.sevens])


_DECKS = {False: tuple(deck(BINOKEL_RANKS)), True: tuple(deck((*BINOKEL_RANKS, SEVEN)))}
_SORTED_DECKS = {k: sorted(v) for k, v in _DECKS.items()}


def check_deck(rules: Rules, deck_order: list[Card]) -> None:
    """Raise :class:`IllegalAction` unless ``deck_order`` holds every card of the deck exactly
    twice (a record's deck is a stranger's input)."""
    expected = _SORTED_DECKS[rules.sevens]
    if sorted(deck_order) != expected:
        raise IllegalAction(f"the deck must hold each of the {len(expected) // 2} cards "
                            f"of this game exactly twice ({len(deck_order)} given)")


def deal_packets(rules: Rules, players: int) -> list[tuple[str, int]]:
    """The dealing order as (``'players'`` or ``'dapp'``, packet size) steps.

    ``players`` counts the hands dealt (the seats in play). Without an explicit
    ``deal_pattern`` every hand gets three packets, the larger ones first, with half the Dapp
    after each of the first two: 4-2-4-2-4 for three hands of 12, 3-2-3-2-3 for Kreuzbinokel's
    four hands of 9, 4-2-4-2-3 for its four hands of 11 with sevens.

    >>> deal_packets(Rules(), 4)
    [('players', 3), ('dapp', 2), ('players', 3), ('dapp', 2), ('players', 3)]
    """
    n_cards = 48 if rules.sevens else 40
    if rules.deal_pattern != "auto":
        sizes = [int(p) for p in rules.deal_pattern.split("-")]
    elif not rules.dapp:
        if n_cards % players:
            raise IllegalAction(f"{n_cards} cards cannot be dealt to {players} players "
                                "without a Dapp")
        per = n_cards // players
        sizes = [4] * (per // 4) + ([per % 4] if per % 4 else [])
        sizes = [x for s in sizes for x in (s, 0)][:-1]
    elif rules.sevens and players == 3:
        sizes = {"15+3": [5, 1, 5, 1, 5, 1], "14+6": [4, 2, 5, 2, 5, 2],
                 "16+0": [4, 0, 4, 0, 4, 0, 4]}[rules.deal_48_3p]
    else:
        dapp = 4
        q, extra = divmod((n_cards - dapp) // players, 3)
        hand_packets = [q + 1 if i < extra else q for i in range(3)]
        sizes = [hand_packets[0], dapp // 2, hand_packets[1], dapp // 2, hand_packets[2]]
    steps = [("players" if i % 2 == 0 else "dapp", s) for i, s in enumerate(sizes) if s]
    total = sum(s * (players if k == "players" else 1) for k, s in steps)
    if total != n_cards:
        raise IllegalAction(f"deal pattern {rules.deal_pattern!r} deals {total} cards, "
                            f"the deck has {n_cards}")
    return steps


def deal_plan(rules: Rules, players: int) -> tuple[int, ...]:
    """For each deck position: who receives it, as the offset from Vorhand among the seats in
    play (``players``: the Dapp)."""
    # Keyed on the few deal options: hashing a whole Rules costs more than a deal.
    return _deal_plan_cached(rules.sevens, rules.deal_48_3p, rules.dapp, rules.deal_pattern,
                             players)


@lru_cache(maxsize=64)
def _deal_plan_cached(sevens: bool, deal_48_3p: str, dapp: bool, pattern: str,
                      players: int) -> tuple[int, ...]:
    rules = Rules(sevens=sevens, deal_48_3p=deal_48_3p, dapp=dapp, deal_pattern=pattern)
    plan: list[int] = []
    for kind, n in deal_packets(rules, players):
        if kind == "players":
            for offset in range(players):
                plan.extend([offset] * n)
        else:
            plan.extend([players] * n)
    return tuple(plan)


def seating(game: str, players: int, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats in play in playing order (Vorhand first) and each seat's party.

    A party scores together: every seat alone in 3-player Binokel, the partners opposite
    (0+2 against 1+3) in Kreuzbinokel. With four at a Binokel table the dealer sits out
    (party -1).

    >>> seating("binokel", 4, 1)
    ((2, 3, 0), (0, -1, 2, 3))
    >>> seating("kreuzbinokel", 4, 3)
    ((0, 1, 2, 3), (0, 1, 0, 1))
    """
    if game == KREUZBINOKEL:
        if players != 4:
            raise IllegalAction("Kreuzbinokel is for 4 players")
        return tuple((dealer + 1 + i) % 4 for i in range(4)), (0, 1, 0, 1)
    if players not in (3, 4):
        raise IllegalAction("Binokel is for 3 players, or 4 with the dealer sitting out")
    order = tuple((dealer + 1 + i) % players for i in range(3))
    return order, tuple(s if s in order else -1 for s in range(players))


def shuffled_deck(rules: Rules, seed: int | None = None,
                  rng: random.Random | None = None) -> list[Card]:
    """A shuffled deck for ``rules`` (deterministic for a given seed)."""
    rnd = (rng or random.Random(seed)).random
    cards = _DECKS[rules.sevens]
    # Sorting by random keys is a uniform shuffle and much cheaper than Random.shuffle,
    # whose per-card randbelow runs in Python.
    keys = [rnd() for _ in cards]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]
