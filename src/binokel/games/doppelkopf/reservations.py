"""Vorbehalte: gesund or Vorbehalt, the question for each kind of reservation and the one
that is played, the stille Hochzeit, the Hochzeit's Klärungsstich and the start of play.

Everybody says ``gesund`` or ``vorbehalt`` in turn from Vorhand. If all are healthy a normal
game is played (a player with both Kreuz-Damen then plays a stille Hochzeit: a Karo-Solo).
Otherwise the players with a Vorbehalt are asked by kind, as the DDV asks (4.1): first for a
Pflichtsolo (option), then for a Lustsolo, then for a Hochzeit and an Armut (option, in the
order ``armut_over_hochzeit`` sets). At each question they are asked in seat order from
Vorhand, only those who hold such a reservation; each names his reservation or says ``pass``
(allowed only while he holds one asked for later). The first reservation named is played and
is the only one ever named: a Hochzeit behind a solo stays unknown. The Armut's exchange is in
:mod:`.armut`.

A Vorführung (option ``vorfuehren``, DDV: the round is running out of deals for the
Pflichtsoli still owed) skips all of this: the deal's rules name the seat (``vorgefuehrt``,
set by the series) and that seat is asked at once which solo it plays; nobody else says
anything, so no other reservation can take the game from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import CARD_POINTS
from ...core.cards import EO
from ...core.cards import KOENIG
from ...core.cards import NINE
from ...core.cards import SA
from ...core.cards import SUITS
from ...core.cards import CardSet
from ...core.cards import card
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import parse_suit
from ...core.cards import size
from ...core.errors import IllegalAction
from ...core.errors import RulesError
from . import schweinchen
from .deal import ARMUT
from .deal import ARMUT_GIVE
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import NORMAL
from .deal import PLAY
from .deal import SOLOS
from .deal import STILLE_HOCHZEIT
from .deal import THROWN_IN
from .deal import VORBEHALT
from .order import TRUMP
from .order import card_order
from .order import normal_trumps
from .rules import DokoRules

if TYPE_CHECKING:
    from .state import DokoState

_POINTS = CARD_POINTS["classic"]
# The Fuchs and the trumps below it (Karo 10 K 9): "the Fuchs is the highest trump".
_AT_MOST_FUCHS = sum(3 << (2 * c) for c in card_order("normal").trumps[9:])

# What each player says first (the words, not the phase).
HEALTHY, RESERVED = "gesund", "vorbehalt"
# The kinds of reservation asked for (``DokoState.asking``) besides HOCHZEIT and ARMUT, and
# the answer of a player without a reservation of the kind asked.
PFLICHTSOLO, LUSTSOLO, SCHMEISSEN, PASS = "pflichtsolo", "lustsolo", "schmeissen", "pass"
_QUESTION = {PFLICHTSOLO: "Pflichtsolo?", LUSTSOLO: "Lustsolo?", SCHMEISSEN: "Schmeißen?",
             HOCHZEIT: "Hochzeit?", ARMUT: "Armut?", "": "none"}
_SOLO_WORDS = {"könige": "koenige", "koenigssolo": "koenige", "königssolo": "koenige",
               "damen-buben": "damenbuben", "köhler": "koehler",
               "könig-buben": "koenigebuben", "koenig-buben": "koenigebuben",
               "könig-damen": "koenigedamen", "koenig-damen": "koenigedamen"}
_SOLO_NAMES = ("damen", "buben", "koenige", "damenbuben", "fleischlos", "koenigebuben",
               "koenigedamen", "koehler")
_SUIT_WORDS = {"kreuz": "E", "pik": "B", "karo": "S", "eichel": "E", "blatt": "B",
               "schellen": "S", "herz": "H", "grün": "B", "gruen": "B"}


# ----------------------------------------------------------------- the Vorführung
def vorgefuehrt_seat(rules: DokoRules, active: tuple[int, ...]) -> int | None:
    """The seat vorgeführt in a deal with these rules and seats in play (from Vorhand), or
    None. A seat named in ``vorgefuehrt`` must be in play and the first seat from Vorhand
    that owes its Pflichtsolo (DDV: "der als Nächster zum Kartengeber sitzt").

    >>> r = DokoRules(pflichtsolo=True, vorfuehren=True, pflicht_owed="13", vorgefuehrt=3)
    >>> vorgefuehrt_seat(r, (3, 0, 1, 2))
    3
    >>> vorgefuehrt_seat(r, (0, 1, 2, 3))
    Traceback (most recent call last):
    ...
    binokel.core.errors.RulesError: option 'vorgefuehrt': seat 3 is not the first seat ...
    """
    seat = rules.vorgefuehrt
    if seat < 0:
        return None
    rules.check_vorgefuehrt()   # also for rules built without from_preset
    if seat not in active:
        raise RulesError(f"option 'vorgefuehrt': seat {seat} is not in play in this deal")
    first = next(s for s in active if rules.owes_pflichtsolo(s))
    if first != seat:
        raise RulesError(f"option 'vorgefuehrt': seat {seat} is not the first seat after the "
                         f"dealer that owes a Pflichtsolo (seat {first} is)")
    return seat


def begin(state: DokoState) -> None:
    """The first question of a new deal: gesund or Vorbehalt from Vorhand; in a Vorführung
    only the seat vorgeführt is asked, for its solo."""
    seat = vorgefuehrt_seat(state.rules, state.active)
    if seat is None:
        state.phase, state.to_move = VORBEHALT, state.active[0]
    else:
        state.phase, state.asking, state.to_move = DECLARE, PFLICHTSOLO, seat


def _forced(state: DokoState, seat: int) -> str:
    return (f"seat {seat} is vorgeführt (Vorführen) and must play a solo: say "
            + ", ".join(solos_of(state.rules)))


# ----------------------------------------------------------------- gesund or Vorbehalt
def _say(state: DokoState, word: str, arg: str) -> str:
    if arg:
        raise IllegalAction(f"{word} {arg!r}: say just 'gesund' or 'vorbehalt'")
    seat = state.to_move
    state.vorbehalte[seat] = word
    i = state.active.index(seat)
    if i < 3:
        state.to_move = state.active[i + 1]
    elif all(state.vorbehalte[s] == HEALTHY for s in state.active):
        _start_normal(state)
    else:
        state.phase = DECLARE
        _ask_next(state, -1)
    return word


def gesund(state: DokoState, arg: str) -> str:
    """No reservation."""
    return _say(state, HEALTHY, arg)


def vorbehalt(state: DokoState, arg: str) -> str:
    """A reservation, declared once everybody has spoken."""
    return _say(state, RESERVED, arg)


# ----------------------------------------------------------------- declarations
# The Klärungsstich a bride may name (hochzeit_klaerung = wahl, FreeDoko): the first trick
# won by another player, the first led in a plain suit, the first led with trump, or the
# first led in the plain suit she names (Kreuz, Pik, Herz).
BRIDE_CHOICES = ("fremd", "fehl", "trumpf", "E", "B", "H")


def canonical_declaration(text: str) -> str | None:
    """A declaration as records write it, or None.

    >>> canonical_declaration("Solo kreuz"), canonical_declaration("solo Damen")
    ('solo E', 'solo damen')
    >>> canonical_declaration("Hochzeit herz"), canonical_declaration("hochzeit FEHL")
    ('hochzeit H', 'hochzeit fehl')
    """
    t = text.strip().lower().split()
    if t in ([HOCHZEIT], [ARMUT], [SCHMEISSEN], ["schmeißen"]):
        return SCHMEISSEN if t[0] == "schmeißen" else t[0]
    if len(t) == 2 and t[0] == HOCHZEIT:
        k = t[1] if t[1] in BRIDE_CHOICES else _SUIT_WORDS.get(t[1], t[1].upper())
        return f"{HOCHZEIT} {k}" if k in BRIDE_CHOICES else None
    if len(t) == 2 and t[0] == "solo":
        k = t[1]
        k = _SOLO_WORDS.get(k, k)
        if k in _SOLO_NAMES:
            return f"solo {k}"
        k = _SUIT_WORDS.get(k, k.upper())
        if k in ("E", "B", "H", "S"):
            return f"solo {k}"
    return None


def stages(state: DokoState) -> tuple[str, ...]:
    """The kinds of reservation asked for, in order (DDV 4.1): the Pflichtsolo (option), the
    Lustsolo, Schmeißen (options ``throw_*``; with ``throw_before_solo`` first of all), then
    Hochzeit and Armut (option) in the order ``armut_over_hochzeit`` sets."""
    r = state.rules
    low = (HOCHZEIT, ARMUT) if not r.armut_over_hochzeit else (ARMUT, HOCHZEIT)
    out = ([PFLICHTSOLO] if r.pflichtsolo else []) + [LUSTSOLO]
    if r.throws:   # throw_before_solo: before every solo, else after them
        out = [SCHMEISSEN, *out] if r.throw_before_solo else [*out, SCHMEISSEN]
    return tuple(out + [k for k in low if k != ARMUT or r.armut])


def may_throw(rules: DokoRules, hand: CardSet) -> bool:
    """Whether a hand may throw the deal in: :func:`throw_reasons` names a reason.

    >>> from binokel.core.cards import cardset, parse_cards
    >>> h = cardset(parse_cards("E9 E9 B9 H9 S9 EK BK HK EA EA BA BA"))
    >>> may_throw(DokoRules(throw_nines=5), h), may_throw(DokoRules(throw_nines=6), h)
    (True, False)
    >>> may_throw(DokoRules(throw_nines_kings=8), h), may_throw(DokoRules(throw_kings=5), h)
    (True, False)
    """
    return bool(throw_reasons(rules, hand))


def throw_reasons(rules: DokoRules, hand: CardSet) -> list[str]:
    """Why ``hand`` may throw the deal in under ``rules``: ``nines``, ``kings``,
    ``nines_kings`` (at least ``throw_nines`` / ``throw_kings`` / ``throw_nines_kings`` of
    them), ``points`` (at least ``throw_points`` Augen), ``one_trump`` (``throw_one_trump``:
    at most one trump) and ``fuchs_highest`` (``throw_fuchs_highest``: no trump above the
    Fuchs, a Karo-As, held); empty: it may not. Trumps are counted in the normal order.

    >>> from binokel.core.cards import cardset, parse_cards
    >>> h = cardset(parse_cards("SA S10 SK EA EA E10 BA BA B10 HA HA HK"))
    >>> throw_reasons(DokoRules(throw_points=100, throw_fuchs_highest=True), h)
    ['points', 'fuchs_highest']
    >>> throw_reasons(DokoRules(throw_one_trump=True), h)
    []
    """
    nines = sum(count(hand, card(s, NINE)) for s in SUITS) if rules.nines else 0
    kings = sum(count(hand, card(s, KOENIG)) for s in SUITS)
    out = [why for why, need, have in (
        ("nines", rules.throw_nines, nines), ("kings", rules.throw_kings, kings),
        ("nines_kings", rules.throw_nines_kings, nines + kings)) if 0 < need <= have]
    if rules.throw_points and augen(hand) >= rules.throw_points:
        out.append("points")
    trumps = normal_trumps(hand)
    if rules.throw_one_trump and size(trumps) <= 1:
        out.append("one_trump")
    if rules.throw_fuchs_highest and count(hand, SA) and trumps == trumps & _AT_MOST_FUCHS:
        out.append("fuchs_highest")
    return out


def augen(hand: CardSet) -> int:
    """The Augen of ``hand``."""
    return sum(_POINTS[c & 7] * count(hand, c) for c in distinct(hand))


def is_poor(rules: DokoRules, hand: CardSet) -> bool:
    """At most three trumps (normal order), the Füchse left out with
    ``armut_fuchs_uncounted``.

    >>> from binokel.core.cards import cardset, parse_cards
    >>> h = cardset(parse_cards("SA SA S10 SK EA EA E10 E10 BA BA HA HA"))
    >>> is_poor(DokoRules(), h), is_poor(DokoRules(armut_fuchs_uncounted=True), h)
    (False, True)
    """
    n = size(normal_trumps(hand))
    return n - (count(hand, SA) if rules.armut_fuchs_uncounted else 0) <= 3


def holds(state: DokoState, seat: int, kind: str) -> bool:
    """Whether ``seat`` may make a reservation of ``kind``: a Pflichtsolo while he owes it,
    a Lustsolo when he does not, Schmeißen with a hand :func:`may_throw` allows, a Hochzeit
    with both Kreuz-Damen, an Armut (option) with at most three trumps."""
    if kind == PFLICHTSOLO:
        return state.rules.owes_pflichtsolo(seat)
    if kind == LUSTSOLO:
        return not state.rules.owes_pflichtsolo(seat)
    if kind == HOCHZEIT:
        return count(state.hands[seat], EO) == 2
    if kind == SCHMEISSEN:
        return may_throw(state.rules, state.hands[seat])
    return state.rules.armut and is_poor(state.rules, state.hands[seat])


def declarations_for(state: DokoState, seat: int) -> list[str]:
    """What ``seat`` may say to the question asked now (``state.asking``): the reservations
    of that kind, and ``pass`` while he still holds a reservation asked for later."""
    kind = state.asking
    if seat != state.to_move or not kind:
        return []
    out = list(solos_of(state.rules)) if kind in (PFLICHTSOLO, LUSTSOLO) else [kind]
    if kind == HOCHZEIT and state.rules.hochzeit_klaerung == "wahl":
        out = [f"{HOCHZEIT} {k}" for k in BRIDE_CHOICES]
    if state.rules.vorgefuehrt >= 0:   # a Vorführung: a solo, nothing else
        return out
    later = stages(state)[stages(state).index(kind) + 1:]
    if any(holds(state, seat, k) for k in later):
        out.append(PASS)
    return out


def solos_of(rules: DokoRules) -> tuple[str, ...]:
    """The solos these rules allow, in the order they are offered: Damen, Buben, Königssolo
    (option), Damen-Buben-Solo (option), Fleischloser (option, on), the Farbsoli, then
    König-Buben, König-Damen and Köhler (options)."""
    skip = {"solo koenige": not rules.koenigssolo,
            "solo damenbuben": not rules.damen_buben_solo,
            "solo fleischlos": not rules.fleischlos,
            "solo koenigebuben": not rules.koenige_buben_solo,
            "solo koenigedamen": not rules.koenige_damen_solo,
            "solo koehler": not rules.koehler_solo}
    return tuple(s for s in SOLOS if not skip.get(s, False))


def _declare(state: DokoState, verb: str, arg: str) -> str:
    seat = state.to_move
    canonical = canonical_declaration(f"{verb} {arg}")
    if canonical is None:
        raise IllegalAction(f"{(verb + ' ' + arg).strip()!r} is not possible now: declare "
                            "hochzeit, solo " + "|".join(s[5:] for s in solos_of(state.rules))
                            + (" or armut" if state.rules.armut else ""))
    if canonical not in declarations_for(state, seat):
        if state.rules.vorgefuehrt >= 0 and not canonical.startswith("solo"):
            raise IllegalAction(f"{canonical}: {_forced(state, seat)}")
        if canonical.startswith(HOCHZEIT) and count(state.hands[seat], EO) != 2:
            raise IllegalAction("hochzeit: needs both Kreuz-Damen (EO EO)")
        if canonical.startswith(HOCHZEIT) and state.asking == HOCHZEIT:
            if canonical == HOCHZEIT:
                raise IllegalAction("hochzeit: name the Klärungsstich (hochzeit_klaerung = "
                                    "wahl): hochzeit " + "|".join(BRIDE_CHOICES))
            raise IllegalAction(f"{canonical}: the bride names the Klärungsstich only with "
                                f"hochzeit_klaerung = wahl (here: "
                                f"{state.rules.hochzeit_klaerung}); say hochzeit")
        if canonical == SCHMEISSEN and not holds(state, seat, SCHMEISSEN):
            raise IllegalAction("schmeissen: these rules and this hand do not allow it")
        if canonical == ARMUT and not state.rules.armut:
            raise IllegalAction("armut: not played under these rules (armut = no)")
        if canonical == ARMUT and not holds(state, seat, ARMUT):
            foxes = " besides the Füchse" if state.rules.armut_fuchs_uncounted else ""
            raise IllegalAction(f"armut: needs at most 3 trumps{foxes}, seat {seat} holds "
                                f"{size(normal_trumps(state.hands[seat]))}")
        if canonical.startswith("solo") and canonical not in solos_of(state.rules):
            raise IllegalAction(f"{canonical}: not played under these rules")
        raise IllegalAction(f"{canonical}: the question now is {_QUESTION[state.asking]}; "
                            f"say {' or '.join(declarations_for(state, seat))}")
    kind, _, named = canonical.partition(" ")
    if kind == HOCHZEIT:   # the declaration is the Hochzeit, the history keeps her choice
        canonical_kind = HOCHZEIT
        state.klaerung = named or state.rules.hochzeit_klaerung
    else:
        canonical_kind = canonical
    state.declarations[seat] = canonical_kind
    _resolve(state, seat)
    return canonical


def hochzeit(state: DokoState, arg: str) -> str:
    """Both Kreuz-Damen: play with the player the Klärungsstich makes his partner
    (:func:`clarify_hochzeit`)."""
    return _declare(state, HOCHZEIT, arg)


def armut(state: DokoState, arg: str) -> str:
    """At most three trumps: pass three cards to a partner (:mod:`.armut`)."""
    return _declare(state, ARMUT, arg)


def solo(state: DokoState, arg: str) -> str:
    """A solo: ``damen``, ``buben``, ``fleischlos`` or a suit (``E``, ``kreuz``, ...)."""
    return _declare(state, "solo", arg)


def schmeissen(state: DokoState, arg: str) -> str:
    """Throw the deal in (options ``throw_*``): nobody scores, the next dealer deals."""
    return _declare(state, SCHMEISSEN, arg)


def pass_(state: DokoState, arg: str) -> str:
    """No reservation of the kind asked for now; the player has one asked for later."""
    if arg:
        raise IllegalAction(f"pass {arg!r}: say just 'pass'")
    seat = state.to_move
    if PASS not in declarations_for(state, seat):
        if state.rules.vorgefuehrt >= 0:
            raise IllegalAction(f"pass: {_forced(state, seat)}")
        raise IllegalAction(f"pass: seat {seat} said vorbehalt and holds no reservation "
                            f"asked for after {_QUESTION[state.asking]}: declare one of "
                            f"{', '.join(declarations_for(state, seat))}")
    _ask_next(state, seat)
    return PASS


def _ask_next(state: DokoState, after: int) -> None:
    """Ask the next player with a Vorbehalt who holds a reservation of the kind asked now;
    after the last of them, the next kind from Vorhand."""
    kinds = stages(state)
    k = kinds.index(state.asking) if state.asking else 0
    start = state.active.index(after) + 1 if after >= 0 else 0
    while k < len(kinds):
        state.asking = kinds[k]
        for s in state.active[start:]:
            if state.vorbehalte[s] == RESERVED and holds(state, s, kinds[k]):
                state.to_move = s
                return
        k, start = k + 1, 0
    raise AssertionError("a player with a Vorbehalt is always asked for a solo")


def _resolve(state: DokoState, seat: int) -> None:
    """The first reservation named is played: it is of the highest kind asked for (DDV)."""
    d = state.declarations[seat]
    assert d is not None
    kind, state.asking = state.asking, ""
    if d.startswith("solo"):
        state.soloist = seat
        state.pflicht = kind == PFLICHTSOLO
        state.contract = d
        state.re_seats = frozenset((seat,))
        start_play(state)
    elif d == SCHMEISSEN:
        state.contract = THROWN_IN
        state.finish()
    elif d == HOCHZEIT:
        state.contract = HOCHZEIT
        state.hochzeit = seat
        state.re_seats = frozenset((seat,))
        start_play(state)
    else:
        state.contract = ARMUT
        state.soloist = None
        state.hochzeit = None
        state.armut_offer = [seat]  # [poor player, asked players...]
        state.phase = ARMUT_GIVE
        state.to_move = seat


# ----------------------------------------------------------------- the start of play
def _start_normal(state: DokoState) -> None:
    holders = [s for s in state.active if count(state.hands[s], EO)]
    if len(holders) == 1:  # both Kreuz-Damen, not announced: a Karo-Solo (seed)
        state.contract = STILLE_HOCHZEIT
        state.soloist = holders[0]
    else:
        state.contract = NORMAL
    state.re_seats = frozenset(holders)
    start_play(state)


def start_play(state: DokoState) -> None:
    """The contract is settled: find the Schweinchen, set the card order, Vorhand leads."""
    assert state.contract is not None
    # Every game played in the normal order keeps its Schweinchen, the stille Hochzeit too:
    # switching them off there would tell their holder that somebody plays a stille Hochzeit.
    schweinchen.at_start(state)
    state.phase = PLAY
    # DDV 5.1: the Pflichtsolo player leads his Pflichtsolo; Vorhand leads every other game
    # (the seed says so for the normal game), a Lustsolo too, unless its player leads it
    # (lustsolo_leads, FreeDoko's default). Option pflichtsolo_lead = vorhand: Vorhand leads
    # a Pflichtsolo too (DKV).
    declared = state.soloist is not None and state.contract.startswith("solo")
    if state.pflicht:
        leads = declared and state.rules.pflichtsolo_lead == "soloist"
    else:
        leads = declared and state.rules.lustsolo_leads
    lead = state.soloist if leads and state.soloist is not None else state.active[0]
    state.trick_leader = state.to_move = lead


def clarify_hochzeit(state: DokoState, winner: int) -> None:
    """After each of the first three tricks (``hochzeit_tricks``) of a Hochzeit: the first
    trick of the kind ``hochzeit_klaerung`` names, or with ``wahl`` the bride
    (``state.klaerung``: any trick, a trick led in a plain suit, a trick led with trump, a
    trick led in the suit she named; ``erster``: the first trick only) won by another
    player, the
    Klärungsstich, makes him the partner. When none is found in time, a Karo-Solo."""
    n = len(state.tricks)
    mode = state.klaerung
    led = state.order.group[state.tricks[-1].cards[0]]
    counts = (mode in ("fremd", "erster") or (mode == "fehl" and led != TRUMP)
              or (mode == "trumpf" and led == TRUMP)
              or (mode in ("E", "B", "H") and led == parse_suit(mode)))
    if counts and winner != state.hochzeit:
        state.partner = winner
        state.clarified_in = n
        state.re_seats = state.re_seats | {winner}
    elif n == state.rules.hochzeit_tricks or mode == "erster":
        state.clarified_in = n


__all__ = ["BRIDE_CHOICES", "HEALTHY", "LUSTSOLO", "PASS", "PFLICHTSOLO", "RESERVED", "armut",
           "augen",
           "begin", "canonical_declaration", "clarify_hochzeit", "declarations_for", "gesund",
           "hochzeit", "holds", "is_poor", "may_throw", "pass_", "schmeissen", "solo", "solos_of",
           "stages", "start_play", "throw_reasons", "vorbehalt", "vorgefuehrt_seat"]
