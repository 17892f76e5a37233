"""A deal told for a human, German or English, for every game (``binokel replay``).

A replayed deal is over or recorded, so every hand is shown; the course of the deal and the
explanation of the result are the presenter's own log and result lines (:mod:`binokel.present`),
told from the seat that knew most (the declarer's view shows his pushed cards).

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> s = DealState.new(Rules(), dealer=2, seed=1)
>>> print(describe_deal(s, "en").splitlines()[0])
Seat 1 (Vorhand): E10 EO EU B10 B10 BK HA H10 SA SK SK SU
>>> print(describe_deal(s, "en", "words").splitlines()[1][:45])
Seat 2: Ace of Acorns, Ten of Acorns, Ober of
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.cards import card_name
from ..core.state import AnyState
from ..registry import find_game

_T: dict[str, dict[str, str]] = {
    "de": {"seat": "Platz", "dealer": "Geber", "vorhand": "Vorhand", "out": "setzt aus",
           "unfinished": "Das Spiel ist nicht zu Ende."},
    "en": {"seat": "Seat", "dealer": "dealer", "vorhand": "Vorhand", "out": "sits out",
           "unfinished": "The deal is not finished."},
}


def describe_deal(state: AnyState, lang: str = "de", style: str = "token",
                  names: list[str] | None = None, sep: str | None = None) -> str:
    """The whole deal: every seat's cards as dealt, what is left (Dapp, stock ...), each
    event and trick, and the result explained. Seats are counted from 1 unless ``names``
    names them; cards are named as the game's deck shows them (Doppelkopf: French) and
    separated by ``sep`` (default: a space for tokens and symbols, ", " for words)."""
    from . import present

    words = "en" if lang == "en" else "de"
    t = _T[words]
    spec = find_game(state.game_name)
    initial = spec.new_deal(state.rules, state.dealer, deck_order=list(state.deck),
                            players=state.players)
    given = list(names or [])[:state.players]
    seat_names = given + [f"{t['seat']} {s + 1}" for s in range(len(given), state.players)]
    deck = spec.deck
    joint = sep if sep is not None else ", " if style in ("words", "french") else " "

    def cards(cs: Any) -> str:
        return joint.join(card_name(c, style, lang, deck) for c in cs)

    out: list[str] = []
    vorhand = initial.vorhand
    held: Counter[int] = Counter()
    for seat in range(state.players):
        hand = initial.view(seat).hand
        held.update(hand)
        role = []
        if seat == state.dealer:
            role.append(t["dealer"])
        if seat == vorhand:
            role.append(t["vorhand"])
        if not hand:
            role.append(t["out"])
        label = f" ({', '.join(role)})" if role else ""
        out.append(f"{seat_names[seat]}{label}: {cards(hand)}")
    rest: list[int] = []
    for c in state.deck:  # the undealt cards in dealing order
        if held[c]:
            held[c] -= 1
        else:
            rest.append(c)
    if rest:
        out.append(f"{spec.rest_word.get(words, '…')}: {cards(rest)}")
    out.append("")
    res = state.result
    seat = res.declarer if res is not None and res.declarer is not None else 0
    table = present(state.view(seat), lang, seat_names, style)
    out.extend(table.log)
    out.append("")
    out.extend(table.result if state.is_over else [t["unfinished"]])
    return "\n".join(out)

