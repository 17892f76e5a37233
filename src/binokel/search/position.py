"""A play-phase position of a trick game of the Binokel family, as the search sees it.

Every game of the family (Binokel, Kreuzbinokel, Zweierbinokel after the stock,
Luxusfamilie, Doppelkopf) can describe the rest of its play with the same few pieces:

- the hands (card sets: two bits per card, see :mod:`binokel.core.cards`) and the seats in
  playing order;
- which seats the search maximises for (the declarer's party, one Luxusfamilie player, the Re
  party) and, for Kreuzbinokel's partner exemption, who are partners;
- the trick in progress (who led, the cards so far);
- how cards win tricks (:class:`CardOrder`: per card a *group*, a suit or "trump", and a power
  within the group), which cards may be played (:class:`Follow`), the card points, the bonus
  for the last trick and the goal (:class:`Goal`).

A :class:`Position` is plain data and checks itself when it is built: a bad position raises
``ValueError`` with a reason, never a crash inside the search.

>>> from binokel.core.cards import cardset, parse_cards, SUITS
>>> order = CardOrder.suits(trump=2)
>>> p = Position(hands=(cardset(parse_cards("HA EK")), cardset(parse_cards("H10 E10")),
...                     cardset(parse_cards("EA HU"))),
...              order=(0, 1, 2), maximiser=(True, False, False), leader=0, trick=(),
...              cards=order, points=CLASSIC_POINTS, last_trick_bonus=10)
>>> p.to_move, p.tricks_left
(0, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from ..core.cards import Card
from ..core.cards import CardSet
from ..core.cards import card_token

TRUMP_GROUP = 4
"""The group of the trump cards when trumps are not one suit (Doppelkopf)."""

MAX_SEATS = 8
MAX_GROUPS = 8
MAX_POINTS_PER_CARD = 1000


class Goal(enum.IntEnum):
    """What the maximising side plays for.

    ``POINTS``: the value is the card points (and the last-trick bonus) it still takes.
    ``DURCH``: 1 if it takes every remaining trick, else 0. ``UNTENDURCH``: 1 if it takes
    none, else 0.
    """

    POINTS = 0
    DURCH = 1
    UNTENDURCH = 2


class FollowRule(enum.IntEnum):
    """The family's rules for the cards a player may add to a trick.

    ``BINOKEL``: Farbzwang, Stichzwang and Trumpfzwang (RULES §4) with the flags of
    :class:`Follow` (Zweierbinokel after the stock: ``must_beat`` may be off).
    ``FOLLOW_GROUP``: follow the led group if possible, else anything (Doppelkopf).
    ``LUXUS``: follow the led suit; void, trump unless trump was led, as ``trump_duty`` says;
    no duty to beat (Luxusfamilie).
    """

    BINOKEL = 0
    FOLLOW_GROUP = 1
    LUXUS = 2


class TrumpDuty(enum.IntEnum):
    """Luxusfamilie's option ``trump_duty``: when a void player must trump."""

    ALWAYS = 0
    UNTRUMPED = 1   # only while no trump lies in the trick
    NONE = 2


@dataclass(frozen=True)
class Follow:
    """A follow rule with its options.

    ``must_beat``: who follows a plain suit must beat its best card if he can (a led trump
    must always be beaten). ``must_overtrump``: a void player who trumps must beat the best
    trump if he can. ``must_trump_lower``: a void player who cannot overtrump must still
    trump. ``partner_exemption``: while a partner wins the trick, only follow suit.
    """

    rule: FollowRule = FollowRule.BINOKEL
    must_beat: bool = True
    must_overtrump: bool = True
    must_trump_lower: bool = True
    partner_exemption: bool = False
    trump_duty: TrumpDuty = TrumpDuty.ALWAYS

    def flags(self) -> int:
        """The boolean options as bits (the compiled core's encoding)."""
        return (self.must_beat | self.must_overtrump << 1 | self.must_trump_lower << 2
                | self.partner_exemption << 3)


