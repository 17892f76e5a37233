"""Ansagen and Absagen: Re / Kontra, keine 90 / 60 / 30, schwarz, and their deadlines.

A player announces for his own party at his own turn in the play phase, before his card; an
announcement does not pass the turn. The deadlines count the cards still in hand (seed: Re or
Kontra with 11 of 12 cards, each Absage one card later); a Hochzeit moves them by the tricks
its clarification took, and an Erwiderung (Re after Kontra or the other way round) may come
one card later than the opponents' last announcement needed. An Absage needs the party's own
Ansage first and includes the lower ones; it may leave lower ones out only while each of them
would still be allowed on its own. What an announcement is worth is in
:mod:`.scoring`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import size
from ...core.errors import IllegalAction
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import PLAY
from .deal import RE

if TYPE_CHECKING:
    from .state import DokoState

# Absage levels: 1 = keine 90 ... 4 = schwarz; 0 = the Ansage (Re/Kontra) alone, -1 none.
ABSAGEN = ("keine 90", "keine 60", "keine 30", "schwarz")
ABSAGE_LEVEL = {a: i + 1 for i, a in enumerate(ABSAGEN)}
SCHWARZ = ABSAGE_LEVEL["schwarz"]
# Level -> the opponents must stay below this many Augen (4, schwarz: take no trick).
DENIED = (0, 90, 60, 30, 0)
# Everything a player may say in the play phase besides his card.
ANNOUNCEMENTS = (RE, KONTRA, *ABSAGEN)


def level_name(level: int) -> str | None:
    """A party's announcement level as records and views write it.

    >>> level_name(-1), level_name(0), level_name(2)
    (None, 'angesagt', 'keine 60')
    """
    return None if level < 0 else ("angesagt" if level == 0 else ABSAGEN[level - 1])


def side(party: str) -> int:
    """The index of ``party`` in ``DokoState.announced`` (Re 0, Kontra 1)."""
    return 0 if party == RE else 1


def deadline(state: DokoState, party: str, level: int) -> int:
    """The fewest cards a player of ``party`` must still hold to announce ``level``
    (0: Re/Kontra, 1..4: keine 90 .. schwarz), counting an Erwiderung."""
    rules = state.rules
    # The seed's deadlines by default: Re/Kontra with 11 of 12 cards, each Absage one later.
    first = rules.hand_size - rules.ansage_played
    step = rules.absage_step
    # Hochzeit: the deadlines move by one card per trick the clarification took.
    shift = max(0, state.clarified_in - 1) if state.contract == HOCHZEIT else 0
    need = first - level * step - shift
    if level == 0:
        other = state.announced[1 - side(party)]
        if other >= 0:
            # Erwiderung: one card fewer than the opponents' last announcement needed.
            need = min(need, first - other * step - shift - 1)
    return need


def allowed(state: DokoState, seat: int) -> list[str]:
    """The Ansagen/Absagen ``seat`` may make now (only in the play phase, at his turn)."""
    if state.phase != PLAY or seat != state.to_move or state.genscher_due:
        return []  # after a ``genscher`` only its Karo-König
    if state.contract == HOCHZEIT and state.clarified_in == 0:
        return []  # the Klärungsstich must be over first
    party = state.party(seat)
    mine = state.announced[side(party)]
    held = size(state.hands[seat])
    if mine < 0:
        return [party] if held >= deadline(state, party, 0) else []
    if state.rules.absage_skip:   # each Absage by its own deadline (versions before 0.2)
        return [ABSAGEN[level - 1] for level in range(mine + 1, 5)
                if held >= deadline(state, party, level)]
    # An Absage includes the lower ones: it may leave them out only while every one it
    # leaves out would still be allowed itself (DDV, FreeDoko). The deadlines fall with the
    # level, so the lowest level not yet said is the one that binds.
    if held < deadline(state, party, mine + 1):
        return []
    return [ABSAGEN[level - 1] for level in range(mine + 1, 5)]


def announce(state: DokoState, what: str) -> str:
    """Announce ``what`` for the player to move (``re``, ``keine 90``, ...)."""
    seat = state.to_move
    if what not in allowed(state, seat):
        raise IllegalAction(_why_not(state, seat, what))
    party = state.party(seat)
    state.announced[side(party)] = 0 if what in (RE, KONTRA) else ABSAGE_LEVEL[what]
    state.announcements.append((seat, party, what))
    return what


def _why_not(state: DokoState, seat: int, what: str) -> str:
    if what not in ANNOUNCEMENTS:
        return (f"{what!r} is not possible now: the play phase expects play CARD, re, kontra, "
                "keine 90/60/30 or schwarz")
    if state.contract == HOCHZEIT and state.clarified_in == 0:
        return f"{what}: no announcements before the Hochzeit's Klärungsstich is over"
    party = state.party(seat)
    mine = state.announced[side(party)]
    held = size(state.hands[seat])
    if what in (RE, KONTRA):
        if what != party:
            return f"{what}: seat {seat} does not belong to the {what} party"
        if mine >= 0:
            return f"{what}: {party} is already announced"
        level = 0
    else:
        level = ABSAGE_LEVEL[what]
        if mine < 0:
            return f"{what}: an Absage needs the party's Ansage ({party}) first"
        if mine >= level:
            return f"{what}: {party} has already announced {ABSAGEN[mine - 1]}"
    need = deadline(state, party, level)
    if held >= need and not state.rules.absage_skip:  # a lower Absage it includes is late
        skipped = ABSAGEN[mine]
        need = deadline(state, party, mine + 1)
        return (f"{what}: too late, it includes {skipped}, which needs at least {need} cards "
                f"in hand; seat {seat} holds {held}")
    return f"{what}: too late, needs at least {need} cards in hand, seat {seat} holds {held}"


def _said(verb: str, arg: str) -> str:
    return f"{verb} {arg.lower()}" if arg else verb


def re(state: DokoState, arg: str) -> str:
    """The Ansage of Re."""
    return announce(state, _said(RE, arg))


def kontra(state: DokoState, arg: str) -> str:
    """The Ansage of Kontra."""
    return announce(state, _said(KONTRA, arg))


def keine(state: DokoState, arg: str) -> str:
    """An Absage ``keine 90``, ``keine 60`` or ``keine 30``."""
    return announce(state, _said("keine", arg))


def schwarz(state: DokoState, arg: str) -> str:
    """The Absage ``schwarz``: the opponents take no trick."""
    return announce(state, _said("schwarz", arg))


__all__ = ["ABSAGEN", "ABSAGE_LEVEL", "ANNOUNCEMENTS", "DENIED", "SCHWARZ", "allowed", "announce",
           "deadline", "keine", "kontra", "level_name", "re", "schwarz", "side"]
