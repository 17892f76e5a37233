"""Scoring per seed 002 (RULES §8): who reached his goal, the points a-e, the special points
and the scores per seat (:class:`DokoResult`).

- Goals: Re wins with 121 Augen (120 if only Kontra was announced), Kontra with 120 (121 if
  only Kontra was announced); an Absage adds "the opponents below 90 / 60 / 30 / no trick";
  with ``reach_absage_wins`` (DKV) reaching what the opponents' Absage denied is enough.
- a) won 1; b) each Ansage 2 to the winner; c) the winner gets 1 each for the opponents under
  90, 60, 30 and schwarz (either party when nobody wins); d) each Absage step 1 to the
  winner; e) 1 for 120 / 90 / 60 / 30 Augen against keine 90 / 60 / 30 / schwarz.
- Special points (not in games scored as a solo): gegen die Alten, Doppelkopf, Fuchs
  gefangen, Karlchen.
- After a Genscher (:mod:`.genscher`) the parties are the new ones for everything: the Augen
  and tricks of the whole deal, the goals with the announcements as carried over, and the
  special points of every trick.
- Two against two each Re player scores the value (Re's points minus Kontra's) and each
  Kontra player minus it; a soloist scores three times the value.

Scoring reads only the facts of a deal (:class:`~.facts.DokoFacts`): the engine's state
states them at the end of a deal, the score pad gathers them from the players, and both call
:func:`score`. Each scoring row is a function of its own (as FreeDoko scores them), and the
tests a bot needs are public: :func:`reached` (a party reached its goal), :func:`winner`,
:func:`re_wins`, :func:`keine` (the opponents stayed below 90 / 60 / 30), :func:`schwarz`
(they took no trick), :func:`re_value` (the value of a deal from its Augen, tricks and
announcements).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.outcome import Outcome
from ...core.outcome import Termination
from .announcements import ABSAGEN
from .announcements import DENIED
from .announcements import SCHWARZ
from .announcements import level_name
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import RE
from .deal import STILLE_HOCHZEIT
from .deal import THROWN_IN
from .facts import PARTY_INDEX
from .facts import DokoFacts
from .facts import PartyPair
from .facts import facts_of
from .facts import scored_as_solo
from .facts import special_points
from .rules import DokoRules
from .texts import TEXTS

if TYPE_CHECKING:
    from .state import DokoState

# One scoring line: (what, party, points).
Line = tuple[str, str, int]
OTHER = {RE: KONTRA, KONTRA: RE}


@dataclass(frozen=True)
class DokoResult(Outcome):
    """The outcome of one deal: per-seat scores and every scoring line that made them."""

    re_seats: tuple[int, ...]
    solo: bool                      # scored as a solo (x3, no special points)
    re_points: int                  # Augen of the Re party
    kontra_points: int
    winner: str | None              # "re", "kontra" or None (nobody reached the goal)
    announced: tuple[int, int]      # levels of Re and Kontra (-1 none, 0 Ansage, 1..4 Absage)
    lines: tuple[tuple[str, str, int], ...]   # (what, party, points)
    value: int                      # net game value for the Re party (before x3)
    notes: tuple[str, ...] = ()
    pflichtsolo: bool = False
    bock: int = 0                   # Bock level: the scores count 2**bock times
    genscher: tuple[int, int] | None = None   # (its player, the partner he named)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scores": list(self.scores), "contract": self.contract,
                "re_seats": list(self.re_seats), "solo": self.solo,
                "re_points": self.re_points, "kontra_points": self.kontra_points,
                "winner": self.winner,
                "announced": {"re": level_name(self.announced[0]),
                              "kontra": level_name(self.announced[1])},
                "lines": [[w, p, n] for w, p, n in self.lines], "value": self.value,
                "notes": list(self.notes), "pflichtsolo": self.pflichtsolo, "bock": self.bock}
        if self.genscher is not None:  # only then: results without one read as before
            out["genscher"] = list(self.genscher)
        return out


# ---------------------------------------------------------------------- the tests
def augen_needed(party: str, announced: tuple[int, int]) -> int:
    """The Augen ``party`` needs to win (before any Absage): Re 121 and Kontra 120, the other
    way round when Kontra was announced and Re was not.

    >>> augen_needed("re", (-1, -1)), augen_needed("re", (-1, 0)), augen_needed("kontra", (0, 0))
    (121, 120, 120)
    """
    only_kontra = announced[1] >= 0 > announced[0]
    if party == RE:
        return 120 if only_kontra else 121
    return 121 if only_kontra else 120


def keine(limit: int, opponents_augen: int) -> bool:
    """The opponents stayed below ``limit`` Augen (keine 90, 60, 30: ``limit`` 90, 60, 30).

    >>> keine(90, 89), keine(90, 90)
    (True, False)
    """
    return opponents_augen < limit


def schwarz(opponents_tricks: int) -> bool:
    """The opponents took no trick: schwarz is counted by tricks, not by Augen (a trick of
    four nines is worth 0 Augen and still no schwarz).

    >>> schwarz(0), schwarz(1)
    (True, False)
    """
    return opponents_tricks == 0


def denied(level: int, opponents_augen: int, opponents_tricks: int) -> bool:
    """The opponents were held to what an Absage of ``level`` (1-4: keine 90, 60, 30,
    schwarz) denies them."""
    if level == SCHWARZ:
        return schwarz(opponents_tricks)
    return keine(DENIED[level], opponents_augen)


def reached(party: str, augen: PartyPair, tricks: PartyPair, announced: PartyPair,
            rules: DokoRules) -> bool:
    """Whether ``party`` reached its Spielziel with ``augen`` and ``tricks`` (Re's, Kontra's)
    against the ``announced`` levels: its Augen (:func:`augen_needed`), with
    ``reach_absage_wins`` (DKV) what the opponents' Absage denied it, and every Absage of
    its own kept.

    >>> r, plain = DokoRules(), (-1, -1)
    >>> reached("re", (121, 119), (6, 6), plain, r), reached("kontra", (121, 119), (6, 6), plain, r)
    (True, False)
    >>> reached("re", (150, 90), (8, 4), (1, -1), r)   # keine 90 said, Kontra has 90
    False
    """
    me, opp = PARTY_INDEX[party], PARTY_INDEX[OTHER[party]]
    ok = augen[me] >= augen_needed(party, announced)
    theirs = announced[opp]
    if rules.reach_absage_wins and theirs >= 1:
        # DKV: against the opponents' Absage, reaching what they denied is enough.
        ok = ok or (tricks[me] > 0 if theirs == SCHWARZ else augen[me] >= DENIED[theirs])
    for lv in range(1, announced[me] + 1):   # own Absagen: the opponents must stay below
        ok = ok and denied(lv, augen[opp], tricks[opp])
    return ok


def winner(augen: PartyPair, tricks: PartyPair, announced: PartyPair,
           rules: DokoRules) -> str | None:
    """The party that reached its goal, None when neither did.

    >>> winner((120, 120), (6, 6), (-1, -1), DokoRules())
    'kontra'
    >>> winner((150, 90), (8, 4), (1, -1), DokoRules()) is None
    True
    """
    winners = [p for p in (RE, KONTRA) if reached(p, augen, tricks, announced, rules)]
    assert len(winners) <= 1, "both parties cannot reach their goal"
    return winners[0] if winners else None


def re_wins(augen: PartyPair, tricks: PartyPair, announced: PartyPair,
            rules: DokoRules) -> bool:
    """Whether Re reached its goal."""
    return reached(RE, augen, tricks, announced, rules)


# ---------------------------------------------------------------------- the rows
def won_lines(win: str | None, announced: PartyPair) -> list[Line]:
    """a) won 1, b) each Ansage 2 and d) each Absage step 1: all to the winner."""
    if win is None:
        return []
    out = [("gewonnen", win, 1)]
    out += [(f"{p} angesagt", win, 2) for p in (RE, KONTRA) if announced[PARTY_INDEX[p]] >= 0]
    out += [(f"{ABSAGEN[lv - 1]} abgesagt ({p})", win, 1) for p in (RE, KONTRA)
            for lv in range(1, announced[PARTY_INDEX[p]] + 1)]
    return out


def below_lines(win: str | None, augen: PartyPair, tricks: PartyPair) -> list[Line]:
    """c) the winner (either party when nobody won) 1 each for the opponents under 90, 60,
    30 and schwarz."""
    out: list[Line] = []
    for p in (RE, KONTRA):
        if win is not None and p != win:
            continue
        opp = PARTY_INDEX[OTHER[p]]
        out += [(f"{label} gespielt", p, 1) for limit, label in
                ((90, "keine 90"), (60, "keine 60"), (30, "keine 30"))
                if keine(limit, augen[opp])]
        if schwarz(tricks[opp]):
            out.append(("schwarz gespielt", p, 1))
    return out


def against_absage_lines(augen: PartyPair, announced: PartyPair) -> list[Line]:
    """e) 1 for 120 / 90 / 60 / 30 Augen against the opponents' keine 90 / 60 / 30 /
    schwarz."""
    return [(f"{need} gegen {ABSAGEN[lv - 1]}", p, 1) for p in (RE, KONTRA)
            for lv, need in ((1, 120), (2, 90), (3, 60), (4, 30))
            if announced[PARTY_INDEX[OTHER[p]]] >= lv and augen[PARTY_INDEX[p]] >= need]


def special_lines(win: str | None, specials: Iterable[tuple[str, str]]) -> list[Line]:
    """The special points (not in a game scored as a solo): gegen die Alten when Kontra
    wins, then those of the tricks."""
    out = [("gegen die Alten", KONTRA, 1)] if win == KONTRA else []
    return out + [(what, p, 1) for what, p in specials]


def value_of(lines: Iterable[Line]) -> int:
    """The net value for Re: Re's points minus Kontra's."""
    return sum(x if p == RE else -x for _, p, x in lines)


def re_value(augen: PartyPair, tricks: PartyPair, announced: PartyPair, rules: DokoRules,
             solo: bool = False) -> int:
    """The deal's value for Re (before a solo's factor 3) from the rows a-e and, unless
    ``solo``, gegen die Alten: every line but the special points of the tricks.

    >>> re_value((151, 89), (7, 5), (0, -1), DokoRules())   # won, Re angesagt, keine 90
    4
    """
    win = winner(augen, tricks, announced, rules)
    lines = won_lines(win, announced) + below_lines(win, augen, tricks) \
        + against_absage_lines(augen, announced)
    if not solo:
        lines += special_lines(win, ())
    return value_of(lines)


# ---------------------------------------------------------------------- the result
def notes_of(f: DokoFacts) -> list[str]:
    """What the result notes: a Hochzeit without partner, a stille Hochzeit, a Genscher."""
    words = TEXTS.sections["notes"]
    notes = []
    if f.contract == HOCHZEIT and not f.partner_found:
        notes.append(words["no_partner"])
    if f.contract == STILLE_HOCHZEIT:
        notes.append(words["stille"])
    if f.genscher is not None:
        notes.append(words["genscher"].format(*f.genscher))
        if f.stille_genscher:
            notes.append(words["genscher_stille"])
    return notes


def _thrown_in(f: DokoFacts) -> DokoResult:
    note = TEXTS.sections["notes"]["thrown_in" if f.armut_declined else "thrown_in_hand"]
    return DokoResult(re_seats=(), solo=False, re_points=0, kontra_points=0, winner=None,
                      announced=(-1, -1), lines=(), value=0, notes=(note,),
                      scores=(0,) * f.players, contract=THROWN_IN,
                      termination=Termination.THROWN_IN)


def score(f: DokoFacts, rules: DokoRules) -> DokoResult:
    """Score the deal of the facts ``f`` per seed 002 (RULES §8) under ``rules`` (the deal's
    own: its ``bock_level`` multiplies the scores)."""
    if f.contract == THROWN_IN:
        return _thrown_in(f)
    win = winner(f.augen, f.tricks, f.announced, rules)
    lines = won_lines(win, f.announced) + below_lines(win, f.augen, f.tricks) \
        + against_absage_lines(f.augen, f.announced)
    if not f.solo:
        lines += special_lines(win, f.specials)
    value = value_of(lines)
    scores = [0] * f.players
    factor = 3 if len(f.re_seats) == 1 else 1   # the soloist scores three times
    bock = 2 ** rules.bock_level                 # a Bock deal counts double (twice: four times)
    for s in f.re_seats:
        scores[s] = factor * value * bock
    for s in f.kontra_seats:
        scores[s] = -value * bock
    # The soloist of a game scored as a solo (for score sheets and the arena) and whether
    # he won; None when no one played alone.
    soloist = f.re_seats[0] if f.solo and len(f.re_seats) == 1 else None
    return DokoResult(re_seats=f.re_seats, solo=f.solo, re_points=f.augen[0],
                      kontra_points=f.augen[1], winner=win, announced=f.announced,
                      lines=tuple(lines), value=value, notes=tuple(notes_of(f)),
                      pflichtsolo=f.pflicht, scores=tuple(scores), bock=rules.bock_level,
                      genscher=f.genscher, contract=f.contract, declarer=soloist,
                      made=None if soloist is None else win == RE)


def score_deal(state: DokoState) -> DokoResult:
    """Score the finished deal ``state``: its facts under its rules."""
    return score(facts_of(state), state.rules)


__all__ = ["DokoFacts", "DokoResult", "Line", "against_absage_lines", "augen_needed",
           "below_lines", "denied", "facts_of", "keine", "notes_of", "re_value", "re_wins",
           "reached", "schwarz", "score", "score_deal", "scored_as_solo", "special_lines",
           "special_points", "value_of", "winner", "won_lines"]
