"""The score pad of Zweierbinokel (:class:`~binokel.core.pad.PadAdapter`): each player's
melds and trick points (the trick bonus included), scored by :func:`.scoring.score`.

>>> pad = ZweierPad()
>>> entry = pad.parse({"dealer": 0, "melds": [100, 40], "points": [130, 120]}, 2)
>>> pad.score(ZweierRules(), 2, entry)[1].scores
(230, 160)
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import cast

from ...core.outcome import Outcome
from ...core.pad import MAX_NUMBER
from ...core.pad import PadBook
from ...core.pad import PadForm
from ...core.pad import PerSeatField
from ...core.pad import PlainPad
from ...core.pad import check_multiples
from ...core.pad import entry_json
from ...core.pad import only_fields
from ...core.pad import pad_words
from ...core.pad import per_seat
from ...core.pad import read_dealer
from ...core.pad import read_ints
from ...core.pad import read_text
from ...core.pad import refuse
from ...core.pad import words_of
from ...core.rules import RuleSet
from .deal import full_deck
from .facts import ZweierFacts
from .rules import ZweierRules
from .scoring import score
from .texts import TEXTS

MAX_MELD = 5000
# "contract" only as "normal": older pads wrote it for every game.
ASKED = ("dealer", "melds", "points", "contract")
_WORDS = TEXTS.sections["pad"]


@dataclass(frozen=True)
class ZweierEntry:
    """One deal: each player's ``melds`` and ``points`` (trick points, bonus included)."""

    dealer: int
    melds: tuple[int, ...] = ()
    points: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return entry_json(self, {"dealer": self.dealer})


def points_total(rules: ZweierRules) -> int:
    """What a deal hands out in trick points: the deck's card points (240 under either
    ``card_points``) plus the trick bonus."""
    return sum(rules.points[c & 7] for c in full_deck(rules)) + rules.last_trick_bonus


class ZweierPad(PlainPad[ZweierEntry]):
    """The score pad of Zweierbinokel."""

    def parse(self, data: Mapping[str, Any], players: int) -> ZweierEntry:
        only_fields(data, ASKED, "zweier")
        if read_text(data.get("contract", "normal"), "contract", 20) != "normal":
            raise refuse("contract", "zweier does not ask for it")
        return ZweierEntry(dealer=read_dealer(data, players),
                           melds=read_ints(data.get("melds", []), "melds", 0, MAX_NUMBER),
                           points=read_ints(data.get("points", []), "points", 0, MAX_NUMBER))

    def score(self, rules: RuleSet, players: int,
              entry: ZweierEntry) -> tuple[ZweierEntry, Outcome]:
        r = cast(ZweierRules, rules)
        return entry, score(self.facts(r, players, entry), r)

    def facts(self, rules: ZweierRules, players: int, e: ZweierEntry) -> ZweierFacts:
        """The facts of the deal ``e`` says, checked against ``rules``. Who took the bonus
        trick is on no pad: it names a line of the result, not a score."""
        melds = per_seat(e.melds, "melds", players) if e.melds else [0] * players
        points = per_seat(e.points, "points", players)
        check_multiples(melds, "melds", 10, MAX_MELD)
        total = points_total(rules)
        if sum(points) != total:
            raise refuse("points", f"trick points add up to {sum(points)}, not {total} "
                         "(the cards' points and the last-trick bonus)",
                         pad_words("points_sum", n=sum(points), total=total))
        return ZweierFacts(meld_points=(melds[0], melds[1]), trick_points=(points[0], points[1]),
                           tricks_won=(1 if points[0] else 0, 1 if points[1] else 0),
                           first_trick=e.dealer, last_trick=e.dealer)

    def form(self, rules: RuleSet, names: Sequence[str], book: PadBook) -> PadForm:
        r = cast(ZweierRules, rules)
        everyone = tuple(range(len(names)))
        return PadForm(
            fields=(PerSeatField("melds", words_of(_WORDS, "melds"), step=10, high=MAX_MELD),
                    PerSeatField("points", words_of(_WORDS, "points"),
                                 total=points_total(r))),
            in_play=(everyone,) * len(names))

    def describe(self, entry: ZweierEntry, outcome: Outcome, rules: RuleSet,
                 names: Sequence[str]) -> dict[str, str]:
        return {}


__all__ = ["ZweierEntry", "ZweierPad", "points_total"]
