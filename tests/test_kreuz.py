"""Kreuzbinokel (four players, partners opposite) and Binokel for four with the dealer sitting
out (RULES §7): the deal, bidding with the partner carrying on, team play and team scoring,
the partner exemption, records, rounds, the solver and bots at these tables."""

from __future__ import annotations

import random

import pytest

from binokel.bots import make_bot
from binokel.core.errors import IllegalAction
from binokel.games.binokel.deal import DURCH
from binokel.games.binokel.deal import KREUZBINOKEL
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import UNTENDURCH
from binokel.games.binokel.deal import deal_packets
from binokel.games.binokel.deal import deal_plan
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.solver import solve
from binokel.games.binokel.state import DealState
from binokel.record import Record
from binokel.record import RecordError
from binokel.registry import find_game
from binokel.registry import new_series
from helpers import deal
from helpers import finished
from helpers import hand
from helpers import run
from helpers import toks

K = KREUZBINOKEL


def kdeal(hands: dict[int, str] | None = None, dapp: str = "", dealer: int = 3,
          **options: object) -> DealState:
    return deal(hands, dapp, dealer, players=4, game=K, **options)


# ------------------------------------------------------------------ the deal
def test_kreuzbinokel_deals_nine_each_and_four_to_the_dapp() -> None:
    assert deal_packets(Rules(), 4) == [("players", 3), ("dapp", 2), ("players", 3),
                                        ("dapp", 2), ("players", 3)]
    # offsets from Vorhand: 3 cards each, 2 to the Dapp (offset 4), ...
    assert deal_plan(Rules(), 4)[:14] == (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4)
    s = kdeal({0: "EA EA E10 E10 EK EK EO EO EU"}, dapp="SU SU BO BO", dealer=3)
    assert hand(s, 0) == "EA EA E10 E10 EK EK EO EO EU"
    assert toks(s.dapp_cards) == "BO BO SU SU"
    assert [len(s.view(p).hand) for p in range(4)] == [9, 9, 9, 9]
    assert s.order == (0, 1, 2, 3) and s.to_move == 0


def test_kreuzbinokel_with_sevens_deals_eleven_each() -> None:
    rules = Rules(sevens=True)
    assert deal_packets(rules, 4) == [("players", 4), ("dapp", 2), ("players", 4),
                                      ("dapp", 2), ("players", 3)]
    s = DealState.new(rules, 0, seed=3, players=4, game=K)
    assert [len(s.view(p).hand) for p in range(4)] == [11] * 4 and len(s.dapp_cards) == 4


def test_kreuzbinokel_is_for_four() -> None:
    with pytest.raises(IllegalAction, match="Kreuzbinokel is for 4 players"):
        DealState.new(Rules(), 0, seed=1, players=3, game=K)


def test_four_at_a_binokel_table_the_dealer_sits_out() -> None:
    s = deal({2: "EA EA", 3: "HA HA", 0: "SA SA"}, dealer=1, players=4)
    assert s.order == (2, 3, 0) and s.to_move == 2
    assert hand(s, 1) == ""                        # the dealer holds nothing
    assert [len(s.view(p).hand) for p in range(4)] == [12, 0, 12, 12]
    assert s.view(1).legal_actions == () and s.view(1).parties == ((0,), (2,), (3,))


# ------------------------------------------------------------------ bidding
def test_when_one_passes_his_partner_carries_on() -> None:
    s = DealState.new(Rules(), 3, seed=5, players=4, game=K)   # Vorhand 0, then 1, 2, 3
    s.apply("bid 150")               # 0 opens against 1
    s.apply("pass")                  # 1 is out: his partner 3 carries on, speaking first
    assert s.to_move == 3
    s.apply("bid 160")
    assert s.to_move == 0
    s.apply("pass")                  # 0 is out: his partner 2 carries on against 3
    assert s.to_move == 2
    s.apply("bid 170")
    s.apply("pass")                  # 3 passes: both of team 1+3 are out
    assert s.declarer == 2 and s.bid == 170 and s.phase == "declare"


