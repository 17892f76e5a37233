"""Reizen (bidding): Vorhand and Hinterhand bid against each other until one passes ("weg"),
the survivor then against the next seat; the last one left is the declarer (RULES §2.2).
In Kreuzbinokel a partner carries on when his partner passes (seed 000).

>>> from binokel.games.binokel.rules import Rules
>>> from binokel.games.binokel.state import DealState
>>> s = DealState.new(Rules(), dealer=2, seed=7)
>>> for a in ["bid 150", "bid 160", "pass", "pass"]:
...     s.apply(a)
>>> s.declarer, s.bid, s.phase
(1, 160, 'declare')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.errors import IllegalAction
from .deal import DECLARE
from .deal import THROWN_IN
from .deal import TRUMP

if TYPE_CHECKING:
    from .state import DealPlay


class Bidding:
    """Who is still in the bidding: the current duel ``a`` vs ``b`` and who waits."""

    __slots__ = ("a", "b", "high", "high_bidder", "out", "spoke", "waiting")

    def __init__(self, waiting: list[int], a: int = -1, b: int = -1, high: int | None = None,
                 high_bidder: int | None = None, out: set[int] | None = None,
                 spoke: set[int] | None = None) -> None:
        self.waiting = waiting
        self.a, self.b = a, b              # the two in the current duel (b = -1: a is alone)
        self.high, self.high_bidder = high, high_bidder
        self.out = out if out is not None else set()
        self.spoke = spoke if spoke is not None else set()

    def copy(self) -> Bidding:
        return Bidding(list(self.waiting), self.a, self.b, self.high, self.high_bidder,
                       set(self.out), set(self.spoke))


def lowest_bid(state: DealPlay) -> int:
    """The lowest bid the player to move may make."""
    b, r = state.bidding, state.rules
    return r.min_bid if b.high is None else b.high + r.bid_step


def may_pass(state: DealPlay) -> bool:
    """Whether the player to move may pass (Vorhand must open: ``vorhand_must_open``)."""
    b = state.bidding
    return not (b.high is None and state.to_move == state.order[0]
                and state.rules.vorhand_must_open and state.to_move not in b.spoke)


def bid_actions(state: DealPlay) -> list[str]:
    """Every bid the player to move may make, then ``pass`` if he may."""
    r = state.rules
    bids = [f"bid {x}" for x in range(lowest_bid(state), r.highest_bid + 1, r.bid_step)]
    return [*bids, "pass"] if may_pass(state) else bids


def random_bid(state: DealPlay, rng: random.Random) -> str:
    """A uniformly random one of :func:`bid_actions`, without listing them."""
    r = state.rules
    lowest = lowest_bid(state)
    n_bids = max(0, (r.highest_bid - lowest) // r.bid_step + 1)
    can_pass = may_pass(state)
    i = int(rng.random() * (n_bids + can_pass))
    return "pass" if i == n_bids else f"bid {lowest + i * r.bid_step}"


def bid(state: DealPlay, arg: str) -> str:
    """``bid N``: a multiple of ``bid_step`` above the current bid, at most ``max_bid``."""
    r, b = state.rules, state.bidding
    try:
        value = int(arg)
    except ValueError:
        raise IllegalAction(f"bid {arg!r}: not a number") from None
    lowest = lowest_bid(state)
    if value < lowest or value > r.highest_bid or value % r.bid_step:
        raise IllegalAction(f"bid {value}: bids must be multiples of {r.bid_step} "
                            f"from {lowest} to {r.highest_bid}")
    seat = state.to_move
    b.high, b.high_bidder = value, seat
    b.spoke.add(seat)
    if b.b < 0:  # the last one left alone bids and so takes the game
        declarer_found(state, seat, value)
    else:
        state.to_move = b.b if seat == b.a else b.a
    return f"bid {value}"


def pass_(state: DealPlay, arg: str) -> str:
    """``pass`` ("weg"): out of the bidding."""
    if arg:
        raise IllegalAction("pass takes no argument")
    b = state.bidding
    seat = state.to_move
    if not may_pass(state):
        raise IllegalAction("Vorhand must open the bidding (vorhand_must_open)")
    b.spoke.add(seat)
    b.out.add(seat)
    if b.b < 0:  # the last one alone passes too
        if b.waiting:  # his partner, who has not spoken yet, gets the same last chance
            b.a = state.to_move = b.waiting.pop(0)
        else:
            _all_passed(state)
        return "pass"
    survivor = b.b if seat == b.a else b.a
    # The next challenger: the first waiting seat that is not the survivor's partner
    # (Kreuzbinokel, seed 000: when one passes, his partner carries on).
    nxt = next((w for w in b.waiting if state.party[w] != state.party[survivor]), -1)
    if nxt >= 0:
        b.waiting.remove(nxt)
        b.a, b.b = survivor, nxt
        state.to_move = nxt
    elif b.high is not None:
        declarer_found(state, survivor, b.high)
    else:
        b.a, b.b = survivor, -1
        state.to_move = survivor
    return "pass"


def _all_passed(state: DealPlay) -> None:
    if state.rules.all_pass == "vorhand_plays":
        declarer_found(state, state.order[0], state.rules.min_bid)
    else:
        state.contract = THROWN_IN
        state.finish()


def declarer_found(state: DealPlay, seat: int, value: int) -> None:
    """``seat`` plays for ``value``: the Dapp is shown to all and taken up."""
    state.declarer, state.bid = seat, value
    state.bidding.high, state.bidding.high_bidder = value, seat
    state.to_move = seat
    if state.dapp_cards:
        state.hands[seat] += state.dapp  # revealed to all and taken up
        state.phase = DECLARE
    else:
        state.phase = TRUMP
