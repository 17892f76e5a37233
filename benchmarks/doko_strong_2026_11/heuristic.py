"""Frozen copy (28 Nov 2026, main at 5c89f80) of the project's Doppelkopf module of this
name, kept outside the wheel as the yardstick of issue 35; see ``__init__.py``.

A rule-based Doppelkopf player that sees only its :class:`DokoView`.

- Vorbehalte: a solo only with a clearly strong hand (many trumps of that kind and high ones),
  a Hochzeit with both Kreuz-Damen, Armut (when played) with at most three trumps. Vorgeführt
  (option ``vorfuehren``), it must play a solo: the one whose strength comes closest to (or
  goes furthest beyond) what it asks of a solo it would choose.
- Ansagen: Re/Kontra with many and high trumps, an Erwiderung with a little less, Absagen only
  as a very strong soloist.
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

from collections.abc import Sequence
from typing import Any

from binokel.bots import legal_actions_of
from binokel.core.cards import ASS
from binokel.core.cards import CARD_POINTS
from binokel.core.cards import EO
from binokel.core.cards import H10
from binokel.core.cards import SA
from binokel.core.cards import SUITS
from binokel.core.cards import ZEHN
from binokel.core.cards import Card
from binokel.core.cards import CardSet
from binokel.core.cards import bit
from binokel.core.cards import card
from binokel.core.cards import cardset
from binokel.core.cards import count
from binokel.core.cards import distinct
from binokel.core.cards import format_cards
from binokel.core.cards import parse_card
from binokel.core.cards import size
from binokel.core.trick import PLAY_ACTIONS
from binokel.games.doppelkopf.deal import full_deck
from binokel.games.doppelkopf.order import TRUMP
from binokel.games.doppelkopf.order import Order
from binokel.games.doppelkopf.order import card_order
from binokel.games.doppelkopf.order import karlchen_card
from binokel.games.doppelkopf.order import second_wins
from binokel.games.doppelkopf.reservations import may_throw
from binokel.games.doppelkopf.reservations import solos_of
from binokel.games.doppelkopf.view import DokoView
from binokel.games.doppelkopf.view import own_kreuz_damen

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
    return 9.5 if kind == "damenbuben" else 10.5


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
            return "pass" if "pass" in actions else actions[-1]
        if ph == "armut_give":
            return min(actions, key=lambda a: sum(_pts(parse_card(t)) for t in a.split()[1:]))
        if ph == "armut_offer":
            order = card_order("normal")
            t = size(hand & order.masks[TRUMP])
            return "accept" if t >= 8 and size(hand & _top(order, 5)) >= 3 else "decline"
        if ph == "armut_return":
            return self._armut_return(hand)
        return self._play_turn(view, hand, actions)

    # ------------------------------------------------------------------ reservations
    def _reservation(self, view: DokoView, hand: CardSet) -> str | None:
        best, best_s = None, 0.0
        for solo in solos_of(view.rules):
            kind = solo[5:]
            s = solo_strength(hand, kind)
            if s >= solo_need(kind) and s > best_s:
                best, best_s = solo, s
        if best is not None:
            return best
        if may_throw(view.rules, hand):   # a hand of nines and kings: deal again
            return "schmeissen"
        if count(hand, EO) == 2:
            return "hochzeit"
        order = card_order("normal")
        if view.rules.armut and size(hand & order.masks[TRUMP]) <= 3:
            return "armut"
        return None

    def _armut_return(self, hand: CardSet) -> str:
        order = card_order("normal")
        plain = [c for c in distinct(hand) if order.group[c] != TRUMP for _ in
                 range(count(hand, c))]
        # Give back low plain cards, shortest suits first (voids let the trumps in).
        suit_len = {s: size(hand & order.masks[s]) for s in SUITS}
        plain.sort(key=lambda c: (c & 7 == ASS, suit_len[c >> 3], _pts(c)))
        pick = plain[:3]
        if len(pick) < 3:
            trumps = sorted((c for c in distinct(hand) if order.group[c] == TRUMP
                             for _ in range(count(hand, c))), key=lambda c: order.power[c])
            pick += trumps[:3 - len(pick)]
        pick.sort(key=lambda c: (c >> 3, -(c & 7)))
        return "return " + format_cards(pick)

    # ------------------------------------------------------------------ play
    def _play_turn(self, view: DokoView, hand: CardSet, actions: list[str]) -> str:
        plays = [a for a in actions if a.startswith("play ")]
        genscher = [a for a in actions if a.startswith("genscher ")]
        if genscher:
            a = self._genscher(view, genscher)
            if a is not None:
                return a
        announce = [a for a in actions if not a.startswith(("play ", "genscher "))]
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
        order = view.order
        trumps = hand & order.masks[TRUMP]
        t, high = size(trumps), size(trumps & _top(order, 3))
        aces = sum(count(hand, card(s, ASS)) for s in SUITS if order.group[card(s, ASS)] != TRUMP)
        n = len(view.hand)
        soloist = view.soloist == me or (view.parties[me] == "re" and count(hand, EO) == 2)
        score = t + high + 0.5 * aces + (12 - n) * 0.5  # later: fewer cards, same quality
        if "re" in options or "kontra" in options:
            answer = view.announced[0 if "kontra" in options else 1] >= 0
            need = 11.0 if soloist or view.soloist is None else 12.5
            if answer:
                need -= 1.0
            if score >= need:
                return options[0]
            return None
        if soloist and "keine 90" in options and t >= 10 and high >= 3:
            return "keine 90"
        return None


def _specials_count(view: DokoView) -> bool:
    """Whether the game is scored with special points as far as ``view`` knows: not a solo,
    not one's own stille Hochzeit, not a Hochzeit that found no partner."""
    c = view.contract or ""
    if c.startswith("solo"):
        return False
    if c == "normal" and own_kreuz_damen(view) == 2:
        return False
    return not (c == "hochzeit" and view.clarified_in > 0 and view.partner is None)