def test_the_partner_of_the_survivor_need_not_speak() -> None:
    s = DealState.new(Rules(), 3, seed=5, players=4, game=K)
    run(s, "bid 150; pass; pass")    # 1 and then his partner 3 pass: 0 plays, 2 never spoke
    assert s.declarer == 0 and s.bid == 150


def test_all_pass_at_a_kreuzbinokel_table_is_thrown_in() -> None:
    s = DealState.new(Rules(vorhand_must_open=False), 3, seed=5, players=4, game=K)
    run(s, "pass; pass; pass")       # 0, his partner 2, then 1 alone: 3 gets a last chance
    assert s.to_move == 3 and s.phase == "bidding"
    s.apply("pass")
    assert s.is_over and s.result is not None and s.result.contract == "thrown_in"
    assert s.result.scores == (0, 0, 0, 0)


def test_dealer_sitting_out_never_bids() -> None:
    s = DealState.new(Rules(), 1, seed=5, players=4)   # order 2, 3, 0
    run(s, "bid 150; pass")
    assert s.to_move == 0            # the third seat in play speaks as the dealer would
    run(s, "bid 160; pass")
    assert s.declarer == 0


# ------------------------------------------------------------------ team scoring
# Seat 0 declares for team 0+2. Classic points: pushed EA E10 SK SU = 27; the tricks hold
# 80 + 60 + 40 + 43 = 223.
TEAM = {"melds": (100, 20, 40, 0), "points": (80, 60, 40, 43), "tricks": (3, 3, 2, 1),
        "discard": "EA E10 SK SU", "game": K, "dealer": 3}


def test_team_made_adds_both_partners() -> None:
    res = finished(Rules(), bid=250, **TEAM)
    # team 0+2: melds 140, tricks 80 + 27 + 40 = 147 -> 287; team 1+3: 20 + (103 -> 100)
    assert res.made is True and res.declarer_total == 287
    assert res.scores == (287, 120, 287, 120)
    assert res.parties == ((0, 2), (1, 3))


def test_team_lost_costs_the_team_the_bid_twice() -> None:
    res = finished(Rules(), bid=300, **TEAM)
    assert res.made is False and res.scores == (-600, 120, -600, 120)
    res = finished(Rules.from_preset("turnier"), bid=300, **TEAM)
    assert res.scores == (-300, 20 + 103, -300, 20 + 103)   # once, and no rounding


def test_meld_needs_a_trick_by_either_partner() -> None:
    rules = Rules.from_preset("turnier")
    kept = finished(rules, bid=150, **{**TEAM, "tricks": (4, 5, 0, 0)})
    assert kept.meld_points == (100, 20, 40, 0)         # 2 and 3 took none, their partners did
    lost = finished(rules, bid=150, **{**TEAM, "tricks": (9, 0, 0, 0),
                                       "points": (223, 0, 0, 0)})
    assert lost.meld_points == (100, 0, 40, 0)          # team 1+3 took no trick at all
    assert lost.scores[1] == lost.scores[3] == 0


def test_abgehen_in_kreuzbinokel() -> None:
    res = finished(Rules(), bid=200, contract="abgehen", **{**TEAM, "discard": ""})
    assert res.scores == (-200, 20 + 30, -200, 20 + 30)
    res = finished(Rules(abgehen_bonus="per_player"), bid=200, contract="abgehen",
                   **{**TEAM, "discard": ""})
    assert res.scores[1] == 20 + 40                      # 10 x the four players


@pytest.mark.parametrize("contract, tricks, made", [
    (DURCH, (5, 0, 4, 0), True),         # the partner's tricks count for the declarer
    (DURCH, (5, 1, 3, 0), False),
    (UNTENDURCH, (0, 5, 0, 4), True),
    (UNTENDURCH, (0, 5, 1, 3), False),   # the partner must not take a trick either
])
def test_durch_and_untendurch_are_team_contracts(contract: str, tricks: tuple[int, ...],
                                                 made: bool) -> None:
    res = finished(Rules(), bid=200, contract=contract, **{**TEAM, "tricks": tricks})
    value = 1000 if made else -2000
    assert res.made is made and res.scores == (value, 0, value, 0)


