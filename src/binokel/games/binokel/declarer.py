"""The declarer's choice after the bidding (RULES §2.4): drücken (push as many cards as the
Dapp held; they count as his trick points), then a trump suit, Durch (open with
``durch_open``), Untendurch, or abgehen (going out, also at once, before pushing); with the
option ``rufen`` he then calls a card he lacks and gives its holder one in exchange.

>>> from binokel.games.binokel.rules import Rules
>>> from binokel.games.binokel.state import DealState
>>> s = DealState.new(Rules(), dealer=2, seed=7)
>>> for a in ["bid 150", "pass", "pass"]:
...     s.apply(a)
>>> s.phase, discard_actions(s)[0], len(discard_actions(s))
('declare', 'discard EK EO EU BK', 916)
"""

from __future__ import annotations

import random
from math import comb
from typing import TYPE_CHECKING

from ...core.cards import SUIT_LETTERS
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import parse_card
from ...core.cards import sort_key
from ...core.errors import IllegalAction
from ...core.state import parse_suit_arg
from ..family.melds import NO_MELDS
from ..family.melds import MeldResult
from ..family.melds import best_melds
from .deal import ABGEHEN
from .deal import ABGEHEN_ACTIONS
from .deal import CALL
from .deal import DURCH
from .deal import GIVE
from .deal import NORMAL
from .deal import PLAY
from .deal import TRUMP
from .deal import TRUMP_ACTIONS
from .deal import UNTENDURCH
from .deal import full_deck

if TYPE_CHECKING:
    from .state import DealPlay

_TOKENS = tuple(card_token(c) if c & 7 != 7 else "" for c in range(32))


# ---------------------------------------------------------------------- the choices
def discard_actions(state: DealPlay) -> list[str]:
    """Every push: each multiset of as many of the declarer's cards as the Dapp held."""
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    items = [(_TOKENS[c], count(hand, c)) for c in sorted(distinct(hand), key=sort_key)]
    out: list[str] = []

    def rec(i: int, left: int, acc: str) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == len(items) or left > sum(n for _, n in items[i:]):
            return
        tok, n = items[i]
        for k in range(min(n, left), -1, -1):
            rec(i + 1, left - k, acc + (" " + tok) * k)

    rec(0, state.dapp_size, "discard")
    return out


def declare_actions(state: DealPlay) -> list[str]:
    """Right after taking up the Dapp: every push, or abgehen at once."""
    return discard_actions(state) + list(ABGEHEN_ACTIONS)


def trump_actions(state: DealPlay) -> list[str]:
    """After the push: a trump suit, Durch (open), Untendurch where allowed, or abgehen."""
    r = state.rules
    acts = list(TRUMP_ACTIONS)
    if r.durch:
        acts.append("durch")
        if r.durch_open:
            acts.append("durch open")
    if r.untendurch:
        acts.append("untendurch")
    return acts + list(ABGEHEN_ACTIONS)


def call_actions(state: DealPlay) -> list[str]:
    """With ``rufen``: every card the declarer lacks that someone else may hold, or none."""
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    calls = [f"call {card_token(c)}" for c in sorted(set(full_deck(state.rules)))
             if count(hand, c) == 0 and count(state.discard, c) < 2]
    return [*calls, "call none"]


def give_actions(state: DealPlay) -> list[str]:
    """The cards the declarer may give the called card's holder (not the called card)."""
    assert state.declarer is not None and state.called is not None
    hand = state.hands[state.declarer] - bit(state.called)
    return [f"give {card_token(c)}" for c in sorted(distinct(hand))]


