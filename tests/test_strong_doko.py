"""The strong Doppelkopf player's decisions by simulation (games/doppelkopf/simulate.py and
strong.py): worlds consistent with the view (games/doppelkopf/worlds.py), the Vorbehalt,
announcements, the Hochzeit's first tricks, and legal decisions under every kind of
option."""

from __future__ import annotations

import itertools
import random
import statistics
from collections import Counter
from typing import Any

import pytest

from binokel.core.cards import cards_of
from binokel.core.cards import cardset
from binokel.core.cards import parse_cards
from binokel.core.cards import size
from binokel.core.worlds import NoWorldFound
from binokel.core.worlds import Sampling
from binokel.games.doppelkopf.bots import ANNOUNCE_AT
from binokel.games.doppelkopf.bots import CardsSeen
from binokel.games.doppelkopf.bots import DokoHeuristicBot
from binokel.games.doppelkopf.bots import announce_features
from binokel.games.doppelkopf.bots import solo_strength
from binokel.games.doppelkopf.bots import state_features
from binokel.games.doppelkopf.bots import win_chance
from binokel.games.doppelkopf.deal import full_deck
from binokel.games.doppelkopf.order import normal_trumps
from binokel.games.doppelkopf.rules import DokoRules
from binokel.games.doppelkopf.search import position
from binokel.games.doppelkopf.simulate import Rollout
from binokel.games.doppelkopf.simulate import Settings
from binokel.games.doppelkopf.simulate import fast_enough
from binokel.games.doppelkopf.simulate import quiet
from binokel.games.doppelkopf.state import DokoState
from binokel.games.doppelkopf.strong import ABSAGE_MARGIN
from binokel.games.doppelkopf.strong import DOKO_LEVELS
from binokel.games.doppelkopf.strong import EARLY
from binokel.games.doppelkopf.strong import EARLY_HARD
from binokel.games.doppelkopf.strong import EARLY_Z
from binokel.games.doppelkopf.strong import WAIT_MARGIN
from binokel.games.doppelkopf.strong import DokoStrongBot
from binokel.games.doppelkopf.strong import distinct_cards
from binokel.games.doppelkopf.strong import kinds
from binokel.games.doppelkopf.strong import re_value
from binokel.games.doppelkopf.strong import solo_candidates
from binokel.games.doppelkopf.worlds import DokoWorlds
from binokel.games.doppelkopf.worlds import deal_uniform
from binokel.search import Session

HEURISTIC = DokoHeuristicBot()
WORLDS = DokoWorlds(HEURISTIC)


def sample_world(view: Any, rng: random.Random,
                 sampling: Sampling = Sampling.READ) -> DokoState | None:
    """One world of the game's sampler (None if it found none)."""
    try:
        return WORLDS.sample(view, rng, 1, sampling)[0].state
    except NoWorldFound:
        return None
FAST = Settings(worlds=12, budget=2_000_000)

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"armut": True, "schweinchen": True, "superschweine": True, "genscher": "first"},
    {"armut": True, "armut_over_hochzeit": True, "genscher": "second", "pflichtsolo": True,
     "hochzeit_klaerung": "trumpf", "ansage_played": 4, "absage_step": 0},
    {"nines": False, "koenigssolo": True, "damen_buben_solo": True, "throw_kings": 5,
     "throw_nines_kings": 7, "hochzeit_klaerung": "fehl", "reach_absage_wins": True},
    {"dulle_second_wins": True, "karlchen": "kreuz", "karlchen_gefangen": True,
     "fuchs_last_trick": True, "hochzeit_klaerung": "erster", "schweinchen": True,
     "schweinchen_in_solos": True},
]


def deal_with(hand: str, seed: int, rules: DokoRules | None = None) -> DokoState:
    """A deal (dealer 3) in which seat 0, Vorhand, holds ``hand``; the rest at random."""
    rules = rules or DokoRules()
    mine = parse_cards(hand)
    rest = Counter(full_deck(rules))
    rest.subtract(mine)
    others = list(rest.elements())
    random.Random(seed).shuffle(others)
    n = rules.hand_size
    hands = {0: mine, 1: others[:n], 2: others[n:2 * n], 3: others[2 * n:]}
    deck = []
    start = 0
    for k in (3, 3, 3, 3) if rules.nines else (3, 4, 3):
        for s in (0, 1, 2, 3):
            deck += hands[s][start:start + k]
        start += k
    return DokoState.new(rules, 3, deck_order=deck)


