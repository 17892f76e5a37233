"""Bidding (Reizen, RULES §2.2): pairwise duels, seed 003's example, limits and all-pass."""

from __future__ import annotations

import pytest

from binokel.core.cards import size
from binokel.core.errors import IllegalAction
from binokel.games.binokel.deal import BIDDING
from binokel.games.binokel.deal import DECLARE
from binokel.games.binokel.deal import OVER
from helpers import deal
from helpers import run


def test_seed_003_bidding_example() -> None:
    # V 150, H 160, V 170, H 180, V weg, D 190, H 200, D weg: H plays for 200.
    state = deal(dealer=2)
    v, h, d = 0, 1, 2
    assert state.vorhand == v
    expected_to_move = [v, h, v, h, v, d, h, d]
    actions = ["bid 150", "bid 160", "bid 170", "bid 180", "pass", "bid 190", "bid 200", "pass"]
    for seat, action in zip(expected_to_move, actions, strict=True):
        assert state.to_move == seat, action
        assert state.phase == BIDDING
        state.apply(action)
    assert (state.declarer, state.bid) == (h, 200)
    assert state.phase == DECLARE and state.to_move == h
    assert state.history == list(zip(expected_to_move, actions, strict=True))


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_vorhand_is_the_seat_after_the_dealer(dealer: int) -> None:
    state = deal(dealer=dealer)
    v, h, d = (dealer + 1) % 3, (dealer + 2) % 3, dealer
    assert state.vorhand == v and state.to_move == v
    run(state, "bid 150")
    assert state.to_move == h
    run(state, "pass")
    assert state.to_move == d, "the survivor then duels the dealer, who speaks first"
    run(state, "bid 160; bid 170; pass")
    assert (state.declarer, state.bid) == (v, 170)


def test_opener_wins_when_both_others_pass() -> None:
    state = run(deal(), "bid 150; pass; pass")
    assert (state.declarer, state.bid) == (0, 150)


def test_dealer_outbids_the_survivor() -> None:
    state = run(deal(), "bid 150; pass; bid 160; pass")
    assert (state.declarer, state.bid) == (2, 160)


def test_bids_must_rise_in_steps_and_jumps_are_allowed() -> None:
    state = deal()
    assert state.legal_actions()[:3] == ["bid 150", "bid 160", "bid 170"]
    assert state.legal_actions()[-1] == "bid 1500"
    with pytest.raises(IllegalAction, match="multiples of 10 from 150 to 1500"):
        state.apply("bid 140")
    state.apply("bid 200")
    assert "bid 200" not in state.legal_actions() and "pass" in state.legal_actions()
    with pytest.raises(IllegalAction, match="from 210"):
        state.apply("bid 200")
    with pytest.raises(IllegalAction, match="multiples of 10"):
        state.apply("bid 215")
    with pytest.raises(IllegalAction, match="not a number"):
        state.apply("bid lots")
    with pytest.raises(IllegalAction, match="pass takes no argument"):
        state.apply("pass 200")
    state.apply("bid 300")
    assert state.bidding.high == 300 and state.bidding.high_bidder == 1


def test_highest_bid_leaves_only_pass() -> None:
    state = run(deal(), "bid 1500")
    assert state.legal_actions() == ["pass"]
    with pytest.raises(IllegalAction, match="to 1500"):
        state.apply("bid 1510")


def test_vorhand_must_open_by_default() -> None:
    state = deal()
    assert "pass" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Vorhand must open"):
        state.apply("pass")
    state.apply("bid 150")
    state.apply("bid 160")
    assert "pass" in state.legal_actions(), "after opening Vorhand may pass"


def test_other_verbs_are_rejected_while_bidding() -> None:
    with pytest.raises(IllegalAction, match="bidding phase expects one of bid, pass"):
        deal().apply("trump E")
    with pytest.raises(IllegalAction, match="bidding phase"):
        deal().apply("play EA")


def test_the_declarer_takes_the_dapp() -> None:
    state = run(deal({1: "EA"}, dapp="SU SU BO BO"), "bid 150; bid 160; pass; pass")
    assert state.declarer == 1
    assert size(state.hands[1]) == 16 and size(state.hands[0]) == 12


# ------------------------------------------------------------- Vorhand may pass
def test_all_pass_redeal_throws_the_deal_in() -> None:
    state = deal(vorhand_must_open=False)
    assert "pass" in state.legal_actions()
    run(state, "pass; pass")
    assert state.to_move == 1, "the survivor who never bid gets one more turn"
    state.apply("pass")
    assert state.phase == OVER and state.result is not None
    assert state.result.contract == "thrown_in" and state.result.scores == (0, 0, 0)
    assert state.declarer is None
    with pytest.raises(IllegalAction, match="the deal is over"):
        state.apply("bid 150")
    assert state.legal_actions() == []


def test_all_pass_vorhand_plays_at_the_minimum_bid() -> None:
    state = run(deal(vorhand_must_open=False, all_pass="vorhand_plays", min_bid=200),
                "pass; pass; pass")
    assert (state.declarer, state.bid, state.phase) == (0, 200, DECLARE)


def test_the_last_survivor_may_still_bid() -> None:
    state = run(deal(vorhand_must_open=False), "pass; pass; bid 150")
    assert (state.declarer, state.bid) == (1, 150)


def test_vorhand_passes_and_the_others_duel() -> None:
    state = run(deal(vorhand_must_open=False), "pass; bid 150; bid 160; pass")
    assert (state.declarer, state.bid) == (1, 160)
    state = run(deal(vorhand_must_open=False), "pass; bid 150; pass")
    assert (state.declarer, state.bid) == (2, 150)


def test_min_bid_step_and_max_bid_options() -> None:
    state = deal(min_bid=200, bid_step=20, max_bid=300)
    assert state.legal_actions() == ["bid 200", "bid 220", "bid 240", "bid 260", "bid 280",
                                     "bid 300"]
    with pytest.raises(IllegalAction, match="multiples of 20 from 200 to 300"):
        state.apply("bid 210")
    run(state, "bid 240")
    assert state.legal_actions() == ["bid 260", "bid 280", "bid 300", "pass"]
