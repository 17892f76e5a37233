"""Melding in Zweierbinokel (seed 001, RULES §3, §7): the meld table, when a player may meld,
which cards a meld may take, and how the melded cards lie on the table.

- When: only the winner of the last trick, before he leads, while the stock lasts; one meld
  per turn (:func:`turn_problem`, shared with the Dix exchange).
- What: one entry of the meld table (:func:`meld_kinds`), with three-player Binokel's values.
- Which cards: at least one from the hand; a physical card serves once per class (suit, rank,
  Binokel) and again in another class; with ``upgrade_melds`` a meld may reuse the cards of
  a smaller meld of its own kind (pair to family, four to eight, Binokel to Doppelbinokel).
  Each table copy's *usage code* remembers, per class, the level of the meld it served in.

>>> [k.action for k in meld_kinds(0, ZweierRules())][:2]
['meld EK EO', 'meld EA E10 EK EO EU']
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Any
from typing import NamedTuple

from ...core.cards import ASS
from ...core.cards import KOENIG
from ...core.cards import OBER
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import Suit
from ...core.cards import bit
from ...core.cards import card
from ...core.cards import card_token
from ...core.cards import count
from ...core.cards import format_cards
from ...core.cards import parse_cards
from ...core.cards import presence
from ...core.cards import sort_key
from ...core.errors import IllegalAction
from ..family.melds import BO
from ..family.melds import FAMILY_RANKS
from ..family.melds import FOUR_VALUES
from ..family.melds import SU
from ..family.melds import Meld
from .deal import FREE
from .rules import ZweierRules

if TYPE_CHECKING:
    from .state import ZweierState

# Meld classes (RULES §3): a physical card serves once per class, again in another class.
SUIT_CLASS, RANK_CLASS, BINOKEL_CLASS = 0, 1, 2
CLASS_NAMES = ("suit", "rank", "Binokel")
# The rank melds' names: four_unter, eight_ass, ...
RANK_KEYS = {UNTER: "unter", OBER: "ober", KOENIG: "koenig", ASS: "ass", ZEHN: "zehn"}


class MeldKind(NamedTuple):
    """One entry of the meld table for a given trump suit.

    ``level`` orders the melds of one class and kind (pair 1 < family 2 < double family 3;
    four 1 < eight 2; Binokel 1 < Doppelbinokel 2): with ``upgrade_melds`` a meld may reuse
    cards that served in a lower meld of its class.
    """

    name: str                          # a key of binokel.games.family.melds.MELD_NAMES
    cls: int                           # SUIT_CLASS, RANK_CLASS or BINOKEL_CLASS
    level: int
    cards: tuple[Card, ...]            # canonical order (suit, high to low)
    need: tuple[tuple[Card, int], ...]  # distinct card -> copies needed
    points: int
    suit: Suit | None
    action: str                        # "meld C C ..."

    def meld(self) -> Meld:
        return Meld(self.name, self.cards, self.points, self.suit)


# ----------------------------------------------------------------------- the meld table
def _kind(name: str, cls: int, level: int, cards: list[Card], points: int,
          suit: Suit | None) -> MeldKind:
    cs = tuple(sorted(cards, key=sort_key))
    need: dict[Card, int] = {}
    for c in cs:
        need[c] = need.get(c, 0) + 1
    return MeldKind(name, cls, level, cs, tuple(need.items()), points, suit,
                    "meld " + format_cards(cs))


@lru_cache(maxsize=256)
def _meld_table(trump: Suit, eight: Any, dfam: int, dtfam: int,
                four_tens: int) -> tuple[tuple[MeldKind, ...], dict[CardSet, MeldKind]]:
    kinds: list[MeldKind] = []
    for s in SUITS:
        t = s == trump
        fam = [card(s, r) for r in FAMILY_RANKS]
        kinds.append(_kind("pair", SUIT_CLASS, 1, [card(s, KOENIG), card(s, OBER)],
                           40 if t else 20, s))
        kinds.append(_kind("family", SUIT_CLASS, 2, fam, 150 if t else 100, s))
        kinds.append(_kind("double_family", SUIT_CLASS, 3, fam * 2, dtfam if t else dfam, s))
    for r in (ASS, ZEHN, KOENIG, OBER, UNTER):
        value = FOUR_VALUES.get(r, four_tens)
        if not value:
            continue
        four = [card(s, r) for s in SUITS]
        kinds.append(_kind(f"four_{RANK_KEYS[r]}", RANK_CLASS, 1, four, value, None))
        kinds.append(_kind(f"eight_{RANK_KEYS[r]}", RANK_CLASS, 2, four * 2,
                           2 * value if eight == "double" else int(eight), None))
    kinds.append(_kind("binokel", BINOKEL_CLASS, 1, [SU, BO], 40, None))
    kinds.append(_kind("doppelbinokel", BINOKEL_CLASS, 2, [SU, SU, BO, BO], 300, None))
    by_set = {sum(bit(c) for c in k.cards): k for k in kinds}
    return tuple(kinds), by_set


def _table(trump: Suit, rules: ZweierRules
           ) -> tuple[tuple[MeldKind, ...], dict[CardSet, MeldKind]]:
    # Keyed on the meld options only: hashing a whole rule set costs more than the lookup.
    return _meld_table(trump, rules.eight_of_a_rank, rules.double_family,
                       rules.double_trump_family, rules.four_tens)


def meld_kinds(trump: Suit, rules: ZweierRules) -> tuple[MeldKind, ...]:
    """Every meld of the meld table under ``rules`` with ``trump``, in the table's order."""
    return _table(trump, rules)[0]