def heuristic_until(state: DokoState, seat: int) -> None:
    """Let the heuristic play the other seats until ``seat`` is to move."""
    while state.to_move != seat and not state.is_over:
        state.apply(HEURISTIC.choose(state.view(state.to_move)))


# ------------------------------------------------------------------ worlds
@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_world_shows_the_player_exactly_his_view(options: dict[str, Any]) -> None:
    rules = DokoRules(**options)
    rng = random.Random(7)
    checked: Counter[str] = Counter()
    for seed in range(14):
        s = DokoState.new(rules, dealer=seed % 4, seed=seed)
        while not s.is_over:
            v = s.view(s.to_move)
            if len(v.legal_actions) > 1 and rng.random() < 0.3:
                w = sample_world(v, rng, rng.choice(list(Sampling)))
                if v.phase in ("vorbehalt", "declare", "armut_offer", "play"):
                    assert w is not None, (v.phase, v.contract)
                if w is not None:
                    assert w.view(v.player) == v   # hand, history, parties, legal actions
                    assert sorted(full_deck(rules)) == sorted(w.deck)
                    out = [c for h in w.hands for c in cards_of(h)]
                    gone = [c for t in w.tricks for c in t.cards] + w.trick
                    if w.armut_cards == 0 or w.phase == "play":
                        assert Counter(out + gone) == Counter(full_deck(rules))
                    checked[v.phase] += 1
            s.apply(HEURISTIC.choose(v))
    assert checked["play"] and checked["vorbehalt"]


def test_outsiders_worlds_of_an_armut_keep_the_trumps_given_back() -> None:
    rules = DokoRules(armut=True)
    found = 0
    rng = random.Random(3)
    for seed in range(400):
        s = DokoState.new(rules, dealer=seed % 4, seed=seed)
        while not s.is_over and not (s.phase == "play" and s.contract == "armut"):
            s.apply(HEURISTIC.choose(s.view(s.to_move)))
        if s.is_over:
            continue
        poor, partner = s.armut_offer[0], s.partner
        outsider = next(x for x in s.active if x not in (poor, partner))
        heuristic_until(s, outsider)
        if s.is_over:
            continue
        v = s.view(outsider)
        back = int(next(a for _, a in v.history if a.startswith("return")).split("(")[1][0])
        for _ in range(5):
            w = sample_world(v, rng)
            assert w is not None and w.view(outsider) == v
            assert w.partner == partner and w.armut_offer[0] == poor
            # the poor player holds exactly the trumps given back (of those not yet played)
            played = sum(1 for t in w.tricks for i, c in enumerate(t.cards)
                         if normal_trumps(cardset([c])) and _seat_of(w, t, i) == poor)
            assert size(normal_trumps(w.hands[poor])) + played == back
        found += 1
        if found == 3:
            break
    assert found == 3


def _seat_of(state: DokoState, trick: Any, i: int) -> int:
    k = state.active.index(trick.leader)
    return state.active[(k + i) % 4]


def test_a_soloists_worlds_hold_a_solo_hand() -> None:
    # The heuristic declares only strong solos: a defender's worlds hold such hands for the
    # soloist (what the heuristic needs for it, or a little less: the card reading's model
    # declares on a logistic curve around the heuristic's need), far stronger than a random
    # hand.
    rng = random.Random(5)
    tried = 0
    for seed in range(3000):
        s = DokoState.new(dealer=seed % 4, seed=seed)
        while s.phase in ("vorbehalt", "declare"):
            s.apply(HEURISTIC.choose(s.view(s.to_move)))
        if not (s.contract or "").startswith("solo") or s.soloist is None:
            continue
        kind = s.contract[5:]
        need = 8.5 if kind in ("damen", "buben", "fleischlos") else 10.5
        defender = next(x for x in s.active if x != s.soloist)
        v = s.view(defender)
        worlds = [sample_world(v, rng) for _ in range(20)]
        strengths = [solo_strength(w.initial_hands[s.soloist], kind)
                     for w in worlds if w is not None]
        assert len(strengths) == 20 and sum(x >= need - 1.5 for x in strengths) >= 16
        pool = list((Counter(full_deck(DokoRules())) - Counter(v.hand)).elements())
        at_random = [solo_strength(cardset(rng.sample(pool, 12)), kind) for _ in range(200)]
        assert statistics.fmean(strengths) > statistics.fmean(at_random) + 1.2
        tried += 1
        if tried == 2:
            break
    assert tried == 2


