"""A case for each §10 option of 3-player Binokel (RULES §10).

Options covered elsewhere: trick duties (must_overtrump, must_trump_lower) in test_tricks;
vorhand_must_open, all_pass, min_bid/bid_step/max_bid in test_bidding; first_lead, rufen,
durch_open (legality) in test_declarer; meld options in test_melds; meld_needs_trick in
test_scoring; target, deals_per_series, out_only_by_declarer, durch_separate in test_round.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from binokel.core.cards import size
from binokel.core.errors import IllegalAction
from binokel.core.errors import RulesError
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import TRUMP
from binokel.games.binokel.deal import deal_plan
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import DealResult
from binokel.games.binokel.state import DealState
from helpers import deal
from helpers import finished
from helpers import run

# Seat 0 declares with 120 melded; he took 100 in tricks and pushed EA E10 SK SU (27).
GAME: dict[str, Any] = {"discard": "EA E10 SK SU", "points": (100, 57, 66),
                        "melds": (120, 40, 0), "tricks": (6, 3, 3)}


def outcome(bid: int = 200, **options: Any) -> DealResult:
    return finished(Rules.from_preset("standard", **options), bid=bid, **GAME)


# ------------------------------------------------------------- rounding and bid_check
@pytest.mark.parametrize("rounding, scores", [
    ("others", (247, 40 + 60, 70)),   # 57 -> 60, 66 -> 70; the declarer's 127 stays
    ("all", (250, 40 + 60, 70)),      # 127 -> 130 as well
    ("none", (247, 40 + 57, 66)),
])
def test_rounding(rounding: str, scores: tuple[int, ...]) -> None:
    assert outcome(rounding=rounding).scores == scores


def test_rounding_five_up() -> None:
    res = finished(Rules(), bid=150, melds=(0, 0, 0), points=(150, 45, 55), tricks=(4, 4, 4))
    assert res.scores[1:] == (50, 60)
    res = finished(Rules(), bid=150, melds=(0, 0, 0), points=(150, 44, 56), tricks=(4, 4, 4))
    assert res.scores[1:] == (40, 60)


def test_bid_check_exact_and_rounded() -> None:
    # 120 + 127 = 247 misses 250 exactly, but 120 + 130 reaches it after rounding.
    assert outcome(bid=250).made is False
    made = outcome(bid=250, bid_check="rounded")
    assert made.made is True and made.scores[0] == 247, "scored exact unless rounding = all"
    assert outcome(bid=250, bid_check="rounded", rounding="all").scores[0] == 250
    assert outcome(bid=260, bid_check="rounded").made is False


# ------------------------------------------------------------- lost game
@pytest.mark.parametrize("factor", [1, 2])
def test_lost_factor(factor: int) -> None:
    assert outcome(bid=300, lost_factor=factor).scores[0] == -300 * factor


def test_lost_bonus_others() -> None:
    res = outcome(bid=270, lost_bonus_others=True)
    assert res.scores == (-540, 100 + 140, 70 + 140)  # half of 270 = 135, up to 140
    assert outcome(bid=200, lost_bonus_others=True).scores == (247, 100, 70), "only if lost"


def test_overbid_unreachable() -> None:
    # 120 melded + 250 trick points = 370: a bid of 380 can never be made.
    assert outcome(bid=380, lost_factor=1, overbid_unreachable=True).scores[0] == -760
    assert outcome(bid=370, lost_factor=1, overbid_unreachable=True).scores[0] == -370
    assert outcome(bid=380, lost_factor=1).scores[0] == -380


# ------------------------------------------------------------- abgehen
@pytest.mark.parametrize("bonus, bid, expected", [
    (30, 200, 30), (40, 200, 40), (0, 200, 0), (55, 200, 55),
    ("per_player", 200, 30),          # 10 x 3 players
    ("half_bid", 200, 100), ("half_bid", 250, 130),
])
def test_abgehen_bonus(bonus: Any, bid: int, expected: int) -> None:
    res = finished(Rules(abgehen_bonus=bonus), bid=bid, contract="abgehen",
                   melds=(0, 40, 100), tricks=(0, 0, 0))
    assert res.scores == (-bid, 40 + expected, 100 + expected)


def test_abgehen_others_meld() -> None:
    res = finished(Rules(abgehen_others_meld=False), bid=200, contract="abgehen",
                   melds=(0, 40, 100), tricks=(0, 0, 0))
    assert res.scores == (-200, 30, 30) and res.meld_points == (0, 0, 0)


# ------------------------------------------------------------- Durch values
def test_durch_win_and_loss_values() -> None:
    r = Rules(durch_win=500, durch_loss=700)
    assert finished(r, contract="durch", tricks=(12, 0, 0)).scores == (500, 0, 0)
    assert finished(r, contract="durch", tricks=(5, 1, 0)).scores == (-700, 0, 0)
    assert finished(r, contract="untendurch", tricks=(0, 6, 6)).scores == (500, 0, 0)


def test_durch_open_value() -> None:
    r = Rules(durch_open=1500)
    assert finished(r, contract="durch", tricks=(12, 0, 0), open_durch=True).scores == (
        1500, 0, 0)
    assert finished(r, contract="durch", tricks=(2, 1, 0), open_durch=True).scores == (
        -2000, 0, 0)
    assert finished(r, contract="durch", tricks=(12, 0, 0)).scores == (1000, 0, 0)


def test_durch_option_off() -> None:
    state = run(deal(durch=False), "bid 150; pass; pass; discard EA EA E10 E10")
    assert "durch" not in state.legal_actions() and "untendurch" in state.legal_actions()
    with pytest.raises(IllegalAction, match="durch = no"):
        state.apply("durch")


# ------------------------------------------------------------- points and bonus trick
def played(**options: Any) -> DealState:
    state = deal({0: "EA EA E10 E10 EK EK EO EO EU EU HA HA"}, "H10 HU SU BU", **options)
    run(state, "bid 150; pass; pass; discard H10 HU SU BU; trump E")
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("bonus", [0, 10, 20])
def test_last_trick_bonus(bonus: int) -> None:
    state = played(last_trick_bonus=bonus)
    assert state.result is not None and sum(state.result.trick_points) == 240 + bonus
    last = state.tricks[-1]
    assert last.points == sum(state.rules.points[c & 7] for c in last.cards) + bonus


def test_bonus_trick_first() -> None:
    state = played(bonus_trick="first", last_trick_bonus=20)
    pts = state.rules.points
    assert state.tricks[0].points == sum(pts[c & 7] for c in state.tricks[0].cards) + 20
    assert state.tricks[-1].points == sum(pts[c & 7] for c in state.tricks[-1].cards)
    assert state.result is not None and sum(state.result.trick_points) == 260


def test_card_points_tournament() -> None:
    state = played(card_points="tournament")
    assert state.rules.points == (0, 0, 0, 0, 10, 10, 10)
    res = state.result
    assert res is not None and sum(res.trick_points) == 250
    assert all(t.points % 10 == 0 for t in state.tricks)


# ------------------------------------------------------------- deck and deal
@pytest.mark.parametrize("variant, per, dapp, tricks", [("15+3", 15, 3, 15),
                                                        ("14+6", 14, 6, 14),
                                                        ("16+0", 16, 0, 16)])
def test_sevens_and_deal_48_3p(variant: str, per: int, dapp: int, tricks: int) -> None:
    rules = Rules(sevens=True, deal_48_3p=variant)
    state = DealState.new(rules, 0, seed=5)
    assert [size(h) for h in state.hands] == [per] * 3 and len(state.dapp_cards) == dapp
    assert len(state.deck) == 48 and sum(rules.points[c & 7] for c in state.deck) == 240
    run(state, "bid 150; pass; pass")
    if dapp:
        assert size(state.hands[state.to_move]) == per + dapp
        discard = next(a for a in state.legal_actions() if a.startswith("discard"))
        assert len(discard.split()) == 1 + dapp, "push as many cards as the Dapp held"
        state.apply(discard)
    assert state.phase == TRUMP
    state.apply("trump H")
    assert state.phase == PLAY
    state.random_playout(random.Random(1))
    assert len(state.tricks) == tricks
    assert state.result is not None and sum(state.result.trick_points) == 250


def test_sevens_off_has_no_sevens() -> None:
    state = DealState.new(Rules(), 0, seed=1)
    assert len(state.deck) == 40 and all(c & 7 >= 2 for c in state.deck)
    with pytest.raises(IllegalAction, match="exactly twice"):
        DealState.new(Rules(), 0, deck_order=list(DealState.new(Rules(sevens=True), 0,
                                                                 seed=1).deck))


def test_dapp_no() -> None:
    state = DealState.new(Rules(sevens=True, dapp=False), 1, seed=2)
    assert [size(h) for h in state.hands] == [16] * 3 and state.dapp_cards == ()
    run(state, "bid 150; pass; pass")
    assert state.phase == TRUMP
    with pytest.raises(IllegalAction, match="cannot be dealt to 3 players without a Dapp"):
        DealState.new(Rules(dapp=False), 0, seed=1)


def test_deal_pattern() -> None:
    r = Rules(deal_pattern="3-1-3-1-3-1-3-1")
    # offsets from Vorhand: 0, 1, 2 = the players, 3 = the Dapp
    assert deal_plan(r, 3)[:13] == (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 0, 0, 0)
    state = DealState.new(r, 2, seed=1)
    assert [size(h) for h in state.hands] == [12, 12, 12] and len(state.dapp_cards) == 4
    assert state.dapp_cards == (state.deck[9], state.deck[19], state.deck[29], state.deck[39])
    with pytest.raises(IllegalAction, match="deals 39 cards, the deck has 40"):
        DealState.new(Rules(deal_pattern="4-1-4-2-4"), 2, seed=1)


def test_deal_pattern_without_dapp() -> None:
    # Player packets only (the Dapp packets are 0): 16 each from 48 cards.
    r = Rules.from_preset("standard", sevens=True, dapp=False, deal_pattern="4-0-4-0-4-0-4")
    assert [size(h) for h in DealState.new(r, 0, seed=1).hands] == [16] * 3
    # A pattern that deals a Dapp contradicts dapp = no.
    with pytest.raises(RulesError, match=r"deal_pattern.*dapp = no"):
        Rules.from_preset("standard", dapp=False, deal_pattern="4-2-4-2-4")
