"""A hand-checked case for each scoring row of RULES §5 under each preset, and for each §10
option of 3-player Binokel."""

from __future__ import annotations

import random
from typing import Any

import pytest

from binokel.cards import cards_of, format_cards
from binokel.game import DealResult, DealState, IllegalAction
from binokel.round import Round
from binokel.rules import Rules, RulesError
from dealing import deal, deck_for, run

# Seat 0 (Vorhand, dealer 2) holds every trump and ace: it wins every trick it leads.
STRONG = "EA EA E10 E10 EK EK EO EO EU EU HA HA"
WEAK1 = "BK BO HK HO SK SO BU HU SU B10 H10 S10"
WEAK2 = "BA BA B10 BK BO HK HO SA SA S10 SK SO"
DAPP = "H10 HU SU BU"


def strong_deal(**options: Any) -> DealState:
    preset = options.pop("preset", "standard")
    rules = Rules.from_preset(preset, **options)
    return DealState.new(rules, 2, deck_order=deck_for({0: STRONG, 1: WEAK1, 2: WEAK2}, DAPP,
                                                       2, rules))


def greedy_play(state: DealState) -> DealResult:
    """Each player plays his first legal card (deterministic)."""
    while not state.is_over:
        state.apply(state.legal_actions()[-1] if state.to_move == state.declarer
                    else state.legal_actions()[0])
    assert state.result is not None
    return state.result


def declare_normal(state: DealState, bid: int = 150, trump: str = "E") -> DealState:
    run(state, f"bid {bid}; pass; pass; discard H10 HU SU BU; trump {trump}")
    return state


# ---------------------------------------------------------------- §5 rows x presets
@pytest.mark.parametrize("preset", ["standard", "turnier", "aks"])
def test_normal_game_made(preset: str) -> None:
    state = declare_normal(strong_deal(preset=preset))
    res = greedy_play(state)
    assert res.made
    r = state.rules
    assert res.scores[0] == res.meld_points[0] + res.trick_points[0]
    for s in (1, 2):
        tp = r.round_points(res.trick_points[s]) if r.rounding != "none" else res.trick_points[s]
        assert res.scores[s] == res.meld_points[s] + tp


@pytest.mark.parametrize("preset, bid, factor", [("standard", 900, 2), ("turnier", 1500, 1),
                                                 ("aks", 1500, 2)])
def test_normal_game_lost(preset: str, bid: int, factor: int) -> None:
    # The double trump family is 300 in standard, 1000 in turnier and aks.
    state = declare_normal(strong_deal(preset=preset), bid=bid)
    res = greedy_play(state)
    assert res.made is False
    bonus = bid // 2 if preset == "aks" else 0  # aks: lost_bonus_others, half the bid
    assert res.scores[0] == -bid * factor
    r = state.rules
    for s in (1, 2):
        tp = r.round_points(res.trick_points[s]) if r.rounding != "none" else res.trick_points[s]
        assert res.scores[s] == res.meld_points[s] + tp + bonus


@pytest.mark.parametrize("preset, bonus", [("standard", 30), ("turnier", 40), ("aks", 80)])
def test_abgehen(preset: str, bonus: int) -> None:
    state = strong_deal(preset=preset)
    run(state, "bid 160; pass; pass; abgehen S")
    res = state.result
    assert res is not None and res.contract == "abgehen"
    assert res.scores[0] == -160
    assert res.scores[1] == res.meld_points[1] + bonus  # aks: half of 160 = 80
    assert res.scores[2] == res.meld_points[2] + bonus


@pytest.mark.parametrize("preset, win, loss", [("standard", 1000, 2000),
                                               ("turnier", 1000, 1000)])
def test_durch_won_and_lost(preset: str, win: int, loss: int) -> None:
    state = strong_deal(preset=preset)
    run(state, "bid 150; pass; pass; discard H10 HU SU BU; durch")
    assert state.to_move == 0, "the Durch player leads"
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[-1])  # the highest card of the led suit for everybody
    res = state.result
    assert res is not None and res.contract == "durch"
    if res.made:
        assert res.scores == (win, 0, 0)
    else:
        assert res.scores == (-loss, 0, 0)
    lost = strong_deal(preset=preset)
    run(lost, "bid 150; pass; pass; discard EA EA E10 E10; durch")
    while not lost.is_over:
        lost.apply(lost.legal_actions()[0] if lost.to_move == 0 else lost.legal_actions()[-1])
    assert lost.result is not None and lost.result.scores == (-loss, 0, 0)
    assert len(lost.tricks) < 12, "a lost Durch stops at the first lost trick"