# ------------------------------------------------------------------ the Vorbehalt
@pytest.mark.parametrize("seed", [1, 2])
def test_a_sure_damensolo_is_declared(seed: int) -> None:
    hand = "EO EO BO BO HO HO SO SO EA EA BA BA"   # every trick: schwarz
    s = deal_with(hand, seed)
    bot = DokoStrongBot(seed=seed, sim=FAST)
    assert bot.choose(s.view(0)) == "vorbehalt"
    est = bot.last_estimate
    assert est is not None and est.means["solo damen"] > est.means["gesund"] + 5
    s.apply("vorbehalt")
    heuristic_until(s, 0)
    assert s.phase == "declare" and bot.choose(s.view(0)) == "solo damen"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_hopeless_solo_is_simulated_and_refused(seed: int) -> None:
    hand = "EO BO BO HO SO EA BA E9 B9 H9 S9 SK"  # five Damen, two aces, nothing else
    assert "solo damen" in solo_candidates(cardset(parse_cards(hand)), DokoRules())
    s = deal_with(hand, seed)
    bot = DokoStrongBot(seed=seed, sim=FAST)
    assert bot.choose(s.view(0)) == "gesund"
    est = bot.last_estimate
    assert est is not None and est.worlds >= 8
    assert est.means["solo damen"] < est.means["gesund"] - 1


def test_a_plain_hand_says_gesund_without_simulating() -> None:
    s = deal_with("EO BO H9 S9 SK EA BA E9 B9 H9 HK BK", 1)
    bot = DokoStrongBot(seed=1, sim=FAST)
    assert bot.choose(s.view(0)) == "gesund" and bot.last_estimate is None


# ------------------------------------------------------------------ announcements
def _at_first_card(hand: str, seed: int) -> DokoState:
    """A normal game (no stille Hochzeit) in which seat 0 holds ``hand`` and leads."""
    while True:
        s = deal_with(hand, seed)
        for _ in range(4):
            s.apply("gesund")
        if s.contract == "normal":
            assert s.phase == "play" and s.to_move == 0
            return s
        seed += 100


@pytest.mark.parametrize("seed", [3, 4])
def test_re_is_announced_with_a_strong_hand(seed: int) -> None:
    s = _at_first_card("EO H10 H10 BO BO HO HO EA EA BA BA HA", seed)
    assert "re" in s.legal_actions()
    bot = DokoStrongBot(seed=seed, sim=FAST)
    assert bot.choose(s.view(0)) == "re"
    # The model's chance shows as the Ansage's gain over playing on (2 points either way).
    assert bot.last_values["re"] > 0


@pytest.mark.parametrize("seed", [3, 4])
def test_no_re_with_a_weak_hand(seed: int) -> None:
    s = _at_first_card("EO E9 E9 B9 B9 H9 H9 EK EK BK BK HK", seed)
    bot = DokoStrongBot(seed=seed, sim=FAST)
    a = bot.choose(s.view(0))
    assert a.startswith("play ")


@pytest.mark.parametrize("seed", [5, 6])
def test_no_kontra_with_a_weak_hand(seed: int) -> None:
    s = _at_first_card("S9 E9 E9 B9 B9 H9 H9 EK EK BK BK HK", seed)
    bot = DokoStrongBot(seed=seed, sim=FAST)
    assert bot.choose(s.view(0)).startswith("play ")


