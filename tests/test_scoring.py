"""Scoring one deal (RULES §5): every row under each preset, seed 003's worked example, and
the same rows reached by real play."""

from __future__ import annotations

from typing import Any

import pytest

from binokel.core.errors import IllegalAction
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import DealResult
from binokel.games.binokel.state import DealState
from helpers import deal
from helpers import finished
from helpers import run


def rules(preset: str, **options: Any) -> Rules:
    return Rules.from_preset(preset, **options)


# Seat 0 declares; 4 cards pushed. Classic points: EA E10 SK SU = 27, the tricks hold the
# other 223 (bonus included); tournament: the same cards are 30, the tricks hold 220.
CLASSIC = {"discard": "EA E10 SK SU", "points": (100, 57, 66), "melds": (120, 40, 0),
           "tricks": (6, 3, 3)}
TOURNAMENT = {"discard": "EA E10 SK SU", "points": (100, 55, 65), "melds": (120, 40, 0),
              "tricks": (6, 3, 3)}


def outcome(preset: str, **kw: Any) -> DealResult:
    base = dict(TOURNAMENT if preset == "turnier" else CLASSIC)
    base.update(kw)
    return finished(rules(preset), **base)


# ------------------------------------------------------------- normal game made
@pytest.mark.parametrize("preset, scores", [
    # standard and aks: the others' trick points rounded (57 -> 60, 66 -> 70), the declarer's
    # not: 120 + 100 + 27 = 247
    ("standard", (247, 100, 70)),
    ("aks", (247, 100, 70)),
    # turnier: no rounding, discard worth 30: 120 + 130 = 250
    ("turnier", (250, 95, 65)),
])
def test_normal_game_made(preset: str, scores: tuple[int, ...]) -> None:
    res = outcome(preset, bid=200)
    assert res.made is True and res.scores == scores
    assert res.declarer_total == scores[0] and res.contract == "normal"


def test_made_at_exactly_the_bid() -> None:
    assert outcome("standard", bid=247).made is True
    assert outcome("standard", bid=250).made is False


# ------------------------------------------------------------- normal game lost
@pytest.mark.parametrize("preset, scores", [
    ("standard", (-600, 100, 70)),          # twice the bid
    ("turnier", (-300, 95, 65)),            # once the bid
    ("aks", (-600, 100 + 150, 70 + 150)),   # twice, and the others get half the bid
])
def test_normal_game_lost(preset: str, scores: tuple[int, ...]) -> None:
    res = outcome(preset, bid=300)
    assert res.made is False and res.scores == scores
    assert any("lost" in n for n in res.notes)


# ------------------------------------------------------------- abgehen
@pytest.mark.parametrize("preset, bid, scores", [
    ("standard", 200, (-200, 40 + 30, 100 + 30)),
    ("turnier", 200, (-200, 40 + 40, 100 + 40)),
    ("aks", 200, (-200, 40 + 100, 100 + 100)),   # half the bid
    ("aks", 170, (-170, 40 + 90, 100 + 90)),     # half of 170 = 85, rounded up to ten
])
def test_abgehen(preset: str, bid: int, scores: tuple[int, ...]) -> None:
    res = finished(rules(preset), bid=bid, contract="abgehen", melds=(0, 40, 100),
                   tricks=(0, 0, 0))
    assert res.scores == scores and res.made is False
    assert res.meld_points == (0, 40, 100), "meld_needs_trick does not apply without play"


# ------------------------------------------------------------- Durch and Untendurch
@pytest.mark.parametrize("preset, contract, win, loss", [
    ("standard", "durch", 1000, 2000),
    ("standard", "untendurch", 1000, 2000),
    ("turnier", "durch", 1000, 1000),
])
def test_durch_and_untendurch(preset: str, contract: str, win: int, loss: int) -> None:
    r = rules(preset)
    won_tricks = (12, 0, 0) if contract == "durch" else (0, 6, 6)
    won = finished(r, contract=contract, tricks=won_tricks, melds=(300, 40, 20),
                   points=(250, 0, 0))
    assert won.made is True and won.scores == (win, 0, 0)
    assert won.meld_points == (0, 0, 0)
    lost_tricks = (3, 1, 0) if contract == "durch" else (1, 2, 2)
    lost = finished(r, contract=contract, tricks=lost_tricks)
    assert lost.made is False and lost.scores == (-loss, 0, 0)


@pytest.mark.parametrize("preset, allowed", [("standard", {"durch", "untendurch"}),
                                             ("turnier", {"durch"}), ("aks", set())])
def test_special_games_each_preset_allows(preset: str, allowed: set[str]) -> None:
    state = run(deal(preset=preset), "bid 150; pass; pass")
    state.apply("discard " + " ".join(a for a in state.legal_actions()[0].split()[1:]))
    offered = {a for a in state.legal_actions() if a in ("durch", "untendurch")}
    assert offered == allowed
    for contract in {"durch", "untendurch"} - allowed:
        with pytest.raises(IllegalAction, match="not allowed"):
            state.clone().apply(contract)


# ------------------------------------------------------------- meld_needs_trick
@pytest.mark.parametrize("preset, seat2", [("turnier", 65), ("aks", 70)])
def test_a_player_without_a_trick_loses_his_meld(preset: str, seat2: int) -> None:
    # (The points of seat 2 are synthetic: only the meld is under test.)
    res = outcome(preset, bid=150, tricks=(8, 4, 0), melds=(120, 40, 100))
    assert res.meld_points == (120, 40, 0)
    assert res.scores[2] == seat2
    assert any("seat 2 took no trick" in n for n in res.notes)