class _CardPlay:
    """One card decision with what the view tells: the trick, the cards out, the parties."""

    def __init__(self, view: DokoView, hand: CardSet) -> None:
        self.view = view
        self.hand = hand
        self.order = view.order
        self.seconds = second_wins(view.rules,
                                   len(view.tricks) == view.rules.hand_size - 1)
        me = view.player
        played = 0
        voids: dict[int, set[int]] = {s: set() for s in view.active}
        order = self.order
        for t in view.tricks:
            played += sum(bit(c) for c in t.cards)
            self._note_voids(t.leader, t.cards, voids)
        played += sum(bit(c) for c in view.trick)
        if view.trick:
            self._note_voids(view.trick_leader, view.trick, voids)
        self.voids = voids
        deck = sum(bit(c) for c in full_deck(view.rules))
        self.unseen = deck - played - hand
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

    def _note_voids(self, leader: int, cards: tuple[Card, ...],
                    voids: dict[int, set[int]]) -> None:
        order = self.order
        seats = list(self.view.active)
        i = seats.index(leader)
        led = order.group[cards[0]]
        for k, c in enumerate(cards[1:], start=1):
            if order.group[c] != led:
                voids[seats[(i + k) % 4]].add(led)

    # -- helpers
    def beaten_later(self, c: Card, led: int, by: list[int]) -> bool:
        """Whether a card still out could beat ``c`` when played by one of ``by``."""
        if not by:
            return False
        order = self.order
        for u in distinct(self.unseen):
            if order.beats(u, c, led, seconds=self.seconds):
                g = order.group[u]
                if all(g in self.voids[s] for s in by):
                    continue
                return True
        if order.group[c] != TRUMP:
            # A plain-suit winner also falls to a trump from a void player; count the suit.
            left = size(self.unseen & order.masks[led])
            if left < len(by) or any(led in self.voids[s] for s in by):
                return any(TRUMP not in self.voids[s] for s in by)
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
        view = self.view
        me = view.player
        trumps = [c for c in cards if order.group[c] == TRUMP]
        plain = [c for c in cards if order.group[c] != TRUMP]
        led_before = {order.group[t.cards[0]] for t in view.tricks}
        others = [s for s in view.active if s != me]
        soloist = view.soloist == me
        if (view.contract == "hochzeit" and view.hochzeit == me and view.clarified_in == 0
                and view.rules.hochzeit_klaerung == "trumpf" and trumps):
            # Only a trick led with trump finds the partner: lead one the others can take.
            return min(trumps, key=lambda c: (c in self.keep, order.power[c]))
        # A sure trump first when the hand is trump-long (soloist / Re pulling trumps).
        if trumps and (soloist or len(trumps) * 2 > len(cards)):
            sure = [c for c in trumps if not self.beaten_later(c, TRUMP, others)]
            if sure:
                # Keep a sure Karlchen (or Fuchs) for the last trick: it stays sure.
                return min(sure, key=lambda c: (c in self.keep, order.power[c]))
        # Plain aces in a suit nobody has led yet.
        aces = [c for c in plain if c & 7 == ASS and c >> 3 not in led_before
                and size(self.hand & order.masks[c >> 3]) <= 3
                and not self.beaten_later(c, c >> 3, others)]
        if aces:
            return aces[0]
        if plain:
            # A low card of the suit where the others can still follow, so that a partner
            # behind may win it; keep the tens.
            return min(plain, key=lambda c: (_pts(c) >= 10, _pts(c), c))
        return min(trumps, key=self.cost)

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