def test_untendurch_standard_and_not_in_turnier() -> None:
    state = strong_deal()
    run(state, "bid 150; pass; pass; discard EA EA E10 E10; untendurch")
    while not state.is_over:
        state.apply(state.legal_actions()[0] if state.to_move == 0
                    else state.legal_actions()[-1])
    res = state.result
    assert res is not None and res.contract == "untendurch"
    assert res.scores == ((1000, 0, 0) if res.made else (-2000, 0, 0))
    t = strong_deal(preset="turnier")
    run(t, "bid 150; pass; pass; discard EA EA E10 E10")
    assert "untendurch" not in t.legal_actions()
    with pytest.raises(IllegalAction, match="untendurch is not allowed"):
        t.apply("untendurch")


# ---------------------------------------------------------------- §10 options
def test_rounding_options() -> None:
    res = {}
    for rounding in ("others", "all", "none"):
        res[rounding] = greedy_play(declare_normal(strong_deal(rounding=rounding)))
    tp = res["none"].trick_points
    assert res["none"].scores[1] == res["none"].meld_points[1] + tp[1]
    assert res["others"].scores[1] == res["others"].meld_points[1] + (tp[1] + 5) // 10 * 10
    assert res["others"].scores[0] == res["others"].meld_points[0] + tp[0]
    assert res["all"].scores[0] == res["all"].meld_points[0] + (tp[0] + 5) // 10 * 10
    assert Rules().round_points(125) == 130 and Rules().round_points(124) == 120


def test_bid_check_rounded_can_turn_a_loss_into_a_win() -> None:
    base = greedy_play(declare_normal(strong_deal()))
    assert base.tricks_won[0] == 12, "the strong hand takes the last trick too"
    total = base.meld_points[0] + base.trick_points[0]
    # Pick the last-trick bonus so that the declarer's total ends in 5..9 and rounds up.
    bonus = 10 if total % 10 >= 5 else 15
    total += bonus - 10
    bid = (total + 5) // 10 * 10
    exact = greedy_play(declare_normal(strong_deal(last_trick_bonus=bonus), bid=bid))
    rounded = greedy_play(declare_normal(strong_deal(last_trick_bonus=bonus,
                                                     bid_check="rounded"), bid=bid))
    assert exact.made is False and rounded.made is True


def test_meld_needs_trick() -> None:
    # Seat 2 holds a family but takes no trick against the strong declarer.
    state = declare_normal(strong_deal(meld_needs_trick=True))
    res = greedy_play(state)
    for s in (1, 2):
        if res.tricks_won[s] == 0:
            assert res.meld_points[s] == 0
            assert any("took no trick" in n for n in res.notes)
        else:
            assert res.meld_points[s] == res.melds[s].total


def test_abgehen_bonus_variants_and_others_meld() -> None:
    for bonus, expected in ((0, 0), ("per_player", 30), ("half_bid", 90), (40, 40)):
        state = strong_deal(abgehen_bonus=bonus)
        run(state, "bid 170; pass; pass; abgehen S")
        assert state.result is not None
        assert state.result.scores[1] == state.result.meld_points[1] + expected
    state = strong_deal(abgehen_others_meld=False)
    run(state, "bid 170; pass; pass; abgehen S")
    assert state.result is not None and state.result.scores[1:] == (30, 30)


def test_lost_bonus_others_and_overbid_unreachable() -> None:
    state = declare_normal(strong_deal(lost_factor=1, lost_bonus_others=True), bid=600)
    res = greedy_play(state)
    assert res.scores[0] == -600
    assert res.scores[1] == res.meld_points[1] + (res.trick_points[1] + 5) // 10 * 10 + 300
    state = declare_normal(strong_deal(lost_factor=1, overbid_unreachable=True), bid=1200)
    res = greedy_play(state)
    assert res.scores[0] == -2400, "unreachable even with all 250 points: lost double"


