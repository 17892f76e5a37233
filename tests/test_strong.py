"""The search bot: worlds sampled from a view are consistent with it; only legal actions."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from binokel.bots import make_bot
from binokel.core.cards import cards_of
from binokel.core.cards import size
from binokel.games.binokel.bots.strong import StrongBot
from binokel.games.binokel.bots.strong import sample_world
from binokel.games.binokel.deal import PLAY
from binokel.games.binokel.deal import full_deck
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


@pytest.mark.parametrize("seed", range(6))
def test_sampled_worlds_are_consistent_with_the_view(seed: int) -> None:
    s = midgame(seed, 5 + 3 * seed)
    if s.phase != PLAY:
        pytest.skip("the deal ended before the play")
    me = s.to_move
    view = s.view(me)
    rng = random.Random(seed)
    for _ in range(5):
        w = sample_world(view, rng)
        # the viewer's own cards and everything public are as in the real deal
        assert w.hands[me] == s.hands[me] and w.trick == s.trick and w.tricks == s.tricks
        assert [size(h) for h in w.hands] == [size(h) for h in s.hands]
        # every card is somewhere exactly once
        where: Counter[int] = Counter()
        for h in w.hands:
            where.update(cards_of(h))
        where.update(cards_of(w.discard))
        for t in w.tricks:
            where.update(t.cards)
        where.update(w.trick)
        assert where == Counter(full_deck(s.rules))
        # voids shown by play are respected
        for t in [*s.tricks]:
            for i, c in enumerate(t.cards[1:], 1):
                seat = (t.leader + i) % 3
                if c >> 3 != t.cards[0] >> 3 and seat != me:
                    assert not any(x >> 3 == t.cards[0] >> 3 for x in cards_of(w.hands[seat]))
        # the Dapp's unplayed cards lie with the declarer
        decl = s.declarer
        if decl is not None and decl != me and s.dapp_cards:
            every = [(t.leader, t.cards) for t in s.tricks]
            every.append((s.trick_leader, tuple(s.trick)))
            played_by_decl = Counter(c for leader, cards in every for i, c in enumerate(cards)
                                     if (leader + i) % 3 == decl)
            with_decl = Counter(cards_of(w.hands[decl])) + Counter(cards_of(w.discard))
            for c, k in (Counter(s.dapp_cards) - played_by_decl).items():
                assert with_decl[c] >= k
        # shown meld cards stay with their owner until played
        if s.melds is not None:
            for seat in range(3):
                if seat == me:
                    continue
                every_trick = [(t.leader, t.cards) for t in s.tricks]
                every_trick.append((s.trick_leader, tuple(s.trick)))
                for m in s.melds[seat].melds:
                    for c in set(m.cards):
                        played = sum(1 for leader, cards in every_trick
                                     for i, x in enumerate(cards)
                                     if x == c and (leader + i) % 3 == seat)
                        if played == 0:
                            assert c in cards_of(w.hands[seat])


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
    bot = StrongBot(seed=3, samples=6)
    choice = bot.choose(s.view(0))
    assert choice != "play HU" and choice in s.legal_actions()


def test_a_sure_durch_is_announced_and_a_hopeless_one_is_not() -> None:
    from helpers import deal
    from helpers import run
    solid = deal({0: "EA EA E10 E10 EK EK BA BA B10 B10 HA HA"}, dapp="SA SA S10 S10",
                 dealer=2)
    run(solid, "bid 150; pass; pass; discard SA SA S10 S10")
    assert StrongBot(seed=1, samples=6).choose(solid.view(0)) == "durch"
    weak = deal({0: "EU EU EO BU BO HU HO SU SO S10 BK HK"}, dapp="EA BA HA SA", dealer=2)
    run(weak, "bid 150; pass; pass; discard EU EU HU SU")
    assert StrongBot(seed=1, samples=6).choose(weak.view(0)) not in ("durch", "untendurch")


def test_the_trump_named_is_the_one_the_push_was_simulated_for() -> None:
    for seed in range(4):
        s = DealState.new(Rules(), 2, seed=seed)
        for a in ("bid 150", "pass", "pass"):
            s.apply(a)
        bot = StrongBot(seed=seed, samples=4)
        push = bot.choose(s.view(0))
        if not push.startswith("discard"):
            continue
        s.apply(push)
        planned = next(iter(bot._planned.values()))[0]
        choice = bot.choose(s.view(0))
        assert choice == f"trump {'EBHS'[planned]}" or choice.startswith(("durch", "abgehen",
                                                                          "untendurch"))


def test_the_frozen_strong_player_is_a_hidden_kind_for_the_arena() -> None:
    """``strong-2026-11`` (the strong player of November 2026, the yardstick of today's) is
    made by name for Binokel and Kreuzbinokel, is not offered in the lobby's lists and plays
    legal actions from views."""
    from binokel.bots import bot_names
    from binokel.games.binokel.bots import strong_2026_11
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
