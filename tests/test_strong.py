"""The strong player of Binokel: legal actions from views only, reproducible play, its
levels, its declarer's and bidder's choices by simulation (its worlds: test_strong_inference)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from binokel.bots import make_bot
from binokel.games.binokel.bots.strong import StrongBot
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState


def midgame(seed: int, steps: int) -> DealState:
    bots = [make_bot("heuristic", seed + i) for i in range(3)]
    s = DealState.new(Rules(), seed % 3, seed=seed)
    while not s.is_over and (s.phase != PLAY or steps > 0):
        if s.phase == PLAY:
            steps -= 1
        s.apply(bots[s.to_move].choose(s.view(s.to_move)))
    return s


def test_strong_bot_plays_legal_actions_from_views_only() -> None:
    for seed in range(3):
        bots = [StrongBot(seed, samples=3, budget=60_000), make_bot("heuristic", seed),
                make_bot("random", seed)]
        s = DealState.new(Rules(), seed % 3, seed=seed)
        while not s.is_over:
            v = s.view(s.to_move)
            assert not hasattr(v, "hands")
            a = bots[s.to_move].choose(v)
            assert a in v.legal_actions
            s.apply(a)


def _strong_deal(seed: int) -> list[str]:
    bots = [StrongBot(seed, samples=4, budget=80_000), make_bot("heuristic", seed),
            make_bot("heuristic", seed + 1)]
    s = DealState.new(Rules(), 2, seed=seed)
    actions = []
    while not s.is_over:
        a = bots[s.to_move].choose(s.view(s.to_move))
        s.apply(a)
        actions.append(a)
    return actions


def test_the_same_seed_plays_the_same_deal_however_slow_the_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is counted in work, not read off the clock: a clock that runs ten
    seconds per reading (a machine under heavy load) changes nothing."""
    first = _strong_deal(5)
    clock = iter(range(0, 10**9, 10))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(clock)))
    assert _strong_deal(5) == first


def test_levels_are_registered() -> None:
    for name in ("strong", "strong-easy", "strong-hard"):
        assert make_bot(name, 1).name == name


def test_durch_declarer_does_not_throw_the_durch_away() -> None:
    """Leading the Unter loses the Durch (the others must beat it); leading from the top
    makes it. Every sampled world says so."""
    from helpers import deal
    from helpers import run
    s = deal({0: "HA HA H10 H10 HK HU EA EA E10 E10 BA BA",
              1: "HK HO EU EU BU BU SK SK SO SO SU SU",
              2: "HO HU EK EK EO EO BK BK BO BO B10 B10"}, dapp="SA SA S10 S10", dealer=2)
    run(s, "bid 150; pass; pass; discard SA SA S10 S10; durch")
    run(s, "play EA; play EU; play EK; play EA; play EU; play EK")
    assert s.to_move == 0 and s.trick_points[0] > 1 and not s.is_over
    bot = StrongBot(seed=3, samples=6, plan_worlds=6)
    choice = bot.choose(s.view(0))
    assert choice != "play HU" and choice in s.legal_actions()


def test_a_sure_durch_is_announced_and_a_hopeless_one_is_not() -> None:
    from helpers import deal
    from helpers import run
    solid = deal({0: "EA EA E10 E10 EK EK BA BA B10 B10 HA HA"}, dapp="SA SA S10 S10",
                 dealer=2)
    run(solid, "bid 150; pass; pass; discard SA SA S10 S10")
    assert StrongBot(seed=1, samples=6, plan_worlds=6).choose(solid.view(0)) == "durch"
    weak = deal({0: "EU EU EO BU BO HU HO SU SO S10 BK HK"}, dapp="EA BA HA SA", dealer=2)
    run(weak, "bid 150; pass; pass; discard EU EU HU SU")
    choice = StrongBot(seed=1, samples=6, plan_worlds=6).choose(weak.view(0))
    assert choice not in ("durch", "untendurch")


def test_the_trump_named_is_the_one_the_push_was_simulated_for() -> None:
    for seed in range(4):
        s = DealState.new(Rules(), 2, seed=seed)
        for a in ("bid 150", "pass", "pass"):
            s.apply(a)
        bot = StrongBot(seed=seed, samples=4, plan_worlds=6)
        push = bot.choose(s.view(0))
        if not push.startswith("discard"):
            continue
        s.apply(push)
        planned = next(iter(bot._planned.values()))[0]
        choice = bot.choose(s.view(0))
        assert choice == f"trump {'EBHS'[planned]}" or choice.startswith(("durch", "abgehen",
                                                                          "untendurch"))


