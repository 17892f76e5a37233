"""Build deck orders from intended hands, so that hand-checked deals read like card tables."""

from __future__ import annotations

from binokel.cards import Card, cards_of, parse_cards
from binokel.game import DealState, _deal_plan, full_deck
from binokel.rules import Rules


def deck_for(hands: dict[int, str], dapp: str = "", dealer: int = 2,
             rules: Rules | None = None, players: int = 3) -> list[Card]:
    """The dealing order that gives each seat its cards; unnamed cards fill up at random-free
    fixed order (the rest of the deck, suit by suit)."""
    rules = rules or Rules()
    plan = _deal_plan(rules, players)
    wanted: dict[int, list[Card]] = {seat: parse_cards(text) for seat, text in hands.items()}
    wanted_dapp = parse_cards(dapp)
    rest = list(full_deck(rules))
    for cards in [*wanted.values(), wanted_dapp]:
        for c in cards:
            rest.remove(c)  # raises if a card is asked for a third time
    per_offset: dict[int, list[Card]] = {}
    for offset in range(players + 1):
        n = plan.count(offset)
        if offset == players:
            mine = list(wanted_dapp)
        else:
            seat = (dealer + 1 + offset) % players
            mine = list(wanted.get(seat, []))
        if len(mine) > n:
            raise ValueError(f"offset {offset}: {len(mine)} cards asked, {n} dealt")
        while len(mine) < n:
            mine.append(rest.pop(0))
        per_offset[offset] = mine
    return [per_offset[pos].pop(0) for pos in plan]


def deal(hands: dict[int, str], dapp: str = "", dealer: int = 2, rules: Rules | None = None,
         **options: object) -> DealState:
    rules = rules or Rules.from_preset("standard", **options)
    return DealState.new(rules, dealer, deck_order=deck_for(hands, dapp, dealer, rules))


def hand_text(state: DealState, seat: int) -> str:
    from binokel.cards import format_cards
    return format_cards(cards_of(state.hands[seat]))


def run(state: DealState, actions: str) -> DealState:
    """Apply ``;``-separated actions."""
    for a in actions.split(";"):
        if a.strip():
            state.apply(a.strip())
    return state