def test_without_meld_needs_trick_the_meld_stays() -> None:
    res = outcome("standard", bid=150, tricks=(8, 4, 0), melds=(120, 40, 100))
    assert res.meld_points == (120, 40, 100) and res.scores[2] == 100 + 70


def test_the_declarers_pushed_cards_are_no_trick() -> None:
    # He melded 300 but took no trick: the meld is void and 30 pushed points miss the bid.
    res = finished(rules("turnier"), bid=150, discard="EA E10 SK SU", melds=(300, 0, 0),
                   points=(0, 110, 110), tricks=(0, 6, 6))
    assert res.made is False and res.declarer_total == 30 and res.scores[0] == -150


# ------------------------------------------------------------- seed 003's worked example
@pytest.mark.parametrize("bid, made, score", [(200, True, 210), (210, True, 210),
                                              (220, False, -220)])
def test_seed_003_scoring_example(bid: int, made: bool, score: int) -> None:
    # "Spieler A hat 80 Punkte gemeldet, ... 120 Punkte mit Stichen ... und den letzten
    # Stich: 80 + 120 + 10 = 210." Bid 200: made; bid 220: -220 and the meld is void.
    res = finished(rules("turnier"), bid=bid, melds=(80, 0, 0), points=(130, 60, 60),
                   tricks=(5, 4, 3))
    assert res.made is made and res.scores[0] == score
    assert res.declarer_total == 210


# ------------------------------------------------------------- the same rows by real play
# Seat 0 (Vorhand, dealer 2) holds every Eichel but the Unter pair and both Herz aces.
STRONG = "EA EA E10 E10 EK EK EO EO EU EU HA HA"
WEAK1 = "BK BO HK HO SK SO BU HU SU B10 H10 S10"
WEAK2 = "BA BA B10 BK BO HK HO SA SA S10 SK SO"
DAPP = "H10 HU SU BU"


def strong(preset: str = "standard", **options: Any) -> DealState:
    return deal({0: STRONG, 1: WEAK1, 2: WEAK2}, DAPP, dealer=2, preset=preset, **options)


def declarer_high(state: DealState) -> str:
    """The declarer plays his strongest legal card, the others their weakest."""
    acts = state.legal_actions()
    return acts[-1] if state.to_move == state.declarer else acts[0]


def play(state: DealState, choose: Any = declarer_high) -> DealResult:
    while not state.is_over:
        state.apply(choose(state))
    assert state.result is not None
    return state.result


@pytest.mark.parametrize("preset", ["standard", "turnier", "aks"])
def test_played_normal_game_made(preset: str) -> None:
    state = run(strong(preset), "bid 150; pass; pass; discard H10 HU SU BU; trump E")
    res = play(state)
    assert res.made and res.tricks_won == (12, 0, 0), "every trump and both Herz aces"
    r = state.rules
    assert sum(res.trick_points) == 250
    assert res.trick_points[0] == 250, "the pushed cards count for the declarer"
    assert res.scores[0] == res.meld_points[0] + 250
    for s in (1, 2):
        expect_meld = 0 if r.meld_needs_trick else res.melds[s].total
        assert res.scores[s] == expect_meld


@pytest.mark.parametrize("preset, bid, factor, bonus", [("standard", 900, 2, 0),
                                                        ("turnier", 1500, 1, 0),
                                                        ("aks", 1500, 2, 750)])
def test_played_normal_game_lost(preset: str, bid: int, factor: int, bonus: int) -> None:
    state = run(strong(preset), f"bid {bid}; pass; pass; discard H10 HU SU BU; trump E")
    res = play(state)
    assert res.made is False and res.scores[0] == -bid * factor
    r = state.rules
    for s in (1, 2):
        melds = 0 if r.meld_needs_trick and res.tricks_won[s] == 0 else res.melds[s].total
        assert res.scores[s] == melds + bonus


@pytest.mark.parametrize("preset, bonus", [("standard", 30), ("turnier", 40), ("aks", 80)])
def test_played_abgehen(preset: str, bonus: int) -> None:
    state = run(strong(preset), "bid 160; pass; pass; abgehen S")
    res = state.result
    assert res is not None and res.contract == "abgehen"
    assert res.scores == (-160, res.melds[1].total + bonus, res.melds[2].total + bonus)
    assert res.melds[1].total > 0 and res.melds[2].total > 0


@pytest.mark.parametrize("preset, win, loss", [("standard", 1000, 2000),
                                               ("turnier", 1000, 1000)])
def test_played_durch(preset: str, win: int, loss: int) -> None:
    # Every card of seat 0 is an Eichel (the others hold none) or a Herz ace: all 12 tricks.
    state = run(strong(preset), "bid 150; pass; pass; discard H10 HU SU BU; durch")
    res = play(state)
    assert res.made is True and res.scores == (win, 0, 0) and len(state.tricks) == 12
    # Keeping the Dapp's low cards loses, and the deal stops at the first lost trick.
    lost = run(strong(preset), "bid 150; pass; pass; discard EA EA E10 E10; durch")
    res = play(lost, lambda s: s.legal_actions()[0] if s.to_move == 0
               else s.legal_actions()[-1])
    assert res.made is False and res.scores == (-loss, 0, 0)
    assert len(lost.tricks) < 12 and lost.tricks[-1].winner != 0
    assert all(t.winner == 0 for t in lost.tricks[:-1])


def test_played_untendurch_lost_at_the_first_trick_won() -> None:
    state = run(strong(), "bid 150; pass; pass; discard EA EA E10 E10; untendurch")
    state.apply("play EU")  # the others hold no Eichel: the declarer wins the trick
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    res = state.result
    assert state.is_over and res is not None
    assert res.made is False and res.scores == (-2000, 0, 0) and len(state.tricks) == 1
