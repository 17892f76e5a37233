"""Card orders: which cards are trump and how cards rank in each kind of game, and who wins a
trick (Bedienpflicht is in :meth:`DokoState.legal_cards <.state.DokoState.legal_cards>`).

The normal game (also the Hochzeit, the Armut and the Karo-Solo) has 13 trumps: the Dulle
(H10), the Damen, the Buben, then Karo A 10 K 9; a Damen- or Bubensolo has only the Damen or
Buben as trumps, a Farbsolo the normal trumps with its own suit instead of Karo, a Fleischloser
none. With the option ``schweinchen`` both Karo-Asse in one hand become the highest trumps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...core.cards import ASS
from ...core.cards import EU
from ...core.cards import H10
from ...core.cards import KOENIG
from ...core.cards import NINE
from ...core.cards import OBER
from ...core.cards import SU
from ...core.cards import SUITS
from ...core.cards import UNTER
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import card
from ...core.cards import parse_suit
from .deal import ARMUT
from .deal import HOCHZEIT
from .deal import PICTURE_SOLOS
from .deal import STILLE_HOCHZEIT
from .rules import DokoRules

TRUMP = 4  # the trump "suit" in the group tables
# Every card of the game: the rank slots 9 .. A of each suit (no sevens).
DOKO_CARDS: tuple[Card, ...] = tuple(c for c in range(32) if NINE <= c & 7 <= ASS)


@dataclass(frozen=True)
class Order:
    """How cards rank in one kind of game.

    ``group[c]`` is the card's suit for plain cards and :data:`TRUMP` for trumps; ``power[c]``
    orders the cards of one group (higher wins); ``masks[g]`` is the card set of group ``g``.
    """

    kind: str
    group: tuple[int, ...]
    power: tuple[int, ...]
    masks: tuple[CardSet, ...]
    trumps: tuple[Card, ...]   # high to low

    def is_trump(self, c: Card) -> bool:
        return self.group[c] == TRUMP

    def plain(self, suit: int) -> tuple[Card, ...]:
        """The plain cards of ``suit``, high to low."""
        return tuple(sorted((c for c in DOKO_CARDS if self.group[c] == suit and c >> 3 == suit),
                            key=lambda c: -self.power[c]))

    def beats(self, c: Card, best: Card, led: int, dulle_second: bool = False,
              seconds: tuple[Card, ...] = ()) -> bool:
        """Whether ``c`` played later beats ``best`` in a trick whose led group is ``led``:
        of two equal cards the first wins, except two Dullen with ``dulle_second`` and the
        cards in ``seconds`` (:func:`second_wins` says which, for the rules and the trick)."""
        g, gb = self.group[c], self.group[best]
        if g == TRUMP:
            if gb != TRUMP or self.power[c] > self.power[best]:
                return True
            return c == best and ((dulle_second and c == H10) or c in seconds)
        return g == led and gb == g and self.power[c] > self.power[best]


# The solos of two or three picture ranks: their trump ranks, high to low.
_PICTURES = {"damenbuben": (OBER, UNTER), "koenigebuben": (KOENIG, UNTER),
             "koenigedamen": (KOENIG, OBER), "koehler": (KOENIG, OBER, UNTER)}


@lru_cache(maxsize=64)
def card_order(kind: str, schweine: bool = False, super_rank: int | None = None) -> Order:
    """The card order of a game kind: ``normal`` (also Hochzeit, Armut, Karo-Solo), ``damen``,
    ``buben``, ``koenige``, ``damenbuben`` (Damen, then Buben), ``koenigebuben`` (Könige,
    then Buben), ``koenigedamen`` (Könige, then Damen), ``koehler`` (Könige, Damen, Buben;
    FreeDoko's orders), ``fleischlos`` or a Farbsolo suit ``E``/``B``/``H``/``S``. With
    ``schweine``
    the trump suit's Asse are the highest trumps; ``super_rank`` (the Superschweine: the trump
    suit's Neunen, or Könige without nines) puts those above them.

    >>> from binokel.core.cards import card_token
    >>> [card_token(c) for c in card_order("normal").trumps]
    ['H10', 'EO', 'BO', 'HO', 'SO', 'EU', 'BU', 'HU', 'SU', 'SA', 'S10', 'SK', 'S9']
    >>> [card_token(c) for c in card_order("damen").plain(2)]
    ['HA', 'H10', 'HK', 'HU', 'H9']
    >>> [card_token(c) for c in card_order("koehler").trumps][::4]
    ['EK', 'EO', 'EU']
    >>> [card_token(c) for c in card_order("koehler").plain(0)]
    ['EA', 'E10', 'E9']
    """
    if kind == "normal":
        kind = "S"
    if kind == "damen":
        trumps = [card(s, OBER) for s in SUITS]
    elif kind == "buben":
        trumps = [card(s, UNTER) for s in SUITS]
    elif kind == "koenige":
        trumps = [card(s, KOENIG) for s in SUITS]
    elif kind in _PICTURES:   # Damen-Buben-Solo, König-Buben, König-Damen, Köhler
        trumps = [card(s, rank) for rank in _PICTURES[kind] for s in SUITS]
    elif kind == "fleischlos":
        trumps = []
    else:
        ts = parse_suit(kind)
        trumps = [H10] + [card(s, OBER) for s in SUITS] + [card(s, UNTER) for s in SUITS]
        trumps += [card(ts, r) for r in (ASS, ZEHN, KOENIG, NINE) if card(ts, r) != H10]
        if schweine:
            trumps.remove(card(ts, ASS))
            trumps.insert(0, card(ts, ASS))
            if super_rank is not None:
                trumps.remove(card(ts, super_rank))
                trumps.insert(0, card(ts, super_rank))
    group = [c >> 3 for c in range(32)]
    power = [c & 7 for c in range(32)]  # plain cards: A > 10 > K > O > U > 9 as rank slots
    for i, c in enumerate(trumps):
        group[c] = TRUMP
        power[c] = 100 + len(trumps) - i
    masks = [0] * 5
    for c in DOKO_CARDS:
        masks[group[c]] |= 3 << (2 * c)
    return Order(kind, tuple(group), tuple(power), tuple(masks), tuple(trumps))


def karlchen_card(rules: DokoRules) -> Card | None:
    """The Karlchen of these rules: the Karo-Bube (seed), the Kreuz-Bube (DDV) or none."""
    return {"karo": SU, "kreuz": EU}.get(rules.karlchen)


@lru_cache(maxsize=64)
def second_wins(rules: DokoRules, last_trick: bool, schweine: bool = False
                ) -> tuple[Card, ...]:
    """The trump cards of which, in this trick, the second copy played beats the first (the
    one place of this rule; of two equal cards the first wins otherwise):

    - the Dulle with ``dulle_second_wins``, but not in the last trick with
      ``dulle_first_in_last_trick``, nor while the Schweinchen are out (``schweine``) with
      ``dulle_first_with_schweine``;
    - the Karlchen in the last trick with ``doppel_karlchen``.

    >>> second_wins(DokoRules(dulle_second_wins=True, dulle_first_in_last_trick=True), True)
    ()
    >>> from binokel.core.cards import card_token
    >>> [card_token(c) for c in second_wins(DokoRules(doppel_karlchen=True), True)]
    ['SU']
    >>> r = DokoRules(dulle_second_wins=True, dulle_first_with_schweine=True)
    >>> [card_token(c) for c in second_wins(r, False)], second_wins(r, False, True)
    (['H10'], ())
    """
    out: list[Card] = []
    if rules.dulle_second_wins and not (last_trick and rules.dulle_first_in_last_trick) \
            and not (schweine and rules.dulle_first_with_schweine):
        out.append(H10)
    k = karlchen_card(rules)
    if last_trick and rules.doppel_karlchen and k is not None:
        out.append(k)
    return tuple(out)


def schweine_cards(rules: DokoRules, contract: str) -> tuple[Card | None, Card | None]:
    """The cards that make Schweinchen and Superschweine in this game (None: not played).

    Schweinchen (option ``schweinchen``): both Asse of the trump suit in one hand, in every
    game played in an order with a trump suit: the normal game, Hochzeit (not with
    ``schweinchen_hochzeit`` off), Armut (not with ``schweinchen_armut`` off) and stille
    Hochzeit, and with ``schweinchen_in_solos`` the Farbsoli (Karo-Solo included). When
    they count is :mod:`.schweinchen`'s business (``schweinchen_when``).
    Superschweine (``superschweine``, only where Schweinchen are played): both Neunen of the
    trump suit (without nines both Könige).

    >>> from binokel.core.cards import card_token
    >>> r = DokoRules(schweinchen=True, superschweine=True)
    >>> [card_token(c) for c in schweine_cards(r, "stille hochzeit") if c is not None]
    ['SA', 'S9']
    >>> schweine_cards(r, "solo H")
    (None, None)
    """
    kind = kind_of(contract)
    if not rules.schweinchen or kind in PICTURE_SOLOS or kind == "fleischlos":
        return None, None
    if contract.startswith("solo") and not rules.schweinchen_in_solos:
        return None, None
    if contract == STILLE_HOCHZEIT and not rules.schweinchen_stille_hochzeit:
        return None, None
    if (contract == HOCHZEIT and not rules.schweinchen_hochzeit) or (
            contract == ARMUT and not rules.schweinchen_armut):
        return None, None
    ts = parse_suit("S" if kind == "normal" else kind)
    sup = card(ts, NINE if rules.nines else KOENIG) if rules.superschweine else None
    return card(ts, ASS), sup


def game_order(rules: DokoRules, contract: str, schweine: bool, superschweine: bool) -> Order:
    """The card order of a game as played: its kind, and whether somebody holds the
    Schweinchen and the Superschweine (:func:`schweine_cards`)."""
    kind = kind_of(contract)
    sup = schweine_cards(rules, contract)[1] if schweine and superschweine else None
    return card_order(kind, schweine, None if sup is None else sup & 7)


def kind_of(contract: str) -> str:
    """The card order's kind of a contract: the solo's kind, else ``normal``."""
    return contract[5:] if contract.startswith("solo ") else "normal"


def normal_trumps(hand: CardSet) -> CardSet:
    """The trumps of ``hand`` in the normal order (what the Armut counts and passes)."""
    return hand & card_order("normal").masks[TRUMP]


__all__ = ["DOKO_CARDS", "TRUMP", "Order", "card_order", "game_order", "karlchen_card",
           "kind_of", "normal_trumps", "schweine_cards", "second_wins"]
