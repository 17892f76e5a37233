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
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import EO
from ...core.cards import SA
from ...core.cards import count
from ...core.outcome import Outcome
from ...core.outcome import Termination
from ...core.trick import Trick
from .announcements import ABSAGEN
from .announcements import DENIED
from .announcements import SCHWARZ
from .announcements import level_name
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import NORMAL
from .deal import RE
from .deal import STILLE_HOCHZEIT
from .deal import THROWN_IN
from .order import karlchen_card
from .rules import DokoRules
from .texts import TEXTS

if TYPE_CHECKING:
    from .state import DokoState


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


def scored_as_solo(state: DokoState) -> bool:
    """A declared solo, a stille Hochzeit, or a Hochzeit without partner (a Karo-Solo)."""
    c = state.contract or NORMAL
    return (c.startswith("solo") or c == STILLE_HOCHZEIT
            or (c == HOCHZEIT and state.clarified_in > 0 and state.partner is None))


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


def reaches_goal(party: str, augen: tuple[int, int], tricks: tuple[int, int],
                 announced: tuple[int, int], rules: DokoRules) -> bool:
    """Whether ``party`` reached its Spielziel with ``augen`` and ``tricks`` (each Re's,
    Kontra's) under the announcements ``announced`` (the levels of Re and Kontra): its Augen
    (:func:`augen_needed`), or against the opponents' Absage with ``reach_absage_wins``
    (DKV) what they denied, and with its own Absagen the opponents below 90 / 60 / 30 or
    without a trick. The strong player asks the same (``strong.re_value``).

    >>> r = DokoRules()
    >>> reaches_goal("re", (121, 119), (6, 6), (-1, -1), r)
    True
    >>> reaches_goal("re", (150, 90), (8, 4), (1, -1), r)   # keine 90 said, 90 reached
    False
    >>> reaches_goal("re", (240, 0), (11, 1), (4, -1), r)   # schwarz: a trick of no Augen
    False
    """
    mine, theirs = (0, 1) if party == RE else (1, 0)
    level = announced[mine], announced[theirs]
    ok = augen[mine] >= augen_needed(party, announced)
    if rules.reach_absage_wins and level[1] >= 1:
        # DKV: against the opponents' Absage, reaching what they denied is enough.
        lv = level[1]
        ok = ok or (tricks[mine] > 0 if lv == SCHWARZ else augen[mine] >= DENIED[lv])
    for lv in range(1, level[0] + 1):  # own Absagen: the opponents must stay below
        ok = ok and (tricks[theirs] == 0 if lv == SCHWARZ else augen[theirs] < DENIED[lv])
    return ok


