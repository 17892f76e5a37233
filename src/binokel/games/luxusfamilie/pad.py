"""The score pad of Luxusfamilie (:class:`~binokel.core.pad.PadAdapter`): the trump maker,
each player's melds (as they count with trump), power points (the bonus included) and, where
``meld_needs_trick`` makes them count, tricks; scored by :func:`.scoring.score`.

>>> pad = LuxusPad()
>>> entry = pad.parse({"dealer": 0, "declarer": 1, "melds": [100, 40, 0],
...                    "points": [0, 140, 100]}, 3)
>>> pad.score(LuxusRules(), 3, entry)[1].scores
(100, 180, 100)
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import cast

from ...core.outcome import Outcome
from ...core.pad import MAX_NUMBER
from ...core.pad import Field
from ...core.pad import PadBook
from ...core.pad import PadForm
from ...core.pad import PerSeatField
from ...core.pad import PlainPad
from ...core.pad import SeatField
from ...core.pad import check_multiples
from ...core.pad import entry_json
from ...core.pad import only_fields
from ...core.pad import pad_words
from ...core.pad import per_seat
from ...core.pad import read_dealer
from ...core.pad import read_ints
from ...core.pad import read_opt_int
from ...core.pad import read_text
from ...core.pad import refuse
from ...core.pad import tricks_from
from ...core.pad import words_of
from ...core.rules import RuleSet
from ..family.melds import MeldResult
from .deal import DECK
from .deal import hand_size
from .facts import LuxusFacts
from .rules import LuxusRules
from .scoring import POWER
from .scoring import score
from .texts import TEXTS

MAX_MELD = 5000
# "contract" only as "normal": older pads wrote it for every game.
ASKED = ("dealer", "declarer", "melds", "points", "tricks", "contract")
_WORDS = TEXTS.sections["pad"]


@dataclass(frozen=True)
class LuxusEntry:
    """One deal: the trump maker (``declarer``; None: not known), each player's ``melds``,
    ``points`` (power points) and ``tricks`` (where it matters; by default a player took a
    trick when he has points)."""

    dealer: int
    declarer: int | None = None
    melds: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    tricks: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return entry_json(self, {"dealer": self.dealer}, ("declarer",), ("tricks",))


def points_total(rules: LuxusRules) -> int:
    """The power points of the whole deck and the last-trick bonus."""
    return sum(POWER[c & 7] for c in DECK) + rules.last_trick_bonus


def points_exact(rules: LuxusRules, players: int) -> bool:
    """Whether the power points entered add up to :func:`points_total`: not where cards
    are set aside (five and seven players) and count for nobody."""
    return hand_size(players) * players == len(DECK) or rules.leftover == "last_trick"


class LuxusPad(PlainPad[LuxusEntry]):
    """The score pad of Luxusfamilie."""

    def parse(self, data: Mapping[str, Any], players: int) -> LuxusEntry:
        only_fields(data, ASKED, "luxusfamilie")
        if read_text(data.get("contract", "normal"), "contract", 20) != "normal":
            raise refuse("contract", "luxusfamilie does not ask for it")
        tricks = data.get("tricks")
        return LuxusEntry(dealer=read_dealer(data, players),
                          declarer=read_opt_int(data.get("declarer"), "declarer", 0, 8),
                          melds=read_ints(data.get("melds", []), "melds", 0, MAX_NUMBER),
                          points=read_ints(data.get("points", []), "points", 0, MAX_NUMBER),
                          tricks=None if tricks is None else read_ints(tricks, "tricks", 0, 48))

    def score(self, rules: RuleSet, players: int,
              entry: LuxusEntry) -> tuple[LuxusEntry, Outcome]:
        r = cast(LuxusRules, rules)
        return entry, score(self.facts(r, players, entry), r)

    def facts(self, rules: LuxusRules, players: int, e: LuxusEntry) -> LuxusFacts:
        """The facts of the deal ``e`` says, checked against ``rules``."""
        melds = per_seat(e.melds, "melds", players) if e.melds else [0] * players
        points = per_seat(e.points, "points", players)
        check_multiples(melds, "melds", 10, MAX_MELD)
        full = points_total(rules)
        if not points_exact(rules, players):
            # Which cards were set aside is chance: only the whole deck bounds the sum.
            if sum(points) > full:
                raise refuse("points", f"power points add up to {sum(points)}, more than "
                             f"the {full} the cards hold",
                             pad_words("power_points_over", n=sum(points), total=full))
        elif sum(points) != full:
            raise refuse("points", f"trick points add up to {sum(points)}, not {full} (the "
                         "cards' points and the last-trick bonus)",
                         pad_words("points_sum", n=sum(points), total=full))
        tricks = tricks_from(e.tricks, points, hand_size(players))
        if e.declarer is not None and not 0 <= e.declarer < players:
            raise refuse("declarer", f"a seat 0..{players - 1}")
        return LuxusFacts(melds=tuple(MeldResult((), m) for m in melds),
                          power_points=tuple(points), tricks_won=tuple(tricks),
                          trump_maker=e.declarer)

    def form(self, rules: RuleSet, names: Sequence[str], book: PadBook) -> PadForm:
        r = cast(LuxusRules, rules)
        n = len(names)
        fields: list[Field] = [
            SeatField("declarer", _w("trump_maker"), seats="all", none=_w("unknown")),
            PerSeatField("melds", _w("melds"), step=10, high=MAX_MELD),
            PerSeatField("points", _w("points"), total=points_total(r),
                         exact=points_exact(r, n), hint=None if points_exact(r, n) else
                         words_of(_WORDS, "points_aside", total=points_total(r)))]
        if r.meld_needs_trick:
            hand = hand_size(n)
            fields.append(PerSeatField("tricks", _w("tricks"), high=hand, total=hand,
                                       optional=True,
                                       hint=words_of(_WORDS, "tricks_hint", n=hand)))
        return PadForm(fields=tuple(fields), in_play=(tuple(range(n)),) * n)

    def describe(self, entry: LuxusEntry, outcome: Outcome, rules: RuleSet,
                 names: Sequence[str]) -> dict[str, str]:
        """Who made trump, where the players said."""
        if entry.declarer is None:
            return {}
        return words_of(_WORDS, "trump_by", name=names[entry.declarer])


def _w(key: str) -> dict[str, str]:
    return words_of(_WORDS, key)


__all__ = ["LuxusEntry", "LuxusPad", "points_exact", "points_total"]