def test_durch_open_and_separate_tally() -> None:
    state = strong_deal(durch_open=1500)
    run(state, "bid 150; pass; pass; discard H10 HU SU BU; durch open")
    v = state.view(1)
    assert v.open_hand is not None and len(v.open_hand) == 12
    assert strong_deal().view(1).open_hand is None
    with pytest.raises(IllegalAction, match="open Durch is not allowed"):
        run(strong_deal(), "bid 150; pass; pass; discard H10 HU SU BU; durch open")
    rules = Rules(durch_separate=True)
    rnd = Round(rules, seed=1)
    rnd.current = strong_deal(durch_separate=True)
    for a in ["bid 150", " pass", " pass", " discard EA EA E10 E10", " durch"]:
        rnd.apply(a.strip())
    while not rnd.current.is_over:
        rnd.apply(rnd.current.legal_actions()[0])
    assert rnd.totals == [0, 0, 0] and rnd.durch_totals[0] == -2000
    assert rnd.sheet[-1].separate


def test_bonus_trick_first_and_last_trick_bonus() -> None:
    res = greedy_play(declare_normal(strong_deal(last_trick_bonus=0)))
    assert sum(res.trick_points) == 240
    state = declare_normal(strong_deal(bonus_trick="first", last_trick_bonus=20))
    res = greedy_play(state)
    assert sum(res.trick_points) == 260
    assert state.tricks[0].points == sum(state.rules.points[c & 7]
                                         for c in state.tricks[0].cards) + 20


def test_card_points_tournament() -> None:
    r = Rules.from_preset("standard", card_points="tournament")
    assert r.points == (0, 0, 0, 0, 10, 10, 10)
    res = greedy_play(declare_normal(strong_deal(card_points="tournament")))
    assert sum(res.trick_points) == 250
    assert all(p % 10 == 0 for p in res.trick_points)


def test_vorhand_must_open_and_all_pass() -> None:
    state = strong_deal(vorhand_must_open=False)
    run(state, "pass; pass; pass")
    assert state.is_over and state.result is not None
    assert state.result.contract == "thrown_in" and state.result.scores == (0, 0, 0)
    state = strong_deal(vorhand_must_open=False, all_pass="vorhand_plays")
    run(state, "pass; pass; pass")
    assert state.declarer == 0 and state.bid == 150 and state.phase == "declare"
    # Vorhand passes, the dealer outbids Hinterhand
    state = strong_deal(vorhand_must_open=False)
    run(state, "pass; bid 150; bid 160; pass")
    assert state.declarer == 1 and state.bid == 160


def test_first_lead_declarer_and_bidding_limits() -> None:
    state = strong_deal(first_lead="declarer")
    run(state, "bid 150; bid 160; pass; pass; discard H10 HU SU BU; trump E")
    assert state.declarer == 1 and state.to_move == 1
    state = declare_normal(strong_deal())
    assert state.to_move == 0  # Vorhand
    state = strong_deal(min_bid=200, bid_step=20, max_bid=300)
    assert state.legal_actions() == ["bid 200", "bid 220", "bid 240", "bid 260", "bid 280",
                                     "bid 300"]
    with pytest.raises(RulesError, match="multiple of bid_step"):
        Rules.from_preset("standard", min_bid=150, bid_step=20)


@pytest.mark.parametrize("variant, per, dapp", [("15+3", 15, 3), ("14+6", 14, 6),
                                                ("16+0", 16, 0)])
def test_sevens_and_deal_48_3p(variant: str, per: int, dapp: int) -> None:
    opts: dict[str, Any] = {"sevens": True, "deal_48_3p": variant}
    if dapp == 0:
        opts["dapp"] = False
    state = DealState.new(Rules.from_preset("standard", **opts), 0, seed=5)
    assert [len(cards_of(h)) for h in state.hands] == [per] * 3
    assert len(state.dapp_cards) == dapp
    run(state, "bid 150; pass; pass")
    assert state.phase == ("trump" if dapp == 0 else "declare")


def test_deal_pattern_option() -> None:
    state = DealState.new(Rules(deal_pattern="3-1-3-1-3-1-3-1"), 2, seed=1)
    assert [len(cards_of(h)) for h in state.hands] == [12, 12, 12]
    with pytest.raises(IllegalAction, match="deals 39 cards"):
        DealState.new(Rules(deal_pattern="4-1-4-2-4"), 2, seed=1)