def test_four_players_dealer_out_scores_zero_and_rounds_like_three() -> None:
    res = finished(Rules(), bid=200, melds=(0, 120, 40, 0), points=(0, 100, 57, 66),
                   tricks=(0, 6, 3, 3), discard="EA E10 SK SU", declarer=1, dealer=0)
    assert res.scores == (0, 247, 100, 70) and res.parties == ((1,), (2,), (3,))


# ------------------------------------------------------------------ play
def _to_play(s: DealState, contract: str = "trump E") -> DealState:
    run(s, "bid 150; pass; pass")
    assert s.declarer is not None
    s.apply("discard " + " ".join(toks(s.dapp_cards).split()))
    s.apply(contract)
    assert s.phase == PLAY
    return s


# Seat 0 (Vorhand) declares for team 0+2 with trump E after pushing the Dapp back.
STICH = {0: "HK HK EA EA E10 BA BA SA SA",
         1: "HO HO EU EU EO BU BU SU SU",          # Herz: only obers, cannot beat the king
         2: "HA HU E10 EK EK BK BK SK SK",         # the partner: the ace or the unter
         3: "HA H10 H10 HU EO B10 B10 S10 S10"}
TRUMPF = {0: "HK HK EA EA E10 BA BA SA SA",
          1: "HA HO HO EU EU BU BU SU SU",          # must beat the king with the ace
          2: "HA H10 H10 HU HU E10 EK EK BK",
          3: "EO EO BK B10 B10 S10 S10 SK SK"}      # void in Herz, two trumps
DAPP = "BO BO SO SO"


@pytest.mark.parametrize("exempt, legal", [(False, ["play HA"]), (True, ["play HA", "play HU"])])
def test_partner_exemption_from_stichzwang(exempt: bool, legal: list[str]) -> None:
    s = _to_play(kdeal(STICH, DAPP, partner_exemption=exempt))
    run(s, "play HK; play HO")       # seat 0, the partner of seat 2, is winning
    assert sorted(s.legal_actions()) == sorted(legal)


@pytest.mark.parametrize("exempt", [False, True])
def test_partner_exemption_from_trumpfzwang(exempt: bool) -> None:
    s = _to_play(kdeal(TRUMPF, DAPP, partner_exemption=exempt))
    assert s.legal_actions() != ["play HA"] or True
    run(s, "play HK")
    assert s.legal_actions() == ["play HA"]         # Stichzwang for seat 1
    run(s, "play HA; play H10")      # seat 1, the partner of seat 3, is winning
    if exempt:
        assert sorted(s.legal_actions()) == sorted(
            f"play {c}" for c in ("EO", "BK", "B10", "S10", "SK"))
    else:
        assert s.legal_actions() == ["play EO"]     # void: must trump
    with pytest.raises(IllegalAction) if not exempt else _nothing():
        s.child("play SK")


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_durch_goes_on_after_the_partner_wins_a_trick() -> None:
    rules = Rules()
    rng = random.Random(3)
    seen_partner_trick = False
    for seed in range(60):
        s = DealState.new(rules, 3, seed=seed, players=4, game=K)
        run(s, "bid 150; pass; pass")
        s.apply("discard " + toks(s.dapp_cards))
        s.apply("durch")
        assert s.trick_leader == s.declarer == 0
        while not s.is_over:
            n_before = len(s.tricks)
            s.apply(s.random_action(rng))
            if len(s.tricks) > n_before:
                winner = s.tricks[-1].winner
                if winner == 2 and not s.is_over:
                    seen_partner_trick = True
                if winner in (1, 3):
                    assert s.is_over     # the other team took a trick: decided at once
        assert s.result is not None
        assert s.result.made == all(t.winner in (0, 2) for t in s.tricks)
    assert seen_partner_trick


def team_brute(s: DealState) -> int:
    """Minimax over every card: the declaring team's trick points from here on."""
    assert s.declarer is not None
    team = [p for p in range(4) if s.party[p] == s.party[s.declarer]]
    if s.is_over:
        return sum(s.trick_points[p] for p in team)
    vals = [team_brute(s.child(a)) for a in s.legal_actions()]
    return max(vals) if s.to_move in team else min(vals)


