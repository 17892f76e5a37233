"""A rule-based computer player for 3-player Binokel that a casual player finds sensible.

It sees only a :class:`~binokel.games.binokel.state.View` (what its seat may know) and:

- bids up to an estimate of meld + trick points, counting what the Dapp may add
  (an average over sampled Dapps from the cards it cannot see);
- as declarer, chooses trump and the four cards to push by trying every trump with a greedy
  push (keep meld cards, trumps and aces; push points that would be lost and short suits),
  goes abgehen when the bid is out of reach (naming the trump that helps the others least),
  and announces Durch only when every suit is solid from the top;
- plays with card counting: the cards still out, the voids shown by play, the meld cards
  known in each hand; defenders smear points onto a trick their partner wins, and everyone
  fights for the last trick.

>>> from binokel.games.binokel.state import DealState
>>> from binokel.games.binokel.rules import Rules
>>> state = DealState.new(Rules(), dealer=2, seed=11)
>>> bot = HeuristicBot(seed=1)
>>> bot.choose(state.view(state.to_move)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ....bots import legal_actions_of
from ....core.cards import ASS
from ....core.cards import KOENIG
from ....core.cards import OBER
from ....core.cards import SUITS
from ....core.cards import ZEHN
from ....core.cards import Card
from ....core.cards import CardSet
from ....core.cards import card
from ....core.cards import card_token
from ....core.cards import cards_of
from ....core.cards import cardset
from ....core.cards import count
from ....core.cards import parse_card
from ....core.cards import sort_key
from ...family.melds import best_melds
from ..deal import full_deck
from ..rules import Rules
from ..view import BinokelView

# Rough trick value of holding a card, by rank slot (7, 9, U, O, K, 10, A), as trump / plain.
_TRUMP_WORTH = (4, 5, 9, 11, 14, 18, 22)
_PLAIN_WORTH = (0, 0, 0, 1, 2, 4, 16)


def _hand_set(view: BinokelView) -> CardSet:
    return cardset(view.hand)


def trick_estimate(hand: CardSet, trump: int, rules: Rules) -> float:
    """Expected card points a declarer takes with ``hand`` (12 cards) and ``trump``."""
    est = 30.0
    for s in SUITS:
        chunk = (hand >> (16 * s)) & 0xFFFF  # this suit's two bits per rank slot
        if s == trump:
            held = 0
            for r in range(7):
                k = (chunk >> (2 * r)) & 3
                est += _TRUMP_WORTH[r] * k
                held += k
            est += max(0, held - 4) * 10
        elif chunk:
            aces = (chunk >> (2 * ASS)) & 3
            tens = (chunk >> (2 * ZEHN)) & 3
            est += 18 * min(aces, 1) + 10 * max(0, aces - 1)
            if aces:
                est += 8 * tens
        else:
            est += 8  # a void lets the trumps in
    scale = sum(rules.points) / 25.0  # classic 30, tournament 30: points per rank sum
    raw = est * scale / 1.2
    # Fitted on 150 self-play deals (benchmarks/bot_stats.py): the raw score overshot the
    # points declarers really took by about 55 (actual ~ 0.83 raw - 22).
    return max(0.0, min(250.0, 0.83 * raw - 22))


def best_discard(hand: CardSet, trump: int, rules: Rules, k: int) -> list[Card]:
    """A greedy choice of ``k`` cards to push: points that would be lost, short plain suits;
    never meld cards, trumps or aces if it can be helped."""
    return [c for _, c in sorted(keep_scores(hand, trump, rules))[:k]]


def keep_scores(hand: CardSet, trump: int, rules: Rules) -> list[tuple[float, Card]]:
    """How much :func:`best_discard` wants to keep each card of ``hand`` (one entry per card,
    a pair of twins twice): the ``k`` lowest are pushed. The strong player reads other
    declarers' pushes by the same scores (a push of low scores is the likely one)."""
    meld_cards = best_melds(hand, trump, rules).cards()
    cands: list[tuple[float, Card]] = []
    held = cards_of(hand)
    suit_len = Counter(c >> 3 for c in held)
    for i, c in enumerate(held):
        if i and held[i - 1] == c and count(hand, c) == 2:
            in_melds = count(meld_cards, c) == 2
        else:
            in_melds = count(meld_cards, c) >= 1
        s, r = c >> 3, c & 7
        keep = 0.0
        if s == trump:
            keep += 50 + r * 5
        if r == ASS:
            keep += 40
        if in_melds:
            keep += 60
        if r == ZEHN and s != trump and not count(hand, card(s, ASS)):
            keep -= 10  # an unguarded ten is pushed for its points
        keep += suit_len[s] * 3  # short suits go first: voids let trumps in
        keep -= rules.points[r] * 0.8
        cands.append((keep, c))
    return cands


