"""Views: a player's view (and the spectator's) never contains another player's hidden cards:
other hands, the declarer's discard, the Dapp before it is turned up, the card given back
after a call."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from binokel.core.cards import CardSet
from binokel.core.cards import card_token
from binokel.core.cards import cards_of
from binokel.core.errors import IllegalAction
from binokel.games.binokel.deal import BIDDING
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from helpers import deal
from helpers import run
from helpers import toks

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("standard", {}), ("turnier", {"rufen": True}), ("aks", {}),
    ("standard", {"rufen": True, "durch_open": 1500}),
    ("standard", {"sevens": True, "deal_48_3p": "14+6"}),
    ("standard", {"vorhand_must_open": False}),
]
rule_sets = st.sampled_from(RULE_SETS).map(lambda p: Rules.from_preset(p[0], **p[1]))
# (game, players): three players; four with the dealer sitting out; Kreuzbinokel.
tables = st.sampled_from([("binokel", 3), ("binokel", 4), ("kreuzbinokel", 4)])


def new_deal(rules: Rules, table: tuple[str, int], dealer: int, seed: int) -> DealState:
    game, players = table
    try:
        return DealState.new(rules, dealer % players, seed=seed, players=players, game=game)
    except IllegalAction:
        assume(False)  # a 3-player deal option at a four-player table
        raise


def check_view(state: DealState, p: int) -> None:
    v = state.view(p)
    data = v.to_json()
    json.dumps(data)  # serialisable
    assert data["player"] == p
    assert data["hand"] == [card_token(c) for c in cards_of(state.hands[p])]
    if state.phase == BIDDING or state.declarer is None:
        assert data["dapp"] is None
    history = [a for _, a in data["history"]]
    if state.declarer != p:
        assert data["discard"] is None
        assert all(set(a.split()[1:]) == {"?"} for a in history if a.startswith("discard"))
        # the pushed cards' points are not in the others' trick points
        assert data["trick_points"] == list(state.trick_points)
    else:
        assert data["discard"] == ([card_token(c) for c in cards_of(state.discard)]
                                   if state.discard else None)
    if p not in (state.declarer, state.call_holder):
        assert all(a == "give ?" for a in history if a.startswith("give"))
    if p != state.to_move:
        assert data["legal_actions"] == []
    else:
        assert data["legal_actions"] == state.legal_actions()
    if data["open_hand"] is not None:
        assert state.open_durch


def check_public(state: DealState) -> None:
    data = state.public_view().to_json()
    json.dumps(data)
    assert data["player"] == -1 and data["hand"] == [] and data["discard"] is None
    assert data["legal_actions"] == []
    for _, a in data["history"]:
        if a.startswith(("discard", "give")):
            assert set(a.split()[1:]) == {"?"}, a
    assert data["trick_points"] == list(state.trick_points)


@settings(max_examples=50, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), table=tables)
def test_views_show_only_what_a_player_may_know(rules: Rules, seed: int, dealer: int,
                                                table: tuple[str, int]) -> None:
    rng = random.Random(seed)
    state = new_deal(rules, table, dealer, seed)
    while True:
        for p in range(state.players):
            check_view(state, p)
        check_public(state)
        if state.is_over:
            break
        state.apply(state.random_action(rng))


# ------------------------------------------------------------- swap invariance
def _get(state: DealState, name: str) -> CardSet:
    if name == "discard":
        return state.discard
    if name == "dapp":
        return state.dapp
    return state.hands[int(name)]


def _put(state: DealState, name: str, value: CardSet) -> None:
    if name == "discard":
        state.discard = value
    elif name == "dapp":
        # keep the dealt order; only the changed card moves
        old = cards_of(state.dapp)
        new = cards_of(value)
        gone = next(c for c in old if old.count(c) > new.count(c))
        came = next(c for c in new if new.count(c) > old.count(c))
        cards = list(state.dapp_cards)
        cards[cards.index(gone)] = came
        state.dapp, state.dapp_cards = value, tuple(cards)
    else:
        state.hands[int(name)] = value


def swapped(state: DealState, a: str, b: str, rng: random.Random) -> DealState | None:
    """A copy in which one card of hidden set ``a`` and one of ``b`` trade places."""
    xs = [c for c in cards_of(_get(state, a)) if c not in cards_of(_get(state, b))]
    ys = [c for c in cards_of(_get(state, b)) if c not in cards_of(_get(state, a))]
    if not xs or not ys:
        return None
    x, y = rng.choice(xs), rng.choice(ys)
    other = state.clone()
    _put(other, a, _get(other, a) + (1 << (2 * y)) - (1 << (2 * x)))
    _put(other, b, _get(other, b) + (1 << (2 * x)) - (1 << (2 * y)))
    return other


def hidden_from(state: DealState, viewer: int) -> list[str]:
    sets = [str(s) for s in state.order if s != viewer]
    if state.declarer is not None and state.declarer != viewer and state.discard:
        sets.append("discard")
    if state.phase == BIDDING and state.dapp_cards:
        sets.append("dapp")
    return sets


@settings(max_examples=40, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 50),
       table=tables)
def test_a_view_is_the_same_whatever_the_hidden_cards(rules: Rules, seed: int, steps: int,
                                                      table: tuple[str, int]) -> None:
    """Exchanging cards the viewer cannot see leaves his view unchanged: the view is a
    function of what he may know."""
    rng = random.Random(seed)
    state = new_deal(rules, table, seed, seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(state.random_action(rng))
    if state.is_over or state.open_durch:
        return
    for viewer in [*range(state.players), -1]:
        sets = hidden_from(state, viewer)
        for i, a in enumerate(sets):
            for b in sets[i + 1:]:
                other = swapped(state, a, b, rng)
                if other is None:
                    continue
                if viewer < 0:
                    assert other.public_view() == state.public_view(), (a, b)
                else:
                    assert other.view(viewer) == state.view(viewer), (viewer, a, b)


# ------------------------------------------------------------- hand-checked moments
HANDS = {0: "EA EA E10 E10 HA HA BA BA SA SA EK BK",
         1: "H10 H10 HK HK HO HO HU HU EU BO BU SU",
         2: "EK EO EO EU B10 B10 BK BO BU S10 S10 SK"}


def test_the_discard_is_hidden_from_the_others() -> None:
    state = run(deal(HANDS, "SK SO SO SU"), "bid 150; pass; pass; discard EA SK SO SO")
    assert state.view(0).discard is not None and toks(list(state.view(0).discard)) == (
        "EA SK SO SO")
    assert state.view(0).history[-1] == (0, "discard EA SK SO SO")
    for p in (1, 2):
        assert state.view(p).discard is None
        assert state.view(p).history[-1] == (0, "discard ? ? ? ?")
        assert "EA SK SO SO" not in json.dumps(state.view(p).to_json())
    assert state.public_view().history[-1] == (0, "discard ? ? ? ?")
    # his own view counts the pushed points (11 + 4 + 3 + 3), the others' do not
    assert state.view(0).trick_points == (21, 0, 0)
    assert state.view(1).trick_points == (0, 0, 0)
    assert state.public_view().trick_points == (0, 0, 0)


def test_the_dapp_is_hidden_until_the_bidding_ends() -> None:
    state = deal(HANDS, "SK SO SO SU")
    for p in range(3):
        assert "SO" not in json.dumps(state.view(p).to_json()["dapp"])
    run(state, "bid 150; pass")
    assert state.view(1).dapp is None
    state.apply("pass")
    assert all(state.view(p).dapp is not None for p in range(3))


def test_thrown_in_deal_keeps_the_dapp_hidden() -> None:
    state = run(deal(HANDS, "SK SO SO SU", vorhand_must_open=False), "pass; pass; pass")
    assert state.is_over and all(state.view(p).dapp is None for p in range(3))


def test_the_hand_is_only_the_own_hand() -> None:
    state = deal(HANDS, "SK SO SO SU")
    for p in range(3):
        assert toks(list(state.view(p).hand)) == toks(state.hands[p])
        assert state.view(p).hand_sizes == (12, 12, 12)
    assert state.public_view().hand == ()
    with pytest.raises(ValueError, match="no seat 3"):
        state.view(3)


def test_open_durch_shows_the_declarers_hand_only_when_open() -> None:
    state = run(deal(HANDS, "SK SO SO SU", durch_open=1500),
                "bid 150; pass; pass; discard SK SO SO SU")
    closed = state.child("durch")
    assert all(closed.view(p).open_hand is None for p in range(3))
    state.apply("durch open")
    assert toks(list(state.view(2).open_hand or ())) == toks(state.hands[0])


def test_after_abgehen_nothing_of_the_declarers_hand_is_shown() -> None:
    state = run(deal(HANDS, "SK SO SO SU"), "bid 150; pass; pass; abgehen E")
    for p in (1, 2):
        v = state.view(p)
        assert v.melds is not None and v.melds[0].melds == () and v.open_hand is None
        assert v.result is not None and v.result.melds[0].melds == ()
    assert state.view(1).hand_sizes[0] == 16