def test_re_and_kontra_follow_the_model_fitted_against_outcomes() -> None:
    # In a game of two parties Re and Kontra are said when the announcement model gives
    # the party at least ANNOUNCE_AT, never otherwise, whatever a simulation would say.
    rng = random.Random(2)
    said = silent = 0
    for seed in range(40):
        s = DokoState.new(dealer=seed % 4, seed=seed)
        while not s.is_over:
            v = s.view(s.to_move)
            options = [a for a in v.legal_actions if a in ("re", "kontra")]
            features = announce_features(v) if options else None
            if features is not None and s.phase == "play":
                a = DokoStrongBot(seed=seed, sim=FAST).choose(v)
                want = win_chance(features) >= ANNOUNCE_AT
                assert (a == options[0]) == want, (seed, v.history)
                said += want
                silent += not want
            s.apply(HEURISTIC.choose(v) if rng.random() < 0.9 else s.random_action(rng))
    assert said and silent


@pytest.mark.parametrize("margin", [0.0, ABSAGE_MARGIN, 2.5])
def test_an_absage_needs_its_margin_over_playing_on(margin: float) -> None:
    # Re with a hand that wins every sampled world: keine 60 gains 2 points a deal over
    # playing on (keine 90 one). Each Absage must beat playing on by the margin, so at 2.5
    # the player plays on.
    s = _at_first_card("EO H10 H10 BO BO HO HO SO EU BU EA EA", 3)
    s.apply("re")
    assert "keine 90" in s.legal_actions()
    bot = DokoStrongBot(seed=3, sim=FAST, absage_margin=margin)
    a = bot.choose(s.view(0))
    if margin < 2.0:
        assert a == "keine 60"
        gain = bot.last_values["keine 60"] - bot.last_values["play EA"]
        assert gain >= margin + WAIT_MARGIN and gain == pytest.approx(2.0)
    else:
        assert a.startswith("play ")


def test_the_same_view_decides_the_same_way_whatever_came_before() -> None:
    # The decisions that draw worlds (a simulated early card, the last tricks' PIMC) of a
    # heuristic deal, asked in order of one bot and in reverse of another with another
    # seed: the same view gets the same choice and the same values.
    s = DokoState.new(dealer=2, seed=31)
    views = []
    while not s.is_over:
        v = s.view(s.to_move)
        if len(v.legal_actions) > 1 and v.phase == "play":
            views.append(v)
        s.apply(HEURISTIC.choose(v))
    views = views[::3]
    few = Settings(worlds=4, budget=400_000)
    a = DokoStrongBot(seed=4, samples=4, sim=few, early=few)
    b = DokoStrongBot(seed=99, samples=4, sim=few, early=few)
    first = [(a.choose(v), a.last_values) for v in views]
    again = [(b.choose(v), b.last_values) for v in reversed(views)]
    assert first == again[::-1]
    assert sum(1 for _, values in first if values) >= 8   # most of them drew worlds


# ------------------------------------------------------------------ the Hochzeit
def test_the_hochzeits_first_tricks_are_decided_by_simulation() -> None:
    s = deal_with("EO EO H10 BO HO SU SA EA BA B10 HA H9", 2)
    s.apply("vorbehalt")
    heuristic_until(s, 0)
    while s.phase == "declare":
        s.apply("hochzeit" if "hochzeit" in s.legal_actions() else "pass")
    assert s.phase == "play" and s.contract == "hochzeit" and s.clarified_in == 0
    seen = 0
    bots = {seat: DokoStrongBot(seed=seat, sim=FAST) for seat in s.active}
    while s.clarified_in == 0 and not s.is_over:
        seat = s.to_move
        v = s.view(seat)
        a = bots[seat].choose(v)
        assert a in v.legal_actions
        if len(v.legal_actions) > 1:
            values = bots[seat].last_values
            assert set(values) == set(v.legal_actions)
            assert values[a] == max(values.values())
            seen += 1
        s.apply(a)
    assert seen


# ------------------------------------------------------------------ cards before the endgame
def test_the_levels_simulate_the_cards_before_the_last_tricks() -> None:
    made = kinds()
    assert made["strong-easy"](1).early is None
    assert made["strong"](1).early == EARLY == DOKO_LEVELS["strong"]["early"]
    assert made["strong-hard"](1).early == EARLY_HARD
    assert made["strong"](1).early_z == made["strong-hard"](1).early_z == EARLY_Z > 0
    assert EARLY_HARD.worlds > EARLY.worlds