def durch_safe(hand: CardSet, rules: Rules) -> bool:
    """Every suit held is solid from the ace down: no card anywhere can beat ours."""
    deck = Counter(full_deck(rules))
    for s in SUITS:
        mine = [c for c in cards_of(hand) if c >> 3 == s]
        if not mine:
            continue
        lowest = min(mine)
        for c in deck:
            if c >> 3 == s and c > lowest and count(hand, c) < deck[c]:
                return False
    return True


class HeuristicBot:
    """A sensible rule-based player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 10,
                 aggression: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.aggression = aggression
        self._hand_values: dict[tuple[Any, ...], float] = {}

    # ------------------------------------------------------------------ entry
    def choose(self, view: Any) -> str:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        phase = view.phase
        if phase == "bidding":
            return self._bid(view, actions)
        if phase == "declare":
            return self._declare(view, actions)
        if phase == "trump":
            return self._trump(view, actions)
        if phase == "call":
            return self._call(view, actions)
        if phase == "give":
            return self._give(view, actions)
        return self._play(view, actions)

    # ------------------------------------------------------------------ bidding
    def hand_value(self, view: BinokelView) -> float:
        """Meld + trick points this hand may reach as declarer, Dapp included (averaged);
        in Kreuzbinokel for the team, with the partner's hand sampled from the unseen cards.

        Judged once per hand: the bidding asks again at every turn, and nothing it learns
        meanwhile (the others' bids) enters the estimate.
        """
        key = (view.hand, view.rules, view.order, view.parties)
        value = self._hand_values.get(key)
        if value is None:
            if len(self._hand_values) > 64:
                self._hand_values.clear()
            value = self._hand_values[key] = self._estimate_hand(view)
        return value

    def _estimate_hand(self, view: BinokelView) -> float:
        rules = view.rules
        hand = _hand_set(view)
        unseen = Counter(full_deck(rules))
        unseen.subtract(Counter(view.hand))
        pool = list(unseen.elements())
        k = len(pool) - (len(view.order) - 1) * len(view.hand) if rules.dapp else 0
        team = bool(view.partners(view.player))
        total = 0.0
        for _ in range(self.samples if k > 0 or team else 1):
            self.rng.shuffle(pool)
            dapp, partner = pool[:max(k, 0)], pool[max(k, 0):max(k, 0) + len(view.hand)]
            full = hand + cardset(dapp)
            best = 0.0
            for t in SUITS:
                push = best_discard(full, t, rules, k) if k > 0 else []
                best = max(best, self._value(full - cardset(push), t, rules, push,
                                             [cardset(partner)] if team else []))
            total += best
        return total / (self.samples if k > 0 or team else 1)

    def _value(self, kept: CardSet, trump: int, rules: Rules, push: list[Card],
               partner_hands: list[CardSet]) -> float:
        """Expected melds + trick points of the declaring side: the declarer alone, or with
        the partner (averaged over sampled ``partner_hands``)."""
        own = trick_estimate(kept, trump, rules)
        melds = best_melds(kept, trump, rules).total
        if not partner_hands:
            return melds + own + sum(rules.points[c & 7] for c in push)
        n = len(partner_hands)
        partner_melds = sum(best_melds(h, trump, rules).total for h in partner_hands) / n
        partner_est = sum(trick_estimate(h, trump, rules) for h in partner_hands) / n
        # Fitted on 1,500 Kreuzbinokel deals played by this bot (declarer forced, team trick
        # points with the pushed cards against the two hands' estimates); residual sd 29.
        team_tricks = 37 + 1.11 * own + 0.61 * partner_est - 15  # half an sd: bid safely
        return melds + partner_melds + min(250.0, team_tricks)

    def _partner_samples(self, view: BinokelView, n: int = 6) -> list[CardSet]:
        """Hands the partner may hold (Kreuzbinokel), drawn from the cards we cannot see."""
        if not view.partners(view.player):
            return []
        unseen = Counter(full_deck(view.rules))
        unseen.subtract(Counter(view.hand))
        unseen.subtract(Counter(view.discard or ()))
        pool = list((+unseen).elements())
        size = view.hand_sizes[view.partners(view.player)[0]]
        return [cardset(self.rng.sample(pool, size)) for _ in range(n)]

    def _bid(self, view: BinokelView, actions: list[str]) -> str:
        bids = [a for a in actions if a.startswith("bid ")]
        if not bids:
            return "pass"
        lowest = int(bids[0].split()[1])
        limit = self.hand_value(view) * self.aggression
        if "pass" not in actions:  # Vorhand must open
            return bids[0]
        if lowest <= limit:
            return bids[0]
        return "pass"

    # ------------------------------------------------------------------ declarer
    def _plan(self, view: BinokelView) -> tuple[float, int, list[Card]]:
        """The best trump, its push and the expected total."""
        rules = view.rules
        hand = _hand_set(view)
        k = len(view.dapp or ())
        partners = self._partner_samples(view)
        best: tuple[float, int, list[Card]] = (-1.0, 0, [])
        for t in SUITS:
            push = best_discard(hand, t, rules, k) if k else []
            value = self._value(hand - cardset(push), t, rules, push, partners)
            if value > best[0]:
                best = (value, t, push)
        return best

    def _abgehen_suit(self, view: BinokelView) -> str:
        # The others meld pairs and families in trump for more: name the suit in which we hold
        # the most kings and obers, so that they are least likely to have them.
        hand = view.hand
        def held(s: int) -> int:
            return sum(1 for c in hand if c >> 3 == s and c & 7 in (KOENIG, OBER))
        return "EBHS"[max(SUITS, key=held)]

    def _declare(self, view: BinokelView, actions: list[str]) -> str:
        value, _trump, push = self._plan(view)
        bid = view.high_bid or 0
        if value < bid * 0.85 and f"abgehen {self._abgehen_suit(view)}" in actions:
            return f"abgehen {self._abgehen_suit(view)}"
        return "discard " + " ".join(card_token(c) for c in sorted(push, key=sort_key))

    def _trump(self, view: BinokelView, actions: list[str]) -> str:
        rules = view.rules
        hand = _hand_set(view)
        if "durch" in actions and durch_safe(hand, rules):
            return "durch open" if "durch open" in actions else "durch"
        partners = self._partner_samples(view)
        own_discard = list(view.discard or ())
        scores = {t: self._value(hand, t, rules, own_discard, partners) for t in SUITS}
        t = max(scores, key=lambda s: scores[s])
        bid = view.high_bid or 0
        if scores[t] < bid * 0.8 and f"abgehen {self._abgehen_suit(view)}" \
                in actions:
            return f"abgehen {self._abgehen_suit(view)}"
        return f"trump {'EBHS'[t]}"

    def _call(self, view: BinokelView, actions: list[str]) -> str:
        # Call the best trump card we lack (an ace or ten of trump wins tricks).
        for r in (ASS, ZEHN, KOENIG):
            a = f"call {card_token(card(view.trump, r))}"
            if a in actions:
                return a
        return "call none"

    def _give(self, view: BinokelView, actions: list[str]) -> str:
        hand = _hand_set(view)
        meld_cards = best_melds(hand, view.trump, view.rules).cards()

        def cost(a: str) -> tuple[int, int, int]:
            c = parse_card(a.split()[1])
            return (c >> 3 == view.trump, count(meld_cards, c) > 0, view.rules.points[c & 7])
        return min(actions, key=cost)

    # ------------------------------------------------------------------ play
    def _play(self, view: BinokelView, actions: list[str]) -> str:
        cards = [parse_card(a[5:]) for a in actions]
        info = _Knowledge(view)
        c = info.choose(cards)
        return "play " + card_token(c)


class _Knowledge:
    """What the player can deduce: unseen cards, voids, known meld cards, the trick state."""

    def __init__(self, view: BinokelView) -> None:
        self.view = view
        self.me = view.player
        self.trump = view.trump
        self.points = view.rules.points
        self.declarer = view.declarer
        unseen = Counter(full_deck(view.rules))
        unseen.subtract(Counter(view.hand))
        for t in view.tricks:
            unseen.subtract(Counter(t.cards))
        unseen.subtract(Counter(view.trick))
        if view.discard:
            unseen.subtract(Counter(view.discard))
        self.unseen = +unseen
        self.void: list[set[int]] = [set() for _ in range(view.players)]
        tricks = [(t.leader, t.cards) for t in view.tricks]
        tricks.append((view.trick_leader, view.trick))
        for leader, cards in tricks:
            if not cards:
                continue
            led = cards[0] >> 3
            for seat, c in zip(view.trick_seats(leader, len(cards))[1:], cards[1:],
                               strict=True):
                if c >> 3 != led:
                    self.void[seat].add(led)
                    if self.trump >= 0 and c >> 3 != self.trump:
                        self.void[seat].add(self.trump)

    def declaring(self, seat: int) -> bool:
        """Whether ``seat`` plays on the declarer's side (the declarer, or his partner in
        Kreuzbinokel)."""
        return self.declarer is not None and (
            seat == self.declarer or seat in self.view.partners(self.declarer))

    def can_beat(self, c: Card, seats_after: list[int]) -> bool:
        """Whether any unseen card held by someone still to play could beat ``c``."""
        s = c >> 3
        for x in self.unseen:
            xs = x >> 3
            beats = (xs == s and x > c) or (xs == self.trump and s != self.trump)
            if not beats:
                continue
            for seat in seats_after:
                if xs == s and s in self.void[seat]:
                    continue
                if xs == self.trump and xs != s and (s not in self.void[seat]
                                                      or self.trump in self.void[seat]):
                    continue  # he must follow suit (not void) or has no trump
                return True
        return False

    def winner_so_far(self) -> tuple[int, Card] | None:
        trick = self.view.trick
        if not trick:
            return None
        win, wi = trick[0], 0
        for i, c in enumerate(trick[1:], 1):
            s, ws = c >> 3, win >> 3
            if (s == ws and c > win) or (s == self.trump and ws != self.trump):
                win, wi = c, i
        return self.view.trick_seats(self.view.trick_leader, wi + 1)[wi], win

    def beats(self, c: Card, win: Card) -> bool:
        s, ws = c >> 3, win >> 3
        return (s == ws and c > win) or (s == self.trump and ws != self.trump)

    def choose(self, legal: list[Card]) -> Card:
        view = self.view
        pos = len(view.trick)
        seats_after = view.trick_seats(self.me, len(view.order) - pos)[1:]
        if view.contract == "untendurch":
            return self._untendurch(legal, seats_after)
        if pos == 0:
            return self._lead(legal, seats_after)
        return self._follow(legal, seats_after)

    def _follow(self, legal: list[Card], seats_after: list[int]) -> Card:
        """A card onto the trick: points onto a partner's sure trick, the cheapest sure win,
        a win of a rich trick from the others, else the least valuable card."""
        pts = self.points

        def value(c: Card) -> int:
            return pts[c & 7]

        last_trick = len(self.view.hand) == 1
        winner_seat, win = self.winner_so_far()  # type: ignore[misc]
        friendly = self._same_side(winner_seat)
        winners = [c for c in legal if self.beats(c, win)]
        sure = [c for c in winners if not self.can_beat(c, seats_after)]
        trick_value = sum(value(c) for c in self.view.trick) + (10 if last_trick else 0)
        if friendly and not self.can_beat(win, seats_after):
            return self._smear(legal, winners)
        if sure:
            # Win as cheaply as is sure, but take points home.
            return min(sure, key=lambda c: (c >> 3 == self.trump, value(c), c & 7))
        if winners and not seats_after:
            return min(winners, key=lambda c: (c >> 3 == self.trump, value(c), c & 7))
        if winners and trick_value >= 10 and not friendly:
            best = max(winners, key=lambda c: (c & 7, c >> 3 != self.trump))
            if best >> 3 != self.trump or trick_value >= 15:
                return best
        # Losing (or friendly but unsure): discard the least valuable card.
        return min(legal, key=lambda c: (value(c), c >> 3 == self.trump, c & 7))

    def _smear(self, legal: list[Card], winners: list[Card]) -> Card:
        """The partner wins the trick for sure: smear the most points we may (without
        taking the trick from him where a card allows)."""
        pts = self.points
        others = [c for c in legal if c not in winners]
        if winners and not others:
            return max(winners, key=lambda c: (pts[c & 7], -c))
        return max(others or legal, key=lambda c: (pts[c & 7], -(c & 7)))

    def _same_side(self, seat: int) -> bool:
        # The defenders of 3-player Binokel score apart but play together against the
        # declarer; in Kreuzbinokel the sides are the teams.
        if self.declarer is None:
            return False
        return self.declaring(seat) == self.declaring(self.me)

    def _lead(self, legal: list[Card], seats_after: list[int]) -> Card:
        pts = self.points
        trumps_out = sum(n for c, n in self.unseen.items() if c >> 3 == self.trump)
        my_trumps = [c for c in legal if c >> 3 == self.trump]
        sure = [c for c in legal if not self.can_beat(c, seats_after)]
        if self.declaring(self.me) and my_trumps and trumps_out and \
                len(my_trumps) * 2 >= trumps_out:
            # Draw trumps with the strongest one first if it is sure, else the lowest.
            top = max(my_trumps)
            return top if top in sure else min(my_trumps)
        if sure:
            return max(sure, key=lambda c: (pts[c & 7], c >> 3 != self.trump))
        # Lead a low card of the longest plain suit.
        plain = [c for c in legal if c >> 3 != self.trump] or legal
        length = Counter(c >> 3 for c in plain)
        return min(plain, key=lambda c: (pts[c & 7], -length[c >> 3], c & 7))

    def _untendurch(self, legal: list[Card], seats_after: list[int]) -> Card:
        trick = self.view.trick
        if self.declaring(self.me):
            if not trick:
                return min(legal, key=lambda c: c & 7)
            _, win = self.winner_so_far()  # type: ignore[misc]
            losers = [c for c in legal if not self.beats(c, win)]
            return max(losers, key=lambda c: c & 7) if losers else min(legal)
        # Defenders try to make the declarer win a trick: play low under him.
        return min(legal, key=lambda c: c & 7)

