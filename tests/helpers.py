"""Helpers for hand-checked deals: build a deck order from the intended hands, run actions,
and build finished deals with chosen melds and trick points for scoring tests.

>>> order = deck_for(hands={0: "EA EA E10"}, dapp="SU SU", dealer=2)
>>> len(order), sorted(order) == sorted(full_deck(Rules()))
(40, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import cards_of
from binokel.core.cards import format_cards
from binokel.core.cards import parse_cards
from binokel.games.binokel.deal import NORMAL
from binokel.games.binokel.deal import OVER
from binokel.games.binokel.deal import deal_plan
from binokel.games.binokel.deal import full_deck
from binokel.games.binokel.deal import seating
from binokel.games.binokel.melds import NO_TRUMP
from binokel.games.binokel.melds import MeldResult
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import DealResult
from binokel.games.binokel.scoring import score_deal
from binokel.games.binokel.state import BINOKEL
from binokel.games.binokel.state import DealState

__all__ = ["deal", "deck_for", "finished", "full_deck", "hand", "play_out", "run", "toks"]


def deck_for(hands: Mapping[int, str], dapp: str = "", dealer: int = 2,
             rules: Rules | None = None, players: int = 3, game: str = BINOKEL) -> list[Card]:
    """The dealing order that gives each seat (by seat number) the named cards and the Dapp
    the named Dapp cards.

    Cards not named fill the remaining places in a fixed order (the rest of the deck, suit
    by suit, high to low), so a partly named deal is still deterministic.
    """
    rules = rules or Rules()
    order, _ = seating(game, players, dealer)
    n = len(order)
    plan = deal_plan(rules, n)
    rest = list(full_deck(rules))
    wanted: dict[int, list[Card]] = {}
    for offset in range(n + 1):
        if offset == n:
            cards = parse_cards(dapp)
        else:
            cards = parse_cards(hands.get(order[offset], ""))
        for c in cards:
            rest.remove(c)  # ValueError: a card asked for a third time
        wanted[offset] = cards
    for offset, cards in wanted.items():
        n = plan.count(offset)
        if len(cards) > n:
            raise ValueError(f"deal offset {offset}: {len(cards)} cards asked, {n} dealt")
        while len(cards) < n:
            cards.append(rest.pop(0))
    return [wanted[offset].pop(0) for offset in plan]


def deal(hands: Mapping[int, str] | None = None, dapp: str = "", dealer: int = 2,
         preset: str = "standard", rules: Rules | None = None, players: int = 3,
         game: str = BINOKEL, **options: Any) -> DealState:
    """A fresh deal with the named hands (see :func:`deck_for`)."""
    rules = rules or Rules.from_preset(preset, **options)
    return DealState.new(rules, dealer, players=players, game=game,
                         deck_order=deck_for(hands or {}, dapp, dealer, rules, players, game))


def run(state: DealState, actions: str) -> DealState:
    """Apply ``;``-separated actions in order."""
    for a in actions.split(";"):
        if a.strip():
            state.apply(a.strip())
    return state


def toks(cards: CardSet | list[Card] | tuple[Card, ...]) -> str:
    """Cards as sorted tokens, for readable comparisons."""
    if isinstance(cards, int):
        return format_cards(cards_of(cards))
    return format_cards(sorted(cards, key=lambda c: (c >> 3, -(c & 7))))


def hand(state: DealState, seat: int) -> str:
    return toks(state.hands[seat])


def play_out(state: DealState, choose: Callable[[DealState], str] | None = None,
             seed: int = 0) -> DealResult:
    """Play the deal to its end with ``choose`` (default: random legal actions)."""
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(choose(state) if choose else state.random_action(rng))
    assert state.result is not None
    return state.result


def finished(rules: Rules, *, declarer: int = 0, bid: int = 150, contract: str = NORMAL,
             trump: int = 0, melds: tuple[int, ...] = (0, 0, 0),
             points: tuple[int, ...] = (0, 0, 0), tricks: tuple[int, ...] = (4, 4, 4),
             discard: str = "", open_durch: bool = False, game: str = BINOKEL,
             dealer: int = 2) -> DealResult:
    """Score a deal whose outcome is given directly: meld totals, points from won tricks
    (bonus included), tricks won and the declarer's pushed cards, one entry per seat.

    This isolates the scoring arithmetic of RULES §5 and §10 from the play.
    """
    state = DealState.new(rules, dealer, seed=0, players=len(melds), game=game)
    state.declarer, state.bid, state.contract = declarer, bid, contract
    state.trump = trump if contract in (NORMAL, "abgehen") else NO_TRUMP
    state.melds = [MeldResult((), m) for m in melds]
    state.trick_points = list(points)
    state.tricks_won = list(tricks)
    state.discard = sum(1 << (2 * c) for c in parse_cards(discard))
    state.open_durch = open_durch
    state.phase = OVER
    return score_deal(state)