@dataclass(frozen=True)
class CardOrder:
    """How cards win tricks: ``group[c]`` (-1: no such card in the game) and ``power[c]`` for
    each of the 32 card slots, the ``trump`` group (-1: none), and ``second_beats``: cards of
    which a later copy beats an earlier one in the same trick (Doppelkopf's second Dulle).

    A card beats the trick's best card if it is of the same group and more powerful (or an
    equal card in ``second_beats``), or a trump on a plain card. Distinct cards of one group
    must differ in power.
    """

    group: tuple[int, ...]
    power: tuple[int, ...]
    trump: int = -1
    second_beats: frozenset[Card] = field(default_factory=frozenset)

    @classmethod
    def suits(cls, trump: int = -1, ranks: Sequence[int] = range(7)) -> CardOrder:
        """The Binokel order: four suits, power by rank slot, ``trump`` a suit or -1."""
        group = tuple(c >> 3 if (c & 7) in ranks else -1 for c in range(32))
        return cls(group, tuple(c & 7 for c in range(32)), trump)

    def __post_init__(self) -> None:
        if len(self.group) != 32 or len(self.power) != 32:
            raise ValueError("a card order needs a group and a power for each of 32 cards")
        if not -1 <= self.trump < MAX_GROUPS:
            raise ValueError(f"trump group {self.trump} is not -1..{MAX_GROUPS - 1}")
        seen: dict[tuple[int, int], int] = {}
        for c in range(32):
            g = self.group[c]
            if not -1 <= g < MAX_GROUPS:
                raise ValueError(f"card {c}: group {g} is not -1..{MAX_GROUPS - 1}")
            if g < 0:
                continue
            if (g, self.power[c]) in seen:
                raise ValueError(f"cards {seen[g, self.power[c]]} and {c} have the same "
                                 "group and power")
            seen[g, self.power[c]] = c
        for c in self.second_beats:
            if not 0 <= c < 32 or self.group[c] < 0:
                raise ValueError(f"second_beats: {c} is no card of this order")

    def beats(self, c: Card, best: Card) -> bool:
        """Whether ``c``, played later, beats the trick's best card ``best``."""
        g, gb = self.group[c], self.group[best]
        if g == gb:
            return self.power[c] > self.power[best] or (c == best and c in self.second_beats)
        return g == self.trump and self.trump >= 0


CLASSIC_POINTS: tuple[int, ...] = tuple((0, 0, 2, 3, 4, 10, 11, 0)[c & 7] for c in range(32))
TOURNAMENT_POINTS: tuple[int, ...] = tuple((0, 0, 0, 0, 10, 10, 10, 0)[c & 7]
                                           for c in range(32))