def test_a_card_before_the_last_tricks_is_the_best_simulated_one() -> None:
    # Every early card with a choice is simulated on common worlds: the card played is the
    # best of those played on every world (or the heuristic's), and it is the heuristic's
    # card unless another gained clearly there (EARLY_Z standard errors of the paired
    # gain); in the last tricks PIMC decides (no simulation).
    simulated = endgame = changed = 0
    for seed in range(4):
        s = DokoState.new(dealer=seed % 4, seed=seed)
        bot = DokoStrongBot(seed=seed, early=EARLY, early_z=EARLY_Z)
        seat = (seed + 1) % 4
        while not s.is_over and simulated < 8:
            v = s.view(s.to_move)
            if s.to_move != seat or s.phase != "play" or s.contract == "hochzeit":
                s.apply(HEURISTIC.choose(v))
                continue
            a = bot.choose(v)
            assert a in v.legal_actions
            est = bot.last_estimate
            if a.startswith("play ") and sum(x.startswith("play ") for x in v.legal_actions) > 1:
                if len(v.hand) <= bot.solve_tricks:
                    assert est is None
                    endgame += 1
                elif est is not None:
                    base = HEURISTIC.choose(quiet(v))
                    top = max(est.finalists(), key=lambda n: (est.means[n], n == base))
                    gain, se = est.gain(top)
                    assert base in est.means
                    if a != base:
                        assert a == top and gain > 0 and gain >= EARLY_Z * se
                    else:
                        assert top == base or gain < EARLY_Z * se
                    simulated += 1
                    changed += a != base
            s.apply(a)
    assert simulated >= 6 and endgame >= 1 and changed < simulated


# ------------------------------------------------------------------ every rule set
@pytest.mark.parametrize("options", OPTION_SETS)
def test_strong_decisions_are_legal_under_every_option(options: dict[str, Any]) -> None:
    rules = DokoRules(**options)
    small = Settings(worlds=2, budget=200_000, min_worlds=2, solve_from=4)
    simulated: Counter[str] = Counter()
    for seed in range(2):
        s = DokoState.new(rules, dealer=seed % 4, seed=40 + seed)
        bots = [DokoStrongBot(seed=seat, samples=4, budget=60_000, sim=small)
                for seat in range(4)]
        while not s.is_over:
            seat = s.to_move
            v = s.view(seat)
            a = bots[seat].choose(v)
            assert a in v.legal_actions, (a, v.phase)
            if bots[seat].last_estimate is not None:
                simulated[v.phase] += 1
            s.apply(a)
        assert sum(s.result.scores) == 0
    assert simulated["play"]


# ------------------------------------------------------------------ the endgame's utility
@pytest.mark.parametrize("options", [{}, {"reach_absage_wins": True}])
def test_re_value_counts_as_the_scoring_does(options: dict[str, Any]) -> None:
    # Random deals with random announcements: the value from Re's Augen alone is the
    # result's value without the special points that need the tricks.
    rules = DokoRules(**options)
    rng = random.Random(11)
    compared = 0
    for seed in range(300):
        s = DokoState.new(rules, dealer=seed % 4, seed=seed)
        while not s.is_over:
            acts = s.legal_actions()
            said = [a for a in acts if not a.startswith("play ")]
            if said and rng.random() < 0.4:
                s.apply(rng.choice(said))
            elif s.phase == "play":
                s.apply(rng.choice([a for a in acts if a.startswith("play ")]))
            else:
                s.apply(HEURISTIC.choose(s.view(s.to_move)))
        r = s.result
        if r is None or not r.re_seats or r.kontra_points == 0 or r.re_points == 0:
            continue   # thrown in, or schwarz by Augen but maybe not by tricks
        specials = sum((1 if p == "re" else -1) * n for what, p, n in r.lines
                       if what in ("Doppelkopf", "Fuchs gefangen", "Karlchen"))
        assert re_value(r.re_points, r.announced, rules, r.solo) == r.value - specials
        compared += 1
    assert compared > 200


