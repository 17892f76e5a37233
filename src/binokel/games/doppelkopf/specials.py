"""Doppelkopf's special points (Sonderpunkte) other than gegen die Alten, one table: what each
is called, whether the rules score it and how often one deal can have it, whether it belongs
to the last trick, the words of its scoring line, and how a trick gives it.

The facts of a deal (:mod:`.facts`), the score pad (:mod:`.pad`) and the presenter read this
table alone, so that a new special point is a row here, the option that turns it on
(:mod:`.rules`) and its words (``texts.toml``: the option, ``[table]`` ``words`` of its
scoring line, ``[pad_specials]`` as a pad asks for it).

>>> [s.name for s in SPECIALS if s.most(DokoRules())]
['Doppelkopf', 'Fuchs gefangen', 'Karlchen']
>>> next(s for s in SPECIALS if s.name == "Karlchen gefangen").off(DokoRules(karlchen="off"))
'karlchen'
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.cards import SA
from ...core.cards import Card
from ...core.trick import Trick
from .deal import KONTRA
from .deal import RE
from .order import karlchen_card
from .rules import DokoRules


@dataclass(frozen=True)
class Seen:
    """One trick as a special point looks at it: the trick, who played each card
    (``played``: (seat, card) in playing order), the party of its winner, a seat's party,
    whether it is the deal's last, whether the foxes are Füchse (not Schweinchen) and the
    rules."""

    trick: Trick
    played: tuple[tuple[int, Card], ...]
    winner_party: str
    party: Callable[[int], str]
    last: bool
    foxes: bool
    rules: DokoRules

    def won_by(self, card: Card | None) -> bool:
        """The trick's winner played ``card``."""
        return any(seat == self.trick.winner and c == card for seat, c in self.played)

    def caught(self, card: Card | None) -> int:
        """How many of ``card`` the other party than the winner's played into it."""
        return sum(1 for seat, c in self.played
                   if c == card and self.party(seat) != self.winner_party)


@dataclass(frozen=True)
class Special:
    """A special point: its ``name`` (as scoring lines and entries say it), ``words`` (the
    key of its scoring line's words in ``texts.toml`` ``[table]``), ``off``: the option
    that keeps the rules from scoring it ("" when they score it), ``most``: how often one
    deal can have it (0: not scored), ``last_trick``: it goes with the last trick, and
    ``found``: how often a trick gives it (to the trick's winner)."""

    name: str
    words: str
    off: Callable[[DokoRules], str]
    most: Callable[[DokoRules], int]
    found: Callable[[Seen], int]
    last_trick: bool = False


def _karlchen_off(option: str) -> Callable[[DokoRules], str]:
    def off(rules: DokoRules) -> str:
        if rules.karlchen == "off":
            return "karlchen"
        return "" if getattr(rules, option) else option
    return off


def _counted(off: Callable[[DokoRules], str], most: int) -> Callable[[DokoRules], int]:
    return lambda rules: 0 if off(rules) else most


def _karlchen_won(s: Seen) -> int:
    return int(s.last and s.won_by(karlchen_card(s.rules)))


def _doppel_karlchen(s: Seen) -> int:
    # The winning Karlchen's second point when both lie in the last trick: a line of its own,
    # so that each line stays worth 1.
    karlchen = karlchen_card(s.rules)
    return int(_karlchen_won(s) > 0 and s.rules.karlchen_double
               and s.trick.cards.count(karlchen) == 2)


_ALWAYS: Callable[[DokoRules], str] = lambda rules: ""
_KARLCHEN = _karlchen_off("karlchen")
_KARLCHEN_DOUBLE = _karlchen_off("karlchen_double")
_KARLCHEN_CAUGHT = _karlchen_off("karlchen_gefangen")


def _fuchs_last_off(rules: DokoRules) -> str:
    return "" if rules.fuchs_last_trick else "fuchs_last_trick"


# In the order in which a trick's points are listed (the order of the result's lines).
SPECIALS: tuple[Special, ...] = (
    # a trick of 40 Augen or more
    Special("Doppelkopf", "it_doko", _ALWAYS, lambda rules: rules.hand_size,
            lambda s: int(s.trick.points >= 40)),
    # a Karo-As of the other party taken (not with Schweinchen)
    Special("Fuchs gefangen", "it_fuchs", _ALWAYS, lambda rules: 2,
            lambda s: s.caught(SA) if s.foxes else 0),
    # option karlchen: the Karo-Bube, or the Kreuz-Bube, wins the last trick
    Special("Karlchen", "it_karlchen", _KARLCHEN, _counted(_KARLCHEN, 1), _karlchen_won,
            last_trick=True),
    Special("Doppel-Karlchen", "it_karlchen_double", _KARLCHEN_DOUBLE,
            _counted(_KARLCHEN_DOUBLE, 1), _doppel_karlchen, last_trick=True),
    # a Karlchen of the other party taken in the last trick
    Special("Karlchen gefangen", "it_karlchen_caught", _KARLCHEN_CAUGHT,
            _counted(_KARLCHEN_CAUGHT, 2),
            lambda s: s.caught(karlchen_card(s.rules))
            if s.last and s.rules.karlchen_gefangen else 0, last_trick=True),
    # a Fuchs wins the last trick
    Special("Fuchs im letzten Stich", "it_fuchs_last", _fuchs_last_off,
            _counted(_fuchs_last_off, 1),
            lambda s: int(s.last and s.rules.fuchs_last_trick and s.foxes and s.won_by(SA)),
            last_trick=True),
)
BY_NAME = {s.name: s for s in SPECIALS}


def scored(rules: DokoRules) -> dict[str, int]:
    """The special points the rules score, each with the most one deal can have.

    >>> scored(DokoRules(karlchen="off", fuchs_last_trick=True))
    {'Doppelkopf': 12, 'Fuchs gefangen': 2, 'Fuchs im letzten Stich': 1}
    """
    return {s.name: s.most(rules) for s in SPECIALS if s.most(rules)}


def of_tricks(tricks: Sequence[Trick], re_seats: Collection[int], active: tuple[int, ...],
              foxes: bool, rules: DokoRules) -> list[tuple[str, str, int]]:
    """The special points the tricks give, as (what, party, trick number from 1)."""
    def party(seat: int) -> str:
        return RE if seat in re_seats else KONTRA

    out: list[tuple[str, str, int]] = []
    for n, t in enumerate(tricks, 1):
        i = active.index(t.leader)
        seats = [active[(i + k) % 4] for k in range(len(t.cards))]
        seen = Seen(t, tuple(zip(seats, t.cards, strict=True)), party(t.winner), party,
                    n == len(tricks), foxes, rules)
        for special in SPECIALS:
            out += [(special.name, seen.winner_party, n)] * special.found(seen)
    return out


__all__ = ["BY_NAME", "SPECIALS", "Seen", "Special", "of_tricks", "scored"]