def test_the_frozen_strong_player_is_a_hidden_kind_for_the_arena(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``strong-2026-11`` (the strong player of November 2026, the yardstick of today's,
    kept in benchmarks/ and not in the package) is made by name for Binokel and Kreuzbinokel
    once its module is named in BINOKEL_BOT_MODULES, is not offered in the lobby's lists
    and plays legal actions from views."""
    from binokel.bots import bot_names
    with pytest.raises(ValueError, match="unknown bot 'strong-2026-11'"):
        make_bot("strong-2026-11", 1)
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    monkeypatch.setenv("BINOKEL_BOT_MODULES", "strong_2026_11")
    import strong_2026_11
    assert "strong-2026-11" not in bot_names() and "strong-2026-11" not in bot_names("binokel")
    with pytest.raises(ValueError, match="does not play doppelkopf"):
        make_bot("strong-2026-11", 1, game="doppelkopf")
    bot = make_bot("strong-2026-11", 4, game="kreuzbinokel")
    impl = bot.implementation("kreuzbinokel")
    assert isinstance(impl, strong_2026_11.StrongBot) and impl.name == "strong-2026-11"
    impl.samples, impl.budget = 3, 60_000   # a quick deal
    s = DealState.new(Rules(), 2, seed=9)
    others = [make_bot("heuristic", i) for i in range(3)]
    while not s.is_over:
        v = s.view(s.to_move)
        a = impl.choose(v) if s.to_move == 0 else others[s.to_move].choose(v)
        assert a in v.legal_actions
        s.apply(a)


def test_the_utility_has_the_cliff_at_the_bid() -> None:
    """One card point below the bid costs the lost game; above it every point counts, for
    the declarer's score and (at ``share``) against the others' mean."""
    from binokel.games.binokel.bots.strong import Stakes
    st = Stakes("normal", bid=250, base=200, lost=500, share=0.5, win=1000, loss=2000)
    assert st.utility(49) == -500 + 0.5 * 49
    assert st.utility(50) == 250 + 0.5 * 50
    assert st.utility(60) - st.utility(50) == 15
    durch = Stakes("durch", bid=250, base=0, lost=0, share=0.5, win=1000, loss=2000)
    assert (durch.utility(1), durch.utility(0)) == (1000, -2000)


def test_relative_scores_of_playing_and_going_out() -> None:
    from binokel.games.binokel.bots.strong import abgehen_relative
    from binokel.games.binokel.bots.strong import normal_relative
    s = DealState.new(Rules(), 2, seed=1)
    v = s.view(0)
    # made: his total, less half of what the two others write (melds 60, 250 - 170 points)
    assert normal_relative(v, 250, 100, 170, 60) == 270 - (60 + 80) / 2
    # lost: twice the bid
    assert normal_relative(v, 300, 100, 170, 60) == -600 - (60 + 80) / 2
    assert abgehen_relative(v, 300, 60) == -300 - (60 + 2 * 30) / 2


def test_the_bidder_simulates_a_strong_hand_up_and_a_weak_one_out() -> None:
    """Over a 150 opening a double family in Eichel is worth playing at 160 by simulation;
    a hand of blanks is not (and passes)."""
    from helpers import deal
    from helpers import run
    strong = deal({1: "EA EA E10 E10 EK EK EO EO EU EU BA HA"}, dealer=2)
    run(strong, "bid 150")
    bot = StrongBot(seed=2, bid_dapps=4, bid_hands=2)
    v = strong.view(1)
    assert bot.bid_value(v, 160) > bot.pass_value(v) + 100   # type: ignore[operator]
    assert bot.choose(v) == "bid 160"
    weak = deal({1: "EU EU BU B10 HU HO S10 SO SO E10 BK H10"}, dealer=2)
    run(weak, "bid 150")
    v = weak.view(1)
    bot = StrongBot(seed=2, bid_dapps=4, bid_hands=2)
    assert bot.bid_value(v, 160) < bot.pass_value(v)   # type: ignore[operator]
    assert bot.choose(v) == "pass"
