"""The documented mapping between our action strings and the integer action ids that
OpenSpiel and PettingZoo need.

Every game spells its actions as text (``play EA``, ``bid 250``, ``discard BA BA SK SU``);
researchers' toolkits want a fixed range ``0 .. n-1`` of ids. :class:`ActionCodec` enumerates
every action a game can offer under given rules and player count, in a fixed order, and
numbers them. The order is the mapping, and it is documented here and in docs/research.md:

1. ``play C`` for every distinct card of the game's deck, in card order (``suit * 8 + rank``:
   Eichel, Blatt, Herz, Schellen; 7, 9, U, O, K, 10, A): ids ``0 .. k-1`` for a deck of
   ``k`` distinct cards, the same in every game with the same deck (Doppelkopf: E9 is 0,
   EA is 5).
2. The game's other actions without cards, in the order of the game's vocabulary (its
   spec's ``vocabulary`` hook, :class:`binokel.core.vocabulary.Vocabulary`: ``pass``, every
   ``bid N`` from the lowest to the highest bid, ``trump E`` ..., the Doppelkopf
   reservations and announcements, ...).
3. Actions that name one card (``call C``, ``give C``): per verb, every distinct card.
4. Actions that name several cards (``discard``, Doppelkopf's Armut ``give`` and ``return``,
   Zweierbinokel's ``meld``): per verb, every multiset the deck allows of the sizes the game
   uses, ordered by its sorted card list.
5. Actions added to a game later, after all of these, so that the ids above stay as they
   were (Doppelkopf's ``genscher SEAT`` with the option ``genscher``, seat 0 first).

Two spellings of one action share an id: the verb in any case, the cards of a multi-card
action in any order (``discard SK BA`` is ``discard BA SK``).

>>> from binokel.registry import find_game
>>> spec = find_game("doppelkopf")
>>> codec = ActionCodec.of(spec, spec.make_rules({}), 4)
>>> codec.encode("play EA"), codec.decode(codec.encode("PLAY ea"))
(5, 'play EA')
>>> codec.decode(codec.encode("return SA HK BK")) == codec.decode(codec.encode("return BK HK SA"))
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ..core.cards import Card
from ..core.cards import CardSet
from ..core.cards import card_token
from ..core.cards import cards_of
from ..core.cards import cardset
from ..core.cards import parse_cards
from ..core.rules import RuleSet
from ..core.spec import GameSpec
from ..core.state import parse_action
from ..core.vocabulary import multisets
from ..registry import find_game

# (verb, argument key): the argument text for actions without cards, the card set for the rest.
Key = tuple[str, str | CardSet]


class UnknownAction(ValueError):
    """An action text or id that is not in the game's vocabulary."""


class ActionCodec:
    """The numbering of every action of one game under one rule set and player count."""

    def __init__(self, words: Iterable[str], one_card_verbs: Iterable[str],
                 multi_card: Iterable[tuple[str, Iterable[CardSet]]],
                 deck: Iterable[Card], later: Iterable[str] = ()) -> None:
        """``words``: actions without cards; ``one_card_verbs``: verbs taking one card;
        ``multi_card``: (verb, every card set it may name); ``deck``: every card dealt;
        ``later``: actions without cards numbered after all others (added later)."""
        self.deck = tuple(sorted(set(deck)))
        self.card_verbs: set[str] = {"play"}
        self._texts: list[str] = []
        self._ids: dict[Key, int] = {}
        for c in self.deck:
            self._add(("play", cardset([c])), f"play {card_token(c)}")
        for w in words:
            verb, arg = parse_action(w)
            self._add((verb, arg), w)
        for verb in one_card_verbs:
            self.card_verbs.add(verb)
            for c in self.deck:
                self._add((verb, cardset([c])), f"{verb} {card_token(c)}")
        for verb, sets in multi_card:
            self.card_verbs.add(verb)
            for s in sorted(set(sets), key=lambda s: sorted(cards_of(s))):
                self._add((verb, s), f"{verb} " + " ".join(card_token(c)
                                                            for c in sorted(cards_of(s))))
        for w in later:
            verb, arg = parse_action(w)
            self._add((verb, arg), w)

    def _add(self, key: Key, text: str) -> None:
        if key not in self._ids:
            self._ids[key] = len(self._texts)
            self._texts.append(text)

    @functools.cached_property
    def card_free_ids(self) -> tuple[int, ...]:
        """The ids of the actions that name no card (bids, trumps, reservations, ...), in id
        order."""
        return tuple(i for i in range(self.size)
                     if self.key(self._texts[i])[0] not in self.card_verbs)

    @property
    def size(self) -> int:
        """How many distinct actions (OpenSpiel's ``num_distinct_actions``)."""
        return len(self._texts)

    def key(self, action: str) -> Key:
        verb, arg = parse_action(action)
        if verb in self.card_verbs and arg != "none":
            try:
                return verb, cardset(parse_cards(arg))
            except ValueError as e:
                raise UnknownAction(f"{action!r}: {e}") from None
        return verb, arg

    def encode(self, action: str) -> int:
        """The id of ``action``; :class:`UnknownAction` if the game has no such action."""
        found = self._ids.get(self.key(action))
        if found is None:
            raise UnknownAction(f"{action!r} is not an action of this game")
        return found

    def decode(self, action_id: int) -> str:
        """The action text of ``action_id`` (cards sorted in card order)."""
        if not 0 <= action_id < len(self._texts):
            raise UnknownAction(f"no action id {action_id} (0 to {len(self._texts) - 1})")
        return self._texts[action_id]

    @classmethod
    def of(cls, spec: GameSpec, rules: RuleSet, players: int) -> ActionCodec:
        """The codec of ``spec`` under ``rules`` with ``players`` seats (cached)."""
        return _codec(spec.name, rules, players)


def vocabulary(spec: GameSpec, rules: RuleSet, players: int
               ) -> tuple[list[str], list[str], list[tuple[str, list[CardSet]]], list[str]]:
    """The game's actions besides ``play C`` by its ``vocabulary`` hook: (actions without
    cards, verbs with one card, verbs with several cards and the card sets each may name,
    actions without cards added later and numbered last)."""
    v = spec.action_vocabulary(rules, players)
    return (list(v.words), list(v.one_card), [(verb, list(sets)) for verb, sets in v.multi_card],
            list(v.later))


@functools.lru_cache(maxsize=64)
def _codec(game: str, rules: RuleSet, players: int) -> ActionCodec:
    spec = find_game(game)
    words, one_card, multi, later = vocabulary(spec, rules, players)
    return ActionCodec(words, one_card, multi, spec.full_deck(rules, players), later)


__all__ = ["ActionCodec", "UnknownAction", "multisets", "vocabulary"]