# ----------------------------------------------------------------------- table copies
def _lvl(code: int, cls: int) -> int:
    """A table copy's usage code holds, per class, the level of the meld it served in."""
    return (code >> (2 * cls)) & 3


def spent(code: int) -> int:
    """How much a table copy has served: the sum of its levels over the classes."""
    return (code & 3) + ((code >> 2) & 3) + ((code >> 4) & 3)


def _eligible(state: ZweierState, seat: int, c: Card, kind: MeldKind) -> list[int]:
    """Indices of ``seat``'s table copies of ``c`` that may still serve in ``kind``."""
    codes = state.usage[seat].get(c, ())
    if state.rules.upgrade_melds:
        return [i for i, u in enumerate(codes) if _lvl(u, kind.cls) < kind.level]
    return [i for i, u in enumerate(codes) if not _lvl(u, kind.cls)]


# ----------------------------------------------------------------------- melding
def turn_problem(state: ZweierState, verb: str) -> str | None:
    """Why the player to move may not meld (or exchange the Dix) now; None: he may."""
    if state.phase != FREE:
        return f"{verb}: only while the stock lasts (the stock is empty)"
    if state.trick:
        return f"{verb}: only the player on lead may {verb}, before leading"
    if not state.won_lead:
        return f"{verb}: only after winning a trick, before leading the next one"
    return None


def winning_copy(state: ZweierState, seat: int, c: Card) -> int:
    """1 if ``seat`` may meld the card ``c`` with which he has just won the trick
    (``meld_winning_card``; it stays in the trick), else 0."""
    return 1 if c == state.win_card and seat == state.to_move else 0


def meld_problem(state: ZweierState, seat: int, kind: MeldKind) -> str | None:
    """Why ``seat`` cannot meld ``kind`` with his cards (None: he can)."""
    from_hand = False
    for c, n in kind.need:
        h = count(state.hands[seat], c) + winning_copy(state, seat, c)
        if h:
            from_hand = True
        if h + len(_eligible(state, seat, c, kind)) >= n:
            continue
        have = h + count(state.tables[seat], c)
        if have < n:
            return f"seat {seat} does not hold {card_token(c)}" + (
                " twice" if n == 2 and have else "")
        return (f"{card_token(c)} already serves in a {CLASS_NAMES[kind.cls]} meld "
                "(a card serves once per class)")
    if not from_hand:
        return "a new meld must take at least one card from the hand"
    return None


