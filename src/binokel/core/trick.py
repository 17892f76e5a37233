"""One trick for every game: the completed :class:`Trick`, the ``play C`` actions, Binokel's
duties (Farbzwang, Stichzwang, Trumpfzwang) and the bonus for the last (or first) trick.

All functions work on card sets (see :mod:`binokel.core.cards`) and plain ints, so that they
cost a handful of integer operations.

>>> from binokel.core.cards import EA, EK, cardset
>>> play_actions(cardset([EK, EA, EA]))
['play EK', 'play EA']
>>> play_card("play EA") == EA, play_card("play ea")
(True, None)
"""

from __future__ import annotations

from typing import Any
from typing import Final
from typing import NamedTuple
from typing import Protocol

from .cards import ABOVE
from .cards import LOW_BITS
from .cards import SUIT_MASKS
from .cards import Card
from .cards import CardSet
from .cards import card_token

NONE = -1


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who won, its points."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [card_token(c) for c in self.cards],
                "winner": self.winner, "points": self.points}


# The canonical action of playing each card, built once: hot paths hand out shared strings.
PLAY_ACTIONS = tuple(f"play {card_token(c)}" if c & 7 != 7 else "" for c in range(32))
PLAY_LOOKUP: Final[dict[str, Card]] = {a: c for c, a in enumerate(PLAY_ACTIONS) if a}
# For each suit, the play actions of every presence pattern of that suit's 16-bit slice.
_SUIT_PLAYS: tuple[dict[int, tuple[str, ...]], ...] = tuple(
    {sum(1 << (2 * r) for r in range(7) if bits >> r & 1):
     tuple(PLAY_ACTIONS[8 * s + r] for r in range(7) if bits >> r & 1) for bits in range(128)}
    for s in range(4))


def play_card(action: str) -> Card | None:
    """The card of a canonical ``play C`` action (exactly as :data:`PLAY_ACTIONS` writes
    it), else None: the fast path before any parsing."""
    return PLAY_LOOKUP.get(action)


def play_actions(m: CardSet) -> list[str]:
    """The ``play C`` actions of the distinct cards of ``m``, suit by suit, weakest first."""
    p = (m | (m >> 1)) & LOW_BITS
    out: list[str] = []
    if p & 0xFFFF:
        out += _SUIT_PLAYS[0][p & 0x3FFF]
    if p & 0xFFFF0000:
        out += _SUIT_PLAYS[1][(p >> 16) & 0x3FFF]
    if p & 0xFFFF00000000:
        out += _SUIT_PLAYS[2][(p >> 32) & 0x3FFF]
    if p >> 48:
        out += _SUIT_PLAYS[3][(p >> 48) & 0x3FFF]
    return out


def choose_card(m: CardSet, u: float) -> Card:
    """The distinct card of ``m`` at the uniform position ``u`` in [0, 1): a random legal
    card without listing the cards.

    >>> from binokel.core.cards import EA, EK, SU, cardset
    >>> [card_token(choose_card(cardset([EK, EA, EA, SU]), u)) for u in (0.0, 0.5, 0.9)]
    ['EK', 'EA', 'SU']
    """
    p = (m | (m >> 1)) & LOW_BITS
    for _ in range(int(u * p.bit_count())):
        p &= p - 1
    return ((p & -p).bit_length() - 1) >> 1


def legal_mask(hand: CardSet, led: int, best_led: Card, best_trump: Card, trump: int,
               must_overtrump: bool = True, must_trump_lower: bool = True) -> CardSet:
    """The cards of ``hand`` that may be played to the current trick under Binokel's duties.

    ``led`` is the led suit (``NONE`` when leading), ``best_led`` the best card of the led suit
    in the trick, ``best_trump`` the best trump in it (``NONE`` if none), ``trump`` the trump
    suit (``NONE`` in Durch/Untendurch).
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        if best_trump >= 0 and led != trump:
            return follow  # a trump already lies on the trick: no duty to beat
        higher = follow & ABOVE[best_led]
        return higher or follow
    if trump >= 0:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            if best_trump < 0:
                return trumps
            higher = trumps & ABOVE[best_trump]
            if higher:
                return higher if must_overtrump else trumps
            return trumps if must_trump_lower else hand
    return hand


def beats(c: Card, best: Card, trump: int) -> bool:
    """Whether ``c`` beats the trick's current best card (equal cards: the first wins)."""
    cs, bs = c >> 3, best >> 3
    if cs == bs:
        return c > best
    return cs == trump


def trick_bonus(bonus: int, which: str, number: int, last: bool) -> int:
    """The bonus a trick carries (option ``last_trick_bonus``, ``bonus_trick``): ``bonus`` on
    the last trick (``which`` = ``"last"``) or on the first (``"first"``, ``number`` = 1).

    >>> trick_bonus(10, "last", 12, True), trick_bonus(10, "first", 1, False)
    (10, 10)
    >>> trick_bonus(10, "first", 12, True)
    0
    """
    if which == "first":
        return bonus if number == 1 else 0
    return bonus if last else 0


class TrickTable(Protocol):
    """A state's fields for the trick on the table (Doppelkopf, Luxusfamilie): its cards,
    its leader, the led group and the best card so far with its seat (-1 before the lead),
    the tricks done and how many each seat won."""

    trick: list[Card]
    trick_leader: int
    to_move: int
    led: int
    win_card: int
    win_seat: int
    tricks: list[Trick]
    tricks_won: list[int]


def book_trick(state: TrickTable, points: int, taken: list[int]) -> int:
    """Close the trick on the table: it goes to its winner with its ``points`` (added to
    his in ``taken``), and he leads the next one. Returns the winner."""
    w = state.win_seat
    state.tricks.append(Trick(state.trick_leader, tuple(state.trick), w, points))
    taken[w] += points
    state.tricks_won[w] += 1
    state.trick = []
    state.led = state.win_card = state.win_seat = -1
    state.trick_leader = state.to_move = w
    return w


__all__ = ["NONE", "PLAY_ACTIONS", "PLAY_LOOKUP", "Trick", "TrickTable", "beats", "book_trick",
           "choose_card", "legal_mask", "play_actions", "play_card", "trick_bonus"]
