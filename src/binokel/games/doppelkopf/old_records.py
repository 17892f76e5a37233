"""Records of Doppelkopf deals written before version 0.2, read into today's grammar.

Until the procedure fixes of 2026-11-23 (version 0.1, before records said their version) the
players with a Vorbehalt declared in turn, each naming his reservation: a Pflichtsolo beat a
Lustsolo, a solo a Hochzeit, a Hochzeit an Armut, the earlier seat among equals, and a player
who could no longer beat what was declared was not asked. Today they are asked by kind
(:mod:`.reservations`) and say ``pass`` to a kind they do not hold, so such a record stops
at its first declaration ("the question now is Lustsolo?"). Three rules of that time are
options now, and the record keeps them: ``absage_skip`` (an Absage needed only its own
deadline), ``pflichtsolo_lead = vorhand`` (Vorhand led a Pflichtsolo too) and
``schweinchen_stille_hochzeit = no``.

:func:`read_before_by_kind` replays such a record: the gesund/Vorbehalt round and everything
after the declarations stay as they are; the declarations are read as the old procedure read
them, and the reservation they played is said again at today's questions, every player asked
before its player saying ``pass``. It raises ``ValueError`` when the record is not one of that
time (binokel.record then reports the record's own error).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from ...core.cards import parse_card
from ...core.errors import RulesError
from ...core.spec import OldRecordReader
from .deal import ARMUT
from .deal import DECLARE
from .deal import HOCHZEIT
from .reservations import LUSTSOLO
from .reservations import PFLICHTSOLO
from .reservations import RESERVED
from .reservations import canonical_declaration
from .rules import DokoRules
from .state import DokoState

# The options that say how that version played (only where they matter).
_THEN: dict[str, Any] = {"absage_skip": True}
_THEN_PFLICHTSOLO: dict[str, Any] = {"pflichtsolo_lead": "vorhand"}
_THEN_SCHWEINCHEN: dict[str, Any] = {"schweinchen_stille_hochzeit": False}
# How the old procedure ranked the declarations; the highest was played.
_ARMUT, _HOCHZEIT, _SOLO, _PFLICHTSOLO = 1, 2, 3, 4


def old_rules(data: Mapping[str, Any]) -> dict[str, Any]:
    """A record's rules object with the options that say how version 0.1 played.

    >>> old_rules({"preset": "standard", "options": {"pflichtsolo": True}})["options"]
    {'pflichtsolo': True, 'absage_skip': True, 'pflichtsolo_lead': 'vorhand'}
    """
    options = dict(data.get("options") or {})
    rules = DokoRules.from_dict(data)
    extra = dict(_THEN)
    if rules.pflichtsolo:
        extra.update(_THEN_PFLICHTSOLO)
    if rules.schweinchen:
        extra.update(_THEN_SCHWEINCHEN)
    return {**data, "options": {**options, **extra}}


def _old_declarations(state: DokoState, actions: Sequence[str], i: int) -> tuple[int, int, str]:
    """Read the declarations from ``actions[i]`` as version 0.1 asked for them: how many
    there were, and the seat and reservation that were played."""
    owes = state.rules.owes_pflichtsolo

    def solo_rank(seat: int) -> int:
        return _PFLICHTSOLO if owes(seat) else _SOLO

    best, best_seat, best_said = 0, -1, ""
    k, start = i, 0
    while True:
        asked = next((s for s in state.active[start:]
                      if state.vorbehalte[s] == RESERVED and solo_rank(s) > best), None)
        if asked is None:
            return k - i, best_seat, best_said
        if k >= len(actions):
            raise ValueError("the record ends among the declarations")
        said = canonical_declaration(actions[k])
        if said is None:
            raise ValueError(f"action {k} ({actions[k]!r}) is no declaration of version 0.1")
        rank = (solo_rank(asked) if said.startswith("solo")
                else _HOCHZEIT if said == HOCHZEIT else _ARMUT)
        if rank > best:
            best, best_seat, best_said = rank, asked, said
        k += 1
        start = state.active.index(asked) + 1


def _fits(asking: str, said: str) -> bool:
    """Whether ``said`` answers today's question ``asking``."""
    if asking in (PFLICHTSOLO, LUSTSOLO):
        return said.startswith("solo")
    return asking == said and said in (HOCHZEIT, ARMUT)


def read_before_by_kind(data: Mapping[str, Any]) -> dict[str, Any]:
    """A record of version 0.1 (declarations in turn) in today's grammar and rules."""
    try:
        rules_data = old_rules(data.get("rules", {"preset": "standard"}))
        rules = DokoRules.from_dict(rules_data)
        deck = [parse_card(t) for t in data["deck"]]
        state = DokoState.new(rules, data["dealer"], deck_order=deck, players=data["players"])
    except (KeyError, TypeError, ValueError, RulesError) as e:
        raise ValueError(f"not a Doppelkopf record of version 0.1: {e}") from None
    actions: list[str] = list(data["actions"])
    out: list[str] = []
    i = 0
    try:
        while i < len(actions) and not state.is_over:
            if state.phase != DECLARE:
                state.apply(actions[i])
                out.append(actions[i])
                i += 1
                continue
            n, seat, said = _old_declarations(state, actions, i)
            i += n
            while state.phase == DECLARE:
                now = said if state.to_move == seat and _fits(state.asking, said) else "pass"
                state.apply(now)
                out.append(now)
    except ValueError as e:   # IllegalAction too
        raise ValueError(f"not a Doppelkopf record of version 0.1: action {i}: {e}") from None
    out.extend(actions[i:])   # after the end: the record's own error, reported by the reader
    return {**data, "rules": rules_data, "actions": out}


# The first version whose records need no reading: 0.2 (the first that says its version).
READERS: tuple[tuple[str, OldRecordReader], ...] = (("0.2.0.dev0", read_before_by_kind),)

__all__ = ["READERS", "old_rules", "read_before_by_kind"]
