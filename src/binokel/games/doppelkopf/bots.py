"""A rule-based Doppelkopf player that sees only its :class:`DokoView`.

- Vorbehalte: a solo only with a clearly strong hand (many trumps of that kind and high ones),
  a Hochzeit with both Kreuz-Damen, Armut (when played) with at most three trumps. Vorgeführt
  (option ``vorfuehren``), it must play a solo: the one whose strength comes closest to (or
  goes furthest beyond) what it asks of a solo it would choose.
- Ansagen: Re/Kontra with many and high trumps, an Erwiderung with a little less, Absagen only
  as a very strong soloist. With ``announce_any_time`` it says what it would say on its turn
  as soon as it may (``announce``, asked after every card): the partner learns it before his
  next card, and nothing is lost, since its deadline counts only its own cards.
- Genscher (option): names the seat that makes the best pair with it so far (Augen taken,
  strength shown by announcing) when that pair is clearly better than the present one.
- Play: counts the cards still out and the voids shown, knows the parties as far as the view
  reveals them; smears points (and the Fuchs) onto a trick its partner surely wins, wins
  tricks with the cheapest sure card, keeps the Dulle for tricks worth it, never throws the
  Fuchs to the opponents when it can help it, and saves the rules' Karlchen (Karo- or
  Kreuz-Bube; none with ``karlchen = off``) for the last trick where special points count;
  with ``fuchs_last_trick`` it keeps a sure Fuchs for the last trick as well. A Hochzeit
  player whose partner only a trump trick finds (``hochzeit_klaerung = trumpf``) leads a low
  trump.

``make_bot("heuristic")`` plays Doppelkopf with this bot (it is registered for that game).

>>> from binokel.games.doppelkopf.state import DokoState
>>> state = DokoState.new(dealer=3, seed=11)
>>> bot = DokoHeuristicBot(seed=1)
>>> while not state.is_over:
...     state.apply(bot.choose(state.view(state.to_move)))
>>> sum(state.result.scores)
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...bots import legal_actions_of
from ...core.cards import ASS
from ...core.cards import CARD_POINTS
from ...core.cards import EO
from ...core.cards import H10
from ...core.cards import SA
from ...core.cards import SUITS
from ...core.cards import ZEHN
from ...core.cards import Card
from ...core.cards import CardSet
from ...core.cards import bit
from ...core.cards import card
from ...core.cards import cardset
from ...core.cards import count
from ...core.cards import distinct
from ...core.cards import format_cards
from ...core.cards import parse_card
from ...core.cards import size
from ...core.trick import PLAY_ACTIONS
from .deal import full_deck
from .order import TRUMP
from .order import Order
from .order import card_order
from .order import karlchen_card
from .order import second_wins
from .reservations import is_poor
from .reservations import solos_of
from .reservations import throw_reasons
from .rules import DokoRules
from .state import DokoState
from .view import DokoView
from .view import known_parties
from .view import own_kreuz_damen
from .view import public_contract

_POINTS = CARD_POINTS["classic"]


def _pts(c: Card) -> int:
    return _POINTS[c & 7]


def _top(order: Order, k: int) -> CardSet:
    """The set of the ``k`` highest trump ranks (both copies)."""
    s = 0
    for c in order.trumps[:k]:
        s |= 3 << (2 * c)
    return s


def solo_strength(hand: CardSet, kind: str) -> float:
    """A rough count of tricks a soloist of ``kind`` can expect; >= 8 is a playable solo."""
    order = card_order(kind)
    trumps = hand & order.masks[TRUMP]
    t = size(trumps)
    high = size(trumps & _top(order, 2 if kind in ("damen", "buben", "koenige") else 4))
    aces = sum(count(hand, card(s, ASS)) for s in SUITS if order.group[card(s, ASS)] != TRUMP)
    if kind == "fleischlos":
        # Only solid suits count: aces, and tens behind an ace.
        tens = sum(min(count(hand, card(s, ZEHN)), count(hand, card(s, ASS))) for s in SUITS)
        return aces + 0.8 * tens
    return t * 0.7 + high * 0.6 + aces * 0.6


def solo_need(kind: str) -> float:
    """The :func:`solo_strength` at which the heuristic declares a solo of ``kind``."""
    # Fitted on self-play (benchmarks/doppelkopf_bots.py): at 9.0 the Farbsoli were
    # played far too often and won about a quarter of the time.
    if kind in ("damen", "buben", "koenige", "fleischlos"):
        return 8.5
    # Two picture ranks (eight trumps) like Damen-Buben; Köhler's twelve like a Farbsolo.
    return 9.5 if kind in ("damenbuben", "koenigebuben", "koenigedamen") else 10.5


def best_solo(hand: CardSet, solos: Sequence[str]) -> str:
    """Of ``solos`` (``solo damen`` ...), the one whose strength for ``hand`` lies furthest
    above (or least below) its need: the forced solo of a Vorführung. Ties: the first.

    >>> from binokel.core.cards import parse_cards
    >>> h = cardset(parse_cards("EU EU BU BU HU SU EA EA BA HA H10 S9"))
    >>> best_solo(h, ["solo damen", "solo buben", "solo fleischlos", "solo S"])
    'solo buben'
    """
    return max(solos, key=lambda a: (solo_strength(hand, a[5:]) - solo_need(a[5:]),
                                     -solos.index(a)))


def bride_choice(hand: CardSet, named: list[str]) -> str:
    """The Klärungsstich a bride names (``hochzeit_klaerung = wahl``): the first trick won by
    another player, which finds a partner soonest, where offered; else the first offered.

    >>> bride_choice(0, ["hochzeit fehl", "hochzeit fremd"])
    'hochzeit fremd'
    """
    return "hochzeit fremd" if "hochzeit fremd" in named else named[0]


def reservation_choice(rules: DokoRules, hand: CardSet) -> str | None:
    """The reservation the heuristic makes with ``hand`` (None: gesund): the strongest solo
    it finds playable, else Schmeißen, a Hochzeit, an Armut (as the rules allow)."""
    best, best_s = None, 0.0
    for solo in solos_of(rules):
        kind = solo[5:]
        s = solo_strength(hand, kind)
        if s >= solo_need(kind) and s > best_s:
            best, best_s = solo, s
    if best is not None:
        return best
    reasons = throw_reasons(rules, hand)
    # A hand of nines and kings, or without trumps worth the name: deal again. A rich hand
    # (throw_points) only when its trumps are poor too.
    if [r for r in reasons if r != "points"] or (
            reasons and size(hand & card_order("normal").masks[TRUMP]) <= 4):
        return "schmeissen"
    if count(hand, EO) == 2:
        return "hochzeit"
    if rules.armut and is_poor(rules, hand):
        return "armut"
    return None


def accepts_armut(hand: CardSet) -> bool:
    """Whether the heuristic takes an Armut with ``hand``: many trumps, three high ones."""
    order = card_order("normal")
    t = size(hand & order.masks[TRUMP])
    return t >= 8 and size(hand & _top(order, 5)) >= 3


def announcement_choice(order: Order, hand: CardSet, soloist: bool, two_parties: bool,
                        announced: Sequence[int], options: Sequence[str],
                        features: Sequence[float] | None = None) -> str | None:
    """The heuristic's announcement among ``options`` (None: none) with ``hand`` in the game
    of ``order``. Re/Kontra in a game of two parties (``features``: the seat's
    :func:`announce_features`) when the announcement model gives its party at least
    :data:`ANNOUNCE_AT` to win; otherwise (a solo, one's stille Hochzeit) with many and high
    trumps (a little less as an Erwiderung, or alone against three). ``keine 90`` only as a
    very strong soloist. ``soloist``: the player plays alone (a solo or his stille
    Hochzeit); ``two_parties``: the game is not a declared solo."""
    if features is not None and ANNOUNCE_MODEL and ("re" in options or "kontra" in options):
        return options[0] if win_chance(features) >= ANNOUNCE_AT else None
    trumps = hand & order.masks[TRUMP]
    t, high = size(trumps), size(trumps & _top(order, 3))
    aces = sum(count(hand, card(s, ASS)) for s in SUITS if order.group[card(s, ASS)] != TRUMP)
    n = size(hand)
    score = t + high + 0.5 * aces + (12 - n) * 0.5  # later: fewer cards, same quality
    if "re" in options or "kontra" in options:
        answer = announced[0 if "kontra" in options else 1] >= 0
        need = 11.0 if soloist or two_parties else 12.5
        if answer:
            need -= 1.0
        if score >= need:
            return options[0]
        return None
    if soloist and "keine 90" in options and t >= 10 and high >= 3:
        return "keine 90"
    return None

ANNOUNCE_FEATURES = ("intercept", "re", "cards_played", "trumps", "top3", "next3",
                     "low_trumps", "fuchs", "aces", "tens", "voids", "answer", "own_augen",
                     "their_augen", "won_last")
"""The names of :func:`announce_features`' values, in order."""


def announce_features(view: DokoView) -> list[float] | None:
    """What the announcement model (:data:`ANNOUNCE_MODEL`) reads of a seat's view in a game
    of two parties whose own party the seat knows (None otherwise: a solo, one's own stille
    Hochzeit, a Hochzeit before its Klärungsstich): see :func:`features_of`."""
    return _features(view.player, view.contract, view.parties, view.soloist,
                     own_kreuz_damen(view), view.clarified_in, view.partner, view.order,
                     cardset(view.hand), view.rules.hand_size, view.announced,
                     view.trick_points, view.active, not view.trick)


def state_features(state: DokoState, seat: int) -> list[float] | None:
    """:func:`announce_features` of ``seat``'s view of ``state``, without building the view
    (a world's replay asks it for every seat at every turn)."""
    contract = public_contract(state)
    dealt = count(state.initial_hands[seat], EO)
    return _features(seat, contract, known_parties(state, seat),
                     state.soloist if (contract or "").startswith("solo") else None,
                     dealt, state.clarified_in, state.partner, state.order, state.hands[seat],
                     state.rules.hand_size, state.announced, state.trick_points, state.active,
                     not state.trick)


def _features(me: int, contract: str | None, parties: Sequence[str | None],
              soloist: int | None, kreuz_damen: int, clarified_in: int, partner: int | None,
              order: Order, hand: CardSet, hand_size: int, announced: Sequence[int],
              trick_points: Sequence[int], active: Sequence[int],
              leads: bool) -> list[float] | None:
    c = contract or ""
    mine = parties[me]
    if c.startswith("solo") or mine is None or soloist is not None:
        return None
    if c == "normal" and kreuz_damen == 2:
        return None
    if c == "hochzeit" and (clarified_in == 0 or partner is None):
        return None
    other = 1 if mine == "re" else 0
    own = sum(trick_points[s] for s in active if parties[s] == mine)
    theirs = sum(trick_points[s] for s in active if parties[s] not in (None, mine))
    return features_of(order, hand, mine == "re", hand_size - size(hand),
                       announced[other] >= 0, own, theirs, leads)


def features_of(order: Order, hand: CardSet, re: bool, played: int, answer: bool, own: int,
                theirs: int, leads: bool) -> list[float]:
    """The announcement model's features (:data:`ANNOUNCE_FEATURES`): the party, how many
    cards the seat played, its trumps by height (the three highest ranks, the next three,
    the rest) and its Füchse, its plain aces and tens, the plain suits it lacks, whether the
    other party announced, the Augen taken by its own known party and by the known
    opponents (hundreds), and whether it leads now after the first trick (it won the last
    one; Vorhand's first lead says nothing)."""
    trumps = hand & order.masks[TRUMP]
    t = size(trumps)
    top3 = size(trumps & _top(order, 3))
    next3 = size(trumps & _top(order, 6)) - top3
    plain_suits = [s for s in SUITS if order.group[card(s, ASS)] != TRUMP]
    aces = sum(count(hand, card(s, ASS)) for s in plain_suits)
    tens = sum(count(hand, card(s, ZEHN)) for s in plain_suits
               if order.group[card(s, ZEHN)] != TRUMP)
    voids = sum(1 for s in plain_suits
                if not hand & order.masks[order.group[card(s, ASS)]])
    return [1.0, float(re), float(played), float(t), float(top3), float(next3),
            float(t - top3 - next3), float(count(hand, SA)), float(aces), float(tens),
            float(voids), float(answer), own / 100, theirs / 100, float(leads and played > 0)]


ANNOUNCE_AT = 0.75
"""The heuristic and the strong player say Re or Kontra when the model gives their party at
least this chance (fitted: announcing from 0.5 up gains about as much, with the others
playing on as if nothing was said; 0.75 leaves room for their answers, for the model's
overconfidence above 0.7 and for our players' play being weaker than FreeDoko's, whose
outcomes it learnt)."""

ANNOUNCE_MODEL: tuple[float, ...] = (
    -3.704, 0.611, -0.245, 0.405, 0.556, 0.013, -0.165, -0.127, 0.240, 0.038, 0.406, -0.845,
    0.627, -0.732, 1.256)
"""The coefficients of the announcement model: the log-odds that one's party wins, a linear
function of :func:`announce_features`. Fitted against the outcomes of 500 deals of four
FreeDoko 0.7.13 "profi" players mirrored in our engine (``ddv`` without Pflichtsolo;
``benchmarks/doko_announce_fit.py --records DIR --ridge 5``: 3,621 turns at which Re or
Kontra could be said, 2,744 fitted; on the held-out deals the chance is about right up to
0.7 and about 0.08 too high above it)."""


def win_chance(features: Sequence[float]) -> float:
    """The announcement model's chance that the seat's party wins (:data:`ANNOUNCE_MODEL`)."""
    z = sum(w * x for w, x in zip(ANNOUNCE_MODEL, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


class DokoHeuristicBot:
    """Heuristic Doppelkopf bot (``choose(view)`` -> one of ``view.legal_actions``)."""

    name = "doppelkopf-heuristic"

    def __init__(self, seed: int | None = None) -> None:
        # Every decision is a rule of thumb: the bot draws no random numbers, and its seed
        # (the bot factory's argument) changes nothing.
        self.seed = seed

    # ------------------------------------------------------------------ entry
    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        if getattr(view, "game", None) != "doppelkopf":
            raise ValueError("DokoHeuristicBot plays Doppelkopf views only")
        ph = view.phase
        hand = cardset(view.hand)
        if ph == "vorbehalt":
            return "vorbehalt" if self._reservation(view, hand) else "gesund"
        if ph == "declare":
            if view.vorgefuehrt == view.player:   # vorgeführt: the best solo it has
                return best_solo(hand, [a for a in actions if a.startswith("solo ")])
            # Asked by kind: name the reservation when its kind is asked, else pass.
            want = self._reservation(view, hand) or "solo S"
            if want in actions:
                return want
            if want == "hochzeit":   # the bride names the Klärungsstich (wahl)
                named = [a for a in actions if a.startswith("hochzeit ")]
                if named:
                    return bride_choice(hand, named)
            return "pass" if "pass" in actions else actions[-1]
        if ph == "armut_give":
            return min(actions, key=lambda a: sum(_pts(parse_card(t)) for t in a.split()[1:]))
        if ph == "armut_offer":
            return "accept" if accepts_armut(hand) else "decline"
        if ph == "armut_return":
            give = next((a for _, a in view.history if a.startswith("give")), "give ? ? ?")
            return self._armut_return(hand, len(give.split()) - 1)
        return self._play_turn(view, hand, actions)

    def announce(self, view: Any) -> str | None:
        """Out of turn (``announce_any_time``): the announcement it would make on its turn,
        said now, or None."""
        options = list(getattr(view, "interjections", ()))
        if not options or getattr(view, "game", None) != "doppelkopf":
            return None
        return self._announcement(view, cardset(view.hand), options)

    # ------------------------------------------------------------------ reservations
    def _reservation(self, view: DokoView, hand: CardSet) -> str | None:
        return reservation_choice(view.rules, hand)

    def _armut_return(self, hand: CardSet, n: int = 3) -> str:
        order = card_order("normal")
        plain = [c for c in distinct(hand) if order.group[c] != TRUMP for _ in
                 range(count(hand, c))]
        # Give back low plain cards, shortest suits first (voids let the trumps in).
        suit_len = {s: size(hand & order.masks[s]) for s in SUITS}
        plain.sort(key=lambda c: (c & 7 == ASS, suit_len[c >> 3], _pts(c)))
        pick = plain[:n]
        if len(pick) < n:
            trumps = sorted((c for c in distinct(hand) if order.group[c] == TRUMP
                             for _ in range(count(hand, c))), key=lambda c: order.power[c])
            pick += trumps[:n - len(pick)]
        pick.sort(key=lambda c: (c >> 3, -(c & 7)))
        return f"return {format_cards(pick)}" if pick else "return"

    # ------------------------------------------------------------------ play
    def _play_turn(self, view: DokoView, hand: CardSet, actions: list[str]) -> str:
        plays = [a for a in actions if a.startswith("play ")]
        genscher = [a for a in actions if a.startswith("genscher ")]
        if genscher:
            a = self._genscher(view, genscher)
            if a is not None:
                return a
        announce = [a for a in actions if not a.startswith(("play ", "genscher "))]
        if announce and not plays:   # announce_first_trick_30: it must be said first
            return announce[0]
        if announce:
            a = self._announcement(view, hand, announce)
            if a is not None:
                return a
        cards = [parse_card(a[5:]) for a in plays]
        c = _CardPlay(view, hand).choose(cards)
        return PLAY_ACTIONS[c]

    def _genscher(self, view: DokoView, options: list[str]) -> str | None:
        """The Genscher: the Augen already taken count for the new parties, so a partner
        who has taken many (or announced, showing a strong hand) is worth naming; stay
        with the present partner unless another seat is clearly better (20 Augen)."""
        me = view.player
        mine = view.parties[me]

        def pair(s: int) -> float:
            shown = sum(10 for seat, _, _ in view.announcements if seat == s)
            return view.trick_points[me] + view.trick_points[s] + shown

        seats = {int(a.split()[1]): a for a in options}
        best = max(seats, key=lambda s: (pair(s), -s))
        if view.contract == "normal" and own_kreuz_damen(view) == 2:
            # A stille Hochzeit: alone with a strong hand; a partner only when losing.
            present = 2.0 * view.trick_points[me] + 20
        else:
            friends = [s for s in seats if mine is not None and view.parties[s] == mine]
            maybe = friends or [s for s in seats if view.parties[s] is None or
                                view.parties[s] == mine]
            present = (sum(pair(s) for s in maybe) / len(maybe)) if maybe else 0.0
        return seats[best] if pair(best) >= present + 20 else None

    def _announcement(self, view: DokoView, hand: CardSet, options: list[str]) -> str | None:
        me = view.player
        soloist = view.soloist == me or (view.parties[me] == "re" and count(hand, EO) == 2)
        return announcement_choice(view.order, hand, soloist, view.soloist is None,
                                   view.announced, options, announce_features(view))


@lru_cache(maxsize=2)
def _deck(nines: bool) -> CardSet:
    """The whole deck as a card set (with or without the nines)."""
    return sum(bit(c) for c in full_deck(DokoRules(nines=nines)))


def _specials_count(view: DokoView) -> bool:
    """Whether the game is scored with special points as far as ``view`` knows: not a solo,
    not one's own stille Hochzeit, not a Hochzeit that found no partner."""
    c = view.contract or ""
    if c.startswith("solo"):
        return False
    if c == "normal" and own_kreuz_damen(view) == 2:
        return False
    return not (c == "hochzeit" and view.clarified_in > 0 and view.partner is None)


@dataclass
class CardsSeen:
    """What every seat has seen of the cards played: the cards (a card set), the groups each
    seat showed it lacks (it did not follow), and how often each group was led (the trick on
    the table included). Built from a view (:meth:`of`), or kept up to date card by card
    (:meth:`add`) where a rollout plays many cards in a row."""

    played: CardSet
    voids: dict[int, set[int]]
    rounds: dict[int, int]

    @classmethod
    def of(cls, view: DokoView) -> CardsSeen:
        seen = cls(0, {s: set() for s in view.active}, {})
        order = view.order
        for t in view.tricks:
            seen._trick(order, view.active, t.leader, t.cards)
        if view.trick:
            seen._trick(order, view.active, view.trick_leader, view.trick)
        return seen

    def _trick(self, order: Order, active: Sequence[int], leader: int,
               cards: Sequence[Card]) -> None:
        for c in cards:
            self.played += 1 << (c << 1)   # bit(c), inline: this runs in every rollout move
        led = order.group[cards[0]]
        self.rounds[led] = self.rounds.get(led, 0) + 1
        i = active.index(leader)
        for k, c in enumerate(cards[1:], start=1):
            if order.group[c] != led:
                self.voids[active[(i + k) % len(active)]].add(led)

    def add(self, order: Order, seat: int, c: Card, led: Card | None) -> None:
        """Seat ``seat`` played ``c`` (``led``: the trick's first card, None: he led)."""
        self.played += 1 << (c << 1)
        if led is None:
            g = order.group[c]
            self.rounds[g] = self.rounds.get(g, 0) + 1
        elif order.group[c] != order.group[led]:
            self.voids[seat].add(order.group[led])


def card_choice(view: DokoView, hand: CardSet, cards: Sequence[Card],
                seen: CardsSeen | None = None) -> Card:
    """The heuristic's card among ``cards`` (the legal ones) for the seat of ``view`` holding
    ``hand``; ``seen``: the cards seen so far, when the caller keeps them (a rollout)."""
    return _CardPlay(view, hand, seen).choose(list(cards))


class _CardPlay:
    """One card decision with what the view tells: the trick, the cards out, the parties."""

    def __init__(self, view: DokoView, hand: CardSet,
                 seen: CardsSeen | None = None) -> None:
        self.view = view
        self.hand = hand
        self.order = view.order
        self.seconds = second_wins(view.rules,
                                   len(view.tricks) == view.rules.hand_size - 1,
                                   view.schweine is not None)
        me = view.player
        if seen is None:
            seen = CardsSeen.of(view)
        self.rounds = seen.rounds      # per group, how often it was led (this trick too)
        self.voids = seen.voids
        self.unseen = _deck(view.rules.nines) - seen.played - hand
        order = self.order
        mine = view.parties[me]
        self.friends = {s for s in view.active if s != me and mine is not None
                        and view.parties[s] == mine}
        # Seats still to play after me in this trick.
        seats = list(view.active)
        i = seats.index(view.trick_leader) if view.trick else seats.index(me)
        rot = seats[i:] + seats[:i]
        self.after = rot[len(view.trick) + 1:]
        self.led = order.group[view.trick[0]] if view.trick else -1
        self.win_card, self.win_seat = -1, -1
        if view.trick:
            seat_iter = rot
            w, ws = view.trick[0], seat_iter[0]
            for k, c in enumerate(view.trick[1:], start=1):
                if order.beats(c, w, self.led, seconds=self.seconds):
                    w, ws = c, seat_iter[k]
            self.win_card, self.win_seat = w, ws
        self.trick_pts = sum(_pts(c) for c in view.trick)
        self.last_trick = len(view.hand) == 1
        # Cards worth keeping for the last trick: the Karlchen of these rules, and with
        # fuchs_last_trick the Fuchs (only while nobody holds the Schweinchen); both score
        # only where special points count, not in a game scored as a solo.
        keep: set[Card] = set()
        if _specials_count(view):
            karlchen = karlchen_card(view.rules)
            if karlchen is not None:
                keep.add(karlchen)
            if view.rules.fuchs_last_trick and view.schweine is None:
                keep.add(SA)
        self.keep = frozenset(c for c in keep if order.group[c] == TRUMP)

    # -- helpers
    def beaten_later(self, c: Card, led: int, by: list[int]) -> bool:
        """Whether a card still out could beat ``c`` when played by one of ``by``: a higher
        card of its group, or for a plain card a trump from a seat that cannot follow (a
        seat that showed the void, or any seat once the cards of the suit still out are
        too few for all of ``by`` to follow: in the first round of a suit one more than
        them, in the second round twice as many)."""
        if not by:
            return False
        order = self.order
        plain = order.group[c] != TRUMP
        for u in distinct(self.unseen):
            if plain and order.group[u] == TRUMP:
                continue   # the ruff is counted below
            if order.beats(u, c, led, seconds=self.seconds):
                g = order.group[u]
                if all(g in self.voids[s] for s in by):
                    continue
                return True
        if plain:
            can_ruff = [s for s in by if TRUMP not in self.voids[s]]
            if not can_ruff:
                return False
            if any(led in self.voids[s] for s in can_ruff):
                return True
            left = size(self.unseen & order.masks[led])
            rounds = self.rounds.get(led, 0) + (0 if self.view.trick else 1) - 1
            need = len(by) + 1 if rounds == 0 else 2 * len(by) + 1 if rounds == 1 else 99
            return left < need
        return False

    def opponents_after(self) -> list[int]:
        return [s for s in self.after if s not in self.friends]

    def cost(self, c: Card) -> float:
        """How much it hurts to throw ``c`` away: points, trump height, Fuchs, Karlchen."""
        order = self.order
        x = float(_pts(c))
        if order.group[c] == TRUMP:
            x += 3 + (order.power[c] - 100) * 0.8
            if c == SA:
                x += 12
            if c in self.keep and not self.last_trick:
                x += 5
            if c == H10:
                x += 4
        return x

    # -- the decision
    def choose(self, cards: list[Card]) -> Card:
        if len(cards) == 1:
            return cards[0]
        return self.follow(cards) if self.view.trick else self.lead(cards)

    def lead(self, cards: list[Card]) -> Card:
        order = self.order
        trumps = [c for c in cards if order.group[c] == TRUMP]
        plain = [c for c in cards if order.group[c] != TRUMP]
        others = [s for s in self.view.active if s != self.view.player]
        if trumps and self._seeks_partner():
            # Only a trick led with trump finds the partner: lead one the others can take.
            return min(trumps, key=self._spare_first)
        # A soloist pulls trumps first, with a sure one.
        if self.view.soloist == self.view.player:
            sure = self._sure_trump(trumps, others)
            if sure is not None:
                return sure
        ace = self._cashing_ace(plain, others)
        if ace is not None:
            return ace
        # A sure trump when the hand is trump-long (Re pulling trumps).
        if len(trumps) * 2 > len(cards):
            sure = self._sure_trump(trumps, others)
            if sure is not None:
                return sure
        if plain:
            # A low card of the suit where the others can still follow, so that a partner
            # behind may win it; keep the tens.
            return min(plain, key=lambda c: (_pts(c) >= 10, _pts(c), c))
        return min(trumps, key=self.cost)

    def _seeks_partner(self) -> bool:
        """Whether I am the Hochzeit (marriage) player still looking for my partner by the
        first trump trick."""
        view = self.view
        return (view.contract == "hochzeit" and view.hochzeit == view.player
                and view.clarified_in == 0 and view.klaerung == "trumpf")

    def _spare_first(self, c: Card) -> tuple[bool, int]:
        """Sort key: the cards kept for later (a sure Karlchen or Fuchs for the last trick)
        last, then the lowest trump."""
        return c in self.keep, self.order.power[c]

    def _sure_trump(self, trumps: list[Card], others: list[int]) -> Card | None:
        """The lowest trump nobody else can beat any more, if there is one."""
        sure = [c for c in trumps if not self.beaten_later(c, TRUMP, others)]
        return min(sure, key=self._spare_first) if sure else None

    def _cashing_ace(self, plain: list[Card], others: list[int]) -> Card | None:
        """A plain ace the others can still follow (the classic opening), from the suit with
        the most cards out (the least likely to be ruffed)."""
        aces = [c for c in plain if c & 7 == ASS and not self.beaten_later(c, c >> 3, others)]
        if not aces:
            return None
        return max(aces, key=lambda c: (size(self.unseen & self.order.masks[c >> 3]),
                                        count(self.hand, c), -c))

    def follow(self, cards: list[Card]) -> Card:
        order = self.order
        led = self.led
        friend_wins = self.win_seat in self.friends
        opp_after = self.opponents_after()
        winners = [c for c in cards if order.beats(c, self.win_card, led, seconds=self.seconds)]
        if friend_wins and not self.beaten_later(self.win_card, led, opp_after):
            # Smear: the most points we can give without wasting a high trump.
            return max(cards, key=lambda c: (_pts(c) + (6 if c == SA else 0)
                                             - (0 if order.group[c] != TRUMP else
                                                (order.power[c] - 100) * 0.8), -c))
        if winners:
            safe = [c for c in winners if not self.beaten_later(c, led, opp_after)]
            worth = self.trick_pts + (10 if SA in self.view.trick else 0)
            pick = safe or (winners if not opp_after else [])
            if pick:
                best = min(pick, key=self.cost)
                dear = best == H10 or order.power[best] - 100 >= len(order.trumps) - 2
                if not dear or worth >= 10 or not opp_after or self.last_trick:
                    return best
            elif worth >= 14:
                # Not safe but worth a try with a high card.
                return max(winners, key=lambda c: order.power[c])
        return min(cards, key=self.cost)

