"""Property-based tests over random deals (seeded shuffles) and random legal play, for several
presets and options and every Binokel table (three players, four with the dealer sitting out,
Kreuzbinokel): card conservation, legal actions, 240 + bonus, record replay."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.errors import IllegalAction
from binokel.games.binokel.deal import BIDDING
from binokel.games.binokel.deal import DECLARE
from binokel.games.binokel.deal import OVER
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import full_deck
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import set_points
from binokel.games.binokel.state import DealState
from binokel.record import Record

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}),
    ("turnier", {}),
    ("aks", {}),
    ("standard", {"rufen": True}),
    ("turnier", {"rufen": True, "first_lead": "declarer"}),
    ("standard", {"sevens": True, "dix": True}),
    ("standard", {"sevens": True, "deal_48_3p": "14+6", "four_tens": 100}),
    ("standard", {"sevens": True, "dapp": False}),
    ("standard", {"vorhand_must_open": False, "all_pass": "vorhand_plays"}),
    ("standard", {"vorhand_must_open": False, "min_bid": 200, "bid_step": 20,
                  "max_bid": 400}),
    ("standard", {"must_overtrump": False, "must_trump_lower": False}),
    ("standard", {"durch_open": 1500, "bonus_trick": "first", "rounding": "all",
                  "bid_check": "rounded", "last_trick_bonus": 20}),
    ("standard", {"deal_pattern": "3-1-3-1-3-1-3-1", "card_points": "tournament"}),
]
rule_sets = st.sampled_from(RULE_SETS).map(lambda p: Rules.from_preset(p[0], **p[1]))
seeds = st.integers(0, 2**32 - 1)
dealers = st.integers(0, 3)
# (game, players): three players; four with the dealer sitting out; Kreuzbinokel.
TABLES = [("binokel", 3), ("binokel", 4), ("kreuzbinokel", 4)]
tables = st.sampled_from(TABLES)
FAST = settings(max_examples=60, deadline=None)


def new_deal(rules: Rules, table: tuple[str, int], dealer: int, seed: int) -> DealState:
    """A fresh deal at ``table``; rule sets that cannot be dealt there are skipped."""
    game, players = table
    try:
        return DealState.new(rules, dealer % players, seed=seed, players=players, game=game)
    except IllegalAction:
        assume(False)  # e.g. a 3-player deal pattern at a Kreuzbinokel table
        raise


def located(state: DealState) -> Counter[int]:
    """Every card where it is now: hands, Dapp (until taken up), discard, tricks, trick."""
    where: Counter[int] = Counter()
    for h in state.hands:
        where.update(cards_of(h))
    if state.phase == BIDDING or (state.declarer is None and state.phase == OVER):
        where.update(state.dapp_cards)
    where.update(cards_of(state.discard))
    for t in state.tricks:
        where.update(t.cards)
    where.update(state.trick)
    return where


def check_actions(state: DealState, rng: random.Random) -> None:
    """Every listed action applies without error (a sample of the many bids and discards)."""
    actions = state.legal_actions()
    assert actions, f"no legal action in phase {state.phase}"
    assert len(set(actions)) == len(actions)
    if state.phase in (BIDDING, DECLARE) and len(actions) > 12:
        actions = [*actions[:4], *actions[-4:], *rng.sample(actions, 4)]
    for a in actions:
        state.child(a)


@FAST
@given(rules=rule_sets, seed=seeds, dealer=dealers, table=tables)
def test_every_card_in_exactly_one_place_and_legal_actions_apply(
        rules: Rules, seed: int, dealer: int, table: tuple[str, int]) -> None:
    state = new_deal(rules, table, dealer, seed)
    deck = Counter(full_deck(rules))
    rng = random.Random(seed)
    while not state.is_over:
        assert located(state) == deck
        assert state.to_move in state.order
        check_actions(state, rng)
        a = state.random_action(rng)
        assert a in state.legal_actions(), f"random_action gave illegal {a!r}"
        state.apply(a)
    assert located(state) == deck
    assert state.phase == OVER and state.to_move == -1 and state.legal_actions() == []
    assert state.result is not None and len(state.result.scores) == table[1]
    if table == ("binokel", 4):
        assert state.result.scores[state.dealer] == 0 and not cards_of(state.hands[dealer % 4])
    if table[0] == "kreuzbinokel":  # partners share the team's score
        scores = state.result.scores
        assert scores[0] == scores[2] and scores[1] == scores[3]


def normal_game(rules: Rules, seed: int, dealer: int,
                table: tuple[str, int] = ("binokel", 3)) -> DealState:
    """Bid to a normal game with random pushes and trump (no abgehen, Durch or pass-out)."""
    rng = random.Random(seed)
    state = new_deal(rules, table, dealer, seed)
    state.apply(f"bid {rules.min_bid}")
    while state.phase == BIDDING:
        state.apply("pass")
    if state.phase == DECLARE:
        hand = cards_of(state.hands[state.to_move])
        rng.shuffle(hand)
        state.apply("discard " + " ".join(card_token(c) for c in hand[:len(state.dapp_cards)]))
    state.apply("trump " + "EBHS"[rng.randrange(4)])
    while state.phase != PLAY:  # Rufen: a random call and give
        state.apply(state.random_action(rng))
    return state


@FAST
@given(rules=rule_sets, seed=seeds, dealer=dealers, table=tables)
def test_trick_points_sum_to_240_plus_bonus(rules: Rules, seed: int, dealer: int,
                                            table: tuple[str, int]) -> None:
    state = normal_game(rules, seed, dealer, table)
    rng = random.Random(seed + 1)
    while not state.is_over:
        state.apply(state.random_action(rng))
    res = state.result
    assert res is not None and res.contract == "normal"
    assert sum(res.trick_points) == 240 + rules.last_trick_bonus
    assert sum(t.points for t in state.tricks) + set_points(state.rules, state.discard) == (
        240 + rules.last_trick_bonus)
    assert sum(res.tricks_won) == len(state.tricks) == (
        len(full_deck(rules)) - len(state.dapp_cards)) // state.n_active
    d = res.declarer
    assert d is not None and res.bid is not None
    side = [s for s in range(table[1]) if state.party[s] == state.party[d]]
    total = sum(res.meld_points[s] + res.trick_points[s] for s in side)
    if rules.bid_check == "exact":
        assert res.declarer_total == total
    if res.made:
        assert res.scores[d] == (rules.round_points(total) if rules.rounding == "all"
                                 else total)
    else:
        assert res.scores[d] in (-res.bid * rules.lost_factor, -res.bid * 2)


@settings(max_examples=50, deadline=None)
@given(rules=rule_sets, seed=seeds, dealer=dealers, stop=st.integers(0, 60), table=tables)
def test_a_replayed_record_gives_identical_history_and_result(
        rules: Rules, seed: int, dealer: int, stop: int, table: tuple[str, int]) -> None:
    rng = random.Random(seed)
    state = new_deal(rules, table, dealer, seed)
    for _ in range(stop):
        if state.is_over:
            break
        state.apply(state.random_action(rng))
    again = Record.loads(Record.from_state(state).dumps(indent=2)).validate()
    assert again.history == state.history
    assert again.hands == state.hands and again.tricks == state.tricks
    assert (again.phase, again.to_move) == (state.phase, state.to_move)
    assert again.result == state.result
    assert again.game_name == state.game_name and again.players == state.players
    assert [again.view(p) for p in range(table[1])] == [state.view(p) for p in range(table[1])]


@settings(max_examples=30, deadline=None)
@given(rules=rule_sets, seed=seeds, table=tables,
       exempt=st.booleans())
def test_random_playout_equals_step_by_step(rules: Rules, seed: int, table: tuple[str, int],
                                            exempt: bool) -> None:
    state = normal_game(rules.replace(partner_exemption=exempt), seed, seed % 4, table)
    a, b = state.clone(), state.clone()
    ra, rb = random.Random(seed), random.Random(seed)
    while not a.is_over:
        a.apply(a.random_action(ra))
    b.random_playout(rb)
    assert a.history == b.history and a.tricks == b.tricks and a.result == b.result


@settings(max_examples=30, deadline=None)
@given(rules=rule_sets, seed=seeds, steps=st.integers(0, 50), table=tables)
def test_clone_and_child_are_independent(rules: Rules, seed: int, steps: int,
                                         table: tuple[str, int]) -> None:
    rng = random.Random(seed)
    state = new_deal(rules, table, seed, seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(state.random_action(rng))
    if state.is_over:
        return
    before = (list(state.history), list(state.hands), state.phase, state.to_move)
    a = state.random_action(rng)
    child = state.child(a)
    assert (state.history, state.hands, state.phase, state.to_move) == before
    assert child.history == [*state.history, child.history[-1]]
    twin = state.clone()
    twin.apply(a)
    assert twin.history == child.history and twin.hands == child.hands
