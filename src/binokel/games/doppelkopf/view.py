"""What one seat may know of a Doppelkopf deal (:class:`DokoView`, a
:class:`~binokel.core.view.View`).

- Hands: only the seat's own; a spectator (-1) sees none.
- The contract: as publicly known, so a stille Hochzeit looks like a normal game until the
  deal is over.
- Parties (:func:`known_parties`): the seat's own from its own cards, a played Kreuz-Dame, an
  announcement, a declared solo / Hochzeit / Armut, and the inference "two different seats
  have shown a Kreuz-Dame, so the rest is Kontra". A Kontra player never infers Re from two
  Kontra seats: one seat may hold both Kreuz-Damen. After a Genscher (said aloud) every
  seat's new party is public.
- The Armut's cards (:func:`masked_history`): only the poor player and the partner see them;
  the others see ``give ? ? ?`` and how many trumps went back.
- A Vorführung (:attr:`DokoView.vorgefuehrt`) is public: the deal's rules name the seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any

from ...core.cards import EO
from ...core.cards import SA
from ...core.cards import card_token
from ...core.cards import cards_of
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import parse_cards
from ...core.cards import size
from ...core.view import SeatView
from ...core.view import view_json
from .announcements import level_name
from .deal import ARMUT
from .deal import HOCHZEIT
from .deal import KONTRA
from .deal import NORMAL
from .deal import OVER
from .deal import PLAY
from .deal import RE
from .deal import STILLE_HOCHZEIT
from .deal import THROWN_IN
from .order import Order
from .order import game_order
from .order import normal_trumps
from .rules import DokoRules
from .scoring import DokoResult

if TYPE_CHECKING:
    from .state import DokoState


@dataclass(frozen=True)
class DokoView(SeatView[DokoRules, DokoResult]):
    """What one player may know; never another player's cards or an unrevealed party
    (``history`` with the hidden cards of an Armut masked)."""

    active: tuple[int, ...]               # the four seats in the deal, from Vorhand
    vorbehalte: tuple[str | None, ...]    # per seat: "gesund", "vorbehalt" or None
    declarations: tuple[str | None, ...]  # per seat: the reservation played, once named
    contract: str | None                  # as publicly known (a stille Hochzeit looks normal)
    soloist: int | None
    hochzeit: int | None                  # the Hochzeit player
    partner: int | None                   # Hochzeit / Armut partner once known
    clarified_in: int                     # Hochzeit: the Klärungsstich (0: not yet)
    schweine: int | None                  # seat holding both Schweinchen, if any
    parties: tuple[str | None, ...]       # per seat "re"/"kontra" as far as revealed
    announced: tuple[int, int]            # levels of Re and Kontra
    announcements: tuple[tuple[int, str, str], ...]   # (seat, party, what)
    trick_points: tuple[int, ...]
    game: str = "doppelkopf"
    asking: str = ""                      # the kind of reservation asked for now ("" none)
    superschweine: int | None = None      # seat holding both Superschweine, if any
    genscher: tuple[int, int] | None = None   # (its player, the partner he named), public
    # What the seat may announce now although it is not to move (announce_any_time).
    interjections: tuple[str, ...] = ()
    # The kind of the Hochzeit's Klärungsstich: the rules' or, with hochzeit_klaerung =
    # wahl, the one the bride named (public: she says it aloud).
    klaerung: str = "fremd"

    @property
    def vorgefuehrt(self) -> int | None:
        """The seat vorgeführt in this deal (option ``vorfuehren``: it must play a solo, and
        nobody else is asked), or None; public, as the deal's rules say it."""
        seat = self.rules.vorgefuehrt
        return seat if seat >= 0 else None

    @property
    def order(self) -> Order:
        """The card order of the game being played (as far as public)."""
        return game_order(self.rules, self.contract or NORMAL, self.schweine is not None,
                          self.superschweine is not None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            **view_json(self), "active": list(self.active),
            "vorbehalte": list(self.vorbehalte), "declarations": list(self.declarations),
            "contract": self.contract, "soloist": self.soloist, "hochzeit": self.hochzeit,
            "partner": self.partner, "clarified_in": self.clarified_in,
            "schweine": self.schweine, "superschweine": self.superschweine,
            "parties": list(self.parties),
            "announced": {"re": level_name(self.announced[0]),
                          "kontra": level_name(self.announced[1])},
            "announcements": [[s, p, w] for s, p, w in self.announcements],
            "trick_points": list(self.trick_points), "asking": self.asking,
        }
        if self.genscher is not None:  # only then: a view without it reads as before
            out["genscher"] = list(self.genscher)
        if self.interjections:          # likewise
            out["interjections"] = list(self.interjections)
        if self.rules.hochzeit_klaerung == "wahl":   # likewise: the bride's choice
            out["klaerung"] = self.klaerung
        return out