@dataclass(frozen=True)
class Position:
    """A play-phase position (see the module's docstring).

    ``hands[s]`` is seat ``s``'s card set (seats not in ``order`` must be empty); ``order``
    the seats in play in playing order; ``maximiser[s]`` whether seat ``s`` plays for the
    value; ``partners[s]`` a party id for the partner exemption (default: the side);
    ``leader`` who led the trick in progress, ``trick`` its cards so far; ``points[c]`` the
    card points of each card slot.
    """

    hands: tuple[CardSet, ...]
    order: tuple[int, ...]
    maximiser: tuple[bool, ...]
    leader: int
    trick: tuple[Card, ...]
    cards: CardOrder
    points: tuple[int, ...]
    last_trick_bonus: int = 0
    follow: Follow = field(default_factory=Follow)
    goal: Goal = Goal.POINTS
    partners: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        # In this order, so that the first thing wrong is the one reported.
        self._check_seats()
        self._check_scoring()
        self._check_trick()
        self._check_cards()
        self._check_turn()

    def _check_seats(self) -> None:
        """The seats in play, their sides and who leads the trick in progress."""
        n_seats = len(self.hands)
        if not 2 <= len(self.order) <= MAX_SEATS:
            raise ValueError(f"{len(self.order)} seats in play; 2..{MAX_SEATS} are possible")
        if len(set(self.order)) != len(self.order) or any(
                not 0 <= s < n_seats for s in self.order):
            raise ValueError(f"order {self.order} must name distinct seats 0..{n_seats - 1}")
        if len(self.maximiser) != n_seats:
            raise ValueError("maximiser needs one entry per seat")
        if self.partners is not None and len(self.partners) != n_seats:
            raise ValueError("partners needs one entry per seat")
        if not any(self.maximiser[s] for s in self.order):
            raise ValueError("no seat in play maximises")

    def _check_scoring(self) -> None:
        """The card points and the last trick's bonus, within what the core can add up."""
        if len(self.points) != 32 or any(
                not 0 <= p <= MAX_POINTS_PER_CARD for p in self.points):
            raise ValueError(f"points: 32 values 0..{MAX_POINTS_PER_CARD} are needed")
        if not 0 <= self.last_trick_bonus <= 100 * MAX_POINTS_PER_CARD:
            raise ValueError(f"last_trick_bonus {self.last_trick_bonus} is out of range")

    def _check_trick(self) -> None:
        """The trick in progress: led by a seat in play, not complete yet."""
        if self.leader not in self.order:
            raise ValueError(f"the leader {self.leader} is not a seat in play")
        if len(self.trick) >= len(self.order):
            raise ValueError("the trick in progress is already complete")

    def _check_cards(self) -> None:
        """Every card in the hands and the trick is a card of the order, at most twice."""
        counts = [0] * 32
        for s, h in enumerate(self.hands):
            self._check_hand(s, h, counts)
        for c in self.trick:
            if not 0 <= c < 32 or self.cards.group[c] < 0:
                raise ValueError(f"trick card {c} is not a card of this order")
            counts[c] += 1
        for c in range(32):
            if counts[c] > 2:
                raise ValueError(f"{card_token_safe(c)} is in play {counts[c]} times")

    def _check_hand(self, s: int, h: CardSet, counts: list[int]) -> None:
        """Seat ``s``'s hand ``h`` is a card set of cards of the order, empty for a seat not
        in play; its cards are added to ``counts``."""
        if not isinstance(h, int) or h < 0 or h >> 64:
            raise ValueError(f"hand {s} is not a card set")
        if h and s not in self.order:
            raise ValueError(f"seat {s} is not in play but holds cards")
        for c in range(32):
            k = (h >> (2 * c)) & 3
            if k == 3:
                raise ValueError(f"hand {s}: a card count of 3")
            if k and self.cards.group[c] < 0:
                raise ValueError(f"hand {s} holds {card_token_safe(c)}, not a card of "
                                 "this order")
            counts[c] += k

    def _check_turn(self) -> None:
        """The hands' sizes fit the trick in progress, and the player to move has a card."""
        sizes = self._sizes()
        played = self._played_this_trick()
        need = sizes[self.to_move]
        if need == 0:
            raise ValueError("the player to move has no card (the play is over)")
        for s in self.order:
            if sizes[s] != need - (1 if s in played else 0):
                raise ValueError(f"hand sizes {sizes} do not fit the trick in progress")

    def _sizes(self) -> list[int]:
        return [(h & _LOW).bit_count() + 2 * (h & (_LOW << 1)).bit_count()
                for h in self.hands]

    def _played_this_trick(self) -> list[int]:
        i = self.order.index(self.leader)
        n = len(self.order)
        return [self.order[(i + k) % n] for k in range(len(self.trick))]

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        i = self.order.index(self.leader)
        return self.order[(i + len(self.trick)) % len(self.order)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return self._sizes()[self.to_move]


_LOW = sum(1 << (2 * c) for c in range(32))


def card_token_safe(c: int) -> str:
    """A card's token, or its number when no Binokel card has that slot."""
    return card_token(c) if 0 <= c < 32 and c & 7 != 7 else f"card {c}"