def multiset_count(mults: list[int], k: int) -> int:
    """How many distinct k-card sub-multisets a hand with these multiplicities (1 or 2) has.

    Choose ``d`` of the doubled cards to take twice, then ``k - 2d`` distinct cards once from
    the rest.
    """
    doubles = sum(1 for n in mults if n == 2)
    kinds = len(mults)
    return sum(comb(doubles, d) * comb(kinds - d, k - 2 * d) for d in range(k // 2 + 1))


def _random_discard(hand: CardSet, k: int, rng: random.Random) -> str:
    # Drawing k physical cards favours multisets that can be drawn in several ways (a card
    # held twice); accepting with probability 1/ways makes every multiset equally likely.
    physical = cards_of(hand)
    while True:
        pick = sorted(rng.sample(physical, k), key=sort_key)
        ways = 1
        for c in set(pick):
            if count(hand, c) == 2 and pick.count(c) == 1:
                ways *= 2
        if ways == 1 or rng.randrange(ways) == 0:
            return "discard " + " ".join(_TOKENS[c] for c in pick)


def random_declare_action(state: DealPlay, rng: random.Random) -> str:
    """A uniformly random one of :func:`declare_actions`, without listing the pushes."""
    assert state.declarer is not None
    hand, k = state.hands[state.declarer], state.dapp_size
    n_discards = multiset_count([count(hand, c) for c in distinct(hand)], k)
    i = rng.randrange(n_discards + 4)
    if i >= n_discards:
        return ABGEHEN_ACTIONS[i - n_discards]
    return _random_discard(hand, k, rng)


# ---------------------------------------------------------------------- the handlers
def discard(state: DealPlay, arg: str) -> str:
    """``discard C C C C``: push as many cards as the Dapp held."""
    assert state.declarer is not None
    try:
        cards = [parse_card(t) for t in arg.split()]
    except ValueError as e:
        raise IllegalAction(f"discard: {e}") from None
    k = state.dapp_size
    if len(cards) != k:
        raise IllegalAction(f"discard: exactly {k} cards must be pushed, not {len(cards)}")
    hand = state.hands[state.declarer]
    d = 0
    for c in cards:
        d += bit(c)
        if count(d, c) > count(hand, c):
            raise IllegalAction(f"discard: the declarer does not hold {card_token(c)}"
                                + (" twice" if count(d, c) == 2 else ""))
    state.hands[state.declarer] = hand - d
    state.discard = d
    state.phase = TRUMP
    return "discard " + " ".join(card_token(c) for c in sorted(cards, key=sort_key))


def trump(state: DealPlay, arg: str) -> str:
    """``trump T``: a normal game in suit T."""
    s = parse_suit_arg("trump", arg)
    state.contract, state.trump = NORMAL, s
    if state.rules.rufen:
        state.phase = CALL
    else:
        start_play(state)
    return f"trump {SUIT_LETTERS[s]}"


def abgehen(state: DealPlay, arg: str) -> str:
    """``abgehen T``: go out naming trump; the others meld (in T) and the deal is scored."""
    s = parse_suit_arg("abgehen", arg)
    state.contract, state.trump = ABGEHEN, s
    state.melds = [meld(state, seat) if seat != state.declarer else NO_MELDS
                   for seat in range(state.players)]
    state.finish()
    return f"abgehen {SUIT_LETTERS[s]}"


def durch(state: DealPlay, arg: str) -> str:
    """``durch`` (``durch open``): take every trick, no trump, the declarer leads."""
    if not state.rules.durch:
        raise IllegalAction("durch is not allowed under these rules (durch = no)")
    if arg.lower() == "open":
        if not state.rules.durch_open:
            raise IllegalAction("an open Durch is not allowed (durch_open = 0)")
        state.open_durch = True
    elif arg:
        raise IllegalAction(f"durch {arg!r}: expected 'durch' or 'durch open'")
    state.contract = DURCH
    start_play(state)
    return "durch open" if state.open_durch else "durch"


def untendurch(state: DealPlay, arg: str) -> str:
    """``untendurch``: take no trick, no trump, the declarer leads."""
    if not state.rules.untendurch:
        raise IllegalAction("untendurch is not allowed under these rules (untendurch = no)")
    if arg:
        raise IllegalAction("untendurch takes no argument")
    state.contract = UNTENDURCH
    start_play(state)
    return "untendurch"


def call(state: DealPlay, arg: str) -> str:
    """``call C`` (``call none``): its first holder in playing order hands it over."""
    assert state.declarer is not None
    if arg.lower() == "none":
        start_play(state)
        return "call none"
    try:
        c = parse_card(arg)
    except ValueError as e:
        raise IllegalAction(f"call: {e}") from None
    if count(state.hands[state.declarer], c):
        raise IllegalAction(f"call {card_token(c)}: the declarer holds it already")
    holder = next((s for s in state.order if s != state.declarer
                   and count(state.hands[s], c)), None)
    if holder is None:
        raise IllegalAction(f"call {card_token(c)}: nobody else holds it")
    state.hands[holder] -= bit(c)
    state.hands[state.declarer] += bit(c)
    state.called, state.call_holder = c, holder
    state.phase = GIVE
    return f"call {card_token(c)}"


def give(state: DealPlay, arg: str) -> str:
    """``give C``: the card the called card's holder receives in exchange."""
    assert state.declarer is not None and state.call_holder is not None
    try:
        c: Card = parse_card(arg)
    except ValueError as e:
        raise IllegalAction(f"give: {e}") from None
    hand = state.hands[state.declarer]
    if c == state.called and count(hand, c) == 1:
        raise IllegalAction("give: the called card cannot go straight back")
    if not count(hand, c):
        raise IllegalAction(f"give {card_token(c)}: the declarer does not hold it")
    state.hands[state.declarer] = hand - bit(c)
    state.hands[state.call_holder] += bit(c)
    start_play(state)
    return f"give {card_token(c)}"


# ---------------------------------------------------------------------- to the play
def meld(state: DealPlay, seat: int) -> MeldResult:
    """``seat``'s best melding in the current trump (shown to all, then taken back)."""
    return best_melds(state.hands[seat], state.trump, state.rules)


def start_play(state: DealPlay) -> None:
    """Everyone melds in a normal game; the first lead: Vorhand (``first_lead``) in a normal
    game, the declarer in Durch and Untendurch."""
    assert state.declarer is not None
    if state.contract == NORMAL:
        state.melds = [meld(state, s) for s in range(state.players)]
        lead = state.order[0] if state.rules.first_lead == "vorhand" else state.declarer
    else:
        state.melds = [NO_MELDS] * state.players
        lead = state.declarer
    state.phase = PLAY
    state.trick_leader = state.to_move = lead