def known_parties(state: DokoState, viewer: int) -> tuple[str | None, ...]:
    """Each seat's party as far as ``viewer`` (-1: a spectator) can know it from public play
    and his own hand."""
    out: list[str | None] = [None] * state.players
    contract = state.contract
    if contract is None or state.phase not in (PLAY, OVER):
        return tuple(out)
    public_solo = contract.startswith("solo") or (
        contract == HOCHZEIT and state.clarified_in > 0) or contract == ARMUT or (
        state.genscher is not None)
    if public_solo or state.phase == OVER:
        for s in state.active:
            out[s] = state.party(s)
        return tuple(out)
    if contract == HOCHZEIT:
        assert state.hochzeit is not None
        out[state.hochzeit] = RE
        return tuple(out)
    # A normal game as the table sees it (a stille Hochzeit looks like one).
    re_known = set(state.eo_played)
    ko_known: set[int] = set()
    for s, p, _ in state.announcements:
        (re_known if p == RE else ko_known).add(s)
    own = count(state.initial_hands[viewer], EO) if viewer >= 0 else -1
    others = [s for s in state.active if s != viewer]
    if own == 2:  # he plays alone and knows it
        re_known, ko_known = {viewer}, set(others)
    elif own == 1:
        re_known.add(viewer)
        if len(re_known) == 2:
            ko_known = set(state.active) - re_known
        elif len(ko_known) == 2:  # exactly one other Kreuz-Dame: the last seat has it
            re_known |= set(state.active) - ko_known
    else:
        if own == 0:
            ko_known.add(viewer)
        # Two different seats with a Kreuz-Dame: the rest is Kontra. Two Kontra seats
        # prove nothing to a Kontra player: one seat may hold both Kreuz-Damen.
        if len(re_known) == 2:
            ko_known = set(state.active) - re_known
    for s in re_known:
        out[s] = RE
    for s in ko_known:
        out[s] = KONTRA
    return tuple(out)


def own_kreuz_damen(view: DokoView) -> int:
    """How many Kreuz-Damen the viewer was dealt (held now or played by him); 0 for a
    spectator. Only the holder of both knows that he plays a stille Hochzeit."""
    if view.player < 0:
        return 0
    played = sum(1 for s, a in view.history if s == view.player and a == "play EO")
    return sum(1 for c in view.hand if c == EO) + played


def masked_history(state: DokoState, viewer: int) -> tuple[tuple[int, str], ...]:
    """The history as ``viewer`` may see it: the Armut's cards only for the Armut pair (one
    ``?`` per card; with ``armut_fuchs_open`` the Füchse passed are shown first)."""
    # A refused Armut stays face down too (a deal thrown in by a hand passed no cards).
    if state.contract not in (ARMUT, THROWN_IN) or not state.armut_offer:
        return tuple(state.history)
    poor = state.armut_offer[0]
    out = []
    for s, a in state.history:
        if a.startswith(("give", "return")) and viewer not in (poor, state.partner):
            verb, *toks = a.split()
            cards = parse_cards(toks)
            shown = [c for c in cards if c == SA] if state.rules.armut_fuchs_open and \
                verb == "give" else []
            a = " ".join([verb, *(card_token(c) for c in shown)]
                         + ["?"] * (len(cards) - len(shown)))
            if verb == "return":
                n = size(normal_trumps(cardset(cards)))
                a += f" ({n} trump{'s' if n != 1 else ''})"
        out.append((s, a))
    return tuple(out)


def make_view(state: DokoState, player: int) -> DokoView:
    """The view of seat ``player``, or of a spectator (-1)."""
    over = state.phase == OVER
    contract = state.contract if over else public_contract(state)
    soloist = state.soloist if (over or (contract or "").startswith("solo")) else None
    # Only the reservation played is ever named, aloud: it is public.
    legal = tuple(state.legal_actions()) if player == state.to_move and player >= 0 else ()
    return DokoView(
        player=player, players=state.players, rules=state.rules, dealer=state.dealer,
        active=state.active, phase=state.phase, to_move=state.to_move,
        hand=tuple(cards_of(state.hands[player])) if player >= 0 else (),
        hand_sizes=tuple(size(h) for h in state.hands),
        history=masked_history(state, player),
        vorbehalte=tuple(state.vorbehalte), declarations=tuple(state.declarations),
        contract=contract, soloist=soloist, hochzeit=state.hochzeit,
        partner=state.partner, clarified_in=state.clarified_in,
        schweine=state.schweine, parties=known_parties(state, player),
        announced=(state.announced[0], state.announced[1]),
        announcements=tuple(state.announcements), tricks=tuple(state.tricks),
        trick_leader=state.trick_leader, trick=tuple(state.trick),
        trick_points=tuple(state.trick_points), legal_actions=legal, result=state.result,
        asking=state.asking, superschweine=state.superschweine, genscher=state.genscher,
        interjections=tuple(state.interjections(player)) if player >= 0 else (),
        claim=state.claim, open_hands=state.open_hands() if state.laid_open else (),
        klaerung=state.klaerung,
    )


def public_contract(state: DokoState) -> str | None:
    """The contract as the table knows it: a stille Hochzeit looks like a normal game."""
    return NORMAL if state.contract == STILLE_HOCHZEIT else state.contract


__all__ = ["DokoView", "known_parties", "make_view", "masked_history", "own_kreuz_damen",
           "public_contract"]
