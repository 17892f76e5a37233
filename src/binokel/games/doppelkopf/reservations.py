"""Vorbehalte: gesund or Vorbehalt, the declarations (Soli, Hochzeit, Armut) and which one is
played, the stille Hochzeit, the Hochzeit's Klärungsstich and the start of play.

Everybody says ``gesund`` or ``vorbehalt`` in turn from Vorhand. If all are healthy a normal
game is played (a player with both Kreuz-Damen then plays a stille Hochzeit: a Karo-Solo).
Otherwise the players with a Vorbehalt declare in turn; a Pflichtsolo (option) beats a solo,
a solo a Hochzeit, a Hochzeit an Armut, and among equals the earlier seat wins. A player who
can no longer beat what is declared is not asked. The Armut's exchange is in :mod:`.armut`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import EO
from ...core.cards import SA
from ...core.cards import count
from ...core.cards import size
from ...core.errors import IllegalAction
from .deal import ARMUT
from .deal import ARMUT_GIVE
from .deal import DECLARE
from .deal import HOCHZEIT
from .deal import NORMAL
from .deal import PLAY
from .deal import SOLOS
from .deal import STILLE_HOCHZEIT
from .order import card_order
from .order import kind_of
from .order import normal_trumps

if TYPE_CHECKING:
    from .state import DokoState

# What each player says first (the words, not the phase).
HEALTHY, RESERVED = "gesund", "vorbehalt"
# How declarations rank; the highest is played.
_ARMUT, _HOCHZEIT, _SOLO, _PFLICHTSOLO = 1, 2, 3, 4
_SUIT_WORDS = {"kreuz": "E", "pik": "B", "karo": "S", "eichel": "E", "blatt": "B",
               "schellen": "S", "herz": "H", "grün": "B", "gruen": "B"}


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
def canonical_declaration(text: str) -> str | None:
    """A declaration as records write it, or None.

    >>> canonical_declaration("Solo kreuz"), canonical_declaration("solo Damen")
    ('solo E', 'solo damen')
    """
    t = text.strip().lower().split()
    if t in ([HOCHZEIT], [ARMUT]):
        return t[0]
    if len(t) == 2 and t[0] == "solo":
        k = t[1]
        if k in ("damen", "buben", "fleischlos"):
            return f"solo {k}"
        k = _SUIT_WORDS.get(k, k.upper())
        if k in ("E", "B", "H", "S"):
            return f"solo {k}"
    return None


def declarations_for(state: DokoState, seat: int) -> list[str]:
    """What ``seat`` may declare: Armut (option, at most 3 trumps), Hochzeit (both
    Kreuz-Damen), every solo."""
    out = []
    if state.rules.armut and size(normal_trumps(state.hands[seat])) <= 3:
        out.append(ARMUT)
    if count(state.hands[seat], EO) == 2:
        out.append(HOCHZEIT)
    return out + list(SOLOS)


def _declare(state: DokoState, verb: str, arg: str) -> str:
    seat = state.to_move
    canonical = canonical_declaration(f"{verb} {arg}")
    if canonical is None:
        raise IllegalAction(f"{(verb + ' ' + arg).strip()!r} is not possible now: declare "
                            "hochzeit, solo damen, solo buben, solo fleischlos, solo E|B|H|S"
                            + (" or armut" if state.rules.armut else ""))
    if canonical not in declarations_for(state, seat):
        if canonical == HOCHZEIT:
            raise IllegalAction("hochzeit: needs both Kreuz-Damen (EO EO)")
        if not state.rules.armut:
            raise IllegalAction("armut: not played under these rules (armut = no)")
        raise IllegalAction(f"armut: needs at most 3 trumps, seat {seat} holds "
                            f"{size(normal_trumps(state.hands[seat]))}")
    state.declarations[seat] = canonical
    _ask_next(state, seat)
    return canonical


def hochzeit(state: DokoState, arg: str) -> str:
    """Both Kreuz-Damen: play with the first other player to win one of the first three
    tricks (:func:`clarify_hochzeit`)."""
    return _declare(state, HOCHZEIT, arg)


def armut(state: DokoState, arg: str) -> str:
    """At most three trumps: pass three cards to a partner (:mod:`.armut`)."""
    return _declare(state, ARMUT, arg)


def solo(state: DokoState, arg: str) -> str:
    """A solo: ``damen``, ``buben``, ``fleischlos`` or a suit (``E``, ``kreuz``, ...)."""
    return _declare(state, "solo", arg)


def _solo_rank(state: DokoState, seat: int) -> int:
    return _PFLICHTSOLO if state.rules.owes_pflichtsolo(seat) else _SOLO


def _rank(state: DokoState, seat: int) -> int:
    d = state.declarations[seat]
    if d is None:
        return 0
    if d.startswith("solo"):
        return _solo_rank(state, seat)
    return _HOCHZEIT if d == HOCHZEIT else _ARMUT


def _best(state: DokoState) -> tuple[int, int]:
    """The highest declaration so far and its seat (the earlier seat among equals)."""
    best, best_seat = 0, -1
    for s in state.active:
        r = _rank(state, s)
        if r > best:
            best, best_seat = r, s
    return best, best_seat


def _ask_next(state: DokoState, after: int) -> None:
    """Ask the next player with a Vorbehalt who could still beat what is declared."""
    best, _ = _best(state)
    start = state.active.index(after) + 1 if after >= 0 else 0
    for s in state.active[start:]:
        if state.vorbehalte[s] == RESERVED and _solo_rank(state, s) > best:
            state.to_move = s
            return
    _resolve(state)


def _resolve(state: DokoState) -> None:
    """Play the highest declaration."""
    rank, seat = _best(state)
    d = state.declarations[seat]
    assert d is not None
    if rank >= _SOLO:
        state.soloist = seat
        state.pflicht = rank == _PFLICHTSOLO
        state.contract = d
        state.re_seats = frozenset((seat,))
        start_play(state)
    elif rank == _HOCHZEIT:
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
    schweine = None
    if state.rules.schweinchen and state.contract in (NORMAL, HOCHZEIT, ARMUT):
        schweine = next((s for s in state.active if count(state.hands[s], SA) == 2), None)
    state.schweine = schweine
    state.order = card_order(kind_of(state.contract), schweine is not None)
    state.phase = PLAY
    # DKV and the seed's "für ein Normalspiel": Vorhand leads every game, solos too.
    state.trick_leader = state.to_move = state.active[0]


def clarify_hochzeit(state: DokoState, winner: int) -> None:
    """After each of the first three tricks of a Hochzeit: the first trick won by another
    player (the Klärungsstich) makes him the partner; three tricks alone, a Karo-Solo."""
    n = len(state.tricks)
    if winner != state.hochzeit:
        state.partner = winner
        state.clarified_in = n
        state.re_seats = state.re_seats | {winner}
    elif n == 3:
        state.clarified_in = 3


__all__ = ["HEALTHY", "RESERVED", "armut", "canonical_declaration", "clarify_hochzeit",
           "declarations_for", "gesund", "hochzeit", "solo", "start_play", "vorbehalt"]