def test_must_overtrump_and_must_trump_lower() -> None:
    from binokel.cards import cardset, parse_card
    from binokel.tricks import legal_mask
    hand = cardset([parse_card(t) for t in ["EK", "EU", "BA"]])
    best = parse_card("EO")  # the trick holds the trump EO; B is void in the led suit H
    led = 2
    def legal(**o: Any) -> str:
        r = Rules(**o)
        m = legal_mask(hand, led, parse_card("HA"), best, 0, r.must_overtrump,
                       r.must_trump_lower)
        return format_cards(cards_of(m))
    assert legal() == "EK"
    assert legal(must_overtrump=False) == "EK EU"
    hand2 = cardset([parse_card(t) for t in ["EU", "BA"]])
    assert format_cards(cards_of(legal_mask(hand2, led, parse_card("HA"), best, 0))) == "EU"
    assert format_cards(cards_of(legal_mask(hand2, led, parse_card("HA"), best, 0, True,
                                            False))) == "EU BA"


def test_rufen_call_and_give() -> None:
    state = strong_deal(rufen=True)
    run(state, "bid 150; pass; pass; discard H10 HU SU BU; trump E")
    assert state.phase == "call"
    assert "call EA" not in state.legal_actions()  # he holds it
    holder = next(s for s in (0, 1, 2) if s != 0 and "BA" in format_cards(
        cards_of(state.hands[s])).split())
    state.apply("call BA")
    assert state.phase == "give" and state.call_holder == holder
    with pytest.raises(IllegalAction, match="cannot go straight back"):
        state.apply("give BA")
    state.apply("give EU")
    assert "EU" in format_cards(cards_of(state.hands[holder])).split()
    v_other = state.view(3 - holder)
    assert any(a == "give ?" for _, a in v_other.history)
    assert any(a == "give EU" for _, a in state.view(holder).history)
    assert state.phase == "play"


def test_round_target_winner_and_series() -> None:
    rules = Rules(target=300)
    rnd = Round(rules, seed=4)
    rng = random.Random(4)
    while not rnd.is_over:
        while not rnd.current.is_over:
            rnd.apply(rnd.current.random_action(rng))
        if not rnd.is_over:
            rnd.next_deal()
    assert rnd.winner is not None and rnd.totals[rnd.winner] >= 300
    assert [line.dealer for line in rnd.sheet[:3]] == [0, 1, 2][:len(rnd.sheet[:3])]
    series = Round(Rules(deals_per_series=4), seed=2)
    while not series.is_over:
        while not series.current.is_over:
            series.apply(series.current.random_action(rng))
        if not series.is_over:
            series.next_deal()
    assert len(series.sheet) == 4
    assert series.totals[series.winner] == max(series.totals)  # type: ignore[index]


def test_round_declarer_wins_when_several_reach_the_target() -> None:
    rnd = Round(Rules(target=100), seed=1)
    rnd.current = declare_normal(strong_deal(target=100))
    state = rnd.current
    while not state.is_over:
        rnd.apply(state.legal_actions()[-1] if state.to_move == 0 else state.legal_actions()[0])
    reached = [s for s in range(3) if rnd.totals[s] >= 100]
    if 0 in reached:
        assert rnd.winner == 0
    out = Round(Rules(target=100, out_only_by_declarer=True), seed=1)
    out.current = strong_deal(target=100, out_only_by_declarer=True)
    run(out.current, "bid 150; pass")
    out.apply("pass")
    out.apply("abgehen S")
    assert out.winner is None, "nobody goes out by an abgehen deal"


def test_unknown_options_are_clear_errors() -> None:
    with pytest.raises(RulesError, match=r"unknown option 'sevenz'.*'sevens'"):
        Rules.from_preset("standard", sevenz=True)
    with pytest.raises(RulesError, match=r"'rounding': 'up' is not allowed \(allowed: others"):
        Rules.from_preset("standard", rounding="up")
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.from_preset("skat")
    with pytest.raises(RulesError, match="needs sevens"):
        Rules.from_preset("standard", dix=True)


def test_deal_helper_sanity() -> None:
    s = deal({0: STRONG}, DAPP)
    assert format_cards(cards_of(s.hands[0])) == STRONG