@pytest.mark.parametrize("seed", range(4))
def test_solver_plays_for_the_team(seed: int) -> None:
    """The solver's value of a Kreuzbinokel endgame equals brute force over every line."""
    s = DealState.new(Rules(partner_exemption=seed % 2 == 1), seed % 4, seed=seed, players=4,
                      game=K)
    run(s, "bid 150; pass; pass")
    s.apply("discard " + toks(s.dapp_cards))
    s.apply("trump H")
    rng = random.Random(seed)
    for _ in range(24 + seed % 3):   # six of nine tricks, and a part of the seventh
        s.apply(s.random_action(rng))
    assert s.declarer is not None
    base = sum(s.trick_points[p] for p in range(4) if s.party[p] == s.party[s.declarer])
    sol = solve(s)
    assert sol.value == team_brute(s) - base
    for action, v in sol.values.items():
        assert v == team_brute(s.child(action)) - base


# ------------------------------------------------------------------ records, rounds, bots
@pytest.mark.parametrize("game, players", [(K, 4), ("binokel", 4)])
def test_records_round_trip(game: str, players: int) -> None:
    rng = random.Random(2)
    s = find_game(game).new_deal(Rules(), 1, seed=9, players=players)
    while not s.is_over:
        s.apply(s.random_action(rng))
    rec = Record.loads(Record.from_state(s).dumps(indent=2))
    assert rec.game == game and rec.players == players
    again = rec.validate()
    assert again.history == s.history and again.result == s.result


def test_a_kreuzbinokel_record_for_three_is_rejected() -> None:
    s = DealState.new(Rules(), 1, seed=9, players=4, game=K)
    data = Record.from_state(s).to_json()
    data["players"] = 3
    with pytest.raises(RecordError, match="kreuzbinokel is for 4 players, not 3"):
        Record.from_json(data)


@pytest.mark.parametrize("game, players", [(K, 4), ("binokel", 4)])
def test_a_round_has_four_columns(game: str, players: int) -> None:
    rnd = new_series(game, Rules(target=500), players=players, seed=1)
    bots = [make_bot("heuristic", seed=i) for i in range(players)]
    while not rnd.is_over:
        state = rnd.current
        while not state.is_over:
            rnd.apply(bots[state.to_move].choose(state.view(state.to_move)))
        if not rnd.is_over:
            rnd.next_deal()
    assert all(len(line.scores) == 4 for line in rnd.sheet)
    assert rnd.winner is not None and rnd.totals[rnd.winner] >= 500
    if game == K:
        assert all(line.totals[0] == line.totals[2] and line.totals[1] == line.totals[3]
                   for line in rnd.sheet)
    else:
        assert all(line.scores[line.dealer] == 0 for line in rnd.sheet)
    assert [line.dealer for line in rnd.sheet[:5]] == [0, 1, 2, 3, 0][:len(rnd.sheet)]


@pytest.mark.parametrize("game, players", [(K, 4), ("binokel", 4)])
def test_many_bot_deals(game: str, players: int) -> None:
    """400 deals, heuristic and random bots mixed (the seats rotate), without an error.
    (1,000 took 45 s each on CI's machine; every game's random simulation and the golden
    corpus cover the rest.)"""
    spec = find_game(game)
    rng = random.Random(11)
    kinds = ["heuristic", "random", "random", "heuristic"]
    for d in range(400):
        bots = [make_bot(kinds[(d + i) % 4], seed=d * 4 + i) for i in range(players)]
        s = spec.new_deal(Rules(), d % players, seed=rng.getrandbits(32), players=players)
        while not s.is_over:
            a = bots[s.to_move].choose(s.view(s.to_move))
            assert a in s.legal_actions()
            s.apply(a)
        assert s.result is not None and len(s.result.scores) == players


def test_heuristic_team_makes_most_bids() -> None:
    made = played = 0
    rng = random.Random(4)
    for d in range(60):
        s = DealState.new(Rules(), d % 4, seed=rng.getrandbits(32), players=4, game=K)
        bots = [make_bot("heuristic", seed=d * 4 + i) for i in range(4)]
        while not s.is_over:
            s.apply(bots[s.to_move].choose(s.view(s.to_move)))
        if s.result is not None and s.result.contract == "normal":
            played += 1
            made += bool(s.result.made)
    assert played >= 30 and made / played >= 0.6