def meld_options(state: ZweierState) -> list[MeldKind]:
    """The melds the player to move may announce now."""
    if not state.may_meld or state.melded:
        return []
    seat = state.to_move
    won = bit(state.win_card) if state.win_card >= 0 else 0
    have = presence(state.hands[seat] + state.tables[seat] + won)
    out = []
    for k in meld_kinds(state.trump, state.rules):
        if any(have >> (2 * c) & 1 == 0 for c, _ in k.need):
            continue
        if meld_problem(state, seat, k) is None:
            out.append(k)
    return out


def meld(state: ZweierState, arg: str) -> str:
    """``meld C C ...``: announce one meld of the table (a handler of the state)."""
    problem = turn_problem(state, "meld")
    if problem is not None:
        raise IllegalAction(problem)
    if state.melded:
        raise IllegalAction("meld: only one meld per turn; now play a card")
    try:
        cards = parse_cards(arg)
    except ValueError as e:
        raise IllegalAction(f"meld: {e}") from None
    if not cards:
        raise IllegalAction("meld: name the cards, e.g. meld EK EO")
    for c in cards:
        if cards.count(c) > 2:
            raise IllegalAction(f"meld: {card_token(c)} more than twice")
    kind = meld_by_cards(state.trump, state.rules, cards)
    text = format_cards(sorted(cards, key=sort_key))
    if kind is None:
        raise IllegalAction(f"meld {text}: not a meld of the meld table (pair, family, "
                            "double family, four or eight of a rank, Binokel, "
                            "Doppelbinokel)")
    seat = state.to_move
    problem = meld_problem(state, seat, kind)
    if problem is not None:
        raise IllegalAction(f"meld {text}: {problem}")
    lay_down(state, seat, kind)
    state.melded = True
    score(state, seat, kind.meld())
    return kind.action


def meld_by_cards(trump: Suit, rules: ZweierRules, cards: list[Card]) -> MeldKind | None:
    """The entry of the meld table made of exactly ``cards`` (each at most twice), if any."""
    return _table(trump, rules)[1].get(sum(bit(c) for c in cards))


def lay_down(state: ZweierState, seat: int, kind: MeldKind) -> None:
    """Put the meld's cards on the table: the card that has just won the trick first (it
    stays in the trick, ``meld_winning_card``), then table copies (they are shown
    already), then hand copies; at least one from the hand (the winning card counts)."""
    usage = state.usage[seat]
    plan: list[tuple[Card, list[int], int]] = []  # card, table copies used, hand copies
    won = 0
    for c, n in kind.need:
        v = winning_copy(state, seat, c)
        won += v
        codes = usage.get(c, ())
        # Prefer the copy that has served most (upgrade first), keeping fresher ones.
        order = sorted(_eligible(state, seat, c, kind),
                       key=lambda i: (-_lvl(codes[i], kind.cls), -spent(codes[i])))
        use = order[:n - v]
        plan.append((c, use, n - v - len(use)))
    if won:
        state.win_card = -1
    elif not any(h for _, _, h in plan):
        # Everything could come from the table: the new card is the first of the meld's
        # cards held in hand.
        i = next(i for i, (c, _, _) in enumerate(plan) if count(state.hands[seat], c))
        c, use, _ = plan[i]
        plan[i] = (c, use[:-1], 1)
    code = kind.level << (2 * kind.cls)
    mask = ~(3 << (2 * kind.cls))
    for c, use, h in plan:
        new = list(usage.get(c, ()))
        for i in use:
            new[i] = (new[i] & mask) | code
        new.extend([code] * h)
        usage[c] = tuple(new)
        state.hands[seat] -= h * bit(c)
        state.tables[seat] += h * bit(c)


def score(state: ZweierState, seat: int, m: Meld) -> None:
    """``seat`` scores meld ``m`` at once."""
    state.melds[seat].append(m)
    state.meld_points[seat] += m.points


__all__ = ["BINOKEL_CLASS", "CLASS_NAMES", "RANK_CLASS", "RANK_KEYS", "SUIT_CLASS", "MeldKind",
           "lay_down", "meld", "meld_by_cards",
           "meld_kinds", "meld_options", "meld_problem", "score", "spent", "turn_problem",
           "winning_copy"]
