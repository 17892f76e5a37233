"""Property-based tests over random deals and random legal play (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.cards import card_token, cards_of
from binokel.game import BIDDING, DECLARE, OVER, PLAY, DealState, full_deck
from binokel.record import Record
from binokel.rules import Rules

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}),
    ("turnier", {}),
    ("aks", {}),
    ("standard", {"rufen": True}),
    ("standard", {"sevens": True, "dix": True}),
    ("standard", {"sevens": True, "deal_48_3p": "14+6"}),
    ("standard", {"sevens": True, "deal_48_3p": "16+0", "dapp": False}),
    ("standard", {"vorhand_must_open": False, "all_pass": "vorhand_plays"}),
    ("standard", {"vorhand_must_open": False}),
    ("standard", {"must_overtrump": False, "must_trump_lower": False, "first_lead": "declarer"}),
    ("standard", {"durch_open": 1500, "bonus_trick": "first", "rounding": "all",
                  "bid_check": "rounded"}),
]

rule_sets = st.sampled_from(RULE_SETS).map(lambda p: Rules.from_preset(p[0], **p[1]))


def located_cards(state: DealState) -> Counter[int]:
    """Every card of the deal where it is now: hands, Dapp (until taken), discard, tricks."""
    where: Counter[int] = Counter()
    for h in state.hands:
        where.update(cards_of(h))
    if state.declarer is None or state.phase == BIDDING:
        where.update(state.dapp_cards)
    where.update(cards_of(state.discard))
    for t in state.tricks:
        where.update(t.cards)
    where.update(state.trick)
    return where


def play_random(state: DealState, rng: random.Random, check: bool = True) -> None:
    deck = Counter(full_deck(state.rules))
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, f"no legal action in phase {state.phase}"
        if check:
            assert located_cards(state) == deck
            assert len(set(actions)) == len(actions)
            a = state.random_action(rng)
            assert a in actions
            if state.phase == PLAY:
                for other in actions:  # every offered card really is playable
                    state.clone().apply(other)
        else:
            a = state.random_action(rng)
        state.apply(a)
    assert state.phase == OVER and state.result is not None
    assert state.legal_actions() == []
    if check:
        assert located_cards(state) + Counter() == located_cards(state)


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32), dealer=st.integers(0, 2))
def test_cards_conserved_and_legal_actions_never_empty(rules: Rules, seed: int,
                                                       dealer: int) -> None:
    state = DealState.new(rules, dealer, seed=seed)
    play_random(state, random.Random(seed))


def _normal_game(rules: Rules, seed: int, dealer: int) -> DealState:
    rng = random.Random(seed)
    state = DealState.new(rules, dealer, seed=seed)
    while state.phase == BIDDING:
        bids = [a for a in state.legal_actions() if a.startswith("bid")]
        state.apply(bids[0] if state.bidding.high is None else "pass")
    if state.is_over:
        return state
    if state.phase == DECLARE:
        hand = cards_of(state.hands[state.to_move])
        rng.shuffle(hand)
        state.apply("discard " + " ".join(card_token(c) for c in hand[:len(state.dapp_cards)]))
    state.apply("trump " + "EBHS"[rng.randrange(4)])
    if state.phase == "call":
        state.apply("call none")
    return state


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32), dealer=st.integers(0, 2))
def test_trick_points_sum_to_240_plus_bonus(rules: Rules, seed: int, dealer: int) -> None:
    state = _normal_game(rules, seed, dealer)
    if state.is_over:
        return
    state.random_playout(random.Random(seed))
    res = state.result
    assert res is not None and res.contract == "normal"
    assert sum(res.trick_points) == 240 + rules.last_trick_bonus
    assert sum(res.tricks_won) == len(state.tricks) == 12 if not rules.sevens else True
    deck_points = sum(rules.points[c & 7] for c in full_deck(rules))
    assert deck_points == 240


@settings(max_examples=50, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32), dealer=st.integers(0, 2),
       stop=st.integers(0, 60))
def test_replayed_record_reaches_the_same_state_and_score(rules: Rules, seed: int, dealer: int,
                                                          stop: int) -> None:
    rng = random.Random(seed)
    state = DealState.new(rules, dealer, seed=seed)
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(state.random_action(rng))
    record = Record.from_state(state)
    again = Record.loads(record.dumps(indent=2)).replay()
    assert again.history == state.history
    assert again.hands == state.hands and again.tricks == state.tricks
    assert again.phase == state.phase and again.to_move == state.to_move
    assert again.result == state.result
    for p in range(3):
        assert again.view(p) == state.view(p)


def _assert_view_hides(state: DealState, p: int) -> None:
    v = state.view(p)
    data = v.to_json()
    assert data["hand"] == [card_token(c) for c in cards_of(state.hands[p])]
    if state.phase == BIDDING or state.declarer is None:
        assert v.dapp is None
    if state.declarer != p:
        assert v.discard is None
        assert all(not a.startswith("discard") or set(a.split()[1:]) == {"?"}
                   for _, a in v.history)
    if p != state.to_move:
        assert v.legal_actions == ()
    text = json.dumps(data)
    # The discard of another player never appears in the history of this view.
    if state.declarer not in (None, p) and state.discard:
        assert "discard " + " ".join(card_token(c) for c in cards_of(state.discard)) not in text


@settings(max_examples=40, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32), dealer=st.integers(0, 2))
def test_views_never_contain_hidden_cards(rules: Rules, seed: int, dealer: int) -> None:
    rng = random.Random(seed)
    state = DealState.new(rules, dealer, seed=seed)
    while not state.is_over:
        for p in range(3):
            _assert_view_hides(state, p)
        pub = state.public_view()
        assert pub.hand == () and pub.discard is None and pub.legal_actions == ()
        state.apply(state.random_action(rng))
    for p in range(3):
        _assert_view_hides(state, p)


def _swap(state: DealState, a_set: str, b_set: str, rng: random.Random) -> DealState | None:
    """A copy where one card of hidden set ``a_set`` and one of ``b_set`` trade places."""
    def get(st_: DealState, name: str) -> int:
        return st_.discard if name == "discard" else st_.hands[int(name)]

    def put(st_: DealState, name: str, value: int) -> None:
        if name == "discard":
            st_.discard = value
        else:
            st_.hands[int(name)] = value

    xs = [c for c in cards_of(get(state, a_set)) if c not in cards_of(get(state, b_set))]
    ys = [c for c in cards_of(get(state, b_set)) if c not in cards_of(get(state, a_set))]
    if not xs or not ys:
        return None
    a, b = rng.choice(xs), rng.choice(ys)
    other = state.clone()
    put(other, a_set, get(other, a_set) + (1 << (2 * b)) - (1 << (2 * a)))
    put(other, b_set, get(other, b_set) + (1 << (2 * a)) - (1 << (2 * b)))
    return other


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rules=rule_sets, steps=st.integers(0, 50))
def test_view_is_the_same_whatever_the_hidden_cards(seed: int, rules: Rules,
                                                   steps: int) -> None:
    """Exchanging cards the viewer cannot see (other hands, another's discard) leaves his
    view unchanged: the view is a function of what he may know."""
    rng = random.Random(seed)
    state = DealState.new(rules, seed % 3, seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(state.random_action(rng))
    for viewer in range(3):
        others = [str(s) for s in range(3) if s != viewer]
        if state.declarer is not None and state.declarer != viewer and state.discard:
            others.append("discard")
        for i, a_set in enumerate(others):
            for b_set in others[i + 1:]:
                other = _swap(state, a_set, b_set, rng)
                if other is not None:
                    assert other.view(viewer) == state.view(viewer), (viewer, a_set, b_set)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), rs=rule_sets)
def test_random_playout_equals_step_by_step(seed: int, rs: Rules) -> None:
    state = _normal_game(rs, seed, seed % 3)
    if state.is_over:
        return
    a, b = state.clone(), state.clone()
    ra, rb = random.Random(seed), random.Random(seed)
    while not a.is_over:
        a.apply(a.random_action(ra))
    b.random_playout(rb)
    assert a.history == b.history and a.tricks == b.tricks and a.result == b.result
