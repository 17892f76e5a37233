"""Computer players: legal, deterministic, view-only, and whole rounds without errors."""

from __future__ import annotations

import random

import pytest

from binokel.bots import bot_names
from binokel.bots import make_bot
from binokel.core.cards import cardset
from binokel.core.cards import parse_cards
from binokel.games.binokel.bots.heuristic import HeuristicBot
from binokel.games.binokel.bots.heuristic import best_discard
from binokel.games.binokel.bots.heuristic import durch_safe
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.state import DealState
from binokel.registry import new_series


def play_deal(rules: Rules, seed: int, kinds: list[str]) -> DealState:
    bots = [make_bot(k, seed + i) for i, k in enumerate(kinds)]
    state = DealState.new(rules, seed % 3, seed=seed)
    while not state.is_over:
        view = state.view(state.to_move)
        action = bots[state.to_move].choose(view)
        assert action in view.legal_actions
        state.apply(action)
    return state


def test_bots_are_registered() -> None:
    assert {"random", "heuristic"} <= set(bot_names())
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")


@pytest.mark.parametrize("preset", ["standard", "turnier", "aks"])
def test_heuristic_plays_only_legal_actions(preset: str) -> None:
    rules = Rules.from_preset(preset)
    for seed in range(12):
        play_deal(rules, seed, ["heuristic", "random", "heuristic"])


def test_heuristic_handles_rufen_sevens_and_no_dapp() -> None:
    for opts in ({"rufen": True}, {"sevens": True, "dix": True},
                 {"sevens": True, "deal_48_3p": "16+0", "dapp": False},
                 {"durch_open": 1500, "vorhand_must_open": False}):
        rules = Rules.from_preset("standard", **opts)
        for seed in range(6):
            play_deal(rules, seed, ["heuristic"] * 3)


def test_deterministic_under_a_seed() -> None:
    a = play_deal(Rules(), 42, ["heuristic"] * 3)
    b = play_deal(Rules(), 42, ["heuristic"] * 3)
    assert a.history == b.history


def test_the_bot_is_given_only_a_view() -> None:
    state = DealState.new(Rules(), 0, seed=1)
    bot = HeuristicBot(seed=1)
    view = state.view(state.to_move)
    assert not hasattr(view, "hands") and not hasattr(view, "dapp_cards")
    assert bot.choose(view) in view.legal_actions
    with pytest.raises(ValueError, match="not to move"):
        bot.choose(state.view((state.to_move + 1) % 3))


def test_push_keeps_melds_and_trumps() -> None:
    hand = cardset(parse_cards("EA E10 EK EO EU HK HO H10 S10 SU BO B10 BU SK SO S7"
                               .replace(" S7", "")))
    push = best_discard(hand, 0, Rules(), 4)
    assert len(push) == 4
    assert not {c for c in push if c >> 3 == 0}, "no trump is pushed"


def test_durch_safe() -> None:
    assert durch_safe(cardset(parse_cards("EA EA E10 E10 EK EK BA BA B10 B10 BK BK")), Rules())
    assert not durch_safe(cardset(parse_cards("EA E10 E10 EK EK EO BA BA B10 B10 BK BK")),
                          Rules())


def test_declarer_usually_makes_the_bid_in_self_play() -> None:
    made = declared = 0
    for seed in range(30):
        res = play_deal(Rules(), 1000 + seed, ["heuristic"] * 3).result
        assert res is not None
        if res.contract == "normal":
            declared += 1
            made += bool(res.made)
    assert declared >= 20 and made / declared >= 0.7


def test_whole_rounds_bot_vs_bot() -> None:
    rng = random.Random(0)
    for seed in range(8):
        rnd = new_series("binokel", Rules(target=500), seed=seed)
        bots = [make_bot("heuristic", seed), make_bot("random", seed + 1),
                make_bot("heuristic", seed + 2)]
        deals = 0
        while not rnd.is_over:
            state = rnd.current
            while not state.is_over:
                rnd.apply(bots[state.to_move].choose(state.view(state.to_move)))
            deals += 1
            assert deals < 200
            if not rnd.is_over:
                rnd.next_deal()
        assert rnd.winner is not None
        assert rng is not None


LEVELS = ("strong-easy", "strong", "strong-hard")   # easy, medium, hard


def test_every_game_offers_three_levels_with_the_same_names_and_labels() -> None:
    """Every registered game offers the levels easy, medium and hard under the same kinds,
    the lobby (the game's meta, the bot words) and the terminal game (``--bots``) list them,
    and each has its own label in both languages; each level's bot calls itself so."""
    from binokel.present import level_name
    from binokel.registry import GAMES
    from binokel.web.meta_routes import BOT_WORDS
    from binokel.web.meta_routes import game_meta

    labels = {lang: [level_name(k, lang) for k in ("heuristic", *LEVELS)]
              for lang in ("de", "en")}
    for lang, words in labels.items():
        assert len(set(words)) == 4, lang
    assert all(level_name(k, "de") != k for k in LEVELS)   # worded, not the kind's name
    for spec in GAMES:
        assert set(LEVELS) <= set(bot_names(spec.name)), spec.name
        assert set(LEVELS) <= set(game_meta(spec)["bots"]), spec.name
        for level in LEVELS:
            assert BOT_WORDS["levels"][level] == {"de": level_name(level, "de"),
                                                  "en": level_name(level, "en")}
            impl = make_bot(level, seed=1, game=spec.name).implementation(spec.name)
            assert impl.name == level, (spec.name, level)