# ------------------------------------------------------------------ fast rollouts
@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_rollout_plays_exactly_as_the_heuristic(options: dict[str, Any]) -> None:
    # The rollout asks the heuristic's rules without views and keeps the cards seen card by
    # card: the same deal played on both ways gives the same actions, and the cards seen
    # kept card by card are those a view shows.
    rules = DokoRules(**options)
    compared = 0
    for seed in range(12):
        s = DokoState.new(rules, dealer=seed % 4, seed=seed)
        while not s.is_over and not (s.phase == "play" and fast_enough(s)):
            s.apply(HEURISTIC.choose(s.view(s.to_move)))
        if s.is_over:
            continue
        slow, fast = s.clone(), s.clone()
        rollout = Rollout(fast)
        while not slow.is_over and fast_enough(slow):
            slow.apply(HEURISTIC.choose(slow.view(slow.to_move)))
            rollout.step()
            assert fast.history == slow.history
            if rollout.seen is not None and fast.phase == "play":
                want = CardsSeen.of(fast.view(fast.to_move))
                assert (rollout.seen.played, rollout.seen.voids, rollout.seen.rounds) == \
                    (want.played, want.voids, want.rounds)
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_announcement_features_of_a_state_are_those_of_the_view(
        options: dict[str, Any]) -> None:
    # The card reading and the rollouts read the features straight off a world's state;
    # the player reads them off his view: both must see the same.
    rules = DokoRules(**options)
    rng = random.Random(4)
    compared = 0
    for seed in range(20):
        s = DokoState.new(rules, dealer=seed % 4, seed=seed)
        while not s.is_over:
            if s.phase == "play":
                for seat in s.active:
                    assert state_features(s, seat) == announce_features(s.view(seat))
                    compared += 1
            s.apply(s.random_action(rng) if rng.random() < 0.2
                    else HEURISTIC.choose(s.view(s.to_move)))
    assert compared > 500


def test_cards_left_out_as_alike_are_worth_the_same_in_every_world() -> None:
    # distinct_cards drops a card only where another of the same group and value, with no
    # card still out between them, stays: in every world the solver values both alike.
    rng = random.Random(9)
    dropped = 0
    for seed in range(60):
        s = DokoState.new(dealer=seed % 4, seed=seed)
        while not s.is_over and not (s.phase == "play" and size(s.hands[s.to_move]) <= 5
                                     and s.contract == "normal"):
            s.apply(HEURISTIC.choose(s.view(s.to_move)))
        if s.is_over:
            continue
        v = s.view(s.to_move)
        cards = sorted({c for c in cards_of(s.legal_cards())})
        kept = distinct_cards(v, cards, cards[0])
        gone = [c for c in cards if c not in kept]
        if not gone:
            continue
        for w in WORLDS.sample(v, rng, 3, Sampling.UNIFORM):
            sol = Session(position(w.state)).solve(values=True)
            assert sol.values is not None
            for c in gone:
                assert any(sol.values[c] == sol.values[k] for k in kept
                           if v.order.group[k] == v.order.group[c]), (seed, c)
        dropped += len(gone)
    assert dropped >= 5


def test_the_uniform_deal_gives_every_allowed_deal_the_same_chance() -> None:
    # Six cards (two pairs of copies) to three seats, seat 1 void in Kreuz and seat 3
    # holding a given card: every way to deal the physical cards that the constraints
    # allow is equally likely, so each deal of hands comes up in proportion to the number
    # of such ways (counted here by brute force).
    pool = parse_cards("EA EA EK BK BK H9")
    sizes = {1: 2, 2: 2, 3: 2}
    fixed = {3: parse_cards("H9")}

    def allowed(seat: int, c: int) -> bool:
        return not (seat == 1 and c >> 3 == 0)

    ways: Counter[tuple[tuple[int, ...], ...]] = Counter()
    free = pool[:5]
    for perm in itertools.permutations(range(5)):
        cards = [free[i] for i in perm]
        hands = {1: cards[:2], 2: cards[2:4], 3: cards[4:] + fixed[3]}
        if all(allowed(s, c) for s, cs in hands.items() for c in cs):
            ways[tuple(tuple(sorted(hands[s])) for s in (1, 2, 3))] += 1
    rng = random.Random(5)
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    n = 6000
    for _ in range(n):
        h = deal_uniform(pool, sizes, allowed, rng, fixed)
        assert h is not None
        seen[tuple(tuple(sorted(h[s])) for s in (1, 2, 3))] += 1
    assert set(seen) == set(ways)
    total_ways = sum(ways.values())
    for deal, w in ways.items():
        p = w / total_ways
        assert abs(seen[deal] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9, deal