def score_deal(state: DokoState, specials: Sequence[tuple[str, str]] | None = None
               ) -> DokoResult:
    """Score a finished deal per seed 002 (RULES §8).

    ``specials`` (what, party) replaces the special points found in the tricks (all but
    gegen die Alten, which follows from the winner): a score pad of a deal played with real
    cards knows them from the players, not from tricks."""
    n = state.players
    contract = state.contract or NORMAL
    if contract == THROWN_IN:
        return DokoResult(re_seats=(), solo=False, re_points=0, kontra_points=0, winner=None,
                          announced=(-1, -1), lines=(), value=0,
                          notes=(TEXTS.sections["notes"][
                              "thrown_in" if state.armut_offer else "thrown_in_hand"],),
                          scores=(0,) * n,
                          contract=THROWN_IN, termination=Termination.THROWN_IN)
    rules = state.rules
    re_seats = tuple(sorted(state.re_seats))
    ko_seats = tuple(s for s in state.active if s not in state.re_seats)
    tp = state.trick_points
    pts = {RE: sum(tp[s] for s in re_seats), KONTRA: sum(tp[s] for s in ko_seats)}
    tricks = {RE: sum(state.tricks_won[s] for s in re_seats),
              KONTRA: sum(state.tricks_won[s] for s in ko_seats)}
    announced = (state.announced[0], state.announced[1])
    level = {RE: announced[0], KONTRA: announced[1]}
    other = {RE: KONTRA, KONTRA: RE}
    solo = scored_as_solo(state)
    notes: list[str] = []
    if contract == HOCHZEIT and state.partner is None:
        notes.append(TEXTS.sections["notes"]["no_partner"])
    if contract == STILLE_HOCHZEIT:
        notes.append(TEXTS.sections["notes"]["stille"])
    if state.genscher is not None:
        notes.append(TEXTS.sections["notes"]["genscher"].format(*state.genscher))
        if contract == NORMAL and any(count(state.initial_hands[s], EO) == 2
                                      for s in state.active):
            notes.append(TEXTS.sections["notes"]["genscher_stille"])

    def reached(p: str) -> bool:
        return reaches_goal(p, (pts[RE], pts[KONTRA]), (tricks[RE], tricks[KONTRA]),
                            announced, rules)

    winners = [p for p in (RE, KONTRA) if reached(p)]
    assert len(winners) <= 1, "both parties cannot reach their goal"
    winner = winners[0] if winners else None
    lines: list[tuple[str, str, int]] = []
    if winner is not None:
        lines.append(("gewonnen", winner, 1))                                   # a
        for p in (RE, KONTRA):                                                  # b
            if level[p] >= 0:
                lines.append((f"{p} angesagt", winner, 2))
        for p in (RE, KONTRA):                                                  # d
            for lv in range(1, level[p] + 1):
                lines.append((f"{ABSAGEN[lv - 1]} abgesagt ({p})", winner, 1))
    for p in (RE, KONTRA):                                                      # c
        if winner is not None and p != winner:
            continue
        o = other[p]
        for limit, label in ((90, "keine 90"), (60, "keine 60"), (30, "keine 30")):
            if pts[o] < limit:
                lines.append((f"{label} gespielt", p, 1))
        if tricks[o] == 0:
            lines.append(("schwarz gespielt", p, 1))
    for p in (RE, KONTRA):                                                      # e
        o = other[p]
        for lv, need in ((1, 120), (2, 90), (3, 60), (4, 30)):
            if level[o] >= lv and pts[p] >= need:
                lines.append((f"{need} gegen {ABSAGEN[lv - 1]}", p, 1))
    if not solo:
        lines += [(what, p, 1) for what, p, _ in special_points(
            state.tricks if specials is None else (), state.re_seats, state.active, winner,
            state.schweine is None, rules)]
        lines += [(what, p, 1) for what, p in specials or ()]
    value = sum(x for _, p, x in lines if p == RE) - sum(x for _, p, x in lines if p == KONTRA)
    scores = [0] * n
    factor = 3 if len(re_seats) == 1 else 1   # the soloist scores three times
    bock = 2 ** rules.bock_level               # a Bock deal counts double (twice: four times)
    for s in re_seats:
        scores[s] = factor * value * bock
    for s in ko_seats:
        scores[s] = -value * bock
    # The soloist of a game scored as a solo (for score sheets and the arena) and whether
    # he won; None when no one played alone.
    soloist = re_seats[0] if solo and len(re_seats) == 1 else None
    return DokoResult(re_seats=re_seats, solo=solo, re_points=pts[RE],
                      kontra_points=pts[KONTRA], winner=winner,
                      announced=announced, lines=tuple(lines), value=value,
                      notes=tuple(notes), pflichtsolo=state.pflicht, scores=tuple(scores),
                      bock=rules.bock_level, genscher=state.genscher,
                      contract=contract, declarer=soloist,
                      made=None if soloist is None else winner == RE)


def special_points(tricks: Sequence[Trick], re_seats: Collection[int],
                   active: tuple[int, ...], winner: str | None, foxes: bool,
                   rules: DokoRules | None = None) -> list[tuple[str, str, int]]:
    """The special points, each worth 1, as (what, party, trick number; 0: the deal):
    gegen die Alten (Kontra wins), Doppelkopf (a trick of 40 Augen or more), Fuchs gefangen
    (a Karo-As of the other party taken; not with Schweinchen, ``foxes`` False), Karlchen
    (option ``karlchen``: the Karo-Bube, or the Kreuz-Bube, wins the last trick), and with
    their options Karlchen gefangen (a Karlchen of the other party taken in the last trick),
    Doppel-Karlchen (the winning Karlchen's second point when both lie in the last trick;
    a line of its own so that each line stays worth 1) and Fuchs im letzten Stich (a Fuchs
    wins the last trick)."""
    rules = rules or DokoRules()
    karlchen = karlchen_card(rules)

    def party(seat: int) -> str:
        return RE if seat in re_seats else KONTRA

    out: list[tuple[str, str, int]] = []
    if winner == KONTRA:
        out.append(("gegen die Alten", KONTRA, 0))
    for n, t in enumerate(tricks, 1):
        wp = party(t.winner)
        if t.points >= 40:
            out.append(("Doppelkopf", wp, n))
        i = active.index(t.leader)
        seats = [active[(i + k) % 4] for k in range(len(t.cards))]
        if foxes:
            out += [("Fuchs gefangen", wp, n) for seat, c in zip(seats, t.cards, strict=True)
                    if c == SA and party(seat) != wp]
        if n == len(tricks):
            played = list(zip(seats, t.cards, strict=True))
            won = [("Karlchen", wp, n) for seat, c in played
                   if seat == t.winner and c == karlchen]
            out += won
            if won and rules.karlchen_double and t.cards.count(karlchen) == 2:
                out.append(("Doppel-Karlchen", wp, n))
            if rules.karlchen_gefangen:
                out += [("Karlchen gefangen", wp, n) for seat, c in played
                        if c == karlchen and party(seat) != wp]
            if rules.fuchs_last_trick and foxes:
                out += [("Fuchs im letzten Stich", wp, n) for seat, c in played
                        if seat == t.winner and c == SA]
    return out


__all__ = ["DokoResult", "augen_needed", "reaches_goal", "score_deal", "scored_as_solo",
           "special_points"]
