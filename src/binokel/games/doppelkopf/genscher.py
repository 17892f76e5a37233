"""The Genscher (option ``genscher``, a house rule; not in the DDV rules): a player holding
both Karo-Könige may name a new partner, and the parties change from then on.

The player says ``genscher SEAT`` at his own turn, before his card, like an announcement;
his card must then be a Karo-König (``play SK``): the first of his two with ``genscher =
first`` (FreeDoko), the second with ``second``. To decline he simply plays the card: a
declined Genscher is silent and so tells nobody that he held both Karo-Könige.

The new parties: the Genscher player and the seat he names are Re, the other two Kontra
(FreeDoko); he names another seat in play, never himself (a solo is not a Genscher). The
Augen and tricks already taken count for the new parties, and so do the special points of
every trick (scored at the end with the final parties). It is allowed in a normal game, a
stille Hochzeit (the table sees a normal game, so refusing it there would tell the holder of
both Karo-Könige that somebody plays one; the stille Hochzeit becomes a normal game of two
against two) and, with ``genscher_hochzeit``, a Hochzeit once its partner is clarified; never
in a solo, an Armut or a Hochzeit without partner. What becomes of the announcements made
before is ``genscher_announcements`` (:func:`carry_announcements`). docs/doppelkopf.md gives
the sources of each choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import SK
from ...core.cards import count
from ...core.errors import IllegalAction
from .announcements import ABSAGE_LEVEL
from .announcements import side
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import NORMAL
from .deal import PLAY
from .deal import RE
from .deal import STILLE_HOCHZEIT

if TYPE_CHECKING:
    from .state import DokoState

VERB = "genscher"


def game_allows(state: DokoState) -> bool:
    """Whether the game being played allows a Genscher at all (the option is on, no
    Genscher was made yet, and the contract is one that allows it)."""
    rules = state.rules
    if rules.genscher == "off" or state.genscher is not None:
        return False
    c = state.contract
    if c in (NORMAL, STILLE_HOCHZEIT):
        return True
    return (c == HOCHZEIT and rules.genscher_hochzeit and state.clarified_in > 0
            and state.partner is not None)


def may_call(state: DokoState, seat: int) -> bool:
    """Whether ``seat`` may say ``genscher`` now: his turn in the play, before his card, the
    game allows it, a Karo-König is a legal card for him, and it is the Karo-König the
    option names (the first of his two, or the second after he played the first)."""
    if state.phase != PLAY or seat != state.to_move or state.genscher_due:
        return False
    if not game_allows(state) or not count(state.legal_cards(), SK):
        return False
    held = count(state.hands[seat], SK)
    if state.rules.genscher == "first":
        return held == 2
    return held == 1 and count(state.initial_hands[seat], SK) == 2


def allowed(state: DokoState, seat: int) -> list[str]:
    """The ``genscher SEAT`` actions ``seat`` may take now: one per other seat in play."""
    if not may_call(state, seat):
        return []
    return [f"{VERB} {s}" for s in state.active if s != seat]


def call(state: DokoState, arg: str) -> str:
    """Name the seat ``arg`` as the new partner; the next card must be a Karo-König."""
    seat = state.to_move
    if not (arg.isascii() and arg.isdigit() and len(arg) <= 2):
        raise IllegalAction(f"genscher {arg!r}: name the new partner's seat number, "
                            "e.g. 'genscher 2'")
    partner = int(arg)
    if not may_call(state, seat):
        raise IllegalAction(_why_not(state, seat))
    if partner == seat or partner not in state.active:
        others = ", ".join(str(s) for s in state.active if s != seat)
        raise IllegalAction(f"genscher {partner}: the new partner is another seat in play "
                            f"({others})")
    state.genscher = (seat, partner)
    state.genscher_due = True
    state.re_seats = frozenset((seat, partner))
    if state.contract == STILLE_HOCHZEIT:
        # The Karo-Solo of the stille Hochzeit ends: two against two from now on.
        state.contract = NORMAL
        state.soloist = None
    carry_announcements(state)
    return f"{VERB} {partner}"


def carry_announcements(state: DokoState) -> None:
    """The announcement levels of the new parties (``genscher_announcements``):

    - ``ansagen`` (FreeDoko): every player who announced keeps a Re or Kontra for his new
      party; all Absagen lapse;
    - ``all``: every announcement goes with the player who made it, Absagen included;
    - ``void``: every announcement made before the Genscher lapses.

    Each party's level is the highest its two players bring."""
    mode = state.rules.genscher_announcements
    levels = [-1, -1]
    if mode != "void":
        for seat, _, what in state.announcements:
            level = 0 if what in (RE, KONTRA) or mode == "ansagen" else ABSAGE_LEVEL[what]
            i = side(state.party(seat))
            levels[i] = max(levels[i], level)
    state.announced = levels
    state.replied = [False, False]   # the new parties start afresh


def _why_not(state: DokoState, seat: int) -> str:
    rules = state.rules
    if rules.genscher == "off":
        return "genscher: not played under these rules (genscher = off)"
    if state.phase != PLAY:
        return f"genscher: only in the play, not in the {state.phase} phase"
    if state.genscher is not None:
        return "genscher: there is one Genscher a deal, and it was made"
    if state.genscher_due:
        return "genscher: said already, now play the Karo-König (SK)"
    if not game_allows(state):
        return (f"genscher: not in this game ({state.contract}); a normal game"
                + (" or a Hochzeit once its partner is clarified" if rules.genscher_hochzeit
                   else " only"))
    if not count(state.legal_cards(), SK):
        return f"genscher: a Karo-König (SK) must be a card seat {seat} may play now"
    which = "first" if rules.genscher == "first" else "second"
    return (f"genscher: needs both Karo-Könige, said with the {which} of them; seat {seat} "
            "cannot now")


__all__ = ["VERB", "allowed", "call", "carry_announcements", "game_allows", "may_call"]
